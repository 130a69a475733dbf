"""Headless widget tests: what the player and the game show, read from their widget traits."""

from __future__ import annotations

import io
import re

import numpy as np
import pytest
from PIL import Image

import lightsout_edu as lo
from lightsout_edu import _render
from lightsout_edu.latex import step_to_latex
from lightsout_edu.widgets import EliminationPlayer, LightsOutGame


def html_matrix(html: str) -> tuple[np.ndarray, set, set]:
    """The numbers, pivot cells and highlighted rows of a player's HTML matrix."""
    rows = re.findall(r"<tr( class=\"lo-hl\")?><th>R<sub>\d+</sub></th>(.*?)</tr>", html)
    values, pivots, highlighted = [], set(), set()
    for i, (hl, cells) in enumerate(rows):
        found = re.findall(r'<td class="([^"]*)">(\d+)</td>', cells)
        values.append([int(v) for _, v in found])
        pivots |= {(i, j) for j, (cls, _) in enumerate(found) if "lo-pivot" in cls}
        if hl:
            highlighted.add(i)
    return np.array(values), pivots, highlighted


def buttons(widget, css_class: str) -> list:
    """All descendants of a widget that carry a CSS class."""
    found = [widget] if css_class in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        found += buttons(child, css_class)
    return found


@pytest.fixture
def board_system():
    return lo.eliminate(lo.toggle_matrix(3, 3), lo.random_board(3, 3, seed=7))


# -- EliminationPlayer ----------------------------------------------------------------------
def test_player_shows_the_state_of_each_step(board_system):
    e = board_system
    player = EliminationPlayer(e)
    for k in [0, 1, 5, len(e.steps) // 2, len(e.steps), 3, 0]:
        player.step = k
        matrix, pivots, highlighted = html_matrix(player.matrix_view.value)
        np.testing.assert_array_equal(matrix, e.state(k))
        assert f'data-step="{k}"' in player.matrix_view.value
        if k == 0:
            assert "Start" in player.caption.value and highlighted == set()
            assert player.operation.value == '<span class="lo-player-op"></span>'
        else:
            assert e.explain(k - 1) in player.caption.value
            assert f"${step_to_latex(e.steps[k - 1])}$" in player.operation.value
            assert highlighted == set(e.steps[k - 1].rows)
            assert e.pivot_at(k - 1) in pivots  # the pivot being served is marked
        if k < len(e.steps):
            assert f"Next: {e.explain(k)}" in player.caption.value


def test_player_marks_every_pivot_at_the_end(board_system):
    e = board_system
    player = EliminationPlayer(e, step=len(e.steps))
    _, pivots, _ = html_matrix(player.matrix_view.value)
    assert pivots == set(enumerate(e.pivots))
    assert "reduced row echelon form" in player.caption.value


def test_player_stepping_past_the_ends_is_safe(board_system):
    e = board_system
    player = EliminationPlayer(e)
    player.back()
    player.previous_pivot()
    assert player.step == 0
    player.step = len(e.steps)
    player.forward()
    player.next_pivot()
    assert player.step == len(e.steps)
    for bad, error in [(-1, ValueError), (len(e.steps) + 1, ValueError), (1.5, TypeError)]:
        with pytest.raises(error, match="step"):
            player.step = bad
    assert player.step == len(e.steps)


def test_player_buttons_slider_and_play_move_it(board_system):
    e = board_system
    player = EliminationPlayer(e)
    (forward,) = buttons(player, "lo-step-forward")
    forward.click()
    forward.click()
    assert player.step == 2
    (back,) = buttons(player, "lo-step-back")
    back.click()
    assert player.step == 1
    player._play.value = 6  # what the Play widget does while playing
    assert player.step == 6 and player._slider.value == 6
    np.testing.assert_array_equal(html_matrix(player.matrix_view.value)[0], e.state(6))
    player._speed.value = 8
    assert player._play.interval == 125


def test_player_jumps_between_pivots(board_system):
    e = board_system
    player = EliminationPlayer(e)
    starts = sorted(set(e.pivot_starts))
    seen = []
    while player.step < len(e.steps):
        buttons(player, "lo-next-pivot")[0].click()
        seen.append(player.step)
    assert seen == [s for s in starts if s > 0] + [len(e.steps)]
    player.previous_pivot()
    assert player.step == starts[-1]
    assert e.steps[player.step].pivot_col == e.pivots[-1]


def test_player_draws_the_board_and_the_presses_found(board_system):
    e = board_system
    player = EliminationPlayer(e)
    assert 'class="lo-board-b"' in player.board_view.value
    assert player.board_view.value.count("lo-unknown") == 9  # nothing is known at the start
    player.step = len(e.steps)
    x_html = player.board_view.value.split('class="lo-board-x"')[1]
    cells = re.findall(r"<td class=\"lo-cell [^\"]*\"[^>]*>([^<]*)</td>", x_html)
    marked = np.array([c == "\u25cf" for c in cells], dtype=np.uint8)
    np.testing.assert_array_equal(marked, e.solution())
    assert marked.size == 9 and "lo-unknown" not in x_html


def test_player_explains_an_inconsistent_system():
    board = np.zeros((5, 5), dtype=np.uint8)
    board[0, 0] = 1  # a single light in a corner cannot be switched off on 5x5
    e = lo.eliminate(lo.toggle_matrix(5, 5), board)
    assert not e.consistent
    player = EliminationPlayer(e, step=len(e.steps))
    assert "0 = 1" in player.caption.value
    _, pivots, _ = html_matrix(player.matrix_view.value)
    assert (e.rank, 25) in pivots  # the pivot in the b column is the contradiction
    assert "No solution" in player.board_view.value


def test_player_without_a_board():
    e = lo.eliminate(np.array([[1, 1, 0], [0, 1, 1]]), [1, 0])
    assert EliminationPlayer(e).board_view.value == ""
    assert EliminationPlayer(lo.eliminate(lo.toggle_matrix(2, 2))).board_view.value == ""
    with pytest.raises(ValueError, match="does not fit"):
        EliminationPlayer(e, board_shape=(2, 2))
    with pytest.raises(ValueError, match="board_shape"):
        EliminationPlayer(e, board_shape="square")
    with pytest.raises(TypeError, match="eliminate"):
        EliminationPlayer(np.eye(3))


def test_player_for_mod_3_writes_press_counts():
    board = np.array([[2, 0], [0, 1]])
    e = lo.eliminate(lo.toggle_matrix(2, 2), (-board.reshape(-1)) % 3, modulus=3)
    player = EliminationPlayer(e, step=len(e.steps))
    x_html = player.board_view.value.split('class="lo-board-x"')[1]
    cells = re.findall(r"<td class=\"lo-cell [^\"]*\"[^>]*>([^<]*)</td>", x_html)
    expected = ["" if v == 0 else "\u25cf" if v == 1 else str(v) for v in e.solution()]
    assert cells == expected
    np.testing.assert_array_equal(lo.press(board, e.solution().reshape(2, 2), colors=3), 0)


def test_player_recognises_rules_and_rectangles():
    e = lo.eliminate(lo.toggle_matrix(3, 4, rule="x", torus=True), np.ones(12))
    player = EliminationPlayer(e)
    assert player.board_view.value.count("lo-unknown") == 12
    assert player._board_shape == (3, 4)


def png_cells(png: bytes, shape: tuple[int, int]) -> np.ndarray:
    """Read back which entries of a player's PNG matrix are drawn white (zero)."""
    img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
    rows, cols = shape
    s = img.shape[0] // rows
    sep = img.shape[1] - cols * s
    centres_x = np.arange(cols) * s + s // 2
    centres_x[-1] += sep  # the b column sits right of the separator
    centres = img[np.arange(rows) * s + s // 2][:, centres_x]
    return np.all(centres == 255, axis=-1)


def test_player_for_15x15_uses_a_png_that_matches_the_state():
    e = lo.eliminate(lo.toggle_matrix(15, 15), lo.random_board(15, 15, seed=1))
    player = EliminationPlayer(e)
    for k in (len(e.steps) // 3, len(e.steps) - 1, 17):
        player.step = k
        white = png_cells(player.matrix_view.value, e.matrix.shape)
        plain = np.ones(e.matrix.shape, dtype=bool)
        plain[list(e.steps[k - 1].rows)] = False  # highlighted rows are yellow, not white
        for r, c in player._playback.pivots(k):
            plain[r, c] = False
        state = e.state(k)
        np.testing.assert_array_equal(white[plain], state[plain] == 0)
    assert player.board_view.value.count('class="lo-cell') == 2 * 225


def test_png_highlight_and_pivot_colours():
    png = _render.matrix_png(np.zeros((3, 4), dtype=np.uint8), pivots=[(0, 0)], highlight_rows=[2])
    img = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
    s = img.shape[0] // 3
    assert tuple(img[s // 2, s // 2]) == tuple(_render._rgb(_render.PRESS))
    assert tuple(img[2 * s + s // 2, s + s // 2]) == tuple(_render._rgb(_render.HIGHLIGHT))


# -- LightsOutGame --------------------------------------------------------------------------
def shown_board(game: LightsOutGame) -> np.ndarray:
    """The board as the student sees it: the colour class of every cell button."""
    return np.array([[int("lo-on" in b._dom_classes) for b in row] for row in game.cell_buttons])


def marked(game: LightsOutGame, mark: str) -> np.ndarray:
    return np.array([[int(b.description == mark) for b in row] for row in game.cell_buttons])


@pytest.mark.parametrize(
    ("rows", "cols", "rule", "torus"),
    [(5, 5, "plus", False), (4, 6, "x", True), (3, 3, "king", False), (10, 10, "plus", True)],
)
def test_press_and_click_match_lo_press(rows, cols, rule, torus):
    game = LightsOutGame(rows, cols, rule=rule, torus=torus, seed=3)
    board = game.board
    rng = np.random.default_rng(0)
    for n, (r, c) in enumerate(rng.integers(0, [rows, cols], size=(12, 2))):
        if n % 2:
            game.press(int(r), int(c))
        else:
            game.cell_buttons[r][c].click()
        taps = np.zeros((rows, cols), dtype=np.uint8)
        taps[r, c] = 1
        board = lo.press(board, taps, rule=rule, torus=torus)
        np.testing.assert_array_equal(game.board, board)
        np.testing.assert_array_equal(shown_board(game), board)
        assert f"Presses: {n + 1}<" in game.counter.value


def test_undo_takes_presses_back():
    game = LightsOutGame(seed=5)
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
        assert fewest[:, r, c].any()
        assert marked(game, "\u2605")[r, c] == 1 and "\u2605" in game.message.value
        needed = int(fewest[0].sum())
        game.press(r, c)
        assert int(lo.solve_board(game.board).fewest_presses().sum()) == needed - 1


def test_show_solution_overlay_and_solving():
    game = LightsOutGame(seed=11)
    game._show_solution.value = True
    overlay = marked(game, "\u25cf")
    assert any(np.array_equal(overlay, s) for s in lo.solve_board(game.board).all_fewest_presses())
    for r, c in np.argwhere(overlay):
        game.press(int(r), int(c))
    assert not game.board.any()
    assert "Solved" in game.message.value
    assert f"fewest possible was {int(overlay.sum())}" in game.message.value
    assert game.hint() is None


def test_unsolvable_board_is_explained_with_the_certificate():
    board = np.zeros((5, 5), dtype=np.uint8)
    board[0, 0] = 1
    game = LightsOutGame(board=board)
    assert "no solution" in game.message.value
    certificate = marked(game, "\u2715")
    A = lo.toggle_matrix(5, 5)
    assert not (A.T @ certificate.reshape(-1) % 2).any()  # every press hits an even number
    assert int(certificate.reshape(-1) @ board.reshape(-1)) % 2 == 1
    assert game.hint() is None


def test_quiet_patterns_are_shown_on_request():
    game = LightsOutGame(seed=1)
    assert game.quiet_view.value == ""
    game._show_quiet.value = True
    assert game.quiet_view.value.count("Quiet pattern") == 2
    assert "4 solutions" in game.quiet_view.value
    small = LightsOutGame(3, 3)
    small._show_quiet.value = True
    assert "No quiet patterns" in small.quiet_view.value


def test_new_board_is_seeded_and_solvable():
    game = LightsOutGame(4, 4, seed=20)
    np.testing.assert_array_equal(game.board, lo.random_board(4, 4, seed=20, solvable=True))
    assert game._seed.value == 21
    buttons(game, "lo-new")[0].click()
    np.testing.assert_array_equal(game.board, lo.random_board(4, 4, seed=21, solvable=True))
    game.new_board(seed=20)
    np.testing.assert_array_equal(game.board, lo.random_board(4, 4, seed=20, solvable=True))
    assert game.presses == 0 and lo.solve_board(game.board).solvable


def test_game_bad_input():
    game = LightsOutGame(3, 3)
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


@pytest.mark.parametrize("colors", [3, 4, 5])
def test_colour_game_presses_like_lo_press_and_solves(colors):
    game = LightsOutGame(4, 4, colors=colors, seed=2)
    start = game.board
    assert start.max() < colors and lo.solve_board(start, colors=colors).solvable
    game.press(1, 2)
    once = np.zeros((4, 4), dtype=np.uint8)
    once[1, 2] = 1
    assert np.array_equal(game.board, lo.press(start, once, colors=colors))
    game.undo()
    fewest = lo.solve_board(start, colors=colors).fewest_presses()
    for (r, c), count in np.ndenumerate(fewest):
        for _ in range(int(count)):
            game.press(r, c)
    assert not game.board.any()
    assert "Solved!" in game.message.value


def test_colour_game_explains_an_unsolvable_board_with_weights():
    game = LightsOutGame(5, 5, colors=3)
    game.board = lo.random_board(5, 5, seed=1, colors=3, solvable=False)
    y = lo.solve_board(game.board, colors=3).certificate
    shown = np.array([[b.description for b in row] for row in game.cell_buttons])
    assert np.array_equal(shown != "", y != 0)
    assert all(shown[r, c] == str(y[r, c]) for r, c in np.argwhere(y))
    assert "multiple of 3" in game.message.value


def test_colour_game_limits():
    with pytest.raises(ValueError, match="at most 7 colours"):
        LightsOutGame(colors=8)
    with pytest.raises(ValueError, match="at least 2"):
        LightsOutGame(colors=1)
