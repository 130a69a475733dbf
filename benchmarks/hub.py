"""A class on the hub, measured: N students at once on this machine (issue 35).

``python -m benchmarks.hub [--students 10 30 60]`` (or ``python -m benchmarks --only hub``).
For each N it starts the course's JupyterHub (``python -m hub``: the real hub, proxy and
single-user servers, on 127.0.0.1 only), then N simulated students, all at once: each logs
in (a token of their own), starts their server, pulls the student edition with nbgitpuller,
opens a kernel, runs lecture 1's code cells and one formative check (E1's count of ones, a
right answer, sandboxed by bubblewrap).  Reported per N:

- server start: seconds from "start my server" to a server that answers (p50, p95, max);
- pull: nbgitpuller's pull of the course (p50, max);
- lecture: lecture 1's cells in the kernel (p50, max);
- check: the verdict's latency measured in the kernel, as the student waits for it (p50, p95,
  max; the first check of a kernel starts its judge);
- memory per active student: the proportional set size (PSS, shared pages split between
  their users) of every process of that student (server, kernel, judge), after the check;
- hub and proxy CPU seconds over the run, and the machine's load;
- failures (a server, pull, cell or check that did not work), which must be 0.

The hub is stopped after each N (nothing may be left).  Bounded: at most ``MAX_STUDENTS``
students, each step with the hub's own time limits.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import nbformat

ROOT = Path(__file__).resolve().parent.parent
SIZES = (10, 30, 60)
MAX_STUDENTS = 100
LECTURE = ROOT / "notebooks" / "01_the_game_and_its_toggle_matrix.ipynb"
CHECK = (
    "import time\n"
    "from lightsout_edu.exercises import check_ones_in_toggle_matrix\n"
    "started = time.perf_counter()\n"
    "verdict = check_ones_in_toggle_matrix(lambda n: 5 * n * n - 4 * n)\n"
    "print(bool(verdict), time.perf_counter() - started)\n"
)


def _lecture_code() -> str:
    """Lecture 1's code cells, run from the pulled course's notebooks folder."""
    notebook = nbformat.read(LECTURE, as_version=4)
    cells = [cell.source for cell in notebook.cells if cell.cell_type == "code"]
    return "import os\nos.chdir(os.path.expanduser('~/course/notebooks'))\n" + "\n".join(cells)


def _pss_kib(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _student_processes(hub: Any, user: str) -> list[int]:
    """The server, kernel and checkers' processes of ``user`` (by their environment)."""
    mark = f"JUPYTERHUB_USER={user}".encode()
    found = []
    for pid in hub.processes():
        try:
            if mark in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
                found.append(pid)
        except OSError:
            continue
    return found


def _proxy_pid(hub: Any) -> int | None:
    for pid in hub.processes():
        try:
            if b"configurable-http-proxy" in Path(f"/proc/{pid}/cmdline").read_bytes():
                return pid
        except OSError:
            continue
    return None


def _one_student(hub: Any, user: str, course: str, code: str) -> dict[str, Any]:
    row: dict[str, Any] = {"user": user}
    try:
        started = time.perf_counter()
        hub.start_server(user)
        row["server_seconds"] = time.perf_counter() - started
        started = time.perf_counter()
        hub.pull(user, course)
        row["pull_seconds"] = time.perf_counter() - started
        kernel = hub.server(user, "api/kernels", "POST", {"name": "python3"})["id"]
        started = time.perf_counter()
        hub.run_code(user, code, kernel)
        row["lecture_seconds"] = time.perf_counter() - started
        right, seconds = hub.run_code(user, CHECK, kernel).split()
        if right != "True":
            raise RuntimeError("a right answer was not accepted")
        row["check_seconds"] = float(seconds)
    except Exception as error:  # every failure is counted and named, never hidden
        row["failure"] = f"{type(error).__name__}: {str(error)[:300]}"
    return row


def _quantile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run_one(students: int, course: str) -> dict[str, Any]:
    """One class of ``students`` at once on a fresh hub."""
    from hub.server import Hub

    if not 1 <= students <= MAX_STUDENTS:
        raise ValueError(f"students must be 1..{MAX_STUDENTS}, not {students}")
    code = _lecture_code()
    with tempfile.TemporaryDirectory(prefix="lightsout-hub-bench-") as state:
        users = [f"student{k:03d}" for k in range(students)]
        # each a system user of their own, made at their first start (hub/users.py)
        hub = Hub.start(
            Path(state),
            students=users,
            instructor="bench-teacher",
            homes=Path(state) / "home",
            course=Path(course),
        )
        try:
            hub_cpu, proxy = _cpu_seconds(hub.process.pid), _proxy_pid(hub)
            proxy_cpu = _cpu_seconds(proxy) if proxy else 0.0
            load = os.getloadavg()[0]
            started = time.perf_counter()
            with ThreadPoolExecutor(students) as pool:
                rows = list(pool.map(lambda u: _one_student(hub, u, course, code), users))
            wall = time.perf_counter() - started
            memory = [sum(_pss_kib(p) for p in _student_processes(hub, u)) for u in users]
            hub_cpu = _cpu_seconds(hub.process.pid) - hub_cpu
            proxy_cpu = (_cpu_seconds(proxy) - proxy_cpu) if proxy else 0.0
        finally:
            left = hub.stop()
            hub.remove_users(users)

    def column(key: str) -> list[float]:
        return [r[key] for r in rows if key in r]

    return {
        "students": students,
        "wall_seconds": wall,
        "server_p50": _quantile(column("server_seconds"), 0.5),
        "server_p95": _quantile(column("server_seconds"), 0.95),
        "server_max": max(column("server_seconds"), default=None),
        "pull_p50": _quantile(column("pull_seconds"), 0.5),
        "pull_max": max(column("pull_seconds"), default=None),
        "lecture_p50": _quantile(column("lecture_seconds"), 0.5),
        "lecture_max": max(column("lecture_seconds"), default=None),
        "check_p50": _quantile(column("check_seconds"), 0.5),
        "check_p95": _quantile(column("check_seconds"), 0.95),
        "check_max": max(column("check_seconds"), default=None),
        "memory_mib_per_student": statistics.median(memory) / 1024 if memory else None,
        "memory_mib_max": max(memory, default=0) / 1024,
        "hub_cpu_seconds": hub_cpu,
        "proxy_cpu_seconds": proxy_cpu,
        "load_at_start": load,
        "failures": [r["failure"] for r in rows if "failure" in r],
        "left_running": len(left),
        "cores": os.cpu_count(),
    }


def student_edition() -> tuple[str, tempfile.TemporaryDirectory[str]]:
    """The student edition as a git repository (``tools.student_repo``), in a temporary
    folder the caller keeps alive."""
    folder = tempfile.TemporaryDirectory(prefix="lightsout-hub-course-")
    out = Path(folder.name) / "student-repo"
    subprocess.run(
        [sys.executable, "-m", "tools.student_repo", "--out", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    subprocess.run(["chmod", "-R", "a+rX", folder.name], check=True)  # every student pulls it
    return str(out), folder


def run(sizes: tuple[int, ...] = SIZES) -> list[dict[str, Any]]:
    course, keep = student_edition()
    with keep:
        return [run_one(n, course) for n in sizes]


def report(rows: list[dict[str, Any]]) -> None:
    def s(value: float | None) -> str:
        return "-" if value is None else f"{value:6.1f}"

    print("\nA class on the hub, all at once (seconds; memory per student: PSS, MiB)")
    print(
        "  students  server p50/p95/max      pull   lecture  check p50/p95/max     "
        "MiB  hub CPU  proxy CPU  failures"
    )
    for r in rows:
        print(
            f"  {r['students']:8d}  {s(r['server_p50'])}/{s(r['server_p95'])}/"
            f"{s(r['server_max'])}  {s(r['pull_p50'])}  {s(r['lecture_p50'])}  "
            f"{r['check_p50']:5.2f}/{r['check_p95']:5.2f}/{r['check_max']:5.2f}  "
            f"{r['memory_mib_per_student']:6.0f}  {r['hub_cpu_seconds']:7.1f}  "
            f"{r['proxy_cpu_seconds']:9.1f}  {len(r['failures']):8d}"
        )


def markdown_table(rows: list[dict[str, Any]]) -> str:
    """The README's table of a run (a test checks the README cites the committed run)."""
    lines = [
        "| students at once | server start p50 / p95 | lecture 1 p50 | check p50 / p95 / max "
        "| memory per student (PSS) | hub / proxy CPU | failures |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['students']} | {r['server_p50']:.0f} s / {r['server_p95']:.0f} s "
            f"| {r['lecture_p50']:.0f} s | {r['check_p50']:.1f} s / {r['check_p95']:.1f} s / "
            f"{r['check_max']:.1f} s | {r['memory_mib_per_student']:.0f} MiB "
            f"| {r['hub_cpu_seconds']:.0f} s / {r['proxy_cpu_seconds']:.0f} s "
            f"| {len(r['failures'])} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.hub")
    parser.add_argument("--students", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--json", action="store_true", help="also print the rows as JSON")
    args = parser.parse_args(argv)
    rows = run(tuple(args.students))
    report(rows)
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0 if all(not r["failures"] and not r["left_running"] for r in rows) else 1


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main())
