"""The operating-system sandbox where a student's code runs: bubblewrap.

Python-level guards (``_runner``'s switched-off ``os.fork``, ``_absent``'s refused imports)
are a courtesy: ``ctypes`` reaches past all of them.  So wherever it can, the student's code runs
inside `bubblewrap <https://github.com/containers/bubblewrap>`_ (Debian's ``bubblewrap``,
the sandbox of Flatpak), which the kernel enforces:

- new PID, IPC, network, UTS, cgroup and user namespaces: no other process is visible or
  reachable (no ``/proc/<judge>/fd``, no signals out), and there is no network;
- an unprivileged uid (65534) with every capability dropped; where the grader is root, a
  host uid of its own too (``_host_user``), so that the kernel counts the sandbox's
  processes against the runner's ``RLIMIT_NPROC`` (it never does for root), and a file only
  root may read stays unreadable inside;
- a read-only view of the system, Python and this package, and nothing else of the disk
  (not the notebook's home, not ``grading/``, not the course folder);
- a fresh, size-limited ``/tmp`` and ``/dev/shm`` (tmpfs), gone with the sandbox;
- an empty environment (no ``LD_PRELOAD``, no ``PYTHON*``) and ``python -I``;
- ``--die-with-parent`` and ``--new-session``: when the checker or the grader stops the
  sandbox, or dies, every process in it dies; none can outlive it or reach the terminal;
- ``--as-pid-1``: the runner is the sandbox's init, which nothing inside can signal; it keeps
  the pipes to the judge and runs the student's code in a child of its own (``_runner``).

The runner (``_runner``) adds rlimits inside (memory, CPU time, file size, open files,
processes, no core files) before any student code runs; a control group (``_cgroup``),
where one can be made, bounds the processes, memory and CPU of the sandbox as a whole.

:func:`unavailable` says why bubblewrap cannot run here (macOS, Windows, a container
without user namespaces, not installed), or None; :func:`host_user_unavailable` why a root
grader's sandboxes run as root, or None; :func:`command` builds the command line.

Examples
--------
>>> view = View(package=False)
>>> argv = command(["-c", "print(1)"], view)
>>> argv[argv.index("--uid") + 1], "--unshare-all" in argv, "--clearenv" in argv
('65534', True, True)
"""

from __future__ import annotations

import functools
import os
import shutil
import site
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .._i18n import language, t
from . import _absent, _host_user

__all__ = [
    "HOME",
    "View",
    "command",
    "host_user_unavailable",
    "outside_environment",
    "run_module",
    "unavailable",
]

#: The program; LIGHTSOUT_BWRAP names another one (the tests name a missing one).
PROGRAM = os.environ.get("LIGHTSOUT_BWRAP", "bwrap")
#: The sandbox's home and working folder (inside its own /tmp).
HOME = "/tmp"
#: Bytes of the sandbox's /tmp and /dev/shm.
TMP_BYTES = 256 * 2**20
SHM_BYTES = 64 * 2**20
#: The folders of the system a Python program needs (read-only); /etc only in part.
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
ETC = ("/etc/ld.so.cache", "/etc/fonts", "/etc/alternatives", "/etc/localtime")
#: Environment variables set inside (nothing else is kept).
ENVIRONMENT = {
    "PATH": "/usr/local/bin:/usr/bin:/bin",
    "HOME": HOME,
    "LANG": "C.UTF-8",
    "MPLBACKEND": "Agg",
    "MPLCONFIGDIR": f"{HOME}/.matplotlib",
    "NUMBA_NUM_THREADS": "1",
    "OMP_NUM_THREADS": "1",
    "OPENBLAS_NUM_THREADS": "1",
    "LIGHTSOUT_SANDBOX": "bubblewrap",
}


@dataclass(frozen=True)
class View:
    """What of the disk the sandbox sees, besides the system and Python.

    ``package``: this package in full; without it, only the modules the runner itself
    needs (``_runner`` and what it imports) are readable, and every other module of the
    package, galois and sympy are stubs whose import fails (``absent``): a student's
    function graded "with NumPy only" has no solver to reach, by ``__wrapped__``, a reload
    or a fresh copy of a module.  Nothing else of the disk is there: not the notebook's
    folder (a copy of the package beside the notebook is not importable), nor the folders
    the notebook added to ``sys.path``.
    """

    package: bool = True


#: The modules of the package a runner needs when the package is otherwise absent.
RUNNER_MODULES = (
    "__init__.py",
    "_threads.py",
    "_i18n.py",
    "strings",
    "exercises/_runner.py",
    "exercises/_frames.py",
    "exercises/_plain.py",
    "exercises/_sandbox.py",
)
#: Modules a runner starts from: a sandbox that cannot read them cannot run one.
RUNNER_STARTS_FROM = ("lightsout_edu.exercises._runner", "numpy", "cloudpickle")
#: Packages bound away when the package is absent: they solve linear systems over GF(p).
SOLVER_PACKAGES = _absent.SOLVER_PACKAGES

_PACKAGE = Path(__file__).resolve().parent.parent


@functools.cache
def unavailable() -> str | None:
    """Why bubblewrap cannot sandbox here, in one sentence with the fix; None if it can."""
    if not sys.platform.startswith("linux"):
        return t(
            "bubblewrap, the sandbox, runs on Linux only (this is {platform})",
            platform=sys.platform,
        )
    if shutil.which(PROGRAM) is None:
        return t(
            "bubblewrap, the sandbox, is not installed: install it with 'sudo apt-get install "
            "bubblewrap' (Debian, Ubuntu) or 'sudo dnf install bubblewrap' (Fedora)"
        )
    trial = _bwrap_argv(["-c", "pass"], View(package=False))  # as the grader: whoever it is
    try:
        done = subprocess.run(trial, capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return t("bubblewrap could not start ({error})", error=error)
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip().splitlines()
        return t(
            "bubblewrap cannot make a sandbox here ({said}): user namespaces are switched off "
            "(sysctl kernel.unprivileged_userns_clone=1) or this container does not allow them",
            said=said[-1] if said else f"exit status {done.returncode}",
        )
    return None


@functools.cache
def host_user_unavailable() -> str | None:
    """Why this root grader's sandboxes run as root, in one sentence with the fix.

    None where each runs under a host uid of its own (``_host_user``), and where the grader
    is not root (a sandbox then runs as the grader's own uid).  Found once per process: the
    folders bound must be readable by any user, and a sandbox under a host uid must start
    and read the files a runner starts from (:data:`RUNNER_STARTS_FROM`).  A file deeper in
    a bound folder that only root may read is not looked for: importing it in the sandbox
    fails with PermissionError (``_host_user``).
    """
    if os.geteuid() != 0:
        return None
    if shutil.which(_host_user.PROGRAM) is None:
        return t(
            "nsenter (util-linux), which starts each sandbox under a host uid of its own, is "
            "not installed"
        )
    views = [View(package=False), View(package=True)]
    bound = [path for view in views for path in _host_user.sources(_bwrap_argv([], view))]
    closed = _host_user.unreadable(bound)
    if closed is not None:
        return t(
            "{path} cannot be read by other users, so a sandbox under a uid of its own could "
            "not read it (make it readable by all: chmod -R o+rX {path})",
            path=closed,
        )
    read = (
        f"import importlib.util as u, sys; sys.path.insert(0, {str(_PACKAGE.parent)!r})\n"
        f"for m in {RUNNER_STARTS_FROM!r}: open(u.find_spec(m).origin, 'rb').close()"
    )
    trial = _bwrap_argv(["-c", read], View(package=False))
    try:
        argv = _host_user.prefix(trial) + trial
        done = subprocess.run(argv, capture_output=True, timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired) as error:
        return t("a sandbox under a host uid of its own could not start ({said})", said=error)
    if done.returncode != 0:
        said = done.stderr.decode(errors="replace").strip().splitlines()
        return t(
            "a sandbox under a host uid of its own could not start ({said})",
            said=said[-1] if said else f"exit status {done.returncode}",
        )
    return None


def command(python_args: Sequence[str], view: View) -> list[str]:
    """The command line that runs ``python -I <python_args>`` in a fresh sandbox.

    Where the grader is root, under a host uid of the sandbox's own, unless
    :func:`host_user_unavailable` says why not.
    """
    argv = _bwrap_argv(python_args, view)
    if os.geteuid() != 0 or host_user_unavailable() is not None:
        return argv
    return _host_user.prefix(argv) + argv


def _bwrap_argv(python_args: Sequence[str], view: View) -> list[str]:
    """The bubblewrap command line itself, run as whoever runs it."""
    argv = [
        shutil.which(PROGRAM) or PROGRAM,  # found here: bubblewrap runs with another PATH
        "--unshare-all",
        "--uid",
        "65534",
        "--gid",
        "65534",
        "--cap-drop",
        "ALL",
        "--die-with-parent",
        "--as-pid-1",  # the runner is pid 1: nothing inside can signal it (``_runner``)
        "--new-session",
        "--hostname",
        "sandbox",
    ]
    argv += _system_folders()
    argv += ["--proc", "/proc", "--dev", "/dev"]
    argv += ["--size", str(TMP_BYTES), "--tmpfs", "/tmp"]
    argv += ["--size", str(SHM_BYTES), "--tmpfs", "/dev/shm"]
    # after the tmpfs: a Python, or a checkout of the course, in /tmp stays visible
    for folder in _python_folders():
        argv += ["--ro-bind", folder, folder]
    # the package last: a Python folder holding it does not bring back what is absent
    if view.package:
        argv += _bind_if_outside(str(_PACKAGE))
        # the runner needs none of the checkers: an empty exercises package starts it twice
        # as fast (its modules stay importable one by one)
        exercises = str(_PACKAGE / "exercises" / "__init__.py")
        argv += ["--ro-bind", str(_stubs() / "exercises.py"), exercises]
    else:
        argv += _runner_only()
    # the root is an unbounded tmpfs: read-only, or a submission fills the grader's memory
    argv += ["--remount-ro", "/", "--chdir", HOME, "--clearenv"]
    for name, value in ENVIRONMENT.items():
        argv += ["--setenv", name, value]
    argv += [_python(), "-I", *python_args]
    return argv


def run_module(module: str) -> list[str]:
    """The arguments of ``python -I`` that run ``module`` as ``-m`` does, from this package.

    The folder holding this package comes first on ``sys.path``: the sandbox runs the
    grader's own copy, not the one Python's site finds (a git worktree sharing another
    checkout's virtual environment).  Only the package is bound there, nothing beside it.
    """
    boot = (
        f"import runpy, sys; sys.path.insert(0, {str(_PACKAGE.parent)!r}); "
        f"runpy.run_module({module!r}, run_name='__main__', alter_sys=True)"
    )
    return ["-c", boot]


def outside_environment() -> dict[str, str]:
    """The environment bubblewrap itself runs with (its init, pid 1 inside, is readable there)."""
    return {"PATH": ENVIRONMENT["PATH"]}  # not the notebook's: no tokens, no home paths


def _python() -> str:
    """The running Python, its folder's symlinks resolved (a linked venv is bound)."""
    folder, name = os.path.split(sys.executable)
    return os.path.join(os.path.realpath(folder), name)


def _system_folders() -> list[str]:
    argv: list[str] = []
    for folder in SYSTEM:
        if os.path.islink(folder):
            argv += ["--symlink", os.readlink(folder), folder]
        elif os.path.isdir(folder):
            argv += ["--ro-bind", folder, folder]
    for path in ETC:
        if os.path.exists(path):
            argv += ["--ro-bind", path, path]
    return argv


@functools.cache
def _python_folders() -> tuple[str, ...]:
    """The folders of this Python and its packages, outside the system folders."""
    candidates = {  # real paths: a symlinked venv would be hidden by a readable folder
        os.path.realpath(sys.prefix),
        os.path.realpath(sys.base_prefix),
        os.path.realpath(sys.exec_prefix),
        str(Path(os.path.realpath(sys.executable)).parent.parent),
    }
    # a site-packages that a .pth adds (the hub's servers' Python sees the course's so:
    # hub/python.py), but never the user's own (in their home)
    user_site = site.getusersitepackages()
    candidates |= {
        os.path.realpath(path)
        for path in sys.path
        if os.path.basename(path) == "site-packages" and path != user_site
    }
    chosen: list[str] = []
    for folder in sorted(candidates, key=len):
        if any(folder == c or folder.startswith(c + os.sep) for c in chosen):
            continue
        if not any(folder.startswith(s + os.sep) for s in SYSTEM) and os.path.isdir(folder):
            chosen.append(folder)
    return tuple(chosen)


def _bind_if_outside(folder: str) -> list[str]:
    """Bind ``folder`` read-only unless a Python folder holds it already."""
    if any(folder.startswith(p + os.sep) for p in _python_folders()):
        return []
    return ["--ro-bind", folder, folder]


def _runner_only() -> list[str]:
    """The package reduced to the runner's modules; the rest, galois and sympy, absent."""
    stubs = _stubs()
    argv = ["--tmpfs", str(_PACKAGE)]  # an empty folder, then only what the runner needs
    for name in RUNNER_MODULES:
        argv += ["--ro-bind", str(_PACKAGE / name), str(_PACKAGE / name)]
    argv += ["--ro-bind", str(stubs / "exercises.py"), str(_PACKAGE / "exercises/__init__.py")]
    for path in sorted(_PACKAGE.glob("*.py")):
        if path.name not in RUNNER_MODULES:
            argv += ["--ro-bind", str(stubs / "absent.py"), str(path)]
    argv += ["--remount-ro", str(_PACKAGE)]
    for name in SOLVER_PACKAGES:
        for folder in _python_folders():
            for found in Path(folder).glob(f"lib/python*/site-packages/{name}/__init__.py"):
                argv += ["--ro-bind", str(stubs / "absent.py"), str(found)]
    return argv


def _stubs() -> Path:
    """Two small module files: an empty package, and a module whose import fails."""
    return _stubs_in(language())


@functools.cache
def _stubs_in(chosen: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="lightsout-sandbox-stubs-"))
    (folder / "exercises.py").write_text('"""The runner only."""\n', encoding="utf-8")
    said = _absent.message(chosen)
    (folder / "absent.py").write_text(f"raise ImportError({said!r})\n", encoding="utf-8")
    for path in folder.iterdir():
        path.chmod(0o644)
    folder.chmod(0o755)
    return folder
