"""When each student handed in, from the LMS's own record (never from the archive's times).

**Moodle**: the assignment's grading worksheet (*View all submissions > Grading action >
Download grading worksheet*, ``mod/assign/gradingtable.php`` downloading as CSV), in the
language of the lecturer's Moodle (English or Simplified Chinese: the columns and times of
each are an entry of :data:`grading.moodle_languages.LANGUAGES`): columns "Identifier"
(``Participant <participant id>``, the id in the archive's names; "标识符", ``参与人<id>``),
"Full name", "Email address" (both left out of a blind-marked assignment's worksheet unless
the lecturer may see identities), "Status", ..., "Last modified (submission)" (``userdate``:
the language pack's ``strftimedaydatetime``, in English ``Sunday, 8 March 2026, 8:00 PM``,
in Chinese ``2026年03月8日 星期日 20:00``, in the time zone of the lecturer's Moodle profile;
``-`` when nothing was handed in).

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
>>> sheet = ('标识符,状态,"上次修改（作业）"\\n'
...          '参与人4712,已提交评分,"2026年03月10日 星期二 09:30"\\n')
>>> moodle_worksheet(sheet, ZoneInfo("Asia/Shanghai"))["4712"].time.isoformat()
'2026-03-10T09:30:00+08:00'
>>> canvas_submissions('[{"user_id": 101, "submitted_at": "2026-03-11T10:00:00Z"}]')["101"].time
datetime.datetime(2026, 3, 11, 10, 0, tzinfo=datetime.timezone.utc)
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo

from lightsout_edu._i18n import t

from .moodle_languages import LANGUAGES, MoodleLanguage, parse_time

__all__ = ["HandIn", "canvas_submissions", "moodle_worksheet", "read_records"]

_PARTICIPANT = re.compile(r"(\d+)\s*$")  # "Participant 4711", "参与人4711"


@dataclass(frozen=True)
class HandIn:
    """What the LMS records of one student's submission."""

    time: datetime.datetime | None  # when it was last handed in (aware), or None
    email: str = ""
    full_name: str = ""


def _language(header: list[str]) -> MoodleLanguage:
    """The language whose worksheet has the columns ``header``; a ValueError if none has."""
    for language in LANGUAGES:
        if language.identifier in header and language.submitted in header:
            return language
    raise ValueError(
        t(
            "this is not Moodle's grading worksheet in a language this course reads: its "
            "columns are {found}, not {expected}; switch Moodle's language to {languages} "
            "(the language menu, or Preferences > Preferred language) and download it again",
            found=", ".join(repr(name) for name in header[:6]) or "-",
            expected="; ".join(f"{x.identifier!r} … {x.submitted!r}" for x in LANGUAGES),
            languages=" / ".join(dict.fromkeys(language.name for language in LANGUAGES)),
        )
    )


def moodle_worksheet(text: str, zone: ZoneInfo) -> dict[str, HandIn]:
    """Each participant id's hand-in, from Moodle's grading worksheet ``text`` (CSV).

    Its times are read in ``zone``; a ValueError says what is wrong.
    """
    reader = csv.DictReader(io.StringIO(text.removeprefix("\ufeff")))
    language = _language(list(reader.fieldnames or []))
    records = {}
    for line, row in enumerate(reader, start=2):
        said_id = (row[language.identifier] or "").strip()
        participant = _PARTICIPANT.search(said_id)
        if participant is None:
            raise ValueError(
                t(
                    "line {line}: {value} in the column {column} names no participant number",
                    line=line,
                    value=repr(said_id),
                    column=repr(language.identifier),
                )
            )
        said = (row[language.submitted] or "").strip()
        when = None if said in ("", "-") else parse_time(said, language)
        if said not in ("", "-") and when is None:
            raise ValueError(
                t(
                    "line {line}: {value} is not a time as Moodle writes it in {language} "
                    "(like {example})",
                    line=line,
                    value=repr(said),
                    language=language.name,
                    example=language.example,
                )
            )
        records[participant[1]] = HandIn(
            when.replace(tzinfo=zone) if when else None,
            (row.get(language.email) or "").strip(),
            (row.get(language.full_name) or "").strip(),
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
