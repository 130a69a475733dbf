"""The graded assignment of lectures 7-9, variants, checking and the worst case: the data.

The notebook (``grading/source/variants_and_worst_case``) reads the student's data here;
student ids are read by :mod:`.assignment_common`.  The graders are teacher-only.  The three
buggy rank functions are part of the assignment: each student gets one, reads it, and finds
a matrix on which it is wrong.

Examples
--------
>>> rank_without_row_swaps([[0, 1], [1, 0]]), rank_searching_one_row_too_low([[1]])
(1, 0)
>>> task = assignment_for("s1234567")
>>> task.buggy_rank in BUGGY_RANKS and task.shape in WORST_CASE_SHAPES
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from lightsout_edu._i18n import t
from lightsout_edu.graphs import Graph
from lightsout_edu.random_boards import random_board
from lightsout_edu.rules import RULES

from .assignment_common import student_id as read_student_id
from .assignment_common import student_rng

__all__ = [
    "BUGGY_RANKS",
    "NAME",
    "WORST_CASE_SHAPES",
    "VariantsAssignment",
    "assignment_for",
    "rank_searching_one_row_too_low",
    "rank_stopping_at_a_free_column",
    "rank_without_row_swaps",
]

#: The assignment's name in nbgrader (its folder in ``grading/source``).
NAME = "variants_and_worst_case"

#: Board sizes with quiet patterns and at most 16 cells: every press pattern can be searched.
WORST_CASE_SHAPES: tuple[tuple[int, int], ...] = (
    (2, 3),
    (2, 5),
    (2, 7),
    (3, 5),
    (4, 4),
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
        read_student_id(student_id),
        rule,
        size,
        torus,
        graph,
        color_board,
        bug,
        int(rng.integers(3, 6)),
        shape,
    )
