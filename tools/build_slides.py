"""Build reveal.js slide decks of the lectures that work offline.

Usage: ``python -m tools.build_slides [--notebooks notebooks] [--out slides]``
(``make slides``). Open ``slides/index.html``: one deck per lecture, in the order of
``notebooks/course.toml``.

The decks come from the same notebooks as everything else: every lecture cell carries a
``slideshow`` slide type (set by ``tools/execute_notebooks.py``: a slide per section, a
sub-slide per step), and nbconvert's reveal.js exporter turns them into slides with the stored
outputs, widgets included. reveal.js, jQuery and MathJax 2 (SVG output) come from the npm
packages of ``tools/site_js``, copied next to the decks: a deck
opened from disk (``file://``) on a projector with no network loads nothing from the internet.
Long slides scroll, but a widget never does: it gets a sub-slide of its own, after the code
that makes it, laid out for the slide (``site.css``, and the widgets' own slide layout), so
that at 1280x720 or 1024x768 all of it is in sight and its text readable from the back row.
Press ``s`` for the speaker view, ``Esc`` for the overview.
"""

from __future__ import annotations

import argparse
import functools
import html
import os
import shutil
import sys
import tomllib
from pathlib import Path

import nbformat
from nbconvert import SlidesExporter

from lightsout_edu._i18n import t
from lightsout_edu.widgets._frontend import refresh_saved_views
from tools.offline_assets import (
    ASSETS,
    FAVICON,
    copy_site_styles,
    copy_widget_renderer,
    external_assets,
    widget_packages,
)
from tools.page_links import CHINESE_SUFFIX, notebook_title, relink_notebooks

#: Files of reveal.js (and jQuery, which nbconvert's template uses) copied next to the decks.
REVEAL_FILES = ("reveal.js/dist", "reveal.js/plugin")
JQUERY = "jquery/dist/jquery.min.js"
#: The parts of MathJax 2 that its SVG output needs (about 6 MB of the package's 73).
MATHJAX_SVG = (
    "MathJax.js",
    "config/TeX-AMS-MML_SVG-full.js",
    "config/Safe.js",
    "extensions",
    "jax/element",
    "jax/input",
    "jax/output/SVG/jax.js",
    "jax/output/SVG/config.js",
    "jax/output/SVG/autoload",
    "jax/output/SVG/fonts/TeX",
    "localization/en",
)

#: The output type that shows a widget (its model's state is in the notebook's metadata).
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The tag of a cell that shows a widget on a sub-slide of its own (on the slide, the class
#: ``celltag_lo-widget-slide``).
WIDGET_SLIDE_TAG = "lo-widget-slide"


def deck_name(notebook: Path) -> str:
    """The file name of a lecture's deck: ``01_the_game.slides.html`` (in either language)."""
    return f"{notebook.name.removesuffix(CHINESE_SUFFIX).removesuffix('.ipynb')}.slides.html"


def lectures(notebook_dir: Path, language: str = "en") -> list[Path]:
    """The lecture notebooks in the order of ``course.toml`` (or their Chinese editions)."""
    plan = tomllib.loads((notebook_dir / "course.toml").read_text(encoding="utf-8"))
    found = [notebook_dir / lecture["notebook"] for lecture in plan["lecture"]]
    if language == "zh":
        found = [path.with_name(path.stem + CHINESE_SUFFIX) for path in found]
    return found


def copy_assets(out: Path, assets: Path) -> None:
    """reveal.js next to the decks; jQuery, MathJax and the widget renderer into ``assets``."""
    mathjax = [f"mathjax/{part}" for part in MATHJAX_SVG]
    modules = widget_packages((*REVEAL_FILES, JQUERY, *mathjax))
    for folder in REVEAL_FILES:
        shutil.copytree(modules / folder, out / folder, dirs_exist_ok=True)
    assets.mkdir(parents=True, exist_ok=True)
    shutil.copy2(modules / JQUERY, assets / "jquery.js")
    for part in MATHJAX_SVG:
        source, target = modules / "mathjax" / part, assets / "mathjax-svg" / part
        target.parent.mkdir(parents=True, exist_ok=True)
        if source.is_dir():
            shutil.copytree(source, target, dirs_exist_ok=True)
        else:
            shutil.copy2(source, target)
    copy_site_styles(assets)
    copy_widget_renderer(assets.parent)


def widgets_on_their_own_slides(nb: nbformat.NotebookNode) -> int:
    """Move each widget a code cell shows to a sub-slide of its own; return how many moved.

    The code (and its other outputs) stays where it was; the widget follows on a new
    sub-slide, without the code, and what came after it starts a sub-slide of its own.

    >>> nb = nbformat.v4.new_notebook(cells=[
    ...     nbformat.v4.new_code_cell("game", outputs=[nbformat.v4.new_output(
    ...         "display_data", data={WIDGET_VIEW: {"model_id": "1"}})]),
    ...     nbformat.v4.new_markdown_cell("Now press.")])
    >>> widgets_on_their_own_slides(nb)
    1
    >>> [(c.source, len(c.get("outputs", [])), c.metadata.get("slideshow")) for c in nb.cells]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('game', 0, None), ('game', 1, {'slide_type': 'subslide'}),
     ('Now press.', 0, {'slide_type': 'subslide'})]
    """
    cells: list[nbformat.NotebookNode] = []
    moved = 0
    after_widget = False  # the next cell shown would continue a widget's slide
    for cell in nb.cells:
        slide_type = cell.metadata.get("slideshow", {}).get("slide_type", "-")
        if after_widget and slide_type in ("-", "fragment"):
            cell.metadata["slideshow"] = {"slide_type": "subslide"}
        after_widget = after_widget and slide_type in ("skip", "notes")
        cells.append(cell)
        if cell.cell_type != "code" or slide_type in ("skip", "notes"):
            continue
        views = [output for output in cell.outputs if WIDGET_VIEW in output.get("data", {})]
        after_widget = after_widget or bool(views)
        cell.outputs = [output for output in cell.outputs if output not in views]
        for k, view in enumerate(views, start=1):
            shown = nbformat.v4.new_code_cell(
                cell.source, execution_count=cell.execution_count, outputs=[view]
            )
            shown.id = f"{cell.get('id', 'cell')}-widget-{k}"  # the same in every build
            shown.metadata.update(
                slideshow={"slide_type": "subslide"},
                tags=[WIDGET_SLIDE_TAG],
                transient={"remove_source": True},
            )
            cells.append(shown)
        moved += len(views)
    nb.cells = cells
    return moved


@functools.cache
def deck_exporter() -> SlidesExporter:
    """The exporter of every deck: one, so that its templates are compiled once."""
    return SlidesExporter(
        template_file="slides.html.j2",
        extra_template_paths=[str(ASSETS)],
        reveal_url_prefix="reveal.js",
        reveal_scroll=True,
        reveal_number="c/t",
        reveal_theme="white",
    )


def render_deck(notebook: Path, root: str, language: str = "en") -> str:
    """One lecture as a reveal.js deck; ``root`` is the path from the deck to ``assets/``."""
    nb = nbformat.read(notebook, as_version=4)
    refresh_saved_views(nb.metadata)
    widgets_on_their_own_slides(nb)
    nb.metadata["title"] = notebook_title(nb, notebook.stem)
    lang = "zh-Hans" if language == "zh" else "en"
    body, _ = deck_exporter().from_notebook_node(nb, resources={"site": {"root": root}})
    # nbconvert's templates take ISO 639-1 codes only ("zh-Hans" becomes "en")
    return body.replace('<html lang="en">', f'<html lang="{lang}">', 1)


def render_index(decks: list[tuple[str, str]], language: str = "en", root: str = "") -> str:
    """A page listing the decks (its words in the current language), in the site's style;
    ``root`` is the path from the page to ``assets/``."""
    items = "".join(
        f'<li><a href="{html.escape(href)}">{html.escape(title)}</a></li>' for href, title in decks
    )
    title = html.escape(t("{course}: slides", course=t("Lights Out: linear algebra over GF(2)")))
    keys = t(
        "Arrow keys move between slides, <kbd>Esc</kbd> shows the overview, <kbd>s</kbd> the "
        "speaker view."
    )
    lang = "zh-Hans" if language == "zh" else "en"
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1.0">\n'
        f"<title>{title}</title>\n{FAVICON}\n"
        f'<script src="{root}assets/theme.js"></script>\n'
        f'<link rel="stylesheet" href="{root}assets/site.css">\n</head>\n'
        f'<body class="lo-index">\n<main>\n<h1>{title}</h1>\n<ol class="lo-decks">{items}</ol>\n'
        f"<p>{keys}</p>\n</main>\n</body>\n</html>\n"
    )


def build(
    notebook_dir: Path,
    out: Path,
    *,
    assets: Path | None = None,
    links: dict[Path, str] | None = None,
    language: str = "en",
) -> list[Path]:
    """Write a deck per lecture and an index to ``out``; return the decks.

    ``assets`` (default ``out/assets``) holds MathJax and the widget renderer; the course site
    passes its own, so the two share one copy. ``links`` says where a link to a notebook goes
    (the course site passes its pages); without it a link to a lecture goes to its deck and a
    link to another notebook becomes plain text.
    """
    notebooks = lectures(notebook_dir, language)
    missing = [str(p) for p in notebooks if not p.exists()]
    if missing:
        raise SystemExit(f"build_slides: course.toml names missing notebooks: {missing}")
    out.mkdir(parents=True, exist_ok=True)
    assets = out / "assets" if assets is None else assets
    copy_assets(out, assets)
    if assets.name != "assets":
        raise ValueError(f"assets must be a folder named 'assets', not {assets}")
    relative = _relative(assets.parent, out)
    written, problems, decks = [], [], []
    decks_of = {p.resolve(): deck_name(p) for p in notebooks}
    for notebook in notebooks:
        page = relink_notebooks(
            render_deck(notebook, relative, language),
            notebook,
            decks_of if links is None else links,
            unlink_missing=links is None,
        )
        target = out / deck_name(notebook)
        problems += [f"{target.name}: {tag}" for tag in external_assets(page)]
        target.write_text(page, encoding="utf-8")
        written.append(target)
        decks.append((target.name, notebook_title(nbformat.read(notebook, 4), notebook.stem)))
    (out / "index.html").write_text(render_index(decks, language, relative), encoding="utf-8")
    if problems:
        raise SystemExit(
            "build_slides: these would load from the internet:\n" + "\n".join(problems)
        )
    return written


def _relative(target: Path, start: Path) -> str:
    """``target`` as a path relative to ``start``, ending with a slash."""
    return os.path.relpath(target.resolve(), start.resolve()).replace(os.sep, "/") + "/"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.build_slides", description="Offline reveal.js decks of the lectures."
    )
    parser.add_argument("--notebooks", type=Path, default=Path("notebooks"))
    parser.add_argument("--out", type=Path, default=Path("slides"))
    args = parser.parse_args(argv)
    decks = build(args.notebooks, args.out)
    print(f"Wrote {len(decks)} decks to {args.out}/ (open {args.out / 'index.html'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
