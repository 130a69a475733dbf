"""The graders of the assignment of lectures 7-9, variants and the worst case (teacher-only).

The notebook is ``grading/source/variants_and_worst_case``; each student's data comes from
:mod:`lightsout_edu.exercises.assignment_variants_and_worst_case`.

Examples
--------
>>> task = assignment_for("s1234567")
>>> verify_worst_case("s1234567", worst_case(task))
>>> verify_worst_case("s1234567", task.shape[0] * task.shape[1])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: your board has quiet patterns, so no board needs all its cells pressed: ...
>>> verify_nullity("s1234567", nullity(task))
>>> verify_all_on_presses("s1234567", all_on_presses(task))
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from lightsout_edu._i18n import t
from lightsout_edu.boards import press
from lightsout_edu.exercises.assignment_variants_and_worst_case import (
    VariantsAssignment,
    assignment_for,
)
from lightsout_edu.exercises.feedback import WrongForm, as_cells, as_whole_number
from lightsout_edu.fewest import optimal_press_counts
from lightsout_edu.linalg import rank, solve
from lightsout_edu.rules import toggle_matrix
from lightsout_edu.solver import solve_board

from .common import Question, as_answer_board, require

__all__ = [
    "QUESTIONS",
    "all_on_presses",
    "nullity",
    "verify_all_on_presses",
    "verify_counterexample",
    "verify_hardest_board",
    "verify_nullity",
    "verify_three_colour_presses",
    "verify_worst_case",
    "worst_case",
]


def nullity(task: VariantsAssignment) -> int:
    """The nullity of the student's ``size x size`` board with their rule (and edges)."""
    A = toggle_matrix(task.size, task.size, rule=task.rule, torus=task.torus)
    return task.size**2 - rank(A)


def all_on_presses(task: VariantsAssignment) -> NDArray[np.uint8]:
    """Presses that switch off every light of the student's graph."""
    x = solve(task.graph.toggle_matrix(), np.ones(task.graph.n_nodes, dtype=np.uint8))
    assert x is not None  # the all-on theorem
    return np.asarray(x, dtype=np.uint8)


def worst_case(task: VariantsAssignment) -> int:
    """The most presses a solvable board of the student's ``shape`` needs."""
    return len(optimal_press_counts(*task.shape)) - 1


def verify_nullity(student_id: str, answer: object) -> None:
    """Question 1: the nullity of the student's board, rule and edges."""
    task = assignment_for(student_id)
    try:
        given = as_whole_number(answer)
    except WrongForm as error:
        raise AssertionError(t("{error} The nullity is a whole number", error=error)) from None
    truth = nullity(task)
    ordinary = task.size**2 - rank(toggle_matrix(task.size, task.size, rule=task.rule))
    require(
        not (task.torus and given == ordinary != truth),
        t(
            "this is the nullity of the ordinary board; yours wraps around (a torus): the "
            "neighbours of an edge cell include cells on the opposite edge"
        ),
    )
    plus = task.size**2 - rank(toggle_matrix(task.size, task.size, torus=task.torus))
    require(
        not (task.rule != "plus" and given == plus != truth),
        t(
            "this is the nullity with the plus rule; your board uses the rule {rule} (look at "
            "its stencil, lo.RULES)",
            rule=repr(task.rule),
        ),
    )
    require(
        given == truth,
        t(
            "{nullity} is not the nullity: it is the number of cells minus the rank of the "
            "{n}x{n} toggle matrix of your rule",
            nullity=given,
            n=task.size**2,
        ),
    )


def verify_all_on_presses(student_id: str, answer: object) -> None:
    """Question 2: presses that switch off the all-on board of the student's graph."""
    graph = assignment_for(student_id).graph
    try:
        x = as_cells(answer, t("presses")).ravel()
    except WrongForm as error:
        raise AssertionError(str(error)) from None
    require(
        x.size == graph.n_nodes,
        t(
            "give one entry per vertex, {count} in all (1 = press it), not {given}",
            count=graph.n_nodes,
            given=x.size,
        ),
    )
    lights = (1 + graph.toggle_matrix().astype(np.int64) @ x) % 2
    on = [str(int(v)) for v in np.flatnonzero(lights)]
    require(
        not on,
        t(
            "after your presses {count} vertex is still on: {vertices} (numbered from 0). A "
            "press toggles the vertex and its neighbours"
            if len(on) == 1
            else "after your presses {count} vertices are still on: {vertices} (numbered from "
            "0). A press toggles the vertex and its neighbours",
            count=len(on),
            vertices=", ".join(on),
        ),
    )


def verify_three_colour_presses(student_id: str, answer: object) -> None:
    """Question 3: how often to press each cell to switch off the 3-colour board."""
    board = assignment_for(student_id).color_board
    x = as_answer_board(answer, board.shape, t("presses"), colors=3)
    after = press(board, x.astype(np.uint8), colors=3)
    if after.any():
        twice = press(board, (2 * x % 3).astype(np.uint8), colors=3)
        require(
            twice.any(),
            t(
                "your presses solve A x = b; but pressing adds to the board, so it is switched "
                "off when b + A x = 0, that is A x = -b = 2 b (mod 3)"
            ),
        )
        lit = int((after > 0).sum())
        require(
            False,
            t(
                "after your presses {count} cell is still lit. Each press adds 1 (mod 3) to the "
                "cell and its four neighbours"
                if lit == 1
                else "after your presses {count} cells are still lit. Each press adds 1 (mod 3) "
                "to the cell and its four neighbours",
                count=lit,
            ),
        )


def verify_counterexample(student_id: str, answer: object) -> None:
    """Question 4: a matrix on which the student's buggy rank is wrong."""
    task = assignment_for(student_id)
    k = task.matrix_size
    try:
        M = as_cells(answer, t("matrix"))
    except WrongForm as error:
        raise AssertionError(str(error)) from None
    require(
        M.shape == (k, k),
        t("give a {k}x{k} matrix of 0s and 1s, not one of shape {shape}", k=k, shape=M.shape),
    )
    require(M.any(axis=1).all(), t("every row of your matrix should hold at least one 1"))
    buggy, right = task.buggy_rank(M), rank(M.astype(np.uint8))
    require(
        buggy != right,
        t(
            "on your matrix {function} returns {buggy}, which is the right rank: this matrix "
            "does not catch the bug. Read the function and look for the step it gets wrong; "
            "then build a matrix that needs that step",
            function=task.buggy_rank.__name__,
            buggy=buggy,
        ),
    )


def verify_worst_case(student_id: str, answer: object) -> None:
    """Question 5: the most presses a solvable board of the student's size needs."""
    task = assignment_for(student_id)
    try:
        worst = as_whole_number(answer)
    except WrongForm as error:
        raise AssertionError(
            t("{error} The worst case is a number of presses", error=error)
        ) from None
    cells = task.shape[0] * task.shape[1]
    require(
        worst != cells,
        t(
            "your board has quiet patterns, so no board needs all its cells pressed: a lighter "
            "solution is a quiet pattern away"
        ),
    )
    require(
        worst == worst_case(task),
        t(
            "{worst} is not the worst case. Count, for every solvable board, its fewest presses "
            "(lo.optimal_press_counts does this for boards of up to 30 cells)",
            worst=worst,
        ),
    )


def verify_hardest_board(student_id: str, answer: object) -> None:
    """Question 6: a board of the student's size that needs the worst-case number of presses."""
    task = assignment_for(student_id)
    board = as_answer_board(answer, task.shape, t("hardest board")).astype(np.uint8)
    solution = solve_board(board)
    require(solution.solvable, t("this board cannot be switched off at all"))
    needed = int(solution.fewest_presses().sum())
    require(
        needed == worst_case(task),
        t(
            "this board can be switched off with {count} press, fewer than the hardest boards "
            "of your size need"
            if needed == 1
            else "this board can be switched off with {count} presses, fewer than the hardest "
            "boards of your size need",
            count=needed,
        ),
    )


#: The graded questions, in order.
QUESTIONS: tuple[Question, ...] = (
    Question("q1_test", "nullity", verify_nullity),
    Question("q2_test", "presses", verify_all_on_presses),
    Question("q3_test", "presses3", verify_three_colour_presses),
    Question("q4_test", "counterexample", verify_counterexample),
    Question("q5_test", "worst", verify_worst_case),
    Question("q6_test", "hardest", verify_hardest_board),
)
