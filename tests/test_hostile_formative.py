"""The attacks of issue 31 on the formative checks, in a real kernel, against bubblewrap.

The notebook is built from ``tests/notebooks_as_scripts/hostile_formative.py`` and executed
with nbclient.  Each attack is the student's function given to a checker: a process that
leaves the runner's session, signals to everything, reading the parent's environment and
memory, a forged verdict written into every reachable file descriptor, /tmp and /dev/shm
filled, the package rewritten and the judge killed, LD_PRELOAD and PYTHONPATH set in the
kernel.  Every check must answer within a bound, a right answer must still pass after each,
and nothing may be left or changed on the host.  None of the ways round a write-it-yourself
exercise's solvers (``__wrapped__``, a reload, a fresh copy of a module, a call made from a
package file name, sympy's internals, a copy of the package in the notebook's folder) passes:
the solvers are not in the sandbox, and neither is the notebook's folder.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import lightsout_edu
from lightsout_edu.exercises import _judge

SOURCE = Path(__file__).parent / "notebooks_as_scripts" / "hostile_formative.py"
REPO = Path(__file__).resolve().parents[1]
#: No check may take longer than this (the attacks' own limits are scaled to 0.3).
BOUND_SECONDS = 10.0
pytestmark = [
    pytest.mark.notebook,
    pytest.mark.skipif(
        _judge.start_method() != "bubblewrap", reason="bubblewrap does not run here"
    ),
]


def notebook() -> nbformat.NotebookNode:
    cells = SOURCE.read_text(encoding="utf-8").split("# %%\n")[1:]
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(cell.strip()) for cell in cells]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    return nb


def package_hash() -> str:
    root = Path(lightsout_edu.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(root)).encode() + path.read_bytes())
    return digest.hexdigest()


@pytest.fixture(scope="module")
def results() -> dict:
    before = package_hash()
    nb = notebook()
    # the kernel runs where the tests run: it imports this checkout's package
    resources = {"metadata": {"path": str(REPO)}}
    NotebookClient(nb, timeout=300, kernel_name="python3", resources=resources).execute()
    lines = [
        json.loads(line)
        for output in nb.cells[-1].outputs
        if output.get("name") == "stdout"
        for line in output["text"].splitlines()
    ]
    checks = {check["label"]: check for check in lines[1:]}
    return {"findings": lines[0], "checks": checks, "hashes": (before, package_hash())}


def reported(check: dict, kind: str) -> dict:
    """The JSON an attack raised, as the checker's message quotes it."""
    found = re.search(kind + r"<<(.*)>>", check["message"], re.DOTALL)
    assert found, check
    return json.loads(found.group(1))


def test_the_kernel_tests_this_checkout_and_every_check_answers_in_time(results):
    assert results["findings"]["package"] == lightsout_edu.__file__
    for check in results["checks"].values():
        assert check["seconds"] < BOUND_SECONDS, check
        assert "could not be checked" not in check["message"], check
        assert "could not run" not in check["message"], check
    for label, check in results["checks"].items():
        if label.startswith("right "):
            assert check["correct"], check  # a right answer passes after every attack
        elif not label.startswith(("bypass ", "signals, then right")):
            assert not check["correct"], check


def test_no_process_outlives_the_check(results):
    findings = results["findings"]
    assert findings["processes_after_fork"] == []
    assert findings["processes_after_fork_loop"] == []
    assert findings["processes_at_end"] == []
    assert "still running" in results["checks"]["fork and setsid, then loop"]["message"]


def test_signals_reach_nothing_outside(results):
    checks = results["checks"]
    for label in ("stops_its_parent", "kills_everything", "kills_init"):
        assert "your formula gives 0" in checks[label]["message"], checks[label]
    assert checks["signals, then right"]["correct"]
    findings = results["findings"]
    assert findings["judge_after_rewrite"] == findings["judge_before"]  # never killed


def test_the_sandbox_sees_only_itself(results):
    look = reported(results["checks"]["looks around"], "LOOK")
    assert look["uid"] == 65534
    assert (look["pid"], look["ppid"]) == (2, 1)
    assert set(look["processes"]) == {"1", "2"}, look["processes"]
    # pid 1 is the runner, which keeps the judge's pipes (issue 40): the student's code runs
    # in its child and can read neither its environment nor its memory
    assert "python" in look["processes"]["1"].split("\0")[0]
    for secret in ("parent_environ", "init_environ", "parent_mem"):
        assert look[secret] == "PermissionError", look[secret]
    assert not {"LD_PRELOAD", "PYTHONPATH", "JPY_SESSION_NAME"} & set(look["own_environ"])
    assert look["etc_shadow"] == "FileNotFoundError"
    assert look["home"] == "FileNotFoundError"


def test_a_forged_verdict_is_not_a_verdict(results):
    check = results["checks"]["forges a verdict"]
    # a frame no runner sends is the student's own failure, named (issue 40)
    assert not check["correct"] and "wrote to the grader's channel" in check["message"], check
    assert results["checks"]["right after a forged verdict"]["correct"]


def test_files_written_in_the_sandbox_stay_there(results):
    assert results["findings"]["files_after_fill"] == []
    assert results["findings"]["files_at_end"] == []


def test_the_package_cannot_be_changed(results):
    tried = reported(results["checks"]["rewrites the package"], "WRITE")
    assert tried and all(outcome not in ("written", "done") for outcome in tried.values()), tried
    before, after = results["hashes"]
    assert before == after
    findings = results["findings"]
    assert findings["hash_before"] == findings["hash_after_rewrite"] == findings["hash_after"]
    checks = results["checks"]
    assert checks["right after rewriting"]["correct"]
    assert not checks["wrong after rewriting"]["correct"]


def test_the_kernel_s_environment_does_not_reach_the_runner(results):
    env = reported(results["checks"]["LD_PRELOAD and PYTHONPATH in the kernel"], "ENV")
    assert not {"LD_PRELOAD", "PYTHONPATH", "PYTHONSTARTUP"} & set(env["environ"])
    assert env["preloaded"] is False
    assert env["sitecustomize"] is False
    assert env["isolated"] == 1


def test_no_way_round_a_write_it_yourself_exercise_passes(results):
    bypasses = {
        label.removeprefix("bypass "): check
        for label, check in results["checks"].items()
        if label.startswith("bypass ")
    }
    assert len(bypasses) == 22
    passing = sorted(label for label, check in bypasses.items() if check["correct"])
    assert passing == []
    for check in bypasses.values():
        assert "yourself" in check["message"], check  # refused as a solver, not by chance


def test_a_copy_of_the_package_beside_the_notebook_is_not_there(results):
    # issue 40: shutil.copytree of the package into the notebook's folder, then
    # import lo_copy.linalg inside the student's function, passed "write it yourself"
    assert results["findings"]["copy_importable_here"] is True  # the kernel imports it
    for label in ("copied package", "copied package's rref"):
        check = results["checks"][label + " beside the notebook"]
        assert check["correct"] is False
        assert "lo_copy" in check["message"], check  # refused because the copy is not there
