"""The language the package speaks to a student: English or Chinese (简体中文).

Every sentence a student reads -- a checker's feedback, a widget's labels and announcements,
an error, a repr, the CLI -- goes through :func:`t`.  A string has a *key*: a dotted name
for the strings the widgets share with Python (``"step.swap"``; their English text is in
``strings/en/*.json``), or else the English template itself (``"for {case}, your function
raised {kind}"``).  The tables ``strings/<language>/*.json`` map keys to templates; a
template names its values in braces, filled in by :func:`t`.  The same tables are bundled
into the widgets' front end, so Python and the browser say the same words.

The language is, first match wins: the language of the calling thread's :func:`speaking`
block (one command of the ``lightsout`` CLI, while other threads speak their own); what
:func:`set_language` chose; the environment variable ``LIGHTSOUT_LANGUAGE``; ``zh`` in a
Chinese notebook (one named ``*.zh.ipynb``, whose path JupyterLab passes to the kernel as
``JPY_SESSION_NAME``); else English.  A ``LIGHTSOUT_LANGUAGE`` the package does not speak
(``xx``) is said once, in one line on standard error, and the next choice holds.

Examples
--------
>>> t("step.swap", a=1, b=3, what="column 1")
'Swap rows 1 and 3 to bring a non-zero entry of column 1 into pivot position (row 1).'
>>> set_language("zh"); t("game.on"); set_language(None)
'亮'
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import sys
import threading
from collections.abc import Iterator
from importlib import resources
from typing import Any

__all__ = ["LANGUAGES", "language", "set_language", "speaking", "t", "t_in", "table"]

#: The languages the package speaks (the first is the fallback).
LANGUAGES = ("en", "zh")
_CHOSEN: list[str | None] = [None]
_THIS_THREAD = threading.local()  # .language: the language of a speaking() block
_FIELD = re.compile(r"\{(\w+)\}")


def set_language(language: str | None) -> None:
    """Speak ``language`` ("en" or "zh") from now on; None goes back to the automatic choice.

    Examples
    --------
    >>> set_language("fr")
    Traceback (most recent call last):
    ...
    ValueError: language must be one of 'en', 'zh' (or None for the automatic choice), not 'fr'
    """
    _CHOSEN[0] = None if language is None else _known(language)


def _known(language: str) -> str:
    """``language``, if the package speaks it."""
    if language not in LANGUAGES:
        choices = ", ".join(repr(name) for name in LANGUAGES)
        raise ValueError(
            t(
                "language must be one of {choices} (or None for the automatic choice), not "
                "{language}",
                choices=choices,
                language=repr(language),
            )
        )
    return language


@contextlib.contextmanager
def speaking(language: str) -> Iterator[None]:
    """Speak ``language`` in the calling thread while the block runs; other threads keep theirs.

    Examples
    --------
    >>> with speaking("zh"):
    ...     t("game.on")
    '亮'
    """
    before = getattr(_THIS_THREAD, "language", None)
    _THIS_THREAD.language = _known(language)
    try:
        yield
    finally:
        _THIS_THREAD.language = before


def language() -> str:
    """The language in use now (see the module docstring for how it is chosen)."""
    here = getattr(_THIS_THREAD, "language", None)
    if here is not None:
        return str(here)
    if _CHOSEN[0] is not None:
        return _CHOSEN[0]
    wanted = os.environ.get("LIGHTSOUT_LANGUAGE", "").strip().lower()
    if wanted in LANGUAGES:
        return wanted
    if os.environ.get("JPY_SESSION_NAME", "").endswith(".zh.ipynb"):
        chosen = "zh"
    else:
        chosen = LANGUAGES[0]
    if wanted:
        _say_unknown_language(os.environ["LIGHTSOUT_LANGUAGE"], chosen)
    return chosen


@functools.cache
def _say_unknown_language(wanted: str, chosen: str) -> None:
    """One line on standard error, once per value: ``LIGHTSOUT_LANGUAGE`` names no language."""
    choices = ", ".join(repr(name) for name in LANGUAGES)
    said = t_in(
        chosen,
        "lightsout_edu: LIGHTSOUT_LANGUAGE={wanted} is not a language of this package (it "
        "speaks {choices}); speaking {chosen}",
        wanted=repr(wanted),
        choices=choices,
        chosen=repr(chosen),
    )
    print(said, file=sys.stderr)


@functools.cache
def table(language: str) -> dict[str, str]:
    """Every template of ``language``, from its ``strings/<language>/*.json`` files."""
    merged: dict[str, str] = {}
    folder = resources.files(__package__).joinpath("strings", language)
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if entry.name.endswith(".json"):
            merged.update(json.loads(entry.read_text(encoding="utf-8")))
    return merged


def t(key: str, /, **values: Any) -> str:
    """The sentence ``key`` in the current language, with its ``{names}`` filled in.

    A key missing from the language's table falls back to English: the English table, or,
    for a key that is itself an English template, the key.
    """
    return t_in(language(), key, **values)


def t_in(language: str, key: str, /, **values: Any) -> str:
    """:func:`t` in the given ``language`` rather than the one in use.

    Examples
    --------
    >>> t_in("zh", "game.off"), t_in("en", "game.off")
    ('灭', 'off')
    """
    template = table(language).get(key) or table(LANGUAGES[0]).get(key) or key
    return _FIELD.sub(
        lambda match: str(values[match[1]]) if match[1] in values else match[0], template
    )
