"""Due dates and extensions as nbgrader is given them (``grading.deadlines``): nbgrader keeps
a due date in UTC and adds a student's extension to it (``SubmittedAssignment.duedate`` in
``nbgrader/api.py``), so the extension must carry the clock change of the course's time zone."""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

import pytest

from grading.deadlines import Deadlines

BERLIN = ZoneInfo("Europe/Berlin")
UTC = datetime.UTC


@pytest.mark.parametrize(
    ("due_day", "days", "extended_to"),
    [
        (datetime.date(2026, 10, 23), 3, datetime.datetime(2026, 10, 26, 23, 59, tzinfo=BERLIN)),
        (datetime.date(2026, 3, 27), 3, datetime.datetime(2026, 3, 30, 23, 59, tzinfo=BERLIN)),
        (datetime.date(2026, 10, 23), 0.5, datetime.datetime(2026, 10, 24, 11, 59, tzinfo=BERLIN)),
    ],
    ids=["over the autumn clock change", "over the spring one", "half a day"],
)
def test_an_extension_of_days_ends_at_the_deadline_s_time_on_the_later_day(
    due_day: datetime.date, days: float, extended_to: datetime.datetime
) -> None:
    plan = {
        "deadlines": {"time": "23:59", "timezone": "Europe/Berlin"},
        "extension": [{"student": "S01", "assessment": "A1", "days": days}],
    }
    due = Deadlines.from_plan(plan, {"hw": ("A1", due_day)})
    deadline = due.due["hw"]
    extension = due.extension("s01", "hw")
    assert deadline is not None and extension is not None
    in_utc = deadline.astimezone(UTC).replace(tzinfo=None)  # as nbgrader keeps it
    assert in_utc + extension == extended_to.astimezone(UTC).replace(tzinfo=None)


def test_an_extension_without_a_due_date_is_its_days() -> None:
    plan = {"extension": [{"student": "s01", "assessment": "A1", "days": 2}]}
    due = Deadlines.from_plan(plan, {"hw": ("A1", None)})
    assert due.extension("s01", "hw") == datetime.timedelta(days=2)
