# ---
# jupyter:
#   jupytext:
#     cell_metadata_filter: -slideshow,-jp-MarkdownHeadingCollapsed
#     formats: notebooks///ipynb,scripts///py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.7
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Lecture 9 — How many presses can a board need?
#
# **What you will learn**
#
# - the *worst case* of a board size: the most presses any solvable board of that size needs;
# - why it is the number of cells when the toggle matrix is invertible, and why quiet
#   patterns make it smaller: it is the *covering radius* of the kernel;
# - exact answers for small boards by counting every board, and lower bounds that need no
#   search at all;
# - *cell types*, and an *integer program* that proves the worst case of boards far too big
#   to count;
# - an upper bound with no search at all (an average, sharpened by parity), and hard boards
#   found by a search in the *Walsh domain*;
# - what is known, a published value that cannot be right, and what is still open.
#
# **What it assumes**: solvability and the kernel (lecture 4), cosets, weights and the
# fewest-presses search with its Walsh–Hadamard transform (lecture 5). Integer programming
# and local search are new: we say what they do and use them; how a solver works inside is a
# course of its own.

# %%
import json
from math import comb
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## The question
#
# Lecture 5 found that the all-on $5 \times 5$ board needs 15 presses and that no solvable
# $5 \times 5$ board needs more. Is there a rule? For an $m \times n$ board with $N = mn$
# cells, let
#
# $$
# \mathrm{worst}(m, n) = \max_{\mathbf{b}\ \text{solvable}}\ \ \min_{A\mathbf{x} = \mathbf{b}} |\mathbf{x}| ,
# $$
#
# the largest number of presses a solvable board can need. (W. Boyles calls this the *most
# clicks problem*.)
#
# **When $A$ is invertible** the answer is $N$. Every board has exactly one solution, so the
# board $\mathbf{b} = A\mathbf{1}$ made by pressing every cell can only be solved by pressing
# every cell. On the $3 \times 3$ board:

# %%
dark = np.zeros((3, 3), dtype=np.uint8)
everything = np.ones((3, 3), dtype=np.uint8)
hardest_3x3 = lo.press(dark, everything)
only = lo.solve_board(hardest_3x3)
print(lo.format_board(hardest_3x3))
print("solutions:", only.solution_count, " presses needed:", int(only.fewest_presses().sum()))

# %% [markdown]
# ## Quiet patterns make boards easier
#
# With a kernel $K = \ker A$ of dimension $d > 0$, a solvable board has the $2^d$ solutions
# $\mathbf{x} + K$ (lecture 5), and it needs the weight of the lightest one. Write
# $\operatorname{dist}(\mathbf{u}, \mathbf{v}) = |\mathbf{u} + \mathbf{v}|$ for the number of
# cells in which two press patterns differ (the *Hamming distance*). Then
#
# $$
# \min_{\mathbf{q} \in K} |\mathbf{x} + \mathbf{q}| = \min_{\mathbf{q} \in K}
# \operatorname{dist}(\mathbf{x}, \mathbf{q}) = \operatorname{dist}(\mathbf{x}, K) ,
# $$
#
# the distance from $\mathbf{x}$ to the nearest quiet pattern (or to $\mathbf{0}$).
#
# > **Definition (covering radius).** The *covering radius* of a subspace
# > $K \subseteq \mathrm{GF}(2)^N$ is $\rho(K) = \max_{\mathbf{x}} \operatorname{dist}(\mathbf{x}, K)$:
# > the farthest any vector can be from $K$.
#
# Every press pattern $\mathbf{x}$ solves exactly one board, $A\mathbf{x}$, so
# $\mathrm{worst}(m, n) = \rho(\ker A)$. In coding theory $K$ is a *code*, its elements are
# *codewords*, and the covering radius is a classic and hard quantity. For $K = \{\mathbf{0}\}$
# it is $N$ (the vector $\mathbf{1}$), as above.

# %%
lo.QuickQuestion("quiet_pattern_on_top")

# %% [markdown]
# ## Small boards: count them all
#
# Up to about 30 cells, `lo.optimal_press_counts` counts the fewest presses of **every**
# solvable board (lecture 5); the worst case is the last entry. A table for the boards up to
# $5 \times 5$ ($3 \times 5$ is left out: it is Exercise 9.3):

# %%
print("rows x cols  cells  nullity  worst   boards needing the worst")
for rows in range(1, 6):
    for cols in range(rows, 6):
        if (rows, cols) == (3, 5):
            continue
        counts = lo.optimal_press_counts(rows, cols)
        nullity = rows * cols - lo.rank(lo.toggle_matrix(rows, cols))
        print(
            f"{rows:4d} x {cols:<4d}  {rows * cols:5d}  {nullity:7d}  {len(counts) - 1:5d}"
            f"   {counts[-1]:>7d}"
        )

# %% [markdown]
# Where the nullity is 0 the worst case is the number of cells, as proved above. Where it is
# not, quiet patterns pull the worst case down: $4 \times 4$ has 16 cells but no board needs
# more than 7 presses, and $5 \times 5$ has 25 cells and a worst case of 15.
#
# **Your turn.** Pick a rectangle with a kernel (try $2 \times 5$ or $4 \times 4$) and draw a
# hardest board and its fewest presses. Predict first: how many presses will it show?

# %%
rows, cols = 4, 4
worst = lo.most_clicks(rows, cols)
best = lo.solve_board(worst.board).fewest_presses()
lo.draw_boards(
    [worst.board, worst.board],
    presses=[None, best],
    titles=[f"a hardest {rows}x{cols} board", f"its fewest presses: {int(best.sum())}"],
)
plt.show()

# %% [markdown]
# ## Lower bounds without any search
#
# Counting $2^{\operatorname{rank}}$ boards stops at about 30 cells. A *lower bound* is a
# number of presses that a board provably needs, found without trying the solutions.
#
# 1. **Counting lights.** A press changes at most 5 lights, so a board with $L$ lights on
#    needs at least $\lceil L / 5 \rceil$ presses.
# 2. **Counting boards.** With at most $k$ presses one reaches at most
#    $\sum_{i \le k} \binom{N}{i}$ boards. If that is fewer than the $2^{\operatorname{rank}}$
#    solvable boards, some board needs more than $k$: a lower bound on the **worst case**
#    (the *sphere-covering bound* of coding theory).
#
# Both are weak. On the all-on $5 \times 5$ board the first gives 5 (the truth is 15); the
# second says only that some $5 \times 5$ board needs at least:

# %%
N, r = 25, 23
k = next(k for k in range(N + 1) if sum(comb(N, i) for i in range(k + 1)) >= 2**r)
print(f"boards within {k - 1} presses: {sum(comb(N, i) for i in range(k)):,} < 2^23 = {2**r:,}")
print(f"so some 5x5 board needs at least {k} presses (the truth: 15)")

# %% [markdown]
# ## Cell types
#
# The quiet patterns carry much more information. Write a basis $\mathbf{q}_1, \dots,
# \mathbf{q}_d$ of $K$ as the rows of a $d \times N$ matrix. Column $j$ says which basis
# patterns press cell $j$; read it as a $d$-bit number, the **type** of cell $j$.
#
# > **Fact.** Two cells of the same type are pressed together or not at all by **every**
# > quiet pattern (a quiet pattern is a sum of basis patterns).
#
# So if a solution $\mathbf{x}$ presses $a_t$ of the $n_t$ cells of type $t$, then every
# solution $\mathbf{x} + \mathbf{q}$ presses either $a_t$ or $n_t - a_t$ of them. Adding up
# gives a third lower bound, $\sum_t \min(a_t, n_t - a_t)$, and more: the number of presses
# of the solution $\mathbf{x} + \sum_i c_i \mathbf{q}_i$ depends only on the counts $a_t$,
#
# $$
# W_{\mathbf{a}}(\mathbf{c}) = \sum_{t\,:\ \mathbf{c}\cdot t = 0} a_t
# \;+ \sum_{t\,:\ \mathbf{c}\cdot t = 1} (n_t - a_t) ,
# $$
#
# where $\mathbf{c}\cdot t$ is the inner product of $\mathbf{c}$ with the bits of $t$. Here
# are the types of the $4 \times 4$ board:

# %%
basis = lo.null_space(lo.toggle_matrix(4, 4))  # d x N, one quiet pattern per row
d = len(basis)
types = (basis.astype(np.int64) << np.arange(d)[:, None]).sum(axis=0)
print("the type of each cell (a 4-bit number):")
print(types.reshape(4, 4))
kinds, n_t = np.unique(types, return_counts=True)
print(f"{len(kinds)} types; cells per type:", dict(zip(kinds.tolist(), n_t.tolist(), strict=True)))

# %% [markdown]
# ## The worst case as an integer program
#
# The worst case is now a question about the numbers $a_t$ alone:
#
# $$
# \mathrm{worst} = \max_{0 \le a_t \le n_t}\ \min_{\mathbf{c} \in \mathrm{GF}(2)^d}
# W_{\mathbf{a}}(\mathbf{c}) .
# $$
#
# Give the minimum a name, $z$, and this becomes an **integer linear program**: maximise $z$
# over whole numbers $a_t$ and $z$, subject to one linear inequality $z \le
# W_{\mathbf{a}}(\mathbf{c})$ for each of the $2^d$ vectors $\mathbf{c}$. An integer
# programming solver (scipy's `milp`, which calls HiGHS) finds the optimum **and proves**
# that it is optimal. For the $4 \times 4$ board there are 16 inequalities; written out:

# %%
T = len(kinds)
bits = (kinds[None, :] >> np.arange(d)[:, None]) & 1  # d x T: the bits of each type
rows_c = []
for c in range(2**d):
    c_bits = (c >> np.arange(d)) & 1
    odd = (c_bits @ bits) % 2  # c . t for every type t
    sign = 1 - 2 * odd  # +1 where a_t counts, -1 where n_t - a_t counts
    rows_c.append((np.append(-sign, 1), int((odd * n_t).sum())))  # z - sign . a <= sum n_t
constraints = LinearConstraint(
    np.array([row for row, _ in rows_c]), -np.inf, np.array([limit for _, limit in rows_c])
)
objective = np.append(np.zeros(T), -1)  # milp minimises: maximise z
result = milp(
    objective,
    constraints=constraints,
    integrality=np.ones(T + 1),
    bounds=Bounds(np.zeros(T + 1), np.append(n_t, 16)),
)
print(result.message)
print(
    "worst case of the 4x4 board:",
    round(-result.fun),
    "  with a_t =",
    np.round(result.x[:T]).astype(int).tolist(),
)

# %% [markdown]
# ### A quiet pattern on top changes nothing
#
# The program above looks at every $\mathbf{a}$, yet many describe the same board: pressing a
# quiet pattern on top of a press pattern changes no light. In counts, pressing the quiet
# pattern with coefficients $\mathbf{c}$ replaces $a_t$ by $n_t - a_t$ for every type with
# $\mathbf{c}\cdot t = 1$ and leaves the other types alone.
#
# Choose $d$ linearly independent types $t_1, \dots, t_d$. For any $\mathbf{a}$ the $d$
# equations $\mathbf{c}\cdot t_i = 1$ exactly when $a_{t_i} > n_{t_i}/2$ have exactly one
# solution $\mathbf{c}$, because the $t_i$ are independent; pressing that quiet pattern brings
# every $a_{t_i}$ down to at most $n_{t_i}/2$. So the program may add the bounds
# $a_{t_i} \le \lfloor n_{t_i}/2 \rfloor$ without losing a single board, and it has $2^d$
# times fewer candidates to rule out. For a type of one cell the bound fixes $a_{t_i} = 0$.

# %%
chosen, echelon = [], []  # d independent types, one-cell types first
for i in np.argsort(n_t, kind="stable"):
    v = int(kinds[i])
    for r in echelon:  # XOR with r when that clears r's leading bit: elimination over GF(2)
        v = min(v, v ^ r)
    if v:
        echelon = sorted([*echelon, v], reverse=True)
        chosen.append(i)
upper = n_t.copy()
upper[chosen] = n_t[chosen] // 2
bounded = milp(
    objective,
    constraints=constraints,
    integrality=np.ones(T + 1),
    bounds=Bounds(np.zeros(T + 1), np.append(upper, 16)),
)
print("independent types:", kinds[chosen].tolist(), "each with", n_t[chosen].tolist(), "cell(s)")
print("worst case of the 4x4 board with a_t <= n_t // 2 on them:", round(-bounded.fun))

# %% [markdown]
# The same answer, 7, from a smaller program. On this board the solver hardly notices; on the
# $9 \times 9$ board (nullity 8, 56 types) the bounds are what lets it finish in seconds
# rather than minutes.
#
# `lo.most_clicks(rows, cols)` solves the same program, with these bounds. When $2^d$ is
# large it does not write all $2^d$ inequalities: it solves with the few it has, asks the
# exact fewest-presses search (lecture 5's Walsh–Hadamard transform) how many presses the
# proposed $\mathbf{a}$ really needs, and adds the inequality that was violated. The
# program's optimum is an **upper** bound and the search's answer a **lower** bound; when
# they meet, the worst case is proved. It also returns a board that needs that many presses,
# and checks it by the fewest-presses search.

# %%
print(lo.most_clicks(4, 4))
print("\n n   cells  nullity  worst  worst/cells")
for n in [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15]:  # 9: below
    found = lo.most_clicks(n)
    print(
        f"{n:2d}  {n * n:6d}  {found.nullity:7d}  {found.presses:5d}  {found.presses / n**2:9.2f}"
    )

# %% [markdown]
# Where Boyles' table has these sizes (nullity 0 and 2) the numbers agree with it; the test
# suite also checks `most_clicks` against counting every board, for all boards up to 25
# cells and several rules. The other values (7, 65, 123) are proved by the integer program,
# and each comes with a board that needs that many presses. Where the nullity is 0 the worst
# case is $n^2$; where it is not, it drops, sometimes far: the $11 \times 11$ board (nullity
# 6) has 121 cells, yet no board needs more than 65 presses. The $9 \times 9$ board is left
# out only because its proof takes the solver several seconds (it is 37: see the table below).
#
# ## An upper bound without a solver
#
# Count presses a new way. If a press pattern uses $a_t$ of the $n_t$ cells of type $t$, put
# $y_t = n_t - 2a_t$ (so $y_t = n_t$ when no cell of the type is pressed, $-n_t$ when all
# are). The solution chosen by $\mathbf{c}$ presses $a_t$ cells of type $t$ when
# $\mathbf{c}\cdot t = 0$ and $n_t - a_t$ when $\mathbf{c}\cdot t = 1$, that is
# $\tfrac12\big(n_t - (-1)^{\mathbf{c}\cdot t} y_t\big)$ in both cases. Adding up,
#
# $$
# W(\mathbf{c}) = \frac{N - \hat Y(\mathbf{c})}{2}, \qquad
# \hat Y(\mathbf{c}) = \sum_t y_t\,(-1)^{\mathbf{c}\cdot t} .
# $$
#
# $\hat Y$ is the **Walsh–Hadamard transform** of $y$, the very sum lecture 5's fast search
# computes: the board needs $\big(N - \max_{\mathbf{c}} \hat Y(\mathbf{c})\big)/2$ presses.
#
# Now average over all $2^d$ vectors $\mathbf{c}$. For $t \ne 0$ the sign
# $(-1)^{\mathbf{c}\cdot t}$ is $+1$ for half of them and $-1$ for the other half, so the
# average of $\hat Y$ is $y_0 \ge -n_0$, where $n_0$ counts the cells of type 0 (pressed by
# no quiet pattern). The largest value is at least the average, so **no board needs more
# than $(N + n_0)/2$ presses**. For $4 \times 4$ that is 8, one more than the truth. When is
# the average reached?
#
# > **Theorem (the averaging bound).** Every solvable board needs at most $(N + n_0)/2$
# > presses, and some board needs exactly that many if and only if every type $t \ne 0$ has
# > an even number of cells $n_t$. Otherwise no board needs more than
# > $\lceil (N + n_0)/2 \rceil - 1$.
#
# *Proof.* Equality needs $y_0 = -n_0$ and a largest value of $\hat Y$ equal to its average,
# so $\hat Y$ is constant: $\hat Y(\mathbf{c}) = y_0$ for every $\mathbf{c}$. The transform
# can be undone, $y_t = 2^{-d} \sum_{\mathbf{c}} \hat Y(\mathbf{c})(-1)^{\mathbf{c}\cdot t}$
# (the same averaging), and a constant $\hat Y$ gives $y_t = 0$ for every $t \ne 0$: exactly
# half of the cells of every type are pressed, impossible when some $n_t$ is odd.
# Conversely, when every $n_t$ ($t \ne 0$) is even, press all cells of type 0 and half of
# every other type: then $\hat Y = -n_0$ everywhere, and **every** solution presses
# $(N + n_0)/2$ cells. When the bound is not reached, the fewest presses, a whole number, is
# below $(N + n_0)/2$, so at most $\lceil (N + n_0)/2 \rceil - 1$. $\blacksquare$
#
# On the $4 \times 4$ board ($n_0 = 0$, eight types of one cell) the theorem gives 7, the
# worst case itself. Check the formula $W = (N - \hat Y)/2$ there on the hardest board the
# integer program found (its counts $a_t$ are `result.x` above), and the theorem on
# $4 \times 4$ and $5 \times 5$:

# %%
a_4x4 = np.round(result.x[:T]).astype(int)
y_4x4 = n_t - 2 * a_4x4
signs = np.array([[(-1) ** bin(c & int(t)).count("1") for t in kinds] for c in range(2**d)])
W = (16 - signs @ y_4x4) // 2  # the presses of all 16 solutions at once
print("presses of the 16 solutions:", W.tolist(), " fewest:", W.min())
for n in (4, 5):
    quiet = lo.null_space(lo.toggle_matrix(n, n))
    kinds_n, sizes = np.unique(
        (quiet.astype(np.int64) << np.arange(len(quiet))[:, None]).sum(axis=0), return_counts=True
    )
    n_0 = int(sizes[kinds_n == 0].sum())
    odd = int(((sizes % 2 == 1) & (kinds_n != 0)).sum())
    print(
        f"{n}x{n}: N = {n * n}, n_0 = {n_0}, (N + n_0)/2 = {(n * n + n_0) / 2:g}, "
        f"{odd} types with an odd number of cells, worst case {lo.most_clicks(n).presses}"
    )

# %% [markdown]
# The $5 \times 5$ board has every type of even size, so its worst case is the average,
# $(25 + 5)/2 = 15$, and all four solutions of its hardest board press 15 cells.
#
# The same averaging works on part of the solutions. Take types $t_1, \dots, t_k$ that are
# linearly independent, each with an **odd** number of cells, and such that no other type
# lies in their span $U$. Fix one solution and average $\hat Y$ only over the solutions
# $\mathbf{c}$ that agree with it on every $\mathbf{c}\cdot t_i$: the signs of the types
# outside $U$ cancel as before, and what is left is $y_0 + \sum_i \pm y_{t_i}$. Because the
# $t_i$ are independent, the signs $\pm$ can be chosen freely, so some such average is
# $y_0 + \sum_i |y_{t_i}|$, and each $y_{t_i}$ is odd, so at least 1 in size.
#
# > **Theorem (odd subspaces).** With $t_1, \dots, t_k$ as above, every solvable board needs
# > at most $(N + n_0 - k)/2$ presses.
#
# With $k = 1$ this is the last line of the previous theorem. `lo.most_clicks_bounds` looks
# for many such types (greedily, in random orders). The test suite checks both theorems
# against all $2^N$ press patterns of every board up to 25 cells, for three rules, on the
# plane and the torus; on some boards (the $4 \times 6$ torus, say) the second is the worst
# case itself.
#
# ## Hard boards in the Walsh domain
#
# Upper bounds are half of the story; a **lower** bound on the worst case is any board,
# together with the exact number of presses it needs. Hard boards are easy to describe in
# the formula above: a $y$ (with $y_t \equiv n_t \pmod 2$ and $|y_t| \le n_t$) whose
# transform $\hat Y$ is small **everywhere**. One fast transform scores all $2^d$ solutions at
# once, and pressing one more (or one fewer) cell of type $t$ changes $y_t$ by $\mp 2$ and
# every $\hat Y(\mathbf{c})$ by $\mp 2(-1)^{\mathbf{c}\cdot t}$: a cheap *local move*.
#
# A *local search* makes the move that helps most, again and again. Plain *hill climbing*
# stops at the first board no single move improves, and that can be far from the best.
# A **tabu search** (Glover 1989) always makes the best move, even a bad one, but does not
# touch a type it moved in the last few steps (the *tenure*), so that it cannot walk straight
# back. On the $9 \times 9$ board (256 solutions, 56 types), with "best" meaning the smallest
# largest $\hat Y$, and fewest solutions reaching it as a tie-break:

# %%
quiet_9 = lo.null_space(lo.toggle_matrix(9, 9))
d_9 = len(quiet_9)
kinds_9, sizes_9 = np.unique(
    (quiet_9.astype(np.int64) << np.arange(d_9)[:, None]).sum(axis=0), return_counts=True
)
bits_9 = (np.arange(2**d_9)[:, None] & kinds_9[None, :]).astype(np.int64)
signs_9 = np.array([[(-1) ** bin(b).count("1") for b in row] for row in bits_9])  # 256 x 56


def tabu_search(tenure, steps=100, seed=0):
    """The most presses a 9x9 board found this way needs: (81 - best largest Y-hat) / 2."""
    rng = np.random.default_rng(seed)
    y = np.where(kinds_9 == 0, -sizes_9, (sizes_9 % 2) * rng.choice([-1, 1], sizes_9.size))
    best, tabu_until = 81, np.zeros(sizes_9.size, dtype=int)
    for step in range(steps):
        scores = signs_9 @ y  # Y-hat of all 256 solutions
        change = np.r_[np.full(sizes_9.size, 2), np.full(sizes_9.size, -2)]  # +2 or -2 to y_t
        after = np.hstack([scores[:, None] + 2 * signs_9, scores[:, None] - 2 * signs_9])
        top = after.max(axis=0)
        key = 1000 * top + (after == top).sum(axis=0)  # smallest maximum, then fewest at it
        allowed = np.abs(np.r_[y, y] + change) <= np.r_[sizes_9, sizes_9]
        allowed &= np.r_[kinds_9 != 0, kinds_9 != 0] & (np.r_[tabu_until, tabu_until] <= step)
        move = int(np.argmin(np.where(allowed, key, np.iinfo(int).max)))
        t = move % sizes_9.size
        y[t] += change[move]
        tabu_until[t] = step + 1 + tenure
        best = min(best, int((signs_9 @ y).max()))
    return (81 - best) // 2


print("without a tabu list (tenure 0):", [tabu_search(0, seed=s) for s in range(4)])
print("tenure 7:                      ", [tabu_search(7, seed=s) for s in range(4)])

# %% [markdown]
# Without the tabu list the search circles at 36; with it, 37 every time, and 37 is the worst
# case (the integer program proves it, and it is the most that W. Boyles' search of the
# $9 \times 9$ board found).
#
# `lo.most_clicks_bounds` runs the same idea at scale, before the integer program: the
# moves are scored with one matrix product over the few solutions at the top (or one more
# transform), it restarts from its best board when it stalls, and each board it reports is
# checked from scratch by the exact fewest-presses search. The course's benchmark
# (`make bench`) gives it two minutes per size, for every $n \times n$ board up to
# $50 \times 50$, and keeps the hardest board of each size it does not settle. Here is the
# one for $19 \times 19$, read from `benchmarks/results.json` and checked again:

# %%
worst_table = json.loads(Path("../benchmarks/results.json").read_text())["worst_case"]
row_19 = next(row for row in worst_table if row["n"] == 19)
hard_19 = lo.parse_board("/".join(row_19["board"]))
best_19 = lo.solve_board(hard_19).fewest_presses()
print(f"this 19x19 board needs {int(best_19.sum())} presses (the benchmark says {row_19['lower']})")
lo.draw_boards(
    [hard_19, hard_19],
    presses=[None, best_19],
    titles=["a hard 19x19 board", f"its fewest presses: {int(best_19.sum())}"],
)
plt.show()

# %% [markdown]
# ## A published value that cannot be
#
# W. Boyles' data file of the most-clicks problem (LightsOut-Math,
# `min_clicks_answers.txt`) lists **197** for the $19 \times 19$ board. The theorem rules it
# out in a few lines of arithmetic:

# %%
quiet_19 = lo.null_space(lo.toggle_matrix(19, 19))
kinds_19, sizes_19 = np.unique(
    (quiet_19.astype(np.int64) << np.arange(len(quiet_19))[:, None]).sum(axis=0),
    return_counts=True,
)
n_0 = int(sizes_19[kinds_19 == 0].sum())
odd = int(((sizes_19 % 2 == 1) & (kinds_19 != 0)).sum())
print(f"nullity {len(quiet_19)}, {kinds_19.size} types, n_0 = {n_0}")
print(f"averaging bound (361 + {n_0}) / 2 = {(361 + n_0) // 2}")
print(f"{odd} types have an odd number of cells, so at most {(361 + n_0) // 2 - 1} presses")
print(
    "and lo.most_clicks_bounds finds 12 odd types spanning no other type, so at most",
    lo.most_clicks_bounds(19, time_limit=1)[1],
)

# %% [markdown]
# So no $19 \times 19$ board needs 197 presses: 180 by parity alone, 175 with the odd
# subspace, and the board above needs more than 160. The whole table of proven bounds, next
# to Boyles' (a single number where his file gives one, *lower..upper* where it gives
# bounds), for the sizes with quiet patterns:

# %%
print(" n  cells  nullity  ours (proven)   Boyles       ours vs Boyles")
for row in worst_table:
    n, low, high = row["n"], row["lower"], row["upper"]
    if row["nullity"]:
        ours = f"{low}" if row["exact"] else f"{low}..{high}"
        theirs = (
            "{}".format(*row["boyles"])
            if row["boyles"][0] == row["boyles"][1]
            else ("{}..{}".format(*row["boyles"]))
        )
        print(
            f"{n:2d}  {n * n:5d}  {row['nullity']:7d}  {ours:>13}  {theirs:>9}     "
            f"{row['vs_boyles']}"
        )

# %%
fig, ax = plt.subplots(figsize=(8, 4.6), layout="constrained")
proved = [row for row in worst_table if row["exact"]]
bracketed = [row for row in worst_table if not row["exact"]]
ax.axhline(1, linestyle="--", color="#8a8f98", label="every cell (nullity 0)")
ax.plot(
    [row["n"] for row in proved],
    [row["lower"] / row["n"] ** 2 for row in proved],
    "o",
    color="#d55e00",
    label="worst case, proved",
)
ax.vlines(
    [row["n"] for row in bracketed],
    [row["lower"] / row["n"] ** 2 for row in bracketed],
    [row["upper"] / row["n"] ** 2 for row in bracketed],
    color="#0072b2",
    linewidth=5,
    label="between our proven bounds",
)
published = [row for row in worst_table if row["vs_boyles"] != "equal"]
ax.plot(
    [row["n"] + 0.35 for row in published],
    [row["boyles"][0] / row["n"] ** 2 for row in published],
    "x",
    color="#000000",
    label="Boyles' value or lower bound, where it differs",
)
ax.set_ylim(0, 1.08)
ax.set_xlabel("board size n (an n x n board)")
ax.set_ylabel("worst case / number of cells")
ax.set_title("The most presses an n x n board can need, n up to 50, as a share of its cells")
ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, fontsize="small")
plt.show()

# %% [markdown]
# At worst, a board with quiet patterns needs between 0.4 and 0.71 of its cells here, and the
# averaging bound $(N + n_0)/2$ says why it stays near one half. The high points are the
# boards with many cells of type 0, pressed by no quiet pattern: $17 \times 17$ has
# $n_0 = 109$ and every other type even, so its worst case is the average,
# $(289 + 109)/2 = 199$ (and so is $5 \times 5$'s: $(25 + 5)/2 = 15$).
#
# ## What is known, and what is open
#
# - For nullity 0 the worst case is $N$ (above), and for nullity 2, which includes $5 \times
#   5$, Boyles (2022) gives it exactly; the averaging theorem covers every size whose types
#   all have an even number of cells, at any nullity.
# - Computing the covering radius of a code is hard in general: deciding whether it is at
#   most $k$ is NP-hard (McLoughlin 1984), like the fewest-presses problem of lecture 5
#   (Berlekamp–McEliece–van Tilborg 1978). Integer programming works here when the number of
#   *types* is small, but it carries no guarantee of speed: the solver's running time is
#   erratic (two equivalent ways of writing the $16 \times 16$ program take 6 and 18
#   seconds), so `lo.most_clicks` runs both at once and keeps the first answer.
# - The table's brackets are open. For $19 \times 19$ the gap is between the hardest board
#   found and 175. The integer program cannot close it quickly: its *relaxation*, the same
#   program with $a_t$ allowed to be fractions, is solved exactly by the average, so it
#   starts at 181 and has to earn every press below that from the whole numbers alone; the
#   odd subspaces use whole numbers, but only a few types at a time. A proof of the
#   $19 \times 19$ worst case, or a board that needs more, is open here.
#
# ## Summary
#
# - The worst case of a board size is the covering radius of the kernel: the largest
#   distance from a press pattern to the nearest quiet pattern.
# - With no quiet patterns it is the number of cells; quiet patterns bring it down (16 cells
#   but 7 presses for $4 \times 4$, 121 but 65 for $11 \times 11$).
# - Counting bounds are weak; cell types turn the question into an integer program over a
#   handful of numbers, which a solver proves optimal.
# - In the Walsh domain a board needs $(N - \max \hat Y)/2$ presses: averaging gives an upper
#   bound with no search, reached exactly when every type has an even number of cells and
#   lowered by types of odd size, and a tabu search finds hard boards, which give lower
#   bounds.
#
# **Try this**
#
# 1. What is the worst case of the $4 \times 5$ board? Answer before computing.
# 2. Take the hardest $11 \times 11$ board (`lo.most_clicks(11).board`) and compare
#    `lo.presses_lower_bound` of it with the truth, 65. Which of the three bounds wins?
# 3. The all-on $5 \times 5$ board is one of the hardest $5 \times 5$ boards. Is the all-on
#    $4 \times 4$ board one of the hardest $4 \times 4$ boards?
#
# **Exercises**: [Exercises 9 — how many presses](exercises/E9_worst_case.ipynb): the worst
# case of a board without quiet patterns (★), a counting bound (★), a hardest $3 \times 5$ board (★★),
# the proof that a $5 \times 5$ board needs 15 presses (★★), and the worst case of the
# $4 \times 4$ board by hand (★★★).
#
# This is the last lecture. The [instructor guide](instructor/guide.ipynb) has a schedule,
# and the [bibliography](reference/bibliography.ipynb) the sources of every theorem.
