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
# # Exercises 1 — The kernel: quiet patterns
#
# These exercises go with [Lecture 4](../04_solvability_and_the_kernel.ipynb) (solvability and
# the kernel) and [Lecture 5](../05_all_solutions_and_fewest_presses.ipynb) (all solutions).
# Each one has
#
# - a **statement**, and the **form** your answer should take;
# - a **hint**, folded away: click it only when you are stuck;
# - an **answer cell**: replace `None` by your answer and run it;
# - a **checker cell**: `check_...(answer)` says *Correct* or gives you a hint. It never
#   crashes, so try as often as you like.
#
# Boards can be given as NumPy arrays, nested lists or text such as `"0110/1001/1001/0110"`
# (rows separated by `/` or new lines). Throughout, $A$ is the toggle matrix of the game:
# pressing the cells of $\mathbf{x}$ changes the board $\mathbf{b}$ into
# $\mathbf{b} + A\mathbf{x}$ over GF(2).

# %%
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    SECOND_SOLUTION_BOARD,
    SECOND_SOLUTION_PRESSES,
    check_nullity_9x9,
    check_quiet_patterns_4x4,
    check_second_solution_5x5,
    check_singular_sizes,
    check_solution_count_4x4,
    check_torus_kernel_5x5,
)
from lightsout_edu.plotting import draw_board


def draw_boards(boards, titles=None):
    """Draw several boards side by side."""
    fig, axes = plt.subplots(1, len(boards), figsize=(1.6 * len(boards), 1.8))
    for k, (ax, board) in enumerate(zip(np.atleast_1d(axes), boards, strict=True)):
        draw_board(board, ax=ax, title=None if titles is None else titles[k])
    plt.show()


# %% [markdown]
# ## Exercise 1.1 — The quiet patterns of the $4 \times 4$ game
#
# > A **quiet pattern** is a press pattern $\mathbf{q}$ with $A\mathbf{q} = \mathbf{0}$:
# > pressing its cells changes no light at all. The quiet patterns form the kernel
# > $\ker A$, a subspace of $\mathrm{GF}(2)^{16}$.
#
# Find a **basis** of $\ker A$ for the $4 \times 4$ game: quiet patterns
# $\mathbf{q}_1, \dots, \mathbf{q}_d$ that are linearly independent and such that every quiet
# pattern is a sum of some of them.
#
# **Answer form:** a list of $4 \times 4$ boards (arrays, nested lists or text boards), or an
# array of shape $(d, 4, 4)$. Any basis is accepted.
#
# <details><summary><b>Hint</b></summary>
#
# Light chasing: choose which cells of the **top row** to press. Then, row by row, press the
# cell below every lit cell; this switches the row above off without touching the rows above
# it. For a quiet pattern the last row must end up dark too. Which choices of top row work?
# </details>

# %%
answer = None  # your answer here: a list of 4x4 boards

# %%
check_quiet_patterns_4x4(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Chase the lights from a chosen top row of presses: press row $r+1$ exactly below the lit
# cells of row $r$. The result is quiet if the bottom row is dark as well.

# %% tags=["solution"]
def chase(top_row, rows):
    """The press pattern that starts with `top_row` and chases the lights down."""
    presses = np.zeros((rows, len(top_row)), dtype=np.uint8)
    presses[0] = top_row
    for r in range(1, rows):
        lights = lo.press(np.zeros_like(presses), presses)
        presses[r] = lights[r - 1]
    return presses


patterns = [chase(top, 4) for top in np.eye(4, dtype=np.uint8)]
print("bottom row dark after each chase:",
      [not lo.press(np.zeros((4, 4), dtype=np.uint8), p).any() for p in patterns])
draw_boards(patterns, [f"$q_{k + 1}$" for k in range(4)])

# %% [markdown] tags=["solution"]
# (Yellow cells are pressed.) Every one of the four unit top rows ends dark, so every top row does (the chase is linear),
# and a quiet pattern is fixed by its top row. So $\dim\ker A = 4$ and these four patterns
# are a basis: $\ker A$ has $2^4 = 16$ elements.

# %% tags=["solution"]
answer = patterns
check_quiet_patterns_4x4(answer)

# %% [markdown]
# ## Exercise 1.2 — The nullity of the $9 \times 9$ game
#
# What is the **nullity** $\dim \ker A$ of the $81 \times 81$ toggle matrix of the
# $9 \times 9$ game?
#
# **Answer form:** a whole number.
#
# <details><summary><b>Hint</b></summary>
#
# Rank–nullity: $\operatorname{rank} A + \dim\ker A = 81$. `lo.rank` computes the rank over
# GF(2); or chase the lights as in Exercise 1.1 and count the top rows that end dark.
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_nullity_9x9(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
A = lo.toggle_matrix(9, 9)
print("rank", lo.rank(A))
answer = A.shape[1] - lo.rank(A)
check_nullity_9x9(answer)

# %% [markdown] tags=["solution"]
# The $9 \times 9$ game has $2^8 = 256$ quiet patterns: only one board in 256 is solvable.

# %% [markdown]
# ## Exercise 1.3 — Which square games have quiet patterns?
#
# For which $n$ with $1 \le n \le 10$ does the $n \times n$ game have a non-zero quiet
# pattern, i.e. for which $n$ is the toggle matrix **singular**?
#
# **Answer form:** a list of the sizes $n$, e.g. `[2, 7]`.
#
# <details><summary><b>Hint</b></summary>
#
# $A$ is singular exactly when $\operatorname{rank} A < n^2$. A loop over `n` and `lo.rank`
# does it; the sizes have no simple pattern.
# </details>

# %%
answer = None  # your answer here: a list of sizes n

# %%
check_singular_sizes(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
answer = []
for n in range(1, 11):
    nullity = n * n - lo.rank(lo.toggle_matrix(n, n))
    print(f"n = {n:2d}: nullity {nullity}")
    if nullity:
        answer.append(n)
check_singular_sizes(answer)

# %% [markdown]
# ## Exercise 1.4 — The kernel of the $5 \times 5$ torus
#
# On the **torus** the board wraps around: pressing a cell on the left edge also toggles the
# cell at the other end of its row, and likewise for columns
# (`lo.toggle_matrix(5, 5, torus=True)`). Find a basis of the kernel of this game.
#
# **Answer form:** a list of $5 \times 5$ boards, or an array of shape $(d, 5, 5)$. Any basis
# is accepted.
#
# <details><summary><b>Hint</b></summary>
#
# On the torus every cell looks the same, so shifting a quiet pattern gives another quiet
# pattern. `lo.null_space(A)` returns a basis as rows of length 25.
# </details>

# %%
answer = None  # your answer here: a list of 5x5 boards

# %%
check_torus_kernel_5x5(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Elimination gives a basis: one quiet pattern per free column of the reduced matrix.

# %% tags=["solution"]
A_torus = lo.toggle_matrix(5, 5, torus=True)
answer = lo.null_space(A_torus).reshape(-1, 5, 5)
print("nullity on the torus:", len(answer), " (on the ordinary 5x5 board: 2)")
draw_boards(answer)

# %% tags=["solution"]
check_torus_kernel_5x5(answer)

# %% [markdown] tags=["solution"]
# The torus has $2^8 = 256$ quiet patterns, the flat $5 \times 5$ board only $2^2 = 4$.
# Shifting a quiet pattern of the torus by any number of rows or columns gives another one,
# which is one reason why the kernel is so much larger.

# %% [markdown]
# ## Exercise 1.5 — A second solution
#
# Pressing the red-dotted cells switches this $5 \times 5$ board off. Find a **different**
# set of presses that also switches it off.
#
# **Answer form:** a $5 \times 5$ board of presses (1 = press the cell).
#
# <details><summary><b>Hint</b></summary>
#
# If $A\mathbf{x} = \mathbf{b}$ and $A\mathbf{q} = \mathbf{0}$, then
# $A(\mathbf{x} + \mathbf{q}) = \mathbf{b}$. The quiet patterns of $5 \times 5$ are in
# `lo.solve_board(board).quiet_patterns`.
# </details>

# %%
board = lo.parse_board(SECOND_SOLUTION_BOARD)
given = lo.parse_board(SECOND_SOLUTION_PRESSES)
draw_board(board, presses=given, title="board and one solution")
plt.show()

# %%
answer = None  # your answer here: a 5x5 board of presses

# %%
check_second_solution_5x5(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Add a quiet pattern of the $5 \times 5$ game to the given solution (mod 2).

# %% tags=["solution"]
quiet = lo.solve_board(board).quiet_patterns
answer = (given + quiet[0]) % 2
print(lo.format_board(answer))
check_second_solution_5x5(answer)

# %% [markdown]
# ## Exercise 1.6 — How many solutions?
#
# A board of the $4 \times 4$ game is solvable. Exactly how many press patterns
# $\mathbf{x} \in \mathrm{GF}(2)^{16}$ switch it off?
#
# **Answer form:** a whole number.
#
# <details><summary><b>Hint</b></summary>
#
# Two solutions differ by a quiet pattern (Exercise 1.5), and a solution plus a quiet
# pattern is a solution. Count the elements of $\ker A$, the zero pattern included.
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_solution_count_4x4(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# The solutions form the coset $\mathbf{x}_p + \ker A$, which has as many elements as
# $\ker A$: $2^{\dim\ker A} = 2^4$. We confirm it on a random solvable board.

# %% tags=["solution"]
example = lo.random_board(4, 4, seed=1, solvable=True)
answer = sum(1 for _ in lo.solve_board(example).all_solutions())
check_solution_count_4x4(answer)

# %% [markdown]
# **Next:** [Exercises 2 — Solvability](E2_solvability.ipynb).
