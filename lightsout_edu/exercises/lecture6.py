"""Exercises of lecture 6: light chasing."""

from __future__ import annotations

import numpy as np

from lightsout_edu._i18n import t
from lightsout_edu.boards import parse_board, press
from lightsout_edu.chase import chase_lights
from lightsout_edu.solver import solve_board

from ._student_code import as_function, describe, run
from .feedback import (
    MAX_SIDE,
    Feedback,
    WrongForm,
    as_board,
    checker,
    choice,
    hint,
    ok,
)

__all__ = [
    "CHASE_BOARD",
    "CHASE_FIRST_ROW",
    "check_chase_by_hand",
    "check_chase_converse",
    "check_light_chase",
    "check_unique_solution",
]

#: A 4x4 board and the presses of its first row: chase the lights down by hand.
CHASE_BOARD: str = "1011/0110/1000/0011"
CHASE_FIRST_ROW: tuple[int, ...] = (0, 1, 0, 0)


@checker(
    lambda: t("the 4x4 board of presses, first row included (array, nested list or text board)")
)
def check_chase_by_hand(answer: object) -> Feedback:
    """The presses of every row when CHASE_BOARD is chased from CHASE_FIRST_ROW."""
    board = parse_board(CHASE_BOARD)
    presses = as_board(answer, board.shape, t("press pattern"))
    truth, leftover = chase_lights(board, list(CHASE_FIRST_ROW))
    if np.array_equal(presses, truth.T) and not np.array_equal(truth, truth.T):
        return hint(
            t(
                "this is the chase turned on its side (the transpose): the first row is the top "
                "row, and the chase goes down row by row."
            )
        )
    if not np.array_equal(presses[0], truth[0]):
        return hint(t("the first row is given: {row}.", row=list(CHASE_FIRST_ROW)))
    for r in range(1, 4):
        if not np.array_equal(presses[r], truth[r]):
            toggled = _times_toggled(board, truth[:r])[r - 1]
            if np.array_equal(presses[r], toggled > 0):
                return hint(
                    t(
                        "row {row} presses below a light of row {above} that was switched "
                        "twice, so it is off again (1 + 1 = 0): press only below the lights "
                        "still on.",
                        row=r + 1,
                        above=r,
                    )
                )
            return hint(
                t(
                    "row {row} is not what the chase presses: press exactly below each light "
                    "of row {above} that is still on after the presses of row 1."
                    if r == 1
                    else "row {row} is not what the chase presses: press exactly below each "
                    "light of row {above} that is still on after the presses of rows 1 to "
                    "{above}.",
                    row=r + 1,
                    above=r,
                )
            )
    if not leftover.any():
        return ok(t("that is the chase; it leaves no light on."))
    return ok(
        t(
            "that is the chase; it leaves the lights {lights} of the last row on.",
            lights=leftover.tolist(),
        )
    )


def _times_toggled(board: np.ndarray, presses: np.ndarray) -> np.ndarray:
    """How often each light of ``board`` is on or toggled by the rows ``presses``, not mod 2."""
    counts = board.astype(np.int64)
    for r, c in zip(*np.nonzero(presses), strict=True):
        for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < counts.shape[0] and 0 <= c + dc < counts.shape[1]:
                counts[r + dr, c + dc] += 1
    return counts


@checker(
    lambda: t("a function solve_by_chasing(board) returning the presses, or None when unsolvable"),
    forbid="chase",
)
def check_light_chase(answer: object) -> Feedback:
    """The student's solver by light chasing, on boards too big for trying all first rows."""
    function = as_function(answer, "solve_by_chasing")
    rng = np.random.default_rng(66)
    shapes = [(3, 3), (5, 5), (4, 4), (1, 6), (6, 1), (7, 9), (9, 9), (17, 17), (30, 30)]
    for rows, cols in shapes:
        for kind in ("solvable", "random"):
            if kind == "solvable":
                taps = rng.integers(0, 2, (rows, cols)).astype(np.uint8)
                board = press(np.zeros((rows, cols), dtype=np.uint8), taps)
            else:
                board = rng.integers(0, 2, (rows, cols)).astype(np.uint8)
            case = t(
                "a solvable {rows}x{cols} board"
                if kind == "solvable"
                else "a random {rows}x{cols} board",
                rows=rows,
                cols=cols,
            )
            returned = run(function, board.copy(), case=case, seconds=10)
            solvable = solve_board(board).solvable
            if returned is None:
                if solvable:
                    return hint(
                        t(
                            "for {case} you returned None, but it can be switched off.",
                            case=case,
                        )
                    )
                continue
            try:
                presses = as_board(returned, board.shape, t("returned presses"))
            except WrongForm as err:
                return hint(
                    t(
                        "for {case} your function returned {returned}: {error}",
                        case=case,
                        returned=describe(returned),
                        error=err,
                    )
                )
            left = press(board, presses)
            if left.any():
                count = int(left.sum())
                said = t(
                    "for {case} your presses leave {count} light on:"
                    if count == 1
                    else "for {case} your presses leave {count} lights on:",
                    case=case,
                    count=count,
                )
                if not solvable:
                    said = t(
                        "for {case} no presses switch this board off: when the last row "
                        "cannot be cleared, return None. Your presses leave these lights on:",
                        case=case,
                    )
                return hint(said, left)
    return ok(
        t("chasing solves every hidden board, 30x30 included, and spots the unsolvable ones.")
    )


@checker(lambda: t("the letter of the right reason: 'a', 'b', 'c' or 'd'"))
def check_chase_converse(answer: object) -> Feedback:
    """Why every first row f with C f = 0 chases to a quiet pattern (the converse)."""
    return choice(answer, "chase_converse")


@checker(
    lambda: t("a board of 0s and 1s with 4 to {side} rows and 4 to {side} columns", side=MAX_SIDE)
)
def check_unique_solution(answer: object) -> Feedback:
    """A non-dark solvable board, at least 4x4, switched off by exactly one press pattern."""
    board = as_board(answer, None)
    rows, cols = board.shape
    if rows < 4 or cols < 4:
        return hint(
            t(
                "the board is {rows}x{cols}; it needs at least 4 rows and 4 columns.",
                rows=rows,
                cols=cols,
            )
        )
    if rows > MAX_SIDE or cols > MAX_SIDE:
        return hint(
            t(
                "the board is {rows}x{cols}; keep it at most {side}x{side}.",
                rows=rows,
                cols=cols,
                side=MAX_SIDE,
            )
        )
    if not board.any():
        return hint(t("the dark board is too easy: switch at least one light on."))
    solution = solve_board(board)
    if not solution.solvable:
        return hint(t("this board cannot be switched off at all."))
    if solution.nullity:
        return hint(
            t(
                "every solvable {rows}x{cols} board has 2^{nullity} solutions, because the "
                "game has quiet patterns. Try another size.",
                rows=rows,
                cols=cols,
                nullity=solution.nullity,
            )
        )
    return ok(
        t(
            "the {rows}x{cols} toggle matrix is invertible, so the solution is unique.",
            rows=rows,
            cols=cols,
        )
    )
