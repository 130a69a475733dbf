"""Headless widget tests: the Python side of the one-model widgets and the data they ship.

What a person sees is tested in a real browser (tests/test_browser.py) and the front-end
logic with Node (tests/test_frontend.py); here: the Python API, the synced traits, and that
the data shipped to the browser says the same as the package.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from ipywidgets.widgets.widget import _instances

import lightsout_edu as lo
from lightsout_edu._playback import Playback
from lightsout_edu.diagonal_form import diagonal_form
from lightsout_edu.steps import AddRow, Scale, Swap, step_from_list
from lightsout_edu.widgets import (
    EliminationPlayer,
    LightsOutGame,
    QuickQuestion,
    RowReductionPractice,
)


@pytest.fixture
def board_system():
    return lo.eliminate(lo.toggle_matrix(3, 3), lo.random_board(3, 3, seed=7))


def models_created(build) -> int:
    before = set(_instances)
    widget = build()
    widget._repr_mimebundle_()  # what displaying it does
    return len(set(_instances) - before)


@pytest.mark.parametrize(
    "build",
    [
        lambda: LightsOutGame(),
        lambda: LightsOutGame(10, 10),
        lambda: EliminationPlayer(lo.eliminate(lo.toggle_matrix(5, 5), np.ones(25))),
        lambda: RowReductionPractice(),
        lambda: QuickQuestion("rref"),
    ],
)
def test_every_widget_is_a_single_model(build):
    assert models_created(build) == 1


def test_saved_state_is_small():
    game = LightsOutGame(10, 10)
    state = json.dumps(game.get_state())
    assert len(state) < 120_000  # the ES module and the solving data of a 10x10 board


def test_repr_is_short_and_has_no_address():
    assert repr(LightsOutGame(seed=3)) == "LightsOutGame(5x5, rule 'plus': 16 lights on, 0 presses)"
    assert "0x" not in repr(RowReductionPractice())


# -- EliminationPlayer ----------------------------------------------------------------------
def replay(data: dict, k: int) -> np.ndarray:
    """The matrix after k of the shipped steps, replayed from the shipped start matrix."""
    p = data["modulus"]
    M = np.array([[int(ch, 36) for ch in row] for row in data["matrix"]], dtype=np.int64)
    for step in data["steps"][:k]:
        step_from_list(step).apply(M, p)
    return M


def test_player_ships_the_start_matrix_and_every_step(board_system):
    e = board_system
    player = EliminationPlayer(e)
    assert [step_from_list(s) for s in player.data["steps"]] == list(e.steps)
    for k in (0, 1, len(e.steps) // 2, len(e.steps)):
        np.testing.assert_array_equal(replay(player.data, k), e.state(k))


def test_player_step_moves_and_caption_follows(board_system):
    e = board_system
    player = EliminationPlayer(e)
    assert player.caption.startswith("Start")
    player.forward()
    assert player.step == 1 and player.caption == f"Step 1 of {len(e.steps)}: {e.explain(0)}"
    player.step = len(e.steps)
    assert "Done: reduced row echelon form" in player.caption
    player.forward()  # at the end: stays
    assert player.step == len(e.steps)
    player.step = 0
    player.back()
    assert player.step == 0
    with pytest.raises(ValueError, match="out of range"):
        player.step = len(e.steps) + 1


def test_player_jumps_between_pivots(board_system):
    e = board_system
    player = EliminationPlayer(e)
    starts = sorted(set(e.pivot_starts))
    visited = []
    while player.step < len(e.steps):
        player.next_pivot()
        visited.append(player.step)
    assert visited == [s for s in starts if s > 0] + [len(e.steps)]
    player.previous_pivot()
    assert player.step == starts[-1]


def test_known_presses_are_final(board_system):
    """What the player calls known (row final, pivot found) equals the final answer."""
    for e in (board_system, lo.eliminate(lo.toggle_matrix(5, 5), lo.random_board(5, 5, seed=7))):
        playback = Playback(e)
        final, found = playback.final_at(), playback.found_at()
        n, answer = e.n_unknowns, e.rref
        for k in range(len(e.steps) + 1):
            state = e.state(k)
            for i, (row, col) in enumerate(playback.pivot_cells):
                if col < n and found[i] <= k and final[row] <= k:
                    assert state[row, -1] == answer[row, -1], (k, row)


def test_player_recognises_boards_and_checks_its_arguments(board_system):
    assert EliminationPlayer(board_system).data["board_shape"] == [3, 3]
    rect = lo.eliminate(lo.toggle_matrix(2, 5, rule="x", torus=True), np.ones(10))
    assert EliminationPlayer(rect).data["board_shape"] == [2, 5]
    assert EliminationPlayer(lo.eliminate([[1, 1], [0, 1]])).data["board_shape"] is None
    with pytest.raises(TypeError, match="must come from"):
        EliminationPlayer(np.eye(3))
    with pytest.raises(ValueError, match="does not fit"):
        EliminationPlayer(board_system, board_shape=(2, 2))
    with pytest.raises(ValueError, match="speed must be one of"):
        EliminationPlayer(board_system, speed=3)
    with pytest.raises(ValueError, match="size must be between"):
        EliminationPlayer(board_system, size=9)


def test_player_for_an_inconsistent_system_marks_the_b_pivot():
    e = lo.eliminate(lo.toggle_matrix(5, 5), lo.random_board(5, 5, seed=1, solvable=False))
    data = EliminationPlayer(e).data
    assert not data["consistent"] and [e.rank, 25] in data["pivots"]


def test_player_mod_3_ships_factors():
    e = lo.eliminate([[2, 1], [1, 1]], [1, 2], modulus=3)
    data = EliminationPlayer(e).data
    assert data["modulus"] == 3 and any(s[0] == 2 for s in data["steps"])  # a Scale step


# -- LightsOutGame ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rows", "cols", "rule", "torus", "colors"),
    [
        (5, 5, "plus", False, 2),
        (4, 6, "x", True, 2),
        (3, 3, "king", False, 3),
        (2, 2, "plus", True, 3),
    ],
)
def test_press_matches_lo_press(rows, cols, rule, torus, colors):
    game = LightsOutGame(rows, cols, rule=rule, torus=torus, seed=3, colors=colors)
    board = game.board
    rng = np.random.default_rng(0)
    for n, (r, c) in enumerate(rng.integers(0, [rows, cols], size=(12, 2))):
        game.press(int(r), int(c))
        taps = np.zeros((rows, cols), dtype=np.uint8)
        taps[r, c] = 1
        board = lo.press(board, taps, rule=rule, torus=torus, colors=colors)
        np.testing.assert_array_equal(game.board, board)
        assert game.presses == n + 1 and game.history[-1] == r * cols + c


def test_undo_takes_presses_back():
    game = LightsOutGame(seed=5, colors=3)
    start = game.board
    game.undo()  # nothing to undo: harmless
    game.press(0, 0)
    game.press(2, 3)
    game.undo()
    game.undo()
    np.testing.assert_array_equal(game.board, start)
    assert game.presses == 0


def test_hint_is_part_of_a_fewest_presses_solution():
    for seed in range(6):
        game = LightsOutGame(seed=seed)
        fewest = lo.solve_board(game.board).all_fewest_presses()
        r, c = game.hint()
        assert fewest[0, r, c] and game.hint_cell == r * 5 + c
        needed = int(fewest[0].sum())
        game.press(r, c)
        assert game.hint_cell == -1
        assert int(lo.solve_board(game.board).fewest_presses().sum()) == needed - 1


def test_shipped_solving_data_solves_boards_like_solve_board():
    for rows, cols, colors, torus in [(5, 5, 2, False), (4, 4, 3, False), (3, 3, 4, True)]:
        game = LightsOutGame(rows, cols, torus=torus, colors=colors)
        form = diagonal_form(lo.toggle_matrix(rows, cols, torus=torus, colors=colors), colors)
        rng = np.random.default_rng(rows + colors)
        for _ in range(20):
            board = rng.integers(0, colors, (rows, cols))
            truth = lo.solve_board(board, torus=torus, colors=colors)
            x, y = form.solve((-board.reshape(-1)) % colors)
            assert (x is not None) == truth.solvable
            if x is not None:
                assert not lo.press(board, x.reshape(rows, cols), torus=torus, colors=colors).any()
        assert game.solver["orders"] == list(form.kernel()[1])


def test_new_board_is_seeded_and_the_seed_shown_is_the_current_one():
    game = LightsOutGame(4, 4, seed=20)
    first = game.board
    assert game.seed == 20 and lo.solve_board(first).solvable
    game.new_board()
    assert game.seed == 21 and game.presses == 0
    game.new_board(seed=20)
    np.testing.assert_array_equal(game.board, first)


def test_a_given_board_shows_no_seed_until_one_is_dealt():
    game = LightsOutGame(board=np.eye(3, dtype=np.uint8))
    assert not game.dealt  # the seed box stays blank: this board came from no seed
    game.new_board()
    assert game.dealt and game.seed == 1
    assert LightsOutGame(3, 3, seed=2024).dealt


def test_traits_are_checked_when_assigned():
    """What the browser (or a notebook) may assign is checked at once, with a clear error."""
    game = LightsOutGame(3, 3, seed=1)
    for name, value, message in [
        ("lights", [-1] * 9, r"lights\[0\] = -1 is out of range: use 0 to 1"),
        ("lights", [1] * 8, "must hold 9 lights"),
        ("history", [99], r"history\[0\] = 99 is out of range: use 0 to 8"),
        ("hint_cell", 9, "hint_cell = 9 is out of range"),
        ("seed", 2**64, "seed = 18446744073709551616 is out of range"),
        ("seed", True, "seed must be a whole number"),
        ("solver", {}, "solver is fixed"),
    ]:
        with pytest.raises((ValueError, TypeError), match=message):
            setattr(game, name, value)
    assert game.history == [] and len(game.lights) == 9
    game.undo()  # nothing was recorded, so nothing to take back
    with pytest.raises(ValueError, match="rows=3 does not match the board, which is 4x4"):
        LightsOutGame(3, 3, board=np.zeros((4, 4)))
    assert LightsOutGame(board=np.zeros((4, 4))).rows == 4
    with pytest.raises(ValueError, match="seed must be at most 2\\^64 - 1"):
        LightsOutGame(seed=2**64)
    last = LightsOutGame(1, 2, seed=2**64 - 1)
    assert last.get_state()["seed"] == str(2**64 - 1)  # exact as text in the browser
    last.new_board()
    assert last.seed == 0  # "New board" after the last seed starts again at 0

    player = EliminationPlayer(lo.eliminate(lo.toggle_matrix(3, 3)))
    for value, error in [(True, TypeError), (3, ValueError)]:
        with pytest.raises(error, match="speed must be one of"):
            player.speed = value
    with pytest.raises(TypeError, match="size must be a number"):
        player.size = True
    with pytest.raises(ValueError, match="data is fixed"):
        player.data = {}

    practice = RowReductionPractice([[1, 1], [1, 1]])
    for ops, message in [
        ([[1, 0, 0, 0, 1]], "adds row 0 to itself"),
        ([[1, -1, 0, 0, 1]], r"row a = -1 is out of range: use 0 to 1"),
        ([[0, 0, 5, 0, 1]], r"row b = 5 is out of range"),
        ([[2, 0, 0, 0, 0]], "factor = 0 is out of range"),
        ([[1, 0, 1, 0, True]], "factor must be a whole number"),
        ([[3, 0, 1, 0, 1]], "kind"),
        ([[1, 0, 1]], "must be \\[kind, a, b, pivot_col, factor\\]"),
    ]:
        with pytest.raises((ValueError, TypeError), match=message):
            practice.ops = ops
    assert not practice.is_rref  # [[1, 1], [1, 1]] is not in RREF, whatever was tried
    mod5 = RowReductionPractice([[1, 2], [1, 1]], modulus=5)
    for factor in (0, 5, 10, 7):  # 0 mod 5 and residues not written as 1 .. 4
        with pytest.raises(ValueError, match="factor"):
            mod5.ops = [[2, 0, 0, 0, factor]]
    with pytest.raises(ValueError, match="scales one row"):
        mod5.ops = [[2, 0, 1, 0, 2]]
    with pytest.raises(ValueError, match="start is fixed"):
        practice.start = ["11", "11"]


def test_settings_are_fixed_and_the_board_checked():
    game = LightsOutGame(3, 3)
    with pytest.raises(AttributeError):
        game.rule = "x"
    with pytest.raises(ValueError, match="r=3 is off the board"):
        game.press(3, 0)
    with pytest.raises(TypeError, match="c must be a whole number"):
        game.press(0, "1")
    with pytest.raises(ValueError, match="this game is 3x3"):
        game.board = np.zeros((4, 4))
    with pytest.raises(ValueError, match="board"):
        LightsOutGame(board=[[0, 2]])
    with pytest.raises(ValueError, match="rows"):
        LightsOutGame(0, 3)
    with pytest.raises(ValueError, match="at most 7 colours"):
        LightsOutGame(colors=8)
    with pytest.raises(ValueError, match="at most 400 cells"):
        LightsOutGame(25, 25)
    with pytest.raises(TypeError, match="torus must be True or False"):
        LightsOutGame(torus="no")


def test_colour_game_solves_by_pressing_the_fewest_presses():
    game = LightsOutGame(4, 4, colors=5, seed=2)
    start = game.board
    fewest = lo.solve_board(start, colors=5).fewest_presses()
    for (r, c), count in np.ndenumerate(fewest):
        for _ in range(int(count)):
            game.press(r, c)
    assert not game.board.any() and game.presses == int(fewest.sum())


# -- RowReductionPractice -------------------------------------------------------------------------
def test_practice_reaches_rref_by_the_recorded_steps():
    practice = RowReductionPractice()
    e = lo.eliminate(lo.toggle_matrix(3, 3), [1, 1, 0, 1, 0, 0, 0, 0, 1])
    assert practice.reference_operations == len(e.steps)
    for step in e.steps:
        if isinstance(step, Swap):
            practice.swap(step.i, step.j)
        else:
            practice.add(step.src, step.dst)
    np.testing.assert_array_equal(practice.matrix, e.rref)
    assert practice.is_rref and practice.consistent
    assert len(practice.operations) == len(e.steps)
    practice.undo()
    assert not practice.is_rref
    practice.reset()
    assert practice.operations == ()


def test_practice_over_gf3_scales_and_records_step_objects():
    practice = RowReductionPractice([[2, 1], [1, 1]], [1, 2], modulus=3)
    practice.scale(0, 2)
    practice.add(0, 1, 2)
    assert practice.operations == (Scale(0, 2, 0), AddRow(0, 1, 0, 2))
    assert practice.matrix.tolist() == [[1, 2, 2], [0, 2, 0]]
    practice.scale(1, 2)
    practice.add(1, 0, 1)
    assert practice.is_rref and practice.matrix.tolist() == [[1, 0, 2], [0, 1, 0]]


def test_practice_bad_input():
    practice = RowReductionPractice()
    with pytest.raises(ValueError, match="not a row"):
        practice.swap(0, 9)
    with pytest.raises(ValueError, match="different rows"):
        practice.add(1, 1)
    with pytest.raises(ValueError, match="must not be 0"):
        RowReductionPractice([[1, 2]], modulus=3).scale(0, 3)
    with pytest.raises(ValueError, match="too big to reduce by hand"):
        RowReductionPractice(np.eye(14, dtype=int))
    with pytest.raises(ValueError, match="not prime"):
        RowReductionPractice(modulus=4)


def test_a_game_plays_a_puzzle_exactly_as_its_keywords():
    puzzle = lo.Puzzle.grid(4, 5, rule="x", torus=True, colors=3)
    by_puzzle = lo.LightsOutGame(puzzle=puzzle, seed=7)
    by_keywords = lo.LightsOutGame(4, 5, rule="x", torus=True, colors=3, seed=7)
    assert by_puzzle.puzzle == puzzle == by_keywords.puzzle
    assert by_puzzle.solver == by_keywords.solver
    assert by_puzzle.board.tolist() == by_keywords.board.tolist()
    by_puzzle.press(1, 2)
    expected = np.zeros((4, 5), dtype=np.uint8)
    expected[1, 2] = 1
    assert by_puzzle.board.tolist() == puzzle.press(by_keywords.board, expected).tolist()


def test_a_game_refuses_a_graph_or_a_puzzle_said_twice():
    with pytest.raises(ValueError, match="draws grids"):
        lo.LightsOutGame(puzzle=lo.Puzzle.graph(lo.petersen_graph()))
    with pytest.raises(TypeError, match="not both"):
        lo.LightsOutGame(puzzle=lo.Puzzle.grid(3, 3), rule="plus")
    with pytest.raises(ValueError, match="the puzzle is 3x3"):
        lo.LightsOutGame(puzzle=lo.Puzzle.grid(3, 3), board=np.zeros((4, 4), dtype=int))
