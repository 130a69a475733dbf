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
# # Exercises 1 — The game and its toggle matrix
#
# These exercises go with [Lecture 1](../01_the_game_and_its_toggle_matrix.ipynb). Each one
# is marked ★ (a warm-up), ★★ (needs an idea) or ★★★ (a project), and has
#
# - a **statement**, and the **form** your answer should take;
# - a **hint**, folded away: open it only when you are stuck;
# - an **answer cell**: replace `None` (or the function body) by your answer and run it;
# - a **checker cell**: `check_...(answer)` says *Correct* or tells you what went wrong. It
#   never crashes and never gives the answer away, so try as often as you like. When you
#   write a function, the checker runs it on hidden cases and names the first one it fails.
#
# Boards and matrices can be given as NumPy arrays or nested lists; boards also as text such
# as `"011/100/001"` (rows separated by `/` or new lines). Cells are numbered row by row,
# from 1 on paper and from 0 in Python.
#
# In the lecturer's edition each exercise is followed by its solution, and *Run All* runs
# the solutions too: to try an exercise first, run the cells one at a time (Shift+Enter)
# down to it. The student edition has no solutions.

# %%
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    check_ones_in_toggle_matrix,
    check_order_does_not_matter,
    check_order_proof,
    check_press_function,
    check_toggle_matrix_2x3,
)

# %% [markdown]
# ## Exercise 1.1 ★ — A toggle matrix by hand
#
# Number the cells of the $2 \times 3$ board row by row:
#
# $$
# \begin{array}{|c|c|c|}\hline 1&2&3\\\hline 4&5&6\\\hline\end{array}
# $$
#
# Write down its toggle matrix $A$: the $6 \times 6$ matrix with $A_{ij} = 1$ when pressing
# cell $j$ toggles light $i$. Do it on paper first, then type it in.
#
# **Answer form:** a $6 \times 6$ nested list (or array) of 0s and 1s.
#
# <details><summary><b>Hint</b></summary>
#
# Column $j$ is the pattern one press of cell $j$ toggles: cell $j$ itself and its neighbours
# above, below, left and right. Cell 1 (a corner) has neighbours 2 and 4, so column 1 is
# $(1, 1, 0, 1, 0, 0)$.
# </details>

# %%
answer = None  # your answer here: a 6x6 list of lists

# %%
check_toggle_matrix_2x3(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Column by column: a corner toggles itself and two neighbours, a middle cell of a row
# itself and three.

# %% tags=["solution"]
answer = [
    [1, 1, 0, 1, 0, 0],
    [1, 1, 1, 0, 1, 0],
    [0, 1, 1, 0, 0, 1],
    [1, 0, 0, 1, 1, 0],
    [0, 1, 0, 1, 1, 1],
    [0, 0, 1, 0, 1, 1],
]
print("the same as lo.toggle_matrix(2, 3):", np.array_equal(answer, lo.toggle_matrix(2, 3)))
check_toggle_matrix_2x3(answer)

# %% [markdown]
# ## Exercise 1.2 ★★ — How many ones?
#
# How many entries of the $n^2 \times n^2$ toggle matrix of the $n \times n$ board are 1?
# Find a formula and write it as a function.
#
# **Answer form:** a function `ones(n)` returning a whole number. The checker tries several
# $n$, from 1 to 100.
#
# **Allowed:** Python and NumPy. **Not there while the checker runs your function** (it runs
# in a sandbox of its own; everything keeps working in your notebook): the package
# `lightsout_edu` (`lo.toggle_matrix`, `lo.press` and the rest), galois and sympy. Count; do
# not build the matrix. The checker says so if your function uses one of them.
#
# <details><summary><b>Hint</b></summary>
#
# Count column by column: how many lights does a press in a corner toggle, on an edge, in
# the interior? How many cells of each kind does the board have (careful with $n = 1$)?
# </details>

# %%
def ones(n):
    """The number of 1s in the toggle matrix of the n x n board."""
    return None  # your formula here


# %%
check_ones_in_toggle_matrix(ones)

# %% [markdown] tags=["solution"]
# ### Solution
#
# For $n \ge 2$: 4 corners toggle 3 lights each, $4(n-2)$ edge cells 4 each, $(n-2)^2$
# interior cells 5 each. The sum is $12 + 16(n-2) + 5(n-2)^2 = 5n^2 - 4n$, and $n = 1$ gives
# 1, which is right too.

# %% tags=["solution"]
def ones(n):
    """The number of 1s in the toggle matrix of the n x n board."""
    return 5 * n * n - 4 * n


check_ones_in_toggle_matrix(ones)

# %% [markdown]
# ## Exercise 1.3 ★★ — Pressing, for any rule
#
# Lecture 1 wrote `press_cell` for the classic "plus" rule. Other versions of the game use
# other rules, given by a **stencil**: a $3 \times 3$ array of 0s and 1s with
# `stencil[1 + dr, 1 + dc] == 1` when a press toggles the cell `dr` rows and `dc` columns
# away from the pressed cell. The plus rule is
#
# ```
# [[0, 1, 0],
#  [1, 1, 1],
#  [0, 1, 0]]
# ```
#
# and `[[1, 0, 1], [0, 1, 0], [1, 0, 1]]` toggles the cell and its four diagonal neighbours.
# Write `press_cell(board, r, c, stencil)` that returns a **new** board (do not change the one
# you are given). Cells off the edge of the board are simply not there.
#
# **Answer form:** a function `press_cell(board, r, c, stencil)` returning a board of the
# same shape.
#
# **Allowed:** Python and NumPy. **Not there while the checker runs your function** (it runs
# in a sandbox of its own; everything keeps working in your notebook): the package
# `lightsout_edu` (`lo.press`, `lo.toggle_matrix` and the rest), galois and sympy. The checker
# says so if your function uses one of them.
#
# <details><summary><b>Hint</b></summary>
#
# Loop over `dr` and `dc` in `(-1, 0, 1)`; skip offsets where the stencil is 0 and cells
# outside `0 <= r + dr < rows`, `0 <= c + dc < cols`. Beware: in Python `board[-1]` is the
# *last* row, not an error, so check the bounds yourself.
# </details>

# %%
def press_cell(board, r, c, stencil):
    """A copy of `board` after pressing cell (r, c) with the given 3x3 stencil."""
    return None  # your code here


# %%
check_press_function(press_cell)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
def press_cell(board, r, c, stencil):
    """A copy of `board` after pressing cell (r, c) with the given 3x3 stencil."""
    new = board.copy()
    rows, cols = board.shape
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            inside = 0 <= r + dr < rows and 0 <= c + dc < cols
            if stencil[1 + dr][1 + dc] and inside:
                new[r + dr, c + dc] ^= 1
    return new


check_press_function(press_cell)

# %% [markdown]
# ## Exercise 1.4 ★★ — A proof with a mistake
#
# Here is an attempted proof that the order of presses does not matter. Exactly one step is
# wrong. Which one?
#
# > Let $\mathbf{b}$ be a board and press the cells $j_1, j_2, \dots, j_m$ in this order
# > (a cell may appear several times).
# >
# > **(a)** One press of cell $j$ adds column $\mathbf{a}_j$ of $A$ to the board, mod 2: the
# > board after the presses is $\mathbf{b} + \mathbf{a}_{j_1} + \dots + \mathbf{a}_{j_m}$.
# >
# > **(b)** Addition mod 2 is commutative and associative, so this sum does not depend on the
# > order of the $j_k$.
# >
# > **(c)** A cell pressed twice contributes $2\mathbf{a}_j$, so in $\mathbf{x}$ we record a
# > 2 for it: $x_j$ counts the presses of cell $j$.
# >
# > **(d)** Hence the board after the presses is $\mathbf{b} + A\mathbf{x}$, which depends
# > only on $\mathbf{x}$, not on the order.
#
# **Answer form:** the letter of the wrong step, e.g. `"b"`.

# %%
answer = None  # your answer here: "a", "b", "c" or "d"

# %%
check_order_proof(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Step (c): over GF(2), $2\mathbf{a}_j = \mathbf{0}$, so a cell pressed twice contributes
# nothing. The right $\mathbf{x}$ records the **parity** of the number of presses of each
# cell, and that is why a solution is a set of cells.

# %% tags=["solution"]
answer = "c"
check_order_proof(answer)

# %% [markdown]
# ## Exercise 1.5 ★★ — From a sequence of presses to $\mathbf{x}$
#
# Turn the corrected proof into code: given the presses as a sequence of (0-based) cell
# numbers, in order, return the 0/1 vector $\mathbf{x}$ with
# $\text{board after the presses} = \mathbf{b} + A\mathbf{x} \pmod 2$. The checker plays each
# hidden sequence press by press on a real board and compares.
#
# **Answer form:** a function `parity_vector(sequence, n_cells)` returning a list or array of
# `n_cells` zeros and ones.
#
# <details><summary><b>Hint</b></summary>
#
# Count how often each cell occurs in the sequence (`np.bincount` with `minlength`, or a
# loop), then keep only the parity.
# </details>

# %%
def parity_vector(sequence, n_cells):
    """x with: pressing `sequence` in order turns b into b + A x (mod 2)."""
    return None  # your code here


# %%
check_order_does_not_matter(parity_vector)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
def parity_vector(sequence, n_cells):
    """x with: pressing `sequence` in order turns b into b + A x (mod 2)."""
    return np.bincount(np.asarray(sequence, dtype=int), minlength=n_cells) % 2


check_order_does_not_matter(parity_vector)

# %% [markdown]
# **Next**: [Lecture 2 — Arithmetic in GF(2)](../02_arithmetic_in_gf2.ipynb) and
# [Exercises 2](E2_gf2.ipynb).
