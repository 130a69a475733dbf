"""The worst case of a board size as an integer program, solved by row generation.

With ``a_t`` pressed cells of the ``n_t`` cells of type ``t`` (see
:mod:`lightsout_edu._clicks_types`), the solution chosen by the kernel combination ``c``
presses ``W_a(c) = sum_{c.t = 0} a_t + sum_{c.t = 1} (n_t - a_t)`` cells, and the worst case
is ``max_a min_c W_a(c)``: maximise ``z`` subject to ``z <= W_a(c)`` for every ``c``, one
variable per type and one constraint per ``c``.

Pressing a quiet pattern on top changes no light, so ``a`` and the ``a'`` with
``a'_t = n_t - a_t`` wherever ``c . t = 1`` describe the same board; for any ``d`` linearly
independent types one such ``c`` brings every one of them to ``a_t <= n_t / 2``, so the
program may require that (a ``2^d``-fold symmetry that the solver cannot find by itself).

Small kernels get every constraint at once; bigger ones get them as they are needed (row
generation): scipy's ``milp`` (HiGHS) maximises over the constraints found so far, which
bounds the answer from above; the exact fewest-press search of its maximiser bounds it from
below and supplies the next constraints.  Branch and bound takes very different times on
equivalent formulations, so two of them (``z`` a whole number or not) race in two processes
(:mod:`lightsout_edu._race`) when the program is big.
"""

from __future__ import annotations

import time

import numpy as np
from numpy.typing import NDArray

from ._clicks_types import CellTypes
from ._race import first_result

__all__ = ["ALL_CONSTRAINTS", "PORTFOLIO_SIZE", "prove"]

#: Kernels with at most this many elements get every constraint at once (no row generation).
ALL_CONSTRAINTS = 4096
#: Programs with every constraint and at least this many coefficients (9x9 has 256 x 56)
#: are solved by two formulations at once.
PORTFOLIO_SIZE = 256 * 40
#: Below this many seconds left, a program is not started.
LEAST_SECONDS = 0.05


def prove(
    cells: CellTypes,
    deadline: float,
    lower: int,
    best_a: NDArray[np.int64],
    hints: NDArray[np.int64],
) -> tuple[int, int, NDArray[np.int64]]:
    """Row generation until ``deadline``: (lower, upper, a of the lower bound).

    ``lower`` and ``best_a`` are the best board known (its exact fewest-press count and its
    counts), ``hints`` kernel combinations worth starting from (where that board is
    lightest).  The upper bound is what HiGHS proves, never above
    :meth:`CellTypes.upper_bound`.
    """
    upper = cells.upper_bound()
    low = np.where(cells.types == 0, cells.counts, 0)
    high = cells.counts.copy()
    independent = cells.independent_types()
    high[independent] = cells.counts[independent] // 2
    everything = 1 << cells.d <= ALL_CONSTRAINTS
    if everything:
        found = list(range(1 << cells.d))
    else:
        found = list(dict.fromkeys([0, *(1 << i for i in range(cells.d)), *map(int, hints)]))
    while lower < upper and deadline - time.monotonic() > LEAST_SECONDS:
        c = np.array(found, dtype=np.int64)
        odd = (np.bitwise_count(c[:, None] & cells.types[None, :]) & 1).astype(np.int64)
        # z <= sum_t (1 - 2 odd) a_t + sum_t odd n_t   for every c found so far
        matrix = np.hstack([-(1 - 2 * odd), np.ones((len(found), 1), dtype=np.int64)])
        program = (matrix, odd @ cells.counts, low, high, cells.n_cells, deadline)
        # two formulations race (z integer or not): branch and bound is quick on one of
        # them, and which cannot be told in advance; small programs, and the many short
        # rounds of row generation, are not worth starting two processes for
        big = everything and matrix.size >= PORTFOLIO_SIZE
        ways = [False, True] if big else [False]
        bound, a, proved = first_result(solve_program, [(*program, way) for way in ways])
        upper = min(upper, bound)
        if a is None:
            break
        value, winners = cells.fewest(a)
        if value > lower:
            lower, best_a = value, a
        if not proved or everything:
            break
        found.extend(int(w) for w in winners[:16] if int(w) not in found)
    if upper < lower:
        raise AssertionError(f"internal error: proved at most {upper} presses, found {lower}")
    return lower, upper, best_a


def solve_program(
    matrix: NDArray,
    limits: NDArray,
    low: NDArray,
    high: NDArray,
    most: int,
    deadline: float,
    integral_objective: bool,
) -> tuple[int, NDArray | None, bool]:
    """Maximise z subject to ``matrix @ (a, z) <= limits``, ``low <= a <= high``, ``z <= most``.

    HiGHS stops at ``deadline`` (a ``time.monotonic()`` reading, the same clock in every
    process). Returns a proven upper bound on the optimum, the best ``a`` HiGHS found (None
    if none in time) and whether the bound is the optimum itself.
    """
    from scipy.optimize import Bounds, LinearConstraint, milp

    seconds = deadline - time.monotonic()
    if seconds <= 0:
        return most, None, False
    n_types = len(low)
    result = milp(
        c=np.r_[np.zeros(n_types), -1.0],
        constraints=LinearConstraint(matrix, -np.inf, limits),
        integrality=np.r_[np.ones(n_types), int(integral_objective)],
        bounds=Bounds(np.r_[low, 0], np.r_[high, most]),
        options={"mip_rel_gap": 0, "time_limit": seconds},
    )
    if result.status == 0:
        a = np.round(result.x[:n_types]).astype(np.int64)
        return int(np.floor(-result.fun + 1e-6)), a, True
    # out of time: HiGHS's bound still holds (none yet: only ``most`` is known)
    dual = getattr(result, "mip_dual_bound", None)
    bound = most if dual is None or not np.isfinite(dual) else int(np.floor(-dual + 1e-6))
    a = None if result.x is None else np.round(result.x[:n_types]).astype(np.int64)
    return min(bound, most), a, False
