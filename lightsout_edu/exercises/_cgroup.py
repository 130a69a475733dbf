"""One control group per sandbox: its processes, memory and CPU bounded together.

The runner's rlimits (``_runner``) bound each process; a sandbox of many processes needs
more.  Where the grader may make control groups (root, or a cgroup v2 subtree delegated to
it: ``systemd-run --user --scope -p Delegate=yes``), each sandbox gets one of its own, made
before bubblewrap starts and removed after it, with

- ``pids.max``: at most :data:`PROCESSES` processes and threads (``posix.fork`` or
  ``ctypes`` included: the kernel counts them);
- ``memory.max`` (v1: ``memory.limit_in_bytes``): :data:`MEMORY` bytes for all of them;
- ``cpu.max`` (v1: ``cpu.cfs_quota_us``): :data:`CPUS` cores, so one busy submission takes
  its own share of the machine and no more.

:func:`make` returns None where no group can be made (a lecturer's laptop without
delegation); the sandbox then runs under a host user of its own, where the grader is root
(``_bubblewrap``), so that the runner's ``RLIMIT_NPROC`` counts its processes only.

Examples
--------
>>> enter(["bwrap", "..."], [Path("/sys/fs/cgroup/pids/g/cgroup.procs")])[3:]
['sh', '/sys/fs/cgroup/pids/g/cgroup.procs', '--', 'bwrap', '...']
"""

from __future__ import annotations

import atexit
import itertools
import os
import signal
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["CPUS", "MEMORY", "PROCESSES", "Group", "enter", "make"]

#: Processes and threads of one sandbox at once.
PROCESSES = 64
#: Bytes of memory of one sandbox, all its processes together.
MEMORY = 3 * 2**30
#: Cores one sandbox may keep busy.
CPUS = 1.0
#: The controllers a group needs.
CONTROLLERS = ("pids", "memory", "cpu")
_PERIOD = 100_000  # microseconds of cpu.max's period
_names = itertools.count()
_PREFIX = "lightsout-sandbox-"

#: Put this shell into each group (its cgroup.procs), then become the sandbox (without the
#: working folder the shell exports: bubblewrap's environment is readable inside).
_ENTER = (
    'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done; shift; '
    'unset PWD OLDPWD; exec "$@"'
)
#: Groups whose processes were still exiting when they were removed: tried again later.
_pending: list[Group] = []
_pending_lock = threading.Lock()


@dataclass(frozen=True)
class Group:
    """A sandbox's control group: one folder (cgroup v2) or one per controller (v1)."""

    folders: tuple[Path, ...]

    def procs(self) -> list[Path]:
        """The files a process writes its pid to, to join the group."""
        return [folder / "cgroup.procs" for folder in self.folders]

    def remove(self, seconds: float = 1.0) -> None:
        """Kill whatever is left in the group, then remove it.

        A group whose processes take longer than ``seconds`` to exit (the kernel still
        freeing a memory bomb) is removed by the next :func:`make`, or at exit.
        """
        if not self._removed(seconds):
            with _pending_lock:
                _pending.append(self)

    def _removed(self, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while True:
            left = [folder for folder in self.folders if folder.is_dir()]
            for folder in left:
                _kill_all(folder)
                try:
                    folder.rmdir()
                except OSError:  # a process still exiting: try again
                    pass
            if not any(folder.is_dir() for folder in left):
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)


def enter(argv: Sequence[str], procs: Sequence[Path]) -> list[str]:
    """``argv`` started by a shell that first joins the groups whose ``procs`` are given."""
    return ["/bin/sh", "-c", _ENTER, "sh", *map(str, procs), "--", *argv]


def make() -> Group | None:
    """A new group with the sandbox's limits, or None where this process may not make one."""
    _remove_pending(0.0)
    name = f"{_PREFIX}{_owner()}-{next(_names)}"
    unified = _delegated_v2()
    if unified is not None:
        _sweep([unified])
        folder = unified / name
        try:
            folder.mkdir()
            _write(folder / "pids.max", PROCESSES)
            _write(folder / "memory.max", MEMORY)
            _write(folder / "memory.swap.max", 0, optional=True)
            _write(folder / "cpu.max", f"{round(CPUS * _PERIOD)} {_PERIOD}")
        except OSError:
            Group((folder,)).remove()
            return None
        return Group((folder,))
    parents = _writable_v1()
    if parents is None:
        return None
    _sweep(list(parents.values()))
    group = Group(tuple(parents[c] / name for c in CONTROLLERS))
    pids, memory, cpu = group.folders
    made: list[Path] = []  # only these are removed if a step fails: a name is never another's
    try:
        for folder in group.folders:
            folder.mkdir()
            made.append(folder)
        _write(pids / "pids.max", PROCESSES)
        _write(memory / "memory.limit_in_bytes", MEMORY)
        _write(memory / "memory.memsw.limit_in_bytes", MEMORY, optional=True)
        _write(cpu / "cpu.cfs_period_us", _PERIOD)
        _write(cpu / "cpu.cfs_quota_us", round(CPUS * _PERIOD))
    except OSError:
        Group(tuple(made)).remove()
        return None
    return group


@atexit.register
def _remove_pending(seconds: float = 2.0) -> None:
    """Remove the groups left to remove, waiting up to ``seconds`` for each."""
    with _pending_lock:
        left = [group for group in _pending if not group._removed(seconds)]
        _pending[:] = left


def _owner() -> str:
    """The owner of a group, as its name tells it: pid, pid namespace and start time.

    A pid alone is not a process: pids are reused (``pid_max`` is 32768 on many machines), and
    the same pid names another process in another pid namespace (a grader in a container
    that shares the host's cgroup v1 hierarchies).
    """
    pid = os.getpid()
    return f"{pid}-{_pid_namespace()}-{_started(pid)}"


def _pid_namespace() -> int:
    return os.stat("/proc/self/ns/pid").st_ino


def _started(pid: int) -> str | None:
    """When process ``pid`` started (clock ticks after boot), or None if there is none."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = stat.rpartition(")")[2].split()  # after the name, which may hold spaces
    return fields[19] if len(fields) > 19 else None


def _sweep(parents: list[Path]) -> None:
    """Remove the groups a grader that ended left behind, killing what is left in them.

    Only groups whose owner (:func:`_owner`) is of this pid namespace, and no longer runs:
    no process has its pid, or the one that has it started at another time.  A group of
    another pid namespace, or named otherwise, is left to whoever made it.
    """
    namespace = str(_pid_namespace())
    for parent in parents:
        for folder in parent.glob(f"{_PREFIX}*"):
            fields = folder.name.removeprefix(_PREFIX).split("-")
            if len(fields) != 4 or not fields[0].isdigit() or fields[1] != namespace:
                continue
            if _started(int(fields[0])) != fields[2]:
                Group((folder,)).remove(seconds=0)


def _write(path: Path, value: object, *, optional: bool = False) -> None:
    if optional and not path.exists():
        return
    path.write_text(f"{value}\n", encoding="ascii")


def _kill_all(folder: Path) -> None:
    if (folder / "cgroup.kill").exists():
        try:
            _write(folder / "cgroup.kill", 1)
            return
        except OSError:
            pass
    try:
        pids = (folder / "cgroup.procs").read_text(encoding="ascii").split()
    except OSError:
        return
    for pid in pids:
        try:
            os.kill(int(pid), signal.SIGKILL)
        except (ProcessLookupError, PermissionError, ValueError):
            pass


def _mounts() -> list[tuple[str, str, str, set[str]]]:
    """Each cgroup mount: (root, mount point, type, its options)."""
    found = []
    try:
        lines = Path("/proc/self/mountinfo").read_text(encoding="utf-8").splitlines()
    except OSError:
        return []
    for line in lines:
        before, _, after = line.partition(" - ")
        fields, tail = before.split(), after.split()
        if len(fields) >= 5 and len(tail) >= 3 and tail[0] in ("cgroup", "cgroup2"):
            found.append((fields[3], fields[4], tail[0], set(tail[2].split(","))))
    return found


def _own_paths() -> dict[str, str]:
    """The group of this process in each hierarchy: controller (or "" for v2) -> path."""
    paths: dict[str, str] = {}
    try:
        lines = Path("/proc/self/cgroup").read_text(encoding="utf-8").splitlines()
    except OSError:
        return paths
    for line in lines:
        number, controllers, path = line.split(":", 2)
        for controller in controllers.split(",") if number != "0" else [""]:
            paths[controller] = path
    return paths


def _folder(root: str, point: str, path: str) -> Path | None:
    """The folder of group ``path`` in a hierarchy mounted at ``point`` from ``root``."""
    if root != "/" and not path.startswith(root):
        return None
    inside = path[len(root) :] if root != "/" else path
    folder = Path(point) / inside.lstrip("/")
    try:  # a group of another user's (a hub's per-student group) may not even be visible
        usable = folder.is_dir() and os.access(folder, os.W_OK)
    except OSError:
        return None
    return folder if usable else None


def _delegated_v2() -> Path | None:
    """The cgroup v2 folder of this process, if it may make children with every controller."""
    own = _own_paths().get("")
    for root, point, kind, _ in _mounts():
        if kind != "cgroup2" or own is None:
            continue
        folder = _folder(root, point, own)
        if folder is None:
            continue
        try:
            enabled = (folder / "cgroup.subtree_control").read_text(encoding="ascii").split()
        except OSError:
            continue
        if set(CONTROLLERS) <= set(enabled):
            return folder
    return None


def _writable_v1() -> dict[str, Path] | None:
    """The cgroup v1 folder of this process for each controller, if it may make groups in all."""
    own = _own_paths()
    found: dict[str, Path] = {}
    for root, point, kind, options in _mounts():
        for controller in CONTROLLERS:
            if kind == "cgroup" and controller in options and controller in own:
                folder = _folder(root, point, own[controller])
                if folder is not None:
                    found[controller] = folder
    return found if len(found) == len(CONTROLLERS) else None
