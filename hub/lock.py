"""The repository the hub runs from, readable by the instructor alone while a hub runs.

:func:`lock_repository` gives every top-level entry of the repository but those the hub
keeps (the package students import, the servers' virtualenv, the hub's state folder, the
course it hands out) to the instructor's group, which may read it, and takes every right from
others (0755 becomes 0750, 0644 0640; the owner stays root, so the instructor cannot change
the hub's code).  :func:`unlock_repository` gives them back.

What each entry was (owner, group, mode, and which file it was) is kept in a record that
outlives the hub's process: ``RECORDS/<repository's name>-<hash>.json``, a file of root's
alone (0600) in a folder of root's alone (0700), under ``/var/lib/lightsout-hub`` (the state
folder of ``hub/jupyterhub.service``; a reboot keeps it, as it keeps the modes).  Beside the
originals, it lists the hubs that hold the lock, each a process (boot, pid and start time, so
that a dead one is known even when its pid is reused), and every change of it is made under
``flock`` of the records' folder:

- the first hub records the true originals; a later one joins (and locks, recording as
  made, an entry made since), so no locked mode is ever taken for an original;
- the last live holder to stop gives the originals back and removes the record;
- a hub that starts and finds only dead holders (a hub killed with SIGKILL, a machine that
  lost power) gives the originals back first, then locks as the first would;
  :func:`release_abandoned` (``python -m hub --unlock``) gives them back without locking.

An entry made after the lock, while the hubs ran, is not locked until a hub starts, and is
left as it was made: the originals go back only to entries the lock still holds, each the
file it locked (its inode) and still in the instructor's group.  One removed and made again
(as ``make student-repo`` does) is another file, in its maker's group, even where it gets
the old one's inode; one whose mode was changed while locked is still the lock's.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import pwd
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path

#: Where the records of locked repositories are kept (one a repository).
RECORDS = Path("/var/lib/lightsout-hub/locked-repositories")


class LockError(RuntimeError):
    """The repository cannot be locked as asked (the message says why and what to do)."""


@dataclass(frozen=True)
class Holder:
    """A process holding the lock: alive while its pid runs the process started then."""

    boot: str
    pid: int
    start: int  # clock ticks after boot (/proc/<pid>/stat's starttime)

    @classmethod
    def this_process(cls) -> Holder:
        pid = os.getpid()
        started = process_start(pid)
        assert started is not None  # this process runs
        return cls(boot_id(), pid, started)

    def alive(self) -> bool:
        return self.boot == boot_id() and process_start(self.pid) == self.start


@dataclass(frozen=True)
class Original:
    """What a top-level entry was before the lock, and which file it was."""

    uid: int
    gid: int
    mode: int
    device: int
    inode: int

    @classmethod
    def of(cls, status: os.stat_result) -> Original:
        mode = status.st_mode & 0o7777
        return cls(status.st_uid, status.st_gid, mode, status.st_dev, status.st_ino)

    def locked(self, status: os.stat_result, group: int) -> bool:
        """Whether ``status`` is of this file, still in the lock's ``group`` (one removed and
        made again is another file, in its maker's group, whatever its inode)."""
        same = (self.device, self.inode) == (status.st_dev, status.st_ino)
        return same and status.st_gid == group


@dataclass
class Record:
    """One repository's lock: the instructor's group, who holds it, what each entry was."""

    repository: str
    group: int
    holders: list[Holder] = field(default_factory=list)
    originals: dict[str, Original] = field(default_factory=dict)


@dataclass(frozen=True)
class RepositoryLock:
    """One hub's hold on a repository's lock, for :func:`unlock_repository`."""

    repository: Path
    records: Path
    holder: Holder


def boot_id() -> str:
    """This boot of the machine (a pid and a start time name a process within one boot)."""
    return Path("/proc/sys/kernel/random/boot_id").read_text().strip()


def process_start(pid: int) -> int | None:
    """When process ``pid`` started, in clock ticks after boot (None: it does not run)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return None if fields[0] in ("Z", "X") else int(fields[19])  # a zombie has ended


def record_path(records: Path, repository: Path) -> Path:
    """The record of ``repository``'s lock: its name, and a hash of its path."""
    digest = hashlib.sha256(str(repository).encode()).hexdigest()[:16]
    return records / f"{repository.name}-{digest}.json"


@contextmanager
def records_locked(records: Path) -> Iterator[None]:
    """Hold ``flock`` of the records' folder (made root's, 0700): one hub at a time changes
    a record and the repository's modes."""
    records.mkdir(mode=0o700, parents=True, exist_ok=True)
    folder = os.open(records, os.O_RDONLY | os.O_DIRECTORY)
    try:
        if os.fstat(folder).st_uid != os.geteuid():  # a record there is what root will do
            raise LockError(f"{records} is not root's: move it away and start the hub again")
        os.fchmod(folder, 0o700)
        fcntl.flock(folder, fcntl.LOCK_EX)
        yield
    finally:
        os.close(folder)  # and the flock with it


def read_record(path: Path) -> Record | None:
    if not path.exists():
        return None
    saved = json.loads(path.read_text(encoding="utf-8"))
    return Record(
        saved["repository"],
        saved["group"],
        [Holder(**holder) for holder in saved["holders"]],
        {name: Original(**original) for name, original in saved["originals"].items()},
    )


def write_record(path: Path, record: Record) -> None:
    """``record`` in ``path`` (0600), whole or not at all: written beside it, then renamed."""
    draft = path.with_suffix(".draft")
    draft.unlink(missing_ok=True)
    with os.fdopen(os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as file:
        json.dump(asdict(record), file, indent=1)
        file.flush()
        os.fsync(file.fileno())
    draft.replace(path)


def give_back(repository: Path, record: Record) -> None:
    """Each entry that the lock still holds, as it was."""
    for name, original in record.originals.items():
        entry = repository / name
        try:
            status = entry.lstat()
        except FileNotFoundError:
            continue
        if original.locked(status, record.group):
            os.chown(entry, original.uid, original.gid, follow_symlinks=False)
            entry.chmod(original.mode)


def record_of_the_living(repository: Path, path: Path) -> Record | None:
    """The record of ``repository``'s lock while a live hub holds it; if its hubs all died
    holding it, the repository given back and the record removed (under the flock)."""
    record = read_record(path)
    if record is None or any(holder.alive() for holder in record.holders):
        return record
    give_back(repository, record)
    path.unlink()
    return None


def release_abandoned(repository: Path, records: Path = RECORDS) -> list[int]:
    """Give ``repository`` back if the hubs that locked it all died (killed, a crash, a power
    cut); the pids of the live hubs that hold it (none: it is not locked now)."""
    repository = repository.resolve()
    with records_locked(records):
        record = record_of_the_living(repository, record_path(records, repository))
    return [] if record is None else [h.pid for h in record.holders if h.alive()]


def locked_mode(original: Original, is_folder: bool) -> int:
    """The instructor's group reads (and enters a folder), others nothing; an x bit stays."""
    return original.mode & 0o750 | (0o050 if is_folder else 0o040)


def lock_repository(
    repository: Path, instructor: pwd.struct_passwd, keep: set[Path], records: Path = RECORDS
) -> RepositoryLock:
    """Make every top-level entry of ``repository`` but ``keep`` (and symbolic links)
    readable by ``instructor``'s group alone, and hold the lock (see the module docstring).

    Raises :class:`LockError` if live hubs hold it for another instructor's group.
    """
    repository = repository.resolve()
    path = record_path(records, repository)
    holder = Holder.this_process()
    with records_locked(records):
        record = record_of_the_living(repository, path)  # never a dead hub's locked modes
        if record is None:
            record = Record(str(repository), instructor.pw_gid)
        elif record.group != instructor.pw_gid:
            raise LockError(
                f"{repository} is locked for group {record.group} by the hubs of pids "
                f"{[h.pid for h in record.holders if h.alive()]}, not for "
                f"{instructor.pw_name}'s group {instructor.pw_gid}: stop them first, or give "
                "this hub their instructor"
            )
        entries = [
            entry
            for entry in sorted(repository.iterdir())
            if entry.resolve() not in keep and not entry.is_symlink()
        ]
        for entry in entries:  # recorded before any is changed: a kill leaves a true record
            status, known = entry.lstat(), record.originals.get(entry.name)
            if known is None or not known.locked(status, record.group):
                record.originals[entry.name] = Original.of(status)
        record.holders = [h for h in record.holders if h.alive()] + [holder]
        write_record(path, record)
        for entry in entries:
            os.chown(entry, -1, instructor.pw_gid, follow_symlinks=False)
            entry.chmod(locked_mode(record.originals[entry.name], entry.is_dir()))
    return RepositoryLock(repository, records, holder)


def unlock_repository(lock: RepositoryLock) -> None:
    """Let go of ``lock``; the last live holder gives the repository back as it was."""
    path = record_path(lock.records, lock.repository)
    with records_locked(lock.records):
        record = read_record(path)
        if record is None:
            return
        if lock.holder in record.holders:
            record.holders.remove(lock.holder)  # one hold: a process may hold it twice
        record.holders = [h for h in record.holders if h.alive()]
        if record.holders:
            write_record(path, record)
        else:
            give_back(lock.repository, record)
            path.unlink()
