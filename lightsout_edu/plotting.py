"""matplotlib pictures: boards, matrices, graphs, timings, and the animation of an elimination.

The pictures are meant to be projected: big cells, strong colours, thick grid lines, and one
visual language everywhere (see ``_palette``): a light that is on is yellow, a press is a
vermillion dot (a square on big boards), a nonzero matrix entry is blue, a pivot is outlined
in vermillion.  A quiet pattern is a set of presses, so it is drawn as presses on a dark
board.  Every function draws on a given ``ax`` (or a new figure) and returns the axes, so
pictures can be combined with ``plt.subplots``; :func:`draw_boards` draws a row of boards.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

import matplotlib.pyplot as plt
import numpy as np
from matplotlib import font_manager
from matplotlib.animation import FuncAnimation
from matplotlib.axes import Axes
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Circle, Patch, Rectangle
from matplotlib.ticker import NullFormatter
from numpy.typing import ArrayLike

from ._i18n import language, t, t_in
from ._palette import HIGHLIGHT, LIGHT_NAMES, LIGHTS, ONE, PRESS, SEPARATOR
from ._playback import Playback
from ._validation import as_board, as_matrix, check_modulus
from .elimination import Elimination
from .graphs import Graph

__all__ = [
    "animate_elimination",
    "describe_figure",
    "draw_board",
    "draw_boards",
    "draw_graph",
    "draw_matrix",
    "draw_timings",
    "use_course_style",
]

#: Matrices up to this many columns get row/column labels.
LABEL_MAX_COLS = 31
#: Boards with a longer side draw presses as small squares (thousands of dots are slow).
DOT_MAX_SIDE = 24
#: The most boards :func:`draw_boards` puts in one row.
MAX_PANELS = 12

#: matplotlib settings for pictures readable on a projector (see :func:`use_course_style`).
COURSE_STYLE: dict[str, Any] = {
    "figure.dpi": 100,
    "savefig.dpi": 100,
    "font.size": 12,
    "axes.titlesize": 12,
    "axes.labelsize": 12,
    "legend.fontsize": 10,
    "figure.titlesize": 13,
    "axes.spines.top": False,
    "axes.spines.right": False,
}


#: Fonts that have the Chinese glyphs, best first (Debian: ``apt-get install fonts-noto-cjk``).
CHINESE_FONTS = (
    "Noto Sans CJK SC",
    "Source Han Sans SC",
    "Noto Sans SC",
    "WenQuanYi Zen Hei",
    "WenQuanYi Micro Hei",
    "Microsoft YaHei",
    "PingFang SC",
    "SimHei",
)


@functools.cache
def chinese_font() -> str | None:
    """The installed font of :data:`CHINESE_FONTS` that draws Chinese words, if there is one.

    Without one, the words the pictures write themselves (a colour key, an axis label) stay
    English in Chinese too: matplotlib would draw an empty box for every Chinese character.
    """
    installed = {entry.name for entry in font_manager.fontManager.ttflist}
    return next((name for name in CHINESE_FONTS if name in installed), None)


def _picture_language() -> str:
    """The language of the words in a picture: the language in use, if it can be drawn."""
    return "zh" if language() == "zh" and chinese_font() is not None else "en"


def _say(key: str, /, **values: Any) -> str:
    """:func:`t` for the words drawn in a picture (see :func:`chinese_font`)."""
    return t_in(_picture_language(), key, **values)


def _font_family() -> dict[str, Any]:
    """The font family of the words :func:`_say` gives: the Chinese font behind the usual one."""
    font = chinese_font()
    return {"family": ["sans-serif", font]} if _picture_language() == "zh" and font else {}


def use_course_style() -> None:
    """Set matplotlib up for the course: 100 dpi, 12 pt text, figures described in words.

    In a notebook, every figure shown afterwards carries a text description (its titles and
    axis labels, see :func:`describe_figure`) as ``alt`` in its output's metadata, which the
    course site turns into the image's alt text for screen readers.

    Examples
    --------
    >>> use_course_style()
    >>> plt.rcParams["font.size"]
    12.0
    """
    plt.style.use(COURSE_STYLE)
    font = chinese_font()
    if font is not None:  # Chinese in a student's own titles: drawn by the Chinese font
        # first in Chinese: a title with a $formula$ is drawn by mathtext, whose words take
        # the first font only (the usual one has no Chinese: a box for every character)
        chinese_first = _picture_language() == "zh"
        plt.rcParams["font.family"] = (
            [font, "sans-serif"] if chinese_first else ["sans-serif", font]
        )
    _describe_figures_in_notebooks()


def describe_figure(fig: Figure) -> str:
    """A one-sentence description of a figure from its titles and axis labels.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> fig, ax = plt.subplots()
    >>> _ = ax.set_title("rank of $A$"); _ = ax.set_xlabel("board size n")
    >>> describe_figure(fig)
    'Figure: rank of A (x: board size n).'
    >>> plt.close(fig)
    """
    heading = fig.get_suptitle() if hasattr(fig, "get_suptitle") else ""
    panels = []
    for ax in fig.axes:
        title = ax.get_title() or ax.get_title("left")
        labels = [
            t("{axis}: {label}", axis=axis, label=label)
            for axis, label in (("x", ax.get_xlabel()), ("y", ax.get_ylabel()))
            if label
        ]
        if labels:
            title = t("{title} ({labels})", title=title, labels=_listed(labels)).strip()
        if title.strip():
            panels.append(title.strip())
    text = _listed(panels, semicolons=True)
    if heading and text:
        text = t("{heading}. Panels: {panels}", heading=heading, panels=text)
    elif heading:
        text = heading
    text = " ".join(text.replace("$", "").replace("\\", "").replace("\n", " ").split())
    return t("Figure: {text}.", text=text or t("a picture without a title"))


def _listed(items: Sequence[str], *, semicolons: bool = False) -> str:
    """``items`` one after another, as the language in use separates them ("" if none)."""
    if not items:
        return ""
    listed = items[0]
    for item in items[1:]:
        if semicolons:
            listed = t("{so_far}; {more}", so_far=listed, more=item)
        else:
            listed = t("{so_far}, {more}", so_far=listed, more=item)
    return listed


def _describe_figures_in_notebooks() -> None:
    """In IPython, show figures as PNG with their description as ``alt`` metadata."""
    try:
        from IPython import get_ipython
        from IPython.core.pylabtools import print_figure
    except ImportError:  # plain Python: nothing to describe figures to
        return
    shell = get_ipython()
    if shell is None:
        return
    plt.close(plt.figure())  # activate the inline backend first, so it does not override us

    def png_with_alt(fig: Figure) -> tuple[str, dict[str, str]] | None:
        if not fig.axes and not fig.lines:
            return None
        data: str = print_figure(  # type: ignore[no-untyped-call]  # IPython has no stubs here
            fig, "png", bbox_inches="tight", base64=True
        )
        return data, {"alt": describe_figure(fig)}

    shell.display_formatter.formatters["image/png"].for_type(Figure, png_with_alt)


def _new_axes(width: float, height: float) -> Axes:
    _, ax = plt.subplots(figsize=(width, height))
    return ax


def _cell_grid(ax: Axes, rows: int, cols: int, color: str, linewidth: float) -> None:
    """Draw lines between cells and hide ticks and frame."""
    ax.set_xticks(np.arange(-0.5, cols, 1), minor=True)
    ax.set_yticks(np.arange(-0.5, rows, 1), minor=True)
    ax.grid(which="minor", color=color, linewidth=linewidth)
    ax.tick_params(which="both", length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)


def draw_board(
    board: ArrayLike,
    presses: ArrayLike | None = None,
    ax: Axes | None = None,
    *,
    colors: int = 2,
    title: str | None = None,
    legend: bool = False,
) -> Axes:
    """Draw a board: lit cells yellow, dark cells charcoal; presses as vermillion dots on top.

    Parameters
    ----------
    board : array_like
        ``rows x cols`` light states, 0 (off) to ``colors - 1``.
    presses : array_like, optional
        ``rows x cols`` press counts (0/1 for two colours); pressed cells get a vermillion dot,
        with the count written in it when it is above 1.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure sized for the board when omitted.
    colors : int, default 2
        Number of light states (2 for the classic game).
    title : str, optional
        A title above the board.
    legend : bool, default False
        Add a key naming the colour of each light state (useful with ``colors > 2``).

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = draw_board([[1, 0], [0, 1]], presses=[[1, 0], [0, 0]], title="2x2")
    >>> ax.get_title()
    '2x2'
    """
    colors = check_modulus(colors, "colors")
    cells = as_board(board, colors=colors)
    rows, cols = cells.shape
    if ax is None:
        ax = _new_axes(max(2.5, 0.7 * cols + 0.5), max(2.5, 0.7 * rows + 0.5))
    cmap = ListedColormap([LIGHTS[v % len(LIGHTS)] for v in range(colors)])
    ax.imshow(cells, cmap=cmap, vmin=-0.5, vmax=colors - 0.5, interpolation="nearest")
    _cell_grid(ax, rows, cols, "white", linewidth=max(1.0, 12.0 / max(rows, cols)))
    ax.set_xticks([])
    ax.set_yticks([])
    if presses is not None:
        marks = as_board(presses, "presses", colors=colors)
        if marks.shape != cells.shape:
            raise ValueError(
                t(
                    "presses has shape {presses} but board has shape {board}; they must match",
                    presses=marks.shape,
                    board=cells.shape,
                )
            )
        if max(rows, cols) > DOT_MAX_SIDE:
            where = np.argwhere(marks)
            ax.scatter(
                where[:, 1], where[:, 0], s=(120 / max(rows, cols)) ** 2, c=PRESS, marker="s"
            )
        else:
            for r, c in np.argwhere(marks):
                ax.add_patch(
                    Circle(
                        (c, r), 0.25, facecolor=PRESS, edgecolor="white", linewidth=1.5, zorder=3
                    )
                )
                if marks[r, c] > 1:  # k colours: a cell pressed more than once shows its count
                    ax.text(
                        c,
                        r,
                        str(marks[r, c]),
                        ha="center",
                        va="center",
                        color="white",
                        fontweight="bold",
                        zorder=4,
                    )
    if legend:
        _light_key(ax, colors, pressed=presses is not None)
    if title is not None:
        ax.set_title(title)
    return ax


def _light_key(ax: Axes, colors: int, *, pressed: bool) -> None:
    """A key below the axes: the colour of each light state (and of a press)."""
    handles = [
        Patch(facecolor=LIGHTS[v % len(LIGHTS)], edgecolor="#888888", label=_state_name(v))
        for v in range(colors)
    ]
    if pressed:
        handles.append(Patch(facecolor=PRESS, label=_say("a press")))
    ax.legend(
        handles=handles,
        loc="upper center",
        bbox_to_anchor=(0.5, -0.02),
        ncol=min(len(handles), 4),
        frameon=False,
        prop={"size": 9, **_font_family()},
        handlelength=1.2,
    )


def _state_name(value: int) -> str:
    return f"{value} {_say(LIGHT_NAMES[value % len(LIGHT_NAMES)])}"


def draw_boards(
    boards: Sequence[ArrayLike],
    presses: Sequence[ArrayLike | None] | None = None,
    *,
    titles: Sequence[str] | None = None,
    colors: int = 2,
    title: str | None = None,
    size: float = 2.2,
    legend: bool = False,
) -> Figure:
    """Draw several boards side by side, each optionally with presses; return the figure.

    Parameters
    ----------
    boards : sequence of array_like
        One to 12 boards (they may differ in shape).
    presses : sequence of array_like or None, optional
        Presses to mark on each board (``None`` for a board without).
    titles : sequence of str, optional
        One title per board.
    colors : int, default 2
        Number of light states.
    title : str, optional
        A title above the row of boards.
    size : float, default 2.2
        Width of one panel in inches.
    legend : bool, default False
        A colour key under the first board.

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> fig = draw_boards([[[1, 0]], [[0, 0]]], presses=[None, [[1, 1]]], titles=["a", "b"])
    >>> [ax.get_title() for ax in fig.axes]
    ['a', 'b']
    """
    boards = list(boards)
    if not 1 <= len(boards) <= MAX_PANELS:
        raise ValueError(
            t(
                "draw_boards draws 1 to {most} boards, not {count}",
                most=MAX_PANELS,
                count=len(boards),
            )
        )
    marks = [None] * len(boards) if presses is None else list(presses)
    names = [None] * len(boards) if titles is None else list(titles)
    for given, what in ((marks, "presses"), (names, "titles")):
        if len(given) != len(boards):
            raise ValueError(
                t(
                    "{name} has {count} entries for {boards} boards",
                    name=what,
                    count=len(given),
                    boards=len(boards),
                )
            )
    tall = max(1.0, max(np.shape(b)[0] / max(np.shape(b)[-1], 1) for b in boards))
    fig, axes = plt.subplots(
        1, len(boards), figsize=(size * len(boards), size * tall + (0.9 if legend else 0.5))
    )
    for k, ax in enumerate(np.atleast_1d(axes)):
        draw_board(
            boards[k],
            presses=marks[k],
            ax=ax,
            colors=colors,
            title=names[k],
            legend=legend and k == 0,
        )
    if title is not None:
        fig.suptitle(title)
    fig.tight_layout()
    return fig


def draw_graph(
    graph: Graph,
    lights: ArrayLike | None = None,
    presses: ArrayLike | None = None,
    ax: Axes | None = None,
    *,
    colors: int = 2,
    title: str | None = None,
) -> Axes:
    """Draw Lights Out on a graph: vertices as lights, presses as vermillion dots, 0-based labels.

    Parameters
    ----------
    graph : Graph
        E.g. :func:`lightsout_edu.graphs.petersen_graph`.
    lights : array_like, optional
        One light state per vertex (default: all off).
    presses : array_like, optional
        One press count per vertex, marked by a dot on the vertex.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when omitted.
    colors : int, default 2
        Number of light states.
    title : str, optional
        A title above the graph.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from lightsout_edu.graphs import path_graph
    >>> ax = draw_graph(path_graph(3), lights=[1, 0, 1], presses=[0, 1, 0], title="a path")
    >>> [t.get_text() for t in ax.texts]
    ['0', '1', '2']
    """
    if not isinstance(graph, Graph):
        raise TypeError(
            t(
                "graph must be a Graph (e.g. lightsout_edu.petersen_graph()), not {kind}",
                kind=type(graph).__name__,
            )
        )
    colors = check_modulus(colors, "colors")
    n = graph.n_nodes
    states = np.zeros(n, dtype=np.int64) if lights is None else _per_vertex(lights, n, "lights")
    if (states >= colors).any():
        raise ValueError(t("lights must be between 0 and {last}", last=colors - 1))
    xy = np.array(graph.positions, dtype=float)
    if ax is None:
        ax = _new_axes(4.0, 4.0)
    for u, v in graph.edges:
        ax.plot(*xy[[u, v]].T, color="#8a8f98", linewidth=2, zorder=1)
    ax.scatter(
        xy[:, 0],
        xy[:, 1],
        s=520,
        c=[LIGHTS[int(v) % len(LIGHTS)] for v in states],
        edgecolors="#111111",
        linewidths=1.2,
        zorder=2,
    )
    if presses is not None:
        pressed = np.flatnonzero(_per_vertex(presses, n, "presses"))
        ax.scatter(
            xy[pressed, 0],
            xy[pressed, 1],
            s=130,
            c=PRESS,
            edgecolors="white",
            linewidths=1.5,
            zorder=3,
        )
    span = float(np.ptp(xy[:, 0]) or 1.0)
    for k, (x, y) in enumerate(xy):
        ax.text(x + 0.09 * span, y + 0.09 * span, str(k), fontsize=10, zorder=4)
    ax.set_aspect("equal")
    ax.margins(0.18)
    ax.axis("off")
    if title is not None:
        ax.set_title(title)
    return ax


def _per_vertex(values: ArrayLike, n: int, name: str) -> np.ndarray:
    arr = as_matrix(np.reshape(np.asarray(values), (1, -1)), name, modulus=np.iinfo(np.int64).max)
    if arr.shape[1] != n:
        raise ValueError(
            t(
                "{name} has {count} entries but the graph has {n} vertices",
                name=name,
                count=arr.shape[1],
                n=n,
            )
        )
    return np.asarray(arr[0], dtype=np.int64)


def draw_timings(
    rows: Iterable[Mapping[str, object]],
    *,
    x: str,
    y: str,
    series: str,
    ax: Axes | None = None,
    emphasise: str | None = None,
    title: str | None = None,
    xlabel: str | None = None,
    ylabel: str | None = None,
) -> Axes:
    """Timings on log-log axes, one line per ``series`` (a straight line is a power law).

    Parameters
    ----------
    rows : iterable of mappings
        Measurements, e.g. the records of ``benchmarks/results.json``; rows without a
        positive ``y`` are skipped (an engine not run at that size).
    x, y, series : str
        The keys of the size, the time and the name of the line.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure when omitted.
    emphasise : str, optional
        A series drawn thicker (ours).
    title, xlabel, ylabel : str, optional
        Labels; the axes say "``x`` (log scale)" and "median time in seconds (log scale)"
        when they are not given.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> data = [{"n": 1, "t": 0.1, "who": "a"}, {"n": 10, "t": 1.0, "who": "a"}]
    >>> ax = draw_timings(data, x="n", y="t", series="who")
    >>> [line.get_label() for line in ax.get_lines()]
    ['a']
    """
    rows = list(rows)
    if ax is None:
        ax = _new_axes(6.0, 4.0)
    names = list(dict.fromkeys(str(r[series]) for r in rows))
    palette = [plt.get_cmap("tab10")(k) for k in range(10)]
    for k, name in enumerate(names):
        points = sorted(
            (float(r[x]), float(r[y]))  # type: ignore[arg-type]
            for r in rows
            if str(r[series]) == name and r.get(y) and float(r[y]) > 0  # type: ignore[arg-type]
        )
        if not points:
            continue
        bold = name == emphasise
        ax.plot(
            *zip(*points, strict=True),
            label=name,
            color=palette[k % len(palette)],
            marker="o" if bold else ".",
            linewidth=3 if bold else 1.5,
        )
    ax.set_xscale("log")
    ax.set_yscale("log")
    for axis in (ax.xaxis, ax.yaxis):  # minor labels ("3x10^2 4x10^2 ...") collide
        axis.set_minor_formatter(NullFormatter())
    sizes = sorted({float(r[x]) for r in rows if r.get(y)})  # type: ignore[arg-type]
    if 1 < len(sizes) <= 8:  # few sizes, chosen by hand: label each one plainly
        ax.set_xticks(sizes, [f"{v:g}" for v in sizes])
    ax.grid(True, which="major", alpha=0.4)
    font = _font_family()
    ax.set_xlabel(xlabel or _say("{x} (log scale)", x=x), **({} if xlabel else font))
    ax.set_ylabel(ylabel or _say("median time in seconds (log scale)"), **({} if ylabel else font))
    if title is not None:
        ax.set_title(title)
    return ax


def _positions(
    values: Iterable[int] | None, limit: int, what: Literal["pivot rows", "pivot columns", "rows"]
) -> list[int]:
    """``values`` as positions 0 .. limit - 1: the rows or columns of pivots, or rows."""
    out = [] if values is None else [int(v) for v in values]
    bad = [v for v in out if not 0 <= v < limit]
    if bad:
        value, last = bad[0], limit - 1
        if what == "pivot rows":
            message = t(
                "pivots (rows) contains {value}, which is not between 0 and {last}",
                value=value,
                last=last,
            )
        elif what == "pivot columns":
            message = t(
                "pivots (columns) contains {value}, which is not between 0 and {last}",
                value=value,
                last=last,
            )
        else:
            message = t(
                "highlight_rows contains {value}, which is not between 0 and {last}",
                value=value,
                last=last,
            )
        raise ValueError(message)
    return out


def draw_matrix(
    M: ArrayLike,
    ax: Axes | None = None,
    *,
    pivots: Iterable[tuple[int, int]] | None = None,
    highlight_rows: Iterable[int] | None = None,
    augmented: bool = True,
    labels: bool | None = None,
    title: str | None = None,
) -> Axes:
    """Draw a matrix as a crisp grid: 1 (nonzero) dark blue, 0 white.

    Parameters
    ----------
    M : array_like
        A 2-D array of whole numbers >= 0, e.g. ``Elimination.state(k)``.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new figure sized for the matrix when omitted.
    pivots : iterable of (row, col), optional
        Pivot cells (0-based), outlined in red.
    highlight_rows : iterable of int, optional
        Rows touched by the current step, shaded yellow.
    augmented : bool, default True
        ``M`` is ``[A | b]``: draw a separator before the last column and label it ``b``.
    labels : bool, optional
        Row labels ``R1..`` and column labels ``x1..``; by default only where they fit
        (at most 31 columns, so a 5x5 board system gets them).
    title : str, optional
        A title above the matrix.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = draw_matrix([[1, 1, 0], [0, 1, 1]], pivots=[(0, 0), (1, 1)], highlight_rows=[1])
    >>> [t.get_text() for t in ax.get_xticklabels()]
    ['$x_{1}$', '$x_{2}$', '$b$']
    """
    arr = as_matrix(M, "M", modulus=np.iinfo(np.int64).max)
    rows, cols = arr.shape
    if augmented and cols < 2:
        raise ValueError(
            t("an augmented matrix [A | b] needs at least 2 columns, not {cols}", cols=cols)
        )
    pivot_cells = [] if pivots is None else [(int(r), int(c)) for r, c in pivots]
    _positions([r for r, _ in pivot_cells], rows, "pivot rows")
    _positions([c for _, c in pivot_cells], cols, "pivot columns")
    hl_rows = _positions(highlight_rows, rows, "rows")
    if labels is None:
        labels = cols <= LABEL_MAX_COLS
    if ax is None:
        ax = _new_axes(float(np.clip(0.3 * cols + 1, 3, 12)), float(np.clip(0.3 * rows + 1, 2, 12)))
    ax.imshow(
        arr != 0, cmap=ListedColormap(["white", ONE]), vmin=0, vmax=1, interpolation="nearest"
    )
    _cell_grid(ax, rows, cols, "#c9ced6", linewidth=0.6 if cols <= 60 else 0)
    for r in hl_rows:
        ax.axhspan(r - 0.5, r + 0.5, color=HIGHLIGHT, alpha=0.55, zorder=2, linewidth=0)
    for r, c in pivot_cells:
        ax.add_patch(
            Rectangle(
                (c - 0.5, r - 0.5),
                1,
                1,
                fill=False,
                edgecolor=PRESS,
                linewidth=max(1.0, 40.0 / cols),
                zorder=3,
            )
        )
    if augmented:
        ax.axvline(cols - 1.5, color=SEPARATOR, linewidth=2, zorder=4)
    if cols <= 12 and arr.max() > 1:  # entries mod p: write the numbers
        for (r, c), v in np.ndenumerate(arr):
            if v:
                ax.text(c, r, str(v), ha="center", va="center", color="white", zorder=5)
    if labels:
        size = float(np.clip(300 / max(rows, cols), 5, 11))
        n_a = cols - 1 if augmented else cols
        xl = [f"$x_{{{j + 1}}}$" for j in range(n_a)] + (["$b$"] if augmented else [])
        ax.set_xticks(range(cols), xl, fontsize=size)
        ax.set_yticks(range(rows), [f"$R_{{{i + 1}}}$" for i in range(rows)], fontsize=size)
        ax.xaxis.tick_top()
    else:
        ax.set_xticks([])
        ax.set_yticks([])
    if title is not None:
        ax.set_title(title, fontsize=10, wrap=True)
    return ax


def animate_elimination(
    elimination: Elimination,
    *,
    frames: Literal["all", "pivots"] | Iterable[int] = "all",
    interval: int = 700,
    figsize: tuple[float, float] | None = None,
) -> FuncAnimation:
    """Animate an elimination: one frame per position, the touched rows and pivots marked.

    Works without a kernel: ``anim.to_jshtml()`` is a self-contained HTML player (use it in
    notebooks that are exported to HTML or shown on a static site).

    Parameters
    ----------
    elimination : Elimination
        From ``eliminate``.
    frames : "all", "pivots" or iterable of int, default "all"
        Positions to show (0 = start, ``len(steps)`` = end).  ``"pivots"`` shows the start of
        each pivot's work and the end: far fewer frames for big boards.
    interval : int, default 700
        Milliseconds between frames.
    figsize : (float, float), optional
        Figure size in inches; by default sized to the matrix.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        The figure is closed so that it is not shown a second time as a still picture.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import lightsout_edu as lo
    >>> anim = animate_elimination(lo.eliminate([[1, 1], [1, 0]], [1, 1]))
    >>> "<script" in anim.to_jshtml()
    True
    """
    if not isinstance(elimination, Elimination):
        raise TypeError(
            t(
                "animate_elimination needs a recorded elimination from "
                "lightsout_edu.eliminate(A, b), not {kind}",
                kind=type(elimination).__name__,
            )
        )
    playback = Playback(elimination)
    n = playback.n_steps
    if isinstance(frames, str):
        if frames not in ("all", "pivots"):
            raise ValueError(
                t(
                    "frames must be 'all', 'pivots' or a list of positions, not {frames}",
                    frames=repr(frames),
                )
            )
        positions = (
            list(range(n + 1)) if frames == "all" else sorted({0, *elimination.pivot_starts, n})
        )
    else:
        positions = [playback.check_position(k) for k in frames]
        if not positions:
            raise ValueError(t("frames is empty; give at least one position"))
    rows, cols = np.shape(elimination.matrix)
    if figsize is None:
        figsize = (float(np.clip(0.3 * cols + 1.5, 4, 12)), float(np.clip(0.3 * rows + 1.8, 3, 12)))
    fig, ax = plt.subplots(figsize=figsize)

    def draw(k: int) -> list:
        frame = playback.frame(k)
        ax.clear()
        draw_matrix(
            frame.matrix,
            ax,
            pivots=frame.pivots,
            highlight_rows=frame.highlight_rows,
            augmented=elimination.augmented,
            title=frame.caption,
        )
        return []

    anim = FuncAnimation(
        fig,
        draw,
        frames=positions,
        init_func=lambda: draw(positions[0]),
        interval=interval,
        repeat=False,
    )
    plt.close(fig)
    return anim
