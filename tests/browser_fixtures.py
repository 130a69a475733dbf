"""What the browser tests share, made once per run (a pytest plugin: see conftest.py).

* ``chromium``: one headless Debian Chromium, driven by Playwright.
* ``course_site``: the course site built by the real command (tools/build_site.py) from
  notebooks/ plus a generated self-test lecture, slides included (``course_site / "slides"``),
  for tests/test_site.py, tests/test_pdf.py and tests/test_slides.py; under pytest-xdist, one
  build for all the workers.
* ``lab_server``: one JupyterLab, started the way ``make lab`` starts it (tools/lab.py) on a
  git clone of the course, with the browser-test notebook beside the lectures, for
  tests/test_browser.py.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import functools
import io
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest

from tests.chromium import CHROMIUM, CHROMIUM_ARGS, require_chromium

REPO = Path(__file__).resolve().parents[1]
SELFTEST = "99_site_selftest"
SOLUTION_SOURCE = "answer = 'the secret answer is 42'"
#: The widgets of the self-test lecture (a 3x3 game for keyboard-only play comes second).
WIDGET_CODE = [
    "import lightsout_edu as lo\ngame = lo.LightsOutGame(5, 5, seed=1)\ngame",
    "lo.LightsOutGame(3, 3, seed=3)",
    "e = lo.eliminate(lo.toggle_matrix(3, 3), lo.random_board(3, 3, seed=7))\n"
    "lo.EliminationPlayer(e)",
    "lo.RowReductionPractice()",
    "lo.LightsOutGame(4, 4, colors=3, seed=5)",
    "big = lo.eliminate(lo.toggle_matrix(15, 15), lo.random_board(15, 15, seed=3))\n"
    "lo.EliminationPlayer(big, step=len(big.steps) // 2)",
]
BROWSER_NOTEBOOK = REPO / "tests" / "browser" / "widgets_in_lab.ipynb"
#: Where the browser-test notebook goes in the clone JupyterLab serves (beside the lectures).
LAB_TEST_FOLDER = "browser-tests"
#: A fresh JupyterLab asks which kernel to start and whether to fetch news: answer up front.
USER_SETTINGS = {
    "notebook-extension/tracker.jupyterlab-settings": {"autoStartDefaultKernel": True},
    "apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}


@pytest.fixture(scope="session")
def chromium():
    """One headless Chromium for every browser test of the run."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# ------------------------------------------------------------------- the course site


@functools.cache
def _animation_html() -> str:
    """The course's own elimination animation (a 2x2 board), as to_jshtml() writes it."""
    import matplotlib.pyplot as plt

    import lightsout_edu as lo

    record = lo.eliminate(lo.toggle_matrix(2, 2), [1, 0, 0, 1])
    animation = lo.animate_elimination(record, frames="pivots")
    html = animation.to_jshtml(default_mode="once")
    plt.close("all")
    return html


def _png() -> str:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(1, 1))
    ax.plot([0, 1], [1, 0])
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode()


def selftest_notebook(language: str = "en") -> nbformat.NotebookNode:
    """A lecture with every kind of output the site must render offline; in Chinese
    (``language="zh"``) its words are Chinese, its links go to the Chinese edition and its
    widgets were made in a kernel that speaks Chinese."""
    out = nbformat.v4.new_output
    chinese = language == "zh"
    zh = ".zh" if chinese else ""
    words = (
        "# 网站自检\n\n> **学习目标**\n>\n> - 看到排版好的 $x \\in \\mathbb{F}_2^n$"
        "\n> - 逐步播放动画\n\n行内 $A x = b$ 与独立公式\n\n$$A^T y = 0.$$\n\n"
        f"见[第 1 讲](01_the_game_and_its_toggle_matrix{zh}.ipynb#先玩一玩)与"
        f"[参考文献](reference/bibliography{zh}.ipynb)。"
        if chinese
        else "# Site self-test\n\n> **Learning goals**\n>\n> - see $x \\in \\mathbb{F}_2^n$ typeset"
        "\n> - step an animation\n\nInline $A x = b$ and display\n\n$$A^T y = 0.$$\n\n"
        "See [lecture 1](01_the_game_and_its_toggle_matrix.ipynb#Play-first) and "
        "[the bibliography](reference/bibliography.ipynb)."
    )
    cells = [
        nbformat.v4.new_markdown_cell(words),
        nbformat.v4.new_code_cell(
            "from IPython.display import Math\nMath(r'\\operatorname{rank} A = 23')",
            execution_count=1,
            outputs=[
                out(
                    "execute_result",
                    data={"text/plain": "<Math>", "text/latex": "$\\operatorname{rank} A = 23$"},
                    execution_count=1,
                )
            ],
        ),
        nbformat.v4.new_code_cell(
            "plot()",
            execution_count=2,
            outputs=[out("display_data", data={"image/png": _png(), "text/plain": "<Figure>"})],
        ),
        nbformat.v4.new_code_cell(
            "animation",
            execution_count=3,
            outputs=[out("display_data", data={"text/html": _animation_html()})],
        ),
        nbformat.v4.new_code_cell(
            SOLUTION_SOURCE, execution_count=5, metadata={"tags": ["solution"]}
        ),
    ]
    widgets = _widget_cells(language)
    nb = nbformat.v4.new_notebook(cells=cells + widgets.cells)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.metadata["widgets"] = widgets.metadata["widgets"]
    if chinese:
        nb.metadata["lightsout_edu"] = {"language": "zh"}
    return nb


@functools.cache
def _widget_cells(language: str) -> nbformat.NotebookNode:
    """Cells showing each widget, executed in ``language`` (so the notebook stores their
    state)."""
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in WIDGET_CODE])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    client = NotebookClient(nb, kernel_name="python3", store_widget_state=True, timeout=120)
    before = os.environ.get("LIGHTSOUT_LANGUAGE")
    os.environ["LIGHTSOUT_LANGUAGE"] = language  # the kernel inherits it as it starts
    try:
        client.execute()
    finally:
        if before is None:
            os.environ.pop("LIGHTSOUT_LANGUAGE")
        else:
            os.environ["LIGHTSOUT_LANGUAGE"] = before
    for number, code in enumerate(nb.cells, start=10):
        code.execution_count = number
        for output in code.outputs:
            if "execution_count" in output:
                output.execution_count = number
    return nb


@pytest.fixture(scope="session")
def course_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site (and its slides) built once per run by the real command from notebooks/ plus
    the self-test lecture.

    Under pytest-xdist (make test) the browser group and the slides group run on two workers:
    the first of them to need the site builds it in the run's temporary folder, which the
    workers share, and the other waits for it there (a minute of a core saved; the slides
    group starts with it, while the browser group starts with JupyterLab).
    """
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        return build_course_site(tmp_path_factory.mktemp("site"))
    shared = tmp_path_factory.getbasetemp().parent / "course-site"  # the run's, not a worker's
    return built_once(shared, build_course_site) / "site"


def built_once(folder: Path, build: Callable[[Path], object]) -> Path:
    """``folder``, made by ``build(folder)`` in the first process that asks for it; the others
    wait (on a lock file beside it) until it is made, and then take it as it is. A build that
    failed is started again by the next process to ask."""
    with open(f"{folder}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        done = folder / ".built"
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
            build(folder)
            done.touch()
    return folder


def build_course_site(root: Path) -> Path:
    """Build the site into ``root/site`` from a copy of notebooks/ (and the self-test lecture)
    in ``root/notebooks``; return the site's folder."""
    notebooks = root / "notebooks"
    shutil.copytree(
        REPO / "notebooks", notebooks, ignore=shutil.ignore_patterns("*.py", ".ipynb_checkpoints")
    )
    nbformat.write(selftest_notebook(), notebooks / f"{SELFTEST}.ipynb")
    nbformat.write(selftest_notebook("zh"), notebooks / f"{SELFTEST}.zh.ipynb")
    out = root / "site"
    command = [sys.executable, "-m", "tools.build_site", "--notebooks", str(notebooks)]
    result = subprocess.run(
        [*command, "--out", str(out)], cwd=REPO, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    return out


# ------------------------------------------------------------------- JupyterLab


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def jupyterlab(tmp_path: Path, cwd: Path, arguments: list[str]) -> Iterator[tuple[str, str]]:
    """A private JupyterLab server on 127.0.0.1 started from ``cwd``: (base url, token)."""
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
        sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
        "--ip=127.0.0.1", f"--port={port}", f"--IdentityProvider.token={token}",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.extension_manager=readonly", "--LabApp.expose_app_in_browser=True",
        f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
        f"--LabApp.user_settings_dir={tmp_path / 'settings'}",
        *arguments,
    ]  # fmt: skip
    log_path = tmp_path / "lab.log"
    with open(log_path, "wb") as log:
        server = subprocess.Popen(command, cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}"
        try:
            _wait_until_up(server, f"{url}/api/status?token={token}", log_path)
            yield url, token
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def _wait_until_up(server: subprocess.Popen, status_url: str, log_path: Path) -> None:
    """Poll the server's status API until it answers (or it died, or 60 s went by)."""
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(status_url, timeout=2) as r:
                json.load(r)
            return
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                pytest.fail("JupyterLab did not start:\n" + log_path.read_text())
            time.sleep(0.2)  # polling interval of the status API, not a wait for an effect


@dataclass(frozen=True)
class LabServer:
    """The running JupyterLab: its address, token and the git clone it serves."""

    url: str
    token: str
    clone: Path
    git: tuple[str, ...]

    def open_url(self, path: str) -> str:
        return f"{self.url}/lab/tree/{path}?token={self.token}"


def course_clone(tmp_path: Path) -> tuple[Path, tuple[str, ...]]:
    """A git clone of the course with the working tree's notebooks, scripts and tools."""
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(REPO), str(clone)], check=True)
    for folder in ("notebooks", "scripts", "tools"):  # the working tree as it is now
        shutil.rmtree(clone / folder)
        shutil.copytree(
            REPO / folder,
            clone / folder,
            ignore=shutil.ignore_patterns("node_modules", "__pycache__"),
        )
    git = ("git", "-C", str(clone), "-c", "user.name=t", "-c", "user.email=t@example.org")
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "as now", "--allow-empty"], check=True)
    return clone, git


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    """One JupyterLab for every browser test, started as ``make lab`` starts it."""
    require_chromium()
    from tools import lab as lab_module

    tmp_path = tmp_path_factory.mktemp("lab")
    clone, git = course_clone(tmp_path)
    tests = clone / "notebooks" / LAB_TEST_FOLDER  # untracked: git status ignores it
    tests.mkdir()
    shutil.copy(BROWSER_NOTEBOOK, tests / BROWSER_NOTEBOOK.name)
    settings = tmp_path / "app-settings"
    lab_module.write_overrides_to(settings)
    arguments = [*lab_module.lab_arguments(), f"--LabApp.app_settings_dir={settings}"]
    with jupyterlab(tmp_path, clone, arguments) as (url, token):
        yield LabServer(url, token, clone, git)
