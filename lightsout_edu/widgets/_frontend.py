"""The widgets' front-end code: one bundled ES module per widget, and the shared stylesheet.

The sources are ES modules in ``frontend/src`` (``common.js`` holds what every view shares:
buttons, cells, the live region).  esbuild bundles them into ``static/<name>.js`` and
``static/widgets.css``, which are committed and installed with the package (package data),
so a ``pip install`` needs no npm; ``tests/test_frontend.py`` rebuilds them and checks that
the committed bundles are up to date.  The code travels inside the saved widget state, which
is why the widgets work on a static page too.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from functools import cache
from pathlib import Path
from typing import Any

from .._i18n import t

__all__ = ["STATIC", "VIEWS", "css", "esm", "refresh_saved_views"]

STATIC = Path(__file__).with_name("static")
#: The bundle of each widget class, by the ``_anywidget_id`` anywidget saves with its state.
VIEWS = {
    "lightsout_edu.widgets.game.LightsOutGame": "game",
    "lightsout_edu.widgets.player.EliminationPlayer": "player",
    "lightsout_edu.widgets.practice.RowReductionPractice": "practice",
    "lightsout_edu.widgets.question.QuickQuestion": "question",
}


def _read(name: str) -> str:
    path = STATIC / name
    if not path.is_file():
        raise FileNotFoundError(
            t(
                "{path} is missing: the widgets' bundles are built from frontend/src with "
                "'make frontend' (they ship with the package)",
                path=path,
            )
        )
    return path.read_text(encoding="utf-8")


@cache
def esm(name: str) -> str:
    """The single ES module of widget ``name`` ("game", "player", "practice" or "question")."""
    if name not in VIEWS.values():
        raise ValueError(
            t(
                "no widget view {name}: choose one of {views}",
                name=repr(name),
                views=sorted(VIEWS.values()),
            )
        )
    return _read(f"{name}.js")


@cache
def css() -> str:
    """The stylesheet shared by every widget."""
    return _read("widgets.css")


def refresh_saved_views(metadata: MutableMapping[str, Any]) -> int:
    """Give the course widgets saved in a notebook's ``metadata`` this package's view code.

    A notebook stores each widget's state together with the ES module and stylesheet of the
    package that ran it.  A page or a slide deck built now should show today's views (fixed
    bugs, accessibility) with the saved data; the state itself is kept as it is.  Returns how
    many widget models were refreshed.
    """
    state = metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    refreshed = 0
    for model in state.get("state", {}).values():
        saved = model.get("state", {})
        view = VIEWS.get(saved.get("_anywidget_id", ""))
        if view is not None and "_esm" in saved:
            saved["_esm"], saved["_css"] = esm(view), css()
            refreshed += 1
    return refreshed
