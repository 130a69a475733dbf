"""Step through a recorded elimination: the browser replays the steps itself."""

from __future__ import annotations

import numpy as np
import traitlets

from .._i18n import t
from .._playback import Playback, detect_board_shape
from .._validation import check_size
from ..elimination import Elimination
from ._base import LightsOutWidget, WidgetTypeError, WidgetValueError, digit_rows, fixed_trait
from ._frontend import esm
from .game import check_widget_size

__all__ = ["EliminationPlayer"]

#: Playing speeds offered, in steps per second.
SPEEDS = (1, 2, 4, 8, 16, 32, 64)
#: Moduli above this would make products of residues inexact in the browser's numbers.
MAX_BROWSER_MODULUS = 2**26


class EliminationPlayer(LightsOutWidget):
    """Step through a recorded elimination: play/pause, step, scrub, jump between pivots.

    The model carries the start matrix and the recorded steps as data; the browser replays
    and undoes them itself (from checkpoints), draws the matrix (pivots outlined, the rows of
    the last operation highlighted), writes the sentence for each step and plays at the
    chosen speed, with or without a kernel.  Keys: left/right step, Home/End, Page Up/Down
    from pivot to pivot, space plays.  For a Lights Out system ``[A | b]`` it also shows the
    board, the right-hand side as it stands, and the presses that are already final.

    Parameters
    ----------
    elimination : Elimination
        From ``eliminate``.
    board_shape : (int, int), "auto" or None, default "auto"
        Board size for the board pictures; ``"auto"`` recognises toggle matrices of the named
        rules, ``None`` never draws boards.
    step : int, default 0
        The position to start at (0 = before any operation).
    speed : int, default 2
        Steps per second when playing (1, 2, 4, 8, 16, 32 or 64).
    size : float, default 1
        Scale of the widget (1.5 or 2 for a projector).

    Attributes
    ----------
    step : int
        Current position ``0 .. len(elimination.steps)``; setting it moves the player, and
        moving the player in the browser changes it.

    Examples
    --------
    >>> import lightsout_edu as lo
    >>> A = lo.toggle_matrix(3, 3)
    >>> player = EliminationPlayer(lo.eliminate(A, [1, 0, 0, 0, 0, 0, 0, 0, 1]))
    >>> player.forward(); player.step
    1
    >>> player.caption
    'Step 1 of 35: Add row 1 to row 2 to clear column 1.'
    """

    _esm = esm("player")
    data = traitlets.Dict().tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    speed = traitlets.Int(2).tag(sync=True)

    def __init__(
        self,
        elimination: Elimination,
        *,
        board_shape: tuple[int, int] | str | None = "auto",
        step: int = 0,
        speed: int = 2,
        size: float = 1.0,
    ) -> None:
        if not isinstance(elimination, Elimination):
            raise TypeError(
                t(
                    "elimination must come from lightsout_edu.eliminate(...), not {kind}",
                    kind=type(elimination).__name__,
                )
            )
        if elimination.modulus > MAX_BROWSER_MODULUS:
            raise ValueError(
                t(
                    "the player replays steps with the browser's numbers, which are exact for "
                    "moduli up to 2^26; this elimination is mod {modulus}",
                    modulus=elimination.modulus,
                )
            )
        self.elimination = elimination
        self._playback = Playback(elimination)
        shape = self._check_board_shape(board_shape)
        e, p = elimination, elimination.modulus
        data = {
            "matrix": digit_rows(e.matrix, p),
            "steps": [step_.as_list() for step_ in e.steps],
            "n_unknowns": e.n_unknowns,
            "modulus": p,
            "augmented": e.augmented,
            "rank": e.rank,
            "consistent": e.consistent,
            "pivots": [list(cell) for cell in self._playback.pivot_cells],
            "found_at": self._playback.found_at(),
            "final_at": self._playback.final_at(),
            "pivot_starts": sorted(set(e.pivot_starts)),
            "board_shape": None if shape is None else list(shape),
        }
        super().__init__(
            data=data,
            step=self._playback.check_position(step),
            speed=self._check_speed(speed),
            size=check_widget_size(size),
        )
        self._made = True

    def _check_board_shape(self, shape: object) -> tuple[int, int] | None:
        if shape is None:
            return None
        if isinstance(shape, str):
            if shape != "auto":
                raise ValueError(
                    t(
                        "board_shape must be (rows, cols), 'auto' or None, not {shape}",
                        shape=repr(shape),
                    )
                )
            return detect_board_shape(self.elimination)
        if not isinstance(shape, (tuple, list)) or len(shape) != 2:
            raise TypeError(
                t(
                    "board_shape must be (rows, cols), 'auto' or None, not {shape}",
                    shape=repr(shape),
                )
            )
        rows, cols = (check_size(v, "board_shape") for v in shape)
        if not self.elimination.augmented or rows * cols != self.elimination.n_unknowns:
            raise ValueError(
                t(
                    "board_shape={shape} does not fit this system: a board needs [A | b] with "
                    "rows*cols = {n} unknowns",
                    shape=repr(shape),
                    n=self.elimination.n_unknowns,
                )
            )
        return rows, cols

    @traitlets.validate("step")
    def _valid_step(self, proposal: traitlets.Bunch) -> int:
        return self._playback.check_position(proposal["value"])

    @staticmethod
    def _check_speed(value: object) -> int:
        choices = ", ".join(map(str, SPEEDS))
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise WidgetTypeError(
                t(
                    "speed must be one of {choices} (steps per second), not {value}",
                    choices=choices,
                    value=repr(value),
                )
            )
        if value not in SPEEDS:
            raise WidgetValueError(
                t(
                    "speed must be one of {choices} (steps per second), not {value}",
                    choices=choices,
                    value=repr(value),
                )
            )
        return int(value)

    @traitlets.validate("speed")
    def _valid_speed(self, proposal: traitlets.Bunch) -> int:
        return self._check_speed(proposal["value"])

    @traitlets.validate("data")
    def _fixed_data(self, proposal: traitlets.Bunch) -> object:
        return fixed_trait(
            self,
            proposal,
            lambda name: t(
                "{name} is fixed once the widget is made; make a new EliminationPlayer for "
                "another elimination",
                name=name,
            ),
        )

    @property
    def n_steps(self) -> int:
        """Number of recorded row operations (the last position)."""
        return self._playback.n_steps

    @property
    def caption(self) -> str:
        """The sentence the player shows at the current position."""
        return self._playback.caption(self.step)

    def forward(self) -> None:
        """Apply one more row operation (stays put at the end)."""
        self.step = min(self.step + 1, self.n_steps)

    def back(self) -> None:
        """Undo one row operation (stays put at the start)."""
        self.step = max(self.step - 1, 0)

    def next_pivot(self) -> None:
        """Jump to where the next pivot's work begins (or to the end)."""
        self.step = self._playback.next_pivot(self.step)

    def previous_pivot(self) -> None:
        """Jump back to where the previous pivot's work began (or to the start)."""
        self.step = self._playback.previous_pivot(self.step)

    def __repr__(self) -> str:
        rows, cols = self.elimination.matrix.shape
        return t(
            "EliminationPlayer({rows}x{cols} matrix, step {k} of {n})",
            rows=rows,
            cols=cols,
            k=self.step,
            n=self.n_steps,
        )
