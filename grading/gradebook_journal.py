"""The gradebook's SQLite journal: a write-ahead log, so that a commit waits for no disk.

nbgrader commits its gradebook (``gradebook.db``, SQLite) dozens of times per submission it
autogrades: each grade, each comment, each notebook.  In SQLite's default journal (a rollback
journal, ``synchronous = FULL``) every commit waits for the disk to confirm its writes (an
``fsync``: 3 ms on the project's machines), so a class of thirty spends seconds waiting on
the disk.  In write-ahead-log mode with ``synchronous = NORMAL`` a commit is an append to the
log, which the disk receives at each checkpoint: SQLite's documented setting for this case
(https://www.sqlite.org/pragma.html#pragma_synchronous, "WAL mode is always consistent with
synchronous=NORMAL").  A power cut may lose the last commits before a checkpoint, never
corrupt the gradebook; autograding again regrades what was lost.

:func:`use_write_ahead_log` sets it on each new connection to the given gradebook (nbgrader
opens its own, with SQLAlchemy, for every command); ``journal_mode = wal`` stays with the
file, so the formgrader and nbgrader's own commands read it as usual.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

__all__ = ["use_write_ahead_log"]

#: The gradebooks whose connections get the write-ahead log (their resolved paths).
_GRADEBOOKS: set[str] = set()


def use_write_ahead_log(gradebook: Path) -> None:
    """Every SQLAlchemy connection made from now on to ``gradebook`` uses the write-ahead log.

    Other databases (a hub's, a test's) are left as they are.
    """
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    if not event.contains(Engine, "connect", _on_connect):
        event.listen(Engine, "connect", _on_connect)
    _GRADEBOOKS.add(str(gradebook.resolve()))


def _on_connect(connection: Any, record: Any) -> None:
    if not isinstance(connection, sqlite3.Connection) or _path(connection) not in _GRADEBOOKS:
        return
    connection.execute("PRAGMA journal_mode = WAL")
    connection.execute("PRAGMA synchronous = NORMAL")


def _path(connection: sqlite3.Connection) -> str:
    """The resolved path of the connection's main database ("" in memory)."""
    for _, name, file in connection.execute("PRAGMA database_list").fetchall():
        if name == "main":
            return str(Path(file).resolve()) if file else ""
    return ""
