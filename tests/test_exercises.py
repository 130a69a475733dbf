"""The exercise checkers: right answers pass in every accepted form, wrong answers get a hint
that names the mistake, garbage and broken student code never crash or hang a checker."""

from __future__ import annotations

import itertools
import threading
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lightsout_edu as lo
from lightsout_edu import exercises as ex
from lightsout_edu.exercises import Feedback, _sandbox, _student_code
from lightsout_edu.widgets import RowReductionPractice
from tests.inner_loop import diagonal, sample


@pytest.fixture(autouse=True, scope="module")
def forked_runners():
    """What each checker says, checked quickly: runners forked from the judge, as where
    bubblewrap cannot run.  The sandbox itself, and the checkers in it, are tested by
    test_sandbox, test_hostile_formative and the exercise notebooks."""
    import os

    before = os.environ.get("LIGHTSOUT_SANDBOX_START")
    os.environ["LIGHTSOUT_SANDBOX_START"] = "fork"
    _sandbox._stop_judge()
    yield
    _sandbox._stop_judge()
    if before is None:
        del os.environ["LIGHTSOUT_SANDBOX_START"]
    else:
        os.environ["LIGHTSOUT_SANDBOX_START"] = before


CHECKERS = {name: getattr(ex, name) for name in ex.__all__ if name.startswith("check_")}
#: Checkers that take several answers; every answer below is then a tuple of them.
SEVERAL = {"check_gf2_tables"}


@pytest.fixture(autouse=True)
def fresh_kernel_memory():
    """Each test answers as if for the first time (the checkers notice guessing loops)."""
    _sandbox.forget_attempts()


def check(name: str, answer: object) -> Feedback:
    return CHECKERS[name](*answer) if name in SEVERAL else CHECKERS[name](answer)


def dark(rows: int, cols: int) -> np.ndarray:
    return np.zeros((rows, cols), dtype=np.uint8)


def quiet(rows: int, cols: int, *, torus: bool = False) -> np.ndarray:
    return lo.solve_board(dark(rows, cols), torus=torus).quiet_patterns


def needs_presses(rows: int, cols: int, k: int, *, fewest: int, seed: int = 0) -> np.ndarray:
    """A board reached by pressing k cells whose lightest solution has `fewest` presses."""
    rng = np.random.default_rng(seed)
    for _ in range(5000):
        presses = np.zeros(rows * cols, dtype=np.uint8)
        presses[rng.choice(rows * cols, size=k, replace=False)] = 1
        board = lo.press(dark(rows, cols), presses.reshape(rows, cols))
        if lo.solve_board(board).fewest_presses().sum() == fewest:
            return board
    raise AssertionError(f"no {rows}x{cols} board from {k} presses needs {fewest}")


# ---------------------------------------------------------------------------------------------
# Students' functions: right ones, and ones with the mistakes students make
# ---------------------------------------------------------------------------------------------


def parity_vector(sequence, n_cells):
    return np.bincount(np.asarray(sequence, dtype=int), minlength=n_cells) % 2


def parity_with_sets(sequence, n_cells):
    odd = set()
    for cell in sequence:
        odd ^= {cell}
    return [int(i in odd) for i in range(n_cells)]


def raises(*args):
    raise RuntimeError("not written yet")


def press_cell(board, r, c, stencil):
    new = board.copy()
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            rr, cc = r + dr, c + dc
            if stencil[dr + 1, dc + 1] and 0 <= rr < board.shape[0] and 0 <= cc < board.shape[1]:
                new[rr, cc] ^= 1
    return new


def press_cell_wrapping(board, r, c, stencil):  # a torus by mistake: negative indices wrap
    new = board.copy()
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if stencil[dr + 1, dc + 1]:
                new[(r + dr) % board.shape[0], (c + dc) % board.shape[1]] ^= 1
    return new


def press_cell_plus_only(board, r, c, stencil):  # ignores the stencil
    return press_cell(board, r, c, np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]]))


def parity_checks(rows, cols, working):
    """E4.9 as its solution does it: each light no working button reaches alone, then one
    check per first-row cell, the rows below forced by the working buttons row by row."""
    alone = [
        np.eye(rows * cols, dtype=np.uint8)[i].reshape(rows, cols)
        for i in range((working + 1) * cols, rows * cols)
    ]
    chased = []
    for c in range(cols):
        y = np.zeros((rows + 2, cols + 2), dtype=np.uint8)  # a frame of zeros
        y[1, 1 + c] = 1
        for r in range(1, working + 1):
            y[r + 1, 1:-1] = (y[r - 1, 1:-1] + y[r, :-2] + y[r, 1:-1] + y[r, 2:]) % 2
        chased.append(y[1:-1, 1:-1])
    return alone + chased


def parity_checks_below_only(rows, cols, working):  # only the lights nobody reaches
    return parity_checks(rows, cols, working)[: (rows - working - 1) * cols]


def parity_checks_without_mod_2(rows, cols, working):  # forgot % 2: entries 2 and 3
    checks = []
    for c in range(cols):
        y = np.zeros((rows + 2, cols + 2), dtype=np.uint8)
        y[1, 1 + c] = 1
        for r in range(1, working + 1):
            y[r + 1, 1:-1] = y[r - 1, 1:-1] + y[r, :-2] + y[r, 1:-1] + y[r, 2:]
        checks.append(y[1:-1, 1:-1])
    return parity_checks_below_only(rows, cols, working) + checks


def parity_checks_one_row_short(rows, cols, working):  # range(1, working): off by one
    checks = []
    for c in range(cols):
        y = np.zeros((rows + 2, cols + 2), dtype=np.uint8)
        y[1, 1 + c] = 1
        for r in range(1, working):
            y[r + 1, 1:-1] = (y[r - 1, 1:-1] + y[r, :-2] + y[r, 1:-1] + y[r, 2:]) % 2
        checks.append(y[1:-1, 1:-1])
    return parity_checks_below_only(rows, cols, working) + checks


def parity_checks_of_the_buttons_side(rows, cols, working):  # ker B, not ker B^T: the
    return [np.zeros((rows, cols), dtype=np.uint8)]  # columns are independent, ker B = {0}


def gauss_jordan(M):
    R = np.array(M, dtype=np.uint8) % 2
    pivots, row = [], 0
    for col in range(R.shape[1]):
        below = np.flatnonzero(R[row:, col])
        if row == R.shape[0] or not below.size:
            continue
        R[[row, row + below[0]]] = R[[row + below[0], row]]
        for other in np.flatnonzero(R[:, col]):
            if other != row:
                R[other] ^= R[row]
        pivots.append(col)
        row += 1
    return R, pivots


def planted(M, *, above=True, swap=True, last_column=True):
    """Gauss-Jordan with one of the mistakes students make (the test's own copy)."""
    R = (np.asarray(M) % 2).astype(np.int64)
    rows, cols = R.shape
    pivots, r = [], 0
    for c in range(cols if last_column else cols - 1):
        if r == rows:
            break
        below = np.flatnonzero(R[r:, c])
        if below.size == 0 or (not swap and below[0] != 0):
            continue
        p = r + int(below[0])
        R[[r, p]] = R[[p, r]]
        for t in np.flatnonzero(R[:, c]) if above else r + np.flatnonzero(R[r:, c]):
            if t != r:
                R[t] ^= R[r]
        pivots.append(c)
        r += 1
    return R, tuple(pivots)


def gauss_jordan_not_above(M):
    return planted(M, above=False)


def gauss_jordan_no_swap(M):
    return planted(M, swap=False)


def gauss_jordan_skips_b(M):
    return planted(M, last_column=False)


def fewest(particular, kernel):
    best = particular
    for choice in itertools.product((0, 1), repeat=len(kernel)):
        x = (particular + np.asarray(choice, dtype=np.uint8) @ kernel) % 2
        if x.sum() < best.sum():
            best = x
    return best


def fewest_single_patterns(particular, kernel):  # only tries adding one pattern at a time
    candidates = [particular] + [(particular + q) % 2 for q in kernel]
    return min(candidates, key=lambda x: x.sum())


def fewest_greedy(particular, kernel):
    """Adds each quiet pattern that makes the vector lighter (each sum reduced mod 2)."""
    x = particular % 2
    for q in kernel:
        if ((x + q) % 2).sum() < x.sum():
            x = (x + q) % 2
    return x


def chase(board, first_row):
    """Press `first_row` in row 1, then chase the lights down; the presses and the last row."""
    lights = np.array(board, dtype=np.uint8) % 2
    rows, cols = lights.shape
    presses = np.zeros_like(lights)
    for r in range(rows):
        row = np.array(first_row, dtype=np.uint8) % 2 if r == 0 else lights[r - 1].copy()
        presses[r] = row
        lights[r] ^= row  # the pressed cells
        lights[r, 1:] ^= row[:-1]  # their right neighbours
        lights[r, :-1] ^= row[1:]  # their left neighbours
        if r > 0:
            lights[r - 1] ^= row  # above: the row chased dark
        if r + 1 < rows:
            lights[r + 1] ^= row  # below
    return presses, lights[-1].copy()


def solve_gf2(C, r):
    """One solution f of C f = r over GF(2) (free unknowns 0), or None."""
    M = np.column_stack([np.array(C, dtype=np.uint8) % 2, np.array(r, dtype=np.uint8) % 2])
    unknowns = M.shape[1] - 1
    pivots = []
    for col in range(unknowns):
        top = len(pivots)
        below = np.flatnonzero(M[top:, col])
        if below.size == 0:
            continue  # a free column
        M[[top, top + below[0]]] = M[[top + below[0], top]]
        others = np.flatnonzero(M[:, col])
        M[others[others != top]] ^= M[top]
        pivots.append(col)
    if M[len(pivots) :, -1].any():
        return None  # a row 0 = 1
    f = np.zeros(unknowns, dtype=np.uint8)
    f[pivots] = M[: len(pivots), -1]
    return f


def solve_by_chasing(board):
    """Presses that switch `board` off, found by light chasing; None if impossible."""
    rows, cols = board.shape
    dark = np.zeros((rows, cols), dtype=np.uint8)
    leftover = chase(board, np.zeros(cols, dtype=np.uint8))[1]
    units = np.eye(cols, dtype=np.uint8)
    C = np.column_stack([chase(dark, units[j])[1] for j in range(cols)])
    first_row = solve_gf2(C, leftover)
    if first_row is None:
        return None
    return chase(board, first_row)[0]


def chase_without_first_row(board):  # chases, but never solves for the first row
    presses, leftover = chase(board, np.zeros(board.shape[1], dtype=np.uint8))
    return None if leftover.any() else presses


def chase_never_none(board):  # right, but an unsolvable board gets the chase's presses
    presses = solve_by_chasing(board)
    return chase(board, np.zeros(board.shape[1], dtype=np.uint8))[0] if presses is None else presses


def is_solution(board, presses):
    return not lo.press(board, presses).any()


def is_solution_counts_presses(board, presses):  # compares the numbers of lights and presses
    return bool(board.sum() == presses.sum())


def good_test(rref):
    rng = np.random.default_rng(0)
    for _ in range(60):
        M = rng.integers(0, 2, (int(rng.integers(1, 6)), int(rng.integers(1, 6))))
        R, pivots = rref(M)
        truth = lo.rref(M)
        if not np.array_equal(np.asarray(R) % 3, truth[0]) or tuple(pivots) != tuple(truth[1]):
            return False
    return True


def gauss_jordan_searching_below_the_current_row(M):  # R[r + 1:, c]: an off-by-one
    R = M.copy() % 2
    pivots, r = [], 0
    for c in range(R.shape[1]):
        if r == R.shape[0]:
            break
        below = np.flatnonzero(R[r + 1 :, c])
        if below.size == 0:
            continue
        p = r + 1 + below[0]
        R[[r, p]] = R[[p, r]]
        for i in np.flatnonzero(R[:, c]):
            if i != r:
                R[i] ^= R[r]
        pivots.append(c)
        r += 1
    return R, pivots


def weak_test(rref):  # the identity matrix only
    return np.array_equal(rref(np.eye(3, dtype=np.uint8))[0], np.eye(3))


def practice_done(*, extra: int = 0, stop_early: bool = False) -> RowReductionPractice:
    """The practice widget after the recorded elimination (plus wasted moves)."""
    practice = RowReductionPractice()
    steps = lo.eliminate(lo.toggle_matrix(3, 3), [1, 1, 0, 1, 0, 0, 0, 0, 1]).steps
    for _ in range(extra):
        practice.swap(0, 1)
        practice.swap(0, 1)
    for step in steps[: len(steps) // 2] if stop_early else steps:
        practice.ops = [*practice.ops, step.as_list()]
    return practice


# ---------------------------------------------------------------------------------------------
# Right answers, in every form a student might give them
# ---------------------------------------------------------------------------------------------

Q4, Q5T = quiet(4, 4), quiet(5, 5, torus=True)
Q5 = quiet(5, 5)
SECOND = lo.parse_board(ex.SECOND_SOLUTION_PRESSES)
TRUTH = {n: lo.solve_board(t).solvable for n, t in ex.VERDICT_BOARDS.items()}
ROWS, COLS, K = ex.EXACT_PRESSES
PETERSEN = lo.graph_toggle_matrix(list(ex.PETERSEN_EDGES), n_nodes=10)
PETERSEN_X = lo.solve(PETERSEN, np.ones(10, dtype=np.uint8))
THREE = lo.parse_board(ex.THREE_COLOR_BOARD)
HAND_PIVOTS = [c + 1 for c in lo.rref(np.array(ex.HAND_MATRIX))[1]]
CHASED = lo.chase_lights(lo.parse_board(ex.CHASE_BOARD), list(ex.CHASE_FIRST_ROW))[0]
WORST_WEIGHTS = [int(x.sum()) for x in lo.solve_board(ex.WORST_5X5).all_solutions()]
HARDEST_3X5 = lo.most_clicks(3, 5).board
BOUND = -(-int(lo.parse_board(ex.BOUND_BOARD).sum()) // 5)
#: a triangle 0-1-2, node 3 joined to 0 and 1 and to a leaf 4: only node 2 has even degree
ONE_EVEN = [(0, 1), (1, 2), (2, 0), (3, 0), (3, 1), (3, 4)]
PROOF_4X4 = {"cell": (1, 2), "each": 4, "total": 60}


def another_basis(basis: np.ndarray) -> np.ndarray:
    """The same span: replace the last vector by the sum of all of them."""
    changed = basis.copy()
    changed[-1] = basis.sum(axis=0) % 2
    return changed


CORRECT = {
    # lecture 1
    "check_toggle_matrix_2x3": [
        lo.toggle_matrix(2, 3),
        lo.toggle_matrix(2, 3).tolist(),
        sympy.Matrix(lo.toggle_matrix(2, 3)),
    ],
    "check_order_does_not_matter": [parity_vector, parity_with_sets],
    "check_order_proof": ["c", " C "],
    "check_press_function": [press_cell],
    "check_ones_in_toggle_matrix": [
        lambda n: 5 * n * n - 4 * n,
        lambda n: np.int64(5 * n * n - 4 * n),
    ],
    # lecture 2
    "check_gf2_tables": [(lambda a, b: a ^ b, lambda a, b: a & b), (lambda a, b: (a + b) % 2, min)],
    "check_system_mod2": [[1, 0, 0], np.array([1, 0, 0]), "100", (1, 0, 0)],
    "check_self_orthogonal_count": [lambda n: 2 ** (n - 1), lambda n: 2**n // 2],
    "check_determinant_3x4": [-9, "-9", -9.0, sympy.Matrix(lo.toggle_matrix(3, 4)).det()],
    # lecture 3
    "check_pivots_by_hand": [HAND_PIVOTS, set(HAND_PIVOTS), np.array(HAND_PIVOTS)],
    "check_rref_by_hand": [practice_done(), practice_done(extra=1)],
    "check_gauss_jordan": [gauss_jordan],
    "check_free_columns_4x4": [[13, 14, 15, 16], range(13, 17)],
    # lecture 4
    "check_quiet_patterns_4x4": [
        Q4,
        list(Q4),
        [lo.format_board(q) for q in Q4],
        Q4.reshape(len(Q4), 16),
        another_basis(Q4),
        Q4.tolist(),
        Q4.astype(float),
    ],
    "check_nullity_9x14": [5, "5", " 5 ", np.int64(5), 5.0, sympy.Integer(5)],
    "check_singular_3xn": [
        [2, 5, 8, 11, 14, 17, 20],
        set(range(2, 21, 3)),
        tuple(range(20, 0, -3)),
        np.arange(2, 21, 3),
        [2, 2, 5, 8, 11, 14, 17, 20],
    ],
    "check_solvable_verdicts": [
        TRUTH,
        {k.lower(): ("yes" if v else "no") for k, v in TRUTH.items()},
        [TRUTH[n] for n in "ABCD"],
        tuple("solvable" if TRUTH[n] else "unsolvable" for n in "ABCD"),
        np.array([int(TRUTH[n]) for n in "ABCD"]),
    ],
    "check_certificate": [
        lo.solve_board(ex.UNSOLVABLE_BOARD).certificate,
        sympy.Matrix(lo.solve_board(ex.UNSOLVABLE_BOARD).certificate),
        *[q for q in Q5 if (q * lo.parse_board(ex.UNSOLVABLE_BOARD)).sum() % 2],
    ],
    "check_probability_solvable_5x11": [
        Fraction(1, 16),
        "1/16",
        "2^-4",
        "1/2^4",
        "2**(-4)",
        0.0625,
        sympy.Rational(1, 16),
    ],
    "check_solvable_count_3x8": [2**22, "2^22", "2**22", "4194304", float(2**22)],
    "check_dual_dimension_proof": ["d", " D "],
    "check_broken_buttons": [parity_checks, lambda *shape: np.array(parity_checks(*shape))],
    # lecture 5
    "check_solution_count_4x4": [16, "16", 16.0, "2^4"],
    "check_second_solution_5x5": [
        *[(SECOND + q) % 2 for q in (Q5[0], Q5[1], (Q5[0] + Q5[1]) % 2)],
        lo.format_board((SECOND + Q5[0]) % 2),
        ((SECOND + Q5[1]) % 2).ravel().tolist(),
    ],
    "check_needs_exactly_k_presses": [
        needs_presses(ROWS, COLS, K, fewest=K),
        needs_presses(ROWS, COLS, K, fewest=K, seed=1).tolist(),
    ],
    "check_fewest_presses": [fewest],
    # lecture 6
    "check_chase_by_hand": [CHASED, lo.format_board(CHASED), CHASED.tolist()],
    "check_chase_converse": ["b", "B"],
    "check_light_chase": [solve_by_chasing],
    "check_unique_solution": [
        lo.random_board(6, 6, seed=2),
        lo.format_board(lo.random_board(7, 7, seed=3)),
        np.eye(6, dtype=int).tolist(),
        lo.random_board(21, 21, seed=4),
    ],
    # lecture 7
    "check_torus_kernel_5x5": [Q5T, another_basis(Q5T), [lo.format_board(q) for q in Q5T]],
    "check_neighbors_only_graph": [
        [(0, 1), (1, 2), (2, 0)],
        {(0, 1), (1, 2), (2, 0)},
        np.ones((3, 3), dtype=int) - np.eye(3, dtype=int),
        {0: [1, 2], 1: [2]},
        list(itertools.combinations(range(5), 2)),
    ],
    "check_all_on_petersen": [
        PETERSEN_X,
        PETERSEN_X.tolist(),
        {int(i) for i in np.flatnonzero(PETERSEN_X)},
        [int(i) for i in np.flatnonzero(PETERSEN_X)],
    ],
    "check_odd_degree_proof": ["b"],
    "check_one_even_degree_graph": [
        ONE_EVEN,
        set(ONE_EVEN),
        lo.graph_toggle_matrix(ONE_EVEN, self_toggle=False).tolist(),
        {0: [1, 2, 3], 1: [2, 3], 3: [4]},
    ],
    "check_three_color_presses": [
        *list(lo.solve_board(THREE, colors=3).all_solutions()),
        lo.format_board(lo.solve_board(THREE, colors=3).presses),
    ],
    "check_colors_with_unsolvable_3x3": [[7], {7}, (7,), np.array([7])],
    # lecture 8
    "check_is_solution": [is_solution, lambda b, p: bool(np.all(lo.press(b, p) == 0))],
    "check_counterexample": [[[1, 1], [0, 1]], np.array([[1, 1, 0], [0, 1, 1]]), "11/01"],
    "check_my_test": [good_test, lambda rref: np.bool_(good_test(rref))],
    # lecture 9
    "check_most_presses_6x7": [42, "42"],
    "check_counting_bound": [BOUND, str(BOUND)],
    "check_hardest_3x5": [HARDEST_3X5],
    "check_fifteen_proof": [WORST_WEIGHTS, tuple(WORST_WEIGHTS), np.array(WORST_WEIGHTS)],
    "check_worst_4x4_proof": [
        PROOF_4X4,
        {"cell": [4, 3], "each": "4", "total": 60.0},
        {"Cell": (np.int64(2), 1), "EACH": np.int64(4), "total": "60"},
        {"cell": (3, 4), "each": 4, "total": 60},
    ],
}

# ---------------------------------------------------------------------------------------------
# Wrong answers in the right form, each with a word the hint must contain
# ---------------------------------------------------------------------------------------------

WRONG = {
    "check_toggle_matrix_2x3": [
        (np.eye(6, dtype=int), "column 1"),
        (lo.toggle_matrix(3, 2), "column"),
        (lo.toggle_matrix(3, 3), "6x6"),
    ],
    "check_order_does_not_matter": [
        (lambda seq, n: np.bincount(np.asarray(seq, dtype=int), minlength=n), "not 0 or 1"),
        (lambda seq, n: np.zeros(n, dtype=int), "how often"),
        (lambda seq, n: np.eye(1, n, seq[-1], dtype=int)[0] if seq else np.zeros(n), "how often"),
        (lambda seq, n: np.zeros(n + 1, dtype=int), "entries"),
        (raises, "RuntimeError"),
        (len, "raised"),
        ("parity_vector", "pass your function"),
    ],
    "check_order_proof": [("a", "right"), ("d", "right"), ("e", "letters")],
    "check_press_function": [
        (press_cell_wrapping, "wrong"),
        (press_cell_plus_only, "rule 'x'"),
        (lambda board, r, c, stencil: None, "not a board"),
        (lambda board, r, c, stencil: board, "wrong"),
    ],
    "check_ones_in_toggle_matrix": [
        (lambda n: 5 * n * n, "corner"),
        (lambda n: float(5 * n * n - 4 * n), "a float"),
        (lambda n: 5 * n**2 / 1 - 4 * n, "//"),
    ],
    "check_gf2_tables": [
        ((lambda a, b: a + b, lambda a, b: a * b), "1 + 1 = 0"),
        ((lambda a, b: a ^ b, lambda a, b: a | b), "only 1 * 1 = 1"),
        ((lambda a, b: a ^ b, lambda a, b: a == b), "0 or 1"),
        ((raises, raises), "RuntimeError"),
    ],
    "check_system_mod2": [([1, 1, 1], "equation"), ([0, 0], "three entries")],
    "check_self_orthogonal_count": [
        (lambda n: 2**n, "even number"),
        (lambda n: None, "not a number"),
        (lambda n: 2**n / 2, "a float"),
        (lambda n: np.power(2, n - 1), "64-bit"),  # right, but int64 wraps round past N = 64
        (lambda n: int(np.prod([2] * (n - 1))), "64-bit"),  # the same, made a Python int
    ],
    "check_determinant_3x4": [(9, "sign"), (7, "parity"), (0, "np.linalg.det")],
    "check_pivots_by_hand": [
        ([c - 1 for c in HAND_PIVOTS], "count the columns from 1"),
        ([1], "column by column"),
    ],
    "check_rref_by_hand": [
        (RowReductionPractice(), "no operation"),
        (practice_done(stop_early=True), "not in reduced row echelon form"),
        (RowReductionPractice([[1, 1], [1, 0]]), "another system"),
        (RowReductionPractice(modulus=3), "another system"),
        ("the widget", "not the practice widget"),
    ],
    "check_gauss_jordan": [
        (gauss_jordan_not_above, "above"),
        (gauss_jordan_no_swap, "swap"),
        (gauss_jordan_skips_b, "b column"),
        (lambda M: gauss_jordan(M)[0], "(R, pivots)"),
        (lambda M: (gauss_jordan(M)[0], [p + 1 for p in gauss_jordan(M)[1]]), "pivot columns"),
        (lambda M: (gauss_jordan(M)[0][:, :-1], gauss_jordan(M)[1]), "shape"),
        (raises, "RuntimeError"),
        # the package's own elimination is not there while the student's function runs
        # (with bubblewrap and without it: test_same_verdicts_both_ways)
        (lambda M: lo.rref(M), "yourself"),
        (lo.rref, "yourself"),
        (gauss_jordan_searching_below_the_current_row, "the current row included"),
        (
            lambda M: (gauss_jordan(M)[0], [*gauss_jordan(M)[1], *gauss_jordan(M)[1][:1]]),
            "more than once",
        ),
    ],
    "check_free_columns_4x4": [(list(range(1, 13)), "pivot columns"), ([1, 2], "free")],
    "check_quiet_patterns_4x4": [
        (Q4[:3], "bigger"),
        ([Q4[0], Q4[1], Q4[2], Q4[2]], "not independent"),
        ([Q4[0], Q4[1], Q4[2], dark(4, 4)], "presses nothing"),
        ([*Q4[:3], np.eye(4, dtype=int)], "not quiet"),
        ([*Q4, Q4[0]], "not independent"),
        (Q4[0], "single board"),
        (np.ones((4, 5, 5), dtype=int), "4x4 boards"),
    ],
    "check_nullity_9x14": [(121, "rank"), (7, "pivot"), (-8, "between"), (200, "between")],
    "check_singular_3xn": [
        ([2, 5], "5 widths are missing"),
        ([2, 3, 5, 8, 11, 14, 17, 20], "invertible"),
        ([2, 5, 8, 11, 14, 17, 20, 23], "from 1 to 20"),
        ([], "missing"),
        ({2: True, 5: True, 8: True}, "dict"),
    ],
    "check_solvable_verdicts": [
        ([True] * 4, f"{sum(not v for v in TRUTH.values())} verdicts are wrong (of 4)"),
        ({n: not v for n, v in TRUTH.items()}, "4 verdicts are wrong"),
        ({"A": True, "B": True}, "keys"),
        ([True, False, "maybe", True], "verdict"),
    ],
    "check_certificate": [
        (dark(5, 5), "even number"),
        (dark(5, 5), "y = 0"),
        ((Q5[0] + Q5[1]) % 2, "even number"),
        (lo.parse_board(ex.UNSOLVABLE_BOARD), "kernel"),
    ],
    "check_probability_solvable_5x11": [
        (Fraction(1, 4), "rank"),
        ("1/2", "rank"),
        (Fraction(15, 16), "opposite"),
        (2, "between 0 and 1"),
        (-1, "between 0 and 1"),
        ("1e-999999999", "is not a number"),
    ],
    "check_solvable_count_3x8": [
        (22, "power"),
        (2**24, "power"),
        (2**22 - 1, "all-off"),
        (2**21, "A x"),
    ],
    "check_dual_dimension_proof": [("a", "overlap"), ("b", "rank"), ("c", "e_1"), ("e", "letters")],
    "check_broken_buttons": [
        (parity_checks_below_only, "there are more"),
        (parity_checks_without_mod_2, "not 0 or 1"),
        (parity_checks_one_row_short, "not a parity check"),
        (parity_checks_of_the_buttons_side, "dark board"),
        (lambda *shape: parity_checks(*shape) * 2, "not independent"),
        (lambda rows, cols, working: parity_checks(rows, cols, working)[0], "single board"),
        # the lecture's one-liner is not there while the function runs (issue 42: ★★★)
        (
            lambda rows, cols, w: lo.left_null_space(lo.toggle_matrix(rows, cols)[:, : w * cols]),
            "write it yourself",
        ),
        (Q5, "pass your function"),
    ],
    "check_solution_count_4x4": [(4, "dimension"), (15, "zero pattern"), (-16, "zero pattern")],
    "check_second_solution_5x5": [
        (SECOND, "different"),
        (dark(5, 5), "stay on"),
        (np.ones((5, 5), dtype=int), "stay on"),
    ],
    "check_needs_exactly_k_presses": [
        (needs_presses(ROWS, COLS, K, fewest=K - 2), "only"),
        (dark(ROWS, COLS), "no presses at all"),
        (needs_presses(ROWS, COLS, K + 1, fewest=K + 1), "more than"),
        (np.diag([1, 0, 0, 0]), "cannot"),
    ],
    "check_fewest_presses": [
        (lambda particular, kernel: particular, "possible"),
        (fewest_single_patterns, "particular + c @ kernel"),
        (lambda particular, kernel: np.zeros_like(particular), "coset"),
        (lambda particular, kernel: "done", "not a vector"),
        (lambda particular, kernel: 2 * particular, "entry 2"),
    ],
    "check_chase_by_hand": [
        (np.zeros((4, 4), dtype=int), "first row is given"),
        (np.vstack([CHASED[:2], 1 - CHASED[2:]]), "row 3"),
        (np.vstack([CHASED[:1], 1 - CHASED[1:]]), "after the presses of row 1."),
    ],
    "check_chase_converse": [("a", "alone"), ("d", "count")],
    "check_light_chase": [
        (chase_without_first_row, "returned None"),
        (lambda board: board, "leave"),
        (lambda board: None, "returned None"),
        (lambda board: "presses", "your function returned"),
        (lambda board: lo.solve_board(board).presses, "write it yourself"),
        (lambda board: np.full(board.shape, 2), "entry 2"),
        (lambda board: lo.solve(lo.toggle_matrix(*board.shape), board), "write it yourself"),
    ],
    "check_unique_solution": [
        (lo.random_board(5, 5, seed=1, solvable=True), "2^2"),
        (lo.random_board(3, 3, seed=1), "at least 4"),
        (dark(6, 6), "dark board"),
        (lo.random_board(4, 4, seed=1, solvable=False), "cannot"),
        (np.ones((61, 61), dtype=int), "at most"),
    ],
    "check_torus_kernel_5x5": [(Q5, "not quiet"), (Q5T[:7], "bigger")],
    "check_neighbors_only_graph": [
        ([(0, 1)], "can be switched off"),
        ("[(0, 1), (1, 2)]", "without the quotes"),
        ([(0, 1), (1, 2)], "can be switched off"),
        (np.zeros((3, 3), dtype=int), "neighbour"),
        ([[0, 1, 0], [1, 0, 0], [0, 0, 0]], "neighbour"),
        ([(0, 0), (0, 1)], "itself"),
        ([[0, 1], [0, 0]], "symmetric"),
        ([[1, 1], [1, 0]], "diagonal"),
        ([(-1, 2)], "negative"),
        ([(0, 10**6)], "too many"),
    ],
    "check_all_on_petersen": [
        (set(range(10)), "4 is even"),
        (set(), "still lit"),
        ([1] * 10, "4 is even"),
        ({1, 2, 3, 4, 5}, "numbered from 0"),
        ({10}, "0 to 9"),
    ],
    "check_odd_degree_proof": [("a", "e_1"), ("c", "symmetric"), ("d", "handshake")],
    "check_one_even_degree_graph": [
        ([(0, 1), (1, 2), (2, 0)], "3 nodes have even degree"),
        (list(itertools.combinations(range(5), 2)), "5 nodes have even degree"),
        ([(0, 1)], "can be switched off"),
        ([(0, 1), (1, 2), (2, 3)], "can be switched off"),
        ([(0, 1), (2, 2)], "itself"),
        ("[(0, 1), (1, 2), (2, 0)]", "without the quotes"),
    ],
    "check_three_color_presses": [
        (dark(4, 4), "GF(3)"),
        (lo.solve_board(THREE, colors=3).presses * 2 % 3, "GF(3)"),
        (np.full((4, 4), 3), "between 0 and 2"),
    ],
    "check_colors_with_unsolvable_3x3": [
        ([], "missing"),
        ([2, 7], "k = 2"),
        ([7, 14], "from 2 to 12"),
    ],
    "check_is_solution": [
        (is_solution_counts_presses, "press the cells"),
        (lambda b, p: "yes", "return True or False"),
    ],
    "check_counterexample": [(np.eye(3, dtype=int), "above the pivots"), ([1, 0], "shape")],
    "check_my_test": [
        (weak_test, "escape"),
        (lambda rref: False, "rejects a correct"),
        (lambda rref: None, "rejects a correct"),
    ],
    "check_most_presses_6x7": [(6, "side"), (7, "side"), (21, "biggest")],
    "check_counting_bound": [(BOUND - 1, "round up"), (100, "divide")],
    "check_hardest_3x5": [
        (lo.press(dark(3, 5), np.eye(3, 5, dtype=np.uint8)), "only"),
        (np.eye(3, 5), "cannot"),
    ],
    "check_fifteen_proof": [
        ([15, 16, 17, 18], "all_solutions"),
        (WORST_WEIGHTS[:3], "4 solutions"),
        (set(WORST_WEIGHTS), "give a list"),
        (15, "not a list"),
    ],
    "check_worst_4x4_proof": [
        ({**PROOF_4X4, "cell": (1, 1)}, "same quiet patterns as cell (3, 3)"),
        ({**PROOF_4X4, "cell": (2, 2)}, "shadows"),
        ({**PROOF_4X4, "each": 8}, "all 16 solutions"),
        ({**PROOF_4X4, "each": 2}, "not 2"),
        ({**PROOF_4X4, "total": 128}, "total of all 16"),
        ({**PROOF_4X4, "total": 68}, "press the cell"),
        ({**PROOF_4X4, "total": 64}, "pressed by none"),
        ({**PROOF_4X4, "total": 59}, "add up"),
        ({**PROOF_4X4, "cell": (0, 2)}, "from 1 to 4"),
        ({"cell": (1, 2), "total": 60}, "keys"),
        ([(1, 2), 4, 60], "not a dict"),
        ({**PROOF_4X4, "cell": "12"}, "pair"),
    ],
}

GARBAGE = [
    None,
    "",
    "garbage",
    "1/0",
    [[1, 0], [1]],
    [[[1], [0, 1]], [1]],
    np.zeros((3, 3)),
    np.zeros((2, 2, 2, 2)),
    3.7,
    -1,
    -(10**30),
    float("nan"),
    float("inf"),
    {},
    [],
    set(),
    object(),
    True,
    1j,
    b"bytes",
    [None],
    np.array(["a"]),
    np.full((4, 4), -1),
    np.full((5, 5), 0.5),
    np.ones((300, 300), dtype=np.uint8),
    [(0, 1, 2)],
    lambda *args: None,
    Fraction(1, 3),
    "1e-999999999",
    "9" * 5000,
]
MUST_NAME_THE_FORM = [None, object(), [[1, 0], [1]], b"bytes", 1j]


NAMES = sorted(CORRECT)


def test_every_checker_has_right_and_wrong_answers_here():
    defined = {n for n in dir(ex) if n.startswith("check_")}
    assert defined == set(CHECKERS), "every check_* function must be listed in __all__"
    assert not set(CHECKERS) & set(ex._BRITISH), "the deprecated spellings are not listed"
    assert set(CORRECT) == set(CHECKERS) == set(WRONG)
    assert len(CORRECT) >= 27


@pytest.mark.parametrize(
    ("name", "answer"),
    [(n, a) for n, answers in CORRECT.items() for a in answers],
    ids=[f"{n}-{i}" for n, answers in CORRECT.items() for i in range(len(answers))],
)
def test_right_answers_pass(name, answer):
    result = check(name, answer)
    assert isinstance(result, Feedback)
    assert result, result.message
    assert repr(result).startswith("Correct")


@pytest.mark.parametrize(
    ("name", "answer", "hint"),
    [(n, a, h) for n, cases in WRONG.items() for a, h in cases],
    ids=[f"{n}-{i}" for n, cases in WRONG.items() for i in range(len(cases))],
)
def test_wrong_answers_fail_with_a_hint(name, answer, hint):
    result = check(name, answer)
    assert isinstance(result, Feedback)
    assert not result
    assert hint.lower() in result.message.lower(), result.message
    assert repr(result).startswith("Not yet")
    assert "could not be checked" not in result.message
    assert not result.message.endswith(("..", "?.", ":."))


@pytest.mark.parametrize(
    ("garbage", "name"),  # the inner loop: each garbage value against a third of the checkers
    diagonal(GARBAGE, NAMES, every=3, ids=lambda i, j: f"garbage{i}-{NAMES[j]}"),
)
def test_garbage_is_wrong_with_a_hint_and_never_raises(name, garbage):
    answers = (garbage, garbage) if name in SEVERAL else (garbage,)
    result = CHECKERS[name](*answers)
    assert isinstance(result, Feedback) and not result
    assert len(result.message) > 10
    assert "could not be checked" not in result.message, result.message
    if any(garbage is g for g in MUST_NAME_THE_FORM):
        assert "Expected: " + CHECKERS[name].expected_form in result.message


answers = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats(allow_nan=True)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner),
    max_leaves=20,
)


@pytest.mark.parametrize("name", sample(NAMES, every=3))  # the inner loop: a third
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer=answers)
def test_random_structures_never_raise(name, answer):
    result = CHECKERS[name](*((answer, answer) if name in SEVERAL else (answer,)))
    assert isinstance(result, Feedback)
    assert isinstance(result.message, str) and result.message
    assert "could not be checked" not in result.message, result.message


def test_a_checker_given_the_wrong_number_of_answers_says_how_many_it_takes():
    result = ex.check_gf2_tables(lambda a, b: a ^ b)
    assert not result and "takes 2 answers (add, mul), not 1" in result.message
    assert "takes 1 answer (answer), not 2" in ex.check_nullity_9x14(5, 5).message


def test_british_spellings_are_the_same_checkers():
    with pytest.warns(DeprecationWarning, match="use check_neighbors_only_graph"):
        assert ex.check_neighbours_only_graph is ex.check_neighbors_only_graph
    with pytest.warns(DeprecationWarning, match="use check_three_color_presses"):
        assert ex.check_three_colour_presses is ex.check_three_color_presses
    with pytest.warns(DeprecationWarning, match="use THREE_COLOR_BOARD"):
        assert ex.THREE_COLOUR_BOARD == ex.THREE_COLOR_BOARD


# ---------------------------------------------------------------------------------------------
# Student code that loops, raises or misbehaves is reported, in the main thread and elsewhere
# ---------------------------------------------------------------------------------------------


def loops_for_ever(*args):
    while True:
        pass


def loops_catching_everything(*args):
    while True:
        try:
            while True:
                pass
        except Exception:
            continue


@pytest.fixture
def short_time_limit(monkeypatch):
    monkeypatch.setattr(_sandbox, "TIME_SCALE", 0.3 / _student_code.SECONDS)


@pytest.mark.parametrize("student", [loops_for_ever, loops_catching_everything])
def test_a_function_that_never_returns_is_stopped_and_reported(short_time_limit, student):
    result = ex.check_ones_in_toggle_matrix(student)
    assert not result
    assert "still running after 0.3 s" in result.message
    assert result.message.endswith("never ends?")


def test_the_time_limit_also_works_outside_the_main_thread(short_time_limit):
    results = []
    worker = threading.Thread(
        target=lambda: results.append(ex.check_gf2_tables(loops_for_ever, min))
    )
    worker.start()
    worker.join(10)
    assert not worker.is_alive() and results
    assert "still running" in results[0].message


def test_a_function_that_prints_and_returns_strings_is_a_wrong_answer(capsys):
    def chatty(n):
        print("thinking about", n)
        return "5n^2 - 4n"

    result = ex.check_ones_in_toggle_matrix(chatty)
    assert not result and "'5n^2 - 4n'" in result.message
    assert "thinking about" in capsys.readouterr().out


def ones_table():
    """ones(n) from a table of every n the feedback ever named, not from a formula."""
    seen = {n: 5 * n * n - 4 * n for n in [1, 2, 3, 4, 5, 7, 10, 31, 100]}
    return lambda n: seen.get(n, 0)


def test_a_table_of_earlier_cases_does_not_pass():
    """Part of the hidden cases is drawn anew at every check (E1, E2, E8)."""
    assert not ex.check_ones_in_toggle_matrix(ones_table())
    counts = {n: 2 ** (n - 1) for n in [1, 2, 3, 4, 5, 10, 25]}
    assert not ex.check_self_orthogonal_count(lambda n: counts.get(n, 0))


@pytest.mark.parametrize(
    ("checker", "student", "truth"),
    [
        (
            "check_ones_in_toggle_matrix",
            lambda n: 5 * n * n - 4 * n + (n > 3),
            lambda n: 5 * n * n - 4 * n,
        ),
        ("check_self_orthogonal_count", lambda n: 2 ** (n - 1) + (n > 3), lambda n: 2 ** (n - 1)),
    ],
)
def test_feedback_on_a_hidden_case_names_it_but_not_its_answer(checker, student, truth):
    result = getattr(ex, checker)(student)
    assert not result
    n = int(result.message.split("= ")[1].split()[0])
    assert n > 3 and str(student(n)) in result.message
    assert str(truth(n)) not in result.message


def test_a_wrong_press_shows_the_student_s_board_not_the_right_one():
    result = ex.check_press_function(press_cell_wrapping)
    assert not result and "Your board" in result.message and "The right" not in result.message


def test_a_greedy_search_is_not_told_it_counted_before_mod_2():
    """Greedy returns particular itself when no single quiet pattern makes it lighter: the
    hint says a sum of several does, not that the student forgot % 2 (they did not)."""
    result = ex.check_fewest_presses(fewest_greedy)
    assert not result
    assert "counted before % 2" not in result.message, result.message
    assert "one quiet pattern at a time" in result.message, result.message


def test_presses_for_an_unsolvable_board_are_told_to_be_none():
    """A chase that is right but never returns None leaves lights on a board no presses
    switch off: the hint says so, not only that lights are left (the student's chase is
    right, and looking for its bug leads nowhere)."""
    result = ex.check_light_chase(chase_never_none)
    assert not result
    assert "no presses switch this board off" in result.message, result.message
    assert "return None" in result.message, result.message


@pytest.mark.parametrize("student", [gauss_jordan_not_above, gauss_jordan_no_swap])
def test_rows_and_columns_named_from_1_say_so_beside_pivots_counted_from_0(student):
    """E3.4 asks for pivots counted from 0 and names them so ("pivot columns (0-based)"); a
    row or column its hint names counted from 1 says how to find it in R."""
    result = ex.check_gauss_jordan(student)
    assert not result
    assert "row 1 is R[0]" in result.message, result.message


def true_once_then_raise():
    """A 'test' that passes whatever it is given on its first call, then raises."""
    calls = []

    def my_test(rref):
        calls.append(1)
        if len(calls) > 1:
            raise RuntimeError("seen enough")
        return True

    return my_test


def true_on_odd_calls():
    """A 'test' that says True on its 1st, 3rd, 5th ... call, False on the others."""
    calls = []

    def my_test(rref):
        calls.append(1)
        return len(calls) % 2 == 1

    return my_test


@pytest.mark.parametrize("make", [true_once_then_raise, true_on_odd_calls])
def test_a_test_that_counts_its_calls_instead_of_testing_fails(make):
    """The rref functions come in a random order, each call in a runner started afresh: a
    test whose verdict depends on how often it was called cannot pass."""
    for _ in range(2):
        result = ex.check_my_test(make())
        assert not result and "escape" in result.message, result.message


def test_a_test_that_reads_the_dtype_instead_of_the_answer_fails():
    """The rref given to the test answers in one dtype, right or planted: a 'test' that
    asks for uint8 (what lo.rref returns) tells nothing apart."""

    def my_test(rref):
        return rref(np.eye(2, dtype=np.uint8))[0].dtype == np.uint8

    result = ex.check_my_test(my_test)
    assert not result, result.message


def test_the_right_rref_and_the_planted_bugs_take_the_same_time():
    """The right rref runs the planted bugs' code without a mistake: a 'test' that times the
    rref (lo.rref's packed engine was ten times faster on 200x200) learns nothing."""
    import time

    from lightsout_edu.exercises import lecture8

    M = (np.random.default_rng(1).random((200, 200)) < 0.5).astype(np.uint8)

    def seconds(rref) -> float:
        given = lecture8._given_to_the_test(rref)
        given(M)
        best = float("inf")
        for _ in range(5):
            start = time.perf_counter()
            given(M)
            best = min(best, time.perf_counter() - start)
        return best

    right = seconds(lecture8._right_rref)
    for name, planted in lecture8._PLANTED.items():
        assert right > seconds(planted) / 3, name


@pytest.mark.slow  # 56 runners, 1.5 s
def test_the_rref_functions_come_in_a_new_order_at_every_check(capsys):
    """The order of the rref functions is drawn anew at every check (not seeded)."""

    def my_test(rref):
        rng = np.random.default_rng(0)
        passes = True
        for _ in range(12):
            M = rng.integers(0, 2, (int(rng.integers(1, 6)), int(rng.integers(1, 6))))
            R, pivots = rref(M)
            truth = lo.rref(M)
            passes &= np.array_equal(R, truth[0]) and tuple(pivots) == tuple(truth[1])
        print("right" if passes else "bug")
        return passes

    positions = set()
    for _ in range(8):  # all six in one place: 1 chance in 6^7
        assert ex.check_my_test(my_test)
        printed = [w for w in capsys.readouterr().out.split() if w in ("bug", "right")]
        assert sorted(printed) == ["bug"] * 5 + ["right"]
        positions.add(printed.index("right"))
    assert len(positions) > 1


def test_a_student_function_gets_copies_and_cannot_break_the_checker():
    def vandal(M):
        M[:] = 0  # spoils its argument
        return gauss_jordan(M)

    result = ex.check_gauss_jordan(vandal)
    assert not result and "all-ones" in result.message  # the zero matrix passed, all-ones not
    assert ex.check_gauss_jordan(gauss_jordan)  # the hidden cases are intact


# ---------------------------------------------------------------------------------------------
# Feedback, and the exercise data fit their statements
# ---------------------------------------------------------------------------------------------


def test_feedback_is_truthy_iff_correct_and_renders():
    right, wrong = Feedback(True, "fine."), Feedback(False, "try a quiet pattern.")
    assert right and not wrong
    assert repr(right) == "Correct: fine."
    assert repr(wrong) == "Not yet: try a quiet pattern."
    assert right._repr_markdown_() == "✓ **Correct.** Fine."
    assert wrong._repr_markdown_() == "✗ **Not yet.** Try a quiet pattern."


def test_feedback_shows_the_board_it_talks_about():
    result = ex.check_second_solution_5x5(np.zeros((5, 5), dtype=int))
    assert result.board == lo.format_board(lo.parse_board(ex.SECOND_SOLUTION_BOARD))
    assert repr(result).endswith("\n" + result.board)
    assert result._repr_markdown_().endswith(f"```\n{result.board}\n```")


def test_exercise_data_fit_the_statements():
    assert set(TRUTH.values()) == {True, False}, "the verdict boards should mix both answers"
    assert not lo.solve_board(ex.UNSOLVABLE_BOARD).solvable
    board = lo.parse_board(ex.SECOND_SOLUTION_BOARD)
    assert not lo.press(board, SECOND).any()
    assert lo.solve_board(board).nullity > 0
    assert np.all(PETERSEN.sum(axis=0) == 4) and len(set(ex.PETERSEN_EDGES)) == 15
    assert lo.solve_board(THREE, colors=3).solvable
    A, b = (np.array(m) for m in ex.SYSTEM_MOD2)
    assert lo.solve(A, b).tolist() == [1, 0, 0]
    assert lo.most_clicks(3, 5).presses == 8 and lo.most_clicks(5, 5).presses == 15
    assert min(WORST_WEIGHTS) == 15 and len(WORST_WEIGHTS) == 4
    assert lo.grid_nullity(6, 7) == 0
    assert BOUND < lo.solve_board(ex.BOUND_BOARD).fewest_presses().sum()
    assert len(ex.HAND_MATRIX) == 4 and lo.rank(np.array(ex.HAND_MATRIX)) == 3


def test_the_proofs_the_new_exercises_ask_for_hold():
    """E4.9, E7.7 and E9.5 rest on facts the checkers do not recompute: check them here."""
    working = lo.toggle_matrix(*ex.BROKEN_SHAPE)[:, : ex.WORKING_ROWS * ex.BROKEN_SHAPE[1]]
    assert lo.rank(working) == 15 and not working[20:].any()  # row 5 is out of reach
    for seed in range(6):  # E9.5: the 8 solutions leaving cell (1, 2) unpressed
        board = lo.random_board(4, 4, seed=seed, solvable=True)
        rest = [x for x in lo.solve_board(board).all_solutions() if not x[0, 1]]
        assert len(rest) == 8 and sum(int(x.sum()) for x in rest) == 60
        assert np.all(np.sum(rest, axis=0).ravel()[np.arange(16) != 1] == 4)
    assert len(lo.optimal_press_counts(4, 4)) - 1 == 7  # and 7 is reached
    rng = np.random.default_rng(77)  # E7.7: with every degree odd, all-on never fails
    for _ in range(100):
        n = 2 * int(rng.integers(1, 10))
        upper = np.triu(rng.random((n, n)) < rng.random(), k=1)
        adjacency = (upper | upper.T).astype(np.uint8)
        even = np.flatnonzero(adjacency.sum(axis=0) % 2 == 0)  # an even number of them
        for u, v in zip(even[::2], even[1::2], strict=True):  # toggling uv makes both odd
            adjacency[u, v] = adjacency[v, u] = 1 - adjacency[u, v]
        assert np.all(adjacency.sum(axis=0) % 2)
        A = lo.graph_toggle_matrix(adjacency=adjacency, self_toggle=False)
        assert lo.solve(A, np.ones(n, dtype=np.uint8)) is not None


def test_no_answer_form_example_is_the_answer():
    """The form a checker asks for ("e.g. [2, 3]") must not be the answer itself."""
    import ast
    import re

    examples = 0
    for name, checker in CHECKERS.items():
        for match in re.finditer(r"e\.g\. (\[[^\]]*\]|-?\d+)", checker.expected_form):
            _sandbox.forget_attempts()
            example = ast.literal_eval(match.group(1))
            assert not check(name, (example, example) if name in SEVERAL else example), name
            examples += 1
    assert examples >= 8
