"""What the graders share: failing a test, reading an answer board, student ids, questions.

A verifier ``verify_x(student_id, answer)`` returns nothing when the answer is right and
raises an :class:`AssertionError` with the course's message when it is not (:func:`require`).
Each assignment's module lists its graded questions as :class:`Question` records, in order,
in ``QUESTIONS``.

Examples
--------
>>> require(1 + 1 == 2, "arithmetic works")
>>> require(1 + 1 == 3, "1 + 1 is 2 over the integers")
Traceback (most recent call last):
...
AssertionError: 1 + 1 is 2 over the integers
>>> normalised_id("  S1000006 ")
's1000006'
>>> as_answer_board([[1, 0], [0, 1]], (2, 2), "board").tolist()
[[1, 0], [0, 1]]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
from numpy.typing import NDArray

from lightsout_edu._i18n import t
from lightsout_edu.exercises._student_code import StudentError, kind_of, run
from lightsout_edu.exercises.assignment_common import student_id
from lightsout_edu.exercises.feedback import WrongForm, as_board

__all__ = ["Question", "as_answer_board", "normalised_id", "require", "shown", "unquoted"]


@dataclass(frozen=True)
class Question:
    """One graded question of an assignment, as the grading driver runs it.

    ``grade_id`` is the nbgrader grade_id of the graded test cell (e.g. ``"q1_test"``),
    ``answer`` the notebook variable holding the answer (e.g. ``"nullity"``) and ``verify``
    its verifier, called as ``verify(student_id, answer)``.  ``alone`` says that the answer
    cell (grade_id ``answer_cell``, e.g. ``"q1_answer"``) is graded on its own, with NumPy
    only (no lightsout_edu, galois or sympy): for questions that forbid a solver; the
    student's own answer cells named in ``uses`` (e.g. a toolbox of their functions) run
    before it.
    """

    grade_id: str
    answer: str
    verify: Callable[[str, Any], None]
    alone: bool = False
    answer_cell: str = ""
    uses: tuple[str, ...] = ()


def require(condition: object, message: str) -> None:
    """Fail the test with ``message`` (an AssertionError, even under python -O)."""
    if not condition:
        raise AssertionError(message)


def shown(number: object, largest: int) -> str:
    """``number`` for a message if it lies in 0 to ``largest`` (the case's own size), else words.

    A number the student's code returned could hold the hidden case it was given; one no
    larger than the case's size holds next to nothing.

    >>> shown(3, 5), shown(123456, 5)
    ('3', 'a number outside 0 to 5')
    """
    if isinstance(number, (int, np.integer)) and 0 <= int(number) <= largest:
        return str(int(number))
    return t("a number outside 0 to {largest}", largest=largest)


def unquoted(error: Exception) -> str:
    """``error`` (why an answer could not be read) without what it quotes of the answer.

    The quoted text, and any number of four digits or more (a size the answer chose),
    become "…": the text a function returned could hold the hidden case it was given.

    >>> unquoted(ValueError("row 1 has 'A=[[1, 0' between commas; not 1x123456"))
    'row 1 has … between commas; not 1x…'
    """
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "…", str(error))
    return re.sub(r"\d{4,}", "…", text)


def normalised_id(value: object) -> str:
    """The student id ``value`` stripped and casefolded; a TypeError if it is not given.

    The same reading seeds each student's data (``assignment_common.student_rng``), so
    ``"S1000006"`` and ``" s1000006 "`` are the same student as ``"s1000006"``.

    Examples
    --------
    >>> normalised_id("S1000006") == normalised_id(" s1000006 ") == "s1000006"
    True
    >>> normalised_id("   ")
    Traceback (most recent call last):
    ...
    TypeError: STUDENT_ID must be your student id as text, e.g. 's1234567', not '   '
    """
    return student_id(value)


def as_answer_board(
    answer: object, shape: tuple[int, int], what: str, colors: int = 2
) -> NDArray[np.int64]:
    """``answer`` read as a board of ``shape``; an AssertionError saying why it cannot be.

    Examples
    --------
    >>> as_answer_board("11", (2, 2), "board")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: ...
    """
    try:
        return as_board(answer, shape, what, colors)
    except WrongForm as error:
        raise AssertionError(unquoted(error)) from None


def call_student(
    function: object,
    name: str,
    *args: object,
    case: str,
    seconds: float = 10.0,
    none_allowed: bool = False,
) -> object:
    """What the student's function ``name`` returns for ``args`` within ``seconds``.

    An AssertionError says, in the course's words, why it did not: not a function, it
    raised, looped or crashed on ``case``, or (unless ``none_allowed``) it returned None.
    """
    require(
        callable(function),
        t("{name} should be your function, not {given}", name=name, given=kind_of(function)),
    )
    try:
        returned = run(cast(Callable[..., object], function), *args, case=case, seconds=seconds)
    except StudentError as error:
        raise AssertionError(str(error)) from None
    require(
        none_allowed or returned is not None,
        t("for {case} your function returned None: does it end with return?", case=case),
    )
    return returned
