"""Start JupyterLab on the course: ``python -m tools.lab [more JupyterLab options]`` (make lab).

* The file browser opens on ``notebooks/``, which holds only the notebooks (their jupytext
  twins live in ``scripts/``), so every lecture is listed once.
* As root (Docker, many hub images) ``--allow-root`` is added: Jupyter refuses to start
  otherwise.
* No "Jupyter news" toast and no update check: the defaults of this environment are written
  to ``<sys.prefix>/share/jupyter/lab/settings/overrides.json`` (a student's own settings
  still win).
* Saving a notebook drops ``metadata.language_info.version`` (the kernel's Python version),
  so opening and saving a lecture does not change the file git knows. (The widgets' saved
  state needs no help: they send it as the browser writes it back, see
  ``lightsout_edu/widgets/_base.py``.)
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

OVERRIDES = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}


def scrub_notebook(model: dict[str, Any], **_: Any) -> None:
    """A ContentsManager pre-save hook: remove what differs from machine to machine."""
    if model.get("type") == "notebook":
        model["content"].get("metadata", {}).get("language_info", {}).pop("version", None)


def write_overrides(prefix: Path = Path(sys.prefix)) -> Path:
    """Merge the course's defaults into the environment's overrides.json; return its path."""
    return write_overrides_to(prefix / "share" / "jupyter" / "lab" / "settings")


def write_overrides_to(settings_dir: Path) -> Path:
    """Merge the course's defaults into ``settings_dir/overrides.json``; return its path."""
    target = settings_dir / "overrides.json"
    current = json.loads(target.read_text()) if target.is_file() else {}
    for plugin, values in OVERRIDES.items():
        current.setdefault(plugin, {}).update(values)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(current, indent=2) + "\n")
    return target


def lab_arguments(notebook_dir: str = "notebooks") -> list[str]:
    """The options ``make lab`` starts JupyterLab with (before the user's own)."""
    arguments = [
        f"--notebook-dir={notebook_dir}",
        "--ContentsManager.pre_save_hook=tools.lab.scrub_notebook",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        arguments.append("--allow-root")
    return arguments


def main(argv: list[str]) -> None:
    write_overrides()
    command = [sys.executable, "-m", "jupyterlab", *lab_arguments(), *argv]
    os.execv(sys.executable, command)  # python -m keeps the repository on sys.path (the hook)


if __name__ == "__main__":
    main(sys.argv[1:])
