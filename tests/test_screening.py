"""Screening a handed-in notebook before nbgrader sees it (grading/screening.py, issue 40).

The whole path -- each broken notebook graded by the real ``autograde`` among honest ones, a
second run clean -- is in tests/test_hostile_submissions.py; here each rule on its own, on
the course's source notebook (the released one has the same graded cells, nbgrader's
``generate_assignment`` adds their checksums, which screening leaves aside).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from grading import screening
from grading.screening import (
    MOST_CELLS,
    MOST_CHARACTERS,
    MOST_ENVIRONMENTS,
    MOST_TAGS,
    NOTEBOOK_MEGABYTES,
    notebook_limit,
    screen,
)
from tests.test_assignment import grade_id, source

pytest.importorskip("nbgrader", reason="nbgrader is in the test extras (pip install -e '.[test]')")

NAME = "kernel_and_solvability"
LIMIT = 2**20
#: The course's default limit, under which every costly notebook here lies.
COURSE_LIMIT = NOTEBOOK_MEGABYTES * 2**20


@pytest.fixture
def handed_in(tmp_path: Path) -> Path:
    """A student's submission folder holding the source notebook, answered."""
    folder = tmp_path / "submitted" / "s0001" / NAME
    folder.mkdir(parents=True)
    nb = source(NAME)
    for cell in nb.cells:
        if grade_id(cell) == "q1_answer":
            cell.source = "def nullity(A):\n    return 7  # the student's own"
    nbformat.write(nb, folder / f"{NAME}.ipynb")
    return folder


def _screened(folder: Path, limit: int = LIMIT):
    return screen(folder, NAME, source(NAME), limit, folder.parent / "kept.ipynb")


def test_a_notebook_as_released_passes_untouched(handed_in: Path) -> None:
    before = (handed_in / f"{NAME}.ipynb").read_bytes()
    found = _screened(handed_in)
    assert found.refused is None and found.repaired == []
    assert (handed_in / f"{NAME}.ipynb").read_bytes() == before


@pytest.mark.parametrize("how", ["copied", "made an answer", "turned markdown"])
def test_a_notebook_nbgrader_cannot_match_is_repaired_with_the_student_s_answers(
    handed_in: Path, how: str
) -> None:
    path = handed_in / f"{NAME}.ipynb"
    nb = nbformat.read(path, as_version=4)
    test = next(k for k, c in enumerate(nb.cells) if grade_id(c) == "q1_test")
    if how == "copied":
        copy = nbformat.from_dict(nb.cells[test])
        copy.id = "pasted"  # JupyterLab gives a pasted cell an id of its own
        nb.cells.insert(test + 1, copy)
    elif how == "made an answer":
        nb.cells[test].metadata.nbgrader["solution"] = True
    else:
        nb.cells[test].cell_type = "markdown"
        del nb.cells[test]["outputs"], nb.cells[test]["execution_count"]
    nbformat.write(nb, path)
    as_handed_in = path.read_bytes()
    found = _screened(handed_in)
    assert found.refused is None and "q1_test" in found.repaired[0]
    repaired = nbformat.read(path, as_version=4)
    assert [grade_id(c) for c in repaired.cells] == [grade_id(c) for c in source(NAME).cells]
    answer = next(c for c in repaired.cells if grade_id(c) == "q1_answer")
    assert "the student's own" in answer.source
    assert (handed_in.parent / "kept.ipynb").read_bytes() == as_handed_in
    assert _screened(handed_in).repaired == []  # screened again: nothing left to repair


@pytest.mark.parametrize("how", ["link", "linked folder", "oversized", "not JSON", "empty"])
def test_a_file_that_is_no_notebook_of_its_own_is_refused_unread(
    handed_in: Path, tmp_path: Path, how: str
) -> None:
    path = handed_in / f"{NAME}.ipynb"
    if how == "link":
        (tmp_path / "gradebook.db").write_bytes(b"SQLite format 3\0\xff")
        path.unlink()
        path.symlink_to(tmp_path / "gradebook.db")
    elif how == "linked folder":
        (handed_in.parent / "other").symlink_to(handed_in)
        handed_in = handed_in.parent / "other"
    elif how == "oversized":
        path.write_bytes(b"\xff" * (LIMIT + 1))  # read, it would not even be text
    elif how == "not JSON":
        path.write_text(path.read_text(encoding="utf-8")[:-100], encoding="utf-8")
    else:
        path.write_bytes(b"")
    found = _screened(handed_in)
    expected = {"link": "a link", "linked folder": "a link", "oversized": "over the course"}
    assert found.refused is not None
    assert expected.get(how, "not a notebook Jupyter can open") in found.refused
    assert not (handed_in.parent / "kept.ipynb").exists()


def test_the_course_sets_the_largest_notebook() -> None:
    assert notebook_limit({}) == 20 * 2**20
    with pytest.raises(ValueError, match=r"notebook_megabytes = '20' should be a number"):
        notebook_limit({"grading": {"notebook_megabytes": "20"}})


def _costly(path: Path, how: str) -> None:
    """Make the notebook at ``path`` one that costs far more to grade and render than it weighs.

    Each is well under the course's 20 MB and was measured (a 19 MB cell, 180,000 cells in 18 MB,
    nested HTML and unclosed LaTeX environments whose cleaning and rendering grow with the
    square of their count): minutes to hours of nbgrader and nh3 for the class, and GBs.
    """
    nb = nbformat.read(path, as_version=4)
    written = next(c for c in nb.cells if c.cell_type == "markdown" and grade_id(c) == "q5_answer")
    if how == "many cells":
        nb.cells += [nbformat.v4.new_markdown_cell("x") for _ in range(MOST_CELLS + 1)]
    elif how == "a long cell":
        nb.cells.append(nbformat.v4.new_code_cell("# padding\n" * (MOST_CHARACTERS // 10 + 1)))
    elif how == "nested HTML":
        written.source = "<div>" * (MOST_TAGS + 1)
    else:
        written.source = "\\begin{a}" * (MOST_ENVIRONMENTS + 1)
    nbformat.write(nb, path)


@pytest.mark.parametrize(
    ("how", "said"),
    [
        ("many cells", f"over the limit of {MOST_CELLS:,}"),
        ("a long cell", f"over the limit of {MOST_CHARACTERS:,}"),
        ("nested HTML", f"HTML tags, over the limit of {MOST_TAGS:,}"),
        ("LaTeX environments", f"open {MOST_ENVIRONMENTS + 1:,} LaTeX environments"),
    ],
)
def test_a_notebook_that_would_cost_far_more_than_its_size_is_refused_before_validation(
    handed_in: Path, how: str, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _costly(handed_in / f"{NAME}.ipynb", how)
    released, kept = source(NAME), handed_in.parent / "kept.ipynb"
    validated = []
    monkeypatch.setattr(screening.nbformat, "validate", lambda *a, **k: validated.append(a))
    found = screen(handed_in, NAME, released, COURSE_LIMIT, kept)
    assert found.refused is not None and said in found.refused
    assert validated == []  # counted on the notebook as read, before any per-cell work


def test_a_notebook_at_every_bound_passes(handed_in: Path) -> None:
    path = handed_in / f"{NAME}.ipynb"
    nb = nbformat.read(path, as_version=4)
    written_cells = [c.source for c in nb.cells if c.cell_type != "code"]
    assert not any("<" in text or "\\begin" in text for text in written_cells)
    written = next(c for c in nb.cells if grade_id(c) == "q5_answer")
    written.source = "\\begin{a}x\\end{a}" * MOST_ENVIRONMENTS + "<b>" * MOST_TAGS
    nb.cells += [nbformat.v4.new_markdown_cell("") for _ in range(MOST_CELLS - len(nb.cells))]
    nb.cells[-1].source = "x" * (MOST_CHARACTERS - sum(len(c.source) for c in nb.cells))
    nbformat.write(nb, path)
    assert _screened(handed_in, COURSE_LIMIT).refused is None
