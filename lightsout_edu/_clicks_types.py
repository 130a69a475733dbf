"""The cell types of a board size, the bounds on its worst case they prove, and exact counts.

Cells of the same *type* (the same column of a kernel basis, read as a d-bit number: see
:func:`lightsout_edu.fewest.cell_types`) are pressed together by every quiet pattern, so a
press pattern matters only through ``a_t``, how many of the ``n_t`` cells of type ``t`` it
presses.  With ``y_t = n_t - 2 a_t`` the member of its coset chosen by the kernel combination
``c`` presses

.. math::  W(c) = \\frac{N - \\hat Y(c)}{2}, \\qquad
           \\hat Y(c) = \\sum_t y_t (-1)^{c \\cdot t},

cells: ``Y-hat`` is the Walsh-Hadamard transform of ``y`` over ``GF(2)^d``.  The board needs
``(N - max_c Y-hat(c)) / 2`` presses.

The bounds this gives without any search are in :mod:`lightsout_edu._clicks_upper`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from ._clicks_upper import average_bound, upper_bound
from ._i18n import t
from ._validation import check_memory
from .boards import press
from .fewest import best_by_type, cell_types
from .polynomials import MAX_SIDE, grid_nullity
from .rules import Rule
from .solver import solve_board

__all__ = ["CellTypes", "check_types_room", "fewest_press_count", "nullity_at_once"]

#: Bytes a cell takes while the cell types are found, at most: the board solved (8 arrays of
#: a byte a cell), then its type, the sorted copy ``np.unique`` makes, the index of its type
#: and the order :meth:`CellTypes.board` sorts by (int64 each).
TYPE_BYTES_PER_CELL = 40


def check_types_room(rows: int, cols: int) -> None:
    """Refuse, from the size alone, a board whose cell types would not fit in memory.

    Examples
    --------
    >>> check_types_room(20000, 20000)
    Traceback (most recent call last):
    ...
    ValueError: the cell types of a 20000x20000 board would need 14.9 GiB of memory, more than \
the 2.0 GiB this package allocates at once; ask about a smaller board
    """
    check_memory(
        rows * cols * TYPE_BYTES_PER_CELL,
        t("the cell types of a {rows}x{cols} board", rows=rows, cols=cols),
        t("ask about a smaller board"),
    )


def nullity_at_once(rows: int, cols: int, rule: Rule, torus: bool) -> int | None:
    """The nullity by the polynomial method where it applies, with no board solved; else None.

    It applies to grids without a torus, under a rule light chasing handles, of sides up to
    :data:`lightsout_edu.polynomials.MAX_SIDE`.

    Examples
    --------
    >>> nullity_at_once(3000, 3000, "plus", False), nullity_at_once(5, 5, "plus", True)
    (0, None)
    """
    if torus or max(rows, cols) > MAX_SIDE:
        return None
    try:
        return grid_nullity(rows, cols, rule=rule)
    except ValueError:  # a rule light chasing does not handle
        return None


#: Seconds each stage of finding the cell types typically takes (measured on two cores:
#: 2999x2999, nullity 46, in 0.5 s, 1.7 s and 1 s): solving the dark board, a cell; building
#: the quiet patterns and their types, a cell of one pattern; sorting the cells by type, a
#: cell.  A stage that cannot end before the deadline is not started; one that runs slower
#: than this overruns the deadline by the difference.
SOLVE_SECONDS, PATTERN_SECONDS, SORT_SECONDS = 5e-8, 4e-9, 1e-7

#: The exact count scans the 2^d kernel combinations in chunks of 2^CHUNK_BITS (at most
#: 32 MB of winners per chunk, however many solutions tie).
CHUNK_BITS = 22


class CellTypes:
    """The cell types of one board size: what the worst case depends on.

    ``types[i]`` is a type (a d-bit number), ``counts[i]`` its number of cells, ``where[j]``
    the index of the type of cell j.
    """

    def __init__(
        self,
        rows: int,
        cols: int,
        rule: Rule,
        torus: bool,
        deadline: float = np.inf,
        check_nullity: Callable[[int], None] | None = None,
    ) -> None:
        self.shape = (rows, cols)
        self.rule, self.torus = rule, torus
        self._deadline = deadline
        self.n_cells = n = rows * cols
        self._on_time(SOLVE_SECONDS * n)
        solution = solve_board(np.zeros(self.shape, dtype=np.uint8), rule=rule, torus=torus)
        self.d = solution.nullity
        if check_nullity is not None:  # refused before the quiet patterns are built
            check_nullity(self.d)
        if self.d == 0:  # every cell of type 0
            self.types, self.counts = np.zeros(1, np.int64), np.array([n], np.int64)
            self.where = np.zeros(n, np.intp)
        else:
            self._on_time(PATTERN_SECONDS * self.d * n)
            types = cell_types(solution.quiet_patterns.reshape(self.d, n))
            self._on_time(SORT_SECONDS * n)
            self.types, self.where, self.counts = np.unique(
                types, return_inverse=True, return_counts=True
            )  # found: the bounds that need no search follow, even past the deadline
        self.n_zero = int(self.counts[self.types == 0].sum())
        self.odd_types = int(np.count_nonzero((self.counts % 2 == 1) & (self.types != 0)))
        self._upper: int | None = None

    def _on_time(self, seconds: float = 0.0) -> None:
        """Stop, saying so, when the deadline passes before the next ``seconds`` of setup."""
        if time.monotonic() + seconds > self._deadline:
            rows, cols = self.shape
            raise ValueError(
                t(
                    "the time_limit runs out before the cell types of the {rows}x{cols} board "
                    "are found (its quiet patterns, then each cell's type), before any bound; "
                    "give a larger time_limit",
                    rows=rows,
                    cols=cols,
                )
            )

    def average_bound(self) -> int:
        """``floor((N + n_0) / 2)``: the averaging bound (Theorem 1 of ``_clicks_upper``)."""
        return average_bound(self.n_cells, self.n_zero)

    def upper_bound(self, deadline: float = np.inf) -> int:
        """The best bound of :mod:`lightsout_edu._clicks_upper`, found once.

        Examples
        --------
        >>> cells = CellTypes(19, 19, "plus", False)
        >>> cells.average_bound(), cells.odd_types, cells.upper_bound()
        (181, 232, 175)
        """
        if self._upper is None:
            self._upper = upper_bound(self.types, self.counts, deadline=deadline)
        return self._upper

    def middle(self) -> NDArray[np.int64]:
        """Counts ``a`` of a board that presses every cell of type 0 and half of each other type.

        It needs at least :meth:`middle_presses` presses (exactly that when every nonzero type
        has an even number of cells).
        """
        return np.where(self.types == 0, self.counts, self.counts // 2).astype(np.int64)

    def middle_presses(self) -> int:
        """A proven lower bound on the worst case, without any search.

        Every solution of :meth:`middle`'s board presses ``a_t`` or ``n_t - a_t`` cells of
        type t, so at least ``sum_t min(a_t, n_t - a_t)`` in all.
        """
        return self.n_zero + int((self.counts[self.types != 0] // 2).sum())

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

    def fewest(self, a: NDArray[np.int64]) -> tuple[int, NDArray[np.int64]]:
        """``min_c W_a(c)`` and every c reaching it (for the integer program, d <= 20)."""
        f = self.counts - 2 * a  # y: W = sum a + (sum f - sum f (-1)^{c.t}) / 2
        top, winners = best_by_type(self.types, f, self.d)
        return int(a.sum() + (f.sum() - top) // 2), winners

    def board(self, a: NDArray[np.int64]) -> NDArray[np.uint8]:
        """A board solved by presses using ``a[t]`` cells of each type t."""
        # the first a[t] cells of each type t, in reading order
        order = np.argsort(self.where, kind="stable")
        rank = np.empty(self.where.size, dtype=np.int64)
        rank[order] = np.arange(self.where.size) - np.repeat(
            np.cumsum(self.counts) - self.counts, self.counts
        )
        presses = (rank < np.asarray(a)[self.where]).astype(np.uint8)
        dark = np.zeros(self.shape, dtype=np.uint8)
        return press(dark, presses.reshape(self.shape), rule=self.rule, torus=self.torus)

    def presses_needed(self, a: NDArray[np.int64], deadline: float = np.inf) -> int | None:
        """The exact fewest presses of ``board(a)`` (None if ``deadline`` passes first).

        Found from scratch: the board is solved again and its coset searched.
        """
        return fewest_press_count(self.board(a), self.rule, self.torus, deadline)


def fewest_press_count(
    board: NDArray[np.uint8], rule: Rule, torus: bool, deadline: float = np.inf
) -> int | None:
    """The fewest presses that switch ``board`` off, by the exact fewest-press search.

    The same Walsh-Hadamard search as :meth:`lightsout_edu.Solution.fewest_presses`
    (:func:`lightsout_edu.fewest.best_by_type`), run over the ``2^d`` kernel combinations
    in chunks of ``2^22``, so that memory stays bounded even when every solution ties; only
    the count is kept.  Returns None if ``time.monotonic()`` passes ``deadline`` first.

    Examples
    --------
    >>> import numpy as np
    >>> fewest_press_count(np.ones((5, 5), dtype=np.uint8), "plus", False)
    15
    """
    solution = solve_board(board, rule=rule, torus=torus)
    x = solution.presses.reshape(-1).astype(np.int64)  # type: ignore[union-attr]
    d = solution.nullity
    if d == 0:
        return int(x.sum())
    kernel = solution.quiet_patterns.reshape(d, x.size)
    types, where = np.unique(cell_types(kernel), return_inverse=True)
    signs = np.bincount(where, weights=1 - 2 * x, minlength=types.size).astype(np.int64)
    top = _top_score(types, signs, d, deadline)
    return None if top is None else int(x.sum() + (signs.sum() - top) // 2)


def _top_score(
    types: NDArray[np.int64], weights: NDArray[np.int64], d: int, deadline: float
) -> int | None:
    """``max_c sum_t weights[t] (-1)^{c . types[t]}``, chunk by chunk.

    Chunk h holds the c whose high bits are h: their signs on the high bits of the types are
    fixed, so the chunk is a search over the low bits with those signs folded into the
    weights.
    """
    bits = min(d, CHUNK_BITS)
    low, high = types & ((1 << bits) - 1), types >> bits
    best: int | None = None
    for h in range(1 << (d - bits)):
        if time.monotonic() > deadline:
            return None
        signs = 1 - 2 * (np.bitwise_count(high & h) & 1).astype(np.int64)
        top = best_by_type(low, weights * signs, bits)[0]
        best = top if best is None else max(best, top)
    return best
