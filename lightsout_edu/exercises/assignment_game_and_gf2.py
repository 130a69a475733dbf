"""The graded assignment of lectures 1-2, the game and GF(2): each student's data.

The notebook (``grading/source/game_and_gf2``) reads the student's data here; student ids
are read by :mod:`.assignment_common`.  The graders are teacher-only.

Examples
--------
>>> task = assignment_for("s1234567")
>>> task.board.shape == task.presses.shape == task.shape
True
>>> task.system.shape, task.determinant % 2, task.vector.shape
((4, 4), 1, (6,))
>>> len(task.equations())
4
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lightsout_edu.linalg import rank

from .assignment_common import student_id as read_student_id
from .assignment_common import student_rng

__all__ = ["NAME", "SHAPES", "UNKNOWNS", "VECTOR_LENGTH", "GameAssignment", "assignment_for"]

#: The assignment's name in nbgrader (its folder in ``grading/source``).
NAME = "game_and_gf2"

#: The board sizes handed out (2x3 is exercise 1.1, 3x3 is lecture 1's).
SHAPES: tuple[tuple[int, int], ...] = (
    (2, 4),
    (2, 5),
    (2, 6),
    (3, 4),
    (3, 5),
    (4, 2),
    (4, 3),
    (4, 4),
    (5, 2),
    (5, 3),
    (6, 2),
)
#: The unknowns of the system of question 3.
UNKNOWNS = 4
#: The length of the vector of question 4.
VECTOR_LENGTH = 6


@dataclass(frozen=True)
class GameAssignment:
    """One student's data: a board and presses, a system over GF(2), and a vector.

    ``system`` is the 4x4 matrix ``M`` of ``M x = rhs``; its determinant is odd, so the
    system has exactly one solution over GF(2).
    """

    student_id: str
    shape: tuple[int, int]
    board: NDArray[np.uint8]
    presses: NDArray[np.uint8]
    system: NDArray[np.uint8]
    rhs: NDArray[np.uint8]
    vector: NDArray[np.uint8]

    @property
    def determinant(self) -> int:
        """The determinant of ``system`` over the integers (odd)."""
        return int(round(float(np.linalg.det(self.system.astype(float)))))

    def equations(self) -> list[str]:
        """The system as equations, e.g. ``'x1 + x3 + x4 = 1'``."""
        lines = []
        for row, value in zip(self.system, self.rhs, strict=True):
            terms = " + ".join(f"x{j + 1}" for j in np.flatnonzero(row))
            lines.append(f"{terms} = {int(value)}")
        return lines


def assignment_for(student_id: str) -> GameAssignment:
    """The data of ``student_id``: always the same for the same id."""
    rng = student_rng(student_id, NAME)
    shape = SHAPES[int(rng.integers(len(SHAPES)))]
    cells = shape[0] * shape[1]
    board = rng.integers(0, 2, shape, dtype=np.uint8)
    while not 0.3 * cells <= board.sum() <= 0.7 * cells:
        board = rng.integers(0, 2, shape, dtype=np.uint8)
    presses = np.zeros(cells, dtype=np.uint8)
    presses[rng.choice(cells, size=int(rng.integers(3, 6)), replace=False)] = 1
    system, rhs = _system(rng)
    vector = np.zeros(VECTOR_LENGTH, dtype=np.uint8)
    vector[rng.choice(VECTOR_LENGTH, size=int(rng.integers(2, 5)), replace=False)] = 1
    return GameAssignment(
        read_student_id(student_id), shape, board, presses.reshape(shape), system, rhs, vector
    )


def _system(rng: np.random.Generator) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """A 4x4 system over GF(2) worth solving by hand.

    It is invertible, has 2-3 unknowns an equation and a solution with 2 or 3 ones.
    """
    while True:
        M = np.zeros((UNKNOWNS, UNKNOWNS), dtype=np.uint8)
        for row in M:
            row[rng.choice(UNKNOWNS, size=int(rng.integers(2, 4)), replace=False)] = 1
        if rank(M) < UNKNOWNS:
            continue
        x = np.zeros(UNKNOWNS, dtype=np.uint8)
        x[rng.choice(UNKNOWNS, size=int(rng.integers(2, 4)), replace=False)] = 1
        rhs = (M.astype(np.int64) @ x % 2).astype(np.uint8)
        if rhs.any() and not rhs.all():
            return M, rhs
