"""Lecture 1, the game and its toggle matrix: eight templates."""

from __future__ import annotations

import itertools

import numpy as np

import lightsout_edu as lo
from quiz import independent as ind
from quiz.bank import board_html, cells, choice_of, one_right_choice, require, rows, template


def _neighbourhood(rows_: int, cols: int, j: int) -> list[int]:
    """0-based cells toggled by pressing cell j, from the package's toggle matrix."""
    return [int(i) for i in np.flatnonzero(lo.toggle_matrix(rows_, cols)[:, j])]


def _cell_words(cols: int, j: int) -> str:
    return f"cell {j + 1} (row {j // cols + 1}, column {j % cols + 1})"


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
        "text": f"<p>Number the cells of the {m} &times; {n} board row by row, from 1. How many "
        f"1s does column {j + 1} of its toggle matrix \\(A\\) have?</p>",
        "answer": ones,
        "solution": f"<p>Column {j + 1} is what a press of {_cell_words(n, j)} toggles: the "
        f"cell itself and its {ones - 1} neighbours, {ones} in all.</p>",
        "mistakes": ((ones - 1, "A press also toggles the pressed cell itself."),)
        + (((5, "A cell on the edge of the board has fewer neighbours."),) if ones != 5 else ()),
        "hint": "Column j of A is the pattern of lights that one press of cell j toggles.",
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
        "text": f"<p>How many 1s does the toggle matrix of the {m} &times; {n} board have in "
        "all?</p>",
        "answer": total,
        "solution": f"<p>Each of the {m * n} cells toggles itself (the diagonal), and each of "
        f"the {m * (n - 1) + n * (m - 1)} pairs of neighbours gives two 1s (\\(A\\) is "
        f"symmetric): \\({m * n} + 2 \\cdot {m * (n - 1) + n * (m - 1)} = {total}\\).</p>",
        "mistakes": (
            (5 * m * n, "Cells on the edge have fewer than four neighbours."),
            (total - m * n, "The diagonal counts too: a press toggles the pressed cell."),
        ),
        "hint": "Count, for every cell, the cell itself and its neighbours.",
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
        "text": f"<p>On this 4 &times; 4 board (1 = lit) press cells {cells(p[1])} (numbered "
        f"row by row from 1). How many lights are on afterwards?</p>{board_html(board)}",
        "answer": int(after.sum()),
        "solution": f"<p>After the presses the board is</p>{board_html(after)}",
        "mistakes": (
            (
                int((board ^ x).sum()),
                "A press toggles the neighbours of the cell too, not only the cell.",
            ),
        )
        if int((board ^ x).sum()) != int(after.sum())
        else (),
        "hint": "Each press toggles the cell and its neighbours above, below, left and right.",
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
        (cells([i for i in right if i != j]), "A press also toggles the pressed cell itself."),
        (cells(torus), "The board does not wrap around: edge cells have fewer neighbours."),
        (cells(by_columns), "The cells are numbered row by row, not column by column."),
        (cells(king), "Diagonal neighbours are not toggled by the classic rule."),
        (cells(row), "The cells above and below are toggled too."),
    ]
    options = [(text, feedback) for text, feedback in wrong if text != cells(right)]
    unique = list(dict.fromkeys(options))[:3]
    return {
        "text": f"<p>On the {m} &times; {n} board (cells numbered row by row from 1), which "
        f"lights does a press of cell {j + 1} toggle?</p>",
        **choice_of(cells(right), unique, "Right: the cell and its neighbours."),
        "solution": f"<p>{_cell_words(n, j)}: lights {cells(right)}.</p>",
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
        (str(v), "Cells above and below are a whole board row away: count the columns.")
        for v in options
        if v != reach
    ][:3]
    return {
        "text": f"<p>In the toggle matrix of the {m} &times; {n} board ({m} rows, {n} columns, "
        "cells numbered row by row), how far from the main diagonal are the 1s farthest "
        "from it?</p>",
        **choice_of(str(reach), wrong, "Right: the neighbour below cell j is cell j + n."),
        "solution": f"<p>The neighbour below cell \\(j\\) is cell \\(j + {n}\\): the outer "
        f"bands lie {n} places from the diagonal.</p>",
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
        "text": f"<p>Press cell {j + 1} (row {j // 3 + 1}, column {j % 3 + 1}) of this 3 "
        "&times; 3 board. Write the board afterwards as its rows of 0s and 1s separated by "
        f"slashes, e.g. <code>010/111/010</code>.</p>{board_html(board)}",
        "answer": rows(after),
        "solution": f"<p>{rows(after)}</p>",
        "mistakes": (
            (rows(itself.reshape(3, 3)), "The pressed cell is toggled too."),
            (rows(board), "This is the board before the press."),
        ),
        "hint": "Toggle the pressed cell and its neighbours above, below, left and right.",
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
        "text": "<p>On the 3 &times; 3 board (cells numbered row by row from 1) someone "
        f"presses, in this order, the cells {cells(p)}. Which single set of presses "
        "\\(\\mathbf{x}\\) has the same effect? Write \\(\\mathbf{x}\\) as three rows of 0s and "
        "1s separated by slashes (1 = press once), e.g. <code>100/000/001</code>.</p>",
        "answer": rows(x.reshape(3, 3)),
        "solution": "<p>Order does not matter and two presses of a cell cancel, so a cell is "
        "pressed when it occurs an odd number of times: \\(\\mathbf{x}\\) = "
        f"{rows(x.reshape(3, 3))}.</p>",
        "mistakes": (
            (
                rows(np.minimum(counts, 1).reshape(3, 3)),
                "A cell pressed twice is not pressed at all: only odd counts remain.",
            ),
        )
        if (np.minimum(counts, 1) != x).any()
        else (),
        "hint": "Count how often each cell is pressed; only the parity matters.",
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
        "text": f"<p>On the {m} &times; {n} board, prove that pressing the cells {a}, {b} and "
        f"{c} (numbered row by row) in any of the six orders leaves the same board, and that "
        f"pressing cell {a} twice changes nothing. Use the toggle matrix \\(A\\) and "
        "arithmetic mod 2.</p>",
        "answer": None,
        "solution": "<p>See the model answer.</p>",
        "model_answer": f"<p><strong>Model answer.</strong> Write \\(\\mathbf{{a}}_j\\) for column "
        f"\\(j\\) of \\(A\\), the lights a press of cell \\(j\\) toggles. Pressing cell \\(j\\) "
        f"changes the board \\(\\mathbf{{b}}\\) to \\(\\mathbf{{b}} + \\mathbf{{a}}_j\\) (mod 2). "
        f"Pressing {a}, {b}, {c} in any order gives \\(\\mathbf{{b}} + \\mathbf{{a}}_{{{a}}} + "
        f"\\mathbf{{a}}_{{{b}}} + \\mathbf{{a}}_{{{c}}}\\), and addition of vectors is "
        "commutative and associative, so all six orders give the same board. Pressing cell "
        f"{a} twice adds \\(2\\mathbf{{a}}_{{{a}}} \\equiv \\mathbf{{0}} \\pmod 2\\): every "
        "light it touches is toggled twice and is back as it was.</p>"
        "<p><strong>Rubric (3 points).</strong> 1 point: a press adds a column of \\(A\\) mod 2. "
        "1 point: the order does not matter because addition commutes (a light's final state "
        "depends only on how often it was toggled). 1 point: twice adds \\(2\\mathbf{a}_j = "
        "\\mathbf{0}\\) mod 2. Checking one order on an example earns no point.</p>",
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
