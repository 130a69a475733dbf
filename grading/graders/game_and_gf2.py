"""The graders of the assignment of lectures 1-2, the game and GF(2) (teacher-only).

The notebook is ``grading/source/game_and_gf2``; each student's data comes from
:mod:`lightsout_edu.exercises.assignment_game_and_gf2`.

Examples
--------
>>> task = assignment_for("s1234567")
>>> verify_board_after("s1234567", board_after(task))
>>> verify_board_after("s1234567", task.board)
Traceback (most recent call last):
...
AssertionError: this is your board before the presses; press the cells of x on it
>>> verify_system_solution("s1234567", system_solution(task))
>>> [q.grade_id for q in QUESTIONS if q.alone]
['q1_test']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np
from numpy.typing import NDArray

from lightsout_edu._i18n import t
from lightsout_edu.boards import press
from lightsout_edu.exercises._student_code import StudentError, describe, run
from lightsout_edu.exercises.assignment_game_and_gf2 import (
    UNKNOWNS,
    GameAssignment,
    assignment_for,
)
from lightsout_edu.exercises.feedback import WrongForm, as_cells, board_text
from lightsout_edu.linalg import solve
from lightsout_edu.rules import toggle_matrix

from .common import Question, as_answer_board, require

__all__ = [
    "HIDDEN_SIZES",
    "QUESTIONS",
    "board_after",
    "system_solution",
    "verify_board_after",
    "verify_self_orthogonal",
    "verify_system_solution",
    "verify_toggle_matrix_function",
]

#: The sizes on which the student's toggle-matrix function is run, besides their own.
HIDDEN_SIZES: tuple[tuple[int, int], ...] = ((1, 1), (1, 6), (5, 1), (2, 2), (3, 3), (4, 5))


def board_after(task: GameAssignment) -> NDArray[np.uint8]:
    """The board after pressing the student's ``presses`` on their ``board``."""
    return press(task.board, task.presses)


def system_solution(task: GameAssignment) -> NDArray[np.uint8]:
    """The one solution of the student's ``system x = rhs`` over GF(2)."""
    return np.asarray(solve(task.system, task.rhs), dtype=np.uint8)


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


def verify_toggle_matrix_function(student_id: str, function: object) -> None:
    """Question 1: the student's ``my_toggle_matrix(rows, cols)``, on hidden board sizes."""
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


def verify_board_after(student_id: str, answer: object) -> None:
    """Question 2: the board after pressing the student's presses on their board."""
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
    right = np.array_equal(got, board_after(task))  # the hints below only for a wrong board
    require(
        right or not np.array_equal(got, task.board),
        t("this is your board before the presses; press the cells of x on it"),
    )
    require(
        right or not np.array_equal(got, toggled),
        t(
            "this is A x, the lights your presses toggle on a dark board; the board after the "
            "presses is b + A x (mod 2)"
        ),
    )
    wrong = np.flatnonzero(got.ravel() != board_after(task).ravel())
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


def verify_system_solution(student_id: str, answer: object) -> None:
    """Question 3: the solution of the student's 4x4 system over GF(2)."""
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


def verify_self_orthogonal(student_id: str, answer: object) -> None:
    """Question 4: a nonzero w, orthogonal to itself and to the student's vector v."""
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


#: The graded questions, in order.
QUESTIONS: tuple[Question, ...] = (
    Question(
        "q1_test",
        "my_toggle_matrix",
        verify_toggle_matrix_function,
        alone=True,
        answer_cell="q1_answer",
    ),
    Question("q2_test", "after", verify_board_after),
    Question("q3_test", "x_system", verify_system_solution),
    Question("q4_test", "w", verify_self_orthogonal),
)
