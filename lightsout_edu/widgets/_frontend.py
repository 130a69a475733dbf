"""The widgets' front-end code: one ES module per widget, and the shared stylesheet.

Each widget's view is ``static/<name>.js``, which imports the shared logic from
``static/common.js`` (so that ``node --test`` can test the pieces separately).  A widget's
``_esm`` must be a single module, so :func:`esm` inlines ``common.js`` in place of that
import.  The code travels inside the saved widget state, which is why the widgets work on a
static page too.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

__all__ = ["STATIC", "css", "esm"]

STATIC = Path(__file__).with_name("static")
_IMPORT_COMMON = re.compile(r'^import \{[^}]*\} from "\./common\.js";\n', re.MULTILINE)


@cache
def esm(name: str) -> str:
    """The single ES module of widget ``name`` ("game", "player" or "practice")."""
    view = (STATIC / f"{name}.js").read_text(encoding="utf-8")
    imports = _IMPORT_COMMON.findall(view)
    if len(imports) != 1:
        raise AssertionError(f"static/{name}.js must import common.js exactly once")
    common = (STATIC / "common.js").read_text(encoding="utf-8")
    return common + "\n" + _IMPORT_COMMON.sub("", view)


@cache
def css() -> str:
    """The stylesheet shared by every widget."""
    return (STATIC / "widgets.css").read_text(encoding="utf-8")
