"""Calling a student's function from a checker: time limits, errors, odd return values.

A checker calls the student's code on many hidden cases.  Whatever that code does -- raise,
loop for ever behind a bare ``except:``, print, call ``os._exit``, crash, return ``None`` or
a string -- the checker must answer with a :class:`~lightsout_edu.exercises.Feedback`,
never crash or hang.  The function itself lives in a separate process (``_runner``) that the
judge kills when a call takes longer than ``seconds``; :func:`run` asks it for one call and
turns every failure into a :class:`StudentError` whose message says what went wrong, in
words a student can act on.  What comes back is plain data (``_plain``), never the student's
own objects.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .._i18n import t

__all__ = ["SECONDS", "NotAFunction", "StudentError", "as_function", "describe", "run"]

#: Seconds one call of the student's function may take.
SECONDS = 5.0


class StudentError(Exception):
    """The student's function failed on a case; the message says how."""


class NotAFunction(StudentError):
    """The answer should have been the student's function."""


def as_function(answer: object, name: str) -> Any:
    """``answer`` if it is the student's function, else a StudentError naming what is needed."""
    if not callable(answer):
        kind = getattr(answer, "type_name", None) or type(answer).__name__
        raise NotAFunction(
            t("pass your function itself, e.g. check(my_{name}), not {kind}", name=name, kind=kind)
        )
    return answer


def describe(value: object, limit: int = 60) -> str:
    """A short description of a value for a message."""
    if isinstance(value, np.ndarray):
        return t(
            "an array of shape {shape} and dtype {dtype}", shape=value.shape, dtype=value.dtype
        )
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


def run(function: Any, *args: Any, case: str, seconds: float = SECONDS, fresh: bool = False) -> Any:
    """What ``function(*args)`` returns, within ``seconds``; StudentError if it fails.

    ``function`` is the student's function as the judge loaded it (a
    ``_judge.StudentFunction``); ``case`` says in words what it was given, for the message.
    With ``fresh``, the call runs in a runner started anew, with the answers loaded afresh:
    nothing the function kept from an earlier call (a counter, a global) is left, so its
    verdict cannot depend on the order of the calls.
    """
    session = getattr(function, "session", None)
    if session is None:
        raise TypeError(f"run() calls a student's function loaded by the judge, not {function!r}")
    if fresh:
        session.close()
    return session.call(function.index, args, case=case, seconds=seconds)
