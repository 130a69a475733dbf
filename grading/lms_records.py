"""When each student handed in, from the LMS's own record (never from the archive's times).

**Moodle**: the assignment's grading worksheet (*View all submissions > Grading action >
Download grading worksheet*, ``mod/assign/gradingtable.php`` downloading as CSV): columns
"Identifier" (``Participant <participant id>``, the id in the archive's names), "Full name",
"Email address", "Status", ..., "Last modified (submission)" (``userdate``: the language
pack's ``strftimedaydatetime``, in English ``Sunday, 8 March 2026, 8:00 PM``, in the
time zone of the lecturer's Moodle profile; ``-`` when nothing was handed in).

**Canvas**: the submissions of the assignment as its API lists them (``GET
/api/v1/courses/<course>/assignments/<assignment>/submissions?per_page=100``, saved as a JSON
file, one per page): each has ``user_id`` and ``submitted_at`` (ISO 8601, UTC).

Examples
--------
>>> sheet = ('Identifier,"Full name","Email address",Status,"Last modified (submission)"\\n'
...          '"Participant 4711","Jane Doe",jane@uni.edu,"Submitted for grading",'
...          '"Sunday, 8 March 2026, 8:05 PM"\\n')
>>> row = moodle_worksheet(sheet, ZoneInfo("UTC"))["4711"]
>>> row.email, row.time.isoformat()
('jane@uni.edu', '2026-03-08T20:05:00+00:00')
>>> canvas_submissions('[{"user_id": 101, "submitted_at": "2026-03-11T10:00:00Z"}]')["101"].time
datetime.datetime(2026, 3, 11, 10, 0, tzinfo=datetime.timezone.utc)
"""

from __future__ import annotations

import csv
import datetime
import io
import json
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo

from lightsout_edu._i18n import t

__all__ = ["HandIn", "canvas_submissions", "moodle_worksheet", "read_records"]

#: Moodle's ``strftimedaydatetime`` in English, as ``userdate`` writes it.
MOODLE_TIME = "%A, %d %B %Y, %I:%M %p"
_IDENTIFIER, _TIME = "Identifier", "Last modified (submission)"


@dataclass(frozen=True)
class HandIn:
    """What the LMS records of one student's submission."""

    time: datetime.datetime | None  # when it was last handed in (aware), or None
    email: str = ""
    full_name: str = ""


def moodle_worksheet(text: str, zone: ZoneInfo) -> dict[str, HandIn]:
    """Each participant id's hand-in, from Moodle's grading worksheet ``text`` (CSV).

    Its times are read in ``zone``; a ValueError says what is wrong.
    """
    rows = list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))
    header = rows[0].keys() if rows else []
    if _IDENTIFIER not in header or _TIME not in header:
        raise ValueError(
            t(
                "this is not Moodle's grading worksheet in English (no columns {columns}): "
                "download it with Moodle's language set to English",
                columns=f"{_IDENTIFIER!r}, {_TIME!r}",
            )
        )
    records = {}
    for line, row in enumerate(rows, start=2):
        participant = (row[_IDENTIFIER] or "").rpartition(" ")[2]
        said = (row[_TIME] or "").strip()
        try:
            when = None if said in ("", "-") else datetime.datetime.strptime(said, MOODLE_TIME)
        except ValueError:
            raise ValueError(
                t(
                    "line {line}: {value} is not a time as Moodle writes it in English "
                    "(Sunday, 8 March 2026, 8:00 PM)",
                    line=line,
                    value=repr(said),
                )
            ) from None
        records[participant] = HandIn(
            when.replace(tzinfo=zone) if when else None,
            (row.get("Email address") or "").strip(),
            (row.get("Full name") or "").strip(),
        )
    return records


def canvas_submissions(text: str) -> dict[str, HandIn]:
    """Each Canvas user id's hand-in, from the API's submissions JSON ``text``."""
    try:
        listed = json.loads(text)
        records = {}
        for entry in listed:
            said = entry.get("submitted_at")
            when = datetime.datetime.fromisoformat(said) if said else None
            records[str(entry["user_id"])] = HandIn(when)
    except (ValueError, TypeError, KeyError, AttributeError):
        raise ValueError(
            t(
                "this is not a list of Canvas submissions with user_id and submitted_at, as "
                "its API gives them (/api/v1/courses/<course>/assignments/<assignment>/"
                "submissions)"
            )
        ) from None
    return records


def read_records(lms: str, paths: list[Path], zone: ZoneInfo) -> dict[str, HandIn]:
    """The hand-ins recorded in the files ``paths`` of ``lms``; a ValueError naming the file."""
    records: dict[str, HandIn] = {}
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8-sig")
            records.update(
                moodle_worksheet(text, zone) if lms == "moodle" else canvas_submissions(text)
            )
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise ValueError(f"{path}: {error}") from None
    return records
