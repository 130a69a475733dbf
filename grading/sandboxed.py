"""Grading a submission where the student's code cannot reach the grade.

nbgrader's own autograding runs the hidden tests in the student's kernel, next to the
student's code, so a notebook that patches the grader (or the package on disk) decides its
own grade.  Here the grade is decided by this process, which never runs student code:

1. the code a submission runs is assembled here: the locked cells from the course's source
   notebook, the answer cells (by nbgrader ``grade_id``) from the submission; the graded
   test cells are left out;
2. a fresh bubblewrap sandbox per submission (``lightsout_edu.exercises._bubblewrap``) runs
   that code and holds the answers; only plain data comes back (``_plain``), bounded;
3. an answer that must be the student's own work (``Question.alone``) runs in a sandbox of
   its own that holds NumPy and the standard library only: the package's solvers, galois
   and sympy are not there at all;
4. the teacher-only graders (``grading.graders``) compare the answers with the truth they
   compute here, calling the student's functions in the sandbox on cases the student never
   sees;
5. :class:`SandboxVerdicts` hands the verdicts to nbgrader (the gradebook and the
   formgrader), in place of nbgrader's execution of the notebook.

Nothing a submission prints, writes or returns is trusted: it is data to compare, and words
in the feedback at most: an exception of the student's code is told by its kind (if Python
names it) and its message without values, and what a function returned by its kind, so no
verdict quotes a hidden case the code was given (``Session(quoting=False)``,
``graders.common.kind_of``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import nbformat
from nbconvert.preprocessors import Preprocessor
from traitlets import Bool, Unicode

from lightsout_edu._i18n import t
from lightsout_edu.exercises import _bubblewrap, _plain
from lightsout_edu.exercises._judge import MISSING, Session
from lightsout_edu.exercises._student_code import StudentError

from .graders.common import normalised_id

__all__ = [
    "NOTEBOOK_SECONDS",
    "SUBMISSION_SECONDS",
    "SandboxVerdicts",
    "Verdict",
    "assembled_cells",
    "grade_submission",
    "write_verdicts",
]

#: Seconds a submission's notebook may take to run, in the sandbox.
NOTEBOOK_SECONDS = 120.0
#: Seconds the whole grading of one submission may take (its notebook, every call of its
#: functions, each in a sandbox): then every sandbox of it is killed, and what is left fails.
SUBMISSION_SECONDS = 600.0
#: What an answer graded on its own may start from.
ALONE_PREAMBLE = "import numpy as np\n"


@dataclass(frozen=True)
class Verdict:
    """The grader's verdict on one graded test cell (nbgrader ``grade_id``)."""

    grade_id: str
    passed: bool
    message: str = ""


def _grading(cell: Any) -> dict[str, Any]:
    return dict(cell.get("metadata", {}).get("nbgrader", {}))


def assembled_cells(source: Any, submitted: Any) -> tuple[list[str], dict[str, str]]:
    """The code cells a submission runs, and its answer cells by ``grade_id``.

    The source notebook decides which cells there are and what the locked ones say; a
    submission contributes only the text of its answer cells (nbgrader "solution" cells).
    A graded test cell is not run: the grader checks the answers itself.

    >>> src = nbformat.v4.new_notebook(cells=[
    ...     nbformat.v4.new_code_cell("x = 1", metadata={"nbgrader": {"grade_id": "a",
    ...         "solution": True}}),
    ...     nbformat.v4.new_code_cell("assert x", metadata={"nbgrader": {"grade_id": "t",
    ...         "grade": True, "solution": False}}),
    ...     nbformat.v4.new_code_cell("y = x + 1"),
    ... ])
    >>> sub = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 2",
    ...     metadata={"nbgrader": {"grade_id": "a", "solution": True}})])
    >>> assembled_cells(src, sub)
    (['x = 2', 'y = x + 1'], {'a': 'x = 2'})
    """
    answers: dict[str, str] = {}
    for cell in submitted.get("cells", []):
        grading = _grading(cell)
        key = grading.get("grade_id")
        text = cell.get("source", "")
        if grading.get("solution") and isinstance(key, str) and isinstance(text, str):
            answers.setdefault(key, text)
    cells: list[str] = []
    for cell in source.cells:
        if cell.cell_type != "code":
            continue
        grading = _grading(cell)
        if grading.get("grade") and not grading.get("solution"):
            continue  # a test cell: the grader's job
        if grading.get("solution"):
            cells.append(answers.get(str(grading.get("grade_id")), ""))
        else:
            cells.append(cell.source)
    return cells, answers


def _read_submission(path: Path, limit: int) -> Any:
    if not path.is_file():
        raise StudentError(t("no notebook named {name} was handed in", name=path.name))
    if path.stat().st_size > limit:
        raise StudentError(
            t(
                "the notebook is larger than {limit} MB and was not graded; clear its outputs "
                "(Edit > Clear Outputs of All Cells), save it and hand it in again",
                limit=f"{limit / 2**20:g}",
            )
        )
    try:
        return nbformat.read(path, as_version=4)
    except Exception as error:  # not JSON, not a notebook: the student's file, not ours
        raise StudentError(
            t("the notebook could not be read ({error})", error=type(error).__name__)
        ) from None


def grade_submission(
    questions: Sequence[Any],
    source: Any,
    path: Path,
    student: str,
    *,
    limit: int,
    start: str = "bubblewrap",
) -> list[Verdict]:
    """The verdicts on the submission at ``path``, filed under ``student``.

    ``questions`` are the assignment's ``grading.graders`` questions and ``source`` its
    source notebook; a notebook over ``limit`` bytes is refused unread (the course's limit,
    ``notebook_megabytes`` in course.toml: ``grading.screening.notebook_limit``); ``start``
    is how the sandbox starts ("bubblewrap"; "spawn" runs the student's code unsandboxed,
    for a lecturer who chose ``--unsandboxed``).
    """
    try:
        submitted = _read_submission(path, limit)
    except StudentError as error:
        return [Verdict(q.grade_id, False, str(error)) for q in questions]
    cells, answer_cells = assembled_cells(source, submitted)
    shared = [q for q in questions if not q.alone]
    deadline = time.monotonic() + SUBMISSION_SECONDS
    session = Session.notebook(
        cells,
        ["STUDENT_ID", *(q.answer for q in shared)],
        view=_bubblewrap.View(package=True),
        start=start,
        load_seconds=NOTEBOOK_SECONDS,
        quoting=False,
        deadline=deadline,
    )
    try:
        try:
            values = session.answers()
        except StudentError as error:
            message = t("your notebook did not run to the end: {why}", why=error)
            return [Verdict(q.grade_id, False, message) for q in questions]
        mismatch = _id_mismatch(values[0], student)
        if mismatch:
            return [Verdict(q.grade_id, False, mismatch) for q in questions]
        answers = dict(zip((q.answer for q in shared), values[1:], strict=True))
        return [
            _verdict(q, answers.get(q.answer), answer_cells, student, start, deadline)
            for q in questions
        ]
    finally:
        session.close()


def _id_mismatch(typed: object, student: str) -> str | None:
    """Why the notebook's STUDENT_ID is not the one it was filed under, or None."""
    try:
        same = normalised_id(typed) == normalised_id(student)
    except TypeError as error:
        return str(error)
    if same:
        return None
    return t(
        "this notebook was submitted by {submitted}, but STUDENT_ID is {typed}: your boards "
        "are made from your own id, so the answers must be yours",
        submitted=student,
        typed=repr(typed) if isinstance(typed, str) else t("not text"),
    )


def _verdict(
    question: Any,
    answer: object,
    answer_cells: dict[str, str],
    student: str,
    start: str,
    deadline: float,
) -> Verdict:
    alone: Session | None = None
    try:
        if question.alone:
            own = [answer_cells.get(key, "") for key in (*question.uses, question.answer_cell)]
            alone = Session.notebook(
                [ALONE_PREAMBLE, *own],
                [question.answer],
                view=_bubblewrap.View(package=False),
                start=start,
                quoting=False,
                deadline=deadline,
            )
            answer = alone.answers()[0]
        if answer is MISSING:
            raise AssertionError(
                t(
                    "{name} is not defined: write your answer in its cell, run the notebook "
                    "from the top and save it before handing it in",
                    name=question.answer,
                )
            )
        if isinstance(answer, _plain.Unreadable):
            raise AssertionError(
                t("{name} could not be read: {why}", name=question.answer, why=answer)
            )
        question.verify(normalised_id(student), answer)
    except (AssertionError, StudentError, TypeError) as error:
        return Verdict(question.grade_id, False, str(error))
    finally:
        if alone is not None:
            alone.close()
    return Verdict(question.grade_id, True)


# ---------------------------------------------------------------------------------------------
# The verdicts, handed to nbgrader
# ---------------------------------------------------------------------------------------------


def write_verdicts(folder: Path, student: str, assignment: str, verdicts: list[Verdict]) -> Path:
    """Store the verdicts where :class:`SandboxVerdicts` reads them; return the file."""
    target = folder / student / f"{assignment}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps([asdict(v) for v in verdicts], ensure_ascii=False, indent=1))
    return target


class SandboxVerdicts(Preprocessor):
    """nbgrader's autograding step, in place of running the notebook.

    Each graded test cell gets the sandboxed grader's verdict as its output (nothing when it
    passed, the message as an error when it did not), which nbgrader then scores.  Without
    verdicts it refuses, so nbgrader alone never grades in the student's kernel.
    """

    folder = Unicode("", help="The folder of the verdicts (<course>/verdicts)").tag(config=True)
    enabled = Bool(True).tag(config=True)  # nbconvert's preprocessors are off by default

    def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """Set the verdicts' outputs on the graded test cells of ``nb``."""
        about = resources.get("nbgrader", {})
        student, assignment = about.get("student"), about.get("assignment")
        path = Path(self.folder) / str(student) / f"{assignment}.json"
        if not self.folder or not path.is_file():
            raise RuntimeError(
                f"no sandboxed verdicts for {student}'s {assignment}: grade with "
                "'python -m grading autograde', which runs the student's code in a "
                "sandbox, not with nbgrader autograde alone"
            )
        verdicts = {v["grade_id"]: v for v in json.loads(path.read_text(encoding="utf-8"))}
        for cell in nb.cells:
            grading = _grading(cell)
            if cell.cell_type != "code" or not grading.get("grade") or grading.get("solution"):
                continue
            verdict = verdicts.get(grading.get("grade_id"), {"passed": False, "message": ""})
            cell.outputs = [] if verdict["passed"] else [_failed(verdict["message"])]
        return nb, resources


def _failed(message: str) -> Any:
    words = t("Not yet")
    return nbformat.v4.new_output(
        "error", ename=words, evalue=message, traceback=[f"{words}: {message}"]
    )
