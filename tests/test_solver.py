"""solve_board: the answer, all solutions, the fewest presses, and the certificate."""

from __future__ import annotations

import numpy as np
import pytest

import lightsout_edu as lo


def _quiet_parity_counts(n_bits: int, masks: list[int]) -> int:
    """Count integers b < 2**n_bits with popcount(b & m) even for every mask m (exactly)."""
    solvable = 0
    chunk = 1 << 22
    for start in range(0, 1 << n_bits, chunk):
        b = np.arange(start, min(start + chunk, 1 << n_bits), dtype=np.uint32)
        ok = np.ones(b.shape, dtype=bool)
        for m in masks:
            ok &= (np.bitwise_count(b & np.uint32(m)) % 2) == 0
        solvable += int(ok.sum())
    return solvable


def test_5x5_known_facts():
    s = lo.solve_board(np.ones((5, 5), dtype=np.uint8))
    assert (s.rank, s.nullity) == (23, 2)
    assert s.solvable and s.solution_count == 4
    assert s.solvable_board_count == 2**23
    assert int(s.fewest_presses().sum()) == 15


def test_exactly_a_quarter_of_5x5_boards_are_solvable():
    quiet = lo.solve_board(np.zeros((5, 5))).quiet_patterns.reshape(2, 25)
    masks = [int("".join(map(str, q[::-1])), 2) for q in quiet]
    # b is solvable iff it is orthogonal to both quiet patterns (A is symmetric): count all 2^25
    assert _quiet_parity_counts(25, masks) == 2**25 // 4


@pytest.mark.parametrize("seed", range(20))
def test_every_solvable_5x5_board_has_exactly_four_solutions(seed):
    board = lo.random_board(5, 5, seed=seed, solvable=True)
    solutions = list(lo.solve_board(board).all_solutions())
    assert len(solutions) == 4
    assert len({s.tobytes() for s in solutions}) == 4
    for presses in solutions:
        assert not lo.press(board, presses).any()


def test_quiet_patterns_change_nothing():
    for n in (4, 5, 9, 11):
        s = lo.solve_board(np.zeros((n, n)))
        assert len(s.quiet_patterns) == s.nullity > 0
        for q in s.quiet_patterns:
            assert q.any() and not lo.press(np.zeros((n, n)), q).any()


def test_certificate_proves_unsolvability():
    board = lo.random_board(5, 5, seed=3, solvable=False)
    s = lo.solve_board(board)
    assert not s.solvable and s.presses is None and s.solution_count == 0
    y = s.certificate.reshape(-1).astype(int)
    assert not (lo.toggle_matrix(5, 5).T.astype(int) @ y % 2).any()
    assert int(y @ board.reshape(-1)) % 2 == 1
    assert list(s.all_solutions()) == []
    with pytest.raises(ValueError, match="no solution"):
        s.fewest_presses()


def test_solvable_board_has_no_certificate():
    assert lo.solve_board(np.ones((3, 3))).certificate is None


def test_fewest_presses_and_ties_agree_with_enumeration():
    board = lo.random_board(4, 4, seed=11, solvable=True)
    s = lo.solve_board(board)
    weights = sorted(int(x.sum()) for x in s.all_solutions())
    assert int(s.fewest_presses().sum()) == weights[0]
    ties = s.all_fewest_presses()
    assert len(ties) == weights.count(weights[0])
    for x in ties:
        assert not lo.press(board, x).any()


def test_text_board_and_variants():
    s = lo.solve_board("#.#/.#./#.#", rule="x")
    assert s.solvable and not lo.press(s.board, s.presses, rule="x").any()
    t = lo.solve_board(np.ones((5, 5)), torus=True)
    assert not lo.press(np.ones((5, 5)), t.presses, torus=True).any()


def test_prime_colours():
    board = lo.random_board(5, 5, seed=4, colors=3, solvable=True)
    s = lo.solve_board(board, colors=3)
    assert s.solvable and s.solution_count == 3**s.nullity
    assert not lo.press(board, s.presses, colors=3).any()
    best = s.fewest_presses()
    assert int(best.sum()) == min(int(x.sum()) for x in s.all_solutions())


def test_repr():
    assert repr(lo.solve_board(np.ones((5, 5)))) == (
        "<Solution: 5x5 board, rule 'plus': solvable, 4 solutions>"
    )
