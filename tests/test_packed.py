"""The packed-bit GF(2) engine against the recording engine and galois."""

from __future__ import annotations

import galois
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lightsout_edu as lo
from lightsout_edu import packed
from tests.cases import BOARD_CASES

GF2 = galois.GF(2)


@pytest.fixture(scope="module", autouse=True, params=["python", "numba"])
def engine(request: pytest.FixtureRequest):
    """Every test here runs with each back end (LIGHTSOUT_ENGINE), numba when installed."""
    if request.param == "numba":
        pytest.importorskip("numba")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("LIGHTSOUT_ENGINE", request.param)
        yield request.param


@st.composite
def matrices(draw: st.DrawFn, max_side: int = 40) -> np.ndarray:
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    density = draw(st.sampled_from([0.05, 0.2, 0.5, 0.9]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    return (rng.random((rows, cols)) < density).astype(np.uint8)


def recorded(A: np.ndarray, b: np.ndarray | None = None) -> lo.Elimination:
    """The recording engine's elimination (every step kept)."""
    return lo.eliminate(A, b)


@settings(max_examples=40, deadline=None)
@given(matrices())
def test_rref_matches_recording_engine_and_galois(A: np.ndarray) -> None:
    R, pivots = packed.rref(A)
    elimination = recorded(A)
    np.testing.assert_array_equal(R, elimination.rref)
    assert pivots == elimination.pivots
    np.testing.assert_array_equal(R, np.asarray(GF2(A).row_reduce()))
    assert packed.rank(A) == elimination.rank == int(np.linalg.matrix_rank(GF2(A)))


@settings(max_examples=40, deadline=None)
@given(matrices())
def test_null_spaces_match_the_elimination_basis(A: np.ndarray) -> None:
    elimination = recorded(A)
    free = [c for c in range(A.shape[1]) if c not in elimination.pivots]
    kernel = packed.null_space(A)
    assert kernel.shape == (len(free), A.shape[1])
    np.testing.assert_array_equal(kernel[:, free], np.eye(len(free), dtype=np.uint8))
    assert not (A.astype(int) @ kernel.T.astype(int) % 2).any()
    if free:  # the same space as galois finds
        galois_kernel = np.asarray(GF2(A).null_space(), dtype=np.uint8)
        assert packed.rank(np.vstack([kernel, galois_kernel])) == len(free)
    left = packed.left_null_space(A)
    assert left.shape[0] == A.shape[0] - elimination.rank
    assert not (left.astype(int) @ A.astype(int) % 2).any()


@settings(max_examples=40, deadline=None)
@given(matrices(), st.integers(0, 2**32 - 1))
def test_solve_matches_recording_engine(A: np.ndarray, seed: int) -> None:
    rng = np.random.default_rng(seed)
    if rng.random() < 0.5:  # a consistent right-hand side half of the time
        b = (A.astype(int) @ rng.integers(0, 2, A.shape[1]) % 2).astype(np.uint8)
    else:
        b = rng.integers(0, 2, A.shape[0]).astype(np.uint8)
    expected = recorded(A, b).solution()
    x = packed.solve(A, b)
    if expected is None:
        assert x is None
    else:
        np.testing.assert_array_equal(x, expected)
    x2, pivots, kernel = packed.solve_with_kernel(A, b)
    assert (x2 is None) == (x is None)
    if x is not None:
        np.testing.assert_array_equal(x2, x)
    assert tuple(int(p) for p in pivots) == recorded(A).pivots
    np.testing.assert_array_equal(kernel, packed.null_space(A))


@pytest.mark.parametrize(("name", "rows", "cols", "rule", "torus", "known_rank"), BOARD_CASES)
def test_named_boards(
    name: str, rows: int, cols: int, rule: str, torus: bool, known_rank: int | None
) -> None:
    A = lo.toggle_matrix(rows, cols, rule=rule, torus=torus)
    elimination = recorded(A)
    R, pivots = packed.rref(A)
    np.testing.assert_array_equal(R, elimination.rref)
    assert pivots == elimination.pivots
    if known_rank is not None:
        assert packed.rank(A) == known_rank


@pytest.mark.parametrize("n", [20, 30, pytest.param(45, marks=pytest.mark.slow)])
def test_big_toggle_matrices_against_galois(n: int) -> None:
    A = lo.toggle_matrix(n, n)
    b = np.ones(n * n, dtype=np.uint8)
    assert packed.rank(A) == int(np.linalg.matrix_rank(GF2(A)))
    kernel = packed.null_space(A)
    assert not (A.astype(int) @ kernel.T.astype(int) % 2).any()
    x = packed.solve(A, b)
    if x is not None:
        assert not lo.press(np.ones((n, n), dtype=np.uint8), x.reshape(n, n)).any()


@pytest.mark.parametrize("cols", [1, 7, 63, 64, 65, 130])
def test_pack_unpack_round_trip(cols: int) -> None:
    rng = np.random.default_rng(cols)
    M = rng.integers(0, 2, (5, cols)).astype(np.uint8)
    words = packed.pack_rows(M)
    assert words.dtype == np.uint64 and words.shape == (5, -(-cols // 64))
    np.testing.assert_array_equal(packed.unpack_rows(words, cols), M)
    assert int(words[0, 0]) & 1 == M[0, 0]  # column 0 is the lowest bit


def test_linalg_uses_the_packed_engine_with_the_same_answers() -> None:
    A = lo.toggle_matrix(5, 5)
    R, pivots = lo.rref(A)
    np.testing.assert_array_equal(R, recorded(A).rref)
    np.testing.assert_array_equal(lo.null_space(A), packed.null_space(A))
    assert lo.rank(A) == 23


@pytest.mark.parametrize(
    ("rows", "cols", "density"),
    [(300, 300, 0.5), (520, 400, 0.3), (400, 700, 0.9),
     pytest.param(600, 600, 0.5, marks=pytest.mark.slow)],  # 0.7 s on each path
)  # fmt: skip
def test_dense_matrices_give_the_same_answers_on_every_path(rows, cols, density, engine) -> None:
    """Dense input takes the Four Russians elimination under numba: answers as galois's."""
    rng = np.random.default_rng(rows + cols)
    A = (rng.random((rows, cols)) < density).astype(np.uint8)
    A[-40:] = A[:40] ^ A[40:80]  # some dependent rows: a kernel and unsolvable systems
    b = rng.integers(0, 2, rows).astype(np.uint8)
    assert lo.rank(A) == int(np.linalg.matrix_rank(GF2(A)))
    x = lo.solve(A, b)
    consistent = np.linalg.matrix_rank(GF2(np.column_stack([A, b]))) == lo.rank(A)
    assert (x is not None) == consistent
    if x is not None:
        assert np.array_equal(A.astype(int) @ x % 2, b)
    K = lo.null_space(A)
    assert K.shape[0] == cols - lo.rank(A) and not (A.astype(int) @ K.T % 2).any()
    R, pivots = lo.rref(A)
    assert np.array_equal(R, np.asarray(GF2(A).row_reduce()))
    if engine == "numba":
        from lightsout_edu import _gf2_dense, _gf2_numba

        words = lo.PackedMatrix.from_dense(A).words
        lead, _, _ = _gf2_dense.echelon_dense(words.copy(), cols, _gf2_numba._NO_RHS)
        assert list(np.flatnonzero(lead >= 0)) == list(pivots)


def test_banded_matrices_take_insertion_and_dense_ones_the_four_russians(monkeypatch):
    pytest.importorskip("numba")
    from lightsout_edu import _gf2_numba

    chosen: list[str] = []
    for name in ("_echelon", "echelon_dense"):
        kernel = getattr(_gf2_numba, name)
        monkeypatch.setattr(
            _gf2_numba, name, lambda *a, _k=kernel, _n=name: (chosen.append(_n), _k(*a))[1]
        )
    toggle = lo.toggle_matrix(30, 30, packed=True)
    dense = lo.PackedMatrix.from_dense(
        (np.random.default_rng(3).random((600, 600)) < 0.5).astype(np.uint8)
    )
    assert _gf2_numba.rank(toggle.words, toggle.n_cols) == 880  # nullity 20 at 30 x 30
    assert _gf2_numba.rank(dense.words, dense.n_cols) == lo.rank(dense.to_dense())
    assert chosen[:2] == ["_echelon", "echelon_dense"]
