"""Exercises of lecture 3: Gauss-Jordan elimination, step by step."""

from __future__ import annotations

import secrets

import numpy as np

from lightsout_edu._i18n import t
from lightsout_edu.elimination import eliminate
from lightsout_edu.linalg import rank, rref
from lightsout_edu.rules import toggle_matrix
from lightsout_edu.steps import AddRow, Scale, Swap, step_from_list

from ._plain import WidgetState
from ._student_code import as_function, describe, run
from .feedback import (
    Feedback,
    WrongForm,
    as_cells,
    as_int_list,
    as_int_set,
    checker,
    hint,
    ok,
)

__all__ = [
    "HAND_MATRIX",
    "check_free_columns_4x4",
    "check_gauss_jordan",
    "check_pivots_by_hand",
    "check_rref_by_hand",
]

#: A 4x5 matrix over GF(2) to reduce on paper: its pivot columns are asked for.
HAND_MATRIX: tuple[tuple[int, ...], ...] = (
    (0, 1, 1, 0, 1),
    (0, 1, 1, 1, 0),
    (1, 0, 1, 1, 1),
    (1, 1, 0, 0, 1),
)


def _cases() -> list[tuple[str, np.ndarray]]:
    """Hidden matrices: edge cases first, then random ones of every shape."""
    rng = np.random.default_rng(33)
    cases = [
        (t("the zero matrix 3x4"), np.zeros((3, 4), dtype=np.uint8)),
        (t("the all-ones matrix 4x4"), np.ones((4, 4), dtype=np.uint8)),
        (t("the 1x1 matrix [[1]]"), np.ones((1, 1), dtype=np.uint8)),
        (t("a matrix that needs a swap"), np.array([[0, 1, 1], [1, 1, 0]], dtype=np.uint8)),
        (t("the 3x3 toggle matrix"), toggle_matrix(3, 3)),
        (
            t("[A | b] of an unsolvable 4x4 board (b is column 17)"),
            np.column_stack([toggle_matrix(4, 4), np.eye(16, dtype=np.uint8)[0]]),
        ),
        (t("a tall 6x3 matrix"), rng.integers(0, 2, (6, 3)).astype(np.uint8)),
        (t("a wide 3x7 matrix"), rng.integers(0, 2, (3, 7)).astype(np.uint8)),
    ]
    for size in range(12):
        rows, cols = (int(v) for v in rng.integers(1, 9, size=2))
        density = (0.2, 0.5, 0.8)[size % 3]
        cases.append(
            (
                t("a random {rows}x{cols} matrix", rows=rows, cols=cols),
                (rng.random((rows, cols)) < density).astype(np.uint8),
            )
        )
    return cases


def _fresh_cases(count: int = 3) -> list[tuple[str, np.ndarray]]:
    """Random matrices drawn anew at every check.

    A table of answers prepared beforehand (from the fixed cases above, say) fails them.
    """
    rng = np.random.default_rng(secrets.randbits(64))
    cases = []
    for _ in range(count):
        rows, cols = (int(v) for v in rng.integers(2, 9, size=2))
        cases.append(
            (
                t("a random {rows}x{cols} matrix", rows=rows, cols=cols),
                rng.integers(0, 2, (rows, cols), dtype=np.uint8),
            )
        )
    return cases


@checker(
    lambda: t(
        "a function gauss_jordan(M) returning (R, pivots): the RREF over GF(2) and pivot columns"
    ),
    forbid="elimination",
)
def check_gauss_jordan(answer: object) -> Feedback:
    """The student's Gauss-Jordan elimination over GF(2), on hidden cases."""
    function = as_function(answer, "gauss_jordan")
    cases = _cases() + _fresh_cases()
    for name, M in cases:
        case = f"{name}, M = {M.tolist()}"
        returned = run(function, M.copy(), case=case)
        if not (isinstance(returned, tuple) and len(returned) == 2):
            return hint(
                t(
                    "for {case} your function returned {returned}; return the pair (R, pivots).",
                    case=case,
                    returned=describe(returned),
                )
            )
        R_truth, pivots_truth = rref(M)
        try:
            R = as_cells(returned[0], t("R"))
        except WrongForm as err:
            return hint(t("for {case}: {error}", case=case, error=err))
        if R.shape != M.shape:
            return hint(
                t(
                    "for {case} R has shape {shape}; it must keep the shape {right}.",
                    case=case,
                    shape=R.shape,
                    right=M.shape,
                )
            )
        if not np.array_equal(R, R_truth):
            return hint(_what_is_wrong(R, R_truth, name), R)
        try:
            given = as_int_list(returned[1])
        except WrongForm as err:
            return hint(t("for {case} the pivots: {error}", case=case, error=err))
        twice = sorted({c for c in given if given.count(c) > 1})
        if twice:
            return hint(
                t(
                    "for {name} your pivot list names column {column} more than once: each "
                    "column holds at most one pivot.",
                    name=name,
                    column=twice[0],
                )
            )
        pivots = sorted(given)
        if pivots and pivots == [c + 1 for c in pivots_truth]:
            return hint(
                t(
                    "for {name} R is right, and each of your pivot columns is one more than "
                    "the right one: in Python columns are counted from 0 (column 0 is the "
                    "first), as R[:, c] counts them.",
                    name=name,
                )
            )
        if pivots != list(pivots_truth):
            return hint(
                t(
                    "for {name} R is right, but the pivot columns (0-based) are {right}, not "
                    "{pivots}.",
                    name=name,
                    right=list(pivots_truth),
                    pivots=pivots,
                )
                + _why_pivots_missing(M, pivots)
            )
    return ok(
        t(
            "your elimination is right on all {count} hidden cases, the zero matrix, a swap "
            "and a b column included.",
            count=len(cases),
        )
    )


def _why_pivots_missing(M: np.ndarray, given: list[int]) -> str:
    """A hint for the first pivot column the student missed: in place, or the b column."""
    R, pivots = rref(M)
    missing = [c for c in pivots if c not in given]
    if not missing:
        return ""
    hints = []
    if _pivot_in_place(M, missing[0]):
        hints.append(
            t(
                " The pivot of column {column} is already in the current row: search "
                "R[r:, c], from the current row down, the current row included.",
                column=missing[0],
            )
        )
    if missing[0] == M.shape[1] - 1:
        hints.append(t(" The last column (the b column of [A | b]) can hold a pivot too."))
    return "".join(hints)


def _pivot_in_place(M: np.ndarray, column: int) -> bool:
    """Whether the recorded elimination finds the pivot of ``column`` without a swap."""
    steps = eliminate(M).steps
    return not any(isinstance(step, Swap) and step.pivot_col == column for step in steps)


def _what_is_wrong(R: np.ndarray, truth: np.ndarray, name: str) -> str:
    """Name the first way R is not the RREF: a lost row, a pivot not cleared above, ..."""
    got, right = rank(R.astype(np.uint8)), int(truth.any(axis=1).sum())
    if got < right:
        return t(
            "for {name} your R has rank {got}, but M has rank {rank}: a row was lost on the "
            "way. With NumPy, R[r], R[p] = R[p], R[r] copies one row over the other (R[r] is "
            "a view of R); swap rows with R[[r, p]] = R[[p, r]].",
            name=name,
            got=got,
            rank=right,
        )
    for i, row in enumerate(R):
        ones = np.flatnonzero(row)
        if ones.size == 0:
            if R[i + 1 :].any():
                return (
                    t(
                        "for {name} row {row} of your R is zero but a non-zero row is still below "
                        "it: zero rows go last (swap), and every pivot must be found.",
                        name=name,
                        row=i + 1,
                    )
                    + _counted_from_1()
                )
            continue
        c = int(ones[0])
        others = [int(r) + 1 for r in np.flatnonzero(R[:, c]) if r != i]
        if others:
            return (
                t(
                    "for {name} column {column} holds the pivot of row {row} but also a 1 in row "
                    "{other} (above it): clear the whole column, above and below."
                    if min(others) < i + 1
                    else "for {name} column {column} holds the pivot of row {row} but also a 1 in "
                    "row {other} (below it): clear the whole column, above and below.",
                    name=name,
                    column=c + 1,
                    row=i + 1,
                    other=others[0],
                )
                + _counted_from_1()
            )
        if i > 0 and np.flatnonzero(R[i - 1])[:1].tolist() and np.flatnonzero(R[i - 1])[0] > c:
            return (
                t(
                    "for {name} the pivots of rows {row} and {next} are out of order: swap rows.",
                    name=name,
                    row=i,
                    next=i + 1,
                )
                + _counted_from_1()
            )
    differs = int((R != truth).sum())
    return t(
        "for {name} your R differs from the reduced row echelon form in {count} entry; your R is:"
        if differs == 1
        else "for {name} your R differs from the reduced row echelon form in {count} "
        "entries; your R is:",
        name=name,
        count=differs,
    )


def _counted_from_1() -> str:
    """How to find a row or column that a hint names counted from 1, as on paper, in R."""
    return t(" Rows and columns are counted from 1 here: row 1 is R[0], column 1 is R[:, 0].")


def _practice_system() -> tuple[np.ndarray, int]:
    """The 3x3 board's [A | b] that RowReductionPractice() starts from, and its unknowns."""
    from lightsout_edu.widgets.practice import DEFAULT_BOARD

    A = toggle_matrix(3, 3)
    return np.column_stack([A, np.array(DEFAULT_BOARD, dtype=np.uint8)]), A.shape[1]


def _replay(operations: object, start: np.ndarray) -> tuple[np.ndarray, int]:
    """The matrix after the student's operations (as the widget recorded them), and how many.

    Every operation is checked as the widget would: rows that exist, two different rows, a
    factor that is not 0 mod 2.
    """
    if not isinstance(operations, list) or not all(isinstance(op, list) for op in operations):
        raise WrongForm(t("the widget's operations could not be read."))
    work = start.astype(np.int64)
    rows = start.shape[0]
    for number, op in enumerate(operations, 1):
        if len(op) != 5 or not all(isinstance(v, int) and not isinstance(v, bool) for v in op):
            raise WrongForm(t("operation {number} of the widget could not be read.", number=number))
        step = step_from_list(op)
        touched = [
            getattr(step, name) for name in ("i", "j", "src", "dst", "row") if hasattr(step, name)
        ]
        if not all(0 <= r < rows for r in touched) or len(set(touched)) != len(touched):
            raise WrongForm(
                t("operation {number} of the widget names rows that do not exist.", number=number)
            )
        if isinstance(step, (AddRow, Scale)) and step.factor % 2 == 0:
            raise WrongForm(
                t("operation {number} multiplies by 0, which is not allowed.", number=number)
            )
        step.apply(work, 2)
    return work, len(operations)


@checker(lambda: t("a RowReductionPractice widget on which you reduced the 3x3 board's [A | b]"))
def check_rref_by_hand(answer: object) -> Feedback:
    """The student's own elimination, done by clicking in RowReductionPractice.

    The verdict replays the widget's recorded operations on the 3x3 board's [A | b] here, so
    a widget whose other traits were changed by hand proves nothing.
    """
    if not isinstance(answer, WidgetState) or answer.type_name != "RowReductionPractice":
        raise WrongForm(t("this is {answer}, not the practice widget.", answer=describe(answer)))
    start, n_unknowns = _practice_system()
    state = answer.state
    shown = state.get("start")
    if state.get("modulus") != 2 or not isinstance(shown, list) or len(shown) != len(start):
        return hint(_another_system())
    if ["".join(str(v) for v in row) for row in start.tolist()] != shown:
        return hint(_another_system())
    matrix, steps = _replay(state.get("ops"), start)
    if not steps:
        return hint(t("no operation yet: click two row labels, then Swap or Add."))
    if not np.array_equal(matrix, rref(start)[0]):
        return hint(_not_reduced_yet(matrix, steps))
    inconsistent = bool(((~matrix[:, :n_unknowns].any(axis=1)) & (matrix[:, -1] != 0)).any())
    # The verdict and the economy are phrases that fill the sentence's slots (a predicate and
    # a parenthesis), translated as such.
    verdict = t("inconsistent (a row reads 0 = 1)") if inconsistent else t("consistent")
    reference = len(eliminate(start[:, :n_unknowns], start[:, n_unknowns]).steps)
    extra = steps - reference
    if extra < 0:
        economy = t(
            "{fewer} fewer than the recorded elimination's {reference}",
            fewer=-extra,
            reference=reference,
        )
    elif extra == 0:
        economy = t("as many as the recorded elimination")
    else:
        economy = t(
            "{extra} more than the recorded elimination's {reference}, which takes the first "
            "1 of each column as its pivot",
            extra=extra,
            reference=reference,
        )
    return ok(
        t(
            "reduced row echelon form in {count} operation ({economy}); the system is {verdict}."
            if steps == 1
            else "reduced row echelon form in {count} operations ({economy}); the system is "
            "{verdict}.",
            count=steps,
            economy=economy,
            verdict=verdict,
        )
    )


def _not_reduced_yet(matrix: np.ndarray, steps: int) -> str:
    """Why the widget's matrix is not in RREF: a 1 above a pivot (row echelon form), or else."""
    leads = [int(np.flatnonzero(row)[0]) for row in matrix if row.any()]
    echelon = leads == sorted(set(leads)) and not matrix[len(leads) :].any()
    if echelon:
        for row, column in enumerate(leads):
            above = np.flatnonzero(matrix[:row, column])
            if above.size:
                return t(
                    "after {count} operation the matrix is in row echelon form, but column "
                    "{column} has a 1 above its pivot (in row {above}, the pivot in row "
                    "{row}): clear above every pivot too, the backward phase of Gauss-Jordan."
                    if steps == 1
                    else "after {count} operations the matrix is in row echelon form, but "
                    "column {column} has a 1 above its pivot (in row {above}, the pivot in "
                    "row {row}): clear above every pivot too, the backward phase of "
                    "Gauss-Jordan.",
                    count=steps,
                    column=column + 1,
                    above=int(above[0]) + 1,
                    row=row + 1,
                )
    return t(
        "after {count} operation the matrix is not in reduced row echelon form yet: "
        "every pivot must be 1 and the only non-zero entry of its column."
        if steps == 1
        else "after {count} operations the matrix is not in reduced row echelon form "
        "yet: every pivot must be 1 and the only non-zero entry of its column.",
        count=steps,
    )


def _another_system() -> str:
    return t(
        "this widget holds another system; make it with RowReductionPractice() (no "
        "arguments): the 3x3 board's [A | b]."
    )


@checker(lambda: t("the pivot columns of HAND_MATRIX, counted from 1, e.g. [2, 3]"))
def check_pivots_by_hand(answer: object) -> Feedback:
    """The pivot columns of the 4x5 HAND_MATRIX, found on paper."""
    given = sorted(as_int_set(answer))
    truth = [c + 1 for c in rref(np.array(HAND_MATRIX, dtype=np.uint8))[1]]
    if given == truth:
        free = sorted(set(range(1, len(HAND_MATRIX[0]) + 1)) - set(truth))
        return ok(
            t(
                "pivots in columns {pivots}: rank {rank}, and column {free} free."
                if len(free) == 1
                else "pivots in columns {pivots}: rank {rank}, and columns {free} free.",
                pivots=truth,
                rank=len(truth),
                free=free,
            )
        )
    if given == [c - 1 for c in truth]:
        return hint(t("count the columns from 1, as on paper (column 1 is the first)."))
    return hint(
        t(
            "work column by column: find a 1 at or below the current row, swap it up, clear "
            "the column, move one row down. Count the columns that got a pivot."
        )
    )


@checker(lambda: t("the free columns of the 4x4 toggle matrix, counted from 1, e.g. [3, 9]"))
def check_free_columns_4x4(answer: object) -> Feedback:
    """The free (non-pivot) columns of the 16x16 toggle matrix of the 4x4 board."""
    given = sorted(as_int_set(answer))
    pivots = rref(toggle_matrix(4, 4))[1]
    truth = [c + 1 for c in range(16) if c not in pivots]
    if given == truth:
        return ok(
            t(
                "columns {free} are free: the 4x4 toggle matrix has rank 12 and nullity 4.",
                free=truth,
            )
        )
    if given == [c - 1 for c in truth]:
        return hint(t("count the columns from 1, as on paper (column 1 is the first)."))
    if len(given) == 12:
        return hint(t("those are pivot columns; the free ones are the other four."))
    pivots_given = sorted(c for c in given if c - 1 in pivots)
    if len(given) == len(truth) and pivots_given:
        return hint(
            t(
                "the number is right, but column {column} holds a pivot: a free column is one "
                "that no pivot lands in after the elimination.",
                column=pivots_given[0],
            )
        )
    return hint(
        t(
            "{count} column is free; eliminate lo.toggle_matrix(4, 4) and look for the "
            "columns without a pivot."
            if len(truth) == 1
            else "{count} columns are free; eliminate lo.toggle_matrix(4, 4) and look for the "
            "columns without a pivot.",
            count=len(truth),
        )
    )
