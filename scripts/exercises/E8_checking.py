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
# # Exercises 8 — Checking our work
#
# These exercises go with [Lecture 8](../08_checking_our_work.ipynb). ★ warm-up, ★★ needs an
# idea, ★★★ a project: in the last one you write a test, and the checker runs it against a
# correct RREF and five planted bugs.
#
# In the lecturer's edition each exercise is followed by its solution, and *Run All* runs
# the solutions too: to try an exercise first, run the cells one at a time (Shift+Enter)
# down to it. The student edition has no solutions.

# %%
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    buggy_rref,
    check_counterexample,
    check_is_solution,
    check_my_test,
)

# %% [markdown]
# ## Exercise 8.1 ★ — Is it a solution?
#
# Write the check that trusts no engine: given a board and a proposed set of presses, say
# whether pressing them switches the board off.
#
# **Answer form:** a function `is_solution(board, presses)` returning `True` or `False`.
#
# <details><summary><b>Hint</b></summary>
#
# Simulate: `lo.press(board, presses)` is the board after the presses.
# </details>

# %%
def is_solution(board, presses):
    """True when pressing `presses` switches `board` off."""
    return None  # your code here


# %%
check_is_solution(is_solution)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
def is_solution(board, presses):
    """True when pressing `presses` switches `board` off."""
    return not lo.press(board, presses).any()


check_is_solution(is_solution)

# %% [markdown]
# ## Exercise 8.2 ★★ — Catch a bug
#
# `buggy_rref(M)` is meant to return the RREF over GF(2) and the pivot columns, like
# `lo.rref(M)`, but it has a bug. It gets the identity matrix right:

# %%
R, pivots = buggy_rref(np.eye(3, dtype=np.uint8))
print(R, pivots)

# %% [markdown]
# Find a matrix on which it is wrong.
#
# **Answer form:** a 0/1 matrix (nested list or array).
#
# <details><summary><b>Hint</b></summary>
#
# Compare `buggy_rref(M)` with `lo.rref(M)` on a few small matrices, including ones whose
# pivots are not already alone in their columns.
# </details>

# %%
answer = None  # your answer here: a matrix

# %%
check_counterexample(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Random small matrices find it quickly; the culprit is a 1 left **above** a pivot.

# %% tags=["solution"]
rng = np.random.default_rng(82)
while True:
    M = rng.integers(0, 2, size=(3, 3))
    if not np.array_equal(buggy_rref(M)[0], lo.rref(M)[0]):
        break
print(M, buggy_rref(M)[0], lo.rref(M)[0], sep="\n\n")
answer = M
check_counterexample(answer)

# %% [markdown]
# ## Exercise 8.3 ★★★ — A test that catches planted bugs
#
# Write a **test** for RREF functions: it receives a function `rref(M)` that should return
# `(R, pivots)` and returns `True` if the function passes, `False` if not. The checker runs
# your test on a correct function and on five functions with one planted bug each (it does
# not tell you the bugs in advance). A good test passes the correct one and fails all five.
#
# **Answer form:** a function `my_test(rref)` returning `True` or `False`.
#
# <details><summary><b>Hint</b></summary>
#
# Compare with `lo.rref` on many matrices: random ones of several shapes and densities, and
# some edge cases (the zero matrix, a matrix whose first column is zero at the top). Compare
# both the matrix and the pivots.
# </details>

# %%
def my_test(rref):
    """True if `rref` passes the test."""
    return None  # your code here


# %%
check_my_test(my_test)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
def my_test(rref):
    """True if `rref` passes the test: agrees with lo.rref on many random matrices."""
    rng = np.random.default_rng(8)
    for _ in range(200):
        rows, cols = (int(v) for v in rng.integers(1, 7, size=2))
        M = (rng.random((rows, cols)) < rng.random()).astype(np.uint8)
        R, pivots = rref(M.copy())
        expected_R, expected_pivots = lo.rref(M)
        if not np.array_equal(np.asarray(R), expected_R):
            return False
        if list(pivots) != list(expected_pivots):
            return False
    return True


check_my_test(my_test)

# %% [markdown]
# **Next**: [Lecture 9 — How many presses can a board need?](../09_how_many_presses.ipynb)
# and [Exercises 9](E9_worst_case.ipynb).
