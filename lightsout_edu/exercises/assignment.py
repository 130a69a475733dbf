"""The graded assignment of lectures 3-4, the kernel and solvability: each student's boards.

The notebook (``grading/source/kernel_and_solvability``) reads the student's data here;
student ids are read by :mod:`.assignment_common`.  The graders are teacher-only.

Examples
--------
>>> task = assignment_for("s1234567")
>>> task.shape, len(task.boards)
((3, 5), 3)
>>> again = assignment_for(" S1234567 ")  # the same id
>>> again.student_id, again.boards[0].tolist() == task.boards[0].tolist()
('s1234567', True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lightsout_edu.random_boards import random_board

from .assignment_common import student_id as read_student_id
from .assignment_common import student_rng

__all__ = ["NAME", "SHAPES", "Assignment", "assignment_for"]

#: The assignment's name in nbgrader (its folder in ``grading/source``).
NAME = "kernel_and_solvability"

#: The board sizes handed out: every one has quiet patterns (nullity 2 to 6).
SHAPES: tuple[tuple[int, int], ...] = (
    (2, 7),
    (2, 11),
    (3, 5),
    (3, 8),
    (3, 11),
    (4, 4),
    (4, 9),
    (5, 5),
    (5, 7),
    (5, 11),
    (6, 8),
    (7, 8),
)


@dataclass(frozen=True)
class Assignment:
    """One student's assignment: a board size for the kernel, three boards for the verdicts."""

    student_id: str
    shape: tuple[int, int]
    boards: tuple[NDArray[np.uint8], ...]


def assignment_for(student_id: str) -> Assignment:
    """The boards of ``student_id``: always the same for the same id.

    Of the three boards of the shape, at least one is solvable and at least one is not.
    """
    rng = student_rng(student_id, NAME)
    shape = SHAPES[int(rng.integers(len(SHAPES)))]
    rows, cols = shape
    kinds = [True, False, bool(rng.integers(2))]
    rng.shuffle(kinds)
    boards = tuple(
        random_board(rows, cols, seed=int(rng.integers(2**31)), solvable=kind) for kind in kinds
    )
    return Assignment(read_student_id(student_id), shape, boards)
