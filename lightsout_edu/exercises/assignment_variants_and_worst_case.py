"""The graded assignment of lectures 7-9, variants, checking and the worst case: data, grading.

The ``verify_*`` functions are what nbgrader's hidden tests call
(``grading/source/variants_and_worst_case``); student ids and copy detection are in
:mod:`.assignment_common`.  The three buggy rank functions are part of the assignment: each
student gets one, reads it, and finds a matrix on which it is wrong.

Examples
--------
>>> rank_without_row_swaps([[0, 1], [1, 0]]), rank_searching_one_row_too_low([[1]])
(1, 0)
>>> task = assignment_for("s1234567")
>>> verify_worst_case("s1234567", task.worst_case)
>>> verify_worst_case("s1234567", task.shape[0] * task.shape[1])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: your board has quiet patterns, so no board needs all its cells pressed: ...
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lightsout_edu._i18n import t
from lightsout_edu.boards import press
from lightsout_edu.fewest import optimal_press_counts
from lightsout_edu.graphs import Graph
from lightsout_edu.linalg import rank, solve
from lightsout_edu.random_boards import random_board
from lightsout_edu.rules import RULES, toggle_matrix
from lightsout_edu.solver import solve_board

from .assignment_common import as_answer_board, require, student_rng, verify_student
from .feedback import WrongForm, as_cells, as_whole_number, grader

__all__ = [
    "BUGGY_RANKS",
    "NAME",
    "WORST_CASE_SHAPES",
    "VariantsAssignment",
    "assignment_for",
    "rank_searching_one_row_too_low",
    "rank_stopping_at_a_free_column",
    "rank_without_row_swaps",
    "verify_all_on_presses",
    "verify_counterexample",
    "verify_hardest_board",
    "verify_nullity",
    "verify_three_colour_presses",
    "verify_worst_case",
]

#: The assignment's name in nbgrader (its folder in ``grading/source``).
NAME = "variants_and_worst_case"

#: Board sizes with quiet patterns and at most 25 cells: every board can be counted.
WORST_CASE_SHAPES: tuple[tuple[int, int], ...] = (
    (2, 3),
    (2, 5),
    (2, 7),
    (2, 9),
    (2, 11),
    (3, 5),
    (3, 8),
    (4, 4),
    (5, 5),
)


def _copy(A: ArrayLike) -> NDArray[np.uint8]:
    return np.array(A, dtype=np.uint8) % 2


def rank_without_row_swaps(A: ArrayLike) -> int:
    """Buggy: the pivot must already be in place; a 1 further down is never looked for."""
    M = _copy(A)
    rank = 0
    for col in range(M.shape[1]):
        if rank == M.shape[0] or M[rank, col] == 0:
            continue
        for r in range(M.shape[0]):
            if r != rank and M[r, col]:
                M[r] ^= M[rank]
        rank += 1
    return rank


def rank_searching_one_row_too_low(A: ArrayLike) -> int:
    """Buggy: the pivot search starts one row below the current row."""
    M = _copy(A)
    rank = 0
    for col in range(M.shape[1]):
        below = np.flatnonzero(M[rank + 1 :, col])
        if rank == M.shape[0] or not len(below):
            continue
        pivot = rank + 1 + int(below[0])
        M[[rank, pivot]] = M[[pivot, rank]]
        for r in range(M.shape[0]):
            if r != rank and M[r, col]:
                M[r] ^= M[rank]
        rank += 1
    return rank


def rank_stopping_at_a_free_column(A: ArrayLike) -> int:
    """Buggy: the elimination stops at the first column without a pivot."""
    M = _copy(A)
    rank = 0
    for col in range(M.shape[1]):
        ones = np.flatnonzero(M[rank:, col])
        if not len(ones):
            break
        pivot = rank + int(ones[0])
        M[[rank, pivot]] = M[[pivot, rank]]
        for r in range(M.shape[0]):
            if r != rank and M[r, col]:
                M[r] ^= M[rank]
        rank += 1
    return rank


#: The planted bugs of question 4, one per student.
BUGGY_RANKS: tuple[Callable[[ArrayLike], int], ...] = (
    rank_without_row_swaps,
    rank_searching_one_row_too_low,
    rank_stopping_at_a_free_column,
)


@dataclass(frozen=True)
class VariantsAssignment:
    """One student's data for questions 1-6 (see the notebook)."""

    student_id: str
    rule: str
    size: int
    torus: bool
    graph: Graph
    color_board: NDArray[np.uint8]
    buggy_rank: Callable[[ArrayLike], int]
    matrix_size: int
    shape: tuple[int, int]

    @property
    def nullity(self) -> int:
        """The nullity of the ``size x size`` board with ``rule`` (on a torus if ``torus``)."""
        A = toggle_matrix(self.size, self.size, rule=self.rule, torus=self.torus)
        return self.size**2 - rank(A)

    @property
    def all_on_presses(self) -> NDArray[np.uint8]:
        """Presses that switch off every light of ``graph``."""
        x = solve(self.graph.toggle_matrix(), np.ones(self.graph.n_nodes, dtype=np.uint8))
        assert x is not None  # the all-on theorem
        return np.asarray(x, dtype=np.uint8)

    @property
    def worst_case(self) -> int:
        """The most presses a solvable board of ``shape`` needs."""
        return len(optimal_press_counts(*self.shape)) - 1


def _graph(rng: np.random.Generator) -> Graph:
    """A connected random graph on 8 to 10 vertices, drawn on a circle."""
    n = int(rng.integers(8, 11))
    while True:
        edges = tuple((i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.3)
        adjacency = np.eye(n, dtype=np.int64)
        for i, j in edges:
            adjacency[i, j] = adjacency[j, i] = 1
        reach = np.linalg.matrix_power(adjacency, n) > 0
        if reach.all():
            break
    positions = tuple(
        (math.cos(math.pi / 2 - 2 * math.pi * k / n), math.sin(math.pi / 2 - 2 * math.pi * k / n))
        for k in range(n)
    )
    return Graph(t("your graph ({n} vertices)", n=n), n, edges, positions)


def assignment_for(student_id: str) -> VariantsAssignment:
    """The data of ``student_id``: always the same for the same id."""
    rng = student_rng(student_id, NAME)
    rule = sorted(RULES)[int(rng.integers(len(RULES)))]
    size = int(rng.integers(3, 9))
    torus = bool(rng.integers(2))
    graph = _graph(rng)
    n = int(rng.integers(3, 5))
    color_board = random_board(n, n, seed=int(rng.integers(2**31)), colors=3, solvable=True)
    bug = BUGGY_RANKS[int(rng.integers(len(BUGGY_RANKS)))]
    shape = WORST_CASE_SHAPES[int(rng.integers(len(WORST_CASE_SHAPES)))]
    return VariantsAssignment(
        student_id.strip(),
        rule,
        size,
        torus,
        graph,
        color_board,
        bug,
        int(rng.integers(3, 6)),
        shape,
    )


@grader
def verify_nullity(student_id: str, answer: object) -> None:
    """Question 1: the nullity of the student's board, rule and edges."""
    verify_student(student_id)
    task = assignment_for(student_id)
    try:
        nullity = as_whole_number(answer)
    except WrongForm as error:
        raise AssertionError(t("{error} The nullity is a whole number", error=error)) from None
    ordinary = task.size**2 - rank(toggle_matrix(task.size, task.size, rule=task.rule))
    require(
        not (task.torus and nullity == ordinary != task.nullity),
        t(
            "this is the nullity of the ordinary board; yours wraps around (a torus): the "
            "neighbours of an edge cell include cells on the opposite edge"
        ),
    )
    plus = task.size**2 - rank(toggle_matrix(task.size, task.size, torus=task.torus))
    require(
        not (task.rule != "plus" and nullity == plus != task.nullity),
        t(
            "this is the nullity with the plus rule; your board uses the rule {rule} (look at "
            "its stencil, lo.RULES)",
            rule=repr(task.rule),
        ),
    )
    require(
        nullity == task.nullity,
        t(
            "{nullity} is not the nullity: it is the number of cells minus the rank of the "
            "{n}x{n} toggle matrix of your rule",
            nullity=nullity,
            n=task.size**2,
        ),
    )


@grader
def verify_all_on_presses(student_id: str, answer: object) -> None:
    """Question 2: presses that switch off the all-on board of the student's graph."""
    verify_student(student_id)
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


@grader
def verify_three_colour_presses(student_id: str, answer: object) -> None:
    """Question 3: how often to press each cell to switch off the 3-colour board."""
    verify_student(student_id)
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


@grader
def verify_counterexample(student_id: str, answer: object) -> None:
    """Question 4: a matrix on which the student's buggy rank is wrong."""
    verify_student(student_id)
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


@grader
def verify_worst_case(student_id: str, answer: object) -> None:
    """Question 5: the most presses a solvable board of the student's size needs."""
    verify_student(student_id)
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
        worst == task.worst_case,
        t(
            "{worst} is not the worst case. Count, for every solvable board, its fewest presses "
            "(lo.optimal_press_counts does this for boards of up to 30 cells)",
            worst=worst,
        ),
    )


@grader
def verify_hardest_board(student_id: str, answer: object) -> None:
    """Question 6: a board of the student's size that needs the worst-case number of presses."""
    verify_student(student_id)
    task = assignment_for(student_id)
    board = as_answer_board(answer, task.shape, t("hardest board")).astype(np.uint8)
    solution = solve_board(board)
    require(solution.solvable, t("this board cannot be switched off at all"))
    needed = int(solution.fewest_presses().sum())
    require(
        needed == task.worst_case,
        t(
            "this board can be switched off with {count} press, fewer than the hardest boards "
            "of your size need"
            if needed == 1
            else "this board can be switched off with {count} presses, fewer than the hardest "
            "boards of your size need",
            count=needed,
        ),
    )
