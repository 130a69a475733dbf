"""The offline course site (`make site`, tools/build_site.py), checked in headless Chromium.

The site is built once per session from the real notebooks plus one generated self-test
lecture that is sure to hold every kind of output the site must handle (LaTeX, a figure, a
to_jshtml() animation, a widget, a solution cell).
"""

from __future__ import annotations

import base64
import functools
import io
import re
import shutil
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import matplotlib
import nbformat
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import lightsout_edu as lo  # noqa: E402
from tests.browser_helpers import (  # noqa: E402
    action,
    cell,
    lights,
    marks,
    shown_matrix,
    stencil_hits,
)
from tests.chromium import CHROMIUM, CHROMIUM_ARGS, require_chromium  # noqa: E402
from tools import build_site  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
SELFTEST = "99_site_selftest"
SOLUTION_SOURCE = "answer = 'the secret answer is 42'"


@functools.cache
def _animation_html() -> str:
    """The course's own elimination animation (a 2x2 board), as to_jshtml() writes it."""
    record = lo.eliminate(lo.toggle_matrix(2, 2), [1, 0, 0, 1])
    animation = lo.animate_elimination(record, frames="pivots")
    html = animation.to_jshtml(default_mode="once")
    plt.close("all")
    return html


def _png() -> str:
    fig, ax = plt.subplots(figsize=(1, 1))
    ax.plot([0, 1], [1, 0])
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    plt.close(fig)
    return base64.b64encode(buffer.getvalue()).decode()


def selftest_notebook() -> nbformat.NotebookNode:
    """A lecture with every kind of output the site must render offline."""
    out = nbformat.v4.new_output
    cells = [
        nbformat.v4.new_markdown_cell(
            "# Site self-test\n\n> **Learning goals**\n>\n> - see $x \\in \\mathbb{F}_2^n$ typeset"
            "\n> - step an animation\n\nInline $A x = b$ and display\n\n$$A^T y = 0.$$"
        ),
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
    widgets = _widget_cells()
    nb = nbformat.v4.new_notebook(cells=cells + widgets.cells)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.metadata["widgets"] = widgets.metadata["widgets"]
    return nb


WIDGET_CODE = [
    "import lightsout_edu as lo\ngame = lo.LightsOutGame(5, 5, seed=1)\ngame",
    "e = lo.eliminate(lo.toggle_matrix(3, 3), lo.random_board(3, 3, seed=7))\n"
    "lo.EliminationPlayer(e)",
    "lo.RowReductionPractice()",
]


@functools.cache
def _widget_cells() -> nbformat.NotebookNode:
    """Cells showing each widget, executed (so the notebook stores their state)."""
    from nbclient import NotebookClient

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in WIDGET_CODE])
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    NotebookClient(nb, kernel_name="python3", store_widget_state=True, timeout=120).execute()
    for number, code in enumerate(nb.cells, start=10):
        code.execution_count = number
        for output in code.outputs:
            if "execution_count" in output:
                output.execution_count = number
    return nb


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built by the real command from notebooks/ plus the self-test lecture."""
    root = tmp_path_factory.mktemp("site")
    notebooks = root / "notebooks"
    shutil.copytree(
        REPO / "notebooks", notebooks, ignore=shutil.ignore_patterns("*.py", ".ipynb_checkpoints")
    )
    nbformat.write(selftest_notebook(), notebooks / f"{SELFTEST}.ipynb")
    out = root / "site"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.build_site",
            "--notebooks",
            str(notebooks),
            "--out",
            str(out),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    return out


def course_notebooks(site: Path) -> list[Path]:
    """The course's notebooks as copied for the build (without the self-test lecture)."""
    folder = site.parent / "notebooks"
    lectures = [p for p in sorted(folder.glob("[0-9][0-9]_*.ipynb")) if p.stem != SELFTEST]
    return lectures + sorted((folder / "exercises").glob("*.ipynb"))


def test_every_notebook_has_a_page(site: Path) -> None:
    for notebook in course_notebooks(site):
        folder = "lectures" if notebook.parent.name == "notebooks" else "exercises"
        page = site / folder / f"{notebook.stem}.html"
        assert page.is_file(), f"no page for {notebook.name}"


def test_index_lists_lectures_in_order_with_goals(site: Path) -> None:
    index = (site / "index.html").read_text()
    hrefs = re.findall(r'<h2><span class="lo-number">Lecture \d+</span><a href="([^"]+)"', index)
    lectures = [p.stem for p in course_notebooks(site) if p.parent.name == "notebooks"]
    assert hrefs == [f"lectures/{stem}.html" for stem in [*lectures, SELFTEST]]
    for notebook in course_notebooks(site):
        if notebook.parent.name != "notebooks":
            continue
        goals = build_site.learning_goals(nbformat.read(notebook, as_version=4))
        assert goals, f"{notebook.name} has no 'What you will learn' list for the index"
        for goal in goals:
            assert build_site._inline_markdown(goal) in index, f"{notebook.name}: {goal!r}"
    assert "see $x \\in \\mathbb{F}_2^n$ typeset" in index


def test_pages_load_nothing_from_the_internet(site: Path) -> None:
    pages = [site / "index.html", *site.glob("lectures/*.html"), *site.glob("exercises/*.html")]
    for page in pages:
        text = page.read_text()
        assert build_site.external_assets(text) == [], page.name
        assert "font-awesome" not in text, page.name
    selftest = (site / "lectures" / f"{SELFTEST}.html").read_text()
    assert "application/vnd.jupyter.widget-state+json" in selftest  # the widgets play
    assert "assets/widgets/embed-amd.js" in selftest


def test_external_assets_are_detected() -> None:
    page = (
        '<script src="https://cdn.example/x.js"></script><link href="//cdn.example/a.css">'
        '<a href="https://example.org">a link is fine</a><img src="data:image/png;base64,AA">'
    )
    assert len(build_site.external_assets(page)) == 2


def test_solutions_are_folded_or_left_out(site: Path, tmp_path: Path) -> None:
    selftest = (site / "lectures" / f"{SELFTEST}.html").read_text()
    folded = selftest[selftest.index('<details class="lo-solution">') :]
    assert "secret answer" in folded[: folded.index("</details>")]
    nb = build_site.prepare(selftest_notebook(), solutions=False)
    assert all("solution" not in c.metadata.get("tags", []) for c in nb.cells)
    assert len(nb.cells) == len(selftest_notebook().cells) - 1


@pytest.mark.parametrize(
    ("markdown", "goals"),
    [
        ("# T\n\n## Learning goals\n\n- one\n- two $x$\n\n## Next", ["one", "two $x$"]),
        (
            "# T\n\n> **Goals.** After this lecture:\n>\n> 1. one\n>    more\n> 2. two",
            ["one more", "two"],
        ),
        ("# T\n\nNo goals here.\n\n- a list", []),
    ],
)
def test_learning_goals(markdown: str, goals: list[str]) -> None:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(markdown)])
    assert build_site.learning_goals(nb) == goals


# ---------------------------------------------------------------------------- in a browser


@pytest.fixture(scope="module")
def browser():
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def open_page(browser, url: str):
    """Open ``url``; return (page, problems) where problems lists failed or outside requests,
    error responses, console errors and uncaught exceptions."""
    page = browser.new_page()
    problems: list[str] = []
    page.on("requestfailed", lambda r: problems.append(f"failed request {r.url}: {r.failure}"))
    page.on(
        "request",
        lambda r: (
            None
            if r.url.startswith(("file://", "data:", "blob:", "about:", "http://127.0.0.1:"))
            else problems.append(f"request outside the site: {r.url}")
        ),
    )
    page.on(
        "console",
        lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None,
    )
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on(
        "response",
        lambda r: problems.append(f"HTTP {r.status} for {r.url}") if r.status >= 400 else None,
    )
    page.goto(url, wait_until="load")
    page.evaluate("() => new Promise(done => MathJax.Hub.Queue(done))")  # typesetting finished
    return page, problems


@pytest.mark.browser
def test_every_page_loads_cleanly_with_latex_typeset(site: Path, browser) -> None:
    index, problems = open_page(browser, (site / "index.html").as_uri())
    assert problems == []
    hrefs = index.eval_on_selector_all(".lo-lecture h2 a", "links => links.map(a => a.href)")
    index.close()
    pages = [site / "index.html", *site.glob("lectures/*.html"), *site.glob("exercises/*.html")]
    assert len(hrefs) >= 1
    with_math = {
        (site / p.href).name
        for p in build_site.discover(site.parent / "notebooks")
        if has_math(nbformat.read(p.source, as_version=4))
    }
    assert f"{SELFTEST}.html" in with_math
    for path in pages:
        page, problems = open_page(browser, path.as_uri())
        assert problems == [], path.name
        found, rendered = page.evaluate(
            """() => {
                const jax = MathJax.Hub.getAllJax();
                const shown = jax.filter(j => document.getElementById(j.inputID + "-Frame"));
                return [jax.length, shown.length];
            }"""
        )
        assert found == rendered, f"{path.name}: {found - rendered} formulas not typeset"
        if path.name in with_math:
            assert found > 0, f"{path.name}: LaTeX was not typeset"
        assert page.locator(".MathJax_Error, .merror, .noError").count() == 0, path.name
        page.close()


def has_math(nb: nbformat.NotebookNode) -> bool:
    """Whether a notebook's Markdown or outputs contain LaTeX for MathJax."""
    markdown = any(c.cell_type == "markdown" and "$" in c.source for c in nb.cells)
    outputs = any("text/latex" in o.get("data", {}) for c in nb.cells for o in c.get("outputs", []))
    return markdown or outputs


@pytest.mark.browser
def test_navigation_walks_the_course_in_order(site: Path, browser) -> None:
    pages = build_site.discover(site.parent / "notebooks")
    page, _ = open_page(browser, (site / pages[0].href).as_uri())
    visited = [page.url]
    while page.locator("nav.lo-nav a.lo-nav-next").count():
        page.locator("nav.lo-nav a.lo-nav-next").first.click()
        page.wait_for_load_state("load")
        visited.append(page.url)
    assert visited == [(site / p.href).as_uri() for p in pages]
    page.locator("nav.lo-nav a.lo-nav-index").first.click()
    page.wait_for_load_state("load")
    assert page.url == (site / "index.html").as_uri()
    page.close()


@pytest.mark.browser
def test_animations_step_forward_when_clicked(site: Path, browser) -> None:
    with_animation = [
        p for p in site.glob("lectures/*.html") if 'class="animation"' in p.read_text()
    ] + [p for p in site.glob("exercises/*.html") if 'class="animation"' in p.read_text()]
    assert site / "lectures" / f"{SELFTEST}.html" in with_animation
    for path in with_animation:
        page, problems = open_page(browser, path.as_uri())
        player = page.locator(".animation").first
        slider = player.locator("input.anim-slider")
        image = player.locator("img")
        player.get_by_role("button", name="First frame").click()
        start = (slider.input_value(), image.get_attribute("src"))
        assert start[0] == "0", path.name
        player.get_by_role("button", name="Next frame").click()
        after = (slider.input_value(), image.get_attribute("src"))
        assert after[0] == "1", path.name
        assert after[1] != start[1], f"{path.name}: the frame did not change"
        assert problems == [], path.name
        page.close()


@pytest.fixture
def served(site: Path):
    """The site on a web server at a loopback address, as a course web space would host it."""
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *args: None
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.mark.browser
def test_pages_load_cleanly_from_a_web_server(served: str, browser) -> None:
    for path in ("index.html", f"lectures/{SELFTEST}.html"):
        page, problems = open_page(browser, served + path)
        assert problems == [], path
        page.close()


@pytest.mark.browser
def board_view(player, kind: str) -> list[str]:
    """The values the player's small board view ``kind`` (b, rhs or x) shows, cell by cell."""
    return player.locator(f".lo-board-{kind} .lo-mini-cell").evaluate_all(
        "cells => cells.map((c) => c.dataset.loValue)"
    )


def test_widgets_play_on_the_static_site(site: Path, browser) -> None:
    """No kernel: the game, the player and the practice widget work from the saved state."""
    page, problems = open_page(browser, (site / "lectures" / f"{SELFTEST}.html").as_uri())
    page.wait_for_selector(".lo-game [data-lo-cell]")
    game = page.locator(".lo-game").first
    before = lights(game)
    cell(game, 2, 2).click()
    assert game.locator("[data-lo-presses]").get_attribute("data-lo-presses") == "1"
    changed = {tuple(int(v) for v in rc) for rc in np.argwhere(lights(game) != before)}
    assert changed == stencil_hits(5, 5, 2, 2, "plus", False)
    action(game, "undo").click()
    assert np.array_equal(lights(game), before)
    action(game, "hint").click()
    hinted = np.argwhere(marks(game) == "hint")
    assert len(hinted) == 1
    assert lo.solve_board(lights(game)).all_fewest_presses()[:, hinted[0][0], hinted[0][1]].any()
    action(game, "solution").click()
    np.testing.assert_array_equal(
        marks(game) == "solution", lo.solve_board(lights(game)).fewest_presses() == 1
    )
    action(game, "solution").click()
    action(game, "quiet").click()
    assert (marks(game) == "quiet").any()  # the 5x5 board has quiet patterns
    action(game, "new").click()
    assert not (marks(game) == "hint").any() and lo.solve_board(lights(game)).solvable

    player = page.locator(".lo-player").first
    e = lo.eliminate(lo.toggle_matrix(3, 3), lo.random_board(3, 3, seed=7))
    action(player, "next-pivot").click()
    assert player.get_attribute("data-lo-step") == str(e.pivot_starts[1])
    np.testing.assert_array_equal(shown_matrix(player), e.state(e.pivot_starts[1]))
    player.focus()
    page.keyboard.press("End")
    np.testing.assert_array_equal(shown_matrix(player), e.rref)
    b = lo.random_board(3, 3, seed=7).ravel()
    x = lo.solve(lo.toggle_matrix(3, 3), b)
    assert board_view(player, "x") == [str(v) for v in x]  # "press the dots": the solution
    assert board_view(player, "rhs") == [str(v) for v in e.rref[:, -1]]
    page.keyboard.press("Home")
    assert board_view(player, "rhs") == [str(v) for v in b]  # the views follow the step
    assert board_view(player, "b") == [str(v) for v in b]

    practice = page.locator(".lo-practice").first
    practice.locator('[data-lo-row="0"]').click()
    practice.locator('[data-lo-row="1"]').click()
    action(practice, "add").click()
    assert practice.locator("[data-lo-rref]").get_attribute("data-lo-rref") == "0"
    assert "R<sub>2</sub>" in practice.locator(".lo-history").inner_html()
    assert problems == []
    page.close()
