"""Build the offline course site: every lecture and exercise notebook as a static HTML page.

Usage: ``python -m tools.build_site [--notebooks notebooks] [--out site] [--no-solutions]``
(``make site``). Open ``site/index.html`` in any browser: nothing is loaded from the internet.
The index shows, per lecture, its time (from ``notebooks/course.toml``), learning goals,
exercises and slides (built into ``site/slides`` by tools/build_slides.py); the instructor
guide and the bibliography follow.

Each page shows the notebook with its stored outputs (figures, LaTeX typeset by a bundled
MathJax 2, ``to_jshtml()`` animations that play without a kernel) and its widgets, which play
here too: the saved widget state is rendered by the ipywidgets HTML manager with anywidget's
front end, both copied from the npm packages in ``tools/site_js`` (installed with ``npm ci``
on first use), never from a CDN. Exercise solutions are folded away under "Show solution"
(or left out with ``--no-solutions``).
"""

from __future__ import annotations

import argparse
import functools
import html
import re
import shutil
import sys
import tomllib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter
from nbconvert.filters.markdown import markdown2html

from lightsout_edu._i18n import set_language, t
from lightsout_edu.widgets._frontend import refresh_saved_views
from tools import build_slides
from tools.offline_assets import (
    ASSETS,
    CDN_STYLESHEET,
    FAVICON,
    copy_assets,
    external_assets,
)
from tools.page_links import CHINESE_SUFFIX, is_chinese, notebook_title, relink_notebooks

GOALS_HEADING = re.compile(
    r"^(#{1,6}\s+|\*\*|__)?\s*(learning\s+goals|goals|learning\s+objectives|objectives"
    r"|what\s+you\s+will\s+learn|you\s+will\s+learn|by\s+the\s+end)\b",
    re.IGNORECASE,
)
LECTURE_PREFIX = re.compile(r"^Lecture\s+\d+\s*[—–:.-]\s*", re.IGNORECASE)  # shown as a label
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.*)$")
#: The frame slider of a matplotlib to_jshtml() animation, which has no name of its own.
ANIMATION_SLIDER = re.compile(r'(<input\b[^>]*\bclass="anim-slider")')
#: nbconvert makes every cell's code and every output a Tab stop, with no role and no name;
#: on the site only those that scroll sideways are (tools/site_assets/scrolling.js).
FOCUSABLE_BOX = re.compile(
    r'(<div class="[^"]*\b(?:jp-Cell-inputWrapper|jp-OutputArea-output)\b[^"]*"[^>]*?)'
    r' tabindex="0"'
)
#: The output holding a widget, with the id a skip link can point to.
WIDGET_OUTPUT = re.compile(r'<div class="jupyter-widgets\b[^"]*" id="([^"]+)"')


@dataclass
class Page:
    """One notebook of the course and where its HTML page goes."""

    source: Path
    kind: str  # "lecture", "exercise" or "reference" (the instructor guide, the bibliography)
    href: str  # path of the page relative to the site root
    title: str
    goals: list[str]
    number: int | None


def learning_goals(nb: nbformat.NotebookNode) -> list[str]:
    """List items under a "Learning goals" (or "Goals", "Objectives", ...) heading.

    Looks through the first Markdown cells; block quotes are unwrapped, so a heading in a
    ``> **Learning goals**`` box counts too.
    """
    markdown = [c.source for c in nb.cells if c.cell_type == "markdown"][:4]
    for source in markdown:
        lines = [re.sub(r"^\s*>\s?", "", line) for line in source.splitlines()]
        for start, line in enumerate(lines):
            if GOALS_HEADING.match(line.strip()):
                return _list_after(lines[start + 1 :])
    return []


def _list_after(lines: list[str]) -> list[str]:
    items: list[str] = []
    for line in lines:
        stripped = line.strip()
        item = LIST_ITEM.match(line)
        if item:
            items.append(item.group(1).strip())
        elif not stripped:
            continue
        elif stripped.startswith("#"):
            break
        elif items and line[:1] in (" ", "\t"):
            items[-1] += " " + stripped  # a list item continued on the next line
        elif items:
            break
    return items


def english(paths: Iterable[Path]) -> list[Path]:
    """The English notebooks among ``paths``, sorted (their Chinese editions left out)."""
    return sorted(path for path in paths if not is_chinese(path))


def chinese(paths: Iterable[Path]) -> list[Path]:
    """The Chinese editions among ``paths``, sorted."""
    return sorted(path for path in paths if is_chinese(path))


def discover(notebook_dir: Path, language: str = "en") -> list[Page]:
    """Lectures (``NN_*.ipynb``) in number order, each followed by its exercises; then the
    instructor guide and the bibliography: of the English edition or (``"zh"``) the Chinese."""
    edition = chinese if language == "zh" else english
    lectures = edition(notebook_dir.glob("[0-9][0-9]_*.ipynb"))
    exercises = edition((notebook_dir / "exercises").glob("*.ipynb"))
    pages = [_page(path, "lecture", "lectures") for path in lectures]
    pages += [_page(path, "exercise", "exercises") for path in exercises]
    never = 10**6  # unnumbered exercises go last
    pages.sort(key=lambda p: (never if p.number is None else p.number, p.kind != "lecture", p.href))
    for folder in REFERENCE_FOLDERS:
        pages += [
            _page(path, "reference", folder)
            for path in edition((notebook_dir / folder).glob("*.ipynb"))
        ]
    return pages


#: Folders of notebooks that are neither lectures nor exercises, shown after them.
REFERENCE_FOLDERS = ("instructor", "reference")


def course_plan(notebook_dir: Path) -> dict[str, dict]:
    """``course.toml`` by lecture notebook name (minutes, exercises, session), if present."""
    plan_file = notebook_dir / "course.toml"
    if not plan_file.exists():
        return {}
    plan = tomllib.loads(plan_file.read_text(encoding="utf-8"))
    return {lecture["notebook"]: lecture for lecture in plan.get("lecture", [])}


def page_stem(path: Path) -> str:
    """The name of a notebook's page: the same for both editions (``01_the_game``)."""
    return path.name.removesuffix(CHINESE_SUFFIX).removesuffix(".ipynb")


def _page(path: Path, kind: str, folder: str) -> Page:
    nb = nbformat.read(path, as_version=4)
    stem = page_stem(path)
    number = re.search(r"(\d+)", stem) if kind != "reference" else None
    fallback = stem.split("_", 1)[-1].replace("_", " ").capitalize()
    return Page(
        source=path,
        kind=kind,
        href=f"{folder}/{stem}.html",
        title=notebook_title(nb, fallback),
        goals=learning_goals(nb) if kind == "lecture" else [],
        number=int(number.group(1)) if number else None,
    )


def prepare(nb: nbformat.NotebookNode, *, solutions: bool) -> nbformat.NotebookNode:
    """Make the notebook renderable offline (in place): CDN stylesheets are dropped from HTML
    outputs, the course widgets get this package's view code (their saved state is kept), and
    solutions are removed if asked."""
    refresh_saved_views(nb.metadata)
    if not solutions:
        nb.cells = [c for c in nb.cells if "solution" not in c.metadata.get("tags", [])]
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "text/html" in data:
                page = CDN_STYLESHEET.sub("", "".join(data["text/html"]))
                data["text/html"] = ANIMATION_SLIDER.sub(r'\1 aria-label="Frame"', page)
    return nb


@dataclass(frozen=True)
class Edition:
    """One language of the site: English at the top, Chinese under ``zh/``.

    The two editions have the same pages (``lectures/01_the_game.html``), so every page links
    to itself in the other language; they share one copy of the assets.
    """

    language: str  # "en" or "zh"
    folder: str  # where its pages go, relative to the site ("" or "zh/")
    lang: str  # the HTML lang attribute
    other_folder: str
    other_name: str  # the switch's text, in the other language
    paired: bool = False  # whether the other edition is built too (then every page links it)

    def to_site(self, href: str) -> str:
        """The path from the page ``href`` (relative to the edition) to the site's top."""
        return "../" * (href.count("/") + self.folder.count("/"))

    def switch(self, href: str) -> str:
        """A link to the same page in the other language (nothing when there is none)."""
        if not self.paired:
            return ""
        other = f"{self.to_site(href)}{self.other_folder}{href}"
        return (
            f'<a class="lo-language" href="{other}" lang="{OTHER_LANG[self.language]}" '
            f'hreflang="{OTHER_LANG[self.language]}">{self.other_name}</a>'
        )


ENGLISH = Edition("en", "", "en", "zh/", "中文")
CHINESE = Edition("zh", "zh/", "zh-Hans", "", "English")
OTHER_LANG = {"en": "zh-Hans", "zh": "en"}


def theme_toggle() -> str:
    """The scheme switch (tools/site_assets/theme.js wires it): a toggle button, on = dark."""
    label = html.escape(t("Dark theme"))
    return f'<button class="lo-theme-toggle" type="button" aria-pressed="false">{label}</button>'


def nav_bar(
    pages: list[Page], index: int, root: str, *, where: str = "top", edition: Edition = ENGLISH
) -> str:
    """Previous / course index / next links for ``pages[index]`` (and, at the top, the
    language and theme switches); each of the two bars of a page has a name of its own."""

    def link(i: int, css: str, arrow: str) -> str:
        if not 0 <= i < len(pages):
            return f'<span class="{css}"></span>'
        text = f"{arrow} {html.escape(pages[i].title)}"
        if css.endswith("next"):
            text = f"{html.escape(pages[i].title)} {arrow}"
        return f'<a class="{css}" href="{root}{pages[i].href}" rel="{css[7:]}">{text}</a>'

    label = t("Course navigation") if where == "top" else t("Course navigation (end of page)")
    return (
        f'<nav class="lo-nav" aria-label="{html.escape(label)}">'
        + link(index - 1, "lo-nav-prev", "\u2190")
        + f'<a class="lo-nav-index" href="{root}index.html">{html.escape(t("Course index"))}</a>'
        + link(index + 1, "lo-nav-next", "\u2192")
        + (edition.switch(pages[index].href) + theme_toggle() if where == "top" else "")
        + "</nav>"
    )


def link_notebooks(page_html: str, page: Page, pages: list[Page]) -> str:
    """Point every link to a course notebook at that notebook's page (an .ipynb file is not
    on the site); a link to a notebook the site does not have is an error."""
    root = "../" * page.href.count("/")
    hrefs = {p.source.resolve(): f"{root}{p.href}" for p in pages}
    return relink_notebooks(page_html, page.source, hrefs)


@functools.cache
def page_exporter() -> HTMLExporter:
    """The exporter of every page: one, as nbconvert's own command has, so that its templates
    are compiled once (an exporter per page made a fifth of the site's build)."""
    return HTMLExporter(
        template_name="lab",
        template_file="page.html.j2",
        extra_template_paths=[str(ASSETS)],
    )


def render_page(
    pages: list[Page], index: int, *, solutions: bool, edition: Edition = ENGLISH
) -> str:
    """The HTML of ``pages[index]``, with navigation, in the edition's language."""
    page = pages[index]
    nb = prepare(nbformat.read(page.source, as_version=4), solutions=solutions)
    nb.metadata["title"] = page.title
    root = "../" * page.href.count("/")
    top, bottom = (
        nav_bar(pages, index, root, where=where, edition=edition) for where in ("top", "bottom")
    )
    site = {"root": edition.to_site(page.href), "nav_top": top, "nav_bottom": bottom}
    site |= {"favicon": FAVICON, "show_solution": t("Show solution")}
    site |= {"scroll_label": t("Wide content: scroll it with the arrow keys")}
    body, _ = page_exporter().from_notebook_node(nb, resources={"site": site})
    # nbconvert's lab template takes ISO 639-1 codes only ("zh-Hans" becomes "en")
    body = body.replace('<html lang="en">', f'<html lang="{edition.lang}">', 1)
    body = FOCUSABLE_BOX.sub(r"\1", body)
    return link_notebooks(with_skip_link(body), page, pages)


def with_skip_link(page_html: str) -> str:
    """The page with a link at its top that skips to its first widget (if it has one): a
    keyboard reader gets there in two Tabs instead of passing every link before it."""
    widget = WIDGET_OUTPUT.search(page_html)
    if widget is None:
        return page_html
    text = html.escape(t("Skip to the first widget"))
    link = f'<a class="lo-skip-link" href="#{widget.group(1)}">{text}</a>'
    return page_html.replace("<main>", f"<main>\n{link}", 1)


def render_index(
    pages: list[Page],
    plan: dict[str, dict] | None = None,
    slides: dict[str, str] | None = None,
    edition: Edition = ENGLISH,
) -> str:
    """The course index: per lecture its time, learning goals, exercises and slides; then the
    exercises and the pages for lecturers."""
    plan, slides = plan or {}, slides or {}
    by_number: dict[int, list[Page]] = {}
    for page in pages:
        if page.kind == "exercise" and page.number is not None:
            by_number.setdefault(page.number, []).append(page)
    items = []
    for page in (p for p in pages if p.kind == "lecture"):
        goals = "".join(f"<li>{_inline_markdown(g)}</li>" for g in page.goals)
        goals_html = (
            f'<p class="lo-goals-title">{t("Learning goals")}</p><ul class="lo-goals">{goals}</ul>'
            if goals
            else ""
        )
        entry = plan.get(page.source.name, {})
        extra = by_number.get(page.number, []) if page.number is not None else []
        exercise_links = ", ".join(f'<a href="{e.href}">{html.escape(e.title)}</a>' for e in extra)
        if extra and "exercise_minutes" in entry:
            exercise_links += t(" (about {minutes} minutes)", minutes=entry["exercise_minutes"])
        facts = []
        if "minutes" in entry:
            minutes = t("{minutes} minutes", minutes=entry["minutes"])
            facts.append(f'<span class="lo-minutes">{minutes}</span>')
        deck = slides.get(page_stem(page.source) + ".ipynb")
        if deck:
            facts.append(f'<a class="lo-slides" href="{deck}">{t("slides")}</a>')
        title = html.escape(LECTURE_PREFIX.sub("", page.title))
        exercises_line = t("Exercises: {links}", links=exercise_links)
        items.append(
            '<li class="lo-lecture">'
            f'<h2><span class="lo-number">{t("Lecture {n}", n=page.number)}</span>'
            f'<a href="{page.href}">{title}</a></h2>'
            + (f'<p class="lo-facts">{" · ".join(facts)}</p>' if facts else "")
            + goals_html
            + (f'<p class="lo-exercise-links">{exercises_line}</p>' if extra else "")
            + "</li>"
        )
    exercises = "".join(
        f'<li><a href="{p.href}">{html.escape(p.title)}</a></li>'
        for p in pages
        if p.kind == "exercise"
    )
    references = "".join(
        f'<li><a href="{p.href}">{html.escape(p.title)}</a></li>'
        for p in pages
        if p.kind == "reference"
    )
    assets = edition.to_site("index.html")
    mathjax = (
        (ASSETS / "mathjax_local.html.j2").read_text().replace("{{ resources.site.root }}", assets)
    )
    mathjax = re.sub(r"\{#.*?#\}\s*", "", mathjax, flags=re.DOTALL)  # Jinja comments
    title = html.escape(t("Lights Out: linear algebra over GF(2)"))
    lead = t(
        "The lectures with their stored outputs, readable without installing anything. The "
        "widgets work here too: play the board, step through an elimination, reduce a matrix "
        "by hand. To change the code and run it, open the notebooks (<code>make lab</code>)."
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{edition.lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1.0">\n'
        f"<title>{title}</title>\n"
        f'<script src="{assets}assets/theme.js"></script>\n'
        f'<link rel="stylesheet" href="{assets}assets/site.css">\n{FAVICON}\n{mathjax}</head>\n'
        '<body class="lo-index">\n'
        f'<header class="lo-index-header">{edition.switch("index.html")}{theme_toggle()}'
        "</header>\n<main>\n"
        f"<h1>{title}</h1>\n"
        f'<p class="lo-lead">{lead}</p>\n'
        f'<ol class="lo-lectures">{"".join(items)}</ol>\n'
        + (
            f'<h2 id="exercises">{t("Exercises")}</h2>\n<ul class="lo-exercises">{exercises}</ul>\n'
            if exercises
            else ""
        )
        + (
            f'<h2 id="lecturers">{t("For lecturers and further reading")}</h2>\n'
            f'<ul class="lo-references">{references}</ul>\n'
            if references
            else ""
        )
        + "</main>\n</body>\n</html>\n"
    )


def _inline_markdown(text: str) -> str:
    rendered = markdown2html(text).strip()
    return re.sub(r"^<p>(.*)</p>$", r"\1", rendered, flags=re.DOTALL)


def build(
    notebook_dir: Path, out: Path, *, solutions: bool = True, slides: bool = True
) -> list[Page]:
    """Write the whole site to ``out`` and return its pages in reading order.

    With ``slides`` (and a ``course.toml``) the lectures' reveal.js decks go to ``out/slides``
    and the index links them.
    """
    pages = discover(notebook_dir)
    if not pages:
        raise SystemExit(f"build_site: no notebooks found in {notebook_dir}")
    shutil.rmtree(out / CHINESE.folder, ignore_errors=True)
    copy_assets(out)
    chinese_pages = discover(notebook_dir, "zh")
    if chinese_pages and [p.href for p in chinese_pages] != [p.href for p in pages]:
        missing = sorted({p.href for p in pages} - {p.href for p in chinese_pages})
        raise SystemExit(f"build_site: the Chinese edition lacks {missing}")
    paired = bool(chinese_pages)
    first = replace(ENGLISH, paired=paired)
    problems = write_edition(notebook_dir, out, pages, first, solutions=solutions, slides=slides)
    if paired:
        second = replace(CHINESE, paired=True)
        problems += write_edition(
            notebook_dir, out, chinese_pages, second, solutions=solutions, slides=slides
        )
    if problems:
        raise SystemExit("build_site: these would load from the internet:\n" + "\n".join(problems))
    return pages


def write_edition(
    notebook_dir: Path,
    out: Path,
    pages: list[Page],
    edition: Edition,
    *,
    solutions: bool,
    slides: bool,
) -> list[str]:
    """Write one language's pages, index and slides; return the tags that would load from the
    internet (none, normally)."""
    root = out / edition.folder
    for folder in ("lectures", "exercises", "slides", *REFERENCE_FOLDERS):  # generated wholly
        shutil.rmtree(root / folder, ignore_errors=True)
    plan = course_plan(notebook_dir)
    decks: dict[str, str] = {}
    problems = []
    with speaking(edition.language):
        if slides and plan:
            links = {p.source.resolve(): f"../{p.href}" for p in pages}
            built = build_slides.build(
                notebook_dir,
                root / "slides",
                assets=out / "assets",
                links=links,
                language=edition.language,
            )
            for deck in built:
                decks[deck.name.removesuffix(".slides.html") + ".ipynb"] = f"slides/{deck.name}"
        for index, page in enumerate(pages):
            target = root / page.href
            target.parent.mkdir(parents=True, exist_ok=True)
            page_html = render_page(pages, index, solutions=solutions, edition=edition)
            problems += [
                f"{edition.folder}{page.href}: {tag}" for tag in external_assets(page_html)
            ]
            target.write_text(page_html, encoding="utf-8")
        index_html = render_index(pages, plan, decks, edition)
    (root / "index.html").write_text(index_html, encoding="utf-8")
    return problems


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """The site's own words (navigation, the index) in ``language`` while it is written."""
    set_language(language)
    try:
        yield
    finally:
        set_language(None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.build_site",
        description="Render every lecture and exercise notebook to an offline HTML site.",
    )
    parser.add_argument(
        "--notebooks",
        type=Path,
        default=Path("notebooks"),
        help="folder with NN_*.ipynb lectures and exercises/ (default: notebooks)",
    )
    parser.add_argument(
        "--out", type=Path, default=Path("site"), help="output folder (default: site)"
    )
    parser.add_argument(
        "--no-solutions",
        action="store_true",
        help="leave out cells tagged 'solution' instead of folding them away",
    )
    parser.add_argument(
        "--no-slides", action="store_true", help="do not build the lectures' slides into slides/"
    )
    args = parser.parse_args(argv)
    pages = build(
        args.notebooks, args.out, solutions=not args.no_solutions, slides=not args.no_slides
    )
    missing = [p.source.name for p in pages if p.kind == "lecture" and not p.goals]
    if missing:
        print("build_site: no learning goals found in " + ", ".join(missing), file=sys.stderr)
    print(f"Wrote {len(pages)} pages to {args.out}/ (open {args.out / 'index.html'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
