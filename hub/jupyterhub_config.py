"""JupyterHub's configuration for a class on one machine (``make hub``, ``hub/server.py``).

``python -m hub`` starts ``jupyterhub -f hub/jupyterhub_config.py``: where things are comes
in its environment (``LIGHTSOUT_HUB_*``), the tokens and the password in
``<state>/secrets.json`` and the class in ``<state>/class.json``, both readable by the hub's
user alone (0600), so this file holds no secret and no path of a particular machine, and no
server's environment holds more than its own token:

- JupyterHub and its proxy (configurable-http-proxy) listen on 127.0.0.1 only;
- ``DummyAuthenticator``: the class list's students and the instructor log in with the one
  password, for trying the hub out (a real class uses the university's login; see the
  README); without a class list, any name;
- ``hub.spawner.ClassSpawner``: every user's server runs as a system user of their own, made
  at their first login (homes 0700), memory and processes limited, never as root
  (``hub/users.py``); the instructor's server has the repository on its ``PYTHONPATH``;
- the single-user servers run this course's Python (``hub/python.py``), where nbgitpuller and
  nbgrader are installed: a student opens the nbgitpuller link, the course's student edition
  is pulled into their home, and the checkers run sandboxed (bubblewrap) as in any notebook;
- nbgrader's exchange is a folder of the state folder, 1777 as nbgrader's multi-user exchange
  wants it: the instructor releases and collects there (collect taking a submission only
  from the student who wrote it, ``hub/exchange.py``), students fetch and submit
  (``nbgrader_config.py`` written by ``hub.server``);
- a service token (``course-admin``) lets ``hub.server`` and the tests start and stop the
  class's servers and make their tokens, and nothing else.
"""

import json
import os
from pathlib import Path

c = get_config()  # noqa: F821 (JupyterHub provides get_config)

STATE = Path(os.environ["LIGHTSOUT_HUB_STATE"])
PORT = int(os.environ["LIGHTSOUT_HUB_PORT"])
INSTRUCTOR = os.environ["LIGHTSOUT_HUB_INSTRUCTOR"]
SECRETS = json.loads((STATE / "secrets.json").read_text(encoding="utf-8"))
STUDENTS = json.loads((STATE / "class.json").read_text(encoding="utf-8"))

c.JupyterHub.bind_url = f"http://127.0.0.1:{PORT}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{os.environ['LIGHTSOUT_HUB_INTERNAL_PORT']}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ['LIGHTSOUT_HUB_PROXY_API_PORT']}"
c.ConfigurableHTTPProxy.command = [os.environ["LIGHTSOUT_HUB_PROXY"]]
c.ConfigurableHTTPProxy.auth_token = SECRETS["proxy_token"]
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.cleanup_servers = True  # stopping the hub stops every server it started
c.JupyterHub.cleanup_proxy = True

c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = SECRETS["password"]
if STUDENTS is None:
    c.Authenticator.allow_all = True
else:
    c.Authenticator.allowed_users = set(STUDENTS)
c.Authenticator.admin_users = {INSTRUCTOR}

c.JupyterHub.services = [{"name": "course-admin", "api_token": SECRETS["service_token"]}]
c.JupyterHub.load_roles = [
    {
        "name": "course-admin",
        # see the users and their servers, start and stop them, make a user's token (what
        # hub.server's Hub does); not admin:users, proxy, shutdown or access:servers
        "scopes": ["list:users", "read:users:name", "servers", "tokens"],
        "services": ["course-admin"],
    },
]

c.JupyterHub.spawner_class = "hub.spawner.ClassSpawner"
c.ClassSpawner.homes = os.environ["LIGHTSOUT_HUB_HOMES"]
c.ClassSpawner.instructor = INSTRUCTOR
c.ClassSpawner.repository = os.environ["LIGHTSOUT_HUB_REPOSITORY"]
c.Spawner.cmd = [os.environ["LIGHTSOUT_HUB_SERVER_PYTHON"], "-m", "jupyterhub.singleuser"]
c.Spawner.default_url = "/lab"
c.Spawner.environment = {
    # nbgrader's exchange and course id: the config folder hub.server writes; then the
    # course virtualenv's (its server extensions: nbgitpuller, nbgrader), which a bridge
    # Python (hub/python.py) would not find of itself
    "JUPYTER_CONFIG_PATH": os.environ["LIGHTSOUT_HUB_JUPYTER_CONFIG_PATH"],
    "JUPYTER_PATH": os.environ["LIGHTSOUT_HUB_JUPYTER_PATH"],
    "GIT_CONFIG_SYSTEM": os.environ["LIGHTSOUT_HUB_GIT_CONFIG_SYSTEM"],
    "LANG": "C.UTF-8",
}
# A class logging in at once: a few servers start at a time (the others are asked to retry,
# HTTP 429), each given 5 minutes on a busy machine.
c.JupyterHub.concurrent_spawn_limit = int(os.environ.get("LIGHTSOUT_HUB_SPAWN_LIMIT", "8"))
c.Spawner.start_timeout = 300
c.Spawner.http_timeout = 300
