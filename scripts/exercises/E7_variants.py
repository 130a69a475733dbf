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
# # Exercises 7 — Variants: the torus, graphs, more colours
#
# These exercises go with [Lecture 7](../07_variants.ipynb). ★ warm-up, ★★ needs an idea,
# ★★★ a project. Vertices of graphs are numbered from 0, as in the lecture.
#
# In the lecturer's edition each exercise is followed by its solution, and *Run All* runs
# the solutions too: to try an exercise first, run the cells one at a time (Shift+Enter)
# down to it. The student edition has no solutions.

# %%
import itertools

import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    COLOR_RANGE,
    THREE_COLOR_BOARD,
    check_all_on_petersen,
    check_colors_with_unsolvable_3x3,
    check_neighbors_only_graph,
    check_odd_degree_proof,
    check_one_even_degree_graph,
    check_three_color_presses,
    check_torus_kernel_5x5,
)

lo.use_course_style()

# %% [markdown]
# ## Exercise 7.1 ★ — All lights on, on the Petersen graph
#
# Every vertex of the Petersen graph (`lo.petersen_graph()`, numbered as in Lecture 7) is lit,
# and a press toggles the vertex and its three neighbours. Which vertices do you press to
# switch everything off?
#
# **Answer form:** the numbers of the vertices to press, e.g. `[0, 3, 7]` (or a 0/1 list of
# length 10).
#
# <details><summary><b>Hint</b></summary>
#
# Solve $A\mathbf{x} = \mathbf{1}$ with `A = lo.petersen_graph().toggle_matrix()` and
# `lo.solve`. Or think: what does pressing every vertex do to a vertex with three neighbours?
# </details>

# %%
answer = None  # your answer here: a list of vertex numbers

# %%
check_all_on_petersen(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Pressing every vertex toggles each one $1 + 3 = 4$ times: nothing changes. The linear
# algebra finds a set that works:

# %% tags=["solution"]
petersen = lo.petersen_graph()
x = lo.Puzzle.graph(petersen).solve(np.ones(10, dtype=np.uint8)).presses
answer = [int(v) for v in np.flatnonzero(x)]
lo.draw_graph(petersen, np.ones(10, dtype=np.uint8), x, title=f"press {answer}")
plt.show()
check_all_on_petersen(answer)

# %% [markdown]
# ## Exercise 7.2 ★ — The kernel of the $5 \times 5$ torus
#
# On the $5 \times 5$ torus the board wraps around (`lo.toggle_matrix(5, 5, torus=True)`).
# Find a basis of its quiet patterns. Any basis is accepted.
#
# **Answer form:** a list of $5 \times 5$ boards, or an array of shape $(d, 5, 5)$.
#
# <details><summary><b>Hint</b></summary>
#
# `lo.null_space` of the torus toggle matrix, each row reshaped to $5 \times 5$. On the
# torus every cell looks the same: shifting a quiet pattern gives another one.
# </details>

# %%
answer = None  # your answer here: a list of 5x5 boards

# %%
check_torus_kernel_5x5(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
basis = lo.null_space(lo.toggle_matrix(5, 5, torus=True))
answer = basis.reshape(len(basis), 5, 5)
print("dimension", len(answer))
check_torus_kernel_5x5(answer)

# %% [markdown]
# ## Exercise 7.3 ★★ — The odd-degree board
#
# On a graph where each press toggles the pressed vertex and its neighbours, light exactly
# the vertices of **odd degree**. Lecture 7's theorem is about the all-on board; which
# argument shows that this board, too, can always be switched off?
#
# > **(a)** Every $\mathbf{y}$ satisfies $\mathbf{y}\cdot\mathbf{y} = 0$ over GF(2), so every
# > board passes every parity check.
# >
# > **(b)** The board is $\mathrm{Adj}\,\mathbf{1} = (A + I)\mathbf{1} = A\mathbf{1} +
# > \mathbf{1}$. Both $A\mathbf{1}$ and $\mathbf{1}$ are solvable boards, and so is their sum.
# >
# > **(c)** $A$ is symmetric, so every board is solvable.
# >
# > **(d)** There is an even number of odd-degree vertices, so pressing exactly them
# > switches the board off.
#
# **Answer form:** the letter of the right argument.

# %%
answer = None  # your answer here: "a", "b", "c" or "d"

# %%
check_odd_degree_proof(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# (b). A check on random graphs, in the style of Lecture 7:

# %% tags=["solution"]
rng = np.random.default_rng(73)
for _ in range(200):
    n = int(rng.integers(1, 30))
    upper = np.triu(rng.random((n, n)) < rng.random(), k=1)
    adjacency = (upper | upper.T).astype(np.uint8)
    odd_degree = adjacency.sum(axis=0) % 2
    assert lo.Puzzle.graph(adjacency=adjacency).solve(odd_degree).solvable
print("the odd-degree board was solvable on all 200 random graphs")
answer = "b"
check_odd_degree_proof(answer)

# %% [markdown]
# ## Exercise 7.4 ★★ — Three colours
#
# On this $4 \times 4$ board with three colours (`THREE_COLOR_BOARD`; 0 = off), a press adds
# 1 mod 3 to the pressed cell and its neighbours. How often (0, 1 or 2 times) must each cell
# be pressed to bring every light back to 0?

# %%
board3 = lo.parse_board(THREE_COLOR_BOARD)
lo.draw_board(board3, colors=3, title="THREE_COLOR_BOARD", legend=True)
plt.show()

# %% [markdown]
# **Answer form:** a $4 \times 4$ board of press counts 0, 1, 2.
#
# <details><summary><b>Hint</b></summary>
#
# Solve $A\mathbf{x} = -\mathbf{b}$ over GF(3), where $-1 = 2$ and $-2 = 1$:
# `lo.solve_board(board, colors=3)` does it, or `lo.eliminate(A, (-b) % 3, modulus=3)`.
# </details>

# %%
answer = None  # your answer here: a 4x4 board of press counts

# %%
check_three_color_presses(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
answer = lo.solve_board(board3, colors=3).presses
print(answer)
check_three_color_presses(answer)

# %% [markdown]
# ## Exercise 7.5 ★★ — Which numbers of colours fail?
#
# With $k$ colours a press adds 1 mod $k$. For which $k$ from 2 to 12 (`COLOR_RANGE`) is there
# a $3 \times 3$ board with $k$ colours that **cannot** be switched off?
#
# **Answer form:** a list of the numbers $k$, e.g. `[4, 9]`.
#
# <details><summary><b>Hint</b></summary>
#
# Every board is solvable exactly when $A$ is invertible mod $k$, and Lecture 2's adjugate
# argument works mod any $k$: $A$ is invertible mod $k$ when $\det A$ has an inverse mod $k$.
# What is $\det A$ for the $3 \times 3$ board over the integers?
# </details>

# %%
answer = None  # your answer here: a list of numbers of colours

# %%
check_colors_with_unsolvable_3x3(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# $\det A = -7$, which is invertible mod $k$ exactly when $k$ shares no factor with 7. In the
# range only $k = 7$ does. A check with the solver: the all-zero board's kernel is nonzero
# exactly then.

# %% tags=["solution"]
print("det A =", round(np.linalg.det(lo.toggle_matrix(3, 3))))
answer = [
    k
    for k in COLOR_RANGE
    if lo.solve_board(np.zeros((3, 3), np.uint8), colors=k).solution_count > 1
]
print(answer)
check_colors_with_unsolvable_3x3(answer)

# %% [markdown]
# ## Exercise 7.6 ★★ — When the all-on theorem fails
#
# In the **neighbours-only** game a press toggles the neighbours of a vertex but not the
# vertex itself, and the all-on theorem can fail. Find a graph **without isolated vertices**
# on which the all-on board of the neighbours-only game cannot be switched off.
#
# **Answer form:** a graph on the vertices 0, 1, 2, ...: a list of edges such as
# `[(0, 1), (1, 2)]`, or a symmetric 0/1 adjacency matrix.
#
# <details><summary><b>Hint</b></summary>
#
# The game is `lo.Puzzle.graph(edges, self_toggle=False)`. By the
# solvability theorem you need a certificate: a set $Y$ of an **odd** number of vertices such
# that every vertex has an even number of neighbours in $Y$ ($\mathrm{Adj}\,\mathbf{y} =
# \mathbf{0}$, $\mathbf{y}\cdot\mathbf{1} = 1$). Try $Y$ = all the vertices: what must the
# degrees and the number of vertices be? Or let the computer try the small graphs.
# </details>

# %%
answer = None  # your answer here: a list of edges

# %%
check_neighbors_only_graph(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Search the small graphs: all graphs on up to 4 vertices, smallest first.

# %% tags=["solution"]
def all_on_fails(edges, n):
    game = lo.Puzzle.graph(list(edges), self_toggle=False, n_nodes=n)
    return not game.solve(np.ones(n, dtype=np.uint8)).solvable


found = None
for n in range(2, 5):
    pairs = list(itertools.combinations(range(n), 2))
    for count in range(1, len(pairs) + 1):
        for edges in itertools.combinations(pairs, count):
            covered = {v for e in edges for v in e}
            if len(covered) == n and all_on_fails(edges, n):
                found = list(edges)
                break
        if found:
            break
    if found:
        break
answer = found
print("a graph where all-on fails:", answer)
check_neighbors_only_graph(answer)

# %% [markdown] tags=["solution"]
# The triangle: $\mathbf{y} = \mathbf{1}$ has $\mathrm{Adj}\,\mathbf{y} = (2, 2, 2) =
# \mathbf{0}$ and three ones, so $\mathbf{y}\cdot\mathbf{1} = 1$ certifies that all-on is
# unsolvable.

# %% [markdown]
# ## Exercise 7.7 ★★★ — How few even degrees?
#
# Stay with the neighbours-only game. If every vertex has **odd** degree, the all-on board
# can always be switched off (prove it: it is the first half of this exercise). So a graph on
# which all-on fails has at least one vertex of even degree. Can one be enough? Find a graph
# without isolated vertices on which the neighbours-only all-on board cannot be switched off
# and **exactly one** vertex has even degree.
#
# **Answer form:** a graph on the vertices 0, 1, 2, ...: a list of edges such as
# `[(0, 1), (1, 2)]`, or a symmetric 0/1 adjacency matrix.
#
# <details><summary><b>Hint</b></summary>
#
# For the proof, compute $\mathbf{y}\cdot(\mathrm{Adj}\,\mathbf{1})$ in two ways, for a
# $\mathbf{y}$ with $\mathrm{Adj}\,\mathbf{y} = \mathbf{0}$: what is $\mathrm{Adj}\,
# \mathbf{1}$ over GF(2)? For the graph, start from one where all-on fails, keep its
# certificate $Y$, and add vertices and edges that change degrees without giving any vertex
# an odd number of neighbours in $Y$. (How many vertices can such a graph have: an even or an
# odd number?)
# </details>

# %%
answer = None  # your answer here: a list of edges

# %%
check_one_even_degree_graph(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# *At least one.* $\mathrm{Adj}$ is symmetric, and $\mathrm{Adj}\,\mathbf{1}$ is the vector of
# degrees mod 2. If $\mathrm{Adj}\,\mathbf{y} = \mathbf{0}$, then
# $0 = (\mathrm{Adj}\,\mathbf{y})\cdot\mathbf{1} = \mathbf{y}\cdot(\mathrm{Adj}\,\mathbf{1})
# = \sum_{v \in Y} \deg v \pmod 2$: $Y$ holds an even number of odd-degree vertices. All-on
# fails exactly when such a $\mathbf{y}$ has an odd number of ones, and then $Y$ must hold a
# vertex of even degree. (So with all degrees odd, all-on never fails.)
#
# *One is enough.* Start from the triangle $0, 1, 2$ with $Y = \{0, 1, 2\}$: every degree is
# 2. A new vertex 3 joined to 0 and 1 has two neighbours in $Y$, and gives 0 and 1 degree 3;
# vertex 3 now has degree 2, so join it to a new leaf 4, which has no neighbour in $Y$.
# Degrees $3, 3, 2, 3, 1$: only vertex 2 is even, and $Y$ still certifies that all-on fails.
# (By the handshake lemma the number of odd degrees is even, so such a graph has an odd number
# of vertices.)

# %% tags=["solution"]
answer = [(0, 1), (1, 2), (2, 0), (3, 0), (3, 1), (3, 4)]
adjacency = lo.Puzzle.graph(answer, self_toggle=False).toggle_matrix()
y = np.array([1, 1, 1, 0, 0], dtype=np.uint8)
print("degrees:", adjacency.sum(axis=0))
print("Adj y =", adjacency @ y % 2, "  y . 1 =", y.sum() % 2)
check_one_even_degree_graph(answer)

# %% [markdown]
# **Next**: [Lecture 8 — Checking our work](../08_checking_our_work.ipynb) and
# [Exercises 8](E8_checking.ipynb).
