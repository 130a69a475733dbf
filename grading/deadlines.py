"""When each assignment is due, per-student extensions, and what lateness costs.

From ``notebooks/course.toml``: each assessment's ``due`` day (a date once ``start`` is set),
and the ``[deadlines]`` table::

    [deadlines]
    time = "23:59"             # the time of day on the due day
    timezone = "UTC"           # an IANA time zone, e.g. "Europe/Berlin"
    late_percent_per_day = 10  # off the mark, for every day or part of a day late
    late_cap_percent = 50      # the most lateness can take off
    grace_minutes = 0          # this much after the deadline still counts as on time

with ``[[extension]]`` entries (``student``, ``assessment`` as its id or nbgrader name,
``days``: the deadline moves to its time of day that many days later, over a clock change
too).  The penalty is a percentage of the student's mark (automatic and hand-graded parts
together), so it never takes a mark below 0 and it follows hand grading: it is worked out
again whenever the marks change (:meth:`LateRule.penalty`).

Examples
--------
>>> rule = LateRule(percent_per_day=10, cap_percent=50, grace_minutes=5)
>>> rule.days_late(4 * 60), rule.days_late(6 * 60), rule.days_late(86_400 + 1)
(0, 1, 2)
>>> rule.penalty(12.0, 6 * 60), rule.penalty(12.0, 30 * 86_400)
(1.2, 6.0)
"""

from __future__ import annotations

import datetime
import html
import math
import re
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from lightsout_edu._i18n import t

from .graders.common import normalised_id

__all__ = ["Deadlines", "LateRule", "late_note", "with_late_note"]

_TIME = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")


@dataclass(frozen=True)
class LateRule:
    """A percentage of the mark off per day (or part of a day) late, up to a cap."""

    percent_per_day: float = 0.0
    cap_percent: float = 0.0
    grace_minutes: float = 0.0

    def days_late(self, seconds_late: float) -> int:
        """The days started after the deadline; 0 within the grace period."""
        if seconds_late <= self.grace_minutes * 60:
            return 0
        return math.ceil(seconds_late / 86_400)

    def percent(self, seconds_late: float) -> float:
        """The percentage of the mark taken off."""
        return min(self.cap_percent, self.percent_per_day * self.days_late(seconds_late))

    def penalty(self, score: float, seconds_late: float) -> float:
        """The points taken off a mark of ``score`` handed in ``seconds_late`` late."""
        return round(score * self.percent(seconds_late) / 100, 2)


def _number(table: dict[str, Any], key: str, default: float, low: float, high: float) -> float:
    value = table.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise ValueError(
            t(
                "course.toml: [deadlines] {key} = {value} should be a number from {low} to {high}",
                key=key,
                value=repr(value),
                low=low,
                high=high,
            )
        )
    return float(value)


@dataclass(frozen=True)
class Deadlines:
    """The due date of each assignment, the extensions and the late rule.

    A due date is aware, or None while the plan has no dates (``start`` not set).
    """

    due: dict[str, datetime.datetime | None]
    extensions: dict[tuple[str, str], datetime.timedelta]
    rule: LateRule
    zone: ZoneInfo

    @classmethod
    def from_plan(
        cls, plan: dict[str, Any], due_days: dict[str, tuple[str, datetime.date | None]]
    ) -> Deadlines:
        """The deadlines of course.toml ``plan`` (parsed).

        ``due_days`` maps each nbgrader assignment to its assessment id and due day.  A
        ValueError names a malformed entry.
        """
        table = plan.get("deadlines", {})
        time = str(table.get("time", "23:59"))
        if not _TIME.match(time):
            raise ValueError(
                t(
                    "course.toml: [deadlines] time = {value} should read like 23:59",
                    value=repr(time),
                )
            )
        try:
            zone = ZoneInfo(str(table.get("timezone", "UTC")))
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(
                t(
                    "course.toml: [deadlines] timezone = {value} is not a time zone; use a name "
                    "like Europe/Berlin or UTC",
                    value=repr(table.get("timezone")),
                )
            ) from None
        rule = LateRule(
            _number(table, "late_percent_per_day", 0, 0, 100),
            _number(table, "late_cap_percent", 100, 0, 100),
            _number(table, "grace_minutes", 0, 0, 7 * 24 * 60),
        )
        clock = datetime.time.fromisoformat(time)
        due = {
            name: datetime.datetime.combine(day, clock, tzinfo=zone) if day else None
            for name, (_, day) in due_days.items()
        }
        names = {key: name for name, (key, _) in due_days.items() for key in (key, name)}
        extensions = {}
        for entry in plan.get("extension", []):
            name = names.get(str(entry.get("assessment")))
            days = entry.get("days")
            if name is None or not isinstance(days, int | float) or days <= 0:
                raise ValueError(
                    t(
                        "course.toml: the extension {entry} needs a student, an assessment "
                        "(one of {names}) and a number of days above 0",
                        entry=repr(entry),
                        names=", ".join(sorted(names)),
                    )
                )
            student = normalised_id(entry.get("student"))
            extensions[student, name] = _extension(due[name], float(days))
        return cls(due, extensions, rule, zone)

    def extension(self, student: str, name: str) -> datetime.timedelta | None:
        """The extension ``student`` has on assignment ``name``, or None."""
        return self.extensions.get((normalised_id(student), name))


def _extension(due: datetime.datetime | None, days: float) -> datetime.timedelta:
    """What ``days`` more after the deadline ``due`` add to it in UTC, as nbgrader adds them.

    The deadline's time of day on the later day, in its time zone: over a clock change
    that is an hour more or less than ``days`` of 24 hours.

    >>> berlin = ZoneInfo("Europe/Berlin")
    >>> _extension(datetime.datetime(2026, 10, 23, 23, 59, tzinfo=berlin), 3)
    datetime.timedelta(days=3, seconds=3600)
    """
    extension = datetime.timedelta(days=days)
    if due is None:
        return extension
    return (due + extension).astimezone(datetime.UTC) - due.astimezone(datetime.UTC)


def late_note(seconds_late: float, rule: LateRule, penalty: float) -> str:
    """The sentence the feedback gives a late submission.

    The time late is in whole minutes, rounded down (the student is never told they were
    later than they were); the days are those the rule counts.

    >>> print(late_note(97_260, LateRule(10, 50), 1.2))  # doctest: +NORMALIZE_WHITESPACE
    Handed in 27 h 01 min after the deadline: 2 days late (part of a day counts as a whole
    day); 10% off per day, at most 50%, so -20%: -1.2 points.
    >>> print(late_note(3_599, LateRule(10, 50), 0.6))  # doctest: +NORMALIZE_WHITESPACE
    Handed in 0 h 59 min after the deadline: 1 day late (part of a day counts as a whole
    day); 10% off per day, at most 50%, so -10%: -0.6 points.
    """
    minutes = int(seconds_late // 60)
    days = rule.days_late(seconds_late)
    return t(
        "Handed in {hours} h {minutes} min after the deadline: {days_late} (part of a day "
        "counts as a whole day); {per_day}% off per day, at most {cap}%, so -{percent}%: "
        "-{penalty} points.",
        hours=minutes // 60,
        minutes=f"{minutes % 60:02d}",
        days_late=t("1 day late") if days == 1 else t("{days} days late", days=days),
        per_day=f"{rule.percent_per_day:g}",
        cap=f"{rule.cap_percent:g}",
        percent=f"{rule.percent(seconds_late):g}",
        penalty=f"{penalty:g}",
    )


def with_late_note(page: str, note: str) -> str:
    """The feedback ``page`` nbgrader wrote, with ``note`` under its total.

    >>> with_late_note("<h4>hw (Score: 9.0 / 13.0)</h4>\\n<ol>", "Late & sorry")
    '<h4>hw (Score: 9.0 / 13.0)</h4>\\n<p class="late-note">Late &amp; sorry</p>\\n<ol>'
    """
    return page.replace("</h4>", f'</h4>\n<p class="late-note">{html.escape(note)}</p>', 1)
