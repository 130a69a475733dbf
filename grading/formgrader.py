"""The lecturer's formgrader, served so that no script a student wrote can run.

``python -m grading formgrader [--course assignment]`` starts JupyterLab in the course folder
(so nbgrader reads the course's ``nbgrader_config.py``, which makes what students wrote inert,
``grading.inert``) with a Content-Security-Policy on every page of the server: a second wall
behind the cleaning. On a page nothing was cleaned from, a student's script is refused by the
browser, which reports it.

nbgrader's pages (``/formgrader/...``) get a policy of their own with each response
(:func:`formgrader_policy`). The formgrade page shows the submission in the page itself (not
in a frame), rendered on the server by nbconvert's templates inside nbgrader's, and nbgrader's
templates have inline ``<script>`` blocks whose text differs from page to page (ids, the base
URL). ``script-src`` allows only the scripts that carry the response's nonce, and only the
``<script>`` tags written in nbgrader's own templates carry it: a server extension
(:mod:`grading.formgrader_nonces`) writes it into them as the templates are read, before any
value is substituted in them, so nothing a student wrote can carry it. An inline
``<script>`` of the student's, ``<script src="data:...">``, a file handed in beside the
notebook (``<script src="evil.js">``: nbgrader serves the submission's files from the same
origin, so there is no ``'self'``), a ``javascript:`` link, an ``<iframe srcdoc>``: none runs.
Nor is there ``'unsafe-inline'``, ``'unsafe-eval'`` or ``'strict-dynamic'`` (which would
pass the trust on to whatever script jQuery or MathJax builds from the page's text).

Why nonces: hashes of nbgrader's inline scripts would have to be computed for each page, and
would allow a byte-for-byte copy anywhere in it; moving their data out of the scripts means
rewriting nbgrader's templates and scripts. A nonce ties the permission to the element the
template wrote. The values nbgrader writes into its inline scripts (``var assignment_id =
"{{ assignment_id }}";``, taken from the URL on several pages) are escaped for a JavaScript
string as they are substituted, so a link a student wrote cannot end the string and write
code into a script that carries the nonce.

Inline event handlers (``script-src-attr``) are refused but those of nbgrader's own templates,
allowed by their hashes (CSP's ``'unsafe-hashes'``). The formgrade page's MathJax is MathJax 2
from the lecturer's server (jupyter-server-mathjax; nbgrader's page would load it from a CDN),
configured by an object: MathJax runs a ``text/x-mathjax-config`` block, nbgrader's or a
student's, with ``eval``, which the policy refuses. ``script-src`` allows the folder MathJax
loads the rest of itself from, which holds nothing of a student's.

Every other page of the server (JupyterLab, Jupyter's own) gets :func:`content_security_policy`:
scripts from the server itself (``'self'``) and the inline scripts of Jupyter's page templates
that never change, by their hashes (those that remove the token from the address), no other
inline script; ``'unsafe-eval'``, without which JupyterLab does not start (it compiles its
settings' schemas into functions, with ajv). JupyterLab shows a student's notebook sanitised
(an untrusted notebook runs none of its outputs' scripts), and files under ``/files/`` in a
sandbox of their own origin (Jupyter's own policy for them). So are the files of a submission
that nbgrader serves (:func:`submission_files_policy`): opened as pages, they are the student's.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

__all__ = [
    "content_security_policy",
    "formgrader_policy",
    "handler_hashes",
    "page_script_hashes",
    "serve",
    "server_config",
    "submission_files_policy",
]

ROOT = Path(__file__).resolve().parent.parent
#: The server extension that gives the scripts of nbgrader's templates each response's nonce.
EXTENSION = "grading.formgrader_nonces"
#: An inline event handler attribute in a template: ``onclick="toggle_name(true);"``, or
#: ``onClick="createAssignmentModal();"`` (HTML's attribute names know no case).
HANDLER = re.compile(r"""\son[a-z]+="([^"]*)\"""", re.IGNORECASE)
#: An inline script element of a page template (its attributes, its text).
INLINE_SCRIPT = re.compile(r"<script(\s[^>]*)?>(.*?)</script>", re.DOTALL | re.IGNORECASE)
#: A script element's type (code has none, ``text/javascript`` or ``module``).
SCRIPT_TYPE = re.compile(r"""\stype=["']?([^"'\s>]*)""", re.IGNORECASE)
#: What every page's policy says besides its scripts (``frame-ancestors`` as Jupyter's own).
COMMON = ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'self'"]


def _hash(code: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(code.encode()).digest()).decode() + "'"


@functools.cache
def handler_hashes() -> tuple[str, ...]:
    """The CSP hashes of the inline event handlers in nbgrader's formgrader templates."""
    from nbgrader.server_extensions.formgrader import handlers

    found: set[str] = set()
    for template in sorted(Path(handlers.template_path).rglob("*")):
        if template.is_file() and template.suffix in (".tpl", ".j2", ".html"):
            found.update(HANDLER.findall(template.read_text(encoding="utf-8")))
    return tuple(_hash(code) for code in sorted(found))


def _page_templates() -> list[Path]:
    """The HTML templates of Jupyter's own pages: JupyterLab's, Jupyter Server's, Notebook's."""
    from jupyterlab.commands import get_app_dir

    folders = [Path(get_app_dir()) / "static"]
    for package in ("jupyter_server", "jupyterlab_server", "notebook"):
        spec = importlib.util.find_spec(package)
        if spec is not None and spec.origin is not None:
            folders.append(Path(spec.origin).parent / "templates")
    return sorted(page for folder in folders for page in folder.glob("*.html"))


@functools.cache
def page_script_hashes() -> tuple[str, ...]:
    """The CSP hashes of the inline scripts of Jupyter's page templates that never change.

    Those with no template code in them: those that remove the token from the address.
    """
    found: set[str] = set()
    for page in _page_templates():
        for attributes, code in INLINE_SCRIPT.findall(page.read_text(encoding="utf-8")):
            kind = SCRIPT_TYPE.search(attributes)
            is_code = kind is None or kind[1].lower() in ("text/javascript", "module")
            fixed = "{{" not in code and "{%" not in code
            if is_code and fixed and "src=" not in attributes:
                found.add(code)
    return tuple(_hash(code) for code in sorted(found))


def _handlers_allowed() -> str:
    return " ".join(["'unsafe-hashes'", *handler_hashes(), "'report-sample'"])


def formgrader_policy(nonce: str, mathjax: str | None = None) -> str:
    """The policy of one response of nbgrader's formgrader, whose own scripts carry ``nonce``.

    ``mathjax``: the folder MathJax loads the rest of itself from, as a CSP source.

    >>> formgrader_policy("abc", "127.0.0.1:8888/static/jupyter_server_mathjax/").split("; ")[0]
    "script-src 'nonce-abc' 127.0.0.1:8888/static/jupyter_server_mathjax/ 'report-sample'"
    >>> "unsafe-inline" in formgrader_policy("abc")
    False
    """
    scripts = " ".join(filter(None, [f"'nonce-{nonce}'", mathjax, "'report-sample'"]))
    return "; ".join([f"script-src {scripts}", f"script-src-attr {_handlers_allowed()}", *COMMON])


def submission_files_policy() -> str:
    """The policy of a file of a submission as nbgrader serves it, opened as a page.

    nbgrader serves ``/formgrader/submissions/<id>/<file>``: a picture the notebook shows, or
    any file handed in beside it. Opened as a page, such a file is the student's: it is
    sandboxed (an origin of its own, so no cookie or API of the lecturer's; no script, form,
    plugin, or ``<meta>`` refresh to another page) and loads nothing but pictures, media and
    styles of the server's.

    >>> submission_files_policy().split("; ")[:2]
    ['sandbox', "default-src 'none'"]
    """
    sources = ["img-src 'self' data:", "media-src 'self'", "style-src 'self' 'unsafe-inline'"]
    return "; ".join(["sandbox", "default-src 'none'", *sources, "frame-ancestors 'self'"])


def content_security_policy() -> str:
    """The policy of every other page of the lecturer's server (JupyterLab, Jupyter's own).

    >>> policy = content_security_policy()
    >>> policy.startswith("script-src 'self' 'unsafe-eval' 'sha256-")
    True
    >>> "script-src-attr 'unsafe-hashes' 'sha256-" in policy and "unsafe-inline" not in policy
    True
    """
    scripts = " ".join(["'self'", "'unsafe-eval'", *page_script_hashes(), "'report-sample'"])
    return "; ".join([f"script-src {scripts}", f"script-src-attr {_handlers_allowed()}", *COMMON])


def server_config() -> dict[str, object]:
    """The Jupyter server's configuration: the policy, and the extension of the nonces.

    The server refuses to start if the extension fails to load, rather than serve nbgrader's
    pages under a policy meant for others.
    """
    settings = {"headers": {"Content-Security-Policy": content_security_policy()}}
    return {
        "ServerApp": {
            "tornado_settings": settings,
            "jpserver_extensions": {EXTENSION: True},
            "reraise_server_extension_failures": True,
        }
    }


def serve(course: Path, lab_args: list[str]) -> int:
    """Run JupyterLab in ``course`` with the policies on every page; its exit status."""
    if not (course / "nbgrader_config.py").is_file():
        raise ValueError(
            f"{course} is not a course folder (no nbgrader_config.py): run release first, or "
            "give the folder with --course"
        )
    config = course / ".jupyter"
    config.mkdir(exist_ok=True)
    (config / "jupyter_server_config.json").write_text(
        json.dumps(server_config(), indent=1), encoding="utf-8"
    )
    paths = [str(config), os.environ.get("JUPYTER_CONFIG_PATH", "")]
    python_path = [str(ROOT), os.environ.get("PYTHONPATH", "")]  # the extension's package
    environment = {
        **os.environ,
        "JUPYTER_CONFIG_PATH": os.pathsep.join(filter(None, paths)),
        "PYTHONPATH": os.pathsep.join(filter(None, python_path)),
    }
    command = [sys.executable, "-m", "jupyterlab", *lab_args]
    return subprocess.run(command, cwd=course, env=environment, check=False).returncode
