"""The judge: a clean process that runs the checkers, and never the student's code.

The notebook (``_sandbox``) starts one judge, ``python -P -m lightsout_edu.exercises._judge``,
and sends it each check: which checker, and the student's answers as plain data or pickled
by value.  The judge computes the truth with its own fresh copy of the package -- nothing
the student's kernel patched (``np.array_equal``, ``lo.rref``, the planted bugs) exists here
-- and runs the checker's comparison.  Whenever the checker needs the student's code (to
load a pickled answer, to call a function), a *runner* (``_runner``) does it in a separate
process that the judge kills when the time is up or the check is over.  What the runner
sends back is plain data (``_plain``), so the student's objects never reach the checker.

The judge answers with the Feedback as plain data, and exits when the notebook closes the
pipe.
"""

from __future__ import annotations

import base64
import importlib
import os
import queue
import secrets
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import IO, Any

from .._i18n import LANGUAGES, language, set_language, t
from . import _absent, _bubblewrap, _cgroup, _forbidden, _frames, _plain
from ._runner import Callback
from ._student_code import KNOWN_TYPES, StudentError, exception_name, without_values

__all__ = ["MISSING", "Session", "StudentFunction", "main", "start_method"]

#: Seconds a runner may take to start and load the answers.
LOAD_SECONDS = 20.0
#: How a runner is started: "bubblewrap" (a new interpreter in an operating-system sandbox,
#: wherever bubblewrap runs), "fork" (of the judge, quick) or "spawn" (a new interpreter, as
#: on Windows). LIGHTSOUT_SANDBOX_START chooses one; by default, bubblewrap where it runs.
CHOSEN_START = os.environ.get("LIGHTSOUT_SANDBOX_START", "")


def start_method() -> str:
    """How runners start here: the chosen method, else bubblewrap if it runs, else fork."""
    if CHOSEN_START:
        return CHOSEN_START
    if _bubblewrap.unavailable() is None:
        return "bubblewrap"
    return "fork" if hasattr(os, "fork") else "spawn"


#: The runner's module, run as ``python -m``.
RUNNER = "lightsout_edu.exercises._runner"
#: The largest reply a runner may send (the largest plain answer, ``_plain.MAX_ITEMS`` numbers,
#: fits many times); replies wait one at a time, so the grader holds at most two.
REPLY_BYTES = 64 * 2**20
#: The most ``[`` and ``{`` a reply may hold: an honest one has at most two an entry (a complex
#: number, a dict's pair), ``_plain.MAX_ITEMS`` entries, and some words around them.
REPLY_CONTAINERS = 2 * _plain.MAX_ITEMS + 1000
#: The most of what the student's code printed that a session keeps (and a verdict shows).
PRINTED_KEPT = 10_000
#: Calls back to the judge one call of the student's function may make.
CALLBACKS = 100_000
#: What the reader thread queues when the runner's pipe carried what no runner sends.
_FORGED = object()


class _Gone(Exception):
    """The runner ended, was killed, or broke the protocol; the message says how."""


class _Child:
    """One runner process and the two pipes to it."""

    process: subprocess.Popen[bytes] | None
    outbox: IO[bytes]
    inbox: IO[bytes]

    def __init__(self, method: str, view: _bubblewrap.View | None = None) -> None:
        self.replies: queue.Queue[Any] = queue.Queue(maxsize=1)  # a flood waits in the pipe
        self.sandboxed = method == "bubblewrap"
        self.group: _cgroup.Group | None = None
        if method == "fork":
            self._fork()
        elif method == "absent":  # no bubblewrap here: the same modules are not there
            self._spawn([sys.executable, "-P", *_absent.runner_arguments(language())])
        elif method == "bubblewrap":
            argv = _bubblewrap.command(_bubblewrap.run_module(RUNNER), view or _bubblewrap.View())
            self.group = _cgroup.make()  # the sandbox's processes, memory and CPU, together
            if self.group is not None:
                argv = _cgroup.enter(argv, self.group.procs())
            # bwrap stays the sandbox's pid 1, whose /proc/1/environ the student can read
            self._spawn(argv, _bubblewrap.outside_environment())
        else:
            self._spawn([sys.executable, "-P", "-m", RUNNER])
        threading.Thread(target=self._read_replies, daemon=True).start()

    def _fork(self) -> None:
        from ._runner import forked_main

        to_child, from_judge = os.pipe()[::-1]  # (write end, read end)
        from_child, to_judge = os.pipe()
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:  # the runner
            try:
                os.close(to_child)
                os.close(from_child)
                forked_main(from_judge, to_judge)
            except BaseException:
                traceback.print_exc()
            finally:
                os._exit(70)
        os.close(from_judge)
        os.close(to_judge)
        self.pid, self.process = pid, None
        self.outbox = os.fdopen(to_child, "wb")
        self.inbox = os.fdopen(from_child, "rb")

    def _spawn(self, argv: list[str], env: dict[str, str] | None = None) -> None:
        options: dict[str, Any] = {"env": env}
        if os.name == "posix":
            options["start_new_session"] = True
        else:
            options["creationflags"] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
        for attempt in range(3):
            try:
                process = subprocess.Popen(
                    argv,
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.DEVNULL,
                    **options,
                )
                break
            except OSError:  # a start that fails for the machine's reasons (EFAULT seen once)
                if attempt == 2:
                    raise
                time.sleep(0.1)
        assert process.stdin is not None and process.stdout is not None
        self.process, self.pid = process, process.pid
        self.outbox, self.inbox = process.stdin, process.stdout

    def _read_replies(self) -> None:
        while True:
            try:
                self.replies.put(_frames.read_json(self.inbox, REPLY_BYTES, REPLY_CONTAINERS))
            except _frames.Refused:
                self.replies.put(_FORGED)
                return
            except (_frames.Closed, OSError, ValueError):
                self.replies.put(None)
                return

    def send(self, message: Any) -> None:
        try:
            _frames.write_pickle(self.outbox, message)
        except (OSError, ValueError):
            raise _Gone(self.ended()) from None

    def receive(self, deadline: float) -> Any:
        """The next message, or _Gone if the runner ended or the deadline passed."""
        try:
            message = self.replies.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            self.kill()
            raise _Gone("time") from None
        if message is None:
            raise _Gone(self.ended())
        if message is _FORGED:
            self.kill()
            raise _Gone(_forged_words())
        return message

    def ended(self) -> str:
        """Why the runner is gone, in words (it is reaped here)."""
        status = self._wait()
        if status is None:
            return t("the Python process that ran it did not answer")
        if status < 0:
            return _signal_words(-status)
        return t(
            "it ended the Python process that ran it (exit status {status}: os._exit, or a "
            "crash in compiled code?)",
            status=status,
        )

    def _wait(self) -> int | None:
        if self.process is not None:
            try:
                status = self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.kill()
                return None
            if self.sandboxed and status > 128:  # bubblewrap: 128 + the signal that ended it
                return 128 - status
            return status
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
            time.sleep(0.01)
        self.kill()
        return None

    def kill(self) -> None:
        """Stop the runner and every process it started, and reap it."""
        try:
            if os.name == "posix":
                os.killpg(self.pid, signal.SIGKILL)
            elif self.process is not None:
                self.process.kill()
        except (ProcessLookupError, PermissionError):
            try:
                os.kill(self.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        for stream in (self.outbox, self.inbox):
            try:
                stream.close()
            except OSError:
                pass
        if self.process is not None:
            self.process.wait()
        else:
            try:
                os.waitpid(self.pid, 0)
            except ChildProcessError:
                pass
        if self.group is not None:
            self.group.remove()


def _signal_words(number: int) -> str:
    try:
        name = signal.Signals(number).name
    except ValueError:
        name = f"signal {number}"
    if name in ("SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT"):
        return t(
            "it crashed the Python process that ran it ({name}: a segmentation fault, a "
            "recursion too deep for the C stack, or ctypes?)",
            name=name,
        )
    return t("the Python process that ran it was stopped by {name} (out of memory?)", name=name)


# ---------------------------------------------------------------------------------------------
# A check's session: the student's answers, loaded in a runner
# ---------------------------------------------------------------------------------------------


class _Missing:
    """The marker of a variable the notebook did not define."""

    def __repr__(self) -> str:
        return "MISSING"


#: A variable the notebook did not define (:meth:`Session.answers`).
MISSING = _Missing()


class StudentFunction:
    """The student's function, which lives in the runner: call it through ``run(...)``."""

    def __init__(self, session: Session, index: int, name: str) -> None:
        self.session, self.index, self.name = session, index, name

    def __call__(self, *args: Any) -> Any:
        """Call the function with a default time limit (prefer ``run``, which names the case)."""
        return self.session.call(self.index, args, case=t("your input"), seconds=5.0)

    def __repr__(self) -> str:
        return t("<your function {name}>", name=self.name)


class Session:
    """The answers of one check, and the runner holding the student's code.

    A runner that was killed (too slow, crashed) is started again for the next call, with
    the answers loaded afresh.
    """

    def __init__(
        self,
        payloads: list[bytes],
        policy: str | None,
        sys_path: list[str],
        cwd: str,
        time_scale: float = 1.0,
        *,
        start: str | None = None,
        view: _bubblewrap.View | None = None,
        load_seconds: float = LOAD_SECONDS,
        quoting: bool = True,
    ) -> None:
        self.time_scale = time_scale
        self.quoting = quoting
        self.load_request: dict[str, Any] = {
            "payloads": payloads,
            "sys_path": sys_path,
            "cwd": cwd,
            "language": language(),  # a spawned runner speaks it too (a fork inherits it)
        }
        self.start = start or start_method()
        # a formative check reads only what the check hands in: not the notebook's folder
        # (a copy of the package there would bring back a solver the exercise forbids); a
        # write-it-yourself exercise's leaves the package, galois and sympy out, with
        # bubblewrap and without it (_forbidden, _absent)
        if policy is not None and policy not in _forbidden.POLICIES:
            raise ValueError(f"policy {policy!r} is not one of {sorted(_forbidden.POLICIES)}")
        absent = policy is not None
        self.view = view or _bubblewrap.View(package=not absent)
        if absent and self.start != "bubblewrap":
            self.start = "absent"
        self.load_seconds = load_seconds
        #: When everything of this session must be over (time.monotonic()), or None.
        self.deadline: float | None = None
        self.load_reply: dict[str, Any] = {}
        self.child: _Child | None = None
        self.callbacks: dict[str, Callable[..., Any]] = {}
        self.changed_input = False
        self.printed_instead = False
        self.printed: list[str] = []

    # -- starting and stopping ---------------------------------------------------------------
    def _runner(self) -> _Child:
        if self.child is None:
            child = _Child(self.start, self.view)
            child.send(("load", self.load_request))
            count = len(self.load_request.get("names", self.load_request["payloads"]))
            reply = self._wait(child, self._until(self.load_seconds), _load_reply(count))
            if "failed" in reply:
                child.kill()
                raise StudentError(
                    t(
                        "your answer could not be loaded in the checker's separate process "
                        "({failed}). Define everything it uses in the notebook, or import it "
                        "from an installed package",
                        failed=self._said(str(reply["failed"])),
                    )
                )
            self.child, self.described, self.load_reply = child, reply["answers"], reply
        return self.child

    @classmethod
    def notebook(
        cls,
        cells: list[str],
        names: list[str],
        *,
        view: _bubblewrap.View,
        start: str = "bubblewrap",
        load_seconds: float = LOAD_SECONDS,
        quoting: bool = True,
        deadline: float | None = None,
    ) -> Session:
        """A session whose runner runs a notebook's code cells and holds its answers.

        The runner runs ``cells`` in order, in one namespace, then holds the variables
        ``names`` as its answers.  Without ``quoting``, the messages of the student's
        exceptions are told without their values (:meth:`_said`).  At ``deadline``
        (``time.monotonic()``) every runner of the session is killed and every later call
        fails at once.
        """
        session = cls(
            [], None, [], "", start=start, view=view, load_seconds=load_seconds, quoting=quoting
        )
        session.load_request.update(cells=cells, names=names)
        session.deadline = deadline
        return session

    def _until(self, seconds: float) -> float:
        """The moment ``seconds`` from now, or the session's deadline if that comes first."""
        until = time.monotonic() + seconds
        return until if self.deadline is None else min(until, self.deadline)

    def _out_of_time(self) -> StudentError | None:
        """The failure of every call once the session's deadline has passed, else None."""
        if self.deadline is None or time.monotonic() < self.deadline:
            return None
        self.close()
        return StudentError(
            t("grading stopped here: your notebook used all the time one submission may take")
        )

    def answers(self) -> list[Any]:
        """The answers the runner loaded: functions as StudentFunction, values decoded.

        A name a notebook did not define is :data:`MISSING`.
        """
        if not self.load_request["payloads"] and "cells" not in self.load_request:
            return []
        try:
            self._runner()
        except _Gone as gone:
            late = self._out_of_time()
            if late is not None:
                raise late from None
            raise StudentError(t("your answer could not be loaded: {why}", why=gone)) from None
        result: list[Any] = []
        for index, description in enumerate(self.described):
            if "function" in description:
                result.append(StudentFunction(self, index, str(description["function"])))
            elif "missing" in description:
                result.append(MISSING)
            else:
                result.append(self._told(_decoded(description.get("value"))))
        return result

    def close(self) -> None:
        """Stop the runner (and whatever it started)."""
        if self.child is not None:
            self.child.kill()
            self.child = None

    # -- calling the student's function --------------------------------------------------------
    def callback(self, function: Callable[..., Any], name: str) -> Callback:
        """An argument that the runner turns into a fresh function computed here."""
        token = secrets.token_hex(8)
        self.callbacks[token] = function
        return Callback(token, name)

    def call(self, index: int, args: tuple[Any, ...], *, case: str, seconds: float) -> Any:
        """What the student's function ``index`` returns for ``args``; StudentError if it fails."""
        seconds *= self.time_scale
        late = self._out_of_time()
        if late is not None:
            raise late
        try:
            child = self._runner()
            child.send(("call", index, args))
            reply = self._wait(child, self._until(seconds), _call_reply(len(args)))
        except _Gone as gone:
            self.child = None
            late = self._out_of_time()
            raise (late or StudentError(_gone_words(str(gone), case, seconds))) from None
        if reply.get("printed"):
            kept = PRINTED_KEPT - sum(len(text) for text in self.printed)
            if kept > 0:  # what is told of it, not all the calls of a session could print
                self.printed.append(str(reply["printed"])[:kept])
            if reply.get("returned", "") is None:
                self.printed_instead = True
        if "raised" in reply:
            kind, message = str(reply["raised"]), str(reply["message"])
            if not self.quoting:  # graded: any words of the message could spell the case
                raise StudentError(_raised_unquoted(exception_name(kind), case))
            raise StudentError(_raised_words(kind, message, case))
        if any(reply.get("changed", [])):
            self.changed_input = True
        return self._told(_decoded(reply.get("returned")))

    def _said(self, text: str) -> str:
        """``text``, an exception of the student's as ``Kind: message``, as the session tells it.

        Quoted in full, or (without ``quoting``: graded work, whose hidden cases the student's
        code could put in a message) its kind if Python names it and its message without values.
        """
        if self.quoting:
            return text
        kind, _, message = text.partition(": ")
        cut = without_values(message)
        return f"{exception_name(kind)}: {cut}" if cut else exception_name(kind)

    def _told(self, value: Any) -> Any:
        """``value`` as the session tells it (without ``quoting``: with no words of the student's).

        The words the student's side chose (a class's name, an object's repr, why it could
        not be read) could hold a hidden case: graded work cuts them.
        """
        return value if self.quoting else _without_words(value)

    def _wait(self, child: _Child, deadline: float, valid: Callable[[Any], bool]) -> dict[str, Any]:
        """The runner's reply, if ``valid`` says it is one, answering its callbacks meanwhile.

        Anything else on the pipe (a reply of the wrong shape, too many callbacks) was
        written by the student's code, not by the runner: the submission's failure.
        """
        for _ in range(CALLBACKS + 1):
            message = child.receive(deadline)
            if isinstance(message, dict) and "callback" not in message and valid(message):
                return message
            if not _callback(message) or message["callback"] not in self.callbacks:
                break  # a runner calls back only the functions it was given
            child.send(self._answer_callback(message))
        child.kill()
        raise _Gone(_forged_words())

    def _answer_callback(self, message: dict[str, Any]) -> tuple[str, Any]:
        function = self.callbacks[message["callback"]]
        try:
            args = _plain.decode(message.get("args"))
            return ("value", function(*args))
        except (ValueError, TypeError) as error:
            return ("error", str(error))


def _forged_words() -> str:
    return t(
        "your code wrote to the grader's channel (what came back is not what the grader's "
        "runner sends); leave the process's pipes and file descriptors alone"
    )


def _fields(message: dict[str, Any], /, **kinds: type | tuple[type, ...]) -> bool:
    """``message`` has exactly the keys of ``kinds``, each of its type."""
    return message.keys() == kinds.keys() and all(
        isinstance(message[key], kind) for key, kind in kinds.items()
    )


def _callback(message: Any) -> bool:
    return isinstance(message, dict) and _fields(message, callback=str, args=object)


def _load_reply(count: int) -> Callable[[dict[str, Any]], bool]:
    """The runner's reply to "load" of ``count`` answers: them described, or why it failed."""

    def valid(message: dict[str, Any]) -> bool:
        if _fields(message, failed=str):
            return True
        answers = message.get("answers")
        if not isinstance(answers, list) or len(answers) != count:
            return False
        return all(map(_described, answers)) and (
            _fields(message, answers=list)
            or _fields(message, answers=list, errors=list, printed=str)
        )

    return valid


def _described(answer: Any) -> bool:
    return isinstance(answer, dict) and (
        _fields(answer, function=str)
        or _fields(answer, missing=bool)
        or _fields(answer, value=object)
    )


def _call_reply(count: int) -> Callable[[dict[str, Any]], bool]:
    """The runner's reply to a call with ``count`` arguments: what it returned, or raised."""

    def valid(message: dict[str, Any]) -> bool:
        if _fields(message, raised=str, message=str, printed=str):
            return True
        if not _fields(message, returned=object, printed=str, changed=list):
            return False
        changed = message["changed"]
        return len(changed) == count and all(isinstance(c, bool) for c in changed)

    return valid


def _decoded(data: Any) -> Any:
    try:
        return _plain.decode(data)
    except (ValueError, TypeError, KeyError, IndexError, OverflowError):
        return _plain.Unreadable("object", t("a value that could not be read back"))


def _without_words(value: Any) -> Any:
    """``value`` with every name and text the student's side chose cut (see Session._told)."""
    if isinstance(value, _plain.Opaque):
        name = value.type_name if value.type_name in KNOWN_TYPES else "object"
        return _plain.Opaque(name, name, value.listed)
    if isinstance(value, _plain.Unreadable):  # its reason was written on the student's side
        name = value.type_name if value.type_name in KNOWN_TYPES else "object"
        return _plain.Unreadable(name, t("a value that could not be read back"))
    if isinstance(value, (list, tuple)):
        return type(value)(_without_words(item) for item in value)
    if isinstance(value, dict):
        return {key: _without_words(item) for key, item in value.items()}
    return value


def _gone_words(why: str, case: str, seconds: float) -> str:
    if why == "time":
        return t(
            "for {case}, your function was still running after {seconds} s: is there a loop "
            "that never ends?",
            case=case,
            seconds=f"{seconds:g}",
        )
    return t("for {case}, your function did not return: {why}", case=case, why=why)


def _raised_unquoted(kind: str, case: str) -> str:
    """What a graded function raised, told without its message (see :meth:`Session.call`).

    A message with its numbers, quotes and brackets removed still holds whatever its letters
    spell (``"xooxox"``: a hidden board, a bit a letter); only the exception's kind is told,
    and the student is shown where to read the message.
    """
    if kind == "MemoryError":
        return _raised_words(kind, "", case)
    if kind == "SystemExit":
        return t(
            "for {case}, your function called sys.exit(): a function returns its answer, it "
            "does not stop Python",
            case=case,
        )
    return t(
        "for {case}, your function raised {kind} (graded feedback leaves out its message, "
        "which could quote the hidden case: call your function on a board of your own to "
        "read it)",
        case=case,
        kind=kind,
    )


def _raised_words(kind: str, message: str, case: str) -> str:
    if kind == "SystemExit":
        return t(
            "for {case}, your function called {message}: a function returns its answer, it "
            "does not stop Python",
            case=case,
            message=message,
        )
    if kind == "MemoryError":
        return t(
            "for {case}, your function ran out of memory (it may use at most 2 GiB)", case=case
        )
    if message:
        return t(
            "for {case}, your function raised {kind}: {message}",
            case=case,
            kind=kind,
            message=message,
        )
    return t("for {case}, your function raised {kind}", case=case, kind=kind)


# ---------------------------------------------------------------------------------------------
# The judge's loop
# ---------------------------------------------------------------------------------------------


def handle(request: dict[str, Any]) -> dict[str, Any]:
    """One check: the answers read back, the checker's comparison, the verdict as plain data."""
    from .feedback import REGISTRY, Feedback, _sentence, current_request

    set_language(
        str(request.get("language", "en")) if request.get("language") in LANGUAGES else None
    )
    key = str(request.get("checker"))
    module = key.split(":")[0]
    if key not in REGISTRY and module.startswith("lightsout_edu.exercises."):
        try:
            importlib.import_module(module)  # a module that registers checkers on import
        except ImportError:
            pass
    spec = REGISTRY.get(key)
    if spec is None:
        return {
            "correct": False,
            "message": t("there is no checker {key}.", key=repr(request.get("checker"))),
        }
    payloads: list[bytes] = []
    slots: list[tuple[str, Any]] = []
    for item in request.get("answers", []):
        if "pickle" in item:
            slots.append(("pickle", len(payloads)))
            payloads.append(base64.b64decode(item["pickle"]))
        elif "widget" in item:
            widget = item["widget"]
            slots.append(
                ("value", _plain.WidgetState(str(widget["type"]), _decoded(widget["state"])))
            )
        else:
            slots.append(("value", _decoded(item.get("plain"))))
    scale = min(1.0, max(0.001, float(request.get("time_scale", 1.0))))
    session = Session(
        payloads, spec.policy, request.get("sys_path", []), request.get("cwd", ""), scale
    )
    current_request.update(request)
    try:
        os.chdir(str(request.get("cwd") or "."))  # where the notebook runs (nbgrader's folder)
    except OSError:
        pass
    try:
        loaded = session.answers()
        answers = [loaded[x] if kind == "pickle" else x for kind, x in slots]
        feedback = spec.evaluate(*answers)
    except StudentError as err:
        feedback = Feedback(False, _sentence(str(err)))
    finally:
        session.close()
        current_request.clear()
    message = feedback.message + _notes(session, feedback)
    return {
        "correct": feedback.correct,
        "message": message,
        "board": feedback.board,
        "printed": "".join(session.printed),
        "unsandboxed": unsandboxed_reason(),
    }


def unsandboxed_reason() -> str | None:
    """Why the student's code runs without bubblewrap here, or None if it runs inside."""
    if start_method() == "bubblewrap":
        return None
    if CHOSEN_START:
        return t("LIGHTSOUT_SANDBOX_START chose {method}", method=CHOSEN_START)
    return _bubblewrap.unavailable()


def _notes(session: Session, feedback: Any) -> str:
    """What the student should know besides the verdict: printing, changing the input."""
    notes = []
    if session.printed_instead and not feedback.correct:
        notes.append(
            t(
                " Your function printed something and returned None: a checker reads what a "
                "function returns, so return the answer instead of printing it."
            )
        )
    if session.changed_input:
        notes.append(
            t(
                " Note: your function changed the array it was given. That is allowed here, "
                "but the caller's data changes too; work on a copy (M = M.copy())."
            )
        )
    return "".join(notes)


def serve(inbox: IO[bytes], outbox: IO[bytes]) -> None:
    """Answer checks until the notebook closes the pipe."""
    while True:
        try:
            request = _frames.read_json(inbox)
        except _frames.Closed:
            return
        _frames.write_json(outbox, handle(request))


def main() -> None:
    """``python -P -m lightsout_edu.exercises._judge``."""
    from . import _sandbox

    _sandbox.become("judge")
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the notebook's stop button is not for us
    inbox = os.fdopen(os.dup(0), "rb")
    outbox = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(2, 1)  # a stray print goes to the log, never into the pipe
    import lightsout_edu.exercises  # noqa: F401  (every checker, registered)

    serve(inbox, outbox)


if __name__ == "__main__":
    main()
