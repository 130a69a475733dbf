"""Lights Out with k colours: solving ``A x = b`` over Z/k for any k >= 2, prime or not.

With k colours every press advances a light by one colour, so a board is solved by presses
``x`` with ``A x = b (mod k)``. For prime k, Z/k is a field and Gauss-Jordan elimination works
(see :mod:`lightsout_edu.elimination`). For composite k it does not: 2 has no inverse
modulo 4, so a pivot 2 can neither be scaled to 1 nor trusted to fix its unknown.

The remedy is the **Smith normal form over Z/k**: invertible matrices ``U`` (m x m) and ``V``
(n x n) with ``U A V = D`` diagonal, ``D = diag(d_1, ..., d_r, 0, ..., 0)``, each ``d_i`` a
divisor of k and ``d_1 | d_2 | ... | d_r``. Substituting ``x = V y`` turns ``A x = b`` into
``D y = U b``: one separate equation ``d_i y_i = c_i`` per row, and ``d_i y_i = c_i (mod k)``
has exactly ``d_i`` solutions when ``d_i`` divides ``c_i`` and none otherwise. Everything
(solvability, one solution, the number of solutions, the number of solvable boards, a
certificate of unsolvability) is read off these equations.

The transforms are built from row and column operations that are invertible modulo k:
swaps, scaling by a unit, adding a multiple of one row to another, and the 2 x 2 "Bezout"
move ``[[s, t], [-b/g, a/g]]`` (determinant 1, where ``s a + t b = g = gcd(a, b)``), which
replaces a pivot by a gcd. All arithmetic stays in 0..k-1, so there is no coefficient growth.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import groupby
from math import gcd, prod
from typing import Literal

import numpy as np
from numpy.typing import ArrayLike

from ._i18n import t
from ._validation import (
    as_matrix,
    as_rhs,
    check_memory,
    check_modulus,
    count_text,
    from_work,
    matmul_mod,
    prime_factors,
    read_matrix,
    read_only,
    storage_dtype,
    to_work,
    work_dtype,
    work_entry_bytes,
)
from .elimination import check_elimination_size

__all__ = [
    "ModularSolution",
    "NaiveFieldAttempt",
    "SmithForm",
    "coset_members",
    "kernel_size",
    "naive_field_solve",
    "smith_form_mod",
    "smith_form_of",
    "solvable_board_count",
    "solve_mod",
    "solve_system",
]


def _too_big() -> str:
    """The advice of a refused elimination mod k, in the language in use."""
    return t("the Smith normal form would take too long; use a smaller matrix")


@dataclass(frozen=True, eq=False)
class SmithForm:
    """``U A V = D (mod k)`` with ``U``, ``V`` invertible modulo k and ``D`` diagonal.

    Attributes
    ----------
    modulus : int
        k.
    D, U, V : numpy.ndarray
        Arrays with entries in 0..k-1 (int64, or Python integers for k > 2^31).
    invariant_factors : tuple of int
        The nonzero diagonal entries ``d_1 | d_2 | ... | d_r``, each a proper divisor of k;
        the remaining diagonal entries of ``D`` are 0.
    """

    modulus: int
    D: np.ndarray
    U: np.ndarray
    V: np.ndarray
    invariant_factors: tuple[int, ...]

    def __repr__(self) -> str:
        m, n = self.D.shape
        runs = [(d, len(list(group))) for d, group in groupby(self.invariant_factors)]
        diagonal = [f"{d} (x{count})" if count > 1 else str(d) for d, count in runs]
        zeros = min(m, n) - len(self.invariant_factors)
        diagonal += [f"0 (x{zeros})" if zeros > 1 else "0"] if zeros else []
        return t(
            "<SmithForm of a {m}x{n} matrix over Z/{k}: D = diag({diagonal})>",
            m=m,
            n=n,
            k=self.modulus,
            diagonal=", ".join(diagonal),
        )


def smith_form_mod(A: ArrayLike, modulus: int) -> SmithForm:
    """Smith normal form of ``A`` over Z/k, with the transforms.

    Parameters
    ----------
    A : array_like
        m x n matrix with integer entries in 0..k-1.
    modulus : int
        k >= 2, prime or composite.

    Returns
    -------
    SmithForm

    Examples
    --------
    >>> S = smith_form_mod([[2, 0], [0, 3]], 6)
    >>> S.invariant_factors
    (1,)
    >>> bool(((S.U @ [[2, 0], [0, 3]] @ S.V) % 6 == S.D).all())
    True
    """
    k = _check_modulus(modulus)
    return smith_form_of(_sized_matrix(A, k), k)


def smith_form_of(A: np.ndarray, k: int) -> SmithForm:
    """:func:`smith_form_mod` of a checked matrix (residues mod k): nothing checked again."""
    rows, cols = A.shape
    _check_smith_size(rows, cols, k)
    return _smith(to_work(A, k), k)


@dataclass(frozen=True, eq=False)
class ModularSolution:
    """Everything about ``A x = b (mod k)``.

    Attributes
    ----------
    modulus : int
        k.
    solvable : bool
    x : numpy.ndarray or None
        One solution (in the smallest unsigned dtype holding k - 1), or None.
    solution_count : int
        Number of x in (Z/k)^n with ``A x = b``; 0 when unsolvable.
    reason : str or None
        Why there is no solution (plain English); None when solvable.
    certificate : numpy.ndarray or None
        When unsolvable, weights y with ``y A = 0`` and ``y b != 0 (mod k)``; else None.
    invariant_factors : tuple of int
        The nonzero Smith invariant factors of A over Z/k.
    kernel_generators : numpy.ndarray
        (g, n) array; every solution is ``x + sum(c_j * kernel_generators[j])`` for exactly
        one choice of ``0 <= c_j < kernel_orders[j]``.
    kernel_orders : tuple of int
        The additive order of each kernel generator.
    """

    modulus: int
    solvable: bool
    x: np.ndarray | None
    solution_count: int
    reason: str | None
    certificate: np.ndarray | None
    invariant_factors: tuple[int, ...]
    kernel_generators: np.ndarray
    kernel_orders: tuple[int, ...]

    def __post_init__(self) -> None:
        # read-only copies: all_solutions() and every caller see the same answer
        for name in ("x", "certificate", "kernel_generators"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, read_only(value))

    def __repr__(self) -> str:
        verdict = (
            t("solvable, {what}", what=_describe(self)) if self.solvable else t("not solvable")
        )
        return t("<ModularSolution over Z/{k}: {verdict}>", k=self.modulus, verdict=verdict)

    def all_solutions(self) -> Iterator[np.ndarray]:
        """Yield every solution exactly once (``solution_count`` of them).

        Examples
        --------
        >>> [s.tolist() for s in solve_mod([[2]], [0], 4).all_solutions()]
        [[0], [2]]
        """
        if self.x is None:
            return
        yield from coset_members(self.x, self.kernel_generators, self.kernel_orders, self.modulus)


def coset_members(
    x: np.ndarray, generators: np.ndarray, orders: tuple[int, ...], modulus: int
) -> Iterator[np.ndarray]:
    """Every ``x + sum_j c_j g_j (mod k)`` with ``0 <= c_j < orders[j]``, each a new array.

    In the order of ``itertools.product`` (the last coefficient moves fastest), counted like an
    odometer: the next member adds one generator to the current one, and a coefficient
    wrapping back to 0 takes its multiples off again.  Nothing of the size of the coset is
    ever built, so the first member comes at once even when there are 2^64 of them.

    Examples
    --------
    >>> [v.tolist() for v in coset_members(np.array([1, 0]), np.array([[2, 1]]), (2,), 4)]
    [[1, 0], [3, 1]]
    """
    k = modulus
    gens = to_work(generators, k)
    current = to_work(x, k)
    coefficients = [0] * len(orders)
    while True:
        yield from_work(current, k)
        j = len(orders) - 1
        while j >= 0 and coefficients[j] == orders[j] - 1:  # this wheel wraps round to 0
            current = (current - (orders[j] - 1) * gens[j]) % k
            coefficients[j] = 0
            j -= 1
        if j < 0:
            return
        coefficients[j] += 1
        current = (current + gens[j]) % k


def solve_mod(A: ArrayLike, b: ArrayLike, modulus: int) -> ModularSolution:
    """Solve ``A x = b`` over Z/k for any k >= 2, with a count and a certificate.

    Parameters
    ----------
    A : array_like
        m x n matrix with integer entries in 0..k-1 (for Lights Out, the toggle matrix).
    b : array_like
        Length-m vector with entries in 0..k-1: the board flattened row-major, or the
        board itself.
    modulus : int
        k, the number of colours; composite k (4, 6, 8, ...) is handled exactly.

    Returns
    -------
    ModularSolution

    Examples
    --------
    >>> s = solve_mod([[2]], [1], 4)
    >>> s.solvable, s.solution_count
    (False, 0)
    >>> s.certificate.tolist()  # 2 * 2 = 0 but 2 * 1 = 2 (mod 4)
    [2]
    >>> s = solve_mod([[1, 1], [0, 2]], [3, 2], 4)
    >>> s.x.tolist(), s.solution_count
    ([2, 1], 2)
    """
    k = _check_modulus(modulus)
    M = _sized_matrix(A, k)
    return solve_system(M, as_rhs(b, M.shape[0], modulus=k), k)


def solve_system(A: np.ndarray, b: np.ndarray, k: int) -> ModularSolution:
    """:func:`solve_mod` of a checked system: ``A`` (m x n) and ``b`` (m) residues mod k.

    Nothing is checked again; only the size of the work is (a refusal, not a hang).
    """
    m, n = A.shape
    _check_smith_size(m, n, k)
    A, b = to_work(A, k), to_work(b, k)
    S = _smith(A, k)
    factors = S.invariant_factors
    r = len(factors)
    c = matmul_mod(S.U, b, k)
    failing = [i for i in range(r) if c[i] % factors[i]] + [i for i in range(r, m) if c[i]]
    dtype = _dtype(k)
    orders_of = _ints(factors, k)[:, None]
    gens = np.concatenate([(k // orders_of) * S.V[:, :r].T, S.V[:, r:].T]) % k
    gens = gens[[i for i, d in enumerate(factors) if d > 1] + list(range(r, n))].astype(dtype)
    orders = tuple(d for d in factors if d > 1) + (k,) * (n - r)
    if failing:
        i = failing[0]
        y = ((k // factors[i]) * S.U[i] if i < r else S.U[i]) % k
        reason = _unsolvable_reason(S, c, i, int(matmul_mod(y, b, k)))
        return ModularSolution(k, False, None, 0, reason, y.astype(dtype), factors, gens, orders)
    y = _ints([0] * n, k)
    y[:r] = c[:r] // _ints(factors, k)
    x = matmul_mod(S.V, y, k).astype(dtype)
    count = prod(factors) * k ** (n - r)
    return ModularSolution(k, True, x, count, None, None, factors, gens, orders)


def kernel_size(A: ArrayLike, modulus: int) -> int:
    """Number of x in (Z/k)^n with ``A x = 0``: the quiet patterns, zero included.

    Examples
    --------
    >>> kernel_size([[2, 0], [0, 0]], 4)  # x_1 in {0, 2}, x_2 anything
    8
    """
    k = _check_modulus(modulus)
    A = _check_matrix(A, k)
    S = _smith(A, k)
    return int(prod(S.invariant_factors) * k ** (A.shape[1] - len(S.invariant_factors)))


def solvable_board_count(A: ArrayLike, modulus: int) -> int:
    """Number of boards b in (Z/k)^m with ``A x = b`` solvable: the size of the image of A.

    Examples
    --------
    >>> solvable_board_count([[2, 0], [0, 0]], 4)  # b_1 in {0, 2}, b_2 = 0
    2
    """
    k = _check_modulus(modulus)
    A = _check_matrix(A, k)
    return prod(k // d for d in _smith(A, k).invariant_factors)


@dataclass(frozen=True, eq=False)
class NaiveFieldAttempt:
    """What "pretend Z/k is a field" elimination does with ``A x = b (mod k)``.

    Attributes
    ----------
    modulus : int
    strategy : {"divide", "cross_multiply"}
    completed : bool
        False if the method got stuck (it needed the inverse of a non-unit).
    failure : str or None
        The step where it got stuck, in words.
    claimed_solvable : bool or None
        Its verdict (None if it got stuck).
    claimed_solution_count : int or None
        ``k ** (n - number of pivots)``, the field formula (None if it got stuck).
    x : numpy.ndarray or None
        Its proposed solution, if it could produce one (it may be wrong!).
    truth : ModularSolution
        The correct answer from :func:`solve_mod`.
    correct : bool
        True iff it completed and every claim matches the truth.
    verdict : str
        One sentence comparing the naive claims with the truth.
    """

    modulus: int
    strategy: str
    completed: bool
    failure: str | None
    claimed_solvable: bool | None
    claimed_solution_count: int | None
    x: np.ndarray | None
    truth: ModularSolution
    correct: bool
    verdict: str

    def __repr__(self) -> str:
        what = self.failure if not self.completed else self.verdict
        return t(
            "<NaiveFieldAttempt ({strategy}) over Z/{k}: {what}>",
            strategy=self.strategy,
            k=self.modulus,
            what=what,
        )


def naive_field_solve(
    A: ArrayLike,
    b: ArrayLike,
    modulus: int,
    *,
    strategy: Literal["divide", "cross_multiply"] = "divide",
) -> NaiveFieldAttempt:
    """Run Gauss-Jordan as if Z/k were a field, and compare with the truth (a cautionary tale).

    Both strategies take, in each column, the first nonzero entry at or below the current
    row as the pivot, as a field algorithm may.

    * ``"divide"``: the textbook method. It scales the pivot row by the pivot's inverse. When
      the pivot is not a unit (shares a factor with k) there is no inverse and the method is
      stuck: ``completed`` is False and ``failure`` says where. (When every pivot happens to
      be a unit, it is in fact correct.)
    * ``"cross_multiply"``: never divides; it clears an entry e under or above pivot a by
      ``row <- a * row - e * pivot_row``. It always runs to the end and then draws the field
      conclusions: "no row 0 = c != 0, so solvable", "k ** (n - pivots) solutions", and
      solves the pivot equations when their pivots are units. Multiplying a row by a zero
      divisor loses information, so these claims can be wrong.

    Examples
    --------
    >>> naive_field_solve([[2]], [1], 4).failure
    'Column 1: the pivot 2 in row 1 has no inverse modulo 4 (2 and 4 share the factor 2).'
    >>> attempt = naive_field_solve([[2]], [1], 4, strategy="cross_multiply")
    >>> attempt.claimed_solvable, attempt.truth.solvable
    (True, False)
    """
    k = _check_modulus(modulus)
    A, b = _check_system(A, b, k)
    if strategy not in ("divide", "cross_multiply"):
        raise ValueError(
            t(
                "strategy must be 'divide' or 'cross_multiply', not {strategy}",
                strategy=repr(strategy),
            )
        )
    truth = solve_system(A, b, k)
    m, n = A.shape
    M = np.concatenate([A, b[:, None]], axis=1)
    pivots: list[tuple[int, int]] = []
    for col in range(n):
        top = len(pivots)
        rows = np.flatnonzero(M[top:, col])
        if rows.size == 0:
            continue
        M[[top, top + rows[0]]] = M[[top + rows[0], top]]
        a = int(M[top, col])
        if strategy == "divide":
            if gcd(a, k) != 1:
                failure = t(
                    "Column {col}: the pivot {a} in row {row} has no inverse modulo {k} "
                    "({a} and {k} share the factor {factor}).",
                    col=col + 1,
                    a=a,
                    row=top + 1,
                    k=k,
                    factor=gcd(a, k),
                )
                verdict = t(
                    "The field method is stuck; the truth: {truth}.", truth=_describe(truth)
                )
                return NaiveFieldAttempt(
                    k, strategy, False, failure, None, None, None, truth, False, verdict
                )
            M[top] = (M[top] * pow(a, -1, k)) % k
            a = 1
        others = [i for i in range(m) if i != top and M[i, col]]
        for i in others:
            M[i] = (a * M[i] - M[i, col] * M[top]) % k
        pivots.append((top, col))
    claimed_solvable = not M[len(pivots) :, n].any()
    claimed_count = k ** (n - len(pivots)) if claimed_solvable else 0
    x = None
    if claimed_solvable and all(gcd(int(M[top, col]), k) == 1 for top, col in pivots):
        x = _ints([0] * n, k)
        for top, col in pivots:
            x[col] = (M[top, n] * pow(int(M[top, col]), -1, k)) % k
        x = x.astype(_dtype(k))
    correct = (
        claimed_solvable == truth.solvable
        and claimed_count == truth.solution_count
        and (x is None or not ((matmul_mod(A, x, k) - b) % k).any())
    )
    said = count_text(claimed_count, k)
    if not claimed_solvable:
        claims = t("it claims there is no solution")
    elif claimed_count == 1:
        claims = t("it claims {count} solution", count=said)
    else:
        claims = t("it claims {count} solutions", count=said)
    verdict = (
        t("Correct: {claims}; the truth: {truth}.", claims=claims, truth=_describe(truth))
        if correct
        else t("Wrong: {claims}; the truth: {truth}.", claims=claims, truth=_describe(truth))
    )
    return NaiveFieldAttempt(
        k, strategy, True, None, claimed_solvable, claimed_count, x, truth, correct, verdict
    )


def _ints(values: Iterable[int], k: int) -> np.ndarray:
    """Whole numbers as an array for arithmetic mod k (int64, or Python ints for a huge k)."""
    return np.array(list(values), dtype=work_dtype(k))


def _dtype(k: int) -> np.dtype:
    """The storage dtype of residues mod k."""
    return storage_dtype(k)


def _check_modulus(modulus: object) -> int:
    """The number of colours k as a Python int, or a clear error."""
    return check_modulus(modulus)


def _check_matrix(A: object, k: int) -> np.ndarray:
    """A as an (m, n) matrix with entries 0..k-1, ready for arithmetic mod k."""
    return to_work(_sized_matrix(A, k), k)


def _sized_matrix(A: object, k: int) -> np.ndarray:
    """A as an (m, n) matrix with entries 0..k-1, its size checked from its shape first."""
    raw = read_matrix(A, "A")  # type: ignore[arg-type]
    rows, cols = raw.shape
    _check_smith_size(rows, cols, k)
    return as_matrix(raw, "A", modulus=k)


def _check_smith_size(m: int, n: int, k: int) -> None:
    """Refuse a Smith form of an m x n matrix mod k that would take too long or not fit.

    Besides the matrix, its transforms U (m x m) and V (n x n) are built.
    """
    check_elimination_size(m, n, k, _too_big())
    check_memory(
        max(m, n) ** 2 * work_entry_bytes(k),
        t("the transforms of a {rows}x{cols} matrix mod {k}", rows=m, cols=n, k=k),
        t("use a smaller matrix"),
    )


def _check_system(A: object, b: object, k: int) -> tuple[np.ndarray, np.ndarray]:
    """A as an (m, n) matrix and b as a length-m vector (or a board), ready for arithmetic."""
    A = _check_matrix(A, k)
    return A, to_work(as_rhs(b, A.shape[0], modulus=k), k)  # type: ignore[arg-type]


def _describe(s: ModularSolution) -> str:
    """'3 solutions' / 'no solution'."""
    if not s.solvable:
        return t("no solution")
    count = count_text(s.solution_count, s.modulus)
    return (
        t("{count} solution", count=count)
        if s.solution_count == 1
        else t("{count} solutions", count=count)
    )


def _unsolvable_reason(S: SmithForm, c: np.ndarray, i: int, yb: int) -> str:
    """Why ``D y = c`` fails at equation ``i`` (0-based), in the language in use."""
    k, factors = S.modulus, S.invariant_factors
    if i < len(factors):
        equation = t(
            "equation {i} reads {d}*y_{i} = {c} (mod {k}), but {d}*y is always a multiple of "
            "{d} modulo {k} (invariant factor {d}) and {c} is not",
            i=i + 1,
            d=factors[i],
            c=c[i],
            k=k,
        )
    else:
        equation = t("equation {i} reads 0 = {c} (mod {k})", i=i + 1, c=c[i], k=k)
    text = t(
        "No solution modulo {k}: in Smith coordinates (x = V y, U A V = D) {equation}.",
        k=k,
        equation=equation,
    )
    powers = _prime_powers(k)
    if len(powers) > 1:
        bad = [str(q) for q in powers if not _solvable_mod(factors, c, q)]
        good = [str(q) for q in powers if str(q) not in bad]
        both = t(" and ")
        text += t(
            " By the Chinese remainder theorem a solution modulo {k} is the same as one "
            "modulo each of {powers}; it fails modulo {bad}",
            k=k,
            powers=both.join(map(str, powers)),
            bad=both.join(bad),
        )
        text += t(" (modulo {good} it is solvable).", good=both.join(good)) if good else t(".")
    return text + t(
        " Certificate: the weights y have y*A = 0 but y*b = {yb} (mod {k}).", yb=yb, k=k
    )


def _solvable_mod(factors: tuple[int, ...], c: np.ndarray, q: int) -> bool:
    """Whether ``D y = c`` is solvable modulo a divisor q of k (U, V stay invertible mod q)."""
    r = len(factors)
    return all(int(c[i]) % gcd(d, q) == 0 for i, d in enumerate(factors)) and not (c[r:] % q).any()


def _prime_powers(k: int) -> list[int]:
    """The prime-power factors of k, e.g. 12 -> [4, 3]."""
    return [p**e for p, e in prime_factors(k).items()]


def _smith(A: np.ndarray, k: int) -> SmithForm:
    """Diagonalise A over Z/k by invertible row and column operations (see module docstring)."""
    m, n = A.shape
    M = A % k
    U = to_work(np.eye(m, dtype=np.uint8), k)
    V = to_work(np.eye(n, dtype=np.uint8), k)
    factors: list[int] = []
    for t in range(min(m, n)):  # noqa: F402 (not the translator t)
        # Pivot: a unit in column t if there is one, else the entry closest to a unit
        # (smallest gcd with k) in the whole remaining matrix.
        units = np.flatnonzero(np.gcd(M[t:, t], k) == 1)
        if units.size:
            i, j = int(units[0]), 0
        else:
            closeness = np.gcd(M[t:, t:], k)
            i, j = (int(v) for v in np.unravel_index(int(np.argmin(closeness)), closeness.shape))
            if closeness[i, j] == k:
                break  # the rest of the matrix is zero
        _swap(M, U, t, t + i)
        _swap(M.T, V.T, t, t + j)
        while True:
            # Scale by a unit so that the pivot is gcd(pivot, k), a divisor of k.
            unit = _unit_to_divisor(int(M[t, t]), k)
            M[t], U[t] = (M[t] * unit) % k, (U[t] * unit) % k
            if _clear(M, U, t, k) or _clear(M.T, V.T, t, k):
                continue  # a Bezout move made the pivot smaller: normalise it again
            g = int(M[t, t])
            rows = np.flatnonzero((M[t + 1 :, t + 1 :] % g).any(axis=1)) if g > 1 else np.zeros(0)
            if len(rows) == 0:
                break
            # The pivot does not divide the whole rest: pull that row up and try again.
            M[t], U[t] = (M[t] + M[t + 1 + rows[0]]) % k, (U[t] + U[t + 1 + rows[0]]) % k
        factors.append(int(M[t, t]))
    return SmithForm(k, M, U, V, tuple(factors))


def _swap(M: np.ndarray, U: np.ndarray, i: int, j: int) -> None:
    """Exchange rows i and j of M and of its transform U."""
    if i != j:
        M[[i, j]], U[[i, j]] = M[[j, i]], U[[j, i]]


def _clear(M: np.ndarray, U: np.ndarray, t: int, k: int) -> bool:
    """Zero column t below the pivot (t, t), applying the same row operations to U.

    Entries that the pivot g divides are cleared in one vectorised subtraction. For the first
    entry e that g does not divide, the Bezout move puts gcd(g, e) < g in the pivot and zero in
    its place; then return True (the pivot changed). Return False when the column is clear.
    """
    g = int(M[t, t])
    below = M[t + 1 :, t]
    q = np.where(below % g == 0, below // g, 0)
    M[t + 1 :] = (M[t + 1 :] - np.outer(q, M[t])) % k
    U[t + 1 :] = (U[t + 1 :] - np.outer(q, U[t])) % k
    rest = np.flatnonzero(M[t + 1 :, t])
    if rest.size == 0:
        return False
    i = t + 1 + rest[0]
    e = int(M[i, t])
    h, s, u = _extended_gcd(g, e)
    for X in (M, U):
        X[t], X[i] = (s * X[t] + u * X[i]) % k, (-(e // h) * X[t] + (g // h) * X[i]) % k
    return True


def _extended_gcd(a: int, b: int) -> tuple[int, int, int]:
    """(h, s, t) with s*a + t*b = h = gcd(a, b)."""
    s0, s1, t0, t1 = 1, 0, 0, 1
    while b:
        q = a // b
        a, b = b, a - q * b
        s0, s1 = s1, s0 - q * s1
        t0, t1 = t1, t0 - q * t1
    return a, s0, t0


def _unit_to_divisor(a: int, k: int) -> int:
    """A unit u modulo k with u*a = gcd(a, k) (mod k); a must be nonzero mod k."""
    g = gcd(a, k)
    k1 = k // g
    u0 = pow(a // g, -1, k1)
    return next(u for u in range(u0, u0 + k, k1) if gcd(u, k) == 1)
