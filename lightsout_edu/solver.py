"""Solving a board: which cells to press, how many ways, the fewest presses, and proofs.

For ``colors = k`` lights cycle through ``0..k-1`` and a press adds 1 to every cell it
toggles.  Turning the board off means ``board + A x = 0``, i.e. ``A x = -board`` (mod k);
for the classic game (k = 2) that is ``A x = b``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from functools import cached_property

import numpy as np
from numpy.typing import ArrayLike, NDArray

from . import packed
from ._validation import as_board, check_modulus, is_prime
from .chase import chase_applies, light_chase
from .fewest import minimum_weight_solutions
from .linalg import _kernel_from_rref, _reduce, left_null_space
from .rules import Rule, rule_stencil, toggle_matrix

__all__ = ["Solution", "solve_board"]

#: The largest number of kernel elements :meth:`Solution.fewest_presses` enumerates for k > 2.
MAX_ENUMERATION = 2**22
METHODS = ("auto", "chase", "elimination")


class Solution:
    """Everything about solving one board; build it with :func:`solve_board`.

    Attributes
    ----------
    board : numpy.ndarray
        The board that was solved.
    rule, torus, colors
        The rules of the game.
    toggle_matrix : numpy.ndarray
        ``A``: column ``j`` is what pressing cell ``j`` toggles.
    solvable : bool
        Whether some set of presses turns every light off.
    presses : numpy.ndarray or None
        One solution, board-shaped (free cells not pressed), or None.
    method : str
        ``"chase"`` or ``"elimination"``: how it was solved (the answers are the same).
    """

    def __init__(self, board: NDArray[np.uint8], rule: Rule, torus: bool, colors: int,
                 method: str = "elimination") -> None:
        self.board = board
        self.rule = rule
        self.torus = torus
        self.colors = colors
        self.shape = board.shape
        self.method = method
        self._target = (-board.reshape(-1).astype(np.int64)) % colors  # A x = -b (mod k)
        if is_prime(colors):
            self._solve_over_field()
        else:
            self._solve_over_ring()

    @cached_property
    def toggle_matrix(self) -> NDArray[np.uint8]:
        """``A``: column ``j`` is what pressing cell ``j`` toggles (built on first use)."""
        return toggle_matrix(*self.shape, rule=self.rule, torus=self.torus)

    def _solve_over_gf2(self) -> None:
        """Light chasing or packed elimination; both give elimination's exact answers."""
        if self.method == "chase":
            chased = light_chase(self.board, rule=self.rule, torus=self.torus)
            self._kernel = chased.quiet_patterns.reshape(-1, self.board.size)
            self._x = None if chased.presses is None else chased.presses.reshape(-1)
            pivots = packed.complement(chased.free_cells, self.board.size)
        else:
            self._x, pivots, self._kernel = packed.solve_with_kernel(self.toggle_matrix,
                                                                     self._target)
        self.solvable = self._x is not None
        self._pivots = pivots

    def _solve_over_field(self) -> None:
        if self.colors == 2:
            self._solve_over_gf2()
            return
        A, k = self.toggle_matrix, self.colors
        n = A.shape[1]
        R, pivots = _reduce(np.column_stack([A, self._target]).astype(np.uint8), k)
        self.solvable = n not in pivots
        self._pivots = tuple(c for c in pivots if c < n)
        self._kernel = _kernel_from_rref(R[:, :n], self._pivots, n, k)
        if self.solvable:
            x = np.zeros(n, dtype=np.uint8)
            for row, c in enumerate(self._pivots):
                x[c] = R[row, n]
            self._x: NDArray[np.uint8] | None = x
        else:
            self._x = None

    def _solve_over_ring(self) -> None:
        from .modular import solve_mod

        result = solve_mod(self.toggle_matrix, self._target, self.colors)
        self.solvable = result.solvable
        self._x = None if result.x is None else np.asarray(result.x, dtype=np.uint8)
        self._ring = result

    # -- the answer -------------------------------------------------------------------------
    @property
    def presses(self) -> NDArray[np.uint8] | None:
        """One solution as a board of press counts, or None when there is none."""
        return None if self._x is None else self._x.reshape(self.shape).copy()

    def _need_field(self, what: str) -> None:
        if not is_prime(self.colors):
            raise ValueError(f"{what} needs a prime number of colours: over Z/{self.colors} "
                             f"the solutions do not form a vector space; use solution_count "
                             f"and all_solutions()")

    @property
    def rank(self) -> int:
        """Rank of the toggle matrix over GF(k)."""
        self._need_field("rank")
        return len(self._pivots)

    @property
    def nullity(self) -> int:
        """Dimension of the kernel: the number of free cells."""
        self._need_field("nullity")
        return self.board.size - len(self._pivots)

    @property
    def quiet_patterns(self) -> NDArray[np.uint8]:
        """A basis of the kernel, board-shaped: press patterns that change no light."""
        self._need_field("quiet_patterns")
        return self._kernel.reshape((-1, *self.shape)).copy()

    @property
    def solution_count(self) -> int:
        """How many press patterns (each cell pressed 0..k-1 times) solve the board."""
        if not is_prime(self.colors):
            return int(self._ring.solution_count)
        return self.colors**self.nullity if self.solvable else 0

    @property
    def solvable_board_count(self) -> int:
        """How many boards of this size and rule can be solved at all."""
        if not is_prime(self.colors):
            from .modular import solvable_board_count

            return solvable_board_count(self.toggle_matrix, self.colors)
        return self.colors**self.rank

    @cached_property
    def certificate(self) -> NDArray[np.uint8] | None:
        """A proof of unsolvability: board-shaped ``y`` with ``A^T y = 0`` and ``y . b != 0``.

        Every press changes the weighted total of the lights on the cells of ``y`` by 0
        (mod k), yet the board's total there is not 0, so no presses can clear it.  For two
        colours (and any prime number of colours) ``y`` is scaled so that ``y . b = 1``; for a
        composite k that is not always possible (2x = 1 mod 4).  None when solvable.
        """
        if self.solvable:
            return None
        if not is_prime(self.colors):
            return np.asarray(self._ring.certificate, dtype=np.uint8).reshape(self.shape)
        k, b = self.colors, self.board.reshape(-1).astype(np.int64)
        # chaseable rules are symmetric (A^T = A), so the quiet patterns are the left kernel
        left = self._kernel if self.method == "chase" else left_null_space(self.toggle_matrix,
                                                                            modulus=k)
        for y in left:
            dot = int(y.astype(np.int64) @ b) % k
            if dot:
                return ((y.astype(np.int64) * pow(dot, -1, k)) % k).astype(np.uint8).reshape(
                    self.shape)
        raise AssertionError("internal error: unsolvable board without a certificate")

    # -- all solutions and the fewest presses ------------------------------------------------
    def all_solutions(self) -> Iterator[NDArray[np.uint8]]:
        """Yield every solution (``solution_count`` of them), board-shaped."""
        if self._x is None:
            return
        if not is_prime(self.colors):
            for x in self._ring.all_solutions():
                yield x.astype(np.uint8).reshape(self.shape)
            return
        k = self.colors
        for coefficients in itertools.product(range(k), repeat=len(self._kernel)):
            x = self._x.astype(np.int64) + np.asarray(coefficients, dtype=np.int64) @ self._kernel
            yield (x % k).astype(np.uint8).reshape(self.shape)

    def all_fewest_presses(self) -> NDArray[np.uint8]:
        """Every solution with the fewest presses, shape ``(m, rows, cols)``."""
        return self._fewest(all_ties=True).reshape((-1, *self.shape))

    def fewest_presses(self) -> NDArray[np.uint8]:
        """A solution with the fewest presses (exact), board-shaped.

        Raises ``ValueError`` when the board has no solution, or when the kernel is too large
        to search exactly (the message names the limit).
        """
        return self._fewest(all_ties=False)[0].reshape(self.shape)

    def _fewest(self, *, all_ties: bool) -> NDArray[np.uint8]:
        if self._x is None:
            raise ValueError("this board has no solution, so there is no fewest-press "
                             "solution; see .certificate for the proof")
        if self.colors == 2:
            return minimum_weight_solutions(self._x, self._kernel, all_ties=all_ties)
        if self.solution_count > MAX_ENUMERATION:
            raise ValueError(f"this board has {self.solution_count} solutions, more than the "
                             f"limit of {MAX_ENUMERATION} this exact search enumerates")
        candidates = np.array([s.reshape(-1) for s in self.all_solutions()])
        weights = candidates.sum(axis=1, dtype=np.int64)
        best = candidates[weights == weights.min()]
        return best if all_ties else best[:1]

    def __repr__(self) -> str:
        rows, cols = self.shape
        where = " on the torus" if self.torus else ""
        game = f"{rows}x{cols} board, rule {self.rule!r}{where}"
        if self.colors != 2:
            game += f", {self.colors} colours"
        count = self.solution_count if self.solvable else 0
        verdict = (f"solvable, {count} solution{'s' if count != 1 else ''}" if count
                   else "not solvable")
        return f"<Solution: {game}: {verdict}>"


def solve_board(board: ArrayLike, *, rule: Rule = "plus", torus: bool = False,
                colors: int = 2, method: str = "auto") -> Solution:
    """Solve a Lights Out board: find presses that turn every light off.

    Parameters
    ----------
    board : array_like
        The lights, ``rows x cols`` with entries ``0..colors-1`` (or text: see
        :func:`parse_board`).
    rule, torus
        As in :func:`toggle_matrix`.
    colors : int, default 2
        Number of light states k.  For a prime k the maths is over the field GF(k); for a
        composite k over the ring Z/k.
    method : {"auto", "chase", "elimination"}
        How to solve.  ``"chase"``: light chasing, a ``cols x cols`` system (two colours,
        rules like "plus" and "neighbors", see :func:`lightsout_edu.chase.chase_applies`);
        ``"elimination"``: the full ``N x N`` system.  ``"auto"`` chases when it applies.
        Both give the same answers.

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
    """
    k = check_modulus(colors, "colors")
    if isinstance(board, str):
        from .boards import parse_board

        board = parse_board(board)
    cells = as_board(board, colors=k)
    rule_stencil(rule)  # reject unknown rules before any work
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    chaseable = k == 2 and chase_applies(rule, rows=cells.shape[0], torus=bool(torus))
    if method == "chase" and not chaseable:
        raise ValueError(f"method='chase' needs two colours, a rule light chasing handles "
                         f"(like 'plus' or 'neighbors') and, on a torus, at least 2 rows; got "
                         f"rule={rule!r}, colors={k}, torus={bool(torus)} with "
                         f"{cells.shape[0]} rows. Use method='elimination' or 'auto'")
    chosen = "chase" if method == "chase" or (method == "auto" and chaseable) else "elimination"
    return Solution(cells, rule, bool(torus), k, chosen)
