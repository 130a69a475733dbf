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
# # Exercises 9 — How many presses can a board need?
#
# These exercises go with [Lecture 9](../09_how_many_presses.ipynb). ★ warm-up, ★★ needs an
# idea, ★★★ a proof of your own.
#
# In the lecturer's edition each exercise is followed by its solution, and *Run All* runs
# the solutions too: to try an exercise first, run the cells one at a time (Shift+Enter)
# down to it. The student edition has no solutions.

# %%
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    BOUND_BOARD,
    WORST_5X5,
    check_counting_bound,
    check_fifteen_proof,
    check_hardest_3x5,
    check_most_presses_6x7,
    check_worst_4x4_proof,
)

lo.use_course_style()

# %% [markdown]
# ## Exercise 9.1 ★ — The worst case of the $6 \times 7$ board
#
# What is the largest number of presses that a solvable $6 \times 7$ board can need? Answer
# with a proof in mind, then check.
#
# **Answer form:** a whole number.
#
# <details><summary><b>Hint</b></summary>
#
# First the nullity of the $6 \times 7$ board (`lo.rank`). What does Lecture 9 say when it is
# 0?
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_most_presses_6x7(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
print("nullity:", 42 - lo.rank(lo.toggle_matrix(6, 7)))
answer = 42
check_most_presses_6x7(answer)

# %% [markdown]
# ## Exercise 9.2 ★ — A counting bound
#
# Without solving anything: how many presses does `BOUND_BOARD` need **at least**, by the
# counting argument (a press changes at most 5 lights)?

# %%
bound_board = lo.parse_board(BOUND_BOARD)
lo.draw_board(bound_board, title="BOUND_BOARD")
plt.show()

# %% [markdown]
# **Answer form:** a whole number.
#
# <details><summary><b>Hint</b></summary>
#
# Count the lit cells. Can $k$ presses change more than $5k$ lights?
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_counting_bound(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
lit = int(bound_board.sum())
answer = -(-lit // 5)  # the ceiling of lit / 5
print(f"{lit} lights on, at most 5 per press: at least {answer} presses")
check_counting_bound(answer)

# %% [markdown]
# ## Exercise 9.3 ★★ — A hardest $3 \times 5$ board
#
# No solvable $3 \times 5$ board needs more than 8 presses. Find one that needs exactly 8.
#
# **Answer form:** a $3 \times 5$ board.
#
# <details><summary><b>Hint</b></summary>
#
# A board needs many presses when its press patterns are far from every quiet pattern.
# `lo.most_clicks` does it for you, but try first: search boards made by pressing some
# cells, and keep one whose `fewest_presses()` has 8 presses.
# </details>

# %%
answer = None  # your answer here: a 3x5 board

# %%
check_hardest_3x5(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Search the $2^{15}$ press patterns (a fraction of a second), keep the first that needs 8:

# %% tags=["solution"]
dark = np.zeros((3, 5), dtype=np.uint8)
for code in range(2**15):
    presses = ((code >> np.arange(15)) & 1).astype(np.uint8).reshape(3, 5)
    if presses.sum() < 8:
        continue
    board = lo.press(dark, presses)
    if lo.solve_board(board).fewest_presses().sum() == 8:
        break
answer = board
print(lo.format_board(answer))
check_hardest_3x5(answer)

# %% [markdown]
# ## Exercise 9.4 ★★ — Why 15 presses are needed
#
# The board `WORST_5X5` needs 15 presses. The proof is short: list **all** its solutions and
# count the presses of each. What are those counts?

# %%
worst = lo.parse_board(WORST_5X5)
lo.draw_board(worst, title="WORST_5X5")
plt.show()

# %% [markdown]
# **Answer form:** a list of the numbers of presses of the solutions, e.g. `[15, 16, 17, 18]`.
#
# <details><summary><b>Hint</b></summary>
#
# A solvable $5 \times 5$ board has $2^2 = 4$ solutions: `lo.solve_board(worst).all_solutions()`.
# </details>

# %%
answer = None  # your answer here: a list of four numbers

# %%
check_fifteen_proof(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
answer = [int(x.sum()) for x in lo.solve_board(worst).all_solutions()]
print(answer)
check_fifteen_proof(answer)

# %% [markdown] tags=["solution"]
# Every solution has 15 presses, and every way to switch the board off is one of these four
# (after double presses cancel): so no fewer than 15 will do.

# %% [markdown]
# ## Exercise 9.5 ★★★ — The worst case of the $4 \times 4$ board, by hand
#
# Lecture 9 found the worst case of the $4 \times 4$ board, 7 presses, with an integer
# program. Prove the half that needs an argument, **no solvable $4 \times 4$ board needs 8
# presses**, by hand, in three steps.
#
# A solvable $4 \times 4$ board has 16 solutions $\mathbf{x} + \mathbf{q}$, one for each
# quiet pattern $\mathbf{q}$ (Lecture 5).
#
# 1. Pick a cell $j$ that no other cell *shadows*: for every other cell $i$, some quiet
#    pattern presses one of $i, j$ but not the other. (In Lecture 9's words: a type with a
#    single cell.) Then 8 of the 16 solutions press $j$ and 8 leave it unpressed.
# 2. Take another cell $i$. How many of the 8 solutions that leave $j$ unpressed press $i$?
#    The answer must not depend on the board, nor on which $i$ you take.
# 3. So how many presses do those 8 solutions make **in all**? It is the same number for
#    every solvable board, and one of the 8 has at most an eighth of it.
#
# **Answer form:** a dict `{"cell": (row, column), "each": ..., "total": ...}` with the cell
# of step 1 (rows and columns counted from 1) and the numbers of steps 2 and 3.
#
# <details><summary><b>Hint</b></summary>
#
# Write the quiet patterns as $c_1\mathbf{q}_1 + \dots + c_4\mathbf{q}_4$. A solution presses
# cell $k$ when $x_k + \mathbf{c}\cdot t_k = 1$, with $t_k \in \mathrm{GF}(2)^4$ the type of
# cell $k$. Leaving $j$ unpressed fixes $\mathbf{c}\cdot t_j$; among those 8 vectors
# $\mathbf{c}$, how often is $\mathbf{c}\cdot t_i = 0$, when $t_i \ne t_j$ and both are
# nonzero? Check your numbers on a board or two with `lo.solve_board(b).all_solutions()`.
# </details>

# %%
answer = None  # your answer here: {"cell": (row, column), "each": ..., "total": ...}

# %%
check_worst_4x4_proof(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# *Step 1.* The edge cells that are not corners, such as $(1, 2)$, have types of their own
# (Lecture 9's table of types); each corner and centre cell shares its type with one other
# cell. No cell has type 0, so every cell is pressed by half of the 16 quiet patterns, and by
# 8 of the 16 solutions.
#
# *Step 2.* The 8 solutions that leave $j$ unpressed are those with $\mathbf{c}\cdot t_j =
# x_j$. For another cell $i$, $t_i$ and $t_j$ are different and nonzero, so independent over
# GF(2), and the pair $(\mathbf{c}\cdot t_j, \mathbf{c}\cdot t_i)$ takes each of its four
# values for 4 of the 16 vectors $\mathbf{c}$. So among the 8, exactly 4 press $i$, whatever
# the board.
#
# *Step 3.* The other 15 cells are pressed 4 times each and $j$ never: $15 \cdot 4 = 60$
# presses in all, on average 7.5 per solution. A whole number of presses at most the average
# is at most 7, so some solution presses at most 7 cells: **no $4 \times 4$ board needs
# more than 7**. Lecture 9 found boards that need 7, so the worst case is exactly 7. A check
# on a few boards:

# %% tags=["solution"]
for seed in range(3):
    board = lo.random_board(4, 4, seed=seed, solvable=True)
    unpressed = [x for x in lo.solve_board(board).all_solutions() if not x[0, 1]]
    each = np.sum(unpressed, axis=0).ravel()  # how many of them press each cell
    others = sorted({int(v) for k, v in enumerate(each) if k != 1})
    print(f"board {seed}: {len(unpressed)} solutions leave (1, 2) unpressed;", end=" ")
    print(f"each other cell is pressed by {others} of them, {int(each.sum())} presses in all")
answer = {"cell": (1, 2), "each": 4, "total": 60}
check_worst_4x4_proof(answer)

# %% [markdown]
# That was the last exercise set. Sources for every theorem used are in the
# [bibliography](../reference/bibliography.ipynb).
