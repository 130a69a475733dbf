"""A JupyterHub for a class, on this machine: ``make hub`` (``python -m hub``).

Usage::

    python -m hub [--state .hub] [--port 8000] [--course student-repo] [--branch main]
                  [--class-list CSV] [--homes /home] [--instructor instructor]
    python -m hub --unlock

starts JupyterHub (PyPI ``jupyterhub``) and its proxy (npm ``configurable-http-proxy``,
installed by ``make hub`` into ``hub/proxy/``) on 127.0.0.1, configured by
``hub/jupyterhub_config.py``, prints the link that pulls the course into a student's home
(nbgitpuller) and the instructor's login, and runs until Ctrl-C or SIGTERM, which stop the
hub, the proxy and every server and kernel it started.  The class list's students (any name
without one) and the instructor log in with the printed password (``DummyAuthenticator``:
for trying the course out; see the README for a real class).

It runs as root, and no student's code does: each user's server runs as a system user of
their own, made at their first login (``hub/users.py``, ``hub/spawner.py``).  The hub's
state folder (0711) holds its database, cookie secret, tokens and password readable by root
alone; the repository it runs from is readable by the instructor alone while the hub runs,
but for the package students import, the virtualenv, the state folder and the course
(``hub/lock.py``: the last hub to stop gives it back, and after a hub was killed, the next to
start or ``python -m hub --unlock`` does).

nbgrader's exchange is ``<state>/exchange``: the instructor (``instructor``) releases and
collects there with ``nbgrader release_assignment`` / ``collect`` in ``~/course`` (made by
``python -m grading release --out ~/course`` in their terminal), students fetch and
submit from the Assignments tab or ``nbgrader fetch_assignment`` / ``submit``.

:class:`Hub` is the same hub as an object, for the tests and the load benchmark: start it,
drive it through JupyterHub's REST API (users, servers, tokens), run code in a student's
kernel, stop it and check that nothing is left.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grading.class_list import read_class_list
from hub.lock import RepositoryLock, lock_repository, release_abandoned, unlock_repository
from hub.python import servers_python
from hub.users import ensure_user, remove_cgroups, remove_user

REPO = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent
CONFIG = HERE / "jupyterhub_config.py"
PROXY = HERE / "proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
COURSE_ID = "lightsout_edu"
INSTRUCTOR = "instructor"
#: How long the hub, a server or a kernel may take to start on a busy machine (a whole class
#: logging in at once on a small one): hub/jupyterhub_config.py gives the servers as long.
START_SECONDS = 300.0


class HubError(RuntimeError):
    """The hub, a server, a pull or a kernel did not do what was asked (the message says)."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status  # the HTTP status, when the hub or a server answered one


def proxy_command() -> str:
    """configurable-http-proxy: ``make hub``'s copy, else ``$LIGHTSOUT_HUB_PROXY`` or PATH."""
    chosen = os.environ.get("LIGHTSOUT_HUB_PROXY") or (str(PROXY) if PROXY.exists() else None)
    chosen = chosen or shutil.which("configurable-http-proxy")
    if not chosen:
        raise HubError(
            "configurable-http-proxy is not installed: run 'make hub', or "
            "'npm ci --prefix hub/proxy'"
        )
    return chosen


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def write_exchange_config(state: Path, instructor: str) -> None:
    """nbgrader's settings every server reads: the exchange folder and the course id."""
    exchange = state / "exchange"
    exchange.mkdir(parents=True, exist_ok=True)
    exchange.chmod(0o1777)  # nbgrader's multi-user exchange: the instructor's release makes
    # inbound/ 2733 (anyone writes, nobody lists), and nobody removes another's files (sticky)
    config = state / "jupyter"
    config.mkdir(parents=True, exist_ok=True)
    config.chmod(0o755)
    (config / "nbgrader_config.py").write_text(
        "import getpass\n\n"
        "c = get_config()  # noqa: F821\n"
        f"c.Exchange.root = {str(exchange)!r}\n"
        f"c.CourseDirectory.course_id = {COURSE_ID!r}\n"
        "# a submission is filed under its writer's system user, the hub user's name; the\n"
        "# instructor collects only what each student wrote (hub/exchange.py)\n"
        f"if getpass.getuser() == {instructor!r}:\n"
        '    c.ExchangeFactory.collect = "hub.exchange.OwnedCollect"\n',
        encoding="utf-8",
    )
    (config / "nbgrader_config.py").chmod(0o644)


def hub_jupyter_paths(state: Path) -> dict[str, str]:
    """Where the servers find Jupyter's settings (the exchange's first), its data and git's
    settings."""
    course = Path(sys.prefix)
    return {
        "LIGHTSOUT_HUB_JUPYTER_CONFIG_PATH": os.pathsep.join(
            [str(state / "jupyter"), str(course / "etc" / "jupyter")]
        ),
        "LIGHTSOUT_HUB_JUPYTER_PATH": str(course / "share" / "jupyter"),
        # git's system-wide settings, for the servers: the course folder is trusted
        "LIGHTSOUT_HUB_GIT_CONFIG_SYSTEM": str(state / "jupyter" / "gitconfig"),
    }


def left_open(repository: Path, state: Path, course: Path | None) -> set[Path]:
    """What the repository's lock leaves to everyone, where it is in ``repository``: the
    package students import, the servers' virtualenv, the hub's state folder and the course
    the students pull (``make hub``'s ``student-repo/``)."""
    folders = [repository / "lightsout_edu", Path(sys.prefix), state]
    return {folder.resolve() for folder in [*folders, *([] if course is None else [course])]}


def write_private(path: Path, value: Any) -> None:
    """``value`` as JSON in a file that the hub's user alone may read (0600 from the start)."""
    path.unlink(missing_ok=True)
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as file:
        json.dump(value, file)


@dataclass
class Hub:
    """A running JupyterHub of the course (see the module docstring)."""

    state: Path
    url: str
    password: str
    admin_token: str
    process: subprocess.Popen[bytes]
    instructor: str
    python: Path  # the students' servers' Python
    locked: RepositoryLock | None = None  # the repository's lock, held by this process
    tokens: dict[str, str] = field(default_factory=dict)

    # -- starting and stopping -----------------------------------------------------------------
    @classmethod
    def start(
        cls,
        state: Path,
        port: int | None = None,
        *,
        students: list[str] | None = None,
        instructor: str = INSTRUCTOR,
        homes: Path = Path("/home"),
        course: Path | None = None,
    ) -> Hub:
        """Start JupyterHub and its proxy on 127.0.0.1; return once the hub answers.

        ``students`` may log in (None: any name), each their own system user with a home
        under ``homes``, as ``instructor`` is; ``course``, a git repository of this machine
        that they pull (not theirs: git trusts it only when told, ``safe.directory``).
        """
        if os.geteuid() != 0:
            raise HubError(
                "the hub runs each user's server as a system user of their own, which only "
                "root may do: start it as root (sudo, or hub/jupyterhub.service); it refuses to "
                "run every student's code as one user"
            )
        proxy = proxy_command()
        state = state.resolve()
        state.mkdir(parents=True, exist_ok=True)
        state.chmod(0o711)  # users reach the exchange and the servers' Python, list nothing
        homes = homes.resolve()
        homes.mkdir(parents=True, exist_ok=True)
        write_exchange_config(state, instructor)
        trusted = [] if course is None else [str(course.resolve() / ".git")]
        (state / "jupyter" / "gitconfig").write_text(
            "".join(f"[safe]\n\tdirectory = {folder}\n" for folder in trusted)
        )
        (state / "jupyter" / "gitconfig").chmod(0o644)
        python = servers_python(state)
        url = f"http://127.0.0.1:{port or free_port()}"
        password, admin_token = secrets.token_urlsafe(12), secrets.token_hex(32)
        proxy_token = secrets.token_hex(32)
        write_private(
            state / "secrets.json",
            {"password": password, "service_token": admin_token, "proxy_token": proxy_token},
        )
        write_private(state / "class.json", None if students is None else [*students, instructor])
        teacher = ensure_user(instructor, homes)
        env = {
            **os.environ,
            "PATH": os.pathsep.join([str(python.parent), os.environ["PATH"]]),
            "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
            "LIGHTSOUT_HUB_STATE": str(state),
            "LIGHTSOUT_HUB_PORT": url.rsplit(":", 1)[1],
            "LIGHTSOUT_HUB_INTERNAL_PORT": str(free_port()),
            "LIGHTSOUT_HUB_PROXY_API_PORT": str(free_port()),
            "LIGHTSOUT_HUB_PROXY": proxy,
            "LIGHTSOUT_HUB_INSTRUCTOR": instructor,
            "LIGHTSOUT_HUB_HOMES": str(homes),
            "LIGHTSOUT_HUB_REPOSITORY": str(REPO),
            "LIGHTSOUT_HUB_SERVER_PYTHON": str(python),
            **hub_jupyter_paths(state),
        }
        log = (state / "jupyterhub.log").open("ab")
        (state / "jupyterhub.log").chmod(0o600)
        locked = lock_repository(REPO, teacher, left_open(REPO, state, course))
        try:
            process = subprocess.Popen(
                [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)],
                cwd=state,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
                umask=0o077,  # the database, and every file a server makes, private to its user
            )
        except BaseException:
            unlock_repository(locked)
            raise
        finally:
            log.close()
        hub = cls(state, url, password, admin_token, process, instructor, python, locked)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if process.poll() is not None:
                hub.stop()
                raise HubError(f"JupyterHub stopped at once:\n{hub.log_tail()}")
            try:
                hub.api("GET", "/")
                return hub
            except (HubError, OSError):
                time.sleep(0.3)
        hub.stop()
        raise HubError(f"JupyterHub did not answer within {START_SECONDS:.0f} s")

    @classmethod
    def attach(cls, state: Path, url: str, process: subprocess.Popen[Any], instructor: str) -> Hub:
        """The hub that ``python -m hub`` runs as ``process``, to drive (and stop: SIGTERM)
        as :meth:`start`'s."""
        saved = json.loads((state / "secrets.json").read_text(encoding="utf-8"))
        python = servers_python(state)
        return cls(
            state, url, saved["password"], saved["service_token"], process, instructor, python
        )

    def stop(self) -> list[int]:
        """Stop the hub (which stops every server and the proxy); return the pids of what it
        left running and had to be killed (an empty list when it stopped cleanly)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        left = self.processes()
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        if self.locked is not None:
            unlock_repository(self.locked)
            self.locked = None
        remove_cgroups()
        return left

    def remove_users(self, names: list[str]) -> None:
        """Remove the system users of ``names`` and the instructor, homes and all (a test's
        teardown; a class keeps theirs)."""
        for name in [*names, self.instructor]:
            remove_user(name)

    def processes(self) -> list[int]:
        """The processes of this hub still running: the hub, the proxy, servers, kernels."""
        config_path = hub_jupyter_paths(self.state)["LIGHTSOUT_HUB_JUPYTER_CONFIG_PATH"]
        marks = (
            f"LIGHTSOUT_HUB_STATE={self.state}".encode(),
            # every server's and kernel's (hub/jupyterhub_config.py)
            b"JUPYTER_CONFIG_PATH=" + config_path.encode(),
        )
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit() or int(entry.name) == os.getpid():
                continue
            try:
                environ = (entry / "environ").read_bytes().split(b"\0")
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if stat[0] != "Z" and any(mark in environ for mark in marks):
                found.append(int(entry.name))
        return found

    def log_tail(self, lines: int = 30) -> str:
        path = self.state / "jupyterhub.log"
        text = path.read_text(errors="replace") if path.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    # -- JupyterHub's REST API -----------------------------------------------------------------
    def request(
        self, method: str, url: str, token: str, body: Any = None, timeout: float = 60
    ) -> Any:
        """One HTTP request with a token; the JSON answer (None if empty)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Authorization", f"token {token}")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(request, timeout=timeout) as answer:
                raw = answer.read()
        except urllib.error.HTTPError as error:
            said = error.read().decode(errors="replace")[:500]
            raise HubError(f"{method} {url}: HTTP {error.code} {said}", error.code) from None
        return json.loads(raw) if raw.strip() else None

    def api(self, method: str, path: str, body: Any = None) -> Any:
        """JupyterHub's REST API (``/hub/api``), as the course-admin service."""
        return self.request(method, f"{self.url}/hub/api{path}", self.admin_token, body)

    def start_server(self, user: str) -> None:
        """Start ``user``'s server (one of the class), and wait until it answers."""
        deadline = time.monotonic() + START_SECONDS
        while True:  # too many starting at once (429): wait and ask again, as a student would
            try:
                self.api("POST", f"/users/{user}/server")
                break
            except HubError as error:
                if error.status != 429 or time.monotonic() > deadline:
                    raise
                time.sleep(2.0)
        while time.monotonic() < deadline:
            model = self.api("GET", f"/users/{user}")
            server = model.get("servers", {}).get("", {})
            if server.get("ready"):
                return
            if not server:  # neither ready nor pending: it ended
                raise HubError(f"{user}'s server stopped while starting:\n{self.log_tail()}")
            time.sleep(0.3)
        raise HubError(f"{user}'s server did not start within {START_SECONDS:.0f} s")

    def server_pid(self, user: str) -> int:
        """The process id of ``user``'s single-user server."""
        mark = f"JUPYTERHUB_USER={user}".encode()
        for pid in self.processes():
            try:
                environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
                command = Path(f"/proc/{pid}/cmdline").read_bytes()
            except OSError:
                continue
            if mark in environ and b"jupyterhub.singleuser" in command:
                return pid
        raise HubError(f"{user} has no server running")

    def token(self, user: str) -> str:
        """An API token of ``user`` (for their server's API, as their browser would use it)."""
        if user not in self.tokens:
            made = self.api("POST", f"/users/{user}/tokens", {"note": "hub"})
            self.tokens[user] = made["token"]
        return self.tokens[user]

    def server(self, user: str, path: str, method: str = "GET", body: Any = None) -> Any:
        """``user``'s own server's API (``/user/<name>/api...``)."""
        url = f"{self.url}/user/{user}/{path.lstrip('/')}"
        return self.request(method, url, self.token(user), body, timeout=START_SECONDS)

    def home(self, user: str) -> Path:
        return Path(pwd.getpwnam(user).pw_dir)

    # -- what a student does -------------------------------------------------------------------
    def pull(self, user: str, repo: str, branch: str = "main", target: str = "course") -> Path:
        """nbgitpuller's pull of ``repo`` into ``user``'s home, as the course link does."""
        query = urllib.parse.urlencode({"repo": repo, "branch": branch, "targetpath": target})
        url = f"{self.url}/user/{user}/git-pull/api?{query}"
        request = urllib.request.Request(url)
        request.add_header("Authorization", f"token {self.token(user)}")
        events = []
        with urllib.request.urlopen(request, timeout=START_SECONDS) as stream:
            for line in stream:
                if line.startswith(b"data:"):
                    events.append(json.loads(line[5:]))
                    if events[-1].get("phase") in ("finished", "error"):
                        break
        if not events or events[-1].get("phase") != "finished":
            said = events[-1] if events else "no answer"
            raise HubError(f"nbgitpuller did not pull {repo} for {user}: {said}")
        return self.home(user) / target

    def run_code(self, user: str, code: str, kernel: str | None = None) -> str:
        """Run ``code`` in a kernel of ``user``'s server (a new one unless ``kernel``); return
        what it printed.  Raises :class:`HubError` with the traceback if the code raised."""
        kernel = kernel or self.server(user, "api/kernels", "POST", {"name": "python3"})["id"]
        ws = self.url.replace("http://", "ws://") + f"/user/{user}/api/kernels/{kernel}/channels"
        # a thread of its own: asyncio.run refuses a thread whose event loop is running (a
        # notebook's, or a test's browser; CI once met one)
        token = self.token(user)
        with ThreadPoolExecutor(max_workers=1) as thread:
            return thread.submit(asyncio.run, _execute(ws, token, code, START_SECONDS)).result()

    def command(self, user: str, *argv: str, cwd: Path | None = None) -> str:
        """``argv`` run as ``user``'s system user, as in their server's terminal (``python``
        is their server's); what it printed.  Raises :class:`HubError` if it failed."""
        account = pwd.getpwnam(user)
        env = {
            "HOME": account.pw_dir,
            "USER": user,
            "LOGNAME": user,
            "PATH": os.pathsep.join([str(self.python.parent), "/usr/bin", "/bin"]),
            "LANG": "C.UTF-8",
        }
        for key, value in hub_jupyter_paths(self.state).items():
            env[key.removeprefix("LIGHTSOUT_HUB_")] = value
        if user == self.instructor:
            env["PYTHONPATH"] = str(REPO)
        argv = (str(self.python), *argv[1:]) if argv[0] == "python" else argv
        done = subprocess.run(
            argv,
            cwd=cwd or account.pw_dir,
            env=env,
            user=account.pw_uid,
            group=account.pw_gid,
            extra_groups=os.getgrouplist(user, account.pw_gid),
            capture_output=True,
            text=True,
            timeout=START_SECONDS,
        )
        if done.returncode != 0:
            raise HubError(f"{' '.join(argv)} as {user}: {done.stdout}{done.stderr}")
        return done.stdout + done.stderr

    def nbgrader(self, user: str, *args: str, cwd: Path | None = None) -> str:
        """``nbgrader <args>`` as ``user`` runs it in their server's terminal."""
        return self.command(user, "python", "-m", "nbgrader", *args, cwd=cwd)


async def _execute(url: str, token: str, code: str, timeout: float) -> str:
    """The Jupyter messaging protocol over a kernel's websocket: one execute_request."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    connection = await websocket_connect(
        HTTPRequest(url, headers={"Authorization": f"token {token}"}, request_timeout=timeout)
    )
    msg_id = uuid.uuid4().hex
    header = {
        "msg_id": msg_id,
        "msg_type": "execute_request",
        "username": "hub",
        "session": uuid.uuid4().hex,
        "version": "5.3",
        "date": datetime.datetime.now(datetime.UTC).isoformat(),
    }
    content = {"code": code, "silent": False, "store_history": False, "allow_stdin": False}
    message = {"header": header, "parent_header": {}, "metadata": {}, "content": content}
    await connection.write_message(json.dumps({**message, "channel": "shell", "buffers": []}))
    printed: list[str] = []
    error = None
    try:
        while True:
            raw = await asyncio.wait_for(connection.read_message(), timeout)
            if raw is None:
                raise HubError("the kernel's websocket closed before the code finished")
            reply = json.loads(raw)
            if reply.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            kind, body = reply["msg_type"], reply["content"]
            if kind == "stream":
                printed.append(body["text"])
            elif kind in ("execute_result", "display_data"):
                printed.append(body["data"].get("text/plain", "") + "\n")
            elif kind == "error":
                error = "\n".join(body["traceback"])
            elif kind == "status" and body["execution_state"] == "idle":
                break
    finally:
        connection.close()
    if error is not None:
        raise HubError(f"the code raised in the kernel:\n{error}")
    return "".join(printed)


def arguments() -> argparse.ArgumentParser:
    """``python -m hub``'s command line (also what ``hub/jupyterhub.service`` gives it)."""
    parser = argparse.ArgumentParser(
        prog="python -m hub", description="A JupyterHub for the course, on 127.0.0.1."
    )
    parser.add_argument("--state", type=Path, default=Path(".hub"), help="the hub's folder")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--course", default="student-repo", help="git URL or folder to pull")
    parser.add_argument("--branch", default="main")
    parser.add_argument(
        "--class-list", type=Path, default=None, help="who may log in (default: any name)"
    )
    parser.add_argument("--homes", type=Path, default=Path("/home"), help="the users' homes")
    parser.add_argument("--instructor", default=INSTRUCTOR, help="the instructor's login")
    parser.add_argument(
        "--unlock",
        action="store_true",
        help="give the repository back if the hubs that locked it were killed, and exit",
    )
    return parser


def unlock() -> int:
    """``python -m hub --unlock``: the repository as it was, unless a live hub holds it."""
    if os.geteuid() != 0:
        print("hub: --unlock gives files back to their owners: run it as root", file=sys.stderr)
        return 2
    holders = release_abandoned(REPO)
    if holders:
        print(f"hub: the hubs of pids {holders} hold {REPO}: stop them", file=sys.stderr)
        return 1
    print(f"{REPO} is not locked: each entry is as it was before a hub locked it")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = arguments().parse_args(argv)
    if args.unlock:
        return unlock()
    course = args.course
    if "://" not in course:
        if not Path(course).is_dir():
            print(
                f"hub: --course {course!r} is neither a git URL nor a folder: build the "
                "student edition with 'make student-repo', or give its URL",
                file=sys.stderr,
            )
            return 2
        course = str(Path(course).resolve())
    try:
        students = None
        if args.class_list is not None:
            students = [s.student_id for s in read_class_list(args.class_list)]
        hub = Hub.start(
            args.state,
            args.port,
            students=students,
            instructor=args.instructor,
            homes=args.homes,
            course=None if "://" in course else Path(course),
        )
    except (RuntimeError, ValueError, OSError) as error:  # HubError is a RuntimeError
        print(f"hub: {error}", file=sys.stderr)
        return 2
    query = urllib.parse.urlencode(
        {"repo": course, "branch": args.branch, "urlpath": "lab/tree/course/notebooks"}
    )
    who = "any name logs in" if students is None else f"the {len(students)} students log in"
    print(f"JupyterHub at {hub.url} ({who}; password: {hub.password})", flush=True)
    print(f"the course link for students: {hub.url}/hub/user-redirect/git-pull?{query}")
    print(f"the instructor logs in as '{args.instructor}' (admin, nbgrader's formgrader)")
    print("Ctrl-C or SIGTERM stops the hub, its proxy and every server.", flush=True)
    signal.signal(signal.SIGTERM, _interrupt)  # systemctl stop, kill: as Ctrl-C
    try:
        hub.process.wait()
    except KeyboardInterrupt:
        pass
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # stopping: a second one waits for it
    left = hub.stop()
    print(f"stopped{f'; killed {len(left)} leftover processes' if left else ''}")
    return 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
