"""Property tests at every dtype boundary of the modulus: Z/k for k = 2^7 +- 1, 2^8 +- 1,
2^15 +- 1, 2^16 +- 1, 2^31 +- 1, 2^32 +- 1, 2^63 +- 1, 2^64 - 1 and 2^64 (2^64 + 1 is refused),
with primes and composites near each. Entries are drawn near 0 and near k - 1, where sums of
products leave int64 soonest. Every answer is checked with Python integers: a solution by
multiplying out, a certificate of unsolvability likewise, and the number of solutions against
sympy's Smith normal form over the integers (an independent computation: the kernel of A over
Z/k has prod gcd(e_i, k) * k^(n - r) elements for the invariant factors e_1 .. e_r of A)."""

from __future__ import annotations

import random
from math import gcd, prod

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sympy import ZZ, Matrix
from sympy.matrices.normalforms import invariant_factors

import lightsout_edu as lo

SETTINGS = settings(
    max_examples=10,  # per modulus: about 370 systems and 370 boards in all
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
#: each power of two at a dtype boundary, one below and one above (2^64 + 1 is refused)
BOUNDARIES = [
    2**e + d for e in (7, 8, 15, 16, 31, 32, 63, 64) for d in (-1, 0, 1) if 2**e + d <= 2**64
]
#: primes and composites near them (3 * 2^29 and 2^31 - 1 broke solve_mod in int64)
NEAR = [127, 251, 257, 32749, 32771, 65521, 65537, 3 * 2**29, 2147483629, 2147483659,
        4294967291, 4294967311, 6 * 2**30, 2**63 - 25, 9223372036854775837, 2**64 - 59,
        3 * 2**62, 10**19]  # fmt: skip
MODULI = BOUNDARIES + NEAR
RULES = ["plus", "neighbors", "x", "king", [[0, 1, 0], [0, 0, 0], [0, 1, 0]]]


def filler(k: int, seed: int):
    """Residues mod k drawn from ``seed``: mostly uniform (so products are large, as they are
    in real systems; hypothesis alone favours small numbers), some at the edges 0, 1, k - 1."""
    rng = random.Random(seed)
    edges = [0, 1, k - 2, k - 1]
    return lambda: rng.randrange(k) if rng.random() < 0.75 else rng.choice(edges)


def matmul(A: list[list[int]], x: list[int], k: int) -> list[int]:
    return [sum(a * v for a, v in zip(row, x, strict=True)) % k for row in A]


def left_matmul(y: list[int], A: list[list[int]], k: int) -> list[int]:
    return [sum(y[i] * A[i][j] for i in range(len(A))) % k for j in range(len(A[0]))]


def kernel_size(A: list[list[int]], k: int) -> int:
    """|{x in (Z/k)^n : A x = 0}| from the Smith normal form of A over the integers."""
    factors = [int(e) for e in invariant_factors(Matrix(A), domain=ZZ) if e != 0]
    return prod(gcd(e, k) for e in factors) * k ** (len(A[0]) - len(factors))


def ints(array) -> list[int]:
    return [int(v) for v in np.asarray(array).reshape(-1)]


@st.composite
def systems(draw, k: int):
    """(A, b, consistent): b = A x0 for a random x0 when consistent, else any b."""
    seed = draw(st.integers(0, 2**32))
    m, n = random.Random(seed).randint(1, 10), random.Random(~seed).randint(1, 10)
    entry = filler(k, seed)
    A = [[entry() for _ in range(n)] for _ in range(m)]
    consistent = draw(st.booleans())
    b = matmul(A, [entry() for _ in range(n)], k) if consistent else [entry() for _ in range(m)]
    return A, b, consistent


@pytest.mark.parametrize("k", MODULI)
@SETTINGS
@given(data=st.data())
def test_solve_mod_is_right_at_every_dtype_boundary(k, data):
    A, b, consistent = data.draw(systems(k))
    solution = lo.solve_mod(A, b, k)
    count = kernel_size(A, k)
    assert solution.solvable or not consistent
    if solution.solvable:
        assert matmul(A, ints(solution.x), k) == b
        assert solution.solution_count == count
        for generator, order in zip(
            solution.kernel_generators, solution.kernel_orders, strict=True
        ):
            g = ints(generator)
            assert matmul(A, g, k) == [0] * len(A)
            assert all(order * v % k == 0 for v in g)
        assert prod(solution.kernel_orders) == count
        members = solution.all_solutions()
        assert ints(next(members)) == ints(solution.x)
        if count <= 64:  # every solution, once each
            found = {tuple(ints(solution.x))} | {tuple(ints(v)) for v in members}
            assert len(found) == count
            assert all(matmul(A, list(v), k) == b for v in found)
    else:
        y = ints(solution.certificate)
        assert left_matmul(y, A, k) == [0] * len(A[0])
        assert sum(a * v for a, v in zip(y, b, strict=True)) % k != 0
        assert solution.solution_count == 0


def simulate(board: list[list[int]], presses: list[list[int]], rule, torus: bool, k: int):
    """The board after the presses, cell by cell with Python integers (no numpy at all)."""
    rows, cols = len(board), len(board[0])
    stencil = lo.rule_stencil(rule).tolist()
    after = [list(row) for row in board]
    for r in range(rows):
        for c in range(cols):
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if not stencil[dr + 1][dc + 1]:
                        continue
                    tr, tc = r + dr, c + dc
                    if torus:
                        tr, tc = tr % rows, tc % cols
                    elif not (0 <= tr < rows and 0 <= tc < cols):
                        continue
                    after[tr][tc] = (after[tr][tc] + presses[r][c]) % k
    return after


@st.composite
def games(draw, k: int):
    seed = draw(st.integers(0, 2**32))
    rows, cols = random.Random(seed).randint(1, 5), random.Random(~seed).randint(1, 5)
    rule = draw(st.sampled_from(RULES))
    torus = draw(st.booleans())
    entry = filler(k, seed)
    board = [[entry() for _ in range(cols)] for _ in range(rows)]
    if draw(st.booleans()):  # a solvable one: what some presses leave on a dark board
        presses = [[entry() for _ in range(cols)] for _ in range(rows)]
        board = simulate([[0] * cols for _ in range(rows)], presses, rule, torus, k)
    return board, rule, torus


@pytest.mark.parametrize("k", MODULI)
@SETTINGS
@given(data=st.data())
def test_solve_board_is_right_at_every_dtype_boundary(k, data):
    board, rule, torus = data.draw(games(k))
    rows, cols = len(board), len(board[0])
    cells = np.array(board, dtype=object)
    A = lo.toggle_matrix(rows, cols, rule=rule, torus=torus, colors=k)
    count = kernel_size([ints(row) for row in A], k)
    methods = ["elimination"] + (["chase"] * (rows * cols <= 16))
    answers = []
    for method in methods:
        try:
            solution = lo.solve_board(cells, rule=rule, torus=torus, colors=k, method=method)
        except ValueError as error:  # a rule or shape light chasing does not handle
            assert method == "chase" and "method='chase' needs" in str(error)
            continue
        if solution.solvable:
            presses = [ints(row) for row in solution.presses]
            assert simulate(board, presses, rule, torus, k) == [[0] * cols] * rows
            assert solution.solution_count == count
        else:
            y = [ints(row) for row in solution.certificate]
            weights = [v for row in y for v in row]
            lights = [v for row in board for v in row]
            assert left_matmul(weights, [ints(row) for row in A], k) == [0] * (rows * cols)
            assert sum(w * v for w, v in zip(weights, lights, strict=True)) % k != 0
        answers.append(solution.solvable)
    assert len(set(answers)) == 1


def test_the_reported_system_mod_2_31_minus_1():
    """It came back with the third equation off by 169302660 (sums of products in int64)."""
    A = [[858043778, 830386572, 1245771083], [1997935065, 943205093, 171364545],
         [2143065960, 1984351365, 348573873]]  # fmt: skip
    b = [2097496947, 2137455606, 1718618989]
    solution = lo.solve_mod(A, b, 2**31 - 1)
    assert solution.solvable
    assert matmul(A, ints(solution.x), 2**31 - 1) == b


@pytest.mark.parametrize("k", [2**31 - 1, 3 * 2**29])
def test_random_8x8_systems_near_2_31(k):
    """228 of 300 such systems came back wrong mod 2^31 - 1, 4 of 300 mod 3 * 2^29."""
    rng = np.random.default_rng(k)
    for _ in range(40):
        A = rng.integers(0, k, size=(8, 8)).tolist()
        b = matmul(A, rng.integers(0, k, size=8).tolist(), k)
        solution = lo.solve_mod(A, b, k)
        assert solution.solvable
        assert matmul(A, ints(solution.x), k) == b


@pytest.mark.parametrize("k", [2**31 - 1, 3 * 2**29, 2**31, 2**31 + 1, 2**61 - 1, 2**64])
def test_torus_boards_chased_near_the_boundaries(k):
    """A 5x5 torus with 2^31 - 1 colours failed its own check ("light chasing left lights on")."""
    for seed in range(4):  # two boards of each kind: presses, or a certificate
        board = lo.random_board(5, 5, seed=seed, colors=k, torus=True, solvable=seed % 2 == 0)
        board_ints = [ints(row) for row in board]
        solution = lo.solve_board(board, torus=True, colors=k)
        assert solution.method == "chase"
        if solution.solvable:
            presses = [ints(row) for row in solution.presses]
            assert simulate(board_ints, presses, "plus", True, k) == [[0] * 5] * 5
        else:
            y = ints(solution.certificate)
            assert sum(w * v for w, v in zip(y, ints(board), strict=True)) % k != 0


def test_moduli_beyond_2_64_are_refused():
    with pytest.raises(ValueError, match="2\\^64"):
        lo.solve_mod([[1]], [1], 2**64 + 1)
    with pytest.raises(ValueError, match="2\\^64"):
        lo.solve_board([[1]], colors=2**64 + 1)


def test_all_solutions_start_at_once_for_2_64_solutions_and_more():
    """The odometer never builds range(k): the first solutions of 2^64 per cell come at once."""
    ring = lo.solve_mod([[0, 0]], [0], 2**64)
    first = ring.all_solutions()
    assert [ints(next(first)) for _ in range(3)] == [[0, 0], [0, 1], [0, 2]]
    board = lo.solve_board(np.zeros((2, 5), np.uint8), rule="neighbors", colors=2**61 - 1)
    two = board.all_solutions()
    start, after = next(two), next(two)
    assert not start.any() and after.any()
    dark = np.zeros((2, 5), np.uint64)
    assert not lo.press(dark, after, rule="neighbors", colors=2**61 - 1).any()


@pytest.mark.parametrize("k", [2, 3, 10, 11] + MODULI)
@SETTINGS
@given(data=st.data())
def test_every_board_reads_back_as_it_was_written(k, data):
    """format_board then parse_board gives the board back, one column or many, any states."""
    seed = data.draw(st.integers(0, 2**32))
    rows, cols = random.Random(seed).randint(1, 6), random.Random(~seed).choice([1, 1, 2, 5])
    entry = filler(k, seed)
    board = np.array([[entry() for _ in range(cols)] for _ in range(rows)], dtype=object)
    style = data.draw(st.sampled_from(["01", "dots", "squares"]))
    text = lo.format_board(board, style=style)
    assert lo.parse_board(text).tolist() == board.tolist()
    assert lo.parse_board(text.replace("\n", "/")).tolist() == board.tolist()
