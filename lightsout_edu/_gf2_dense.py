"""Dense GF(2) elimination compiled with numba: the Four Russians on tiles, updates delayed.

The Method of the Four Russians (Arlazarov, Dinic, Kronrod and Faradzev 1970) clears 64
columns at once: the pivot rows of a *word* of 64 columns are combined in tables of all sums
of 8 of them, and every row below XORs in one entry of each of 8 tables.  Done on whole rows
(as M4RI's ``mzd_echelonize_m4ri`` does, some 40 to 60 columns a pass), every pass streams
the whole matrix through the memory, and for big matrices the tables outgrow the caches.
Here, as in M4RI's PLE decomposition (Albrecht, Bard and Pernet 2011, arXiv:1111.6549), the
matrix is cut into column *tiles* and the work to the right of the pivots is delayed and done
tile by tile:

1. The words (64 columns) are copied into *tiles* of :data:`LINE_WORDS` words (512 columns):
   a tile holds one *line* of each row, and a tile's lines are contiguous, so every pass
   below streams the rows of one tile through the cache.
2. A *panel* is :data:`PANEL_WORDS` words (256 columns, half a tile).  Its pivots are found a
   word at a time (a *pass*, :func:`_panel`): the pivots of the word are found on that word
   alone (:func:`_strip_basis`), moved up, and every row below is cleared in the panel's tile
   with 8 tables of all 256 sums of 8 pivot rows (one line XOR an entry).  What pass ``q``
   added to row ``i`` is kept as a 64-bit mask ``mixes[i, q]`` (bit ``m``: pivot row ``m`` of
   the pass).
3. Every tile to the right then gets the panel's 4 passes at once (:func:`_update_tile`):
   32 tables of the pivot rows' lines in that tile (512 KiB: they stay in the L2 cache), and
   every row below XORs in 32 lines picked by the bytes of its 4 masks.  The pivot rows get
   the earlier passes of their panel first, so that the tables sum the rows that the passes
   used.

The lines are XORed as vectors (:mod:`lightsout_edu._gf2_lines`).  Every pass ends with its
pivot rows in echelon form (unless ``echelon`` is False: for the rank alone), the same rows
as a word column at a time on whole rows would give.
"""

from __future__ import annotations

import math
import threading

import numpy as np
from numpy.typing import NDArray

from ._gf2_bits import last_words, lowest_bit
from ._gf2_lines import LINE_WORDS, _set_xor, _xor_bytes, _xor_nibbles
from ._numba_cache import configure
from ._threads import parallel_threads

numba, CACHE = configure()

__all__ = ["PANEL_WORDS", "echelon_dense"]

_ONE = np.uint64(1)

#: Words of a panel: 4 passes of 64 columns share one delayed update of the tiles to the right.
PANEL_WORDS = 4

#: A pass's tables hold all sums of 8 of its pivot rows (8 tables of 256 lines), or of 4 when
#: fewer rows than this are to be cleared (16 tables of 16 lines: 8 times fewer lines to build,
#: twice as many to XOR per row).  Measured on random N x N matrices: sums of 8 throughout
#: take 20% longer at N = 250, sums of 4 throughout 15% longer at N = 8000, the same between.
BYTE_TABLE_ROWS = 224

#: Lines of the tables of a panel (4 passes, 2048 lines each at most).
PANEL_LINES = PANEL_WORDS * 2048

#: A panel's update runs on several threads when it updates at least this many lines (rows
#: times tiles to the right); below that, waking the threads costs more than they save.
PARALLEL_LINES = 1 << 17


@numba.njit(cache=CACHE, nogil=True)
def _strip_basis(
    tile: np.ndarray,
    column: int,
    r: int,
    wanted: int,
    basis: np.ndarray,
    combo: np.ndarray,
    members: np.ndarray,
) -> int:
    """The pivots of word ``column`` of the tile's rows ``r ..``, found on that word alone.

    Each row's word is reduced by the basis found so far (insertion by lowest bit); a row that
    survives is the next member.  ``basis[j]`` is then the reduced word leading at bit ``j``
    (0 if bit ``j`` is no pivot) and ``combo[j]`` says which members (bit m = ``members[m]``)
    add up to it.  Stops once ``wanted`` pivots are found; returns how many were found.
    """
    basis[:] = 0
    combo[:] = 0
    found = 0
    for i in range(r, tile.shape[0]):
        x = tile[i, column]
        mix = np.uint64(0)
        while x != 0:
            j = lowest_bit(x)
            if basis[j] == 0:
                basis[j] = x
                combo[j] = mix | (_ONE << np.uint64(found))
                members[found] = i
                found += 1
                break
            x ^= basis[j]
            mix ^= combo[j]
        if found == wanted:
            break
    return found


@numba.njit(cache=CACHE, nogil=True)
def _reduce_basis(basis: np.ndarray, combo: np.ndarray) -> None:
    """Clear every pivot bit of the basis words but their own (on single words).

    ``basis[j]`` has no set bit below ``j``, so going down from the highest pivot, each word
    is cleared by the words above it, which are already clear of every other pivot bit.
    """
    pivots = np.uint64(0)
    for j in range(64):
        if basis[j] != 0:
            pivots |= _ONE << np.uint64(j)
    for j in range(63, -1, -1):
        if basis[j] == 0:
            continue
        todo = basis[j] & pivots & ~(_ONE << np.uint64(j))
        while todo != 0:
            t = lowest_bit(todo)
            basis[j] ^= basis[t]
            combo[j] ^= combo[t]
            todo &= todo - _ONE


@numba.njit(cache=CACHE, nogil=True)
def _table_bits(rows_to_clear: int) -> int:
    """Rows summed by a table: 8 (256 lines) or, for few rows to clear, 4 (16 lines)."""
    return 8 if rows_to_clear >= BYTE_TABLE_ROWS else 4


@numba.njit(cache=CACHE, nogil=True)
def _pass_lines(bits: int) -> int:
    """Lines of one pass's tables: ``64 / bits`` tables of ``2^bits`` lines."""
    return (64 // bits) << bits


@numba.njit(cache=CACHE, nogil=True)
def _build_pass_tables(
    tile: np.ndarray, first: int, found: int, tables: np.ndarray, base: int, bits: int
) -> None:
    """Tables from line ``base`` on: every sum of ``bits`` of the tile's lines ``first ..``.

    Entry ``g`` of table ``s`` sums the lines ``first + bits s + b`` for the bits ``b`` of
    ``g``: entry ``g`` without its lowest bit, plus one line.  Entry 0 is the zero line;
    entries past ``found`` lines are never read.
    """
    lines = 1 << bits
    for s in range(64 // bits):
        size = 1 << max(0, min(bits, found - bits * s))
        start = base + lines * s
        tables[start, :] = 0
        for g in range(1, size):
            low = g & -g
            row = first + bits * s + lowest_bit(np.uint64(low))
            _set_xor(tables, start + g, tables, start + (g ^ low), tile, row)


@numba.njit(cache=CACHE, nogil=True, inline="always")
def _add_picked(
    tile: np.ndarray, i: int, tables: np.ndarray, base: int, masks: tuple, bits: int
) -> None:
    """``tile[i] ^=`` the sum of the pivot rows that ``masks`` pick (one mask a pass)."""
    if bits == 8:
        _xor_bytes(tile, i, tables, base, masks)
    else:
        _xor_nibbles(tile, i, tables, base, masks)


@numba.njit(cache=CACHE, nogil=True)
def _build_rhs_tables(
    rhs: np.ndarray, first: int, found: int, tables_rhs: np.ndarray, bits: int
) -> None:
    """:func:`_build_pass_tables` for the right-hand side bits of the pass rows."""
    for s in range(64 // bits):
        size = 1 << max(0, min(bits, found - bits * s))
        tables_rhs[s, 0] = 0
        for g in range(1, size):
            low = g & -g
            bit = rhs[first + bits * s + lowest_bit(np.uint64(low))]
            tables_rhs[s, g] = tables_rhs[s, g ^ low] ^ bit


@numba.njit(cache=CACHE, nogil=True)
def _rhs_of(tables_rhs: np.ndarray, mix: np.uint64, bits: int) -> np.uint8:
    """The right-hand side of the sum of the pass rows picked by ``mix``."""
    field = np.uint64((1 << bits) - 1)
    bit = np.uint8(0)
    for s in range(64 // bits):
        bit ^= tables_rhs[s, (mix >> np.uint64(bits * s)) & field]
    return bit


@numba.njit(cache=CACHE, nogil=True)
def _move_up(
    tiles: np.ndarray,
    first_tile: int,
    rhs: np.ndarray,
    mixes: np.ndarray,
    passes_before: int,
    r: int,
    members: np.ndarray,
    found: int,
) -> None:
    """Rows ``members[m]`` to rows ``r + m`` (swaps), with their masks and right-hand side."""
    for m in range(found):
        target, p = members[m], r + m
        if target == p:
            continue
        for t in range(first_tile, tiles.shape[0]):  # the tiles before are 0 in both rows
            for k in range(LINE_WORDS):
                tiles[t, p, k], tiles[t, target, k] = tiles[t, target, k], tiles[t, p, k]
        for q in range(passes_before):
            mixes[p, q], mixes[target, q] = mixes[target, q], mixes[p, q]
        if rhs.size > 0:
            rhs[p], rhs[target] = rhs[target], rhs[p]


@numba.njit(cache=CACHE, nogil=True)
def _panel(
    tiles: np.ndarray,
    rhs: np.ndarray,
    n_cols: int,
    r: int,
    first_word: int,
    end_word: int,
    echelon: bool,
    lead_row: np.ndarray,
    mixes: np.ndarray,
    pass_row: np.ndarray,
    pass_found: np.ndarray,
    combos: np.ndarray,
    tables: np.ndarray,
    tables_rhs: np.ndarray,
    lookup: np.ndarray,
) -> int:
    """The passes of the panel's words ``first_word .. end_word - 1`` (step 2).

    Returns the row after the panel's pivot rows.  Pass ``q`` moves its pivot rows to
    ``pass_row[q] ..`` (``pass_found[q]`` of them), in the order :func:`_strip_basis` found
    them; ``combos[q, m]`` is the combination of them that becomes pivot row ``m`` of the
    echelon form.  The whole line of the panel's tile is updated; the other tiles wait for
    :func:`_update_tile`.
    """
    rows = tiles.shape[1]
    t = first_word // LINE_WORDS
    tile = tiles[t]
    has_rhs = rhs.size > 0
    basis = np.zeros(64, dtype=np.uint64)
    combo = np.zeros(64, dtype=np.uint64)
    members = np.zeros(64, dtype=np.int64)
    byte = np.uint64(255)
    for q in range(PANEL_WORDS):
        w = first_word + q
        pass_row[q] = r
        pass_found[q] = 0
        mixes[r:, q] = 0
        if w >= end_word or r == rows:
            continue
        column = w - LINE_WORDS * t
        found = _strip_basis(tile, column, r, min(64, n_cols - 64 * w), basis, combo, members)
        if found == 0:
            continue
        pass_found[q] = found
        _move_up(tiles, t, rhs, mixes, q, r, members, found)
        bits = _table_bits(rows - r - found)
        _build_pass_tables(tile, r, found, tables, 0, bits)
        if has_rhs:
            _build_rhs_tables(rhs, r, found, tables_rhs, bits)
        _reduce_basis(basis, combo)
        for s in range(8):  # lookup: each byte of the word -> the pivot rows adding up to it
            for g in range(1, 256):
                low = g & -g
                lookup[s, g] = lookup[s, g ^ low] ^ combo[8 * s + lowest_bit(np.uint64(low))]
        m = 0
        for j in range(64):  # pivot row m of the echelon form leads at bit j
            if basis[j] != 0:
                lead_row[64 * w + j] = r + m
                combos[q, m] = combo[j]
                m += 1
        for i in range(r + found, rows):
            x = tile[i, column]
            if x == 0:
                continue
            mix = lookup[0, x & byte]
            for s in range(1, 8):
                mix ^= lookup[s, (x >> np.uint64(8 * s)) & byte]
            mixes[i, q] = mix
            _add_picked(tile, i, tables, 0, (mix,), bits)
            if has_rhs:
                rhs[i] ^= _rhs_of(tables_rhs, mix, bits)
        if echelon:
            for m in range(found):
                tile[r + m, :] = 0
                _add_picked(tile, r + m, tables, 0, (combos[q, m],), bits)
                if has_rhs:
                    rhs[r + m] = _rhs_of(tables_rhs, combos[q, m], bits)
        r += found
    return r


@numba.njit(cache=CACHE, nogil=True)
def _update_tile(
    tile: np.ndarray,
    echelon: bool,
    below: int,
    mixes: np.ndarray,
    pass_row: np.ndarray,
    pass_found: np.ndarray,
    combos: np.ndarray,
    tables: np.ndarray,
    bits: int,
) -> None:
    """A panel's 4 passes on one tile to its right (step 3).

    ``below`` is the first row after the panel's pivot rows; the tables sum ``bits`` rows.
    """
    lines = _pass_lines(bits)
    for q in range(PANEL_WORDS):
        found = pass_found[q]
        for i in range(pass_row[q], pass_row[q] + found):  # the passes before, on pass q's rows
            for before in range(q):
                _add_picked(tile, i, tables, lines * before, (mixes[i, before],), bits)
        if found > 0:
            _build_pass_tables(tile, pass_row[q], found, tables, lines * q, bits)
    for i in range(below, tile.shape[0]):
        masks = (mixes[i, 0], mixes[i, 1], mixes[i, 2], mixes[i, 3])
        _add_picked(tile, i, tables, 0, masks, bits)
    if echelon:
        for q in range(PANEL_WORDS):
            for m in range(pass_found[q]):
                row = pass_row[q] + m
                tile[row, :] = 0
                _add_picked(tile, row, tables, lines * q, (combos[q, m],), bits)


@numba.njit(cache=CACHE, nogil=True, parallel=True)
def _update_tiles_parallel(
    tiles: np.ndarray,
    first_tile: int,
    echelon: bool,
    below: int,
    mixes: np.ndarray,
    pass_row: np.ndarray,
    pass_found: np.ndarray,
    combos: np.ndarray,
    tables: np.ndarray,
    bits: int,
) -> None:
    """:func:`_update_tile` on the tiles ``first_tile ..``, one table set per thread."""
    threads = tables.shape[0]
    for c in numba.prange(threads):
        for t in range(first_tile + c, tiles.shape[0], threads):
            _update_tile(
                tiles[t], echelon, below, mixes, pass_row, pass_found, combos, tables[c], bits
            )


@numba.njit(cache=CACHE, nogil=True)
def _echelon_tiles(
    tiles: np.ndarray,
    rhs: np.ndarray,
    n_cols: int,
    width: int,
    echelon: bool,
    tables: np.ndarray,
    parallel_lines: int,
) -> tuple[np.ndarray, int]:
    """Steps 2 and 3 on every panel; returns (lead_row, the row after the last pivot row).

    A panel's update runs on the threads (one table set each) when it updates at least
    ``parallel_lines`` lines.
    """
    n_tiles, rows, _ = tiles.shape
    lead_row = np.full(n_cols, -1, dtype=np.int64)
    mixes = np.zeros((rows, PANEL_WORDS), dtype=np.uint64)
    combos = np.zeros((PANEL_WORDS, 64), dtype=np.uint64)
    pass_row = np.zeros(PANEL_WORDS, dtype=np.int64)
    pass_found = np.zeros(PANEL_WORDS, dtype=np.int64)
    tables_rhs = np.zeros((16, 256), dtype=np.uint8)
    lookup = np.zeros((8, 256), dtype=np.uint64)  # entry 0 stays 0
    r = 0
    for first_word in range(0, width, PANEL_WORDS):
        if r == rows:
            break
        end_word = min(width, first_word + PANEL_WORDS)
        below = _panel(
            tiles, rhs, n_cols, r, first_word, end_word, echelon, lead_row,
            mixes, pass_row, pass_found, combos, tables[0], tables_rhs, lookup,
        )  # fmt: skip
        first_tile = first_word // LINE_WORDS + 1
        if below > r and first_tile < n_tiles:
            bits = _table_bits(rows - below)
            if tables.shape[0] > 1 and (rows - r) * (n_tiles - first_tile) >= parallel_lines:
                _update_tiles_parallel(
                    tiles, first_tile, echelon, below, mixes, pass_row, pass_found, combos,
                    tables, bits,
                )  # fmt: skip
            else:
                for t in range(first_tile, n_tiles):
                    _update_tile(
                        tiles[t], echelon, below, mixes, pass_row, pass_found, combos,
                        tables[0], bits,
                    )  # fmt: skip
        r = below
    return lead_row, r


@numba.njit(cache=CACHE, nogil=True)
def _to_tiles(words: np.ndarray, tiles: np.ndarray) -> None:
    rows, width = words.shape
    for t in range(tiles.shape[0]):
        for i in range(rows):
            for k in range(LINE_WORDS):
                w = LINE_WORDS * t + k
                tiles[t, i, k] = words[i, w] if w < width else np.uint64(0)


@numba.njit(cache=CACHE, nogil=True)
def _from_tiles(tiles: np.ndarray, words: np.ndarray) -> None:
    rows, width = words.shape
    for i in range(rows):
        for w in range(width):
            words[i, w] = tiles[w // LINE_WORDS, i, w % LINE_WORDS]


def _address(array: NDArray[np.uint64]) -> int:
    return int(array.__array_interface__["data"][0])


def _aligned_empty(shape: tuple[int, ...], alignment: int) -> NDArray[np.uint64]:
    """An uninitialised ``uint64`` array whose data starts at a multiple of ``alignment``."""
    size = math.prod(shape)
    buffer = np.empty(size + alignment // 8, dtype=np.uint64)
    skip = (-_address(buffer) % alignment) // 8
    return buffer[skip : skip + size].reshape(shape)


_HUGE_PAGE = 1 << 21
_WORKSPACE = threading.local()


def _tables(threads: int) -> NDArray[np.uint64]:
    """One set of panel tables per thread, kept for the calling thread's next call.

    They are read at random, so they sit in one 2 MiB-aligned stretch of a buffer of 4 MiB or
    more, which numpy asks the kernel to back with huge pages: the tables then cost one TLB
    entry instead of 128 (measured: N = 16000 in 0.29 s instead of 0.47 s).  Entry 0 of every
    table stays the zero line.
    """
    cached = getattr(_WORKSPACE, "tables", None)
    if cached is None or cached.shape[0] < threads:
        lines = threads * PANEL_LINES * LINE_WORDS
        buffer = np.zeros(max(lines + _HUGE_PAGE // 8, 1 << 19), dtype=np.uint64)
        skip = (-_address(buffer) % _HUGE_PAGE) // 8
        cached = buffer[skip : skip + lines].reshape(threads, PANEL_LINES, LINE_WORDS)
        _WORKSPACE.tables = cached
    return cached[:threads]


def echelon_dense(
    words: NDArray[np.uint64], n_cols: int, rhs: NDArray[np.uint8], echelon: bool = True
) -> tuple[NDArray[np.int64], NDArray[np.int64], bool]:
    """The echelon form of the packed ``words``, in place, with ``rhs`` beside it.

    Returns ``(lead_row, last, consistent)``: ``lead_row[j]`` is the row whose leading bit is
    column ``j`` (-1 if none), ``last[i]`` the index of row ``i``'s last nonzero word, and
    ``consistent`` is False when a zero row has right-hand side 1.  With ``echelon`` False
    only ``lead_row`` and ``consistent`` are computed (enough for the rank): ``words`` is left
    as it was and ``last`` is empty.  Uses every core for big panels when
    :func:`lightsout_edu._threads.parallel_threads` allows it.
    """
    rows, width = words.shape
    tiles = _aligned_empty((-(-width // LINE_WORDS), rows, LINE_WORDS), 64)
    _to_tiles(words, tiles)
    if rows * tiles.shape[0] < PARALLEL_LINES:  # never parallel: no need to ask for threads
        lead_row, r = _echelon_tiles(tiles, rhs, n_cols, width, echelon, _tables(1), 0)
    else:
        with parallel_threads() as parallel:
            threads = numba.get_num_threads() if parallel else 1
            tables = _tables(threads)
            lead_row, r = _echelon_tiles(tiles, rhs, n_cols, width, echelon, tables, PARALLEL_LINES)
    consistent = not rhs[r:].any()
    if not echelon:
        return lead_row, np.zeros(0, dtype=np.int64), consistent
    _from_tiles(tiles, words)
    return lead_row, last_words(words), consistent
