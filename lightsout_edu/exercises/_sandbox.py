"""The notebook's side of a check: send the answers to the judge, show its verdict.

A checker called in a notebook does no checking here.  It turns the student's answers into
something it can send -- plain data when they are plain (numbers, lists, NumPy arrays),
a widget's synced state, or the object pickled *by value* with ``cloudpickle`` (a function
defined in a cell, with the helpers and globals it uses) -- and asks the judge, a separate
clean Python process (``_judge``), for the verdict.  So nothing the student's kernel does
(patching ``numpy``, ``lightsout_edu``, the checkers' data) changes a verdict, and nothing
the student's code does (an endless loop, ``os._exit``, a crash) happens in the kernel.

The judge is started on the first check and kept for the next ones; it ends with the
kernel.  Each process knows its role (:func:`role`): "kernel", "judge" or "runner".

Examples
--------
>>> role()
'kernel'
"""

from __future__ import annotations

import atexit
import base64
import os
import subprocess
import sys
import threading
import time
from typing import Any

from .._i18n import language, t
from . import _frames, _plain

__all__ = [
    "CannotSend",
    "ask_judge",
    "become",
    "encode_answers",
    "forget_attempts",
    "remember",
    "role",
    "tried",
]

_ROLE = ["kernel"]
#: Every time limit is multiplied by this (tests use a small one; it is never above 1).
TIME_SCALE = 1.0
#: Seconds the notebook waits for one verdict before it gives up on the judge.
VERDICT_SECONDS = 600.0


def role() -> str:
    """Which process this is: "kernel" (the notebook), "judge" or "runner"."""
    return _ROLE[0]


def become(name: str) -> None:
    """Mark this process as the judge or a runner (called once, at their start)."""
    _ROLE[0] = name


# ---------------------------------------------------------------------------------------------
# The answers, ready to send
# ---------------------------------------------------------------------------------------------


class CannotSend(Exception):
    """An answer that cannot be sent to the judge; the message says why, for the student."""


def encode_answers(answers: tuple[Any, ...]) -> list[dict[str, Any]]:
    """Each answer as plain data, a widget's state, or pickled by value."""
    return [_encode_answer(answer) for answer in answers]


def _encode_answer(answer: Any) -> dict[str, Any]:
    if _plain.inert(answer):
        return {"plain": _plain.encode(answer)}
    widget = _widget_state(answer)
    if widget is not None:
        return {"widget": widget}
    return {"pickle": base64.b64encode(_pickled(answer)).decode()}


def _widget_state(answer: Any) -> dict[str, Any] | None:
    widgets = sys.modules.get("ipywidgets")
    if widgets is None or not isinstance(answer, widgets.Widget):
        return None
    state = {
        name: value
        for name, value in answer.get_state().items()
        if not name.startswith("_") and _plain.inert(value)
    }
    return {"type": type(answer).__name__, "state": _plain.encode(state)}


def _pickled(answer: Any) -> bytes:
    import cloudpickle

    own = _own_module(answer)
    try:
        if own is not None:  # the checker's sandbox does not see the notebook's folder
            cloudpickle.register_pickle_by_value(own)
        return bytes(cloudpickle.dumps(answer))
    except Exception as error:
        raise CannotSend(_why_not_picklable(answer, error)) from None
    finally:
        if own is not None:
            cloudpickle.unregister_pickle_by_value(own)


def _own_module(answer: Any) -> Any:
    """The student's own module file that defines the function ``answer``, or None.

    A module of one file, outside this Python's folders (a helper beside the notebook): it
    travels by value with the function.  A package (a copy of this one, say) does not.
    """
    module = sys.modules.get(str(getattr(answer, "__module__", "")))
    path = getattr(module, "__file__", None)
    if module is None or not path or "." in module.__name__ or hasattr(module, "__path__"):
        return None
    installed = {os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)}
    real = os.path.realpath(path)
    return None if any(real.startswith(p + os.sep) for p in installed) else module


def _why_not_picklable(answer: Any, error: Exception) -> str:
    """Name the global of the student's function that cannot be sent, if one can't."""
    import cloudpickle

    code = getattr(answer, "__code__", None)
    names = getattr(code, "co_names", ())
    space = getattr(answer, "__globals__", {})
    for name in names:
        if name in space:
            try:
                cloudpickle.dumps(space[name])
            except Exception:
                return t(
                    "your function uses {name} ({kind}), which cannot be sent to the checker's "
                    "separate process. Compute what your function needs inside it, or pass it "
                    "as data",
                    name=name,
                    kind=type(space[name]).__name__,
                )
    return t(
        "this answer cannot be sent to the checker's separate process ({kind}: {error})",
        kind=type(error).__name__,
        error=error,
    )


# ---------------------------------------------------------------------------------------------
# Letters tried (multiple choice): a friendly nudge against a loop that tries every letter.
# This is kernel state: a restart, or forget_attempts(), clears it. It guards nothing, and
# need not: multiple choice in the notebooks is formative and counts for nothing.
# ---------------------------------------------------------------------------------------------

_attempts: dict[str, list[str]] = {}


def _letter(answers: tuple[Any, ...]) -> str | None:
    if len(answers) == 1 and type(answers[0]) is str and len(answers[0].strip()) == 1:
        return answers[0].strip().lower()
    return None


def tried(key: str, answers: tuple[Any, ...]) -> list[str]:
    """The letters tried before for checker ``key``, in order."""
    return list(_attempts.get(key, []))


def remember(key: str, answers: tuple[Any, ...]) -> None:
    """Note the letter just checked (only single letters are noted)."""
    letter = _letter(answers)
    if letter is not None:
        _attempts.setdefault(key, []).append(letter)


def forget_attempts() -> None:
    """Forget every letter tried (a new kernel forgets them too: this is no safeguard)."""
    _attempts.clear()


# ---------------------------------------------------------------------------------------------
# The judge
# ---------------------------------------------------------------------------------------------


class _Judge:
    """The judge process and its pipes (one per kernel; a new one after a fork)."""

    def __init__(self) -> None:
        package_parent = os.path.dirname(os.path.dirname(os.path.dirname(__file__)))
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        env["PYTHONPATH"] = package_parent
        env["PYTHONNOUSERSITE"] = os.environ.get("PYTHONNOUSERSITE", "")
        if not env["PYTHONNOUSERSITE"]:
            del env["PYTHONNOUSERSITE"]
        self.owner = os.getpid()
        self.process = subprocess.Popen(
            [sys.executable, "-P", "-m", "lightsout_edu.exercises._judge"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            start_new_session=os.name == "posix",  # signals to the kernel's group skip it
        )

    def ask(self, request: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        _frames.write_json(self.process.stdin, request)
        return dict(_frames.read_json(self.process.stdout))

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()


_lock = threading.Lock()
_judge: list[_Judge] = []


def _current_judge() -> _Judge:
    if _judge and (_judge[0].owner != os.getpid() or _judge[0].process.poll() is not None):
        if _judge[0].owner == os.getpid():
            _judge[0].stop()
        _judge.clear()  # a forked kernel starts its own judge; a dead one is replaced
    if not _judge:
        _judge.append(_Judge())
    return _judge[0]


def _stop_judge() -> None:
    if _judge and _judge[0].owner == os.getpid():
        _judge[0].stop()
        _judge.clear()


atexit.register(_stop_judge)


def ask_judge(request: dict[str, Any]) -> dict[str, Any]:
    """Send one check to the judge and return its reply (starting the judge if need be).

    A judge that died is started again once; a KeyboardInterrupt (the notebook's stop
    button) stops the judge and is raised again.
    """
    request = {**request, "sys_path": list(sys.path), "cwd": os.getcwd(), "language": language()}
    request["time_scale"] = min(1.0, max(0.001, float(TIME_SCALE)))
    with _lock:
        for attempt in (1, 2):
            judge = _current_judge()
            try:
                return _with_deadline(judge, request)
            except (_frames.Closed, OSError):
                judge.stop()
                _judge.clear()
                if attempt == 2:
                    raise
            except BaseException:
                judge.stop()
                _judge.clear()
                raise
    raise AssertionError("unreachable")


def _with_deadline(judge: _Judge, request: dict[str, Any]) -> dict[str, Any]:
    timer = threading.Timer(VERDICT_SECONDS, judge.process.kill)
    timer.daemon = True
    started = time.monotonic()
    timer.start()
    try:
        return judge.ask(request)
    except _frames.Closed:
        if time.monotonic() - started >= VERDICT_SECONDS:
            raise TimeoutError(
                t("no verdict after {seconds} s", seconds=f"{VERDICT_SECONDS:g}")
            ) from None
        raise
    finally:
        timer.cancel()
