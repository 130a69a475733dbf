"""Light chasing: checked by simulation and against elimination."""

from __future__ import annotations

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu import packed
from lightsout_edu.chase import chase_applies, chase_lights, chase_matrix, light_chase

SQUARES = [4, 5, 9, 11, 16, 17, 19, 23]  # singular sizes among them: 4, 5, 9, 11, 16, 17, 19, 23
RECTANGLES = [(1, 7), (2, 3), (3, 8), (7, 4), (10, 25), (25, 10), (13, 31)]


def assert_turns_off(board: np.ndarray, presses: np.ndarray, **rules: object) -> None:
    assert not lo.press(board, presses, **rules).any()


@pytest.mark.parametrize("n", SQUARES)
def test_squares_solved_by_chasing_turn_the_board_off(n: int) -> None:
    for seed in range(3):
        board = lo.random_board(n, n, seed=seed, solvable=True)
        chased = light_chase(board)
        assert chased.presses is not None
        assert_turns_off(board, chased.presses)
    all_on = np.ones((n, n), dtype=np.uint8)
    chased = light_chase(all_on)
    assert (chased.presses is None) == (
        packed.solve(lo.toggle_matrix(n, n), all_on.reshape(-1)) is None
    )
    if chased.presses is not None:
        assert_turns_off(all_on, chased.presses)


@pytest.mark.parametrize(("rows", "cols"), RECTANGLES)
def test_rectangles_against_elimination(rows: int, cols: int) -> None:
    A = lo.toggle_matrix(rows, cols)
    rng = np.random.default_rng(rows * 100 + cols)
    for _ in range(4):
        board = rng.integers(0, 2, (rows, cols)).astype(np.uint8)
        chased = light_chase(board)
        assert chased.rank == packed.rank(A)
        expected = packed.solve(A, board.reshape(-1))
        assert (chased.presses is None) == (expected is None)
        if chased.presses is not None:
            assert_turns_off(board, chased.presses)


@pytest.mark.parametrize("n", range(1, 31))
def test_rank_nullity_and_quiet_patterns_match_elimination(n: int) -> None:
    chased = light_chase(np.zeros((n, n), dtype=np.uint8))
    kernel = lo.null_space(lo.toggle_matrix(n, n))
    assert chased.rank == n * n - kernel.shape[0]
    quiet = chased.quiet_patterns.reshape(-1, n * n)
    assert quiet.shape == kernel.shape
    for pattern in chased.quiet_patterns:
        assert_turns_off(np.zeros((n, n), dtype=np.uint8), pattern)
    if len(quiet):  # the same space: stacking adds nothing
        assert packed.rank(np.vstack([quiet, kernel])) == len(quiet) == packed.rank(quiet)


def test_known_facts() -> None:
    chased = light_chase(np.ones((5, 5), dtype=np.uint8))
    assert (chased.rank, len(chased.quiet_patterns), int(chased.presses.sum())) == (23, 2, 15)
    assert packed.rank(chase_matrix(5)) == 3
    assert packed.rank(chase_matrix(4)) == 0  # every first row is quiet on 4x4: nullity 4


@pytest.mark.parametrize(("rows", "cols"), [(5, 5), (3, 7), (16, 16)])
def test_chase_matrix_columns_are_chased_unit_presses(rows: int, cols: int) -> None:
    M = chase_matrix(rows, cols)
    dark = np.zeros((rows, cols), dtype=np.uint8)
    for k in range(cols):
        unit = np.zeros(cols, dtype=np.uint8)
        unit[k] = 1
        presses, leftover = chase_lights(dark, unit)
        np.testing.assert_array_equal(M[:, k], leftover)
        np.testing.assert_array_equal(lo.press(dark, presses)[-1], leftover)
        assert not lo.press(dark, presses)[:-1].any()


@pytest.mark.parametrize("rule", ["plus", "neighbors", [[0, 1, 0], [0, 1, 0], [0, 1, 0]]])
@pytest.mark.parametrize("torus", [False, True])
@pytest.mark.parametrize(("rows", "cols"), [(2, 2), (2, 5), (3, 3), (4, 6), (5, 5), (6, 4)])
def test_other_rules_and_torus_against_elimination(
    rule: object, torus: bool, rows: int, cols: int
) -> None:
    A = lo.toggle_matrix(rows, cols, rule=rule, torus=torus)
    rng = np.random.default_rng(rows * cols)
    for _ in range(3):
        board = rng.integers(0, 2, (rows, cols)).astype(np.uint8)
        chased = light_chase(board, rule=rule, torus=torus)
        assert chased.rank == packed.rank(A)
        expected = packed.solve(A, board.reshape(-1))
        assert (chased.presses is None) == (expected is None)
        if chased.presses is not None:
            assert_turns_off(board, chased.presses, rule=rule, torus=torus)
        for pattern in chased.quiet_patterns:
            assert_turns_off(np.zeros_like(board), pattern, rule=rule, torus=torus)


@pytest.mark.parametrize(
    ("rows", "cols", "torus"),
    [(5, 5, False), (4, 4, False), (9, 9, False), (6, 8, True), (5, 5, True), (12, 7, False)],
)
def test_solve_board_methods_give_identical_answers(rows: int, cols: int, torus: bool) -> None:
    rng = np.random.default_rng(rows + cols)
    for _ in range(3):
        board = rng.integers(0, 2, (rows, cols)).astype(np.uint8)
        chased = lo.solve_board(board, torus=torus, method="chase")
        eliminated = lo.solve_board(board, torus=torus, method="elimination")
        assert chased.method == "chase" and eliminated.method == "elimination"
        assert (chased.solvable, chased.rank) == (eliminated.solvable, eliminated.rank)
        np.testing.assert_array_equal(chased.quiet_patterns, eliminated.quiet_patterns)
        if chased.solvable:
            np.testing.assert_array_equal(chased.presses, eliminated.presses)
        else:
            y = chased.certificate.reshape(-1).astype(int)
            assert not (y @ eliminated.toggle_matrix % 2).any()
            assert int(y @ board.reshape(-1)) % 2 == 1


def test_auto_chases_when_it_applies() -> None:
    assert lo.solve_board(np.ones((3, 3), dtype=np.uint8)).method == "chase"
    assert lo.solve_board(np.ones((3, 3), dtype=np.uint8), rule="king").method == "elimination"
    assert lo.solve_board(np.ones((3, 3), dtype=np.uint8), colors=3).method == "chase"  # any k


def test_big_board_by_chasing_is_verified_by_simulation() -> None:
    board = lo.random_board(300, 300, seed=1, solvable=True)
    solution = lo.solve_board(board, method="chase")
    assert_turns_off(board, solution.presses)
    chased = light_chase(np.ones((1000, 1000), dtype=np.uint8))
    if chased.presses is not None:
        assert_turns_off(np.ones((1000, 1000), dtype=np.uint8), chased.presses)


def test_which_rules_can_be_chased() -> None:
    assert chase_applies("plus") and chase_applies("neighbors")
    assert not chase_applies("king") and not chase_applies("x")
    assert not chase_applies([[0, 1, 0], [1, 1, 0], [0, 1, 0]])  # not left-right symmetric
    assert not chase_applies("plus", rows=1, torus=True)


def test_unsuitable_rules_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="light chasing needs a rule"):
        chase_matrix(4, rule="king")
    with pytest.raises(ValueError, match="method='chase' needs a rule light chasing handles"):
        lo.solve_board(np.ones((3, 3), dtype=np.uint8), rule="x", method="chase")
    with pytest.raises(ValueError, match="first_row must have 3 entries"):
        chase_lights(np.ones((3, 3), dtype=np.uint8), [1, 0])


@pytest.mark.parametrize("rule", ["plus", "neighbors"])
@pytest.mark.parametrize("torus", [False, True])
@pytest.mark.parametrize(("rows", "cols"), [(4, 4), (5, 5), (2, 7), (9, 9), (6, 3), (16, 16)])
def test_light_chase_gives_the_elimination_answers(
    rule: str, torus: bool, rows: int, cols: int
) -> None:
    A = lo.toggle_matrix(rows, cols, rule=rule, torus=torus)
    kernel = lo.null_space(A)
    rng = np.random.default_rng(rows * cols + torus)
    for _ in range(3):
        board = rng.integers(0, 2, (rows, cols)).astype(np.uint8)
        chased = light_chase(board, rule=rule, torus=torus)
        np.testing.assert_array_equal(chased.quiet_patterns.reshape(-1, rows * cols), kernel)
        free = [c for c in range(rows * cols) if c not in lo.rref(A)[1]]
        np.testing.assert_array_equal(chased.free_cells, free)
        x = lo.solve(A, board.reshape(-1))
        if x is None:
            assert chased.presses is None and chased.first_rows is None
        else:
            np.testing.assert_array_equal(chased.presses.reshape(-1), x)
