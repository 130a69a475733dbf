"""The stored notebooks are executed, clean, numbered and paired with their py:percent twins.

nbval (configured in pyproject.toml) re-runs the notebooks and compares outputs; these tests
check what nbval cannot: a cell whose execution count is null is never compared by nbval, so
every code cell must have been executed and stored; outputs must not depend on the machine;
and each notebook's jupytext twin must hold the same cells.

To fix a failure here, re-execute and re-pair the notebook:
``python -m tools.execute_notebooks notebooks/NAME.ipynb``.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import jupytext
import nbformat
import pytest

from tools.execute_notebooks import (
    KERNELSPEC,
    NOTEBOOK_DIR,
    REPO_ROOT,
    SCRIPT_DIR,
    TWIN_FORMAT,
    normalise,
    notebook_path,
    twin_path,
)
from tools.page_links import is_chinese

NOTEBOOKS = sorted(p for p in NOTEBOOK_DIR.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
LECTURE_NAME = re.compile(r"(\d{2})_[a-z0-9_]+\.ipynb")
# The one tag both nbclient (tools/execute_notebooks.py) and nbval accept for a cell whose
# error is the point, e.g. showing the message a bad input gets.
EXPECTED_ERROR_TAGS = {"raises-exception"}

MACHINE_DEPENDENT = {
    "a memory address": re.compile(r"\b0x[0-9a-fA-F]{6,}\b"),
    "an absolute path": re.compile(
        r"(?<![\w.:/])/(?:home|root|tmp|work|usr|opt|var|Users|private)/|[A-Z]:\\\\?Users"
    ),
    "a timestamp": re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?"),
    "the repository's location": re.compile(re.escape(str(REPO_ROOT))),
}
RUN_ME = "re-execute it with `python -m tools.execute_notebooks {path}`"


def shown(path: Path) -> str:
    return str(path.relative_to(REPO_ROOT))


def load(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def code_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [cell for cell in nb.cells if cell.cell_type == "code" and cell.source.strip()]


def output_texts(cell: nbformat.NotebookNode) -> list[str]:
    """Every textual output of a code cell (streams, text/* data, tracebacks)."""
    texts = []
    for output in cell.get("outputs", []):
        if output.output_type == "stream":
            texts.append(output.text)
        elif output.output_type == "error":
            texts.append("\n".join(output.traceback))
        else:
            data = output.get("data", {})
            texts.extend(str(v) for k, v in data.items() if k.startswith("text/"))
    return texts


def tags(cell: nbformat.NotebookNode) -> set[str]:
    return set(cell.metadata.get("tags", []))


def comparable_cells(nb: nbformat.NotebookNode) -> list[tuple[str, str, dict]]:
    """Cells as jupytext's py:percent format sees them: type, source and kept metadata."""
    return [(cell.cell_type, cell.source, dict(cell.metadata)) for cell in nb.cells]


notebook_params = pytest.mark.parametrize("path", NOTEBOOKS, ids=[shown(p) for p in NOTEBOOKS])


def test_the_course_has_lectures():
    assert any(LECTURE_NAME.fullmatch(p.name) for p in NOTEBOOKS), f"no lectures in {NOTEBOOK_DIR}"


def test_lectures_are_numbered_consecutively():
    names = sorted(p.name for p in NOTEBOOK_DIR.glob("*.ipynb") if not is_chinese(p))
    badly_named = [n for n in names if not LECTURE_NAME.fullmatch(n)]
    assert not badly_named, f"lecture names must look like 01_the_topic.ipynb: {badly_named}"
    numbers = [int(n[:2]) for n in names]
    assert numbers == list(range(1, len(names) + 1)), f"lectures not numbered 01, 02, ...: {names}"


def test_every_twin_has_a_notebook():
    orphans = [shown(p) for p in SCRIPT_DIR.rglob("*.py") if not notebook_path(p).exists()]
    assert not orphans, f"py:percent scripts without an executed notebook: {orphans}"


def test_notebooks_folder_holds_only_notebooks():
    """What make lab's file browser lists: every lecture once, no .py twins beside it."""
    stray = [shown(p) for p in NOTEBOOK_DIR.rglob("*.py")]
    assert not stray, f"scripts belong in scripts/ (jupytext pairing), not notebooks/: {stray}"


@notebook_params
def test_notebook_runs_on_the_python3_kernel(path):
    assert load(path).metadata.get("kernelspec", {}).get("name") == KERNELSPEC["name"]


@notebook_params
def test_every_code_cell_was_executed_in_order(path):
    """nbval skips cells without an execution count: all must be stored, run top to bottom."""
    counts = [cell.execution_count for cell in code_cells(load(path))]
    if "reference" in path.parts:  # reading matter, such as the bibliography, may be all text
        return
    assert counts, f"{shown(path)} has no code"
    assert counts == list(range(1, len(counts) + 1)), (
        f"{shown(path)} was not executed top to bottom in a fresh kernel (execution counts "
        f"{counts}); {RUN_ME.format(path=shown(path))}"
    )


@notebook_params
def test_no_unexpected_errors_or_stderr(path):
    for number, cell in enumerate(load(path).cells):
        if tags(cell) & EXPECTED_ERROR_TAGS:
            continue
        for output in cell.get("outputs", []):
            assert output.output_type != "error", (
                f"cell {number} of {shown(path)} raised {output.ename}: {output.evalue} "
                "(tag the cell raises-exception if the error is intended)"
            )
            assert not (output.output_type == "stream" and output.name == "stderr"), (
                f"cell {number} of {shown(path)} wrote to stderr: {output.text[:300]!r}"
            )


@notebook_params
def test_outputs_do_not_depend_on_the_machine(path):
    nb = load(path)
    texts = [(f"cell {n}", t) for n, cell in enumerate(nb.cells) for t in output_texts(cell)]
    widget_state = nb.metadata.get("widgets")
    if widget_state:
        texts.append(("the stored widget state", json.dumps(widget_state)))
    for where, text in texts:
        for what, pattern in MACHINE_DEPENDENT.items():
            found = pattern.search(text)
            assert not found, f"{where} of {shown(path)} shows {what}: {found.group(0)!r}"


def whole_floats(value: object, where: str = "") -> list[str]:
    """Where in ``value`` (parsed JSON) a whole number is stored as a float, such as ``1.0``."""
    if isinstance(value, float) and value.is_integer():
        return [where]
    if isinstance(value, dict):
        return [w for key, item in value.items() for w in whole_floats(item, f"{where}/{key}")]
    if isinstance(value, list):
        return [w for i, item in enumerate(value) for w in whole_floats(item, f"{where}/{i}")]
    return []


@notebook_params
def test_saved_widget_state_is_what_a_save_in_the_browser_writes(path):
    """JupyterLab saves widget state from the browser, which has one kind of number and writes
    1.0 as 1: a whole float stored here would change the file on the first save."""
    found = whole_floats(load(path).metadata.get("widgets", {}))
    assert not found, (
        f"{shown(path)} stores whole numbers as floats in its widget state, which a save in "
        f"JupyterLab rewrites: {found[:5]}; send them as int (see "
        f"lightsout_edu/widgets/_base.py) and {RUN_ME.format(path=shown(path))}"
    )


@notebook_params
def test_notebook_is_normalised(path):
    """Stored as tools/execute_notebooks.py leaves it (nbstripout --keep-output --keep-count)."""
    nb = load(path)
    for number, cell in enumerate(nb.cells):
        volatile = {"execution", "ExecuteTime", "collapsed", "scrolled"} & set(cell.metadata)
        assert not volatile, (
            f"cell {number} of {shown(path)} keeps volatile metadata {sorted(volatile)}; "
            + RUN_ME.format(path=shown(path))
        )
    renormalised = nbformat.writes(normalise(copy.deepcopy(nb)))
    assert renormalised == nbformat.writes(nb), (
        f"{shown(path)} is not normalised (cell ids, metadata); " + RUN_ME.format(path=shown(path))
    )


@notebook_params
def test_notebook_imports_the_installed_package(path):
    for cell in code_cells(load(path)):
        assert "sys.path" not in cell.source, f"{shown(path)} edits sys.path; import lightsout_edu"


@notebook_params
def test_twin_exists_and_is_in_sync(path):
    twin = twin_path(path)
    assert twin.exists(), f"{shown(path)} has no py:percent twin; {RUN_ME.format(path=shown(path))}"
    from_twin = comparable_cells(jupytext.read(twin, fmt=TWIN_FORMAT))
    rendered = jupytext.writes(load(path), fmt=TWIN_FORMAT)
    from_notebook = comparable_cells(jupytext.reads(rendered, fmt=TWIN_FORMAT))
    for number, (a, b) in enumerate(zip(from_twin, from_notebook, strict=False)):
        assert a == b, (
            f"cell {number} of {shown(twin)} differs from the notebook:\n{a}\nvs\n{b}\n"
            "after editing one of the pair, " + RUN_ME.format(path=shown(path))
        )
    assert len(from_twin) == len(from_notebook), (
        f"{shown(twin)} has {len(from_twin)} cells, the notebook {len(from_notebook)}"
    )


@notebook_params
def test_no_cell_relies_on_a_trailing_semicolon(path):
    """nbval runs cells without history, so IPython ignores a trailing ';' there (nbval #194)."""
    for number, cell in enumerate(load(path).cells):
        if cell.cell_type != "code" or tags(cell) & {"nbval-ignore-output", "nbval-skip"}:
            continue
        lines = [
            ln for ln in cell.source.splitlines() if ln.strip() and not ln.lstrip().startswith("#")
        ]
        assert not (lines and lines[-1].rstrip().endswith(";")), (
            f"cell {number} of {shown(path)} ends with ';', which nbval does not honour: "
            "end it with plt.show() (or assign the result) instead"
        )


@pytest.mark.parametrize(
    "path",
    [p for p in NOTEBOOKS if p.parent.name == "exercises"],
    ids=lambda p: p.name,
)
def test_an_exercise_set_with_solutions_says_run_all_runs_them(path):
    """Issue 42: in the lecturer's edition Run All also runs the solutions; the first cell
    says so (the student edition, which has none, keeps the sentence, still true there)."""
    nb = nbformat.read(path, as_version=4)
    assert any("solution" in tags(cell) for cell in nb.cells)
    said = nb.cells[0].source
    assert "*Run All*" in said, shown(path)
    assert ("lecturer's edition" if ".zh." not in path.name else "讲师版") in said
