"""A grade file holds only marks of the work handed in as it is now in ``submitted/``.

The gradebook is written here the way ``autograde`` leaves it (nbgrader's ``Gradebook`` API,
one automatic grade cell; ``grading.assignment`` records what it graded as the submission's
fingerprint), without grading anything: the test is about what ``grades`` makes of it.
"""

from __future__ import annotations

import csv
import datetime
import io
import os
import sys
from pathlib import Path

import pytest

from grading.course_folder import ROOT, fingerprint, fingerprint_file

pytest.importorskip("nbgrader", reason="nbgrader is in the test extras (pip install -e '.[test]')")

GAME = "game_and_gf2"


def graded_course(root: Path, marks: dict[str, float]) -> None:
    """A course folder where ``autograde`` gave each student of ``marks`` that mark on GAME."""
    from nbgrader.api import Gradebook

    config = (ROOT / "grading" / "nbgrader_config.py").read_text(encoding="utf-8")
    (root / "nbgrader_config.py").write_text(
        f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n{config}"
    )
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        gradebook.add_assignment(GAME)
        gradebook.add_notebook(GAME, GAME)
        gradebook.add_grade_cell("q1", GAME, GAME, max_score=13, cell_type="code")
        for student, mark in marks.items():
            gradebook.add_student(student)
            gradebook.add_submission(GAME, student, timestamp=datetime.datetime(2026, 1, 1))
            grade = gradebook.find_grade("q1", GAME, GAME, student)
            grade.auto_score, grade.needs_manual_grade = mark, False
        gradebook.db.commit()
    for student in marks:
        hand_in(root, student, "{}")
        (root / "autograded" / student / GAME).mkdir(parents=True)
        graded = fingerprint_file(root, student, GAME)
        graded.parent.mkdir(parents=True, exist_ok=True)
        graded.write_text(fingerprint(root / "submitted" / student / GAME))


def hand_in(root: Path, student: str, notebook: str) -> None:
    folder = root / "submitted" / student / GAME
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{GAME}.ipynb").write_text(notebook, encoding="utf-8")


@pytest.mark.filterwarnings("ignore:Object of type .* not in session")  # nbgrader's, harmless
def test_a_submission_not_graded_as_handed_in_has_no_mark_and_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Collected again after grading: s02 handed in another notebook, s03 handed in late, and
    ``autograde`` has not run since (or refused them).  The gradebook's 12 is the old
    notebook's; s03 has no mark at all.  Neither may pass unnamed."""
    from grading import semester

    monkeypatch.setenv(
        "PATH", os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]])
    )
    (tmp_path / "class_list.csv").write_text(
        "student_id,first_name,last_name\ns01,Jane,Doe\ns02,Wei,Zhang\ns03,Ana,Silva\n"
        "s04,Ola,Berg\n"  # handed in nothing at all
    )
    graded_course(tmp_path, {"s01": 13, "s02": 12})
    hand_in(tmp_path, "s02", '{"another": "notebook"}')
    hand_in(tmp_path, "s03", "{}")
    for whole_course in (False, True):
        target, notes = semester.grade_file(tmp_path, "moodle", None if whole_course else [GAME])
        rows = list(csv.reader(io.StringIO(target.read_text(encoding="utf-8"))))
        assert [row[2:5] for row in rows[1:]] == [
            ["s01", "", "13"],
            ["s02", "", ""],
            ["s03", "", ""],
            ["s04", "", ""],
        ]
        if whole_course:  # the weighted total waits too; nothing handed in counts 0
            assert [row[-1] for row in rows[1:]] == ["10", "", "", "0"]
        said = [note for note in notes if note.startswith(f"{GAME}: not graded as handed in")]
        assert len(said) == 1 and said[0].endswith(": s02, s03"), notes
