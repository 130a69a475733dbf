"""What the graded assignments share: student ids, their random boards, and failing a test.

Each block of lectures has a graded nbgrader assignment (``grading/source``) whose hidden
tests call the ``verify_*`` functions of one module: :mod:`.assignment_game_and_gf2`
(lectures 1-2), :mod:`.assignment` (3-4), :mod:`.assignment_solutions_and_chasing` (5-6)
and :mod:`.assignment_variants_and_worst_case` (7-9).  A ``verify_*`` function returns
nothing when the answer is right and raises an :class:`AssertionError` whose message says,
in the words of the course, what is wrong; nbgrader shows that message in the feedback.

A student's boards derive from their student id and the assignment's name (a SHA-256 hash
of both seeds the choices), so two students get different boards, and the boards of one
assignment say nothing about those of the next.  When nbgrader autogrades a submission,
:func:`verify_student` also checks that the id in the notebook is the one the submission
was collected under (the folder name), so copying a classmate's notebook, id included, fails
every test.

Examples
--------
>>> first, again = student_rng("s1234567", "demo"), student_rng("s1234567", "demo")
>>> int(first.integers(1000)) == int(again.integers(1000))
True
>>> require(1 + 1 == 2, "arithmetic works")
>>> require(1 + 1 == 3, "1 + 1 is 2 over the integers")
Traceback (most recent call last):
...
AssertionError: 1 + 1 is 2 over the integers
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from .._i18n import t
from .feedback import WrongForm, as_board

__all__ = ["as_answer_board", "require", "student_id", "student_rng", "verify_student"]


def require(condition: object, message: str) -> None:
    """Fail the nbgrader test with ``message`` (an AssertionError, even under python -O)."""
    if not condition:
        raise AssertionError(message)


def student_id(value: object) -> str:
    """The student id typed in the notebook, stripped; a TypeError if there is none."""
    if not isinstance(value, str) or not value.strip():
        raise TypeError(
            t(
                "STUDENT_ID must be your student id as text, e.g. 's1234567', not {value}",
                value=repr(value),
            )
        )
    return value.strip()


def student_rng(sid: object, assignment: str) -> np.random.Generator:
    """The random generator of ``assignment``'s boards for student ``sid``.

    The seed is a hash of both, so it is always the same for the same student.
    """
    text = f"{assignment}:{student_id(sid)}"
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    return np.random.default_rng(seed)


def verify_student(sid: object) -> None:
    """During nbgrader's autograding: the id in the notebook is the submission's.

    nbgrader runs a submission in ``autograded/<student>/<assignment>/``; anywhere else (a
    student checking their own work) this checks only that an id was given.
    """
    typed = student_id(sid)
    if os.environ.get("NBGRADER_EXECUTION") == "autograde":
        submitted_as = Path.cwd().parent.name
        require(
            typed == submitted_as,
            t(
                "this notebook was submitted by {submitted}, but STUDENT_ID is {typed}: your "
                "boards are made from your own id, so the answers must be yours",
                submitted=submitted_as,
                typed=repr(typed),
            ),
        )


def as_answer_board(
    answer: object, shape: tuple[int, int], what: str, colors: int = 2
) -> NDArray[np.int64]:
    """``answer`` read as a board of ``shape``; an AssertionError saying why it cannot be."""
    try:
        return as_board(answer, shape, what, colors)
    except WrongForm as error:
        raise AssertionError(str(error)) from None
