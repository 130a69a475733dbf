"""The course plan holds together: every slot of the schedule holds no more minutes than it
has, every lecture, exercise set and assessment is scheduled in full and in order, the
weights add up to 100%; the students' syllabus and the instructor guide say the same."""

from __future__ import annotations

import dataclasses
import datetime
import re
from pathlib import Path

import nbformat
import pytest

from tools import course_plan, syllabus

ROOT = Path(__file__).resolve().parent.parent
PLAN = course_plan.load()


def test_every_slot_holds_its_material():
    for slot in PLAN.slots:
        assert slot.used <= slot.minutes, f"{slot.name}: {slot.used} minutes in {slot.minutes}"
        if slot.kind in ("lecture", "exercise class"):
            assert slot.minutes == 90, slot.name


def test_the_plan_has_no_problems():
    assert course_plan.problems(PLAN) == []


def test_every_lecture_and_exercise_set_is_scheduled_in_full():
    for lecture in PLAN.lectures:
        for kind, minutes in (("lecture", "minutes"), ("exercises", "exercise_minutes")):
            held = [
                item.minutes
                for slot in PLAN.slots
                for item in slot.holds
                if item.kind == kind and item.key == lecture["number"]
            ]
            assert sum(held) == lecture[minutes], (kind, lecture["number"], held)


def changed(**fields) -> course_plan.Plan:
    return dataclasses.replace(PLAN, **fields)


def replace_slot(index: int, **fields) -> tuple[course_plan.Slot, ...]:
    slots = list(PLAN.slots)
    slots[index] = dataclasses.replace(slots[index], **fields)
    return tuple(slots)


def test_problems_are_found():
    """The checks can fail: each broken plan is reported, in words that say what to fix."""
    first = PLAN.slots[0]
    overfull = first.holds + (course_plan.Item("exercises", 1, 10, "1.1"),)
    found = course_plan.problems(changed(slots=replace_slot(0, holds=overfull)))
    assert "Session 1 holds 95 minutes of material in 90 minutes" in found
    assert any("exercises 1 takes 40 minutes, the schedule gives 50" in p for p in found)
    assert any("name each part" in p for p in found)
    early = replace_slot(0, holds=first.holds[:1])
    assert "lecture 2 takes 45 minutes, the schedule gives 0" in course_plan.problems(
        changed(slots=early)
    )
    light = tuple(dict(a, weight=5) if a["id"] == "X" else a for a in PLAN.assessments)
    assert "the assessment weights add up to 55%, not 100%" in course_plan.problems(
        changed(assessments=light)
    )
    rushed = tuple(
        dict(a, due="week 1, Monday") if a["id"] == "A2" else a for a in PLAN.assessments
    )
    found = course_plan.problems(changed(assessments=rushed))
    assert "A2 is due before lecture 3 is taught" in found
    late = tuple(dict(a, due="week 1, Sunday") if a["id"] == "A3" else a for a in PLAN.assessments)
    assert "A3 is scheduled in Self-study, week 2, after it is due" in course_plan.problems(
        changed(assessments=late)
    )
    swapped = list(PLAN.slots)
    swapped[1], swapped[2] = (
        dataclasses.replace(swapped[2], day="Tuesday"),
        dataclasses.replace(swapped[1], day="Wednesday"),
    )
    assert course_plan.problems(changed(slots=tuple(swapped))) == []  # classes A and B swap
    before = replace_slot(2, week=1, day="Monday", holds=(course_plan.Item("exercises", 3, 60),))
    assert "exercises 3 are scheduled before lecture 3" in course_plan.problems(
        changed(slots=before)
    )


def test_dates_come_from_the_start_of_week_1(tmp_path: Path):
    dated = changed(start=datetime.date(2026, 10, 5))
    assert dated.when(1, "Monday") == "Mon 5 Oct 2026"
    assert dated.when(2, "Sunday") == "Sun 18 Oct 2026"
    assert PLAN.when(2, "Sunday") == "week 2, Sunday" and PLAN.when(3, None) == "week 3"
    toml = (ROOT / "notebooks" / "course.toml").read_text(encoding="utf-8")
    for start, message in (("2026-10-06", "is a Tuesday, not a Monday"), ("5 Oct", "YYYY-MM-DD")):
        (tmp_path / "course.toml").write_text(toml.replace('start = ""', f'start = "{start}"'))
        with pytest.raises(ValueError, match=message):
            course_plan.load(tmp_path / "course.toml")


def test_the_syllabus_is_up_to_date_with_the_plan():
    committed = syllabus.SCRIPT.read_text(encoding="utf-8")
    assert committed == syllabus.script(PLAN), "run: python -m tools.syllabus"


def test_the_syllabus_tells_students_what_they_need():
    nb = nbformat.read(syllabus.NOTEBOOK, as_version=4)
    text = "\n".join(cell.source for cell in nb.cells)
    for heading in (
        "Schedule",
        "What you will be able to do",
        "What you need before",
        "Assessment",
    ):
        assert f"## {heading}" in text
    for lecture in PLAN.lectures:
        assert f"[{PLAN.title_of(lecture['number'])}](../{lecture['notebook']})" in text
    for entry in PLAN.assessments:
        row = next(line for line in text.splitlines() if line.startswith(f"| {entry['name']} |"))
        assert f"| {entry['weight']}% | {PLAN.due(entry)} |" in row
    assert "| **Total** | | | **100%** | | |" in text
    prose = " ".join(text.split())  # paragraphs and list items are wrapped
    for outcome in PLAN.outcomes:
        assert outcome["text"] in prose
    assert "Rubric" not in text and "answer key" not in text.lower()


def test_the_guide_lists_the_outcomes_of_the_plan():
    guide = nbformat.read(ROOT / "notebooks" / "instructor" / "guide.ipynb", as_version=4)
    text = "\n".join(c.source for c in guide.cells if c.cell_type == "markdown")
    rows = re.findall(r"^\| (\d+) \| (.+?) \| (.+?) \| (.+?) \|$", text, re.MULTILINE)
    assert [(r[1], r[2], r[3]) for r in rows] == [
        (o["text"], o["taught"], o["practised"]) for o in PLAN.outcomes
    ]


def test_a_dated_syllabus_builds_in_both_languages(monkeypatch: pytest.MonkeyPatch):
    """Setting ``start`` turns every day of the module into a date in the English syllabus
    and in the Chinese one, from the same catalogue of translations (nothing new to
    translate); without ``start`` both keep their days of the module."""
    import jupytext

    from tools import translations

    dated = changed(start=datetime.date(2026, 10, 5))
    english = jupytext.reads(syllabus.script(dated), fmt="py:percent")
    english_text = "\n".join(cell.source for cell in english.cells)
    assert "Mon 5 Oct 2026" in english_text and "week 1, Monday" not in english_text
    assert syllabus.dated_deadlines(dated) in english_text
    assert "Deadlines are at 23:59 (UTC)" in english_text
    monkeypatch.setattr(course_plan, "load", lambda *args: dated)
    assert translations.problems(syllabus.NOTEBOOK, english) == []
    chinese = translations.translated_notebook(syllabus.NOTEBOOK, english)
    text = "\n".join(cell.source for cell in chinese.cells)
    assert "2026 年 10 月 5 日（周一）" in text and "2026 年 10 月 18 日（周日）" in text
    assert not syllabus.CHINESE_DAY.search(text), syllabus.CHINESE_DAY.findall(text)
    assert "截止时间为所列日期当天 23:59（UTC）。" in text and "由任课教师公布" not in text
    assert text.count("第 1 周，课外") == 1  # the week's self-study has no date
    later = changed(
        start=datetime.date(2026, 10, 5), deadline_time="17:00", deadline_zone="Asia/Shanghai"
    )
    assert "Deadlines are at 17:00 (Asia/Shanghai)" in syllabus.script(later)
    assert (
        syllabus.dated_deadlines(later, "zh") == "截止时间为所列日期当天 17:00（Asia/Shanghai）。"
    )
    monkeypatch.setattr(course_plan, "load", lambda *args: PLAN)
    undated = translations.translated_notebook(syllabus.NOTEBOOK)
    assert "第 1 周，周一" in "\n".join(cell.source for cell in undated.cells)
