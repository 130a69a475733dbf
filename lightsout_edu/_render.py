"""Fast pictures for the widgets: matrices and boards as HTML tables or PNG bytes.

matplotlib is too slow to redraw on every click of a player, so the widgets draw here: an
HTML table (small matrices, with labels, crisp at any zoom) or a PNG painted pixel by pixel
with numpy (large matrices, e.g. 225 x 226 for a 15x15 board).  Every element carries a
stable class (``lo-...``) for tests and for the browser test.
"""

from __future__ import annotations

import io
from html import escape

import numpy as np
from numpy.typing import NDArray
from PIL import Image

__all__ = ["LIT", "PALETTE", "PRESS", "board_html", "matrix_html", "matrix_png"]

#: Light colours of a board cell with value 0, 1, ... (off first); k-colour boards use more.
PALETTE = ("#2b303b", "#ffd23f", "#4cc9f0", "#f72585", "#7bd389", "#b388eb", "#ff8c42")
LIT = PALETTE[1]
PRESS = "#e4572e"  # presses, pivots: a warm red that stands out on both cell colours
ONE = "#1d3557"  # a nonzero matrix entry
HIGHLIGHT = "#ffe66d"  # rows touched by the current step
HIGHLIGHT_ONE = "#a0522d"
SEPARATOR = "#111111"

#: Matrices with at most this many columns are drawn as labelled HTML tables.
HTML_MAX_COLS = 40

_MATRIX_CSS = f"""<style>
.lo-matrix table{{border-collapse:collapse;font:13px/1 monospace}}
.lo-matrix td,.lo-matrix th{{width:17px;height:17px;padding:0;text-align:center}}
.lo-matrix td{{border:1px solid #d5d9e0}}
.lo-matrix th{{color:#555;font-weight:normal;font-size:10px}}
.lo-matrix td.lo-0{{background:#fff;color:#c0c5ce}}
.lo-matrix td.lo-nz{{background:{ONE};color:#fff;font-weight:bold}}
.lo-matrix tr.lo-hl td.lo-0{{background:{HIGHLIGHT};color:#8a7a2a}}
.lo-matrix tr.lo-hl td.lo-nz{{background:{HIGHLIGHT_ONE}}}
.lo-matrix tr.lo-hl th{{color:#000;font-weight:bold}}
.lo-matrix td.lo-pivot{{outline:3px solid {PRESS};outline-offset:-3px}}
.lo-matrix .lo-b{{border-left:3px solid {SEPARATOR}}}
</style>"""


def matrix_html(
    M: NDArray, *, pivots=(), highlight_rows=(), augmented: bool = True, step: int | None = None
) -> str:
    """Return ``M`` as a labelled HTML table (rows ``R1..``, columns ``x1..`` and ``b``)."""
    rows, cols = M.shape
    n_a = cols - 1 if augmented else cols
    pivot_set = {(int(r), int(c)) for r, c in pivots}
    hl = {int(r) for r in highlight_rows}
    head = "".join(f"<th>x<sub>{j + 1}</sub></th>" for j in range(n_a))
    if augmented:
        head += '<th class="lo-b">b</th>'
    out = [
        f'<div class="lo-matrix" data-step="{"" if step is None else step}">',
        _MATRIX_CSS,
        f"<table><thead><tr><th></th>{head}</tr></thead><tbody>",
    ]
    for i in range(rows):
        cells = []
        for j in range(cols):
            v = int(M[i, j])
            cls = "lo-nz" if v else "lo-0"
            if (i, j) in pivot_set:
                cls += " lo-pivot"
            if augmented and j == n_a:
                cls += " lo-b"
            cells.append(f'<td class="{cls}">{v}</td>')
        tr_cls = ' class="lo-hl"' if i in hl else ""
        out.append(f"<tr{tr_cls}><th>R<sub>{i + 1}</sub></th>{''.join(cells)}</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def _rgb(color: str) -> NDArray[np.uint8]:
    return np.array([int(color[i : i + 2], 16) for i in (1, 3, 5)], dtype=np.uint8)


def matrix_png(
    M: NDArray, *, pivots=(), highlight_rows=(), augmented: bool = True, width: int = 720
) -> bytes:
    """Return ``M`` as PNG bytes, one square block per entry, painted with numpy."""
    rows, cols = M.shape
    s = int(np.clip(width // max(rows, cols), 2, 16))
    colors = np.empty((rows, cols, 3), dtype=np.uint8)
    nz = np.asarray(M) != 0
    colors[~nz] = 255
    colors[nz] = _rgb(ONE)
    hl = np.zeros(rows, dtype=bool)
    hl[list(highlight_rows)] = True
    colors[hl[:, None] & ~nz] = _rgb(HIGHLIGHT)
    colors[hl[:, None] & nz] = _rgb(HIGHLIGHT_ONE)
    for r, c in pivots:
        colors[r, c] = _rgb(PRESS)
    img = np.repeat(np.repeat(colors, s, axis=0), s, axis=1)
    if s >= 6:  # faint grid lines between entries
        img[::s, :] = img[::s, :] // 8 * 7
        img[:, ::s] = img[:, ::s] // 8 * 7
    if augmented:
        sep = np.broadcast_to(_rgb(SEPARATOR), (img.shape[0], max(2, s // 3), 3))
        img = np.concatenate([img[:, : (cols - 1) * s], sep, img[:, (cols - 1) * s :]], axis=1)
    buf = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(img)).save(buf, format="PNG", compress_level=1)
    return buf.getvalue()


def board_html(
    board: NDArray,
    *,
    marks: NDArray | None = None,
    mark: str = "\u25cf",
    unknown: NDArray | None = None,
    cell_px: int = 28,
    css_class: str = "lo-board",
    title: str = "",
) -> str:
    """Return a board as an HTML grid; ``marks`` puts ``mark`` on cells, e.g. presses.

    A mark count above 1 (a cell pressed twice in a k-colour game) is written as a number.

    ``unknown`` (bool, optional) greys out cells whose value is not known yet and shows "?".
    """
    rows, cols = board.shape
    out = [f'<div class="{css_class}">']
    if title:
        out.append(
            f'<div class="lo-board-title" style="font-weight:bold;margin:2px 0">'
            f"{escape(title)}</div>"
        )
    out.append(
        '<table style="border-collapse:separate;border-spacing:3px;'
        'background:#111;border-radius:4px">'
    )
    for r in range(rows):
        out.append("<tr>")
        for c in range(cols):
            v = int(board[r, c])
            is_unknown = unknown is not None and unknown[r, c]
            color = "#8d939e" if is_unknown else PALETTE[v % len(PALETTE)]
            count = 0 if marks is None else int(marks[r, c])
            text = "?" if is_unknown else (mark if count == 1 else str(count) if count else "")
            state = "lo-unknown" if is_unknown else f"lo-v{v}"
            out.append(
                f'<td class="lo-cell {state}" data-r="{r}" data-c="{c}" style="width:{cell_px}px;'
                f"min-width:{cell_px}px;max-width:{cell_px}px;height:{cell_px}px;"
                f"line-height:{cell_px}px;background:{color};color:{PRESS};text-align:center;"
                f"font-size:{cell_px * 2 // 3}px;font-weight:bold;padding:0;overflow:hidden;"
                f'box-sizing:border-box">{text}</td>'
            )
        out.append("</tr>")
    out.append("</table></div>")
    return "".join(out)
