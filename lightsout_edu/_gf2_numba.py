"""The GF(2) back end compiled with numba: word kernels on packed rows.

Imported only when a matrix is big enough to need it (see
:func:`lightsout_edu.packed.backend_name`), so ``import lightsout_edu`` never waits for numba.
Compiled code is cached in the user's cache directory
(:func:`lightsout_edu._numba_cache.configure`), never in the package.

1. *Echelon form by insertion.*  Each row is reduced by the earlier rows: while its lowest
   set bit ``j`` is the leading bit of a stored row, XOR that row in (only the words where
   either row can be nonzero; toggle matrices are banded, so that is a narrow window).  The
   right-hand side is one byte per row beside the words, XORed along, so it never widens
   the window.  A row that survives becomes the stored row leading at ``j``.
   Dense matrices (the chase matrix of a big board, random matrices) take the Method of the
   Four Russians instead (:func:`_echelon_dense`): a word column (64 columns) per pass, its
   pivots found on that word alone, the rows below cleared with tables of precomputed row
   combinations, on every core for big passes (:func:`lightsout_edu._threads.parallel_threads`
   says when the calling thread may use them).
2. *Back substitution* reads the solution (free unknowns 0) and one kernel vector per free
   column off the echelon form; *back reduction* (only for :func:`rref`) clears every pivot
   column above its pivot too.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ._numba_cache import configure
from ._threads import parallel_threads

numba, CACHE = configure()

__all__ = ["null_space", "rank", "rref", "solve", "solve_with_kernel"]

_ONE = np.uint64(1)
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_SHIFT = np.uint64(58)
_LOWEST_BIT = np.zeros(64, dtype=np.int64)
for _bit in range(64):
    _LOWEST_BIT[((1 << _bit) * 0x03F79D71B4CB0A89 % (1 << 64)) >> 58] = _bit
_NO_RHS = np.zeros(0, dtype=np.uint8)


@numba.njit(cache=CACHE)
def _lowest_bit(word: np.uint64) -> int:
    """Index of the lowest set bit of a nonzero word (de Bruijn multiplication)."""
    isolated = word & (~word + _ONE)
    return _LOWEST_BIT[(isolated * _DEBRUIJN) >> _SHIFT]


@numba.njit(cache=CACHE)
def _parity(word: np.uint64) -> int:
    """Number of set bits of a word, mod 2."""
    for shift in (32, 16, 8, 4, 2, 1):
        word ^= word >> np.uint64(shift)
    return int(word & _ONE)


@numba.njit(cache=CACHE)
def _last_words(words: np.ndarray) -> np.ndarray:
    """Index of each row's last nonzero word (-1 for a zero row)."""
    rows, width = words.shape
    last = np.full(rows, -1, dtype=np.int64)
    for i in range(rows):
        for w in range(width - 1, -1, -1):
            if words[i, w] != 0:
                last[i] = w
                break
    return last


@numba.njit(cache=CACHE)
def _echelon(
    words: np.ndarray, n_cols: int, rhs: np.ndarray
) -> tuple[np.ndarray, np.ndarray, bool]:
    """Phase 1, in place: ``lead_row[j]`` = row whose leading bit is column j, or -1.

    Returns (lead_row, last, consistent): ``consistent`` is False when some row of A reduced
    to zero while its right-hand side did not (it reads 0 = 1).
    """
    rows = words.shape[0]
    has_rhs = rhs.size > 0
    lead_row = np.full(n_cols, -1, dtype=np.int64)
    last = _last_words(words)
    consistent = True
    for i in range(rows):
        w = 0
        stored = False
        while w <= last[i]:
            if words[i, w] == 0:
                w += 1
                continue
            j = 64 * w + _lowest_bit(words[i, w])
            source = lead_row[j]
            if source < 0:
                lead_row[j] = i
                stored = True
                break
            for k in range(w, last[source] + 1):
                words[i, k] ^= words[source, k]
            if has_rhs:
                rhs[i] ^= rhs[source]
            last[i] = max(last[i], last[source])
        if has_rhs and not stored and rhs[i]:
            consistent = False
    return lead_row, last, consistent


#: The dense elimination combines the pivot rows of one word column in tables of all
#: ``2^TABLE_BITS`` sums of ``TABLE_BITS`` rows: 8 tables of 256 rows clear the 64 columns
#: of a word, one row of each table added to each row below.
TABLE_BITS = 8
_TABLE_SIZE = 1 << TABLE_BITS
_N_TABLES = 64 // TABLE_BITS

#: When fewer rows than this are left to clear, building 8 tables of 256 rows costs more
#: than it saves: 16 tables of the 16 sums of 4 rows are built instead (measured).
SMALL_TABLE_ROWS = 900

#: Rows longer than this many words (after the pass's word) also take the small tables:
#: 8 tables of 256 such rows (over 2 MiB) would not stay in the L2 cache (measured with
#: small tables throughout: N = 16000 rank 650 -> 560 ms CPU, but N = 8000 64 -> 82 ms).
BIG_TABLE_WORDS = 128

#: A pass that updates fewer ``rows x words`` than this runs on one thread: below it,
#: waking the other threads costs more than they save (measured on 2 cores).
PARALLEL_WORDS = 1 << 17


@numba.njit(cache=CACHE, nogil=True)
def _strip_basis(
    words: np.ndarray,
    w: int,
    r: int,
    wanted: int,
    basis: np.ndarray,
    combo: np.ndarray,
    members: np.ndarray,
) -> int:
    """The pivots of word column ``w`` among rows ``r ..``, found on that word alone.

    Each row's word ``w`` is reduced by the basis found so far (insertion by lowest bit, as
    :func:`_echelon`); a row that survives is the next member.  ``basis[j]`` is then the
    reduced word leading at bit ``j`` (0 if bit ``j`` is no pivot) and ``combo[j]`` says
    which members (bit q = ``members[q]``) add up to it.  Stops once ``wanted`` pivots are
    found (the columns of the word); returns how many were found.
    """
    basis[:] = 0
    combo[:] = 0
    found = 0
    for i in range(r, words.shape[0]):
        x = words[i, w]
        mix = np.uint64(0)
        while x != 0:
            j = _lowest_bit(x)
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
            t = _lowest_bit(todo)
            basis[j] ^= basis[t]
            combo[j] ^= combo[t]
            todo &= todo - _ONE


@numba.njit(cache=CACHE, nogil=True)
def _build_tables(
    words: np.ndarray,
    rhs: np.ndarray,
    r: int,
    found: int,
    start: int,
    tables: np.ndarray,
    tables_rhs: np.ndarray,
    bits: int,
) -> None:
    """Table t: every sum of rows ``r + bits*t ..`` (``bits`` of them), words ``start ..``.

    Entry ``g`` is the sum of the rows picked by the bits of ``g``: entry ``g`` without its
    lowest bit, plus one row (one row XOR an entry).  Entry 0 is 0 in every table, also in
    the unused ones past ``found`` rows.
    """
    has_rhs = rhs.size > 0
    width = words.shape[1]
    for t in range(64 // bits):
        size = 1 << max(0, min(bits, found - bits * t))  # 1: an unused table
        tables[t, 0, start:] = 0
        tables_rhs[t, 0] = 0
        for g in range(1, size):
            low = g & -g
            source = r + bits * t + _lowest_bit(np.uint64(low))
            entry, before, row = tables[t, g], tables[t, g ^ low], words[source]
            for k in range(np.uint64(start), np.uint64(width)):  # unsigned: vectorised
                entry[k] = before[k] ^ row[k]
            tables_rhs[t, g] = tables_rhs[t, g ^ low] ^ (rhs[source] if has_rhs else 0)


@numba.njit(cache=CACHE, nogil=True)
def _clear_rows(
    words: np.ndarray,
    rhs: np.ndarray,
    first: int,
    stop: int,
    w: int,
    tables: np.ndarray,
    tables_rhs: np.ndarray,
    lookup: np.ndarray,
    small: bool,
) -> None:
    """Clear word ``w`` of rows ``first .. stop-1`` with the tables (the serial pass).

    A row's word ``w`` says, through ``lookup`` (one table per byte), which pivot rows add
    up to it; one row of each of the 8 tables, XORed in, clears the word.
    """
    has_rhs = rhs.size > 0
    width = words.shape[1]
    mask = np.uint64(_TABLE_SIZE - 1)
    for i in range(first, stop):
        x = words[i, w]
        if x == 0:
            continue
        mix = lookup[0, int(x & mask)]
        for t in range(1, _N_TABLES):
            mix ^= lookup[t, int((x >> np.uint64(TABLE_BITS * t)) & mask)]
        words[i, w] = 0
        if small:
            _add_small_combination(words[i], w + 1, width, tables, mix)
        else:
            _add_combination(words[i], w + 1, width, tables, mix)
        if has_rhs:
            rhs[i] ^= _rhs_combination(tables_rhs, mix, small)


@numba.njit(cache=CACHE, nogil=True)
def _add_combination(
    row: np.ndarray, start: int, width: int, tables: np.ndarray, mix: np.uint64
) -> None:
    """``row[start:width] ^=`` the pivot rows picked by the bits of ``mix`` (8 table rows)."""
    mask = np.uint64(_TABLE_SIZE - 1)
    e0 = tables[0, int(mix & mask)]
    e1 = tables[1, int((mix >> np.uint64(8)) & mask)]
    e2 = tables[2, int((mix >> np.uint64(16)) & mask)]
    e3 = tables[3, int((mix >> np.uint64(24)) & mask)]
    e4 = tables[4, int((mix >> np.uint64(32)) & mask)]
    e5 = tables[5, int((mix >> np.uint64(40)) & mask)]
    e6 = tables[6, int((mix >> np.uint64(48)) & mask)]
    e7 = tables[7, int((mix >> np.uint64(56)) & mask)]
    for k in range(np.uint64(start), np.uint64(width)):  # unsigned indices: vectorised
        row[k] ^= e0[k] ^ e1[k] ^ e2[k] ^ e3[k] ^ e4[k] ^ e5[k] ^ e6[k] ^ e7[k]


@numba.njit(cache=CACHE, nogil=True)
def _add_small_combination(
    row: np.ndarray, start: int, width: int, tables: np.ndarray, mix: np.uint64
) -> None:
    """:func:`_add_combination` with the 16 small tables (4 rows each)."""
    mask = np.uint64(15)
    e0 = tables[0, int(mix & mask)]
    e1 = tables[1, int((mix >> np.uint64(4)) & mask)]
    e2 = tables[2, int((mix >> np.uint64(8)) & mask)]
    e3 = tables[3, int((mix >> np.uint64(12)) & mask)]
    e4 = tables[4, int((mix >> np.uint64(16)) & mask)]
    e5 = tables[5, int((mix >> np.uint64(20)) & mask)]
    e6 = tables[6, int((mix >> np.uint64(24)) & mask)]
    e7 = tables[7, int((mix >> np.uint64(28)) & mask)]
    for k in range(np.uint64(start), np.uint64(width)):  # unsigned indices: vectorised
        row[k] ^= e0[k] ^ e1[k] ^ e2[k] ^ e3[k] ^ e4[k] ^ e5[k] ^ e6[k] ^ e7[k]
    e0 = tables[8, int((mix >> np.uint64(32)) & mask)]
    e1 = tables[9, int((mix >> np.uint64(36)) & mask)]
    e2 = tables[10, int((mix >> np.uint64(40)) & mask)]
    e3 = tables[11, int((mix >> np.uint64(44)) & mask)]
    e4 = tables[12, int((mix >> np.uint64(48)) & mask)]
    e5 = tables[13, int((mix >> np.uint64(52)) & mask)]
    e6 = tables[14, int((mix >> np.uint64(56)) & mask)]
    e7 = tables[15, int((mix >> np.uint64(60)) & mask)]
    for k in range(np.uint64(start), np.uint64(width)):
        row[k] ^= e0[k] ^ e1[k] ^ e2[k] ^ e3[k] ^ e4[k] ^ e5[k] ^ e6[k] ^ e7[k]


@numba.njit(cache=CACHE, nogil=True)
def _rhs_combination(tables_rhs: np.ndarray, mix: np.uint64, small: bool) -> np.uint8:
    bits = 4 if small else TABLE_BITS
    mask = np.uint64((1 << bits) - 1)
    bit = tables_rhs[0, int(mix & mask)]
    for t in range(1, 64 // bits):
        bit ^= tables_rhs[t, int((mix >> np.uint64(bits * t)) & mask)]
    return bit


@numba.njit(cache=CACHE, nogil=True, parallel=True)
def _clear_rows_parallel(
    words: np.ndarray,
    rhs: np.ndarray,
    first: int,
    stop: int,
    w: int,
    tables: np.ndarray,
    tables_rhs: np.ndarray,
    lookup: np.ndarray,
    small: bool,
    chunks: int,
) -> None:
    """:func:`_clear_rows` on the threads: the rows split into ``chunks`` (one a thread)."""
    size = (stop - first + chunks - 1) // chunks
    for c in numba.prange(chunks):
        begin = first + c * size
        end = min(stop, begin + size)
        _clear_rows(words, rhs, begin, end, w, tables, tables_rhs, lookup, small)


@numba.njit(cache=CACHE, nogil=True)
def _echelon_dense(
    words: np.ndarray, n_cols: int, rhs: np.ndarray, threads: int, echelon: bool
) -> tuple[np.ndarray, np.ndarray, bool]:
    """The echelon form of :func:`_echelon` for dense matrices, a word column at a time.

    The Method of the Four Russians (Arlazarov, Dinic, Kronrod and Faradzev 1970), the idea
    behind M4RI, arranged so that the search for pivots touches one word per row:

    1. the pivots of word column ``w`` are found on that word alone (:func:`_strip_basis`):
       up to 64 rows whose words are independent, and for each pivot bit the combination of
       those rows that has only that pivot bit among the pivot bits;
    2. the rows are moved to the top, and 8 tables of all 256 sums of 8 of them are built
       (one row XOR an entry; 16 tables of 16 sums of 4 when few rows are left to clear),
       from word ``w + 1`` on;
    3. every row below reads off from its word ``w`` which rows add up to it (8 byte-sized
       lookups) and XORs in one row of each table (:func:`_clear_rows`, split over the
       ``threads`` when there are several and the pass is big); the pivot rows themselves become
       the combinations with one pivot bit each, so they end up in echelon form (unless
       ``echelon`` is False: for the rank alone, the pivot rows are left as they are).

    Below every pivot row, word ``w`` is then 0, so the next pass starts at word ``w + 1``.
    """
    rows, width = words.shape
    has_rhs = rhs.size > 0
    lead_row = np.full(n_cols, -1, dtype=np.int64)
    tables = np.empty((16, _TABLE_SIZE, width), dtype=np.uint64)  # filled as used
    tables_rhs = np.empty((16, _TABLE_SIZE), dtype=np.uint8)
    lookup = np.zeros((_N_TABLES, _TABLE_SIZE), dtype=np.uint64)
    basis = np.zeros(64, dtype=np.uint64)
    combo = np.zeros(64, dtype=np.uint64)
    members = np.zeros(64, dtype=np.int64)
    pivot_rows = np.zeros((64, width), dtype=np.uint64)
    pivot_rhs = np.zeros(64, dtype=np.uint8)
    r = 0
    for w in range(width):
        if r == rows:
            break
        wanted = min(64, n_cols - 64 * w)
        found = _strip_basis(words, w, r, wanted, basis, combo, members)
        if found == 0:
            continue
        for q in range(found):  # the members to rows r, r + 1, ... (in their order)
            target = members[q]
            p = r + q
            if target != p:
                for k in range(w, width):
                    words[p, k], words[target, k] = words[target, k], words[p, k]
                if has_rhs:
                    rhs[p], rhs[target] = rhs[target], rhs[p]
        small = rows - r - found < SMALL_TABLE_ROWS or width - w - 1 > BIG_TABLE_WORDS
        _build_tables(words, rhs, r, found, w + 1, tables, tables_rhs, 4 if small else 8)
        _reduce_basis(basis, combo)
        for t in range(_N_TABLES):  # lookup: each byte of a word -> the rows adding up to it
            lookup[t, 0] = 0
            for g in range(1, _TABLE_SIZE):
                low = g & -g
                j = TABLE_BITS * t + _lowest_bit(np.uint64(low))
                lookup[t, g] = lookup[t, g ^ low] ^ combo[j]
        q = 0
        for j in range(64):  # the pivot rows in echelon form, in the order of their bits
            if basis[j] == 0:
                continue
            lead_row[64 * w + j] = r + q
            q += 1
            if not echelon:
                continue
            pivot_rows[q - 1, w] = basis[j]
            pivot_rows[q - 1, w + 1 :] = 0
            if small:
                _add_small_combination(pivot_rows[q - 1], w + 1, width, tables, combo[j])
            else:
                _add_combination(pivot_rows[q - 1], w + 1, width, tables, combo[j])
            if has_rhs:
                pivot_rhs[q - 1] = _rhs_combination(tables_rhs, combo[j], small)
        for q in range(found if echelon else 0):
            words[r + q, w:] = pivot_rows[q, w:]
            if has_rhs:
                rhs[r + q] = pivot_rhs[q]
        first = r + found
        if threads > 1 and (rows - first) * (width - w) >= PARALLEL_WORDS:
            _clear_rows_parallel(
                words, rhs, first, rows, w, tables, tables_rhs, lookup, small, threads
            )
        else:
            _clear_rows(words, rhs, first, rows, w, tables, tables_rhs, lookup, small)
        r = first
    consistent = True
    if has_rhs:
        for i in range(r, rows):
            if rhs[i]:
                consistent = False
    return lead_row, _last_words(words), consistent


@numba.njit(cache=CACHE)
def _back_reduce(words: np.ndarray, lead_row: np.ndarray, last: np.ndarray) -> None:
    """Phase 2, in place: clear every pivot column above and below its pivot."""
    width = words.shape[1]
    pivot_bits = np.zeros(width, dtype=np.uint64)
    for j in range(lead_row.size):
        if lead_row[j] >= 0:
            pivot_bits[j >> 6] |= _ONE << np.uint64(j & 63)
    for j in range(lead_row.size - 1, -1, -1):
        row = lead_row[j]
        if row < 0:
            continue
        first = j >> 6
        above_lead = ~((_ONE << np.uint64(j & 63)) | ((_ONE << np.uint64(j & 63)) - _ONE))
        w = first
        while w <= last[row]:
            todo = words[row, w] & pivot_bits[w]
            if w == first:
                todo &= above_lead
            while todo != 0:
                source = lead_row[64 * w + _lowest_bit(todo)]
                for k in range(w, last[source] + 1):
                    words[row, k] ^= words[source, k]
                last[row] = max(last[row], last[source])
                todo &= todo - _ONE
            w += 1


@numba.njit(cache=CACHE)
def _back_substitute(
    words: np.ndarray,
    lead_row: np.ndarray,
    last: np.ndarray,
    rhs: np.ndarray,
    below: int,
    x: np.ndarray,
) -> None:
    """Set the pivot bits (< ``below``) of ``x`` so that row . x = rhs of row, for every row."""
    has_rhs = rhs.size > 0
    for j in range(min(below, lead_row.size) - 1, -1, -1):
        row = lead_row[j]
        if row < 0:
            continue
        acc = np.uint64(0)
        for k in range(j >> 6, last[row] + 1):
            acc ^= words[row, k] & x[k]
        bit = _parity(acc)
        if has_rhs:
            bit ^= rhs[row]
        if bit:
            x[j >> 6] |= _ONE << np.uint64(j & 63)


@numba.njit(cache=CACHE)
def _kernel(
    words: np.ndarray, lead_row: np.ndarray, last: np.ndarray, free: np.ndarray
) -> np.ndarray:
    """One kernel vector per free column f: x_f = 1, the other free unknowns 0."""
    basis = np.zeros((free.size, words.shape[1]), dtype=np.uint64)
    no_rhs = np.zeros(0, dtype=np.uint8)
    for t in range(free.size):
        f = free[t]
        basis[t, f >> 6] = _ONE << np.uint64(f & 63)
        _back_substitute(words, lead_row, last, no_rhs, f, basis[t])
    return basis


#: Rows whose nonzero words span more than this share of the row count as dense.
DENSE_SPAN = 0.25


@numba.njit(cache=CACHE, nogil=True)
def _mean_span(words: np.ndarray, samples: int) -> float:
    """The mean span (first to last nonzero word) of ``samples`` evenly spaced rows."""
    rows, width = words.shape
    total = 0
    for s in range(samples):
        i = (s * (rows - 1)) // max(1, samples - 1)
        first = 0
        while first < width and words[i, first] == 0:
            first += 1
        if first == width:
            continue
        last = width - 1
        while words[i, last] == 0:
            last -= 1
        total += last - first + 1
    return total / samples


def _echelon_any(
    words: NDArray[np.uint64], n_cols: int, rhs: NDArray[np.uint8], echelon: bool = True
) -> tuple[NDArray[np.int64], NDArray[np.int64], bool]:
    """The echelon form by insertion or by the Four Russians, whichever suits ``words``.

    Insertion for banded matrices such as toggle matrices (each XOR stays in the band), the
    Four Russians for dense ones: those whose sampled rows span more than
    :data:`DENSE_SPAN` of the words.  With ``echelon`` False only the pivot columns (and
    the consistency) are right, not the rows: enough for the rank.
    """
    rows, width = words.shape
    if width >= 4 and rows >= 256 and _mean_span(words, 256) > DENSE_SPAN * width:
        if rows * width < PARALLEL_WORDS:  # never parallel: no need to ask for threads
            return _echelon_dense(words, n_cols, rhs, 1, echelon)
        with parallel_threads() as parallel:
            threads = numba.get_num_threads() if parallel else 1
            return _echelon_dense(words, n_cols, rhs, threads, echelon)
    return _echelon(words, n_cols, rhs)


def _pivots_and_free(lead_row: NDArray[np.int64]) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    has_pivot = lead_row >= 0
    return np.flatnonzero(has_pivot), np.flatnonzero(~has_pivot)


def rank(words: NDArray[np.uint64], n_cols: int) -> int:
    """Rank of the packed matrix."""
    lead_row, _, _ = _echelon_any(words.copy(), n_cols, _NO_RHS, echelon=False)
    return int(np.count_nonzero(lead_row >= 0))


def rref(words: NDArray[np.uint64], n_cols: int) -> tuple[NDArray[np.uint64], NDArray[np.intp]]:
    """Reduced row echelon form (pivot rows in order, then zero rows) and pivot columns."""
    work = words.copy()
    lead_row, last, _ = _echelon_any(work, n_cols, _NO_RHS)
    _back_reduce(work, lead_row, last)
    pivots, _ = _pivots_and_free(lead_row)
    order = lead_row[pivots]
    keep = np.ones(work.shape[0], dtype=bool)
    keep[order] = False
    return work[np.concatenate([order, np.flatnonzero(keep)])], pivots


def null_space(
    words: NDArray[np.uint64], n_cols: int
) -> tuple[NDArray[np.intp], NDArray[np.uint64]]:
    """Pivot columns and the kernel basis (packed), one vector per free column."""
    work = words.copy()
    lead_row, last, _ = _echelon_any(work, n_cols, _NO_RHS)
    pivots, free = _pivots_and_free(lead_row)
    return pivots, _kernel(work, lead_row, last, free)


def _solution(
    work: NDArray[np.uint64],
    lead_row: NDArray[np.int64],
    last: NDArray[np.int64],
    rhs: NDArray[np.uint8],
    n_cols: int,
) -> NDArray[np.uint8]:
    x = np.zeros(work.shape[1], dtype=np.uint64)
    _back_substitute(work, lead_row, last, rhs, n_cols, x)
    as_bytes = x.astype("<u8").view(np.uint8)
    return np.unpackbits(as_bytes, count=n_cols, bitorder="little")


def solve(
    words: NDArray[np.uint64], n_cols: int, rhs: NDArray[np.uint8]
) -> NDArray[np.uint8] | None:
    """The solution with free unknowns 0, or None when a row reads 0 = 1."""
    work, b = words.copy(), rhs.copy()
    lead_row, last, consistent = _echelon_any(work, n_cols, b)
    return _solution(work, lead_row, last, b, n_cols) if consistent else None


def solve_with_kernel(
    words: NDArray[np.uint64], n_cols: int, rhs: NDArray[np.uint8]
) -> tuple[NDArray[np.uint8] | None, NDArray[np.intp], NDArray[np.uint64]]:
    """(solution or None, pivot columns of A, kernel basis) from one echelon form."""
    work, b = words.copy(), rhs.copy()
    lead_row, last, consistent = _echelon_any(work, n_cols, b)
    pivots, free = _pivots_and_free(lead_row)
    kernel = _kernel(work, lead_row, last, free)
    x = _solution(work, lead_row, last, b, n_cols) if consistent else None
    return x, pivots, kernel
