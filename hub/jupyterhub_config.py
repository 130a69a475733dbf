"""JupyterHub's configuration for a class on one machine (``make hub``, ``hub/server.py``).

``python -m hub`` starts ``jupyterhub -f hub/jupyterhub_config.py`` with the settings below in
its environment (``LIGHTSOUT_HUB_*``), so this file holds no secret and no path of a
particular machine:

- JupyterHub and its proxy (configurable-http-proxy) listen on 127.0.0.1 only;
- ``DummyAuthenticator``: any name logs in with the one shared password, for trying the hub
  out (a real class uses the university's login: ``oauthenticator``, ``ldapauthenticator``;
  see the README);
- ``SimpleLocalProcessSpawner``: every user's server is a process of the hub's own system
  user, with a home of its own under the hub's state folder (a real class runs each user as a
  system user of their own, ``LocalProcessSpawner``, or in a pod of their own on Kubernetes);
- the single-user servers run this course's Python, where nbgitpuller and nbgrader are
  installed: a student opens the nbgitpuller link, the course's student edition is pulled into
  their home, and the checkers run sandboxed (bubblewrap) as in any notebook;
- nbgrader's exchange is a folder of the state folder that every server sees: the
  instructor releases and collects there, students fetch and submit (``nbgrader_config.py``
  written by ``hub.server``);
- a service token (``course-admin``) lets ``hub.server`` and the tests drive the hub through
  its REST API: create users, start and stop servers, make tokens.
"""

import os
import sys
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub provides get_config)

STATE = Path(os.environ["LIGHTSOUT_HUB_STATE"])
PORT = int(os.environ["LIGHTSOUT_HUB_PORT"])

c.JupyterHub.bind_url = f"http://127.0.0.1:{PORT}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{os.environ['LIGHTSOUT_HUB_INTERNAL_PORT']}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ['LIGHTSOUT_HUB_PROXY_API_PORT']}"
c.ConfigurableHTTPProxy.command = [os.environ["LIGHTSOUT_HUB_PROXY"]]
c.ConfigurableHTTPProxy.auth_token = os.environ["LIGHTSOUT_HUB_PROXY_TOKEN"]
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every server it started
c.JupyterHub.cleanup_proxy = True

c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = os.environ["LIGHTSOUT_HUB_PASSWORD"]
c.Authenticator.allow_all = True
c.Authenticator.admin_users = {os.environ["LIGHTSOUT_HUB_INSTRUCTOR"]}

c.JupyterHub.services = [
    {"name": "course-admin", "api_token": os.environ["LIGHTSOUT_HUB_ADMIN_TOKEN"]},
]
c.JupyterHub.load_roles = [
    {
        "name": "course-admin",
        "scopes": ["admin:users", "admin:servers", "tokens", "access:servers", "list:users"],
        "services": ["course-admin"],
    },
]

c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "home" / "{username}")
c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]
# a server run as root needs Jupyter's explicit consent (a container's root, or a test)
c.Spawner.args = ["--allow-root"] if os.geteuid() == 0 else []
c.Spawner.default_url = "/lab"
c.Spawner.environment = {
    # nbgrader's exchange and course id: the config folder hub.server writes
    "JUPYTER_CONFIG_PATH": str(STATE / "jupyter"),
    "LANG": "C.UTF-8",
}
# A class logging in at once: a few servers start at a time (the others are asked to retry,
# HTTP 429), each given 5 minutes on a busy machine.
c.JupyterHub.concurrent_spawn_limit = int(os.environ.get("LIGHTSOUT_HUB_SPAWN_LIMIT", "8"))
c.Spawner.start_timeout = 300
c.Spawner.http_timeout = 300
