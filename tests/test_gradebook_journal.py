"""The gradebook keeps a write-ahead log: nbgrader's many commits wait for no disk
(``grading/gradebook_journal.py``); every other database is left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from grading.gradebook_journal import use_write_ahead_log

sqlalchemy = pytest.importorskip("sqlalchemy")


def journal(database: Path) -> tuple[str, int]:
    """The journal mode and the synchronous level of a new SQLAlchemy connection."""
    engine = sqlalchemy.create_engine(f"sqlite:///{database}")
    try:
        with engine.connect() as connection:
            mode = connection.exec_driver_sql("PRAGMA journal_mode").scalar_one()
            level = connection.exec_driver_sql("PRAGMA synchronous").scalar_one()
    finally:
        engine.dispose()
    return str(mode), int(level)


def test_the_gradebook_keeps_a_write_ahead_log_and_other_databases_do_not(tmp_path) -> None:
    gradebook, other = tmp_path / "course" / "gradebook.db", tmp_path / "other.db"
    gradebook.parent.mkdir()
    assert journal(gradebook) == ("delete", 2)  # SQLite's own: a rollback journal, FULL
    use_write_ahead_log(tmp_path / "course" / ".." / "course" / "gradebook.db")
    use_write_ahead_log(gradebook)  # once or twice: one listener
    assert journal(gradebook) == ("wal", 1)  # NORMAL
    assert journal(other) == ("delete", 2)


def test_a_course_s_gradebook_keeps_a_write_ahead_log(tmp_path) -> None:
    pytest.importorskip("nbgrader")
    from grading.course_folder import SOURCE, Course

    (tmp_path / "nbgrader_config.py").write_text((SOURCE / "nbgrader_config.py").read_text())
    Course(tmp_path)  # as every command of python -m grading makes it
    assert journal(tmp_path / "gradebook.db") == ("wal", 1)
