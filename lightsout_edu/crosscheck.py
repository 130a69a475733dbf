"""Check our elimination against two independent libraries: galois and sympy."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._i18n import t
from ._threads import all_worker_threads
from ._validation import as_matrix, as_rhs, check_prime_modulus, matmul_mod, storage_dtype
from .elimination import eliminate
from .linalg import null_space

__all__ = ["CrossCheckError", "CrossCheckReport", "EngineResult", "cross_check"]

ENGINES = ("ours", "galois", "sympy")


class CrossCheckError(AssertionError):
    """Raised when the engines disagree (which would mean a bug somewhere)."""


@dataclass(frozen=True)
class EngineResult:
    """What one engine computed for ``A`` (and ``[A | b]``)."""

    rank: int
    pivots: tuple[int, ...]
    nullity: int
    rref: NDArray
    consistent: bool | None
    kernel_ok: bool


@dataclass(frozen=True)
class CrossCheckReport:
    """The results of every engine side by side; ``repr`` prints them as a table."""

    shape: tuple[int, int]
    modulus: int
    augmented: bool
    results: dict[str, EngineResult]

    def __repr__(self) -> str:
        rows, cols, p = *self.shape, self.modulus
        title = (
            t("cross_check of [A | b] with A {rows}x{cols} over GF({p})", rows=rows, cols=cols, p=p)
            if self.augmented
            else t("cross_check of A {rows}x{cols} over GF({p})", rows=rows, cols=cols, p=p)
        )
        lines = [
            t("{title}: all engines agree", title=title),
            _pad("", 18) + "".join(_pad(name, 10, right=True) for name in self.results),
        ]

        def row(label: str, values: list[object]) -> None:
            lines.append(_pad(label, 18) + "".join(_pad(str(v), 10, right=True) for v in values))

        res = list(self.results.values())
        yes, no = t("yes"), t("no")
        row(t("rank"), [r.rank for r in res])
        row(t("nullity"), [r.nullity for r in res])
        row(t("pivot columns"), [_short(r.pivots) for r in res])
        row(
            t("same RREF as ours"),
            [yes if np.array_equal(r.rref, res[0].rref) else t("NO") for r in res],
        )
        row(t("kernel checks"), ["A k = 0" if r.kernel_ok else t("FAILS") for r in res])
        if self.augmented:
            row(t("solvable"), [yes if r.consistent else no for r in res])
        return "\n".join(lines)


def _pad(text: str, width: int, *, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` columns of a terminal (a CJK character is 2)."""
    wide = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    space = " " * max(width - wide, 0)
    return space + text if right else text + space


def _short(pivots: tuple[int, ...]) -> str:
    """Pivot columns counted from 1, shortened to fit a table cell."""
    cols = [c + 1 for c in pivots]
    if len(cols) <= 3:
        return ",".join(map(str, cols)) or "-"
    return f"{cols[0]},{cols[1]}..{cols[-1]}"


def _pivots_of(R: NDArray) -> tuple[int, ...]:
    return tuple(int(np.flatnonzero(row)[0]) for row in R if row.any())


def _residues(rows: list[list[Any]], shape: tuple[int, int], k: int) -> NDArray:
    """A library's matrix entries as residues mod k, in the storage dtype of k (any k)."""
    values = np.array([[int(v) % k for v in row] for row in rows], dtype=object)
    return values.reshape(shape).astype(storage_dtype(k))


def _ours(A: NDArray, b: NDArray | None, k: int) -> EngineResult:
    e = eliminate(A, b, modulus=k)
    kernel = null_space(A, modulus=k)
    ok = not matmul_mod(kernel, A.T, k).any() if kernel.shape[0] else True
    return EngineResult(
        e.rank,
        e.pivots,
        A.shape[1] - e.rank,
        np.asarray(e.rref),
        e.consistent if b is not None else None,
        ok,
    )


def _galois(A: NDArray, b: NDArray | None, k: int) -> EngineResult:
    with all_worker_threads():  # galois' parallel kernels, never beside ours on the workqueue
        return _galois_alone(A, b, k)


def _galois_alone(A: NDArray, b: NDArray | None, k: int) -> EngineResult:
    import galois

    GF = galois.GF(k)
    M = GF(A)
    rank = int(np.linalg.matrix_rank(M))
    kernel = M.null_space()
    ok = not np.any(np.asarray(kernel @ M.T))
    aug = M if b is None else GF(np.column_stack([A, b]))
    R = _residues(aug.row_reduce().tolist(), aug.shape, k)
    n = A.shape[1]
    pivots = _pivots_of(R)
    consistent = None if b is None else n not in pivots
    return EngineResult(rank, tuple(c for c in pivots if c < n), kernel.shape[0], R, consistent, ok)


def _sympy(A: NDArray, b: NDArray | None, k: int) -> EngineResult:
    from sympy import GF
    from sympy.polys.matrices import DomainMatrix

    field = GF(k)
    M = DomainMatrix.from_list(A.tolist(), field)
    kernel = M.nullspace()
    ok = (kernel * M.transpose()).is_zero_matrix if kernel.shape[0] else True
    aug = M if b is None else DomainMatrix.from_list(np.column_stack([A, b]).tolist(), field)
    R, pivots = aug.rref()
    dense = _residues(R.to_list(), aug.shape, k)
    n = A.shape[1]
    consistent = None if b is None else n not in pivots
    return EngineResult(
        int(M.rank()),
        tuple(int(c) for c in pivots if c < n),
        kernel.shape[0],
        dense,
        consistent,
        ok,
    )


#: The most rows or columns cross_check accepts (sympy's elimination: seconds at this size).
MAX_SIDE = 600


def cross_check(A: ArrayLike, b: ArrayLike | None = None, *, modulus: int = 2) -> CrossCheckReport:
    """Compute rank, RREF, pivots and kernel with our engine, galois and sympy, and compare.

    Parameters
    ----------
    A : array_like
        A matrix over GF(p).
    b : array_like, optional
        A right-hand side: the augmented ``[A | b]`` is reduced too.
    modulus : int, default 2
        A prime p.

    Returns
    -------
    CrossCheckReport
        Its ``repr`` is a side-by-side table.

    Raises
    ------
    CrossCheckError
        If any two engines disagree.

    Examples
    --------
    >>> from lightsout_edu import toggle_matrix
    >>> cross_check(toggle_matrix(5, 5)).results["galois"].rank
    23
    """
    k = check_prime_modulus(modulus)
    M = as_matrix(A, "A", modulus=k)
    if max(M.shape) > MAX_SIDE:
        raise ValueError(
            t(
                "cross_check compares with sympy's exact elimination, which takes minutes for "
                "a {rows}x{cols} matrix; cross-check one with at most {limit} rows and columns "
                "(lo.rank and lo.solve alone handle big matrices)",
                rows=M.shape[0],
                cols=M.shape[1],
                limit=MAX_SIDE,
            )
        )
    rhs = None
    if b is not None:
        rhs = as_rhs(b, M.shape[0], modulus=k)
    results = {"ours": _ours(M, rhs, k), "galois": _galois(M, rhs, k), "sympy": _sympy(M, rhs, k)}
    reference = results["ours"]
    for name, result in results.items():
        for field in ("rank", "pivots", "nullity", "consistent", "kernel_ok"):
            if getattr(result, field) != getattr(reference, field):
                raise CrossCheckError(
                    t(
                        "{name} disagrees with our engine on {field}: {theirs} vs {ours}",
                        name=name,
                        field=field,
                        theirs=getattr(result, field),
                        ours=getattr(reference, field),
                    )
                )
        if not np.array_equal(result.rref, reference.rref):
            raise CrossCheckError(t("{name} computes a different RREF than our engine", name=name))
        if not result.kernel_ok:
            raise CrossCheckError(t("{name}'s kernel vectors do not satisfy A k = 0", name=name))
    return CrossCheckReport(M.shape, k, rhs is not None, results)
