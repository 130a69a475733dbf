"""Checkers for the course exercises (notebooks/exercises/).

Every ``check_<exercise>(answer)`` reads a student's answer in any sensible form (NumPy
array, nested list, text board, number, fraction, string ...), computes the truth with this
package and returns a :class:`Feedback`: truthy iff the answer is right, with a message that
says why or gives a hint. A checker never raises: an answer of the wrong type or shape is a
wrong answer whose hint says what form is expected.

Examples
--------
>>> from lightsout_edu.exercises import check_nullity_9x9
>>> check_nullity_9x9(None)
Not yet: no answer given. Expected: a whole number, e.g. 3.
>>> bool(check_nullity_9x9("eight"))
False
"""

from __future__ import annotations

import functools
import numbers
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from lightsout_edu.boards import format_board, parse_board, press
from lightsout_edu.linalg import rank, solve
from lightsout_edu.modular import solvable_board_count
from lightsout_edu.rules import graph_toggle_matrix, toggle_matrix
from lightsout_edu.solver import solve_board

__all__ = [
    "Feedback",
    "VERDICT_BOARDS",
    "UNSOLVABLE_BOARD",
    "SECOND_SOLUTION_BOARD",
    "SECOND_SOLUTION_PRESSES",
    "EXACT_PRESSES",
    "PETERSEN_EDGES",
    "THREE_COLOUR_BOARD",
    "COLOUR_RANGE",
    "check_quiet_patterns_4x4",
    "check_nullity_9x9",
    "check_singular_sizes",
    "check_torus_kernel_5x5",
    "check_second_solution_5x5",
    "check_solution_count_4x4",
    "check_solvable_verdicts",
    "check_certificate",
    "check_solve_board_d",
    "check_probability_solvable_6x6",
    "check_solvable_count_5x5",
    "check_needs_exactly_k_presses",
    "check_unique_solution",
    "check_order_does_not_matter",
    "check_neighbours_only_graph",
    "check_all_on_petersen",
    "check_three_colour_presses",
    "check_colours_with_unsolvable_3x3",
]

# ---------------------------------------------------------------------------------------------
# Exercise data (the answers are always computed from these, never stored)
# ---------------------------------------------------------------------------------------------

#: Four 5x5 boards: decide which of them can be switched off.
VERDICT_BOARDS: dict[str, str] = {
    "A": "10000/00000/00000/00000/00000",
    "B": "11000/10000/00000/00000/00000",
    "C": "11111/00000/00000/00000/00000",
    "D": "11000/10100/01110/00101/00011",
}
#: The 5x5 board of the certificate exercise.
UNSOLVABLE_BOARD: str = VERDICT_BOARDS["C"]
#: A solvable 5x5 board and one press pattern that switches it off: find another one.
SECOND_SOLUTION_BOARD: str = "01010/10101/01010/10101/01010"
SECOND_SOLUTION_PRESSES: str = "01001/10101/01001/00000/11100"
#: (rows, cols, k): find a board of this size whose fewest-presses solution has k presses.
EXACT_PRESSES: tuple[int, int, int] = (4, 4, 6)
#: The largest side length accepted for a board of free size (keeps checking instant).
MAX_SIDE: int = 20
#: A 4x4 board with three colours (0 = off, a press adds 1 mod 3 to each cell it toggles).
THREE_COLOUR_BOARD: str = "1201/2102/1101/1121"
#: The colour counts asked about in the k-colour exercise on the 3x3 board.
COLOUR_RANGE: range = range(2, 13)
#: The Petersen graph: outer 5-cycle 0..4, spokes i -- i+5, inner pentagram 5..9.
PETERSEN_EDGES: tuple[tuple[int, int], ...] = tuple(
    [(i, (i + 1) % 5) for i in range(5)]
    + [(i, i + 5) for i in range(5)]
    + [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
)


# ---------------------------------------------------------------------------------------------
# Feedback and the checker decorator
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Feedback:
    r"""The verdict on one answer: truthy iff correct, with an explanation or a hint.

    ``board`` is an optional board (as text) the message refers to, shown below it.

    Examples
    --------
    >>> Feedback(True, "well done.")
    Correct: well done.
    >>> print(repr(Feedback(False, "these lights stay on:", "010\n000")))
    Not yet: these lights stay on:
    010
    000
    >>> bool(Feedback(False, "try again."))
    False
    """

    correct: bool
    message: str
    board: str | None = None

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        shown = "" if self.board is None else "\n" + self.board
        return f"{'Correct' if self.correct else 'Not yet'}: {self.message}{shown}"

    def _repr_markdown_(self) -> str:
        verdict = "✅ **Correct.**" if self.correct else "❌ **Not yet.**"
        shown = "" if self.board is None else f"\n\n```\n{self.board}\n```"
        return f"{verdict} {self.message[:1].upper()}{self.message[1:]}{shown}"


class _WrongForm(Exception):
    """The answer cannot be read as the expected kind of object."""


def _checker(form: str) -> Callable[[Callable[[object], Feedback]], Callable[..., Feedback]]:
    """Make ``fn`` a checker: None -> 'no answer', unreadable answer -> hint naming ``form``."""

    def wrap(fn: Callable[[object], Feedback]) -> Callable[..., Feedback]:
        @functools.wraps(fn)
        def checker(answer: object = None) -> Feedback:
            if answer is None:
                return Feedback(False, f"no answer given. Expected: {form}.")
            try:
                return fn(answer)
            except _WrongForm as err:
                return Feedback(False, f"{err} Expected: {form}.")
            except Exception as err:  # a checker must answer, never crash
                return Feedback(
                    False,
                    f"this answer could not be checked ({type(err).__name__}: {err}). "
                    f"Expected: {form}. If your answer has that form, please report this "
                    "message to your lecturer.",
                )

        checker.expected_form = form  # type: ignore[attr-defined]
        return checker

    return wrap


def _ok(message: str, board: np.ndarray | None = None) -> Feedback:
    return Feedback(True, message, None if board is None else _text(board))


def _hint(message: str, board: np.ndarray | None = None) -> Feedback:
    return Feedback(False, message, None if board is None else _text(board))


# ---------------------------------------------------------------------------------------------
# Reading answers
# ---------------------------------------------------------------------------------------------


def _brief(answer: object) -> str:
    """A short description of any answer, for messages (no 100-line array reprs)."""
    if isinstance(answer, np.ndarray):
        return f"an array of shape {answer.shape}"
    text = repr(answer)
    return text if len(text) <= 40 else f"{text[:37]}..."


def _as_cells(answer: object, what: str, colors: int = 2) -> np.ndarray:
    """``answer`` (array, nested list or text board) as an integer array of ``0..colors-1``."""
    states = "0s and 1s" if colors == 2 else f"numbers 0 to {colors - 1}"
    allowed = "0 or 1" if colors == 2 else f"between 0 and {colors - 1}"
    if isinstance(answer, (bool, numbers.Number)):
        raise _WrongForm(
            f"the {what} should be an array of {states}, not the number {_brief(answer)}."
        )
    try:
        arr = parse_board(answer) if isinstance(answer, str) else np.array(answer)
    except ValueError as err:
        if isinstance(answer, str):
            raise _WrongForm(f"the text of the {what} could not be read: {err}.") from None
        raise _WrongForm(f"the {what} has rows of different lengths.") from None
    if arr.dtype == bool:
        arr = arr.astype(np.int64)
    if arr.size == 0:
        raise _WrongForm(f"the {what} is empty.")
    if arr.dtype.kind not in "iuf":
        raise _WrongForm(f"the {what} should contain only {states}.")
    if arr.dtype.kind == "f" and not np.all(np.isfinite(arr) & (arr == np.round(arr))):
        raise _WrongForm(f"the {what} contains numbers that are not whole.")
    bad = np.argwhere((arr < 0) | (arr >= colors))
    if len(bad):
        where = tuple(int(i) for i in bad[0])
        value = arr[where].item()
        raise _WrongForm(f"entry {value:g} at {where} of the {what} is not {allowed}.")
    return arr.astype(np.int64)


def _as_board(
    answer: object, shape: tuple[int, int] | None, what: str = "board", colors: int = 2
) -> np.ndarray:
    """A board of the given shape (any shape if None); a flat list of cells is reshaped."""
    arr = _as_cells(answer, what, colors)
    if shape is not None and arr.ndim == 1 and arr.size == shape[0] * shape[1]:
        arr = arr.reshape(shape)
    if arr.ndim != 2:
        raise _WrongForm(f"the {what} should be 2-dimensional (rows x columns), not {arr.shape}.")
    if shape is not None and arr.shape != shape:
        raise _WrongForm(
            f"the {what} should be {shape[0]}x{shape[1]}, not {arr.shape[0]}x{arr.shape[1]}."
        )
    return arr


def _as_pattern_list(answer: object, shape: tuple[int, int]) -> np.ndarray:
    """Several boards of ``shape`` as the rows of an integer matrix (one flattened board each)."""
    n_cells = shape[0] * shape[1]
    if isinstance(answer, str):
        raise _WrongForm("give the patterns as a list, one board per entry, not as one text.")
    if isinstance(answer, (list, tuple)) and all(isinstance(p, str) for p in answer):
        return np.array([_as_board(p, shape, "pattern").ravel() for p in answer]).reshape(
            len(answer), n_cells
        )
    arr = _as_cells(answer, "list of patterns")
    if arr.shape == shape:
        raise _WrongForm("this is a single board; give a list of boards.")
    if arr.ndim == 3 and arr.shape[1:] == shape:
        return arr.reshape(len(arr), n_cells)
    if arr.ndim == 2 and arr.shape[1] == n_cells:
        return arr
    raise _WrongForm(
        f"a list of {shape[0]}x{shape[1]} boards was expected, but the answer has "
        f"shape {arr.shape}."
    )


def _as_whole_number(answer: object) -> int:
    """A whole number given as int, integral float or a string of digits."""
    if isinstance(answer, bool):
        raise _WrongForm(f"{answer} is a truth value, not a number.")
    if isinstance(answer, numbers.Integral):
        return int(answer)
    if isinstance(answer, numbers.Real) and float(answer).is_integer():
        return int(answer)
    text = answer.replace(" ", "") if isinstance(answer, str) else ""
    if text.lstrip("-").isdigit():
        return int(text)
    power = re.fullmatch(r"(\d+)(\^|\*\*)(\d{1,3})", text)
    if power:
        return int(power[1]) ** int(power[3])
    raise _WrongForm(f"{_brief(answer)} is not a whole number.")


def _as_fraction(answer: object) -> Fraction:
    """An exact fraction from a Fraction, int, float, sympy Rational or a string like '1/4'."""
    if isinstance(answer, bool):
        raise _WrongForm(f"{answer} is a truth value, not a probability.")
    if isinstance(answer, numbers.Rational):
        return Fraction(int(answer.numerator), int(answer.denominator))
    if isinstance(answer, numbers.Real) and np.isfinite(float(answer)):
        return Fraction(float(answer))
    if isinstance(answer, str) or hasattr(answer, "free_symbols"):  # text or a sympy number
        try:
            return Fraction(str(answer).replace(" ", ""))
        except (ValueError, ZeroDivisionError):
            pass
    raise _WrongForm(f"{_brief(answer)} is not a number such as 1/8, '1/8' or Fraction(1, 8).")


def _as_int_set(answer: object) -> set[int]:
    """A collection of whole numbers (list, tuple, set, array)."""
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__iter__"):
        raise _WrongForm(f"{_brief(answer)} is not a list of numbers.")
    return {_as_whole_number(x) for x in np.ravel(np.array(list(answer), dtype=object))}


def _kernel_size(rows: int, cols: int, *, torus: bool = False) -> int:
    return rows * cols - rank(toggle_matrix(rows, cols, torus=torus))


def _text(board: np.ndarray) -> str:
    return format_board(np.asarray(board, dtype=np.uint8))


def _check_basis(patterns: np.ndarray, A: np.ndarray, shape: tuple[int, int]) -> Feedback:
    """Is every row of ``patterns`` in ker A, the rows independent and as many as dim ker A?"""
    dim = A.shape[1] - rank(A)
    for i, p in enumerate(patterns):
        lit = (A @ p) % 2
        if lit.any():
            return _hint(
                f"pattern {i + 1} is not quiet: pressing it on the dark board lights "
                f"{int(lit.sum())} cell(s):",
                lit.reshape(shape),
            )
    independent = rank(patterns.astype(np.uint8)) if len(patterns) else 0
    if independent < len(patterns):
        return _hint(
            f"all {len(patterns)} patterns are quiet, but they are not independent: one "
            "of them is a sum of others (the zero pattern counts as dependent too)."
        )
    if len(patterns) < dim:
        return _hint(
            f"these {len(patterns)} quiet patterns are independent, but the kernel is "
            "bigger: look for another quiet pattern that is not a sum of yours."
        )
    return _ok(
        f"these {dim} quiet patterns form a basis of the kernel; the kernel has "
        f"2^{dim} = {2**dim} elements."
    )


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
    """For each board of VERDICT_BOARDS: can it be switched off?"""
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


# ---------------------------------------------------------------------------------------------
# E3: graphs
# ---------------------------------------------------------------------------------------------


def _looks_like_a_matrix(rows: list | tuple) -> bool:
    """A square nested list of 0s and 1s whose rows are lists (edges may be tuples)."""
    return all(isinstance(r, list) and len(r) == len(rows) and set(r) <= {0, 1} for r in rows)


def _as_adjacency(answer: object) -> np.ndarray:
    """An adjacency matrix from a 0/1 matrix, a list of edges (i, j) or a dict of neighbours."""
    if isinstance(answer, dict):
        answer = [(u, v) for u, vs in answer.items() for v in vs]
    if (
        isinstance(answer, (list, tuple))
        and answer
        and all(isinstance(e, (list, tuple)) and len(e) == 2 for e in answer)
        and not _looks_like_a_matrix(answer)
    ):
        edges = [(_as_whole_number(u), _as_whole_number(v)) for u, v in answer]
        if min(min(e) for e in edges) < 0:
            raise _WrongForm("nodes are numbered 0, 1, 2, ...; negative numbers are not nodes.")
        n = 1 + max(max(e) for e in edges)
        if n > 64:
            raise _WrongForm(f"{n} nodes is too many for this exercise; use at most 64.")
        adjacency = np.zeros((n, n), dtype=np.int64)
        for u, v in edges:
            adjacency[u, v] = adjacency[v, u] = 1
        if any(u == v for u, v in edges):
            raise _WrongForm("an edge from a node to itself is not allowed.")
        return adjacency
    adjacency = _as_cells(answer, "adjacency matrix")
    if adjacency.ndim != 2 or adjacency.shape[0] != adjacency.shape[1]:
        raise _WrongForm(f"an adjacency matrix is square, not of shape {adjacency.shape}.")
    if not np.array_equal(adjacency, adjacency.T):
        raise _WrongForm("the adjacency matrix is not symmetric.")
    if adjacency.diagonal().any():
        raise _WrongForm("the adjacency matrix has a 1 on the diagonal (a loop).")
    return adjacency


@_checker("a graph: a list of edges like [(0, 1), (1, 2)], or a symmetric 0/1 adjacency matrix")
def check_neighbours_only_graph(answer: object) -> Feedback:
    """A graph without isolated nodes whose neighbours-only game cannot switch all-on off."""
    adjacency = _as_adjacency(answer)
    n = len(adjacency)
    if n < 2 or not adjacency.sum(axis=0).all():
        return _hint(
            "every node needs at least one neighbour (an isolated node could never be "
            "switched off, which is too easy)."
        )
    A = graph_toggle_matrix(adjacency.astype(np.uint8), self_toggle=False)
    if solve(A, np.ones(n, dtype=np.uint8)) is not None:
        return _hint(
            "on this graph all lights can be switched off. Look for a graph where a "
            "set of nodes meets every neighbourhood an even number of times."
        )
    return _ok(
        f"on this graph with {n} nodes the all-on board cannot be switched off when a "
        "press toggles only the neighbours."
    )


@_checker("a 0/1 list of length 10 (1 = press that node) or a set of node numbers")
def check_all_on_petersen(answer: object) -> Feedback:
    """Presses switching off the all-on board of the (self-toggling) Petersen-graph game."""
    n = 10
    if isinstance(answer, (set, frozenset)):
        nodes = _as_int_set(answer)
        if not nodes <= set(range(n)):
            raise _WrongForm(f"the nodes are numbered 0 to {n - 1}.")
        x = np.array([int(i in nodes) for i in range(n)], dtype=np.int64)
    else:
        x = _as_cells(answer, "press vector").ravel()
        if x.size != n:
            raise _WrongForm(f"the vector has {x.size} entries, not {n}.")
    adjacency = np.zeros((n, n), dtype=np.uint8)
    for u, v in PETERSEN_EDGES:
        adjacency[u, v] = adjacency[v, u] = 1
    lit = (1 + graph_toggle_matrix(adjacency) @ x) % 2
    if lit.any():
        on = [int(i) for i in np.flatnonzero(lit)]
        return _hint(f"after these presses the node(s) {on} are still lit.")
    return _ok(f"pressing nodes {[int(i) for i in np.flatnonzero(x)]} switches everything off.")


# ---------------------------------------------------------------------------------------------
# E3: k colours
# ---------------------------------------------------------------------------------------------


@_checker("a 4x4 board of press counts 0, 1, 2 (array, nested list or text board)")
def check_three_colour_presses(answer: object) -> Feedback:
    """Press counts (mod 3) that bring every light of THREE_COLOUR_BOARD back to 0."""
    board = parse_board(THREE_COLOUR_BOARD)
    presses = _as_board(answer, board.shape, "press pattern", colors=3)
    left = press(board, presses, colors=3)
    if left.any():
        return _hint(
            f"{int(np.count_nonzero(left))} light(s) are not 0 after these presses; solve "
            "A x = -b over GF(3), where -1 = 2. The board after your presses:",
            left,
        )
    count = solve_board(board, colors=3).solution_count
    return _ok(f"every light is back to 0; this board has {count} solutions in all.")


@_checker(
    f"a list of the numbers k between {COLOUR_RANGE.start} and {COLOUR_RANGE.stop - 1}, e.g. [4, 9]"
)
def check_colours_with_unsolvable_3x3(answer: object) -> Feedback:
    """The k in COLOUR_RANGE for which some 3x3 board with k colours cannot be switched off."""
    given = _as_int_set(answer)
    A = toggle_matrix(3, 3)
    truth = {k for k in COLOUR_RANGE if solvable_board_count(A, k) < k**9}
    if given == truth:
        return _ok(
            f"only k = {sorted(truth)}: det A = -7 over the integers, and A is invertible "
            "mod k exactly when k shares no factor with 7."
        )
    if given - set(COLOUR_RANGE):
        return _hint(f"only k from {COLOUR_RANGE.start} to {COLOUR_RANGE.stop - 1} are asked for.")
    wrong = sorted(given - truth)
    if wrong:
        return _hint(f"with k = {wrong[0]} colours every 3x3 board can be switched off.")
    return _hint(
        "some k are missing. A is invertible mod k iff det A is a unit mod k: compute "
        "det A over the integers."
    )
