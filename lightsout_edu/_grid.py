"""Where a press lands on a grid: the rules as 3x3 stencils, and the blocks a press moves by.

Cells of a ``rows x cols`` board are numbered row-major, so cell ``(r, c)`` is unknown
number ``r * cols + c``.  A rule is a 3x3 stencil: ``stencil[1 + dr, 1 + dc] = 1`` when a
press toggles the cell ``dr`` rows and ``dc`` columns away.  :func:`hit_blocks` is the one
definition of where a press through one offset arrives (off the edge, or around a torus);
:class:`Grid` lists those arrivals for a whole board, and both the toggle matrix and the
press simulation of :mod:`lightsout_edu._game` add them up.  On a torus with a side of 1 or 2
two offsets can land on the same cell: it is hit twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._i18n import t
from ._validation import as_matrix, check_flag, check_size, read_only

__all__ = [
    "RULES",
    "Block",
    "Grid",
    "Rule",
    "RuleName",
    "grid_of",
    "hit_blocks",
    "hits",
    "rule_offsets",
    "rule_stencil",
]

RuleName = Literal["plus", "neighbors", "x", "king"]
Rule = RuleName | ArrayLike


def _frozen(rows: list[list[int]]) -> NDArray[np.uint8]:
    return read_only(np.array(rows, dtype=np.uint8))


#: The named rules as 3x3 stencils: ``stencil[1 + dr, 1 + dc] = 1`` when a press toggles the
#: cell ``dr`` rows and ``dc`` columns away from the pressed cell.  Read-only, for good: not
#: even ``flags.writeable = True`` makes them writable again.
RULES: Mapping[str, NDArray[np.uint8]] = MappingProxyType(
    {
        "plus": _frozen([[0, 1, 0], [1, 1, 1], [0, 1, 0]]),
        "neighbors": _frozen([[0, 1, 0], [1, 0, 1], [0, 1, 0]]),
        "x": _frozen([[1, 0, 1], [0, 1, 0], [1, 0, 1]]),
        "king": _frozen([[1, 1, 1], [1, 1, 1], [1, 1, 1]]),
    }
)


def rule_stencil(rule: Rule) -> NDArray[np.uint8]:
    """Return the 3x3 stencil of a rule name or a custom 3x3 0/1 stencil.

    Parameters
    ----------
    rule : {"plus", "neighbors", "x", "king"} or array_like
        A named rule, or a 3x3 array of 0/1 whose centre is the pressed cell; at least one
        entry must be 1.

    Returns
    -------
    numpy.ndarray
        A fresh ``(3, 3)`` uint8 array.

    Examples
    --------
    >>> rule_stencil("plus")
    array([[0, 1, 0],
           [1, 1, 1],
           [0, 1, 0]], dtype=uint8)
    """
    if isinstance(rule, str):
        if rule not in RULES:
            raise ValueError(
                t(
                    "unknown rule {rule}; choose one of {rules} or give a 3x3 stencil",
                    rule=repr(rule),
                    rules=", ".join(repr(name) for name in RULES),
                )
            )
        return RULES[rule].copy()
    stencil = as_matrix(rule, "rule stencil")
    if stencil.shape != (3, 3):
        raise ValueError(
            t(
                "a custom rule must be a 3x3 stencil of 0/1 (centre = pressed cell), "
                "not shape {shape}",
                shape=stencil.shape,
            )
        )
    if not stencil.any():
        raise ValueError(
            t(
                "the rule stencil is all 0, so a press would change nothing; put a 1 on every "
                "cell a press toggles (the centre is the pressed cell)"
            )
        )
    return stencil


def _offsets(stencil: NDArray[np.uint8]) -> list[tuple[int, int]]:
    return [(int(dr) - 1, int(dc) - 1) for dr, dc in np.argwhere(stencil)]


def rule_offsets(rule: Rule) -> list[tuple[int, int]]:
    """The ``(dr, dc)`` offsets a press reaches, e.g. ``(0, 0)`` for the pressed cell.

    Examples
    --------
    >>> rule_offsets("plus")
    [(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)]
    """
    return _offsets(rule_stencil(rule))


Block = tuple[tuple[slice, slice], tuple[slice, slice]]
"""(target rows and columns, source rows and columns) of one rectangular piece of a shift."""


def hit_blocks(shape: tuple[int, int], dr: int, dc: int, torus: bool) -> list[Block]:
    """Where presses arrive through one stencil offset ``(dr, dc)``: the game's geometry.

    The single definition of which cell a press reaches: the presses in ``source`` land on
    ``target`` (same shape).  On a torus the board wraps around (the shift is taken mod the
    side, so on a side of 1 or 2 a press can arrive on the same cell more than once, and each
    arrival counts); otherwise presses falling off an edge are lost.

    Examples
    --------
    >>> hit_blocks((1, 3), 0, 1, torus=False)
    [((slice(0, 1, None), slice(1, 3, None)), (slice(0, 1, None), slice(0, 2, None)))]
    """
    rows, cols = shape
    pieces = []
    for t_r, s_r in _axis_pieces(rows, dr, torus):
        for t_c, s_c in _axis_pieces(cols, dc, torus):
            pieces.append(((t_r, t_c), (s_r, s_c)))
    return pieces


def _axis_pieces(n: int, shift: int, torus: bool) -> list[tuple[slice, slice]]:
    """(target, source) ranges along one axis for a shift by ``shift``."""
    if torus:
        s = shift % n
        pieces = [(slice(s, n), slice(0, n - s)), (slice(0, s), slice(n - s, n))]
        return [(t, src) for t, src in pieces if t.stop > t.start]
    if abs(shift) >= n:
        return []
    return [(slice(max(0, shift), n + min(0, shift)), slice(max(0, -shift), n - max(0, shift)))]


def hits(presses: NDArray, dr: int, dc: int, torus: bool) -> NDArray:
    """What ``presses`` deliver through one stencil offset ``(dr, dc)`` (see :func:`hit_blocks`).

    Entry ``(r, c)`` of the result is the press count of cell ``(r - dr, c - dc)`` (0 where
    that cell is off the board; on a torus, the cell wrapped around).

    Examples
    --------
    >>> import numpy as np
    >>> hits(np.array([[1, 2, 3]]), 0, 1, torus=False).tolist()
    [[0, 1, 2]]
    >>> hits(np.array([[1, 2, 3]]), 0, 1, torus=True).tolist()
    [[3, 1, 2]]
    """
    out = np.zeros_like(presses)
    for target, source in hit_blocks(presses.shape, dr, dc, torus):
        out[target] = presses[source]
    return out


@dataclass(frozen=True, eq=False)
class Grid:
    """A ``rows x cols`` board whose presses reach the cells of a 3x3 stencil.

    Built from checked values only (:func:`grid_of` checks them); ``stencil`` is read-only.
    ``name`` is the rule's name when it was given by name.
    """

    rows: int
    cols: int
    stencil: NDArray[np.uint8]
    torus: bool
    name: str | None = None

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, cols)``: the shape of a board."""
        return self.rows, self.cols

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.rows * self.cols

    @property
    def rule(self) -> str | NDArray[np.uint8]:
        """The rule as it was given: its name, or the (read-only) stencil."""
        return self.stencil if self.name is None else self.name

    @property
    def rule_text(self) -> str:
        """The rule for a sentence: ``'plus'``, or the stencil as rows of 0/1."""
        return repr(self.name) if self.name is not None else str(self.stencil.tolist())

    @cached_property
    def deliveries(self) -> tuple[Block, ...]:
        """Every ``(target, source)`` block of every offset: where each press arrives."""
        return tuple(
            block
            for dr, dc in _offsets(self.stencil)
            for block in hit_blocks(self.shape, dr, dc, self.torus)
        )

    def reflected(self) -> Grid:
        """The grid with every offset turned around: its toggle matrix is ``A^T``."""
        return Grid(self.rows, self.cols, read_only(self.stencil[::-1, ::-1]), self.torus)

    def transposed(self) -> Grid:
        """The transposed board (rows and columns exchanged, the stencil too)."""
        return Grid(self.cols, self.rows, read_only(self.stencil.T), self.torus, self.name)

    def key(self) -> tuple[object, ...]:
        """What makes two grids the same game (the name does not)."""
        return ("grid", self.rows, self.cols, self.stencil.tobytes(), self.torus)

    def describe(self) -> str:
        """``5x5 board, rule 'plus' on the torus`` (a custom stencil is ``'custom'``)."""
        rule = repr(self.name) if self.name is not None else "'custom'"
        where = " on the torus" if self.torus else ""
        return f"{self.rows}x{self.cols} board, rule {rule}{where}"

    def matrix_advice(self, packed: bool) -> str:
        """What to use instead of a toggle matrix too big to build."""
        if packed:
            return t("solve_board(board) solves big boards by light chasing without this matrix")
        return t(
            "use toggle_matrix(..., packed=True) (1 bit per entry) or solve_board(board), which "
            "solves big boards by light chasing without this matrix"
        )

    def matrix_name(self, packed: bool) -> str:
        """``the toggle matrix of a 3x3 board (9x9 entries)``, for a refusal."""
        n, rows, cols = self.size, self.rows, self.cols
        if packed:
            return t(
                "the packed toggle matrix of a {rows}x{cols} board ({n}x{n} bits)",
                rows=rows,
                cols=cols,
                n=n,
            )
        return t(
            "the toggle matrix of a {rows}x{cols} board ({n}x{n} entries)",
            rows=rows,
            cols=cols,
            n=n,
        )


def grid_of(rows: object, cols: object, rule: Rule, torus: object) -> Grid:
    """The grid these arguments describe, each checked (the edge where they are checked).

    Examples
    --------
    >>> grid_of(2, 3, "plus", False).describe()
    "2x3 board, rule 'plus'"
    """
    rows, cols = check_size(rows, "rows"), check_size(cols, "cols")
    stencil = read_only(rule_stencil(rule))
    torus = check_flag(torus, "torus")
    return Grid(rows, cols, stencil, torus, rule if isinstance(rule, str) else None)
