"""The feedback pages of an assignment in one zip, as the LMS it was collected from takes it back.

**Moodle** (*View all submissions > Grading action > Upload multiple feedback files in a
zip*, ``mod/assign/feedback/file/importziplib.php``,
``assignfeedback_file_zip_importer::is_valid_filename_for_import``): the first part of an
entry's path split at ``_`` must be ``<name>_<participant id>_<plugin type>_<plugin name>``,
the participant id that of the student's submission; the page goes in as a feedback file of
the "file" feedback plugin: ``Jane Doe_4711_assignfeedback_file/game_and_gf2.html`` (the
name's own underscores made spaces, as ``mod/assign/classes/downloader.php`` makes them).

**Canvas** (the assignment's *Re-upload submissions*, ``app/models/assignment.rb``,
``Assignment#infer_comment_context_from_filename``): the first two parts of a file name split
at ``_`` that are only digits are the user id and the id of an attachment of that user's
submission; the page becomes a comment on it: ``doejane_101_9001_feedback.html``.  A
submission without an attachment (online text only) cannot take one.

The ids are those ``collect`` keeps (:mod:`grading.collected`).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from lightsout_edu._i18n import t

from . import collected

__all__ = ["feedback_zip"]


def _entry(lms: str, filed: dict[str, str]) -> str | None:
    """The name ``lms`` needs for the feedback page of the student ``filed``, or None."""
    if lms == "moodle":
        person = filed["person"].replace("_", " ")
        return f"{person}_{filed['lms_id']}_assignfeedback_file/{filed['edition']}.html"
    if not filed["file_id"]:
        return None
    return f"{filed['person']}_{filed['lms_id']}_{filed['file_id']}_feedback.html"


def feedback_zip(course: Path, name: str) -> tuple[Path, list[str]]:
    """Write ``<course>/feedback_zips/<lms>_<name>.zip``; return it and who it leaves out.

    A ValueError if ``name`` was never collected from an LMS.
    """
    record = collected.load(course, name)
    lms = record["lms"]
    if not lms:
        raise ValueError(
            t(
                "{name} was never collected from an LMS in {course}: run collect first",
                name=name,
                course=str(course),
            )
        )
    target = course / "feedback_zips" / f"{lms}_{name}.zip"
    target.parent.mkdir(parents=True, exist_ok=True)
    left_out: list[str] = []
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for student, filed in sorted(record["students"].items()):
            edition = filed["edition"]
            page = course / "feedback" / student / edition / f"{edition}.html"
            entry = _entry(lms, filed)
            if not page.is_file():
                left_out.append(t("{student}: no feedback page (run feedback)", student=student))
            elif entry is None:
                left_out.append(
                    t(
                        "{student}: Canvas takes feedback only on a file handed in; give it "
                        "{page} by hand",
                        student=student,
                        page=str(page),
                    )
                )
            else:
                archive.write(page, entry)
    return target, left_out
