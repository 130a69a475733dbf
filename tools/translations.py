"""The Chinese edition of the notebooks, from one source: the English notebooks and catalogues.

Usage: ``python -m tools.translations [update|check] [NOTEBOOK ...]``

- ``update`` writes ``locale/zh/<notebook>.po`` (gettext, via polib): one entry per
  paragraph of the English notebook's Markdown cells, keyed by the English text.  A
  paragraph that changed keeps its old translation, marked *fuzzy* (stale) with the English
  it was made for, until a translator updates it and removes the mark; one that is gone
  drops out.
- ``make notebooks`` (``tools.execute_notebooks``) writes each Chinese notebook
  ``<notebook>.zh.ipynb`` beside its English one, from :func:`translated_notebook`: the same
  code cells, byte for byte, and each Markdown paragraph translated, its links to course
  notebooks pointing at their Chinese editions; it executes it in Chinese (see
  ``lightsout_edu._i18n``) and pairs it with ``scripts/<notebook>.zh.py``.
- ``check`` lists what is missing or stale (the tests run it).
- The graded assignments' nbgrader sources (``grading/source/<name>/<name>.ipynb``) are
  translated the same way, into ``grading/locale/zh/<name>.po`` (teacher-only, as they hold
  the model answers and rubrics); ``tools.assignment release`` builds their Chinese editions.

A paragraph is what lies between blank lines, outside fenced code blocks.  Translations keep
every formula (``$...$``) and every number of their paragraph; the tests compare them.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat
import polib

from tools import syllabus
from tools.page_links import CHINESE_SUFFIX, is_chinese

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
LOCALE = REPO / "locale" / "zh"
LANGUAGE = "zh"
#: The graded assignments' nbgrader sources, translated like the lectures (tools.assignment
#: releases a Chinese edition of each). Their catalogues hold the model answers and rubrics,
#: so they stay in the teacher-only grading/ folder.
ASSIGNMENTS = REPO / "grading" / "source"
ASSIGNMENTS_LOCALE = REPO / "grading" / "locale" / LANGUAGE
#: A link in Markdown to a course notebook: ](path/name.ipynb) or ](path/name.ipynb#anchor).
NOTEBOOK_LINK = re.compile(r"(\]\()([^)\s#]+?)(\.ipynb)([#)])")


def english_notebooks(folder: Path = NOTEBOOKS) -> list[Path]:
    """Every English notebook of the course (the ones translated), sorted."""
    return sorted(
        path
        for path in folder.rglob("*.ipynb")
        if ".ipynb_checkpoints" not in path.parts and not is_chinese(path)
    )


def assignment_sources(folder: Path = ASSIGNMENTS) -> list[Path]:
    """The source notebook of every graded assignment (``<name>/<name>.ipynb``), sorted."""
    return sorted(path for path in folder.glob("*/*.ipynb") if path.stem == path.parent.name)


def chinese_of(notebook: Path) -> Path:
    """Where the Chinese edition of ``notebook`` lies."""
    return notebook.with_name(notebook.stem + CHINESE_SUFFIX)


def catalogue_of(notebook: Path) -> Path:
    """The catalogue of ``notebook``'s translations."""
    if notebook.is_relative_to(ASSIGNMENTS):
        return ASSIGNMENTS_LOCALE / f"{notebook.stem}.po"
    return (LOCALE / notebook.relative_to(NOTEBOOKS)).with_suffix(".po")


def paragraphs(markdown: str) -> list[str]:
    """The paragraphs of a Markdown cell: text between blank lines, fences kept whole."""
    found: list[str] = []
    current: list[str] = []
    fenced = False
    for line in markdown.split("\n"):
        if line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
        if not line.strip() and not fenced:
            if current:
                found.append("\n".join(current))
                current = []
            continue
        current.append(line)
    if current:
        found.append("\n".join(current))
    return found


@dataclass(frozen=True)
class Place:
    """Where a paragraph sits: its cell and its index in the cell."""

    cell: int
    paragraph: int

    def __str__(self) -> str:
        return f"cell {self.cell} paragraph {self.paragraph}"


def english_paragraphs(
    notebook: Path, english: nbformat.NotebookNode | None = None
) -> list[tuple[Place, str]]:
    """Every paragraph of the notebook's Markdown cells, with its place, as the catalogue
    has it (the syllabus of a plan with a start date says days of the module instead of its
    dates: ``tools.syllabus.Dates``). ``english`` is the notebook, if not read from disk."""
    nb = nbformat.read(notebook, as_version=4) if english is None else english
    dates = syllabus.dates_of(notebook)
    found = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            for k, text in enumerate(paragraphs(cell.source)):
                found.append((Place(index, k), dates.catalogue_text(text) if dates else text))
    return found


def _comment(place: Place) -> str:
    return f"at {place}"


def update(notebook: Path) -> polib.POFile:
    """Bring the catalogue of ``notebook`` up to date with its English paragraphs."""
    path = catalogue_of(notebook)
    old = polib.pofile(str(path)) if path.exists() else polib.POFile()
    by_text = {entry.msgid: entry for entry in old if not entry.obsolete}
    by_place = {entry.comment: entry for entry in old if not entry.obsolete}
    new = polib.POFile(wrapwidth=0)
    new.metadata = {
        "Project-Id-Version": "lightsout_edu",
        "Language": LANGUAGE,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    seen: set[str] = set()
    for place, text in english_paragraphs(notebook):
        if text in seen:
            continue  # a repeated paragraph shares one translation
        seen.add(text)
        kept = by_text.get(text)
        if kept is not None:
            entry = polib.POEntry(msgid=text, msgstr=kept.msgstr, comment=_comment(place))
            entry.flags = list(kept.flags)
            entry.previous_msgid = kept.previous_msgid
        else:
            entry = polib.POEntry(msgid=text, msgstr="", comment=_comment(place))
            before = by_place.get(_comment(place))
            if before is not None and before.msgstr:  # the English changed: stale
                entry.msgstr = before.msgstr
                entry.flags = ["fuzzy"]
                entry.previous_msgid = before.msgid
        new.append(entry)
    path.parent.mkdir(parents=True, exist_ok=True)
    new.save(str(path))
    return new


def problems(notebook: Path, english: nbformat.NotebookNode | None = None) -> list[str]:
    """What stops the Chinese edition of ``notebook`` (or of its version ``english``) being
    built: missing or stale entries."""
    path = catalogue_of(notebook)
    if not path.exists():
        return [f"{path.relative_to(REPO)}: no catalogue (run python -m tools.translations update)"]
    catalogue = {entry.msgid: entry for entry in polib.pofile(str(path))}
    found = []
    for place, text in english_paragraphs(notebook, english):
        entry = catalogue.get(text)
        where = f"{notebook.relative_to(REPO)} {place}"
        if entry is None:
            found.append(f"{where}: not in the catalogue (run update): {text[:60]!r}")
        elif "fuzzy" in entry.flags:
            found.append(f"{where}: stale (the English changed): {text[:60]!r}")
        elif not entry.msgstr.strip():
            found.append(f"{where}: not translated yet: {text[:60]!r}")
        else:
            found += [f"{where}: {d}: {text[:60]!r}" for d in differences(text, entry.msgstr)]
    return found


FORMULA = re.compile(r"\$\$.*?\$\$|\$[^$]+\$", re.DOTALL)  # an inline one may span lines
CODE = re.compile(r"`[^`]+`")
SOLUTION_MARK = re.compile(r"^### (?:BEGIN|END) SOLUTION$", re.MULTILINE)  # nbgrader's
LINK_TARGET = re.compile(r"\]\(([^)\s]+)\)")
NUMBER = re.compile(r"\d+")
CJK = re.compile(r"[\u4e00-\u9fff]")
WORDS = re.compile(r"[A-Za-z]{3,}(?:\s+[A-Za-z]{3,})+")


def differences(english: str, chinese: str) -> list[str]:
    """How a translation fails to keep what must not change: formulas, code, links, numbers.

    Examples
    --------
    >>> differences("Solve $A x = b$ for `x`.", "对 `x` 解 $A x = b$。")
    []
    >>> differences("The 5x5 board.", "这个棋盘。")
    ['numbers missing: 5']
    """
    found = []
    for name, pattern in (
        ("formulas", FORMULA),
        ("code", CODE),
        ("links", LINK_TARGET),
        ("solution marks", SOLUTION_MARK),
    ):
        if sorted(pattern.findall(english)) != sorted(pattern.findall(chinese)):
            found.append(f"{name} differ")
    bare = CODE.sub(" ", FORMULA.sub(" ", english))
    missing = set(NUMBER.findall(bare)) - set(
        NUMBER.findall(CODE.sub(" ", FORMULA.sub(" ", chinese)))
    )
    if missing:
        found.append(f"numbers missing: {', '.join(sorted(missing))}")
    prose = LINK_TARGET.sub(" ", bare)
    if WORDS.search(re.sub(r"<[^>]+>", " ", prose)) and not CJK.search(chinese):
        found.append("not translated (no Chinese text)")
    return found


def _relinked(text: str) -> str:
    """Links to course notebooks pointed at their Chinese editions."""
    return NOTEBOOK_LINK.sub(lambda m: f"{m[1]}{m[2]}.zh{m[3]}{m[4]}", text)


def translated_notebook(
    notebook: Path, english: nbformat.NotebookNode | None = None
) -> nbformat.NotebookNode:
    """The Chinese edition of ``notebook`` (or of its version ``english``): its cells, each
    Markdown paragraph translated (with the plan's dates, in the syllabus)."""
    trouble = problems(notebook, english)
    if trouble:
        raise SystemExit("translations: cannot build the Chinese edition:\n" + "\n".join(trouble))
    catalogue = {entry.msgid: entry.msgstr for entry in polib.pofile(str(catalogue_of(notebook)))}
    nb = nbformat.read(notebook, as_version=4) if english is None else copy.deepcopy(english)
    dates = syllabus.dates_of(notebook)

    def translated(text: str) -> str:
        if dates is None:
            return _relinked(catalogue[text])
        key = dates.catalogue_text(text)
        return _relinked(dates.chinese(key, catalogue[key]))

    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = "\n\n".join(translated(p) for p in paragraphs(cell.source))
    nb.metadata.setdefault("lightsout_edu", {})["language"] = LANGUAGE
    return nb


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.translations", description=__doc__)
    parser.add_argument("command", choices=("update", "check"))
    parser.add_argument(
        "notebooks", nargs="*", type=Path, help="default: every notebook and assignment source"
    )
    args = parser.parse_args(argv)
    chosen = [p.resolve() for p in args.notebooks] or english_notebooks() + assignment_sources()
    if args.command == "update":
        for notebook in chosen:
            update(notebook)
        print(f"updated {len(chosen)} catalogues in {LOCALE.relative_to(REPO)}/")
    else:
        trouble = [line for notebook in chosen for line in problems(notebook)]
        print("\n".join(trouble) or "every paragraph is translated")
        return 1 if trouble else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
