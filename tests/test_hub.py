"""A class on a JupyterHub (``hub/``, ``make hub``): the real hub, proxy and servers.

One hub for the module, as ``python -m hub`` starts it for a class: three students of the
class list and the instructor, each a system user of their own made at their first login.
The students pull the course with nbgitpuller and run a formative check in their own kernel
(a right and a wrong answer); from a student's kernel, every way into another's work or the
hub's keys is tried and refused; the instructor releases the first assignment with the
README's commands, students fetch and submit it through nbgrader's exchange, one submits a
second time under another's name, and collect refuses that one and takes the honest rest,
which the sandboxed autograder marks as they deserve.  Then the hub is stopped: no process,
port or lock of it may be left: ``python -m hub`` stops on SIGTERM as on Ctrl-C.
"""

from __future__ import annotations

import asyncio
import json
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import nbformat
import pytest

from hub.lock import RECORDS, record_path
from hub.python import course_packages, reachable_by_all
from hub.server import Hub, HubError, free_port, proxy_command
from hub.users import GROUP, MEMORY_BYTES
from lightsout_edu.exercises import _judge
from tests.test_assignment import PARTIAL, WRONG, filled

REPO = Path(__file__).resolve().parents[1]
RUN = secrets.token_hex(2)  # system users are the machine's: names of this run alone
ADA, BEN, CHEN = STUDENTS = tuple(f"{name}-{RUN}" for name in ("ada", "ben", "chen"))
TEACHER = f"teach-{RUN}"
NAME = "game_and_gf2"

pytestmark = [
    pytest.mark.slow,
    # one worker runs them all: the hub locks the repository while it runs
    pytest.mark.xdist_group("hub"),
    pytest.mark.skipif(_judge.start_method() != "bubblewrap", reason="bubblewrap does not run"),
    pytest.mark.skipif(os.geteuid() != 0, reason="the hub makes system users: root only"),
    pytest.mark.skipif(
        not all(map(reachable_by_all, course_packages())),
        reason="the course's packages are where other users may not enter (a clone in /root)",
    ),
]


def shared_folder(prefix: str) -> Path:
    """A new folder that the students' system users may enter (pytest's are root's, 0700)."""
    folder = Path(tempfile.mkdtemp(prefix=prefix))
    folder.chmod(0o755)
    return folder


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
    subprocess.run(["chmod", "-R", "a+rX", str(folder)], check=True)
    return folder


def process_alive(pid: int) -> bool:
    """Whether any thread of ``pid`` still runs.

    A zombie leader does not run, but after SIGKILL the leader of a process with threads shows
    ``Z`` while its other threads are still ending, and the kernel tells the parent (the hub's
    ``waitpid``) of the exit only once the last of them has gone.
    """
    try:
        threads = [task.name for task in Path(f"/proc/{pid}/task").iterdir()]
    except OSError:
        return False
    for thread in threads:
        try:
            stat = Path(f"/proc/{pid}/task/{thread}/stat").read_text()
        except OSError:
            continue
        if stat.rsplit(")", 1)[1].split()[0] != "Z":
            return True
    return False


@pytest.fixture(scope="module")
def course() -> Path:
    repo = course_repository(shared_folder("lightsout-hub-course-") / "course")
    yield repo
    shutil.rmtree(repo.parent)


@pytest.fixture(scope="module")
def hub(course: Path, tmp_path_factory: pytest.TempPathFactory):
    """``python -m hub`` for the class list's three students, as an administrator starts it."""
    try:
        proxy_command()
    except HubError as error:
        pytest.fail(str(error))  # make test installs it (npm ci in hub/proxy)
    state = shared_folder("lightsout-hub-test-")
    class_list = tmp_path_factory.mktemp("class") / "class.csv"  # grading/class_list.py's
    class_list.write_text(
        "student_id,first_name,last_name\n" + "".join(f"{s},{s},N\n" for s in STUDENTS)
    )
    command = [sys.executable, "-m", "hub", "--state", str(state), "--port", str(free_port())]
    command += ["--class-list", str(class_list), "--course", str(course), "--instructor", TEACHER]
    command += ["--homes", str(state / "home")]
    process = subprocess.Popen(command, cwd=REPO, stdout=subprocess.PIPE, text=True)
    said = [process.stdout.readline() for _ in range(4)]
    if "SIGTERM stops" not in said[-1]:
        process.kill()
        pytest.fail(f"python -m hub did not start: {said}")
    started = Hub.attach(state, said[0].split()[2], process, TEACHER)
    yield started
    started.stop()
    started.remove_users(list(STUDENTS))
    shutil.rmtree(state)


@pytest.fixture(scope="module")
def classroom(hub: Hub, course: Path) -> dict[str, Path]:
    """Every student's server started and the course pulled into their home."""
    with ThreadPoolExecutor(len(STUDENTS)) as pool:
        list(pool.map(hub.start_server, STUDENTS))
        pulled = pool.map(lambda user: hub.pull(user, str(course)), STUDENTS)
        return dict(zip(STUDENTS, pulled, strict=True))


def test_each_student_pulls_the_course_into_their_own_private_home(hub: Hub, classroom):
    for user, folder in classroom.items():
        assert folder == hub.home(user) / "course"
        assert (folder / "notebooks" / "exercises" / "E1_the_game.ipynb").is_file()
        home = hub.home(user).stat()
        assert home.st_uid == pwd.getpwnam(user).pw_uid and home.st_mode & 0o777 == 0o700
        assert folder.stat().st_uid == home.st_uid  # pulled by the student's own user


#: Run in a student's kernel: every way to another's work, the instructor's, the hub's keys
#: or root, and what happened ("refused" or what it got).
ATTACKS = """
import json, os, pathlib, resource, signal, urllib.request
tried, facts = {}, {}
def attempt(name, action):
    try:
        tried[name] = f"got {str(action())[:80]!r}"
    except PermissionError:
        tried[name] = "refused"
    except urllib.error.HTTPError as error:
        tried[name] = "refused" if error.code in (403, 404) else f"HTTP {error.code}"
read = lambda path: pathlib.Path(path).read_bytes()
attempt("another's home", lambda: os.listdir(OTHER_HOME))
notebook = f"{OTHER_HOME}/course/notebooks/exercises/E1_the_game.ipynb"
attempt("another's notebook", lambda: read(notebook))
attempt("the instructor's home", lambda: os.listdir(TEACHER_HOME))
attempt("the repository's grading/", lambda: os.listdir(f"{REPO}/grading"))
attempt("the model answers", lambda: read(f"{REPO}/grading/source/{NAME}/{NAME}.ipynb"))
attempt("the hub's folder", lambda: os.listdir(STATE))
for name in ("secrets.json", "class.json", "jupyterhub.sqlite", "jupyterhub_cookie_secret"):
    attempt(f"the hub's {name}", lambda name=name: read(f"{STATE}/{name}"))
attempt("the hub's environment", lambda: read(f"/proc/{HUB_PID}/environ"))
attempt("the proxy's environment", lambda: read(f"/proc/{PROXY_PID}/environ"))
attempt("another's server, signalled", lambda: os.kill(OTHER_SERVER, signal.SIGTERM))
request = urllib.request.Request(f"{HUB_URL}/user/{OTHER}/api/kernels")
request.add_header("Authorization", "token " + os.environ["JUPYTERHUB_API_TOKEN"])
attempt("another's server, through the hub", lambda: urllib.request.urlopen(request).read())
attempt("root", lambda: os.setuid(0))
attempt("/etc/shadow", lambda: read("/etc/shadow"))
facts["secrets in my environment"] = [k for k in os.environ if "PROXY" in k or "LIGHTSOUT" in k]
facts["root"] = os.getuid() == 0 or os.geteuid() == 0
facts["processes and threads"] = resource.getrlimit(resource.RLIMIT_NPROC)[0]
memory = [line for line in read("/proc/self/cgroup").decode().splitlines() if "memory" in line]
facts["memory"] = memory[0].rsplit(":", 1)[1] if memory else None
facts["memory per process"] = resource.getrlimit(resource.RLIMIT_AS)[0]
print(json.dumps([tried, facts]))
"""


def test_from_a_student_s_kernel_every_way_to_others_or_the_hub_is_refused(hub: Hub, classroom):
    hub_pid = hub.process.pid
    proxy_pid = next(
        pid
        for pid in hub.processes()
        if b"configurable-http-proxy" in Path(f"/proc/{pid}/cmdline").read_bytes()
    )
    values = {
        "OTHER": BEN,
        "OTHER_HOME": str(hub.home(BEN)),
        "TEACHER_HOME": str(hub.home(TEACHER)),
        "REPO": str(REPO),
        "STATE": str(hub.state),
        "HUB_PID": hub_pid,
        "PROXY_PID": proxy_pid,
        "OTHER_SERVER": hub.server_pid(BEN),
        "HUB_URL": hub.url,
        "NAME": NAME,
    }
    code = "".join(f"{key} = {value!r}\n" for key, value in values.items()) + ATTACKS
    tried, facts = json.loads(hub.run_code(ADA, code))
    assert tried == dict.fromkeys(tried, "refused") and len(tried) == 16, tried
    memory = facts.pop("memory"), facts.pop("memory per process")
    assert facts == {"secrets in my environment": [], "root": False, "processes and threads": 1024}
    # the student's own memory cgroup (hub/users.py), or where there is none, each process
    assert memory[0].endswith(f"/{GROUP}/{ADA}") or memory[1] == MEMORY_BYTES, memory
    assert process_alive(values["OTHER_SERVER"])


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
        return hub.run_code(ADA, "print(6 * 7)")

    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(asyncio.run, from_a_running_loop()).result() == "42\n"


def test_an_assignment_goes_round_the_exchange_and_a_forged_submission_is_refused(
    hub: Hub, classroom
) -> None:
    """The README's commands, each as its user; chen hands in the blank notebook, then
    submits a wrong one as ada's: collect refuses it and ada keeps her 10."""
    course = hub.home(TEACHER) / "course"
    hub.command(TEACHER, "python", "-m", "grading", "release", "--out", str(course), NAME)
    hub.nbgrader(TEACHER, "release_assignment", NAME, cwd=course)
    released = course / "release" / NAME
    answers = {ADA: {}, BEN: WRONG[NAME], CHEN: None}

    def fetch_and_submit(user: str) -> None:
        hub.nbgrader(user, "fetch_assignment", NAME)
        notebook = hub.home(user) / NAME / f"{NAME}.ipynb"
        assert notebook.stat().st_uid == pwd.getpwnam(user).pw_uid
        if answers[user] is not None:
            nbformat.write(filled(NAME, released, user, answers[user]), notebook)
        hub.nbgrader(user, "submit", NAME)

    with ThreadPoolExecutor(len(STUDENTS)) as pool:
        list(pool.map(fetch_and_submit, STUDENTS))
    forged = hub.home(CHEN) / NAME / f"{NAME}.ipynb"
    nbformat.write(filled(NAME, released, ADA, WRONG[NAME]), forged)
    time.sleep(1.1)  # nbgrader's timestamps: the forged one is the newest of ada's
    hub.nbgrader(CHEN, "submit", NAME, "--student", ADA, cwd=hub.home(CHEN))
    inbound = hub.state / "exchange" / "lightsout_edu" / "inbound"
    with pytest.raises(HubError, match="Permission denied"):  # nobody lists the inbound
        hub.command(CHEN, "ls", str(inbound))

    said = hub.nbgrader(TEACHER, "collect", NAME, cwd=course)
    refused = [line for line in said.splitlines() if "Refused" in line]
    assert len(refused) == 1, said
    assert f"handed in as {ADA}'s but was written by {CHEN}" in refused[0]
    assert "cheating attempt" not in said  # nbgrader's own warning: no honest one flagged
    assert sorted(p.name for p in (course / "submitted").iterdir()) == sorted(STUDENTS)
    hub.command(TEACHER, "python", "-m", "grading", "autograde", "--course", str(course), NAME)
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}", "lightsout_edu") as book:
        scores = {s: book.find_submission(NAME, s).score for s in STUDENTS}
    assert scores == {ADA: 10.0, BEN: PARTIAL[NAME], CHEN: 0.0}


def test_the_hub_survives_a_student_s_server_being_killed(hub: Hub, classroom) -> None:
    pid = hub.server_pid(CHEN)
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 30  # the kill takes effect: gone, or dead awaiting its parent
    while time.monotonic() < deadline and process_alive(pid):
        time.sleep(0.05)
    hub.start_server(CHEN)  # the hub notices, and starts a new one
    assert hub.server_pid(CHEN) != pid
    assert hub.run_code(CHEN, "print(6 * 7)") == "42\n"
    assert hub.run_code(ADA, "print('still here')") == "still here\n"


def test_sigterm_stops_the_hub_and_leaves_no_process_no_port_no_lock(hub: Hub, classroom):
    """As systemd stops hub/jupyterhub.service, and as Ctrl-C does."""
    port = int(hub.url.rsplit(":", 1)[1])
    assert hub.processes()  # the hub, its proxy, three servers and their kernels
    locked = (REPO / "grading").stat()
    assert locked.st_gid == pwd.getpwnam(TEACHER).pw_gid and locked.st_mode & 0o777 == 0o750
    record = json.loads(record_path(RECORDS, REPO).read_text())  # hub/lock.py's
    assert [holder["pid"] for holder in record["holders"]] == [hub.process.pid]
    assert hub.stop() == []  # SIGTERM to python -m hub: it stopped all of them itself
    assert hub.process.returncode == 0 and "stopped\n" in hub.process.stdout.read()
    assert hub.processes() == []
    with pytest.raises(ConnectionRefusedError):  # nothing listens on the public port
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
    assert (REPO / "grading").stat().st_gid != locked.st_gid  # the repository given back
    assert not record_path(RECORDS, REPO).exists()


def test_make_hub_installs_the_proxy_and_starts_the_tool() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    hub = makefile.split("\nhub:", 1)[1].split("\n\n", 1)[0]
    proxy = makefile.split("\n$(HUB_PROXY):", 1)[1].split("\n\n", 1)[0]
    assert "$(HUB_PROXY)" in hub and "-m hub " in hub
    assert "npm ci --prefix hub/proxy" in proxy


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
