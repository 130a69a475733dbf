"""Exercises of lecture 5: all solutions and the fewest presses."""

from __future__ import annotations

import numpy as np

from lightsout_edu._i18n import t
from lightsout_edu.boards import parse_board, press
from lightsout_edu.solver import solve_board

from ._student_code import as_function, describe, run
from .feedback import (
    Feedback,
    WrongForm,
    as_board,
    as_cells,
    as_whole_number,
    checker,
    grid_nullity_of,
    hint,
    ok,
)

__all__ = [
    "EXACT_PRESSES",
    "SECOND_SOLUTION_BOARD",
    "SECOND_SOLUTION_PRESSES",
    "check_fewest_presses",
    "check_needs_exactly_k_presses",
    "check_second_solution_5x5",
    "check_solution_count_4x4",
]

#: A solvable 5x5 board and one press pattern that switches it off: find another one.
SECOND_SOLUTION_BOARD: str = "01010/10101/01010/10101/01010"
SECOND_SOLUTION_PRESSES: str = "01001/10101/01001/00000/11100"
#: (rows, cols, k): find a board of this size whose fewest-presses solution has k presses.
EXACT_PRESSES: tuple[int, int, int] = (4, 4, 6)


@checker(lambda: t("a 5x5 board of 0s and 1s (array, nested list or text board)"))
def check_second_solution_5x5(answer: object) -> Feedback:
    """A press pattern other than SECOND_SOLUTION_PRESSES switching SECOND_SOLUTION_BOARD off."""
    board, known = parse_board(SECOND_SOLUTION_BOARD), parse_board(SECOND_SOLUTION_PRESSES)
    presses = as_board(answer, board.shape, t("press pattern"))
    left = press(board, presses)
    if left.any():
        count = int(left.sum())
        return hint(
            t(
                "{count} light stays on after these presses; add a quiet pattern to the known "
                "solution instead. The lights left on:"
                if count == 1
                else "{count} lights stay on after these presses; add a quiet pattern to the "
                "known solution instead. The lights left on:",
                count=count,
            ),
            left,
        )
    if np.array_equal(presses, known):
        return hint(t("that is the solution you were given; find a different one."))
    return ok(
        t("the difference of your solution and the given one is a quiet pattern:"),
        (presses + known) % 2,
    )


@checker(lambda: t("a whole number, e.g. 3"))
def check_solution_count_4x4(answer: object) -> Feedback:
    """How many press patterns switch off a solvable 4x4 board."""
    value, truth = as_whole_number(answer), 2 ** grid_nullity_of(4, 4)
    if value == truth:
        return ok(
            t(
                "each solvable 4x4 board has 2^{nullity} = {count} solutions.",
                nullity=grid_nullity_of(4, 4),
                count=truth,
            )
        )
    if value == grid_nullity_of(4, 4):
        return hint(t("that is the dimension of the kernel; how many vectors does it contain?"))
    return hint(
        t(
            "two solutions differ by a quiet pattern: count the quiet patterns of 4x4, "
            "including the zero pattern."
        )
    )


@checker(
    lambda: t(
        "a {rows}x{cols} board of 0s and 1s (array, nested list or text board)",
        rows=EXACT_PRESSES[0],
        cols=EXACT_PRESSES[1],
    )
)
def check_needs_exactly_k_presses(answer: object) -> Feedback:
    """A board whose fewest-presses solution has exactly ``EXACT_PRESSES[2]`` presses."""
    rows, cols, k = EXACT_PRESSES
    board = as_board(answer, (rows, cols))
    if not board.any():
        return hint(t("the dark board needs no presses at all; it should need {k}.", k=k))
    solution = solve_board(board)
    if not (solution.solvable and solution.fewest_presses().sum() == k) and _presses_for_board(
        board, k
    ):
        return hint(
            t(
                "this board has {k} lights, and pressing those {k} cells on the dark board "
                "gives a board that needs {k} presses: the answer is that board, "
                "lo.press(dark, presses), not the presses.",
                k=k,
            )
        )
    if not solution.solvable:
        return hint(t("this board cannot be switched off at all."))
    fewest = int(solution.fewest_presses().sum())
    if fewest == k:
        return ok(t("this board can be switched off with {k} presses and not with fewer.", k=k))
    if fewest < k:
        return hint(
            t(
                "this board can be switched off with only {count} press. Pressing {k} cells of "
                "the dark board is not enough: adding a quiet pattern may give a shorter "
                "solution."
                if fewest == 1
                else "this board can be switched off with only {count} presses. Pressing {k} "
                "cells of the dark board is not enough: adding a quiet pattern may give a "
                "shorter solution.",
                count=fewest,
                k=k,
            )
        )
    return hint(t("this board needs {count} presses, more than {k}.", count=fewest, k=k))


def _presses_for_board(board: np.ndarray, k: int) -> bool:
    """Whether ``board`` is k presses whose board (pressed on the dark one) needs exactly k."""
    if int(board.sum()) != k:
        return False
    made = press(np.zeros_like(board), board)
    return int(solve_board(made).fewest_presses().sum()) == k


def _one_pattern_helps(particular: np.ndarray, kernel: np.ndarray) -> bool:
    """Whether adding one quiet pattern alone (mod 2) makes ``particular`` lighter.

    If none does, particular itself is what a greedy search returns, as well as a search that
    counted its candidates before reducing them mod 2: the hint cannot blame the % 2.
    """
    weight = int((particular % 2).sum())
    return any(int(((particular + pattern) % 2).sum()) < weight for pattern in kernel)


@checker(
    lambda: t("a function fewest(particular, kernel) returning a lightest vector of the coset"),
    forbid="fewest",
)
def check_fewest_presses(answer: object) -> Feedback:
    """The student's exact fewest-presses search: the lightest x + c_1 k_1 + ... + c_d k_d."""
    function = as_function(answer, "fewest")
    rng = np.random.default_rng(55)
    cases = []
    for rows, cols in [(5, 5), (4, 4), (9, 9), (4, 5), (1, 4), (3, 3)]:
        for _ in range(3):  # the presses that made the board: a solution, rarely the lightest
            taps = (rng.random((rows, cols)) < 0.5).astype(np.uint8)
            board = press(np.zeros_like(taps), taps)
            cases.append((rows, cols, board, taps, solve_board(board)))
    for rows, cols, board, taps, solution in cases:
        particular = taps.reshape(-1)
        kernel = solution.quiet_patterns.reshape(solution.nullity, board.size)
        case = t(
            "a {rows}x{cols} board with {count} quiet pattern"
            if len(kernel) == 1
            else "a {rows}x{cols} board with {count} quiet patterns",
            rows=rows,
            cols=cols,
            count=len(kernel),
        )
        returned = run(function, particular.copy(), kernel.copy(), case=case)
        try:
            x = as_cells(returned, t("returned vector")).ravel()
        except WrongForm as err:
            return hint(
                t(
                    "for {case} your function returned {returned}, not a vector: {error}",
                    case=case,
                    returned=describe(returned),
                    error=err,
                )
            )
        if x.size != particular.size:
            return hint(
                t(
                    "for {case} the vector has {size} entries, not {right}.",
                    case=case,
                    size=x.size,
                    right=particular.size,
                )
            )
        if press(board, x.reshape(board.shape)).any():
            return hint(
                t(
                    "for {case} your vector does not switch the board off: it is not in the "
                    "coset particular + span(kernel).",
                    case=case,
                )
            )
        best = int(solution.fewest_presses().sum())
        if int(x.sum()) != best:
            if np.array_equal(x, particular % 2) and not _one_pattern_helps(particular, kernel):
                return hint(
                    t(
                        "for {case} your vector presses {count} cells, but {best} is "
                        "possible. Yours is particular itself (c = 0): adding any one quiet "
                        "pattern alone makes it no lighter, but a sum of several does. Try "
                        "all {combinations} vectors particular + c @ kernel, each reduced mod "
                        "2, not one quiet pattern at a time.",
                        case=case,
                        count=int(x.sum()),
                        best=best,
                        combinations=2 ** len(kernel),
                    )
                )
            if np.array_equal(x, particular % 2):
                return hint(
                    t(
                        "for {case} your vector presses {count} cells, but {best} is "
                        "possible. Yours is particular itself (c = 0): counted before % 2, "
                        "every other candidate particular + c @ kernel looks heavier. Reduce "
                        "each of the {combinations} candidates mod 2, then count its presses.",
                        case=case,
                        count=int(x.sum()),
                        best=best,
                        combinations=2 ** len(kernel),
                    )
                )
            return hint(
                t(
                    "for {case} your vector presses {count} cells, but {best} is possible: "
                    "one of the {combinations} vectors particular + c @ kernel is lighter.",
                    case=case,
                    count=int(x.sum()),
                    best=best,
                    combinations=2 ** len(kernel),
                )
            )
    return ok(
        t(
            "the fewest presses on all {count} hidden boards, 9x9 (8 quiet patterns) too.",
            count=len(cases),
        )
    )
