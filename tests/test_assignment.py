"""The graded assignment: nbgrader releases a student version without solutions or hidden
tests, and autograding three sample submissions gives the expected scores (a correct one,
one with mistakes, and one copied from a classmate, id included)."""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat
import pytest

from lightsout_edu.exercises.assignment import SHAPES, assignment_for
from tools import assignment

pytest.importorskip("nbgrader", reason="nbgrader is in the test extras (pip install -e '.[test]')")

NOTEBOOK = f"{assignment.ASSIGNMENT}.ipynb"
RIGHT = {
    "q1_answer": "nullity = rows * cols - lo.rank(lo.toggle_matrix(rows, cols))",
    "q2_answer": (
        "basis = list(lo.null_space(lo.toggle_matrix(rows, cols)).reshape(-1, rows, cols))"
    ),
    "q3_answer": "verdicts = [lo.solve_board(b).solvable for b in task.boards]",
    "q4_answer": (
        "bad = [b for b, ok in zip(task.boards, verdicts) if not ok][0]\n"
        "certificate = lo.solve_board(bad).certificate"
    ),
}
WRONG = {
    "q1_answer": "nullity = rows * cols - lo.rank(lo.toggle_matrix(rows, cols)) + 1",
    "q2_answer": RIGHT["q2_answer"],  # right: 3 points
    "q3_answer": "verdicts = [True, True, True]",
    "q4_answer": "certificate = np.zeros((rows, cols), dtype=int)",
}


def filled(
    released: nbformat.NotebookNode, student: str, answers: dict[str, str]
) -> nbformat.NotebookNode:
    nb = nbformat.from_dict(released)
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id == "student_id":
            cell.source = f'STUDENT_ID = "{student}"'
        elif grade_id in answers:
            cell.source = answers[grade_id]
    return nb


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("course")
    assignment.release(root)
    return root


def test_the_student_version_has_no_solutions_and_no_hidden_tests(course: Path) -> None:
    released = (course / "release" / assignment.ASSIGNMENT / NOTEBOOK).read_text()
    source = (assignment.SOURCE / "source" / assignment.ASSIGNMENT / NOTEBOOK).read_text()
    assert "lo.null_space" in source and "verify_basis(STUDENT_ID" in source
    assert "lo.null_space" not in released
    assert "verify_basis(STUDENT_ID" not in released and "HIDDEN" not in released
    cells = nbformat.reads(released, as_version=4).cells
    stubs = [
        c for c in cells if c.cell_type == "code" and "raise NotImplementedError()" in c.source
    ]
    assert len(stubs) == 5  # the student id and four answers


def test_autograding_gives_the_expected_scores(course: Path) -> None:
    released = nbformat.read(course / "release" / assignment.ASSIGNMENT / NOTEBOOK, as_version=4)
    copied = filled(released, "s0001", RIGHT)  # what s0003 hands in: s0001's notebook
    submissions = {
        "s0001": filled(released, "s0001", RIGHT),
        "s0002": filled(released, "s0002", WRONG),
        "s0003": copied,
    }
    for student, nb in submissions.items():
        folder = course / "submitted" / student / assignment.ASSIGNMENT
        folder.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, folder / NOTEBOOK)
    scores = assignment.autograde(course)
    assert scores == {"s0001": 10.0, "s0002": 3.0, "s0003": 0.0}


def test_students_get_different_boards() -> None:
    tasks = [assignment_for(f"s{k:04d}") for k in range(40)]
    assert len({t.shape for t in tasks}) >= 6
    assert all(t.shape in SHAPES for t in tasks)
    assert all(t.nullity > 0 for t in tasks)
    assert all(True in t.verdicts and False in t.verdicts for t in tasks)
    assert assignment_for("s0001").boards[0].tolist() == assignment_for("s0001").boards[0].tolist()
    first = {tuple(t.boards[0].ravel()) for t in tasks}
    assert len(first) == len(tasks)


@pytest.mark.parametrize("bad", [None, "", 42, "   "])
def test_a_missing_student_id_is_a_clear_error(bad) -> None:
    with pytest.raises(TypeError, match="STUDENT_ID must be your student id"):
        assignment_for(bad)


def test_the_release_command_needs_no_network_and_can_be_rerun(course: Path) -> None:
    again = assignment.release(course)
    assert (again / NOTEBOOK).exists()
    shutil.rmtree(course / "release")
