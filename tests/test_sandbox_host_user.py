"""A root grader's sandbox runs under a host uid of its own (issue 40, item 4).

RLIMIT_NPROC spares uid 0, and a root-mapped sandbox reads what only root may read: so where
the grader is root each sandbox runs as a uid of ``_host_user.HOST_UIDS``, even where the
Python lives in a folder only root may enter (pyenv in ``/root``), and says why when it
cannot.  These tests run real sandboxes, as root; elsewhere they are skipped.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from lightsout_edu.exercises import _bubblewrap, _cgroup, _host_user, _runner
from lightsout_edu.exercises._judge import Session
from tests.test_sandbox import FORKS_THROUGH_CTYPES

pytestmark = [
    pytest.mark.skipif(os.geteuid() != 0, reason="a host uid of its own is a root grader's"),
    pytest.mark.skipif(
        _bubblewrap.unavailable() is not None, reason="bubblewrap does not run here"
    ),
]


def descendants(pid: int) -> list[int]:
    """The processes below ``pid``, from the host's /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rpartition(")")[2].split()[1])
    found, frontier = [], [pid]
    while frontier:
        below = [p for p, parent in parents.items() if parent in frontier]
        found += below
        frontier = below
    return found


def host_uids(pids: list[int]) -> set[int]:
    uids = set()
    for pid in pids:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        uids.add(int(status.split("Uid:")[1].split()[0]))
    return uids


@pytest.fixture
def host_user():
    """This process's verdict on the host uid, found afresh, and forgotten after the test."""
    _bubblewrap.host_user_unavailable.cache_clear()
    yield
    _bubblewrap.host_user_unavailable.cache_clear()


def test_without_a_control_group_rlimit_nproc_bounds_a_ctypes_fork_bomb(monkeypatch):
    """No control group: 200 forks through ctypes stop at the runner's RLIMIT_NPROC, because
    the sandbox's processes belong to a host uid of its own, not to root."""
    if _bubblewrap.host_user_unavailable() is not None:
        pytest.skip(f"no host uid here: {_bubblewrap.host_user_unavailable()}")
    monkeypatch.setattr(_cgroup, "make", lambda: None)
    view = _bubblewrap.View(package=False)
    session = Session.notebook([FORKS_THROUGH_CTYPES], ["forked"], view=view)
    try:
        (forked,) = session.answers()
        assert session.child is not None and session.child.group is None
        below = descendants(session.child.pid)
        uids = host_uids(below)
    finally:
        session.close()
    assert 0 < forked < _runner.PROCESSES
    assert len(below) > forked  # the sandbox's processes, seen from the host
    assert len(uids) == 1 and uids.pop() in _host_user.HOST_UIDS


def test_a_python_behind_a_root_only_folder_is_reached_and_nothing_else_of_it(
    tmp_path, monkeypatch
):
    """A folder bound from inside a folder only root may enter (pyenv in /root) is readable
    by the sandbox's uid; a file of it only root may read, and the rest of the closed folder,
    are not."""
    if _bubblewrap.host_user_unavailable() is not None:
        pytest.skip(f"no host uid here: {_bubblewrap.host_user_unavailable()}")
    closed = tmp_path / "closed"
    python = closed / "python"
    python.mkdir(parents=True)
    (python / "marker.txt").write_text("seen")
    (python / "graders_key.txt").write_text("hidden")
    (closed / "beside.txt").write_text("hidden")
    (python / "marker.txt").chmod(0o644)
    (python / "graders_key.txt").chmod(0o600)
    python.chmod(0o755)
    closed.chmod(0o700)
    folders = (*_bubblewrap._python_folders(), str(python))
    monkeypatch.setattr(_bubblewrap, "_python_folders", lambda: folders)
    read = f"""
import os
for _name in ("python/marker.txt", "python/graders_key.txt", "beside.txt"):
    try:
        print(open(os.path.join({str(closed)!r}, _name)).read())
    except OSError as _error:
        print(type(_error).__name__)
"""
    argv = _bubblewrap.command(["-c", read], _bubblewrap.View(package=False))
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60, check=False)
    assert done.stdout.split() == ["seen", "PermissionError", "FileNotFoundError"], done.stderr
    assert argv[0].endswith(_host_user.PROGRAM)


def test_each_sandbox_gets_a_host_uid_of_its_own():
    first, second = (
        _bubblewrap.command(["-c", "pass"], _bubblewrap.View(package=False)) for _ in range(2)
    )
    if _bubblewrap.host_user_unavailable() is not None:
        pytest.skip(f"no host uid here: {_bubblewrap.host_user_unavailable()}")
    uids = [argv[argv.index("--setuid") + 1] for argv in (first, second)]
    assert [argv[argv.index("--setgid") + 1] for argv in (first, second)] == uids
    assert all(int(uid) in _host_user.HOST_UIDS for uid in uids) and uids[0] != uids[1]


def test_a_bound_folder_only_root_may_read_is_said_and_the_sandbox_runs_as_root(
    tmp_path, monkeypatch, host_user
):
    """Not a silent weaker sandbox: the reason names the folder and the fix."""
    python = tmp_path / "python"
    python.mkdir()
    python.chmod(0o700)
    folders = (*_bubblewrap._python_folders(), str(python))
    monkeypatch.setattr(_bubblewrap, "_python_folders", lambda: folders)
    said = _bubblewrap.host_user_unavailable()
    assert said is not None and str(python) in said and "chmod -R o+rX" in said
    argv = _bubblewrap.command(["-c", "pass"], _bubblewrap.View(package=False))
    assert argv[0] == _bubblewrap._bwrap_argv([], _bubblewrap.View())[0]


def test_a_host_uid_that_cannot_start_a_sandbox_is_said(monkeypatch, host_user):
    """nsenter missing, or a sandbox that does not start as that uid: the reason, not a
    sandbox that fails each time."""
    monkeypatch.setattr(_host_user, "PROGRAM", "no-such-nsenter")
    assert "nsenter (util-linux)" in (_bubblewrap.host_user_unavailable() or "")
    _bubblewrap.host_user_unavailable.cache_clear()
    monkeypatch.setattr(_host_user, "PROGRAM", "nsenter")
    monkeypatch.setattr(_bubblewrap, "RUNNER_STARTS_FROM", ("no_such_module_here",))
    said = _bubblewrap.host_user_unavailable()
    assert said is not None and "could not start" in said and "AttributeError" in said
