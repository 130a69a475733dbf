"""How many presses a board can need: most clicks, lower bounds, huge nullities, A075464."""

from __future__ import annotations

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu.fewest import optimal_press_counts

#: OEIS A075464: the fewest presses that switch off the all-on n x n board, n = 1, 2, ...
A075464 = [
    1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224,
    245, 276, 231, 270, 353, 356, 405, 416, 345, 376, 553, 428, 469, 520, 563, 600, 761,
    772, 561, 696, 891, 940, 953, 772, 1069, 1188, 971, 1096, 1165, 1220, 1317, 1256,
    1487, 1400,
]  # fmt: skip
#: OEIS A159257: the nullity of the n x n toggle matrix, n = 1, 2, ..., 60
A159257 = [
    0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0, 0, 4, 0, 8, 2, 0, 16, 0, 0, 0, 14, 4, 0, 0, 0, 0, 10,
    20, 0, 20, 16, 4, 6, 0, 0, 0, 32, 0, 2, 0, 0, 4, 0, 0, 30, 0, 8, 8, 0, 0, 2, 4, 0, 0, 0,
    0, 22, 0,
]  # fmt: skip
#: W. Boyles' table of the most clicks problem (LightsOut-Math, min_clicks_answers.txt):
#: the sizes it settles up to 20 (nullity 0: n^2; nullity 2: 5 -> 15, 17 -> 199).
BOYLES = {1: 1, 2: 4, 3: 9, 5: 15, 6: 36, 7: 49, 8: 64, 10: 100, 12: 144, 13: 169,
          15: 225, 17: 199, 18: 324, 20: 400}  # fmt: skip

SMALL_BOARDS = [
    # 5x5 goes through 2^25 press sets, seconds each: make test runs it, make check does not
    pytest.param(rows, cols, rule, torus, marks=[pytest.mark.slow] if rows * cols >= 25 else [])
    for rows, cols in [(1, 1), (1, 4), (2, 2), (2, 5), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5)]
    for rule in ["plus", "neighbors", "x"]
    for torus in [False, True]
]


@pytest.mark.parametrize(("rows", "cols", "rule", "torus"), SMALL_BOARDS)
def test_most_clicks_is_the_brute_force_maximum(rows, cols, rule, torus):
    """Over all 2^N press sets: the largest fewest-press count of any solvable board."""
    counts = optimal_press_counts(rows, cols, rule=rule, torus=torus)
    worst = lo.most_clicks(rows, cols, rule=rule, torus=torus)
    assert worst.presses == len(counts) - 1
    needed = lo.solve_board(worst.board, rule=rule, torus=torus).fewest_presses()
    assert int(needed.sum()) == worst.presses  # the witness needs exactly that many


@pytest.mark.slow
@pytest.mark.parametrize("n", [n for n in BOYLES if n <= 17] + [4, 9, 11, 14, 16])
def test_most_clicks_agrees_with_the_published_table(n):
    worst = lo.most_clicks(n)
    assert worst.nullity == A159257[n - 1]
    if n in BOYLES:
        assert worst.presses == BOYLES[n]
    # 9: the most W. Boyles' search of the 9x9 board found (LightsOut-Math, 9x9_research);
    # the others as proved by the integer program
    assert worst.presses == {4: 7, 9: 37, 11: 65, 14: 123, 16: 124}.get(n, worst.presses)


@pytest.mark.slow
def test_most_clicks_past_its_limits_says_what_it_knows():
    with pytest.raises(ValueError, match=r"between \d+ and \d+ \(proven\)"):
        lo.most_clicks(19, time_limit=2)
    lower, upper = lo.most_clicks_bounds(19, time_limit=3)
    # the all-on board alone needs 141; the average of a board's 2^16 solutions presses
    # (361 + 1) / 2 cells (one cell is pressed by no quiet pattern), and 232 types of an odd
    # number of cells make that average unreachable
    assert 141 <= lower <= upper <= 181
    assert upper <= 180
    with pytest.raises(ValueError, match="exact up to nullity 20"):
        lo.most_clicks(39)


@pytest.mark.parametrize("n", range(1, 31))
def test_fewest_presses_of_all_on_boards_are_a075464(n):
    solution = lo.solve_board(np.ones((n, n), dtype=np.uint8))
    assert int(solution.fewest_presses().sum()) == A075464[n - 1]


@pytest.mark.parametrize("n", [*range(1, 60), 97, 100, 127, 150, 200, 255, 300])
def test_grid_nullity_matches_chasing(n):
    assert lo.grid_nullity(n) == lo.solve_board(np.zeros((n, n), dtype=np.uint8)).nullity


@pytest.mark.parametrize(("rows", "cols"), [(4, 9), (9, 4), (5, 11), (16, 24), (31, 63)])
@pytest.mark.parametrize("rule", ["plus", "neighbors"])
def test_grid_nullity_of_rectangles_matches_elimination(rows, cols, rule):
    A = lo.toggle_matrix(rows, cols, rule=rule, packed=True)
    assert lo.grid_nullity(rows, cols, rule=rule) == rows * cols - lo.rank(A)


def test_grid_nullity_is_quick_for_huge_boards():
    assert [lo.grid_nullity(n) for n in range(1, 61)] == A159257
    assert lo.grid_nullity(100_000) >= 0


@pytest.mark.parametrize("seed", range(25))
def test_lower_bounds_hold(seed):
    rng = np.random.default_rng(seed)
    rows, cols = (int(v) for v in rng.integers(2, 9, size=2))
    board = lo.random_board(rows, cols, seed=seed, solvable=True)
    bound = lo.presses_lower_bound(board)
    fewest = int(lo.solve_board(board).fewest_presses().sum())
    assert 0 <= bound.presses <= fewest, bound.reason


def test_lower_bound_of_the_all_on_5x5_board():
    bound = lo.presses_lower_bound(np.ones((5, 5)))
    assert bound.presses <= 15 and "parity checks" in bound.reason


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: lo.most_clicks(0), ValueError, "rows must be at least 1"),
        (lambda: lo.most_clicks(3, -1), ValueError, "cols must be at least 1"),
        (lambda: lo.most_clicks(3, time_limit=0), ValueError, "time_limit must be more"),
        (lambda: lo.most_clicks(4, time_limit="soon"), TypeError, "time_limit must be a number"),
        (lambda: lo.most_clicks(3, torus="yes"), TypeError, "torus must be True or False"),
        (lambda: lo.grid_nullity(5, rule="king"), ValueError, "needs a rule light chasing"),
        (lambda: lo.grid_nullity(10**7), ValueError, "more than the 200000"),
        (lambda: lo.presses_lower_bound([[1, 0], [0, 0]], rule="neighbors"), ValueError,
         "no solution"),
    ],
)  # fmt: skip
def test_bad_input(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_most_clicks_takes_a_puzzle():
    puzzle = lo.Puzzle.grid(4, 5, rule="x")
    assert lo.most_clicks(puzzle=puzzle).presses == lo.most_clicks(4, 5, rule="x").presses
    assert lo.most_clicks_bounds(puzzle=lo.Puzzle.grid(5, 5)) == (15, 15)
    board = lo.parse_board("11000/10000/00000/00000/00000")
    assert lo.presses_lower_bound(board, puzzle=lo.Puzzle.grid(5, 5)) == lo.presses_lower_bound(
        board
    )
    with pytest.raises(ValueError, match="two-colour grids"):
        lo.most_clicks(puzzle=lo.Puzzle.grid(3, 3, colors=3))
    with pytest.raises(ValueError, match="two-colour grids"):
        lo.most_clicks_bounds(puzzle=lo.Puzzle.graph(lo.petersen_graph()))
    with pytest.raises(TypeError, match="not both"):
        lo.most_clicks(4, puzzle=puzzle)
