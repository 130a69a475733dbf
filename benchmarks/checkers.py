"""What a check costs: the reference answer of each write-it-yourself exercise, checked.

``python -m benchmarks.checkers`` (or ``python -m benchmarks --only checkers``).  A checker
runs the student's function in a separate process on hidden cases (``exercises._sandbox``);
this measures, for a correct answer, the whole check as a student sees it -- cold (the
judge process starts first, as at a notebook's first check) and warm -- in wall time and in
CPU time (the notebook's process, the judge and its runners summed), against the peer that
has no sandbox: calling the same function directly on the same hidden cases, in-process.
Target: E3.4 (``check_gauss_jordan``) within 1.5 s.
"""

from __future__ import annotations

import itertools
import json
import os
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROUNDS = 7


def gauss_jordan(M):
    R = M.copy() % 2
    pivots, r = [], 0
    for c in range(R.shape[1]):
        if r == R.shape[0]:
            break
        below = np.flatnonzero(R[r:, c])
        if below.size == 0:
            continue
        p = r + below[0]
        R[[r, p]] = R[[p, r]]
        for i in np.flatnonzero(R[:, c]):
            if i != r:
                R[i] ^= R[r]
        pivots.append(c)
        r += 1
    return R, pivots


def fewest(particular, kernel):
    best = particular
    for choice in itertools.product((0, 1), repeat=len(kernel)):
        candidate = (particular + np.array(choice, dtype=np.int64) @ kernel) % 2
        if candidate.sum() < best.sum():
            best = candidate
    return best


def chase(board, first_row):
    """Press `first_row` in row 1, then chase the lights down; the presses and the last row."""
    lights = np.array(board, dtype=np.uint8) % 2
    rows, cols = lights.shape
    presses = np.zeros_like(lights)
    for r in range(rows):
        row = np.array(first_row, dtype=np.uint8) % 2 if r == 0 else lights[r - 1].copy()
        presses[r] = row
        lights[r] ^= row  # the pressed cells
        lights[r, 1:] ^= row[:-1]  # their right neighbours
        lights[r, :-1] ^= row[1:]  # their left neighbours
        if r > 0:
            lights[r - 1] ^= row  # above: the row chased dark
        if r + 1 < rows:
            lights[r + 1] ^= row  # below
    return presses, lights[-1].copy()


def solve_gf2(C, r):
    """One solution f of C f = r over GF(2) (free unknowns 0), or None."""
    M = np.column_stack([np.array(C, dtype=np.uint8) % 2, np.array(r, dtype=np.uint8) % 2])
    unknowns = M.shape[1] - 1
    pivots = []
    for col in range(unknowns):
        top = len(pivots)
        below = np.flatnonzero(M[top:, col])
        if below.size == 0:
            continue  # a free column
        M[[top, top + below[0]]] = M[[top + below[0], top]]
        others = np.flatnonzero(M[:, col])
        M[others[others != top]] ^= M[top]
        pivots.append(col)
    if M[len(pivots) :, -1].any():
        return None  # a row 0 = 1
    f = np.zeros(unknowns, dtype=np.uint8)
    f[pivots] = M[: len(pivots), -1]
    return f


def solve_by_chasing(board):
    """Presses that switch `board` off, found by light chasing; None if impossible."""
    rows, cols = board.shape
    dark = np.zeros((rows, cols), dtype=np.uint8)
    leftover = chase(board, np.zeros(cols, dtype=np.uint8))[1]
    units = np.eye(cols, dtype=np.uint8)
    C = np.column_stack([chase(dark, units[j])[1] for j in range(cols)])
    first_row = solve_gf2(C, leftover)
    if first_row is None:
        return None
    return chase(board, first_row)[0]


def _hidden_cases() -> dict[str, list[tuple[Any, ...]]]:
    """The arguments each checker gives the student's function (for the direct peer)."""
    from lightsout_edu import press, solve_board
    from lightsout_edu.exercises import lecture3

    rng = np.random.default_rng(55)
    fewest_cases = []
    for rows, cols in [(5, 5), (4, 4), (9, 9), (4, 5), (1, 4), (3, 3)]:
        for _ in range(3):
            taps = (rng.random((rows, cols)) < 0.5).astype(np.uint8)
            solution = solve_board(press(np.zeros_like(taps), taps))
            kernel = solution.quiet_patterns.reshape(solution.nullity, rows * cols)
            fewest_cases.append((taps.reshape(-1), kernel))
    rng = np.random.default_rng(66)
    shapes = [(3, 3), (5, 5), (4, 4), (1, 6), (6, 1), (7, 9), (9, 9), (17, 17), (30, 30)]
    chase_cases = [(rng.integers(0, 2, shape).astype(np.uint8),) for shape in shapes * 2]
    return {
        "check_gauss_jordan": [(M,) for _, M in lecture3._cases() + lecture3._fresh_cases()],
        "check_fewest_presses": fewest_cases,
        "check_light_chase": chase_cases,
    }


ANSWERS = {
    "check_gauss_jordan": gauss_jordan,
    "check_fewest_presses": fewest,
    "check_light_chase": solve_by_chasing,
}


def _cpu_of(pid: int) -> float:
    """CPU seconds of a live process and its reaped children (/proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = sum(int(v) for v in fields[11:15])  # utime stime cutime cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _timed_check(checker: Any, answer: Any) -> tuple[float, float]:
    from lightsout_edu.exercises import _sandbox

    judge = _sandbox._judge[0].process.pid if _sandbox._judge else None
    wall, cpu = time.perf_counter(), _own_cpu() + (_cpu_of(judge) if judge else 0.0)
    verdict = checker(answer)
    assert verdict, verdict.message
    judge = _sandbox._judge[0].process.pid
    return time.perf_counter() - wall, _own_cpu() + _cpu_of(judge) - cpu


def run() -> list[dict[str, Any]]:
    from lightsout_edu import exercises
    from lightsout_edu.exercises import _sandbox

    cases = _hidden_cases()
    rows = []
    for name, answer in ANSWERS.items():
        checker = getattr(exercises, name)
        _sandbox._stop_judge()
        cold_wall, cold_cpu = _timed_check(checker, answer)
        warm = [_timed_check(checker, answer) for _ in range(ROUNDS)]
        direct = []
        for _ in range(ROUNDS):
            wall, cpu = time.perf_counter(), _own_cpu()
            for args in cases[name]:
                answer(*(a.copy() for a in args))
            direct.append((time.perf_counter() - wall, _own_cpu() - cpu))
        rows.append(
            {
                "checker": name,
                "cases": len(cases[name]),
                "cold_wall": cold_wall,
                "cold_cpu": cold_cpu,
                "warm_wall": statistics.median(w for w, _ in warm),
                "warm_cpu": statistics.median(c for _, c in warm),
                "direct_wall": statistics.median(w for w, _ in direct),
                "direct_cpu": statistics.median(c for _, c in direct),
            }
        )
    return rows


def report(rows: list[dict[str, Any]]) -> None:
    print("\nA check of a correct answer (wall / CPU seconds; direct = the calls alone)")
    print(
        f"  {'checker':22s} {'cases':>5} {'cold':>13} {'warm':>13} {'direct':>13}"
        f" {'warm/direct':>12}"
    )
    for r in rows:
        ratio = r["warm_wall"] / r["direct_wall"] if r["direct_wall"] else float("nan")
        print(
            f"  {r['checker']:22s} {r['cases']:5d} "
            f"{r['cold_wall']:6.2f}/{r['cold_cpu']:5.2f} "
            f"{r['warm_wall']:6.2f}/{r['warm_cpu']:5.2f} "
            f"{r['direct_wall']:6.3f}/{r['direct_cpu']:5.3f} {ratio:11.1f}x"
        )


if __name__ == "__main__":
    results = run()
    report(results)
    if "--json" in sys.argv:
        json.dump(results, sys.stdout, indent=1)
