"""Bad input gets a clear ValueError/TypeError that names the problem, never a wrong answer."""

from __future__ import annotations

import numpy as np
import pytest

import lightsout_edu as lo

A3 = lo.toggle_matrix(3, 3)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: lo.solve_board([[1, 0], [2, 1]]),
            ValueError,
            r"entry 2 at \(1, 0\) of board is not 0 or 1",
        ),
        (
            lambda: lo.solve_board([[1, 0, 1], [1, 0]]),
            ValueError,
            "row 1 has 2 entries but row 0 has 3",
        ),
        (lambda: lo.solve_board([]), ValueError, "2-D|empty"),
        (lambda: lo.solve_board([[]]), ValueError, "empty"),
        (lambda: lo.solve_board([[0.5, 1]]), ValueError, "entry 0.5"),
        (lambda: lo.solve_board([[-1, 1]]), ValueError, "entry -1"),
        (lambda: lo.solve_board([[np.nan, 1]]), ValueError, "entry nan"),
        (lambda: lo.solve_board([["a", "b"]]), TypeError, "numbers"),
        (lambda: lo.solve_board(None), TypeError, "not None"),
        (lambda: lo.solve_board([1, 0, 1]), ValueError, "2-D"),
        (
            lambda: lo.solve_board(np.ones((3, 3)), rule="diagonal"),
            ValueError,
            "unknown rule 'diagonal'",
        ),
        (lambda: lo.solve_board(np.ones((3, 3)), method="magic"), ValueError, "unknown method"),
        (lambda: lo.solve_board(np.ones((3, 3)), colors=1), ValueError, "at least 2"),
        (lambda: lo.solve_board(np.ones((3, 3)), colors=2.5), TypeError, "whole number"),
        (lambda: lo.solve_board([[1, 3]], colors=3), ValueError, "from 0 to 2"),
        (lambda: lo.toggle_matrix(0, 3), ValueError, "rows must be at least 1"),
        (lambda: lo.toggle_matrix(3, -2), ValueError, "cols must be at least 1"),
        (lambda: lo.toggle_matrix(2.5, 3), TypeError, "rows must be a whole number"),
        (lambda: lo.toggle_matrix(3, 3, rule="diagonal"), ValueError, "unknown rule"),
        (lambda: lo.toggle_matrix(3, 3, rule=np.ones((2, 2))), ValueError, "3x3 stencil"),
        (
            lambda: lo.toggle_matrix(3, 3, rule=[[0, 2, 0], [1, 1, 1], [0, 1, 0]]),
            ValueError,
            "entry 2",
        ),
        (lambda: lo.graph_toggle_matrix(adjacency=[[0, 1], [0, 0]]), ValueError, "not symmetric"),
        (
            lambda: lo.graph_toggle_matrix(adjacency=[[0, 1, 0], [1, 0, 1]]),
            ValueError,
            "must be a square matrix",
        ),
        (lambda: lo.graph_toggle_matrix(adjacency=[[1, 1], [1, 0]]), ValueError, "loop"),
        (lambda: lo.graph_toggle_matrix([(0, 5)], n_nodes=3), ValueError, "vertex 5"),
        (lambda: lo.graph_toggle_matrix([(0, 1, 2)], n_nodes=3), ValueError, "pairs"),
        (lambda: lo.parse_board(""), ValueError, "empty"),
        (lambda: lo.parse_board("10/1"), ValueError, "row 2 has 1 cell but row 1 has 2 cells"),
        (lambda: lo.parse_board("10//01"), ValueError, "board row 2 is empty"),
        (lambda: lo.parse_board("1x0"), ValueError, "character 'x'"),
        (lambda: lo.parse_board(101), TypeError, "expects text"),
        (lambda: lo.format_board([[1, 0]], style="emoji"), ValueError, "unknown style"),
        (
            lambda: lo.press(np.ones((3, 3)), np.ones((2, 3))),
            ValueError,
            r"presses has shape \(2, 3\)",
        ),
        (
            lambda: lo.press(np.ones((3, 3)), np.full((3, 3), 2)),
            ValueError,
            "of presses is not 0 or 1",
        ),
        (lambda: lo.random_board(3, 3, seed=0, solvable="yes"), TypeError, "solvable must be"),
        (
            lambda: lo.eliminate(np.ones((3, 3)), [1, 0]),
            ValueError,
            "b has 2 entries but A has 3 rows",
        ),
        (lambda: lo.eliminate(A3, modulus=4), ValueError, "not prime"),
        (lambda: lo.eliminate(A3, modulus=1), ValueError, "at least 2"),
        (lambda: lo.eliminate([[1, 2], [0, 1]]), ValueError, "entry 2 at \\(0, 1\\) of A"),
        (lambda: lo.eliminate([1, 0, 1]), ValueError, "2-D"),
        (lambda: lo.solve(A3, np.ones(4)), ValueError, "b has 4 entries"),
        (lambda: lo.solve(A3, np.ones((3, 3, 1))), ValueError, "1-D"),
        (lambda: lo.rank(np.ones((2, 2)) * 3), ValueError, "entry 3"),
        (lambda: lo.rank("1 0 1"), TypeError, "not the text"),
        (lambda: lo.rref([[1, 0], [1]]), ValueError, "row 1 has 1 entries"),
        (lambda: lo.null_space(A3, modulus=6), ValueError, "not prime"),
        (lambda: lo.cross_check(A3, np.ones(5)), ValueError, "b has 5 entries"),
    ],
)
def test_bad_input_is_explained(call, error, message):
    with pytest.raises(error, match=message):
        call()
