"""Fixtures shared by the test files: what the course's commands build, built once per run."""

from __future__ import annotations

import subprocess
import sys
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
