"""Running a student's function for a checker: time limits, exceptions, odd return values.

A checker calls the student's code on many hidden cases.  Whatever that code does -- raise,
loop for ever, print, return ``None`` or a string -- the checker must answer with a
:class:`~lightsout_edu.exercises.Feedback`, never crash or hang.  :func:`run` calls the
function with a time limit (``SIGALRM`` in the main thread, where notebooks run their cells;
elsewhere it waits in a helper thread) and turns every failure into a :class:`StudentError`
whose message says what went wrong, in words a student can act on.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = ["SECONDS", "NotAFunction", "StudentError", "as_function", "describe", "run"]

#: Seconds one call of the student's function may take.
SECONDS = 5.0


class StudentError(Exception):
    """The student's function failed on a case; the message says how."""


class NotAFunction(StudentError):
    """The answer should have been the student's function."""


class _TimeUp(BaseException):
    """Raised inside the student's code when the time is up.

    Not an Exception, so that it escapes the ``except Exception`` blocks of that code.
    """


def as_function(answer: object, name: str) -> Callable[..., Any]:
    """``answer`` if it is callable, else a clear StudentError naming what is needed."""
    if not callable(answer):
        raise NotAFunction(
            f"pass your function itself, e.g. check(my_{name}), not {type(answer).__name__}"
        )
    return answer


def describe(value: object, limit: int = 60) -> str:
    """A short description of a value for a message."""
    if isinstance(value, np.ndarray):
        return f"an array of shape {value.shape} and dtype {value.dtype}"
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


def run(function: Callable[..., Any], *args: Any, case: str, seconds: float = SECONDS) -> Any:
    """Call ``function(*args)`` within ``seconds``; StudentError if it raises or takes too long.

    ``case`` says in words what the function was given, for the message.
    """
    if threading.current_thread() is threading.main_thread() and hasattr(signal, "SIGALRM"):
        return _with_alarm(function, args, case, seconds)
    return _in_thread(function, args, case, seconds)


def _failed(case: str, error: BaseException) -> StudentError:
    return StudentError(f"for {case}, your function raised {type(error).__name__}: {error}")


def _too_slow(case: str, seconds: float) -> StudentError:
    return StudentError(
        f"for {case}, your function was still running after {seconds:g} s: is there a loop "
        "that never ends?"
    )


def _with_alarm(function: Callable[..., Any], args: tuple, case: str, seconds: float) -> Any:
    def time_up(signum: int, frame: object) -> None:
        raise _TimeUp

    previous = signal.signal(signal.SIGALRM, time_up)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return function(*args)
    except _TimeUp:
        raise _too_slow(case, seconds) from None
    except Exception as error:  # the student's code failed: report it, do not crash
        raise _failed(case, error) from None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _in_thread(function: Callable[..., Any], args: tuple, case: str, seconds: float) -> Any:
    outcome: dict[str, Any] = {}

    def call() -> None:
        try:
            outcome["value"] = function(*args)
        except Exception as error:  # reported below
            outcome["error"] = error

    worker = threading.Thread(target=call, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        raise _too_slow(case, seconds)
    if "error" in outcome:
        raise _failed(case, outcome["error"])
    return outcome.get("value")
