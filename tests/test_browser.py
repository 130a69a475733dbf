"""The widgets where people use them: JupyterLab in a real (headless) Chromium.

Starts JupyterLab from this Python environment on 127.0.0.1 with a random token, opens
``tests/browser/widgets_in_lab.ipynb``, runs every cell, steps the elimination player, clicks a
cell of the game and checks the page.  Screenshots go to ``test-artifacts/browser/``.
Without /usr/bin/chromium the test fails with instructions, unless LIGHTSOUT_SKIP_BROWSER=1.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.chromium import CHROMIUM, CHROMIUM_ARGS, require_chromium

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK = REPO / "tests" / "browser" / "widgets_in_lab.ipynb"
ARTIFACTS = REPO / "test-artifacts" / "browser"
TIMEOUT_MS = 30_000
#: A fresh JupyterLab asks which kernel to start and whether to fetch news: answer up front.
USER_SETTINGS = {
    "notebook-extension/tracker.jupyterlab-settings": {"autoStartDefaultKernel": True},
    "apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}



def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def lab(tmp_path):
    """A private JupyterLab server on 127.0.0.1: (base url, token, process)."""
    require_chromium()
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(NOTEBOOK, root / NOTEBOOK.name)
    token, port = secrets.token_hex(16), free_port()
    settings = tmp_path / "settings" / "@jupyterlab"
    for name, values in USER_SETTINGS.items():
        (settings / name).parent.mkdir(parents=True, exist_ok=True)
        (settings / name).write_text(json.dumps(values))
    env = {k: v for k, v in os.environ.items() if k != "JUPYTER_PATH"}
    env.update(
        JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
        JUPYTER_DATA_DIR=str(tmp_path / "data"),  # no user-level kernels: this Python's kernel
        IPYTHONDIR=str(tmp_path / "ipython"),
        JUPYTER_PLATFORM_DIRS="1",
        MPLBACKEND="module://matplotlib_inline.backend_inline",
    )
    command = [
        sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
        "--ip=127.0.0.1", f"--port={port}", f"--IdentityProvider.token={token}",
        f"--ServerApp.root_dir={root}", "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly", "--LabApp.expose_app_in_browser=True",
        f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
        f"--LabApp.user_settings_dir={tmp_path / 'settings'}",
    ]  # fmt: skip
    log = open(tmp_path / "lab.log", "wb")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 40
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as r:
                    json.load(r)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("JupyterLab did not start:\n" + (tmp_path / "lab.log").read_text())
                time.sleep(0.3)
        yield url, token
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def cell_classes(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "els => els.map(e => e.className)")


def game_lights(page) -> list[list[int]]:
    """The 5x5 game board as shown: 1 where the cell button has the class lo-on."""
    return [
        [int("lo-on" in cell_classes(page, f".lo-game .lo-cell-{r}-{c}")[0]) for c in range(5)]
        for r in range(5)
    ]


@pytest.mark.browser
def test_widgets_work_in_jupyterlab(lab):
    from playwright.sync_api import expect, sync_playwright

    url, token = lab
    expect.set_options(timeout=15_000)  # kernel round trips on a busy 2-core machine
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(TIMEOUT_MS)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            page.goto(f"{url}/lab/tree/{NOTEBOOK.name}?token={token}")
            page.wait_for_selector(".jp-Notebook .jp-Cell")
            page.wait_for_function("() => window.jupyterapp !== undefined")
            expect(page.locator(".jp-StatusBar-Widget", has_text="| Idle")).to_have_count(
                1, timeout=TIMEOUT_MS
            )
            page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")

            # The player: rendered at step 0; one click forward shows step 1.
            caption = page.locator(".lo-player-caption").first
            expect(caption).to_have_attribute("data-step", "0", timeout=TIMEOUT_MS)
            matrix = page.locator(".lo-matrix").first
            before = matrix.inner_text()
            page.locator(".lo-step-forward").first.click()
            expect(caption).to_have_attribute("data-step", "1")
            expect(matrix).to_have_attribute("data-step", "1")
            assert matrix.inner_text() != before
            expect(caption).to_contain_text("Step 1 of")
            expect(page.locator(".lo-player-op").first).to_be_visible()
            page.locator(".lo-player").first.screenshot(path=ARTIFACTS / "player-3x3.png")

            # The game: clicking the centre toggles the centre and its four neighbours.
            page.locator(".lo-game .lo-cell-2-2").click()
            expect(page.locator(".lo-game-presses")).to_have_text("Presses: 1")
            page.locator(".lo-game").screenshot(path=ARTIFACTS / "game-before-after.png")
            after = game_lights(page)
            page.locator(".lo-game .lo-undo").click()
            expect(page.locator(".lo-game-presses")).to_have_text("Presses: 0")
            undone = game_lights(page)
            changed = {(r, c) for r in range(5) for c in range(5) if after[r][c] != undone[r][c]}
            assert changed == {(2, 2), (1, 2), (3, 2), (2, 1), (2, 3)}
            page.locator(".lo-game .lo-show-solution").click()
            page.locator(".lo-game .lo-show-quiet").click()
            expect(page.locator(".lo-quiet")).to_contain_text("Quiet pattern 2")

            # Every cell ran (no "[*]" left), and nothing went wrong.
            page.wait_for_function(
                "() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
                ".every(p => /\\[\\d+\\]/.test(p.textContent))"
            )
            expect(page.locator(".jp-Notebook .jp-RenderedImage img")).to_have_count(1)
            page.screenshot(path=ARTIFACTS / "notebook.png", full_page=True)
            page.locator(".lo-player").nth(1).screenshot(path=ARTIFACTS / "player-5x5.png")
            page.locator(".lo-game").screenshot(path=ARTIFACTS / "game-overlays.png")
            big = page.locator("img.lo-player-matrix")  # 225 unknowns: the matrix is a PNG
            big.scroll_into_view_if_needed()
            page.wait_for_function(
                "() => document.querySelector('img.lo-player-matrix')?.naturalWidth > 600"
            )
            page.locator(".lo-player").nth(2).screenshot(path=ARTIFACTS / "player-15x15.png")
            stderr = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")
            assert stderr.count() == 0, stderr.all_inner_texts()
            assert "Error displaying widget" not in page.locator(".jp-Notebook").inner_text()
            assert errors == []
        finally:
            page.screenshot(path=ARTIFACTS / "last.png")
            browser.close()


def test_missing_chromium_fails_with_instructions(monkeypatch):
    monkeypatch.delenv("LIGHTSOUT_SKIP_BROWSER", raising=False)
    with pytest.raises(pytest.fail.Exception, match="apt-get install chromium"):
        require_chromium("/nonexistent/chromium")
    monkeypatch.setenv("LIGHTSOUT_SKIP_BROWSER", "1")
    with pytest.raises(pytest.skip.Exception):
        require_chromium("/nonexistent/chromium")
