"""The GF(2) back end compiled with numba: word kernels on packed rows.

Imported only when a matrix is big enough to need it (see
:func:`lightsout_edu.packed.backend_name`), so ``import lightsout_edu`` never waits for numba.
Compiled code is cached in the user's cache directory
(:func:`lightsout_edu._numba_cache.configure`), never in the package.

1. *Echelon form by insertion.*  Each row is reduced by the earlier rows: while its lowest
   set bit ``j`` is the leading bit of a stored row, XOR that row in (only the words where
   either row can be nonzero; toggle matrices are banded, so that is a narrow window).  The
   right-hand side is one byte per row beside the words, XORed along, so it never widens
   the window.  A row that survives becomes the stored row leading at ``j``.
   Dense matrices (the chase matrix of a big board, random matrices) take the Method of the
   Four Russians on tiles instead (:mod:`lightsout_edu._gf2_dense`).
2. *Back substitution* reads the solution (free unknowns 0) and one kernel vector per free
   column off the echelon form; *back reduction* (only for :func:`rref`) clears every pivot
   column above its pivot too.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._gf2_bits import last_words, lowest_bit, parity
from ._gf2_dense import echelon_dense
from ._numba_cache import configure
from ._validation import check_basis_memory

numba, CACHE = configure()

__all__ = ["null_space", "rank", "rref", "solve", "solve_with_kernel"]

_ONE = np.uint64(1)
_NO_RHS = np.zeros(0, dtype=np.uint8)


@numba.njit(cache=CACHE)
def _echelon(
    words: np.ndarray, n_cols: int, rhs: np.ndarray
) -> tuple[np.ndarray, np.ndarray, bool]:
    """Phase 1, in place: ``lead_row[j]`` = row whose leading bit is column j, or -1.

    Returns (lead_row, last, consistent): ``consistent`` is False when some row of A reduced
    to zero while its right-hand side did not (it reads 0 = 1).
    """
    rows = words.shape[0]
    has_rhs = rhs.size > 0
    lead_row = np.full(n_cols, -1, dtype=np.int64)
    last = last_words(words)
    consistent = True
    for i in range(rows):
        w = 0
        stored = False
        while w <= last[i]:
            if words[i, w] == 0:
                w += 1
                continue
            j = 64 * w + lowest_bit(words[i, w])
            source = lead_row[j]
            if source < 0:
                lead_row[j] = i
                stored = True
                break
            for k in range(w, last[source] + 1):
                words[i, k] ^= words[source, k]
            if has_rhs:
                rhs[i] ^= rhs[source]
            last[i] = max(last[i], last[source])
        if has_rhs and not stored and rhs[i]:
            consistent = False
    return lead_row, last, consistent


@numba.njit(cache=CACHE)
def _back_reduce(words: np.ndarray, lead_row: np.ndarray, last: np.ndarray) -> None:
    """Phase 2, in place: clear every pivot column above and below its pivot."""
    width = words.shape[1]
    pivot_bits = np.zeros(width, dtype=np.uint64)
    for j in range(lead_row.size):
        if lead_row[j] >= 0:
            pivot_bits[j >> 6] |= _ONE << np.uint64(j & 63)
    for j in range(lead_row.size - 1, -1, -1):
        row = lead_row[j]
        if row < 0:
            continue
        first = j >> 6
        above_lead = ~((_ONE << np.uint64(j & 63)) | ((_ONE << np.uint64(j & 63)) - _ONE))
        w = first
        while w <= last[row]:
            todo = words[row, w] & pivot_bits[w]
            if w == first:
                todo &= above_lead
            while todo != 0:
                source = lead_row[64 * w + lowest_bit(todo)]
                for k in range(w, last[source] + 1):
                    words[row, k] ^= words[source, k]
                last[row] = max(last[row], last[source])
                todo &= todo - _ONE
            w += 1


@numba.njit(cache=CACHE)
def _back_substitute(
    words: np.ndarray,
    lead_row: np.ndarray,
    last: np.ndarray,
    rhs: np.ndarray,
    below: int,
    x: np.ndarray,
) -> None:
    """Set the pivot bits (< ``below``) of ``x`` so that row . x = rhs of row, for every row."""
    has_rhs = rhs.size > 0
    for j in range(min(below, lead_row.size) - 1, -1, -1):
        row = lead_row[j]
        if row < 0:
            continue
        acc = np.uint64(0)
        for k in range(j >> 6, last[row] + 1):
            acc ^= words[row, k] & x[k]
        bit = parity(acc)
        if has_rhs:
            bit ^= rhs[row]
        if bit:
            x[j >> 6] |= _ONE << np.uint64(j & 63)


@numba.njit(cache=CACHE)
def _kernel(
    words: np.ndarray, lead_row: np.ndarray, last: np.ndarray, free: np.ndarray
) -> np.ndarray:
    """One kernel vector per free column f: x_f = 1, the other free unknowns 0."""
    basis = np.zeros((free.size, words.shape[1]), dtype=np.uint64)
    no_rhs = np.zeros(0, dtype=np.uint8)
    for t in range(free.size):
        f = free[t]
        basis[t, f >> 6] = _ONE << np.uint64(f & 63)
        _back_substitute(words, lead_row, last, no_rhs, f, basis[t])
    return basis


#: Rows whose nonzero words span more than this share of the row, and at least
#: :data:`DENSE_WORDS` words, count as dense (measured: toggle matrices of boards up to 20x20
#: span 1.3 to 1.6 words and are cleared faster by insertion; random matrices from 128 rows on
#: faster by the Four Russians).
DENSE_SPAN = 0.25
DENSE_WORDS = 2


@numba.njit(cache=CACHE, nogil=True)
def _mean_span(words: np.ndarray, samples: int) -> float:
    """The mean span (first to last nonzero word) of ``samples`` evenly spaced rows."""
    rows, width = words.shape
    total = 0
    for s in range(samples):
        i = (s * (rows - 1)) // max(1, samples - 1)
        first = 0
        while first < width and words[i, first] == 0:
            first += 1
        if first == width:
            continue
        last = width - 1
        while words[i, last] == 0:
            last -= 1
        total += last - first + 1
    return total / samples


def _echelon_any(
    words: NDArray[np.uint64], n_cols: int, rhs: NDArray[np.uint8], echelon: bool = True
) -> tuple[NDArray[np.int64], NDArray[np.int64], bool]:
    """The echelon form by insertion or by the Four Russians, whichever suits ``words``.

    Insertion for banded matrices such as toggle matrices (each XOR stays in the band), the
    Four Russians for dense ones: those of 128 rows or more whose sampled rows span more than
    :data:`DENSE_SPAN` of the words, and :data:`DENSE_WORDS` words or more.  In place; with
    ``echelon`` False only the pivot columns (and the consistency) are computed, enough for
    the rank, and ``words`` is left as it was.
    """
    rows, width = words.shape
    span = _mean_span(words, 256) if rows >= 128 else 0.0
    if span >= DENSE_WORDS and span > DENSE_SPAN * width:
        return echelon_dense(words, n_cols, rhs, echelon)
    return _echelon(words if echelon else words.copy(), n_cols, rhs)


def _pivots_and_free(lead_row: NDArray[np.int64]) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    has_pivot = lead_row >= 0
    return np.flatnonzero(has_pivot), np.flatnonzero(~has_pivot)


def rank(words: NDArray[np.uint64], n_cols: int) -> int:
    """Rank of the packed matrix."""
    lead_row, _, _ = _echelon_any(words, n_cols, _NO_RHS, echelon=False)
    return int(np.count_nonzero(lead_row >= 0))


def rref(words: NDArray[np.uint64], n_cols: int) -> tuple[NDArray[np.uint64], NDArray[np.intp]]:
    """Reduced row echelon form (pivot rows in order, then zero rows) and pivot columns."""
    work = words.copy()
    lead_row, last, _ = _echelon_any(work, n_cols, _NO_RHS)
    _back_reduce(work, lead_row, last)
    pivots, _ = _pivots_and_free(lead_row)
    order = lead_row[pivots]
    keep = np.ones(work.shape[0], dtype=bool)
    keep[order] = False
    return work[np.concatenate([order, np.flatnonzero(keep)])], pivots


def null_space(
    words: NDArray[np.uint64], n_cols: int
) -> tuple[NDArray[np.intp], NDArray[np.uint64]]:
    """Pivot columns and the kernel basis (packed), one vector per free column."""
    work = words.copy()
    lead_row, last, _ = _echelon_any(work, n_cols, _NO_RHS)
    pivots, free = _pivots_and_free(lead_row)
    check_basis_memory(free.size, 8 * work.shape[1], n_cols)
    return pivots, _kernel(work, lead_row, last, free)


def _solution(
    work: NDArray[np.uint64],
    lead_row: NDArray[np.int64],
    last: NDArray[np.int64],
    rhs: NDArray[np.uint8],
    n_cols: int,
) -> NDArray[np.uint8]:
    x = np.zeros(work.shape[1], dtype=np.uint64)
    _back_substitute(work, lead_row, last, rhs, n_cols, x)
    as_bytes = x.astype("<u8").view(np.uint8)
    return np.unpackbits(as_bytes, count=n_cols, bitorder="little")


def solve(
    words: NDArray[np.uint64], n_cols: int, rhs: NDArray[np.uint8]
) -> NDArray[np.uint8] | None:
    """The solution with free unknowns 0, or None when a row reads 0 = 1."""
    work, b = words.copy(), rhs.copy()
    lead_row, last, consistent = _echelon_any(work, n_cols, b)
    return _solution(work, lead_row, last, b, n_cols) if consistent else None


def solve_with_kernel(
    words: NDArray[np.uint64], n_cols: int, rhs: NDArray[np.uint8]
) -> tuple[NDArray[np.uint8] | None, NDArray[np.intp], NDArray[np.uint64]]:
    """(solution or None, pivot columns of A, kernel basis) from one echelon form."""
    work, b = words.copy(), rhs.copy()
    lead_row, last, consistent = _echelon_any(work, n_cols, b)
    pivots, free = _pivots_and_free(lead_row)
    check_basis_memory(free.size, 8 * work.shape[1], n_cols)
    kernel = _kernel(work, lead_row, last, free)
    x = _solution(work, lead_row, last, b, n_cols) if consistent else None
    return x, pivots, kernel
