"""Upper bounds on the worst case of a board size that need no search: averaging, and parity.

In terms of cell types (:mod:`lightsout_edu._clicks_types`): with ``y_t = n_t - 2 a_t`` for a
press pattern that presses ``a_t`` of the ``n_t`` cells of type ``t``, the solution chosen by
the kernel combination ``c`` presses ``W(c) = (N - Y-hat(c)) / 2`` cells, where
``Y-hat(c) = sum_t y_t (-1)^{c . t}`` is the Walsh-Hadamard transform of ``y``; the board needs
``(N - max_c Y-hat(c)) / 2`` presses.  Note ``y_t = n_t (mod 2)`` and ``|y_t| <= n_t``, and
``n_0`` counts the cells of type 0 (pressed by no quiet pattern).

**Theorem 1 (the averaging bound, and when it is reached).** Every solvable board needs at
most ``(N + n_0) / 2`` presses, and some board needs exactly that many if and only if every
nonzero type has an even number of cells.

*Proof.* Averaged over the ``2^d`` vectors c, ``(-1)^{c . t}`` is 1 for ``t = 0`` and 0
otherwise, so the mean of ``Y-hat`` is ``y_0 >= -n_0``; the largest value is at least the
mean, which gives the bound.  Equality needs ``y_0 = -n_0`` and a largest value equal to the
mean, so ``Y-hat`` is constant; inverting the transform, ``y_t = 2^{-d} sum_c Y-hat(c)
(-1)^{c . t} = 0`` for every ``t != 0``, that is ``a_t = n_t / 2``, which needs ``n_t`` even.
Conversely, when every nonzero ``n_t`` is even, pressing every cell of type 0 and half of the
cells of every other type gives ``Y-hat = -n_0`` everywhere: all ``2^d`` solutions press
``(N + n_0) / 2`` cells.  QED.

**Theorem 2 (odd subspaces).** Let ``t_1, ..., t_k`` be linearly independent types, each with
an odd number of cells, such that no other nonzero type lies in their span ``U``.  Then every
solvable board needs at most ``(N + n_0 - k) / 2`` presses.

*Proof.* Let ``S`` be the set of c with ``c . t_i = 0`` for every i, and fix any ``c_0``.  Over
the coset ``c_0 + S`` the sign ``(-1)^{c . t}`` stays ``(-1)^{c_0 . t}`` when t is in U, and
is +1 and -1 equally often when t is not (then ``s -> s . t`` is a nonzero linear map on S).
So the average of ``Y-hat`` over the coset is ``y_0 + sum_i y_{t_i} (-1)^{c_0 . t_i}``: the
only types in U are 0 and the ``t_i``.  The ``t_i`` are independent, so some ``c_0`` has
``(-1)^{c_0 . t_i}`` equal to the sign of ``y_{t_i}`` for every i, and each ``y_{t_i}`` is odd:
that average is ``y_0 + sum_i |y_{t_i}| >= -n_0 + k``.  The largest value of ``Y-hat`` is at
least this average, so the board needs at most ``(N + n_0 - k) / 2`` presses.  QED.

With ``k = 1`` (any single type of odd size) this is Theorem 1 lowered by one half: when the
average is not reached, it is not reached by a whole press.  For 19x19 (``N = 361``,
``n_0 = 1``, 232 nonzero types of odd size) Theorem 1 gives 181, ``k = 1`` gives 180, and the
12 types found by :func:`odd_subspace` give 175.  The types are chosen greedily, in a random
order, the best of :data:`RESTARTS` tries.
"""

from __future__ import annotations

import time

import numpy as np
from numpy.typing import NDArray

__all__ = ["RESTARTS", "average_bound", "odd_subspace", "upper_bound"]

#: Random orders tried by :func:`odd_subspace`.
RESTARTS = 100


def average_bound(n_cells: int, n_zero: int) -> int:
    """``floor((N + n_0) / 2)``: Theorem 1's bound."""
    return (n_cells + n_zero) // 2


def upper_bound(
    types: NDArray[np.int64],
    counts: NDArray[np.int64],
    *,
    seed: int | None = 0,
    deadline: float = np.inf,
) -> int:
    """The best of Theorems 1 and 2: no board needs more presses than this.

    Examples
    --------
    >>> from lightsout_edu._clicks_types import CellTypes
    >>> cells = CellTypes(19, 19, "plus", False)
    >>> upper_bound(cells.types, cells.counts)  # 181 by averaging, 180 by parity
    175
    """
    n_cells, n_zero = int(counts.sum()), int(counts[types == 0].sum())
    k = odd_subspace(types, counts, seed=seed, deadline=deadline).size
    return (n_cells + n_zero - k) // 2


def odd_subspace(
    types: NDArray[np.int64],
    counts: NDArray[np.int64],
    *,
    seed: int | None = 0,
    deadline: float = np.inf,
) -> NDArray[np.int64]:
    """Indices of types ``t_1 .. t_k`` as in Theorem 2, as many as found.

    Greedy: add an odd type whenever the span stays free of other types, in
    :data:`RESTARTS` random orders (fewer if ``deadline`` passes first), the longest kept.

    Examples
    --------
    >>> types, counts = np.array([0, 1, 2, 3]), np.array([2, 1, 1, 3])
    >>> len(odd_subspace(types, counts))  # 1 and 2 span 3: one of the three
    1
    """
    rng = np.random.default_rng(seed)
    best = np.zeros(0, dtype=np.int64)
    for _ in range(RESTARTS):
        chosen = _greedy(types, counts, rng)
        if chosen.size > best.size:
            best = chosen
        if time.monotonic() > deadline:
            break
    return best


def _greedy(
    types: NDArray[np.int64], counts: NDArray[np.int64], rng: np.random.Generator
) -> NDArray[np.int64]:
    """One greedy pass in a random order.

    Every type is kept reduced against the echelon basis of the span so far: two types lie
    in the same coset of the span exactly when their residues agree, so a type may join when
    no other type shares its residue (its coset holds no other type), and its residue is not
    0 (it is not in the span already).
    """
    residue = np.where(types != 0, types, 0).astype(np.int64)
    odd = (counts % 2 == 1) & (types != 0)
    chosen: list[int] = []
    while True:
        _, where, shared = np.unique(residue, return_inverse=True, return_counts=True)
        free = odd & (residue != 0) & (shared[where.reshape(-1)] == 1)
        free[chosen] = False
        candidates = np.flatnonzero(free)
        if candidates.size == 0:
            return np.array(chosen, dtype=np.int64)
        i = int(rng.choice(candidates))
        pivot = int(residue[i])
        lead = 1 << (pivot.bit_length() - 1)  # clear this bit from every residue
        residue = np.where(residue & lead, residue ^ pivot, residue)
        chosen.append(i)
