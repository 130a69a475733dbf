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
# # Lecture 4 — Solvability and the kernel
#
# **What you will learn**
#
# - the kernel of the toggle matrix: the *quiet patterns*, presses that change nothing;
# - rank + nullity = number of cells, with its proof, and what it means for the
#   $5\times5$ game (rank 23, nullity 2, exactly 4 solutions whenever there is one);
# - exactly which boards can be solved: $\mathbf{b}$ must be orthogonal to
#   $\ker(A^{\mathsf T})$, which for Lights Out is $\ker(A)$, and the facts about
#   dimensions behind that theorem;
# - the two parity checks of the $5\times5$ board;
# - the two pivot criteria: a pivot in every row means every board is solvable, a pivot in
#   every column means at most one solution;
# - why exactly $1/4$ of all $5 \times 5$ boards are solvable (and, in an optional part,
#   checked exactly and by a random experiment, and how the nullity of the $n\times n$ board
#   jumps around as $n$ grows).
#
# **What it assumes**: lectures 1–3, in particular pivot and free columns, the two theorems
# of lecture 3 (row operations keep the solutions; the RREF is unique, and the pivot columns
# are a basis of the column space), and the inner product over GF(2) from lecture 2. From a
# first linear algebra course: subspaces, basis and dimension. The rank–nullity theorem is
# proved here from the RREF, and none of the proofs uses anything about the real numbers, so
# they hold over GF(2) too.

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
# Every free column gives a kernel vector, as follows. Let $R$ be the RREF of $A$, with
# pivots in the columns $p_1 < p_2 < \dots < p_r$ and free columns $F$ (the others). By
# lecture 3, $A\mathbf{x} = \mathbf{0}$ has the same solutions as $R\mathbf{x} =
# \mathbf{0}$. Row $i \le r$ of $R$ has its pivot 1 in column $p_i$, zeros in the other
# pivot columns, and entries $R_{i,f}$ in the free columns, so it is the equation
#
# $$
# x_{p_i} + \sum_{f \in F} R_{i,f}\,x_f = 0
# \quad\Longleftrightarrow\quad
# x_{p_i} = \sum_{f \in F} R_{i,f}\,x_f
# $$
#
# (over GF(2), moving a term across the equals sign changes nothing); the zero rows say
# $0 = 0$. So the free unknowns can be chosen at will, and then the pivot unknowns are
# fixed. For the $5\times5$ board lecture 3 found $p_i = i$ (pivots in columns 1 to 23) and
# $F = \{24, 25\}$, so the equations read $x_i = R_{i,24}\,x_{24} + R_{i,25}\,x_{25}$.
# Choose $(x_{24}, x_{25}) = (1, 0)$, then $(0, 1)$, and read off the rest. The code below
# does not assume where the pivots are: it uses the pivot list.

# %%
A = lo.toggle_matrix(5, 5)
elimination = lo.eliminate(A)
R, pivots = elimination.rref, list(elimination.pivots)
free = [c for c in range(25) if c not in pivots]
print("pivots in columns 1 to 23:", pivots == list(range(23)))
print("free columns (counted from 1):", [c + 1 for c in free])


def kernel_vector(f):
    """The kernel vector with free unknown f equal to 1 and the other free unknowns 0."""
    q = np.zeros(25, dtype=np.uint8)
    q[f] = 1
    for i, p in enumerate(pivots):
        q[p] = R[i, f]  # x_p = sum of R[i, g] x_g over the free g, and only x_f = 1
    return q


kernel_by_hand = np.array([kernel_vector(f) for f in free])
for f, q in zip(free, kernel_by_hand, strict=True):
    print(f"x{f + 1} = 1, the other free unknown 0:  A q = 0 is", not (A @ q % 2).any())

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
# > **Theorem (rank–nullity).** For every matrix $A$ with $N$ columns, over GF(2) or any
# > other field, $\operatorname{rank}(A) + \operatorname{nullity}(A) = N$. (S. Axler,
# > *Linear Algebra Done Right*, 3rd ed., Springer 2015, §3.B: the Fundamental Theorem of
# > Linear Maps.)
#
# *Proof.* The rank $r$ is the number of pivot columns, so there are $N - r$ free columns.
# For each free column $f$ let $\mathbf{v}_f$ be the kernel vector built above: 1 at $f$, 0
# at the other free columns, and $R_{i,f}$ at the pivot column $p_i$. These $N - r$ vectors
# are a basis of $\ker(A)$:
#
# - *Independent.* In a sum $\sum_{f \in F} c_f\,\mathbf{v}_f$ the entry at the free
#   column $f$ is $c_f$, since only $\mathbf{v}_f$ is nonzero there. So if the sum is
#   $\mathbf{0}$, every $c_f = 0$.
# - *Spanning.* Let $\mathbf{x} \in \ker(A)$ and $\mathbf{y} = \mathbf{x} - \sum_{f \in F}
#   x_f\,\mathbf{v}_f$. Then $\mathbf{y}$ is in the kernel (a subspace), and it is 0 at every
#   free column. The equations $y_{p_i} = \sum_f R_{i,f}\,y_f$ then give $y_{p_i} = 0$ as
#   well: $\mathbf{y} = \mathbf{0}$, so $\mathbf{x} = \sum_f x_f\,\mathbf{v}_f$.
#
# So the nullity is $N - r$. (Over another field the equations read $x_{p_i} = -\sum_f
# R_{i,f}\,x_f$, and nothing else changes.) $\square$
#
# For the $5 \times 5$ board, $23 + 2 = 25$: the kernel has $2^2 = 4$ elements,
# $\mathbf{0}$ and the three patterns above. The exact count in the optional part below
# confirms it: of all $2^{25}$ press sets exactly 4 leave the dark board dark.
#
# > **Corollary (all solutions).** If $A\mathbf{x} = \mathbf{b}$, the solutions of
# > $A\mathbf{x}' = \mathbf{b}$ are exactly the vectors $\mathbf{x}' = \mathbf{x} +
# > \mathbf{q}$ with $\mathbf{q} \in \ker(A)$; different $\mathbf{q}$ give different
# > solutions.
#
# *Proof.* If $A\mathbf{q} = \mathbf{0}$ then $A(\mathbf{x} + \mathbf{q}) = \mathbf{b} +
# \mathbf{0} = \mathbf{b}$. Conversely, if $A\mathbf{x}' = \mathbf{b}$, then
# $\mathbf{q} = \mathbf{x}' - \mathbf{x}$ has $A\mathbf{q} = \mathbf{b} - \mathbf{b} =
# \mathbf{0}$, so two solutions differ by a kernel vector and $\mathbf{x}' = \mathbf{x} +
# \mathbf{q}$. $\square$
#
# So a solvable $5\times5$ board has **exactly 4 solutions**, never more and never fewer
# (lecture 5 lists them and finds the shortest).

# %%
lo.QuickQuestion("solution_count")

# %% [markdown]
# ## Two pivot criteria
#
# Whether $A\mathbf{x} = \mathbf{b}$ can be solved, and in how many ways, can be read off
# where the pivots of the RREF $R$ of $A$ lie.
#
# > **Theorem (pivot criteria).** Let $A$ have $M$ rows and $N$ columns.
# >
# > 1. $A$ has a pivot in **every row** (rank $M$) $\iff$ $A\mathbf{x} = \mathbf{b}$ is
# >    solvable for **every** $\mathbf{b}$.
# > 2. $A$ has a pivot in **every column** (rank $N$) $\iff$ $A\mathbf{x} = \mathbf{b}$
# >    has **at most one** solution for every $\mathbf{b}$.
#
# *Proof.* 1. Eliminate on $[A \mid \mathbf{b}]$. If every row of $R$ has a pivot, no row
# can read $0 = 1$, so there is a solution (lecture 3). If row $M$ of $R$ is zero, take the
# right-hand side that elimination turns into $\mathbf{e}_M$: undo the row operations,
# in reverse order, on $\mathbf{e}_M$. Row $M$ then reads $0 = 1$, and that $\mathbf{b}$ has no
# solution. 2. A pivot in every column means no free column, that is nullity $N - N = 0$
# by rank–nullity, and by the corollary two solutions differ by a kernel vector, which is
# then $\mathbf{0}$. If some column is free, the kernel has a nonzero $\mathbf{q}$, and
# $\mathbf{b} = \mathbf{0}$ has the two solutions $\mathbf{0}$ and $\mathbf{q}$. $\square$
#
# For a square matrix ($M = N$) the two criteria say the same: rank $N$. Use them on the
# boards of lecture 3. The $3 \times 3$ toggle matrix has 9 pivots in 9 rows and 9 columns:
# every board is solvable, in exactly one way. The $5 \times 5$ one has 23 pivots in 25 rows
# and 25 columns: rows 24 and 25 have none, so **some** boards are unsolvable (lecture 3's
# $0 = 1$), and columns 24 and 25 have none, so a solvable board has **more than one**
# solution (four, by the corollary).

# %%
for n in (3, 5):
    e_n = lo.eliminate(lo.toggle_matrix(n, n))
    print(
        f"{n}x{n}: {e_n.rank} pivots for {n * n} rows and {n * n} columns; "
        f"every board solvable: {e_n.rank == n * n}, at most one solution: {e_n.rank == n * n}"
    )

# %%
lo.QuickQuestion("pivot_criteria")

# %% [markdown]
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
# *Why "if".* It rests on three facts about dimensions. Let $A$ have $M$ rows, $N$ columns
# and rank $r$ (for a board, $M = N$).
#
# 1. **$\dim \operatorname{col}(A) = r$.** The pivot columns of $A$ are a basis of its
#    column space (lecture 3, from the uniqueness of the RREF).
# 2. **$\operatorname{rank}(A^{\mathsf T}) = r$, so $\dim\ker(A^{\mathsf T}) = M - r$.**
#    Row operations replace a row by a sum of rows and can be undone, so $A$ and $R$ have
#    the same row space. The $r$ nonzero rows of $R$ are independent: row $i$ is the only
#    one with a 1 in column $p_i$, so a sum of some of them has a 1 in the pivot column of
#    each row used. So $\dim \operatorname{row}(A) = r$. The row space of $A$ is the column
#    space of $A^{\mathsf T}$, so by fact 1 for $A^{\mathsf T}$ its rank is $r$ too
#    ("row rank = column rank"; Axler, §3.F), and rank–nullity for the $N \times M$ matrix
#    $A^{\mathsf T}$ gives $\dim\ker(A^{\mathsf T}) = M - r$.
# 3. **$\dim W^{\perp} = M - \dim W$** for every subspace $W$ of $\mathrm{GF}(2)^M$, where
#    $W^{\perp} = \{\mathbf{b} : \mathbf{w}\cdot\mathbf{b} = 0 \text{ for all }
#    \mathbf{w} \in W\}$. Over GF(2) this needs care, because $W$ and $W^{\perp}$ can
#    overlap (lecture 2: a vector can be orthogonal to itself), so the proof from the real
#    numbers, "$W$ and $W^\perp$ together make up the whole space", fails. The fact still
#    holds over every field: in coding theory it says that the dual of a code of dimension
#    $d$ and length $M$ has dimension $M - d$ (F. J. MacWilliams and N. J. A. Sloane, *The
#    Theory of Error-Correcting Codes*, North-Holland 1977, chapter 1; over any field,
#    Axler §3.F, the dimension of the annihilator). Its proof is
#    [Exercise 4.8](exercises/E4_kernel.ipynb).
#
# Now the proof. By the "only if" half, $\operatorname{col}(A) \subseteq
# \ker(A^{\mathsf T})^{\perp}$. By facts 2 and 3 the right side has dimension $M - (M - r) =
# r$, and by fact 1 so has the left side. A subspace inside another of the same dimension is
# all of it (a basis of the smaller one is $r$ independent vectors in an $r$-dimensional
# space, so it spans that space too). So $\operatorname{col}(A) = \ker(A^{\mathsf T})^{\perp}$:
# exactly the boards orthogonal to $\ker(A^{\mathsf T})$ are solvable. $\square$
#
# Check all of it on a matrix that is neither square nor symmetric: a $6 \times 9$ matrix of
# rank at most 4 (a product of a $6 \times 4$ and a $4 \times 9$ matrix). With only $2^6$
# right-hand sides, we can test the theorem on every one of them. By the pivot criteria,
# with fewer pivots than rows some right-hand sides must fail, and with fewer pivots than
# columns no solution is unique.

# %%
rng = np.random.default_rng(4)
B = rng.integers(0, 2, (6, 4), dtype=np.uint8) @ rng.integers(0, 2, (4, 9), dtype=np.uint8) % 2
r = lo.rank(B)
Y = lo.left_null_space(B)  # a basis of ker(B^T), one vector per row
print(f"rank B = {r},  rank B^T = {lo.rank(B.T)}")
print(f"pivots in every row: {r == 6},  pivots in every column: {r == 9}")
print(f"dim ker B = {len(lo.null_space(B))} = 9 - {r},  dim ker B^T = {len(Y)} = 6 - {r}")
rights = [np.array(bits, dtype=np.uint8) for bits in np.ndindex(*(2,) * 6)]
reached = {tuple(B @ np.array(x, dtype=np.uint8) % 2) for x in np.ndindex(*(2,) * 9)}
passing = [c for c in rights if not (Y @ c % 2).any()]
print(f"vectors in col B: {len(reached)} = 2^{r}")
print(f"vectors orthogonal to ker B^T: {len(passing)} = 2^(6 - {len(Y)})")
print(
    "B x = c solvable <=> c orthogonal to ker B^T, for all 64 c:",
    all((lo.solve(B, c) is not None) == (not (Y @ c % 2).any()) for c in rights),
)

# %% [markdown]
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
# The kernel has dimension 2, and $\mathbf{q}_1, \mathbf{q}_2$ are two different nonzero
# kernel vectors. Over GF(2) that makes them independent (the only combinations are
# $\mathbf{0}$, $\mathbf{q}_1$, $\mathbf{q}_2$ and $\mathbf{q}_1 + \mathbf{q}_2$, and only
# the first is $\mathbf{0}$), so they are a basis of $\ker(A) = \ker(A^{\mathsf T})$. A
# board is orthogonal to the whole kernel as soon as it is orthogonal to a basis, so a
# $5\times5$ board is solvable exactly when
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

# %%
lo.QuickQuestion("certificate")

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
# ## Optional: one board in four, counted and simulated
#
# The rest of this lecture checks the theorems of today by computer, and looks at larger
# boards. Nothing later depends on it: skip it in class when time is short, and come back to
# it on your own.
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
print("press sets that leave the dark board dark (the kernel):", int((reachable == 0).sum()))
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
band = 1.96 * np.sqrt(0.25 * 0.75 / trials)  # at each number of trials alone: 95% of runs
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
# ## Optional: the nullity of $n \times n$ boards
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
# Pick a board size with quiet patterns (try $2\times3$, a rectangle such as $5\times7$, or
# $9\times9$) and look at them. (The $4 \times 4$ board is yours to find in Exercise 4.5.)

# %%
rows, cols = 9, 9
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
#   column of the RREF gives one basis vector (they are independent and span the kernel);
#   rank + nullity = $N$.
# - Two solutions of the same board differ by a quiet pattern. The $5\times5$ board: rank
#   23, nullity 2, three quiet patterns, exactly 4 solutions whenever there is one.
# - $A\mathbf{x} = \mathbf{b}$ is solvable iff $\mathbf{b} \perp \ker(A^{\mathsf T})$: the
#   proof compares dimensions, $\dim\operatorname{col}(A) = r$, $\dim\ker(A^{\mathsf T}) =
#   M - r$ and $\dim W^\perp = M - \dim W$. $A$ is symmetric, so $\ker(A^{\mathsf T}) =
#   \ker(A)$: the quiet patterns are the parity checks.
# - A pivot in every row $\iff$ every $\mathbf{b}$ is solvable; a pivot in every column
#   $\iff$ at most one solution. The $5\times5$ board has neither.
# - $P(\text{solvable}) = 2^{\operatorname{rank} - N} = 2^{-\text{nullity}}$: $1/4$ for
#   $5\times5$, confirmed (in the optional part) over all $2^{25}$ boards and by experiment.
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
# unsolvability (★★), a basis of quiet patterns (★★), a probability (★★), a pattern in
# the $3 \times n$ boards (★★), the proof of fact 3 (★★), and a board with broken buttons,
# where $A$ is not square (★★★).
#
# **Next**: [Lecture 5 — All solutions and fewest presses](05_all_solutions_and_fewest_presses.ipynb)
# lists all four solutions of a $5\times5$ board and finds the shortest.
# Sources and further reading: the [bibliography](reference/bibliography.ipynb).
