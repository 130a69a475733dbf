"""What Moodle and Canvas hand over, built as their own code builds it, and what goes back.

Every archive here is made the way the LMS makes it (the source file and function beside each
builder), with every entry stamped with the time of the download, as both LMSs stamp them:
the hand-in times come only from the LMS's record (Moodle's grading worksheet, Canvas's
submissions from its API).  No nbgrader: these are fast.
"""

from __future__ import annotations

import datetime
import json
import re
import zipfile
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from grading import assignment, collected
from grading.class_list import parse_class_list
from grading.collect import collect
from grading.feedback_zips import feedback_zip
from grading.lms_archives import canvas_upload, moodle_upload, read_archive
from grading.lms_records import canvas_submissions, moodle_worksheet, read_records
from grading.moodle_languages import LANGUAGES
from grading.semester import _blind_marked

BERLIN = ZoneInfo("Europe/Berlin")
#: When the lecturer downloaded: the only time either LMS puts on an archive's entries
#: (Moodle 4.x: ``core_files\archive_writer\zip_writer::add_file_from_stored_file`` is given no
#: time, "defaults to current time"; Canvas: ``lib/content_zipper.rb`` writes each entry with
#: ``get_output_stream(filename)``, no time).
DOWNLOAD = (2026, 3, 20, 14, 2, 0)
AGAIN = (2026, 3, 22, 9, 30, 0)  # the re-download, two days later

CLASS_LIST = """student_id,first_name,last_name,email,canvas_id
s0001,Jane,Doe,jane@uni.edu,101
s0002,Li,Wang,li.wang1@uni.edu,202
s0003,Li,Wang,li.wang2@uni.edu,303
s0004,Conor,O'Brien,conor@uni.edu,404
s0005,Ana,Müller,ana@uni.edu,505
"""
HW = "hw"


def notebook(student: str, answer: str = "") -> bytes:
    """A notebook with its id cell (as the released assignment has it) and an answer."""
    cell = {"cell_type": "code", "source": f"STUDENT_ID = '{student}'\n{answer}"}
    cell["metadata"] = {"nbgrader": {"grade_id": "student_id"}}
    return json.dumps({"metadata": {}, "cells": [cell]}).encode()


def clean_filename(name: str) -> str:
    """``lib/moodlelib.php`` ``clean_filename``: ``clean_param($string, PARAM_FILE)``."""
    return re.sub(r"[\x00-\x1f\x7f&<>\"`|':\\/]", "", name)


def moodle_zip(
    path: Path,
    handed: list[tuple[str, int, str, str, bytes]],
    *,
    folders: bool = True,
    trailing: str = "",
    when: tuple[int, ...] = DOWNLOAD,
) -> Path:
    """Moodle's "Download all submissions": ``mod/assign/classes/downloader.php``
    (``get_student_prefix``, ``load_submissionplugin_filelist``); ``trailing="_"`` for the
    folders of 3.1 to 4.0 (``assign::download_submissions`` in ``mod/assign/locallib.php``).

    ``handed``: (full name, participant id, plugin type, file name, content); the online text
    plugin's file is ``onlinetext.html``.  Of a blind-marked assignment (``is_blind_marking()``)
    the full name is ``get_string('participant', 'assign')`` (``MOODLE[...]["participant"]``).
    """
    with zipfile.ZipFile(path, "w") as archive:
        for full_name, participant, plugin, filename, data in handed:
            prefix = clean_filename(full_name.replace("_", " ") + "_" + str(participant))
            if folders:
                folder = clean_filename(f"{prefix}_assignsubmission_{plugin}") + trailing
                entry = f"{folder}/{filename}"
            else:
                entry = clean_filename(f"{prefix}_assignsubmission_{plugin}_{filename}")
            archive.writestr(zipfile.ZipInfo(entry, date_time=when), data)
    return path


def canvas_name(sortable_name: str, user_id: int, late: bool, anonymous_id: str = "") -> str:
    """``lib/content_zipper.rb`` ``get_filename``: ``sanitize_user_name`` (lower-cased) and
    ``sanitize_file_name`` (only word characters) of ``[name, "LATE", id].join("_")``; while
    the assignment's grading is anonymous (``anonymize_students?``) no name, and the id
    ``anon_<submission.anonymous_id>``."""
    name = [] if anonymous_id else [sortable_name.lower()]
    said_id = f"anon_{anonymous_id}" if anonymous_id else str(user_id)
    joined = "_".join([*name, *(["LATE"] if late else []), said_id])
    return re.sub(r"[^\w]", "", joined)


def canvas_zip(
    path: Path,
    handed: list[tuple[str, int, bool, int | None, str, bytes]],
    when: tuple[int, ...] = DOWNLOAD,
    anonymous_ids: dict[int, str] | None = None,
) -> Path:
    """Canvas's "Download Submissions": ``lib/content_zipper.rb`` ``add_upload_submission``
    (``<name>_<attachment id>_<display name>``) and ``add_text_or_url`` (``<name>_text.html``).

    ``handed``: (sortable name, user id, late, attachment id or None for online text, display
    name, content); ``anonymous_ids``: each user's ``anonymous_id`` when the grading is
    anonymous (five base58 characters, ``Anonymity.generate_short_id``).
    """
    anonymous_ids = anonymous_ids or {}
    with zipfile.ZipFile(path, "w") as archive:
        for sortable, user_id, late, attachment, display, data in handed:
            called = canvas_name(sortable, user_id, late, anonymous_ids.get(user_id, ""))
            entry = (
                f"{called}_text.html" if attachment is None else f"{called}_{attachment}_{display}"
            )
            archive.writestr(zipfile.ZipInfo(entry, date_time=when), data)
    return path


#: The language strings Moodle writes a grading worksheet and an archive with, as the packs
#: have them: English from Moodle itself (``mod/assign/lang/en/assign.php``,
#: ``lang/en/moodle.php``, ``lang/en/langconfig.php``, ``mod/assign/submission/.../lang``);
#: Simplified Chinese from the zh_cn pack of Moodle 4.1 to 5.x (``zh_cn/assign.php``,
#: ``zh_cn/moodle.php``, ``zh_cn/langconfig.php``, ``zh_cn/assignfeedback_comments.php``;
#: github.com/projectestac/moodle-langpacks). ``days`` and ``months``: ``%A`` and ``%B`` as
#: ``core_date::strftime`` writes them (ICU) in the pack's locale, en_AU and zh_CN, the same
#: as glibc's LC_TIME ``day`` and ``mon`` (``/usr/share/i18n/locales/zh_CN``).
MOODLE = {
    "en": {
        "recordid": "Identifier", "hiddenuser": "Participant ", "participant": "Participant",
        "fullname": "Full name", "email": "Email address", "status": "Status",
        "grade": "Grade", "maxgrade": "Maximum grade", "gradecanbechanged": "Grade can be changed",
        "lastmodifiedsubmission": "Last modified (submission)",
        "lastmodifiedgrade": "Last modified (grade)", "comments": "Feedback comments",
        "submissionstatus_submitted": "Submitted for grading",
        "submissionstatus_new": "No submission", "yes": "Yes",
        "strftimedaydatetime": "%A, %d %B %Y, %I:%M %p",
        "days": "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split(),
        "months": ("January February March April May June July August September October "
                   "November December").split(),
    },
    "zh_cn": {
        "recordid": "标识符", "hiddenuser": "参与人", "participant": "参与人",
        "fullname": "全名", "email": "电子邮件地址", "status": "状态",
        "grade": "成绩", "maxgrade": "最高分", "gradecanbechanged": "允许更改成绩",
        "lastmodifiedsubmission": "上次修改（作业）",
        "lastmodifiedgrade": "上次修改（评分）", "comments": "反馈意见",
        "submissionstatus_submitted": "已提交请评分", "submissionstatus_new": "没有作业",
        "yes": "是",
        "strftimedaydatetime": "%Y年%m月%d日 %A %H:%M",
        "days": "星期一 星期二 星期三 星期四 星期五 星期六 星期日".split(),
        "months": "一月 二月 三月 四月 五月 六月 七月 八月 九月 十月 十一月 十二月".split(),
    },
}  # fmt: skip


def userdate(when: datetime.datetime, language: str = "en") -> str:
    """``lib/moodlelib.php`` ``userdate`` with no format: the language's
    ``strftimedaydatetime``, ``%d`` and ``%I`` without a leading zero (``$fixday``,
    ``$fixhour``: ``calendar/classes/type/gregorian.php`` ``timestamp_to_date_string``), then
    ``date_format_string`` and ``core_date::strftime``: ``%A``/``%B`` the pack's names, ``%p``
    PHP's ``AM``/``PM``, the rest as C's strftime writes them."""
    pack = MOODLE[language]
    said = pack["strftimedaydatetime"].replace("%d", str(when.day))
    said = said.replace("%I", str(when.hour % 12 or 12))
    said = said.replace("%A", pack["days"][when.weekday()])
    said = said.replace("%B", pack["months"][when.month - 1])
    return when.strftime(said)


def fputcsv(fields: list[str]) -> str:
    """PHP's ``fputcsv`` (Moodle's CSV download): a field with a separator, quote, space,
    tab or line break is quoted, its quotes doubled."""
    quoted = ['"' + f.replace('"', '""') + '"' if re.search(r'[,"\s\\]', f) else f for f in fields]
    return ",".join(quoted)


def worksheet(
    rows: list[tuple[int, str, str, datetime.datetime | None]],
    language: str = "en",
    identities: bool = True,
) -> str:
    """Moodle's grading worksheet: ``mod/assign/gradingtable.php`` downloading as CSV, for an
    assignment taking files with feedback comments (the columns the constructor adds when
    ``is_downloading``; "Identifier" is ``get_string('hiddenuser', 'assign')`` and the
    participant id).  Without ``identities`` (blind marking, and no
    ``mod/assign:viewblinddetails``) neither full name nor email."""
    pack = MOODLE[language]
    named = ["fullname", "email"] if identities else []
    columns = ["recordid", *named, "status", "grade", "maxgrade", "gradecanbechanged",
               "lastmodifiedsubmission", "lastmodifiedgrade", "comments"]  # fmt: skip
    lines = [fputcsv([pack[c] for c in columns])]
    for participant, full_name, email, when in rows:
        status = pack["submissionstatus_submitted" if when else "submissionstatus_new"]
        said = userdate(when, language) if when else "-"
        who = [full_name, email] if identities else []
        identifier = pack["hiddenuser"] + str(participant)
        lines.append(fputcsv([identifier, *who, status, "", "100.00", pack["yes"], said, "-", ""]))
    return "\n".join(lines) + "\n"


def berlin(*when: int) -> datetime.datetime:
    return datetime.datetime(*when, tzinfo=BERLIN)


# ---------------------------------------------------------------------------------------------
# Every layout
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("folders", "trailing"), [(True, ""), (True, "_"), (False, "")], ids=["4.x", "3.x", "flat"]
)
def test_every_moodle_layout_is_read(tmp_path: Path, folders: bool, trailing: str) -> None:
    handed = [
        ("Jane Doe", 4711, "file", "hw.ipynb", b"1"),
        ("Jane Doe", 4711, "file", "notes.pdf", b"2"),
        ("Conor O'Brien", 4712, "file", "hw.ipynb", b"3"),  # clean_filename drops the '
        ("Jane Doe", 4711, "onlinetext", "onlinetext.html", b"<p>hi</p>"),
    ]
    archive = moodle_zip(tmp_path / "m.zip", handed, folders=folders, trailing=trailing)
    with zipfile.ZipFile(archive, "a") as hostile:  # a zip no LMS writes, leaving the folder
        hostile.writestr("Evil_5009_assignsubmission_file_/../../etc/x.ipynb", b"")
    uploads, ignored = read_archive(archive, "moodle")
    assert ignored == ["Evil_5009_assignsubmission_file_/../../etc/x.ipynb: not a file a "
                       "student handed in"]  # fmt: skip
    assert [(u.person, u.lms_id, u.filename, u.kind, u.data) for u in uploads] == [
        ("Jane Doe", "4711", "hw.ipynb", "file", b"1"),
        ("Jane Doe", "4711", "notes.pdf", "file", b"2"),
        ("Conor OBrien", "4712", "hw.ipynb", "file", b"3"),
        ("Jane Doe", "4711", "onlinetext.html", "text", b"<p>hi</p>"),
    ]


def test_every_canvas_layout_is_read(tmp_path: Path) -> None:
    archive = canvas_zip(
        tmp_path / "c.zip",
        [
            ("Doe, Jane", 101, False, 9001, "hw.ipynb", b"1"),
            ("Doe, Jane", 101, False, 9007, "hw-1.ipynb", b"2"),  # handed in again
            ("Müller, Ana", 505, True, 9003, "hw.ipynb", b"3"),
            ("O'Brien, Conor", 404, False, None, "", b"<p>text</p>"),
        ],
    )
    assert [entry.filename for entry in zipfile.ZipFile(archive).infolist()] == [
        "doejane_101_9001_hw.ipynb",
        "doejane_101_9007_hw-1.ipynb",
        "müllerana_LATE_505_9003_hw.ipynb",
        "obrienconor_404_text.html",
    ]
    uploads, ignored = read_archive(archive, "canvas")
    assert not ignored
    assert [(u.person, u.lms_id, u.filename, u.kind, u.file_id, u.late) for u in uploads] == [
        ("doejane", "101", "hw.ipynb", "file", "9001", False),
        ("doejane", "101", "hw-1.ipynb", "file", "9007", False),
        ("müllerana", "505", "hw.ipynb", "file", "9003", True),
        ("obrienconor", "404", "text.html", "text", "", False),
    ]
    assert canvas_upload("../x_1_2_y") is None and moodle_upload("x.ipynb") is None
    with pytest.raises(ValueError, match="cannot read the archive"):
        read_archive(tmp_path / "none.zip", "canvas")


def test_the_lms_records_are_read_and_their_mistakes_named(tmp_path: Path) -> None:
    sheet = worksheet([(4711, "Jane Doe", "jane@uni.edu", berlin(2026, 3, 8, 20, 5)),
                       (4712, "Li Wang", "li@uni.edu", None)])  # fmt: skip
    records = moodle_worksheet(sheet, BERLIN)
    assert records["4711"].time == berlin(2026, 3, 8, 20, 5) and records["4712"].time is None
    assert "Sunday, 8 March 2026, 8:05 PM" in sheet
    with pytest.raises(ValueError) as refused:
        moodle_worksheet(sheet.replace("Sunday, 8 March 2026, 8:05 PM", "Sonntag, 8. März"), BERLIN)
    assert str(refused.value) == ("line 2: 'Sonntag, 8. März' is not a time as Moodle writes it "
                                  "in English (like Sunday, 8 March 2026, 8:00 PM)")  # fmt: skip
    api = [{"user_id": 101, "submitted_at": "2026-03-11T09:00:00Z", "late": False},
           {"user_id": 202, "submitted_at": None}]  # fmt: skip
    assert canvas_submissions(json.dumps(api))["202"].time is None
    bad = tmp_path / "page.json"
    bad.write_text('{"errors": [{"message": "Invalid access token."}]}')
    with pytest.raises(ValueError, match="page.json: this is not a list of Canvas submissions"):
        read_records("canvas", [bad], BERLIN)


SHANGHAI = ZoneInfo("Asia/Shanghai")


def test_a_worksheet_downloaded_in_chinese_is_read_like_the_english_one() -> None:
    """A Moodle in 简体中文 names the columns and writes the times in Chinese: the zh_cn pack's
    ``strftimedaydatetime`` keeps the month's leading zero and drops the day's."""
    rows = [(4711, "王小明", "wang@uni.edu", datetime.datetime(2026, 3, 8, 9, 5, tzinfo=SHANGHAI)),
            (4712, "李丽", "li@uni.edu", None)]  # fmt: skip
    sheet = worksheet(rows, "zh_cn")
    assert sheet.startswith("标识符,全名,电子邮件地址,状态,")
    line = '参与人4711,王小明,wang@uni.edu,已提交请评分,,100.00,是,"2026年03月8日 星期日 09:05"'
    assert line in sheet
    records = moodle_worksheet(sheet, SHANGHAI)
    assert records["4711"] == moodle_worksheet(worksheet(rows), SHANGHAI)["4711"]
    assert records["4711"].time == rows[0][3] and records["4711"].email == "wang@uni.edu"
    assert records["4711"].full_name == "王小明" and records["4712"].time is None
    sheet_36 = sheet  # the zh_cn pack of Moodle 3.6 and before: other words for four strings
    for now, before in {"标识符": "识别码", "电子邮件地址": "Email地址", "参与人": "参与者",
                        "上次修改（作业）": "最后修改（学生）"}.items():  # fmt: skip
        sheet_36 = sheet_36.replace(now, before)
    assert sheet_36.startswith("识别码,全名,Email地址,") and "参与者4711" in sheet_36
    assert moodle_worksheet(sheet_36, SHANGHAI) == records
    english = sheet.replace("2026年03月8日 星期日 09:05", "Sunday, 8 March 2026, 9:05 AM")
    with pytest.raises(ValueError) as refused:
        moodle_worksheet(english, SHANGHAI)
    assert str(refused.value) == (
        "line 2: 'Sunday, 8 March 2026, 9:05 AM' is not a time as Moodle writes it in 简体中文 "
        "(like 2026年03月8日 星期日 20:00)"
    )


def test_a_worksheet_in_a_language_the_course_does_not_read_is_refused_saying_what_to_do() -> None:
    """Moodle in German (de/assign.php 'recordid' "ID", 'lastmodifiedsubmission'; de/moodle.php
    'fullname'): one line naming the columns found, those wanted and the languages to choose."""
    german = ('ID,"Vollständiger Name",E-Mail-Adresse,Status,"Zuletzt geändert (Abgabe)"\n'
              '"Teilnehmer/in4711","Jane Doe",jane@uni.edu,Abgegeben,'
              '"Sonntag, 8. März 2026, 20:05"\n')  # fmt: skip
    with pytest.raises(ValueError) as refused:
        moodle_worksheet(german, BERLIN)
    said = str(refused.value)
    assert "\n" not in said
    assert "its columns are 'ID', 'Vollständiger Name', 'E-Mail-Adresse', 'Status'" in said
    assert "'Identifier' … 'Last modified (submission)'; '标识符' … '上次修改（作业）'; " \
           "'识别码' … '最后修改（学生）'" in said  # fmt: skip
    assert "switch Moodle's language to English / 简体中文" in said


def test_the_day_and_month_names_are_those_icu_writes_in_each_language() -> None:
    """``core_date::strftime`` takes ``%A`` and ``%B`` from ICU (``IntlDateFormatter``,
    ``EEEE`` and ``MMMM``) in the pack's ``locale``: CLDR's names, as Babel has them."""
    dates = pytest.importorskip("babel.dates")
    locales = {"en": "en_AU", "zh_cn": "zh_CN"}  # langconfig.php 'locale'
    monday = datetime.date(2026, 3, 2)
    for language in LANGUAGES:
        week = [monday + datetime.timedelta(days=k) for k in range(7)]
        said = [dates.format_date(day, "EEEE", locale=locales[language.code]) for day in week]
        assert list(language.weekdays) == said == MOODLE[language.code]["days"]
        firsts = [datetime.date(2026, month, 1) for month in range(1, 13)]
        said = [dates.format_date(day, "MMMM", locale=locales[language.code]) for day in firsts]
        assert list(language.months) == said == MOODLE[language.code]["months"]


# ---------------------------------------------------------------------------------------------
# Hand-in times, identity by content, the lecturer's choice
# ---------------------------------------------------------------------------------------------


def test_moodle_times_come_from_the_worksheet_and_same_names_are_told_apart(
    tmp_path: Path,
) -> None:
    """Two students called Li Wang, told apart by the worksheet's email; an online text only
    submission reported as handed in, with what to do."""
    students = parse_class_list(CLASS_LIST)
    handed = [
        ("Jane Doe", 4711, "file", "hw.ipynb", notebook("s0001")),
        ("Li Wang", 4712, "file", "hw.ipynb", notebook("s0002")),
        ("Li Wang", 4713, "file", "hw.ipynb", notebook("s0003")),
        ("Conor O'Brien", 4714, "onlinetext", "onlinetext.html", b"<p>my answer</p>"),
    ]
    archive = moodle_zip(tmp_path / "m.zip", handed)
    sheet = worksheet([
        (4711, "Jane Doe", "jane@uni.edu", berlin(2026, 3, 8, 20, 0)),
        (4712, "Li Wang", "li.wang1@uni.edu", berlin(2026, 3, 7, 9, 0)),
        (4713, "Li Wang", "li.wang2@uni.edu", berlin(2026, 3, 10, 5, 59)),
        (4714, "Conor O'Brien", "conor@uni.edu", berlin(2026, 3, 8, 1, 0)),
        (4715, "Ana Müller", "ana@uni.edu", None),
    ])  # fmt: skip
    course = tmp_path / "course"
    uploads, _ = read_archive(archive, "moodle")
    report = collect(uploads, "moodle", students, course, HW,
                     records=moodle_worksheet(sheet, BERLIN))  # fmt: skip
    assert report.new == ["s0001", "s0002", "s0003", "s0004"]
    assert report.not_handed_in == ["s0005"]

    def stamp(student: str) -> str:
        return (course / "submitted" / student / HW / "timestamp.txt").read_text()

    assert stamp("s0001") == "2026-03-08 19:00:00.000000 UTC"  # 20:00 in Berlin
    assert stamp("s0003") == "2026-03-10 04:59:00.000000 UTC"  # not the download's 14:02
    assert (course / "submitted" / "s0002" / HW / "hw.ipynb").read_bytes() == notebook("s0002")
    assert report.problems == [
        "s0004 handed in online text, no notebook: read it in the LMS (kept as "
        "onlinetext.html) and grade it by hand, or ask for the notebook; 0 points until then"
    ]
    without = collect(uploads, "moodle", students, tmp_path / "untimed", HW)
    assert not (tmp_path / "untimed" / "submitted" / "s0001" / HW / "timestamp.txt").exists()
    assert "matches several students on the class list (s0002, s0003)" in without.problems[0]
    assert "--worksheet" in without.problems[0]


def test_a_canvas_redownload_files_only_what_changed(tmp_path: Path) -> None:
    """Two days later, with other entry times and one student's new upload: only that student
    is filed again (so only they are graded again, and every other hand grade stays)."""
    students = parse_class_list(CLASS_LIST)
    first = [
        ("Doe, Jane", 101, False, 9001, "hw.ipynb", notebook("s0001")),
        ("Wang, Li", 202, False, 9002, "hw_old.ipynb", notebook("s0002", "old")),
        ("Wang, Li", 202, False, 9004, "hw.ipynb", notebook("s0002")),  # uploaded after
        ("Müller, Ana", 505, True, 9005, "hw.ipynb", notebook("s0005")),
    ]
    again = [*first[:3], ("Müller, Ana", 505, True, 9011, "hw-1.ipynb", notebook("s0005", "x = 1"))]
    times = [{"user_id": 101, "submitted_at": "2026-03-11T09:00:00Z"},
             {"user_id": 202, "submitted_at": "2026-03-11T10:00:00Z"},
             {"user_id": 505, "submitted_at": "2026-03-13T11:00:00Z"}]  # fmt: skip
    course = tmp_path / "course"
    reports = []
    for handed, when in ((first, DOWNLOAD), (again, AGAIN)):
        uploads, _ = read_archive(canvas_zip(tmp_path / "c.zip", handed, when), "canvas")
        records = canvas_submissions(json.dumps(times))
        reports.append(collect(uploads, "canvas", students, course, HW, records=records))
        times[2]["submitted_at"] = "2026-03-21T08:00:00Z"
    assert reports[0].new == ["s0001", "s0002", "s0005"] and reports[0].late == ["s0005"]
    assert "graded hw.ipynb (the newest upload)" in reports[0].problems[0]
    assert (course / "submitted" / "s0002" / HW / "hw.ipynb").read_bytes() == notebook("s0002")
    assert reports[1].unchanged == ["s0001", "s0002"] and reports[1].updated == ["s0005"]
    filed = course / "submitted" / "s0005" / HW
    # Canvas's archive holds the files of the newest submission only
    assert (filed / "hw.ipynb").read_bytes() == notebook("s0005", "x = 1")
    assert sorted(p.name for p in filed.iterdir()) == ["hw.ipynb", "timestamp.txt"]
    assert (filed / "timestamp.txt").read_text() == "2026-03-21 08:00:00.000000 UTC"
    assert reports[1].problems == reports[0].problems


def test_without_the_lms_record_nobody_is_late_and_collect_says_what_to_download(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "class_list.csv").write_text(CLASS_LIST, encoding="utf-8")
    # a timestamp.txt of the student's own, in nbgrader's form, names no time: only the LMS
    early = b"2020-01-01 00:00:00.000000 UTC"
    canvas_zip(
        tmp_path / "c.zip",
        [("Müller, Ana", 505, True, 9005, "hw.ipynb", notebook("s0005")),
         ("Müller, Ana", 505, True, 9006, "timestamp.txt", early)],
    )  # fmt: skip
    moodle_zip(
        tmp_path / "m.zip",
        [("Jane Doe", 4711, "file", "hw.ipynb", notebook("s0001")),
         ("Jane Doe", 4711, "file", "timestamp.txt", early)],
    )  # fmt: skip
    said = {}
    for lms, archive in (("canvas", "c.zip"), ("moodle", "m.zip")):
        status = assignment.main(["collect", "--from", lms, str(tmp_path / archive),
                                  "--class-list", str(tmp_path / "class_list.csv"),
                                  "--assignment", "game_and_gf2",
                                  "--course", str(tmp_path / lms)])  # fmt: skip
        said[lms] = capsys.readouterr().out
        assert status == 0, said[lms]
        assert not list((tmp_path / lms).rglob("timestamp.txt"))
    assert "note: canvas marks late: s0005" in said["canvas"]
    assert "Canvas's late policy deducts on import" in said["canvas"]
    assert "--submissions FILE" in said["canvas"]
    assert "Download grading worksheet" in said["moodle"] and "--worksheet FILE" in said["moodle"]
    status = assignment.main(["collect", "--from", "moodle", str(tmp_path / "m.zip"),
                              "--class-list", str(tmp_path / "class_list.csv"),
                              "--assignment", "game_and_gf2",
                              "--submissions", "x.json"])  # fmt: skip
    assert status == 2
    assert "--submissions is not for moodle" in capsys.readouterr().err


def test_the_lecturers_choice_of_notebook_lasts(tmp_path: Path, capsys) -> None:
    """Moodle records no time per file: the notebook named as the assignment is graded and
    the lecturer is told how to choose; the choice holds through every later collect."""
    students = parse_class_list(CLASS_LIST)
    handed = [
        ("Jane Doe", 4711, "file", "game_and_gf2.ipynb", notebook("s0001", "wrong")),
        ("Jane Doe", 4711, "file", "game_and_gf2 (1).ipynb", notebook("s0001", "right")),
    ]
    course = tmp_path / "course"
    uploads, _ = read_archive(moodle_zip(tmp_path / "m.zip", handed), "moodle")
    first = collect(uploads, "moodle", students, course, "game_and_gf2")
    assert first.problems == [
        "s0001 handed in several notebooks (game_and_gf2 (1).ipynb, game_and_gf2.ipynb); "
        "graded game_and_gf2.ipynb (the LMS does not say which is newest); to grade another: "
        "python -m grading choose game_and_gf2 s0001 FILE"
    ]
    args = ["choose", "--course", str(course), "game_and_gf2", "s0001"]
    assert assignment.main([*args, "game_and_gf2 (1).ipynb"]) == 0
    assert "s0001: game_and_gf2 (1).ipynb is graded as" in capsys.readouterr().out
    folder = course / "submitted" / "s0001" / "game_and_gf2"
    graded = folder / "game_and_gf2.ipynb"
    assert graded.read_bytes() == notebook("s0001", "right")
    assert (folder / "game_and_gf2 (not graded).ipynb").read_bytes() == notebook("s0001", "wrong")
    uploads, _ = read_archive(moodle_zip(tmp_path / "m.zip", handed, when=AGAIN), "moodle")
    again = collect(uploads, "moodle", students, course, "game_and_gf2")
    assert again.unchanged == ["s0001"] and "(as you chose)" in again.problems[0]
    assert graded.read_bytes() == notebook("s0001", "right")
    assert assignment.main([*args, "other.ipynb"]) == 2
    assert "choose one of game_and_gf2 (1).ipynb, game_and_gf2.ipynb" in capsys.readouterr().err


# ---------------------------------------------------------------------------------------------
# Anonymous submissions: Moodle's blind marking, Canvas's anonymous grading
# ---------------------------------------------------------------------------------------------


def test_a_blind_marked_moodle_archive_nobody_names_is_refused_saying_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Anonymous submissions (``is_blind_marking()``): the archive names everyone 参与人 (a Moodle
    in 简体中文), and the worksheet of a lecturer who may not see identities has neither names
    nor emails. Each student's boards come from their id: nothing can be graded, nothing is
    filed, and one line says what to do."""
    (tmp_path / "class_list.csv").write_text(CLASS_LIST, encoding="utf-8")
    who = MOODLE["zh_cn"]["participant"]
    archive = moodle_zip(tmp_path / "m.zip", [
        (who, 4711, "file", "game_and_gf2.ipynb", notebook("s0001")),
        (who, 4712, "file", "game_and_gf2.ipynb", notebook("s0002")),
    ])  # fmt: skip
    uploads, ignored = read_archive(archive, "moodle")
    assert not ignored and [(u.person, u.lms_id, u.anonymous) for u in uploads] == [
        ("参与人", "4711", True), ("参与人", "4712", True)]  # fmt: skip
    when = datetime.datetime(2026, 3, 8, 9, 5, tzinfo=SHANGHAI)
    sheet = tmp_path / "worksheet.csv"
    rows = [(4711, "", "", when), (4712, "", "", when)]
    sheet.write_text(worksheet(rows, "zh_cn", identities=False), encoding="utf-8")
    assert sheet.read_text(encoding="utf-8").startswith("标识符,状态,成绩,")
    course = tmp_path / "course"
    for given in ([], ["--worksheet", str(sheet)]):
        status = assignment.main(["collect", "--from", "moodle", str(archive),
                                  "--class-list", str(tmp_path / "class_list.csv"),
                                  "--assignment", "game_and_gf2", "--course", str(course),
                                  *given])  # fmt: skip
        said = capsys.readouterr()
        assert status == 2 and said.out == "" and said.err.count("\n") == 1, said
        assert "a Moodle assignment with anonymous submissions (its folders are named " \
               "参与人_4711, not by student)" in said.err  # fmt: skip
        assert "choose Reveal student identities on the assignment's submissions page" in said.err
    assert not (course / "submitted").exists() and not (course / "lms").exists()


def test_a_blind_marked_moodle_archive_is_filed_by_a_worksheet_that_names_the_participants(
    tmp_path: Path,
) -> None:
    """A lecturer who may see identities (``mod/assign:viewblinddetails``: ``gradingtable.php``
    then adds "Full name" and "Email address") downloads a worksheet that names each
    participant: the archive is filed by its emails, else by its names; the feedback goes back
    under the participant ids Moodle's zip import reads, and the grades wait for the reveal."""
    students = parse_class_list(CLASS_LIST)
    who = MOODLE["en"]["participant"]
    archive = moodle_zip(tmp_path / "m.zip", [
        (who, 4711, "file", "game_and_gf2.ipynb", notebook("s0001")),
        (who, 4712, "file", "game_and_gf2.ipynb", notebook("s0003")),
        (who, 4713, "file", "game_and_gf2.ipynb", notebook("s0005")),
    ])  # fmt: skip
    sheet = worksheet([
        (4711, "Jane Doe", "jane@uni.edu", berlin(2026, 3, 8, 20, 0)),
        (4712, "Li Wang", "li.wang2@uni.edu", berlin(2026, 3, 8, 21, 0)),  # one of two Li Wangs
        (4713, "Ana Müller", "ana@home.example", berlin(2026, 3, 9, 8, 0)),  # by name
    ])  # fmt: skip
    uploads, _ = read_archive(archive, "moodle")
    course = tmp_path / "course"
    report = collect(uploads, "moodle", students, course, "game_and_gf2",
                     records=moodle_worksheet(sheet, BERLIN))  # fmt: skip
    assert report.new == ["s0001", "s0003", "s0005"] and not report.problems
    stamp = course / "submitted" / "s0005" / "game_and_gf2" / "timestamp.txt"
    assert stamp.read_text() == "2026-03-09 07:00:00.000000 UTC"
    record = collected.load(course, "game_and_gf2")
    assert record["anonymous"] and record["students"]["s0003"]["lms_id"] == "4712"
    for student in ("s0001", "s0003", "s0005"):
        page = course / "feedback" / student / "game_and_gf2" / "game_and_gf2.html"
        page.parent.mkdir(parents=True)
        page.write_text(f"<p>{student}</p>")
    target, left_out = feedback_zip(course, "game_and_gf2")
    with zipfile.ZipFile(target) as zipped:
        assert zipped.namelist()[0] == "Participant_4711_assignfeedback_file/game_and_gf2.html"
        filed = {moodle_accepts(e, {4711, 4712, 4713}): zipped.read(e) for e in zipped.namelist()}
    assert filed == {(4711, "/game_and_gf2.html"): b"<p>s0001</p>",
                     (4712, "/game_and_gf2.html"): b"<p>s0003</p>",
                     (4713, "/game_and_gf2.html"): b"<p>s0005</p>"}  # fmt: skip
    assert not left_out
    [note] = _blind_marked(course, ["game_and_gf2"])
    assert note.startswith("Moodle: game_and_gf2 has anonymous submissions; choose Reveal")


def test_an_anonymously_graded_canvas_archive_is_refused_saying_what_to_do(tmp_path: Path) -> None:
    """Canvas's ``get_filename`` while ``anonymize_students?``: ``anon_<anonymous id>`` (one
    of them all digits, as base58 may draw), no name, no user id: nothing says who handed in
    what, and nothing is filed."""
    students = parse_class_list(CLASS_LIST)
    handed = [
        ("Doe, Jane", 101, False, 9001, "hw.ipynb", notebook("s0001")),
        ("Müller, Ana", 505, True, 9005, "hw.ipynb", notebook("s0005")),
        ("O'Brien, Conor", 404, False, None, "", b"<p>text</p>"),
    ]
    anonymous = {101: "8bkAZ", 505: "Qx3mP", 404: "27539"}
    archive = canvas_zip(tmp_path / "c.zip", handed, anonymous_ids=anonymous)
    assert zipfile.ZipFile(archive).namelist() == [
        "anon_8bkAZ_9001_hw.ipynb",
        "LATE_anon_Qx3mP_9005_hw.ipynb",
        "anon_27539_text.html",
    ]
    uploads, ignored = read_archive(archive, "canvas")
    assert not ignored
    assert [(u.person, u.lms_id, u.filename, u.file_id, u.late, u.anonymous) for u in uploads] == [
        ("", "8bkAZ", "hw.ipynb", "9001", False, True),
        ("", "Qx3mP", "hw.ipynb", "9005", True, True),
        ("", "27539", "text.html", "", False, True),
    ]
    with pytest.raises(ValueError) as refused:
        collect(uploads, "canvas", students, tmp_path / "course", HW)
    assert str(refused.value).startswith(
        "this archive is of a Canvas assignment graded anonymously (its files are named "
        "anon_8bkAZ, not by student)"
    )
    assert "post the assignment's grades or turn its anonymous grading off" in str(refused.value)
    assert not (tmp_path / "course").exists()


# ---------------------------------------------------------------------------------------------
# Feedback back into the LMS
# ---------------------------------------------------------------------------------------------


def moodle_accepts(entry: str, participants: set[int]) -> tuple[int, str] | None:
    """``mod/assign/feedback/file/importziplib.php``
    ``assignfeedback_file_zip_importer::is_valid_filename_for_import``: the first path part
    that splits at ``_`` (at most 5 parts) into name, a participant id of the assignment, and
    a plugin type and name; the participant and the file name it files under."""
    parts = entry.split("/")
    while parts:
        info = parts.pop(0).split("_", 4)
        if len(info) < 4 or not info[1].isdigit() or int(info[1]) not in participants:
            continue
        if (info[2], info[3]) != ("assignfeedback", "file"):
            continue
        return int(info[1]), "/".join([info[4] if len(info) > 4 else "", *parts])
    return None


def canvas_accepts(entry: str, attachments: dict[int, set[int]]) -> int | None:
    """``app/models/assignment.rb`` ``Assignment#infer_comment_context_from_filename``: the
    first two all-digit parts of the name split at ``_`` are the user id and an attachment
    of that user's submission; the user commented on."""
    numbers = [int(p) for p in Path(entry).name.split("_") if p.isdigit()][:2]
    if len(numbers) < 2 or numbers[1] not in attachments.get(numbers[0], set()):
        return None
    return numbers[0]


def test_the_feedback_zips_hold_one_page_per_student_named_as_each_lms_takes_it(
    tmp_path: Path, capsys
) -> None:
    students = parse_class_list(CLASS_LIST)
    course = tmp_path / "course"
    moodle = moodle_zip(tmp_path / "m.zip", [
        ("Jane Doe", 4711, "file", "game_and_gf2.ipynb", notebook("s0001")),
        ("Li Wang", 4712, "file", "game_and_gf2.ipynb", notebook("s0002")),
    ])  # fmt: skip
    sheet = worksheet([
        (4711, "Jane Doe", "jane@uni.edu", berlin(2026, 3, 8, 20, 0)),
        (4712, "Li Wang", "li.wang1@uni.edu", berlin(2026, 3, 8, 21, 0)),
    ])  # fmt: skip
    uploads, _ = read_archive(moodle, "moodle")
    collect(uploads, "moodle", students, course, "game_and_gf2",
            records=moodle_worksheet(sheet, BERLIN))  # fmt: skip
    canvas = canvas_zip(tmp_path / "c.zip", [
        ("Doe, Jane", 101, False, 9001, "kernel_and_solvability.ipynb", notebook("s0001")),
        ("Müller, Ana", 505, True, 9005, "kernel_and_solvability.ipynb", notebook("s0005")),
        ("O'Brien, Conor", 404, False, None, "", b"<p>text</p>"),
    ])  # fmt: skip
    uploads, _ = read_archive(canvas, "canvas")
    collect(uploads, "canvas", students, course, "kernel_and_solvability")
    for student, name in (("s0001", "game_and_gf2"), ("s0002", "game_and_gf2"),
                          ("s0001", "kernel_and_solvability"), ("s0004", "kernel_and_solvability"),
                          ("s0005", "kernel_and_solvability")):  # fmt: skip
        page = course / "feedback" / student / name / f"{name}.html"
        page.parent.mkdir(parents=True)
        page.write_text(f"<p>{student}</p>")
    assert assignment.main(["feedback-zip", "--course", str(course), "game_and_gf2"]) == 0
    assert "Feedback for the LMS's upload:" in capsys.readouterr().out
    with zipfile.ZipFile(course / "feedback_zips" / "moodle_game_and_gf2.zip") as archive:
        filed = {moodle_accepts(e, {4711, 4712}): archive.read(e) for e in archive.namelist()}
    assert filed == {(4711, "/game_and_gf2.html"): b"<p>s0001</p>",
                     (4712, "/game_and_gf2.html"): b"<p>s0002</p>"}  # fmt: skip
    target, left_out = feedback_zip(course, "kernel_and_solvability")
    with zipfile.ZipFile(target) as archive:
        commented = {canvas_accepts(e, {101: {9001}, 505: {9005}}): archive.read(e)
                     for e in archive.namelist()}  # fmt: skip
    assert commented == {101: b"<p>s0001</p>", 505: b"<p>s0005</p>"}
    page = course / "feedback" / "s0004" / "kernel_and_solvability" / "kernel_and_solvability.html"
    assert left_out == [
        f"s0004: Canvas takes feedback only on a file handed in; give it {page} by hand"
    ]
    assert (
        collected.load(course, "kernel_and_solvability")["students"]["s0005"]["file_id"] == "9005"
    )
    with pytest.raises(ValueError, match="never collected from an LMS"):
        feedback_zip(course, "solutions_and_chasing")


#: The labels of Moodle's pages that the lecturer's messages name, as Moodle's Simplified
#: Chinese language pack words them (the zh_cn pack of Moodle 4.1 to 5.x, mirrored in
#: github.com/projectestac/moodle-langpacks, branches upstream_41 to master; file and string
#: key cited). A Chinese message that names a menu by another wording sends the lecturer
#: looking for a label their Moodle does not show.
MOODLE_ZH_CN_LABELS = {
    "Edit grade item": "编辑成绩项",  # zh_cn/grades.php 'itemsedit'
    "Maximum grade": "最高分",  # zh_cn/grades.php 'grademax'
    "New grade item": "新成绩项",  # zh_cn/grades.php 'newitem'
    "Rescale existing grades": "重新调整已有的分数",  # zh_cn/grades.php 'modgraderescalegrades'
    "Reveal student identities": "公开学生身份",  # zh_cn/assign.php 'revealidentities'
    "View all submissions": "查看所有作业",  # zh_cn/assign.php 'viewgrading'
    "Grading action": "评分操作",  # zh_cn/assign.php 'choosegradingaction'
    "Download all submissions": "下载所有作业",  # zh_cn/assign.php 'downloadall'
    # zh_cn/assignfeedback_offline.php 'downloadgrades'
    "Download grading worksheet": "下载评分用的评价表",
    "Preferred language": "偏爱的语言",  # zh_cn/moodle.php 'preferredlanguage'
}


def test_chinese_messages_name_moodle_s_menus_as_its_chinese_pages_do() -> None:
    strings = Path(__file__).parents[1] / "lightsout_edu" / "strings" / "zh"
    named = 0
    for path in sorted(strings.glob("*.json")):
        for english, chinese in json.loads(path.read_text(encoding="utf-8")).items():
            for label, moodle_s in MOODLE_ZH_CN_LABELS.items():
                if label.lower() in english.lower():
                    named += 1
                    assert moodle_s in chinese, (path.name, label, chinese)
    assert named >= len(MOODLE_ZH_CN_LABELS)  # every label is named somewhere
