"""The graders of the graded assignments stay with the teacher.

Students install ``lightsout_edu``; the ``verify_*`` graders, their hidden cases and the
truths they compare with live in ``grading/graders``, which is never handed out.  These
tests fail if a grader (or a hidden case) creeps back into the package, if the package
imports the teacher's code, or if setuptools would ship ``grading``.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from setuptools import find_namespace_packages

import lightsout_edu

PACKAGE = Path(lightsout_edu.__file__).resolve().parent
ROOT = PACKAGE.parent


def shipped_files() -> list[Path]:
    """Every file under lightsout_edu/, but Python's and numba's caches."""
    return [
        path
        for path in sorted(PACKAGE.rglob("*"))
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.suffix not in (".pyc", ".nbi", ".nbc")
    ]


def test_no_grader_or_hidden_case_is_in_the_package():
    files = shipped_files()
    assert any(path.name == "assignment_common.py" for path in files)
    offending = [
        str(path.relative_to(ROOT))
        for path in files
        if b"def verify_" in (data := path.read_bytes()) or b"HIDDEN_SIZES" in data
    ]
    assert offending == []


def test_the_package_does_not_import_the_teacher_s_code():
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            assert not any(n.split(".")[0] == "grading" for n in names), path


def test_setuptools_ships_lightsout_edu_only():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    include = config["tool"]["setuptools"]["packages"]["find"]["include"]
    assert include == ["lightsout_edu*"]
    everything = find_namespace_packages(where=str(ROOT))
    assert "grading.graders" in everything  # without the include it would ship
    shipped = find_namespace_packages(where=str(ROOT), include=include)
    assert "lightsout_edu.exercises" in shipped
    assert not [name for name in shipped if not name.startswith("lightsout_edu")]
    assert (ROOT / "grading" / "__init__.py").exists()
    assert (ROOT / "grading" / "graders" / "__init__.py").exists()


def test_the_graders_are_teacher_side_and_list_their_questions():
    from grading.graders import (
        game_and_gf2,
        kernel_and_solvability,
        solutions_and_chasing,
        variants_and_worst_case,
    )

    for module in (game_and_gf2, kernel_and_solvability, solutions_and_chasing):
        assert module.QUESTIONS
    assert len(variants_and_worst_case.QUESTIONS) == 6
    assert hasattr(game_and_gf2, "HIDDEN_SIZES")
