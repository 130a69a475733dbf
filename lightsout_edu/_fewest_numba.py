"""The fewest-presses search for big kernels, compiled with numba (imported only when needed).

The score of coefficient vector ``c`` is ``sum_t f(t) (-1)^{c . t}`` over the cell types ``t``
(see :mod:`lightsout_edu.fewest`): a Walsh-Hadamard transform of length ``2^d``.  It is split
into ``2^(d - b)`` blocks of ``2^b`` entries (``b = 13``: 32 KB, inside the L1 cache): block
``h`` is the transform over the low ``b`` bits of ``f`` with the signs of the high bits fixed
to ``h``.  The blocks are independent, so every core works on them (``numba.prange``) when
:func:`lightsout_edu._threads.parallel_threads` allows it, else one core (the same answer).
"""

from __future__ import annotations

import numpy as np

from ._numba_cache import configure
from ._threads import parallel_threads

numba, CACHE = configure()

__all__ = ["BLOCK_BITS", "best_scores", "winners_in_block"]

BLOCK_BITS = 13


@numba.njit(cache=CACHE, nogil=True)
def _parity(word: np.int64) -> int:
    word ^= word >> 32
    word ^= word >> 16
    word ^= word >> 8
    word ^= word >> 4
    word ^= word >> 2
    word ^= word >> 1
    return int(word & 1)


@numba.njit(cache=CACHE, nogil=True)
def _block(low: np.ndarray, high: np.ndarray, weights: np.ndarray, h: int, out: np.ndarray) -> None:
    """Out <- the scores of every c = (h, low bits): one cache-sized Walsh-Hadamard transform."""
    out[:] = 0
    for t in range(low.size):
        sign = 1 - 2 * _parity(high[t] & h)
        out[low[t]] += sign * weights[t]
    n = out.size
    step = 1
    if n >= 8:  # the first three levels in registers: an 8-point transform per group
        for g in range(0, n, 8):
            b0, b1 = out[g] + out[g + 1], out[g] - out[g + 1]
            b2, b3 = out[g + 2] + out[g + 3], out[g + 2] - out[g + 3]
            b4, b5 = out[g + 4] + out[g + 5], out[g + 4] - out[g + 5]
            b6, b7 = out[g + 6] + out[g + 7], out[g + 6] - out[g + 7]
            c0, c2, c1, c3 = b0 + b2, b0 - b2, b1 + b3, b1 - b3
            c4, c6, c5, c7 = b4 + b6, b4 - b6, b5 + b7, b5 - b7
            out[g], out[g + 4] = c0 + c4, c0 - c4
            out[g + 1], out[g + 5] = c1 + c5, c1 - c5
            out[g + 2], out[g + 6] = c2 + c6, c2 - c6
            out[g + 3], out[g + 7] = c3 + c7, c3 - c7
        step = 8
    while step < n:  # then runs of at least 8 contiguous entries, which vectorise
        for start in range(0, n, 2 * step):
            for i in range(start, start + step):
                a = out[i]
                b = out[i + step]
                out[i] = a + b
                out[i + step] = a - b
        step *= 2


def _scores_of_blocks(
    low: np.ndarray, high: np.ndarray, weights: np.ndarray, block_bits: int, n_blocks: int
) -> np.ndarray:
    """The best score of every block of ``2^block_bits`` coefficient vectors."""
    best = np.empty(n_blocks, dtype=np.int64)
    for h in numba.prange(n_blocks):
        out = np.empty(1 << block_bits, dtype=np.int32)
        _block(low, high, weights, h, out)
        best[h] = out.max()
    return best


_best_scores_parallel = numba.njit(parallel=True, cache=CACHE, nogil=True)(_scores_of_blocks)
_scores_on_one_thread = numba.njit(nogil=True)(_scores_of_blocks)


@numba.njit(cache=CACHE, nogil=True)
def _best_scores_serial(
    low: np.ndarray, high: np.ndarray, weights: np.ndarray, block_bits: int, n_blocks: int
) -> np.ndarray:
    """:func:`_scores_of_blocks` on the calling thread only.

    A function of its own, not a second cached compilation of ``_scores_of_blocks``: numba's
    cache files are named after the function and keyed by its signature, not by the
    ``parallel`` flag, so the two would share one entry and the "serial" kernel could load
    the parallel code (and abort the workqueue when another thread has the workers).
    """
    return _scores_on_one_thread(low, high, weights, block_bits, n_blocks)


def best_scores(
    low: np.ndarray, high: np.ndarray, weights: np.ndarray, block_bits: int, n_blocks: int
) -> np.ndarray:
    """The best score of every block, on every core when this thread may use them."""
    with parallel_threads() as parallel:
        kernel = _best_scores_parallel if parallel else _best_scores_serial
        return kernel(low, high, weights, block_bits, n_blocks)


@numba.njit(cache=CACHE, nogil=True)
def winners_in_block(
    low: np.ndarray, high: np.ndarray, weights: np.ndarray, block_bits: int, h: int, score: int
) -> np.ndarray:
    """The coefficient vectors (as integers) of block ``h`` that reach ``score``."""
    out = np.empty(1 << block_bits, dtype=np.int32)
    _block(low, high, weights, h, out)
    return (h << block_bits) + np.flatnonzero(out == score)
