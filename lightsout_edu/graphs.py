"""Small named graphs to play Lights Out on, with a drawing layout for each.

A :class:`Graph` is its vertices ``0 .. n_nodes - 1``, its edges and a position per vertex
(for :func:`lightsout_edu.plotting.draw_graph`).  The course numbers vertices from 0 everywhere,
as :func:`~lightsout_edu.rules.graph_toggle_matrix` does; ``Puzzle.graph(graph)`` plays
Lights Out on one (:class:`~lightsout_edu.Puzzle`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ._i18n import t
from ._validation import check_size
from .puzzle import Puzzle

__all__ = [
    "Graph",
    "cube_graph",
    "cycle_graph",
    "path_graph",
    "petersen_graph",
    "star_graph",
]

#: The largest graph these constructors build (a drawing of more vertices is unreadable).
MAX_NODES = 200


@dataclass(frozen=True)
class Graph:
    """A graph with vertices ``0 .. n_nodes - 1``, its edges and where to draw each vertex.

    Examples
    --------
    >>> g = path_graph(3)
    >>> g.edges
    ((0, 1), (1, 2))
    >>> g.toggle_matrix().tolist()
    [[1, 1, 0], [1, 1, 1], [0, 1, 1]]
    """

    name: str
    n_nodes: int
    edges: tuple[tuple[int, int], ...]
    positions: tuple[tuple[float, float], ...]

    def toggle_matrix(self, *, self_toggle: bool = True) -> NDArray[np.uint8]:
        """The toggle matrix ``Adj + I`` (``Adj`` alone without ``self_toggle``)."""
        return Puzzle.graph(self, self_toggle=self_toggle).toggle_matrix()

    def __repr__(self) -> str:
        return t(
            "<Graph {name}: {n} vertices, {m} edges>",
            name=self.name,
            n=self.n_nodes,
            m=len(self.edges),
        )


def _ring(count: int, radius: float = 1.0, start: int = 0) -> list[tuple[float, float]]:
    """``count`` points on a circle, the first at the top, going clockwise."""
    return [
        (
            radius * math.cos(math.pi / 2 - 2 * math.pi * (k + start) / count),
            radius * math.sin(math.pi / 2 - 2 * math.pi * (k + start) / count),
        )
        for k in range(count)
    ]


def _count(n: int, smallest: int) -> int:
    n = check_size(n, "n")
    if not smallest <= n <= MAX_NODES:
        raise ValueError(
            t(
                "n must be between {smallest} and {most}, not {n}",
                smallest=smallest,
                most=MAX_NODES,
                n=n,
            )
        )
    return n


def petersen_graph() -> Graph:
    """The Petersen graph: outer 5-cycle 0..4, spokes i -- i+5, inner pentagram 5..9.

    Examples
    --------
    >>> g = petersen_graph()
    >>> g.n_nodes, len(g.edges), set(g.toggle_matrix().sum(axis=0).tolist())
    (10, 15, {4})
    """
    edges = (
        [(i, (i + 1) % 5) for i in range(5)]
        + [(i, i + 5) for i in range(5)]
        + [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    )
    return Graph("Petersen", 10, tuple(edges), tuple(_ring(5) + _ring(5, 0.5)))


def cube_graph() -> Graph:
    """The cube: vertices 0..7 are the corners (binary xyz), edges join corners one bit apart.

    Examples
    --------
    >>> cube_graph().edges[:3]
    ((0, 1), (0, 2), (0, 4))
    """
    edges = tuple((u, u ^ bit) for u in range(8) for bit in (1, 2, 4) if u < u ^ bit)
    square = [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)]
    positions = [
        (x * (0.5 if z else 1.0), y * (0.5 if z else 1.0)) for z in (0, 1) for x, y in square
    ]
    return Graph("cube", 8, edges, tuple(positions))


def path_graph(n: int) -> Graph:
    """The path 0 -- 1 -- ... -- (n-1), drawn in a row.

    Examples
    --------
    >>> path_graph(4).edges
    ((0, 1), (1, 2), (2, 3))
    """
    n = _count(n, 1)
    return Graph(
        f"path of {n}",
        n,
        tuple((i, i + 1) for i in range(n - 1)),
        tuple((float(i), 0.0) for i in range(n)),
    )


def cycle_graph(n: int) -> Graph:
    """The cycle 0 -- 1 -- ... -- (n-1) -- 0 (at least 3 vertices), drawn on a circle.

    Examples
    --------
    >>> cycle_graph(3).edges
    ((0, 1), (1, 2), (0, 2))
    """
    n = _count(n, 3)
    edges = tuple((i, i + 1) for i in range(n - 1)) + ((0, n - 1),)
    return Graph(f"cycle of {n}", n, edges, tuple(_ring(n)))


def star_graph(leaves: int) -> Graph:
    """A centre 0 joined to the ``leaves`` vertices 1..leaves.

    Examples
    --------
    >>> star_graph(3).edges
    ((0, 1), (0, 2), (0, 3))
    """
    leaves = _count(leaves, 1)
    return Graph(
        f"star with {leaves} leaves",
        leaves + 1,
        tuple((0, i) for i in range(1, leaves + 1)),
        tuple([(0.0, 0.0)] + _ring(leaves)),
    )
