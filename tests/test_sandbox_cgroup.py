"""The sandboxes' control groups: whose a group is, and where groups may be made.

The kernel's own behaviour is tested with real groups in ``test_sandbox.py``; here folders
stand for groups, to test the decisions on cases this machine does not have (a systemd
session, a delegated scope, a container's cgroup namespace).
"""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

from lightsout_edu.exercises import _cgroup, _cgroup_tree
from lightsout_edu.exercises._cgroup_tree import GRADERS, SANDBOXES, Layout, layout

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
    monkeypatch.setattr(_cgroup_tree, "v2_parent", lambda controllers: None)
    monkeypatch.setattr(_cgroup_tree, "v1_parents", lambda controllers: parents)
    monkeypatch.setattr(_cgroup, "_names", itertools.count(7))
    another = parents["memory"] / f"{PREFIX}{_cgroup._owner()}-7"
    another.mkdir()
    assert _cgroup.make() is None
    assert another.is_dir() and not (parents["pids"] / another.name).exists()
    made = _cgroup.make()  # the next name is free
    assert (
        made is not None and [f.name for f in made.folders] == [f"{PREFIX}{_cgroup._owner()}-8"] * 3
    )


# ---------------------------------------------------------------------------------------------
# Where cgroup v2 groups may be made (_cgroup_tree), on folders that stand for groups
# ---------------------------------------------------------------------------------------------

WANTED = ("pids", "memory", "cpu")


def group(folder: Path, *, root: bool = False, available=WANTED, handed=(), procs=()) -> Path:
    """A folder standing for a cgroup v2 group: what it may hand down, has, and holds."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cgroup.controllers").write_text(" ".join(available) + "\n")
    (folder / "cgroup.subtree_control").write_text(" ".join(handed) + "\n")
    (folder / "cgroup.procs").write_text("".join(f"{pid}\n" for pid in procs))
    if not root:
        (folder / "cgroup.type").write_text("domain\n")
    return folder


def test_at_the_hierarchy_s_root_sandboxes_go_in_a_group_of_their_own(tmp_path):
    root = group(tmp_path, root=True, available=("cpuset", "cpu", "io", "memory", "pids"))
    assert layout(root, WANTED, delegated=False) == Layout(
        root / SANDBOXES, None, (root, root / SANDBOXES)
    )


def test_a_delegated_group_s_processes_move_to_a_leaf_before_it_hands_controllers_down(
    tmp_path,
):
    scope = group(tmp_path / "grading.scope", procs=(41, 42))
    assert layout(scope, WANTED, delegated=True) == Layout(scope, scope / GRADERS, (scope,))
    done = group(tmp_path / "done.scope", handed=WANTED)
    assert layout(done, WANTED, delegated=True) == Layout(done, None, ())


def test_not_in_a_group_systemd_manages_without_delegating_it(tmp_path):
    """A root grader in a login session's scope: systemd's, not the grader's."""
    assert layout(group(tmp_path / "session-1.scope"), WANTED, delegated=False) is None


def test_not_where_cgroup_v2_has_not_the_controllers(tmp_path):
    """systemd's hybrid mode: the unified hierarchy has no controllers (v1 holds them)."""
    assert layout(group(tmp_path, root=True, available=()), WANTED, delegated=True) is None


def test_delegated_means_systemd_s_mark_or_the_cgroup_namespace_s_root(tmp_path):
    marked, unmarked = group(tmp_path / "a.scope"), group(tmp_path / "b.scope")
    os.setxattr(marked, "user.delegate", b"1")
    assert _cgroup_tree._delegated(marked, "/a.scope")
    assert not _cgroup_tree._delegated(unmarked, "/b.scope")
    assert _cgroup_tree._delegated(unmarked, "/")  # a container's own tree


def test_getting_ready_writes_the_controllers_top_down(tmp_path, monkeypatch):
    root = group(tmp_path, root=True)
    monkeypatch.setattr(
        _cgroup_tree,
        "v2_layout",
        lambda wanted, **names: layout(root, wanted, delegated=False, **names),
    )
    assert _cgroup_tree.v2_parent(WANTED) == root / SANDBOXES
    for folder in (root, root / SANDBOXES):
        assert (folder / "cgroup.subtree_control").read_text() == "+pids +memory +cpu\n"


def test_a_group_whose_processes_cannot_all_move_hands_nothing_down(tmp_path, monkeypatch):
    """A folder's cgroup.procs never empties: the move is given up, nothing is handed down."""
    scope = group(tmp_path / "grading.scope", procs=(41,))
    monkeypatch.setattr(
        _cgroup_tree,
        "v2_layout",
        lambda wanted, **names: layout(scope, wanted, delegated=True, **names),
    )
    assert _cgroup_tree.v2_parent(WANTED) is None
    assert (scope / GRADERS / "cgroup.procs").read_text() == "41\n"
    assert (scope / "cgroup.subtree_control").read_text() == "\n"


def test_a_grader_in_the_leaf_makes_its_sandboxes_beside_it(tmp_path, monkeypatch):
    """A grader started after the move is born in the leaf: its sandboxes go in the group."""
    scope = group(tmp_path / "grading.scope", handed=WANTED)
    os.setxattr(scope, "user.delegate", b"1")
    group(scope / GRADERS, available=WANTED, procs=(os.getpid(),))
    monkeypatch.setattr(_cgroup_tree, "_own_paths", lambda: {"": f"/grading.scope/{GRADERS}"})
    monkeypatch.setattr(_cgroup_tree, "_mounts", lambda: [("/", str(tmp_path), "cgroup2", set())])
    assert _cgroup_tree.v2_layout(WANTED) == Layout(scope, None, ())


# ---------------------------------------------------------------------------------------------
# The same decisions on the real kernel, with a controller nothing here uses
# ---------------------------------------------------------------------------------------------

#: Controllers no sandbox and (on a machine without a cgroup manager) nobody else uses.
SPARE = ("hugetlb", "misc", "rdma")


def spare_controller() -> str | None:
    """A cgroup v2 controller to try the rules with, where this root process sits at the
    root of a cgroup v2 hierarchy that no manager owns; None elsewhere."""
    if os.geteuid() != 0 or _cgroup_tree._own_paths().get("") != "/":
        return None
    for root, point, kind, _ in _cgroup_tree._mounts():
        top = Path(point)
        if kind == "cgroup2" and root == "/" and not (top / "cgroup.type").exists():
            offered = set(_cgroup_tree._words(top / "cgroup.controllers"))
            handed = set(_cgroup_tree._words(top / "cgroup.subtree_control"))
            return next((c for c in SPARE if c in offered - handed), None)
    return None


WORKER = """
import json, sys
from pathlib import Path
from lightsout_edu.exercises import _cgroup_tree
sys.stdin.readline()
parent = _cgroup_tree.v2_parent([sys.argv[1]])
print(json.dumps({
    "parent": str(parent),
    "own": Path("/proc/self/cgroup").read_text().splitlines()[-1],
    "left": _cgroup_tree._words(parent / "cgroup.procs"),
    "handed": _cgroup_tree._words(parent / "cgroup.subtree_control"),
}))
"""


@pytest.mark.skipif(
    spare_controller() is None,
    reason="needs root at the root of a cgroup v2 hierarchy no manager owns, with a controller "
    "nothing uses (hugetlb, misc or rdma)",
)
def test_on_the_kernel_a_delegated_grader_moves_into_a_leaf_then_hands_down(tmp_path):
    """At the hierarchy's root, root hands the controller down to a group of its own; in a
    group marked delegated that holds the grader, the kernel refuses to hand it down (the
    no-internal-process rule) until the grader has moved itself into a leaf."""
    import errno
    import json
    import subprocess
    import sys

    controller = spare_controller()
    assert controller is not None
    top = next(Path(p) for r, p, k, _ in _cgroup_tree._mounts() if k == "cgroup2" and r == "/")
    scope = top / f"lightsout-test-{os.getpid()}.scope"
    worker = None
    try:
        assert _cgroup_tree.v2_parent([controller]) == top / SANDBOXES
        assert controller in _cgroup_tree._words(top / SANDBOXES / "cgroup.subtree_control")
        scope.mkdir()
        os.setxattr(scope, "trusted.delegate", b"1")
        worker = subprocess.Popen(
            [sys.executable, "-c", WORKER, controller],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])},
        )
        _cgroup_tree.write(scope / "cgroup.procs", worker.pid)
        with pytest.raises(OSError) as refused:
            _cgroup_tree.write(scope / "cgroup.subtree_control", f"+{controller}")
        assert refused.value.errno == errno.EBUSY
        said = json.loads(worker.communicate("go\n", timeout=60)[0])
    finally:
        if worker is not None:
            worker.kill()
            worker.wait()
        for leaf in (scope / GRADERS, scope, top / SANDBOXES):
            if leaf.is_dir():
                _cgroup_tree.write(leaf / "cgroup.subtree_control", f"-{controller}")
                leaf.rmdir()
        _cgroup_tree.write(top / "cgroup.subtree_control", f"-{controller}")
    assert said == {
        "parent": str(scope),
        "own": f"0::/{scope.name}/{GRADERS}",
        "left": [],
        "handed": [controller],
    }
