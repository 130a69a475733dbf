"""The library speaks Chinese as well as English: the ``lightsout`` command, the reprs, the errors.

Every sentence of the command line (``cli.py``), of the bad-input checks (``_validation.py``,
``_keywords.py``, ``puzzle.py``) and of the reprs of the value types is a ``t("English
template", ...)`` call; ``strings/zh/library.json`` holds the Chinese.  These tests find
every such key in the source, check that the Chinese table says it with the same
``{values}`` and in Chinese, and run the command, an error and a repr in both languages.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import lightsout_edu as lo
from lightsout_edu import _i18n
from tests.test_i18n import KEY_ARGUMENT

PACKAGE = Path(lo.__file__).parent
SOURCES = [
    PACKAGE / f"{name}.py"
    for name in (
        "cli",
        "_validation",
        "_keywords",
        "puzzle",
        "_chasing",
        "_solution",
        "crosscheck",
        "elimination",
        "graphs",
        "modular",
        "packed",
        "worst_case",
    )
]
TABLE = PACKAGE / "strings" / "zh" / "library.json"
FIELD = re.compile(r"\{(\w+)\}")
CJK = re.compile(r"[\u4e00-\u9fff]")
#: Chinese text, or Chinese punctuation (``<Solution：{game}：{verdict}>`` has no other words)
CHINESE = re.compile(r"[\u4e00-\u9fff\u3000-\u303f\uff00-\uffef]")


def literal_keys(node: ast.expr) -> list[str]:
    """The keys an argument of t() can be: a string, or either branch of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return literal_keys(node.body) + literal_keys(node.orelse)
    return []


def keys_in(path: Path) -> dict[str, str]:
    """Every literal key given to t() in ``path``, and where."""
    found = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in KEY_ARGUMENT
            and len(node.args) > KEY_ARGUMENT[node.func.id]
        ):
            for key in literal_keys(node.args[KEY_ARGUMENT[node.func.id]]):
                found[key] = f"{path.name}:{node.lineno}"
    return found


def used_keys() -> dict[str, str]:
    found: dict[str, str] = {}
    for path in SOURCES:
        found.update(keys_in(path))
    return found


def own_table() -> dict[str, str]:
    return dict(json.loads(TABLE.read_text(encoding="utf-8")))


# ---------------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------------


def test_every_sentence_of_the_library_has_a_chinese_template():
    used = used_keys()
    assert len(used) > 140  # the finder finds the sentences of every module
    for path in SOURCES:  # and each module says something through t()
        assert keys_in(path), path.name
    merged = _i18n.table("zh")
    missing = {key: where for key, where in used.items() if key not in merged}
    assert not missing, f"add these to {TABLE.name}: {missing}"


def test_the_finder_sees_both_branches_of_a_conditional_key():
    tree = ast.parse('t("one {n} entry" if n == 1 else "{n} entries", n=n)', mode="eval")
    call = tree.body
    assert isinstance(call, ast.Call)
    assert literal_keys(call.args[0]) == ["one {n} entry", "{n} entries"]


def test_every_chinese_template_keeps_exactly_the_values_of_its_key():
    for key, template in own_table().items():
        assert set(FIELD.findall(template)) == set(FIELD.findall(key)), key


def test_the_chinese_templates_are_chinese_and_only_say_what_the_code_says():
    table = own_table()
    used = used_keys()
    for key, template in table.items():
        assert CHINESE.search(template), f"not Chinese: {key!r} -> {template!r}"
        assert template != key
    stale = set(table) - set(used)
    assert not stale, f"{TABLE.name} keeps templates the library does not say: {sorted(stale)}"


def test_the_table_leaves_the_other_tables_alone():
    others = set()
    for path in TABLE.parent.glob("*.json"):
        if path != TABLE:
            others |= set(json.loads(path.read_text(encoding="utf-8")))
    assert not set(own_table()) & others


def test_the_code_identifiers_and_numbers_of_a_template_stay():
    """What a student types (options, argument names, calls) reads the same in Chinese."""
    table = own_table()
    for key, template in table.items():
        for token in re.findall(r"--\w+|\w+=\w*|\w+\(\)|\b\d+\b", key):
            assert token in template, f"{token!r} lost in {key!r} -> {template!r}"


# ---------------------------------------------------------------------------------------------
# The command line, in a fresh interpreter, both languages
# ---------------------------------------------------------------------------------------------


def lightsout(*argv: str, language: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LIGHTSOUT_LANGUAGE": language, "PYTHONPATH": str(PACKAGE.parent)}
    env.pop("JPY_SESSION_NAME", None)
    return subprocess.run(
        [sys.executable, "-m", "lightsout_edu", *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
    )


@pytest.mark.slow  # four commands, 1.6 s
def test_lightsout_help_in_chinese_and_in_english():
    zh = lightsout("--help", language="zh")
    assert zh.returncode == 0, zh.stderr
    assert "求解点灯游戏" in zh.stdout and "示例：" in zh.stdout and "退出状态" in zh.stdout
    assert "examples:" not in zh.stdout and "lit cell" not in zh.stdout
    assert "按哪些格子能让所有灯都灭掉" in zh.stdout  # the help of the subcommand solve
    solve = lightsout("solve", "--help", language="zh")
    assert "输出一个按键最少的解" in solve.stdout and "--fewest" in solve.stdout
    en = lightsout("--help", language="en")
    assert en.returncode == 0
    assert "examples:" in en.stdout and "lit cell" in en.stdout and not CJK.search(en.stdout)


def test_a_cli_error_in_chinese_is_one_line_with_exit_status_2():
    zh = lightsout("info", "5by5", language="zh")
    assert zh.returncode == 2
    assert zh.stderr.count("\n") == 1
    assert zh.stderr == (
        "lightsout info：错误：参数 ROWSxCOLS：棋盘尺寸 '5by5' 应当写成 5x5 的样子"
        "（行数 x 列数，都至少为 1）（参见 lightsout info --help）\n"
    )
    folder = lightsout("solve", str(PACKAGE), language="zh")
    assert folder.returncode == 2 and folder.stderr.count("\n") == 1
    assert (
        folder.stderr.startswith("lightsout solve：错误：BOARD ")
        and "是一个文件夹" in folder.stderr
    )
    en = lightsout("info", "5by5", language="en")
    assert en.returncode == 2
    assert en.stderr == (
        "lightsout info: error: argument ROWSxCOLS: board size '5by5' should look like 5x5 "
        "(rows x columns, each at least 1) (see lightsout info --help)\n"
    )


def test_the_cli_output_in_chinese():
    zh = lightsout("info", "5x5", language="zh")
    assert zh.returncode == 0
    assert zh.stdout.startswith("5x5 棋盘，规则 plus：切换矩阵 25 x 25\n秩：23\n零化度：2\n")
    assert "有解的棋盘：2^25 个中的 2^23 个（每 4 个中有 1 个）" in zh.stdout
    assert not re.search(r"\b(Rank|Nullity|Quiet|board|of)\b", zh.stdout)
    en = lightsout("info", "5x5", language="en")
    assert en.stdout.startswith("5x5 board, rule plus: toggle matrix 25 x 25\nRank: 23\n")


# ---------------------------------------------------------------------------------------------
# Errors and reprs in the session, both languages
# ---------------------------------------------------------------------------------------------


def test_a_bad_input_error_in_chinese(chinese):
    with pytest.raises(ValueError) as error:
        lo.solve_board([[1, 0], [2, 1]])
    assert str(error.value) == "board 中位于 (1, 0) 的元素 2 不是 0 或 1"
    with pytest.raises(ValueError) as colours:
        lo.solve_board([[1, 3]], colors=3)
    assert str(colours.value) == "board 中位于 (0, 1) 的元素 3 不是 0 到 2 之间的整数"
    with pytest.raises(TypeError) as flag:
        lo.toggle_matrix(3, 3, torus="no")
    assert str(flag.value) == "torus 必须是 True 或 False，而不是 'no'"


def test_a_bad_input_error_in_english_is_unchanged(english):
    with pytest.raises(ValueError) as error:
        lo.solve_board([[1, 0], [2, 1]])
    assert str(error.value) == "entry 2 at (1, 0) of board is not 0 or 1"
    with pytest.raises(TypeError) as flag:
        lo.toggle_matrix(3, 3, torus="no")
    assert str(flag.value) == "torus must be True or False, not 'no'"


def test_a_repr_in_chinese(chinese):
    solution = lo.solve_board([[1] * 5] * 5)
    assert repr(solution) == "<Solution：5x5 棋盘，规则 'plus'：有解，共 4 个解>"
    assert repr(lo.petersen_graph()) == "<Graph Petersen：10 个顶点，15 条边>"
    assert repr(lo.Puzzle.grid(5, 5)) == "Puzzle.grid(5, 5, rule='plus')"  # code stays code


def test_a_repr_in_english_is_unchanged(english):
    assert repr(lo.solve_board([[1] * 5] * 5)) == (
        "<Solution: 5x5 board, rule 'plus': solvable, 4 solutions>"
    )
