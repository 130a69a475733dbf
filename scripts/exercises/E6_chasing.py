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
# # Exercises 6 — Light chasing
#
# These exercises go with [Lecture 6](../06_light_chasing.ipynb). ★ warm-up, ★★ needs an
# idea, ★★★ a project: in the last one you write a solver by light chasing, and the checker
# gives it boards far too big for trying all first rows.
#
# In the lecturer's edition each exercise is followed by its solution, and *Run All* runs
# the solutions too: to try an exercise first, run the cells one at a time (Shift+Enter)
# down to it. The student edition has no solutions.

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
# when the board cannot be switched off. The checker tries boards up to $30 \times 30$,
# solvable and not: trying all $2^{30}$ first rows would take far too long.
#
# Write it as three functions: `chase(board, first_row)`, returning the presses and the last
# row left on (what `lo.chase_lights` does); `solve_gf2(C, r)`, returning a solution of
# $C\mathbf{f} = \mathbf{r}$ over GF(2), or `None` (a Gauss–Jordan elimination, as in
# Lecture 3); and `solve_by_chasing(board)`, which uses them. Building $C$ is up to you.
# Compare your `chase` with `lo.chase_lights` and your `solve_gf2` with `lo.solve` in the
# notebook before you check.
#
# **Allowed:** Python and NumPy. **Not there while the checker runs your function** (it runs
# in a sandbox of its own; everything keeps working in your notebook): the package
# `lightsout_edu`, galois and sympy. The checker says so if your function uses one of them.
#
# **Answer form:** a function `solve_by_chasing(board)` returning a board of presses or
# `None`; the functions it calls are defined in the notebook too.
#
# <details><summary><b>Hint</b></summary>
#
# To chase from $\mathbf{f}$: press $\mathbf{f}$ in row 1, then in each next row press under
# every light still on in the row above; a press toggles its cell and its neighbours above,
# below, left and right that are on the board. Column $j$ of $C$ is the leftover of the
# **dark** board chased from the first row that presses only cell $j$. By linearity the
# leftover of `board` chased from $\mathbf{f}$ is $C\mathbf{f} + \mathbf{r}_0$, so you need
# $C\mathbf{f} = \mathbf{r}_0$ (over GF(2), minus is plus).
# </details>


# %%
def chase(board, first_row):
    """Press `first_row` in row 1, then chase the lights down; the presses and the last row."""
    return None, None  # your code here


def solve_gf2(C, r):
    """One solution f of C f = r over GF(2) (free unknowns 0), or None."""
    return None  # your code here


def solve_by_chasing(board):
    """Presses that switch `board` off, found by light chasing; None if impossible."""
    return None  # your code here


# %%
board = lo.random_board(4, 5, seed=6)
first_row = np.array([1, 0, 0, 1, 0], dtype=np.uint8)
print("your chase:      ", chase(board, first_row))
print("lo.chase_lights: ", lo.chase_lights(board, first_row))
C = np.array([[1, 1, 0], [0, 1, 1], [1, 1, 1]], dtype=np.uint8)
r = np.array([1, 0, 1], dtype=np.uint8)
print("your solve_gf2:  ", solve_gf2(C, r))
print("lo.solve:        ", lo.solve(C, r))

# %%
check_light_chase(solve_by_chasing)

# %% [markdown] tags=["solution"]
# ### Solution


# %% tags=["solution"]
def chase(board, first_row):
    """Press `first_row` in row 1, then chase the lights down; the presses and the last row."""
    lights = np.array(board, dtype=np.uint8) % 2
    rows, cols = lights.shape
    presses = np.zeros_like(lights)
    for r in range(rows):
        row = np.array(first_row, dtype=np.uint8) % 2 if r == 0 else lights[r - 1].copy()
        presses[r] = row
        lights[r] ^= row  # the pressed cells
        lights[r, 1:] ^= row[:-1]  # their right neighbours
        lights[r, :-1] ^= row[1:]  # their left neighbours
        if r > 0:
            lights[r - 1] ^= row  # above: the row chased dark
        if r + 1 < rows:
            lights[r + 1] ^= row  # below
    return presses, lights[-1].copy()


def solve_gf2(C, r):
    """One solution f of C f = r over GF(2) (free unknowns 0), or None."""
    M = np.column_stack([np.array(C, dtype=np.uint8) % 2, np.array(r, dtype=np.uint8) % 2])
    unknowns = M.shape[1] - 1
    pivots = []
    for col in range(unknowns):
        top = len(pivots)
        below = np.flatnonzero(M[top:, col])
        if below.size == 0:
            continue  # a free column
        M[[top, top + below[0]]] = M[[top + below[0], top]]
        others = np.flatnonzero(M[:, col])
        M[others[others != top]] ^= M[top]
        pivots.append(col)
    if M[len(pivots) :, -1].any():
        return None  # a row 0 = 1
    f = np.zeros(unknowns, dtype=np.uint8)
    f[pivots] = M[: len(pivots), -1]
    return f


def solve_by_chasing(board):
    """Presses that switch `board` off, found by light chasing; None if impossible."""
    rows, cols = board.shape
    dark = np.zeros((rows, cols), dtype=np.uint8)
    leftover = chase(board, np.zeros(cols, dtype=np.uint8))[1]
    units = np.eye(cols, dtype=np.uint8)
    C = np.column_stack([chase(dark, units[j])[1] for j in range(cols)])
    first_row = solve_gf2(C, leftover)
    if first_row is None:
        return None
    return chase(board, first_row)[0]


check_light_chase(solve_by_chasing)

# %% [markdown]
# **Next**: [Lecture 7 — Variants](../07_variants.ipynb) and [Exercises 7](E7_variants.ipynb).
