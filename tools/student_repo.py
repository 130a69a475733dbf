"""The student distribution: a git repository a lecturer can publish for Binder or a JupyterHub.

Usage: ``python -m tools.student_repo [--out student-repo]`` (``make student-repo``).

The folder is built from a list of what students get -- never by removing teacher files
from a copy -- so nothing new for teachers can slip in:

- ``notebooks/``: the student handouts (``tools.make_handouts``): lectures, exercises without
  their solutions, the reference pages; no instructor guide; and ``benchmarks/results.json``,
  which lectures 8 and 9 plot;
- ``lightsout_edu/`` and ``pyproject.toml``: the package the notebooks import (its
  formative multiple-choice keys come along, not shown in plain text but readable by a
  determined student: they count for nothing, graded multiple choice is the LMS quiz);
- ``environment.yml`` (Binder, conda) and ``requirements.txt`` (pip), the same packages,
  and nbgitpuller, which pulls this repository into a hub's servers (``hub/z2jh/``);
- ``apt.txt``: bubblewrap, the formative checks' sandbox, in an image repo2docker builds;
- ``postBuild``: JupyterLab's defaults only, it reads no teacher file;
- ``README.md`` for students, ``LICENSE``.

The folder is made a git repository with one commit, ready to push.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from tools.make_handouts import copy_lecture_data, write_student_notebooks

REPO = Path(__file__).resolve().parents[1]
#: What students get besides the notebooks, copied as it is.
STUDENT_FILES = ("pyproject.toml", "LICENSE")
#: What repo2docker installs with apt-get in the image of a hub's servers.
APT = "# repo2docker installs these with apt-get: the formative checks' sandbox\nbubblewrap\n"
PACKAGE = "lightsout_edu"

POST_BUILD = """#!/usr/bin/env bash
# repo2docker (Binder, JupyterHub images) runs this after installing environment.yml:
# the course's JupyterLab defaults (no news toast, no update check). It reads no other file.
set -euo pipefail
python - <<'PY'
import json, sys
from pathlib import Path
target = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
current = json.loads(target.read_text()) if target.is_file() else {}
plugin = current.setdefault("@jupyterlab/apputils-extension:notification", {})
plugin.update({"fetchNews": "false", "checkForUpdates": False})
target.parent.mkdir(parents=True, exist_ok=True)
target.write_text(json.dumps(current, indent=2) + "\\n")
PY
"""

README = """# Linear algebra over GF(2) through Lights Out — the student edition

Nine lectures and an exercise set for each, in Jupyter notebooks. Open `notebooks/` and start
with `01_the_game_and_its_toggle_matrix.ipynb`; the exercises are in `notebooks/exercises/`.

- **On Binder**: click the course's Binder link (your lecturer gives it); it opens this
  repository in JupyterLab, nothing to install.
- **On your own computer** (Python 3.11 or newer):

  ```bash
  python -m venv .venv && . .venv/bin/activate
  pip install -r requirements.txt
  jupyter lab notebooks
  ```

Every exercise ends with a cell that checks your answer. When the answer is a function you
wrote, the checker runs it in a separate process on hidden cases and says what went wrong;
your notebook is never affected. In the exercises where you write an algorithm yourself,
the package's own solver for it is switched off while your function is checked.
"""


def _requirements() -> str:
    return (
        "# pip install -r requirements.txt: the course package and JupyterLab\n"
        "# (the same packages as environment.yml)\n"
        "-e .[course]\n"
    )


def _environment() -> str:
    """The course's ``environment.yml`` and nbgitpuller, which a hub's image needs."""
    course = (REPO / "environment.yml").read_text(encoding="utf-8")
    lab = "  - jupyterlab>=4.0\n"
    if lab not in course:
        raise ValueError(f"environment.yml has no line {lab.strip()!r} to add nbgitpuller after")
    return course.replace(lab, lab + "  - nbgitpuller>=1.2\n")


def _copy_package(out: Path) -> None:
    shutil.copytree(
        REPO / PACKAGE,
        out / PACKAGE,
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.nbi", "*.nbc"),
    )


def build(out: Path, *, notebooks: Path = REPO / "notebooks", commit: bool = True) -> Path:
    """Write the student repository into ``out`` (emptied first); return ``out``."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    write_student_notebooks(notebooks, out / "notebooks")
    copy_lecture_data(REPO, out / "notebooks")
    _copy_package(out)
    for name in STUDENT_FILES:
        shutil.copy2(REPO / name, out / name)
    (out / "environment.yml").write_text(_environment(), encoding="utf-8")
    (out / "apt.txt").write_text(APT, encoding="utf-8")
    (out / "requirements.txt").write_text(_requirements(), encoding="utf-8")
    (out / "README.md").write_text(README, encoding="utf-8")
    post_build = out / "postBuild"
    post_build.write_text(POST_BUILD, encoding="utf-8")
    post_build.chmod(0o755)
    if commit:
        _commit(out)
    return out


def _commit(out: Path) -> None:
    git = [
        "git",
        "-C",
        str(out),
        "-c",
        "user.name=lightsout_edu",
        "-c",
        "user.email=course@localhost",
    ]
    subprocess.run([*git, "init", "-q", "-b", "main"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "The course, student edition"], check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.student_repo",
        description="Write the student edition of the course as a git repository (no "
        "solutions, no instructor guide, no answer key).",
    )
    parser.add_argument("--out", type=Path, default=Path("student-repo"))
    args = parser.parse_args(argv)
    build(args.out)
    print(f"Wrote the student repository to {args.out}/ (a git repository with one commit)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
