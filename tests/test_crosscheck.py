"""cross_check compares our engine with galois and sympy and prints a table."""

from __future__ import annotations

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu import crosscheck


def test_report_for_5x5():
    report = lo.cross_check(lo.toggle_matrix(5, 5), np.ones(25, dtype=np.uint8))
    text = repr(report)
    assert "all engines agree" in text
    assert "ours" in text and "galois" in text and "sympy" in text
    assert all(r.rank == 23 and r.nullity == 2 and r.consistent for r in report.results.values())


def test_gf3_report():
    report = lo.cross_check([[1, 2, 0], [2, 1, 1]], modulus=3)
    assert report.results["sympy"].rank == 2


def test_a_disagreement_raises(monkeypatch):
    real = crosscheck._galois

    def broken(A, b, p):
        good = real(A, b, p)
        return crosscheck.EngineResult(
            good.rank + 1, good.pivots, good.nullity, good.rref, good.consistent, good.kernel_ok
        )

    monkeypatch.setattr(crosscheck, "_galois", broken)
    with pytest.raises(lo.CrossCheckError, match="galois disagrees with our engine on rank"):
        lo.cross_check(lo.toggle_matrix(3, 3))


@pytest.mark.parametrize(
    "p",
    [
        pytest.param(257, marks=pytest.mark.slow),  # 1.6 s each: galois compiles each field
        pytest.param(65537, marks=pytest.mark.slow),
        pytest.param(2**31 - 1, marks=pytest.mark.slow),
        2**61 - 1,
        2**64 - 59,
    ],
)
def test_big_primes_with_big_entries_in_the_rref(p):
    """The reduced matrices of all three engines keep entries of any size (they were bytes)."""
    A = [[1, p - 7, 5], [2, (2 * (p - 7)) % p, 10 % p], [0, 1, p - 1]]
    report = lo.cross_check(A, [1, 2, 0], modulus=p)
    ours = report.results["ours"]
    assert (ours.rank, ours.consistent) == (2, True)
    assert int(ours.rref.max()) > 255
    for result in report.results.values():
        assert result.rref.dtype == ours.rref.dtype and np.array_equal(result.rref, ours.rref)
