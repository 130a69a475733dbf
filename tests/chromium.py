"""Debian's Chromium for the browser tests; Playwright never downloads a browser of its own."""

from __future__ import annotations

import os

import pytest

CHROMIUM = "/usr/bin/chromium"
#: Headless, as root, and quiet on a machine whose only network is the package registries.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def require_chromium(path: str = CHROMIUM) -> None:
    """Fail with instructions when Chromium is missing (skip if LIGHTSOUT_SKIP_BROWSER=1)."""
    if os.path.exists(path):
        return
    if os.environ.get("LIGHTSOUT_SKIP_BROWSER") == "1":
        pytest.skip("LIGHTSOUT_SKIP_BROWSER=1 and no chromium")
    pytest.fail(
        f"{path} not found: the browser tests need Debian's chromium "
        "(apt-get install chromium); set LIGHTSOUT_SKIP_BROWSER=1 to skip them"
    )
