"""The exercise checkers: right answers pass in every accepted form, wrong answers get a hint,
garbage never crashes, and every checker is used (and solved) in an exercise notebook."""

from __future__ import annotations

import itertools
import re
import warnings
from fractions import Fraction
from pathlib import Path

import matplotlib
import nbformat
import numpy as np
import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lightsout_edu as lo
from lightsout_edu import exercises as ex
from lightsout_edu.exercises import Feedback

matplotlib.use("Agg")

EXERCISE_DIR = Path(__file__).resolve().parent.parent / "notebooks" / "exercises"
NOTEBOOKS = sorted(EXERCISE_DIR.glob("*.ipynb"))
CHECKERS = {name: getattr(ex, name) for name in ex.__all__ if name.startswith("check_")}


def dark(rows: int, cols: int) -> np.ndarray:
    return np.zeros((rows, cols), dtype=np.uint8)


def quiet(rows: int, cols: int, *, torus: bool = False) -> np.ndarray:
    return lo.solve_board(dark(rows, cols), torus=torus).quiet_patterns


def needs_presses(rows: int, cols: int, k: int, *, fewest: int, seed: int = 0) -> np.ndarray:
    """A board reached by pressing k cells whose lightest solution has `fewest` presses."""
    rng = np.random.default_rng(seed)
    for _ in range(5000):
        presses = np.zeros(rows * cols, dtype=np.uint8)
        presses[rng.choice(rows * cols, size=k, replace=False)] = 1
        board = lo.press(dark(rows, cols), presses.reshape(rows, cols))
        if lo.solve_board(board).fewest_presses().sum() == fewest:
            return board
    raise AssertionError(f"no {rows}x{cols} board from {k} presses needs {fewest}")


def solutions(board) -> list[np.ndarray]:
    return list(lo.solve_board(board).all_solutions())


def parity_vector(sequence, n_cells):
    return np.bincount(np.asarray(sequence, dtype=int), minlength=n_cells) % 2


def parity_with_sets(sequence, n_cells):
    odd = set()
    for cell in sequence:
        odd ^= {cell}
    return [int(i in odd) for i in range(n_cells)]


def raises(sequence, n_cells):
    raise RuntimeError("not written yet")


# ---------------------------------------------------------------------------------------------
# Right answers, in every form a student might give them
# ---------------------------------------------------------------------------------------------

Q4, Q5T = quiet(4, 4), quiet(5, 5, torus=True)
Q5 = quiet(5, 5)
BOARD_D = lo.parse_board(ex.VERDICT_BOARDS["D"])
SECOND = lo.parse_board(ex.SECOND_SOLUTION_PRESSES)
TRUTH = {n: lo.solve_board(t).solvable for n, t in ex.VERDICT_BOARDS.items()}
ROWS, COLS, K = ex.EXACT_PRESSES
PETERSEN = lo.graph_toggle_matrix(list(ex.PETERSEN_EDGES), n_nodes=10)
PETERSEN_X = lo.solve(PETERSEN, np.ones(10, dtype=np.uint8))
THREE = lo.parse_board(ex.THREE_COLOUR_BOARD)


def another_basis(basis: np.ndarray) -> np.ndarray:
    """The same span: replace the last vector by the sum of all of them."""
    changed = basis.copy()
    changed[-1] = basis.sum(axis=0) % 2
    return changed


CORRECT = {
    "check_quiet_patterns_4x4": [
        Q4,
        list(Q4),
        [lo.format_board(q) for q in Q4],
        Q4.reshape(len(Q4), 16),
        another_basis(Q4),
        Q4.tolist(),
        Q4.astype(float),
    ],
    "check_nullity_9x9": [8, "8", " 8 ", np.int64(8), 8.0],
    "check_singular_sizes": [[4, 5, 9], {9, 4, 5}, (5, 4, 9), np.array([4, 5, 9]), [4, 4, 5, 9]],
    "check_torus_kernel_5x5": [Q5T, another_basis(Q5T), [lo.format_board(q) for q in Q5T]],
    "check_second_solution_5x5": [
        *[(SECOND + q) % 2 for q in (Q5[0], Q5[1], (Q5[0] + Q5[1]) % 2)],
        lo.format_board((SECOND + Q5[0]) % 2),
        ((SECOND + Q5[1]) % 2).ravel().tolist(),
    ],
    "check_solution_count_4x4": [16, "16", 16.0],
    "check_solvable_verdicts": [
        TRUTH,
        {k.lower(): ("yes" if v else "no") for k, v in TRUTH.items()},
        [TRUTH[n] for n in "ABCD"],
        tuple("solvable" if TRUTH[n] else "unsolvable" for n in "ABCD"),
        np.array([int(TRUTH[n]) for n in "ABCD"]),
    ],
    "check_certificate": [
        lo.solve_board(ex.UNSOLVABLE_BOARD).certificate,
        *[q for q in Q5 if (q * lo.parse_board(ex.UNSOLVABLE_BOARD)).sum() % 2],
    ],
    "check_solve_board_d": [*solutions(BOARD_D), lo.format_board(solutions(BOARD_D)[0])],
    "check_probability_solvable_6x6": [1, "1", "1/1", 1.0, Fraction(1), sympy.Integer(1)],
    "check_solvable_count_5x5": [2**23, "2^23", "2**23", "8388608", float(2**23)],
    "check_needs_exactly_k_presses": [
        needs_presses(ROWS, COLS, K, fewest=K),
        needs_presses(ROWS, COLS, K, fewest=K, seed=1).tolist(),
    ],
    "check_unique_solution": [
        lo.random_board(6, 6, seed=2),
        lo.format_board(lo.random_board(7, 7, seed=3)),
        np.eye(6, dtype=int).tolist(),
    ],
    "check_order_does_not_matter": [parity_vector, parity_with_sets],
    "check_neighbours_only_graph": [
        [(0, 1), (1, 2), (2, 0)],
        np.ones((3, 3), dtype=int) - np.eye(3, dtype=int),
        {0: [1, 2], 1: [2]},
        list(itertools.combinations(range(5), 2)),
    ],
    "check_all_on_petersen": [
        PETERSEN_X,
        PETERSEN_X.tolist(),
        {int(i) for i in np.flatnonzero(PETERSEN_X)},
    ],
    "check_three_colour_presses": [
        *list(lo.solve_board(THREE, colors=3).all_solutions()),
        lo.format_board(lo.solve_board(THREE, colors=3).presses),
    ],
    "check_colours_with_unsolvable_3x3": [[7], {7}, (7,), np.array([7])],
}

# ---------------------------------------------------------------------------------------------
# Wrong answers in the right form, each with a word the hint must contain
# ---------------------------------------------------------------------------------------------

WRONG = {
    "check_quiet_patterns_4x4": [
        (Q4[:3], "bigger"),
        ([Q4[0], Q4[1], Q4[2], Q4[2]], "not independent"),
        ([Q4[0], Q4[1], Q4[2], dark(4, 4)], "not independent"),
        ([*Q4[:3], np.eye(4, dtype=int)], "not quiet"),
        ([*Q4, Q4[0]], "not independent"),
        (Q4[0], "single board"),
        (np.ones((4, 5, 5), dtype=int), "4x4 boards"),
    ],
    "check_nullity_9x9": [(73, "rank"), (7, "pivot"), (-8, "between"), (100, "between")],
    "check_singular_sizes": [
        ([4, 5], "missing"),
        ([3, 4, 5, 9], "invertible"),
        ([4, 5, 9, 11], "from 1 to 10"),
        ([], "missing"),
    ],
    "check_torus_kernel_5x5": [(Q5, "not quiet"), (Q5T[:7], "bigger")],
    "check_second_solution_5x5": [
        (SECOND, "different"),
        (dark(5, 5), "stay on"),
        (np.ones((5, 5), dtype=int), "stay on"),
    ],
    "check_solution_count_4x4": [(4, "dimension"), (15, "zero pattern"), (-16, "zero pattern")],
    "check_solvable_verdicts": [
        ([True] * 4, f"{sum(not v for v in TRUTH.values())} of the 4 verdicts are wrong"),
        ({n: not v for n, v in TRUTH.items()}, "4 of the 4"),
        ({"A": True, "B": True}, "keys"),
        ([True, False, "maybe", True], "verdict"),
    ],
    "check_certificate": [
        (dark(5, 5), "even number"),
        ((Q5[0] + Q5[1]) % 2, "even number"),
        (lo.parse_board(ex.UNSOLVABLE_BOARD), "kernel"),
    ],
    "check_solve_board_d": [(dark(5, 5), "stay on"), (BOARD_D, "stay on")],
    "check_probability_solvable_6x6": [
        (Fraction(1, 4), "rank"),
        ("1/2", "rank"),
        (0.5, "rank"),
        (2, "between 0 and 1"),
        (-1, "between 0 and 1"),
    ],
    "check_solvable_count_5x5": [(23, "power"), (2**25, "power"), (2**22, "A x")],
    "check_needs_exactly_k_presses": [
        (needs_presses(ROWS, COLS, K, fewest=K - 2), "only"),
        (dark(ROWS, COLS), "no presses at all"),
        (needs_presses(ROWS, COLS, K + 1, fewest=K + 1), "more than"),
        (np.eye(ROWS, COLS, dtype=int)[::-1] * 0 + np.diag([1, 0, 0, 0]), "cannot"),
    ],
    "check_unique_solution": [
        (lo.random_board(5, 5, seed=1, solvable=True), "2^2"),
        (lo.random_board(3, 3, seed=1), "at least 4"),
        (dark(6, 6), "dark board"),
        (lo.random_board(4, 4, seed=1, solvable=False), "cannot"),
        (np.ones((30, 30), dtype=int), "at most"),
    ],
    "check_order_does_not_matter": [
        (lambda seq, n: np.bincount(np.asarray(seq, dtype=int), minlength=n), "not 0 or 1"),
        (lambda seq, n: np.zeros(n, dtype=int), "how often"),
        (lambda seq, n: np.eye(1, n, seq[-1], dtype=int)[0] if seq else np.zeros(n), "how often"),
        (lambda seq, n: np.zeros(n + 1, dtype=int), "entries"),
        (raises, "RuntimeError"),
        (len, "raised"),
        ("parity_vector", "not a function"),
    ],
    "check_neighbours_only_graph": [
        ([(0, 1)], "can be switched off"),
        ([(0, 1), (1, 2)], "can be switched off"),
        (np.zeros((3, 3), dtype=int), "neighbour"),
        ([[0, 1, 0], [1, 0, 0], [0, 0, 0]], "neighbour"),
        ([(0, 0), (0, 1)], "itself"),
        ([[0, 1], [0, 0]], "symmetric"),
        ([[1, 1], [1, 0]], "diagonal"),
        ([(-1, 2)], "negative"),
        ([(0, 10**6)], "too many"),
    ],
    "check_all_on_petersen": [
        (set(range(10)), "still lit"),
        (set(), "still lit"),
        ([1] * 10, "still lit"),
        ({10}, "0 to 9"),
        ([1, 0, 1], "10"),
    ],
    "check_three_colour_presses": [
        (dark(4, 4), "GF(3)"),
        (lo.solve_board(THREE, colors=3).presses * 2 % 3, "GF(3)"),
        (np.full((4, 4), 3), "between 0 and 2"),
    ],
    "check_colours_with_unsolvable_3x3": [
        ([], "missing"),
        ([2, 7], "k = 2"),
        ([7, 14], "from 2 to 12"),
    ],
}

GARBAGE = [
    None,
    "",
    "garbage",
    "1/0",
    [[1, 0], [1]],
    [[[1], [0, 1]], [1]],
    np.zeros((3, 3)),
    np.zeros((2, 2, 2, 2)),
    3.7,
    -1,
    -(10**30),
    float("nan"),
    float("inf"),
    {},
    [],
    set(),
    object(),
    True,
    1j,
    b"bytes",
    [None],
    np.array(["a"]),
    np.full((4, 4), -1),
    np.full((5, 5), 0.5),
    np.ones((300, 300), dtype=np.uint8),
    [(0, 1, 2)],
    lambda *args: None,
    Fraction(1, 3),
]
MUST_NAME_THE_FORM = [None, object(), [[1, 0], [1]], b"bytes", 1j]


def test_every_checker_has_right_and_wrong_answers_here():
    defined = {n for n in dir(ex) if n.startswith("check_")}
    assert defined == set(CHECKERS), "every check_* function must be listed in __all__"
    assert set(CORRECT) == set(CHECKERS) == set(WRONG)
    assert len(CHECKERS) >= 12


@pytest.mark.parametrize(
    ("name", "answer"),
    [(n, a) for n, answers in CORRECT.items() for a in answers],
    ids=[f"{n}-{i}" for n, answers in CORRECT.items() for i in range(len(answers))],
)
def test_right_answers_pass(name, answer):
    result = CHECKERS[name](answer)
    assert isinstance(result, Feedback)
    assert result, result.message
    assert repr(result).startswith("Correct")


@pytest.mark.parametrize(
    ("name", "answer", "hint"),
    [(n, a, h) for n, cases in WRONG.items() for a, h in cases],
    ids=[f"{n}-{i}" for n, cases in WRONG.items() for i in range(len(cases))],
)
def test_wrong_answers_fail_with_a_hint(name, answer, hint):
    result = CHECKERS[name](answer)
    assert isinstance(result, Feedback)
    assert not result
    assert hint.lower() in result.message.lower(), result.message
    assert repr(result).startswith("Not yet")


@pytest.mark.parametrize("name", sorted(CHECKERS))
@pytest.mark.parametrize("garbage", GARBAGE, ids=[f"garbage{i}" for i in range(len(GARBAGE))])
def test_garbage_is_wrong_with_a_hint_and_never_raises(name, garbage):
    result = CHECKERS[name](garbage)
    assert isinstance(result, Feedback) and not result
    assert len(result.message) > 10
    if any(garbage is g for g in MUST_NAME_THE_FORM):
        assert "Expected: " + CHECKERS[name].expected_form in result.message


answers = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats(allow_nan=True)
    | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=5) | st.tuples(inner, inner),
    max_leaves=20,
)


@pytest.mark.parametrize("name", sorted(CHECKERS))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(answer=answers)
def test_random_structures_never_raise(name, answer):
    result = CHECKERS[name](answer)
    assert isinstance(result, Feedback)
    assert isinstance(result.message, str) and result.message


def test_feedback_is_truthy_iff_correct_and_renders():
    right, wrong = Feedback(True, "fine."), Feedback(False, "try a quiet pattern.")
    assert right and not wrong
    assert repr(right) == "Correct: fine."
    assert repr(wrong) == "Not yet: try a quiet pattern."
    assert right._repr_markdown_() == "✅ **Correct.** Fine."
    assert wrong._repr_markdown_() == "❌ **Not yet.** Try a quiet pattern."


def test_feedback_shows_the_board_it_talks_about():
    result = ex.check_solve_board_d(np.zeros((5, 5), dtype=int))
    assert result.board == ex.VERDICT_BOARDS["D"].replace("/", "\n")
    assert repr(result).endswith("\n" + result.board)
    assert result._repr_markdown_().endswith(f"```\n{result.board}\n```")


# ---------------------------------------------------------------------------------------------
# The exercise data fit the statements
# ---------------------------------------------------------------------------------------------


def test_exercise_data_fit_the_statements():
    assert set(TRUTH.values()) == {True, False}, "the verdict boards should mix both answers"
    assert TRUTH["D"]
    assert not lo.solve_board(ex.UNSOLVABLE_BOARD).solvable
    board = lo.parse_board(ex.SECOND_SOLUTION_BOARD)
    assert not lo.press(board, SECOND).any()
    assert lo.solve_board(board).nullity > 0
    assert np.all(PETERSEN.sum(axis=0) == 4) and len(set(ex.PETERSEN_EDGES)) == 15
    assert lo.solve_board(THREE, colors=3).solvable


# ---------------------------------------------------------------------------------------------
# The notebooks: every checker used and solved; the student version runs
# ---------------------------------------------------------------------------------------------


def load(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def is_solution(cell: nbformat.NotebookNode) -> bool:
    return "solution" in cell.metadata.get("tags", [])


def shown_result(cell: nbformat.NotebookNode) -> str:
    """The text/plain of the value a code cell displays (its last expression)."""
    results = [o for o in cell.get("outputs", []) if o.output_type == "execute_result"]
    return results[-1].data["text/plain"] if results else ""


def test_there_are_exercise_notebooks():
    assert 2 <= len(NOTEBOOKS) <= 3


@pytest.mark.parametrize("name", sorted(CHECKERS))
def test_every_checker_is_posed_and_solved_in_a_notebook(name):
    """Each checker is called once for the student and once, printing Correct, in a solution."""
    call = re.compile(rf"^{name}\(answer\)$", re.MULTILINE)
    student, solved = [], []
    for path in NOTEBOOKS:
        for cell in load(path).cells:
            if cell.cell_type == "code" and call.search(cell.source):
                (solved if is_solution(cell) else student).append(shown_result(cell))
    assert student, f"{name} is not called in an answer cell of {EXERCISE_DIR.name}/"
    assert solved, f"{name} is not called in a solution cell"
    assert all(out.startswith("Not yet") for out in student)
    assert all(out.startswith("Correct") for out in solved), solved


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_solutions_follow_a_solution_heading_and_the_answer_slot(path):
    cells = load(path).cells
    for number, cell in enumerate(cells):
        if cell.cell_type == "code" and re.search(r"^answer = None", cell.source, re.MULTILINE):
            assert not is_solution(cell)
            assert cells[number + 1].source.startswith("check_")
            headings = [c for c in cells[number + 2 :] if is_solution(c)]
            assert headings and headings[0].source.startswith("### Solution"), (
                f"cell {number} of {path.name}: the answer slot must be followed by a "
                "solution-tagged '### Solution' markdown cell"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_student_version_runs_and_reveals_nothing(path):
    """Dropping the solution-tagged cells (as `make handouts` does) leaves a runnable notebook."""
    from nbconvert.preprocessors import TagRemovePreprocessor

    remover = TagRemovePreprocessor(enabled=True, remove_cell_tags={"solution"})
    student, _ = remover.preprocess(load(path), {})
    assert not any("Solution" in c.source for c in student.cells if c.cell_type == "markdown")
    namespace: dict = {}
    results = []
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*non-interactive.*")
        for cell in student.cells:
            if cell.cell_type == "code":
                exec(compile(cell.source, f"{path.name} cell", "exec"), namespace)
                if cell.source.startswith("check_"):
                    results.append(eval(cell.source, namespace))
    matplotlib.pyplot.close("all")
    assert results and not any(results), "unanswered exercises must not be marked correct"
