"""Write the students' syllabus from the course plan (``notebooks/course.toml``).

Usage: ``python -m tools.syllabus`` (``make syllabus``). It writes the py:percent script
``scripts/reference/syllabus.py`` (text cells only: the schedule, the learning outcomes, the
prerequisites and the assessment with weights and deadlines) and then executes and pairs
``notebooks/reference/syllabus.ipynb`` from it with ``tools/execute_notebooks.py``, as for
every notebook of the course. The site lists the notebook with the other reference pages,
and ``make pdf`` prints it. Set ``start`` in course.toml to turn "week 1, Monday" into dates.

A plan that does not hold together (a slot holding more than it has time for, weights that
do not add up to 100, ...) is refused with the list of its problems.
"""

from __future__ import annotations

import argparse
import datetime
import re
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

from lightsout_edu._i18n import t_in
from tools import course_plan

REPO = Path(__file__).resolve().parent.parent
SCRIPT = REPO / "scripts" / "reference" / "syllabus.py"
NOTEBOOK = REPO / "notebooks" / "reference" / "syllabus.ipynb"
HEADER = """\
# ---
# jupyter:
#   jupytext:
#     cell_metadata_filter: -slideshow,-jp-MarkdownHeadingCollapsed
#     formats: notebooks///ipynb,scripts///py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---
"""
WIDTH = 92  # the width of the other notebooks' text, in their py:percent twins
#: The first sentence about deadlines, without and with dates (their Chinese: site.json).
UNDATED_DEADLINES = t_in(
    "en", "Deadlines are given as days of the module; your lecturer announces the dates."
)
KINDS = {
    "assignment": "notebook (nbgrader)",
    "quiz": "Moodle quiz",
    "exam": "on paper",
}


def dated_deadlines(plan: course_plan.Plan, language: str = "en") -> str:
    """The first sentence about deadlines of a plan with a ``start`` date, in ``language``.

    >>> dated_deadlines(course_plan.load(), "zh")
    '截止时间为所列日期当天 23:59（UTC）。'
    """
    return t_in(
        language,
        "Deadlines are at {time} ({zone}) on the day given.",
        time=plan.deadline_time,
        zone=plan.deadline_zone,
    )


def cells(plan: course_plan.Plan) -> list[str]:
    """The syllabus as Markdown cells."""
    lectures = "\n".join(
        f"{entry['number']}. [{plan.title_of(entry['number'])}](../{entry['notebook']}) "
        f"(with [exercises](../{entry['exercises']}))"
        for entry in plan.lectures
    )
    prerequisites = "\n".join(f"- {item}" for item in plan.prerequisites)
    outcomes = "\n".join(
        f"{k}. {outcome['text']} ({_lectures(outcome['taught'])})"
        for k, outcome in enumerate(plan.outcomes, start=1)
    )
    return [
        f"# Syllabus — {plan.title}\n\n{plan.description}\n\n"
        "This page is for students: what the module covers, when, what you should know "
        "before it, and how it is graded.",
        f"## The lectures\n\n{lectures}",
        f"## What you need before the module\n\n{prerequisites}",
        f"## What you will be able to do\n\nAfter the module you can\n\n{outcomes}",
        _schedule(plan),
        _assessment(plan),
        "## How to work\n\n"
        "- Run the lecture notebooks cell by cell, and play with the widgets: they are part "
        "of the lecture. The course web site shows them too, without installing anything, "
        "and every lecture is also a slide deck and a printable PDF.\n"
        "- Do the exercises after each lecture: each answer cell is followed by a checker "
        "that says whether your answer is right and, if not, what went wrong. Exercise "
        "classes are for the exercises marked in the schedule; finish the rest at home.\n"
        "- The graded assignments and quizzes give every student their own boards and "
        "variants, made from your student id. Discuss ideas with others, but write your "
        "own answers: a copied notebook fails every test, and written answers are read by "
        "a person.",
    ]


def _lectures(taught: str) -> str:
    numbers = [part.strip().removeprefix("L") for part in taught.split(",")]
    return ("lecture " if len(numbers) == 1 else "lectures ") + " and ".join(numbers)


def _schedule(plan: course_plan.Plan) -> str:
    rows = []
    for slot in plan.slots:
        when = plan.when(slot.week, slot.day)
        if slot.day is None:
            when += ", outside class"
        what = "<br>".join(plan.label(item) for item in slot.holds)
        minutes = " + ".join(str(item.minutes) for item in slot.holds)
        rows.append(f"| {when} | {slot.name} ({slot.minutes} min) | {what} | {minutes} |")
    return (
        "## Schedule\n\n"
        "Two weeks of lectures and exercise classes, 90 minutes each, then a week to finish "
        "the last assignment and the exam. The minutes are what each part takes: exercises "
        "at the pace of a student working alone (★ 5–10 minutes, ★★ 10–20, ★★★ 30–45).\n\n"
        "| When | Slot | What | Minutes |\n|---|---|---|---|\n" + "\n".join(rows)
    )


def _assessment(plan: course_plan.Plan) -> str:
    rows = []
    for entry in plan.assessments:
        covers = ", ".join(str(n) for n in entry["lectures"])
        rows.append(
            f"| {entry['name']} | {KINDS[entry['kind']]} | {covers} | {entry['weight']}% | "
            f"{plan.due(entry)} | {entry['graded']} |"
        )
    total = sum(entry["weight"] for entry in plan.assessments)
    dates = dated_deadlines(plan) if plan.start is not None else UNDATED_DEADLINES
    return (
        "## Assessment\n\n"
        "| What | Kind | Lectures | Weight | Due | How it is graded |\n"
        "|---|---|---|---|---|---|\n" + "\n".join(rows) + f"\n| **Total** | | | **{total}%** | | |"
        f"\n\n{dates} Each graded assignment is a notebook you download, fill in and submit; "
        "the boards in it are made from your student id. Its automatic part has hidden "
        "tests: the visible checks only test the form of your answers, and the feedback you "
        "get after grading says what went wrong. The written part (a short proof or "
        "explanation) is graded by hand with a rubric. The quizzes draw every question from "
        "a bank of variants, so neighbours get different numbers. The exam asks the same "
        "kinds of question as the quizzes and the assignments: numbers, multiple choice, "
        "short answers and a proof."
    )


#: A date as :meth:`course_plan.Plan.when` writes it ("Mon 5 Oct 2026").
ENGLISH_DATE = re.compile(r"\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\d{1,2} [A-Z][a-z]{2} \d{4})\b")
CHINESE_WEEKDAYS = ("周一", "周二", "周三", "周四", "周五", "周六", "周日")
#: A day of the module as the Chinese catalogue writes it ("第 1 周，周一").
CHINESE_DAY = re.compile(r"第 (\d+) 周，(" + "|".join(CHINESE_WEEKDAYS) + ")")


@dataclass(frozen=True)
class Dates:
    """The syllabus of a plan with a ``start`` date, in both languages.

    Its English paragraphs say dates where the catalogue of translations
    (``locale/zh/reference/syllabus.po``) has days of the module: a paragraph is looked up as
    :meth:`catalogue_text` writes it, and its translation gets its dates back from
    :meth:`chinese`, so that setting ``start`` asks nothing new of the translator.

    >>> plan = course_plan.load()
    >>> from dataclasses import replace
    >>> dates = Dates(replace(plan, start=datetime.date(2026, 10, 5)))
    >>> dates.catalogue_text("| Mon 12 Oct 2026 | Session 4 |")
    '| week 2, Monday | Session 4 |'
    >>> dates.chinese("| week 2, Monday |", "| 第 2 周，周一 |")
    '| 2026 年 10 月 12 日（周一） |'
    """

    plan: course_plan.Plan

    def _date(self, week: int, weekday: int) -> datetime.date:
        assert self.plan.start is not None
        return self.plan.start + datetime.timedelta(days=7 * (week - 1) + weekday)

    def catalogue_text(self, english: str) -> str:
        """The paragraph ``english`` as the catalogue has it: days of the module, no dates."""

        def day(match: re.Match[str]) -> str:
            date = datetime.datetime.strptime(match[1], "%d %b %Y").date()
            assert self.plan.start is not None
            offset = (date - self.plan.start).days
            return f"week {offset // 7 + 1}, {course_plan.DAYS[offset % 7]}"

        undated = ENGLISH_DATE.sub(day, english)
        flat = " ".join(undated.split())
        if dated_deadlines(self.plan) not in flat:
            return undated
        undated_flat = flat.replace(dated_deadlines(self.plan), UNDATED_DEADLINES)
        return _wrapped(undated_flat)  # as script() wraps

    def chinese(self, catalogue_text: str, translation: str) -> str:
        """The ``translation`` of ``catalogue_text`` with the plan's dates."""

        def day(match: re.Match[str]) -> str:
            date = self._date(int(match[1]), CHINESE_WEEKDAYS.index(match[2]))
            return f"{date.year} 年 {date.month} 月 {date.day} 日（{match[2]}）"

        dated = CHINESE_DAY.sub(day, translation)
        if UNDATED_DEADLINES in catalogue_text:
            undated = t_in("zh", UNDATED_DEADLINES)
            if undated not in dated:
                raise SystemExit(
                    f"syllabus: the translation of {UNDATED_DEADLINES!r} in the catalogue is "
                    f"no longer {undated!r} (lightsout_edu/strings/zh/site.json): make them agree"
                )
            dated = dated.replace(undated, dated_deadlines(self.plan, "zh"))
        return dated


def dates_of(notebook: Path, plan: course_plan.Plan | None = None) -> Dates | None:
    """The :class:`Dates` of ``notebook`` if it is the syllabus and the plan (by default
    ``notebooks/course.toml``) has a start date; else None."""
    if notebook.resolve() != NOTEBOOK.resolve():
        return None
    plan = course_plan.load() if plan is None else plan
    return Dates(plan) if plan.start is not None else None


def _wrapped(cell: str) -> str:
    """``cell`` with its paragraphs and list items wrapped at 92 characters (tables kept)."""
    out = []
    for line in cell.splitlines():
        item = re.match(r"^((?:\d+\.|-) )", line)
        if line.startswith(("|", "#")) or len(line) <= WIDTH:
            out.append(line)
        else:
            indent = " " * len(item[1]) if item else ""
            out.append(
                textwrap.fill(
                    line,
                    WIDTH,
                    subsequent_indent=indent,
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            )
    return "\n".join(out)


def script(plan: course_plan.Plan) -> str:
    """The py:percent twin of the syllabus notebook."""
    body = []
    for cell in cells(plan):
        lines = "\n".join(f"# {line}".rstrip() for line in _wrapped(cell).splitlines())
        body.append(f"# %% [markdown]\n{lines}\n")
    return HEADER + "\n" + "\n".join(body)


def write(plan: course_plan.Plan) -> None:
    """Write the twin, then execute and pair the notebook as every notebook is."""
    found = course_plan.problems(plan)
    if found:
        raise SystemExit("syllabus: course.toml does not hold together:\n  " + "\n  ".join(found))
    SCRIPT.parent.mkdir(parents=True, exist_ok=True)
    SCRIPT.write_text(script(plan), encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "tools.execute_notebooks", str(NOTEBOOK)], cwd=REPO, check=True
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.syllabus", description=__doc__)
    parser.parse_args(argv)
    write(course_plan.load())
    print(f"Wrote {SCRIPT.relative_to(REPO)} and {NOTEBOOK.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
