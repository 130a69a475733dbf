"""Exercises of lecture 5: all solutions and the fewest presses."""

from __future__ import annotations

import numpy as np

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
    plural,
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


@checker("a 5x5 board of 0s and 1s (array, nested list or text board)")
def check_second_solution_5x5(answer: object) -> Feedback:
    """A press pattern other than SECOND_SOLUTION_PRESSES switching SECOND_SOLUTION_BOARD off."""
    board, known = parse_board(SECOND_SOLUTION_BOARD), parse_board(SECOND_SOLUTION_PRESSES)
    presses = as_board(answer, board.shape, "press pattern")
    left = press(board, presses)
    if left.any():
        return hint(
            f"{plural(int(left.sum()), 'light stays', 'lights stay')} on after these presses; "
            "add a quiet pattern to "
            "the known solution instead. The lights left on:",
            left,
        )
    if np.array_equal(presses, known):
        return hint("that is the solution you were given; find a different one.")
    return ok(
        "the difference of your solution and the given one is a quiet pattern:",
        (presses + known) % 2,
    )


@checker("a whole number, e.g. 3")
def check_solution_count_4x4(answer: object) -> Feedback:
    """How many press patterns switch off a solvable 4x4 board."""
    value, truth = as_whole_number(answer), 2 ** grid_nullity_of(4, 4)
    if value == truth:
        return ok(f"each solvable 4x4 board has 2^{grid_nullity_of(4, 4)} = {truth} solutions.")
    if value == grid_nullity_of(4, 4):
        return hint("that is the dimension of the kernel; how many vectors does it contain?")
    return hint(
        "two solutions differ by a quiet pattern: count the quiet patterns of 4x4, "
        "including the zero pattern."
    )


@checker(
    f"a {EXACT_PRESSES[0]}x{EXACT_PRESSES[1]} board of 0s and 1s (array, nested list or text board)"
)
def check_needs_exactly_k_presses(answer: object) -> Feedback:
    """A board whose fewest-presses solution has exactly ``EXACT_PRESSES[2]`` presses."""
    rows, cols, k = EXACT_PRESSES
    board = as_board(answer, (rows, cols))
    if not board.any():
        return hint(f"the dark board needs no presses at all; it should need {k}.")
    solution = solve_board(board)
    if not solution.solvable:
        return hint("this board cannot be switched off at all.")
    fewest = int(solution.fewest_presses().sum())
    if fewest == k:
        return ok(f"this board can be switched off with {k} presses and not with fewer.")
    if fewest < k:
        return hint(
            f"this board can be switched off with only {plural(fewest, 'press', 'presses')}. "
            f"Pressing {k} cells "
            "of the dark board is not enough: adding a quiet pattern may give a shorter solution."
        )
    return hint(f"this board needs {fewest} presses, more than {k}.")


@checker(
    "a function fewest(particular, kernel) returning a lightest vector of the coset",
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
            cases.append((f"a {rows}x{cols} board", board, taps, solve_board(board)))
    for name, board, taps, solution in cases:
        particular = taps.reshape(-1)
        kernel = solution.quiet_patterns.reshape(solution.nullity, board.size)
        case = f"{name} with {plural(len(kernel), 'quiet pattern')}"
        returned = run(function, particular.copy(), kernel.copy(), case=case)
        try:
            x = as_cells(returned, "returned vector").ravel()
        except WrongForm as err:
            return hint(
                f"for {case} your function returned {describe(returned)}, not a vector: {err}"
            )
        if x.size != particular.size:
            return hint(f"for {case} the vector has {x.size} entries, not {particular.size}.")
        if press(board, x.reshape(board.shape)).any():
            return hint(
                f"for {case} your vector does not switch the board off: it is not in the "
                "coset particular + span(kernel)."
            )
        best = int(solution.fewest_presses().sum())
        if int(x.sum()) != best:
            return hint(
                f"for {case} your vector presses {int(x.sum())} cells, but {best} is "
                f"possible: try all {2 ** len(kernel)} combinations of the kernel."
            )
    return ok(f"the fewest presses on all {len(cases)} hidden boards, 9x9 (8 quiet patterns) too.")
