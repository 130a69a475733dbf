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
# # Lecture 5 — All solutions and the fewest presses
#
# **What you will learn**
#
# - that the solutions of a solvable board form a *coset* $\mathbf{x}_p + \ker A$, and how
#   to list all of them;
# - how to find a solution with the **fewest presses** by running through the kernel, and
#   that the all-on $5 \times 5$ board needs 15 presses;
# - how the optimal number of presses is distributed over all $2^{23}$ solvable $5 \times 5$
#   boards;
# - why "give up above 20 free variables" is not good enough, what scales further (Gray code
#   enumeration), and where the limit is.
#
# **What it assumes**: the toggle matrix $A$ (lecture 1), arithmetic in GF(2) (lecture 2),
# Gauss–Jordan elimination (lecture 3), solvability, rank and the kernel of quiet patterns
# (lecture 4). Cosets, Gray codes and the Walsh–Hadamard transform are new here; each is
# defined where it is used, and nothing else about them is needed.

# %%
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## Every solution, not just one
#
# Elimination gives one *particular* solution $\mathbf{x}_p$ of $A\mathbf{x} = \mathbf{b}$
# (free variables set to 0). If $\mathbf{q}$ is a quiet pattern, $A\mathbf{q} = \mathbf{0}$,
# then $A(\mathbf{x}_p + \mathbf{q}) = \mathbf{b}$ as well. Conversely, if $\mathbf{x}$ is
# any solution, $A(\mathbf{x} - \mathbf{x}_p) = \mathbf{b} - \mathbf{b} = \mathbf{0}$: two
# solutions always differ by a quiet pattern.
#
# > **Definition (coset).** For a vector $\mathbf{x}_p$ and a subspace $K$, the *coset*
# > $\mathbf{x}_p + K = \{\mathbf{x}_p + \mathbf{q} : \mathbf{q} \in K\}$ is $K$ shifted by
# > $\mathbf{x}_p$.
#
# So the solution set of a solvable board is exactly the coset $\mathbf{x}_p + \ker A$. On
# the $5 \times 5$ board $\ker A$ has dimension 2, so $2^2 = 4$ elements, and every solvable
# board has exactly 4 solutions.
#
# In a first course this is the general solution in *parametric form*: one parameter per
# free column. With a basis $\mathbf{q}_1, \mathbf{q}_2$ of $\ker A$, every solution of a
# solvable $5 \times 5$ board is
#
# $$
# \mathbf{x} = \mathbf{x}_p + s\,\mathbf{q}_1 + t\,\mathbf{q}_2, \qquad s, t \in \mathrm{GF}(2),
# $$
#
# and different $(s, t)$ give different solutions. Over the real numbers $s$ and $t$ would
# run through a whole plane of solutions; over GF(2) each is 0 or 1, so there are four.

# %%
board = lo.random_board(5, 5, seed=5, solvable=True)
solution = lo.solve_board(board)
print(lo.format_board(board))
print("rank", solution.rank, "nullity", solution.nullity)

# %% [markdown]
# By hand first: take the particular solution and the two quiet patterns as flat vectors and
# add them in every combination, modulo 2: $(s, t) = (0, 0), (1, 0), (0, 1), (1, 1)$.

# %%
A = lo.toggle_matrix(5, 5)
b = board.ravel()
x_p = solution.presses.ravel()
q1, q2 = (q.ravel() for q in solution.quiet_patterns)
candidates = {
    "x_p": x_p,
    "x_p + q1": (x_p + q1) % 2,
    "x_p + q2": (x_p + q2) % 2,
    "x_p + q1 + q2": (x_p + q1 + q2) % 2,
}
for name, x in candidates.items():
    print(f"{name:14s} solves A x = b: {np.array_equal(A @ x % 2, b)}   presses: {x.sum()}")

# %%
labels = [r"$x_p$", r"$x_p + q_1$", r"$x_p + q_2$", r"$x_p + q_1 + q_2$"]
lo.draw_boards(
    [board] * 4,
    presses=[x.reshape(5, 5) for x in candidates.values()],
    titles=[
        f"{label}\n{x.sum()} presses" for label, x in zip(labels, candidates.values(), strict=True)
    ],
    title="The coset $x_p + \\ker A$: four ways to switch the same board off (dots = presses)",
    size=2.8,
)
plt.show()

# %% [markdown]
# The helper `Solution.all_solutions()` runs through the same coset.

# %%
from_helper = {tuple(x.ravel()) for x in solution.all_solutions()}
print("same four solutions:", from_helper == {tuple(x) for x in candidates.values()})

# %%
lo.QuickQuestion("coset")

# %% [markdown]
# ## The fewest presses
#
# > **Definition (weight, fewest-presses solution).** The *weight* $|\mathbf{x}|$ of a vector
# > over GF(2) is its number of ones — here the number of presses. A *fewest-presses solution*
# > is an element of minimum weight in the coset $\mathbf{x}_p + \ker A$.
#
# Pressing a cell twice does nothing, so no solution ever needs repeats: the weight is the
# true number of presses. With a kernel of dimension $d$ the coset has $2^d$ elements and we
# can simply try them all.

# %%
best = min(candidates.values(), key=lambda x: x.sum())
print("fewest presses by hand:", best.sum())
print("fewest presses by helper:", solution.fewest_presses().sum())

# %% [markdown]
# ### The all-on board needs 15 presses
#
# The classic starting position has all 25 lights on.

# %%
all_on = np.ones((5, 5), dtype=np.uint8)
all_on_solution = lo.solve_board(all_on)
weights = sorted(int(x.sum()) for x in all_on_solution.all_solutions())
print("presses of the four solutions:", weights)

# %%
four = list(all_on_solution.all_solutions())
lo.draw_boards(
    [all_on] * 4,
    presses=four,
    titles=[f"solution {k}: {x.sum()} presses" for k, x in enumerate(four, start=1)],
    title="The four solutions of the all-on 5 x 5 board",
    size=2.8,
)
plt.show()

# %% [markdown]
# A surprise: all four solutions need exactly 15 presses, so for the all-on board there is
# nothing to optimise. And 15 is a proof, not just the best we found: any way of switching the
# board off, once double presses cancel, is one of these four. (The four pictures are
# reflections of each other: the board is symmetric, so the set of its solutions is too.)
# Is 15 the most that *any* $5 \times 5$ board needs? The counts below say yes; [lecture
# 9](09_how_many_presses.ipynb) asks the same question for every board size, where counting
# is hopeless and a proof needs new tools.
#
# **Your turn.** Switch the board off yourself. Can you do it in 15 presses? **Hint** marks a
# cell of a fewest-presses solution; **Show quiet patterns** shows what you may add to a
# solution without changing anything.

# %% tags=["nbval-ignore-output"]
game = lo.LightsOutGame(board=all_on)
game

# %% [markdown]
# Driving a game from code: on a second copy (the game above stays yours), press the cells
# of a fewest-presses solution, one by one.

# %%
demo = lo.LightsOutGame(board=all_on)
for r, c in np.argwhere(all_on_solution.fewest_presses()):
    demo.press(int(r), int(c))
print(lo.format_board(demo.board, style="dots"))
print("presses:", demo.presses, " every light off:", not demo.board.any())

# %% [markdown]
# **Your turn.** Edit the board below (`1` = lit, `.` or `0` = off) and run the cell: how many
# solutions does it have, and how many presses does the best one need?

# %%
my_board = lo.parse_board(
    """
    1 1 . . .
    1 . . . .
    . . . . .
    . . . . 1
    . . . 1 1
    """
)
mine = lo.solve_board(my_board)
if mine.solvable:
    print("solutions:", 2**mine.nullity, " fewest presses:", mine.fewest_presses().sum())
else:
    print("not solvable: no way to switch this board off")

# %% [markdown]
# ## How hard is a random $5 \times 5$ board?
#
# There are $2^{23}$ solvable $5 \times 5$ boards (the column space of $A$). For each one we
# want the minimum weight of its four solutions. Doing it board by board would be slow; a
# better idea is to go through **press vectors** instead.
#
# Choose two cells $i, j$ on which the two quiet patterns are independent (here: cells 1 and
# 2 of the top row). Every coset contains exactly one press vector with those two cells
# unpressed, so the $2^{23}$ vectors with $x_i = x_j = 0$ represent every solvable board once.
# Store each vector as the bits of an integer: adding a quiet pattern is then one XOR and
# the weight is a popcount.

# %%
def as_int(vector):
    """Bit k of the result is entry k of the 0/1 vector (any length: Python ints are unbounded)."""
    return int.from_bytes(np.packbits(vector, bitorder="little").tobytes(), "little")


quiet = [as_int(q.ravel()) for q in solution.quiet_patterns]
print("quiet patterns restricted to cells 1, 2:", [(q & 1, q >> 1 & 1) for q in quiet])

reps = np.arange(2**23, dtype=np.uint32) << 2  # cells 1 and 2 unpressed
coset = [reps, reps ^ quiet[0], reps ^ quiet[1], reps ^ quiet[0] ^ quiet[1]]
fewest = np.minimum.reduce([np.bitwise_count(x) for x in coset])
by_hand = np.bincount(fewest)
print(by_hand)

# %% [markdown]
# The helper `lo.optimal_press_counts` does the same job for any board of up to 30 cells and
# any rule; entry $k$ is the number of solvable boards whose best solution has $k$ presses.

# %%
counts = lo.optimal_press_counts(5, 5)
print("helper agrees with the hand computation:", np.array_equal(counts, by_hand))
print("boards counted:", counts.sum(), "= 2^23:", counts.sum() == 2**23)

# %%
presses_needed = np.arange(len(counts))
fig, axes = plt.subplots(1, 2, figsize=(12, 4))
for ax, scale in zip(axes, ["linear", "log"], strict=True):
    ax.bar(presses_needed, counts, color="tab:orange")
    ax.set_yscale(scale)
    ax.set_xticks(presses_needed)
    ax.set_xlabel("fewest presses needed")
    ax.set_ylabel(f"number of boards ({scale} scale)")
fig.suptitle("Optimal number of presses over all $2^{23}$ solvable 5 x 5 boards")
plt.show()
mean = (np.arange(len(counts)) * counts).sum() / counts.sum()
print(f"average {mean:.2f} presses; {counts[-1]} boards need the maximum of {len(counts) - 1}")

# %% [markdown]
# No solvable $5 \times 5$ board needs more than 15 presses, and the all-on board is one of the
# 7350 hardest. The typical board needs about 10. Only $\binom{25}{k}$ boards can be solved
# with $k$ presses at all, which is why the left end of the chart is exactly
# $1, 25, 300, 2300, \dots$: up to 5 presses no two press sets give the same board (why? a
# quiet pattern has at least 12 presses).
#
# ## Beyond 20 free variables
#
# A common shortcut in Lights Out programs is to give up when the kernel has more than 20
# dimensions. How large do kernels get? Here is the nullity of the $n \times n$ board.

# %%
sizes = np.arange(1, 41)
nullity = np.array([n * n - lo.rank(lo.toggle_matrix(n, n)) for n in sizes])
fig, ax = plt.subplots(figsize=(10, 3.5))
ax.bar(sizes, nullity, color=np.where(nullity > 20, "tab:red", "tab:blue"))
ax.axhline(20, color="grey", linestyle="--", label="20 free variables")
ax.set_xlabel("board size n (an n x n board)")
ax.set_ylabel("nullity d = dim ker A")
ax.set_title("Kernel dimension of the n x n board: the coset has $2^d$ solutions")
ax.legend()
plt.show()
big_kernels = [(int(n), int(d)) for n, d in zip(sizes, nullity, strict=True) if d > 20]
print("sizes (n, nullity) with nullity above 20:", big_kernels)

# %% [markdown]
# Already $30 \times 30$ sits at 20, and $39 \times 39$ has a kernel of dimension 32:
# $2^{32} \approx 4.3 \cdot 10^9$ candidates. Three ideas push exhaustive search much further.
#
# 1. **Gray code order.** List the $2^d$ kernel elements so that consecutive ones differ by a
#    single basis vector: step $k$ adds basis vector number $\operatorname{tz}(k)$, the number
#    of trailing zero bits of $k$. Each step is then one XOR of $N$ bits and one popcount
#    instead of a sum of up to $d$ vectors.
# 2. **Packed bits.** Stored 64 cells to a machine word, that XOR and popcount take $N/64$
#    instructions.
# 3. **All weights at once.** Cell $j$ is pressed in $\mathbf{x}_p + \sum_i c_i \mathbf{q}_i$
#    exactly when $x_{p,j} + \mathbf{c}\cdot\mathbf{v}_j = 1$, where
#    $\mathbf{v}_j \in \mathrm{GF}(2)^d$ collects entry $j$ of the $d$ basis vectors. With
#    signs $s_j = (-1)^{x_{p,j}}$ the number of presses is
#    $\tfrac12\bigl(N - \sum_j s_j (-1)^{\mathbf{c}\cdot\mathbf{v}_j}\bigr)$. Group the cells by
#    their $\mathbf{v}_j$: with $f(\mathbf{v}) = \sum_{j : \mathbf{v}_j = \mathbf{v}} s_j$ the sum
#    is $F(\mathbf{c}) = \sum_{\mathbf{v}} f(\mathbf{v})\,(-1)^{\mathbf{c}\cdot\mathbf{v}}$, the
#    **Walsh–Hadamard transform** of $f$. Like the fast Fourier transform it is computed in
#    $d$ passes; pass $i$ replaces each pair of entries $(a, b)$ whose indices differ only in
#    bit $i$ by $(a + b, a - b)$. That is $d\,2^d$ additions for all $2^d$ vectors
#    $\mathbf{c}$ at once, however many cells the board has. This is what
#    `fewest_presses()` uses.
#
# Here is Gray code enumeration with Python integers, on the $30 \times 30$ board with all
# lights on ($2^{20} \approx 10^6$ candidates, a second or less).

# %%
def fewest_by_gray_code(particular, kernel):
    """Minimum weight of particular + span(kernel): vectors are ints, Gray code order."""
    x = particular
    best = x.bit_count()
    for k in range(1, 2 ** len(kernel)):
        x ^= kernel[(k & -k).bit_length() - 1]  # flip the basis vector of the lowest set bit
        best = min(best, x.bit_count())
    return best


big = lo.solve_board(np.ones((30, 30), dtype=np.uint8))
kernel = [as_int(q.ravel()) for q in big.quiet_patterns]
print("kernel dimension:", len(kernel))
print("fewest presses, Gray code:", fewest_by_gray_code(as_int(big.presses.ravel()), kernel))
print("fewest presses, helper:   ", big.fewest_presses().sum())

# %% [markdown]
# ### The limit
#
# Every one of these ideas makes a step cheap, but there are still $2^d$ steps. At roughly
# $10^8$ steps a second, $d = 32$ takes under a minute, $d = 40$ hours, and the $79 \times 79$
# board with $d = 64$ thousands of years. The helper therefore stops at a stated limit
# instead of running for ever:

# %%
huge = lo.solve_board(np.ones((61, 61), dtype=np.uint8))
try:
    huge.fewest_presses()
except ValueError as error:
    print(f"61 x 61 (nullity {huge.nullity}):", error)

# %% [markdown]
#
# This is not a failure of imagination. Finding the minimum-weight element of a coset
# $\mathbf{x}_p + K$ is the *coset weight* (maximum-likelihood decoding) problem of coding
# theory, which is NP-hard in general (Berlekamp, McEliece and van Tilborg, 1978). Beyond the
# exhaustive range one uses integer programming or SAT solvers, which often succeed but carry
# no running-time guarantee.

# %% [markdown]
# ## Summary
#
# - The solutions of a solvable board are the coset $\mathbf{x}_p + \ker A$: $2^{d}$ of them.
# - The fewest-presses solution is the minimum-weight element of that coset; for the all-on
#   $5 \times 5$ board it has 15 presses, the most any solvable $5 \times 5$ board needs.
# - Over all $2^{23}$ solvable $5 \times 5$ boards the typical board needs about 10 presses.
# - Gray code order, packed bits and the Walsh–Hadamard transform make each of the $2^d$
#   steps cheap; past $d \approx 40$ no exhaustive method is practical, and the general
#   problem is NP-hard.
#
# **Try this**
#
# 1. Call `lo.optimal_press_counts(4, 4)`. How many $4 \times 4$ boards are solvable,
#    and what is the largest number of presses needed?
# 2. Find a $5 \times 5$ board with two different fewest-presses solutions
#    (`Solution.all_fewest_presses()` lists the ties).
# 3. Time `fewest_by_gray_code` on the $19 \times 19$ all-on board ($d = 16$) and predict the
#    time for $d = 32$.
#
# **Exercises**: [Exercises 5 — all solutions and fewest presses](exercises/E5_fewest.ipynb):
# the number of solutions (★), a second solution (★★), a board that needs exactly six
# presses (★★), and your own exact fewest-presses search (★★★).
#
# **Next**: [Lecture 6 — Light chasing](06_light_chasing.ipynb) solves boards row by row with
# far fewer unknowns.
# Sources and further reading: the [bibliography](reference/bibliography.ipynb).
