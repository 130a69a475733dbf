"""The editions of a graded assignment: English, and Chinese built from the same source.

nbgrader knows an assignment by its name and expects every notebook of the assignment's
folder in every submission, so two notebooks side by side (one per language) would each be
missing from half the submissions.  The Chinese edition of ``<name>`` is therefore an nbgrader
assignment of its own, ``<name>_zh``, with the notebook ``<name>_zh.ipynb``: the English
source's code cells (the lines its data cell prints in Chinese, all else as it is), grade
ids, points and locked cells, its Markdown translated (``tools.translations``), graded by
the same graders on the same hidden cases.  It counts for
the same assessment: the grade files put a student's mark on either edition in the one
column of the assignment.

Examples
--------
>>> edition("game_and_gf2", "zh")
'game_and_gf2_zh'
>>> assignment_of("game_and_gf2_zh"), assignment_of("game_and_gf2")
(('game_and_gf2', 'zh'), ('game_and_gf2', 'en'))
>>> editions("game_and_gf2")
['game_and_gf2', 'game_and_gf2_zh']
"""

from __future__ import annotations

from lightsout_edu._i18n import LANGUAGES, t

__all__ = ["LANGUAGES", "assignment_of", "edition", "editions", "language_of_notebook"]

#: What an edition's nbgrader name adds to the assignment's, by language.
_SUFFIX = {"en": "", "zh": "_zh"}


def edition(name: str, language: str) -> str:
    """The nbgrader name of assignment ``name``'s edition in ``language``.

    >>> edition("game_and_gf2", "fr")
    Traceback (most recent call last):
    ...
    ValueError: the language of an assignment must be 'en' or 'zh', not 'fr'
    """
    if language not in _SUFFIX:
        raise ValueError(
            t(
                "the language of an assignment must be {choices}, not {language}",
                choices=" or ".join(repr(known) for known in LANGUAGES),
                language=repr(language),
            )
        )
    return name + _SUFFIX[language]


def assignment_of(nbgrader_name: str) -> tuple[str, str]:
    """The assignment and the language of the edition named ``nbgrader_name``."""
    for language, suffix in _SUFFIX.items():
        if suffix and nbgrader_name.endswith(suffix):
            return nbgrader_name.removesuffix(suffix), language
    return nbgrader_name, LANGUAGES[0]


def editions(name: str) -> list[str]:
    """The nbgrader names of every edition of assignment ``name``, English first."""
    return [edition(name, language) for language in LANGUAGES]


def language_of_notebook(notebook: dict[str, object]) -> str | None:
    """The language a released notebook (parsed JSON) says it is in, or None.

    A Chinese edition carries ``"lightsout_edu": {"language": "zh"}`` in its metadata
    (``tools.translations.translated_notebook``); an English one says nothing.

    >>> language_of_notebook({"metadata": {"lightsout_edu": {"language": "zh"}}})
    'zh'
    >>> language_of_notebook({"metadata": {}}) is None
    True
    """
    metadata = notebook.get("metadata")
    about = metadata.get("lightsout_edu") if isinstance(metadata, dict) else None
    said = about.get("language") if isinstance(about, dict) else None
    return said if isinstance(said, str) and said in _SUFFIX else None
