"""Fixtures shared by the test files: what the course's commands build, built once per run."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def student_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The student edition, written by the real command (``make student-repo``)."""
    out = tmp_path_factory.mktemp("student") / "student-repo"
    result = subprocess.run(
        [sys.executable, "-m", "tools.student_repo", "--out", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="session")
def executed_student_notebook(student_repo: Path):
    """Run a student notebook of the edition where it lies, once per run (nbclient).

    Returns a function: the notebook's path relative to ``notebooks/`` -> the executed
    notebook.  The handout and course tests share these executions.
    """
    import nbformat
    from nbclient import NotebookClient

    done: dict[Path, object] = {}

    def executed(relative: Path):
        if relative not in done:
            path = student_repo / "notebooks" / relative
            nb = nbformat.read(path, as_version=4)
            client = NotebookClient(
                nb,
                timeout=120,
                kernel_name="python3",
                resources={"metadata": {"path": str(path.parent)}},
            )
            client.execute()  # raises CellExecutionError, naming the cell, on any error
            done[relative] = nb
        return done[relative]

    return executed


def _speaking(language: str) -> Iterator[None]:
    """The package speaks ``language`` during a test, with no letter tried before (as in a
    new kernel, so a checker's feedback starts afresh); the automatic choice afterwards."""
    import lightsout_edu as lo
    from lightsout_edu.exercises import _sandbox

    _sandbox.forget_attempts()
    lo.set_language(language)
    try:
        yield
    finally:
        lo.set_language(None)


@pytest.fixture
def chinese() -> Iterator[None]:
    """The package speaks Chinese during the test."""
    yield from _speaking("zh")


@pytest.fixture
def english() -> Iterator[None]:
    """The package speaks English during the test."""
    yield from _speaking("en")


def pytest_collection_finish(session: pytest.Session) -> None:
    """The tests' functions reach the checkers as a notebook's do: pickled by value.

    A student's function is defined in the notebook (``__main__``), so cloudpickle sends its
    code; a test module's function would be sent by reference, and the sandbox of a
    write-it-yourself exercise, where the package is mostly absent, could not import the test
    module to find it.
    """
    import cloudpickle

    for module in {getattr(item, "module", None) for item in session.items}:
        if module is not None and module.__name__.startswith("tests."):
            cloudpickle.register_pickle_by_value(module)
    for name, module in list(sys.modules.items()):  # the tables they import (wrong_answers)
        if name.startswith("tests.") and not name.startswith("tests.test_"):
            cloudpickle.register_pickle_by_value(module)
