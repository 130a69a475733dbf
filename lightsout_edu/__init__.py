"""Lights Out as linear algebra over GF(2): the helper package of the course.

Every public name is importable from here.  They are loaded on first use (PEP 562), so
``import lightsout_edu`` is quick and solving a board never loads matplotlib or the widgets.

>>> import lightsout_edu as lo
>>> lo.solve_board(lo.parse_board("11./1../...")).presses.tolist()
[[1, 0, 0], [0, 0, 0], [0, 0, 0]]
>>> lo.Puzzle.grid(3, 3).solve(lo.parse_board("11./1../...")).presses.tolist()
[[1, 0, 0], [0, 0, 0], [0, 0, 0]]
"""

# ruff: noqa: F401  (the imports for type checkers at the end name what __all__ lists)

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from ._threads import prefer_fork_safe_threads

__version__ = "0.3.0"

prefer_fork_safe_threads()  # before any numba library starts threads (see _threads)

#: public name -> the module (inside this package) it is imported from
_EXPORTS: dict[str, str] = {
    "format_board": "boards",
    "parse_board": "boards",
    "press": "boards",
    "random_board": "random_boards",
    "LightChase": "chase",
    "chase_lights": "chase",
    "chase_matrix": "chase",
    "light_chase": "chase",
    "CrossCheckError": "crosscheck",
    "CrossCheckReport": "crosscheck",
    "cross_check": "crosscheck",
    "AddRow": "steps",
    "Scale": "steps",
    "Swap": "steps",
    "Elimination": "elimination",
    "eliminate": "elimination",
    "minimum_weight_solutions": "fewest",
    "LowerBound": "worst_case",
    "MostClicks": "worst_case",
    "most_clicks": "worst_case",
    "most_clicks_bounds": "worst_case",
    "presses_lower_bound": "worst_case",
    "grid_nullity": "polynomials",
    "optimal_press_counts": "fewest",
    "elimination_to_latex": "latex",
    "matrix_to_latex": "latex",
    "step_to_latex": "latex",
    "SolvedSystem": "linalg",
    "left_null_space": "linalg",
    "null_space": "linalg",
    "rank": "linalg",
    "rref": "linalg",
    "solve": "linalg",
    "solve_with_kernel": "linalg",
    "ModularSolution": "modular",
    "NaiveFieldAttempt": "modular",
    "SmithForm": "modular",
    "kernel_size": "modular",
    "naive_field_solve": "modular",
    "smith_form_mod": "modular",
    "solvable_board_count": "modular",
    "solve_mod": "modular",
    "PackedMatrix": "packed",
    "Graph": "graphs",
    "cube_graph": "graphs",
    "cycle_graph": "graphs",
    "path_graph": "graphs",
    "petersen_graph": "graphs",
    "star_graph": "graphs",
    "animate_elimination": "plotting",
    "draw_board": "plotting",
    "draw_boards": "plotting",
    "draw_graph": "plotting",
    "draw_matrix": "plotting",
    "draw_timings": "plotting",
    "use_course_style": "plotting",
    "RULES": "rules",
    "set_language": "_i18n",
    "graph_toggle_matrix": "rules",
    "rule_stencil": "rules",
    "toggle_matrix": "rules",
    "Solution": "solver",
    "solve_board": "solver",
    "Puzzle": "puzzle",
    "EliminationPlayer": "widgets",
    "LightsOutGame": "widgets",
    "QuickQuestion": "widgets",
    "RowReductionPractice": "widgets",
}

#: every public name, once: the table above is the only list of them (a test checks that the
#: imports for type checkers below name exactly these)
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'lightsout_edu' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # the next look-up is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])


if TYPE_CHECKING:  # what the names are, for type checkers and editors: exactly _EXPORTS
    from ._i18n import set_language
    from .boards import format_board, parse_board, press
    from .chase import LightChase, chase_lights, chase_matrix, light_chase
    from .crosscheck import CrossCheckError, CrossCheckReport, cross_check
    from .elimination import Elimination, eliminate
    from .fewest import minimum_weight_solutions, optimal_press_counts
    from .graphs import Graph, cube_graph, cycle_graph, path_graph, petersen_graph, star_graph
    from .latex import elimination_to_latex, matrix_to_latex, step_to_latex
    from .linalg import (
        SolvedSystem,
        left_null_space,
        null_space,
        rank,
        rref,
        solve,
        solve_with_kernel,
    )
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
    from .packed import PackedMatrix
    from .plotting import (
        animate_elimination,
        draw_board,
        draw_boards,
        draw_graph,
        draw_matrix,
        draw_timings,
        use_course_style,
    )
    from .polynomials import grid_nullity
    from .puzzle import Puzzle
    from .random_boards import random_board
    from .rules import RULES, graph_toggle_matrix, rule_stencil, toggle_matrix
    from .solver import Solution, solve_board
    from .steps import AddRow, Scale, Swap
    from .widgets import EliminationPlayer, LightsOutGame, QuickQuestion, RowReductionPractice
    from .worst_case import (
        LowerBound,
        MostClicks,
        most_clicks,
        most_clicks_bounds,
        presses_lower_bound,
    )
