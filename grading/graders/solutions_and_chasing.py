"""The graders of the assignment of lectures 5-6, all solutions and chasing (teacher-only).

The notebook is ``grading/source/solutions_and_chasing``; each student's boards come from
:mod:`lightsout_edu.exercises.assignment_solutions_and_chasing`.  The boards on which the
student's fewest-presses function is tried (:func:`hidden_boards`) are made here, from a
seed that the student package does not know.

Examples
--------
>>> task = assignment_for("s1234567")
>>> solution_count(task) == 2 ** nullity(task)
True
>>> verify_solution_count("s1234567", solution_count(task))
>>> verify_solution_count("s1234567", nullity(task))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: this is the nullity d, the dimension of the kernel; the number of solutions ...
>>> verify_leftover("s1234567", leftover(task))
>>> verify_first_row("s1234567", first_row(task))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np
from numpy.typing import NDArray

from lightsout_edu._i18n import t
from lightsout_edu.boards import press
from lightsout_edu.chase import chase_lights
from lightsout_edu.exercises._student_code import StudentError, describe, run
from lightsout_edu.exercises.assignment_common import student_rng
from lightsout_edu.exercises.assignment_solutions_and_chasing import (
    NAME,
    ChasingAssignment,
    assignment_for,
)
from lightsout_edu.exercises.feedback import WrongForm, as_cells, as_pattern_list, as_whole_number
from lightsout_edu.linalg import null_space, rank
from lightsout_edu.random_boards import random_board
from lightsout_edu.rules import toggle_matrix
from lightsout_edu.solver import solve_board

from .common import Question, as_answer_board, require

__all__ = [
    "QUESTIONS",
    "SECONDS",
    "first_row",
    "hidden_boards",
    "leftover",
    "nullity",
    "solution_count",
    "verify_all_solutions",
    "verify_fewest_presses_function",
    "verify_first_row",
    "verify_leftover",
    "verify_solution_count",
]

#: Seconds the student's fewest-presses function may take on one board.
SECONDS = 10.0
#: How many random solvable boards the fewest-presses function is tried on, besides the
#: student's own, the dark board and the board of every cell pressed.
RANDOM_HIDDEN_BOARDS = 4


def nullity(task: ChasingAssignment) -> int:
    """The nullity of the toggle matrix of the student's board size."""
    return task.shape[0] * task.shape[1] - rank(toggle_matrix(*task.shape))


def solution_count(task: ChasingAssignment) -> int:
    """How many solutions the student's ``board`` has: 2 to the nullity."""
    return int(2 ** nullity(task))


def leftover(task: ChasingAssignment) -> NDArray[np.uint8]:
    """The last row left after chasing ``chase_board`` with no presses in row 1."""
    first = np.zeros(task.chase_board.shape[1], dtype=np.uint8)
    return np.asarray(chase_lights(task.chase_board, first)[1], dtype=np.uint8)


def first_row(task: ChasingAssignment) -> NDArray[np.uint8]:
    """The first row of the one solution of ``chase_board``."""
    presses = solve_board(task.chase_board, method="chase").presses
    assert presses is not None  # every board of a CHASE_SIZES size is solvable
    return np.asarray(presses[0], dtype=np.uint8)


def hidden_boards(task: ChasingAssignment) -> tuple[NDArray[np.uint8], ...]:
    """The boards the student's fewest-presses function is tried on, their own first.

    Then the dark board, the board of every cell pressed once, and random solvable boards
    of their size (always the same for the same student).

    Examples
    --------
    >>> boards = hidden_boards(assignment_for("s1234567"))
    >>> len(boards), int(boards[1].sum())
    (7, 0)
    """
    rows, cols = task.shape
    rng = student_rng(task.student_id, f"{NAME}:hidden boards")
    dark = np.zeros(task.shape, dtype=np.uint8)
    every_cell = press(dark, np.ones(task.shape, dtype=np.uint8))
    random_ones = tuple(
        random_board(rows, cols, seed=int(rng.integers(2**31)), solvable=True)
        for _ in range(RANDOM_HIDDEN_BOARDS)
    )
    return (task.board, dark, every_cell, *random_ones)


def _solves(presses: NDArray[np.int64], board: NDArray[np.uint8]) -> int:
    """How many lights stay on after pressing ``presses`` on ``board``."""
    return int(press(board, presses.reshape(board.shape).astype(np.uint8)).sum())


def verify_solution_count(student_id: str, answer: object) -> None:
    """Question 1: how many solutions the student's board has."""
    task = assignment_for(student_id)
    try:
        count = as_whole_number(answer)
    except WrongForm as error:
        raise AssertionError(
            t("{error} Give the number of solutions, a whole number", error=error)
        ) from None
    require(
        count != nullity(task) or count == solution_count(task),
        t(
            "this is the nullity d, the dimension of the kernel; the number of solutions is the "
            "number of quiet patterns with 0 included, one solution for each"
        ),
    )
    require(count > 1, t("your board has quiet patterns, so it has more than one solution"))
    require(
        count == solution_count(task),
        t(
            "{count} is not the number of solutions. Two solutions differ by a quiet pattern, "
            "so count the elements of the kernel: 2 to the power of its dimension",
            count=count,
        ),
    )


def verify_all_solutions(student_id: str, answer: object) -> None:
    """Question 2: every solution of the student's board, each once."""
    task = assignment_for(student_id)
    try:
        solutions = as_pattern_list(answer, task.shape)
    except WrongForm as error:
        raise AssertionError(str(error)) from None
    for k, x in enumerate(solutions):
        left = _solves(x, task.board)
        require(
            left == 0,
            t(
                "solution {number} is not a solution: it leaves {count} light on"
                if left == 1
                else "solution {number} is not a solution: it leaves {count} lights on",
                number=k + 1,
                count=left,
            ),
        )
    distinct = {tuple(x) for x in solutions}
    if len(distinct) < len(solutions):
        seen: dict[tuple[int, ...], int] = {}
        for k, x in enumerate(solutions):
            first = seen.setdefault(tuple(x), k)
            require(
                first == k,
                t("solutions {first} and {second} are the same", first=first + 1, second=k + 1),
            )
    require(
        len(solutions) == solution_count(task),
        t(
            "each of your {count} solution works, but the board has more: add each quiet "
            "pattern (and each sum of them) to one solution"
            if len(solutions) == 1
            else "each of your {count} solutions works, but the board has more: add each quiet "
            "pattern (and each sum of them) to one solution",
            count=len(solutions),
        ),
    )


def verify_fewest_presses_function(student_id: str, function: object) -> None:
    """Question 3: the student's ``fewest_presses(particular, quiet)``, on hidden boards.

    Given one solution of each hidden board of the student's size and a basis of the quiet
    patterns, it must find a solution with the fewest presses.
    """
    task = assignment_for(student_id)
    require(
        callable(function),
        t(
            "fewest_presses should be your function, def fewest_presses(particular, quiet): "
            "..., not {given}",
            given=describe(function),
        ),
    )
    fn = cast(Callable[..., object], function)
    rows, cols = task.shape
    quiet = null_space(toggle_matrix(rows, cols)).reshape(-1, rows, cols)
    mix = student_rng(task.student_id, f"{NAME}:hidden solutions")
    for k, board in enumerate(hidden_boards(task), start=1):
        case = (
            t("your board")
            if k == 1
            else t("hidden board {number} ({count} lights on)", number=k, count=int(board.sum()))
        )
        # one solution, not the lightest: the search is the student's
        combination = mix.integers(0, 2, len(quiet)).astype(np.int64)
        particular = (solve_board(board).presses + np.tensordot(combination, quiet, 1)) % 2
        try:
            returned = run(
                fn, particular.astype(np.uint8), quiet.copy(), case=case, seconds=SECONDS
            )
        except StudentError as error:
            raise AssertionError(str(error)) from None
        require(
            returned is not None,
            t("for {case} your function returned None: it should return the presses", case=case),
        )
        presses = as_answer_board(returned, task.shape, t("presses returned for {case}", case=case))
        left = _solves(presses, board)
        require(
            left == 0,
            t(
                "for {case} your presses leave {count} light on"
                if left == 1
                else "for {case} your presses leave {count} lights on",
                case=case,
                count=left,
            ),
        )
        best = int(solve_board(board).fewest_presses().sum())
        used = int(presses.sum())
        require(used == best, _too_many_presses(case, used, best))


def _too_many_presses(case: str, used: int, best: int) -> str:
    """The message for presses that switch a board off, but not with the fewest presses."""
    if used == 1:
        return t(
            "for {case} your presses switch the board off with {used} press, but {best} is "
            "enough: every solution is one solution plus a quiet pattern, so try them all"
            if best == 1
            else "for {case} your presses switch the board off with {used} press, but {best} "
            "are enough: every solution is one solution plus a quiet pattern, so try them all",
            case=case,
            used=used,
            best=best,
        )
    return t(
        "for {case} your presses switch the board off with {used} presses, but {best} is "
        "enough: every solution is one solution plus a quiet pattern, so try them all"
        if best == 1
        else "for {case} your presses switch the board off with {used} presses, but {best} are "
        "enough: every solution is one solution plus a quiet pattern, so try them all",
        case=case,
        used=used,
        best=best,
    )


def verify_leftover(student_id: str, answer: object) -> None:
    """Question 4: the last row left after chasing the student's board (no first-row press)."""
    task = assignment_for(student_id)
    n = task.chase_board.shape[1]
    try:
        row = as_cells(answer, t("leftover")).ravel()
    except WrongForm as error:
        raise AssertionError(str(error)) from None
    require(
        row.size == n,
        t("the leftover is the last row: {n} entries, not {given}", n=n, given=row.size),
    )
    truth = leftover(task)
    require(
        np.array_equal(row, truth) or not np.array_equal(row, task.chase_board[-1]),
        t(
            "this is the last row of the board before the chase; chase the lights of rows 1 to "
            "{last} down first",
            last=n - 1,
        ),
    )
    wrong = np.flatnonzero(row != truth)
    require(
        not len(wrong),
        t(
            "{count} entry of your leftover is wrong (columns {columns}). Press, in row k + 1, "
            "under every light of row k, from the top down; then read the last row"
            if len(wrong) == 1
            else "{count} entries of your leftover are wrong (columns {columns}). Press, in row "
            "k + 1, under every light of row k, from the top down; then read the last row",
            count=len(wrong),
            columns=", ".join(str(int(j) + 1) for j in wrong),
        ),
    )


def verify_first_row(student_id: str, answer: object) -> None:
    """Question 5: presses in the first row after which the chase clears the student's board."""
    task = assignment_for(student_id)
    n = task.chase_board.shape[1]
    try:
        first = as_cells(answer, t("first row")).ravel()
    except WrongForm as error:
        raise AssertionError(str(error)) from None
    require(first.size == n, t("the first row has {n} cells, not {given}", n=n, given=first.size))
    leftover = chase_lights(task.chase_board, first.astype(np.uint8))[1]
    lit = [str(int(j) + 1) for j in np.flatnonzero(leftover)]
    require(
        not lit,
        t(
            "with this first row the chase leaves the lights in columns {columns} of the last "
            "row on. The leftover is C f + r0: solve C f = r0 for the first row f",
            columns=", ".join(lit),
        ),
    )


#: The graded questions, in order.
QUESTIONS: tuple[Question, ...] = (
    Question("q1_test", "count", verify_solution_count),
    Question("q2_test", "solutions", verify_all_solutions),
    Question(
        "q3_test",
        "fewest_presses",
        verify_fewest_presses_function,
        alone=True,
        answer_cell="q3_answer",
    ),
    Question("q4_test", "leftover", verify_leftover),
    Question("q5_test", "first_row", verify_first_row),
)
