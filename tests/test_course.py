"""The course as a whole: every lecture has graded exercises, the exercises use only what has
been taught, every "Try this" has an answer in the instructor guide, the course plan agrees
with the notebooks and the README, and the lectures carry slides and described figures."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import matplotlib
import nbformat
import pytest

from lightsout_edu import exercises as ex
from tools.build_site import english

matplotlib.use("Agg")

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
PLAN = tomllib.loads((NOTEBOOKS / "course.toml").read_text(encoding="utf-8"))
LECTURES = english(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
EXERCISES = english((NOTEBOOKS / "exercises").glob("E*.ipynb"))
GUIDE = NOTEBOOKS / "instructor" / "guide.ipynb"
CHECKERS = {n for n in ex.__all__ if n.startswith("check_")}
EXERCISE_HEADING = re.compile(r"^## Exercise (\d+)\.(\d+) (★{1,3}) — \S", re.MULTILINE)
LO_NAME = re.compile(r"\blo\.([A-Za-z_]\w*)")


def load(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def is_solution(cell: nbformat.NotebookNode) -> bool:
    return "solution" in cell.metadata.get("tags", [])


def shown_result(cell: nbformat.NotebookNode) -> str:
    results = [o for o in cell.get("outputs", []) if o.output_type == "execute_result"]
    return results[-1].data["text/plain"] if results else ""


def number(path: Path) -> int:
    return int(re.search(r"\d+", path.stem).group(0))


def try_this(nb: nbformat.NotebookNode) -> list[str]:
    """The numbered prompts after the lecture's **Try this**."""
    for cell in nb.cells:
        if cell.cell_type == "markdown" and "**Try this**" in cell.source:
            after = cell.source.split("**Try this**", 1)[1].split("**Exercises**")[0]
            return re.findall(r"^\d+\. (.+)$", after, re.MULTILINE)
    return []


# ---------------------------------------------------------------------------------------------
# Exercises for every lecture
# ---------------------------------------------------------------------------------------------


def test_every_lecture_has_its_exercise_notebook_with_at_least_three_exercises():
    assert len(LECTURES) == len(PLAN["lecture"]) == 9
    by_number = {number(p): p for p in EXERCISES}
    total = 0
    for lecture in LECTURES:
        k = number(lecture)
        assert k in by_number, f"lecture {k} has no exercise notebook E{k}_*.ipynb"
        text = "\n".join(c.source for c in load(by_number[k]).cells if c.cell_type == "markdown")
        found = EXERCISE_HEADING.findall(text)
        assert len(found) >= 3, (
            f"E{k} has {len(found)} exercises (headings '## Exercise {k}.j ★ — ...')"
        )
        assert all(int(a) == k for a, _, _ in found)
        assert [int(b) for _, b, _ in found] == list(range(1, len(found) + 1))
        stars = [len(s) for _, _, s in found]
        assert stars == sorted(stars), f"E{k}: the ladder should go from ★ to ★★★: {stars}"
        total += len(found)
    assert total >= 27


@pytest.mark.parametrize("lecture", LECTURES, ids=[p.stem for p in LECTURES])
def test_the_end_of_each_lecture_links_its_exercises(lecture):
    k = number(lecture)
    target = next(p for p in EXERCISES if number(p) == k)
    tail = "\n".join(c.source for c in load(lecture).cells[-2:])
    assert f"(exercises/{target.name})" in tail, (
        f"the end of {lecture.name} must link {target.name}"
    )


def test_every_checker_is_posed_once_and_solved_once():
    """Each checker is called in an answer cell (Not yet) and in a solution cell (Correct)."""
    posed: dict[str, list[str]] = {}
    solved: dict[str, list[str]] = {}
    for path in EXERCISES:
        for cell in load(path).cells:
            if cell.cell_type != "code":
                continue
            for name in re.findall(r"^(check_\w+)\(", cell.source, re.MULTILINE):
                (solved if is_solution(cell) else posed).setdefault(name, []).append(
                    shown_result(cell)
                )
    assert set(posed) == set(solved) == CHECKERS
    for name in posed:
        assert len(posed[name]) == 1 and posed[name][0].startswith("Not yet"), (name, posed[name])
        assert solved[name] and all(r.startswith("Correct") for r in solved[name]), name


@pytest.mark.parametrize("path", EXERCISES, ids=[p.stem for p in EXERCISES])
def test_each_answer_slot_is_followed_by_its_checker_and_a_folded_solution(path):
    cells = load(path).cells
    for index, cell in enumerate(cells):
        if cell.cell_type == "code" and re.search(r"^## ", cell.source, re.MULTILINE):
            pytest.fail("a heading in a code cell")
        if cell.cell_type != "code" or is_solution(cell) or not cell.source.startswith("check_"):
            continue
        heading = cells[index + 1]
        assert is_solution(heading) and heading.source.startswith("### Solution"), (
            f"cell {index + 1} of {path.name}: a checker cell must be followed by a "
            "solution-tagged '### Solution' cell"
        )
        assert heading.metadata.get("jp-MarkdownHeadingCollapsed") is True, (
            f"the solution after cell {index} of {path.name} is not folded in JupyterLab"
        )
        nxt = next((c for c in cells[index + 2 :] if not is_solution(c)), None)
        assert nxt is None or nxt.source.startswith(("## Exercise", "**Next**", "That was")), (
            f"{path.name}: solution cells must run to the next exercise"
        )


@pytest.mark.notebook
@pytest.mark.parametrize("path", EXERCISES, ids=[p.stem for p in EXERCISES])
def test_student_version_runs_and_reveals_nothing(path, executed_student_notebook):
    """Dropping the solution cells (as `make handouts` does) leaves a notebook that runs, whose
    checkers all answer Not yet (the run is shared with tests/test_handouts.py)."""
    student = executed_student_notebook(path.relative_to(NOTEBOOKS))
    assert not any("Solution" in c.source for c in student.cells if c.cell_type == "markdown")
    results = [shown_result(c) for c in student.cells if c.source.startswith("check_")]
    assert results and all(r.startswith("Not yet") for r in results), (
        "unanswered exercises must not be marked correct"
    )


def names_taught_by_lecture() -> dict[int, set[str]]:
    """lecture number -> the ``lo.`` names used (so taught) in that lecture or before."""
    taught: dict[int, set[str]] = {}
    seen: set[str] = set()
    for lecture in LECTURES:
        for cell in load(lecture).cells:
            seen |= set(LO_NAME.findall(cell.source))
        taught[number(lecture)] = set(seen)
    return taught


def test_exercises_use_only_what_has_been_taught():
    """E_k (statements, hints, code and the checker messages of lecture k) names only ``lo.``
    functions that lectures 1..k used."""
    taught = names_taught_by_lecture()
    for path in EXERCISES:
        k = number(path)
        text = "\n".join(c.source for c in load(path).cells)
        module = (ROOT / "lightsout_edu" / "exercises" / f"lecture{k}.py").read_text()
        used = set(LO_NAME.findall(text)) | set(LO_NAME.findall(module))
        early = sorted(used - taught[k])
        assert not early, f"{path.name} uses {early}, which no lecture up to {k} has taught"


def test_the_lectures_do_not_print_what_the_exercises_ask():
    """The boards an exercise asks about (9x14, 3x8, 5x11, 6x7) appear in no lecture, so no
    lecture output gives their answers away."""
    subjects = re.compile(r"\b(9 ?x ?14|3 ?x ?8|5 ?x ?11|6 ?x ?7)\b")
    for lecture in LECTURES:
        for index, cell in enumerate(load(lecture).cells):
            texts = [cell.source] + [o.get("text", "") for o in cell.get("outputs", [])]
            texts += [str(o.get("data", {}).get("text/plain", "")) for o in cell.get("outputs", [])]
            for text in texts:
                found = subjects.search(text.replace("\\times", "x"))
                assert not found, f"cell {index} of {lecture.name} mentions {found.group(0)}"


# ---------------------------------------------------------------------------------------------
# The lecturer's kit
# ---------------------------------------------------------------------------------------------


def guide_answers() -> dict[int, list[str]]:
    text = "\n".join(c.source for c in load(GUIDE).cells if c.cell_type == "markdown")
    section = text.split("## Answers to the Try this prompts", 1)[1].split("\n## ", 1)[0]
    answers = {}
    parts = re.split(r"^### Lecture (\d+)\s*$", section, flags=re.MULTILINE)
    for k, body in zip(parts[1::2], parts[2::2], strict=True):
        answers[int(k)] = re.findall(r"^\d+\. (.+)$", body, re.MULTILINE)
    return answers


@pytest.mark.parametrize("lecture", LECTURES, ids=[p.stem for p in LECTURES])
def test_every_try_this_has_an_answer_in_the_instructor_guide(lecture):
    prompts = try_this(load(lecture))
    assert len(prompts) >= 3, f"{lecture.name} has {len(prompts)} Try this prompts"
    answers = guide_answers().get(number(lecture), [])
    assert len(answers) == len(prompts), (
        f"the guide answers {len(answers)} of the {len(prompts)} Try this prompts of {lecture.name}"
    )


def test_the_course_plan_matches_the_notebooks_and_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for lecture in PLAN["lecture"]:
        assert (NOTEBOOKS / lecture["notebook"]).exists(), lecture["notebook"]
        assert (NOTEBOOKS / lecture["exercises"]).exists(), lecture["exercises"]
        row = re.search(rf"^\| {lecture['number']} \|.*$", readme, re.MULTILINE)
        assert row, f"README's course table has no row for lecture {lecture['number']}"
        cells = [c.strip() for c in row.group(0).strip("|").split("|")]
        assert f"{lecture['minutes']} min" in cells, (lecture["number"], cells)
        assert f"{lecture['exercise_minutes']} min" in " ".join(cells)
        assert lecture["notebook"] in row.group(0) and lecture["exercises"] in row.group(0)
    sessions = {lecture["session"] for lecture in PLAN["lecture"]}
    assert sessions <= {f"Session {i}" for i in range(1, 7)} | {"Sessions 4 and 5"}


@pytest.mark.parametrize("lecture", LECTURES, ids=[p.stem for p in LECTURES])
def test_lectures_are_slides_too(lecture):
    cells = load(lecture).cells
    kinds = [c.metadata.get("slideshow", {}).get("slide_type") for c in cells]
    assert None not in kinds, f"{lecture.name}: every cell needs slide metadata"
    assert kinds[0] == "slide"
    sections = [c for c in cells if c.cell_type == "markdown" and c.source.startswith("## ")]
    assert all(c.metadata["slideshow"]["slide_type"] == "slide" for c in sections)
    assert kinds.count("slide") >= 5


@pytest.mark.parametrize("path", [*LECTURES, *EXERCISES], ids=lambda p: p.stem)
def test_every_figure_is_described_for_screen_readers(path):
    for index, cell in enumerate(load(path).cells):
        for output in cell.get("outputs", []):
            if "image/png" in output.get("data", {}):
                alt = output.get("metadata", {}).get("image/png", {}).get("alt", "")
                assert alt.startswith("Figure: ") and "without a title" not in alt, (
                    f"cell {index} of {path.name}: give the figure a title (it becomes its "
                    "alt text), and call lo.use_course_style() first"
                )


def test_lectures_state_what_they_assume_and_credit_their_theorems():
    for lecture in LECTURES:
        text = "\n".join(c.source for c in load(lecture).cells if c.cell_type == "markdown")
        assert "**What it assumes**" in text, lecture.name
        assert "bibliography" in text.lower(), f"{lecture.name} does not link the bibliography"
        for theorem in re.findall(r"\*\*Theorem \(([^)]*)\)", text):
            assert theorem, lecture.name


def test_plotting_walls_stay_out_of_the_lectures():
    """A lecture cell shows an idea: no cell longer than 40 lines of code."""
    for lecture in LECTURES:
        for index, cell in enumerate(load(lecture).cells):
            if cell.cell_type == "code":
                lines = [line for line in cell.source.splitlines() if line.strip()]
                assert len(lines) <= 40, f"cell {index} of {lecture.name}: {len(lines)} lines"
                ast.parse(cell.source)
