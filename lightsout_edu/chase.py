"""Light chasing: solve a big board with a small system, one unknown per column.

Press the first row somehow, then chase: each light left on in row ``i`` is switched off by
pressing the cell below it, row after row.  Only the last row can stay lit, and what is left
there depends linearly on the first row's presses ``x``:  ``leftover = M x + c``.  So the board
is solvable exactly when ``M x = c`` is, and the ``rows * cols`` unknowns shrink to ``cols``.

With ``T`` the row operator of the rule (``T = S`` = path adjacency + identity for "plus"),
the presses of row ``i`` are ``P_i = p_i(T) x + (terms from the board)`` with the polynomials
``p_{-1} = 0, p_0 = 1, p_{i+1} = t p_i + p_{i-1}``, and ``M = p_rows(T)``.  A path of ``cols``
cells is half of a cycle of ``2 cols + 2`` cells folded over, so ``p_rows(T)`` comes from one
vector run through the recurrence on the cycle (``rows`` steps of three word-XORs) and
unfolded: ``M[i, k] = g[i - k] + g[i + k + 2]`` (indices mod ``2 cols + 2``).

On a torus the first two rows are the unknowns and ``M`` is ``2 cols x 2 cols``, built from
circulant blocks the same way.  Rules whose rows above and below are "the cell itself only"
("plus", "neighbors", symmetric custom stencils of that shape) can be chased; for the others
:func:`chase_applies` is False and the solver uses elimination.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view
from numpy.typing import ArrayLike, NDArray

from . import packed
from ._validation import as_board, check_size
from .rules import Rule, rule_stencil

__all__ = ["LightChase", "chase_applies", "chase_lights", "chase_matrix", "light_chase"]

_VERTICAL = np.array([0, 1, 0], dtype=np.uint8)


def chase_applies(rule: Rule = "plus", *, rows: int = 3, torus: bool = False) -> bool:
    """Whether light chasing can solve boards of this rule.

    The cell above and the cell below must be the only cells of those rows a press toggles,
    and the rule must be left-right symmetric.  On a torus, boards of a single row are left
    to elimination.

    Examples
    --------
    >>> chase_applies("plus"), chase_applies("neighbors"), chase_applies("king")
    (True, True, False)
    """
    stencil = rule_stencil(rule)
    shape_ok = (
        np.array_equal(stencil[0], _VERTICAL)
        and np.array_equal(stencil[2], _VERTICAL)
        and stencil[1, 0] == stencil[1, 2]
    )
    return bool(shape_ok and not (torus and rows < 2))


def _row_operator(rule: Rule) -> tuple[int, int]:
    """(self toggle, side toggle) bits of the middle row of a chaseable stencil."""
    stencil = rule_stencil(rule)
    if not chase_applies(rule):
        raise ValueError(
            f"light chasing needs a rule whose presses reach only the cell directly above and "
            f"below in the neighbouring rows, and is left-right symmetric; rule {rule!r} is "
            f"not one (use method='elimination')"
        )
    return int(stencil[1, 1]), int(stencil[1, 0])


def _spread(value: int, width: int, rule_bits: tuple[int, int], cyclic: bool) -> int:
    """T applied to one row (bit c = column c): self toggle plus left/right neighbours."""
    own, side = rule_bits
    result = value if own else 0
    if side:
        mask = (1 << width) - 1
        left, right = (value << 1) & mask, value >> 1
        if cyclic:
            left |= value >> (width - 1)
            right |= (value & 1) << (width - 1)
        result ^= left ^ right
    return result


def _to_ints(board: NDArray[np.uint8]) -> list[int]:
    as_bytes = np.packbits(board, axis=1, bitorder="little")
    return [int.from_bytes(row.tobytes(), "little") for row in as_bytes]


def _to_rows(values: list[int], width: int) -> NDArray[np.uint8]:
    n_bytes = -(-width // 8)
    raw = b"".join(value.to_bytes(n_bytes, "little") for value in values)
    as_bytes = np.frombuffer(raw, dtype=np.uint8).reshape(len(values), n_bytes)
    return np.unpackbits(as_bytes, axis=1, count=width, bitorder="little")


def _chase(
    lights: list[int], start: list[int], width: int, rule_bits: tuple[int, int], torus: bool
) -> tuple[list[int], list[int]]:
    """Press rows so rows 0..m-2 go dark; return (press rows, leftover equations).

    ``start`` is the first row's presses (plain board) or the first two rows' (torus).
    """
    rows = len(lights)
    if torus:
        presses = list(start)
        for i in range(1, rows - 1):
            below = lights[i] ^ _spread(presses[i], width, rule_bits, True) ^ presses[i - 1]
            presses.append(below)
        presses = presses[:rows]
        last, first = presses[-1], presses[0]
        leftover_bottom = lights[-1] ^ _spread(last, width, rule_bits, True) ^ presses[-2] ^ first
        leftover_top = lights[0] ^ _spread(first, width, rule_bits, True) ^ last ^ presses[1]
        return presses, [leftover_bottom, leftover_top]
    presses, above = [start[0]], 0
    for i in range(rows):
        below = lights[i] ^ _spread(presses[i], width, rule_bits, False) ^ above
        above = presses[i]
        presses.append(below)
    return presses[:rows], [presses[rows]]


def chase_lights(
    board: ArrayLike, first_row: ArrayLike, *, rule: Rule = "plus"
) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """Press ``first_row``, then chase the lights down; return (presses, last row left on).

    Examples
    --------
    >>> presses, leftover = chase_lights([[1, 1, 0], [1, 0, 0], [0, 0, 0]], [1, 0, 0])
    >>> presses.tolist(), leftover.tolist()
    ([[1, 0, 0], [0, 0, 0], [0, 0, 0]], [0, 0, 0])
    """
    cells = as_board(board)
    rows, cols = cells.shape
    first = as_board([first_row] if np.ndim(first_row) == 1 else first_row, "first_row")
    if first.shape != (1, cols):
        raise ValueError(f"first_row must have {cols} entries (one per column), not {first.size}")
    presses, leftover = _chase(
        _to_ints(cells), _to_ints(first), cols, _row_operator(rule), torus=False
    )
    return _to_rows(presses, cols), _to_rows(leftover, cols)[0]


def _cycle_power(rows: int, length: int, rule_bits: tuple[int, int]) -> int:
    """p_rows(C) e_0 on a cycle of ``length`` cells, by the recurrence (bit k = cell k)."""
    previous, current = 0, 1
    for _ in range(rows):
        previous, current = current, _spread(current, length, rule_bits, True) ^ previous
    return current


def _bits(value: int, length: int) -> NDArray[np.uint8]:
    return _to_rows([value], length)[0]


def _circulant(g: NDArray[np.uint8], n: int) -> NDArray[np.uint8]:
    """C[i, k] = g[(i - k) mod len(g)] for 0 <= i, k < n."""
    length = g.size
    reversed_g = np.tile(g, 3)[::-1]
    windows = sliding_window_view(reversed_g, n)
    return windows[2 * length - n : 2 * length][::-1]


def chase_matrix(
    rows: int, cols: int | None = None, *, rule: Rule = "plus", torus: bool = False
) -> NDArray[np.uint8]:
    """The chase matrix ``M``: which last-row lights each first-row press leaves on.

    On a dark ``rows x cols`` board, pressing first-row cell ``k`` and chasing leaves the
    last row equal to column ``k`` of ``M`` (``cols x cols``).  On a torus the unknowns are
    the first two rows and ``M`` is ``2 cols x 2 cols`` (equations: last row, then first).
    ``cols`` defaults to ``rows`` (a square board).

    Examples
    --------
    >>> chase_matrix(5)
    array([[0, 1, 1, 0, 1],
           [1, 1, 1, 0, 0],
           [1, 1, 0, 1, 1],
           [0, 0, 1, 1, 1],
           [1, 0, 1, 1, 0]], dtype=uint8)
    """
    rows = check_size(rows, "rows")
    cols = rows if cols is None else check_size(cols, "cols")
    rule_bits = _row_operator(rule)
    if torus:
        if rows < 2:
            raise ValueError("light chasing on a torus needs at least 2 rows")
        return _torus_chase_matrix(rows, cols, rule_bits)
    length = 2 * cols + 2
    g = _bits(_cycle_power(rows, length, rule_bits), length)
    hankel = sliding_window_view(np.tile(g, 3), cols)[2 : cols + 2]
    return _circulant(g, cols) ^ hankel


def _torus_chase_matrix(rows: int, cols: int, rule_bits: tuple[int, int]) -> NDArray[np.uint8]:
    # P_i = p_{i-2}(T) P_0 + p_{i-1}(T) P_1 + (board terms); the two leftover equations are
    # bottom: (p_{m-2} + 1) P_0 + p_{m-1} P_1,  top: (T + p_{m-3}) P_0 + (1 + p_{m-2}) P_1.
    pm3, pm2, pm1 = (_bits(v, cols) for v in _extended_powers(rows, cols, rule_bits))
    unit = np.zeros(cols, dtype=np.uint8)
    unit[0] = 1
    t = _bits(_spread(1, cols, rule_bits, True), cols)
    blocks = [[pm2 ^ unit, pm1], [t ^ pm3, unit ^ pm2]]
    return np.block([[_circulant(g, cols) for g in row] for row in blocks])


def _extended_powers(rows: int, cols: int, rule_bits: tuple[int, int]) -> list[int]:
    """p_{m-3}, p_{m-2}, p_{m-1} (times e_0) on a cycle of cols, with p_{-2} = 1."""
    sequence = [1, 0]  # p_{-2}, p_{-1}
    for _ in range(rows):
        sequence.append(_spread(sequence[-1], cols, rule_bits, True) ^ sequence[-2])
    return sequence[rows - 1 : rows + 2]


@dataclass(frozen=True)
class LightChase:
    """A board solved by light chasing, with the answers elimination of ``A`` gives.

    Attributes
    ----------
    matrix : numpy.ndarray
        The chase matrix ``M`` (see :func:`chase_matrix`).
    leftover : numpy.ndarray
        ``c``: what chasing the board with no first-row presses leaves on.
    first_rows : numpy.ndarray or None
        Presses of the first row (first two rows on a torus) of :attr:`presses`, or None.
    presses : numpy.ndarray or None
        The solution with no free cell pressed (as elimination finds it), board-shaped, or
        None when the board cannot be solved.
    quiet_patterns : numpy.ndarray
        ``(nullity, rows, cols)``: elimination's kernel basis, one pattern per free cell.
    free_cells : numpy.ndarray
        The free cells (row-major indices, ascending): the non-pivot columns of ``A``.
    rank : int
        Rank of the board's toggle matrix: ``rows * cols - nullity``.
    """

    matrix: NDArray[np.uint8]
    leftover: NDArray[np.uint8]
    first_rows: NDArray[np.uint8] | None
    presses: NDArray[np.uint8] | None
    quiet_patterns: NDArray[np.uint8]
    free_cells: NDArray[np.int64]
    rank: int


def light_chase(board: ArrayLike, *, rule: Rule = "plus", torus: bool = False) -> LightChase:
    """Solve a board by light chasing: a ``cols x cols`` system instead of ``N x N``.

    The answers are those of elimination on the full system: the quiet patterns are the
    kernel basis read off the reduced row echelon form of ``A`` and the presses leave every
    free cell unpressed.

    Examples
    --------
    >>> chased = light_chase([[1] * 5] * 5)
    >>> int(chased.presses.sum()), chased.rank, chased.quiet_patterns.shape
    (15, 23, (2, 5, 5))
    >>> chased.free_cells
    array([23, 24])
    """
    cells = as_board(board)
    rows, cols = cells.shape
    if not chase_applies(rule, rows=rows, torus=torus):
        _row_operator(rule)  # names the rule in the error
        raise ValueError("light chasing on a torus needs at least 2 rows")
    rule_bits = _row_operator(rule)
    lights = _to_ints(cells)
    unknowns = 2 if torus else 1

    def chase(start: NDArray[np.uint8], board_ints: list[int]) -> tuple[list[int], list[int]]:
        return _chase(board_ints, _to_ints(start.reshape(unknowns, cols)), cols, rule_bits, torus)

    matrix = chase_matrix(rows, cols, rule=rule, torus=torus)
    leftover = _to_rows(chase(np.zeros(unknowns * cols, np.uint8), lights)[1], cols).reshape(-1)
    dark = [0] * rows

    def tail(start: NDArray[np.uint8]) -> NDArray[np.uint8]:
        return _to_rows(chase(start, dark)[0][-unknowns:], cols).reshape(-1)

    starts, free = _elimination_basis(packed.null_space(matrix), tail, rows * cols)
    quiet = [_to_rows(chase(start, dark)[0], cols) for start in starts]
    quiet_patterns = np.array(quiet, dtype=np.uint8).reshape(len(quiet), rows, cols)
    x = packed.solve(matrix, leftover)
    presses = None
    if x is not None:
        pressed = _to_rows(chase(x, lights)[0], cols).reshape(-1)[free].astype(bool)
        x = np.bitwise_xor.reduce(starts[pressed], axis=0) ^ x if pressed.any() else x
        press_rows, rest = chase(x, lights)
        if any(rest):
            raise AssertionError("internal error: light chasing left lights on")
        presses = _to_rows(press_rows, cols)
    return LightChase(matrix, leftover, x, presses, quiet_patterns, free, rows * cols - len(free))


def _elimination_basis(
    starts: NDArray[np.uint8], tail: Callable[[NDArray[np.uint8]], NDArray[np.uint8]], n_cells: int
) -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """Re-choose the kernel basis (given by its start rows) as elimination would.

    A cell is free exactly when some quiet pattern has its last pressed cell there, so the
    free cells are the pivots of the kernel basis row-reduced from the last cell backwards.
    A quiet pattern is fixed by its last rows as much as by its first (chase upwards), so
    the pivots all lie in those rows: reducing the patterns' ``tail`` (their last rows),
    with the row operations tracked, gives the new start rows.

    Returns
    -------
    (starts, free_cells)
        Start rows of the basis with identity on the free cells, ascending free cells.
    """
    d = starts.shape[0]
    if d == 0:
        return starts, np.zeros(0, dtype=np.int64)
    tails = np.array([tail(start) for start in starts], dtype=np.uint8)
    n_tail = tails.shape[1]
    reduced, pivots = packed.rref(np.hstack([tails[:, ::-1], np.eye(d, dtype=np.uint8)]))
    if len(pivots) != d or pivots[-1] >= n_tail:
        raise AssertionError("internal error: quiet patterns not fixed by their last rows")
    transform = reduced[::-1, n_tail:].astype(np.int64)  # rows by ascending free cell
    free = (n_cells - 1 - np.array(pivots, dtype=np.int64))[::-1]
    return (transform @ starts % 2).astype(np.uint8), free
