"""Exercises of lecture 8: checking our work."""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

from lightsout_edu._i18n import t
from lightsout_edu.boards import press
from lightsout_edu.linalg import rref

from ._student_code import StudentError, as_function, describe, run
from .feedback import Feedback, WrongForm, as_cells, checker, fresh_rng, hint, ok

__all__ = [
    "buggy_rref",
    "check_counterexample",
    "check_is_solution",
    "check_my_test",
]

Rref = Callable[[np.ndarray], tuple[np.ndarray, tuple[int, ...]]]


def _gauss_jordan(
    M: np.ndarray,
    *,
    above: bool = True,
    swap: bool = True,
    last_column: bool = True,
    xor: bool = True,
) -> tuple[np.ndarray, tuple[int, ...]]:
    """Gauss-Jordan over GF(2) with switchable mistakes (for the planted bugs)."""
    R = (np.asarray(M) % 2).astype(np.int64)
    rows, cols = R.shape
    pivots: list[int] = []
    r = 0
    for c in range(cols if last_column else cols - 1):
        if r == rows:
            break
        below = np.flatnonzero(R[r:, c])
        if below.size == 0 or (not swap and below[0] != 0):
            continue
        p = r + int(below[0])
        R[[r, p]] = R[[p, r]]
        targets = np.flatnonzero(R[:, c]) if above else r + np.flatnonzero(R[r:, c])
        for target in targets:
            if target != r:
                R[target] = R[target] ^ R[r] if xor else R[target] + R[r]  # the bug: 1 + 1 = 2
        pivots.append(c)
        r += 1
    return R, tuple(pivots)


def buggy_rref(M: np.ndarray) -> tuple[np.ndarray, tuple[int, ...]]:
    """An RREF with a planted bug: it never clears the entries *above* a pivot.

    Examples
    --------
    >>> buggy_rref(np.array([[1, 1], [0, 1]]))[0].tolist()  # should be [[1, 0], [0, 1]]
    [[1, 1], [0, 1]]
    """
    return _gauss_jordan(M, above=False)


def _counted_from_1(R: np.ndarray, pivots: tuple[int, ...]) -> tuple[np.ndarray, tuple[int, ...]]:
    """``R`` and its pivot columns counted from 1 (a planted bug)."""
    return R, tuple(c + 1 for c in pivots)


#: Implementations with one mistake each, for check_my_test: what is wrong -> the function.
_PLANTED: dict[str, Rref] = {
    "does not clear above the pivots": buggy_rref,
    "never swaps rows (skips a column whose pivot is lower down)": lambda M: _gauss_jordan(
        M, swap=False
    ),
    "never takes a pivot in the last column": lambda M: _gauss_jordan(M, last_column=False),
    "returns the pivot columns counted from 1": lambda M: _counted_from_1(*_gauss_jordan(M)),
    "adds rows as integers instead of mod 2 (1 + 1 = 2)": lambda M: _gauss_jordan(M, xor=False),
}


def _planted_case(name: str) -> str:
    """The hidden case of the planted bug ``name`` ("an rref that ..."), in the language in use."""
    cases = {
        "does not clear above the pivots": t("an rref that does not clear above the pivots"),
        "never swaps rows (skips a column whose pivot is lower down)": t(
            "an rref that never swaps rows (skips a column whose pivot is lower down)"
        ),
        "never takes a pivot in the last column": t(
            "an rref that never takes a pivot in the last column"
        ),
        "returns the pivot columns counted from 1": t(
            "an rref that returns the pivot columns counted from 1"
        ),
        "adds rows as integers instead of mod 2 (1 + 1 = 2)": t(
            "an rref that adds rows as integers instead of mod 2 (1 + 1 = 2)"
        ),
    }
    return cases[name]


#: The largest matrix the rref functions given to a student's test accept.
_PLANTED_CELLS = 40_000


def _right_rref(M: np.ndarray) -> tuple[np.ndarray, tuple[int, ...]]:
    """The right RREF, by the planted bugs' own code without a mistake.

    The package's packed engine was ten times faster on a 200x200 matrix: a "test" that
    timed the rref told it from the bugs without looking at its answer.
    """
    return _gauss_jordan(M)


def _given_to_the_test(rref_function: Rref) -> Callable[[object], object]:
    """The rref as the student's test calls it: it reads any 0/1 matrix, and refuses others.

    It runs here, in the judge; the student's test holds only a stand-in that forwards the
    matrix (``_runner.Callback``), so nothing in it tells a planted bug from the right one.
    """

    def call(M: object) -> tuple[np.ndarray, tuple[int, ...]]:
        try:
            matrix = as_cells(M, t("matrix"))
        except WrongForm as err:
            raise ValueError(t("rref needs a 0/1 matrix: {error}", error=err)) from None
        if matrix.ndim != 2:
            raise ValueError(
                t("rref needs a 2-dimensional matrix, not shape {shape}", shape=matrix.shape)
            )
        if matrix.size > _PLANTED_CELLS:
            raise ValueError(
                t("this rref takes matrices of at most {count} entries", count=_PLANTED_CELLS)
            )
        R, pivots = rref_function(matrix)
        # one dtype for all: lo.rref's uint8 told the right rref from the bugs' int64
        return np.asarray(R, dtype=np.int64), tuple(int(c) for c in pivots)

    return call


@checker(lambda: t("a function is_solution(board, presses) returning True or False"))
def check_is_solution(answer: object) -> Feedback:
    """The student's check of a proposed solution, against simulating the game."""
    function = as_function(answer, "is_solution")
    rng = np.random.default_rng(88)
    for trial in range(30):
        if trial == 20:
            rng = fresh_rng()  # the last 10 cases: new at every check
        rows, cols = (int(v) for v in rng.integers(1, 7, size=2))
        board = rng.integers(0, 2, (rows, cols)).astype(np.uint8)
        presses = rng.integers(0, 2, (rows, cols)).astype(np.uint8)
        if trial % 2:  # make it a solution half of the time
            board = press(np.zeros_like(board), presses)
        truth = not press(board, presses).any()
        case = t(
            "the {rows}x{cols} board {board} and presses {presses}",
            rows=rows,
            cols=cols,
            board=board.tolist(),
            presses=presses.tolist(),
        )
        verdict = run(function, board.copy(), presses.copy(), case=case)
        if not isinstance(verdict, (bool, np.bool_)):
            return hint(
                t(
                    "for {case} your function returned {returned}: return True or False.",
                    case=case,
                    returned=describe(verdict),
                )
            )
        if bool(verdict) != truth:
            return hint(
                t(
                    "for {case} the answer is {truth}: press the cells and look at the board.",
                    case=case,
                    truth=truth,
                )
            )
    return ok(t("your check agrees with simulating the game on all 30 hidden cases."))


@checker(lambda: t("a matrix of 0s and 1s on which buggy_rref gives a wrong answer"))
def check_counterexample(answer: object) -> Feedback:
    """A matrix that exposes buggy_rref (it differs from lo.rref there)."""
    M = as_cells(answer, t("matrix"))
    if M.ndim != 2:
        return hint(t("a matrix has rows and columns, this has shape {shape}.", shape=M.shape))
    right, mine = rref(M.astype(np.uint8)), buggy_rref(M)
    if np.array_equal(mine[0], right[0]) and tuple(mine[1]) == tuple(right[1]):
        return hint(
            t(
                "on this matrix buggy_rref is right. Which entries does it never touch? "
                "Look above the pivots."
            )
        )
    return ok(
        t(
            "caught: buggy_rref leaves a 1 above a pivot here, so its answer is not in "
            "reduced row echelon form. A test that only tried identity-like matrices would "
            "never see it."
        )
    )


@checker(
    lambda: t("a function my_test(rref) returning True when the rref function passes your test")
)
def check_my_test(answer: object) -> Feedback:
    """The student's test of an RREF function: it must pass a right one and fail buggy ones.

    Every call of the test gets a fresh, nameless rref function: the right one or one of the
    planted bugs, computed in the judge.  They come in a random order, drawn anew at every
    check, and each call runs in a runner started afresh: a test that remembers its earlier
    calls ("True the first time, then raise") learns nothing from them.
    """
    test = as_function(answer, "test")

    def given(rref_function: Rref) -> object:
        return test.session.callback(_given_to_the_test(rref_function), "rref")

    candidates: list[str | None] = [None, *_PLANTED]  # None: the right rref
    random.SystemRandom().shuffle(candidates)
    escaped = []
    for name in candidates:
        if name is None:
            passed = run(
                test, given(_right_rref), case=t("a correct rref function"), seconds=20, fresh=True
            )
            if not _is_true(passed):
                return hint(
                    t(
                        "your test rejects a correct rref function (it returned {returned}); "
                        "compare with lo.rref, which is right.",
                        returned=describe(passed),
                    )
                )
            continue
        try:
            verdict = run(
                test, given(_PLANTED[name]), case=_planted_case(name), seconds=20, fresh=True
            )
        except StudentError:  # the test crashed on buggy output: that counts as catching it
            continue
        if _is_true(verdict):
            escaped.append(name)
    escaped.sort(key=list(_PLANTED).index)  # the message does not depend on the order
    if escaped:
        return hint(
            t(
                "{count} planted bug escapes your test: {case}."
                if len(escaped) == 1
                else "{count} planted bugs escape your test: {case}.",
                count=len(escaped),
                case=_planted_case(escaped[0]),
            )
        )
    return ok(
        t(
            "your test passes a correct rref and catches all {count} planted bugs.",
            count=len(_PLANTED),
        )
    )


def _is_true(verdict: object) -> bool:
    """True or NumPy's True: what a test returns when it passes."""
    return isinstance(verdict, (bool, np.bool_)) and bool(verdict)
