"""The portfolio runner: the first answer wins, the slower run is stopped, errors come back."""

from __future__ import annotations

import os
import subprocess
import time

import pytest

from lightsout_edu._race import first_result

#: The test's own process: a race run is another one, which inherits this variable (its
#: ``sys.argv[0]`` is "-c", but so is a pytest-xdist worker's).
TEST_PROCESS = int(os.environ.setdefault("LIGHTSOUT_RACE_TEST_PROCESS", str(os.getpid())))


def in_a_race_run() -> bool:
    return os.getpid() != TEST_PROCESS


def sleep_then(seconds: float, answer: str) -> str:
    time.sleep(seconds)
    return answer


def fail(message: str) -> None:
    raise ValueError(message)


def exit_in_a_child(answer: int) -> int:
    if in_a_race_run():  # die without answering
        os._exit(3)
    return answer


def print_then_say_where() -> str:
    print("noise from Python")
    os.write(1, b"noise from C, written to file descriptor 1\n")
    return "in a race run" if in_a_race_run() else "here"


def test_the_first_answer_wins_and_the_slower_run_is_stopped():
    start = time.monotonic()
    assert first_result(sleep_then, [(30.0, "slow"), (0.0, "fast")]) == "fast"
    assert time.monotonic() - start < 20  # did not wait for the slow run


def test_an_error_in_the_function_is_raised_here():
    with pytest.raises(ValueError, match="no such board"):
        first_result(fail, [("no such board",), ("no such board",)])


def test_runs_that_die_without_answering_leave_the_work_to_this_process():
    assert first_result(exit_in_a_child, [(1,), (2,)]) == 1


def test_when_no_process_can_start_the_work_is_done_here(monkeypatch):
    def no_processes(*args, **kwargs):
        raise OSError("Resource temporarily unavailable")

    monkeypatch.setattr(subprocess, "Popen", no_processes)
    assert first_result(os.getpid, [(), ()]) == os.getpid()


def test_one_argument_tuple_runs_here():
    assert first_result(os.getpid, [()]) == os.getpid()


def test_what_a_run_prints_does_not_corrupt_its_answer():
    """HiGHS prints to file descriptor 1 now and then; the answer travels on a copy of it."""
    assert first_result(print_then_say_where, [(), ()]) == "in a race run"
