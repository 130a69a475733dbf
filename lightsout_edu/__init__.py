"""Lights Out as linear algebra over GF(2): the helper package of the course.

>>> import lightsout_edu as lo
>>> lo.solve_board(lo.parse_board("11./1../...")).presses.tolist()
[[1, 0, 0], [0, 0, 0], [0, 0, 0]]
"""

from .boards import format_board, parse_board, press, random_board
from .crosscheck import CrossCheckError, CrossCheckReport, cross_check
from .elimination import AddRow, Elimination, Scale, Swap, eliminate
from .linalg import left_null_space, null_space, rank, rref, solve
from .rules import RULES, graph_toggle_matrix, rule_stencil, toggle_matrix
from .solver import Solution, solve_board

__all__ = [
    "RULES",
    "AddRow",
    "CrossCheckError",
    "CrossCheckReport",
    "Elimination",
    "Scale",
    "Solution",
    "Swap",
    "cross_check",
    "eliminate",
    "format_board",
    "graph_toggle_matrix",
    "left_null_space",
    "null_space",
    "parse_board",
    "press",
    "random_board",
    "rank",
    "rref",
    "rule_stencil",
    "solve",
    "solve_board",
    "toggle_matrix",
]

__version__ = "0.1.0"
