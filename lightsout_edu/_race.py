"""Run one function on several argument tuples at once and keep the first answer.

Branch and bound takes very different times on equivalent formulations of one integer
program, and which is quick cannot be told in advance; running two side by side and stopping
the slower one is a *portfolio*.  The runs are fresh Python processes (HiGHS cannot be
stopped from another thread): nothing is forked, so a Jupyter kernel's threads are never
copied, and nothing re-runs the caller's script, so a script needs no ``__main__`` guard.
"""

from __future__ import annotations

import os
import pickle
import queue
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["first_result"]


def first_result(function: Callable[..., Any], arguments: Sequence[tuple]) -> Any:
    """``function(*arguments[i])`` for whichever ``i`` finishes first.

    ``function`` must be importable by name (a module-level function) and its arguments and
    result picklable.  With one argument tuple, or one core, the first tuple runs here.

    Examples
    --------
    >>> first_result(divmod, [(7, 2), (9, 4)]) in [(3, 1), (2, 1)]
    True
    """
    if len(arguments) == 1 or (os.cpu_count() or 1) < 2:
        return function(*arguments[0])
    answers: queue.Queue[tuple[bool, Any]] = queue.Queue()
    runs: list[subprocess.Popen] = []
    try:
        for args in arguments:
            try:
                run = subprocess.Popen(
                    [sys.executable, "-c", _CHILD], stdin=subprocess.PIPE, stdout=subprocess.PIPE
                )
            except OSError:  # out of processes, say: the runs started so far race
                break
            runs.append(run)
            threading.Thread(target=_collect, args=(run, answers), daemon=True).start()
            assert run.stdin is not None
            try:
                pickle.dump(sys.path, run.stdin)  # the child finds what this process finds
                pickle.dump((function.__module__, function.__qualname__, args), run.stdin)
                run.stdin.close()
            except OSError:  # the run died before reading its work: _collect says so
                pass
        failures = []
        for _ in runs:
            ok, value = answers.get()
            if ok:
                return value
            failures.append(value)
        if all(isinstance(failure, _Crash) for failure in failures):
            return function(*arguments[0])  # no run could answer (e.g. out of processes)
        raise next(failure for failure in failures if not isinstance(failure, _Crash))
    finally:
        for run in runs:
            run.kill()
            run.wait()
            assert run.stdout is not None
            run.stdout.close()


class _Crash(RuntimeError):
    """A run ended without an answer: killed, or it could not start."""


def _collect(run: subprocess.Popen, answers: queue.Queue) -> None:
    """Put the answer of one run on the queue (a _Crash if it ended without one)."""
    assert run.stdout is not None
    data = run.stdout.read()
    try:
        answers.put(pickle.loads(data))
    except Exception:  # killed, or crashed before answering
        answers.put((False, _Crash(f"a run ended without an answer: {data[-200:]!r}")))


#: The child's side: read sys.path, then (module, name, arguments); write (ok, result). The
#: answer goes to a copy of stdout; stdout itself is sent to /dev/null first, so that what
#: the function or a C library prints (HiGHS does) cannot corrupt it.
_CHILD = """
import importlib, os, pickle, sys
stdin = sys.stdin.buffer
stdout = os.fdopen(os.dup(1), "wb")
null = os.open(os.devnull, os.O_WRONLY)
os.dup2(null, 1)
sys.stdout = open(os.devnull, "w")
sys.path[:] = pickle.load(stdin)
module, name, args = pickle.load(stdin)
try:
    answer = (True, getattr(importlib.import_module(module), name)(*args))
except Exception as error:
    answer = (False, error)
stdout.write(pickle.dumps(answer))
stdout.flush()
"""
