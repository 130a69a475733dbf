"""Linear algebra over GF(p) without recording: rank, RREF, null spaces, solving.

These are the answers; :func:`lightsout_edu.eliminate` shows the working.  Over GF(2) they
come from the packed-bit engine :mod:`lightsout_edu.packed` (same results, built for speed),
which also takes a :class:`~lightsout_edu.PackedMatrix` as it is and answers in kind.  Over
GF(p) for a prime p > 2 they come from the elimination of :mod:`lightsout_edu.elimination`,
with exact arithmetic for any p up to 2^64.
"""

from __future__ import annotations

from typing import NamedTuple, overload

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import packed
from ._i18n import t
from ._validation import (
    as_matrix,
    as_rhs,
    check_basis_memory,
    check_prime_modulus,
    from_work,
    read_matrix,
    storage_dtype,
    to_work,
)
from .elimination import check_elimination_size, gauss_jordan
from .packed import PackedMatrix

__all__ = [
    "SolvedSystem",
    "kernel_solve",
    "left_kernel",
    "left_null_space",
    "null_space",
    "rank",
    "reduce_rows",
    "rref",
    "solve",
    "solve_with_kernel",
]

Matrix = NDArray | PackedMatrix


def _instead() -> str:
    """The advice of a refused elimination, in the language in use."""
    return t("for a Lights Out board use solve_board, which chases lights on a small system")


class SolvedSystem(NamedTuple):
    """``A x = b`` solved: one solution, the pivot columns and a kernel basis.

    Every solution is ``x`` plus a combination of the rows of ``kernel``.
    """

    x: NDArray | None
    """The solution with every free unknown 0, or None when there is none."""
    pivots: tuple[int, ...]
    """The pivot columns of ``A`` (0-based)."""
    kernel: Matrix
    """A basis of ``{x : A x = 0}``, one row per free column (as :func:`null_space`)."""


def _gf2_input(A: ArrayLike | PackedMatrix) -> Matrix:
    """``A`` over GF(2): a PackedMatrix or a 0/1 uint8 array as it is, else a checked copy.

    Empty and masked arrays take the checked way too, to be refused as any other is.
    """
    if isinstance(A, PackedMatrix):
        return A
    if type(A) is np.ndarray and A.size and packed._is_bits(A):
        return A
    return as_matrix(A, "A")


def _field_input(A: ArrayLike | PackedMatrix, k: int) -> NDArray:
    """``A`` over GF(k), k > 2, as a checked copy."""
    if isinstance(A, PackedMatrix):
        raise TypeError(
            t("a PackedMatrix holds entries of GF(2), so modulus must be 2, not {k}", k=k)
        )
    return as_matrix(A, "A", modulus=k)


def _checked(
    A: ArrayLike | PackedMatrix, k: int, *, kernel: bool = False, transpose: bool = False
) -> Matrix:
    """``A`` over GF(k), checked: over GF(2) as it is when it already holds bits.

    Its size is estimated from its shape first (with ``kernel``, the basis of the null space
    too; with ``transpose``, of the transpose), before any pass over its entries or any copy.
    """
    M = A if isinstance(A, PackedMatrix) else read_matrix(A, "A")
    if k == 2:
        packed.check_size(M, kernel=kernel, transpose=transpose)
        return _gf2_input(M)
    if isinstance(M, np.ndarray):
        rows, cols = M.shape[::-1] if transpose else M.shape
        check_elimination_size(rows, cols, k, _instead())
        nullity = max(cols - rows, 0) if kernel else 0
        check_basis_memory(nullity, cols * storage_dtype(k).itemsize, cols)
    return _field_input(M, k)


def _reduce(M: NDArray, k: int) -> tuple[NDArray, tuple[int, ...]]:
    """RREF and pivot columns over GF(k), k > 2, of a checked matrix (a new array)."""
    rows, cols = M.shape
    check_elimination_size(rows, cols, k, _instead())
    return gauss_jordan(M.copy(), k)


def _kernel_from_rref(R: NDArray, pivots: tuple[int, ...], n: int, k: int) -> NDArray:
    """Basis of {x : A x = 0} read off the RREF of A: one vector per free column.

    For free column f the vector has x_f = 1, the other free unknowns 0, and
    ``x_c = -R[row, f]`` at the pivot column ``c`` of each pivot row.
    """
    free = packed.complement(np.array(pivots, dtype=np.int64), n)
    basis = np.zeros((free.size, n), dtype=R.dtype)
    basis[np.arange(free.size), free] = 1
    if pivots and free.size:
        rows = to_work(R[: len(pivots)][:, free], k)
        basis[:, list(pivots)] = from_work((-rows) % k, k).T
    return basis


# -- on checked matrices (the engine's calls: nothing is checked again) ----------------------------
def reduce_rows(M: Matrix, k: int) -> tuple[Matrix, tuple[int, ...]]:
    """RREF and pivot columns of a checked matrix over GF(k) (a new matrix)."""
    if k == 2:
        return packed.rref(M)
    assert isinstance(M, np.ndarray)  # only GF(2) matrices are packed
    return _reduce(M, k)


def left_kernel(M: Matrix, k: int) -> Matrix:
    """A basis of ``{y : y A = 0}`` of a checked matrix over GF(k), one vector per row."""
    if k == 2:
        return packed.left_null_space(M)
    assert isinstance(M, np.ndarray)
    T = np.ascontiguousarray(M.T)
    R, pivots = _reduce(T, k)
    return _kernel_from_rref(R, pivots, T.shape[1], k)


def kernel_solve(M: Matrix, rhs: NDArray, k: int) -> SolvedSystem:
    """``A x = b`` and the kernel of ``A`` in one elimination, for checked ``A`` and ``b``."""
    if k == 2:
        x, gf2_pivots, kernel = packed.solve_with_kernel(M, rhs)
        return SolvedSystem(x, tuple(int(c) for c in gf2_pivots), kernel)
    assert isinstance(M, np.ndarray)
    n = M.shape[1]
    R, all_pivots = _augmented_rref(M, rhs, k)
    pivots = tuple(c for c in all_pivots if c < n)
    kernel = _kernel_from_rref(R[:, :n], pivots, n, k)
    x = None if n in all_pivots else _particular(R, pivots, n)
    return SolvedSystem(x, pivots, kernel)


# -- the public functions: check, then compute -----------------------------------------------------
def rank(A: ArrayLike | PackedMatrix, *, modulus: int = 2) -> int:
    """The rank of ``A`` over GF(p).

    Examples
    --------
    >>> from lightsout_edu import toggle_matrix
    >>> rank(toggle_matrix(5, 5))
    23
    >>> rank(toggle_matrix(100, 100, packed=True))  # a 10000 x 10000 matrix, 12 MB packed
    10000
    """
    k = check_prime_modulus(modulus)
    M = _checked(A, k)
    return packed.rank(M) if k == 2 else len(reduce_rows(M, k)[1])


@overload
def rref(A: PackedMatrix, *, modulus: int = 2) -> tuple[PackedMatrix, tuple[int, ...]]: ...
@overload
def rref(A: ArrayLike, *, modulus: int = 2) -> tuple[NDArray, tuple[int, ...]]: ...
def rref(A: ArrayLike | PackedMatrix, *, modulus: int = 2) -> tuple[Matrix, tuple[int, ...]]:
    """The reduced row echelon form of ``A`` over GF(p) and its pivot columns.

    Examples
    --------
    >>> R, pivots = rref([[1, 1, 0], [1, 1, 1]])
    >>> R.tolist(), pivots
    ([[1, 1, 0], [0, 0, 1]], (0, 2))
    """
    k = check_prime_modulus(modulus)
    return reduce_rows(_checked(A, k), k)


@overload
def null_space(A: PackedMatrix, *, modulus: int = 2) -> PackedMatrix: ...
@overload
def null_space(A: ArrayLike, *, modulus: int = 2) -> NDArray: ...
def null_space(A: ArrayLike | PackedMatrix, *, modulus: int = 2) -> Matrix:
    """A basis of the kernel ``{x : A x = 0}``, one vector per row, shape ``(n - rank, n)``.

    Examples
    --------
    >>> null_space([[1, 1, 0], [0, 0, 1]]).tolist()
    [[1, 1, 0]]
    """
    k = check_prime_modulus(modulus)
    M = _checked(A, k, kernel=True)
    if k == 2:
        return packed.null_space(M)
    assert isinstance(M, np.ndarray)
    R, pivots = _reduce(M, k)
    return _kernel_from_rref(R, pivots, M.shape[1], k)


@overload
def left_null_space(A: PackedMatrix, *, modulus: int = 2) -> PackedMatrix: ...
@overload
def left_null_space(A: ArrayLike, *, modulus: int = 2) -> NDArray: ...
def left_null_space(A: ArrayLike | PackedMatrix, *, modulus: int = 2) -> Matrix:
    """A basis of ``{y : y A = 0}`` (the kernel of the transpose), one vector per row.

    Examples
    --------
    >>> left_null_space([[1, 1], [1, 1]]).tolist()
    [[1, 1]]
    """
    k = check_prime_modulus(modulus)
    return left_kernel(_checked(A, k, kernel=True, transpose=True), k)


def _augmented_rref(M: NDArray, rhs: NDArray, k: int) -> tuple[NDArray, tuple[int, ...]]:
    return _reduce(np.column_stack([M, rhs.astype(M.dtype)]), k)


def _particular(R: NDArray, pivots: tuple[int, ...], n: int) -> NDArray:
    x = np.zeros(n, dtype=R.dtype)
    for row, c in enumerate(pivots):
        x[c] = R[row, n]
    return x


def solve(A: ArrayLike | PackedMatrix, b: ArrayLike, *, modulus: int = 2) -> NDArray | None:
    """One solution of ``A x = b`` over GF(p) (free unknowns 0), or None if there is none.

    Examples
    --------
    >>> from lightsout_edu import toggle_matrix
    >>> solve(toggle_matrix(1, 3), [1, 0, 1]).tolist()
    [1, 0, 1]
    >>> solve([[1, 1], [1, 1]], [0, 1]) is None
    True
    """
    k = check_prime_modulus(modulus)
    M = _checked(A, k)
    rhs = as_rhs(b, M.shape[0], modulus=k)
    if k == 2:
        return packed.solve(M, rhs)
    assert isinstance(M, np.ndarray)
    n = M.shape[1]
    R, pivots = _augmented_rref(M, rhs, k)
    return None if n in pivots else _particular(R, pivots, n)


def solve_with_kernel(
    A: ArrayLike | PackedMatrix, b: ArrayLike, *, modulus: int = 2
) -> SolvedSystem:
    """Solve ``A x = b`` and find the kernel of ``A`` in one elimination.

    Returns
    -------
    SolvedSystem
        ``x`` (free unknowns 0, or None), the pivot columns and the kernel basis of
        :func:`null_space`: the solutions are exactly ``x + c_1 k_1 + ... + c_d k_d``.

    Examples
    --------
    >>> x, pivots, kernel = solve_with_kernel([[1, 1, 0], [0, 0, 1]], [1, 1])
    >>> x.tolist(), pivots, kernel.tolist()
    ([1, 0, 1], (0, 2), [[1, 1, 0]])
    """
    k = check_prime_modulus(modulus)
    M = _checked(A, k, kernel=True)
    return kernel_solve(M, as_rhs(b, M.shape[0], modulus=k), k)
