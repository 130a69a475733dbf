"""Each hub user's memory group under cgroup v2 (``hub/users.py``), on folders that stand
for groups, as ``test_sandbox_cgroup.py`` tests the sandboxes' (this machine's kernel holds
memory in cgroup v1, where the real hub test runs).

The rules are the kernel's (Documentation/admin-guide/cgroup-v2.rst: a group hands a
controller down only while no process is in it, "no internal process constraint") and
systemd's (docs/CGROUP_DELEGATION.md: a service divides only a group delegated to it,
``Delegate=``, and moves its own processes into a leaf first).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from hub import users
from hub.users import GROUP, HUB_LEAF, MEMORY_BYTES, USERS, memory_cgroup
from lightsout_edu.exercises import _cgroup_tree


def group(folder: Path, *, root: bool = False, handed: str = "", procs=()) -> Path:
    """A folder standing for a cgroup v2 group, with the files the kernel gives one."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cgroup.controllers").write_text("cpuset cpu io memory pids\n")
    (folder / "cgroup.subtree_control").write_text(f"{handed}\n")
    (folder / "cgroup.procs").write_text("".join(f"{pid}\n" for pid in procs))
    if not root:
        (folder / "cgroup.type").write_text("domain\n")
    return folder


@pytest.fixture
def hub_in(tmp_path, monkeypatch):
    """Place the hub in group ``path`` of a cgroup v2 tree at ``tmp_path``, v1 has no memory."""
    monkeypatch.setattr(users, "own_cgroup", lambda controller: None)
    monkeypatch.setattr(_cgroup_tree, "_mounts", lambda: [("/", str(tmp_path), "cgroup2", set())])

    def place(path: str) -> None:
        monkeypatch.setattr(_cgroup_tree, "_own_paths", lambda: {"": path})

    return place


def test_in_a_group_systemd_delegated_the_hub_moves_to_a_leaf_and_users_go_beside_it(
    tmp_path, hub_in
):
    service = group(tmp_path / "system.slice" / "lightsout-hub.service")
    os.setxattr(service, "user.delegate", b"1")  # systemd's mark for Delegate=yes
    group(service / USERS)  # the kernel makes a group's files with it; here a folder stands
    hub_in("/system.slice/lightsout-hub.service")
    made = memory_cgroup("ada")
    assert made == service / USERS / "ada"
    assert (made / "memory.max").read_text() == str(MEMORY_BYTES)
    assert (service / HUB_LEAF).is_dir()  # the hub's processes moved there first
    assert "+memory" in (service / "cgroup.subtree_control").read_text()
    assert "+memory" in (service / USERS / "cgroup.subtree_control").read_text()
    hub_in(f"/system.slice/lightsout-hub.service/{HUB_LEAF}")  # the hub, once moved
    assert users.users_cgroup_v2(ready=False) == service / USERS  # where remove_cgroups looks


def test_a_hub_whose_processes_cannot_leave_the_group_makes_no_group(tmp_path, hub_in):
    """The group's processes never all move (a folder's cgroup.procs never empties): the
    memory controller stays with the group, no user's group is made."""
    service = group(tmp_path / "system.slice" / "lightsout-hub.service", procs=(41,))
    os.setxattr(service, "user.delegate", b"1")
    hub_in("/system.slice/lightsout-hub.service")
    assert memory_cgroup("ada") is None
    assert (service / "cgroup.subtree_control").read_text() == "\n"


def test_in_a_service_systemd_did_not_delegate_the_hub_makes_no_group(tmp_path, hub_in):
    """Each of the user's processes is then limited on its own (hub.users.limits)."""
    service = group(tmp_path / "system.slice" / "lightsout-hub.service")
    hub_in("/system.slice/lightsout-hub.service")
    assert memory_cgroup("ada") is None
    assert sorted(p.name for p in service.iterdir()) == sorted(
        ["cgroup.controllers", "cgroup.subtree_control", "cgroup.procs", "cgroup.type"]
    )


def test_at_the_root_of_a_hierarchy_no_manager_owns_users_go_in_a_group_of_the_hub_s(
    tmp_path, hub_in
):
    root = group(tmp_path, root=True)
    group(tmp_path / GROUP)
    group(tmp_path / GROUP / USERS)
    hub_in("/")
    assert memory_cgroup("ada") == root / GROUP / USERS / "ada"
    for folder in (root, root / GROUP, root / GROUP / USERS):
        assert "+memory" in (folder / "cgroup.subtree_control").read_text()
