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
# # Lecture 7 — Variants: other rules, the torus, any graph, more colours
#
# **What you will learn**
#
# - how the press rule ("plus", "neighbours only", "x", "king") changes the toggle matrix,
#   its rank and its quiet patterns, on the ordinary board and on the torus;
# - how to play Lights Out on **any graph**;
# - a theorem with a three-line proof: when every press toggles the pressed vertex, the
#   all-on board can **always** be switched off — on every graph;
# - Lights Out with three colours, where the arithmetic is modulo 3.
#
# **What it assumes**: the toggle matrix, rank, kernel and solvability (lectures 1–4). The
# linear algebra does not change at all — only the matrix does. Two explanations use
# more: the neighbours-only nullity uses the minimal polynomial of lecture 6 and the fact
# that the matrices commuting with a cyclic matrix are its polynomials (stated, not proved);
# the four-colour section uses the Smith normal form, introduced there.

# %%
import itertools

import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## Four rules as stencils
#
# > **Definition (rule).** A *rule* is a $3 \times 3$ stencil of 0/1: entry
# > $(1 + \delta_r, 1 + \delta_c)$ is 1 when a press toggles the cell $\delta_r$ rows and
# > $\delta_c$ columns away from the pressed cell (the centre).
#
# The classic rule is "plus". "neighbors" leaves the pressed cell alone, "x" uses the four
# diagonal neighbours and the cell itself, "king" all eight neighbours and the cell.

# %%
RULE_NAMES = ["plus", "neighbors", "x", "king"]
centre = np.zeros((3, 3), dtype=np.uint8)
centre[1, 1] = 1
lo.draw_boards(
    [lo.rule_stencil(rule) for rule in RULE_NAMES],
    presses=[centre] * 4,
    titles=[f"rule {rule!r}" for rule in RULE_NAMES],
    title="What one press (the dot) toggles: the yellow cells",
)
plt.show()

# %% [markdown]
# By hand first: the toggle matrix of a stencil has a 1 in row $i$, column $j$ when cell $i$
# is at one of the stencil's offsets from cell $j$. In plain NumPy, for the $3 \times 3$ board
# and the neighbours-only rule:


# %%
def toggle_matrix_by_hand(rows, cols, stencil):
    A = np.zeros((rows * cols, rows * cols), dtype=np.uint8)
    offsets = np.argwhere(stencil) - 1
    for r in range(rows):
        for c in range(cols):
            for dr, dc in offsets:
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    A[(r + dr) * cols + (c + dc), r * cols + c] = 1
    return A


by_hand = toggle_matrix_by_hand(3, 3, lo.rule_stencil("neighbors"))
print(by_hand)
print("same as the helper:", np.array_equal(by_hand, lo.toggle_matrix(3, 3, rule="neighbors")))

# %%
fig, axes = plt.subplots(1, 4, figsize=(13, 3.6))
for ax, rule in zip(axes, RULE_NAMES, strict=True):
    lo.draw_matrix(
        lo.toggle_matrix(4, 4, rule=rule),
        ax=ax,
        augmented=False,
        labels=False,
        title=f"4 x 4, rule {rule!r}",
    )
fig.suptitle("Toggle matrices (16 x 16): the diagonal is the pressed cell itself")
plt.show()

# %% [markdown]
# ## The torus
#
# > **Definition (torus).** On the *torus* the board wraps around: the left neighbour of a cell in
# > the first column is in the last column, and the cell above the top row is in the bottom
# > row. Every cell then has the same number of neighbours.
#
# On very small tori a neighbour can be met more than once, and we count every meeting: a cell
# met twice is toggled twice, which changes nothing. On the $2 \times 2$ torus a cell's left
# and right neighbour are the same cell (and so are the ones above and below), so a press
# toggles only the pressed cell. On the $1 \times 1$ torus the cell is its own neighbour four
# times and is toggled $1 + 4 = 5$ times, i.e. once. The package uses this convention for
# every rule and every number of colours:

# %%
print("1x1 torus:", lo.toggle_matrix(1, 1, torus=True).tolist())
print("2x2 torus:", lo.toggle_matrix(2, 2, torus=True).tolist())
print("1x3 torus:", lo.toggle_matrix(1, 3, torus=True).tolist())

# %% [markdown]
#
# Here are the nullities $\dim\ker A = n^2 - \operatorname{rank} A$ of the $n \times n$ boards
# for each rule, on the ordinary board and on the torus.

# %%
sizes = range(1, 13)
print("rule       torus  " + " ".join(f"{n:>3d}" for n in sizes))
for torus in (False, True):
    for rule in RULE_NAMES:
        nullities = [n * n - lo.rank(lo.toggle_matrix(n, n, rule=rule, torus=torus)) for n in sizes]
        print(f"{rule:10s} {torus!s:6s} " + " ".join(f"{d:3d}" for d in nullities))

# %% [markdown]
# A few patterns jump out, and two of them we can explain right away.
#
# - **king**: the stencil is the outer product of $(1, 1, 1)$ with itself, so the toggle
#   matrix is a Kronecker product $A = T \otimes T$, with $T$ the $n \times n$ tridiagonal
#   matrix of ones (one row of the plus rule). Then $\operatorname{rank} A =
#   (\operatorname{rank} T)^2$; $T$ is singular exactly when $3$ divides $n + 1$, and then the
#   nullity is $n^2 - (n - 1)^2 = 2n - 1$.
# - **neighbors**: the $n \times n$ board has nullity exactly $n$. Write a press pattern as an
#   $n \times n$ matrix $X$; it is quiet when $PX + XP = 0$, where $P$ is the path adjacency
#   matrix, i.e. when $X$ commutes with $P$ (over GF(2), $-XP = XP$). A fact from linear
#   algebra: when the minimal polynomial of $P$ equals its characteristic polynomial (lecture
#   6 showed this for the path), the matrices commuting with $P$ are exactly the polynomials
#   in $P$. Those form an $n$-dimensional space ($I, P, \dots, P^{n-1}$ are a basis).
# - **torus**: wrapping around changes the nullities completely: the $5 \times 5$ torus has
#   nullity 8 ($2^8 - 1 = 255$ quiet patterns) where the ordinary board has nullity 2.
#
# Check the king claim in NumPy:

# %%
for n in range(1, 9):
    T = lo.toggle_matrix(1, n)
    A_king = lo.toggle_matrix(n, n, rule="king")
    same = np.array_equal(np.kron(T, T), A_king)
    print(f"n = {n}: A = kron(T, T) {same},  rank T = {lo.rank(T)},  rank A = {lo.rank(A_king)}")

# %% [markdown]
# Pictures of quiet patterns make this concrete: the king rule on $5 \times 5$ (nullity 9) and
# the plus rule on the $6 \times 6$ torus (nullity 8; the $5 \times 5$ torus is Exercise 7.2).
# Change the `examples` and run the cell again.
#
# From here on one value carries a game: `lo.Puzzle.grid(rows, cols, rule=..., torus=...,
# colors=...)` for a board, and (below) `lo.Puzzle.graph(...)` for any graph. A puzzle
# builds its toggle matrix, presses cells and solves boards, the same way for both.

# %%
examples = [lo.Puzzle.grid(5, 5, rule="king"), lo.Puzzle.grid(6, 6, torus=True)]
shown = 5
fig, axes = plt.subplots(len(examples), shown, figsize=(2.3 * shown, 2.9 * len(examples)))
for ax_row, puzzle in zip(axes, examples, strict=True):
    dark = np.zeros(puzzle.shape, np.uint8)
    empty = puzzle.solve(dark)
    rule, where = puzzle.rule, " torus" if puzzle.torus else ""
    for k, (ax, q) in enumerate(zip(ax_row, empty.quiet_patterns, strict=False), start=1):
        quiet = not puzzle.press(dark, q).any()
        lo.draw_board(
            dark, presses=q, ax=ax, title=f"{rule}{where}: q{k}" + ("" if quiet else " NOT quiet")
        )
    for ax in ax_row[len(empty.quiet_patterns) :]:
        ax.axis("off")
fig.suptitle(f"The first {shown} basis quiet patterns (dots = presses; every light stays off)")
plt.show()

# %% [markdown]
# **Your turn.** Play on the $6 \times 6$ torus: a press near an edge wraps around to the
# other side. The kernel has dimension 8, so a solvable board has $2^8 = 256$ solutions;
# **Hint** points to one with the fewest presses.

# %% tags=["nbval-ignore-output"]
torus = lo.Puzzle.grid(6, 6, torus=True)
torus_game = lo.LightsOutGame(puzzle=torus, seed=7)
torus_game

# %% [markdown]
# Driven from code, on a copy of the dealt board: press a fewest-presses solution, then read
# the board the widget shows.

# %%
dealt = torus_game.board
demo = lo.LightsOutGame(puzzle=torus, board=dealt)
plan = torus.solve(dealt).fewest_presses()
for r, c in np.argwhere(plan):
    demo.press(int(r), int(c))
print(lo.format_board(dealt, style="dots"), end="\n\n")
print(lo.format_board(demo.board, style="dots"))
print("presses:", demo.presses, " every light off:", not demo.board.any())

# %% [markdown]
# ## Lights Out on any graph
#
# Nothing above used the grid: only "which lights does a press toggle".
#
# > **Definition (Lights Out on a graph).** Lights Out on a graph $G$ with vertices
# > $0, \dots, n-1$: every vertex has a light; pressing a vertex toggles it and its neighbours.
# > The toggle matrix is $A = \mathrm{Adj}(G) + I$ over GF(2).
#
# Our example is the Petersen graph: an outer 5-cycle (vertices 0–4), an inner pentagram
# (5–9), and five spokes joining $i$ to $i + 5$. The vertices are numbered from 0, as in
# Python and in the exercises. `lo.petersen_graph()` holds its edges and a drawing layout,
# and `lo.draw_graph` draws lights and presses the way boards are drawn: yellow = on,
# a dot = a press. `lo.Puzzle.graph(...)` is the game on it, with the same methods as a
# grid's puzzle: a board is now a vector, one light per vertex.

# %%
petersen = lo.petersen_graph()
print(petersen, petersen.edges, sep="\n")
game = lo.Puzzle.graph(petersen)
all_on = np.ones(10, dtype=np.uint8)
solution = game.solve(all_on)  # which presses is Exercise 7.1
print(game)
print("rank of A:", solution.rank, "of 10")
print("the all-on board can be switched off:", solution.solvable)
print("checked by pressing:", not game.press(all_on, solution.presses).any())

# %%
one_press = np.eye(10, dtype=np.uint8)[0]  # press vertex 0 on the dark graph
fig, axes = plt.subplots(1, 2, figsize=(9, 4.5))
lo.draw_graph(petersen, all_on, ax=axes[0], title="Petersen graph, all lights on")
lo.draw_graph(
    petersen,
    game.press(np.zeros(10, dtype=np.uint8), one_press),
    one_press,
    ax=axes[1],
    title="one press (dot) at vertex 0\nlights it and its 3 neighbours",
)
plt.show()

# %% [markdown]
# The Petersen toggle matrix has rank only 5: just $2^5 = 32$ of the $2^{10} = 1024$ boards on
# this graph can be switched off. The all-on board is one of the lucky 32. Luck?
#
# ## The all-on board is always solvable
#
# > **Theorem (all on is always solvable).** On every graph, if each press toggles the pressed
# > vertex, the all-on board can be switched off: $\mathbf{1}$ is in the column space of $A$.
#
# *Proof.* $A$ is symmetric with all diagonal entries 1. Over GF(2), for every vector
# $\mathbf{y}$,
#
# $$\mathbf{y}^{\mathsf T} A\, \mathbf{y} = \sum_{i,j} A_{ij}\, y_i y_j
# = \sum_i A_{ii}\, y_i^2 + 2\sum_{i<j} A_{ij}\, y_i y_j = \sum_i y_i = \mathbf{y}\cdot\mathbf{1},$$
#
# because the off-diagonal terms come in equal pairs, $2 = 0$, and $y_i^2 = y_i$. If
# $\mathbf{y} \in \ker A$ the left side is 0, so $\mathbf{y}\cdot\mathbf{1} = 0$: the vector
# $\mathbf{1}$ is orthogonal to $\ker A = \ker A^{\mathsf T}$. By the solvability criterion of
# lecture 4, $A\mathbf{x} = \mathbf{1}$ has a solution. $\square$
#
# First by hand on one graph, the $5 \times 5$ grid: both kernel basis vectors have an even
# number of ones, and $\mathbf{y}^{\mathsf T}A\mathbf{y} = \mathbf{y}\cdot\mathbf{1}$.

# %%
grid_A = lo.toggle_matrix(5, 5)
for y in lo.null_space(grid_A):
    print("y^T A y =", y @ grid_A @ y % 2, "  y . 1 =", y.sum() % 2, "  (y has", y.sum(), "ones)")

# %% [markdown]
# Now a test the theorem must survive: 300 random graphs (seeded), of random size and
# density. Many of their toggle matrices are singular, so many boards on them have no
# solution — but the all-on board always has one.

# %%
rng = np.random.default_rng(7)
singular = 0
for trial in range(300):
    n = int(rng.integers(1, 41))
    upper = np.triu(rng.random((n, n)) < rng.random(), k=1)
    game = lo.Puzzle.graph(adjacency=(upper | upper.T).astype(np.uint8))
    lights = np.ones(n, dtype=np.uint8)
    solution = game.solve(lights)
    assert solution.solvable and not game.press(lights, solution.presses).any(), trial
    singular += solution.rank < n
print(f"all 300 all-on boards solved (and checked); {singular} of the matrices were singular")

# %%
lo.QuickQuestion("all_on")

# %% [markdown]
# The hypothesis "each press toggles the pressed vertex" matters. With the neighbours-only rule
# the diagonal of $A$ is 0, and the key step of the proof breaks: now
# $\mathbf{y}^{\mathsf T}A\mathbf{y} = \sum_i A_{ii}\,y_i = 0$ for **every** $\mathbf{y}$,
# whatever $\mathbf{y}\cdot\mathbf{1}$ is. Does the conclusion break too? Exercise 7.6 asks
# you for a graph on which it does.

# %%
A_neighbours = lo.toggle_matrix(3, 3, rule="neighbors")
print("diagonal of A:", A_neighbours.diagonal())
for y in np.eye(9, dtype=np.uint8)[:2]:
    print("y =", y, "  y^T A y =", y @ A_neighbours @ y % 2, "  y . 1 =", y.sum() % 2)

# %% [markdown]
# ## Three colours: Lights Out 2000
#
# In *Lights Out 2000* each light cycles through three states: off (0), red (1), green (2).
# A press adds 1 modulo 3 to the pressed cell and its neighbours. The board is switched off by
# presses $\mathbf{x}$ (each cell pressed 0, 1 or 2 times) with
#
# $$\mathbf{b} + A\mathbf{x} \equiv \mathbf{0} \pmod 3,
# \quad\text{i.e.}\quad A\mathbf{x} = -\mathbf{b} \ \text{over GF(3)}.$$
#
# Same matrix, different field: elimination now also *scales* rows (by $2 = 2^{-1}$ in GF(3)).
# On the toy the states are off, red and green; in our pictures (and in the game widget)
# state 1 is **yellow** and state 2 **sky blue**, colours that stay distinct for colour-blind
# viewers. The key under the first picture says which is which.

# %%
elim3 = lo.eliminate(lo.toggle_matrix(5, 5), modulus=3)
print("5 x 5 over GF(3): rank", elim3.rank, " nullity", 25 - elim3.rank)
board3 = lo.random_board(5, 5, seed=2000, solvable=True, colors=3)
sol3 = lo.solve_board(board3, colors=3)
after = lo.press(board3, sol3.presses, colors=3)
print(
    "solvable:",
    sol3.solvable,
    " solutions:",
    sol3.solution_count,
    " board off after pressing:",
    not after.any(),
)

# %%
lo.draw_boards(
    [board3, board3, after],
    presses=[None, sol3.presses, None],
    titles=["a 3-colour board", "presses (a 2 = press twice)", "after pressing: all off"],
    colors=3,
    legend=True,
    size=3.0,
)
plt.show()

# %% [markdown]
# ### Which 3-colour boards are solvable?
#
# Nothing in the solvability theorem of Lecture 4 used $1 + 1 = 0$: over any field,
# $A\mathbf{x} = \mathbf{c}$ is solvable exactly when $\mathbf{y}\cdot\mathbf{c} = 0$ for every
# $\mathbf{y}$ with $A^{\mathsf T}\mathbf{y} = \mathbf{0}$. Here $A$ is symmetric, so those
# $\mathbf{y}$ are again the quiet patterns, now with weights $0, 1, 2$. Over GF(3) the $5\times5$
# game has nullity 3, so exactly $3^{22}$ of the $3^{25}$ boards are solvable: one board in 27.

# %%
blank = np.zeros((5, 5), np.uint8)
info3 = lo.solve_board(blank, colors=3)
print("quiet patterns over GF(3):", info3.nullity)
print(
    "solvable boards:",
    info3.solvable_board_count,
    "=",
    f"3^{info3.rank}",
    " fraction:",
    info3.solvable_board_count / 3**25,
    "= 1/27",
)
quiet3 = info3.quiet_patterns
checks = [int((q.astype(int) * board3).sum()) % 3 for q in quiet3]
print("y . b (mod 3) for the board above, one per quiet pattern:", checks)

# %%
dark5 = np.zeros((5, 5), np.uint8)
lo.draw_boards(
    [dark5] * len(quiet3),
    presses=list(quiet3),
    titles=[f"$q_{i + 1}$" for i in range(len(quiet3))],
    colors=3,
    title="The quiet patterns over GF(3): press counts (a dot = 1, a 2 = press twice)",
    size=3.0,
)
plt.show()

# %% [markdown]
# Play it: the same game with three colours. A click adds 1 (mod 3) to the plus shape;
# "Show solution" marks each cell with how often to press it.

# %% tags=["nbval-ignore-output"]
game3 = lo.LightsOutGame(5, 5, colors=3, seed=7)
game3

# %%
demo3 = lo.LightsOutGame(board=game3.board, colors=3)
demo3.press(2, 2)
print(lo.format_board(demo3.board))
print("presses so far:", demo3.presses)

# %% [markdown]
# ### Four colours: $\mathbb{Z}/4$ is not a field
#
# A field with four elements does exist: $\mathrm{GF}(4) = \{0, 1, \alpha, \alpha + 1\}$ with
# $\alpha^2 = \alpha + 1$, built from polynomials over GF(2) rather than from numbers (there is
# a field with $q$ elements exactly when $q$ is a power of a prime, and `galois.GF(4)` is
# one). In it $1 + 1 = 0$, so it is not "numbers mod 4". A game with four colours, though,
# counts presses mod 4 (four presses bring a light back), and $\mathbb{Z}/4$ is **not** a
# field.
#
# With $k = 4$ the number 2 has no inverse ($2 \cdot 2 = 0$), so Gauss–Jordan cannot scale a
# pivot 2 to 1. A "pretend it is a field" elimination that avoids division by
# cross-multiplying ($R_i \leftarrow a R_i - e R_p$) always finishes, but multiplying a row by
# 2 throws information away, and its conclusions can be wrong.
#
# The exact method is the **Smith normal form**. Over $\mathbb{Z}/k$ one may still add a
# multiple of a row (or a column) to another and multiply by a *unit* (a number with an
# inverse, such as 1 and 3 mod 4). With these operations on rows and on columns every matrix
# becomes diagonal:
#
# $$U A V = D = \operatorname{diag}(d_1, d_2, \dots), \qquad U, V \text{ invertible over } \mathbb{Z}/k .$$
#
# Put $\mathbf{x} = V\mathbf{z}$. Then $A\mathbf{x} = \mathbf{c}$ becomes $D\mathbf{z} =
# U\mathbf{c}$: separate equations $d_i z_i = (U\mathbf{c})_i$ in one unknown each. The
# equation $d_i z = t$ has a solution mod $k$ exactly when $\gcd(d_i, k)$ divides $t$. Over
# a field every $d_i$ is 1 or 0 and this is ordinary elimination; over $\mathbb{Z}/4$ a
# $d_i = 2$ can occur, and then only even right-hand sides are allowed.
#
# Here is the pretend-field elimination on a $2\times3$ board with four colours, against the
# exact answer from the Smith normal form and against brute force over all $4^6 = 4096$
# press patterns.

# %%
board4 = lo.random_board(2, 3, seed=1, colors=4)
print(lo.format_board(board4))
A23 = lo.toggle_matrix(2, 3)
target = (-board4.reshape(-1).astype(int)) % 4  # A x = -b (mod 4)
naive = lo.naive_field_solve(A23, target, 4, strategy="cross_multiply")
print(naive)
exact = lo.solve_board(board4, colors=4)
print(exact)
brute = sum(
    not lo.press(board4, np.array(x).reshape(2, 3), colors=4).any()
    for x in itertools.product(range(4), repeat=6)
)
print("brute force: press patterns that switch it off =", brute)

# %% [markdown]
# The Smith form of this $A$ over $\mathbb{Z}/4$ has one $d_i = 2$ and one $d_i = 0$, so two
# equations restrict the right-hand side:

# %%
smith = lo.smith_form_mod(A23, 4)
print(smith)
print("U c mod 4:", (smith.U.astype(int) @ target) % 4)

# %% [markdown]
# The fifth equation reads $2 z_5 \equiv 1 \pmod 4$: impossible, since $2z$ is even for every
# $z$. So this board cannot be switched off, whatever the pretend-field elimination says.
# The exact answer comes with a reason and a certificate $\mathbf{w}$ (a row of $U$, doubled
# for an equation $2z = t$) with $\mathbf{w}A \equiv \mathbf{0}$ and
# $\mathbf{w}\cdot\mathbf{b} \not\equiv 0 \pmod 4$: every press changes
# $\mathbf{w}\cdot\mathbf{b}$ by a multiple of 4, and the board starts away from one.

# %%
print(lo.solve_mod(A23, target, 4).reason)
w4 = exact.certificate
print("certificate w:\n" + lo.format_board(w4))
print(
    "w A mod 4:",
    (w4.reshape(-1).astype(int) @ A23) % 4,
    "  w . b mod 4:",
    int((w4.astype(int) * board4).sum()) % 4,
)

# %%
lo.QuickQuestion("four_colours")

# %% [markdown]
# ## Summary
#
# - Changing the rule changes only the toggle matrix; rank, kernel and solvability work as
#   before. The torus usually has more quiet patterns.
# - Lights Out makes sense on any graph, with $A = \mathrm{Adj} + I$.
# - Because $A$ is symmetric with ones on the diagonal, $\mathbf{y}^{\mathsf T}A\mathbf{y} =
#   \mathbf{y}\cdot\mathbf{1}$, so the all-on board is always solvable; without self-toggling
#   the proof fails (and so can the theorem: Exercise 7.6).
# - With $k$ colours the same matrix is used over $\mathbb{Z}/k$. For a prime $k$ that is a
#   field and everything carries over (5x5 with 3 colours: one board in 27 is solvable); for
#   $k = 4$ or $6$ it is not, elimination that pretends otherwise can give wrong answers, and
#   the Smith normal form gives the exact ones. (A field with four elements, GF(4), exists,
#   but it is not $\mathbb{Z}/4$.)
#
# **Try this**
#
# 1. Prove that the neighbours-only $n \times n$ board has nullity $n$ for $n = 1, 2, 3$ by
#    finding the quiet patterns by hand, then compare with the quiet-pattern cell.
# 2. Take your own graph (`lo.cube_graph()`, `lo.star_graph(5)`, `lo.path_graph(6)`) and find
#    the presses for all-on; draw them with `lo.draw_graph`.
# 3. Does the all-on theorem hold with 3 colours? Try `lo.solve_board(np.ones((n, n), np.uint8),
#    colors=3)` for $n = 1, \dots, 6$.
#
# **Exercises**: [Exercises 7 — variants](exercises/E7_variants.ipynb): all-on on the Petersen
# graph (★), the kernel of the torus (★), the missing step of the all-on proof (★★), a
# 3-colour board (★★), which numbers of colours make a $3 \times 3$ board unsolvable (★★), a
# graph where the neighbours-only game fails (★★), and one where it fails with a single
# vertex of even degree (★★★).
#
# **Next**: [Lecture 8 — Checking our work](08_checking_our_work.ipynb) compares our engine with
# galois and sympy, and measures the speed.
# Sources and further reading: the [bibliography](reference/bibliography.ipynb).
