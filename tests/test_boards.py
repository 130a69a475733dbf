"""Boards as text, pressing by simulation, random boards."""

from __future__ import annotations

import numpy as np
import pytest

import lightsout_edu as lo


@pytest.mark.parametrize(
    "text", ["101\n010", "#.#/.#.", "■□■\n□■□", " 1 0 1 \n 0 1 0 \n", "\n\n101\n010\n\n \n"]
)
def test_parse_board_accepts_every_notation(text):
    assert lo.parse_board(text).tolist() == [[1, 0, 1], [0, 1, 0]]


@pytest.mark.parametrize("text", ["10//01", "10\n\n01", "\n10\n \n01\n", "1,0/ /0,1"])
def test_an_empty_row_inside_a_board_is_refused_with_its_number(text):
    with pytest.raises(ValueError, match="^board row 2 is empty"):
        lo.parse_board(text)


@pytest.mark.parametrize("style", ["01", "dots", "squares"])
def test_format_board_round_trips(style):
    board = lo.random_board(4, 7, seed=3)
    assert np.array_equal(lo.parse_board(lo.format_board(board, style=style)), board)


def test_format_board_styles():
    assert lo.format_board([[1, 0]], style="squares") == "■□"
    assert lo.format_board([[2, 0, 1]]) == "201"


def test_press_twice_cancels_and_order_does_not_matter():
    rng = np.random.default_rng(0)
    board = rng.integers(0, 2, (5, 5))
    one, two = rng.integers(0, 2, (2, 5, 5))
    assert np.array_equal(lo.press(lo.press(board, one), one), board)
    assert np.array_equal(lo.press(lo.press(board, one), two), lo.press(lo.press(board, two), one))


@pytest.mark.parametrize("rule", ["plus", "neighbors", "x", "king"])
@pytest.mark.parametrize("torus", [False, True])
def test_press_agrees_with_the_toggle_matrix(rule, torus):
    rng = np.random.default_rng(1)
    for rows, cols in [(1, 1), (1, 5), (3, 3), (4, 7), (6, 5)]:
        A = lo.toggle_matrix(rows, cols, rule=rule, torus=torus)
        board = rng.integers(0, 2, (rows, cols))
        presses = rng.integers(0, 2, (rows, cols))
        expected = (board.reshape(-1) + A.astype(int) @ presses.reshape(-1)) % 2
        got = lo.press(board, presses, rule=rule, torus=torus)
        assert np.array_equal(got.reshape(-1), expected), (rows, cols)


def test_press_with_colours_adds_one_mod_k():
    board = np.zeros((3, 3), dtype=np.uint8)
    presses = np.zeros((3, 3), dtype=np.uint8)
    presses[1, 1] = 2
    after = lo.press(board, presses, colors=3)
    assert after.tolist() == [[0, 2, 0], [2, 2, 2], [0, 2, 0]]
    assert lo.press(after, presses, colors=3).tolist() == [[0, 1, 0], [1, 1, 1], [0, 1, 0]]


def test_random_board_is_reproducible():
    assert np.array_equal(lo.random_board(5, 5, seed=7), lo.random_board(5, 5, seed=7))
    assert not np.array_equal(lo.random_board(5, 5, seed=7), lo.random_board(5, 5, seed=8))


@pytest.mark.parametrize("seed", range(5))
def test_random_board_solvable_or_not(seed):
    good = lo.random_board(5, 5, seed=seed, solvable=True)
    bad = lo.random_board(5, 5, seed=seed, solvable=False)
    assert lo.solve_board(good).solvable
    assert not lo.solve_board(bad).solvable


def test_random_unsolvable_board_where_none_exists_is_an_error():
    with pytest.raises(ValueError, match="every 3x3 board is solvable"):
        lo.random_board(3, 3, seed=0, solvable=False)
