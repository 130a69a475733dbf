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
from quiz.translations import tr_in, tr_later

STYLE = """
body { font-family: "DejaVu Sans", "Noto Sans CJK SC", sans-serif; font-size: 10.5pt;
       line-height: 1.4; margin: 0; color: #111; }
h1 { font-size: 18pt; margin: 0 0 4pt; }
h2 { font-size: 14pt; margin: 18pt 0 6pt; border-bottom: 1px solid #999; break-after: avoid; }
.question { break-inside: avoid; margin: 10pt 0; padding: 6pt 8pt; border: 1px solid #ccc; }
.label { font-weight: bold; }
.kind { color: #555; font-size: 9pt; }
pre.board { font-family: "DejaVu Sans Mono", "Noto Sans Mono CJK SC", monospace;
            display: inline-block; margin: 4pt 12pt 4pt 0; padding: 3pt 6pt; background: #f3f3f3;
            vertical-align: top; }
pre.board .caption { display: block; font-family: "DejaVu Sans", "Noto Sans CJK SC", sans-serif;
                     font-size: 9pt; }
html:lang(zh) body { font-family: "Noto Sans CJK SC", sans-serif; }
pre.code, code { font-family: "DejaVu Sans Mono", "Noto Sans Mono CJK SC", monospace; }
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


KINDS = {
    "numerical": tr_later("a number"),
    "multichoice": tr_later("multiple choice"),
    "shortanswer": tr_later("a short answer"),
    "essay": tr_later("a proof"),
}


def _question(number_: str, q: Question, key: bool) -> str:
    if q.points > 1:
        points = tr_in(q.language, "{0} points", q.points)
    else:
        points = tr_in(q.language, "{0} point", q.points)
    about = tr_in(
        q.language,
        "({0}; {1}; {2}; variant {3})",
        html.escape(q.title),
        tr_in(q.language, KINDS[q.kind]),
        points,
        q.seed,
    )
    parts = [
        f'<div class="question"><p><span class="label">{number_}</span> '
        f'<span class="kind">{about}</span></p>',
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
                tr_in(
                    q.language,
                    "<li>{0}: {1}</li>",
                    f"<code>{html.escape(number(v))}</code>",
                    html.escape(f),
                )
                for v, f in q.mistakes
            )
            solution = "" if _restates(q.solution, shown) else q.solution
            answer = tr_in(q.language, "<p><strong>Answer:</strong> {0}</p>", shown)
            typical = tr_in(q.language, "<p>Typical mistakes:</p>")
            parts.append(
                f'<div class="answer">{answer}{solution}'
                + (f"{typical}<ul>{mistakes}</ul>" if mistakes else "")
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
    """The exam bank (``key=False``) or its answer key, as one HTML page.

    Its words are in the questions' language; ``title`` is given in English.
    """
    language = questions[0].language if questions else "en"
    title = tr_in(language, title)
    if key:
        title = tr_in(language, "{0} — answer key", title)
        about = tr_in(
            language,
            "<p>Lights Out: linear algebra over GF(2). For the lecturer and the markers only.</p>",
        )
    else:
        about = tr_in(
            language,
            "<p>Lights Out: linear algebra over GF(2). Choose questions from this bank; the "
            "answer key has the same numbering.</p>",
        )
    body = [f"<h1>{html.escape(title)}</h1>", about]
    lecture = None
    for q in questions:
        if q.lecture != lecture:
            lecture = q.lecture
            lecture_title = tr_in(language, LECTURE_TITLES[lecture])
            heading = tr_in(language, "Lecture {0}: {1}", lecture, lecture_title)
            body.append(f"<h2>{html.escape(heading)}</h2>")
        body.append(_question(f"{q.template}.{q.seed}", q, key))
    return (
        f'<!DOCTYPE html>\n<html lang="{language}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n{mathjax()}\n</head>\n"
        "<body>\n" + "\n".join(body) + "\n</body>\n</html>\n"
    )
