"""``python -m benchmarks [--quick] [--stretch] [--widgets] [--output PATH] [--only SUITE]``.

Runs every suite, prints the tables and writes ``benchmarks/results.json`` (a full run; nothing
for ``--quick`` unless ``--output`` is given). The peers: M4RI (built from Debian's
``libm4ri-dev`` through a small C shim), ldpc, galois, python-flint and sympy; a missing one is
listed with the reason. All figures of one table come from interleaved rounds in the same run.
"""

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
from .timing import machine_load

FULL = {
    "toggle": [10, 20, 30, 50, 70, 100, 150],
    "dense": [250, 500, 1000, 2000, 4000, 8000, 16000],
    "chase": [500, 1000, 2000, 4000, 8000],
    "fewest": [n for n in range(1, 55) if n not in (39, 47)],  # the all-on table
    "worst_case": list(range(1, 51)),
    "worst_case_seconds": 120.0,
    "nullity": [10_000, 100_000],
    "cap": 10.0,
    "budget": 3.0,
}
QUICK = {
    "toggle": [10, 20, 30],
    "dense": [250, 500],
    "chase": [500],
    "fewest": [5, 16],
    "worst_case": [4, 5],
    "worst_case_seconds": 5.0,
    "nullity": [10_000],
    "cap": 0.5,
    "budget": 0.3,
}
STRETCH_FEWEST = [47, 39]  # kernel dimensions 30 and 32
DEFAULT_OUTPUT = Path(__file__).with_name("results.json")


def _versions() -> dict[str, str]:
    found = {}
    for package in ("numpy", "numba", "galois", "sympy", "python-flint", "ldpc", "lightsout_edu"):
        try:
            found[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            found[package] = "not installed"
    return found


def _seconds(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value * 1e3:.2f} ms" if value < 1 else f"{value:.2f} s"


def _print_linear_algebra(kind: str, rows: list[dict], ratios: list[dict]) -> None:
    title = "the n x n board's toggle matrix" if kind == "toggle" else "random dense N x N"
    print(f"\n{title}: median (min-max) over interleaved rounds")
    engines = list(dict.fromkeys(r["engine"] for r in rows))
    for task in ("rank", "solve", "null_space"):
        print(f"\n  {task}")
        print("  " + f"{'N':>7}  " + "".join(f"{e[:18]:>19}" for e in engines))
        for N in sorted({r["N"] for r in rows}):
            cells = {r["engine"]: r for r in rows if r["N"] == N and r["task"] == task}
            line = "".join(
                f"{_seconds(cells[e]['median']) if e in cells else '':>19}" for e in engines
            )
            print(f"  {N:7d}  {line}")
    peers = list(dict.fromkeys(r["peer"] for r in ratios))
    for key, clock in (("ratio", "wall"), ("cpu_ratio", "CPU (all threads)")):
        print(f"\n  peer time / {OURS} time, {clock}")
        for task in ("rank", "solve", "null_space"):
            print(f"  {task:10s}" + "".join(f"{p[:14]:>15}" for p in peers))
            for N in sorted({r["N"] for r in ratios}):
                found = {r["peer"]: r[key] for r in ratios if r["N"] == N and r["task"] == task}
                print(
                    f"  {N:10d}"
                    + "".join(f"{f'{found[p]:.2f}x' if p in found else '-':>15}" for p in peers)
                )


ONLY = (
    "toggle",
    "dense",
    "chase",
    "fewest",
    "worst_case",
    "nullity",
    "widgets",
    "checkers",
    "grading",
    "hub",
)


def _rerun(only: list[str], output: Path, *, stretch: bool) -> int:
    """Replace the ``only`` suites of an existing results file by a new run of them."""
    results = json.loads(output.read_text())
    for kind in only:
        if kind in ("toggle", "dense"):
            rows, results["peers_missing"] = suites.linear_algebra(
                kind, FULL[kind], cap=FULL["cap"], budget=FULL["budget"]
            )
            results[kind], results[f"{kind}_ratios"] = rows, suites.ratios(rows)
            _print_linear_algebra(kind, rows, results[f"{kind}_ratios"])
        elif kind == "chase":
            results["chase"] = suites.chase(FULL["chase"])
            _print_chase(results["chase"])
        elif kind == "worst_case":
            results[kind] = suites.worst_case(
                FULL["worst_case"], time_limit=FULL["worst_case_seconds"]
            )
            _print_worst_case(results[kind])
        elif kind == "widgets":
            from . import widgets

            results[kind] = widgets.run()
            widgets.report(results[kind])
        elif kind == "grading":
            from . import grading

            results[kind] = grading.run()
            grading.report(results[kind])
        elif kind == "hub":
            from . import hub

            results[kind] = hub.run()
            hub.report(results[kind])
        elif kind == "checkers":
            from . import checkers

            results[kind] = checkers.run()
            checkers.report(results[kind])
        elif kind == "nullity":
            results[kind] = suites.huge_nullities(FULL["nullity"])
            _print_nullity(results[kind])
        else:
            sizes = FULL["fewest"] + (STRETCH_FEWEST if stretch else [])
            results["fewest"] = suites.fewest(sizes, budget=FULL["budget"])
    results.setdefault("rerun", {}).update(
        {kind: {"load": machine_load(), "versions": _versions()} for kind in only}
    )
    output.write_text(json.dumps(results, indent=1) + "\n")
    print(f"\nupdated {', '.join(only)} in {output}")
    return 0


def _print_worst_case(rows: list[dict]) -> None:
    print("\nThe most presses an n x n board can need (most_clicks_bounds; one number: proved)")
    print(f"  {'n':>5}  {'nullity':>7}  {'ours':>11}  {'Boyles':>11}  {'wall':>9}  {'CPU':>9}")
    for r in rows:
        value = str(r["lower"]) if r["exact"] else f"{r['lower']}..{r['upper']}"
        low, high = r.get("boyles", (None, None))
        theirs = "-" if low is None else str(low) if low == high else f"{low}..{high}"
        print(f"  n={r['n']:3d}  {r['nullity']:7d}  {value:>11}  {theirs:>11}  "
              f"{_seconds(r['seconds']):>9}  {_seconds(r.get('cpu_seconds')):>9}  "
              f"{r.get('vs_boyles', '')}")  # fmt: skip


def _print_nullity(summary: dict) -> None:
    print(f"\ngrid_nullity: every n <= 2048 in {_seconds(summary['all_n_up_to_2048_seconds'])}")
    for r in summary["single"]:
        print(f"  n={r['n']:7d}  nullity {r['nullity']:3d}  {_seconds(r['seconds'])}")


def _print_chase(rows: list[dict]) -> None:
    print("\nsolve_board by light chasing, random n x n board (fresh process each)")
    for r in rows:
        print(f"  n={r['n']:5d}  {_seconds(r['seconds']):>10}  peak {r['peak_mb']:6d} MB  "
              f"nullity {r['nullity']}")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="small sizes, a minute or so")
    parser.add_argument(
        "--stretch", action="store_true", help="also fewest presses at d = 30 and 32 (minutes)"
    )
    parser.add_argument(
        "--widgets",
        action="store_true",
        help="also click-to-paint in Chromium (benchmarks.widgets)",
    )
    parser.add_argument("--output", type=Path, default=None, help="JSON file to write")
    parser.add_argument(
        "--only",
        choices=ONLY,
        action="append",
        help="re-run only these suites and replace them in the existing results file",
    )
    args = parser.parse_args(argv)
    if args.only:
        return _rerun(args.only, args.output or DEFAULT_OUTPUT, stretch=args.stretch)
    plan = QUICK if args.quick else FULL
    output = args.output or (None if args.quick else DEFAULT_OUTPUT)
    cap, budget = plan["cap"], plan["budget"]
    results: dict = {
        "quick": args.quick,
        "machine": {
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "versions": _versions(),
            "load_at_start": machine_load(),
        },
    }
    missing: dict[str, str] = {}
    for kind in ("toggle", "dense"):
        rows, missing = suites.linear_algebra(kind, plan[kind], cap=cap, budget=budget)
        ratios = suites.ratios(rows)
        _print_linear_algebra(kind, rows, ratios)
        results[kind] = rows
        results[f"{kind}_ratios"] = ratios
    results["peers_missing"] = missing
    for name, why in missing.items():
        print(f"\n{name} not measured: {why}")

    results["chase"] = suites.chase(plan["chase"])
    _print_chase(results["chase"])

    sizes = plan["fewest"] + (STRETCH_FEWEST if args.stretch else [])
    results["fewest"] = suites.fewest(sizes, budget=budget)
    print("\nExact fewest presses, all-on n x n board")
    for r in results["fewest"]:
        spread = f"({_seconds(r['min'])}-{_seconds(r['max'])})"
        print(f"  n={r['n']:3d}  d={r['kernel_dimension']:3d}  fewest {r['fewest_presses']:5d}  "
              f"{_seconds(r['median']):>10} {spread}")  # fmt: skip
    results["optimal_press_counts"] = suites.press_counts(budget=budget)
    results["worst_case"] = suites.worst_case(
        plan["worst_case"], time_limit=plan["worst_case_seconds"]
    )
    _print_worst_case(results["worst_case"])
    results["nullity"] = suites.huge_nullities(plan["nullity"])
    _print_nullity(results["nullity"])

    results["cold_start"] = suites.cold_start()
    print("\nCold start (fresh processes, best of 3)")
    for name, value in results["cold_start"].items():
        print(f"  {name:42s} {value}")
    results["recording"] = suites.recording()
    from . import checkers

    results["checkers"] = checkers.run()
    checkers.report(results["checkers"])
    from . import grading

    results["grading"] = grading.run(20 if args.quick else grading.STUDENTS)
    grading.report(results["grading"])
    from . import hub

    results["hub"] = hub.run((3,) if args.quick else hub.SIZES)
    hub.report(results["hub"])
    if args.widgets:
        from . import widgets

        results["widgets"] = widgets.run()
        widgets.report(results["widgets"])
    results["machine"]["load_at_end"] = machine_load()
    if output is not None:
        output.write_text(json.dumps(results, indent=1) + "\n")
        print(f"\nwrote {output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
