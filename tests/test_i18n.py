"""The package speaks English or Chinese: one setting chooses, every string has both.

Every sentence a student reads goes through ``lightsout_edu._i18n.t``: these tests find each
key the code uses (``t("...")`` with a literal) and check that every language's tables say
it, with the same ``{values}``, and that no table keeps a key nothing uses.
"""

from __future__ import annotations

import ast
import functools
import json
import re
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

import pytest

import lightsout_edu as lo
from lightsout_edu import _i18n
from lightsout_edu._palette import LIGHT_NAMES

PACKAGE = Path(lo.__file__).parent
STRINGS = PACKAGE / "strings"
FRONTEND = PACKAGE.parent / "frontend" / "src"
FIELD = re.compile(r"\{(\w+)\}")
CJK = re.compile(r"[\u4e00-\u9fff]")


TOOLS = PACKAGE.parent / "tools"
#: the graders of the assignments (teacher-only, outside the package), which speak via t()
GRADERS = PACKAGE.parent / "grading"


#: the translating functions, and which of their arguments is the key (plotting's _say is t
#: for the words drawn in a picture)
KEY_ARGUMENT = {"t": 0, "_say": 0, "t_in": 1}


@functools.cache  # two tests read it: one walk of every file's syntax tree (a second)
def keys_used_in_python() -> Mapping[str, str]:
    """Every literal key given to t() (the package, the site's tools, the graders), and where."""
    found = {}
    for path in [*PACKAGE.rglob("*.py"), *TOOLS.glob("*.py"), *GRADERS.rglob("*.py")]:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in KEY_ARGUMENT
                and len(node.args) > KEY_ARGUMENT[node.func.id]
            ):
                for arg in ast.walk(node.args[KEY_ARGUMENT[node.func.id]]):
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        found[arg.value] = f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
    return MappingProxyType(found)


def argparse_messages() -> set[str]:
    """Every literal message the running Python's argparse gives gettext (``_``, ``ngettext``).

    The ``lightsout`` command has argparse say them in the language in use
    (``cli.argparse_in_language``); ``strings/zh/argparse.json`` holds their Chinese.
    """
    import argparse

    found = set()
    for node in ast.walk(ast.parse(Path(argparse.__file__).read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("_", "ngettext")
        ):
            for arg in node.args:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.add(arg.value)
    return found


def test_the_code_uses_keys_and_says_them_all_in_chinese():
    used = keys_used_in_python()
    assert len(used) >= 4
    english, chinese = _i18n.table("en"), _i18n.table("zh")
    missing = {key: where for key, where in used.items() if key not in chinese}
    assert not missing, f"add these to lightsout_edu/strings/zh/: {missing}"
    dotted = {key for key in used if re.fullmatch(r"[a-z]+(\.[\w]+)+", key)}
    assert dotted <= set(english), dotted - set(english)


def test_every_chinese_string_keeps_the_values_of_its_english_one():
    english, chinese = _i18n.table("en"), _i18n.table("zh")
    for key, template in chinese.items():
        source = english.get(key, key)
        assert set(FIELD.findall(template)) == set(FIELD.findall(source)), key


def test_no_table_keeps_a_string_nothing_says():
    used = set(keys_used_in_python()) | argparse_messages() | set(LIGHT_NAMES)  # via _say
    widgets = set(json.loads((STRINGS / "en" / "widgets.json").read_text(encoding="utf-8")))
    for path in (STRINGS / "zh").glob("*.json"):
        if path.name == "widgets.json":
            continue  # the widgets' table is checked with the front end (test_frontend)
        stale = set(json.loads(path.read_text(encoding="utf-8"))) - used - widgets
        assert not stale, f"{path.name} keeps strings no code says: {sorted(stale)[:5]}"


def test_one_setting_chooses_the_language(monkeypatch):
    monkeypatch.delenv("LIGHTSOUT_LANGUAGE", raising=False)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    _i18n.set_language(None)
    assert _i18n.language() == "en"
    monkeypatch.setenv("JPY_SESSION_NAME", "/course/notebooks/03_gauss_jordan.zh.ipynb")
    assert _i18n.language() == "zh"  # a Chinese notebook
    monkeypatch.setenv("LIGHTSOUT_LANGUAGE", "en")
    assert _i18n.language() == "en"  # the environment beats the notebook's name
    lo.set_language("zh")
    try:
        assert _i18n.language() == "zh"  # and set_language beats both
        assert lo.eliminate(lo.toggle_matrix(1, 2)).explain(0).startswith("把第 1 行")
    finally:
        lo.set_language(None)
    with pytest.raises(ValueError, match="language must be one of 'en', 'zh'"):
        lo.set_language("fr")


def test_an_unknown_language_in_the_environment_is_one_warning_line_then_english(
    monkeypatch, capsys
):
    from lightsout_edu.cli import main

    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.setenv("LIGHTSOUT_LANGUAGE", "xx")
    _i18n.set_language(None)
    _i18n._say_unknown_language.cache_clear()
    assert main(["info", "1x1"]) == 0
    assert main(["info", "1x2"]) == 0
    out, err = capsys.readouterr()
    assert err == (
        "lightsout_edu: LIGHTSOUT_LANGUAGE='xx' is not a language of this package (it speaks "
        "'en', 'zh'); speaking 'en'\n"
    )
    assert "Rank" in out and not CJK.search(out)
    monkeypatch.setenv("JPY_SESSION_NAME", "/course/notebooks/03_gauss_jordan.zh.ipynb")
    assert _i18n.language() == "zh"  # the next choice holds, and says so in its language
    assert capsys.readouterr().err.startswith("lightsout_edu：LIGHTSOUT_LANGUAGE='xx' 不是")
    monkeypatch.setenv("LIGHTSOUT_LANGUAGE", " ZH ")
    assert _i18n.language() == "zh" and not capsys.readouterr().err


def test_a_check_answers_in_the_notebook_s_language():
    from lightsout_edu import exercises as ex

    lo.set_language("zh")
    try:
        verdict = ex.check_nullity_9x14(5)
        assert repr(verdict).startswith("正确：")
        assert verdict._repr_markdown_().startswith("✓ **正确。**")
    finally:
        lo.set_language(None)
    assert repr(ex.check_nullity_9x14(5)).startswith("Correct: ")


def test_a_widget_speaks_the_language_it_was_made_in():
    lo.set_language("zh")
    try:
        game = lo.LightsOutGame(3, 3)
    finally:
        lo.set_language(None)
    assert game.language == "zh" and lo.LightsOutGame(3, 3).language == "en"
