"""Exercises of lecture 4: solvability and the kernel."""

from __future__ import annotations

import numbers
from fractions import Fraction

import numpy as np

from lightsout_edu._i18n import t
from lightsout_edu.boards import parse_board
from lightsout_edu.linalg import rank
from lightsout_edu.rules import toggle_matrix
from lightsout_edu.solver import solve_board

from ._student_code import as_function, run
from .feedback import (
    Feedback,
    WrongForm,
    as_board,
    as_fraction,
    as_int_set,
    as_pattern_list,
    as_whole_number,
    brief,
    check_basis,
    checker,
    choice,
    fresh_rng,
    grid_nullity_of,
    hint,
    ok,
)

__all__ = [
    "BROKEN_SHAPE",
    "COUNT_SHAPE",
    "PROBABILITY_SHAPE",
    "UNSOLVABLE_BOARD",
    "VERDICT_BOARDS",
    "check_certificate",
    "NULLITY_SHAPE",
    "WIDTH_RANGE",
    "WORKING_ROWS",
    "check_broken_buttons",
    "check_dual_dimension_proof",
    "check_nullity_9x14",
    "check_probability_solvable_5x11",
    "check_quiet_patterns_4x4",
    "check_singular_3xn",
    "check_solvable_count_3x8",
    "check_solvable_verdicts",
]

#: Four 5x5 boards: decide which of them can be switched off.
VERDICT_BOARDS: dict[str, str] = {
    "A": "10000/00000/00000/00000/00000",
    "B": "11000/10000/00000/00000/00000",
    "C": "11111/00000/00000/00000/00000",
    "D": "11000/10100/01110/00101/00011",
}
#: The 5x5 board of the certificate exercise (not one of the verdict boards).
UNSOLVABLE_BOARD: str = "01110/00000/00000/00000/00000"

_YES = {"yes", "y", "true", "solvable", "1"}
_NO = {"no", "n", "false", "unsolvable", "not solvable", "0"}


@checker(lambda: t("a list of 4x4 boards of 0s and 1s (arrays, nested lists or text boards)"))
def check_quiet_patterns_4x4(answer: object) -> Feedback:
    """A basis of the quiet patterns of the 4x4 game (any basis of the kernel is right)."""
    shape = (4, 4)
    return check_basis(as_pattern_list(answer, shape), toggle_matrix(*shape), shape)


#: The rectangle of the nullity exercise, (rows, cols).
NULLITY_SHAPE: tuple[int, int] = (9, 14)
#: The widths n asked about in the 3 x n exercise.
WIDTH_RANGE: range = range(1, 21)


@checker(lambda: t("a whole number, e.g. 3"))
def check_nullity_9x14(answer: object) -> Feedback:
    """The nullity (dimension of the kernel) of the toggle matrix of the 9x14 board."""
    rows, cols = NULLITY_SHAPE
    cells = rows * cols
    value, truth = as_whole_number(answer), grid_nullity_of(rows, cols)
    if value == truth:
        return ok(
            t(
                "the {cells}x{cells} toggle matrix has rank {rank} and nullity {nullity}: one "
                "{rows}x{cols} board in 2^{nullity} = {count} is solvable.",
                cells=cells,
                rank=cells - truth,
                nullity=truth,
                rows=rows,
                cols=cols,
                count=2**truth,
            )
        )
    if value == cells - truth:
        return hint(
            t(
                "{value} is the rank; the nullity is {cells} minus the rank.",
                value=value,
                cells=cells,
            )
        )
    if value == 2**truth:
        return hint(
            t(
                "{value} is the number of quiet patterns, 2^nullity of them; the nullity is "
                "the dimension of the kernel, the exponent.",
                value=value,
            )
        )
    if value < 0 or value > cells:
        return hint(
            t("the nullity of a {cells}x{cells} matrix is between 0 and {cells}.", cells=cells)
        )
    return hint(
        t(
            "eliminate the {cells}x{cells} toggle matrix (lo.toggle_matrix({rows}, {cols})) "
            "and count the columns without a pivot, or use lo.rank and rank + nullity = N.",
            cells=cells,
            rows=rows,
            cols=cols,
        )
    )


@checker(
    lambda: t(
        "a list of the widths n between {low} and {high}, e.g. [2, 7]",
        low=WIDTH_RANGE.start,
        high=WIDTH_RANGE.stop - 1,
    )
)
def check_singular_3xn(answer: object) -> Feedback:
    """The widths n <= 20 for which the 3 x n game has a non-zero quiet pattern."""
    given = as_int_set(answer)
    truth = {n for n in WIDTH_RANGE if grid_nullity_of(3, n) > 0}
    if given == truth:
        return ok(
            t(
                "only n = {widths}: exactly the n with n + 1 divisible by 3. For every other "
                "width each 3 x n board has exactly one solution.",
                widths=sorted(truth),
            )
        )
    if given - set(WIDTH_RANGE):
        return hint(
            t(
                "only widths from {low} to {high} are asked for.",
                low=WIDTH_RANGE.start,
                high=WIDTH_RANGE.stop - 1,
            )
        )
    wrong, missing = sorted(given - truth), sorted(truth - given)
    if wrong:
        return hint(
            t(
                "the 3x{width} toggle matrix is invertible: it has no non-zero quiet pattern.",
                width=wrong[0],
            )
        )
    return hint(
        t(
            "{count} width is missing: compute the rank of each toggle matrix, and look for a "
            "pattern in the widths you find."
            if len(missing) == 1
            else "{count} widths are missing: compute the rank of each toggle matrix, and look "
            "for a pattern in the widths you find.",
            count=len(missing),
        )
    )


def _as_verdict(value: object) -> bool:
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, numbers.Integral) and int(value) in (0, 1):
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in _YES | _NO:
        return value.strip().lower() in _YES
    raise WrongForm(
        t(
            "{answer} is not a verdict (True/False or 'solvable'/'unsolvable').",
            answer=brief(value),
        )
    )


@checker(
    lambda: t(
        "a dict {'A': True, 'B': False, ...} or a list of four True/False, in the order A, B, C, D"
    )
)
def check_solvable_verdicts(answer: object) -> Feedback:
    """Check the verdicts: can each board of VERDICT_BOARDS be switched off."""
    names = list(VERDICT_BOARDS)
    if isinstance(answer, dict):
        keys = {str(k).strip().upper(): v for k, v in answer.items()}
        if set(keys) != set(names):
            raise WrongForm(t("the dict should have exactly the keys {keys}.", keys=names))
        values = [keys[n] for n in names]
    elif isinstance(answer, (list, tuple, np.ndarray)) and len(answer) == len(names):
        values = list(answer)
    else:
        raise WrongForm(t("one verdict per board is needed."))
    verdicts = [_as_verdict(v) for v in values]
    truth = [solve_board(parse_board(VERDICT_BOARDS[n])).solvable for n in names]
    wrong = [n for n, v, right in zip(names, verdicts, truth, strict=True) if v != right]
    if not wrong:
        return ok(t("all four verdicts are right."))
    return hint(
        t(
            "{count} verdict is wrong (of {total}). A board is solvable iff it has an even "
            "number of lights on each quiet pattern."
            if len(wrong) == 1
            else "{count} verdicts are wrong (of {total}). A board is solvable iff it has an "
            "even number of lights on each quiet pattern.",
            count=len(wrong),
            total=len(names),
        )
    )


@checker(lambda: t("a 5x5 board of 0s and 1s (array, nested list or text board)"))
def check_certificate(answer: object) -> Feedback:
    """A certificate y (A^T y = 0, y.b = 1) proving that UNSOLVABLE_BOARD cannot be solved."""
    board = parse_board(UNSOLVABLE_BOARD)
    y = as_board(answer, board.shape, t("certificate")).ravel()
    A = toggle_matrix(*board.shape)
    if not y.any():
        return hint(
            t(
                "y = 0 covers no lit cell, an even number (zero), so it proves nothing: a "
                "certificate is a non-zero quiet pattern covering an odd number of lit cells."
            )
        )
    if (A.T @ y % 2).any():
        return hint(
            t(
                "y is not in the kernel of A^T: pressing the cells of y does not leave the "
                "dark board dark. A certificate must be a quiet pattern."
            )
        )
    if int(y @ board.ravel()) % 2 == 0:
        return hint(
            t(
                "y is a quiet pattern, but it covers an even number of lit cells, so it "
                "proves nothing. Pick a quiet pattern covering an odd number."
            )
        )
    return ok(
        t(
            "every press changes an even number of cells of y, and the board has an odd "
            "number of lights on y, so no sequence of presses can switch it off."
        )
    )


#: The board of the probability exercise, (rows, cols).
PROBABILITY_SHAPE: tuple[int, int] = (5, 11)
#: The board of the counting exercise, (rows, cols).
COUNT_SHAPE: tuple[int, int] = (3, 8)


@checker(lambda: t("a probability such as Fraction(1, 8), '1/8', '2^-3' or 0.125"))
def check_probability_solvable_5x11(answer: object) -> Feedback:
    """The probability that a uniformly random 5x11 board is solvable."""
    rows, cols = PROBABILITY_SHAPE
    cells = rows * cols
    value = as_fraction(answer)
    r = rank(toggle_matrix(rows, cols))
    truth = Fraction(2**r, 2**cells)
    if value == truth:
        return ok(
            t(
                "P = 2^(rank - N) = 2^({rank} - {cells}) = {probability}: the nullity is "
                "{nullity}.",
                rank=r,
                cells=cells,
                probability=truth,
                nullity=cells - r,
            )
        )
    if not 0 <= value <= 1:
        return hint(t("a probability is between 0 and 1."))
    if value == 1 - truth:
        return hint(t("that is the probability of the opposite event: unsolvable."))
    exponent = _minus_log2(value)
    if exponent is not None and exponent <= cells:
        return hint(
            t(
                "{value} = 2^-{exponent} is the probability for a toggle matrix of nullity "
                "{exponent}, such as the 5x5 one (nullity 2, P = 1/4); the {rows}x{cols} "
                "toggle matrix has a rank and a nullity of its own: compute them.",
                value=value,
                exponent=exponent,
                rows=rows,
                cols=cols,
            )
        )
    return hint(
        t(
            "the solvable boards are the column space of A: there are 2^rank of them among "
            "2^{cells} boards. Compute the rank of lo.toggle_matrix({rows}, {cols}).",
            cells=cells,
            rows=rows,
            cols=cols,
        )
    )


def _minus_log2(value: Fraction) -> int | None:
    """K if ``value`` is 2^-k for a whole k >= 0, else None."""
    if value <= 0 or value.numerator != 1 or value.denominator & (value.denominator - 1):
        return None
    return value.denominator.bit_length() - 1


@checker(lambda: t("a whole number, e.g. 1024 or 2**10"))
def check_solvable_count_3x8(answer: object) -> Feedback:
    """The number of 3x8 boards (all-off included) that can be switched off."""
    rows, cols = COUNT_SHAPE
    value = as_whole_number(answer)
    r = rank(toggle_matrix(rows, cols))
    if value == 2**r:
        return ok(
            t(
                "the solvable boards form the column space of A: 2^{rank} = {count} boards.",
                rank=r,
                count=2**r,
            )
        )
    if value in (r, 2 ** (rows * cols)):
        return hint(t("count vectors in the column space of A: 2 to the power of the rank."))
    nullity = rows * cols - r
    if value == 2**nullity:
        return hint(
            t(
                "2^{nullity} = {value} counts the quiet patterns, the kernel of A; the "
                "solvable boards are its column space, another subspace: 2 to the power of "
                "the rank.",
                nullity=nullity,
                value=value,
            )
        )
    if value == nullity:
        return hint(
            t(
                "{value} is the nullity, a dimension; the question asks how many boards: a "
                "count of vectors.",
                value=value,
            )
        )
    if value == 2**r - 1:
        return hint(t("the all-off board counts too: it is switched off by pressing nothing."))
    return hint(t("the solvable boards are exactly the vectors A x; how many different ones?"))


@checker(lambda: t("the letter of the right argument: 'a', 'b', 'c' or 'd'"))
def check_dual_dimension_proof(answer: object) -> Feedback:
    """Which argument proves dim W^perp = M - dim W over GF(2) (fact 3 of lecture 4)."""
    return choice(answer, "dual_dimension_proof")


#: The board of the broken-buttons exercise, (rows, cols).
BROKEN_SHAPE: tuple[int, int] = (5, 5)
#: Only the buttons of the top WORKING_ROWS rows can be pressed (every light still works).
WORKING_ROWS: int = 3
#: The other boards the function is checked on: (rows, cols, working rows).
_BROKEN_CASES = ((2, 4, 1), (4, 4, 2), (3, 6, 1), (6, 3, 4), (5, 7, 4), (7, 2, 3))


def _working_buttons(rows: int, cols: int, working: int) -> np.ndarray:
    """B: the columns of the toggle matrix of the working buttons (lights x buttons)."""
    return toggle_matrix(rows, cols)[:, : working * cols]


def _broken_cases() -> list[tuple[int, int, int]]:
    """The exercise's board first, then the others, then two drawn anew at every check."""
    drawn = fresh_rng()
    fresh = []
    for _ in range(2):
        rows, cols = (int(v) for v in drawn.integers(2, 8, size=2))
        fresh.append((rows, cols, int(drawn.integers(1, rows))))
    return [(*BROKEN_SHAPE, WORKING_ROWS), *_BROKEN_CASES, *fresh]


@checker(
    lambda: t(
        "a function parity_checks(rows, cols, working_rows) returning a list of rows x cols boards"
    ),
    forbid="elimination",
)
def check_broken_buttons(answer: object) -> Feedback:
    """A basis of the parity checks ker(B^T) of boards whose bottom buttons are broken.

    B holds the columns of the toggle matrix of the working buttons (the top rows): a board
    b can be switched off with them iff y . b = 0 for every y in ker(B^T).  The student's
    function runs with NumPy only, on the exercise's 5x5 board and on others.
    """
    function = as_function(answer, "parity_checks")
    cases = _broken_cases()
    for rows, cols, working in cases:
        case = t(
            "the {rows}x{cols} board whose top {working} rows of buttons work",
            rows=rows,
            cols=cols,
            working=working,
        )
        returned = run(function, rows, cols, working, case=case)
        try:
            checks = as_pattern_list(returned, (rows, cols))
        except WrongForm as err:
            return hint(t("for {case}: {error}", case=case, error=err))
        wrong = _parity_checks_wrong(checks, _working_buttons(rows, cols, working), (rows, cols))
        if wrong is not None:
            said = t("for {case}: {error}", case=case, error=wrong.message)
            return Feedback(False, said, wrong.board)
    B = _working_buttons(*BROKEN_SHAPE, WORKING_ROWS)
    r = rank(B)
    dim = B.shape[0] - r
    return ok(
        t(
            "your parity checks are a basis of ker(B^T) on all {count} boards. On the 5x5 "
            "board B has rank {rank}, so dim ker(B^T) = 25 - {rank} = {dim}: a board can be "
            "switched off with the working buttons exactly when it passes all {dim} checks, "
            "2^{rank} of the 2^25 boards.",
            count=len(cases),
            dim=dim,
            rank=r,
        )
    )


def _parity_checks_wrong(
    checks: np.ndarray, B: np.ndarray, shape: tuple[int, int]
) -> Feedback | None:
    """What is wrong with ``checks`` as a basis of ker(B^T), or None if nothing is."""
    for i, y in enumerate(checks, 1):
        if not y.any():
            return hint(
                t(
                    "check {number} is the dark board: it is orthogonal to every board, so it "
                    "tests nothing, and a basis never contains the zero vector.",
                    number=i,
                )
            )
        odd = B.T @ y % 2  # one entry per working button
        if odd.any():
            buttons = np.zeros(shape[0] * shape[1], dtype=np.uint8)
            buttons[: B.shape[1]] = odd
            count = int(odd.sum())
            return hint(
                t(
                    "check {number} is not a parity check: {count} working button toggles an "
                    "odd number of its cells, so pressing it changes y . b. Those buttons:"
                    if count == 1
                    else "check {number} is not a parity check: {count} working buttons "
                    "toggle an odd number of its cells, so pressing it changes y . b. Those "
                    "buttons:",
                    number=i,
                    count=count,
                ),
                buttons.reshape(shape),
            )
    if len(checks) and rank(checks.astype(np.uint8)) < len(checks):
        return hint(
            t(
                "all {count} are parity checks, but they are not independent: one of them is "
                "a sum of others (a repeated check counts as dependent too).",
                count=len(checks),
            )
        )
    cells = B.shape[0]
    if len(checks) < cells - rank(B):
        return hint(
            t(
                "these {count} parity checks are independent, but there are more: "
                "dim ker(B^T) = {cells} - rank B (fact 2 of Lecture 4). What is the rank of "
                "B, the matrix of the working buttons?",
                count=len(checks),
                cells=cells,
            )
        )
    return None
