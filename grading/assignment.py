"""The graded assignments (nbgrader): release, collect from the LMS, grade, feedback, grades.

The lecturer's commands, one entry point ``python -m grading`` (``grading/__main__.py``).
Usage (``make assignment`` runs the first; README "Running a graded course" is the whole
semester in these commands)::

    python -m grading release [--out assignment] [NAME ...]
    python -m grading collect --from moodle|canvas ARCHIVE --class-list CSV
                              --assignment NAME [--course assignment]
                              [--worksheet CSV (Moodle) | --submissions JSON ... (Canvas)]
    python -m grading choose [--course assignment] NAME STUDENT FILE
    python -m grading autograde [--course assignment] [--feedback] [--all]
                                         [--workers N] [--unsandboxed] [NAME ...]
    python -m grading feedback [--course assignment] [NAME ...]
    python -m grading grades --lms moodle|canvas [--course assignment]
                                      [--class-list CSV] [--out FILE] [--all-columns]
                                      [--scale] [NAME ...]
    python -m grading feedback-zip [--course assignment] NAME
    python -m grading formgrader [--course assignment] [-- JUPYTERLAB OPTION ...]

Every command takes ``--plan`` (default ``notebooks/course.toml``): the assignments, their due
dates, the late rule and the extensions (``grading/deadlines.py``).

There is one assignment per block of lectures, listed in ``notebooks/course.toml``
(``[[assessment]]`` entries with an ``nbgrader`` name): ``game_and_gf2`` (lectures 1-2),
``kernel_and_solvability`` (3-4), ``solutions_and_chasing`` (5-6) and
``variants_and_worst_case`` (7-9). Without names, a command does all of them.

``release`` copies the course's nbgrader folder (``grading/``: the configuration and the
source assignments with their solutions and rubrics) to ``--out`` and runs ``nbgrader
generate_assignment``: ``<out>/release/<name>/`` is what students get, without solutions or
rubrics. Hand it out by any means (an LMS, nbgrader's exchange, a JupyterHub).
``<out>/rubrics/<name>.md`` holds the written questions with their model answers and rubrics,
for whoever grades them.
With ``languages = ["en", "zh"]`` in the plan, each assignment also comes as its Chinese
edition, an nbgrader assignment of its own, ``<name>_zh`` (``grading/editions.py``): generated
from a Chinese source built from the English one and its catalogue (``tools.translations``),
graded by the same graders, its feedback in Chinese, its mark in the assignment's column.

``collect`` files an LMS's "download all submissions" archive there, mapping LMS users to
student ids with a class list (``grading/semester.py``, ``grading/collect.py``), the times
handed in from the LMS's record (``grading/lms_records.py``). ``choose`` grades another of a
student's notebooks, for good (``grading/collected.py``).

``autograde`` grades the submissions in ``<course>/submitted/<student id>/<name>/`` (filed by
``collect``, copied there, or collected with ``nbgrader collect``) that changed since they
were last graded (``--all``: every one), with a progress line. The student's code never runs
in this process nor in a kernel of nbgrader's: each submission runs in a bubblewrap sandbox of
its own
(``grading/sandboxed.py``), and the teacher-only graders (``grading/graders/``) decide from
the plain data it hands back; nbgrader records the verdicts and keeps the gradebook. Where
bubblewrap cannot run, it refuses to grade (``--unsandboxed`` grades anyway, for a lecturer
who accepts that a submission could then forge grades). It prints each student's automatic
score; the written answers then wait for manual grading (``nbgrader formgrader``). A
notebook nbgrader could not take is screened out first (``grading/screening.py``): refused
with 0 points and the reason, or repaired from the released one, and said so; the others are
graded and the table is printed all the same. Each
student's boards come from their id (``lightsout_edu.exercises.assignment_common``), and the
grader checks that the id in the notebook is the one the submission was filed under (case and
spaces aside), so a copied notebook scores 0.

``feedback`` (and ``autograde --feedback``) writes ``<course>/feedback/<student id>/<name>/``
for each student whose grades changed since their page was written (or whose page is missing):
the graded notebook as HTML, where every failed question says what went wrong in the course's
words, and a written answer not graded yet says "still being graded" (run it again after
hand grading); a late submission's page says how late it was and what that cost.

``grades`` writes ``<course>/grades/<lms>[_<name>].csv``, the marks after late penalties as
Moodle's or Canvas's grade import takes them (``grading/grade_files.py``), and says what to
set in the LMS for them to mean what they say. An assignment nobody handed in has no column,
nor has Canvas's file the weighted total (``--all-columns`` writes them); ``--scale`` writes
Moodle's marks out of 100.
``formgrader`` starts JupyterLab in the course folder for grading by hand (nbgrader's
formgrader), every page sent with a Content-Security-Policy under which no script runs but
nbgrader's and JupyterLab's own (``grading/formgrader.py``).
``feedback-zip`` writes ``<course>/feedback_zips/<lms>_<name>.zip``, the feedback pages named
as the LMS the assignment was collected from takes them back in one upload
(``grading/feedback_zips.py``).

Everything here is teacher-only: ``grading/`` and the course folder must not be handed out.
nbgrader is in the ``grading`` extra (``pip install -e ".[grading]"``; the test extras
include it).
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import shutil
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import nbformat

from grading import collected, feedback_zips, semester
from grading.course_folder import (
    PLAN,
    ROOT,
    SOURCE,
    Course,
    assignments,
    changed,
    chosen_assignments,
    deadlines,
    fingerprint,
    fingerprint_file,
    handed_in_editions,
    languages,
    submitted,
    without_notebook,
)
from grading.deadlines import Deadlines
from grading.editions import assignment_of, edition
from grading.screening import Screened, notebook_limit, screen
from lightsout_edu._i18n import speaking, t, t_in
from lightsout_edu.exercises import _bubblewrap
from tools import translations

__all__ = [
    "PLAN",
    "NotAllGraded",
    "ROOT",
    "SOURCE",
    "Course",
    "assignments",
    "autograde",
    "main",
    "points",
    "release",
    "rubric",
    "sandbox_start",
]


def source_notebook(name: str) -> nbformat.NotebookNode:
    """The nbgrader source of edition ``name`` (``grading.editions``).

    The English source, or its translation built from the catalogue
    (``tools.translations``), with its language in its metadata, which a released notebook
    keeps.
    """
    graded, language = assignment_of(name)
    english = SOURCE / "source" / graded / f"{graded}.ipynb"
    if language == translations.LANGUAGE:
        return translations.translated_notebook(english)
    nb: nbformat.NotebookNode = nbformat.read(english, as_version=4)
    nb.metadata.setdefault("lightsout_edu", {})["language"] = language
    return nb


def points(name: str) -> tuple[float, float]:
    """The automatic and the manual points of assignment (or edition) ``name``."""
    graded = assignment_of(name)[0]
    nb = nbformat.read(SOURCE / "source" / graded / f"{graded}.ipynb", as_version=4)
    auto = manual = 0.0
    for cell in nb.cells:
        grading = cell.metadata.get("nbgrader", {})
        if grading.get("grade"):
            if cell.cell_type == "code":
                auto += float(grading["points"])
            else:
                manual += float(grading["points"])
    return auto, manual


SOLUTION = re.compile(r"### BEGIN SOLUTION\n(.*?)\n### END SOLUTION", re.DOTALL)


def rubric(name: str) -> str:
    """The written questions of edition ``name``, with model answers and rubrics.

    In the edition's language.
    """
    nb = source_notebook(name)
    language = assignment_of(name)[1]
    title = nb.cells[0].source.splitlines()[0].lstrip("# ")
    parts = ["# " + t_in(language, "Grading the written answers: {title}", title=title) + "\n"]
    for previous, cell in zip(nb.cells, nb.cells[1:], strict=False):
        grading = cell.metadata.get("nbgrader", {})
        if cell.cell_type == "markdown" and grading.get("grade") and grading.get("solution"):
            answer = SOLUTION.search(cell.source)
            parts.append(previous.source)
            parts.append(
                answer.group(1) if answer else t_in(language, "(no model answer in the source)")
            )
    return "\n\n".join(parts) + "\n"


def release(out: Path, names: list[str] | None = None, *, plan: Path = PLAN) -> dict[str, Path]:
    """Copy the course folder to ``out`` and generate the student versions.

    Returns the student versions' folders, by nbgrader name.

    Each assignment comes in the languages of the course plan ``plan`` (``languages``), an
    edition per language (``grading.editions``: ``<name>`` and ``<name>_zh``), generated by
    nbgrader from a source in that language. Each assignment's due date goes to nbgrader.
    """
    chosen = chosen_assignments(names)
    due = deadlines(plan)
    editions = [edition(name, language) for name in chosen for language in languages(plan)]
    out.mkdir(parents=True, exist_ok=True)
    # nbgrader imports the course's preprocessors (grading.inert, grading.sandboxed) wherever
    # it runs from this folder: the formgrader's server too, started in the course folder
    importable = f"import sys\n\nsys.path.insert(0, {str(ROOT)!r})  # the package grading\n\n"
    config = (SOURCE / "nbgrader_config.py").read_text(encoding="utf-8")
    (out / "nbgrader_config.py").write_text(importable + config, encoding="utf-8")
    (out / "rubrics").mkdir(exist_ok=True)
    course = Course(out)
    for name in editions:
        graded, folder = assignment_of(name)[0], out / "source" / name
        notebook = shutil.ignore_patterns(f"{graded}.ipynb")  # the edition's is written below
        shutil.copytree(SOURCE / "source" / graded, folder, dirs_exist_ok=True, ignore=notebook)
        nbformat.write(source_notebook(name), folder / f"{name}.ipynb")
        course.run("generate_assignment", name)
        course.set_deadlines(name, due)
        (out / "rubrics" / f"{name}.md").write_text(rubric(name), encoding="utf-8")
    return {name: out / "release" / name for name in editions}


def sandbox_start(unsandboxed: bool) -> str:
    """How the students' code is started: in bubblewrap, or (``unsandboxed``) without it.

    Grading refuses, with one line naming the reason and the fix, where bubblewrap cannot
    run, unless the lecturer accepts the risk with ``--unsandboxed``.  Where the grader is
    root and its sandboxes cannot run under host uids of their own, one line says why.
    """
    reason = _bubblewrap.unavailable()
    if reason is None:
        as_root = _bubblewrap.host_user_unavailable()
        if as_root is not None:
            said = t(
                "grading: each sandbox runs as root here ({reason}), so RLIMIT_NPROC does not "
                "count its processes: only its control group, where one can be made, bounds them",
                reason=as_root,
            )
            print(said, file=sys.stderr)
        return "bubblewrap"
    if not unsandboxed:
        raise SystemExit(
            f"grading: not grading, because {reason} (a submission could change its "
            "own grade or another's without the sandbox; --unsandboxed grades anyway)"
        )
    return "spawn"


def show_progress(name: str, done: int, total: int, unchanged: int) -> None:
    """How far grading is: one line on stderr, rewritten in a terminal, else the last only."""
    live = sys.stderr.isatty()
    if done < total and not live:
        return
    line = t(
        "{name}: graded {done} of {total} ({unchanged} unchanged since their last grade)",
        name=name,
        done=done,
        total=total,
        unchanged=unchanged,
    )
    end = "\n" if done == total else ""
    print("\r" + line if live else line, end=end, file=sys.stderr, flush=True)


class NotAllGraded(SystemExit):
    """Some submissions were not graded; ``scores`` holds those that were."""

    def __init__(self, message: str, scores: dict[str, dict[str, float]]) -> None:
        super().__init__(message)
        self.scores = scores


def autograde(
    course: Path,
    names: list[str] | None = None,
    *,
    feedback: bool = False,
    unsandboxed: bool = False,
    workers: int | None = None,
    regrade_all: bool = False,
    plan: Path = PLAN,
) -> dict[str, dict[str, float]]:
    """Grade the submissions; return each assignment's automatic score of each student.

    Only submissions that changed since they were last graded are graded (all of them with
    ``regrade_all``, e.g. after a grader was corrected). Each runs in a sandbox of its own
    (``grading.sandboxed``), ``workers`` at a time (default: one per core); nbgrader then
    records the verdicts. The due dates, extensions and late penalties come from ``plan``.
    A submission of the Chinese edition (``<name>_zh``, ``grading.editions``) is graded by
    the same graders, its feedback in Chinese; its scores are under its own nbgrader name.
    Each notebook is screened first (``grading.screening``): one that is refused scores 0,
    named with the reason on standard error, and the others are graded.  If the machine
    failed to grade some, NotAllGraded (a SystemExit) names them and holds the scores.
    """
    start = sandbox_start(unsandboxed)
    due = deadlines(plan)
    limit = notebook_limit(tomllib.loads(plan.read_text(encoding="utf-8")))
    scores: dict[str, dict[str, float]] = {}
    failed: list[str] = []
    grader = Course(course)
    for name in chosen_assignments(names):
        for handed in _editions_to_grade(course, name):
            scores.update(
                _autograde_edition(
                    grader, handed, due, start, workers, regrade_all, feedback, failed, limit
                )
            )
        for unreleased in _unreleased_editions(course, name):
            scores[unreleased] = _not_released(course, unreleased)
    if failed:
        raise NotAllGraded(
            "grading: these submissions were not graded (the grading machine failed, "
            "not the student; grade them again): " + "; ".join(failed),
            scores,
        )
    return scores


def _editions_to_grade(course: Path, name: str) -> list[str]:
    """The editions of ``name`` to grade.

    The English one if released (it keeps its due date in the gradebook, handed in or not),
    and every released edition someone handed in.
    """
    handed = [e for e in handed_in_editions(course, name) if (course / "source" / e).is_dir()]
    english = [name] if (course / "source" / name).is_dir() else []
    return list(dict.fromkeys([*english, *handed]))


def _unreleased_editions(course: Path, name: str) -> list[str]:
    """The editions of ``name`` handed in but never released in ``course``.

    A notebook says its own language (its metadata, ``grading.editions``): one edit files it
    under an edition the course never released.
    """
    handed = handed_in_editions(course, name)
    return [other for other in handed if not (course / "source" / other).is_dir()]


def _not_released(course: Path, name: str) -> dict[str, float]:
    """0 for each student who handed in the unreleased edition ``name``, each named and why.

    Only those students are not graded: the class's grading goes on.
    """
    reason = t(
        "their notebook says it is the {edition} edition, which was never released: ask for "
        "the notebook as released, or add its language to 'languages' in course.toml and "
        "release again",
        edition=name,
    )
    students = submitted(course, name)
    for student in students:
        _not_graded(name, student, reason)
    return dict.fromkeys(students, 0.0)


def _graded_in(language: str, *args: Any, **options: Any) -> list[Any]:
    """:func:`grading.sandboxed.grade_submission`, its feedback in ``language``.

    This thread speaks it while grading; the sandbox is told.
    """
    from grading.sandboxed import grade_submission

    with speaking(language):
        return grade_submission(*args, **options)


def _autograde_edition(
    grader: Course,
    name: str,
    due: Deadlines,
    start: str,
    workers: int | None,
    regrade_all: bool,
    feedback: bool,
    failed: list[str],
    limit: int,
) -> dict[str, dict[str, float]]:
    """Grade the submissions of edition ``name`` (see :func:`autograde`).

    Returns its scores; the submissions the machine failed to grade are added to ``failed``.
    Notebooks over ``limit`` bytes are refused unread.
    """
    from grading import graders
    from grading.sandboxed import write_verdicts

    course = grader.root
    graded, language = assignment_of(name)
    scores: dict[str, dict[str, float]] = {}
    everyone = submitted(course, name)
    empty = without_notebook(course, name)
    if empty:  # nbgrader cannot grade a folder without the notebook: 0, and said
        print(
            t(
                "{name}: no notebook from {students}: 0 points and no feedback",
                name=name,
                students=", ".join(empty),
            ),
            file=sys.stderr,
        )
    everyone = [s for s in everyone if s not in empty]
    new_work = changed(course, name, everyone)
    refused = _screened(course, name, everyone if regrade_all else new_work, limit, regrade_all)
    students = [s for s in (everyone if regrade_all else new_work) if s not in refused]
    questions = graders.questions(graded)
    source = nbformat.read(course / "source" / name / f"{name}.ipynb", as_version=4)
    folders = [course / "submitted" / s / name for s in students]
    prints = [fingerprint(folder) for folder in folders]  # what is graded, as it was
    grade = functools.partial(_graded_in, language, questions, source, start=start, limit=limit)
    grader.set_deadlines(name, due)
    if everyone and not students:
        show_progress(name, 0, 0, len(everyone))
    with ThreadPoolExecutor(workers or os.cpu_count() or 1) as pool:
        futures = [
            pool.submit(grade, f / f"{name}.ipynb", s)
            for f, s in zip(folders, students, strict=True)
        ]
        for done, (student, digest, future) in enumerate(
            zip(students, prints, futures, strict=True), start=1
        ):
            try:
                verdicts = future.result()
            except Exception as error:  # the machine's failure, never the student's: say it
                failed.append(f"{name}/{student}: {type(error).__name__}: {error}")
                show_progress(name, done, len(students), len(everyone) - len(students))
                continue
            write_verdicts(grader.verdicts, student, name, verdicts)
            same = {} if student in new_work else grader.hand_grades(name, student)
            try:
                with speaking(language):  # the verdicts' heading ("Not yet")
                    grader.run("autograde", name, student)
            except SystemExit as error:  # nbgrader refused this notebook: this student's only
                refused[student] = _refuse(course, name, student, digest, str(error))
                show_progress(name, done, len(students), len(everyone) - len(students))
                continue
            grader.confirm(name, student, same)  # the same work: the same hand grades
            fingerprint_file(course, student, name).write_text(digest)
            _refusal_file(course, student, name).unlink(missing_ok=True)
            show_progress(name, done, len(students), len(everyone) - len(students))
    if everyone:
        grader.set_deadlines(name, due)
    if everyone and feedback:
        grader.feedback(name, due)
    if everyone:
        scores[name] = grader.scores(name)
    if empty or refused:
        scores.setdefault(name, {}).update(dict.fromkeys([*empty, *refused], 0.0))
    return scores


def _refusal_file(course: Path, student: str, name: str) -> Path:
    return course / "verdicts" / student / f"{name}.refused"


def _refuse(course: Path, name: str, student: str, digest: str, log: str) -> str:
    """Say why nbgrader did not take ``student``'s ``name`` (its ``log``); remember it.

    The reason is remembered with the submission's ``digest``: the same notebook is not
    tried again.  Returns the reason.
    """
    lines = [line.strip() for line in log.splitlines() if line.strip()]
    reason = t(
        "nbgrader could not take the notebook ({error}): ask for it again, or look at the "
        "file in the submitted folder",
        error=lines[-1] if lines else "?",
    )
    _not_graded(name, student, reason)
    target = _refusal_file(course, student, name)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(f"{digest}\n{reason}", encoding="utf-8")
    return reason


def _not_graded(name: str, student: str, reason: str) -> None:
    said = t("{name}: {student} not graded: {reason}", name=name, student=student, reason=reason)
    print(said, file=sys.stderr)


def _screened(
    course: Path, name: str, students: list[str], limit: int, again: bool
) -> dict[str, str]:
    """The students among ``students`` whose notebook is not graded, with the reason.

    Screened before nbgrader sees it (``grading.screening``): refused, or repaired and said
    so.  A notebook nbgrader refused before is not tried again until it changes (or ``again``).
    """
    released = nbformat.read(course / "release" / name / f"{name}.ipynb", as_version=4)
    refused = {}
    for student in students:
        folder = course / "submitted" / student / name
        kept = course / "handed_in" / student / f"{name}.ipynb"
        found = screen(folder, name, released, limit, kept)
        remembered = _refusal_file(course, student, name)
        if found.refused is None and not again and remembered.is_file():
            digest, _, reason = remembered.read_text(encoding="utf-8").partition("\n")
            if digest == fingerprint(folder):
                found = Screened(reason)  # the same notebook nbgrader could not take
        if found.refused is not None:
            refused[student] = found.refused
            _not_graded(name, student, found.refused)
        elif found.repaired:
            said = t(
                "{name}: {student}'s notebook repaired ({what}): graded from the released "
                "notebook with their answers; as handed in: {kept}",
                name=name,
                student=student,
                what="; ".join(found.repaired),
                kept=str(kept),
            )
            print(said, file=sys.stderr)
    return refused


def main(argv: list[str] | None = None) -> int:
    """Run ``python -m grading`` with the arguments ``argv``; the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m grading",
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True)
    released = commands.add_parser("release", help="generate the student versions")
    released.add_argument("--out", type=Path, default=Path("assignment"))
    released.add_argument("names", nargs="*", help="assignments (default: all)")
    graded = commands.add_parser("autograde", help="grade the submissions")
    graded.add_argument("--course", type=Path, default=Path("assignment"))
    graded.add_argument("--feedback", action="store_true", help="also write the feedback")
    graded.add_argument(
        "--unsandboxed",
        action="store_true",
        help="grade even where bubblewrap cannot run (a submission could then forge grades)",
    )
    graded.add_argument("--workers", type=int, default=None, help="sandboxes at once")
    graded.add_argument("names", nargs="*", help="assignments (default: all)")
    graded.add_argument(
        "--all", action="store_true", help="grade every submission again, changed or not"
    )
    told = commands.add_parser("feedback", help="write the feedback (again, after hand grading)")
    told.add_argument("--course", type=Path, default=Path("assignment"))
    told.add_argument("names", nargs="*", help="assignments (default: all)")
    fetched = commands.add_parser("collect", help="file an LMS archive's submissions")
    fetched.add_argument("--course", type=Path, default=Path("assignment"))
    fetched.add_argument("--from", dest="lms", choices=("moodle", "canvas"), required=True)
    fetched.add_argument("archive", type=Path, help="the LMS's 'download all submissions' zip")
    fetched.add_argument("--class-list", type=Path, required=True, help="the class list CSV")
    fetched.add_argument("--assignment", required=True, help="the assignment handed in")
    fetched.add_argument(
        "--worksheet", type=Path, default=None, help="Moodle's grading worksheet (the times)"
    )
    fetched.add_argument(
        "--submissions",
        type=Path,
        action="append",
        default=None,
        help="Canvas's submissions as its API lists them (the times); once per page",
    )
    picked = commands.add_parser("choose", help="grade another of a student's notebooks")
    picked.add_argument("--course", type=Path, default=Path("assignment"))
    picked.add_argument("name", help="the assignment")
    picked.add_argument("student", help="the student id")
    picked.add_argument("file", help="the notebook to grade, as collect names it")
    zipped = commands.add_parser("feedback-zip", help="the feedback pages in one LMS upload")
    zipped.add_argument("--course", type=Path, default=Path("assignment"))
    zipped.add_argument("name", help="the assignment")
    marks = commands.add_parser("grades", help="write the marks for an LMS's grade import")
    marks.add_argument("--course", type=Path, default=Path("assignment"))
    marks.add_argument("--lms", choices=("moodle", "canvas"), required=True)
    marks.add_argument("--class-list", type=Path, default=None, help="default: the collected one")
    marks.add_argument("--out", type=Path, default=None, help="default: <course>/grades/")
    marks.add_argument(
        "--all-columns",
        action="store_true",
        help="also the assignments nobody handed in, and for Canvas the weighted total",
    )
    marks.add_argument("--scale", action="store_true", help="Moodle's marks out of 100")
    marks.add_argument("names", nargs="*", help="assignments (default: all, weighted total)")
    shown = commands.add_parser(
        "formgrader", help="JupyterLab in the course folder, for grading by hand (CSP on)"
    )
    shown.add_argument("--course", type=Path, default=Path("assignment"))
    shown.add_argument("lab_args", nargs=argparse.REMAINDER, help="passed on to JupyterLab")
    for command in (released, graded, told, fetched, marks, picked, zipped):
        command.add_argument("--plan", type=Path, default=PLAN, help="the course plan")
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except ValueError as error:
        print(f"grading {args.command}: {error}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.command == "release":
        for name, folder in release(args.out.resolve(), args.names, plan=args.plan).items():
            print(f"{name:26s} student version: {folder}")
        print(f"Rubrics for the written answers: {args.out.resolve() / 'rubrics'}")
        return 0
    if args.command == "collect":
        course = args.course.resolve()
        wrong = "--submissions" if args.lms == "moodle" else "--worksheet"
        if (args.submissions if args.lms == "moodle" else args.worksheet) is not None:
            raise ValueError(
                t(
                    "{option} is not for {lms}: Moodle takes --worksheet, Canvas --submissions",
                    option=wrong,
                    lms=args.lms,
                )
            )
        report = semester.collect_archive(
            course,
            args.archive,
            args.lms,
            args.class_list,
            args.assignment,
            records=[args.worksheet] if args.worksheet else args.submissions,
            plan=args.plan,
        )
        return semester.print_report(report, args.assignment, course)
    if args.command == "formgrader":
        from grading.formgrader import serve

        lab_args = args.lab_args[1:] if args.lab_args[:1] == ["--"] else args.lab_args
        return serve(args.course.resolve(), lab_args)
    if args.command == "choose":
        chosen_assignments([args.name])
        graded = collected.choose(args.course.resolve(), args.name, args.student, args.file)
        print(
            t(
                "{student}: {file} is graded as {graded} from now on; autograde {name} again",
                student=args.student,
                file=args.file,
                graded=str(graded),
                name=args.name,
            )
        )
        return 0
    if args.command == "feedback-zip":
        chosen_assignments([args.name])
        target, left_out = feedback_zips.feedback_zip(args.course.resolve(), args.name)
        print(t("Feedback for the LMS's upload: {path}", path=str(target)))
        for line in left_out:
            print(t("  note: {text}", text=line))
        return 0
    if args.command == "grades":
        target, left_out = semester.grade_file(
            args.course.resolve(),
            args.lms,
            args.names,
            class_list=args.class_list,
            out=args.out,
            plan=args.plan,
            all_columns=args.all_columns,
            scale=args.scale,
        )
        print(t("Grades for {lms}'s import: {path}", lms=args.lms, path=str(target)))
        for line in left_out:
            print(t("  note: {text}", text=line))
        return 0
    if args.command == "feedback":
        course = Course(args.course.resolve())
        due = deadlines(args.plan)
        for name in chosen_assignments(args.names):
            for handed in handed_in_editions(course.root, name):
                pages = course.feedback(handed, due)
                print(
                    f"{handed}: feedback written for {len(pages)} students (the others' "
                    f"grades did not change) in {course.root / 'feedback'}"
                )
        return 0
    failure = None
    try:
        scores = autograde(
            args.course.resolve(),
            args.names,
            feedback=args.feedback,
            unsandboxed=args.unsandboxed,
            workers=args.workers,
            regrade_all=args.all,
            plan=args.plan,
        )
    except NotAllGraded as partial:  # the table of those graded, then who was not
        scores, failure = partial.scores, str(partial)
    if not scores:
        print(f"No submissions in {args.course.resolve() / 'submitted'}")
    for name, by_student in scores.items():
        auto, manual = points(name)
        print(f"{name}: automatic part out of {auto:g} (+ {manual:g} graded by hand)")
        for student, score in sorted(by_student.items()):
            print(f"  {student:20s} {score:5.1f} / {auto:g}")
    if failure:
        print(failure, file=sys.stderr)
        return 1
    return 0
