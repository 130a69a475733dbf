"""From the LMS and back: the ``collect`` and ``grades`` commands of ``python -m grading``.

``collect`` files an LMS archive's submissions under ``<course>/submitted/`` (see
``grading/collect.py``), their times from the LMS's record (``grading/lms_records.py``: the
archive's are the download's), and keeps a copy of the class list in
``<course>/class_list.csv``;
``grades`` writes the marks as a CSV file Moodle's or Canvas's import takes
(``grading/grade_files.py``), after the late penalties (worked out again from the marks now);
a mark on either edition of an assignment (English or Chinese, ``grading/editions.py``) goes
in the assignment's one column.  An assignment nobody handed in has no column, and Canvas's
file has no weighted total (Canvas would make either a new assignment, counted in its own
total), unless ``all_columns``; it says what the LMS needs set for the file to mean what it
says (Moodle's grade item maximum, Canvas's assignment ids), and to reveal the students'
identities in Moodle first for an assignment collected with anonymous submissions (Moodle
itself keeps its grades out of the gradebook until then).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

from grading import collected
from grading.class_list import Student, read_class_list
from grading.collect import Report, collect
from grading.course_folder import (
    PLAN,
    Course,
    changed,
    chosen_assignments,
    deadlines,
    handed_in_editions,
    languages,
    submitted,
    without_notebook,
)
from grading.deadlines import Deadlines
from grading.grade_files import (
    Column,
    Mark,
    canvas_csv,
    canvas_notes,
    moodle_csv,
    moodle_notes,
    scaled,
)
from grading.lms_archives import LMS, read_archive
from grading.lms_records import read_records
from lightsout_edu._i18n import t
from tools import course_plan

__all__ = ["collect_archive", "grade_file", "print_report"]


def collect_archive(
    course: Path,
    archive: Path,
    lms: LMS,
    class_list: Path,
    name: str,
    *,
    records: list[Path] | None = None,
    plan: Path = PLAN,
) -> Report:
    """File the submissions of ``name`` in ``lms``'s ``archive`` under ``course``.

    The hand-in times come from the LMS's ``records`` (Moodle's grading worksheet, Canvas's
    submissions from its API: :mod:`grading.lms_records`), a Moodle worksheet's read in the
    course's time zone (``[deadlines] timezone``); without them nothing counts late, and the
    report says what to download.  A ValueError (one line) if a file cannot be read.
    """
    chosen_assignments([name])
    students = read_class_list(class_list)
    zone = deadlines(plan).zone
    handed = read_records(lms, records, zone) if records else None
    uploads, ignored = read_archive(archive, lms)
    course.mkdir(parents=True, exist_ok=True)
    report = collect(uploads, lms, students, course, name, languages(plan)[0], handed)
    report.notes += ignored
    report.notes += _about_times(lms, handed is not None, report.late)
    kept = course / "class_list.csv"
    if not kept.exists() or not kept.samefile(class_list):
        shutil.copyfile(class_list, kept)
    return report


def _about_times(lms: LMS, timed: bool, late: list[str]) -> list[str]:
    """What the report says about lateness: where the times came from, or what to download."""
    marked = [t("{lms} marks late: {students}", lms=lms, students=", ".join(late))] if late else []
    if timed:
        return marked
    if lms == "moodle":
        return [
            t(
                "no hand-in times (the archive's are the download's): nobody counts late; for "
                "the late rule, download Moodle's grading worksheet (View all submissions > "
                "Grading action > Download grading worksheet) and collect again with "
                "--worksheet FILE"
            )
        ]
    return [
        *marked,
        t(
            "no hand-in times (the archive's are the download's): no late penalty here, "
            "Canvas's late policy deducts on import; for the course's late rule instead, save "
            "the submissions its API lists (/api/v1/courses/<course>/assignments/<assignment>/"
            "submissions?per_page=100) and collect again with --submissions FILE"
        ),
    ]


def print_report(report: Report, name: str, course: Path) -> int:
    """Print what :func:`collect_archive` did; 1 if something needs the lecturer, else 0."""
    print(
        t(
            "{name}: {new} new, {updated} updated and {unchanged} unchanged submissions in "
            "{folder}",
            name=name,
            new=len(report.new),
            updated=len(report.updated),
            unchanged=len(report.unchanged),
            folder=str(course / "submitted"),
        )
    )
    if report.not_handed_in:
        print(
            t(
                "{count} students on the class list handed nothing in: {students}",
                count=len(report.not_handed_in),
                students=", ".join(report.not_handed_in),
            )
        )
    for note in report.notes:
        print(t("  note: {text}", text=note))
    for problem in report.problems:
        print(t("  check: {text}", text=problem))
    if report.problems:
        print(t("{count} things to check (above)", count=len(report.problems)))
        return 1
    return 0


def _columns(
    grader: Course,
    names: list[str],
    plan: course_plan.Plan,
    due: Deadlines,
    whole_course: bool,
    listed: set[str],
) -> tuple[list[Column], dict[str, list[str]]]:
    """The grade items, and the students without a mark on each (why -> who).

    ``listed``: the class list's students, each of whom has a weighted total.
    """
    entries = {entry.get("nbgrader"): entry for entry in plan.assessments}
    columns: list[Column] = []
    unmarked: dict[str, list[str]] = {}
    all_marks: dict[str, dict[str, Mark]] = {}
    for name in names:
        entry = entries[name]
        marks: dict[str, Mark] = {}
        ungraded: list[str] = []  # changed since autograde last graded it, or never graded
        for handed in handed_in_editions(grader.root, name):
            grader.set_deadlines(handed, due)
            filed = set(submitted(grader.root, handed))  # not an edition handed in before
            marks.update({s: m for s, m in grader.marks(handed).items() if s in filed})
            notebooks = sorted(filed - set(without_notebook(grader.root, handed)))
            ungraded += changed(grader.root, handed, notebooks)
        all_marks[name] = marks
        waiting = sorted(s for s, m in marks.items() if m.pending and s not in ungraded)
        if waiting:
            unmarked[t("{name}: still being graded by hand", name=name)] = waiting
        if ungraded:
            unmarked[
                t(
                    "{name}: not graded as handed in (run autograde; if it refuses the "
                    "notebook, give the mark in the LMS), no mark",
                    name=name,
                )
            ] = sorted(ungraded)
            marks.update({s: Mark(0.0, float(entry["points"]), pending=True) for s in ungraded})
        finals: dict[str, float | None] = {
            s: None if m.pending else m.final for s, m in marks.items()
        }
        empty = _every_edition(without_notebook, grader.root, name)
        if empty:
            unmarked[t("{name}: no notebook handed in, 0 given", name=name)] = empty
            finals.update(dict.fromkeys(empty, 0.0))
            marks.update({s: Mark(0.0, float(entry["points"])) for s in empty})
        columns.append(
            Column(entry["name"], float(entry["points"]), finals, str(entry.get("canvas_id", "")))
        )
    if whole_course:
        columns.append(_weighted_total(all_marks, entries, listed))
    return columns, unmarked


def _every_edition(
    students: Callable[[Path, str], list[str]], course: Path, name: str
) -> list[str]:
    """``students(course, edition)`` of every edition of ``name``, together."""
    return sorted(
        s for handed in handed_in_editions(course, name) for s in students(course, handed)
    )


def _weighted_total(marks: dict[str, dict[str, Mark]], entries: dict, listed: set[str]) -> Column:
    """The assignments' part of the final mark: each mark's share of its weight, summed.

    Nothing handed in counts 0, for a student of the class list who handed in nothing at all
    too; a mark still to come (a part to be graded by hand, a submission not graded as handed
    in) leaves the total empty.
    """
    weight = sum(float(entries[name]["weight"]) for name in marks)
    total: dict[str, float | None] = {}
    for student in {s for by_student in marks.values() for s in by_student} | listed:
        got = {name: by_student.get(student) for name, by_student in marks.items()}
        if any(m is not None and m.pending for m in got.values()):
            total[student] = None
            continue
        total[student] = sum(
            float(entries[name]["weight"]) * m.final / m.max_score
            for name, m in got.items()
            if m is not None and m.max_score
        )
    title = t("Assignments ({weight}% of the final mark)", weight=f"{weight:g}")
    return Column(title, weight, total)


def grade_file(
    course: Path,
    lms: LMS,
    names: list[str] | None,
    *,
    class_list: Path | None = None,
    out: Path | None = None,
    plan: Path = PLAN,
    all_columns: bool = False,
    scale: bool = False,
) -> tuple[Path, list[str]]:
    """Write ``lms``'s grade file for ``names`` (all, with the weighted total, when None).

    ``all_columns`` keeps the columns of assignments nobody handed in, and Canvas's total;
    ``scale`` writes Moodle's marks out of 100.  Return the file, and what it leaves out
    (students without a mark, and why) and what to set in the LMS.
    """
    if lms not in ("moodle", "canvas"):
        raise ValueError(t("the LMS must be moodle or canvas, not {lms}", lms=repr(lms)))
    chosen = chosen_assignments(names)
    students: list[Student] = read_class_list(class_list or course / "class_list.csv")
    grader = Course(course)
    listed = {s.student_id for s in students}
    columns, unmarked = _columns(
        grader, chosen, course_plan.load(plan), deadlines(plan), not names, listed
    )
    kept: list[Column] = []
    for name, column in zip(chosen, columns, strict=False):
        handed = set(_every_edition(submitted, course, name))
        if not handed and not all_columns:
            unmarked[t("{name}: nobody handed anything in, no column", name=name)] = []
            continue
        kept.append(column)
        missing = sorted(listed - handed)
        if missing:
            unmarked[t("{name}: nothing handed in", name=name)] = missing
        strangers = sorted(handed - listed)
        if strangers:
            unmarked[t("{name}: graded but not on the class list", name=name)] = strangers
    if not names and (all_columns or lms == "moodle"):
        kept.append(columns[-1])
    elif not names:
        unmarked[t("the weighted total: no column (Canvas would make it an assignment)")] = []
    columns = [scaled(c) for c in kept] if lms == "moodle" and scale else kept
    writer = moodle_csv if lms == "moodle" else canvas_csv
    target = out or course / "grades" / (
        f"{lms}.csv" if not names else f"{lms}_{'_'.join(chosen)}.csv"
    )
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(writer(students, columns), encoding="utf-8")
    left_out = [f"{why}: {', '.join(who)}" if who else why for why, who in unmarked.items()]
    notes = moodle_notes(columns) if lms == "moodle" else canvas_notes(columns)
    return target, left_out + notes + (_blind_marked(course, chosen) if lms == "moodle" else [])


def _blind_marked(course: Path, names: list[str]) -> list[str]:
    """What to do in Moodle first for each of ``names`` collected from an anonymous archive.

    Moodle 4.1's ``blindmarkingenabledwarning``: "Grades will not be added to the gradebook
    until student identities are revealed".
    """
    return [
        t(
            "Moodle: {name} has anonymous submissions; choose Reveal student identities on its "
            "submissions page before importing this file: until then Moodle keeps its grades "
            "out of the gradebook",
            name=name,
        )
        for name in names
        if collected.load(course, name).get("anonymous")
    ]
