"""Exercises of lecture 1: the game and its toggle matrix."""

from __future__ import annotations

import numbers

import numpy as np

from lightsout_edu._i18n import t
from lightsout_edu.boards import press
from lightsout_edu.rules import RULES, toggle_matrix

from ._student_code import as_function, describe, run
from .feedback import (
    Feedback,
    WrongForm,
    as_board,
    as_cells,
    board_text,
    checker,
    choice,
    fresh_rng,
    hint,
    ok,
)

__all__ = [
    "check_ones_in_toggle_matrix",
    "check_order_does_not_matter",
    "check_order_proof",
    "check_press_function",
    "check_toggle_matrix_2x3",
]


@checker(
    lambda: t(
        "a 6x6 matrix of 0s and 1s (nested list or array): column j = what pressing cell j does"
    )
)
def check_toggle_matrix_2x3(answer: object) -> Feedback:
    """The toggle matrix of the 2x3 board, built by hand."""
    A = as_cells(answer, t("toggle matrix"))
    truth = toggle_matrix(2, 3).astype(np.int64)
    if A.shape != truth.shape:
        return hint(t("a 2x3 board has 6 cells, so A is 6x6; yours is {shape}.", shape=A.shape))
    for j in range(6):
        if not np.array_equal(A[:, j], truth[:, j]):
            r, c = divmod(j, 3)
            return hint(
                t(
                    "column {column} should be what pressing cell {column} (row {row}, column "
                    "{col}) toggles; read as a board, your column {column} is:",
                    column=j + 1,
                    row=r + 1,
                    col=c + 1,
                ),
                A[:, j].reshape(2, 3),
            )
    return ok(t("every column is the pattern one press toggles; the matrix is symmetric."))


@checker(
    lambda: t(
        "a function parity_vector(sequence, n_cells) returning a 0/1 vector of length n_cells"
    )
)
def check_order_does_not_matter(answer: object) -> Feedback:
    """A function giving x with: pressing ``sequence`` (in order) turns b into b + A x."""
    function = as_function(answer, "parity_vector")
    rng = np.random.default_rng(2024)
    drawn = fresh_rng()
    sizes = [(3, 3), (4, 4), (2, 5), tuple(int(v) for v in drawn.integers(1, 7, size=2))]
    for index, (rows, cols) in enumerate(sizes):
        if index == len(sizes) - 1:
            rng = drawn  # the last size, its sequences and boards: new at every check
        A, n = toggle_matrix(rows, cols), rows * cols
        for length in [0, 1, 2, 5, 12, 30]:
            sequence = [int(c) for c in rng.integers(0, n, size=length)]
            board = rng.integers(0, 2, size=(rows, cols)).astype(np.uint8)
            played = board
            for cell in sequence:
                played = press(played, np.eye(1, n, cell, dtype=np.uint8).reshape(rows, cols))
            case = t("the sequence {sequence} and n_cells = {n}", sequence=sequence, n=n)
            returned = run(function, list(sequence), n, case=case)
            if returned is None or isinstance(returned, (str, bytes, bool, numbers.Number)):
                return hint(
                    t(
                        "for {case} your function returned {returned}; return a list or array "
                        "of n_cells 0s and 1s.",
                        case=case,
                        returned=describe(returned),
                    )
                )
            x = as_cells(returned, t("returned vector")).ravel()
            if x.size != n:
                return hint(
                    t(
                        "for {n} cells the vector should have {n} entries, not {size}.",
                        n=n,
                        size=x.size,
                    )
                )
            if not np.array_equal((board.ravel() + A @ x) % 2, played.ravel()):
                return hint(
                    t(
                        "for the sequence {sequence} on a {rows}x{cols} board, b + A x differs "
                        "from the board obtained by pressing the cells in order. How often was "
                        "each cell pressed?",
                        sequence=sequence,
                        rows=rows,
                        cols=cols,
                    )
                )
    return ok(
        t(
            "the result depends only on how often (mod 2) each cell is pressed, not on the "
            "order: addition in GF(2)^n is commutative and x + x = 0."
        )
    )


def _press_cases() -> list[tuple[str, np.ndarray, int, int, np.ndarray]]:
    """(rule name, board, r, c, stencil): corners, edges, the middle, 1-row boards.

    Then boards, sizes and cells drawn anew at every check (:func:`fresh_rng`).
    """
    rng = np.random.default_rng(7)
    cases = []
    for name in ("plus", "x", "king", "neighbors"):
        for rows, cols in [(3, 3), (1, 5), (4, 6), (5, 1)]:
            board = rng.integers(0, 2, (rows, cols)).astype(np.uint8)
            for r, c in {(0, 0), (rows - 1, cols - 1), (rows // 2, cols // 2), (0, cols - 1)}:
                cases.append((name, board, r, c, RULES[name].copy()))
    drawn = fresh_rng()
    for name in ("plus", "x", "king", "neighbors"):
        for _ in range(3):
            rows, cols = (int(v) for v in drawn.integers(1, 8, size=2))
            board = drawn.integers(0, 2, (rows, cols)).astype(np.uint8)
            r, c = int(drawn.integers(rows)), int(drawn.integers(cols))
            cases.append((name, board, r, c, RULES[name].copy()))
    return cases


def _wrapped_press(truth: np.ndarray, r: int, c: int, stencil: np.ndarray) -> np.ndarray:
    """The press ``truth`` plus what negative indices toggle in Python (row or column -1)."""
    wrapped = truth.copy()
    rows, cols = truth.shape
    for i, j in np.argwhere(stencil):
        rr, cc = r + int(i) - 1, c + int(j) - 1
        if (rr < 0 or cc < 0) and -rows <= rr < rows and -cols <= cc < cols:
            wrapped[rr, cc] ^= 1
    return wrapped


@checker(
    lambda: t("a function press_cell(board, r, c, stencil) returning the new board"), forbid="press"
)
def check_press_function(answer: object) -> Feedback:
    """The student's press for any 3x3 stencil, against the package's simulation."""
    function = as_function(answer, "press_cell")
    for name, board, r, c, stencil in _press_cases():
        case = t(
            "the {rows}x{cols} board {board} (rule {rule}, cell ({r}, {c}))",
            rows=board.shape[0],
            cols=board.shape[1],
            board=repr(board_text(board)),
            rule=repr(name),
            r=r,
            c=c,
        )
        before = board.copy()
        returned = run(function, board.copy(), r, c, stencil.copy(), case=case)
        try:
            got = as_board(returned, board.shape, t("returned board"))
        except WrongForm as err:
            return hint(
                t(
                    "for {case} your function returned {returned}, not a board: {error}",
                    case=case,
                    returned=describe(returned),
                    error=err,
                )
            )
        taps = np.zeros(board.shape, dtype=np.uint8)
        taps[r, c] = 1
        truth = press(before, taps, rule=stencil)
        if not np.array_equal(got, truth) and np.array_equal(
            got, _wrapped_press(truth, r, c, stencil)
        ):
            return hint(
                t(
                    "for {case} your press reaches across the edge: in Python board[-1] is the "
                    "last row (and board[:, -1] the last column), not an error. Check "
                    "0 <= r + dr and 0 <= c + dc yourself. Your board:",
                    case=case,
                ),
                got,
            )
        if not np.array_equal(got, truth):
            wrong = np.argwhere(got != truth)
            rr, cc = (int(v) for v in wrong[0])
            return hint(
                t(
                    "for {case} {count} cell of your board is wrong, e.g. ({r}, {c}). A press "
                    "at (r, c) toggles cell (r + i - 1, c + j - 1) wherever stencil[i][j] is "
                    "1 and that cell is on the board, and nothing else. Your board:"
                    if len(wrong) == 1
                    else "for {case} {count} cells of your board are wrong, e.g. ({r}, {c}). "
                    "A press at (r, c) toggles cell (r + i - 1, c + j - 1) wherever "
                    "stencil[i][j] is 1 and that cell is on the board, and nothing else. "
                    "Your board:",
                    case=case,
                    count=len(wrong),
                    r=rr,
                    c=cc,
                ),
                got,
            )
    return ok(t("your press works for every rule, at corners, edges and on one-row boards."))


#: Up to this n a failure of ones(n) names the right count: a board small enough to count
#: by hand. Beyond it, the feedback names the case and the student's value, never the truth.
SMALL_N = 3


@checker(
    lambda: t("a function ones(n) returning how many 1s the n x n toggle matrix has"),
    forbid="press",
)
def check_ones_in_toggle_matrix(answer: object) -> Feedback:
    """A formula for the number of 1s of the n x n toggle matrix ("plus" rule)."""
    function = as_function(answer, "ones")
    drawn = fresh_rng()
    # the last hidden board is too big to build its toggle matrix (n^4 entries): a formula only
    hidden = [int(n) for n in (*drawn.integers(6, 100, size=3), drawn.integers(1000, 4000))]
    for n in [1, 2, 3, 4, 5, 7, 10, 31, 100, *hidden]:
        value = run(function, n, case=f"n = {n}")
        truth = int(toggle_matrix(n, n).sum()) if n <= 31 else 5 * n * n - 4 * n
        if isinstance(value, (float, np.floating)):
            return hint(
                t(
                    "for n = {n} your function returned {returned}, a float: return a whole "
                    "number (an int). In Python / always gives a float, // an int.",
                    n=n,
                    returned=describe(value),
                )
            )
        if not isinstance(value, (int, np.integer)) or isinstance(value, bool):
            return hint(
                t(
                    "for n = {n} your function returned {returned}, not a number.",
                    n=n,
                    returned=describe(value),
                )
            )
        if int(value) != truth and n <= SMALL_N:  # small enough to count: the count helps
            return hint(
                t(
                    "for n = {n} the matrix has {truth} ones (count them in "
                    "lo.toggle_matrix({n}, {n})), your formula gives {value}. Count per cell: "
                    "a corner press toggles 3 lights, an edge press 4, an inner press 5.",
                    n=n,
                    truth=truth,
                    value=int(value),
                )
            )
        if int(value) != truth:
            return hint(
                t(
                    "for n = {n} your formula gives {value}, which is not the number of ones. "
                    "Count per cell: a corner press toggles 3 lights, an edge press 4, an "
                    "inner press 5; how many corners, edge cells and inner cells has an n x n "
                    "board?",
                    n=n,
                    value=int(value),
                )
            )
    return ok(t("4 corners x 3 + 4(n - 2) edges x 4 + (n - 2)^2 inner cells x 5 = 5n^2 - 4n."))


@checker(lambda: t("the letter of the step that is wrong: 'a', 'b', 'c' or 'd'"))
def check_order_proof(answer: object) -> Feedback:
    """Spot the wrong step in a proof that the order of presses does not matter."""
    return choice(answer, "order_proof")
