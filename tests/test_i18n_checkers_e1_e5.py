"""The checkers of lectures 1-5 (exercise sets E1-E5) speak Chinese as well as English.

Every sentence these checkers and the readers of answers in ``feedback.py`` can say is a
``t("English template", ...)`` call; ``strings/zh/checkers_e1_e5.json`` holds the Chinese.
These tests find every such key in the source, check that the Chinese table says it with
the same ``{values}`` and in Chinese, and call real checkers of E3 and E5 with wrong
answers in both languages: Chinese feedback in Chinese, the English feedback unchanged.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import numpy as np

import lightsout_edu as lo
from lightsout_edu import _i18n
from lightsout_edu import exercises as ex
from lightsout_edu.exercises import _sandbox

PACKAGE = Path(lo.__file__).parent
EXERCISES = PACKAGE / "exercises"
SOURCES = [EXERCISES / f"lecture{n}.py" for n in range(1, 6)] + [EXERCISES / "feedback.py"]
TABLE = PACKAGE / "strings" / "zh" / "checkers_e1_e5.json"
FIELD = re.compile(r"\{(\w+)\}")
CJK = re.compile(r"[\u4e00-\u9fff]")


def literal_keys(node: ast.expr) -> list[str]:
    """The keys an argument of t() can be: a string, or either branch of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return literal_keys(node.body) + literal_keys(node.orelse)
    return []


def keys_in(path: Path) -> dict[str, str]:
    """Every literal key given to t() (or t_in(language, key)) in ``path``, and where."""
    found = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        at = {"t": 0, "t_in": 1}.get(node.func.id)
        if at is not None and len(node.args) > at:
            for key in literal_keys(node.args[at]):
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


def test_every_sentence_of_the_checkers_e1_e5_has_a_chinese_template():
    used = used_keys()
    assert len(used) > 150  # the finder finds the sentences (and their singular/plural twins)
    merged = _i18n.table("zh")
    missing = {key: where for key, where in used.items() if key not in merged}
    assert not missing, f"add these to {TABLE.name}: {missing}"


def test_the_finder_sees_both_branches_of_a_conditional_key():
    tree = ast.parse('t("one {n} cell" if n == 1 else "{n} cells", n=n)', mode="eval")
    call = tree.body
    assert isinstance(call, ast.Call)
    assert literal_keys(call.args[0]) == ["one {n} cell", "{n} cells"]


def test_every_chinese_template_keeps_exactly_the_values_of_its_key():
    for key, template in own_table().items():
        assert set(FIELD.findall(template)) == set(FIELD.findall(key)), key


def test_the_chinese_templates_are_chinese_and_only_say_what_the_code_says():
    table = own_table()
    used = used_keys()
    for key, template in table.items():
        assert CJK.search(template), f"not Chinese: {key!r} -> {template!r}"
        assert template != key
    stale = set(table) - set(used)
    assert not stale, f"{TABLE.name} keeps templates no checker of E1-E5 says: {sorted(stale)}"


def test_the_table_leaves_the_verdict_s_own_table_alone():
    assert not set(own_table()) & set(
        json.loads((TABLE.parent / "checkers.json").read_text(encoding="utf-8"))
    )


# ---------------------------------------------------------------------------------------------
# Real checkers, wrong answers, both languages
# ---------------------------------------------------------------------------------------------


def gauss_jordan_without_elimination(M):
    return M, []


def fewest_without_search(particular, kernel):
    return particular


ENGLISH = {
    "gauss_jordan": (
        "Not yet: for the all-ones matrix 4x4 column 1 holds the pivot of row 1 but also a 1 "
        "in row 2 (below it): clear the whole column, above and below. Rows and columns are "
        "counted from 1 here: row 1 is R[0], column 1 is R[:, 0].\n1111\n1111\n1111\n1111"
    ),
    "free_columns": (
        "Not yet: 4 columns are free; eliminate lo.toggle_matrix(4, 4) and look for the "
        "columns without a pivot."
    ),
    "fewest": (
        "Not yet: for a 5x5 board with 2 quiet patterns your vector presses 14 cells, but 10 "
        "is possible. Yours is particular itself (c = 0): counted before % 2, every other "
        "candidate particular + c @ kernel looks heavier. Reduce each of the 4 candidates mod "
        "2, then count its presses."
    ),
    "exactly_k": (
        "Not yet: the board should be 4x4, not 2x2. Expected: a 4x4 board of 0s and 1s "
        "(array, nested list or text board)."
    ),
    "second_solution": (
        "Not yet: 12 lights stay on after these presses; add a quiet pattern to the known "
        "solution instead. The lights left on:\n01010\n10101\n01010\n10101\n01010"
    ),
}


def wrong_answers() -> dict[str, str]:
    """The verdicts (as the notebook shows them) on wrong answers to E3 and E5."""
    return {
        "gauss_jordan": repr(ex.check_gauss_jordan(gauss_jordan_without_elimination)),
        "free_columns": repr(ex.check_free_columns_4x4([1])),
        "fewest": repr(ex.check_fewest_presses(fewest_without_search)),
        "exactly_k": repr(ex.check_needs_exactly_k_presses([[1, 0], [0, 1]])),
        "second_solution": repr(ex.check_second_solution_5x5(np.zeros((5, 5), dtype=int))),
    }


def test_wrong_answers_get_the_same_english_feedback_as_before(english):
    assert wrong_answers() == ENGLISH


def test_wrong_answers_to_e3_and_e5_get_chinese_feedback(chinese):
    said = wrong_answers()
    assert said == {
        "gauss_jordan": (
            "还不对：对于4x4 全 1 矩阵，第 1 列含有第 1 行的主元，但第 2 行（在它下方）也有一个 "
            "1：要把整列清零，上方和下方都要。这里的行和列从 1 开始数：第 1 行是 R[0]，第 1 列是 "
            "R[:, 0]。\n1111\n1111\n1111\n1111"
        ),
        "free_columns": (
            "还不对：有 4 个自由列；对 lo.toggle_matrix(4, 4) 做消元，找出没有主元的列。"
        ),
        "fewest": (
            "还不对：对于一个有 2 个静默模式的 5x5 棋盘，你的向量按了 14 个格子，但 10 "
            "个就够了。你的向量就是 particular 本身（c = 0）：如果在 % 2 之前计数，其他每个"
            "候选向量 particular + c @ kernel 看起来都更重。先把 4 个候选向量各自模 2，再数"
            "它们按了几个格子。"
        ),
        "exactly_k": (
            "还不对：棋盘应当是 4x4 的，而不是 2x2。答案格式应为：由 0 和 1 组成的 4x4 "
            "棋盘（数组、嵌套列表或文本棋盘）。"
        ),
        "second_solution": (
            "还不对：按完这些之后还有 12 盏灯亮着；应当在已知的解上加一个静默模式。"
            "仍亮着的灯：\n01010\n10101\n01010\n10101\n01010"
        ),
    }
    for name, verdict in said.items():  # no English sentence is left in the Chinese ones
        assert not re.search(r"\b(for|the|your|not|is|are)\b", verdict), name


def test_a_chinese_verdict_on_a_correct_answer_and_on_an_unreadable_one(chinese):
    right = ex.check_solution_count_4x4(16)
    assert right and repr(right) == "正确：每个可解的 4x4 棋盘都有 2^4 = 16 个解。"
    assert repr(ex.check_pivots_by_hand("two")) == (
        "还不对：'two' 不是由数组成的列表。答案格式应为：HAND_MATRIX 的主元列，从 1 开始编号，"
        "例如 [2, 3]。"
    )


def test_the_answer_form_is_said_in_the_language_of_the_moment():
    _sandbox.forget_attempts()
    assert ex.check_singular_3xn.expected_form == (
        "a list of the widths n between 1 and 20, e.g. [2, 7]"
    )
    lo.set_language("zh")
    try:
        said = ex.check_singular_3xn(None).message
    finally:
        lo.set_language(None)
    assert said == "没有给出答案。答案格式应为：由 1 到 20 之间的宽度 n 组成的列表，例如 [2, 7]。"
    assert ex.check_singular_3xn(None).message == (
        "no answer given. Expected: a list of the widths n between 1 and 20, e.g. [2, 7]."
    )
