"""The nullity of huge boards from polynomials over GF(2), without any matrix.

Light chasing reduces an ``m x n`` board to the chase matrix ``M = p_m(T)``, where ``T`` is the
row operator (``T = P + I`` for "plus", ``P`` the adjacency matrix of a path of ``n`` cells)
and the polynomials ``p_0 = 1, p_1 = x, p_{k+1} = x p_k + p_{k-1}`` over GF(2) are the
characteristic polynomials of those paths.  ``P`` is cyclic (its minimal polynomial is its
characteristic polynomial ``p_n``), and for such a matrix ``dim ker f(P) = deg gcd(f, p_n)``.
Hence (Sutner 1989; Hunziker, Machiavelo and Park 2004, OEIS A159257)

.. math::  \\dim\\ker A_{m \\times n} = \\deg \\gcd\\big(p_m(x + 1),\\ p_n(x)\\big)

for the classic rule, and ``deg gcd(p_m(x), p_n(x))`` for "neighbors".  A polynomial is a
Python integer here (bit ``i`` = the coefficient of ``x^i``), so adding is XOR and the
whole computation is a few thousand big-integer operations, even for ``n = 100 000``.
"""

from __future__ import annotations

from ._grid import Rule, rule_stencil
from ._i18n import t
from ._validation import check_size

__all__ = ["degree", "gf2_gcd", "grid_nullity", "path_polynomial"]

#: The largest side grid_nullity accepts (a few seconds of big-integer arithmetic).
MAX_SIDE = 200_000


def degree(p: int) -> int:
    """The degree of a polynomial over GF(2) (bit i = coefficient of x^i); -1 for 0.

    Examples
    --------
    >>> degree(0b1011)  # x^3 + x + 1
    3
    """
    return p.bit_length() - 1


def gf2_gcd(a: int, b: int) -> int:
    """The greatest common divisor of two polynomials over GF(2) (Euclid's algorithm).

    Examples
    --------
    >>> bin(gf2_gcd(0b110, 0b101))  # x(x + 1) and x^2 + 1 = (x + 1)^2 share x + 1
    '0b11'
    """
    while b:
        db = b.bit_length()
        while a.bit_length() >= db:  # a mod b, one leading term at a time
            a ^= b << (a.bit_length() - db)
        a, b = b, a
    return a


def path_polynomial(n: int, shift: int = 0) -> int:
    """``p_n(x + shift)``: the characteristic polynomial of the path of ``n`` cells over GF(2).

    ``p_0 = 1``, ``p_1 = x``, ``p_{k+1} = x p_k + p_{k-1}``; with ``shift = 1`` the same
    recurrence with ``x + 1`` in place of ``x`` (so nothing is ever substituted).

    Examples
    --------
    >>> [bin(path_polynomial(k)) for k in range(4)]
    ['0b1', '0b10', '0b101', '0b1000']
    >>> bin(path_polynomial(2, shift=1))  # (x + 1)^2 + 1 = x^2
    '0b100'
    """
    previous, current = 0, 1
    for _ in range(n):
        step = (current << 1) ^ (current if shift else 0)
        previous, current = current, step ^ previous
    return current


def grid_nullity(rows: int, cols: int | None = None, *, rule: Rule = "plus") -> int:
    """The nullity of the toggle matrix of a ``rows x cols`` board, by the polynomial method.

    Parameters
    ----------
    rows, cols : int
        Board size (``cols`` defaults to ``rows``), up to 200 000 each.
    rule : "plus", "neighbors" or a chaseable 3x3 stencil
        A rule light chasing handles: presses reach only the cells directly above and below
        in the next rows (see :func:`lightsout_edu.chase.chase_applies`).

    Returns
    -------
    int
        ``dim ker A``: every solvable board has ``2^nullity`` solutions.

    Examples
    --------
    >>> [grid_nullity(n) for n in range(1, 12)]
    [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6]
    >>> grid_nullity(5, 4), grid_nullity(3, rule="neighbors")
    (0, 3)
    """
    rows = check_size(rows, "rows")
    cols = rows if cols is None else check_size(cols, "cols")
    for side, name in ((rows, "rows"), (cols, "cols")):
        if side > MAX_SIDE:
            raise ValueError(
                t(
                    "{name}={side} is more than the {limit} grid_nullity handles",
                    name=name,
                    side=side,
                    limit=MAX_SIDE,
                )
            )
    stencil = rule_stencil(rule)
    vertical = stencil[0].tolist() == [0, 1, 0] and stencil[2].tolist() == [0, 1, 0]
    if not vertical or stencil[1, 0] != stencil[1, 2]:
        raise ValueError(
            t(
                "grid_nullity needs a rule light chasing handles (like 'plus' or 'neighbors'); "
                "rule {rule} is not one: use solve_board(...).nullity instead",
                rule=repr(rule),
            )
        )
    own, side = int(stencil[1, 1]), int(stencil[1, 0])
    if not side:  # T = own * I: the chase matrix is p_rows(own) times the identity
        p = path_polynomial(rows)
        value = p.bit_count() & 1 if own else p & 1  # p(1) = number of terms, p(0) = constant
        return 0 if value else cols
    return degree(gf2_gcd(path_polynomial(rows, shift=own), path_polynomial(cols)))
