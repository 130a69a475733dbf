"""Row reduction by hand: the student does Gauss-Jordan elimination, the widget checks."""

from __future__ import annotations

import numpy as np
import traitlets
from numpy.typing import ArrayLike, NDArray

from .._i18n import t
from .._validation import as_matrix, as_rhs, check_prime_modulus
from ..elimination import eliminate
from ..linalg import rref
from ..rules import toggle_matrix
from ..steps import AddRow, Scale, Step, Swap, step_from_list
from ._base import (
    LightsOutWidget,
    WidgetTypeError,
    WidgetValueError,
    check_whole,
    digit_rows,
    fixed_trait,
)
from ._frontend import esm
from .game import check_widget_size
from .player import MAX_BROWSER_MODULUS

__all__ = ["RowReductionPractice"]

#: The default system: the 3x3 board of lecture 3, as [A | b].
DEFAULT_BOARD = [1, 1, 0, 1, 0, 0, 0, 0, 1]
#: The largest matrix a student reduces by hand here.
MAX_ROWS, MAX_COLS = 12, 13


class RowReductionPractice(LightsOutWidget):
    """Do Gauss-Jordan elimination yourself: pick rows, swap, add, scale; the widget checks.

    Click a row label to choose the first row, another for the second, then an operation:
    **Swap** the two rows, **Add** (a multiple of) the first row to the second, or (for p > 2)
    **Scale** the first row.  The widget applies it, keeps every operation (Undo takes one
    back), outlines the pivots in place, and says what went wrong: an operation that
    destroyed a pivot already in place, a pivot taken in the wrong column, a wasted move.
    When the matrix is in reduced row echelon form it says so, whether the system is
    consistent, and how many operations the recorded elimination needs.  It works in the
    browser without a kernel; with one, :attr:`operations` and :attr:`matrix` let an exercise
    checker grade the work.

    Parameters
    ----------
    A : array_like, optional
        The coefficient matrix (default: the 3x3 toggle matrix).
    b : array_like, optional
        A right-hand side; the student reduces ``[A | b]`` (default: a 3x3 board).
    modulus : int, default 2
        A prime p: the arithmetic is mod p.
    size : float, default 1
        Scale of the widget.

    Examples
    --------
    >>> practice = RowReductionPractice([[1, 1], [1, 0]], [1, 1])
    >>> practice.add(0, 1)
    >>> practice.matrix.tolist()
    [[1, 1, 1], [0, 1, 0]]
    >>> practice.is_rref
    False
    """

    _esm = esm("practice")
    start = traitlets.List(traitlets.Any()).tag(sync=True)
    modulus = traitlets.Int(2).tag(sync=True)
    n_unknowns = traitlets.Int().tag(sync=True)
    reference_operations = traitlets.Int().tag(sync=True)
    #: the student's operations as data, ``[kind, a, b, pivot_col, factor]`` (synced)
    ops = traitlets.List(traitlets.List(traitlets.Int())).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self,
        A: ArrayLike | None = None,
        b: ArrayLike | None = None,
        *,
        modulus: int = 2,
        size: float = 1.0,
    ) -> None:
        p = check_prime_modulus(modulus)
        if p > MAX_BROWSER_MODULUS:
            raise ValueError(
                t("modulus must be at most 2^26 for the browser, not {modulus}", modulus=p)
            )
        if A is None:
            A = toggle_matrix(3, 3)
            b = DEFAULT_BOARD if b is None else b
        M = as_matrix(A, "A", modulus=p)
        n = M.shape[1]
        if b is not None:
            M = np.column_stack([M, as_rhs(b, M.shape[0], modulus=p)])
        if M.shape[0] > MAX_ROWS or M.shape[1] > MAX_COLS:
            raise ValueError(
                t(
                    "a {rows}x{cols} matrix is too big to reduce by hand here: at most "
                    "{most_rows} rows and {most_cols} columns (b included)",
                    rows=M.shape[0],
                    cols=M.shape[1],
                    most_rows=MAX_ROWS,
                    most_cols=MAX_COLS,
                )
            )
        self._start = M
        self._rref = np.asarray(rref(M, modulus=p)[0])
        reference = len(eliminate(M[:, :n], None if b is None else M[:, n], modulus=p).steps)
        super().__init__(
            start=digit_rows(M, p),
            modulus=p,
            n_unknowns=n,
            reference_operations=reference,
            size=check_widget_size(size),
        )
        self._made = True

    # -- what the browser may set, checked --------------------------------------------------
    @traitlets.validate("start", "modulus", "n_unknowns", "reference_operations")
    def _fixed_system(self, proposal: traitlets.Bunch) -> object:
        return fixed_trait(
            self,
            proposal,
            lambda name: t(
                "{name} is fixed once the widget is made; make a new RowReductionPractice for "
                "another system",
                name=name,
            ),
        )

    @traitlets.validate("ops")
    def _valid_ops(self, proposal: traitlets.Bunch) -> list[list[int]]:
        return [self._check_op(i, op) for i, op in enumerate(proposal["value"])]

    def _check_op(self, number: int, op: object) -> list[int]:
        """One recorded operation ``[kind, a, b, pivot_col, factor]``, or a clear error."""
        name = f"ops[{number}]"
        if not isinstance(op, (list, tuple)) or len(op) != 5:
            raise WidgetTypeError(
                t(
                    "{name} must be [kind, a, b, pivot_col, factor], not {op}",
                    name=name,
                    op=repr(op),
                )
            )
        rows, cols = self._start.shape
        kind = check_whole(op[0], t("{name} kind (0 swap, 1 add, 2 scale)", name=name), 0, 2)
        a = check_whole(op[1], t("{name} row a", name=name), 0, rows - 1)
        b = check_whole(op[2], t("{name} row b", name=name), 0, rows - 1)
        col = check_whole(op[3], t("{name} pivot column", name=name), -1, cols - 1)
        factor = check_whole(
            op[4], t("{name} factor", name=name), 1, self.modulus - 1 if kind else 1
        )
        if kind == 1 and a == b:
            raise WidgetValueError(
                t(
                    "{name} adds row {a} to itself: an addition takes two different rows",
                    name=name,
                    a=a,
                )
            )
        if kind == 2 and a != b:
            raise WidgetValueError(
                t(
                    "{name} scales one row, so a and b must be equal, not {a}, {b}",
                    name=name,
                    a=a,
                    b=b,
                )
            )
        return [kind, a, b, col, factor]

    # -- what the student did -------------------------------------------------------------
    @property
    def operations(self) -> tuple[Step, ...]:
        """The student's operations, in order, as step objects (Swap, AddRow, Scale)."""
        return tuple(step_from_list(op) for op in self.ops)

    @property
    def matrix(self) -> NDArray:
        """The matrix after the student's operations."""
        work = self._start.copy()
        for step in self.operations:
            step.apply(work, self.modulus)
        return work

    @property
    def is_rref(self) -> bool:
        """Whether the matrix is now the reduced row echelon form of the start matrix."""
        return bool(np.array_equal(self.matrix, self._rref))

    @property
    def consistent(self) -> bool | None:
        """For ``[A | b]``: False when a row reads 0 = (non-zero); None without a b column."""
        if self._start.shape[1] == self.n_unknowns:
            return None
        M = self.matrix
        return not bool(((~M[:, : self.n_unknowns].any(axis=1)) & (M[:, -1] != 0)).any())

    # -- doing it from Python ----------------------------------------------------------------
    def _row(self, i: object, name: str) -> int:
        rows = self._start.shape[0]
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)):
            raise TypeError(
                t("{name} must be a row number (0-based), not {value}", name=name, value=repr(i))
            )
        if not 0 <= i < rows:
            raise ValueError(
                t(
                    "{name}={value} is not a row: rows are 0 to {last}",
                    name=name,
                    value=i,
                    last=rows - 1,
                )
            )
        return int(i)

    def _factor(self, factor: object) -> int:
        p = self.modulus
        if isinstance(factor, bool) or not isinstance(factor, (int, np.integer)):
            raise TypeError(
                t("{name} must be a whole number, not {value}", name="factor", value=repr(factor))
            )
        if not 0 < factor % p:
            raise ValueError(
                t("factor must not be 0 mod {p}: multiplying by 0 is not allowed", p=p)
            )
        return int(factor) % p

    def _leading(self, row: int) -> int:
        nonzero = np.flatnonzero(self.matrix[row, : self.n_unknowns])
        return int(nonzero[0]) if nonzero.size else -1

    def _record(self, step: Step) -> None:
        self.ops = [*self.ops, step.as_list()]

    def swap(self, i: int, j: int) -> None:
        """Swap rows ``i`` and ``j`` (0-based)."""
        i, j = self._row(i, "i"), self._row(j, "j")
        self._record(Swap(i, j, self._leading(j)))

    def add(self, src: int, dst: int, factor: int = 1) -> None:
        """Add ``factor`` times row ``src`` to row ``dst``."""
        src, dst = self._row(src, "src"), self._row(dst, "dst")
        if src == dst:
            raise ValueError(
                t("src and dst must be different rows (adding a row to itself doubles it)")
            )
        self._record(AddRow(src, dst, self._leading(src), self._factor(factor)))

    def scale(self, row: int, factor: int) -> None:
        """Multiply row ``row`` by ``factor`` (not 0)."""
        row = self._row(row, "row")
        self._record(Scale(row, self._factor(factor), self._leading(row)))

    def undo(self) -> None:
        """Take back the last operation."""
        self.ops = self.ops[:-1]

    def reset(self) -> None:
        """Undo every operation."""
        self.ops = []

    def __repr__(self) -> str:
        rows, cols = self._start.shape
        values = {"rows": rows, "cols": cols, "p": self.modulus, "count": len(self.ops)}
        if self.is_rref:
            return t(
                "RowReductionPractice({rows}x{cols} over GF({p}): {count} operations, in RREF)",
                **values,
            )
        return t(
            "RowReductionPractice({rows}x{cols} over GF({p}): {count} operations, not yet in RREF)",
            **values,
        )
