"""The course's JupyterHub, what an administrator deploys: ``python -m hub`` (``make hub``).

- ``server.py``: starts JupyterHub and its proxy, and drives them (the tests, the benchmark);
- ``jupyterhub_config.py``: JupyterHub's configuration;
- ``proxy/``: the proxy's pinned npm package (configurable-http-proxy).
"""
