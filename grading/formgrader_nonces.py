"""A Jupyter server extension: the scripts of nbgrader's own templates carry each response's nonce.

Loaded by ``python -m grading formgrader`` (:mod:`grading.formgrader`). Every response of
nbgrader's formgrader handlers (``BaseHandler`` in
nbgrader/server_extensions/formgrader/base.py) gets a nonce of its own and the policy that
allows it (:func:`grading.formgrader.formgrader_policy`). The nonce is written into the
``<script`` tags of nbgrader's templates as the templates are read (:class:`NoncedTemplates`),
before any value is substituted in them: what a student wrote reaches the page as such a
value (the formgrade page's cells, rendered by nbconvert's templates, which are not
nbgrader's and get no nonce; a student's ``application/javascript`` output is wrapped in a
``<script>`` of nbconvert's cell template), so it can never carry the nonce. On the formgrade
page every nonced tag comes before the notebook (the header, the navigation bar), so a tag a
student left open cannot take one in either. The two ways
nbgrader renders a page are wrapped: ``BaseHandler.render`` (the Jinja templates of the lists
and the gradebook) and the HTML exporter of the formgrade page (``SubmissionHandler.get``);
the nonce is a global of their template environments (:class:`CurrentNonce`), set before
each page is rendered (rendering is synchronous: no other page is rendered in between).
Inside nbgrader's inline scripts, each substituted value is escaped for the JavaScript string
it is written in.

The formgrade page's MathJax is the course's (grading/formgrader_templates/mathjax.html.j2,
in place of nbconvert's macro that nbgrader calls): MathJax 2 from this server, configured by
an object, since MathJax reads a ``text/x-mathjax-config`` block, nbconvert's or a
student's, with ``eval``, which the policy refuses. MathJax loads the rest of itself from its
folder, which the policy allows (and which holds nothing of a student's).

Examples
--------
>>> print(nonced_source('<script src="{{ u }}"></script>'))
<script nonce="{{ csp_nonce }}" src="{{ u }}"></script>
>>> print(nonced_source('<p>{{ a }}</p><script>var a = "{{ a }}/x";</script>'))
<p>{{ a }}</p><script nonce="{{ csp_nonce }}">var a = "{{ ((a)|string|tojson)[1:-1] }}/x";</script>
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, Environment, FileSystemLoader, TemplateNotFound

from grading.formgrader import formgrader_policy, submission_files_policy

__all__ = ["COURSE_TEMPLATES", "CurrentNonce", "NoncedTemplates", "nonced_source", "owned"]

#: The course's templates for the formgrade page (its MathJax).
COURSE_TEMPLATES = Path(__file__).resolve().parent / "formgrader_templates"
#: A script tag's opening, as a template writes it.
SCRIPT_TAG = re.compile(r"<script(?=[\s>])", re.IGNORECASE)
#: An inline script's text in a template.
SCRIPT_TEXT = re.compile(r"(<script\b[^>]*>)(.*?)(</script>)", re.DOTALL | re.IGNORECASE)
#: A value substituted in a script: ``{{ resources.base_url }}``.
SCRIPT_VALUE = re.compile(r"\{\{-?\s*(.+?)\s*-?\}\}", re.DOTALL)
#: Where the handler keeps its response's nonce.
NONCE = "_grading_csp_nonce"
#: Where the server's settings keep the nonced template environment and exporter.
NONCED_TEMPLATES = "grading_nonced_jinja2_env"
NONCED_EXPORTER = "grading_nonced_exporter"


def _escaped_values(match: re.Match[str]) -> str:
    """An inline script whose substituted values are escaped for a JavaScript string.

    JSON's escapes, of ``<``, ``>``, ``&`` and ``'`` too, without the quotes around it.
    """
    text = SCRIPT_VALUE.sub(r"{{ ((\1)|string|tojson)[1:-1] }}", match[2])
    return match[1] + text + match[3]


def nonced_source(source: str) -> str:
    """A template's ``source``, its script tags nonced, its scripts' values escaped.

    The nonce is the template global ``csp_nonce``.
    """
    escaped = SCRIPT_TEXT.sub(_escaped_values, source)
    return SCRIPT_TAG.sub('<script nonce="{{ csp_nonce }}"', escaped)


def _nbgrader_templates() -> Path:
    from nbgrader.server_extensions.formgrader import handlers

    return Path(handlers.template_path).resolve()


def owned(filename: Path) -> bool:
    """Whether ``filename`` is one of nbgrader's formgrader templates, or the course's."""
    folder = filename.resolve()
    return folder.is_relative_to(_nbgrader_templates()) or folder.is_relative_to(COURSE_TEMPLATES)


class NoncedTemplates(BaseLoader):
    """The templates of ``paths``, those of nbgrader and the course nonced (:func:`nonced_source`).

    Any other template is not found here (a loader after this one finds it).
    """

    def __init__(self, paths: list[str]) -> None:
        self.files = FileSystemLoader(paths)

    def get_source(
        self, environment: Environment, template: str
    ) -> tuple[str, str | None, Callable[[], bool] | None]:
        """The nonced source of ``template`` if nbgrader or the course owns it."""
        source, filename, uptodate = self.files.get_source(environment, template)
        if filename is None or not owned(Path(filename)):
            raise TemplateNotFound(template)
        return nonced_source(source), filename, uptodate


class CurrentNonce:
    """The nonce of the page being rendered, as a template global (``csp_nonce``).

    Read when the template writes it: a template that imports macros (nbgrader's formgrade
    page imports its header's) keeps them with a copy of the globals of the first time.
    """

    def __init__(self) -> None:
        self.value = ""

    def __str__(self) -> str:
        return self.value


def _nonced(environment: Environment, nonce: str) -> Environment:
    """``environment`` about to render the page whose nonce is ``nonce``."""
    current = environment.globals.get("csp_nonce")
    if not isinstance(current, CurrentNonce):
        current = environment.globals["csp_nonce"] = CurrentNonce()
    current.value = nonce
    return environment


def _nonce_of(handler: Any) -> str:
    """The nonce of ``handler``'s response (made when first asked for)."""
    if NONCE not in vars(handler):
        vars(handler)[NONCE] = secrets.token_urlsafe(18)
    return str(vars(handler)[NONCE])


def _templates(settings: dict[str, Any]) -> Environment:
    """The Jinja environment of nbgrader's pages, nonced.

    As nbgrader makes it in ``FormgradeExtension.init_tornado_settings``.
    """
    if NONCED_TEMPLATES not in settings:
        loader = NoncedTemplates([str(_nbgrader_templates())])
        settings[NONCED_TEMPLATES] = Environment(loader=loader)
    environment: Environment = settings[NONCED_TEMPLATES]
    return environment


def _exporter(settings: dict[str, Any]) -> Any:
    """The exporter of the formgrade page, nonced.

    nbgrader's exporter's configuration (the course's); the course's MathJax, nbgrader's
    templates nonced, then nbconvert's as they are.
    """
    if NONCED_EXPORTER not in settings:
        from nbconvert.exporters import HTMLExporter

        config = settings["nbgrader_exporter"].config
        exporter = HTMLExporter(config=config)  # type: ignore[no-untyped-call]
        paths = [str(COURSE_TEMPLATES), *exporter.template_paths]
        exporter.extra_loaders = [NoncedTemplates(paths)]
        mathjax = settings.get("mathjax_url", "")  # jupyter-server-mathjax's, if it is loaded
        exporter.environment.globals["formgrader_mathjax_url"] = mathjax
        settings[NONCED_EXPORTER] = exporter
    return settings[NONCED_EXPORTER]


class _NoncedExport:
    """What ``SubmissionHandler.get`` calls: the export, with the response's nonce."""

    def __init__(self, exporter: Any, nonce: str) -> None:
        self.exporter = exporter
        self.nonce = nonce

    def from_filename(self, filename: str, resources: dict[str, Any]) -> tuple[str, Any]:
        _nonced(self.exporter.environment, self.nonce)
        return self.exporter.from_filename(filename, resources=resources)  # type: ignore[no-any-return]


def _mathjax_folder(handler: Any) -> str | None:
    """Where the formgrade page's MathJax is, as a CSP source (``host:port/path/``)."""
    url = str(handler.settings.get("mathjax_url", ""))
    if not url:
        return None
    folder = url.rsplit("/", 1)[0] + "/"
    return folder if "://" in folder else handler.request.host + folder


def _policy(handler: Any) -> str:
    return formgrader_policy(_nonce_of(handler), _mathjax_folder(handler))


def _render(handler: Any, name: str, **namespace: Any) -> str:
    environment = _nonced(_templates(handler.settings), _nonce_of(handler))
    return environment.get_template(name).render(**namespace)


def _nonced_exporter(handler: Any) -> _NoncedExport:
    return _NoncedExport(_exporter(handler.settings), _nonce_of(handler))


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": __name__}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Give nbgrader's formgrader handlers their policy and their nonced pages."""
    from nbgrader.server_extensions.formgrader.base import BaseHandler
    from nbgrader.server_extensions.formgrader.handlers import SubmissionFilesHandler

    BaseHandler.content_security_policy = property(_policy)
    SubmissionFilesHandler.content_security_policy = property(
        lambda handler: submission_files_policy()
    )
    BaseHandler.render = _render
    BaseHandler.exporter = property(_nonced_exporter)
