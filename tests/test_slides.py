"""The lecture slides (`make slides`, tools/build_slides.py) in headless Chromium: every slide
of every deck shows something, formulas are typeset, the arrow keys move forward and back,
nothing is loaded from the internet, every deck passes axe-core (light and dark), and the
widgets keep their keys and fit their slide at 1280x720 and 1920x1080.

The decks are those the site build makes (tests/browser_fixtures.py builds it once per run).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.browser_helpers import ARTIFACTS, run_axe, save_axe_results, violations_text
from tools import build_slides

REPO = Path(__file__).resolve().parents[1]
LECTURES = build_slides.lectures(REPO / "notebooks")
COURSE_WIDGETS = ("lightsout_edu.widgets.",)


def has_widgets(notebook: Path) -> bool:
    """Whether a lecture shows one of the course's widgets (in its saved widget state)."""
    nb = json.loads(notebook.read_text(encoding="utf-8"))
    state = nb.get("metadata", {}).get("widgets", {})
    models = state.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    ids = [m.get("state", {}).get("_anywidget_id", "") for m in models.values()]
    return any(i.startswith(COURSE_WIDGETS) for i in ids)


WITH_WIDGETS = [p for p in LECTURES if has_widgets(p)]


@pytest.fixture
def decks(course_site: Path) -> Path:
    return course_site / "slides"


@pytest.fixture
def browser(chromium):
    return chromium


def open_deck(page, deck: Path, query: str = "") -> None:
    page.goto(deck.as_uri() + query)
    page.wait_for_selector(".reveal.ready", timeout=30_000)
    page.wait_for_function("window.MathJax && MathJax.Hub && MathJax.Hub.queue.pending === 0")


def test_there_is_a_deck_per_lecture_and_an_index(decks: Path) -> None:
    names = sorted(p.name for p in decks.glob("*.slides.html"))
    assert names == sorted(build_slides.deck_name(p) for p in LECTURES)
    index = (decks / "index.html").read_text()
    assert all(name in index for name in names)
    assert len(WITH_WIDGETS) >= 4


@pytest.mark.browser
@pytest.mark.parametrize("lecture", LECTURES, ids=[p.stem for p in LECTURES])
def test_every_slide_renders_offline_with_formulas_typeset(decks: Path, browser, lecture) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    external: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on(
        "request",
        lambda r: None if r.url.startswith(("file:", "data:", "blob:")) else external.append(r.url),
    )
    open_deck(page, decks / build_slides.deck_name(lecture))
    layout = page.evaluate(
        "[...document.querySelectorAll('.slides > section')].map("
        "h => Math.max(1, h.querySelectorAll(':scope > section').length))"
    )
    assert len(layout) >= 5
    empty = []
    for h, count in enumerate(layout):
        for v in range(count):
            page.evaluate(f"location.hash = '#/{h}/{v}'")
            page.wait_for_function(f"location.hash === '#/{h}/{v}' || location.hash === '#/{h}'")
            shown = page.evaluate(
                "(() => { const s = document.querySelector('.slides section.present "
                "section.present') || document.querySelector('.slides > section.present');"
                " return s.innerText.trim().length + s.querySelectorAll('img, svg').length; })()"
            )
            if not shown:
                empty.append((h, v))
    assert not empty, f"empty slides {empty} in {lecture.name}"
    raw = page.evaluate("document.body.innerText.match(/\\$\\$|\\\\mathbf\\{/g)")
    assert not raw, f"untypeset TeX on the slides of {lecture.name}: {raw[:3]}"
    assert page.evaluate("document.querySelectorAll('.MathJax_SVG, .MathJax_SVG_Display').length")
    assert not errors, errors
    assert not external, external
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("lecture", LECTURES, ids=[p.stem for p in LECTURES])
def test_every_deck_passes_axe_in_both_schemes(decks: Path, browser, lecture, language) -> None:
    """Every slide at once (reveal.js's print layout shows them all), light, then dark once
    the system asks for it (prefers-color-scheme). The Chinese decks, whose colours are the
    English ones, in the light scheme (as the Chinese pages of the site)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, color_scheme="light")
    page = context.new_page()
    folder = decks if language == "en" else decks.parent / "zh" / "slides"
    open_deck(page, folder / build_slides.deck_name(lecture), "?print-pdf")
    assert page.locator(".pdf-page").count() >= 5
    results = []
    schemes = (("light", "rgb(255, 255, 255)"), ("dark", "rgb(17, 17, 17)"))
    for scheme, background in schemes if language == "en" else schemes[:1]:
        page.emulate_media(color_scheme=scheme)
        page.wait_for_function(f"document.documentElement.dataset.loTheme === '{scheme}'")
        for part in (".reveal-viewport", ".pdf-page"):
            shown = page.evaluate(
                f"getComputedStyle(document.querySelector('{part}')).backgroundColor"
            )
            assert shown == background, (scheme, part, shown)
        results.append((lecture.stem, scheme, run_axe(page)))
    context.close()
    save_axe_results(f"slides-{'' if language == 'en' else 'zh-'}{lecture.stem}", results)
    assert not any(v for _, _, v in results), violations_text(results)


@pytest.mark.browser
def test_the_arrow_keys_move_forward_and_back(decks: Path, browser) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto((decks / build_slides.deck_name(LECTURES[0])).as_uri())
    page.wait_for_selector(".reveal.ready", timeout=30_000)
    # the slide shown, by its place and its heading (not all of its text: MathJax may still
    # be replacing TeX by pictures while we read)
    shown = (
        "(() => { const s = document.querySelector('.slides > section.present');"
        " const h = s.querySelector('h1, h2, h3');"
        " return [[...s.parentNode.children].indexOf(s), h ? h.textContent : '']; })()"
    )
    first = page.evaluate(shown)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("location.hash === '#/1'")
    second = page.evaluate(shown)
    assert second[0] == first[0] + 1 and second[1] != first[1]
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("location.hash === '#/' || location.hash === '#/0'")
    assert page.evaluate(shown) == first
    page.close()


#: Does the widget fit its slide: no taller than 90% of it, no wider, nothing inside scrolls?
FITS_JS = """(el) => {
    const slides = el.closest(".reveal .slides");
    if (!el.closest("section").classList.contains("present")) return false;
    const inner = [...el.querySelectorAll("*")].filter((e) => {
        const s = getComputedStyle(e);
        return /(auto|scroll)/.test(s.overflowX + s.overflowY)
            && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1);
    });
    return inner.length === 0 && el.offsetHeight <= 0.9 * slides.offsetHeight + 1
        && Math.max(el.scrollWidth, el.offsetWidth) <= slides.offsetWidth + 1;
}"""
#: After scrolling the slide to it, is the whole widget on the screen?
ON_SCREEN_JS = """(el) => {
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    const box = el.getBoundingClientRect();
    return box.top >= -1 && box.left >= -1 && box.bottom <= innerHeight + 1
        && box.right <= innerWidth + 1;
}"""


def focus_widget(widget) -> str:
    """Focus what a keyboard user lands on in the widget; return which kind of widget it is."""
    return widget.evaluate(
        """(el) => {
            const target = el.querySelector('[data-lo-cell][tabindex="0"]')
                || (el.matches('.lo-player') ? el : el.querySelector('[data-lo-row]'));
            target.focus();
            return el.classList.contains('lo-game') ? 'game'
                : el.classList.contains('lo-player') ? 'player' : 'practice';
        }"""
    )


@pytest.mark.browser
@pytest.mark.parametrize("lecture", WITH_WIDGETS, ids=[p.stem for p in WITH_WIDGETS])
def test_widgets_on_slides_keep_their_keys_and_fit(decks: Path, browser, lecture) -> None:
    """A focused widget's right arrow moves the widget, not the deck; with the focus
    elsewhere the lecturer's right arrow advances; every widget fits its slide."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    open_deck(page, decks / build_slides.deck_name(lecture))
    widgets = page.locator(".reveal .lo-widget")
    assert widgets.count() >= 1
    folder = ARTIFACTS / "slides"
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(widgets.count()):
        widget = widgets.nth(i)
        place = widget.evaluate("(el) => Reveal.getIndices(el.closest('section'))")
        page.evaluate(f"Reveal.slide({place['h']}, {place.get('v') or 0})")
        for width, height in [(1280, 720), (1920, 1080)]:
            page.set_viewport_size({"width": width, "height": height})
            widget.element_handle().wait_for_element_state("stable")
            page.wait_for_function(FITS_JS, arg=widget.element_handle(), timeout=10_000)
            assert widget.evaluate(ON_SCREEN_JS), (lecture.stem, i, width)
            if i == 0:
                page.screenshot(path=folder / f"{lecture.stem}-{width}x{height}.png")
        kind = focus_widget(widget)
        before = page.evaluate("JSON.stringify(Reveal.getIndices())")
        step = widget.get_attribute("data-lo-step")
        page.keyboard.press("ArrowRight")
        assert page.evaluate("JSON.stringify(Reveal.getIndices())") == before, (kind, i)
        if kind == "game":  # the focus moved one cell to the right
            assert page.evaluate("document.activeElement.dataset.loCell").endswith(",1")
        elif kind == "player":
            assert widget.get_attribute("data-lo-step") == str(int(step) + 1)
        page.evaluate("document.activeElement.blur()")
        page.keyboard.press("ArrowRight")  # the lecturer's clicker, the widget not focused
        page.wait_for_function(f"JSON.stringify(Reveal.getIndices()) !== {before!r}")
    page.close()


def test_each_deck_declares_its_language(decks: Path) -> None:
    """Screen readers read a Chinese deck in Chinese: its <html> says so (the decks once
    all said lang="en"); the English decks say English."""
    for folder, lang in ((decks, "en"), (decks.parent / "zh" / "slides", "zh-Hans")):
        pages = sorted(folder.glob("*.html"))
        assert len(pages) == len(LECTURES) + 1  # the decks and their index
        for page in pages:
            head = page.read_text(encoding="utf-8")[:300]
            assert f'<html lang="{lang}">' in head, page


@pytest.mark.browser
def test_the_slides_indexes_pass_axe_in_both_schemes(decks: Path, browser) -> None:
    """The decks' index pages (English and Chinese): WCAG 2.2 AA, target sizes included,
    light and dark."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, color_scheme="light")
    results = []
    for index in (decks / "index.html", decks.parent / "zh" / "slides" / "index.html"):
        page = context.new_page()
        page.goto(index.as_uri())
        links = page.locator("ol.lo-decks a")
        assert links.count() == len(LECTURES)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            page.wait_for_function(f"document.documentElement.dataset.loTheme === '{scheme}'")
            results.append((index.relative_to(decks.parent).as_posix(), scheme, run_axe(page)))
        assert min(link.bounding_box()["height"] for link in links.all()) >= 24
        page.close()
    context.close()
    save_axe_results("slides-index", results)
    assert not any(v for _, _, v in results), violations_text(results)
