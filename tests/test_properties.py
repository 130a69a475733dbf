"""Property tests: our engine against galois and sympy on random matrices over GF(2)."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

import lightsout_edu as lo

SETTINGS = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@st.composite
def gf2_matrices(draw, max_side: int = 40):
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    density = draw(st.sampled_from([0.05, 0.2, 0.5, 0.9]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    A = (rng.random((rows, cols)) < density).astype(np.uint8)
    if draw(st.booleans()) and rows > 1:  # make rank deficiency likely: repeat a combination
        A[-1] = A[0] ^ A[rows // 2]
    return A


@SETTINGS
@given(gf2_matrices(), st.data())
def test_engines_agree_and_replay_gives_rref(A, data):
    b = data.draw(arrays(np.uint8, A.shape[0], elements=st.integers(0, 1)))
    report = lo.cross_check(A, b)  # raises if ours, galois and sympy disagree
    e = lo.eliminate(A, b)
    work = e.matrix.copy()
    for step in e.steps:
        step.apply(work, 2)
    assert np.array_equal(work, e.rref)
    assert report.results["ours"].rank == e.rank == lo.rank(A)


@SETTINGS
@given(gf2_matrices())
def test_kernel_is_a_basis_of_the_right_size(A):
    K = lo.null_space(A)
    n = A.shape[1]
    assert K.shape == (n - lo.rank(A), n)
    assert not (A.astype(int) @ K.T.astype(int) % 2).any()
    if len(K):
        assert lo.rank(K) == len(K)  # independent


@SETTINGS
@given(gf2_matrices(), st.data())
def test_solutions_and_certificates(A, data):
    b = data.draw(arrays(np.uint8, A.shape[0], elements=st.integers(0, 1)))
    x = lo.solve(A, b)
    Y = lo.left_null_space(A)
    witnesses = [y for y in Y if int(y.astype(int) @ b) % 2 == 1]
    if x is None:
        assert witnesses, "unsolvable, yet no y with yA = 0 and y.b = 1"
    else:
        assert np.array_equal(A.astype(int) @ x % 2, b)
        assert not witnesses


@SETTINGS
@given(
    st.integers(1, 7),
    st.integers(1, 7),
    st.sampled_from(["plus", "neighbors", "x", "king"]),
    st.booleans(),
    st.integers(0, 2**32 - 1),
)
def test_boards_are_solved_by_simulation(rows, cols, rule, torus, seed):
    board = lo.random_board(rows, cols, seed=seed)
    s = lo.solve_board(board, rule=rule, torus=torus)
    A = lo.toggle_matrix(rows, cols, rule=rule, torus=torus)
    presses = lo.random_board(rows, cols, seed=seed + 1)
    assert np.array_equal(
        lo.press(board, presses, rule=rule, torus=torus).reshape(-1),
        (board.reshape(-1) + A.astype(int) @ presses.reshape(-1)) % 2,
    )
    if s.solvable:
        assert not lo.press(board, s.presses, rule=rule, torus=torus).any()
        assert s.certificate is None
    else:
        y = s.certificate.reshape(-1).astype(int)
        assert not (A.T.astype(int) @ y % 2).any() and int(y @ board.reshape(-1)) % 2 == 1
