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
# # Exercises 2 — Solvability
#
# A board $\mathbf{b}$ can be switched off exactly when $A\mathbf{x} = \mathbf{b}$ has a
# solution over GF(2) ([Lecture 4](../04_solvability_and_the_kernel.ipynb)). As in
# [Exercises 1](E1_kernel.ipynb): replace `None` in the answer cell, run the checker cell, and
# open the hint only when you are stuck.
#
# > **Solvability criterion.** $A\mathbf{x} = \mathbf{b}$ is solvable if and only if
# > $\mathbf{y} \cdot \mathbf{b} = 0$ for every $\mathbf{y}$ with
# > $A^{T}\mathbf{y} = \mathbf{0}$. A $\mathbf{y}$ with $A^{T}\mathbf{y} = \mathbf{0}$ and
# > $\mathbf{y} \cdot \mathbf{b} = 1$ is a **certificate** that $\mathbf{b}$ is unsolvable.
#
# For the classic game $A$ is symmetric, so $\ker A^{T} = \ker A$: the certificates are
# quiet patterns.

# %%
from fractions import Fraction

import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    EXACT_PRESSES,
    UNSOLVABLE_BOARD,
    VERDICT_BOARDS,
    check_certificate,
    check_needs_exactly_k_presses,
    check_order_does_not_matter,
    check_probability_solvable_6x6,
    check_solvable_count_5x5,
    check_solvable_verdicts,
    check_solve_board_d,
    check_unique_solution,
)
from lightsout_edu.plotting import draw_board

# %% [markdown]
# ## Exercise 2.1 — Which boards can be switched off?
#
# Decide for each of these four $5 \times 5$ boards whether it can be switched off.

# %%
fig, axes = plt.subplots(1, 4, figsize=(7, 2))
for ax, (name, text) in zip(axes, VERDICT_BOARDS.items(), strict=True):
    draw_board(lo.parse_board(text), ax=ax, title=f"board {name}")
plt.show()

# %% [markdown]
# **Answer form:** a dict such as `{"A": True, "B": False, "C": True, "D": True}`
# (`True` = solvable), or a list of four verdicts in the order A, B, C, D.
#
# <details><summary><b>Hint</b></summary>
#
# The $5 \times 5$ game has two independent quiet patterns $\mathbf{q}_1, \mathbf{q}_2$
# (`lo.solve_board(board).quiet_patterns`). A board is solvable iff it has an even number of
# lit cells on $\mathbf{q}_1$ and on $\mathbf{q}_2$.
# </details>

# %%
answer = None  # your answer here: {"A": ..., "B": ..., "C": ..., "D": ...}

# %%
check_solvable_verdicts(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Count the lit cells on each quiet pattern: the dot product $\mathbf{q} \cdot \mathbf{b}$
# over GF(2).

# %% tags=["solution"]
q1, q2 = lo.solve_board(np.zeros((5, 5), dtype=np.uint8)).quiet_patterns
answer = {}
for name, text in VERDICT_BOARDS.items():
    b = lo.parse_board(text)
    dots = [int((q * b).sum()) % 2 for q in (q1, q2)]
    answer[name] = dots == [0, 0]
    print(f"board {name}: q1.b = {dots[0]}, q2.b = {dots[1]} -> solvable: {answer[name]}")
check_solvable_verdicts(answer)

# %% [markdown]
# ## Exercise 2.2 — A certificate of unsolvability
#
# Board C (the top row lit) cannot be switched off. **Prove it** with a certificate: a vector
# $\mathbf{y}$ with $A^{T}\mathbf{y} = \mathbf{0}$ and $\mathbf{y} \cdot \mathbf{b} = 1$.
# Then every press changes an even number of the cells of $\mathbf{y}$, while $\mathbf{b}$
# has an odd number of lights there — so no presses can ever switch $\mathbf{b}$ off.
#
# **Answer form:** a $5 \times 5$ board $\mathbf{y}$ of 0s and 1s. Any certificate is
# accepted.
#
# <details><summary><b>Hint</b></summary>
#
# Try the quiet patterns of Exercise 2.1, and sums of them.
# </details>

# %%
answer = None  # your answer here: a 5x5 board y

# %%
check_certificate(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Board C failed a parity check in Exercise 2.1: take a quiet pattern (or a sum of two) that
# covers an odd number of its lights.

# %% tags=["solution"]
b = lo.parse_board(UNSOLVABLE_BOARD)
candidates = {"q1": q1, "q2": q2, "q1 + q2": (q1 + q2) % 2}
for name, y in candidates.items():
    print(f"{name}: y . b = {int((y * b).sum()) % 2}")
answer = next(y for y in candidates.values() if (y * b).sum() % 2 == 1)
draw_board(b, presses=answer, title="board C, dots: y")
plt.show()

# %% tags=["solution"]
check_certificate(answer)

# %% [markdown]
# ## Exercise 2.3 — Switch board D off
#
# Find presses that switch board D of Exercise 2.1 off.
#
# **Answer form:** a $5 \times 5$ board of presses (1 = press the cell). Any solution is
# accepted.
#
# <details><summary><b>Hint</b></summary>
#
# Solve $A\mathbf{x} = \mathbf{b}$ by elimination (`lo.solve_board`), or chase the lights
# down and fix the top row.
# </details>

# %%
answer = None  # your answer here: a 5x5 board of presses

# %%
check_solve_board_d(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# `fewest_presses()` picks the lightest of the four solutions.

# %% tags=["solution"]
board_d = lo.parse_board(VERDICT_BOARDS["D"])
answer = lo.solve_board(board_d).fewest_presses()
draw_board(board_d, presses=answer, title="board D and its presses")
plt.show()

# %% tags=["solution"]
check_solve_board_d(answer)

# %% [markdown]
# ## Exercise 2.4 — The chance that a $6 \times 6$ board is solvable
#
# Light every cell of a $6 \times 6$ board independently with probability $\frac12$. What is
# the probability that the board can be switched off?
#
# **Answer form:** an exact probability: `Fraction(1, 8)`, the text `"1/8"`, or `0.125`.
#
# <details><summary><b>Hint</b></summary>
#
# The solvable boards are the column space of $A$: $2^{\operatorname{rank} A}$ of the
# $2^{36}$ boards.
# </details>

# %%
answer = None  # your answer here: a probability

# %%
check_probability_solvable_6x6(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
r = lo.rank(lo.toggle_matrix(6, 6))
answer = Fraction(2**r, 2**36)
print("rank", r, "-> P =", answer)
check_probability_solvable_6x6(answer)

# %% [markdown] tags=["solution"]
# A trick question: the $6 \times 6$ toggle matrix is invertible, so every board is
# solvable, and in exactly one way.

# %% [markdown]
# ## Exercise 2.5 — How many $5 \times 5$ boards are solvable?
#
# Of the $2^{25}$ boards of the $5 \times 5$ game, how many can be switched off (the dark
# board included)?
#
# **Answer form:** a whole number (`2**10` in Python, or the text `"2^10"`).
#
# <details><summary><b>Hint</b></summary>
#
# Exercise 2.1: a board is solvable iff it passes two independent parity checks. Each
# check halves the number of boards.
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_solvable_count_5x5(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# The solvable boards are the vectors $A\mathbf{x}$, a subspace of dimension
# $\operatorname{rank} A = 25 - 2 = 23$.

# %% tags=["solution"]
answer = 2 ** lo.rank(lo.toggle_matrix(5, 5))
check_solvable_count_5x5(answer)

# %% [markdown]
# ## Exercise 2.6 — A board that needs exactly $k$ presses
#
# Find a $4 \times 4$ board that can be switched off with $k = 6$ presses, but **not** with
# fewer. (`EXACT_PRESSES` holds the size and $k$.)
#
# **Answer form:** a $4 \times 4$ board of 0s and 1s. Any such board is accepted.
#
# <details><summary><b>Hint</b></summary>
#
# Pressing 6 cells of the dark board gives a board that *can* be switched off with 6
# presses. But adding one of the 16 quiet patterns may give a lighter solution. The solver
# finds the lightest: `lo.solve_board(b).fewest_presses()`.
# </details>

# %%
print("rows, cols, k =", EXACT_PRESSES)

# %%
answer = None  # your answer here: a 4x4 board

# %%
check_needs_exactly_k_presses(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Try random sets of $k$ presses until no quiet pattern makes the solution lighter.

# %% tags=["solution"]
rows, cols, k = EXACT_PRESSES
rng = np.random.default_rng(0)
attempts, fewest = 0, None
while fewest != k:
    attempts += 1
    presses = np.zeros(rows * cols, dtype=np.uint8)
    presses[rng.choice(rows * cols, size=k, replace=False)] = 1
    candidate = lo.press(np.zeros((rows, cols), dtype=np.uint8), presses.reshape(rows, cols))
    fewest = lo.solve_board(candidate).fewest_presses().sum()
print(f"found after {attempts} attempt(s):")
print(lo.format_board(candidate))
answer = candidate
check_needs_exactly_k_presses(answer)

# %% [markdown]
# ## Exercise 2.7 — A unique solution
#
# Give a solvable board, with **at least 4 rows and 4 columns** and at least one light on,
# that is switched off by **exactly one** press pattern.
#
# **Answer form:** a board of 0s and 1s (any size with at least 4 rows and 4 columns).
#
# <details><summary><b>Hint</b></summary>
#
# If $A\mathbf{x} = \mathbf{b}$ has one solution, how many quiet patterns does the game
# have? For which sizes is that so (see Exercise 1.3)?
# </details>

# %%
answer = None  # your answer here: a board

# %%
check_unique_solution(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# The solution is unique iff $\ker A = \{\mathbf{0}\}$, a property of the game, not of the
# board. The $6 \times 6$ game has no quiet pattern (Exercise 2.4), so any board with a light
# will do.

# %% tags=["solution"]
answer = lo.random_board(6, 6, seed=3)
print(lo.format_board(answer))
check_unique_solution(answer)

# %% [markdown]
# ## Exercise 2.8 — The order of the presses does not matter
#
# Press the cells $j_1, j_2, \dots, j_m$ in this order, some possibly several times. Prove
# that the final board depends only on **how often** each cell was pressed, and only on
# that number **modulo 2** — not on the order.
#
# The formal step: pressing cell $j$ turns $\mathbf{b}$ into $\mathbf{b} + A\mathbf{e}_j$.
# Write a function `parity_vector(sequence, n_cells)` that returns the vector
# $\mathbf{x} \in \mathrm{GF}(2)^{n}$ (a 0/1 array of length `n_cells`) such that pressing
# the cells of `sequence` in order turns **every** board $\mathbf{b}$ into
# $\mathbf{b} + A\mathbf{x}$. The checker plays random sequences on several boards and
# compares.
#
# **Answer form:** the function itself, `answer = parity_vector` (no brackets).
#
# <details><summary><b>Hint</b></summary>
#
# Write out $\mathbf{b} + A\mathbf{e}_{j_1} + A\mathbf{e}_{j_2} + \dots + A\mathbf{e}_{j_m}$.
# Which two rules of arithmetic in $\mathrm{GF}(2)^n$ let you regroup it as
# $\mathbf{b} + A\mathbf{x}$? `np.bincount` counts how often each cell occurs.
# </details>

# %%
answer = None  # your answer here: the function parity_vector

# %%
check_order_does_not_matter(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# After the presses the board is
# $$\mathbf{b} + A\mathbf{e}_{j_1} + \dots + A\mathbf{e}_{j_m}
#   = \mathbf{b} + A(\mathbf{e}_{j_1} + \dots + \mathbf{e}_{j_m})
#   = \mathbf{b} + A\mathbf{x}, \qquad x_j = \#\{i : j_i = j\} \bmod 2,$$
# using the distributive law, then the commutativity and associativity of vector addition to
# collect equal $\mathbf{e}_j$, and $\mathbf{e}_j + \mathbf{e}_j = \mathbf{0}$ over GF(2).
# The right-hand side does not mention the order. $\blacksquare$
#
# Consequences: a solution is a **set** of cells, never a sequence, and pressing a cell twice
# is a waste of two presses.

# %% tags=["solution"]
def parity_vector(sequence, n_cells):
    """x_j = (how often cell j occurs in sequence) mod 2."""
    return np.bincount(np.asarray(sequence, dtype=int), minlength=n_cells) % 2


answer = parity_vector
check_order_does_not_matter(answer)

# %% [markdown]
# **Next:** [Exercises 3 — Graphs and colours](E3_graphs_and_colours.ipynb).
