"""Lights Out as linear algebra over GF(2): the helper package of the course.

>>> import lightsout_edu as lo
>>> lo.solve_board(lo.parse_board("11./1../...")).presses.tolist()
[[1, 0, 0], [0, 0, 0], [0, 0, 0]]
"""

from .boards import format_board, parse_board, press, random_board
from .chase import LightChase, chase_lights, chase_matrix, light_chase
from .crosscheck import CrossCheckError, CrossCheckReport, cross_check
from .elimination import AddRow, Elimination, Scale, Swap, eliminate
from .fewest import minimum_weight_solutions, optimal_press_counts
from .latex import elimination_to_latex, matrix_to_latex, step_to_latex
from .linalg import left_null_space, null_space, rank, rref, solve
from .modular import (
    ModularSolution,
    NaiveFieldAttempt,
    SmithForm,
    kernel_size,
    naive_field_solve,
    smith_form_mod,
    solvable_board_count,
    solve_mod,
)
from .plotting import animate_elimination, draw_board, draw_matrix
from .rules import RULES, graph_toggle_matrix, rule_stencil, toggle_matrix
from .solver import Solution, solve_board
from .widgets import EliminationPlayer, LightsOutGame

__all__ = [
    "RULES",
    "AddRow",
    "CrossCheckError",
    "CrossCheckReport",
    "Elimination",
    "EliminationPlayer",
    "LightChase",
    "LightsOutGame",
    "ModularSolution",
    "NaiveFieldAttempt",
    "Scale",
    "SmithForm",
    "Solution",
    "Swap",
    "animate_elimination",
    "chase_lights",
    "chase_matrix",
    "cross_check",
    "draw_board",
    "draw_matrix",
    "eliminate",
    "elimination_to_latex",
    "format_board",
    "graph_toggle_matrix",
    "kernel_size",
    "left_null_space",
    "light_chase",
    "matrix_to_latex",
    "minimum_weight_solutions",
    "naive_field_solve",
    "null_space",
    "optimal_press_counts",
    "parse_board",
    "press",
    "random_board",
    "rank",
    "rref",
    "rule_stencil",
    "smith_form_mod",
    "solvable_board_count",
    "solve",
    "solve_board",
    "solve_mod",
    "step_to_latex",
    "toggle_matrix",
]

__version__ = "0.1.0"
