"""The graders of the assignment of lectures 3-4, the kernel and solvability (teacher-only).

The notebook is ``grading/source/kernel_and_solvability``; each student's boards come from
:mod:`lightsout_edu.exercises.assignment`.  Every question asks for a function of a 0/1
matrix over GF(2) -- its nullity, a basis of its kernel, whether ``A x = b`` has a solution,
a certificate that it has none -- and every one is graded on its own cell with NumPy only,
after the student's toolbox cell (their own elimination): the package's solvers are not
there, so the linear algebra is the student's.  Each function runs on the toggle matrix of
the student's board size and their boards, then on matrices they never see.

Examples
--------
>>> task = assignment_for("s1234567")
>>> [len(cases) for cases in (matrices(task), systems(task, True), systems(task, False))]
[12, 7, 6]
>>> [(q.grade_id, q.answer, q.alone) for q in QUESTIONS][:2]
[('q1_test', 'nullity', True), ('q2_test', 'kernel_basis', True)]
"""

from __future__ import annotations

from typing import cast

import numpy as np
from numpy.typing import NDArray

from lightsout_edu._i18n import t
from lightsout_edu.exercises._student_code import kind_of, shown_shape
from lightsout_edu.exercises.assignment import Assignment, assignment_for
from lightsout_edu.exercises.assignment_common import student_rng
from lightsout_edu.exercises.feedback import WrongForm, as_cells, check_basis
from lightsout_edu.linalg import rank, solve
from lightsout_edu.rules import toggle_matrix

from .common import Question, call_student, require, shown, unquoted

__all__ = [
    "QUESTIONS",
    "matrices",
    "systems",
    "verify_certificate",
    "verify_kernel_basis",
    "verify_nullity",
    "verify_solvable",
]

Matrix = NDArray[np.uint8]


def _case_of(A: Matrix, k: int) -> str:
    if k == 0:
        return t("the toggle matrix of your board size ({n}x{n})", n=A.shape[0])
    return t("hidden matrix {number} ({rows}x{cols})", number=k, rows=A.shape[0], cols=A.shape[1])


def matrices(task: Assignment) -> list[Matrix]:
    """The matrices the student's nullity and kernel functions are tried on, theirs first.

    The toggle matrix of their board size; then, hidden, matrices with and without a kernel,
    square and not (the zero matrix, the identity, one row, one column, the toggle matrices
    of the 4x4 and 5x5 boards) and random ones of low rank (always the same for a student).
    """
    rows, cols = task.shape
    rng = student_rng(task.student_id, "kernel_and_solvability:hidden matrices")
    fixed = [
        toggle_matrix(rows, cols),
        np.zeros((3, 5), dtype=np.uint8),
        np.eye(4, dtype=np.uint8),
        np.ones((1, 6), dtype=np.uint8),
        np.ones((5, 1), dtype=np.uint8),
        toggle_matrix(4, 4),
        toggle_matrix(5, 5),
    ]
    return fixed + [_low_rank(rng) for _ in range(5)]


def _low_rank(rng: np.random.Generator) -> Matrix:
    """A random m x n 0/1 matrix whose rank is below both m and n."""
    m, n = (int(v) for v in rng.integers(3, 13, size=2))
    inner = int(rng.integers(1, min(m, n)))
    left = rng.integers(0, 2, (m, inner))
    right = rng.integers(0, 2, (inner, n))
    return np.asarray(left @ right % 2, dtype=np.uint8)


def systems(task: Assignment, solvable: bool) -> list[tuple[Matrix, Matrix]]:
    """Systems ``(A, b)`` that have a solution (``solvable``) or not, the student's first.

    The student's boards with their toggle matrix first; then, hidden, random systems of
    low rank (a right side made from a solution, or one that a certificate rules out).
    """
    rows, cols = task.shape
    A = toggle_matrix(rows, cols)
    own = [(A, b.ravel()) for b in task.boards if (solve(A, b.ravel()) is not None) == solvable]
    rng = student_rng(task.student_id, f"kernel_and_solvability:hidden systems {solvable}")
    hidden: list[tuple[Matrix, Matrix]] = []
    while len(hidden) < 5:
        M = _low_rank(rng)
        b: Matrix = np.asarray(rng.integers(0, 2, M.shape[0]), dtype=np.uint8)
        if solvable:
            b = np.asarray(M.astype(np.int64) @ rng.integers(0, 2, M.shape[1]) % 2, np.uint8)
        if (solve(M, b) is not None) == solvable:
            hidden.append((M, b))
    return own + hidden


def verify_nullity(student_id: str, function: object) -> None:
    """Question 1: ``nullity(A)``, the dimension of the kernel of A over GF(2)."""
    for k, A in enumerate(matrices(assignment_for(student_id))):
        case = _case_of(A, k)
        got = call_student(function, "nullity", A.copy(), case=case)
        require(
            isinstance(got, (int, np.integer)) and not isinstance(got, (bool, np.bool_)),
            t(
                "for {case} your function returned {got}, not a whole number",
                case=case,
                got=kind_of(got),
            ),
        )
        right = A.shape[1] - rank(A)
        require(
            int(cast(int, got)) == right,
            t(
                "for {case} your nullity is {got}, which is wrong: the nullity is the number "
                "of columns minus the number of pivots after elimination over GF(2)",
                case=case,
                got=shown(got, A.shape[1]),
            ),
        )


def verify_kernel_basis(student_id: str, function: object) -> None:
    """Question 2: ``kernel_basis(A)``, a basis of ker A (one vector a row)."""
    for k, A in enumerate(matrices(assignment_for(student_id))):
        case = _case_of(A, k)
        got = call_student(function, "kernel_basis", A.copy(), case=case)
        n, dim = A.shape[1], A.shape[1] - rank(A)
        try:
            empty = isinstance(got, (list, tuple, np.ndarray)) and len(got) == 0
            vectors = np.zeros((0, n), dtype=np.int64) if empty else as_cells(got, t("basis"))
        except WrongForm as error:
            raise AssertionError(
                t("for {case}: {error}", case=case, error=unquoted(error))
            ) from None
        if vectors.ndim == 1 and dim == 1 and vectors.size == n:
            vectors = vectors.reshape(1, n)
        require(
            vectors.ndim == 2 and vectors.shape[1] == n,
            t(
                "for {case} give the basis as an array with one vector of length {n} a row, "
                "not {shape}",
                case=case,
                n=n,
                shape=shown_shape(vectors.shape),
            ),
        )
        verdict = check_basis(vectors.astype(np.int64), A.astype(np.int64), (1, A.shape[0]))
        require(verdict, t("for {case}, {message}", case=case, message=verdict.message))


def verify_solvable(student_id: str, function: object) -> None:
    """Question 3: ``solvable(A, b)``, whether ``A x = b`` has a solution over GF(2)."""
    task = assignment_for(student_id)
    cases = [(A, b, True) for A, b in systems(task, True)]
    cases += [(A, b, False) for A, b in systems(task, False)]
    for A, b, right in cases:
        case = _system_case(task, A, b)
        got = call_student(function, "solvable", A.copy(), b.copy(), case=case)
        require(
            isinstance(got, (bool, np.bool_)),
            t("for {case} your function returned {got}, not True or False", case=case,
              got=kind_of(got)),
        )  # fmt: skip
        require(
            bool(got) == right,
            t(
                "for {case} your function says {got}, which is wrong: after elimination of "
                "[A | b], look for a row 0 ... 0 | 1",
                case=case,
                got=bool(got),
            ),
        )


def _system_case(task: Assignment, A: Matrix, b: Matrix) -> str:
    for number, board in enumerate(task.boards, start=1):
        if A.shape[0] == board.size and np.array_equal(b, board.ravel()):
            return t("your board {number}", number=number)
    return t("a hidden system ({rows}x{cols})", rows=A.shape[0], cols=A.shape[1])


def verify_certificate(student_id: str, function: object) -> None:
    """Question 4: ``certificate(A, b)`` for an unsolvable system.

    It must return y with A^T y = 0 and y . b = 1 over GF(2).
    """
    task = assignment_for(student_id)
    for A, b in systems(task, False):
        case = _system_case(task, A, b)
        got = call_student(function, "certificate", A.copy(), b.copy(), case=case)
        try:
            y = as_cells(got, t("certificate")).ravel()
        except WrongForm as error:
            raise AssertionError(
                t("for {case}: {error}", case=case, error=unquoted(error))
            ) from None
        m = A.shape[0]
        require(
            y.size == m,
            t("for {case} y should have {m} entries, one per equation, not {given}", case=case,
              m=m, given=shown(y.size, 2 * m)),
        )  # fmt: skip
        require(
            not (A.T.astype(np.int64) @ y % 2).any(),
            t("for {case} y is not in the kernel of A^T: y^T A is not 0", case=case),
        )
        require(
            int(y @ b.astype(np.int64)) % 2 == 1,
            t(
                "for {case} y . b = 0, so y proves nothing: look in the left kernel for a y "
                "with y . b = 1",
                case=case,
            ),
        )


#: The graded questions, in order: each one a function, graded alone after the toolbox and
#: the answers before it (a later answer may use an earlier function).
QUESTIONS: tuple[Question, ...] = (
    Question("q1_test", "nullity", verify_nullity, True, "q1_answer", ("toolbox",)),
    Question(
        "q2_test", "kernel_basis", verify_kernel_basis, True, "q2_answer", ("toolbox", "q1_answer")
    ),
    Question(
        "q3_test",
        "solvable",
        verify_solvable,
        True,
        "q3_answer",
        ("toolbox", "q1_answer", "q2_answer"),
    ),
    Question(
        "q4_test",
        "certificate",
        verify_certificate,
        True,
        "q4_answer",
        ("toolbox", "q1_answer", "q2_answer", "q3_answer"),
    ),
)
