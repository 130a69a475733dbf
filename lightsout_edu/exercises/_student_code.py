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

import builtins
import re
from typing import Any

import numpy as np

from .._i18n import t

__all__ = [
    "SECONDS",
    "NotAFunction",
    "StudentError",
    "as_function",
    "describe",
    "exception_name",
    "kind_of",
    "run",
    "without_values",
]

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


#: The exceptions a message may name: Python's own (a class of the student's could be named
#: after a hidden case), and NumPy's.
KNOWN_EXCEPTIONS = frozenset(
    [
        name
        for name, value in vars(builtins).items()
        if isinstance(value, type) and issubclass(value, BaseException)
    ]
    + ["LinAlgError", "AxisError"]
)
#: What a message of the student's code keeps at most, once its values are removed.
MESSAGE_CHARACTERS = 120
_VALUES = re.compile(r"""[\[({<].*[\])}>]|[\[({<].*$|'[^']*('|$)|"[^"]*("|$)|[-+]?\.?\d[\w.]*""")


def exception_name(kind: str) -> str:
    """``kind`` if Python or NumPy names an exception so, else words that name no value.

    >>> exception_name("ValueError"), exception_name("A_1_1_0")
    ('ValueError', 'an exception of its own')
    """
    return kind if kind in KNOWN_EXCEPTIONS else t("an exception of its own")


def without_values(message: str) -> str:
    """The first line of ``message`` without the values it may quote: a hidden case stays hidden.

    Numbers, quotes, and everything from the first opening bracket (of any kind) to the last
    closing one become "…"; at most :data:`MESSAGE_CHARACTERS` are kept.

    >>> without_values("A=[[1, 1, 0], [0, 1, 1]] is singular")
    'A=… is singular'
    >>> without_values("index 5 is out of bounds for axis 0 with size 5")
    'index … is out of bounds for axis … with size …'
    """
    lines = message.strip().splitlines()
    cut = _VALUES.sub("…", lines[0] if lines else "")
    cut = re.sub(r"…(\s*…)+", "…", cut)
    return cut if len(cut) <= MESSAGE_CHARACTERS else cut[: MESSAGE_CHARACTERS - 1] + "…"


#: The types a message may name (a class of the student's could be named after a case).
KNOWN_TYPES = frozenset(
    [name for name, value in vars(builtins).items() if isinstance(value, type)]
    + ["MutableDenseMatrix", "ImmutableDenseMatrix", "DomainMatrix", "FieldArray", "matrix"]
)
#: The longest side of an array whose shape a message may give.
SHAPE_SIDE = 100
#: The most dimensions of an array whose shape a message may give (each side could be a
#: value of the case's: ``np.zeros([0, *case])`` would spell a case of 30 cells).
SHAPE_DIMENSIONS = 2


def shown_shape(shape: tuple[int, ...]) -> str:
    """``shape`` (or an index) as a message may give it, whatever the student's code chose.

    In full for at most :data:`SHAPE_DIMENSIONS` sides of at most :data:`SHAPE_SIDE` each;
    otherwise each side is "…", so that the sides cannot spell a hidden case.

    >>> shown_shape((3, 4)), shown_shape((7,)), shown_shape((0, 1, 2, 2)), shown_shape((5, 10**6))
    ('(3, 4)', '(7,)', '(…, …, …, …)', '(5, …)')
    """
    few = len(shape) <= SHAPE_DIMENSIONS
    sides = [str(side) if few and 0 <= side <= SHAPE_SIDE else "…" for side in shape]
    return "(" + ", ".join(sides) + ("," if len(sides) == 1 else "") + ")"


def kind_of(value: object) -> str:
    """What ``value`` is, in words that quote none of it (for graded work: no hidden case).

    >>> kind_of("A=[[1, 1, 0]]"), kind_of(None), kind_of(np.zeros((2, 3), dtype=np.uint8))
    ('a value of type str', 'None', 'an array of shape (2, 3) and dtype uint8')
    >>> kind_of(np.zeros((0, 1, 2, 2, 1)))
    'an array of 5 dimensions'
    """
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, np.ndarray):
        if value.ndim <= SHAPE_DIMENSIONS and all(side <= SHAPE_SIDE for side in value.shape):
            return describe(value)
        return t("an array of {dimensions} dimensions", dimensions=value.ndim)
    name = getattr(value, "type_name", None) or type(value).__name__
    if name in KNOWN_TYPES:
        return t("a value of type {type}", type=name)
    return t("an object of a class of its own")


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
