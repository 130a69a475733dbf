"""The bad-input catalogue: hostile and edge inputs across the public API, the widgets'
Python API, the exercise checkers and the command line, each with what must happen.

Each case is ``(name, code, expected)``. ``code`` is one Python expression, evaluated with
``lo`` (the package), ``np``, ``ex`` (the exercise checkers) and ``cli`` (a function that runs
the ``lightsout`` command and returns ``(exit status, stdout, stderr)``) in scope. ``expected``
is one of

- ``raises(TypeError, "phrase")``: that exception, whose message contains the phrase;
- ``returns("repr")``: no exception, and ``repr`` of the result equals the text;
- ``holds("predicate")``: no exception, and the predicate (an expression in ``result``) is true.

tests/test_bad_input.py runs every case in a child process of its own with a memory limit and
a time limit, so that a hang or a MemoryError fails one case quickly instead of stalling CI.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Expected:
    kind: str  # "raises", "returns" or "holds"
    error: str = ""  # the exception's class name
    text: str = ""  # a phrase of the message, the repr, or the predicate


def raises(error: type[BaseException], phrase: str) -> Expected:
    return Expected("raises", error.__name__, phrase)


def returns(text: str) -> Expected:
    return Expected("returns", text=text)


def holds(predicate: str) -> Expected:
    return Expected("holds", text=predicate)


BIG_PRIME = 2**61 - 1  # a Mersenne prime: trial division would never finish
PRIME_ABOVE_2_32 = 4294967311
PRIME_ABOVE_256 = 257
M31 = 2**31 - 1  # a Mersenne prime: sums of products of its residues leave int64
#: the system mod 2^31 - 1 whose third equation came back off by 169302660 (issue 25)
REPORTED_A = [[858043778, 830386572, 1245771083], [1997935065, 943205093, 171364545],
              [2143065960, 1984351365, 348573873]]  # fmt: skip
REPORTED_B = [2097496947, 2137455606, 1718618989]
#: (k, rng) -> whether 20 random solvable 8x8 systems mod k come back right (Python integers)
RANDOM_SYSTEMS = (
    "lambda k, rng: all((lambda A, x: (lambda b: (lambda s: s.solvable and "
    "(A.astype(object) @ s.x.astype(object) % k).tolist() == b)(lo.solve_mod(A, b, k)))"
    "((A.astype(object) @ x.astype(object) % k).tolist()))"
    "(np.array([[int(v) for v in rng.integers(0, 2**32, 8) * 2**32 + rng.integers(0, 2**32, 8)] "
    "for _ in range(8)], dtype=object) % k, np.array([int(v) for v in rng.integers(0, 2**32, 8)], "
    "dtype=object) % k) for _ in range(20))"
)
#: k -> whether three random solvable 5x5 torus boards with k colours are switched off
CLEARS_TORUS = (
    "lambda k: all(not lo.press(b, lo.solve_board(b, torus=True, colors=k).presses, torus=True, "
    "colors=k).any() for b in [lo.random_board(5, 5, seed=s, colors=k, torus=True, "
    "solvable=True) for s in range(3)])"
)

CASES: list[tuple[str, str, Expected]] = [
    # ---- boards: reading, writing, pressing ---------------------------------------------------
    ("parse empty", "lo.parse_board('')", raises(ValueError, "empty")),
    (
        "parse ragged",
        "lo.parse_board('10/1')",
        raises(ValueError, "row 2 has 1 cell but row 1 has 2 cells"),
    ),
    ("parse bad char", "lo.parse_board('1x0')", raises(ValueError, "'x'")),
    ("parse not text", "lo.parse_board(5)", raises(TypeError, "text")),
    ("parse superscript digit", "lo.parse_board('1²')", raises(ValueError, "'²'")),
    ("parse circled digit", "lo.parse_board('①0')", raises(ValueError, "'①'")),
    ("format float board", "lo.format_board([[0.5]])", raises(ValueError, "0.5")),
    ("format 3-d", "lo.format_board(np.zeros((2, 2, 2)))", raises(ValueError, "2-D")),
    ("format 12 colours", "lo.format_board([[11, 0], [3, 9]])", returns("'11,0\\n3,9'")),
    (
        "format round trip 2^64",
        "lo.parse_board(lo.format_board([[2**64 - 1, 0]])).tolist()",
        returns("[[18446744073709551615, 0]]"),
    ),
    (
        "parse numbers too big",
        "lo.parse_board('18446744073709551616,0')",
        raises(ValueError, "2^64"),
    ),
    ("parse numbers junk", "lo.parse_board('1,x')", raises(ValueError, "'x'")),
    (
        "press shape mismatch",
        "lo.press(np.zeros((2, 2)), np.zeros((3, 3)))",
        raises(ValueError, "shape"),
    ),
    ("press colors 1000", "lo.press([[300]], [[0]], colors=1000).tolist()", returns("[[300]]")),
    ("press colors 1000 wraps", "lo.press([[999]], [[1]], colors=1000).tolist()", returns("[[0]]")),
    ("press entry too big", "lo.press([[3]], [[0]], colors=3)", raises(ValueError, "from 0 to 2")),
    ("press negative presses", "lo.press([[0]], [[-1]])", raises(ValueError, "-1")),
    (
        "press torus string",
        "lo.press([[0]], [[1]], torus='no')",
        raises(TypeError, "torus must be True or False"),
    ),
    (
        "press rule unknown",
        "lo.press([[0]], [[1]], rule='queen')",
        raises(ValueError, "unknown rule 'queen'"),
    ),
    ("press None", "lo.press(None, [[1]])", raises(TypeError, "not None")),
    (
        "press object array",
        "lo.press(np.array([[object()]]), [[0]])",
        raises(ValueError, "not 0 or 1"),
    ),
    ("press bool board", "lo.press(np.array([[True]]), [[1]]).tolist()", returns("[[0]]")),
    ("press huge int", "lo.press([[2**70]], [[0]])", raises(ValueError, "not 0 or 1")),
    ("press nan", "lo.press([[float('nan')]], [[0]])", raises(ValueError, "nan")),
    ("press inf", "lo.press([[float('inf')]], [[0]])", raises(ValueError, "inf")),
    ("press complex", "lo.press([[1j]], [[0]])", raises(TypeError, "numbers")),
    # ---- random boards ------------------------------------------------------------------------
    ("random board huge", "lo.random_board(10**6, 10**6, seed=1)", raises(ValueError, "memory")),
    ("random seed negative", "lo.random_board(3, 3, seed=-1)", raises(ValueError, "seed")),
    ("random seed float", "lo.random_board(3, 3, seed=1.5)", raises(TypeError, "seed")),
    ("random seed text", "lo.random_board(3, 3, seed='x')", raises(TypeError, "seed")),
    (
        "random solvable text",
        "lo.random_board(3, 3, seed=1, solvable='yes')",
        raises(TypeError, "solvable"),
    ),
    (
        "random unsolvable 3x3",
        "lo.random_board(3, 3, seed=1, solvable=False)",
        raises(ValueError, "every 3x3 board"),
    ),
    (
        "random unsolvable 300x300",
        "lo.solve_board(lo.random_board(299, 299, seed=1, solvable=False)).solvable",
        returns("False"),
    ),
    (
        "random 1000 colours",
        "int(lo.random_board(4, 4, seed=2, colors=1000).max()) < 1000",
        returns("True"),
    ),
    (
        "random solvable colors 4 torus 2",
        "lo.solve_board(lo.random_board(2, 2, seed=3, colors=4, torus=True, solvable=True), "
        "colors=4, torus=True).solvable",
        returns("True"),
    ),
    (
        "random rows zero",
        "lo.random_board(0, 3, seed=1)",
        raises(ValueError, "rows must be at least 1"),
    ),
    # ---- rules and toggle matrices ------------------------------------------------------------
    ("toggle 300x300 dense", "lo.toggle_matrix(300, 300)", raises(ValueError, "packed=True")),
    (
        "toggle 300x300 packed",
        "lo.toggle_matrix(300, 300, packed=True).shape",
        returns("(90000, 90000)"),
    ),
    ("toggle zero rows", "lo.toggle_matrix(0, 3)", raises(ValueError, "rows must be at least 1")),
    ("toggle float", "lo.toggle_matrix(2.5, 3)", raises(TypeError, "rows must be a whole number")),
    ("toggle bool", "lo.toggle_matrix(True, 3)", raises(TypeError, "rows")),
    ("toggle str size", "lo.toggle_matrix('3', 3)", raises(TypeError, "rows")),
    (
        "toggle torus str",
        "lo.toggle_matrix(3, 3, torus='no')",
        raises(TypeError, "torus must be True or False"),
    ),
    (
        "toggle zero stencil",
        "lo.toggle_matrix(3, 3, rule=np.zeros((3, 3)))",
        raises(ValueError, "stencil"),
    ),
    (
        "toggle 2x2 stencil",
        "lo.toggle_matrix(3, 3, rule=np.ones((2, 2)))",
        raises(ValueError, "3x3 stencil"),
    ),
    (
        "toggle stencil 2",
        "lo.toggle_matrix(3, 3, rule=[[0, 2, 0], [1, 1, 1], [0, 1, 0]])",
        raises(ValueError, "entry 2"),
    ),
    ("toggle rule int", "lo.toggle_matrix(3, 3, rule=5)", raises(ValueError, "rule stencil")),
    ("toggle torus 1x1", "lo.toggle_matrix(1, 1, torus=True).tolist()", returns("[[1]]")),
    (
        "toggle torus 2x2",
        "lo.toggle_matrix(2, 2, torus=True).tolist()",
        returns("[[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]"),
    ),
    (
        "toggle torus 1x2 colors 3",
        "lo.toggle_matrix(1, 2, torus=True, colors=3).tolist()",
        returns("[[0, 2], [2, 0]]"),
    ),  # the cell meets itself 3 times
    (
        "rules read only",
        "__import__('operator').setitem(lo.RULES, 'plus', 1)",
        raises(TypeError, "does not support item assignment"),
    ),
    (
        "rule stencil read only",
        "lo.RULES['plus'].__setitem__((0, 0), 1)",
        raises(ValueError, "read-only"),
    ),
    (
        "rule stencil unknown",
        "lo.rule_stencil('queen')",
        raises(ValueError, "unknown rule 'queen'"),
    ),
    ("graph edge list no n", "lo.graph_toggle_matrix([(0, 1), (1, 2)]).shape", returns("(3, 3)")),
    (
        "graph huge n_nodes",
        "lo.graph_toggle_matrix([(0, 1)], n_nodes=10**9)",
        raises(ValueError, "memory"),
    ),
    (
        "graph vertex out",
        "lo.graph_toggle_matrix([(0, 5)], n_nodes=3)",
        raises(ValueError, "vertex 5"),
    ),
    ("graph triple", "lo.graph_toggle_matrix([(0, 1, 2)])", raises(ValueError, "pairs")),
    ("graph negative", "lo.graph_toggle_matrix([(-1, 2)])", raises(ValueError, "-1")),
    ("graph loop edge", "lo.graph_toggle_matrix([(1, 1)])", raises(ValueError, "loop")),
    (
        "graph not symmetric",
        "lo.graph_toggle_matrix(adjacency=[[0, 1], [0, 0]])",
        raises(ValueError, "not symmetric"),
    ),
    (
        "graph self_toggle str",
        "lo.graph_toggle_matrix([(0, 1)], self_toggle='no')",
        raises(TypeError, "self_toggle must be True or False"),
    ),
    ("graph empty", "lo.graph_toggle_matrix([])", raises(ValueError, "")),
    ("graph edge twice", "lo.Puzzle.graph([(1, 0), (0, 1)]).edges", returns("((0, 1),)")),
    ("graph same edge", "lo.Puzzle.graph([(0, 1), (0, 1)]).edges", returns("((0, 1),)")),
    (
        "graph loop first",
        "lo.Puzzle.graph([(0, 0), (0, 1)])",
        raises(ValueError, "(0, 0) is a loop"),
    ),
    (
        "graph adjacency 2s",
        "lo.Puzzle.graph(adjacency=[[0, 2], [2, 0]])",
        raises(ValueError, "entry 2 at (0, 1) of adjacency is not 0 or 1"),
    ),
    (
        "graph adjacency by place",
        "lo.Puzzle.graph([[0, 1, 0], [1, 0, 1], [0, 1, 0]])",
        raises(ValueError, "adjacency=..."),
    ),
    (
        "graph adjacency not square",
        "lo.Puzzle.graph(adjacency=[[0, 1, 0], [1, 0, 1]])",
        raises(ValueError, "square matrix"),
    ),
    (
        "graph twice",
        "lo.Puzzle.graph([(0, 1)], adjacency=[[0, 1], [1, 0]])",
        raises(TypeError, "not both"),
    ),
    ("graph none", "lo.Puzzle.graph()", raises(TypeError, "give the graph")),
    (
        "graph board 2-D",
        "lo.Puzzle.graph([(0, 1)]).solve([[1, 0]])",
        raises(ValueError, "one entry per node"),
    ),
    (
        "board text empty row",
        "lo.parse_board('10//01')",
        raises(ValueError, "board row 2 is empty"),
    ),
    ("path graph zero", "lo.path_graph(0)", raises(ValueError, "at least 1")),
    ("cycle graph two", "lo.cycle_graph(2)", raises(ValueError, "between 3")),
    ("star graph huge", "lo.star_graph(10**6)", raises(ValueError, "between 1")),
    # ---- linear algebra over GF(p) and Z/k ----------------------------------------------------
    ("solve modulus 257", "lo.solve([[1]], [256], modulus=257).tolist()", returns("[256]")),
    (
        "null space modulus 257",
        "lo.null_space([[1, 1]], modulus=257).tolist()",
        returns("[[256, 1]]"),
    ),
    (
        "rank prime above 2^32",
        f"lo.rank([[1, 2], [2, 4]], modulus={PRIME_ABOVE_2_32})",
        returns("1"),
    ),
    ("rank big mersenne", f"lo.rank([[1]], modulus={BIG_PRIME})", returns("1")),
    ("rank 2^64 - 59 prime", "lo.rank([[3, 6], [1, 2]], modulus=2**64 - 59)", returns("1")),
    ("rank modulus beyond 2^64", "lo.rank([[1]], modulus=2**64 + 13)", raises(ValueError, "2^64")),
    ("rank composite modulus", "lo.rank([[1]], modulus=4)", raises(ValueError, "prime")),
    ("rank modulus 1", "lo.rank([[1]], modulus=1)", raises(ValueError, "at least 2")),
    ("rank modulus float", "lo.rank([[1]], modulus=2.0)", raises(TypeError, "modulus")),
    ("rank modulus bool", "lo.rank([[1]], modulus=True)", raises(TypeError, "modulus")),
    ("rank entry above modulus", "lo.rank([[5]], modulus=3)", raises(ValueError, "5")),
    ("rank 1-d", "lo.rank([1, 0, 1])", raises(ValueError, "2-D")),
    ("rank empty", "lo.rank(np.zeros((0, 3)))", raises(ValueError, "empty")),
    ("rank object junk", "lo.rank([[None]])", raises(ValueError, "entry None")),
    ("rank ragged", "lo.rank([[1, 0], [1]])", raises(ValueError, "row 1")),
    ("rank beyond int64", "lo.rank([[2**70]])", raises(ValueError, "not 0 or 1")),
    (
        "rref huge entry mod p",
        f"lo.rref([[{PRIME_ABOVE_2_32 - 1}, 1]], modulus={PRIME_ABOVE_2_32})[0].tolist()",
        returns("[[1, 4294967310]]"),
    ),
    ("solve wrong rhs length", "lo.solve([[1, 0], [0, 1]], [1])", raises(ValueError, "b")),
    ("solve rhs 2-d", "lo.solve([[1, 0], [0, 1]], [[1], [0]]).tolist()", returns("[1, 0]")),
    ("solve unsolvable", "lo.solve([[1], [1]], [0, 1])", returns("None")),
    (
        "left null space mod 3",
        "lo.left_null_space([[1], [2]], modulus=3).tolist()",
        returns("[[1, 1]]"),
    ),
    ("solve_mod composite", "lo.solve_mod([[2]], [1], 4).solvable", returns("False")),
    ("solve_mod 2^64", "lo.solve_mod([[3]], [3], 2**64).solvable", returns("True")),
    ("solve_mod beyond 2^64", "lo.solve_mod([[1]], [1], 2**64 + 1)", raises(ValueError, "2^64")),
    (
        "smith form 6",
        "lo.smith_form_mod([[2, 4], [0, 2]], 6).invariant_factors",
        holds("len(result) == 2"),
    ),
    ("smith form entry too big", "lo.smith_form_mod([[6]], 6)", raises(ValueError, "from 0 to 5")),
    ("kernel size composite", "lo.kernel_size([[2]], 4)", returns("2")),
    (
        "naive field solve text",
        "lo.naive_field_solve([[1]], [1], 4, strategy='magic')",
        raises(ValueError, "strategy"),
    ),
    ("packed matrix junk", "lo.PackedMatrix('abc')", raises(TypeError, "")),
    (
        "cross check packed",
        "lo.cross_check(lo.toggle_matrix(6, 6, packed=True))",
        raises(TypeError, "PackedMatrix"),
    ),
    (
        "cross check huge",
        "lo.cross_check(lo.toggle_matrix(30, 30))",
        raises(ValueError, "at most 600"),
    ),
    # ---- elimination (recorded) ---------------------------------------------------------------
    (
        "eliminate too big to record",
        "lo.eliminate(lo.toggle_matrix(40, 40))",
        raises(ValueError, "record"),
    ),
    (
        "eliminate modulus 257",
        "lo.eliminate([[2, 1]], [3], modulus=257).solution().tolist()",
        returns("[130, 0]"),
    ),
    ("eliminate b wrong size", "lo.eliminate([[1, 0]], [1, 0])", raises(ValueError, "b")),
    (
        "eliminate explain out of range",
        "lo.eliminate([[1]], [1]).explain(5)",
        raises(ValueError, "step"),
    ),
    ("eliminate state negative", "lo.eliminate([[1]], [1]).state(-1)", raises(ValueError, "")),
    (
        "elimination latex step text",
        "lo.elimination_to_latex(lo.eliminate([[1]], [1]), 'x')",
        raises(TypeError, "k must be"),
    ),
    (
        "animate not elimination",
        "lo.animate_elimination('x')",
        raises(TypeError, "animate_elimination needs"),
    ),
    (
        "animate frames bad",
        "lo.animate_elimination(lo.eliminate([[1]], [1]), frames='some')",
        raises(ValueError, "frames"),
    ),
    ("matrix latex 3-d", "lo.matrix_to_latex(np.zeros((1, 1, 1)))", raises(ValueError, "2-D")),
    ("step latex junk", "lo.step_to_latex(5)", raises(TypeError, "")),
    # ---- solving boards -----------------------------------------------------------------------
    (
        "solve_board colors 1000",
        "lo.solve_board([[1]], colors=1000).presses.tolist()",
        returns("[[999]]"),
    ),
    (
        "solve_board colors 257 verified",
        "lo.solve_board([[256, 256]], colors=257).solvable",
        returns("True"),
    ),
    (
        "solve_board colors 257 unsolvable",
        "lo.solve_board([[256, 3]], colors=257).certificate is not None",
        returns("True"),
    ),
    (
        "solve_board torus 1x3 colors 3",
        "lo.press([[2, 2, 2]], lo.solve_board([[2, 2, 2]], torus=True, colors=3).presses, torus=True, colors=3).tolist()",
        returns("[[0, 0, 0]]"),
    ),
    (
        "solve_board king 3000",
        "lo.solve_board(np.zeros((3000, 3000), np.uint8), rule='king')",
        raises(ValueError, ""),
    ),
    (
        "solve_board 1 x 10^6",
        "lo.solve_board(np.ones((1, 10**6), np.uint8)).solvable",
        holds("result in (True, False)"),
    ),
    (
        "solve_board 2 x 50000",
        "lo.solve_board(np.zeros((2, 50000), np.uint8)).nullity",
        holds("result >= 0"),
    ),
    (
        "solve_board 100x100 3 colours",
        "lo.solve_board(lo.random_board(100, 100, seed=1, colors=3), colors=3).rank",
        holds("result > 9000"),
    ),
    (
        "solve_board 100x100 4 colours",
        "lo.solve_board(lo.random_board(100, 100, seed=1, colors=4), colors=4).solvable",
        holds("result in (True, False)"),
    ),
    (
        "solve_board method unknown",
        "lo.solve_board(np.ones((3, 3)), method='magic')",
        raises(ValueError, "unknown method"),
    ),
    (
        "solve_board colors 1",
        "lo.solve_board(np.ones((3, 3)), colors=1)",
        raises(ValueError, "at least 2"),
    ),
    (
        "solve_board colors float",
        "lo.solve_board(np.ones((3, 3)), colors=2.5)",
        raises(TypeError, "whole number"),
    ),
    ("solve_board colors huge", "lo.solve_board([[1]], colors=2**65)", raises(ValueError, "2^64")),
    (
        "solution presses no leak",
        "(lambda s: (s.presses.__setitem__((0, 0), 0), s.presses.tolist())[1])(lo.solve_board([[1]]))",
        returns("[[1]]"),
    ),
    (
        "solution toggle read only",
        "lo.solve_board([[1]]).toggle_matrix.__setitem__((0, 0), 0)",
        raises(ValueError, "read-only"),
    ),
    (
        "solution attribute set",
        "setattr(lo.solve_board([[1]]), 'presses', None)",
        raises(AttributeError, ""),
    ),
    (
        "fewest kernel too big",
        "lo.solve_board(np.ones((61, 61), np.uint8)).fewest_presses()",
        raises(ValueError, ""),
    ),
    (
        "all solutions too many",
        "list(lo.solve_board(np.zeros((19, 19), np.uint8)).all_solutions())",
        holds("len(result) == 65536"),
    ),
    ("certificate of solvable", "lo.solve_board([[1]]).certificate", returns("None")),
    ("optimal press counts too big", "lo.optimal_press_counts(7, 7)", raises(ValueError, "")),
    (
        "optimal press counts torus",
        "int(lo.optimal_press_counts(3, 3, torus=True).sum())",
        holds("result > 0"),
    ),
    (
        "minimum weight solutions junk",
        "lo.minimum_weight_solutions('x', 'y')",
        raises(ValueError, "particular"),
    ),
    # ---- chasing ------------------------------------------------------------------------------
    (
        "chase first row wrong length",
        "lo.chase_lights(np.zeros((3, 3)), [1, 0])",
        raises(ValueError, "first_row"),
    ),
    ("chase first row 2", "lo.chase_lights(np.zeros((3, 3)), [2, 0, 0])", raises(ValueError, "2")),
    (
        "chase king rule",
        "lo.chase_lights(np.zeros((3, 3)), [0, 0, 0], rule='king')",
        raises(ValueError, "method='elimination'"),
    ),
    ("chase matrix huge", "lo.chase_matrix(10**6)", raises(ValueError, "")),
    (
        "light chase colors 3",
        "lo.light_chase(lo.random_board(20, 20, seed=1, colors=3), colors=3).rank",
        holds("result >= 0"),
    ),
    (
        "light chase 2000",
        "lo.light_chase(lo.random_board(2000, 2000, seed=1, solvable=True)).presses is not None",
        returns("True"),
    ),
    ("grid nullity huge", "lo.grid_nullity(10**7)", raises(ValueError, "")),
    ("grid nullity 0", "lo.grid_nullity(0)", raises(ValueError, "at least 1")),
    (
        "grid nullity rule x",
        "lo.grid_nullity(5, rule='x')",
        raises(ValueError, "solve_board(...).nullity"),
    ),
    # ---- worst case ---------------------------------------------------------------------------
    ("most clicks nullity too big", "lo.most_clicks(39)", raises(ValueError, "most_clicks_bounds")),
    (
        "most clicks time limit 0",
        "lo.most_clicks(5, time_limit=0)",
        raises(ValueError, "time_limit"),
    ),
    (
        "most clicks time limit text",
        "lo.most_clicks(5, time_limit='1')",
        raises(TypeError, "time_limit"),
    ),
    (
        "lower bound unsolvable",
        "lo.presses_lower_bound([[1, 0, 0, 0, 0]] + [[0] * 5] * 4)",
        raises(ValueError, "no solution"),
    ),
    # ---- widgets ------------------------------------------------------------------------------
    ("game too big", "lo.LightsOutGame(30, 30)", raises(ValueError, "400")),
    ("game colors 8", "lo.LightsOutGame(3, 3, colors=8)", raises(ValueError, "7")),
    ("game press outside", "lo.LightsOutGame(3, 3, seed=1).press(5, 5)", raises(ValueError, "")),
    ("game press float", "lo.LightsOutGame(3, 3, seed=1).press(1.5, 0)", raises(TypeError, "")),
    (
        "game board wrong shape",
        "setattr(lo.LightsOutGame(3, 3, seed=1), 'board', np.ones((4, 4)))",
        raises(ValueError, ""),
    ),
    (
        "game rule fixed",
        "setattr(lo.LightsOutGame(3, 3, seed=1), 'rule', 'x')",
        raises(AttributeError, ""),
    ),
    ("game seed negative", "lo.LightsOutGame(3, 3, seed=-5)", raises(ValueError, "seed")),
    (
        "game hint unsolvable",
        "lo.LightsOutGame(board=[[1, 0, 0, 0]] + [[0] * 4] * 3).hint()",
        returns("None"),
    ),
    ("player not elimination", "lo.EliminationPlayer('x')", raises(TypeError, "")),
    (
        "player step too big",
        "setattr(lo.EliminationPlayer(lo.eliminate([[1]], [1])), 'step', 99)",
        raises(Exception, ""),
    ),
    (
        "practice too big",
        "lo.RowReductionPractice(np.ones((20, 20), int))",
        raises(ValueError, "too big"),
    ),
    (
        "practice add same row",
        "lo.RowReductionPractice().add(0, 0)",
        raises(ValueError, "different rows"),
    ),
    (
        "practice row out of range",
        "lo.RowReductionPractice().swap(0, 99)",
        raises(ValueError, "not a row"),
    ),
    (
        "practice scale zero",
        "lo.RowReductionPractice(modulus=3).scale(0, 3)",
        raises(ValueError, "0 mod 3"),
    ),
    (
        "practice composite modulus",
        "lo.RowReductionPractice(modulus=4)",
        raises(ValueError, "prime"),
    ),
    # ---- exercise checkers: never raise -------------------------------------------------------
    (
        "checker huge exponent text",
        "ex.check_probability_solvable_5x11('1e-999999999').correct",
        returns("False"),
    ),
    (
        "checker decimal",
        "ex.check_nullity_9x14(__import__('decimal').Decimal(5)).correct",
        returns("True"),
    ),
    ("checker dict answer", "ex.check_singular_3xn({2: 1, 5: 1}).correct", returns("False")),
    (
        "checker sympy matrix",
        "ex.check_certificate(__import__('sympy').Matrix(lo.solve_board(ex.UNSOLVABLE_BOARD).certificate)).correct",
        returns("True"),
    ),
    ("checker generator", "ex.check_singular_3xn(n for n in [2, 5]).correct", returns("False")),
    (
        "checker 2^0 probability",
        "ex.check_probability_solvable_5x11('2^-4').correct",
        returns("True"),
    ),
    (
        "checker function that loops",
        "ex.check_ones_in_toggle_matrix(lambda n: [0] * 10**10).correct",
        returns("False"),
    ),
    ("checker class instead of fn", "ex.check_gauss_jordan(int).correct", returns("False")),
    (
        "checker board 10^4 side",
        "ex.check_unique_solution(np.ones((10**4, 4), np.uint8)).correct",
        returns("False"),
    ),
    ("checker two answers for one", "ex.check_nullity_9x14(5, 5).correct", returns("False")),
    # ---- command line -------------------------------------------------------------------------
    ("cli no args", "cli()[0]", returns("2")),
    (
        "cli bad board",
        "cli('solve', '1x0')[0:1] + (cli('solve', '1x0')[2].count(chr(10)),)",
        returns("(2, 1)"),
    ),
    (
        "cli colors 1000",
        "cli('solve', '999,999', '--colors', '1000')",
        holds("result[0] == 0 and '999,999' in result[1]"),
    ),
    (
        "cli colors 1000 unsolvable",
        "cli('solve', '999,0', '--colors', '1000')",
        holds("result[0] == 1 and '1,999' in result[1]"),
    ),
    (
        "cli huge board memory",
        "cli('info', '100000x100000')",
        holds("result[0] == 2 and 'GiB' in result[2] and result[2].count(chr(10)) == 1"),
    ),
    (
        "cli huge chase",
        "cli('info', '50000x40000')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1"),
    ),
    ("cli info bad size", "cli('info', '5by5')[0]", returns("2")),
    (
        "cli info zero size",
        "cli('info', '0x5')",
        holds("result[0] == 2 and 'at least 1' in result[2]"),
    ),
    (
        "cli colors composite steps",
        "cli('solve', '12/21', '--colors', '4', '--steps')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1"),
    ),
    (
        "cli rule unknown",
        "cli('solve', '10/01', '--rule', 'queen')",
        holds("result[0] == 2 and 'queen' in result[2]"),
    ),
    (
        "cli colors 2^65",
        "cli('solve', '1', '--colors', str(2**65))",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1"),
    ),
    (
        "cli fewest too big",
        "cli('solve', '/'.join(['1' * 61] * 61), '--fewest')",
        holds("result[0] == 2 and 'Traceback' not in result[2]"),
    ),
    (
        "cli steps too big",
        "cli('solve', '/'.join(['1' * 40] * 40), '--steps')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1"),
    ),
    ("cli unsolvable", "cli('solve', '10000/00000/00000/00000/00000')[0]", returns("1")),
    (
        "cli empty file",
        "cli('solve', '/nonexistent/board.txt')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1"),
    ),
    # ---- sums of products near 2^31 and beyond (issue 25): every answer multiplied out ---------
    (
        "solve_mod reported 2^31 - 1 system",
        f"(lambda s: [sum(a * int(v) for a, v in zip(r, s.x)) % {M31} for r in {REPORTED_A}])(lo.solve_mod({REPORTED_A}, {REPORTED_B}, {M31}))",
        returns(repr(REPORTED_B)),
    ),
    (
        "solve_mod 8x8 systems mod 2^31 - 1",
        f"({RANDOM_SYSTEMS})({M31}, np.random.default_rng(5))",
        returns("True"),
    ),
    (
        "solve_mod 8x8 systems mod 3 * 2^29",
        f"({RANDOM_SYSTEMS})(3 * 2**29, np.random.default_rng(6))",
        returns("True"),
    ),
    (
        "solve_mod 8x8 systems mod 2147483629",
        f"({RANDOM_SYSTEMS})(2147483629, np.random.default_rng(7))",
        returns("True"),
    ),
    (
        "solve_mod 8x8 systems mod 2^31 + 1",
        f"({RANDOM_SYSTEMS})(2**31 + 1, np.random.default_rng(8))",
        returns("True"),
    ),
    (
        "solve_mod 8x8 systems mod 2^32 - 5",
        f"({RANDOM_SYSTEMS})(2**32 - 5, np.random.default_rng(9))",
        returns("True"),
    ),
    (
        "solve_mod 8x8 systems mod 2^63 + 1",
        f"({RANDOM_SYSTEMS})(2**63 + 1, np.random.default_rng(10))",
        returns("True"),
    ),
    (
        "solve_mod 8x8 systems mod 2^64 - 1",
        f"({RANDOM_SYSTEMS})(2**64 - 1, np.random.default_rng(11))",
        returns("True"),
    ),
    (
        "solve_mod 8x8 systems mod 2^64",
        f"({RANDOM_SYSTEMS})(2**64, np.random.default_rng(12))",
        returns("True"),
    ),
    (
        "solve_mod 2^63 + 1 composite",
        "lo.solve_mod([[3, 5], [7, 11]], [1, 2], 2**63 + 1).solvable",
        returns("True"),
    ),
    (
        "solve_mod unsolvable certificate 2^31 - 1",
        f"(lambda s: (s.certificate.astype(object) @ np.array([[1, 2], [2, 4]], dtype=object) % {M31}).tolist() + [int(s.certificate.astype(object) @ np.array([1, 3], dtype=object) % {M31}) != 0])(lo.solve_mod([[1, 2], [2, 4]], [1, 3], {M31}))",
        returns("[0, 0, True]"),
    ),
    (
        "torus 5x5 colours 2^31 - 1",
        f"({CLEARS_TORUS})({M31})",
        returns("True"),
    ),
    ("torus 5x5 colours 3 * 2^29", f"({CLEARS_TORUS})(3 * 2**29)", returns("True")),
    ("torus 5x5 colours 2^31 + 1", f"({CLEARS_TORUS})(2**31 + 1)", returns("True")),
    ("torus 5x5 colours 2^64 - 59", f"({CLEARS_TORUS})(2**64 - 59)", returns("True")),
    ("torus 5x5 colours 2^64 - 1", f"({CLEARS_TORUS})(2**64 - 1)", returns("True")),
    ("torus 5x5 colours 2^64", f"({CLEARS_TORUS})(2**64)", returns("True")),
    (
        "torus 5x5 certificate 2^31 - 1",
        f"(lambda b: int(lo.solve_board(b, torus=True, colors={M31}).certificate.reshape(-1).astype(object) @ b.reshape(-1).astype(object)) % {M31} != 0)(lo.random_board(5, 5, seed=1, colors={M31}))",
        returns("True"),
    ),
    (
        "neighbors 6x9 colours 2^31 - 1",
        f"(lambda k: all(not lo.press(b, lo.solve_board(b, rule='neighbors', colors=k).presses, rule='neighbors', colors=k).any() for b in [lo.random_board(6, 9, seed=s, colors=k, rule='neighbors', solvable=True) for s in range(3)]))({M31})",
        returns("True"),
    ),
    (
        "light chase 9x9 colours 2^31 - 1",
        f"(lambda b: not lo.press(b, lo.light_chase(b, colors={M31}).presses, colors={M31}).any())(lo.random_board(9, 9, seed=4, colors={M31}, solvable=True))",
        returns("True"),
    ),
    (
        "light chase wide torus colours 2^31 - 1",
        f"(lambda b: not lo.press(b, lo.light_chase(b, colors={M31}, torus=True, along='shorter').presses, colors={M31}, torus=True).any())(lo.random_board(4, 10, seed=4, colors={M31}, torus=True, solvable=True))",
        returns("True"),
    ),
    (
        "elimination 4x4 colours 2^31 - 1",
        f"(lambda b: not lo.press(b, lo.solve_board(b, colors={M31}, method='elimination').presses, colors={M31}).any())(lo.random_board(4, 4, seed=2, colors={M31}, solvable=True))",
        returns("True"),
    ),
    (
        "king 3x3 colours 2^31 - 1",
        f"(lambda b: not lo.press(b, lo.solve_board(b, rule='king', colors={M31}).presses, rule='king', colors={M31}).any())(lo.random_board(3, 3, seed=2, colors={M31}, rule='king', solvable=True))",
        returns("True"),
    ),
    (
        "null space 6x9 mod 2^31 - 1",
        f"(lambda A: not (np.array(A, dtype=object) @ lo.null_space(A, modulus={M31}).astype(object).T % {M31}).any())(np.random.default_rng(3).integers(0, {M31}, (6, 9)).tolist())",
        returns("True"),
    ),
    (
        "solve 6x9 mod 2^31 - 1",
        f"(lambda A: (np.array(A, dtype=object) @ lo.solve(A, [1] * 6, modulus={M31}).astype(object) % {M31}).tolist())(np.random.default_rng(4).integers(0, {M31}, (6, 9)).tolist())",
        returns("[1, 1, 1, 1, 1, 1]"),
    ),
    (
        "rref mod 2^31 - 1",
        f"lo.rref([[{M31 - 1}, {M31 - 2}, 5], [7, {M31 - 4}, {M31 - 1}]], modulus={M31})[0].tolist()",
        returns("[[1, 0, 477218587], [0, 1, 1908874351]]"),
    ),
    (
        "elimination replay mod 2^31 - 1",
        f"(lambda e: np.array_equal(e.state(len(e.steps)), e.rref))(lo.eliminate(np.random.default_rng(2).integers(0, {M31}, (5, 5)), modulus={M31}))",
        returns("True"),
    ),
    (
        "naive field solve 2^31 - 1",
        f"lo.naive_field_solve([[3, 5], [7, 11]], [1, 2], {M31}).correct",
        returns("True"),
    ),
    (
        "naive cross multiply 2^64",
        "lo.naive_field_solve([[2**63]], [2**63], 2**64, strategy='cross_multiply').verdict",
        returns("'Wrong: it claims 1 solution; the truth: 9223372036854775808 solutions.'"),
    ),
    (
        "smith form 2^64 big entries",
        "lo.smith_form_mod([[2**63, 2**62], [2**62, 2**63]], 2**64).invariant_factors",
        returns("(4611686018427387904, 4611686018427387904)"),
    ),
    ("solvable board count 2^64", "lo.solvable_board_count([[2**63]], 2**64)", returns("2")),
    (
        "kernel size 1x300 mod 2^64",
        "lo.kernel_size(np.zeros((1, 300), np.uint8), 2**64) == 2**(64 * 300)",
        returns("True"),
    ),
    (
        "cli solve colours 2^31 - 1",
        f"(lambda r: (r[0], r[2]))(cli('solve', '{M31 - 1},1,0/0,0,0/0,0,5', '--colors', '{M31}'))",
        returns("(0, '')"),
    ),
    (
        "cli proof sum colours 2^61 - 1",
        f"cli('solve', '1,0,0,0,0/0,0,0,0,0/0,0,0,0,0/0,0,0,0,0/0,0,0,0,0', '--colors', '{BIG_PRIME}')[0]",
        holds("result in (0, 1)"),
    ),
    (
        "cli presses add up past 2^64",
        "cli('solve', '18446744073709551615,18446744073709551615', '--colors', str(2**64))",
        holds("result[0] == 0 and 'Presses: 1' in result[1]"),
    ),
    # ---- all_solutions streams: never range(k), never 2^64 at once ------------------------------
    (
        "all solutions colours 2^61 - 1",
        "next(lo.solve_board(np.zeros((2, 5)), rule='neighbors', colors=2**61 - 1).all_solutions()).tolist()",
        returns("[[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]"),
    ),
    (
        "all solutions mod 2^64",
        "next(lo.solve_mod([[0, 0]], [0], 2**64).all_solutions()).tolist()",
        returns("[0, 0]"),
    ),
    (
        "all solutions mod 2^64 in order",
        "[v.tolist() for v in __import__('itertools').islice(lo.solve_mod([[0, 0]], [0], 2**64).all_solutions(), 3)]",
        returns("[[0, 0], [0, 1], [0, 2]]"),
    ),
    (
        "all solutions 1x300 colours 2^64",
        "next(lo.solve_board(np.zeros((1, 300), np.uint64), rule=[[0, 1, 0], [0, 0, 0], [0, 1, 0]], colors=2**64).all_solutions()).shape",
        returns("(1, 300)"),
    ),
    (
        "all solutions count Z/4 torus",
        "(lambda s: len(list(s.all_solutions())) == s.solution_count)(lo.solve_board(np.zeros((2, 2), np.uint8), torus=True, colors=4))",
        returns("True"),
    ),
    (
        "all solutions distinct Z/6 torus",
        "(lambda s: len({tuple(v.reshape(-1).tolist()) for v in s.all_solutions()}) == s.solution_count)(lo.solve_board(np.zeros((3, 3), np.uint8), torus=True, colors=6))",
        returns("True"),
    ),
    (
        "all solutions each solves Z/6",
        "(lambda b: all(not lo.press(b, x, torus=True, colors=6).any() for x in lo.solve_board(b, torus=True, colors=6).all_solutions()))(lo.random_board(3, 3, seed=1, colors=6, torus=True, solvable=True))",
        returns("True"),
    ),
    (
        "all solutions of unsolvable",
        "list(lo.solve_mod([[2]], [1], 4).all_solutions())",
        returns("[]"),
    ),
    # ---- fewest presses: ties streamed and counted, never all built at once ---------------------
    (
        "fewest 2^22 ties first",
        "lo.minimum_weight_solutions(np.tile(np.array([1, 0], np.uint8), 22), np.kron(np.eye(22, dtype=np.uint8), [1, 1]))[0].tolist() == [0, 1] * 22",
        returns("True"),
    ),
    (
        "fewest 2^22 ties counted",
        "__import__('lightsout_edu.fewest', fromlist=['f']).first_lightest(np.tile(np.array([1, 0], np.uint8), 22), np.kron(np.eye(22, dtype=np.uint8), [1, 1]))[1]",
        returns("4194304"),
    ),
    (
        "fewest 2^27 ties all refused",
        "lo.minimum_weight_solutions(np.tile(np.array([1, 0], np.uint8), 27), np.kron(np.eye(27, dtype=np.uint8), [1, 1]), all_ties=True)",
        raises(ValueError, "count_fewest_presses()"),
    ),
    (
        "fewest ties counted 5x5",
        "lo.solve_board([[1] * 5] * 5).count_fewest_presses()",
        returns("4"),
    ),
    (
        "fewest all ties 5x5",
        "lo.solve_board([[1] * 5] * 5).all_fewest_presses().shape",
        returns("(4, 5, 5)"),
    ),
    (
        "fewest ties counted colours 3",
        "lo.solve_board([[2, 2], [2, 2]], colors=3, torus=True).count_fewest_presses()",
        returns("2"),
    ),
    (
        "fewest result is a copy",
        "(lambda s: (s.fewest_presses().__setitem__((0, 0), 1), s.fewest_presses().tolist() == lo.solve_board([[1] * 5] * 5).fewest_presses().tolist())[1])(lo.solve_board([[1] * 5] * 5))",
        returns("True"),
    ),
    (
        "fewest dependent kernel rows",
        "lo.minimum_weight_solutions(np.array([1, 1, 0], np.uint8), np.array([[0, 1, 1], [0, 1, 1], [0, 0, 0]], np.uint8), all_ties=True).tolist()",
        returns("[[1, 0, 1], [1, 1, 0]]"),
    ),
    (
        "fewest masked kernel",
        "lo.minimum_weight_solutions(np.array([1, 1, 0], np.uint8), np.ma.masked_array(np.array([[0, 1, 1]], np.uint8), mask=[[0, 1, 0]]))",
        raises(ValueError, "masked"),
    ),
    (
        "fewest count kernel too big",
        "lo.solve_board(np.ones((61, 61), np.uint8)).count_fewest_presses()",
        raises(ValueError, "kernel dimension <= 32"),
    ),
    (
        "fewest count unsolvable",
        "lo.solve_board([[1, 0, 0, 0, 0]] + [[0] * 5] * 4).count_fewest_presses()",
        raises(ValueError, "no solution"),
    ),
    (
        "fewest too many colour solutions",
        "lo.solve_board(np.zeros((1, 2), np.uint8), colors=2**64).fewest_presses()",
        raises(ValueError, "limit of 4194304"),
    ),
    (
        "cell types beyond 62 rows",
        "(lambda t: [int(v) for v in t] == [2**64 - 1, 0])(__import__('lightsout_edu.fewest', fromlist=['f']).cell_types(np.array([[1, 0]] * 64, np.uint8)))",
        returns("True"),
    ),
    # ---- counts of any size, and the command line ------------------------------------------------
    (
        "solution repr huge count",
        "repr(lo.solve_board(np.zeros((1, 300), np.uint64), rule=[[0, 1, 0], [0, 0, 0], [0, 1, 0]], colors=2**64))",
        holds("'18446744073709551616^300 (5780 digits) solutions' in result"),
    ),
    (
        "modular solution repr huge count",
        "repr(lo.solve_mod(np.zeros((1, 300), np.uint8), [0], 2**64))",
        holds("'^300 (5780 digits)' in result"),
    ),
    (
        "light chase repr huge count",
        "repr(lo.light_chase(np.zeros((1, 300), np.uint64), rule=[[0, 1, 0], [0, 0, 0], [0, 1, 0]], colors=2**64))",
        holds("'^300 (5780 digits)' in result"),
    ),
    (
        "cli info 100x100 colours 4",
        "cli('info', '100x100', '--colors', '4')",
        holds("result[0] == 0 and result[2] == '' and '4^10000' in result[1]"),
    ),
    (
        "cli info huge quiet count",
        "cli('info', '1x300', '--rule', '010/000/010', '--colors', str(2**64))",
        holds("result[0] == 0 and '18446744073709551616^300 (5780 digits)' in result[1]"),
    ),
    (
        "cli info 3x3 colours 4",
        "cli('info', '3x3', '--colors', '4')[1].splitlines()[-1]",
        returns("'Solvable boards: 262144 of 4^9 (all of them)'"),
    ),
    (
        "cli steps colours 257",
        "cli('solve', '1', '--colors', '257', '--steps')",
        holds("result[0] == 0 and 'Start:' + chr(10) + '1 | 256' in result[1]"),
    ),
    (
        "cli steps multi-digit rhs",
        "cli('solve', '11', '--colors', '13', '--steps')",
        holds("result[0] == 0 and '1,1 | 12' in result[1]"),
    ),
    (
        "cli steps colours 2^61 - 1",
        f"cli('solve', '1,1', '--colors', '{BIG_PRIME}', '--steps')",
        holds(f"result[0] == 0 and '1,1 | {BIG_PRIME - 1}' in result[1]"),
    ),
    (
        "cli broken pipe is quiet",
        "(lambda p: (p.stdout.read(20), p.stdout.close(), p.wait(), p.stderr.read())[2:])(__import__('subprocess').Popen([__import__('sys').executable, '-m', 'lightsout_edu', 'info', '61x61'], stdout=-1, stderr=-1))",
        returns("(141, b'')"),
    ),
    (
        "cli unknown command one line",
        "cli('frobnicate')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1 and 'frobnicate' in result[2]"),
    ),
    (
        "cli missing board one line",
        "cli('solve')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1 and 'BOARD' in result[2]"),
    ),
    (
        "cli missing size one line",
        "cli('info')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1"),
    ),
    (
        "cli colors text one line",
        "cli('solve', '1', '--colors', 'x')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1 and '--colors' in result[2]"),
    ),
    (
        "cli colors negative one line",
        "cli('solve', '1', '--colors', '-3')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1"),
    ),
    (
        "cli style unknown one line",
        "cli('info', '5x5', '--style', 'emoji')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1 and 'emoji' in result[2]"),
    ),
    (
        "cli flag with value one line",
        "cli('solve', '1', '--torus=yes')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1"),
    ),
    (
        "cli extra argument one line",
        "cli('solve', '1', '2')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1 and '2' in result[2]"),
    ),
    (
        "cli bad stencil shape",
        "cli('solve', '1', '--rule', '2/2')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1"),
    ),
    (
        "cli file with byte order mark",
        "(lambda p: (open(p, 'w', encoding='utf-8-sig').write('10' + chr(10) + '01' + chr(10)), cli('solve', p))[1])(__import__('tempfile').mkdtemp() + '/bom.txt')",
        holds("result[0] == 0 and 'Presses: 2' in result[1]"),
    ),
    (
        "cli file utf-16",
        "(lambda p: (open(p, 'wb').write(bytes([255, 254, 49, 0, 48, 0])), cli('solve', p))[1])(__import__('tempfile').mkdtemp() + '/utf16.txt')",
        holds("result[0] == 2 and result[2].count(chr(10)) == 1 and 'cannot read' in result[2]"),
    ),
    (
        "cli folder as board",
        "cli('solve', __import__('tempfile').mkdtemp())",
        holds("result[0] == 2 and 'folder' in result[2] and result[2].count(chr(10)) == 1"),
    ),
    (
        "cli one column 13 colours",
        "cli('solve', '11,/12,', '--colors', '13')",
        holds("result[0] == 1 and '11,' + chr(10) + '12,' in result[1]"),
    ),
    (
        "cli board state above colours",
        "cli('solve', '18446744073709551615,0')",
        holds("result[0] == 2 and '--colors 18446744073709551616' in result[2]"),
    ),
    (
        "cli info 2x2 colours 2^64",
        "cli('info', '2x2', '--colors', str(2**64))[0]",
        returns("0"),
    ),
    # ---- boards as text: every board round-trips, formats do not mix -----------------------------
    ("format one column 11 12", "lo.format_board([[11], [12]])", returns("'11,\\n12,'")),
    (
        "round trip one column",
        "lo.parse_board(lo.format_board([[11], [12]])).tolist()",
        returns("[[11], [12]]"),
    ),
    (
        "round trip one cell 10",
        "lo.parse_board(lo.format_board([[10]])).tolist()",
        returns("[[10]]"),
    ),
    (
        "round trip one column 2^64 - 1",
        "lo.parse_board(lo.format_board([[2**64 - 1], [0]])).tolist()",
        returns("[[18446744073709551615], [0]]"),
    ),
    (
        "round trip random column 1000 colours",
        "(lambda b: np.array_equal(lo.parse_board(lo.format_board(b)), b))(lo.random_board(7, 1, seed=3, colors=1000))",
        returns("True"),
    ),
    (
        "round trip random row 1000 colours",
        "(lambda b: np.array_equal(lo.parse_board(lo.format_board(b)), b))(lo.random_board(1, 7, seed=3, colors=1000))",
        returns("True"),
    ),
    ("format one column digits", "lo.format_board([[3], [9]])", returns("'3\\n9'")),
    ("format one column dots", "lo.format_board([[1], [0]], style='dots')", returns("'#\\n.'")),
    ("parse mixed formats", "lo.parse_board('1,0/10')", raises(ValueError, "same way")),
    ("parse mixed formats other way", "lo.parse_board('10/1,0')", raises(ValueError, "same way")),
    ("parse one column numbers", "lo.parse_board('11,/12,').tolist()", returns("[[11], [12]]")),
    ("parse one number", "lo.parse_board('5,').tolist()", returns("[[5]]")),
    ("parse empty between commas", "lo.parse_board('1,,2')", raises(ValueError, "between commas")),
    ("parse lone comma", "lo.parse_board(',')", raises(ValueError, "between commas")),
    ("parse two trailing commas", "lo.parse_board('12,,')", raises(ValueError, "between commas")),
    ("parse spaces in a number", "lo.parse_board('1 2,3')", raises(ValueError, "'1 2'")),
    (
        "parse byte order mark",
        "lo.parse_board('\\ufeff#./.#').tolist()",
        returns("[[1, 0], [0, 1]]"),
    ),
    (
        "parse windows newlines",
        "lo.parse_board('10\\r\\n01').tolist()",
        returns("[[1, 0], [0, 1]]"),
    ),
    ("parse bytes", "lo.parse_board(b'10')", raises(TypeError, "bytes")),
    # ---- read-only results stay read-only ---------------------------------------------------------
    (
        "rules cannot be made writable",
        "setattr(lo.RULES['plus'].flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "rules base cannot be made writable",
        "setattr(lo.RULES['plus'].base.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "rules through a strided view",
        "np.lib.stride_tricks.as_strided(lo.RULES['plus'], writeable=True).__setitem__((0, 0), 1)",
        raises(ValueError, "read-only"),
    ),
    ("rule stencil is a fresh copy", "lo.rule_stencil('plus').flags.writeable", returns("True")),
    (
        "solution board cannot be made writable",
        "setattr(lo.solve_board([[1]]).board.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "solution toggle matrix cannot be made writable",
        "setattr(lo.solve_board([[1]]).toggle_matrix.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "solution certificate cannot be made writable",
        "setattr(lo.solve_board([[1, 0, 0, 0, 0]] + [[0] * 5] * 4).certificate.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "solution board through asarray",
        "setattr(np.asarray(lo.solve_board([[1]]).board).flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "solution board copy is free",
        "(lambda s: (lambda b: (b.__setitem__((0, 0), 0), s.board.tolist())[1])(np.array(s.board)))(lo.solve_board([[1]]))",
        returns("[[1]]"),
    ),
    (
        "solution quiet patterns are copies",
        "(lambda s: (s.quiet_patterns.__setitem__((0, 0, 0), 1 - s.quiet_patterns[0, 0, 0]), int(s.quiet_patterns[0, 0, 0]))[1])(lo.solve_board([[1] * 5] * 5))",
        returns("0"),
    ),
    (
        "elimination matrix cannot be made writable",
        "setattr(lo.eliminate([[1]], [1]).matrix.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "elimination rref cannot be made writable",
        "setattr(lo.eliminate([[1]], [1]).rref.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "elimination state is a copy",
        "(lambda e: (e.state(0).__setitem__((0, 0), 0), e.state(0).tolist())[1])(lo.eliminate([[1]], [1]))",
        returns("[[1, 1]]"),
    ),
    (
        "light chase presses cannot be made writable",
        "setattr(lo.light_chase([[1] * 5] * 5).presses.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "light chase matrix cannot be made writable",
        "setattr(lo.light_chase([[1] * 5] * 5).matrix.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "light chase quiet patterns cannot be made writable",
        "setattr(lo.light_chase([[1] * 5] * 5).quiet_patterns.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "light chase first rows cannot be made writable",
        "setattr(lo.light_chase([[1] * 5] * 5).first_rows.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "light chase free cells cannot be made writable",
        "setattr(lo.light_chase([[1] * 5] * 5).free_cells.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "modular x cannot be made writable",
        "setattr(lo.solve_mod([[2]], [2], 4).x.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "modular generators cannot be made writable",
        "setattr(lo.solve_mod([[2]], [2], 4).kernel_generators.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    (
        "modular certificate cannot be made writable",
        "setattr(lo.solve_mod([[2]], [1], 4).certificate.flags, 'writeable', True)",
        raises(ValueError, "WRITEABLE"),
    ),
    # ---- lower bounds at any nullity ------------------------------------------------------------
    (
        "lower bound 21x21 neighbors",
        "lo.presses_lower_bound(lo.random_board(21, 21, seed=1, solvable=True, rule='neighbors'), rule='neighbors').presses",
        returns("138"),
    ),
    (
        "lower bound 64x64 neighbors",
        "lo.presses_lower_bound(np.ones((64, 64), np.uint8), rule='neighbors').reason",
        holds("result.startswith('parity checks')"),
    ),
    (
        "lower bound below the fewest 21x21",
        "(lambda b: lo.presses_lower_bound(b, rule='neighbors').presses <= int(lo.solve_board(b, rule='neighbors').fewest_presses().sum()))(lo.random_board(21, 21, seed=1, solvable=True, rule='neighbors'))",
        returns("True"),
    ),
    # ---- smaller: empty, exact numbers, masks -----------------------------------------------------
    ("rank empty uint8", "lo.rank(np.zeros((0, 3), np.uint8))", raises(ValueError, "empty")),
    (
        "null space empty uint8",
        "lo.null_space(np.zeros((3, 0), np.uint8))",
        raises(ValueError, "empty"),
    ),
    ("solve empty uint8", "lo.solve(np.zeros((0, 0), np.uint8), [])", raises(ValueError, "empty")),
    (
        "solve with kernel empty uint8",
        "lo.solve_with_kernel(np.zeros((0, 2), np.uint8), [])",
        raises(ValueError, "empty"),
    ),
    (
        "rank empty mod 3",
        "lo.rank(np.zeros((0, 3), np.uint8), modulus=3)",
        raises(ValueError, "empty"),
    ),
    ("rank fraction one", "lo.rank([[__import__('fractions').Fraction(1)]])", returns("1")),
    (
        "solve board fraction one",
        "lo.solve_board([[__import__('fractions').Fraction(1)]]).presses.tolist()",
        returns("[[1]]"),
    ),
    (
        "rank fraction half",
        "lo.rank([[__import__('fractions').Fraction(1, 2)]])",
        raises(ValueError, "Fraction(1, 2)"),
    ),
    ("rank decimal one", "lo.rank([[__import__('decimal').Decimal(1)]])", returns("1")),
    (
        "solve board decimal 1.5",
        "lo.solve_board([[__import__('decimal').Decimal('1.5')]])",
        raises(ValueError, "Decimal('1.5')"),
    ),
    ("rank sympy integer", "lo.rank([[__import__('sympy').Integer(1), 0]])", returns("1")),
    ("rank bool among big ints", "lo.rank([[True, 2**70]])", raises(ValueError, "True")),
    (
        "rank float among big ints",
        "lo.rank([[1.0, 2**70]])",
        raises(ValueError, "1180591620717411303424"),
    ),
    (
        "rank inexact float among big ints",
        "lo.rank([[float(2**53 + 2), 2**70]], modulus=2**61 - 1)",
        raises(ValueError, "9007199254740994.0"),
    ),
    (
        "masked board",
        "lo.solve_board(np.ma.masked_array([[1, 0], [0, 1]], mask=[[0, 1], [0, 0]]))",
        raises(ValueError, "masked entry"),
    ),
    (
        "masked uint8 matrix",
        "lo.rank(np.ma.masked_array(np.array([[1, 0]], np.uint8), mask=[[1, 0]]))",
        raises(ValueError, "masked"),
    ),
    (
        "masked matrix nothing masked",
        "lo.rank(np.ma.masked_array(np.array([[1, 0]], np.uint8)))",
        returns("1"),
    ),
    (
        "masked rule stencil",
        "lo.toggle_matrix(3, 3, rule=np.ma.masked_array(np.ones((3, 3)), mask=np.eye(3)))",
        raises(ValueError, "masked"),
    ),
    (
        "masked presses",
        "lo.press([[0]], np.ma.masked_array([[1]], mask=[[1]]))",
        raises(ValueError, "presses"),
    ),
    (
        "masked right-hand side",
        "lo.solve_mod([[1]], np.ma.masked_array([1], mask=[1]), 5)",
        raises(ValueError, "masked"),
    ),
    (
        "masked format",
        "lo.format_board(np.ma.masked_array([[1]], mask=[[1]]))",
        raises(ValueError, "masked"),
    ),
    (
        "masked first row",
        "lo.chase_lights(np.zeros((3, 3)), np.ma.masked_array([1, 0, 0], mask=[1, 0, 0]))",
        raises(ValueError, "first_row"),
    ),
    (
        "masked row in a list",
        "lo.solve_board([np.ma.masked_array([1, 0], mask=[0, 1]), [0, 1]])",
        raises(ValueError, "masked"),
    ),
    (
        "masked adjacency",
        "lo.graph_toggle_matrix(adjacency=np.ma.masked_array([[0, 1], [1, 0]], "
        "mask=[[0, 1], [0, 0]]))",
        raises(ValueError, "masked"),
    ),
    (
        "masked particular",
        "lo.minimum_weight_solutions(np.ma.masked_array(np.array([1, 0], np.uint8), mask=[1, 0]), np.zeros((0, 2), np.uint8))",
        raises(ValueError, "particular"),
    ),
    # ---- row operations as data ------------------------------------------------------------------
    (
        "step from short list",
        "__import__('lightsout_edu.steps', fromlist=['s']).step_from_list([1, 0, 1])",
        raises(ValueError, "5 whole numbers"),
    ),
    (
        "add row huge factor",
        "(lambda M: (lo.AddRow(0, 1, 0, 2**70).apply(M, 3), M.tolist())[1])(np.array([[1, 1], [0, 0]], np.uint8))",
        returns("[[1, 1], [1, 1]]"),
    ),
    (
        "add row negative factor",
        "(lambda M: (lo.AddRow(0, 1, 0, -1).apply(M, 5), M.tolist())[1])(np.array([[1, 1], [0, 0]], np.uint8))",
        returns("[[1, 1], [4, 4]]"),
    ),
    (
        "add row undo huge factor",
        "(lambda M: (lo.AddRow(0, 1, 0, 2**70).apply(M, 7), lo.AddRow(0, 1, 0, 2**70).undo(M, 7), M.tolist())[2])(np.array([[1, 2], [3, 4]], np.uint8))",
        returns("[[1, 2], [3, 4]]"),
    ),
    (
        "scale by zero undo",
        "lo.Scale(0, 3, 0).undo(np.array([[1]], np.uint8), 3)",
        raises(ValueError, "cannot be undone"),
    ),
    (
        "scale huge factor mod big prime",
        "(lambda M: (lo.Scale(0, 2**64 + 2, 0).apply(M, 2**64 - 59), M.tolist())[1])(np.array([[2**63]], np.uint64))",
        returns("[[9223372036854777578]]"),
    ),
    # ---- the extremes of the modulus elsewhere ----------------------------------------------------
    (
        "colours numpy int",
        "lo.solve_board([[1]], colors=np.int64(3)).presses.tolist()",
        returns("[[2]]"),
    ),
    (
        "colours numpy uint64",
        "lo.solve_board([[1]], colors=np.uint64(2**64 - 1)).presses.tolist()",
        returns("[[18446744073709551614]]"),
    ),
    ("colours bool", "lo.solve_board([[1]], colors=True)", raises(TypeError, "colors")),
    (
        "random board 2^64 colours",
        "lo.random_board(2, 2, seed=1, colors=2**64).dtype",
        returns("dtype('uint64')"),
    ),
    (
        "random solvable 2^64 colours",
        "lo.solve_board(lo.random_board(2, 3, seed=1, colors=2**64, solvable=True), colors=2**64).solvable",
        returns("True"),
    ),
    (
        "random seed beyond 2^64",
        "lo.random_board(2, 2, seed=2**64 + 5, colors=3).shape",
        returns("(2, 2)"),
    ),
    (
        "press wraps at 2^64",
        "lo.press([[2**64 - 1]], [[1]], colors=2**64).tolist()",
        returns("[[0]]"),
    ),
    (
        "press king at 2^64",
        "lo.press([[2**64 - 1]], [[2**64 - 1]], colors=2**64, rule='king').tolist()",
        returns("[[18446744073709551614]]"),
    ),
    (
        "chase lights at 2^64",
        "lo.chase_lights([[2**64 - 1, 0]], [1, 0], colors=2**64)[1].tolist()",
        returns("[0, 1]"),
    ),
    (
        "chase matrix at 2^64",
        "lo.chase_matrix(2, 2, colors=2**64).tolist()",
        returns(
            "[[18446744073709551615, 18446744073709551614], [18446744073709551614, 18446744073709551615]]"
        ),
    ),
    (
        "toggle matrix 2^64 dtype",
        "lo.toggle_matrix(2, 2, colors=2**64).dtype",
        returns("dtype('uint64')"),
    ),
    (
        "solve big prime",
        "lo.solve([[1]], [2**64 - 60], modulus=2**64 - 59).tolist()",
        returns("[18446744073709551556]"),
    ),
    (
        "null space big prime",
        "lo.null_space([[1, 2**61 - 2]], modulus=2**61 - 1).tolist()",
        returns("[[1, 1]]"),
    ),
    (
        "left null space 2^31 - 1",
        f"lo.left_null_space([[{M31 - 1}], [1]], modulus={M31}).tolist()",
        returns("[[1, 1]]"),
    ),
    (
        "eliminate big prime",
        "lo.eliminate([[1, 1]], [1], modulus=2**61 - 1).solution().tolist()",
        returns("[1, 0]"),
    ),
    (
        "light chase Z/4 quiet patterns",
        "lo.light_chase(np.zeros((4, 4), np.uint8), colors=4).quiet_patterns.shape",
        returns("(4, 4, 4)"),
    ),
    (
        "light chase Z/4 count",
        "lo.light_chase(np.zeros((4, 4), np.uint8), colors=4).solution_count",
        returns("64"),
    ),
    (
        "modular repr unsolvable",
        "repr(lo.solve_mod([[2]], [1], 4))",
        returns("'<ModularSolution over Z/4: not solvable>'"),
    ),
    ("board generator", "lo.solve_board(x for x in [[1]])", raises(TypeError, "generator")),
    ("board of text digits", "lo.solve_board([['1']])", raises(TypeError, "numbers")),
    ("board float32 ones", "lo.solve_board(np.ones((2, 2), np.float32)).solvable", returns("True")),
    ("board sympy matrix", "lo.rank(__import__('sympy').Matrix([[1, 0], [0, 1]]))", returns("2")),
]

#: Huge inputs: ``(name, code, expected, seconds)``, each refused before any pass over the
#: data, copy or compiled call (or answered, or stopped at its time_limit) within ``seconds``,
#: in a child with 4 GiB of address space (tests/test_bad_input_catalogue.py).  Broadcast views
#: stand for inputs of 10^9 and 10^10 cells that take no memory.
WIDE_BOARD = (
    "(lambda path: (path.write_text('1' * 3_000_000), cli('solve', str(path), '--steps'))[1])"
    "(__import__('pathlib').Path(__import__('tempfile').mkdtemp()) / 'wide.txt')"
)
SIZE_CASES: list[tuple[str, str, Expected, float]] = [
    (
        "rank broadcast 30000^2",
        "lo.rank(np.broadcast_to(np.uint8(1), (30000, 30000)))",
        raises(ValueError, "word operations"),
        1,
    ),
    (
        "rank broadcast 100000^2",
        "lo.rank(np.broadcast_to(np.uint8(1), (100000, 100000)))",
        raises(ValueError, "checked copy"),
        1,
    ),
    (
        "rank broadcast floats 100000^2",
        "lo.rank(np.broadcast_to(np.float64(1), (100000, 100000)))",
        raises(ValueError, "checked copy"),
        1,
    ),
    (
        "rank mod 3 broadcast 100000^2",
        "lo.rank(np.broadcast_to(np.uint8(1), (100000, 100000)), modulus=3)",
        raises(ValueError, "operations on entries"),
        1,
    ),
    (
        "solve broadcast 30000^2",
        "lo.solve(np.broadcast_to(np.uint8(1), (30000, 30000)), np.zeros(30000, np.uint8))",
        raises(ValueError, "word operations"),
        1,
    ),
    (
        "solve broadcast 100000^2",
        "lo.solve(np.broadcast_to(np.uint8(1), (100000, 100000)), np.zeros(100000, np.uint8))",
        raises(ValueError, "checked copy"),
        1,
    ),
    (
        "cli solve --steps 1 x 3,000,000",
        WIDE_BOARD,
        holds("result[0] == 2 and 'too big to record' in result[2]"),
        2,  # the 3 MB of board text are parsed first (0.4 s); refused before solving
    ),
    (
        "eliminate broadcast 30000^2",
        "lo.eliminate(np.broadcast_to(np.uint8(1), (30000, 30000)))",
        raises(ValueError, "too big to record"),
        1,
    ),
    (
        "solve_board 30000^2",
        "lo.solve_board(np.zeros((30000, 30000), np.uint8))",
        raises(ValueError, "smaller board"),
        1,
    ),
    (
        "light_chase 30000^2",
        "lo.light_chase(np.zeros((30000, 30000), np.uint8))",
        raises(ValueError, "smaller board"),
        1,
    ),
    (
        "press 30000^2",
        "lo.press(np.zeros((30000, 30000), np.uint8), np.zeros((30000, 30000), np.uint8))",
        raises(ValueError, "pressing a 30000x30000 board"),
        1,
    ),
    (
        "solve_mod 50000^2 mod 4",
        "lo.solve_mod(np.zeros((50000, 50000), np.uint8), np.zeros(50000, np.uint8), 4)",
        raises(ValueError, "operations on entries"),
        1,
    ),
    (
        "solve_mod 1 x 100000 mod 4",
        "lo.solve_mod(np.zeros((1, 100000), np.uint8), [0], 4)",
        raises(ValueError, "transforms"),
        1,
    ),
    (
        "smith form broadcast 1 x 10^10",
        "lo.smith_form_mod(np.broadcast_to(np.uint8(0), (1, 10**10)), 6)",
        raises(ValueError, "operations on entries"),
        1,
    ),
    (
        "null_space 1 x 100000",
        "lo.null_space(np.zeros((1, 100000), np.uint8))",
        raises(ValueError, "PackedMatrix"),
        1,
    ),
    (
        "null_space mod 3 1 x 100000",
        "lo.null_space(np.zeros((1, 100000), np.uint8), modulus=3)",
        raises(ValueError, "null space"),
        1,
    ),
    (
        "pack broadcast 100000^2",
        "lo.PackedMatrix.from_dense(np.broadcast_to(np.uint8(0), (100000, 100000)))",
        raises(ValueError, "checked copy"),
        1,
    ),
    (
        "null_space packed 200000 columns",
        "lo.null_space(lo.PackedMatrix(np.zeros((1, 3125), np.uint64), 200000))",
        raises(ValueError, "null space"),
        1,
    ),
    (
        "left_null_space packed 200000 rows",
        "lo.left_null_space(lo.PackedMatrix(np.zeros((200000, 1), np.uint64), 1))",
        raises(ValueError, "null space"),
        1,
    ),
    (
        "left_null_space broadcast 100000 x 1",
        "lo.left_null_space(np.broadcast_to(np.uint8(0), (100000, 1)))",
        raises(ValueError, "null space"),
        1,
    ),
    (
        "solve_with_kernel 1 x 60000",
        "lo.solve_with_kernel(np.zeros((1, 60000)), [0])",
        raises(ValueError, "null space"),
        1,
    ),
    (
        "most_clicks 10^9 x 10^9",
        "lo.most_clicks(puzzle=lo.Puzzle.grid(10**9, 10**9))",
        raises(ValueError, "cell types"),
        1,
    ),
    (
        "most_clicks_bounds 20000^2 in 1 s",
        "lo.most_clicks_bounds(20000, 20000, time_limit=1)",
        raises(ValueError, "cell types"),
        2,
    ),
    (
        "most_clicks_bounds 3000^2 in 1 s",
        "lo.most_clicks_bounds(3000, 3000, time_limit=1)",
        returns("(9000000, 9000000)"),
        2,
    ),
    (
        "most_clicks_bounds 2999^2 in 1 s",
        "lo.most_clicks_bounds(2999, 2999, time_limit=1)",
        raises(ValueError, "time_limit"),
        2,
    ),
]
