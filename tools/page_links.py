"""Notebook titles and links: a course page points at pages, never at ``.ipynb`` files.

Shared by tools/build_site.py and tools/build_slides.py.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import nbformat

#: The name ending of a notebook's Chinese edition (beside the English one).
CHINESE_SUFFIX = ".zh.ipynb"


def is_chinese(path: Path) -> bool:
    """Whether ``path`` is the Chinese edition of a notebook (``*.zh.ipynb``)."""
    return path.name.endswith(CHINESE_SUFFIX)


#: A link to a notebook in a page: href="[path/]name.ipynb[#anchor]" (not to another host).
NOTEBOOK_LINK = re.compile(r'href="(?![a-z][a-z0-9+.-]*:|//)([^"#?]*\.ipynb)(#[^"]*)?"')


def notebook_title(nb: nbformat.NotebookNode, fallback: str) -> str:
    """The first level-1 Markdown heading of the notebook, else ``fallback``."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            source: str = cell.source
            for line in source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


def relink_notebooks(
    page_html: str, source: Path, hrefs: dict[Path, str], *, unlink_missing: bool = False
) -> str:
    """Replace each link to a notebook (relative to ``source``) by ``hrefs[notebook]``.

    A notebook not in ``hrefs`` stops the build, or with ``unlink_missing`` its links become
    plain text (slides built on their own have no page for an exercise).
    """

    def target(match: re.Match[str]) -> Path:
        return (source.parent / html.unescape(match.group(1))).resolve()

    def page_link(match: re.Match[str]) -> str:
        if target(match) not in hrefs:
            raise SystemExit(f"build_site: {source.name} links to {match.group(1)}: no such page")
        return f'href="{hrefs[target(match)]}{match.group(2) or ""}"'

    if unlink_missing:
        anchor = re.compile(r"<a\b[^>]*?\b" + NOTEBOOK_LINK.pattern + r"[^>]*>(.*?)</a>", re.DOTALL)
        page_html = anchor.sub(
            lambda m: m.group(0) if target(m) in hrefs else m.group(3), page_html
        )
    return NOTEBOOK_LINK.sub(page_link, page_html)
