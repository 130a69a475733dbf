"""The benchmark suites; each returns JSON-ready rows.

Every timing compares engines on the same matrix in interleaved rounds
(:func:`benchmarks.timing.interleaved`), after checking every engine's answer
(:func:`benchmarks.engines.verify`). An engine is skipped at a size where its time,
extrapolated from the previous size, would pass the cap, and the row says so.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time

import numpy as np

import lightsout_edu as lo
from lightsout_edu._clicks_types import fewest_press_count
from lightsout_edu.worst_case import _bounds

from .boyles import BOYLES_PUBLISHED, compare
from .engines import OURS, TASKS, available_engines, verify
from .timing import interleaved, machine_load

#: time grows like N^GROWTH between sizes (used only to skip engines that would be too slow)
GROWTH = {"toggle": 2.5, "dense": 3.0}


def _matrix(kind: str, size: int, rng: np.random.Generator) -> np.ndarray:
    if kind == "toggle":
        return lo.toggle_matrix(size, size)
    return rng.integers(0, 2, (size, size), dtype=np.uint8)  # 1 byte an entry, even at 16000


def linear_algebra(
    kind: str, sizes: list[int], *, cap: float, budget: float
) -> tuple[list[dict], dict[str, str]]:
    """rank / solve / null space by every engine: ``kind`` "toggle" (the n x n board's
    toggle matrix, N = n^2) or "dense" (a random N x N matrix, N = size)."""
    engines, missing = available_engines()
    rng = np.random.default_rng(2026)
    rows: list[dict] = []
    last: dict[tuple[str, str], tuple[int, float]] = {}
    for size in sizes:
        A = _matrix(kind, size, rng)
        N = A.shape[0]
        P = (
            lo.PackedMatrix.from_dense(A)
            if kind == "dense"
            else lo.toggle_matrix(size, size, packed=True)
        )
        b = rng.integers(0, 2, N).astype(np.uint8)
        if kind == "toggle":
            b = lo.press(np.zeros((size, size), np.uint8), rng.integers(0, 2, (size, size))).ravel()
        expected = lo.rank(P)
        for task in TASKS:
            candidates, skipped = {}, {}
            for name, engine in engines.items():
                if task not in engine:
                    continue
                if (name, task) in last:
                    cells, seconds = last[(name, task)]
                    predicted = seconds * (N / cells) ** GROWTH[kind]
                    if predicted > cap:
                        skipped[name] = f"skipped: about {predicted:.0f} s predicted"
                        continue
                run = engine[task](A, P, b)
                verify(task, run(), A, b, expected)
                candidates[name] = run
            load = machine_load()
            timed = interleaved(candidates, budget=budget)
            for name, t in timed.items():
                last[(name, task)] = (N, t["median"])
                rows.append(
                    {"kind": kind, "n": size, "N": N, "task": task, "engine": name, **t,
                     "load": load}
                )  # fmt: skip
            for name, note in skipped.items():
                rows.append({"kind": kind, "n": size, "N": N, "task": task, "engine": name,
                             "median": None, "note": note})  # fmt: skip
    return rows, missing


def ratios(rows: list[dict]) -> list[dict]:
    """Peer time / our time, per (kind, size, task), from the same interleaved rounds.

    ``ratio`` compares wall times, ``cpu_ratio`` CPU times (all of a process's threads
    summed), so a peer on one core is not beaten merely by our using two.
    """
    ours = {(r["kind"], r["N"], r["task"]): r for r in rows if r["engine"] == OURS}
    result = []
    for r in rows:
        mine = ours.get((r["kind"], r["N"], r["task"]))
        if r["engine"] != OURS and r.get("median") and mine:
            result.append(
                {"kind": r["kind"], "N": r["N"], "task": r["task"], "peer": r["engine"],
                 "ratio": r["median"] / mine["median"],
                 "cpu_ratio": r["cpu_median"] / max(mine["cpu_median"], 1e-9)}
            )  # fmt: skip
    return result


def _peak_memory_run(code: str) -> dict:
    """Run ``code`` in a fresh process; its printed JSON plus the peak memory (MB).

    The peak is the process's own high-water mark (``VmHWM``): ``ru_maxrss`` would not do,
    because Linux carries it over ``exec`` from the forked copy of this (big) process.
    """
    wrapped = (
        "import json, time\n" + code + "\nresult['peak_mb'] = next(int(line.split()[1]) // "
        "1024 for line in open('/proc/self/status') if line.startswith('VmHWM:'))\n"
        "print(json.dumps(result))"
    )
    out = subprocess.run([sys.executable, "-c", wrapped], capture_output=True, text=True,
                         check=True)  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


def chase(sizes: list[int]) -> list[dict]:
    """solve_board of a random n x n board by light chasing, each size in a fresh process
    (so the peak memory is that of this board alone), after a warm-up on a small board."""
    rows = []
    for n in sizes:
        code = (
            "import lightsout_edu as lo\n"
            "lo.solve_board(lo.random_board(300, 300, seed=2))  # compile once, not timed\n"
            f"board = lo.random_board({n}, {n}, seed=1)\n"
            "start = time.perf_counter()\n"
            "s = lo.solve_board(board)\n"
            "result = {'seconds': time.perf_counter() - start, 'nullity': s.nullity,"
            " 'solvable': s.solvable}\n"
        )
        rows.append({"n": n, "cells": n * n, **_peak_memory_run(code), "load": machine_load()})
    return rows


def fewest(sizes: list[int], *, budget: float) -> list[dict]:
    """Exact fewest presses of the all-on n x n board (kernel dimension d)."""
    rows = []
    for n in sizes:
        solution = lo.solve_board(np.ones((n, n), dtype=np.uint8))
        if not solution.solvable:
            continue
        timed = interleaved({"fewest": solution.fewest_presses}, rounds=3, budget=budget)
        rows.append(
            {
                "n": n,
                "kernel_dimension": solution.nullity,
                "fewest_presses": int(solution.fewest_presses().sum()),
                **timed["fewest"],
                "load": machine_load(),
            }
        )
    return rows


def worst_case(sizes: list[int], *, time_limit: float) -> list[dict]:
    """The most presses an n x n board can need: the proven bounds ``most_clicks_bounds``
    reaches within ``time_limit`` seconds (equal where they meet, which is where
    ``most_clicks`` answers; it only adds the check of a witness board), each against W.
    Boyles' published bounds. CPU time counts the race's child processes too. Where the
    bounds do not meet, the row keeps the hardest board found (checked again here)."""
    rows = []
    for n in sizes:
        start, cpu = time.perf_counter(), _cpu_seconds()
        found = _bounds(n, n, "plus", False, time_limit, 0)  # most_clicks_bounds + the board
        seconds, cpu = time.perf_counter() - start, _cpu_seconds() - cpu
        lower, upper = found.lower, found.upper
        row = {"n": n, "nullity": lo.grid_nullity(n), "lower": lower, "upper": upper,
               "exact": lower == upper, "seconds": seconds, "cpu_seconds": cpu}  # fmt: skip
        if lower < upper:
            assert fewest_press_count(found.board, "plus", False) == lower, n
            row["board"] = lo.format_board(found.board).split()
        if n in BOYLES_PUBLISHED:
            published = BOYLES_PUBLISHED[n]
            row["boyles"] = list(published)
            row["vs_boyles"] = compare(lower, upper, published)
        rows.append({**row, "load": machine_load()})
    return rows


def _cpu_seconds() -> float:
    """CPU seconds of this process and of its children that have ended."""
    mine = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return mine.ru_utime + mine.ru_stime + children.ru_utime + children.ru_stime


def huge_nullities(largest: list[int]) -> dict:
    """``grid_nullity`` by the polynomial method: every n up to 2048 in one go, then single
    huge boards."""
    start = time.perf_counter()
    every = [lo.grid_nullity(n) for n in range(1, 2049)]
    summary: dict = {"all_n_up_to_2048_seconds": time.perf_counter() - start,
                     "boards_with_a_kernel_up_to_2048": sum(1 for d in every if d)}  # fmt: skip
    summary["single"] = []
    for n in largest:
        start = time.perf_counter()
        d = lo.grid_nullity(n)
        summary["single"].append({"n": n, "nullity": d, "seconds": time.perf_counter() - start})
    return summary


def press_counts(*, budget: float) -> dict:
    """optimal_press_counts(5, 5): all 2^23 solvable 5 x 5 boards."""
    counts = lo.optimal_press_counts(5, 5)
    timed = interleaved({"counts": lambda: lo.optimal_press_counts(5, 5)}, rounds=3, budget=budget)
    return {"board": "5x5", "boards": int(counts.sum()), "hardest": len(counts) - 1,
            **timed["counts"]}  # fmt: skip


def _fresh(code: str, env: dict[str, str]) -> float:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, **env}, check=True)  # fmt: skip
    return float(out.stdout.strip().splitlines()[-1])


def cold_start(repeats: int = 3) -> dict:
    """A fresh process: ``import numpy`` alone, ``import lightsout_edu``, and import plus the
    first answer (a random 5x5 board with its fewest presses), with numba's cache cold (a new
    cache folder) and warm; and ``lightsout info 5x5``."""
    timer = "import time\nstart = time.perf_counter()\n"
    end = "\nprint(time.perf_counter() - start)"
    first = (
        "import lightsout_edu as lo\n"
        "lo.solve_board(lo.random_board(5, 5, seed=1, solvable=True)).fewest_presses()"
    )
    big = "import lightsout_edu as lo\nlo.rank(lo.toggle_matrix(40, 40, packed=True))"
    results: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as cache:
        for name, code, env in [
            ("import numpy", "import numpy", {}),
            ("import lightsout_edu", "import lightsout_edu", {}),
            ("first 5x5 answer", first, {}),
            ("first 1600x1600 rank, cold JIT cache", big, {"NUMBA_CACHE_DIR": cache}),
            ("first 1600x1600 rank, warm JIT cache", big, {"NUMBA_CACHE_DIR": cache}),
        ]:
            results[name] = [_fresh(timer + code + end, env) for _ in range(repeats)]
            if "cold" in name:  # only the first run is cold; later ones find the cache
                results[name] = results[name][:1]
    cli_times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "lightsout_edu", "info", "5x5"], check=True,
                       capture_output=True)  # fmt: skip
        cli_times.append(time.perf_counter() - start)
    summary = {name: round(min(values), 4) for name, values in results.items()}
    summary["lightsout info 5x5 (whole process)"] = round(min(cli_times), 4)
    summary["import ratio (lightsout_edu / numpy)"] = round(
        summary["import lightsout_edu"] / summary["import numpy"], 2
    )
    return summary


def recording(n: int = 15, *, seeks: int = 200) -> dict:
    """Record the elimination of the n x n all-on board; seek latency of state(k) and of the
    EliminationPlayer's Python side."""
    A = lo.toggle_matrix(n, n)
    b = np.ones(n * n, dtype=np.uint8)
    timed = interleaved({"record": lambda: lo.eliminate(A, b)}, rounds=3, budget=5.0)
    elimination = lo.eliminate(A, b)
    steps = len(elimination.steps)
    rng = np.random.default_rng(0)
    latencies = []
    for k in rng.integers(0, steps + 1, size=seeks):
        start = time.perf_counter()
        elimination.state(int(k))
        latencies.append(time.perf_counter() - start)
    return {
        "n": n,
        "unknowns": n * n,
        "steps": steps,
        "record_seconds": timed["record"]["median"],
        "state_median_seconds": float(np.median(latencies)),
        "state_p95_seconds": float(np.percentile(latencies, 95)),
        "state_max_seconds": float(np.max(latencies)),
    }
