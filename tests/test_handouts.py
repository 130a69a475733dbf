"""Student and teacher handouts (`make handouts`, tools/make_handouts.py)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from tools.make_handouts import (
    for_students,
    is_solution,
    notebooks_in,
    student_version,
    unlink_teacher_notebooks,
)

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"


@pytest.fixture(scope="module")
def handouts(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The handouts written by the real command from notebooks/."""
    out = tmp_path_factory.mktemp("handouts")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.make_handouts",
            "--notebooks",
            str(NOTEBOOKS),
            "--out",
            str(out),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return out


def with_solutions() -> list[Path]:
    """The course notebooks that have cells tagged ``solution``."""
    return [
        path
        for path in notebooks_in(NOTEBOOKS)
        if any(is_solution(c) for c in nbformat.read(path, as_version=4).cells)
    ]


def visible_text(nb: nbformat.NotebookNode) -> str:
    """Everything a reader of the notebook can see: sources and text of the outputs."""
    parts = []
    for cell in nb.cells:
        parts.append(cell.source)
        for output in cell.get("outputs", []):
            parts.append(output.get("text", ""))
            for mime, value in output.get("data", {}).items():
                if mime.startswith("text/"):
                    parts.append(value if isinstance(value, str) else "".join(value))
    return "\n".join(parts)


def solution_lines(nb: nbformat.NotebookNode) -> set[str]:
    """Lines that only solution cells contain (sources and outputs)."""
    solutions = nbformat.v4.new_notebook(cells=[c for c in nb.cells if is_solution(c)])
    others = nbformat.v4.new_notebook(cells=[c for c in nb.cells if not is_solution(c)])
    shared = {line.strip() for line in visible_text(others).splitlines()}
    return {
        line.strip()
        for line in visible_text(solutions).splitlines()
        if len(line.strip()) >= 8 and line.strip() not in shared
    }


def test_the_course_has_exercises_with_solutions() -> None:
    assert with_solutions(), "no notebook has cells tagged 'solution'"


def test_teacher_notebooks_are_the_originals(handouts: Path) -> None:
    for path in notebooks_in(NOTEBOOKS):
        relative = path.relative_to(NOTEBOOKS)
        assert (handouts / "teacher" / relative).read_bytes() == path.read_bytes(), relative


def test_student_notebooks_have_no_solutions(handouts: Path) -> None:
    for path in notebooks_in(NOTEBOOKS):
        if not for_students(path.relative_to(NOTEBOOKS)):
            continue
        teacher = nbformat.read(path, as_version=4)
        student_path = handouts / "student" / path.relative_to(NOTEBOOKS)
        student = nbformat.read(student_path, as_version=4)
        nbformat.validate(student)
        assert not any(is_solution(c) for c in student.cells), student_path.name
        unlink_teacher_notebooks(teacher, path.relative_to(NOTEBOOKS))  # as handed out
        kept = [c.source for c in teacher.cells if not is_solution(c)]
        assert [c.source for c in student.cells] == kept, student_path.name
        shown = {line.strip() for line in visible_text(student).splitlines()}
        leaked = sorted(solution_lines(teacher) & shown)
        assert leaked == [], f"{student_path.name} shows solution text: {leaked[:5]}"


def test_student_version_keeps_outputs_above_the_first_solution() -> None:
    out = nbformat.v4.new_output
    cells = [
        nbformat.v4.new_code_cell(
            "setup()",
            execution_count=1,
            outputs=[
                out("stream", name="stdout", text="board drawn\n"),
                out("display_data", data={"application/vnd.jupyter.widget-view+json": {}}),
            ],
        ),
        nbformat.v4.new_code_cell("answer = None", execution_count=2),
        nbformat.v4.new_code_cell(
            "answer = 42", execution_count=3, metadata={"tags": ["solution"]}
        ),
        nbformat.v4.new_code_cell(
            "check(answer)",
            execution_count=4,
            outputs=[out("stream", name="stdout", text="Correct: 42\n")],
        ),
    ]
    nb = nbformat.v4.new_notebook(
        cells=cells, metadata={"widgets": {"state": {}}, "jupytext": {"formats": "ipynb,py"}}
    )
    student, first = student_version(nb)
    assert first == 2
    assert [c.source for c in student.cells] == ["setup()", "answer = None", "check(answer)"]
    assert student.cells[0].outputs == [cells[0].outputs[0]]
    assert student.cells[0].execution_count == 1
    assert (student.cells[2].outputs, student.cells[2].execution_count) == ([], None)
    assert "widgets" not in student.metadata and "jupytext" not in student.metadata
    assert len(nb.cells) == 4 and "widgets" in nb.metadata  # the teacher copy is untouched


@pytest.mark.notebook
@pytest.mark.parametrize("path", with_solutions(), ids=lambda p: p.stem)
def test_student_notebook_runs_where_it_is_handed_out(
    executed_student_notebook, path: Path
) -> None:
    """Every student notebook that differs from the teacher's runs, whole, in the edition.

    The unanswered exercises (``answer = None``, a function stub) get "Not yet", never an
    error; the rest of the notebook runs as in class.
    """
    student = executed_student_notebook(path.relative_to(NOTEBOOKS))
    errors = [o for c in student.cells for o in c.get("outputs", []) if o.output_type == "error"]
    assert errors == []


def test_teacher_only_notebooks_are_not_handed_to_students(handouts: Path) -> None:
    assert (handouts / "teacher" / "instructor" / "guide.ipynb").is_file()
    assert (handouts / "teacher" / "course.toml").is_file(), "the guide reads the course plan"
    assert not (handouts / "student" / "instructor").exists()
    handed = {p.relative_to(handouts / "student") for p in notebooks_in(handouts / "student")}
    expected = {p.relative_to(NOTEBOOKS) for p in notebooks_in(NOTEBOOKS)}
    assert handed == {p for p in expected if p.parts[0] != "instructor"}


TEACHER_WORDS = re.compile(r"solution|guide|instructor|teacher|answer|key|rubric|grad", re.I)


def test_the_student_edition_holds_nothing_for_teachers_only(student_repo: Path) -> None:
    files = [p.relative_to(student_repo) for p in student_repo.rglob("*") if p.is_file()]
    files = [p for p in files if p.parts[0] != ".git"]
    assert any(p.suffix == ".ipynb" for p in files) and any(p.suffix == ".py" for p in files)
    # the package goes whole (its formative multiple-choice keys too: not in plain text, but
    # readable, and they count for nothing; README, "Multiple choice in the notebooks");
    # beside it, the one name that matches is lecture 5, on all the solutions of a board, in
    # English and in Chinese
    named = sorted(
        str(p) for p in files if p.parts[0] != "lightsout_edu" and TEACHER_WORDS.search(p.name)
    )
    assert named == [
        "notebooks/05_all_solutions_and_fewest_presses.ipynb",
        "notebooks/05_all_solutions_and_fewest_presses.zh.ipynb",
    ], named
    top = {p.parts[0] for p in files}
    assert top == {
        "notebooks",
        "benchmarks",
        "lightsout_edu",
        "pyproject.toml",
        "environment.yml",
        "requirements.txt",
        "postBuild",
        "apt.txt",
        "README.md",
        "LICENSE",
    }
    for path in student_repo.rglob("*.ipynb"):
        nb = nbformat.read(path, as_version=4)
        assert not any(is_solution(c) for c in nb.cells), path
        assert not any("### Solution" in c.source for c in nb.cells), path
        assert not any("### 解答" in c.source for c in nb.cells), path


def test_the_student_edition_is_a_git_repository_ready_to_push(student_repo: Path) -> None:
    status = subprocess.run(
        ["git", "-C", str(student_repo), "status", "--porcelain"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert status.stdout == ""
    log = subprocess.run(
        ["git", "-C", str(student_repo), "log", "--oneline"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert len(log.stdout.splitlines()) == 1


RELATIVE_PATH = re.compile(r"""Path\(["'](\.\./[^"']+)["']\)""")


def test_every_file_a_student_notebook_reads_travels_with_it(student_repo: Path) -> None:
    """A lecture that reads ../benchmarks/results.json finds it in the student edition too."""
    read = 0
    for path in (student_repo / "notebooks").rglob("*.ipynb"):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            for relative in RELATIVE_PATH.findall(cell.source):
                assert (path.parent / relative).is_file(), f"{path.name} reads {relative}"
                read += 1
    assert read >= 2  # lectures 8 and 9


#: A relative link in Markdown, [text](target) or href="target" (not to another host).
LOCAL_LINK = re.compile(r"""(?:\]\(|href=["'])(?![a-z][a-z0-9+.-]*:|//|#)([^)"'\s#?]+)""")


def test_no_link_in_the_student_edition_points_at_a_file_it_lacks(student_repo: Path) -> None:
    """Lecture 9 (both languages) names the instructor guide, which students do not get: its
    words stay, the link goes; every other link of a notebook or the README still works."""
    checked, dead = 0, []
    documents = [*(student_repo / "notebooks").rglob("*.ipynb"), student_repo / "README.md"]
    for path in documents:
        if path.suffix == ".ipynb":
            nb = nbformat.read(path, as_version=4)
            text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
        else:
            text = path.read_text(encoding="utf-8")
        for target in LOCAL_LINK.findall(text):
            checked += 1
            if not (path.parent / target.replace("%2F", "/")).exists():
                dead.append(f"{path.relative_to(student_repo)}: {target}")
    assert checked > 50
    assert dead == []
    for name in ("09_how_many_presses.ipynb", "09_how_many_presses.zh.ipynb"):
        last = nbformat.read(student_repo / "notebooks" / name, as_version=4).cells[-1].source
        assert "instructor/" not in last and ("instructor guide" in last or "教师指南" in last)
