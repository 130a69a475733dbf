"""Each make target that runs a course command installs, first, every extra the command
uses, on a fresh clone and whatever target ran before it.

The Makefile runs in a folder holding it and pyproject.toml (a fresh clone: no .venv), with
a stand-in for Python that records what it is asked to run (``-m venv`` makes the stand-in
the virtualenv's Python, as a real venv would hold one): no real install happens.  The
packages a target's pip command installed are read from pyproject.toml's extras, so a stamp
that marks an extra installed that its command never installed shows up as a command run
without a package it needs."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXTRAS = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
#: Records its arguments; as ``-m venv DIR`` it puts itself in DIR as the venv's Python.
FAKE_PYTHON = """#!/bin/sh
echo "$*" >> "$CALLS"
if [ "$1 $2" = "-m venv" ]; then
    mkdir -p "$3/bin" && cp "$0" "$3/bin/python"
fi
"""
#: The modules each target runs, and the packages they import (beyond the course extra).
NEEDS = {
    "grading": {"nbgrader", "polib"},  # grading/assignment.py, tools/translations.py
    "quiz": {"text2qti", "polib", "playwright", "nbconvert", "jupyter-server-mathjax"},
    "tools.student_repo": set(),
    "hub": {"jupyterhub", "nbgitpuller", "nbgrader"},  # hub/server.py
    "tools.build_pdf": {"playwright", "nbconvert", "jupyter-server-mathjax"},
}
TARGETS = ("assignment", "quiz", "hub", "pdf")


def package(requirement: str) -> str:
    """The name of a requirement such as ``nbgrader>=0.9.6``."""
    return re.split(r"[<>=!~;\[ ]", requirement, maxsplit=1)[0].lower()


def installed_by(pip_args: str) -> set[str]:
    """The packages ``pip install -e .[a,b]`` installs (those of extras a and b)."""
    extras = re.search(r"\.\[([\w,]+)\]", pip_args)
    assert extras, pip_args
    return {package(r) for extra in extras.group(1).split(",") for r in EXTRAS[extra]}


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    """A fresh clone, as far as the install steps see it, and the stand-in Python."""
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path)
    fake = tmp_path / "fake-python"
    fake.write_text(FAKE_PYTHON)
    fake.chmod(0o755)
    return tmp_path


def run_targets(clone: Path, targets: tuple[str, ...]) -> list[tuple[str, set[str]]]:
    """Run ``make target`` for each of ``targets`` in turn in ``clone``.

    Return each course module run, with the packages installed before it ran.
    """
    calls = clone / "calls.log"
    for target in targets:
        result = subprocess.run(
            # system tools (apt), the hub's npm proxy and the site are beside the point
            ["make", "-s", "-o", "system-tools", "-o", "site/.built", "-o",
             "hub/proxy/node_modules/.bin/configurable-http-proxy",
             f"PYTHON={clone / 'fake-python'}", target],
            cwd=clone,
            env={"PATH": "/usr/bin:/bin", "CALLS": str(calls)},
            capture_output=True,
            text=True,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
    installed: set[str] = set()
    ran = []
    for call in calls.read_text().splitlines():
        if call.startswith("-m pip install -e"):
            installed |= installed_by(call)
        elif call.startswith("-m ") and not call.startswith(("-m pip", "-m venv")):
            ran.append((call.split()[1], set(installed)))
    return ran


@pytest.mark.parametrize("order", [TARGETS, TARGETS[::-1]], ids=["forward", "backward"])
def test_each_target_installs_what_its_command_uses(clone: Path, order: tuple[str, ...]) -> None:
    ran = run_targets(clone, order)
    assert {module for module, _ in ran} == set(NEEDS)
    for module, installed in ran:
        assert NEEDS[module] <= installed, f"{module} ran without {NEEDS[module] - installed}"


def test_quiz_after_assignment_installs_the_pdf_extra(clone: Path) -> None:
    """The case a lecturer met: the grading stamp used to mark the quiz's extras installed."""
    ran = run_targets(clone, ("assignment", "quiz"))
    assert [module for module, _ in ran] == ["grading", "quiz"]
    assert "playwright" in ran[1][1]
