"""Solving a board: which cells to press, how many ways, the fewest presses, and proofs.

For ``colors = k`` lights cycle through ``0..k-1`` and a press adds 1 to every cell it
toggles.  Turning the board off means ``board + A x = 0``, i.e. ``A x = -board`` (mod k);
for the classic game (k = 2) that is ``A x = b``.  Every answer is checked before it is
returned: the presses by simulating the game, a certificate by simulating the rule.
:func:`solve_board` takes the rules as keywords or a :class:`~lightsout_edu.Puzzle` and
calls :meth:`Puzzle.solve <lightsout_edu.Puzzle.solve>`; the answers are a
:class:`Solution` (:mod:`lightsout_edu._solution`).
"""

from __future__ import annotations

from numpy.typing import ArrayLike

from ._grid import Rule
from ._keywords import DEFAULT_COLORS, DEFAULT_RULE, DEFAULT_TORUS, Default, board_and_puzzle
from ._solution import MAX_ENUMERATION, METHODS, Solution
from .boards import parse_board
from .puzzle import Puzzle

__all__ = ["MAX_ENUMERATION", "METHODS", "Solution", "solve_board"]


def solve_board(
    board: ArrayLike,
    *,
    rule: Rule | Default[Rule] = DEFAULT_RULE,
    torus: bool | Default[bool] = DEFAULT_TORUS,
    colors: int | Default[int] = DEFAULT_COLORS,
    method: str = "auto",
    puzzle: Puzzle | None = None,
) -> Solution:
    """Solve a Lights Out board: find presses that turn every light off.

    Parameters
    ----------
    board : array_like
        The lights, ``rows x cols`` with entries ``0..colors-1`` (or text: see
        :func:`parse_board`); for a graph puzzle, one state per node.
    rule, torus
        As in :func:`toggle_matrix`.
    colors : int, default 2
        Number of light states k.  For a prime k the maths is over the field GF(k); for a
        composite k over the ring Z/k.
    method : {"auto", "chase", "elimination"}
        How to solve.  ``"chase"``: light chasing, a system with one unknown per column (or
        per row, whichever side is shorter) for rules like "plus" and "neighbors", see
        :func:`lightsout_edu.chase.chase_applies`; ``"elimination"``: the full ``N x N``
        system.  ``"auto"`` chases when it applies.  Both give the same answers for a prime
        number of colours (for a composite k, the same set of solutions).
    puzzle : Puzzle, optional
        The puzzle to solve the board of (a grid or a graph), instead of ``rule``, ``torus``
        and ``colors``: ``solve_board(board, puzzle=p)`` is ``p.solve(board)``.

    Returns
    -------
    Solution

    Examples
    --------
    >>> s = solve_board([[1, 1, 0], [1, 0, 0], [0, 0, 0]])
    >>> s.solvable, s.presses.tolist()
    (True, [[1, 0, 0], [0, 0, 0], [0, 0, 0]])
    >>> solve_board([[1] * 5] * 5).solution_count
    4
    >>> from lightsout_edu import Puzzle, petersen_graph
    >>> solve_board([1] * 10, puzzle=Puzzle.graph(petersen_graph())).solution_count
    32
    """
    if isinstance(board, str):
        board = parse_board(board)
    cells, game = board_and_puzzle(board, puzzle, rule=rule, torus=torus, colors=colors)
    return game.solve(cells, method=method)
