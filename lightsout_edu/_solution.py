"""The answers for one board of a puzzle: presses, their number, the fewest, and proofs.

Which cells to press, how many ways, the fewest presses, the quiet patterns and a proof of
unsolvability.  For ``k`` colours lights cycle through ``0..k-1`` and a press adds 1 to every
light it toggles.  Turning the board off means ``board + A x = 0``, i.e. ``A x = -board``
(mod k); for the classic game (k = 2) that is ``A x = b``.  A grid or a graph alike: the board is an
array of the layout's shape (rows x cols, or one state per node).  Every answer is checked
before it is returned: the presses by simulating the game, a certificate by simulating the
game with every press turned around (``A^T``).  Built from checked values only, by
:meth:`lightsout_edu.Puzzle.solve` (and so by :func:`lightsout_edu.solve_board`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cached_property
from math import prod

import numpy as np
from numpy.typing import NDArray

from ._chasing import chase_board
from ._game import Layout, press_lights, toggle_matrix_of
from ._grid import Grid
from ._i18n import t
from ._validation import (
    check_memory,
    count_text,
    from_work,
    is_prime,
    matmul_mod,
    read_only,
    storage_dtype,
    to_work,
)
from .fewest import all_lightest_in_coset, lightest_in_coset
from .linalg import kernel_solve, left_kernel
from .modular import coset_members, solve_system
from .packed import PackedMatrix

__all__ = ["MAX_ENUMERATION", "METHODS", "Solution"]

#: The largest number of solutions :meth:`Solution.fewest_presses` enumerates for k > 2.
MAX_ENUMERATION = 2**22
METHODS = ("auto", "chase", "elimination")


class Solution:
    """Everything about solving one board; built by :meth:`lightsout_edu.Puzzle.solve`.

    (And so by :func:`lightsout_edu.solve_board`.)  A Solution is read-only: its arrays
    cannot be written (nor made writable again) and its attributes not reassigned.  Arrays
    of cells have the board's shape: ``(rows, cols)`` for a grid, ``(n_nodes,)`` for a graph.

    Attributes
    ----------
    board : numpy.ndarray
        The board that was solved.
    rule, torus
        The rules of a grid's game (None and False for a graph).
    colors : int
        The number of light states k.
    shape : tuple of int
        The board's shape.
    solvable : bool
        Whether some set of presses turns every light off.
    method : str
        ``"chase"`` or ``"elimination"``: how it was solved (the answers are the same).
    """

    def __init__(self, board: NDArray, layout: Layout, k: int, method: str) -> None:
        self.board = read_only(board)
        self._layout = layout
        self.rule = layout.rule if isinstance(layout, Grid) else None
        self.torus = layout.torus if isinstance(layout, Grid) else False
        self.colors = k
        self.shape: tuple[int, ...] = layout.shape
        self.method = method
        self._field = is_prime(k)  # GF(k) is a field: a rank, a basis of the kernel
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
                t(
                    "a Solution is read-only: {name} cannot be changed; call solve_board again",
                    name=repr(name),
                )
            )
        super().__setattr__(name, value)

    # -- solving ----------------------------------------------------------------------------
    def _solve_by_chasing(self) -> None:
        assert isinstance(self._layout, Grid)  # only grids are chased
        chased = chase_board(self.board, self._layout, self.colors, along="shorter")
        self._x = None if chased.presses is None else chased.presses.reshape(-1)
        self._orders = chased.kernel_orders
        self._kernel_source: Callable[[], NDArray] = lambda: chased.quiet_patterns.reshape(
            -1, self.board.size
        )

    def _solve_by_elimination(self) -> None:
        k = self.colors
        target = from_work((-to_work(self.board.reshape(-1), k)) % k, k)  # A x = -b (mod k)
        A = self._matrix()
        if self._field:
            x, _, kernel = kernel_solve(A, target, k)
            dense = kernel.to_dense() if isinstance(kernel, PackedMatrix) else kernel
            self._x, self._orders = x, (k,) * dense.shape[0]
            self._kernel_source = lambda: dense
            return
        assert isinstance(A, np.ndarray)  # only two colours are packed
        ring = solve_system(A, target, k)
        self._x, self._orders = ring.x, ring.kernel_orders
        self._kernel_source = lambda: ring.kernel_generators
        self._ring_certificate = ring.certificate

    def _matrix(self) -> NDArray | PackedMatrix:
        """The toggle matrix, packed for two colours (8 times smaller)."""
        if self.colors == 2:
            return toggle_matrix_of(self._layout, 2, packed=True)
        return self.toggle_matrix

    def _check_presses(self) -> None:
        if self._x is not None and self._after(self._x).any():
            raise AssertionError(
                t(
                    "internal error: the presses found do not switch the board off; please "
                    "report this board and puzzle to the course maintainers"
                )
            )

    def _after(self, x: NDArray) -> NDArray:
        """The board after pressing ``x`` (flat), by simulating the game."""
        return press_lights(self._layout, self.board, x.reshape(self.shape), self.colors)

    @cached_property
    def _kernel(self) -> NDArray:
        return read_only(self._kernel_source())

    # -- the answer -------------------------------------------------------------------------
    @cached_property
    def toggle_matrix(self) -> NDArray:
        """``A``: column ``j`` is what pressing cell ``j`` toggles (built on first use)."""
        return read_only(toggle_matrix_of(self._layout, self.colors))

    @property
    def presses(self) -> NDArray | None:
        """One solution as a board of press counts (free cells unpressed), or None."""
        return None if self._x is None else self._x.reshape(self.shape).copy()

    def _need_field(self, what: str) -> None:
        if not self._field:
            raise ValueError(
                t(
                    "{what} needs a prime number of colours: over Z/{k} the solutions do not "
                    "form a vector space; use solution_count and all_solutions()",
                    what=what,
                    k=self.colors,
                )
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
        return int(self.colors**self.board.size // prod(self._orders))

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
            left = left_kernel(self._matrix(), k)
            candidates = left.to_dense() if isinstance(left, PackedMatrix) else left
        for y in candidates:
            dot = self._weighted_total(y)
            if dot:
                scale = pow(dot, -1, k) if self._field else 1
                return from_work((to_work(y, k) * scale) % k, k)
        raise AssertionError("internal error: unsolvable board without a certificate")

    def _weighted_total(self, y: NDArray) -> int:
        return int(matmul_mod(y.reshape(-1), self.board.reshape(-1), self.colors))

    def _weighted_sums_move(self, y: NDArray) -> bool:
        """Whether some press changes the y-weighted sum.

        That is ``A^T y != 0``, found by simulation: pressing the cells of y with every press
        turned around (a grid's offsets negated; a graph's presses are symmetric already).
        """
        dark = np.zeros(self.shape, dtype=storage_dtype(self.colors))
        moved = press_lights(self._layout.reflected(), dark, y.reshape(self.shape), self.colors)
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
        """Every solution with the fewest presses, shape ``(m, *shape)``, sorted.

        Raises ``ValueError`` when they would take more memory than ``MEMORY_LIMIT``
        (:meth:`count_fewest_presses` says how many there are).
        """
        x = self._particular()
        if self.colors == 2:
            ties = all_lightest_in_coset(x, self._kernel)
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
            first, count = lightest_in_coset(x, self._kernel)
            return read_only(first), count
        ties, count = self._enumerated_fewest(all_ties=False)
        return read_only(ties[0]), count

    def _particular(self) -> NDArray:
        """The solution found (flat), or the error that there is none to make fewer."""
        if self._x is None:
            raise ValueError(
                t(
                    "this board has no solution, so there is no fewest-press solution; see "
                    ".certificate for the proof"
                )
            )
        return self._x

    def _enumerated_fewest(self, *, all_ties: bool) -> tuple[NDArray, int]:
        """For k > 2, every solution weighed as it comes: (the ties, or the first; how many).

        Ties are compared in row-major order; without ``all_ties`` only the first is kept.
        """
        total = self.solution_count
        if total > MAX_ENUMERATION:
            raise ValueError(
                t(
                    "this board has {count} solutions, more than the limit of {limit} this "
                    "exact search enumerates",
                    count=count_text(total, self.colors),
                    limit=MAX_ENUMERATION,
                )
            )
        if all_ties:  # as many ties as solutions at worst, each an array, sorted at the end
            check_memory(
                total * (2 * self.board.size * storage_dtype(self.colors).itemsize + 128),
                t("every fewest-press solution of {count} solutions", count=total),
                t("use fewest_presses() for one of them and count_fewest_presses() for how many"),
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
        game = _game_of(self._layout)
        if self.colors != 2:
            game += t(", {k} colours", k=self.colors)
        count = self.solution_count
        said = count_text(count, self.colors)
        if not count:
            verdict = t("not solvable")
        elif count == 1:
            verdict = t("solvable, {count} solution", count=said)
        else:
            verdict = t("solvable, {count} solutions", count=said)
        return t("<Solution: {game}: {verdict}>", game=game, verdict=verdict)


def _game_of(layout: Layout) -> str:
    """``5x5 board, rule 'plus' on the torus`` or ``graph of 10 nodes, 15 edges``.

    In the language in effect (``layout.describe()`` says it in English, for the errors).
    """
    if isinstance(layout, Grid):
        rule = repr(layout.name) if layout.name is not None else "'custom'"
        where = t(" on the torus") if layout.torus else ""
        return t(
            "{rows}x{cols} board, rule {rule}{where}",
            rows=layout.rows,
            cols=layout.cols,
            rule=rule,
            where=where,
        )
    n, m = layout.n_nodes, len(layout.edges)
    nodes = t("{n} node", n=n) if n == 1 else t("{n} nodes", n=n)
    edges = t("{m} edge", m=m) if m == 1 else t("{m} edges", m=m)
    alone = "" if layout.self_toggle else t(", no self-toggle")
    return t("graph of {nodes}, {edges}{alone}", nodes=nodes, edges=edges, alone=alone)
