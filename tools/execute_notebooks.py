"""Re-execute the course notebooks in place, normalise them and re-pair them with jupytext.

Usage (from the repository root)::

    python -m tools.execute_notebooks                      # every notebook under notebooks/
    python -m tools.execute_notebooks notebooks/01_*.ipynb # some notebooks (.ipynb or .py twin)

For each notebook:

1. Its inputs come from the more recently modified of ``notebooks/NAME.ipynb`` and its
   ``py:percent`` twin ``scripts/NAME.py`` (a twin without a notebook creates the notebook),
   as ``jupytext --sync`` does.  The twins live outside notebooks/ so that the file browser
   of ``make lab`` lists every lecture once.
2. It is executed with nbclient: kernel ``python3`` (the Python running this script),
   working directory = the notebook's folder, widget state stored in ``metadata.widgets``.
3. It is normalised like ``nbstripout --keep-output --keep-count
   --keep-metadata-keys=metadata.widgets`` (cell ids numbered, volatile metadata such as
   execution timestamps removed), and machine-specific metadata is dropped.
4. The notebook is written in the course's code style (``ruff check --select I --fix`` and
   ``ruff format``, as ``make test`` checks), then its twin, so both hold the same cells.
   Its Chinese edition keeps the English code's lines as they are (only the words of its
   strings differ, see ``tools.code_strings``).

A notebook whose execution fails is left untouched; the script reports the error and exits
with status 1 after trying the others.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from nbstripout import strip_output

from tools import translations
from tools.page_links import CHINESE_SUFFIX
from tools.translations import chinese_of, is_chinese

REPO_ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIR = REPO_ROOT / "notebooks"
SCRIPT_DIR = REPO_ROOT / "scripts"
TWIN_FORMAT = "py:percent"
#: The twin leaves out the metadata normalise() derives (slide types, folded solutions).
PAIRING = {
    "formats": "notebooks///ipynb,scripts///py:percent",
    "cell_metadata_filter": "-slideshow,-jp-MarkdownHeadingCollapsed",
}
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}

# nbstripout's default extra keys, minus "metadata.widgets" (kept: widgets render without a kernel).
VOLATILE_KEYS = [
    "metadata.signature",
    "metadata.language_info.version",
    "cell.metadata.collapsed",
    "cell.metadata.ExecuteTime",
    "cell.metadata.execution",
    "cell.metadata.heading_collapsed",
    "cell.metadata.hidden",
    "cell.metadata.scrolled",
]


def notebook_paths(root: Path = NOTEBOOK_DIR) -> list[Path]:
    """Every English notebook under ``root``: ``*.ipynb`` files and ``*.py`` twins without one.

    Checkpoint folders and the Chinese editions (made from the English notebooks and the
    catalogues, see :func:`run`) are skipped. The result is sorted, as ``Path`` objects ending in
    ``.ipynb`` (some may not exist yet when only the twin does).
    """
    found = set(root.rglob("*.ipynb"))
    found |= {notebook_path(p) for p in SCRIPT_DIR.rglob("*.py") if is_percent_script(p)}
    return sorted(p for p in found if ".ipynb_checkpoints" not in p.parts and not is_chinese(p))


def is_percent_script(path: Path) -> bool:
    """True if ``path`` is a ``py:percent`` script (it has ``# %%`` cell markers)."""
    return any(line.startswith("# %%") for line in path.read_text(encoding="utf-8").splitlines())


def twin_path(notebook: Path) -> Path:
    """The ``py:percent`` script paired with ``notebook``: the same place under scripts/."""
    return (SCRIPT_DIR / notebook.resolve().relative_to(NOTEBOOK_DIR)).with_suffix(".py")


def notebook_path(twin: Path) -> Path:
    """The notebook a ``scripts/`` twin belongs to."""
    return (NOTEBOOK_DIR / twin.resolve().relative_to(SCRIPT_DIR)).with_suffix(".ipynb")


def english_of(notebook: Path) -> Path:
    """The English notebook of ``notebook``: itself, or the one a Chinese edition is built from
    (``notebooks/0*.ipynb`` names both; the Chinese one is never run on its own)."""
    if is_chinese(notebook):
        return notebook.with_name(notebook.name.removesuffix(CHINESE_SUFFIX) + ".ipynb")
    return notebook


def read_inputs(notebook: Path) -> tuple[nbformat.NotebookNode, Path]:
    """Read the notebook's cells from the newer of the notebook and its twin."""
    twin = twin_path(notebook)
    sources = [p for p in (notebook, twin) if p.exists()]
    if not sources:
        raise FileNotFoundError(f"neither {notebook} nor {twin} exists")
    newest = max(sources, key=lambda p: p.stat().st_mtime)
    if newest == twin:
        return jupytext.read(twin, fmt=TWIN_FORMAT), twin
    return nbformat.read(notebook, as_version=4), notebook


def execute(nb: nbformat.NotebookNode, folder: Path, timeout: int, language: str = "en") -> None:
    """Run every cell of ``nb`` in a fresh ``python3`` kernel started in ``folder``.

    The kernel speaks ``language`` (``LIGHTSOUT_LANGUAGE``): a Chinese twin's checkers and
    widgets answer in Chinese.
    """
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    client = NotebookClient(
        nb,
        kernel_name="python3",
        timeout=timeout,
        store_widget_state=True,
        resources={"metadata": {"path": str(folder)}},
    )
    before = os.environ.get("LIGHTSOUT_LANGUAGE")
    os.environ["LIGHTSOUT_LANGUAGE"] = language  # the kernel starts with this environment
    try:
        client.execute()
    finally:
        if before is None:
            del os.environ["LIGHTSOUT_LANGUAGE"]
        else:
            os.environ["LIGHTSOUT_LANGUAGE"] = before


def normalise(nb: nbformat.NotebookNode, *, derive: bool = True) -> nbformat.NotebookNode:
    """Strip volatile metadata, keeping outputs, execution counts and widget state.

    The jupytext metadata is reduced to the pairing itself, whichever file the inputs came from.
    Course metadata is derived from the cells (``derive``; a twin keeps its English cells'):
    solution headings fold in JupyterLab, and every cell of a lecture gets a slide type (see
    :func:`slide_type`).
    """
    nb.metadata["jupytext"] = dict(PAIRING)
    previous = None
    for index, cell in enumerate(nb.cells if derive else []):
        if is_solution_heading(cell):
            cell.metadata[FOLDED] = True
        if is_lecture(nb):
            cell.metadata["slideshow"] = {"slide_type": slide_type(cell, previous, index)}
        previous = cell
    return strip_output(
        nb, keep_output=True, keep_count=True, keep_id=False, extra_keys=VOLATILE_KEYS
    )


#: JupyterLab's cell metadata for a Markdown heading whose section is folded away.
FOLDED = "jp-MarkdownHeadingCollapsed"


def is_solution_heading(cell: nbformat.NotebookNode) -> bool:
    """A Markdown cell tagged ``solution`` that starts a "### Solution" section."""
    return (
        cell.cell_type == "markdown"
        and "solution" in cell.metadata.get("tags", [])
        and cell.source.startswith("### Solution")
    )


def is_setup(source: str) -> bool:
    """A cell that only imports and sets the course style."""
    lines = [line.strip() for line in source.splitlines() if line.strip()]
    return bool(lines) and all(
        line.startswith(("import ", "from ", "lo.use_course_style()", "matplotlib.use("))
        for line in lines
    )


def is_lecture(nb: nbformat.NotebookNode) -> bool:
    """Lectures start with a "# Lecture N" heading; only they become slides."""
    first = nb.cells[0].source if nb.cells else ""
    return first.startswith("# Lecture ")


def slide_type(
    cell: nbformat.NotebookNode, previous: nbformat.NotebookNode | None, index: int
) -> str:
    """The reveal.js role of a lecture cell: a new slide per section, a sub-slide per step.

    The title and every ``##`` section start a slide, ``###`` headings and each explanation
    that follows code start a sub-slide (below the last), and code stays on the slide of the
    text that introduces it. The set-up cell (imports only) is not shown.
    """
    if index == 0 or cell.source.startswith("## "):
        return "slide"
    if cell.cell_type == "code" and is_setup(cell.source):
        return "skip"
    if cell.cell_type == "markdown":
        if cell.source.startswith("### ") or (
            previous is not None and previous.cell_type == "code"
        ):
            return "subslide"
    return "-"


def write_pair(nb: nbformat.NotebookNode, notebook: Path, *, formatted: bool = True) -> None:
    """Write the notebook in the course's one code style (ruff: imports sorted, formatted),
    then its ``py:percent`` twin (so the twin is the newer file).

    A Chinese edition is not ``formatted``: its code is its English notebook's, line for line,
    with only the words of some strings translated (ruff would re-wrap their lines).
    """
    nbformat.validate(nb)
    nbformat.write(nb, notebook)
    if formatted:
        ruff = [sys.executable, "-m", "ruff"]
        fix = [*ruff, "check", "--select", "I", "--fix", "--quiet", str(notebook)]
        subprocess.run(fix, check=True)
        subprocess.run([*ruff, "format", "--quiet", str(notebook)], check=True)
        nb = nbformat.read(notebook, as_version=4)
        nbformat.write(nb, notebook)  # nbformat's own layout of the JSON, whatever ruff wrote
    jupytext.write(nb, twin_path(notebook), fmt=TWIN_FORMAT)


def shown(path: Path) -> str:
    """``path`` relative to the repository when inside it, for messages."""
    return str(path.relative_to(REPO_ROOT)) if path.is_relative_to(REPO_ROOT) else str(path)


def run(notebook: Path, timeout: int) -> bool:
    """Execute, normalise and re-pair one notebook; return True on success."""
    nb, source = read_inputs(notebook)
    notebook.parent.mkdir(parents=True, exist_ok=True)  # a twin may be all there is so far
    start = time.perf_counter()
    try:
        execute(nb, notebook.parent, timeout)
    except CellExecutionError as error:
        print(f"FAILED {shown(notebook)} (inputs from {source.name}):\n{error}", file=sys.stderr)
        return False
    seconds = time.perf_counter() - start
    write_pair(normalise(nb), notebook)
    print(f"ok     {shown(notebook)}  {seconds:5.1f} s  (inputs from {source.name})")
    return run_chinese(notebook, timeout)


def run_chinese(notebook: Path, timeout: int) -> bool:
    """Build, execute (in Chinese) and pair the Chinese edition of ``notebook``.

    Its cells come from the English notebook just written and the catalogue
    (``tools.translations``); a catalogue with missing or stale entries is reported and the
    Chinese notebook left as it is (the tests fail on it until it is translated).
    """
    trouble = translations.problems(notebook)
    if trouble:
        missing = f"{len(trouble)} paragraphs to translate"
        print(f"zh     {shown(chinese_of(notebook))}: not built, {missing}")
        return True
    chinese = chinese_of(notebook)
    nb = translations.translated_notebook(notebook)
    start = time.perf_counter()
    try:
        execute(nb, notebook.parent, timeout, language=translations.LANGUAGE)
    except CellExecutionError as error:
        print(f"FAILED {shown(chinese)}:\n{error}", file=sys.stderr)
        return False
    write_pair(normalise(nb, derive=False), chinese, formatted=False)
    print(f"ok     {shown(chinese)}  {time.perf_counter() - start:5.1f} s  (from the catalogue)")
    return True


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "paths",
        nargs="*",
        type=Path,
        help="notebooks (.ipynb; a Chinese one names its English one) or their scripts/ twins"
        " (.py); default: all of notebooks/",
    )
    parser.add_argument("--timeout", type=int, default=300, help="seconds allowed per cell")
    args = parser.parse_args(argv)
    paths = (
        list(
            dict.fromkeys(
                english_of(notebook_path(p) if p.suffix == ".py" else p.resolve())
                for p in args.paths
            )
        )
        or notebook_paths()
    )
    if not paths:
        print(f"no notebooks under {NOTEBOOK_DIR}", file=sys.stderr)
        return 1
    results = [run(path, args.timeout) for path in paths]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
