"""The lecture slides (`make slides`, tools/build_slides.py) in headless Chromium: every slide
of every deck shows something, formulas are typeset, the arrow keys move forward and back,
nothing is loaded from the internet, every deck passes axe-core (light and dark), and the
widgets keep their keys and fit their slide, readably, at 1280x720 and 1024x768 (both
languages).

The decks are those the site build makes (tests/browser_fixtures.py builds it once per run).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from tests.browser_helpers import ARTIFACTS, run_axe, save_axe_results, violations_text
from tools import build_pdf, build_slides

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


@pytest.fixture(scope="module")
def tab(chromium):
    """One tab in which the deck tests open their decks in turn: a tab of their own cost each
    of them a renderer process, about a second of CPU time (a sixth of the slides' tests)."""
    context = chromium.new_context()
    yield context.new_page()
    context.close()


@pytest.fixture
def deck_tab(tab):
    """The tab as a new one opens: 1280x720 pixels, the light scheme."""
    tab.set_viewport_size({"width": 1280, "height": 720})
    tab.emulate_media(color_scheme="light")
    return tab


@contextlib.contextmanager
def watching(page) -> Iterator[tuple[list[str], list[str]]]:
    """What goes wrong on ``page`` meanwhile: (errors on its console and uncaught exceptions,
    requests that would leave the machine)."""
    errors: list[str] = []
    external: list[str] = []
    handlers = {
        "console": lambda m: errors.append(m.text) if m.type == "error" else None,
        "pageerror": lambda e: errors.append(str(e)),
        "request": lambda r: (
            None if r.url.startswith(("file:", "data:", "blob:")) else external.append(r.url)
        ),
    }
    for event, handler in handlers.items():
        page.on(event, handler)
    try:
        yield errors, external
    finally:
        for event, handler in handlers.items():
            page.remove_listener(event, handler)


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


#: Go to every slide of the deck by its address (#/h/v, ``[h, slides under h]`` in turn) and
#: list those that show neither text nor a picture once reveal.js has moved to them.
EMPTY_SLIDES = """async (layout) => {
    const empty = [];
    for (const [h, count] of layout.entries()) {
        for (let v = 0; v < count; v++) {
            const address = `#/${h}/${v}`;
            if (location.hash !== address) {
                const moved = new Promise((done) => {
                    addEventListener("hashchange", done, { once: true });
                });
                location.hash = address;
                await moved;  // reveal.js's own hashchange listener, added before, has moved
            }
            const shown = document.querySelector(".slides section.present section.present")
                || document.querySelector(".slides > section.present");
            if (!(shown.innerText.trim().length + shown.querySelectorAll("img, svg").length)) {
                empty.push([h, v]);
            }
        }
    }
    return empty;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("lecture", LECTURES, ids=[p.stem for p in LECTURES])
def test_every_slide_renders_offline_with_formulas_typeset(decks: Path, deck_tab, lecture) -> None:
    page = deck_tab
    page.set_viewport_size({"width": 1280, "height": 800})
    with watching(page) as (errors, external):
        open_deck(page, decks / build_slides.deck_name(lecture))
        layout = page.evaluate(
            "[...document.querySelectorAll('.slides > section')].map("
            "h => Math.max(1, h.querySelectorAll(':scope > section').length))"
        )
        assert len(layout) >= 5
        empty = page.evaluate(EMPTY_SLIDES, layout)
        assert not empty, f"empty slides {empty} in {lecture.name}"
        raw = page.evaluate("document.body.innerText.match(/\\$\\$|\\\\mathbf\\{/g)")
        assert not raw, f"untypeset TeX on the slides of {lecture.name}: {raw[:3]}"
        assert page.evaluate(
            "document.querySelectorAll('.MathJax_SVG, .MathJax_SVG_Display').length"
        )
    assert not errors, errors
    assert not external, external


@pytest.mark.browser
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("lecture", LECTURES, ids=[p.stem for p in LECTURES])
def test_every_deck_passes_axe_in_both_schemes(decks: Path, deck_tab, lecture, language) -> None:
    """Every slide at once (reveal.js's print layout shows them all), light, then dark once
    the system asks for it (prefers-color-scheme). The Chinese decks, whose colours are the
    English ones, in the light scheme (as the Chinese pages of the site)."""
    page = deck_tab
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
    save_axe_results(f"slides-{'' if language == 'en' else 'zh-'}{lecture.stem}", results)
    assert not any(v for _, _, v in results), violations_text(results)


#: reveal.js lays out its print pages (?print-pdf) on the page's load event: it moves every
#: slide into a page of its own, out of the document, for a frame, then puts the pages in.
#: Here that frame lasts 2 s (while some widget view is out of the document, the next frame
#: comes 2 s late), so that a widget manager started on the load event runs while it lasts.
SLOW_PRINT_LAYOUT = """(() => {
    const views = () => document.querySelectorAll(
        'script[type="application/vnd.jupyter.widget-view+json"]').length;
    let total = null;
    document.addEventListener("DOMContentLoaded", () => { total = views(); });
    const frame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => total !== null && views() < total
        ? setTimeout(() => frame(callback), 2000)
        : frame(callback);
    document.addEventListener("pdf-ready", () => { window.printLaidOut = true; });
})()"""


@pytest.mark.browser
def test_widgets_are_drawn_however_long_the_print_layout_takes(decks: Path, browser) -> None:
    """A widget manager that ran while reveal.js had the slides out of the document found no
    view to draw, or lost the one it drew, with no error on the console: the slide stayed
    empty (now and then under load, in build_pdf). The deck starts it once the layout is
    done."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(SLOW_PRINT_LAYOUT)
    page.goto((decks / build_slides.deck_name(WITH_WIDGETS[0])).as_uri() + "?print-pdf")
    page.wait_for_function("window.printLaidOut === true", timeout=30_000)
    page.wait_for_function(build_pdf.WIDGETS_DRAWN, polling=100, timeout=15_000)
    assert page.locator(".pdf-page .widget-subarea > *").count() >= 1
    assert errors == []
    page.close()


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


#: Widgets on slides are measured where a lecturer projects them: 1280x720 and 1024x768.
PROJECTORS = [(1280, 720), (1024, 768)]
#: The smallest text a widget may draw on a slide, in pixels on the screen (the back row).
SMALLEST_TEXT = 16
#: Where the widget is on the screen, where its slide is, whether anything in the widget or
#: on its slide is scrolled or scrolls, and the smallest text it draws, in pixels on the
#: screen: each text's computed font size times the scale it is drawn at (reveal.js's
#: transform of the slide; for SVG text, the picture's scale too), with the text's place.
#: Text in sight only: not hidden, not transparent, not for screen readers only; the digits
#: drawn by ::before and the text in form fields count.
MEASURE_JS = """(el) => {
    const box = el.getBoundingClientRect();
    const slide = el.closest(".reveal .slides").getBoundingClientRect();
    const scale = box.width / el.offsetWidth;
    const seen = (e) => e.getClientRects().length > 0 && !e.closest(".lo-sr-only")
        && getComputedStyle(e).visibility !== "hidden";
    const inked = (style) => !/(rgba\\(.*, 0\\)|transparent)$/.test(style.color);
    const pixels = (e, style) => {
        const svg = e instanceof SVGElement ? e.ownerSVGElement : null;
        const drawn = svg ? svg.getBoundingClientRect().width / svg.viewBox.baseVal.width : scale;
        return parseFloat(style.fontSize) * drawn;
    };
    const texts = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const e = node.parentElement;
        if (!node.textContent.trim() || !seen(e) || !inked(getComputedStyle(e))) continue;
        texts.push([pixels(e, getComputedStyle(e)), node.textContent.trim().slice(0, 30)]);
    }
    for (const e of el.querySelectorAll("*")) {
        if (!seen(e)) continue;
        if (e.matches("input[type=text], select"))
            texts.push([pixels(e, getComputedStyle(e)), `<${e.localName}>`]);
        for (const pseudo of ["::before", "::after"]) {
            const style = getComputedStyle(e, pseudo);
            if (/^(none|normal|"")$/.test(style.content) || !inked(style)) continue;
            texts.push([pixels(e, style), `${pseudo} of .${e.classList[0]}`]);
        }
    }
    const scrolls = [el, ...el.querySelectorAll("*")].filter((e) => {
        const s = getComputedStyle(e);
        return /(auto|scroll)/.test(s.overflowX + s.overflowY)
            && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1);
    });
    const scrolled = [document.scrollingElement, ...document.querySelectorAll(".reveal *")]
        .filter((e) => e.scrollTop > 0 || e.scrollLeft > 0);
    texts.sort((a, b) => a[0] - b[0]);
    return {
        box: [box.left, box.top, box.right, box.bottom].map(Math.round),
        slide: [slide.left, slide.top, slide.right, slide.bottom].map(Math.round),
        screen: [innerWidth, innerHeight],
        smallest: [Math.round(10 * texts[0][0]) / 10, texts[0][1]],
        scrolls: scrolls.map((e) => e.className.baseVal ?? e.className),
        scrolled: scrolled.length,
    };
}"""


def fit_problems(lecture: str, index: int, m: dict) -> list[str]:
    """What keeps a lecturer's audience from seeing all of a widget, readably, at once."""
    left, top, right, bottom = m["box"]
    width, height = m["screen"]
    inside = (
        left >= max(0, m["slide"][0]) - 1
        and top >= max(0, m["slide"][1]) - 1
        and right <= min(width, m["slide"][2]) + 1
        and bottom <= min(height, m["slide"][3]) + 1
    )
    where = f"{lecture} widget {index} at {width}x{height}"
    problems = []
    if not inside:
        problems.append(f"{where}: its box {m['box']} is not inside the slide {m['slide']}")
    if m["smallest"][0] < SMALLEST_TEXT:
        problems.append(f"{where}: text of {m['smallest'][0]} px ({m['smallest'][1]!r})")
    if m["scrolls"] or m["scrolled"]:
        problems.append(f"{where}: scrolled ({m['scrolled']}) or scrolls ({m['scrolls']})")
    return problems


def focus_widget(widget) -> str:
    """Focus what a keyboard user lands on in the widget; return which kind of widget it is."""
    return widget.evaluate(
        """(el) => {
            const target = el.querySelector('[data-lo-cell][tabindex="0"]')
                || (el.matches('.lo-player') ? el
                    : el.querySelector('[data-lo-row], .lo-option input'));
            target.focus();
            return el.classList.contains('lo-game') ? 'game'
                : el.classList.contains('lo-player') ? 'player'
                : el.classList.contains('lo-question') ? 'question' : 'practice';
        }"""
    )


@pytest.mark.browser
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("lecture", WITH_WIDGETS, ids=[p.stem for p in WITH_WIDGETS])
def test_widgets_on_slides_fit_readably_and_keep_their_keys(
    decks: Path, deck_tab, lecture, language
) -> None:
    """On a projector (1280x720, 1024x768) every widget is wholly on its slide without
    scrolling, its smallest text at least 16 px on the screen; a focused widget's right arrow
    moves the widget, not the deck; with the focus elsewhere the lecturer's right arrow
    advances. Screenshots of every widget go to test-artifacts/slides."""
    page = deck_tab
    page.set_viewport_size({"width": PROJECTORS[0][0], "height": PROJECTORS[0][1]})
    folder = decks if language == "en" else decks.parent / "zh" / "slides"
    open_deck(page, folder / build_slides.deck_name(lecture))
    page.evaluate("Reveal.configure({ transition: 'none' })")  # nothing to wait for
    widgets = page.locator(".reveal .lo-widget")
    assert widgets.count() >= 1
    shots = ARTIFACTS / "slides"
    shots.mkdir(parents=True, exist_ok=True)
    problems = []
    for i in range(widgets.count()):
        widget = widgets.nth(i)
        place = widget.evaluate("(el) => Reveal.getIndices(el.closest('section'))")
        page.evaluate(f"Reveal.slide({place['h']}, {place.get('v') or 0})")
        for width, height in PROJECTORS:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_function(f"Reveal.getConfig() && innerWidth === {width}")
            widget.element_handle().wait_for_element_state("stable")
            problems += fit_problems(lecture.stem, i, widget.evaluate(MEASURE_JS))
            name = f"{language}-{lecture.stem}-{i}-{width}x{height}.png"
            page.screenshot(path=shots / name)
        kind = focus_widget(widget)
        before = page.evaluate("JSON.stringify(Reveal.getIndices())")
        step = widget.get_attribute("data-lo-step")
        page.keyboard.press("ArrowRight")
        assert page.evaluate("JSON.stringify(Reveal.getIndices())") == before, (kind, i)
        if kind == "game":  # the focus moved one cell to the right
            assert page.evaluate("document.activeElement.dataset.loCell").endswith(",1")
        elif kind == "player":
            assert widget.get_attribute("data-lo-step") == str(int(step) + 1)
        elif kind == "question":  # the arrow moved the choice to the second option
            assert page.evaluate("document.activeElement.value") == "1"
        page.evaluate("document.activeElement.blur()")
        page.keyboard.press("ArrowRight")  # the lecturer's clicker, the widget not focused
        page.wait_for_function(f"JSON.stringify(Reveal.getIndices()) !== {before!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lecture", WITH_WIDGETS, ids=[p.stem for p in WITH_WIDGETS])
def test_each_widget_gets_a_sub_slide_of_its_own(lecture: Path) -> None:
    """On a slide a widget needs all the room there is: the code that makes it stays where it
    was, the widget follows alone on a new sub-slide (no code, no text), and what came after
    it starts a new one."""
    nb = nbformat.read(lecture, as_version=4)
    views = [
        o
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.outputs
        if build_slides.WIDGET_VIEW in o.get("data", {})
    ]
    assert build_slides.widgets_on_their_own_slides(nb) == len(views) >= 1
    cells = [c for c in nb.cells if c.metadata.get("slideshow", {}).get("slide_type") != "skip"]
    starts = ("slide", "subslide")
    for before, cell, after in zip(cells[:-1], cells[1:], [*cells[2:], None], strict=True):
        if build_slides.WIDGET_SLIDE_TAG not in cell.metadata.get("tags", []):
            assert not any(
                build_slides.WIDGET_VIEW in o.get("data", {}) for o in cell.get("outputs", [])
            )
            continue
        assert cell.metadata.transient == {"remove_source": True}
        assert len(cell.outputs) == 1 and build_slides.WIDGET_VIEW in cell.outputs[0]["data"]
        assert cell.metadata.slideshow.slide_type == "subslide"
        assert before.cell_type == "code" and before.source == cell.source
        assert after is None or after.metadata.get("slideshow", {}).get("slide_type") in starts


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
