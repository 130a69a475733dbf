"""A class on a JupyterHub (``hub/``, ``make hub``): the real hub, proxy and servers.

One hub for the module: three students log in, pull the course with nbgitpuller, run a
formative check in their own kernel (a right and a wrong answer), fetch and submit the first
assignment through nbgrader's exchange while the instructor releases and collects it, and
the sandboxed autograder gives each the mark its answers deserve.  Then the hub is stopped:
no process and no port of it may be left.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest

from grading import assignment
from hub.server import INSTRUCTOR, Hub, HubError, proxy_command
from lightsout_edu.exercises import _judge
from tests.test_assignment import PARTIAL, WRONG, filled

REPO = Path(__file__).resolve().parents[1]
STUDENTS = ("ada", "ben", "chen")
NAME = "game_and_gf2"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(_judge.start_method() != "bubblewrap", reason="bubblewrap does not run"),
]


def course_repository(folder: Path) -> Path:
    """A git repository holding the first exercises notebook, as the student edition does."""
    exercises = folder / "notebooks" / "exercises"
    exercises.mkdir(parents=True)
    source = REPO / "notebooks" / "exercises" / "E1_the_game.ipynb"
    (exercises / source.name).write_bytes(source.read_bytes())
    git = ["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "init", "-q", "-b", "main"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "course"], check=True)
    return folder


def process_alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie, dead but not reaped yet, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory):
    try:
        proxy_command()
    except HubError as error:
        pytest.fail(str(error))  # make test installs it (npm ci in hub/proxy)
    started = Hub.start(tmp_path_factory.mktemp("hub"))
    yield started
    started.stop()


@pytest.fixture(scope="module")
def classroom(hub: Hub, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every student's server started and the course pulled into their home."""
    repo = course_repository(tmp_path_factory.mktemp("course-repo"))
    with ThreadPoolExecutor(len(STUDENTS)) as pool:
        list(pool.map(hub.start_server, STUDENTS))
        pulled = pool.map(lambda user: hub.pull(user, str(repo)), STUDENTS)
        return dict(zip(STUDENTS, pulled, strict=True))


def test_each_student_pulls_the_course_into_their_own_home(hub: Hub, classroom) -> None:
    for user, folder in classroom.items():
        assert folder == hub.home(user) / "course"
        assert (folder / "notebooks" / "exercises" / "E1_the_game.ipynb").is_file()


def test_a_check_in_a_student_s_kernel_gives_each_answer_its_verdict(hub: Hub, classroom):
    code = (
        "from lightsout_edu.exercises import check_ones_in_toggle_matrix as check\n"
        "right, wrong = check(lambda n: 5 * n * n - 4 * n), check(lambda n: n * n)\n"
        "print(bool(right), bool(wrong), 'yourself' in str(check(lambda n: __import__("
        "'lightsout_edu').toggle_matrix(n, n).sum())))\n"
    )
    with ThreadPoolExecutor(len(STUDENTS)) as pool:
        said = list(pool.map(lambda user: hub.run_code(user, code), STUDENTS))
    assert said == ["True False True\n"] * len(STUDENTS)


def test_code_runs_in_a_kernel_from_a_thread_with_a_running_event_loop(hub: Hub, classroom):
    """As from a notebook (or beside a test's browser, as CI once had it): asyncio.run alone
    refuses a thread whose event loop is running.  The loop runs in a thread of its own here,
    as this worker's thread may have one running already."""

    async def from_a_running_loop() -> str:
        return hub.run_code("ada", "print(6 * 7)")

    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(asyncio.run, from_a_running_loop()).result() == "42\n"


def test_an_assignment_goes_round_the_exchange_and_is_graded(hub: Hub, classroom) -> None:
    course = hub.home(INSTRUCTOR) / "course"
    released = assignment.release(course, [NAME])[NAME]
    hub.nbgrader(INSTRUCTOR, "release_assignment", NAME, cwd=course)
    answers = {"ada": {}, "ben": WRONG[NAME], "chen": None}  # chen hands in the blank one

    def fetch_and_submit(user: str) -> None:
        hub.nbgrader(user, "fetch_assignment", NAME)
        notebook = hub.home(user) / NAME / f"{NAME}.ipynb"
        assert notebook.is_file()
        if answers[user] is not None:
            nbformat.write(filled(NAME, released, user, answers[user]), notebook)
        hub.nbgrader(user, "submit", NAME)

    with ThreadPoolExecutor(len(STUDENTS)) as pool:
        list(pool.map(fetch_and_submit, STUDENTS))
    hub.nbgrader(INSTRUCTOR, "collect", NAME, cwd=course)
    assert sorted(p.name for p in (course / "submitted").iterdir()) == sorted(STUDENTS)
    scores = assignment.autograde(course, [NAME])
    assert scores[NAME] == {"ada": 10.0, "ben": PARTIAL[NAME], "chen": 0.0}


def test_the_hub_survives_a_student_s_server_being_killed(hub: Hub, classroom) -> None:
    pid = hub.server_pid("chen")
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 30  # the kill takes effect: gone, or dead awaiting its parent
    while time.monotonic() < deadline and process_alive(pid):
        time.sleep(0.05)
    hub.start_server("chen")  # the hub notices, and starts a new one
    assert hub.server_pid("chen") != pid
    assert hub.run_code("chen", "print(6 * 7)") == "42\n"
    assert hub.run_code("ada", "print('still here')") == "still here\n"


def test_stopping_the_hub_leaves_no_process_and_no_port(hub: Hub, classroom) -> None:
    port = int(hub.url.rsplit(":", 1)[1])
    assert hub.processes()  # the hub, its proxy, three servers and their kernels
    assert hub.stop() == []  # JupyterHub stopped all of them itself
    assert hub.processes() == []
    with pytest.raises(ConnectionRefusedError):  # nothing listens on the public port
        socket.create_connection(("127.0.0.1", port), timeout=5).close()


def test_make_hub_installs_the_proxy_and_starts_the_tool() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    hub = makefile.split("\nhub:", 1)[1].split("\n\n", 1)[0]
    proxy = makefile.split("\n$(HUB_PROXY):", 1)[1].split("\n\n", 1)[0]
    assert "$(HUB_PROXY)" in hub and "-m hub " in hub
    assert "npm ci --prefix hub/proxy" in proxy


def test_the_kubernetes_configuration_follows_the_measured_class() -> None:
    """deploy/z2jh/config.yaml: sizes above the measured memory per student, the exchange
    mounted where nbgrader looks, the course pulled, idle servers culled, bubblewrap allowed."""
    import json

    import yaml

    config = yaml.safe_load((REPO / "deploy" / "z2jh" / "config.yaml").read_text())
    results = json.loads((REPO / "benchmarks" / "results.json").read_text())
    measured = max(row["memory_mib_per_student"] for row in results["hub"])
    single = config["singleuser"]
    assert int(single["memory"]["guarantee"].rstrip("M")) >= 1.5 * measured
    assert int(single["memory"]["limit"].rstrip("M")) >= 2 * measured
    mount = single["storage"]["extraVolumeMounts"][0]["mountPath"]
    assert f'c.Exchange.root = "{mount}"' in single["extraFiles"]["nbgrader-config"]["stringData"]
    assert single["lifecycleHooks"]["postStart"]["exec"]["command"][0] == "gitpuller"
    assert config["cull"]["enabled"]
    security = single["containerSecurityContext"]
    assert security["procMount"] == "Unmasked" and single["extraPodConfig"]["hostUsers"] is False
    assert config["hub"]["config"]["JupyterHub"]["authenticator_class"] != "dummy"


def test_the_readme_cites_the_committed_load_run() -> None:
    import json

    from benchmarks.hub import markdown_table

    results = json.loads((REPO / "benchmarks" / "results.json").read_text())
    assert [row["students"] for row in results["hub"]] == [10, 30, 60]
    assert all(row["failures"] == [] and row["left_running"] == 0 for row in results["hub"])
    assert markdown_table(results["hub"]) in (REPO / "README.md").read_text(encoding="utf-8")


def test_the_hub_command_refuses_a_course_that_is_not_there(tmp_path, capsys) -> None:
    from hub import server as tool

    missing = str(tmp_path / "no-such-course")
    assert tool.main(["--state", str(tmp_path / "hub"), "--course", missing]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "make student-repo" in said[0]
    assert not (tmp_path / "hub").exists()  # refused before anything started
