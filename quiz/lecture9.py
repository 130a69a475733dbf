"""Lecture 9, how many presses a board can need: eight templates."""

from __future__ import annotations

import itertools
import math

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
    template,
)
from quiz.translations import tr


def _nullity(m: int, n: int) -> int:
    return m * n - lo.rank(lo.toggle_matrix(m, n))


def _worst(m: int, n: int) -> int:
    return len(lo.optimal_press_counts(m, n)) - 1


# ---------------------------------------------------------------------------------------------


@template(
    "L9.1",
    "The worst case of a small board",
    "numerical",
    space=lambda: [(m, n) for m in range(1, 21) for n in range(1, 21) if m * n <= 20],
)
def worst_case(p):
    m, n = p
    worst = _worst(m, n)
    d = _nullity(m, n)
    return {
        "text": tr(
            "<p>What is the largest number of presses that a solvable {m} &times; "
            "{n} board needs (with the fewest presses)?</p>",
            m=m,
            n=n,
        ),
        "answer": worst,
        "solution": tr("<p>Counting every solvable board: {worst}", worst=worst)
        + (
            tr(" (nullity 0: every cell, the board made by pressing all of them).")
            if d == 0
            else tr(" (nullity {d}: quiet patterns make the hardest boards easier).", d=d)
        )
        + "</p>",
        "mistakes": mistakes(
            worst,
            (
                m * n,
                tr(
                    "With quiet patterns no board needs every cell: a lighter solution is a "
                    "quiet pattern away."
                ),
            ),
        ),
        "hint": tr(
            "The worst case is the covering radius of the kernel; for a small board, "
            "count every board."
        ),
    }


@worst_case
def _(p, q):
    m, n = p
    require(int(ind.fewest_table(m, n).max()) == q.answer, q.name)


def _counting_bound(N: int, rank: int) -> int:
    total, k = 0, 0
    while True:
        total += math.comb(N, k)
        if total >= 2**rank:
            return k
        k += 1


@template(
    "L9.2",
    "A counting bound",
    "numerical",
    space=lambda: [(m, n) for m in range(2, 10) for n in range(2, 10)],
)
def counting_bound(p):
    m, n = p
    N, r = m * n, lo.rank(lo.toggle_matrix(m, n))
    k = _counting_bound(N, r)
    return {
        "text": tr(
            "<p>The {m} &times; {n} board has \\(2^{{{r}}}\\) solvable boards. With at "
            "most \\(k\\) presses one reaches at most \\(\\sum_{{i \\le k}} "
            "\\binom{{{N}}}{{i}}\\) boards. What is the smallest \\(k\\) for which this "
            "sum reaches \\(2^{{{r}}}\\)? (So some board needs at least \\(k\\) "
            "presses.)</p>",
            m=m,
            n=n,
            r=r,
            N=N,
        ),
        "answer": k,
        "solution": tr(
            "<p>\\(\\sum_{{i \\le {0}}} \\binom{{{N}}}{{i}} \\lt 2^{{{r}}} \\le \\sum_{{i "
            "\\le {k}}} \\binom{{{N}}}{{i}}\\): \\(k = {k}\\).</p>",
            k - 1,
            N=N,
            r=r,
            k=k,
        ),
        "mistakes": mistakes(
            k,
            (k - 1, tr("At k - 1 the sum is still below 2^rank.")),
            (k + 1, tr("The sum already reaches 2^rank at a smaller k.")),
        ),
        "hint": tr("Add binomial coefficients until the sum reaches 2^rank."),
    }


@counting_bound
def _(p, q):
    m, n = p
    N, r = m * n, ind.rank(ind.toggle_matrix(m, n))
    below = sum(math.comb(N, i) for i in range(q.answer))
    require(below < 2**r <= below + math.comb(N, q.answer), q.name)


@template(
    "L9.3",
    "The averaging bound",
    "numerical",
    space=lambda: [(m, n) for m in range(1, 13) for n in range(1, 13) if _nullity(m, n) > 0],
)
def averaging_bound(p):
    m, n = p
    basis = lo.null_space(lo.toggle_matrix(m, n)).astype(np.int64)
    n0 = int((~basis.any(axis=0)).sum())
    bound = (m * n + n0) // 2
    return {
        "text": tr(
            "<p>On the {m} &times; {n} board, {n0} of the {0} cells are pressed by "
            "no quiet pattern. What upper bound on the worst case does averaging "
            "over the solutions of a board give, \\(\\lfloor (N + n_0)/2 \\rfloor\\)?</p>",
            m * n,
            m=m,
            n=n,
            n0=n0,
        ),
        "answer": bound,
        "solution": tr(
            "<p>\\(\\lfloor ({0} + {n0})/2 \\rfloor = {bound}\\).</p>", m * n, n0=n0, bound=bound
        ),
        "mistakes": mistakes(
            bound,
            (m * n, tr("That is the bound without quiet patterns.")),
            (
                (m * n) // 2,
                tr(
                    "The cells of type 0 are pressed in every solution or in none: they "
                    "count fully."
                ),
            ),
        ),
        "hint": tr("A cell of a nonzero type is pressed in exactly half of the solutions."),
    }


@averaging_bound
def _(p, q):
    m, n = p
    basis = ind.kernel(ind.toggle_matrix(m, n))
    n0 = sum(1 for j in range(m * n) if not any(v[j] for v in basis))
    require((m * n + n0) // 2 == q.answer, q.name)
    require(f"{n0} of the" in q.text, q.name)


SMALL = ((4, 4), (3, 5), (5, 3), (2, 7), (2, 5), (2, 3), (3, 3), (2, 4))


def _hardest_space():
    out = []
    for m, n in SMALL:
        out += [(m, n, k) for k in range(8)]
    return out


def _symmetric(board: np.ndarray, k: int) -> np.ndarray:
    """One of the four mirror images of ``board`` (a mirror image needs as many presses)."""
    return board[:: 1 - 2 * (k & 1), :: 1 - 2 * ((k >> 1) & 1)]


@template("L9.4", "A hardest board", "multichoice", space=_hardest_space)
def hardest(p):
    m, n, k = p
    worst = _worst(m, n)
    hard = _symmetric(np.asarray(lo.most_clicks(m, n).board), k % 4)
    rng = np.random.default_rng(9400 + k * 10 + m * n)
    easy: list[tuple[str, str]] = []
    while len(easy) < 3:
        x = rng.integers(0, 2, (m, n)).astype(np.uint8)
        board = lo.press(np.zeros((m, n), dtype=np.uint8), x)
        need = int(lo.solve_board(board).fewest_presses().sum())
        if need < worst and all(board_html(board) != e for e, _ in easy):
            easy.append((board_html(board), tr("This board needs only {need} presses.", need=need)))
    return {
        "text": tr(
            "<p>No solvable {m} &times; {n} board needs more than {worst} presses. "
            "Which of these boards needs exactly {worst}?</p>",
            m=m,
            n=n,
            worst=worst,
        ),
        **choice_of(board_html(hard), easy, tr("Right: none of its solutions is lighter.")),
        "solution": tr(
            "<p>List each board's solutions (the coset of its kernel) and take the lightest.</p>"
        ),
    }


@hardest
def _(p, q):
    m, n, _ = p
    table = ind.fewest_table(m, n)
    worst = int(table.max())

    def is_hardest(k: int) -> bool:
        board = np.array([int(ch) for ch in q.choices[k][0] if ch in "01"])
        return int(table[ind.as_int(board)]) == worst

    one_right_choice(q, is_hardest)


def _code_space():
    out = {}
    for k in range(400):
        rng = np.random.default_rng(9500 + k)
        N = int(rng.integers(6, 9))
        basis = rng.integers(0, 2, (2, N))
        if lo.rank(basis.astype(np.uint8)) == 2:
            out[basis.tobytes()] = (N, basis.tobytes())
    return sorted(out.values())


def _code(p) -> np.ndarray:
    N, raw = p
    return np.frombuffer(raw, dtype=np.int64).reshape(2, N)


@template("L9.5", "A covering radius", "multichoice", space=_code_space)
def covering_radius(p):
    basis = _code(p)
    N = basis.shape[1]
    vectors = ((np.arange(2**N)[:, None] >> np.arange(N)) & 1).astype(np.uint8)
    rho = max(  # the weight of the lightest vector of x + K is dist(x, K)
        int(lo.minimum_weight_solutions(x, basis.astype(np.uint8)).sum()) for x in vectors
    )
    wrong = [
        (
            str(v),
            tr(
                "The covering radius is the largest distance of any vector to the nearest codeword."
            ),
        )
        for v in dict.fromkeys([rho - 1, rho + 1, N, rho - 2, rho + 2])
        if 0 <= v != rho
    ][:3]
    return {
        "text": tr(
            "<p>Let \\(K \\subseteq \\mathrm{{GF}}(2)^{N}\\) be spanned by {0} and {1}. "
            "What is its covering radius \\(\\rho(K) = \\max_{{\\mathbf{{x}}}} "
            "\\operatorname{{dist}}(\\mathbf{{x}}, K)\\)?</p>",
            bits(basis[0]),
            bits(basis[1]),
            N=N,
        ),
        **choice_of(str(rho), wrong, tr("Right.")),
        "solution": tr("<p>\\(\\rho(K) = {rho}\\).</p>", rho=rho),
    }


@covering_radius
def _(p, q):
    basis = _code(p)
    N = basis.shape[1]
    words = ind.span(list(basis))
    rho = max(
        min(int(np.sum(np.array(x) ^ w)) for w in words)
        for x in itertools.product((0, 1), repeat=N)
    )
    one_right_choice(q, lambda k: q.choices[k][0] == str(rho))


def _type_space():
    out = []
    for m, n in ((4, 4), (3, 5), (5, 5), (2, 7), (3, 8), (4, 9), (5, 7), (3, 11)):
        out += [(m, n, j) for j in range(0, m * n, 2)]
    return out


@template("L9.6", "A cell type", "shortanswer", space=_type_space)
def cell_type(p):
    m, n, j = p
    basis = lo.null_space(lo.toggle_matrix(m, n)).astype(np.int64)
    kind = bits(basis[:, j])
    shown = "".join(board_html(q.reshape(m, n), f"q{k + 1}") for k, q in enumerate(basis))
    return {
        "text": tr(
            "<p>These are a basis \\(\\mathbf{{q}}_1, \\dots, \\mathbf{{q}}_{0}\\) of the "
            "quiet patterns of the {m} &times; {n} board. What is the type of cell "
            "{1} (row {2}, column {3})? Write it as {0} bits, the bit of "
            "\\(\\mathbf{{q}}_1\\) first.</p>{shown}",
            len(basis),
            j + 1,
            j // n + 1,
            j % n + 1,
            m=m,
            n=n,
            shown=shown,
        ),
        "answer": kind,
        "solution": f"<p>{kind}</p>",
        "mistakes": mistakes(kind, (kind[::-1], tr("The bit of q1 comes first."))),
        "hint": tr("The type of cell j lists which basis patterns press it."),
        "data": basis,
    }


@cell_type
def _(p, q):
    m, n, j = p
    for vector in q.data:
        require(not ind.press(np.zeros((m, n), int), vector.reshape(m, n)).any(), q.name)
    require(len(q.data) == m * n - ind.rank(ind.toggle_matrix(m, n)), q.name)
    require("".join(str(int(v[j])) for v in q.data) == q.answer, q.name)


def _coset_space():
    out = []
    for N, raw in _code_space():
        basis = np.frombuffer(raw, dtype=np.int64).reshape(2, N)
        rng = np.random.default_rng(int(basis.sum()) * 31 + N)
        x = rng.integers(0, 2, N)
        words = [(c @ basis + x) % 2 for c in itertools.product((0, 1), repeat=2)]
        lightest = min(int(w.sum()) for w in words)
        if sum(int(w.sum()) == lightest for w in words) == 1:
            out.append((N, raw, x.tobytes()))
    return out


@template("L9.7", "The lightest vector of a coset", "shortanswer", space=_coset_space)
def lightest(p):
    N, raw, xraw = p
    basis = np.frombuffer(raw, dtype=np.int64).reshape(2, N)
    x = np.frombuffer(xraw, dtype=np.int64)
    best = lo.minimum_weight_solutions(x.astype(np.uint8), basis.astype(np.uint8))
    best = np.asarray(best).reshape(-1, N)[0]
    return {
        "text": tr(
            "<p>Let \\(K\\) be spanned by {0} and {1}. Which vector of the coset {2} + "
            "\\(K\\) has the fewest 1s? Write it as {N} bits.</p>",
            bits(basis[0]),
            bits(basis[1]),
            bits(x),
            N=N,
        ),
        "answer": bits(best),
        "solution": tr("<p>{0}, with {1} ones.</p>", bits(best), int(best.sum())),
        "mistakes": mistakes(bits(best), (bits(x), tr("Try adding each codeword to x."))),
        "hint": tr("The coset has four vectors: x, x + q1, x + q2 and x + q1 + q2."),
    }


@lightest
def _(p, q):
    N, raw, xraw = p
    basis = np.frombuffer(raw, dtype=np.int64).reshape(2, N)
    x = np.frombuffer(xraw, dtype=np.int64)
    coset = [(w + x) % 2 for w in ind.span(list(basis))]
    least = min(int(w.sum()) for w in coset)
    require([bits(w) for w in coset if int(w.sum()) == least] == [q.answer], q.name)


@template(
    "L9.8",
    "A proof: with no quiet patterns, the worst case is N",
    "essay",
    points=3,
    space=lambda: [(m, n) for m in range(1, 11) for n in range(1, 11) if _nullity(m, n) == 0],
)
def invertible_proof(p):
    m, n = p
    return {
        "text": tr(
            "<p>The toggle matrix of the {m} &times; {n} board has nullity 0. Prove "
            "that some solvable {m} &times; {n} board needs all {0} presses, and "
            "that none needs more: the worst case is the number of cells.</p>",
            m * n,
            m=m,
            n=n,
        ),
        "answer": None,
        "solution": tr("<p>Graded by hand: your grader's comments come with your mark.</p>"),
        "model_answer": tr(
            "<p><strong>Model answer.</strong> With nullity 0, \\(A\\) is invertible "
            "over GF(2): every board \\(\\mathbf{{b}}\\) has exactly one solution "
            "\\(A^{{-1}}\\mathbf{{b}}\\). Take \\(\\mathbf{{b}} = A\\mathbf{{1}}\\), the "
            "board made by pressing every cell. Its only solution is "
            "\\(\\mathbf{{1}}\\), so it needs all {0} presses. No board needs more, "
            "since a solution presses each of the {0} cells at most "
            "once.</p><p><strong>Rubric (3 points).</strong> 1 point: nullity 0 "
            "means exactly one solution per board. 1 point: the board "
            "\\(A\\mathbf{{1}}\\) and why its solution is \\(\\mathbf{{1}}\\). 1 point: no "
            "solution has more than N presses.</p>",
            m * n,
        ),
    }


@invertible_proof
def _(p, q):
    m, n = p
    require(ind.rank(ind.toggle_matrix(m, n)) == m * n, q.name)
    if m * n <= 16:
        board = ind.press(np.zeros((m, n), int), np.ones((m, n), int))
        require(ind.fewest_table(m, n)[ind.as_int(board)] == m * n, q.name)
