"""The mistakes students really make, one per row, with the feedback each must get (issue 42).

Each :class:`Wrong` names the exercise, the kind of mistake (``OFF_BY_ONE``, ``NO_MOD_2``,
``TRANSPOSED``, ``DIMENSION_VS_COUNT``, ``WRONG_SIDE`` where it applies, or one seen in class),
the answer as a student gives it, a fragment the English message must contain, and ``holds``:
what the message claims about *this* answer, checked against the answer itself (the numbers
it quotes, the board it shows).  ``tests/test_wrong_answers.py`` runs every row in English and
in Chinese; the rows of ``SLOW_CATALOGUE`` (a checker that starts six sandboxes) only in its
slow tests.  A row with ``correct=True`` is a right answer given another way (another form,
another cell, capitals): it must be accepted, and its message must be true too.

The answers were seen when the course was tried as a student would (issue 42): the NumPy row
swap ``R[r], R[p] = R[p], R[r]``, pivots counted from 1, the forward phase only, 2^nullity
for the nullity, the 5x5 probability for the 5x11 board, the search without ``% 2``.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

import lightsout_edu as lo
from lightsout_edu import exercises as ex
from lightsout_edu.exercises import Feedback
from lightsout_edu.steps import step_from_list
from lightsout_edu.widgets import RowReductionPractice

OFF_BY_ONE = "off by one"
NO_MOD_2 = "the missing mod 2"
TRANSPOSED = "the transposed matrix"
DIMENSION_VS_COUNT = "dimension vs. count"
WRONG_SIDE = "the wrong side of the matrix"
SEEN = "seen in class"


@dataclass(frozen=True)
class Wrong:
    """One wrong answer and the feedback it must get."""

    exercise: str
    checker: str
    mistake: str
    answer: object
    says: str
    holds: Callable[[Feedback], bool] = lambda feedback: True
    correct: bool = False  # a right answer done another way: its message must still be true


def numbers(message: str) -> list[int]:
    """The whole numbers a message quotes, in order."""
    return [int(n) for n in re.findall(r"(?<![\w.^-])\d+(?![\w.])", message)]


def quoted(pattern: str, message: str) -> int:
    """The number a message quotes where ``pattern`` (with one group) matches."""
    found = re.search(pattern, message)
    assert found, (pattern, message)
    return int(found[1])


def shown(feedback: Feedback) -> np.ndarray:
    """The board a feedback shows below its message."""
    assert feedback.board is not None
    return lo.parse_board(feedback.board)


# ---------------------------------------------------------------------------------------------
# E3: the elimination
# ---------------------------------------------------------------------------------------------


def eliminate(M, *, swap, clear_above=True, last_pivot=False, count_from=0):
    """Gauss-Jordan over GF(2) with a student's choices (``swap`` does the row swap)."""
    R = np.array(M, dtype=np.uint8) % 2
    pivots, r = [], 0
    for c in range(R.shape[1]):
        if r == R.shape[0]:
            break
        below = np.flatnonzero(R[r:, c])
        if below.size == 0:
            continue
        p = r + (below[-1] if last_pivot else below[0])
        if p != r:
            swap(R, r, p)
        rows = np.flatnonzero(R[:, c]) if clear_above else r + np.flatnonzero(R[r:, c])
        for i in rows:
            if i != r:
                R[i] ^= R[r]
        pivots.append(c + count_from)
        r += 1
    return R, pivots


def fancy_swap(R, r, p):
    R[[r, p]] = R[[p, r]]


def aliased_swap(R, r, p):
    R[r], R[p] = R[p], R[r]  # the classic NumPy mistake: R[r] is a view, one row is lost


def gauss_jordan_aliased_swap(M):
    return eliminate(M, swap=aliased_swap)


def gauss_jordan_pivots_from_1(M):
    return eliminate(M, swap=fancy_swap, count_from=1)


def gauss_jordan_transposed(M):
    return eliminate(np.array(M).T, swap=fancy_swap)


def gauss_jordan_without_mod_2(M):  # rows added with +, not XOR or % 2
    R = np.array(M, dtype=np.int64)
    pivots, r = [], 0
    for c in range(R.shape[1]):
        if r == R.shape[0]:
            break
        below = np.flatnonzero(R[r:, c] % 2)
        if below.size == 0:
            continue
        p = r + below[0]
        R[[r, p]] = R[[p, r]]
        for i in np.flatnonzero(R[:, c] % 2):
            if i != r:
                R[i] += R[r]
        pivots.append(c)
        r += 1
    return R, pivots


def gauss_jordan_forward_only(M):
    return eliminate(M, swap=fancy_swap, clear_above=False)


def practice(*, clear_above=True, last_pivot=False) -> RowReductionPractice:
    """The practice widget after an elimination done by clicking, the student's way."""
    widget = RowReductionPractice()
    work = np.array([[int(v) for v in row] for row in widget.start], dtype=np.uint8)
    rows, r = work.shape[0], 0
    for c in range(work.shape[1] - 1):
        below = np.flatnonzero(work[r:, c])
        if r == rows or below.size == 0:
            continue
        p = r + (below[-1] if last_pivot else below[0])
        if p != r:
            widget.swap(r, p)
            work[[r, p]] = work[[p, r]]
        for i in np.flatnonzero(work[:, c]) if clear_above else r + np.flatnonzero(work[r:, c]):
            if i != r:
                widget.add(r, int(i))
                work[i] ^= work[r]
        r += 1
    return widget


def practice_matrix(widget: RowReductionPractice) -> np.ndarray:
    work = np.array([[int(v) for v in row] for row in widget.start], dtype=np.uint8)
    for op in widget.ops:
        step_from_list(op).apply(work, 2)
    return work


FORWARD_ONLY = practice(clear_above=False)
OTHER_PIVOTS = practice(last_pivot=True)
RECORDED = len(lo.eliminate(lo.toggle_matrix(3, 3), [1, 1, 0, 1, 0, 0, 0, 0, 1]).steps)


def a_one_above_its_pivot(feedback: Feedback) -> bool:
    """The column, row and pivot the message names are as it says in the widget's matrix."""
    matrix = practice_matrix(FORWARD_ONLY)
    column = quoted(r"column (\d+) has a 1", feedback.message) - 1
    above = quoted(r"in row (\d+), the pivot", feedback.message) - 1
    row = quoted(r"the pivot in row (\d+)", feedback.message) - 1
    return (
        matrix[above, column] == 1
        and np.flatnonzero(matrix[row])[0] == column
        and above < row
        and quoted(r"after (\d+) operations", feedback.message) == len(FORWARD_ONLY.ops)
    )


def counts_its_operations(widget: RowReductionPractice) -> Callable[[Feedback], bool]:
    def holds(feedback: Feedback) -> bool:
        count = quoted(r"in (\d+) operations", feedback.message)
        more = len(widget.ops) - RECORDED
        return (
            count == len(widget.ops)
            and "not needed" not in feedback.message
            and (more <= 0 or quoted(r"(\d+) more than", feedback.message) == more)
        )

    return holds


def lost_a_row(feedback: Feedback) -> bool:
    """The rank quoted is the rank of the R shown; no zero row has a non-zero row below."""
    R = shown(feedback)
    got = quoted(r"your R has rank (\d+)", feedback.message)
    zero_then_more = any(not R[i].any() and R[i + 1 :].any() for i in range(len(R)))
    return got == lo.rank(R) and "still below" not in feedback.message and not zero_then_more


FREE_4X4 = [c + 1 for c in range(16) if c not in lo.rref(lo.toggle_matrix(4, 4))[1]]
HAND = [c + 1 for c in lo.rref(np.array(ex.HAND_MATRIX))[1]]

E3 = [
    Wrong(
        "E3.1",
        "check_pivots_by_hand",
        OFF_BY_ONE,
        [c - 1 for c in HAND],
        "count the columns from 1",
    ),
    Wrong("E3.1", "check_pivots_by_hand", TRANSPOSED, [1, 2, 3, 4], "column by column"),
    Wrong(
        "E3.2",
        "check_rref_by_hand",
        "row echelon form given for RREF",
        FORWARD_ONLY,
        "has a 1 above its pivot",
        a_one_above_its_pivot,
    ),
    Wrong(
        "E3.2",
        "check_rref_by_hand",
        "a valid elimination with other pivots (correct, not wasteful)",
        OTHER_PIVOTS,
        "which takes the first 1 of each column as its pivot",
        counts_its_operations(OTHER_PIVOTS),
        correct=True,
    ),
    Wrong(
        "E3.3",
        "check_free_columns_4x4",
        OFF_BY_ONE,
        [c - 1 for c in FREE_4X4],
        "count the columns from 1",
    ),
    Wrong(
        "E3.3",
        "check_free_columns_4x4",
        WRONG_SIDE,
        [c + 1 for c in lo.rref(lo.toggle_matrix(4, 4))[1]],
        "those are pivot columns",
    ),
    Wrong(
        "E3.3",
        "check_free_columns_4x4",
        "the right number of columns, one of them a pivot column",
        [1, *FREE_4X4[1:]],
        "column 1 holds a pivot",
        lambda feedback: 0 in lo.rref(lo.toggle_matrix(4, 4))[1],
    ),
    Wrong(
        "E3.4",
        "check_gauss_jordan",
        "NumPy row swap R[r], R[p] = R[p], R[r]",
        gauss_jordan_aliased_swap,
        "a row was lost",
        lost_a_row,
    ),
    Wrong(
        "E3.4",
        "check_gauss_jordan",
        OFF_BY_ONE,
        gauss_jordan_pivots_from_1,
        "one more than the right one",
        lambda feedback: "already in the current row" not in feedback.message,
    ),
    Wrong(
        "E3.4",
        "check_gauss_jordan",
        TRANSPOSED,
        gauss_jordan_transposed,
        "it must keep the shape (3, 4)",
        lambda feedback: "R has shape (4, 3)" in feedback.message,
    ),
    Wrong(
        "E3.4",
        "check_gauss_jordan",
        NO_MOD_2,
        gauss_jordan_without_mod_2,
        "is not 0 or 1",
        lambda feedback: quoted(r"entry (\d+) of the", feedback.message) >= 2,
    ),
    Wrong(
        "E3.4",
        "check_gauss_jordan",
        "the forward phase only (row echelon form)",
        gauss_jordan_forward_only,
        "(above it)",
    ),
]

# ---------------------------------------------------------------------------------------------
# E4: solvability and the kernel
# ---------------------------------------------------------------------------------------------

RANK_9X14 = lo.rank(lo.toggle_matrix(9, 14))
NULLITY_9X14 = 126 - RANK_9X14
RANK_3X8 = lo.rank(lo.toggle_matrix(3, 8))
RANK_5X11 = lo.rank(lo.toggle_matrix(5, 11))


def parity_checks(rows, cols, working):
    """E4.9 as its solution does it (see tests/test_exercises.py)."""
    alone = [
        np.eye(rows * cols, dtype=np.uint8)[i].reshape(rows, cols)
        for i in range((working + 1) * cols, rows * cols)
    ]
    chased = []
    for c in range(cols):
        y = np.zeros((rows + 2, cols + 2), dtype=np.uint8)
        y[1, 1 + c] = 1
        for r in range(1, working + 1):
            y[r + 1, 1:-1] = (y[r - 1, 1:-1] + y[r, :-2] + y[r, 1:-1] + y[r, 2:]) % 2
        chased.append(y[1:-1, 1:-1])
    return alone + chased


def parity_checks_of_b(rows, cols, working):  # the columns of B (what presses do), not ker B^T
    checks = []
    for button in range(working * cols):
        r, c = divmod(button, cols)
        y = np.zeros((rows, cols), dtype=np.uint8)
        for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                y[r + dr, c + dc] = 1
        checks.append(y)
    return checks


def parity_checks_without_mod_2(rows, cols, working):
    return [y * 3 for y in parity_checks(rows, cols, working)]


E4 = [
    Wrong(
        "E4.1",
        "check_solvable_verdicts",
        SEEN,
        {"A": True, "B": True, "C": True, "D": True},
        "verdict",
    ),
    Wrong(
        "E4.2",
        "check_nullity_9x14",
        DIMENSION_VS_COUNT,
        2**NULLITY_9X14,
        "is the number of quiet patterns",
        lambda feedback: quoted(r"^(\d+) is the number", feedback.message) == 2**NULLITY_9X14,
    ),
    Wrong("E4.2", "check_nullity_9x14", WRONG_SIDE, RANK_9X14, "is the rank"),
    Wrong(
        "E4.3",
        "check_solvable_count_3x8",
        DIMENSION_VS_COUNT,
        24 - RANK_3X8,
        "is the nullity, a dimension",
    ),
    Wrong(
        "E4.3",
        "check_solvable_count_3x8",
        WRONG_SIDE,
        2 ** (24 - RANK_3X8),
        "counts the quiet patterns",
        lambda feedback: quoted(r"= (\d+) counts", feedback.message) == 2 ** (24 - RANK_3X8),
    ),
    Wrong("E4.3", "check_solvable_count_3x8", OFF_BY_ONE, 2**RANK_3X8 - 1, "all-off"),
    Wrong("E4.3", "check_solvable_count_3x8", DIMENSION_VS_COUNT, RANK_3X8, "power of the rank"),
    Wrong(
        "E4.4",
        "check_certificate",
        WRONG_SIDE,
        lo.parse_board(ex.UNSOLVABLE_BOARD),
        "kernel",
    ),
    Wrong(
        "E4.5",
        "check_quiet_patterns_4x4",
        DIMENSION_VS_COUNT,
        [lo.parse_board("1000/0000/0000/0000")],
        "not quiet",
    ),
    Wrong(
        "E4.6",
        "check_probability_solvable_5x11",
        "the 5x5 value for the 5x11 board",
        Fraction(1, 4),
        "such as the 5x5 one",
        lambda feedback: "2^-2" in feedback.message,
    ),
    Wrong(
        "E4.6",
        "check_probability_solvable_5x11",
        WRONG_SIDE,
        1 - Fraction(2**RANK_5X11, 2**55),
        "opposite event",
    ),
    Wrong(
        "E4.7",
        "check_singular_3xn",
        OFF_BY_ONE,
        [n + 1 for n in range(1, 21) if (n + 1) % 3 == 0 and n + 1 <= 20],
        "invertible",
    ),
    Wrong(
        "E4.8", "check_dual_dimension_proof", SEEN, "b", "not every matrix with d rows has rank d"
    ),
    Wrong("E4.9", "check_broken_buttons", NO_MOD_2, parity_checks_without_mod_2, "is not 0 or 1"),
    Wrong("E4.9", "check_broken_buttons", WRONG_SIDE, parity_checks_of_b, "not a parity check"),
    Wrong(
        "E4.9",
        "check_broken_buttons",
        "the lecture's one-liner (★★★)",
        lambda rows, cols, w: lo.left_null_space(lo.toggle_matrix(rows, cols)[:, : w * cols]),
        "write it yourself",
    ),
]

# ---------------------------------------------------------------------------------------------
# E5: all solutions, fewest presses
# ---------------------------------------------------------------------------------------------


def fewest_without_mod_2(particular, kernel):
    """Tries every combination, but counts the presses before % 2."""
    import itertools

    best = None
    for c in itertools.product((0, 1), repeat=len(kernel)):
        candidate = particular + np.array(c) @ kernel
        if best is None or candidate.sum() < best.sum():
            best = candidate
    return best % 2


DARK_4X4 = np.zeros((4, 4), dtype=np.uint8)


def pressed_cells(*cells: int) -> np.ndarray:
    """The 4x4 board made by pressing ``cells`` (in reading order) on the dark board."""
    presses = np.zeros(16, dtype=np.uint8)
    presses[list(cells)] = 1
    return lo.press(DARK_4X4, presses.reshape(4, 4))


def fewest_quoted(board: np.ndarray, pattern: str) -> Callable[[Feedback], bool]:
    """The count the message quotes is the fewest presses ``board`` needs."""

    def holds(feedback: Feedback) -> bool:
        fewest = int(lo.solve_board(board).fewest_presses().sum())
        return quoted(pattern, feedback.message) == fewest

    return holds


SIX_PRESSES = lo.parse_board("1111/1100/0000/0000")  # the cells of the solution, not its board


def a_board_of_six_presses(feedback: Feedback) -> bool:
    """The answer has 6 lights, and pressing them on the dark board makes a board needing 6."""
    made = lo.press(DARK_4X4, SIX_PRESSES)
    return SIX_PRESSES.sum() == 6 and lo.solve_board(made).fewest_presses().sum() == 6


E5 = [
    Wrong("E5.1", "check_solution_count_4x4", DIMENSION_VS_COUNT, 4, "dimension"),
    Wrong("E5.1", "check_solution_count_4x4", OFF_BY_ONE, 15, "zero pattern"),
    Wrong(
        "E5.2",
        "check_second_solution_5x5",
        SEEN,
        lo.parse_board(ex.SECOND_SOLUTION_PRESSES),
        "different",
    ),
    Wrong(
        "E5.3",
        "check_needs_exactly_k_presses",
        OFF_BY_ONE,
        pressed_cells(0, 1, 2, 3, 5),
        "with only 5 presses",
        fewest_quoted(pressed_cells(0, 1, 2, 3, 5), r"only (\d+) presses"),
    ),
    Wrong(
        "E5.3",
        "check_needs_exactly_k_presses",
        OFF_BY_ONE,
        pressed_cells(0, 1, 2, 3, 4, 5, 13),
        "needs 7 presses, more than 6",
        fewest_quoted(pressed_cells(0, 1, 2, 3, 4, 5, 13), r"needs (\d+) presses"),
    ),
    Wrong(
        "E5.3",
        "check_needs_exactly_k_presses",
        "six cells pressed, but a quiet pattern gives a shorter solution",
        pressed_cells(0, 1, 2, 3, 4, 6),
        "adding a quiet pattern may give a shorter solution",
        fewest_quoted(pressed_cells(0, 1, 2, 3, 4, 6), r"only (\d+) presses"),
    ),
    Wrong(
        "E5.3",
        "check_needs_exactly_k_presses",
        WRONG_SIDE + " (the presses given, not the board)",
        SIX_PRESSES,
        "the answer is that board",
        a_board_of_six_presses,
    ),
    Wrong(
        "E5.3",
        "check_needs_exactly_k_presses",
        "another board that needs 6, as a text board (correct)",
        lo.format_board(pressed_cells(0, 1, 2, 3, 4, 5)),
        "with 6 presses and not with fewer",
        correct=True,
    ),
    Wrong(
        "E5.4",
        "check_fewest_presses",
        NO_MOD_2,
        fewest_without_mod_2,
        "Yours is particular itself (c = 0)",
        lambda feedback: "try all" not in feedback.message,
    ),
]

# ---------------------------------------------------------------------------------------------
# E1, E2, E6 to E9: the same kinds of mistake
# ---------------------------------------------------------------------------------------------

BOUND = -(-int(lo.parse_board(ex.BOUND_BOARD).sum()) // 5)
TOGGLE_2X3 = lo.toggle_matrix(2, 3).astype(int)
TORUS_QUIET = lo.solve_board(np.zeros((5, 5), np.uint8), torus=True).quiet_patterns
PLANE_QUIET = lo.solve_board(np.zeros((5, 5), np.uint8)).quiet_patterns
THREE = lo.parse_board(ex.THREE_COLOR_BOARD)
THREE_PRESSES = lo.solve_board(THREE, colors=3).presses.astype(int)


def ones_off_by_one(n):
    return 5 * n * n - 4 * n - 1


def orthogonal_off_by_one(n):
    return 2 ** (n - 1) - 1


def counts_for_n_1(formula: Callable[[int], int]) -> Callable[[Feedback], bool]:
    """The message quotes the truth and the student's value for n = 1 (or N = 1)."""

    def holds(feedback: Feedback) -> bool:
        return quoted(r"(?:your formula gives|not) (-?\d+)", feedback.message) == formula(1)

    return holds


def the_case_is_solved(feedback: Feedback) -> bool:
    """The board and presses the message quotes: pressing them does switch the board off."""
    board, presses = (
        np.array(ast.literal_eval(m)) for m in re.findall(r"(\[\[.*?\]\])", feedback.message)
    )
    return not lo.press(board, presses).any()


def is_solution_without_mod_2(board, presses):
    return not (board.ravel() + lo.toggle_matrix(*board.shape) @ presses.ravel()).any()


CHASE = lo.parse_board(ex.CHASE_BOARD)
CHASED = lo.chase_lights(CHASE, list(ex.CHASE_FIRST_ROW))[0]


def chase_without_mod_2() -> np.ndarray:
    """The chase by hand pressing below every light switched at all (1 + 1 = 2, still "on")."""
    presses = np.zeros((4, 4), dtype=np.int64)
    presses[0] = ex.CHASE_FIRST_ROW
    toggles = lo.toggle_matrix(4, 4).astype(np.int64)
    for r in range(1, 4):
        switched = CHASE.ravel() + toggles @ presses.ravel()  # rows below r are still 0
        presses[r] = switched.reshape(4, 4)[r - 1] > 0
    return presses


def a_light_switched_twice(feedback: Feedback) -> bool:
    """The row named is the first wrong one, and it presses below a light switched twice."""
    presses = chase_without_mod_2()
    row = quoted(r"^row (\d+) presses", feedback.message) - 1
    wrong = [r for r in range(4) if not np.array_equal(presses[r], CHASED[r])]
    before = presses.copy()
    before[row:] = 0
    switched = (CHASE.ravel() + lo.toggle_matrix(4, 4).astype(np.int64) @ before.ravel()).reshape(
        4, 4
    )[row - 1]
    return wrong[0] == row and bool(
        ((switched >= 2) & (switched % 2 == 0) & (presses[row] == 1)).any()
    )


def first_wrong_row(answer: np.ndarray) -> Callable[[Feedback], bool]:
    def holds(feedback: Feedback) -> bool:
        wrong = [r for r in range(4) if not np.array_equal(answer[r], CHASED[r])]
        return quoted(r"^row (\d+) is not", feedback.message) == wrong[0] + 1

    return holds


LAST_ROW_FORGOTTEN = np.vstack([CHASED[:3], np.zeros((1, 4), dtype=np.uint8)])

PETERSEN = lo.petersen_graph()


def switches_petersen_off(feedback: Feedback) -> bool:
    """The node list the message quotes switches the all-on Petersen board off."""
    nodes = ast.literal_eval(re.search(r"(\[[\d, ]*\])", feedback.message)[1])
    presses = np.isin(range(10), nodes).astype(int)
    return bool((PETERSEN.toggle_matrix().astype(int) @ presses % 2 == 1).all())


def every_node_toggled_4_times(feedback: Feedback) -> bool:
    toggles = PETERSEN.toggle_matrix().astype(int).sum(axis=1)  # what pressing all does
    return set(toggles.tolist()) == {4}


PRESSED_TWICE = [1, 1, 1, 1, 1, 0, 0, 0, 0, 2]

ONE_EVEN = [(0, 1), (1, 2), (2, 0), (3, 0), (3, 1), (3, 4)]  # the E7.7 solution's graph


def adjacency_of(edges: list[tuple[int, int]]) -> np.ndarray:
    n = 1 + max(max(e) for e in edges)
    adjacency = np.zeros((n, n), dtype=int)
    for u, v in edges:
        adjacency[u, v] = adjacency[v, u] = 1
    return adjacency


def all_on_solvable(edges: list[tuple[int, int]]) -> bool:
    """Whether some presses switch the neighbours-only all-on board off (tried one by one)."""
    adjacency = adjacency_of(edges)
    n = len(adjacency)
    return any((adjacency @ ((code >> np.arange(n)) & 1) % 2 == 1).all() for code in range(2**n))


def only_node_0_alone(edges: list[tuple[int, int]]) -> Callable[[Feedback], bool]:
    def holds(feedback: Feedback) -> bool:
        degrees = adjacency_of(edges).sum(axis=0)
        return degrees[0] == 0 and degrees[1:].all() and min(min(e) for e in edges) == 1

    return holds


def the_even_degrees_quoted(edges: list[tuple[int, int]]) -> Callable[[Feedback], bool]:
    def holds(feedback: Feedback) -> bool:
        even = np.flatnonzero(adjacency_of(edges).sum(axis=0) % 2 == 0).tolist()
        listed = ast.literal_eval(re.search(r"\((\[[\d, ]*\])\)", feedback.message)[1])
        quoted_count = quoted(r"(\d+) nodes have even degree", feedback.message)
        return listed == even and quoted_count == len(even) and not all_on_solvable(edges)

    return holds


NULLITY_6X7 = 42 - lo.rank(lo.toggle_matrix(6, 7))
_ALL_16 = (np.arange(2**16)[:, None] >> np.arange(16)) & 1
QUIET_4X4 = _ALL_16[~(_ALL_16 @ lo.toggle_matrix(4, 4).T.astype(int) % 2).any(axis=1)]


def shadowed(feedback: Feedback) -> bool:
    """The two cells the message names are pressed by exactly the same quiet patterns."""
    (r1, c1), (r2, c2) = (
        (int(a), int(b)) for a, b in re.findall(r"\((\d), (\d)\)", feedback.message)[:2]
    )
    one, two = 4 * (r1 - 1) + c1 - 1, 4 * (r2 - 1) + c2 - 1
    return one != two and np.array_equal(QUIET_4X4[:, one], QUIET_4X4[:, two])


def pressed_by_the_8(cell: int) -> np.ndarray:
    """How many of the 8 solutions leaving ``cell`` unpressed press each cell (a 4x4 board)."""
    board = lo.random_board(4, 4, seed=3, solvable=True)
    x = lo.solve_board(board).presses.ravel().astype(int)
    solutions = (x + QUIET_4X4) % 2
    return solutions[solutions[:, cell] == 0].sum(axis=0)


def press_cell_wrapping(board, r, c, stencil):
    """Lecture 1's press for any stencil, with no check for row or column -1."""
    new = np.array(board, dtype=np.uint8)
    rows, cols = new.shape
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if stencil[1 + dr][1 + dc] and r + dr < rows and c + dc < cols:
                new[r + dr, c + dc] ^= 1
    return new


def press_cell_without_mod_2(board, r, c, stencil):
    new = np.array(board, dtype=np.int64)
    rows, cols = new.shape
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if stencil[1 + dr][1 + dc] and 0 <= r + dr < rows and 0 <= c + dc < cols:
                new[r + dr, c + dc] += 1
    return new


def wrapped_across_the_edge(feedback: Feedback) -> bool:
    """The case the message names: the board shown is the wrapping press, not the true one."""
    from lightsout_edu.rules import RULES

    board = lo.parse_board(ast.literal_eval(re.search(r"board ('[^']*')", feedback.message)[1]))
    stencil = RULES[re.search(r"rule '(\w+)'", feedback.message)[1]]
    r, c = (int(v) for v in re.search(r"cell \((\d+), (\d+)\)", feedback.message).groups())
    taps = np.zeros(board.shape, dtype=np.uint8)
    taps[r, c] = 1
    theirs = press_cell_wrapping(board, r, c, stencil)
    return np.array_equal(shown(feedback), theirs) and not np.array_equal(
        theirs, lo.press(board, taps, rule=stencil)
    )


E_OTHERS = [
    Wrong("E1.1", "check_toggle_matrix_2x3", NO_MOD_2, TOGGLE_2X3 * 2, "is not 0 or 1"),
    Wrong(
        "E1.1",
        "check_toggle_matrix_2x3",
        OFF_BY_ONE,
        TOGGLE_2X3 - np.eye(6, dtype=int),  # the cell itself forgotten
        "column 1",
        lambda feedback: np.array_equal(
            shown(feedback).ravel(), (TOGGLE_2X3 - np.eye(6, dtype=int))[:, 0]
        ),
    ),
    Wrong(
        "E1.3",
        "check_press_function",
        OFF_BY_ONE + " (row or column -1 taken for the last one)",
        press_cell_wrapping,
        "your press reaches across the edge",
        wrapped_across_the_edge,
    ),
    Wrong("E1.3", "check_press_function", NO_MOD_2, press_cell_without_mod_2, "entry 2 of the"),
    Wrong(
        "E1.2",
        "check_ones_in_toggle_matrix",
        OFF_BY_ONE,
        ones_off_by_one,
        "for n = 1 the matrix has 1 ones",
        counts_for_n_1(ones_off_by_one),
    ),
    Wrong(
        "E1.5",
        "check_order_does_not_matter",
        NO_MOD_2,
        lambda seq, n: np.bincount(np.asarray(seq, dtype=int), minlength=n),
        "not 0 or 1",
    ),
    Wrong("E1.4", "check_order_proof", "the toggling step blamed", "a", "step (a) is right"),
    Wrong("E1.4", "check_order_proof", "the commutativity step blamed", "b", "step (b) is right"),
    Wrong("E1.4", "check_order_proof", "the last step blamed", "d", "step (d) is right"),
    Wrong(
        "E1.4",
        "check_order_proof",
        "the right letter with spaces (correct)",
        " c",
        "a + a = 0 mod 2",
        correct=True,
    ),
    Wrong(
        "E2.1", "check_gf2_tables", NO_MOD_2, (lambda a, b: a + b, lambda a, b: a * b), "1 + 1 = 0"
    ),
    Wrong(
        "E2.2",
        "check_system_mod2",
        TRANSPOSED,
        [1, 1, 0],
        "solves the transposed system",
        lambda feedback: (
            not (np.array(ex.SYSTEM_MOD2[0]).T @ [1, 1, 0] % 2 - ex.SYSTEM_MOD2[1]).any()
        ),
    ),
    Wrong(
        "E2.2",
        "check_system_mod2",
        OFF_BY_ONE + " (x_2 for x_1)",
        [0, 1, 0],
        "equation 2 does not hold: its left side is 1, its right side 0",
        lambda feedback: (
            np.array(ex.SYSTEM_MOD2[0])[1] @ [0, 1, 0] % 2 == 1 and ex.SYSTEM_MOD2[1][1] == 0
        ),
    ),
    Wrong("E2.2", "check_system_mod2", NO_MOD_2, [1, 0, 2], "entry 2"),
    Wrong(
        "E2.2",
        "check_system_mod2",
        "the solution as a text of digits (correct)",
        "100",
        "every equation holds",
        lambda feedback: (
            not (np.array(ex.SYSTEM_MOD2[0]) @ [1, 0, 0] % 2 - ex.SYSTEM_MOD2[1]).any()
        ),
        correct=True,
    ),
    Wrong(
        "E2.3",
        "check_self_orthogonal_count",
        OFF_BY_ONE,
        orthogonal_off_by_one,
        "for N = 1 there are 1 such vectors",
        counts_for_n_1(orthogonal_off_by_one),
    ),
    Wrong(
        "E2.4",
        "check_determinant_3x4",
        NO_MOD_2,
        1,
        "has the right parity",
        lambda feedback: lo.rank(lo.toggle_matrix(3, 4)) == 12,  # det A is odd
    ),
    Wrong("E2.4", "check_determinant_3x4", NO_MOD_2, 0, "np.linalg.det"),
    Wrong(
        "E6.1",
        "check_chase_by_hand",
        "the first row left out (only the chased rows pressed)",
        np.vstack([np.zeros((1, 4), dtype=np.uint8), CHASED[1:]]),
        "the first row is given: [0, 1, 0, 0]",
    ),
    Wrong(
        "E6.1",
        "check_chase_by_hand",
        OFF_BY_ONE + " (the chase stops a row early)",
        LAST_ROW_FORGOTTEN,
        "row 4 is not what the chase presses",
        first_wrong_row(LAST_ROW_FORGOTTEN),
    ),
    Wrong(
        "E6.1",
        "check_chase_by_hand",
        NO_MOD_2,
        chase_without_mod_2(),
        "switched twice, so it is off again",
        a_light_switched_twice,
    ),
    Wrong(
        "E6.1",
        "check_chase_by_hand",
        TRANSPOSED,
        CHASED.T,
        "the transpose",
        lambda feedback: not np.array_equal(CHASED, CHASED.T),
    ),
    Wrong(
        "E6.1",
        "check_chase_by_hand",
        "the chase as a text board (correct)",
        lo.format_board(CHASED),
        "it leaves the lights [0, 1, 0, 0] of the last row on",
        lambda feedback: lo.press(CHASE, CHASED)[3].tolist() == [0, 1, 0, 0],
        correct=True,
    ),
    Wrong(
        "E6.2",
        "check_chase_converse",
        DIMENSION_VS_COUNT + " (equal dimensions do not make the chase quiet)",
        "a",
        "does not make the chased pattern quiet",
    ),
    Wrong("E6.2", "check_chase_converse", WRONG_SIDE + " (symmetry)", "c", "symmetry is not used"),
    Wrong(
        "E6.2",
        "check_chase_converse",
        DIMENSION_VS_COUNT + " (counting solutions)",
        "d",
        "never uses the solution count",
    ),
    Wrong(
        "E6.2",
        "check_chase_converse",
        "the right letter in capitals, with spaces (correct)",
        " B ",
        "chasing f on the dark board",
        correct=True,
    ),
    Wrong(
        "E6.3",
        "check_unique_solution",
        DIMENSION_VS_COUNT,
        lo.random_board(5, 5, seed=1, solvable=True),
        "has 2^2 solutions",
        lambda feedback: 25 - lo.rank(lo.toggle_matrix(5, 5)) == 2,
    ),
    Wrong("E6.4", "check_light_chase", NO_MOD_2, lambda board: np.full(board.shape, 2), "entry 2"),
    Wrong(
        "E7.2",
        "check_torus_kernel_5x5",
        WRONG_SIDE,
        PLANE_QUIET,  # the plane's quiet patterns for the torus
        "is not quiet",
        lambda feedback: quoted(r"lights (\d+) cell", feedback.message) == shown(feedback).sum(),
    ),
    Wrong(
        "E7.2",
        "check_torus_kernel_5x5",
        OFF_BY_ONE,
        TORUS_QUIET[:-1],
        "the kernel is bigger",
        lambda feedback: quoted(r"these (\d+) quiet", feedback.message) == len(TORUS_QUIET) - 1,
    ),
    Wrong(
        "E7.1",
        "check_all_on_petersen",
        OFF_BY_ONE + " (nodes counted from 1)",
        [1, 2, 3, 4, 5],
        "the nodes are numbered from 0",
        switches_petersen_off,
    ),
    Wrong(
        "E7.1",
        "check_all_on_petersen",
        NO_MOD_2 + " (every node pressed: 4 toggles each)",
        list(range(10)),
        "4 is even, so every light stays on",
        every_node_toggled_4_times,
    ),
    Wrong(
        "E7.1",
        "check_all_on_petersen",
        NO_MOD_2 + " (a node pressed twice)",
        PRESSED_TWICE,
        "only the parity of the presses counts",
        lambda feedback: (
            PRESSED_TWICE[quoted(r"node (\d+) has", feedback.message)]
            == quoted(r"has (\d+):", feedback.message)
        ),
    ),
    Wrong(
        "E7.1",
        "check_all_on_petersen",
        "the inner pentagram, as a set (correct)",
        {5, 6, 7, 8, 9},
        "pressing nodes [5, 6, 7, 8, 9] switches everything off",
        switches_petersen_off,
        correct=True,
    ),
    Wrong(
        "E7.1",
        "check_all_on_petersen",
        "a 0/1 vector (correct)",
        [1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
        "pressing nodes [0, 1, 2, 3, 4]",
        switches_petersen_off,
        correct=True,
    ),
    Wrong(
        "E7.3",
        "check_odd_degree_proof",
        NO_MOD_2 + " (y . y is the weight of y mod 2, not 0)",
        "a",
        "y = e_1 has y . y = 1",
        lambda feedback: int(np.eye(10, dtype=int)[0] @ np.eye(10, dtype=int)[0]) % 2 == 1,
    ),
    Wrong("E7.3", "check_odd_degree_proof", "symmetry taken for invertibility", "c", "5x5"),
    Wrong(
        "E7.3",
        "check_odd_degree_proof",
        DIMENSION_VS_COUNT + " (how many odd vertices, not which presses)",
        "d",
        "star with three leaves",
        lambda feedback: (
            lo.Puzzle.graph([(0, 1), (0, 2), (0, 3)])
            .press(np.ones(4, dtype=np.uint8), np.ones(4, dtype=np.uint8))  # all 4 degrees odd
            .any()
        ),
    ),
    Wrong(
        "E7.3",
        "check_odd_degree_proof",
        "the right letter in capitals (correct)",
        "B",
        "A 1 is solvable",
        correct=True,
    ),
    Wrong(
        "E7.4",
        "check_three_color_presses",
        NO_MOD_2 + " (mod 3 here)",
        THREE_PRESSES + 3,
        "between 0 and 2",
    ),
    Wrong(
        "E7.4",
        "check_three_color_presses",
        WRONG_SIDE,
        (3 - THREE_PRESSES) % 3,  # A x = b solved, not A x = -b
        "solve A x = -b over GF(3)",
        lambda feedback: (
            quoted(r"(\d+) lights are not 0", feedback.message)
            == int(shown(feedback).astype(bool).sum())
        ),
    ),
    Wrong("E7.5", "check_colors_with_unsolvable_3x3", OFF_BY_ONE, [7, 14], "from 2 to 12"),
    Wrong(
        "E7.6",
        "check_neighbors_only_graph",
        OFF_BY_ONE + " (nodes counted from 1)",
        [(1, 2), (2, 3), (3, 1)],
        "node 0 has no neighbour",
        only_node_0_alone([(1, 2), (2, 3), (3, 1)]),
    ),
    Wrong(
        "E7.6",
        "check_neighbors_only_graph",
        WRONG_SIDE + " (the self-toggling game's A + I given)",
        np.ones((3, 3), dtype=int),
        "a 1 on the diagonal",
    ),
    Wrong(
        "E7.6",
        "check_neighbors_only_graph",
        "an even number of nodes, all degrees even (Y = all is even)",
        [(0, 1), (1, 2), (2, 3), (3, 0)],
        "a set of an odd number of nodes",
        lambda feedback: all_on_solvable([(0, 1), (1, 2), (2, 3), (3, 0)]),
    ),
    Wrong(
        "E7.6",
        "check_neighbors_only_graph",
        "the 5-cycle as an adjacency matrix (correct)",
        adjacency_of([(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]),
        "with 5 nodes",
        lambda feedback: not all_on_solvable([(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]),
        correct=True,
    ),
    Wrong(
        "E7.7",
        "check_one_even_degree_graph",
        OFF_BY_ONE + " (nodes counted from 1)",
        [(u + 1, v + 1) for u, v in ONE_EVEN],
        "node 0 has no neighbour",
        only_node_0_alone([(u + 1, v + 1) for u, v in ONE_EVEN]),
    ),
    Wrong(
        "E7.7",
        "check_one_even_degree_graph",
        "the triangle of E7.6, every degree even",
        [(0, 1), (1, 2), (2, 0)],
        "3 nodes have even degree ([0, 1, 2])",
        the_even_degrees_quoted([(0, 1), (1, 2), (2, 0)]),
    ),
    Wrong(
        "E7.7",
        "check_one_even_degree_graph",
        OFF_BY_ONE + " (the leaf that makes node 3 odd left out)",
        ONE_EVEN[:-1],
        "2 nodes have even degree ([2, 3])",
        the_even_degrees_quoted(ONE_EVEN[:-1]),
    ),
    Wrong(
        "E7.7",
        "check_one_even_degree_graph",
        "no even degree at all (K4), which the first half rules out",
        [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)],
        "can be switched off",
        lambda feedback: all_on_solvable([(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]),
    ),
    Wrong(
        "E7.7",
        "check_one_even_degree_graph",
        "the solution as an adjacency matrix (correct)",
        adjacency_of(ONE_EVEN),
        "only node 2 has even degree",
        lambda feedback: not all_on_solvable(ONE_EVEN),
        correct=True,
    ),
    Wrong(
        "E8.1",
        "check_is_solution",
        NO_MOD_2,
        is_solution_without_mod_2,
        "the answer is True: press the cells",
        the_case_is_solved,
    ),
    Wrong("E8.2", "check_counterexample", SEEN, np.eye(3, dtype=int), "above the pivots"),
    Wrong(
        "E9.1",
        "check_most_presses_6x7",
        OFF_BY_ONE,
        41,
        "one short",
        lambda feedback: NULLITY_6X7 == 0 and "nullity 0" in feedback.message,
    ),
    Wrong(
        "E9.1",
        "check_most_presses_6x7",
        DIMENSION_VS_COUNT + " (the nullity)",
        0,
        "0 is the nullity",
        lambda feedback: NULLITY_6X7 == 0,
    ),
    Wrong(
        "E9.1",
        "check_most_presses_6x7",
        DIMENSION_VS_COUNT + " (the number of solutions)",
        1,
        "how many solutions each 6x7 board has",
        lambda feedback: 2**NULLITY_6X7 == 1,
    ),
    Wrong(
        "E9.1",
        "check_most_presses_6x7",
        DIMENSION_VS_COUNT + " (the number of press patterns)",
        2**42,
        "counts the press patterns",
    ),
    Wrong("E9.1", "check_most_presses_6x7", "a side for the cells", 7, "that is a side"),
    Wrong(
        "E9.1",
        "check_most_presses_6x7",
        "42 as a NumPy integer (correct)",
        np.int64(42),
        "pressing all 42 cells",
        lambda feedback: NULLITY_6X7 == 0,
        correct=True,
    ),
    Wrong("E9.2", "check_counting_bound", OFF_BY_ONE, BOUND - 1, "round up"),
    Wrong("E9.3", "check_hardest_3x5", TRANSPOSED, lo.most_clicks(5, 3).board, "not 5x3"),
    Wrong(
        "E9.4",
        "check_fifteen_proof",
        OFF_BY_ONE,
        [int(x.sum()) + 1 for x in lo.solve_board(ex.WORST_5X5).all_solutions()],
        "all_solutions()",
    ),
]

E9_5 = [
    Wrong(
        "E9.5",
        "check_worst_4x4_proof",
        "rows and columns counted from 0",
        {"cell": (0, 1), "each": 4, "total": 60},
        "count rows and columns from 1 to 4",
    ),
    Wrong(
        "E9.5",
        "check_worst_4x4_proof",
        "a corner, which shares its type with another cell",
        {"cell": (1, 1), "each": 4, "total": 60},
        "pressed by exactly the same quiet patterns as cell (3, 3)",
        shadowed,
    ),
    Wrong(
        "E9.5",
        "check_worst_4x4_proof",
        "all 16 solutions for the 8",
        {"cell": (1, 2), "each": 8, "total": 120},
        "8 is how many of all 16 solutions press it",
        lambda feedback: (
            set(pressed_by_the_8(1).tolist()) - {0} == {4}
            and QUIET_4X4.sum(axis=0).tolist() == [8] * 16
        ),
    ),
    Wrong(
        "E9.5",
        "check_worst_4x4_proof",
        DIMENSION_VS_COUNT + " (2 of the 4 basis patterns)",
        {"cell": (1, 2), "each": 2, "total": 30},
        "not 2",
        lambda feedback: 2 not in set(pressed_by_the_8(1).tolist()),
    ),
    Wrong(
        "E9.5",
        "check_worst_4x4_proof",
        "the total of all 16 solutions",
        {"cell": (1, 2), "each": 4, "total": 128},
        "the total of all 16 solutions",
        lambda feedback: 16 * 8 == 128 and len(QUIET_4X4) == 16,
    ),
    Wrong(
        "E9.5",
        "check_worst_4x4_proof",
        OFF_BY_ONE + " (the chosen cell counted too)",
        {"cell": (1, 2), "each": 4, "total": 64},
        "the chosen cell itself is pressed by none",
        lambda feedback: pressed_by_the_8(1)[1] == 0,
    ),
    Wrong(
        "E9.5",
        "check_worst_4x4_proof",
        WRONG_SIDE + " (the 8 that press the cell)",
        {"cell": (1, 2), "each": 4, "total": 68},
        "take the other 8",
    ),
    Wrong(
        "E9.5",
        "check_worst_4x4_proof",
        "another edge cell (correct)",
        {"cell": (2, 1), "each": 4, "total": 60},
        "leave cell (2, 1) unpressed press 60 cells in all",
        lambda feedback: int(pressed_by_the_8(4).sum()) == 60,
        correct=True,
    ),
]

CATALOGUE: list[Wrong] = [*E3, *E4, *E5, *E_OTHERS, *E9_5]


# ---------------------------------------------------------------------------------------------
# Slow rows: the checker runs the answer six times, each in a fresh sandbox (E8.3)
# ---------------------------------------------------------------------------------------------


def compares_only_r(rref):
    """A test of rref functions that never looks at the pivots."""
    rng = np.random.default_rng(8)
    for _ in range(20):
        rows, cols = (int(v) for v in rng.integers(1, 6, size=2))
        M = rng.integers(0, 2, (rows, cols))
        if not np.array_equal(np.asarray(rref(M)[0]), lo.rref(M)[0]):
            return False
    return True


def only_the_pivot_bug_escapes(feedback: Feedback) -> bool:
    """The one bug the message names passes this test, and every other planted bug fails it."""
    from lightsout_edu.exercises.lecture8 import _PLANTED

    escaped = [name for name, bug in _PLANTED.items() if compares_only_r(bug)]
    return escaped == ["returns the pivot columns counted from 1"] and feedback.message.startswith(
        "1 planted bug"
    )


SLOW_CATALOGUE: list[Wrong] = [
    Wrong(
        "E8.3",
        "check_my_test",
        OFF_BY_ONE + " (the pivots never compared, so pivots counted from 1 pass)",
        compares_only_r,
        "escapes your test: an rref that returns the pivot columns counted from 1",
        only_the_pivot_bug_escapes,
    ),
]
