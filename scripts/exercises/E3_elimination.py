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
# # Exercises 3 — Gauss–Jordan elimination
#
# These exercises go with [Lecture 3](../03_gauss_jordan_step_by_step.ipynb). ★ warm-up,
# ★★ needs an idea, ★★★ a project. In the last one you write the elimination yourself, and
# the checker runs it on hidden matrices.
#
# In the lecturer's edition each exercise is followed by its solution, and *Run All* runs
# the solutions too: to try an exercise first, run the cells one at a time (Shift+Enter)
# down to it. The student edition has no solutions.

# %%
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    HAND_MATRIX,
    check_free_columns_4x4,
    check_gauss_jordan,
    check_pivots_by_hand,
    check_rref_by_hand,
)

M = np.array(HAND_MATRIX)
print(M)

# %% [markdown]
# ## Exercise 3.1 ★ — Pivots on paper
#
# Reduce the $4 \times 5$ matrix printed above (`HAND_MATRIX`) over GF(2) **on paper**, with
# the algorithm of Lecture 3: column by column, find a 1 at or below the current row, swap it
# up, clear the rest of the column. Which columns get a pivot?
#
# **Answer form:** the pivot columns, counted from 1 as on paper, e.g. `[2, 3]`.
#
# <details><summary><b>Hint</b></summary>
#
# Column 1 has its first 1 in row 3, so the first operation is a swap of rows 1 and 3.
# Keep track of the current row: it moves down only when a pivot is found.
# </details>

# %%
answer = None  # your answer here: a list of column numbers

# %%
check_pivots_by_hand(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Column 1: its first 1 is in row 3, so swap rows 1 and 3; row 4 also has a 1 there, so
# add row 1 to row 4. Column 2: the pivot is already in row 2; rows 3 and 4 have a 1 in
# column 2, so add row 2 to rows 3 and 4. Column 3: rows 3 and 4 now have a 0 there, a free
# column. Column 4: pivot in row 3; add row 3 to rows 1 and 2. Column 5: row 4 is all zero,
# a free column. Three columns get a pivot, 1, 2 and 4; columns 3 and 5 are free. The
# recorded elimination, `lo.eliminate(M)`, does exactly these six operations:

# %% tags=["solution"]
e = lo.eliminate(M)
for k in range(len(e.steps)):
    print(f"step {k}: {e.explain(k)}")
answer = [c + 1 for c in e.pivots]
check_pivots_by_hand(answer)

# %% [markdown]
# ## Exercise 3.2 ★ — Reduce it yourself
#
# In the widget below, reduce the $3 \times 3$ board's system $[A \mid \mathbf{b}]$ from
# Lecture 3 to reduced row echelon form: click a row label, then another, then **Swap** or
# **Add**. Then run the checker cell: it reads the operations you clicked.
#
# **Answer form:** the widget itself, `practice`, after your operations.
#
# <details><summary><b>Hint</b></summary>
#
# Column 1 has its pivot in row 1 already; add row 1 to every other row with a 1 in column 1.
# In column 2, the first 1 at or below row 2 may be further down: swap it up first.
# </details>

# %% tags=["nbval-ignore-output"]
practice = lo.RowReductionPractice()
practice

# %%
check_rref_by_hand(practice)

# %% [markdown] tags=["solution"]
# ### Solution
#
# The operations of the recorded elimination, done on a fresh widget from code (the one
# above is yours):

# %% tags=["solution"]
done = lo.RowReductionPractice()
recorded = lo.eliminate(lo.toggle_matrix(3, 3), [1, 1, 0, 1, 0, 0, 0, 0, 1])
for step in recorded.steps:
    if isinstance(step, lo.Swap):
        done.swap(step.i, step.j)
    else:
        done.add(step.src, step.dst)
print(done)
check_rref_by_hand(done)

# %% [markdown]
# ## Exercise 3.3 ★★ — The free columns of the $4 \times 4$ game
#
# Eliminate the $16 \times 16$ toggle matrix of the $4 \times 4$ board. Which of its columns
# are **free** (get no pivot)?
#
# **Answer form:** the free columns, counted from 1, e.g. `[3, 9]`.
#
# <details><summary><b>Hint</b></summary>
#
# `lo.eliminate(lo.toggle_matrix(4, 4))` records the elimination; its `.pivots` are the pivot
# columns, counted from 0.
# </details>

# %%
answer = None  # your answer here: a list of column numbers

# %%
check_free_columns_4x4(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
pivots = lo.eliminate(lo.toggle_matrix(4, 4)).pivots
answer = [c + 1 for c in range(16) if c not in pivots]
print("free columns:", answer)
check_free_columns_4x4(answer)

# %% [markdown] tags=["solution"]
# The four free columns are the whole bottom row: once the presses of the bottom row are
# chosen, those of the top three rows are fixed. Lecture 6 explains why, chasing the other
# way, from the top row down.

# %% [markdown]
# ## Exercise 3.4 ★★★ — Your own Gauss–Jordan elimination
#
# Write the elimination yourself: a function that takes a 0/1 matrix (a NumPy array of any
# shape, e.g. $[A \mid \mathbf{b}]$) and returns its reduced row echelon form over GF(2) and
# its pivot columns. Treat every column alike, the last one included. Do not use the
# package's elimination: the point is to write it.
#
# **Allowed:** Python and NumPy (arrays, indexing, `np.flatnonzero`, `^` for XOR, ...).
# **Not there while the checker runs your function** (it runs in a sandbox of its own;
# everything keeps working in your notebook): the package `lightsout_edu` (its elimination
# `lo.rref`, `lo.eliminate`, and its boards and matrices such as `lo.toggle_matrix` too),
# galois and sympy. The checker says so if your function uses one of them.
#
# The checker runs your function on about 20 hidden matrices: the zero matrix, all ones, a
# $1 \times 1$ matrix, one that needs a swap, tall and wide ones, the $3 \times 3$ toggle
# matrix, an unsolvable $[A \mid \mathbf{b}]$, and random ones. It names the first matrix your
# function gets wrong and what is wrong with the result.
#
# **Answer form:** a function `gauss_jordan(M)` returning a pair `(R, pivots)`: `R` an array
# of the shape of `M`, `pivots` the list of pivot columns counted from 0.
#
# <details><summary><b>Hint</b></summary>
#
# Keep a current row `r = 0`. For each column `c`: look for a 1 in `R[r:, c]`
# (`np.flatnonzero`); if there is none, go on to the next column. Otherwise swap that row
# with row `r`, XOR row `r` into **every** other row with a 1 in column `c` (above and below),
# record `c`, and move `r` down one. Stop when `r` has passed the last row. Work on a copy:
# `R = M.copy() % 2`.
# </details>

# %%
def gauss_jordan(M):
    """The reduced row echelon form of M over GF(2) and its pivot columns."""
    R = M.copy() % 2
    pivots = []
    # your code here
    return R, pivots


# %%
check_gauss_jordan(gauss_jordan)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
def gauss_jordan(M):
    """The reduced row echelon form of M over GF(2) and its pivot columns."""
    R = M.copy() % 2
    pivots = []
    r = 0
    for c in range(R.shape[1]):
        if r == R.shape[0]:
            break
        below = np.flatnonzero(R[r:, c])
        if below.size == 0:
            continue  # a free column
        p = r + below[0]
        R[[r, p]] = R[[p, r]]  # swap the pivot row up
        for i in np.flatnonzero(R[:, c]):
            if i != r:
                R[i] ^= R[r]  # clear column c above and below
        pivots.append(c)
        r += 1
    return R, pivots


check_gauss_jordan(gauss_jordan)

# %% [markdown]
# **Next**: [Lecture 4 — Solvability and the kernel](../04_solvability_and_the_kernel.ipynb)
# and [Exercises 4](E4_kernel.ipynb).
