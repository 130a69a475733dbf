"""Lecture 7, variants (rules, the torus, graphs, more colours): eight templates."""

from __future__ import annotations

import itertools

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

RULES = ("plus", "neighbors", "x", "king")
RULE_WORDS = {
    "plus": tr_later("the cell and its four neighbours above, below, left and right"),
    "neighbors": tr_later(
        "the four neighbours above, below, left and right, but not the cell itself"
    ),
    "x": tr_later("the cell and its four diagonal neighbours"),
    "king": tr_later("the cell and all eight cells around it"),
}


def _graphs(count: int, salt: int, sizes=(6, 7, 8, 9)):
    out = {}
    for k in range(count):
        rng = np.random.default_rng(salt * 10_000 + k)
        n = int(rng.choice(sizes))
        edges = tuple((i, j) for i in range(n) for j in range(i + 1, n) if rng.random() < 0.35)
        if edges:
            out[(n, edges)] = (n, edges)
    return sorted(out.values())


def _edges(edges) -> str:
    return ", ".join(f"{i}–{j}" for i, j in edges)


def _graph_matrix(n, edges) -> np.ndarray:
    return lo.graph_toggle_matrix(list(edges), n_nodes=n).astype(np.int64)


def _own_graph_matrix(n, edges) -> np.ndarray:
    A = np.eye(n, dtype=np.int64)
    for i, j in edges:
        A[i, j] = A[j, i] = 1
    return A


# ---------------------------------------------------------------------------------------------


@template(
    "L7.1",
    "The nullity with another rule",
    "numerical",
    space=lambda: [(rule, n, torus) for rule in RULES for n in range(2, 10) for torus in (0, 1)],
)
def rule_nullity(p):
    rule, n, torus = p
    d = n * n - lo.rank(lo.toggle_matrix(n, n, rule=rule, torus=bool(torus)))
    where = tr("on the torus (the board wraps around)") if torus else tr("on the ordinary board")
    plain = n * n - lo.rank(lo.toggle_matrix(n, n, torus=bool(torus)))
    return {
        "text": tr(
            "<p>A press toggles {0} (rule <code>{rule}</code>), {where}. What is the "
            "nullity of the toggle matrix of the {n} &times; {n} board?</p>",
            tr(RULE_WORDS[rule]),
            rule=rule,
            where=where,
            n=n,
        ),
        "answer": d,
        "solution": tr("<p>Rank {0} of {1}: nullity {d}.</p>", n * n - d, n * n, d=d),
        "mistakes": mistakes(
            d,
            (plain, tr("That is the nullity with the plus rule.")),
            (n * n - d, tr("That is the rank.")),
        ),
        "hint": tr("Only the matrix changes: build it for this rule and eliminate."),
    }


@rule_nullity
def _(p, q):
    rule, n, torus = p
    require(n * n - ind.rank(ind.toggle_matrix(n, n, rule, bool(torus))) == q.answer, q.name)


@template(
    "L7.2",
    "Solvable boards with k colours",
    "numerical",
    space=lambda: [(k, m, n) for k in (3, 5, 7) for m in range(1, 6) for n in range(1, 6)],
)
def colour_count(p):
    k, m, n = p
    A = lo.toggle_matrix(m, n, colors=k)
    count = lo.solvable_board_count(A, k)
    r = lo.rank(A, modulus=k)
    return {
        "text": tr(
            "<p>In the game with {k} colours a press adds 1 (mod {k}) to the cell "
            "and its four neighbours. How many of the {k}<sup>{0}</sup> boards of "
            "size {m} &times; {n} can be switched off?</p>",
            m * n,
            k=k,
            m=m,
            n=n,
        ),
        "answer": count,
        "solution": tr(
            "<p>\\(A\\) has rank {r} over GF({k}): \\({k}^{{{r}}} = {count}\\) boards.</p>",
            r=r,
            k=k,
            count=count,
        ),
        "mistakes": mistakes(
            count, (2 ** lo.rank(lo.toggle_matrix(m, n)), tr("That is the count for two colours."))
        ),
        "hint": tr(
            "The solvable boards are the column space of A over GF({k}): {k}^rank of them.", k=k
        ),
    }


@colour_count
def _(p, q):
    k, m, n = p
    require(k ** ind.rank(ind.toggle_matrix(m, n), p=k) == q.answer, q.name)


@template("L7.3", "Solvable boards on a graph", "numerical", space=lambda: _graphs(200, 73))
def graph_count(p):
    n, edges = p
    r = lo.rank(_graph_matrix(n, edges).astype(np.uint8))
    return {
        "text": tr(
            "<p>Lights Out on the graph with vertices 0 to {0} and edges {1}: a "
            "press toggles the vertex and its neighbours. How many of the "
            "\\(2^{{{n}}}\\) boards can be switched off?</p>",
            n - 1,
            _edges(edges),
            n=n,
        ),
        "answer": 2**r,
        "solution": tr(
            "<p>\\(A = \\mathrm{{Adj}} + I\\) has rank {r}: \\(2^{{{r}}}\\) boards.</p>", r=r
        ),
        "mistakes": mistakes(2**r, (r, tr("That is the rank; the count is 2^rank."))),
        "hint": tr("Build A = Adj + I and find its rank over GF(2)."),
    }


@graph_count
def _(p, q):
    n, edges = p
    A = _own_graph_matrix(n, edges)
    reached = {tuple(A @ np.array(x) % 2) for x in itertools.product((0, 1), repeat=n)}
    require(len(reached) == q.answer, q.name)


@template("L7.4", "All on, on a graph", "multichoice", space=lambda: _graphs(200, 74))
def graph_all_on(p):
    n, edges = p
    A = _graph_matrix(n, edges)
    x = lo.solve(A.astype(np.uint8), np.ones(n, dtype=np.uint8)).astype(np.int64)
    candidates = [np.ones(n, int), 1 - x, np.array([int(A[v].sum() % 2 == 0) for v in range(n)])]
    rng = np.random.default_rng(len(edges) * 17 + n)
    while len(candidates) < 12:
        y = x.copy()
        y[int(rng.integers(n))] ^= 1
        candidates.append(y)
    wrong = []
    for y in candidates:
        if ((A @ y) % 2 == 1).all() or any(bits(y) == w for w, _ in wrong):
            continue
        wrong.append((bits(y), tr("After these presses some vertices are still on.")))
    return {
        "text": tr(
            "<p>On the graph with vertices 0 to {0} and edges {1}, a press toggles "
            "the vertex and its neighbours. Which presses (bit v = 1: press vertex "
            "v, vertex 0 first) switch off the board with every light on?</p>",
            n - 1,
            _edges(edges),
        ),
        **choice_of(
            bits(x), wrong[:3], tr("Right: every vertex is toggled an odd number of times.")
        ),
        "solution": f"<p>{bits(x)}</p>",
    }


@graph_all_on
def _(p, q):
    n, edges = p
    A = _own_graph_matrix(n, edges)
    one_right_choice(
        q, lambda k: ((A @ np.array([int(ch) for ch in q.choices[k][0]])) % 2 == 1).all()
    )


def _color_boards():
    out = {}
    for m, n in ((2, 3), (3, 2), (3, 3)):
        for k in range(40):
            board = lo.random_board(m, n, seed=7500 + k, colors=3, solvable=True)
            if board.any():
                out[board.tobytes()] = (m, n, board.tobytes())
    return sorted(out.values())


@template("L7.5", "Three colours", "multichoice", space=_color_boards)
def three_colours(p):
    m, n, raw = p
    board = np.frombuffer(raw, dtype=np.uint8).reshape(m, n)
    x = lo.solve_board(board, colors=3).presses.astype(np.int64)
    wrong = [
        (
            board_html((2 * x) % 3),
            tr(
                "These presses solve A x = b; the board is switched off when b + A x = "
                "0, that is A x = -b."
            ),
        )
    ]
    rng = np.random.default_rng(int(board.sum()) * 13 + m)
    for _ in range(40):
        y = x.copy()
        cell = int(rng.integers(m * n))
        y.flat[cell] = (y.flat[cell] + 1) % 3
        if lo.press(board, y.astype(np.uint8), colors=3).any() and all(
            board_html(y) != w for w, _ in wrong
        ):
            wrong.append((board_html(y), tr("Some cells are still lit after these presses.")))
        if len(wrong) == 3:
            break
    return {
        "text": tr(
            "<p>A press adds 1 (mod 3) to the cell and its four neighbours. How "
            "often must each cell of this board (states 0, 1, 2) be pressed to "
            "switch it off?</p>{0}",
            board_html(board),
        ),
        **choice_of(board_html(x), wrong, tr("Right: b + A x = 0 (mod 3).")),
        "solution": tr("<p>Press as shown:</p>{0}", board_html(x)),
    }


@three_colours
def _(p, q):
    m, n, raw = p
    board = np.frombuffer(raw, dtype=np.uint8).reshape(m, n)

    def off(k: int) -> bool:
        x = np.array([int(ch) for ch in q.choices[k][0] if ch in "012"]).reshape(m, n)
        return not ind.press(board, x, colors=3).any()

    one_right_choice(q, off)


@template(
    "L7.6",
    "A press on the torus",
    "shortanswer",
    space=lambda: [
        (n, r, c)
        for n in range(3, 7)
        for r in range(n)
        for c in range(n)
        if r in (0, n - 1) or c in (0, n - 1)
    ],
)
def torus_press(p):
    n, r, c = p
    x = np.zeros((n, n), dtype=np.uint8)
    x[r, c] = 1
    after = lo.press(np.zeros((n, n), dtype=np.uint8), x, torus=True)
    flat = lo.press(np.zeros((n, n), dtype=np.uint8), x)
    return {
        "text": tr(
            "<p>On the {n} &times; {n} <em>torus</em> (the board wraps around), "
            "press the cell in row {0}, column {1} of the dark board. Which lights "
            "come on? Write the board as rows of 0s and 1s separated by slashes.</p>",
            r + 1,
            c + 1,
            n=n,
        ),
        "answer": rows(after),
        "solution": f"<p>{rows(after)}</p>",
        "mistakes": mistakes(
            rows(after),
            (
                rows(flat),
                tr(
                    "On the torus the neighbours of an edge cell include cells on the "
                    "opposite edge."
                ),
            ),
        ),
        "hint": tr("Every cell has four neighbours on the torus."),
    }


@torus_press
def _(p, q):
    n, r, c = p
    board = np.zeros((n, n), dtype=int)
    for rr, cc in ind.toggled(n, n, r, c, torus=True):
        board[rr, cc] = 1
    require(rows(board) == q.answer, q.name)


def _rule_press_space():
    out = []
    for rule in ("x", "king", "neighbors"):
        for k in range(30):
            board = lo.random_board(4, 4, seed=7700 + k)
            out += [(rule, board.tobytes(), cell) for cell in (0, 5, 7)]
    return out


@template("L7.7", "A press with another rule", "shortanswer", space=_rule_press_space)
def rule_press(p):
    rule, raw, cell = p
    board = np.frombuffer(raw, dtype=np.uint8).reshape(4, 4)
    x = np.zeros(16, dtype=np.uint8)
    x[cell] = 1
    after = lo.press(board, x.reshape(4, 4), rule=rule)
    plus = lo.press(board, x.reshape(4, 4))
    return {
        "text": tr(
            "<p>A press toggles {0} (rule <code>{rule}</code>). Press cell {1} (row "
            "{2}, column {3}) of this board and write the result as rows of 0s and "
            "1s separated by slashes.</p>{4}",
            tr(RULE_WORDS[rule]),
            cell + 1,
            cell // 4 + 1,
            cell % 4 + 1,
            board_html(board),
            rule=rule,
        ),
        "answer": rows(after),
        "solution": f"<p>{rows(after)}</p>",
        "mistakes": mistakes(rows(after), (rows(plus), tr("That is the plus rule's press."))),
        "hint": tr("Toggle exactly the cells of the rule's stencil around the pressed cell."),
    }


@rule_press
def _(p, q):
    rule, raw, cell = p
    board = np.frombuffer(raw, dtype=np.uint8).reshape(4, 4)
    x = np.zeros(16, dtype=int)
    x[cell] = 1
    require(rows(ind.press(board, x.reshape(4, 4), rule=rule)) == q.answer, q.name)


@template(
    "L7.8",
    "A proof: all on is always solvable",
    "essay",
    points=3,
    space=lambda: _graphs(200, 78, sizes=(5, 6, 7, 8)),
)
def all_on_proof(p):
    n, edges = p
    A = _graph_matrix(n, edges)
    d = n - lo.rank(A.astype(np.uint8))
    return {
        "text": tr(
            "<p>On the graph with vertices 0 to {0} and edges {1} a press toggles "
            "the vertex and its neighbours; its toggle matrix has nullity {d}. "
            "Prove, without solving, that the board with every light on can be "
            "switched off. Where does your proof use that a press toggles the "
            "pressed vertex?</p>",
            n - 1,
            _edges(edges),
            d=d,
        ),
        "answer": None,
        "solution": tr("<p>Graded by hand: your grader's comments come with your mark.</p>"),
        "model_answer": tr(
            "<p><strong>Model answer.</strong> \\(A = \\mathrm{{Adj}} + I\\) is "
            "symmetric with every diagonal entry 1. For every \\(\\mathbf{{y}}\\) over "
            "GF(2), \\(\\mathbf{{y}}^{{\\mathsf T}}A\\mathbf{{y}} = \\sum_i A_{{ii}}y_i^2 "
            "+ 2\\sum_{{i \\lt j}}A_{{ij}}y_iy_j = \\sum_i y_i = "
            "\\mathbf{{y}}\\cdot\\mathbf{{1}}\\) (the off-diagonal terms pair up, \\(2 = "
            "0\\), \\(y_i^2 = y_i\\), \\(A_{{ii}} = 1\\): here the pressed vertex is "
            "toggled). For \\(\\mathbf{{y}} \\in \\ker A = \\ker A^{{\\mathsf T}}\\) the "
            "left side is 0, so \\(\\mathbf{{1}}\\) is orthogonal to \\(\\ker A^{{\\mathsf "
            "T}}\\), and by the solvability theorem \\(A\\mathbf{{x}} = \\mathbf{{1}}\\) "
            "has a solution.</p><p><strong>Rubric (3 points).</strong> 1 point: "
            "\\(\\mathbf{{y}}^{{\\mathsf T}}A\\mathbf{{y}} = "
            "\\mathbf{{y}}\\cdot\\mathbf{{1}}\\) with reasons. 1 point: kernel vectors "
            "are orthogonal to \\(\\mathbf{{1}}\\), so all-on is solvable (lecture 4's "
            "theorem). 1 point: the diagonal 1s (self-toggling) are where the "
            "hypothesis enters. Solving this graph earns no point.</p>"
        ),
    }


@all_on_proof
def _(p, q):
    n, edges = p
    A = _own_graph_matrix(n, edges)
    reached = any(((A @ np.array(x)) % 2 == 1).all() for x in itertools.product((0, 1), repeat=n))
    require(reached, q.name)
