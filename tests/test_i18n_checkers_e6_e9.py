"""The checkers of lectures 6-9, the checker machinery and the graded assignments speak Chinese.

Every sentence these checkers, the judge, the runner, the sandbox, the forbidden-solver
policies, the plain-data reader, the student-code helpers and the graders of the assignments
can say is a ``t("English template", ...)`` call; ``strings/zh/checkers_e6_e9.json``,
``strings/zh/checkers_machinery.json`` and ``strings/zh/checkers_assignments.json`` hold the
Chinese (a sentence another table already says is not repeated).  These tests find every
such key in the sources, check that the Chinese tables say it with the same ``{values}`` and
in Chinese, and call real checkers of E6-E9 -- wrong answers, a function that loops, a
forbidden solver, with a forked and with a spawned runner -- and graders of the assignments
in both languages: Chinese feedback in Chinese, the English unchanged.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu import _i18n
from lightsout_edu import exercises as ex
from lightsout_edu.exercises import _sandbox

from .test_i18n_checkers_e1_e5 import CJK, EXERCISES, FIELD, keys_in

LECTURES = [EXERCISES / f"lecture{n}.py" for n in range(6, 10)]
MACHINERY = [
    EXERCISES / f"{name}.py"
    for name in (
        "_absent",
        "_bubblewrap",
        "_judge",
        "_runner",
        "_sandbox",
        "_forbidden",
        "_student_code",
        "_plain",
        "feedback",
    )
]
#: The graded assignments: each student's data (the package) and the graders (teacher-only)
GRADERS = EXERCISES.parent.parent / "grading"
ASSIGNMENTS = sorted(EXERCISES.glob("assignment*.py")) + sorted(GRADERS.rglob("*.py"))
TABLES = {
    "checkers_e6_e9.json": LECTURES,
    "checkers_machinery.json": MACHINERY,
    "checkers_assignments.json": ASSIGNMENTS,
}
ZH = EXERCISES.parent / "strings" / "zh"


def used_keys(paths: list[Path]) -> dict[str, str]:
    """Every literal key given to t() in ``paths``, and where."""
    found: dict[str, str] = {}
    for path in paths:
        found.update(keys_in(path))
    return found


def own_table(name: str) -> dict[str, str]:
    return dict(json.loads((ZH / name).read_text(encoding="utf-8")))


@contextlib.contextmanager
def quick_time_outs() -> Iterator[None]:
    """Every time limit 33 times shorter (a loop is stopped quickly)."""
    before = _sandbox.TIME_SCALE
    _sandbox.TIME_SCALE = 0.03
    try:
        yield
    finally:
        _sandbox.TIME_SCALE = before


# ---------------------------------------------------------------------------------------------
# The tables
# ---------------------------------------------------------------------------------------------


def test_every_sentence_of_e6_e9_and_the_machinery_has_a_chinese_template():
    lectures, machinery = used_keys(LECTURES), used_keys(MACHINERY)
    assignments = used_keys(ASSIGNMENTS)
    assert len(lectures) > 100  # the finder finds the sentences (and their plural twins)
    assert len(machinery) > 90  # feedback.py's readers included
    assert len(assignments) > 80
    merged = _i18n.table("zh")
    every = {**lectures, **machinery, **assignments}
    missing = {key: where for key, where in every.items() if key not in merged}
    assert not missing, f"add these to {list(TABLES)}: {missing}"


@pytest.mark.parametrize("name", TABLES)
def test_every_chinese_template_keeps_exactly_the_values_of_its_key(name):
    for key, template in own_table(name).items():
        assert set(FIELD.findall(template)) == set(FIELD.findall(key)), key


@pytest.mark.parametrize("name", TABLES)
def test_the_templates_are_chinese_and_only_say_what_the_code_says(name):
    table = own_table(name)
    used = used_keys(TABLES[name])
    assert len(table) > 40
    for key, template in table.items():
        assert CJK.search(template), f"not Chinese: {key!r} -> {template!r}"
        assert template != key
    stale = set(table) - set(used)
    assert not stale, f"{name} keeps templates its sources never say: {sorted(stale)}"


def test_no_sentence_is_in_two_tables():
    seen: dict[str, str] = {}
    for path in sorted(ZH.glob("*.json")):
        for key in json.loads(path.read_text(encoding="utf-8")):
            assert key not in seen, f"{key!r} is in {seen.get(key)} and {path.name}"
            seen[key] = path.name


# ---------------------------------------------------------------------------------------------
# Real checkers, wrong answers, both languages
# ---------------------------------------------------------------------------------------------


def chase_that_loops(board):
    while True:
        pass


def chase_with_the_package_solver(board):
    return lo.solve_board(board).presses


def weak_rref_test(rref):
    return True


def wrong_answers() -> dict[str, str]:
    """The verdicts (as the notebook shows them) on wrong answers to E6-E9."""
    return {
        "chase_by_hand": repr(ex.check_chase_by_hand(np.zeros((4, 4), dtype=int))),
        "unique": repr(ex.check_unique_solution(np.ones((4, 4), dtype=int))),
        "graph": repr(ex.check_neighbors_only_graph("[(0, 1)]")),
        "petersen": repr(ex.check_all_on_petersen({0})),
        "three_colors": repr(ex.check_three_color_presses(np.full((4, 4), 3))),
        "my_test": repr(ex.check_my_test(weak_rref_test)),
        "counting_bound": repr(ex.check_counting_bound(3)),
        "proof": repr(ex.check_worst_4x4_proof({"cell": (1, 1), "each": 4, "total": 60})),
    }


ENGLISH = {
    "chase_by_hand": "Not yet: the first row is given: [0, 1, 0, 0].",
    "unique": (
        "Not yet: every solvable 4x4 board has 2^4 solutions, because the game has quiet "
        "patterns. Try another size."
    ),
    "graph": (
        "Not yet: this is text; give the graph as Python data, e.g. [(0, 1), (1, 2)] without "
        "the quotes. Expected: a graph on the nodes 0, 1, 2, ...: a list or set of edges like "
        "[(0, 1), (1, 2)], or a symmetric 0/1 adjacency matrix."
    ),
    "petersen": "Not yet: after these presses 6 nodes are still lit: [2, 3, 6, 7, 8, 9].",
    "three_colors": (
        "Not yet: entry 3 of the press pattern at index (0, 0) (counted from 0, as NumPy does) "
        "is not between 0 and 2. Expected: a "
        "4x4 board of press counts 0, 1, 2 (array, nested list or text board)."
    ),
    "my_test": (
        "Not yet: 5 planted bugs escape your test: an rref that does not clear above the pivots."
    ),
    "counting_bound": "Not yet: round up: a part of a press is not a press.",
    "proof": (
        "Not yet: cell (1, 1) is pressed by exactly the same quiet patterns as cell (3, 3), so "
        "among the 8 solutions that leave (1, 1) unpressed, (3, 3) is pressed by all or by "
        "none, depending on the board. Pick a cell that no other cell shadows in this way (a "
        "type of one cell, Lecture 9)."
    ),
}

CHINESE = {
    "chase_by_hand": "还不对：第一行是给定的：[0, 1, 0, 0]。",
    "unique": "还不对：每个可解的 4x4 棋盘都有 2^4 个解，因为这个游戏有静默模式。换一个大小试试。",
    "graph": (
        "还不对：这是文本；请把图写成 Python 数据，例如不带引号的 [(0, 1), (1, 2)]。"
        "答案格式应为：一个以 0, 1, 2, ... 为顶点的图：像 [(0, 1), (1, 2)] 这样的边列表或边集合，"
        "或者一个对称的 0/1 邻接矩阵。"
    ),
    "petersen": "还不对：按完这些之后还有 6 个顶点亮着：[2, 3, 6, 7, 8, 9]。",
    "three_colors": (
        "还不对：按键模式中下标 (0, 0)（从 0 开始计数，与 NumPy 相同）处的元素 3 "
        "不是 0 到 2 之间的整数。"
        "答案格式应为：每格是按键次数 0、1 或 2 的 4x4 棋盘（数组、嵌套列表或文本棋盘）。"
    ),
    "my_test": "还不对：有 5 个埋藏的错误逃过了你的测试：一个不清除主元上方元素的 rref。",
    "counting_bound": "还不对：向上取整：半次按键不算一次按键。",
    "proof": (
        "还不对：格子 (1, 1) 与格子 (3, 3) 被完全相同的静默模式按到，所以在不按 (1, 1) 的 8 "
        "个解中，(3, 3) 要么全被按到，要么全没被按到，取决于棋盘。选一个不被任何其他格子这样"
        "遮蔽的格子（第 9 讲中只含一个格子的类型）。"
    ),
}


@pytest.mark.slow  # 2.5 s of sandboxes
def test_wrong_answers_get_the_same_english_feedback_as_before(english):
    assert wrong_answers() == ENGLISH


@pytest.mark.slow  # 2.5 s of sandboxes
def test_wrong_answers_to_e6_e9_get_chinese_feedback(chinese):
    said = wrong_answers()
    assert said == CHINESE
    for name, verdict in said.items():  # no English sentence is left in the Chinese ones
        assert not re.search(r"\b(for|the|your|not|is|are|press)\b", verdict), name


def test_a_chinese_verdict_on_a_correct_answer(chinese):
    right = ex.check_most_presses_6x7(42)
    assert right and repr(right) == (
        "正确：6x7 棋盘的切换矩阵可逆：每个按键模式都是它所对应棋盘的唯一解，所以把 42 "
        "个格子全按一遍得到的棋盘，需要全部 42 次按键。"
    )
    assert right._repr_markdown_().startswith("✓ **正确。** 6x7 棋盘")


# ---------------------------------------------------------------------------------------------
# The machinery: a time-out, a forbidden solver, a forked and a spawned runner
# ---------------------------------------------------------------------------------------------


def machinery_verdicts() -> dict[str, str]:
    """The machinery's sentences; only the loop runs under the 33 times shorter limits, so a
    busy machine cannot turn the others into time-outs."""
    with quick_time_outs():
        time_out = ex.check_light_chase(chase_that_loops).message
    return {
        "time_out": time_out,
        # absent, with bubblewrap and without it (issue 42)
        "absent": ex.check_light_chase(chase_with_the_package_solver).message,
        "not_a_function": ex.check_light_chase([1, 2]).message,
    }


def expected(messages: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in messages.items() if k in {"time_out", "absent", "not_a_function"}}


MACHINERY_ENGLISH = {
    "time_out": (
        "for a solvable 3x3 board, your function was still running after 0.3 s: is there a "
        "loop that never ends?"
    ),
    "absent": (
        "for a solvable 3x3 board, your function raised ImportError: here your function runs "
        "with NumPy and the standard library only: the solvers of lightsout_edu, galois and "
        "sympy are not there, so write it yourself."
    ),
    "not_a_function": (
        "pass your function itself, e.g. check(my_solve_by_chasing), not list. Expected: a "
        "function solve_by_chasing(board) returning the presses, or None when unsolvable."
    ),
}
MACHINERY_CHINESE = {
    "time_out": (
        "对于一个可解的 3x3 棋盘，你的函数在 0.3 秒后仍在运行：是不是有一个永远不会结束的循环？"
    ),
    "absent": (
        "对于一个可解的 3x3 棋盘，你的函数抛出了 ImportError：这里你的函数只能使用 NumPy "
        "和标准库运行：lightsout_edu、galois 和 sympy 的求解器都不在，所以请自己写出来。"
    ),
    "not_a_function": (
        "请传入你的函数本身，例如 check(my_solve_by_chasing)，而不是 list。答案格式应为：函数 "
        "solve_by_chasing(board)，返回按键；棋盘无解时返回 None。"
    ),
}


def test_the_machinery_s_messages_stay_the_same_in_english(english):
    assert machinery_verdicts() == expected(MACHINERY_ENGLISH)


def test_the_machinery_speaks_chinese(chinese):
    assert machinery_verdicts() == expected(MACHINERY_CHINESE)


@pytest.fixture
def spawned_runners(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A judge whose runners are new interpreters (as on Windows), not forks of it."""
    _sandbox._stop_judge()
    monkeypatch.setenv("LIGHTSOUT_SANDBOX_START", "spawn")
    try:
        yield
    finally:
        _sandbox._stop_judge()  # the next check starts a judge that forks again


def test_a_spawned_runner_speaks_the_language_of_the_notebook(spawned_runners, chinese):
    """The forbidden solver's sentence is written in the runner, which is a new process."""
    started = time.monotonic()
    said = ex.check_light_chase(chase_with_the_package_solver).message
    assert said == MACHINERY_CHINESE["absent"], said
    assert time.monotonic() - started < 120
    lo.set_language("en")
    assert (
        ex.check_light_chase(chase_with_the_package_solver).message == (MACHINERY_ENGLISH["absent"])
    )


def test_a_student_error_ends_with_the_language_s_full_stop(chinese):
    from lightsout_edu.exercises.feedback import _sentence

    assert _sentence("对于一个可解的 3x3 棋盘，你的函数抛出了 ValueError：oops") == (
        "对于一个可解的 3x3 棋盘，你的函数抛出了 ValueError：oops。"
    )
    assert _sentence("已经有句号了。") == "已经有句号了。"
    lo.set_language("en")
    assert _sentence("for n = 1, your function raised ValueError") == (
        "for n = 1, your function raised ValueError."
    )


# ---------------------------------------------------------------------------------------------
# The graded assignments
# ---------------------------------------------------------------------------------------------


def grader_messages() -> dict[str, str]:
    """What the graders say, called directly, for wrong answers to two assignments."""
    from grading.graders import game_and_gf2, kernel_and_solvability

    said = {}
    for name, grade, answer in (
        ("nullity", kernel_and_solvability.verify_nullity, 4),
        ("solve_small", game_and_gf2.verify_solve_small, [0, 1, 1, 0]),
        ("self_orthogonal", game_and_gf2.verify_self_orthogonal, [1, 1, 1, 0, 0, 0]),
    ):
        with pytest.raises(AssertionError) as failed:
            grade("s1234567", answer)
        said[name] = str(failed.value)
    return said


def test_the_graders_say_the_same_in_english(english):
    assert grader_messages() == {
        "nullity": "nullity should be your function, not a value of type int",
        "solve_small": "solve_small should be your function, not a value of type list",
        "self_orthogonal": (
            "w has 3 ones, so w . w = 1 over GF(2): a vector is orthogonal to itself exactly "
            "when it has an even number of ones"
        ),
    }


def test_the_graders_speak_chinese(chinese):
    assert grader_messages() == {
        "nullity": "nullity 应当是你的函数，而不是 一个类型为 int 的值",
        "solve_small": "solve_small 应当是你的函数，而不是 一个类型为 list 的值",
        "self_orthogonal": (
            "w 有 3 个 1，所以在 GF(2) 上 w . w = 1：一个向量与自身正交，当且仅当它含有偶数个 1"
        ),
    }
