"""The rest of the library's errors speak Chinese too: boards, random boards, rules, graphs,
packed matrices, fewest presses, linear algebra, Z/k certificates, memory refusals.

Every literal ``t()`` key of the modules below has a Chinese template in
``strings/zh/library_errors.json`` (or in another Chinese table), with the same ``{values}``
and in Chinese; real bad inputs raise the Chinese message under ``set_language("zh")`` and
the English one of before otherwise.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu import _i18n
from lightsout_edu._validation import check_memory, format_bytes
from tests.test_i18n import argparse_messages
from tests.test_i18n_library import CHINESE, FIELD, keys_in

PACKAGE = Path(lo.__file__).parent
MODULES = (
    "boards",
    "random_boards",
    "_grid",
    "_network",
    "graphs",
    "packed",
    "fewest",
    "linalg",
    "modular",
    "_validation",
    "puzzle",
)
SOURCES = [PACKAGE / f"{name}.py" for name in MODULES]
TABLE = PACKAGE / "strings" / "zh" / "library_errors.json"
#: keys of the library's other table, which this file must not repeat
LIBRARY = PACKAGE / "strings" / "zh" / "library.json"


def own_table() -> dict[str, str]:
    return dict(json.loads(TABLE.read_text(encoding="utf-8")))


# ---------------------------------------------------------------------------------------------
# The table
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.name)
def test_every_key_of_the_module_has_a_chinese_template(path):
    keys = keys_in(path)
    assert keys, f"{path.name} says nothing through t()"
    merged = _i18n.table("zh")
    missing = {key: where for key, where in keys.items() if key not in merged}
    assert not missing, f"add these to {TABLE.name}: {missing}"
    for key in keys:
        template = merged[key]
        assert set(FIELD.findall(template)) == set(FIELD.findall(key)), key
        assert CHINESE.search(template), f"not Chinese: {key!r} -> {template!r}"


def test_the_table_is_chinese_with_the_values_identifiers_and_numbers_of_its_keys():
    table = own_table()
    assert len(table) > 60
    for key, template in table.items():
        assert template != key
        assert CHINESE.search(template), f"not Chinese: {key!r} -> {template!r}"
        assert set(FIELD.findall(template)) == set(FIELD.findall(key)), key
        for token in re.findall(r"--\w+|\w+=\w*|\w+\(\)|\b\d+\b", key):
            assert token in template, f"{token!r} lost in {key!r} -> {template!r}"


def test_the_table_says_only_what_the_code_says_and_leaves_the_other_tables_alone():
    used: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        if "exercises" not in path.parts:
            used |= set(keys_in(path))
    table = own_table()
    assert not set(table) - used, f"unused: {sorted(set(table) - used)}"
    others: set[str] = set()
    for path in TABLE.parent.glob("*.json"):
        if path != TABLE:
            others |= set(json.loads(path.read_text(encoding="utf-8")))
    assert not set(table) & others


# ---------------------------------------------------------------------------------------------
# Real bad inputs, both languages
# ---------------------------------------------------------------------------------------------

#: (call, error, English message, Chinese message): each message whole
CASES = [
    (
        lambda: lo.parse_board("10/1"),
        ValueError,
        "board row 2 has 1 cell but row 1 has 2 cells",
        "棋盘第 2 行有 1 个格子，但第 1 行有 2 个格子",
    ),
    (
        lambda: lo.parse_board("1x"),
        ValueError,
        "row 1 of the board text has the character 'x'; use 0/1, ./# or □/■ for unlit/lit "
        "cells (and 2-9 for more colours)",
        "棋盘文本第 1 行有字符 'x'；灭着/亮着的格子请用 0/1、./# 或 □/■（更多颜色时用 2-9）",
    ),
    (
        lambda: lo.parse_board(5),
        TypeError,
        "parse_board expects text such as '10/01', not int",
        "parse_board 需要的是文本，例如 '10/01'，而不是 int",
    ),
    (
        lambda: lo.random_board(3, 3, seed=0, solvable=False, torus=True, colors=3),
        ValueError,
        "every 3x3 board is solvable with rule 'plus' on the torus and 3 colours, so there is "
        "no unsolvable board",
        "3x3 棋盘，规则 'plus'，环面，3 种颜色：每个棋盘都有解，所以不存在无解的棋盘",
    ),
    (
        lambda: lo.random_board(100000, 100000, seed=0),
        ValueError,
        "a random 100000x100000 board would need 74.5 GiB of memory, more than the 2.0 GiB "
        "this package allocates at once; ask for a smaller board",
        "随机的 100000x100000 棋盘 需要 74.5 GiB 内存，超过了本程序包一次最多分配的 2.0 GiB；"
        "请要一个小一些的棋盘",
    ),
    (
        lambda: lo.toggle_matrix(3, 3, rule="diag"),
        ValueError,
        "unknown rule 'diag'; choose one of 'plus', 'neighbors', 'x', 'king' or give a 3x3 stencil",
        "未知的规则 'diag'；请从 'plus', 'neighbors', 'x', 'king' 中选择一个，或给出一个 3x3 模板",
    ),
    (
        lambda: lo.toggle_matrix(1000, 1000),
        ValueError,
        "the toggle matrix of a 1000x1000 board (1000000x1000000 entries) would need 931.3 GiB "
        "of memory, more than the 2.0 GiB this package allocates at once; use "
        "toggle_matrix(..., packed=True) (1 bit per entry) or solve_board(board), which "
        "solves big boards by light chasing without this matrix",
        "1000x1000 棋盘的切换矩阵（1000000x1000000 个元素） 需要 931.3 GiB 内存，超过了本程序包"
        "一次最多分配的 2.0 GiB；请用 toggle_matrix(..., packed=True)（每个元素 1 位），或用 "
        "solve_board(board)，它用追灯法求解大棋盘，不需要这个矩阵",
    ),
    (
        lambda: lo.graph_toggle_matrix(adjacency=[[0, 1, 0], [0, 0, 0], [0, 0, 0]]),
        ValueError,
        "the adjacency matrix is not symmetric: entry (0, 1) is 1 but (1, 0) is 0",
        "邻接矩阵不对称：位于 (0, 1) 的元素是 1，但位于 (1, 0) 的是 0",
    ),
    (
        lambda: lo.graph_toggle_matrix([(0, 5)], n_nodes=3),
        ValueError,
        "edge (0, 5) names vertex 5, but the vertices are 0 .. 2",
        "边 (0, 5) 提到了顶点 5，但顶点只有 0 .. 2",
    ),
    (
        lambda: lo.cycle_graph(2),
        ValueError,
        "n must be between 3 and 200, not 2",
        "n 必须在 3 到 200 之间，而不是 2",
    ),
    (
        lambda: lo.PackedMatrix(np.zeros((1, 1)), 3),
        TypeError,
        "words must hold integers from 0 to 2^64 - 1 (64 columns a word), not float64 entries "
        "such as 0.0; build it with dtype=np.uint64, or use PackedMatrix.from_dense on a 0/1 "
        "matrix",
        "words 的元素必须是 0 到 2^64 - 1 之间的整数（每个字 64 列），而不是 float64 类型的元素，"
        "例如 0.0；请用 dtype=np.uint64 构造它，或者对 0/1 矩阵使用 PackedMatrix.from_dense",
    ),
    (
        lambda: lo.solve(lo.toggle_matrix(3, 3, packed=True), [1, 0]),
        ValueError,
        "b has 2 entries but A has 9 rows; they must match",
        "b 有 2 个元素，但 A 有 9 行；两者必须一致",
    ),
    (
        lambda: lo.minimum_weight_solutions([2], [[1]]),
        ValueError,
        "entry 2 at (0,) of particular is not 0 or 1",
        "particular 中位于 (0,) 的元素 2 不是 0 或 1",
    ),
    (
        lambda: lo.optimal_press_counts(6, 6),
        ValueError,
        "a 6x6 board has 36 cells, so 2^36 press patterns to weigh; optimal_press_counts is "
        "limited to 30 cells",
        "6x6 棋盘有 36 个格子，所以要衡量 2^36 种按法；optimal_press_counts 只限于最多 30 个格子",
    ),
    (
        lambda: lo.rank(lo.toggle_matrix(3, 3, packed=True), modulus=3),
        TypeError,
        "a PackedMatrix holds entries of GF(2), so modulus must be 2, not 3",
        "PackedMatrix 的元素属于 GF(2)，所以 modulus 必须是 2，而不是 3",
    ),
    (
        lambda: lo.naive_field_solve([[1]], [1], 4, strategy="x"),
        ValueError,
        "strategy must be 'divide' or 'cross_multiply', not 'x'",
        "strategy 必须是 'divide' 或 'cross_multiply'，而不是 'x'",
    ),
]


@pytest.mark.parametrize(("call", "error", "english_text", "chinese_text"), CASES)
def test_a_bad_input_in_english_is_unchanged(english, call, error, english_text, chinese_text):
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value) == english_text


@pytest.mark.parametrize(("call", "error", "english_text", "chinese_text"), CASES)
def test_a_bad_input_in_chinese(chinese, call, error, english_text, chinese_text):
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value) == chinese_text


def test_the_certificate_of_an_unsolvable_system_mod_k_in_both_languages(chinese):
    zh = lo.solve_mod([[6]], [3], 12).reason
    assert zh == (
        "模 12 无解：在史密斯坐标下（x = V y，U A V = D），第 1 个方程是 6*y_1 = 3（模 12），"
        "但 6*y 模 12 总是 6 的倍数（不变因子 6），而 3 不是。由中国剩余定理，模 12 有解等价于"
        "模 4、3 都有解；模 4 时无解（模 3 时有解）。"
        "证明：权重 y 满足 y*A = 0，但 y*b = 6（模 12）。"
    )
    lo.set_language("en")
    assert lo.solve_mod([[6]], [3], 12).reason == (
        "No solution modulo 12: in Smith coordinates (x = V y, U A V = D) equation 1 reads "
        "6*y_1 = 3 (mod 12), but 6*y is always a multiple of 6 modulo 12 (invariant factor 6) "
        "and 3 is not. By the Chinese remainder theorem a solution modulo 12 is the same as "
        "one modulo each of 4 and 3; it fails modulo 4 (modulo 3 it is solvable). "
        "Certificate: the weights y have y*A = 0 but y*b = 6 (mod 12)."
    )


def test_the_repr_of_a_graph_puzzle_says_its_words_in_chinese_and_keeps_its_code(chinese):
    assert (
        repr(lo.Puzzle.graph(lo.petersen_graph())) == "Puzzle.graph(<Petersen：10 个顶点，15 条边>)"
    )
    assert repr(lo.Puzzle.graph([(0, 1)], self_toggle=False, colors=3)) == (
        "Puzzle.graph(<2 个顶点，1 条边>, self_toggle=False, colors=3)"
    )
    lo.set_language("en")
    assert (
        repr(lo.Puzzle.graph(lo.petersen_graph())) == "Puzzle.graph(<Petersen: 10 nodes, 15 edges>)"
    )


def test_byte_counts_and_memory_refusals_in_both_languages(chinese):
    assert format_bytes(512) == "512 字节" and format_bytes(8_100_000_000) == "7.5 GiB"
    with pytest.raises(ValueError, match="需要 931.3 GiB 内存"):
        check_memory(10**12, "x", "y")
    lo.set_language("en")
    assert format_bytes(512) == "512 bytes"


# ---------------------------------------------------------------------------------------------
# argparse's own words in the lightsout command
# ---------------------------------------------------------------------------------------------

ARGPARSE_TABLE = PACKAGE / "strings" / "zh" / "argparse.json"


def test_every_word_of_argparse_has_a_chinese_template_with_the_same_placeholders():
    messages = argparse_messages()
    assert {"usage: ", "options", "the following arguments are required: %s"} <= messages
    table = dict(json.loads(ARGPARSE_TABLE.read_text(encoding="utf-8")))
    assert not messages - set(table), f"add to {ARGPARSE_TABLE.name}: {messages - set(table)}"
    placeholder = re.compile(r"%\(\w+\)[sr]|%[sr]")
    for key, template in table.items():
        assert sorted(placeholder.findall(template)) == sorted(placeholder.findall(key)), key
        assert CHINESE.search(template), key
    others: set[str] = set()
    for path in ARGPARSE_TABLE.parent.glob("*.json"):
        if path != ARGPARSE_TABLE:
            others |= set(json.loads(path.read_text(encoding="utf-8")))
    assert not set(table) & others


def lightsout(*argv: str, language: str):
    import os
    import subprocess
    import sys

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


@pytest.mark.slow  # six commands, 2.3 s
def test_the_help_of_lightsout_in_chinese_has_no_english_words_of_argparse():
    for argv in (["--help"], ["solve", "--help"], ["info", "-h"]):
        zh = lightsout(*argv, language="zh")
        assert zh.returncode == 0, zh.stderr
        assert zh.stdout.startswith("用法：lightsout")
        assert "位置参数：\n" in zh.stdout and "选项：\n" in zh.stdout
        assert "显示这条帮助信息并退出" in zh.stdout
        for english in ("usage:", "options:", "positional arguments", "show this help"):
            assert english not in zh.stdout, (argv, english)
        en = lightsout(*argv, language="en")
        assert en.stdout.startswith("usage: lightsout") and "options:\n" in en.stdout
        assert "show this help message and exit" in en.stdout
        assert not re.search(r"[\u4e00-\u9fff]", en.stdout)


@pytest.mark.parametrize(
    ("argv", "chinese_text", "english_text"),
    [
        (
            ["solve"],
            "lightsout solve：错误：缺少以下必需的参数：BOARD（参见 lightsout solve --help）",
            "lightsout solve: error: the following arguments are required: BOARD "
            "(see lightsout solve --help)",
        ),
        (
            ["bogus"],
            "lightsout：错误：参数 COMMAND：无效的选择：'bogus'（请从 'solve', 'info' 中选择）"
            "（参见 lightsout --help）",
            "lightsout: error: argument COMMAND: invalid choice: 'bogus' (choose from 'solve', "
            "'info') (see lightsout --help)",
        ),
        (
            ["info", "5x5", "extra"],
            "lightsout：错误：无法识别的参数：extra（参见 lightsout --help）",
            "lightsout: error: unrecognized arguments: extra (see lightsout --help)",
        ),
        (
            ["info", "5x5", "--colors"],
            "lightsout info：错误：参数 --colors：需要一个值（参见 lightsout info --help）",
            "lightsout info: error: argument --colors: expected one argument "
            "(see lightsout info --help)",
        ),
    ],
)
def test_an_argparse_error_in_chinese_is_one_line_with_exit_status_2(
    argv, chinese_text, english_text
):
    zh = lightsout(*argv, language="zh")
    assert (zh.returncode, zh.stdout, zh.stderr) == (2, "", chinese_text + "\n")
    en = lightsout(*argv, language="en")
    assert (en.returncode, en.stdout, en.stderr) == (2, "", english_text + "\n")


def test_argparse_speaks_english_again_after_a_chinese_command(chinese, capsys):
    import argparse

    from lightsout_edu import cli

    with pytest.raises(SystemExit) as stop:
        cli.main(["solve"])
    assert stop.value.code == 2
    assert "缺少以下必需的参数" in capsys.readouterr().err
    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]
    parser = argparse.ArgumentParser(prog="other")
    assert parser.format_help().startswith("usage: other") and "options:" in parser.format_help()
