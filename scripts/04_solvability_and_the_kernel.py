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
# # Lecture 4 — Solvability and the kernel
#
# **What you will learn**
#
# - the kernel of the toggle matrix: the *quiet patterns*, presses that change nothing;
# - rank + nullity = number of cells, and what it means for the $5\times5$ game
#   (rank 23, nullity 2);
# - exactly which boards can be solved: $\mathbf{b}$ must be orthogonal to
#   $\ker(A^{\mathsf T})$, which for Lights Out is $\ker(A)$;
# - the two parity checks of the $5\times5$ board;
# - why exactly $1/4$ of all $5 \times 5$ boards are solvable, checked exactly and by a
#   random experiment;
# - how the nullity of the $n\times n$ board jumps around as $n$ grows.
#
# **What it assumes**: lectures 1–3, in particular pivot and free columns, and the inner
# product over GF(2) from lecture 2. From a first linear algebra course: subspaces, basis and
# dimension, and the rank–nullity theorem. We recall each where it is used and check that
# the proofs need nothing about the real numbers, so they hold over GF(2) too.

# %%
import galois
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## Presses that change nothing
#
# > **Definition (kernel, nullity).** The *kernel* (null space) of $A$ is
# > $\ker(A) = \{\mathbf{x} : A\mathbf{x} = \mathbf{0}\}$. It is a subspace; its dimension is
# > the *nullity* of $A$.
#
# > **Definition (quiet pattern).** A *quiet pattern* is a nonzero set of presses
# > $\mathbf{q} \in \ker(A)$: pressing it toggles every light an even number of times, so the
# > board does not change at all.
#
# Lecture 3 found that the $5\times5$ toggle matrix has 23 pivots and two free columns,
# $x_{24}$ and $x_{25}$. Every free column gives a kernel vector, as follows. The RREF of
# $A$ turns $A\mathbf{x} = \mathbf{0}$ into 23 equations, one per pivot row $i$:
#
# $$
# x_i + R_{i,24}\,x_{24} + R_{i,25}\,x_{25} = 0
# \quad\Longleftrightarrow\quad
# x_i = R_{i,24}\,x_{24} + R_{i,25}\,x_{25}
# $$
#
# (over GF(2), moving a term across the equals sign changes nothing). Choose
# $(x_{24}, x_{25}) = (1, 0)$, then $(0, 1)$, and read off the rest.

# %%
A = lo.toggle_matrix(5, 5)
R = lo.eliminate(A).rref

kernel_by_hand = []
for free_values in ([1, 0], [0, 1]):
    q = np.zeros(25, dtype=np.uint8)
    q[23:] = free_values
    q[:23] = R[:23, 23:] @ q[23:] % 2
    kernel_by_hand.append(q)
    print(f"(x24, x25) = {tuple(free_values)}:  A q = 0 is", not (A @ q % 2).any())
kernel_by_hand = np.array(kernel_by_hand)

# %% [markdown]
# The package computes a basis of the kernel with `lo.null_space`, and `lo.solve_board`
# reports the quiet patterns of a board's size. A basis is not unique, so we compare the
# **spaces**: both bases must have the same RREF.

# %%
basis = lo.null_space(A)
print("nullity:", len(basis))
print("same space as by hand:", np.array_equal(lo.rref(basis)[0], lo.rref(kernel_by_hand)[0]))

quiet = lo.solve_board(np.zeros((5, 5), dtype=np.uint8)).quiet_patterns
print("quiet patterns from solve_board:", quiet.shape)

# %%
q1, q2 = quiet
patterns = [q1, q2, q1 ^ q2]
titles = ["quiet pattern 1", "quiet pattern 2", "their sum"]
lo.draw_boards(
    [np.zeros((5, 5), dtype=np.uint8)] * 3,
    presses=patterns,
    titles=[f"{t}: {int(q.sum())} presses" for t, q in zip(titles, patterns, strict=True)],
    title="The three nonzero quiet patterns of the 5x5 board (dots = presses)",
    size=3.0,
)
plt.show()

# %% [markdown]
# Press any of them on any board, and nothing happens:

# %%
board = lo.random_board(5, 5, seed=11)
print(
    "unchanged by each quiet pattern:",
    [bool(np.array_equal(lo.press(board, q), board)) for q in patterns],
)

# %% [markdown]
# ## Rank + nullity = number of cells
#
# Every column of $A$ is either a pivot column or a free column, and every free column gives
# one basis vector of the kernel. So for an $N$-cell board
#
# $$
# \operatorname{rank}(A) + \operatorname{nullity}(A) = N, \qquad 23 + 2 = 25 .
# $$
#
# This is the rank–nullity theorem; the argument works over any field, GF(2) included. The
# kernel has $2^2 = 4$ elements: $\mathbf{0}$ and the three patterns above. If
# $\mathbf{x}$ solves a board, so do $\mathbf{x} + \mathbf{q}$ for every $\mathbf{q}$ in the
# kernel, so a solvable $5\times5$ board has **exactly 4 solutions** (lecture 5 finds the
# shortest one).
#
# ## Which boards can be solved?
#
# A board $\mathbf{b}$ is solvable when $\mathbf{b} = A\mathbf{x}$ for some $\mathbf{x}$,
# that is, when $\mathbf{b}$ lies in the column space $\operatorname{col}(A)$. Here is a
# test that needs no elimination.
#
# > **Theorem (solvability).** $A\mathbf{x} = \mathbf{b}$ has a solution if and only if
# > $\mathbf{y}\cdot\mathbf{b} = 0$ for every $\mathbf{y} \in \ker(A^{\mathsf T})$.
#
# *Why "only if".* If $\mathbf{b} = A\mathbf{x}$ and $A^{\mathsf T}\mathbf{y} = \mathbf{0}$,
# then $\mathbf{y}\cdot\mathbf{b} = \mathbf{y}^{\mathsf T}A\mathbf{x}
# = (A^{\mathsf T}\mathbf{y})^{\mathsf T}\mathbf{x} = 0$.
#
# *Why "if".* The boards orthogonal to all of $\ker(A^{\mathsf T})$ form a subspace of
# dimension $N - \dim\ker(A^{\mathsf T}) = N - (N - r) = r$, where $r$ is the rank (the
# inner product over GF(2) is still non-degenerate, so $d$ independent conditions cut the
# dimension by exactly $d$). It contains $\operatorname{col}(A)$, which also has dimension
# $r$, so the two are equal.
#
# For Lights Out, $A$ is **symmetric** (lecture 1), so $A^{\mathsf T} = A$ and
# $\ker(A^{\mathsf T}) = \ker(A)$: **the quiet patterns are also the solvability tests.**

# %%
print("A symmetric:", np.array_equal(A, A.T))
print(
    "ker(A^T) = ker(A):",
    np.array_equal(lo.rref(lo.left_null_space(A))[0], lo.rref(lo.null_space(A))[0]),
)

# %% [markdown]
# ## The two parity checks of the $5 \times 5$ board
#
# Since $\ker(A)$ is spanned by $\mathbf{q}_1$ and $\mathbf{q}_2$, a $5\times5$ board is
# solvable exactly when
#
# $$
# \mathbf{q}_1 \cdot \mathbf{b} = 0 \quad\text{and}\quad \mathbf{q}_2 \cdot \mathbf{b} = 0,
# $$
#
# that is: **an even number of lights is on under the dots of quiet pattern 1, and an even
# number under the dots of quiet pattern 2.** Check some random boards both ways (expect
# about one in four to be solvable):

# %%
def parity_checks(board):
    """The inner products q . b over GF(2), one per quiet pattern."""
    return [int((q & board).sum() % 2) for q in quiet]


for seed in range(8):
    b = lo.random_board(5, 5, seed=seed)
    print(
        f"seed {seed}: parity checks {parity_checks(b)}, "
        f"solvable by elimination: {lo.solve_board(b).solvable}"
    )

# %% [markdown]
# When a board fails, `solve_board` names a failing check in `.certificate`: a
# $\mathbf{y}$ with $A^{\mathsf T}\mathbf{y} = \mathbf{0}$ and $\mathbf{y}\cdot\mathbf{b} = 1$,
# a short proof that no solution exists.

# %%
bad = lo.random_board(5, 5, seed=1)
certificate = lo.solve_board(bad).certificate
lit_under = int((certificate & bad).sum())
lo.draw_board(
    bad, presses=certificate, title=f"{lit_under} lit cells under the dots: odd, so unsolvable"
)
plt.show()

# %% [markdown]
# A curiosity from lecture 2: each quiet pattern has an even number of presses and they share
# an even number of cells, so the patterns are orthogonal to themselves and to each other.
# So a quiet pattern, drawn as a board of lights, passes both checks: **it is solvable**.

# %%
v1, v2 = q1.reshape(-1), q2.reshape(-1)  # the patterns as vectors
print("q1.q1, q1.q2, q2.q2 =", int(v1 @ v1 % 2), int(v1 @ v2 % 2), int(v2 @ v2 % 2))
print("quiet pattern 1 as a board is solvable:", lo.solve_board(q1).solvable)

# %% [markdown]
# ## One board in four
#
# Pressing runs through all $2^{25}$ sets of presses but reaches only the column space,
# which has $2^{\operatorname{rank}} = 2^{23}$ boards. If every board is equally likely,
#
# $$
# P(\text{solvable}) = \frac{2^{\operatorname{rank}}}{2^{N}} = 2^{\operatorname{rank} - N}
# = 2^{-\operatorname{nullity}} = 2^{-2} = \frac14 .
# $$
#
# ### Exactly: press every one of the $2^{25}$ press sets
#
# Store a board as a 25-bit integer (bit $i$ = light $i$). Starting from the single press
# set $\{\}$, each cell doubles the list: the old boards, and the old boards with that cell's
# column added (XOR). After 25 cells we have the board made by every press set, and we
# count the distinct ones. (This takes about a second and a few hundred MB of memory.)

# %%
column_bits = (A.astype(np.uint32) << np.arange(25, dtype=np.uint32)[:, None]).sum(axis=0)
reachable = np.zeros(1, dtype=np.uint32)
for column in column_bits.astype(np.uint32):
    reachable = np.concatenate([reachable, reachable ^ column])

is_solvable = np.zeros(2**25, dtype=bool)
is_solvable[reachable] = True
print(f"press sets tried:  {len(reachable):>10,}")
n_reached = int(is_solvable.sum())
print(f"distinct boards:   {n_reached:>10,}  = 2^{np.log2(n_reached):.0f}")
print(f"fraction of all 2^25 boards: {is_solvable.mean()}")
del reachable

# %% [markdown]
# The same enumeration proves the parity-check criterion for **all** $2^{25}$ boards at
# once: a board passes both checks exactly when it was reached.

# %%
all_boards = np.arange(2**25, dtype=np.uint32)
checks_pass = np.ones(2**25, dtype=bool)
for q in quiet:
    mask = np.uint32((q.reshape(-1).astype(np.uint32) << np.arange(25, dtype=np.uint32)).sum())
    checks_pass &= np.bitwise_count(all_boards & mask) % 2 == 0
print(
    "parity checks pass <=> solvable, for every 5x5 board:",
    np.array_equal(checks_pass, is_solvable),
)
del all_boards, checks_pass, is_solvable

# %% [markdown]
# ### By experiment: random boards
#
# Draw random boards (each light on with probability 1/2, fixed seed) and solve each by
# elimination. The running fraction of solvable boards settles near $1/4$.
#
# The shaded band is $\tfrac14 \pm 1.96\sqrt{\tfrac14\cdot\tfrac34/n}$. After $n$ boards the
# number of solvable ones is binomial, and for large $n$ it is close to normal with mean $n/4$
# and variance $n \cdot \tfrac14 \cdot \tfrac34$; so at **each fixed** $n$ the fraction lands in
# the band about 95% of the time. Two honest caveats: it is a normal *approximation* (rough
# for the first few dozen boards), and it holds *pointwise*, one $n$ at a time. A single run
# followed over all $n$ is expected to leave the band now and then; that is not a
# contradiction.

# %%
rng = np.random.default_rng(2024)
n_trials = 4000
solvable = np.array(
    [lo.solve(A, rng.integers(0, 2, 25, dtype=np.uint8)) is not None for _ in range(n_trials)]
)
running = np.cumsum(solvable) / np.arange(1, n_trials + 1)
print(f"solvable: {solvable.sum()} of {n_trials} = {solvable.mean():.3f}")

fig, ax = plt.subplots(figsize=(7, 3.5))
trials = np.arange(1, n_trials + 1)
band = 1.96 * np.sqrt(0.25 * 0.75 / trials)  # 95% of runs stay inside this band
ax.fill_between(
    trials,
    0.25 - band,
    0.25 + band,
    color="tab:red",
    alpha=0.12,
    label="pointwise 95% band (normal approximation)",
)
ax.plot(trials, running, label="fraction solvable so far")
ax.axhline(0.25, color="tab:red", linestyle="--", label="exact value 1/4")
ax.set_xscale("log")
ax.set_ylim(0, 0.6)
ax.set_xlabel("number of random 5x5 boards")
ax.set_ylabel("fraction solvable")
ax.set_title("Monte Carlo estimate of P(solvable) for the 5x5 board")
ax.legend()
plt.show()

# %% [markdown]
# ## The nullity of $n \times n$ boards
#
# The $5\times5$ board is not typical. For the $n\times n$ board the nullity, and with it the
# chance $2^{-\text{nullity}}$ that a random board is solvable, jumps around. `lo.rank` uses
# a fast bit-packed elimination, so all boards up to $30\times30$ (a $900\times900$ matrix)
# take well under a second.

# %%
sizes = np.arange(1, 31)
nullities = np.array([n * n - lo.rank(lo.toggle_matrix(n, n)) for n in sizes])


def table_row(n):
    d = nullities[n - 1]
    return f"{n:2d}  {d:7d}  {'1' if d == 0 else f'1/{2**d}':>11}"


print(" n  nullity  P(solvable)   |   n  nullity  P(solvable)")
for n in range(1, 16):
    print(f"{table_row(n)}   |  {table_row(n + 15)}")

# %%
fig, ax = plt.subplots(figsize=(9, 3.8))
bars = ax.bar(sizes, nullities, color="#1d3557", label="nullity > 0: quiet patterns exist")
ax.bar_label(bars, labels=[str(d) if d else "" for d in nullities], padding=2)
zero = nullities == 0
ax.plot(
    sizes[zero],
    nullities[zero],
    "o",
    color="#9aa5b1",
    label="nullity 0: every board solvable, in one way",
)
ax.set_xticks(sizes)
ax.set_ylim(-1, nullities.max() + 3)
ax.set_xlabel("board size n (n x n board)")
ax.set_ylabel("nullity of A")
ax.set_title("Nullity of the n x n Lights Out toggle matrix")
ax.legend(loc="upper left")
plt.show()

# %% [markdown]
# Most sizes have nullity 0: every board is solvable, in exactly one way. The others have
# quiet patterns, sometimes many: the $19\times19$ board has nullity 16, so only one board
# in $2^{16} = 65\,536$ can be switched off. Lecture 6 (light chasing) explains where these
# numbers come from and computes them much faster.
#
# As a last check of our work, galois agrees on the first ten sizes:

# %%
GF2 = galois.GF(2)
print(
    "galois agrees for n = 1..10:",
    all(
        n * n - np.linalg.matrix_rank(GF2(lo.toggle_matrix(n, n))) == nullities[n - 1]
        for n in range(1, 11)
    ),
)

# %% [markdown]
# ## Your turn
#
# Pick a board size with quiet patterns (try $4\times4$, $9\times9$ or a rectangle such as
# $2\times3$) and look at them.

# %%
rows, cols = 4, 4
patterns_here = lo.solve_board(np.zeros((rows, cols), dtype=np.uint8)).quiet_patterns
print(f"{rows}x{cols}: nullity {len(patterns_here)}")
if len(patterns_here):
    lo.draw_boards(
        [np.zeros((rows, cols), dtype=np.uint8)] * min(len(patterns_here), 12),
        presses=list(patterns_here[:12]),
        titles=[f"quiet pattern {k + 1}" for k in range(min(len(patterns_here), 12))],
        title=f"A basis of the quiet patterns of the {rows}x{cols} board",
    )
    plt.show()

# %% [markdown]
# ## Summary
#
# - The kernel of $A$ holds the **quiet patterns**: presses that change nothing. Each free
#   column of the RREF gives one basis vector; rank + nullity = $N$.
# - The $5\times5$ board: rank 23, nullity 2, three quiet patterns, 4 solutions whenever
#   there is one.
# - $A\mathbf{x} = \mathbf{b}$ is solvable iff $\mathbf{b} \perp \ker(A^{\mathsf T})$; $A$
#   is symmetric, so $\ker(A^{\mathsf T}) = \ker(A)$: the quiet patterns are the parity
#   checks.
# - $P(\text{solvable}) = 2^{\operatorname{rank} - N} = 2^{-\text{nullity}}$: $1/4$ for
#   $5\times5$, confirmed over all $2^{25}$ boards and by experiment.
#
# **Try this**
#
# 1. Is the $5\times5$ board with only the **centre** light on solvable? Decide with the two
#    parity checks before asking `lo.solve_board`.
# 2. Tabulate the nullity of the $m\times n$ boards for $1 \le m, n \le 10$. Is the table
#    symmetric in $m$ and $n$? Why? Which rectangles have the largest nullity?
# 3. Prove that the $5\times5$ board with **all** lights on is solvable, using only the
#    number of presses in each quiet pattern.
#
# **Exercises**: [Exercises 4 — solvability and the kernel](exercises/E4_kernel.ipynb):
# verdicts on four boards (★), a nullity (★), counting solvable boards (★), a certificate of
# unsolvability (★★), a basis of quiet patterns (★★), a probability (★★) and a pattern in
# the $3 \times n$ boards (★★).
#
# **Next**: [Lecture 5 — All solutions and fewest presses](05_all_solutions_and_fewest_presses.ipynb)
# lists all four solutions of a $5\times5$ board and finds the shortest.
# Sources and further reading: the [bibliography](reference/bibliography.ipynb).
