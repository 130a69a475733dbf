"""The graders of the assignment of lectures 1-2, the game and GF(2) (teacher-only).

The notebook is ``grading/source/game_and_gf2``; each student's data comes from
:mod:`lightsout_edu.exercises.assignment_game_and_gf2`.  Questions 1-3 ask for functions --
the toggle matrix of any board, the board after some presses, a solution of a small system
over GF(2) -- and each is graded on its own cell with NumPy only (question 2 after the
student's question 1, which it may use): the package's ``toggle_matrix``, ``press`` and
``solve`` are not there, so the arithmetic is the student's.  Each function runs on the
student's own data, then on cases they never see.  Question 4 asks for a vector that no
library call gives.

Examples
--------
>>> task = assignment_for("s1234567")
>>> [len(cases) for cases in (boards(task), systems(task))]
[7, 13]
>>> [(q.answer, q.alone, q.uses) for q in QUESTIONS][1:3]
[('press', True, ('q1_answer',)), ('solve_small', True, ())]
>>> verify_self_orthogonal("s1234567", [0, 0, 0, 0, 0, 0])
Traceback (most recent call last):
...
AssertionError: w = 0 is orthogonal to everything; the question asks for a nonzero w
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np
from numpy.typing import NDArray

from lightsout_edu._i18n import t
from lightsout_edu.exercises._student_code import StudentError, kind_of, run, shown_shape
from lightsout_edu.exercises.assignment_common import student_rng
from lightsout_edu.exercises.assignment_game_and_gf2 import GameAssignment, assignment_for
from lightsout_edu.exercises.feedback import WrongForm, as_cells, board_text
from lightsout_edu.linalg import rank, solve
from lightsout_edu.rules import toggle_matrix

from .common import Question, as_answer_board, call_student, require, shown, unquoted

__all__ = [
    "HIDDEN_BOARDS",
    "HIDDEN_SIZES",
    "QUESTIONS",
    "boards",
    "systems",
    "verify_press",
    "verify_self_orthogonal",
    "verify_solve_small",
    "verify_toggle_matrix_function",
]

#: The sizes on which the student's toggle-matrix function is run, besides their own.
HIDDEN_SIZES: tuple[tuple[int, int], ...] = ((1, 1), (1, 6), (5, 1), (2, 2), (3, 3), (4, 5))
#: The sizes of the hidden boards on which the student's ``press`` is run, besides theirs.
HIDDEN_BOARDS: tuple[tuple[int, int], ...] = ((1, 1), (1, 5), (4, 1), (3, 3), (4, 5), (5, 5))
Board = NDArray[np.uint8]


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
            shape=shown_shape(got.shape),
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
            given=kind_of(function),
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
                    returned=kind_of(returned),
                    error=unquoted(error),
                )
            ) from None
        mistake = _toggle_matrix_mistake(got, rows, cols)
        require(mistake is None, str(mistake))


def boards(task: GameAssignment) -> list[tuple[Board, Board]]:
    """The boards and presses the student's ``press`` is run on, theirs first.

    The student's board ``b`` and presses ``x``; then, hidden, a board of each of the
    sizes :data:`HIDDEN_BOARDS` with random presses (every cell pressed on the 3x3 board),
    always the same for a student.
    """
    rng = student_rng(task.student_id, "game_and_gf2:hidden presses")
    cases = [(task.board, task.presses)]
    for rows, cols in HIDDEN_BOARDS:
        board = np.asarray(rng.integers(0, 2, (rows, cols)), dtype=np.uint8)
        presses = np.asarray(rng.integers(0, 2, (rows, cols)), dtype=np.uint8)
        if (rows, cols) == (3, 3):
            presses[:] = 1
        if not presses.any():
            presses[rows // 2, cols // 2] = 1
        cases.append((board, presses))
    return cases


def _board_case(k: int, board: Board) -> str:
    if k == 0:
        return t("your board b and your presses x")
    return t("hidden board {number} ({rows}x{cols})", number=k, rows=board.shape[0],
             cols=board.shape[1])  # fmt: skip


def verify_press(student_id: str, function: object) -> None:
    """Question 2: ``press(board, presses)``, the board after the presses, on any board."""
    for k, (board, presses) in enumerate(boards(assignment_for(student_id))):
        case = _board_case(k, board)
        returned = call_student(
            function, "press", board.copy(), presses.copy(), case=case, none_allowed=True
        )
        require(
            returned is not None,
            t("for {case} your function returned None: does it end with return?", case=case),
        )
        _check_board_after(returned, board, presses, case, own=k == 0)


def _check_board_after(answer: object, board: Board, presses: Board, case: str, own: bool) -> None:
    """What is wrong with ``answer`` as ``board`` after ``presses``, told for ``case``."""
    raw = np.asarray(answer) if isinstance(answer, (list, tuple, np.ndarray)) else None
    if raw is not None and raw.dtype.kind in "iu" and raw.shape == board.shape:
        require(
            not (raw > 1).any(),
            t(
                "for {case} your board has entries above 1: a light toggled twice is off "
                "again, so take every entry mod 2",
                case=case,
            ),
        )
    try:
        got = as_answer_board(answer, board.shape, t("board after the presses"))
    except AssertionError as error:
        raise AssertionError(t("for {case}: {error}", case=case, error=error)) from None
    A = toggle_matrix(*board.shape).astype(np.int64)
    toggled = (A @ presses.ravel().astype(np.int64) % 2).reshape(board.shape)
    right = (board.astype(np.int64) + toggled) % 2
    wrong = np.flatnonzero(got.ravel() != right.ravel())
    if not len(wrong):
        return
    require(
        not np.array_equal(got, board),
        t(
            "for {case} your function returned the board before the presses; press the "
            "cells of x on it",
            case=case,
        ),
    )
    require(
        not np.array_equal(got, toggled),
        t(
            "for {case} your function returned A x, the lights the presses toggle on a dark "
            "board; the board after the presses is b + A x (mod 2)",
            case=case,
        ),
    )
    if own:
        raise AssertionError(
            t(
                "{count} light is wrong: {cells} (cells numbered row by row from 1). Each press "
                "toggles the pressed cell and its neighbours above, below, left and right"
                if len(wrong) == 1
                else "{count} lights are wrong: {cells} (cells numbered row by row from 1). "
                "Each press toggles the pressed cell and its neighbours above, below, left "
                "and right",
                count=len(wrong),
                cells=_cells(wrong),
            )
        )
    raise AssertionError(
        t(
            "for {case} {count} light of your board is wrong. Each press toggles the pressed "
            "cell and its neighbours above, below, left and right"
            if len(wrong) == 1
            else "for {case} {count} lights of your board are wrong. Each press toggles the "
            "pressed cell and its neighbours above, below, left and right",
            case=case,
            count=len(wrong),
        )
    )


def systems(task: GameAssignment) -> list[tuple[Board, Board]]:
    """The systems ``(M, rhs)`` the student's ``solve_small`` is run on, theirs first.

    The student's 4x4 system; then, hidden, systems of 1 to 10 unknowns: invertible ones
    (1x1, a random 6x6, the toggle matrix of the 3x3 board), singular ones with solutions
    (the zero matrix, a low-rank 5x5, 3 equations in 6 unknowns, the 2x3 and 2x5 boards)
    and ones without (0 = 1, a low-rank 5x5, 7 equations in 4 unknowns, the 2x3 board).
    Random entries are always the same for a student.
    """
    rng = student_rng(task.student_id, "game_and_gf2:hidden systems")

    def random(m: int, n: int, rank_: int, solvable: bool) -> tuple[Board, Board]:
        while True:
            M = np.asarray(rng.integers(0, 2, (m, rank_)) @ rng.integers(0, 2, (rank_, n)) % 2,
                           dtype=np.uint8)  # fmt: skip
            if rank(M) != rank_:
                continue
            rhs = np.asarray(rng.integers(0, 2, m), dtype=np.uint8)
            if solvable:
                rhs = np.asarray(M.astype(np.int64) @ rng.integers(0, 2, n) % 2, dtype=np.uint8)
            if (solve(M, rhs) is not None) == solvable:
                return M, rhs

    def board(rows: int, cols: int, solvable: bool) -> tuple[Board, Board]:
        A = toggle_matrix(rows, cols)
        while True:
            b = np.asarray(rng.integers(0, 2, rows * cols), dtype=np.uint8)
            if b.any() and (solve(A, b) is not None) == solvable:
                return A, b

    return [
        (task.system, task.rhs),
        (np.ones((1, 1), dtype=np.uint8), np.ones(1, dtype=np.uint8)),
        random(6, 6, 6, True),
        board(3, 3, True),
        (np.zeros((3, 3), dtype=np.uint8), np.zeros(3, dtype=np.uint8)),
        random(5, 5, 3, True),
        random(3, 6, 3, True),
        board(2, 3, True),
        board(2, 5, True),
        (np.zeros((2, 3), dtype=np.uint8), np.array([0, 1], dtype=np.uint8)),
        random(5, 5, 3, False),
        random(7, 4, 4, False),
        board(2, 3, False),
    ]


def _equation(row: Board, value: object) -> str:
    """The equation of ``row`` and ``value``, e.g. ``'x1 + x3 = 1'`` (``'0 = 1'`` if empty)."""
    terms = " + ".join(f"x{j + 1}" for j in np.flatnonzero(row)) or "0"
    return f"{terms} = {int(cast(int, value))}"


def verify_solve_small(student_id: str, function: object) -> None:
    """Question 3: ``solve_small(M, rhs)``, a solution of ``M x = rhs`` over GF(2), or None."""
    task = assignment_for(student_id)
    for k, (M, rhs) in enumerate(systems(task)):
        m, n = M.shape
        case = (
            t("your system")
            if k == 0
            else t("hidden system {number} ({m} equations, {n} unknowns)", number=k, m=m, n=n)
        )
        got = call_student(
            function, "solve_small", M.copy(), rhs.copy(), case=case, none_allowed=True
        )
        solvable = solve(M, rhs) is not None
        if got is None:
            require(
                not solvable,
                t(
                    "for {case} your function returned None, but the system has a solution: "
                    "return None only when no x satisfies every equation",
                    case=case,
                ),
            )
            continue
        require(
            solvable,
            t(
                "for {case} your function returned {got}, but the system has no solution: "
                "then solve_small should return None",
                case=case,
                got=kind_of(got),
            ),
        )
        _check_solution(got, M, rhs, case, hidden=k > 0)


def _check_solution(answer: object, M: Board, rhs: Board, case: str, *, hidden: bool) -> None:
    """What is wrong with ``answer`` as a solution of ``M x = rhs``, told for ``case``.

    An equation of a ``hidden`` system is named by its number only: the feedback never shows
    a hidden case.
    """
    try:
        x = as_cells(answer, t("solution x"))
    except WrongForm as error:
        raise AssertionError(
            t(
                "for {case}: {error}",
                case=case,
                error=t("{error} Over GF(2) every unknown is 0 or 1", error=unquoted(error)),
            )
        ) from None
    n = M.shape[1]
    require(
        x.size == n and x.ndim <= 2,
        t(
            "for {case}: {error}",
            case=case,
            error=t(
                "x should hold {count} numbers, x1 to x{count}, not an array of shape {shape}",
                count=n,
                shape=shown_shape(x.shape),
            ),
        ),
    )
    values = M.astype(np.int64) @ x.ravel() % 2
    for number, (row, value, wanted) in enumerate(zip(M, values, rhs, strict=True), start=1):
        if value == wanted:
            continue
        wrong = (
            t(
                "equation {number} of the system does not hold: with your x its left side is "
                "{value} (mod 2)",
                number=number,
                value=value,
            )
            if hidden
            else t(
                "the equation {equation} does not hold: with your x its left side is "
                "{value} (mod 2)",
                equation=_equation(row, wanted),
                value=value,
            )
        )
        raise AssertionError(t("for {case}: {error}", case=case, error=wrong))


def verify_self_orthogonal(student_id: str, answer: object) -> None:
    """Question 4: a nonzero w, orthogonal to itself and to the student's vector v."""
    v = assignment_for(student_id).vector.astype(np.int64)
    try:
        w = as_cells(answer, t("vector w")).ravel()
    except WrongForm as error:
        raise AssertionError(unquoted(error)) from None
    require(
        w.size == v.size,
        t(
            "w should have {size} entries, like v, not {given}",
            size=v.size,
            given=shown(w.size, 2 * v.size),
        ),
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


#: The graded questions, in order: questions 1-3 are functions, each graded alone (question
#: 2 after question 1, whose function it may use).
QUESTIONS: tuple[Question, ...] = (
    Question("q1_test", "my_toggle_matrix", verify_toggle_matrix_function, True, "q1_answer"),
    Question("q2_test", "press", verify_press, True, "q2_answer", ("q1_answer",)),
    Question("q3_test", "solve_small", verify_solve_small, True, "q3_answer"),
    Question("q4_test", "w", verify_self_orthogonal),
)
