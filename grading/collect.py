"""LMS submissions filed where nbgrader grades them: ``submitted/<student id>/<assignment>/``.

:func:`collect` reads an LMS archive (:mod:`grading.lms_archives`), finds each LMS user on
the class list (:mod:`grading.class_list`) and writes their files, the notebook named as the
assignment wants it, with a ``timestamp.txt`` in nbgrader's format (the time of their newest
file).  Nothing is dropped in silence: the :class:`Report` lists who is not on the class list,
who matches several students, who handed in twice or several notebooks or none, whose
notebook carries another id, and who on the class list handed in nothing.  A student
collected again gets the archive's files in place of the old ones (a resubmission); the same
files again leave the folder as it was, so it is not graded again.

Examples
--------
>>> notebook_id('{"cells": [{"cell_type": "code", "source": "STUDENT_ID = \\'S01\\'",'
...             ' "metadata": {"nbgrader": {"grade_id": "student_id"}}}]}')
'S01'
>>> timestamp(datetime.datetime(2026, 3, 1, 23, 59, tzinfo=datetime.UTC))
'2026-03-01 23:59:00.000000 UTC'
"""

from __future__ import annotations

import datetime
import json
import re
import shutil
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from lightsout_edu._i18n import t

from .class_list import Student, simplified_name
from .editions import LANGUAGES, edition, editions, language_of_notebook
from .graders.common import normalised_id
from .lms_archives import LMS, Upload

__all__ = ["Report", "collect", "notebook_id", "timestamp"]

_TYPED_ID = re.compile(r"""STUDENT_ID\s*=\s*(['"])(?P<id>.*?)\1""")


@dataclass
class Report:
    """What :func:`collect` did, and everything a lecturer should look at."""

    new: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # need the lecturer's attention
    notes: list[str] = field(default_factory=list)  # said so nothing passes unseen
    not_handed_in: list[str] = field(default_factory=list)


def timestamp(when: datetime.datetime) -> str:
    """``when`` as nbgrader writes a ``timestamp.txt`` (in UTC)."""
    return when.astimezone(datetime.UTC).strftime("%Y-%m-%d %H:%M:%S.%f UTC")


def notebook_id(text: str) -> str | None:
    """The ``STUDENT_ID`` a notebook's id cell sets (read as text, never run), or None."""
    try:
        nb = json.loads(text)
        cells = [c for c in nb.get("cells", []) if isinstance(c, dict)]
    except (ValueError, AttributeError):
        return None
    for cell in cells:
        if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == "student_id":
            source = cell.get("source", "")
            found = _TYPED_ID.search("".join(source) if isinstance(source, list) else source)
            return found["id"] if found else None
    return None


def _who(upload: Upload, lms: LMS) -> str:
    return t("{person} ({lms} id {lms_id})", person=upload.person, lms=lms, lms_id=upload.lms_id)


def _candidates(upload: Upload, lms: LMS, students: list[Student]) -> list[Student]:
    name = simplified_name(upload.person)
    if lms == "canvas":
        by_id = [s for s in students if s.canvas_id == upload.lms_id]
        if by_id:
            return by_id
        return [s for s in students if not s.canvas_id and s.canvas_name == name]
    return [
        s
        for s in students
        if name
        in (
            simplified_name(s.first_name + s.last_name),
            simplified_name(s.last_name + s.first_name),
        )
    ]


def _matched(
    uploads: list[Upload], lms: LMS, students: list[Student], report: Report
) -> dict[Student, list[Upload]]:
    """Each student's uploads; the LMS users not on the class list, or on it twice, reported."""
    by_user: dict[tuple[str, str], list[Upload]] = defaultdict(list)
    for upload in uploads:
        by_user[upload.person, upload.lms_id].append(upload)
    found: dict[Student, list[list[Upload]]] = defaultdict(list)
    for files in by_user.values():
        who = _who(files[0], lms)
        candidates = _candidates(files[0], lms, students)
        if not candidates:
            report.problems.append(t("{who} is not on the class list: not collected", who=who))
        elif len(candidates) > 1:
            report.problems.append(
                t(
                    "{who} matches several students on the class list ({students}): not "
                    "collected; file it by hand",
                    who=who,
                    students=", ".join(s.student_id for s in candidates),
                )
            )
        else:
            found[candidates[0]].append(files)
    chosen: dict[Student, list[Upload]] = {}
    for student, handed in found.items():
        handed.sort(key=lambda files: max(u.time for u in files))
        chosen[student] = handed[-1]
        if len(handed) > 1:
            report.problems.append(
                t(
                    "{student} handed in {count} times, as {who}; collected the newest, from "
                    "{kept}",
                    student=student.student_id,
                    count=len(handed),
                    who="; ".join(_who(files[0], lms) for files in handed),
                    kept=_who(handed[-1][0], lms),
                )
            )
    return chosen


def _notebook(
    student: Student, files: list[Upload], assignment: str, report: Report
) -> Upload | None:
    """The upload that is the student's notebook; several or none reported."""
    wanted = {f"{name}.ipynb" for name in editions(assignment)}
    notebooks = [u for u in files if u.filename.lower().endswith(".ipynb")]
    if not notebooks:
        report.problems.append(
            t(
                "{student} handed in no notebook ({files}): 0 points, and no feedback",
                student=student.student_id,
                files=", ".join(u.filename for u in files),
            )
        )
        return None
    exact = [u for u in notebooks if PurePosixPath(u.filename).name in wanted]
    chosen = exact[-1] if exact else max(notebooks, key=lambda u: u.time)
    if len(notebooks) > 1:
        report.problems.append(
            t(
                "{student} handed in several notebooks ({files}); graded {kept}",
                student=student.student_id,
                files=", ".join(u.filename for u in notebooks),
                kept=chosen.filename,
            )
        )
    return chosen


def _check_id(student: Student, notebook: Upload, report: Report) -> None:
    typed = notebook_id(notebook.data.decode("utf-8", "replace"))
    if typed == student.student_id:
        return
    try:
        same = typed is not None and normalised_id(typed) == normalised_id(student.student_id)
    except TypeError:
        same = False
    if same:
        report.notes.append(
            t(
                "{student}: the notebook says STUDENT_ID = {typed}, which is their id but for "
                "case and spaces; graded as {student}",
                student=student.student_id,
                typed=repr(typed),
            )
        )
    else:
        report.problems.append(
            t(
                "{student}: the notebook says STUDENT_ID = {typed}, not their id; it will score "
                "0 unless the class list is wrong",
                student=student.student_id,
                typed=repr(typed) if typed is not None else t("nothing"),
            )
        )


def _edition(
    student: Student, notebook: Upload | None, assignment: str, first: str, report: Report
) -> str:
    """The edition the student handed in: as its notebook, its class list entry or the course says.

    The notebook's language comes first, then the class list's, then ``first``, the course's.
    """
    said = None
    if notebook is not None:
        try:
            parsed = json.loads(notebook.data.decode("utf-8", "replace"))
        except ValueError:
            parsed = None
        said = language_of_notebook(parsed) if isinstance(parsed, dict) else None
    if said and student.language and said != student.language:
        report.notes.append(
            t(
                "{student}: handed in the {language} edition, though the class list says "
                "{listed}; graded as handed in",
                student=student.student_id,
                language=repr(said),
                listed=repr(student.language),
            )
        )
    return edition(assignment, said or student.language or first)


def _contents(files: list[Upload], name: str, notebook: Upload | None) -> dict[str, bytes]:
    """The files of a submission of edition ``name``, its notebook named ``<name>.ipynb``."""
    contents = {u.filename: u.data for u in files if u is not notebook}
    if notebook is not None:
        contents.pop(f"{name}.ipynb", None)
        contents[f"{name}.ipynb"] = notebook.data
    contents["timestamp.txt"] = timestamp(max(u.time for u in files)).encode()
    return contents


def _on_disk(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def collect(
    uploads: list[Upload],
    lms: LMS,
    students: list[Student],
    course: Path,
    assignment: str,
    first_language: str = LANGUAGES[0],
) -> Report:
    """File ``uploads`` (read from ``lms``'s archive) under ``course/submitted/``.

    A notebook that does not say its language, of a student whose class list entry does not
    either, is taken to be in the course's ``first_language``.
    """
    report = Report()
    chosen = _matched(uploads, lms, students, report)
    for student in students:
        files = chosen.get(student)
        if files is None:
            report.not_handed_in.append(student.student_id)
            continue
        notebook = _notebook(student, files, assignment, report)
        if notebook is not None:
            _check_id(student, notebook, report)
        if any(u.late for u in files):
            report.notes.append(
                t("{student}: {lms} marks the submission late", student=student.student_id, lms=lms)
            )
        handed = _edition(student, notebook, assignment, first_language, report)
        contents = _contents(files, handed, notebook)
        mine = course / "submitted" / student.student_id
        folder = mine / handed
        others = [mine / name for name in editions(assignment) if name != handed]
        replaced = [other for other in others if other.exists()]  # the other language before
        if folder.is_dir() and not replaced and _on_disk(folder) == contents:
            report.unchanged.append(student.student_id)
            continue
        was = folder.exists() or replaced
        (report.updated if was else report.new).append(student.student_id)
        for old in [folder, *replaced]:
            shutil.rmtree(old, ignore_errors=True)
        for name, data in contents.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)
    return report
