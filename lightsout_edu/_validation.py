"""Input checks shared by every public function.

Each check turns what a student typed (nested lists, tuples, numpy arrays) into a clean array,
or raises ``ValueError``/``TypeError`` with a sentence that names the argument, the offending
value and where it sits.  Entries mod k are stored in the smallest unsigned dtype that holds
``k - 1`` (:func:`storage_dtype`) and computed with in int64, or in Python integers when
the sums of products a computation forms would not fit (:func:`work_dtype`, chosen by a bound
on the sum; :func:`matmul_mod` for matrix products).  Nothing here allocates more than
:data:`MEMORY_LIMIT` bytes: callers estimate first with :func:`check_memory`.
"""

from __future__ import annotations

import functools
import math
import numbers
import sys
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._i18n import t

__all__ = [
    "MAX_MODULUS",
    "MEMORY_LIMIT",
    "as_board",
    "as_matrix",
    "as_node_states",
    "as_rhs",
    "as_vector",
    "check_basis_memory",
    "check_flag",
    "check_memory",
    "check_modulus",
    "check_prime_modulus",
    "check_seed",
    "check_size",
    "count_text",
    "format_bytes",
    "from_work",
    "is_prime",
    "matmul_mod",
    "prime_factors",
    "read_board",
    "read_matrix",
    "read_only",
    "unmasked",
    "storage_dtype",
    "to_work",
    "work_dtype",
    "work_entry_bytes",
]

#: The most memory (bytes) one array made by this package may take; bigger requests are
#: refused with a message that says what to use instead.
MEMORY_LIMIT = 2 * 2**30

#: The largest modulus (number of colours) supported: residues are stored in uint64.
MAX_MODULUS = 2**64

#: The largest value an int64 holds: a sum bounded by it may be formed in int64.
_INT64_MAX = 2**63 - 1

#: Below this, primality is decided by trial division (at most 1024 divisions).
_TRIAL_DIVISION_LIMIT = 2**20


def format_bytes(n_bytes: float) -> str:
    """A byte count for people, e.g. ``7.5 GiB``.

    Examples
    --------
    >>> format_bytes(8_100_000_000), format_bytes(512)
    ('7.5 GiB', '512 bytes')
    """
    if n_bytes < 1024:
        return t("{count} bytes", count=int(n_bytes))
    for unit in ("KiB", "MiB", "GiB", "TiB", "PiB"):
        n_bytes /= 1024
        if n_bytes < 1024 or unit == "PiB":
            return f"{n_bytes:.1f} {unit}"
    raise AssertionError("unreachable")


def count_text(count: int, modulus: int) -> str:
    """A count of press patterns or boards (a product of powers of k's primes) as text.

    In digits while Python writes them (its limit on converting integers to text, 4300
    digits by default: :func:`sys.get_int_max_str_digits`); beyond that, exactly, as a power
    of ``modulus`` times powers of its primes, with the number of digits.

    Examples
    --------
    >>> count_text(2**20, 2)
    '1048576'
    >>> count_text(2**19999, 4)
    '4^9999 * 2^1 (6021 digits)'
    """
    limit = sys.get_int_max_str_digits()
    digits = _decimal_digits(count)
    if limit == 0 or digits <= limit:
        return str(count)
    e, rest = _valuation(count, modulus)  # as a power of k first, then of k's primes
    powers = [f"{modulus}^{e}"] if e else []
    for p in prime_factors(modulus):
        e, rest = _valuation(rest, p)
        if e:
            powers.append(f"{p}^{e}")
    if rest != 1:  # not made of the primes of the modulus: say how big it is
        powers.append(t("a number of {count} digits", count=_decimal_digits(rest)))
    return t("{powers} ({digits} digits)", powers=" * ".join(powers), digits=digits)


def _valuation(n: int, p: int) -> tuple[int, int]:
    """``(e, n / p^e)`` for the largest e with p^e dividing ``n > 0``.

    By squaring: divide by p, p^2, p^4, ... while they divide, then by the same powers going
    down, so a 2^(10^6) takes about 40 divisions, not a million.
    """
    if p == 2:  # the trailing zero bits
        e = (n & -n).bit_length() - 1
        return e, n >> e
    e, power, step, tried = 0, p, 1, []
    while n % power == 0:
        n, e = n // power, e + step
        tried.append((power, step))
        power, step = power * power, 2 * step
    for power, step in reversed(tried):
        if n % power == 0:
            n, e = n // power, e + step
    return e, n


def _decimal_digits(n: int) -> int:
    """How many decimal digits the whole number ``n >= 0`` has (without writing it)."""
    if n < 10:
        return 1
    shift = max(n.bit_length() - 64, 0)  # log10(n) from its top 64 bits, to about 1e-15
    estimate = math.log10(n >> shift) + shift * math.log10(2)
    power = round(estimate)
    if abs(estimate - power) < 1e-9:  # n is close to 10^power: decide exactly
        return power + int(n >= 10**power)
    return int(estimate) + 1


def prime_factors(n: int) -> dict[int, int]:
    """The prime factorisation of ``n >= 1``: prime -> exponent, ascending.

    By trial division, or sympy's ``factorint`` for a big n.

    Examples
    --------
    >>> prime_factors(12), prime_factors(2**64)
    ({2: 2, 3: 1}, {2: 64})
    """
    if n >= _TRIAL_DIVISION_LIMIT:
        from sympy import factorint

        return {int(p): int(e) for p, e in sorted(factorint(n).items())}
    factors: dict[int, int] = {}
    p = 2
    while p * p <= n:
        while n % p == 0:
            n, factors[p] = n // p, factors.get(p, 0) + 1
        p += 1
    if n > 1:
        factors[n] = factors.get(n, 0) + 1
    return factors


def read_only(array: NDArray) -> NDArray:
    """A copy of ``array`` that nobody can write to, nor make writable again.

    ``flags.writeable = False`` alone can be undone (on an array that owns its memory, or on
    the base of a view); this copy's memory is an immutable ``bytes`` object, so numpy
    refuses to make it, or anything viewing it, writable.  For numeric arrays.

    Examples
    --------
    >>> frozen = read_only(np.eye(2, dtype=np.uint8))
    >>> frozen.flags.writeable = True
    Traceback (most recent call last):
    ...
    ValueError: cannot set WRITEABLE flag to True of this array
    """
    array = np.asarray(array)
    if array.dtype.hasobject:
        raise TypeError(t("read_only needs an array of numbers, not of Python objects"))
    data = np.ascontiguousarray(array).tobytes()
    return np.frombuffer(data, dtype=array.dtype).reshape(array.shape)


def check_basis_memory(
    nullity: int, vector_bytes: int, n_cols: int, instead: str | None = None
) -> None:
    """Refuse a null-space basis above :data:`MEMORY_LIMIT` (see :func:`check_memory`).

    ``nullity`` vectors of ``n_cols`` entries, ``vector_bytes`` bytes each.
    """
    check_memory(
        nullity * vector_bytes,
        t(
            "a basis of the null space, at least {nullity} vectors of {cols} entries",
            nullity=nullity,
            cols=n_cols,
        ),
        t("use a smaller matrix (for a board, solve_board chases lights on a small system)")
        if instead is None
        else instead,
    )


def check_memory(n_bytes: int, what: str, instead: str) -> None:
    """Refuse to allocate ``n_bytes`` for ``what`` if that is over :data:`MEMORY_LIMIT`.

    Examples
    --------
    >>> check_memory(10**12, "a 10^6 x 10^6 board", "use a smaller board")
    Traceback (most recent call last):
    ...
    ValueError: a 10^6 x 10^6 board would need 931.3 GiB of memory, more than the 2.0 GiB \
this package allocates at once; use a smaller board
    """
    if n_bytes > MEMORY_LIMIT:
        raise ValueError(
            t(
                "{what} would need {size} of memory, more than the {limit} this package "
                "allocates at once; {instead}",
                what=what,
                size=format_bytes(n_bytes),
                limit=format_bytes(MEMORY_LIMIT),
                instead=instead,
            )
        )


@functools.lru_cache(maxsize=256)
def is_prime(n: int) -> bool:
    """Return True if the integer ``n`` is a prime number (exact, for any size).

    Small numbers by trial division; larger ones by sympy's ``isprime`` (deterministic below
    2^64, and without known counterexamples above).

    Examples
    --------
    >>> is_prime(2), is_prime(91), is_prime(2**61 - 1)
    (True, False, True)
    """
    n = int(n)
    if n < _TRIAL_DIVISION_LIMIT:
        if n < 2:
            return False
        d = 2
        while d * d <= n:
            if n % d == 0:
                return False
            d += 1
        return True
    from sympy import isprime

    return bool(isprime(n))


def _whole_number(value: object, name: str, example: str) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(
            t(
                "{name} must be a whole number such as {example}, not {value}",
                name=name,
                example=example,
                value=repr(value),
            )
        )
    return int(value)


def check_modulus(modulus: object, name: str = "modulus") -> int:
    """Return ``modulus`` as an int from 2 to :data:`MAX_MODULUS` (the number of light states)."""
    k = _whole_number(modulus, name, "2 or 3")
    if k < 2:
        raise ValueError(
            t(
                "{name} must be at least 2 (a light needs an off and an on state), not {k}",
                name=name,
                k=k,
            )
        )
    if k > MAX_MODULUS:
        raise ValueError(
            t(
                "{name}={k} is too large: at most 2^64 = {most} is supported "
                "(every residue is stored in a 64-bit word)",
                name=name,
                k=k,
                most=MAX_MODULUS,
            )
        )
    return k


def check_prime_modulus(modulus: object, name: str = "modulus") -> int:
    """Return ``modulus`` as an int, requiring it to be prime (so that Z/p is a field)."""
    p = check_modulus(modulus, name)
    if not is_prime(p):
        raise ValueError(
            t(
                "{name}={p} is not prime, so the integers mod {p} are not a field and "
                "Gauss-Jordan elimination cannot divide by every non-zero entry; use a prime "
                "such as 2, 3 or 5 (for composite moduli use lightsout_edu.solve_mod)",
                name=name,
                p=p,
            )
        )
    return p


def check_size(value: object, name: str) -> int:
    """Return ``value`` as a positive int (a number of rows, columns or nodes)."""
    size = _whole_number(value, name, "5")
    if size <= 0:
        raise ValueError(t("{name} must be at least 1, not {size}", name=name, size=size))
    return size


def check_flag(value: object, name: str) -> bool:
    """Return ``value`` as a bool; anything but True/False (e.g. the text "no") is refused."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(
            t("{name} must be True or False, not {value}", name=name, value=repr(value))
        )
    return bool(value)


def check_seed(seed: object, name: str = "seed") -> int | None:
    """Return a seed for :func:`numpy.random.default_rng`: None or a whole number >= 0."""
    if seed is None:
        return None
    value = _whole_number(seed, name, t("0 or 2024 (or None for a fresh random board)"))
    if value < 0:
        raise ValueError(t("{name} must be 0 or more, not {value}", name=name, value=value))
    return value


def storage_dtype(modulus: int) -> np.dtype:
    """The smallest unsigned dtype that holds the residues ``0 .. modulus - 1``.

    Examples
    --------
    >>> storage_dtype(2), storage_dtype(257), storage_dtype(2**64)
    (dtype('uint8'), dtype('uint16'), dtype('uint64'))
    """
    for dtype in (np.uint8, np.uint16, np.uint32, np.uint64):
        if modulus - 1 <= np.iinfo(dtype).max:
            return np.dtype(dtype)
    raise ValueError(t("modulus {modulus} is larger than 2^64", modulus=modulus))


def work_dtype(modulus: int, terms: int = 2) -> np.dtype:
    """The dtype for sums of ``terms`` products ``a * b + c`` of residues mod ``modulus``.

    int64 while the bound on such a sum, ``terms * modulus * (modulus - 1)``, fits in it; else
    object (Python integers, exact at any size).  The default, two terms, covers the row
    operations of elimination (``a * x + b * y`` of two rows): int64 up to ``modulus = 2^31``.
    A matrix product sums one product per column: see :func:`matmul_mod`.

    Examples
    --------
    >>> work_dtype(2**31), work_dtype(2**31 + 1), work_dtype(2**31, terms=3)
    (dtype('int64'), dtype('O'), dtype('O'))
    """
    bound = max(terms, 1) * modulus * (modulus - 1)
    return np.dtype(np.int64) if bound <= _INT64_MAX else np.dtype(object)


def work_entry_bytes(modulus: int) -> int:
    """Bytes one entry of :func:`to_work`'s copy takes, for estimating memory before any copy.

    8 in int64; in Python integers, a pointer and the integer object (24 bytes and 4 per
    30 bits of a product of two residues).

    Examples
    --------
    >>> work_entry_bytes(3), work_entry_bytes(2**61 - 1)
    (8, 52)
    """
    if work_dtype(modulus).kind != "O":
        return 8
    return 8 + 24 + 4 * -(-2 * (modulus - 1).bit_length() // 30)


def to_work(arr: NDArray, modulus: int) -> NDArray:
    """A copy of residues ready for arithmetic mod ``modulus`` (see :func:`work_dtype`)."""
    if work_dtype(modulus).kind == "O":
        return _python_ints(arr)
    return np.asarray(arr).astype(np.int64)


def _python_ints(arr: NDArray) -> NDArray:
    """An object array of Python integers with the values and shape of ``arr``."""
    arr = np.asarray(arr)
    return np.array(arr.tolist(), dtype=object).reshape(arr.shape)


def matmul_mod(A: NDArray, B: NDArray, modulus: int) -> NDArray:
    """``A @ B (mod modulus)``, exactly, as residues in the work dtype of ``modulus``.

    Each entry of the product is a sum of ``n`` products of residues (``n`` = the columns of
    ``A``), which can leave int64 long before one product does.  Chosen by a bound on that
    sum: one int64 product when ``n (k - 1)^2`` fits; else, while a single product fits, ``B``
    is split into limbs of ``s`` bits small enough that ``n (k - 1) (2^s - 1)`` fits, each limb
    multiplied and reduced on its own (``A @ B = sum_l 2^(s l) (A @ B_l)``); else Python
    integers.

    Examples
    --------
    >>> k = 2**31 - 1  # three products of residues near k overflow int64
    >>> A = np.array([[k - 1, k - 2, k - 3]])
    >>> int(matmul_mod(A, np.array([k - 1, k - 1, k - 1]), k)[0]) == (6 % k)
    True
    """
    k = modulus
    dtype = work_dtype(k)
    A, B = np.asarray(A), np.asarray(B)
    n = A.shape[-1]
    # the widest limb s with n (k - 1) (2^s - 1) <= 2^63 - 1 (0 if not even one bit fits)
    bits = (_INT64_MAX // max(n * (k - 1), 1) + 1).bit_length() - 1
    if dtype.kind == "O" or bits == 0:
        return np.asarray((_python_ints(A) @ _python_ints(B)) % k, dtype=dtype)
    A, B = A.astype(np.int64), B.astype(np.int64)
    top = (k - 1).bit_length()
    if bits >= top:
        return np.asarray((A @ B) % k)
    total: NDArray | None = None
    for shift in range(0, top, bits):
        limb = (B >> shift) & ((1 << bits) - 1)
        part = ((A @ limb) % k) * pow(2, shift, k) % k
        total = part if total is None else (total + part) % k
    assert total is not None  # k >= 2, so there is at least one limb
    return total


def from_work(arr: NDArray, modulus: int) -> NDArray:
    """Residues (already reduced mod ``modulus``) in their storage dtype."""
    return np.asarray(arr).astype(storage_dtype(modulus))


def _entries_name(modulus: int) -> str:
    return t("0 or 1") if modulus == 2 else t("a whole number from 0 to {last}", last=modulus - 1)


def unmasked(value: object, name: str) -> object:
    """``value`` itself, or the data of a masked array none of whose entries is masked.

    numpy drops a mask without a word when it converts a masked array, so a masked entry
    would silently count as whatever its hidden data holds: refuse it instead.

    Examples
    --------
    >>> unmasked(np.ma.masked_array([1, 0], mask=[False, True]), "board")
    Traceback (most recent call last):
    ...
    ValueError: board is a masked array with 1 masked entry (the first at (1,)), and a masked \
entry has no value to compute with: fill them in (board.filled(0)) or pass board.data
    """
    if isinstance(value, (list, tuple)):  # rows that are masked arrays lose their masks too
        for item in value:
            if isinstance(item, (list, tuple, np.ma.MaskedArray)):
                unmasked(item, name)
        return value
    if not isinstance(value, np.ma.MaskedArray):
        return value
    mask = np.ma.getmaskarray(value)
    if mask.any():
        count = int(mask.sum())
        first = tuple(int(i) for i in np.argwhere(mask)[0])
        raise ValueError(
            t(
                "{name} is a masked array with {count} masked entry (the first at {first}), "
                "and a masked entry has no value to compute with: fill them in "
                "({name}.filled(0)) or pass {name}.data"
                if count == 1
                else "{name} is a masked array with {count} masked entries (the first at "
                "{first}), and a masked entry has no value to compute with: fill them in "
                "({name}.filled(0)) or pass {name}.data",
                name=name,
                count=count,
                first=first,
            )
        )
    return np.ma.getdata(value)


def _read(value: ArrayLike, name: str, ndim: int | None = None) -> NDArray:
    """Convert nested lists/arrays to a numpy array of numbers (any number of dimensions)."""
    value = unmasked(value, name)  # type: ignore[assignment]
    if isinstance(value, (str, bytes)):
        raise TypeError(
            t(
                "{name} must be an array of numbers, not the text {value}; "
                "use parse_board() to read a board from text",
                name=name,
                value=repr(value),
            )
        )
    if value is None:
        raise TypeError(t("{name} must be an array of numbers, not None", name=name))
    if isinstance(value, (dict, set, frozenset)):
        raise TypeError(
            t(
                "{name} must be an array of numbers (a list of rows), not a {kind}",
                name=name,
                kind=type(value).__name__,
            )
        )
    if ndim == 2 and isinstance(value, (list, tuple)) and value:
        lengths = [
            len(row) if isinstance(row, (list, tuple, np.ndarray)) else None for row in value
        ]
        if None not in lengths and len(set(lengths)) > 1:
            first = lengths[0]
            bad_row = next(i for i, n in enumerate(lengths) if n != first)
            raise ValueError(
                t(
                    "{name} row {row} has {count} entries but row 0 has {first}; every row "
                    "must have the same length",
                    name=name,
                    row=bad_row,
                    count=lengths[bad_row],
                    first=first,
                )
            )
    if isinstance(value, np.ndarray):
        return value
    try:
        arr = np.asarray(value)
    except (ValueError, TypeError) as exc:  # numpy refuses ragged nesting
        raise ValueError(_ragged(name)) from exc
    if arr.dtype.kind in "fO":
        # Python integers beyond int64 come out as floats (losing digits) or objects.
        arr = _exact_integers(value, name, arr)
    if arr.dtype.kind == "O":
        bad: object = next((v for v in arr.flat if not isinstance(v, numbers.Number)), None)
        if bad is not None:
            if isinstance(bad, (list, tuple, np.ndarray)):
                raise ValueError(_ragged(name))
            raise TypeError(
                t(
                    "{name} must hold numbers, not {kind} values",
                    name=name,
                    kind=type(bad).__name__,
                )
            )
    return arr


def _to_array(value: ArrayLike, name: str, ndim: int) -> NDArray:
    """Convert nested lists/arrays to a numpy array of exactly ``ndim`` dimensions."""
    arr = _read(value, name, ndim)
    if arr.ndim != ndim:
        shape = t("a 1-D vector") if ndim == 1 else t("a 2-D array (a list of rows)")
        raise ValueError(
            t(
                "{name} must be {shape}, but it has {ndim} dimensions (shape {dims})",
                name=name,
                shape=shape,
                ndim=arr.ndim,
                dims=arr.shape,
            )
        )
    if arr.size == 0:
        raise ValueError(t("{name} is empty; it needs at least one entry", name=name))
    return arr


def _exact_integers(value: Any, name: str, arr: NDArray) -> NDArray:
    """Re-read nested lists as Python numbers, so that big integers keep every digit."""
    try:
        exact = np.array(value, dtype=object)
    except ValueError as exc:
        raise ValueError(_ragged(name)) from exc
    if exact.shape != arr.shape:
        raise ValueError(_ragged(name))
    if all(isinstance(v, numbers.Integral) for v in exact.flat):
        return exact
    return arr


def _ragged(name: str) -> str:
    return t("{name} is ragged: its rows do not all have the same length", name=name)


def _first_bad(ok: NDArray) -> tuple[int, ...]:
    return tuple(int(i) for i in np.argwhere(~ok)[0])


def _where(pos: tuple[int, ...]) -> str:
    return f"({pos[0]}, {pos[1]})" if len(pos) == 2 else f"{pos[0]}"


def _whole_value(value: object) -> int | None:
    """``value`` as an int when it is exactly a whole number (5, Fraction(5), 5.0), else None.

    Floats count only below 2^53, where every whole number is exact (as in float arrays);
    True and False are not numbers of lights here.
    """
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Number):
        return None
    if isinstance(value, numbers.Integral):
        return int(value)
    try:
        whole = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):  # complex, nan, inf
        return None
    if value != whole or (isinstance(value, (float, np.floating)) and abs(whole) >= 2**53):
        return None
    return int(whole)


def _check_entries(arr: NDArray, name: str, modulus: int) -> NDArray:
    """Return ``arr`` as a new array of residues 0..modulus-1, or say which entry is wrong."""
    target = storage_dtype(modulus)
    if arr.dtype == bool:
        return arr.astype(target)
    if arr.dtype.kind == "O":
        values = [_whole_value(v) for v in arr.flat]
        valid = np.array(
            [v is not None and 0 <= v < modulus for v in values], dtype=np.bool_
        ).reshape(arr.shape)
        if not valid.all():
            pos = _first_bad(valid)
            raise ValueError(
                t(
                    "entry {value} at {where} of {name} is not {entries}",
                    value=repr(arr[pos]),
                    where=_where(pos),
                    name=name,
                    entries=_entries_name(modulus),
                )
            )
        return np.array(values, dtype=target).reshape(arr.shape)
    if arr.dtype.kind == "u" and int(arr.max()) < modulus:  # the common case: one pass
        return arr.astype(target)
    if not np.issubdtype(arr.dtype, np.number):
        raise TypeError(t("{name} must hold numbers, not {kind} values", name=name, kind=arr.dtype))
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(t("{name} must hold whole numbers, not complex numbers", name=name))
    ok: NDArray[np.bool_]
    if arr.dtype.kind == "f":
        # floats are exact whole numbers only below 2^53
        ok = np.isfinite(arr) & (arr == np.round(arr)) & (arr >= 0) & (arr < min(modulus, 2**53))
    else:
        ok = (arr >= 0) & (arr < modulus)
    if not ok.all():
        pos = _first_bad(ok)
        value = arr[pos].item()
        inexact = (
            arr.dtype.kind == "f"
            and np.isfinite(value)
            and value == round(value)
            and value >= 2**53
        )
        raise ValueError(
            t(
                "entry {value} at {where} of {name} is not {entries} (a float this large is "
                "not exact: give whole numbers as int)"
                if inexact
                else "entry {value} at {where} of {name} is not {entries}",
                value=repr(value),
                where=_where(pos),
                name=name,
                entries=_entries_name(modulus),
            )
        )
    return arr.astype(target)


def as_matrix(value: ArrayLike, name: str = "A", *, modulus: int = 2) -> NDArray:
    """Return ``value`` as a 2-D array of residues 0..modulus-1 (a copy)."""
    return _check_entries(_to_array(value, name, 2), name, modulus)


def as_vector(
    value: ArrayLike, name: str = "b", *, modulus: int = 2, board_shaped: bool = False
) -> NDArray:
    """Return ``value`` as a 1-D array of residues 0..modulus-1 (a copy).

    A row or column vector is flattened; with ``board_shaped`` any 2-D board is too
    (row-major, matching the cell numbering).
    """
    arr = _read(value, name)
    if arr.ndim == 2 and (1 in arr.shape or board_shaped):
        arr = arr.reshape(-1)  # a column or row vector, or a board read row-major
    return _check_entries(_to_array(arr, name, 1), name, modulus)


def as_node_states(value: ArrayLike, name: str = "board", *, modulus: int = 2) -> NDArray:
    """Return a graph's board, one state 0..modulus-1 per node, as a 1-D array (a copy).

    Unlike :func:`as_vector` no 2-D array is flattened: a graph has no rows, so a list of
    rows is a mistake (perhaps a grid's board), not a board.
    """
    arr = _read(value, name)
    if arr.ndim != 1:
        raise ValueError(
            t(
                "{name} of a graph puzzle has one entry per node, a 1-D list such as [1, 0, 1], "
                "not an array of shape {shape}",
                name=name,
                shape=arr.shape,
            )
        )
    return as_vector(arr, name, modulus=modulus)


def as_rhs(value: ArrayLike, n_rows: int, name: str = "b", *, modulus: int = 2) -> NDArray:
    """Return a right-hand side for a system with ``n_rows`` equations (a vector or a board)."""
    rhs = as_vector(value, name, modulus=modulus, board_shaped=True)
    if rhs.shape[0] != n_rows:
        raise ValueError(
            t(
                "{name} has {count} entries but A has {rows} rows; they must match",
                name=name,
                count=rhs.shape[0],
                rows=n_rows,
            )
        )
    return rhs


def read_board(value: ArrayLike, name: str = "board") -> NDArray:
    """``value`` read into a 2-D array of numbers (not a copy), its entries not yet checked.

    For its shape: :func:`as_board` then checks the entries (without reading it again).
    """
    return _to_array(value, name, 2)


def read_matrix(value: ArrayLike, name: str = "A") -> NDArray:
    """``value`` read into a 2-D array of numbers (not a copy), its entries not yet checked.

    Its shape is known without a pass over its entries: sizes are estimated from it before
    :func:`as_matrix` checks the entries (without reading it again).
    """
    return _to_array(value, name, 2)


def as_board(value: ArrayLike, name: str = "board", *, colors: int = 2) -> NDArray:
    """Return a board (rows x cols array of light states 0..colors-1) as a copy."""
    return as_matrix(value, name, modulus=colors)
