"""One system user per student, the instructor one of their own, and what each may reach.

As The Littlest JupyterHub does (``tljh/user.py``: ``useradd --create-home``, then
``chmod o-rwx`` the home), a hub user's system user is made the first time their server
starts, with the same name, so that nbgrader's exchange files a submission under it and its
owner says who wrote it.  Ours are members of one group (:data:`GROUP`), so the hub never
starts a server as a system account that it did not make (``root``, ``daemon``, a staff
member's own account): :func:`ensure_user` refuses those.

:func:`limits` is what a server's process does before it runs: into the user's own memory
cgroup (where the hub may make one: below its own of cgroup v1's ``memory``, or in cgroup
v2 as :func:`users_cgroup_v2` says),
with at most :data:`TASKS` processes and threads for that user (``RLIMIT_NPROC``, which the
kernel counts per user), then as the user (JupyterHub's ``set_user_setuid``).
"""

from __future__ import annotations

import grp
import os
import pwd
import resource
import subprocess
from collections.abc import Callable
from pathlib import Path

from lightsout_edu.exercises import _cgroup_tree

#: The group of the system users the hub made; a server runs as a member of it, or not at all.
GROUP = "lightsout-hub"
#: Processes and threads one user may run at once (a server, a few kernels, their threads).
TASKS = 1024
#: Memory one user may use at once, server and kernels together (measured: 245 MiB a student).
MEMORY_BYTES = 2 * 1024**3
CGROUPS = Path("/sys/fs/cgroup")
#: cgroup v2: the leaf the hub's own processes move into, in a group delegated to the hub, so
#: that the group may hand the memory controller down (the kernel's "no internal processes").
HUB_LEAF = "lightsout-hub-itself"
#: cgroup v2: the group of the users' groups, beside :data:`HUB_LEAF` (or in :data:`GROUP`).
USERS = "users"


class UserError(RuntimeError):
    """A server would run as a user it must not run as (the message says which and why)."""


def ensure_user(name: str, homes: Path) -> pwd.struct_passwd:
    """The system user of hub user ``name``: made now (home ``homes/name``, 0700) if new."""
    try:
        subprocess.run(["groupadd", "--force", GROUP], check=True, capture_output=True)
        known = pwd.getpwnam(name)
    except KeyError:
        home = homes / name
        subprocess.run(
            ["useradd", "--create-home", "--home-dir", str(home), "--shell", "/bin/bash"]
            + ["--user-group", "--groups", GROUP, "--comment", "lightsout_edu hub", name],
            check=True,
            capture_output=True,
        )
        home.chmod(0o700)
        known = pwd.getpwnam(name)
    if known.pw_uid == 0 or name not in grp.getgrnam(GROUP).gr_mem:
        raise UserError(
            f"the system user {name!r} (uid {known.pw_uid}) was not made by the hub (it is not "
            f"in group {GROUP!r}): no server runs as it; give this person another hub name"
        )
    return known


def remove_user(name: str) -> None:
    """Remove a system user the hub made, with their home (for a test's teardown)."""
    if name in grp.getgrnam(GROUP).gr_mem:
        subprocess.run(["userdel", "--remove", name], check=True, capture_output=True)


def own_cgroup(controller: str) -> Path | None:
    """The cgroup folder this process is in, for ``controller`` ("" for cgroup v2)."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        number, controllers, path = line.split(":", 2)
        if controller in controllers.split(",") or (controller == "" and number == "0"):
            root = CGROUPS / controller if controller else CGROUPS
            return root / path.lstrip("/")
    return None


def memory_cgroup(name: str, limit: int = MEMORY_BYTES) -> Path | None:
    """A memory cgroup of ``name``'s own, limited to ``limit`` bytes (None: none to be had).

    Made where the hub's groups may go, never elsewhere: below the hub's own group of cgroup
    v1's ``memory``, or in cgroup v2 in :func:`users_cgroup_v2`.
    """
    v1 = own_cgroup("memory")
    if v1 is not None and (v1 / "memory.limit_in_bytes").exists():
        folder, limit_file = v1 / GROUP / name, "memory.limit_in_bytes"
    else:
        users = users_cgroup_v2()
        if users is None:
            return None
        folder, limit_file = users / name, "memory.max"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / limit_file).write_text(str(limit))
    except OSError:
        return None
    return folder


def users_cgroup_v2(*, ready: bool = True) -> Path | None:
    """The cgroup v2 group the users' groups go in, the memory controller handed down to them.

    As the sandboxes' groups (:mod:`lightsout_edu.exercises._cgroup_tree`, which follows the
    kernel's cgroup-v2.rst and systemd's CGROUP_DELEGATION.md): at the hierarchy's root where
    no cgroup manager placed the hub (a machine or container without one), a group
    :data:`GROUP` of its own; in a group delegated to the hub (``Delegate=yes`` in
    ``hub/jupyterhub.service``), after the hub's processes moved into the leaf
    :data:`HUB_LEAF`, beside it.  The users' groups are in its :data:`USERS` group.  Anywhere
    else (a service without delegation, a login session) there is none: None.
    ``ready=False`` changes nothing (where the groups are, for :func:`remove_cgroups`).
    """
    if ready:
        parent = _cgroup_tree.v2_parent(["memory"], group=GROUP, leaf=HUB_LEAF)
    else:
        layout = _cgroup_tree.v2_layout(["memory"], group=GROUP, leaf=HUB_LEAF)
        parent = None if layout is None else layout.parent
    if parent is None:
        return None
    users = parent / USERS
    if ready:
        try:
            users.mkdir(exist_ok=True)
            if "memory" not in (users / "cgroup.subtree_control").read_text().split():
                _cgroup_tree.write(users / "cgroup.subtree_control", "+memory")
        except OSError:
            return None
    return users


def remove_cgroups() -> list[Path]:
    """Remove the users' memory cgroups that no process is in (the hub stopped); return the
    others."""
    groups = []
    v1 = own_cgroup("memory")
    if v1 is not None and (v1 / GROUP).is_dir():
        groups.append(v1 / GROUP)
    v2 = users_cgroup_v2(ready=False)
    if v2 is not None and v2.is_dir():
        groups.append(v2)
    busy = []
    for group in groups:
        for folder in [*sorted(p for p in group.iterdir() if p.is_dir()), group]:
            try:
                folder.rmdir()  # a cgroup's files go with it
            except OSError:
                busy.append(folder)
    return busy


def limits(user: pwd.struct_passwd, cgroup: Path | None) -> Callable[[], None]:
    """What a server's process does after fork, before it runs: see the module docstring."""
    from jupyterhub.spawner import set_user_setuid

    become = set_user_setuid(user.pw_name)

    def preexec() -> None:
        if cgroup is not None:
            (cgroup / "cgroup.procs").write_text("0")  # this process, and all it starts
        else:  # no cgroup: each process at most the user's whole share
            resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
        resource.setrlimit(resource.RLIMIT_NPROC, (TASKS, TASKS))
        become()
        if os.getuid() == 0 or os.geteuid() == 0:
            raise UserError(f"{user.pw_name}'s server would run as root")

    return preexec
