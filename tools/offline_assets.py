"""The files an offline page needs, copied next to it: MathJax, the widget renderer, styles.

Nothing of the course site or its slides is loaded from the internet: MathJax 2 comes from
the ``jupyter-server-mathjax`` package, the ipywidgets HTML manager and anywidget's front end
from the npm packages in ``tools/site_js`` (installed with ``npm ci`` on first use), the
stylesheet and its dark scheme from ``tools/site_assets``.  :func:`external_assets` finds any
tag that would still fetch something from another host.  Shared by tools/build_site.py and
tools/build_slides.py.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

from nbconvert import HTMLExporter

ASSETS = Path(__file__).with_name("site_assets")
# A lit cell as the tab icon, inline, so that browsers do not ask a server for favicon.ico.
FAVICON = (
    '<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns=\'http://www.w3.org/2000/svg\' '
    "viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%23f5c518'/%3E%3C/svg%3E\">"
)
SITE_JS = Path(__file__).with_name("site_js")
#: Files of the widget renderer, from tools/site_js/node_modules, copied to assets/widgets/.
WIDGET_FILES = {
    "require.js": "requirejs/require.js",
    "anywidget.js": "anywidget/dist/index.js",
    "embed-amd.js": "@jupyter-widgets/html-manager/dist/embed-amd.js",
    "libembed-amd.js": "@jupyter-widgets/html-manager/dist/libembed-amd.js",
}
#: The HTML manager: with its start-up (which draws the widgets on the page's load event, for
#: the site's pages), and without it (the slides start it once reveal.js has laid them out).
HTML_MANAGERS = ("embed-amd.js", "libembed-amd.js")
WIDGET_FONTS = ("*.woff2", "*.woff", "*.ttf", "*.eot", "*.svg")  # Font Awesome, for its icons
# to_jshtml() links Font Awesome from a CDN for its button icons; site.css draws them instead.
CDN_STYLESHEET = re.compile(r"<link\b[^>]*href=[\"']?(?:https?:)?//[^>]*>", re.IGNORECASE)


class _ExternalAssets(HTMLParser):
    """Collects resources a page would fetch from another host (links to follow are fine)."""

    FETCHING = {
        "script": "src",
        "img": "src",
        "iframe": "src",
        "link": "href",
        "source": "src",
        "video": "src",
        "audio": "src",
        "embed": "src",
    }

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        wanted = self.FETCHING.get(tag)
        for name, value in attrs:
            if name == wanted and value and re.match(r"(https?:)?//", value.strip()):
                self.found.append(f"<{tag} {name}={value!r}>")


def external_assets(page_html: str) -> list[str]:
    """Every tag of ``page_html`` that loads something from the internet."""
    parser = _ExternalAssets()
    parser.feed(page_html)
    found = parser.found + re.findall(r"@import\s+url\(\s*['\"]?(?:https?:)?//[^)]*\)", page_html)
    return found


def widget_packages(required: tuple[str, ...] = tuple(WIDGET_FILES.values())) -> Path:
    """tools/site_js/node_modules, installed from the lock file unless ``required`` are there."""
    modules = SITE_JS / "node_modules"
    if all((modules / source).exists() for source in required):
        return modules
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit(
            "build_site: the widget renderer comes from npm packages (tools/site_js); install "
            "Node.js and npm (apt-get install npm), then run make site again"
        )
    subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=SITE_JS, check=True
    )
    return modules


#: The HTML manager checks the saved widget state against its JSON schemas with Ajvs made
#: without options (two bundled copies), whose strict mode warns on every page with widgets
#: ("use allowUnionTypes to allow union type keyword") about the schemas' union types.
SCHEMA_CHECKER = re.compile(r"([\w$]+)=new\(([\w$]+)\(\)\)(?=[;,](?:[\w$]+=)?\1\.compile\()")


def quiet_schema_check(embed_js: str) -> str:
    """The HTML manager's bundle with its schema checkers allowing union types (which those
    schemas use on purpose); a bundle of another shape is an error, not a silent miss.

    >>> quiet_schema_check("a;gt=new(ht());gt.compile(At),gt.compile(pt);k=new(w()),E=k.compile(y)")
    'a;gt=new(ht())({allowUnionTypes:!0});gt.compile(At),gt.compile(pt);k=new(w())({allowUnionTypes:!0}),E=k.compile(y)'
    """
    patched, found = SCHEMA_CHECKER.subn(r"\1=new(\2())({allowUnionTypes:!0})", embed_js)
    if not found:
        raise SystemExit(
            "build_site: found no schema checker in embed-amd.js: update SCHEMA_CHECKER in "
            "tools/offline_assets.py for this version of @jupyter-widgets/html-manager"
        )
    return patched


def copy_widget_renderer(out: Path) -> None:
    """The HTML manager, anywidget's front end, require.js and the icon fonts."""
    modules = widget_packages()
    target = out / "assets" / "widgets"
    target.mkdir(parents=True, exist_ok=True)
    for name, source in WIDGET_FILES.items():
        shutil.copy2(modules / source, target / name)
    for manager in HTML_MANAGERS:
        embed = target / manager
        embed.write_text(quiet_schema_check(embed.read_text(encoding="utf-8")), encoding="utf-8")
    fonts = modules / "@jupyter-widgets" / "html-manager" / "dist"
    for pattern in WIDGET_FONTS:
        for font in fonts.glob(pattern):
            shutil.copy2(font, target / font.name)


def copy_assets(out: Path) -> None:
    """MathJax 2 (from the jupyter-server-mathjax package), the widget renderer (from npm)
    and the site stylesheet."""
    try:
        import jupyter_server_mathjax
    except ImportError as error:
        raise SystemExit(
            "build_site: the offline MathJax comes from the 'jupyter-server-mathjax' package; "
            "install the course's test extras (make test) or pip install jupyter-server-mathjax"
        ) from error
    mathjax = Path(jupyter_server_mathjax.__file__).with_name("static")
    (out / "assets").mkdir(parents=True, exist_ok=True)
    shutil.copytree(mathjax, out / "assets" / "mathjax", dirs_exist_ok=True)
    copy_site_styles(out / "assets")
    copy_widget_renderer(out)


def copy_site_styles(assets: Path) -> None:
    """The site's stylesheet, its dark scheme, the script that picks the scheme and the one
    that makes wide outputs scrollable by keyboard."""
    assets.mkdir(parents=True, exist_ok=True)
    for name in ("site.css", "theme.js", "scrolling.js"):
        shutil.copy2(ASSETS / name, assets / name)
    (assets / "theme-dark.css").write_text(dark_theme_css(), encoding="utf-8")


def dark_theme_css() -> str:
    """JupyterLab's dark theme (nbconvert's copy) for pages whose scheme is dark.

    Its variables apply under ``<html data-lo-theme="dark">`` (set by theme.js), and without
    JavaScript whenever the system asks for a dark scheme and the reader did not choose light.
    """
    for folder in HTMLExporter(template_name="lab").template_paths:
        source = Path(folder) / "static" / "theme-dark.css"
        if source.is_file():
            break
    else:
        raise SystemExit("build_site: nbconvert's lab template has no static/theme-dark.css")
    variables = source.read_text(encoding="utf-8")
    body = variables[variables.index(":root {") + len(":root") :]
    return (
        f':root[data-lo-theme="dark"] {body}\n'
        f'@media (prefers-color-scheme: dark) {{\n:root:not([data-lo-theme="light"]) {body}}}\n'
    )
