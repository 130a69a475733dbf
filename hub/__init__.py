"""The course's JupyterHub, what an administrator deploys: ``python -m hub`` (``make hub``).

- ``server.py``: starts JupyterHub and its proxy, and drives them (the tests, the benchmark);
- ``jupyterhub_config.py``: JupyterHub's configuration;
- ``spawner.py``: each user's server as their own system user, started again if it exits
  while starting;
- ``users.py``: the system users and their limits;
- ``lock.py``: the repository readable by the instructor alone while hubs run, given back by
  the last to stop (or by the next to start, after a hub was killed);
- ``exchange.py``: nbgrader's collect, taking a submission only from the student it names;
- ``python.py``: the Python the servers run, which every user may run;
- ``proxy/``: the proxy's pinned npm package (configurable-http-proxy);
- ``jupyterhub.service``: the systemd unit.
"""
