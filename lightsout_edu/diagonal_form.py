"""One factorisation that answers every board of a size: ``U A V = D (mod k)``.

``U`` and ``V`` are invertible mod k and ``D = diag(d_1, ..., d_r, 0, ...)``.  With it, any
board ``b`` is decided by matrix-vector products alone: put ``c = U (-b)``; the board is
solvable exactly when ``d_i`` divides ``c_i`` for ``i < r`` and ``c_i = 0`` beyond, and then
``x = V y`` with ``y_i = c_i / d_i`` switches it off.  The columns of ``V`` past ``r`` (and the
multiples ``(k / d_i) V_i`` where ``d_i > 1``) generate all quiet patterns, and a failing row
of ``U`` is a proof of unsolvability.  The game widget ships this data to the browser, which
applies it without ever eliminating.

For a prime k it is read off Gauss-Jordan elimination: ``U = E`` with ``E A = RREF(A)`` (the
row operations, from reducing ``[A | I]``) and ``V`` = the unit vectors of the pivot columns
followed by the kernel basis; every ``d_i = 1``.  ``V y`` is then elimination's solution
(free cells unpressed) and its last columns elimination's quiet patterns.  For a composite k
it is the Smith normal form (:func:`lightsout_edu.smith_form_mod`).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import as_matrix, check_modulus, from_work, is_prime, matmul_mod, to_work
from .linalg import reduce_rows
from .modular import smith_form_of

__all__ = ["DiagonalForm", "diagonal_form"]


@dataclass(frozen=True, eq=False)
class DiagonalForm:
    """``U A V = D (mod k)``, ``D = diag(factors, 0, ..., 0)``; see the module docstring.

    Attributes
    ----------
    modulus : int
        k.
    U, V : numpy.ndarray
        ``(m, m)`` and ``(n, n)``, invertible mod k.
    factors : tuple of int
        ``d_1, ..., d_r``, each a divisor of k (all 1 for a prime k).
    """

    modulus: int
    U: NDArray
    V: NDArray
    factors: tuple[int, ...]

    def solve(self, target: NDArray) -> tuple[NDArray | None, NDArray | None]:
        """``(x, None)`` with ``A x = target``, or ``(None, y)`` with ``y A = 0, y . target != 0``.

        Examples
        --------
        >>> from lightsout_edu import toggle_matrix
        >>> form = diagonal_form(toggle_matrix(1, 3), 2)
        >>> form.solve(np.array([1, 0, 1]))[0].tolist()
        [1, 0, 1]
        """
        k, r = self.modulus, len(self.factors)
        c = matmul_mod(self.U, np.asarray(target), k)
        d = list(self.factors) + [0] * (len(c) - r)
        for i, ci in enumerate(c):
            if (ci % d[i] if i < r else ci) != 0:
                scale = k // d[i] if i < r else 1
                return None, from_work((to_work(self.U[i], k) * scale) % k, k)
        y = to_work(np.zeros(self.V.shape[1], dtype=np.uint8), k)
        y[:r] = c[:r] // np.array(self.factors, dtype=y.dtype)
        return from_work(matmul_mod(self.V, y, k), k), None

    def kernel(self) -> tuple[NDArray, tuple[int, ...]]:
        """Generators of ``{x : A x = 0}`` (one per row) and their orders.

        Every quiet pattern is exactly one combination ``sum c_j g_j`` with ``0 <= c_j <
        order_j``; for a prime k the generators are a basis and every order is k.
        """
        k, r = self.modulus, len(self.factors)
        V = to_work(self.V, k)
        rows = [((k // d) * V[:, i]) % k for i, d in enumerate(self.factors) if d > 1]
        orders = [d for d in self.factors if d > 1]
        rows += [V[:, i] for i in range(r, V.shape[1])]
        orders += [k] * (V.shape[1] - r)
        generators = (
            np.array(rows).reshape(len(rows), V.shape[0])
            if rows
            else np.zeros((0, V.shape[0]), dtype=np.int64)
        )
        return from_work(generators, k), tuple(orders)

    @property
    def solution_count(self) -> int:
        """How many solutions a solvable board has (the number of quiet patterns)."""
        return prod(self.kernel()[1])


def diagonal_form(A: ArrayLike, modulus: int) -> DiagonalForm:
    """``U A V = D (mod k)`` for a matrix over Z/k.

    Examples
    --------
    >>> from lightsout_edu import toggle_matrix
    >>> form = diagonal_form(toggle_matrix(5, 5), 2)
    >>> len(form.factors), form.solution_count
    (23, 4)
    """
    k = check_modulus(modulus)
    M = as_matrix(A, "A", modulus=k)
    m, n = M.shape
    if not is_prime(k):
        smith = smith_form_of(M, k)
        return DiagonalForm(
            k, from_work(smith.U, k), from_work(smith.V, k), smith.invariant_factors
        )
    reduced, all_pivots = reduce_rows(np.hstack([M, np.eye(m, dtype=M.dtype)]), k)
    reduced = np.asarray(reduced)
    E, R = reduced[:, n:], reduced[:, :n]
    pivots = [c for c in all_pivots if c < n]
    free = [c for c in range(n) if c not in set(pivots)]
    V = to_work(np.zeros((n, n), dtype=M.dtype), k)
    for t, c in enumerate(pivots):
        V[c, t] = 1
    Rw = to_work(R, k)
    for t, f in enumerate(free, start=len(pivots)):
        V[f, t] = 1
        for row, c in enumerate(pivots):
            V[c, t] = (-Rw[row, f]) % k  # x_c = -R[row, f] makes row `row` read 0
    return DiagonalForm(k, E.copy(), from_work(V, k), (1,) * len(pivots))
