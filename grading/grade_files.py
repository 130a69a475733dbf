"""Marks as the LMSs import them: a CSV file for Moodle, one for Canvas.

**Moodle** (Grades > Import > CSV file; ``grade/import/csv/classes/load_data.php``): a header
row, one student a row; the columns "First name", "Last name", "ID number" (the student id:
map it to "ID number" on import) and "Email address", then one column per grade item, named as
the item (map each to its grade item, or to "new grade item").  Moodle stores a number as the
grade itself, on the grade item's own scale (``update_grade_item``), and makes a new grade
item out of 100: a column of points out of 13 needs an item whose maximum grade is 13
(:func:`moodle_notes` says so), or is written out of 100 (:func:`scaled`).
**Canvas** (Grades > Import; ``app/models/gradebook_importer.rb``): the columns of its own
gradebook export, "Student" ("Last, First"), "ID" (the Canvas user id), "SIS User ID" (the
student id), "SIS Login ID" and "Section", then one column per assignment named "Name
(assignment id)", which Canvas matches by the id (``Assignment.title_and_id``); a column
named "Name" alone (no ``canvas_id`` in course.toml) is matched by the exact title, else made a
new assignment (:func:`canvas_notes`); and a second row "Points Possible".  Canvas leaves out
only its own total columns ("Current Score", "Final Grade", ...): any other column becomes an
assignment, so a file for Canvas holds no total of ours.

A cell is left empty when there is no mark to give: nothing handed in, or a part still to
be graded by hand; the caller reports those.

Examples
--------
>>> jane = Student("s01", "Jane", "Doe", email="jane@uni.edu", canvas_id="12345")
>>> item = Column("Assignment 1", 13, {"s01": 9.5}, canvas_id="678")
>>> print(moodle_csv([jane], [item]), end="")
First name,Last name,ID number,Email address,Assignment 1
Jane,Doe,s01,jane@uni.edu,9.5
>>> print(moodle_csv([jane], [scaled(item)]), end="")
First name,Last name,ID number,Email address,Assignment 1
Jane,Doe,s01,jane@uni.edu,73.08
>>> print(canvas_csv([jane], [item]), end="")
Student,ID,SIS User ID,SIS Login ID,Section,Assignment 1 (678)
Points Possible,,,,,13
"Doe, Jane",12345,s01,,,9.5
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from lightsout_edu._i18n import t

from .class_list import Student

__all__ = [
    "CANVAS_COLUMNS",
    "MOODLE_COLUMNS",
    "Column",
    "Mark",
    "canvas_csv",
    "canvas_notes",
    "moodle_csv",
    "moodle_notes",
    "scaled",
]

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
    """``value`` to the hundredth, without trailing zeros; "" for None (no mark)."""
    return "" if value is None else f"{value:.2f}".rstrip("0").rstrip(".")


def _write(rows: list[list[str]]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    return out.getvalue()


#: What a spreadsheet takes for a formula at the start of a cell (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def inert_name(name: str) -> str:
    """A person's name (theirs to write, in most LMSs) as a cell no program acts on.

    A spreadsheet would run ``=HYPERLINK(...)`` as a formula: it gets a leading ``'``, as
    OWASP advises.  Canvas's importer takes a row whose first cell matches
    ``/Points Possible/`` for the points of each assignment (``check_for_non_student_row``
    in ``lib/gradebook_importer.rb``), so a student so named would set them: the space
    becomes a no-break space.  The LMSs match students by their ids, not their names.

    >>> inert_name("=HYPERLINK(1)"), inert_name("Points Possible, Ann"), inert_name("Doe")
    ("'=HYPERLINK(1)", 'Points\xa0Possible, Ann', 'Doe')
    """
    name = name.replace("Points Possible", "Points\u00a0Possible")
    return f"'{name}" if name.startswith(FORMULA_STARTS) else name


def moodle_csv(students: list[Student], columns: list[Column]) -> str:
    """The CSV file Moodle's grade import takes."""
    rows = [[*MOODLE_COLUMNS, *(c.name for c in columns)]]
    for s in students:
        marks = [_number(c.marks.get(s.student_id)) for c in columns]
        names = [inert_name(s.first_name), inert_name(s.last_name)]
        rows.append([*names, s.student_id, s.email, *marks])
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
        who = inert_name(f"{s.last_name}, {s.first_name}")
        rows.append([who, s.canvas_id, s.student_id, s.sis_login_id, s.section, *marks])
    return _write(rows)


def scaled(column: Column, out_of: float = 100) -> Column:
    """``column`` with its marks out of ``out_of`` instead of its points."""
    marks = {
        student: None if mark is None else mark * out_of / column.points
        for student, mark in column.marks.items()
    }
    return Column(column.name, out_of, marks, column.canvas_id)


def moodle_notes(columns: list[Column]) -> list[str]:
    """What to set in Moodle for each of ``columns`` to mean what it says.

    >>> print(moodle_notes([Column("A1", 13, {})])[0])  # doctest: +NORMALIZE_WHITESPACE
    Moodle: set the grade item A1's maximum grade to 13 (Edit grade item > Maximum grade:
    before the import for an existing item; after it for a new grade item, which Moodle
    makes out of 100, with "Rescale existing grades" No), or write the file with --scale
    (out of 100)
    """
    return [
        t(
            "Moodle: set the grade item {name}'s maximum grade to {points} (Edit grade item > "
            "Maximum grade: before the import for an existing item; after it for a new grade "
            'item, which Moodle makes out of 100, with "Rescale existing grades" No), or write '
            "the file with --scale (out of 100)",
            name=column.name,
            points=_number(column.points),
        )
        for column in columns
        if column.points != 100
    ]


def canvas_notes(columns: list[Column]) -> list[str]:
    """What Canvas will do with each of ``columns`` that has no Canvas assignment id.

    >>> print(canvas_notes([Column("A1", 13, {}), Column("A2", 13, {}, "42")])[0])
    ... # doctest: +NORMALIZE_WHITESPACE
    Canvas: the column A1 has no assignment id (canvas_id in course.toml, the number in
    the assignment's address): Canvas matches it to the assignment titled exactly A1, or
    makes it a new assignment
    """
    return [
        t(
            "Canvas: the column {name} has no assignment id (canvas_id in course.toml, the "
            "number in the assignment's address): Canvas matches it to the assignment titled "
            "exactly {name}, or makes it a new assignment",
            name=column.name,
        )
        for column in columns
        if not column.canvas_id
    ]
