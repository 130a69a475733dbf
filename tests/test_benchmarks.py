"""The benchmark's machinery: interleaved timing never counts the warm-up, the M4RI shim
answers what our engine answers, and every engine's answer is checked before it is timed."""

from __future__ import annotations

import numpy as np
import pytest

import lightsout_edu as lo
from benchmarks import engines, timing


def test_interleaved_rounds_skip_the_warm_up_and_rotate():
    calls: list[str] = []

    def slow_first(name: str):
        def run():
            calls.append(name)
            if calls.count(name) == 1:  # the warm-up (a JIT compile, say) is slow
                import time

                time.sleep(0.2)

        return run

    result = timing.interleaved({"a": slow_first("a"), "b": slow_first("b")}, rounds=4)
    assert calls[:2] == ["a", "b"]  # one warm-up each
    assert calls[2:6] == ["a", "b", "b", "a"]  # the order rotates between rounds
    for name in "ab":
        assert result[name]["runs"] == 4 and result[name]["max"] < 0.1


def test_the_m4ri_shim_agrees_with_our_engine():
    try:
        from benchmarks.m4ri import load

        m4ri = load()
    except Exception as error:  # libm4ri-dev or a compiler missing: say so
        pytest.skip(f"M4RI not available: {error}")
    rng = np.random.default_rng(4)
    for rows, cols in [(5, 5), (70, 130), (300, 300)]:
        A = (rng.random((rows, cols)) < 0.5).astype(np.uint8)
        A[-1] = A[0] ^ A[1]
        P = lo.PackedMatrix.from_dense(A)
        assert m4ri.rank(P.words, cols)[0] == lo.rank(P)
        assert m4ri.nullity(P.words, cols)[0] == cols - lo.rank(P)
    T = lo.toggle_matrix(9, 9, packed=True)
    b = lo.press(np.zeros((9, 9), np.uint8), rng.integers(0, 2, (9, 9))).ravel()
    x, seconds = m4ri.solve(T.words, b)
    assert x is not None and seconds >= 0
    assert not ((lo.toggle_matrix(9, 9).astype(int) @ x + b) % 2).any()


def test_every_available_engine_is_verified_on_a_small_toggle_matrix():
    available, missing = engines.available_engines()
    A = lo.toggle_matrix(4, 4)
    P = lo.toggle_matrix(4, 4, packed=True)
    b = lo.press(np.zeros((4, 4), np.uint8), np.eye(4, dtype=np.uint8)).ravel()
    for engine in available.values():
        for task, prepare in engine.items():
            engines.verify(task, prepare(A, P, b)(), A, b, 12)
    assert engines.OURS in available
    assert all(isinstance(why, str) and why for why in missing.values())


def test_verify_catches_a_wrong_answer():
    A = lo.toggle_matrix(3, 3)
    b = np.ones(9, dtype=np.uint8)
    with pytest.raises(AssertionError):
        engines.verify("rank", 8, A, b, 9)
    with pytest.raises(AssertionError):
        engines.verify("solve", np.zeros(9, dtype=np.uint8), A, b, 9)
