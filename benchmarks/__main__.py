"""``python -m benchmarks [--quick] [--stretch] [--output PATH]``: run, print, save JSON."""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import platform
import sys
from pathlib import Path

from . import suites
from .engines import OURS

FULL = {
    "general": [5, 10, 20, 30, 50, 70, 100],
    "chase": [100, 250, 500, 1000, 2000, 4000],
    "fewest": [5, 9, 16, 19, 23, 29, 30, 32, 33, 35],
    "cap": 8.0,
    "budget": 2.0,
}
QUICK = {
    "general": [5, 10, 20, 30],
    "chase": [100, 250],
    "fewest": [5, 16],
    "cap": 0.5,
    "budget": 0.3,
}
STRETCH_FEWEST = [39]
DEFAULT_OUTPUT = Path(__file__).with_name("results.json")


def _versions() -> dict[str, str]:
    found = {}
    for package in ("numpy", "numba", "galois", "sympy", "python-flint", "lightsout_edu"):
        try:
            found[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            found[package] = "not installed"
    return found


def _seconds(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value * 1e3:.2f} ms" if value < 1 else f"{value:.2f} s"


def _print_general(rows: list[dict], ratios: list[dict]) -> None:
    print("\nGeneral engine: n x n 'plus' board, N = n^2 unknowns (median wall time)")
    engines = list(dict.fromkeys(r["engine"] for r in rows))
    for task in ("rank", "solve", "null_space"):
        print(f"\n  {task}")
        print("  " + f"{'n':>5} {'N':>7}  " + "".join(f"{e[:22]:>23}" for e in engines))
        for n in sorted({r["n"] for r in rows}):
            cells = {r["engine"]: r for r in rows if r["n"] == n and r["task"] == task}
            line = "".join(
                f"{_seconds(cells[e]['seconds']) if e in cells else '':>23}" for e in engines
            )
            print(f"  {n:5d} {n * n:7d}  {line}")
    print(f"\nSpeed-up of {OURS}: peer time / our time")
    peers = list(dict.fromkeys(r["peer"] for r in ratios))
    for task in ("rank", "solve", "null_space"):
        print(f"\n  {task}")
        print("  " + f"{'n':>5}  " + "".join(f"{p[:22]:>23}" for p in peers))
        for n in sorted({r["n"] for r in ratios}):
            found = {r["peer"]: r["ratio"] for r in ratios if r["n"] == n and r["task"] == task}
            line = "".join(f"{f'{found[p]:.1f}x' if p in found else '-':>23}" for p in peers)
            print(f"  {n:5d}  {line}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small sizes, seconds in total")
    parser.add_argument(
        "--stretch",
        action="store_true",
        help="also the 39x39 fewest presses (kernel dimension 32, ~1 minute)",
    )
    parser.add_argument(
        "--output",
        type=Path,
        default=None,
        help=f"JSON file to write (default {DEFAULT_OUTPUT.name} for a full "
        f"run, nothing for --quick)",
    )
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    output = args.output or (None if args.quick else DEFAULT_OUTPUT)
    cap, budget = plan["cap"], plan["budget"]

    general, missing = suites.general(plan["general"], cap=cap, budget=budget)
    ratios = suites.ratios(general)
    if missing:
        print(f"not installed (pip install -e '.[bench]'): {', '.join(missing)}")
    _print_general(general, ratios)

    chase = suites.chase(plan["chase"], budget=budget)
    print("\nLight chasing, random n x n board (system cols x cols)")
    for r in chase:
        print(
            f"  n={r['n']:5d}  light_chase {_seconds(r['light_chase_seconds']):>10}"
            f"  solve_board {_seconds(r.get('solve_board_seconds')):>10}"
            f"  nullity {r['nullity']}"
        )

    fewest = suites.fewest(plan["fewest"] + (STRETCH_FEWEST if args.stretch else []), budget=budget)
    print("\nExact fewest presses, all-on n x n board")
    for r in fewest:
        print(
            f"  n={r['n']:3d}  kernel dim {r['kernel_dimension']:3d}  "
            f"fewest {r['fewest_presses']:5d}  {_seconds(r['seconds']):>10}"
        )
    counts = suites.press_counts(budget=budget)
    print(
        f"  optimal_press_counts(5, 5): {counts['boards']} boards in {_seconds(counts['seconds'])}"
    )

    recording = suites.recording()
    print(
        f"\nRecording engine, {recording['n']}x{recording['n']} all-on board: "
        f"{recording['steps']} steps recorded in {_seconds(recording['record_seconds'])}; "
        f"state(k) median {_seconds(recording['state_median_seconds'])}, "
        f"95th percentile {_seconds(recording['state_p95_seconds'])}, "
        f"max {_seconds(recording['state_max_seconds'])}"
        f"; EliminationPlayer seek median {_seconds(recording['player_seek_median_seconds'])}, "
        f"max {_seconds(recording['player_seek_max_seconds'])}"
    )

    results = {
        "quick": args.quick,
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "versions": _versions(),
        },
        "peers_missing": missing,
        "general": general,
        "ratios": ratios,
        "chase": chase,
        "fewest": fewest,
        "optimal_press_counts": counts,
        "recording": recording,
    }
    if output is not None:
        output.write_text(json.dumps(results, indent=1) + "\n")
        print(f"\nwrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
