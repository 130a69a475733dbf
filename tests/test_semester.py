"""A graded semester from the LMS and back, on small archives made from the documented formats.

A Moodle "Download all submissions" archive of assignment 1 and a Canvas "Download
Submissions" archive of assignment 2 (correct, partly wrong, late, late with an extension, a
wrong-case id, a copied notebook, a missing notebook, two notebooks, strangers) are collected
with a class list, graded in the sandbox, hand graded, given feedback, and written as Moodle's
and Canvas's grade imports: every mark as expected, late penalties applied as course.toml says,
the headers exactly the import formats' columns.  The unit tests below need no nbgrader.
"""

from __future__ import annotations

import contextlib
import csv
import datetime
import html
import io
import json
import re
import shlex
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo

import nbformat
import pytest

from grading import assignment
from grading.class_list import parse_class_list
from grading.collect import collect, notebook_id
from grading.deadlines import Deadlines, LateRule
from grading.lms_archives import read_archive
from tests.lms_imports import canvas_import
from tests.test_lms import DOWNLOAD, worksheet
from tools import code_strings

GAME, KERNEL = "game_and_gf2", "kernel_and_solvability"
KERNEL_ZH = "kernel_and_solvability_zh"  # the Chinese edition (grading/editions.py)
BERLIN = "Europe/Berlin"
CJK = re.compile(r"[\u4e00-\u9fff]")

CLASS_LIST = """\ufeffstudent_id,first_name,last_name,email,canvas_id,section,language
s0001,Jane,Doe,jane@uni.edu,101,Group A,
s0002,Wei,Zhang,wei@uni.edu,,Group A,zh
s0003,Ana,Müller,ana@uni.edu,303,Group B,en
S0004,Lee,Kim,lee@uni.edu,404,Group B,ZH
s0005,Omar,Haddad,omar@uni.edu,505,Group A,
s0006,Nina,Petrova,nina@uni.edu,606,Group B,
s0007,Tom,Hall,tom@uni.edu,707,Group A,
"""

#: The plan's changes: dates from Monday 2 March 2026, Berlin time; A1 due Sunday 8 March,
#: A2 Wednesday 11 March, at 23:59; 10 % per day started, at most 50 %; s0005 has 3 more days;
#: the assignments in English and Chinese.
PLAN_CHANGES = {
    'languages = ["en"]': 'languages = ["en", "zh"]',
    'start = ""': 'start = "2026-03-02"',
    'timezone = "UTC"': f'timezone = "{BERLIN}"',
    "grace_minutes = 15": "grace_minutes = 0",
    'nbgrader = "kernel_and_solvability"': 'nbgrader = "kernel_and_solvability"\ncanvas_id = 4242',
}
EXTENSION = '\n[[extension]]\nstudent = "s0005"\nassessment = "A1"\ndays = 3\n'


def write_plan(folder: Path) -> Path:
    text = assignment.PLAN.read_text(encoding="utf-8")
    for old, new in PLAN_CHANGES.items():
        assert old in text, old
        text = text.replace(old, new, 1)
    plan = folder / "course.toml"
    plan.write_text(text + EXTENSION, encoding="utf-8")
    return plan


def zip_of(path: Path, entries: list[tuple[str, bytes, tuple[int, ...]]]) -> Path:
    with zipfile.ZipFile(path, "w") as archive:
        for name, data, when in entries:
            archive.writestr(zipfile.ZipInfo(name, date_time=when), data)
    return path


def notebook_text(
    name: str, released: Path, typed: str, *, wrong: bool = False, edition: str = ""
) -> bytes:
    from tests.test_assignment import WRONG, filled

    nb = filled(name, released, typed, WRONG[name] if wrong else {}, edition)
    return nbformat.writes(nb).encode()


# ---------------------------------------------------------------------------------------------
# Reading the archives and the class list
# ---------------------------------------------------------------------------------------------


def test_a_class_list_is_read_and_its_mistakes_refused() -> None:
    students = parse_class_list(CLASS_LIST)
    assert [s.student_id for s in students][:4] == ["s0001", "s0002", "s0003", "S0004"]
    assert students[2].canvas_name == "mullerana" and students[2].full_name == "Ana Müller"
    with pytest.raises(ValueError, match="the student id S0001 is already on line 2"):
        parse_class_list("student_id,first_name,last_name\ns0001,A,B\n S0001 ,C,D\n")
    with pytest.raises(ValueError, match="class list line 3: the student_id is empty"):
        parse_class_list("student_id,first_name,last_name\ns0001,A,B\n,C,D\n")
    with pytest.raises(ValueError, match="names no student"):
        parse_class_list("student_id,first_name,last_name\n")
    assert [s.language for s in students][:4] == ["", "zh", "en", "zh"]
    with pytest.raises(ValueError, match="line 2: the language 'fr' is not one the assignments"):
        parse_class_list("student_id,first_name,last_name,language\ns0001,A,B,fr\n")


def test_a_notebook_is_filed_as_the_edition_it_is_in(tmp_path: Path) -> None:
    """The notebook's own language decides (the class list's when it says none); a student who
    changes edition has the other one replaced, never graded twice."""
    students = parse_class_list(CLASS_LIST)
    cell = {"cell_type": "code", "source": "STUDENT_ID = '%s'"}
    cell["metadata"] = {"nbgrader": {"grade_id": "student_id"}}

    def notebook(student: str, language: str | None) -> bytes:
        about = {"lightsout_edu": {"language": language}} if language else {}
        return json.dumps({"metadata": about, "cells": [cell]}).replace("%s", student).encode()

    course = tmp_path / "course"
    rounds = [
        [("zhangwei_202_1_hw_zh.ipynb", notebook("s0002", "zh")),  # class list: zh
         ("kimlee_404_2_hw.ipynb", notebook("S0004", None)),  # says nothing: class list's zh
         ("doejane_101_3_hw.ipynb", notebook("s0001", "zh"))],  # class list: nothing
        [("zhangwei_202_4_hw.ipynb", notebook("s0002", "en"))],  # changed edition
    ]  # fmt: skip
    reports = []
    for number, entries in enumerate(rounds):
        archive = zip_of(
            tmp_path / f"canvas{number}.zip",
            [(name, data, (2026, 3, 8, 9, 0, 0)) for name, data in entries],
        )
        uploads, _ = read_archive(archive, "canvas")
        reports.append(collect(uploads, "canvas", students, course, "hw"))
    filed = sorted(p.relative_to(course).as_posix() for p in course.rglob("*.ipynb"))
    assert filed == [
        "submitted/S0004/hw_zh/hw_zh.ipynb",
        "submitted/s0001/hw_zh/hw_zh.ipynb",
        "submitted/s0002/hw/hw.ipynb",
    ]
    assert reports[0].new == ["s0001", "s0002", "S0004"] and reports[1].updated == ["s0002"]
    assert not reports[0].notes and reports[1].notes == [
        "s0002: handed in the 'en' edition, though the class list says 'zh'; graded as handed in"
    ]
    silent = zip_of(  # says nothing, nor does the class list: the course's first language
        tmp_path / "silent.zip",
        [("haddadomar_505_5_hw.ipynb", notebook("s0005", None), (2026, 3, 8, 9, 0, 0))],
    )
    uploads, _ = read_archive(silent, "canvas")
    assert collect(uploads, "canvas", students, tmp_path / "zh", "hw", "zh").new == ["s0005"]
    assert (tmp_path / "zh" / "submitted" / "s0005" / "hw_zh" / "hw_zh.ipynb").is_file()


def test_the_languages_of_the_assignments_come_from_the_plan(tmp_path: Path, capsys) -> None:
    from grading.course_folder import languages

    plan = write_plan(tmp_path)
    assert languages(plan) == ("en", "zh")
    plan.write_text(plan.read_text().replace('["en", "zh"]', '["zh", "fr"]'))
    status = assignment.main(["release", "--out", str(tmp_path / "out"), "--plan", str(plan)])
    said = capsys.readouterr().err
    assert status == 2 and said.count("\n") == 1
    assert "course.toml: languages = ['zh', 'fr'] should list the languages" in said
    assert not (tmp_path / "out").exists()


def test_collecting_reports_everything_it_does_not_file(tmp_path: Path) -> None:
    students = parse_class_list(CLASS_LIST)
    cell = {"cell_type": "code", "source": "STUDENT_ID = '%s'"}
    cell["metadata"] = {"nbgrader": {"grade_id": "student_id"}}
    nb = json.dumps({"cells": [cell]})
    archive = zip_of(
        tmp_path / "canvas.zip",
        [
            ("doejane_101_1_hw.ipynb", (nb % "s0001").encode(), (2026, 3, 8, 20, 0, 0)),
            ("zhangwei_late_202_2_hw-1.ipynb", (nb % "s0001").encode(), (2026, 3, 9, 9, 0, 0)),
            ("kimlee_404_3_hw.ipynb", (nb % "s0004").encode(), (2026, 3, 8, 9, 0, 0)),
            ("smithjohn_999_4_hw.ipynb", b"{}", (2026, 3, 8, 9, 0, 0)),
            ("petrovanina_606_5_notes.pdf", b"%PDF", (2026, 3, 8, 9, 0, 0)),
        ],
    )
    uploads, _ = read_archive(archive, "canvas")
    report = collect(uploads, "canvas", students, tmp_path / "course", "hw")
    assert report.new == ["s0001", "s0002", "S0004", "s0006"]
    assert report.not_handed_in == ["s0003", "s0005", "s0007"]
    said = "\n".join(report.problems)
    assert "smithjohn (canvas id 999) is not on the class list" in said
    assert "s0002: the notebook says STUDENT_ID = 's0001', not their id" in said
    assert "s0006 handed in no notebook (notes.pdf)" in said
    assert any("S0004: the notebook says STUDENT_ID = 's0004'" in n for n in report.notes)
    assert report.late == ["s0002"]
    # the notebook does not say its language: filed as the class list's edition for s0002
    filed = tmp_path / "course" / "submitted" / "s0002" / "hw_zh"
    assert sorted(p.name for p in filed.iterdir()) == ["hw_zh.ipynb"]  # no time without records
    again = collect(uploads, "canvas", students, tmp_path / "course", "hw")
    assert again.unchanged == report.new and again.new == again.updated == []
    assert notebook_id("not json") is None


def test_the_late_rule() -> None:
    rule = LateRule(percent_per_day=10, cap_percent=50, grace_minutes=15)
    assert [rule.days_late(s) for s in (0, 900, 901, 86_400, 86_401)] == [0, 0, 1, 1, 2]
    assert rule.penalty(13.0, 30 * 3600) == 2.6 and rule.penalty(13.0, 99 * 86_400) == 6.5
    with pytest.raises(ValueError, match=r"late_cap_percent = 150 should be a number from 0"):
        Deadlines.from_plan({"deadlines": {"late_cap_percent": 150}}, {})
    with pytest.raises(ValueError, match="timezone = 'Mars/Olympus' is not a time zone"):
        Deadlines.from_plan({"deadlines": {"timezone": "Mars/Olympus"}}, {})
    with pytest.raises(ValueError, match="the extension .* needs a student, an assessment"):
        Deadlines.from_plan({"extension": [{"student": "s1", "assessment": "A9", "days": 1}]}, {})


# ---------------------------------------------------------------------------------------------
# The semester, end to end
# ---------------------------------------------------------------------------------------------

#: Hand grades of the written answers (3 points); S0004's assignment 1 is not graded yet.
HAND = {GAME: {"s0001": 3, "s0002": 2, "s0003": 3, "s0005": 1, "s0007": 2},
        KERNEL: {"s0001": 3, "s0002": 1, "s0003": 3}}  # fmt: skip

#: The rest of a class of 32, so that each LMS archive holds 30 submissions: 25 students who
#: hand in on time, every other one with s0002's mistakes; 23 of them in Moodle, all in Canvas.
CLASS = [f"s{number:04d}" for number in range(101, 126)]
IN_MOODLE = CLASS[:23]


def wrong_one(student: str) -> bool:
    return int(student[1:]) % 2 == 0


def moodle_mark(student: str) -> str:
    """A1 with its written part graded 2: 10 + 2 right, 3 + 2 with the mistakes."""
    if student not in IN_MOODLE:
        return ""  # nothing handed in
    return "5" if wrong_one(student) else "12"


#: The whole course's column (40 % of 4 x 13 points): A1 and A2 alike right or wrong.
COURSE_MARKS = {("12", "12"): "18.46", ("5", "5"): "7.69", ("", "12"): "9.23", ("", "5"): "3.85"}


def course_mark(student: str) -> str:
    return COURSE_MARKS[moodle_mark(student), "5" if wrong_one(student) else "12"]


def class_row(student: str) -> str:
    number = int(student[1:])
    return f"{student},Pat,Member{number},{student}@uni.edu,{1000 + number},Group C,\n"


SEMESTER_CLASS_LIST = CLASS_LIST + "".join(class_row(student) for student in CLASS)
SEMESTER_HAND = {name: {**marks, **dict.fromkeys(CLASS, 2)} for name, marks in HAND.items()}


def moodle_archive(path: Path, sheet: Path, released: Path, *, late_work: bool = False) -> Path:
    """Moodle 4.x's "Download all submissions" in folders (``mod/assign/classes/
    downloader.php``, ``load_submissionplugin_filelist``; one submission flat, as with "in
    folders" off), every entry at the time of the download, and its grading worksheet
    (``mod/assign/gradingtable.php``) with the times each was handed in (below: the time of
    each entry's submission)."""

    def folder(name: str, number: int) -> str:
        return f"{name}_{number}_assignsubmission_file/"

    right = notebook_text(GAME, released, "s0001")
    entries = [
        (folder("Jane Doe", 5001) + f"{GAME}.ipynb", right, (2026, 3, 8, 20, 0, 0)),
        (
            folder("Wei Zhang", 5002) + f"{GAME}.ipynb",
            notebook_text(GAME, released, "s0002", wrong=True),
            (2026, 3, 8, 21, 0, 0),
        ),
        (  # an older copy, right: the notebook named as the assignment is graded
            folder("Wei Zhang", 5002) + f"{GAME} (1).ipynb",
            notebook_text(GAME, released, "s0002"),
            (2026, 3, 7, 10, 0, 0),
        ),
        (  # flat layout; 30 hours late: 2 days started, 20 % off
            f"Ana Müller_5003_assignsubmission_file_{GAME}.ipynb",
            notebook_text(GAME, released, "s0003"),
            (2026, 3, 10, 5, 59, 0),
        ),
        (
            folder("Lee Kim", 5004) + f"{GAME}.ipynb",
            notebook_text(GAME, released, "s0004"),  # the class list says S0004
            (2026, 3, 8, 12, 0, 0),
        ),
        (  # late, but within the 3-day extension
            folder("Omar Haddad", 5005) + f"{GAME}.ipynb",
            notebook_text(GAME, released, "s0005"),
            (2026, 3, 10, 12, 0, 0),
        ),
        (folder("Nina Petrova", 5006) + "answers.pdf", b"%PDF-1.4", (2026, 3, 8, 9, 0, 0)),
        (folder("Max Mustermann", 5007) + f"{GAME}.ipynb", right, (2026, 3, 8, 9, 0, 0)),
        (
            "Jane Doe_5001_assignsubmission_onlinetext/onlinetext.html",
            b"<p>hi</p>",
            (2026, 3, 8, 20, 0, 0),
        ),
    ]
    entries += [
        (
            folder(f"Pat Member{int(student[1:])}", 6000 + int(student[1:])) + f"{GAME}.ipynb",
            notebook_text(GAME, released, student, wrong=wrong_one(student)),
            (2026, 3, 8, 18, 0, 0),
        )
        for student in IN_MOODLE
    ]
    if late_work:  # downloaded again: s0002 handed in a corrected notebook before the
        # deadline, s0007 handed in 3 days 20 hours late (4 days started: 40 % off)
        entries[1] = (
            entries[1][0],
            notebook_text(GAME, released, "s0002"),
            (2026, 3, 8, 23, 30, 0),
        )
        entries.append(
            (folder("Tom Hall", 5008) + f"{GAME}.ipynb", notebook_text(GAME, released, "s0007"),
             (2026, 3, 12, 19, 59, 0))
        )  # fmt: skip
    handed: dict[int, tuple[str, tuple[int, ...]]] = {}
    for entry, _, when in entries:
        found = re.match(r"(.+)_(\d+)_assignsubmission_", entry)
        assert found, entry
        name, number = found[1], int(found[2])
        handed[number] = (name, max(when, handed.get(number, (name, when))[1]))
    emails = {"Max Mustermann": "max@elsewhere.org"}
    emails |= {f"{s.first_name} {s.last_name}": s.email
               for s in parse_class_list(SEMESTER_CLASS_LIST)}  # fmt: skip
    rows = [
        (number, name, emails[name], datetime.datetime(*when, tzinfo=ZoneInfo(BERLIN)))
        for number, (name, when) in handed.items()
    ]
    sheet.write_text(worksheet(rows), encoding="utf-8")
    return zip_of(path, [(entry, data, DOWNLOAD) for entry, data, _ in entries])


def canvas_archive(path: Path, times: Path, released: Path) -> Path:
    """Canvas's "Download Submissions" (``lib/content_zipper.rb``, ``add_upload_submission``),
    every entry at the time of the download, and the submissions as its API lists them, with
    the time each was handed in (below: each entry's, in Berlin)."""
    entries = (
        [
            (
                f"doejane_101_9001_{KERNEL}.ipynb",
                notebook_text(KERNEL, released, "s0001"),
                (2026, 3, 11, 10, 0, 0),
            ),
            (  # matched by name (no canvas_id on the class list); a resubmission's name;
                # the Chinese edition, with the mistakes of s0002's English one elsewhere
                f"zhangwei_202_9002_{KERNEL_ZH}-1.ipynb",
                notebook_text(
                    KERNEL, released.parent / KERNEL_ZH, "s0002", wrong=True, edition=KERNEL_ZH
                ),
                (2026, 3, 11, 11, 0, 0),
            ),
            (  # 2.5 days late: 3 days started, 30 % off
                f"müllerana_LATE_303_9003_{KERNEL}.ipynb",
                notebook_text(KERNEL, released, "s0003"),
                (2026, 3, 14, 12, 0, 0),
            ),
            (f"smithjohn_999_9005_{KERNEL}.ipynb", b"{}", (2026, 3, 11, 9, 0, 0)),
            (  # handed in as it was handed out: nothing answered
                f"halltom_707_9007_{KERNEL}.ipynb",
                (released / f"{KERNEL}.ipynb").read_bytes(),
                (2026, 3, 11, 8, 0, 0),
            ),
        ]
        + [
            (
                f"memberpat{student[1:]}_{1000 + int(student[1:])}_{9000 + int(student[1:])}"
                f"_{KERNEL}.ipynb",
                notebook_text(KERNEL, released, student, wrong=wrong_one(student)),
                (2026, 3, 11, 18, 0, 0),
            )
            for student in CLASS
        ]
    )
    listed = {}
    for entry, _, when in entries:
        found = re.match(r"[^_]+(?:_LATE)?_(\d+)_", entry)
        assert found, entry
        user_id = int(found[1])
        handed = datetime.datetime(*when, tzinfo=ZoneInfo(BERLIN)).astimezone(datetime.UTC)
        listed[user_id] = {"user_id": user_id, "submitted_at": f"{handed:%Y-%m-%dT%H:%M:%SZ}"}
    times.write_text(json.dumps(list(listed.values())), encoding="utf-8")
    return zip_of(path, [(entry, data, DOWNLOAD) for entry, data, _ in entries])


def set_hand_grades(course: Path, grades: dict[str, dict[str, int]]) -> None:
    """The written answers waiting for a person graded (a grade given before a resubmission
    confirmed), as the formgrader saves a grade."""
    from nbgrader.api import Gradebook, MissingEntry

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        for name, by_student in grades.items():
            for handed in (name, f"{name}_zh"):  # either edition
                try:
                    submissions = gradebook.find_assignment(handed).submissions
                except MissingEntry:
                    continue
                for submission in submissions:
                    grade = gradebook.find_grade("q5_answer", handed, handed, submission.student_id)
                    if submission.student_id in by_student and grade.needs_manual_grade:
                        grade.manual_score = by_student[submission.student_id]
                        grade.needs_manual_grade = False
        gradebook.db.commit()


README = assignment.ROOT / "README.md"


def readme_commands() -> list[list[str]]:
    """The commands of the README's "Running a graded course", in order."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## Running a graded course\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)```", section, re.DOTALL)
    return [shlex.split(line) for block in blocks for line in block.splitlines() if line.strip()]


@dataclass
class Ran:
    args: list[str]
    status: int
    out: str
    err: str
    seconds: float


@pytest.fixture(scope="module")
def semester(tmp_path_factory: pytest.TempPathFactory) -> dict:
    """Every command of the README's semester, run as shown in a folder holding the LMS
    archives and the class list (with the plan above); the formgrader's hand grades set before
    each ``feedback``; what each command said, and the files at each step."""
    pytest.importorskip("nbgrader")
    root = tmp_path_factory.mktemp("semester")
    plan = write_plan(root)
    (root / "class_list.csv").write_text(SEMESTER_CLASS_LIST, encoding="utf-8")
    course = root / "assignment"
    said: dict = {"course": course, "ran": [], "grades": [], "auto": None, "zips": {}}
    lms_of = {GAME: "moodle", KERNEL: "canvas"}
    moodle_rounds = 0
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        for words in readme_commands():
            assert words[:3] == ["python", "-m", "grading"], words
            args = words[3:]
            if args[:3] == ["collect", "--from", "moodle"]:
                moodle_rounds += 1
                late = moodle_rounds > 1
                sheet = root / args[args.index("--worksheet") + 1]
                moodle_archive(root / args[3], sheet, course / "release" / GAME, late_work=late)
            elif args[:3] == ["collect", "--from", "canvas"]:
                times = root / args[args.index("--submissions") + 1]
                canvas_archive(root / args[3], times, course / "release" / KERNEL)
            elif args[0] == "feedback":
                set_hand_grades(course, SEMESTER_HAND)
            out, err = io.StringIO(), io.StringIO()
            started = time.monotonic()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                status = assignment.main([*args, "--plan", str(plan)])
            seconds = time.monotonic() - started
            said["ran"].append(Ran(args, status, out.getvalue(), err.getvalue(), seconds))
            if args[0] == "autograde" and said["auto"] is not None:
                said["auto again"] = assignment.Course(course).marks(GAME)
            if args[0] == "autograde" and said["auto"] is None:
                graded = (GAME, KERNEL, KERNEL_ZH)
                said["auto"] = {n: assignment.Course(course).marks(n) for n in graded}
            if args[0] == "feedback-zip":
                made = course / "feedback_zips" / f"{lms_of[args[1]]}_{args[1]}.zip"
                with zipfile.ZipFile(made) as archive:
                    said["zips"][args[1]] = archive.namelist()
            if args[0] == "grades":
                files = sorted((course / "grades").iterdir())
                said["grades"].append({f.name: f.read_text(encoding="utf-8") for f in files})
    return said


def ran(semester: dict, *start: str) -> list[Ran]:
    """The runs of the commands that start with ``start``."""
    return [r for r in semester["ran"] if r.args[: len(start)] == list(start)]


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


def feedback_page(semester: dict, student: str, name: str) -> str:
    return (semester["course"] / "feedback" / student / name / f"{name}.html").read_text()


def test_the_readme_shows_a_whole_semester() -> None:
    commands = [words[3] for words in readme_commands()]
    assert commands == [
        "release", "collect", "collect", "autograde", "feedback", "feedback-zip",
        "feedback-zip", "grades", "grades", "collect", "autograde", "feedback", "grades",
    ]  # fmt: skip


@pytest.mark.slow
def test_every_command_of_the_readme_runs(semester: dict) -> None:
    for run in semester["ran"]:
        expected = 1 if run.args[0] == "collect" else 0  # collect: things to check, below
        assert run.status == expected, (run.args, run.out, run.err)


@pytest.mark.slow
def test_collecting_says_what_to_check_and_exits_1(semester: dict) -> None:
    first, again = ran(semester, "collect", "--from", "moodle")
    said = first.out
    assert said.startswith(f"{GAME}: 29 new, 0 updated and 0 unchanged submissions")
    for words in (
        "3 students on the class list handed nothing in: s0007, s0124, s0125",
        "check: Max Mustermann (moodle id 5007) is not on the class list: not collected",
        f"check: s0002 handed in several notebooks ({GAME} (1).ipynb, {GAME}.ipynb); "
        f"graded {GAME}.ipynb (the LMS does not say which is newest); to grade another: "
        f"python -m grading choose {GAME} s0002 FILE",
        "check: s0006 handed in no notebook (answers.pdf): 0 points, and no feedback",
        "note: S0004: the notebook says STUDENT_ID = 's0004', which is their id but for case",
        "note: s0001 also wrote online text, kept beside the notebook as onlinetext.html",
        "note: S0004: handed in the 'en' edition, though the class list says 'zh'; graded as "
        "handed in",
        "3 things to check (above)",
    ):
        assert words in said, words
    assert again.out.startswith(f"{GAME}: 1 new, 1 updated and 28 unchanged submissions")
    (canvas,) = ran(semester, "collect", "--from", "canvas")
    assert canvas.out.startswith(f"{KERNEL}: 29 new, 0 updated")
    assert "check: s0007: the notebook says STUDENT_ID = nothing, not their id" in canvas.out
    assert "check: smithjohn (canvas id 999) is not on the class list" in canvas.out
    assert "note: canvas marks late: s0003" in canvas.out
    assert "hand-in times" not in canvas.out + first.out  # the LMS's records were given
    timestamp = semester["course"] / "submitted" / "s0003" / GAME / "timestamp.txt"
    assert timestamp.read_text() == "2026-03-10 04:59:00.000000 UTC"  # 05:59 in Berlin


@pytest.mark.slow
def test_the_automatic_marks_and_the_deadlines_reach_nbgrader(semester: dict) -> None:
    auto = semester["auto"]
    assert {s: m.score for s, m in auto[GAME].items()} == {
        "s0001": 10.0, "s0002": 3.0, "s0003": 10.0, "S0004": 10.0, "s0005": 10.0,
        **{s: 3.0 if wrong_one(s) else 10.0 for s in IN_MOODLE}}  # fmt: skip
    # s0002 handed in the Chinese edition: the same answers, the same score
    assert {s: m.score for s, m in {**auto[KERNEL], **auto[KERNEL_ZH]}.items()} == {
        "s0001": 10.0, "s0002": 3.0, "s0003": 10.0, "s0007": 0.0,
        **{s: 3.0 if wrong_one(s) else 10.0 for s in CLASS}}  # fmt: skip
    # s0007 handed the notebook in untouched: nothing to grade by hand either
    assert auto[KERNEL]["s0007"].score == 0.0 and not auto[KERNEL]["s0007"].pending
    assert list(auto[KERNEL_ZH]) == ["s0002"]
    assert auto[GAME]["s0003"].seconds_late == 30 * 3600 and auto[GAME]["s0003"].penalty == 2.0
    assert auto[GAME]["s0005"].seconds_late == 0  # the extension
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{semester['course'] / 'gradebook.db'}") as gradebook:
        due = gradebook.find_assignment(GAME).duedate
    assert due == datetime.datetime(2026, 3, 8, 22, 59)  # 23:59 in Berlin, in UTC


@pytest.mark.slow
def test_only_what_changed_is_graded_again_with_a_progress_line(semester: dict) -> None:
    first, again = ran(semester, "autograde")
    assert first.err.splitlines() == [
        f"{GAME}: no notebook from s0006: 0 points and no feedback",
        f"{GAME}: graded 28 of 28 (0 unchanged since their last grade)",
        f"{KERNEL}: graded 28 of 28 (0 unchanged since their last grade)",
        f"{KERNEL_ZH}: graded 1 of 1 (0 unchanged since their last grade)",
    ]
    assert again.err.splitlines()[1:] == [
        f"{GAME}: graded 2 of 2 (27 unchanged since their last grade)"
    ]
    assert "  s0002                 10.0 / 10" in again.out  # the corrected notebook
    marks = semester["auto again"]
    assert marks["s0002"].score == 12.0 and marks["s0002"].pending  # hand grade: to confirm
    assert marks["s0001"].score == 13.0 and not marks["s0001"].pending  # not graded again


@pytest.mark.slow
def test_feedback_waits_for_hand_grading_and_then_shows_the_late_rule(semester: dict) -> None:
    waiting = feedback_page(semester, "S0004", GAME)  # the written part is not graded yet
    assert "Written response</a> (still being graded, out of 3.0)" in waiting
    assert "Score so far: 10.0 / 10.0; 3.0 more points are still being graded by hand" in waiting
    assert "(Score: 0.0 / 3.0)" not in waiting
    page = feedback_page(semester, "s0003", GAME)
    assert f"<h4>{GAME} (Score: 10.4 / 13.0)</h4>" in page
    assert (
        "Handed in 30 h 00 min after the deadline: 2 days late (part of a day counts as a "
        "whole day); 10% off per day, at most 50%, so -20%: -2.6 points." in page
    )
    assert "Late submission penalty (Score: -2.6)" in page
    extended = feedback_page(semester, "s0005", GAME)
    assert f"<h4>{GAME} (Score: 11.0 / 13.0)</h4>" in extended and "late-note" not in extended


def visible_text(page: str) -> str:
    """What a feedback page shows: its text without scripts, styles and tags."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.mark.slow
def test_a_chinese_submission_gets_its_feedback_in_chinese(semester: dict) -> None:
    from tests.test_assignment import FEEDBACK

    assert not (semester["course"] / "feedback" / "s0002" / KERNEL).exists()
    page = feedback_page(semester, "s0002", KERNEL_ZH)
    shown = visible_text(page)
    assert f"<h4>{KERNEL_ZH}（得分：4.0 / 13.0）</h4>" in page  # 3 automatic, 1 by hand
    for chinese in (
        "你的零化度是",
        "零化度是列数减去在 GF(2) 上消元后主元的个数",
        "你的函数给出 True，这是错的",
        "所以 y 什么也证明不了",
        "第 4 题（2 分）— 证书",
        "测试单元格",
    ):
        assert chinese in shown, chinese
    for english in [*FEEDBACK[KERNEL], "Not yet", "Score", "Test cell", "Student's answer"]:
        assert english not in shown, english  # the student's own answers aside


@pytest.mark.slow
def test_the_chinese_edition_is_released_by_nbgrader_from_a_chinese_source(
    semester: dict,
) -> None:
    """The same code (but for the words it prints), grade ids, points and locks as the
    English release, no solution or rubric, the checksums nbgrader computed of the Chinese
    cells, and the student's data printed in Chinese."""
    from nbgrader.utils import compute_checksum

    course = semester["course"]
    for name in assignment.assignments():
        english = nbformat.read(course / "release" / name / f"{name}.ipynb", as_version=4)
        path = course / "release" / f"{name}_zh" / f"{name}_zh.ipynb"
        text = path.read_text(encoding="utf-8")
        for secret in ("BEGIN SOLUTION", "参考答案", "评分标准", "Model answer", "Rubric"):
            assert secret not in text, (name, secret)
        chinese = nbformat.read(path, as_version=4)

        def code(nb: nbformat.NotebookNode) -> list[str]:
            """The code, but for the words of the data cell's printed lines."""
            return [code_strings.masked(c.source) for c in nb.cells if c.cell_type == "code"]

        def grading(nb: nbformat.NotebookNode) -> list[dict]:
            return [
                {k: v for k, v in c.metadata.get("nbgrader", {}).items() if k != "checksum"}
                for c in nb.cells
            ]

        assert code(chinese) == code(english) and grading(chinese) == grading(english)
        locked = [c for c in chinese.cells if c.metadata.get("nbgrader", {}).get("locked")]
        assert locked and all(c.metadata.nbgrader.checksum == compute_checksum(c) for c in locked)
        given = [
            c.source
            for c in chinese.cells
            if c.metadata.get("nbgrader", {}).get("locked") and not c.metadata.nbgrader.get("grade")
        ]
        assert any(CJK.search(text) for text in given), name  # the data printed in Chinese
        prose = [c.source for c in chinese.cells if c.cell_type == "markdown"]
        assert all(CJK.search(p) for p in prose if "YOUR ANSWER HERE" not in p), name
    rubric = (course / "rubrics" / f"{KERNEL_ZH}.md").read_text(encoding="utf-8")
    assert rubric.startswith("# 评阅书面回答：作业 2 — 核与可解性") and "**参考答案。**" in rubric


@pytest.mark.slow
def test_the_feedback_goes_back_in_one_zip_per_assignment(semester: dict) -> None:
    """One page per student with feedback, named with the ids collect kept, as Moodle's and
    Canvas's importers read them (``tests/test_lms.py``: ``moodle_accepts``,
    ``canvas_accepts``)."""
    from tests.test_lms import canvas_accepts, moodle_accepts

    moodle = semester["zips"][GAME]
    participants = {5001, 5002, 5003, 5004, 5005, *(6000 + int(s[1:]) for s in IN_MOODLE)}
    filed = sorted(moodle_accepts(entry, participants) for entry in moodle)
    assert filed == sorted((number, f"/{GAME}.html") for number in participants)
    assert f"Ana Müller_5003_assignfeedback_file/{GAME}.html" in moodle
    attachments = {101: {9001}, 202: {9002}, 303: {9003}, 707: {9007}}
    attachments |= {1000 + int(s[1:]): {9000 + int(s[1:])} for s in CLASS}
    canvas = semester["zips"][KERNEL]
    assert sorted(canvas_accepts(entry, attachments) for entry in canvas) == sorted(attachments)
    said = ran(semester, "feedback-zip", GAME)[0].out
    assert "note: s0006: no feedback page (run feedback)" in said


MOODLE_HEADER = ["First name", "Last name", "ID number", "Email address",
                 "Assignment 1: the game and arithmetic in GF(2)"]  # fmt: skip


@pytest.mark.slow
def test_the_moodle_grade_file(semester: dict) -> None:
    first, _, again = semester["grades"]
    assert (
        rows(first[f"moodle_{GAME}.csv"])
        == [
            MOODLE_HEADER,
            ["Jane", "Doe", "s0001", "jane@uni.edu", "13"],
            ["Wei", "Zhang", "s0002", "wei@uni.edu", "5"],
            ["Ana", "Müller", "s0003", "ana@uni.edu", "10.4"],  # 13 - 20 %
            ["Lee", "Kim", "S0004", "lee@uni.edu", ""],  # still being graded by hand
            ["Omar", "Haddad", "s0005", "omar@uni.edu", "11"],  # late, within the extension
            ["Nina", "Petrova", "s0006", "nina@uni.edu", "0"],  # no notebook
            ["Tom", "Hall", "s0007", "tom@uni.edu", ""],  # nothing handed in
            *(["Pat", f"Member{int(s[1:])}", s, f"{s}@uni.edu", moodle_mark(s)] for s in CLASS),
        ]
    )
    said = ran(semester, "grades", "--lms", "moodle")[0].out
    assert f"note: {GAME}: still being graded by hand: S0004" in said
    assert f"note: {GAME}: no notebook handed in, 0 given: s0006" in said
    assert f"note: {GAME}: nothing handed in: s0007, s0124, s0125" in said
    after_late_work = rows(again[f"moodle_{GAME}.csv"])
    assert after_late_work[2] == ["Wei", "Zhang", "s0002", "wei@uni.edu", "12"]  # confirmed
    assert after_late_work[7] == ["Tom", "Hall", "s0007", "tom@uni.edu", "7.2"]  # 12 - 40 %


@pytest.mark.slow
def test_the_canvas_grade_file_of_the_whole_course(semester: dict) -> None:
    """No column for assignments 3 and 4 (nobody handed them in) nor for the weighted total:
    Canvas's importer would make each a new assignment (``tests/lms_imports.py``)."""
    text = semester["grades"][1]["canvas.csv"]
    table = rows(text)
    assert table[0] == [
        "Student", "ID", "SIS User ID", "SIS Login ID", "Section",
        "Assignment 1: the game and arithmetic in GF(2)",
        "Assignment 2: the kernel and solvability (4242)",
    ]  # fmt: skip
    assert table[1] == ["Points Possible", "", "", "", "", "13", "13"]
    assert table[2:] == [
        ["Doe, Jane", "101", "s0001", "", "Group A", "13", "13"],
        ["Zhang, Wei", "", "s0002", "", "Group A", "5", "4"],
        ["Müller, Ana", "303", "s0003", "", "Group B", "10.4", "9.1"],  # -30 %
        ["Kim, Lee", "404", "S0004", "", "Group B", "", ""],  # A1 to grade
        ["Haddad, Omar", "505", "s0005", "", "Group A", "11", ""],
        ["Petrova, Nina", "606", "s0006", "", "Group B", "0", ""],
        ["Hall, Tom", "707", "s0007", "", "Group A", "", "0"],  # untouched A2
        *(
            [f"Member{int(s[1:])}, Pat", str(1000 + int(s[1:])), s, "", "Group C",
             moodle_mark(s), "5" if wrong_one(s) else "12"]
            for s in CLASS
        ),
    ]  # fmt: skip
    course = {"4241": "Assignment 1: the game and arithmetic in GF(2)", "4242": "Assignment 2"}
    assert canvas_import(text, course).new == []  # A1 by its exact title, A2 by its id
    said = ran(semester, "grades", "--lms", "canvas")[0].out
    assert "note: Canvas: the column Assignment 1: the game and arithmetic in GF(2) has no" in said
    assert "note: the weighted total: no column" in said
    assert "note: solutions_and_chasing: nobody handed anything in, no column" in said


def test_bad_input_is_one_line_and_exit_status_2(tmp_path: Path, capsys) -> None:
    classes = tmp_path / "class_list.csv"
    classes.write_text("student_id,first_name\ns0001,Jane\n", encoding="utf-8")
    archive = zip_of(tmp_path / "moodle.zip", [])
    for args, words in (
        ([str(tmp_path / "none.zip"), "--class-list", str(classes)], "the class list has no"),
        ([str(tmp_path / "none.zip"), "--class-list", str(tmp_path / "no.csv")], "cannot read"),
    ):
        status = assignment.main(
            [
                "collect",
                "--from",
                "moodle",
                *args,
                "--assignment",
                GAME,
                "--course",
                str(tmp_path / "course"),
            ]  # fmt: skip
        )
        said = capsys.readouterr().err
        assert status == 2 and said.startswith("grading collect: ") and words in said
        assert said.count("\n") == 1
    classes.write_text(CLASS_LIST, encoding="utf-8")
    assert (
        assignment.main(
            [
                "collect",
                "--from",
                "canvas",
                str(tmp_path / "none.zip"),
                "--class-list",
                str(classes),
                "--assignment",
                GAME,
                "--course",
                str(tmp_path / "course"),
            ]  # fmt: skip
        )
        == 2
    )
    assert "cannot read the archive" in capsys.readouterr().err
    assert not (tmp_path / "course" / "submitted").exists()
    assert archive.exists()
