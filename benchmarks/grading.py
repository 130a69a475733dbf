"""What grading a class costs: N submissions of one assignment, autograded, sandboxed.

``python -m benchmarks.grading [--students N] [--assignment NAME]`` (or ``python -m
benchmarks --only grading``).  It releases the assignment into a temporary course folder,
hands in N submissions made from the model solution (a third with mistakes, a few copied
from a classmate) and runs ``grading.assignment.autograde`` as a lecturer would: each
submission in a bubblewrap sandbox of its own, every core busy, then nbgrader recording the
verdicts.  The peer, in the same run on the same submissions: the same grading with the
student's code started without bubblewrap (``--unsandboxed``), so the ratio is what the
sandbox costs.  Figures: wall time, CPU time (the machine's, every core), seconds per
submission, and the share of the sandboxes and of nbgrader.  Target: 200 submissions in at
most 5 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parent.parent
#: Target: this many submissions ...
STUDENTS = 200
#: ... in at most this many seconds.
TARGET_SECONDS = 300.0
ASSIGNMENT = "solutions_and_chasing"


def _cpu() -> float:
    """CPU seconds the whole machine has spent so far (user and system, every core).

    The sandboxes' processes are reaped inside their own PID namespaces, out of reach of
    this process's ``RUSAGE_CHILDREN``, so the machine's own count is read instead
    (``/proc/stat``); the load at the start and the end of the run says what else ran.
    """
    with open("/proc/stat", encoding="ascii") as stat:
        fields = [int(v) for v in stat.readline().split()[1:]]
    busy = sum(fields) - fields[3] - fields[4]  # all but idle and iowait
    return busy / os.sysconf("SC_CLK_TCK")


def _submissions(course: Path, name: str, students: int) -> dict[str, float]:
    """Hand in ``students`` submissions; return each one's expected automatic score."""
    sys.path.insert(0, str(ROOT))
    from tests.test_assignment import PARTIAL, WRONG, filled

    released = course / "release" / name
    expected: dict[str, float] = {}
    for k in range(students):
        student = f"b{k:05d}"
        if k % 10 == 9:  # copied from the previous student, id included
            nb, expected[student] = filled(name, released, f"b{k - 1:05d}", {}), 0.0
        elif k % 3 == 1:
            nb, expected[student] = filled(name, released, student, WRONG[name]), PARTIAL[name]
        else:
            nb, expected[student] = filled(name, released, student, {}), 10.0
        target = course / "submitted" / student / name
        target.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, target / f"{name}.ipynb")
    return expected


def _grade(course: Path, name: str, *, unsandboxed: bool) -> dict[str, Any]:
    from grading import assignment, sandboxed
    from grading.assignment import Course

    for folder in ("autograded", "verdicts", "feedback"):
        shutil.rmtree(course / folder, ignore_errors=True)
    (course / "gradebook.db").unlink(missing_ok=True)
    Course(course).run("generate_assignment", name)  # a fresh gradebook

    sandbox_seconds: list[float] = []
    grade = sandboxed.grade_submission

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return grade(*args, **kwargs)
        finally:
            sandbox_seconds.append(time.perf_counter() - started)

    if unsandboxed:  # the peer: the same grading, bubblewrap left out
        start = assignment.sandbox_start
        assignment.sandbox_start = lambda unsandboxed: "spawn"  # type: ignore[assignment]
    sandboxed.grade_submission = timed
    wall, cpu = time.perf_counter(), _cpu()
    try:
        scores = assignment.autograde(course, [name])[name]
    finally:
        sandboxed.grade_submission = grade
        if unsandboxed:
            assignment.sandbox_start = start
    wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    return {
        "scores": scores,
        "wall_seconds": round(wall, 2),
        "cpu_seconds_machine": round(cpu, 2),
        "per_submission_seconds": round(wall / len(scores), 3),
        "sandbox_seconds_summed": round(sum(sandbox_seconds), 2),
    }


def run(students: int = STUDENTS, name: str = ASSIGNMENT) -> dict[str, Any]:
    """Grade ``students`` submissions of ``name`` sandboxed and unsandboxed; the figures."""
    sys.path.insert(0, str(ROOT))
    from grading import assignment
    from lightsout_edu.exercises import _bubblewrap

    if _bubblewrap.unavailable():
        raise SystemExit(f"benchmarks.grading: {_bubblewrap.unavailable()}")
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="lightsout-grading-") as folder:
        course = Path(folder)
        assignment.release(course, [name])
        expected = _submissions(course, name, students)
        sandboxed = _grade(course, name, unsandboxed=False)
        peer = _grade(course, name, unsandboxed=True)
    for figures in (sandboxed, peer):
        wrong = {s: v for s, v in figures.pop("scores").items() if v != expected[s]}
        if wrong:
            raise AssertionError(f"benchmarks.grading: wrong scores {wrong}")
    return {
        "load_at_start": load,
        "load_at_end": os.getloadavg()[0],
        "assignment": name,
        "submissions": students,
        "cores": os.cpu_count(),
        "workers": os.cpu_count(),
        "sandboxed": sandboxed,
        "unsandboxed": peer,
        "sandbox_cost_ratio": round(sandboxed["wall_seconds"] / peer["wall_seconds"], 2),
        "target_seconds": TARGET_SECONDS * students / STUDENTS,
    }


def report(result: dict[str, Any]) -> None:
    """Print the figures."""
    print(
        f"\nGrading {result['submissions']} submissions of {result['assignment']} on "
        f"{result['cores']} cores (target {result['target_seconds']:.0f} s)"
    )
    for kind in ("sandboxed", "unsandboxed"):
        r = result[kind]
        print(
            f"  {kind:12s} wall {r['wall_seconds']:7.1f} s  CPU {r['cpu_seconds_machine']:7.1f} s  "
            f"{r['per_submission_seconds'] * 1e3:6.0f} ms a submission  "
            f"(running the submissions: {r['sandbox_seconds_summed']:.1f} s summed over workers)"
        )
    print(f"  the sandbox costs {result['sandbox_cost_ratio']:.2f}x the unsandboxed grading")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.grading", description=__doc__)
    parser.add_argument("--students", type=int, default=STUDENTS)
    parser.add_argument("--assignment", default=ASSIGNMENT)
    parser.add_argument("--output", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args(argv)
    result = run(args.students, args.assignment)
    report(result)
    if args.output:
        args.output.write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
