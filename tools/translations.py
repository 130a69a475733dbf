"""The Chinese edition of the notebooks, from one source: the English notebooks and catalogues.

Usage: ``python -m tools.translations [update|check] [NOTEBOOK ...]``

- ``update`` writes ``locale/zh/<notebook>.po`` (gettext, via polib): one entry per
  paragraph of the English notebook's Markdown cells, keyed by the English text.  A
  paragraph that changed keeps its old translation, marked *fuzzy* (stale) with the English
  it was made for, until a translator updates it and removes the mark; one that is gone
  drops out.
  The words its code cells say (``tools.code_strings``: the string literals a reader sees
  printed, in a title or a label) are entries too, with the context ``code``; a translation
  that must stay English (a rule's name the code passes on) is the English itself.
- ``make notebooks`` (``tools.execute_notebooks``) writes each Chinese notebook
  ``<notebook>.zh.ipynb`` beside its English one, from :func:`translated_notebook`: the same
  code cells with only the text of those literals translated (prefixes, quotes and ``{...}``
  placeholders kept), and each Markdown paragraph translated, its links to course notebooks
  pointing at their Chinese editions; it executes it in Chinese (see
  ``lightsout_edu._i18n``) and pairs it with ``scripts/<notebook>.zh.py``.
- ``check`` lists what is missing or stale (the tests run it).
- The graded assignments' nbgrader sources (``grading/source/<name>/<name>.ipynb``) are
  translated the same way, into ``grading/locale/zh/<name>.po`` (teacher-only, as they hold
  the model answers and rubrics); ``grading release`` builds their Chinese editions.  Their
  code's words are translated only in the cells handed out as they are (the student's data,
  printed in Chinese); answer and test cells stay as nbgrader grades them.

A paragraph is what lies between blank lines, outside fenced code blocks.  Translations keep
every formula (``$...$``) and every number of their paragraph, and a code literal's
placeholders; the tests compare them.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

import nbformat
import polib

from tools import code_strings, syllabus
from tools.page_links import CHINESE_SUFFIX, is_chinese

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
LOCALE = REPO / "locale" / "zh"
LANGUAGE = "zh"
#: The graded assignments' nbgrader sources, translated like the lectures (grading
#: releases a Chinese edition of each). Their catalogues hold the model answers and rubrics,
#: so they stay in the teacher-only grading/ folder.
ASSIGNMENTS = REPO / "grading" / "source"
ASSIGNMENTS_LOCALE = REPO / "grading" / "locale" / LANGUAGE
#: The gettext context of the words code cells say (paragraphs have none).
CODE_CONTEXT = "code"
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
    """Where a paragraph (or a code cell's literal) sits: its cell and its index in the cell."""

    cell: int
    paragraph: int
    kind: str = "paragraph"

    def __str__(self) -> str:
        return f"cell {self.cell} {self.kind} {self.paragraph}"


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


def translates_code(notebook: Path, cell: nbformat.NotebookNode) -> bool:
    """Whether the words of ``notebook``'s code ``cell`` are translated.

    In a graded assignment, only those of the code handed out as it is (the student's data,
    printed in their language): never of an answer cell, which the student writes, nor of a
    test cell, which nbgrader keeps as the source has it.
    """
    grading = cell.metadata.get("nbgrader", {})
    graded = grading.get("solution") or grading.get("grade")
    return not (notebook.is_relative_to(ASSIGNMENTS) and graded)


def english_code_strings(
    notebook: Path, english: nbformat.NotebookNode | None = None
) -> list[tuple[Place, code_strings.Literal]]:
    """Every literal of the notebook's code cells that a reader sees, with its place (its
    index among the cell's such literals); none in a cell :func:`translates_code` leaves."""
    nb = nbformat.read(notebook, as_version=4) if english is None else english
    return [
        (Place(index, k, "string"), literal)
        for index, cell in enumerate(nb.cells)
        if cell.cell_type == "code" and translates_code(notebook, cell)
        for k, literal in enumerate(code_strings.prose_literals(cell.source))
    ]


def _comment(place: Place) -> str:
    return f"at {place}"


#: Entries of a catalogue by what they translate: (context, English) or (context, place).
Index = dict[tuple[str | None, str], polib.POEntry]


def _kept_or_new(
    text: str, comment: str, context: str | None, by_text: Index, by_place: Index
) -> polib.POEntry:
    """The entry for ``text``: its translation kept, or a new one (stale if the text at its
    place changed)."""
    entry = polib.POEntry(msgid=text, msgstr="", comment=comment)
    if context is not None:
        entry.msgctxt = context
    kept = by_text.get((context, text))
    if kept is not None:
        entry.msgstr = kept.msgstr
        entry.flags = list(kept.flags)
        entry.previous_msgid = kept.previous_msgid
        return entry
    before = by_place.get((context, comment))
    if before is not None and before.msgstr:  # the English changed: stale
        entry.msgstr = before.msgstr
        entry.flags = ["fuzzy"]
        entry.previous_msgid = before.msgid
    return entry


def update(notebook: Path) -> polib.POFile:
    """Bring the catalogue of ``notebook`` up to date with its English paragraphs and the
    words its code cells say."""
    path = catalogue_of(notebook)
    old = [e for e in (polib.pofile(str(path)) if path.exists() else []) if not e.obsolete]
    by_text = {(entry.msgctxt, entry.msgid): entry for entry in old}
    by_place = {(entry.msgctxt, entry.comment): entry for entry in old}
    new = polib.POFile(wrapwidth=0)
    new.metadata = {
        "Project-Id-Version": "lightsout_edu",
        "Language": LANGUAGE,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    texts: list[tuple[str, str, str | None]] = [
        (text, _comment(place), None) for place, text in english_paragraphs(notebook)
    ]
    texts += [
        (literal.body, _comment(place), CODE_CONTEXT)
        for place, literal in english_code_strings(notebook)
    ]
    seen: set[tuple[str | None, str]] = set()
    for text, comment, context in texts:
        if (context, text) in seen:
            continue  # a repeated paragraph or string shares one translation
        seen.add((context, text))
        new.append(_kept_or_new(text, comment, context, by_text, by_place))
    path.parent.mkdir(parents=True, exist_ok=True)
    new.save(str(path))
    return new


def problems(notebook: Path, english: nbformat.NotebookNode | None = None) -> list[str]:
    """What stops the Chinese edition of ``notebook`` (or of its version ``english``) being
    built: missing or stale entries, or translations that lose what must stay."""
    path = catalogue_of(notebook)
    if not path.exists():
        return [f"{path.relative_to(REPO)}: no catalogue (run python -m tools.translations update)"]
    catalogue = {(entry.msgctxt, entry.msgid): entry for entry in polib.pofile(str(path))}
    found = []
    for place, text in english_paragraphs(notebook, english):
        where = f"{notebook.relative_to(REPO)} {place}"
        entry = catalogue.get((None, text))
        found += _entry_problems(where, text, entry, partial(differences, text))
    for place, literal in english_code_strings(notebook, english):
        where = f"{notebook.relative_to(REPO)} {place}"
        entry = catalogue.get((CODE_CONTEXT, literal.body))
        compare = partial(code_differences, literal)
        found += _entry_problems(where, literal.body, entry, compare)
    return found


def _entry_problems(
    where: str, text: str, entry: polib.POEntry | None, compare: Callable[[str], list[str]]
) -> list[str]:
    if entry is None:
        return [f"{where}: not in the catalogue (run update): {text[:60]!r}"]
    if "fuzzy" in entry.flags:
        return [f"{where}: stale (the English changed): {text[:60]!r}"]
    if not entry.msgstr.strip():
        return [f"{where}: not translated yet: {text[:60]!r}"]
    return [f"{where}: {d}: {text[:60]!r}" for d in compare(entry.msgstr)]


def code_differences(literal: code_strings.Literal, chinese: str) -> list[str]:
    """How ``chinese`` fails as the text of a code cell's ``literal``: other placeholders,
    no longer a string literal, or prose left in English.

    Examples
    --------
    >>> [english] = code_strings.prose_literals('print(f"{n} presses so far")')
    >>> code_differences(english, "已按 {n} 下")
    []
    >>> code_differences(english, "{n} presses so far")
    ['not translated (no Chinese text)']
    """
    found = code_strings.translation_problems(literal, chinese)
    if PHRASE.search(code_strings.words_of(literal.body)) and not CJK.search(chinese):
        found.append("not translated (no Chinese text)")
    return found


FORMULA = re.compile(r"\$\$.*?\$\$|\$[^$]+\$", re.DOTALL)  # an inline one may span lines
CODE = re.compile(r"`[^`]+`")
SOLUTION_MARK = re.compile(r"^### (?:BEGIN|END) SOLUTION$", re.MULTILINE)  # nbgrader's
LINK_TARGET = re.compile(r"\]\(([^)\s]+)\)")
NUMBER = re.compile(r"\d+")
CJK = re.compile(r"[\u4e00-\u9fff]")
WORDS = re.compile(r"[A-Za-z]{3,}(?:\s+[A-Za-z]{3,})+")
#: Words a code string says ("so far"): two or more words of two letters or more.
PHRASE = re.compile(r"[A-Za-z]{2,}(?:\s+[A-Za-z]{2,})+")


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
    Markdown paragraph translated (with the plan's dates, in the syllabus) and the words of
    its code cells' literals."""
    trouble = problems(notebook, english)
    if trouble:
        raise SystemExit("translations: cannot build the Chinese edition:\n" + "\n".join(trouble))
    entries = polib.pofile(str(catalogue_of(notebook)))
    catalogue = {entry.msgid: entry.msgstr for entry in entries if entry.msgctxt is None}
    said = {entry.msgid: entry.msgstr for entry in entries if entry.msgctxt == CODE_CONTEXT}
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
        elif cell.cell_type == "code" and translates_code(notebook, cell):
            cell.source = code_strings.replaced(cell.source, said.__getitem__)
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
        print("\n".join(trouble) or "every paragraph and code string is translated")
        return 1 if trouble else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
