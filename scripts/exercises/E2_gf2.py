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
# # Exercises 2 — Arithmetic in GF(2)
#
# These exercises go with [Lecture 2](../02_arithmetic_in_gf2.ipynb). As before: ★ warm-up,
# ★★ needs an idea, ★★★ a project; replace `None` by your answer, run the checker, and open
# the hint only when stuck. The checkers never give the answer away.
#
# In the lecturer's edition each exercise is followed by its solution, and *Run All* runs
# the solutions too: to try an exercise first, run the cells one at a time (Shift+Enter)
# down to it. The student edition has no solutions.

# %%
import galois
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    SYSTEM_MOD2,
    check_determinant_3x4,
    check_gf2_tables,
    check_self_orthogonal_count,
    check_system_mod2,
)

# %% [markdown]
# ## Exercise 2.1 ★ — The two tables
#
# Write the addition and the multiplication of GF(2) as two functions of two elements. Use
# plain Python: no `% 2` from a library is needed, but you may use it.
#
# **Answer form:** two functions `add(a, b)` and `mul(a, b)`, each returning 0 or 1; check
# them with `check_gf2_tables(add, mul)`.
#
# <details><summary><b>Hint</b></summary>
#
# Only four pairs $(a, b)$ exist. Which entry of the addition table surprises, and why is it
# the right one for Lights Out?
# </details>

# %%
def add(a, b):
    """a + b in GF(2)."""
    return None  # your code here


def mul(a, b):
    """a * b in GF(2)."""
    return None  # your code here


# %%
check_gf2_tables(add, mul)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Addition is XOR, because two toggles cancel ($1 + 1 = 0$); multiplication is AND.

# %% tags=["solution"]
def add(a, b):
    """a + b in GF(2)."""
    return a ^ b


def mul(a, b):
    """a * b in GF(2)."""
    return a & b


check_gf2_tables(add, mul)

# %% [markdown]
# ## Exercise 2.2 ★ — A system by hand
#
# Solve this system over GF(2) **on paper**, by adding equations:
#
# $$
# \begin{aligned}
# x_1 + x_2 \phantom{{}+x_3} &= 1\\
# x_2 + x_3 &= 0\\
# x_1 + x_2 + x_3 &= 1
# \end{aligned}
# $$
#
# (It is stored as `SYSTEM_MOD2 = (A, b)`.)
#
# **Answer form:** the solution $(x_1, x_2, x_3)$ as a list of three 0s and 1s.
#
# <details><summary><b>Hint</b></summary>
#
# Add the first and the third equation: over GF(2), $x_1 + x_1 = 0$ and $x_2 + x_2 = 0$.
# </details>

# %%
answer = None  # your answer here: [x1, x2, x3]

# %%
check_system_mod2(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# Equations 1 + 3 give $x_3 = 0$. Then equation 2 gives $x_2 = 0$, and equation 1 gives
# $x_1 = 1$. Check by multiplying out:

# %% tags=["solution"]
A, b = (np.array(m) for m in SYSTEM_MOD2)
answer = [1, 0, 0]
print("A x mod 2 =", A @ answer % 2, " b =", b)
check_system_mod2(answer)

# %% [markdown]
# ## Exercise 2.3 ★★ — Orthogonal to itself
#
# Over GF(2) a nonzero vector can be orthogonal to itself: $\mathbf{x}\cdot\mathbf{x} = 0$.
# How many vectors $\mathbf{x} \in \mathrm{GF}(2)^N$ (the zero vector included) have
# $\mathbf{x}\cdot\mathbf{x} = 0$? Find a formula in $N$.
#
# **Answer form:** a function `count(N)` returning a whole number. The checker tries several
# $N$; it never enumerates anything for you.
#
# <details><summary><b>Hint</b></summary>
#
# $x_i^2 = x_i$ over GF(2), so $\mathbf{x}\cdot\mathbf{x} = x_1 + \dots + x_N$. When is that
# sum 0? Pair up the vectors by flipping the first entry.
# </details>

# %%
def count(N):
    """How many x in GF(2)^N have x . x = 0."""
    return None  # your formula here


# %%
check_self_orthogonal_count(count)

# %% [markdown] tags=["solution"]
# ### Solution
#
# $\mathbf{x}\cdot\mathbf{x} = \sum_i x_i^2 = \sum_i x_i$, the parity of the number of 1s.
# Flipping $x_1$ pairs each vector with an even number of 1s with one with an odd number, so
# exactly half of the $2^N$ vectors qualify: $2^{N-1}$. A brute-force check for small $N$:

# %% tags=["solution"]
def count(N):
    """How many x in GF(2)^N have x . x = 0."""
    return 2 ** (N - 1)


for N in range(1, 7):
    vectors = (np.arange(2**N)[:, None] >> np.arange(N)) & 1
    print(N, int((vectors.sum(axis=1) % 2 == 0).sum()), count(N))
check_self_orthogonal_count(count)

# %% [markdown]
# ## Exercise 2.4 ★★ — What an odd determinant says
#
# Compute the determinant **over the integers** of the $12 \times 12$ toggle matrix of the
# $3 \times 4$ board. Then use Lecture 2's argument with the adjugate: is that toggle matrix
# invertible over GF(2)? How many solutions does a $3 \times 4$ board have?
#
# **Answer form:** the determinant, a whole number (the checker's reply tells you whether
# your conclusions should match).
#
# <details><summary><b>Hint</b></summary>
#
# `np.linalg.det(lo.toggle_matrix(3, 4))` returns a float close to the integer; round it.
# `sympy.Matrix(lo.toggle_matrix(3, 4)).det()` computes it exactly.
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_determinant_3x4(answer)

# %% [markdown] tags=["solution"]
# ### Solution
#
# The determinant is $-9$, odd. So $\det A \equiv 1 \pmod 2$, $A$ is invertible over GF(2),
# and every $3 \times 4$ board has exactly one solution, $\operatorname{adj}(A)\,\mathbf{b}
# \bmod 2$.

# %% tags=["solution"]
A34 = lo.toggle_matrix(3, 4)
answer = round(np.linalg.det(A34))
inverse = np.linalg.inv(galois.GF(2)(A34))  # exists: galois would raise for a singular matrix
print("det A =", answer, "  an inverse over GF(2) exists:", inverse.shape)
check_determinant_3x4(answer)

# %% [markdown]
# **Next**: [Lecture 3 — Gauss–Jordan elimination](../03_gauss_jordan_step_by_step.ipynb) and
# [Exercises 3](E3_elimination.ipynb).
