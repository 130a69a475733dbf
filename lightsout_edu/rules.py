"""Toggle matrices: which lights a press changes, written as a matrix over GF(2).

Cells of a ``rows x cols`` board are numbered row-major, so cell ``(r, c)`` is unknown
number ``r * cols + c``.  Column ``j`` of the toggle matrix ``A`` is the pattern of lights
that pressing cell ``j`` toggles: ``A[i, j] = 1`` exactly when pressing ``j`` changes ``i``.
"""

from __future__ import annotations

from typing import Literal

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import as_matrix, check_size

__all__ = ["RULES", "Rule", "graph_toggle_matrix", "rule_stencil", "toggle_matrix"]

RuleName = Literal["plus", "neighbors", "x", "king"]
Rule = RuleName | ArrayLike

#: The named rules as 3x3 stencils: ``stencil[1 + dr, 1 + dc] = 1`` when a press toggles the
#: cell ``dr`` rows and ``dc`` columns away from the pressed cell.
RULES: dict[str, NDArray[np.uint8]] = {
    "plus": np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]], dtype=np.uint8),
    "neighbors": np.array([[0, 1, 0], [1, 0, 1], [0, 1, 0]], dtype=np.uint8),
    "x": np.array([[1, 0, 1], [0, 1, 0], [1, 0, 1]], dtype=np.uint8),
    "king": np.array([[1, 1, 1], [1, 1, 1], [1, 1, 1]], dtype=np.uint8),
}


def rule_stencil(rule: Rule) -> NDArray[np.uint8]:
    """Return the 3x3 stencil of a rule name or a custom 3x3 0/1 stencil.

    Parameters
    ----------
    rule : {"plus", "neighbors", "x", "king"} or array_like
        A named rule, or a 3x3 array of 0/1 whose centre is the pressed cell.

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
            raise ValueError(f"unknown rule {rule!r}; choose one of "
                             f"{', '.join(repr(name) for name in RULES)} or give a 3x3 stencil")
        return RULES[rule].copy()
    stencil = as_matrix(rule, "rule stencil")
    if stencil.shape != (3, 3):
        raise ValueError(f"a custom rule must be a 3x3 stencil of 0/1 (centre = pressed cell), "
                         f"not shape {stencil.shape}")
    return stencil


def _offsets(stencil: NDArray[np.uint8]) -> list[tuple[int, int]]:
    return [(int(dr) - 1, int(dc) - 1) for dr, dc in np.argwhere(stencil)]


def toggle_matrix(rows: int, cols: int, *, rule: Rule = "plus",
                  torus: bool = False) -> NDArray[np.uint8]:
    """Build the toggle matrix ``A`` of a ``rows x cols`` board.

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

    Returns
    -------
    numpy.ndarray
        ``A`` with ``A[i, j] = 1`` iff pressing cell ``j`` toggles cell ``i``.

    Examples
    --------
    >>> toggle_matrix(1, 3)
    array([[1, 1, 0],
           [1, 1, 1],
           [0, 1, 1]], dtype=uint8)
    >>> int(toggle_matrix(5, 5).sum())
    105
    """
    rows, cols = check_size(rows, "rows"), check_size(cols, "cols")
    offsets = _offsets(rule_stencil(rule))
    n = rows * cols
    A = np.zeros((n, n), dtype=np.uint8)
    r, c = np.divmod(np.arange(n), cols)
    for dr, dc in offsets:
        tr, tc = r + dr, c + dc
        if torus:
            tr, tc = tr % rows, tc % cols
            keep = np.ones(n, dtype=bool)
        else:
            keep = (tr >= 0) & (tr < rows) & (tc >= 0) & (tc < cols)
        # pressing cell j = (r, c) toggles cell i = (tr, tc); XOR so that on tiny tori an
        # offset that lands on the same cell twice cancels, exactly as pressing does.
        np.bitwise_xor.at(A, (tr[keep] * cols + tc[keep], np.arange(n)[keep]), 1)
    return A


def graph_toggle_matrix(adjacency: ArrayLike, *, self_toggle: bool = True,
                        n_nodes: int | None = None) -> NDArray[np.uint8]:
    """Build the toggle matrix of Lights Out played on a graph.

    Pressing a vertex toggles its neighbours and, with ``self_toggle``, the vertex itself.

    Parameters
    ----------
    adjacency : array_like
        Either a square symmetric 0/1 adjacency matrix with zero diagonal, or a list of edges
        ``[(u, v), ...]`` together with ``n_nodes``.
    self_toggle : bool, default True
        Whether a press also toggles the pressed vertex.
    n_nodes : int, optional
        Number of vertices when ``adjacency`` is an edge list.

    Returns
    -------
    numpy.ndarray
        The ``(n, n)`` toggle matrix.

    Examples
    --------
    >>> graph_toggle_matrix([(0, 1), (1, 2)], n_nodes=3)
    array([[1, 1, 0],
           [1, 1, 1],
           [0, 1, 1]], dtype=uint8)
    """
    if n_nodes is None:
        adj = as_matrix(adjacency, "adjacency")
        if adj.shape[0] != adj.shape[1]:
            raise ValueError(f"an adjacency matrix must be square, not {adj.shape}; "
                             f"for an edge list also pass n_nodes")
        if not np.array_equal(adj, adj.T):
            i, j = (int(v) for v in np.argwhere(adj != adj.T)[0])
            raise ValueError(f"the adjacency matrix is not symmetric: entry ({i}, {j}) is "
                             f"{adj[i, j]} but ({j}, {i}) is {adj[j, i]}")
        if adj.diagonal().any():
            i = int(np.flatnonzero(adj.diagonal())[0])
            raise ValueError(f"the adjacency matrix has a loop at vertex {i}; use "
                             f"self_toggle=True instead of a 1 on the diagonal")
    else:
        n = check_size(n_nodes, "n_nodes")
        adj = np.zeros((n, n), dtype=np.uint8)
        edges = np.asarray(adjacency, dtype=object)
        if edges.size and (edges.ndim != 2 or edges.shape[1] != 2):
            raise ValueError("an edge list must be a list of pairs (u, v)")
        for u, v in edges.tolist():
            for w in (u, v):
                if isinstance(w, bool) or not isinstance(w, int) or not 0 <= w < n:
                    raise ValueError(f"edge ({u}, {v}) names vertex {w!r}, but the vertices are "
                                     f"0 .. {n - 1}")
            if u == v:
                raise ValueError(f"edge ({u}, {v}) is a loop; use self_toggle=True instead")
            adj[u, v] = adj[v, u] = 1
    A = adj.copy()
    if self_toggle:
        np.fill_diagonal(A, 1)
    return A
