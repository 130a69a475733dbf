"""LaTeX export of recorded eliminations: operations, matrices, single steps and the whole run."""

from __future__ import annotations

import re

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu.latex import elimination_to_latex, matrix_to_latex, step_to_latex
from lightsout_edu.steps import AddRow, Scale, Swap


def parse_matrix(tex: str) -> np.ndarray:
    """Read the numbers of the (last) matrix in a LaTeX string back into an array."""
    body = re.findall(r"\\begin\{(?:bmatrix|array\}\{[c|]+)\}\n(.*?)\n\\end", tex, re.S)[-1]
    return np.array([[int(v) for v in row.split("&")] for row in body.split("\\\\\n")])


@pytest.mark.parametrize(
    ("step", "expected"),
    [
        (Swap(0, 3, pivot_col=0), r"R_{1} \leftrightarrow R_{4}"),
        (AddRow(src=1, dst=4, pivot_col=1), r"R_{5} \leftarrow R_{5} + R_{2}"),
        (AddRow(src=0, dst=2, pivot_col=0, factor=2), r"R_{3} \leftarrow R_{3} + 2 R_{1}"),
        (Scale(row=1, factor=2, pivot_col=1), r"R_{2} \leftarrow 2 R_{2}"),
    ],
)
def test_step_to_latex_numbers_rows_from_one(step, expected):
    assert step_to_latex(step) == expected


def test_step_to_latex_rejects_other_objects():
    with pytest.raises(TypeError, match="Swap, AddRow or Scale"):
        step_to_latex("R1 <-> R2")


def test_matrix_to_latex_plain_and_augmented():
    assert matrix_to_latex([[1, 0], [0, 1]]) == (
        "\\begin{bmatrix}\n1 & 0 \\\\\n0 & 1\n\\end{bmatrix}"
    )
    tex = matrix_to_latex([[1, 0, 1], [0, 1, 0]], augmented=True)
    assert tex.startswith("\\left[\\begin{array}{cc|c}")
    assert tex.endswith("\\end{array}\\right]")
    np.testing.assert_array_equal(parse_matrix(tex), [[1, 0, 1], [0, 1, 0]])


def test_matrix_to_latex_rejects_bad_input():
    with pytest.raises(ValueError, match="at least 2 columns"):
        matrix_to_latex([[1], [0]], augmented=True)
    with pytest.raises(ValueError, match="M"):
        matrix_to_latex([[1, -1]])


@pytest.fixture
def board_elimination():
    return lo.eliminate(lo.toggle_matrix(3, 3), lo.random_board(3, 3, seed=4))


def test_single_step_shows_operation_and_resulting_matrix(board_elimination):
    e = board_elimination
    for k in (0, len(e.steps) // 2, len(e.steps) - 1):
        tex = elimination_to_latex(e, k)
        assert tex.startswith(f"\\xrightarrow{{{step_to_latex(e.steps[k])}}}")
        np.testing.assert_array_equal(parse_matrix(tex), e.state(k + 1))


def test_whole_elimination_has_one_line_per_step(board_elimination):
    e = board_elimination
    tex = elimination_to_latex(e)
    assert tex.startswith("\\begin{aligned}") and tex.endswith("\\end{aligned}")
    assert tex.count("\\xrightarrow") == len(e.steps)
    assert tex.count("\\left[") == len(e.steps) + 1
    np.testing.assert_array_equal(parse_matrix(tex), e.rref)


def test_mod_3_elimination_writes_factors():
    e = lo.eliminate([[2, 1], [1, 1]], [1, 2], modulus=3)
    tex = elimination_to_latex(e)
    assert r"R_{1} \leftarrow 2 R_{1}" in tex  # 2 * 2 = 1 (mod 3): the pivot becomes 1
    np.testing.assert_array_equal(parse_matrix(tex), e.rref)


@pytest.mark.parametrize(
    ("k", "error", "message"),
    [
        (-1, ValueError, "out of range"),
        (10**6, ValueError, "out of range"),
        (1.0, TypeError, "whole number"),
        (True, TypeError, "whole number"),
    ],
)
def test_bad_step_numbers_are_explained(board_elimination, k, error, message):
    with pytest.raises(error, match=message):
        elimination_to_latex(board_elimination, k)


def test_elimination_without_steps():
    e = lo.eliminate(np.eye(2, dtype=np.uint8))
    assert elimination_to_latex(e) == (
        "\\begin{aligned}\n& \\begin{bmatrix}\n1 & 0 \\\\\n0 & 1\n\\end{bmatrix}\n\\end{aligned}"
    )
    with pytest.raises(ValueError, match="no steps"):
        elimination_to_latex(e, 0)
