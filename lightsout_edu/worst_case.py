"""How many presses can a board need?  The most-clicks problem: exact answers and bounds.

Every solvable board is solved by the presses of one coset ``x + K`` of the kernel
``K = ker A`` (the quiet patterns), and it needs the weight of the lightest vector in that
coset.  The worst case over all solvable boards is therefore the *covering radius* of the
code ``K`` in ``GF(2)^N``: the largest distance from any vector to the nearest codeword.
W. Boyles, "The Most Clicks Problem in Lights Out" (2022), poses the problem and solves it for
the boards of nullity 0 and 2.

Only how many cells of each *type* a press pattern uses matters
(:mod:`lightsout_edu._clicks_types`).  Three tools bound the worst case:

- **from above, without search**: the averaging bound ``(N + n_0) / 2`` (``n_0`` cells are
  pressed by no quiet pattern), reached exactly when every other type has an even number of
  cells, and lowered by one half for each of ``k`` independent types of odd size whose span
  holds no other type (the theorems and their proofs are in
  :mod:`lightsout_edu._clicks_upper`; for 19x19: 181, 180 with ``k = 1``, 175 with 12);
- **from below**: hard boards found by a tabu search in the Walsh domain
  (:mod:`lightsout_edu._clicks_search`), each checked by the exact fewest-press search;
- **exactly**: an integer program over the type counts (:mod:`lightsout_edu._clicks_program`),
  which proves the worst case when its bound meets the hardest board found.
"""

from __future__ import annotations

import math
import numbers
import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._clicks_program import ALL_CONSTRAINTS, prove
from ._clicks_search import FULL_BITS, HardBoardSearch
from ._clicks_types import CellTypes, check_types_room, fewest_press_count, nullity_at_once
from ._i18n import t
from ._keywords import (
    DEFAULT_COLORS,
    DEFAULT_RULE,
    DEFAULT_TORUS,
    Default,
    board_and_puzzle,
    grid_or_puzzle,
)
from ._validation import check_seed, check_size
from .boards import parse_board, press
from .fewest import MAX_KERNEL_DIMENSION, NUMPY_SEARCH_BITS, cell_types
from .packed import numba_allowed
from .puzzle import Puzzle
from .rules import Rule

__all__ = [
    "MAX_BOUNDED_NULLITY",
    "MAX_EXACT_NULLITY",
    "LowerBound",
    "MostClicks",
    "most_clicks",
    "most_clicks_bounds",
    "presses_lower_bound",
]

#: The largest nullity most_clicks answers exactly (beyond: most_clicks_bounds).
MAX_EXACT_NULLITY = 20
#: The largest nullity most_clicks_bounds handles (cell types are 62-bit numbers); above
#: :data:`lightsout_edu.fewest.MAX_KERNEL_DIMENSION` no board is counted exactly, so the
#: bounds are those proved without a search.
MAX_BOUNDED_NULLITY = 62
#: Shares of the time limit the search for hard boards gets before the integer program: all
#: constraints at once, row generation, no program.  Before a program with all constraints
#: at once the search stops sooner, when it stalls.
SEARCH_SHARE = {"all": 0.25, "rows": 0.75, "none": 0.9}
#: Kernel combinations where the hardest board is lightest, handed to row generation.
HINTS = 64
#: Seconds the exact count of one board takes per kernel combination, roughly (compiled on
#: two cores; numpy alone), to leave time for it.
COUNT_SECONDS, COUNT_SECONDS_NUMPY = 8e-9, 1e-7


@dataclass(frozen=True, eq=False)
class MostClicks:
    """The worst case of a board size: the most presses a solvable board can need.

    Attributes
    ----------
    presses : int
        The largest fewest-presses count over all solvable boards.
    board : numpy.ndarray
        A board that needs exactly ``presses`` presses (checked by the exact fewest-press
        search).
    nullity : int
        Dimension of the kernel (0: every board has one solution, the worst case is N).
    """

    presses: int
    board: NDArray[np.uint8]
    nullity: int

    def __repr__(self) -> str:
        rows, cols = self.board.shape
        return t(
            "<MostClicks of the {rows}x{cols} board: {presses} presses at worst "
            "(nullity {nullity})>",
            rows=rows,
            cols=cols,
            presses=self.presses,
            nullity=self.nullity,
        )


@dataclass(frozen=True)
class LowerBound:
    """A proven lower bound on the presses a board needs, and why it holds."""

    presses: int
    reason: str

    def __int__(self) -> int:
        return self.presses


@dataclass(frozen=True, eq=False)
class _Bounds:
    """Proven bounds on the worst case, and a board that needs ``lower`` presses."""

    lower: int
    upper: int
    board: NDArray[np.uint8]


def _grid_of(
    puzzle: Puzzle | None,
    rows: int | None,
    cols: int | None,
    rule: Rule | Default[Rule],
    torus: bool | Default[bool],
) -> Puzzle:
    """The two-colour grid the question is about: ``puzzle``, or the keywords' (cols = rows)."""
    if puzzle is None and rows is not None and cols is None:
        cols = check_size(rows, "rows")
    game = grid_or_puzzle(puzzle, rows, cols, rule=rule, torus=torus, colors=DEFAULT_COLORS)
    if game.kind != "grid" or game.colors != 2:
        raise ValueError(
            t(
                "the most presses a board can need is answered for two-colour grids, not {game}",
                game=repr(game),
            )
        )
    return game


def _seconds(value: object) -> float:
    """A time limit in seconds: any real number above 0 (a huge one means no limit)."""
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(t("time_limit must be a number of seconds, not {value}", value=repr(value)))
    try:
        seconds = float(value)
    except OverflowError:  # an integer past the floats, e.g. 10**400
        seconds = -math.inf if value <= 0 else math.inf
    if not seconds > 0:
        raise ValueError(
            t("time_limit must be more than 0 seconds, not {seconds}", seconds=f"{seconds:g}")
        )
    return seconds


def _cell_types(
    rows: int,
    cols: int,
    rule: Rule,
    torus: bool,
    deadline: float,
    check_nullity: Callable[[int], None],
) -> CellTypes | None:
    """The cell types of the board size, or None for nullity 0; the setup of every stage.

    Sized first (a refusal at once, whatever the size), then the nullity by the polynomial
    method where it applies (no board solved when it is 0); ``check_nullity`` refuses a
    nullity before any quiet pattern is built; the types are found before ``deadline``.
    """
    check_types_room(rows, cols)
    nullity = nullity_at_once(rows, cols, rule, torus)
    if nullity == 0:
        return None
    if nullity is not None:
        check_nullity(nullity)
    cells = CellTypes(rows, cols, rule, torus, deadline, check_nullity)
    return None if cells.d == 0 else cells


def _exact_nullity(rows: int, cols: int) -> Callable[[int], None]:
    """A check refusing a nullity above :data:`MAX_EXACT_NULLITY` (for :func:`most_clicks`)."""

    def check(nullity: int) -> None:
        if nullity > MAX_EXACT_NULLITY:
            raise ValueError(
                t(
                    "the {rows}x{cols} board has nullity {nullity}: most_clicks is exact up to "
                    "nullity {limit}; use most_clicks_bounds for proven bounds",
                    rows=rows,
                    cols=cols,
                    nullity=nullity,
                    limit=MAX_EXACT_NULLITY,
                )
            )

    return check


def _bounded_nullity(nullity: int) -> None:
    """Refuse a nullity above :data:`MAX_BOUNDED_NULLITY` (for :func:`most_clicks_bounds`)."""
    if nullity > MAX_BOUNDED_NULLITY:
        raise ValueError(
            t(
                "nullity {nullity} is above {limit}: the cell types of this board do not fit "
                "in 64-bit numbers",
                nullity=nullity,
                limit=MAX_BOUNDED_NULLITY,
            )
        )


def _all_pressed(rows: int, cols: int, rule: Rule, torus: bool) -> NDArray[np.uint8]:
    """The board every cell pressed once leaves: the worst case of nullity 0."""
    dark = np.zeros((rows, cols), dtype=np.uint8)
    return press(dark, np.ones_like(dark), rule=rule, torus=torus)


def _worst(cells: CellTypes, start: float, seconds: float, seed: int | None) -> _Bounds:
    """Bounds by ``start + seconds``: the averaging bound, a search for hard boards, a program.

    ``start`` is when the call began: the setup's time counts too.
    """
    deadline = start + seconds
    upper = cells.upper_bound(deadline)
    a, lower = cells.middle(), cells.middle_presses()  # no search needed for these two
    if lower >= upper or cells.d > MAX_KERNEL_DIMENSION:
        return _Bounds(lower, upper, cells.board(a))
    program = "none"
    if cells.d <= MAX_EXACT_NULLITY:
        program = "all" if 1 << cells.d <= ALL_CONSTRAINTS else "rows"
    # counting one board exactly scans 2^d combinations: leave time for it
    compiled = numba_allowed() and cells.d > NUMPY_SEARCH_BITS
    count = (1 << cells.d) * (COUNT_SECONDS if compiled else COUNT_SECONDS_NUMPY)
    if deadline - time.monotonic() < 1.2 * count:  # not even time to count one board
        return _Bounds(lower, upper, cells.board(a))
    search = HardBoardSearch(cells.types, cells.counts, cells.d, seed=seed)
    search_end = min(start + SEARCH_SHARE[program] * seconds, deadline - 1.5 * count)
    # stop at the first stall where the program does the real work, or with no time limit
    search.run(search_end, until_stalled=program == "all" or math.isinf(seconds))
    found = cells.presses_needed(search.best_counts, deadline)  # from scratch
    if found is not None and cells.d <= FULL_BITS and found != search.best_presses:
        raise AssertionError(
            f"internal error: the search's board needs {found} presses, not {search.best_presses}"
        )
    if found is not None and found > lower:
        lower, a = found, search.best_counts
    if program != "none" and lower < upper:
        hints = search.top_combinations(HINTS)
        lower, upper, a = prove(cells, deadline, lower, a, hints)
    return _Bounds(lower, upper, cells.board(a))


def most_clicks(
    rows: int | None = None,
    cols: int | None = None,
    *,
    rule: Rule | Default[Rule] = DEFAULT_RULE,
    torus: bool | Default[bool] = DEFAULT_TORUS,
    time_limit: float = 60.0,
    seed: int | None = 0,
    puzzle: Puzzle | None = None,
) -> MostClicks:
    """The most presses a solvable board of this size can need, exactly, with a witness.

    Parameters
    ----------
    rows, cols : int
        Board size (``cols`` defaults to ``rows``).
    rule, torus
        As in :func:`lightsout_edu.toggle_matrix` (two colours).
    time_limit : float, default 60
        Seconds the search and the integer programs may take to prove the answer.
    seed : int or None, default 0
        Seeds the search for hard boards (None: a fresh one each call).
    puzzle : Puzzle, optional
        The grid as one value (two colours), instead of the size and rule keywords.

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
    start = time.monotonic()
    game = _grid_of(puzzle, rows, cols, rule, torus)
    rows, cols, rule, torus = game.rows, game.cols, game.rule, game.torus
    seconds, seed = _seconds(time_limit), check_seed(seed)
    cells = _cell_types(rows, cols, rule, torus, start + seconds, _exact_nullity(rows, cols))
    if cells is None:  # A is invertible: every board has one solution; all-pressed is worst
        worst = _all_pressed(rows, cols, rule, torus)
        return _checked(MostClicks(rows * cols, worst, 0), rule, torus)
    bounds = _worst(cells, start, seconds, seed)
    if bounds.lower < bounds.upper:
        raise ValueError(
            t(
                "the most presses a {rows}x{cols} board needs is between {lower} and {upper} "
                "(proven), but the integer program did not close the gap in {seconds} s; give "
                "more time_limit, or use most_clicks_bounds",
                rows=rows,
                cols=cols,
                lower=bounds.lower,
                upper=bounds.upper,
                seconds=f"{seconds:g}",
            )
        )
    return _checked(MostClicks(bounds.lower, bounds.board, cells.d), rule, torus)


def _checked(result: MostClicks, rule: Rule, torus: bool) -> MostClicks:
    """The witness board must need exactly the presses claimed (the fewest-press search)."""
    needed = fewest_press_count(result.board, rule, torus)
    if needed != result.presses:
        raise AssertionError(
            f"internal error: the worst board needs {needed} presses, not {result.presses}"
        )
    return result


def most_clicks_bounds(
    rows: int | None = None,
    cols: int | None = None,
    *,
    rule: Rule | Default[Rule] = DEFAULT_RULE,
    torus: bool | Default[bool] = DEFAULT_TORUS,
    time_limit: float = 30.0,
    seed: int | None = 0,
    puzzle: Puzzle | None = None,
) -> tuple[int, int]:
    """Proven ``(lower, upper)`` bounds on the most presses a board of this size can need.

    The lower bound is the exact fewest-press count of the hardest board found (by a search
    in the Walsh domain, then the integer program); the upper bound the averaging bound,
    sharpened by types of odd size, or what the integer program proves, whichever is less.  Every
    stage stops at ``time_limit`` seconds.  Nullities up to :data:`MAX_BOUNDED_NULLITY`;
    above 32 (no board counted exactly) the bounds are those that need no search.

    Examples
    --------
    >>> most_clicks_bounds(5)
    (15, 15)
    >>> most_clicks_bounds(19, time_limit=1)[1]  # (361 + 1 - 12) / 2: see _clicks_upper
    175
    """
    game = _grid_of(puzzle, rows, cols, rule, torus)
    seconds, seed = _seconds(time_limit), check_seed(seed)
    bounds = _bounds(game.rows, game.cols, game.rule, game.torus, seconds, seed)
    return bounds.lower, bounds.upper


def _bounds(
    rows: int, cols: int, rule: Rule, torus: bool, seconds: float, seed: int | None
) -> _Bounds:
    """most_clicks_bounds with the hardest board found (for tests and the benchmark)."""
    start = time.monotonic()
    cells = _cell_types(rows, cols, rule, torus, start + seconds, _bounded_nullity)
    if cells is None:
        n = rows * cols
        return _Bounds(n, n, _all_pressed(rows, cols, rule, torus))
    return _worst(cells, start, seconds, seed)


def presses_lower_bound(
    board: ArrayLike,
    *,
    rule: Rule | Default[Rule] = DEFAULT_RULE,
    torus: bool | Default[bool] = DEFAULT_TORUS,
    puzzle: Puzzle | None = None,
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
       ``min(w, d_min - w)`` (for nullities up to :data:`MAX_EXACT_NULLITY`: it weighs every
       quiet pattern).

    Examples
    --------
    >>> bound = presses_lower_bound([[1] * 5] * 5)  # the fewest is 15
    >>> bound.presses, bound.reason.split(":")[0]
    (10, 'parity checks of the quiet patterns')
    """
    text = parse_board(board) if isinstance(board, str) else board
    board, game = board_and_puzzle(text, puzzle, rule=rule, torus=torus, colors=DEFAULT_COLORS)
    if game.kind != "grid" or game.colors != 2:
        raise ValueError(
            t("presses_lower_bound is for two-colour grids, not {game}", game=repr(game))
        )
    cells = game.check_board(board)
    solution = game.solve(cells)
    if not solution.solvable:
        raise ValueError(t("this board has no solution, so no number of presses switches it off"))
    lit, stencil = int(cells.sum()), int(game.stencil.sum())
    candidates = [
        LowerBound(
            -(-lit // stencil),
            t(
                "counting: {lit} lights on, a press changes at most {stencil}",
                lit=lit,
                stencil=stencil,
            ),
        ),
    ]
    x = solution.presses.reshape(-1).astype(np.int64)  # type: ignore[union-attr]
    if solution.nullity == 0:
        return LowerBound(int(x.sum()), t("the only solution: the toggle matrix is invertible"))
    kernel = solution.quiet_patterns.reshape(solution.nullity, cells.size)
    # a type is a column of the kernel basis (any nullity: the columns themselves)
    columns, where, counts = np.unique(kernel.T, axis=0, return_inverse=True, return_counts=True)
    pressed = np.bincount(where.reshape(-1), weights=x, minlength=counts.size).astype(np.int64)
    parity = int(np.minimum(pressed, counts - pressed).sum())
    candidates.append(
        LowerBound(
            parity,
            t("parity checks of the quiet patterns: {count} types of cells", count=counts.size),
        )
    )
    if solution.nullity <= MAX_EXACT_NULLITY:  # 2^d quiet patterns to weigh
        d_min = _minimum_distance(cell_types(columns.T), counts, solution.nullity)
        w = int(x.sum())
        candidates.append(
            LowerBound(
                min(w, d_min - w),
                t(
                    "minimum distance: quiet patterns press at least {d_min} cells, and one "
                    "solution presses {w}",
                    d_min=d_min,
                    w=w,
                ),
            )
        )
    return max(candidates, key=lambda bound: bound.presses)


def _minimum_distance(types: NDArray[np.int64], counts: NDArray[np.int64], d: int) -> int:
    """The fewest presses of a quiet pattern other than pressing nothing."""
    c = np.arange(1, 1 << d, dtype=np.int64)
    weights = np.zeros(c.size, dtype=np.int64)
    for t, n_t in zip(types, counts, strict=True):  # noqa: F402 (not the translator t)
        weights += n_t * (np.bitwise_count(c & t) & 1)
    return int(weights.min())
