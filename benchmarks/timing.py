"""Timing that compares like with like: interleaved rounds, warm-up never counted.

:func:`interleaved` times several candidates on the same input: every candidate is called
once to warm up (JIT compilation, caches; never counted), then in each round every candidate
runs once, in an order that rotates from round to round, so that a burst of load on the
machine hits all of them alike. The result per candidate is the median with the minimum and
maximum, and the number of timed runs. :func:`machine_load` records the load average beside
the figures.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable


def interleaved(
    candidates: dict[str, Callable[[], object]],
    *,
    rounds: int = 5,
    budget: float = 3.0,
) -> dict[str, dict[str, float]]:
    """Median, min and max seconds of each candidate over up to ``rounds`` interleaved rounds.

    Rounds stop early once ``budget`` seconds have been spent on them (at least one round).
    """
    for task in candidates.values():  # warm-up: compile, fill caches; not a measurement
        task()
    times: dict[str, list[float]] = {name: [] for name in candidates}
    names = list(candidates)
    spent = 0.0
    for r in range(rounds):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order:
            start = time.perf_counter()
            candidates[name]()
            elapsed = time.perf_counter() - start
            times[name].append(elapsed)
            spent += elapsed
        if spent > budget:
            break
    return {
        name: {
            "median": statistics.median(values),
            "min": min(values),
            "max": max(values),
            "runs": len(values),
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
