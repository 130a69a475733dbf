"""Lines of 8 words (512 bits) XORed as one vector each: numba intrinsics for the dense kernel.

numba compiles a loop over 8 words to 8 scalar XORs: its loop vectoriser only handles long
loops and its SLP vectoriser is off (numba switched it off after miscompilations).  These
intrinsics write the LLVM vector operations themselves (``<8 x i64>``: one AVX-512 register,
two AVX2 or four SSE2 registers, whichever the CPU has), for the arrays of lines that
:mod:`lightsout_edu._gf2_dense` makes: C-contiguous ``uint64`` arrays with rows of exactly
:data:`LINE_WORDS` words, each row one line.

- ``_set_xor(dst, i, a, j, b, k)``: ``dst[i] = a[j] ^ b[k]``;
- ``_xor_bytes(dst, i, tables, base, masks)``: ``dst[i] ^=`` one line of each of the tables of
  256 lines that start at line ``base``: byte ``s`` of ``masks[q]`` picks the line of table
  ``8q + s`` (one mask picks 8 lines, a sum of up to 64 rows).  ``masks`` is a tuple of
  ``uint64``;
- ``_xor_nibbles``: the same with tables of 16 lines picked by the 4-bit fields of the masks
  (16 tables a mask).
"""

from __future__ import annotations

from typing import Any

from ._numba_cache import configure

numba, CACHE = configure()

from llvmlite import ir  # noqa: E402 (numba, and so llvmlite, is configured first)
from numba.core import types  # noqa: E402
from numba.extending import intrinsic  # noqa: E402

__all__ = ["LINE_WORDS"]

#: Words in a line: 8 x 64 bits, one 512-bit vector.
LINE_WORDS = 8

_WORD = ir.IntType(64)
_LINE = ir.VectorType(_WORD, LINE_WORDS)


def _is_line_array(value: Any) -> bool:
    return (
        isinstance(value, types.Array)
        and value.ndim == 2
        and value.layout == "C"
        and value.dtype == types.uint64
    )


def _line(context: Any, builder: Any, array_type: Any, array: Any, index: Any) -> Any:
    """Pointer to line ``index`` (row ``index``) of an array of lines, as a vector pointer."""
    data = context.make_array(array_type)(context, builder, array).data
    first_word = builder.mul(index, ir.Constant(_WORD, LINE_WORDS))
    return builder.bitcast(builder.gep(data, [first_word]), _LINE.as_pointer())


def _load(builder: Any, pointer: Any) -> Any:
    return builder.load(pointer, align=8)


def _typing_set_xor(typingctx: Any, dst: Any, i: Any, a: Any, j: Any, b: Any, k: Any) -> Any:
    """``dst[i] = a[j] ^ b[k]`` on lines."""
    if not all(_is_line_array(array) for array in (dst, a, b)):
        return None
    signature = types.void(dst, i, a, j, b, k)

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        left = _load(builder, _line(context, builder, sig.args[2], args[2], args[3]))
        right = _load(builder, _line(context, builder, sig.args[4], args[4], args[5]))
        target = _line(context, builder, sig.args[0], args[0], args[1])
        builder.store(builder.xor(left, right), target, align=8)
        return context.get_dummy_value()

    return signature, codegen


def _picking(dst: Any, i: Any, tables: Any, base: Any, masks: Any, bits: int) -> Any:
    """Signature and code of ``dst[i] ^=`` the lines that the ``bits``-bit fields pick.

    Field ``s`` of ``masks[q]`` picks a line of table ``(64 // bits) q + s`` of ``2^bits``
    lines, the tables starting at line ``base``.
    """
    if not (
        _is_line_array(dst)
        and _is_line_array(tables)
        and isinstance(masks, types.UniTuple)
        and masks.dtype == types.uint64
    ):
        return None
    fields, lines = 64 // bits, 1 << bits

    def codegen(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        target = _line(context, builder, sig.args[0], args[0], args[1])
        total = _load(builder, target)
        field = ir.Constant(_WORD, lines - 1)
        for q in range(sig.args[4].count):
            mask = builder.extract_value(args[4], q)
            for s in range(fields):
                picked = builder.and_(builder.lshr(mask, ir.Constant(_WORD, bits * s)), field)
                first = ir.Constant(_WORD, lines * (fields * q + s))
                entry = builder.add(args[3], builder.add(first, picked))
                line = _line(context, builder, sig.args[2], args[2], entry)
                total = builder.xor(total, _load(builder, line))
        builder.store(total, target, align=8)
        return context.get_dummy_value()

    return types.void(dst, i, tables, base, masks), codegen


def _typing_xor_bytes(typingctx: Any, dst: Any, i: Any, tables: Any, base: Any, masks: Any) -> Any:
    """``dst[i] ^=`` the lines that the bytes of ``masks`` pick in tables of 256 lines."""
    return _picking(dst, i, tables, base, masks, 8)


def _typing_xor_nibbles(
    typingctx: Any, dst: Any, i: Any, tables: Any, base: Any, masks: Any
) -> Any:
    """``dst[i] ^=`` the lines that the 4-bit fields of ``masks`` pick in tables of 16 lines."""
    return _picking(dst, i, tables, base, masks, 4)


# Called from compiled code as ``_set_xor(dst, i, a, j, b, k)`` and so on (numba passes the
# typing context itself).
_set_xor: Any = intrinsic(_typing_set_xor)
_xor_bytes: Any = intrinsic(_typing_xor_bytes)
_xor_nibbles: Any = intrinsic(_typing_xor_nibbles)
