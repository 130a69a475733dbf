"""The process where a student's code runs while a checker checks it.

The judge (``_judge``) starts one runner per check -- a fork of itself where the platform
allows, else ``python -m lightsout_edu.exercises._runner`` -- and talks to it over two pipes
(``_frames``); a write-it-yourself exercise's runner is a new interpreter where the package
is absent (``_forbidden``).  The runner

1. limits itself: memory (``RLIMIT_AS``), file size, no core dumps, no new processes, no
   signals to other processes, its standard streams pointed away from the pipes; in
   bubblewrap, where it is pid 1, it keeps the judge's pipes and serves from a child that
   holds none of them (:func:`_behind_a_relay`);
2. loads the student's answers (pickled by value in the notebook, ``cloudpickle``), with the
   notebook's ``sys.path`` (the notebook's folder is not in the sandbox: a helper module of
   the student's own comes by value), and says which are functions;
3. calls a function when the judge asks, catching *everything* (``SystemExit`` and
   ``KeyboardInterrupt`` included), and answers with plain data only (``_plain``): what it
   returned, what it printed, whether it changed its arguments.

The judge kills the runner (and every process it started) when a call takes too long, when
the check is over, or when it sends something that is not a message.  So a bare ``except:``
around an endless loop, a leftover busy thread, ``os._exit``, a segfault or a 10 GB
allocation cost the student a "Not yet", never the checker or the notebook.
"""

from __future__ import annotations

import io
import os
import sys
import traceback
from collections.abc import Callable
from types import CodeType
from typing import IO, Any, NoReturn

from .._i18n import LANGUAGES, set_language, t
from . import _frames, _plain

__all__ = ["MEMORY", "Callback", "serve", "spawn_main"]

#: Bytes of memory the student's code may use beyond what the runner holds when it starts.
MEMORY = 2 * 2**30
#: The largest file the student's code may write.
FILE_SIZE = 64 * 2**20
#: Characters of printed output passed back for one call.
PRINTED = 4000
#: Seconds of CPU time a runner may use in all (each call also has a wall-clock limit).
CPU_SECONDS = 900
#: Files a runner may hold open at once.
OPEN_FILES = 256
#: Processes (and threads) in a sandbox (bubblewrap) at once.
PROCESSES = 64


class Callback:
    """An argument that stands for a function the *judge* computes (E8's rref functions).

    The runner hands the student a fresh stand-in function for it; calling that sends the
    arguments to the judge and returns the judge's answer.  The student sees no data that
    tells one such function from another: only what it returns.
    """

    def __init__(self, token: str, name: str) -> None:
        self.token, self.name = token, name


# ---------------------------------------------------------------------------------------------
# Limits
# ---------------------------------------------------------------------------------------------


def _limit_resources() -> None:
    try:
        import resource
    except ImportError:  # Windows: no rlimits; the judge still kills on time
        return
    in_use = _address_space()
    sandboxed = os.environ.get("LIGHTSOUT_SANDBOX") == "bubblewrap"
    for limit, value in (
        (resource.RLIMIT_AS, in_use + MEMORY if in_use else None),
        (resource.RLIMIT_CORE, 0),
        (resource.RLIMIT_FSIZE, FILE_SIZE),
        (resource.RLIMIT_CPU, CPU_SECONDS),
        (resource.RLIMIT_NOFILE, OPEN_FILES),
        # counted per user: only in the sandbox, where the user is the sandbox's own
        (resource.RLIMIT_NPROC, PROCESSES if sandboxed else None),
    ):
        if value is None:
            continue
        try:
            resource.setrlimit(limit, (value, value))
        except (ValueError, OSError):  # not allowed or not supported here (macOS: RLIMIT_AS)
            pass


def _address_space() -> int:
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return 0


def _no_new_processes() -> None:
    """Starting a process or signalling another one raises PermissionError."""

    def refuse(*args: Any, **kwargs: Any) -> NoReturn:
        raise PermissionError(t("your function may not start processes or send signals"))

    for name in (
        "fork",
        "forkpty",
        "system",
        "popen",
        "posix_spawn",
        "posix_spawnp",
        "kill",
        "killpg",
        "execv",
        "execve",
        "execl",
        "execle",
        "execlp",
        "execlpe",
        "execvp",
        "execvpe",
        "spawnv",
        "spawnve",
        "spawnl",
        "spawnle",
        "startfile",
    ):
        for module in (os, sys.modules.get("posix")):  # posix.fork is os.fork's original
            if hasattr(module, name):
                setattr(module, name, refuse)
    import subprocess

    subprocess.Popen = refuse  # type: ignore[misc, assignment]


def _quiet_standard_streams() -> None:
    """Point file descriptors 0, 1 and 2 at the null device (the pipes are elsewhere)."""
    null = os.open(os.devnull, os.O_RDWR)
    keep_errors = os.environ.get("LIGHTSOUT_RUNNER_ERRORS") == "1"  # for debugging the runner
    for fd in (0, 1) if keep_errors else (0, 1, 2):
        os.dup2(null, fd)
    if null > 2:
        os.close(null)


# ---------------------------------------------------------------------------------------------
# Printing, and what a call did
# ---------------------------------------------------------------------------------------------


class _Printed(io.TextIOBase):
    """Keeps the first characters the student's code prints."""

    def __init__(self) -> None:
        self.kept: list[str] = []
        self.size = 0

    def write(self, text: str) -> int:
        text = str(text)
        if self.size < PRINTED:
            self.kept.append(text[: PRINTED - self.size])
            self.size += len(self.kept[-1])
        return len(text)

    def text(self) -> str:
        return "".join(self.kept)


def _fingerprint(value: object) -> Any:
    """Plain data to compare an argument before and after a call."""
    try:
        return _plain.encode(value)
    except Exception:  # the argument was broken by the call itself
        return None


class _Runner:
    def __init__(self, inbox: IO[bytes], outbox: IO[bytes]) -> None:
        self.inbox, self.outbox = inbox, outbox
        self.answers: list[Any] = []

    # -- the judge's requests -----------------------------------------------------------------
    def load(self, request: dict[str, Any]) -> dict[str, Any]:
        if request.get("language") in LANGUAGES:  # a spawned runner: the judge's language
            set_language(str(request["language"]))
        if request.get("sys_path"):
            sys.path[:] = [p for p in request["sys_path"] if isinstance(p, str)]
        try:
            os.chdir(request.get("cwd") or os.getcwd())
        except OSError:
            pass
        if "cells" in request:
            return self._run_cells(list(request["cells"]), list(request["names"]))
        import pickle

        import cloudpickle  # noqa: F401  (functions pickled by value need it to load)

        described = []
        for payload in request["payloads"]:
            try:
                answer = pickle.loads(payload)
            except BaseException as error:  # a module the answer needs is missing, ...
                return {"failed": f"{type(error).__name__}: {_message(error)}"}
            self.answers.append(answer)
            if callable(answer) and not isinstance(answer, type):
                name = getattr(answer, "__name__", None)
                described.append({"function": name if isinstance(name, str) else "function"})
            else:
                described.append({"value": _plain.encode(answer)})
        return {"answers": described}

    def _run_cells(self, cells: list[str], names: list[str]) -> dict[str, Any]:
        """Run a notebook's code cells in order in one namespace; describe ``names``.

        A cell that raises is reported (its number, the exception) and the next one runs,
        as in a notebook run with "continue on error"; IPython's magics do nothing.
        """
        namespace: dict[str, Any] = {
            "__name__": "__main__",
            "get_ipython": _NoIPython,
            "display": _ignore,
        }
        printed = _Printed()
        errors = []
        for number, cell in enumerate(cells, start=1):
            stdout, stderr = sys.stdout, sys.stderr
            sys.stdout = sys.stderr = printed
            try:
                exec(_compiled(cell, f"<cell {number}>"), namespace)
            except BaseException as error:  # the student's cell raised: note it, go on
                errors.append(
                    {"cell": number, "raised": type(error).__name__, "message": _message(error)}
                )
            finally:
                sys.stdout, sys.stderr = stdout, stderr
        described: list[dict[str, Any]] = []
        for name in names:
            if name not in namespace:
                described.append({"missing": True})
                self.answers.append(None)
                continue
            answer = namespace[name]
            self.answers.append(answer)
            if callable(answer) and not isinstance(answer, type):
                described.append({"function": name})
                continue
            try:
                described.append({"value": _plain.encode(answer)})
            except BaseException:  # its own methods raised (SystemExit too): this answer only
                unreadable = _plain.Unreadable(type(answer).__name__, t("an object that broke"))
                described.append({"value": _plain.encode(unreadable)})
        return {"answers": described, "errors": errors[:50], "printed": printed.text()}

    def call(self, index: int, args: tuple[Any, ...]) -> dict[str, Any]:
        function = self.answers[index]
        args = tuple(self._stand_in(a) if isinstance(a, Callback) else a for a in args)
        before = [_fingerprint(a) for a in args]
        printed = _Printed()
        stdout, stderr = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = printed
        try:
            result = function(*args)
        except BaseException as error:  # everything the student's code may raise, reported
            return {
                "raised": type(error).__name__,
                "message": _message(error),
                "printed": printed.text(),
            }
        finally:
            sys.stdout, sys.stderr = stdout, stderr
        changed = [_fingerprint(a) != b for a, b in zip(args, before, strict=True)]
        return {"returned": _plain.encode(result), "printed": printed.text(), "changed": changed}

    # -- functions the judge computes ----------------------------------------------------------
    def _stand_in(self, callback: Callback) -> Callable[..., Any]:
        token = callback.token

        def stand_in(*args: Any) -> Any:
            _frames.write_json(self.outbox, {"callback": token, "args": _plain.encode(args)})
            kind, value = _frames.read_pickle(self.inbox)
            if kind == "error":
                raise ValueError(value)
            return value

        stand_in.__name__ = stand_in.__qualname__ = callback.name
        return stand_in

    def serve(self) -> NoReturn:
        while True:
            try:
                request = _frames.read_pickle(self.inbox)
            except (_frames.Closed, OSError):
                os._exit(0)
            kind = request[0]
            if kind == "load":
                reply = self.load(request[1])
            elif kind == "call":
                reply = self.call(request[1], request[2])
            else:
                os._exit(3)
            _frames.write_json(self.outbox, reply)


class _NoIPython:
    """``get_ipython()`` in a notebook run outside IPython: every magic does nothing."""

    def __getattr__(self, name: str) -> Callable[..., None]:
        return _ignore


def _ignore(*args: Any, **kwargs: Any) -> None:
    """Do nothing (``display`` and IPython's magics when a notebook runs in the sandbox)."""


def _compiled(cell: str, name: str) -> CodeType:
    """A notebook cell compiled: as Python when it is Python, else as IPython turns it.

    IPython's transformers leave valid Python as it is (but for leading blank lines); a cell
    that does not compile (a magic, a shell line) goes through them, so plain Python never
    imports IPython (50-80 ms of every graded notebook's fresh sandbox).
    """
    try:
        return compile(cell, name, "exec")
    except Exception:  # IPython's syntax, or whatever the student wrote: as IPython reads it
        return compile(_python_of(cell), name, "exec")


def _python_of(cell: str) -> str:
    """A notebook cell as Python: IPython's magics and shell lines become calls."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except ImportError:
        return cell
    return str(TransformerManager().transform_cell(cell))  # type: ignore[no-untyped-call]


def _message(error: BaseException) -> str:
    try:
        text = str(error)
    except BaseException:  # the exception's own __str__ failed or looped
        text = t("(its message could not be read)")
    if isinstance(error, SystemExit):
        text = f"sys.exit({error.code!r})" if not text else f"sys.exit({text})"
    if isinstance(error, RecursionError):
        text += t(" (a function that calls itself without end?)")
    if type(text) is not str:
        text = t("(its message could not be read)")
    return text[:2000]


def serve(inbox: IO[bytes], outbox: IO[bytes], *, fork: bool) -> NoReturn:
    """Run as the runner: limit this process, then answer the judge until it hangs up.

    ``fork`` says the runner is a fork of the judge (the pipes are already set up) rather
    than a fresh interpreter.
    """
    from . import _sandbox

    _sandbox.become("runner")
    try:
        _limit_resources()
        if os.getpid() == 1 and os.environ.get("LIGHTSOUT_SANDBOX") == "bubblewrap":
            inbox, outbox = _behind_a_relay(inbox, outbox)
        _no_new_processes()
        _Runner(inbox, outbox).serve()
    except BaseException:  # a bug here must not look like the student's: say it and stop
        traceback.print_exc(file=sys.__stderr__)
        os._exit(70)


def _behind_a_relay(inbox: IO[bytes], outbox: IO[bytes]) -> tuple[IO[bytes], IO[bytes]]:
    """The sandbox's pid 1 keeps the judge's pipes; the student's code runs in a child.

    The child gets pipes of its own to this process, which copies bytes both ways: the
    student's code never holds the grader's channel (not as fd 4, not through ``gc``).  Pid
    1 of a PID namespace gets no signal from inside it that it does not handle, and this one
    handles none and is not dumpable (its ``/proc/1/fd`` is closed to the child).  It reaps
    the orphans, and ends as the child ended (128 + the signal that killed it), which ends
    the sandbox.  Returns, in the child, its two pipes.
    """
    import ctypes
    import signal
    import threading

    down_read, down_write = os.pipe()
    up_read, up_write = os.pipe()
    prctl = ctypes.CDLL(None).prctl
    prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0: before the child exists, it never sees us open
    child = os.fork()
    if child == 0:
        prctl(4, 1, 0, 0, 0)
        inbox.close()
        outbox.close()
        os.close(down_write)
        os.close(up_read)
        return os.fdopen(down_read, "rb"), os.fdopen(up_write, "wb")
    os.close(down_read)
    os.close(up_write)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Python's only handler: none is left
    threading.Thread(target=_pump, args=(inbox.fileno(), down_write), daemon=True).start()
    up = threading.Thread(target=_pump, args=(up_read, outbox.fileno()), daemon=True)
    up.start()
    while True:
        pid, status = os.waitpid(-1, 0)
        if pid == child:
            break
    up.join(timeout=1.0)  # its last reply on its way, unless an orphan holds the pipe
    os._exit(128 + os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status))


def _pump(source: int, target: int) -> None:
    """Copy bytes from ``source`` to ``target`` until ``source`` ends, then close ``target``."""
    try:
        while chunk := os.read(source, 1 << 16):
            view = memoryview(chunk)
            while view:
                view = view[os.write(target, view) :]
    except OSError:
        pass
    finally:
        os.close(target)


def spawn_main() -> NoReturn:
    """``python -m lightsout_edu.exercises._runner``: a runner started as a new interpreter."""
    inbox = os.fdopen(os.dup(0), "rb")
    outbox = os.fdopen(os.dup(1), "wb")
    _quiet_standard_streams()
    serve(inbox, outbox, fork=False)


def forked_main(inbox_fd: int, outbox_fd: int) -> NoReturn:
    """In a fork of the judge: keep only the runner's two pipes, then serve."""
    os.setsid()  # its own process group: the judge kills it and whatever it started
    _quiet_standard_streams()
    _close_all_but({0, 1, 2, inbox_fd, outbox_fd})
    serve(os.fdopen(inbox_fd, "rb"), os.fdopen(outbox_fd, "wb"), fork=True)


def _close_all_but(keep: set[int]) -> None:
    top = 65536
    try:
        top = min(os.sysconf("SC_OPEN_MAX"), top)
    except (ValueError, OSError):
        pass
    start = 0
    for fd in [*sorted(keep), top]:
        if fd > start:  # an empty range may close everything (close_range(2) takes "last")
            os.closerange(start, fd)
        start = fd + 1


if __name__ == "__main__":
    # run as the package's module, not as __main__: pickles name the package's classes
    from lightsout_edu.exercises._runner import spawn_main as main

    main()
