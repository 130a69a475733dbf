"""Property tests at the edges: moduli from 2 to 2^64 (primes and composites, above 256 and
above 2^32), boards of one row or one column and tori with a side of 1 or 2, every rule and
any number of colours. The matrix model and the simulation always agree, and every solution
the package returns is checked here by simulation (or, for a linear system, by multiplying
out with Python integers)."""

from __future__ import annotations

import numpy as np
import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lightsout_edu as lo

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
RULES = ["plus", "neighbors", "x", "king"]
#: primes on both sides of the dtype and int64-product boundaries
PRIMES = [2, 3, 5, 7, 251, 257, 65521, 65537, 2**31 - 1, 4294967291, 4294967311, 2**61 - 1,
          2**64 - 59]  # fmt: skip
COMPOSITES = [4, 6, 8, 9, 12, 256, 1000, 2**16, 2**32, 2**40 + 2, 2**64]
SIDES = st.sampled_from([1, 2, 3, 4, 5])


def as_ints(M) -> list[list[int]]:
    return [[int(v) for v in row] for row in np.atleast_2d(np.asarray(M, dtype=object))]


def matmul_mod(A, x, k: int) -> list[int]:
    """A x mod k with Python integers (no overflow, whatever k)."""
    return [sum(a * int(v) for a, v in zip(row, x, strict=True)) % k for row in as_ints(A)]


@st.composite
def boards(draw, colors: int):
    rows, cols = draw(SIDES), draw(SIDES)
    values = draw(st.lists(st.integers(0, colors - 1), min_size=rows * cols, max_size=rows * cols))
    return np.array(values, dtype=object).reshape(rows, cols)


@SETTINGS
@given(st.sampled_from(PRIMES + COMPOSITES), st.sampled_from(RULES), st.booleans(), st.data())
def test_the_matrix_is_the_simulation_for_any_modulus(k, rule, torus, data):
    board = data.draw(boards(k))
    rows, cols = board.shape
    values = data.draw(st.lists(st.integers(0, k - 1), min_size=rows * cols, max_size=rows * cols))
    presses = np.array(values, dtype=object).reshape(rows, cols)
    A = lo.toggle_matrix(rows, cols, rule=rule, torus=torus, colors=k)
    simulated = lo.press(board.tolist(), presses.tolist(), rule=rule, torus=torus, colors=k)
    by_matrix = [
        (int(b) + v) % k
        for b, v in zip(board.ravel(), matmul_mod(A, presses.ravel(), k), strict=True)
    ]
    assert [int(v) for v in np.ravel(simulated)] == by_matrix


@SETTINGS
@given(st.sampled_from(PRIMES + COMPOSITES), st.sampled_from(RULES), st.booleans(), st.data())
def test_every_solution_switches_the_board_off(k, rule, torus, data):
    board = data.draw(boards(k))
    s = lo.solve_board(board.tolist(), rule=rule, torus=torus, colors=k)
    if s.solvable:
        left = lo.press(board.tolist(), s.presses, rule=rule, torus=torus, colors=k)
        assert not np.asarray(left, dtype=object).any()
    else:
        rows, cols = board.shape
        A = lo.toggle_matrix(rows, cols, rule=rule, torus=torus, colors=k)
        y = [int(v) for v in np.ravel(s.certificate)]
        assert all(v == 0 for v in matmul_mod(np.asarray(as_ints(A)).T, y, k))
        assert sum(a * int(b) for a, b in zip(y, board.ravel(), strict=True)) % k != 0


@SETTINGS
@given(st.sampled_from(PRIMES), st.integers(1, 5), st.integers(1, 5), st.data())
def test_rank_and_solve_over_big_primes_match_sympy(p, rows, cols, data):
    entries = data.draw(st.lists(st.integers(0, p - 1), min_size=rows * cols, max_size=rows * cols))
    if data.draw(st.booleans()) and rows > 1:  # a dependent row makes the rank smaller
        entries[-cols:] = [(2 * v) % p for v in entries[:cols]]
    A = np.array(entries, dtype=object).reshape(rows, cols)
    b = data.draw(st.lists(st.integers(0, p - 1), min_size=rows, max_size=rows))
    ours = lo.rank(A.tolist(), modulus=p)
    exact = sympy.polys.matrices.DomainMatrix.from_list(as_ints(A), sympy.GF(p)).rank()
    assert ours == exact
    x = lo.solve(A.tolist(), b, modulus=p)
    if x is not None:
        assert matmul_mod(A, [int(v) for v in x], p) == [v % p for v in b]
    else:
        augmented = [row + [v] for row, v in zip(as_ints(A), b, strict=True)]
        dm = sympy.polys.matrices.DomainMatrix.from_list(augmented, sympy.GF(p))
        assert dm.rank() == exact + 1


@pytest.mark.slow
@SETTINGS
@given(st.sampled_from(COMPOSITES[:7]), st.integers(1, 3), st.integers(1, 3), st.data())
def test_z_mod_k_solvability_matches_brute_force(k, rows, cols, data):
    """Over Z/k (not a field) the Smith form's verdict agrees with trying every press."""
    board = data.draw(boards(k).filter(lambda b: b.size <= 4 or k <= 6))
    rows, cols = board.shape
    if k ** (rows * cols) > 5000:
        return
    s = lo.solve_board(board.tolist(), colors=k)
    found = 0
    for code in range(k ** (rows * cols)):
        digits = [(code // k**i) % k for i in range(rows * cols)]
        after = lo.press(board.tolist(), np.reshape(digits, (rows, cols)), colors=k)
        found += not np.asarray(after).any()
    assert s.solvable == (found > 0)
    assert s.solution_count == found
