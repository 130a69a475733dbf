"""LaTeX for slides and handouts: row operations and the matrices they produce.

The same recorded steps that drive the widgets are turned into LaTeX here, never parsed back
from text.  Rows are numbered from 1 for people (``R_1`` is row index 0).  The strings have no
surrounding ``$``: put them inside ``\\[ ... \\]`` or show them with
``IPython.display.Math``.  An augmented matrix ``[A | b]`` is written as a bracketed
``array`` with a bar before the last column; a plain matrix as a ``bmatrix``.
"""

from __future__ import annotations

import numbers

import numpy as np
from numpy.typing import ArrayLike

from ._i18n import t
from ._validation import as_matrix
from .elimination import Elimination
from .steps import AddRow, Scale, Step, Swap

__all__ = ["elimination_to_latex", "matrix_to_latex", "step_to_latex"]


def _row(i: int) -> str:
    return f"R_{{{i + 1}}}"


def step_to_latex(step: Step) -> str:
    """Return one recorded row operation as LaTeX.

    Parameters
    ----------
    step : Swap, AddRow or Scale
        A step of ``Elimination.steps`` (0-based row indices).

    Returns
    -------
    str
        For example ``R_{3} \\leftarrow R_{3} + R_{1}``; a factor other than 1 is written in
        front of the source row, ``R_{2} \\leftarrow 2 R_{2}`` for a scaling and
        ``R_{1} \\leftrightarrow R_{2}`` for a swap.

    Examples
    --------
    >>> from lightsout_edu.steps import AddRow, Swap
    >>> step_to_latex(AddRow(src=0, dst=2, pivot_col=0))
    'R_{3} \\\\leftarrow R_{3} + R_{1}'
    >>> step_to_latex(Swap(0, 1, pivot_col=0))
    'R_{1} \\\\leftrightarrow R_{2}'
    """
    if isinstance(step, Swap):
        return f"{_row(step.i)} \\leftrightarrow {_row(step.j)}"
    if isinstance(step, AddRow):
        factor = "" if step.factor == 1 else f"{step.factor} "
        return f"{_row(step.dst)} \\leftarrow {_row(step.dst)} + {factor}{_row(step.src)}"
    if isinstance(step, Scale):
        return f"{_row(step.row)} \\leftarrow {step.factor} {_row(step.row)}"
    raise TypeError(
        t(
            "step must be a Swap, AddRow or Scale from an elimination, not {kind}",
            kind=type(step).__name__,
        )
    )


def matrix_to_latex(M: ArrayLike, *, augmented: bool = False) -> str:
    """Return a matrix as LaTeX, with a bar before the last column if ``augmented``.

    Parameters
    ----------
    M : array_like
        A 2-D array of whole numbers >= 0 (entries mod p are written as they are).
    augmented : bool, default False
        Draw ``[A | b]``: a bracketed ``array`` with a vertical bar before the last column.

    Examples
    --------
    >>> print(matrix_to_latex([[1, 0], [1, 1]]))
    \\begin{bmatrix}
    1 & 0 \\\\
    1 & 1
    \\end{bmatrix}
    >>> print(matrix_to_latex([[1, 1, 0], [0, 1, 1]], augmented=True))
    \\left[\\begin{array}{cc|c}
    1 & 1 & 0 \\\\
    0 & 1 & 1
    \\end{array}\\right]
    """
    arr = as_matrix(M, "M", modulus=np.iinfo(np.int64).max)
    body = " \\\\\n".join(" & ".join(str(int(v)) for v in row) for row in arr)
    if not augmented:
        return f"\\begin{{bmatrix}}\n{body}\n\\end{{bmatrix}}"
    if arr.shape[1] < 2:
        raise ValueError(
            t(
                "an augmented matrix [A | b] needs at least 2 columns, not {cols}",
                cols=arr.shape[1],
            )
        )
    cols = "c" * (arr.shape[1] - 1) + "|c"
    return f"\\left[\\begin{{array}}{{{cols}}}\n{body}\n\\end{{array}}\\right]"


def _check_step_index(elimination: Elimination, k: object) -> int:
    n = len(elimination.steps)
    if isinstance(k, bool) or not isinstance(k, numbers.Integral):
        raise TypeError(t("k must be a step number (a whole number), not {k}", k=repr(k)))
    if not 0 <= int(k) < n:
        if n == 0:
            raise ValueError(
                t(
                    "k={k} is out of range: this elimination has no steps (the matrix was "
                    "already reduced)",
                    k=k,
                )
            )
        raise ValueError(
            t("k={k} is out of range: steps are numbered 0 to {last}", k=k, last=n - 1)
        )
    return int(k)


def elimination_to_latex(elimination: Elimination, k: int | None = None) -> str:
    """Return an elimination, or one step of it, as LaTeX.

    Parameters
    ----------
    elimination : Elimination
        A recorded elimination from ``eliminate``.
    k : int, optional
        A step number (0-based, as in ``elimination.steps[k]``).  Then the result is that row
        operation over an arrow, followed by the matrix it produces (``state(k + 1)``).
        When omitted, the whole elimination: the start matrix, then one line per step, in an
        ``aligned`` block.

    Returns
    -------
    str
        LaTeX without surrounding ``$``.

    Examples
    --------
    >>> import lightsout_edu as lo
    >>> e = lo.eliminate([[1, 1], [1, 0]], [1, 1])
    >>> print(elimination_to_latex(e, 0))
    \\xrightarrow{R_{2} \\leftarrow R_{2} + R_{1}}
    \\left[\\begin{array}{cc|c}
    1 & 1 & 1 \\\\
    0 & 1 & 0
    \\end{array}\\right]
    """
    if not isinstance(elimination, Elimination):
        raise TypeError(
            t(
                "elimination_to_latex needs a recorded elimination from "
                "lightsout_edu.eliminate(A, b), not {kind}",
                kind=type(elimination).__name__,
            )
        )
    if k is not None:
        k = _check_step_index(elimination, k)
        op = step_to_latex(elimination.steps[k])
        matrix = matrix_to_latex(elimination.state(k + 1), augmented=elimination.augmented)
        return f"\\xrightarrow{{{op}}}\n{matrix}"
    current = np.array(elimination.matrix, copy=True)
    lines = ["& " + matrix_to_latex(current, augmented=elimination.augmented)]
    for step in elimination.steps:
        step.apply(current, elimination.modulus)  # replay once: O(steps), not O(steps^2)
        matrix = matrix_to_latex(current, augmented=elimination.augmented)
        lines.append(f"\\xrightarrow{{{step_to_latex(step)}}} \\; & {matrix}")
    return "\\begin{aligned}\n" + " \\\\\n".join(lines) + "\n\\end{aligned}"
