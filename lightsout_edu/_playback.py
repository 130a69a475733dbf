"""What to show at each position of a recorded elimination (shared by the animation and the player).

Position ``k`` (0 <= k <= len(steps)) means "after the first ``k`` steps": the matrix shown is
``elimination.state(k)``, the rows highlighted are those touched by the step just applied
(``steps[k - 1]``), and the pivot cells are those of the pivots whose work has begun.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ._i18n import t
from .elimination import Elimination
from .latex import step_to_latex
from .rules import RULES, toggle_matrix
from .steps import AddRow

__all__ = ["Frame", "Playback", "detect_board_shape"]


@dataclass(frozen=True)
class Frame:
    """Everything a picture of position ``k`` needs."""

    k: int
    matrix: NDArray
    pivots: tuple[tuple[int, int], ...]
    highlight_rows: tuple[int, ...]
    caption: str
    operation: str  # LaTeX of the step just applied ("" at the start)


def detect_board_shape(elimination: Elimination) -> tuple[int, int] | None:
    """Return ``(rows, cols)`` if the system is ``[A | b]`` with A a named-rule toggle matrix."""
    if not elimination.augmented:
        return None
    a = np.asarray(elimination.matrix)[:, :-1]
    n = a.shape[1]
    if a.shape[0] != n or n > 400 or not np.array_equal(a, a.T):
        return None
    shapes = [(r, n // r) for r in range(1, n + 1) if n % r == 0]
    shapes.sort(key=lambda rc: abs(rc[0] - rc[1]))  # squarest boards first
    for rows, cols in shapes:
        for rule in RULES:
            for torus in (False, True):
                if np.array_equal(a, toggle_matrix(rows, cols, rule=rule, torus=torus)):
                    return rows, cols
    return None


class Playback:
    """Precomputed pivot bookkeeping of one elimination, so every position is cheap to show."""

    def __init__(self, elimination: Elimination) -> None:
        self.elimination = elimination
        self.n_steps = len(elimination.steps)
        # Pivot i (in row i, column pivots[i]) counts as found once a step serves it; a pivot
        # that needed no step is found when the next one is, or at the end.
        self._pivot_rows_found = np.zeros(self.n_steps + 1, dtype=np.int64)
        found = 0
        for j in range(self.n_steps):
            found = max(found, elimination.pivot_at(j)[0] + 1)
            self._pivot_rows_found[j + 1] = found
        # Every pivot of the RREF, plus the b column when a row reads 0 = 1.
        self._pivot_cells = tuple(enumerate(elimination.pivots))
        if not elimination.consistent:
            self._pivot_cells += ((elimination.rank, elimination.n_unknowns),)
        self._pivot_rows_found[self.n_steps] = len(self._pivot_cells)
        self._starts = sorted(set(elimination.pivot_starts))

    def check_position(self, k: object) -> int:
        """Return ``k`` as a position, or raise a clear error."""
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
            raise TypeError(
                t(
                    "step must be a whole number from 0 to {last}, not {k}",
                    last=self.n_steps,
                    k=repr(k),
                )
            )
        if not 0 <= k <= self.n_steps:
            raise ValueError(
                t(
                    "step={k} is out of range: positions go from 0 (the start) to {last} (after "
                    "the last step)",
                    k=k,
                    last=self.n_steps,
                )
            )
        return int(k)

    @property
    def pivot_cells(self) -> tuple[tuple[int, int], ...]:
        """Every pivot ``(row, col)`` of the result, with the b column's when a row reads 0 = 1."""
        return self._pivot_cells

    def found_at(self) -> list[int]:
        """For each pivot cell, the first position at which it counts as found."""
        found = self._pivot_rows_found
        return [int(np.searchsorted(found, i + 1)) for i in range(len(self._pivot_cells))]

    def final_at(self) -> list[int]:
        """For each row, the first position after which no step changes it (0: never changed).

        From there on the row is its row of the reduced form, so a pivot's entry of the
        right-hand side is the final value of its unknown.
        """
        final = [0] * self.elimination.matrix.shape[0]
        for k, step in enumerate(self.elimination.steps, start=1):
            changed = (step.dst,) if isinstance(step, AddRow) else step.rows
            for row in changed:
                final[row] = k
        return final

    def pivots(self, k: int) -> tuple[tuple[int, int], ...]:
        """Pivot cells ``(row, col)`` found after ``k`` steps."""
        return self._pivot_cells[: int(self._pivot_rows_found[k])]

    def highlight_rows(self, k: int) -> tuple[int, ...]:
        """Rows changed or used by the step just applied (none at the start)."""
        return tuple(self.elimination.steps[k - 1].rows) if k > 0 else ()

    def next_pivot(self, k: int) -> int:
        """Position where the next pivot's work begins (or the end)."""
        i = bisect.bisect_right(self._starts, k)
        return self._starts[i] if i < len(self._starts) else self.n_steps

    def previous_pivot(self, k: int) -> int:
        """Position where the previous pivot's work began (or the start)."""
        i = bisect.bisect_left(self._starts, k)
        return self._starts[i - 1] if i > 0 else 0

    def caption(self, k: int) -> str:
        """A sentence for position ``k``: the step just applied, the start, or the result."""
        e = self.elimination
        if k == 0:
            return t("caption.start", what="[A | b]" if e.augmented else "A")
        text = t("caption.step", k=k, n=self.n_steps, explain=e.explain(k - 1))
        if k == self.n_steps:
            text += t("caption.done", rank=e.rank)
            if e.augmented:
                text += t("caption.consistent" if e.consistent else "caption.inconsistent")
        return text

    def operation(self, k: int) -> str:
        """LaTeX of the step just applied ("" at the start)."""
        return step_to_latex(self.elimination.steps[k - 1]) if k > 0 else ""

    def frame(self, k: int) -> Frame:
        """Everything shown at position ``k``."""
        k = self.check_position(k)
        return Frame(
            k,
            self.elimination.state(k),
            self.pivots(k),
            self.highlight_rows(k),
            self.caption(k),
            self.operation(k),
        )
