"""Checkers for the course exercises (notebooks/exercises/, one notebook per lecture).

Every ``check_<exercise>(answer)`` reads a student's answer in any sensible form (NumPy
array, nested list, text board, number, fraction, string, a function the student wrote ...),
computes the truth with this package and returns a :class:`Feedback`: truthy iff the answer
is right, with a message that says why or gives a hint.  A checker never raises: an answer of
the wrong type or shape is a wrong answer whose hint says what form is expected, and a
student's function that raises, loops for ever or returns nonsense is reported, case by case.

The checkers are grouped by lecture (``lecture1`` .. ``lecture9``); every one is importable
from here.  Names once spelt the British way still work, with a DeprecationWarning.

Examples
--------
>>> from lightsout_edu.exercises import check_nullity_9x14
>>> check_nullity_9x14(None)
Not yet: no answer given. Expected: a whole number, e.g. 3.
>>> bool(check_nullity_9x14("five"))
False
"""

from __future__ import annotations

import warnings

from .feedback import Feedback
from .lecture1 import (
    check_ones_in_toggle_matrix,
    check_order_does_not_matter,
    check_order_proof,
    check_press_function,
    check_toggle_matrix_2x3,
)
from .lecture2 import (
    SYSTEM_MOD2,
    check_determinant_3x4,
    check_gf2_tables,
    check_self_orthogonal_count,
    check_system_mod2,
)
from .lecture3 import (
    HAND_MATRIX,
    check_free_columns_4x4,
    check_gauss_jordan,
    check_pivots_by_hand,
    check_rref_by_hand,
)
from .lecture4 import (
    BROKEN_SHAPE,
    COUNT_SHAPE,
    NULLITY_SHAPE,
    PROBABILITY_SHAPE,
    UNSOLVABLE_BOARD,
    VERDICT_BOARDS,
    WIDTH_RANGE,
    WORKING_ROWS,
    check_broken_buttons,
    check_certificate,
    check_dual_dimension_proof,
    check_nullity_9x14,
    check_probability_solvable_5x11,
    check_quiet_patterns_4x4,
    check_singular_3xn,
    check_solvable_count_3x8,
    check_solvable_verdicts,
)
from .lecture5 import (
    EXACT_PRESSES,
    SECOND_SOLUTION_BOARD,
    SECOND_SOLUTION_PRESSES,
    check_fewest_presses,
    check_needs_exactly_k_presses,
    check_second_solution_5x5,
    check_solution_count_4x4,
)
from .lecture6 import (
    CHASE_BOARD,
    CHASE_FIRST_ROW,
    check_chase_by_hand,
    check_chase_converse,
    check_light_chase,
    check_unique_solution,
)
from .lecture7 import (
    COLOR_RANGE,
    PETERSEN_EDGES,
    THREE_COLOR_BOARD,
    check_all_on_petersen,
    check_colors_with_unsolvable_3x3,
    check_neighbors_only_graph,
    check_odd_degree_proof,
    check_one_even_degree_graph,
    check_three_color_presses,
    check_torus_kernel_5x5,
)
from .lecture8 import (
    buggy_rref,
    check_counterexample,
    check_is_solution,
    check_my_test,
)
from .lecture9 import (
    BOUND_BOARD,
    WORST_5X5,
    check_counting_bound,
    check_fifteen_proof,
    check_hardest_3x5,
    check_most_presses_6x7,
    check_worst_4x4_proof,
)

#: The British spellings of earlier versions: still importable (old notebooks run) but
#: deprecated, with a warning naming the American spelling (see :func:`__getattr__`).
_BRITISH = {
    "check_neighbours_only_graph": "check_neighbors_only_graph",
    "check_three_colour_presses": "check_three_color_presses",
    "check_colours_with_unsolvable_3x3": "check_colors_with_unsolvable_3x3",
    "THREE_COLOUR_BOARD": "THREE_COLOR_BOARD",
    "COLOUR_RANGE": "COLOR_RANGE",
}


def __getattr__(name: str) -> object:
    american = _BRITISH.get(name)
    if american is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(
        f"{name} is deprecated: use {american} (the course spells identifiers the American way)",
        DeprecationWarning,
        stacklevel=2,
    )
    return globals()[american]


__all__ = [
    "BOUND_BOARD",
    "BROKEN_SHAPE",
    "CHASE_BOARD",
    "CHASE_FIRST_ROW",
    "COUNT_SHAPE",
    "COLOR_RANGE",
    "EXACT_PRESSES",
    "HAND_MATRIX",
    "NULLITY_SHAPE",
    "PETERSEN_EDGES",
    "PROBABILITY_SHAPE",
    "SECOND_SOLUTION_BOARD",
    "SECOND_SOLUTION_PRESSES",
    "SYSTEM_MOD2",
    "THREE_COLOR_BOARD",
    "UNSOLVABLE_BOARD",
    "VERDICT_BOARDS",
    "WIDTH_RANGE",
    "WORKING_ROWS",
    "WORST_5X5",
    "Feedback",
    "buggy_rref",
    "check_all_on_petersen",
    "check_broken_buttons",
    "check_odd_degree_proof",
    "check_certificate",
    "check_chase_by_hand",
    "check_chase_converse",
    "check_colors_with_unsolvable_3x3",
    "check_counterexample",
    "check_counting_bound",
    "check_determinant_3x4",
    "check_dual_dimension_proof",
    "check_fewest_presses",
    "check_fifteen_proof",
    "check_free_columns_4x4",
    "check_gauss_jordan",
    "check_gf2_tables",
    "check_hardest_3x5",
    "check_is_solution",
    "check_light_chase",
    "check_most_presses_6x7",
    "check_my_test",
    "check_needs_exactly_k_presses",
    "check_neighbors_only_graph",
    "check_nullity_9x14",
    "check_one_even_degree_graph",
    "check_ones_in_toggle_matrix",
    "check_order_does_not_matter",
    "check_order_proof",
    "check_pivots_by_hand",
    "check_press_function",
    "check_probability_solvable_5x11",
    "check_quiet_patterns_4x4",
    "check_rref_by_hand",
    "check_second_solution_5x5",
    "check_self_orthogonal_count",
    "check_singular_3xn",
    "check_solution_count_4x4",
    "check_solvable_count_3x8",
    "check_solvable_verdicts",
    "check_system_mod2",
    "check_three_color_presses",
    "check_toggle_matrix_2x3",
    "check_torus_kernel_5x5",
    "check_unique_solution",
    "check_worst_4x4_proof",
]
