"""Each handed-in notebook, checked before nbgrader sees it: one bad file is one student's.

nbgrader stops the whole ``autograde`` run at the first notebook it cannot take, and stops
again on every later run: a copy-pasted test cell (a duplicated ``grade_id``, which nbgrader
reports as ``SchemaTooOldError``), a locked test cell made an answer cell ("Inconsistent
checksums"), a file that is not JSON, a link to the gradebook.  And it reads and converts
any notebook, however large.  So :func:`screen` looks first, cheaply and in this order:

1. the notebook (and everything in its folder) is a regular file, not a link;
2. its size is within the course's limit (``notebook_megabytes`` in ``[grading]`` of
   ``notebooks/course.toml``), checked before a byte of it is read;
3. it is JSON, a notebook ``nbformat`` reads, whose cells cost what their size says to grade
   and render: at most 1,000 cells holding 1,000,000 characters, 2,000 HTML tags and 100 LaTeX
   environments (:func:`_costly`; a notebook of 20 MB could otherwise hold 180,000 cells, or
   tags nested so deep that cleaning them takes hours), counted before ``nbformat`` validates;
4. ``nbformat`` validates it;
5. its graded cells are those of the released notebook, each once, of the same kind, and
   nbgrader's own metadata validator takes them.  If not, the notebook is *repaired*: the
   released notebook with the submission's answer cells put back (the first cell with each
   answer's ``grade_id``, as the sandboxed grader reads them, ``grading.sandboxed``); the
   file as handed in is kept in ``<course>/handed_in/<student>/<name>.ipynb``, and the
   lecturer is told what was repaired.

A notebook refused at 1-4 is not graded (0 points) and never reaches nbgrader; the reason
names what to do.  Checking again gives the same answer, so a later run does not stop on it.
"""

from __future__ import annotations

import json
import shutil
import stat
import warnings
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat

from lightsout_edu._i18n import t

__all__ = [
    "MOST_CELLS",
    "MOST_CHARACTERS",
    "MOST_ENVIRONMENTS",
    "MOST_TAGS",
    "NOTEBOOK_MEGABYTES",
    "Screened",
    "notebook_limit",
    "screen",
]

#: The largest notebook graded, in MB, unless the course plan says otherwise.
NOTEBOOK_MEGABYTES = 20
#: The most cells a notebook graded may have (the assignments have about 20): nbgrader and
#: the feedback page take about a millisecond and several kB of memory per cell.
MOST_CELLS = 1_000
#: The most characters the cells of a notebook graded may hold together, outputs aside (the
#: assignments hold about 20,000): the feedback page highlights code and renders markdown at
#: about a second per MB, with some 60 bytes of memory per character.
MOST_CHARACTERS = 1_000_000
#: The most HTML tags (``<``) its markdown and raw cells may hold together: cleaning nested
#: tags (``grading.inert``, nh3) takes time that grows with the square of their depth.
MOST_TAGS = 2_000
#: The most LaTeX environments (``\\begin``) its markdown and raw cells may open together:
#: finding each one's end (``grading.inert``, nbconvert's markdown) reads on to the cell's end.
MOST_ENVIRONMENTS = 100


@dataclass(frozen=True)
class Screened:
    """What screening found: why the notebook is refused (or None), what was repaired."""

    refused: str | None = None
    repaired: list[str] = field(default_factory=list)


def notebook_limit(plan: dict[str, Any]) -> int:
    """The largest notebook graded, in bytes, from the course plan's ``[grading]`` table.

    >>> notebook_limit({"grading": {"notebook_megabytes": 5}}) == 5 * 2**20
    True
    """
    chosen = plan.get("grading", {}).get("notebook_megabytes", NOTEBOOK_MEGABYTES)
    if isinstance(chosen, bool) or not isinstance(chosen, int | float) or chosen <= 0:
        raise ValueError(
            f"course.toml: [grading] notebook_megabytes = {chosen!r} should be a number of "
            f"megabytes above 0, e.g. {NOTEBOOK_MEGABYTES}"
        )
    return int(chosen * 2**20)


def screen(folder: Path, name: str, released: Any, limit: int, kept: Path) -> Screened:
    """Check the notebook ``name`` handed in in ``folder`` against ``released``.

    Refuses a link, a file over ``limit`` bytes or one that is not a notebook; repairs one
    whose graded cells nbgrader could not match (the original is copied to ``kept``).
    """
    path = folder / f"{name}.ipynb"
    links = [p.name for p in (folder, *folder.rglob("*")) if p.is_symlink()]
    if links or not stat.S_ISREG(path.lstat().st_mode):
        return Screened(
            t(
                "{file} is a link, not a file: ask for the notebook itself, handed in again",
                file=", ".join(links) or path.name,
            )
        )
    size = path.lstat().st_size
    if size > limit:
        return Screened(
            t(
                "the notebook is {size} MB, over the course's limit of {limit} MB, and was not "
                "read: ask for it again with its outputs cleared (Edit > Clear Outputs of All "
                "Cells), or raise notebook_megabytes in course.toml",
                size=f"{size / 2**20:.1f}",
                limit=f"{limit / 2**20:g}",
            )
        )
    try:
        text = path.read_text(encoding="utf-8")
        costly = _costly(nbformat.convert(nbformat.reader.reads(text), 4))  # not validated
        if costly is not None:
            return Screened(costly)
        with warnings.catch_warnings():  # a copied cell's id, corrected: screening says it
            warnings.simplefilter("ignore")
            submitted = nbformat.reads(text, as_version=4)
            nbformat.validate(submitted)
    except Exception as error:  # not text, not JSON, not a notebook: the student's file
        return Screened(
            t(
                "the file is not a notebook Jupyter can open ({error}): ask for the notebook "
                "as saved by Jupyter (File > Download), handed in again",
                error=type(error).__name__,
            )
        )
    problems = _mismatches(released, submitted)
    if not problems:
        return Screened()
    kept.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path, kept)
    nbformat.write(_repaired(released, submitted), path)
    return Screened(repaired=problems)


def _costly(notebook: Any) -> str | None:
    """Why grading and rendering ``notebook`` would cost far more than its size says, or None.

    Counted on the notebook as read, before validation (itself some milliseconds a cell):
    its cells (:data:`MOST_CELLS`), their characters (:data:`MOST_CHARACTERS`), and the HTML
    tags and LaTeX environments of its markdown and raw cells (:data:`MOST_TAGS`,
    :data:`MOST_ENVIRONMENTS`), whose cleaning and rendering grow faster than their size.
    """
    cells = notebook.get("cells", [])
    sources = [(c.get("cell_type"), c.get("source")) for c in cells if isinstance(c, dict)]
    texts = [(kind, text) for kind, text in sources if isinstance(text, str)]
    written = [text for kind, text in texts if kind in ("markdown", "raw")]
    counts = {
        "cells": len(cells),
        "characters": sum(len(text) for _, text in texts),
        "tags": sum(text.count("<") for text in written),
        "environments": sum(text.count("\\begin") for text in written),
    }
    if counts["cells"] > MOST_CELLS:
        return t(
            "the notebook has {count} cells, over the limit of {limit}, and was not graded: ask "
            "for the notebook as released, with the answers in its own cells",
            count=f"{counts['cells']:,}",
            limit=f"{MOST_CELLS:,}",
        )
    if counts["characters"] > MOST_CHARACTERS:
        return t(
            "the notebook's cells hold {count} characters (outputs aside), over the limit of "
            "{limit}, and it was not graded: ask for it again with shorter answers (a picture "
            "goes into a markdown cell as an attachment: drag it in)",
            count=f"{counts['characters']:,}",
            limit=f"{MOST_CHARACTERS:,}",
        )
    if counts["tags"] > MOST_TAGS:
        return t(
            "the notebook's markdown and raw cells hold {count} HTML tags, over the limit of "
            "{limit}, and it was not graded: ask for the written answers in plain markdown",
            count=f"{counts['tags']:,}",
            limit=f"{MOST_TAGS:,}",
        )
    if counts["environments"] > MOST_ENVIRONMENTS:
        return t(
            "the notebook's markdown and raw cells open {count} LaTeX environments (\\begin), "
            "over the limit of {limit}, and it was not graded: ask for the written answers "
            "with fewer",
            count=f"{counts['environments']:,}",
            limit=f"{MOST_ENVIRONMENTS:,}",
        )
    return None


def _grading(cell: Any) -> dict[str, Any]:
    meta = cell.get("metadata", {}).get("nbgrader", {})
    return dict(meta) if isinstance(meta, dict) else {"invalid": repr(meta)}


def _shape(cell: Any) -> str:
    """A graded cell's kind, as nbgrader matches it (its checksum aside)."""
    grading = {k: v for k, v in _grading(cell).items() if k not in ("checksum", "grade_id")}
    return json.dumps([cell.get("cell_type"), grading], sort_keys=True, default=repr)


def _mismatches(released: Any, submitted: Any) -> list[str]:
    """How the graded cells of ``submitted`` differ from ``released``'s, in words."""
    want = {str(_grading(c).get("grade_id")): _shape(c) for c in released.cells if _grading(c)}
    have = [(str(_grading(c).get("grade_id")), _shape(c)) for c in submitted.cells if _grading(c)]
    problems = []
    for grade_id, count in Counter(key for key, _ in have).items():
        if count > 1:
            problems.append(
                t("cell {id} appears {count} times (a copied cell?)", id=grade_id, count=count)
            )
    for grade_id, shape in dict(reversed(have)).items():  # the first of each, as graded
        if grade_id in want and shape != want[grade_id]:
            problems.append(t("cell {id} was changed into another kind of cell", id=grade_id))
        elif grade_id not in want:
            problems.append(t("cell {id} is not a cell of the assignment", id=grade_id))
    problems += [t("cell {id} is missing", id=key) for key in want if key not in dict(have)]
    if not problems:
        from nbgrader.nbgraderformat import MetadataValidator

        try:
            MetadataValidator().validate_nb(nbformat.from_dict(submitted))
        except Exception as error:  # noqa: BLE001  (nbgrader's own words for what it refuses)
            problems.append(t("nbgrader refuses its cells ({error})", error=error))
    return problems


def _repaired(released: Any, submitted: Any) -> Any:
    """The released notebook with the submission's answers (the first cell of each id)."""
    answers: dict[str, str] = {}
    for cell in submitted.cells:
        grading = _grading(cell)
        if grading.get("solution") and isinstance(cell.get("source"), str):
            answers.setdefault(str(grading.get("grade_id")), cell["source"])
    repaired = nbformat.from_dict(json.loads(json.dumps(released)))
    for cell in repaired.cells:
        grading = _grading(cell)
        if grading.get("solution") and grading.get("grade_id") in answers:
            cell.source = answers[grading["grade_id"]]
    return repaired
