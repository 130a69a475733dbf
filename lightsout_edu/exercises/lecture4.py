"""Exercises of lecture 4: solvability and the kernel."""

from __future__ import annotations

import numbers
from fractions import Fraction

import numpy as np

from lightsout_edu.boards import parse_board
from lightsout_edu.linalg import rank
from lightsout_edu.rules import toggle_matrix
from lightsout_edu.solver import solve_board

from ._feedback import (
    Feedback,
    _as_board,
    _as_fraction,
    _as_int_set,
    _as_pattern_list,
    _as_whole_number,
    _brief,
    _check_basis,
    _checker,
    _hint,
    _kernel_size,
    _ok,
    _plural,
    _WrongForm,
)

__all__ = [
    "UNSOLVABLE_BOARD",
    "VERDICT_BOARDS",
    "check_certificate",
    "check_nullity_9x9",
    "check_probability_solvable_6x6",
    "check_quiet_patterns_4x4",
    "check_singular_sizes",
    "check_solvable_count_5x5",
    "check_solvable_verdicts",
]

#: Four 5x5 boards: decide which of them can be switched off.
VERDICT_BOARDS: dict[str, str] = {
    "A": "10000/00000/00000/00000/00000",
    "B": "11000/10000/00000/00000/00000",
    "C": "11111/00000/00000/00000/00000",
    "D": "11000/10100/01110/00101/00011",
}
#: The 5x5 board of the certificate exercise.
UNSOLVABLE_BOARD: str = VERDICT_BOARDS["C"]

_YES = {"yes", "y", "true", "solvable", "1"}
_NO = {"no", "n", "false", "unsolvable", "not solvable", "0"}


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


def _as_verdict(value: object) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, numbers.Integral) and int(value) in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _YES | _NO:
        return value.strip().lower() in _YES
    raise _WrongForm(f"{_brief(value)} is not a verdict (True/False or 'solvable'/'unsolvable').")


@_checker(
    "a dict {'A': True, 'B': False, ...} or a list of four True/False, in the order A, B, C, D"
)
def check_solvable_verdicts(answer: object) -> Feedback:
    """Check the verdicts: can each board of VERDICT_BOARDS be switched off."""
    names = list(VERDICT_BOARDS)
    if isinstance(answer, dict):
        keys = {str(k).strip().upper(): v for k, v in answer.items()}
        if set(keys) != set(names):
            raise _WrongForm(f"the dict should have exactly the keys {names}.")
        values = [keys[n] for n in names]
    elif isinstance(answer, (list, tuple, np.ndarray)) and len(answer) == len(names):
        values = list(answer)
    else:
        raise _WrongForm("one verdict per board is needed.")
    verdicts = [_as_verdict(v) for v in values]
    truth = [solve_board(parse_board(VERDICT_BOARDS[n])).solvable for n in names]
    wrong = [n for n, v, t in zip(names, verdicts, truth, strict=True) if v != t]
    if not wrong:
        return _ok("all four verdicts are right.")
    return _hint(
        f"{_plural(len(wrong), 'verdict is', 'verdicts are')} wrong (of {len(names)}). A board is "
        "solvable iff it has "
        "an even number of lights on each quiet pattern."
    )


@_checker("a 5x5 board of 0s and 1s (array, nested list or text board)")
def check_certificate(answer: object) -> Feedback:
    """A certificate y (A^T y = 0, y.b = 1) proving that UNSOLVABLE_BOARD cannot be solved."""
    board = parse_board(UNSOLVABLE_BOARD)
    y = _as_board(answer, board.shape, "certificate").ravel()
    A = toggle_matrix(*board.shape)
    if (A.T @ y % 2).any():
        return _hint(
            "y is not in the kernel of A^T: pressing the cells of y does not leave the "
            "dark board dark. A certificate must be a quiet pattern."
        )
    if int(y @ board.ravel()) % 2 == 0:
        return _hint(
            "y is a quiet pattern, but it covers an even number of lit cells, so it "
            "proves nothing. Pick a quiet pattern covering an odd number."
        )
    return _ok(
        "every press changes an even number of cells of y, and the board has an odd "
        "number of lights on y, so no sequence of presses can switch it off."
    )


@_checker("a probability such as Fraction(1, 8), '1/8' or 0.125")
def check_probability_solvable_6x6(answer: object) -> Feedback:
    """The probability that a uniformly random 6x6 board is solvable."""
    value = _as_fraction(answer)
    r = rank(toggle_matrix(6, 6))
    truth = Fraction(2**r, 2**36)
    if value == truth:
        every = ": every 6x6 board is solvable" if truth == 1 else ""
        return _ok(f"P = 2^(rank - n) = 2^({r} - 36) = {truth}{every}.")
    if not 0 <= value <= 1:
        return _hint("a probability is between 0 and 1.")
    return _hint(
        "the solvable boards are the column space of A: there are 2^rank of them "
        "among 2^36 boards. Compute the rank of lo.toggle_matrix(6, 6)."
    )


@_checker("a whole number, e.g. 1024 or 2**10")
def check_solvable_count_5x5(answer: object) -> Feedback:
    """The number of 5x5 boards (all-off included) that can be switched off."""
    value = _as_whole_number(answer)
    r = rank(toggle_matrix(5, 5))
    if value == 2**r:
        return _ok(f"the solvable boards form the column space of A, 2^{r} = {2**r} boards.")
    if value in (r, 2**25):
        return _hint("count vectors in the column space of A: 2 to the power of the rank.")
    return _hint("the solvable boards are exactly the vectors A x; how many different ones?")
