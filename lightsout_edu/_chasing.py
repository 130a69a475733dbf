"""Light chasing on a checked grid: a ``cols x cols`` system instead of ``N x N``.

Press the first row somehow, then chase: each light left on in row ``i`` is switched off by
pressing the cell below it, row after row.  Only the last row can stay lit, and what is left
there depends linearly on the first row's presses ``x``:  ``leftover = M x + c``.  So the board
is solvable exactly when ``M x = -c`` is, and the ``rows * cols`` unknowns shrink to ``cols``.
The chase only adds and subtracts, so it works with any number of colours k (mod k).  On a
torus the first two rows are the unknowns and ``M`` is ``2 cols x 2 cols``.

Everything here takes checked values (a :class:`~lightsout_edu._grid.Grid`, ``k`` and boards
of residues); :mod:`lightsout_edu.chase` and :class:`~lightsout_edu.Puzzle` check them first.
The row arithmetic lives in :mod:`lightsout_edu._chase_rows`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

import numpy as np
from numpy.typing import NDArray

from ._chase_rows import (
    RowRule,
    chase_bits,
    chase_matrix_bits,
    chase_matrix_mod,
    chase_mod,
    chase_tails_bits,
    ints_to_rows,
    rows_to_ints,
)
from ._grid import Grid
from ._i18n import t
from ._validation import (
    check_memory,
    count_text,
    from_work,
    is_prime,
    matmul_mod,
    read_only,
    storage_dtype,
    to_work,
)
from .linalg import kernel_solve, reduce_rows
from .modular import solve_system

__all__ = [
    "LightChase",
    "chase_board",
    "chase_first_row",
    "chase_matrix_of",
    "chases",
    "chases_rows",
    "row_rule",
    "rule_bits_of",
    "transposable",
]

_VERTICAL = np.array([0, 1, 0], dtype=np.uint8)


def row_rule(stencil: NDArray[np.uint8]) -> RowRule | None:
    """``(own, side)`` of a stencil light chasing handles, or None.

    The cell above and the cell below must be the only cells of those rows a press toggles,
    and the rule must be left-right symmetric.
    """
    chaseable = (
        np.array_equal(stencil[0], _VERTICAL)
        and np.array_equal(stencil[2], _VERTICAL)
        and stencil[1, 0] == stencil[1, 2]
    )
    return (int(stencil[1, 1]), int(stencil[1, 0])) if chaseable else None


def chases_rows(grid: Grid) -> bool:
    """Whether the grid can be chased down its rows (on a torus: at least 2 of them)."""
    return row_rule(grid.stencil) is not None and not (grid.torus and grid.rows < 2)


def transposable(stencil: NDArray[np.uint8]) -> bool:
    """Whether a chaseable rule looks the same on the transposed board."""
    return row_rule(stencil) is not None and bool(np.array_equal(stencil, stencil.T))


def chases(grid: Grid) -> bool:
    """Whether light chasing solves this grid, down its rows or along its columns."""
    return chases_rows(grid) or (transposable(grid.stencil) and chases_rows(grid.transposed()))


def rule_bits_of(grid: Grid) -> RowRule:
    """The grid's ``(own, side)``, or the error that its rule cannot be chased."""
    bits = row_rule(grid.stencil)
    if bits is None:
        raise ValueError(
            t(
                "light chasing needs a rule whose presses reach only the cell directly above "
                "and below in the neighbouring rows, and is left-right symmetric; rule {rule} "
                "is not one (use method='elimination')",
                rule=grid.rule_text,
            )
        )
    return bits


def chase_first_row(
    cells: NDArray, first: NDArray, bits: RowRule, k: int
) -> tuple[NDArray, NDArray]:
    """Press the ``(1, cols)`` ``first`` row and chase a plain board: (presses, last row left)."""
    cols = cells.shape[1]
    if k == 2:
        presses, leftover = chase_bits(
            rows_to_ints(cells), rows_to_ints(first), cols, bits, torus=False
        )
        return ints_to_rows(presses, cols), ints_to_rows(leftover, cols)[0]
    press_rows, left = chase_mod(cells, first[np.newaxis], k, bits, torus=False)
    return press_rows[0], left[0, 0]


def chase_matrix_of(grid: Grid, k: int) -> NDArray:
    """The chase matrix ``M`` of a grid chased down its rows (see :func:`chases_rows`)."""
    rows, cols = grid.shape
    bits = rule_bits_of(grid)
    n = (2 if grid.torus else 1) * cols
    check_memory(
        n * n * storage_dtype(k).itemsize,
        t("the {n}x{n} chase matrix of a {rows}x{cols} board", n=n, rows=rows, cols=cols),
        t("chase along the shorter side: transpose the board (solve_board does this itself)"),
    )
    if k == 2:
        return chase_matrix_bits(rows, cols, bits, grid.torus)
    return chase_matrix_mod(rows, cols, k, bits, grid.torus)


class LightChase:
    """A board solved by light chasing, with the answers elimination of ``A`` gives.

    Attributes
    ----------
    matrix : numpy.ndarray
        The chase matrix ``M`` (see :func:`lightsout_edu.chase_matrix`).
    leftover : numpy.ndarray
        ``c``: what chasing the board with no first-row presses leaves on.
    colors : int
        The number of light states k.
    first_rows : numpy.ndarray or None
        The unknowns of :attr:`presses` in the chase system: its first row (first two rows on
        a torus), or its first column(s) when :attr:`transposed`; None without a solution.
    presses : numpy.ndarray or None
        A solution, board-shaped, or None when the board cannot be solved.  For a prime k it
        presses no free cell, as elimination finds it.
    free_cells : numpy.ndarray or None
        The free cells (row-major indices, ascending): the non-pivot columns of ``A``; None
        for a composite k (Z/k is not a field).
    rank : int or None
        Rank of the board's toggle matrix over GF(k) (None for a composite k).
    transposed : bool
        True when the chase ran along the columns (the board is wider than tall):
        :attr:`matrix` and :attr:`leftover` belong to the transposed board.
    kernel_orders : tuple of int
        How many times each quiet pattern can be added before it repeats (k for a prime k).
    quiet_patterns : numpy.ndarray
        ``(g, rows, cols)``, computed on first use: press patterns that change no light.  For
        a prime k elimination's kernel basis, one pattern per free cell; for a composite k
        generators of the quiet patterns (every one is a unique combination of them).
    solution_count : int
        How many press patterns solve the board.
    """

    def __init__(
        self,
        *,
        matrix: NDArray,
        leftover: NDArray,
        colors: int,
        first_rows: NDArray | None,
        presses: NDArray | None,
        free_cells: NDArray | None,
        kernel_orders: tuple[int, ...],
        patterns: Callable[[], NDArray],
        shape: tuple[int, int],
        transposed: bool = False,
    ) -> None:
        # read-only copies nobody can make writable again: shared with quiet_patterns & co
        self.matrix = read_only(matrix)
        self.leftover = read_only(leftover)
        self.colors = colors
        self.first_rows = None if first_rows is None else read_only(first_rows)
        self.presses = None if presses is None else read_only(presses)
        self.free_cells = None if free_cells is None else read_only(free_cells)
        self.kernel_orders = kernel_orders
        self._patterns = patterns
        self.shape = shape
        self.transposed = transposed
        n_cells = shape[0] * shape[1]
        self.rank = None if self.free_cells is None else n_cells - len(self.free_cells)

    @cached_property
    def quiet_patterns(self) -> NDArray:
        """The quiet patterns, ``(g, rows, cols)``, chased when first asked for."""
        return read_only(self._patterns())

    @property
    def solution_count(self) -> int:
        """How many press patterns solve the board (0 when none does)."""
        if self.presses is None:
            return 0
        count = 1
        for order in self.kernel_orders:
            count *= order
        return count

    def __repr__(self) -> str:
        rows, cols = self.shape
        count = count_text(self.solution_count, self.colors)
        verdict = t("no solution") if self.presses is None else t("{count} solutions", count=count)
        return t(
            "<LightChase of a {rows}x{cols} board: {verdict}>",
            rows=rows,
            cols=cols,
            verdict=verdict,
        )


class _Chaser:
    """Chase start rows on one board shape, rule and number of colours."""

    def __init__(self, rows: int, cols: int, bits: RowRule, torus: bool, k: int) -> None:
        self.rows, self.cols, self.bits, self.torus, self.k = rows, cols, bits, torus, k
        self.u = 2 if torus else 1

    def chase(self, starts: NDArray, lights: NDArray | None) -> tuple[NDArray, NDArray]:
        """Presses ``(s, rows, cols)`` and leftovers ``(s, u * cols)`` of ``s`` start rows."""
        s, dtype = starts.shape[0], storage_dtype(self.k)
        if lights is None:
            lights = np.zeros((self.rows, self.cols), dtype=dtype)
        starts = starts.reshape(s, self.u, self.cols)
        if self.k != 2:
            presses, leftover = chase_mod(lights, starts, self.k, self.bits, self.torus)
            return presses, leftover.reshape(s, self.u * self.cols)
        check_memory(
            s * self.rows * self.cols,
            t(
                "{count} chased press patterns of a {rows}x{cols} board",
                count=s,
                rows=self.rows,
                cols=self.cols,
            ),
            t("use a smaller board"),
        )
        presses = np.zeros((s, self.rows, self.cols), dtype=np.uint8)
        leftover = np.zeros((s, self.u * self.cols), dtype=np.uint8)
        board = rows_to_ints(lights)
        for lane in range(s):
            press_rows, rest = chase_bits(
                board, rows_to_ints(starts[lane]), self.cols, self.bits, self.torus
            )
            presses[lane] = ints_to_rows(press_rows, self.cols)
            leftover[lane] = ints_to_rows(rest, self.cols).reshape(-1)
        return presses, leftover

    def tails(self, starts: NDArray) -> NDArray:
        """The last ``u`` rows of the presses each start row chases to on a dark board."""
        s, u = starts.shape[0], self.u
        if self.k != 2:
            return self.chase(starts, None)[0][:, -u:, :].reshape(s, u * self.cols)
        packed = [rows_to_ints(starts[t].reshape(u, self.cols)) for t in range(s)]
        ends = chase_tails_bits(packed, self.rows, self.cols, self.bits, self.torus)
        tails = np.zeros((s, u * self.cols), dtype=np.uint8)  # never the whole patterns
        for t, rows_of_t in enumerate(ends):  # noqa: F402 (not the translator t)
            tails[t] = ints_to_rows(rows_of_t, self.cols).reshape(-1)
        return tails


def chase_board(cells: NDArray, grid: Grid, k: int, along: str = "rows") -> LightChase:
    """Solve a checked board of ``grid`` by light chasing (see :func:`chases`).

    ``along="shorter"`` chases along the columns when the board is wider than tall and the
    rule looks the same both ways; otherwise the grid must chase down its rows.
    """
    rows, cols = grid.shape
    if along == "shorter" and cols > rows and transposable(grid.stencil):
        return _along_columns(cells, grid, k)
    chaser = _Chaser(rows, cols, rule_bits_of(grid), grid.torus, k)
    matrix = chase_matrix_of(grid, k)
    n_unknowns = matrix.shape[0]
    _, leftover = chaser.chase(np.zeros((1, n_unknowns), dtype=cells.dtype), cells)
    target = from_work((-to_work(leftover[0], k)) % k, k)  # M x = -c
    if is_prime(k):
        x, _, kernel = kernel_solve(matrix, target, k)
        assert isinstance(kernel, np.ndarray)  # a dense chase matrix has a dense kernel
        starts, free = _elimination_basis(kernel, chaser.tails(kernel), rows * cols, k)
        if x is not None:
            x = _free_cells_unpressed(x, starts, free, chaser, cells)
        orders = (k,) * len(free)
    else:
        ring = solve_system(matrix, target, k)
        x, starts, orders, free = ring.x, ring.kernel_generators, ring.kernel_orders, None
    presses = None
    if x is not None:
        press_rows, rest = chaser.chase(x[np.newaxis], cells)
        if rest.any():
            raise AssertionError("internal error: light chasing left lights on")
        presses = press_rows[0]
    return LightChase(
        matrix=matrix,
        leftover=leftover[0],
        colors=k,
        first_rows=x,
        presses=presses,
        free_cells=free,
        kernel_orders=tuple(orders),
        patterns=lambda: chaser.chase(starts, None)[0],
        shape=(rows, cols),
    )


def _along_columns(cells: NDArray, grid: Grid, k: int) -> LightChase:
    """Chase the transposed board, then give the answers in the board's own numbering."""
    rows, cols = cells.shape
    inner = chase_board(cells.T, grid.transposed(), k)
    patterns = inner.quiet_patterns.transpose(0, 2, 1).reshape(-1, rows * cols)
    presses = None if inner.presses is None else inner.presses.T.reshape(-1)
    free = None
    u = 2 if grid.torus else 1  # the unknowns of a row: the last u rows hold the free cells
    if is_prime(k):  # elimination's basis and free cells belong to the row-major numbering
        patterns, free = _elimination_basis(patterns, patterns[:, -u * cols :], rows * cols, k)
        if presses is not None and free.size:
            used = matmul_mod(presses[free], patterns, k)
            presses = from_work((to_work(presses, k) - used) % k, k)
    board_patterns = patterns.reshape(-1, rows, cols)
    board_presses = None if presses is None else presses.reshape(rows, cols)
    return LightChase(
        matrix=inner.matrix,
        leftover=inner.leftover,
        colors=k,
        first_rows=None if board_presses is None else board_presses[:, :u].T.reshape(-1),
        presses=board_presses,
        free_cells=free,
        kernel_orders=inner.kernel_orders,
        patterns=lambda: board_patterns,
        shape=(rows, cols),
        transposed=True,
    )


def _free_cells_unpressed(
    x: NDArray, starts: NDArray, free: NDArray, chaser: _Chaser, cells: NDArray
) -> NDArray:
    """The solution with every free cell unpressed: subtract the quiet patterns it uses."""
    if free.size == 0:
        return x
    k = chaser.k
    pressed = chaser.chase(x[np.newaxis], cells)[0][0].reshape(-1)[free]
    return from_work((to_work(x, k) - matmul_mod(pressed, starts, k)) % k, k)


def _elimination_basis(
    starts: NDArray, tails: NDArray, n_cells: int, k: int
) -> tuple[NDArray, NDArray[np.intp]]:
    """Re-choose the kernel basis (given by its start rows) as elimination would.

    A cell is free exactly when some quiet pattern has its last pressed cell there, so the
    free cells are the pivots of the kernel basis row-reduced from the last cell backwards.
    A quiet pattern is fixed by its last rows as much as by its first (chase upwards), so
    the pivots all lie in those rows: reducing the patterns' ``tails`` (their last rows,
    the last ``tails.shape[1]`` cells), with the row operations tracked, gives the new start
    rows.

    Returns
    -------
    (starts, free_cells)
        Start rows of the basis with identity on the free cells, ascending free cells.
    """
    d = starts.shape[0]
    if d == 0:
        return starts, np.zeros(0, dtype=np.intp)
    n_tail = tails.shape[1]
    augmented = np.hstack([tails[:, ::-1], np.eye(d, dtype=tails.dtype)])
    reduced, pivots = reduce_rows(augmented, k)
    if len(pivots) != d or pivots[-1] >= n_tail:
        raise AssertionError("internal error: quiet patterns not fixed by their last rows")
    transform = np.asarray(reduced)[::-1, n_tail:]  # rows by ascending free cell
    free = (n_cells - 1 - np.array(pivots, dtype=np.intp))[::-1]
    return from_work(matmul_mod(transform, starts, k), k), free
