"""The course on Kubernetes (Zero to JupyterHub): ``config.yaml`` and ``python -m hub.z2jh``."""
