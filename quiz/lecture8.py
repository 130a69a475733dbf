"""Lecture 8, checking our work: eight templates."""

from __future__ import annotations

import math

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
from quiz.translations import tr

BUGGY_SOURCE = """<pre class="code">def rank_without_row_swaps(A):
    M = A.copy()
    rank = 0
    for col in range(M.shape[1]):
        if rank == M.shape[0] or M[rank, col] == 0:
            continue  # the bug: a 1 further down is never looked for
        for r in range(M.shape[0]):
            if r != rank and M[r, col]:
                M[r] ^= M[rank]
        rank += 1
    return rank</pre>"""


def rank_without_row_swaps(A) -> int:
    """Lecture 8's buggy rank (as printed in the questions)."""
    M = np.array(A, dtype=np.int64) % 2
    rank = 0
    for col in range(M.shape[1]):
        if rank == M.shape[0] or M[rank, col] == 0:
            continue
        for r in range(M.shape[0]):
            if r != rank and M[r, col]:
                M[r] ^= M[rank]
        rank += 1
    return rank


def _own_buggy(A) -> int:
    """The same bug on rows stored as ints (bit c = column c), for the checks."""
    A = np.array(A, dtype=np.int64)
    rows_ = [sum(int(A[i, c]) << c for c in range(A.shape[1])) for i in range(A.shape[0])]
    rank = 0
    for col in range(A.shape[1]):
        if rank == len(rows_) or not (rows_[rank] >> col) & 1:
            continue
        rows_ = [
            r ^ rows_[rank] if i != rank and (r >> col) & 1 else r for i, r in enumerate(rows_)
        ]
        rank += 1
    return rank


def _matrices(count: int, salt: int, shape=(4, 4)):
    out = {}
    for k in range(count):
        M = np.random.default_rng(salt * 10_000 + k).integers(0, 2, shape)
        if M.any(axis=1).all():
            out[M.tobytes()] = M.tobytes()
    return sorted(out.values())


def _matrix(raw, shape=(4, 4)) -> np.ndarray:
    return np.frombuffer(raw, dtype=np.int64).reshape(shape)


# ---------------------------------------------------------------------------------------------


@template("L8.1", "What the buggy rank returns", "numerical", space=lambda: _matrices(300, 81))
def buggy_value(p):
    M = _matrix(p)
    buggy, right = rank_without_row_swaps(M), lo.rank(M.astype(np.uint8))
    return {
        "text": tr(
            "<p>Lecture 8 plants a bug in an elimination:</p>{BUGGY_SOURCE}<p>What "
            "does <code>rank_without_row_swaps</code> return on this matrix?</p>{0}",
            board_html(M),
            BUGGY_SOURCE=BUGGY_SOURCE,
        ),
        "answer": buggy,
        "solution": tr(
            "<p>It returns {buggy}; the rank over GF(2) is {right}", buggy=buggy, right=right
        )
        + (
            tr(" (the bug is caught).")
            if buggy != right
            else tr(" (this matrix does not catch it).")
        )
        + "</p>",
        "mistakes": mistakes(
            buggy, (right, tr("That is the true rank; follow the buggy code step by step."))
        ),
        "hint": tr("Column by column: when the entry at (rank, col) is 0, the column is skipped."),
    }


@buggy_value
def _(p, q):
    require(_own_buggy(_matrix(p)) == q.answer, q.name)


def _claim_space():
    out = []
    for m, n in ((4, 4), (5, 5), (3, 5)):
        for k in range(40):
            board = lo.random_board(m, n, seed=8200 + k, solvable=True)
            out.append((m, n, board.tobytes(), k % 3))
    return out


def _claim(p):
    m, n, raw, flips = p
    board = np.frombuffer(raw, dtype=np.uint8).reshape(m, n)
    x = lo.solve_board(board).presses.astype(np.int64)
    rng = np.random.default_rng(int(board.sum()) * 3 + flips)
    for cell in rng.choice(m * n, size=flips, replace=False):
        x.flat[int(cell)] ^= 1
    return board, x


@template("L8.2", "Multiply it out", "numerical", space=_claim_space)
def multiply_out(p):
    board, x = _claim(p)
    left = lo.press(board, x.astype(np.uint8))
    return {
        "text": tr(
            "<p>A solver claims that pressing \\(\\mathbf{{x}}\\) switches off the "
            "board \\(\\mathbf{{b}}\\). Check it without trusting the solver: how many "
            "lights are on after pressing \\(\\mathbf{{x}}\\) on "
            "\\(\\mathbf{{b}}\\)?</p>{0}{1}",
            board_html(board, "b"),
            board_html(x, "x"),
        ),
        "answer": int(left.sum()),
        "solution": tr("<p>\\(\\mathbf{{b}} + A\\mathbf{{x}}\\) =</p>{0}", board_html(left)),
        "hint": tr("Press each cell of x on b (or compute b + A x mod 2) and count the lights."),
    }


@multiply_out
def _(p, q):
    board, x = _claim(p)
    require(int(ind.press(board, x).sum()) == q.answer, q.name)


@template(
    "L8.3",
    "Reading a growth law",
    "numerical",
    space=lambda: [
        (n1, r, k, t)
        for n1 in (100, 400, 1000, 2500)
        for r in (2, 3, 4, 10)
        for k in (1, 2, 3)
        for t in (0.002, 0.05, 1.5)
    ],
)
def slope(p):
    n1, r, k, t1 = p
    n2, t2 = n1 * r, t1 * r**k
    k_found = round(math.log(t2 / t1) / math.log(n2 / n1))
    return {
        "text": tr(
            "<p>An engine takes {t1:g} s at \\(N = {n1}\\) and {t2:g} s at \\(N = "
            "{n2}\\). If its time grows like \\(t \\propto N^k\\), what is \\(k\\)?</p>",
            t1=t1,
            n1=n1,
            t2=t2,
            n2=n2,
        ),
        "answer": k_found,
        "solution": tr(
            "<p>\\(k = \\log(t_2/t_1) / \\log(N_2/N_1) = \\log {0} / \\log {r} = {k_found}\\).</p>",
            r**k,
            r=r,
            k_found=k_found,
        ),
        "mistakes": mistakes(
            k_found,
            (
                r**k,
                tr("That is the ratio of the times; k is the exponent of the ratio of the sizes."),
            ),
        ),
        "hint": tr("On a log-log plot, k is the slope: Δ log t / Δ log N."),
    }


@slope
def _(p, q):
    n1, r, k, t1 = p
    require(math.isclose(t1 * r**q.answer, t1 * r**k), q.name)


def _unsolvable_space():
    out = []
    for m, n in ((4, 4), (5, 5), (3, 5)):
        for k in range(40):
            out.append((m, n, lo.random_board(m, n, seed=8400 + k, solvable=False).tobytes()))
    return out


@template("L8.4", "A certificate", "multichoice", space=_unsolvable_space)
def certificate(p):
    m, n, raw = p
    board = np.frombuffer(raw, dtype=np.uint8).reshape(m, n).astype(np.int64)
    quiet = lo.solve_board(board).quiet_patterns.reshape(-1, m, n).astype(np.int64)
    y = lo.solve_board(board).certificate.astype(np.int64)
    even = next((q for q in quiet if int((q * board).sum()) % 2 == 0 and q.any()), None)
    wrong = []
    if even is not None:
        wrong.append(
            (
                board_html(even),
                tr(
                    "A quiet pattern, but it covers an even number of lit cells: it proves nothing."
                ),
            )
        )
    rng = np.random.default_rng(int(board.sum()) + m * n)
    while len(wrong) < 3:
        z = y.copy()
        z.flat[int(rng.integers(m * n))] ^= 1
        if int((z * board).sum()) % 2 == 1 and all(board_html(z) != w for w, _ in wrong):
            wrong.append(
                (
                    board_html(z),
                    tr(
                        "Odd under this y, but y is not a quiet pattern: presses can change the "
                        "parity."
                    ),
                )
            )
        elif board_html(board) not in (w for w, _ in wrong) and len(wrong) < 3:
            wrong.append((board_html(board), tr("The board itself is no certificate.")))
    return {
        "text": tr(
            "<p>This {m} &times; {n} board cannot be switched off. Which "
            "\\(\\mathbf{{y}}\\) proves it (\\(A^{{\\mathsf T}}\\mathbf{{y}} = "
            "\\mathbf{{0}}\\) and \\(\\mathbf{{y}}\\cdot\\mathbf{{b}} = 1\\))?</p>{0}",
            board_html(board),
            m=m,
            n=n,
        ),
        **choice_of(
            board_html(y),
            wrong[:3],
            tr("Right: a quiet pattern covering an odd number of lit cells."),
        ),
        "solution": tr(
            "<p>Every press changes \\(\\mathbf{{y}}\\cdot\\mathbf{{b}}\\) by 0; it is 1 "
            "now and would be 0 on the dark board.</p>"
        ),
    }


@certificate
def _(p, q):
    m, n, raw = p
    board = np.frombuffer(raw, dtype=np.uint8).reshape(m, n).astype(np.int64)

    def proves(k: int) -> bool:
        y = np.array([int(ch) for ch in q.choices[k][0] if ch in "01"]).reshape(m, n)
        return not ind.press(np.zeros((m, n), int), y).any() and int((y * board).sum()) % 2 == 1

    one_right_choice(q, proves)


@template("L8.5", "A test that catches the bug", "multichoice", space=lambda: list(range(120)))
def catching(p):
    rng = np.random.default_rng(8500 + p)
    caught, missed = None, []
    while caught is None or len(missed) < 3:
        M = rng.integers(0, 2, (3, 3))
        if not M.any(axis=1).all():
            continue
        wrong = rank_without_row_swaps(M) != lo.rank(M.astype(np.uint8))
        if wrong and caught is None:
            caught = M
        elif not wrong and len(missed) < 3 and all(board_html(M) != board_html(o) for o in missed):
            missed.append(M)
    return {
        "text": tr(
            "<p>Lecture 8's buggy rank:</p>{BUGGY_SOURCE}<p>On which of these "
            "matrices does it return the wrong rank?</p>",
            BUGGY_SOURCE=BUGGY_SOURCE,
        ),
        **choice_of(
            board_html(caught),
            [
                (
                    board_html(M),
                    tr("The buggy function gets this one right: every pivot is already in place."),
                )
                for M in missed
            ],
            tr("Right: a pivot must be found lower down."),
        ),
        "solution": tr(
            "<p>The buggy rank is {0}, the rank {1}.</p>",
            rank_without_row_swaps(caught),
            lo.rank(caught.astype(np.uint8)),
        ),
    }


@catching
def _(p, q):
    def catches(k: int) -> bool:
        M = np.array([int(ch) for ch in q.choices[k][0] if ch in "01"]).reshape(3, 3)
        return _own_buggy(M) != ind.rank(M)

    one_right_choice(q, catches)


@template(
    "L8.6",
    "The residual of a claimed solution",
    "shortanswer",
    space=lambda: [(v, f) for v in range(1, 512, 3) for f in (0, 1)],
)
def residual(p):
    value, flips = p
    board = ind.as_board(value, 3, 3)
    x = lo.solve_board(board).presses.astype(np.int64)
    if flips:
        x.flat[value % 9] ^= 1
    left = lo.press(board, x.astype(np.uint8))
    return {
        "text": tr(
            "<p>Check the claim that \\(\\mathbf{{x}}\\) switches off \\(\\mathbf{{b}}\\): "
            "write the board after pressing \\(\\mathbf{{x}}\\), that is \\(\\mathbf{{b}} "
            "+ A\\mathbf{{x}}\\) mod 2, as rows of 0s and 1s separated by "
            "slashes.</p>{0}{1}",
            board_html(board, "b"),
            board_html(x, "x"),
        ),
        "answer": rows(left),
        "solution": f"<p>{rows(left)}</p>",
        "mistakes": mistakes(
            rows(left),
            (rows((board + x) % 2), tr("Pressing toggles the neighbours too: add A x, not x.")),
        ),
        "hint": tr("Press every cell of x on b."),
        "data": x,
    }


@residual
def _(p, q):
    value, flips = p
    board = ind.as_board(value, 3, 3)
    require(rows(ind.press(board, q.data)) == q.answer, q.name)


@template("L8.7", "Which cases catch the bug", "shortanswer", space=lambda: list(range(200)))
def caught_cases(p):
    rng = np.random.default_rng(8700 + p)
    while True:
        matrices = [rng.integers(0, 2, (3, 4)) for _ in range(4)]
        caught = [rank_without_row_swaps(M) != lo.rank(M.astype(np.uint8)) for M in matrices]
        if 1 <= sum(caught) <= 3 and all(M.any(axis=1).all() for M in matrices):
            break
    letters = "".join("ABCD"[k] for k in range(4) if caught[k])
    shown = "".join(board_html(M, f"{'ABCD'[k]}:") for k, M in enumerate(matrices))
    return {
        "text": tr(
            "<p>Lecture 8's buggy rank:</p>{BUGGY_SOURCE}<p>On which of the matrices "
            "A, B, C, D does it return the wrong rank? Write their letters in order, "
            "e.g. <code>BD</code>.</p>{shown}",
            BUGGY_SOURCE=BUGGY_SOURCE,
            shown=shown,
        ),
        "answer": letters,
        "solution": f"<p>{letters}</p>",
        "hint": tr("Compare with the true rank (elimination with row swaps) for each."),
        "data": matrices,
    }


@caught_cases
def _(p, q):
    letters = "".join("ABCD"[k] for k, M in enumerate(q.data) if _own_buggy(M) != ind.rank(M))
    require(letters == q.answer, q.name)


@template(
    "L8.8",
    "A proof that a solution is one",
    "essay",
    points=3,
    space=lambda: [
        (m, n, lo.random_board(m, n, seed=8800 + k, solvable=True).tobytes(), 0)
        for m, n in ((4, 4), (3, 5), (5, 5))
        for k in range(25)
    ],
)
def verified_solution(p):
    board, x = _claim(p)
    m, n = board.shape
    return {
        "text": tr(
            "<p>A new solver says that \\(\\mathbf{{x}}\\) switches off this {m} "
            "&times; {n} board \\(\\mathbf{{b}}\\). Prove that it does, by a "
            "computation that does not trust any solver, and explain why this is a "
            "proof while three engines agreeing is only evidence.</p>{0}{1}",
            board_html(board, "b"),
            board_html(x, "x"),
            m=m,
            n=n,
        ),
        "answer": None,
        "solution": tr("<p>Graded by hand: your grader's comments come with your mark.</p>"),
        "model_answer": tr(
            "<p><strong>Model answer.</strong> Press every cell of \\(\\mathbf{{x}}\\) "
            "on \\(\\mathbf{{b}}\\) (equivalently, compute \\(\\mathbf{{b}} + "
            "A\\mathbf{{x}}\\) mod 2 with the toggle matrix built from the rule): "
            "every light ends off, so \\(A\\mathbf{{x}} = \\mathbf{{b}}\\). The "
            "computation uses only the rule of the game and arithmetic mod 2; "
            "whatever the solver did, the claim has been checked. Agreement of "
            "engines shows that independent programs make the same mistake only by "
            "chance; a check of the answer itself leaves no room for "
            "one.</p><p><strong>Rubric (3 points).</strong> 1 point: the check is "
            "carried out (every cell or \\(\\mathbf{{b}} + A\\mathbf{{x}}\\)). 1 point: "
            "it shows all lights off. 1 point: why verifying the answer is proof and "
            "agreement is evidence.</p>"
        ),
    }


@verified_solution
def _(p, q):
    board, x = _claim(p)
    require(not ind.press(board, x).any(), q.name)
