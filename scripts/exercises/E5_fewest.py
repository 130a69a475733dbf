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
# # Exercises 5 — All solutions and the fewest presses
#
# These exercises go with [Lecture 5](../05_all_solutions_and_fewest_presses.ipynb). ★ warm-up,
# ★★ needs an idea, ★★★ a project: in the last one you write the exact fewest-presses
# search yourself.
#
# In the lecturer's edition each exercise is followed by its solution, and *Run All* runs
# the solutions too: to try an exercise first, run the cells one at a time (Shift+Enter)
# down to it. The student edition has no solutions.

# %%
import itertools

import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    EXACT_PRESSES,
    SECOND_SOLUTION_BOARD,
    SECOND_SOLUTION_PRESSES,
    check_fewest_presses,
    check_needs_exactly_k_presses,
    check_second_solution_5x5,
    check_solution_count_4x4,
)

lo.use_course_style()

# %% [markdown]
# ## Exercise 5.1 ★ — How many solutions?
#
# A $4 \times 4$ board can be switched off. In how many different ways (sets of presses)?
#
# **Answer form:** a whole number.
#
# <details><summary><b>Hint</b></summary>
#
# The solutions form a coset $\mathbf{x}_p + \ker A$. How many elements does the kernel of the
# $4 \times 4$ toggle matrix have?
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_solution_count_4x4(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
nullity = 16 - lo.rank(lo.toggle_matrix(4, 4))
answer = 2**nullity
print(f"nullity {nullity}: {answer} solutions per solvable board")
check_solution_count_4x4(answer)

# %% [markdown]
# ## Exercise 5.2 ★★ — Another way to switch it off
#
# The presses `SECOND_SOLUTION_PRESSES` (left, as dots) switch the board
# `SECOND_SOLUTION_BOARD` off. Find a **different** set of presses that also does.

# %%
board = lo.parse_board(SECOND_SOLUTION_BOARD)
known = lo.parse_board(SECOND_SOLUTION_PRESSES)
lo.draw_boards(
    [board, lo.press(board, known)],
    presses=[known, None],
    titles=["the board and known presses", "after pressing them"],
)
plt.show()

# %% [markdown]
# **Answer form:** a $5 \times 5$ board of presses (array, nested list or text).
#
# <details><summary><b>Hint</b></summary>
#
# Add a quiet pattern to the known presses (over GF(2)). Do it by hand on a copy of the
# board, or with `lo.solve_board`'s `quiet_patterns`.
# </details>

# %%
answer = None  # your answer here: a 5x5 board of presses

# %%
check_second_solution_5x5(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
q1 = lo.solve_board(board).quiet_patterns[0]
answer = (known + q1) % 2
print(lo.format_board(answer))
check_second_solution_5x5(answer)

# %% [markdown]
# ## Exercise 5.3 ★★ — A board that needs exactly six presses
#
# Find a $4 \times 4$ board whose fewest-presses solution has **exactly 6** presses
# (`EXACT_PRESSES = (4, 4, 6)`): it can be switched off with 6, but not with fewer.
#
# **Answer form:** a $4 \times 4$ board.
#
# <details><summary><b>Hint</b></summary>
#
# Pressing 6 cells of the dark board gives a board that 6 presses switch off. But the
# $4 \times 4$ game has many quiet patterns: another solution in the same coset may be
# shorter. Try a few choices and ask `lo.solve_board(b).fewest_presses()`.
# </details>

# %%
answer = None  # your answer here: a 4x4 board

# %%
check_needs_exactly_k_presses(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Press six cells, keep the result if no shorter solution exists. The first choices in
# reading order already work:

# %% tags=["solution"]
rows, cols, k = EXACT_PRESSES
dark = np.zeros((rows, cols), dtype=np.uint8)
for cells in itertools.combinations(range(rows * cols), k):
    presses = np.zeros(rows * cols, dtype=np.uint8)
    presses[list(cells)] = 1
    candidate = lo.press(dark, presses.reshape(rows, cols))
    if lo.solve_board(candidate).fewest_presses().sum() == k:
        break
answer = candidate
print("pressed cells:", cells)
print(lo.format_board(answer))
check_needs_exactly_k_presses(answer)

# %% [markdown]
# ## Exercise 5.4 ★★★ — Your own exact search
#
# Write the exhaustive fewest-presses search of Lecture 5. You get one solution
# $\mathbf{x}_p$ (a 0/1 vector) and a basis of the kernel (the rows of a $d \times N$ 0/1
# array); return a vector of **least weight** in the coset $\mathbf{x}_p + \ker A$. The
# checker gives your function about 18 hidden boards, $9 \times 9$ (with $d = 8$) included.
#
# **Answer form:** a function `fewest(particular, kernel)` returning a 0/1 vector of length
# $N$.
#
# **Allowed:** Python, NumPy and `itertools`. **Not there while the checker runs your
# function** (it runs in a sandbox of its own; everything keeps working in your notebook):
# the package `lightsout_edu` (`lo.solve_board` and its `fewest_presses()`,
# `lo.optimal_press_counts`, its linear algebra and boards), galois and sympy. The checker
# says so if your function uses one of them.
#
# <details><summary><b>Hint</b></summary>
#
# Run through all $2^d$ coefficient vectors $\mathbf{c}$ with `itertools.product((0, 1),
# repeat=d)`; the candidate is `(particular + c @ kernel) % 2`. Keep the lightest. (For a
# faster version: Gray code order, one XOR per step.)
# </details>


# %%
def fewest(particular, kernel):
    """A vector of least weight in particular + span(rows of kernel), over GF(2)."""
    return None  # your code here


# %%
check_fewest_presses(fewest)

# %% [markdown] tags=["solution"]
# ### Solution


# %% tags=["solution"]
def fewest(particular, kernel):
    """A vector of least weight in particular + span(rows of kernel), over GF(2)."""
    best = particular
    for c in itertools.product((0, 1), repeat=len(kernel)):
        candidate = (particular + np.array(c, dtype=np.int64) @ kernel) % 2
        if candidate.sum() < best.sum():
            best = candidate
    return best


check_fewest_presses(fewest)

# %% [markdown]
# **Next**: [Lecture 6 — Light chasing](../06_light_chasing.ipynb) and
# [Exercises 6](E6_chasing.ipynb).
