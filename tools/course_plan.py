"""The course plan, ``notebooks/course.toml``, read and checked: lectures, schedule, assessment.

``load()`` returns a :class:`Plan`; ``problems(plan)`` lists every way the plan does not
hold together (a slot holding more minutes than it has, a lecture, exercise set or assessment
not scheduled in full, exercises before their lecture, weights that do not add up to 100).
tools/syllabus.py refuses to write a syllabus from a plan with problems, and
tests/test_schedule.py keeps the committed plan free of them.
"""

from __future__ import annotations

import datetime
import re
import tomllib
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
DUE = re.compile(r"^week (\d+), (" + "|".join(DAYS) + r")$")


@dataclass(frozen=True)
class Item:
    """What a slot holds: (part of) a lecture or an exercise set, or an assessment."""

    kind: str  # "lecture", "exercises" or "assessment"
    key: int | str  # the lecture's number, or the assessment's id
    minutes: int
    which: str | None = None  # the part, when the lecture or set is split over slots


@dataclass(frozen=True)
class Slot:
    """A time in the schedule and what it holds."""

    name: str
    kind: str  # "lecture", "exercise class", "self-study" or "exam"
    week: int
    day: str | None  # None for a week's self-study
    minutes: int
    holds: tuple[Item, ...]

    @property
    def used(self) -> int:
        """The minutes of everything the slot holds."""
        return sum(item.minutes for item in self.holds)

    @property
    def order(self) -> tuple[int, int]:
        """Where the slot falls: its week, then its day (a week's self-study after Friday)."""
        return self.week, DAYS.index(self.day) if self.day else DAYS.index("Saturday")


@dataclass(frozen=True)
class Plan:
    """Everything in course.toml."""

    title: str
    start: datetime.date | None
    description: str
    prerequisites: tuple[str, ...]
    lectures: tuple[dict, ...]
    outcomes: tuple[dict, ...]
    assessments: tuple[dict, ...]
    slots: tuple[Slot, ...]
    notebooks: Path
    #: ``[deadlines] time`` and ``timezone``: when on its day an assessment is due.
    deadline_time: str = "23:59"
    deadline_zone: str = "UTC"

    def lecture(self, number: int) -> dict:
        """The ``[[lecture]]`` entry numbered ``number``."""
        return next(entry for entry in self.lectures if entry["number"] == number)

    def assessment(self, key: str) -> dict:
        """The ``[[assessment]]`` entry whose id is ``key``."""
        return next(entry for entry in self.assessments if entry["id"] == key)

    def title_of(self, number: int) -> str:
        """Lecture ``number``'s title, from the first heading of its notebook."""
        nb = nbformat.read(self.notebooks / self.lecture(number)["notebook"], as_version=4)
        heading = next(
            line[2:] for c in nb.cells for line in c.source.splitlines() if line.startswith("# ")
        )
        return re.sub(r"^Lecture \d+\s*[—–-]\s*", "", heading).strip()

    def when(self, week: int, day: str | None) -> str:
        """A day of the module, as a date once ``start`` is set ("week 2" for self-study)."""
        if day is None:
            return f"week {week}"
        if self.start is None:
            return f"week {week}, {day}"
        date = self.start + datetime.timedelta(days=7 * (week - 1) + DAYS.index(day))
        return f"{day[:3]} {date.day} {date:%b %Y}"

    def due(self, assessment: dict) -> str:
        """When ``assessment`` is due, as :meth:`when` writes it."""
        match = DUE.match(assessment["due"])
        assert match, assessment["due"]  # problems() reports a malformed due day
        return self.when(int(match[1]), match[2])

    def due_date(self, assessment: dict) -> datetime.date | None:
        """The day ``assessment`` is due, or None while ``start`` is not set."""
        match = DUE.match(assessment["due"])
        assert match, assessment["due"]  # problems() reports a malformed due day
        if self.start is None:
            return None
        return self.start + datetime.timedelta(days=7 * (int(match[1]) - 1) + DAYS.index(match[2]))

    def label(self, item: Item) -> str:
        """What ``item`` is, in a few words."""
        part = f" ({item.which})" if item.which else ""
        if item.kind == "lecture":
            return f"Lecture {item.key}: {self.title_of(int(item.key))}{part}"
        if item.kind == "exercises":
            return f"Exercises {item.key}" + (f", {item.which}" if item.which else "")
        return str(self.assessment(str(item.key))["name"])


def _item(entry: dict) -> Item:
    for kind in ("lecture", "exercises", "assessment"):
        if kind in entry:
            return Item(kind, entry[kind], int(entry["minutes"]), entry.get("which"))
    raise ValueError(
        f"course.toml: a slot holds {entry!r}: name a lecture, exercises or assessment"
    )


def load(path: Path = NOTEBOOKS / "course.toml") -> Plan:
    """Read the plan; a ValueError naming the entry if a field is malformed."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    start = data.get("start") or None
    try:
        start_date = datetime.date.fromisoformat(start) if start else None
    except ValueError:
        raise ValueError(f"course.toml: start = {start!r} is not a date YYYY-MM-DD") from None
    if start_date is not None and start_date.weekday() != 0:
        raise ValueError(f"course.toml: start = {start!r} is a {start_date:%A}, not a Monday")
    slots = tuple(
        Slot(
            entry["name"],
            entry["kind"],
            int(entry["week"]),
            entry.get("day"),
            int(entry["minutes"]),
            tuple(_item(held) for held in entry["holds"]),
        )
        for entry in data.get("slot", [])
    )
    return Plan(
        title=data["title"],
        start=start_date,
        description=" ".join(data.get("description", "").split()),
        prerequisites=tuple(data.get("prerequisites", [])),
        lectures=tuple(data["lecture"]),
        outcomes=tuple(data.get("outcome", [])),
        assessments=tuple(data.get("assessment", [])),
        slots=slots,
        notebooks=path.parent,
        deadline_time=str(data.get("deadlines", {}).get("time", "23:59")),
        deadline_zone=str(data.get("deadlines", {}).get("timezone", "UTC")),
    )


def problems(plan: Plan) -> list[str]:
    """Every way the plan does not hold together; empty when it does."""
    found = []
    scheduled: dict[tuple[str, int | str], list[tuple[Slot, Item]]] = defaultdict(list)
    for slot in plan.slots:
        if slot.day is not None and slot.day not in DAYS:
            found.append(f"{slot.name}: day {slot.day!r} is not one of {', '.join(DAYS)}")
        if slot.used > slot.minutes:
            found.append(
                f"{slot.name} holds {slot.used} minutes of material in {slot.minutes} minutes"
            )
        for item in slot.holds:
            scheduled[item.kind, item.key].append((slot, item))
    wanted: dict[tuple[str, int | str], int] = {}
    for lecture in plan.lectures:
        wanted["lecture", lecture["number"]] = lecture["minutes"]
        wanted["exercises", lecture["number"]] = lecture["exercise_minutes"]
    for assessment in plan.assessments:
        wanted["assessment", assessment["id"]] = assessment["minutes"]
    for key in sorted(set(scheduled) - set(wanted), key=str):
        found.append(f"the schedule holds {key[0]} {key[1]}, which course.toml does not define")
    for key, minutes in wanted.items():
        parts = scheduled.get(key, [])
        given = sum(item.minutes for _, item in parts)
        if given != minutes:
            found.append(f"{key[0]} {key[1]} takes {minutes} minutes, the schedule gives {given}")
        if len(parts) > 1 and any(item.which is None for _, item in parts):
            found.append(f"{key[0]} {key[1]} is split over slots: name each part (which = ...)")
    found += _out_of_order(plan, scheduled)
    found += _assessment_problems(plan, scheduled)
    return found


def _out_of_order(plan: Plan, scheduled: dict) -> list[str]:
    """Exercises and sessions that come before the lecture they need."""
    found = []
    for lecture in plan.lectures:
        number = lecture["number"]
        taught = [slot.order for slot, _ in scheduled.get(("lecture", number), [])]
        practised = [slot for slot, _ in scheduled.get(("exercises", number), [])]
        if taught and any(slot.order < min(taught) for slot in practised):
            found.append(f"exercises {number} are scheduled before lecture {number}")
        sessions = sorted({slot.name for slot, _ in scheduled.get(("lecture", number), [])})
        named = "Sessions " + " and ".join(s.split()[-1] for s in sessions)
        if lecture.get("session") not in (sessions[0] if len(sessions) == 1 else None, named):
            found.append(
                f"lecture {number} says session = {lecture.get('session')!r}, but the "
                f"schedule has it in {', '.join(sessions) or 'no slot'}"
            )
    return found


def _assessment_problems(plan: Plan, scheduled: dict) -> list[str]:
    found = []
    weights = sum(a["weight"] for a in plan.assessments)
    if plan.assessments and weights != 100:
        found.append(f"the assessment weights add up to {weights}%, not 100%")
    for assessment in plan.assessments:
        match = DUE.match(assessment.get("due", ""))
        if not match:
            found.append(
                f"{assessment['id']}: due = {assessment.get('due')!r} should read like "
                "'week 2, Friday'"
            )
            continue
        due = (int(match[1]), DAYS.index(match[2]))
        for slot, _ in scheduled.get(("assessment", assessment["id"]), []):
            if slot.week > due[0] or (slot.day is not None and slot.order > due):
                found.append(f"{assessment['id']} is scheduled in {slot.name}, after it is due")
        for number in assessment["lectures"]:
            taught = [slot.order for slot, _ in scheduled.get(("lecture", number), [])]
            if taught and max(taught) > due:
                found.append(f"{assessment['id']} is due before lecture {number} is taught")
    return found
