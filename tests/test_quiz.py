"""The question bank (quiz/, teacher-only): every lecture has at least eight templates of
every kind; 50 seeds per template give 50 distinct variants whose answers (computed with
lightsout_edu) an independent check confirms; the checks catch a wrong answer; the Moodle
XML parses, with one category per lecture and exactly one fully correct answer per
question. The printed exam bank and answer key are checked with the other PDFs
(tests/test_pdf.py)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from quiz import __main__ as cli
from quiz import bank, moodle
from quiz.bank import LECTURE_TITLES

TEMPLATES = bank.load_all()
SEEDS = range(50)
#: A "<" that does not open a tag: in HTML it would swallow the text after it (write \\lt).
BARE_LESS_THAN = re.compile(r"<(?![a-zA-Z/!])")


def test_every_lecture_has_eight_questions_of_every_kind():
    by_lecture = Counter(t.lecture for t in TEMPLATES.values())
    assert sorted(by_lecture) == list(range(1, 10))
    assert all(count >= 8 for count in by_lecture.values()), by_lecture
    for lecture in by_lecture:
        kinds = {t.kind for t in TEMPLATES.values() if t.lecture == lecture}
        assert kinds == set(bank.KINDS), (lecture, kinds)


@pytest.mark.slow
@pytest.mark.parametrize("lecture", range(1, 10))
def test_fifty_seeds_give_distinct_variants_that_check_independently(lecture):
    for template in (t for t in TEMPLATES.values() if t.lecture == lecture):
        variants = [template.variant(seed) for seed in SEEDS]
        assert len({q.key for q in variants}) == len(SEEDS), template.id
        for question in variants:
            template.check(question)
            shown = [question.text, question.solution, question.model_answer]
            shown += [part for choice in question.choices for part in choice]
            assert not any(BARE_LESS_THAN.search(part) for part in shown), question.name
            if question.kind == "multichoice":
                assert len(question.choices) >= 4, question.name
            if question.kind == "essay":
                assert "Rubric" in question.model_answer and "Model answer" in question.model_answer
            else:
                assert question.answer is not None and question.solution


def test_a_variant_is_the_same_for_the_same_seed_and_seeds_wrap_around():
    template = TEMPLATES["L5.2"]
    assert template.variant(7) == template.variant(7)
    assert template.variant(7).key == template.variant(7 + len(template.parameters())).key


def wrong_version(question: bank.Question) -> bank.Question | None:
    """``question`` with a wrong answer in place of the right one."""
    if question.kind == "essay":
        return None
    if question.kind == "multichoice":
        answer = (int(question.answer) + 1) % len(question.choices)
    elif question.mistakes:
        answer = question.mistakes[0][0]
    elif question.kind == "numerical":
        answer = question.answer + 1
    else:
        text = str(question.answer)
        if not any(ch.isdigit() for ch in text):  # letters, e.g. the cases that catch a bug
            return bank.Question(**{**question.__dict__, "answer": text + "X", "mistakes": ()})
        flip = next(i for i, ch in enumerate(text) if ch.isdigit())
        answer = (
            text[:flip] + str(1 - int(text[flip]) if text[flip] in "01" else 9) + text[flip + 1 :]
        )
    fields = {**question.__dict__, "answer": answer, "mistakes": ()}
    return bank.Question(**fields)


def test_the_checks_catch_a_wrong_answer():
    for template in TEMPLATES.values():
        for seed in (0, 1):
            wrong = wrong_version(template.variant(seed))
            if wrong is None:
                continue
            with pytest.raises(AssertionError):
                template.check(wrong)


@pytest.fixture(scope="module")
def moodle_xml(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("quiz")
    written = cli.write(out, variants=3, pdf=False)
    assert written == [out / "moodle.xml"]
    return out / "moodle.xml"


def test_moodle_xml_parses_with_one_category_per_lecture(moodle_xml: Path):
    root = ET.parse(moodle_xml).getroot()
    assert root.tag == "quiz"
    categories = [q.find("category/text").text for q in root if q.get("type") == "category"]
    lectures = [c for c in categories if c.count("/") == 3]
    assert lectures == [
        f"$course$/top/Lights Out/Lecture {k}: {LECTURE_TITLES[k]}" for k in range(1, 10)
    ]
    templates = [c for c in categories if c.count("/") == 4]
    assert len(templates) == len(TEMPLATES)
    current = None
    counted: Counter = Counter()
    for element in root:
        if element.get("type") == "category":
            current = element.find("category/text").text
            continue
        name = element.find("name/text").text
        template_id = name.split(" ")[0]
        assert current.endswith(f"/{template_id} {TEMPLATES[template_id].title}"), name
        counted[template_id] += 1
    assert set(counted.values()) == {3}


def test_every_moodle_question_has_exactly_one_fully_correct_answer(moodle_xml: Path):
    root = ET.parse(moodle_xml).getroot()
    kinds: Counter = Counter()
    for question in (q for q in root if q.get("type") != "category"):
        kind = question.get("type")
        kinds[kind] += 1
        text = question.find("questiontext/text").text
        assert question.find("questiontext").get("format") == "html" and text
        assert "$$" not in text and not re.search(r"(?<!\\)\$", text), "maths as \\( \\)"
        answers = question.findall("answer")
        if kind == "essay":
            assert not answers
            info = question.find("graderinfo/text").text
            assert "Model answer" in info and "Rubric" in info
            continue
        full = [a for a in answers if a.get("fraction") == "100"]
        assert len(full) == 1, question.find("name/text").text
        assert all(a.get("fraction") in ("100", "0") for a in answers)
        assert all(a.find("feedback/text").text for a in answers)
        values = [a.find("text").text for a in answers]
        assert len(values) == len(set(values)), "the same answer twice"
        if kind == "numerical":
            assert all(a.find("tolerance").text == "0" for a in answers)
            float(full[0].find("text").text)  # a plain number
            assert "e" not in full[0].find("text").text.lower()
        if kind == "multichoice":
            assert question.find("single").text == "true" and len(answers) >= 4
        if kind == "shortanswer":
            assert values[-1] == "*" and question.find("usecase").text == "0"
    assert set(kinds) == set(bank.KINDS)
    assert kinds["essay"] == 9 * 3


def test_numbers_are_written_without_exponents():
    assert moodle.number(2.0**-16) == "0.0000152587890625"
    assert moodle.number(12) == "12"
