"""The sandboxes' control groups: whose a group is, and where groups may be made.

The kernel's own behaviour is tested with real groups in ``test_sandbox.py``; here folders
stand for groups, to test the decisions on cases this machine does not have.
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path

from lightsout_edu.exercises import _cgroup

PREFIX = "lightsout-sandbox-"


def test_a_group_s_name_tells_its_owner_beyond_its_pid():
    pid, namespace, started = _cgroup._owner().split("-")
    assert int(pid) == os.getpid()
    assert int(namespace) == os.stat("/proc/self/ns/pid").st_ino
    assert started == _cgroup._started(os.getpid()) and started.isdigit()


def test_only_groups_of_ended_owners_of_this_pid_namespace_are_swept(tmp_path):
    """A reused pid is not the owner; another pid namespace's groups are its own."""
    namespace = _cgroup._pid_namespace()
    me, started = os.getpid(), _cgroup._started(os.getpid())
    names = {
        "live": f"{me}-{namespace}-{started}-0",
        "reused pid": f"{me}-{namespace}-1-0",
        "ended": f"{2**22 + 1}-{namespace}-5-0",  # beyond any pid_max
        "other namespace": f"{2**22 + 1}-{namespace + 1}-5-0",
        "not ours": "2-0",
    }
    for name in names.values():
        (tmp_path / (PREFIX + name)).mkdir()
    _cgroup._sweep([tmp_path])
    left = {kind for kind, name in names.items() if (tmp_path / (PREFIX + name)).exists()}
    assert left == {"live", "other namespace", "not ours"}


def test_a_group_that_cannot_be_made_takes_nothing_of_another_with_it(tmp_path, monkeypatch):
    """A folder of the same name (another's) makes ``make`` fail, and stays."""
    parents = {c: tmp_path / c for c in _cgroup.CONTROLLERS}
    for folder in parents.values():
        folder.mkdir()
    monkeypatch.setattr(_cgroup, "_delegated_v2", lambda: None)
    monkeypatch.setattr(_cgroup, "_writable_v1", lambda: parents)
    monkeypatch.setattr(_cgroup, "_names", itertools.count(7))
    another = parents["memory"] / f"{PREFIX}{_cgroup._owner()}-7"
    another.mkdir()
    assert _cgroup.make() is None
    assert another.is_dir() and not (parents["pids"] / another.name).exists()
    made = _cgroup.make()  # the next name is free
    assert (
        made is not None and [f.name for f in made.folders] == [f"{PREFIX}{_cgroup._owner()}-8"] * 3
    )
