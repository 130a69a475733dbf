"""Checkers for the course exercises (notebooks/exercises/).

Every ``check_<exercise>(answer)`` reads a student's answer in any sensible form (NumPy
array, nested list, text board, number, fraction, string ...), computes the truth with this
package and returns a :class:`Feedback`: truthy iff the answer is right, with a message that
says why or gives a hint. A checker never raises: an answer of the wrong type or shape is a
wrong answer whose hint says what form is expected.

Examples
--------
>>> from lightsout_edu.exercises import check_nullity_9x9
>>> check_nullity_9x9(None)
Not yet: no answer given. Expected: a whole number, e.g. 3.
>>> bool(check_nullity_9x9("eight"))
False
"""

from __future__ import annotations

from ._feedback import Feedback
from .graphs_and_colours import (
    COLOUR_RANGE,
    PETERSEN_EDGES,
    THREE_COLOUR_BOARD,
    check_all_on_petersen,
    check_colours_with_unsolvable_3x3,
    check_neighbours_only_graph,
    check_three_colour_presses,
)
from .kernel import (
    SECOND_SOLUTION_BOARD,
    SECOND_SOLUTION_PRESSES,
    check_nullity_9x9,
    check_quiet_patterns_4x4,
    check_second_solution_5x5,
    check_singular_sizes,
    check_solution_count_4x4,
    check_torus_kernel_5x5,
)
from .solvability import (
    EXACT_PRESSES,
    UNSOLVABLE_BOARD,
    VERDICT_BOARDS,
    check_certificate,
    check_needs_exactly_k_presses,
    check_order_does_not_matter,
    check_probability_solvable_6x6,
    check_solvable_count_5x5,
    check_solvable_verdicts,
    check_solve_board_d,
    check_unique_solution,
)

__all__ = [
    "Feedback",
    "VERDICT_BOARDS",
    "UNSOLVABLE_BOARD",
    "SECOND_SOLUTION_BOARD",
    "SECOND_SOLUTION_PRESSES",
    "EXACT_PRESSES",
    "PETERSEN_EDGES",
    "THREE_COLOUR_BOARD",
    "COLOUR_RANGE",
    "check_quiet_patterns_4x4",
    "check_nullity_9x9",
    "check_singular_sizes",
    "check_torus_kernel_5x5",
    "check_second_solution_5x5",
    "check_solution_count_4x4",
    "check_solvable_verdicts",
    "check_certificate",
    "check_solve_board_d",
    "check_probability_solvable_6x6",
    "check_solvable_count_5x5",
    "check_needs_exactly_k_presses",
    "check_unique_solution",
    "check_order_does_not_matter",
    "check_neighbours_only_graph",
    "check_all_on_petersen",
    "check_three_colour_presses",
    "check_colours_with_unsolvable_3x3",
]
