"""Print the course as A4 PDFs from a built site: lectures, exercises, guide, syllabus, slides.

Usage: ``python -m tools.build_pdf --site site --out pdf [--only NAME ...]`` (``make pdf``
builds the site first). Headless Debian Chromium (``/usr/bin/chromium``, driven by
Playwright; never ``playwright install``) opens each page of the site, waits until MathJax has
typeset every formula and every widget has been drawn, and prints it on A4 with a print style
sheet: no navigation bar, code wrapped instead of cut, and no page break inside a figure, a
widget, an output or a displayed formula. Widgets print as the picture of their current state.
Slides print through reveal.js's ``?print-pdf`` view, one slide per landscape A4 page.

What goes where, so that teacher-only material stays apart::

    pdf/student/lectures/NN_name.pdf        every lecture
    pdf/student/exercises/EN_name.pdf       every exercise set, solutions left out
    pdf/student/slides/NN_name.pdf          every lecture's slides
    pdf/student/reference/syllabus.pdf      the syllabus, the bibliography
    pdf/teacher/exercises/EN_name.pdf       every exercise set with its solutions
    pdf/teacher/instructor/guide.pdf        the instructor guide

and the same for the Chinese edition (the site's ``zh/`` pages) under ``pdf/student/zh/``
and ``pdf/teacher/zh/``. ``--only`` prints the jobs whose PDF name (e.g.
``E3_elimination``, ``guide``; ``E3_elimination.zh`` for the Chinese one) is given.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
#: The site folds each exercise solution into one of these (tools/site_assets/page.html.j2).
SOLUTION = "details.lo-solution"
PRINT_CSS = """
@page { size: A4; margin: 14mm 12mm 16mm 12mm; }
html, body { background: #fff !important; }
nav.lo-nav, .lo-skip-link { display: none !important; }
main, .jp-Notebook { max-width: none !important; padding: 0 !important; margin: 0 !important; }
pre, code, .highlight pre {
    white-space: pre-wrap !important; word-break: normal !important; overflow-wrap: anywhere;
}
.jp-OutputArea-output, .jp-RenderedImage, .jp-RenderedHTMLCommon table, img, svg, figure,
.widget-subarea, .animation, .MathJax_Display, .jp-CodeCell .jp-InputArea, details, pre.board,
.jp-RenderedMarkdown blockquote, .jp-RenderedMarkdown li {
    break-inside: avoid; page-break-inside: avoid;
}
img, svg { max-width: 100% !important; height: auto; }
h1, h2, h3, h4 { break-after: avoid; page-break-after: avoid; }
"""
SLIDE_CSS = (
    "pre, code { white-space: pre-wrap !important; word-break: normal !important;"
    " overflow-wrap: anywhere; }"
)
#: True once every widget view of the page has been drawn by the widget manager.
WIDGETS_DRAWN = """() => [...document.querySelectorAll(
    'script[type="application/vnd.jupyter.widget-view+json"]')].every(view => {
        const box = view.previousElementSibling;
        return box && box.classList.contains('widget-subarea') && box.childElementCount > 0;
    })"""
MATHJAX_DONE = """() => new Promise(done => {
    if (!window.MathJax || !MathJax.Hub) { done(); return; }
    MathJax.Hub.Queue(done);
})"""
#: reveal.js lays out its ?print-pdf pages before the widgets are drawn, so a slide that grew
#: with its widget would be cut: shrink such a slide to fit its page, as the projector does,
#: and centre again a slide that still fits (reveal.js centred it at its height without the
#: widget, so that a widget alone on its slide ran off the bottom of the page).
SLIDE_PAGES = """() => document.querySelectorAll('.pdf-page').forEach(box => {
    const slide = box.querySelector(':scope > section');
    if (!slide) { return; }
    slide.style.height = 'auto';
    const room = box.clientHeight - 8, tall = slide.scrollHeight;
    if (tall > room) {
        slide.style.zoom = room / tall;
        slide.style.top = '0px';
    } else {
        slide.style.top = `${(room - tall) / 2}px`;
    }
})"""
FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


@dataclass(frozen=True)
class Job:
    """One PDF: which page of the site, printed how, to which file."""

    page: str  # path of the page in the site
    pdf: str  # path of the PDF under the output folder
    mode: str = "page"  # "page", "student" (no solutions), "teacher" (solutions open), "slides"

    @property
    def name(self) -> str:
        stem = Path(self.pdf).stem
        return f"{stem}.zh" if Path(self.pdf).parts[1] == "zh" else stem


def jobs(site: Path) -> list[Job]:
    """Every PDF of the course, from the pages the site has: the English edition's, then
    the Chinese edition's (``zh/``) when the site has one."""
    found = _edition_jobs(site, "")
    if (site / "zh" / "index.html").exists():
        found += _edition_jobs(site, "zh/")
    return found


def _edition_jobs(site: Path, edition: str) -> list[Job]:
    """The PDFs of one edition: its pages under ``site/edition``, its PDFs under
    ``student/edition`` and ``teacher/edition``."""
    found: list[Job] = []
    student, teacher, pages = f"student/{edition}", f"teacher/{edition}", site / edition
    for page in sorted(pages.glob("lectures/*.html")):
        found.append(Job(f"{edition}lectures/{page.name}", f"{student}lectures/{page.stem}.pdf"))
    for page in sorted(pages.glob("exercises/*.html")):
        source = f"{edition}exercises/{page.name}"
        found.append(Job(source, f"{student}exercises/{page.stem}.pdf", "student"))
        found.append(Job(source, f"{teacher}exercises/{page.stem}.pdf", "teacher"))
    for page in sorted(pages.glob("reference/*.html")):
        found.append(Job(f"{edition}reference/{page.name}", f"{student}reference/{page.stem}.pdf"))
    for page in sorted(pages.glob("instructor/*.html")):
        found.append(
            Job(f"{edition}instructor/{page.name}", f"{teacher}instructor/{page.stem}.pdf")
        )
    for deck in sorted(pages.glob("slides/*.slides.html")):
        name = deck.name.removesuffix(".slides.html")
        found.append(Job(f"{edition}slides/{deck.name}", f"{student}slides/{name}.pdf", "slides"))
    return found


class Printer:
    """One headless Chromium, printing page after page."""

    def __init__(self, browser) -> None:
        self.browser = browser

    def print(self, url: str, out: Path, mode: str = "page", timeout: float = 60.0) -> None:
        """Print ``url`` to ``out`` once formulas and widgets are drawn (two tries: now and
        then the widget manager of a long run misses a view's first drawing)."""
        from playwright.sync_api import TimeoutError as Timeout

        try:
            self._print(url, out, mode, timeout)
        except Timeout:
            try:
                self._print(url, out, mode, timeout)
            except Timeout:
                raise RuntimeError(
                    f"build_pdf: {url}: MathJax or a widget was still not drawn after "
                    f"{timeout:g} s, twice"
                ) from None

    def _print(self, url: str, out: Path, mode: str, timeout: float) -> None:
        context = self.browser.new_context(viewport={"width": 1100, "height": 1400})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        try:
            page.goto(url + ("?print-pdf" if mode == "slides" else ""), wait_until="load")
            if mode == "slides":
                page.wait_for_selector(".reveal.ready", timeout=timeout * 1000)
            page.wait_for_function(WIDGETS_DRAWN, polling=100, timeout=timeout * 1000)
            if mode == "student":
                page.evaluate(f"document.querySelectorAll('{SOLUTION}').forEach(d => d.remove())")
            elif mode == "teacher":
                page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            page.evaluate(MATHJAX_DONE)
            if mode == "slides":
                page.add_style_tag(content=SLIDE_CSS)
                page.evaluate(SLIDE_PAGES)
            else:
                page.add_style_tag(content=PRINT_CSS)
            page.evaluate(FRAMES)
            if errors:
                raise RuntimeError(f"build_pdf: {url} raised {errors[0]}")
            out.parent.mkdir(parents=True, exist_ok=True)
            if mode == "slides":
                page.pdf(
                    path=str(out),
                    format="A4",
                    landscape=True,
                    print_background=True,
                    margin={"top": "0", "bottom": "0", "left": "0", "right": "0"},
                )
            else:
                page.pdf(
                    path=str(out), format="A4", print_background=True, prefer_css_page_size=True
                )
        finally:
            context.close()


@contextmanager
def printer(browser: Any = None) -> Iterator[Printer]:
    """A :class:`Printer` on Debian's Chromium; a clear message when something is missing.

    ``browser``: a Playwright browser already running (the tests share one), else one is
    started and stopped here.
    """
    if browser is not None:
        yield Printer(browser)
        return
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise SystemExit(
            "build_pdf needs Playwright: pip install -e '.[pdf]' (make test installs it)"
        ) from None
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"build_pdf needs Chromium at {CHROMIUM}: apt-get install chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield Printer(browser)
        finally:
            browser.close()


def build(
    site: Path, out: Path, only: list[str] | None = None, *, browser: Any = None
) -> list[Path]:
    """Print every job (or those named in ``only``) of the built ``site`` into ``out``.

    ``browser``: a running Playwright browser to print with (else one is started).
    """
    site = site.resolve()
    if not (site / "index.html").exists():
        raise SystemExit(f"build_pdf: {site} is not a built site (make site writes one)")
    chosen = [job for job in jobs(site) if not only or job.name in only]
    if only and not chosen:
        raise SystemExit(f"build_pdf: no page named {', '.join(only)} in {site}")
    written = []
    with printer(browser) as chromium:
        for job in chosen:
            started = time.perf_counter()
            chromium.print((site / job.page).as_uri(), out / job.pdf, job.mode)
            written.append(out / job.pdf)
            print(f"{time.perf_counter() - started:5.1f} s  {job.pdf}")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.build_pdf",
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--site", type=Path, default=Path("site"), help="the built site")
    parser.add_argument("--out", type=Path, default=Path("pdf"), help="output folder")
    parser.add_argument("--only", nargs="*", help="PDF names to print (default: all)")
    args = parser.parse_args(argv)
    written = build(args.site, args.out, args.only)
    print(f"Wrote {len(written)} PDFs to {args.out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
