"""Lecture 3, Gauss-Jordan elimination: eight templates."""

from __future__ import annotations

import itertools

import numpy as np

import lightsout_edu as lo
from quiz import independent as ind
from quiz.bank import (
    board_html,
    choice_of,
    mistakes,
    one_right_choice,
    require,
    rows,
    template,
)
from quiz.translations import tr, tr_later


def _matrices(shape: tuple[int, int], count: int, salt: int, keep=lambda M: True):
    out = []
    for seed in range(count):
        M = np.random.default_rng(salt * 100_000 + seed).integers(0, 2, shape)
        if M.any(axis=1).all() and keep(M):
            out.append(M.tobytes())
    return sorted(set(out))


def _matrix(p, shape):
    return np.frombuffer(p, dtype=np.int64).reshape(shape)


def _augmented(M) -> str:
    return board_html(M, tr("[A | b], the last column is b:"))


# ---------------------------------------------------------------------------------------------


@template("L3.1", "A rank over GF(2)", "numerical", space=lambda: _matrices((4, 5), 400, 31))
def rank_question(p):
    M = _matrix(p, (4, 5))
    r = lo.rank(M.astype(np.uint8))
    return {
        "text": tr("<p>What is the rank of this matrix over GF(2)?</p>{0}", board_html(M)),
        "answer": r,
        "solution": tr(
            "<p>Gauss–Jordan elimination over GF(2) leaves {r} pivots: rank {r}.</p>", r=r
        ),
        "mistakes": mistakes(
            r,
            (
                int(np.linalg.matrix_rank(M)),
                tr(
                    "That is the rank over the real numbers; over GF(2), 1 + 1 = 0 and rows "
                    "can cancel."
                ),
            ),
        ),
        "hint": tr("Eliminate with XOR of rows and count the pivots."),
    }


@rank_question
def _(p, q):
    M = _matrix(p, (4, 5))
    combos = {tuple(np.array(c) @ M % 2) for c in itertools.product((0, 1), repeat=4)}
    require(len(combos) == 2**q.answer, q.name)  # the row space has 2^rank vectors


def _own_steps(M) -> list[tuple[str, int, int]]:
    """The row operations of lecture 3's Gauss-Jordan on [A | b] (all columns), 0-based."""
    R = np.array(M, dtype=np.int64) % 2
    steps, r = [], 0
    for c in range(R.shape[1]):
        if r == R.shape[0]:
            break
        below = [i for i in range(r, R.shape[0]) if R[i, c]]
        if not below:
            continue
        if below[0] != r:
            steps.append(("swap", r, below[0]))
            R[[r, below[0]]] = R[[below[0], r]]
        for i in range(R.shape[0]):
            if i != r and R[i, c]:
                steps.append(("add", r, i))
                R[i] ^= R[r]
        r += 1
    return steps


@template("L3.2", "Counting row operations", "numerical", space=lambda: _matrices((4, 5), 400, 32))
def step_count(p):
    M = _matrix(p, (4, 5))
    e = lo.eliminate(M[:, :4], M[:, 4])
    count = len(e.steps)
    swaps = sum(type(s).__name__ == "Swap" for s in e.steps)
    return {
        "text": tr(
            "<p>Run Gauss–Jordan elimination over GF(2) as in lecture 3 on this "
            "augmented matrix \\([A \\mid \\mathbf{{b}}]\\), every column included. How "
            "many row operations (swaps and additions) does it take?</p>{0}",
            _augmented(M),
        ),
        "answer": count,
        "solution": tr(
            "<p>{count} operations: {swaps} swaps and {0} additions.</p>",
            count - swaps,
            count=count,
            swaps=swaps,
        ),
        "mistakes": mistakes(
            count,
            (count - swaps, tr("Swaps count too.")),
        ),
        "hint": tr(
            "For each column: find a pivot at or below the current row, swap it up "
            "if needed, then add its row to every other row with a 1 in that column."
        ),
    }


@step_count
def _(p, q):
    require(len(_own_steps(_matrix(p, (4, 5)))) == q.answer, q.name)


@template(
    "L3.3",
    "How much work elimination is",
    "numerical",
    space=lambda: [(n, form) for n in range(2, 60) for form in ("board", "unknowns")],
)
def work(p):
    n, form = p
    N = n * n
    bound = N * N * (N + 1)
    what = (
        tr("the {n} &times; {n} board", n=n)
        if form == "board"
        else tr("a system with {N} unknowns", N=N)
    )
    return {
        "text": tr(
            "<p>Lecture 3 bounds the work of Gauss–Jordan elimination on \\([A \\mid "
            "\\mathbf{{b}}]\\) with \\(N\\) unknowns by \\(N \\cdot N \\cdot (N + 1)\\) bit "
            "operations. What is this bound for {what}?</p>",
            what=what,
        ),
        "answer": bound,
        "solution": tr(
            "<p>\\(N = {N}\\): \\({N} \\cdot {N} \\cdot {0} = {bound}\\).</p>",
            N + 1,
            N=N,
            bound=bound,
        ),
        "mistakes": mistakes(
            bound,
            (
                n * n * (n + 1),
                tr("N is the number of unknowns, one per cell: n^2 for the n x n board."),
            )
            if form == "board"
            else (N**3, tr("The augmented matrix has N + 1 columns.")),
        ),
        "hint": tr("Each of N pivots is added to at most N rows of N + 1 bits."),
    }


@work
def _(p, q):
    n, _ = p
    N = n * n
    require(sum(N * (N + 1) for _ in range(N)) == q.answer, q.name)


@template(
    "L3.4",
    "Pivot columns",
    "multichoice",
    space=lambda: _matrices((4, 6), 600, 34, keep=lambda M: 2 <= ind.rank(M) <= 3),
)
def pivots(p):
    M = _matrix(p, (4, 6))
    e = lo.eliminate(M)
    right = ", ".join(str(c + 1) for c in e.pivots)
    free = ", ".join(str(c + 1) for c in range(6) if c not in e.pivots)
    wrong = [
        (free, tr("These are the free columns, the ones without a pivot.")),
        (
            ", ".join(str(k + 1) for k in range(len(e.pivots))),
            tr("Those are the pivot rows; the question asks for the columns."),
        ),
        (
            ", ".join(str(c + 1) for c in range(6) if M[:, c].any()),
            tr("A column with 1s need not receive a pivot."),
        ),
        (
            ", ".join(str(c + 1) for c in range(6 - len(e.pivots), 6)),
            tr("Read the pivots off the reduced matrix, from the left."),
        ),
        (", ".join(str(c + 2) for c in e.pivots if c < 5), tr("Count columns from 1.")),
    ]
    options = [(t, f) for t, f in dict(wrong).items() if t and t != right][:3]
    return {
        "text": tr(
            "<p>Which columns of this matrix receive a pivot in Gauss–Jordan "
            "elimination over GF(2) (columns numbered from 1)?</p>{0}",
            board_html(M),
        ),
        **choice_of(right, options, tr("Right: the pivot columns.")),
        "solution": tr(
            "<p>Pivot columns {right}; free columns {free}.</p>", right=right, free=free
        ),
    }


@pivots
def _(p, q):
    _, own = ind.rref(_matrix(p, (4, 6)))
    one_right_choice(q, lambda k: q.choices[k][0] == ", ".join(str(c + 1) for c in own))


VERDICTS = (
    tr_later("no solution (a row reads 0 = 1)"),
    tr_later("exactly one solution"),
    tr_later("exactly 2 solutions"),
    tr_later("exactly 4 solutions"),
)


@template(
    "L3.5",
    "What the reduced matrix says",
    "multichoice",
    space=lambda: _matrices((4, 5), 800, 35, keep=lambda M: ind.rank(M[:, :4]) >= 2),
)
def verdict(p):
    M = _matrix(p, (4, 5))
    e = lo.eliminate(M[:, :4], M[:, 4])
    count = 0 if not e.consistent else 2 ** (4 - e.rank)
    right = {0: 0, 1: 1, 2: 2, 4: 3}[count]
    feedback = {
        0: tr("A row [0 0 0 0 | 1] says 0 = 1: no presses can satisfy it."),
        1: tr("Four pivots in A: one solution."),
        2: tr("One free column, two choices for its unknown."),
        3: tr("Two free columns, 2 x 2 choices."),
    }
    wrong = [
        (tr(VERDICTS[k]), tr("Not what the reduced matrix says: ") + feedback[right].lower())
        for k in range(4)
        if k != right
    ]
    return {
        "text": tr(
            "<p>Reduce this augmented matrix \\([A \\mid \\mathbf{{b}}]\\) over GF(2). "
            "How many solutions does \\(A\\mathbf{{x}} = \\mathbf{{b}}\\) have?</p>{0}",
            _augmented(M),
        ),
        "answer": 0,
        "choices": ((tr(VERDICTS[right]), tr("Right. ") + feedback[right]), *wrong),
        "solution": tr(
            "<p>The reduced matrix is</p>{0}<p>{1}.</p>", board_html(e.rref), tr(VERDICTS[right])
        ),
    }


@verdict
def _(p, q):
    M = _matrix(p, (4, 5))
    found = sum(
        1 for x in itertools.product((0, 1), repeat=4) if ((M[:, :4] @ x) % 2 == M[:, 4]).all()
    )
    one_right_choice(q, lambda k: q.choices[k][0] == VERDICTS[{0: 0, 1: 1, 2: 2, 4: 3}[found]])


@template(
    "L3.6",
    "Solve a 3 x 3 board",
    "shortanswer",
    space=lambda: [v for v in range(1, 512) if 3 <= bin(v).count("1") <= 6],
)
def solve_3x3(p):
    board = ind.as_board(p, 3, 3)
    x = lo.solve_board(board).presses
    return {
        "text": tr(
            "<p>Solve this 3 &times; 3 board by elimination: which cells must be "
            "pressed? Write the presses as three rows of 0s and 1s separated by "
            "slashes, e.g. <code>010/111/010</code>.</p>{0}",
            board_html(board),
        ),
        "answer": rows(x),
        "solution": tr(
            "<p>The last column of the reduced \\([A \\mid \\mathbf{{b}}]\\) is the "
            "solution: {0}.</p>",
            rows(x),
        ),
        "mistakes": mistakes(
            rows(x),
            (
                rows(board),
                tr("Pressing the lit cells does not switch the board off: solve A x = b."),
            ),
        ),
        "hint": tr("The 3 x 3 toggle matrix is invertible: the reduced matrix is [I | x]."),
    }


@solve_3x3
def _(p, q):
    found = [rows(x) for x in ind.solutions(ind.as_board(p, 3, 3))]
    require(found == [q.answer], q.name)


@template(
    "L3.7", "The first row operation", "shortanswer", space=lambda: _matrices((4, 5), 400, 37)
)
def first_step(p):
    M = _matrix(p, (4, 5))
    step = lo.eliminate(M[:, :4], M[:, 4]).steps[0]
    if type(step).__name__ == "Swap":
        answer = f"swap {step.i + 1} {step.j + 1}"
    else:
        answer = f"add {step.src + 1} {step.dst + 1}"
    return {
        "text": tr(
            "<p>What is the first row operation of Gauss–Jordan elimination (lecture "
            "3) on this augmented matrix? Write <code>swap i j</code> for a swap of "
            "rows i and j (i &lt; j), or <code>add i j</code> for adding row i to "
            "row j (rows numbered from 1).</p>{0}",
            _augmented(M),
        ),
        "answer": answer,
        "solution": tr("<p><code>{answer}</code></p>", answer=answer),
        "hint": tr("Column 1 first: is its pivot already in row 1?"),
    }


@first_step
def _(p, q):
    kind, a, b = _own_steps(_matrix(p, (4, 5)))[0]
    require(f"{kind} {a + 1} {b + 1}" == q.answer, q.name)


@template(
    "L3.8",
    "A proof: 0 = 1",
    "essay",
    points=3,
    space=lambda: [
        v
        for v in _matrices((4, 5), 3000, 38)
        if not any(
            ((_matrix(v, (4, 5))[:, :4] @ x) % 2 == _matrix(v, (4, 5))[:, 4]).all()
            for x in itertools.product((0, 1), repeat=4)
        )
    ],
)
def contradiction_proof(p):
    M = _matrix(p, (4, 5))
    e = lo.eliminate(M[:, :4], M[:, 4])
    return {
        "text": tr(
            "<p>Reduce this augmented matrix over GF(2) and prove, from the reduced "
            "matrix, that \\(A\\mathbf{{x}} = \\mathbf{{b}}\\) has no solution. Explain "
            "why the row operations do not change the set of solutions.</p>{0}",
            _augmented(M),
        ),
        "answer": None,
        "solution": tr("<p>Graded by hand: your grader's comments come with your mark.</p>"),
        "model_answer": tr(
            "<p><strong>Model answer.</strong> The reduced matrix "
            "is</p>{0}<p>Swapping two equations, or adding one to another, gives a "
            "system with the same solutions (adding an equation back undoes the "
            "addition over GF(2)). The reduced system contains a row \\([0\\ 0\\ 0\\ 0 "
            "\\mid 1]\\), the equation \\(0x_1 + 0x_2 + 0x_3 + 0x_4 = 1\\), which no "
            "\\(\\mathbf{{x}}\\) satisfies. So the reduced system, and with it "
            "\\(A\\mathbf{{x}} = \\mathbf{{b}}\\), has no solution.</p><p><strong>Rubric "
            "(3 points).</strong> 1 point: a correct reduction (the pivot in the "
            "\\(\\mathbf{{b}}\\) column found). 1 point: row operations preserve the "
            "solution set, with the reason (they can be undone). 1 point: the row 0 "
            "= 1 has no solution, hence neither has the system.</p>",
            board_html(e.rref),
        ),
    }


@contradiction_proof
def _(p, q):
    M = _matrix(p, (4, 5))
    require(ind.rank(M[:, :4]) < ind.rank(M), q.name)
    require(not ind.solutions_of(M[:, :4], M[:, 4]), q.name)
