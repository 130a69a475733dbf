"""The question bank in English and Chinese, from one source: the templates' English prose.

Usage: ``python -m quiz.translations [update|check]``

Every sentence of a question is written once, in English, as a format string marked with
:func:`tr` (``tr("<p>Cells {0}.</p>", cells)``) or, for prose kept in
a constant and translated where it is used, with :func:`tr_later`. The same template code,
parameters and answers make both banks; only the marked prose differs. The language is the
package's (``lightsout_edu._i18n``): a bank is built inside ``speaking(language)``.

The Chinese prose is in the gettext catalogue ``quiz/locale/zh/quiz.po`` (teacher-only,
like the rest of ``quiz/``), keyed by the English format string:

- ``update`` extracts every marked string of ``quiz/*.py`` (and every template's title)
  into the catalogue: new ones come in untranslated, changed ones keep their old
  translation marked *fuzzy* until a translator checks it, gone ones drop out.
- ``check`` lists what is missing, fuzzy, or whose translation does not keep the English's
  placeholders (``{0}``, ``{m}``), HTML tags and formulas ``\\( ... \\)``; the tests run it.

>>> from lightsout_edu._i18n import speaking
>>> with speaking("zh"):
...     tr("<p>Cells {0}.</p>", "1, 5")
'<p>格子 1, 5。</p>'
>>> tr("<p>Cells {0}.</p>", "1, 5")
'<p>Cells 1, 5.</p>'
"""

from __future__ import annotations

import argparse
import ast
import difflib
import functools
import re
import string
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import polib

from lightsout_edu._i18n import LANGUAGES, language

HERE = Path(__file__).resolve().parent
LOCALE = HERE / "locale"
#: The English format strings are the keys; the other languages have a catalogue each.
TRANSLATED = tuple(name for name in LANGUAGES if name != "en")
TAG = re.compile(r"</?[a-zA-Z][^>]*>")
MATHS = re.compile(r"\\\(.+?\\\)|\\\[.+?\\\]", re.DOTALL)


def catalogue_path(language_: str) -> Path:
    """Where the translations into ``language_`` lie."""
    return LOCALE / language_ / "quiz.po"


@functools.cache
def catalogue(language_: str) -> dict[str, str]:
    """English format string -> its translation into ``language_`` (checked ones only)."""
    if language_ == "en":
        return {}
    entries = polib.pofile(str(catalogue_path(language_)))
    return {e.msgid: e.msgstr for e in entries if e.msgstr and "fuzzy" not in e.flags}


def tr_in(language_: str, english: str, /, *args: Any, **values: Any) -> str:
    """The format string ``english`` in ``language_``, filled with ``args`` and ``values``.

    A string the catalogue lacks stays English (``check`` and the tests say so first).

    >>> tr_in("zh", "Right."), tr_in("en", "Right.")
    ('正确。', 'Right.')
    """
    return catalogue(language_).get(english, english).format(*args, **values)


def tr(english: str, /, *args: Any, **values: Any) -> str:
    """:func:`tr_in` in the language in use (``speaking(...)``)."""
    return tr_in(language(), english, *args, **values)


def tr_later(english: str) -> str:
    """Mark ``english`` for translation where it is used (with :func:`tr`); return it as is."""
    return english


# ---------------------------------------------------------------------------------------------
# The catalogue: extract, update, check
# ---------------------------------------------------------------------------------------------


def marked(path: Path) -> list[tuple[str, int]]:
    """The strings ``path`` marks for translation, with their line numbers.

    Marked are the string literals given to :func:`tr`, :func:`tr_in` and :func:`tr_later`
    (other arguments of :func:`tr` are strings marked elsewhere), and a template's title (the
    second argument of ``template(...)``).
    """
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        position = {"tr": 0, "tr_in": 1, "tr_later": 0, "template": 1}.get(node.func.id)
        if position is None or len(node.args) <= position:
            continue
        argument = node.args[position]
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            found.append((argument.value, node.lineno))
        elif node.func.id == "tr_later":
            where = f"{path.name}:{node.lineno}"
            raise ValueError(f"{where}: tr_later() needs a string literal to translate")
    return found


def english_strings() -> dict[str, list[tuple[str, str]]]:
    """Every marked string of the bank -> where it occurs (file, line), in source order."""
    strings: dict[str, list[tuple[str, str]]] = {}
    for path in sorted(HERE.glob("*.py")):
        if path.name == "translations.py":
            continue
        for text, line in marked(path):
            strings.setdefault(text, []).append((f"quiz/{path.name}", str(line)))
    return strings


def fields(text: str) -> set[str]:
    """The placeholders of a format string, with their conversions and formats.

    >>> sorted(fields("{0} of {m} &times; {n:02d}, \\\\mathbf{{x}}"))
    ['{0}', '{m}', '{n:02d}']
    """
    return {
        f"{{{name}{'!' + conversion if conversion else ''}{':' + spec if spec else ''}}}"
        for _, name, spec, conversion in string.Formatter().parse(text)
        if name is not None
    }


def problems_of(entry: polib.POEntry) -> list[str]:
    """What is wrong with the translation of one entry (nothing: an empty list).

    A translation keeps the English's placeholders and formulas (each at least once: a
    sentence in another order may name one twice) and its HTML tags (each as often).
    """
    if not entry.msgstr:
        return ["not translated"]
    if "fuzzy" in entry.flags:
        return ["fuzzy: the English changed since it was translated"]
    found = []
    for what, of in (
        ("placeholders", fields),
        ("formulas", lambda text: set(MATHS.findall(text))),
        ("HTML tags", lambda text: Counter(TAG.findall(text))),
    ):
        try:
            english, translated = of(entry.msgid), of(entry.msgstr)
        except ValueError as error:
            found.append(f"{what}: {error}")
            continue
        if english != translated:
            found.append(f"{what} differ: {english} in English, {translated} translated")
    return found


def update(language_: str) -> polib.POFile:
    """Bring the catalogue of ``language_`` up to date with the marked English strings."""
    path = catalogue_path(language_)
    old = polib.pofile(str(path)) if path.exists() else polib.POFile()
    kept = {entry.msgid: entry for entry in old}
    new = polib.POFile(wrapwidth=100)
    new.metadata = {
        "Project-Id-Version": "lightsout_edu quiz",
        "Language": language_,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
    }
    english_now = english_strings()
    gone = [entry.msgid for entry in old if entry.msgid not in english_now and entry.msgstr]
    for english, where in english_now.items():
        entry = polib.POEntry(msgid=english, occurrences=where, flags=["python-brace-format"])
        if english in kept:
            entry.msgstr = kept[english].msgstr
            entry.flags += [flag for flag in kept[english].flags if flag == "fuzzy"]
        else:
            close = difflib.get_close_matches(english, gone, n=1, cutoff=0.8)
            if close:  # the English changed: keep the old translation until it is checked
                entry.msgstr = kept[close[0]].msgstr
                entry.previous_msgid = close[0]
                entry.flags.append("fuzzy")
        new.append(entry)
    path.parent.mkdir(parents=True, exist_ok=True)
    new.save(str(path))
    return new


def check(language_: str) -> list[str]:
    """Every problem of the catalogue of ``language_``, one line each (none: complete)."""
    path = catalogue_path(language_)
    if not path.exists():
        return [f"{path}: missing; run python -m quiz.translations update"]
    entries = {entry.msgid: entry for entry in polib.pofile(str(path))}
    marked_now = english_strings()
    lines = []
    for english in marked_now:
        entry = entries.get(english)
        if entry is None:
            lines.append(f"{english[:60]!r}: not in {path.name}; run update")
            continue
        lines += [f"{english[:60]!r}: {problem}" for problem in problems_of(entry)]
    lines += [
        f"{english[:60]!r}: no longer in the bank; run update"
        for english in entries
        if english not in marked_now
    ]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m quiz.translations", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("action", choices=("update", "check"))
    args = parser.parse_args(argv)
    status = 0
    for language_ in TRANSLATED:
        if args.action == "update":
            entries = update(language_)
            missing = sum(1 for entry in entries if problems_of(entry))
            print(f"{catalogue_path(language_)}: {len(entries)} entries, {missing} to translate")
        else:
            problems = check(language_)
            for line in problems:
                print(f"{language_}: {line}")
            status = status or (1 if problems else 0)
    return status


if __name__ == "__main__":
    sys.exit(main())
