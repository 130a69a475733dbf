"""The printed course (make pdf, tools/build_pdf.py; the exam bank of make quiz): every PDF
opens, is A4, holds its page's title, and shows no raw TeX ($$, \\begin), no "Loading
widget" and no error; the student version of an exercise set has no solution, the teacher
version has them all. Printing every page takes a minute and a half, so this prints one page
of each kind (a lecture with widgets and one with an animation, an exercise set both ways,
the guide, the syllabus, two slide decks) and checks that the plan covers every page."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import nbformat
import numpy as np
import pytest

from tests.chromium import require_chromium
from tools import build_pdf, build_site, page_links

ROOT = Path(__file__).resolve().parent.parent
PRINTED = [
    "01_the_game_and_its_toggle_matrix",  # lecture and slides: widgets
    "03_gauss_jordan_step_by_step",  # lecture: the elimination player, an animation
    "04_solvability_and_the_kernel",
    "E3_elimination",
    "guide",
    "syllabus",
    "E3_elimination.zh",  # the Chinese edition: CJK fonts, solutions left out the same way
]
pytestmark = pytest.mark.browser

FORBIDDEN = re.compile(
    r"\$\$|\\begin|\\mathbf|Loading widget|\bError\b(?!-)|Traceback"
)  # "Error-Correcting Codes" is a title


def pdf_text(path: Path) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True
    ).stdout


def pdf_info(path: Path) -> dict[str, str]:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    return dict(line.split(":", 1) for line in out.stdout.splitlines() if ":" in line)


@pytest.fixture(scope="module")
def printed(course_site: Path, chromium, tmp_path_factory: pytest.TempPathFactory) -> Path:
    require_chromium()
    if shutil.which("pdftotext") is None:
        pytest.fail("pdftotext is missing: apt-get install poppler-utils (make test does)")
    out = tmp_path_factory.mktemp("pdf")
    written = build_pdf.build(course_site, out, PRINTED, browser=chromium)
    # 3 lectures, 3 slide decks, E3 twice, the guide, the syllabus; E3 twice in Chinese
    assert len(written) == 12
    return out


def titles(language: str = "en") -> dict[str, str]:
    """PDF name -> the title of its notebook (the first heading), in one edition."""
    out = {}
    for page in build_site.discover(ROOT / "notebooks", language):
        nb = nbformat.read(page.source, as_version=4)
        stem = page.source.stem.removesuffix(".zh")
        out[stem] = page_links.notebook_title(nb, stem)
    return out


def flat(text: str) -> str:
    return " ".join(text.split()).lower()


def test_the_plan_prints_every_page_of_the_site(course_site: Path) -> None:
    jobs = build_pdf.jobs(course_site)
    pdfs = {job.pdf for job in jobs}
    for page in build_site.discover(ROOT / "notebooks"):
        stem = page.source.stem
        if page.kind == "lecture":
            assert {f"student/lectures/{stem}.pdf", f"student/slides/{stem}.pdf"} <= pdfs
        elif page.kind == "exercise":
            assert {f"student/exercises/{stem}.pdf", f"teacher/exercises/{stem}.pdf"} <= pdfs
    assert {"teacher/instructor/guide.pdf", "student/reference/syllabus.pdf"} <= pdfs
    assert not any(
        job.pdf.startswith(("student/instructor", "student/zh/instructor")) for job in jobs
    )
    assert len(pdfs) == len(jobs)
    english = [job for job in jobs if job.pdf.split("/")[1] != "zh"]
    chinese = [job for job in jobs if job.pdf.split("/")[1] == "zh"]
    assert [job.pdf.replace("/zh/", "/", 1) for job in chinese] == [job.pdf for job in english]
    assert all(job.page.startswith("zh/") and job.name.endswith(".zh") for job in chinese)


def test_every_pdf_opens_on_a4_with_its_title_and_no_raw_tex(printed: Path) -> None:
    names = {"en": titles(), "zh": titles("zh")}
    pdfs = sorted(printed.rglob("*.pdf"))
    assert len(pdfs) == 12
    for pdf in pdfs:
        info = pdf_info(pdf)
        assert int(info["Pages"]) > 0, pdf
        assert "(A4)" in info["Page size"], (pdf, info["Page size"])
        text = pdf_text(pdf)
        title = names["zh" if "zh" in pdf.relative_to(printed).parts else "en"][pdf.stem]
        assert flat(title) in flat(text), f"{pdf}: no title {title!r}"
        found = FORBIDDEN.search(text)
        assert not found, f"{pdf.relative_to(printed)} shows {found.group(0)!r}"
    landscape = pdf_info(printed / "student/slides/01_the_game_and_its_toggle_matrix.pdf")
    width, height = (float(v) for v in re.findall(r"[\d.]+", landscape["Page size"])[:2])
    assert width > height


def test_widgets_and_formulas_are_printed(printed: Path) -> None:
    lecture = pdf_text(printed / "student/lectures/01_the_game_and_its_toggle_matrix.pdf")
    for label in ("New board", "Undo", "Hint", "Presses: 0"):  # the game widget's controls
        assert label in lecture
    deck = pdf_text(printed / "student/slides/01_the_game_and_its_toggle_matrix.pdf")
    assert "New board" in deck and "Presses: 2" in deck  # the second game, driven from code
    three = pdf_text(printed / "student/lectures/03_gauss_jordan_step_by_step.pdf")
    assert "Next pivot" in three  # the elimination player
    # printed outputs wrap between words (JupyterLab's word-break: break-all split "posi/tion")
    assert "into pivot position (row 2)" in " ".join(three.split())
    assert "𝐴𝐱 = 𝐛" in lecture or "Ax = b" in lecture  # a typeset formula


def page_fill(pdf: Path) -> list[tuple[float, int]]:
    """Per page: how far down its ink reaches (0 to 1), and its lines of text."""
    from PIL import Image

    with tempfile.TemporaryDirectory() as folder:
        subprocess.run(["pdftoppm", "-r", "20", "-png", str(pdf), f"{folder}/p"], check=True)
        pages = []
        for k, png in enumerate(sorted(Path(folder).glob("p-*.png")), start=1):
            ink = np.flatnonzero((np.asarray(Image.open(png).convert("L")) < 200).any(axis=1))
            reach = (ink[-1] + 1) / Image.open(png).height if ink.size else 0.0
            text = subprocess.run(
                ["pdftotext", "-f", str(k), "-l", str(k), str(pdf), "-"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            pages.append((reach, sum(1 for line in text.splitlines() if line.strip())))
        return pages


def test_no_page_is_left_mostly_blank_for_text_that_could_be_split(printed: Path) -> None:
    """A long markdown cell starts where the last one ended (lecture 3's page 2 used to hold
    one small figure, the text being pushed whole to page 3); only what must not be split,
    a widget or a figure, may leave the rest of a page empty."""
    pages = page_fill(printed / "student/lectures/03_gauss_jordan_step_by_step.pdf")
    for number, (reach, lines) in enumerate(pages[:-1], start=1):
        assert reach >= 0.5 or lines >= 5, (number, reach, lines)


def test_students_get_no_solutions_and_teachers_all(printed: Path) -> None:
    student = pdf_text(printed / "student/exercises/E3_elimination.pdf")
    teacher = pdf_text(printed / "teacher/exercises/E3_elimination.pdf")
    nb = nbformat.read(ROOT / "notebooks/exercises/E3_elimination.ipynb", as_version=4)
    solutions = [c for c in nb.cells if "solution" in c.metadata.get("tags", [])]
    headings = sum(c.source.startswith("### Solution") for c in solutions)
    assert headings >= 4
    assert "Solution" not in student and "Show solution" not in student
    assert teacher.count("Solution") >= headings
    assert len(teacher) > 1.5 * len(student)
    for exercise in ("Exercise 3.1", "Exercise 3.4"):
        assert exercise in student and exercise in teacher
    # both print from one page, the teacher's first: the hints it opened are folded again
    hint = flat("Keep track of the current row")
    assert hint in flat(teacher)
    assert "Hint" in student and hint not in flat(student)


def test_the_exam_bank_and_its_answer_key(tmp_path: Path, chromium) -> None:
    from quiz import __main__ as quiz

    written = quiz.write(tmp_path, variants=1, browser=chromium, languages=("en",))
    bank_pdf, key_pdf = tmp_path / "exam_bank.pdf", tmp_path / "answer_key.pdf"
    assert written == [tmp_path / "moodle.xml", tmp_path / "canvas_qti.zip", bank_pdf, key_pdf]
    exam, key = pdf_text(bank_pdf), pdf_text(key_pdf)
    for text in (exam, key):
        assert not FORBIDDEN.search(text) and "\\(" not in text
        assert "Lecture 9: How many presses" in text
        assert all(f"L{k}.8.1" in text for k in range(1, 10))  # variant 1 of every proof
    assert "Answer:" not in exam and "Rubric" not in exam
    assert key.count("Answer:") >= 9 * 7 * 2 and key.count("Rubric") >= 9 * 2
    assert int(pdf_info(bank_pdf)["Pages"]) > 20


def test_the_chinese_answer_key_prints_in_chinese_with_boards_in_monospace(
    tmp_path: Path, chromium
) -> None:
    """One lecture of the Chinese answer key (make quiz prints them all, like the English)."""
    from quiz import bank, exam

    questions = [t.variant(20, "zh") for t in bank.load_all().values() if t.lecture == 1]
    page, key_pdf = tmp_path / "answer_key.zh.html", tmp_path / "answer_key.zh.pdf"
    page.write_text(exam.page(questions, key=True, title="Exam bank"), encoding="utf-8")
    with build_pdf.printer(chromium) as printer:
        printer.print(page.as_uri(), key_pdf)
    key = pdf_text(key_pdf)
    assert not FORBIDDEN.search(key) and "\\(" not in key and "\ufffd" not in key
    assert "第 1 讲：游戏及其切换矩阵" in key and "考试题库——答案" in key
    assert key.count("答案：") == 7 and "评分标准（3 分）" in key
    assert "DejaVuSansMono" in pdf_fonts(key_pdf)  # the boards, as in the English key


def test_the_chinese_exercise_set_prints_its_text_without_solutions(printed: Path) -> None:
    student = pdf_text(printed / "student/zh/exercises/E3_elimination.pdf")
    teacher = pdf_text(printed / "teacher/zh/exercises/E3_elimination.pdf")
    assert "练习 3.1" in student and "练习 3.4" in student, student[:300]
    nb = nbformat.read(ROOT / "notebooks/exercises/E3_elimination.zh.ipynb", as_version=4)
    # "解答" (solution) only where the first cell says the student edition has none
    note = nb.cells[0].source.count("解答")
    joined = {name: "".join(text.split()) for name, text in (("s", student), ("t", teacher))}
    assert joined["s"].count("解答") == note and joined["t"].count("解答") > note + 3
    assert len(teacher) > 1.5 * len(student)
    chinese = re.findall(r"[\u4e00-\u9fff]{4,}", nb.cells[0].source + nb.cells[1].source)
    assert chinese and all(run in flat(student).replace(" ", "") for run in chinese), chinese
    assert "\ufffd" not in student


def pdf_fonts(path: Path) -> set[str]:
    """The fonts a PDF embeds (pdffonts), without their subset prefixes (ABCDEF+)."""
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
    return {line.split()[0].split("+")[-1] for line in out.stdout.splitlines()[2:] if line}


def test_the_chinese_pdfs_set_code_in_the_english_monospace_font(printed: Path) -> None:
    """The Chinese exercise set prints its code and outputs in the monospace font of the
    English one (a proportional CJK font once took their place and broke matrix columns)."""
    english = pdf_fonts(printed / "teacher/exercises/E3_elimination.pdf")
    chinese = pdf_fonts(printed / "teacher/zh/exercises/E3_elimination.pdf")
    monospace = {font for font in english if "Mono" in font}
    assert monospace, english
    assert monospace <= chinese, (monospace, chinese)
