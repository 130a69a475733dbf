"""The process where a student's code runs while a checker checks it.

The judge (``_judge``) starts one runner per check -- a fork of itself where the platform
allows, else ``python -m lightsout_edu.exercises._runner`` -- and talks to it over two pipes
(``_frames``).  The runner

1. limits itself: memory (``RLIMIT_AS``), file size, no core dumps, no new processes, no
   signals to other processes, its standard streams pointed away from the pipes;
2. switches off the solvers the exercise asks the student to write (``_forbidden``);
3. loads the student's answers (pickled by value in the notebook, ``cloudpickle``), with the
   notebook's ``sys.path`` and working folder, and says which are functions;
4. calls a function when the judge asks, catching *everything* (``SystemExit`` and
   ``KeyboardInterrupt`` included), and answers with plain data only (``_plain``): what it
   returned, what it printed, whether it changed its arguments.

The judge kills the runner (and every process it started) when a call takes too long, when
the check is over, or when it sends something that is not a message.  So a bare ``except:``
around an endless loop, a leftover busy thread, ``os._exit``, a segfault or a 10 GB
allocation cost the student a "Not yet", never the checker or the notebook.
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import traceback
from collections.abc import Callable
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
    for limit, value in (
        (resource.RLIMIT_AS, in_use + MEMORY if in_use else None),
        (resource.RLIMIT_CORE, 0),
        (resource.RLIMIT_FSIZE, FILE_SIZE),
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
        if hasattr(os, name):
            setattr(os, name, refuse)
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
        self.policy: Any = None

    # -- the judge's requests -----------------------------------------------------------------
    def load(self, request: dict[str, Any]) -> dict[str, Any]:
        from . import _forbidden

        if request.get("language") in LANGUAGES:  # a spawned runner: the judge's language
            set_language(str(request["language"]))
        name = request.get("policy")
        if name:
            self.policy = _forbidden.POLICIES[name]
            _forbidden.apply(self.policy)
        sys.path[:] = [p for p in request.get("sys_path", []) if isinstance(p, str)]
        try:
            os.chdir(request.get("cwd") or os.getcwd())
        except OSError:
            pass
        import pickle

        import cloudpickle  # noqa: F401  (functions pickled by value need it to load)

        described = []
        for payload in request["payloads"]:
            try:
                with self.policy.loading() if self.policy else contextlib.nullcontext():
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

    def call(self, index: int, args: tuple[Any, ...]) -> dict[str, Any]:
        function = self.answers[index]
        args = tuple(self._stand_in(a) if isinstance(a, Callback) else a for a in args)
        before = [_fingerprint(a) for a in args]
        if self.policy is not None:
            self.policy.set_cap(args)
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
        _no_new_processes()
        _Runner(inbox, outbox).serve()
    except BaseException:  # a bug here must not look like the student's: say it and stop
        traceback.print_exc(file=sys.__stderr__)
        os._exit(70)


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
    spawn_main()
