"""Exercises of lecture 7: variants (the torus, graphs, k colours)."""

from __future__ import annotations

import numpy as np

from lightsout_edu._i18n import t
from lightsout_edu.boards import parse_board, press
from lightsout_edu.graphs import petersen_graph
from lightsout_edu.modular import solvable_board_count
from lightsout_edu.puzzle import Puzzle
from lightsout_edu.rules import toggle_matrix
from lightsout_edu.solver import solve_board

from .feedback import (
    Feedback,
    WrongForm,
    as_board,
    as_cells,
    as_int_set,
    as_pattern_list,
    as_whole_number,
    brief,
    check_basis,
    checker,
    choice,
    hint,
    ok,
)

__all__ = [
    "COLOR_RANGE",
    "PETERSEN_EDGES",
    "THREE_COLOR_BOARD",
    "check_all_on_petersen",
    "check_odd_degree_proof",
    "check_colors_with_unsolvable_3x3",
    "check_neighbors_only_graph",
    "check_one_even_degree_graph",
    "check_three_color_presses",
    "check_torus_kernel_5x5",
]

#: A 4x4 board with three colours (0 = off, a press adds 1 mod 3 to each cell it toggles).
THREE_COLOR_BOARD: str = "1201/2102/1101/1121"
#: The colour counts asked about in the k-colour exercise on the 3x3 board.
COLOR_RANGE: range = range(2, 13)
#: The Petersen graph of lecture 7: outer 5-cycle 0..4, spokes i -- i+5, inner pentagram 5..9.
PETERSEN_EDGES: tuple[tuple[int, int], ...] = petersen_graph().edges


@checker(lambda: t("a list of 5x5 boards of 0s and 1s (arrays, nested lists or text boards)"))
def check_torus_kernel_5x5(answer: object) -> Feedback:
    """A basis of the quiet patterns of the 5x5 game on a torus (edges wrap around)."""
    shape = (5, 5)
    patterns = as_pattern_list(answer, shape)
    return check_basis(patterns, toggle_matrix(*shape, torus=True), shape)


def _graph_form() -> str:
    """The answer form of the two graph exercises, in the language in use."""
    return t(
        "a graph on the nodes 0, 1, 2, ...: a list or set of edges like [(0, 1), (1, 2)], or a "
        "symmetric 0/1 adjacency matrix"
    )


def _looks_like_a_matrix(rows: list | tuple) -> bool:
    """A square nested list of 0s and 1s whose rows are lists (edges may be tuples)."""
    return all(
        isinstance(r, list)
        and len(r) == len(rows)
        and all(isinstance(x, (int, np.integer)) and x in (0, 1) for x in r)  # any entries
        for r in rows
    )


def _as_adjacency(answer: object) -> np.ndarray:
    """An adjacency matrix from a 0/1 matrix, a list or set of edges or a dict of neighbours.

    Nodes are numbered from 0.
    """
    if isinstance(answer, str):
        raise WrongForm(
            t(
                "this is text; give the graph as Python data, e.g. [(0, 1), (1, 2)] without the "
                "quotes."
            )
        )
    if isinstance(answer, dict):
        answer = [(u, v) for u, vs in answer.items() for v in vs]
    if isinstance(answer, (set, frozenset)):
        answer = sorted(tuple(e) if isinstance(e, (tuple, list)) else e for e in answer)
    if (
        isinstance(answer, (list, tuple))
        and answer
        and all(isinstance(e, (list, tuple)) and len(e) == 2 for e in answer)
        and not _looks_like_a_matrix(answer)
    ):
        edges = [(as_whole_number(u), as_whole_number(v)) for u, v in answer]
        if min(min(e) for e in edges) < 0:
            raise WrongForm(t("nodes are numbered 0, 1, 2, ...; negative numbers are not nodes."))
        n = 1 + max(max(e) for e in edges)
        if n > 64:
            raise WrongForm(
                t("{count} nodes is too many for this exercise; use at most 64.", count=n)
            )
        adjacency = np.zeros((n, n), dtype=np.int64)
        for u, v in edges:
            adjacency[u, v] = adjacency[v, u] = 1
        if any(u == v for u, v in edges):
            raise WrongForm(t("an edge from a node to itself is not allowed."))
        return adjacency
    adjacency = as_cells(answer, t("adjacency matrix"))
    if adjacency.ndim != 2 or adjacency.shape[0] != adjacency.shape[1]:
        raise WrongForm(
            t("an adjacency matrix is square, not of shape {shape}.", shape=adjacency.shape)
        )
    if not np.array_equal(adjacency, adjacency.T):
        raise WrongForm(t("the adjacency matrix is not symmetric."))
    if adjacency.diagonal().any():
        raise WrongForm(t("the adjacency matrix has a 1 on the diagonal (a loop)."))
    return adjacency


def _isolated(degrees: np.ndarray) -> Feedback:
    """The hint for a graph with a node without neighbours (node 0 alone: counted from 1)."""
    if len(degrees) > 2 and not degrees[0] and degrees[1:].all():
        return hint(
            t(
                "node 0 has no neighbour: the nodes are numbered from 0, and your edges start "
                "at node 1. Number the nodes from 0."
            )
        )
    return hint(
        t(
            "every node needs at least one neighbour (an isolated node could never be "
            "switched off, which is too easy)."
        )
    )


@checker(_graph_form)
def check_neighbors_only_graph(answer: object) -> Feedback:
    """A graph without isolated nodes whose neighbours-only game cannot switch all-on off."""
    adjacency = _as_adjacency(answer)
    n = len(adjacency)
    if n < 2 or not adjacency.sum(axis=0).all():
        return _isolated(adjacency.sum(axis=0))
    game = Puzzle.graph(adjacency=adjacency.astype(np.uint8), self_toggle=False)
    if game.solve(np.ones(n, dtype=np.uint8)).solvable:
        return hint(
            t(
                "on this graph all lights can be switched off. Look for a graph where a set of "
                "an odd number of nodes meets every neighbourhood an even number of times."
            )
        )
    return ok(
        t(
            "on this graph with {count} nodes the all-on board cannot be switched off when a "
            "press toggles only the neighbours.",
            count=n,
        )
    )


@checker(_graph_form)
def check_one_even_degree_graph(answer: object) -> Feedback:
    """A graph on which the neighbours-only all-on board fails, with one node of even degree.

    No isolated nodes.  Every y with Adj y = 0 has sum of deg(v) over v in y even, so a
    failing graph needs an even-degree node inside an odd y: at least one, and one can be
    enough.
    """
    adjacency = _as_adjacency(answer)
    n = len(adjacency)
    degrees = adjacency.sum(axis=0)
    if n < 2 or not degrees.all():
        return _isolated(degrees)
    game = Puzzle.graph(adjacency=adjacency.astype(np.uint8), self_toggle=False)
    if game.solve(np.ones(n, dtype=np.uint8)).solvable:
        return hint(
            t(
                "on this graph the all-on board of the neighbours-only game can be switched "
                "off. It fails exactly when some set Y of an odd number of nodes meets every "
                "neighbourhood an even number of times."
            )
        )
    even = [int(v) for v in np.flatnonzero(degrees % 2 == 0)]
    if len(even) > 1:  # more than one: a plural sentence
        return hint(
            t(
                "all-on fails here, but {count} nodes have even degree ({nodes}): one is "
                "enough. Start from a graph where it fails and change the degrees without "
                "spoiling the set Y that proves it.",
                count=len(even),
                nodes=brief(even),
            )
        )
    return ok(
        t(
            "all-on fails on this graph, and only node {node} has even degree. It cannot be "
            "fewer: if Adj y = 0 then 0 = y . (Adj 1) = sum of deg(v) over the nodes v of y, "
            "so y holds an even number of odd-degree nodes; an odd y, which all-on needs to "
            "fail, must hold a node of even degree.",
            node=even[0],
        )
    )


@checker(
    lambda: t(
        "a 0/1 list of length 10 (1 = press that node), or the numbers of the nodes to press "
        "(a list or set of numbers from 0 to 9)"
    )
)
def check_all_on_petersen(answer: object) -> Feedback:
    """Presses switching off the all-on board of the (self-toggling) Petersen-graph game."""
    n = 10
    game = Puzzle.graph(PETERSEN_EDGES)
    entries = (
        np.ravel(np.asarray(answer, dtype=object)).tolist()
        if isinstance(answer, (list, tuple, np.ndarray)) and len(answer) == n
        else None
    )
    whole = entries is not None and all(
        isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in entries
    )
    counts = whole and len(set(entries or ())) < n  # repeats: not a set of nodes
    if counts:
        node, value = next(
            ((i, int(v)) for i, v in enumerate(entries or ()) if v not in (0, 1)), (None, 0)
        )
        if node is not None:
            return hint(
                t(
                    "as a list of 10 with repeats this is a press count per node, and node "
                    "{node} has {value}: over GF(2) only the parity of the presses counts "
                    "(1 + 1 = 0), so give 0s and 1s.",
                    node=node,
                    value=value,
                )
            )
    if not (counts or (entries is not None and set(entries) <= {0, 1})):
        nodes = as_int_set(answer)
        if not nodes <= set(range(n)):
            raise WrongForm(t("the nodes are numbered 0 to {last}.", last=n - 1))
        x = np.array([int(i in nodes) for i in range(n)], dtype=np.int64)
        shifted = sorted(i - 1 for i in nodes)
        if (
            min(nodes, default=0) >= 1
            and not game.press(np.ones(n), np.isin(range(n), shifted)).any()
        ):
            return hint(
                t(
                    "the nodes are numbered from 0, as in Lecture 7: your numbers minus 1, "
                    "{nodes}, switch everything off.",
                    nodes=shifted,
                )
            )
    else:
        x = as_cells(answer, t("press vector")).ravel()
    lit = game.press(np.ones(n, dtype=np.uint8), x)
    if x.all():
        return hint(
            t(
                "pressing every node toggles each node 4 times (itself and its 3 "
                "neighbours): 4 is even, so every light stays on."
            )
        )
    if lit.any():
        on = [int(i) for i in np.flatnonzero(lit)]
        return hint(
            t(
                "after these presses {count} node is still lit: {nodes}."
                if len(on) == 1
                else "after these presses {count} nodes are still lit: {nodes}.",
                count=len(on),
                nodes=on,
            )
        )
    return ok(
        t(
            "pressing nodes {nodes} switches everything off.",
            nodes=[int(i) for i in np.flatnonzero(x)],
        )
    )


@checker(lambda: t("a 4x4 board of press counts 0, 1, 2 (array, nested list or text board)"))
def check_three_color_presses(answer: object) -> Feedback:
    """Press counts (mod 3) that bring every light of THREE_COLOR_BOARD back to 0."""
    board = parse_board(THREE_COLOR_BOARD)
    presses = as_board(answer, board.shape, t("press pattern"), colors=3)
    left = press(board, presses, colors=3)
    if left.any():
        count = int(np.count_nonzero(left))
        return hint(
            t(
                "{count} light is not 0 after these presses; solve A x = -b over GF(3), where "
                "-1 = 2. The board after your presses:"
                if count == 1
                else "{count} lights are not 0 after these presses; solve A x = -b over GF(3), "
                "where -1 = 2. The board after your presses:",
                count=count,
            ),
            left,
        )
    count = solve_board(board, colors=3).solution_count
    return ok(t("every light is back to 0; this board has {count} solutions in all.", count=count))


@checker(
    lambda: t(
        "a list of the numbers k between {first} and {last}, e.g. [4, 9]",
        first=COLOR_RANGE.start,
        last=COLOR_RANGE.stop - 1,
    )
)
def check_colors_with_unsolvable_3x3(answer: object) -> Feedback:
    """The k in COLOR_RANGE for which some 3x3 board with k colours cannot be switched off."""
    given = as_int_set(answer)
    A = toggle_matrix(3, 3)
    truth = {k for k in COLOR_RANGE if solvable_board_count(A, k) < k**9}
    if given == truth:
        return ok(
            t(
                "only k = {values}: det A = -7 over the integers, and A is invertible mod k "
                "exactly when k shares no factor with 7.",
                values=sorted(truth),
            )
        )
    if given - set(COLOR_RANGE):
        return hint(
            t(
                "only k from {first} to {last} are asked for.",
                first=COLOR_RANGE.start,
                last=COLOR_RANGE.stop - 1,
            )
        )
    wrong = sorted(given - truth)
    if wrong:
        return hint(t("with k = {k} colours every 3x3 board can be switched off.", k=wrong[0]))
    return hint(
        t(
            "some k are missing. A is invertible mod k iff det A is a unit mod k: compute "
            "det A over the integers."
        )
    )


@checker(lambda: t("the letter of the right argument: 'a', 'b', 'c' or 'd'"))
def check_odd_degree_proof(answer: object) -> Feedback:
    """Why the board lit at the vertices of odd degree is always solvable (self-toggling game)."""
    return choice(answer, "odd_degree_proof")
