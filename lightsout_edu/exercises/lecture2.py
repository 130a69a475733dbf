"""Exercises of lecture 2: arithmetic in GF(2)."""

from __future__ import annotations

import numpy as np

from lightsout_edu._i18n import t
from lightsout_edu.rules import toggle_matrix

from ._student_code import as_function, describe, run
from .feedback import (
    Feedback,
    WrongForm,
    as_cells,
    as_whole_number,
    checker,
    fresh_rng,
    hint,
    ok,
)

__all__ = [
    "SYSTEM_MOD2",
    "check_determinant_3x4",
    "check_gf2_tables",
    "check_self_orthogonal_count",
    "check_system_mod2",
]

#: A system A x = b over GF(2) to solve by hand: (A, b).
SYSTEM_MOD2: tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] = (
    ((1, 1, 0), (0, 1, 1), (1, 1, 1)),
    (1, 0, 1),
)


@checker(lambda: t("two functions add(a, b) and mul(a, b) of two elements 0/1 of GF(2)"))
def check_gf2_tables(add: object, mul: object) -> Feedback:
    """The student's addition and multiplication of GF(2), for every pair."""
    functions = {"add": as_function(add, "add"), "mul": as_function(mul, "mul")}
    truth = {"add": lambda a, b: (a + b) % 2, "mul": lambda a, b: a * b}
    for name, function in functions.items():
        for a in (0, 1):
            for b in (0, 1):
                value = run(function, a, b, case=f"{name}({a}, {b})")
                if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
                    return hint(
                        t(
                            "{call} returned {returned}; an element of GF(2) is the number 0 or 1.",
                            call=f"{name}({a}, {b})",
                            returned=describe(value),
                        )
                    )
                if int(value) != truth[name](a, b):
                    adding = name == "add"
                    return hint(
                        t(
                            "{call} should be {right}, not {value} (1 + 1 = 0: two toggles cancel)."
                            if adding
                            else "{call} should be {right}, not {value} (only 1 * 1 = 1).",
                            call=f"{name}({a}, {b})",
                            right=truth[name](a, b),
                            value=value,
                        )
                    )
    return ok(t("addition is XOR, multiplication is AND: the two tables of GF(2)."))


@checker(lambda: t("the solution x as a list of three 0/1 entries, e.g. [1, 0, 1]"))
def check_system_mod2(answer: object) -> Feedback:
    """The solution of SYSTEM_MOD2, found by hand."""
    A, b = (np.array(m, dtype=np.int64) for m in SYSTEM_MOD2)
    x = as_cells(answer, t("solution")).ravel()
    if x.size != 3:
        raise WrongForm(
            t(
                "the system has three unknowns, so x has three entries, not {size}.",
                size=x.size,
            )
        )
    left = (A @ x) % 2
    wrong = [i + 1 for i in range(3) if left[i] != b[i]]
    if wrong and not ((A.T @ x) % 2 != b).any():
        return hint(
            t(
                "this x solves the transposed system A^T x = b: equation {number} is row "
                "{number} of A, not its column {number}.",
                number=wrong[0],
            )
        )
    if wrong:
        return hint(
            t(
                "equation {number} does not hold: its left side is {left}, its right side "
                "{right}. Add equations to eliminate: over GF(2), x + x = 0.",
                number=wrong[0],
                left=left[wrong[0] - 1],
                right=b[wrong[0] - 1],
            )
        )
    return ok(t("every equation holds; adding equations 1 and 3 gives x_3 = 0 at once."))


@checker(
    lambda: t(
        "a function count(N) returning how many vectors of GF(2)^N are orthogonal to themselves"
    )
)
def check_self_orthogonal_count(answer: object) -> Feedback:
    """A formula for the number of x in GF(2)^N with x . x = 0."""
    function = as_function(answer, "count")
    hidden = [int(n) for n in fresh_rng().integers(6, 200, size=3)]  # new at every check
    for n in [1, 2, 3, 4, 5, 10, 25, *hidden]:
        value = run(function, n, case=f"N = {n}")
        if isinstance(value, (float, np.floating)):
            return hint(
                t(
                    "for N = {n} your function returned {returned}, a float: return a whole "
                    "number (an int). In Python / always gives a float, // an int.",
                    n=n,
                    returned=describe(value),
                )
            )
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            return hint(
                t(
                    "for N = {n} your function returned {returned}, not a number.",
                    n=n,
                    returned=describe(value),
                )
            )
        if _wrapped_round(int(value), 2 ** (n - 1)):
            return hint(
                t(
                    "for N = {n} your function returned {value}: the count does not fit in "
                    "NumPy's 64-bit integers, which wrap round past 2^63 without a warning. "
                    "Compute with Python's int, which has no limit (** rather than np.power "
                    "or np.prod).",
                    n=n,
                    value=int(value),
                )
            )
        if int(value) != 2 ** (n - 1) and n > 3:  # no answer for a hidden case, only a hint
            return hint(
                t(
                    "for N = {n} your function returned {value}, which is not the number of "
                    "such vectors. x . x is the parity of the number of 1s in x: count the "
                    "vectors with an even number of 1s.",
                    n=n,
                    value=int(value),
                )
            )
        if int(value) != 2 ** (n - 1):  # N <= 3: few enough vectors to list by hand
            return hint(
                t(
                    "for N = {n} there are {right} such vectors, not {value}. x . x is the "
                    "parity of the number of 1s in x: count the vectors with an even number "
                    "of 1s.",
                    n=n,
                    right=2 ** (n - 1),
                    value=int(value),
                )
            )
    return ok(t("x . x = 0 exactly when x has an even number of 1s: half of the 2^N vectors."))


def _wrapped_round(value: int, truth: int) -> bool:
    """Whether ``value`` is ``truth`` computed in NumPy's int64, which wraps round mod 2^64.

    >>> _wrapped_round(0, 2**70), _wrapped_round(-(2**63), 2**63), _wrapped_round(5, 5)
    (True, True, False)
    """
    return value != truth and (value - truth) % 2**64 == 0


@checker(lambda: t("the determinant of the 3x4 board's 12x12 toggle matrix over the integers"))
def check_determinant_3x4(answer: object) -> Feedback:
    """Det A over the integers for the 3x4 board, and what its parity says about GF(2)."""
    value = as_whole_number(answer)
    truth = int(round(np.linalg.det(toggle_matrix(3, 4).astype(float))))
    if value == truth:
        return ok(
            t(
                "det A = {det}: odd, so det A = 1 in GF(2) and A is invertible over GF(2) too. "
                "Every 3x4 board has exactly one solution, and by Cramer's rule it is "
                "adj(A) b mod 2.",
                det=truth,
            )
        )
    if value == -truth:
        return hint(t("the size is right but the sign is not: compute it exactly."))
    if value % 2 == truth % 2:
        return hint(
            t("{value} has the right parity but is not det A; compute it exactly.", value=value)
        )
    return hint(
        t(
            "build A with lo.toggle_matrix(3, 4) and use np.linalg.det (round the float), or "
            "sympy.Matrix(A).det() for an exact integer."
        )
    )
