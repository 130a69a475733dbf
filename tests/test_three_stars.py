"""★★★ means an idea: no three-star exercise is passed by one call of what its lecture showed.

Issue 42: E4.9 passed with ``lo.left_null_space(B)``, one line of lecture 4.  Each ★★★
exercise of E1 to E9 gets the one-liners of its lecture, as a student would copy them; none
may get "Correct".
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu import exercises as ex
from lightsout_edu.exercises import _sandbox

BROKEN = lo.toggle_matrix(*ex.BROKEN_SHAPE)[:, : ex.WORKING_ROWS * ex.BROKEN_SHAPE[1]]
GRAPHS = [
    lo.petersen_graph(),
    lo.cube_graph(),
    lo.cycle_graph(5),
    lo.path_graph(3),
    lo.star_graph(4),
]


def side(vector) -> tuple[int, int]:
    """A board shape for a vector of presses (the lecture's boards are square or 4x5)."""
    n = len(vector)
    rows = int(round(n**0.5))
    return (rows, n // rows) if rows * (n // rows) == n else (4, n // 4)


ONE_LINERS = {
    "E3.4 check_gauss_jordan": [lo.rref, lambda M: lo.rref(M), lambda M: lo.eliminate(M).rref],
    "E4.9 check_broken_buttons": [
        lambda rows, cols, w: lo.left_null_space(lo.toggle_matrix(rows, cols)[:, : w * cols]),
        lo.left_null_space(BROKEN).reshape(-1, *ex.BROKEN_SHAPE),  # the answer for 5x5 only
    ],
    "E5.4 check_fewest_presses": [
        lambda particular, kernel: (
            lo.solve_board(
                lo.press(np.zeros(side(particular), np.uint8), particular.reshape(side(particular)))
            )
            .fewest_presses()
            .ravel()
        ),
    ],
    "E6.4 check_light_chase": [
        lambda board: lo.solve_board(board).presses,
        lambda board: lo.solve(lo.toggle_matrix(*board.shape), board.ravel()).reshape(board.shape),
    ],
    "E7.7 check_one_even_degree_graph": [list(graph.edges) for graph in GRAPHS],
    "E8.3 check_my_test": [
        lambda rref: bool(
            np.array_equal(
                rref(np.eye(3, dtype=np.uint8))[0], lo.rref(np.eye(3, dtype=np.uint8))[0]
            )
        ),
    ],
    "E9.5 check_worst_4x4_proof": [
        lo.most_clicks(4, 4),
        {"cell": (1, 1), "each": 7, "total": 7 * 8},  # the lecture's 7 presses, read as a count
    ],
}


def test_every_three_star_exercise_of_the_notebooks_is_here():
    scripts = Path(__file__).resolve().parents[1] / "scripts" / "exercises"
    stars = set()
    for script in scripts.glob("E*.py"):
        if not script.name.endswith(".zh.py"):
            text = script.read_text(encoding="utf-8")
            stars |= set(re.findall(r"^# ## Exercise (\d\.\d+) ★★★", text, re.MULTILINE))
    assert stars == {key.split()[0].removeprefix("E") for key in ONE_LINERS}


@pytest.mark.parametrize(
    ("exercise", "answer"),
    [
        # E8.3's checker runs the test once per planted bug, each in a runner of its own: 1.4 s
        pytest.param(key, answer, marks=pytest.mark.slow)
        if key.startswith("E8.3")
        else (key, answer)
        for key, answers in ONE_LINERS.items()
        for answer in answers
    ],
    ids=[
        f"{key.split()[0]}-{i}" for key, answers in ONE_LINERS.items() for i in range(len(answers))
    ],
)
def test_no_three_star_exercise_is_passed_by_a_one_liner_of_its_lecture(exercise, answer):
    _sandbox.forget_attempts()
    verdict = getattr(ex, exercise.split()[1])(answer)
    assert not verdict, verdict.message
