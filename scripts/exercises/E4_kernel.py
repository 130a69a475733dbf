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
# # Exercises 4 — Solvability and the kernel
#
# These exercises go with [Lecture 4](../04_solvability_and_the_kernel.ipynb). ★ warm-up,
# ★★ needs an idea. Boards may be given as arrays, nested lists or text such as
# `"01110/00000/00000/00000/00000"`.

# %%
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    COUNT_SHAPE,
    NULLITY_SHAPE,
    PROBABILITY_SHAPE,
    UNSOLVABLE_BOARD,
    VERDICT_BOARDS,
    check_certificate,
    check_nullity_9x14,
    check_probability_solvable_5x11,
    check_quiet_patterns_4x4,
    check_singular_3xn,
    check_solvable_count_3x8,
    check_solvable_verdicts,
)

lo.use_course_style()

# %% [markdown]
# ## Exercise 4.1 ★ — Four verdicts
#
# Which of these four $5 \times 5$ boards can be switched off? Decide with the two parity
# checks of Lecture 4 (an even number of lights under each quiet pattern), not by solving.

# %%
boards = [lo.parse_board(text) for text in VERDICT_BOARDS.values()]
lo.draw_boards(boards, titles=[f"board {name}" for name in VERDICT_BOARDS])
plt.show()

# %% [markdown]
# **Answer form:** a dict such as `{"A": True, "B": False, "C": ..., "D": ...}` (True =
# solvable), or a list of four verdicts in the order A, B, C, D.
#
# <details><summary><b>Hint</b></summary>
#
# The quiet patterns of the $5 \times 5$ game are `lo.solve_board(np.zeros((5, 5),
# np.uint8)).quiet_patterns`. For each board count the lit cells under each pattern.
# </details>

# %%
answer = None  # your answer here: {"A": ..., "B": ..., "C": ..., "D": ...}

# %%
check_solvable_verdicts(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
quiet = lo.solve_board(np.zeros((5, 5), np.uint8)).quiet_patterns
answer = {}
for name, board in zip(VERDICT_BOARDS, boards, strict=True):
    checks = [int((q & board).sum() % 2) for q in quiet]
    answer[name] = checks == [0, 0]
    print(f"board {name}: parity checks {checks} -> solvable {answer[name]}")
check_solvable_verdicts(answer)

# %% [markdown]
# ## Exercise 4.2 ★ — A nullity
#
# What is the nullity (the dimension of the kernel) of the toggle matrix of the $9 \times 14$
# board (`NULLITY_SHAPE`)?
#
# **Answer form:** a whole number.
#
# <details><summary><b>Hint</b></summary>
#
# Rank + nullity = number of cells, and `lo.rank` computes the rank over GF(2).
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_nullity_9x14(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
rows, cols = NULLITY_SHAPE
answer = rows * cols - lo.rank(lo.toggle_matrix(rows, cols))
check_nullity_9x14(answer)

# %% [markdown]
# ## Exercise 4.3 ★ — How many boards can be switched off?
#
# How many of the $2^{24}$ boards of size $3 \times 8$ (`COUNT_SHAPE`) can be switched off,
# the dark board included?
#
# **Answer form:** a whole number, or text such as `"2^10"`.
#
# <details><summary><b>Hint</b></summary>
#
# The solvable boards are exactly the vectors $A\mathbf{x}$: the column space of $A$. How
# many vectors does a subspace of dimension $r$ over GF(2) have?
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_solvable_count_3x8(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
r = lo.rank(lo.toggle_matrix(*COUNT_SHAPE))
answer = 2**r
print(f"rank {r}: 2^{r} = {answer} solvable boards")
check_solvable_count_3x8(answer)

# %% [markdown]
# ## Exercise 4.4 ★★ — A certificate of impossibility
#
# The board `UNSOLVABLE_BOARD` below cannot be switched off. Prove it: give a **certificate**,
# a press pattern $\mathbf{y}$ with $A^{\mathsf T}\mathbf{y} = \mathbf{0}$ that covers an
# **odd** number of lit cells. Then no sequence of presses can switch the board off, because
# every press changes an even number of the cells of $\mathbf{y}$.

# %%
unsolvable = lo.parse_board(UNSOLVABLE_BOARD)
lo.draw_board(unsolvable, title="UNSOLVABLE_BOARD")
plt.show()

# %% [markdown]
# **Answer form:** a $5 \times 5$ board of 0s and 1s (the cells of $\mathbf{y}$).
#
# <details><summary><b>Hint</b></summary>
#
# $A$ is symmetric, so the candidates are the quiet patterns and their sums. Which one meets
# the three lit cells an odd number of times?
# </details>

# %%
answer = None  # your answer here: a 5x5 board

# %%
check_certificate(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
q1, q2 = quiet
for name, y in {"q1": q1, "q2": q2, "q1 + q2": q1 ^ q2}.items():
    print(f"{name}: covers {int((y & unsolvable).sum())} lit cells")
answer = next(y for y in (q1, q2, q1 ^ q2) if (y & unsolvable).sum() % 2)
check_certificate(answer)

# %% [markdown]
# ## Exercise 4.5 ★★ — The quiet patterns of the $4 \times 4$ game
#
# Find a **basis** of the kernel of the $4 \times 4$ toggle matrix: quiet patterns that are
# independent and whose sums give every quiet pattern. Any basis is accepted.
#
# **Answer form:** a list of $4 \times 4$ boards, or an array of shape $(d, 4, 4)$.
#
# <details><summary><b>Hint</b></summary>
#
# Lecture 4 builds the kernel from the free columns of the RREF: set one free unknown to 1
# and the others to 0, and read the pivot unknowns off the pivot rows. `lo.null_space` does
# the same; reshape each row to $4 \times 4$.
# </details>

# %%
answer = None  # your answer here: a list of 4x4 boards

# %%
check_quiet_patterns_4x4(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
basis = lo.null_space(lo.toggle_matrix(4, 4))
answer = basis.reshape(len(basis), 4, 4)
lo.draw_boards(
    [np.zeros((4, 4), np.uint8)] * len(answer),
    presses=list(answer),
    titles=[f"$q_{k + 1}$" for k in range(len(answer))],
)
plt.show()
check_quiet_patterns_4x4(answer)

# %% [markdown]
# ## Exercise 4.6 ★★ — A probability
#
# A $5 \times 11$ board (`PROBABILITY_SHAPE`) is chosen uniformly at random: every light is on
# with probability 1/2, independently. What is the probability that it can be switched off?
#
# **Answer form:** an exact fraction, e.g. `Fraction(1, 8)`, `"1/8"` or `"2^-3"`.
#
# <details><summary><b>Hint</b></summary>
#
# Count the solvable boards as in Exercise 4.3 and divide by the number of all boards.
# </details>

# %%
answer = None  # your answer here: a fraction

# %%
check_probability_solvable_5x11(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
rows, cols = PROBABILITY_SHAPE
nullity = rows * cols - lo.rank(lo.toggle_matrix(rows, cols))
answer = f"1/{2**nullity}"
print(f"nullity {nullity}: P = 2^(rank - N) = 2^-{nullity} = {answer}")
check_probability_solvable_5x11(answer)

# %% [markdown]
# ## Exercise 4.7 ★★ — A pattern in the $3 \times n$ boards
#
# For which widths $n$ with $1 \le n \le 20$ does the $3 \times n$ board have a nonzero quiet
# pattern? Compute, then look for a rule.
#
# **Answer form:** a list of the widths, e.g. `[2, 7]`.
#
# <details><summary><b>Hint</b></summary>
#
# A loop over `n` with `lo.rank(lo.toggle_matrix(3, n))`. The rule is about $n + 1$.
# </details>

# %%
answer = None  # your answer here: a list of widths

# %%
check_singular_3xn(answer)

# %% [markdown] tags=["solution"]
# ### Solution

# %% tags=["solution"]
answer = [n for n in range(1, 21) if 3 * n - lo.rank(lo.toggle_matrix(3, n)) > 0]
print(answer)
check_singular_3xn(answer)

# %% [markdown]
# **Next**: [Lecture 5 — All solutions and fewest presses](../05_all_solutions_and_fewest_presses.ipynb)
# and [Exercises 5](E5_fewest.ipynb).
