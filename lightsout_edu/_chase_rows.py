"""Row arithmetic of light chasing: the chase itself and the chase matrix, for k colours.

A chaseable rule presses the cell above, the cell below, and in its own row the cell itself
(``own``) and its left and right neighbours (``side``).  Row ``i`` goes dark exactly when the
presses of row ``i + 1`` are ``P[i+1] = -(b[i] + P[i-1] + T P[i])`` (mod k), where ``T`` is
the row operator ``own * I + side * (left + right)``; the last row keeps what is left over.

Two implementations with the same meaning:

* two colours: each row is one Python integer (bit c = column c), so ``T P`` is two shifts and
  three XORs, and the chase matrix comes from a polynomial recurrence on a cycle;
* k colours: rows are numpy arrays, and many start rows are chased at once.
"""

from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from numpy.typing import NDArray

from ._i18n import t
from ._validation import check_memory, from_work, to_work, work_entry_bytes

__all__ = [
    "RowRule",
    "chase_bits",
    "chase_matrix_bits",
    "chase_matrix_mod",
    "chase_mod",
    "chase_tails_bits",
    "ints_to_rows",
    "rows_to_ints",
]

RowRule = tuple[int, int]
"""``(own, side)``: whether a press toggles the cell itself, and its left/right neighbours."""


# --- two colours: rows as Python integers ------------------------------------------------------


def _spread(value: int, width: int, rule: RowRule, cyclic: bool) -> int:
    """T applied to one row (bit c = column c): self toggle plus left/right neighbours."""
    own, side = rule
    result = value if own else 0
    if side:
        mask = (1 << width) - 1
        left, right = (value << 1) & mask, value >> 1
        if cyclic:
            left |= value >> (width - 1)
            right |= (value & 1) << (width - 1)
        result ^= left ^ right
    return result


def rows_to_ints(board: NDArray[np.uint8]) -> list[int]:
    """Each row of a 0/1 board as an integer, bit c = column c."""
    as_bytes = np.packbits(board, axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in as_bytes]


def ints_to_rows(values: list[int], width: int) -> NDArray[np.uint8]:
    """Inverse of :func:`rows_to_ints`: integers back to 0/1 rows of ``width`` cells."""
    n_bytes = -(-width // 8)
    raw = b"".join(value.to_bytes(n_bytes, "little") for value in values)
    as_bytes = np.frombuffer(raw, dtype=np.uint8).reshape(len(values), n_bytes)
    return np.unpackbits(as_bytes, axis=1, count=width, bitorder="little")


def chase_bits(
    lights: list[int], start: list[int], width: int, rule: RowRule, torus: bool
) -> tuple[list[int], list[int]]:
    """Press rows so rows 0..m-2 go dark; return (press rows, leftover lights).

    ``start`` is the first row's presses (plain board) or the first two rows' (torus).  On a
    torus the leftover is two rows: the last row, then the first (both see the wrap).
    """
    rows = len(lights)
    if torus:
        presses = list(start)
        for i in range(1, rows - 1):
            presses.append(lights[i] ^ _spread(presses[i], width, rule, True) ^ presses[i - 1])
        presses = presses[:rows]
        last, first = presses[-1], presses[0]
        bottom = lights[-1] ^ _spread(last, width, rule, True) ^ presses[-2] ^ first
        top = lights[0] ^ _spread(first, width, rule, True) ^ last ^ presses[1]
        return presses, [bottom, top]
    presses, above = [start[0]], 0
    for i in range(rows):
        below = lights[i] ^ _spread(presses[i], width, rule, False) ^ above
        above = presses[i]
        presses.append(below)
    return presses[:rows], [presses[rows]]


def chase_tails_bits(
    starts: list[list[int]], rows: int, width: int, rule: RowRule, torus: bool
) -> list[list[int]]:
    """The last ``u`` press rows that each start chases to on a **dark** board, all at once.

    Each start (``u`` rows of ``width`` bits: ``u = 2`` on a torus) is one *lane* of a single
    Python integer, ``width + 1`` bits wide (the extra bit keeps neighbouring lanes apart), so
    one shift or XOR advances every chase by a row.  The same recurrence as
    :func:`chase_bits` with no lights: ``P[i+1] = T P[i] + P[i-1]``.
    """
    u = 2 if torus else 1
    count = len(starts)
    if count == 0:
        return []
    stride = width + 1
    lanes = _Lanes(count, stride, width)

    def pack(row: int) -> int:
        return sum(starts[t][row] << (t * stride) for t in range(count))

    def spread(value: int) -> int:
        return lanes.spread(value, rule, torus)

    if torus:
        before, current = pack(0), pack(1)
        for _ in range(1, rows - 1):
            before, current = current, spread(current) ^ before
        window = [before, current]
    else:
        before, current = 0, pack(0)
        for _ in range(rows - 1):
            before, current = current, spread(current) ^ before
        window = [current]
    return [[lanes.lane(value, t) for value in window[-u:]] for t in range(count)]


class _Lanes:
    """Masks for many rows of ``width`` bits side by side in one integer, ``stride`` apart."""

    def __init__(self, count: int, stride: int, width: int) -> None:
        self.width, self.stride = width, stride
        self.first = sum(1 << (t * stride) for t in range(count))  # bit 0 of every lane
        self.cells = self.first * ((1 << width) - 1)  # every cell of every lane
        self.top = self.first << (width - 1)  # the last cell of every lane

    def spread(self, value: int, rule: RowRule, cyclic: bool) -> int:
        """``T`` applied in every lane at once (the lane-wise :func:`_spread`)."""
        own, side = rule
        result = value if own else 0
        if side:
            left = (value << 1) & self.cells
            right = (value >> 1) & self.cells
            if cyclic:
                left |= (value >> (self.width - 1)) & self.first
                right |= (value & self.first) << (self.width - 1)
            result ^= left ^ right
        return result

    def lane(self, value: int, t: int) -> int:
        return (value >> (t * self.stride)) & ((1 << self.width) - 1)


def _cycle_power(rows: int, length: int, rule: RowRule) -> int:
    """p_rows(C) e_0 on a cycle of ``length`` cells, by the recurrence (bit k = cell k)."""
    previous, current = 0, 1
    for _ in range(rows):
        previous, current = current, _spread(current, length, rule, True) ^ previous
    return current


def _bits(value: int, length: int) -> NDArray[np.uint8]:
    return np.asarray(ints_to_rows([value], length)[0], dtype=np.uint8)


def _circulant(g: NDArray, n: int) -> NDArray:
    """C[i, k] = g[(i - k) mod len(g)] for 0 <= i, k < n."""
    length = g.size
    reversed_g = np.tile(g, 3)[::-1]
    windows = sliding_window_view(reversed_g, n)
    return windows[2 * length - n : 2 * length][::-1]


def _extended_powers(rows: int, cols: int, rule: RowRule) -> list[int]:
    """p_{m-3}, p_{m-2}, p_{m-1} (times e_0) on a cycle of cols, with p_{-2} = 1."""
    sequence = [1, 0]  # p_{-2}, p_{-1}
    for _ in range(rows):
        sequence.append(_spread(sequence[-1], cols, rule, True) ^ sequence[-2])
    return sequence[rows - 1 : rows + 2]


def chase_matrix_bits(rows: int, cols: int, rule: RowRule, torus: bool) -> NDArray[np.uint8]:
    """The two-colour chase matrix, without chasing each unit press.

    The presses of row i are ``P_i = p_i(T) x`` with ``p_{-1} = 0, p_0 = 1,
    p_{i+1} = t p_i + p_{i-1}``, so the leftover is ``p_rows(T) x``.  A path of ``cols`` cells
    is half of a cycle of ``2 cols + 2`` cells folded over: ``p_rows(T)`` comes from one vector
    run through the recurrence on the cycle and unfolded, ``M[i, k] = g[i - k] + g[i + k + 2]``.
    On a torus the blocks are circulant: bottom ``(p_{m-2} + 1) P_0 + p_{m-1} P_1``, top
    ``(T + p_{m-3}) P_0 + (1 + p_{m-2}) P_1``.
    """
    if torus:
        pm3, pm2, pm1 = (_bits(v, cols) for v in _extended_powers(rows, cols, rule))
        unit = np.zeros(cols, dtype=np.uint8)
        unit[0] = 1
        t = _bits(_spread(1, cols, rule, True), cols)
        blocks = [[pm2 ^ unit, pm1], [t ^ pm3, unit ^ pm2]]
        return np.block([[_circulant(g, cols) for g in row] for row in blocks])
    length = 2 * cols + 2
    g = _bits(_cycle_power(rows, length, rule), length)
    hankel = sliding_window_view(np.tile(g, 3), cols)[2 : cols + 2]
    return _circulant(g, cols) ^ hankel


# --- k colours: rows as numpy arrays, many starts at once --------------------------------------


def _spread_mod(P: NDArray, rule: RowRule, torus: bool) -> NDArray:
    """``T P`` for the rows in the last axis of ``P`` (not reduced mod k)."""
    own, side = rule
    out = P * own
    if side:
        if torus:
            out = out + np.roll(P, 1, axis=-1) + np.roll(P, -1, axis=-1)
        else:
            out = out.copy()
            out[..., 1:] += P[..., :-1]
            out[..., :-1] += P[..., 1:]
    return out


def chase_mod(
    lights: NDArray, starts: NDArray, k: int, rule: RowRule, torus: bool
) -> tuple[NDArray, NDArray]:
    """Chase ``s`` start rows on one board, mod k.

    Parameters
    ----------
    lights : (rows, cols) residues
    starts : (s, u, cols) residues: the first row (u = 1) or first two rows (torus, u = 2)

    Returns
    -------
    (presses, leftover)
        ``(s, rows, cols)`` presses and ``(s, u, cols)`` lights left on (last row; then the
        first row on a torus), as residues in the storage dtype of k.
    """
    rows = lights.shape[0]
    b = to_work(lights, k)
    first = to_work(starts, k)
    presses = [first[:, 0]]
    if torus:
        presses.append(first[:, 1])
        for i in range(1, rows - 1):
            presses.append(-(b[i] + presses[i - 1] + _spread_mod(presses[i], rule, True)) % k)
        presses = presses[:rows]
        bottom = b[-1] + presses[-2] + _spread_mod(presses[-1], rule, True) + presses[0]
        top = b[0] + presses[-1] + _spread_mod(presses[0], rule, True) + presses[1]
        leftover = np.stack([bottom, top], axis=1) % k
    else:
        for i in range(rows - 1):
            above = presses[i - 1] if i else 0
            presses.append(-(b[i] + above + _spread_mod(presses[i], rule, False)) % k)
        above = presses[-2] if rows > 1 else 0
        leftover = ((b[-1] + above + _spread_mod(presses[-1], rule, False)) % k)[:, None]
    return from_work(np.stack(presses, axis=1), k), from_work(leftover, k)


def chase_matrix_mod(rows: int, cols: int, k: int, rule: RowRule, torus: bool) -> NDArray:
    """The chase matrix mod k: column j = what a unit press j of the start rows leaves on."""
    u = 2 if torus else 1
    n = u * cols
    check_memory(  # the presses, row by row, then stacked
        2 * work_entry_bytes(k) * n * n * rows,
        t(
            "chasing the {n} unit presses down a {rows}x{cols} board with {k} colours",
            n=n,
            rows=rows,
            cols=cols,
            k=k,
        ),
        t("use a board with fewer columns"),
    )
    units = np.eye(n, dtype=np.int64).reshape(n, u, cols)
    _, leftover = chase_mod(np.zeros((rows, cols), dtype=np.int64), units, k, rule, torus)
    return np.ascontiguousarray(leftover.reshape(n, n).T)
