# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
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
# # Exercises 3 — Graphs and colours
#
# The same linear algebra works for Lights Out on **any graph** (pressing a node toggles its
# neighbours, and maybe itself) and with **$k$ colours** (a press adds 1 modulo $k$ to every
# cell it reaches); see [Lecture 7](../07_variants.ipynb). As before: answer cell, checker
# cell, hint, solution.

# %%
import matplotlib.pyplot as plt
import numpy as np
import sympy

import lightsout_edu as lo
from lightsout_edu.exercises import (
    COLOUR_RANGE,
    PETERSEN_EDGES,
    THREE_COLOUR_BOARD,
    check_all_on_petersen,
    check_colours_with_unsolvable_3x3,
    check_neighbours_only_graph,
    check_three_colour_presses,
)
from lightsout_edu.plotting import draw_board

# %% [markdown]
# ## Exercise 3.1 — A graph where the neighbours-only game is hopeless
#
# In the **neighbours-only** game pressing a node toggles its neighbours but **not** the node
# itself: the toggle matrix is the adjacency matrix $N$ of the graph
# (`lo.graph_toggle_matrix(adjacency, self_toggle=False)`).
#
# Find a graph in which every node has at least one neighbour, and on which the board with
# **all lights on** cannot be switched off: $N\mathbf{x} = \mathbf{1}$ has no solution.
#
# **Answer form:** a list of edges such as `[(0, 1), (1, 2)]` (nodes numbered from 0), or a
# symmetric 0/1 adjacency matrix with zero diagonal.
#
# <details><summary><b>Hint</b></summary>
#
# Use the certificate idea of Exercise 2.2: find a set $Y$ of nodes such that every node has
# an even number of neighbours in $Y$, while $Y$ itself has an odd number of nodes. Small
# complete graphs are worth a try.
# </details>

# %%
answer = None  # your answer here: a list of edges

# %%
check_neighbours_only_graph(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# The triangle: a press toggles the two *other* nodes, so every press changes an even number
# of lights, and the number of lit nodes stays odd: $3 \to 1$ or $3$, never $0$. As a
# certificate, $\mathbf{y} = \mathbf{1}$: $N^{T}\mathbf{1}$ counts the neighbours of each
# node, 2, which is 0 mod 2, while $\mathbf{1} \cdot \mathbf{1} = 3 = 1$.

# %% tags=["solution"]
triangle = [(0, 1), (1, 2), (2, 0)]
N = lo.graph_toggle_matrix(triangle, self_toggle=False, n_nodes=3)
print(N)
print("solution of N x = 1:", lo.solve(N, np.ones(3, dtype=np.uint8)))
answer = triangle
check_neighbours_only_graph(answer)

# %% [markdown]
# ## Exercise 3.2 — All lights on, on the Petersen graph
#
# Now the ordinary game (a press toggles the node **and** its neighbours) on the Petersen
# graph: an outer 5-cycle $0, \dots, 4$, an inner pentagram $5, \dots, 9$, and spokes
# $i - (i + 5)$. All ten lights are on. Which nodes should you press?
#
# **Answer form:** a 0/1 list of length 10 (1 = press the node), or a set of node numbers
# such as `{0, 3}`.
#
# <details><summary><b>Hint</b></summary>
#
# Solve $(I + N)\mathbf{x} = \mathbf{1}$ over GF(2) with `lo.graph_toggle_matrix` and
# `lo.solve`. Pressing every node does *not* work: each node has 3 neighbours.
# </details>

# %%
angles = np.pi / 2 + 2 * np.pi * np.arange(5) / 5
position = {i: (2 * np.cos(a), 2 * np.sin(a)) for i, a in enumerate(angles)}
position |= {i + 5: (np.cos(a), np.sin(a)) for i, a in enumerate(angles)}
fig, ax = plt.subplots(figsize=(3, 3))
for u, v in PETERSEN_EDGES:
    ax.plot(*zip(position[u], position[v], strict=True), color="grey", zorder=1)
for node, (px, py) in position.items():
    ax.scatter(px, py, s=350, color="#ffd23f", edgecolors="black", zorder=2)
    ax.annotate(str(node), (px, py), ha="center", va="center", zorder=3)
ax.set_aspect("equal")
ax.margins(0.15)
ax.axis("off")
plt.show()
print("edges:", PETERSEN_EDGES)

# %%
answer = None  # your answer here: which nodes to press

# %%
check_all_on_petersen(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
A = lo.graph_toggle_matrix(list(PETERSEN_EDGES), n_nodes=10)
x = lo.solve(A, np.ones(10, dtype=np.uint8))
print("press the nodes", [int(i) for i in np.flatnonzero(x)])
answer = x
check_all_on_petersen(answer)

# %% [markdown] tags=["solution"]
# This is no accident. **Sutner's theorem:** when every press toggles the pressed node, the
# all-on board of *any* graph can be switched off. (Proof sketch: for a symmetric matrix $A$
# over GF(2), $\mathbf{y}^{T}A\mathbf{y} = \sum_i A_{ii} y_i$; if $A\mathbf{y} = \mathbf{0}$
# and $A_{ii} = 1$, then $\mathbf{1} \cdot \mathbf{y} = 0$, so $\mathbf{1}$ passes every
# parity check.) Exercise 3.1 shows the diagonal really matters.

# %% [markdown]
# ## Exercise 3.3 — Three colours
#
# With $k = 3$ colours a light is 0 (off), 1 or 2, and a press adds 1 modulo 3 to each cell it
# reaches (the cell and its orthogonal neighbours). Bring every light of this $4 \times 4$
# board back to 0.

# %%
colour_board = lo.parse_board(THREE_COLOUR_BOARD)
print(lo.format_board(colour_board))
draw_board(colour_board, colors=3, title="0 = dark, 1 = yellow, 2 = blue")
plt.show()

# %% [markdown]
# **Answer form:** a $4 \times 4$ board of press counts 0, 1 or 2 (pressing a cell three
# times does nothing). Any solution is accepted.
#
# <details><summary><b>Hint</b></summary>
#
# Solve $A\mathbf{x} = -\mathbf{b}$ over GF(3), where $-1 = 2$ and $-2 = 1$:
# `lo.solve(A, (3 - b.ravel()) % 3, modulus=3)` or `lo.solve_board(b, colors=3)`.
# </details>

# %%
answer = None  # your answer here: a 4x4 board of press counts

# %%
check_three_colour_presses(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
A = lo.toggle_matrix(4, 4)
x = lo.solve(A, (3 - colour_board.ravel()) % 3, modulus=3)
answer = x.reshape(4, 4)
print(answer)
print("after the presses:\n", lo.press(colour_board, answer, colors=3))
check_three_colour_presses(answer)

# %% [markdown]
# ## Exercise 3.4 — Which numbers of colours break the $3 \times 3$ game?
#
# With two colours every $3 \times 3$ board can be switched off. For which numbers of colours
# $k$ with $2 \le k \le 12$ is there a $3 \times 3$ board with $k$ colours that **cannot**
# be switched off?
#
# **Answer form:** a list of the numbers $k$, e.g. `[4, 9]`.
#
# <details><summary><b>Hint</b></summary>
#
# Every board is solvable iff $A$ is invertible modulo $k$, iff $\det A$ (computed over the
# integers) has an inverse modulo $k$. `sympy.Matrix(A).det()` gives $\det A$.
# </details>

# %%
answer = None  # your answer here: a list of numbers of colours

# %%
check_colours_with_unsolvable_3x3(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
det = sympy.Matrix(lo.toggle_matrix(3, 3).astype(int)).det()
print("det A =", det)
answer = [k for k in COLOUR_RANGE if sympy.gcd(det, k) != 1]
print(answer)
check_colours_with_unsolvable_3x3(answer)

# %% [markdown] tags=["solution"]
# $\det A = -7$: modulo 7 the matrix is singular, so some boards cannot be solved. For every
# other $k \le 12$ the determinant is a unit mod $k$ and every board has exactly one
# solution.
