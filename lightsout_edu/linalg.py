"""Linear algebra over GF(p) without recording: rank, RREF, null spaces, solving.

These are the answers; :func:`lightsout_edu.eliminate` shows the working.  Over GF(2) they
come from the packed-bit engine :mod:`lightsout_edu.packed` (same results, built for speed).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import packed
from ._validation import as_matrix, as_rhs, check_prime_modulus
from .elimination import gauss_jordan

__all__ = ["left_null_space", "null_space", "rank", "rref", "solve"]


def _reduce(M: NDArray[np.uint8], modulus: int) -> tuple[NDArray[np.uint8], tuple[int, ...]]:
    """RREF and pivot columns of an already validated matrix (a new array)."""
    if modulus == 2:
        return packed.rref(M)
    R, pivots = gauss_jordan(M.copy(), modulus)
    return R.astype(np.uint8), pivots


def _kernel_from_rref(R: NDArray, pivots: tuple[int, ...], n: int,
                      modulus: int) -> NDArray[np.uint8]:
    """Basis of {x : A x = 0} read off the RREF of A: one vector per free column."""
    free = [c for c in range(n) if c not in set(pivots)]
    basis = np.zeros((len(free), n), dtype=np.uint8)
    for t, f in enumerate(free):
        basis[t, f] = 1
        for row, c in enumerate(pivots):
            # x_c + R[row, f] * x_f = 0, so x_c = -R[row, f]
            basis[t, c] = (-int(R[row, f])) % modulus
    return basis


def rank(A: ArrayLike, *, modulus: int = 2) -> int:
    """The rank of ``A`` over GF(p).

    Examples
    --------
    >>> from lightsout_edu import toggle_matrix
    >>> rank(toggle_matrix(5, 5))
    23
    """
    p = check_prime_modulus(modulus)
    M = as_matrix(A, "A", modulus=p)
    return packed.rank(M) if p == 2 else len(_reduce(M, p)[1])


def rref(A: ArrayLike, *, modulus: int = 2) -> tuple[NDArray[np.uint8], tuple[int, ...]]:
    """The reduced row echelon form of ``A`` over GF(p) and its pivot columns.

    Examples
    --------
    >>> R, pivots = rref([[1, 1, 0], [1, 1, 1]])
    >>> R.tolist(), pivots
    ([[1, 1, 0], [0, 0, 1]], (0, 2))
    """
    p = check_prime_modulus(modulus)
    return _reduce(as_matrix(A, "A", modulus=p), p)


def null_space(A: ArrayLike, *, modulus: int = 2) -> NDArray[np.uint8]:
    """A basis of the kernel ``{x : A x = 0}``, one vector per row, shape ``(n - rank, n)``.

    Examples
    --------
    >>> null_space([[1, 1, 0], [0, 0, 1]]).tolist()
    [[1, 1, 0]]
    """
    p = check_prime_modulus(modulus)
    M = as_matrix(A, "A", modulus=p)
    if p == 2:
        return packed.null_space(M)
    R, pivots = _reduce(M, p)
    return _kernel_from_rref(R, pivots, M.shape[1], p)


def left_null_space(A: ArrayLike, *, modulus: int = 2) -> NDArray[np.uint8]:
    """A basis of ``{y : y A = 0}`` (the kernel of the transpose), one vector per row.

    Examples
    --------
    >>> left_null_space([[1, 1], [1, 1]]).tolist()
    [[1, 1]]
    """
    p = check_prime_modulus(modulus)
    return null_space(as_matrix(A, "A", modulus=p).T, modulus=p)


def solve(A: ArrayLike, b: ArrayLike, *, modulus: int = 2) -> NDArray[np.uint8] | None:
    """One solution of ``A x = b`` over GF(p) (free unknowns 0), or None if there is none.

    Examples
    --------
    >>> from lightsout_edu import toggle_matrix
    >>> solve(toggle_matrix(1, 3), [1, 0, 1]).tolist()
    [1, 0, 1]
    >>> solve([[1, 1], [1, 1]], [0, 1]) is None
    True
    """
    p = check_prime_modulus(modulus)
    M = as_matrix(A, "A", modulus=p)
    rhs = as_rhs(b, M.shape[0], modulus=p)
    if p == 2:
        return packed.solve(M, rhs)
    n = M.shape[1]
    R, pivots = _reduce(np.column_stack([M, rhs]), p)
    if n in pivots:  # a row reads 0 = 1
        return None
    x = np.zeros(n, dtype=np.uint8)
    for row, c in enumerate(pivots):
        x[c] = R[row, n]
    return x
