"""Lecture 5, all solutions and the fewest presses: eight templates."""

from __future__ import annotations

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

#: Board sizes with quiet patterns and at most 16 cells (brute force checks every board).
SMALL = ((4, 4), (3, 5), (5, 3), (2, 7), (2, 5), (2, 3))


def _solvable_boards(count: int, salt: int, shapes=SMALL):
    out = {}
    for m, n in shapes:
        for k in range(count):
            board = lo.random_board(m, n, seed=salt * 1000 + k, solvable=True)
            if board.sum() >= 3:
                out[(m, n, board.tobytes())] = (m, n, board.tobytes())
    return sorted(out.values())


def _board(p) -> np.ndarray:
    m, n, raw = p
    return np.frombuffer(raw, dtype=np.uint8).reshape(m, n).astype(np.int64)


def _from_text(text: str, shape) -> np.ndarray:
    return np.array([int(ch) for ch in text if ch in "01"]).reshape(shape)


# ---------------------------------------------------------------------------------------------


@template("L5.1", "How many solutions", "numerical", space=lambda: _solvable_boards(12, 51))
def solution_count(p):
    board = _board(p)
    m, n = board.shape
    count = lo.solve_board(board).solution_count
    d = count.bit_length() - 1
    return {
        "text": tr(
            "<p>This {m} &times; {n} board can be switched off. In how many "
            "different ways (press sets \\(\\mathbf{{x}}\\), each cell pressed at most "
            "once)?</p>{0}",
            board_html(board),
            m=m,
            n=n,
        ),
        "answer": count,
        "solution": tr(
            "<p>The solutions are the coset \\(\\mathbf{{x}}_p + \\ker A\\), and \\(\\ker "
            "A\\) has dimension {d}: \\(2^{d} = {count}\\) solutions.</p>",
            d=d,
            count=count,
        ),
        "mistakes": mistakes(
            count,
            (d, tr("That is the nullity d; there are 2^d solutions.")),
            (1, tr("Add a quiet pattern to a solution: it is another solution.")),
        ),
        "hint": tr("Two solutions differ by a quiet pattern."),
    }


@solution_count
def _(p, q):
    require(len(ind.solutions(_board(p))) == q.answer, q.name)


@template("L5.2", "The fewest presses", "numerical", space=lambda: _solvable_boards(12, 52))
def fewest(p):
    board = _board(p)
    solution = lo.solve_board(board)
    best = int(solution.fewest_presses().sum())
    first = int(solution.presses.sum())
    return {
        "text": tr(
            "<p>What is the smallest number of presses that switches off this board?</p>{0}",
            board_html(board),
        ),
        "answer": best,
        "solution": tr(
            "<p>Of its {0} solutions the lightest presses {best} cells.</p>",
            solution.solution_count,
            best=best,
        ),
        "mistakes": mistakes(
            best,
            (first, tr("That is one solution; a lighter one differs from it by a quiet pattern.")),
            (int(board.sum()), tr("That is the number of lit cells.")),
        ),
        "hint": tr("Add each quiet pattern (and their sums) to one solution; keep the lightest."),
    }


@fewest
def _(p, q):
    board = _board(p)
    m, n = board.shape
    require(ind.fewest_table(m, n)[ind.as_int(board)] == q.answer, q.name)


DISTRIBUTION = ((4, 4), (3, 5), (5, 3), (2, 7), (2, 5), (2, 6), (3, 3), (3, 4), (4, 3), (2, 8))


def _distribution_space():
    out = []
    for m, n in DISTRIBUTION:
        counts = lo.optimal_press_counts(m, n)
        out += [(m, n, k) for k in range(2, len(counts)) if counts[k] > 0]
    return out


@template("L5.3", "Boards that need k presses", "numerical", space=_distribution_space)
def needing_k(p):
    m, n, k = p
    counts = lo.optimal_press_counts(m, n)
    return {
        "text": tr(
            "<p>How many boards of size {m} &times; {n} can be switched off with {k} "
            "presses, but not with fewer?</p>",
            m=m,
            n=n,
            k=k,
        ),
        "answer": int(counts[k]),
        "solution": tr(
            "<p>Counting every solvable board by its fewest presses: {0} need exactly {k}.</p>",
            int(counts[k]),
            k=k,
        ),
        "mistakes": mistakes(
            int(counts[k]),
            (
                int(np.sum(counts[: k + 1])),
                tr("That counts the boards that need at most k presses."),
            ),
        ),
        "hint": tr(
            "Only boards with quiet patterns can be solved with fewer presses than "
            "the press set that made them."
        ),
    }


@needing_k
def _(p, q):
    m, n, k = p
    found = int((ind.fewest_table(m, n) == k).sum())
    require(found == q.answer, q.name)


@template(
    "L5.4", "A fewest-presses solution", "multichoice", space=lambda: _solvable_boards(14, 54)
)
def which_fewest(p):
    board = _board(p)
    m, n = board.shape
    solution = lo.solve_board(board)
    best = solution.fewest_presses()
    heavier = [x for x in solution.all_solutions() if x.sum() > best.sum()]
    rng = np.random.default_rng(int(board.sum()) + m * n)
    wrong = [
        (board_html(x), tr("This switches the board off, but with {0} presses.", int(x.sum())))
        for x in heavier[:2]
    ]
    while len(wrong) < 3:
        fake = best.copy()
        fake.flat[int(rng.integers(m * n))] ^= 1
        text = board_html(fake)
        if all(text != w for w, _ in wrong) and lo.press(board, fake).any():
            wrong.append((text, tr("This leaves lights on: it is not a solution.")))
    return {
        "text": tr(
            "<p>Which of these press patterns switches this board off with the "
            "fewest presses?</p>{0}",
            board_html(board),
        ),
        **choice_of(
            board_html(best), wrong, tr("Right: {0} presses, the fewest.", int(best.sum()))
        ),
        "solution": tr("<p>The fewest presses: {0}.</p>", int(best.sum())),
    }


@which_fewest
def _(p, q):
    board = _board(p)
    m, n = board.shape
    least = ind.fewest_table(m, n)[ind.as_int(board)]

    def is_fewest(k: int) -> bool:
        x = _from_text(q.choices[k][0], (m, n))
        return not ind.press(board, x).any() and int(x.sum()) == least

    one_right_choice(q, is_fewest)


@template(
    "L5.5",
    "Another solution",
    "multichoice",
    space=lambda: _solvable_boards(12, 55, shapes=((4, 4), (5, 5), (3, 5), (2, 7), (3, 8))),
)
def another(p):
    board = _board(p)
    m, n = board.shape
    solution = lo.solve_board(board)
    x = solution.presses.astype(np.int64)
    q1 = solution.quiet_patterns[0].reshape(m, n).astype(np.int64)
    rng = np.random.default_rng(int(x.sum()) * 7 + m)
    flipped = q1.copy()
    flipped.flat[int(rng.integers(m * n))] ^= 1
    near = x.copy()
    near.flat[int(rng.integers(m * n))] ^= 1
    wrong = [
        (board_html((x + flipped) % 2), tr("x plus a pattern that is not quiet: lights change.")),
        (board_html(near), tr("Changing one press of a solution always leaves some light on.")),
        (board_html(q1), tr("A quiet pattern alone changes nothing: the board stays lit.")),
    ]
    return {
        "text": tr(
            "<p>The presses \\(\\mathbf{{x}}\\) switch off the board \\(\\mathbf{{b}}\\), "
            "and \\(\\mathbf{{q}}\\) is a quiet pattern. Which of the four options is "
            "also a solution?</p>{0}{1}{2}",
            board_html(board, "b"),
            board_html(x, "x"),
            board_html(q1, "q"),
        ),
        **choice_of(
            board_html((x + q1) % 2), wrong, tr("Right: x + q, a solution plus a quiet pattern.")
        ),
        "solution": tr(
            "<p>\\(A(\\mathbf{{x}} + \\mathbf{{q}}) = \\mathbf{{b}} + \\mathbf{{0}}\\).</p>"
        ),
    }


@another
def _(p, q):
    board = _board(p)
    m, n = board.shape
    one_right_choice(q, lambda k: not ind.press(board, _from_text(q.choices[k][0], (m, n))).any())


def _unique_fewest_space():
    out = []
    for p in _solvable_boards(30, 56):
        board = _board(p)
        if len(lo.solve_board(board).all_fewest_presses()) == 1:
            out.append(p)
    return out


@template("L5.6", "The fewest presses, written out", "shortanswer", space=_unique_fewest_space)
def fewest_written(p):
    board = _board(p)
    best = lo.solve_board(board).fewest_presses()
    return {
        "text": tr(
            "<p>This board has exactly one solution with the fewest presses. Write "
            "it as rows of 0s and 1s separated by slashes (1 = press), e.g. "
            "<code>0110/1001</code>.</p>{0}",
            board_html(board),
        ),
        "answer": rows(best),
        "solution": tr("<p>{0} ({1} presses).</p>", rows(best), int(best.sum())),
        "mistakes": mistakes(
            rows(best),
            (rows(lo.solve_board(board).presses), tr("That is one solution, not the lightest.")),
        ),
        "hint": tr("List the coset x + ker A and keep the lightest."),
    }


@fewest_written
def _(p, q):
    board = _board(p)
    found = ind.solutions(board)
    least = min(int(x.sum()) for x in found)
    lightest = [rows(x) for x in found if int(x.sum()) == least]
    require(lightest == [q.answer], q.name)


@template(
    "L5.7",
    "Gray code order",
    "shortanswer",
    space=lambda: [(start, length) for start in range(1, 120) for length in (6, 7, 8)],
)
def gray_code(p):
    start, length = p
    steps = range(start, start + length)
    added = ",".join(str((k & -k).bit_length() - 1) for k in steps)
    return {
        "text": tr(
            "<p>Running through the kernel in Gray code order, step \\(k\\) adds basis "
            "vector number \\(\\operatorname{{tz}}(k)\\), the number of trailing zero "
            "bits of \\(k\\) (basis vectors numbered from 0). Which basis vectors do "
            "steps {start} to {0} add? Write their numbers separated by commas, no "
            "spaces, e.g. <code>0,1,0,2</code>.</p>",
            start + length - 1,
            start=start,
        ),
        "answer": added,
        "solution": f"<p>{added}</p>",
        "hint": tr("tz(k): how often k can be halved while it stays even."),
    }


@gray_code
def _(p, q):
    start, length = p
    # independent: the basis vector added between Gray codes g(k-1) and g(k), g(k) = k ^ k>>1
    found = []
    for k in range(start, start + length):
        changed = (k ^ (k >> 1)) ^ ((k - 1) ^ ((k - 1) >> 1))
        found.append(str(changed.bit_length() - 1))
    require(",".join(found) == q.answer, q.name)


@template(
    "L5.8",
    "A proof: the solutions form a coset",
    "essay",
    points=3,
    space=lambda: _solvable_boards(10, 58),
)
def coset_proof(p):
    board = _board(p)
    m, n = board.shape
    solution = lo.solve_board(board)
    d = solution.nullity
    return {
        "text": tr(
            "<p>The {m} &times; {n} board below is switched off by "
            "\\(\\mathbf{{x}}_p\\) (shown after it), and \\(\\ker A\\) has dimension {d}. "
            "Prove that the solutions of this board are exactly \\(\\mathbf{{x}}_p + "
            "\\mathbf{{q}}\\) for \\(\\mathbf{{q}} \\in \\ker A\\), and that there are {0} "
            "of them.</p>{1}{2}",
            2**d,
            board_html(board, "b"),
            board_html(solution.presses, "x_p"),
            m=m,
            n=n,
            d=d,
        ),
        "answer": None,
        "solution": tr("<p>Graded by hand: your grader's comments come with your mark.</p>"),
        "model_answer": tr(
            "<p><strong>Model answer.</strong> If \\(A\\mathbf{{q}} = \\mathbf{{0}}\\) "
            "then \\(A(\\mathbf{{x}}_p + \\mathbf{{q}}) = \\mathbf{{b}} + \\mathbf{{0}} = "
            "\\mathbf{{b}}\\). Conversely, if \\(A\\mathbf{{x}} = \\mathbf{{b}}\\) then "
            "\\(A(\\mathbf{{x}} + \\mathbf{{x}}_p) = \\mathbf{{b}} + \\mathbf{{b}} = "
            "\\mathbf{{0}}\\) over GF(2), so \\(\\mathbf{{x}} = \\mathbf{{x}}_p + "
            "\\mathbf{{q}}\\) with \\(\\mathbf{{q}} = \\mathbf{{x}} + \\mathbf{{x}}_p \\in "
            "\\ker A\\). The map \\(\\mathbf{{q}} \\mapsto \\mathbf{{x}}_p + "
            "\\mathbf{{q}}\\) is one-to-one, and \\(\\ker A\\) has \\(2^{d} = {0}\\) "
            "elements (each combination of a basis of \\(d\\) vectors "
            "once).</p><p><strong>Rubric (3 points).</strong> 1 point each: a "
            "solution plus a quiet pattern is a solution; two solutions differ by a "
            "quiet pattern; the count \\(2^d\\) with its reason.</p>",
            2**d,
            d=d,
        ),
        "data": solution.presses,
    }


@coset_proof
def _(p, q):
    board = _board(p)
    found = ind.solutions(board)
    m, n = board.shape
    kernel = ind.kernel(ind.toggle_matrix(m, n))
    require(len(found) == 2 ** len(kernel), q.name)
    require(not ind.press(board, q.data).any(), q.name)
