"""The question bank (quiz/, teacher-only): every lecture has at least eight templates of
every kind; 50 seeds per template give 50 distinct variants whose answers (computed with
lightsout_edu) an independent check confirms; the checks catch a wrong answer; the Moodle
XML parses, with one category per lecture and exactly one fully correct answer per
question; Canvas's QTI package holds the same variants, one question group per template,
one right choice each and the maths as Canvas's equation images. The Chinese bank, made from
the same templates, asks the same variants with the same answers, in Chinese only, and its
catalogue is complete. The printed exam bank and answer key are checked with the other PDFs
(tests/test_pdf.py)."""

from __future__ import annotations

import html
import io
import re
import socket
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from quiz import __main__ as cli
from quiz import bank, canvas, moodle, translations
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


@pytest.mark.slow  # 3.4 s
def test_the_checks_catch_a_wrong_answer():
    for template in TEMPLATES.values():
        for seed in (0, 1):
            wrong = wrong_version(template.variant(seed))
            if wrong is None:
                continue
            with pytest.raises(AssertionError):
                template.check(wrong)


@pytest.fixture(scope="module")
def bank_files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("quiz")
    written = cli.write(out, variants=3, pdf=False)
    assert written == [
        out / "moodle.xml",
        out / "canvas_qti.zip",
        out / "moodle.zh.xml",
        out / "canvas_qti.zh.zip",
    ]
    return out


@pytest.fixture(scope="module")
def moodle_xml(bank_files: Path) -> Path:
    return bank_files / "moodle.xml"


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
            # shown to the student after the attempt, who never sees the grader information
            assert "model answer" not in question.find("generalfeedback/text").text.lower()
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


# ---------------------------------------------------------------------------------------------
# Canvas: the QTI package (quiz/canvas.py, written by text2qti)
# ---------------------------------------------------------------------------------------------

IMS = "{http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1}"
QTI = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"
CANVAS = "{http://canvas.instructure.com/xsd/cccv1p0}"
EQUATION = re.compile(r'<img class="equation_image" [^>]*data-equation-content="([^"]*)"[^>]*>')
MATHS = re.compile(r"\\\((.+?)\\\)|\\\[(.+?)\\\]", re.DOTALL)
CANVAS_TYPES = {
    "multichoice": {"multiple_choice_question"},
    "numerical": {"numerical_question", "short_answer_question"},  # see can_be_numerical
    "shortanswer": {"short_answer_question"},
    "essay": {"essay_question"},
}


def package_files(package_path: Path) -> dict[str, ET.Element]:
    """Every XML file of a QTI package by its name, parsed."""
    with zipfile.ZipFile(package_path) as package:
        names = [name for name in package.namelist() if not name.endswith("/")]
        assert all(name.endswith(".xml") for name in names), names
        return {name: ET.fromstring(package.read(name)) for name in names}


def package_assessments(qti_files: dict[str, ET.Element]) -> list[ET.Element]:
    """The assessments of a QTI package, in its manifest's order."""
    manifest = qti_files["imsmanifest.xml"]
    resources = manifest.findall(f"{IMS}resources/{IMS}resource")
    hrefs = [file.get("href") for resource in resources for file in resource.findall(f"{IMS}file")]
    assert sorted(hrefs) == sorted(name for name in qti_files if name != "imsmanifest.xml")
    tests = [r for r in resources if r.get("type") == "imsqti_xmlv1p2"]
    return [qti_files[r.find(f"{IMS}file").get("href")].find(f"{QTI}assessment") for r in tests]


@pytest.fixture(scope="module")
def qti_files(bank_files: Path) -> dict[str, ET.Element]:
    return package_files(bank_files / "canvas_qti.zip")


@pytest.fixture(scope="module")
def assessments(qti_files: dict[str, ET.Element]) -> list[ET.Element]:
    return package_assessments(qti_files)


@pytest.fixture(scope="module")
def moodle_questions(moodle_xml: Path) -> dict[str, ET.Element]:
    root = ET.parse(moodle_xml).getroot()
    return {q.find("name/text").text: q for q in root if q.get("type") != "category"}


def metadata(item: ET.Element) -> dict[str, str]:
    fields = item.iter(f"{QTI}qtimetadatafield")
    return {f.find(f"{QTI}fieldlabel").text: f.find(f"{QTI}fieldentry").text for f in fields}


def scoring(item: ET.Element) -> list[ET.Element]:
    """The conditions of ``item`` that give full marks."""
    return [
        condition
        for condition in item.iter(f"{QTI}respcondition")
        if any(s.text == "100" for s in condition.iter(f"{QTI}setvar"))
    ]


def test_the_canvas_package_holds_a_quiz_per_lecture_that_parses(
    qti_files: dict[str, ET.Element], assessments: list[ET.Element]
):
    assert qti_files["imsmanifest.xml"].tag == f"{IMS}manifest"
    titles = [a.get("title") for a in assessments]
    assert titles == [f"Lights Out, lecture {k}: {LECTURE_TITLES[k]}" for k in range(1, 10)]
    meta = {
        root.find(f"{CANVAS}title").text: root
        for name, root in qti_files.items()
        if name.endswith("/assessment_meta.xml")
    }
    assert sorted(meta) == sorted(titles)
    for lecture, title in enumerate(titles, start=1):
        points = sum(t.points for t in TEMPLATES.values() if t.lecture == lecture)
        assert float(meta[title].find(f"{CANVAS}points_possible").text) == points, title
        assert meta[title].find(f"{CANVAS}shuffle_answers").text == "true"


def test_every_template_is_a_question_group_of_its_moodle_variants(
    assessments: list[ET.Element], moodle_questions: dict[str, ET.Element]
):
    names = []
    for lecture, assessment in enumerate(assessments, start=1):
        groups = assessment.findall(f"{QTI}section/{QTI}section")
        chosen = [t for t in TEMPLATES.values() if t.lecture == lecture]
        assert [g.get("title") for g in groups] == [f"{t.id} {t.title}" for t in chosen]
        for group, template in zip(groups, chosen, strict=True):
            assert group.find(f".//{QTI}selection_number").text == "1"  # one variant each
            assert group.find(f".//{QTI}points_per_item").text == str(template.points)
            items = group.findall(f"{QTI}item")
            assert [i.get("title") for i in items] == [template.variant(s).name for s in range(3)]
            assert {metadata(i)["points_possible"] for i in items} == {str(template.points)}
            names += [i.get("title") for i in items]
    assert names == list(moodle_questions)  # the same variants, in the same order
    idents = [item.get("ident") for a in assessments for item in a.iter(f"{QTI}item")]
    idents += [a.get("ident") for a in assessments]
    assert len(set(idents)) == len(idents) == len(names) + 9  # Canvas imports by identifier


def test_every_canvas_item_has_the_moodle_answer_and_one_right_choice(
    assessments: list[ET.Element], moodle_questions: dict[str, ET.Element]
):
    kinds: Counter = Counter()
    for item in (i for a in assessments for i in a.iter(f"{QTI}item")):
        moodle_question = moodle_questions[item.get("title")]
        kind = moodle_question.get("type")
        kinds[metadata(item)["question_type"]] += 1
        assert metadata(item)["question_type"] in CANVAS_TYPES[kind], item.get("title")
        right = [a.find("text").text for a in moodle_question.findall("answer[@fraction='100']")]
        full = scoring(item)
        if kind == "essay":
            assert not full and not right
            continue
        assert len(full) == 1, item.get("title")  # exactly one way to full marks
        equal = [v.text for v in full[0].iter(f"{QTI}varequal")]
        if metadata(item)["question_type"] == "numerical_question":
            assert [float(v) for v in equal] == [float(v) for v in right], item.get("title")
            continue
        if kind != "multichoice":
            assert equal == right, item.get("title")
            continue
        labels = {
            label.get("ident"): label.find(f".//{QTI}mattext").text
            for label in item.iter(f"{QTI}response_label")
        }
        assert len(labels) == len(moodle_question.findall("answer")) >= 4
        assert len(equal) == 1 and equal[0] in labels, item.get("title")  # one right choice
        assert labels[equal[0]] == f"<div>{right[0]}</div>", item.get("title")
    assert kinds["essay_question"] == 9 * 3 and kinds["multiple_choice_question"] > 0


def as_moodle_maths(fragment: str) -> str:
    """Canvas's equation images back as MathJax's \\( \\) and \\[ \\]."""

    def maths(match: re.Match) -> str:
        latex = html.unescape(match.group(1))
        shown = latex.removeprefix("\\displaystyle ")
        return f"\\[{shown}\\]" if shown != latex else f"\\({latex}\\)"

    return EQUATION.sub(maths, fragment)


def one_line_maths(fragment: str) -> str:
    """The maths of Moodle's HTML as LaTeX on one line (entities decoded)."""

    def maths(match: re.Match) -> str:
        inline, display = match.groups()
        latex = " ".join(html.unescape(inline or display).split())
        return f"\\({latex}\\)" if inline else f"\\[{latex}\\]"

    return MATHS.sub(maths, fragment)


def test_the_question_text_reaches_canvas_unchanged_with_maths_as_equation_images(
    assessments: list[ET.Element], moodle_questions: dict[str, ET.Element]
):
    equations = 0
    for item in (i for a in assessments for i in a.iter(f"{QTI}item")):
        shown = item.find(f"{QTI}presentation/{QTI}material/{QTI}mattext").text
        assert "\\(" not in shown and "\\[" not in shown and "$" not in shown
        assert "http" not in shown  # Canvas renders /equation_images/ on its own site
        sources = re.findall(r'<img class="equation_image"[^>]* src="([^"]*)"', shown)
        assert all(source.startswith("/equation_images/") for source in sources)
        equations += len(sources)
        moodle_question = moodle_questions[item.get("title")]
        moodle_text = moodle_question.find("questiontext/text").text
        idnumber = moodle_question.find("idnumber").text  # e.g. L4.4-7
        variant = f'<p class="variant"><small>{idnumber}</small></p>'
        assert as_moodle_maths(shown) == f"<div>{one_line_maths(moodle_text)}{variant}</div>"
    assert equations > 100


def test_answers_text2qti_cannot_write_exactly_are_short_answers():
    question = TEMPLATES["L4.1"].variant(0)
    assert canvas.answer_lines(question) == [f"=   {question.answer}"]
    lines = {
        value: canvas.answer_lines(replace(question, answer=value, mistakes=()))
        for value in (-2, 0.0625, 0, 0.03125, 2.0**-16)
    }
    assert lines == {
        -2: ["=   -2"],
        0.0625: ["=   0.0625 +- 0"],
        0: ["*   0"],  # text2qti refuses numerical answers below 0.0001
        0.03125: ["*   0.03125"],  # text2qti would write 0.0312
        2.0**-16: ["*   0.0000152587890625"],
    }
    for value in lines:
        package = canvas.to_zip([replace(question, answer=value, mistakes=())])
        with zipfile.ZipFile(io.BytesIO(package)) as unzipped:
            (test,) = [n for n in unzipped.namelist() if n.endswith(".xml") and "/text2qti_" in n]
            full = scoring(ET.fromstring(unzipped.read(test)).find(f".//{QTI}item"))
        assert [v.text for v in full[0].iter(f"{QTI}varequal")] == [moodle.number(value)]


def test_variants_in_any_order_go_to_the_quiz_and_group_of_their_template():
    order = [("L2.6", 0), ("L1.1", 0), ("L2.6", 1), ("L1.2", 4)]
    grouped = canvas.by_lecture(TEMPLATES[t].variant(seed) for t, seed in order)
    seeds = {k: {t: [q.seed for q in v] for t, v in g.items()} for k, g in grouped.items()}
    assert seeds == {2: {"L2.6": [0, 1]}, 1: {"L1.1": [0], "L1.2": [4]}}


def test_the_canvas_package_is_built_without_the_network(monkeypatch: pytest.MonkeyPatch):
    def no_network(*args, **kwargs):
        raise AssertionError("the Canvas package tried to reach the network")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(subprocess, "Popen", no_network)  # no pandoc, no other program
    questions = [TEMPLATES[t].variant(0) for t in ("L2.2", "L2.6", "L4.4", "L4.8")]
    with zipfile.ZipFile(io.BytesIO(canvas.to_zip(questions))) as package:
        assert "imsmanifest.xml" in package.namelist()


def test_bad_variant_counts_are_refused(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(ValueError, match="variants must be 1 or more, not 0"):
        cli.write(Path("unused"), variants=0, pdf=False)
    with pytest.raises(ValueError, match="no question to export"):
        canvas.to_zip([])
    assert cli.main(["--variants", "0", "--no-pdf"]) == 2
    assert capsys.readouterr().err == "python -m quiz: --variants must be 1 or more, not 0\n"


def test_the_answer_key_prints_each_short_answer_once() -> None:
    """A worked solution that only restates the answer is not printed after it again."""
    from quiz import exam

    questions = [t.variant(1) for t in bank.load_all().values()]
    key = exam.page(questions, key=True, title="key")
    for q in questions:
        if q.kind == "shortanswer" and q.solution == f"<p>{q.answer}</p>":
            assert key.count(f"<p>{q.answer}</p>") == 0, q.id
            assert f"<strong>Answer:</strong> {html.escape(str(q.answer))}</p>" in key, q.id


# ---------------------------------------------------------------------------------------------
# The Chinese bank: the same templates, variants and answers, the prose translated
# ---------------------------------------------------------------------------------------------

CJK = re.compile(r"[\u4e00-\u9fff]")
#: Four English words in a row (of two letters or more: x, A and b are maths), not translated.
ENGLISH_RUN = re.compile(r"[A-Za-z]{2,}(?:[\s,;:.()'-]+[A-Za-z]{2,}){3,}")


def prose(fragment: str) -> str:
    """The words of an HTML fragment, without code, boards, formulas and tags."""
    fragment = re.sub(r"<pre.*?</pre>|<code>.*?</code>", " ", fragment, flags=re.DOTALL)
    fragment = MATHS.sub(" ", fragment)
    return re.sub(r"<[^>]+>", " ", fragment)


def test_the_chinese_moodle_bank_asks_the_same_questions_in_chinese(
    moodle_xml: Path, bank_files: Path
):
    english = ET.parse(moodle_xml).getroot()
    chinese = ET.parse(bank_files / "moodle.zh.xml").getroot()
    assert len(chinese) == len(english) == 9 + len(TEMPLATES) * 4
    for en, zh in zip(english, chinese, strict=True):
        assert zh.get("type") == en.get("type")
        texts = [element.text or "" for element in zh.iter("text")]
        english_left = [run for text in texts for run in ENGLISH_RUN.findall(prose(text))]
        assert not english_left, (texts[0], english_left)
        if zh.get("type") == "category":
            assert CJK.search(zh.find("category/text").text)
            continue
        assert zh.find("idnumber").text == en.find("idnumber").text
        assert CJK.search(zh.find("questiontext/text").text), zh.find("idnumber").text
        if zh.get("type") == "essay":  # a student never sees the grader information
            assert "参考答案" not in zh.find("generalfeedback/text").text
        answers = [(a.get("fraction"), a.find("text").text) for a in en.findall("answer")]
        if zh.get("type") == "multichoice":  # the options may be words: the right one's place
            answers = [fraction for fraction, _ in answers]
            assert [a.get("fraction") for a in zh.findall("answer")] == answers
        else:
            assert [(a.get("fraction"), a.find("text").text) for a in zh.findall("answer")] == (
                answers
            )


def test_the_chinese_canvas_package_has_the_same_items_and_one_right_answer_each(
    assessments: list[ET.Element], bank_files: Path
):
    files = package_files(bank_files / "canvas_qti.zh.zip")
    assert files["imsmanifest.xml"].tag == f"{IMS}manifest"
    chinese = package_assessments(files)
    assert all(CJK.search(assessment.get("title")) for assessment in chinese)
    english_items = [i for a in assessments for i in a.iter(f"{QTI}item")]
    chinese_items = [i for a in chinese for i in a.iter(f"{QTI}item")]
    assert len(chinese_items) == len(english_items) == len(TEMPLATES) * 3
    for en, zh in zip(english_items, chinese_items, strict=True):
        assert metadata(zh)["question_type"] == metadata(en)["question_type"]
        assert CJK.search(zh.find(f"{QTI}presentation/{QTI}material/{QTI}mattext").text)
        full = scoring(zh)
        assert len(full) == len(scoring(en)) == (metadata(en)["question_type"] != "essay_question")
        if not full:
            continue
        right = [
            [v.text for v in item_full[0].iter(f"{QTI}varequal")]
            for item_full in (scoring(en), full)
        ]
        if metadata(en)["question_type"] == "multiple_choice_question":
            right = [
                [label.get("ident") for label in item.iter(f"{QTI}response_label")].index(r[0])
                for item, r in ((en, right[0]), (zh, right[1]))
            ]
        assert right[0] == right[1], zh.get("title")


def test_every_catalogue_entry_is_translated_with_the_english_placeholders():
    assert translations.check("zh") == []
    entries = {e.msgid: e for e in translations.polib.pofile(translations.catalogue_path("zh"))}
    assert set(entries) == set(translations.english_strings())
    entry = entries["<p>Gauss–Jordan elimination over GF(2) leaves {r} pivots: rank {r}.</p>"]
    assert translations.problems_of(entry) == []
    for broken in ("<p>秩为 r。</p>", "秩为 {r}。", "<p>秩为 {r}，\\(A\\)。</p>", ""):
        assert translations.problems_of(replace_msgstr(entry, broken)), broken


def replace_msgstr(entry, msgstr: str):
    """A copy of a catalogue entry with another translation."""
    return translations.polib.POEntry(msgid=entry.msgid, msgstr=msgstr, flags=list(entry.flags))


def test_a_language_the_bank_is_not_written_in_is_refused():
    with pytest.raises(ValueError, match=r"languages must be some of en, zh, not \['fr'\]"):
        cli.write(Path("unused"), variants=1, pdf=False, languages=("fr",))
