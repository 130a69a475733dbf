"""Gauss–Jordan elimination over GF(p) that records every row operation.

The recorded steps are plain data (:class:`~lightsout_edu.Swap`, :class:`~lightsout_edu.AddRow`,
:class:`~lightsout_edu.Scale`, in :mod:`lightsout_edu.steps`); the same data drives playback
(:meth:`Elimination.state`), the sentences of :meth:`Elimination.explain`, the LaTeX export
(:func:`lightsout_edu.elimination_to_latex`), the animation and the widgets.  Replaying the
steps on the start matrix gives :attr:`Elimination.rref` exactly.

Row and column indices in the step data are 0-based (Python); the sentences a student reads
count rows and columns from 1, as in ``R_1, R_2, ...``.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._i18n import t
from ._validation import (
    as_matrix,
    as_rhs,
    check_memory,
    check_prime_modulus,
    from_work,
    read_matrix,
    read_only,
    storage_dtype,
    to_work,
    work_entry_bytes,
)
from .steps import AddRow, Scale, Step, Swap

__all__ = [
    "MAX_ELIMINATION_WORK",
    "MAX_RECORDED_ENTRIES",
    "check_recorded_size",
    "Elimination",
    "check_elimination_size",
    "eliminate",
    "gauss_jordan",
]

#: The biggest matrix (rows x columns) :func:`eliminate` records: about 1000 x 1000.
MAX_RECORDED_ENTRIES = 2**20

#: The most entry operations (rows x columns x pivots) a dense elimination mod p may cost
#: before it is refused (a few seconds of work).
MAX_ELIMINATION_WORK = 4 * 10**9


def check_elimination_size(n_rows: int, n_cols: int, k: int, instead: str) -> None:
    """Refuse a dense Gauss-Jordan elimination that would run for minutes or not fit in memory.

    From the shape alone: made before the matrix is read, so a refusal takes no time.
    """
    work = n_rows * n_cols * min(n_rows, n_cols)
    if work > MAX_ELIMINATION_WORK:
        raise ValueError(
            t(
                "Gauss-Jordan elimination of a {rows}x{cols} matrix mod {k} would take about "
                "{work} operations on entries, more than the {limit} this package allows "
                "(minutes or hours); {instead}",
                rows=n_rows,
                cols=n_cols,
                k=k,
                work=f"{work:.1e}",
                limit=f"{MAX_ELIMINATION_WORK:.0e}",
                instead=instead,
            )
        )
    check_memory(
        n_rows * (n_cols + 1) * work_entry_bytes(k),
        t("eliminating a {rows}x{cols} matrix mod {k}", rows=n_rows, cols=n_cols, k=k),
        instead,
    )


def check_recorded_size(rows: int, cols: int) -> None:
    """Refuse to record an elimination of more than :data:`MAX_RECORDED_ENTRIES` entries.

    From the shape ``rows x cols`` alone, before the matrix is built or read.

    Examples
    --------
    >>> check_recorded_size(1, 3_000_001)
    Traceback (most recent call last):
    ...
    ValueError: eliminate records every row operation so that a lecture can replay it; a \
1x3000001 matrix is too big to record (at most 1048576 entries, about 1000 x 1000). For the \
answers alone use lightsout_edu.rank, rref, solve or solve_board, which keep no record
    """
    if rows * cols > MAX_RECORDED_ENTRIES:
        raise ValueError(
            t(
                "eliminate records every row operation so that a lecture can replay it; a "
                "{rows}x{cols} matrix is too big to record (at most {limit} entries, about "
                "1000 x 1000). For the answers alone use lightsout_edu.rank, rref, solve or "
                "solve_board, which keep no record",
                rows=rows,
                cols=cols,
                limit=MAX_RECORDED_ENTRIES,
            )
        )


def gauss_jordan(
    M: NDArray, k: int = 2, record: list[Step] | None = None
) -> tuple[NDArray, tuple[int, ...]]:
    """Reduce ``M`` to reduced row echelon form over GF(k), in place.

    Pivots are chosen column by column, left to right, taking the first non-zero entry at or
    below the current row.  When ``record`` is a list, every row operation is appended to it.

    Returns
    -------
    (numpy.ndarray, tuple of int)
        ``M`` itself (now in RREF) and its pivot columns.
    """
    n_rows, n_cols = M.shape
    work = M if k == 2 else to_work(M, k)
    pivots: list[int] = []
    r = 0
    for c in range(n_cols):
        if r == n_rows:
            break
        # Find a pivot in column c at or below row r; none means c is a free column.
        below = np.flatnonzero(work[r:, c])
        if below.size == 0:
            continue
        q = r + int(below[0])
        if q != r:  # Swap rows r and q: the pivot is now in row r.
            work[[r, q]] = work[[q, r]]
            if record is not None:
                record.append(Swap(r, q, c))
        if k != 2 and work[r, c] != 1:  # Scale the pivot row so that the pivot is 1.
            inverse = pow(int(work[r, c]), -1, k)
            work[r] = (work[r] * inverse) % k
            if record is not None:
                record.append(Scale(r, inverse, c))
        # Clear every other 1 (non-zero entry) in column c with the pivot row.
        targets = np.flatnonzero(work[:, c])
        targets = targets[targets != r]
        if k == 2:
            work[targets] ^= work[r]
            if record is not None:
                record.extend(AddRow(r, int(d), c) for d in targets)
        else:
            factors = (-work[targets, c]) % k
            work[targets] = (work[targets] + factors[:, None] * work[r]) % k
            if record is not None:
                record.extend(
                    AddRow(r, int(d), c, int(f)) for d, f in zip(targets, factors, strict=True)
                )
        pivots.append(c)
        r += 1
    if work is not M:
        M[...] = from_work(work, k)
    return M, tuple(pivots)


class Elimination:
    """A recorded Gauss–Jordan elimination; build it with :func:`eliminate`.

    Attributes
    ----------
    modulus : int
        The field size p (2 for classic Lights Out).
    matrix : numpy.ndarray
        The start matrix: ``A``, or the augmented ``[A | b]``.
    augmented : bool
        Whether a right-hand side ``b`` is the last column.
    n_unknowns : int
        The number of columns of ``A``.
    steps : tuple of Step
        Every row operation, in order.
    rref : numpy.ndarray
        The reduced row echelon form (of ``[A | b]`` when augmented).
    pivots : tuple of int
        Pivot columns of ``A`` (a pivot in the ``b`` column is not listed: it means 0 = 1).
    """

    #: how many stored copies of the matrix at most (besides the playback cursor)
    MAX_CHECKPOINTS = 16

    def __init__(self, matrix: NDArray, n_unknowns: int, modulus: int) -> None:
        self.modulus = modulus
        self.matrix = read_only(matrix)  # nobody can make these writable again
        self.n_unknowns = n_unknowns
        self.augmented = matrix.shape[1] > n_unknowns
        steps: list[Step] = []
        work, all_pivots = gauss_jordan(matrix.copy(), modulus, steps)
        self.steps: tuple[Step, ...] = tuple(steps)
        self.rref = read_only(work)
        # pivot column -> pivot row; a pivot in the b column (if any) means 0 = 1
        self._pivot_row = {c: r for r, c in enumerate(all_pivots)}
        self.pivots = tuple(c for c in all_pivots if c < n_unknowns)
        self._checkpoints = self._make_checkpoints()
        self._cursor: tuple[int, NDArray] = (0, self.matrix.copy())

    def _make_checkpoints(self) -> list[tuple[int, NDArray]]:
        """Copies of the matrix every ``interval`` steps (at most ``MAX_CHECKPOINTS``)."""
        n = len(self.steps)
        interval = max(64, -(-n // self.MAX_CHECKPOINTS))
        checkpoints = [(0, self.matrix.copy())]
        work = self.matrix.copy()
        for k, step in enumerate(self.steps, start=1):
            step.apply(work, self.modulus)
            if k % interval == 0 and k < n:
                checkpoints.append((k, work.copy()))
        checkpoints.append((n, self.rref.copy()))
        return checkpoints

    # -- facts about the result ------------------------------------------------------------
    @property
    def rank(self) -> int:
        """The rank of ``A`` (the number of pivots)."""
        return len(self.pivots)

    @property
    def consistent(self) -> bool:
        """False when a row reads 0 = (non-zero): ``A x = b`` has no solution."""
        return self.n_unknowns not in self._pivot_row

    @property
    def pivot_starts(self) -> tuple[int, ...]:
        """For each pivot, the index of the first step that serves it (ascending)."""
        starts: dict[int, int] = {}
        for k, step in enumerate(self.steps):
            starts.setdefault(step.pivot_col, k)
        return tuple(sorted(starts.values()))

    def pivot_at(self, k: int) -> tuple[int, int]:
        """The pivot ``(row, column)`` that step ``k`` serves."""
        col = self.steps[self._check_step(k)].pivot_col
        return self._pivot_row[col], col

    def solution(self) -> NDArray | None:
        """One solution of ``A x = b`` (free unknowns set to 0), or None if there is none."""
        if not self.augmented:
            raise ValueError(t("this elimination has no right-hand side b; call eliminate(A, b)"))
        if not self.consistent:
            return None
        x = np.zeros(self.n_unknowns, dtype=self.rref.dtype)
        for c in self.pivots:
            x[c] = self.rref[self._pivot_row[c], -1]
        return x

    # -- playback -------------------------------------------------------------------------
    def _check_step(self, k: int, *, allow_end: bool = False) -> int:
        last = len(self.steps) if allow_end else len(self.steps) - 1
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
            raise TypeError(t("the step number must be a whole number, not {k}", k=repr(k)))
        if not 0 <= k <= last:
            raise ValueError(
                t("step {k} does not exist: this elimination has steps 0 .. {last}", k=k, last=last)
                if last >= 0
                else t("this elimination has no steps")
            )
        return int(k)

    def state(self, k: int) -> NDArray:
        """The matrix after the first ``k`` steps (``0 <= k <= len(steps)``), as a new array.

        Starts from the nearest stored checkpoint or the last state asked for, and replays
        (or undoes) the steps in between, so sliding back and forth is cheap.
        """
        k = self._check_step(k, allow_end=True)
        base, matrix = min(self._checkpoints + [self._cursor], key=lambda cp: abs(cp[0] - k))
        work = matrix.copy()
        for step in self.steps[base:k]:
            step.apply(work, self.modulus)
        for step in reversed(self.steps[k:base]):
            step.undo(work, self.modulus)
        self._cursor = (k, work)
        return work.copy()

    def explain(self, k: int) -> str:
        """A sentence for step ``k`` (rows and columns counted from 1), in the language in use.

        The widgets' front end says the same sentence from the same table
        (``strings/<language>/widgets.json``).
        """
        step = self.steps[self._check_step(k)]
        on_b = step.pivot_col == self.n_unknowns
        what = t("step.rhsColumn") if on_b else t("step.column", col=step.pivot_col + 1)
        mod = t("step.mod", p=self.modulus) if self.modulus != 2 else ""
        if isinstance(step, Swap):
            return t("step.swap", a=step.i + 1, b=step.j + 1, what=what)
        if isinstance(step, Scale):
            return t("step.scale", a=step.row + 1, factor=step.factor, mod=mod, what=what)
        times = "" if step.factor == 1 else t("step.times", factor=step.factor)
        return t("step.add", times=times, a=step.src + 1, b=step.dst + 1, mod=mod, what=what)

    def __len__(self) -> int:
        return len(self.steps)

    def __repr__(self) -> str:
        rows, cols = self.matrix.shape
        kind = t("augmented ") if self.augmented else ""
        verdict = (
            ""
            if not self.augmented
            else (t(", consistent") if self.consistent else t(", inconsistent (0 = 1)"))
        )
        return t(
            "<Elimination of a {rows}x{cols} {kind}matrix over GF({p}): rank {rank}, "
            "{count} steps{verdict}>",
            rows=rows,
            cols=cols,
            kind=kind,
            p=self.modulus,
            rank=self.rank,
            count=len(self.steps),
            verdict=verdict,
        )


def eliminate(A: ArrayLike, b: ArrayLike | None = None, *, modulus: int = 2) -> Elimination:
    """Run Gauss–Jordan elimination over GF(p) and record every row operation.

    Parameters
    ----------
    A : array_like
        The coefficient matrix (entries ``0..p-1``), e.g. a toggle matrix.
    b : array_like, optional
        A right-hand side (a board flattened row-major, or the board itself).  When given,
        the augmented matrix ``[A | b]`` is reduced.
    modulus : int, default 2
        A prime p: the arithmetic is mod p.

    Returns
    -------
    Elimination
        The steps, the RREF, the pivots, and playback helpers.

    Examples
    --------
    >>> from lightsout_edu import toggle_matrix
    >>> e = eliminate(toggle_matrix(1, 3), [1, 0, 1])
    >>> e.rank, e.consistent, e.solution().tolist()
    (3, True, [1, 0, 1])
    >>> e.explain(0)
    'Add row 1 to row 2 to clear column 1.'
    """
    k = check_prime_modulus(modulus)
    raw = read_matrix(A, "A")
    rows, n = raw.shape
    check_recorded_size(rows, n + (b is not None))
    check_elimination_size(rows, n + (b is not None), k, t("use a smaller matrix"))
    M = as_matrix(raw, "A", modulus=k)
    if b is not None:
        rhs = as_rhs(b, M.shape[0], modulus=k)
        M = np.column_stack([M, rhs])
    return Elimination(M.astype(storage_dtype(k)), n, k)
