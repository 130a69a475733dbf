"""k-colour Lights Out: GF(p) elimination vs galois and sympy, and Z/k solving vs brute force.

* Prime p (3, 5, 7): our recorded elimination and linalg helpers against galois.GF(p) and
  sympy's DomainMatrix over GF(p); replaying the recorded steps gives the RREF; solve_mod
  agrees with all of them (k^rank solvable boards, k^nullity solutions).
* Composite k (4, 6, 8, 9, 12): solve_mod, kernel_size and solvable_board_count against brute
  force over every press vector, on small random systems and on real boards.
* Lights Out 2000 (5x5, three colours), solve_board wiring for composite k, the "pretend Z/k
  is a field" cautionary example, and the error messages for bad input.
"""

from __future__ import annotations

import itertools
from functools import cache

import galois
import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy.matrices.normalforms import smith_normal_form
from sympy.polys.matrices import DomainMatrix

import lightsout_edu as lo
from lightsout_edu.modular import (
    kernel_size,
    naive_field_solve,
    smith_form_mod,
    solvable_board_count,
    solve_mod,
)

PRIMES = [3, 5, 7]
COMPOSITES = [4, 6, 8, 9, 12]


# -- helpers ------------------------------------------------------------------------------
@st.composite
def systems(draw: st.DrawFn, moduli: list[int], max_rows: int = 6, max_cols: int = 6):
    """(k, A, b) with A m x n over Z/k; half of the matrices are products (rank-deficient)."""
    k = draw(st.sampled_from(moduli))
    m, n = draw(st.integers(1, max_rows)), draw(st.integers(1, max_cols))
    entries = st.integers(0, k - 1)

    def matrix(rows: int, cols: int) -> np.ndarray:
        flat = draw(st.lists(entries, min_size=rows * cols, max_size=rows * cols))
        return np.array(flat, dtype=np.int64).reshape(rows, cols)

    if draw(st.booleans()):
        inner = draw(st.integers(1, max(1, min(m, n) - 1)))
        A = matrix(m, inner) @ matrix(inner, n) % k
    else:
        A = matrix(m, n)
    if draw(st.booleans()):  # a right-hand side in the image: solvable
        b = A @ np.array(draw(st.lists(entries, min_size=n, max_size=n)), dtype=np.int64) % k
    else:
        b = np.array(draw(st.lists(entries, min_size=m, max_size=m)), dtype=np.int64)
    return k, A.astype(np.uint8), b.astype(np.uint8)


def rowspace_rref(vectors: np.ndarray, p: int, n: int) -> np.ndarray:
    """Canonical form of the span of the rows: their nonzero RREF rows (galois)."""
    if len(vectors) == 0:
        return np.zeros((0, n), dtype=np.int64)
    R = np.asarray(galois.GF(p)(np.asarray(vectors, dtype=np.int64) % p).row_reduce())
    return R[R.any(axis=1)].astype(np.int64)


def sympy_gf(A: np.ndarray, p: int) -> DomainMatrix:
    return DomainMatrix.from_list(np.asarray(A, dtype=np.int64).tolist(), sympy.GF(p))


def sympy_dense(M: DomainMatrix, p: int) -> np.ndarray:
    return np.array([[int(v) % p for v in row] for row in M.to_list()], dtype=np.int64).reshape(
        M.shape
    )


def brute_force_counts(A: np.ndarray, k: int) -> np.ndarray:
    """counts[code(b)] = number of x in (Z/k)^n with A x = b, for every b (code: base k)."""
    m, n = A.shape
    presses = np.array(list(itertools.product(range(k), repeat=n)), dtype=np.int64)
    images = presses @ np.asarray(A, dtype=np.int64).T % k
    return np.bincount(images @ code_weights(m, k), minlength=k**m)


def code_weights(m: int, k: int) -> np.ndarray:
    return k ** np.arange(m, dtype=np.int64)


def assert_solves(A: np.ndarray, x: np.ndarray, b: np.ndarray, k: int) -> None:
    residual = (np.asarray(A, dtype=np.int64) @ np.asarray(x, dtype=np.int64) - b) % k
    assert not residual.any(), f"A x - b = {residual} (mod {k})"


def assert_certificate(A: np.ndarray, y: np.ndarray, b: np.ndarray, k: int) -> None:
    y = np.asarray(y, dtype=np.int64).reshape(-1)
    assert not (y @ np.asarray(A, dtype=np.int64) % k).any(), "certificate: y A != 0"
    assert (y @ np.asarray(b, dtype=np.int64)) % k != 0, "certificate: y b == 0"


# -- prime p: our engine vs galois vs sympy ---------------------------------------------------
@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(systems(PRIMES))
def test_gfp_rank_rref_null_spaces_match_galois_and_sympy(system) -> None:
    p, A, b = system
    m, n = A.shape
    GF = galois.GF(p)
    rank = int(np.linalg.matrix_rank(GF(A)))
    assert lo.rank(A, modulus=p) == rank == int(sympy_gf(A, p).rank())

    R, pivots = lo.rref(A, modulus=p)
    assert np.array_equal(R, np.asarray(GF(A).row_reduce()))
    R_sym, pivots_sym = sympy_gf(A, p).rref()
    assert np.array_equal(R, sympy_dense(R_sym, p)) and pivots == tuple(pivots_sym)

    kernel = lo.null_space(A, modulus=p)
    assert kernel.shape == (n - rank, n)
    assert not (A.astype(np.int64) @ kernel.T.astype(np.int64) % p).any()
    assert np.array_equal(rowspace_rref(kernel, p, n), rowspace_rref(GF(A).null_space(), p, n))
    left = lo.left_null_space(A, modulus=p)
    assert left.shape == (m - rank, m)
    assert np.array_equal(rowspace_rref(left, p, m), rowspace_rref(GF(A).left_null_space(), p, m))

    augmented_rank = int(np.linalg.matrix_rank(GF(np.column_stack([A, b]))))
    x = lo.solve(A, b, modulus=p)
    assert (x is not None) == (augmented_rank == rank)
    if x is not None:
        assert_solves(A, x, b, p)
    lo.cross_check(A, b, modulus=p)  # raises CrossCheckError if the engines disagree


@settings(max_examples=40, deadline=None)
@given(systems(PRIMES))
def test_gfp_replaying_the_recorded_steps_gives_the_rref(system) -> None:
    p, A, b = system
    e = lo.eliminate(A, b, modulus=p)
    M = e.matrix.astype(np.int64)
    for step in e.steps:
        if isinstance(step, lo.Scale):
            assert 2 <= step.factor < p
        if isinstance(step, lo.AddRow):
            assert 1 <= step.factor < p
        step.apply(M, p)
    assert np.array_equal(M, e.rref)
    assert np.array_equal(e.state(len(e.steps)), e.rref)
    assert np.array_equal(e.state(0), e.matrix)
    R, pivots = lo.rref(np.column_stack([A, b]), modulus=p)
    assert np.array_equal(e.rref, R)
    assert e.consistent == (lo.solve(A, b, modulus=p) is not None)
    # every pivot of the RREF is 1: Scale steps did their job
    assert all(e.rref[row, col] == 1 for row, col in enumerate(e.pivots))


@settings(max_examples=40, deadline=None)
@given(systems(PRIMES))
def test_solve_mod_over_a_prime_agrees_with_the_field_engines(system) -> None:
    p, A, b = system
    n = A.shape[1]
    rank = lo.rank(A, modulus=p)
    s = solve_mod(A, b, p)
    assert s.solvable == (lo.solve(A, b, modulus=p) is not None)
    assert s.solution_count == (p ** (n - rank) if s.solvable else 0)
    assert kernel_size(A, p) == p ** (n - rank)
    assert solvable_board_count(A, p) == p**rank
    assert s.invariant_factors == (1,) * rank  # over a field every invariant factor is a unit
    if s.solvable:
        assert_solves(A, s.x, b, p)
        assert s.reason is None and s.certificate is None
    else:
        assert_certificate(A, s.certificate, b, p)
        assert f"modulo {p}" in s.reason


# -- composite k: brute force over every press vector ---------------------------------------
@settings(max_examples=60, deadline=None)
@given(systems(COMPOSITES, max_rows=3, max_cols=3))
def test_solve_mod_composite_matches_brute_force(system) -> None:
    k, A, b = system
    counts = brute_force_counts(A, k)
    s = solve_mod(A, b, k)
    expected = int(counts[int(b.astype(np.int64) @ code_weights(len(b), k))])
    assert s.solution_count == expected
    assert s.solvable == (expected > 0)
    assert kernel_size(A, k) == counts[0]
    assert solvable_board_count(A, k) == np.count_nonzero(counts)
    if s.solvable:
        assert_solves(A, s.x, b, k)
        solutions = {tuple(x.tolist()) for x in s.all_solutions()}
        assert len(solutions) == expected
        for x in solutions:
            assert_solves(A, np.array(x), b, k)
    else:
        assert s.x is None
        assert_certificate(A, s.certificate, b, k)


@settings(max_examples=40, deadline=None)
@given(systems(COMPOSITES + PRIMES))
def test_smith_form_has_invertible_transforms_and_a_divisor_chain(system) -> None:
    k, A, _ = system
    S = smith_form_mod(A, k)
    assert np.array_equal(S.U @ A.astype(np.int64) @ S.V % k, S.D)
    diagonal = np.zeros_like(S.D)
    r = len(S.invariant_factors)
    diagonal[range(r), range(r)] = S.invariant_factors
    assert np.array_equal(S.D, diagonal)
    assert all(k % d == 0 and d < k for d in S.invariant_factors)
    assert all(e % d == 0 for d, e in itertools.pairwise(S.invariant_factors))
    for T in (S.U, S.V):
        assert sympy.gcd(sympy.Matrix(T.tolist()).det(), k) == 1


def integer_smith_diagonal(A: np.ndarray) -> list[int]:
    """The diagonal of the Smith normal form of A over the integers (sympy)."""
    D = smith_normal_form(sympy.Matrix(np.asarray(A, dtype=np.int64).tolist()), domain=sympy.ZZ)
    return [abs(int(D[i, i])) for i in range(min(D.shape))]


def reduce_invariant_factors(diagonal: list[int], k: int) -> tuple[int, ...]:
    """Integer invariant factors seen modulo k: gcd(d, k), dropping those that vanish."""
    return tuple(sorted(gcd for d in diagonal if (gcd := int(np.gcd(d, k))) != k))


@settings(max_examples=30, deadline=None)
@given(systems(COMPOSITES, max_rows=5, max_cols=5))
def test_invariant_factors_match_sympys_integer_smith_form(system) -> None:
    """An independent oracle: U A V = D over the integers stays a Smith form modulo k."""
    k, A, _ = system
    expected = reduce_invariant_factors(integer_smith_diagonal(A), k)
    assert smith_form_mod(A, k).invariant_factors == expected


def test_five_by_five_quiet_patterns_for_every_number_of_colours() -> None:
    """Over the integers the 5x5 toggle matrix has Smith form diag(1 (x22), 33, 0, 0), so
    with k colours there are k^2 * gcd(k, 33) quiet patterns: extra ones for k = 3, 11, 33."""
    A = lo.toggle_matrix(5, 5)
    assert integer_smith_diagonal(A) == [1] * 22 + [33, 0, 0]
    for k in range(2, 40):
        assert kernel_size(A, k) == k**2 * int(np.gcd(k, 33)), k
        assert solvable_board_count(A, k) == k**23 // int(np.gcd(k, 33)), k


@settings(max_examples=30, deadline=None)
@given(systems([12, 36, 60]))
def test_counts_multiply_over_coprime_prime_powers(system) -> None:
    """Chinese remainder theorem: Z/12 = Z/4 x Z/3, so the counts multiply."""
    k, A, b = system
    powers = {12: (4, 3), 36: (4, 9), 60: (4, 3, 5)}[k]
    parts = [solve_mod(A % q, b % q, q) for q in powers]
    whole = solve_mod(A, b, k)
    assert whole.solution_count == np.prod([s.solution_count for s in parts], dtype=object)
    assert whole.solvable == all(s.solvable for s in parts)
    assert kernel_size(A, k) == np.prod([kernel_size(A % q, q) for q in powers], dtype=object)
    if not whole.solvable:
        failing = [str(q) for q, s in zip(powers, parts, strict=True) if not s.solvable]
        assert f"it fails modulo {' and '.join(failing)}" in whole.reason


GRIDS = [(1, 2), (1, 3), (2, 2), (2, 3), (3, 3)]


@cache
def board_counts(rows: int, cols: int, rule: str, k: int) -> np.ndarray:
    return brute_force_counts(lo.toggle_matrix(rows, cols, rule=rule), k)


#: The two largest brute forces (0.5 s each): every press of 3x3 in 4 colours, every board of
#: 2x2 in 6 colours.
BIGGEST = {(3, 3, 4), (2, 2, 6)}


@pytest.mark.parametrize("rule", ["plus", "neighbors"])
@pytest.mark.parametrize(
    ("rows", "cols", "k"),
    [
        pytest.param(*grid, marks=pytest.mark.slow) if grid in BIGGEST else grid
        for grid in [(r, c, 4) for r, c in GRIDS] + [(r, c, 6) for r, c in GRIDS if r * c <= 6]
    ],
)
def test_boards_with_composite_colours_match_brute_force(rows, cols, k, rule) -> None:
    A = lo.toggle_matrix(rows, cols, rule=rule)
    counts = board_counts(rows, cols, rule, k)
    assert kernel_size(A, k) == counts[0]
    assert solvable_board_count(A, k) == np.count_nonzero(counts)
    rng = np.random.default_rng(rows * 100 + cols * 10 + k)
    m = rows * cols
    codes = range(k**m) if k**m <= 1296 else rng.choice(k**m, size=150, replace=False)
    for code in codes:
        board = (int(code) // code_weights(m, k)) % k
        s = solve_mod(A, board, k)
        assert s.solution_count == counts[code]
        if not s.solvable:
            assert_certificate(A, s.certificate, board, k)


@pytest.mark.parametrize(("rows", "cols", "k"), [(2, 2, 4), (2, 3, 6), (3, 3, 4), (3, 3, 8)])
def test_solve_board_uses_the_ring_solver_for_composite_colours(rows, cols, k) -> None:
    A = lo.toggle_matrix(rows, cols)
    rng = np.random.default_rng(k)
    for _ in range(12):
        board = rng.integers(0, k, size=(rows, cols)).astype(np.uint8)
        s = lo.solve_board(board, colors=k)
        expected = solve_mod(A, (-board.reshape(-1).astype(np.int64)) % k, k)
        assert s.solvable == expected.solvable
        assert s.solution_count == expected.solution_count
        assert s.solvable_board_count == solvable_board_count(A, k)
        if s.solvable:
            assert not lo.press(board, s.presses, colors=k).any()  # simulation: all lights off
            solutions = {x.tobytes(): x for x in s.all_solutions()}
            assert len(solutions) == s.solution_count
            for x in solutions.values():
                assert not lo.press(board, x, colors=k).any()
            fewest = min(int(x.sum()) for x in solutions.values())
            assert int(s.fewest_presses().sum()) == fewest
            ties = s.all_fewest_presses()
            assert len(ties) == sum(int(x.sum()) == fewest for x in solutions.values())
            assert s.count_fewest_presses() == len(ties)
            assert np.array_equal(s.fewest_presses(), ties[0])  # the first in row-major order
        else:
            assert_certificate(A, s.certificate, board.reshape(-1), k)
            with pytest.raises(ValueError, match="no solution"):
                s.fewest_presses()
    if k ** (rows * cols) <= 4**9:  # small enough to cross-check by brute force
        blank = np.zeros((rows, cols), dtype=np.uint8)
        counts = board_counts(rows, cols, "plus", k)
        assert lo.solve_board(blank, colors=k).solvable_board_count == np.count_nonzero(counts)


# -- Lights Out 2000: 5x5, three colours -----------------------------------------------------
@pytest.mark.slow  # 1.6 s
def test_lights_out_2000_facts() -> None:
    A = lo.toggle_matrix(5, 5)
    GF3 = galois.GF(3)
    # rank 22 over GF(3) (against 23 over GF(2)): nullity 3, 27 quiet patterns
    assert lo.rank(A, modulus=3) == 22
    assert int(np.linalg.matrix_rank(GF3(A))) == 22 == int(sympy_gf(A, 3).rank())
    assert kernel_size(A, 3) == 27
    assert solvable_board_count(A, 3) == 3**22  # one board in 27 is solvable
    lo.cross_check(A, modulus=3)
    quiet = lo.null_space(A, modulus=3)
    for coefficients in itertools.product(range(3), repeat=3):
        pattern = (np.array(coefficients) @ quiet.astype(np.int64) % 3).astype(np.uint8)
        blank = np.zeros((5, 5), dtype=np.uint8)
        assert not lo.press(blank, pattern.reshape(5, 5), colors=3).any()  # changes nothing
    rng = np.random.default_rng(2000)
    for _ in range(5):
        presses = rng.integers(0, 3, size=(5, 5)).astype(np.uint8)
        board = lo.press(np.zeros((5, 5), dtype=np.uint8), presses, colors=3)
        s = lo.solve_board(board, colors=3)
        assert s.solvable and s.solution_count == 27 and s.nullity == 3
        for x in s.all_solutions():
            assert not lo.press(board, x, colors=3).any()
    # six colours: Z/6 = Z/2 x Z/3, so 4 * 27 = 108 solutions when solvable
    assert kernel_size(A, 6) == 4 * 27
    assert solvable_board_count(A, 6) == 2**23 * 3**22
    assert solve_mod(A, np.ones(25, dtype=np.uint8), 6).solution_count == 108


def test_five_by_five_all_on_with_four_colours() -> None:
    """Over Z/4 the 5x5 matrix has invariant factors 1 (x23): the GF(2) kernel does not lift."""
    A = lo.toggle_matrix(5, 5)
    assert smith_form_mod(A, 4).invariant_factors == (1,) * 23
    assert kernel_size(A, 4) == 16 and solvable_board_count(A, 4) == 4**23
    s = lo.solve_board(np.ones((5, 5), dtype=np.uint8), colors=4)
    assert s.solvable and s.solution_count == 16
    assert not lo.press(np.ones((5, 5), dtype=np.uint8), s.presses, colors=4).any()


# -- the cautionary example: pretending Z/k is a field ---------------------------------------
def test_naive_division_gets_stuck_on_a_zero_divisor() -> None:
    attempt = naive_field_solve([[2, 1], [1, 1]], [1, 0], 4)
    assert not attempt.completed and attempt.claimed_solvable is None
    assert "pivot 2" in attempt.failure and "no inverse modulo 4" in attempt.failure
    # the truth: det = 1 is a unit mod 4, so there is exactly one solution
    assert attempt.truth.solvable and attempt.truth.solution_count == 1


def test_naive_cross_multiplication_claims_wrong_answers() -> None:
    wrong_solvable = naive_field_solve([[2]], [1], 4, strategy="cross_multiply")
    assert wrong_solvable.claimed_solvable and not wrong_solvable.truth.solvable
    assert not wrong_solvable.correct and wrong_solvable.verdict.startswith("Wrong")
    wrong_count = naive_field_solve([[2]], [0], 4, strategy="cross_multiply")
    assert wrong_count.claimed_solution_count == 1 and wrong_count.truth.solution_count == 2
    assert not wrong_count.correct


@settings(max_examples=40, deadline=None)
@given(systems(PRIMES))
def test_naive_field_method_is_right_over_a_field(system) -> None:
    p, A, b = system
    for strategy in ("divide", "cross_multiply"):
        attempt = naive_field_solve(A, b, p, strategy=strategy)
        assert attempt.completed and attempt.correct, attempt.verdict
        if attempt.x is not None:
            assert_solves(A, attempt.x, b, p)


@settings(max_examples=40, deadline=None)
@given(systems(COMPOSITES, max_rows=4, max_cols=4))
def test_naive_claims_are_checked_against_the_truth(system) -> None:
    k, A, b = system
    attempt = naive_field_solve(A, b, k)
    truth = solve_mod(A, b, k)
    assert attempt.truth.solution_count == truth.solution_count
    if attempt.completed:  # every pivot was a unit: the field method is then right
        assert attempt.correct
    else:
        assert "has no inverse modulo" in attempt.failure and not attempt.correct


# -- bad input ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: solve_mod([[1, 4]], [1], 4), ValueError, "entry 4 at (0, 1) of A"),
        (lambda: solve_mod([[1]], [6], 6), ValueError, "entry 6 at 0 of b"),
        (lambda: solve_mod([[1]], [1], 1), ValueError, "at least 2"),
        (lambda: solve_mod([[1]], [1], 2.5), TypeError, "whole number"),
        (lambda: solve_mod([[1]], [1], "4"), TypeError, "whole number"),
        (lambda: solve_mod([[1]], [1, 0], 4), ValueError, "b has 2 entries but A has 1 rows"),
        (lambda: solve_mod([[1]], None, 4), TypeError, "b must be an array of numbers"),
        (lambda: solve_mod([[1, 0], [0, 1]], [[1], [1, 0]], 4), ValueError, "b is ragged"),
        (lambda: solve_mod([[1, 0], [0, 1]], [1, 0.5], 4), ValueError, "entry 0.5 at 1 of b"),
        (lambda: kernel_size([[-1]], 4), ValueError, "entry -1"),
        (lambda: solvable_board_count([1, 2], 4), ValueError, "2-D"),
        (lambda: solve_mod([[1]], [1], 2**65), ValueError, "too large"),
        (lambda: naive_field_solve([[1]], [1], 4, strategy="guess"), ValueError, "strategy"),
        (lambda: lo.eliminate([[1, 2]], modulus=4), ValueError, "not prime"),
        (lambda: lo.rank([[1, 2]], modulus=6), ValueError, "solve_mod"),
        (lambda: lo.eliminate([[1, 3]], modulus=3), ValueError, "entry 3 at (0, 1) of A"),
        (lambda: lo.solve_board([[0, 4]], colors=4), ValueError, "entry 4"),
        (lambda: lo.solve_board([[0, 1]], colors=1.5), TypeError, "colors"),
    ],
)
def test_bad_input_gets_a_clear_message(call, error, message) -> None:
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value)


def test_the_reason_names_the_failing_invariant_factor_and_prime_power() -> None:
    reason = solve_mod([[2]], [1], 4).reason
    assert reason.startswith("No solution modulo 4: in Smith coordinates")
    assert "2*y is always a multiple of 2 modulo 4 (invariant factor 2)" in reason
    assert reason.endswith("Certificate: the weights y have y*A = 0 but y*b = 2 (mod 4).")
    reason = solve_mod([[2, 0], [0, 3]], [0, 1], 6).reason  # Z/6: 3 y = 1 fails mod 3 only
    assert "it fails modulo 3 (modulo 2 it is solvable)" in reason


def test_a_board_shaped_right_hand_side_is_flattened_row_major() -> None:
    board = np.array([[1, 2, 0], [3, 0, 1]], dtype=np.uint8)
    A = lo.toggle_matrix(2, 3)
    flat = solve_mod(A, board.reshape(-1), 4)
    shaped = solve_mod(A, board, 4)
    assert np.array_equal(flat.x, shaped.x) and flat.solution_count == shaped.solution_count


def test_reprs_are_short_sentences() -> None:
    A = lo.toggle_matrix(5, 5)
    assert repr(smith_form_mod(A, 6)) == (
        "<SmithForm of a 25x25 matrix over Z/6: D = diag(1 (x22), 3, 0 (x2))>"
    )
    assert repr(solve_mod(A, np.ones(25, dtype=np.uint8), 6)) == (
        "<ModularSolution over Z/6: solvable, 108 solutions>"
    )
    assert repr(solve_mod([[2]], [1], 4)) == "<ModularSolution over Z/4: not solvable>"
    assert "Wrong: it claims 1 solution; the truth: no solution." in repr(
        naive_field_solve([[2]], [1], 4, strategy="cross_multiply")
    )
