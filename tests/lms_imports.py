"""What Moodle's and Canvas's grade imports make of a CSV file, after their own source.

Canvas: ``app/models/gradebook_importer.rb`` (instructure/canvas-lms), ``GradebookImporter``:
``header?``/``update_column_count`` (the student columns, the last one "Section"),
``strip_non_assignment_columns`` (its own total columns, matched anywhere in a header),
``parse_assignments`` (by the id of ``Assignment.title_and_id``, ``app/models/assignment.rb``,
then by the exact title, else a new assignment), ``check_for_non_student_row`` (the "Points
Possible" row) and ``process_student`` (the Canvas user id in the second column).
Moodle: ``grade/import/csv/classes/load_data.php`` (moodle/moodle),
``gradeimport_csv_load_data``: ``update_grade_item`` stores a number as the grade item's final
grade as it is ("" or "-": no grade), ``import_new_grade_item`` makes a new grade item (out of
100, ``grade_item``'s default ``grademax``), and ``insert_grade_record`` refuses a grade above
100 (``gradepointmax`` when ``unlimitedgrades`` is on).
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass

NON_ASSIGNMENT_COLUMN_HEADERS = (
    "Current Score", "Current Points", "Current Grade", "Final Score", "Final Points",
    "Final Grade", "Override Score", "Override Grade", "Override Status",
)  # fmt: skip
TITLE_AND_ID = re.compile(r"\A(.*)\s\((\d+)\)\Z", re.DOTALL)


@dataclass
class CanvasImport:
    """The assignments a Canvas import matched (id -> user id -> grade) and those it makes."""

    matched: dict[str, dict[str, str]]
    new: list[str]
    points: dict[str, str]


def canvas_import(text: str, assignments: dict[str, str]) -> CanvasImport:
    """Canvas's reading of the gradebook file ``text``, for a course of ``assignments``
    (id -> title)."""
    header, *rows = csv.reader(io.StringIO(text))
    assert len(header) > 3 and "Student" in header[0] and "ID" in header[1], header
    student_columns = 3
    if re.search(r"SIS\s+User\s+ID", header[2]) and re.search(r"SIS\s+Login\s+ID", header[3]):
        student_columns += 2 + bool(re.search(r"Integration\s+ID", header[4]))
    assert "Section" in header[student_columns - 1], "InvalidHeaderRow"
    stripped = re.compile("|".join(NON_ASSIGNMENT_COLUMN_HEADERS))
    by_title = {title: key for key, title in assignments.items()}
    columns: dict[int, str] = {}  # position -> assignment id (new ones: their title)
    new = []
    for position, name in enumerate(header[student_columns:], start=student_columns):
        if stripped.search(name):
            continue
        found = TITLE_AND_ID.match(name)
        title, key = (found.group(1), found.group(2)) if found else (name, None)
        key = key if key in assignments else by_title.get(name)
        if key is None:
            new.append(title)
            key = title
        columns[position] = key
    matched: dict[str, dict[str, str]] = {key: {} for key in columns.values()}
    points = {}
    for row in rows:
        if "Points Possible" in row[0]:
            points = {key: row[position] for position, key in columns.items()}
            continue
        for position, key in columns.items():
            matched[key][row[1]] = row[position].strip()
    for title in new:
        matched.pop(title)
    return CanvasImport(matched, new, points)


def moodle_import(text: str, items: dict[str, float | None]) -> dict[str, dict[str, float]]:
    """Moodle's grades from ``text`` as a fraction of each item's maximum, by "ID number".

    ``items`` maps a column to the maximum grade of the grade item it is mapped to (None: a
    "new grade item").
    """
    grades: dict[str, dict[str, float]] = {column: {} for column in items}
    for row in csv.DictReader(io.StringIO(text)):
        for column, maximum in items.items():
            value = row[column].strip()
            if value in ("", "-"):
                continue
            assert float(value) <= 100, "gradevaluetoobig"
            grades[column][row["ID number"]] = float(value) / (maximum or 100)
    return grades
