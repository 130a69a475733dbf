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

CASES: list[tuple[str, str, Expected]] = [
    # ---- boards: reading, writing, pressing ---------------------------------------------------
    ("parse empty", "lo.parse_board('')", raises(ValueError, "empty")),
    ("parse ragged", "lo.parse_board('10/1')", raises(ValueError, "row 1 has 1 cells")),
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
        "lo.graph_toggle_matrix([[0, 1], [0, 0]])",
        raises(ValueError, "not symmetric"),
    ),
    (
        "graph self_toggle str",
        "lo.graph_toggle_matrix([(0, 1)], self_toggle='no')",
        raises(TypeError, "self_toggle must be True or False"),
    ),
    ("graph empty", "lo.graph_toggle_matrix([])", raises(ValueError, "")),
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
]
