"""A playable Lights Out board: one front-end model that plays without a kernel."""

from __future__ import annotations

import numbers

import numpy as np
import traitlets
from numpy.typing import ArrayLike, NDArray

from .._i18n import t
from .._keywords import DEFAULT_COLORS, DEFAULT_RULE, DEFAULT_TORUS, Default, chosen, only_puzzle
from .._validation import as_board, check_modulus, check_seed, check_size, is_prime
from ..diagonal_form import diagonal_form
from ..puzzle import Puzzle
from ..rules import Rule
from ..solver import Solution
from ._base import LightsOutWidget, WidgetValueError, check_whole, digit_rows, fixed_trait
from ._deal import deal_board
from ._frontend import esm

__all__ = ["LightsOutGame"]

#: The game shows up to this many colours (the colour-blind-safe palette has 7).
MAX_COLORS = 7
#: The largest board (in cells) the game ships solving data for.
MAX_CELLS = 400
#: Seeds are 0 .. 2^64 - 1; "New board" after the last one deals from 0.
SEED_LIMIT = 2**64


def _seed_to_json(seed: int, _widget: object) -> str:
    """Seeds travel as decimal text: the browser's numbers are exact only up to 2^53."""
    return str(seed)


def _seed_from_json(seed: str | int, _widget: object) -> int:
    return int(seed)


def check_widget_size(size: float) -> float:
    """The ``size`` option: a number from 0.5 to 4 (times the notebook's font size)."""
    if isinstance(size, bool) or not isinstance(size, numbers.Real):
        raise TypeError(
            t(
                "{name} must be a number such as 1 or 1.5, not {value}",
                name="size",
                value=repr(size),
            )
        )
    if not 0.5 <= float(size) <= 4:
        raise ValueError(
            t("size must be between 0.5 and 4 (times the font size), not {value}", value=size)
        )
    return float(size)


class LightsOutGame(LightsOutWidget):
    """A playable Lights Out board with undo, hints, the solution and the quiet patterns.

    Everything happens in the browser: a press adds the rule's stencil, and hints, the
    solution, the quiet patterns and the proof that a board has no solution come from
    linear-algebra data computed here once for the board size (see
    :mod:`lightsout_edu.diagonal_form`), so the game also plays on a static web page.  With a
    kernel the Python side stays in sync: :attr:`board` and :attr:`presses` show what the
    student did, and :meth:`press`, :meth:`undo`, :meth:`hint` and :meth:`new_board` act on
    the board in the browser.

    Parameters
    ----------
    rows, cols : int, optional
        Board size (up to 400 cells; 10x10 fits a notebook well); default 5x5, or the shape
        of ``board``.
    rule : {"plus", "neighbors", "x", "king"} or 3x3 stencil, default "plus"
        Which cells a press toggles (see ``toggle_matrix``).
    torus : bool, default False
        Wrap around the edges.
    seed : int, default 0
        Seed of the first board (0 to 2^64 - 1); "New board" deals from the next seed.
    board : array_like, optional
        Start from this board instead of a dealt one.
    colors : int, default 2
        Light states per cell (2 to 7): a press adds 1 (mod ``colors``) to every cell it
        toggles, so a light cycles off -> colour 1 -> ... -> off.
    size : float, default 1
        Scale of the widget (1.5 or 2 for a projector).
    puzzle : Puzzle, optional
        The game as one value, ``Puzzle.grid(rows, cols, rule=..., torus=..., colors=...)``,
        instead of the size and rule keywords.

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

    _esm = esm("game")
    solver = traitlets.Dict().tag(sync=True)
    lights = traitlets.List(traitlets.Int()).tag(sync=True)
    start = traitlets.List(traitlets.Int()).tag(sync=True)
    history = traitlets.List(traitlets.Int()).tag(sync=True)
    hint_cell = traitlets.Int(-1).tag(sync=True)
    show_solution = traitlets.Bool(False).tag(sync=True)
    show_quiet = traitlets.Bool(False).tag(sync=True)
    seed = traitlets.Int(0).tag(sync=True, to_json=_seed_to_json, from_json=_seed_from_json)
    solvable_only = traitlets.Bool(True).tag(sync=True)
    #: whether the board shown was dealt from ``seed`` (the seed box is blank otherwise)
    dealt = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        rows: int | None = None,
        cols: int | None = None,
        rule: Rule | Default[Rule] = DEFAULT_RULE,
        torus: bool | Default[bool] = DEFAULT_TORUS,
        *,
        seed: int = 0,
        board: ArrayLike | None = None,
        colors: int | Default[int] = DEFAULT_COLORS,
        size: float = 1.0,
        puzzle: Puzzle | None = None,
    ) -> None:
        game = self._puzzle_of(rows, cols, rule, torus, colors, board, puzzle)
        start = None if board is None else self._board_of(board, game)
        seed = self._check_seed(seed)
        self._puzzle = game
        form = diagonal_form(game.toggle_matrix(), game.colors)
        generators, orders = form.kernel()
        super().__init__(
            size=check_widget_size(size),
            seed=seed,
            solver={
                "rows": game.rows,
                "cols": game.cols,
                "stencil": game.stencil.tolist(),
                "torus": game.torus,
                "modulus": game.colors,
                "field": is_prime(game.colors),
                "U": digit_rows(form.U, game.colors),
                "V": digit_rows(form.V, game.colors),
                "factors": list(form.factors),
                "quiet": digit_rows(generators, game.colors),
                "orders": list(orders),
            },
        )
        self._solutions: dict[bytes, Solution] = {}
        if start is None:
            self.new_board(seed)
        else:
            self.board = start
        self._made = True

    @classmethod
    def _puzzle_of(
        cls,
        rows: int | None,
        cols: int | None,
        rule: Rule | Default[Rule],
        torus: bool | Default[bool],
        colors: int | Default[int],
        board: ArrayLike | None,
        puzzle: Puzzle | None,
    ) -> Puzzle:
        """The grid the game plays: ``puzzle``, or the one the keywords (and board) give."""
        if puzzle is not None:
            game = only_puzzle(puzzle, rows=rows, cols=cols, rule=rule, torus=torus, colors=colors)
            if game.kind != "grid":
                raise ValueError(
                    t(
                        "the game draws grids, not {puzzle}: solve a graph with "
                        "puzzle.solve(board)",
                        puzzle=repr(game),
                    )
                )
        else:
            k = check_modulus(chosen(colors), "colors")
            shape = None if board is None else as_board(board, colors=k).shape
            rows, cols = cls._board_size(rows, cols, shape)
            game = Puzzle.grid(rows, cols, rule=chosen(rule), torus=chosen(torus), colors=k)
        if game.colors > MAX_COLORS:
            raise ValueError(
                t(
                    "the game can show at most {most} colours, not {colors}",
                    most=MAX_COLORS,
                    colors=game.colors,
                )
            )
        if game.size > MAX_CELLS:
            raise ValueError(
                t(
                    "a {rows}x{cols} board has {cells} cells; the game plays boards of at most "
                    "{most} cells (use solve_board for bigger ones)",
                    rows=game.rows,
                    cols=game.cols,
                    cells=game.size,
                    most=MAX_CELLS,
                )
            )
        return game

    @staticmethod
    def _board_of(board: ArrayLike, game: Puzzle) -> NDArray:
        cells = as_board(board, colors=game.colors)
        if cells.shape != game.shape:
            raise ValueError(
                t(
                    "the board is {rows}x{cols} but the puzzle is {puzzle_rows}x{puzzle_cols}: "
                    "give a board of the puzzle's size",
                    rows=cells.shape[0],
                    cols=cells.shape[1],
                    puzzle_rows=game.rows,
                    puzzle_cols=game.cols,
                )
            )
        return cells

    @staticmethod
    def _board_size(
        rows: int | None, cols: int | None, shape: tuple[int, ...] | None
    ) -> tuple[int, int]:
        """The board size from ``rows``, ``cols`` and the board's shape; they must agree."""
        if shape is None:
            return check_size(5 if rows is None else rows, "rows"), check_size(
                5 if cols is None else cols, "cols"
            )
        for value, size, name in ((rows, shape[0], "rows"), (cols, shape[1], "cols")):
            if value is not None and check_size(value, name) != size:
                raise ValueError(
                    t(
                        "{name}={value} does not match the board, which is {rows}x{cols}: "
                        "give the board alone, or a board of that size",
                        name=name,
                        value=value,
                        rows=shape[0],
                        cols=shape[1],
                    )
                )
        return shape[0], shape[1]

    @staticmethod
    def _check_seed(seed: object) -> int:
        value = check_seed(seed)
        if value is None:
            return 0
        if value >= SEED_LIMIT:
            raise ValueError(
                t(
                    "seed must be at most 2^64 - 1 = {most}, not {value}",
                    most=SEED_LIMIT - 1,
                    value=value,
                )
            )
        return value

    # -- what the browser may set, checked ------------------------------------------------------
    @traitlets.validate("lights", "start")
    def _valid_lights(self, proposal: traitlets.Bunch) -> list[int]:
        name, value = proposal["trait"].name, proposal["value"]
        cells = self.rows * self.cols
        if len(value) != cells:
            raise WidgetValueError(
                t(
                    "{name} must hold {cells} lights (one per cell, row by row), not {count}",
                    name=name,
                    cells=cells,
                    count=len(value),
                )
            )
        return [check_whole(v, f"{name}[{i}]", 0, self.colors - 1) for i, v in enumerate(value)]

    @traitlets.validate("history")
    def _valid_history(self, proposal: traitlets.Bunch) -> list[int]:
        last = self.rows * self.cols - 1
        return [check_whole(v, f"history[{i}]", 0, last) for i, v in enumerate(proposal["value"])]

    @traitlets.validate("hint_cell")
    def _valid_hint(self, proposal: traitlets.Bunch) -> int:
        return check_whole(proposal["value"], "hint_cell", -1, self.rows * self.cols - 1)

    @traitlets.validate("seed")
    def _valid_seed(self, proposal: traitlets.Bunch) -> int:
        return check_whole(proposal["value"], "seed", 0, SEED_LIMIT - 1)

    @traitlets.validate("solver")
    def _fixed_solver(self, proposal: traitlets.Bunch) -> object:
        return fixed_trait(
            self,
            proposal,
            lambda name: t(
                "{name} is fixed once the widget is made; start a new LightsOutGame for another "
                "board size",
                name=name,
            ),
        )

    # -- fixed settings ------------------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        """The puzzle the game plays (fixed: start a new LightsOutGame for another one)."""
        return self._puzzle

    @property
    def rows(self) -> int:
        """Rows of the board (fixed: start a new game for another size)."""
        return self._puzzle.rows

    @property
    def cols(self) -> int:
        """Columns of the board."""
        return self._puzzle.cols

    @property
    def rule(self) -> Rule:
        """The rule of the game (fixed: start a new LightsOutGame for another rule)."""
        return self._puzzle.rule

    @property
    def torus(self) -> bool:
        """Whether the board wraps around (fixed)."""
        return self._puzzle.torus

    @property
    def colors(self) -> int:
        """Light states per cell (fixed)."""
        return self._puzzle.colors

    # -- state --------------------------------------------------------------------------------
    @property
    def board(self) -> NDArray[np.uint8]:
        """The current lights (a copy; assigning a board starts a new game on it)."""
        return np.array(self.lights, dtype=np.uint8).reshape(self._puzzle.shape)

    @board.setter
    def board(self, value: ArrayLike) -> None:
        board = as_board(value, colors=self.colors)
        if board.shape != self._puzzle.shape:
            raise ValueError(
                t(
                    "board has shape {shape} but this game is {rows}x{cols}; start a new "
                    "LightsOutGame for another size",
                    shape=board.shape,
                    rows=self.rows,
                    cols=self.cols,
                )
            )
        flat = board.reshape(-1).tolist()
        with self.hold_sync():
            self.start, self.lights, self.history = flat, flat, []
            self.dealt = False
            self.hint_cell, self.show_solution = -1, False

    @property
    def presses(self) -> int:
        """Presses made since the board was dealt (undo takes one back)."""
        return len(self.history)

    @property
    def solution(self) -> Solution:
        """The solver's answer for the current board (:func:`lightsout_edu.solve_board`)."""
        key = bytes(self.lights)
        if key not in self._solutions:
            if len(self._solutions) > 256:
                self._solutions.clear()
            self._solutions[key] = self._puzzle.solve(self.board)
        return self._solutions[key]

    # -- actions ------------------------------------------------------------------------------
    def press(self, r: int, c: int) -> None:
        """Press cell ``(r, c)`` (0-based), exactly as a click on it does."""
        for value, size, name in ((r, self.rows, "r"), (c, self.cols, "c")):
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise TypeError(
                    t("{name} must be a whole number, not {value}", name=name, value=repr(value))
                )
            if not 0 <= value < size:
                raise ValueError(
                    t(
                        "{name}={value} is off the board: use 0 to {last}",
                        name=name,
                        value=value,
                        last=size - 1,
                    )
                )
        self._press_cell(int(r) * self.cols + int(c), 1)
        with self.hold_sync():
            self.history = [*self.history, int(r) * self.cols + int(c)]
            self.hint_cell = -1

    def _press_cell(self, cell: int, times: int) -> None:
        taps = np.zeros(self._puzzle.size, dtype=np.uint8)
        taps[cell] = times % self.colors
        after = self._puzzle.press(self.board, taps.reshape(self._puzzle.shape))
        self.lights = after.reshape(-1).tolist()

    def undo(self) -> None:
        """Take back the last press (does nothing before the first press)."""
        if self.history:
            with self.hold_sync():
                self._press_cell(self.history[-1], -1)
                self.history = self.history[:-1]
                self.hint_cell = -1

    def new_board(self, seed: int | None = None) -> None:
        """Deal a board from ``seed`` (default: the next seed), as "New board" does."""
        seed = (self.seed + 1) % SEED_LIMIT if seed is None else self._check_seed(seed)
        board = deal_board(seed, self._puzzle, solvable=self.solvable_only)
        with self.hold_sync():
            self.seed = seed
            self.board = board
            self.dealt = True

    def hint(self) -> tuple[int, int] | None:
        """Mark one cell of a fewest-presses solution and return it (None if there is none)."""
        solution = self.solution
        cell = -1
        if solution.solvable and self.board.any():
            fewest = solution.fewest_presses().reshape(-1)
            cell = int(np.flatnonzero(fewest)[0])
        self.hint_cell = cell
        return None if cell < 0 else divmod(cell, self.cols)

    def __repr__(self) -> str:
        lit = int(np.count_nonzero(self.lights))
        where = t(", torus") if self.torus else ""
        colours = t(", {k} colours", k=self.colors) if self.colors != 2 else ""
        rule = self.rule if isinstance(self.rule, str) else "custom"
        return t(
            "LightsOutGame({rows}x{cols}, rule {rule}{where}{colours}: "
            "{lit} lights on, {presses} presses)",
            rows=self.rows,
            cols=self.cols,
            rule=repr(rule),
            where=where,
            colours=colours,
            lit=lit,
            presses=self.presses,
        )
