"""Reproducible random boards: any board, a solvable one, or one with no solution.

A uniformly random *solvable* board is what random presses leave on a dark board (every
solvable board is reached by exactly as many press patterns as any other).  An unsolvable
one is drawn until the solver says so; this module sits above :mod:`lightsout_edu.solver`.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._validation import (
    check_flag,
    check_memory,
    check_modulus,
    check_seed,
    check_size,
    storage_dtype,
)
from .boards import press
from .rules import Rule, rule_stencil
from .solver import solve_board

__all__ = ["random_board"]


def random_board(
    rows: int,
    cols: int,
    *,
    seed: int | None,
    solvable: bool | None = None,
    rule: Rule = "plus",
    torus: bool = False,
    colors: int = 2,
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

    Examples
    --------
    >>> random_board(2, 3, seed=1).shape
    (2, 3)
    >>> from lightsout_edu import solve_board
    >>> solve_board(random_board(5, 5, seed=1, solvable=False)).solvable
    False
    """
    rows, cols = check_size(rows, "rows"), check_size(cols, "cols")
    k = check_modulus(colors, "colors")
    seed = check_seed(seed)
    torus = check_flag(torus, "torus")
    rule_stencil(rule)
    if solvable is not None and not isinstance(solvable, (bool, np.bool_)):
        raise TypeError(f"solvable must be None, True or False, not {solvable!r}")
    dtype = storage_dtype(k)
    check_memory(
        rows * cols * max(dtype.itemsize, 8),  # the presses are added up in int64
        f"a random {rows}x{cols} board",
        "ask for a smaller board",
    )
    rng = np.random.default_rng(seed)

    def draw() -> NDArray:
        return rng.integers(0, k, size=(rows, cols), dtype=dtype, endpoint=False)

    if solvable is None:
        return draw()
    if solvable:
        blank = np.zeros((rows, cols), dtype=dtype)
        return press(blank, draw(), rule=rule, torus=torus, colors=k)
    dark = solve_board(np.zeros((rows, cols), dtype=dtype), rule=rule, torus=torus, colors=k)
    if dark.solvable_board_count == k ** (rows * cols):
        where = " on the torus" if torus else ""
        raise ValueError(
            f"every {rows}x{cols} board is solvable with rule {rule!r}{where}"
            f"{f' and {k} colours' if k != 2 else ''}, so there is no unsolvable board"
        )
    while True:  # at least half of all boards are unsolvable here, so this ends quickly
        board = draw()
        if not solve_board(board, rule=rule, torus=torus, colors=k).solvable:
            return board
