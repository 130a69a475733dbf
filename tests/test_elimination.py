"""The recorded Gauss–Jordan elimination: steps, replay, playback, explanations."""

from __future__ import annotations

import numpy as np
import pytest

import lightsout_edu as lo


def _replay(e: lo.Elimination) -> np.ndarray:
    work = e.matrix.copy()
    for step in e.steps:
        step.apply(work, e.modulus)
    return work


def test_3x3_all_on_narrated():
    e = lo.eliminate(lo.toggle_matrix(3, 3), np.ones(9, dtype=np.uint8))
    assert e.rank == 9 and e.consistent and e.augmented
    assert e.matrix.shape == (9, 10)
    assert np.array_equal(_replay(e), e.rref)
    assert np.array_equal(e.rref[:, :9], np.eye(9, dtype=np.uint8))
    assert e.explain(0) == "Add row 1 to row 2 to clear column 1."
    x = e.solution()
    assert not lo.press(np.ones((3, 3)), x.reshape(3, 3)).any()


def test_swap_is_recorded_and_explained():
    e = lo.eliminate([[0, 1], [1, 1]])
    assert e.steps[0] == lo.Swap(0, 1, 0)
    assert "Swap rows 1 and 2" in e.explain(0)
    assert e.steps[1] == lo.AddRow(1, 0, 1)


def test_state_walks_forwards_and_backwards():
    e = lo.eliminate(lo.toggle_matrix(6, 6), np.ones(36, dtype=np.uint8))
    expected = [e.matrix.copy()]
    for step in e.steps:
        nxt = expected[-1].copy()
        step.apply(nxt, 2)
        expected.append(nxt)
    order = list(range(len(e.steps) + 1))
    rng = np.random.default_rng(0)
    for k in order + order[::-1] + list(rng.permutation(order)):
        assert np.array_equal(e.state(int(k)), expected[k])


def test_state_returns_a_copy():
    e = lo.eliminate(lo.toggle_matrix(3, 3))
    s = e.state(2)
    s[...] = 1
    assert not np.array_equal(e.state(2), s)


def test_memory_is_bounded_by_checkpoints():
    e = lo.eliminate(lo.toggle_matrix(12, 12), np.ones(144, dtype=np.uint8))
    assert len(e.steps) > 1000
    assert len(e._checkpoints) <= lo.Elimination.MAX_CHECKPOINTS + 2


def test_inconsistent_system_has_a_contradiction_row():
    board = lo.random_board(5, 5, seed=1, solvable=False)
    e = lo.eliminate(lo.toggle_matrix(5, 5), board)
    assert not e.consistent and e.rank == 23
    assert e.solution() is None
    zero_eq_one = [row for row in e.rref if not row[:-1].any() and row[-1]]
    assert len(zero_eq_one) == 1


def test_pivot_bookkeeping():
    e = lo.eliminate(lo.toggle_matrix(4, 4))
    assert e.rank == 12
    starts = e.pivot_starts
    assert list(starts) == sorted(starts) and starts[0] == 0
    for k in range(len(e.steps)):
        row, col = e.pivot_at(k)
        assert e.steps[k].pivot_col == col and e.pivots[row] == col


def test_gf3_elimination_uses_scale_steps():
    e = lo.eliminate([[2, 1], [1, 1]], modulus=3)
    assert any(isinstance(s, lo.Scale) for s in e.steps)
    assert np.array_equal(_replay(e), e.rref)
    assert e.rref.tolist() == [[1, 0], [0, 1]]
    assert "(mod 3)" in e.explain(0)


def test_step_numbers_are_checked():
    e = lo.eliminate(lo.toggle_matrix(2, 2))
    with pytest.raises(ValueError, match="does not exist"):
        e.state(len(e.steps) + 1)
    with pytest.raises(ValueError, match="does not exist"):
        e.explain(len(e.steps))
    with pytest.raises(TypeError, match="whole number"):
        e.state(1.5)
    with pytest.raises(ValueError, match="no right-hand side"):
        e.solution()


def test_repr_is_readable():
    assert repr(lo.eliminate(lo.toggle_matrix(5, 5), np.ones(25))) == (
        "<Elimination of a 25x26 augmented matrix over GF(2): rank 23, "
        f"{len(lo.eliminate(lo.toggle_matrix(5, 5), np.ones(25)).steps)} steps, consistent>"
    )
