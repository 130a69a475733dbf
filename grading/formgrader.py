"""The lecturer's formgrader, served so that no event handler a student wrote can run.

``python -m grading formgrader [--course assignment]`` starts JupyterLab in the course folder
(so nbgrader reads the course's ``nbgrader_config.py``, which makes what students wrote inert,
``grading.inert``) with a Content-Security-Policy on every page of the server. The policy
forbids inline event handlers (``script-src-attr``): an ``<img onerror=...>`` or ``<svg
onload=...>`` that got past the cleaning runs nothing, and the browser reports it. Only the
handlers of nbgrader's own formgrader templates are allowed, by their hashes (CSP's
``'unsafe-hashes'``): they are read from the installed nbgrader, so they follow its version.

nbgrader's pages also need inline ``<script>`` blocks of their own whose text differs from page
to page (the submission's id), so the policy cannot forbid those without breaking the
formgrader; a ``<script>`` a student wrote is removed by the cleaning before nbgrader stores
or renders it.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

__all__ = ["content_security_policy", "handler_hashes", "serve"]

#: An inline event handler attribute in a template: ``onclick="toggle_name(true);"``, or
#: ``onClick="createAssignmentModal();"`` (HTML's attribute names know no case).
HANDLER = re.compile(r"""\son[a-z]+="([^"]*)\"""", re.IGNORECASE)


def handler_hashes() -> list[str]:
    """The CSP hashes of the inline event handlers in nbgrader's formgrader templates."""
    from nbgrader.server_extensions.formgrader import handlers

    found: set[str] = set()
    for template in sorted(Path(handlers.template_path).rglob("*")):
        if template.is_file() and template.suffix in (".tpl", ".j2", ".html"):
            found.update(HANDLER.findall(template.read_text(encoding="utf-8")))
    return [
        "'sha256-" + base64.b64encode(hashlib.sha256(code.encode()).digest()).decode() + "'"
        for code in sorted(found)
    ]


def content_security_policy() -> str:
    """The policy the lecturer's Jupyter server sends (``frame-ancestors`` as Jupyter's own).

    >>> policy = content_security_policy()
    >>> "script-src-attr 'unsafe-hashes' 'sha256-" in policy and "unsafe-inline" not in policy
    True
    """
    allowed = " ".join(["'unsafe-hashes'", *handler_hashes(), "'report-sample'"])
    return "; ".join(
        [
            f"script-src-attr {allowed}",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'self'",
        ]
    )


def serve(course: Path, lab_args: list[str]) -> int:
    """Run JupyterLab in ``course`` with the policy on every page; its exit status."""
    if not (course / "nbgrader_config.py").is_file():
        raise ValueError(
            f"{course} is not a course folder (no nbgrader_config.py): run release first, or "
            "give the folder with --course"
        )
    config = course / ".jupyter"
    config.mkdir(exist_ok=True)
    settings = {"headers": {"Content-Security-Policy": content_security_policy()}}
    (config / "jupyter_server_config.json").write_text(
        json.dumps({"ServerApp": {"tornado_settings": settings}}, indent=1), encoding="utf-8"
    )
    paths = [str(config), os.environ.get("JUPYTER_CONFIG_PATH", "")]
    environment = {**os.environ, "JUPYTER_CONFIG_PATH": os.pathsep.join(filter(None, paths))}
    command = [sys.executable, "-m", "jupyterlab", *lab_args]
    return subprocess.run(command, cwd=course, env=environment, check=False).returncode
