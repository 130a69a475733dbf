"""The graded assignments (nbgrader): release the student versions, grade, give feedback.

Usage (``make assignment`` runs the first)::

    python -m tools.assignment release [--out assignment] [NAME ...]
    python -m tools.assignment autograde [--course assignment] [--feedback] [--workers N]
                                         [--unsandboxed] [NAME ...]
    python -m tools.assignment feedback [--course assignment] [NAME ...]

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

``autograde`` grades every submission in ``<course>/submitted/<student id>/<name>/`` (copy
them there, or use ``nbgrader collect``). The student's code never runs in this process nor
in a kernel of nbgrader's: each submission runs in a bubblewrap sandbox of its own
(``grading/sandboxed.py``), and the teacher-only graders (``grading/graders/``) decide from
the plain data it hands back; nbgrader records the verdicts and keeps the gradebook. Where
bubblewrap cannot run, it refuses to grade (``--unsandboxed`` grades anyway, for a lecturer
who accepts that a submission could then forge grades). It prints each student's automatic
score; the written answers then wait for manual grading (``nbgrader formgrader``). Each
student's boards come from their id (``lightsout_edu.exercises.assignment_common``), and the
grader checks that the id in the notebook is the one the submission was filed under (case and
spaces aside), so a copied notebook scores 0.

``feedback`` (and ``autograde --feedback``) writes ``<course>/feedback/<student id>/<name>/``:
the graded notebook as HTML, where every failed question says what went wrong in the course's
words, and a written answer not graded yet says "still being graded" (run it again after
hand grading).

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
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat

from lightsout_edu.exercises import _bubblewrap

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "grading"
PLAN = ROOT / "notebooks" / "course.toml"


def assignments() -> list[str]:
    """The nbgrader assignments of the course, in the order of its lectures."""
    plan = tomllib.loads(PLAN.read_text(encoding="utf-8"))
    return [entry["nbgrader"] for entry in plan.get("assessment", []) if "nbgrader" in entry]


def _chosen(names: list[str] | None) -> list[str]:
    known = assignments()
    unknown = [name for name in names or [] if name not in known]
    if unknown:
        raise SystemExit(
            f"tools.assignment: no assignment named {', '.join(unknown)}; the course has "
            f"{', '.join(known)}"
        )
    return list(names) if names else known


class Course:
    """nbgrader, run in this process on the course folder ``root`` (its nbgrader_config.py).

    One process for every command and assignment: nbgrader takes seconds to import.
    """

    def __init__(self, root: Path) -> None:
        try:
            from nbgrader.apps import NbGraderAPI
            from nbgrader.coursedir import CourseDirectory
            from traitlets.config.loader import PyFileConfigLoader
        except ImportError:
            raise SystemExit(
                "tools.assignment needs nbgrader: pip install -e '.[grading]' (or make test)"
            ) from None
        self.root = root
        self.verdicts = root / "verdicts"
        config = PyFileConfigLoader("nbgrader_config.py", path=str(root)).load_config()
        config.SandboxVerdicts.folder = str(self.verdicts)
        coursedir = CourseDirectory(config=config, root=str(root))
        self.api = NbGraderAPI(coursedir=coursedir, config=config)

    def run(self, command: str, *args: str) -> None:
        """``nbgrader <command> <args>``; SystemExit with nbgrader's log if it fails."""
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
                f"tools.assignment: nbgrader {command} {' '.join(args)} failed in {self.root}:\n"
                f"{result.get('log', '')}{result.get('error', '')}"
            )

    def scores(self, name: str) -> dict[str, float]:
        """Each student's automatic score of assignment ``name`` in the gradebook."""
        from nbgrader.api import Gradebook

        with Gradebook(f"sqlite:///{self.root / 'gradebook.db'}") as gradebook:
            graded = gradebook.find_assignment(name)
            return {s.student_id: float(s.code_score) for s in graded.submissions}

    def pending(self, name: str) -> dict[str, dict[str, float]]:
        """The parts of each student's ``name`` still waiting for hand grading (grade_id ->
        points), for students with such parts."""
        from nbgrader.api import Gradebook

        waiting: dict[str, dict[str, float]] = {}
        with Gradebook(f"sqlite:///{self.root / 'gradebook.db'}") as gradebook:
            for submission in gradebook.find_assignment(name).submissions:
                parts = {
                    grade.name: float(grade.max_score)
                    for notebook in submission.notebooks
                    for grade in notebook.grades
                    if grade.needs_manual_grade and grade.manual_score is None
                }
                if parts:
                    waiting[submission.student_id] = parts
        return waiting

    def feedback(self, name: str) -> list[Path]:
        """Write every graded student's feedback on ``name``; return the pages.

        A part still waiting for hand grading says so (:func:`grading.pending.mark_pending`)
        instead of showing 0 points; run it again after hand grading.
        """
        from grading.pending import mark_pending

        self.run("generate_feedback", name, None, True)
        pending = self.pending(name)
        pages = sorted(self.root.glob(f"feedback/*/{name}/*.html"))
        for page in pages:
            student = page.parent.parent.name
            if student in pending:
                text = page.read_text(encoding="utf-8")
                page.write_text(mark_pending(text, pending[student]), encoding="utf-8")
        return pages


def points(name: str) -> tuple[float, float]:
    """The automatic and the manual points of assignment ``name``, from its source notebook."""
    nb = nbformat.read(SOURCE / "source" / name / f"{name}.ipynb", as_version=4)
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
    """The written questions of assignment ``name`` with their model answers and rubrics."""
    nb = nbformat.read(SOURCE / "source" / name / f"{name}.ipynb", as_version=4)
    title = nb.cells[0].source.splitlines()[0].lstrip("# ")
    parts = [f"# Grading the written answers: {title}\n"]
    for previous, cell in zip(nb.cells, nb.cells[1:], strict=False):
        grading = cell.metadata.get("nbgrader", {})
        if cell.cell_type == "markdown" and grading.get("grade") and grading.get("solution"):
            answer = SOLUTION.search(cell.source)
            parts.append(previous.source)
            parts.append(answer.group(1) if answer else "(no model answer in the source)")
    return "\n\n".join(parts) + "\n"


def release(out: Path, names: list[str] | None = None) -> dict[str, Path]:
    """Copy the course folder to ``out`` and generate the student versions; return them."""
    chosen = _chosen(names)
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy2(SOURCE / "nbgrader_config.py", out / "nbgrader_config.py")
    (out / "rubrics").mkdir(exist_ok=True)
    course = Course(out)
    for name in chosen:
        shutil.copytree(SOURCE / "source" / name, out / "source" / name, dirs_exist_ok=True)
        course.run("generate_assignment", name)
        (out / "rubrics" / f"{name}.md").write_text(rubric(name), encoding="utf-8")
    return {name: out / "release" / name for name in chosen}


def submitted(course: Path, name: str) -> list[str]:
    """The students who handed in assignment ``name``."""
    return sorted(p.parent.name for p in course.glob(f"submitted/*/{name}") if p.is_dir())


def sandbox_start(unsandboxed: bool) -> str:
    """How the students' code is started: in bubblewrap, or (``unsandboxed``) without it.

    Grading refuses, with one line naming the reason and the fix, where bubblewrap cannot
    run, unless the lecturer accepts the risk with ``--unsandboxed``.
    """
    reason = _bubblewrap.unavailable()
    if reason is None:
        return "bubblewrap"
    if not unsandboxed:
        raise SystemExit(
            f"tools.assignment: not grading, because {reason} (a submission could change its "
            "own grade or another's without the sandbox; --unsandboxed grades anyway)"
        )
    return "spawn"


def autograde(
    course: Path,
    names: list[str] | None = None,
    *,
    feedback: bool = False,
    unsandboxed: bool = False,
    workers: int | None = None,
) -> dict[str, dict[str, float]]:
    """Grade every submission; return each assignment's automatic score of each student.

    Each submission runs in a sandbox of its own (``grading.sandboxed``), ``workers`` at a
    time (default: one per core); nbgrader then records the verdicts.
    """
    from grading import graders
    from grading.sandboxed import grade_submission, write_verdicts

    start = sandbox_start(unsandboxed)
    scores: dict[str, dict[str, float]] = {}
    failed: list[str] = []
    grader = Course(course)
    for name in _chosen(names):
        students = submitted(course, name)
        questions = graders.questions(name)
        source = nbformat.read(course / "source" / name / f"{name}.ipynb", as_version=4)
        paths = [course / "submitted" / s / name / f"{name}.ipynb" for s in students]
        grade = functools.partial(grade_submission, questions, source, start=start)
        with ThreadPoolExecutor(workers or os.cpu_count() or 1) as pool:
            futures = [pool.submit(grade, p, s) for p, s in zip(paths, students, strict=True)]
            for student, future in zip(students, futures, strict=True):
                try:
                    verdicts = future.result()
                except Exception as error:  # the machine's failure, never the student's: say it
                    failed.append(f"{name}/{student}: {type(error).__name__}: {error}")
                    continue
                write_verdicts(grader.verdicts, student, name, verdicts)
                grader.run("autograde", name, student)
        if students and feedback:
            grader.feedback(name)
        if students:
            scores[name] = grader.scores(name)
    if failed:
        raise SystemExit(
            "tools.assignment: these submissions were not graded (the grading machine failed, "
            "not the student; grade them again): " + "; ".join(failed)
        )
    return scores


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.assignment",
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
    told = commands.add_parser("feedback", help="write the feedback (again, after hand grading)")
    told.add_argument("--course", type=Path, default=Path("assignment"))
    told.add_argument("names", nargs="*", help="assignments (default: all)")
    args = parser.parse_args(argv)
    if args.command == "release":
        for name, folder in release(args.out.resolve(), args.names).items():
            print(f"{name:26s} student version: {folder}")
        print(f"Rubrics for the written answers: {args.out.resolve() / 'rubrics'}")
        return 0
    if args.command == "feedback":
        course = Course(args.course.resolve())
        for name in _chosen(args.names):
            if submitted(course.root, name):
                pages = course.feedback(name)
                print(f"{name}: feedback for {len(pages)} students in {course.root / 'feedback'}")
        return 0
    scores = autograde(
        args.course.resolve(),
        args.names,
        feedback=args.feedback,
        unsandboxed=args.unsandboxed,
        workers=args.workers,
    )
    if not scores:
        print(f"No submissions in {args.course.resolve() / 'submitted'}")
    for name, by_student in scores.items():
        auto, manual = points(name)
        print(f"{name}: automatic part out of {auto:g} (+ {manual:g} graded by hand)")
        for student, score in sorted(by_student.items()):
            print(f"  {student:20s} {score:5.1f} / {auto:g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
