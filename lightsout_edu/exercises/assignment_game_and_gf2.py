"""The graded assignment of lectures 1-2, the game and GF(2): each student's data, and grading.

The ``verify_*`` functions are what nbgrader's hidden tests call
(``grading/source/game_and_gf2``); student ids and copy detection are in
:mod:`.assignment_common`.

Examples
--------
>>> task = assignment_for("s1234567")
>>> task.board.shape == task.presses.shape == task.shape
True
>>> verify_board_after("s1234567", task.after)
>>> verify_board_after("s1234567", task.board)
Traceback (most recent call last):
...
AssertionError: this is your board before the presses; press the cells of x on it
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

import numpy as np
from numpy.typing import NDArray

from lightsout_edu._i18n import t
from lightsout_edu.boards import press
from lightsout_edu.linalg import rank, solve
from lightsout_edu.rules import toggle_matrix

from ._student_code import StudentError, describe, run
from .assignment_common import as_answer_board, require, student_rng, verify_student
from .feedback import WrongForm, as_cells, board_text, grader

__all__ = [
    "NAME",
    "SHAPES",
    "GameAssignment",
    "assignment_for",
    "verify_board_after",
    "verify_self_orthogonal",
    "verify_system_solution",
    "verify_toggle_matrix_function",
]

#: The assignment's name in nbgrader (its folder in ``grading/source``).
NAME = "game_and_gf2"

#: The board sizes handed out (2x3 is exercise 1.1, 3x3 is lecture 1's).
SHAPES: tuple[tuple[int, int], ...] = (
    (2, 4),
    (2, 5),
    (2, 6),
    (3, 4),
    (3, 5),
    (4, 2),
    (4, 3),
    (4, 4),
    (5, 2),
    (5, 3),
    (6, 2),
)
#: The sizes on which the student's toggle-matrix function is run, besides their own.
HIDDEN_SIZES: tuple[tuple[int, int], ...] = ((1, 1), (1, 6), (5, 1), (2, 2), (3, 3), (4, 5))
UNKNOWNS = 4  # the system of question 3
VECTOR_LENGTH = 6  # the vector of question 4


@dataclass(frozen=True)
class GameAssignment:
    """One student's data: a board and presses, a system over GF(2), and a vector.

    ``system`` is the 4x4 matrix ``M`` of ``M x = rhs``; its determinant is odd, so the
    system has exactly one solution over GF(2).
    """

    student_id: str
    shape: tuple[int, int]
    board: NDArray[np.uint8]
    presses: NDArray[np.uint8]
    system: NDArray[np.uint8]
    rhs: NDArray[np.uint8]
    vector: NDArray[np.uint8]

    @property
    def after(self) -> NDArray[np.uint8]:
        """The board after pressing ``presses`` on ``board``."""
        return press(self.board, self.presses)

    @property
    def solution(self) -> NDArray[np.uint8]:
        """The one solution of ``system x = rhs`` over GF(2)."""
        return np.asarray(solve(self.system, self.rhs), dtype=np.uint8)

    @property
    def determinant(self) -> int:
        """The determinant of ``system`` over the integers (odd)."""
        return int(round(float(np.linalg.det(self.system.astype(float)))))

    def equations(self) -> list[str]:
        """The system as equations, e.g. ``'x1 + x3 + x4 = 1'``."""
        lines = []
        for row, value in zip(self.system, self.rhs, strict=True):
            terms = " + ".join(f"x{j + 1}" for j in np.flatnonzero(row))
            lines.append(f"{terms} = {int(value)}")
        return lines


def assignment_for(student_id: str) -> GameAssignment:
    """The data of ``student_id``: always the same for the same id."""
    rng = student_rng(student_id, NAME)
    shape = SHAPES[int(rng.integers(len(SHAPES)))]
    cells = shape[0] * shape[1]
    board = rng.integers(0, 2, shape, dtype=np.uint8)
    while not 0.3 * cells <= board.sum() <= 0.7 * cells:
        board = rng.integers(0, 2, shape, dtype=np.uint8)
    presses = np.zeros(cells, dtype=np.uint8)
    presses[rng.choice(cells, size=int(rng.integers(3, 6)), replace=False)] = 1
    system, rhs = _system(rng)
    vector = np.zeros(VECTOR_LENGTH, dtype=np.uint8)
    vector[rng.choice(VECTOR_LENGTH, size=int(rng.integers(2, 5)), replace=False)] = 1
    return GameAssignment(
        student_id.strip(), shape, board, presses.reshape(shape), system, rhs, vector
    )


def _system(rng: np.random.Generator) -> tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """A 4x4 system over GF(2) worth solving by hand.

    It is invertible, has 2-3 unknowns an equation and a solution with 2 or 3 ones.
    """
    while True:
        M = np.zeros((UNKNOWNS, UNKNOWNS), dtype=np.uint8)
        for row in M:
            row[rng.choice(UNKNOWNS, size=int(rng.integers(2, 4)), replace=False)] = 1
        if rank(M) < UNKNOWNS:
            continue
        x = np.zeros(UNKNOWNS, dtype=np.uint8)
        x[rng.choice(UNKNOWNS, size=int(rng.integers(2, 4)), replace=False)] = 1
        rhs = (M.astype(np.int64) @ x % 2).astype(np.uint8)
        if rhs.any() and not rhs.all():
            return M, rhs


def _cells(indices: NDArray[np.intp]) -> str:
    """Cell numbers (0-based) as the course writes them: 1-based, 'and' before the last."""
    names = [str(int(i) + 1) for i in indices]
    if not names:
        return t("none")
    if len(names) == 1:
        return names[0]
    return t("{items} and {last}", items=", ".join(names[:-1]), last=names[-1])


def _toggle_matrix_mistake(got: NDArray[np.int64], rows: int, cols: int) -> str | None:
    """What is wrong with ``got`` as the toggle matrix of the ``rows x cols`` board."""
    n = rows * cols
    if got.shape != (n, n):
        return t(
            "for the {rows}x{cols} board your function returned a matrix of shape {shape}; a "
            "board with N = {n} cells has an {n}x{n} toggle matrix",
            rows=rows,
            cols=cols,
            shape=got.shape,
            n=n,
        )
    truth = toggle_matrix(rows, cols).astype(np.int64)
    for j in range(n):
        if np.array_equal(got[:, j], truth[:, j]):
            continue
        r, c = divmod(j, cols)
        message = t(
            "for the {rows}x{cols} board, column {column} of your matrix is wrong: pressing cell "
            "{column} (row {row}, column {col}) toggles lights {right}, but your column has its "
            "1s at {got}",
            rows=rows,
            cols=cols,
            column=j + 1,
            row=r + 1,
            col=c + 1,
            right=_cells(np.flatnonzero(truth[:, j])),
            got=_cells(np.flatnonzero(got[:, j])),
        )
        if got[j, j] == 0:
            message += t(". A press also toggles the pressed cell itself")
        elif np.array_equal(got, toggle_matrix(rows, cols, torus=True).astype(np.int64)):
            message += t(
                ". The board does not wrap around: a cell on the edge has fewer neighbours"
            )
        elif any(got[i, j] and abs(i - j) == 1 and min(i, j) % cols == cols - 1 for i in range(n)):
            message += t(
                ". The last cell of a board row and the first cell of the next row are not "
                "neighbours: number the cells row by row, but look for neighbours on the board"
            )
        return message
    return None


@grader(forbid="press")
def verify_toggle_matrix_function(student_id: str, function: object) -> None:
    """Question 1: the student's ``my_toggle_matrix(rows, cols)``, on hidden board sizes."""
    verify_student(student_id)
    own = assignment_for(student_id).shape
    require(
        callable(function),
        t(
            "my_toggle_matrix should be your function, def my_toggle_matrix(rows, cols): ..., "
            "not {given}",
            given=describe(function),
        ),
    )
    fn = cast(Callable[..., object], function)
    for rows, cols in (own, *HIDDEN_SIZES):
        try:
            returned = run(fn, rows, cols, case=t("the {rows}x{cols} board", rows=rows, cols=cols))
        except StudentError as error:
            raise AssertionError(str(error)) from None
        require(
            returned is not None,
            t(
                "for the {rows}x{cols} board your function returned None: does it end with "
                "return A?",
                rows=rows,
                cols=cols,
            ),
        )
        try:
            got = as_cells(returned, t("toggle matrix"))
        except WrongForm as error:
            raise AssertionError(
                t(
                    "for the {rows}x{cols} board your function returned {returned}: {error}",
                    rows=rows,
                    cols=cols,
                    returned=describe(returned),
                    error=error,
                )
            ) from None
        mistake = _toggle_matrix_mistake(got, rows, cols)
        require(mistake is None, str(mistake))


@grader
def verify_board_after(student_id: str, answer: object) -> None:
    """Question 2: the board after pressing the student's presses on their board."""
    verify_student(student_id)
    task = assignment_for(student_id)
    raw = np.asarray(answer) if isinstance(answer, (list, tuple, np.ndarray)) else None
    if raw is not None and raw.dtype.kind in "iu" and raw.shape == task.shape:
        require(
            not (raw > 1).any(),
            t(
                "your board has entries above 1: a light toggled twice is off again, so take "
                "every entry mod 2"
            ),
        )
    got = as_answer_board(answer, task.shape, t("board after the presses"))
    A = toggle_matrix(*task.shape).astype(np.int64)
    toggled = (A @ task.presses.ravel() % 2).reshape(task.shape)
    require(
        not np.array_equal(got, task.board),
        t("this is your board before the presses; press the cells of x on it"),
    )
    require(
        not np.array_equal(got, toggled),
        t(
            "this is A x, the lights your presses toggle on a dark board; the board after the "
            "presses is b + A x (mod 2)"
        ),
    )
    wrong = np.flatnonzero(got.ravel() != task.after.ravel())
    require(
        not len(wrong),
        t(
            "{count} light is wrong: {cells} (cells numbered row by row from 1). Each press "
            "toggles the pressed cell and its neighbours above, below, left and right"
            if len(wrong) == 1
            else "{count} lights are wrong: {cells} (cells numbered row by row from 1). Each "
            "press toggles the pressed cell and its neighbours above, below, left and right",
            count=len(wrong),
            cells=_cells(wrong),
        ),
    )


@grader
def verify_system_solution(student_id: str, answer: object) -> None:
    """Question 3: the solution of the student's 4x4 system over GF(2)."""
    verify_student(student_id)
    task = assignment_for(student_id)
    try:
        x = as_cells(answer, t("solution x"))
    except WrongForm as error:
        raise AssertionError(t("{error} Over GF(2) every unknown is 0 or 1", error=error)) from None
    require(
        x.size == UNKNOWNS and x.ndim <= 2,
        t(
            "x should hold {count} numbers, x1 to x{count}, not an array of shape {shape}",
            count=UNKNOWNS,
            shape=x.shape,
        ),
    )
    x = x.ravel()
    values = task.system.astype(np.int64) @ x % 2
    for equation, value, wanted in zip(task.equations(), values, task.rhs, strict=True):
        require(
            value == wanted,
            t(
                "the equation {equation} does not hold: with your x its left side is {value} "
                "(mod 2)",
                equation=equation,
                value=value,
            ),
        )


@grader
def verify_self_orthogonal(student_id: str, answer: object) -> None:
    """Question 4: a nonzero w, orthogonal to itself and to the student's vector v."""
    verify_student(student_id)
    v = assignment_for(student_id).vector.astype(np.int64)
    try:
        w = as_cells(answer, t("vector w")).ravel()
    except WrongForm as error:
        raise AssertionError(str(error)) from None
    require(
        w.size == v.size,
        t("w should have {size} entries, like v, not {given}", size=v.size, given=w.size),
    )
    require(w.any(), t("w = 0 is orthogonal to everything; the question asks for a nonzero w"))
    ones, product = int(w.sum()), int(w @ w) % 2
    require(
        product == 0,
        t(
            "w has {count} one, so w . w = {product} over GF(2): a vector is orthogonal to "
            "itself exactly when it has an even number of ones"
            if ones == 1
            else "w has {count} ones, so w . w = {product} over GF(2): a vector is orthogonal "
            "to itself exactly when it has an even number of ones",
            count=ones,
            product=product,
        ),
    )
    shared = int(w @ v)
    require(
        shared % 2 == 0,
        t(
            "w and v share {count} one, so w . v = 1 over GF(2): they must share an even "
            "number of ones (v = {v})"
            if shared == 1
            else "w and v share {count} ones, so w . v = 1 over GF(2): they must share an even "
            "number of ones (v = {v})",
            count=shared,
            v=board_text(v[np.newaxis]),
        ),
    )
