"""Where a press lands on a graph: on the neighbours of the pressed node (and on itself).

Pressing a node toggles its neighbours and, with ``self_toggle``, the node itself.  A graph
is given as a list of edges ``(u, v)`` or a :class:`~lightsout_edu.Graph`, or by name as
``adjacency=``, a square symmetric 0/1 matrix: never one read as the other.
:func:`network_of` checks it once and keeps the edges.
:class:`Network` lists where every press arrives, in groups that each reach a node at most
once, and both the toggle matrix and the press simulation of :mod:`lightsout_edu._game` add
those arrivals up: one definition of the game, as for a grid.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Protocol

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._i18n import t
from ._validation import as_matrix, check_flag, check_size, read_only

__all__ = ["Network", "network_of"]

Delivery = tuple[NDArray[np.intp], NDArray[np.intp]]
"""(nodes reached, nodes pressed): node ``target[i]`` is toggled by a press of ``source[i]``."""


@dataclass(frozen=True, eq=False)
class Network:
    """A graph with nodes ``0 .. n_nodes - 1`` and its edges ``(u, v)``, ``u < v``, sorted.

    Built from checked values only (:func:`network_of` checks them); ``edges`` is a
    read-only ``(m, 2)`` array.  ``name`` is the name of a :class:`~lightsout_edu.Graph`.
    """

    n_nodes: int
    edges: NDArray[np.intp]
    self_toggle: bool
    name: str | None = None

    @property
    def shape(self) -> tuple[int]:
        """``(n_nodes,)``: a board is a vector of node states."""
        return (self.n_nodes,)

    @property
    def size(self) -> int:
        """The number of nodes."""
        return self.n_nodes

    @cached_property
    def deliveries(self) -> tuple[Delivery, ...]:
        """Where every press arrives, in groups whose targets are all different.

        Group ``j`` takes the ``j``-th neighbour of every node that has one (so each node is
        reached at most once in a group); the last group is every node itself, with
        ``self_toggle``.
        """
        u, v = self.edges[:, 0], self.edges[:, 1]
        targets = np.concatenate([u, v])
        sources = np.concatenate([v, u])
        order = np.lexsort((sources, targets))  # by node reached, then by neighbour
        targets, sources = targets[order], sources[order]
        first = np.searchsorted(targets, targets)  # where each node's neighbours begin
        rank = np.arange(targets.size) - first  # which neighbour of its node each one is
        by_rank = np.argsort(rank, kind="stable")
        ends = np.cumsum(np.bincount(rank))[:-1]
        groups = [
            (t, s)
            for t, s in zip(
                np.split(targets[by_rank], ends), np.split(sources[by_rank], ends), strict=True
            )
            if t.size
        ]
        if self.self_toggle:
            every = np.arange(self.n_nodes, dtype=np.intp)
            groups.append((every, every))
        return tuple(groups)

    def reflected(self) -> Network:
        """The same graph: a press from u reaches v exactly when one from v reaches u."""
        return self

    def key(self) -> tuple[object, ...]:
        """What makes two graphs the same game (the name does not)."""
        return ("graph", self.n_nodes, self.edges.tobytes(), self.self_toggle)

    def counts(self) -> str:
        """``10 nodes, 15 edges`` (``1 node, 0 edges``)."""
        n, m = self.n_nodes, len(self.edges)
        return f"{n} node{'s' * (n != 1)}, {m} edge{'s' * (m != 1)}"

    def describe(self) -> str:
        """``graph of 10 nodes, 15 edges`` (``, no self-toggle`` without it), in the language."""
        n, m = self.n_nodes, len(self.edges)
        nodes = t("{n} node", n=n) if n == 1 else t("{n} nodes", n=n)
        edges = t("{m} edge", m=m) if m == 1 else t("{m} edges", m=m)
        alone = "" if self.self_toggle else t(", no self-toggle")
        return t("graph of {nodes}, {edges}{alone}", nodes=nodes, edges=edges, alone=alone)

    def matrix_advice(self, packed: bool) -> str:
        """What to do instead of building a toggle matrix too big to build."""
        return t("number the vertices 0 .. n-1 without gaps, or play on a smaller graph")

    def matrix_name(self, packed: bool) -> str:
        """``the toggle matrix of a graph with 10 vertices``, for a refusal."""
        return t(
            "the packed toggle matrix of a graph with {n} vertices"
            if packed
            else "the toggle matrix of a graph with {n} vertices",
            n=self.n_nodes,
        )


def _plain(value: object) -> Any:
    """A NumPy number as the Python number it is (shown ``5``, not ``np.int64(5)``)."""
    return value.item() if isinstance(value, np.generic) else value


def _edge_list(edges: object, n_nodes: int | None) -> tuple[list[tuple[int, int]], int]:
    """The pairs of an edge list and the number of vertices (inferred when not given)."""
    try:
        pairs = [tuple(_plain(w) for w in edge) for edge in edges]  # type: ignore[attr-defined]
    except TypeError:
        raise TypeError(
            t(
                "edges must be a list of edges (u, v), such as [(0, 1), (1, 2)], not {kind}; "
                "give an adjacency matrix as adjacency=...",
                kind=type(edges).__name__,
            )
        ) from None
    bad = next((i for i, pair in enumerate(pairs) if len(pair) != 2), None)
    if bad is not None:
        raise ValueError(
            t(
                "an edge list is a list of pairs (u, v), but entry {bad} is {pair}; give an "
                "adjacency matrix as adjacency=...",
                bad=bad,
                pair=repr(pairs[bad]),
            )
        )
    for u, v in pairs:
        for w in (u, v):
            if isinstance(w, (bool, np.bool_)) or not isinstance(w, (int, np.integer)) or w < 0:
                raise ValueError(
                    t(
                        "edge ({u}, {v}) names vertex {w}; vertices are numbered 0, 1, 2, ...",
                        u=u,
                        v=v,
                        w=repr(w),
                    )
                )
            if n_nodes is not None and w >= n_nodes:
                raise ValueError(
                    t(
                        "edge ({u}, {v}) names vertex {w}, but the vertices are 0 .. {last}",
                        u=u,
                        v=v,
                        w=repr(w),
                        last=n_nodes - 1,
                    )
                )
        if u == v:
            raise ValueError(t("edge ({u}, {v}) is a loop; use self_toggle=True instead", u=u, v=v))
    if n_nodes is None:
        if not pairs:
            raise ValueError(t("the edge list is empty: pass n_nodes to say how many vertices"))
        n_nodes = 1 + max(max(int(u), int(v)) for u, v in pairs)
    return [(int(u), int(v)) for u, v in pairs], n_nodes


def _list_edges(edges: object, n_nodes: int | None) -> tuple[NDArray[np.intp], int]:
    """The edges ``(u, v)``, ``u < v``, sorted, of an edge list (an edge given twice is one)."""
    if isinstance(edges, (str, bytes)):
        raise TypeError(t("edges must be a list of edges (u, v), not {value}", value=repr(edges)))
    pairs, size = _edge_list(edges, n_nodes)
    unique = {(min(u, v), max(u, v)) for u, v in pairs}
    return np.array(sorted(unique), dtype=np.intp).reshape(-1, 2), size


def _matrix_edges(adjacency: ArrayLike, n_nodes: int | None) -> tuple[NDArray[np.intp], int]:
    """The edges of a checked adjacency matrix: square, symmetric, 0/1, no loops."""
    adj = as_matrix(adjacency, "adjacency")
    if adj.shape[0] != adj.shape[1]:
        raise ValueError(
            t(
                "adjacency must be a square matrix (one row and one column per vertex), not "
                "of shape {shape}; give a list of edges as Puzzle.graph(edges)",
                shape=adj.shape,
            )
        )
    if n_nodes is not None and n_nodes != adj.shape[0]:
        raise ValueError(
            t(
                "n_nodes={size} but the adjacency matrix has {count} vertices",
                size=n_nodes,
                count=adj.shape[0],
            )
        )
    if not np.array_equal(adj, adj.T):
        i, j = (int(v) for v in np.argwhere(adj != adj.T)[0])
        raise ValueError(
            t(
                "the adjacency matrix is not symmetric: entry ({i}, {j}) is {ij} but "
                "({j}, {i}) is {ji}",
                i=i,
                j=j,
                ij=adj[i, j],
                ji=adj[j, i],
            )
        )
    if adj.diagonal().any():
        i = int(np.flatnonzero(adj.diagonal())[0])
        raise ValueError(
            t(
                "the adjacency matrix has a loop at vertex {i}; use self_toggle=True instead "
                "of a 1 on the diagonal",
                i=i,
            )
        )
    return np.argwhere(np.triu(adj)).astype(np.intp), adj.shape[0]


class GraphLike(Protocol):
    """A graph given as an object: its number of vertices and its edges (a ``lo.Graph``)."""

    @property
    def n_nodes(self) -> int: ...

    @property
    def edges(self) -> Iterable[tuple[int, int]]: ...


def network_of(
    edges: Iterable[tuple[int, int]] | GraphLike | None,
    adjacency: ArrayLike | None,
    self_toggle: object,
    n_nodes: object = None,
) -> Network:
    """The graph these arguments describe, each checked (the edge where they are checked).

    Exactly one of ``edges`` and ``adjacency`` says the graph.  ``edges`` is a list (or set)
    of pairs ``(u, v)`` numbered from 0 (``n_nodes`` vertices, by default one more than the
    largest named; an edge given twice, either way round, is one edge), or anything with
    ``n_nodes`` and ``edges`` (a :class:`~lightsout_edu.Graph`).  ``adjacency`` is a square
    symmetric 0/1 matrix with zero diagonal.

    Examples
    --------
    >>> network_of([(1, 2), (0, 1), (2, 1)], None, True).edges.tolist()
    [[0, 1], [1, 2]]
    >>> network_of(None, [[0, 1], [1, 0]], True).edges.tolist()
    [[0, 1]]
    """
    self_toggle = check_flag(self_toggle, "self_toggle")
    size = None if n_nodes is None else check_size(n_nodes, "n_nodes")
    if edges is None and adjacency is None:
        raise TypeError(
            t(
                "give the graph: a list of edges such as [(0, 1), (1, 2)], or a square 0/1 "
                "matrix as adjacency=..."
            )
        )
    if edges is not None and adjacency is not None:
        raise TypeError(t("give the graph once: a list of edges or adjacency=..., not both"))
    if hasattr(adjacency, "n_nodes") and hasattr(adjacency, "edges"):
        raise TypeError(
            t(
                "adjacency is a 0/1 matrix, not {graph}; give a graph as Puzzle.graph(graph)",
                graph=repr(adjacency),
            )
        )
    if adjacency is not None:
        found, size = _matrix_edges(adjacency, size)
        return Network(size, read_only(found), self_toggle)
    name = None
    if edges is not None and hasattr(edges, "n_nodes") and hasattr(edges, "edges"):  # lo.Graph
        graph_nodes = check_size(edges.n_nodes, "the graph's n_nodes")
        if size is not None and size != graph_nodes:
            raise ValueError(
                t(
                    "n_nodes={size} but the graph has {count} vertices",
                    size=size,
                    count=graph_nodes,
                )
            )
        size, name = graph_nodes, getattr(edges, "name", None)
        edges = list(edges.edges)
    found, size = _list_edges(edges, size)
    return Network(size, read_only(found), self_toggle, name if isinstance(name, str) else None)
