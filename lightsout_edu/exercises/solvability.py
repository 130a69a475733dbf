"""Exercises 2: solvability, certificates and counting."""

from __future__ import annotations

import numbers
from fractions import Fraction

import numpy as np

from lightsout_edu.boards import parse_board, press
from lightsout_edu.linalg import rank
from lightsout_edu.rules import toggle_matrix
from lightsout_edu.solver import solve_board

from ._feedback import (
    MAX_SIDE,
    Feedback,
    _as_board,
    _as_cells,
    _as_fraction,
    _as_whole_number,
    _brief,
    _checker,
    _hint,
    _ok,
    _WrongForm,
)

#: Four 5x5 boards: decide which of them can be switched off.
VERDICT_BOARDS: dict[str, str] = {
    "A": "10000/00000/00000/00000/00000",
    "B": "11000/10000/00000/00000/00000",
    "C": "11111/00000/00000/00000/00000",
    "D": "11000/10100/01110/00101/00011",
}
#: The 5x5 board of the certificate exercise.
UNSOLVABLE_BOARD: str = VERDICT_BOARDS["C"]
#: (rows, cols, k): find a board of this size whose fewest-presses solution has k presses.
EXACT_PRESSES: tuple[int, int, int] = (4, 4, 6)


# ---------------------------------------------------------------------------------------------
# E2: solvability
# ---------------------------------------------------------------------------------------------

_YES = {"yes", "y", "true", "solvable", "1"}
_NO = {"no", "n", "false", "unsolvable", "not solvable", "0"}


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
        f"{len(wrong)} of the {len(names)} verdicts are wrong. A board is solvable iff it has "
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


@_checker("a 5x5 board of 0s and 1s (array, nested list or text board)")
def check_solve_board_d(answer: object) -> Feedback:
    """A press pattern that switches board D of VERDICT_BOARDS off."""
    board = parse_board(VERDICT_BOARDS["D"])
    presses = _as_board(answer, board.shape, "press pattern")
    left = press(board, presses)
    if left.any():
        return _hint(
            f"{int(left.sum())} light(s) stay on after these presses; solve A x = b, e.g. "
            "with lo.solve_board. The lights left on:",
            left,
        )
    return _ok(f"pressing these {int(presses.sum())} cells switches every light off.")


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


@_checker(
    f"a {EXACT_PRESSES[0]}x{EXACT_PRESSES[1]} board of 0s and 1s (array, nested list or text board)"
)
def check_needs_exactly_k_presses(answer: object) -> Feedback:
    """A board whose fewest-presses solution has exactly ``EXACT_PRESSES[2]`` presses."""
    rows, cols, k = EXACT_PRESSES
    board = _as_board(answer, (rows, cols))
    if not board.any():
        return _hint(f"the dark board needs no presses at all; it should need {k}.")
    solution = solve_board(board)
    if not solution.solvable:
        return _hint("this board cannot be switched off at all.")
    fewest = int(solution.fewest_presses().sum())
    if fewest == k:
        return _ok(f"this board can be switched off with {k} presses and not with fewer.")
    if fewest < k:
        return _hint(
            f"this board can be switched off with only {fewest} presses. Pressing {k} cells "
            "of the dark board is not enough: adding a quiet pattern may give a shorter solution."
        )
    return _hint(f"this board needs {fewest} presses, more than {k}.")


@_checker(f"a board of 0s and 1s with 4 to {MAX_SIDE} rows and 4 to {MAX_SIDE} columns")
def check_unique_solution(answer: object) -> Feedback:
    """A non-dark solvable board, at least 4x4, switched off by exactly one press pattern."""
    board = _as_board(answer, None)
    rows, cols = board.shape
    if rows < 4 or cols < 4:
        return _hint(f"the board is {rows}x{cols}; it needs at least 4 rows and 4 columns.")
    if rows > MAX_SIDE or cols > MAX_SIDE:
        return _hint(f"the board is {rows}x{cols}; keep it at most {MAX_SIDE}x{MAX_SIDE}.")
    if not board.any():
        return _hint("the dark board is too easy: switch at least one light on.")
    solution = solve_board(board)
    if not solution.solvable:
        return _hint("this board cannot be switched off at all.")
    if solution.nullity:
        return _hint(
            f"every solvable {rows}x{cols} board has 2^{solution.nullity} solutions, "
            "because the game has quiet patterns. Try another size."
        )
    return _ok(f"the {rows}x{cols} toggle matrix is invertible, so the solution is unique.")


@_checker("a function parity_vector(sequence, n_cells) returning a 0/1 vector of length n_cells")
def check_order_does_not_matter(answer: object) -> Feedback:
    """A function giving x with: pressing ``sequence`` (in order) turns b into b + A x."""
    if not callable(answer):
        raise _WrongForm(f"{type(answer).__name__} is not a function.")
    rng = np.random.default_rng(2024)
    for rows, cols in [(3, 3), (4, 4), (2, 5)]:
        A, n = toggle_matrix(rows, cols), rows * cols
        for length in [0, 1, 2, 5, 12, 30]:
            sequence = [int(c) for c in rng.integers(0, n, size=length)]
            board = rng.integers(0, 2, size=(rows, cols)).astype(np.uint8)
            played = board
            for cell in sequence:
                played = press(played, np.eye(1, n, cell, dtype=np.uint8).reshape(rows, cols))
            try:
                returned = answer(list(sequence), n)
            except Exception as err:
                return _hint(
                    f"your function raised {type(err).__name__}: {err} for the "
                    f"sequence {sequence} and n_cells = {n}."
                )
            try:
                x = _as_cells(returned, "returned vector").ravel()
            except _WrongForm as err:
                raise _WrongForm(f"for the sequence {sequence}: {err}") from None
            if x.size != n:
                return _hint(f"for {n} cells the vector should have {n} entries, not {x.size}.")
            if not np.array_equal((board.ravel() + A @ x) % 2, played.ravel()):
                return _hint(
                    f"for the sequence {sequence} on a {rows}x{cols} board, b + A x "
                    "differs from the board obtained by pressing the cells in order. "
                    "How often was each cell pressed?"
                )
    return _ok(
        "the result depends only on how often (mod 2) each cell is pressed, not on the "
        "order: addition in GF(2)^n is commutative and x + x = 0."
    )
