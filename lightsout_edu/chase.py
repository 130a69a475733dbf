"""Light chasing: solve a big board with a small system, one unknown per column.

Press the first row somehow, then chase: each light left on in row ``i`` is switched off by
pressing the cell below it, row after row.  Only the last row can stay lit, and what is left
there depends linearly on the first row's presses ``x``:  ``leftover = M x + c``.  So the board
is solvable exactly when ``M x = -c`` is, and the ``rows * cols`` unknowns shrink to ``cols``.
The chase only adds and subtracts, so it works with any number of colours k (mod k).

On a torus the first two rows are the unknowns and ``M`` is ``2 cols x 2 cols``.  Rules whose
rows above and below are "the cell itself only" ("plus", "neighbors", symmetric custom
stencils of that shape) can be chased; for the others :func:`chase_applies` is False and the
solver uses elimination.  These functions take the rules as keywords or a
:class:`~lightsout_edu.Puzzle`; the chase itself lives in :mod:`lightsout_edu._chasing` and
the row arithmetic in :mod:`lightsout_edu._chase_rows`.
"""

from __future__ import annotations

from typing import Literal, cast

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._chasing import (
    LightChase,
    chase_first_row,
    chase_matrix_of,
    chases_rows,
    row_rule,
    rule_bits_of,
)
from ._chasing import transposable as _transposable
from ._grid import Grid, Rule, rule_stencil
from ._i18n import t
from ._keywords import (
    DEFAULT_COLORS,
    DEFAULT_RULE,
    DEFAULT_TORUS,
    Default,
    board_and_puzzle,
    grid_or_puzzle,
)
from ._validation import as_board
from .puzzle import Puzzle

__all__ = [
    "LightChase",
    "chase_applies",
    "chase_lights",
    "chase_matrix",
    "light_chase",
    "transposable",
]


def chase_applies(rule: Rule = "plus", *, rows: int = 3, torus: bool = False) -> bool:
    """Whether light chasing can solve boards of this rule.

    The cell above and the cell below must be the only cells of those rows a press toggles,
    and the rule must be left-right symmetric.  On a torus, boards of a single row are left
    to elimination.

    Examples
    --------
    >>> chase_applies("plus"), chase_applies("neighbors"), chase_applies("king")
    (True, True, False)
    """
    return row_rule(rule_stencil(rule)) is not None and not (torus and rows < 2)


def transposable(rule: Rule) -> bool:
    """Whether the rule looks the same on the transposed board.

    Boards of such a rule may be chased along their columns instead of their rows.

    Examples
    --------
    >>> transposable("plus"), transposable([[0, 1, 0], [0, 1, 0], [0, 1, 0]])
    (True, False)
    """
    return _transposable(rule_stencil(rule))


def _chased_grid(game: Puzzle, what: str) -> Grid:
    """The grid of a puzzle to chase, or the error that a graph has no rows to chase."""
    if not isinstance(game.layout, Grid):
        raise ValueError(t("{what} chases the rows of a grid, and a graph has no rows", what=what))
    return game.layout


def chase_lights(
    board: ArrayLike,
    first_row: ArrayLike,
    *,
    rule: Rule | Default[Rule] = DEFAULT_RULE,
    colors: int | Default[int] = DEFAULT_COLORS,
    puzzle: Puzzle | None = None,
) -> tuple[NDArray, NDArray]:
    """Press ``first_row``, then chase the lights down; return (presses, last row left on).

    On a board without a torus; ``puzzle`` (a grid) may give the rules instead of ``rule``
    and ``colors``.

    Examples
    --------
    >>> presses, leftover = chase_lights([[1, 1, 0], [1, 0, 0], [0, 0, 0]], [1, 0, 0])
    >>> presses.tolist(), leftover.tolist()
    ([[1, 0, 0], [0, 0, 0], [0, 0, 0]], [0, 0, 0])
    """
    read, game = board_and_puzzle(board, puzzle, rule=rule, torus=DEFAULT_TORUS, colors=colors)
    grid = _chased_grid(game, "chase_lights")
    if grid.torus:
        raise ValueError(t("chase_lights chases a board without a torus; use light_chase"))
    cells = game.check_board(read)
    as_rows = cast(ArrayLike, [first_row] if np.ndim(first_row) == 1 else first_row)
    first = as_board(as_rows, "first_row", colors=game.colors)
    cols = grid.cols
    if first.shape != (1, cols):
        raise ValueError(
            t(
                "first_row must have {cols} entries (one per column), not {count}",
                cols=cols,
                count=first.size,
            )
        )
    return chase_first_row(cells, first, rule_bits_of(grid), game.colors)


def chase_matrix(
    rows: int | None = None,
    cols: int | None = None,
    *,
    rule: Rule | Default[Rule] = DEFAULT_RULE,
    torus: bool | Default[bool] = DEFAULT_TORUS,
    colors: int | Default[int] = DEFAULT_COLORS,
    puzzle: Puzzle | None = None,
) -> NDArray:
    """The chase matrix ``M``: which last-row lights each first-row press leaves on.

    On a dark ``rows x cols`` board, pressing first-row cell ``j`` and chasing leaves the
    last row equal to column ``j`` of ``M`` (``cols x cols``, entries mod ``colors``).  On a
    torus the unknowns are the first two rows and ``M`` is ``2 cols x 2 cols`` (equations:
    last row, then first).  ``cols`` defaults to ``rows`` (a square board); ``puzzle`` (a
    grid) may say all of it instead.

    Examples
    --------
    >>> chase_matrix(5)
    array([[0, 1, 1, 0, 1],
           [1, 1, 1, 0, 0],
           [1, 1, 0, 1, 1],
           [0, 0, 1, 1, 1],
           [1, 0, 1, 1, 0]], dtype=uint8)
    """
    side = rows if cols is None else cols
    game = grid_or_puzzle(puzzle, rows, side, rule=rule, torus=torus, colors=colors)
    grid = _chased_grid(game, "chase_matrix")
    rule_bits_of(grid)  # names the rule in the error
    if not chases_rows(grid):
        raise ValueError(t("light chasing on a torus needs at least 2 rows"))
    return chase_matrix_of(grid, game.colors)


def light_chase(
    board: ArrayLike,
    *,
    rule: Rule | Default[Rule] = DEFAULT_RULE,
    torus: bool | Default[bool] = DEFAULT_TORUS,
    colors: int | Default[int] = DEFAULT_COLORS,
    along: Literal["rows", "shorter"] = "rows",
    puzzle: Puzzle | None = None,
) -> LightChase:
    """Solve a board by light chasing: a ``cols x cols`` system instead of ``N x N``.

    For a prime number of colours the answers are those of elimination on the full system:
    the quiet patterns are the kernel basis read off the reduced row echelon form of ``A``
    and the presses leave every free cell unpressed.  For a composite k the small system is
    solved over Z/k (:func:`lightsout_edu.solve_mod`).

    ``along="rows"`` chases down the rows, as in the lecture.  ``along="shorter"`` chases
    along the columns instead when the board is wider than tall and the rule looks the same
    both ways ("plus", "neighbors"): the small system then has one unknown per row.  The
    rules come as keywords or as a grid ``puzzle``: ``light_chase(board, puzzle=p)`` is
    ``p.chase(board)``.

    Examples
    --------
    >>> chased = light_chase([[1] * 5] * 5)
    >>> int(chased.presses.sum()), chased.rank, chased.quiet_patterns.shape
    (15, 23, (2, 5, 5))
    >>> chased.free_cells
    array([23, 24])
    >>> light_chase([[2] * 5] * 5, colors=3).solution_count
    27
    """
    cells, game = board_and_puzzle(board, puzzle, rule=rule, torus=torus, colors=colors)
    return game.chase(cells, along=along)
