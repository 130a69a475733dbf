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

from grading.screening import notebook_limit, screen
from tests.test_assignment import grade_id, source

pytest.importorskip("nbgrader", reason="nbgrader is in the test extras (pip install -e '.[test]')")

NAME = "kernel_and_solvability"
LIMIT = 2**20


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


def _screened(folder: Path):
    return screen(folder, NAME, source(NAME), LIMIT, folder.parent / "kept.ipynb")


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
