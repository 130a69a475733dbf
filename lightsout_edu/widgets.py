"""Widgets for the lecture hall: an elimination player and a playable Lights Out board.

Both are ``ipywidgets.VBox`` subclasses: display them directly.  Everything they show lives in
widget traits (``HTML.value``, ``Image.value``, button styles and classes), so they can be
driven and checked from plain Python without a browser, and every element a browser test needs
carries a stable ``lo-...`` class.
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._playback import Playback, detect_board_shape
from ._render import HTML_MAX_COLS, PALETTE, PRESS, board_html, matrix_html, matrix_png
from ._validation import as_board, check_modulus, check_size, is_prime
from .boards import press
from .random_boards import random_board
from .elimination import Elimination
from .rules import Rule
from .solver import Solution, solve_board

__all__ = ["EliminationPlayer", "LightsOutGame"]

_GAME_CSS = (
    "<style>.lo-game-grid{background:#111;border-radius:6px}"
    ".lo-game-presses{font-size:16px;font-weight:bold}</style>"
)

#: Playing speeds offered by the player, in steps per second.
SPEEDS = (1, 2, 4, 8, 16, 32)


def _button(description: str, tooltip: str, css_class: str, icon: str = "") -> widgets.Button:
    button = widgets.Button(
        description=description, tooltip=tooltip, icon=icon, layout=widgets.Layout(width="auto")
    )
    button.add_class(css_class)
    return button


class EliminationPlayer(widgets.VBox):
    """Step through a recorded elimination: play/pause, step, scrub, jump between pivots.

    Shows the matrix after ``step`` row operations (pivots outlined, the rows of the last
    operation highlighted), a sentence explaining that operation and the operation in LaTeX.
    For a Lights Out system ``[A | b]`` it also draws the board and the presses read from the
    pivot rows so far.

    Parameters
    ----------
    elimination : Elimination
        From ``eliminate``.
    board_shape : (int, int), "auto" or None, default "auto"
        Board size for the board pictures; ``"auto"`` recognises toggle matrices of the named
        rules, ``None`` never draws boards.
    step : int, default 0
        The position to start at (0 = before any operation).

    Attributes
    ----------
    step : int
        Current position ``0 .. len(elimination.steps)``; setting it moves the player.
    caption, operation : ipywidgets.HTML, ipywidgets.HTMLMath
        The explanation sentence and the LaTeX of the last operation.
    matrix_view : ipywidgets.HTML or ipywidgets.Image
        The matrix: a labelled HTML table up to 40 columns, else a PNG.
    board_view : ipywidgets.HTML
        The boards (empty when the system is not a board).

    Examples
    --------
    >>> import lightsout_edu as lo
    >>> A = lo.toggle_matrix(3, 3)
    >>> player = EliminationPlayer(lo.eliminate(A, [1, 0, 0, 0, 0, 0, 0, 0, 1]))
    >>> player.forward(); player.step
    1
    >>> player.caption.value.count("Add row 1 to row 2")
    1
    """

    def __init__(
        self,
        elimination: Elimination,
        *,
        board_shape: tuple[int, int] | str | None = "auto",
        step: int = 0,
    ) -> None:
        if not isinstance(elimination, Elimination):
            raise TypeError(
                f"elimination must come from lightsout_edu.eliminate(...), "
                f"not {type(elimination).__name__}"
            )
        self.elimination = elimination
        self._playback = Playback(elimination)
        self._board_shape = self._check_board_shape(board_shape)
        n = self._playback.n_steps
        self._play = widgets.Play(
            min=0,
            max=n,
            step=1,
            interval=500,
            show_repeat=False,
            description="Play",
            tooltip="Play / pause",
        )
        self._slider = widgets.IntSlider(
            min=0, max=n, description="Step", layout=widgets.Layout(width="420px")
        )
        self._slider.add_class("lo-player-slider")
        widgets.link((self._play, "value"), (self._slider, "value"))
        self._speed = widgets.SelectionSlider(
            options=[(f"{s}/s", s) for s in SPEEDS],
            value=2,
            description="Speed",
            continuous_update=False,
            layout=widgets.Layout(width="240px"),
        )
        widgets.dlink((self._speed, "value"), (self._play, "interval"), lambda s: 1000 // s)
        buttons = [
            _button(
                "Previous pivot", "Jump to the previous pivot", "lo-prev-pivot", "fast-backward"
            ),
            _button("Back", "One step back", "lo-step-back", "step-backward"),
            _button("Forward", "One step forward", "lo-step-forward", "step-forward"),
            _button("Next pivot", "Jump to the next pivot", "lo-next-pivot", "fast-forward"),
        ]
        for button, action in zip(
            buttons, (self.previous_pivot, self.back, self.forward, self.next_pivot), strict=True
        ):
            button.on_click(lambda _, act=action: act())
        self.caption = widgets.HTML()
        self.operation = widgets.HTMLMath()
        big = np.shape(elimination.matrix)[1] > HTML_MAX_COLS
        self.matrix_view = widgets.Image(format="png") if big else widgets.HTML()
        self.matrix_view.add_class("lo-player-matrix")
        self.board_view = widgets.HTML()
        self._slider.observe(self._show, "value")
        controls = widgets.HBox(
            [self._play, *buttons, self._slider, self._speed],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        super().__init__(
            [
                controls,
                self.caption,
                self.operation,
                widgets.HBox([self.matrix_view, self.board_view]),
            ]
        )
        self.add_class("lo-player")
        self.step = step
        self._show()

    def _check_board_shape(self, shape: object) -> tuple[int, int] | None:
        if shape is None:
            return None
        if isinstance(shape, str):
            if shape != "auto":
                raise ValueError(f"board_shape must be (rows, cols), 'auto' or None, not {shape!r}")
            return detect_board_shape(self.elimination)
        rows, cols = (check_size(v, "board_shape") for v in shape)
        if not self.elimination.augmented or rows * cols != self.elimination.n_unknowns:
            raise ValueError(
                f"board_shape={shape!r} does not fit this system: a board needs "
                f"[A | b] with rows*cols = {self.elimination.n_unknowns} unknowns"
            )
        return rows, cols

    @property
    def step(self) -> int:
        """The current position (number of row operations applied)."""
        return self._slider.value

    @step.setter
    def step(self, k: int) -> None:
        self._slider.value = self._playback.check_position(k)

    def forward(self) -> None:
        """Apply one more row operation (stays put at the end)."""
        self.step = min(self.step + 1, self._playback.n_steps)

    def back(self) -> None:
        """Undo one row operation (stays put at the start)."""
        self.step = max(self.step - 1, 0)

    def next_pivot(self) -> None:
        """Jump to where the next pivot's work begins (or to the end)."""
        self.step = self._playback.next_pivot(self.step)

    def previous_pivot(self) -> None:
        """Jump back to where the previous pivot's work began (or to the start)."""
        self.step = self._playback.previous_pivot(self.step)

    def _show(self, _change: object = None) -> None:
        frame = self._playback.frame(self.step)
        upcoming = (
            f"Next: {self.elimination.explain(frame.k)}"
            if frame.k < self._playback.n_steps
            else "(end of the elimination)"
        )
        self.caption.value = (
            f'<div class="lo-player-caption" data-step="{frame.k}" '
            f'style="font-size:15px">{frame.caption}</div>'
            f'<div class="lo-player-next" style="font-size:13px;color:#666">{upcoming}</div>'
        )
        self.operation.value = (
            f'<span class="lo-player-op">${frame.operation}$</span>'
            if frame.operation
            else '<span class="lo-player-op"></span>'
        )
        options = dict(
            pivots=frame.pivots,
            highlight_rows=frame.highlight_rows,
            augmented=self.elimination.augmented,
        )
        if isinstance(self.matrix_view, widgets.Image):
            self.matrix_view.value = matrix_png(frame.matrix, **options)
        else:
            self.matrix_view.value = matrix_html(frame.matrix, step=frame.k, **options)
        if self._board_shape is not None:
            self.board_view.value = self._boards_html(frame)

    def _boards_html(self, frame) -> str:
        shape = self._board_shape
        e = self.elimination
        lights = np.asarray(e.matrix)[:, -1].reshape(shape)
        x = self._playback.partial_solution(frame).reshape(shape)
        if frame.k < self._playback.n_steps:
            title = "Presses found so far (pivot rows)"
        elif e.consistent:
            title = "A solution (free cells 0): press the dots"
        else:
            title = "No solution: a row reads 0 = 1"
        px = max(10, 160 // max(shape))
        return (
            f'<div class="lo-player-boards" data-step="{frame.k}" '
            f'style="margin-left:16px;display:flex;flex-direction:column;gap:10px">'
            + board_html(lights, cell_px=px, title="The board b", css_class="lo-board-b")
            + board_html(
                np.zeros(shape, dtype=np.uint8),
                marks=np.maximum(x, 0),
                unknown=x < 0,
                cell_px=px,
                title=title,
                css_class="lo-board-x",
            )
            + "</div>"
        )


class LightsOutGame(widgets.VBox):
    """A playable Lights Out board with undo, hints, the solution and the quiet patterns.

    Parameters
    ----------
    rows, cols : int, default 5
        Board size (up to about 10x10 fits a notebook).
    rule : {"plus", "neighbors", "x", "king"} or 3x3 stencil, default "plus"
        Which cells a press toggles (see ``toggle_matrix``).
    torus : bool, default False
        Wrap around the edges.
    seed : int, default 0
        Seed of the first random board; "New board" moves on to the next seed.
    board : array_like, optional
        Start from this board instead of a random one.
    colors : int, default 2
        Light states per cell (2 to 7): a press adds 1 (mod ``colors``) to every cell it
        toggles, so a light cycles off -> colour 1 -> ... -> off.

    Attributes
    ----------
    board : numpy.ndarray
        The current lights (a copy; assigning a board starts a new game on it).
    presses : int
        Presses made since the board was dealt.
    cell_buttons : tuple of tuple of ipywidgets.Button
        The clickable cells; each has the classes ``lo-cell``, ``lo-cell-R-C`` and ``lo-on`` or
        ``lo-off``.
    message : ipywidgets.HTML
        Feedback: solved, hint, no solution and why.

    Examples
    --------
    >>> game = LightsOutGame(3, 3, board=[[0, 0, 0], [0, 0, 0], [0, 0, 0]])
    >>> game.press(1, 1)
    >>> game.board
    array([[0, 1, 0],
           [1, 1, 1],
           [0, 1, 0]], dtype=uint8)
    >>> game.undo(); int(game.board.sum()), game.presses
    (0, 0)
    """

    def __init__(
        self,
        rows: int = 5,
        cols: int = 5,
        rule: Rule = "plus",
        torus: bool = False,
        *,
        seed: int = 0,
        board: ArrayLike | None = None,
        colors: int = 2,
    ) -> None:
        self._colors = check_modulus(colors, "colors")
        if self._colors > len(PALETTE):
            raise ValueError(f"the game can show at most {len(PALETTE)} colours, not {colors}")
        if board is not None:
            start = as_board(board, colors=self._colors)
            rows, cols = start.shape
        rows, cols = check_size(rows, "rows"), check_size(cols, "cols")
        self.rule, self.torus = rule, bool(torus)
        self._seed = widgets.IntText(
            value=seed, description="Seed", layout=widgets.Layout(width="150px")
        )
        self._solvable_only = widgets.Checkbox(
            value=True,
            description="solvable only",
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        px = int(np.clip(360 // max(rows, cols), 28, 60))
        self.cell_buttons = tuple(
            tuple(self._cell(r, c, px) for c in range(cols)) for r in range(rows)
        )
        grid = widgets.GridBox(
            [b for row in self.cell_buttons for b in row],
            layout=widgets.Layout(
                grid_template_columns=f"repeat({cols}, {px}px)",
                grid_gap="4px",
                padding="6px",
                width="max-content",
            ),
        )
        grid.add_class("lo-game-grid")
        new, undo, hint = (
            _button("New board", "Deal a random board", "lo-new", "refresh"),
            _button("Undo", "Take back the last press", "lo-undo", "undo"),
            _button(
                "Hint", "Mark one press of a fewest-presses solution", "lo-hint", "lightbulb-o"
            ),
        )
        new.on_click(lambda _: self.new_board())
        undo.on_click(lambda _: self.undo())
        hint.on_click(lambda _: self.hint())
        self._show_solution = widgets.ToggleButton(
            description="Show solution", icon="eye", layout=widgets.Layout(width="auto")
        )
        self._show_quiet = widgets.ToggleButton(
            description="Show quiet patterns", icon="th", layout=widgets.Layout(width="auto")
        )
        self._show_solution.add_class("lo-show-solution")
        self._show_quiet.add_class("lo-show-quiet")
        self._show_solution.observe(lambda _: self._refresh(), "value")
        self._show_quiet.observe(lambda _: self._refresh(), "value")
        self.counter = widgets.HTML()
        self.message = widgets.HTML()
        self.quiet_view = widgets.HTML()
        self._solutions: dict[bytes, Solution] = {}
        self._shown: dict[tuple[int, int], tuple] = {}
        super().__init__(
            [
                widgets.HBox(
                    [new, self._seed, self._solvable_only],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                grid,
                widgets.HBox(
                    [undo, hint, self._show_solution, self._show_quiet],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                self.counter,
                self.message,
                self.quiet_view,
            ]
        )
        self.add_class("lo-game")
        if board is None:
            self.new_board()
        else:
            self.board = start

    def _cell(self, r: int, c: int, px: int) -> widgets.Button:
        button = widgets.Button(
            tooltip=f"row {r + 1}, column {c + 1}",
            layout=widgets.Layout(width=f"{px}px", height=f"{px}px", margin="0", padding="0"),
        )
        button.style.font_size = f"{px // 2}px"
        button.style.font_weight = "bold"
        button.style.text_color = PRESS
        button.add_class("lo-cell")
        button.add_class(f"lo-cell-{r}-{c}")
        button.on_click(lambda _: self.press(r, c))
        return button

    # -- state ----------------------------------------------------------------------------
    @property
    def board(self) -> NDArray[np.uint8]:
        """The current lights (a copy)."""
        return self._board.copy()

    @board.setter
    def board(self, value: ArrayLike) -> None:
        board = as_board(value, colors=self._colors)
        shape = (len(self.cell_buttons), len(self.cell_buttons[0]))
        if board.shape != shape:
            raise ValueError(
                f"board has shape {board.shape} but this game is "
                f"{shape[0]}x{shape[1]}; start a new LightsOutGame for another size"
            )
        self._board = board
        self._history: list[NDArray[np.uint8]] = []
        self._hint: tuple[int, int] | None = None
        self._start_fewest = self._fewest_count()
        self._refresh()

    @property
    def presses(self) -> int:
        """Presses made since the board was dealt (undo takes one back)."""
        return len(self._history)

    def _solution(self) -> Solution:
        key = self._board.tobytes()
        if key not in self._solutions:
            if len(self._solutions) > 256:
                self._solutions.clear()
            self._solutions[key] = solve_board(
                self._board, rule=self.rule, torus=self.torus, colors=self._colors
            )
        return self._solutions[key]

    def _fewest(self) -> NDArray[np.uint8] | None:
        solution = self._solution()
        return solution.fewest_presses() if solution.solvable else None

    def _fewest_count(self) -> int | None:
        fewest = self._fewest()
        return None if fewest is None else int(fewest.sum())

    # -- actions --------------------------------------------------------------------------
    def press(self, r: int, c: int) -> None:
        """Press cell ``(r, c)`` (0-based), exactly as a click on it does."""
        rows, cols = self._board.shape
        for value, size, name in ((r, rows, "r"), (c, cols, "c")):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise TypeError(f"{name} must be a whole number, not {value!r}")
            if not 0 <= value < size:
                raise ValueError(f"{name}={value} is off the board: use 0 to {size - 1}")
        taps = np.zeros_like(self._board)
        taps[r, c] = 1
        self._history.append(self._board)
        self._board = press(
            self._board, taps, rule=self.rule, torus=self.torus, colors=self._colors
        )
        self._hint = None
        self._refresh()

    def undo(self) -> None:
        """Take back the last press (does nothing before the first press)."""
        if self._history:
            self._board = self._history.pop()
            self._hint = None
            self._refresh()

    def new_board(self, seed: int | None = None) -> None:
        """Deal a random board from ``seed`` (default: the seed box, which then moves on)."""
        if seed is None:
            seed = self._seed.value
            self._seed.value = seed + 1
        rows, cols = self._board_shape()
        self.board = random_board(
            rows,
            cols,
            seed=seed,
            rule=self.rule,
            torus=self.torus,
            colors=self._colors,
            solvable=True if self._solvable_only.value else None,
        )

    def _board_shape(self) -> tuple[int, int]:
        return len(self.cell_buttons), len(self.cell_buttons[0])

    def hint(self) -> tuple[int, int] | None:
        """Mark one cell of a fewest-presses solution and return it (None if there is none)."""
        fewest = self._fewest()
        self._hint = (
            None
            if fewest is None or not fewest.any()
            else (tuple(int(i) for i in np.argwhere(fewest)[0]))
        )
        self._refresh()
        return self._hint

    # -- display --------------------------------------------------------------------------
    def _refresh(self) -> None:
        solution = self._solution()
        marks = np.zeros(self._board.shape, dtype="<U1")
        if not solution.solvable:
            y = solution.certificate
            # two colours: mark the cells; more: mark each cell with its weight
            marks[y != 0] = "\u2715" if self._colors == 2 else y[y != 0].astype(str)
        elif self._show_solution.value:
            fewest = self._fewest()
            marks[fewest == 1] = "\u25cf"
            marks[fewest > 1] = fewest[fewest > 1].astype(str)  # press that cell this often
        if self._hint is not None:
            marks[self._hint] = "\u2605"
        for (r, c), button in np.ndenumerate(np.array(self.cell_buttons, dtype=object)):
            shown = (int(self._board[r, c]), str(marks[r, c]), (r, c) == self._hint)
            if self._shown.get((r, c)) != shown:
                self._paint(button, *shown)
                self._shown[(r, c)] = shown
        self.counter.value = (
            f'{_GAME_CSS}<span class="lo-game-presses">Presses: {self.presses}</span>'
        )
        self.message.value = f'<div class="lo-game-message">{self._message(solution)}</div>'
        self.quiet_view.value = self._quiet_html(solution) if self._show_quiet.value else ""

    @staticmethod
    def _paint(button: widgets.Button, value: int, mark: str, hinted: bool) -> None:
        button.style.button_color = PALETTE[value % len(PALETTE)]
        button.description = mark
        button.layout.border = f"3px solid {PRESS}" if hinted else ""
        for cls in ("lo-on", "lo-off"):
            button.remove_class(cls)
        button.add_class("lo-on" if value else "lo-off")

    def _message(self, solution: Solution) -> str:
        if not self._board.any():
            best = (
                ""
                if self._start_fewest is None
                else (f" (the fewest possible was {self._start_fewest})")
            )
            return f"<b>Solved!</b> All lights are off after {self.presses} presses{best}."
        if not solution.solvable:
            y = solution.certificate.astype(np.int64)
            total = int((y * self._board).sum())
            if self._colors == 2:
                return (
                    "<b>This board has no solution.</b> Look at the cells marked \u2715: "
                    "every press toggles an even number of them, so the number of lit \u2715 "
                    f"cells only ever changes by an even number. It is odd now ({total}), so "
                    "it can never become 0."
                )
            k = self._colors
            return (
                "<b>This board has no solution.</b> Multiply each light by the number marked "
                "on its cell and add up: every press changes this weighted sum by a multiple "
                f"of {k}, but it is {total % k} (mod {k}) now, so it can never become 0."
            )
        if self._hint is not None:
            r, c = self._hint
            return f"Hint: press the cell marked \u2605 (row {r + 1}, column {c + 1})."
        if self._show_solution.value:
            count = int(self._fewest().sum())
            if self._colors == 2:
                return f"Press the {count} cells marked \u25cf (fewest presses)."
            return (f"Press each cell marked \u25cf once and each cell marked with a digit "
                    f"that many times: {count} presses, the fewest possible.")
        return ""

    def _quiet_html(self, solution: Solution) -> str:
        if not is_prime(self._colors):
            return (
                f'<div class="lo-quiet">With {self._colors} colours the quiet patterns do '
                "not form a vector space (Z/"
                f"{self._colors} is not a field); this board has "
                f"{solution.solution_count} solution"
                f"{'' if solution.solution_count == 1 else 's'}.</div>"
            )
        patterns = solution.quiet_patterns
        if len(patterns) == 0:
            return (
                '<div class="lo-quiet">No quiet patterns: the toggle matrix is invertible, '
                "so every board has exactly one solution.</div>"
            )
        blank = np.zeros(self._board.shape, dtype=np.uint8)
        pictures = "".join(
            board_html(blank, marks=p, cell_px=18, title=f"Quiet pattern {i + 1}")
            for i, p in enumerate(patterns)
        )
        return (
            '<div class="lo-quiet"><p>Pressing every \u25cf cell of a quiet pattern changes '
            f"no light. There are {len(patterns)} independent ones, so every solvable board "
            f"has {self._colors ** len(patterns)} solutions.</p>"
            f'<div style="display:flex;gap:14px;flex-wrap:wrap">{pictures}</div></div>'
        )
