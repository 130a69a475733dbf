"""What students handed in on the LMS, read from its "download all submissions" archive.

The layouts, as the LMSs write them:

**Moodle** (an assignment's "Download all submissions", ``mod/assign/classes/downloader.php``
since 4.1, ``assign::download_submissions`` in ``mod/assign/locallib.php`` before): a prefix
``clean_filename(<Full Name>_<participant id>)`` (underscores in the name made spaces,
``lib/moodlelib.php``'s ``clean_filename`` dropping ``'"&<>:/\\|`` and control characters),
then, "in folders" (the default since 3.1), one folder per submission plugin,
``<prefix>_assignsubmission_file/`` (4.1 and later) or ``<prefix>_assignsubmission_file_/``
(3.1 to 4.0) holding the files as uploaded; otherwise flat files
``<prefix>_assignsubmission_file_<filename>``.  The online text comes as
``..._assignsubmission_onlinetext[_]/onlinetext.html`` (flat: ``..._onlinetext_onlinetext.html``).
The participant id is the assignment's own number for the student (Moodle's grading
worksheet gives it as "Identifier", :mod:`grading.lms_records`).  A blind-marked assignment
(``is_blind_marking()``: blind marking on, identities not yet revealed) names every student
``get_string('participant', 'assign')`` instead: ``Participant_4711_assignsubmission_file/``,
in Chinese ``参与人_4711_...`` (:mod:`grading.moodle_languages`); such an upload is
*anonymous*.

**Canvas** (an assignment's "Download Submissions", ``lib/content_zipper.rb``'s
``add_submission``): flat files ``<sortable name>[_LATE]_<user id>_<attachment id>_<display
name>``, the sortable name ("Doe, Jane") lower-cased with everything but word characters
dropped (``doejane``), ``LATE`` when Canvas counts the submission late, ``-1``, ``-2`` added by
Canvas to a file name handed in again; an online text entry as
``<sortable name>[_LATE]_<user id>_text.html`` (``add_text_or_url``; a website URL as
``..._link.html``), read as online text.  While an assignment's grading is anonymous
(``@assignment.anonymize_students?``) ``get_filename`` leaves the name out and gives
``anon_<anonymous id>`` for the user id (``Submission#anonymous_id``, five base58 characters,
``Anonymity.generate_short_id``), after ``LATE`` if late: ``LATE_anon_8bkAZ_67890_hw.ipynb``;
such an upload is anonymous.

Neither archive says when anything was handed in: both LMSs stamp every entry with the time
of the download.  The times come from the LMS's own record (:mod:`grading.lms_records`).

Examples
--------
>>> moodle_upload("Jane Doe_4711_assignsubmission_file/hw.ipynb")
('Jane Doe', '4711', 'hw.ipynb', 'file', '', False, False)
>>> moodle_upload("Participant_4711_assignsubmission_file/hw.ipynb")[-1]
True
>>> moodle_upload("Jane Doe_4711_assignsubmission_file_/hw.ipynb")[:3]
('Jane Doe', '4711', 'hw.ipynb')
>>> moodle_upload("Jane Doe_4711_assignsubmission_file_hw.ipynb")[:3]
('Jane Doe', '4711', 'hw.ipynb')
>>> moodle_upload("Jane Doe_4711_assignsubmission_onlinetext/onlinetext.html")[3]
'text'
>>> canvas_upload("doejane_LATE_12345_67890_hw-1.ipynb")
('doejane', '12345', 'hw-1.ipynb', 'file', '67890', True, False)
>>> canvas_upload("doejane_12345_text.html")
('doejane', '12345', 'text.html', 'text', '', False, False)
>>> canvas_upload("doejane_LATE_12345_link.html")[2:]
('link.html', 'text', '', True, False)
>>> canvas_upload("LATE_anon_8bkAZ_67890_hw.ipynb")
('', '8bkAZ', 'hw.ipynb', 'file', '67890', True, True)
>>> canvas_upload("notes.txt") is None
True
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Literal

from lightsout_edu._i18n import t

from .moodle_languages import LANGUAGES

__all__ = ["LMS", "Upload", "canvas_upload", "moodle_upload", "read_archive"]

LMS = Literal["moodle", "canvas"]
Kind = Literal["file", "text"]
#: The largest file taken from an archive.
FILE_BYTES = 64 * 2**20

_MOODLE = re.compile(
    r"^(?P<name>.+)_(?P<id>\d+)_assignsubmission_(?P<plugin>[a-z]+)(?:_(?P<rest>.*))?$"
)
_CANVAS_REST = r"_(?:(?P<file_id>\d+)_(?P<file>[^/]+)|(?P<online>text|link)\.html)$"
_CANVAS = re.compile(r"^(?P<name>[^_/]+?)(?P<late>_(?i:late))?_(?P<id>\d+)" + _CANVAS_REST)
#: Anonymous grading: ``Anonymity.generate_short_id``'s base58 (no 0, O, I, l).
_CANVAS_ANONYMOUS = re.compile(
    r"^(?P<late>LATE_)?anon_(?P<id>[1-9A-HJ-NP-Za-km-z]{5})" + _CANVAS_REST
)
#: What a blind-marked Moodle archive calls every student, in each language.
_MOODLE_PARTICIPANTS = frozenset(language.participant for language in LANGUAGES)
_PLUGINS: dict[str, Kind] = {"file": "file", "onlinetext": "text"}


@dataclass(frozen=True)
class Upload:
    """One file a student handed in, as the archive holds it."""

    person: str  # the LMS's name for the student: "Jane Doe" (Moodle), "doejane" (Canvas)
    lms_id: str  # Moodle's participant id, Canvas's user id
    filename: str  # the file's name as uploaded (a path inside a Moodle folder)
    data: bytes
    kind: Kind = "file"  # a file handed in, or the online text
    file_id: str = ""  # Canvas's attachment id (it grows with every upload)
    late: bool = False  # Canvas counts it late
    anonymous: bool = False  # the LMS hides who handed it in (blind marking, anonymous grading)


Parsed = tuple[str, str, str, Kind, str, bool, bool]


def moodle_upload(entry: str) -> Parsed | None:
    """``(person, participant id, filename, kind, "", False, anonymous)`` of an entry, or None."""
    first, _, inside = entry.partition("/")
    match = _MOODLE.match(first)
    if match is None or match["plugin"] not in _PLUGINS:
        return None
    filename = inside if inside else match["rest"]
    if not filename:
        return None
    name = match["name"]
    kind = _PLUGINS[match["plugin"]]
    return name, match["id"], filename, kind, "", False, name in _MOODLE_PARTICIPANTS


def canvas_upload(entry: str) -> Parsed | None:
    """``(sortable name, user id, filename, kind, attachment id, late, anonymous)``, or None.

    An anonymous entry has no name, and its anonymous id for the user id.
    """
    anonymous = _CANVAS_ANONYMOUS.match(entry)
    match = anonymous or _CANVAS.match(entry)
    if match is None:
        return None
    name = "" if anonymous else match["name"]
    late = bool(match["late"])
    if match["file"] is None:
        return name, match["id"], f"{match['online']}.html", "text", "", late, bool(anonymous)
    return name, match["id"], match["file"], "file", match["file_id"], late, bool(anonymous)


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


def read_archive(path: Path, lms: LMS) -> tuple[list[Upload], list[str]]:
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
            person, lms_id, _, kind, file_id, late, anonymous = parsed
            data = archive.read(info)
            uploads.append(Upload(person, lms_id, filename, data, kind, file_id, late, anonymous))
    return uploads, ignored
