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
# # Exercises 9 — How many presses can a board need?
#
# These exercises go with [Lecture 9](../09_how_many_presses.ipynb). ★ warm-up, ★★ needs an
# idea.

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
# That was the last exercise set. Sources for every theorem used are in the
# [bibliography](../reference/bibliography.ipynb).
