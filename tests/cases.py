"""Named test cases fed to every engine (our recording engine, the fast path, galois, sympy).

Each case is (name, rows, cols, rule, torus) for a board game, with facts known by hand or
from the literature where we have them (rank of the toggle matrix, or None when not pinned).
"""

from __future__ import annotations

BOARD_CASES = [
    # name, rows, cols, rule, torus, known rank
    ("1x1", 1, 1, "plus", False, 1),
    ("2x2", 2, 2, "plus", False, 4),
    ("3x3", 3, 3, "plus", False, 9),
    ("4x4 singular", 4, 4, "plus", False, 12),
    ("5x5 singular", 5, 5, "plus", False, 23),
    ("6x6", 6, 6, "plus", False, 36),
    ("3x5 rectangle", 3, 5, "plus", False, None),
    ("5x5 torus", 5, 5, "plus", True, None),
    ("4x4 neighbors", 4, 4, "neighbors", False, None),
    ("5x5 x rule", 5, 5, "x", False, None),
    ("4x4 king", 4, 4, "king", False, None),
]

#: the 9x9 toggle matrix of the 3x3 board, as printed in the source article
ARTICLE_3X3 = [
    [1, 1, 0, 1, 0, 0, 0, 0, 0],
    [1, 1, 1, 0, 1, 0, 0, 0, 0],
    [0, 1, 1, 0, 0, 1, 0, 0, 0],
    [1, 0, 0, 1, 1, 0, 1, 0, 0],
    [0, 1, 0, 1, 1, 1, 0, 1, 0],
    [0, 0, 1, 0, 1, 1, 0, 0, 1],
    [0, 0, 0, 1, 0, 0, 1, 1, 0],
    [0, 0, 0, 0, 1, 0, 1, 1, 1],
    [0, 0, 0, 0, 0, 1, 0, 1, 1],
]
