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
# # Exercises 4 — Solvability and the kernel
#
# These exercises go with [Lecture 4](../04_solvability_and_the_kernel.ipynb). ★ warm-up,
# ★★ needs an idea, ★★★ a project. Boards may be given as arrays, nested lists or text such
# as `"01110/00000/00000/00000/00000"`.
#
# In the lecturer's edition each exercise is followed by its solution, and *Run All* runs
# the solutions too: to try an exercise first, run the cells one at a time (Shift+Enter)
# down to it. The student edition has no solutions.

# %%
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    BROKEN_SHAPE,
    COUNT_SHAPE,
    NULLITY_SHAPE,
    PROBABILITY_SHAPE,
    UNSOLVABLE_BOARD,
    VERDICT_BOARDS,
    WORKING_ROWS,
    check_broken_buttons,
    check_certificate,
    check_dual_dimension_proof,
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
# ## Exercise 4.8 ★★ — The dimension of $W^{\perp}$
#
# The "if" half of the solvability theorem uses fact 3 of Lecture 4: for a subspace $W$ of
# $\mathrm{GF}(2)^M$ of dimension $d$,
#
# $$
# W^{\perp} = \{\mathbf{b} : \mathbf{w}\cdot\mathbf{b} = 0 \text{ for every }
# \mathbf{w} \in W\} \quad\text{has dimension } M - d .
# $$
#
# Let $\mathbf{w}_1, \dots, \mathbf{w}_d$ be a basis of $W$ and $B$ the $d \times M$ matrix
# with these rows. Which argument proves the fact over GF(2)?
#
# > **(a)** $W \cap W^{\perp} = \{\mathbf{0}\}$, and every vector is the sum of one in $W$
# > and one in $W^{\perp}$; so the two dimensions add up to $M$.
# >
# > **(b)** $W^{\perp}$ is the kernel of $B$, and every matrix with $d$ rows has rank $d$;
# > so by rank–nullity $\dim W^{\perp} = M - d$.
# >
# > **(c)** Over GF(2) every vector is orthogonal to itself, so $W \subseteq W^{\perp}$ and
# > $\dim W^{\perp} \ge d$; equality holds because both are subspaces.
# >
# > **(d)** $\mathbf{b} \in W^{\perp}$ exactly when $B\mathbf{b} = \mathbf{0}$, so
# > $W^{\perp} = \ker B$. The rows of $B$ are independent, so $\operatorname{rank} B = d$
# > (fact 2), and rank–nullity gives $\dim\ker B = M - d$.
#
# **Answer form:** the letter of the right argument.

# %%
answer = None  # your answer here: "a", "b", "c" or "d"

# %%
check_dual_dimension_proof(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# (d). The other three each fail at one point: (a) is the proof over the real numbers, but
# over GF(2) $W$ and $W^\perp$ may overlap; (b) claims that every matrix with $d$ rows has
# rank $d$ (the zero matrix does not); (c) starts from a false claim ($\mathbf{e}_1 \cdot \mathbf{e}_1 = 1$). A
# check on a random subspace of $\mathrm{GF}(2)^8$, counting the vectors orthogonal to it:

# %% tags=["solution"]
rng = np.random.default_rng(48)
W = rng.integers(0, 2, (3, 8), dtype=np.uint8)  # three random vectors of GF(2)^8
d = lo.rank(W)
everything = (np.arange(2**8)[:, None] >> np.arange(8)) & 1  # all 256 vectors, as rows
orthogonal = int((~(everything @ W.T % 2).any(axis=1)).sum())
print(f"dim W = {d}: {orthogonal} vectors orthogonal to W = 2^{8 - d}")
answer = "d"
check_dual_dimension_proof(answer)

# %% [markdown]
# ## Exercise 4.9 ★★★ — A board with broken buttons
#
# On a $5 \times 5$ board (`BROKEN_SHAPE`) the buttons of the bottom two rows are broken:
# only the 15 buttons of the top three rows (`WORKING_ROWS = 3`) can be pressed, but every
# light still toggles as usual. Which boards can still be switched off?
#
# The working buttons are the first 15 columns of the toggle matrix: a $25 \times 15$
# matrix $B$, neither square nor symmetric. By the solvability theorem of Lecture 4, a board
# $\mathbf{b}$ can be switched off exactly when $\mathbf{y}\cdot\mathbf{b} = 0$ for every
# $\mathbf{y} \in \ker(B^{\mathsf T})$: for every *parity check* $\mathbf{y}$, a set of
# lights of which every working button toggles an even number. Find a **basis** of these
# parity checks, and know why yours are all of them: how many must a basis have?
#
# `lo.left_null_space(B)` answers for this one board in one line: use it to test your ideas
# in the notebook. The exercise is the idea behind it, for every board of this kind: write a
# function `parity_checks(rows, cols, working_rows)` for a `rows x cols` board whose top
# `working_rows` rows of buttons work (at least one row broken).
#
# **Allowed:** Python and NumPy. **Not there while the checker runs your function** (it runs
# in a sandbox of its own; everything keeps working in your notebook): the package
# `lightsout_edu`, galois and sympy. The checker says so if your function uses one of them.
# It runs your function on the $5 \times 5$ board and on boards of other shapes.
#
# **Answer form:** a function `parity_checks(rows, cols, working_rows)` returning a list of
# `rows x cols` boards (the lights of each check), or an array of shape
# `(k, rows, cols)`. Any basis is accepted.
#
# <details><summary><b>Hint</b></summary>
#
# In the notebook, `B = lo.toggle_matrix(5, 5)[:, :15]`. How many checks a basis has follows
# from fact 2 of Lecture 4: $\dim\ker(B^{\mathsf T}) = 25 - \operatorname{rank} B$. For the
# checks themselves, start with the lights that no working button reaches. Then choose the
# first row of $\mathbf{y}$ and ask what the working buttons of rows 1, 2, 3, one row at a
# time, force in rows 2, 3, 4.
# </details>

# %%
def parity_checks(rows, cols, working_rows):
    """A basis of the parity checks of a board whose top working_rows rows of buttons work."""
    return []  # your code here


# %%
check_broken_buttons(parity_checks)

# %% [markdown] tags=["solution"]
# ### Solution
#
# *How many.* A combination of working buttons that changes no light presses nothing: a
# light $(4, c)$ of row 4 is reached by only one working button, $(3, c)$ above it, so no
# button of row 3 is pressed; then each light of row 3 is reached by only one button left,
# the one above it in row 2, and so on up. So the 15 columns of $B$ are independent,
# $\operatorname{rank} B = 15$, and by fact 2 $\dim\ker(B^{\mathsf T}) = 25 - 15 = 10$.
#
# *Which.* No working button reaches row 5, so each of its five lights is a check on its
# own. Five more: give $\mathbf{y}$ the first row $\mathbf{e}_c$ and an empty row 5. The
# button at $(r, c)$ toggles $(r - 1, c), (r, c - 1), (r, c), (r, c + 1), (r + 1, c)$, so an
# even count there forces $y_{r+1, c} = y_{r-1, c} + y_{r, c-1} + y_{r, c} + y_{r, c+1}$
# (cells off the board count as 0): rows $r - 1$ and $r$ fix row $r + 1$, for $r = 1, 2, 3$,
# and the broken buttons of rows 4 and 5 ask for nothing. The ten are independent: if a sum
# of some of them were zero, its row 1 would show that none of the second five is in it, and
# then its row 5 that none of the first five is either. Ten independent checks in a space of
# dimension 10: a basis. The same argument on a `rows x cols` board with `working_rows`
# working rows gives $(\text{rows} - \text{working\_rows}) \cdot \text{cols}$ checks.

# %% tags=["solution"]
def parity_checks(rows, cols, working_rows):
    """A basis of the parity checks of a board whose top working_rows rows of buttons work."""
    unit = np.eye(rows * cols, dtype=np.uint8)
    alone = [unit[i].reshape(rows, cols) for i in range((working_rows + 1) * cols, rows * cols)]
    chased_up = []
    for c in range(cols):
        y = np.zeros((rows + 2, cols + 2), dtype=np.uint8)  # a frame of zeros around the board
        y[1, 1 + c] = 1
        for r in range(1, working_rows + 1):  # the buttons of row r force row r + 1
            y[r + 1, 1:-1] = (y[r - 1, 1:-1] + y[r, :-2] + y[r, 1:-1] + y[r, 2:]) % 2
        chased_up.append(y[1:-1, 1:-1])
    return alone + chased_up


rows, cols = BROKEN_SHAPE
B = lo.toggle_matrix(rows, cols)[:, : WORKING_ROWS * cols]
checks = parity_checks(rows, cols, WORKING_ROWS)
print("rank B =", lo.rank(B), " checks found:", len(checks))
both = np.vstack([np.reshape(checks, (len(checks), 25)), lo.left_null_space(B)])
print("the same space as lo.left_null_space(B):", lo.rank(both) == len(checks))
check_broken_buttons(parity_checks)

# %% [markdown]
# **Next**: [Lecture 5 — All solutions and fewest presses](../05_all_solutions_and_fewest_presses.ipynb)
# and [Exercises 5](E5_fewest.ipynb).
