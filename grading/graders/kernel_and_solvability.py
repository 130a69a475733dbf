"""The graders of the assignment of lectures 3-4, the kernel and solvability (teacher-only).

The notebook is ``grading/source/kernel_and_solvability``; each student's boards come from
:mod:`lightsout_edu.exercises.assignment`.

Examples
--------
>>> task = assignment_for("s1234567")
>>> nullity(task), verdicts(task)
(3, (True, False, True))
>>> verify_nullity("s1234567", nullity(task))
>>> verify_nullity("s1234567", nullity(task) + 1)
Traceback (most recent call last):
...
AssertionError: the nullity is not 4; compute the rank of the 15x15 toggle matrix
>>> [(q.grade_id, q.answer) for q in QUESTIONS][:2]
[('q1_test', 'nullity'), ('q2_test', 'basis')]
"""

from __future__ import annotations

import numpy as np

from lightsout_edu._i18n import t
from lightsout_edu.exercises.assignment import Assignment, assignment_for
from lightsout_edu.exercises.feedback import WrongForm, as_pattern_list, check_basis
from lightsout_edu.linalg import rank
from lightsout_edu.rules import toggle_matrix
from lightsout_edu.solver import solve_board

from .common import Question, as_answer_board, require

__all__ = [
    "QUESTIONS",
    "nullity",
    "verdicts",
    "verify_basis",
    "verify_certificate",
    "verify_nullity",
    "verify_verdicts",
]


def nullity(task: Assignment) -> int:
    """The nullity of the toggle matrix of the student's board size."""
    rows, cols = task.shape
    return rows * cols - rank(toggle_matrix(rows, cols))


def verdicts(task: Assignment) -> tuple[bool, ...]:
    """Whether each of the student's boards can be switched off."""
    return tuple(solve_board(board).solvable for board in task.boards)


def verify_nullity(student_id: str, answer: object) -> None:
    """Question 1: the nullity of the student's board size."""
    task = assignment_for(student_id)
    rows, cols = task.shape
    require(
        isinstance(answer, (int, np.integer)) and not isinstance(answer, bool),
        t("the nullity should be a whole number, not {answer}", answer=repr(answer)),
    )
    require(
        int(answer) == nullity(task),  # type: ignore[call-overload]
        t(
            "the nullity is not {answer}; compute the rank of the {n}x{n} toggle matrix",
            answer=answer,
            n=rows * cols,
        ),
    )


def verify_basis(student_id: str, answer: object) -> None:
    """Question 2: a basis of the quiet patterns of the student's board size."""
    rows, cols = assignment_for(student_id).shape
    try:
        patterns = as_pattern_list(answer, (rows, cols))
    except WrongForm as error:
        raise AssertionError(str(error)) from None
    verdict = check_basis(patterns, toggle_matrix(rows, cols), (rows, cols))
    require(verdict, verdict.message)


def verify_verdicts(student_id: str, answer: object) -> None:
    """Question 3: which of the three boards can be switched off (True / False each)."""
    truth = verdicts(assignment_for(student_id))
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


def verify_certificate(student_id: str, answer: object) -> None:
    """Question 4: a certificate that the first unsolvable board has no solution."""
    task = assignment_for(student_id)
    board = next(b for b, ok in zip(task.boards, verdicts(task), strict=True) if not ok)
    y = as_answer_board(answer, board.shape, t("certificate")).ravel()
    A = toggle_matrix(*board.shape).astype(np.int64)
    require(not (A.T @ y % 2).any(), t("y is not in the kernel of A^T: it must be a quiet pattern"))
    require(
        int(y @ board.ravel()) % 2 == 1,
        t("y covers an even number of lit cells of the board, so it proves nothing"),
    )


#: The graded questions, in order.
QUESTIONS: tuple[Question, ...] = (
    Question("q1_test", "nullity", verify_nullity),
    Question("q2_test", "basis", verify_basis),
    Question("q3_test", "verdicts", verify_verdicts),
    Question("q4_test", "certificate", verify_certificate),
)
