"""The class list: who the students are, by their student id and as the LMS knows them.

A CSV file with a header row, one student a row (UTF-8, a BOM allowed, as spreadsheets
write it).  The columns, in any order (others are ignored; names in any case):

``student_id`` (required)
    The id the student types as ``STUDENT_ID`` in the assignments; their boards come from it
    and their submissions are filed under it (``submitted/<student_id>/``).  Also what the
    grade files give as Moodle's "ID number" and Canvas's "SIS User ID".
``first_name``, ``last_name`` (required)
    As the LMS shows them: Moodle names a submission "First Last", Canvas "lastfirst".
``email``
    Moodle's "Email address" in the grade file.
``canvas_id``
    The Canvas user id (the number in a Canvas archive's file names, "ID" in its gradebook).
``sis_login_id``, ``section``
    Canvas's "SIS Login ID" and "Section" in the grade file.
``language``
    The edition of the assignments the student takes, ``en`` or ``zh`` (empty: the course's
    first).  A notebook says which edition it is; ``collect`` notes a student who handed in
    the other one, and files a notebook that does not say as this edition
    (:mod:`grading.editions`).

Two students whose ids differ only in case or spaces are refused: they would get the same
boards.

Examples
--------
>>> students = parse_class_list("Student_ID,First_Name,Last_Name\\ns0001,Jane,Doe\\n\\n")
>>> students[0].full_name, students[0].canvas_name
('Jane Doe', 'doejane')
>>> parse_class_list("student_id,first_name\\ns0001,Jane\\n")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: the class list has no column last_name: its header must name student_id, ...
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from lightsout_edu._i18n import t

from .editions import LANGUAGES
from .graders.common import normalised_id

__all__ = ["Student", "parse_class_list", "read_class_list", "simplified_name"]

REQUIRED = ("student_id", "first_name", "last_name")
OPTIONAL = ("email", "canvas_id", "sis_login_id", "section", "language")


@dataclass(frozen=True)
class Student:
    """One row of the class list."""

    student_id: str
    first_name: str
    last_name: str
    email: str = ""
    canvas_id: str = ""
    sis_login_id: str = ""
    section: str = ""
    language: str = ""

    @property
    def full_name(self) -> str:
        """The name as Moodle shows it ("First Last")."""
        return f"{self.first_name} {self.last_name}"

    @property
    def canvas_name(self) -> str:
        """The name as Canvas writes it in an archive's file names ("lastfirst")."""
        return simplified_name(self.last_name + self.first_name)


def simplified_name(name: str) -> str:
    """``name`` casefolded, accents and everything but letters and digits left out.

    >>> simplified_name("  Müller-Lüdenscheidt, Anna ")
    'mullerludenscheidtanna'
    """
    plain = unicodedata.normalize("NFKD", name)
    return re.sub(r"\W|_", "", "".join(c for c in plain if not unicodedata.combining(c))).casefold()


def parse_class_list(text: str) -> list[Student]:
    """The students of the class list ``text`` (CSV); a ValueError saying what is wrong."""
    lines = csv.reader(io.StringIO(text.removeprefix("\ufeff")))
    header = [name.strip().lower() for name in next(lines, [])]
    rows = [dict(zip(header, row, strict=False)) for row in lines if any(row)]
    for column in REQUIRED:
        if column not in header:
            raise ValueError(
                t(
                    "the class list has no column {column}: its header must name {required} "
                    "(and may name {optional})",
                    column=column,
                    required="student_id, first_name and last_name",
                    optional=", ".join(OPTIONAL),
                )
            )
    students: list[Student] = []
    seen: dict[str, int] = {}
    for line, row in enumerate(rows, start=2):
        values = {key: (row.get(key) or "").strip() for key in (*REQUIRED, *OPTIONAL)}
        if not values["student_id"]:
            raise ValueError(t("class list line {line}: the student_id is empty", line=line))
        key = normalised_id(values["student_id"])
        if key in seen:
            raise ValueError(
                t(
                    "class list line {line}: the student id {student} is already on line "
                    "{first} (ids are read without case or spaces)",
                    line=line,
                    student=values["student_id"],
                    first=seen[key],
                )
            )
        seen[key] = line
        values["language"] = values["language"].lower()
        if values["language"] not in ("", *LANGUAGES):
            raise ValueError(
                t(
                    "class list line {line}: the language {language} is not one the "
                    "assignments come in ({choices}); leave it empty for the course's first",
                    line=line,
                    language=repr(values["language"]),
                    choices=", ".join(LANGUAGES),
                )
            )
        students.append(Student(**values))
    if not students:
        raise ValueError(t("the class list names no student"))
    return students


def read_class_list(path: Path) -> list[Student]:
    """The students of the class list at ``path``; a ValueError naming the file if it fails."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(
            t("cannot read the class list {path}: {why}", path=str(path), why=error)
        ) from None
    try:
        return parse_class_list(text)
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
