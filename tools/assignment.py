"""The graded assignment (nbgrader): release the student version, autograde submissions.

Usage (``make assignment`` runs the first)::

    python -m tools.assignment release [--out assignment]
    python -m tools.assignment autograde [--course assignment]

``release`` copies the course's nbgrader folder (``grading/``: the configuration and the
source assignment with its solutions and hidden tests) to ``--out`` and runs
``nbgrader generate_assignment``: ``<out>/release/kernel_and_solvability/`` is what students
get, without solutions and hidden tests. Hand it out by any means (an LMS, nbgrader's
exchange, a JupyterHub).

``autograde`` grades every submission in ``<course>/submitted/<student id>/<assignment>/``
(copy them there, or use ``nbgrader collect``) and prints each student's score. Each
student's boards come from their id (``lightsout_edu.exercises.assignment``), and the
grader checks that the id in the notebook is the one the submission was filed under.

nbgrader is in the ``grading`` extra (``pip install -e ".[grading]"``; the test extras
include it).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "grading"
ASSIGNMENT = "kernel_and_solvability"


def nbgrader(course: Path, *args: str) -> None:
    """Run an nbgrader command in the course folder; a clear message if it is missing."""
    try:
        import nbgrader as _  # noqa: F401
    except ImportError:
        raise SystemExit(
            "tools.assignment needs nbgrader: pip install -e '.[grading]' (or make test)"
        ) from None
    # nbgrader runs the ``alembic`` command of its own environment: put that environment's
    # scripts first on PATH, as activating it would (make test does not activate it)
    scripts = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": os.pathsep.join([scripts, os.environ.get("PATH", "")])}
    subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, check=True, env=env)


def release(out: Path) -> Path:
    """Copy the course folder to ``out`` and generate the student version; return it."""
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy2(SOURCE / "nbgrader_config.py", out / "nbgrader_config.py")
    shutil.copytree(SOURCE / "source", out / "source", dirs_exist_ok=True)
    nbgrader(out, "generate_assignment", ASSIGNMENT, "--force", "--create")
    return out / "release" / ASSIGNMENT


def autograde(course: Path) -> dict[str, float]:
    """Grade every submission; return the score of each student."""
    nbgrader(course, "autograde", ASSIGNMENT, "--force", "--create")
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        assignment = gradebook.find_assignment(ASSIGNMENT)
        return {
            submission.student_id: float(submission.score) for submission in assignment.submissions
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.assignment", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    released = commands.add_parser("release", help="generate the student version")
    released.add_argument("--out", type=Path, default=Path("assignment"))
    graded = commands.add_parser("autograde", help="grade the submissions")
    graded.add_argument("--course", type=Path, default=Path("assignment"))
    args = parser.parse_args(argv)
    if args.command == "release":
        folder = release(args.out.resolve())
        print(f"Student version: {folder}")
    else:
        scores = autograde(args.course.resolve())
        for student, score in sorted(scores.items()):
            print(f"{student:20s} {score:5.1f} / 10")
    return 0


if __name__ == "__main__":
    sys.exit(main())
