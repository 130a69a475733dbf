"""Hard boards of a board size, found in the Walsh domain by a tabu search.

A board is described by ``y_t = n_t - 2 a_t`` on its cell types (``a_t`` of the ``n_t``
cells of type t pressed; see :mod:`lightsout_edu._clicks_types`), and it needs
``(N - max_c Y-hat(c)) / 2`` presses, where ``Y-hat`` is the Walsh-Hadamard transform of
``y``.  A hard board is a ``y`` with ``y_t = n_t (mod 2)``, ``|y_t| <= n_t``, whose transform
is small *everywhere*.  One fast transform scores all ``2^d`` solutions of a board at once.

The search keeps ``Y-hat`` and moves one ``y_t`` by 2 at a time (press one cell of type t
more, or one fewer), which adds ``+-2 (-1)^{c . t}`` to every ``Y-hat(c)``: ``O(2^d)``.  The
target is one press more than the best board so far, that is every ``Y-hat(c) <= theta``;
the penalty ``sum_c max(0, (Y-hat(c) - theta) / 2)^2`` measures how far a board is from it.
The change of penalty of every possible move is one product with the ``(-1)^{c . t}`` of the
few c at or above ``theta`` (or one more transform, when they are many), and the best move
not made in the last few steps is taken: a *tabu search* (Glover 1989).  When it stalls, it
starts again from the best board with a few random moves.  Everything random comes from one
seeded generator, so a seed and a number of steps fix the result.

For big kernels (``d`` above :data:`FULL_BITS`) the search looks at the ``2^k`` solutions
of a random k-dimensional subspace of kernel combinations only; the board it finds is then
counted exactly over all ``2^d`` (by the caller).
"""

from __future__ import annotations

import time

import numpy as np
from numpy.typing import NDArray

from .fewest import _walsh_hadamard

__all__ = ["FULL_BITS", "HardBoardSearch"]

#: Kernels up to this dimension are searched over every kernel combination (2^22 of them:
#: a few arrays of 32 MB) ...
FULL_BITS = 22
#: ... bigger ones over a random subspace of this dimension.
SUBSPACE_BITS = 20
#: The signs (-1)^{c . t} of the combinations at the target are built at most this many at a
#: time (32 MB); past that one more transform is cheaper.
SIGN_MATRIX = 1 << 22


class HardBoardSearch:
    """A tabu search for ``y`` (see the module) with the largest ``(N - max Y-hat) / 2``.

    Parameters
    ----------
    types, counts : numpy.ndarray of int64
        The cell types (d-bit numbers, type 0 allowed) and their numbers of cells.
    d : int
        The kernel dimension.
    seed : int or None
        Seeds every random choice (None: fresh entropy).

    Examples
    --------
    >>> from lightsout_edu._clicks_types import CellTypes
    >>> cells = CellTypes(9, 9, "plus", False)
    >>> search = HardBoardSearch(cells.types, cells.counts, cells.d, seed=1)
    >>> search.run(steps=300)
    >>> search.best_presses  # the most any 9x9 board needs (proved by the integer program)
    37
    """

    def __init__(self, types: NDArray, counts: NDArray, d: int, *, seed: int | None) -> None:
        self.rng = np.random.default_rng(seed)
        self.counts = np.asarray(counts, dtype=np.int64)
        self.n_cells = int(self.counts.sum())
        self.bits = d if d <= FULL_BITS else SUBSPACE_BITS
        types = np.asarray(types, dtype=np.int64)
        if d > self.bits:  # the combinations c = B^T s, s in GF(2)^k: c . t = s . (B t)
            basis = self.rng.integers(0, 1 << 62, size=self.bits) & ((1 << d) - 1)
            rows = (np.bitwise_count(basis[:, None] & types[None, :]) & 1).astype(np.int64)
            types = (rows << np.arange(self.bits, dtype=np.int64)[:, None]).sum(axis=0)
        self.types = types
        self.fixed = self.types == 0  # pressed by no quiet pattern: press them all
        signs = self.rng.choice(np.array([-1, 1]), size=self.counts.size)
        self.y = np.where(self.fixed, -self.counts, (self.counts % 2) * signs).astype(np.int64)
        self.combinations = np.arange(1 << self.bits, dtype=np.int32)
        self.scores = self._transform(self.y)
        self.best_y = self.y.copy()
        self.best_max = int(self.scores.max())
        self.tabu_until = np.zeros(self.counts.size, dtype=np.int64)
        n_types = self.counts.size
        self.tenure = (max(3, n_types // 40), max(8, n_types // 12))
        self.patience = max(2000, 20 * n_types)
        self.steps = self.last_gain = 0

    @property
    def best_presses(self) -> int:
        """The presses the best board so far needs (over the combinations searched)."""
        return (self.n_cells - self.best_max) // 2

    @property
    def best_counts(self) -> NDArray[np.int64]:
        """``a_t`` of the best board so far."""
        return (self.counts - self.best_y) // 2

    def run(
        self, deadline: float = np.inf, *, steps: int | None = None, until_stalled: bool = False
    ) -> None:
        """Search until ``deadline`` (``time.monotonic()``), or for ``steps`` more steps.

        With ``until_stalled`` it also stops when :attr:`patience` steps brought no harder
        board.
        """
        stop = None if steps is None else self.steps + steps
        while time.monotonic() < deadline and (stop is None or self.steps < stop):
            if until_stalled and self.steps - self.last_gain >= self.patience:
                return
            self._step()

    def top_combinations(self, limit: int) -> NDArray[np.int64]:
        """Up to ``limit`` kernel combinations at which the best board needs fewest presses.

        They are combinations of the subspace searched when ``d`` is above
        :data:`FULL_BITS`.
        """
        scores = self._transform(self.best_y)
        return np.flatnonzero(scores == scores.max())[:limit]

    def _transform(self, y: NDArray[np.int64]) -> NDArray[np.int32]:
        """``Y-hat`` of ``y`` at every combination searched: one Walsh-Hadamard transform."""
        values = np.bincount(self.types, weights=y, minlength=1 << self.bits)
        _walsh_hadamard(values)
        return np.rint(values).astype(np.int32)  # |Y-hat| <= N

    def _step(self) -> None:
        self.steps += 1
        theta = self.best_max - 2  # the target: every score at most theta
        above = np.flatnonzero(self.scores >= theta)
        level = (self.scores[above].astype(np.int64) - theta) >> 1  # 0 at the target, k over
        over = level > 0
        penalty = int((level[over] ** 2).sum())
        # a move by +2 turns level k into k + s, s = (-1)^{c . t}: the penalty changes by
        # 2ks + 1 over the target and (1 + s) / 2 at it, so by (base + sum_c w_c s_c) / 2
        weight = np.where(over, 4 * level, 1).astype(np.float64)
        base = 2 * int(over.sum()) + int((~over).sum())
        along = self._signed_sums(above, weight)
        up, down = (base + along) / 2, (base - along) / 2
        free = self.tabu_until < self.steps
        can_up = ~self.fixed & (self.y + 2 <= self.counts) & (free | (up + penalty == 0))
        can_down = ~self.fixed & (self.y - 2 >= -self.counts) & (free | (down + penalty == 0))
        change = np.concatenate([np.where(can_up, up, np.inf), np.where(can_down, down, np.inf)])
        least = change.min()
        if not np.isfinite(least):  # every move is tabu: forget them
            self.tabu_until[:] = 0
            return
        ties = np.flatnonzero(change == least)
        move = int(ties[self.rng.integers(ties.size)])
        t, delta = (move, 2) if move < self.y.size else (move - self.y.size, -2)
        self._move(t, delta)
        self.tabu_until[t] = self.steps + self.rng.integers(self.tenure[0], self.tenure[1] + 1)
        if penalty + least == 0:  # every score is now at most theta: a harder board
            self.best_max = int(self.scores.max())
            self.best_y = self.y.copy()
            self.last_gain = self.steps
        elif self.steps - self.last_gain > self.patience:
            self._restart()

    def _signed_sums(self, above: NDArray[np.int64], weight: NDArray) -> NDArray:
        """``sum_c weight_c (-1)^{c . t}`` over the combinations ``above``, for every type t."""
        if above.size * self.types.size <= min(SIGN_MATRIX, 3 * self.bits << self.bits):
            odd = np.bitwise_count(above[:, None] & self.types[None, :]) & 1
            return np.asarray(weight.sum() - 2 * (weight @ odd.astype(np.float64)))
        spread = np.zeros(1 << self.bits)  # many: one transform is cheaper
        spread[above] = weight
        _walsh_hadamard(spread)
        return np.asarray(spread[self.types])

    def _move(self, t: int, delta: int) -> None:
        """``y_t += delta``: every score changes by ``delta (-1)^{c . t}``."""
        self.y[t] += delta
        odd = np.bitwise_count(self.combinations & int(self.types[t]))
        odd &= 1
        change = odd.view(np.int8)  # small types, in place: this is the inner loop
        change *= -2 * delta
        change += delta  # delta (1 - 2 odd)
        self.scores += change

    def _restart(self) -> None:
        """Back to the best board, then a few random moves (the search had stalled)."""
        self.y = self.best_y.copy()
        for t in self.rng.integers(0, self.y.size, size=max(2, self.y.size // 30)):
            delta = 2 * int(self.rng.choice(np.array([-1, 1])))
            if not self.fixed[t] and abs(self.y[t] + delta) <= self.counts[t]:
                self.y[t] += delta
        self.scores = self._transform(self.y)
        self.last_gain = self.steps
