"""The graded assignments, one per block of lectures: nbgrader releases student versions
without solutions, hidden tests or rubrics; one autograding run over reference submissions
gives the expected scores (a correct one: full marks; one with mistakes: partial marks, with
feedback that names each mistake in the course's words; one copied from a classmate, id
included: nothing); and each student gets their own data."""

from __future__ import annotations

import base64
import os
import re
import shutil
import sys
import tomllib
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import nbformat
import numpy as np
import pytest

import lightsout_edu as lo
from grading import assignment
from grading.graders import common as grader_common
from grading.graders import game_and_gf2 as game_graders
from grading.graders import kernel_and_solvability as kernel_graders
from grading.graders import solutions_and_chasing as chasing_graders
from grading.graders import variants_and_worst_case as variants_graders
from grading.screening import notebook_limit
from lightsout_edu.exercises import _bubblewrap, _judge, _sandbox
from lightsout_edu.exercises import assignment as kernel_assignment
from lightsout_edu.exercises import assignment_game_and_gf2 as game
from lightsout_edu.exercises import assignment_solutions_and_chasing as chasing
from lightsout_edu.exercises import assignment_variants_and_worst_case as variants
from lightsout_edu.exercises.assignment import SHAPES, assignment_for
from tests.inner_loop import sample

pytest.importorskip("nbgrader", reason="nbgrader is in the test extras (pip install -e '.[test]')")

NAMES = assignment.assignments()
NAME = "kernel_and_solvability"
NOTEBOOK = f"{NAME}.ipynb"
STUDENTS = ("s0001", "s0002", "s0003")  # right, with mistakes, copied from s0001
#: The largest notebook graded, as autograde reads it from course.toml ([grading]).
COURSE_LIMIT = notebook_limit(tomllib.loads(assignment.PLAN.read_text(encoding="utf-8")))
WRITTEN = "Pressing a cell changes $\\mathbf{y}\\cdot\\mathbf{b}$ by 0, so ..."

#: Answers with mistakes, by assignment and answer cell; the rest is the model solution.
WRONG = {
    "game_and_gf2": {
        "q1_answer": (
            "def my_toggle_matrix(rows, cols):\n"  # forgets the pressed cell itself
            "    n = rows * cols\n"
            "    A = np.zeros((n, n), dtype=np.uint8)\n"
            "    for r in range(rows):\n"
            "        for c in range(cols):\n"
            "            for dr, dc in [(-1, 0), (1, 0), (0, -1), (0, 1)]:\n"
            "                if 0 <= r + dr < rows and 0 <= c + dc < cols:\n"
            "                    A[(r + dr) * cols + c + dc, r * cols + c] = 1\n"
            "    return A"
        ),
        "q2_answer": (
            "def press(board, presses):\n"  # returns A x: forgets the board b
            "    rows, cols = np.shape(board)\n"
            "    toggled = np.zeros((rows, cols), dtype=int)\n"
            "    for r, c in zip(*np.nonzero(presses)):\n"
            "        for dr, dc in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]:\n"
            "            if 0 <= r + dr < rows and 0 <= c + dc < cols:\n"
            "                toggled[r + dr, c + dc] ^= 1\n"
            "    return toggled"
        ),
        "q4_answer": "w = [1, 0, 0, 0, 0, 0]",
    },
    "kernel_and_solvability": {
        "q1_answer": "def nullity(A):\n    return len(rref(A)[1])",  # the rank, not the nullity
        "q3_answer": "def solvable(A, b):\n    return True",
        "q4_answer": "def certificate(A, b):\n    return np.zeros(np.shape(A)[0], dtype=int)",
    },
    "solutions_and_chasing": {
        # the nullity, not the number of solutions
        "q1_answer": "def count_solutions(A, b):\n    return np.shape(A)[1] - len(rref(A)[1])",
        "q3_answer": "def fewest_presses(particular, quiet):\n    return particular",
        "q5_answer": "def first_row_that_works(board):\n    return [0] * np.shape(board)[1]",
    },
    "variants_and_worst_case": {
        "q2_answer": "def solve_gf2(A, b):\n    return np.zeros(np.shape(A)[1], dtype=int)",
        "q3_answer": "def solve_mod3(A, b):\n    return None",
        "q4_answer": "counterexample = np.ones((task.matrix_size, task.matrix_size), dtype=int)",
        "q6_answer": (
            "def hardest_presses(quiet):\n    return np.zeros(np.shape(quiet)[1], dtype=int)"
        ),
    },
}
#: What the feedback on each mistake says (the verify_* messages).
FEEDBACK = {
    "game_and_gf2": [
        "A press also toggles the pressed cell itself",
        "your function returned A x, the lights the presses toggle on a dark board",
        "orthogonal to itself exactly when it has an even number of ones",
    ],
    "kernel_and_solvability": [
        "your nullity is",
        "the number of columns minus the number of pivots",
        "your function says True, which is wrong",
        "y . b = 0, so y proves nothing",
    ],
    "solutions_and_chasing": [
        "is the nullity d, the dimension of the kernel",
        "every solution is one solution plus a quiet pattern",
        "with this first row the chase leaves the lights",
    ],
    "variants_and_worst_case": [
        "A x = b does not hold",
        "your function returned None, but the system has a solution",
        "which is the right rank: this matrix does not catch the bug",
        "but other boards need more",
    ],
}
#: The automatic score of the submission with mistakes (out of 10).
PARTIAL = {
    "game_and_gf2": 3.0,  # question 3
    "kernel_and_solvability": 3.0,  # question 2
    "solutions_and_chasing": 3.0,  # questions 2 and 4
    "variants_and_worst_case": 3.0,  # questions 1 and 5
}
SOLUTION = re.compile(r"^\s*### (BEGIN|END) SOLUTION\n", re.MULTILINE)
REGION = re.compile(r"### BEGIN SOLUTION\n(.*?)\n\s*### END SOLUTION", re.DOTALL)


def source(name: str) -> nbformat.NotebookNode:
    return nbformat.read(assignment.SOURCE / "source" / name / f"{name}.ipynb", as_version=4)


def grade_id(cell: nbformat.NotebookNode) -> str | None:
    return cell.metadata.get("nbgrader", {}).get("grade_id")


def filled(
    name: str, released: Path, student: str, wrong: dict[str, str], edition: str = ""
) -> nbformat.NotebookNode:
    """The released notebook (of ``edition``, default ``name``) answered by ``student``: the
    model solution, but for ``wrong``."""
    model = {grade_id(c): SOLUTION.sub("", c.source) for c in source(name).cells}
    nb = nbformat.read(released / f"{edition or name}.ipynb", as_version=4)
    for cell in nb.cells:
        key = grade_id(cell)
        if not cell.metadata.get("nbgrader", {}).get("solution"):
            continue
        if key == "student_id":
            cell.source = f'STUDENT_ID = "{student}"'
        elif cell.cell_type == "markdown":
            cell.source = WRITTEN
        else:
            cell.source = wrong.get(key, model[key])
    return nb


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict, list[str]]:
    """The four assignments released, four submissions each, graded once, with feedback:
    the course folder, the scores and the warnings nbgrader gave."""
    root = tmp_path_factory.mktemp("course")
    released = assignment.release(root)
    for name, folder in released.items():
        submissions = {
            "s0001": filled(name, folder, "s0001", {}),
            "s0002": filled(name, folder, "s0002", WRONG[name]),
            "s0003": filled(name, folder, "s0001", {}),  # s0001's notebook, handed in by s0003
            "s0004": filled(name, folder, " S0004 ", {}),  # the id typed in capitals
        }
        for student, nb in submissions.items():
            target = root / "submitted" / student / name
            target.mkdir(parents=True, exist_ok=True)
            nbformat.write(nb, target / f"{name}.ipynb")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scores = assignment.autograde(root, feedback=True)
    said = [
        str(w.message) for w in caught if "nbgrader" in w.filename or "sqlalchemy" in w.filename
    ]
    return root, scores, said


@pytest.fixture(scope="module")
def course(graded: tuple[Path, dict, list[str]]) -> Path:
    return graded[0]


def test_every_block_of_lectures_has_an_assignment_in_the_plan():
    plan = tomllib.loads(assignment.PLAN.read_text(encoding="utf-8"))
    graded = [a for a in plan["assessment"] if a["kind"] == "assignment"]
    assert [a["nbgrader"] for a in graded] == NAMES
    assert sorted(p.name for p in (assignment.SOURCE / "source").iterdir()) == sorted(NAMES)
    covered = sorted(n for a in graded for n in a["lectures"])
    assert covered == [e["number"] for e in plan["lecture"]]
    for entry in graded:
        auto, manual = assignment.points(entry["nbgrader"])
        assert (auto, manual) == (10, 3) and entry["points"] == auto + manual


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_the_student_version_has_no_solutions_hidden_tests_or_rubric(course: Path, name: str):
    released = (course / "release" / name / f"{name}.ipynb").read_text()
    source_text = (assignment.SOURCE / "source" / name / f"{name}.ipynb").read_text()
    assert "Rubric" in source_text
    assert "HIDDEN" not in source_text and "verify_" not in source_text  # graded outside
    for hidden in ("HIDDEN", "verify_", "Rubric", "Model answer", "SOLUTION", "instructor"):
        assert hidden not in released, f"{name}: the student version contains {hidden!r}"
    model = [region for c in source(name).cells for region in REGION.findall(c.source)]
    cells = nbformat.reads(released, as_version=4).cells
    for solution in model:
        body = max(solution.strip().splitlines(), key=len)  # the longest line of each
        assert all(body not in c.source for c in cells), f"{name}: {body!r} was released"
    stubs = [c for c in cells if c.cell_type == "code" and "NotImplementedError()" in c.source]
    written = [c for c in cells if c.cell_type == "markdown" and c.source == "YOUR ANSWER HERE"]
    assert len(stubs) == sum(1 for c in cells if c.metadata["nbgrader"]["solution"]) - 1
    assert len(written) == 1
    rubric = (course / "rubrics" / f"{name}.md").read_text()
    assert "**Rubric (3 points).**" in rubric and "**Model answer.**" in rubric


@pytest.mark.slow
def test_the_kernel_assignment_keeps_its_form(course: Path) -> None:
    released = (course / "release" / "kernel_and_solvability" / NOTEBOOK).read_text()
    source_text = (assignment.SOURCE / "source" / "kernel_and_solvability" / NOTEBOOK).read_text()
    assert "def kernel_basis(A):" in source_text and "free = [c for c" in source_text
    assert "free = [c for c" not in released and "HIDDEN" not in released
    cells = nbformat.reads(released, as_version=4).cells
    stubs = [
        c for c in cells if c.cell_type == "code" and "raise NotImplementedError()" in c.source
    ]
    assert len(stubs) == 6  # the student id, the toolbox and four answers


@pytest.mark.slow
def test_autograding_gives_the_expected_scores(graded: tuple[Path, dict, list[str]]) -> None:
    scores = graded[1]
    assert scores["kernel_and_solvability"] == {
        "s0001": 10.0,
        "s0002": 3.0,
        "s0003": 0.0,
        "s0004": 10.0,
    }
    for name in NAMES:
        expected = {"s0001": 10.0, "s0002": PARTIAL[name], "s0003": 0.0, "s0004": 10.0}
        assert scores[name] == expected, name
    assert graded[2] == []  # no warning from nbgrader or SQLAlchemy


@pytest.mark.slow
def test_the_feedback_says_a_written_answer_is_still_being_graded(course: Path) -> None:
    page = (course / "feedback" / "s0001" / NAME / f"{NAME}.html").read_text()
    assert "Written response</a> (still being graded, out of 3.0)" in page
    assert "Score so far: 10.0 / 10.0; 3.0 more points are still being graded by hand" in page
    assert "Written response</a> (Score: 0.0" not in page
    assert "verify_" not in page and "HIDDEN" not in page  # no grader source in feedback


@pytest.mark.slow
def test_after_hand_grading_the_feedback_is_written_again(course: Path, capsys) -> None:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        grade = gradebook.find_grade("q5_answer", NAME, NAME, "s0002")
        grade.manual_score, grade.needs_manual_grade = 2.5, False  # as the formgrader saves it
        gradebook.db.commit()
    assert assignment.main(["feedback", "--course", str(course), NAME]) == 0
    page = (course / "feedback" / "s0002" / NAME / f"{NAME}.html").read_text()
    assert "Written response</a> (Score: 2.5 / 3.0)" in page
    assert f"{NAME} (Score: 5.5 / 13.0)" in page and "still being graded" not in page
    waiting = (course / "feedback" / "s0001" / NAME / f"{NAME}.html").read_text()
    assert "still being graded" in waiting  # s0001's written answer is not graded yet
    capsys.readouterr()
    assignment.main(["autograde", "--course", str(course), "--all", NAME])
    printed = capsys.readouterr().out
    assert "  s0002                  3.0 / 10" in printed  # the automatic part only
    graded_again = assignment.Course(course)
    assert graded_again.hand_grades(NAME, "s0002") == {"q5_answer": 2.5}  # still confirmed
    assert "s0002" not in graded_again.pending(NAME) and "s0001" in graded_again.pending(NAME)


def test_a_submission_without_its_notebook_scores_0_and_is_told_why(tmp_path) -> None:
    from grading.sandboxed import grade_submission

    path = tmp_path / f"{NAME}.ipynb"
    verdicts = grade_submission(
        kernel_graders.QUESTIONS, source(NAME), path, "s0001", limit=COURSE_LIMIT
    )
    assert [v.passed for v in verdicts] == [False] * 4
    assert verdicts[0].message == f"no notebook named {NAME}.ipynb was handed in"
    path.write_text("{not json")
    verdicts = grade_submission(
        kernel_graders.QUESTIONS, source(NAME), path, "s0001", limit=COURSE_LIMIT
    )
    assert verdicts[0].message.startswith("the notebook could not be read")


def test_the_sandboxed_grader_refuses_a_notebook_over_the_limit_it_is_given_unread(
    tmp_path,
) -> None:
    from grading.sandboxed import grade_submission

    path = tmp_path / f"{NAME}.ipynb"
    path.write_bytes(b"\xff" * (2**20 + 1))  # read, it would not even be text
    verdicts = grade_submission(kernel_graders.QUESTIONS, source(NAME), path, "s0001", limit=2**20)
    assert [v.passed for v in verdicts] == [False] * 4
    assert verdicts[0].message.startswith("the notebook is larger than 1 MB and was not graded")


@pytest.mark.slow
def test_a_submission_the_machine_fails_to_grade_is_named_and_the_rest_are_graded(
    course: Path, tmp_path: Path, monkeypatch
) -> None:
    from grading import sandboxed

    root = tmp_path / "course"
    shutil.copytree(course, root, ignore=shutil.ignore_patterns("autograded", "feedback"))
    for student in ("s0003", "s0004"):
        shutil.rmtree(root / "submitted" / student)
    grade = sandboxed.grade_submission

    def fails_for_s0002(questions, source, path, student, **options):
        if student == "s0002":
            raise OSError(14, "Bad address")
        return grade(questions, source, path, student, **options)

    monkeypatch.setattr(sandboxed, "grade_submission", fails_for_s0002)
    with pytest.raises(SystemExit, match=f"not graded .*: {NAME}/s0002: OSError"):
        assignment.autograde(root, [NAME])
    assert (root / "autograded" / "s0001" / NAME).is_dir()
    assert not (root / "autograded" / "s0002").exists()


def test_grading_refuses_where_bubblewrap_cannot_run(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(_bubblewrap, "PROGRAM", str(tmp_path / "no-bwrap"))
    _bubblewrap.unavailable.cache_clear()
    try:
        with pytest.raises(SystemExit) as refused:
            assignment.autograde(tmp_path, ["kernel_and_solvability"])
        said = str(refused.value)
        assert said.startswith("grading: not grading, because bubblewrap, the sandbox")
        assert "apt-get install bubblewrap" in said and "--unsandboxed" in said
        assert "\n" not in said and not (tmp_path / "gradebook.db").exists()
        assert assignment.sandbox_start(unsandboxed=True) == "spawn"
    finally:
        _bubblewrap.unavailable.cache_clear()


def test_an_nbgrader_command_that_fails_is_named_with_its_arguments(tmp_path) -> None:
    # generate_feedback takes a student or None (every student) and a flag: joining them for
    # this message raised TypeError in place of nbgrader's own words (found by mypy --strict)
    (tmp_path / "nbgrader_config.py").write_text("")
    with pytest.raises(SystemExit) as failed:
        assignment.Course(tmp_path).run("generate_feedback", NAME, None, True)
    said = str(failed.value)
    assert said.startswith(f"grading: nbgrader generate_feedback {NAME} None True failed in ")
    assert f"No notebooks were matched by '{tmp_path}/autograded/*/{NAME}'" in said


def test_grading_says_why_its_sandboxes_run_as_root(monkeypatch, capsys) -> None:
    """Not a silently weaker sandbox: a root grader whose sandboxes get no host uid says so."""
    monkeypatch.setattr(_bubblewrap, "unavailable", lambda: None)
    monkeypatch.setattr(_bubblewrap, "host_user_unavailable", lambda: "nsenter is missing")
    assert assignment.sandbox_start(unsandboxed=False) == "bubblewrap"
    said = capsys.readouterr().err
    assert said.startswith("grading: each sandbox runs as root here (nsenter is missing)")
    monkeypatch.setattr(_bubblewrap, "host_user_unavailable", lambda: None)
    assert assignment.sandbox_start(unsandboxed=False) == "bubblewrap"
    assert capsys.readouterr().err == ""


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_feedback_names_each_mistake_in_the_course_words(course: Path, name: str) -> None:
    feedback = (course / "feedback" / "s0002" / name / f"{name}.html").read_text()
    for message in FEEDBACK[name]:
        assert message in feedback, f"{name}: the feedback does not say {message!r}"
    copied = (course / "feedback" / "s0003" / name / f"{name}.html").read_text()
    assert "this notebook was submitted by s0003, but STUDENT_ID is 's0001'" in copied
    right = (course / "feedback" / "s0001" / name / f"{name}.html").read_text()
    assert "Error:" not in right and "Traceback (most recent call last)" not in right
    assert "assignment_common.py" not in feedback  # no traceback through the grading code


@pytest.mark.slow
def test_the_release_command_needs_no_network_and_can_be_rerun(course: Path) -> None:
    again = assignment.release(course, ["kernel_and_solvability"])
    assert (again["kernel_and_solvability"] / NOTEBOOK).exists()
    shutil.rmtree(course / "release" / "kernel_and_solvability")


def test_an_unknown_assignment_is_a_clear_error() -> None:
    with pytest.raises(SystemExit, match="no assignment named lecture_10; the course has"):
        assignment.release(Path("unused"), ["lecture_10"])


# ---------------------------------------------------------------------------------------------
# Each student's data, and the messages of the grading functions (no nbgrader needed)
# ---------------------------------------------------------------------------------------------


def test_students_get_different_boards() -> None:
    tasks = [assignment_for(f"s{k:04d}") for k in range(40)]
    assert len({t.shape for t in tasks}) >= 6
    assert all(t.shape in SHAPES for t in tasks)
    for task in tasks:
        rows, cols = task.shape
        assert rows * cols - lo.rank(lo.toggle_matrix(rows, cols)) > 0
        solvable = [lo.solve_board(board).solvable for board in task.boards]
        assert True in solvable and False in solvable
    assert assignment_for("s0001").boards[0].tolist() == assignment_for("s0001").boards[0].tolist()
    first = {tuple(t.boards[0].ravel()) for t in tasks}
    assert len(first) == len(tasks)


def test_students_get_different_data_in_every_assignment() -> None:
    ids = [f"s{k:04d}" for k in range(40)]
    games = [game.assignment_for(s) for s in ids]
    assert len({(t.shape, t.board.tobytes(), t.presses.tobytes()) for t in games}) == 40
    assert len({t.system.tobytes() + t.rhs.tobytes() for t in games}) >= 30
    assert all(t.determinant % 2 == 1 and int(t.presses.sum()) in (3, 4, 5) for t in games)
    chases = [chasing.assignment_for(s) for s in ids]
    assert len({(t.board.tobytes(), t.chase_board.tobytes()) for t in chases}) == 40
    assert all(
        2 <= chasing_graders.nullity(t) <= 4 and lo.solve_board(t.board).solvable for t in chases
    )
    assert len({t.shape for t in chases}) >= 5 and len({t.chase_board.shape for t in chases}) == 4
    others = [variants.assignment_for(s) for s in ids]
    assert len({(t.rule, t.size, t.torus, t.graph.edges) for t in others}) == 40
    assert {t.buggy_rank for t in others} == set(variants.BUGGY_RANKS)
    for task in others:
        presses = lo.solve_board(task.color_board, colors=3).presses
        assert presses is not None
        assert lo.press(task.color_board, presses, colors=3).sum() == 0
        A = task.graph.toggle_matrix().astype(int)
        assert lo.solve(A, np.ones(task.graph.n_nodes, dtype=np.uint8)) is not None


@pytest.mark.parametrize("bad", [None, "", 42, "   "])
def test_a_missing_student_id_is_a_clear_error(bad) -> None:
    for module in (kernel_assignment, game, chasing, variants):
        with pytest.raises(TypeError, match="STUDENT_ID must be your student id"):
            module.assignment_for(bad)


def test_the_planted_bugs_are_wrong_and_each_can_be_caught_by_a_small_matrix() -> None:
    rng = np.random.default_rng(8)
    for bug in variants.BUGGY_RANKS:
        matrices = [rng.integers(0, 2, (k, k)) for k in (3, 4, 5) for _ in range(200)]
        caught = [M for M in matrices if bug(M) != lo.rank(M.astype(np.uint8))]
        assert caught and all(bug(M) < lo.rank(M.astype(np.uint8)) for M in caught)
        assert bug(np.ones((4, 4), dtype=int)) == 1  # the submission with mistakes gives this


def own_toggle_matrix(rows, cols, *, torus=False):
    """A toggle matrix built with loops, as the question asks (lo.toggle_matrix is off)."""
    n = rows * cols
    A = np.zeros((n, n), dtype=np.uint8)
    for r in range(rows):
        for c in range(cols):
            for dr, dc in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]:
                rr, cc = r + dr, c + dc
                if torus:
                    rr, cc = rr % rows, cc % cols
                if 0 <= rr < rows and 0 <= cc < cols:
                    A[rr * cols + cc, r * cols + c] ^= 1
    return A


def own_fewest_presses(particular, quiet):
    """The coset searched by hand, with NumPy only (the question grades it alone)."""
    import itertools

    x0 = np.asarray(particular, dtype=np.int64)
    basis = np.asarray(quiet, dtype=np.int64).reshape(-1, x0.size)
    best = x0.ravel()
    for c in itertools.product([0, 1], repeat=len(basis)):
        candidate = (x0.ravel() + np.array(c, dtype=np.int64) @ basis) % 2
        if candidate.sum() < best.sum():
            best = candidate
    return best.reshape(x0.shape)


@contextmanager
def student_function(function) -> Iterator[_judge.StudentFunction]:
    """``function`` as the grading driver hands it to a verifier: a handle on a runner."""
    payloads = [base64.b64decode(item["pickle"]) for item in _sandbox.encode_answers((function,))]
    session = _judge.Session(payloads, None, list(sys.path), os.getcwd())
    try:
        (handle,) = session.answers()
        yield handle
    finally:
        session.close()


@contextmanager
def graded_alone(name: str, wrong: dict[str, str]) -> Iterator[dict[str, object]]:
    """The answer functions of ``name``'s questions graded alone, as the driver runs them:
    the model solution's cells (but for ``wrong``) in a sandbox with NumPy only."""
    model = {grade_id(c): SOLUTION.sub("", c.source) for c in source(name).cells}
    cells = {**model, **wrong}
    questions = [q for q in GRADERS[name].QUESTIONS if q.alone]
    uses = dict.fromkeys(key for q in questions for key in (*q.uses, q.answer_cell))
    session = _judge.Session.notebook(
        ["import numpy as np", *(cells[key] for key in uses)],
        [q.answer for q in questions],
        view=_bubblewrap.View(package=False),
    )
    try:
        yield dict(zip((q.answer for q in questions), session.answers(), strict=True))
    finally:
        session.close()


@pytest.mark.parametrize(
    ("wrong", "message"),
    sample(  # the inner loop: every third (each starts a sandbox: 0.4 s)
        [
            ("def nullity(A):\n    return len(rref(A)[1])", "your nullity is"),
            (
                "def nullity(A):\n    import lightsout_edu as lo\n    return lo.rank(A)",
                "NumPy and the standard",
            ),
            ("def kernel_basis(A):\n    return np.eye(np.shape(A)[1], dtype=int)", "is not quiet"),
            ("def solvable(A, b):\n    return 1", "not True or False"),
            ("def certificate(A, b):\n    return b", "is not in the kernel of A^T"),
        ],
        every=3,
    ),
)
def test_the_kernel_graders_say_what_is_wrong(wrong: str, message: str) -> None:
    key = {"nullity": "q1_answer", "kernel_basis": "q2_answer", "solvable": "q3_answer",
           "certificate": "q4_answer"}[wrong.split("(")[0].removeprefix("def ")]  # fmt: skip
    question = next(q for q in kernel_graders.QUESTIONS if q.answer_cell == key)
    with graded_alone("kernel_and_solvability", {key: wrong}) as functions:
        with pytest.raises(AssertionError, match=re.escape(message)):
            question.verify("s0042", functions[question.answer])


@pytest.mark.parametrize(
    ("wrong", "message"),
    sample(  # the inner loop: every third (each starts a sandbox: 0.4 s)
        [
            (
                "def press(board, presses):\n    return board",
                "returned the board before the presses",
            ),
            (
                "def press(board, presses):\n    import lightsout_edu as lo\n"
                "    return lo.press(board, presses)",
                "NumPy and the standard",
            ),
            (
                "def press(board, presses):\n    A = my_toggle_matrix(*np.shape(board))\n"
                "    return (np.ravel(board) + A @ np.ravel(presses)).reshape(np.shape(board))",
                "your board has entries above 1",
            ),
            (
                "def press(board, presses):\n"
                "    after = np.ravel(board) + my_toggle_matrix(rows, cols) @ np.ravel(presses)\n"
                "    return (after % 2).reshape(rows, cols)",
                "NameError",
            ),
            ("def solve_small(M, rhs):\n    return None", "but the system has a solution"),
            ("def solve_small(M, rhs):\n    return [0] * np.shape(M)[1]", "does not hold"),
            (
                "def solve_small(M, rhs):\n    import lightsout_edu as lo\n"
                "    return lo.solve(M, rhs)",
                "NumPy and the standard",
            ),
            ("def solve_small(M, rhs):\n    return [0, 1]", "x should hold 4 numbers"),
            (
                "def solve_small(M, rhs):\n"  # never None: the last candidate when none fits
                "    import itertools\n"
                "    for x in itertools.product([0, 1], repeat=np.shape(M)[1]):\n"
                "        if not ((np.asarray(M) @ np.array(x) + rhs) % 2).any():\n"
                "            break\n"
                "    return list(x)",
                "but the system has no solution: then solve_small should return None",
            ),
        ],
        every=3,
    ),
)
def test_the_game_graders_say_what_is_wrong(wrong: str, message: str) -> None:
    key = {"press": "q2_answer", "solve_small": "q3_answer"}[
        wrong.split("(")[0].removeprefix("def ")
    ]
    question = next(q for q in game_graders.QUESTIONS if q.answer_cell == key)
    with graded_alone("game_and_gf2", {key: wrong}) as functions:
        with pytest.raises(AssertionError, match=re.escape(message)):
            question.verify("s0042", functions[question.answer])


@pytest.mark.parametrize(
    ("wrong", "message"),
    sample(  # the inner loop: every third (each starts a sandbox: 0.4 s)
        [
            (
                "def count_solutions(A, b):\n    return np.shape(A)[1] - len(rref(A)[1])",
                "is the nullity d, the dimension of the kernel",
            ),
            (  # forgets that a system may have no solution
                "def count_solutions(A, b):\n    return 2 ** (np.shape(A)[1] - len(rref(A)[1]))",
                "which is wrong: a system over GF(2) has no solution",
            ),
            (
                "def count_solutions(A, b):\n    import lightsout_edu as lo\n"
                "    return 2 ** (np.shape(A)[1] - lo.rank(A))",
                "NumPy and the standard",
            ),
            (
                "def all_solutions(particular, quiet):\n    return [particular]",
                "but the board has more",
            ),
            (
                "def all_solutions(particular, quiet):\n    return [particular, particular]",
                "solutions 1 and 2 are the same",
            ),
            (
                "def all_solutions(particular, quiet):\n    return [particular ^ 1]",
                "solution 1 is not a solution",
            ),
            ("def chase(board, first_row):\n    return np.asarray(board)[-1]", "before the chase"),
            (
                "def chase(board, first_row):\n    return np.zeros(np.shape(board)[1], dtype=int)",
                "of your last row",
            ),
            (
                "def first_row_that_works(board):\n    return [0] * np.shape(board)[1]",
                "with this first row the chase leaves the lights",
            ),
            ("def first_row_that_works(board):\n    return 1", "not the number 1"),
        ],
        every=3,
    ),
)
def test_the_chasing_graders_say_what_is_wrong(wrong: str, message: str) -> None:
    keys = {"count_solutions": "q1_answer", "all_solutions": "q2_answer", "chase": "q4_answer",
            "first_row_that_works": "q5_answer"}  # fmt: skip
    key = keys[wrong.split("(")[0].removeprefix("def ")]
    question = next(q for q in chasing_graders.QUESTIONS if q.answer_cell == key)
    with graded_alone("solutions_and_chasing", {key: wrong}) as functions:
        with pytest.raises(AssertionError, match=re.escape(message)):
            question.verify("s0042", functions[question.answer])


OWN_RULE_MATRIX = (
    "def rule_toggle_matrix(n, stencil, torus):\n"
    "    A = np.zeros((n * n, n * n), dtype=np.uint8)\n"
    "    for r in range(n):\n"
    "        for c in range(n):\n"
    "            for dr, dc in np.argwhere(stencil):\n"
    "                rr, cc = r + dr - 1, c + dc - 1\n"
    "                if {wrap}:\n"
    "                    rr, cc = rr % n, cc % n\n"
    "                if 0 <= rr < n and 0 <= cc < n:\n"
    "                    A[rr * n + cc, r * n + c] = {value}\n"
    "    return A"
)


@pytest.mark.parametrize(
    ("wrong", "message"),
    sample(  # the inner loop: every third (each starts a sandbox: 0.4 s)
        [
            (OWN_RULE_MATRIX.format(wrap="not torus", value=1), "This board wraps around"),
            (OWN_RULE_MATRIX.format(wrap="True", value=1), "This board does not wrap around"),
            (OWN_RULE_MATRIX.format(wrap="torus", value="r != rr or c != cc"), "The centre of"),
            (
                "def rule_toggle_matrix(n, stencil, torus):\n    return np.eye(n)",
                "a matrix of shape (8, 8)",
            ),
            (
                "def rule_toggle_matrix(n, stencil, torus):\n    import lightsout_edu as lo\n"
                "    return lo.toggle_matrix(n, n, torus=torus)",
                "NumPy and the standard",
            ),
            ("def solve_gf2(A, b):\n    return None", "but the system has a solution"),
            (
                "def solve_gf2(A, b):\n    return np.ones(np.shape(A)[1], dtype=int)",
                "does not hold",
            ),
            ("def solve_gf2(A, b):\n    return [0, 1]", "x should have"),
            (
                "def solve_mod3(A, b):\n"  # the GF(2) elimination on a system mod 3
                "    n = np.shape(A)[1]\n"
                "    R, pivots = rref(np.column_stack([np.asarray(A) % 2, np.ravel(b) % 2]))\n"
                "    if n in pivots:\n"
                "        return None\n"
                "    x = np.zeros(n, dtype=int)\n"
                "    for row, col in enumerate(pivots):\n"
                "        x[col] = R[row, n]\n"
                "    return x",
                "(mod 3)",
            ),
            (
                "def solve_mod3(A, b):\n    return np.zeros(np.shape(A)[1], dtype=int) + 4",
                "is not between 0 and 2",
            ),
            ("def worst_case(quiet):\n    return np.shape(quiet)[1]", "no board needs all its"),
            ("def worst_case(quiet):\n    return 1", "your worst case is 1, which is wrong"),
            (
                "def hardest_presses(quiet):\n    return np.ones(np.shape(quiet)[1], dtype=int)",
                "a lighter solution of the same board",
            ),
            ("def hardest_presses(quiet):\n    return [1]", "give one entry per cell"),
        ],
        every=3,
    ),
)
def test_the_variants_graders_say_what_is_wrong(wrong: str, message: str) -> None:
    name = wrong.split("(")[0].removeprefix("def ")
    question = next(q for q in variants_graders.QUESTIONS if q.answer == name)
    with graded_alone("variants_and_worst_case", {question.answer_cell: wrong}) as functions:
        with pytest.raises(AssertionError, match=re.escape(message)):
            question.verify("s0042", functions[question.answer])


def verify_as_graded(verify, student: str, answer) -> None:
    """``verify(student, answer)``, a function of the student's reaching it as a handle."""
    if callable(answer):
        with student_function(answer) as handle:
            verify(student, handle)
    else:
        verify(student, answer)


@pytest.mark.parametrize(
    ("verify", "answer", "message"),
    sample(  # the inner loop: every third (each starts a sandbox: 0.4 s)
        [
            (
                game_graders.verify_toggle_matrix_function,
                lambda r, c: own_toggle_matrix(r, c, torus=True),
                "The board does not wrap around",
            ),
            (
                game_graders.verify_toggle_matrix_function,
                lambda r, c: None,
                "does it end with return A?",
            ),
            (game_graders.verify_toggle_matrix_function, lambda r, c: 1 / 0, "ZeroDivisionError"),
            (
                game_graders.verify_solve_small,
                lambda M, rhs: [0.5, 0, 0, 0],
                "Over GF(2) every unknown is 0 or 1",
            ),
            (
                game_graders.verify_press,
                lambda b, x: (
                    lo.press(b, x) ^ np.eye(*b.shape, dtype=np.uint8) * (b.shape == (5, 5))
                ),
                "for hidden board 6 (5x5) 5 lights of your board are wrong",
            ),
            (game_graders.verify_self_orthogonal, [0] * 6, "the question asks for a nonzero w"),
            (chasing_graders.verify_count_solutions, lambda A, b: 1, "which is wrong: a system"),
            (chasing_graders.verify_all_solutions, lambda x, q: "101", "not as one text"),
            (
                chasing_graders.verify_fewest_presses_function,
                lambda x, q: None,
                "should return the presses",
            ),
            (chasing_graders.verify_chase, lambda b, f: [0, 1], "the last row has"),
            (variants_graders.verify_worst_case, lambda quiet: "many", "not a whole number"),
            (variants_graders.verify_counterexample, [[1]], "give a"),
        ],
        every=3,
    ),
)
def test_grading_functions_say_what_is_wrong(verify, answer, message) -> None:
    with pytest.raises(AssertionError, match=re.escape(message)):
        verify_as_graded(verify, "s0042", answer)


@pytest.mark.slow
def test_the_model_answers_pass_every_grading_function() -> None:
    for student in ("s0042", "s0043"):
        with graded_alone("game_and_gf2", {}) as functions:
            for question in game_graders.QUESTIONS[:3]:
                question.verify(student, functions[question.answer])
        v = game.assignment_for(student).vector
        w = next(
            c for c in np.ndindex(*[2] * 6) if any(c) and sum(c) % 2 == 0 and np.dot(c, v) % 2 == 0
        )
        game_graders.verify_self_orthogonal(student, list(w))
        verify_as_graded(
            chasing_graders.verify_fewest_presses_function, student, own_fewest_presses
        )
        with graded_alone("solutions_and_chasing", {}) as functions:
            for question in chasing_graders.QUESTIONS:
                question.verify(student, functions[question.answer])
        with graded_alone("variants_and_worst_case", {}) as functions:
            for question in variants_graders.QUESTIONS:
                if question.alone:
                    question.verify(student, functions[question.answer])
        other = variants.assignment_for(student)
        k = other.matrix_size
        rng = np.random.default_rng(8)
        variants_graders.verify_counterexample(
            student,
            next(
                M
                for M in (rng.integers(0, 2, (k, k)) for _ in range(10_000))
                if M.any(axis=1).all() and other.buggy_rank(M) != lo.rank(M)
            ),
        )
        with graded_alone("kernel_and_solvability", {}) as functions:
            for question in kernel_graders.QUESTIONS:
                question.verify(student, functions[question.answer])


def test_a_student_id_is_read_without_spaces_or_case() -> None:
    assert grader_common.normalised_id(" S1000006 ") == "s1000006"
    for module in (kernel_assignment, game, chasing, variants):
        tasks = [module.assignment_for(s) for s in ("s1000006", "S1000006", " s1000006 ")]
        assert {t.student_id for t in tasks} == {"s1000006"}
        assert len({repr(vars(t)) for t in tasks}) == 1, module.__name__
    with pytest.raises(TypeError, match="STUDENT_ID must be your student id"):
        grader_common.normalised_id(None)


GRADERS = {
    "game_and_gf2": game_graders,
    "kernel_and_solvability": kernel_graders,
    "solutions_and_chasing": chasing_graders,
    "variants_and_worst_case": variants_graders,
}


@pytest.mark.parametrize("name", NAMES)
def test_the_questions_are_the_graded_cells_of_the_notebook(name: str) -> None:
    """QUESTIONS lists the graded test cells in order, each with the answer its visible checks
    look at and a verifier of its assignment; a question graded alone names the cell defining
    its function."""
    questions = GRADERS[name].QUESTIONS
    cells = {grade_id(c): c for c in source(name).cells}
    tests = [
        key
        for key, c in cells.items()
        if c.cell_type == "code" and c.metadata["nbgrader"].get("grade")
    ]
    assert [q.grade_id for q in questions] == tests
    for question in questions:
        checks = cells[question.grade_id].source
        assert re.search(rf"\b{question.answer}\b", checks), question.grade_id
        assert question.verify.__name__.startswith("verify_")
        assert question.verify.__module__ == GRADERS[name].__name__
        if question.alone:
            answer_cell = cells[question.answer_cell]
            assert answer_cell.metadata["nbgrader"]["solution"]
            assert f"def {question.answer}(" in answer_cell.source
        else:
            assert question.answer_cell == ""
    assert [q.grade_id for q in questions if q.alone] == {
        "game_and_gf2": ["q1_test", "q2_test", "q3_test"],
        "kernel_and_solvability": ["q1_test", "q2_test", "q3_test", "q4_test"],
        "solutions_and_chasing": ["q1_test", "q2_test", "q3_test", "q4_test", "q5_test"],
        "variants_and_worst_case": ["q1_test", "q2_test", "q3_test", "q5_test", "q6_test"],
    }.get(name, [])


@pytest.mark.slow
def test_feedback_is_written_again_only_where_grades_changed(tmp_path, monkeypatch) -> None:
    # issue 40: every --feedback run converted every student's notebook again (a refused
    # 31.5 MB one: 3.8 GB each time); now only a changed student's, never a refused one's
    from nbgrader.api import Gradebook

    released = assignment.release(tmp_path, [NAME])[NAME]
    for student, wrong in (("s0001", {}), ("s0002", WRONG[NAME]), ("s0003", {})):
        target = tmp_path / "submitted" / student / NAME
        target.mkdir(parents=True)
        nbformat.write(filled(NAME, released, student, wrong), target / NOTEBOOK)
    bulky = filled(NAME, released, "s0003", {})
    code = [cell for cell in bulky.cells if cell.cell_type == "code"]
    code[-1].outputs = [nbformat.v4.new_output("stream", name="stdout", text="x" * 300_000)]
    nbformat.write(bulky, tmp_path / "submitted" / "s0003" / NAME / NOTEBOOK)
    # course.toml's [grading] notebook_megabytes (20 by default), here 200 kB
    monkeypatch.setattr(assignment, "notebook_limit", lambda plan: 200_000)
    runs: list[tuple[str, ...]] = []
    run = assignment.Course.run
    monkeypatch.setattr(
        assignment.Course, "run", lambda self, *args: (runs.append(args), run(self, *args))[1]
    )
    scores = assignment.autograde(tmp_path, [NAME], feedback=True)[NAME]
    assert scores == {"s0001": 10.0, "s0002": 3.0, "s0003": 0.0}
    assert ("autograde", NAME, "s0003") not in runs  # refused: never converted
    assert not (tmp_path / "autograded" / "s0003").exists()
    assert ("generate_feedback", NAME, None, True) in runs  # the first time: everyone at once
    course = assignment.Course(tmp_path)
    due = assignment.deadlines()
    pages = {s: tmp_path / "feedback" / s / NAME / f"{NAME}.html" for s in ("s0001", "s0002")}
    first = {s: page.read_text() for s, page in pages.items()}

    runs.clear()
    assert course.feedback(NAME, due) == []  # nothing changed: nothing converted
    assert [r for r in runs if r[0] == "generate_feedback"] == []
    with Gradebook(course.url) as gradebook:
        grade = gradebook.find_grade("q5_answer", NAME, NAME, "s0002")
        grade.manual_score, grade.needs_manual_grade = 2.5, False  # as the formgrader saves it
        gradebook.db.commit()
    assert course.feedback(NAME, due) == [pages["s0002"]]  # s0002's grades changed
    assert "Written response</a> (Score: 2.5 / 3.0)" in pages["s0002"].read_text()
    assert pages["s0001"].read_text() == first["s0001"]
    pages["s0001"].unlink()
    assert course.feedback(NAME, due) == [pages["s0001"]]  # s0001's page is missing
    assert pages["s0001"].read_text() == first["s0001"]  # written again, the same
    assert [r[2] for r in runs if r[0] == "generate_feedback"] == ["s0002", "s0001"]


def test_a_failed_hidden_system_is_named_by_its_number_only() -> None:
    # the feedback never shows a hidden case: on the student's own system the failing
    # equation is written out, on a hidden one it is only numbered
    def own_right_hidden_wrong(M, rhs):
        x = lo.solve(M, rhs)
        return x if M.shape == (4, 4) else np.zeros(M.shape[1], dtype=int)

    with pytest.raises(AssertionError) as failed:
        verify_as_graded(game_graders.verify_solve_small, "s0042", own_right_hidden_wrong)
    message = str(failed.value)
    assert message.startswith("for hidden system 1 (1 equations, 1 unknowns): equation 1 of")
    assert "x1" not in message
