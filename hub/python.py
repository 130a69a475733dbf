"""The Python the students' servers run, which every student's system user must be able to run.

The course's virtualenv is made from some Python; where that Python lies in a folder others
may not enter (pyenv's under ``/root``, 0700, as on a container run as root), a student's
system user cannot start it.  :func:`servers_python` then makes a virtualenv of the
machine's own Python of the same version (``/usr/bin/python3.11``) under the hub's state
folder that sees the course's packages (a ``.pth`` adding the course virtualenv's
``site-packages``, as ``site.addsitedir`` reads it), and the course's commands (``nbgrader``,
``jupyter``, ``alembic``...) in its ``bin/``; else it refuses, saying what to install where.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import sysconfig
from pathlib import Path


def reachable_by_all(path: Path) -> bool:
    """Whether any user may reach ``path`` (each folder above it is others-executable)."""
    path = path.resolve()
    folders = [path, *path.parents] if path.is_dir() else list(path.parents)
    return all(folder.stat().st_mode & stat.S_IXOTH for folder in folders) and bool(
        path.stat().st_mode & stat.S_IROTH
    )


def course_packages() -> list[Path]:
    """What the servers import: the course virtualenv's packages and ``lightsout_edu``."""
    import lightsout_edu

    return [Path(sysconfig.get_paths()["purelib"]), Path(lightsout_edu.__file__).parent]


def servers_python(state: Path) -> Path:
    """The Python of the students' servers (see the module docstring)."""
    hidden = [str(folder) for folder in course_packages() if not reachable_by_all(folder)]
    if hidden:
        raise RuntimeError(
            f"the course's packages are in folders the students' users may not enter "
            f"({', '.join(hidden)}): put the repository and its virtualenv where everyone may "
            f"read (e.g. /opt/lightsout_edu)"
        )
    ours = Path(sys.executable)
    base = Path(sys.base_prefix)
    if reachable_by_all(ours.resolve()) and reachable_by_all(base / "lib"):
        return ours
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    system = next(
        (
            Path(folder, version)
            for folder in ("/usr/bin", "/usr/local/bin")
            if Path(folder, version).exists() and reachable_by_all(Path(folder, version))
        ),
        None,
    )
    if system is None:
        raise RuntimeError(
            f"the course's Python ({ours.resolve()}) is in a folder the students' users may "
            f"not enter, and this machine has no {version} of its own in /usr/bin: install the "
            f"course into a virtualenv everyone may read (e.g. /opt/lightsout_edu/.venv)"
        )
    bridge = state / "python"
    if not (bridge / "bin" / "python").exists():
        subprocess.run([str(system), "-m", "venv", "--without-pip", str(bridge)], check=True)
    packages = Path(sysconfig.get_paths()["purelib"])
    where = "import sysconfig; print(sysconfig.get_paths()['purelib'])"
    site = Path(
        subprocess.run(
            [str(bridge / "bin" / "python"), "-c", where],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    (site / "lightsout_course.pth").write_text(f"import site; site.addsitedir({str(packages)!r})\n")
    shebang = f"#!{ours.parent / 'python'}".encode()
    for source in sorted(ours.parent.iterdir()):
        if source.is_file() and source.read_bytes()[:200].startswith(shebang):
            # the same entry point (nbgrader, jupyter, alembic...), run by the bridge's Python
            body = source.read_text(encoding="utf-8").split("\n", 1)[1]
            target = bridge / "bin" / source.name
            target.write_text(f"#!{bridge / 'bin' / 'python'}\n{body}", encoding="utf-8")
            target.chmod(0o755)
    for folder, _, files in os.walk(bridge):
        Path(folder).chmod(0o755)
        for name in files:
            path = Path(folder, name)
            if not path.is_symlink():
                path.chmod(path.stat().st_mode | 0o444)
    return bridge / "bin" / "python"
