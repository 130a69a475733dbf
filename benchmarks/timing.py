"""Timing that compares like with like: interleaved rounds, warm-up never counted.

:func:`interleaved` times several candidates on the same input: every candidate is called
once to warm up (JIT compilation, caches; never counted), then in each round every candidate
runs once, in a shuffled order, so that a burst of load on the machine hits all of them alike
and no candidate always runs after the same (cache-emptying) peer; quick candidates repeat
within a run until it lasts a few milliseconds. The result per candidate is the median
per call with the minimum and maximum, and the number of timed runs, on two clocks: wall
time, and the CPU time of the whole process (every thread summed: a kernel that runs on two
cores for 1 ms counts 2 ms; a peer that runs on one core counts as its wall time when the
machine is quiet). :func:`machine_load` records the load average beside the figures.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable


def interleaved(
    candidates: dict[str, Callable[[], object]],
    *,
    rounds: int = 5,
    budget: float = 3.0,
    sample: float = 0.005,
) -> dict[str, dict[str, float]]:
    """Median, min and max seconds per call of each candidate over interleaved rounds.

    The same for the process's CPU time as ``cpu_median``, ``cpu_min`` and ``cpu_max``.

    Every candidate is called once to warm up and once more to calibrate: a quick one is
    then called ``number`` times per measurement, enough for ``sample`` seconds, so that a
    sub-millisecond call is not measured alone right after a slow peer has emptied the caches.
    Each round runs every candidate once in a new order (a fixed shuffle per round), so no
    candidate always follows the same one. Rounds stop early once ``budget`` seconds have
    been spent on them (at least one round).
    """
    number: dict[str, int] = {}
    for name, task in candidates.items():
        task()  # warm-up: compile, fill caches; not a measurement
        once_seconds = max(once(task), 1e-9)
        number[name] = max(1, min(1000, int(sample / once_seconds)))
    times: dict[str, list[float]] = {name: [] for name in candidates}
    cpu: dict[str, list[float]] = {name: [] for name in candidates}
    names = list(candidates)
    shuffler = random.Random(2026)
    spent = 0.0
    for _ in range(rounds):
        order = names[:]
        shuffler.shuffle(order)
        for name in order:
            task, calls = candidates[name], number[name]
            start, start_cpu = time.perf_counter(), time.process_time()
            for _ in range(calls):
                task()
            elapsed = time.perf_counter() - start
            cpu[name].append((time.process_time() - start_cpu) / calls)
            times[name].append(elapsed / calls)
            spent += elapsed
        if spent > budget:
            break
    return {
        name: {
            "median": statistics.median(values),
            "min": min(values),
            "max": max(values),
            "runs": len(values),
            "calls_per_run": number[name],
            "cpu_median": statistics.median(cpu[name]),
            "cpu_min": min(cpu[name]),
            "cpu_max": max(cpu[name]),
        }
        for name, values in times.items()
    }


def once(task: Callable[[], object]) -> float:
    """Seconds of one call (for things too slow to repeat, e.g. a cold start)."""
    start = time.perf_counter()
    task()
    return time.perf_counter() - start


def machine_load() -> list[float]:
    """The 1-, 5- and 15-minute load averages (0 on systems without them)."""
    try:
        return [round(v, 2) for v in os.getloadavg()]
    except OSError:
        return [0.0, 0.0, 0.0]
