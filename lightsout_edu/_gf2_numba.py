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
   Four Russians instead (:func:`_echelon_dense`): rows swapped into place and cleared 48
   columns per pass with tables of precomputed row combinations, as M4RI does.
2. *Back substitution* reads the solution (free unknowns 0) and one kernel vector per free
   column off the echelon form; *back reduction* (only for :func:`rref`) clears every pivot
   column above its pivot too.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._numba_cache import configure

numba, CACHE = configure()

__all__ = ["null_space", "rank", "rref", "solve", "solve_with_kernel"]

_ONE = np.uint64(1)
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_SHIFT = np.uint64(58)
_LOWEST_BIT = np.zeros(64, dtype=np.int64)
for _bit in range(64):
    _LOWEST_BIT[((1 << _bit) * 0x03F79D71B4CB0A89 % (1 << 64)) >> 58] = _bit
_NO_RHS = np.zeros(0, dtype=np.uint8)


@numba.njit(cache=CACHE)
def _lowest_bit(word: np.uint64) -> int:
    """Index of the lowest set bit of a nonzero word (de Bruijn multiplication)."""
    isolated = word & (~word + _ONE)
    return _LOWEST_BIT[(isolated * _DEBRUIJN) >> _SHIFT]


@numba.njit(cache=CACHE)
def _parity(word: np.uint64) -> int:
    """Number of set bits of a word, mod 2."""
    for shift in (32, 16, 8, 4, 2, 1):
        word ^= word >> np.uint64(shift)
    return int(word & _ONE)


@numba.njit(cache=CACHE)
def _last_words(words: np.ndarray) -> np.ndarray:
    """Index of each row's last nonzero word (-1 for a zero row)."""
    rows, width = words.shape
    last = np.full(rows, -1, dtype=np.int64)
    for i in range(rows):
        for w in range(width - 1, -1, -1):
            if words[i, w] != 0:
                last[i] = w
                break
    return last


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
    last = _last_words(words)
    consistent = True
    for i in range(rows):
        w = 0
        stored = False
        while w <= last[i]:
            if words[i, w] == 0:
                w += 1
                continue
            j = 64 * w + _lowest_bit(words[i, w])
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


#: The dense (Four Russians) elimination clears ``TABLES`` strips of ``TABLE_BITS`` columns
#: in one pass over the rows: 6 tables of 2^8 row combinations, 48 columns per pass (measured
#: best on this kind of machine among 3 to 8 tables; at most 8).
TABLE_BITS = 8
TABLES = 6


@numba.njit(cache=CACHE)
def _window(words: np.ndarray, i: int, c: int, k: int) -> np.uint64:
    """Bits c .. c+k-1 of row i (k <= 64), as a word (bit t = column c + t)."""
    w = c >> 6
    offset = c & 63
    value = words[i, w] >> np.uint64(offset)
    if offset > 0 and offset + k > 64 and w + 1 < words.shape[1]:
        value |= words[i, w + 1] << np.uint64(64 - offset)
    if k == 64:
        return value
    return value & ((_ONE << np.uint64(k)) - _ONE)


@numba.njit(cache=CACHE)
def _xor_row(words: np.ndarray, target: int, source: int, start: int) -> None:
    for w in range(start, words.shape[1]):
        words[target, w] ^= words[source, w]


@numba.njit(cache=CACHE, parallel=True)
def _apply_tables(
    words: np.ndarray,
    rhs: np.ndarray,
    first: int,
    c: int,
    k: int,
    start_word: int,
    tables: np.ndarray,
    tables_rhs: np.ndarray,
    compress: np.ndarray,
    n_tables: int,
) -> None:
    """Clear columns c .. c+k-1 of rows ``first ..``, in one parallel pass.

    Each row XORs one row of each table, chosen by its bits at the pivot columns.
    """
    has_rhs = rhs.size > 0
    width = words.shape[1]
    mask = np.uint64((1 << TABLE_BITS) - 1)
    eight = np.uint64(TABLE_BITS)
    for i in numba.prange(first, words.shape[0]):
        block = _window(words, i, c, k)
        if block == 0:
            continue
        # TABLES == 8; a table past n_tables is never filled, so its row 0 stays all zero
        g0 = compress[0, int(block & mask)]
        g1 = compress[1, int((block >> eight) & mask)] if n_tables > 1 else 0
        g2 = compress[2, int((block >> (2 * eight)) & mask)] if n_tables > 2 else 0
        g3 = compress[3, int((block >> (3 * eight)) & mask)] if n_tables > 3 else 0
        g4 = compress[4, int((block >> (4 * eight)) & mask)] if n_tables > 4 else 0
        g5 = compress[5, int((block >> (5 * eight)) & mask)] if n_tables > 5 else 0
        g6 = compress[6, int((block >> (6 * eight)) & mask)] if n_tables > 6 else 0
        g7 = compress[7, int((block >> (7 * eight)) & mask)] if n_tables > 7 else 0
        row = words[i]
        e0, e1, e2, e3 = tables[0, g0], tables[1, g1], tables[2, g2], tables[3, g3]
        e4, e5, e6, e7 = tables[4, g4], tables[5, g5], tables[6, g6], tables[7, g7]
        for w in range(start_word, width):
            row[w] ^= e0[w] ^ e1[w] ^ e2[w] ^ e3[w] ^ e4[w] ^ e5[w] ^ e6[w] ^ e7[w]
        if has_rhs:
            parity = tables_rhs[0, g0] ^ tables_rhs[1, g1] ^ tables_rhs[2, g2] ^ tables_rhs[3, g3]
            parity ^= tables_rhs[4, g4] ^ tables_rhs[5, g5] ^ tables_rhs[6, g6] ^ tables_rhs[7, g7]
            rhs[i] ^= parity


@numba.njit(cache=CACHE)
def _echelon_dense(
    words: np.ndarray, n_cols: int, rhs: np.ndarray
) -> tuple[np.ndarray, np.ndarray, bool]:
    """The echelon form of :func:`_echelon` for dense matrices, by the Four Russians.

    The Method of the Four Russians (Arlazarov, Dinic, Kronrod and Faradzev 1970), as in
    M4RI.  Rows are swapped into place, and columns are cleared a block of
    ``TABLES * TABLE_BITS`` at a time.  The block's pivot rows are made an identity on the
    block's pivot columns; the pivots of each ``TABLE_BITS``-column strip are combined in all
    ``2^k`` ways (a Gray code, one row XOR each); and every row below is cleared in one pass,
    by XORing one row of each table, chosen by its bits at the pivot columns.
    """
    rows, width = words.shape
    has_rhs = rhs.size > 0
    span = TABLES * TABLE_BITS
    size = 1 << TABLE_BITS
    lead_row = np.full(n_cols, -1, dtype=np.int64)
    tables = np.zeros((8, size, width), dtype=np.uint64)  # 8: what _apply_tables reads
    tables_rhs = np.zeros((8, size), dtype=np.uint8)
    compress = np.zeros((8, size), dtype=np.int64)
    pivot_cols = np.zeros(span, dtype=np.int64)
    r = 0
    c = 0
    while c < n_cols and r < rows:
        k = min(span, n_cols - c)
        start_word = c >> 6
        found = 0
        for j in range(c, c + k):  # the block's pivots, an identity on their columns
            target = -1
            for i in range(r + found, rows):
                block = _window(words, i, c, k)
                for t in range(found):
                    if (block >> np.uint64(pivot_cols[t] - c)) & _ONE:
                        block ^= _window(words, r + t, c, k)
                if (block >> np.uint64(j - c)) & _ONE:
                    target = i
                    break
            if target < 0:
                continue  # a free column
            p = r + found
            if target != p:
                for w in range(start_word, width):
                    words[p, w], words[target, w] = words[target, w], words[p, w]
                if has_rhs:
                    rhs[p], rhs[target] = rhs[target], rhs[p]
            for t in range(found):
                if (_window(words, p, c, k) >> np.uint64(pivot_cols[t] - c)) & _ONE:
                    _xor_row(words, p, r + t, start_word)
                    if has_rhs:
                        rhs[p] ^= rhs[r + t]
            for t in range(found):
                if (_window(words, r + t, c, k) >> np.uint64(j - c)) & _ONE:
                    _xor_row(words, r + t, p, start_word)
                    if has_rhs:
                        rhs[r + t] ^= rhs[p]
            pivot_cols[found] = j
            found += 1
        n_tables = (k + TABLE_BITS - 1) // TABLE_BITS
        if found:
            for t in range(n_tables):  # table t: the pivots in columns c+8t .. c+8t+7
                members = np.zeros(TABLE_BITS, dtype=np.int64)
                count = 0
                for q in range(found):
                    if (pivot_cols[q] - c) // TABLE_BITS == t:
                        members[count] = q
                        count += 1
                for w in range(start_word, width):
                    tables[t, 0, w] = 0
                tables_rhs[t, 0] = 0
                for g in range(1, 1 << count):  # every combination, one XOR each
                    low = g & -g
                    bit = 0
                    while (1 << bit) != low:
                        bit += 1
                    source = r + members[bit]
                    for w in range(start_word, width):
                        tables[t, g, w] = tables[t, g ^ low, w] ^ words[source, w]
                    tables_rhs[t, g] = tables_rhs[t, g ^ low] ^ (rhs[source] if has_rhs else 0)
                for part in range(size):  # strip bits -> combination: the pivot columns' bits
                    g = 0
                    for m in range(count):
                        offset = pivot_cols[members[m]] - c - t * TABLE_BITS
                        if (part >> offset) & 1:
                            g |= 1 << m
                    compress[t, part] = g
            _apply_tables(
                words, rhs, r + found, c, k, start_word, tables, tables_rhs, compress, n_tables
            )
            for t in range(found):
                lead_row[pivot_cols[t]] = r + t
        r += found
        c += k
    consistent = True
    if has_rhs:
        for i in range(r, rows):
            if rhs[i]:
                consistent = False
    return lead_row, _last_words(words), consistent


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
                source = lead_row[64 * w + _lowest_bit(todo)]
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
        bit = _parity(acc)
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


#: Rows whose nonzero words span more than this share of the row count as dense.
DENSE_SPAN = 0.25


def _echelon_any(
    words: NDArray[np.uint64], n_cols: int, rhs: NDArray[np.uint8]
) -> tuple[NDArray[np.int64], NDArray[np.int64], bool]:
    """The echelon form by insertion or by the Four Russians, whichever suits ``words``.

    Insertion for banded matrices such as toggle matrices (each XOR stays in the band), the
    Four Russians for dense ones.
    """
    rows, width = words.shape
    if width >= 4 and rows >= 256:
        # the mean span of 256 evenly spaced rows: scanning every row costs a fifth of a
        # banded elimination
        nonzero = words[np.linspace(0, rows - 1, 256).astype(np.intp)] != 0
        has = nonzero.any(axis=1)
        first = np.argmax(nonzero, axis=1)
        last = width - 1 - np.argmax(nonzero[:, ::-1], axis=1)
        span = np.where(has, last - first + 1, 0)
        if span.mean() > DENSE_SPAN * width:
            return _echelon_dense(words, n_cols, rhs)
    return _echelon(words, n_cols, rhs)


def _pivots_and_free(lead_row: NDArray[np.int64]) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    has_pivot = lead_row >= 0
    return np.flatnonzero(has_pivot), np.flatnonzero(~has_pivot)


def rank(words: NDArray[np.uint64], n_cols: int) -> int:
    """Rank of the packed matrix."""
    lead_row, _, _ = _echelon_any(words.copy(), n_cols, _NO_RHS)
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
    kernel = _kernel(work, lead_row, last, free)
    x = _solution(work, lead_row, last, b, n_cols) if consistent else None
    return x, pivots, kernel
