"""The graded assignment of lectures 3-4, the kernel and solvability: boards and grading.

The grading functions are what nbgrader's hidden tests call
(``grading/source/kernel_and_solvability``); student ids and copy detection are in
:mod:`.assignment_common`.

Examples
--------
>>> task = assignment_for("s1234567")
>>> task.shape, len(task.boards)
((3, 5), 3)
>>> verify_nullity("s1234567", task.nullity)
>>> verify_nullity("s1234567", task.nullity + 1)
Traceback (most recent call last):
...
AssertionError: the nullity is not 4; compute the rank of the 15x15 toggle matrix
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from lightsout_edu._i18n import t
from lightsout_edu.linalg import rank
from lightsout_edu.random_boards import random_board
from lightsout_edu.rules import toggle_matrix
from lightsout_edu.solver import solve_board

from .assignment_common import as_answer_board, require, student_rng, verify_student
from .feedback import WrongForm, as_pattern_list, check_basis, grader

__all__ = [
    "SHAPES",
    "Assignment",
    "assignment_for",
    "verify_basis",
    "verify_certificate",
    "verify_nullity",
    "verify_student",
    "verify_verdicts",
]

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

    @property
    def nullity(self) -> int:
        """The nullity of the toggle matrix of ``shape``."""
        rows, cols = self.shape
        return rows * cols - rank(toggle_matrix(rows, cols))

    @property
    def verdicts(self) -> tuple[bool, ...]:
        """Whether each board can be switched off."""
        return tuple(solve_board(board).solvable for board in self.boards)


def assignment_for(student_id: str) -> Assignment:
    """The boards of ``student_id``: always the same for the same id.

    Of the three boards of the shape, at least one is solvable and at least one is not.
    """
    rng = student_rng(student_id, NAME)
    sid = student_id.strip()
    shape = SHAPES[int(rng.integers(len(SHAPES)))]
    rows, cols = shape
    kinds = [True, False, bool(rng.integers(2))]
    rng.shuffle(kinds)
    boards = tuple(
        random_board(rows, cols, seed=int(rng.integers(2**31)), solvable=kind) for kind in kinds
    )
    return Assignment(sid, shape, boards)


@grader
def verify_nullity(student_id: str, answer: object) -> None:
    """Question 1: the nullity of the student's board size."""
    verify_student(student_id)
    task = assignment_for(student_id)
    rows, cols = task.shape
    require(
        isinstance(answer, (int, np.integer)) and not isinstance(answer, bool),
        t("the nullity should be a whole number, not {answer}", answer=repr(answer)),
    )
    require(
        int(answer) == task.nullity,  # type: ignore[call-overload]
        t(
            "the nullity is not {answer}; compute the rank of the {n}x{n} toggle matrix",
            answer=answer,
            n=rows * cols,
        ),
    )


@grader
def verify_basis(student_id: str, answer: object) -> None:
    """Question 2: a basis of the quiet patterns of the student's board size."""
    verify_student(student_id)
    rows, cols = assignment_for(student_id).shape
    try:
        patterns = as_pattern_list(answer, (rows, cols))
    except WrongForm as error:
        raise AssertionError(str(error)) from None
    verdict = check_basis(patterns, toggle_matrix(rows, cols), (rows, cols))
    require(verdict, verdict.message)


@grader
def verify_verdicts(student_id: str, answer: object) -> None:
    """Question 3: which of the three boards can be switched off (True / False each)."""
    verify_student(student_id)
    truth = assignment_for(student_id).verdicts
    if not (isinstance(answer, (list, tuple)) and len(answer) == len(truth)):
        raise AssertionError(
            t("give a list of {count} verdicts, True or False, one per board", count=len(truth))
        )
    require(
        all(isinstance(v, (bool, np.bool_)) for v in answer), t("each verdict is True or False")
    )
    wrong = [
        k + 1 for k, (v, right) in enumerate(zip(answer, truth, strict=True)) if bool(v) != right
    ]
    require(not wrong, t("the verdict on board {number} is wrong", number=wrong[0] if wrong else 0))


@grader
def verify_certificate(student_id: str, answer: object) -> None:
    """Question 4: a certificate that the first unsolvable board has no solution."""
    verify_student(student_id)
    task = assignment_for(student_id)
    board = next(b for b, ok in zip(task.boards, task.verdicts, strict=True) if not ok)
    y = as_answer_board(answer, board.shape, t("certificate")).ravel()
    A = toggle_matrix(*board.shape).astype(np.int64)
    require(not (A.T @ y % 2).any(), t("y is not in the kernel of A^T: it must be a quiet pattern"))
    require(
        int(y @ board.ravel()) % 2 == 1,
        t("y covers an even number of lit cells of the board, so it proves nothing"),
    )
