"""What the inner loop (make check: ``-m "not slow"``) runs of a large table of cases.

A cross-product (every garbage value against every checker) or a long family of cases that
each start a sandbox would cost the inner loop much of its minute: it runs a sample, and the
rest is marked ``slow`` (make test runs every case).  The sample is fixed, never random:
``--lf`` and a rerun see the same tests.

>>> [p.marks for p in sample(["a", "b", "c", "d"], every=3)] == [(), SLOW, SLOW, ()]
True
>>> pairs = diagonal(["x", "y"], [1, 2, 3], every=3)
>>> [(p.values, p.id) for p in pairs if not p.marks]
[(('x', 1), 'x-1'), (('y', 3), 'y-3')]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:  # what pytest.param returns (pytest names it nowhere public)
    from _pytest.mark import ParameterSet

#: The mark of the cases the inner loop leaves to make test.
SLOW = (pytest.mark.slow,)


def sample(cases: Sequence[Any], *, every: int) -> list[ParameterSet]:
    """``cases`` as parameters (a tuple is one case's arguments): every ``every``-th quick,
    from the first on, the others slow.  Their ids are pytest's own."""
    return [
        pytest.param(*(case if isinstance(case, tuple) else (case,)), marks=_marks(k, every))
        for k, case in enumerate(cases)
    ]


def diagonal(
    rows: Sequence[Any],
    columns: Sequence[Any],
    *,
    every: int,
    ids: Callable[[int, int], str] | None = None,
) -> list[ParameterSet]:
    """Every pair (row, column) as a parameter; quick only on every ``every``-th diagonal.

    Each row meets ``len(columns) / every`` columns in the inner loop and each column
    ``len(rows) / every`` rows.  ``ids(i, j)`` names pair (i, j) (default ``row-column``).
    """
    return [
        pytest.param(
            row,
            column,
            marks=_marks(i + j, every),
            id=ids(i, j) if ids else f"{row}-{column}",
        )
        for i, row in enumerate(rows)
        for j, column in enumerate(columns)
    ]


def _marks(index: int, every: int) -> tuple[Any, ...]:
    return () if index % every == 0 else SLOW
