"""The GF(2) back end in plain Python: each row of the matrix is one Python integer.

Bit ``j`` of a row is column ``j``; adding two rows is ``row ^ other``.  Python's integers
are arbitrary-precision and their XOR runs in C, so this back end needs nothing compiled:
it answers small matrices at once and big ones on a Python without numba (5-10x slower than
the compiled kernels).  Same functions, same answers as :mod:`lightsout_edu._gf2_numba`.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._validation import check_basis_memory

__all__ = ["null_space", "rank", "rref", "solve", "solve_with_kernel"]


def _rows(words: NDArray[np.uint64]) -> list[int]:
    """Each packed row as one integer (bit j = column j)."""
    width = 8 * words.shape[1]
    raw = np.ascontiguousarray(words).astype("<u8", copy=False).tobytes()
    return [int.from_bytes(raw[i : i + width], "little") for i in range(0, len(raw), width)]


def _words(rows: list[int], n_words: int) -> NDArray[np.uint64]:
    """Integers back to packed rows of ``n_words`` words."""
    raw = b"".join(row.to_bytes(8 * n_words, "little") for row in rows)
    return np.frombuffer(raw, dtype="<u8").astype(np.uint64).reshape(len(rows), n_words)


def _lowest_bit(value: int) -> int:
    return (value & -value).bit_length() - 1


def _echelon(rows: list[int]) -> dict[int, int]:
    """Echelon basis by insertion: each row reduced by the stored rows; lead (lowest bit) -> row."""
    basis: dict[int, int] = {}
    for row in rows:
        while row:
            lead = _lowest_bit(row)
            if lead not in basis:
                basis[lead] = row
                break
            row ^= basis[lead]
    return basis


def _back_substitute(basis: dict[int, int], x: int, below: int) -> int:
    """Set the pivot bits (< ``below``) of ``x`` so that every stored row has even overlap."""
    for lead in sorted((j for j in basis if j < below), reverse=True):
        if (basis[lead] & x).bit_count() & 1:
            x |= 1 << lead
    return x


def _kernel(basis: dict[int, int], n_cols: int) -> tuple[NDArray[np.intp], list[int]]:
    """Pivot columns and the kernel basis: one vector per free column f (x_f = 1)."""
    pivots = np.array(sorted(j for j in basis if j < n_cols), dtype=np.intp)
    pivot_set = set(pivots.tolist())
    free = [f for f in range(n_cols) if f not in pivot_set]
    check_basis_memory(len(free), 8 * _width(n_cols), n_cols)
    return pivots, [_back_substitute(basis, 1 << f, f) for f in free]


def _width(n_cols: int) -> int:
    return max(1, -(-n_cols // 64))


def rank(words: NDArray[np.uint64], n_cols: int) -> int:
    """Rank of the packed matrix."""
    return len(_echelon(_rows(words)))


def rref(words: NDArray[np.uint64], n_cols: int) -> tuple[NDArray[np.uint64], NDArray[np.intp]]:
    """Reduced row echelon form (pivot rows in order, then zero rows) and pivot columns."""
    basis = _echelon(_rows(words))
    leads = sorted(basis)
    pivot_mask = sum(1 << j for j in leads)
    reduced: dict[int, int] = {}
    for lead in reversed(leads):  # clear the pivot columns to the right of each lead
        row = basis[lead]
        while higher := row & pivot_mask & ~((2 << lead) - 1):
            row ^= reduced[_lowest_bit(higher)]
        reduced[lead] = row
    rows = [reduced[j] for j in leads] + [0] * (words.shape[0] - len(leads))
    return _words(rows, _width(n_cols)), np.array(leads, dtype=np.intp)


def null_space(
    words: NDArray[np.uint64], n_cols: int
) -> tuple[NDArray[np.intp], NDArray[np.uint64]]:
    """Pivot columns and the kernel basis (packed), one vector per free column."""
    pivots, kernel = _kernel(_echelon(_rows(words)), n_cols)
    return pivots, _words(kernel, _width(n_cols))


def _augmented(words: NDArray[np.uint64], n_cols: int, rhs: NDArray[np.uint8]) -> list[int]:
    """Rows of ``[A | b]``: b is bit ``n_cols`` of each row."""
    return [row | (int(bit) << n_cols) for row, bit in zip(_rows(words), rhs, strict=True)]


def _bits(value: int, n_cols: int) -> NDArray[np.uint8]:
    return np.unpackbits(
        np.frombuffer(value.to_bytes(-(-n_cols // 8) or 1, "little"), dtype=np.uint8),
        count=n_cols,
        bitorder="little",
    )


def solve(
    words: NDArray[np.uint64], n_cols: int, rhs: NDArray[np.uint8]
) -> NDArray[np.uint8] | None:
    """The solution with free unknowns 0, or None when a row reads 0 = 1."""
    basis = _echelon(_augmented(words, n_cols, rhs))
    if n_cols in basis:
        return None
    x = _back_substitute(basis, 1 << n_cols, n_cols)  # the b column takes part with weight 1
    return _bits(x ^ (1 << n_cols), n_cols)


def solve_with_kernel(
    words: NDArray[np.uint64], n_cols: int, rhs: NDArray[np.uint8]
) -> tuple[NDArray[np.uint8] | None, NDArray[np.intp], NDArray[np.uint64]]:
    """(solution or None, pivot columns of A, kernel basis) from one echelon form."""
    basis = _echelon(_augmented(words, n_cols, rhs))
    pivots, kernel = _kernel(basis, n_cols)
    x = None
    if n_cols not in basis:
        x = _bits(_back_substitute(basis, 1 << n_cols, n_cols) ^ (1 << n_cols), n_cols)
    return x, pivots, _words(kernel, _width(n_cols))
