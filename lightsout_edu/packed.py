"""The fast GF(2) engine: rows packed 64 entries to a machine word.

The recording engine in :mod:`lightsout_edu.elimination` keeps every row operation so a
lecture can replay it; this one keeps nothing and is built for big boards.  A row of ``n``
bits is ``ceil(n / 64)`` ``uint64`` words (column ``j`` is bit ``j % 64`` of word ``j // 64``),
so adding one row to another is a handful of word XORs.  :class:`PackedMatrix` holds such
rows; :func:`lightsout_edu.toggle_matrix` builds one directly with ``packed=True``.

Two interchangeable back ends compute the answers (:func:`backend_name` says which runs):

* :mod:`lightsout_edu._gf2_numba`: word kernels compiled with numba, for big matrices;
* :mod:`lightsout_edu._gf2_python`: each row one Python integer, for small matrices (no
  compile wait) and for Pythons without numba.

Both reduce by insertion (each row is reduced by the rows stored before it), keep a
right-hand side ``b`` as one bit per row beside ``A`` (so the band of a toggle matrix stays
narrow), and read kernels and solutions off the echelon form by back substitution.  Their
answers are identical: the reduced row echelon form, the solution with free unknowns 0 and
the kernel basis with one vector per free column are all unique.  The environment variable
``LIGHTSOUT_ENGINE`` (``auto``, ``python`` or ``numba``) overrides the choice.
"""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass
from types import ModuleType
from typing import overload

import numpy as np
from numpy.typing import NDArray

from ._i18n import t
from ._validation import check_basis_memory, check_memory, format_bytes

__all__ = [
    "SMALL_COLUMNS",
    "PackedMatrix",
    "backend_name",
    "check_size",
    "complement",
    "left_null_space",
    "null_space",
    "pack_rows",
    "rank",
    "rref",
    "solve",
    "solve_with_kernel",
    "unpack_rows",
]

#: Matrices with at most this many columns (a 12x12 board) use the Python back end: they are
#: answered in milliseconds, without waiting for numba to compile.
SMALL_COLUMNS = 144

_ENGINES = ("auto", "python", "numba")

#: The most word operations an elimination may be estimated to need before it is refused
#: (about a minute of work for the compiled kernels).
MAX_WORD_OPERATIONS = 2 * 10**11


def n_words(n_cols: int) -> int:
    """Words per packed row of ``n_cols`` bits (at least one)."""
    return max(1, -(-n_cols // 64))


@dataclass(frozen=True, eq=False)
class PackedMatrix:
    """A 0/1 matrix over GF(2), 64 entries to a ``uint64`` word (1 bit per entry).

    Entry ``(i, j)`` is bit ``j % 64`` of ``words[i, j // 64]``; bits past the last column are
    0.  ``rank``, ``rref``, ``null_space``, ``left_null_space`` and ``solve`` accept it
    without unpacking, and return packed results for packed input.  The matrix keeps its own
    read-only copy of ``words``: changing the array passed in changes nothing here.

    Attributes
    ----------
    words : numpy.ndarray
        ``(rows, ceil(cols / 64))`` read-only ``uint64`` array (it cannot be made writable).
    n_cols : int
        The number of columns.

    Examples
    --------
    >>> import lightsout_edu as lo
    >>> A = lo.toggle_matrix(3, 3, packed=True)
    >>> A
    <PackedMatrix 9x9 over GF(2), 72 bytes>
    >>> bool((A.to_dense() == lo.toggle_matrix(3, 3)).all())
    True
    """

    words: NDArray[np.uint64]
    n_cols: int

    def __post_init__(self) -> None:
        n_cols = _column_count(self.n_cols)
        words = _own_words(self.words, n_cols)
        spare = 64 * words.shape[1] - n_cols
        if spare and words.size and (words[:, -1] >> np.uint64(64 - spare)).any():
            raise ValueError(
                t(
                    "words has bits set past column {last}; the bits after the last column "
                    "of every row must be 0",
                    last=n_cols - 1,
                )
            )
        object.__setattr__(self, "words", words)
        object.__setattr__(self, "n_cols", n_cols)

    @classmethod
    def from_dense(cls, matrix: NDArray) -> PackedMatrix:
        """Pack a 0/1 matrix (validated: entries must be 0 or 1; sized from its shape first)."""
        from ._validation import as_matrix

        if isinstance(matrix, np.ndarray) and matrix.ndim == 2:
            rows, cols = matrix.shape
            check_memory(
                rows * cols * max(matrix.dtype.itemsize, 1),
                t("a checked copy of the {rows}x{cols} matrix A", rows=rows, cols=cols),
                _smaller(),
            )
            check_memory(
                2 * rows * 8 * n_words(cols),  # the words, and the matrix's own copy of them
                t("the {rows}x{cols} matrix packed 64 entries to a word", rows=rows, cols=cols),
                _smaller(),
            )
        dense = matrix if _is_bits(matrix) else as_matrix(matrix, "A")
        return cls(pack_rows(dense), dense.shape[1])

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, cols)``."""
        return self.words.shape[0], self.n_cols

    @property
    def nbytes(self) -> int:
        """Memory taken by the words."""
        return self.words.nbytes

    def to_dense(self) -> NDArray[np.uint8]:
        """The matrix as a ``uint8`` array of 0/1 (refused when it would not fit in memory)."""
        rows, cols = self.shape
        check_memory(
            rows * cols,
            t("unpacking a {rows}x{cols} matrix to one byte per entry", rows=rows, cols=cols),
            t("keep it packed: rank, rref, null_space and solve accept a PackedMatrix"),
        )
        return unpack_rows(self.words, cols)

    @property
    def T(self) -> PackedMatrix:
        """The transpose, computed in slices of columns (never fully unpacked)."""
        rows, cols = self.shape
        out = np.zeros((cols, n_words(rows)), dtype=np.uint64)
        chunk = 64 * max(1, (2**26 // max(rows, 1)) // 64)  # about 64 MB of bytes per slice
        for start in range(0, cols, chunk):
            stop = min(cols, start + chunk)
            first, last = start // 64, -(-stop // 64)
            block = unpack_rows(self.words[:, first:last], (last - first) * 64)
            block = block[:, start - 64 * first : stop - 64 * first]
            out[start:stop] = pack_rows(np.ascontiguousarray(block.T), n_words(rows))
        return PackedMatrix(out, rows)

    def __repr__(self) -> str:
        rows, cols = self.shape
        return t(
            "<PackedMatrix {rows}x{cols} over GF(2), {size}>",
            rows=rows,
            cols=cols,
            size=format_bytes(self.nbytes),
        )


Matrix = NDArray[np.uint8] | PackedMatrix


def _column_count(n_cols: object) -> int:
    """``n_cols`` as a whole number >= 0 (a bool, float or string is refused)."""
    if isinstance(n_cols, (bool, np.bool_)) or not isinstance(n_cols, (int, np.integer)):
        raise TypeError(
            t(
                "n_cols must be a whole number of columns, not {value} ({kind}); pass e.g. "
                "n_cols=3",
                value=repr(n_cols),
                kind=type(n_cols).__name__,
            )
        )
    if n_cols < 0:
        raise ValueError(t("n_cols must be 0 or more, not {value}", value=n_cols))
    return int(n_cols)


def _own_words(words: object, n_cols: int) -> NDArray[np.uint64]:
    """A read-only copy of ``words`` that nothing can make writable again.

    The copy lives in a ``bytes`` object, so later changes to the caller's array do not
    reach it and ``flags.writeable = True`` is refused (numpy cannot write to ``bytes``).
    Entries must be integers from 0 to 2^64 - 1 (any integer dtype); floats, booleans,
    negative numbers and bigger integers are refused rather than rounded or wrapped.
    """
    try:
        array = np.asarray(words)
    except (TypeError, ValueError) as error:  # ragged nested lists
        raise TypeError(
            t(
                "words must be a 2-D array of uint64 words, not {kind} ({error})",
                kind=type(words).__name__,
                error=error,
            )
        ) from None
    width = n_words(n_cols)
    if array.ndim != 2 or array.shape[1] != width:
        raise ValueError(
            t(
                "words must have shape (rows, {width}) for {n_cols} columns, not {shape}",
                width=width,
                n_cols=n_cols,
                shape=array.shape,
            )
        )
    if array.size and array.dtype.kind not in "iu":
        first = array.flat[0]
        sample = first.item() if isinstance(first, np.generic) else first
        raise TypeError(
            t(
                "words must hold integers from 0 to 2^64 - 1 (64 columns a word), not "
                "{dtype} entries such as {sample}; build it with dtype=np.uint64, or use "
                "PackedMatrix.from_dense on a 0/1 matrix",
                dtype=array.dtype,
                sample=repr(sample),
            )
        )
    if array.dtype.kind == "i" and array.size and (negative := array < 0).any():
        row, col = np.argwhere(negative)[0]
        raise ValueError(
            t(
                "words[{row}, {col}] is {value}, a negative number; every word must be from "
                "0 to 2^64 - 1 (pass unsigned words, e.g. dtype=np.uint64)",
                row=row,
                col=col,
                value=array[row, col],
            )
        )
    raw = np.ascontiguousarray(array, dtype=np.uint64).tobytes()
    return np.frombuffer(raw, dtype=np.uint64).reshape(array.shape)


def _is_bits(matrix: object) -> bool:
    """A 2-D uint8 array of 0/1: already validated, packable as it is."""
    return (
        isinstance(matrix, np.ndarray)
        and matrix.dtype == np.uint8
        and matrix.ndim == 2
        and (matrix.size == 0 or int(matrix.max()) <= 1)
    )


def pack_rows(matrix: NDArray, words: int | None = None) -> NDArray[np.uint64]:
    """Pack a 0/1 matrix into uint64 words, bit ``j % 64`` of word ``j // 64`` = column j.

    Examples
    --------
    >>> import numpy as np
    >>> pack_rows(np.array([[1, 0, 1], [0, 1, 1]], dtype=np.uint8))
    array([[5],
           [6]], dtype=uint64)
    """
    rows, cols = matrix.shape
    width = n_words(cols) if words is None else words
    as_bytes = np.packbits(matrix.astype(np.uint8, copy=False), axis=1, bitorder="little")
    padded = np.zeros((rows, 8 * width), dtype=np.uint8)
    padded[:, : as_bytes.shape[1]] = as_bytes
    return padded.view("<u8").astype(np.uint64, copy=False)


def unpack_rows(packed: NDArray, n_cols: int) -> NDArray[np.uint8]:
    """Inverse of :func:`pack_rows`: the first ``n_cols`` bits of each row as uint8 0/1.

    Examples
    --------
    >>> import numpy as np
    >>> unpack_rows(np.array([[5], [6]], dtype=np.uint64), 3)
    array([[1, 0, 1],
           [0, 1, 1]], dtype=uint8)
    """
    as_bytes = np.ascontiguousarray(packed).astype("<u8", copy=False).view(np.uint8)
    return np.unpackbits(as_bytes, axis=1, count=n_cols, bitorder="little")


def complement(indices: NDArray, n: int) -> NDArray[np.intp]:
    """The integers ``0 .. n-1`` not in ``indices``, ascending (e.g. free columns from pivots).

    Examples
    --------
    >>> import numpy as np
    >>> complement(np.array([0, 2]), 4)
    array([1, 3])
    """
    keep = np.ones(n, dtype=bool)
    keep[np.asarray(indices, dtype=np.int64)] = False
    return np.flatnonzero(keep)


def backend_name(n_cols: int = SMALL_COLUMNS + 1) -> str:
    """Which back end answers a matrix with ``n_cols`` columns: ``"numba"`` or ``"python"``.

    Examples
    --------
    >>> backend_name(25)
    'python'
    """
    return "numba" if _backend(n_cols).__name__.endswith("numba") else "python"


def engine_choice() -> str:
    """``LIGHTSOUT_ENGINE`` (``auto``, ``python`` or ``numba``), checked; ``auto`` if unset."""
    choice = os.environ.get("LIGHTSOUT_ENGINE", "auto").strip().lower() or "auto"
    if choice not in _ENGINES:
        raise ValueError(
            t(
                "LIGHTSOUT_ENGINE={choice} is not one of {engines}; unset it to let the "
                "package choose",
                choice=repr(choice),
                engines=", ".join(_ENGINES),
            )
        )
    if choice == "numba" and importlib.util.find_spec("numba") is None:
        raise ValueError(
            t("LIGHTSOUT_ENGINE=numba, but numba is not installed (pip install numba)")
        )
    return choice


def numba_allowed() -> bool:
    """Whether compiled kernels may be used: numba is installed and not switched off."""
    return engine_choice() != "python" and importlib.util.find_spec("numba") is not None


def _backend(n_cols: int) -> ModuleType:
    choice = engine_choice()
    if not numba_allowed() or (choice == "auto" and n_cols <= SMALL_COLUMNS):
        from . import _gf2_python

        return _gf2_python
    from . import _gf2_numba

    return _gf2_numba


def _words_of(matrix: Matrix) -> tuple[NDArray[np.uint64], int]:
    """(words, columns) of a packed matrix or of a validated 0/1 array (packed here)."""
    check_size(matrix)
    if isinstance(matrix, PackedMatrix):
        return matrix.words, matrix.n_cols
    return pack_rows(matrix), matrix.shape[1]


def check_size(
    matrix: NDArray | PackedMatrix, *, kernel: bool = False, transpose: bool = False
) -> None:
    """Refuse, from its shape alone, a matrix whose elimination would not fit or not end.

    Made before any pass over the entries, any copy and any compiled call, so that a refusal
    takes no time at any size (a broadcast view of 10^10 entries included).  Counted: a
    dense ``matrix`` read whole, as its checked copy would be, its rows packed into words
    and the copy an elimination works on, the kernel basis the
    shape implies (with ``kernel``: at least ``cols - rows`` vectors, packed, and as bytes
    for a dense ``matrix``), and the work of the elimination (:func:`_check_work`).

    Examples
    --------
    >>> check_size(np.broadcast_to(np.uint8(1), (30000, 30000)))
    Traceback (most recent call last):
    ...
    ValueError: eliminating this 30000x30000 matrix over GF(2) would take about 4.2e+11 word \
operations, more than the 2e+11 allowed (many minutes); use a smaller or sparser matrix (for a \
board, solve_board chases lights on a small system)
    """
    rows, cols = matrix.shape
    dense = not isinstance(matrix, PackedMatrix)
    if isinstance(matrix, np.ndarray):  # read whole (or copied, or transposed) before packing
        check_memory(
            rows * cols * max(matrix.dtype.itemsize, 1),
            t("a checked copy of the {rows}x{cols} matrix A", rows=rows, cols=cols),
            _smaller(),
        )
    if transpose:
        rows, cols = cols, rows
    width = n_words(cols)
    check_memory(  # the words, and the copy the elimination works on
        2 * rows * 8 * width,
        t("the {rows}x{cols} matrix packed 64 entries to a word", rows=rows, cols=cols),
        _smaller(),
    )
    if kernel:
        nullity = max(cols - rows, 0)  # at least: one vector per column past the rank
        check_basis_memory(nullity, 8 * width, cols)
        if dense:
            check_basis_memory(nullity, cols, cols, _keep_packed())
    slow = rows * width * min(rows, cols) > MAX_WORD_OPERATIONS  # else fast, whatever the structure
    if slow and (dense or not transpose):  # a packed transpose is sampled once it is built
        _check_work(rows, cols, _sampled_spans(matrix, transpose))


def _smaller() -> str:
    return t("use a smaller matrix (for a board, solve_board chases lights on a small system)")


def _keep_packed() -> str:
    return t("pass a PackedMatrix (PackedMatrix.from_dense): its null space stays packed")


#: Rows sampled to estimate the work of an elimination, and the most entries they may hold.
_SAMPLED_ROWS = 512
_SAMPLED_ENTRIES = 2**22


def _sampled_spans(matrix: NDArray | PackedMatrix, transpose: bool) -> NDArray[np.float64]:
    """The span in words (first to last nonzero word, 0 for a zero row) of sampled rows.

    Up to :data:`_SAMPLED_ROWS` evenly spaced rows (columns of a dense ``matrix`` with
    ``transpose``) of at most :data:`_SAMPLED_ENTRIES` entries in all (one row at least),
    read where they lie: nothing else of the matrix is read.
    """
    rows, cols = matrix.shape[::-1] if transpose else matrix.shape
    if rows == 0:
        return np.zeros(0)
    count = max(1, min(rows, _SAMPLED_ROWS, _SAMPLED_ENTRIES // max(cols, 1)))
    picked = np.linspace(0, rows - 1, count).astype(np.intp)
    if isinstance(matrix, PackedMatrix):
        nonzero = matrix.words[picked] != 0  # words: the span is counted in words
        first, last = _ends(nonzero)
    else:
        nonzero = (matrix[:, picked].T if transpose else matrix[picked]) != 0
        first, last = _ends(nonzero)
        first, last = first // 64, last // 64  # entries: the span is counted in words
    return np.where(nonzero.any(axis=1), last - first + 1, 0).astype(np.float64)


def _ends(nonzero: NDArray[np.bool_]) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
    """The first and the last True of each row (0 and the last index for a row of False)."""
    first = nonzero.argmax(axis=1)
    last = nonzero.shape[1] - 1 - nonzero[:, ::-1].argmax(axis=1)
    return first, last


def _check_work(rows: int, n_cols: int, span: NDArray[np.float64]) -> None:
    """Refuse an elimination estimated to take more than :data:`MAX_WORD_OPERATIONS`.

    A row is reduced by at most ``64 * span`` stored rows, each XOR costing ``span`` words,
    where ``span`` is the number of words from its first to its last nonzero word.  The spans
    of sampled rows (:func:`_sampled_spans`) estimate the total; banded matrices (toggle
    matrices) are cheap, dense ones cost about ``rows * cols^2 / 64``.
    """
    if span.size == 0:
        return
    estimate = rows * float(np.mean(span * np.minimum(64 * span, min(rows, n_cols))))
    if estimate > MAX_WORD_OPERATIONS:
        raise ValueError(
            t(
                "eliminating this {rows}x{cols} matrix over GF(2) would take about {estimate} "
                "word operations, more than the {most} allowed (many minutes); use a smaller "
                "or sparser matrix (for a board, solve_board chases lights on a small system)",
                rows=rows,
                cols=n_cols,
                estimate=f"{estimate:.1e}",
                most=f"{MAX_WORD_OPERATIONS:.0e}",
            )
        )


def _as_input_kind(words: NDArray[np.uint64], n_cols: int, like: Matrix) -> Matrix:
    if isinstance(like, PackedMatrix):
        return PackedMatrix(words, n_cols)
    rows = words.shape[0]
    check_memory(
        rows * n_cols,
        t("unpacking a {rows}x{cols} matrix to one byte per entry", rows=rows, cols=n_cols),
        _keep_packed(),
    )
    return unpack_rows(words, n_cols)


def _rhs_bits(rhs: NDArray, n_rows: int) -> NDArray[np.uint8]:
    bits = np.ascontiguousarray(rhs, dtype=np.uint8).reshape(-1)
    if bits.size != n_rows:
        raise ValueError(
            t(
                "{name} has {count} entries but A has {rows} rows; they must match",
                name="b",
                count=bits.size,
                rows=n_rows,
            )
        )
    return bits


def rank(matrix: Matrix) -> int:
    """Rank over GF(2) of a 0/1 matrix.

    Examples
    --------
    >>> import numpy as np
    >>> rank(np.array([[1, 1, 0], [0, 1, 1], [1, 0, 1]], dtype=np.uint8))
    2
    """
    words, n_cols = _words_of(matrix)
    return int(_backend(n_cols).rank(words, n_cols))


@overload
def rref(matrix: PackedMatrix) -> tuple[PackedMatrix, tuple[int, ...]]: ...
@overload
def rref(matrix: NDArray[np.uint8]) -> tuple[NDArray[np.uint8], tuple[int, ...]]: ...
def rref(matrix: Matrix) -> tuple[Matrix, tuple[int, ...]]:
    """Reduced row echelon form over GF(2) and the pivot columns (0-based).

    Examples
    --------
    >>> import numpy as np
    >>> R, pivots = rref(np.array([[0, 1, 1], [1, 1, 0]], dtype=np.uint8))
    >>> R
    array([[1, 0, 1],
           [0, 1, 1]], dtype=uint8)
    >>> pivots
    (0, 1)
    """
    words, n_cols = _words_of(matrix)
    reduced, pivots = _backend(n_cols).rref(words, n_cols)
    return _as_input_kind(reduced, n_cols, matrix), tuple(int(p) for p in pivots)


@overload
def null_space(matrix: PackedMatrix) -> PackedMatrix: ...
@overload
def null_space(matrix: NDArray[np.uint8]) -> NDArray[np.uint8]: ...
def null_space(matrix: Matrix) -> Matrix:
    """Basis of ``{x : A x = 0}`` over GF(2), one row per free column (ascending).

    Row ``k`` has a 1 in the k-th free column, 0 in the other free columns, and the pivot
    entries that make ``A x = 0``: the basis read off the reduced row echelon form.

    Examples
    --------
    >>> import numpy as np
    >>> null_space(np.array([[1, 1, 0], [0, 1, 1]], dtype=np.uint8))
    array([[1, 1, 1]], dtype=uint8)
    """
    words, n_cols = _words_of(matrix)
    _, kernel = _backend(n_cols).null_space(words, n_cols)
    return _as_input_kind(kernel, n_cols, matrix)


@overload
def left_null_space(matrix: PackedMatrix) -> PackedMatrix: ...
@overload
def left_null_space(matrix: NDArray[np.uint8]) -> NDArray[np.uint8]: ...
def left_null_space(matrix: Matrix) -> Matrix:
    """Basis of ``{y : y^T A = 0}`` over GF(2): the null space of the transpose.

    Examples
    --------
    >>> import numpy as np
    >>> left_null_space(np.array([[1, 1], [1, 1], [0, 1]], dtype=np.uint8))
    array([[1, 1, 0]], dtype=uint8)
    """
    if isinstance(matrix, PackedMatrix):
        return null_space(matrix.T)
    return null_space(np.ascontiguousarray(matrix.T))


def solve(matrix: Matrix, rhs: NDArray) -> NDArray[np.uint8] | None:
    """One solution of ``A x = b`` over GF(2) (free variables 0), or None if inconsistent.

    Examples
    --------
    >>> import numpy as np
    >>> A = np.array([[1, 1, 0], [0, 1, 1]], dtype=np.uint8)
    >>> solve(A, np.array([1, 0], dtype=np.uint8))
    array([1, 0, 0], dtype=uint8)
    >>> solve(np.array([[1, 1], [1, 1]], dtype=np.uint8), np.array([0, 1])) is None
    True
    """
    words, n_cols = _words_of(matrix)
    solution: NDArray[np.uint8] | None = _backend(n_cols).solve(
        words, n_cols, _rhs_bits(rhs, words.shape[0])
    )
    return solution


def solve_with_kernel(
    matrix: Matrix, rhs: NDArray
) -> tuple[NDArray[np.uint8] | None, NDArray[np.intp], Matrix]:
    """Everything about ``A x = b`` from one echelon form of ``A`` with ``b`` beside it.

    Returns
    -------
    (x, pivots, kernel)
        ``x``: the solution with free variables 0, or None; ``pivots``: pivot columns of
        ``A``; ``kernel``: the null space basis of :func:`null_space`.

    Examples
    --------
    >>> import numpy as np
    >>> x, pivots, kernel = solve_with_kernel(np.array([[1, 1]], dtype=np.uint8), np.array([1]))
    >>> x, pivots, kernel
    (array([1, 0], dtype=uint8), array([0]), array([[1, 1]], dtype=uint8))
    """
    words, n_cols = _words_of(matrix)
    x, pivots, kernel = _backend(n_cols).solve_with_kernel(
        words, n_cols, _rhs_bits(rhs, words.shape[0])
    )
    return x, pivots, _as_input_kind(kernel, n_cols, matrix)
