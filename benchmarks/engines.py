"""The engines timed on ``A x = b`` for the n x n "plus" board: ours and the peers.

Each engine maps a task name ("rank", "solve", "null_space") to a function of (A, b) that
returns a prepared zero-argument callable, so conversion into a peer's matrix type is not
timed.  Peers that are not installed are left out (see :func:`available_engines`).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

import numpy as np

import lightsout_edu as lo

Prepared = Callable[[], object]
Engine = dict[str, Callable[[np.ndarray, np.ndarray], Prepared]]

TASKS = ("rank", "solve", "null_space")


def _ours() -> Engine:
    return {
        "rank": lambda A, b: lambda: lo.rank(A),
        "solve": lambda A, b: lambda: lo.solve(A, b),
        "null_space": lambda A, b: lambda: lo.null_space(A),
    }


def _recording() -> Engine:
    return {
        "rank": lambda A, b: lambda: lo.eliminate(A).rank,
        "solve": lambda A, b: lambda: lo.eliminate(A, b).solution(),
    }


def _int_rows_reduce(rows: list[int]) -> dict[int, int]:
    """Echelon basis by insertion: leading (lowest) bit -> row, rows as Python ints."""
    basis: dict[int, int] = {}
    for row in rows:
        while row:
            lead = (row & -row).bit_length() - 1
            if lead not in basis:
                basis[lead] = row
                break
            row ^= basis[lead]
    return basis


def _as_ints(M: np.ndarray) -> list[int]:
    return [int.from_bytes(r.tobytes(), "little") for r in np.packbits(M, 1, bitorder="little")]


def _int_rows_solve(A: np.ndarray, b: np.ndarray) -> int | None:
    n = A.shape[1]
    basis = _int_rows_reduce(_as_ints(np.column_stack([A, b])))
    if n in basis:
        return None
    x = 1 << n  # the b column takes part with weight 1
    for lead in sorted(basis, reverse=True):
        if (basis[lead] & x).bit_count() & 1:
            x |= 1 << lead
    return x ^ (1 << n)


def _python_ints() -> Engine:
    """The alternative to packed words: each row one Python int (measured, not shipped)."""
    return {
        "rank": lambda A, b: lambda: len(_int_rows_reduce(_as_ints(A))),
        "solve": lambda A, b: lambda: _int_rows_solve(A, b),
    }


def _galois() -> Engine:
    import galois

    field = galois.GF(2)
    return {
        "rank": lambda A, b: (lambda M: lambda: np.linalg.matrix_rank(M))(field(A)),
        "solve": lambda A, b: (lambda M: lambda: M.row_reduce())(field(np.column_stack([A, b]))),
        "null_space": lambda A, b: (lambda M: lambda: M.null_space())(field(A)),
    }


def _sympy_matrix(M: np.ndarray) -> object:
    from sympy import GF
    from sympy.polys.matrices import DomainMatrix

    one = GF(2).one
    rows: dict[int, dict[int, object]] = {}
    for i, j in zip(*np.nonzero(M), strict=True):
        rows.setdefault(int(i), {})[int(j)] = one
    return DomainMatrix(rows, M.shape, GF(2))


def _sympy() -> Engine:
    return {
        "rank": lambda A, b: (lambda M: lambda: M.rank())(_sympy_matrix(A)),
        "solve": lambda A, b: (lambda M: lambda: M.rref())(_sympy_matrix(np.column_stack([A, b]))),
        "null_space": lambda A, b: (lambda M: lambda: M.nullspace())(_sympy_matrix(A)),
    }


def _flint() -> Engine:
    import flint

    def matrix(M: np.ndarray) -> object:
        return flint.nmod_mat(M.tolist(), 2)

    return {
        "rank": lambda A, b: (lambda M: lambda: M.rank())(matrix(A)),
        "solve": lambda A, b: (lambda M: lambda: M.rref())(matrix(np.column_stack([A, b]))),
        "null_space": lambda A, b: (lambda M: lambda: M.nullspace())(matrix(A)),
    }


OURS = "ours: packed words"
PEERS = {
    "galois": ("galois", _galois),
    "sympy DomainMatrix": ("sympy", _sympy),
    "python-flint nmod_mat": ("flint", _flint),
}


def available_engines() -> tuple[dict[str, Engine], list[str]]:
    """Engines to time (ours first) and the names of peers that are not installed."""
    engines = {
        OURS: _ours(),
        "ours: Python-int rows": _python_ints(),
        "ours: recording engine": _recording(),
    }
    missing = []
    for name, (module, build) in PEERS.items():
        if importlib.util.find_spec(module) is None:
            missing.append(name)
        else:
            engines[name] = build()
    return engines, missing
