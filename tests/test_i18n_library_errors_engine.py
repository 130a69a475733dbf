"""The engine's errors speak Chinese too: elimination, light chasing, solutions, steps, LaTeX,
grid nullity, worst cases, graph rules, cross-checks, playback and the language setting.

Every literal ``t()`` key of the modules below has a Chinese template (in
``strings/zh/library_errors_engine.json`` or another Chinese table) with the same
``{values}`` and in Chinese; real bad inputs raise the Chinese message under
``set_language("zh")`` and exactly the English one of before otherwise.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu import _i18n, _playback, steps
from lightsout_edu.steps import Scale
from tests.test_i18n_library import CHINESE, FIELD, keys_in

PACKAGE = Path(lo.__file__).parent
MODULES = (
    "elimination",
    "chase",
    "_solution",
    "_chasing",
    "_chase_rows",
    "steps",
    "latex",
    "polynomials",
    "worst_case",
    "rules",
    "crosscheck",
    "_playback",
    "_i18n",
)
SOURCES = [PACKAGE / f"{name}.py" for name in MODULES]
TABLE = PACKAGE / "strings" / "zh" / "library_errors_engine.json"


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
    english = _i18n.table("en")
    for key in keys:  # a dotted key's values are those of its English template
        template, source = merged[key], english.get(key, key)
        assert set(FIELD.findall(template)) == set(FIELD.findall(source)), key
        assert CHINESE.search(template), f"not Chinese: {key!r} -> {template!r}"


def test_no_raise_of_these_modules_builds_its_message_from_an_f_string():
    """Every error a student reads goes through t(); only the internal assertions stay English."""
    raw = re.compile(r'raise \w+Error\(\s*f?"', re.MULTILINE)
    for path in SOURCES:
        for match in raw.finditer(path.read_text(encoding="utf-8")):
            line = path.read_text(encoding="utf-8")[: match.start()].count("\n") + 1
            assert match[0].startswith("raise AssertionError"), f"{path.name}:{line}"


def test_the_table_is_chinese_with_the_values_identifiers_and_numbers_of_its_keys():
    table = own_table()
    assert len(table) >= 50
    assert list(table) == sorted(table)
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

PETERSEN = lo.Puzzle.graph(lo.petersen_graph())
UNSOLVABLE = [[1, 0, 0, 0, 0]] + [[0] * 5] * 4


def _two_steps():
    return lo.eliminate([[1, 1], [1, 0]], [1, 0])


#: (call, error, English message, Chinese message): each message whole
CASES = [
    (
        lambda: lo.rank(np.zeros((1700, 1700), dtype=np.uint8), modulus=3),
        ValueError,
        "Gauss-Jordan elimination of a 1700x1700 matrix mod 3 would take about 4.9e+09 "
        "operations on entries, more than the 4e+09 this package allows (minutes or hours); "
        "for a Lights Out board use solve_board, which chases lights on a small system",
        "对 1700x1700 矩阵做模 3 的高斯-若尔当消元，大约需要对元素做 4.9e+09 次运算，超过了"
        "本程序包允许的 4e+09 次（要花几分钟甚至几小时）；对点灯游戏的棋盘请用 solve_board，"
        "它用追灯法求解一个小的方程组",
    ),
    (
        lambda: lo.eliminate([[1]]).solution(),
        ValueError,
        "this elimination has no right-hand side b; call eliminate(A, b)",
        "这次消元没有右端项 b；请调用 eliminate(A, b)",
    ),
    (
        lambda: _two_steps().explain(99),
        ValueError,
        "step 99 does not exist: this elimination has steps 0 .. 1",
        "第 99 步不存在：这次消元的步骤是 0 .. 1",
    ),
    (
        lambda: lo.eliminate(np.zeros((1100, 1000), dtype=np.uint8)),
        ValueError,
        "eliminate records every row operation so that a lecture can replay it; a 1100x1000 "
        "matrix is too big to record (at most 1048576 entries, about 1000 x 1000). For the "
        "answers alone use lightsout_edu.rank, rref, solve or solve_board, which keep no record",
        "eliminate 会记录每一步行变换，以便课堂上回放；1100x1000 矩阵太大，无法记录（最多 "
        "1048576 个元素，约 1000 x 1000）。如果只要结果，请用 lightsout_edu.rank、rref、solve "
        "或 solve_board，它们不做记录",
    ),
    (
        lambda: lo.chase_lights([[0] * 3] * 3, [1, 0]),
        ValueError,
        "first_row must have 3 entries (one per column), not 2",
        "first_row 必须有 3 个元素（每列一个），而不是 2 个",
    ),
    (
        lambda: lo.chase_matrix(puzzle=PETERSEN),
        ValueError,
        "chase_matrix chases the rows of a grid, and a graph has no rows",
        "chase_matrix 是沿着网格的行追灯的，而图没有行",
    ),
    (
        lambda: lo.chase_matrix(3, rule="x"),
        ValueError,
        "light chasing needs a rule whose presses reach only the cell directly above and below "
        "in the neighbouring rows, and is left-right symmetric; rule 'x' is not one (use "
        "method='elimination')",
        "追灯法要求规则在相邻的行里只影响正上方和正下方的格子，并且左右对称；规则 'x' "
        "不是这样的规则（请用 method='elimination'）",
    ),
    (
        lambda: lo.chase_matrix(2, 100000),
        ValueError,
        "the 100000x100000 chase matrix of a 2x100000 board would need 9.3 GiB of memory, more "
        "than the 2.0 GiB this package allocates at once; chase along the shorter side: "
        "transpose the board (solve_board does this itself)",
        "2x100000 棋盘的 100000x100000 追灯矩阵 需要 9.3 GiB 内存，超过了本程序包一次最多分配的 "
        "2.0 GiB；请沿较短的一边追灯：把棋盘转置（solve_board 会自动这样做）",
    ),
    (
        lambda: lo.solve_board([[1]], colors=4).nullity,
        ValueError,
        "nullity needs a prime number of colours: over Z/4 the solutions do not form a vector "
        "space; use solution_count and all_solutions()",
        "nullity 需要颜色数是素数：在 Z/4 上，解不构成向量空间；请用 solution_count 和 "
        "all_solutions()",
    ),
    (
        lambda: lo.solve_board(UNSOLVABLE).fewest_presses(),
        ValueError,
        "this board has no solution, so there is no fewest-press solution; see .certificate "
        "for the proof",
        "这个棋盘无解，所以不存在按键最少的解；证明见 .certificate",
    ),
    (
        lambda: setattr(lo.solve_board([[1]]), "presses", 1),
        AttributeError,
        "a Solution is read-only: 'presses' cannot be changed; call solve_board again",
        "Solution 是只读的：不能修改 'presses'；请重新调用 solve_board",
    ),
    (
        lambda: Scale(0, 3, 0).undo(np.zeros((1, 2), dtype=np.int64), 3),
        ValueError,
        "scaling row 1 by 3 = 0 (mod 3) cannot be undone: 0 has no inverse",
        "把第 1 行乘以 3 = 0（模 3）无法撤销：0 没有逆元",
    ),
    (
        lambda: steps.step_from_list([7, 0, 0, 0, 1]),
        ValueError,
        "unknown step kind 7 in [7, 0, 0, 0, 1]: 0 = swap, 1 = add, 2 = scale",
        "[7, 0, 0, 0, 1] 中的步骤类型 7 未知：0 = 交换，1 = 倍加，2 = 倍乘",
    ),
    (
        lambda: lo.elimination_to_latex(_two_steps(), 99),
        ValueError,
        "k=99 is out of range: steps are numbered 0 to 1",
        "k=99 超出范围：步骤编号是 0 到 1",
    ),
    (
        lambda: lo.elimination_to_latex([[1]]),
        TypeError,
        "elimination_to_latex needs a recorded elimination from lightsout_edu.eliminate(A, b), "
        "not list",
        "elimination_to_latex 需要由 lightsout_edu.eliminate(A, b) 记录下来的消元，而不是 list",
    ),
    (
        lambda: lo.grid_nullity(3, rule="x"),
        ValueError,
        "grid_nullity needs a rule light chasing handles (like 'plus' or 'neighbors'); rule "
        "'x' is not one: use solve_board(...).nullity instead",
        "grid_nullity 需要追灯法能处理的规则（例如 'plus' 或 'neighbors'）；规则 'x' 不是："
        "请改用 solve_board(...).nullity",
    ),
    (
        lambda: lo.most_clicks(3, time_limit=-1),
        ValueError,
        "time_limit must be more than 0 seconds, not -1",
        "time_limit 必须大于 0 秒，而不是 -1",
    ),
    (
        lambda: lo.most_clicks(39),
        ValueError,
        "the 39x39 board has nullity 32: most_clicks is exact up to nullity 20; use "
        "most_clicks_bounds for proven bounds",
        "39x39 棋盘的零化度是 32：most_clicks 只在零化度不超过 20 时给出精确值；要得到有证明的"
        "上下界，请用 most_clicks_bounds",
    ),
    (
        lambda: lo.presses_lower_bound(UNSOLVABLE),
        ValueError,
        "this board has no solution, so no number of presses switches it off",
        "这个棋盘无解，所以按多少次都不能把灯全部按灭",
    ),
    (
        lambda: lo.graph_toggle_matrix(),
        TypeError,
        "give the graph (edges, or adjacency=...), or puzzle=Puzzle.graph(...)",
        "请给出图（边，或 adjacency=...），或者 puzzle=Puzzle.graph(...)",
    ),
    (
        lambda: lo.cross_check(np.zeros((601, 2), dtype=np.uint8)),
        ValueError,
        "cross_check compares with sympy's exact elimination, which takes minutes for a 601x2 "
        "matrix; cross-check one with at most 600 rows and columns (lo.rank and lo.solve alone "
        "handle big matrices)",
        "cross_check 要与 sympy 的精确消元比较，而 601x2 矩阵要花好几分钟；请交叉检验行数和列数"
        "都不超过 600 的矩阵（单独使用 lo.rank 和 lo.solve 可以处理大矩阵）",
    ),
    (
        lambda: _playback.Playback(_two_steps()).check_position(99),
        ValueError,
        "step=99 is out of range: positions go from 0 (the start) to 2 (after the last step)",
        "step=99 超出范围：位置从 0（开始）到 2（最后一步之后）",
    ),
    (
        lambda: lo.set_language("fr"),
        ValueError,
        "language must be one of 'en', 'zh' (or None for the automatic choice), not 'fr'",
        "language 必须是 'en', 'zh' 之一（或者用 None 自动选择），而不是 'fr'",
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


def test_the_reasons_of_a_lower_bound_in_both_languages(chinese):
    assert lo.presses_lower_bound([[1] * 5] * 5).reason == "静默模式的奇偶校验：4 种格子"
    assert lo.presses_lower_bound([[1] * 3] * 3).reason == "唯一解：切换矩阵可逆"
    lo.set_language("en")
    assert lo.presses_lower_bound("1111/1000/1101/0100").reason == (
        "minimum distance: quiet patterns press at least 8 cells, and one solution presses 4"
    )
