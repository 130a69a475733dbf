"""A JupyterHub for a class, on this machine: ``make hub`` (``python -m hub``).

Usage::

    python -m hub [--state .hub] [--port 8000] [--course student-repo] [--branch main]

starts JupyterHub (PyPI ``jupyterhub``) and its proxy (npm ``configurable-http-proxy``,
installed by ``make hub`` into ``hub/proxy/``) on 127.0.0.1, configured by
``hub/jupyterhub_config.py``, prints the link that pulls the course into a student's home
(nbgitpuller) and the instructor's login, and runs until Ctrl-C, which stops the hub, the
proxy and every server and kernel it started.  Any name logs in with the printed password
(``DummyAuthenticator``: for trying the course out; see the README for a real class).

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


def write_exchange_config(state: Path) -> None:
    """nbgrader's settings every server reads: the exchange folder and the course id."""
    exchange = state / "exchange"
    exchange.mkdir(parents=True, exist_ok=True)
    exchange.chmod(0o1777)  # everyone submits; nobody removes another's files (sticky)
    config = state / "jupyter"
    config.mkdir(parents=True, exist_ok=True)
    (config / "nbgrader_config.py").write_text(
        "import os\n\n"
        "c = get_config()  # noqa: F821\n"
        f"c.Exchange.root = {str(exchange)!r}\n"
        f"c.CourseDirectory.course_id = {COURSE_ID!r}\n"
        "# every server runs as the same system user here: a submission is filed under the\n"
        "# hub's user name, not the system's (the instructor collects everyone's)\n"
        'user = os.environ.get("JUPYTERHUB_USER")\n'
        f"if user and user != {INSTRUCTOR!r}:\n"
        "    c.CourseDirectory.student_id = user\n",
        encoding="utf-8",
    )


@dataclass
class Hub:
    """A running JupyterHub of the course (see the module docstring)."""

    state: Path
    url: str
    password: str
    admin_token: str
    process: subprocess.Popen[bytes]
    tokens: dict[str, str] = field(default_factory=dict)

    # -- starting and stopping -----------------------------------------------------------------
    @classmethod
    def start(cls, state: Path, port: int | None = None) -> Hub:
        """Start JupyterHub and its proxy on 127.0.0.1; return once the hub answers."""
        state = state.resolve()
        state.mkdir(parents=True, exist_ok=True)
        write_exchange_config(state)
        url = f"http://127.0.0.1:{port or free_port()}"
        password, admin_token = secrets.token_urlsafe(12), secrets.token_hex(32)
        env = {
            **os.environ,
            "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]),
            "LIGHTSOUT_HUB_STATE": str(state),
            "LIGHTSOUT_HUB_PORT": url.rsplit(":", 1)[1],
            "LIGHTSOUT_HUB_INTERNAL_PORT": str(free_port()),
            "LIGHTSOUT_HUB_PROXY_API_PORT": str(free_port()),
            "LIGHTSOUT_HUB_PROXY": proxy_command(),
            "LIGHTSOUT_HUB_PROXY_TOKEN": secrets.token_hex(32),
            "LIGHTSOUT_HUB_PASSWORD": password,
            "LIGHTSOUT_HUB_ADMIN_TOKEN": admin_token,
            "LIGHTSOUT_HUB_INSTRUCTOR": INSTRUCTOR,
        }
        log = (state / "jupyterhub.log").open("ab")
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(CONFIG)],
            cwd=state,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        hub = cls(state, url, password, admin_token, process)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise HubError(f"JupyterHub stopped at once:\n{hub.log_tail()}")
            try:
                hub.api("GET", "/")
                return hub
            except (HubError, OSError):
                time.sleep(0.3)
        hub.stop()
        raise HubError(f"JupyterHub did not answer within {START_SECONDS:.0f} s")

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
        return left

    def processes(self) -> list[int]:
        """The processes of this hub still running: the hub, the proxy, servers, kernels."""
        marks = (
            f"LIGHTSOUT_HUB_STATE={self.state}".encode(),
            f"JUPYTER_CONFIG_PATH={self.state / 'jupyter'}".encode(),
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
        """Create ``user`` if new, start their server, and wait until it answers."""
        if not any(u["name"] == user for u in self.api("GET", "/users")):
            self.api("POST", f"/users/{user}")
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
            if mark in environ and b"jupyterhub-singleuser" in command:
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
        return self.state / "home" / user

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

    def nbgrader(self, user: str, *args: str, cwd: Path | None = None) -> str:
        """``nbgrader <args>`` as ``user`` runs it in their server's terminal."""
        env = {
            **os.environ,
            "HOME": str(self.home(user)),
            "USER": user,
            "JUPYTERHUB_USER": user,  # nbgrader's exchange files a submission under it
            "JUPYTER_CONFIG_PATH": str(self.state / "jupyter"),
        }
        done = subprocess.run(
            [sys.executable, "-m", "nbgrader", *args],
            cwd=cwd or self.home(user),
            env=env,
            capture_output=True,
            text=True,
            timeout=START_SECONDS,
        )
        if done.returncode != 0:
            raise HubError(f"nbgrader {' '.join(args)} as {user}: {done.stdout}{done.stderr}")
        return done.stdout + done.stderr


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m hub", description="A JupyterHub for the course, on 127.0.0.1."
    )
    parser.add_argument("--state", type=Path, default=Path(".hub"), help="the hub's folder")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--course", default="student-repo", help="git URL or folder to pull")
    parser.add_argument("--branch", default="main")
    args = parser.parse_args(argv)
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
        hub = Hub.start(args.state, args.port)
    except HubError as error:
        print(f"hub: {error}", file=sys.stderr)
        return 2
    query = urllib.parse.urlencode(
        {"repo": course, "branch": args.branch, "urlpath": "lab/tree/course/notebooks"}
    )
    print(f"JupyterHub at {hub.url} (any name logs in; password: {hub.password})")
    print(f"the course link for students: {hub.url}/hub/user-redirect/git-pull?{query}")
    print(f"the instructor logs in as '{INSTRUCTOR}' (admin, nbgrader's formgrader)")
    print("Ctrl-C stops the hub, its proxy and every server.")
    try:
        hub.process.wait()
    except KeyboardInterrupt:
        pass
    left = hub.stop()
    print(f"stopped{f'; killed {len(left)} leftover processes' if left else ''}")
    return 0
