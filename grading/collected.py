"""What ``collect`` keeps of each assignment: who is who on the LMS, and which notebook is graded.

``<course>/lms/<assignment>.json``::

    {"lms": "moodle",
     "students": {"s0001": {"person": "Jane Doe", "lms_id": "4711", "file_id": "",
                            "edition": "game_and_gf2", "notebook": "game_and_gf2.ipynb",
                            "notebooks": ["game_and_gf2.ipynb"]}},
     "chosen": {"s0002": "game_and_gf2 (1).ipynb"}}

``students`` is written by every ``collect`` (the ids the feedback zips need,
:mod:`grading.feedback_zips`); ``chosen`` holds the lecturer's choices (:func:`choose`), which
every later ``collect`` keeps.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lightsout_edu._i18n import t

__all__ = ["choose", "kept_as", "load", "save"]


def kept_as(filename: str, edition: str) -> str:
    """Where a notebook not graded is kept in the submission folder of ``edition``.

    Under its own name, unless that is the name of the graded one.

    >>> kept_as("hw.ipynb", "hw"), kept_as("hw (1).ipynb", "hw")
    ('hw (not graded).ipynb', 'hw (1).ipynb')
    """
    return f"{edition} (not graded).ipynb" if filename == f"{edition}.ipynb" else filename


def _path(course: Path, name: str) -> Path:
    return course / "lms" / f"{name}.json"


def load(course: Path, name: str) -> dict[str, Any]:
    """The record of assignment ``name`` (empty before its first ``collect``)."""
    path = _path(course, name)
    if not path.is_file():
        return {"lms": "", "students": {}, "chosen": {}}
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return record


def save(course: Path, name: str, record: dict[str, Any]) -> None:
    """Write the record of assignment ``name``."""
    path = _path(course, name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def choose(course: Path, name: str, student: str, filename: str) -> Path:
    """Grade ``student``'s notebook ``filename`` of ``name`` from now on; the notebook graded.

    The choice is kept by every later ``collect``.  A ValueError says what to choose from.
    """
    record = load(course, name)
    filed = record["students"].get(student)
    if filed is None:
        raise ValueError(
            t(
                "{student} handed nothing in for {name}: collect it first",
                student=student,
                name=name,
            )
        )
    folder = course / "submitted" / student / filed["edition"]
    graded: Path = folder / f"{filed['edition']}.ipynb"
    edition = filed["edition"]
    handed = [u for u in filed["notebooks"] if u != filed["notebook"]]
    if filename == filed["notebook"]:
        return graded
    if filename not in handed:
        raise ValueError(
            t(
                "{student} handed in no notebook {file} for {name}: choose one of {files}",
                student=student,
                file=repr(filename),
                name=name,
                files=", ".join(filed["notebooks"]),
            )
        )
    before = graded.read_bytes()
    graded.write_bytes((folder / kept_as(filename, edition)).read_bytes())
    (folder / kept_as(filename, edition)).unlink()
    (folder / kept_as(filed["notebook"], edition)).write_bytes(before)
    filed["notebook"] = filename
    record["chosen"][student] = filename
    save(course, name, record)
    return graded
