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
# # Lecture 1 — The game and its toggle matrix
#
# **What you will learn**
#
# - the rules of Lights Out, by playing it;
# - the two facts that turn the game into linear algebra: pressing a cell twice does
#   nothing, and the order of presses does not matter;
# - how to write a whole game as one matrix equation $A\mathbf{x} = \mathbf{b}$, and how to
#   build the *toggle matrix* $A$ by hand.
#
# **What it assumes**: matrices, vectors and the product $A\mathbf{x}$ from a first course,
# and a little Python and NumPy. Nothing about finite fields yet: that is lecture 2.

# %%
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## Play first
#
# A Lights Out board is a $5 \times 5$ grid of lights. Pressing a light toggles it **and**
# its neighbours above, below, left and right (on, off; off, on). Lights on the edge have
# fewer neighbours. The goal: switch every light off.
#
# Run the next cell and click the cells. The board was generated with a fixed seed, so
# everyone in the room gets the same puzzle. Stuck? **Hint** marks one press of a shortest
# solution, **Undo** takes a press back, and **New board** deals another puzzle. (Leave
# **Show quiet patterns** for lecture 4.)

# %% tags=["nbval-ignore-output"]
board = lo.random_board(5, 5, seed=2024, solvable=True)
game = lo.LightsOutGame(board=board)
game

# %% [markdown]
# A game can also be driven from code: `demo.press(r, c)` presses the cell in row `r`,
# column `c` (counted from 0, as in NumPy), and the widget shows it. We use a second copy
# of the board, so that the game above stays yours to play.

# %%
demo = lo.LightsOutGame(board=board)
demo.press(0, 0)
demo.press(2, 3)
print(demo.board)
print("presses so far:", demo.presses)
print("a hint, as (row, column):", demo.hint())

# %% tags=["nbval-ignore-output"]
demo

# %% [markdown]
# ## Pressing, in plain NumPy
#
# A press is easy to write down. Here is the rule as a function that returns a new board.

# %%
def press_cell(board, r, c):
    """Return a copy of `board` with cell (r, c) and its orthogonal neighbours toggled."""
    new = board.copy()
    rows, cols = board.shape
    for dr, dc in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]:
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            new[r + dr, c + dc] ^= 1  # ^ is XOR: 0 becomes 1, 1 becomes 0
    return new


dark = np.zeros((5, 5), dtype=np.uint8)
print(press_cell(dark, 2, 2))

# %% [markdown]
# A corner press toggles 3 lights, an edge press 4, an interior press 5:

# %%
fig, axes = plt.subplots(1, 3, figsize=(9, 3.2))
examples = [("corner", 0, 0), ("edge", 0, 2), ("middle", 2, 2)]
for ax, (where, r, c) in zip(axes, examples, strict=True):
    pressed = dark.copy()
    pressed[r, c] = 1
    lo.draw_board(press_cell(dark, r, c), presses=pressed, ax=ax, title=f"{where} cell ({r}, {c})")
fig.suptitle("One press toggles the cell and its neighbours (vermillion dot = the press)")
plt.show()

# %% [markdown]
# ## Two facts that make it linear algebra
#
# **Pressing a cell twice does nothing.** Each light it touches is toggled twice.
#
# **The order of presses does not matter.** A light ends up on or off depending only on
# how many times it was toggled, and that count does not depend on the order.

# %%
twice = press_cell(press_cell(board, 1, 1), 1, 1)
print("pressing (1, 1) twice gives back the board:", np.array_equal(twice, board))

one_order = press_cell(press_cell(press_cell(board, 0, 4), 3, 1), 2, 2)
other_order = press_cell(press_cell(press_cell(board, 2, 2), 0, 4), 3, 1)
print("the order of three presses does not matter:", np.array_equal(one_order, other_order))

# %% [markdown]
# So a way of playing is described completely by **which cells are pressed (once)**: a
# *set* of cells. We record it as a 0/1 array `x` of the board's shape, and
# `lo.press(board, x)` applies all those presses at once.
#
# For a $5\times 5$ board there are $2^{25} = 33\,554\,432$ such sets. Trying them all is
# possible for a computer but hopeless by hand, and the number doubles with every extra
# cell. Linear algebra does much better.

# %%
x = np.zeros((5, 5), dtype=np.uint8)
x[0, 4] = x[3, 1] = x[2, 2] = 1
print(np.array_equal(lo.press(board, x), one_order))

# %%
lo.QuickQuestion("presses_as_a_set")

# %% [markdown]
# ## Boards and presses as vectors
#
# Number the cells **row by row** (row-major), from 1 to $N = $ rows $\times$ cols. For a
# $3\times3$ board:
#
# $$
# \begin{array}{|c|c|c|}\hline 1&2&3\\\hline 4&5&6\\\hline 7&8&9\\\hline\end{array}
# $$
#
# A board is then a vector $\mathbf{b} = (b_1,\dots,b_N)$ with $b_i = 1$ if light $i$ is on,
# and a set of presses is a vector $\mathbf{x}$ with $x_j = 1$ if cell $j$ is pressed. In
# NumPy, `board.reshape(-1)` is exactly this numbering (index $i-1$ in Python).
#
# > **Definition (toggle matrix).** For a board with $N$ cells, the toggle matrix is the
# > $N \times N$ matrix $A$ with $A_{ij} = 1$ if pressing cell $j$ toggles light $i$, and
# > $A_{ij} = 0$ otherwise. Column $j$ of $A$ is the pattern of lights toggled by one press
# > of cell $j$.
#
# Pressing the cells in $\mathbf{x}$ toggles light $i$ exactly $(A\mathbf{x})_i$ times, so
# only the **parity** of $(A\mathbf{x})_i$ matters. The board after the presses is
# $\mathbf{b} + A\mathbf{x}$ with every entry taken mod 2, and we want it to be all zeros:
#
# $$
# A\mathbf{x} \equiv \mathbf{b} \pmod 2 .
# $$
#
# (Mod 2, adding $\mathbf{b}$ and subtracting it are the same thing: $1 + 1 \equiv 0$.)
#
# ## The $3 \times 3$ toggle matrix by hand
#
# Column $j$ holds a 1 for cell $j$ itself and for each of its neighbours.

# %%
rows, cols = 3, 3
N = rows * cols
A = np.zeros((N, N), dtype=np.uint8)
for r in range(rows):
    for c in range(cols):
        j = r * cols + c  # the cell pressed (0-based row-major index)
        for dr, dc in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]:
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                i = (r + dr) * cols + (c + dc)  # a light it toggles
                A[i, j] = 1
print(A)

# %% [markdown]
# Read it column by column: column 1 (the corner) has three 1s, column 2 (an edge) four,
# column 5 (the middle) five. This is the $9\times 9$ matrix printed in the source
# article *Lights Out and matrices*, typed in below; the package's `toggle_matrix` builds
# the same one.

# %%
article_matrix = np.array(
    [
        [1, 1, 0, 1, 0, 0, 0, 0, 0],
        [1, 1, 1, 0, 1, 0, 0, 0, 0],
        [0, 1, 1, 0, 0, 1, 0, 0, 0],
        [1, 0, 0, 1, 1, 0, 1, 0, 0],
        [0, 1, 0, 1, 1, 1, 0, 1, 0],
        [0, 0, 1, 0, 1, 1, 0, 0, 1],
        [0, 0, 0, 1, 0, 0, 1, 1, 0],
        [0, 0, 0, 0, 1, 0, 1, 1, 1],
        [0, 0, 0, 0, 0, 1, 0, 1, 1],
    ],
    dtype=np.uint8,
)
print("by hand == article:", np.array_equal(A, article_matrix))
print("by hand == lo.toggle_matrix(3, 3):", np.array_equal(A, lo.toggle_matrix(3, 3)))

# %% [markdown]
# ### The matrix really is the game
#
# Take a random $3 \times 3$ board and random presses. Simulating the presses and computing
# $\mathbf{b} + A\mathbf{x} \bmod 2$ must give the same board.

# %%
rng = np.random.default_rng(1)
b3 = rng.integers(0, 2, size=(3, 3), dtype=np.uint8)
x3 = rng.integers(0, 2, size=(3, 3), dtype=np.uint8)
simulated = lo.press(b3, x3)
by_matrix = (b3.reshape(-1) + A @ x3.reshape(-1)) % 2
for name, value in [("board b", b3), ("presses x", x3), ("after the presses", simulated)]:
    print(f"{name}:\n{value}")
print("simulation == b + A x (mod 2):", np.array_equal(simulated.reshape(-1), by_matrix))

# %% [markdown]
# ## The $5 \times 5$ toggle matrix as a picture
#
# For the real game $A$ is $25 \times 25$: too big to read as numbers, easy to read as a
# picture (dark square = 1).

# %%
A5 = lo.toggle_matrix(5, 5)
lo.draw_matrix(A5, augmented=False, title="toggle matrix A of the 5x5 board (dark = 1)")
plt.show()

# %% [markdown]
# Two features stand out.
#
# - **Symmetric**: $A = A^{\mathsf T}$. Pressing $j$ toggles $i$ exactly when pressing $i$
#   toggles $j$, because "is a neighbour of" works both ways.
# - **Banded**: every 1 lies within 5 places of the diagonal. The neighbours of cell $j$
#   are $j \pm 1$ (left, right) and $j \pm 5$ (above, below), one row of the board away.
#   The diagonals just above and below the main one have a gap every 5 entries: a cell at
#   the end of a board row has no right neighbour, and the next cell (the start of the next
#   row) has no left neighbour.

# %%
i, j = np.nonzero(A5)
offsets = np.unique(j - i).tolist()
print("symmetric:", np.array_equal(A5, A5.T))
print("distances j - i of the 1s from the diagonal:", offsets)
print("ones per column (corner, edge, middle):", A5.sum(axis=0).reshape(5, 5), sep="\n")

# %% [markdown]
# ## Your turn
#
# Change the size below (try $4 \times 6$, $1 \times 7$, $8 \times 8$) and rerun. Predict
# first: how far from the diagonal are the outer bands now?

# %%
rows, cols = 4, 6
lo.draw_matrix(
    lo.toggle_matrix(rows, cols),
    augmented=False,
    title=f"toggle matrix of the {rows}x{cols} board ({rows * cols}x{rows * cols})",
)
plt.show()

# %% [markdown]
# ## A glimpse ahead
#
# Solving the puzzle means solving $A\mathbf{x} = \mathbf{b}$. The package can already do
# it; the dots are presses that switch off the board you were dealt above. Lectures 2
# and 3 show how this answer is computed.

# %%
solution = lo.solve_board(board)
lo.draw_boards(
    [board, lo.press(board, solution.presses)],
    presses=[solution.presses, None],
    titles=["the board and its solution", "after pressing the dots"],
)
plt.show()

# %% [markdown]
# ## Summary
#
# - Pressing twice cancels and order does not matter, so a solution is a **set** of cells:
#   a 0/1 vector $\mathbf{x}$.
# - Number the cells row by row. The toggle matrix $A$ has $A_{ij} = 1$ when pressing $j$
#   toggles $i$; column $j$ is the effect of pressing $j$.
# - Switching off board $\mathbf{b}$ means solving $A\mathbf{x} = \mathbf{b}$ mod 2.
# - For a rectangular grid, $A$ is symmetric and banded.
#
# **Try this**
#
# 1. Find by hand a set of presses that switches off the $3\times3$ board with only the
#    middle light on. Check it with `lo.press`.
# 2. Which column of `lo.toggle_matrix(5, 5)` has the most 1s? Which the fewest? Why?
# 3. Is the toggle matrix of a $1 \times N$ board (a single row) banded? How wide is the band?
#
# **Exercises**: [Exercises 1 — the game and its toggle matrix](exercises/E1_the_game.ipynb):
# build a toggle matrix by hand (★), count its ones (★★), write the press yourself for any
# rule (★★), find the mistake in a proof that the order of presses does not matter (★★), and
# turn a sequence of presses into the vector $\mathbf{x}$ (★★).
#
# **Next**: [Lecture 2 — Arithmetic in GF(2)](02_arithmetic_in_gf2.ipynb) makes "mod 2"
# into a number system of its own, where $1 + 1 = 0$. Sources and further reading: the
# [bibliography](reference/bibliography.ipynb).
