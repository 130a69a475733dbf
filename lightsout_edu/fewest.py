"""Exact fewest-press solutions: the lightest vector in a coset ``x0 + span(kernel)``.

Every solution of ``A x = b`` is ``x0 + c_1 k_1 + ... + c_d k_d`` for a particular solution
``x0`` and a kernel basis ``k_1 .. k_d``.  The number of presses of the solution chosen by the
coefficient vector ``c`` is

.. math::  w(c) = |x_0| + \\tfrac12 \\Big(S - \\sum_j s_j (-1)^{c \\cdot v_j}\\Big),

where ``v_j`` is column ``j`` of the kernel basis read as a d-bit number, ``s_j = 1 - 2 x0_j``
and ``S = sum_j s_j``.  The sum over ``j`` is a Walsh-Hadamard transform of the function
``f(v) = sum of s_j over the cells j whose column is v``, so the weights of all ``2^d``
solutions come out of one fast transform (``d 2^d`` additions) instead of ``N 2^d`` bit
operations: every all-on board up to 38 x 38 (d <= 20) takes well under a second.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
from numpy.typing import ArrayLike

from . import packed
from ._game import toggle_matrix_of
from ._grid import Rule, grid_of
from ._i18n import t
from ._validation import check_memory, unmasked

__all__ = [
    "MAX_COUNTED_CELLS",
    "MAX_KERNEL_DIMENSION",
    "all_lightest_in_coset",
    "best_by_type",
    "cell_types",
    "first_lightest",
    "lightest_in_coset",
    "minimum_weight_solutions",
    "optimal_press_counts",
]

MAX_KERNEL_DIMENSION = 32
"""Largest kernel dimension d searched exactly (2^32 weights: about a minute)."""

_BLOCK_BITS = 22  # transform 2^22 coefficient vectors at a time (16 MB of int32)
#: Kernels of dimension up to this are searched with numpy alone (no compile wait); bigger
#: ones by the compiled kernels when numba is installed.
NUMPY_SEARCH_BITS = 20
#: Tied solutions are built this many bytes at a time (never all at once).
_CHUNK_BYTES = 2**24


def _walsh_hadamard(values: np.ndarray) -> None:
    """Values <- H values, in place (H = Walsh-Hadamard matrix, length a power of 2).

    One butterfly pass per bit: pairs ``(a, b)`` that differ in bit ``h`` become
    ``(a + b, a - b)``, all pairs of a pass at once.
    """
    n = values.size
    h = 1
    while h < n:
        pairs = values.reshape(-1, 2, h)
        low = pairs[:, 0, :].copy()
        pairs[:, 0, :] += pairs[:, 1, :]
        pairs[:, 1, :] = low - pairs[:, 1, :]
        h *= 2


def _as_bit_vector(value: object, name: str) -> np.ndarray:
    array = np.asarray(unmasked(value, name))
    if array.ndim != 1:
        raise ValueError(
            t(
                "{name} must be a 1-D vector of 0/1, not an array of shape {shape}",
                name=name,
                shape=array.shape,
            )
        )
    return _check_bits(array, name)


def _check_bits(array: np.ndarray, name: str) -> np.ndarray:
    if array.dtype == bool:
        return array.astype(np.uint8)
    if not np.issubdtype(array.dtype, np.integer):
        raise TypeError(
            t("{name} must hold integers 0/1, not {dtype}", name=name, dtype=array.dtype)
        )
    bad = np.argwhere((array != 0) & (array != 1))
    if bad.size:
        where = tuple(int(i) for i in bad[0])
        raise ValueError(
            t(
                "entry {value} at {where} of {name} is not {entries}",
                value=array[where],
                where=where,
                name=name,
                entries=t("0 or 1"),
            )
        )
    return array.astype(np.uint8)


def _checked_coset(particular: object, kernel: object) -> tuple[np.ndarray, np.ndarray]:
    """``(x0, basis)`` as 0/1 uint8 arrays of matching shapes, or a clear error."""
    x0 = _as_bit_vector(particular, "particular")
    basis = np.asarray(unmasked(kernel, "kernel"))
    if basis.ndim != 2 or basis.shape[1] != x0.size:
        raise ValueError(
            t(
                "kernel must have shape (d, {n}) to match particular, not {shape}",
                n=x0.size,
                shape=basis.shape,
            )
        )
    return x0, _check_bits(basis, "kernel")


def _independent(basis: np.ndarray) -> np.ndarray:
    """The rows of a 0/1 ``basis`` with the dependent ones dropped (the span is the same).

    So every coefficient vector gives a different vector of the coset; a kernel too big to
    search is refused here.
    """
    d = basis.shape[0]
    if d > MAX_KERNEL_DIMENSION:
        raise ValueError(
            t(
                "the kernel has dimension {d}, so there are 2^{d} solutions to compare; exact "
                "fewest presses is limited to kernel dimension <= {most}",
                d=d,
                most=MAX_KERNEL_DIMENSION,
            )
        )
    if d and packed.rank(basis) < d:
        reduced, pivots = packed.rref(basis)
        return np.asarray(reduced)[: len(pivots)]
    return basis


def minimum_weight_solutions(
    particular: np.ndarray, kernel: np.ndarray, *, all_ties: bool = False
) -> np.ndarray:
    """Lightest vectors of the coset ``particular + span(kernel)`` over GF(2), exactly.

    Parameters
    ----------
    particular : array_like of 0/1, shape (N,)
        One solution ``x0`` of ``A x = b``.
    kernel : array_like of 0/1, shape (d, N)
        A basis of the null space of ``A`` (``d`` may be 0).
    all_ties : bool, default False
        Return every solution of minimum weight instead of one.  Without it the one returned
        is the first of them in row-major (lexicographic) order, so ties are broken the same
        way every time, here and in the game widget.

    Returns
    -------
    numpy.ndarray of uint8, shape (m, N)
        ``m = 1`` unless ``all_ties``; rows sorted lexicographically.

    Raises
    ------
    ValueError
        If the kernel dimension exceeds :data:`MAX_KERNEL_DIMENSION` (the search would try
        more than 2^32 solutions), the shapes do not match, or (with ``all_ties``) the tied
        solutions would take more memory than :data:`lightsout_edu.MEMORY_LIMIT`.

    Examples
    --------
    >>> import numpy as np
    >>> minimum_weight_solutions(np.array([1, 1, 1, 0]), np.array([[1, 1, 0, 0], [0, 1, 1, 1]]))
    array([[0, 0, 1, 0]], dtype=uint8)
    >>> minimum_weight_solutions(np.array([1, 1, 0]), np.array([[0, 1, 1]]), all_ties=True)
    array([[1, 0, 1],
           [1, 1, 0]], dtype=uint8)
    """
    x0, basis = _checked_coset(particular, kernel)
    if not all_ties:
        return lightest_in_coset(x0, basis)[0][np.newaxis]
    return all_lightest_in_coset(x0, basis)


def all_lightest_in_coset(x0: np.ndarray, basis: np.ndarray) -> np.ndarray:
    """Every lightest vector of ``x0 + span(basis)``, sorted: checked 0/1 arrays.

    The core of :func:`minimum_weight_solutions` (``all_ties=True``).
    """
    basis = _independent(basis)
    if basis.shape[0] == 0:
        return x0[np.newaxis].copy()
    coset = _Coset(x0, basis)
    blocks = _winners(x0, basis)
    count = sum(winners.size for winners in blocks())  # counted first, built once allowed
    check_memory(  # the ties packed (and a sorted copy), the sort order, the ties as bytes
        count * (16 * coset.n_words + 8 + x0.size),
        t("the {count} solutions with the fewest presses", count=count),
        t("use fewest_presses() for one of them and count_fewest_presses() for how many"),
    )
    words = np.concatenate(
        [coset.members(chunk) for winners in blocks() for chunk in _chunks(winners, coset.n_words)]
    )
    order = np.lexsort(words.T[::-1])  # the first word is the first key: row-major order
    return coset.unpack(words[order])


def first_lightest(particular: ArrayLike, kernel: ArrayLike) -> tuple[np.ndarray, int]:
    """The first lightest vector of ``particular + span(kernel)`` and how many are as light.

    The same search as :func:`minimum_weight_solutions`, with the tied solutions streamed a
    few megabytes at a time (packed, 64 cells to a word): only the first of them (in
    row-major, lexicographic order) and their number are kept, so memory stays small however
    many tie (2^22 ties of 44 cells would take 185 MB at once).

    Returns
    -------
    (numpy.ndarray of uint8, int)
        The first lightest vector, shape ``(N,)``, and the number of lightest vectors.

    Examples
    --------
    >>> vector, ties = first_lightest(np.array([1, 1, 0]), np.array([[0, 1, 1]]))
    >>> vector.tolist(), ties
    ([1, 0, 1], 2)
    """
    return lightest_in_coset(*_checked_coset(particular, kernel))


def lightest_in_coset(x0: np.ndarray, basis: np.ndarray) -> tuple[np.ndarray, int]:
    """:func:`first_lightest` of checked 0/1 arrays ``x0`` (N) and ``basis`` (d, N)."""
    basis = _independent(basis)
    if basis.shape[0] == 0:
        return x0.copy(), 1
    coset = _Coset(x0, basis)
    best: tuple[int, ...] | None = None
    count = 0
    for winners in _winners(x0, basis)():
        count += winners.size
        for chunk in _chunks(winners, coset.n_words):
            candidate = _lexicographic_min(coset.members(chunk))
            best = candidate if best is None else min(best, candidate)
    assert best is not None  # some coefficient vector always reaches the best score
    return coset.unpack(np.array([best], dtype=np.uint64))[0], count


class _Coset:
    """Vectors ``x0 + sum_i c_i basis_i`` over GF(2) as rows of 64-bit words.

    Bit ``63 - (j % 64)`` of word ``j // 64`` is cell ``j``, so comparing the rows word by
    word is comparing the vectors in row-major (lexicographic) order.
    """

    def __init__(self, x0: np.ndarray, basis: np.ndarray) -> None:
        self.n_cells = x0.size
        self.n_words = -(-x0.size // 64)
        self.x0 = self._pack(x0[np.newaxis])[0]
        rows = self._pack(basis)
        self.tables = []  # eight coefficient bits at a time: the 256 sums of eight rows
        for start in range(0, rows.shape[0], 8):
            table = np.zeros((1, self.n_words), dtype=np.uint64)
            for row in rows[start : start + 8]:  # table[c] = the rows whose bit is set in c
                table = np.concatenate([table, table ^ row])
            self.tables.append(table)

    def _pack(self, bits: np.ndarray) -> np.ndarray:
        as_bytes = np.zeros((bits.shape[0], 8 * self.n_words), dtype=np.uint8)
        packed_bits = np.packbits(bits, axis=1)  # the first cell is the highest bit
        as_bytes[:, : packed_bits.shape[1]] = packed_bits
        return as_bytes.view(">u8").astype(np.uint64)

    def members(self, coefficients: np.ndarray) -> np.ndarray:
        """The members chosen by the coefficient vectors (bit i = c_i), one row of words each."""
        words = np.broadcast_to(self.x0, (coefficients.size, self.n_words)).copy()
        for number, table in enumerate(self.tables):
            words ^= table[(coefficients >> (8 * number)) & (table.shape[0] - 1)]
        return words

    def unpack(self, words: np.ndarray) -> np.ndarray:
        """Rows of words back to 0/1 vectors (uint8)."""
        as_bytes = words.astype(">u8").view(np.uint8).reshape(words.shape[0], -1)
        return np.unpackbits(as_bytes, axis=1, count=self.n_cells)


def _winners(x0: np.ndarray, basis: np.ndarray) -> Callable[[], Iterator[np.ndarray]]:
    """The coefficient vectors (bit i = c_i) of the lightest solutions, block by block.

    A function that runs through them (again, each time it is called).
    """
    signs = 1 - 2 * x0.astype(np.int64)
    # cells of the same type count together: f(type) = the sum of their signs
    types, where = np.unique(cell_types(basis), return_inverse=True)
    weights = np.bincount(where, weights=signs, minlength=types.size)
    return _winner_blocks(types, weights, basis.shape[0])[1]


def _chunks(winners: np.ndarray, n_words: int) -> Iterator[np.ndarray]:
    """The coefficient vectors in pieces of about ``_CHUNK_BYTES`` of members."""
    rows = max(1, _CHUNK_BYTES // (8 * n_words))
    for start in range(0, winners.size, rows):
        yield winners[start : start + rows]


def _lexicographic_min(words: np.ndarray) -> tuple[int, ...]:
    """The first row of words in lexicographic order (one word column at a time)."""
    candidates = words
    for column in range(words.shape[1]):
        candidates = candidates[candidates[:, column] == candidates[:, column].min()]
        if candidates.shape[0] == 1:
            break
    return tuple(int(word) for word in candidates[0])


def cell_types(basis: np.ndarray) -> np.ndarray:
    """The type of every cell: its column of the kernel basis, read as a d-bit number.

    Two cells of the same type are pressed together or not at all by every quiet pattern.
    int64 while d <= 62; for a bigger kernel, Python integers (a d-bit type does not fit).

    Examples
    --------
    >>> cell_types(np.array([[1, 1, 0], [0, 1, 1]])).tolist()
    [1, 3, 2]
    """
    d = basis.shape[0]
    if d <= 62:  # a row at a time: two int64 arrays of a cell each, whatever d
        types = np.zeros(basis.shape[1], dtype=np.int64)
        for i in range(d):
            types |= basis[i].astype(np.int64) << i
        return types
    columns = np.packbits(basis.T, axis=1, bitorder="little")  # row j: column j, bit i = row i
    return np.array([int.from_bytes(row.tobytes(), "little") for row in columns], dtype=object)


def best_by_type(types: np.ndarray, weights: np.ndarray, d: int) -> tuple[int, np.ndarray]:
    """The largest ``sum_t weights[t] (-1)^{c . types[t]}`` over every c, and every c reaching it.

    A Walsh-Hadamard transform of length ``2^d``, in blocks: with numpy for ``d <= 20``,
    compiled (:mod:`lightsout_edu._fewest_numba`) above when numba is installed.
    """
    top, blocks = _winner_blocks(types, weights, d)
    return top, np.concatenate(list(blocks()))


def _winner_blocks(
    types: np.ndarray, weights: np.ndarray, d: int
) -> tuple[int, Callable[[], Iterator[np.ndarray]]]:
    """The best score, and a function running through the c reaching it, a block at a time.

    First the best score of every block; then, each time the function is called, the winners
    of the blocks that reach it, transformed again (at most 2^22 at a time; a single block is
    transformed once and kept).
    """
    weights = np.asarray(weights).astype(np.int32)
    if d > NUMPY_SEARCH_BITS and packed.numba_allowed():
        return _compiled_winner_blocks(types, weights, d)
    low_bits = min(d, _BLOCK_BITS)
    low = types & ((1 << low_bits) - 1)
    high = types >> low_bits

    def scores(block: int) -> np.ndarray:
        block_signs = 1 - 2 * (np.bitwise_count(high & block) & 1).astype(np.int32)
        values = np.bincount(low, weights=weights * block_signs, minlength=1 << low_bits)
        values = values.astype(np.int32)
        _walsh_hadamard(values)
        return values

    n_blocks = 1 << (d - low_bits)
    if n_blocks == 1:
        only = scores(0)
        top = int(only.max())
        winners = np.flatnonzero(only == top).astype(np.int64)
        return top, lambda: iter([winners])
    tops = [int(scores(block).max()) for block in range(n_blocks)]
    best = max(tops)
    return best, lambda: (
        (block << low_bits) + np.flatnonzero(scores(block) == best).astype(np.int64)
        for block in range(n_blocks)
        if tops[block] == best
    )


def _compiled_winner_blocks(
    types: np.ndarray, weights: np.ndarray, d: int
) -> tuple[int, Callable[[], Iterator[np.ndarray]]]:
    """The same search in cache-sized blocks on every core (numba, :mod:`._fewest_numba`)."""
    from . import _fewest_numba as compiled

    bits = min(d, compiled.BLOCK_BITS)
    low, high = types & ((1 << bits) - 1), types >> bits
    best = compiled.best_scores(low, high, weights, bits, 1 << (d - bits))
    top = int(best.max())
    return top, lambda: (
        compiled.winners_in_block(low, high, weights, bits, int(h), top)
        for h in np.flatnonzero(best == top)
    )


MAX_COUNTED_CELLS = 30
"""Largest board (in cells) :func:`optimal_press_counts` handles: it weighs all 2^N presses."""

_CHUNK_BITS = 20


def optimal_press_counts(
    rows: int, cols: int, *, rule: Rule = "plus", torus: bool = False
) -> np.ndarray:
    """How many solvable boards need exactly k presses at best, for every k.

    Each solvable board is a coset ``x + ker A`` of press patterns; its fewest-press count is
    the lightest weight in the coset.  Every coset has exactly one member that is zero on the
    pivot cells of the (row reduced) kernel basis, so those ``2^rank`` vectors list the
    boards; adding each of the ``2^d`` kernel vectors and taking popcounts (``2^N`` in all,
    vectorised) gives the minima.

    Parameters
    ----------
    rows, cols : int
        Board size, at most :data:`MAX_COUNTED_CELLS` cells in all.
    rule, torus
        As in :func:`lightsout_edu.toggle_matrix`.

    Returns
    -------
    numpy.ndarray of int64
        Entry ``k`` = number of solvable boards whose fewest-presses solution has ``k``
        presses; the entries sum to ``2^rank`` and the last one is nonzero.

    Examples
    --------
    >>> optimal_press_counts(2, 2)
    array([1, 4, 6, 4, 1])
    >>> int(optimal_press_counts(4, 4).sum()) == 2**12
    True
    """
    grid = grid_of(rows, cols, rule, torus)
    n_cells = grid.size
    if n_cells > MAX_COUNTED_CELLS:
        raise ValueError(
            t(
                "a {rows}x{cols} board has {n} cells, so 2^{n} press patterns to weigh; "
                "optimal_press_counts is limited to {most} cells",
                rows=grid.rows,
                cols=grid.cols,
                n=n_cells,
                most=MAX_COUNTED_CELLS,
            )
        )
    kernel = packed.null_space(toggle_matrix_of(grid, 2))
    reduced, pivots = packed.rref(kernel) if kernel.size else (kernel, ())
    place = np.uint64(1) << np.arange(n_cells, dtype=np.uint64)
    quiet = [np.uint64(0)]
    for vector in reduced:  # every kernel element as a packed integer
        word = np.bitwise_or.reduce(place[vector.astype(bool)])
        quiet += [q ^ word for q in quiet]
    free_place = np.delete(place, list(pivots))
    low = np.zeros(1, dtype=np.uint64)
    for bit in free_place[:_CHUNK_BITS]:
        low = np.concatenate([low, low | bit])
    high_places = free_place[_CHUNK_BITS:]
    counts = np.zeros(n_cells + 1, dtype=np.int64)
    for high in range(1 << high_places.size):
        offset = np.bitwise_or.reduce(high_places[(high >> np.arange(high_places.size)) & 1 == 1])
        representatives = low | offset
        fewest = np.bitwise_count(representatives)
        for q in quiet[1:]:
            np.minimum(fewest, np.bitwise_count(representatives ^ q), out=fewest)
        counts += np.bincount(fewest, minlength=n_cells + 1)
    return counts[: np.flatnonzero(counts)[-1] + 1]
