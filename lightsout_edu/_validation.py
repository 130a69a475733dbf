"""Input checks shared by every public function.

Each check turns what a student typed (nested lists, tuples, numpy arrays) into a clean
``uint8`` array, or raises ``ValueError``/``TypeError`` with a sentence that names the
argument, the offending value and where it sits.
"""

from __future__ import annotations

import numbers

import numpy as np
from numpy.typing import ArrayLike, NDArray

__all__ = [
    "as_board",
    "as_matrix",
    "as_rhs",
    "as_vector",
    "check_modulus",
    "check_prime_modulus",
    "check_size",
    "is_prime",
]


def is_prime(n: int) -> bool:
    """Return True if the integer ``n`` is a prime number."""
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True


def check_modulus(modulus: object, name: str = "modulus") -> int:
    """Return ``modulus`` as an int >= 2 (the number of light states / field size)."""
    if isinstance(modulus, bool) or not isinstance(modulus, numbers.Integral):
        raise TypeError(f"{name} must be a whole number such as 2 or 3, not {modulus!r}")
    modulus = int(modulus)
    if modulus < 2:
        raise ValueError(f"{name} must be at least 2 (a light needs an off and an on state), "
                         f"not {modulus}")
    return modulus


def check_prime_modulus(modulus: object, name: str = "modulus") -> int:
    """Return ``modulus`` as an int, requiring it to be prime (so that Z/p is a field)."""
    p = check_modulus(modulus, name)
    if not is_prime(p):
        raise ValueError(
            f"{name}={p} is not prime, so the integers mod {p} are not a field and Gauss-Jordan "
            f"elimination cannot divide by every non-zero entry; use a prime such as 2, 3 or 5 "
            f"(for composite moduli use lightsout_edu.solve_mod)"
        )
    return p


def check_size(value: object, name: str) -> int:
    """Return ``value`` as a positive int (a number of rows, columns or nodes)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be a whole number, not {value!r}")
    if value <= 0:
        raise ValueError(f"{name} must be at least 1, not {value}")
    return int(value)


def _entries_name(modulus: int) -> str:
    return "0 or 1" if modulus == 2 else f"a whole number from 0 to {modulus - 1}"


def _to_array(value: ArrayLike, name: str, ndim: int) -> NDArray:
    """Convert nested lists/arrays to a numpy array of exactly ``ndim`` dimensions."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be an array of numbers, not the text {value!r}; "
                        f"use parse_board() to read a board from text")
    if value is None:
        raise TypeError(f"{name} must be an array of numbers, not None")
    if ndim == 2 and isinstance(value, (list, tuple)) and value:
        lengths = [len(row) if isinstance(row, (list, tuple, np.ndarray)) else None
                   for row in value]
        if None not in lengths and len(set(lengths)) > 1:
            first = lengths[0]
            bad = next(i for i, n in enumerate(lengths) if n != first)
            raise ValueError(f"{name} row {bad} has {lengths[bad]} entries but row 0 has "
                             f"{first}; every row must have the same length")
    try:
        arr = np.asarray(value)
    except ValueError as exc:  # numpy refuses ragged nesting
        raise ValueError(f"{name} is ragged: its rows do not all have the same length") from exc
    if arr.dtype == object:
        raise ValueError(f"{name} is ragged or holds things that are not numbers")
    if arr.ndim != ndim:
        shape = "a 1-D vector" if ndim == 1 else "a 2-D array (a list of rows)"
        raise ValueError(f"{name} must be {shape}, but it has {arr.ndim} dimensions "
                         f"(shape {arr.shape})")
    if arr.size == 0:
        raise ValueError(f"{name} is empty; it needs at least one entry")
    return arr


def _check_entries(arr: NDArray, name: str, modulus: int) -> NDArray[np.uint8]:
    """Return ``arr`` as a new array of entries 0..modulus-1, or say which entry is wrong."""
    if arr.dtype == bool:
        return arr.astype(np.uint8)
    if arr.dtype.kind == "u" and int(arr.max()) < modulus:  # the common case: one pass
        return arr.astype(np.uint8 if modulus <= 256 else np.int64)
    if not np.issubdtype(arr.dtype, np.number):
        raise TypeError(f"{name} must hold numbers, not {arr.dtype} values")
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must hold whole numbers, not complex numbers")
    whole = np.isfinite(arr) & (arr == np.round(arr)) if arr.dtype.kind == "f" else None
    in_range = (arr >= 0) & (arr < modulus)
    ok = in_range if whole is None else in_range & whole
    if not ok.all():
        pos = tuple(int(i) for i in np.argwhere(~ok)[0])
        where = f"({pos[0]}, {pos[1]})" if len(pos) == 2 else f"{pos[0]}"
        value = arr[pos]
        value = value.item() if hasattr(value, "item") else value
        raise ValueError(f"entry {value!r} at {where} of {name} is not {_entries_name(modulus)}")
    return arr.astype(np.uint8 if modulus <= 256 else np.int64)


def as_matrix(value: ArrayLike, name: str = "A", *, modulus: int = 2) -> NDArray[np.uint8]:
    """Return ``value`` as a 2-D array with entries 0..modulus-1 (a copy)."""
    return _check_entries(_to_array(value, name, 2), name, modulus)


def as_vector(value: ArrayLike, name: str = "b", *, modulus: int = 2,
              board_shaped: bool = False) -> NDArray[np.uint8]:
    """Return ``value`` as a 1-D array with entries 0..modulus-1 (a copy).

    A row or column vector is flattened; with ``board_shaped`` any 2-D board is too
    (row-major, matching the cell numbering).
    """
    arr = value
    if isinstance(value, (list, tuple, np.ndarray)):
        try:
            arr = np.asarray(value)
        except ValueError as exc:  # numpy refuses ragged nesting
            raise ValueError(f"{name} is ragged: it mixes numbers and lists of "
                             f"different lengths") from exc
        if arr.ndim == 2 and (1 in arr.shape or board_shaped):
            arr = arr.reshape(-1)  # a column or row vector, or a board read row-major
    return _check_entries(_to_array(arr, name, 1), name, modulus)


def as_rhs(value: ArrayLike, n_rows: int, name: str = "b", *,
           modulus: int = 2) -> NDArray[np.uint8]:
    """Return a right-hand side for a system with ``n_rows`` equations (a vector or a board)."""
    rhs = as_vector(value, name, modulus=modulus, board_shaped=True)
    if rhs.shape[0] != n_rows:
        raise ValueError(f"{name} has {rhs.shape[0]} entries but A has {n_rows} rows; "
                         f"they must match")
    return rhs


def as_board(value: ArrayLike, name: str = "board", *, colors: int = 2) -> NDArray[np.uint8]:
    """Return a board (rows x cols array of light states 0..colors-1) as a copy."""
    return as_matrix(value, name, modulus=colors)
