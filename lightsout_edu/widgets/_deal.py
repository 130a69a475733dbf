"""Deal a board from a seed exactly as the game's front end does (mulberry32).

The browser deals new boards itself (no kernel needed), so Python must deal the same board
from the same seed: both use mulberry32, a small 32-bit generator that is simple to write
identically in JavaScript and Python.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from ..puzzle import Puzzle

__all__ = ["deal_board", "mulberry32"]

_MASK = 0xFFFFFFFF


def _imul(a: int, b: int) -> int:
    """JavaScript's Math.imul: the low 32 bits of a product."""
    return (a * b) & _MASK


def mulberry32(seed: int) -> Callable[[], float]:
    """A stream of floats in [0, 1), bit for bit the JavaScript ``mulberry32`` of the widgets.

    Examples
    --------
    >>> draw = mulberry32(1)
    >>> round(draw(), 6), round(draw(), 6)
    (0.627074, 0.002736)
    """
    state = seed & _MASK

    def draw() -> float:
        nonlocal state
        state = (state + 0x6D2B79F5) & _MASK
        t = state
        t = _imul(t ^ (t >> 15), t | 1)
        t ^= (t + _imul(t ^ (t >> 7), t | 61)) & _MASK
        return ((t ^ (t >> 14)) & _MASK) / 4294967296

    return draw


def deal_board(seed: int, puzzle: Puzzle, *, solvable: bool) -> NDArray:
    """The board the game deals for ``seed`` on a grid ``puzzle``.

    One draw per cell in row-major order; the draws are presses on a dark board
    (``solvable``), or the lights themselves.
    """
    draw = mulberry32(seed)
    k = puzzle.colors
    draws = np.array([int(draw() * k) for _ in range(puzzle.size)], dtype=np.uint8)
    draws = draws.reshape(puzzle.shape)
    if not solvable:
        return draws
    return puzzle.press(np.zeros(puzzle.shape, dtype=np.uint8), draws)
