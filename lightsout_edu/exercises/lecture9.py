"""Exercises of lecture 9: how many presses a board can need."""

from __future__ import annotations

import numpy as np

from lightsout_edu._i18n import t
from lightsout_edu.boards import parse_board
from lightsout_edu.linalg import null_space
from lightsout_edu.rules import rule_offsets, toggle_matrix
from lightsout_edu.solver import solve_board

from .feedback import (
    Feedback,
    WrongForm,
    as_board,
    as_whole_number,
    brief,
    checker,
    hint,
    ok,
)

__all__ = [
    "BOUND_BOARD",
    "WORST_5X5",
    "check_counting_bound",
    "check_fifteen_proof",
    "check_hardest_3x5",
    "check_most_presses_6x7",
    "check_worst_4x4_proof",
]

#: The 5x5 board of the counting-bound exercise.
BOUND_BOARD: str = "11011/10101/01110/10001/11111"
#: A 5x5 board that needs 15 presses, the most any 5x5 board needs.
WORST_5X5: str = "10001/01101/11111/00111/01010"


@checker(lambda: t("a whole number: the most presses a solvable 6x7 board can need"))
def check_most_presses_6x7(answer: object) -> Feedback:
    """The worst case of the 6x7 board, whose toggle matrix is invertible."""
    value = as_whole_number(answer)
    if value == 42:
        return ok(
            t(
                "the 6x7 toggle matrix is invertible: every press pattern is the only solution "
                "of its board, so pressing all 42 cells gives a board that needs all 42."
            )
        )
    if value in (6, 7):
        return hint(t("that is a side; count cells."))
    named = {
        41: t(
            "one short: pressing all 42 cells is a press pattern too, and with nullity 0 it is "
            "the only solution of the board it makes."
        ),
        0: t("0 is the nullity of the 6x7 board, a dimension; the question asks for presses."),
        1: t(
            "1 = 2^0 is how many solutions each 6x7 board has (nullity 0); the question asks "
            "how many presses the hardest board needs."
        ),
        2**42: t("2^42 counts the press patterns (and the solvable boards), not presses."),
    }
    if value in named:
        return hint(named[value])
    return hint(
        t(
            "first find the nullity of the 6x7 board. With nullity 0 every board has exactly "
            "one solution: which press pattern is the biggest? It is some board's only "
            "solution."
        )
    )


@checker(lambda: t("a whole number: the counting bound for BOUND_BOARD"))
def check_counting_bound(answer: object) -> Feedback:
    """ceil(lights on / cells one press changes) for BOUND_BOARD and the plus rule."""
    value = as_whole_number(answer)
    lit, reach = int(parse_board(BOUND_BOARD).sum()), len(rule_offsets("plus"))
    truth = -(-lit // reach)
    if value == truth:
        fewest = int(solve_board(parse_board(BOUND_BOARD)).fewest_presses().sum())
        return ok(
            t(
                "{lit} lights, at most {reach} per press: at least {bound} presses. The truth "
                "is {fewest}: the bound is weak, because presses also turn lights on.",
                lit=lit,
                reach=reach,
                bound=truth,
                fewest=fewest,
            )
        )
    if value == lit // reach:
        return hint(t("round up: a part of a press is not a press."))
    return hint(
        t("count the lit cells and divide by the {reach} cells a press can change.", reach=reach)
    )


@checker(
    lambda: t(
        "a {rows}x{cols} board of 0s and 1s (array, nested list or text board)", rows=3, cols=5
    )
)
def check_hardest_3x5(answer: object) -> Feedback:
    """A 3x5 board that needs 8 presses, the most any 3x5 board needs."""
    board = as_board(answer, (3, 5))
    solution = solve_board(board)
    if not solution.solvable:
        return hint(
            t("this board cannot be switched off at all; a worst case is a solvable board.")
        )
    fewest = int(solution.fewest_presses().sum())
    if fewest == 8:
        return ok(
            t(
                "this board needs 8 presses: each of its {count} solutions has at least 8, and "
                "no 3x5 board needs more.",
                count=solution.solution_count,
            )
        )
    return hint(
        t(
            "this board needs only {count} press; the worst 3x5 board needs 8. Try the press "
            "patterns far from every quiet pattern."
            if fewest == 1
            else "this board needs only {count} presses; the worst 3x5 board needs 8. Try the "
            "press patterns far from every quiet pattern.",
            count=fewest,
        )
    )


@checker(
    lambda: t("the numbers of presses of the four solutions of WORST_5X5, e.g. [15, 16, 17, 18]")
)
def check_fifteen_proof(answer: object) -> Feedback:
    """The weights of the four solutions of WORST_5X5: the proof that it needs 15."""
    if isinstance(answer, (set, frozenset)):
        raise WrongForm(t("give a list: two solutions may have the same number of presses."))
    if isinstance(answer, (str, bytes, dict)) or not hasattr(answer, "__iter__"):
        raise WrongForm(t("{answer} is not a list of numbers.", answer=brief(answer)))
    weights = sorted(as_whole_number(w) for w in np.ravel(np.array(list(answer), dtype=object)))
    truth = sorted(int(x.sum()) for x in solve_board(parse_board(WORST_5X5)).all_solutions())
    if len(weights) != 4:
        return hint(
            t(
                "the board has 4 solutions (x + each quiet pattern), not {count}.",
                count=len(weights),
            )
        )
    if weights == truth:
        return ok(
            t(
                "the four solutions press {weights} cells: none fewer than {fewest}, so the "
                "board needs {fewest} presses, and no 5x5 board needs more.",
                weights=truth,
                fewest=min(truth),
            )
        )
    return hint(
        t(
            "list all four solutions with lo.solve_board(board).all_solutions() and count "
            "the presses of each."
        )
    )


_PROOF_KEYS = ("cell", "each", "total")


def _as_proof_steps(answer: object) -> tuple[tuple[int, int], int, int]:
    """The three steps of the 4x4 proof from a dict {'cell': (r, c), 'each': .., 'total': ..}."""
    if not isinstance(answer, dict):
        raise WrongForm(t("{answer} is not a dict of the three steps.", answer=brief(answer)))
    steps = {str(k).strip().lower(): v for k, v in answer.items()}
    if set(steps) != set(_PROOF_KEYS):
        raise WrongForm(t("the dict should have exactly the keys {keys}.", keys=list(_PROOF_KEYS)))
    cell = steps["cell"]
    if isinstance(cell, (str, bytes, dict)) or not hasattr(cell, "__len__") or len(cell) != 2:
        raise WrongForm(t("the cell should be a pair (row, column), such as (1, 1)."))
    row, col = (as_whole_number(v) for v in cell)
    if not (1 <= row <= 4 and 1 <= col <= 4):
        raise WrongForm(
            t(
                "({row}, {col}) is not a cell: count rows and columns from 1 to 4.",
                row=row,
                col=col,
            )
        )
    return (row, col), as_whole_number(steps["each"]), as_whole_number(steps["total"])


@checker(
    lambda: t(
        "a dict {'cell': (row, column), 'each': a whole number, 'total': a whole number}, "
        "rows and columns counted from 1"
    )
)
def check_worst_4x4_proof(answer: object) -> Feedback:
    """The steps of the proof that no 4x4 board needs more than 7 presses.

    Cell j must have a type of its own (no other cell is pressed by exactly the same quiet
    patterns).  Of the 16 solutions of a solvable board, the 8 leaving j unpressed press every
    other cell i exactly 4 times in all (the types of i and j are independent), so they press
    15 * 4 = 60 cells together and one of them presses at most 7.
    """
    (row, col), each, total = _as_proof_steps(answer)
    kernel = null_space(toggle_matrix(4, 4))  # one quiet pattern per row
    types = kernel.T  # row i: which basis patterns press cell i
    j = 4 * (row - 1) + (col - 1)
    twins = [i for i in range(16) if i != j and np.array_equal(types[i], types[j])]
    if twins:
        twin = (twins[0] // 4 + 1, twins[0] % 4 + 1)
        return hint(
            t(
                "cell ({row}, {col}) is pressed by exactly the same quiet patterns as cell "
                "{twin}, so among the 8 solutions that leave ({row}, {col}) unpressed, {twin} "
                "is pressed by all or by none, depending on the board. Pick a cell that no "
                "other cell shadows in this way (a type of one cell, Lecture 9).",
                row=row,
                col=col,
                twin=twin,
            )
        )
    others = 16 - 1
    if each != 4:
        return hint(
            t(
                "not {each}: the 8 solutions that leave the cell unpressed are x + q for the "
                "quiet patterns q with one fixed value at that cell. How many of them press "
                "another cell i, whose type is different? (8 is how many of all 16 solutions "
                "press it.)"
                if each == 8
                else "not {each}: the 8 solutions that leave the cell unpressed are x + q for "
                "the quiet patterns q with one fixed value at that cell. How many of them "
                "press another cell i, whose type is different?",
                each=each,
            )
        )
    if total != others * each:
        hints = {
            16 * 8: t(
                "that is the total of all 16 solutions; only the 8 that leave the cell "
                "unpressed count."
            ),
            others * each + 8: t(
                "that counts the 8 solutions that press the cell; take the other 8."
            ),
            16 * each: t("the chosen cell itself is pressed by none of these 8 solutions."),
        }
        return hint(
            hints.get(
                total,
                t(
                    "add up over the {others} other cells, each pressed by {each} of the 8 "
                    "solutions, and the chosen cell, pressed by none of them.",
                    others=others,
                    each=each,
                ),
            )
        )
    return ok(
        t(
            "for every solvable 4x4 board, the 8 solutions that leave cell ({row}, {col}) "
            "unpressed press {total} cells in all, so one of them presses at most {most}: no "
            "4x4 board needs more than {most} presses. Lecture 9 found boards that need 7, so "
            "the worst case of the 4x4 board is exactly 7.",
            row=row,
            col=col,
            total=total,
            most=total // 8,
        )
    )
