"""Solving a board: which cells to press, how many ways, the fewest presses, and proofs.

For ``colors = k`` lights cycle through ``0..k-1`` and a press adds 1 to every cell it
toggles.  Turning the board off means ``board + A x = 0``, i.e. ``A x = -board`` (mod k);
for the classic game (k = 2) that is ``A x = b``.  Every answer is checked before it is
returned: the presses by simulating the game, a certificate by simulating the rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cached_property
from math import prod

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._validation import (
    as_board,
    check_flag,
    check_memory,
    check_modulus,
    count_text,
    from_work,
    is_prime,
    matmul_mod,
    read_only,
    storage_dtype,
    to_work,
)
from .boards import parse_board, press
from .chase import chase_applies, light_chase, transposable
from .fewest import first_lightest, minimum_weight_solutions
from .linalg import left_null_space, solve_with_kernel
from .modular import coset_members, solve_mod
from .packed import PackedMatrix
from .rules import Rule, rule_stencil, toggle_matrix

__all__ = ["Solution", "solve_board"]

#: The largest number of solutions :meth:`Solution.fewest_presses` enumerates for k > 2.
MAX_ENUMERATION = 2**22
METHODS = ("auto", "chase", "elimination")


class Solution:
    """Everything about solving one board; build it with :func:`solve_board`.

    A Solution is read-only: its arrays cannot be written (nor made writable again) and its
    attributes not reassigned.

    Attributes
    ----------
    board : numpy.ndarray
        The board that was solved.
    rule, torus, colors
        The rules of the game.
    solvable : bool
        Whether some set of presses turns every light off.
    method : str
        ``"chase"`` or ``"elimination"``: how it was solved (the answers are the same).
    """

    def __init__(self, board: NDArray, rule: Rule, torus: bool, colors: int, method: str) -> None:
        self.board = read_only(board)
        self.rule = rule if isinstance(rule, str) else read_only(rule_stencil(rule))
        self.torus = torus
        self.colors = colors
        self.shape: tuple[int, int] = (board.shape[0], board.shape[1])
        self.method = method
        self._ring_certificate: NDArray | None = None
        if method == "chase":
            self._solve_by_chasing()
        else:
            self._solve_by_elimination()
        self.solvable = self._x is not None
        self._check_presses()
        self._locked = True

    def __setattr__(self, name: str, value: object) -> None:
        if getattr(self, "_locked", False):
            raise AttributeError(
                f"a Solution is read-only: {name!r} cannot be changed; call solve_board again"
            )
        super().__setattr__(name, value)

    # -- solving ----------------------------------------------------------------------------
    def _solve_by_chasing(self) -> None:
        chased = light_chase(
            self.board, rule=self.rule, torus=self.torus, colors=self.colors, along="shorter"
        )
        self._x = None if chased.presses is None else chased.presses.reshape(-1)
        self._orders = chased.kernel_orders
        self._kernel_source: Callable[[], NDArray] = lambda: chased.quiet_patterns.reshape(
            -1, self.board.size
        )

    def _solve_by_elimination(self) -> None:
        k = self.colors
        target = from_work((-to_work(self.board.reshape(-1), k)) % k, k)  # A x = -b (mod k)
        A = self._matrix()
        if is_prime(k):
            x, _, kernel = solve_with_kernel(A, target, modulus=k)
            dense = kernel.to_dense() if isinstance(kernel, PackedMatrix) else kernel
            self._x, self._orders = x, (k,) * dense.shape[0]
            self._kernel_source = lambda: dense
            return
        ring = solve_mod(A, target, k)
        self._x, self._orders = ring.x, ring.kernel_orders
        self._kernel_source = lambda: ring.kernel_generators
        self._ring_certificate = ring.certificate

    def _matrix(self) -> NDArray | PackedMatrix:
        """The toggle matrix, packed for two colours (8 times smaller)."""
        if self.colors == 2:
            return toggle_matrix(*self.shape, rule=self.rule, torus=self.torus, packed=True)
        return self.toggle_matrix

    def _check_presses(self) -> None:
        if self._x is not None and self._after(self._x).any():
            raise AssertionError(
                "internal error: the presses found do not switch the board off; please report "
                "this board and rule to the course maintainers"
            )

    def _after(self, x: NDArray) -> NDArray:
        """The board after pressing ``x`` (flat), by simulating the game."""
        return press(
            self.board,
            x.reshape(self.shape),
            rule=self.rule,
            torus=self.torus,
            colors=self.colors,
        )

    @cached_property
    def _kernel(self) -> NDArray:
        return read_only(self._kernel_source())

    # -- the answer -------------------------------------------------------------------------
    @cached_property
    def toggle_matrix(self) -> NDArray:
        """``A``: column ``j`` is what pressing cell ``j`` toggles (built on first use)."""
        return read_only(
            toggle_matrix(*self.shape, rule=self.rule, torus=self.torus, colors=self.colors)
        )

    @property
    def presses(self) -> NDArray | None:
        """One solution as a board of press counts (free cells unpressed), or None."""
        return None if self._x is None else self._x.reshape(self.shape).copy()

    def _need_field(self, what: str) -> None:
        if not is_prime(self.colors):
            raise ValueError(
                f"{what} needs a prime number of colours: over Z/{self.colors} "
                f"the solutions do not form a vector space; use solution_count "
                f"and all_solutions()"
            )

    @property
    def nullity(self) -> int:
        """Dimension of the kernel: the number of free cells."""
        self._need_field("nullity")
        return len(self._orders)

    @property
    def rank(self) -> int:
        """Rank of the toggle matrix over GF(k)."""
        self._need_field("rank")
        return self.board.size - self.nullity

    @property
    def quiet_patterns(self) -> NDArray:
        """A basis of the kernel, board-shaped: press patterns that change no light."""
        self._need_field("quiet_patterns")
        return self._kernel.reshape((-1, *self.shape)).copy()

    @property
    def solution_count(self) -> int:
        """How many press patterns (each cell pressed 0..k-1 times) solve the board."""
        return prod(self._orders) if self.solvable else 0

    @property
    def solvable_board_count(self) -> int:
        """How many boards of this size and rule can be solved at all.

        The solvable boards are the image of ``A``: ``k^N / |ker A|`` of the ``k^N`` boards.
        """
        return self.colors**self.board.size // prod(self._orders)

    @cached_property
    def certificate(self) -> NDArray | None:
        """A proof of unsolvability: board-shaped ``y`` with ``A^T y = 0`` and ``y . b != 0``.

        Every press changes the weighted total of the lights on the cells of ``y`` by 0
        (mod k), yet the board's total there is not 0, so no presses can clear it.  For two
        colours (and any prime number of colours) ``y`` is scaled so that ``y . b = 1``; for a
        composite k that is not always possible (2x = 1 mod 4).  None when solvable.
        """
        if self.solvable:
            return None
        y = self._ring_certificate if self._ring_certificate is not None else self._weights()
        if self._weighted_sums_move(y) or not self._weighted_total(y):
            raise AssertionError("internal error: the certificate does not prove unsolvability")
        return read_only(y.reshape(self.shape))

    def _weights(self) -> NDArray:
        """A left-kernel vector y with y . b != 0, scaled to 1 when k is prime."""
        k = self.colors
        # chaseable rules are symmetric (A^T = A), so the quiet patterns are the left kernel
        if self.method == "chase":
            candidates = self._kernel
        else:
            matrix = self._matrix()
            left = left_null_space(matrix, modulus=k)
            candidates = left.to_dense() if isinstance(left, PackedMatrix) else left
        for y in candidates:
            dot = self._weighted_total(y)
            if dot:
                scale = pow(dot, -1, k) if is_prime(k) else 1
                return from_work((to_work(y, k) * scale) % k, k)
        raise AssertionError("internal error: unsolvable board without a certificate")

    def _weighted_total(self, y: NDArray) -> int:
        return int(matmul_mod(y.reshape(-1), self.board.reshape(-1), self.colors))

    def _weighted_sums_move(self, y: NDArray) -> bool:
        """Whether some press changes the y-weighted sum.

        That is ``A^T y != 0``, found by simulation: pressing the cells of y with the rule
        turned around (every offset negated).
        """
        reflected = rule_stencil(self.rule)[::-1, ::-1]
        dark = np.zeros(self.shape, dtype=storage_dtype(self.colors))
        moved = press(
            dark, y.reshape(self.shape), rule=reflected, torus=self.torus, colors=self.colors
        )
        return bool(moved.any())

    # -- all solutions and the fewest presses ------------------------------------------------
    def all_solutions(self) -> Iterator[NDArray]:
        """Yield every solution (``solution_count`` of them), board-shaped.

        One at a time, however many there are: the first comes at once even for 2^64.
        """
        if self._x is None:
            return
        for member in coset_members(self._x, self._kernel, self._orders, self.colors):
            yield member.reshape(self.shape)

    def all_fewest_presses(self) -> NDArray:
        """Every solution with the fewest presses, shape ``(m, rows, cols)``, sorted.

        Raises ``ValueError`` when they would take more memory than ``MEMORY_LIMIT``
        (:meth:`count_fewest_presses` says how many there are).
        """
        x = self._particular()
        if self.colors == 2:
            ties = minimum_weight_solutions(x, self._kernel, all_ties=True)
        else:
            ties = self._enumerated_fewest(all_ties=True)[0]
        return ties.reshape((-1, *self.shape))

    def fewest_presses(self) -> NDArray:
        """A solution with the fewest presses (exact), board-shaped.

        Ties are broken by the smallest press pattern in row-major order (the first of
        :meth:`all_fewest_presses`).  Raises ``ValueError`` when the board has no solution,
        or when there are too many solutions to search exactly (the message names the limit).
        """
        return self._fewest_search[0].reshape(self.shape).copy()

    def count_fewest_presses(self) -> int:
        """How many solutions have the fewest presses (1 when no other solution ties).

        Counted without building them (the same search as :meth:`fewest_presses`, done once
        for both).  Raises ``ValueError`` as :meth:`fewest_presses` does.
        """
        return self._fewest_search[1]

    @cached_property
    def _fewest_search(self) -> tuple[NDArray, int]:
        """(the first solution with the fewest presses, flat; how many tie with it)."""
        x = self._particular()
        if self.colors == 2:
            first, count = first_lightest(x, self._kernel)
            return read_only(first), count
        ties, count = self._enumerated_fewest(all_ties=False)
        return read_only(ties[0]), count

    def _particular(self) -> NDArray:
        """The solution found (flat), or the error that there is none to make fewer."""
        if self._x is None:
            raise ValueError(
                "this board has no solution, so there is no fewest-press "
                "solution; see .certificate for the proof"
            )
        return self._x

    def _enumerated_fewest(self, *, all_ties: bool) -> tuple[NDArray, int]:
        """For k > 2, every solution weighed as it comes: (the ties, or the first; how many).

        Ties are compared in row-major order; without ``all_ties`` only the first is kept.
        """
        total = self.solution_count
        if total > MAX_ENUMERATION:
            raise ValueError(
                f"this board has {count_text(total, self.colors)} solutions, more than the "
                f"limit of {MAX_ENUMERATION} this exact search enumerates"
            )
        if all_ties:  # as many ties as solutions at worst, each an array, sorted at the end
            check_memory(
                total * (2 * self.board.size * storage_dtype(self.colors).itemsize + 128),
                f"every fewest-press solution of {total} solutions",
                "use fewest_presses() for one of them and count_fewest_presses() for how many",
            )
        best: tuple[int, ...] | None = None  # (weight, presses of each cell) of the first tie
        ties: list[NDArray] = []
        count = 0
        for solution in self.all_solutions():
            flat = solution.reshape(-1)
            key = (sum(int(v) for v in flat), *(int(v) for v in flat))
            if best is None or key[0] < best[0]:
                best, ties, count = key, [], 0
            if key[0] == best[0]:
                count += 1
                if all_ties:
                    ties.append(flat)
                elif key <= best:
                    best, ties = key, [flat]
        rows = np.array(ties)
        return (np.unique(rows, axis=0) if all_ties else rows), count  # sorted rows

    def __repr__(self) -> str:
        rows, cols = self.shape
        where = " on the torus" if self.torus else ""
        rule = self.rule if isinstance(self.rule, str) else "custom"
        game = f"{rows}x{cols} board, rule {rule!r}{where}"
        if self.colors != 2:
            game += f", {self.colors} colours"
        count = self.solution_count
        verdict = (
            f"solvable, {count_text(count, self.colors)} solution{'s' if count != 1 else ''}"
            if count
            else "not solvable"
        )
        return f"<Solution: {game}: {verdict}>"


def _chaseable(rule: Rule, shape: tuple[int, int], torus: bool) -> bool:
    rows, cols = shape
    if chase_applies(rule, rows=rows, torus=torus):
        return True
    return transposable(rule) and chase_applies(rule, rows=cols, torus=torus)


def solve_board(
    board: ArrayLike,
    *,
    rule: Rule = "plus",
    torus: bool = False,
    colors: int = 2,
    method: str = "auto",
) -> Solution:
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
        How to solve.  ``"chase"``: light chasing, a system with one unknown per column (or
        per row, whichever side is shorter) for rules like "plus" and "neighbors", see
        :func:`lightsout_edu.chase.chase_applies`; ``"elimination"``: the full ``N x N``
        system.  ``"auto"`` chases when it applies.  Both give the same answers for a prime
        number of colours (for a composite k, the same set of solutions).

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
    torus = check_flag(torus, "torus")
    cells = as_board(parse_board(board) if isinstance(board, str) else board, colors=k)
    rule_stencil(rule)  # reject unknown rules before any work
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; choose one of {', '.join(METHODS)}")
    chaseable = _chaseable(rule, cells.shape, torus)
    if method == "chase" and not chaseable:
        raise ValueError(
            f"method='chase' needs a rule light chasing handles (like 'plus' or 'neighbors') "
            f"and, on a torus, at least 2 rows; got rule={rule!r}, torus={torus} with "
            f"{cells.shape[0]} rows. Use method='elimination' or 'auto'"
        )
    chosen = "chase" if method == "chase" or (method == "auto" and chaseable) else "elimination"
    return Solution(cells, rule, torus, k, chosen)
