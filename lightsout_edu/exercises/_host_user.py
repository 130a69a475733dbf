"""A host uid of each sandbox's own, where the grader is root.

bubblewrap maps the sandbox's uid (65534) to the uid of whoever starts it.  Started by a root
grader, the sandbox is root on the host: the kernel never counts root's processes against
``RLIMIT_NPROC`` (the runner's limit on a sandbox's processes, ``_runner``), and a file only
root may read is readable inside.  So a root grader starts bubblewrap under a uid of the
sandbox's own, drawn from :data:`HOST_UIDS` (no account has one), with ``nsenter --setuid
--setgid`` (util-linux; supplementary groups dropped): its processes are counted, and it
reads only what any user may read.

bubblewrap, as that uid, opens every folder it binds by its path, so the path must be open
to any user.  A Python (or a course) below a folder only root may enter (pyenv in ``/root``,
mode 0700) is not, and ``--ro-bind-fd`` does not help: bubblewrap 0.8 resolves the
descriptor's ``/proc/self/fd/N`` with ``realpath(3)``, which walks the path the link names,
through ``/root`` (``resolve_symlinks_in_ops`` in bubblewrap.c; "Can't find source path
/proc/self/fd/3: Permission denied" here).  So :func:`prefix` enters, for those, a mount
namespace made once per process (:func:`_opened_view`: ``bwrap --dev-bind / /`` as root,
the namespace kept by a descriptor) where each closed folder above them is an empty tmpfs of
mode 0755 holding only the folders bound: the sandbox's uid walks the tmpfs to them and
reaches nothing else of the closed folder.

What is bound must itself be readable by others (:func:`unreadable` names one that is not),
and so must each file in it that the sandbox reads: a file only its owner may read stays
unreadable inside, and importing it fails with PermissionError, as it does for any other
user of that Python (a hub's students).

Examples
--------
>>> prefix(["bwrap", "--ro-bind", "/usr", "/usr"])[1:2]
['--setuid']
>>> [k for k in prefix(["bwrap"]) if k.startswith("--mount")]
[]
"""

from __future__ import annotations

import functools
import os
import secrets
import shutil
import stat
import subprocess
from collections.abc import Sequence
from pathlib import PurePosixPath

__all__ = ["HOST_UIDS", "PROGRAM", "prefix", "sources", "unreadable"]

#: The host uids sandboxes run under, one drawn at random for each.
HOST_UIDS = range(2_000_000_000, 2_100_000_000)
#: The program that enters the namespace and becomes the sandbox's uid.
PROGRAM = "nsenter"
#: The mode of the tmpfs over a closed folder, and of the folders made in it.
OPEN = "0755"


def sources(argv: Sequence[str]) -> list[str]:
    """The paths a bubblewrap command line binds (``--ro-bind SOURCE DEST``)."""
    return [argv[k + 1] for k, word in enumerate(argv[:-1]) if word == "--ro-bind"]


def prefix(argv: Sequence[str]) -> list[str]:
    """What starts the bubblewrap command ``argv`` under a host uid of its own.

    Where a path it binds lies below a folder others may not enter, in the mount namespace
    where it is reachable (:func:`_opened_view`, made on first need).
    """
    uid = str(HOST_UIDS[secrets.randbelow(len(HOST_UIDS))])
    enter = [shutil.which(PROGRAM) or PROGRAM]
    closed = tuple(sorted({path for path in sources(argv) if _closed_above(path)}))
    if closed:
        namespace = _opened_view(argv[0], closed)
        enter.append(f"--mount=/proc/{os.getpid()}/fd/{namespace}")
    return [*enter, "--setuid", uid, "--setgid", uid, "--"]


def unreadable(paths: Sequence[str]) -> str | None:
    """The first of ``paths`` that another user may not read (a folder: nor list), or None."""
    for path in paths:
        try:
            mode = os.stat(path).st_mode
        except OSError:
            continue  # bubblewrap says so, whoever starts it
        wanted = stat.S_IROTH | (stat.S_IXOTH if stat.S_ISDIR(mode) else 0)
        if mode & wanted != wanted:
            return path
    return None


@functools.cache
def _closed_above(path: str) -> str | None:
    """The topmost folder above ``path`` that others may not enter, or None."""
    for folder in reversed(PurePosixPath(path).parents):
        if not _enterable(str(folder)):
            return str(folder)
    return None


@functools.cache
def _enterable(folder: str) -> bool:
    try:
        return bool(os.stat(folder).st_mode & stat.S_IXOTH)
    except OSError:  # missing: bubblewrap says so, whoever starts it
        return True


@functools.cache
def _opened_view(bwrap: str, closed: tuple[str, ...]) -> int:
    """A descriptor of a mount namespace where each path of ``closed`` is reachable by all.

    Made by a short-lived bubblewrap run as root: the whole system bound as it is, then an
    empty tmpfs over each closed folder above a path of ``closed``, the folders down to it,
    and the path bound read-only.  Its files are the host's, as they change; the descriptor
    keeps the namespace for the life of this process.
    """
    argv = [bwrap, "--dev-bind", "/", "/", "--die-with-parent", "--chdir", "/"]
    made: set[str] = set()
    bound: list[str] = []
    for path in closed:  # sorted: a folder before what lies in it
        if any(path.startswith(folder + "/") for folder in bound):
            continue
        cover = _closed_above(path)
        assert cover is not None
        if cover not in made:
            argv += ["--perms", OPEN, "--tmpfs", cover]
            made.add(cover)
        for folder in reversed(PurePosixPath(path).parents):
            if str(folder).startswith(cover + "/") and str(folder) not in made:
                argv += ["--perms", OPEN, "--dir", str(folder)]
                made.add(str(folder))
        argv += ["--ro-bind", path, path]
        bound.append(path)
    argv += ["--", "/bin/sh", "-c", "echo $$; read _"]  # says its pid, waits for our word
    helper = subprocess.Popen(
        argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert helper.stdin is not None and helper.stdout is not None
    try:
        pid = helper.stdout.readline().strip()
        if not pid.isdigit():
            said = helper.communicate(timeout=10)[1].decode(errors="replace").strip()
            raise OSError(f"bubblewrap could not make the view for a host uid: {said}")
        return os.open(f"/proc/{int(pid)}/ns/mnt", os.O_RDONLY | os.O_CLOEXEC)
    finally:
        helper.stdin.close()
        helper.wait(timeout=10)
