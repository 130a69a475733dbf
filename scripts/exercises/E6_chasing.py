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
# # Exercises 6 — Light chasing
#
# These exercises go with [Lecture 6](../06_light_chasing.ipynb). ★ warm-up, ★★ needs an
# idea, ★★★ a project: in the last one you write a solver by light chasing, and the checker
# gives it boards far too big for trying all first rows.

# %%
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    CHASE_BOARD,
    CHASE_FIRST_ROW,
    check_chase_by_hand,
    check_chase_converse,
    check_light_chase,
    check_unique_solution,
)

lo.use_course_style()

# %% [markdown]
# ## Exercise 6.1 ★ — A chase by hand
#
# Press the first row `CHASE_FIRST_ROW` = (0, 1, 0, 0) on the $4 \times 4$ board
# `CHASE_BOARD` below, then chase the lights down **on paper**: in row 2 press under every
# light still on in row 1, then in row 3 under the lights of row 2, and in row 4 under those
# of row 3. Which cells did you press?

# %%
chase_board = lo.parse_board(CHASE_BOARD)
lo.draw_board(chase_board, title="CHASE_BOARD")
plt.show()

# %% [markdown]
# **Answer form:** the $4 \times 4$ board of your presses, the first row included.
#
# <details><summary><b>Hint</b></summary>
#
# After pressing row 1 only rows 1 and 2 change. Write the board down after each row, and
# remember that a press in row $r + 1$ also toggles its neighbours in rows $r + 1$ and
# $r + 2$.
# </details>

# %%
answer = None  # your answer here: a 4x4 board of presses

# %%
check_chase_by_hand(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
presses, leftover = lo.chase_lights(chase_board, CHASE_FIRST_ROW)
print(lo.format_board(presses))
print("left on in the last row:", leftover)
answer = presses
check_chase_by_hand(answer)

# %% [markdown]
# ## Exercise 6.2 ★★ — The converse
#
# Lecture 6 proves that taking the first row is a bijection from $\ker A$ onto $\ker C$. The
# "onto" half says: every $\mathbf{f}$ with $C\mathbf{f} = \mathbf{0}$ is the first row of a
# quiet pattern. Which argument proves it?
#
# > **(a)** $C$ is a square matrix, so its kernel and that of $A$ have the same dimension.
# >
# > **(b)** Chase $\mathbf{f}$ on the dark board. Rows $1, \dots, n-1$ end dark by the
# > construction of the chase, and the last row ends as $C\mathbf{f} = \mathbf{0}$. So the
# > presses change no light: they are a quiet pattern with first row $\mathbf{f}$.
# >
# > **(c)** $A$ is symmetric, so $\ker A = \ker A^{\mathsf T}$, and the first rows of its
# > elements are the kernel of $C$.
# >
# > **(d)** A solvable board has $2^{\text{nullity}}$ solutions, so $\ker C$ has as many
# > elements as $\ker A$.
#
# **Answer form:** the letter of the right argument.

# %%
answer = None  # your answer here: "a", "b", "c" or "d"

# %%
check_chase_converse(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
answer = "b"
check_chase_converse(answer)

# %% [markdown]
# ## Exercise 6.3 ★★ — Exactly one solution
#
# Give a board, at least $4 \times 4$ (and at most $60 \times 60$), with at least one light
# on, that can be switched off in **exactly one** way.
#
# **Answer form:** a board of 0s and 1s.
#
# <details><summary><b>Hint</b></summary>
#
# When is the solution unique? The nullity of the chase matrix tells you, and it is quick
# to compute for every size.
# </details>

# %%
answer = None  # your answer here: a board

# %%
check_unique_solution(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Any board whose toggle matrix is invertible, such as every $6 \times 6$ board. Pick a size
# whose chase matrix has nullity 0:

# %% tags=["solution"]
n = next(n for n in range(4, 20) if lo.rank(lo.chase_matrix(n)) == n)
answer = lo.random_board(n, n, seed=1)
print(f"{n} x {n}: the chase matrix has full rank")
check_unique_solution(answer)

# %% [markdown]
# ## Exercise 6.4 ★★★ — A solver by light chasing
#
# Write a solver that uses light chasing: chase the lights down with no presses in the first
# row, find the first row that clears the leftover by solving the small system
# $C\mathbf{f} = \mathbf{r}_0$, and chase again from that row. Return the presses, or `None`
# when the board cannot be switched off. You may use `lo.chase_lights(board, first_row)`
# (it returns the presses and the last row left on) and `lo.solve(C, r)` (a solution over
# GF(2), or `None`); building $C$ is up to you. The checker tries boards up to $30 \times 30$,
# solvable and not: trying all $2^{30}$ first rows would take far too long.
#
# **Allowed:** Python and NumPy, `lo.chase_lights`, `lo.press`, `lo.toggle_matrix`, and the
# package's linear algebra (`lo.solve`, `lo.rank`, `lo.eliminate`, ...) **for systems with at
# most as many unknowns as the board has columns**, such as $C\mathbf{f} = \mathbf{r}_0$.
# **Switched off while the checker runs your function** (in a separate process, so they
# keep working in your notebook): `lo.solve_board`, `lo.light_chase`, `lo.chase_matrix`,
# `lo.LightsOutGame` and the package's other solvers and fewest-presses functions; the
# linear algebra of the package, of galois, sympy and `np.linalg` on a bigger system (the
# whole board's $A\mathbf{x} = \mathbf{b}$, say). The checker says so if your function
# calls one of them.
#
# **Answer form:** a function `solve_by_chasing(board)` returning a board of presses or
# `None`.
#
# <details><summary><b>Hint</b></summary>
#
# Column $j$ of $C$ is the leftover of the **dark** board chased from the first row that
# presses only cell $j$. By linearity the leftover of `board` chased from $\mathbf{f}$ is
# $C\mathbf{f} + \mathbf{r}_0$, so you need $C\mathbf{f} = \mathbf{r}_0$ (over GF(2), minus is
# plus).
# </details>

# %%
def solve_by_chasing(board):
    """Presses that switch `board` off, found by light chasing; None if impossible."""
    return None  # your code here


# %%
check_light_chase(solve_by_chasing)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
def solve_by_chasing(board):
    """Presses that switch `board` off, found by light chasing; None if impossible."""
    rows, cols = board.shape
    dark = np.zeros((rows, cols), dtype=np.uint8)
    leftover = lo.chase_lights(board, np.zeros(cols, dtype=np.uint8))[1]
    units = np.eye(cols, dtype=np.uint8)
    C = np.column_stack([lo.chase_lights(dark, units[j])[1] for j in range(cols)])
    first_row = lo.solve(C, leftover)
    if first_row is None:
        return None
    return lo.chase_lights(board, first_row)[0]


check_light_chase(solve_by_chasing)

# %% [markdown]
# **Next**: [Lecture 7 — Variants](../07_variants.ipynb) and [Exercises 7](E7_variants.ipynb).
