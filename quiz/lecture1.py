"""Lecture 1, the game and its toggle matrix: eight templates."""

from __future__ import annotations

import itertools

import numpy as np

import lightsout_edu as lo
from quiz import independent as ind
from quiz.bank import board_html, cells, choice_of, one_right_choice, require, rows, template
from quiz.translations import tr


def _neighbourhood(rows_: int, cols: int, j: int) -> list[int]:
    """0-based cells toggled by pressing cell j, from the package's toggle matrix."""
    return [int(i) for i in np.flatnonzero(lo.toggle_matrix(rows_, cols)[:, j])]


def _cell_words(cols: int, j: int) -> str:
    return tr("cell {0} (row {1}, column {2})", j + 1, j // cols + 1, j % cols + 1)


# ---------------------------------------------------------------------------------------------


@template(
    "L1.1",
    "Ones in a column",
    "numerical",
    space=lambda: [(m, n, j) for m in range(3, 7) for n in range(3, 7) for j in range(m * n)],
)
def ones_in_column(p):
    m, n, j = p
    ones = int(lo.toggle_matrix(m, n)[:, j].sum())
    return {
        "text": tr(
            "<p>Number the cells of the {m} &times; {n} board row by row, from 1. "
            "How many 1s does column {0} of its toggle matrix \\(A\\) have?</p>",
            j + 1,
            m=m,
            n=n,
        ),
        "answer": ones,
        "solution": tr(
            "<p>Column {0} is what a press of {1} toggles: the cell itself and its "
            "{2} neighbours, {ones} in all.</p>",
            j + 1,
            _cell_words(n, j),
            ones - 1,
            ones=ones,
        ),
        "mistakes": ((ones - 1, tr("A press also toggles the pressed cell itself.")),)
        + (
            ((5, tr("A cell on the edge of the board has fewer neighbours.")),) if ones != 5 else ()
        ),
        "hint": tr("Column j of A is the pattern of lights that one press of cell j toggles."),
    }


@ones_in_column
def _(p, q):
    m, n, j = p
    require(len(ind.toggled(m, n, j // n, j % n)) == q.answer, q.name)


@template(
    "L1.2",
    "Ones in the whole matrix",
    "numerical",
    space=lambda: [(m, n) for m in range(2, 10) for n in range(2, 10)],
)
def ones_in_matrix(p):
    m, n = p
    total = int(lo.toggle_matrix(m, n).sum())
    return {
        "text": tr(
            "<p>How many 1s does the toggle matrix of the {m} &times; {n} board have in all?</p>",
            m=m,
            n=n,
        ),
        "answer": total,
        "solution": tr(
            "<p>Each of the {0} cells toggles itself (the diagonal), and each of the "
            "{1} pairs of neighbours gives two 1s (\\(A\\) is symmetric): \\({0} + 2 "
            "\\cdot {1} = {total}\\).</p>",
            m * n,
            m * (n - 1) + n * (m - 1),
            total=total,
        ),
        "mistakes": (
            (5 * m * n, tr("Cells on the edge have fewer than four neighbours.")),
            (total - m * n, tr("The diagonal counts too: a press toggles the pressed cell.")),
        ),
        "hint": tr("Count, for every cell, the cell itself and its neighbours."),
    }


@ones_in_matrix
def _(p, q):
    m, n = p
    require(int(ind.toggle_matrix(m, n).sum()) == q.answer, q.name)


def _press_space():
    out = []
    for seed in range(400):
        rng = np.random.default_rng(seed)
        board = (rng.random((4, 4)) < 0.5).astype(int)
        presses = sorted(rng.choice(16, size=3, replace=False).tolist())
        out.append((board.tobytes(), tuple(presses)))
    return sorted(set(out))


def _press_params(p):
    board = np.frombuffer(p[0], dtype=int).reshape(4, 4)
    x = np.zeros(16, dtype=int)
    x[list(p[1])] = 1
    return board, x.reshape(4, 4)


@template("L1.3", "Lights on after three presses", "numerical", space=_press_space)
def lights_after(p):
    board, x = _press_params(p)
    after = lo.press(board, x)
    return {
        "text": tr(
            "<p>On this 4 &times; 4 board (1 = lit) press cells {0} (numbered row by "
            "row from 1). How many lights are on afterwards?</p>{1}",
            cells(p[1]),
            board_html(board),
        ),
        "answer": int(after.sum()),
        "solution": tr("<p>After the presses the board is</p>{0}", board_html(after)),
        "mistakes": (
            (
                int((board ^ x).sum()),
                tr("A press toggles the neighbours of the cell too, not only the cell."),
            ),
        )
        if int((board ^ x).sum()) != int(after.sum())
        else (),
        "hint": tr("Each press toggles the cell and its neighbours above, below, left and right."),
    }


@lights_after
def _(p, q):
    board, x = _press_params(p)
    require(int(ind.press(board, x).sum()) == q.answer, q.name)


@template(
    "L1.4",
    "What one press toggles",
    "multichoice",
    space=lambda: [
        (m, n, j) for m in range(3, 7) for n in range(3, 7) for j in range(m * n) if m != n
    ],
)
def one_press(p):
    m, n, j = p
    right = _neighbourhood(m, n, j)
    torus = [int(i) for i in np.flatnonzero(lo.toggle_matrix(m, n, torus=True)[:, j])]
    by_columns = sorted((i % n) * m + i // n for i in right)  # numbered column by column
    king = [int(i) for i in np.flatnonzero(lo.toggle_matrix(m, n, rule="king")[:, j])]
    row = [i for i in right if i // n == j // n]
    wrong = [
        (cells([i for i in right if i != j]), tr("A press also toggles the pressed cell itself.")),
        (cells(torus), tr("The board does not wrap around: edge cells have fewer neighbours.")),
        (cells(by_columns), tr("The cells are numbered row by row, not column by column.")),
        (cells(king), tr("Diagonal neighbours are not toggled by the classic rule.")),
        (cells(row), tr("The cells above and below are toggled too.")),
    ]
    options = [(text, feedback) for text, feedback in wrong if text != cells(right)]
    unique = list(dict.fromkeys(options))[:3]
    return {
        "text": tr(
            "<p>On the {m} &times; {n} board (cells numbered row by row from 1), "
            "which lights does a press of cell {0} toggle?</p>",
            j + 1,
            m=m,
            n=n,
        ),
        **choice_of(cells(right), unique, tr("Right: the cell and its neighbours.")),
        "solution": tr("<p>{0}: lights {1}.</p>", _cell_words(n, j), cells(right)),
    }


@one_press
def _(p, q):
    m, n, j = p
    right = cells([r * n + c for r, c in ind.toggled(m, n, j // n, j % n)])
    one_right_choice(q, lambda k: q.choices[k][0] == right)


@template(
    "L1.5",
    "How far the band reaches",
    "multichoice",
    space=lambda: [(m, n) for m in range(2, 12) for n in range(2, 12) if m != n],
)
def band(p):
    m, n = p
    A = lo.toggle_matrix(m, n)
    i, j = np.nonzero(A)
    reach = int(np.max(j - i))
    options = dict.fromkeys([reach, m, reach + 1, 1, reach - 1, 2 * reach])
    wrong = [
        (str(v), tr("Cells above and below are a whole board row away: count the columns."))
        for v in options
        if v != reach
    ][:3]
    return {
        "text": tr(
            "<p>In the toggle matrix of the {m} &times; {n} board ({m} rows, {n} "
            "columns, cells numbered row by row), how far from the main diagonal are "
            "the 1s farthest from it?</p>",
            m=m,
            n=n,
        ),
        **choice_of(str(reach), wrong, tr("Right: the neighbour below cell j is cell j + n.")),
        "solution": tr(
            "<p>The neighbour below cell \\(j\\) is cell \\(j + {n}\\): the outer bands "
            "lie {n} places from the diagonal.</p>",
            n=n,
        ),
    }


@band
def _(p, q):
    m, n = p
    A = ind.toggle_matrix(m, n)
    i, j = np.nonzero(A)
    far = int(np.max(np.abs(i - j)))
    one_right_choice(q, lambda k: q.choices[k][0] == str(far))


def _after_space():
    out = []
    for value in range(512):
        board = np.array([(value >> i) & 1 for i in range(9)]).reshape(3, 3)
        if 3 <= board.sum() <= 5:
            out += [(value, j) for j in (0, 1, 4, 5, 8)]
    return out


@template("L1.6", "The board after one press", "shortanswer", space=_after_space)
def after_press(p):
    value, j = p
    board = ind.as_board(value, 3, 3)
    x = np.zeros(9, dtype=int)
    x[j] = 1
    after = lo.press(board, x.reshape(3, 3))
    itself = board.copy().ravel()
    for i in _neighbourhood(3, 3, j):
        if i != j:
            itself[i] ^= 1
    return {
        "text": tr(
            "<p>Press cell {0} (row {1}, column {2}) of this 3 &times; 3 board. "
            "Write the board afterwards as its rows of 0s and 1s separated by "
            "slashes, e.g. <code>010/111/010</code>.</p>{3}",
            j + 1,
            j // 3 + 1,
            j % 3 + 1,
            board_html(board),
        ),
        "answer": rows(after),
        "solution": f"<p>{rows(after)}</p>",
        "mistakes": (
            (rows(itself.reshape(3, 3)), tr("The pressed cell is toggled too.")),
            (rows(board), tr("This is the board before the press.")),
        ),
        "hint": tr("Toggle the pressed cell and its neighbours above, below, left and right."),
    }


@after_press
def _(p, q):
    value, j = p
    x = np.zeros(9, dtype=int)
    x[j] = 1
    require(rows(ind.press(ind.as_board(value, 3, 3), x.reshape(3, 3))) == q.answer, q.name)


def _sequence_space():
    out = []
    for seed in range(300):
        rng = np.random.default_rng(1000 + seed)
        out.append(tuple(int(v) for v in rng.integers(0, 9, size=7)))
    return sorted(set(out))


@template("L1.7", "From a sequence of presses to x", "shortanswer", space=_sequence_space)
def sequence(p):
    x = np.zeros(9, dtype=int)
    for cell in p:
        x[cell] ^= 1
    counts = np.bincount(np.array(p), minlength=9)
    return {
        "text": tr(
            "<p>On the 3 &times; 3 board (cells numbered row by row from 1) someone "
            "presses, in this order, the cells {0}. Which single set of presses "
            "\\(\\mathbf{{x}}\\) has the same effect? Write \\(\\mathbf{{x}}\\) as three "
            "rows of 0s and 1s separated by slashes (1 = press once), e.g. "
            "<code>100/000/001</code>.</p>",
            cells(p),
        ),
        "answer": rows(x.reshape(3, 3)),
        "solution": tr(
            "<p>Order does not matter and two presses of a cell cancel, so a cell is "
            "pressed when it occurs an odd number of times: \\(\\mathbf{{x}}\\) = "
            "{0}.</p>",
            rows(x.reshape(3, 3)),
        ),
        "mistakes": (
            (
                rows(np.minimum(counts, 1).reshape(3, 3)),
                tr("A cell pressed twice is not pressed at all: only odd counts remain."),
            ),
        )
        if (np.minimum(counts, 1) != x).any()
        else (),
        "hint": tr("Count how often each cell is pressed; only the parity matters."),
    }


@sequence
def _(p, q):
    # independent: simulate the sequence press by press and compare with pressing x once
    board = np.zeros((3, 3), dtype=int)
    for cell in p:
        single = np.zeros(9, dtype=int)
        single[cell] = 1
        board = ind.press(board, single.reshape(3, 3))
    x = np.array([int(ch) for ch in str(q.answer).replace("/", "")]).reshape(3, 3)
    require(np.array_equal(ind.press(np.zeros((3, 3), dtype=int), x), board), q.name)
    require(sum(np.bincount(np.array(p), minlength=9) % 2) == x.sum(), q.name)


def _order_space():
    return [
        (m, n, cells_)
        for m, n in ((3, 3), (3, 4), (4, 4), (4, 5), (5, 5))
        for cells_ in itertools.combinations(range(m * n), 3)
        if len({c // n for c in cells_}) == 3
    ][::7]


@template("L1.8", "A proof: order and repeats do not matter", "essay", space=_order_space, points=3)
def order_proof(p):
    m, n, chosen = p
    a, b, c = (x + 1 for x in chosen)
    return {
        "text": tr(
            "<p>On the {m} &times; {n} board, prove that pressing the cells {a}, {b} "
            "and {c} (numbered row by row) in any of the six orders leaves the same "
            "board, and that pressing cell {a} twice changes nothing. Use the toggle "
            "matrix \\(A\\) and arithmetic mod 2.</p>",
            m=m,
            n=n,
            a=a,
            b=b,
            c=c,
        ),
        "answer": None,
        "solution": tr("<p>Graded by hand: your grader's comments come with your mark.</p>"),
        "model_answer": tr(
            "<p><strong>Model answer.</strong> Write \\(\\mathbf{{a}}_j\\) for column "
            "\\(j\\) of \\(A\\), the lights a press of cell \\(j\\) toggles. Pressing cell "
            "\\(j\\) changes the board \\(\\mathbf{{b}}\\) to \\(\\mathbf{{b}} + "
            "\\mathbf{{a}}_j\\) (mod 2). Pressing {a}, {b}, {c} in any order gives "
            "\\(\\mathbf{{b}} + \\mathbf{{a}}_{{{a}}} + \\mathbf{{a}}_{{{b}}} + "
            "\\mathbf{{a}}_{{{c}}}\\), and addition of vectors is commutative and "
            "associative, so all six orders give the same board. Pressing cell {a} "
            "twice adds \\(2\\mathbf{{a}}_{{{a}}} \\equiv \\mathbf{{0}} \\pmod 2\\): every "
            "light it touches is toggled twice and is back as it "
            "was.</p><p><strong>Rubric (3 points).</strong> 1 point: a press adds a "
            "column of \\(A\\) mod 2. 1 point: the order does not matter because "
            "addition commutes (a light's final state depends only on how often it "
            "was toggled). 1 point: twice adds \\(2\\mathbf{{a}}_j = \\mathbf{{0}}\\) "
            "mod 2. Checking one order on an example earns no point.</p>",
            a=a,
            b=b,
            c=c,
        ),
    }


@order_proof
def _(p, q):
    m, n, chosen = p
    rng = np.random.default_rng(m * 100 + n)
    board = rng.integers(0, 2, (m, n))
    results = set()
    for order in itertools.permutations(chosen):
        out = board
        for cell in order:
            single = np.zeros(m * n, dtype=int)
            single[cell] = 1
            out = ind.press(out, single.reshape(m, n))
        results.add(out.tobytes())
    require(len(results) == 1, q.name)
    twice = np.zeros(m * n, dtype=int)
    twice[chosen[0]] = 2
    require(np.array_equal(ind.press(board, twice.reshape(m, n)), board), q.name)
