"""The graded assignment of lectures 5-6, all solutions and chasing: each student's data.

The notebook (``grading/source/solutions_and_chasing``) reads the student's data here;
student ids are read by :mod:`.assignment_common`.  The graders are teacher-only.

Examples
--------
>>> task = assignment_for("s1234567")
>>> task.shape in SHAPES and task.board.shape == task.shape
True
>>> n = task.chase_board.shape[0]
>>> n in CHASE_SIZES and task.chase_board.shape == (n, n)
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lightsout_edu.random_boards import random_board
from lightsout_edu.solver import solve_board

from .assignment_common import student_id as read_student_id
from .assignment_common import student_rng

__all__ = ["CHASE_SIZES", "NAME", "SHAPES", "ChasingAssignment", "assignment_for"]

#: The assignment's name in nbgrader (its folder in ``grading/source``).
NAME = "solutions_and_chasing"

#: Board sizes with quiet patterns (nullity 2 to 4) and at most 35 cells.
SHAPES: tuple[tuple[int, int], ...] = (
    (2, 7),
    (2, 11),
    (3, 5),
    (3, 8),
    (3, 11),
    (4, 4),
    (5, 5),
    (5, 7),
)
#: Square boards for the chase, each with exactly one solution (nullity 0).
CHASE_SIZES: tuple[int, ...] = (6, 7, 8, 10)


@dataclass(frozen=True)
class ChasingAssignment:
    """One student's data: a solvable board with quiet patterns, and a square board to chase."""

    student_id: str
    shape: tuple[int, int]
    board: NDArray[np.uint8]
    chase_board: NDArray[np.uint8]


def assignment_for(student_id: str) -> ChasingAssignment:
    """The data of ``student_id``: always the same for the same id."""
    rng = student_rng(student_id, NAME)
    shape = SHAPES[int(rng.integers(len(SHAPES)))]
    rows, cols = shape

    def solvable() -> NDArray[np.uint8]:
        return random_board(rows, cols, seed=int(rng.integers(2**31)), solvable=True)

    board = solvable()
    while int(solve_board(board).fewest_presses().sum()) < 4:  # worth searching
        board = solvable()
    n = CHASE_SIZES[int(rng.integers(len(CHASE_SIZES)))]
    chase_board = random_board(n, n, seed=int(rng.integers(2**31)))
    return ChasingAssignment(read_student_id(student_id), shape, board, chase_board)
