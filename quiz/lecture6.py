"""Lecture 6, light chasing: eight templates."""

from __future__ import annotations

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
from quiz.translations import tr, tr_later


def _boards(sizes, count: int, salt: int):
    out = {}
    for n in sizes:
        for k in range(count):
            board = lo.random_board(n, n, seed=salt * 1000 + k)
            out[board.tobytes()] = (n, board.tobytes())
    return sorted(out.values())


def _board(p) -> np.ndarray:
    n, raw = p[0], p[1]
    return np.frombuffer(raw, dtype=np.uint8).reshape(n, n).astype(np.int64)


def _leftover(board) -> np.ndarray:
    return np.asarray(lo.chase_lights(board, np.zeros(board.shape[1], dtype=np.uint8))[1])


CHASE_RULE = tr_later(
    "Chase the lights down: press nothing in row 1, then, for each row from the top, press "
    "in the next row under every light that is still on."
)

# ---------------------------------------------------------------------------------------------


@template("L6.1", "Lights left by the chase", "numerical", space=lambda: _boards((4, 5, 6), 30, 61))
def leftover_count(p):
    board = _board(p)
    left = _leftover(board)
    return {
        "text": tr(
            "<p>{CHASE_RULE} How many lights of the last row stay on?</p>{0}",
            board_html(board),
            CHASE_RULE=tr(CHASE_RULE),
        ),
        "answer": int(left.sum()),
        "solution": tr("<p>The last row ends as {0}.</p>", bits(left)),
        "hint": tr("Work row by row; only the last row can stay lit."),
    }


@leftover_count
def _(p, q):
    board = _board(p)
    require(int(ind.chase(board, np.zeros(board.shape[1], int))[1].sum()) == q.answer, q.name)


@template(
    "L6.2",
    "The nullity of the chase matrix",
    "numerical",
    space=lambda: [(n, form) for n in range(2, 40) for form in ("C", "A")],
)
def chase_nullity(p):
    n, form = p
    d = lo.grid_nullity(n)
    asked = (
        tr("the chase matrix \\(C\\) of the {n} &times; {n} board", n=n)
        if form == "C"
        else tr(
            "the {0} &times; {0} toggle matrix of the {n} &times; {n} board (hint: "
            "use its chase matrix)",
            n * n,
            n=n,
        )
    )
    return {
        "text": tr("<p>What is the nullity of {asked}?</p>", asked=asked),
        "answer": d,
        "solution": tr(
            "<p>Taking the first row is a bijection from \\(\\ker A\\) onto \\(\\ker C\\), "
            "so both have dimension {d}.</p>",
            d=d,
        ),
        "mistakes": mistakes(
            d,
            (n - d, tr("That is the rank of C; the nullity is n minus it.")),
            (2**d, tr("That is the number of quiet patterns, with 0.")),
        ),
        "hint": tr("C is n x n: column j is the last row left by pressing cell j of row 1."),
    }


@chase_nullity
def _(p, q):
    n, _ = p
    require(n - ind.int_rank(ind.chase_columns(n)) == q.answer, q.name)


@template(
    "L6.3",
    "The nullity as a gcd",
    "numerical",
    space=lambda: [(n, form) for n in range(3, 60) for form in ("gcd", "degree")],
)
def gcd_degree(p):
    n, form = p
    d = lo.grid_nullity(n)
    if form == "gcd":
        asked = tr(
            "\\(\\deg \\gcd\\bigl(p_{{{n}}}(x),\\, p_{{{n}}}(x + 1)\\bigr)\\) over GF(2), "
            "where \\(p_0 = 1\\), \\(p_1 = x\\), \\(p_{{k+1}} = x p_k + p_{{k-1}}\\)",
            n=n,
        )
    else:
        asked = tr(
            "the nullity of the {n} &times; {n} toggle matrix, by the theorem of "
            "Hunziker, Machiavelo and Park (a gcd of two polynomials over GF(2))",
            n=n,
        )
    return {
        "text": tr("<p>What is {asked}?</p>", asked=asked),
        "answer": d,
        "solution": tr(
            "<p>\\(\\deg\\gcd(p_{{{n}}}(x), p_{{{n}}}(x+1)) = {d}\\), the nullity of the "
            "{n} &times; {n} board.</p>",
            n=n,
            d=d,
        ),
        "hint": tr("Compute p_n by the recursion, substitute x + 1, and run Euclid over GF(2)."),
    }


@gcd_degree
def _(p, q):
    n, _ = p
    pn = ind.chebyshev(n)
    require(ind.poly_gcd(pn, ind.shift_by_one(pn)).bit_length() - 1 == q.answer, q.name)


@template(
    "L6.4",
    "The first row that works",
    "multichoice",
    space=lambda: _boards((6, 7, 8), 25, 64),
)
def first_row(p):
    board = _board(p)
    n = board.shape[0]
    right = lo.solve_board(board, method="chase").presses[0]
    left = _leftover(board)
    wrong = [(bits(left), tr("That is the leftover r0; the first row solves C f = r0."))]
    rng = np.random.default_rng(int(board.sum()) * 31 + n)
    while len(wrong) < 3:
        f = right.copy()
        f[int(rng.integers(n))] ^= 1
        if bits(f) not in (bits(right), *(w for w, _ in wrong)):
            wrong.append(
                (bits(f), tr("With this first row the chase leaves lights in the last row."))
            )
    if bits(left) == bits(right):
        wrong = wrong[1:] + [(bits(np.zeros(n, int)), tr("Pressing nothing leaves lights on."))]
    return {
        "text": tr(
            "<p>This {n} &times; {n} board has exactly one solution. Which presses "
            "in the first row make the chase (press under every light, row by row) "
            "switch it off completely?</p>{0}",
            board_html(board),
            n=n,
        ),
        **choice_of(bits(right), wrong, tr("Right: it solves C f = r0.")),
        "solution": tr("<p>First row {0}.</p>", bits(right)),
    }


@first_row
def _(p, q):
    board = _board(p)
    one_right_choice(
        q,
        lambda k: not ind.chase(board, [int(ch) for ch in q.choices[k][0]])[1].any(),
    )


@template(
    "L6.5",
    "A column of the chase matrix",
    "multichoice",
    space=lambda: [(n, j) for n in range(4, 12) for j in range(n)],
)
def chase_column(p):
    n, j = p
    C = lo.chase_matrix(n)
    right = bits(C[:, j])
    candidates = [
        bits(C[:, (j + 1) % n]),
        bits(C[:, (j - 1) % n]),
        bits(C[::-1, j]),
        bits(C[j, :] ^ 1),
        bits(lo.chase_matrix(n - 1)[:, min(j, n - 2)]) + "0",
        bits(np.eye(n, dtype=int)[j]),
    ]
    wrong = [
        (c, tr("Chase the single press of cell j on the dark board and read the last row."))
        for c in dict.fromkeys(candidates)
        if c != right
    ][:3]
    return {
        "text": tr(
            "<p>On the dark {n} &times; {n} board press cell {0} of the first row "
            "and chase the lights down. Which lights of the last row are left on (as "
            "bits, column 1 first)? This is column {0} of the chase matrix \\(C\\).</p>",
            j + 1,
            n=n,
        ),
        **choice_of(right, wrong, tr("Right.")),
        "solution": f"<p>{right}</p>",
    }


@chase_column
def _(p, q):
    n, j = p
    column = ind.chase_columns(n)[j]
    one_right_choice(
        q, lambda k: q.choices[k][0] == "".join(str((column >> i) & 1) for i in range(n))
    )


@template(
    "L6.6",
    "The leftover, written out",
    "shortanswer",
    space=lambda: _boards((4, 5, 6), 30, 66),
)
def leftover_bits(p):
    board = _board(p)
    left = _leftover(board)
    return {
        "text": tr(
            "<p>{CHASE_RULE} Write the last row as it ends, as bits (column 1 "
            "first), e.g. <code>01100</code>.</p>{0}",
            board_html(board),
            CHASE_RULE=tr(CHASE_RULE),
        ),
        "answer": bits(left),
        "solution": f"<p>{bits(left)}</p>",
        "mistakes": mistakes(
            bits(left), (bits(board[-1]), tr("That is the last row before the chase."))
        ),
        "hint": tr("Each press in row k + 1 also toggles row k + 2: carry on to the bottom."),
    }


@leftover_bits
def _(p, q):
    board = _board(p)
    require(bits(ind.chase(board, np.zeros(board.shape[1], int))[1]) == q.answer, q.name)


def _forced_space():
    return [(n, raw, f) for n, raw in _boards((5, 6, 7), 20, 67) for f in (5, 9, 18)]


@template("L6.7", "The presses forced in row 2", "shortanswer", space=_forced_space)
def forced(p):
    board = _board(p)
    n = board.shape[0]
    f = np.array([(p[2] >> (n - 1 - i)) & 1 for i in range(n)])
    after = lo.press(board, np.vstack([f, np.zeros((n - 1, n), int)]))
    return {
        "text": tr(
            "<p>On this {n} &times; {n} board press the cells {0} of the first row "
            "(1 = press). Which cells of row 2 must the chase press next? Write them "
            "as bits, e.g. <code>00100</code>.</p>{1}",
            bits(f),
            board_html(board),
            n=n,
        ),
        "answer": bits(after[0]),
        "solution": tr(
            "<p>Row 1 after the presses: {0}; press under those lights.</p>", bits(after[0])
        ),
        "mistakes": mistakes(
            bits(after[0]), (bits(board[0]), tr("Press the first row first: it changes row 1 too."))
        ),
        "hint": tr("The presses of row 2 are the lights of row 1 that are still on."),
    }


@forced
def _(p, q):
    board = _board(p)
    n = board.shape[0]
    f = [(p[2] >> (n - 1 - i)) & 1 for i in range(n)]
    presses, _ = ind.chase(board, f)
    require(bits(presses[1]) == q.answer, q.name)


def _bijection_space():
    out = []
    for n in (4, 5, 9, 11, 14):
        C = lo.chase_matrix(n)
        for f in lo.null_space(C).astype(np.int64).tolist():
            out.append((n, tuple(f)))
        basis = lo.null_space(C).astype(np.int64)
        rng = np.random.default_rng(n)
        for _ in range(20):
            f = rng.integers(0, 2, len(basis)) @ basis % 2
            if f.any():
                out.append((n, tuple(int(v) for v in f)))
    return sorted(set(out))


@template("L6.8", "A proof: the first row decides", "essay", points=3, space=_bijection_space)
def bijection_proof(p):
    n, f = p
    presses, _ = lo.chase_lights(np.zeros((n, n), dtype=np.uint8), list(f))
    d = lo.grid_nullity(n)
    return {
        "text": tr(
            "<p>On the dark {n} &times; {n} board press the first row "
            "\\(\\mathbf{{f}}\\) = {0} and chase the lights down. Show that the presses "
            "you make form a quiet pattern \\(\\mathbf{{q}}\\) (give it), and prove "
            "that \\(\\mathbf{{q}}\\) is the only quiet pattern with first row "
            "\\(\\mathbf{{f}}\\). Conclude that the nullity of the board is that of its "
            "chase matrix.</p>",
            bits(f),
            n=n,
        ),
        "answer": None,
        "solution": tr("<p>Graded by hand: your grader's comments come with your mark.</p>"),
        "model_answer": tr(
            "<p><strong>Model answer.</strong> The chase presses</p>{0}<p>and leaves "
            "the last row dark because \\(C\\mathbf{{f}} = \\mathbf{{0}}\\); rows 1 to n "
            "- 1 are dark by construction, so no light changed: a quiet pattern. "
            "Conversely, a quiet pattern with first row \\(\\mathbf{{f}}\\) must make "
            "row 1 dark again, and only row 2 can touch it: row 2 is forced, and row "
            "by row so is every row. So the first row determines the quiet pattern, "
            "and every \\(\\mathbf{{f}}\\) with \\(C\\mathbf{{f}} = \\mathbf{{0}}\\) gives "
            "one: taking the first row is a bijection \\(\\ker A \\to \\ker C\\), and "
            "both have dimension {d}.</p><p><strong>Rubric (3 points).</strong> 1 "
            "point: the chase of \\(\\mathbf{{f}}\\) written out and shown quiet (last "
            "row dark). 1 point: each row is forced by the one above (uniqueness). 1 "
            "point: the bijection, hence equal dimensions.</p>",
            board_html(presses),
            d=d,
        ),
        "data": presses,
    }


@bijection_proof
def _(p, q):
    n, f = p
    presses, left = ind.chase(np.zeros((n, n), int), f)
    require(not left.any(), q.name)
    require(not ind.press(np.zeros((n, n), int), presses).any(), q.name)
    require(rows(presses) == rows(q.data), q.name)
