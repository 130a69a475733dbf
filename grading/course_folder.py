"""The course folder nbgrader works in, and what the course plan says about its assignments.

Shared by ``grading.assignment`` (release, autograde, feedback) and ``grading.semester`` (collect
from the LMS, grades back to it): :class:`Course` runs nbgrader in this process on a course
folder and reads its gradebook; :func:`deadlines` reads the due dates, extensions and the late
rule from ``notebooks/course.toml``.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import sys
import tomllib
import warnings
from pathlib import Path

from grading.deadlines import Deadlines, late_note, with_late_note
from grading.editions import LANGUAGES, assignment_of, editions
from grading.grade_files import Mark
from grading.gradebook_journal import use_write_ahead_log
from lightsout_edu._i18n import speaking, t
from tools import course_plan

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "grading"
PLAN = ROOT / "notebooks" / "course.toml"


def assignments() -> list[str]:
    """The nbgrader assignments of the course, in the order of its lectures."""
    plan = tomllib.loads(PLAN.read_text(encoding="utf-8"))
    return [entry["nbgrader"] for entry in plan.get("assessment", []) if "nbgrader" in entry]


def languages(plan_path: Path = PLAN) -> tuple[str, ...]:
    """The languages the course's assignments are released in.

    ``languages`` in the plan, ``["en"]`` if it says nothing; a ValueError (one line) if it
    names another.

    >>> languages()
    ('en',)
    """
    plan = tomllib.loads(plan_path.read_text(encoding="utf-8"))
    chosen = plan.get("languages", [LANGUAGES[0]])
    if (
        not isinstance(chosen, list)
        or not chosen
        or any(language not in LANGUAGES for language in chosen)
        or len(set(chosen)) != len(chosen)
    ):
        raise ValueError(
            t(
                "course.toml: languages = {value} should list the languages of the "
                'assignments, each once, from {choices}: e.g. ["en", "zh"]',
                value=repr(chosen),
                choices=", ".join(LANGUAGES),
            )
        )
    return tuple(chosen)


def deadlines(plan_path: Path = PLAN) -> Deadlines:
    """The due dates, extensions and late rule of the course plan at ``plan_path``."""
    plan = course_plan.load(plan_path)
    due_days = {
        entry["nbgrader"]: (entry["id"], plan.due_date(entry))
        for entry in plan.assessments
        if "nbgrader" in entry
    }
    return Deadlines.from_plan(tomllib.loads(plan_path.read_text(encoding="utf-8")), due_days)


def _utc(when: datetime.datetime | None) -> datetime.datetime | None:
    """``when`` as nbgrader stores times: naive, in UTC."""
    return when.astimezone(datetime.UTC).replace(tzinfo=None) if when else None


def chosen_assignments(names: list[str] | None) -> list[str]:
    """The assignments ``names`` (all of them if none), refusing one the course lacks."""
    known = assignments()
    unknown = [name for name in names or [] if name not in known]
    if unknown:
        raise SystemExit(
            f"grading: no assignment named {', '.join(unknown)}; the course has {', '.join(known)}"
        )
    return list(names) if names else known


class Course:
    """nbgrader, run in this process on the course folder ``root`` (its nbgrader_config.py).

    One process for every command and assignment: nbgrader takes seconds to import.  The
    gradebook keeps a write-ahead log (``grading.gradebook_journal``).
    """

    def __init__(self, root: Path) -> None:
        try:
            from nbgrader.apps import NbGraderAPI
            from nbgrader.coursedir import CourseDirectory
            from traitlets.config.loader import PyFileConfigLoader
        except ImportError:
            raise SystemExit(
                "grading needs nbgrader: pip install -e '.[grading]' (or make test)"
            ) from None
        self.root = root
        self.verdicts = root / "verdicts"
        use_write_ahead_log(root / "gradebook.db")  # commits that wait for no disk
        config = PyFileConfigLoader("nbgrader_config.py", path=str(root)).load_config()
        config.SandboxVerdicts.folder = str(self.verdicts)
        coursedir = CourseDirectory(config=config, root=str(root))
        self.api = NbGraderAPI(coursedir=coursedir, config=config)

    def run(self, command: str, *args: str | bool | None) -> None:
        """``nbgrader <command> <args>``; SystemExit with nbgrader's log if it fails.

        ``command`` is a method of nbgrader's ``NbGraderAPI``, ``args`` its arguments: an
        assignment, a student (None: every student), a flag.
        """
        # nbgrader runs the ``alembic`` command of its own environment when it creates a
        # gradebook: put that environment's scripts first on PATH, as activating it would
        scripts = str(Path(sys.executable).parent)
        path = os.environ.get("PATH", "")
        os.environ["PATH"] = os.pathsep.join([scripts, path])
        try:
            with warnings.catch_warnings():
                # nbgrader builds a submission's rows before adding them to its session, which
                # SQLAlchemy 2 reports as "not in session" three times per submission; harmless
                warnings.filterwarnings("ignore", "Object of type .* not in session")
                result = getattr(self.api, command)(*args)
        finally:
            os.environ["PATH"] = path
        if not result["success"]:
            raise SystemExit(
                f"grading: nbgrader {command} {' '.join(map(str, args))} failed in {self.root}:\n"
                f"{result.get('log', '')}{result.get('error', '')}"
            )

    @property
    def url(self) -> str:
        """The gradebook's database."""
        return f"sqlite:///{self.root / 'gradebook.db'}"

    def set_deadlines(self, name: str, due: Deadlines) -> None:
        """Give nbgrader ``name``'s due date and each student's extension.

        Works out the late penalty of every submission from its mark now (hand-graded parts
        included). An edition in another language (``grading.editions``) has its assignment's dates.
        """
        from nbgrader.api import Gradebook

        graded = assignment_of(name)[0]
        with Gradebook(self.url) as gradebook:
            assignment = gradebook.update_or_create_assignment(name, duedate=_utc(due.due[graded]))
            for submission in assignment.submissions:
                submission.extension = due.extension(submission.student_id, graded)
                seconds = submission.total_seconds_late
                for notebook in submission.notebooks:
                    penalty = due.rule.penalty(float(notebook.score), seconds)
                    notebook.late_submission_penalty = penalty or None
            gradebook.db.commit()

    def marks(self, name: str) -> dict[str, Mark]:
        """Each student's mark on ``name``, late penalty and parts still to grade by hand."""
        from nbgrader.api import Gradebook

        with Gradebook(self.url) as gradebook:
            return {
                s.student_id: Mark(
                    score=float(s.score),
                    max_score=float(s.max_score),
                    penalty=float(s.late_submission_penalty or 0),
                    seconds_late=float(s.total_seconds_late),
                    pending=bool(s.needs_manual_grade),
                )
                for s in gradebook.find_assignment(name).submissions
            }

    def scores(self, name: str) -> dict[str, float]:
        """Each student's automatic score of assignment ``name`` in the gradebook."""
        from nbgrader.api import Gradebook

        with Gradebook(self.url) as gradebook:
            graded = gradebook.find_assignment(name)
            return {s.student_id: float(s.code_score) for s in graded.submissions}

    def pending(self, name: str) -> dict[str, dict[str, float]]:
        """The parts of each student's ``name`` waiting for a person (grade_id -> points).

        For students with such parts: not graded by hand yet, or graded before the
        submission changed (nbgrader then asks for the grade to be confirmed).
        """
        from nbgrader.api import Gradebook

        waiting: dict[str, dict[str, float]] = {}
        with Gradebook(self.url) as gradebook:
            for submission in gradebook.find_assignment(name).submissions:
                parts = {
                    grade.name: float(grade.max_score)
                    for notebook in submission.notebooks
                    for grade in notebook.grades
                    if grade.needs_manual_grade
                }
                if parts:
                    waiting[submission.student_id] = parts
        return waiting

    def hand_grades(self, name: str, student: str) -> dict[str, float]:
        """The parts of ``student``'s ``name`` graded by hand and confirmed.

        grade_id -> points given, or nothing before they are graded.
        """
        from nbgrader.api import Gradebook, MissingEntry

        with Gradebook(self.url) as gradebook:
            try:
                submission = gradebook.find_submission(name, student)
            except MissingEntry:
                return {}
            return {
                grade.name: float(grade.manual_score)
                for notebook in submission.notebooks
                for grade in notebook.grades
                if grade.manual_score is not None and not grade.needs_manual_grade
            }

    def confirm(self, name: str, student: str, grades: dict[str, float]) -> None:
        """Give the parts of ``student``'s ``name`` their hand ``grades`` back, confirmed.

        nbgrader asks for every hand grade to be confirmed when a submission is autograded
        again; for a submission that did not change (``autograde --all``), nothing to confirm.
        """
        from nbgrader.api import Gradebook

        with Gradebook(self.url) as gradebook:
            for grade_id, points in grades.items():
                grade = gradebook.find_grade(grade_id, name, name, student)
                grade.manual_score, grade.needs_manual_grade = points, False
            gradebook.db.commit()

    def feedback(self, name: str, due: Deadlines) -> list[Path]:
        """Write the feedback on ``name`` of each student whose grades changed; return it.

        Only a student whose grades, comments, graded notebook or lateness changed since
        their page was written, or whose page is missing, gets a page written again
        (:meth:`feedback_states`): nbgrader converts no other notebook.  A part still
        waiting for hand grading says so (:func:`grading.pending.mark_pending`) instead of
        showing 0 points; run it again after hand grading.  A late submission's page says how
        late it was and what that cost (worked out again from the mark now).  The pages
        speak the language of the edition ``name`` (``grading.editions``).
        """
        with speaking(assignment_of(name)[1]):
            return self._feedback(name, due)

    def _feedback(self, name: str, due: Deadlines) -> list[Path]:
        from grading.feedback_words import in_language
        from grading.pending import mark_pending

        self.set_deadlines(name, due)
        pending = self.pending(name)
        marks = self.marks(name)
        states = self.feedback_states(name, due)
        stale = [s for s, state in states.items() if self._feedback_stamp(name, s) != state]
        everyone = bool(stale) and len(stale) == len(states)
        for student in [None] if everyone else stale:  # everyone: one run of nbgrader
            self.run("generate_feedback", name, student, True)
        pages = [self.root / "feedback" / s / name / f"{name}.html" for s in stale]
        for student, page in zip(stale, pages, strict=True):
            text = page.read_text(encoding="utf-8")
            if student in pending:
                text = mark_pending(text, pending[student])
            mark = marks.get(student)
            if mark is not None and due.rule.days_late(mark.seconds_late):
                note = late_note(mark.seconds_late, due.rule, mark.penalty)
                text = with_late_note(text, note)
            page.write_text(in_language(text, assignment_of(name)[1]), encoding="utf-8")
            stamp = self._feedback_stamp_file(name, student)
            stamp.parent.mkdir(parents=True, exist_ok=True)
            stamp.write_text(states[student])
        return pages

    def feedback_states(self, name: str, due: Deadlines) -> dict[str, str]:
        """A digest of all a feedback page on ``name`` shows, by student graded.

        The student's scores, hand grades, comments and late penalty in the gradebook, the
        graded notebook (verdicts included), and the late rule.
        """
        from nbgrader.api import Gradebook

        states: dict[str, str] = {}
        with Gradebook(self.url) as gradebook:
            for submission in gradebook.find_assignment(name).submissions:
                graded = self.root / "autograded" / submission.student_id / name / f"{name}.ipynb"
                if not graded.is_file():
                    continue
                shown = [
                    repr(due.rule),
                    float(submission.total_seconds_late),
                    hashlib.sha256(graded.read_bytes()).hexdigest(),
                ]
                for notebook in submission.notebooks:
                    shown.append(float(notebook.late_submission_penalty or 0))
                    shown += sorted(
                        (g.name, g.auto_score, g.manual_score, g.extra_credit, g.needs_manual_grade)
                        for g in notebook.grades
                    )
                    shown += sorted(
                        (c.name, c.auto_comment, c.manual_comment) for c in notebook.comments
                    )
                text = json.dumps(shown, default=str)
                states[submission.student_id] = hashlib.sha256(text.encode()).hexdigest()
        return states

    def _feedback_stamp_file(self, name: str, student: str) -> Path:
        return self.verdicts / student / f"{name}.feedback.sha256"

    def _feedback_stamp(self, name: str, student: str) -> str | None:
        """The state :meth:`feedback_states` had when ``student``'s page was written, if it is."""
        page = self.root / "feedback" / student / name / f"{name}.html"
        stamp = self._feedback_stamp_file(name, student)
        return stamp.read_text() if page.is_file() and stamp.is_file() else None


def handed_in_editions(course: Path, name: str) -> list[str]:
    """The editions of assignment ``name`` that someone handed in (``grading.editions``)."""
    return [edition for edition in editions(name) if submitted(course, edition)]


def submitted(course: Path, name: str) -> list[str]:
    """The students who handed in assignment (or edition) ``name``."""
    return sorted(p.parent.name for p in course.glob(f"submitted/*/{name}") if p.is_dir())


def without_notebook(course: Path, name: str) -> list[str]:
    """The students who handed in ``name`` without its notebook (other files only)."""
    return [
        s
        for s in submitted(course, name)
        if not (course / "submitted" / s / name / f"{name}.ipynb").is_file()
    ]


def fingerprint(folder: Path) -> str:
    """A digest of everything in a submission's folder (its files and timestamp)."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() or p.is_symlink()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        if path.is_symlink():  # its target is never read (a link to /dev/zero, the gradebook)
            digest.update(b"link\0" + os.readlink(path).encode())
        else:
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def fingerprint_file(course: Path, student: str, name: str) -> Path:
    """Where ``autograde`` records the :func:`fingerprint` of the submission it graded."""
    return course / "verdicts" / student / f"{name}.sha256"


def changed(course: Path, name: str, students: list[str]) -> list[str]:
    """The students whose submission of ``name`` changed since it was last graded."""
    return [
        s
        for s in students
        if not (course / "autograded" / s / name).is_dir()
        or not fingerprint_file(course, s, name).is_file()
        or fingerprint_file(course, s, name).read_text()
        != fingerprint(course / "submitted" / s / name)
    ]
