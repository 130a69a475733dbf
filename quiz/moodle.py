"""Moodle XML of the question bank: one category per lecture, a subcategory per template.

Moodle imports the file natively (Question bank, Import, format "Moodle XML"). Each
template's subcategory holds its variants; a quiz that draws "a random question" from each
subcategory gives every student their own, equally hard variant. Numerical answers have
tolerance 0, every question has exactly one fully correct answer, and each answer (the right
one, the typical mistakes, and "anything else") has its own feedback. Proofs are essay
questions whose model answer and rubric are the grader information.

>>> from quiz import bank
>>> question = bank.load_all()["L4.1"].variant(0)
>>> xml = to_xml([question])
>>> "<tolerance>0</tolerance>" in xml and 'type="numerical"' in xml
True
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from decimal import Decimal

from quiz.bank import Question
from quiz.translations import tr_in, tr_later

COURSE = tr_later("Lights Out")


def _text(parent: ET.Element, tag: str, value: str, html: bool = True) -> ET.Element:
    element = ET.SubElement(parent, tag, {"format": "html"} if html else {})
    ET.SubElement(element, "text").text = value
    return element


def _plain(parent: ET.Element, tag: str, value: str) -> None:
    ET.SubElement(parent, tag).text = value


def _category(quiz: ET.Element, path: str, info: str) -> None:
    question = ET.SubElement(quiz, "question", {"type": "category"})
    category = ET.SubElement(question, "category")
    ET.SubElement(category, "text").text = f"$course$/top/{path}"
    _text(question, "info", info)


def number(value: int | float | str | None) -> str:
    """A number as Moodle reads it: digits and a decimal point, never an exponent."""
    if isinstance(value, float):
        return format(Decimal(value), "f")
    return str(value)


def _answer(parent: ET.Element, fraction: int, text: str, feedback: str, tolerance: bool) -> None:
    answer = ET.SubElement(
        parent, "answer", {"fraction": str(fraction), "format": "moodle_auto_format"}
    )
    ET.SubElement(answer, "text").text = text
    if tolerance:
        _plain(answer, "tolerance", "0")
    _text(answer, "feedback", f"<p>{feedback}</p>")


def question_element(q: Question) -> ET.Element:
    """One question as Moodle XML."""
    element = ET.Element("question", {"type": q.kind})
    name = ET.SubElement(element, "name")
    ET.SubElement(name, "text").text = q.name
    _text(element, "questiontext", q.text)
    _text(element, "generalfeedback", q.solution)
    _plain(element, "defaultgrade", str(q.points))
    _plain(element, "penalty", "0.3333333")
    _plain(element, "hidden", "0")
    _plain(element, "idnumber", f"{q.template}-{q.seed}")
    if q.kind in ("numerical", "shortanswer"):
        numeric = q.kind == "numerical"
        if not numeric:
            _plain(element, "usecase", "0")
        _answer(element, 100, number(q.answer), q.right, numeric)
        for value, feedback in q.mistakes:
            _answer(element, 0, number(value), feedback, numeric)
        _answer(element, 0, "*", q.hint or tr_in(q.language, "Not this one."), numeric)
        if numeric:
            for tag, value in (
                ("unitgradingtype", "0"),
                ("unitpenalty", "0.1000000"),
                ("showunits", "3"),
                ("unitsleft", "0"),
            ):
                _plain(element, tag, value)
    elif q.kind == "multichoice":
        _plain(element, "single", "true")
        _plain(element, "shuffleanswers", "true")
        _plain(element, "answernumbering", "abc")
        for tag, feedback in (
            ("correctfeedback", tr_later("Right.")),
            ("partiallycorrectfeedback", tr_later("Partly right.")),
            ("incorrectfeedback", tr_later("Not this one.")),
        ):
            _text(element, tag, f"<p>{tr_in(q.language, feedback)}</p>")
        for k, (option, feedback) in enumerate(q.choices):
            answer = ET.SubElement(
                element, "answer", {"fraction": "100" if k == q.answer else "0", "format": "html"}
            )
            ET.SubElement(answer, "text").text = option
            _text(answer, "feedback", f"<p>{feedback}</p>")
    else:  # a proof, graded by hand
        _plain(element, "responseformat", "editor")
        _plain(element, "responserequired", "1")
        _plain(element, "responsefieldlines", "15")
        _plain(element, "attachments", "0")
        _plain(element, "attachmentsrequired", "0")
        _text(element, "graderinfo", q.model_answer)
        _text(element, "responsetemplate", "")
    return element


def to_xml(questions: Iterable[Question]) -> str:
    """The questions, grouped into lecture and template categories, as a Moodle XML file."""
    quiz = ET.Element("quiz")
    seen: set[str] = set()
    for q in questions:
        course = tr_in(q.language, COURSE)
        if q.category not in seen:
            seen.add(q.category)
            info = tr_in(q.language, "<p>Questions on {0}.</p>", q.category)
            _category(quiz, f"{course}/{q.category}", info)
        template = f"{q.category}/{q.template} {q.title}"
        if template not in seen:
            seen.add(template)
            _category(
                quiz,
                f"{course}/{template}",
                tr_in(
                    q.language,
                    "<p>Variants of one question: equally hard, each with its own numbers. "
                    "Draw one at random per student.</p>",
                ),
            )
        quiz.append(question_element(q))
    ET.indent(quiz)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(quiz, encoding="unicode") + "\n"
