"""Lights Out computed again, without ``lightsout_edu``: the checks of the question bank.

Plain Python and NumPy only, written differently from the package (neighbour lists instead
of stencils, Python ints as bit rows, brute force over every press set where the board is
small), so that a bug in the package and in a check would have to agree to go unnoticed.

>>> toggle_matrix(1, 3).tolist()
[[1, 1, 0], [1, 1, 1], [0, 1, 1]]
>>> rank([[1, 1], [1, 1]]), rank([[1, 0], [0, 1]])
(1, 2)
>>> reachable(2, 2)[0].size  # the 16 press sets of the 2 x 2 board
16
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence

import numpy as np

#: (row, column) offsets of the cells a press toggles, by rule.
OFFSETS = {
    "plus": ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)),
    "neighbors": ((-1, 0), (1, 0), (0, -1), (0, 1)),
    "x": ((0, 0), (-1, -1), (-1, 1), (1, -1), (1, 1)),
    "king": tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)),
}


def toggled(rows: int, cols: int, r: int, c: int, rule: str = "plus", torus: bool = False):
    """The cells (row, column) that a press of (r, c) toggles an odd number of times."""
    counts: dict[tuple[int, int], int] = {}
    for dr, dc in OFFSETS[rule]:
        rr, cc = r + dr, c + dc
        if torus:
            rr, cc = rr % rows, cc % cols
        elif not (0 <= rr < rows and 0 <= cc < cols):
            continue
        counts[rr, cc] = counts.get((rr, cc), 0) + 1
    return sorted(cell for cell, k in counts.items() if k % 2)


def toggle_matrix(rows: int, cols: int, rule: str = "plus", torus: bool = False) -> np.ndarray:
    """The N x N toggle matrix, column j = what a press of cell j toggles (row by row)."""
    n = rows * cols
    A = np.zeros((n, n), dtype=np.int64)
    for j in range(n):
        for rr, cc in toggled(rows, cols, j // cols, j % cols, rule, torus):
            A[rr * cols + cc, j] = 1
    return A


def press(board, presses, rule: str = "plus", torus: bool = False, colors: int = 2):
    """The board after pressing each cell ``presses[r, c]`` times (mod ``colors``)."""
    out = np.array(board, dtype=np.int64) % colors
    rows, cols = out.shape
    times = np.array(presses, dtype=np.int64).reshape(rows, cols)
    for r, c in itertools.product(range(rows), range(cols)):
        for _ in range(int(times[r, c]) % colors):
            for rr, cc in _hits(rows, cols, r, c, rule, torus):
                out[rr, cc] = (out[rr, cc] + 1) % colors
    return out


def _hits(rows: int, cols: int, r: int, c: int, rule: str, torus: bool):
    """Every cell a press hits, with repeats (on tiny tori a cell can be hit twice)."""
    for dr, dc in OFFSETS[rule]:
        rr, cc = r + dr, c + dc
        if torus:
            yield rr % rows, cc % cols
        elif 0 <= rr < rows and 0 <= cc < cols:
            yield rr, cc


def rank(M, p: int = 2) -> int:
    """The rank of ``M`` over GF(p), by elimination on lists of Python ints."""
    rows = [[int(v) % p for v in row] for row in np.atleast_2d(np.array(M, dtype=np.int64))]
    r = 0
    for c in range(len(rows[0]) if rows else 0):
        pivot = next((i for i in range(r, len(rows)) if rows[i][c]), None)
        if pivot is None:
            continue
        rows[r], rows[pivot] = rows[pivot], rows[r]
        inverse = pow(rows[r][c], -1, p)
        rows[r] = [v * inverse % p for v in rows[r]]
        for i in range(len(rows)):
            if i != r and rows[i][c]:
                factor = rows[i][c]
                rows[i] = [(a - factor * b) % p for a, b in zip(rows[i], rows[r], strict=True)]
        r += 1
    return r


def rref(M) -> tuple[np.ndarray, list[int]]:
    """The reduced row echelon form over GF(2) and its pivot columns (0-based)."""
    R = np.array(M, dtype=np.int64) % 2
    pivots: list[int] = []
    for c in range(R.shape[1]):
        r = len(pivots)
        below = [i for i in range(r, R.shape[0]) if R[i, c]]
        if not below:
            continue
        R[[r, below[0]]] = R[[below[0], r]]
        for i in range(R.shape[0]):
            if i != r and R[i, c]:
                R[i] ^= R[r]
        pivots.append(c)
    return R, pivots


def column_ints(A) -> list[int]:
    """The columns of a 0/1 matrix as ints (bit i = row i)."""
    A = np.array(A, dtype=np.int64)
    return [sum(int(A[i, j]) << i for i in range(A.shape[0])) for j in range(A.shape[1])]


@functools.cache
def reachable(rows: int, cols: int, rule: str = "plus", torus: bool = False):
    """Brute force over all 2^N press sets: (board made by press set k, weight of k).

    Entry k of each array belongs to the press set whose bit j is cell j; boards are ints
    (bit i = light i). Only for N <= 22.
    """
    n = rows * cols
    if n > 22:
        raise ValueError(f"brute force over 2^{n} press sets is too big")
    columns = np.array(column_ints(toggle_matrix(rows, cols, rule, torus)), dtype=np.int64)
    boards = np.zeros(1 << n, dtype=np.int64)
    weights = np.zeros(1 << n, dtype=np.int64)
    for j in range(n):
        half = 1 << j
        boards[half : 2 * half] = boards[:half] ^ columns[j]
        weights[half : 2 * half] = weights[:half] + 1
    return boards, weights


@functools.cache
def fewest_table(rows: int, cols: int, rule: str = "plus", torus: bool = False) -> np.ndarray:
    """Entry b: the fewest presses of the board b (an int), or -1 if it is unsolvable."""
    boards, weights = reachable(rows, cols, rule, torus)
    best = np.full(1 << (rows * cols), rows * cols + 1, dtype=np.int64)
    np.minimum.at(best, boards, weights)
    best[best > rows * cols] = -1
    return best


def as_int(board) -> int:
    """A board (array) as an int, bit i = light i in row-major order."""
    return sum(int(v) << i for i, v in enumerate(np.ravel(board)))


def as_board(value: int, rows: int, cols: int) -> np.ndarray:
    """The board of an int (the inverse of :func:`as_int`)."""
    return np.array([(value >> i) & 1 for i in range(rows * cols)], dtype=np.int64).reshape(
        rows, cols
    )


def solutions(board, rule: str = "plus", torus: bool = False) -> list[np.ndarray]:
    """Every press set that switches ``board`` off, by brute force."""
    rows, cols = np.shape(board)
    boards, _ = reachable(rows, cols, rule, torus)
    found = np.flatnonzero(boards == as_int(board))
    return [as_board(int(k), rows, cols) for k in found]


def solutions_of(A, b) -> list[tuple[int, ...]]:
    """Every x in GF(2)^n with A x = b, by trying all 2^n (small n only)."""
    A = np.array(A, dtype=np.int64)
    b = np.array(b, dtype=np.int64) % 2
    return [x for x in itertools.product((0, 1), repeat=A.shape[1]) if ((A @ x) % 2 == b).all()]


def kernel(A) -> list[np.ndarray]:
    """A basis of {x : A x = 0} over GF(2), from the RREF (one vector per free column)."""
    R, pivots = rref(A)
    n = R.shape[1]
    basis = []
    for free in (c for c in range(n) if c not in pivots):
        x = np.zeros(n, dtype=np.int64)
        x[free] = 1
        for row, p in enumerate(pivots):
            x[p] = R[row, free]
        basis.append(x)
    return basis


def span(vectors: Sequence[np.ndarray]) -> list[np.ndarray]:
    """Every sum of a subset of ``vectors`` over GF(2) (2^len of them)."""
    out = []
    for coefficients in itertools.product((0, 1), repeat=len(vectors)):
        total = np.zeros(len(vectors[0]), dtype=np.int64) if vectors else np.zeros(0, np.int64)
        for c, v in zip(coefficients, vectors, strict=True):
            if c:
                total = total ^ v
        out.append(total)
    return out


def chase(board, first_row) -> tuple[np.ndarray, np.ndarray]:
    """Press ``first_row``, then under every light of each row: (presses, last row left)."""
    lights = np.array(board, dtype=np.int64) % 2
    rows, cols = lights.shape
    presses = np.zeros_like(lights)
    presses[0] = np.array(first_row, dtype=np.int64) % 2
    for r in range(rows):
        if r > 0:
            presses[r] = lights[r - 1]
        for c in np.flatnonzero(presses[r]):
            for rr, cc in toggled(rows, cols, r, int(c)):
                lights[rr, cc] ^= 1
    return presses, lights[-1]


def chase_columns(n: int) -> list[int]:
    """The chase matrix of the n x n board, column j as an int (bit i = last-row cell i).

    Rows are ints; a press pattern p in a row toggles that row by p, p << 1 and p >> 1, and
    the rows above and below by p.
    """
    mask = (1 << n) - 1
    columns = []
    for j in range(n):
        lights = [0] * (n + 1)
        press = 1 << j
        for r in range(n):
            lights[r] ^= (press ^ (press << 1) ^ (press >> 1)) & mask
            if r > 0:
                lights[r - 1] ^= press
            lights[r + 1] ^= press
            press = lights[r]  # the next row presses under every light of this one
        columns.append(lights[n - 1])
    return columns


def int_rank(vectors: Iterable[int]) -> int:
    """The rank over GF(2) of vectors stored as ints."""
    basis: list[int] = []
    for v in vectors:
        for b in basis:
            v = min(v, v ^ b)
        if v:
            basis.append(v)
    return len(basis)


def poly_mul(a: int, b: int) -> int:
    """The product of two polynomials over GF(2) stored as ints (bit i = x^i)."""
    out = 0
    while b:
        if b & 1:
            out ^= a
        a, b = a << 1, b >> 1
    return out


def poly_mod(a: int, b: int) -> int:
    while a and a.bit_length() >= b.bit_length():
        a ^= b << (a.bit_length() - b.bit_length())
    return a


def poly_gcd(a: int, b: int) -> int:
    while b:
        a, b = b, poly_mod(a, b)
    return a


def chebyshev(n: int) -> int:
    """p_n of lecture 6: p_0 = 1, p_1 = x, p_{k+1} = x p_k + p_{k-1} (over GF(2))."""
    a, b = 1, 2
    for _ in range(n):
        a, b = b, poly_mul(2, b) ^ a
    return a


def shift_by_one(p: int) -> int:
    """p(x + 1) for a polynomial over GF(2) stored as an int."""
    out, power = 0, 1  # power = (x + 1)^i
    for i in range(p.bit_length()):
        if (p >> i) & 1:
            out ^= power
        power = poly_mul(power, 3)
    return out


def weights(vectors: Iterable[np.ndarray]) -> list[int]:
    return [int(np.sum(v)) for v in vectors]
