"""The printed exam bank and its answer key, as HTML pages for tools/build_pdf.py to print.

Both list the same questions in the same order (lecture, template, variant): the exam bank
shows what students see, with room to answer; the answer key adds the answer, the worked
solution, the feedback on typical mistakes and, for proofs, the model answer and rubric.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from pathlib import Path

from quiz.bank import LECTURE_TITLES, Question
from quiz.moodle import number

STYLE = """
body { font-family: "DejaVu Sans", sans-serif; font-size: 10.5pt; line-height: 1.4;
       margin: 0; color: #111; }
h1 { font-size: 18pt; margin: 0 0 4pt; }
h2 { font-size: 14pt; margin: 18pt 0 6pt; border-bottom: 1px solid #999; break-after: avoid; }
.question { break-inside: avoid; margin: 10pt 0; padding: 6pt 8pt; border: 1px solid #ccc; }
.label { font-weight: bold; }
.kind { color: #555; font-size: 9pt; }
pre.board { font-family: "DejaVu Sans Mono", monospace; display: inline-block;
            margin: 4pt 12pt 4pt 0; padding: 3pt 6pt; background: #f3f3f3; vertical-align: top; }
pre.board .caption { display: block; font-family: "DejaVu Sans", sans-serif; font-size: 9pt; }
pre.code { font-size: 8.5pt; background: #f3f3f3; padding: 4pt; white-space: pre-wrap; }
ol.choices { list-style-type: lower-alpha; }
.space { height: 28pt; border-bottom: 1px dotted #999; }
.proof-space { height: 150pt; border: 1px dotted #999; }
.answer { margin-top: 6pt; padding: 4pt 6pt; background: #eef5ee; }
@page { size: A4; margin: 15mm 14mm; }
"""


def mathjax() -> str:
    """The offline MathJax 2 of the jupyter-server-mathjax package, for \\( \\) and \\[ \\]."""
    import jupyter_server_mathjax

    script = Path(jupyter_server_mathjax.__file__).with_name("static") / "MathJax.js"
    return (
        '<script type="text/x-mathjax-config">MathJax.Hub.Config({tex2jax: {inlineMath: '
        '[["\\\\(", "\\\\)"]], displayMath: [["\\\\[", "\\\\]"]], processEscapes: true}, '
        '"HTML-CSS": {availableFonts: [], preferredFont: null, webFont: "STIX-Web", '
        'imageFont: null}, messageStyle: "none"});</script>\n'
        f'<script src="{script.as_uri()}?config=TeX-AMS-MML_HTMLorMML-full"></script>'
    )


def _question(number_: str, q: Question, key: bool) -> str:
    kind = {
        "numerical": "a number",
        "multichoice": "multiple choice",
        "shortanswer": "a short answer",
        "essay": "a proof",
    }[q.kind]
    parts = [
        f'<div class="question"><p><span class="label">{number_}</span> '
        f'<span class="kind">({html.escape(q.title)}; {kind}; {q.points} '
        f"point{'s' if q.points > 1 else ''}; variant {q.seed})</span></p>",
        q.text,
    ]
    if q.kind == "multichoice":
        parts.append(
            '<ol class="choices">' + "".join(f"<li>{o}</li>" for o, _ in q.choices) + "</ol>"
        )
    if not key:
        parts.append(
            '<div class="proof-space"></div>' if q.kind == "essay" else '<div class="space"></div>'
        )
    else:
        if q.kind == "essay":
            parts.append(f'<div class="answer">{q.model_answer}</div>')
        else:
            shown = (
                f"({'abcdefgh'[int(q.answer or 0)]})"
                if q.kind == "multichoice"
                else html.escape(number(q.answer))
            )
            mistakes = "".join(
                f"<li><code>{html.escape(number(v))}</code>: {html.escape(f)}</li>"
                for v, f in q.mistakes
            )
            solution = "" if _restates(q.solution, shown) else q.solution
            parts.append(
                f'<div class="answer"><p><strong>Answer:</strong> {shown}</p>{solution}'
                + (f"<p>Typical mistakes:</p><ul>{mistakes}</ul>" if mistakes else "")
                + "</div>"
            )
    parts.append("</div>")
    return "\n".join(parts)


def _restates(solution: str, answer: str) -> bool:
    """Whether a worked solution says nothing but the answer (printed once in the key).

    >>> _restates("<p><code>swap 2 3</code></p>", "swap 2 3"), _restates("<p>3 in all</p>", "3")
    (True, False)
    """
    words = html.unescape(re.sub(r"<[^>]+>", " ", solution)).split()
    return "".join(words) == "".join(html.unescape(answer).split())


def page(questions: Sequence[Question], *, key: bool, title: str) -> str:
    """The exam bank (``key=False``) or its answer key, as one HTML page."""
    body = [
        f"<h1>{html.escape(title)}{' — answer key' if key else ''}</h1>",
        "<p>Lights Out: linear algebra over GF(2). "
        + (
            "For the lecturer and the markers only."
            if key
            else "Choose questions from this bank; the answer key has the same numbering."
        )
        + "</p>",
    ]
    lecture = None
    for q in questions:
        if q.lecture != lecture:
            lecture = q.lecture
            body.append(f"<h2>Lecture {lecture}: {html.escape(LECTURE_TITLES[lecture])}</h2>")
        body.append(_question(f"{q.template}.{q.seed}", q, key))
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n{mathjax()}\n</head>\n"
        "<body>\n" + "\n".join(body) + "\n</body>\n</html>\n"
    )
