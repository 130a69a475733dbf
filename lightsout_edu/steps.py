"""The row operations of Gauss–Jordan elimination, as plain data.

A recorded elimination is a list of these steps; the same data drives replay
(:meth:`Step.apply` / :meth:`Step.undo`), the sentences a student reads, the LaTeX export,
the widgets (which receive them as :meth:`Step.as_list`) and the exercise checkers.  Row
indices are 0-based, as in NumPy.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from ._i18n import t
from ._validation import from_work, to_work

__all__ = ["AddRow", "Scale", "Step", "Swap", "step_from_list"]


def _affine(target: NDArray, factor: int, source: NDArray, modulus: int) -> NDArray:
    """``target + factor * source (mod modulus)``, in the dtype of ``target``.

    The factor is reduced first, so any whole number (2^70, -1) gives the exact residue.
    """
    total = to_work(target, modulus) + (factor % modulus) * to_work(source, modulus)
    return from_work(total % modulus, modulus).astype(target.dtype, copy=False)


@dataclass(frozen=True, slots=True)
class Swap:
    """Exchange rows ``i`` and ``j`` to bring a pivot into place."""

    i: int
    j: int
    pivot_col: int

    @property
    def rows(self) -> tuple[int, ...]:
        """The rows this step changes."""
        return (self.i, self.j)

    def apply(self, M: NDArray, modulus: int) -> None:
        """R_i <-> R_j (in place)."""
        M[[self.i, self.j]] = M[[self.j, self.i]]

    def undo(self, M: NDArray, modulus: int) -> None:
        """A swap is its own inverse."""
        self.apply(M, modulus)

    def as_list(self) -> list[int]:
        """``[0, i, j, pivot_col, 1]``: the step as data for the browser."""
        return [0, self.i, self.j, self.pivot_col, 1]


@dataclass(frozen=True, slots=True)
class AddRow:
    """Add ``factor`` times row ``src`` to row ``dst``, clearing column ``pivot_col`` there."""

    src: int
    dst: int
    pivot_col: int
    factor: int = 1

    @property
    def rows(self) -> tuple[int, ...]:
        """The rows this step reads and changes (source first)."""
        return (self.src, self.dst)

    def apply(self, M: NDArray, modulus: int) -> None:
        """R_dst <- R_dst + factor * R_src (mod p, in place)."""
        if modulus == 2:
            M[self.dst] ^= M[self.src]
        else:
            M[self.dst] = _affine(M[self.dst], self.factor, M[self.src], modulus)

    def undo(self, M: NDArray, modulus: int) -> None:
        """R_dst <- R_dst - factor * R_src (mod p, in place)."""
        if modulus == 2:
            M[self.dst] ^= M[self.src]
        else:
            M[self.dst] = _affine(M[self.dst], modulus - self.factor, M[self.src], modulus)

    def as_list(self) -> list[int]:
        """``[1, src, dst, pivot_col, factor]``: the step as data for the browser."""
        return [1, self.src, self.dst, self.pivot_col, self.factor]


@dataclass(frozen=True, slots=True)
class Scale:
    """Multiply row ``row`` by ``factor`` so that its pivot becomes 1 (only when p > 2)."""

    row: int
    factor: int
    pivot_col: int

    @property
    def rows(self) -> tuple[int, ...]:
        """The row this step changes."""
        return (self.row,)

    def apply(self, M: NDArray, modulus: int) -> None:
        """R_row <- factor * R_row (mod p, in place)."""
        M[self.row] = _affine(np.zeros_like(M[self.row]), self.factor, M[self.row], modulus)

    def undo(self, M: NDArray, modulus: int) -> None:
        """Multiply by the inverse factor."""
        if self.factor % modulus == 0:
            raise ValueError(
                t(
                    "scaling row {row} by {factor} = 0 (mod {p}) cannot be undone: 0 has no "
                    "inverse",
                    row=self.row + 1,
                    factor=self.factor,
                    p=modulus,
                )
            )
        inverse = pow(self.factor, -1, modulus)
        M[self.row] = _affine(np.zeros_like(M[self.row]), inverse, M[self.row], modulus)

    def as_list(self) -> list[int]:
        """``[2, row, row, pivot_col, factor]``: the step as data for the browser."""
        return [2, self.row, self.row, self.pivot_col, self.factor]


Step = Swap | AddRow | Scale


def step_from_list(data: list[int]) -> Step:
    """The inverse of ``Step.as_list``.

    Examples
    --------
    >>> step_from_list(AddRow(0, 2, 0).as_list())
    AddRow(src=0, dst=2, pivot_col=0, factor=1)
    """
    values = [int(v) for v in data]
    if len(values) != 5:
        raise ValueError(
            t(
                "a step is 5 whole numbers [kind, row, row, pivot column, factor], not {data}",
                data=repr(data),
            )
        )
    kind, a, b, col, factor = values
    if kind == 0:
        return Swap(a, b, col)
    if kind == 1:
        return AddRow(a, b, col, factor)
    if kind == 2:
        return Scale(a, factor, col)
    raise ValueError(
        t(
            "unknown step kind {kind} in {data}: 0 = swap, 1 = add, 2 = scale",
            kind=kind,
            data=repr(data),
        )
    )
