"""The graders of the graded assignments, one module per assignment (teacher-only).

Each module (:mod:`.game_and_gf2`, :mod:`.kernel_and_solvability`,
:mod:`.solutions_and_chasing`, :mod:`.variants_and_worst_case`) has a plain function
``verify_x(student_id, answer)`` per graded question, which returns nothing when the answer is
right and raises an :class:`AssertionError` whose message says, in the words of the course,
what is wrong; and ``QUESTIONS``, the graded questions in order (see
:class:`.common.Question`), for the grading driver.  The driver checks the student id before
calling a verifier; a student's function reaches a verifier as a handle to call through
``lightsout_edu.exercises._student_code.run``.
"""

from __future__ import annotations

import importlib

from .common import Question

__all__ = ["Question", "questions"]


def questions(assignment: str) -> tuple[Question, ...]:
    """The graded questions of ``assignment`` (its nbgrader name), in order.

    >>> [q.answer for q in questions("kernel_and_solvability")]
    ['nullity', 'kernel_basis', 'solvable', 'certificate']
    """
    return tuple(importlib.import_module(f"{__name__}.{assignment}").QUESTIONS)
