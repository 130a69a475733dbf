"""Reproducible random boards: any board, a solvable one, or one with no solution.

A uniformly random *solvable* board is what random presses leave on a dark board (every
solvable board is reached by exactly as many press patterns as any other).  An unsolvable
one is drawn until the solver says so; this module sits above :mod:`lightsout_edu.solver`.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._grid import Grid, Rule
from ._i18n import t
from ._keywords import DEFAULT_COLORS, DEFAULT_RULE, DEFAULT_TORUS, Default, grid_or_puzzle
from ._validation import check_memory, check_seed, storage_dtype
from .puzzle import Puzzle

__all__ = ["random_board"]


def random_board(
    rows: int | None = None,
    cols: int | None = None,
    *,
    seed: int | None,
    solvable: bool | None = None,
    rule: Rule | Default[Rule] = DEFAULT_RULE,
    torus: bool | Default[bool] = DEFAULT_TORUS,
    colors: int | Default[int] = DEFAULT_COLORS,
    puzzle: Puzzle | None = None,
) -> NDArray:
    """Return a reproducible random board.

    Parameters
    ----------
    rows, cols : int
        Board size.
    seed : int or None
        Seed for :func:`numpy.random.default_rng` (a whole number >= 0); the same seed gives
        the same board, None a fresh one each time.
    solvable : bool or None, default None
        ``None``: every cell uniformly random.  ``True``: a uniformly random *solvable* board
        (the lights left by random presses).  ``False``: a random board with no solution;
        raises ``ValueError`` when every board of this size is solvable.
    rule, torus, colors
        As in :func:`lightsout_edu.press`.
    puzzle : Puzzle, optional
        The puzzle to draw a board of (a grid or a graph), instead of the size and the rules.

    Examples
    --------
    >>> random_board(2, 3, seed=1).shape
    (2, 3)
    >>> from lightsout_edu import solve_board
    >>> solve_board(random_board(5, 5, seed=1, solvable=False)).solvable
    False
    >>> from lightsout_edu import Puzzle, cycle_graph
    >>> random_board(seed=2, puzzle=Puzzle.graph(cycle_graph(6))).shape
    (6,)
    """
    game = grid_or_puzzle(puzzle, rows, cols, rule=rule, torus=torus, colors=colors)
    seed = check_seed(seed)
    if solvable is not None and not isinstance(solvable, (bool, np.bool_)):
        raise TypeError(
            t("solvable must be None, True or False, not {value}", value=repr(solvable))
        )
    k, shape = game.colors, game.shape
    dtype = storage_dtype(k)
    check_memory(
        game.size * max(dtype.itemsize, 8),  # the presses are added up in int64
        t("a random {size}", size=_size_of(game)),
        t("ask for a smaller board"),
    )
    rng = np.random.default_rng(seed)

    def draw() -> NDArray:
        return rng.integers(0, k, size=shape, dtype=dtype, endpoint=False)

    if solvable is None:
        return draw()
    if solvable:
        return game.press(np.zeros(shape, dtype=dtype), draw())
    if game.solve(np.zeros(shape, dtype=dtype)).solvable_board_count == k**game.size:
        raise ValueError(
            t(
                "every {size} is solvable{rules}{colours}, so there is no unsolvable board",
                size=_size_of(game),
                rules=_rules_of(game),
                colours=t(" and {k} colours", k=k) if k != 2 else "",
            )
        )
    while True:  # at least half of all boards are unsolvable here, so this ends quickly
        board = draw()
        if not game.solve(board).solvable:
            return board


def _size_of(game: Puzzle) -> str:
    """``3x3 board``, or ``board of a graph of 6 nodes, 6 edges``."""
    layout = game.layout
    if isinstance(layout, Grid):
        return t("{rows}x{cols} board", rows=layout.rows, cols=layout.cols)
    return t("board of a {graph}", graph=layout.describe())


def _rules_of(game: Puzzle) -> str:
    """`` with rule 'plus' on the torus`` for a grid (a graph says its rules in its size)."""
    layout = game.layout
    if not isinstance(layout, Grid):
        return ""
    where = t(" on the torus") if layout.torus else ""
    return t(" with rule {rule}{where}", rule=layout.rule_text, where=where)
