"""The engines timed on GF(2) linear algebra: ours (through the public API) and the peers.

For every task an engine gives a function of ``(dense, packed, b)`` that prepares the input in
its own format (not timed) and returns a zero-argument callable (timed) whose result
:func:`verify` checks. What each engine computes is stated, because "solve" is not the same
work everywhere:

- **ours**: ``lo.rank``, ``lo.solve`` (echelon form, then back substitution for one
  solution), ``lo.null_space`` (one kernel vector per free column, by back substitution), on
  the packed matrix ``lo.toggle_matrix(..., packed=True)`` / ``PackedMatrix`` (and, as
  "ours: dense input", on the 0/1 array, to show what validating and packing cost; and as
  "ours: kernel only", the compiled kernel called on the packed words directly, to show
  what the public API adds);
- **M4RI**: ``mzd_echelonize_m4ri`` (rank), ``mzd_solve_left`` (PLUQ), ``mzd_kernel_left_pluq``;
  the copy into M4RI's matrix is not timed;
- **ldpc**: ``mod2.rank``, ``PluDecomposition(...).lu_solve``, ``mod2.nullspace`` (sparse);
- **galois** (``np.linalg.matrix_rank``, ``row_reduce`` of ``[A | b]`` = the full reduced form,
  ``null_space``), **sympy** ``DomainMatrix`` over ``GF(2)`` and **python-flint**
  ``nmod_mat`` (rank, ``rref`` of ``[A | b]``, ``nullspace``).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

import numpy as np

import lightsout_edu as lo

Prepared = Callable[[], object]
Task = Callable[[np.ndarray, object, np.ndarray], Prepared]
Engine = dict[str, Task]

TASKS = ("rank", "solve", "null_space")
OURS = "ours"
M4RI = "M4RI"


def _ours() -> Engine:
    return {
        "rank": lambda A, P, b: lambda: lo.rank(P),
        "solve": lambda A, P, b: lambda: lo.solve(P, b),
        "null_space": lambda A, P, b: lambda: lo.null_space(P),
    }


def _ours_dense() -> Engine:
    return {
        "rank": lambda A, P, b: lambda: lo.rank(A),
        "solve": lambda A, P, b: lambda: lo.solve(A, b),
        "null_space": lambda A, P, b: lambda: lo.null_space(A),
    }


def _ours_kernel() -> Engine:
    from lightsout_edu import packed

    def kernel(P: object) -> object:
        assert isinstance(P, lo.PackedMatrix)
        return packed._backend(P.n_cols)  # the engine the public API dispatches to

    return {
        "rank": lambda A, P, b: lambda: kernel(P).rank(P.words, P.n_cols),
        "solve": lambda A, P, b: lambda: kernel(P).solve(P.words, P.n_cols, b),
        "null_space": lambda A, P, b: lambda: kernel(P).null_space(P.words, P.n_cols)[1],
    }


def _m4ri() -> Engine:
    from .m4ri import load

    m4ri = load()
    return {
        "rank": lambda A, P, b: lambda: m4ri.rank(P.words, P.n_cols)[0],
        "solve": lambda A, P, b: lambda: m4ri.solve(P.words, b)[0],
        "null_space": lambda A, P, b: lambda: m4ri.nullity(P.words, P.n_cols)[0],
    }


def _ldpc() -> Engine:
    import scipy.sparse as sparse
    from ldpc import mod2

    def solve(A: np.ndarray, b: np.ndarray) -> Prepared:
        M = sparse.csr_matrix(A)

        def run() -> object:
            decomposition = mod2.PluDecomposition(M)
            x = np.asarray(decomposition.lu_solve(b), dtype=np.uint8)
            return x if not ((A.astype(np.int64) @ x + b) % 2).any() else None

        return run

    return {
        "rank": lambda A, P, b: (lambda M: lambda: mod2.rank(M))(sparse.csr_matrix(A)),
        "solve": lambda A, P, b: solve(A, b),
        "null_space": lambda A, P, b: (lambda M: lambda: mod2.nullspace(M))(sparse.csr_matrix(A)),
    }


def _galois() -> Engine:
    import galois

    field = galois.GF(2)
    return {
        "rank": lambda A, P, b: (lambda M: lambda: np.linalg.matrix_rank(M))(field(A)),
        "solve": lambda A, P, b: (lambda M: lambda: M.row_reduce())(field(np.column_stack([A, b]))),
        "null_space": lambda A, P, b: (lambda M: lambda: M.null_space())(field(A)),
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
        "rank": lambda A, P, b: (lambda M: lambda: M.rank())(_sympy_matrix(A)),
        "solve": lambda A, P, b: (lambda M: lambda: M.rref())(
            _sympy_matrix(np.column_stack([A, b]))
        ),
        "null_space": lambda A, P, b: (lambda M: lambda: M.nullspace())(_sympy_matrix(A)),
    }


def _flint() -> Engine:
    import flint

    def matrix(M: np.ndarray) -> object:
        return flint.nmod_mat(M.tolist(), 2)

    return {
        "rank": lambda A, P, b: (lambda M: lambda: M.rank())(matrix(A)),
        "solve": lambda A, P, b: (lambda M: lambda: M.rref())(matrix(np.column_stack([A, b]))),
        "null_space": lambda A, P, b: (lambda M: lambda: M.nullspace())(matrix(A)),
    }


#: name -> (what must be importable or built, constructor)
PEERS: dict[str, tuple[str, Callable[[], Engine]]] = {
    M4RI: ("m4ri", _m4ri),
    "ldpc": ("ldpc", _ldpc),
    "galois": ("galois", _galois),
    "python-flint": ("flint", _flint),
    "sympy": ("sympy", _sympy),
}


def available_engines() -> tuple[dict[str, Engine], dict[str, str]]:
    """Engines to time (ours first) and, for each peer that is missing, why."""
    engines = {
        OURS: _ours(),
        "ours: kernel only": _ours_kernel(),
        "ours: dense input": _ours_dense(),
    }
    missing = {}
    for name, (module, build) in PEERS.items():
        if module != "m4ri" and importlib.util.find_spec(module) is None:
            missing[name] = "not installed (pip install -e '.[bench]')"
            continue
        try:
            engines[name] = build()
        except Exception as error:  # e.g. M4RI's library or compiler is missing
            missing[name] = str(error)
    return engines, missing


def _times_mod_2(A: np.ndarray, x: np.ndarray) -> np.ndarray:
    """``A x mod 2`` in slices of rows (int32 sums: a 16000 x 16000 A stays 256 MB)."""
    x = x.astype(np.int32)
    step = max(1, 2**24 // max(A.shape[1], 1))
    return np.concatenate(
        [(A[i : i + step].astype(np.int32) @ x) % 2 for i in range(0, A.shape[0], step)]
    )


def verify(task: str, result: object, A: np.ndarray, b: np.ndarray, expected_rank: int) -> None:
    """Check an engine's answer without trusting any engine: ranks agree, A x = b holds."""
    if task == "rank" and int(result) != expected_rank:  # type: ignore[call-overload]
        raise AssertionError(f"rank {result} != {expected_rank}")
    if task == "solve" and isinstance(result, np.ndarray) and result.ndim == 1:
        if (_times_mod_2(A, result) != b % 2).any():
            raise AssertionError("the returned x does not solve A x = b")
    if task == "null_space":
        nullity = A.shape[1] - expected_rank
        found = int(result) if isinstance(result, (int, np.integer)) else None
        if isinstance(result, np.ndarray) and result.ndim == 2:
            found = result.shape[0]
        if found is not None and found != nullity:
            raise AssertionError(f"nullity {found} != {nullity}")
