"""The game itself, once for a grid and a graph alike: pressing, and the toggle matrix.

A layout (a :class:`~lightsout_edu._grid.Grid` or a :class:`~lightsout_edu._network.Network`)
lists its *deliveries*: pairs ``(target, source)`` of index expressions such that the presses
at ``source`` arrive at ``target``, each target reached at most once in a pair.  Pressing adds
them up (:func:`press_lights`), and column ``j`` of the toggle matrix is what they deliver from
cell ``j`` (:func:`toggle_matrix_of`): the matrix model and the simulation are one definition.
Everything here takes checked values: a layout, a number of colours ``k`` and arrays of the
layout's shape with entries ``0 .. k-1``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal, overload

import numpy as np
from numpy.typing import NDArray

from ._grid import Grid
from ._i18n import t
from ._network import Network
from ._validation import (
    MEMORY_LIMIT,
    check_memory,
    from_work,
    storage_dtype,
    to_work,
    work_entry_bytes,
)
from .packed import PackedMatrix, n_words

__all__ = ["BOARD_COPIES", "Layout", "check_board_room", "press_lights", "toggle_matrix_of"]

Layout = Grid | Network

#: Board-sized arrays alive at once while a board is solved or chased (measured: 7.9 bytes a
#: cell at the peak of solving a 8000x8000 board with two colours): the board, its checked
#: copy, the presses, the leftovers, the press patterns and their bits.
BOARD_COPIES = 8


def check_board_room(layout: Layout, k: int, *, pressing: bool = False) -> None:
    """Refuse, from the layout's size alone, a board too big to solve in memory.

    Made before the board is read: a refusal takes no time however big the board.  With two
    colours a cell takes a byte in each of :data:`BOARD_COPIES` arrays; with more, a work
    entry (:func:`~lightsout_edu._validation.work_entry_bytes`).  ``pressing``: for pressing
    the board rather than solving it (the board, the presses and the result, and their work
    copies: as many arrays).

    Examples
    --------
    >>> from lightsout_edu._grid import grid_of
    >>> check_board_room(grid_of(30000, 30000, "plus", False), 2)
    Traceback (most recent call last):
    ...
    ValueError: solving a 30000x30000 board with 2 colours would need 6.7 GiB of memory, more \
than the 2.0 GiB this package allocates at once; use a smaller board (at most about 268 million \
cells with 2 colours)
    """
    cell_bytes = BOARD_COPIES * (1 if k == 2 else work_entry_bytes(k))
    shape = "x".join(str(side) for side in layout.shape)
    check_memory(
        layout.size * cell_bytes,
        t("pressing a {shape} board with {k} colours", shape=shape, k=k)
        if pressing
        else t("solving a {shape} board with {k} colours", shape=shape, k=k),
        t(
            "use a smaller board (at most about {most} million cells with {k} colours)",
            most=MEMORY_LIMIT // cell_bytes // 10**6,
            k=k,
        ),
    )


def press_lights(layout: Layout, lights: NDArray, presses: NDArray, k: int) -> NDArray:
    """``lights + A presses (mod k)``, by simulating every press (not via the matrix).

    Examples
    --------
    >>> from lightsout_edu._grid import grid_of
    >>> grid = grid_of(1, 3, "plus", False)
    >>> press_lights(grid, np.zeros((1, 3), np.uint8), np.array([[1, 0, 0]], np.uint8), 2)
    array([[1, 1, 0]], dtype=uint8)
    """
    if k == 2:  # addition mod 2 is XOR, in place on the 0/1 bytes
        out = lights.astype(np.uint8, copy=True)
        taps = presses.astype(np.uint8, copy=False)
        for target, source in layout.deliveries:
            out[target] ^= taps[source]
        return out
    out, taps = to_work(lights, k), to_work(presses, k)
    for target, source in layout.deliveries:
        out[target] += taps[source]
        out[target] %= k  # every entry stays below k: no overflow, whatever k is
    return from_work(out, k)


def _hit_pairs(layout: Layout) -> Iterator[tuple[NDArray[np.int64], NDArray[np.int64]]]:
    """(lights hit, cells pressed) as flat indices: the deliveries of every cell number."""
    numbers = np.arange(layout.size, dtype=np.int64).reshape(layout.shape)
    for target, source in layout.deliveries:
        yield numbers[target].reshape(-1), numbers[source].reshape(-1)


@overload
def toggle_matrix_of(layout: Layout, k: int, *, packed: Literal[False] = ...) -> NDArray: ...
@overload
def toggle_matrix_of(layout: Layout, k: int, *, packed: Literal[True]) -> PackedMatrix: ...
@overload
def toggle_matrix_of(layout: Layout, k: int, *, packed: bool) -> NDArray | PackedMatrix: ...
def toggle_matrix_of(layout: Layout, k: int, *, packed: bool = False) -> NDArray | PackedMatrix:
    """``A`` with ``A[i, j]`` = hits of light ``i`` by one press of cell ``j`` (mod k).

    ``packed`` (two colours only, checked by the caller) gives a
    :class:`~lightsout_edu.PackedMatrix`, built directly at 1 bit per entry.

    Examples
    --------
    >>> from lightsout_edu._network import network_of
    >>> toggle_matrix_of(network_of([(0, 1), (1, 2)], None, True), 2)
    array([[1, 1, 0],
           [1, 1, 1],
           [0, 1, 1]], dtype=uint8)
    """
    n = layout.size
    if packed:
        check_memory(8 * n * n_words(n), layout.matrix_name(True), layout.matrix_advice(True))
        words = np.zeros((n, n_words(n)), dtype=np.uint64)
        for lights, cells in _hit_pairs(layout):
            bits = np.left_shift(np.uint64(1), (cells & 63).astype(np.uint64))
            np.bitwise_xor.at(words, (lights, cells >> 6), bits)  # two hits cancel mod 2
        return PackedMatrix(words, n)
    dtype = storage_dtype(k)
    check_memory(n * n * dtype.itemsize, layout.matrix_name(False), layout.matrix_advice(False))
    counts = np.zeros((n, n), dtype=dtype)
    for lights, cells in _hit_pairs(layout):
        np.add.at(counts, (lights, cells), 1)  # at most 9 hits: no overflow, even in uint8
    if k <= 9:  # more colours than hits: the counts are residues already
        counts %= np.asarray(k, dtype=dtype)
    return counts
