"""Exact fewest presses: Walsh-Hadamard search vs brute force over every solution."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_edu as lo
from lightsout_edu.fewest import (
    MAX_COUNTED_CELLS,
    MAX_KERNEL_DIMENSION,
    minimum_weight_solutions,
    optimal_press_counts,
)


def brute_force_lightest(particular: np.ndarray, kernel: np.ndarray) -> list[tuple[int, ...]]:
    """Every lightest vector of particular + span(kernel), by listing all 2^d of them."""
    coset = set()
    for coefficients in itertools.product([0, 1], repeat=kernel.shape[0]):
        vector = (np.array(coefficients, dtype=int) @ kernel + particular) % 2
        coset.add(tuple(int(bit) for bit in vector))
    lightest = min(sum(vector) for vector in coset)
    return sorted(vector for vector in coset if sum(vector) == lightest)


@st.composite
def cosets(draw: st.DrawFn) -> tuple[np.ndarray, np.ndarray]:
    n = draw(st.integers(1, 16))
    d = draw(st.integers(0, min(n, 7)))
    bits = st.integers(0, 1)
    particular = np.array(draw(st.lists(bits, min_size=n, max_size=n)), dtype=np.uint8)
    kernel = np.array(draw(st.lists(bits, min_size=n * d, max_size=n * d)), dtype=np.uint8)
    return particular, kernel.reshape(d, n)


@settings(max_examples=50, deadline=None)
@given(cosets())
def test_all_ties_match_brute_force(coset: tuple[np.ndarray, np.ndarray]) -> None:
    particular, kernel = coset
    expected = brute_force_lightest(particular, kernel)
    got = minimum_weight_solutions(particular, kernel, all_ties=True)
    assert got.dtype == np.uint8
    assert [tuple(int(b) for b in row) for row in got] == expected


@settings(max_examples=30, deadline=None)
@given(cosets())
def test_single_answer_is_one_of_the_lightest(coset: tuple[np.ndarray, np.ndarray]) -> None:
    particular, kernel = coset
    expected = brute_force_lightest(particular, kernel)
    got = minimum_weight_solutions(particular, kernel)
    assert got.shape == (1, particular.size)
    assert tuple(int(b) for b in got[0]) in expected


def test_blocks_beyond_one_transform_agree_with_brute_force() -> None:
    # d = 23 > 22 forces two transform blocks; a planted light solution must be found.
    rng = np.random.default_rng(5)
    n, d = 60, 23
    kernel = rng.integers(0, 2, size=(d, n), dtype=np.uint8)
    light = np.zeros(n, dtype=np.uint8)
    light[[3, 40]] = 1
    coefficients = np.zeros(d, dtype=np.int64)
    coefficients[[0, 22]] = 1  # uses the high block
    particular = ((coefficients @ kernel + light) % 2).astype(np.uint8)
    got = minimum_weight_solutions(particular, kernel, all_ties=True)
    assert int(got.sum(axis=1).max()) <= 2
    assert any(np.array_equal(row, light) for row in got)


def test_no_kernel_returns_the_particular_solution() -> None:
    particular = np.array([1, 0, 1], dtype=np.uint8)
    got = minimum_weight_solutions(particular, np.zeros((0, 3), dtype=np.uint8))
    np.testing.assert_array_equal(got, [[1, 0, 1]])


def test_too_large_kernel_names_the_limit() -> None:
    d = MAX_KERNEL_DIMENSION + 1
    with pytest.raises(ValueError, match=f"dimension {d}.*<= {MAX_KERNEL_DIMENSION}"):
        minimum_weight_solutions(np.zeros(40, dtype=np.uint8), np.eye(d, 40, dtype=np.uint8))


@pytest.mark.parametrize(
    ("particular", "kernel", "message"),
    [
        ([1, 2, 0], [[1, 0, 0]], "entry 2 at \\(1,\\) of particular"),
        ([1, 0, 0], [[1, 0]], "kernel must have shape \\(d, 3\\)"),
        ([[1, 0, 0]], [[1, 0, 0]], "particular must be a 1-D vector"),
        ([1, 0, 0], [[1, 0, 5]], "entry 5 at \\(0, 2\\) of kernel"),
    ],
)
def test_bad_input_is_explained(particular: list, kernel: list, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        minimum_weight_solutions(np.array(particular), np.array(kernel))


def test_float_input_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="particular must hold integers"):
        minimum_weight_solutions(np.array([0.5, 1.0]), np.zeros((0, 2), dtype=np.uint8))


def brute_force_press_counts(rows: int, cols: int, **rules: object) -> np.ndarray:
    """Fewest presses of every solvable board, by pressing every one of the 2^N patterns."""
    n = rows * cols
    A = lo.toggle_matrix(rows, cols, **rules).astype(np.int64)
    patterns = (np.arange(2**n)[:, np.newaxis] >> np.arange(n)) & 1
    boards = patterns @ A.T % 2
    board_ids = boards @ (1 << np.arange(n))
    fewest = np.full(2**n, n + 1)
    np.minimum.at(fewest, board_ids, patterns.sum(axis=1))
    counts = np.bincount(fewest[fewest <= n])
    return counts


@pytest.mark.parametrize(
    ("rows", "cols", "rules"),
    [
        (3, 3, {}),
        (4, 4, {}),
        (2, 5, {}),
        (3, 4, {"torus": True}),
        (3, 3, {"rule": "king"}),
        (4, 3, {"rule": "neighbors"}),
    ],
)
def test_optimal_press_counts_match_brute_force(rows: int, cols: int, rules: dict) -> None:
    counts = optimal_press_counts(rows, cols, **rules)
    np.testing.assert_array_equal(counts, brute_force_press_counts(rows, cols, **rules))
    assert counts.sum() == 2 ** lo.rank(lo.toggle_matrix(rows, cols, **rules))


def test_optimal_press_counts_5x5_known_values() -> None:
    counts = optimal_press_counts(5, 5)
    assert counts.sum() == 2**23
    assert len(counts) == 16 and counts[-1] == 7350  # the hardest boards need 15 presses
    assert counts[:4].tolist() == [1, 25, 300, 2300]


def test_optimal_press_counts_too_large_names_the_limit() -> None:
    with pytest.raises(ValueError, match=f"limited to {MAX_COUNTED_CELLS} cells"):
        optimal_press_counts(6, 6)


@pytest.mark.parametrize("n", [4, 5, 9, 16, 17])
def test_fewest_presses_of_all_on_boards_are_verified(n: int) -> None:
    solution = lo.solve_board(np.ones((n, n), dtype=np.uint8))
    fewest = solution.all_fewest_presses()
    weights = fewest.reshape(len(fewest), -1).sum(axis=1)
    assert len(set(weights.tolist())) == 1
    for presses in fewest:
        assert not lo.press(np.ones((n, n), dtype=np.uint8), presses).any()
    if solution.nullity <= 12:  # compare with listing every solution
        every = min(int(s.sum()) for s in solution.all_solutions())
        assert weights[0] == every


def test_solution_refuses_kernels_past_the_limit_by_name() -> None:
    # presses reach only the cells above and below: each of the 33 columns of a 33x33 board
    # is a path of odd length, whose adjacency matrix is singular (nullity 1 per column)
    vertical = [[0, 1, 0], [0, 0, 0], [0, 1, 0]]
    solution = lo.solve_board(np.zeros((33, 33), dtype=np.uint8), rule=vertical)
    assert solution.nullity == 33
    with pytest.raises(ValueError, match=f"kernel dimension <= {MAX_KERNEL_DIMENSION}"):
        solution.fewest_presses()
