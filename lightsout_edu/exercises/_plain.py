"""Student values as plain data: what crosses from student code to the checker.

A checker must never hold an object the student made: its methods (``__eq__``, ``__repr__``,
``tolist``, ``__getitem__`` ...) are the student's code and could lie, loop or crash.  So the
process that runs the student's code turns every value into plain data -- JSON-able lists,
numbers, strings and small tagged dicts -- with :func:`encode`, *calling only methods of
built-in types*, and the checker rebuilds ordinary Python and NumPy values from it with
:func:`decode`.  Whatever a hostile value does, the checker sees numbers, lists and arrays, or
a marker (:class:`Unreadable`) that says in words why the value could not be read.

Both directions are bounded: at most :data:`MAX_ITEMS` entries, :data:`MAX_TEXT` characters of
text and :data:`MAX_DEPTH` levels of nesting, so an endless generator or a huge array becomes
a marker, not a MemoryError.

Examples
--------
>>> import numpy as np
>>> decode(encode((np.array([[1, 0], [0, 1]], dtype=np.uint8), [0, 1])))
(array([[1, 0],
       [0, 1]], dtype=uint8), [0, 1])
>>> import itertools
>>> decode(encode(itertools.count()))
<an endless or very long count object>
>>> inert([1, (2, "three"), None]), inert([1, object()])
(True, False)
"""

from __future__ import annotations

import builtins
import decimal
import numbers
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np

from .._i18n import t

__all__ = [
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_ITERATED",
    "MAX_TEXT",
    "Opaque",
    "Unreadable",
    "WidgetState",
    "decode",
    "encode",
    "inert",
]

#: The most entries (numbers, strings, items) one value may hold.
MAX_ITEMS = 2_000_000
#: The most characters of one string, or of one ``repr`` kept for a message.
MAX_TEXT = 100_000
#: The most items read from an iterator, a range or another object that is not a container.
MAX_ITERATED = 100_000
#: The deepest nesting of containers.
MAX_DEPTH = 40
#: The longest whole number, in bits (Python refuses to print much longer ones).
MAX_INT_BITS = 12_000
#: Characters of an object's ``repr`` kept to describe it.
REPR_CHARS = 300

_NUMERIC_KINDS = "biufc"
_SCALARS = (type(None), bool, int, float, complex, str)


class _Budget:
    """How many more entries may be encoded."""

    def __init__(self, items: int) -> None:
        self.left = items

    def spend(self, count: int) -> bool:
        self.left -= count
        return self.left >= 0


class Unreadable:
    """A value that could not be turned into plain data; ``reason`` says why, in words.

    The checker's readers refuse it with that reason.
    """

    def __init__(self, type_name: str, reason: str) -> None:
        self.type_name, self.reason = type_name, reason

    def __repr__(self) -> str:
        return f"<{self.reason}>"


class WidgetState:
    """A widget's synced state as plain data (the notebook reads it; widgets stay there)."""

    def __init__(self, type_name: str, state: Any) -> None:
        self.type_name = type_name
        self.state = state if isinstance(state, dict) else {}

    def __repr__(self) -> str:
        return t("a {type} widget", type=self.type_name)


class Opaque:
    """An object of a type the checker does not know: its type name and a short repr.

    ``tolist()`` gives what the object's own ``tolist`` returned (as plain data), if it had
    one (sympy and galois matrices do); otherwise it is None.
    """

    def __init__(self, type_name: str, text: str, listed: Any = None) -> None:
        self.type_name, self.text, self.listed = type_name, text, listed

    def tolist(self) -> Any:
        """The object's own ``tolist()``, read as plain data (None if it had none)."""
        return self.listed

    def __repr__(self) -> str:
        return self.text


# ---------------------------------------------------------------------------------------------
# encode: runs where the student's code runs, and calls no method the student could override
# ---------------------------------------------------------------------------------------------


def encode(value: object, *, items: int = MAX_ITEMS) -> Any:
    """``value`` as plain, JSON-able data (see the module docstring)."""
    return _encode(value, _Budget(items), 0)


def _type_name(value: object) -> str:
    kind = type(value)
    module = getattr(kind, "__module__", "") or ""
    name = getattr(kind, "__qualname__", None) or kind.__name__
    return name if module in ("builtins", "__main__", "") else f"{module}.{name}"


def _too_big(value: object, what: str) -> dict[str, Any]:
    return {"$unreadable": _type_name(value), "reason": what}


def _encode(value: object, budget: _Budget, depth: int) -> Any:
    """Encode one value.

    Built-in types (and their subclasses) are read through the built-in type's own methods,
    so that a subclass's overrides never run here.
    """
    if depth > MAX_DEPTH:
        return _too_big(value, t("a value nested more than 40 levels deep"))
    if not budget.spend(1):
        return _too_big(value, t("a value with more than 2,000,000 entries, too big to check"))
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int):
        return _encode_int(int.__int__(value))
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, str):
        return _encode_text(str.__str__(value))
    if isinstance(value, complex):
        return {"$complex": [complex.real.__get__(value), complex.imag.__get__(value)]}
    if isinstance(value, (list, tuple, set, frozenset)):
        return _encode_items(value, budget, depth)
    if isinstance(value, dict):
        pairs = dict.items(value)
        return {
            "$dict": [
                [_encode(k, budget, depth + 1), _encode(v, budget, depth + 1)] for k, v in pairs
            ]
        }
    if isinstance(value, np.ndarray):
        return _encode_array(value, budget, depth)
    if isinstance(value, np.generic):
        return _encode_numpy_scalar(value)
    if isinstance(value, (bytes, bytearray, memoryview)):
        return {"$object": _type_name(value), "repr": _short_repr(bytes(value)[:100])}
    if type(value) is Fraction:
        return {"$fraction": [_encode_int(value.numerator), _encode_int(value.denominator)]}
    if type(value) is decimal.Decimal:
        return {"$decimal": _encode_text(decimal.Decimal.__str__(value))}
    return _encode_other(value, budget, depth)


def _encode_int(value: int) -> Any:
    if int.bit_length(value) > MAX_INT_BITS:
        return {"$unreadable": "int", "reason": t("a whole number with more than 3,600 digits")}
    return value


def _encode_text(value: str) -> Any:
    if str.__len__(value) > MAX_TEXT:
        return {"$unreadable": "str", "reason": t("a text of more than 100,000 characters")}
    return value


def _encode_items(value: Any, budget: _Budget, depth: int) -> Any:
    bases: tuple[Any, ...] = (list, tuple, set, frozenset)
    for base in bases:
        if isinstance(value, base):
            items = [_encode(v, budget, depth + 1) for v in base.__iter__(value)]
            return items if base is list else {"$" + base.__name__: items}
    raise TypeError(f"not a built-in collection: {type(value).__name__}")


def _encode_array(value: np.ndarray, budget: _Budget, depth: int) -> Any:
    base = np.ndarray.view(value, np.ndarray)  # the data, without the subclass's methods
    size = int(np.ndarray.__len__(base.reshape(-1)))
    if not budget.spend(size):
        return _too_big(value, t("an array of shape {shape}, too big to check", shape=base.shape))
    tagged: dict[str, Any] = {"shape": list(base.shape)}
    if type(value) is not np.ndarray:
        tagged["type"] = _type_name(value)
    if isinstance(value, np.ma.MaskedArray):
        tagged["mask"] = np.ndarray.tolist(np.ndarray.view(np.ma.getmaskarray(value), np.ndarray))
    if base.dtype.kind in _NUMERIC_KINDS:
        tagged["dtype"] = base.dtype.str
        data = np.ndarray.tolist(base.reshape(-1))
        if base.dtype.kind == "c":
            data = [[z.real, z.imag] for z in data]
        tagged["data"] = data
    else:
        tagged["dtype"] = "object"
        tagged["data"] = [
            _encode(v, budget, depth + 1) for v in np.ndarray.tolist(base.reshape(-1))
        ]
    return {"$array": tagged}


def _encode_numpy_scalar(value: np.generic) -> Any:
    dtype = np.generic.__getattribute__(value, "dtype")
    if dtype.kind not in _NUMERIC_KINDS:
        return {"$unreadable": _type_name(value), "reason": t("a NumPy {dtype} value", dtype=dtype)}
    item = np.generic.item(value)
    if dtype.kind == "c":
        item = [item.real, item.imag]
    return {"$scalar": [dtype.str, item]}


def _encode_other(value: object, budget: _Budget, depth: int) -> Any:
    """Objects of other types: numbers by their value, iterables by their items, else a repr.

    These are the calls that run the value's own code (``int()``, ``tolist()``, ``iter()``,
    ``repr()``); the process running them is stopped if they never return.
    """
    if isinstance(value, numbers.Integral):
        return _encode_int(int(value))
    if isinstance(value, numbers.Rational):
        return {
            "$fraction": [_encode_int(int(value.numerator)), _encode_int(int(value.denominator))]
        }
    if isinstance(value, numbers.Real):
        return float(value)
    text = _short_repr(value)
    listed = getattr(value, "tolist", None)
    if callable(listed) and not isinstance(value, type):
        return {
            "$object": _type_name(value),
            "repr": text,
            "tolist": _encode(listed(), budget, depth + 1),
        }
    if hasattr(value, "__next__") or isinstance(value, range) or _is_collection(value):
        return _encode_iterable(value, text, budget, depth)
    return {"$object": _type_name(value), "repr": text}


def _is_collection(value: object) -> bool:
    return hasattr(value, "__iter__") and not callable(value) and not isinstance(value, type)


def _encode_iterable(value: Any, text: str, budget: _Budget, depth: int) -> Any:
    items: list[Any] = []
    for item in value:
        if budget.left <= 0 or len(items) >= MAX_ITERATED:
            return {
                "$unreadable": _type_name(value),
                "reason": t("an endless or very long {type} object", type=type(value).__name__),
            }
        items.append(_encode(item, budget, depth + 1))
    return {"$iterable": _type_name(value), "repr": text, "items": items}


def _short_repr(value: object) -> str:
    try:
        text = builtins.repr(value)
    except Exception as error:  # the value's own repr failed: describe it without it
        return t(
            "<{type} object (its repr raised {kind})>",
            type=_type_name(value),
            kind=type(error).__name__,
        )
    if type(text) is not str:
        return f"<{_type_name(value)} object>"
    return text if len(text) <= REPR_CHARS else text[: REPR_CHARS - 3] + "..."


# ---------------------------------------------------------------------------------------------
# inert: values the checker may encode itself, because no student code can run on them
# ---------------------------------------------------------------------------------------------


def inert(value: Any, depth: int = 0) -> bool:
    """Whether ``value`` holds only built-in scalars, lists, tuples, dicts and numeric arrays.

    Encoding such a value runs no code the student wrote, so it needs no separate process.
    """
    kind = type(value)
    if kind in _SCALARS or kind is Fraction:
        return True
    if depth > MAX_DEPTH:
        return False
    if kind in (list, tuple):
        return len(value) <= 10_000 and all(inert(v, depth + 1) for v in value)
    if kind is dict:
        return len(value) <= 10_000 and all(
            inert(k, depth + 1) and inert(v, depth + 1) for k, v in value.items()
        )
    if kind is np.ndarray:
        return value.dtype.kind in _NUMERIC_KINDS and value.size <= MAX_ITEMS
    return isinstance(value, np.generic) and type(value).__module__ == "numpy"


# ---------------------------------------------------------------------------------------------
# decode: runs in the checker, builds only ordinary values, trusts nothing
# ---------------------------------------------------------------------------------------------


class _Malformed(ValueError):
    """The plain data is not what :func:`encode` writes."""


def decode(data: Any) -> Any:
    """The value that :func:`encode` described, as ordinary Python and NumPy values.

    Raises ValueError if ``data`` is not what :func:`encode` writes.
    """
    return _decode(data, 0)


def _decode(data: Any, depth: int) -> Any:
    if depth > MAX_DEPTH + 2:
        raise _Malformed("too deep")
    kind = type(data)
    if kind in (type(None), bool, int, float, str):
        return data
    if kind is list:
        return [_decode(v, depth + 1) for v in data]
    if kind is not dict or len(data) < 1:
        raise _Malformed(f"unexpected {kind.__name__}")
    tag = next(iter(data))
    reader = _READERS.get(tag)
    if reader is None:
        raise _Malformed(f"unknown tag {tag!r}")
    return reader(data, depth)


def _items(data: Any, depth: int) -> list[Any]:
    if type(data) is not list:
        raise _Malformed("items must be a list")
    return [_decode(v, depth + 1) for v in data]


def _whole(data: Any) -> int:
    if type(data) is not int:
        raise _Malformed("a whole number was expected")
    return data


def _text(data: Any) -> str:
    if type(data) is not str:
        raise _Malformed("a text was expected")
    return data


def _read_array(data: dict[str, Any], depth: int) -> Any:
    spec = data["$array"]
    shape = tuple(_whole(n) for n in spec["shape"])
    dtype_text = _text(spec["dtype"])
    values = spec["data"]
    if type(values) is not list or any(n < 0 for n in shape) or int(np.prod(shape)) != len(values):
        raise _Malformed("array data does not fit its shape")
    if dtype_text == "object":
        array = np.empty(len(values), dtype=object)
        array[:] = [_decode(v, depth + 1) for v in values] if values else []
    else:
        dtype = np.dtype(dtype_text)
        if dtype.kind not in _NUMERIC_KINDS:
            raise _Malformed(f"unexpected dtype {dtype_text}")
        if dtype.kind == "c":
            values = [complex(*pair) for pair in values]
        array = np.array(values, dtype=dtype)
    array = array.reshape(shape)
    if "mask" in spec:
        return np.ma.MaskedArray(array, mask=np.array(spec["mask"], dtype=bool).reshape(shape))
    return array


def _read_scalar(data: dict[str, Any], depth: int) -> Any:
    dtype_text, value = data["$scalar"]
    dtype = np.dtype(_text(dtype_text))
    if dtype.kind not in _NUMERIC_KINDS:
        raise _Malformed(f"unexpected dtype {dtype_text}")
    if dtype.kind == "c":
        value = complex(*value)
    return dtype.type(value)


def _read_dict(data: dict[str, Any], depth: int) -> dict[Any, Any]:
    result = {}
    for pair in data["$dict"]:
        key, value = _items(pair, depth)
        try:
            result[key] = value
        except TypeError:  # an unhashable key (a list): keep the dict readable
            result[repr(key)] = value
    return result


def _read_set(data: dict[str, Any], depth: int) -> Any:
    tag = next(iter(data))
    items = _items(data[tag], depth)
    try:
        return frozenset(items) if tag == "$frozenset" else set(items)
    except TypeError:
        return Unreadable(tag[1:], t("a {type} of unhashable items", type=tag[1:]))


def _read_iterable(data: dict[str, Any], depth: int) -> Any:
    items = _items(data["items"], depth)
    return _FromIterable(_text(data["$iterable"]), _text(data["repr"]), items)


class _FromIterable(list[Any]):
    """The items of an iterable the student gave (a generator, a range, their own class)."""

    def __init__(self, type_name: str, text: str, items: list[Any]) -> None:
        super().__init__(items)
        self.type_name, self.text = type_name, text

    def __repr__(self) -> str:
        return self.text


_READERS: dict[str, Callable[[Any, int], Any]] = {
    "$array": _read_array,
    "$scalar": _read_scalar,
    "$tuple": lambda d, depth: tuple(_items(d["$tuple"], depth)),
    "$set": _read_set,
    "$frozenset": _read_set,
    "$dict": _read_dict,
    "$complex": lambda d, depth: complex(*(float(v) for v in d["$complex"])),
    "$fraction": lambda d, depth: (
        Fraction(_whole(d["$fraction"][0]), _whole(d["$fraction"][1]))
        if d["$fraction"][1]
        else Unreadable("Fraction", t("a fraction with denominator 0"))
    ),
    "$decimal": lambda d, depth: decimal.Decimal(_text(d["$decimal"])),
    "$iterable": _read_iterable,
    "$object": lambda d, depth: Opaque(
        _text(d["$object"]),
        _text(d["repr"]),
        _decode(d["tolist"], depth + 1) if "tolist" in d else None,
    ),
    "$unreadable": lambda d, depth: Unreadable(_text(d["$unreadable"]), _text(d["reason"])),
}
