"""Exercises 1: the kernel (quiet patterns)."""

from __future__ import annotations

import numpy as np

from lightsout_edu.boards import parse_board, press
from lightsout_edu.rules import toggle_matrix

from ._feedback import (
    Feedback,
    _as_board,
    _as_int_set,
    _as_pattern_list,
    _as_whole_number,
    _check_basis,
    _checker,
    _hint,
    _kernel_size,
    _ok,
)

#: A solvable 5x5 board and one press pattern that switches it off: find another one.
SECOND_SOLUTION_BOARD: str = "01010/10101/01010/10101/01010"
SECOND_SOLUTION_PRESSES: str = "01001/10101/01001/00000/11100"


# ---------------------------------------------------------------------------------------------
# E1: the kernel (quiet patterns)
# ---------------------------------------------------------------------------------------------


@_checker("a list of 4x4 boards of 0s and 1s (arrays, nested lists or text boards)")
def check_quiet_patterns_4x4(answer: object) -> Feedback:
    """A basis of the quiet patterns of the 4x4 game (any basis of the kernel is right)."""
    shape = (4, 4)
    return _check_basis(_as_pattern_list(answer, shape), toggle_matrix(*shape), shape)


@_checker("a whole number, e.g. 3")
def check_nullity_9x9(answer: object) -> Feedback:
    """The nullity (dimension of the kernel) of the 9x9 toggle matrix."""
    value, truth = _as_whole_number(answer), _kernel_size(9, 9)
    if value == truth:
        return _ok(f"the 9x9 toggle matrix has rank {81 - truth} and nullity {truth}.")
    if value == 81 - truth:
        return _hint(f"{value} is the rank; the nullity is 81 minus the rank.")
    if value < 0 or value > 81:
        return _hint("the nullity of an 81x81 matrix is between 0 and 81.")
    return _hint(
        "eliminate the 81x81 toggle matrix (lo.toggle_matrix(9, 9)) and count the "
        "columns without a pivot."
    )


@_checker("a list of the sizes n between 1 and 10, e.g. [2, 7]")
def check_singular_sizes(answer: object) -> Feedback:
    """The sizes n <= 10 for which the n x n game has a non-zero quiet pattern."""
    given = _as_int_set(answer)
    truth = {n for n in range(1, 11) if _kernel_size(n, n) > 0}
    if given == truth:
        return _ok(
            f"only n = {sorted(truth)} have quiet patterns; for every other n <= 10 each "
            "board has exactly one solution."
        )
    if given - set(range(1, 11)):
        return _hint("only sizes from 1 to 10 are asked for.")
    wrong, missing = sorted(given - truth), sorted(truth - given)
    if wrong:
        return _hint(
            f"the {wrong[0]}x{wrong[0]} toggle matrix is invertible: it has no "
            "non-zero quiet pattern."
        )
    return _hint(f"{len(missing)} size(s) missing: compute the rank of each toggle matrix.")


@_checker("a list of 5x5 boards of 0s and 1s (arrays, nested lists or text boards)")
def check_torus_kernel_5x5(answer: object) -> Feedback:
    """A basis of the quiet patterns of the 5x5 game on a torus (edges wrap around)."""
    shape = (5, 5)
    patterns = _as_pattern_list(answer, shape)
    return _check_basis(patterns, toggle_matrix(*shape, torus=True), shape)


@_checker("a 5x5 board of 0s and 1s (array, nested list or text board)")
def check_second_solution_5x5(answer: object) -> Feedback:
    """A press pattern other than SECOND_SOLUTION_PRESSES switching SECOND_SOLUTION_BOARD off."""
    board, known = parse_board(SECOND_SOLUTION_BOARD), parse_board(SECOND_SOLUTION_PRESSES)
    presses = _as_board(answer, board.shape, "press pattern")
    left = press(board, presses)
    if left.any():
        return _hint(
            f"{int(left.sum())} light(s) stay on after these presses; add a quiet pattern to "
            "the known solution instead. The lights left on:",
            left,
        )
    if np.array_equal(presses, known):
        return _hint("that is the solution you were given; find a different one.")
    return _ok(
        "the difference of your solution and the given one is a quiet pattern:",
        (presses + known) % 2,
    )


@_checker("a whole number, e.g. 3")
def check_solution_count_4x4(answer: object) -> Feedback:
    """How many press patterns switch off a solvable 4x4 board."""
    value, truth = _as_whole_number(answer), 2 ** _kernel_size(4, 4)
    if value == truth:
        return _ok(f"each solvable 4x4 board has 2^{_kernel_size(4, 4)} = {truth} solutions.")
    if value == _kernel_size(4, 4):
        return _hint("that is the dimension of the kernel; how many vectors does it contain?")
    return _hint(
        "two solutions differ by a quiet pattern: count the quiet patterns of 4x4, "
        "including the zero pattern."
    )
