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
# # Lecture 2 — Arithmetic in GF(2)
#
# **What you will learn**
#
# - GF(2), the number system with only 0 and 1, where $1 + 1 = 0$;
# - that its addition is XOR and its multiplication is AND, and why no division is ever
#   needed;
# - vectors over GF(2): a set of presses is a sum of columns of the toggle matrix;
# - the inner product over GF(2), and the surprise that a nonzero vector can be orthogonal
#   to itself;
# - how the `galois` library does all of this for you.
#
# **What it assumes**: lecture 1 (the toggle matrix $A$ and the equation
# $A\mathbf{x} = \mathbf{b}$ mod 2).

# %%
import galois
import matplotlib.pyplot as plt
import numpy as np
import sympy

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## Only parity matters
#
# A light toggled 4 times looks the same as one never touched; toggled 3 times, the same as
# toggled once. So we can compute with the **remainders mod 2** and forget everything else.
#
# > **Definition (GF(2)).** GF(2) is the set $\{0, 1\}$ with addition and multiplication
# > taken mod 2. It is the smallest *field*: a number system where you can add, subtract,
# > multiply and divide (by anything but 0) with the usual rules. "GF" stands for Galois
# > field; it is also written $\mathbb{F}_2$ or $\mathbb{Z}_2$.
#
# ## The two tables
#
# Compute them in plain NumPy, then compare with the bitwise operators XOR (`^`) and AND
# (`&`).

# %%
values = np.array([0, 1])
a, b = np.meshgrid(values, values, indexing="ij")  # all pairs (a, b)
add_table = (a + b) % 2
mul_table = (a * b) % 2

print(" + | 0 1        x | 0 1")
print("---+----      ---+----")
for row in range(2):
    print(
        f" {row} | {add_table[row, 0]} {add_table[row, 1]}        "
        f"{row} | {mul_table[row, 0]} {mul_table[row, 1]}"
    )
print()
print("addition is XOR:       ", np.array_equal(add_table, a ^ b))
print("multiplication is AND: ", np.array_equal(mul_table, a & b))

# %% [markdown]
# Read the tables like a light switch: adding 1 flips a value, adding 0 leaves it alone.
# The one entry that looks strange is $1 + 1 = 0$: two toggles cancel.
#
# ## Subtraction and division come for free
#
# - **Negatives.** $-1$ is the number that gives 0 when added to 1. That is 1 itself, since
#   $1 + 1 = 0$. So $-a = a$ for every $a$, and **subtracting is the same as adding**. This is
#   why "$\mathbf{b} + A\mathbf{x} = \mathbf{0}$" (all lights off) and
#   "$A\mathbf{x} = \mathbf{b}$" are the same equation.
# - **Inverses.** The only nonzero element is 1, and $1 \cdot 1 = 1$: **every nonzero
#   element is its own inverse**. Dividing by 1 does nothing, so no division is ever needed.
#
# For elimination (lecture 3) this means a pivot is always 1, so rows never need scaling,
# and "add row $i$ to row $j$" is a single XOR of two bit strings.
#
# Because GF(2) is so small, we can check the laws of arithmetic for **every** case.

# %%
triples = [(x, y, z) for x in (0, 1) for y in (0, 1) for z in (0, 1)]


def add(x, y):
    return (x + y) % 2


def mul(x, y):
    return (x * y) % 2


laws = {
    "x + y = y + x": all(add(x, y) == add(y, x) for x, y, _ in triples),
    "(x + y) + z = x + (y + z)": all(add(add(x, y), z) == add(x, add(y, z)) for x, y, z in triples),
    "x (y + z) = x y + x z": all(
        mul(x, add(y, z)) == add(mul(x, y), mul(x, z)) for x, y, z in triples
    ),
    "x + x = 0 (so -x = x)": all(add(x, x) == 0 for x in (0, 1)),
    "1 * 1 = 1 (1 is its own inverse)": mul(1, 1) == 1,
}
for law, holds in laws.items():
    print(f"{law:34} {holds}")

# %% [markdown]
# ## Vectors over GF(2)
#
# A board with $N$ cells is a vector in $\mathrm{GF}(2)^N$; there are $2^N$ of them. Vectors
# are added entry by entry (XOR), and the only scalars are 0 and 1. So a **linear
# combination** $c_1\mathbf{v}_1 + \dots + c_k\mathbf{v}_k$ is simply the sum of the
# vectors whose coefficient is 1: a *subset sum*.
#
# Two words from a first course become statements about subset sums:
#
# > **Definition (span, linear independence).** The *span* of $\mathbf{v}_1, \dots,
# > \mathbf{v}_k$ is the set of all their linear combinations; over GF(2) that is the
# > $2^k$ subset sums, the empty sum $\mathbf{0}$ included (some may coincide). The vectors
# > are *linearly independent* when no nonempty subset of them sums to $\mathbf{0}$;
# > equivalently, when their $2^k$ subset sums are all different.
#
# For example $(1, 1, 0)$, $(0, 1, 1)$ and $(1, 0, 1)$ are **dependent**: all three add up
# to $\mathbf{0}$, so their span has only 4 vectors, not $2^3 = 8$.

# %%
lo.QuickQuestion("independent")

# %% [markdown]
# Apply this to the toggle matrix. Column $j$ of $A$, call it $\mathbf{a}_j$, is the effect
# of pressing cell $j$. Then
#
# $$
# A\mathbf{x} = x_1\mathbf{a}_1 + x_2\mathbf{a}_2 + \dots + x_N\mathbf{a}_N
#             = \sum_{j \,:\, x_j = 1} \mathbf{a}_j ,
# $$
#
# so **pressing a set of cells adds up the columns of those cells**. Here is that sum on the
# $3 \times 3$ board, for the presses at cells 1, 5 and 9 (the diagonal).

# %%
A = lo.toggle_matrix(3, 3)
pressed = [0, 4, 8]  # cells 1, 5, 9 in 0-based Python indexing

total = np.zeros(9, dtype=np.uint8)
for j in pressed:
    total ^= A[:, j]  # add column j over GF(2)

x = np.zeros(9, dtype=np.uint8)
x[pressed] = 1
print("sum of columns 1, 5, 9:", total)
print("A x mod 2:             ", A @ x % 2)
print(
    "simulated presses:     ",
    lo.press(np.zeros((3, 3), dtype=np.uint8), x.reshape(3, 3)).reshape(-1),
)

# %% [markdown]
# The same sum as pictures: each press is a column of $A$ drawn as a board, and the light
# of a cell in the result is the XOR of that cell in the three pictures.

# %%
columns = [A[:, j].reshape(3, 3) for j in pressed]
single_presses = [np.eye(1, 9, j, dtype=np.uint8).reshape(3, 3) for j in pressed]
lo.draw_boards(
    [*columns, total.reshape(3, 3)],
    presses=[*single_presses, x.reshape(3, 3)],
    titles=[f"column {j + 1} of A" for j in pressed] + ["their sum (XOR)"],
    title="Pressing cells 1, 5 and 9 = adding columns 1, 5 and 9 over GF(2)",
)
plt.show()

# %% [markdown]
# Cells 2 and 4 are toggled twice (by the presses at 1 and 5), cells 6 and 8 twice (by 5
# and 9): $1 + 1 = 0$, so they end up **off**. Each pressed cell is toggled once and stays
# **on**.
#
# > **Definition (column space, row space).** The *column space* $\operatorname{col}(A)$ is
# > the span of the columns of $A$: every sum of some of its columns. The *row space*
# > $\operatorname{row}(A)$ is the span of its rows, that is, the column space of
# > $A^{\mathsf T}$.
#
# A board can be switched off exactly when it is such a sum of columns, that is, when
# $\mathbf{b}$ lies in the column space of $A$. Lecture 4 describes that space exactly.
#
# ## The inner product over GF(2)
#
# > **Definition (inner product).** For $\mathbf{x}, \mathbf{y} \in \mathrm{GF}(2)^N$,
# > $\mathbf{x}\cdot\mathbf{y} = x_1y_1 + x_2y_2 + \dots + x_Ny_N$ (mod 2). It is 1 when
# > $\mathbf{x}$ and $\mathbf{y}$ share an **odd** number of 1s, and 0 when they share an
# > even number. We call $\mathbf{x}$ and $\mathbf{y}$ *orthogonal* when
# > $\mathbf{x}\cdot\mathbf{y} = 0$.
#
# For a board $\mathbf{b}$ and a 0/1 "mask" $\mathbf{y}$, $\mathbf{y}\cdot\mathbf{b}$ is the
# parity of the number of lit cells inside the mask: a **parity check**.

# %%
y = np.array([1, 1, 0, 1, 1, 0, 0, 0, 0], dtype=np.uint8)  # the top-left 2x2 corner
b = np.array([1, 0, 0, 1, 1, 0, 0, 1, 0], dtype=np.uint8)
print("lit cells inside the mask:", int((y & b).sum()))
print("y . b over GF(2):         ", int(y @ b % 2))

# %% [markdown]
# ### A vector orthogonal to itself
#
# Over the real numbers, $\mathbf{x}\cdot\mathbf{x} = x_1^2 + \dots + x_N^2 > 0$ unless
# $\mathbf{x} = \mathbf{0}$. Over GF(2), $\mathbf{x}\cdot\mathbf{x}$ is the parity of the
# number of 1s in $\mathbf{x}$, so **every vector with an even number of 1s is orthogonal
# to itself**, for instance $(1, 1, 0)$:

# %%
v = np.array([1, 1, 0], dtype=np.uint8)
print("v . v =", int(v @ v % 2))

# all 16 vectors of GF(2)^4, one per row
all4 = (np.arange(16)[:, None] >> np.arange(3, -1, -1)) & 1
self_orthogonal = [row for row in all4 if row @ row % 2 == 0]
print(f"{len(self_orthogonal)} of the 16 vectors in GF(2)^4 are orthogonal to themselves:")
print(np.array(self_orthogonal))

# %%
lo.QuickQuestion("self_orthogonal")

# %% [markdown]
# So over GF(2) there are no lengths and no angles: "orthogonal" only means "inner product
# 0". A subspace can even meet its own orthogonal complement. We will meet exactly this in
# lecture 4: the $5\times5$ quiet patterns are orthogonal to themselves.
#
# ## The same with `galois`
#
# The `galois` library provides GF(2) as a NumPy array type: `+`, `*`, `@` and even
# `np.linalg.inv` do field arithmetic, with no `% 2` to remember. (The first use compiles
# some code and takes a few seconds.)

# %%
GF2 = galois.GF(2)
zero_one = GF2([0, 1])
print("addition table:", zero_one[:, None] + zero_one[None, :], sep="\n")
print("multiplication table:", zero_one[:, None] * zero_one[None, :], sep="\n")
print("1 + 1 =", GF2(1) + GF2(1), "  -1 =", -GF2(1), "  1 / 1 =", GF2(1) / GF2(1))

# %%
A_gf = GF2(A)
x_gf = GF2(x)
print("A x with galois:", A_gf @ x_gf)
print("same as NumPy mod 2:", np.array_equal(A_gf @ x_gf, A @ x % 2))

# %% [markdown]
# ### Why not just use real numbers and reduce mod 2 at the end?
#
# For sums and products that works: reducing mod 2 at the end or after every step gives the
# same answer. Division breaks it. The $3\times3$ toggle matrix is invertible both over the
# reals and over GF(2), but the two inverses are very different. Solve the $3\times3$ board
# with only the middle light on both ways:

# %%
middle = np.zeros(9, dtype=np.uint8)
middle[4] = 1

x_real = np.linalg.solve(A.astype(float), middle.astype(float))
print("over the reals, 7 x =", np.round(7 * x_real).astype(int))

x_gf2 = np.linalg.inv(A_gf) @ GF2(middle)
print("over GF(2):    ", x_gf2)
print(
    "pressing these switches the board off:",
    not lo.press(middle.reshape(3, 3), np.asarray(x_gf2).reshape(3, 3)).any(),
)

# %% [markdown]
# The real solution presses cells $\tfrac17$, $\tfrac37$ or $-\tfrac27$ of a time, which
# means nothing in the game, and rounding it does not help. The GF(2) solution is a set of
# cells to press, and it works.
#
# ### Why the numerators still work when the determinant is odd
#
# Look again at the real solution: over the denominator 7 its numerators are $-2, 1, 3$, and
# taken mod 2 they *are* the GF(2) solution. That is no accident. For every square integer matrix,
#
# $$A\,\operatorname{adj}(A) = \det(A)\, I ,$$
#
# where the *adjugate* $\operatorname{adj}(A)$ is the integer matrix of signed minors. So the
# real solution is $\mathbf{x} = \operatorname{adj}(A)\,\mathbf{b} / \det A$ (this is
# Cramer's rule, $x_i = \det A_i / \det A$), and its numerators are the integer vector
# $\operatorname{adj}(A)\,\mathbf{b}$. The identity is an equation between integer
# matrices, so it stays true when every entry is reduced mod 2. If $\det A$ is **odd**,
# then $\det A \equiv 1$, and
#
# $$A\,\bigl(\operatorname{adj}(A)\,\mathbf{b}\bigr) \equiv \det(A)\,\mathbf{b}
# \equiv \mathbf{b} \pmod 2 :$$
#
# the numerators mod 2 solve the GF(2) system. Dividing by an odd number is dividing by 1 in
# GF(2). If $\det A$ is **even**, the identity only says $A\operatorname{adj}(A) \equiv 0$,
# and $A$ is singular over GF(2) (the determinant mod 2 *is* the determinant over GF(2)):
# for the $4\times4$ board $\det A = 0$ and there is no unique solution at all. sympy
# computes with exact integers, so we can watch this happen. Its denominator is
# $\det A = -7$, not 7, so the numerators it prints are $2, -1, -3$: the same fractions
# ($\tfrac{2}{-7} = -\tfrac27$) with both signs flipped. A sign does not matter mod 2, since
# $-1 \equiv 1$, so either set of numerators gives the GF(2) solution.

# %%
A_int = sympy.Matrix(A)
numerators = A_int.adjugate() * sympy.Matrix(middle)
print("det A =", A_int.det())
print("adj(A) b =", list(numerators), "  mod 2:", [int(v) % 2 for v in numerators])
print(
    "equal to the GF(2) solution:", [int(v) % 2 for v in numerators] == np.asarray(x_gf2).tolist()
)
print("det of the 4x4 toggle matrix:", sympy.Matrix(lo.toggle_matrix(4, 4)).det())

# %% [markdown]
# ## Your turn
#
# Change the presses below. Before running, predict the board they produce on a dark
# $3\times3$ board, cell by cell, by counting how often each light is toggled.

# %%
my_presses = [1, 3, 5, 7]  # 0-based cells: the four edge cells
x_mine = np.zeros(9, dtype=np.uint8)
x_mine[my_presses] = 1
print((A @ x_mine % 2).reshape(3, 3))

# %% [markdown]
# ## Summary
#
# - GF(2) $= \{0, 1\}$ with addition = XOR and multiplication = AND.
# - $-a = a$, so subtracting is adding; $1^{-1} = 1$, so no division is needed.
# - Vectors over GF(2) add by XOR; a linear combination is a subset sum. The span is the set
#   of subset sums; vectors are independent when no nonempty subset sums to $\mathbf{0}$.
# - Pressing a set of cells adds up the corresponding columns of $A$: the boards that can be
#   switched off are the column space of $A$.
# - $\mathbf{x}\cdot\mathbf{y}$ is the parity of the number of shared 1s. Vectors with an
#   even number of 1s are orthogonal to themselves.
# - `galois.GF(2)` arrays do this arithmetic for you.
#
# **Try this**
#
# 1. In the "Your turn" cell, which set of presses turns on **only** the middle light of the
#    $3\times3$ board? (Hint: it is in the output of the galois cell above.)
# 2. Find two different nonzero vectors of $\mathrm{GF}(2)^4$ that are orthogonal to each
#    other **and** each orthogonal to itself. Is that possible in $\mathrm{GF}(2)^3$?
# 3. Is `np.linalg.inv(GF2(lo.toggle_matrix(4, 4)))` defined? What does galois say, and what
#    might that mean for the $4\times4$ game?
#
# **Exercises**: [Exercises 2 — arithmetic in GF(2)](exercises/E2_gf2.ipynb): the two tables
# as functions (★), a system solved by hand (★), counting self-orthogonal vectors (★★), and
# what an odd determinant says (★★).
#
# **Next**: [Lecture 3 — Gauss–Jordan elimination, step by step](03_gauss_jordan_step_by_step.ipynb)
# solves $A\mathbf{x} = \mathbf{b}$ over GF(2) for any board, one row operation at a time.
# Sources and further reading: the [bibliography](reference/bibliography.ipynb).
