"""The hub's lock of the repository it runs from (``hub/lock.py``), on a repository made here.

Each hub is a process, as ``python -m hub`` is: two that overlap, stopping in either order,
give the repository back as it was; one killed with SIGKILL leaves a record that the next
hub uses to give back the true originals; hubs starting and stopping at the same moment take
turns.  Run as root (the lock changes groups), on a folder of the test's own, never on the
repository the tests run from.
"""

from __future__ import annotations

import json
import os
import pwd
import signal
import subprocess
import sys
from functools import partial
from pathlib import Path

import pytest

from hub.lock import (
    LockError,
    lock_repository,
    record_path,
    release_abandoned,
    unlock_repository,
)

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="the lock changes groups: root only")

REPO = Path(__file__).resolve().parents[1]
INSTRUCTOR = pwd.getpwnam("nobody")  # the instructor's group: nogroup
KEPT = "lightsout_edu"

#: A hub's lock in a process of its own: locks, says "locked", unlocks when told (a line on
#: standard input), says "unlocked".  With "--race": waits for "go" before locking, and
#: unlocks at once.
HUB = """
import pwd, sys
from pathlib import Path
from hub.lock import lock_repository, unlock_repository
repository, records, race = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3:] == ["--race"]
if race:
    print("ready", flush=True)
    sys.stdin.readline()
lock = lock_repository(repository, pwd.getpwnam("nobody"), {repository / "lightsout_edu"}, records)
print("locked", flush=True)
if not race:
    sys.stdin.readline()
unlock_repository(lock)
print("unlocked", flush=True)
"""


def make_repository(folder: Path) -> Path:
    """A repository's top level as varied as a real one: folders and files, an executable, a
    private file, a setgid folder, a group of its own, the kept package and a link."""
    repository = folder / "repository"
    (repository / "grading").mkdir(parents=True)
    (repository / "grading" / "answers.py").write_text("ANSWER = 42\n")
    (repository / KEPT).mkdir()
    (repository / "shared").mkdir(mode=0o775)
    (repository / "shared").chmod(0o2775)
    os.chown(repository / "shared", 0, 4242)
    for name, mode in (("README.md", 0o644), ("run.sh", 0o755), ("keys.txt", 0o600)):
        (repository / name).write_text(name)
        (repository / name).chmod(mode)
    (repository / "link").symlink_to("README.md")
    return repository


def modes(repository: Path) -> dict[str, tuple[int, int, int]]:
    """Each top-level entry's owner, group and mode."""
    found = {}
    for entry in sorted(repository.iterdir()):
        status = entry.lstat()
        found[entry.name] = (status.st_uid, status.st_gid, status.st_mode & 0o7777)
    return found


def locked(repository: Path) -> dict[str, tuple[int, int, int]]:
    """What the lock makes of :func:`make_repository`'s entries."""
    group = INSTRUCTOR.pw_gid
    return {
        **modes(repository),
        "README.md": (0, group, 0o640),
        "grading": (0, group, 0o750),
        "keys.txt": (0, group, 0o640),
        "run.sh": (0, group, 0o750),
        "shared": (0, group, 0o750),  # no setgid bit while locked
    }


def lock(repository: Path, records: Path, instructor: pwd.struct_passwd = INSTRUCTOR):
    return lock_repository(repository, instructor, {repository / KEPT}, records)


class Hub:
    """A process holding the lock, as ``python -m hub`` does (see :data:`HUB`)."""

    def __init__(self, repository: Path, records: Path, *options: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", HUB, str(repository), str(records), *options],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )

    def said(self, expected: str) -> None:
        line = self.process.stdout.readline().strip()
        assert line == expected, f"the hub said {line!r} (exit {self.process.wait()})"

    def tell(self, line: str) -> None:
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def lock(self) -> Hub:
        self.said("locked")
        return self

    def unlock(self) -> None:
        self.tell("stop")
        self.said("unlocked")
        assert self.process.wait(timeout=60) == 0

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=60)


@pytest.fixture
def repository(tmp_path: Path) -> Path:
    return make_repository(tmp_path)


@pytest.fixture
def records(tmp_path: Path) -> Path:
    return tmp_path / "records"


def test_the_lock_gives_the_instructor_alone_each_entry_and_unlock_gives_them_back(
    repository, records
):
    before = modes(repository)
    held = lock(repository, records)
    assert modes(repository) == locked(repository)
    assert modes(repository)[KEPT] == before[KEPT] and modes(repository)["link"] == before["link"]
    record = record_path(records, repository)
    assert record.stat().st_mode & 0o777 == 0o600 and records.stat().st_mode & 0o777 == 0o700
    saved = json.loads(record.read_text())
    assert saved["repository"] == str(repository) and len(saved["holders"]) == 1
    assert saved["originals"]["keys.txt"]["mode"] == 0o600
    unlock_repository(held)
    assert modes(repository) == before
    assert not record.exists()


@pytest.mark.parametrize("first_to_stop", ["the first hub", "the second hub"])
def test_two_hubs_overlapping_give_back_the_originals_whichever_stops_first(
    repository, records, first_to_stop
):
    before = modes(repository)
    first = Hub(repository, records).lock()
    second = Hub(repository, records).lock()  # finds the first's lock: not the original
    assert modes(repository) == locked(repository)
    stopping = [first, second] if first_to_stop == "the first hub" else [second, first]
    stopping[0].unlock()
    assert modes(repository) == locked(repository)  # the other still runs
    stopping[1].unlock()
    assert modes(repository) == before
    assert not record_path(records, repository).exists()


def test_one_process_holding_the_lock_twice_gives_back_when_it_lets_go_twice(repository, records):
    """As the load benchmark's process holds one hub's lock after another's."""
    before = modes(repository)
    held = [lock(repository, records), lock(repository, records)]
    unlock_repository(held[0])
    assert modes(repository) == locked(repository)
    unlock_repository(held[1])
    assert modes(repository) == before


def test_a_hub_killed_holding_the_lock_leaves_the_originals_to_the_next(repository, records):
    before = modes(repository)
    killed = Hub(repository, records).lock()
    killed.kill()  # SIGKILL: it had no time to give anything back
    assert modes(repository) == locked(repository)
    held = lock(repository, records)  # finds the dead hub's record, not the originals
    assert modes(repository) == locked(repository)
    assert len(json.loads(record_path(records, repository).read_text())["holders"]) == 1
    unlock_repository(held)
    assert modes(repository) == before


def test_python_m_hub_unlock_gives_back_what_killed_hubs_left_and_nothing_a_live_one_holds(
    repository, records, monkeypatch, capsys
):
    """For an administrator who will not start the hub again after it was killed."""
    from hub import server

    monkeypatch.setattr(server, "REPO", repository)
    monkeypatch.setattr(server, "release_abandoned", partial(release_abandoned, records=records))
    before = modes(repository)
    live = Hub(repository, records).lock()
    assert server.main(["--unlock"]) == 1
    assert f"the hubs of pids [{live.process.pid}] hold" in capsys.readouterr().err
    assert modes(repository) == locked(repository)
    live.kill()
    assert server.main(["--unlock"]) == 0
    assert modes(repository) == before
    assert not record_path(records, repository).exists()
    assert server.main(["--unlock"]) == 0  # nothing to give back
    assert capsys.readouterr().out.count("is not locked") == 2


def test_a_hub_killed_beside_a_live_one_leaves_the_giving_back_to_it(repository, records):
    before = modes(repository)
    live = Hub(repository, records).lock()
    killed = Hub(repository, records).lock()
    killed.kill()
    live.unlock()  # the last live holder
    assert modes(repository) == before
    assert not record_path(records, repository).exists()


@pytest.mark.slow  # 3 s of hubs
def test_hubs_starting_and_stopping_at_the_same_moment_take_turns(repository, records):
    before = modes(repository)
    for _ in range(5):
        hubs = [Hub(repository, records, "--race") for _ in range(6)]
        for hub in hubs:
            hub.said("ready")
        for hub in hubs:
            hub.tell("go")
        for hub in hubs:
            hub.said("locked")
            hub.said("unlocked")
            assert hub.process.wait(timeout=60) == 0
        assert modes(repository) == before
        assert not record_path(records, repository).exists()


def test_an_entry_made_while_the_lock_is_held_is_left_as_it_was_made(repository, records):
    """Made by root while a hub runs (students cannot write the top level): not locked by
    that hub, locked by the next that joins, and at the end as it was made.  An entry
    removed and made again is another file: as it was made, not as the one removed was.  An
    entry whose mode was changed, still in the instructor's group, is still the lock's."""
    before = modes(repository)
    first = lock(repository, records)
    (repository / "made").mkdir()
    (repository / "keys.txt").unlink()
    (repository / "keys.txt").write_text("new")
    (repository / "keys.txt").chmod(0o644)
    (repository / "README.md").chmod(0o644)  # changed, still the lock's: locked, given back
    made = modes(repository)
    second = lock(repository, records)
    assert modes(repository)["README.md"] == (0, INSTRUCTOR.pw_gid, 0o640)
    assert modes(repository)["made"] == (0, INSTRUCTOR.pw_gid, 0o750)
    assert modes(repository)["keys.txt"] == (0, INSTRUCTOR.pw_gid, 0o640)
    unlock_repository(first)
    unlock_repository(second)
    assert modes(repository) == {**before, "made": made["made"], "keys.txt": (0, 0, 0o644)}


def test_a_hub_for_another_instructor_is_refused_while_the_lock_is_held(repository, records):
    other = pwd.getpwnam("daemon")
    before = modes(repository)
    held = lock(repository, records)
    with pytest.raises(LockError, match=f"locked for group {INSTRUCTOR.pw_gid} by the hubs"):
        lock(repository, records, other)
    assert modes(repository) == locked(repository)
    unlock_repository(held)
    killed = Hub(repository, records).lock()
    killed.kill()
    unlock_repository(lock(repository, records, other))  # dead hubs hold nothing
    assert modes(repository) == before


def test_records_in_a_folder_that_is_not_root_s_are_refused(repository, records):
    records.mkdir()
    os.chown(records, 1, 1)
    with pytest.raises(LockError, match="is not root's"):
        lock(repository, records)


def test_the_course_and_the_state_folder_of_make_hub_stay_open_to_students(repository, records):
    """``make hub`` hands out ``student-repo/`` and keeps its state in ``.hub/``, both in the
    repository: students pull the one and reach the exchange in the other."""
    from hub.server import left_open

    (repository / "student-repo").mkdir()
    (repository / ".hub").mkdir(mode=0o711)
    before = modes(repository)
    keep = left_open(repository, repository / ".hub", repository / "student-repo")
    held = lock_repository(repository, INSTRUCTOR, keep, records)
    now = modes(repository)
    assert [now[name] for name in (KEPT, "student-repo", ".hub")] == [
        before[name] for name in (KEPT, "student-repo", ".hub")
    ]
    assert now["grading"] == (0, INSTRUCTOR.pw_gid, 0o750)
    unlock_repository(held)
