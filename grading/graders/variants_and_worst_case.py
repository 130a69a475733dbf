"""The graders of the assignment of lectures 7-9, variants and the worst case (teacher-only).

The notebook is ``grading/source/variants_and_worst_case``; each student's data comes from
:mod:`lightsout_edu.exercises.assignment_variants_and_worst_case`.  Questions 1-3, 5 and 6
each ask for a function -- the toggle matrix of a rule, a solution over GF(2), a solution
over GF(3), the worst case and a hardest press pattern from a basis of the quiet patterns --
and each is graded on its own cell with NumPy only, after the student's toolbox cell (their
own elimination): the package's solvers are not there, so the mathematics is the student's.
Each function runs on the student's own data first, then on cases they never see.
Question 4 asks for a matrix that catches a planted bug: no library call finds it.

Examples
--------
>>> task = assignment_for("s1234567")
>>> [len(cases) for cases in (rule_cases(task), gf2_systems(task), gf3_systems(task))]
[6, 9, 8]
>>> [len(cases) for cases in (quiet_cases(task),)]
[6]
>>> [(q.grade_id, q.answer, q.alone) for q in QUESTIONS][:2]
[('q1_test', 'rule_toggle_matrix', True), ('q2_test', 'solve_gf2', True)]
>>> worst_case_of(null_space(toggle_matrix(2, 3)), 6)
3
"""

from __future__ import annotations

import itertools
from typing import cast

import numpy as np
from numpy.typing import NDArray

from lightsout_edu._i18n import t
from lightsout_edu.exercises._student_code import kind_of, shown_shape
from lightsout_edu.exercises.assignment_common import student_rng
from lightsout_edu.exercises.assignment_variants_and_worst_case import (
    WORST_CASE_SHAPES,
    VariantsAssignment,
    assignment_for,
)
from lightsout_edu.exercises.feedback import WrongForm, as_cells
from lightsout_edu.linalg import null_space, rank, solve
from lightsout_edu.rules import RULES, toggle_matrix

from .common import Question, call_student, require, shown, unquoted

__all__ = [
    "QUESTIONS",
    "gf2_systems",
    "gf3_systems",
    "quiet_cases",
    "rule_cases",
    "verify_counterexample",
    "verify_hardest_presses",
    "verify_rule_toggle_matrix",
    "verify_solve_gf2",
    "verify_solve_mod3",
    "verify_worst_case",
    "worst_case_of",
]

#: Seconds one call of the student's function may take.
SECONDS = 10.0
#: Seconds for the worst case and the hardest presses: a search over every press pattern.
SEARCH_SECONDS = 30.0
Matrix = NDArray[np.uint8]


# Question 1 ------------------------------------------------------------------------------


def rule_cases(task: VariantsAssignment) -> list[tuple[int, str, bool]]:
    """Boards ``(n, rule, torus)`` the student's ``rule_toggle_matrix`` is tried on, theirs first.

    The student's board; then, hidden, each rule of ``lo.RULES`` on a random size from 3 to 6
    and a random choice of edges, and the student's rule with the other edges.
    """
    rng = student_rng(task.student_id, "variants_and_worst_case:hidden rules")
    hidden = [(int(rng.integers(3, 7)), rule, bool(rng.integers(2))) for rule in sorted(RULES)]
    return [
        (task.size, task.rule, task.torus),
        *hidden,
        (int(rng.integers(3, 7)), task.rule, not task.torus),
    ]


def _rule_case(k: int, n: int, rule: str, torus: bool) -> str:
    where = t("on the torus") if torus else t("not wrapping around")
    if k == 0:
        return t("your board ({n}x{n}, rule {rule}, {where})", n=n, rule=repr(rule), where=where)
    return t(
        "hidden board {number} ({n}x{n}, rule {rule}, {where})",
        number=k,
        n=n,
        rule=repr(rule),
        where=where,
    )


def verify_rule_toggle_matrix(student_id: str, function: object) -> None:
    """Question 1: ``rule_toggle_matrix(n, stencil, torus)``, the toggle matrix of a rule."""
    for k, (n, rule, torus) in enumerate(rule_cases(assignment_for(student_id))):
        case = _rule_case(k, n, rule, torus)
        stencil = RULES[rule].copy()
        got = call_student(function, "rule_toggle_matrix", n, stencil, torus, case=case)
        try:
            A = as_cells(got, t("toggle matrix"))
        except WrongForm as error:
            raise AssertionError(
                t("for {case}: {error}", case=case, error=unquoted(error))
            ) from None
        require(
            A.shape == (n * n, n * n),
            t(
                "for {case} your function returned a matrix of shape {shape}; a board with "
                "N = {cells} cells has an {cells}x{cells} toggle matrix",
                case=case,
                shape=shown_shape(A.shape),
                cells=n * n,
            ),
        )
        truth = toggle_matrix(n, n, rule=rule, torus=torus).astype(np.int64)
        wrong = [j for j in range(n * n) if not np.array_equal(A[:, j], truth[:, j])]
        if not wrong:
            continue
        j = wrong[0]
        message = t(
            "for {case}, column {column} of your matrix is wrong: it should hold the lights "
            "that pressing cell {column} (row {row}, column {col}) changes, the stencil "
            "centred on that cell",
            case=case,
            column=j + 1,
            row=j // n + 1,
            col=j % n + 1,
        )
        other = toggle_matrix(n, n, rule=rule, torus=not torus).astype(np.int64)
        if np.array_equal(A, other):
            message += (
                t(". This board wraps around: the stencil goes on at the opposite edge")
                if torus
                else t(". This board does not wrap around: a cell on the edge has fewer neighbours")
            )
        elif A[j, j] != truth[j, j]:
            message += t(
                ". The centre of the stencil says whether a press changes the pressed cell itself"
            )
        require(False, message)


# Questions 2 and 3 -------------------------------------------------------------------------


def _low_rank(rng: np.random.Generator, k: int) -> Matrix:
    """A random m x n matrix mod k whose rank is below both m and n."""
    m, n = (int(v) for v in rng.integers(3, 10, size=2))
    inner = int(rng.integers(1, min(m, n)))
    left = rng.integers(0, k, (m, inner))
    right = rng.integers(0, k, (inner, n))
    return np.asarray(left @ right % k, dtype=np.uint8)


def _hidden_systems(
    rng: np.random.Generator, k: int, solvable: int, not_solvable: int
) -> list[tuple[Matrix, Matrix]]:
    found: list[tuple[Matrix, Matrix]] = []
    wanted = [True] * solvable + [False] * not_solvable
    for want in wanted:
        while True:
            M = _low_rank(rng, k)
            if want:
                b = np.asarray(M.astype(np.int64) @ rng.integers(0, k, M.shape[1]) % k, np.uint8)
            else:
                b = np.asarray(rng.integers(0, k, M.shape[0]), dtype=np.uint8)
            if (solve(M, b, modulus=k) is not None) == want:
                found.append((M, b))
                break
    return found


def gf2_systems(task: VariantsAssignment) -> list[tuple[str, Matrix, Matrix]]:
    """Systems ``(case, A, b)`` the student's ``solve_gf2`` is tried on, theirs first.

    The all-on board of the student's graph; hidden, the same graph with the neighbours-only
    rule (its adjacency matrix, solvable or not), the 5x5 board all on, and random systems of
    low rank, four with a solution and three without.
    """
    graph = task.graph
    A = graph.toggle_matrix().astype(np.uint8)
    ones = np.ones(graph.n_nodes, dtype=np.uint8)
    adjacency = (A ^ np.eye(graph.n_nodes, dtype=np.uint8)).astype(np.uint8)
    rng = student_rng(task.student_id, "variants_and_worst_case:hidden systems mod 2")
    cases = [
        (t("the all-on board of your graph"), A, ones),
        (t("your graph with the neighbours-only rule, all on"), adjacency, ones.copy()),
        (t("the 5x5 board, all on"), toggle_matrix(5, 5).astype(np.uint8), np.ones(25, np.uint8)),
    ]
    return cases + [
        (
            t(
                "hidden system {number} ({m} equations, {n} unknowns)",
                number=k,
                m=M.shape[0],
                n=M.shape[1],
            ),
            M,
            b,
        )  # fmt: skip
        for k, (M, b) in enumerate(_hidden_systems(rng, 2, 4, 2), start=1)
    ]


def gf3_systems(task: VariantsAssignment) -> list[tuple[str, Matrix, Matrix]]:
    """Systems ``(case, A, b)`` mod 3 the student's ``solve_mod3`` is tried on, theirs first.

    The student's three-colour board (``A x = -board``); hidden, the 4x4 and 5x5 boards with
    three colours and random lights, and random systems of low rank mod 3.
    """
    board = task.color_board
    n = board.shape[0]
    rng = student_rng(task.student_id, "variants_and_worst_case:hidden systems mod 3")
    cases = [
        (
            t("your three-colour board (b = -board mod 3)"),
            toggle_matrix(n, n, colors=3).astype(np.uint8),
            np.asarray((-board.astype(np.int64)).ravel() % 3, dtype=np.uint8),
        )
    ]
    for size in (4, 5):
        b = np.asarray(rng.integers(0, 3, size * size), dtype=np.uint8)
        cases.append(
            (
                t("a hidden {n}x{n} three-colour board", n=size),
                toggle_matrix(size, size, colors=3).astype(np.uint8),
                b,
            )
        )
    return cases + [
        (
            t(
                "hidden system {number} ({m} equations, {n} unknowns)",
                number=k,
                m=M.shape[0],
                n=M.shape[1],
            ),
            M,
            b,
        )  # fmt: skip
        for k, (M, b) in enumerate(_hidden_systems(rng, 3, 3, 2), start=1)
    ]


def _verify_solver(
    name: str, k: int, function: object, cases: list[tuple[str, Matrix, Matrix]]
) -> None:
    for case, A, b in cases:
        got = call_student(function, name, A.copy(), b.copy(), case=case, none_allowed=True)
        solvable = solve(A, b, modulus=k) is not None
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
                "then {name} should return None",
                case=case,
                got=kind_of(got),
                name=name,
            ),
        )
        try:
            x = as_cells(got, t("solution x"), colors=k).ravel()
        except WrongForm as error:
            raise AssertionError(
                t("for {case}: {error}", case=case, error=unquoted(error))
            ) from None
        require(
            x.size == A.shape[1],
            t(
                "for {case} x should have {n} entries, one per unknown, not {given}",
                case=case,
                n=A.shape[1],
                given=shown(x.size, 2 * A.shape[1]),
            ),
        )
        wrong = np.flatnonzero((A.astype(np.int64) @ x - b) % k)
        require(
            not wrong.size,
            t(
                "for {case} A x = b does not hold: with your x, {count} of the {m} equations "
                "fail (mod {k})",
                case=case,
                count=wrong.size,
                m=A.shape[0],
                k=k,
            ),
        )


def verify_solve_gf2(student_id: str, function: object) -> None:
    """Question 2: ``solve_gf2(A, b)``, one solution of A x = b over GF(2), or None."""
    _verify_solver("solve_gf2", 2, function, gf2_systems(assignment_for(student_id)))


def verify_solve_mod3(student_id: str, function: object) -> None:
    """Question 3: ``solve_mod3(A, b)``, one solution of A x = b mod 3, or None."""
    _verify_solver("solve_mod3", 3, function, gf3_systems(assignment_for(student_id)))


# Question 4 --------------------------------------------------------------------------------


def verify_counterexample(student_id: str, answer: object) -> None:
    """Question 4: a matrix on which the student's buggy rank is wrong."""
    task = assignment_for(student_id)
    k = task.matrix_size
    try:
        M = as_cells(answer, t("matrix"))
    except WrongForm as error:
        raise AssertionError(unquoted(error)) from None
    require(
        M.shape == (k, k),
        t(
            "give a {k}x{k} matrix of 0s and 1s, not one of shape {shape}",
            k=k,
            shape=shown_shape(M.shape),
        ),
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


# Questions 5 and 6 -------------------------------------------------------------------------


def _fewest(quiet: NDArray[np.int64], n: int) -> NDArray[np.int64]:
    """For every press pattern x (x = bits of its index), the fewest presses of its board A x."""
    X = (np.arange(2**n)[:, None] >> np.arange(n)) & 1
    best = X.sum(axis=1)
    for c in itertools.product((0, 1), repeat=len(quiet)):
        if any(c):
            k = np.array(c) @ quiet % 2
            best = np.minimum(best, (X ^ k).sum(axis=1))
    return np.asarray(best)


def worst_case_of(quiet: NDArray[np.integer], n: int) -> int:
    """The most presses a solvable board needs, when ``quiet`` is a basis of the quiet patterns."""
    return int(_fewest(np.asarray(quiet, dtype=np.int64).reshape(-1, n), n).max())


def _random_code(rng: np.random.Generator) -> Matrix:
    n = int(rng.integers(8, 13))
    d = int(rng.integers(1, 4))
    while True:
        Q = np.asarray(rng.integers(0, 2, (d, n)), dtype=np.uint8)
        if rank(Q) == d:
            return Q


def quiet_cases(task: VariantsAssignment) -> list[tuple[str, Matrix]]:
    """Bases ``(case, quiet)`` of quiet patterns the worst-case functions are tried on.

    The student's board first; hidden, two other small boards, the 3x3 board (no quiet
    pattern: a basis of shape (0, 9)) and two random bases of 8 to 12 cells.
    """
    rows, cols = task.shape
    rng = student_rng(task.student_id, "variants_and_worst_case:hidden quiet patterns")
    others = [s for s in WORST_CASE_SHAPES if s != task.shape and s[0] * s[1] <= 15]
    picked = [others[int(i)] for i in rng.choice(len(others), 2, replace=False)]
    cases = [(t("your {rows}x{cols} board", rows=rows, cols=cols), _quiet(rows, cols))]
    cases += [(t("a hidden {rows}x{cols} board", rows=r, cols=c), _quiet(r, c)) for r, c in picked]
    cases.append((t("a hidden {rows}x{cols} board", rows=3, cols=3), _quiet(3, 3)))
    cases += [
        (t("hidden basis {number} ({count} cells)", number=k, count=Q.shape[1]), Q)
        for k, Q in enumerate((_random_code(rng), _random_code(rng)), start=1)
    ]
    return cases


def _quiet(rows: int, cols: int) -> Matrix:
    return np.asarray(null_space(toggle_matrix(rows, cols)), dtype=np.uint8).reshape(
        -1, rows * cols
    )


def verify_worst_case(student_id: str, function: object) -> None:
    """Question 5: ``worst_case(quiet)``, the most presses a solvable board needs."""
    for case, quiet in quiet_cases(assignment_for(student_id)):
        n = quiet.shape[1]
        got = call_student(function, "worst_case", quiet.copy(), case=case, seconds=SEARCH_SECONDS)
        require(
            isinstance(got, (int, np.integer)) and not isinstance(got, (bool, np.bool_)),
            t(
                "for {case} your function returned {got}, not a whole number",
                case=case,
                got=kind_of(got),
            ),
        )
        right = worst_case_of(quiet, n)
        require(
            not (len(quiet) and got == n),
            t(
                "for {case} your worst case is every cell pressed; but this board has quiet "
                "patterns, so no board needs all its cells pressed: a lighter solution is a "
                "quiet pattern away",
                case=case,
            ),
        )
        require(
            int(cast(int, got)) == right,
            t(
                "for {case} your worst case is {got}, which is wrong: for every press pattern x "
                "take the fewest presses of its board, the lightest x + q with q quiet; the "
                "worst case is the largest of these",
                case=case,
                got=shown(got, n),
            ),
        )


def verify_hardest_presses(student_id: str, function: object) -> None:
    """Question 6: ``hardest_presses(quiet)``: fewest presses of a board that needs the most."""
    for case, quiet in quiet_cases(assignment_for(student_id)):
        n = quiet.shape[1]
        got = call_student(
            function, "hardest_presses", quiet.copy(), case=case, seconds=SEARCH_SECONDS
        )
        try:
            x = as_cells(got, t("presses")).ravel()
        except WrongForm as error:
            raise AssertionError(
                t("for {case}: {error}", case=case, error=unquoted(error))
            ) from None
        require(
            x.size == n,
            t(
                "for {case} give one entry per cell, {count} in all (1 = press it), not {given}",
                case=case,
                count=n,
                given=shown(x.size, 2 * n),
            ),
        )
        Q = quiet.astype(np.int64)
        fewest = min(
            int(((x + np.array(c) @ Q) % 2).sum()) for c in itertools.product((0, 1), repeat=len(Q))
        )
        require(
            fewest == int(x.sum()),
            t(
                "for {case} your x is not the fewest presses of its board: adding a quiet "
                "pattern gives a lighter solution of the same board",
                case=case,
            ),
        )
        require(
            fewest == worst_case_of(quiet, n),
            t(
                "for {case} your x is the fewest presses of its board, {count} of them, but "
                "other boards need more: look for the x farthest from every quiet pattern",
                case=case,
                count=fewest,
            ),
        )


#: The graded questions, in order: each function graded alone after the toolbox (and, for
#: question 6, question 5's function, which it may use).
QUESTIONS: tuple[Question, ...] = (
    Question(
        "q1_test", "rule_toggle_matrix", verify_rule_toggle_matrix, True, "q1_answer", ("toolbox",)
    ),
    Question("q2_test", "solve_gf2", verify_solve_gf2, True, "q2_answer", ("toolbox",)),
    Question("q3_test", "solve_mod3", verify_solve_mod3, True, "q3_answer", ("toolbox",)),
    Question("q4_test", "counterexample", verify_counterexample),
    Question("q5_test", "worst_case", verify_worst_case, True, "q5_answer", ("toolbox",)),
    Question(
        "q6_test",
        "hardest_presses",
        verify_hardest_presses,
        True,
        "q6_answer",
        ("toolbox", "q5_answer"),
    ),
)
