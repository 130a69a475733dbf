"""rank, rref, null spaces and solve, on named cases and against galois."""

from __future__ import annotations

import galois
import numpy as np
import pytest

import lightsout_edu as lo
from tests.cases import BOARD_CASES

GF2 = galois.GF(2)


@pytest.mark.parametrize(("name", "rows", "cols", "rule", "torus", "known"), BOARD_CASES)
def test_named_cases_against_galois(name, rows, cols, rule, torus, known):
    A = lo.toggle_matrix(rows, cols, rule=rule, torus=torus)
    r = lo.rank(A)
    assert r == int(np.linalg.matrix_rank(GF2(A))), name
    if known is not None:
        assert r == known, name
    R, pivots = lo.rref(A)
    assert np.array_equal(R, np.asarray(GF2(A).row_reduce())), name
    K = lo.null_space(A)
    assert K.shape == (A.shape[1] - r, A.shape[1])
    assert not (A.astype(int) @ K.T.astype(int) % 2).any()
    assert lo.rank(K) == len(K) if len(K) else True


def test_nullity_of_square_boards_matches_the_literature():
    # nullity of the n x n plus board, n = 1..20 (OEIS A159257)
    expected = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0]
    got = [n * n - lo.rank(lo.toggle_matrix(n, n)) for n in range(1, 21)]
    assert got == expected


def test_left_null_space_of_a_rectangle():
    A = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0]])
    Y = lo.left_null_space(A)
    assert Y.tolist() == [[1, 1, 1]]


def test_solve_and_unsolvable():
    A = lo.toggle_matrix(4, 4)
    b = lo.random_board(4, 4, seed=0, solvable=True).reshape(-1)
    x = lo.solve(A, b)
    assert np.array_equal(A.astype(int) @ x % 2, b)
    bad = lo.random_board(4, 4, seed=0, solvable=False).reshape(-1)
    assert lo.solve(A, bad) is None


def test_gf5():
    A = np.array([[1, 2, 3], [4, 0, 1]])
    GF5 = galois.GF(5)
    R, pivots = lo.rref(A, modulus=5)
    assert np.array_equal(R, np.asarray(GF5(A).row_reduce()))
    K = lo.null_space(A, modulus=5)
    assert not (A @ K.T.astype(int) % 5).any()
