"""Write the course handouts from the one source: student and teacher notebooks.

Usage: ``python -m tools.make_handouts [--notebooks notebooks] [--out handouts]``
(``make handouts``).

- ``handouts/teacher/`` holds every notebook exactly as it is in ``notebooks/``, and the files
  they read (``course.toml``).
- ``handouts/student/`` holds the student notebooks: every cell tagged ``solution`` removed
  (and no jupytext pairing), and nothing for teachers only -- no instructor guide
  (``instructor/``), no answer key.
  In a notebook that had solutions, outputs from the first solution onwards are cleared
  (they may show what a solution computed) and the saved widget state is dropped; outputs
  above the first exercise solution are kept, so the statements still show their pictures.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
from pathlib import Path

import nbformat

SOLUTION_TAG = "solution"
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
#: Folders of notebooks/ that only teachers get (the instructor guide answers every prompt).
TEACHER_ONLY = ("instructor",)
#: Files beside the notebooks that teacher notebooks read (the guide reads the course plan).
TEACHER_FILES = ("course.toml",)
#: Files outside notebooks/ that lectures read, relative to the repository: a handout gets
#: them at the same place relative to itself (lectures 8 and 9 plot the benchmark's results).
READ_BY_LECTURES = ("benchmarks/results.json",)


def copy_lecture_data(repository: Path, notebooks_out: Path) -> None:
    """The files the lectures read, placed beside ``notebooks_out`` as beside notebooks/."""
    for name in READ_BY_LECTURES:
        target = notebooks_out.parent / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(repository / name, target)


def is_solution(cell: nbformat.NotebookNode) -> bool:
    """Whether a cell is tagged ``solution``."""
    return SOLUTION_TAG in cell.get("metadata", {}).get("tags", [])


def student_version(nb: nbformat.NotebookNode) -> tuple[nbformat.NotebookNode, int | None]:
    """The notebook without its solution cells, and where the first one was (or None).

    The returned index is the position, in the student notebook, of the first cell that
    followed a removed solution: cells before it are exactly as in the teacher notebook.
    """
    student = nbformat.from_dict(nb)  # a deep copy
    student.metadata.pop("jupytext", None)  # a handout is not paired with the course's scripts
    first = next((i for i, cell in enumerate(student.cells) if is_solution(cell)), None)
    if first is None:
        return student, None
    student.cells = [cell for cell in student.cells if not is_solution(cell)]
    student.metadata.pop("widgets", None)
    for index, cell in enumerate(student.cells):
        if cell.cell_type != "code":
            continue
        if index >= first:
            cell.outputs, cell.execution_count = [], None
        else:  # widget views need the saved state just dropped
            cell.outputs = [o for o in cell.outputs if WIDGET_MIME not in o.get("data", {})]
    return student, first


def notebooks_in(folder: Path) -> list[Path]:
    """Every course notebook under ``folder`` (lectures and exercises), sorted."""
    return sorted(
        path for path in folder.rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts
    )


def for_students(relative: Path) -> bool:
    """Whether the notebook at ``relative`` (to notebooks/) is handed to students at all."""
    return not (relative.parts and relative.parts[0] in TEACHER_ONLY)


#: A Markdown link to a notebook: [text](path.ipynb#anchor).
NOTEBOOK_LINK = re.compile(r"\[([^\]]*)\]\(([^()\s#]+\.ipynb)(#[^()\s]*)?\)")


def unlink_teacher_notebooks(nb: nbformat.NotebookNode, relative: Path) -> None:
    """Turn each Markdown link of ``nb`` (at ``relative`` to notebooks/) to a notebook that
    students do not get into its plain text, in place: the student edition has no dead link.

    >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
    ...     "The [guide](instructor/guide.ipynb) and [lecture 1](01_a.ipynb#Top).")])
    >>> unlink_teacher_notebooks(nb, Path("09_b.ipynb"))
    >>> nb.cells[0].source
    'The guide and [lecture 1](01_a.ipynb#Top).'
    """

    def plain(link: re.Match[str]) -> str:
        target = Path(os.path.normpath(relative.parent / link.group(2)))
        return link.group(0) if for_students(target) else link.group(1)

    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = NOTEBOOK_LINK.sub(plain, cell.source)


def write_student_notebooks(notebook_dir: Path, out: Path) -> list[Path]:
    """The student version of every notebook students get, under ``out``; their paths."""
    written = []
    for source in notebooks_in(notebook_dir):
        relative = source.relative_to(notebook_dir)
        if not for_students(relative):
            continue
        target = out / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        student_nb, _ = student_version(nbformat.read(source, as_version=4))
        unlink_teacher_notebooks(student_nb, relative)
        nbformat.write(student_nb, target)
        written.append(relative)
    return written


def make_handouts(notebook_dir: Path, out: Path) -> tuple[list[Path], list[Path]]:
    """Write ``out/teacher`` and ``out/student``; return the notebooks of each."""
    sources = notebooks_in(notebook_dir)
    if not sources:
        raise SystemExit(f"make_handouts: no notebooks found in {notebook_dir}")
    for role in ("teacher", "student"):
        shutil.rmtree(out / role, ignore_errors=True)
    teacher = []
    for source in sources:
        relative = source.relative_to(notebook_dir)
        (out / "teacher" / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, out / "teacher" / relative)
        teacher.append(relative)
    for name in TEACHER_FILES:
        shutil.copy2(notebook_dir / name, out / "teacher" / name)
    student = write_student_notebooks(notebook_dir, out / "student")
    copy_lecture_data(notebook_dir.resolve().parent, out / "student")  # both: handouts/benchmarks
    return teacher, student


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.make_handouts",
        description="Write student notebooks (cells tagged 'solution' removed, no instructor "
        "guide) and teacher notebooks (unchanged) from the course notebooks.",
    )
    parser.add_argument(
        "--notebooks",
        type=Path,
        default=Path("notebooks"),
        help="folder with the course notebooks (default: notebooks)",
    )
    parser.add_argument(
        "--out", type=Path, default=Path("handouts"), help="output folder (default: handouts)"
    )
    args = parser.parse_args(argv)
    teacher, student = make_handouts(args.notebooks, args.out)
    print(
        f"Wrote {len(student)} student notebooks to {args.out / 'student'}/ "
        f"and {len(teacher)} teacher notebooks to {args.out / 'teacher'}/"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
