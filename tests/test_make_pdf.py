"""make pdf prints the built site as it is when it is current, and builds it again first
when it is missing, older than a source, built with other SITE_ARGS or left half-built.

The Makefile runs in a copy of the site's sources with a stand-in for Python that records
what it is asked to run (a real build takes minutes)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("notebooks", "locale", "tools", "lightsout_edu/strings", "lightsout_edu/widgets")
#: Records its arguments; as tools.build_site it writes a page (or fails if FAIL_SITE is set).
FAKE_PYTHON = """#!/bin/sh
echo "$2 $*" >> calls.log
if [ "$2" = tools.build_site ]; then
    [ -z "$FAIL_SITE" ] || exit 1
    mkdir -p site && touch site/index.html
fi
"""


@pytest.fixture
def course(tmp_path: Path) -> Path:
    """A folder with the Makefile, the site's sources and the stand-in Python."""
    shutil.copy(ROOT / "Makefile", tmp_path)
    for source in SOURCES:
        shutil.copytree(
            ROOT / source, tmp_path / source, ignore=shutil.ignore_patterns("node_modules")
        )
    shutil.copy(ROOT / "lightsout_edu/_i18n.py", tmp_path / "lightsout_edu")
    fake = tmp_path / "fake-python"
    fake.write_text(FAKE_PYTHON)
    fake.chmod(0o755)
    return tmp_path


def make(course: Path, target: str, *args: str, fail_site: bool = False) -> list[str]:
    """Run ``make target`` in ``course``; the modules the stand-in Python was asked to run."""
    (course / "calls.log").write_text("")
    env = {**os.environ, "FAIL_SITE": "1" if fail_site else ""}
    command = ["make", "-s", "-o", ".venv/.test-installed", "-o", "system-tools"]
    result = subprocess.run(
        [*command, f"PY={course / 'fake-python'}", target, *args],
        cwd=course,
        env=env,
        capture_output=True,
        text=True,
    )
    assert (result.returncode != 0) == fail_site, result.stderr
    return [line.split()[0] for line in (course / "calls.log").read_text().splitlines()]


def test_make_pdf_builds_a_missing_site_once_and_then_reuses_it(course: Path) -> None:
    assert make(course, "pdf") == ["tools.build_site", "tools.build_pdf"]
    assert make(course, "pdf") == ["tools.build_pdf"]


def test_make_pdf_after_make_site_does_not_build_the_site_again(course: Path) -> None:
    assert make(course, "site") == ["tools.build_site"]
    assert make(course, "pdf") == ["tools.build_pdf"]


def test_a_site_older_than_a_source_is_built_again(course: Path) -> None:
    make(course, "site")
    lecture = next((course / "notebooks").glob("01_*.ipynb"))
    later = (course / "site/.built").stat().st_mtime + 10
    os.utime(lecture, (later, later))
    assert make(course, "pdf") == ["tools.build_site", "tools.build_pdf"]


def test_a_site_built_with_other_site_args_is_built_again(course: Path) -> None:
    make(course, "site", "SITE_ARGS=--no-solutions")
    assert make(course, "pdf") == ["tools.build_site", "tools.build_pdf"]
    assert make(course, "pdf") == ["tools.build_pdf"]


def test_a_half_built_site_is_never_printed(course: Path) -> None:
    make(course, "site")
    assert make(course, "site", fail_site=True) == ["tools.build_site"]
    assert make(course, "pdf") == ["tools.build_site", "tools.build_pdf"]
