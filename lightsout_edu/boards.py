"""Boards as arrays and as text, and pressing cells by simulating the game.

:func:`press` takes the rules as keywords, or a :class:`~lightsout_edu.Puzzle`, whose
:meth:`~lightsout_edu.Puzzle.press` it calls.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._grid import Rule
from ._i18n import t
from ._keywords import DEFAULT_COLORS, DEFAULT_RULE, DEFAULT_TORUS, Default, board_and_puzzle
from ._validation import as_board, storage_dtype
from .puzzle import Puzzle

__all__ = ["format_board", "parse_board", "press"]

#: Characters accepted by :func:`parse_board` for an unlit and a lit cell.
_OFF, _ON = "0.□", "1#■"
_DIGITS = "0123456789"
_STYLES = {"01": ("0", "1"), "dots": (".", "#"), "squares": ("□", "■")}


def parse_board(text: str) -> NDArray[np.unsignedinteger]:
    """Read a board from text.

    One row per line (or rows separated by ``/``).  A lit cell is ``1``, ``#`` or ``■``; an
    unlit cell ``0``, ``.`` or ``□``; for k-colour boards the digits ``2``..``9`` are states
    too.  Spaces are ignored.  With 11 colours or more, write each row as whole numbers
    separated by commas (as :func:`format_board` does): ``"11,0/3,999"``; a row of one number
    ends with a comma (``"11,/3,"``).  Every row of a board is written the same way.

    Examples
    --------
    >>> parse_board("#.#/.#./#.#")
    array([[1, 0, 1],
           [0, 1, 0],
           [1, 0, 1]], dtype=uint8)
    >>> parse_board("11,0/3,999").tolist()
    [[11, 0], [3, 999]]
    >>> parse_board("11,/12,").tolist()
    [[11], [12]]
    """
    if not isinstance(text, str):
        raise TypeError(
            t("parse_board expects text such as '10/01', not {kind}", kind=type(text).__name__)
        )
    text = text.removeprefix("\ufeff")  # the byte order mark some editors put first
    lines = [line.strip() for line in text.replace("/", "\n").splitlines()]
    filled = [i for i, line in enumerate(lines) if line]
    if not filled:
        raise ValueError(t("the board text is empty; write one row per line, e.g. '10\\n01'"))
    # blank lines around the board are no rows (a file's last newline, a triple-quoted string's
    # first): only those inside it are
    lines = lines[filled[0] : filled[-1] + 1]
    empty = next((r for r, line in enumerate(lines, start=1) if not line), None)
    if empty is not None:
        raise ValueError(
            t(
                "board row {r} is empty; write one row per line (or between slashes), with no "
                "empty row inside the board",
                r=empty,
            )
        )
    rows: list[list[int]] = []
    numbers = "," in lines[0]
    for r, line in enumerate(lines, start=1):
        if ("," in line) != numbers:
            raise ValueError(
                t(
                    "board row 1 is written with commas but row {r} without; write every row "
                    "the same way: one character per cell, or whole numbers separated by "
                    "commas (a row of one number ends with a comma, e.g. '11,')"
                    if numbers
                    else "board row 1 is written without commas but row {r} with; write every "
                    "row the same way: one character per cell, or whole numbers separated by "
                    "commas (a row of one number ends with a comma, e.g. '11,')",
                    r=r,
                )
            )
        row = _numbers(line, r) if numbers else _cells(line, r)
        if rows and len(row) != len(rows[0]):
            raise ValueError(
                t(
                    "board row {r} has {cells} but row 1 has {first}",
                    r=r,
                    cells=_cells_count(len(row)),
                    first=_cells_count(len(rows[0])),
                )
            )
        rows.append(row)
    top = max(max(row) for row in rows)
    return np.array(rows, dtype=storage_dtype(max(top + 1, 2)))


def _cells_count(count: int) -> str:
    """``1 cell``, ``2 cells``, in the language in use."""
    return t("{count} cell", count=count) if count == 1 else t("{count} cells", count=count)


def _cells(line: str, r: int) -> list[int]:
    """One character per cell: 0/1, ./#, □/■ or a digit 2-9."""
    row: list[int] = []
    for ch in line.replace(" ", "").replace("\t", ""):
        if ch in _OFF:
            row.append(0)
        elif ch in _ON:
            row.append(1)
        elif ch in _DIGITS:  # ASCII digits only: not '²' or '①'
            row.append(int(ch))
        else:
            raise ValueError(
                t(
                    "row {r} of the board text has the character {ch}; use 0/1, ./# or □/■ "
                    "for unlit/lit cells (and 2-9 for more colours)",
                    r=r,
                    ch=repr(ch),
                )
            )
    return row


def _numbers(line: str, r: int) -> list[int]:
    """Whole numbers separated by commas (boards with 11 colours or more).

    One comma may end the row: a row of a single number is written ``11,``.
    """
    row = []
    tokens = line.split(",")
    if len(tokens) > 1 and not tokens[-1].strip():
        tokens.pop()
    for token in tokens:
        token = token.strip()
        if not (token.isascii() and token.isdigit()) or len(token) > 20:
            raise ValueError(
                t(
                    "row {r} of the board text has {token} between commas; write whole "
                    "numbers from 0 to 2^64 - 1, e.g. '11,0,3'",
                    r=r,
                    token=repr(token),
                )
            )
        row.append(int(token))
    if max(row) >= 2**64:
        raise ValueError(t("row {r} of the board text has a state of 2^64 or more", r=r))
    return row


def format_board(board: ArrayLike, *, style: str = "01") -> str:
    """Write a board as text, one row per line; :func:`parse_board` reads it back.

    Parameters
    ----------
    board : array_like
        The board: light states (or press counts) 0, 1, 2, ...
    style : {"01", "dots", "squares"}
        Characters for unlit/lit cells: ``0``/``1``, ``.``/``#`` or ``□``/``■``.  States
        2 to 9 (k colours) are written as digits; a board with a state of 10 or more is
        written as whole numbers separated by commas (each row of a one-column board then
        ends with a comma, so that it still reads as numbers).

    Examples
    --------
    >>> print(format_board([[1, 0], [0, 1]], style="dots"))
    #.
    .#
    >>> print(format_board([[11, 0], [3, 999]]))
    11,0
    3,999
    >>> print(format_board([[11], [3]]))
    11,
    3,
    """
    if style not in _STYLES:
        raise ValueError(
            t(
                "unknown style {style}; choose one of {styles}",
                style=repr(style),
                styles=", ".join(_STYLES),
            )
        )
    cells = as_board(board, colors=2**64)
    if cells.size and int(cells.max()) >= 10:
        end = "," if cells.shape[1] == 1 else ""
        return "\n".join(",".join(str(int(v)) for v in row) + end for row in cells)
    off, on = _STYLES[style]
    symbols = [off, on] + [str(d) for d in range(2, 10)]
    return "\n".join("".join(symbols[int(v)] for v in row) for row in cells)


def press(
    board: ArrayLike,
    presses: ArrayLike,
    *,
    rule: Rule | Default[Rule] = DEFAULT_RULE,
    torus: bool | Default[bool] = DEFAULT_TORUS,
    colors: int | Default[int] = DEFAULT_COLORS,
    puzzle: Puzzle | None = None,
) -> NDArray:
    """Press cells and return the new board, by simulating the game (not via the matrix).

    Parameters
    ----------
    board : array_like
        Current lights, ``rows x cols`` with entries ``0..colors-1`` (for a graph puzzle, one
        state per node).
    presses : array_like
        Same shape: how many times each cell is pressed (``0..colors-1``).
    rule, torus
        As in :func:`toggle_matrix`.
    colors : int, default 2
        Number of light states; a press adds 1 (mod ``colors``) to each cell it toggles.
    puzzle : Puzzle, optional
        The puzzle to play (a grid or a graph), instead of ``rule``, ``torus`` and ``colors``:
        ``press(board, presses, puzzle=p)`` is ``p.press(board, presses)``.

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
    cells, game = board_and_puzzle(board, puzzle, rule=rule, torus=torus, colors=colors)
    return game.press(cells, presses)
