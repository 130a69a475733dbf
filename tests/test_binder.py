"""Binder / JupyterHub: what repo2docker reads from this repository builds the course.

repo2docker (the image builder behind mybinder.org and many JupyterHubs) reads its
configuration from ``binder/`` or ``.binder/`` if one exists, else from the repository root.
The first build pack whose files it finds wins (a Dockerfile beats environment.yml); with
``environment.yml`` it runs ``mamba env update -f environment.yml``, after copying the whole
repository in when the pip section has a local requirement such as ``-e .``, and then runs
``postBuild`` if there is one. Conda is not available here, so these tests read the files
the way repo2docker does and check what the build would install.
"""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]

# Files that make repo2docker pick another build pack before its conda one.
EARLIER_BUILD_PACKS = ("Dockerfile", "Project.toml", "REQUIRE", "default.nix", "DESCRIPTION")
# repo2docker reads a Python version only from a `python=X.Y` entry (PYTHON_REGEX).
PYTHON_PIN = re.compile(r"python\s*=+\s*([\d.]*)")


def binder_dir(root: Path = ROOT) -> Path:
    """The folder repo2docker takes its configuration from."""
    binder, dotbinder = root / "binder", root / ".binder"
    assert not (binder.is_dir() and dotbinder.is_dir()), "repo2docker refuses both binder dirs"
    return dotbinder if dotbinder.is_dir() else binder if binder.is_dir() else root


def is_local_requirement(line: str) -> bool:
    """Whether a pip requirement line points into the repository (as repo2docker decides)."""
    line = line.split("#", 1)[0].strip()
    if line.startswith(("--editable=", "--requirement=", "--constraint=")):
        line = line.split("=", 1)[1]
    elif line.startswith("-"):
        parts = line.split(None, 1)
        if parts[0] in ("-r", "-c", "--requirement", "--constraint"):
            return True
        line = parts[1] if len(parts) > 1 else ""
    return line.startswith(".") or "file://" in line


def environment() -> dict:
    path = binder_dir() / "environment.yml"
    assert path.is_file(), f"repo2docker finds no environment.yml in {path.parent}"
    env = yaml.safe_load(path.read_text())
    assert isinstance(env, dict), "environment.yml must be a mapping (repo2docker rejects lists)"
    return env


def conda_packages(env: dict) -> dict[str, str]:
    """Conda dependencies: canonical name -> the whole spec."""
    specs = [d for d in env.get("dependencies", []) if isinstance(d, str)]
    return {canonicalize_name(re.split(r"[\s<>=!~]", s, maxsplit=1)[0]): s for s in specs}


def pip_lines(env: dict) -> list[str]:
    sections = [d["pip"] for d in env.get("dependencies", []) if isinstance(d, dict) and "pip" in d]
    assert len(sections) == 1, "environment.yml needs exactly one `pip:` section"
    return list(sections[0])


def test_the_conda_build_pack_is_the_one_repo2docker_picks() -> None:
    folder = binder_dir()
    found = [name for name in EARLIER_BUILD_PACKS if (folder / name).exists()]
    assert found == [], f"repo2docker would build from {found} and ignore environment.yml"
    runtime = folder / "runtime.txt"
    assert not (runtime.exists() and runtime.read_text().startswith("r-")), "R build pack"
    environment()
    assert not (folder / "environment.yaml").exists(), "repo2docker reads only environment.yml"
    assert not (folder / "requirements.txt").exists(), (
        "requirements.txt is ignored next to environment.yml; move its lines into the pip section"
    )


def test_conda_forge_and_pip_are_there() -> None:
    env = environment()
    assert "conda-forge" in env.get("channels", []), "galois is only on conda-forge"
    assert "pip" in conda_packages(env), "list pip itself before the pip: section"


def test_the_package_itself_is_installed_from_the_repository() -> None:
    env_dir = binder_dir()
    local = [line for line in pip_lines(environment()) if is_local_requirement(line)]
    assert local, "the pip section must install the course package, e.g. `- -e .`"
    for line in local:
        target = re.sub(r"^(-e|--editable=?)\s*", "", line.split("#", 1)[0].strip())
        target = re.sub(r"\[.*\]$", "", target)  # extras, e.g. `-e .[course]`
        # conda runs pip from the folder of environment.yml, so the path is relative to it
        project = (env_dir / target).resolve()
        pyproject = project / "pyproject.toml"
        assert pyproject.is_file(), f"pip line {line!r} does not point at the repository"
        name = tomllib.loads(pyproject.read_text())["project"]["name"]
        assert canonicalize_name(name) == canonicalize_name("lightsout_edu")


def test_every_runtime_dependency_is_installed() -> None:
    env = environment()
    conda = conda_packages(env)
    pip = {
        canonicalize_name(Requirement(line).name)
        for line in pip_lines(env)
        if not is_local_requirement(line) and not line.startswith("-")
    }
    needed = PROJECT["dependencies"] + PROJECT["optional-dependencies"]["course"]
    missing = [
        r for r in needed if canonicalize_name(Requirement(r).name) not in conda.keys() | pip
    ]
    assert missing == [], f"environment.yml does not install {missing}"
    for requirement in map(Requirement, needed):
        ours = [Version(s.version) for s in requirement.specifier if s.operator == ">="]
        theirs = re.search(r">=\s*([\w.]+)", conda.get(canonicalize_name(requirement.name), ""))
        if ours and theirs:
            assert Version(theirs.group(1)) >= max(ours), (
                f"environment.yml allows {requirement.name} {theirs.group(0)}, older than "
                f"pyproject's {requirement}: pip would then replace conda's copy"
            )


def test_python_version_fits_the_package() -> None:
    conda = conda_packages(environment())
    spec = conda.get("python", "")
    pin = PYTHON_PIN.match(spec)
    allowed = SpecifierSet(PROJECT["requires-python"])
    if pin and pin.group(1):
        assert allowed.contains(pin.group(1) + ".0"), f"{spec} does not satisfy {allowed}"
    else:
        # repo2docker then keeps its default Python (3.10 or newer); the spec must allow one
        bounds = SpecifierSet(spec[len("python") :].strip()) if spec else SpecifierSet()
        assert any(
            allowed.contains(v) and bounds.contains(v) for v in ("3.10", "3.11", "3.12", "3.13")
        ), f"{spec!r} and requires-python {allowed} leave no Python repo2docker can use"


def test_post_build_and_start_are_executable_scripts() -> None:
    for name in ("postBuild", "start"):
        script = binder_dir() / name
        if not script.exists():
            continue
        assert os.access(script, os.X_OK), f"{name} must be executable (chmod +x)"
        assert script.read_text().startswith("#!"), f"{name} needs a #! line"


@pytest.mark.slow
def test_launch_links_in_the_readme_open_existing_notebooks(student_repo: Path) -> None:
    """A Binder link opens a notebook of the student edition (``make student-repo``)."""
    readme = (ROOT / "README.md").read_text()
    targets = re.findall(
        r"mybinder\.org/v2/gh/[^\s)\"'>`]*?urlpath=(?:lab/tree/)?([^\s)&\"'>`]+)", readme
    )
    assert targets, "the README should have Binder launch links"
    for target in targets:
        path = student_repo / target.replace("%2F", "/")
        assert path.exists(), f"README launch link opens {target}, not in the student edition"


def test_binder_links_open_the_student_edition() -> None:
    readme = (ROOT / "README.md").read_text()
    links = re.findall(r"(?:mybinder\.org/v2/gh|git-pull\?repo=https://github\.com)/\S+", readme)
    assert links and all("REPO-student" in link for link in links)


def test_the_student_edition_builds_on_binder_too(student_repo: Path) -> None:
    assert binder_dir(student_repo) == student_repo
    env = yaml.safe_load((student_repo / "environment.yml").read_text())
    local = [line for line in pip_lines(env) if is_local_requirement(line)]
    assert local and (student_repo / "pyproject.toml").is_file()
    post_build = student_repo / "postBuild"
    assert os.access(post_build, os.X_OK) and post_build.read_text().startswith("#!")
    assert "tools" not in post_build.read_text(), "the student edition has no tools/ folder"
    # the image of a hub's servers (hub/z2jh): nbgitpuller for the course link and the
    # postStart pull, bubblewrap for the formative checks' sandbox (repo2docker's apt.txt)
    assert "nbgitpuller" in conda_packages(env)
    apt = (student_repo / "apt.txt").read_text().splitlines()
    assert [line for line in apt if line and not line.startswith("#")] == ["bubblewrap"]


@pytest.mark.parametrize(
    ("line", "local"),
    [
        ("-e .", True),
        (".", True),
        ("--editable=.[course]", True),
        ("-r requirements.txt", True),
        ("numpy>=1.24", False),
        ("git+https://example.org/x.git", False),
        ("-e ..", True),
    ],
)
def test_local_requirement_detection(line: str, local: bool) -> None:
    assert is_local_requirement(line) is local


def test_binder_dir_precedence(tmp_path: Path) -> None:
    assert binder_dir(tmp_path) == tmp_path
    (tmp_path / "binder").mkdir()
    assert binder_dir(tmp_path) == tmp_path / "binder"
    (tmp_path / ".binder").mkdir()
    with pytest.raises(AssertionError):
        binder_dir(tmp_path)
