"""Canvas's QTI package of the question bank, written by text2qti.

Canvas imports the zip as it is (Settings, Import course content, "QTI .zip file"). It
holds one quiz per lecture, and in each quiz one question group per template that picks
one of the template's variants per student: the same variants as the Moodle bank
(:mod:`quiz.moodle`), with the same names (Canvas shows them to the teacher only).

The package is made by `text2qti <https://github.com/gpoore/text2qti>`_ from its plain-text
quiz format: :func:`quiz_text` writes one lecture in that format, text2qti parses it (it
refuses a multiple-choice question without exactly one right choice, and two questions with
the same text) and writes the QTI 1.2 XML. Our questions are HTML, so each one goes to
text2qti as one raw HTML block that its Markdown leaves alone. Mathematics ``\\( x \\)``
and ``\\[ x \\]`` become text2qti's ``$x$``, which it turns into Canvas's own equation images
(``<img class="equation_image" src="/equation_images/...">``, the form Canvas's editor
writes): a link relative to the Canvas site, rendered by Canvas, so nothing is fetched
while the package is built. Every question ends with its variant's name, e.g. "L4.4-7",
which tells variants with the same text and different choices apart (text2qti refuses
two questions with the same text) and lets a student name the question when asking.

What text2qti cannot say, and what we do instead:

- A numerical answer must be at least 0.0001 in size (text2qti's author found that Canvas
  turns smaller entries into 0), and text2qti writes at most four decimals. An answer it
  cannot write exactly (0, or a fraction with more decimals) becomes a short answer whose
  one accepted text is the number as Moodle has it: "0" is right, as in Moodle, and "0.0"
  is not.
- Numerical and short answers get no feedback per wrong answer, only one feedback for
  any wrong answer: it carries the hint and each typical mistake's feedback.
- Canvas's essay questions have no field that only graders see, so the model answer and
  rubric of a proof, Moodle's grader information, are not in the package (students would
  read them after submitting); the essay's feedback is its solution, as in Moodle.

>>> from quiz import bank
>>> question = bank.load_all()["L4.1"].variant(0)
>>> print(question_text(question).splitlines()[0])
Title: L4.1 v00: A nullity
>>> answer_lines(bank.load_all()["L2.2"].variant(4))
['*   0']
"""

from __future__ import annotations

import html
import io
import numbers
import re
import zipfile
from collections.abc import Iterable

from text2qti.config import Config
from text2qti.qti import QTI
from text2qti.quiz import GroupStart, Quiz

from quiz.bank import LECTURE_TITLES, Question
from quiz.moodle import COURSE, number
from quiz.translations import tr_in

INLINE_MATHS = re.compile(r"\\\((.+?)\\\)", re.DOTALL)
DISPLAY_MATHS = re.compile(r"\\\[(.+?)\\\]", re.DOTALL)
INDENT = " " * 4
#: Canvas replaces a numerical entry smaller than this by 0 (text2qti refuses such answers).
SMALLEST_NUMBER = 1e-4


def tex(maths: str) -> str:
    """LaTeX from the HTML of a question: entities decoded, on one line."""
    return " ".join(html.unescape(maths).split())


def markdown_block(fragment: str) -> str:
    r"""An HTML fragment as one raw HTML block of text2qti's Markdown, maths as ``$...$``.

    >>> print(markdown_block(r"<p>\(r \lt n\) costs $1:</p>\[x &amp;= 1\]"))
    <div><p>$r \lt n$ costs \$1:</p>$\displaystyle x &= 1$</div>
    """
    escaped = fragment.replace("$", "\\$").replace("`", "&#96;")
    inline = INLINE_MATHS.sub(lambda m: f"${tex(m.group(1))}$", escaped)
    maths = DISPLAY_MATHS.sub(lambda m: f"$\\displaystyle {tex(m.group(1))}$", inline)
    return f"<div>{maths}</div>"


def _element(marker: str, fragment: str) -> str:
    """A question, choice or feedback: its marker, then the block indented under it."""
    body = markdown_block(fragment).replace("\n", "\n" + INDENT)
    return f"{marker:<4}{body}"


def can_be_numerical(value: numbers.Real) -> bool:
    """Whether text2qti and Canvas take ``value`` as an exact numerical answer.

    >>> can_be_numerical(12), can_be_numerical(0.0625), can_be_numerical(0)
    (True, True, False)
    >>> can_be_numerical(0.03125)  # text2qti would write 0.0312
    False
    """
    as_float = float(value)
    if abs(as_float) < SMALLEST_NUMBER:
        return False
    return as_float.is_integer() or float(f"{as_float:.4f}") == as_float


def answer_lines(q: Question) -> list[str]:
    """The response of a numerical or short-answer question in text2qti's format."""
    if q.kind == "numerical":
        value = q.answer
        if not isinstance(value, numbers.Real):
            raise TypeError(f"{q.name}: a numerical answer is a number, not {value!r}")
        if not can_be_numerical(value):
            return [f"*   {number(value)}"]
        if float(value).is_integer():
            return [f"=   {int(value)}"]
        return [f"=   {number(value)} +- 0"]
    return [f"*   {q.answer}"]


def wrong_feedback(q: Question) -> str:
    """The feedback for any wrong answer: the hint and every typical mistake's feedback."""
    mistakes = "".join(
        tr_in(q.language, "<p>If you answered {0}: {1}</p>", html.escape(number(value)), feedback)
        for value, feedback in q.mistakes
    )
    return f"<p>{q.hint or tr_in(q.language, 'Not this one.')}</p>{mistakes}"


def question_text(q: Question) -> str:
    """One variant in text2qti's plain-text format (a title, points, text and response)."""
    shown = f'{q.text}<p class="variant"><small>{q.template}-{q.seed}</small></p>'
    lines = [f"Title: {q.name}", f"Points: {q.points}", _element("1.", shown)]
    lines.append(_element("...", q.solution))
    if q.kind == "multichoice":
        for k, (option, feedback) in enumerate(q.choices):
            lines.append(_element("*a)" if k == q.answer else "a)", option))
            lines.append(_element("...", f"<p>{feedback}</p>"))
    elif q.kind == "essay":
        lines.append("____")
    else:
        lines.append(_element("+", f"<p>{q.right}</p>"))
        lines.append(_element("-", wrong_feedback(q)))
        lines.extend(answer_lines(q))
    return "\n".join(lines) + "\n"


def quiz_text(lecture: int, templates: dict[str, list[Question]]) -> str:
    """One lecture's quiz: a question group per template, picking one of its variants."""
    language = next(iter(templates.values()))[0].language
    title = tr_in(
        language,
        "{0}, lecture {1}: {2}",
        tr_in(language, COURSE),
        lecture,
        tr_in(language, LECTURE_TITLES[lecture]),
    )
    description = tr_in(
        language,
        "Every question is drawn at random, for each student, from its variants: equally "
        "hard, each with its own numbers.",
    )
    header = [f"Quiz title: {title}", f"Quiz description: {description}", "Shuffle answers: true"]
    groups = []
    for variants in templates.values():
        head = f"GROUP\npick: 1\npoints per question: {variants[0].points}\n"
        groups.append("\n".join([head, *map(question_text, variants), "END_GROUP\n"]))
    return "\n".join(header) + "\n\n" + "\n".join(groups)


def lecture_quiz(lecture: int, templates: dict[str, list[Question]]) -> QTI:
    """text2qti's QTI of one lecture, each question group named after its template.

    Two things text2qti's text format cannot say are set on the parsed quiz: a group's
    name (text2qti calls every group "Group"), and the quiz's points, which text2qti 0.8
    counts wrong when there are groups (the points of every question in a group as well
    as the group's).
    """
    quiz = Quiz(quiz_text(lecture, templates), config=Config())
    groups = [item.group for item in quiz.questions_and_delims if isinstance(item, GroupStart)]
    for group, (first, *_) in zip(groups, templates.values(), strict=True):
        group.title_xml = html.escape(f"{first.template} {first.title}")
    quiz.points_possible = sum(group.points_per_question * group.pick for group in groups)
    return QTI(quiz)


def by_lecture(questions: Iterable[Question]) -> dict[int, dict[str, list[Question]]]:
    """The questions by lecture, then by template, each in the order they first come."""
    lectures: dict[int, dict[str, list[Question]]] = {}
    for q in questions:
        lectures.setdefault(q.lecture, {}).setdefault(q.template, []).append(q)
    return lectures


def _resources(manifest: str) -> str:
    """The ``<resource>`` elements of a text2qti manifest, as text."""
    return manifest.split("<resources>\n", 1)[1].split("  </resources>", 1)[0]


def to_zip(questions: Iterable[Question]) -> bytes:
    """The questions as one QTI package for Canvas: a quiz per lecture, in one manifest.

    text2qti writes a package per quiz; the lectures' assessments go into one zip whose
    manifest lists the resources of all of them, so that Canvas imports them at once.
    """
    lectures = [lecture_quiz(k, templates) for k, templates in by_lecture(questions).items()]
    if not lectures:
        raise ValueError("questions: no question to export; pass at least one variant")
    first = lectures[0].imsmanifest_xml
    resources = "".join(_resources(qti.imsmanifest_xml) for qti in lectures)
    manifest = first.replace(_resources(first), resources, 1)
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w", compression=zipfile.ZIP_DEFLATED) as package:
        package.writestr("imsmanifest.xml", manifest)
        package.writestr(zipfile.ZipInfo("non_cc_assessments/"), b"")
        for qti in lectures:
            folder = qti.assessment_identifier
            package.writestr(f"{folder}/assessment_meta.xml", qti.assessment_meta)
            package.writestr(f"{folder}/{folder}.xml", qti.assessment)
    return stream.getvalue()
