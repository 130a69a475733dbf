"""Fixtures shared by test files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The course site as ``make site`` builds it from notebooks/, once per test run."""
    out = tmp_path_factory.mktemp("built_site") / "site"
    result = subprocess.run(
        [sys.executable, "-m", "tools.build_site", "--notebooks", "notebooks", "--out", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return out
