"""The hub's spawner starts a server again at once when it exits while starting; the hub's
systemd unit starts and stops it as ``python -m hub`` wants; the hub runs no server as root,
nor as an account it did not make, and refuses to start where it could not keep to that.

``hub.spawner.ClassSpawner`` over JupyterHub's ``LocalProcessSpawner``: its ``start`` is
what JupyterHub calls; here the process it starts is the real thing's stand-in, a Python
that binds the port it is given and answers HTTP there, as ``jupyterhub-singleuser`` does at
``<base_url>api`` -- or exits, when the port is taken (as a kernel once took one, and
JupyterHub waited 300 s for a server that had already exited).
"""

from __future__ import annotations

import asyncio
import configparser
import logging
import os
import shlex
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

pytest.importorskip("jupyterhub")

from hub import spawner as module  # noqa: E402
from hub.server import Hub, HubError, arguments  # noqa: E402
from hub.spawner import ClassSpawner  # noqa: E402
from hub.users import UserError, ensure_user  # noqa: E402


def in_a_loop_of_its_own(coroutine):
    """``asyncio.run`` in a thread of its own: this worker's thread may run a loop already (a
    browser test's, beside it on the same pytest-xdist worker), where asyncio.run refuses."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


UNIT = Path(__file__).resolve().parents[1] / "hub" / "jupyterhub.service"

#: The server's stand-in: binds 127.0.0.1:<port> (exits with status 1 if it is taken) and
#: answers 200 at /user/ada/api.
SERVER = """
import http.server, sys
class Answer(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200 if self.path == "/user/ada/api" else 404)
        self.end_headers()
    def log_message(self, *args):
        pass
http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), Answer).serve_forever()
"""


@pytest.mark.slow  # 2.5 s
def test_a_server_whose_port_is_taken_is_started_again_on_another(monkeypatch, caplog):
    taken = socket.socket()  # a kernel's port, say: it listens, but speaks no HTTP
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    ports = [taken.getsockname()[1], free.getsockname()[1]]
    free.close()
    started: list[subprocess.Popen[bytes]] = []

    async def start_one(self: ClassSpawner) -> tuple[str, int]:  # LocalProcessSpawner.start
        self.port = ports.pop(0)
        self.proc = subprocess.Popen([sys.executable, "-c", SERVER, str(self.port)])
        started.append(self.proc)
        return "127.0.0.1", self.port

    monkeypatch.setattr(module.LocalProcessSpawner, "start", start_one)
    monkeypatch.setattr(module, "ensure_user", lambda name, homes: None)
    spawner = ClassSpawner(user=SimpleNamespace(name="ada"), http_timeout=300)
    spawner.server = SimpleNamespace(base_url="/user/ada/")
    try:
        with caplog.at_level(logging.WARNING):
            ip, port = in_a_loop_of_its_own(spawner.start())
        assert len(started) == 2 and (ip, port) == ("127.0.0.1", int(started[1].args[-1]))
        assert started[0].poll() == 1 and started[1].poll() is None
        assert "exited while starting" in caplog.text and "try 1 of 3" in caplog.text
    finally:
        taken.close()
        for process in started:
            process.kill()
            process.wait()


def test_a_server_that_keeps_exiting_fails_at_once(monkeypatch):
    async def start_one(self: ClassSpawner) -> tuple[str, int]:
        self.proc = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])
        return "127.0.0.1", 9

    monkeypatch.setattr(module.LocalProcessSpawner, "start", start_one)
    monkeypatch.setattr(module, "ensure_user", lambda name, homes: None)
    spawner = ClassSpawner(user=SimpleNamespace(name="ada"), http_timeout=300, start_tries=2)
    spawner.server = SimpleNamespace(base_url="/user/ada/")
    with pytest.raises(RuntimeError, match="ada's server exited 2 times at start"):
        in_a_loop_of_its_own(spawner.start())


@pytest.mark.parametrize("group", [None, Path("/sys/fs/cgroup/memory/lightsout-hub/ada")])
def test_the_log_says_when_a_user_s_memory_is_limited_per_process_only(group, monkeypatch, caplog):
    monkeypatch.setattr(module, "memory_cgroup", lambda name: group)
    monkeypatch.setattr(module, "ensure_user", lambda name, homes: None)
    monkeypatch.setattr(module, "limits", lambda user, cgroup: cgroup)
    spawner = ClassSpawner(user=SimpleNamespace(name="ada"))
    with caplog.at_level(logging.WARNING):
        assert spawner.make_preexec_fn("ada") == group
    said = "ada's memory is limited per process" in caplog.text
    assert said == (group is None) and ("Delegate=memory pids" in caplog.text) == said


def test_the_systemd_unit_starts_the_hub_as_root_and_stops_it_by_sigterm_to_it_alone():
    unit = configparser.ConfigParser(interpolation=None)
    unit.read_string(UNIT.read_text(encoding="utf-8"))
    service = unit["Service"]
    python, *argv = shlex.split(service["ExecStart"])
    assert argv[:2] == ["-m", "hub"] and python.endswith("/python")
    options = arguments().parse_args(argv[2:])  # every option is one python -m hub knows
    assert options.class_list is not None and str(options.state) == "/var/lib/lightsout-hub"
    assert service["StateDirectory"] == "lightsout-hub" and service["StateDirectoryMode"] == "0711"
    assert service["User"] == "root"  # it makes the users; it runs no student's code as root
    # SIGTERM to the hub alone, which stops the proxy and the servers itself (main's handler)
    assert (service["KillMode"], service["KillSignal"]) == ("mixed", "SIGTERM")
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    # the hub divides its group among the users (hub/users.py): delegated to it, writable
    assert "memory" in service["Delegate"].split()
    assert service.get("ProtectControlGroups", "no") == "no"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze")
def test_systemd_finds_nothing_wrong_in_the_unit(tmp_path):
    """systemd's own check, the Python in ExecStart this one (the unit names /opt/...)."""
    text = UNIT.read_text(encoding="utf-8")
    python = shlex.split(text.split("ExecStart=", 1)[1].splitlines()[0])[0]
    unit = tmp_path / "lightsout-hub.service"
    unit.write_text(text.replace(python, sys.executable), encoding="utf-8")
    checked = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60
    )
    assert (checked.returncode, checked.stdout + checked.stderr) == (0, "")


def test_the_hub_refuses_to_start_where_it_cannot_give_each_user_their_own(monkeypatch, tmp_path):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    with pytest.raises(HubError, match="refuses to run every student's code as one user"):
        Hub.start(tmp_path / "state")
    assert not (tmp_path / "state").exists()


@pytest.mark.skipif(os.geteuid() != 0, reason="looks up the hub's group: root makes it")
@pytest.mark.parametrize("name", ["root", "nobody"])
def test_no_server_runs_as_an_account_the_hub_did_not_make(name, tmp_path):
    with pytest.raises(UserError, match=f"the system user '{name}' .* was not made by the hub"):
        ensure_user(name, tmp_path)
