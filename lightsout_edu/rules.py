"""The rules of the game: which lights a press changes, as stencils and as toggle matrices.

Cells of a ``rows x cols`` board are numbered row-major, so cell ``(r, c)`` is unknown
number ``r * cols + c``.  Column ``j`` of the toggle matrix ``A`` is the pattern of lights
that pressing cell ``j`` changes: ``A[i, j]`` is how many times one press of ``j`` hits
light ``i`` (mod the number of colours; 0 or 1 on an ordinary board).

One definition of a press serves the matrix and the simulation alike: the stencil's offsets
move a press pattern (off the edge, or around a torus: :func:`hit_blocks`), a graph's edges
carry it to the neighbours, and both :meth:`Puzzle.toggle_matrix
<lightsout_edu.Puzzle.toggle_matrix>` and :meth:`Puzzle.press <lightsout_edu.Puzzle.press>`
add up the same arrivals.  On a torus with a side of 1 or 2 two offsets can land on the same
cell: it is hit twice (toggled twice with two colours, advanced twice with k colours).
:func:`toggle_matrix` and :func:`graph_toggle_matrix` take the rules as keywords, or a
:class:`~lightsout_edu.Puzzle`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal, overload

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._grid import RULES, Rule, RuleName, hit_blocks, hits, rule_offsets, rule_stencil
from ._i18n import t
from ._keywords import (
    DEFAULT_COLORS,
    DEFAULT_RULE,
    DEFAULT_SELF_TOGGLE,
    DEFAULT_TORUS,
    Default,
    chosen,
    grid_or_puzzle,
    only_puzzle,
)
from ._network import GraphLike
from .packed import PackedMatrix
from .puzzle import Puzzle

__all__ = [
    "RULES",
    "Rule",
    "RuleName",
    "graph_toggle_matrix",
    "hit_blocks",
    "hits",
    "rule_offsets",
    "rule_stencil",
    "toggle_matrix",
]


@overload
def toggle_matrix(
    rows: int | None = ...,
    cols: int | None = ...,
    *,
    rule: Rule | Default[Rule] = ...,
    torus: bool | Default[bool] = ...,
    colors: int | Default[int] = ...,
    packed: Literal[False] = ...,
    puzzle: Puzzle | None = ...,
) -> NDArray: ...
@overload
def toggle_matrix(
    rows: int | None = ...,
    cols: int | None = ...,
    *,
    rule: Rule | Default[Rule] = ...,
    torus: bool | Default[bool] = ...,
    colors: int | Default[int] = ...,
    packed: Literal[True],
    puzzle: Puzzle | None = ...,
) -> PackedMatrix: ...
def toggle_matrix(
    rows: int | None = None,
    cols: int | None = None,
    *,
    rule: Rule | Default[Rule] = DEFAULT_RULE,
    torus: bool | Default[bool] = DEFAULT_TORUS,
    colors: int | Default[int] = DEFAULT_COLORS,
    packed: bool = False,
    puzzle: Puzzle | None = None,
) -> NDArray | PackedMatrix:
    """Build the toggle matrix ``A`` of a ``rows x cols`` board (or of a puzzle).

    Parameters
    ----------
    rows, cols : int
        Board size.  The matrix is ``N x N`` with ``N = rows * cols``.
    rule : {"plus", "neighbors", "x", "king"} or array_like, default "plus"
        ``"plus"``: the cell and its four orthogonal neighbours (the classic game);
        ``"neighbors"``: the four orthogonal neighbours but not the cell itself;
        ``"x"``: the cell and its four diagonal neighbours; ``"king"``: the cell and all eight
        neighbours; or a custom 3x3 0/1 stencil.
    torus : bool, default False
        Wrap around the edges (the board is drawn on a doughnut).
    colors : int, default 2
        Number of light states k: entries are hit counts mod k.  They differ from the
        two-colour matrix only on a torus with a side of 1 or 2, where a press can hit a cell
        twice.
    packed : bool, default False
        Return a :class:`~lightsout_edu.PackedMatrix` (1 bit per entry, two colours only),
        built directly: a 300x300 board's matrix takes 1 GiB packed, 7.5 GiB as bytes.
    puzzle : Puzzle, optional
        The puzzle whose matrix to build, instead of ``rows``, ``cols`` and the rules.

    Returns
    -------
    numpy.ndarray or PackedMatrix
        ``A`` with ``A[i, j]`` = hits of light ``i`` by one press of cell ``j`` (mod k).

    Examples
    --------
    >>> toggle_matrix(1, 3)
    array([[1, 1, 0],
           [1, 1, 1],
           [0, 1, 1]], dtype=uint8)
    >>> int(toggle_matrix(5, 5).sum())
    105
    >>> toggle_matrix(2, 2, torus=True, colors=3)  # up and down (left and right) coincide
    array([[1, 2, 2, 0],
           [2, 1, 0, 2],
           [2, 0, 1, 2],
           [0, 2, 2, 1]], dtype=uint8)
    >>> from lightsout_edu import Puzzle
    >>> toggle_matrix(puzzle=Puzzle.grid(1, 2))
    array([[1, 1],
           [1, 1]], dtype=uint8)
    """
    game = grid_or_puzzle(puzzle, rows, cols, rule=rule, torus=torus, colors=colors)
    return game.toggle_matrix(packed=packed)


def graph_toggle_matrix(
    edges: Iterable[tuple[int, int]] | GraphLike | None = None,
    *,
    adjacency: ArrayLike | None = None,
    self_toggle: bool | Default[bool] = DEFAULT_SELF_TOGGLE,
    n_nodes: int | None = None,
    puzzle: Puzzle | None = None,
) -> NDArray[np.uint8]:
    """Build the toggle matrix of Lights Out played on a graph.

    Pressing a vertex toggles its neighbours and, with ``self_toggle``, the vertex itself.

    Parameters
    ----------
    edges : list of (int, int), or Graph
        The edges ``[(u, v), ...]`` with vertices numbered from 0, or a
        :class:`~lightsout_edu.Graph` (an edge given twice, either way round, is one edge).
    adjacency : array_like, optional
        Instead of ``edges``: a square symmetric 0/1 adjacency matrix with zero diagonal.
    self_toggle : bool, default True
        Whether a press also toggles the pressed vertex.
    n_nodes : int, optional
        Number of vertices of an edge list; by default one more than the largest vertex
        named (pass it when the graph has isolated vertices at the end).
    puzzle : Puzzle, optional
        The puzzle whose matrix to build (:meth:`~lightsout_edu.Puzzle.graph`), instead of
        the graph and ``self_toggle``.

    Returns
    -------
    numpy.ndarray
        The ``(n, n)`` toggle matrix.

    Examples
    --------
    >>> graph_toggle_matrix([(0, 1), (1, 2)])
    array([[1, 1, 0],
           [1, 1, 1],
           [0, 1, 1]], dtype=uint8)
    >>> graph_toggle_matrix(adjacency=[[0, 1], [1, 0]], self_toggle=False)
    array([[0, 1],
           [1, 0]], dtype=uint8)
    """
    if puzzle is None:
        if edges is None and adjacency is None:
            raise TypeError(
                t("give the graph (edges, or adjacency=...), or puzzle=Puzzle.graph(...)")
            )
        game = Puzzle.graph(
            edges, adjacency=adjacency, self_toggle=chosen(self_toggle), n_nodes=n_nodes
        )
    else:
        game = only_puzzle(
            puzzle, edges=edges, adjacency=adjacency, self_toggle=self_toggle, n_nodes=n_nodes
        )
    return game.toggle_matrix()
