"""Toggle matrices: the classic game, the variants and graphs."""

from __future__ import annotations

import numpy as np
import pytest

import lightsout_edu as lo
from tests.cases import ARTICLE_3X3, BOARD_CASES


def test_3x3_matches_the_source_article():
    assert np.array_equal(lo.toggle_matrix(3, 3), np.array(ARTICLE_3X3, dtype=np.uint8))


def test_matrix_is_uint8_and_column_j_is_what_pressing_j_does():
    A = lo.toggle_matrix(4, 6, rule="king")
    assert A.dtype == np.uint8 and A.shape == (24, 24)
    for j in range(24):
        presses = np.zeros(24, dtype=np.uint8)
        presses[j] = 1
        after = lo.press(np.zeros((4, 6)), presses.reshape(4, 6), rule="king")
        assert np.array_equal(after.reshape(-1), A[:, j])


@pytest.mark.parametrize(("name", "rows", "cols", "rule", "torus", "rank"), BOARD_CASES)
def test_named_cases_are_symmetric_with_the_right_diagonal(name, rows, cols, rule, torus, rank):
    A = lo.toggle_matrix(rows, cols, rule=rule, torus=torus)
    assert np.array_equal(A, A.T), name  # every rule here is symmetric under reflection
    assert set(np.unique(A.diagonal())) == ({0} if rule == "neighbors" else {1})


def test_rule_sizes():
    # an interior cell of a 5x5 board is toggled by 5 (plus), 4 (neighbors), 5 (x), 9 (king)
    centre = 12
    for rule, count in [("plus", 5), ("neighbors", 4), ("x", 5), ("king", 9)]:
        assert lo.toggle_matrix(5, 5, rule=rule)[:, centre].sum() == count


def test_torus_wraps_around():
    A = lo.toggle_matrix(4, 4, torus=True)
    assert (A.sum(axis=0) == 5).all()  # no edges on a torus
    assert A[3, 0] == 1 and A[12, 0] == 1  # (0,0) toggles (0,3) and (3,0)
    assert lo.toggle_matrix(4, 4)[3, 0] == 0


def test_custom_stencil_equals_named_rule():
    assert np.array_equal(
        lo.toggle_matrix(3, 4, rule=[[0, 1, 0], [1, 1, 1], [0, 1, 0]]), lo.toggle_matrix(3, 4)
    )


def test_graph_toggle_matrix_from_edges_and_adjacency():
    path = lo.graph_toggle_matrix([(0, 1), (1, 2), (2, 3)], n_nodes=4)
    adjacency = np.array([[0, 1, 0, 0], [1, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 0]])
    assert np.array_equal(path, lo.graph_toggle_matrix(adjacency=adjacency))
    assert np.array_equal(path, lo.toggle_matrix(1, 4))
    assert np.array_equal(lo.graph_toggle_matrix(adjacency=adjacency, self_toggle=False), adjacency)


def test_grid_graph_equals_grid_board():
    rows, cols = 3, 4
    edges = [(r * cols + c, r * cols + c + 1) for r in range(rows) for c in range(cols - 1)]
    edges += [(r * cols + c, (r + 1) * cols + c) for r in range(rows - 1) for c in range(cols)]
    A = lo.graph_toggle_matrix(edges, n_nodes=rows * cols)
    assert np.array_equal(A, lo.toggle_matrix(rows, cols))
