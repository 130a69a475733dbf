"""Public names are listed once: ``__all__`` comes from ``_EXPORTS``, and the imports for type
checkers at the end of ``lightsout_edu/__init__.py`` name exactly the same names, each from the
module ``_EXPORTS`` gives."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import lightsout_edu

INIT = Path(lightsout_edu.__file__)


def type_checking_imports() -> list[tuple[str, str]]:
    """(name, module) of every import inside ``if TYPE_CHECKING:`` in the package's __init__."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    blocks = [
        node
        for node in tree.body
        if isinstance(node, ast.If)
        and isinstance(node.test, ast.Name)
        and node.test.id == "TYPE_CHECKING"
    ]
    assert len(blocks) == 1, "expected one `if TYPE_CHECKING:` block in lightsout_edu/__init__.py"
    found = []
    for statement in blocks[0].body:
        assert isinstance(statement, ast.ImportFrom) and statement.level == 1, ast.dump(statement)
        for alias in statement.names:
            assert alias.asname in (None, alias.name), f"{alias.name} imported as {alias.asname}"
            found.append((alias.name, str(statement.module)))
    return found


def test_the_imports_for_type_checkers_are_the_table_exactly():
    imports = type_checking_imports()
    names = [name for name, _ in imports]
    assert len(names) == len(set(names)), "a name is imported twice for the type checkers"
    assert dict(imports) == lightsout_edu._EXPORTS


def test_all_is_derived_from_the_table():
    assert lightsout_edu.__all__ == sorted(lightsout_edu._EXPORTS)
    assert "Puzzle" in lightsout_edu.__all__


def test_every_name_comes_from_the_module_the_table_gives():
    for name, module in lightsout_edu._EXPORTS.items():
        value = getattr(importlib.import_module(f"lightsout_edu.{module}"), name)
        assert getattr(lightsout_edu, name) is value, name
