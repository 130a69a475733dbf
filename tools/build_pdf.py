"""Print the course as A4 PDFs from a built site: lectures, exercises, guide, syllabus, slides.

Usage: ``python -m tools.build_pdf --site site --out pdf [--only NAME ...]`` (``make pdf``
builds the site first when it is missing or older than its sources). Headless Debian Chromium
(``/usr/bin/chromium``, driven by Playwright; never ``playwright install``) opens each page of
the site, a few at once, waits until MathJax has typeset every formula and every widget has
been drawn, and prints it on A4 with a print style sheet: no navigation bar, code wrapped
instead of cut, and no page break inside a figure, a widget, an output or a displayed formula.
Widgets print as the picture of their current state. Slides print through reveal.js's
``?print-pdf`` view, one slide per landscape A4 page. An exercise set is loaded once for both
of its PDFs.

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
from collections import deque
from collections.abc import Iterable, Iterator
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
#: What each mode does to the page before it is printed. The teacher's edition opens every
#: folded box and marks it; the student's, printed from the same page after it, removes the
#: solutions and folds the marked boxes again (a hint stays folded, as on a fresh page).
PREPARE = {
    "page": "() => {}",
    "teacher": """() => document.querySelectorAll('details:not([open])').forEach(box => {
        box.open = true;
        box.dataset.printOpened = '';
    })""",
    "student": f"""() => {{
        document.querySelectorAll('{SOLUTION}').forEach(box => box.remove());
        document.querySelectorAll('details[data-print-opened]').forEach(box => {{
            box.open = false;
            delete box.dataset.printOpened;
        }});
    }}""",
    "slides": SLIDE_PAGES,
}
PAGE_PDF: dict[str, Any] = {"format": "A4", "print_background": True, "prefer_css_page_size": True}
SLIDE_PDF: dict[str, Any] = {
    "format": "A4",
    "landscape": True,
    "print_background": True,
    "margin": {"top": "0", "bottom": "0", "left": "0", "right": "0"},
}


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


@dataclass(frozen=True)
class Order:
    """One page to load and the PDFs to print from it, each with its :class:`Job` mode, in
    turn: an exercise set loads once for its teacher PDF and then its student PDF."""

    url: str
    prints: tuple[tuple[str, Path], ...]  # (mode, PDF)

    @property
    def slides(self) -> bool:
        """Whether the page is a slide deck (printed through reveal.js's print view)."""
        return self.prints[0][0] == "slides"


@dataclass
class _Loading:
    """A page opened in a context of its own and loading: what it is for, and the errors it
    raised so far."""

    order: Order
    context: Any
    page: Any
    errors: list[str]


#: Pages loading at once while the first of them is printed: each renders in a process of
#: its own, so both cores work (the 80 PDFs took 168 s here instead of 268 s one by one; 2
#: at once was no faster than 3).
AT_ONCE = 3
#: The seconds a page may take to load and draw its formulas and widgets.
TIMEOUT = 30.0


def by_page(chosen: list[Job]) -> dict[str, list[Job]]:
    """The jobs grouped by the page they print, in the order of the first of each; a
    teacher's PDF comes before the student's PDF of the same page (see ``PREPARE``).

    Examples
    --------
    >>> two = [Job("e/E1.html", "student/E1.pdf", "student"), Job("l/1.html", "student/1.pdf"),
    ...        Job("e/E1.html", "teacher/E1.pdf", "teacher")]
    >>> {page: [job.mode for job in jobs] for page, jobs in by_page(two).items()}
    {'e/E1.html': ['teacher', 'student'], 'l/1.html': ['page']}
    """
    pages: dict[str, list[Job]] = {}
    for job in chosen:
        pages.setdefault(job.page, []).append(job)
    return {
        page: sorted(jobs, key=lambda job: job.mode != "teacher") for page, jobs in pages.items()
    }


class Printer:
    """One headless Chromium, printing while the next pages load."""

    def __init__(self, browser: Any, at_once: int = AT_ONCE) -> None:
        self.browser = browser
        self.at_once = at_once

    def print(self, url: str, out: Path, mode: str = "page") -> None:
        """Print ``url`` to ``out`` once formulas and widgets are drawn."""
        for _ in self.print_all([Order(url, ((mode, out),))]):
            pass

    def print_all(self, orders: Iterable[Order], timeout: float = TIMEOUT) -> Iterator[Path]:
        """Print every order, in order, yielding each PDF once written; the next
        ``at_once - 1`` pages load meanwhile."""
        loading: deque[_Loading] = deque()
        try:
            for order in orders:
                loading.append(self._open(order))
                if len(loading) == self.at_once:
                    yield from self._finish(loading.popleft(), timeout)
            while loading:
                yield from self._finish(loading.popleft(), timeout)
        finally:
            for left in loading:
                left.context.close()

    def _open(self, order: Order) -> _Loading:
        """Start loading the page of ``order`` (returns as soon as it is under way)."""
        context = self.browser.new_context(viewport={"width": 1100, "height": 1400})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(order.url + ("?print-pdf" if order.slides else ""), wait_until="commit")
        return _Loading(order, context, page, errors)

    def _finish(self, loading: _Loading, timeout: float) -> list[Path]:
        """Print a loading page once it is drawn; an error naming it if it is not in time."""
        from playwright.sync_api import TimeoutError as Timeout

        try:
            return self._print(loading, timeout)
        except Timeout:
            raise RuntimeError(
                f"build_pdf: {loading.order.url}: MathJax or a widget was still not drawn "
                f"after {timeout:g} s (errors on the page: {loading.errors or 'none'})"
            ) from None

    def _print(self, loading: _Loading, timeout: float) -> list[Path]:
        """Wait until the page is drawn, then prepare it for paper and print it once per PDF
        of its order (then close it)."""
        page, order = loading.page, loading.order
        try:
            page.wait_for_load_state("load", timeout=timeout * 1000)
            if order.slides:
                page.wait_for_selector(".reveal.ready", timeout=timeout * 1000)
            page.wait_for_function(WIDGETS_DRAWN, polling=100, timeout=timeout * 1000)
            page.evaluate(MATHJAX_DONE)
            page.add_style_tag(content=SLIDE_CSS if order.slides else PRINT_CSS)
            for mode, out in order.prints:
                page.evaluate(PREPARE[mode])
                page.evaluate(FRAMES)
                if loading.errors:
                    raise RuntimeError(f"build_pdf: {order.url} raised {loading.errors[0]}")
                out.parent.mkdir(parents=True, exist_ok=True)
                page.pdf(path=str(out), **(SLIDE_PDF if order.slides else PAGE_PDF))
            return [out for _, out in order.prints]
        finally:
            loading.context.close()


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
    orders = [
        Order((site / page).as_uri(), tuple((job.mode, out / job.pdf) for job in same))
        for page, same in by_page(chosen).items()
    ]
    written = []
    started = time.perf_counter()
    with printer(browser) as chromium:
        for pdf in chromium.print_all(orders):
            written.append(pdf)
            print(f"{time.perf_counter() - started:6.1f} s  {pdf.relative_to(out)}")
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
