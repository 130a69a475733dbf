"""The fast GF(2) engine: rows packed 64 cells to a machine word, compiled with numba.

The recording engine in :mod:`lightsout_edu.elimination` keeps every row operation so a
lecture can replay it; this one keeps nothing and is built for big boards.  A row of ``n``
bits is ``ceil(n / 64)`` ``uint64`` words (cell ``j`` is bit ``j % 64`` of word ``j // 64``),
so adding one row to another is a handful of word XORs.

Two phases, both exploiting that toggle matrices are banded:

1. *Echelon form by insertion.*  Each row is reduced by the earlier rows: while its lowest
   set bit ``j`` is the leading bit of a stored row, XOR that row in (only the words where
   either row can be nonzero).  A row that survives becomes the stored row leading at ``j``.
2. *Back reduction.*  Stored rows, from the last leading column to the first, get the
   stored rows of their other pivot columns XORed in: the reduced row echelon form.

``solve`` needs only phase 1 and a back substitution on one vector.  Results equal those
of the recording engine exactly (the reduced row echelon form is unique).
"""

from __future__ import annotations

import numba
import numpy as np

__all__ = [
    "complement",
    "left_null_space",
    "null_space",
    "pack_rows",
    "rank",
    "rref",
    "solve",
    "solve_with_kernel",
    "unpack_rows",
]

_ONE = np.uint64(1)
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_SHIFT = np.uint64(58)
_LOWEST_BIT = np.zeros(64, dtype=np.int64)
for _bit in range(64):
    _LOWEST_BIT[((1 << _bit) * 0x03F79D71B4CB0A89 % (1 << 64)) >> 58] = _bit


def pack_rows(matrix: np.ndarray, n_words: int | None = None) -> np.ndarray:
    """Pack a 0/1 matrix into uint64 words, bit ``j % 64`` of word ``j // 64`` = column j.

    Examples
    --------
    >>> import numpy as np
    >>> pack_rows(np.array([[1, 0, 1], [0, 1, 1]], dtype=np.uint8))
    array([[5],
           [6]], dtype=uint64)
    """
    rows, cols = matrix.shape
    words = max(1, -(-cols // 64)) if n_words is None else n_words
    as_bytes = np.packbits(matrix.astype(np.uint8, copy=False), axis=1, bitorder="little")
    padded = np.zeros((rows, 8 * words), dtype=np.uint8)
    padded[:, : as_bytes.shape[1]] = as_bytes
    return padded.view("<u8").astype(np.uint64, copy=False)


def unpack_rows(packed: np.ndarray, n_cols: int) -> np.ndarray:
    """Inverse of :func:`pack_rows`: the first ``n_cols`` bits of each row as uint8 0/1.

    Examples
    --------
    >>> import numpy as np
    >>> unpack_rows(np.array([[5], [6]], dtype=np.uint64), 3)
    array([[1, 0, 1],
           [0, 1, 1]], dtype=uint8)
    """
    as_bytes = np.ascontiguousarray(packed).astype("<u8", copy=False).view(np.uint8)
    return np.unpackbits(as_bytes, axis=1, count=n_cols, bitorder="little")


@numba.njit(cache=True)
def _lowest_bit(word: np.uint64) -> int:
    """Index of the lowest set bit of a nonzero word (de Bruijn multiplication)."""
    isolated = word & (~word + _ONE)
    return _LOWEST_BIT[(isolated * _DEBRUIJN) >> _SHIFT]


@numba.njit(cache=True)
def _parity(word: np.uint64) -> int:
    """Number of set bits of a word, mod 2."""
    for shift in (32, 16, 8, 4, 2, 1):
        word ^= word >> np.uint64(shift)
    return int(word & _ONE)


@numba.njit(cache=True)
def _last_words(packed: np.ndarray) -> np.ndarray:
    """Index of each row's last nonzero word (-1 for a zero row)."""
    rows, words = packed.shape
    last = np.full(rows, -1, dtype=np.int64)
    for i in range(rows):
        for w in range(words - 1, -1, -1):
            if packed[i, w] != 0:
                last[i] = w
                break
    return last


@numba.njit(cache=True)
def _echelon(packed: np.ndarray, n_cols: int) -> tuple[np.ndarray, np.ndarray]:
    """Phase 1, in place: ``lead_row[j]`` = row whose leading bit is column j, or -1."""
    rows = packed.shape[0]
    lead_row = np.full(n_cols, -1, dtype=np.int64)
    last = _last_words(packed)
    for i in range(rows):
        w = 0
        while w <= last[i]:
            if packed[i, w] == 0:
                w += 1
                continue
            j = 64 * w + _lowest_bit(packed[i, w])
            source = lead_row[j]
            if source < 0:
                lead_row[j] = i
                break
            for k in range(w, last[source] + 1):
                packed[i, k] ^= packed[source, k]
            last[i] = max(last[i], last[source])
    return lead_row, last


@numba.njit(cache=True)
def _back_reduce(packed: np.ndarray, lead_row: np.ndarray, last: np.ndarray) -> None:
    """Phase 2, in place: clear every pivot column above and below its pivot."""
    words = packed.shape[1]
    pivot_bits = np.zeros(words, dtype=np.uint64)
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
            todo = packed[row, w] & pivot_bits[w]
            if w == first:
                todo &= above_lead
            while todo != 0:
                source = lead_row[64 * w + _lowest_bit(todo)]
                for k in range(w, last[source] + 1):
                    packed[row, k] ^= packed[source, k]
                last[row] = max(last[row], last[source])
                todo &= todo - _ONE
            w += 1


@numba.njit(cache=True)
def _back_substitute(
    packed: np.ndarray, lead_row: np.ndarray, last: np.ndarray, x: np.ndarray
) -> None:
    """Fill the pivot bits of ``x`` (in place) so that every stored row has even overlap."""
    for j in range(lead_row.size - 1, -1, -1):
        row = lead_row[j]
        if row < 0:
            continue
        acc = np.uint64(0)
        for k in range(j >> 6, last[row] + 1):
            acc ^= packed[row, k] & x[k]
        if _parity(acc):
            x[j >> 6] |= _ONE << np.uint64(j & 63)


def complement(indices: np.ndarray, n: int) -> np.ndarray:
    """The integers ``0 .. n-1`` not in ``indices``, ascending (e.g. free columns from pivots).

    Examples
    --------
    >>> import numpy as np
    >>> complement(np.array([0, 2]), 4)
    array([1, 3])
    """
    keep = np.ones(n, dtype=bool)
    keep[np.asarray(indices, dtype=np.int64)] = False
    return np.flatnonzero(keep)


def _pack_augmented(matrix: np.ndarray, rhs: np.ndarray) -> np.ndarray:
    """``[A | b]`` packed, without building the unpacked augmented matrix."""
    n_cols = matrix.shape[1]
    packed = pack_rows(matrix, n_words=n_cols // 64 + 1)
    packed[:, n_cols >> 6] |= np.asarray(rhs).astype(np.uint64) << np.uint64(n_cols & 63)
    return packed


def _reduced_packed(packed: np.ndarray, n_cols: int) -> tuple[np.ndarray, np.ndarray]:
    """Packed reduced row echelon form (rows in pivot order, zero rows last) and pivots."""
    lead_row, last = _echelon(packed, n_cols)
    _back_reduce(packed, lead_row, last)
    pivots = np.flatnonzero(lead_row >= 0)
    order = lead_row[pivots]
    zero_rows = complement(order, packed.shape[0])
    return packed[np.concatenate([order, zero_rows])], pivots


def _reduced(matrix: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """:func:`_reduced_packed` of a 0/1 matrix."""
    return _reduced_packed(pack_rows(matrix), matrix.shape[1])


def rank(matrix: np.ndarray) -> int:
    """Rank over GF(2) of a 0/1 matrix.

    Examples
    --------
    >>> import numpy as np
    >>> rank(np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1]], dtype=np.uint8))
    2
    """
    lead_row, _ = _echelon(pack_rows(matrix), matrix.shape[1])
    return int(np.count_nonzero(lead_row >= 0))


def rref(matrix: np.ndarray) -> tuple[np.ndarray, tuple[int, ...]]:
    """Reduced row echelon form over GF(2) and the pivot columns (0-based).

    Examples
    --------
    >>> import numpy as np
    >>> R, pivots = rref(np.array([[0, 1, 1], [1, 1, 0]], dtype=np.uint8))
    >>> R
    array([[1, 0, 1],
           [0, 1, 1]], dtype=uint8)
    >>> pivots
    (0, 1)
    """
    packed, pivots = _reduced(matrix)
    return unpack_rows(packed, matrix.shape[1]), tuple(int(p) for p in pivots)


def _column_bits(packed: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """Entries of the given columns, shape (rows, len(columns)), uint8."""
    words = packed[:, columns >> 6]
    return ((words >> (columns & 63).astype(np.uint64)) & _ONE).astype(np.uint8)


def _kernel(packed: np.ndarray, pivots: np.ndarray, n_cols: int) -> np.ndarray:
    """Null space basis from a packed RREF: one row per free column (ascending)."""
    free = complement(pivots, n_cols)
    basis = np.zeros((free.size, n_cols), dtype=np.uint8)
    basis[np.arange(free.size), free] = 1
    if pivots.size and free.size:
        basis[:, pivots] = _column_bits(packed[: pivots.size], free).T
    return basis


def null_space(matrix: np.ndarray) -> np.ndarray:
    """Basis of ``{x : A x = 0}`` over GF(2), one row per free column (ascending).

    Row ``k`` has a 1 in the k-th free column, 0 in the other free columns, and the pivot
    entries that make ``A x = 0``: the basis read off the reduced row echelon form.

    Examples
    --------
    >>> import numpy as np
    >>> null_space(np.array([[1, 1, 0], [0, 1, 1]], dtype=np.uint8))
    array([[1, 1, 1]], dtype=uint8)
    """
    packed, pivots = _reduced(matrix)
    return _kernel(packed, pivots, matrix.shape[1])


def left_null_space(matrix: np.ndarray) -> np.ndarray:
    """Basis of ``{y : y^T A = 0}`` over GF(2): the null space of the transpose.

    Examples
    --------
    >>> import numpy as np
    >>> left_null_space(np.array([[1, 1], [1, 1], [0, 1]], dtype=np.uint8))
    array([[1, 1, 0]], dtype=uint8)
    """
    return null_space(np.ascontiguousarray(matrix.T))


def solve(matrix: np.ndarray, rhs: np.ndarray) -> np.ndarray | None:
    """One solution of ``A x = b`` over GF(2) (free variables 0), or None if inconsistent.

    Examples
    --------
    >>> import numpy as np
    >>> A = np.array([[1, 1, 0], [0, 1, 1]], dtype=np.uint8)
    >>> solve(A, np.array([1, 0], dtype=np.uint8))
    array([1, 0, 0], dtype=uint8)
    >>> solve(np.array([[1, 1], [1, 1]], dtype=np.uint8), np.array([0, 1])) is None
    True
    """
    n_cols = matrix.shape[1]
    packed = _pack_augmented(matrix, rhs)
    lead_row, last = _echelon(packed, n_cols + 1)
    if lead_row[n_cols] >= 0:
        return None
    x = np.zeros(packed.shape[1], dtype=np.uint64)
    x[n_cols >> 6] = _ONE << np.uint64(n_cols & 63)  # the b column takes part with weight 1
    _back_substitute(packed, lead_row[:n_cols], last, x)
    return unpack_rows(x[np.newaxis], n_cols)[0]


def solve_with_kernel(
    matrix: np.ndarray, rhs: np.ndarray
) -> tuple[np.ndarray | None, np.ndarray, np.ndarray]:
    """Everything about ``A x = b`` from one reduction of ``[A | b]``.

    Returns
    -------
    (x, pivots, kernel)
        ``x``: the solution with free variables 0, or None; ``pivots``: pivot columns of
        ``A``; ``kernel``: the null space basis of :func:`null_space`.

    Examples
    --------
    >>> import numpy as np
    >>> x, pivots, kernel = solve_with_kernel(np.array([[1, 1]], dtype=np.uint8), np.array([1]))
    >>> x, pivots, kernel
    (array([1, 0], dtype=uint8), array([0]), array([[1, 1]], dtype=uint8))
    """
    n_cols = matrix.shape[1]
    packed, pivots = _reduced_packed(_pack_augmented(matrix, rhs), n_cols + 1)
    matrix_pivots = pivots[pivots < n_cols]
    kernel = _kernel(packed, matrix_pivots, n_cols)
    if matrix_pivots.size < pivots.size:  # a row reads 0 = 1
        return None, matrix_pivots, kernel
    x = np.zeros(n_cols, dtype=np.uint8)
    x[matrix_pivots] = _column_bits(packed[: matrix_pivots.size], np.array([n_cols]))[:, 0]
    return x, matrix_pivots, kernel
