"""The lectures' quick questions: each a prompt, options, the right one, and why for each.

Every sentence goes through ``t`` with the English as its key (the Chinese is in
``strings/zh/questions.json``); a question is built when it is shown, in the language then in
use.  Each option's feedback says what is true of *that* option, never only "wrong".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .._i18n import t

__all__ = ["QUESTIONS", "Question"]


@dataclass(frozen=True)
class Question:
    """A prompt, an optional small matrix (rows of digits), options, the right one, feedback."""

    prompt: str
    matrix: tuple[str, ...]
    options: tuple[str, ...]
    answer: int
    feedback: tuple[str, ...]


def rref() -> Question:
    """Lecture 3, after the definition of the RREF."""
    return Question(
        t("Is this matrix in reduced row echelon form?"),
        ("1101", "0100", "0011"),
        (
            t("Yes: each row starts with a 1, right of the 1 that starts the row above."),
            t("No: it is in row echelon form, but column 2 has a 1 above its pivot."),
            t("No: it is not even in row echelon form."),
        ),
        1,
        (
            t(
                "That makes it a row echelon form. Reduced also asks that each pivot be the "
                "only 1 of its column: look at column 2."
            ),
            t("Adding row 2 to row 1 clears it, and gives the RREF."),
            t(
                "Each row's pivot is right of the one above and there is no zero row, so it is a "
                "row echelon form. Only the reduced condition fails."
            ),
        ),
    )


def free_columns() -> Question:
    """Lecture 3, after pivot columns and free columns."""
    return Question(
        t("This is the RREF of a matrix A with 4 columns. Which columns of A are free?"),
        ("1100", "0010", "0001"),
        (t("Column 2"), t("Columns 3 and 4"), t("Column 1"), t("None: there are no zero rows")),
        0,
        (
            t("Column 2 has no pivot: the pivots are in columns 1, 3 and 4."),
            t("Columns 3 and 4 hold the pivots of rows 2 and 3. A free column has no pivot."),
            t("Column 1 holds the pivot of row 1. A free column has no pivot."),
            t(
                "Free columns are about columns, not rows: 3 pivots in 4 columns leave one "
                "column without a pivot."
            ),
        ),
    )


def zero_equals_one() -> Question:
    """Lecture 3, after the unsolvable board."""
    return Question(
        t(
            "Elimination on [A | b] ends with a row that is 0 in every column of A and 1 in "
            "the b column. How many solutions has Ax = b?"
        ),
        (),
        (t("None"), t("Exactly one"), t("More than one: that row gives a free unknown")),
        0,
        (
            t("That row reads 0 = 1, which no x satisfies."),
            t("Whatever the other rows say, that row reads 0 = 1, which no x satisfies."),
            t(
                "Free unknowns come from columns of A without a pivot, not from rows. This row "
                "reads 0 = 1, which no x satisfies."
            ),
        ),
    )


def solution_count() -> Question:
    """Lecture 4, after rank-nullity and all solutions."""
    return Question(
        t(
            "A matrix A over GF(2) has 10 columns and rank 7, and Ax = b has a solution. How "
            "many solutions has it?"
        ),
        (),
        ("3", "7", "8", "10"),
        2,
        (
            t(
                "3 is the nullity, the dimension of the kernel. Count the kernel's vectors: "
                "each gives one solution x + q."
            ),
            t("7 is the rank. Solutions differ by a kernel vector: count the kernel."),
            t("The nullity is 10 - 7 = 3, so the kernel has 2^3 = 8 vectors, one per solution."),
            t(
                "10 is the number of unknowns. Solutions differ by a kernel vector: count the "
                "kernel."
            ),
        ),
    )


def pivot_criteria() -> Question:
    """Lecture 4, after the pivot criteria."""
    return Question(
        t("A 3 x 5 matrix A has a pivot in every row. What can you say about Ax = b?"),
        (),
        (
            t("Solvable for every b, in more than one way"),
            t("Solvable for every b, in exactly one way"),
            t("Some b have no solution"),
        ),
        0,
        (
            t(
                "A pivot in every row: every b is solvable. 3 pivots in 5 columns leave 2 free "
                "columns, so each b has 2^2 = 4 solutions."
            ),
            t(
                "Exactly one would need a pivot in every column, and 3 pivots cannot fill 5 "
                "columns."
            ),
            t("With a pivot in every row, no row of the RREF can read 0 = 1."),
        ),
    )


def certificate() -> Question:
    """Lecture 4, after the parity checks and certificates."""
    return Question(
        t(
            "A 5 x 5 board b has 4 lit cells under the dots of quiet pattern 1 (a vector y "
            "with A^T y = 0). Does y prove that b is unsolvable?"
        ),
        (),
        (
            t("Yes"),
            t("No: b passes this check; it is solvable if it passes the other one too"),
            t("No: y proves that b is solvable"),
        ),
        1,
        (
            t(
                "A proof needs y . b = 1, an odd count. 4 is even: y . b = 0, as for every "
                "solvable board."
            ),
            t("An even count passes the check. Solvable means passing both parity checks."),
            t("One check passed is not enough: b must pass the check of quiet pattern 2 too."),
        ),
    )


def presses_as_a_set() -> Question:
    """Lecture 1, after "a way of playing is a set of cells"."""
    return Question(
        t(
            "You press cells 1, 5, 1, 3, 5, 5, in this order. Which set of cells, each "
            "pressed once, has the same effect?"
        ),
        (),
        (t("Cells 3 and 5"), t("Cells 1, 3 and 5"), t("Cell 5 only")),
        0,
        (
            t("Cell 1 is pressed twice (no effect), cell 3 once, cell 5 three times (as once)."),
            t(
                "Cell 1 is pressed twice, and pressing a cell twice does nothing: leave it out. "
                "Only the parity of each count matters."
            ),
            t("Cell 3 is pressed once, an odd number of times: it stays in the set."),
        ),
    )


def independent() -> Question:
    """Lecture 2, after span and linear independence."""
    return Question(
        t("Are (1, 1, 0), (0, 1, 1) and (1, 1, 1) linearly independent over GF(2)?"),
        (),
        (
            t("Yes: no nonempty subset of them sums to 0"),
            t("No: the three of them add up to 0"),
            t("No: three vectors of GF(2)^3 are always dependent"),
        ),
        0,
        (
            t(
                "The seven nonempty subset sums are all nonzero, so the 8 subset sums are all "
                "different."
            ),
            t("Add them: (1, 1, 0) + (0, 1, 1) + (1, 1, 1) = (0, 1, 0), which is not 0."),
            t(
                "Three vectors of GF(2)^3 can be independent, as (1, 0, 0), (0, 1, 0), (0, 0, 1) "
                "are. Check the subset sums of these three."
            ),
        ),
    )


def self_orthogonal() -> Question:
    """Lecture 2, after a vector orthogonal to itself."""
    return Question(
        t("Over GF(2), is v = (1, 1, 0, 0) orthogonal to itself?"),
        (),
        (t("Yes"), t("No: only the zero vector is orthogonal to itself")),
        0,
        (
            t("v . v = 1 + 1 + 0 + 0 = 0 over GF(2): v has an even number of 1s."),
            t(
                "That holds over the real numbers. Over GF(2), v . v = 1 + 1 = 0, because v "
                "has an even number of 1s."
            ),
        ),
    )


def coset() -> Question:
    """Lecture 5, after the coset of solutions."""
    return Question(
        t(
            "x_p solves A x = b, and q1, q2 are quiet patterns (A q = 0). Which of these also "
            "solves A x = b?"
        ),
        (),
        (t("x_p + q1 + q2"), t("q1 + q2"), t("x_p + x_p")),
        0,
        (
            t("A (x_p + q1 + q2) = b + 0 + 0 = b: it is x_p + s q1 + t q2 with s = t = 1."),
            t("A (q1 + q2) = 0: this switches off the dark board, not b (unless b = 0)."),
            t("x_p + x_p = 0 over GF(2), and A 0 = 0, not b (unless b = 0)."),
        ),
    )


def chase_next_press() -> Question:
    """Lecture 6, after chasing the lights down."""
    return Question(
        t(
            "Chasing the lights down a 5 x 5 board, row 1 still has its lights on in columns 2 "
            "and 4. Which presses come next?"
        ),
        (),
        (
            t("Cells 2 and 4 of row 2"),
            t("Cells 2 and 4 of row 1"),
            t("Cells 1, 3 and 5 of row 2"),
        ),
        0,
        (
            t(
                "A press in row 2 toggles only the cell above it in row 1: each forced press sits "
                "under a light."
            ),
            t(
                "A press in row 1 toggles its neighbours in row 1 too. The chase presses only "
                "below a light, which clears that light and nothing else in row 1."
            ),
            t("Pressing under a dark cell of row 1 would light it: press under the lit ones."),
        ),
    )


def chase_unknowns() -> Question:
    """Lecture 6, after the chase matrix."""
    return Question(
        t("Light chasing solves an n x n board with how many unknowns?"),
        (),
        (t("n: the presses in row 1"), t("n^2, solved row by row"), t("n - 1: one per row chased")),
        0,
        (
            t(
                "Every press below row 1 is forced by the chase, so only row 1 is free: C f = r0 "
                "has n unknowns."
            ),
            t(
                "The presses below row 1 are not unknowns: the chase forces each of them. Only "
                "the n presses of row 1 are free."
            ),
            t("The chase forces the presses of rows 2 to n. The free ones are the n of row 1."),
        ),
    )


def all_on() -> Question:
    """Lecture 7, after the all-on theorem."""
    return Question(
        t(
            "On a graph where each press toggles the pressed vertex and its neighbours, can the "
            "all-on board always be switched off?"
        ),
        (),
        (
            t("Yes, on every such graph"),
            t("Only when the toggle matrix is invertible"),
            t("Only on grids"),
        ),
        0,
        (
            t(
                "y^T A y = y . 1 for every y, so 1 is orthogonal to ker A: by lecture 4 it is in "
                "the column space."
            ),
            t(
                "An invertible A solves every board, but the theorem needs less: 1 is orthogonal "
                "to ker A even when the kernel is not 0."
            ),
            t(
                "The proof uses only that A is symmetric with ones on its diagonal: it holds on "
                "every graph."
            ),
        ),
    )


def four_colours() -> Question:
    """Lecture 7, after four colours and the Smith normal form."""
    return Question(
        t("A game with 4 colours counts presses mod 4. Is Z/4 a field?"),
        (),
        (
            t("No: 2 has no inverse, since 2 x 2 = 0 mod 4"),
            t("Yes: it is GF(4)"),
            t("Yes: every nonzero number mod 4 has an inverse"),
        ),
        0,
        (
            t(
                "2 x 1 = 2, 2 x 2 = 0 and 2 x 3 = 2 mod 4: nothing gives 1, so elimination "
                "cannot scale a pivot 2."
            ),
            t(
                "GF(4) is a field with 4 elements, but built from polynomials over GF(2): in it "
                "1 + 1 = 0, while in Z/4, 1 + 1 = 2."
            ),
            t("1 and 3 have inverses mod 4, but 2 has none: 2 x 2 = 0."),
        ),
    )


def four_by_four_only() -> Question:
    """Lecture 8, after a bug the table of cases catches."""
    return Question(
        t("An elimination gets every 4 x 4 case of a test table right. What does that show?"),
        (),
        (
            t("Little: a bug can get those cases right and fail elsewhere"),
            t("That it is correct: the 4 x 4 boards are the hard ones"),
            t("That it is correct for every board of 16 cells"),
        ),
        0,
        (
            t(
                "The elimination without row swaps gets both 4 x 4 cases right and fails eight "
                "others: mix sizes, rules, shapes and graphs."
            ),
            t(
                "The buggy elimination without row swaps passes both 4 x 4 cases: a few cases "
                "show only that it works on them."
            ),
            t(
                "A 4 x 4 board is one matrix; other 16-cell boards (2 x 8, 1 x 16, a graph) "
                "have other matrices, and the bug can show on them."
            ),
        ),
    )


def quiet_pattern_on_top() -> Question:
    """Lecture 9, after the covering radius."""
    return Question(
        t(
            "x switches a board off and q is a quiet pattern. How many presses has x + q, "
            "compared with x?"
        ),
        (),
        (
            t("Fewer, the same or more: the board needs the lightest of all x + q"),
            t("Always more: q adds presses"),
            t("Always the same: q changes nothing"),
        ),
        0,
        (
            t(
                "|x + q| is the number of cells where x and q differ: the fewest presses is the "
                "distance from x to the nearest quiet pattern."
            ),
            t("Presses of q can cancel presses of x (1 + 1 = 0), so x + q can be lighter."),
            t(
                "q changes no light, but it changes the presses: |x + q| counts the cells where "
                "x and q differ."
            ),
        ),
    )


#: every quick question of the lectures, by name
QUESTIONS: dict[str, Callable[[], Question]] = {
    "presses_as_a_set": presses_as_a_set,
    "independent": independent,
    "self_orthogonal": self_orthogonal,
    "rref": rref,
    "free_columns": free_columns,
    "zero_equals_one": zero_equals_one,
    "solution_count": solution_count,
    "pivot_criteria": pivot_criteria,
    "certificate": certificate,
    "coset": coset,
    "chase_next_press": chase_next_press,
    "chase_unknowns": chase_unknowns,
    "all_on": all_on,
    "four_colours": four_colours,
    "four_by_four_only": four_by_four_only,
    "quiet_pattern_on_top": quiet_pattern_on_top,
}
