"""The graders of the assignment of lectures 5-6, all solutions and chasing (teacher-only).

The notebook is ``grading/source/solutions_and_chasing``; each student's boards come from
:mod:`lightsout_edu.exercises.assignment_solutions_and_chasing`.  Every question asks for a
function, graded on its own cell with NumPy only, after the student's toolbox cell (their
own elimination) and the answers it uses: the package's solvers and chase are not there, so
the counting, the coset, the search and the chase are the student's.  Each function runs on
the student's own board or chase board, then on cases they never see, made here from a seed
that the student package does not know.

Examples
--------
>>> task = assignment_for("s1234567")
>>> [len(cases) for cases in (systems(task), coset_boards(task), chases(task))]
[10, 5, 7]
>>> len(hidden_boards(task)), len(chase_boards(task))
(7, 6)
>>> [(q.grade_id, q.answer, q.alone) for q in QUESTIONS][:2]
[('q1_test', 'count_solutions', True), ('q2_test', 'all_solutions', True)]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import numpy as np
from numpy.typing import NDArray

from lightsout_edu._i18n import t
from lightsout_edu.boards import press
from lightsout_edu.chase import chase_lights
from lightsout_edu.exercises._student_code import StudentError, kind_of, run
from lightsout_edu.exercises.assignment_common import student_rng
from lightsout_edu.exercises.assignment_solutions_and_chasing import (
    CHASE_SIZES,
    NAME,
    SHAPES,
    ChasingAssignment,
    assignment_for,
)
from lightsout_edu.exercises.feedback import WrongForm, as_cells, as_pattern_list
from lightsout_edu.linalg import null_space, rank, solve
from lightsout_edu.random_boards import random_board
from lightsout_edu.rules import toggle_matrix
from lightsout_edu.solver import solve_board

from .common import Question, as_answer_board, call_student, require, shown, unquoted

__all__ = [
    "QUESTIONS",
    "SECONDS",
    "chase_boards",
    "chases",
    "coset_boards",
    "hidden_boards",
    "nullity",
    "systems",
    "verify_all_solutions",
    "verify_chase",
    "verify_count_solutions",
    "verify_fewest_presses_function",
    "verify_first_row_that_works",
]

#: Seconds one call of the student's function may take.
SECONDS = 10.0
#: How many random solvable boards the fewest-presses function is tried on, besides the
#: student's own, the dark board and the board of every cell pressed.
RANDOM_HIDDEN_BOARDS = 4
#: The sizes of the hidden boards the student's chase is tried on (any shape chases).
CHASE_SHAPES: tuple[tuple[int, int], ...] = ((5, 5), (4, 7), (7, 4), (2, 6), (9, 9), (1, 5))
#: The sizes of the hidden boards for the first row that works: one solution each.
FIRST_ROW_SIZES: tuple[int, ...] = (3, *CHASE_SIZES)

Matrix = NDArray[np.uint8]


def nullity(task: ChasingAssignment) -> int:
    """The nullity of the toggle matrix of the student's board size."""
    return task.shape[0] * task.shape[1] - rank(toggle_matrix(*task.shape))


def _count(A: Matrix, b: Matrix) -> int:
    """How many solutions ``A x = b`` has over GF(2): 0 or 2 to the nullity of A."""
    return 0 if solve(A, b) is None else int(2 ** (A.shape[1] - rank(A)))


def _low_rank(rng: np.random.Generator) -> Matrix:
    """A random m x n 0/1 matrix whose rank is below both m and n."""
    m, n = (int(v) for v in rng.integers(3, 11, size=2))
    inner = int(rng.integers(1, min(m, n)))
    left = rng.integers(0, 2, (m, inner))
    right = rng.integers(0, 2, (inner, n))
    return np.asarray(left @ right % 2, dtype=np.uint8)


def systems(task: ChasingAssignment) -> list[tuple[str, Matrix, Matrix]]:
    """The systems ``(case, A, b)`` the student's count is tried on, their board first.

    Then, hidden: the 5x5 and 4x4 toggle matrices with a solvable and an unsolvable board,
    the identity, and random systems of low rank with and without solutions (always the
    same for the same student).
    """
    rows, cols = task.shape
    rng = student_rng(task.student_id, f"{NAME}:hidden systems")
    own = (t("your board"), toggle_matrix(rows, cols), task.board.ravel())
    hidden: list[tuple[Matrix, Matrix]] = []
    for size in (5, 4):
        for solvable in (True, False):
            board = random_board(size, size, seed=int(rng.integers(2**31)), solvable=solvable)
            hidden.append((toggle_matrix(size, size), board.ravel()))
    hidden.append((np.eye(6, dtype=np.uint8), rng.integers(0, 2, 6).astype(np.uint8)))
    for solvable in (True, False, True, False):
        while True:
            M = _low_rank(rng)
            x = rng.integers(0, 2, M.shape[1])
            right = M.astype(np.int64) @ x % 2 if solvable else rng.integers(0, 2, M.shape[0])
            rhs: Matrix = np.asarray(right, dtype=np.uint8)
            if (solve(M, rhs) is not None) == solvable:
                hidden.append((M, rhs))
                break
    return [own] + [
        (t("a hidden system ({rows}x{cols})", rows=A.shape[0], cols=A.shape[1]), A, b)
        for A, b in hidden
    ]


def coset_boards(task: ChasingAssignment) -> list[tuple[str, NDArray[np.uint8]]]:
    """The solvable boards whose solutions the student lists, their own first.

    Then, hidden: the dark board and a random board of their size, and random boards of two
    other sizes of the assignment (always the same for the same student).
    """
    rows, cols = task.shape
    rng = student_rng(task.student_id, f"{NAME}:hidden cosets")
    others = [s for s in SHAPES if s != task.shape]
    picked = [others[int(k)] for k in rng.choice(len(others), 2, replace=False)]
    boards = [
        np.zeros(task.shape, dtype=np.uint8),
        random_board(rows, cols, seed=int(rng.integers(2**31)), solvable=True),
        *(random_board(r, c, seed=int(rng.integers(2**31)), solvable=True) for r, c in picked),
    ]
    return [(t("your board"), task.board)] + [
        (
            t(
                "hidden board {number} ({rows}x{cols})",
                number=k,
                rows=board.shape[0],
                cols=board.shape[1],
            ),
            board,
        )  # fmt: skip
        for k, board in enumerate(boards, start=2)
    ]


def _coset(board: NDArray[np.uint8], rng: np.random.Generator) -> tuple[Matrix, Matrix]:
    """One solution of ``board`` and a basis of its quiet patterns, shaped as boards.

    The solution is a random one of the coset, not the lightest: the search is the student's.
    """
    rows, cols = board.shape
    quiet = null_space(toggle_matrix(rows, cols)).reshape(-1, rows, cols)
    combination = rng.integers(0, 2, len(quiet)).astype(np.int64)
    presses = solve_board(board).presses
    assert presses is not None  # the boards of coset_boards and hidden_boards are solvable
    particular = (presses + np.tensordot(combination, quiet, 1)) % 2
    return particular.astype(np.uint8), quiet


def chases(task: ChasingAssignment) -> list[tuple[str, NDArray[np.uint8], NDArray[np.uint8]]]:
    """The ``(case, board, first_row)`` the student's chase is tried on, theirs first.

    Their chase board with nothing pressed in row 1, then hidden boards of several sizes with
    random first rows (always the same for the same student).
    """
    n = task.chase_board.shape[1]
    rng = student_rng(task.student_id, f"{NAME}:hidden chases")
    cases = [(t("your chase board"), task.chase_board, np.zeros(n, dtype=np.uint8))]
    for k, (rows, cols) in enumerate(CHASE_SHAPES, start=2):
        board = random_board(rows, cols, seed=int(rng.integers(2**31)))
        first = rng.integers(0, 2, cols).astype(np.uint8)
        case = t("hidden board {number} ({rows}x{cols})", number=k, rows=rows, cols=cols)
        cases.append((case, board, first))
    return cases


def chase_boards(task: ChasingAssignment) -> list[tuple[str, NDArray[np.uint8]]]:
    """The square boards the first-row function is tried on, each with one solution.

    The student's chase board, then random boards of the sizes :data:`FIRST_ROW_SIZES`.
    """
    rng = student_rng(task.student_id, f"{NAME}:hidden chase boards")
    cases = [(t("your chase board"), task.chase_board)]
    for k, n in enumerate(FIRST_ROW_SIZES, start=2):
        board = random_board(n, n, seed=int(rng.integers(2**31)))
        cases.append((t("hidden board {number} ({rows}x{cols})", number=k, rows=n, cols=n), board))
    return cases


def hidden_boards(task: ChasingAssignment) -> tuple[NDArray[np.uint8], ...]:
    """The boards the student's fewest-presses function is tried on, their own first.

    Then the dark board, the board of every cell pressed once, and random solvable boards
    of their size (always the same for the same student).
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


def verify_count_solutions(student_id: str, function: object) -> None:
    """Question 1: ``count_solutions(A, b)``, how many solutions ``A x = b`` has over GF(2)."""
    for number, (case, A, b) in enumerate(systems(assignment_for(student_id))):
        got = call_student(function, "count_solutions", A.copy(), b.copy(), case=case)
        require(
            isinstance(got, (int, np.integer)) and not isinstance(got, (bool, np.bool_)),
            t(
                "for {case} your function returned {got}, not a whole number",
                case=case,
                got=kind_of(got),
            ),
        )
        count, right = int(cast(int, got)), _count(A, b)
        d = A.shape[1] - rank(A)
        require(
            count == right or right == 0 or count != d or number > 0,  # named on their board only
            t(
                "for {case} your count {count} is the nullity d, the dimension of the kernel; "
                "the number of solutions is the number of quiet patterns with 0 included, one "
                "solution for each",
                case=case,
                count=shown(count, max(64, 2 * right)),
            ),
        )
        require(
            count == right,
            t(
                "for {case} your count is {count}, which is wrong: a system over GF(2) has no "
                "solution (a row 0 ... 0 | 1 after elimination of [A | b]) or one for each "
                "element of the kernel, 2 to the power of the nullity",
                case=case,
                count=shown(count, max(64, 2 * right)),
            ),
        )


def verify_all_solutions(student_id: str, function: object) -> None:
    """Question 2: ``all_solutions(particular, quiet)``, every solution of a board, each once.

    Given one solution of each board (a random one) and a basis of the quiet patterns of its
    size, it must list the whole coset.
    """
    task = assignment_for(student_id)
    mix = student_rng(task.student_id, f"{NAME}:hidden coset solutions")
    for case, board in coset_boards(task):
        particular, quiet = _coset(board, mix)
        got = call_student(function, "all_solutions", particular.copy(), quiet.copy(), case=case)
        try:
            solutions = as_pattern_list(got, board.shape)
        except WrongForm as error:
            raise AssertionError(
                t("for {case}: {error}", case=case, error=unquoted(error))
            ) from None
        for k, x in enumerate(solutions):
            left = _solves(x, board)
            require(
                left == 0,
                t(
                    "for {case} solution {number} is not a solution: it leaves {count} light on"
                    if left == 1
                    else "for {case} solution {number} is not a solution: it leaves {count} "
                    "lights on",
                    case=case,
                    number=k + 1,
                    count=left,
                ),
            )
        seen: dict[tuple[int, ...], int] = {}
        for k, x in enumerate(solutions):
            first = seen.setdefault(tuple(int(v) for v in x), k)
            require(
                first == k,
                t(
                    "for {case} solutions {first} and {second} are the same",
                    case=case,
                    first=first + 1,
                    second=k + 1,
                ),
            )
        require(
            len(solutions) == 2 ** len(quiet),
            t(
                "for {case} each of your {count} solution works, but the board has more: add "
                "each quiet pattern (and each sum of them) to the one solution"
                if len(solutions) == 1
                else "for {case} each of your {count} solutions works, but the board has more: "
                "add each quiet pattern (and each sum of them) to the one solution",
                case=case,
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
            given=kind_of(function),
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


def verify_chase(student_id: str, function: object) -> None:
    """Question 4: ``chase(board, first_row)``, the last row left on after the chase.

    The chase presses ``first_row``, then under every light of each row, from the top down.
    """
    for number, (case, board, first) in enumerate(chases(assignment_for(student_id))):
        n = board.shape[1]
        got = call_student(function, "chase", board.copy(), first.copy(), case=case)
        try:
            row = as_cells(got, t("last row")).ravel()
        except WrongForm as error:
            raise AssertionError(
                t("for {case}: {error}", case=case, error=unquoted(error))
            ) from None
        require(
            row.size == n,
            t(
                "for {case} the last row has {n} entries, not {given}",
                case=case,
                n=n,
                given=shown(row.size, 2 * n),
            ),
        )
        truth = np.asarray(chase_lights(board, first)[1], dtype=np.int64).ravel()
        if np.array_equal(row, truth):
            continue
        require(
            board.shape[0] == 1 or not np.array_equal(row, board[-1]),
            t(
                "for {case} this is the last row of the board before the chase; press the "
                "first row, then chase the lights of rows 1 to {last} down",
                case=case,
                last=board.shape[0] - 1,
            ),
        )
        wrong = np.flatnonzero(row != truth)
        if number == 0:  # the student's own board: which entries are wrong
            raise AssertionError(
                t(
                    "for {case} {count} entry of your last row is wrong (columns {columns}). "
                    "Press, in row k + 1, under every light of row k, from the top down; then "
                    "read the last row"
                    if len(wrong) == 1
                    else "for {case} {count} entries of your last row are wrong (columns "
                    "{columns}). Press, in row k + 1, under every light of row k, from the top "
                    "down; then read the last row",
                    case=case,
                    count=len(wrong),
                    columns=", ".join(str(int(j) + 1) for j in wrong),
                )
            )
        raise AssertionError(
            t(
                "for {case} your last row is wrong. Press the first row, then, in row k + 1, "
                "under every light of row k, from the top down; then read the last row",
                case=case,
            )
        )


def verify_first_row_that_works(student_id: str, function: object) -> None:
    """Question 5: ``first_row_that_works(board)``, a first row after which the chase clears.

    On square boards with one solution, the student's and hidden ones.
    """
    for case, board in chase_boards(assignment_for(student_id)):
        n = board.shape[1]
        got = call_student(function, "first_row_that_works", board.copy(), case=case)
        try:
            first = as_cells(got, t("first row")).ravel()
        except WrongForm as error:
            raise AssertionError(
                t("for {case}: {error}", case=case, error=unquoted(error))
            ) from None
        require(
            first.size == n,
            t(
                "for {case} the first row has {n} cells, not {given}",
                case=case,
                n=n,
                given=shown(first.size, 2 * n),
            ),
        )
        left = chase_lights(board, first.astype(np.uint8))[1]
        lit = [str(int(j) + 1) for j in np.flatnonzero(left)]
        require(
            not lit,
            t(
                "for {case} with this first row the chase leaves the lights in columns "
                "{columns} of the last row on. The leftover is C f + r0: solve C f = r0 for "
                "the first row f",
                case=case,
                columns=", ".join(lit),
            ),
        )


#: The graded questions, in order: each one a function, graded alone after the toolbox and
#: the answers it uses.
QUESTIONS: tuple[Question, ...] = (
    Question("q1_test", "count_solutions", verify_count_solutions, True, "q1_answer", ("toolbox",)),
    Question("q2_test", "all_solutions", verify_all_solutions, True, "q2_answer", ("toolbox",)),
    Question(
        "q3_test",
        "fewest_presses",
        verify_fewest_presses_function,
        alone=True,
        answer_cell="q3_answer",
    ),
    Question("q4_test", "chase", verify_chase, True, "q4_answer", ("toolbox",)),
    Question(
        "q5_test",
        "first_row_that_works",
        verify_first_row_that_works,
        True,
        "q5_answer",
        ("toolbox", "q4_answer"),
    ),
)
