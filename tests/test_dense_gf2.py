"""The dense GF(2) kernel (the Four Russians on tiles, :func:`_gf2_dense.echelon_dense`)
against the insertion kernel, the Python back end, galois and brute force.

The kernel is called directly on small matrices (any shape works), so hypothesis can reach
every branch: free word columns, fewer rows than columns, tables of sums of 4 and of 8 rows,
panels with tiles to their right, the right-hand side, the rank-only mode and the threads.
"""

from __future__ import annotations

import itertools

import galois
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_edu as lo
from lightsout_edu import _gf2_python, packed

numba_kernels = pytest.importorskip("lightsout_edu._gf2_numba")
from lightsout_edu import _gf2_dense  # noqa: E402 (numba is there)

GF2 = galois.GF(2)


def echelon_dense(words, n_cols, rhs, threads, echelon):
    """The dense kernel; with ``threads`` 2, every panel that has tiles to its right is
    updated on the threads (as many as numba has)."""
    saved = _gf2_dense.PARALLEL_LINES
    _gf2_dense.PARALLEL_LINES = 1 if threads > 1 else saved
    try:
        return _gf2_dense.echelon_dense(words, n_cols, rhs, echelon)
    finally:
        _gf2_dense.PARALLEL_LINES = saved


@st.composite
def dense_systems(draw: st.DrawFn, max_rows: int = 300, max_cols: int = 300):
    rows = draw(st.integers(1, max_rows))
    cols = draw(st.integers(1, max_cols))
    density = draw(st.sampled_from([0.02, 0.3, 0.5, 0.9]))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    A = (rng.random((rows, cols)) < density).astype(np.uint8)
    if draw(st.booleans()) and rows > 4:  # dependent rows: a kernel, unsolvable systems
        k = rows // 4
        A[-k:] = A[:k] ^ A[k : 2 * k]
    if draw(st.booleans()) and cols > 70:  # a whole word of free columns
        A[:, 64:128] = 0
    b = rng.integers(0, 2, rows).astype(np.uint8)
    return A, b


def eliminate(kernel, A: np.ndarray, b: np.ndarray, *args):
    words = packed.pack_rows(A)
    rhs = b.copy()
    lead, last, consistent = kernel(words, A.shape[1], rhs, *args)
    return words, rhs, lead, last, consistent


def is_echelon(words: np.ndarray, lead: np.ndarray, n_cols: int) -> bool:
    """Row lead[j] starts at column j; every row that is no pivot row is zero."""
    dense = packed.unpack_rows(words, n_cols)
    pivot_rows = set()
    for j in np.flatnonzero(lead >= 0):
        row = dense[lead[j]]
        if row[:j].any() or not row[j]:
            return False
        pivot_rows.add(int(lead[j]))
    others = [i for i in range(dense.shape[0]) if i not in pivot_rows]
    return not dense[others].any()


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(dense_systems(max_cols=1100), st.sampled_from([1, 2]))
def test_the_dense_kernel_agrees_with_insertion_galois_and_python(system, threads):
    """Passes with more than 224 rows below take tables of sums of 8 rows, the others of 4;
    more than 512 columns give tiles to the right of the first panels."""
    A, b = system
    words, rhs, lead, last, consistent = eliminate(echelon_dense, A, b, threads, True)
    _, _, lead_insertion, _, consistent_insertion = eliminate(numba_kernels._echelon, A, b)
    np.testing.assert_array_equal(lead >= 0, lead_insertion >= 0)
    assert consistent == consistent_insertion
    assert is_echelon(words, lead, A.shape[1])
    rank = int(np.count_nonzero(lead >= 0))
    assert rank == int(np.linalg.matrix_rank(GF2(A)))
    augmented = int(np.linalg.matrix_rank(GF2(np.column_stack([A, b]))))
    assert consistent == (augmented == rank)
    untouched, _, lead_rank, _, consistent_rank = eliminate(echelon_dense, A, b, threads, False)
    np.testing.assert_array_equal(lead_rank >= 0, lead >= 0)
    assert consistent_rank == consistent
    np.testing.assert_array_equal(untouched, packed.pack_rows(A))  # the rank leaves A as it was
    if consistent:  # the echelon form with b beside it solves A x = b
        x = np.zeros(words.shape[1], dtype=np.uint64)
        numba_kernels._back_substitute(words, lead, last, rhs, A.shape[1], x)
        solution = packed.unpack_rows(x[None], A.shape[1])[0]
        np.testing.assert_array_equal(A.astype(np.int64) @ solution % 2, b)
        assert solution.tolist() == _gf2_python.solve(packed.pack_rows(A), A.shape[1], b).tolist()


@settings(max_examples=30, deadline=None)
@given(dense_systems(max_rows=12, max_cols=10))
def test_the_dense_kernel_counts_solutions_as_brute_force_does(system):
    A, b = system
    _, _, lead, _, consistent = eliminate(echelon_dense, A, b, 1, True)
    rank = int(np.count_nonzero(lead >= 0))
    cols = A.shape[1]
    solutions = sum(
        1
        for x in itertools.product((0, 1), repeat=cols)
        if not ((A.astype(np.int64) @ np.array(x) + b) % 2).any()
    )
    assert solutions == (2 ** (cols - rank) if consistent else 0)


@pytest.mark.parametrize(
    ("rows", "cols"),
    [(700, 700), (300, 1100), (1100, 300), pytest.param(2900, 2900, marks=pytest.mark.slow)],
)
def test_the_public_api_on_dense_matrices_matches_the_python_back_end(rows, cols):
    """Big enough for the dense path (and, with 2 threads, the panels' updates on the
    threads), through the public API too."""
    rng = np.random.default_rng(rows * cols)
    A = rng.integers(0, 2, (rows, cols), dtype=np.uint8)
    A[-30:] = A[:30] ^ A[30:60]
    b = rng.integers(0, 2, rows).astype(np.uint8)
    for threads in (1, 2):
        reduced, _, lead, _, consistent = eliminate(echelon_dense, A, b, threads, True)
        _, _, lead_insertion, _, consistent_insertion = eliminate(numba_kernels._echelon, A, b)
        np.testing.assert_array_equal(lead >= 0, lead_insertion >= 0)
        assert consistent == consistent_insertion
        assert is_echelon(reduced, lead, cols)
    words = packed.pack_rows(A)
    assert lo.rank(A) == _gf2_python.rank(words, cols)
    x = lo.solve(A, b)
    expected = _gf2_python.solve(words, cols, b)
    assert (x is None) == (expected is None)
    if x is not None:
        np.testing.assert_array_equal(x, expected)
    np.testing.assert_array_equal(
        lo.null_space(A), packed.unpack_rows(_gf2_python.null_space(words, cols)[1], cols)
    )
