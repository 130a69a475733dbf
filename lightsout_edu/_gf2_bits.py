"""Compiled helpers on 64-bit words, shared by the GF(2) kernels (numba).

Bit ``j`` of word ``w`` of a packed row is column ``64 w + j`` (see :mod:`lightsout_edu.packed`).
"""

from __future__ import annotations

import numpy as np

from ._numba_cache import configure

numba, CACHE = configure()

__all__ = ["last_words", "lowest_bit", "parity"]

_ONE = np.uint64(1)
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_SHIFT = np.uint64(58)
_LOWEST_BIT = np.zeros(64, dtype=np.int64)
for _bit in range(64):
    _LOWEST_BIT[((1 << _bit) * 0x03F79D71B4CB0A89 % (1 << 64)) >> 58] = _bit


@numba.njit(cache=CACHE, nogil=True)
def lowest_bit(word: np.uint64) -> int:
    """Index of the lowest set bit of a nonzero word (de Bruijn multiplication)."""
    isolated = word & (~word + _ONE)
    return _LOWEST_BIT[(isolated * _DEBRUIJN) >> _SHIFT]


@numba.njit(cache=CACHE, nogil=True)
def parity(word: np.uint64) -> int:
    """Number of set bits of a word, mod 2."""
    for shift in (32, 16, 8, 4, 2, 1):
        word ^= word >> np.uint64(shift)
    return int(word & _ONE)


@numba.njit(cache=CACHE, nogil=True)
def last_words(words: np.ndarray) -> np.ndarray:
    """Index of each row's last nonzero word (-1 for a zero row)."""
    rows, width = words.shape
    last = np.full(rows, -1, dtype=np.int64)
    for i in range(rows):
        for w in range(width - 1, -1, -1):
            if words[i, w] != 0:
                last[i] = w
                break
    return last
