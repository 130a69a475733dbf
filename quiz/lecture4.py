"""Lecture 4, solvability and the kernel: eight templates."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

import lightsout_edu as lo
from quiz import independent as ind
from quiz.bank import (
    bits,
    board_html,
    choice_of,
    mistakes,
    one_right_choice,
    require,
    rows,
    template,
)
from quiz.translations import tr

#: Board sizes with quiet patterns and at most 16 cells (brute force checks every board).
SMALL = ((2, 3), (3, 2), (4, 4), (3, 5), (5, 3), (2, 5), (5, 2), (2, 7), (7, 2))


def _nullity(m: int, n: int) -> int:
    return m * n - lo.rank(lo.toggle_matrix(m, n))


def _boards(shape: tuple[int, int], count: int, salt: int, solvable: bool | None):
    m, n = shape
    return [
        (m, n, lo.random_board(m, n, seed=salt * 10_000 + k, solvable=solvable).tobytes())
        for k in range(count)
    ]


def _board(p) -> np.ndarray:
    m, n, raw = p
    return np.frombuffer(raw, dtype=np.uint8).reshape(m, n).astype(np.int64)


# ---------------------------------------------------------------------------------------------


@template(
    "L4.1",
    "A nullity",
    "numerical",
    space=lambda: [(m, n) for m in range(1, 11) for n in range(1, 11)],
)
def nullity(p):
    m, n = p
    d = _nullity(m, n)
    return {
        "text": tr(
            "<p>What is the nullity \\(\\dim\\ker A\\) of the toggle matrix of the {m} "
            "&times; {n} board?</p>",
            m=m,
            n=n,
        ),
        "answer": d,
        "solution": tr("<p>\\(A\\) has rank {0} of {1}: nullity {d}.</p>", m * n - d, m * n, d=d),
        "mistakes": mistakes(
            d,
            (m * n - d, tr("That is the rank; the nullity is the number of cells minus the rank.")),
            (2**d, tr("That is the number of elements of the kernel.")),
        ),
        "hint": tr("rank + nullity = number of cells."),
    }


@nullity
def _(p, q):
    m, n = p
    require(m * n - ind.rank(ind.toggle_matrix(m, n)) == q.answer, q.name)


@template(
    "L4.2",
    "The chance that a random board is solvable",
    "numerical",
    space=lambda: [(m, n) for m in range(1, 11) for n in range(1, 11)],
)
def probability(p):
    m, n = p
    d = _nullity(m, n)
    chance = Fraction(1, 2**d)
    return {
        "text": tr(
            "<p>Every light of the {m} &times; {n} board is on or off with "
            "probability 1/2, independently. What is the probability that the board "
            "can be switched off? Give it as a decimal number.</p>",
            m=m,
            n=n,
        ),
        "answer": float(chance) if d else 1,
        "solution": tr(
            "<p>\\(2^{{\\text{{rank}}}} / 2^{{N}} = 2^{{-{d}}} = {0:g}\\): the nullity "
            "of the {m} &times; {n} board is {d}.</p>",
            float(chance),
            d=d,
            m=m,
            n=n,
        ),
        "mistakes": mistakes(
            float(chance) if d else 1,
            (float(1 - chance), tr("That is the chance of an unsolvable board.")),
        ),
        "hint": tr("A random board is solvable with probability 2^(rank - N) = 2^(-nullity)."),
    }


@probability
def _(p, q):
    m, n = p
    d = m * n - ind.rank(ind.toggle_matrix(m, n))
    require(math.isclose(float(q.answer), 2.0**-d, rel_tol=0, abs_tol=0), q.name)


def _count_space():
    return [(m, n, k) for m, n in SMALL for k in range(2, m * n - 1)]


@template("L4.3", "Solvable boards with k lights", "numerical", space=_count_space)
def count_with_k(p):
    m, n, k = p
    y = lo.left_null_space(lo.toggle_matrix(m, n)).astype(np.int64)
    n_cells = m * n
    values = np.arange(2**n_cells)
    lit = ((values[:, None] >> np.arange(n_cells)) & 1).astype(np.int64)
    with_k = lit[lit.sum(axis=1) == k]
    count = int(((with_k @ y.T) % 2 == 0).all(axis=1).sum())
    return {
        "text": tr(
            "<p>How many of the \\(\\binom{{{n_cells}}}{{{k}}} = {0}\\) boards of size "
            "{m} &times; {n} with exactly {k} lights on can be switched off?</p>",
            math.comb(n_cells, k),
            n_cells=n_cells,
            k=k,
            m=m,
            n=n,
        ),
        "answer": count,
        "solution": tr(
            "<p>A board is solvable when it passes the parity check of every quiet "
            "pattern (here {0} of them in a basis); {count} of the boards with {k} "
            "lights do.</p>",
            len(y),
            count=count,
            k=k,
        ),
        "mistakes": mistakes(
            count,
            (
                math.comb(n_cells, k) // 2 ** len(y),
                tr(
                    "Not exactly a fraction 2^-d of them: count the boards that pass every "
                    "parity check."
                ),
            ),
        ),
        "hint": tr("Use the parity checks: q . b = 0 for every quiet pattern q."),
    }


@count_with_k
def _(p, q):
    m, n, k = p
    solvable = np.flatnonzero(ind.fewest_table(m, n) >= 0)
    found = sum(1 for board in solvable.tolist() if bin(board).count("1") == k)
    require(found == q.answer, q.name)


def _four_boards(p):
    m, n, seed = p
    rng = np.random.default_rng(4400 + seed)
    good = np.zeros((m, n), dtype=np.uint8)
    while good.sum() < 3:
        good = lo.random_board(m, n, seed=int(rng.integers(2**31)), solvable=True)
    bad: dict[bytes, np.ndarray] = {}
    while len(bad) < 3:
        board = lo.random_board(m, n, seed=int(rng.integers(2**31)), solvable=False)
        bad[board.tobytes()] = board
    return good, list(bad.values())


@template(
    "L4.4",
    "Which board can be switched off?",
    "multichoice",
    space=lambda: [(m, n, s) for m, n in ((4, 4), (3, 5), (5, 3)) for s in range(40)],
)
def which_solvable(p):
    good, bad = _four_boards(p)
    m, n = good.shape
    return {
        "text": tr(
            "<p>Exactly one of these {m} &times; {n} boards can be switched off. Which?</p>",
            m=m,
            n=n,
        ),
        **choice_of(
            board_html(good),
            [
                (
                    board_html(b),
                    tr(
                        "This board fails a parity check: a quiet pattern covers an odd number "
                        "of its lights."
                    ),
                )
                for b in bad
            ],
            tr("Right: it passes the parity check of every quiet pattern."),
        ),
        "solution": tr(
            "<p>The solvable one, pressed by</p>{0}", board_html(lo.solve_board(good).presses)
        ),
    }


@which_solvable
def _(p, q):
    m, n = p[0], p[1]
    table = ind.fewest_table(m, n)

    def solvable(k: int) -> bool:
        text = q.choices[k][0]
        digits = [int(ch) for ch in text if ch in "01"]
        return bool(table[ind.as_int(np.array(digits))] >= 0)

    one_right_choice(q, solvable)


def _quiet_space():
    return [
        (m, n, k)
        for m, n in ((4, 4), (5, 5), (3, 5), (5, 3), (2, 7), (3, 8), (4, 9))
        for k in range(12)
    ]


def _quiet(m, n, k):
    basis = lo.null_space(lo.toggle_matrix(m, n)).astype(np.int64)
    rng = np.random.default_rng(k)
    while True:
        c = rng.integers(0, 2, len(basis))
        if c.any():
            return (c @ basis % 2).reshape(m, n), rng


@template("L4.5", "A quiet pattern", "multichoice", space=_quiet_space)
def which_quiet(p):
    m, n, k = p
    q, rng = _quiet(m, n, k)
    flipped = q.copy()
    flipped.flat[int(rng.integers(m * n))] ^= 1
    column = lo.toggle_matrix(m, n)[:, int(rng.integers(m * n))].reshape(m, n)
    mirror_wrong = np.roll(q, 1, axis=1)
    wrong = [
        (
            board_html(flipped),
            tr("One cell differs from a quiet pattern: pressing this lights some cells."),
        ),
        (board_html(column), tr("This is one press (a column of A): it toggles lights.")),
    ]
    if not lo.press(np.zeros((m, n), np.uint8), mirror_wrong).sum() == 0:
        wrong.append((board_html(mirror_wrong), tr("Pressing this lights some cells.")))
    else:
        wrong.append(
            (board_html(np.ones((m, n), int) ^ flipped), tr("Pressing this lights cells."))
        )
    return {
        "text": tr(
            "<p>Which of these press patterns of the {m} &times; {n} board is a "
            "quiet pattern (pressing it changes no light)?</p>",
            m=m,
            n=n,
        ),
        **choice_of(
            board_html(q), wrong, tr("Right: every light is toggled an even number of times.")
        ),
        "solution": tr(
            "<p>The quiet pattern is the one with \\(A\\mathbf{{q}} = \\mathbf{{0}}\\).</p>"
        ),
    }


@which_quiet
def _(p, q):
    m, n, _ = p

    def quiet(k: int) -> bool:
        digits = np.array([int(ch) for ch in q.choices[k][0] if ch in "01"]).reshape(m, n)
        return digits.any() and not ind.press(np.zeros((m, n), int), digits).any()

    one_right_choice(q, quiet)


def _pair_space():
    pairs = {}
    for m, n in ((4, 4), (3, 5), (5, 3), (4, 9), (5, 7), (3, 11), (9, 9)):
        basis = lo.null_space(lo.toggle_matrix(m, n)).astype(np.int64)
        rng = np.random.default_rng(m * 100 + n)
        for _ in range(30):
            q1, q2 = (rng.integers(0, 2, len(basis)) @ basis % 2 for _ in range(2))
            if q1.any() and q2.any() and (q1 != q2).any():
                pairs[q1.tobytes() + q2.tobytes()] = (m, n, q1.tobytes(), q2.tobytes())
    return sorted(pairs.values())


@template("L4.6", "The sum of two quiet patterns", "shortanswer", space=_pair_space)
def quiet_sum(p):
    m, n = p[0], p[1]
    q1, q2 = (np.frombuffer(raw, dtype=np.int64).reshape(m, n) for raw in p[2:])
    total = (q1 + q2) % 2
    return {
        "text": tr(
            "<p>These are two quiet patterns of the {m} &times; {n} board. Write "
            "their sum over GF(2) as rows of 0s and 1s separated by slashes (it is a "
            "quiet pattern too).</p>{0}{1}",
            board_html(q1, tr("first")),
            board_html(q2, tr("second")),
            m=m,
            n=n,
        ),
        "answer": rows(total),
        "solution": f"<p>{rows(total)}</p>",
        "mistakes": mistakes(
            rows(total),
            (
                rows(np.minimum(q1 + q2, 1)),
                tr("Over GF(2), 1 + 1 = 0: cells pressed by both cancel."),
            ),
        ),
        "hint": tr("Add cell by cell, mod 2."),
        "data": (q1, q2),
    }


@quiet_sum
def _(p, q):
    m, n = p[0], p[1]
    digits = np.array([int(ch) for ch in str(q.answer) if ch in "01"]).reshape(m, n)
    require(not ind.press(np.zeros((m, n), int), digits).any(), q.name)  # quiet
    first, second = q.data
    require(np.array_equal((first ^ second), digits), q.name)


@template(
    "L4.7",
    "The parity checks of a 5 x 5 board",
    "shortanswer",
    space=lambda: [(5, 5, lo.random_board(5, 5, seed=4700 + k).tobytes()) for k in range(300)],
)
def parity_checks(p):
    board = _board(p)
    q1, q2 = lo.null_space(lo.toggle_matrix(5, 5)).astype(np.int64)
    checks = bits([int(q1 @ board.ravel()) % 2, int(q2 @ board.ravel()) % 2])
    return {
        "text": tr(
            "<p>The two quiet patterns \\(\\mathbf{{q}}_1, \\mathbf{{q}}_2\\) of the 5 "
            "&times; 5 board are shown, then a board \\(\\mathbf{{b}}\\). Write the two "
            "parity checks \\(\\mathbf{{q}}_1\\cdot\\mathbf{{b}}\\) and "
            "\\(\\mathbf{{q}}_2\\cdot\\mathbf{{b}}\\) over GF(2) as two bits, e.g. "
            "<code>10</code>. (The board is solvable exactly when both are "
            "0.)</p>{0}{1}{2}",
            board_html(q1.reshape(5, 5), "q1"),
            board_html(q2.reshape(5, 5), "q2"),
            board_html(board, "b"),
        ),
        "answer": checks,
        "solution": tr(
            "<p>\\(\\mathbf{{q}}_1\\) covers {0} lit cells, \\(\\mathbf{{q}}_2\\) covers "
            "{1}: {checks}.</p>",
            int(q1 @ board.ravel()),
            int(q2 @ board.ravel()),
            checks=checks,
        ),
        "hint": tr("Count the lit cells under the 1s of each quiet pattern; take the parity."),
        "data": (q1, q2),
    }


@parity_checks
def _(p, q):
    board = _board(p)
    kernel = ind.kernel(ind.toggle_matrix(5, 5))
    require(len(kernel) == 2, q.name)
    shown = q.data
    for vector in shown:
        require(not ind.press(np.zeros((5, 5), int), vector.reshape(5, 5)).any(), q.name)
    solvable = ind.rank(np.column_stack([ind.toggle_matrix(5, 5), board.ravel()])) == 23
    require((q.answer == "00") == solvable, q.name)
    require(q.answer == bits([int(v @ board.ravel()) % 2 for v in shown]), q.name)


@template(
    "L4.8",
    "A proof of impossibility",
    "essay",
    points=3,
    space=lambda: [
        p
        for m, n in ((4, 4), (3, 5), (5, 5), (2, 7), (3, 8))
        for p in _boards((m, n), 12, 48 + m * n, solvable=False)
    ],
)
def certificate_proof(p):
    board = _board(p)
    m, n = board.shape
    y = lo.solve_board(board).certificate.astype(np.int64)
    covered = int((y * board).sum())
    return {
        "text": tr(
            "<p>Prove that this {m} &times; {n} board cannot be switched off, using "
            "the quiet pattern \\(\\mathbf{{y}}\\) shown after it (\\(A^{{\\mathsf "
            "T}}\\mathbf{{y}} = \\mathbf{{0}}\\)). Do not solve anything.</p>{0}{1}",
            board_html(board, "b"),
            board_html(y, "y"),
            m=m,
            n=n,
        ),
        "answer": None,
        "solution": tr("<p>Graded by hand: your grader's comments come with your mark.</p>"),
        "model_answer": tr(
            "<p><strong>Model answer.</strong> \\(\\mathbf{{y}}\\) covers {covered} lit "
            "cells of \\(\\mathbf{{b}}\\), an odd number: "
            "\\(\\mathbf{{y}}\\cdot\\mathbf{{b}} = 1\\). A press of cell \\(j\\) adds "
            "column \\(\\mathbf{{a}}_j\\) of \\(A\\) to the board and changes "
            "\\(\\mathbf{{y}}\\cdot\\mathbf{{b}}\\) by \\(\\mathbf{{y}}\\cdot\\mathbf{{a}}_j "
            "= (A^{{\\mathsf T}}\\mathbf{{y}})_j = 0\\). So "
            "\\(\\mathbf{{y}}\\cdot\\mathbf{{b}}\\) stays 1 whatever is pressed, while "
            "the dark board has \\(\\mathbf{{y}}\\cdot\\mathbf{{0}} = 0\\). "
            "(Equivalently: \\(A\\mathbf{{x}} = \\mathbf{{b}}\\) would give "
            "\\(\\mathbf{{y}}\\cdot\\mathbf{{b}} = (A^{{\\mathsf "
            "T}}\\mathbf{{y}})\\cdot\\mathbf{{x}} = 0\\).)</p><p><strong>Rubric (3 "
            "points).</strong> 1 point: \\(\\mathbf{{y}}\\cdot\\mathbf{{b}} = 1\\) "
            "counted ({covered} cells). 1 point: a press does not change "
            "\\(\\mathbf{{y}}\\cdot\\mathbf{{b}}\\) because \\(A^{{\\mathsf T}}\\mathbf{{y}} "
            "= \\mathbf{{0}}\\). 1 point: the conclusion (0 on the dark board).</p>",
            covered=covered,
        ),
        "data": y,
    }


@certificate_proof
def _(p, q):
    board = _board(p)
    m, n = board.shape
    y = q.data
    require(not ind.press(np.zeros((m, n), int), y).any(), q.name)  # A y = 0, A symmetric
    require(int((y * board).sum()) % 2 == 1, q.name)
