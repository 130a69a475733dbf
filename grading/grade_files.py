"""Marks as the LMSs import them: a CSV file for Moodle, one for Canvas.

**Moodle** (Grades > Import > CSV file): a header row, one student a row; the columns
"First name", "Last name", "ID number" (the student id: map it to "ID number" on import) and
"Email address", then one column per grade item, named as the item (map each to its grade
item, or to "new grade item").
**Canvas** (Grades > Import): the columns of its own gradebook export, "Student" ("Last,
First"), "ID" (the Canvas user id), "SIS User ID" (the student id), "SIS Login ID" and
"Section", then one column per assignment named "Name (assignment id)" (just "Name" when
course.toml gives no ``canvas_id``: Canvas then makes a new assignment), and a second row
"Points Possible".

A cell is left empty when there is no mark to give: nothing handed in, or a part still to
be graded by hand; the caller reports those.

Examples
--------
>>> jane = Student("s01", "Jane", "Doe", email="jane@uni.edu", canvas_id="12345")
>>> item = Column("Assignment 1", 13, {"s01": 9.5}, canvas_id="678")
>>> print(moodle_csv([jane], [item]), end="")
First name,Last name,ID number,Email address,Assignment 1
Jane,Doe,s01,jane@uni.edu,9.5
>>> print(canvas_csv([jane], [item]), end="")
Student,ID,SIS User ID,SIS Login ID,Section,Assignment 1 (678)
Points Possible,,,,,13
"Doe, Jane",12345,s01,,,9.5
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from .class_list import Student

__all__ = ["CANVAS_COLUMNS", "MOODLE_COLUMNS", "Column", "Mark", "canvas_csv", "moodle_csv"]

MOODLE_COLUMNS = ("First name", "Last name", "ID number", "Email address")
CANVAS_COLUMNS = ("Student", "ID", "SIS User ID", "SIS Login ID", "Section")


@dataclass(frozen=True)
class Mark:
    """A student's mark on an assignment, as the gradebook holds it now."""

    score: float  # automatic and hand-graded parts, before the late penalty
    max_score: float
    penalty: float = 0.0
    seconds_late: float = 0.0
    pending: bool = False  # a part is still to be graded by hand

    @property
    def final(self) -> float:
        """The mark after the late penalty."""
        return round(self.score - self.penalty, 2)


@dataclass(frozen=True)
class Column:
    """A grade item: its name, what it is out of, each student's mark (None: no mark yet)."""

    name: str
    points: float
    marks: dict[str, float | None]
    canvas_id: str = ""


def _number(value: float | None) -> str:
    return "" if value is None else f"{round(value, 2):g}"


def _write(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


def moodle_csv(students: list[Student], columns: list[Column]) -> str:
    """The CSV file Moodle's grade import takes."""
    rows = [[*MOODLE_COLUMNS, *(c.name for c in columns)]]
    for s in students:
        marks = [_number(c.marks.get(s.student_id)) for c in columns]
        rows.append([s.first_name, s.last_name, s.student_id, s.email, *marks])
    return _write(rows)


def canvas_csv(students: list[Student], columns: list[Column]) -> str:
    """The CSV file Canvas's gradebook import takes."""
    names = [f"{c.name} ({c.canvas_id})" if c.canvas_id else c.name for c in columns]
    rows = [
        [*CANVAS_COLUMNS, *names],
        ["Points Possible", "", "", "", "", *(_number(c.points) for c in columns)],
    ]
    for s in students:
        marks = [_number(c.marks.get(s.student_id)) for c in columns]
        who = f"{s.last_name}, {s.first_name}"
        rows.append([who, s.canvas_id, s.student_id, s.sis_login_id, s.section, *marks])
    return _write(rows)
