# ---
# jupyter:
#   jupytext:
#     cell_metadata_filter: -slideshow,-jp-MarkdownHeadingCollapsed
#     formats: notebooks///ipynb,scripts///py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
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
# - what is known, and what is still open.
#
# **What it assumes**: solvability and the kernel (lecture 4), cosets, weights and the
# fewest-presses search (lecture 5). Integer programming is new: we say what a solver does
# and use one (scipy's `milp`); how it works inside is a course of its own.

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
#
# ## Small boards: count them all
#
# Up to about 30 cells, `lo.optimal_press_counts` counts the fewest presses of **every**
# solvable board (lecture 5); the worst case is the last entry. A table for the boards up to
# $5 \times 5$:

# %%
print("rows x cols  cells  nullity  worst   boards needing the worst")
for rows in range(1, 6):
    for cols in range(rows, 6):
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
# **Your turn.** Pick a rectangle with a kernel (try $3 \times 5$ or $4 \times 4$) and draw a
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
# There is also an upper bound that needs no solver at all. Over the $2^d$ solutions
# $\mathbf{x} + \sum_i c_i \mathbf{q}_i$ of a board, a cell of type $t \ne 0$ is pressed in
# exactly half of them ($\mathbf{c}\cdot t = 1$ for half of all $\mathbf{c}$), and the $n_0$
# cells of type 0 in all or none. So the *average* solution presses at most $(N + n_0)/2$
# cells, and the lightest one no more: the worst case is at most $\lfloor (N + n_0)/2
# \rfloor$. For $4 \times 4$ that is 8, one more than the truth.
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
for n in range(1, 16):
    found = lo.most_clicks(n)
    print(
        f"{n:2d}  {n * n:6d}  {found.nullity:7d}  {found.presses:5d}  {found.presses / n**2:9.2f}"
    )

# %% [markdown]
# Where Boyles' table has these sizes (nullity 0 and 2) the numbers agree with it, and 37 for
# $9 \times 9$ is the most his search of that board found; the test suite also checks
# `most_clicks` against counting every board, for all boards up to 25 cells and several
# rules. The other values (7, 37, 65, 123) are proved by the integer program, and each comes
# with a board that needs that many presses. Where the nullity is 0 the worst case
# is $n^2$; where it is not, it drops, sometimes far: the $11 \times 11$ board (nullity 6) has
# 121 cells, yet no board needs more than 65 presses.

# %%
# %% [markdown]
# The course's benchmark (`make bench`) runs the same program for every size up to
# $30 \times 30$, with half a minute per size; where the program did not close the gap in
# that time, it keeps the proven bounds. Here we only read its results
# (`benchmarks/results.json`), for the sizes with quiet patterns:

# %%
worst_table = json.loads(Path("../benchmarks/results.json").read_text())["worst_case"]
print(" n  cells  nullity  worst case  worst/cells")
for row in worst_table:
    n, low, high = row["n"], row["lower"], row["upper"]
    if row["nullity"]:
        value, share = f"{low}", f"{low / n**2:.2f}"
        if not row["exact"]:
            value, share = f"{low}..{high}", f"{low / n**2:.2f}..{high / n**2:.2f}"
        print(f"{n:2d}  {n * n:5d}  {row['nullity']:7d}  {value:>10}  {share:>11}")

# %%
fig, ax = plt.subplots(figsize=(8, 3.6))
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
    linewidth=4,
    label="between the proven bounds",
)
ax.set_ylim(0, 1.08)
ax.set_xlabel("board size n (an n x n board)")
ax.set_ylabel("worst case / number of cells")
ax.set_title("The most presses an n x n board can need, as a share of its cells")
ax.legend(loc="lower left")
plt.show()

# %% [markdown]
# At worst, a board with quiet patterns needs between 0.4 and 0.7 of its cells here, and the
# averaging bound $\lfloor (N + n_0)/2 \rfloor$ says why it stays near one half. The high
# points are the boards with many cells of type 0, pressed by no quiet pattern:
# $17 \times 17$ has $n_0 = 109$, so its bound is $(289 + 109)/2 = 199$, exactly its worst
# case (and so is $5 \times 5$'s: $(25 + 5)/2 = 15$).

# %% [markdown]
# ## What is known, and what is open
#
# - For nullity 0 the worst case is $N$ (above), and for nullity 2, which includes $5 \times
#   5$, Boyles (2022) gives it exactly.
# - Computing the covering radius of a code is hard in general: deciding whether it is at
#   most $k$ is NP-hard (McLoughlin 1984), like the fewest-presses problem of lecture 5
#   (Berlekamp–McEliece–van Tilborg 1978). Integer programming works well here because the
#   number of *types* is small, but it carries no guarantee of speed.
# - The slowest board of the table that the program proves is $16 \times 16$ (nullity 8:
#   124), in under ten seconds. The solver's running time is erratic: two equivalent ways of
#   writing that program (with $z$ a whole number or not) take 6 and 18 seconds, and which is
#   quicker differs from board to board, so `lo.most_clicks` runs both at once and keeps the
#   first answer. For $19 \times 19$ (nullity 16, so $2^{16}$ inequalities) it only brackets the
#   answer, even in a minute (`lo.most_clicks_bounds(19, time_limit=60)`): between the
#   hardest board it finds (152 presses on our machine) and 181, the averaging bound
#   $\lfloor (361 + 1)/2 \rfloor$. Closing that gap is open here.
#
# ## Summary
#
# - The worst case of a board size is the covering radius of the kernel: the largest
#   distance from a press pattern to the nearest quiet pattern.
# - With no quiet patterns it is the number of cells; quiet patterns bring it down (16 cells
#   but 7 presses for $4 \times 4$, 121 but 65 for $11 \times 11$).
# - Counting bounds are weak; cell types turn the question into an integer program over a
#   handful of numbers, which a solver proves optimal.
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
# case of a board without quiet patterns (★), a counting bound (★), a hardest $3 \times 5$ board (★★), and
# the proof that a $5 \times 5$ board needs 15 presses (★★).
#
# This is the last lecture. The [instructor guide](instructor/guide.ipynb) has a schedule,
# and the [bibliography](reference/bibliography.ipynb) the sources of every theorem.
