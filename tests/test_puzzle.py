"""The Puzzle: one checked value for a grid or a graph and k colours.

* What it holds, its repr, equality, and that it is frozen and checked once (the engine below
  never checks the modulus, the board or the rule again).
* The keyword forms (solve_board(board, rule=...), press, toggle_matrix, ...) are the puzzle
  forms: the same answers, and both at once is refused.
* Graphs: the toggle matrix is the press simulation, and solve() agrees with brute force over
  every press pattern and with galois (hypothesis, small graphs, k = 2, 3, 4, 6).
"""

from __future__ import annotations

import collections
import dataclasses
import itertools
import sys

import galois
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lightsout_edu as lo
from lightsout_edu import _grid, _validation

Puzzle = lo.Puzzle


# -- the value ----------------------------------------------------------------------------------
def test_a_grid_holds_what_a_widget_needs():
    p = Puzzle.grid(4, 6, rule="neighbors", torus=True, colors=3)
    assert (p.kind, p.shape, p.size, p.rows, p.cols) == ("grid", (4, 6), 24, 4, 6)
    assert (p.rule, p.torus, p.colors) == ("neighbors", True, 3)
    assert np.array_equal(p.stencil, lo.RULES["neighbors"]) and not p.stencil.flags.writeable
    assert Puzzle.grid(5).shape == (5, 5)  # square by default


def test_a_graph_holds_its_edges():
    p = Puzzle.graph([(2, 1), (0, 1), (1, 2)], self_toggle=False, colors=4)
    assert (p.kind, p.shape, p.size, p.n_nodes) == ("graph", (3,), 3, 3)
    assert p.edges == ((0, 1), (1, 2)) and not p.self_toggle  # sorted, each edge once
    with pytest.raises(AttributeError, match="a graph puzzle has no stencil"):
        p.stencil  # noqa: B018
    with pytest.raises(AttributeError, match="a grid puzzle has no edges"):
        Puzzle.grid(3, 3).edges  # noqa: B018


def test_reprs_read_like_the_call_that_builds_them():
    assert repr(Puzzle.grid(5, 5)) == "Puzzle.grid(5, 5, rule='plus')"
    assert repr(Puzzle.grid(2, 3, rule="x", torus=True, colors=7)) == (
        "Puzzle.grid(2, 3, rule='x', torus=True, colors=7)"
    )
    custom = Puzzle.grid(3, 3, rule=[[0, 1, 0], [0, 1, 0], [0, 1, 0]])
    assert repr(custom) == "Puzzle.grid(3, 3, rule=[[0, 1, 0], [0, 1, 0], [0, 1, 0]])"
    assert eval(repr(custom), {"Puzzle": Puzzle}) == custom
    assert repr(Puzzle.graph(lo.petersen_graph(), colors=3)) == (
        "Puzzle.graph(<Petersen: 10 nodes, 15 edges>, colors=3)"
    )
    assert repr(Puzzle.graph([(0, 1)], self_toggle=False)) == (
        "Puzzle.graph(<2 nodes, 1 edge>, self_toggle=False)"
    )


def test_an_edge_list_is_read_as_edges_and_a_matrix_only_by_name():
    # two edges, the same one either way round: one edge (as a 0/1 matrix says it once)
    assert Puzzle.graph([(1, 0), (0, 1)]).edges == ((0, 1),)
    assert Puzzle.graph([(0, 1), (0, 1)]) == Puzzle.graph([(0, 1)])
    assert Puzzle.graph([(0, 1), (1, 2)]).n_nodes == 3
    # a 2x2 list of pairs is an edge list even when it could be read as a matrix
    assert Puzzle.graph([[0, 2], [2, 0]]) == Puzzle.graph([(0, 2)])
    path = Puzzle.graph(adjacency=[[0, 1, 0], [1, 0, 1], [0, 1, 0]], self_toggle=False)
    assert path == Puzzle.graph([(0, 1), (1, 2)], self_toggle=False)
    assert Puzzle.graph(adjacency=np.zeros((3, 3), np.uint8)).n_nodes == 3  # no edges
    assert np.array_equal(
        lo.graph_toggle_matrix(adjacency=[[0, 1], [1, 0]]), lo.graph_toggle_matrix([(0, 1)])
    )


def test_puzzles_are_equal_when_they_are_the_same_game():
    assert Puzzle.grid(3, 3) == Puzzle.grid(3, 3, rule=lo.RULES["plus"])
    assert Puzzle.grid(3, 3) != Puzzle.grid(3, 3, colors=3)
    assert Puzzle.grid(3, 3) != Puzzle.grid(3, 3, torus=True)
    assert Puzzle.grid(2, 3) != Puzzle.grid(3, 2)
    graph = lo.path_graph(4)
    assert Puzzle.graph(graph) == Puzzle.graph([(2, 3), (0, 1), (1, 2)])
    assert Puzzle.graph(graph) == Puzzle.graph(
        adjacency=lo.graph_toggle_matrix(graph, self_toggle=False)
    )
    assert Puzzle.graph(graph) != Puzzle.graph(graph, self_toggle=False)
    assert len({Puzzle.grid(3, 3), Puzzle.grid(3, 3, rule=lo.RULES["plus"]), Puzzle.grid(4)}) == 2


def test_a_puzzle_is_frozen():
    p = Puzzle.grid(3, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.colors = 3  # type: ignore[misc]
    with pytest.raises(ValueError, match="read-only"):
        p.stencil[0, 0] = 1


@pytest.mark.parametrize(
    ("build", "error", "message"),
    [
        (lambda: Puzzle.grid(0, 3), ValueError, "rows must be at least 1"),
        (lambda: Puzzle.grid(3, 2.5), TypeError, "cols must be a whole number"),
        (lambda: Puzzle.grid(3, 3, rule="queen"), ValueError, "unknown rule 'queen'"),
        (lambda: Puzzle.grid(3, 3, torus="no"), TypeError, "torus must be True or False"),
        (lambda: Puzzle.grid(3, 3, colors=1), ValueError, "colors must be at least 2"),
        (lambda: Puzzle.grid(3, 3, colors=2**65), ValueError, "too large"),
        (lambda: Puzzle.graph([(0, 0)]), ValueError, "loop"),
        (lambda: Puzzle.graph(adjacency=[[0, 1], [0, 0]]), ValueError, "not symmetric"),
        (lambda: Puzzle.graph([(0, 1)], self_toggle=None), TypeError, "self_toggle"),
        (lambda: Puzzle.graph(lo.path_graph(3), n_nodes=4), ValueError, "n_nodes=4"),
        (lambda: Puzzle.graph([(0, 1)], colors=True), TypeError, "colors"),
        (lambda: Puzzle.graph([(0, 0), (0, 1)]), ValueError, r"edge \(0, 0\) is a loop"),
        (lambda: Puzzle.graph(adjacency=[[0, 2], [2, 0]]), ValueError, "entry 2 at"),
        (lambda: Puzzle.graph(adjacency=np.ones((2, 3))), ValueError, r"not of shape \(2, 3\)"),
        (lambda: Puzzle.graph(adjacency=np.zeros((2, 2)), n_nodes=3), ValueError, "n_nodes=3"),
        (lambda: Puzzle.graph(np.zeros((3, 3))), ValueError, "adjacency="),
        (lambda: Puzzle.graph(5), TypeError, "adjacency="),
        (lambda: Puzzle.graph(adjacency=lo.path_graph(3)), TypeError, r"Puzzle.graph\(graph\)"),
        (lambda: Puzzle.graph(np.array([[0, 5]]), n_nodes=3), ValueError, "names vertex 5,"),
        (lambda: Puzzle.graph("01"), TypeError, "list of edges"),
        (lambda: Puzzle.graph(), TypeError, "give the graph"),
        (lambda: Puzzle.graph([(0, 1)], adjacency=np.zeros((2, 2))), TypeError, "not both"),
        (lambda: Puzzle.graph([(0, 1)]).solve([[1, 0]]), ValueError, "one entry per node"),
        (lambda: Puzzle.graph([(0, 1)]).press([1, 0], [[1], [0]]), ValueError, "presses"),
        (lambda: Puzzle("grid", 2), TypeError, "Puzzle.grid"),
        (lambda: Puzzle.grid(3, 3).check_board([[1, 0]]), ValueError, r"shape \(1, 2\)"),
        (lambda: Puzzle.grid(2, 2).check_board([[1, 0], [0, 2]]), ValueError, "entry 2"),
        (lambda: Puzzle.graph([(0, 1)]).check_board([1, 0, 1]), ValueError, "2 nodes"),
        (lambda: Puzzle.graph([(0, 1)], colors=3).check_board([1, 3]), ValueError, "entry 3"),
        (lambda: Puzzle.grid(3, 3, colors=3).toggle_matrix(packed=True), ValueError, "colors=2"),
        (lambda: Puzzle.grid(3, 3).solve(np.ones((3, 3)), method="magic"), ValueError, "method"),
        (lambda: Puzzle.grid(3, 3).chase(np.ones((3, 3)), along="up"), ValueError, "along"),
        (lambda: Puzzle.grid(3, 3, rule="king").chase(np.ones((3, 3))), ValueError, "'king'"),
        (lambda: Puzzle.graph([(0, 1)]).chase([1, 0]), ValueError, "a graph has no rows"),
        (
            lambda: Puzzle.graph([(0, 1)]).solve([1, 0], method="chase"),
            ValueError,
            "needs a grid",
        ),
    ],
)
def test_bad_values_are_refused_when_the_puzzle_is_built_or_used(build, error, message):
    with pytest.raises(error, match=message):
        build()


def calls_during(work) -> collections.Counter:
    """How often each check runs while ``work()`` does (by a profile hook on their code)."""
    checks = {
        _validation.check_modulus.__code__: "modulus",
        _validation._check_entries.__code__: "entries",
        _grid.rule_stencil.__code__: "stencil",
    }
    counts: collections.Counter = collections.Counter()

    def profile(frame, event, arg):
        if event == "call" and frame.f_code in checks:
            counts[checks[frame.f_code]] += 1

    sys.setprofile(profile)
    try:
        work()
    finally:
        sys.setprofile(None)
    return counts


@pytest.mark.parametrize(
    "work",
    [
        lambda b: lo.solve_board(b).fewest_presses(),
        lambda b: lo.solve_board(b, method="elimination").fewest_presses(),
        lambda b: lo.solve_board(b, colors=3).all_fewest_presses(),
        lambda b: lo.solve_board(b, colors=4, torus=True).certificate,
        lambda b: lo.light_chase(b, rule="neighbors"),
        lambda b: lo.solve_board(np.ones((5, 5), np.uint8) - b).certificate,
        lambda b: lo.solve_board(b.tolist()).presses,
    ],
)
def test_the_modulus_the_board_and_the_rule_are_checked_once(work):
    """For one solve_board they were checked 6, 5 and 3 times on the way down."""
    board = lo.random_board(5, 5, seed=11, solvable=True)  # solvable with 3 colours too
    assert calls_during(lambda: work(board)) == {"modulus": 1, "entries": 1, "stencil": 1}
    text = lo.format_board(board)
    assert calls_during(lambda: lo.solve_board(text)) == {"modulus": 1, "entries": 1, "stencil": 1}


def test_pressing_checks_the_board_and_the_presses_once_each():
    board = lo.random_board(4, 4, seed=1)
    assert calls_during(lambda: lo.press(board, board)) == {
        "modulus": 1,
        "entries": 2,
        "stencil": 1,
    }
    p = Puzzle.grid(4, 4)
    assert calls_during(lambda: p.solve(board).certificate) == {"entries": 1}


# -- the keyword forms are the puzzle forms -------------------------------------------------------
GAMES = [
    {"rule": "plus"},
    {"rule": "x", "torus": True},
    {"rule": "neighbors", "colors": 3},
    {"rule": "king", "colors": 4},
    {"rule": [[0, 1, 0], [0, 1, 0], [0, 1, 0]], "colors": 6, "torus": True},
]


@pytest.mark.parametrize("rules", GAMES)
def test_keywords_and_puzzle_give_the_same_answers(rules):
    colors = rules.get("colors", 2)
    board = lo.random_board(4, 5, seed=3, colors=colors)
    p = Puzzle.grid(4, 5, **rules)
    by_keywords = lo.solve_board(board, **rules)
    for s in (p.solve(board), lo.solve_board(board, puzzle=p)):
        assert repr(s) == repr(by_keywords) and s.method == by_keywords.method
        assert s.solution_count == by_keywords.solution_count
        for name in ("presses", "certificate"):
            a, b = getattr(s, name), getattr(by_keywords, name)
            assert (a is None and b is None) or np.array_equal(a, b)
    assert np.array_equal(p.toggle_matrix(), lo.toggle_matrix(4, 5, **rules))
    assert np.array_equal(lo.toggle_matrix(puzzle=p), lo.toggle_matrix(4, 5, **rules))
    assert np.array_equal(lo.press(board, board, puzzle=p), lo.press(board, board, **rules))
    assert np.array_equal(
        lo.random_board(seed=5, solvable=True, puzzle=p),
        lo.random_board(4, 5, seed=5, solvable=True, **rules),
    )


def test_light_chasing_takes_a_puzzle_too():
    board = lo.random_board(6, 9, seed=2, colors=5)
    p = Puzzle.grid(6, 9, rule="neighbors", colors=5)
    for along in ("rows", "shorter"):
        chased = p.chase(board, along=along)
        same = lo.light_chase(board, rule="neighbors", colors=5, along=along)
        assert np.array_equal(chased.presses, same.presses)
        assert np.array_equal(lo.light_chase(board, puzzle=p, along=along).presses, same.presses)
    assert np.array_equal(
        lo.chase_matrix(puzzle=p), lo.chase_matrix(6, 9, rule="neighbors", colors=5)
    )
    first = board[0] * 0
    assert np.array_equal(
        lo.chase_lights(board, first, puzzle=p)[0],
        lo.chase_lights(board, first, rule="neighbors", colors=5)[0],
    )


@pytest.mark.parametrize(
    "call",
    [
        lambda p: lo.solve_board(np.ones((3, 3)), puzzle=p, colors=3),
        lambda p: lo.solve_board(np.ones((3, 3)), puzzle=p, rule="plus"),
        lambda p: lo.press(np.ones((3, 3)), np.ones((3, 3)), puzzle=p, torus=False),
        lambda p: lo.toggle_matrix(3, 3, puzzle=p),
        lambda p: lo.light_chase(np.ones((3, 3)), puzzle=p, colors=2),
        lambda p: lo.random_board(3, 3, seed=1, puzzle=p),
        lambda p: lo.graph_toggle_matrix([(0, 1)], puzzle=p),
        lambda p: lo.chase_matrix(3, puzzle=p),
    ],
)
def test_the_rules_said_twice_are_refused(call):
    """Even the default value: ``puzzle=p, colors=2`` may contradict a 3-colour p."""
    with pytest.raises(TypeError, match="not both"):
        call(Puzzle.grid(3, 3, colors=3))


def test_a_puzzle_must_be_a_puzzle_and_fit_the_board():
    with pytest.raises(TypeError, match="puzzle must be a Puzzle"):
        lo.solve_board(np.ones((3, 3)), puzzle="plus")
    with pytest.raises(ValueError, match="the puzzle's boards are 5x5"):
        lo.solve_board(np.ones((3, 3)), puzzle=Puzzle.grid(5, 5))
    with pytest.raises(TypeError, match="rows and cols"):
        lo.toggle_matrix()
    with pytest.raises(ValueError, match="has no rows"):
        lo.chase_matrix(puzzle=Puzzle.graph([(0, 1)]))


def test_text_boards_and_graph_puzzles_through_solve_board():
    s = lo.solve_board("#.#/.#./#.#", puzzle=Puzzle.grid(3, 3, rule="x"))
    assert s.solvable and not lo.press(s.board, s.presses, rule="x").any()
    cycle = Puzzle.graph(lo.cycle_graph(5))
    s = lo.solve_board([1, 0, 0, 0, 0], puzzle=cycle)
    assert s.shape == (5,) and s.rule is None and not s.torus
    assert repr(s) == "<Solution: graph of 5 nodes, 5 edges: solvable, 1 solution>"
    assert not cycle.press(s.board, s.presses).any()


def test_graph_matrices_keep_their_form():
    petersen = lo.petersen_graph()
    A = lo.graph_toggle_matrix(petersen)
    assert A.dtype == np.uint8 and np.array_equal(A, petersen.toggle_matrix())
    assert np.array_equal(lo.graph_toggle_matrix(puzzle=Puzzle.graph(petersen)), A)
    assert np.array_equal(
        Puzzle.graph(petersen).toggle_matrix(packed=True).to_dense(), A
    )  # packed, as a grid's
    assert Puzzle.graph(petersen, colors=300).toggle_matrix().dtype == np.uint16


# -- graphs: the matrix is the simulation, and solve() against brute force and galois ------------
MAX_PATTERNS = {2: 1024, 3: 2187, 4: 4096, 6: 1296}  # k^n press patterns tried at most


@st.composite
def graph_games(draw):
    """(k, puzzle, board): a random simple graph small enough to try every press pattern."""
    k = draw(st.sampled_from(sorted(MAX_PATTERNS)))
    n = draw(st.integers(1, int(np.log(MAX_PATTERNS[k]) / np.log(k) + 1e-9)))
    pairs = list(itertools.combinations(range(n), 2))
    edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    self_toggle = draw(st.booleans())
    form = draw(st.sampled_from(["edges", "matrix"]))
    if form == "matrix":
        adjacency = np.zeros((n, n), dtype=np.uint8)
        for u, v in edges:
            adjacency[u, v] = adjacency[v, u] = 1
        p = Puzzle.graph(adjacency=adjacency, self_toggle=self_toggle, colors=k)
    else:
        p = Puzzle.graph(edges, self_toggle=self_toggle, n_nodes=n, colors=k)
    board = np.array(draw(st.lists(st.integers(0, k - 1), min_size=n, max_size=n)))
    return k, p, edges, board


def adjacency_plus(n: int, edges: list[tuple[int, int]], self_toggle: bool) -> np.ndarray:
    """The toggle matrix written down from the definition, independently of the package."""
    A = np.eye(n, dtype=np.int64) if self_toggle else np.zeros((n, n), dtype=np.int64)
    for u, v in edges:
        A[u, v] = A[v, u] = 1
    return A


def every_press_pattern(n: int, k: int) -> np.ndarray:
    """All k^n press patterns, in row-major (lexicographic) order."""
    return np.array(list(itertools.product(range(k), repeat=n)), dtype=np.int64).reshape(-1, n)


SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(graph_games())
def test_a_graph_toggle_matrix_is_its_press_simulation(game):
    k, p, edges, board = game
    n = p.size
    A = p.toggle_matrix()
    assert np.array_equal(A, adjacency_plus(n, edges, p.self_toggle))
    for j in range(n):  # column j is what pressing node j does
        unit = np.zeros(n, dtype=np.int64)
        unit[j] = 1
        assert np.array_equal(p.press(np.zeros(n, dtype=np.uint8), unit), A[:, j])
    presses = (board * 7 + 3) % k
    expected = (board + A.astype(np.int64) @ presses) % k
    assert np.array_equal(p.press(board, presses), expected)


@pytest.mark.slow  # 120 games against every press pattern: 1-10 s
@SETTINGS
@given(graph_games())
def test_graph_solutions_match_brute_force(game):
    k, p, edges, board = game
    n = p.size
    A = adjacency_plus(n, edges, p.self_toggle)
    patterns = every_press_pattern(n, k)
    off = ~((board + patterns @ A.T) % k).any(axis=1)  # board + A x = 0 (mod k)
    solutions = patterns[off]
    s = p.solve(board)
    assert s.method == "elimination" and s.shape == (n,)
    assert s.solvable == bool(off.any()) and s.solution_count == len(solutions)
    assert s.solvable_board_count == len({tuple(r) for r in (patterns @ A.T) % k})
    if not s.solvable:
        y = s.certificate.astype(np.int64)
        assert not (y @ A % k).any() and int(y @ board) % k != 0
        return
    assert not p.press(board, s.presses).any()
    found = np.array(list(s.all_solutions()), dtype=np.int64).reshape(-1, n)
    assert sorted(map(tuple, found)) == sorted(map(tuple, solutions))
    weights = solutions.sum(axis=1)
    lightest = solutions[weights == weights.min()]  # in row-major order, like patterns
    assert np.array_equal(s.fewest_presses(), lightest[0])
    assert s.count_fewest_presses() == len(lightest)
    assert np.array_equal(s.all_fewest_presses(), lightest)
    if k in (2, 3):  # a field: the rank and the quiet patterns
        quiet = s.quiet_patterns
        assert quiet.shape == (s.nullity, n) and not (A @ quiet.T.astype(np.int64) % k).any()
        GF = galois.GF(k)
        assert s.rank == int(np.linalg.matrix_rank(GF(A % k)))
        assert k**s.nullity == int(np.count_nonzero(~((patterns @ A.T) % k).any(axis=1)))
        assert (lo.solve(A, (-board) % k, modulus=k) is not None) == s.solvable


def test_named_graphs_against_galois():
    """The Petersen graph, the cube and a few cycles, over GF(2) and GF(3), all boards at once."""
    for graph in (lo.petersen_graph(), lo.cube_graph(), lo.cycle_graph(9), lo.star_graph(6)):
        for k in (2, 3):
            p = Puzzle.graph(graph, colors=k)
            GF = galois.GF(k)
            A = GF(p.toggle_matrix())
            s = p.solve(np.zeros(p.size, dtype=np.uint8))
            assert s.rank == int(np.linalg.matrix_rank(A))
            kernel = A.null_space()
            assert s.nullity == kernel.shape[0]
            if s.nullity:  # the same space: stacking adds nothing
                both = GF(np.vstack([np.asarray(kernel), s.quiet_patterns]))
                assert int(np.linalg.matrix_rank(both)) == s.nullity


def test_random_boards_of_a_graph():
    cycle = Puzzle.graph(lo.cycle_graph(6), colors=3)
    lit = lo.random_board(seed=4, solvable=True, puzzle=cycle)
    assert lit.shape == (6,) and cycle.solve(lit).solvable
    stuck = lo.random_board(seed=4, solvable=False, puzzle=cycle)
    assert not cycle.solve(stuck).solvable
    with pytest.raises(ValueError, match="every board of a graph of 3 nodes, 2 edges is solvable"):
        lo.random_board(seed=1, solvable=False, puzzle=Puzzle.graph(lo.path_graph(3)))


def test_write_it_yourself_exercises_refuse_the_puzzle_routes():
    from lightsout_edu import exercises as ex

    def by_puzzle(board, r, c, stencil):
        taps = np.zeros(np.shape(board), np.uint8)
        taps[r, c] = 1
        return Puzzle.grid(*np.shape(board), rule=stencil).press(board, taps)

    def by_hits(board, r, c, stencil):
        from lightsout_edu._grid import hits, rule_offsets

        taps = np.zeros(np.shape(board), np.uint8)
        taps[r, c] = 1
        out = np.array(board, dtype=np.uint8)
        for dr, dc in rule_offsets(stencil):
            out ^= hits(taps, dr, dc, False)
        return out

    def by_solve(particular, kernel):
        rows = int(np.sqrt(particular.size))
        p = Puzzle.grid(rows, particular.size // rows)
        board = p.press(np.zeros(p.shape, np.uint8), particular.reshape(p.shape))
        return p.solve(board).fewest_presses().reshape(-1)

    assert not ex.check_press_function(by_puzzle)
    assert not ex.check_press_function(by_hits)
    assert not ex.check_fewest_presses(by_solve)
