"""The class list: who the students are, by their student id and as the LMS knows them.

A CSV file with a header row, one student a row, as spreadsheets save it: separated by
commas, semicolons (Excel where the decimal mark is a comma) or tabs, whichever gives the
header its required columns; in UTF-8 (a BOM allowed), UTF-16 (Excel's "Unicode Text"), GBK
(Excel's "CSV" on a Chinese Windows) or Windows-1252 (Excel's "CSV" or "CSV (MS-DOS)" on a
Western one) (:func:`decoded`).  The columns, in any order (others are ignored; names in any
case):

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

import contextlib
import csv
import io
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from lightsout_edu._i18n import t

from .editions import LANGUAGES
from .graders.common import normalised_id

__all__ = ["Student", "decoded", "parse_class_list", "read_class_list", "simplified_name"]

REQUIRED = ("student_id", "first_name", "last_name")
OPTIONAL = ("email", "canvas_id", "sis_login_id", "section", "language")
SEPARATORS = (",", ";", "\t")


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


def decoded(data: bytes) -> str:
    """The text of a class list saved as ``data``, in the encoding a spreadsheet saved it in.

    UTF-8 or UTF-16 when the bytes are that (or start with its BOM); else GBK when its
    two-byte characters hold most of the bytes above ASCII (a Chinese name is all such
    characters, while a Western name's accented letter is followed by a plain one:
    ``"Jürgen"`` in Windows-1252 is valid GBK too, but its ``ü`` would pair with the ``r``);
    else Windows-1252.  A ValueError saying how to save the file when it is none of them.

    >>> decoded("Müller;José".encode("cp1252")), decoded("王小明".encode("gbk"))
    ('Müller;José', '王小明')
    >>> decoded("\ufeffZoë".encode("utf-8")), decoded("Zoë".encode("utf-16"))
    ('Zoë', 'Zoë')
    >>> decoded(b"Zo\\x81")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: it is not text in UTF-8, UTF-16, GBK or Windows-1252: in Excel, save it ...
    """
    with contextlib.suppress(UnicodeDecodeError):
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            return data.decode("utf-16")
        return data.decode("utf-8-sig")
    with contextlib.suppress(UnicodeDecodeError):
        text = data.decode("gbk")
        wide = [c.encode("gbk") for c in text if not c.isascii()]
        if sum(code[1] >= 0x80 for code in wide) * 2 > len(wide):
            return text
    with contextlib.suppress(UnicodeDecodeError):
        return data.decode("cp1252")
    raise ValueError(
        t(
            "it is not text in UTF-8, UTF-16, GBK or Windows-1252: in Excel, save it with "
            '"Save As" as "CSV UTF-8 (Comma delimited) (*.csv)"'
        )
    )


def _header_and_rows(text: str) -> tuple[list[str], list[list[str]]]:
    """The header and the rows of ``text``, split by the separator that suits the header.

    That is the one that gives the header the required columns, else the most columns.
    """
    first = next((line for line in text.splitlines() if line.strip()), "")
    fields = {
        separator: [name.strip().lower() for name in next(csv.reader([first], delimiter=separator))]
        for separator in SEPARATORS
    }
    separator = max(SEPARATORS, key=lambda s: (set(REQUIRED) <= set(fields[s]), len(fields[s])))
    lines = csv.reader(io.StringIO(text), delimiter=separator)
    header = [name.strip().lower() for name in next(lines, [])]
    return header, list(lines)


def parse_class_list(text: str) -> list[Student]:
    """The students of the class list ``text`` (CSV); a ValueError saying what is wrong."""
    header, lines = _header_and_rows(text.removeprefix("\ufeff"))
    rows = [dict(zip(header, row, strict=False)) for row in lines if any(row)]
    for column in REQUIRED:
        if column not in header:
            raise ValueError(
                t(
                    "the class list has no column {column}: its header must name {required} "
                    "(and may name {optional}), separated by commas, semicolons or tabs; it "
                    "reads {header}",
                    column=column,
                    required="student_id, first_name and last_name",
                    optional=", ".join(OPTIONAL),
                    header=repr(text.removeprefix("\ufeff").partition("\n")[0][:80]),
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
        data = path.read_bytes()
    except OSError as error:
        raise ValueError(
            t("cannot read the class list {path}: {why}", path=str(path), why=error)
        ) from None
    try:
        return parse_class_list(decoded(data))
    except ValueError as error:
        raise ValueError(f"{path}: {error}") from None
