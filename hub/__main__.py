"""``python -m hub``: the course's JupyterHub on this machine (see ``hub/server.py``)."""

from hub.server import main

raise SystemExit(main())
