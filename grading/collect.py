"""LMS submissions filed where nbgrader grades them: ``submitted/<student id>/<assignment>/``.

:func:`collect` reads an LMS archive (:mod:`grading.lms_archives`), finds each LMS user on
the class list (:mod:`grading.class_list`; a Moodle participant by the email of the grading
worksheet first, so two students of one name are told apart) and writes their files, the
notebook graded named as the assignment wants it, with a ``timestamp.txt`` in nbgrader's
format when the LMS's record gives the time it was handed in (:mod:`grading.lms_records`;
never the archive's times, which are the download's).  Nothing is dropped in silence: the
:class:`Report` lists who is not on the class list, who matches several students, who handed
in twice or several notebooks (and which one is graded: :func:`grading.collected.choose`
picks another, for good) or none, online text, whose notebook carries another id, and who on
the class list handed in nothing.  A student collected again gets the archive's files in
place of the old ones (a resubmission); the same files again leave the folder as it was
(identity by content), so it is not graded again.  The ids the feedback zips need are kept
in ``<course>/lms/<assignment>.json`` (:mod:`grading.collected`).

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

from . import collected
from .class_list import Student, simplified_name
from .collected import kept_as
from .editions import LANGUAGES, edition, editions, language_of_notebook
from .graders.common import normalised_id
from .lms_archives import LMS, Upload
from .lms_records import HandIn

__all__ = ["Report", "collect", "notebook_id", "timestamp"]

#: nbgrader's record of when a submission was handed in, beside its notebook.
TIMESTAMP = "timestamp.txt"
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
    late: list[str] = field(default_factory=list)  # the LMS marks their submission late


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


def _candidates(
    upload: Upload, lms: LMS, students: list[Student], records: dict[str, HandIn]
) -> list[Student]:
    """The students ``upload``'s LMS user may be: by Canvas id, by the worksheet's email, by name.

    An anonymous Moodle upload (blind marking) is named by the worksheet alone: the archive
    says "Participant".
    """
    if lms == "canvas":
        by_id = [s for s in students if s.canvas_id == upload.lms_id]
        if by_id:
            return by_id
        name = simplified_name(upload.person)
        return [s for s in students if not s.canvas_id and s.canvas_name == name]
    record = records.get(upload.lms_id, HandIn(None))
    email = record.email.casefold()
    by_email = [s for s in students if email and s.email.casefold() == email]
    if len(by_email) == 1:
        return by_email
    name = simplified_name(record.full_name if upload.anonymous else upload.person)
    if not name:
        return []
    return [
        s
        for s in students
        if name
        in (
            simplified_name(s.first_name + s.last_name),
            simplified_name(s.last_name + s.first_name),
        )
    ]


def _refuse_anonymous(uploads: list[Upload], lms: LMS, records: dict[str, HandIn]) -> None:
    """A ValueError if the LMS hid who handed in and nothing given says who.

    Each student's boards come from their id, so no submission can be graded without it.
    """
    hidden = [u for u in uploads if u.anonymous]
    if not hidden:
        return
    if lms == "canvas":
        raise ValueError(
            t(
                "this archive is of a Canvas assignment graded anonymously (its files are "
                "named anon_{example}, not by student), and grading needs each student's id "
                "(their boards are made from it): in Canvas, post the assignment's grades or "
                "turn its anonymous grading off, then download the submissions again",
                example=hidden[0].lms_id,
            )
        )
    said = [records[u.lms_id] for u in hidden if u.lms_id in records]
    if not any(record.email or record.full_name for record in said):
        raise ValueError(
            t(
                "this archive is of a Moodle assignment with anonymous submissions (its folders "
                "are named {example}, not by student), and grading needs each student's id "
                "(their boards are made from it): in Moodle, choose Reveal student identities on "
                "the assignment's submissions page and download all submissions again, or give "
                "with --worksheet a grading worksheet downloaded by someone who may see "
                "identities (it then has names and emails)",
                example=f"{hidden[0].person}_{hidden[0].lms_id}",
            )
        )


def _matched(
    uploads: list[Upload],
    lms: LMS,
    students: list[Student],
    records: dict[str, HandIn],
    report: Report,
) -> dict[Student, list[Upload]]:
    """Each student's uploads; the LMS users not on the class list, or on it twice, reported."""
    by_user: dict[tuple[str, str], list[Upload]] = defaultdict(list)
    for upload in uploads:
        by_user[upload.person, upload.lms_id].append(upload)
    found: dict[Student, list[list[Upload]]] = defaultdict(list)
    for files in by_user.values():
        who = _who(files[0], lms)
        candidates = _candidates(files[0], lms, students, records)
        if not candidates:
            report.problems.append(t("{who} is not on the class list: not collected", who=who))
        elif len(candidates) > 1:
            report.problems.append(
                t(
                    "{who} matches several students on the class list ({students}): not "
                    "collected; {fix}",
                    who=who,
                    students=", ".join(s.student_id for s in candidates),
                    fix=t(
                        "give Moodle's grading worksheet (--worksheet) and their emails on "
                        "the class list, which tell them apart"
                    )
                    if lms == "moodle"
                    else t("give their canvas_id on the class list"),
                )
            )
        else:
            found[candidates[0]].append(files)
    chosen: dict[Student, list[Upload]] = {}
    for student, handed in found.items():
        handed.sort(key=lambda files: _handed_at(files[0], records) or _NEVER)
        chosen[student] = handed[-1]
        if len(handed) > 1:
            report.problems.append(
                t(
                    "{student} handed in {count} times, as {who}; collected the newest the LMS "
                    "records, from {kept}",
                    student=student.student_id,
                    count=len(handed),
                    who="; ".join(_who(files[0], lms) for files in handed),
                    kept=_who(handed[-1][0], lms),
                )
            )
    return chosen


_NEVER = datetime.datetime.min.replace(tzinfo=datetime.UTC)


def _handed_at(upload: Upload, records: dict[str, HandIn]) -> datetime.datetime | None:
    """When the LMS records that ``upload``'s student last handed in, or None."""
    record = records.get(upload.lms_id)
    return record.time if record else None


def _notebook(
    student: Student,
    files: list[Upload],
    assignment: str,
    chosen: str | None,
    report: Report,
) -> Upload | None:
    """The upload that is the student's notebook; several or none reported.

    The lecturer's ``chosen`` one, else the newest upload (Canvas numbers its uploads), else
    (Moodle records no time per file) the one named as the assignment, else the first by name.
    """
    notebooks = sorted(
        (u for u in files if u.kind == "file" and u.filename.lower().endswith(".ipynb")),
        key=lambda u: u.filename,
    )
    texts = [u for u in files if u.kind == "text"]
    if not notebooks:
        report.problems.append(
            t(
                "{student} handed in online text, no notebook: read it in the LMS (kept as "
                "{files}) and grade it by hand, or ask for the notebook; 0 points until then",
                student=student.student_id,
                files=", ".join(u.filename for u in texts),
            )
            if texts and len(texts) == len(files)
            else t(
                "{student} handed in no notebook ({files}): 0 points, and no feedback",
                student=student.student_id,
                files=", ".join(u.filename for u in files),
            )
        )
        return None
    if texts:
        report.notes.append(
            t(
                "{student} also wrote online text, kept beside the notebook as {files}: read it",
                student=student.student_id,
                files=", ".join(u.filename for u in texts),
            )
        )
    wanted = {f"{name}.ipynb" for name in editions(assignment)}
    exact = [u for u in notebooks if PurePosixPath(u.filename).name in wanted]
    picked = [u for u in notebooks if u.filename == chosen]
    if chosen and not picked:
        report.notes.append(
            t(
                "{student}: the notebook you chose, {file}, is no longer handed in",
                student=student.student_id,
                file=chosen,
            )
        )
    if picked:
        graded, why = picked[0], t("as you chose")
    elif all(u.file_id for u in notebooks):
        graded, why = max(notebooks, key=lambda u: int(u.file_id)), t("the newest upload")
    else:
        graded = (exact or notebooks)[0]
        why = t("the LMS does not say which is newest")
    if len(notebooks) > 1:
        report.problems.append(
            t(
                "{student} handed in several notebooks ({files}); graded {kept} ({why}); to "
                "grade another: python -m grading choose {name} {student} FILE",
                student=student.student_id,
                files=", ".join(u.filename for u in notebooks),
                kept=graded.filename,
                why=why,
                name=assignment,
            )
        )
    return graded


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


def _contents(
    files: list[Upload], name: str, notebook: Upload | None, when: datetime.datetime | None
) -> dict[str, bytes]:
    """The files of a submission of edition ``name``, its notebook named ``<name>.ipynb``.

    With ``timestamp.txt`` when the LMS records the time it was handed in (``when``); a file
    of the student's so named is left out, whose time nbgrader would take as the hand-in's.
    """
    contents = {
        kept_as(u.filename, name) if u.filename.endswith(".ipynb") else u.filename: u.data
        for u in files
        if u is not notebook and u.filename != TIMESTAMP
    }
    if notebook is not None:
        contents[f"{name}.ipynb"] = notebook.data
    if when is not None:
        contents[TIMESTAMP] = timestamp(when).encode()
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
    records: dict[str, HandIn] | None = None,
) -> Report:
    """File ``uploads`` (read from ``lms``'s archive) under ``course/submitted/``.

    ``records`` are the LMS's hand-in times by participant or user id
    (:mod:`grading.lms_records`); without them nothing is late.  A notebook that does not say
    its language, of a student whose class list entry does not either, is taken to be in the
    course's ``first_language``.
    """
    _refuse_anonymous(uploads, lms, records or {})
    report = Report()
    kept = collected.load(course, assignment)
    anonymous = any(u.anonymous for u in uploads)
    record = {"lms": lms, "anonymous": anonymous, "students": {}, "chosen": kept["chosen"]}
    chosen = _matched(uploads, lms, students, records or {}, report)
    for student in students:
        files = chosen.get(student)
        if files is None:
            report.not_handed_in.append(student.student_id)
            continue
        sid = student.student_id
        notebook = _notebook(student, files, assignment, kept["chosen"].get(sid), report)
        if notebook is not None:
            _check_id(student, notebook, report)
        if any(u.late for u in files):
            report.late.append(sid)
        when = _handed_at(files[0], records or {})
        if records is not None and when is None:
            report.problems.append(
                t(
                    "{student}: the LMS's record gives no time for {who}: not counted late",
                    student=sid,
                    who=_who(files[0], lms),
                )
            )
        handed = _edition(student, notebook, assignment, first_language, report)
        record["students"][sid] = {
            "person": files[0].person,
            "lms_id": files[0].lms_id,
            "file_id": notebook.file_id if notebook else "",
            "edition": handed,
            "notebook": notebook.filename if notebook else "",
            "notebooks": sorted(u.filename for u in files if u.filename.endswith(".ipynb")),
        }
        contents = _contents(files, handed, notebook, when)
        mine = course / "submitted" / sid
        folder = mine / handed
        others = [mine / name for name in editions(assignment) if name != handed]
        replaced = [other for other in others if other.exists()]  # the other language before
        if folder.is_dir() and not replaced and _on_disk(folder) == contents:
            report.unchanged.append(sid)
            continue
        was = folder.exists() or replaced
        (report.updated if was else report.new).append(sid)
        for old in [folder, *replaced]:
            shutil.rmtree(old, ignore_errors=True)
        for name, data in contents.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_bytes(data)
    collected.save(course, assignment, record)
    return report
