"""Median wall-clock timing with a time budget."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(task: Callable[[], object], *, repeats: int = 5, budget: float = 2.0) -> float:
    """Median of up to ``repeats`` timed calls after one warm-up call.

    Stops repeating once the calls so far took ``budget`` seconds (at least one timed call);
    a warm-up slower than ``budget`` is itself the single measurement.
    """
    start = time.perf_counter()
    task()
    first = time.perf_counter() - start
    if first >= budget:
        return first
    times: list[float] = []
    while len(times) < repeats and sum(times) < budget:
        start = time.perf_counter()
        task()
        times.append(time.perf_counter() - start)
    return statistics.median(times)
