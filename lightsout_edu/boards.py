"""Boards as arrays and as text, pressing cells by simulation, and random boards."""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import as_board, check_modulus, check_size
from .rules import Rule, rule_stencil, toggle_matrix

__all__ = ["format_board", "parse_board", "press", "random_board"]

#: Characters accepted by :func:`parse_board` for an unlit and a lit cell.
_OFF, _ON = "0.□", "1#■"
_STYLES = {"01": "01", "dots": ".#", "squares": "□■"}


def parse_board(text: str) -> NDArray[np.uint8]:
    """Read a board from text.

    One row per line (or rows separated by ``/``).  A lit cell is ``1``, ``#`` or ``■``; an
    unlit cell ``0``, ``.`` or ``□``; for k-colour boards the digits ``2``..``9`` are states
    too.  Spaces are ignored.

    Examples
    --------
    >>> parse_board("#.#/.#./#.#")
    array([[1, 0, 1],
           [0, 1, 0],
           [1, 0, 1]], dtype=uint8)
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_board expects text such as '10/01', not {type(text).__name__}")
    lines = [line for line in text.replace("/", "\n").splitlines() if line.strip()]
    if not lines:
        raise ValueError("the board text is empty; write one row per line, e.g. '10\\n01'")
    rows = []
    for r, line in enumerate(lines):
        row = []
        for ch in line.replace(" ", "").replace("\t", ""):
            if ch in _OFF:
                row.append(0)
            elif ch in _ON:
                row.append(1)
            elif ch.isdigit():
                row.append(int(ch))
            else:
                raise ValueError(f"row {r} of the board text has the character {ch!r}; use "
                                 f"0/1, ./# or □/■ for unlit/lit cells")
        if rows and len(row) != len(rows[0]):
            raise ValueError(f"board row {r} has {len(row)} cells but row 0 has {len(rows[0])}")
        rows.append(row)
    return np.array(rows, dtype=np.uint8)


def format_board(board: ArrayLike, *, style: str = "01") -> str:
    """Write a board as text, one row per line; :func:`parse_board` reads it back.

    Parameters
    ----------
    board : array_like
        The board (entries 0..9).
    style : {"01", "dots", "squares"}
        Characters for unlit/lit cells: ``0``/``1``, ``.``/``#`` or ``□``/``■``.  States
        above 1 (k colours) are always written as digits.

    Examples
    --------
    >>> print(format_board([[1, 0], [0, 1]], style="dots"))
    #.
    .#
    """
    if style not in _STYLES:
        raise ValueError(f"unknown style {style!r}; choose one of {', '.join(_STYLES)}")
    cells = as_board(board, colors=10)
    off, on = _STYLES[style]
    symbols = [off, on] + [str(d) for d in range(2, 10)]
    return "\n".join("".join(symbols[v] for v in row) for row in cells)


def press(board: ArrayLike, presses: ArrayLike, *, rule: Rule = "plus", torus: bool = False,
          colors: int = 2) -> NDArray[np.uint8]:
    """Press cells and return the new board, by simulating the game (not via the matrix).

    Parameters
    ----------
    board : array_like
        Current lights, ``rows x cols`` with entries ``0..colors-1``.
    presses : array_like
        Same shape: how many times each cell is pressed (``0..colors-1``).
    rule, torus
        As in :func:`toggle_matrix`.
    colors : int, default 2
        Number of light states; a press adds 1 (mod ``colors``) to each cell it toggles.

    Returns
    -------
    numpy.ndarray
        The board after all the presses (order does not matter).

    Examples
    --------
    >>> press([[0, 0, 0]] * 3, [[0, 0, 0], [0, 1, 0], [0, 0, 0]])
    array([[0, 1, 0],
           [1, 1, 1],
           [0, 1, 0]], dtype=uint8)
    """
    k = check_modulus(colors, "colors")
    lights = as_board(board, colors=k).astype(np.int64)
    taps = as_board(presses, "presses", colors=k).astype(np.int64)
    if taps.shape != lights.shape:
        raise ValueError(f"presses has shape {taps.shape} but the board has shape "
                         f"{lights.shape}; they must match")
    rows, cols = lights.shape
    for dr, dc in np.argwhere(rule_stencil(rule)) - 1:
        if torus:
            lights += np.roll(taps, (dr, dc), axis=(0, 1))
        else:
            # pressing (r, c) reaches (r + dr, c + dc) when that cell is on the board
            src = taps[max(0, -dr):rows - max(0, dr), max(0, -dc):cols - max(0, dc)]
            lights[max(0, dr):rows + min(0, dr), max(0, dc):cols + min(0, dc)] += src
    return (lights % k).astype(np.uint8)


def random_board(rows: int, cols: int, *, seed: int | None, solvable: bool | None = None,
                 rule: Rule = "plus", torus: bool = False, colors: int = 2) -> NDArray[np.uint8]:
    """Return a reproducible random board.

    Parameters
    ----------
    rows, cols : int
        Board size.
    seed : int or None
        Seed for :func:`numpy.random.default_rng`; the same seed gives the same board.
    solvable : bool or None, default None
        ``None``: every cell uniformly random.  ``True``: a uniformly random *solvable* board
        (the lights left by random presses).  ``False``: a random board with no solution;
        raises ``ValueError`` when every board of this size is solvable.
    rule, torus, colors
        As in :func:`press`.

    Examples
    --------
    >>> random_board(2, 3, seed=1).shape
    (2, 3)
    """
    rows, cols = check_size(rows, "rows"), check_size(cols, "cols")
    k = check_modulus(colors, "colors")
    if solvable not in (None, True, False):
        raise TypeError(f"solvable must be None, True or False, not {solvable!r}")
    rng = np.random.default_rng(seed)
    blank = np.zeros((rows, cols), dtype=np.uint8)
    if solvable is None:
        return rng.integers(0, k, size=(rows, cols), dtype=np.uint8)
    if solvable:
        presses = rng.integers(0, k, size=(rows, cols), dtype=np.uint8)
        return press(blank, presses, rule=rule, torus=torus, colors=k)
    from .solver import solve_board  # the solver imports this module

    A = toggle_matrix(rows, cols, rule=rule, torus=torus)
    if solve_board(blank, rule=rule, torus=torus, colors=k).solvable_board_count == k ** len(A):
        raise ValueError(f"every {rows}x{cols} board is solvable with rule {rule!r}"
                         f"{' on the torus' if torus else ''}, so there is no unsolvable board")
    while True:  # at least half of all boards are unsolvable here, so this ends quickly
        board = rng.integers(0, k, size=(rows, cols), dtype=np.uint8)
        if not solve_board(board, rule=rule, torus=torus, colors=k).solvable:
            return board
