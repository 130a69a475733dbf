"""The lecture slides (`make slides`, tools/build_slides.py) in headless Chromium: every slide
of every deck shows something, formulas are typeset, the arrow keys move forward and back,
and nothing is loaded from the internet."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.chromium import CHROMIUM, CHROMIUM_ARGS, require_chromium
from tools import build_slides

REPO = Path(__file__).resolve().parents[1]
LECTURES = build_slides.lectures(REPO / "notebooks")


@pytest.fixture(scope="module")
def decks(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("slides")
    build_slides.build(REPO / "notebooks", out)
    return out


@pytest.fixture(scope="module")
def browser():
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def test_there_is_a_deck_per_lecture_and_an_index(decks: Path) -> None:
    names = sorted(p.name for p in decks.glob("*.slides.html"))
    assert names == sorted(build_slides.deck_name(p) for p in LECTURES)
    index = (decks / "index.html").read_text()
    assert all(name in index for name in names)


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
    page.goto((decks / build_slides.deck_name(lecture)).as_uri())
    page.wait_for_selector(".reveal.ready", timeout=30_000)
    page.wait_for_function("window.MathJax && MathJax.Hub && MathJax.Hub.queue.pending === 0")
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
