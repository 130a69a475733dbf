"""Exercises of lecture 6: light chasing."""

from __future__ import annotations

import numpy as np

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
    plural,
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


@checker("the 4x4 board of presses, first row included (array, nested list or text board)")
def check_chase_by_hand(answer: object) -> Feedback:
    """The presses of every row when CHASE_BOARD is chased from CHASE_FIRST_ROW."""
    board = parse_board(CHASE_BOARD)
    presses = as_board(answer, board.shape, "press pattern")
    truth, leftover = chase_lights(board, list(CHASE_FIRST_ROW))
    if not np.array_equal(presses[0], truth[0]):
        return hint(f"the first row is given: {list(CHASE_FIRST_ROW)}.")
    for r in range(1, 4):
        if not np.array_equal(presses[r], truth[r]):
            return hint(
                f"row {r + 1} is not what the chase presses: press exactly below each light of "
                f"row {r} that is still on after the presses of "
                f"{'row 1' if r == 1 else f'rows 1 to {r}'}."
            )
    left = "no light" if not leftover.any() else f"the lights {leftover.tolist()} of the last row"
    return ok(f"that is the chase; it leaves {left} on.")


@checker(
    "a function solve_by_chasing(board) returning the presses, or None when unsolvable",
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
            case = f"a {kind} {rows}x{cols} board"
            returned = run(function, board.copy(), case=case, seconds=10)
            solvable = solve_board(board).solvable
            if returned is None:
                if solvable:
                    return hint(f"for {case} you returned None, but it can be switched off.")
                continue
            try:
                presses = as_board(returned, board.shape, "returned presses")
            except WrongForm as err:
                return hint(f"for {case} your function returned {describe(returned)}: {err}")
            left = press(board, presses)
            if left.any():
                return hint(
                    f"for {case} your presses leave {plural(int(left.sum()), 'light')} on:", left
                )
    return ok("chasing solves every hidden board, 30x30 included, and spots the unsolvable ones.")


@checker("the letter of the right reason: 'a', 'b', 'c' or 'd'")
def check_chase_converse(answer: object) -> Feedback:
    """Why every first row f with C f = 0 chases to a quiet pattern (the converse)."""
    return choice(answer, "chase_converse")


@checker(f"a board of 0s and 1s with 4 to {MAX_SIDE} rows and 4 to {MAX_SIDE} columns")
def check_unique_solution(answer: object) -> Feedback:
    """A non-dark solvable board, at least 4x4, switched off by exactly one press pattern."""
    board = as_board(answer, None)
    rows, cols = board.shape
    if rows < 4 or cols < 4:
        return hint(f"the board is {rows}x{cols}; it needs at least 4 rows and 4 columns.")
    if rows > MAX_SIDE or cols > MAX_SIDE:
        return hint(f"the board is {rows}x{cols}; keep it at most {MAX_SIDE}x{MAX_SIDE}.")
    if not board.any():
        return hint("the dark board is too easy: switch at least one light on.")
    solution = solve_board(board)
    if not solution.solvable:
        return hint("this board cannot be switched off at all.")
    if solution.nullity:
        return hint(
            f"every solvable {rows}x{cols} board has 2^{solution.nullity} solutions, "
            "because the game has quiet patterns. Try another size."
        )
    return ok(f"the {rows}x{cols} toggle matrix is invertible, so the solution is unique.")
