"""What the graded assignments share: student ids and each student's random data.

Each block of lectures has a graded nbgrader assignment (``grading/source``) whose notebook
reads the student's own data from one module: :mod:`.assignment_game_and_gf2`
(lectures 1-2), :mod:`.assignment` (3-4), :mod:`.assignment_solutions_and_chasing` (5-6)
and :mod:`.assignment_variants_and_worst_case` (7-9).  The graders are not here: they are
teacher-only and never handed out.

A student's data derives from their student id and the assignment's name (a SHA-256 hash
of both seeds the choices), so two students get different boards, and the boards of one
assignment say nothing about those of the next.  The id is read without surrounding spaces
and without regard to case, so ``" S1234567 "`` gets the boards of ``"s1234567"``.

Examples
--------
>>> student_id(" S1234567 ")
's1234567'
>>> first, again = student_rng("s1234567", "demo"), student_rng("S1234567 ", "demo")
>>> int(first.integers(1000)) == int(again.integers(1000))
True
"""

from __future__ import annotations

import hashlib

import numpy as np

from .._i18n import t

__all__ = ["student_id", "student_rng"]


def student_id(value: object) -> str:
    """The student id typed in the notebook, stripped and casefolded; a TypeError if none."""
    if not isinstance(value, str) or not value.strip():
        raise TypeError(
            t(
                "STUDENT_ID must be your student id as text, e.g. 's1234567', not {value}",
                value=repr(value),
            )
        )
    return value.strip().casefold()


def student_rng(sid: object, assignment: str) -> np.random.Generator:
    """The random generator of ``assignment``'s data for student ``sid``.

    The seed is a hash of both (the id read by :func:`student_id`), so it is always the same
    for the same student.
    """
    text = f"{assignment}:{student_id(sid)}"
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    return np.random.default_rng(seed)
