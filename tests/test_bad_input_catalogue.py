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
import time
import traceback

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu import cli as cli_module
from lightsout_edu import exercises as ex
from tests.bad_input_catalogue import CASES, SIZE_CASES, Expected

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


def peak_memory() -> int:
    """The peak resident memory of this process so far (VmHWM), in bytes."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    return 0


def run_guarded(code: str) -> tuple:
    """Fork, limit memory and time, run the case; ('hang',) if it does not finish."""
    return run_measured(code)[0]


def run_measured(
    code: str, *, seconds: float = SECONDS, extra_memory: int = EXTRA_MEMORY
) -> tuple[tuple, float, int]:
    """:func:`run_guarded` with a given time and memory; also the CPU seconds the case took
    (all its threads', so a busy machine does not count) and how much its peak resident
    memory grew, both measured in the child. A case that does not finish in ``seconds`` of
    wall time is a hang."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(read)
        try:
            limit = address_space() + extra_memory
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
            signal.alarm(int(seconds) + 5)
            before, start = peak_memory(), time.process_time()
            outcome = evaluate(code)
            took, grew = time.process_time() - start, peak_memory() - before
            data = pickle.dumps((outcome, took, grew))
        except BaseException:  # even a failure to pickle must reach the parent
            data = pickle.dumps((("crash", traceback.format_exc()), 0.0, 0))
        with os.fdopen(write, "wb") as pipe:
            pipe.write(data)
        os._exit(0)
    os.close(write)
    chunks = []
    with os.fdopen(read, "rb") as pipe:
        while True:
            ready, _, _ = select.select([pipe], [], [], seconds)
            if not ready:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                return ("hang",), seconds, 0
            chunk = pipe.read1(1 << 20) if hasattr(pipe, "read1") else pipe.read()
            if not chunk:
                break
            chunks.append(chunk)
    _, status = os.waitpid(pid, 0)
    if not chunks:
        return ("crash", f"the child died (status {status})"), 0.0, 0
    return pickle.loads(b"".join(chunks))


def test_the_catalogue_is_big_and_names_are_unique():
    names = [name for name, _, _ in CASES]
    assert len(names) >= 150
    assert len(set(names)) == len(names), "case names must be unique"
    sized = [name for name, _, _, _ in SIZE_CASES]
    assert len(set(sized)) == len(sized) and not set(sized) & set(names)
    assert SLOW_CASES <= set(names)


#: Cases that take half a second or more (big boards, millions of solutions, a checker's
#: runner timed out or importing sympy): not in make check.
SLOW_CASES = {
    "random unsolvable 300x300",
    "toggle 300x300 packed",
    "solve_board 1 x 10^6",
    "all solutions too many",
    "fewest 2^27 ties all refused",
    "solve_board king 3000",
    "checker decimal",
    "checker sympy matrix",
    "checker function that loops",
    "checker class instead of fn",
    "cli broken pipe is quiet",
}


@pytest.mark.parametrize(
    ("name", "code", "expected"),
    [
        pytest.param(*case, id=case[0], marks=[pytest.mark.slow] if case[0] in SLOW_CASES else [])
        for case in CASES
    ],
)
def test_case(name, code, expected):
    check_outcome(name, run_guarded(code), expected)


def check_outcome(name: str, outcome: tuple, expected: Expected) -> None:
    """The outcome of a case is what the catalogue expects, and never a hang or a crash."""
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


#: Sizes: each case refused (or answered, or stopped at its time limit) within its seconds,
#: with 4 GiB of address space and no MemoryError, whatever the input's size.
SIZE_MEMORY = 4 * 2**30
SIZE_GROWTH = 256 * 2**20  # the most a refusal may add to the peak resident memory


@pytest.fixture(scope="module")
def compiled_loaded() -> None:
    """The compiled engine loaded before the children fork, as in a session that has solved
    a board already: a time limit is about the work, not numba's start."""
    lo.solve_board(np.zeros((200, 200), np.uint8))


@pytest.mark.parametrize(
    ("name", "code", "expected", "seconds"),
    [pytest.param(*case, id=case[0]) for case in SIZE_CASES],
)
def test_size_case(name, code, expected, seconds, compiled_loaded):
    outcome, took, grew = run_measured(code, seconds=10 * seconds, extra_memory=SIZE_MEMORY)
    check_outcome(name, outcome, expected)
    assert took < seconds, f"{name}: took {took:.2f} s of CPU, more than {seconds} s"
    if expected.kind == "raises":
        assert grew < SIZE_GROWTH, f"{name}: the peak memory grew by {grew / 2**20:.0f} MiB"


#: Calls refused at every size, and the shapes of the broadcast views they are given:
#: 10^6 to 10^10 cells (the square ones are refused from 4 * 10^8 cells on).
GROWING = {
    "lo.null_space(np.broadcast_to(np.uint8(0), {shape}))": [(1, 10**6), (1, 10**8), (1, 10**10)],
    "lo.solve_mod(np.broadcast_to(np.uint8(0), {shape}), [0], 4)": [(1, 10**6), (1, 10**10)],
    "lo.rank(np.broadcast_to(np.uint8(1), {shape}))": [(30000, 30000), (10**5, 10**5)],
    "lo.light_chase(np.broadcast_to(np.uint8(0), {shape}))": [(20000, 20000), (10**5, 10**5)],
}


@pytest.mark.parametrize("call", list(GROWING), ids=lambda call: call[3 : call.index("(")])
def test_refusal_time_does_not_grow_with_the_size(call):
    times = []
    for shape in GROWING[call]:
        code = call.format(shape=shape)
        outcome, took, _ = run_measured(code, seconds=10, extra_memory=SIZE_MEMORY)
        assert outcome[0] == "raised" and outcome[1] == "ValueError", (code, outcome)
        times.append(took)
    assert max(times) < 1, times
    assert times[-1] < 3 * times[0] + 0.25, f"refusing grows with the size: {times}"
