"""Where this process may make its sandboxes' control groups: cgroup v2, else v1.

cgroup v2 (Documentation/admin-guide/cgroup-v2.rst) gives a group's children a controller
(``pids``, ``memory``, ``cpu``) only if the group lists it in its ``cgroup.subtree_control``,
only if its parent lists it in turn (the "top-down constraint"), and a group other than the
hierarchy's root may list one only while it has no processes of its own (the "no internal
process constraint": "the cgroup must create children and transfer all its processes to the
children before enabling controllers").  And a group belongs to whoever manages it: systemd
owns every group it made, the root's too, and hands a subtree to a program only by
delegation, ``Delegate=yes`` ("single-writer rule", systemd's docs/CGROUP_DELEGATION.md:
"don't create your own cgroups below the root cgroup"; a program with a delegated group
moves its own processes into a child of it first).  So :func:`v2_parent` makes groups only
where they are this process's own:

- at the hierarchy's root, where nothing placed this process anywhere else (a machine or a
  container without a cgroup manager; root only): a group of its own,
  :data:`SANDBOXES`, the controllers handed down to it, the sandboxes' groups below it;
- in a group delegated to it: marked by systemd (the ``trusted.delegate`` attribute, or
  ``user.delegate`` for a user's manager, on a unit with ``Delegate=yes``: ``sudo
  systemd-run --scope -p Delegate=yes python -m grading ...``), or the root of its cgroup
  namespace (a container's own tree, delegated with the namespace).  Its processes move
  into a leaf, :data:`GRADERS` (a grader started later is born there), and the group hands
  the controllers down to the sandboxes' groups beside it.

Anywhere else (a login session's or a service's group, a hub's group of one student) no v2
group is made.  cgroup v1 (:func:`v1_parents`) enforces neither rule: a root grader makes
its groups below its own group of each controller.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = ["GRADERS", "SANDBOXES", "Layout", "v1_parents", "v2_layout", "v2_parent", "write"]

#: The group a root grader makes at a hierarchy's root to hold its sandboxes' groups.
SANDBOXES = "lightsout-sandboxes"
#: The leaf a delegated group's processes move into, so that it may hand controllers down.
GRADERS = "lightsout-graders"
#: The systemd attributes that mark a group delegated (trusted: the system's manager).
DELEGATE_MARKS = ("trusted.delegate", "user.delegate")


@dataclass(frozen=True)
class Layout:
    """Where the sandboxes' groups go in a cgroup v2 tree, and what must be done first.

    ``leaf``: where the processes of ``parent`` move first (None: none must); ``hand_down``:
    the groups whose ``cgroup.subtree_control`` must list the controllers, the upper first
    (made if missing).
    """

    parent: Path
    leaf: Path | None
    hand_down: tuple[Path, ...]


def v2_parent(
    controllers: Sequence[str], *, group: str = SANDBOXES, leaf: str = GRADERS
) -> Path | None:
    """The cgroup v2 group to make sandboxes' groups in, with ``controllers``, made ready.

    None where :func:`v2_layout` finds none, or this process may not do what it says.
    ``group`` and ``leaf`` name the group made at a hierarchy's root and the leaf a delegated
    group's processes move into (another program's, e.g. the course's hub, has its own).
    """
    layout = v2_layout(controllers, group=group, leaf=leaf)
    if layout is None:
        return None
    try:
        if layout.leaf is not None:
            layout.leaf.mkdir(exist_ok=True)
            _move_all(layout.parent, layout.leaf)
        for folder in layout.hand_down:
            folder.mkdir(exist_ok=True)
            if not set(controllers) <= set(_words(folder / "cgroup.subtree_control")):
                write(folder / "cgroup.subtree_control", " ".join(f"+{c}" for c in controllers))
    except OSError:
        return None
    return layout.parent


def v2_layout(
    controllers: Sequence[str], *, group: str = SANDBOXES, leaf: str = GRADERS
) -> Layout | None:
    """Where :func:`v2_parent` would make groups, changing nothing; None: nowhere."""
    own = _own_paths().get("")
    for root, point, kind, _ in _mounts():
        if kind != "cgroup2" or own is None:
            continue
        folder = _folder(root, point, own)
        if folder is not None:
            if folder.name == leaf:  # moved here by this process, or one beside it
                folder, own = folder.parent, own.rsplit("/", 1)[0] or "/"
            delegated = _delegated(folder, own)
            return layout(folder, controllers, delegated=delegated, group=group, leaf=leaf)
    return None


def layout(
    folder: Path,
    controllers: Sequence[str],
    *,
    delegated: bool,
    group: str = SANDBOXES,
    leaf: str = GRADERS,
) -> Layout | None:
    """Where sandboxes' groups go, for a process in group ``folder`` (see the module).

    ``delegated``: the group is this process's to organise.  The hierarchy's root is the
    group without a ``cgroup.type`` file.  ``group``, ``leaf``: as :func:`v2_parent`'s.
    """
    if not set(controllers) <= set(_words(folder / "cgroup.controllers")):
        return None
    if not (folder / "cgroup.type").exists():
        parent = folder / group
        return Layout(parent, None, (folder, parent))
    if not delegated:
        return None
    if set(controllers) <= set(_words(folder / "cgroup.subtree_control")):
        return Layout(folder, None, ())
    return Layout(folder, folder / leaf, (folder,))


def v1_parents(controllers: Sequence[str]) -> dict[str, Path] | None:
    """The cgroup v1 group of this process for each controller, if it may make groups in all."""
    own = _own_paths()
    found: dict[str, Path] = {}
    for root, point, kind, options in _mounts():
        for controller in controllers:
            if kind == "cgroup" and controller in options and controller in own:
                folder = _folder(root, point, own[controller])
                if folder is not None:
                    found[controller] = folder
    return found if len(found) == len(controllers) else None


def write(path: Path, value: object, *, optional: bool = False) -> None:
    """Write ``value`` to a group's file (``optional``: unless the kernel has no such file)."""
    if optional and not path.exists():
        return
    path.write_text(f"{value}\n", encoding="ascii")


def _delegated(folder: Path, path: str) -> bool:
    """Whether group ``folder``, ``path`` in this process's cgroup namespace, is delegated."""
    if path == "/":
        return True  # the root of its cgroup namespace
    for mark in DELEGATE_MARKS:
        try:
            if os.getxattr(folder, mark) == b"1":
                return True
        except OSError:  # not set, or not readable (trusted.* needs CAP_SYS_ADMIN)
            pass
    return False


def _move_all(group: Path, leaf: Path) -> None:
    """Move every process of ``group`` into ``leaf``, one it starts meanwhile too."""
    for _ in range(10):
        pids = _words(group / "cgroup.procs")
        if not pids:
            return
        for pid in pids:
            try:
                write(leaf / "cgroup.procs", pid)
            except ProcessLookupError:  # it ended meanwhile
                pass
    raise OSError(errno.EBUSY, "processes keep starting in the group", str(group))


def _words(path: Path) -> list[str]:
    try:
        return path.read_text(encoding="ascii").split()
    except OSError:
        return []


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
