"""The keyword forms: a function takes the rules as keywords, or one :class:`Puzzle`.

``solve_board(board, rule="x", torus=True, colors=3)`` builds ``Puzzle.grid(rows, cols,
rule="x", torus=True, colors=3)`` from the board's shape and calls it; ``solve_board(board,
puzzle=p)`` calls ``p``.  Saying the rules both ways is refused, even with their default
values, since they might contradict the puzzle: the defaults are :class:`Default` values, told
apart from the same value given on purpose.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from numpy.typing import ArrayLike

from ._grid import Rule
from ._i18n import t
from ._validation import read_board
from .puzzle import Puzzle

__all__ = [
    "DEFAULT_COLORS",
    "DEFAULT_RULE",
    "DEFAULT_SELF_TOGGLE",
    "DEFAULT_TORUS",
    "Default",
    "board_and_puzzle",
    "chosen",
    "grid_or_puzzle",
    "only_puzzle",
]

T = TypeVar("T")


@dataclass(frozen=True)
class Default(Generic[T]):
    """A keyword's default, told apart from the same value given on purpose.

    Its repr is the value's, so a signature still reads ``rule='plus'``; a function that
    also takes ``puzzle=`` refuses the keywords given beside it.
    """

    value: T

    def __repr__(self) -> str:
        return repr(self.value)


#: The defaults of the keyword forms (``solve_board(board, rule=..., ...)``).
DEFAULT_RULE: Default[Rule] = Default("plus")
DEFAULT_TORUS: Default[bool] = Default(False)
DEFAULT_COLORS: Default[int] = Default(2)
DEFAULT_SELF_TOGGLE: Default[bool] = Default(True)


def chosen(option: T | Default[T]) -> T:
    """The value of a keyword: what was given, or its default."""
    return option.value if isinstance(option, Default) else option


def only_puzzle(puzzle: object, **keywords: object) -> Puzzle:
    """``puzzle``, checked, when none of ``keywords`` was given beside it.

    A keyword left out is None or a :class:`Default`; one given would say again what the
    puzzle says (perhaps otherwise), so it is refused.
    """
    if not isinstance(puzzle, Puzzle):
        raise TypeError(
            t(
                "puzzle must be a Puzzle, such as Puzzle.grid(5, 5) or Puzzle.graph(edges), "
                "not {puzzle}",
                puzzle=repr(puzzle),
            )
        )
    said = [
        name
        for name, value in keywords.items()
        if value is not None and not isinstance(value, Default)
    ]
    if said:
        raise TypeError(
            t(
                "give either puzzle= or {names}, not both: the puzzle already says what they "
                "would ({puzzle})",
                names=", ".join(said),
                puzzle=repr(puzzle),
            )
        )
    return puzzle


def grid_or_puzzle(
    puzzle: Puzzle | None,
    rows: object,
    cols: object,
    *,
    rule: Rule | Default[Rule],
    torus: bool | Default[bool],
    colors: int | Default[int],
) -> Puzzle:
    """The puzzle a keyword form plays: ``puzzle``, or ``Puzzle.grid(rows, cols, ...)``.

    With ``puzzle`` the size and the rules must be left out: they would be said twice.
    """
    if puzzle is not None:
        return only_puzzle(puzzle, rows=rows, cols=cols, rule=rule, torus=torus, colors=colors)
    if rows is None or cols is None:
        raise TypeError(t("give the board size (rows and cols), or puzzle=Puzzle.grid(...)"))
    return Puzzle.grid(
        rows,  # type: ignore[arg-type]  # checked by Puzzle.grid
        cols,  # type: ignore[arg-type]
        rule=chosen(rule),
        torus=chosen(torus),
        colors=chosen(colors),
    )


def board_and_puzzle(
    board: ArrayLike,
    puzzle: Puzzle | None,
    *,
    rule: Rule | Default[Rule],
    torus: bool | Default[bool],
    colors: int | Default[int],
) -> tuple[ArrayLike, Puzzle]:
    """A keyword form's board and the puzzle it is played on.

    Without ``puzzle`` the board is read (into an array, once: its entries are checked by
    the puzzle) and the puzzle is the grid of its shape with these rules.
    """
    if puzzle is not None:
        return board, grid_or_puzzle(puzzle, None, None, rule=rule, torus=torus, colors=colors)
    cells = read_board(board)
    rows, cols = cells.shape
    return cells, grid_or_puzzle(None, rows, cols, rule=rule, torus=torus, colors=colors)
