"""One control group per sandbox: its processes, memory and CPU bounded together.

The runner's rlimits (``_runner``) bound each process; a sandbox of many processes needs
more.  Where the grader may make control groups (``_cgroup_tree``: root at the root of a
cgroup v2 hierarchy or with cgroup v1, or any user in a cgroup v2 group delegated to it,
``sudo systemd-run --scope -p Delegate=yes ...``), each sandbox gets one of its own, made
before bubblewrap starts and removed after it, with

- ``pids.max``: at most :data:`PROCESSES` processes and threads (``posix.fork`` or
  ``ctypes`` included: the kernel counts them);
- ``memory.max`` (v1: ``memory.limit_in_bytes``): :data:`MEMORY` bytes for all of them;
- ``cpu.max`` (v1: ``cpu.cfs_quota_us``): :data:`CPUS` cores, so one busy submission takes
  its own share of the machine and no more.

:func:`make` returns None where no group can be made (a lecturer's laptop without
delegation, a root grader in a systemd session without ``Delegate=yes``); the runner's
``RLIMIT_NPROC`` then bounds the sandbox's processes, which belong to a uid of its own
where the grader is root (``_host_user``).

A group's name tells its owner (:func:`_owner`), so that a grader removes the groups a grader
that ended left behind (:func:`_sweep`), and no other.

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

from . import _cgroup_tree
from ._cgroup_tree import write as _write

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
    unified = _cgroup_tree.v2_parent(CONTROLLERS)
    if unified is not None:
        _sweep([unified])
        folder = unified / name
        try:
            folder.mkdir()
        except OSError:
            return None
        try:
            _write(folder / "pids.max", PROCESSES)
            _write(folder / "memory.max", MEMORY)
            _write(folder / "memory.swap.max", 0, optional=True)
            _write(folder / "cpu.max", f"{round(CPUS * _PERIOD)} {_PERIOD}")
        except OSError:
            Group((folder,)).remove()
            return None
        return Group((folder,))
    parents = _cgroup_tree.v1_parents(CONTROLLERS)
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
