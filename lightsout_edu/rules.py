"""The rules of the game: which lights a press changes, as stencils and as toggle matrices.

Cells of a ``rows x cols`` board are numbered row-major, so cell ``(r, c)`` is unknown
number ``r * cols + c``.  Column ``j`` of the toggle matrix ``A`` is the pattern of lights
that pressing cell ``j`` changes: ``A[i, j]`` is how many times one press of ``j`` hits
light ``i`` (mod the number of colours; 0 or 1 on an ordinary board).

One definition of a press serves the matrix and the simulation alike: :func:`hits` moves a
press pattern by one offset of the stencil (off the edge, or around a torus), and both
:func:`toggle_matrix` and :func:`lightsout_edu.press` add up its results.  On a torus with a
side of 1 or 2 two offsets can land on the same cell: it is hit twice (toggled twice with
two colours, advanced twice with k colours).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Literal, overload

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import (
    as_matrix,
    check_flag,
    check_memory,
    check_modulus,
    check_size,
    read_only,
    storage_dtype,
)
from .packed import PackedMatrix, n_words

__all__ = [
    "RULES",
    "Rule",
    "graph_toggle_matrix",
    "hit_blocks",
    "hits",
    "rule_offsets",
    "rule_stencil",
    "toggle_matrix",
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
                f"unknown rule {rule!r}; choose one of "
                f"{', '.join(repr(name) for name in RULES)} or give a 3x3 stencil"
            )
        return RULES[rule].copy()
    stencil = as_matrix(rule, "rule stencil")
    if stencil.shape != (3, 3):
        raise ValueError(
            f"a custom rule must be a 3x3 stencil of 0/1 (centre = pressed cell), "
            f"not shape {stencil.shape}"
        )
    if not stencil.any():
        raise ValueError(
            "the rule stencil is all 0, so a press would change nothing; put a 1 on every "
            "cell a press toggles (the centre is the pressed cell)"
        )
    return stencil


def rule_offsets(rule: Rule) -> list[tuple[int, int]]:
    """The ``(dr, dc)`` offsets a press reaches, e.g. ``(0, 0)`` for the pressed cell.

    Examples
    --------
    >>> rule_offsets("plus")
    [(-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)]
    """
    return [(int(dr) - 1, int(dc) - 1) for dr, dc in np.argwhere(rule_stencil(rule))]


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


def _hit_pairs(
    rows: int, cols: int, rule: Rule, torus: bool
) -> Iterator[tuple[NDArray[np.int64], NDArray[np.int64]]]:
    """For each offset: (lights hit, cells pressed), as row-major indices, via :func:`hits`."""
    n = rows * cols
    # Cell numbers + 1, moved like presses: entry i is (the cell whose press hits light i) + 1.
    numbers = np.arange(1, n + 1, dtype=np.int64).reshape(rows, cols)
    for dr, dc in rule_offsets(rule):
        source = hits(numbers, dr, dc, torus).reshape(-1)
        lights = np.flatnonzero(source)
        yield lights, source[lights] - 1


@overload
def toggle_matrix(
    rows: int,
    cols: int,
    *,
    rule: Rule = ...,
    torus: bool = ...,
    colors: int = ...,
    packed: Literal[False] = ...,
) -> NDArray: ...
@overload
def toggle_matrix(
    rows: int,
    cols: int,
    *,
    rule: Rule = ...,
    torus: bool = ...,
    colors: int = ...,
    packed: Literal[True],
) -> PackedMatrix: ...
def toggle_matrix(
    rows: int,
    cols: int,
    *,
    rule: Rule = "plus",
    torus: bool = False,
    colors: int = 2,
    packed: bool = False,
) -> NDArray | PackedMatrix:
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
    colors : int, default 2
        Number of light states k: entries are hit counts mod k.  They differ from the
        two-colour matrix only on a torus with a side of 1 or 2, where a press can hit a cell
        twice.
    packed : bool, default False
        Return a :class:`~lightsout_edu.PackedMatrix` (1 bit per entry, two colours only),
        built directly: a 300x300 board's matrix takes 1 GiB packed, 7.5 GiB as bytes.

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
    """
    rows, cols = check_size(rows, "rows"), check_size(cols, "cols")
    torus, packed = check_flag(torus, "torus"), check_flag(packed, "packed")
    k = check_modulus(colors, "colors")
    rule_stencil(rule)
    n = rows * cols
    if packed:
        if k != 2:
            raise ValueError(f"packed=True stores one bit per entry, so it needs colors=2, not {k}")
        check_memory(
            8 * n * n_words(n),
            f"the packed toggle matrix of a {rows}x{cols} board ({n}x{n} bits)",
            "solve_board(board) solves big boards by light chasing without this matrix",
        )
        words = np.zeros((n, n_words(n)), dtype=np.uint64)
        for lights, cells in _hit_pairs(rows, cols, rule, torus):
            bits = np.left_shift(np.uint64(1), (cells & 63).astype(np.uint64))
            np.bitwise_xor.at(words, (lights, cells >> 6), bits)  # two hits cancel mod 2
        return PackedMatrix(words, n)
    dtype = storage_dtype(k)
    check_memory(
        n * n * dtype.itemsize,
        f"the toggle matrix of a {rows}x{cols} board ({n}x{n} entries)",
        "use toggle_matrix(..., packed=True) (1 bit per entry) or solve_board(board), which "
        "solves big boards by light chasing without this matrix",
    )
    counts = np.zeros((n, n), dtype=dtype)
    for lights, cells in _hit_pairs(rows, cols, rule, torus):
        np.add.at(counts, (lights, cells), 1)  # at most 9 hits: no overflow, even in uint8
    if k <= 9:  # more colours than hits: the counts are residues already
        counts %= np.asarray(k, dtype=dtype)
    return counts


def _edge_list(edges: object, n_nodes: int | None) -> tuple[list[tuple[int, int]], int]:
    """The pairs of an edge list and the number of vertices (inferred when not given)."""
    try:
        pairs = [tuple(edge) for edge in edges]  # type: ignore[attr-defined]
    except TypeError:
        raise TypeError(
            "adjacency must be a square 0/1 matrix or a list of edges (u, v), not "
            f"{type(edges).__name__}"
        ) from None
    bad = next((i for i, pair in enumerate(pairs) if len(pair) != 2), None)
    if bad is not None:
        raise ValueError(
            "an adjacency matrix must be square and an edge list a list of pairs (u, v), but "
            f"entry {bad} is {pairs[bad]!r}"
        )
    for u, v in pairs:
        for w in (u, v):
            if isinstance(w, (bool, np.bool_)) or not isinstance(w, (int, np.integer)) or w < 0:
                raise ValueError(
                    f"edge ({u}, {v}) names vertex {w!r}; vertices are numbered 0, 1, 2, ..."
                )
            if n_nodes is not None and w >= n_nodes:
                raise ValueError(
                    f"edge ({u}, {v}) names vertex {w!r}, but the vertices are 0 .. {n_nodes - 1}"
                )
        if u == v:
            raise ValueError(f"edge ({u}, {v}) is a loop; use self_toggle=True instead")
    if n_nodes is None:
        if not pairs:
            raise ValueError("the edge list is empty: pass n_nodes to say how many vertices")
        n_nodes = 1 + max(max(int(u), int(v)) for u, v in pairs)
    return [(int(u), int(v)) for u, v in pairs], n_nodes


def _is_adjacency_matrix(value: object) -> bool:
    """A square matrix; a 2x2 one only if its entries are 0/1 (else: two edges (u, v))."""
    try:
        arr = np.asarray(value)
    except (ValueError, TypeError):
        return False
    square = arr.ndim == 2 and arr.shape[0] == arr.shape[1]
    return square and (arr.shape[0] != 2 or bool(np.isin(arr, (0, 1)).all()))


def graph_toggle_matrix(
    adjacency: ArrayLike, *, self_toggle: bool = True, n_nodes: int | None = None
) -> NDArray[np.uint8]:
    """Build the toggle matrix of Lights Out played on a graph.

    Pressing a vertex toggles its neighbours and, with ``self_toggle``, the vertex itself.

    Parameters
    ----------
    adjacency : array_like
        Either a square symmetric 0/1 adjacency matrix with zero diagonal, or a list (or set)
        of edges ``[(u, v), ...]`` with vertices numbered from 0.
    self_toggle : bool, default True
        Whether a press also toggles the pressed vertex.
    n_nodes : int, optional
        Number of vertices of an edge list; by default one more than the largest vertex
        named (pass it when the graph has isolated vertices at the end).

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
    """
    self_toggle = check_flag(self_toggle, "self_toggle")
    if n_nodes is not None:
        n_nodes = check_size(n_nodes, "n_nodes")
    if n_nodes is None and _is_adjacency_matrix(adjacency):
        adj = as_matrix(adjacency, "adjacency")
        if not np.array_equal(adj, adj.T):
            i, j = (int(v) for v in np.argwhere(adj != adj.T)[0])
            raise ValueError(
                f"the adjacency matrix is not symmetric: entry ({i}, {j}) is "
                f"{adj[i, j]} but ({j}, {i}) is {adj[j, i]}"
            )
        if adj.diagonal().any():
            i = int(np.flatnonzero(adj.diagonal())[0])
            raise ValueError(
                f"the adjacency matrix has a loop at vertex {i}; use "
                f"self_toggle=True instead of a 1 on the diagonal"
            )
    else:
        if isinstance(adjacency, (str, bytes)):
            raise TypeError(f"adjacency must be a matrix or a list of edges, not {adjacency!r}")
        edges, n = _edge_list(adjacency, n_nodes)
        check_memory(
            n * n,
            f"the toggle matrix of a graph with {n} vertices",
            "number the vertices 0 .. n-1 without gaps, or play on a smaller graph",
        )
        adj = np.zeros((n, n), dtype=np.uint8)
        for u, v in edges:
            adj[u, v] = adj[v, u] = 1
    A = adj.copy()
    if self_toggle:
        np.fill_diagonal(A, 1)
    return A
