"""What students handed in on the LMS, read from its "download all submissions" archive.

Two layouts, as the LMSs write them:

**Moodle** (an assignment's "Download all submissions"): one folder per submission,
``<Full Name>_<participant id>_assignsubmission_file_/`` holding the files as uploaded (or,
with "Download submissions in folders" off, flat files
``<Full Name>_<participant id>_assignsubmission_file_<filename>``).  The participant id is
the assignment's own number for the student, so students are known by their full name.
Online-text and other plugins' entries (``..._assignsubmission_onlinetext_...``) are not
files handed in: they are listed as ignored.

**Canvas** (an assignment's "Download Submissions"): flat files
``<lastfirst>_<user id>_<submission id>_<original filename>``, with ``late`` after the name
for a late submission (``doejane_late_12345_67890_hw.ipynb``); Canvas adds ``-1``, ``-2``
to the original name of a resubmission.  Students are known by their Canvas user id
(``canvas_id`` on the class list) or else by their name.

Each file keeps the time the archive gives it (the time it was handed in), read in the
course's time zone.

Examples
--------
>>> moodle_upload("Jane Doe_4711_assignsubmission_file_/hw.ipynb")
('Jane Doe', '4711', 'hw.ipynb', False)
>>> moodle_upload("Jane Doe_4711_assignsubmission_file_hw.ipynb")
('Jane Doe', '4711', 'hw.ipynb', False)
>>> canvas_upload("doejane_late_12345_67890_hw-1.ipynb")
('doejane', '12345', 'hw-1.ipynb', True)
>>> canvas_upload("doejane_LATE_12345_67890_hw.ipynb")[3]
True
>>> canvas_upload("notes.txt") is None
True
"""

from __future__ import annotations

import datetime
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Literal
from zoneinfo import ZoneInfo

from lightsout_edu._i18n import t

__all__ = ["LMS", "Upload", "canvas_upload", "moodle_upload", "read_archive"]

LMS = Literal["moodle", "canvas"]
#: The largest file taken from an archive (a notebook bigger than 20 MB is not graded).
FILE_BYTES = 64 * 2**20

_MOODLE = re.compile(r"^(?P<name>.+)_(?P<id>\d+)_assignsubmission_(?P<plugin>[a-z]+)_(?P<rest>.*)$")
_CANVAS = re.compile(r"^(?P<name>[^_/]+?)(?P<late>_(?i:late))?_(?P<id>\d+)_\d+_(?P<file>[^/]+)$")


@dataclass(frozen=True)
class Upload:
    """One file a student handed in, as the archive holds it."""

    person: str  # the LMS's name for the student: "Jane Doe" (Moodle), "doejane" (Canvas)
    lms_id: str  # Moodle's participant id, Canvas's user id
    filename: str  # the file's name as uploaded (a path inside a Moodle folder)
    data: bytes
    time: datetime.datetime  # when it was handed in (aware, UTC)
    late: bool = False  # Canvas marked it late


Parsed = tuple[str, str, str, bool]


def moodle_upload(entry: str) -> Parsed | None:
    """``(person, participant id, filename, late)`` of a Moodle archive entry, or None."""
    first, _, inside = entry.partition("/")
    match = _MOODLE.match(first)
    if match is None or match["plugin"] != "file":
        return None
    filename = inside if inside else match["rest"]
    return (match["name"], match["id"], filename, False) if filename else None


def canvas_upload(entry: str) -> Parsed | None:
    """``(lastfirst, user id, filename, late)`` of a Canvas archive entry, or None."""
    match = _CANVAS.match(entry)
    if match is None:
        return None
    return match["name"], match["id"], match["file"], bool(match["late"])


_PARSERS: dict[str, Callable[[str], Parsed | None]] = {
    "moodle": moodle_upload,
    "canvas": canvas_upload,
}


def _safe(filename: str) -> str | None:
    """``filename`` as a relative path inside a submission folder, or None if it leaves it."""
    parts = [p for p in PurePosixPath(filename.replace("\\", "/")).parts if p not in ("", ".")]
    if not parts or ".." in parts or parts[0].startswith("/"):
        return None
    return "/".join(parts)


def read_archive(path: Path, lms: LMS, zone: ZoneInfo) -> tuple[list[Upload], list[str]]:
    """The files handed in, from ``lms``'s archive at ``path``, and the entries left out.

    A ValueError (naming the file) if it is not a zip archive.
    """
    if lms not in _PARSERS:
        raise ValueError(t("the LMS must be moodle or canvas, not {lms}", lms=repr(lms)))
    try:
        archive = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as error:
        raise ValueError(
            t("cannot read the archive {path}: {why}", path=str(path), why=error)
        ) from None
    uploads: list[Upload] = []
    ignored: list[str] = []
    with archive:
        for info in archive.infolist():
            if info.is_dir():
                continue
            parsed = _PARSERS[lms](info.filename)
            filename = _safe(parsed[2]) if parsed else None
            if parsed is None or filename is None:
                ignored.append(t("{entry}: not a file a student handed in", entry=info.filename))
                continue
            if info.file_size > FILE_BYTES:
                ignored.append(
                    t(
                        "{entry}: larger than {limit} MB, left out",
                        entry=info.filename,
                        limit=FILE_BYTES // 2**20,
                    )
                )
                continue
            local = datetime.datetime(*info.date_time, tzinfo=zone)
            uploads.append(
                Upload(
                    person=parsed[0],
                    lms_id=parsed[1],
                    filename=filename,
                    data=archive.read(info),
                    time=local.astimezone(datetime.UTC),
                    late=parsed[3],
                )
            )
    return uploads, ignored
