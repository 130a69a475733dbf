"""How many presses can a board need?  The most-clicks problem, exactly, and lower bounds.

Every solvable board is solved by the presses of one coset ``x + K`` of the kernel
``K = ker A`` (the quiet patterns), and it needs the weight of the lightest vector in that
coset.  The worst case over all solvable boards is therefore the *covering radius* of the
code ``K`` in ``GF(2)^N``: the largest distance from any vector to the nearest codeword.

Cells of the same *type* (the same column of a kernel basis: see
:func:`lightsout_edu.fewest.cell_types`) are pressed together by every quiet pattern, so
only *how many* cells of each type a press pattern uses matters.  With ``a_t`` pressed cells
of the ``n_t`` cells of type ``t``, the solution chosen by coefficients ``c`` has

.. math::  W_a(c) = \\sum_{t:\\ c \\cdot t = 0} a_t + \\sum_{t:\\ c \\cdot t = 1} (n_t - a_t)

presses, and the worst case is ``max_a min_c W_a(c)``: an integer program with one variable
per type and one constraint per ``c``. Pressing a quiet pattern on top changes no light, so
``a`` and the ``a'`` with ``a'_t = n_t - a_t`` wherever ``c . t = 1`` describe the same
board; for any ``d`` linearly independent types ``t_1 .. t_d`` one such ``c`` (the solution
of ``c . t_i = 1`` exactly where ``a_{t_i} > n_{t_i} / 2``) brings every ``a_{t_i}`` to at
most ``n_{t_i} / 2``, so the program may require that. This cuts the search ``2^d``-fold
(with ``n_{t_i} = 1`` it fixes ``a_{t_i} = 0``): the 9x9 board (nullity 8) is proved in
seconds instead of minutes. Two formulations of each big program race on two cores (branch
and bound is erratic, quick on one of them). The program is solved exactly by adding
constraints as they are needed (row generation): scipy's ``milp`` (HiGHS) maximises over the
constraints found so far, which bounds the answer from above; the exact fewest-press search
of the maximiser (a Walsh-Hadamard transform) bounds it from below and supplies the next
constraint. When the two bounds meet, the answer is proved. W. Boyles, "The Most Clicks
Problem in Lights Out" (2022), poses the problem and solves it for the boards of nullity 0
and 2.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._race import first_result
from ._validation import as_board, check_flag, check_size
from .boards import parse_board, press
from .fewest import MAX_KERNEL_DIMENSION, best_by_type, cell_types
from .rules import Rule, rule_offsets
from .solver import solve_board

__all__ = [
    "MAX_EXACT_NULLITY",
    "LowerBound",
    "MostClicks",
    "most_clicks",
    "most_clicks_bounds",
    "presses_lower_bound",
]

#: The largest nullity most_clicks answers exactly (beyond: most_clicks_bounds).
MAX_EXACT_NULLITY = 20
#: Kernels with at most this many elements get every constraint at once (no row generation).
ALL_CONSTRAINTS = 4096
#: Programs with every constraint and at least this many coefficients (9x9 has 256 x 56)
#: are solved by two formulations at once.
PORTFOLIO_SIZE = 256 * 40


@dataclass(frozen=True, eq=False)
class MostClicks:
    """The worst case of a board size: the most presses a solvable board can need.

    Attributes
    ----------
    presses : int
        The largest fewest-presses count over all solvable boards.
    board : numpy.ndarray
        A board that needs exactly ``presses`` presses (checked by
        :meth:`lightsout_edu.Solution.fewest_presses`).
    nullity : int
        Dimension of the kernel (0: every board has one solution, the worst case is N).
    """

    presses: int
    board: NDArray[np.uint8]
    nullity: int

    def __repr__(self) -> str:
        rows, cols = self.board.shape
        return (
            f"<MostClicks of the {rows}x{cols} board: {self.presses} presses at worst "
            f"(nullity {self.nullity})>"
        )


@dataclass(frozen=True)
class LowerBound:
    """A proven lower bound on the presses a board needs, and why it holds."""

    presses: int
    reason: str

    def __int__(self) -> int:
        return self.presses


class _Worst:
    """The integer program of one board size, in terms of cell types."""

    def __init__(self, rows: int, cols: int, rule: Rule, torus: bool) -> None:
        self.shape = (rows, cols)
        self.rule, self.torus = rule, torus
        solution = solve_board(np.zeros(self.shape, dtype=np.uint8), rule=rule, torus=torus)
        self.kernel = solution.quiet_patterns.reshape(solution.nullity, rows * cols)
        self.d = solution.nullity
        types = cell_types(self.kernel)
        self.types, self.where, self.counts = np.unique(
            types, return_inverse=True, return_counts=True
        )

    def independent_types(self) -> list[int]:
        """Indices of d linearly independent types, those with few and odd counts first.

        Bounding ``a_t <= n_t // 2`` halves the choices for a type of odd count ``n_t`` and
        keeps ``n_t // 2 + 1`` of ``n_t + 1`` for an even count, so odd and small go first.
        """
        chosen: list[int] = []
        reduced: list[int] = []  # an echelon basis of the types chosen so far
        for i in np.lexsort((self.counts, self.counts % 2 == 0)):
            v = int(self.types[i])
            for r in reduced:
                v = min(v, v ^ r)
            if v:
                reduced = sorted([*reduced, v], reverse=True)
                chosen.append(int(i))
        return chosen

    @property
    def all_at_once(self) -> bool:
        """Whether the program gets all ``2^d`` constraints at once (no row generation)."""
        return 1 << self.d <= ALL_CONSTRAINTS

    def average_bound(self) -> int:
        """The averaging bound ``(N + n_0) // 2`` on the worst case.

        Over the ``2^d`` solutions of a board a cell outside type 0 is pressed in exactly
        half, the ``n_0`` cells of type 0 in all or none: some solution presses at most that.
        """
        outside = int(self.counts[self.types == 0].sum())
        return (int(self.counts.sum()) + outside) // 2

    def fewest(self, a: NDArray[np.int64]) -> tuple[int, NDArray[np.int64]]:
        """``min_c W_a(c)`` and every c reaching it."""
        f = self.counts - 2 * a  # W = sum a + (sum f - sum f (-1)^{c.t}) / 2
        top, winners = best_by_type(self.types, f, self.d)
        return int(a.sum() + (f.sum() - top) // 2), winners

    def board(self, a: NDArray[np.int64]) -> NDArray[np.uint8]:
        """A board solved by presses using ``a[t]`` cells of each type t."""
        presses = np.zeros(self.where.size, dtype=np.uint8)
        for t, count in enumerate(a):
            presses[np.flatnonzero(self.where == t)[: int(count)]] = 1
        dark = np.zeros(self.shape, dtype=np.uint8)
        return press(dark, presses.reshape(self.shape), rule=self.rule, torus=self.torus)

    def search(
        self, seconds: float, *, middle_only: bool = False, floor: int = 0
    ) -> tuple[int, int, NDArray]:
        """Row generation within ``seconds``: (lower, upper, a of the lower bound).

        ``lower`` is the exact fewest-press count of a board, ``upper`` a proven bound (the
        integer program over the constraints found so far, as far as HiGHS closed it).  With
        ``middle_only`` every ``a_t`` is kept at ``floor(n_t / 2)`` or ``ceil(n_t / 2)``: a
        much smaller program whose answer is a lower bound (and, in every case tried, the
        answer itself).
        """
        deadline = time.monotonic() + seconds
        low = np.where(self.types == 0, self.counts, self.counts // 2 if middle_only else 0)
        high = np.where(
            self.types == 0, self.counts, (self.counts + 1) // 2 if middle_only else self.counts
        )
        # a quiet pattern pressed on top brings a_t <= n_t // 2 on d independent types
        independent = self.independent_types()
        high[independent] = self.counts[independent] // 2
        everything = self.all_at_once
        found = list(range(1 << self.d)) if everything else [0] + [1 << i for i in range(self.d)]
        best_a = low.copy()
        lower, upper = max(floor, self.fewest(best_a)[0]), self.average_bound()
        while time.monotonic() < deadline:
            c = np.array(found, dtype=np.int64)
            odd = (np.bitwise_count(c[:, None] & self.types[None, :]) & 1).astype(np.int64)
            # z <= sum_t (1 - 2 odd) a_t + sum_t odd n_t   for every c found so far
            matrix = np.hstack([-(1 - 2 * odd), np.ones((len(found), 1), dtype=np.int64)])
            program = (matrix, odd @ self.counts, low, high, int(self.counts.sum()))
            seconds_left = max(1.0, deadline - time.monotonic())
            # two formulations race (z integer or not): branch and bound is quick on one of
            # them, and which cannot be told in advance; small programs, and the many short
            # rounds of row generation, are not worth starting two processes for
            big = everything and len(found) * self.types.size >= PORTFOLIO_SIZE
            ways = [False, True] if big else [False]
            bound, a, proved = first_result(
                _program, [(*program, seconds_left, integral) for integral in ways]
            )
            a = low.copy() if a is None else a
            value, winners = self.fewest(a)
            if value > lower:
                lower, best_a = value, a
            upper = min(upper, bound)
            if not proved or lower >= upper or everything:
                return lower, upper, best_a
            found.extend(int(w) for w in winners[:16] if int(w) not in found)
        return lower, upper, best_a


def _program(
    matrix: NDArray,
    limits: NDArray,
    low: NDArray,
    high: NDArray,
    total: int,
    seconds: float,
    integral_objective: bool,
) -> tuple[int, NDArray | None, bool]:
    """Maximise z subject to ``matrix @ (a, z) <= limits`` and ``low <= a <= high``.

    Returns a proven upper bound on the optimum, the best ``a`` HiGHS found (None if none in
    time) and whether the bound is the optimum itself.
    """
    from scipy.optimize import Bounds, LinearConstraint, milp

    n_types = len(low)
    result = milp(
        c=np.r_[np.zeros(n_types), -1.0],
        constraints=LinearConstraint(matrix, -np.inf, limits),
        integrality=np.r_[np.ones(n_types), int(integral_objective)],
        bounds=Bounds(np.r_[low, 0], np.r_[high, total]),
        options={"mip_rel_gap": 0, "time_limit": seconds},
    )
    if result.x is None:  # out of time before any solution: only the bound is known
        return int(np.floor(-result.mip_dual_bound + 1e-6)), None, False
    a = np.round(result.x[:n_types]).astype(np.int64)
    if result.status != 0:  # out of time: HiGHS's bound still holds
        return int(np.floor(-result.mip_dual_bound + 1e-6)), a, False
    return int(np.floor(-result.fun + 1e-6)), a, True


def _check(rows: int, cols: int | None, torus: object) -> tuple[int, int, bool]:
    rows = check_size(rows, "rows")
    cols = rows if cols is None else check_size(cols, "cols")
    return rows, cols, check_flag(torus, "torus")


def _bounds(program: _Worst, seconds: float) -> tuple[int, int, NDArray]:
    """Lower bound from the middle-only program, then the full one for the proof.

    With every constraint at once the full program finds its best board itself.
    """
    if program.all_at_once:
        return program.search(seconds)
    start = time.monotonic()
    lower, _, a = program.search(seconds / 4, middle_only=True)
    program_lower = lower
    remaining = max(1.0, seconds - (time.monotonic() - start))
    full_lower, upper, full_a = program.search(remaining, floor=program_lower)
    return (full_lower, upper, full_a) if full_lower > lower else (lower, upper, a)


def most_clicks(
    rows: int,
    cols: int | None = None,
    *,
    rule: Rule = "plus",
    torus: bool = False,
    time_limit: float = 60.0,
) -> MostClicks:
    """The most presses a solvable board of this size can need, exactly, with a witness.

    Parameters
    ----------
    rows, cols : int
        Board size (``cols`` defaults to ``rows``).
    rule, torus
        As in :func:`lightsout_edu.toggle_matrix` (two colours).
    time_limit : float, default 60
        Seconds the integer programs may take to prove the answer.

    Returns
    -------
    MostClicks

    Raises
    ------
    ValueError
        When the nullity is above :data:`MAX_EXACT_NULLITY`, or the answer is not proved
        within ``time_limit``: the message gives the proven bounds (see
        :func:`most_clicks_bounds`).

    Examples
    --------
    >>> most_clicks(5).presses, most_clicks(4).presses, most_clicks(3).presses
    (15, 7, 9)
    """
    rows, cols, torus = _check(rows, cols, torus)
    seconds = _positive(time_limit)
    program = _Worst(rows, cols, rule, torus)
    n = rows * cols
    if program.d == 0:  # A is invertible: every board has one solution; all-pressed is worst
        dark = np.zeros((rows, cols), dtype=np.uint8)
        worst = press(dark, np.ones((rows, cols), dtype=np.uint8), rule=rule, torus=torus)
        return _checked(MostClicks(n, worst, 0), rule, torus)
    if program.d > MAX_EXACT_NULLITY:
        raise ValueError(
            f"the {rows}x{cols} board has nullity {program.d}: most_clicks is exact up to "
            f"nullity {MAX_EXACT_NULLITY}; use most_clicks_bounds for proven bounds"
        )
    lower, upper, a = _bounds(program, seconds)
    if lower < upper:
        raise ValueError(
            f"the most presses a {rows}x{cols} board needs is between {lower} and {upper} "
            f"(proven), but the integer program did not close the gap in {time_limit:g} s; "
            f"give more time_limit, or use most_clicks_bounds"
        )
    return _checked(MostClicks(lower, program.board(a), program.d), rule, torus)


def _positive(seconds: object) -> float:
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise TypeError(f"time_limit must be a number of seconds, not {seconds!r}")
    if not seconds > 0:
        raise ValueError(f"time_limit must be more than 0 seconds, not {seconds}")
    return float(seconds)


def _checked(result: MostClicks, rule: Rule, torus: bool) -> MostClicks:
    """The witness board must need exactly the presses claimed (the fewest-press search)."""
    needed = int(solve_board(result.board, rule=rule, torus=torus).fewest_presses().sum())
    if needed != result.presses:
        raise AssertionError(
            f"internal error: the worst board needs {needed} presses, not {result.presses}"
        )
    return result


def most_clicks_bounds(
    rows: int,
    cols: int | None = None,
    *,
    rule: Rule = "plus",
    torus: bool = False,
    time_limit: float = 30.0,
) -> tuple[int, int]:
    """Proven ``(lower, upper)`` bounds on the most presses a board of this size can need.

    The lower bound is a board's exact fewest-press count; the upper bound what the integer
    program proves within ``time_limit`` seconds (N at worst).  For nullities up to 32 (the
    limit of the exact fewest-press search the lower bound rests on).

    Examples
    --------
    >>> most_clicks_bounds(5)
    (15, 15)
    """
    rows, cols, torus = _check(rows, cols, torus)
    seconds = _positive(time_limit)
    program = _Worst(rows, cols, rule, torus)
    if program.d == 0:
        return rows * cols, rows * cols
    if program.d > MAX_KERNEL_DIMENSION:
        raise ValueError(
            f"nullity {program.d} is above {MAX_KERNEL_DIMENSION}, the limit of the exact "
            "fewest-press search the bounds rest on"
        )
    lower, upper, _ = _bounds(program, seconds)
    return lower, upper


def presses_lower_bound(
    board: ArrayLike, *, rule: Rule = "plus", torus: bool = False
) -> LowerBound:
    """The best of three simple proven lower bounds on the presses a board needs.

    1. *Counting*: a press changes at most ``s`` lights (``s`` = cells of the stencil), so a
       board with ``L`` lights on needs at least ``ceil(L / s)`` presses.
    2. *Parity checks of the quiet patterns*: two cells of the same type (see
       :func:`lightsout_edu.fewest.cell_types`) are pressed together or not at all by every
       quiet pattern, so in every solution either ``a_t`` or ``n_t - a_t`` of the ``n_t``
       cells of type t are pressed: at least ``sum_t min(a_t, n_t - a_t)``.
    3. *Minimum distance*: two solutions differ by a quiet pattern, which has at least
       ``d_min`` presses; so a solution with ``w`` presses means every solution has at least
       ``min(w, d_min - w)``.  Only for nullities up to :data:`MAX_EXACT_NULLITY` (it weighs
       every quiet pattern); the other two need no limit.

    Examples
    --------
    >>> bound = presses_lower_bound([[1] * 5] * 5)  # the fewest is 15
    >>> bound.presses, bound.reason.split(":")[0]
    (10, 'parity checks of the quiet patterns')
    """
    torus = check_flag(torus, "torus")
    cells = as_board(parse_board(board) if isinstance(board, str) else board)
    solution = solve_board(cells, rule=rule, torus=torus)
    if not solution.solvable:
        raise ValueError("this board has no solution, so no number of presses switches it off")
    lit, stencil = int(cells.sum()), len(rule_offsets(rule))
    candidates = [
        LowerBound(
            -(-lit // stencil), f"counting: {lit} lights on, a press changes at most {stencil}"
        ),
    ]
    x = solution.presses.reshape(-1).astype(np.int64)  # type: ignore[union-attr]
    kernel = solution.quiet_patterns.reshape(solution.nullity, cells.size)
    if solution.nullity == 0:
        return LowerBound(int(x.sum()), "the only solution: the toggle matrix is invertible")
    types, where, counts = np.unique(cell_types(kernel), return_inverse=True, return_counts=True)
    pressed = np.bincount(where, weights=x, minlength=types.size).astype(np.int64)
    parity = int(np.minimum(pressed, counts - pressed).sum())
    candidates.append(
        LowerBound(parity, f"parity checks of the quiet patterns: {types.size} types of cells")
    )
    if solution.nullity <= MAX_EXACT_NULLITY:  # the minimum distance weighs 2^d patterns
        d_min = _minimum_distance(types, counts, solution.nullity)
        w = int(x.sum())
        candidates.append(
            LowerBound(
                min(w, d_min - w),
                f"minimum distance: quiet patterns press "
                f"at least {d_min} cells, and one solution presses {w}",
            )
        )
    return max(candidates, key=lambda bound: bound.presses)


def _minimum_distance(types: NDArray[np.int64], counts: NDArray[np.int64], d: int) -> int:
    """The fewest presses of a quiet pattern other than pressing nothing."""
    if d > MAX_EXACT_NULLITY:
        raise ValueError(f"nullity {d} is above {MAX_EXACT_NULLITY} for the minimum distance")
    c = np.arange(1, 1 << d, dtype=np.int64)
    weights = np.zeros(c.size, dtype=np.int64)
    for t, n_t in zip(types, counts, strict=True):
        weights += n_t * (np.bitwise_count(c & t) & 1)
    return int(weights.min())
