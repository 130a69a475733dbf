"""One Lights Out puzzle as one value, checked once: its lights, its presses, its colours.

Where the lights are, what a press toggles, and how many colours a light cycles through.
A :class:`Puzzle` is a grid (rows, columns, a 3x3 rule stencil, with or without a torus) or
any graph (with or without self-toggling presses), and the number of colours k.  Built with
:meth:`Puzzle.grid` or :meth:`Puzzle.graph`, it is frozen: everything it holds has been
checked, and the engine below it (pressing, the toggle matrix, light chasing, elimination)
receives checked values only.  The functions that take the rules as keywords
(:func:`~lightsout_edu.solve_board`, :func:`~lightsout_edu.press`, ...) build one and call it
(:mod:`lightsout_edu._keywords`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, overload

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._chasing import LightChase, chase_board, chases, chases_rows, rule_bits_of, transposable
from ._game import Layout, check_board_room, press_lights, toggle_matrix_of
from ._grid import Grid, Rule, grid_of
from ._i18n import t
from ._network import GraphLike, Network, network_of
from ._solution import METHODS, Solution
from ._validation import as_board, as_node_states, check_flag, check_modulus
from .packed import PackedMatrix

__all__ = ["Puzzle"]


@dataclass(frozen=True, eq=False)
class Puzzle:
    """One Lights Out puzzle: a grid or a graph, and the number of colours, checked once.

    Build it with :meth:`Puzzle.grid` or :meth:`Puzzle.graph`.  A board of the puzzle is an
    array of :attr:`shape`: ``(rows, cols)`` light states for a grid, one state per node for
    a graph, each ``0 .. colors - 1``.  Two puzzles are equal when they are the same game.

    Examples
    --------
    >>> p = Puzzle.grid(5, 5)
    >>> p
    Puzzle.grid(5, 5, rule='plus')
    >>> p.solve([[1] * 5] * 5).solution_count
    4
    >>> Puzzle.graph([(0, 1), (1, 2)], colors=3).toggle_matrix().tolist()
    [[1, 1, 0], [1, 1, 1], [0, 1, 1]]
    """

    layout: Layout
    """Where the lights are and where a press lands (a checked grid or graph)."""
    colors: int
    """The number of light states k (2 for the classic game)."""

    def __post_init__(self) -> None:
        if not isinstance(self.layout, (Grid, Network)):
            raise TypeError(
                t("build a Puzzle with Puzzle.grid(rows, cols, ...) or Puzzle.graph(edges, ...)")
            )
        object.__setattr__(self, "colors", check_modulus(self.colors, "colors"))

    # -- the two kinds of puzzle ----------------------------------------------------------------
    @classmethod
    def grid(
        cls,
        rows: int,
        cols: int | None = None,
        *,
        rule: Rule = "plus",
        torus: bool = False,
        colors: int = 2,
    ) -> Puzzle:
        """A ``rows x cols`` board (square when ``cols`` is left out).

        Parameters
        ----------
        rows, cols : int
            Board size; cell ``(r, c)`` is unknown number ``r * cols + c``.
        rule : {"plus", "neighbors", "x", "king"} or array_like, default "plus"
            ``"plus"``: the cell and its four orthogonal neighbours (the classic game);
            ``"neighbors"``: the four orthogonal neighbours but not the cell itself; ``"x"``:
            the cell and its four diagonal neighbours; ``"king"``: the cell and all eight
            neighbours; or a custom 3x3 0/1 stencil (centre = the pressed cell).
        torus : bool, default False
            Wrap around the edges (the board is drawn on a doughnut).
        colors : int, default 2
            Number of light states k: a press advances every light it toggles by 1 (mod k).

        Examples
        --------
        >>> Puzzle.grid(4, 6, rule="neighbors", torus=True, colors=3)
        Puzzle.grid(4, 6, rule='neighbors', torus=True, colors=3)
        """
        return cls(grid_of(rows, rows if cols is None else cols, rule, torus), colors)

    @classmethod
    def graph(
        cls,
        edges: Iterable[tuple[int, int]] | GraphLike | None = None,
        *,
        adjacency: ArrayLike | None = None,
        self_toggle: bool = True,
        n_nodes: int | None = None,
        colors: int = 2,
    ) -> Puzzle:
        """Lights Out on a graph: pressing a node toggles its neighbours (and itself).

        Give the graph once: as ``edges`` or as ``adjacency=``.

        Parameters
        ----------
        edges : list of (int, int), or Graph
            The edges ``[(u, v), ...]`` with nodes numbered from 0 (a list, a set, or an
            ``(m, 2)`` array), or a :class:`~lightsout_edu.Graph`.  An edge is undirected:
            ``(0, 1)`` and ``(1, 0)`` are the same edge, and an edge given twice is one edge.
        adjacency : array_like, optional
            Instead of ``edges``: a square symmetric 0/1 adjacency matrix with zero diagonal
            (entry ``(u, v)`` is 1 when ``u`` and ``v`` are neighbours).
        self_toggle : bool, default True
            Whether a press also toggles the pressed node.
        n_nodes : int, optional
            Number of nodes of an edge list; by default one more than the largest node named
            (pass it when the graph has isolated nodes at the end).
        colors : int, default 2
            Number of light states k.

        Examples
        --------
        >>> from lightsout_edu import petersen_graph
        >>> Puzzle.graph(petersen_graph(), colors=3)
        Puzzle.graph(<Petersen: 10 nodes, 15 edges>, colors=3)
        >>> Puzzle.graph([(1, 0), (0, 1)]).edges  # the same edge twice
        ((0, 1),)
        >>> Puzzle.graph(adjacency=[[0, 1, 1], [1, 0, 0], [1, 0, 0]]).edges
        ((0, 1), (0, 2))
        """
        return cls(network_of(edges, adjacency, self_toggle, n_nodes), colors)

    # -- what it is -----------------------------------------------------------------------------
    @property
    def kind(self) -> Literal["grid", "graph"]:
        """``"grid"`` or ``"graph"``."""
        return "grid" if isinstance(self.layout, Grid) else "graph"

    @property
    def shape(self) -> tuple[int, ...]:
        """The shape of a board: ``(rows, cols)``, or ``(n_nodes,)`` for a graph."""
        return self.layout.shape

    @property
    def size(self) -> int:
        """The number of lights (cells or nodes): the toggle matrix is ``size x size``."""
        return self.layout.size

    def _grid(self, what: str) -> Grid:
        if not isinstance(self.layout, Grid):
            raise AttributeError(
                t("a graph puzzle has no {what}: only a grid puzzle has one", what=what)
            )
        return self.layout

    def _network(self, what: str) -> Network:
        if not isinstance(self.layout, Network):
            raise AttributeError(
                t("a grid puzzle has no {what}: only a graph puzzle has one", what=what)
            )
        return self.layout

    @property
    def rows(self) -> int:
        """The rows of a grid."""
        return self._grid("rows").rows

    @property
    def cols(self) -> int:
        """The columns of a grid."""
        return self._grid("cols").cols

    @property
    def rule(self) -> str | NDArray[np.uint8]:
        """A grid's rule as it was given: its name, or the (read-only) stencil."""
        return self._grid("rule").rule

    @property
    def stencil(self) -> NDArray[np.uint8]:
        """A grid's rule as a read-only 3x3 0/1 stencil (centre = the pressed cell)."""
        return self._grid("stencil").stencil

    @property
    def torus(self) -> bool:
        """Whether a grid wraps around its edges."""
        return self._grid("torus").torus

    @property
    def n_nodes(self) -> int:
        """The nodes of a graph."""
        return self._network("n_nodes").n_nodes

    @property
    def edges(self) -> tuple[tuple[int, int], ...]:
        """A graph's edges ``(u, v)`` with ``u < v``, sorted."""
        return tuple((int(u), int(v)) for u, v in self._network("edges").edges)

    @property
    def self_toggle(self) -> bool:
        """Whether pressing a node of a graph toggles the node itself."""
        return self._network("self_toggle").self_toggle

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Puzzle):
            return NotImplemented
        return (self.layout.key(), self.colors) == (other.layout.key(), other.colors)

    def __hash__(self) -> int:
        return hash((self.layout.key(), self.colors))

    def __repr__(self) -> str:
        colors = f", colors={self.colors}" if self.colors != 2 else ""
        if isinstance(self.layout, Grid):
            grid = self.layout
            rule = grid.rule_text
            torus = ", torus=True" if grid.torus else ""
            return f"Puzzle.grid({grid.rows}, {grid.cols}, rule={rule}{torus}{colors})"
        graph = self.layout  # the code stays code; the words in <...> are said in the language
        n, m = graph.n_nodes, len(graph.edges)
        nodes = t("{n} node", n=n) if n == 1 else t("{n} nodes", n=n)
        edges = t("{m} edge", m=m) if m == 1 else t("{m} edges", m=m)
        counts = t("{nodes}, {edges}", nodes=nodes, edges=edges)
        what = (
            t("<{name}: {counts}>", name=graph.name, counts=counts) if graph.name else f"<{counts}>"
        )
        alone = "" if graph.self_toggle else ", self_toggle=False"
        return f"Puzzle.graph({what}{alone}{colors})"

    # -- the game ---------------------------------------------------------------------------------
    @overload
    def toggle_matrix(self, *, packed: Literal[False] = ...) -> NDArray: ...
    @overload
    def toggle_matrix(self, *, packed: Literal[True]) -> PackedMatrix: ...
    @overload
    def toggle_matrix(self, *, packed: bool) -> NDArray | PackedMatrix: ...
    def toggle_matrix(self, *, packed: bool = False) -> NDArray | PackedMatrix:
        """The toggle matrix ``A``: ``A[i, j]`` = hits of light ``i`` by a press of ``j`` (mod k).

        Column ``j`` is what pressing cell (or node) ``j`` does, exactly as :meth:`press`
        does it.  ``packed=True`` (two colours only) gives a
        :class:`~lightsout_edu.PackedMatrix`, 1 bit per entry, built directly: a 300x300
        board's matrix takes 1 GiB packed, 7.5 GiB as bytes.

        Examples
        --------
        >>> Puzzle.grid(1, 3).toggle_matrix()
        array([[1, 1, 0],
               [1, 1, 1],
               [0, 1, 1]], dtype=uint8)
        """
        packed = check_flag(packed, "packed")
        if packed and self.colors != 2:
            raise ValueError(
                t(
                    "packed=True stores one bit per entry, so it needs colors=2, not {k}",
                    k=self.colors,
                )
            )
        return toggle_matrix_of(self.layout, self.colors, packed=packed)

    def check_board(self, board: ArrayLike, name: str = "board") -> NDArray:
        """``board`` as a checked array of this puzzle (a copy), or a clear error.

        A grid's board is ``rows x cols``, a graph's one state per node; the states are
        ``0 .. colors - 1``.

        Examples
        --------
        >>> Puzzle.grid(2, 2).check_board([[1, 0], [0, 2]])
        Traceback (most recent call last):
        ...
        ValueError: entry 2 at (1, 1) of board is not 0 or 1
        """
        k = self.colors
        if isinstance(self.layout, Grid):
            cells = as_board(board, name, colors=k)
            if cells.shape != self.shape:
                raise ValueError(
                    t(
                        "{name} has shape {shape} but the puzzle's boards are {rows}x{cols}; "
                        "give a board of that size, or another puzzle",
                        name=name,
                        shape=cells.shape,
                        rows=self.rows,
                        cols=self.cols,
                    )
                )
            return cells
        cells = as_node_states(board, name, modulus=k)
        if cells.shape != self.shape:
            raise ValueError(
                t(
                    "{name} has {count} entries but the graph has {nodes} nodes; give one "
                    "state per node",
                    name=name,
                    count=cells.size,
                    nodes=self.size,
                )
            )
        return cells

    def press(self, board: ArrayLike, presses: ArrayLike) -> NDArray:
        """Press cells (or nodes) and return the new board, by simulating the game.

        ``presses`` has the board's shape: how many times each is pressed (``0..colors-1``);
        the order of the presses does not matter.

        Examples
        --------
        >>> Puzzle.grid(3, 3).press([[0, 0, 0]] * 3, [[0, 0, 0], [0, 1, 0], [0, 0, 0]])
        array([[0, 1, 0],
               [1, 1, 1],
               [0, 1, 0]], dtype=uint8)
        """
        check_board_room(self.layout, self.colors, pressing=True)
        cells = self.check_board(board)
        k = self.colors
        if cells.ndim == 2:
            taps = as_board(presses, "presses", colors=k)
        else:
            taps = as_node_states(presses, "presses", modulus=k)
        if taps.shape != cells.shape:
            raise ValueError(
                t(
                    "presses has shape {shape} but the board has shape {board}; they must match",
                    shape=taps.shape,
                    board=cells.shape,
                )
            )
        return press_lights(self.layout, cells, taps, k)

    def solve(self, board: ArrayLike, *, method: str = "auto") -> Solution:
        """Solve a board: which presses turn every light off, how many ways, the fewest.

        ``method`` as in :func:`~lightsout_edu.solve_board` (light chasing applies to grids
        of rules like "plus" and "neighbors"; a graph is solved by elimination).

        Examples
        --------
        >>> s = Puzzle.graph([(0, 1), (1, 2)]).solve([1, 1, 0])
        >>> s.presses.tolist(), s.solution_count
        ([1, 0, 0], 1)
        """
        if method not in METHODS:
            raise ValueError(
                t(
                    "unknown method {method}; choose one of {methods}",
                    method=repr(method),
                    methods=", ".join(METHODS),
                )
            )
        check_board_room(self.layout, self.colors)
        cells = self.check_board(board)
        chaseable = isinstance(self.layout, Grid) and chases(self.layout)
        if method == "chase" and not chaseable:
            raise ValueError(self._no_chase("method='chase'"))
        how = "chase" if method == "chase" or (method == "auto" and chaseable) else "elimination"
        return Solution(cells, self.layout, self.colors, how)

    def chase(self, board: ArrayLike, *, along: str = "rows") -> LightChase:
        """Solve a grid's board by light chasing: a ``cols x cols`` system instead of ``N x N``.

        ``along="shorter"`` chases along the columns instead when the board is wider than
        tall and the rule looks the same both ways; see :func:`~lightsout_edu.light_chase`.

        Examples
        --------
        >>> Puzzle.grid(5, 5).chase([[1] * 5] * 5).rank
        23
        """
        if along not in ("rows", "shorter"):
            raise ValueError(t("along must be 'rows' or 'shorter', not {along}", along=repr(along)))
        if not isinstance(self.layout, Grid):
            raise ValueError(
                t(
                    "light chasing solves grids row by row, and a graph has no rows; solve it "
                    "with .solve(board) (elimination)"
                )
            )
        check_board_room(self.layout, self.colors)
        cells = self.check_board(board)
        grid = self.layout
        sideways = along == "shorter" and grid.cols > grid.rows and transposable(grid.stencil)
        if not sideways and not chases_rows(grid):
            rule_bits_of(grid)  # names the rule in the error
            raise ValueError(t("light chasing on a torus needs at least 2 rows"))
        return chase_board(cells, grid, self.colors, along)

    def _no_chase(self, what: str) -> str:
        if not isinstance(self.layout, Grid):
            return t(
                "{what} needs a grid; a graph is solved by elimination (method='auto')", what=what
            )
        grid = self.layout
        return t(
            "{what} needs a rule light chasing handles (like 'plus' or 'neighbors') and, on a "
            "torus, at least 2 rows; got rule={rule}, torus={torus} with {rows} rows. Use "
            "method='elimination' or 'auto'",
            what=what,
            rule=grid.rule_text,
            torus=grid.torus,
            rows=grid.rows,
        )
