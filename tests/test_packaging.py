"""The set-up files agree: pyproject.toml, environment.yml, Makefile, .ci/run, README."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _name_and_bound(requirement: str) -> tuple[str, str]:
    match = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(>=\s*[\w.]+)?", requirement)
    assert match, requirement
    return match.group(1).lower().replace("_", "-"), (match.group(2) or "").replace(" ", "")


def test_environment_yml_lists_the_same_packages_as_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = dict(_name_and_bound(r) for r in project["dependencies"])
    wanted.update(_name_and_bound(r) for r in project["optional-dependencies"]["course"])
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = [d for d in env["dependencies"] if isinstance(d, str)]
    listed = dict(_name_and_bound(d) for d in conda if not d.startswith(("python", "pip")))
    assert listed == wanted
    assert "conda-forge" in env["channels"]
    pip_section = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert "-e ." in pip_section  # Binder installs the package itself
    python = next(d for d in conda if d.startswith("python"))
    assert python.replace(" ", "") == "python" + project["requires-python"].replace(" ", "")


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text()
    readme = (ROOT / "README.md").read_text()
    assert "make test" in ci and "make test" in readme and "make lab" in readme
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^test:", makefile, re.M) and re.search(r"^lab:", makefile, re.M)


def test_no_public_name_is_also_a_submodule():
    """Importing lightsout_edu.X would replace a lazily exported lightsout_edu.X."""
    import importlib.util

    import lightsout_edu

    clashes = [n for n in lightsout_edu.__all__ if importlib.util.find_spec(f"lightsout_edu.{n}")]
    assert clashes == []


def test_all_lists_every_export_once():
    import lightsout_edu

    assert sorted(lightsout_edu.__all__) == sorted(lightsout_edu._EXPORTS)
    for name in lightsout_edu.__all__:
        assert getattr(lightsout_edu, name) is not None
