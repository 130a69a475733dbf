"""nbgrader's collect, taking a submission only from the student it names.

A submission in the exchange's ``inbound/`` is a folder ``<student>+<assignment>+<time>+...``
written by the student's own system user (the hub runs each as one: :mod:`hub.users`), so
its owner says who handed it in; its name says only who it claims to be from.  nbgrader's
``collect`` takes the newest folder of each name and, where owner and name differ, warns
"cheating attempt?" but collects it all the same: a student who submits under another's name
(``nbgrader submit --student st03``, or ``JUPYTERHUB_USER=st03`` where the system user is
``jovyan``) replaces that student's work.

:class:`OwnedCollect` (``c.ExchangeFactory.collect``, set for the instructor in the
``nbgrader_config.py`` the hub writes) takes, for each student, their newest submission of
their own, and says of every other one that it refused it, whose name it carries and who
wrote it.  A forged submission is never collected, however new; the honest one before it is.
"""

from __future__ import annotations

import glob
import os
import pwd
from typing import Any

from nbgrader.exchange.default.collect import ExchangeCollect


def owner_of(path: str) -> str | None:
    """The name of the system user who owns ``path`` (None for a uid with no user)."""
    try:
        return pwd.getpwuid(os.stat(path).st_uid).pw_name
    except KeyError:
        return None


class OwnedCollect(ExchangeCollect):
    """nbgrader's ``ExchangeCollect``, refusing a submission its named student did not write."""

    def _own(self, record: dict[str, Any]) -> bool:
        path = os.path.join(self.inbound_path, record["filename"])
        return owner_of(path) == record["username"]

    def _sort_by_timestamp(self, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
        # a student's own submissions first, newest first: nbgrader takes the first
        return sorted(records, key=lambda r: (self._own(r), r["timestamp"]), reverse=True)

    def init_src(self) -> None:
        super().init_src()
        student = self.coursedir.student_id or "*"
        pattern = f"{student}+{self.coursedir.assignment_id}+*"
        for path in sorted(glob.glob(os.path.join(self.inbound_path, pattern))):
            record = self._path_to_record(path)
            if not self._own(record):
                self.log.warning(
                    "Refused %s: it is handed in as %s's but was written by %s; not collected",
                    record["filename"],
                    record["username"],
                    owner_of(path) or f"uid {os.stat(path).st_uid}",
                )
        self.src_records = [record for record in self.src_records if self._own(record)]
