"""A write-it-yourself exercise gives the same verdicts with bubblewrap and without it (issue 42).

Each checker with a policy (``forbid=``) gets the same answers twice: once with the runner in
bubblewrap (``_bubblewrap._runner_only``), once without it (``_absent``, the fallback a
machine without bubblewrap uses).  The answers are a right one, ones that call what the task
text leaves out (the package's boards and matrices, galois, sympy), and a wrong one; and a
checker without a policy, whose function may use the package, both ways.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from lightsout_edu import exercises as ex
from lightsout_edu.exercises import _absent, _bubblewrap, _sandbox
from tests import test_sandbox

pytestmark = pytest.mark.skipif(
    _bubblewrap.unavailable() is not None, reason="bubblewrap does not run here"
)


#: The answers, as a notebook defines them (in ``__main__``: cloudpickle sends them by value).
STUDENT_CODE = (
    "import numpy as np\nimport lightsout_edu as lo\n\n\n"
    + inspect.getsource(test_sandbox.gauss_jordan)
    + """

def press_with_the_package(board, r, c, stencil):
    return lo.press(board, np.eye(*board.shape, dtype=np.uint8), rule=stencil)


def ones_from_the_toggle_matrix(n):
    return int(lo.toggle_matrix(n, n).sum())


def elimination_that_builds_a_toggle_matrix(M):
    lo.toggle_matrix(2, 2)  # "allowed" by the task's old text, not there in the sandbox
    return gauss_jordan(M)


def elimination_with_galois(M):
    import galois

    R = galois.GF(2)(M % 2).row_reduce()
    return np.asarray(R), [int(np.flatnonzero(row)[0]) for row in np.asarray(R) if row.any()]


def fewest_with_the_package(particular, kernel):
    return lo.parse_board("1")


def chase_with_the_package(board):
    return lo.solve_board(board).presses


def parity_checks(rows, cols, working):
    checks = [np.eye(rows * cols, dtype=np.uint8)[i].reshape(rows, cols)
              for i in range((working + 1) * cols, rows * cols)]
    for c in range(cols):
        y = np.zeros((rows + 2, cols + 2), dtype=np.uint8)
        y[1, 1 + c] = 1
        for r in range(1, working + 1):
            y[r + 1, 1:-1] = (y[r - 1, 1:-1] + y[r, :-2] + y[r, 1:-1] + y[r, 2:]) % 2
        checks.append(y[1:-1, 1:-1])
    return checks


def parity_checks_from_the_lecture(rows, cols, working):
    return lo.left_null_space(lo.toggle_matrix(rows, cols)[:, : working * cols])


def is_solution_with_the_package(board, presses):
    return not lo.press(board, presses).any()
"""
)
STUDENT: dict[str, Any] = {"__name__": "__main__"}
exec(compile(STUDENT_CODE, "<notebook>", "exec"), STUDENT)


ANSWERS: dict[str, tuple[Callable[..., object], list[Callable[..., object]]]] = {
    "E1.3": (ex.check_press_function, [STUDENT["press_with_the_package"], lambda b, r, c, s: b]),
    "E1.2": (
        ex.check_ones_in_toggle_matrix,
        [STUDENT["ones_from_the_toggle_matrix"], lambda n: 5 * n * n],
    ),
    "E3.4": (
        ex.check_gauss_jordan,
        [
            STUDENT["gauss_jordan"],
            STUDENT["elimination_that_builds_a_toggle_matrix"],
            STUDENT["elimination_with_galois"],
            lambda M: (M, []),
        ],
    ),
    "E4.9": (
        ex.check_broken_buttons,
        [STUDENT["parity_checks"], STUDENT["parity_checks_from_the_lecture"]],
    ),
    "E5.4": (ex.check_fewest_presses, [STUDENT["fewest_with_the_package"]]),
    "E6.4": (ex.check_light_chase, [STUDENT["chase_with_the_package"], lambda board: None]),
    # no policy: the package is there, both ways
    "E8.1": (ex.check_is_solution, [STUDENT["is_solution_with_the_package"]]),
}


def verdicts(start: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, bool, str]]:
    monkeypatch.setenv("LIGHTSOUT_SANDBOX_START", start)
    _sandbox._stop_judge()
    try:
        for exercise, (check, answers) in ANSWERS.items():
            for answer in answers:
                verdict = check(answer)
                yield exercise, verdict.correct, verdict.message
    finally:
        _sandbox._stop_judge()


@pytest.mark.slow
def test_every_write_it_yourself_check_says_the_same_with_and_without_bubblewrap(monkeypatch):
    sandboxed = list(verdicts("bubblewrap", monkeypatch))
    fallback = list(verdicts("fork", monkeypatch))
    assert fallback == sandboxed
    passed = [exercise for exercise, correct, _ in sandboxed if correct]
    assert passed == ["E3.4", "E4.9", "E8.1"]  # right ones, and one that may use the package
    refused = [message for _, _, message in sandboxed if "are not there" in message]
    assert len(refused) == 7  # every call of the package, galois or sympy


def test_the_fallback_leaves_out_what_bubblewrap_leaves_out():
    kept = {
        "lightsout_edu." + name.removesuffix(".py").replace("/", ".")
        for name in _bubblewrap.RUNNER_MODULES
        if name != "__init__.py"
    }
    assert kept | {
        "lightsout_edu",
        "lightsout_edu.exercises._absent",
        "lightsout_edu.exercises",
    } == set(_absent.KEPT)
