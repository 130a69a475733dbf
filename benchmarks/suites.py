"""The benchmark suites; each returns a list of JSON-ready rows."""

from __future__ import annotations

import time

import numpy as np

import lightsout_edu as lo

from .engines import OURS, TASKS, available_engines
from .timing import median_seconds

GROWTH = 2.5  # predicted time grows like N^2.5 between sizes (banded elimination)


def general(sizes: list[int], *, cap: float, budget: float) -> tuple[list[dict], list[str]]:
    """rank / solve / null space of the n x n "plus" toggle matrix, every engine.

    An engine is skipped at a size where its time, extrapolated from the previous size, would
    exceed ``cap`` seconds.
    """
    engines, missing = available_engines()
    rows: list[dict] = []
    last: dict[tuple[str, str], tuple[int, float]] = {}
    for n in sizes:
        A = lo.toggle_matrix(n, n)
        b = np.ones(n * n, dtype=np.uint8)
        for name, engine in engines.items():
            for task in TASKS:
                if task not in engine:
                    continue
                row = {"n": n, "cells": n * n, "task": task, "engine": name, "seconds": None}
                if (name, task) in last:
                    cells, seconds = last[(name, task)]
                    predicted = seconds * (n * n / cells) ** GROWTH
                    if predicted > cap:
                        row["note"] = f"skipped: about {predicted:.0f} s predicted"
                        rows.append(row)
                        continue
                row["seconds"] = median_seconds(engine[task](A, b), budget=budget)
                last[(name, task)] = (n * n, row["seconds"])
                rows.append(row)
    return rows, missing


def ratios(rows: list[dict]) -> list[dict]:
    """Peer time / our time for every (n, task) both engines measured."""
    ours = {(r["n"], r["task"]): r["seconds"] for r in rows if r["engine"] == OURS}
    result = []
    for r in rows:
        mine = ours.get((r["n"], r["task"]))
        if r["engine"] != OURS and r["seconds"] is not None and mine:
            result.append(
                {"n": r["n"], "task": r["task"], "peer": r["engine"], "ratio": r["seconds"] / mine}
            )
    return result


def chase(sizes: list[int], *, budget: float) -> list[dict]:
    """Light chasing on random n x n boards: the bare chase and the full solve_board."""
    rng = np.random.default_rng(2026)
    rows = []
    for n in sizes:
        board = rng.integers(0, 2, (n, n), dtype=np.uint8)
        chased = lo.light_chase(board)
        row = {
            "n": n,
            "cells": n * n,
            "nullity": len(chased.quiet_patterns),
            "light_chase_seconds": median_seconds(lambda b=board: lo.light_chase(b), budget=budget),
        }
        row["solve_board_seconds"] = median_seconds(
            lambda b=board: lo.solve_board(b, method="chase"), budget=budget
        )
        rows.append(row)
    return rows


def fewest(sizes: list[int], *, budget: float) -> list[dict]:
    """Exact fewest presses of the all-on n x n board."""
    rows = []
    for n in sizes:
        solution = lo.solve_board(np.ones((n, n), dtype=np.uint8))
        if not solution.solvable:
            continue
        seconds = median_seconds(solution.fewest_presses, repeats=3, budget=budget)
        rows.append(
            {
                "n": n,
                "kernel_dimension": solution.nullity,
                "fewest_presses": int(solution.fewest_presses().sum()),
                "seconds": seconds,
            }
        )
    return rows


def press_counts(*, budget: float) -> dict:
    """optimal_press_counts(5, 5): all 2^23 solvable 5 x 5 boards."""
    counts = lo.optimal_press_counts(5, 5)
    return {
        "board": "5x5",
        "boards": int(counts.sum()),
        "hardest": len(counts) - 1,
        "seconds": median_seconds(lambda: lo.optimal_press_counts(5, 5), repeats=3, budget=budget),
    }


def recording(n: int = 15, *, seeks: int = 200) -> dict:
    """Record the elimination of the n x n all-on board; seek latency of state(k) and of the
    EliminationPlayer (state plus redrawing the matrix, board and LaTeX)."""
    A = lo.toggle_matrix(n, n)
    b = np.ones(n * n, dtype=np.uint8)
    record = median_seconds(lambda: lo.eliminate(A, b), repeats=3, budget=5.0)
    elimination = lo.eliminate(A, b)
    steps = len(elimination.steps)
    rng = np.random.default_rng(0)
    latencies = []
    for k in rng.integers(0, steps + 1, size=seeks):  # each seek starts where the last ended
        start = time.perf_counter()
        elimination.state(int(k))
        latencies.append(time.perf_counter() - start)
    player = lo.EliminationPlayer(elimination)
    redraws = []
    for k in rng.integers(0, steps + 1, size=seeks // 4):  # what a lecturer waits for
        start = time.perf_counter()
        player.step = int(k)
        redraws.append(time.perf_counter() - start)
    return {
        "n": n,
        "unknowns": n * n,
        "steps": steps,
        "record_seconds": record,
        "player_seek_median_seconds": float(np.median(redraws)),
        "player_seek_max_seconds": float(np.max(redraws)),
        "state_median_seconds": float(np.median(latencies)),
        "state_p95_seconds": float(np.percentile(latencies, 95)),
        "state_max_seconds": float(np.max(latencies)),
    }
