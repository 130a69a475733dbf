"""The grade files mean, once imported, the marks they hold: read as Canvas's and Moodle's own
importers read them (``tests/lms_imports.py`` follows their source)."""

from __future__ import annotations

import csv
import io

import pytest

from grading.class_list import Student
from grading.grade_files import Column, canvas_csv, canvas_notes, moodle_csv, moodle_notes, scaled
from tests.lms_imports import canvas_import, moodle_import

STUDENTS = [
    Student("s01", "Jane", "Doe", email="jane@uni.edu", canvas_id="101", section="A"),
    Student("s02", "Wei", "Zhang", email="wei@uni.edu", canvas_id="102", section="B"),
]
#: A Canvas course's assignments (id -> title), one titled with parentheses of its own.
COURSE = {"4241": "Assignment 1 (GF(2))", "4242": "Assignment 2"}
COLUMNS = [
    Column("Assignment 1 (GF(2))", 13, {"s01": 13.0, "s02": 9.5}, canvas_id="4241"),
    Column("Assignment 2", 13, {"s01": None, "s02": 4.0}, canvas_id="4242"),
]


def test_canvas_matches_every_column_by_its_id_and_makes_no_assignment() -> None:
    imported = canvas_import(canvas_csv(STUDENTS, COLUMNS), COURSE)
    assert imported.new == []
    assert imported.matched == {
        "4241": {"101": "13", "102": "9.5"},
        "4242": {"101": "", "102": "4"},
    }
    assert imported.points == {"4241": "13", "4242": "13"}
    assert canvas_notes(COLUMNS) == []


def test_a_column_without_an_id_is_matched_by_its_exact_title_and_says_so() -> None:
    renamed = Column("Assignment 2", 13, {"s02": 4.0})
    other = Column("Homework 2", 13, {"s02": 4.0})
    imported = canvas_import(canvas_csv(STUDENTS, [renamed, other]), COURSE)
    assert list(imported.matched) == ["4242"] and imported.new == ["Homework 2"]
    notes = canvas_notes([renamed, other])
    assert len(notes) == 2 and "titled exactly Homework 2, or makes it a new assignment" in notes[1]


def test_a_total_column_of_ours_would_be_a_new_assignment_in_canvas() -> None:
    """Why ``grades --lms canvas`` leaves the weighted total out: Canvas strips only its own
    total columns, so ours would count a second time as an assignment."""
    total = Column("Assignments (40% of the final mark)", 40, {"s01": 20.0})
    imported = canvas_import(canvas_csv(STUDENTS, [*COLUMNS, total]), COURSE)
    assert imported.new == ["Assignments (40% of the final mark)"]
    own = Column("Final Score", 100, {"s01": 50.0})
    assert canvas_import(canvas_csv(STUDENTS, [*COLUMNS, own]), COURSE).new == []


@pytest.mark.parametrize("scale", [False, True], ids=["points", "scaled"])
def test_moodle_holds_each_mark_as_its_share_of_the_maximum(scale: bool) -> None:
    columns = [scaled(c) for c in COLUMNS] if scale else COLUMNS
    notes = moodle_notes(columns)
    if scale:  # out of 100: a new grade item as Moodle makes it
        assert notes == []
        maxima: dict[str, float | None] = dict.fromkeys((c.name for c in columns), None)
    else:  # the maximum each note asks for
        assert len(notes) == 2
        assert all(
            f"{c.name}'s maximum grade to 13" in n for c, n in zip(columns, notes, strict=True)
        )
        maxima = {c.name: 13.0 for c in columns}
    grades = moodle_import(moodle_csv(STUDENTS, columns), maxima)
    assert grades["Assignment 1 (GF(2))"] == pytest.approx({"s01": 1.0, "s02": 9.5 / 13}, 1e-3)
    assert grades["Assignment 2"] == pytest.approx({"s02": 4 / 13}, 1e-3)


def test_points_imported_into_a_new_grade_item_are_what_the_note_warns_of() -> None:
    grades = moodle_import(moodle_csv(STUDENTS, COLUMNS), {"Assignment 2": None})
    assert grades["Assignment 2"] == {"s02": 0.04}  # 4 out of 100, not 4 out of 13
    assert "a new grade item, which Moodle makes out of 100" in moodle_notes(COLUMNS)[1]


def test_a_mark_keeps_its_hundredths_however_many_points_an_item_has() -> None:
    """Written with ``:g``, 12345.67 was 12345.7 (six significant digits)."""
    item = Column("Project", 20_000, {"s01": 12_345.67, "s02": 7.25}, canvas_id="4243")
    imported = canvas_import(canvas_csv(STUDENTS, [item]), {"4243": "Project"})
    assert imported.matched == {"4243": {"101": "12345.67", "102": "7.25"}}


def test_a_name_a_student_wrote_is_no_formula_and_no_points_row() -> None:
    """A spreadsheet would run a name starting with ``=``; Canvas would read a row whose name
    says "Points Possible" as the assignments' points, and not as the student's marks."""
    students = [
        Student("s01", '=HYPERLINK("http://x", "open")', "Doe", canvas_id="101"),
        Student("s02", "Ann", "Points Possible", canvas_id="102", email="ann@uni.edu"),
    ]
    imported = canvas_import(canvas_csv(students, COLUMNS), COURSE)
    assert imported.points == {"4241": "13", "4242": "13"}
    marks = {"4241": {"101": "13", "102": "9.5"}, "4242": {"101": "", "102": "4"}}
    assert imported.matched == marks
    for text in (canvas_csv(students, COLUMNS), moodle_csv(students, COLUMNS)):
        cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
        assert not [c for c in cells if c.startswith(("=", "+", "-", "@"))], cells
