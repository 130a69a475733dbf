"""The graded assignment on the kernel and solvability: each student's boards, and grading.

The grading functions are what nbgrader's hidden tests call (``grading/source``).

A student's boards derive from their student id (a SHA-256 hash of it seeds the choices), so
two students get different boards and copied answers fail.  The released notebook asks the
student to type their id; when nbgrader autogrades a submission it also checks that the id
in the notebook is the one the submission was collected under (the folder name), so copying
a classmate's id does not help either.

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

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from lightsout_edu.linalg import rank
from lightsout_edu.random_boards import random_board
from lightsout_edu.rules import toggle_matrix
from lightsout_edu.solver import solve_board

from ._feedback import _as_board, _as_pattern_list, _check_basis, _grader, _WrongForm

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


def _require(condition: object, message: str) -> None:
    """Fail the nbgrader test with ``message`` (an AssertionError, even under python -O)."""
    if not condition:
        raise AssertionError(message)


def _student(student_id: object) -> str:
    if not isinstance(student_id, str) or not student_id.strip():
        raise TypeError(
            f"STUDENT_ID must be your student id as text, e.g. 's1234567', not {student_id!r}"
        )
    return student_id.strip()


def assignment_for(student_id: str) -> Assignment:
    """The boards of ``student_id``: always the same for the same id.

    Of the three boards of the shape, at least one is solvable and at least one is not.
    """
    sid = _student(student_id)
    seed = int.from_bytes(hashlib.sha256(sid.encode()).digest()[:8], "big")
    rng = np.random.default_rng(seed)
    shape = SHAPES[int(rng.integers(len(SHAPES)))]
    rows, cols = shape
    kinds = [True, False, bool(rng.integers(2))]
    rng.shuffle(kinds)
    boards = tuple(
        random_board(rows, cols, seed=int(rng.integers(2**31)), solvable=kind) for kind in kinds
    )
    return Assignment(sid, shape, boards)


@_grader
def verify_student(student_id: str) -> None:
    """During nbgrader's autograding: the id in the notebook is the submission's.

    nbgrader runs a submission in ``autograded/<student>/<assignment>/``; anywhere else (a
    student checking their own work) this checks only that an id was given.
    """
    sid = _student(student_id)
    if os.environ.get("NBGRADER_EXECUTION") == "autograde":
        submitted_as = Path.cwd().parent.name
        _require(
            sid == submitted_as,
            f"this notebook was submitted by {submitted_as}, but STUDENT_ID is {sid!r}",
        )


@_grader
def verify_nullity(student_id: str, answer: object) -> None:
    """Question 1: the nullity of the student's board size."""
    verify_student(student_id)
    task = assignment_for(student_id)
    rows, cols = task.shape
    _require(
        isinstance(answer, (int, np.integer)) and not isinstance(answer, bool),
        f"the nullity should be a whole number, not {answer!r}",
    )
    _require(
        int(answer) == task.nullity,  # type: ignore[call-overload]
        f"the nullity is not {answer}; compute the rank of the {rows * cols}x{rows * cols} "
        "toggle matrix",
    )


@_grader
def verify_basis(student_id: str, answer: object) -> None:
    """Question 2: a basis of the quiet patterns of the student's board size."""
    verify_student(student_id)
    rows, cols = assignment_for(student_id).shape
    try:
        patterns = _as_pattern_list(answer, (rows, cols))
    except _WrongForm as error:
        raise AssertionError(str(error)) from None
    verdict = _check_basis(patterns, toggle_matrix(rows, cols), (rows, cols))
    _require(verdict, verdict.message)


@_grader
def verify_verdicts(student_id: str, answer: object) -> None:
    """Question 3: which of the three boards can be switched off (True / False each)."""
    verify_student(student_id)
    truth = assignment_for(student_id).verdicts
    if not (isinstance(answer, (list, tuple)) and len(answer) == len(truth)):
        raise AssertionError(f"give a list of {len(truth)} verdicts, True or False, one per board")
    _require(all(isinstance(v, (bool, np.bool_)) for v in answer), "each verdict is True or False")
    wrong = [k + 1 for k, (v, t) in enumerate(zip(answer, truth, strict=True)) if bool(v) != t]
    _require(not wrong, f"the verdict on board {wrong[0] if wrong else 0} is wrong")


@_grader
def verify_certificate(student_id: str, answer: object) -> None:
    """Question 4: a certificate that the first unsolvable board has no solution."""
    verify_student(student_id)
    task = assignment_for(student_id)
    board = next(b for b, ok in zip(task.boards, task.verdicts, strict=True) if not ok)
    try:
        y = _as_board(answer, board.shape, "certificate").ravel()
    except _WrongForm as error:
        raise AssertionError(str(error)) from None
    A = toggle_matrix(*board.shape).astype(np.int64)
    _require(not (A.T @ y % 2).any(), "y is not in the kernel of A^T: it must be a quiet pattern")
    _require(
        int(y @ board.ravel()) % 2 == 1,
        "y covers an even number of lit cells of the board, so it proves nothing",
    )
