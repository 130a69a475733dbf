"""Each user's server as their own system user, limited, and started again if it died at once.

:class:`ClassSpawner` is JupyterHub's ``LocalProcessSpawner`` (a process per server, started
with ``set_user_setuid``) with what a class needs (:mod:`hub.users`): the user's system user
made at their first start, never root nor an account the hub did not make, their memory and
processes limited; the instructor's server has the repository on its ``PYTHONPATH`` (for
``python -m grading`` and the exchange's collect), a student's does not.

A server that exits while starting (its port taken by another process in the moment between
the hub choosing it and the server binding it) is noticed at once, and started again on
another port, :attr:`ClassSpawner.start_tries` times in all; JupyterHub alone would wait
``http_timeout`` for a server that is no more.
"""

from __future__ import annotations

import asyncio
import time
import urllib.request
from pathlib import Path
from typing import Any

from jupyterhub.spawner import LocalProcessSpawner
from traitlets import Integer, Unicode

from hub.users import ensure_user, limits, memory_cgroup


class ClassSpawner(LocalProcessSpawner):
    """A server per user, as that user's own system user (see the module docstring)."""

    homes = Unicode("/home", help="the folder of the users' homes").tag(config=True)
    instructor = Unicode(help="the instructor's hub name").tag(config=True)
    repository = Unicode(help="the course repository (the instructor's PYTHONPATH)").tag(
        config=True
    )
    start_tries = Integer(3, help="starts of a server that exits at once").tag(config=True)

    def make_preexec_fn(self, name: str) -> Any:
        group = memory_cgroup(name)
        if group is None:
            self.log.warning(
                "%s's memory is limited per process, not for all their processes together: "
                "the hub may make no memory cgroup here (run it as hub/jupyterhub.service "
                "does, with Delegate=memory pids; see the README)",
                name,
            )
        return limits(ensure_user(name, Path(self.homes)), group)

    def get_env(self) -> dict[str, str]:
        env = super().get_env()
        env.pop("PYTHONPATH", None)
        if self.user.name == self.instructor:
            env["PYTHONPATH"] = self.repository
        return env

    async def start(self) -> tuple[str, int]:
        await asyncio.to_thread(ensure_user, self.user.name, Path(self.homes))
        for attempt in range(1, self.start_tries + 1):
            self.port = 0  # LocalProcessSpawner chooses a free one
            ip, port = await super().start()
            if await self._answers(ip, port):
                return ip, port
            self.log.warning(
                "%s's server exited while starting (status %s; port %s taken?), try %d of %d",
                self.user.name,
                self.proc.returncode,
                port,
                attempt,
                self.start_tries,
            )
        raise RuntimeError(f"{self.user.name}'s server exited {self.start_tries} times at start")

    async def _answers(self, ip: str, port: int) -> bool:
        """Wait until the server answers HTTP (True) or its process ends (False)."""
        url = f"http://{ip}:{port}{self.server.base_url}api"
        deadline = time.monotonic() + self.http_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            if await asyncio.to_thread(_answers_http, url):
                return True
            await asyncio.sleep(0.2)
        return True  # JupyterHub's own wait then reports the timeout


def _answers_http(url: str) -> bool:
    """Whether a server answers at ``url`` (this user's; another's server answers 404)."""
    try:
        with urllib.request.urlopen(url, timeout=2) as answer:
            return bool(answer.status == 200)
    except OSError:  # urllib's HTTPError, a refused connection, no answer in time
        return False
