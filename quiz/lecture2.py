"""Lecture 2, arithmetic in GF(2): eight templates."""

from __future__ import annotations

import itertools

import numpy as np
import sympy

import lightsout_edu as lo
from quiz import independent as ind
from quiz.bank import (
    bits,
    board_html,
    choice_of,
    mistakes,
    one_right_choice,
    require,
    template,
)
from quiz.translations import tr


def _vector(n: int, value: int) -> np.ndarray:
    return np.array([(value >> (n - 1 - i)) & 1 for i in range(n)], dtype=np.int64)


def _tex_vector(v) -> str:
    return "(" + ", ".join(str(int(x)) for x in v) + ")"


def _equations(M, rhs) -> str:
    lines = []
    for row, value in zip(M, rhs, strict=True):
        terms = " + ".join(f"x_{j + 1}" for j in np.flatnonzero(row))
        lines.append(f"{terms} &= {int(value)}")
    return tr("\\[\\begin{{aligned}}") + " \\\\ ".join(lines) + tr("\\end{{aligned}}\\]")


# ---------------------------------------------------------------------------------------------


@template(
    "L2.1",
    "Orthogonal to itself and to v",
    "numerical",
    space=lambda: [
        (n, value)
        for n in (5, 6, 7)
        for value in range(1, 2**n - 1)
        if 2 <= bin(value).count("1") <= n - 1
    ],
)
def self_orthogonal(p):
    n, value = p
    v = _vector(n, value)
    basis = lo.null_space(np.array([np.ones(n, dtype=np.uint8), v.astype(np.uint8)]))
    count = 2 ** len(basis)
    return {
        "text": tr(
            "<p>How many vectors \\(\\mathbf{{w}} \\in \\mathrm{{GF}}(2)^{n}\\) (the zero "
            "vector included) are orthogonal to themselves, "
            "\\(\\mathbf{{w}}\\cdot\\mathbf{{w}} = 0\\), and to \\(\\mathbf{{v}} = {0}\\), "
            "both over GF(2)?</p>",
            _tex_vector(v),
            n=n,
        ),
        "answer": count,
        "solution": tr(
            "<p>\\(\\mathbf{{w}}\\cdot\\mathbf{{w}} = w_1 + \\dots + w_n = "
            "\\mathbf{{w}}\\cdot\\mathbf{{1}}\\) over GF(2), so \\(\\mathbf{{w}}\\) must be "
            "orthogonal to \\(\\mathbf{{1}}\\) and to \\(\\mathbf{{v}}\\): two independent "
            "conditions, \\(2^{{{n} - 2}} = {count}\\) vectors.</p>",
            n=n,
            count=count,
        ),
        "mistakes": (
            (
                2 ** (n - 1),
                tr(
                    "That counts the vectors orthogonal to themselves only; w . v = 0 is a "
                    "second, independent condition."
                ),
            ),
        ),
        "hint": tr("Over GF(2), w . w is the parity of the number of 1s of w."),
    }


@self_orthogonal
def _(p, q):
    n, value = p
    v = _vector(n, value)
    found = sum(
        1
        for w in itertools.product((0, 1), repeat=n)
        if sum(w) % 2 == 0 and int(np.dot(w, v)) % 2 == 0
    )
    require(found == q.answer, q.name)


def _system_space():
    out = []
    for seed in range(600):
        rng = np.random.default_rng(seed)
        M = rng.integers(0, 2, (3, 4))
        rhs = rng.integers(0, 2, 3)
        if M.any(axis=1).all() and rhs.any():
            out.append((M.tobytes(), rhs.tobytes()))
    return sorted(set(out))


def _system(p):
    return np.frombuffer(p[0], dtype=np.int64).reshape(3, 4), np.frombuffer(p[1], np.int64)


@template("L2.2", "Solutions of a system over GF(2)", "numerical", space=_system_space)
def solution_count(p):
    M, rhs = _system(p)
    r = lo.rank(M.astype(np.uint8))
    augmented = lo.rank(np.column_stack([M, rhs]).astype(np.uint8))
    count = 0 if augmented > r else 2 ** (4 - r)
    return {
        "text": tr(
            "<p>How many solutions \\((x_1, x_2, x_3, x_4) \\in \\mathrm{{GF}}(2)^4\\) "
            "does this system have?</p>{0}",
            _equations(M, rhs),
        ),
        "answer": count,
        "solution": tr("<p>The matrix has rank {r} over GF(2)", r=r)
        + (
            tr(
                " and the system is consistent: \\(2^{{4 - {r}}} = {count}\\) solutions.</p>",
                r=r,
                count=count,
            )
            if count
            else tr(", but the augmented matrix has rank one more: no solution.</p>")
        ),
        "mistakes": mistakes(
            count,
            (
                1,
                tr(
                    "Over GF(2) a system with free unknowns has more than one solution: each "
                    "free unknown can be 0 or 1."
                ),
            ),
        ),
        "hint": tr("Eliminate over GF(2), where 1 + 1 = 0; count the free unknowns."),
    }


@solution_count
def _(p, q):
    M, rhs = _system(p)
    found = sum(
        1 for x in itertools.product((0, 1), repeat=4) if ((M @ np.array(x)) % 2 == rhs).all()
    )
    require(found == q.answer, q.name)


def _determinant_space():
    out = []
    for value in range(2**9):
        M = np.array([(value >> i) & 1 for i in range(9)]).reshape(3, 3)
        if M.sum() >= 5 and M.any(axis=0).all():
            out.append(value)
    return out


@template("L2.3", "A determinant, and what it says mod 2", "numerical", space=_determinant_space)
def determinant(p):
    M = ind.as_board(p, 3, 3)
    det = int(sympy.Matrix(M.tolist()).det())
    return {
        "text": tr(
            "<p>What is the determinant of this matrix over the integers? (Then ask "
            "yourself: is it invertible over GF(2)?)</p>{0}",
            board_html(M),
        ),
        "answer": det,
        "solution": tr(
            "<p>\\(\\det M = {det}\\), which is {0}: \\(M\\) is {1} over GF(2), whose "
            "determinant is the integer one mod 2.</p>",
            tr("odd") if det % 2 else tr("even"),
            tr("invertible") if det % 2 else tr("singular"),
            det=det,
        ),
        "mistakes": mistakes(
            det,
            (det % 2, tr("That is the determinant mod 2; the question asks for the integer one.")),
            (-det, tr("Check the signs of the terms.")),
        ),
        "hint": tr("Expand along a row: a b c / d e f / g h i has determinant a(ei - fh) - ..."),
    }


@determinant
def _(p, q):
    M = ind.as_board(p, 3, 3)
    det = sum(
        (-1) ** sum(1 for i in range(3) for j in range(i) if perm[j] > perm[i])
        * M[0, perm[0]]
        * M[1, perm[1]]
        * M[2, perm[2]]
        for perm in itertools.permutations(range(3))
    )
    require(det == q.answer, q.name)


def _column_space():
    return [value for value in range(1, 512) if 3 <= bin(value).count("1") <= 5]


@template("L2.4", "Presses as a sum of columns", "multichoice", space=_column_space)
def column_sum(p):
    target = ind.as_board(p, 3, 3)
    x = lo.solve_board(target).presses
    right = sorted(int(i) + 1 for i in np.flatnonzero(x))
    rng = np.random.default_rng(p)
    wrong_sets = [sorted(int(i) + 1 for i in np.flatnonzero(target))]  # the lit cells
    while len({tuple(s) for s in wrong_sets} - {tuple(right)}) < 3:
        flip = rng.integers(0, 9)
        candidate = set(right) ^ {int(flip) + 1}
        wrong_sets.append(sorted(candidate))
    wrong = []
    for s in dict.fromkeys(tuple(s) for s in wrong_sets):
        if list(s) != right and len(wrong) < 3:
            why = (
                tr("These are the lit cells; pressing them does not give this board.")
                if list(s) == wrong_sets[0]
                else tr("Add these columns mod 2: the sum differs.")
            )
            wrong.append((", ".join(map(str, s)) or "none", why))
    return {
        "text": tr(
            "<p>Pressing a set of cells of the dark 3 &times; 3 board adds up the "
            "corresponding columns of \\(A\\) over GF(2). Which set of presses (cells "
            "numbered row by row from 1) turns the dark board into this one?</p>{0}",
            board_html(target),
        ),
        **choice_of(", ".join(map(str, right)), wrong, tr("Right: their columns add up to it.")),
        "solution": tr("<p>Cells {0}.</p>", ", ".join(map(str, right))),
    }


@column_sum
def _(p, q):
    target = ind.as_board(p, 3, 3)

    def makes(k: int) -> bool:
        text = q.choices[k][0]
        x = np.zeros(9, dtype=int)
        if text != "none":
            x[[int(c) - 1 for c in text.split(", ")]] = 1
        return np.array_equal(ind.press(np.zeros((3, 3), int), x.reshape(3, 3)), target)

    one_right_choice(q, makes)


@template(
    "L2.5",
    "A vector orthogonal to itself and to v",
    "multichoice",
    space=lambda: [
        (n, value) for n in (5, 6, 7) for value in range(1, 2**n - 1) if bin(value).count("1") >= 2
    ],
)
def which_orthogonal(p):
    n, value = p
    v = _vector(n, value)
    rng = np.random.default_rng(value * 10 + n)
    right = None
    wrong: list[tuple[str, str]] = []
    for w in rng.permutation(2**n)[: 2**n]:
        vec = _vector(n, int(w))
        if not vec.any():
            continue
        self_ok, v_ok = vec.sum() % 2 == 0, int(vec @ v) % 2 == 0
        if self_ok and v_ok and right is None:
            right = vec
        elif not self_ok and len(wrong) < 2 and not any(bits(vec) == o for o, _ in wrong):
            wrong.append((bits(vec), tr("An odd number of 1s: w . w = 1 over GF(2).")))
        elif self_ok and not v_ok and len(wrong) >= 2 and len(wrong) < 3:
            wrong.append((bits(vec), tr("Orthogonal to itself, but w . v = 1.")))
        if right is not None and len(wrong) == 3:
            break
    assert right is not None
    return {
        "text": tr(
            "<p>Which nonzero vector of \\(\\mathrm{{GF}}(2)^{n}\\) (written as a "
            "string of bits) is orthogonal to itself and to \\(\\mathbf{{v}} = "
            "{0}\\)?</p>",
            bits(v),
            n=n,
        ),
        **choice_of(
            bits(right), wrong, tr("Right: an even number of 1s, and an even number shared with v.")
        ),
        "solution": tr("<p>{0}.</p>", bits(right)),
    }


@which_orthogonal
def _(p, q):
    n, value = p
    v = _vector(n, value)

    def fits(k: int) -> bool:
        w = np.array([int(ch) for ch in q.choices[k][0]])
        return w.any() and int(w @ w) % 2 == 0 and int(w @ v) % 2 == 0

    one_right_choice(q, fits)


def _invertible_space():
    out = []
    for value in range(2**9):
        M = ind.as_board(value, 3, 3)
        if ind.rank(M) == 3 and M.sum() >= 5:
            out += [(value, rhs) for rhs in range(1, 8)]
    return out


@template("L2.6", "A 3 x 3 system by hand", "shortanswer", space=_invertible_space)
def solve_by_hand(p):
    value, rhs_value = p
    M = ind.as_board(value, 3, 3)
    rhs = _vector(3, rhs_value)
    x = lo.solve(M.astype(np.uint8), rhs)
    return {
        "text": tr(
            "<p>Solve over GF(2) and write the solution as the bits \\(x_1x_2x_3\\), "
            "e.g. <code>101</code>:</p>{0}",
            _equations(M, rhs),
        ),
        "answer": bits(x),
        "solution": tr("<p>\\(x = {0}\\).</p>", bits(x)),
        "mistakes": ((bits(rhs), tr("That is the right-hand side; eliminate first.")),)
        if bits(rhs) != bits(x)
        else (),
        "hint": tr(
            "Add equations to each other (over GF(2), 1 + 1 = 0) until each has one unknown."
        ),
    }


@solve_by_hand
def _(p, q):
    value, rhs_value = p
    M = ind.as_board(value, 3, 3)
    rhs = _vector(3, rhs_value)
    found = [bits(x) for x in itertools.product((0, 1), repeat=3) if ((M @ x) % 2 == rhs).all()]
    require(found == [q.answer], q.name)


def _odd_space():
    """4 x 4 0/1 matrices with determinant 3 or -3 (the largest odd ones), and a right side."""
    values = np.arange(2**16)
    matrices = ((values[:, None] >> np.arange(16)) & 1).reshape(-1, 4, 4)
    dets = np.round(np.linalg.det(matrices.astype(float))).astype(int)
    return [(int(v), rhs) for v in values[np.abs(dets) == 3] for rhs in (3, 5, 6, 9, 10, 12, 15)]


@template("L2.7", "Cramer's numerators mod 2", "shortanswer", space=_odd_space)
def numerators(p):
    value, rhs_value = p
    M = sympy.Matrix(ind.as_board(value, 4, 4).tolist())
    rhs = sympy.Matrix(_vector(4, rhs_value).tolist())
    det = int(M.det())
    top = [int(v) for v in M.adjugate() * rhs]
    if det < 0:  # written as (1/3) (..), not (1/-3) (..)
        det, top = -det, [-v for v in top]
    x = [v % 2 for v in top]
    return {
        "text": tr(
            "<p>Over the real numbers the system \\(M\\mathbf{{x}} = \\mathbf{{b}}\\) "
            "with \\(\\mathbf{{b}} = {0}\\) has the solution \\(\\mathbf{{x}} = "
            "\\frac{{1}}{{{det}}}{1}\\), where{2}<p>What is its solution over GF(2)? "
            "Write it as bits \\(x_1x_2x_3x_4\\), e.g. <code>0110</code>.</p>",
            _tex_vector(rhs),
            _tex_vector(top),
            board_html(np.array(M.tolist(), dtype=int), "M ="),
            det=det,
        ),
        "answer": "".join(map(str, x)),
        "solution": tr(
            "<p>The determinant {det} is odd, so the numerators mod 2 solve the "
            "system over GF(2): {0}.</p>",
            "".join(map(str, x)),
            det=det,
        ),
        "hint": tr("A M adj(M) = det(M) I holds over the integers, hence mod 2."),
    }


@numerators
def _(p, q):
    value, rhs_value = p
    M = ind.as_board(value, 4, 4)
    rhs = _vector(4, rhs_value)
    x = np.array([int(ch) for ch in str(q.answer)])
    require(((M @ x) % 2 == rhs).all(), q.name)


@template("L2.8", "A proof: odd determinants", "essay", space=_odd_space, points=3)
def odd_determinant_proof(p):
    value, rhs_value = p
    M = ind.as_board(value, 4, 4)
    det = int(sympy.Matrix(M.tolist()).det())
    rhs = _vector(4, rhs_value)
    return {
        "text": tr(
            "<p>The integer matrix \\(M\\) below has determinant {det}. Prove that "
            "\\(M\\mathbf{{x}} = {0}\\) has exactly one solution over GF(2), and that "
            "the numerators of Cramer's rule, taken mod 2, are that solution.</p>{1}",
            _tex_vector(rhs),
            board_html(M, "M ="),
            det=det,
        ),
        "answer": None,
        "solution": tr("<p>Graded by hand: your grader's comments come with your mark.</p>"),
        "model_answer": tr(
            "<p><strong>Model answer.</strong> The determinant over GF(2) is the "
            "integer determinant mod 2, here \\({det} \\equiv 1\\): \\(M\\) is invertible "
            "over GF(2) and the solution is unique. Over the integers "
            "\\(M\\operatorname{{adj}}(M) = \\det(M) I\\); reducing mod 2 keeps the "
            "equation, and \\(\\det M \\equiv 1\\), so "
            "\\(M(\\operatorname{{adj}}(M)\\mathbf{{b}}) \\equiv \\mathbf{{b}} \\pmod 2\\): "
            "the numerators \\(\\operatorname{{adj}}(M)\\mathbf{{b}}\\) mod 2 are the "
            "solution.</p><p><strong>Rubric (3 points).</strong> 1 point: odd "
            "determinant, so invertible over GF(2) and unique. 1 point: \\(M "
            "\\operatorname{{adj}} M = \\det(M) I\\) survives reduction mod 2. 1 point: "
            "the conclusion with \\(\\det M \\equiv 1\\).</p>",
            det=det,
        ),
    }


@odd_determinant_proof
def _(p, q):
    value, rhs_value = p
    M = ind.as_board(value, 4, 4)
    require(ind.rank(M) == 4, q.name)
    rhs = _vector(4, rhs_value)
    found = [x for x in itertools.product((0, 1), repeat=4) if ((M @ x) % 2 == rhs).all()]
    require(len(found) == 1, q.name)
