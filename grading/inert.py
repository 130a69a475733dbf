"""What a student wrote, made inert before a person opens it (the formgrader, feedback pages).

A written answer is markdown, and markdown lets HTML through: ``My proof. <img src=x
onerror="...">`` runs its script in the lecturer's browser when the formgrader shows it, with
the lecturer's session (it could set its own grades), and again in the feedback page.
nbgrader's formgrader renders markdown cells unsanitised, whatever ``HTMLExporter.sanitize_html``
says.  :class:`InertStudentContent` cleans every notebook nbgrader stores or renders
(``nbgrader_config.py``): markdown cells and markdown outputs keep their text, maths and
plain formatting, and lose every tag or attribute that could act (`nh3
<https://nh3.readthedocs.io>`_, the maintained binding of the Rust sanitiser ammonia);
raw cells and HTML outputs are cleaned as HTML; scripts, SVG, widgets and unknown kinds of
output are dropped; attachments keep only real images.

Examples
--------
>>> inert_markdown('My proof. <img src=x onerror="window.pwned = 1"> since $a<b$ and $c>d$')
'My proof. <img src="x"> since $a\\\\lt b$ and $c\\\\gt d$'
>>> inert_markdown("> a quote: **x & y**, `code`")
'> a quote: **x & y**, `code`'
>>> inert_markdown("[click](javascript:alert(1))")
'[click](#not-a-link)'
"""

from __future__ import annotations

import base64
import binascii
import html
import re
from typing import Any

import nh3
from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

__all__ = ["InertStudentContent", "inert_html", "inert_markdown", "inert_notebook"]

#: Maths as the notebooks write it: $$...$$, $...$ (within a paragraph), \begin{env}...\end{env}.
MATHS = re.compile(
    r"\$\$.+?\$\$|\$(?:[^$\n]|\n(?!\s*\n))+?\$|\\begin\{(?P<env>[a-zA-Z*]+)\}.*?\\end\{(?P=env)\}",
    re.DOTALL,
)
#: An autolink, ``<https://...>``.
AUTOLINK = re.compile(r"<((?:https?|mailto):[^\s<>]*)>")
#: A ``<`` the sanitiser escaped that opens no tag (in HTML nor markdown): ``0 <= r``.
TEXT_LT = re.compile(r"&lt;(?![A-Za-z/!?])")
#: A markdown link's or image's target, inline ``](target`` or a definition ``[x]: target``.
LINK_TARGET = re.compile(
    r"(\]\(\s*<?|^\s{0,3}\[[^\]\n]+\]:\s*<?)((?:[^()\s>]|\([^()\s]*\))*)", re.MULTILINE
)
#: A backslash escape of markdown's (CommonMark: any ASCII punctuation), as the renderer reads it.
MARKDOWN_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
#: Where a link may lead (what ammonia allows, and a notebook's own attachments).
SAFE_SCHEMES = frozenset({"http", "https", "mailto", "attachment", "ftp"})
#: The kinds of output kept (text is escaped by nbconvert; HTML and markdown are cleaned).
KEPT_OUTPUTS = frozenset(
    {
        "text/plain",
        "text/html",
        "text/markdown",
        "text/latex",
        "image/png",
        "image/jpeg",
        "image/gif",
    }
)
IMAGES = frozenset({"image/png", "image/jpeg", "image/gif"})


def inert_html(text: str) -> str:
    """``text`` (HTML) with nothing left that acts: ammonia's allowed tags, safe links only."""
    return nh3.clean(text)


def inert_markdown(text: str) -> str:
    """``text`` (markdown) with its HTML made inert; its text, maths and formatting kept.

    Inside maths ``<`` and ``>`` become ``\\lt`` and ``\\gt`` (MathJax reads them the same),
    so no tag can open there whatever the renderer takes for maths; the rest is cleaned as
    HTML, then what it escaped but cannot open a tag is given back (``>``, ``&``, and ``<``
    before anything but a letter, ``/``, ``!`` or ``?``: a quote stays a quote, ``0 <= r``
    stays); a link to anything but the web, mail or an attachment leads nowhere.
    """
    protected = MATHS.sub(lambda m: m[0].replace("<", "\\lt ").replace(">", "\\gt "), text)
    protected = AUTOLINK.sub(r"\1", protected)  # <https://...>: a bare address links too
    cleaned = inert_html(protected).replace("&gt;", ">").replace("&amp;", "&")
    cleaned = TEXT_LT.sub("<", cleaned)
    return LINK_TARGET.sub(_safe_target, cleaned)


def _safe_target(match: re.Match[str]) -> str:
    target = match[2]
    unescaped = MARKDOWN_ESCAPE.sub(r"\1", html.unescape(target))  # javascript\: is javascript:
    plain = re.sub(r"[\x00-\x20]", "", unescaped).lower()
    scheme = plain.split(":", 1)[0] if re.match(r"^[a-z][a-z0-9+.-]*:", plain) else ""
    return match[1] + (target if not scheme or scheme in SAFE_SCHEMES else "#not-a-link")


def _inert_output(output: Any) -> None:
    data = output.get("data")
    if not isinstance(data, dict):
        return
    for kind in list(data):
        value = data[kind]
        if kind not in KEPT_OUTPUTS or not isinstance(value, str):
            del data[kind]
        elif kind == "text/html":
            data[kind] = inert_html(value)
        elif kind == "text/markdown":
            data[kind] = inert_markdown(value)
        elif kind in IMAGES and not _is_base64(value):
            del data[kind]
    if output.get("metadata"):  # widths and heights go into attributes: numbers or nothing
        output["metadata"] = {}


def _is_base64(value: str) -> bool:
    try:
        base64.b64decode(value.replace("\n", ""), validate=True)
    except (binascii.Error, ValueError):
        return False
    return True


def _inert_attachments(cell: Any) -> None:
    attachments = cell.get("attachments")
    if not attachments:
        return
    cell["attachments"] = {
        name: {kind: value for kind, value in files.items() if kind in IMAGES and _is_base64(value)}
        for name, files in attachments.items()
        if isinstance(files, dict) and re.fullmatch(r"[\w.\- ]+", str(name))
    }


def inert_notebook(nb: Any) -> Any:
    """``nb`` with everything a student could have written made inert (in place; returned)."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            cell.source = inert_markdown(cell.source)
            _inert_attachments(cell)
        elif cell.cell_type == "raw":
            cell.source = inert_html(cell.source)
        elif cell.cell_type == "code":
            for output in cell.get("outputs", []):
                _inert_output(output)
        cell.metadata.pop("tags", None)
        grading = cell.metadata.get("nbgrader", {})
        if not re.fullmatch(r"[\w\-]*", str(grading.get("grade_id", ""))):
            del cell.metadata["nbgrader"]  # an id the formgrader would write into its page
    return nb


class InertStudentContent(Preprocessor):  # type: ignore[misc]
    """nbgrader's step that makes a submission inert (:func:`inert_notebook`).

    Run when nbgrader autogrades (so the notebook it stores is clean) and whenever it
    renders one as HTML (the formgrader, the feedback pages).
    """

    enabled = Bool(True).tag(config=True)  # nbconvert's preprocessors are off by default

    def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        """``nb`` made inert."""
        return inert_notebook(nb), resources
