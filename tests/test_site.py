"""The offline course site (`make site`, tools/build_site.py), checked in headless Chromium.

The site is built once per session from the real notebooks plus one generated self-test
lecture that is sure to hold every kind of output the site must handle (LaTeX, a figure, a
to_jshtml() animation, a widget, a solution cell).
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Callable
from html.parser import HTMLParser
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

import nbformat
import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu.widgets._deal import deal_board
from tests.browser_fixtures import SELFTEST, selftest_notebook
from tests.browser_helpers import (
    ARTIFACTS,
    IDLE_TAB_STOPS,
    PROPORTIONAL_CODE,
    action,
    cell,
    lights,
    marks,
    run_axe,
    save_axe_results,
    shown_matrix,
    stencil_hits,
    tabs_to_first_widget,
    undrawable,
    violations_text,
)
from tools import build_pdf, build_site, offline_assets
from tools.build_site import english

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def site(course_site: Path) -> Path:
    """The site built once per run (tests/browser_fixtures.py)."""
    return course_site


@pytest.fixture
def browser(chromium):
    return chromium


def site_pages(site: Path) -> list[Path]:
    """Every page of the site: the index, the lectures, exercises and the reference pages."""
    folders = ("lectures", "exercises", *build_site.REFERENCE_FOLDERS)
    return [site / "index.html", *(p for f in folders for p in sorted(site.glob(f"{f}/*.html")))]


def course_notebooks(site: Path) -> list[Path]:
    """The course's notebooks as copied for the build (without the self-test lecture)."""
    folder = site.parent / "notebooks"
    lectures = [p for p in english(folder.glob("[0-9][0-9]_*.ipynb")) if p.stem != SELFTEST]
    return lectures + english((folder / "exercises").glob("*.ipynb"))


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
        assert offline_assets.external_assets(text) == [], page.name
        assert "font-awesome" not in text, page.name
    selftest = (site / "lectures" / f"{SELFTEST}.html").read_text()
    assert "application/vnd.jupyter.widget-state+json" in selftest  # the widgets play
    assert "assets/widgets/embed-amd.js" in selftest


def test_external_assets_are_detected() -> None:
    page = (
        '<script src="https://cdn.example/x.js"></script><link href="//cdn.example/a.css">'
        '<a href="https://example.org">a link is fine</a><img src="data:image/png;base64,AA">'
    )
    assert len(offline_assets.external_assets(page)) == 2


def test_solutions_are_folded_or_left_out(site: Path, tmp_path: Path) -> None:
    selftest = (site / "lectures" / f"{SELFTEST}.html").read_text()
    folded = selftest[selftest.index('<details class="lo-solution">') :]
    assert "secret answer" in folded[: folded.index("</details>")]
    nb = build_site.prepare(selftest_notebook(), solutions=False)
    assert all("solution" not in c.metadata.get("tags", []) for c in nb.cells)
    assert len(nb.cells) == len(selftest_notebook().cells) - 1


def solution_runs(nb: nbformat.NotebookNode) -> int:
    """How many runs of neighbouring solution cells ``nb`` has."""
    tagged = ["solution" in c.metadata.get("tags", []) for c in nb.cells]
    return sum(1 for k, t in enumerate(tagged) if t and (k == 0 or not tagged[k - 1]))


def test_each_solution_is_one_fold(site: Path) -> None:
    """An explanation and its code fold into one "Show solution" (readers found two
    neighbouring folds, both "Show solution", on every solution), in both editions."""
    folds = 0
    for edition in (site, site / "zh"):
        for page in build_site.discover(
            site.parent / "notebooks", "en" if edition == site else "zh"
        ):
            text = (edition / page.href).read_text(encoding="utf-8")
            runs = solution_runs(nbformat.read(page.source, as_version=4))
            assert text.count('<details class="lo-solution">') == runs, page.href
            assert not re.search(r'</details>\s*<details class="lo-solution">', text), page.href
            folds += runs
    assert folds >= 2 * 30


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


def watch(page, report: Callable[[str], None]) -> None:
    """From now on, ``report`` every failed or outside request, error response, console error
    or warning and uncaught exception of ``page``."""
    page.on("requestfailed", lambda r: report(f"failed request {r.url}: {r.failure}"))
    page.on(
        "request",
        lambda r: (
            None
            if r.url.startswith(("file://", "data:", "blob:", "about:", "http://127.0.0.1:"))
            else report(f"request outside the site: {r.url}")
        ),
    )
    page.on(
        "console",
        lambda m: report(f"console {m.type}: {m.text}") if m.type in ("error", "warning") else None,
    )
    page.on("pageerror", lambda e: report(f"page error: {e}"))
    page.on(
        "response", lambda r: report(f"HTTP {r.status} for {r.url}") if r.status >= 400 else None
    )


def open_page(browser, url: str):
    """Open ``url`` (in a browser or a browser context) and wait until it is drawn (see
    :func:`finish_loading`); return (page, problems) where problems lists what
    :func:`watch` reports."""
    page = browser.new_page()
    problems: list[str] = []
    watch(page, problems.append)
    page.goto(url)
    finish_loading(page)
    return page, problems


def finish_loading(page) -> None:
    """Wait until the page has loaded, MathJax has typeset every formula and every widget
    has been drawn."""
    page.wait_for_load_state("load")
    page.evaluate("() => new Promise(done => MathJax.Hub.Queue(done))")
    page.wait_for_function(build_pdf.WIDGETS_DRAWN)


def check_what_a_reader_sees(page, name: str) -> None:
    """Code and outputs in a monospace font, no character drawn as an empty box (outside
    every installed font), no formula or unnamed box a Tab stop, and the first widget (if
    any) within 10 Tab presses from the top."""
    assert page.evaluate(PROPORTIONAL_CODE) == [], name
    assert undrawable(page) == {}, name
    assert page.evaluate(IDLE_TAB_STOPS) == [], name
    if page.locator(".jupyter-widgets").count():
        stops = tabs_to_first_widget(page)
        assert stops <= 10, f"{name}: {stops} Tab presses to the first widget"


def each_page(context, paths: list[Path], color_scheme: str = "light"):
    """Yield ``(path, page, problems)`` for every page, loaded and typeset in ``color_scheme``,
    with what :func:`watch` reports from its start until the next page starts.

    The pages follow one another in one tab, as a reader's would: each new tab costs a renderer
    process of its own, which made checking the site take a third more CPU time.
    """
    page = context.new_page()
    seen: list[list[str]] = []
    watch(page, lambda problem: seen[-1].append(problem))
    for path in paths:
        seen.append([])
        page.emulate_media(color_scheme=color_scheme)
        page.goto(path.as_uri())
        finish_loading(page)
        yield path, page, seen[-1]
    page.close()


THEME_JS = (
    "() => [document.documentElement.dataset.loTheme, document.body.dataset.jpThemeLight,"
    " getComputedStyle(document.body).backgroundColor]"
)


@pytest.mark.browser
def test_every_page_loads_cleanly_with_latex_typeset(site: Path, browser) -> None:
    """... and passes axe-core's WCAG 2.2 AA rules in the light scheme and, once the system
    asks for dark (prefers-color-scheme), in the dark one."""
    index, problems = open_page(browser, (site / "index.html").as_uri())
    assert problems == []
    hrefs = index.eval_on_selector_all(".lo-lecture h2 a", "links => links.map(a => a.href)")
    index.close()
    pages = site_pages(site)
    results = []
    assert len(hrefs) >= 1
    with_math = {
        (site / p.href).name
        for p in build_site.discover(site.parent / "notebooks")
        if has_math(nbformat.read(p.source, as_version=4))
    }
    assert f"{SELFTEST}.html" in with_math
    context = browser.new_context(color_scheme="light")
    for path, page, problems in each_page(context, pages):
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
            assistive = page.locator(".MJX_Assistive_MathML").count()
            assert assistive == found, f"{path.name}: {found - assistive} formulas lack MathML"
        assert page.locator(".MathJax_Error, .merror, .noError").count() == 0, path.name
        name = path.relative_to(site).as_posix()
        assert page.evaluate(THEME_JS) == ["light", "true", "rgb(255, 255, 255)"], name
        results.append((name, "light", run_axe(page)))
        page.emulate_media(color_scheme="dark")  # theme.js follows the system's change
        page.wait_for_function("document.documentElement.dataset.loTheme === 'dark'")
        assert page.evaluate(THEME_JS) == ["dark", "false", "rgb(17, 17, 17)"], name
        results.append((name, "dark", run_axe(page)))
        check_what_a_reader_sees(page, name)
        assert problems == [], path.name
    context.close()
    save_axe_results("site", results)
    assert not any(v for _, _, v in results), violations_text(results)


@pytest.mark.browser
def test_the_theme_switch_turns_the_site_dark_and_is_remembered(site: Path, browser) -> None:
    context = browser.new_context(color_scheme="light")
    page, problems = open_page(context, (site / "index.html").as_uri())
    toggle = page.get_by_role("button", name="Dark theme")
    assert toggle.get_attribute("aria-pressed") == "false"
    switch = "el => getComputedStyle(el, '::before').backgroundImage"
    off = toggle.evaluate(switch)
    toggle.click()
    assert page.evaluate("document.documentElement.dataset.loTheme") == "dark"
    assert toggle.get_attribute("aria-pressed") == "true"
    assert toggle.evaluate(switch) != off  # the switch drawn beside the name shows the state
    page.goto((site / "lectures" / f"{SELFTEST}.html").as_uri())
    page.wait_for_selector(".lo-game [data-lo-cell]")
    assert page.evaluate("document.body.dataset.jpThemeLight") == "false"  # the widgets follow
    off = page.locator(".lo-game .lo-cell[data-lo-lit='0']").first
    edge = off.evaluate("el => getComputedStyle(el).borderTopColor")
    assert edge == "rgb(201, 206, 214)", edge  # the dark scheme's light cell edges
    page.get_by_role("button", name="Dark theme").click()
    assert page.evaluate("document.documentElement.dataset.loTheme") == "light"
    assert problems == []
    context.close()


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
    # the links are in the page as written: the next one can be followed once it is parsed
    while page.locator("nav.lo-nav a.lo-nav-next").count():
        page.locator("nav.lo-nav a.lo-nav-next").first.click()
        page.wait_for_url(lambda url: url != visited[-1], wait_until="domcontentloaded")
        visited.append(page.url)
    assert visited == [(site / p.href).as_uri() for p in pages]
    page.locator("nav.lo-nav a.lo-nav-index").first.click()
    page.wait_for_url(lambda url: url != visited[-1], wait_until="domcontentloaded")
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


def board_view(player, kind: str) -> list[str]:
    """The values the player's small board view ``kind`` (b, rhs or x) shows, cell by cell."""
    return player.locator(f".lo-board-{kind} .lo-mini-cell").evaluate_all(
        "cells => cells.map((c) => c.dataset.loValue)"
    )


@pytest.mark.browser
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
    assert practice.get_by_role("button", name="Scale").count() == 0  # over GF(2): no Scale
    assert practice.locator(".lo-choice").inner_text() == "Chosen: R1. Now the second row."
    practice.locator('[data-lo-row="1"]').click()
    assert practice.locator('[aria-pressed="true"]').count() == 2
    action(practice, "add").click()
    assert practice.locator("[data-lo-rref]").get_attribute("data-lo-rref") == "0"
    assert "R<sub>2</sub>" in practice.locator(".lo-history").inner_html()
    # the operation is done: no row stays chosen, and the prompt starts over
    assert practice.locator('[data-lo-row][aria-pressed="true"]').count() == 0
    assert practice.locator(".lo-choice").inner_text() == "Choose a row."
    assert practice.locator(".lo-live").inner_text().startswith("Added row 1 to row 2.")
    action(practice, "add").click()
    assert "Choose two rows first" in practice.locator(".lo-status").inner_text()
    action(game, "solution").click()  # widgets in every state pass axe-core too
    action(game, "quiet").click()
    results = [(f"{SELFTEST} widgets in use", "light", run_axe(page, ".lo-widget"))]
    save_axe_results("site-widgets-in-use", results)
    assert not results[0][2], violations_text(results)
    assert problems == []
    page.close()


@pytest.mark.browser
def test_a_quick_question_checks_a_choice_on_the_static_site(site: Path, browser) -> None:
    """No kernel: lecture 3's "Which columns are free?" (lo.QuickQuestion) says what Python
    says of each choice, by mouse and by keyboard, passes axe-core in both themes once
    answered, and speaks Chinese in the Chinese edition."""
    lecture = "03_gauss_jordan_step_by_step.html"
    page, problems = open_page(browser, (site / "lectures" / lecture).as_uri())
    question = page.locator(".lo-question").filter(has_text="Which columns of A are free?")
    verdict = question.locator(".lo-verdict")
    expected = lo.QuickQuestion("free_columns")
    assert verdict.inner_text() == "" and verdict.get_attribute("aria-live") == "polite"
    question.get_by_role("button", name="Check").click()
    assert verdict.inner_text() == "Choose an option first, then check."
    question.get_by_role("radio", name="Columns 3 and 4", exact=True).check()
    question.get_by_role("button", name="Check").click()
    assert verdict.inner_text() == expected.choose(1)
    page.keyboard.press("Shift+Tab")  # back to the chosen option; the arrows move the choice
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert verdict.inner_text() == expected.choose(0)
    results = [("03 quick question answered", "light", run_axe(page, ".lo-question"))]
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("document.documentElement.dataset.loTheme === 'dark'")
    results.append(("03 quick question answered", "dark", run_axe(page, ".lo-question")))
    assert not any(v for _, _, v in results), violations_text(results)
    assert problems == []
    page.close()
    page, problems = open_page(browser, (site / "zh" / "lectures" / lecture).as_uri())
    question = page.locator(".lo-question").filter(has_text="哪些列是自由列")
    question.get_by_role("radio", name="第 3 列和第 4 列", exact=True).check()
    question.get_by_role("button", name="检查").click()
    assert question.locator(".lo-verdict").inner_text().startswith("还不对。第 3 列和第 4 列是")
    assert problems == []
    page.close()


# ---------------------------------------------------------------------------- links


class _Links(HTMLParser):
    """The ids of a page, and the local addresses its links and resources point to."""

    ATTRIBUTES = {"href", "src"}

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.targets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.ids.add(value)
            if name in self.ATTRIBUTES and value and not re.match(r"[a-z][a-z0-9+.-]*:|//", value):
                self.targets.append(value)


@functools.cache
def _parsed(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_every_local_link_on_the_site_resolves(site: Path) -> None:
    """Every href and src of every page (slides included) names a file of the site, and
    every #anchor an id of its page: no link to an .ipynb, nothing missing."""
    pages = sorted(site.rglob("*.html"))
    pages = [p for p in pages if "assets" not in p.parts and "reveal.js" not in p.parts]
    assert len(pages) >= len(site_pages(site)) + 9
    broken = []
    checked = 0
    for page in pages:
        for target in _parsed(page).targets:
            address = urlsplit(target)
            file = (page.parent / unquote(address.path)).resolve() if address.path else page
            checked += 1
            if not file.is_file():
                broken.append(f"{page.relative_to(site)}: {target} (no such file)")
            elif address.fragment and file.suffix == ".html":
                ids = _parsed(file).ids
                if address.fragment not in ids and unquote(address.fragment) not in ids:
                    broken.append(f"{page.relative_to(site)}: {target} (no such anchor)")
    assert checked > 200
    assert broken == [], "\n".join(broken[:40])
    selftest = (site / "lectures" / f"{SELFTEST}.html").read_text(encoding="utf-8")
    assert 'href="../lectures/01_the_game_and_its_toggle_matrix.html#Play-first"' in selftest
    assert 'href="../reference/bibliography.html"' in selftest
    pages_html = "".join(p.read_text(encoding="utf-8") for p in site_pages(site))
    assert not re.search(r'href="[^"]*\.ipynb', pages_html)


def test_a_link_to_a_missing_notebook_stops_the_build(tmp_path: Path) -> None:
    page = build_site.Page(tmp_path / "a.ipynb", "lecture", "lectures/a.html", "A", [], 1)
    with pytest.raises(SystemExit, match="links to b.ipynb"):
        build_site.link_notebooks('<a href="b.ipynb">B</a>', page, [page])


# ---------------------------------------------------------------------------- keyboard, seeds


def _tab_stops_to(page, widget, is_target: str) -> int:
    """Focus what comes just before ``widget`` in the tab order, then Tab until
    ``is_target(document.activeElement)``; return the number of Tabs (at most 10)."""
    widget.evaluate(
        """(root) => {
            const all = [...document.querySelectorAll(
                'a[href], button, input, select, textarea, [tabindex]')].filter(
                (e) => e.tabIndex >= 0 && !e.disabled && e.offsetParent !== null);
            const first = all.findIndex((e) => root.contains(e));
            all[first - 1].focus();
        }"""
    )
    for stops in range(1, 11):
        page.keyboard.press("Tab")
        if page.evaluate(f"(() => {{ const el = document.activeElement; return {is_target}; }})()"):
            return stops
    return 11


def _focused_cell(page) -> tuple[int, int]:
    key = page.evaluate("document.activeElement.dataset.loCell")
    return tuple(int(v) for v in key.split(","))


@pytest.mark.browser
def test_a_board_is_solved_with_the_keyboard_alone(site: Path, browser) -> None:
    """Tab reaches the board in at most 3 stops, the arrows move within it (stopping at the
    edges), Space presses, and the live region says what each press did."""
    page, problems = open_page(browser, (site / "lectures" / f"{SELFTEST}.html").as_uri())
    page.wait_for_selector(".lo-game [data-lo-cell]")
    game = page.locator(".lo-game").nth(1)
    assert lights(game).shape == (3, 3)
    stops = _tab_stops_to(page, game, "el.matches('[data-lo-cell]')")
    assert stops <= 3, f"{stops} Tab stops before the board"
    assert _focused_cell(page) == (0, 0)
    assert game.locator('[data-lo-cell][tabindex="0"]').count() == 1  # one stop for the board
    for key, expected in [("ArrowLeft", (0, 0)), ("ArrowUp", (0, 0)), ("End", (0, 2)),
                          ("ArrowRight", (0, 2)), ("ArrowDown", (1, 2)), ("Home", (1, 0)),
                          ("Control+End", (2, 2)), ("Control+Home", (0, 0))]:  # fmt: skip
        page.keyboard.press(key)
        assert _focused_cell(page) == expected, key
    board = lights(game)
    presses = [
        tuple(int(v) for v in rc) for rc in np.argwhere(lo.solve_board(board).fewest_presses())
    ]
    live = game.locator(".lo-live")
    position = (0, 0)
    for n, (r, c) in enumerate(presses, start=1):
        moves = ["ArrowDown"] * (r - position[0]) + ["ArrowUp"] * (position[0] - r)
        moves += ["ArrowRight"] * (c - position[1]) + ["ArrowLeft"] * (position[1] - c)
        for key in moves:
            page.keyboard.press(key)
        position = (r, c)
        assert _focused_cell(page) == position
        page.keyboard.press("Space")
        board = lo.press(board, np.eye(1, 9, r * 3 + c, dtype=np.uint8).reshape(3, 3))
        on = int(board.sum())
        said = f"Pressed row {r + 1}, column {c + 1}: {on} light{'s' if on != 1 else ''} on."
        if not on:
            said = f"Pressed row {r + 1}, column {c + 1}: solved, all lights are off."
        assert live.inner_text().strip() == said
        np.testing.assert_array_equal(lights(game), board)
        assert game.locator("[data-lo-presses]").get_attribute("data-lo-presses") == str(n)
        name = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert name.startswith(f"row {r + 1}, column {c + 1}, {'on' if board[r, c] else 'off'}")
    assert not board.any()
    assert game.locator(".lo-message").inner_text().startswith("Solved!")
    page.keyboard.press("Tab")  # out of the board in one step: to the next control
    assert page.evaluate("document.activeElement.dataset.loAction") == "undo"
    assert problems == []
    page.close()


@pytest.mark.browser
def test_the_browser_deals_python_s_board_for_every_seed(site: Path, browser) -> None:
    """Seeds up to 2^64 - 1 are exact in the browser: typed, dealt and stepped by New board
    exactly as in Python (the seed box once stuck at 2^53)."""
    page, problems = open_page(browser, (site / "lectures" / f"{SELFTEST}.html").as_uri())
    page.wait_for_selector(".lo-game [data-lo-cell]")
    game = page.locator(".lo-game").first
    seed_box = game.get_by_label("Seed")
    assert seed_box.input_value() == "1"  # LightsOutGame(5, 5, seed=1)

    def dealt(seed: int) -> np.ndarray:
        return deal_board(seed, lo.Puzzle.grid(5, 5), solvable=True)

    for typed in (2**53 + 1, 2**63 + 12345, 2**64 - 2):
        seed_box.fill(str(typed))
        seed_box.press("Enter")
        np.testing.assert_array_equal(lights(game), dealt(typed))
        action(game, "new").click()
        assert seed_box.input_value() == str(typed + 1)
        np.testing.assert_array_equal(lights(game), dealt(typed + 1))
    action(game, "new").click()  # after 2^64 - 1 comes 0
    assert seed_box.input_value() == "0"
    np.testing.assert_array_equal(lights(game), dealt(0))
    seed_box.fill(str(2**64))
    seed_box.press("Enter")
    assert seed_box.input_value() == "0"
    assert "seed must be a whole number" in game.locator(".lo-live").inner_text()
    assert problems == []
    page.close()


@pytest.mark.browser
def test_widgets_fit_a_phone(site: Path, browser) -> None:
    """At 390 px the player's matrix (b column included) and the boards fit the screen; the
    15x15 player's small boards keep their cells inside their frames."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme="dark")
    page, problems = open_page(context, (site / "lectures" / f"{SELFTEST}.html").as_uri())
    page.wait_for_selector(".lo-player .lo-row")
    for widget in page.locator(".lo-player-matrix, .lo-game .lo-grid, .lo-practice-matrix").all():
        box = widget.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    for figure in page.locator(".lo-mini").all():
        frame = figure.locator(".lo-mini-grid").bounding_box()
        last = figure.locator(".lo-mini-cell").last.bounding_box()
        assert last["x"] + last["width"] <= frame["x"] + frame["width"] + 0.5, (frame, last)
        assert last["y"] + last["height"] <= frame["y"] + frame["height"] + 0.5, (frame, last)
    folder = ARTIFACTS / "site"
    folder.mkdir(parents=True, exist_ok=True)
    page.locator(".lo-player").first.screenshot(path=folder / "player-phone-dark.png")
    page.locator(".lo-game").first.screenshot(path=folder / "game-phone-dark.png")
    assert problems == []
    context.close()


# ------------------------------------------------------------------ the Chinese edition


def chinese_pages(site: Path) -> list[Path]:
    """Every page of the Chinese edition (zh/): its index, lectures, exercises, references."""
    return site_pages(site / "zh")


def platform_fonts(page, selector: str) -> list[str]:
    """The fonts Chromium really drew the text of ``selector`` with (DevTools' CSS domain)."""
    session = page.context.new_cdp_session(page)
    session.send("DOM.enable")
    session.send("CSS.enable")
    root = session.send("DOM.getDocument")["root"]["nodeId"]
    node = session.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    fonts = session.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    session.detach()
    return [f["familyName"] for f in fonts if f["glyphCount"] > 0]


def test_the_chinese_edition_mirrors_the_english_one(site: Path) -> None:
    english_pages = [p.relative_to(site).as_posix() for p in site_pages(site)]
    chinese = [p.relative_to(site / "zh").as_posix() for p in chinese_pages(site)]
    assert chinese == english_pages
    for path in chinese_pages(site):
        text = path.read_text(encoding="utf-8")
        assert '<html lang="zh-Hans"' in text, path
        assert re.search(r"[\u4e00-\u9fff]", text), path


@pytest.mark.browser
def test_chinese_pages_load_cleanly_typeset_and_accessible(site: Path, browser) -> None:
    """Every Chinese page: no problem loading, LaTeX typeset, CJK fonts drawing its title,
    and axe-core at zero (WCAG 2.2 AA, lang attributes included)."""
    results = []
    context = browser.new_context(color_scheme="light")
    for path, page, problems in each_page(context, chinese_pages(site)):
        name = path.relative_to(site).as_posix()
        assert problems == [], name
        assert page.evaluate("document.documentElement.lang") == "zh-Hans", name
        found, rendered = page.evaluate(
            """() => {
                const jax = MathJax.Hub.getAllJax();
                const shown = jax.filter(j => document.getElementById(j.inputID + "-Frame"));
                return [jax.length, shown.length];
            }"""
        )
        assert found == rendered, f"{name}: {found - rendered} formulas not typeset"
        fonts = platform_fonts(page, "h1")
        assert fonts and all("CJK" in f or " SC" in f for f in fonts), f"{name}: {fonts}"
        results.append((name, "light", run_axe(page)))
        check_what_a_reader_sees(page, name)
        if page.locator("pre").count():  # the English edition's monospace font, for Latin
            assert "DejaVu Sans Mono" in platform_fonts(page, "pre"), name
    context.close()
    save_axe_results("site-zh", results)
    assert not any(v for _, _, v in results), violations_text(results)


@pytest.mark.browser
def test_the_chinese_widgets_speak_chinese_and_the_switch_keeps_the_page(
    site: Path, browser
) -> None:
    page, problems = open_page(browser, (site / "zh" / "lectures" / f"{SELFTEST}.html").as_uri())
    page.wait_for_selector(".lo-game [data-lo-cell]")
    game = page.locator(".lo-game").first
    assert game.get_attribute("lang") == "zh"
    assert action(game, "hint").inner_text() == "提示"
    assert action(game, "undo").inner_text() == "撤销"
    action(game, "hint").click()
    assert page.locator(".lo-game .lo-live").first.inner_text().startswith("提示：")
    practice = page.locator(".lo-practice").first
    action(practice, "add").click()
    status = practice.locator(".lo-status").inner_text()
    assert re.search(r"[\u4e00-\u9fff]", status) and "Choose" not in status
    practice.locator('[data-lo-row="0"]').click()
    assert "倍乘" not in practice.locator(".lo-choice").inner_text()  # over GF(2): no Scale
    practice.locator('[data-lo-row="1"]').click()
    action(practice, "add").click()
    said = practice.locator(".lo-live").inner_text()
    assert said.startswith("把") and "。" in said and "." not in said, said
    assert re.search(r"[\u4e00-\u9fff]", cell(game, 0, 0).get_attribute("aria-label"))
    switch = page.locator("a.lo-language")
    assert switch.inner_text() == "English" and switch.get_attribute("lang") == "en"
    switch.click()
    finish_loading(page)
    assert page.url == (site / "lectures" / f"{SELFTEST}.html").as_uri()
    assert page.evaluate("document.documentElement.lang") == "en"
    assert action(page.locator(".lo-game").first, "hint").inner_text() == "Hint"
    page.locator("a.lo-language").click()
    finish_loading(page)
    assert page.url == (site / "zh" / "lectures" / f"{SELFTEST}.html").as_uri()
    assert problems == []
    page.close()
