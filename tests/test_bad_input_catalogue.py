"""Run the bad-input catalogue (tests/bad_input_catalogue.py): every case in a forked child
with a memory limit and a time limit, so that a hang or a MemoryError fails fast."""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import resource
import select
import signal
import traceback

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu import cli as cli_module
from lightsout_edu import exercises as ex
from tests.bad_input_catalogue import CASES

SECONDS = 60  # per case: generous for a 2-core CI machine; a hang is caught all the same
EXTRA_MEMORY = 3 * 2**30  # bytes a case may add to the parent's address space


def cli(*argv: str) -> tuple[int, str, str]:
    """Run ``lightsout ARGV``; return (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli_module.main(list(argv))
        except SystemExit as stop:  # argparse
            status = stop.code if isinstance(stop.code, int) else 2
    return int(status or 0), out.getvalue(), err.getvalue()


def address_space() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def evaluate(code: str) -> tuple:
    """In the child: run the case; return what happened, picklable."""
    namespace = {"lo": lo, "np": np, "ex": ex, "cli": cli}
    try:
        result = eval(code, namespace)
    except MemoryError:
        return ("memory", traceback.format_exc(limit=3))
    except Exception as error:  # the outcome under test
        frames = traceback.extract_tb(error.__traceback__)
        return ("raised", type(error).__name__, str(error), frames[-1].filename)
    try:
        pickle.dumps(result)
        shown = result
    except Exception:
        shown = None
    if isinstance(result, (list, tuple)) and len(result) > 1000:  # 65536 arrays: a minute
        return ("returned", f"<{type(result).__name__} of {len(result)} items>", shown)
    return ("returned", repr(result), shown)


def run_guarded(code: str) -> tuple:
    """Fork, limit memory and time, run the case; ('hang',) if it does not finish."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        try:
            limit = address_space() + EXTRA_MEMORY
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            signal.alarm(SECONDS + 5)
            outcome = evaluate(code)
            data = pickle.dumps(outcome)
        except BaseException:  # even a failure to pickle must reach the parent
            data = pickle.dumps(("crash", traceback.format_exc()))
        with os.fdopen(write, "wb") as pipe:
            pipe.write(data)
        os._exit(0)
    os.close(write)
    chunks = []
    with os.fdopen(read, "rb") as pipe:
        while True:
            ready, _, _ = select.select([pipe], [], [], SECONDS)
            if not ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return ("hang",)
            chunk = pipe.read1(1 << 20) if hasattr(pipe, "read1") else pipe.read()
            if not chunk:
                break
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if not chunks:
        return ("crash", f"the child died (status {status})")
    return pickle.loads(b"".join(chunks))


def test_the_catalogue_is_big_and_names_are_unique():
    names = [name for name, _, _ in CASES]
    assert len(names) >= 150
    assert len(set(names)) == len(names), "case names must be unique"
    assert SLOW_CASES <= set(names)


#: Cases that take a second or more (big boards, millions of solutions): not in make check.
SLOW_CASES = {
    "random unsolvable 300x300",
    "toggle 300x300 packed",
    "solve_board 1 x 10^6",
    "all solutions too many",
    "fewest 2^27 ties all refused",
}


@pytest.mark.parametrize(
    ("name", "code", "expected"),
    [
        pytest.param(*case, id=case[0], marks=[pytest.mark.slow] if case[0] in SLOW_CASES else [])
        for case in CASES
    ],
)
def test_case(name, code, expected):
    outcome = run_guarded(code)
    kind = outcome[0]
    assert kind not in ("hang", "memory", "crash"), f"{name}: {kind} {outcome[1:]}"
    if expected.kind == "raises":
        assert kind == "raised", f"{name}: expected {expected.error}, got {outcome}"
        error, message, where = outcome[1], outcome[2], outcome[3]
        if expected.error != "Exception":
            assert error == expected.error, f"{name}: {error}: {message}"
        assert error in ("ValueError", "TypeError", "AttributeError", "TraitError"), (
            f"{name}: {error} is not a clear error: {message}"
        )
        assert expected.text.lower() in message.lower(), f"{name}: message {message!r}"
        assert "numpy" not in where.replace(os.sep, "/").split("site-packages/")[-1][:6], (
            f"{name}: the error comes from inside numpy ({where}): {message}"
        )
    else:
        assert kind == "returned", f"{name}: {outcome}"
        if expected.kind == "returns":
            assert outcome[1] == expected.text, f"{name}: {outcome[1]}"
        else:
            assert eval(expected.text, {"result": outcome[2], "np": np}), (
                f"{name}: {outcome[1][:300]}"
            )
