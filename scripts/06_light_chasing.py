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
# # Lecture 6 — Light chasing
#
# **What you will learn**
#
# - the *light chasing* strategy that Lights Out players use by hand, and why it always
#   clears every row except the last;
# - that the last row depends **linearly** on the presses in the first row, so an
#   $n \times n$ board needs only an $n$-unknown system instead of an $n^2$-unknown one;
# - how to solve a $100 \times 100$ board in a fraction of a second;
# - why the nullity of the $n \times n$ board is the degree of a polynomial gcd over GF(2).
#
# **What it assumes**: the toggle matrix $A$ and the system $A\mathbf{x} = \mathbf{b}$ over
# GF(2) (lectures 1–3), and the kernel of $A$, the quiet patterns (lecture 4). The last part
# (the nullity as a gcd) also uses polynomials over a field, the characteristic and the
# *minimal* polynomial of a matrix, and one fact about matrices whose minimal polynomial
# equals the characteristic polynomial; that fact is stated, not proved, with a reference.
# Everything before it needs only lectures 1–4.

# %%
import galois
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## Chasing the lights down
#
# Look at a lit cell in the top row. Pressing the cell directly **below** it turns it off,
# and touches nothing else in the top row. So we can clear row 1 by pressing, in row 2, under
# every light of row 1. Then clear row 2 by pressing in row 3, and so on.
#
# After the pass over rows $1, \dots, n-1$ every row is dark except possibly the last one:
# nothing is left below it to press. Here is the chase in plain NumPy.

# %%
PLUS = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]


def press_cell(board, r, c):
    """Press cell (r, c) of `board` in place: toggle it and its orthogonal neighbours."""
    rows, cols = board.shape
    for dr, dc in PLUS:
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            board[r + dr, c + dc] ^= 1


def chase(board, first_row):
    """Press `first_row` in row 1, then chase the lights down.

    Returns the presses made and the board after each row was cleared.
    """
    board = board.copy()
    presses = np.zeros_like(board)
    for c in np.flatnonzero(first_row):
        press_cell(board, 0, c)
        presses[0, c] = 1
    snapshots = [board.copy()]
    for r in range(board.shape[0] - 1):
        for c in np.flatnonzero(board[r]):
            press_cell(board, r + 1, c)
            presses[r + 1, c] = 1
        snapshots.append(board.copy())
    return presses, snapshots


board = lo.random_board(5, 5, seed=6, solvable=True)
no_first_row = np.zeros(5, dtype=np.uint8)
presses, snapshots = chase(board, no_first_row)
print(lo.format_board(board))

# %%
titles = ["start"] + [f"row {r} cleared" for r in range(1, 5)]
lo.draw_boards(
    snapshots, titles=titles, title="Chasing the lights down a 5 x 5 board (no presses in row 1)"
)
plt.show()

# %%
lo.QuickQuestion("chase_next_press")

# %% [markdown]
# The chase leaves a pattern in the last row. Call it $\mathbf{r}_0$, the *leftover* of the
# board. Only the presses in row 1 were free: every later press was forced. So the whole
# game has become: **which presses in row 1 make the leftover vanish?**

# %%
leftover_0 = snapshots[-1][-1]
print("leftover with no presses in row 1:", leftover_0)

# %% [markdown]
# ## The leftover is linear in the first row
#
# Pressing is addition over GF(2), and every forced press is "copy the light above", which is
# linear too. So if we press $\mathbf{f} \in \mathrm{GF}(2)^n$ in row 1, the leftover is
#
# $$\mathbf{r}(\mathbf{f}) = C\,\mathbf{f} + \mathbf{r}_0 ,$$
#
# where column $j$ of $C$ is the leftover of the **empty** board with only cell $j$ of row 1
# pressed.
#
# > **Definition (chase matrix).** The *chase matrix* $C$ of the $n \times n$ board is the
# > $n \times n$ matrix over GF(2) whose column $j$ is the last row left after pressing cell $j$
# > of the top row of an all-off board and chasing the lights down.
#
# The board is solvable exactly when $C\mathbf{f} = \mathbf{r}_0$ has a solution: $n$
# unknowns instead of $n^2$.

# %%
n = 5
C = np.zeros((n, n), dtype=np.uint8)
for j in range(n):
    unit = np.zeros(n, dtype=np.uint8)
    unit[j] = 1
    C[:, j] = chase(np.zeros((n, n), dtype=np.uint8), unit)[1][-1][-1]
print(C)
print("rank", lo.rank(C), " nullity", n - lo.rank(C))

# %%
lo.QuickQuestion("chase_unknowns")

# %% [markdown]
# With only $2^5 = 32$ possible first rows we can simply try them all by hand.

# %%
first_rows = [np.array(bits, dtype=np.uint8) for bits in np.ndindex(*(2,) * n)]
good = [f for f in first_rows if np.array_equal(C @ f % 2, leftover_0)]
print(f"{len(good)} of 32 first rows clear the board:")
for f in good:
    presses, snapshots = chase(board, f)
    print(f, "-> board dark after chasing:", not snapshots[-1].any())

# %% [markdown]
# Four first rows work — the four solutions of a solvable $5 \times 5$ board from lecture 5.
# Indeed $C$ has rank 3 and nullity 2, the same nullity as the $25 \times 25$ toggle matrix.
# That is no coincidence:
#
# > **Proposition.** Taking the first row of a press pattern is a bijection from $\ker A$
# > onto $\ker C$. So $\ker A$ and $\ker C$ have the same dimension.
#
# *Proof.* Both directions are needed.
#
# - *Into $\ker C$, one-to-one.* Let $\mathbf{q}$ be a quiet pattern with first row $\mathbf{f}$.
#   On the dark board, after pressing $\mathbf{f}$, row 1 must be made dark again by the
#   presses of row 2 alone (no other row touches it), so row 2 of $\mathbf{q}$ is forced: it
#   is exactly what the chase presses. Row by row, all of $\mathbf{q}$ is the chase of
#   $\mathbf{f}$. Since $\mathbf{q}$ changes no light, the chase leaves a dark last row:
#   $C\mathbf{f} = \mathbf{0}$. And two quiet patterns with the same first row are equal.
# - *Onto $\ker C$.* Every $\mathbf{f}$ with $C\mathbf{f} = \mathbf{0}$ is the first row of
#   a quiet pattern. The argument is short, and it is yours to find: it is
#   [Exercise 6.2](exercises/E6_chasing.ipynb). $\square$

# %%
presses, snapshots = chase(board, good[0])
lo.draw_boards(
    [board, *snapshots],
    presses=[presses] + [None] * len(snapshots),
    titles=["board + all presses", "row 1 pressed", *titles[1:]],
    title=f"The chase again, with first row {good[0]}: the board goes dark",
)
plt.show()

# %% [markdown]
# ## The helper
#
# `lightsout_edu` does the same chase with each row stored in the bits of one integer.
# `lo.chase_matrix(n)` must agree with the matrix we built by hand, and
# `solve_board(..., method="chase")` must give presses that really turn the board off.

# %%
print("same chase matrix:", np.array_equal(lo.chase_matrix(5), C))
helper_presses, helper_leftover = lo.chase_lights(board, good[0])
print("same chase:", np.array_equal(helper_presses, chase(board, good[0])[0]), helper_leftover)
solution = lo.solve_board(board, method="chase")
print("solvable:", solution.solvable, " presses:", int(solution.presses.sum()))
print("board dark after pressing:", not lo.press(board, solution.presses).any())

# %% [markdown]
# **Your turn.** Chase the lights on this board yourself: clear row 1 by pressing in row 2,
# and so on down. What is left in the last row? Then press **Undo** back to the start, and
# try a first row from the list above.

# %% tags=["nbval-ignore-output"]
game = lo.LightsOutGame(board=board)
game

# %% [markdown]
# The same chase, driven from code on a second copy of the board: the presses follow the rule
# "press below every light" row by row, and then we read the board the widget shows.

# %%
demo = lo.LightsOutGame(board=board)
for r in range(4):
    for c in np.flatnonzero(demo.board[r]):
        demo.press(r + 1, int(c))
print(lo.format_board(demo.board, style="dots"))
print("presses made:", demo.presses, " last row left on:", demo.board[-1])

# %% [markdown]
# ## A $100 \times 100$ board
#
# The full toggle matrix of a $100 \times 100$ board has $10\,000^2 = 10^8$ entries, and
# eliminating it costs about $N^3 = 10^{12}$ bit operations (lecture 3): $n^6$ for an
# $n \times n$ board. The chase matrix has $100^2 = 10^4$ entries. Building it takes $n$
# chases of $n^2$ cells each, and eliminating it about $n^3$ operations: $n^3$ in all instead
# of $n^6$, a factor of a million here. Change `size` and run the cell again (try 64, 99,
# 200).

# %%
size = 100
big_board = lo.random_board(size, size, seed=2026, solvable=True)
big = lo.light_chase(big_board)
print(f"{size} x {size} board: chase matrix {big.matrix.shape}, nullity {size * size - big.rank}")
print("solvable:", big.presses is not None, " presses used:", int(big.presses.sum()))
print("board dark after pressing (simulation):", not lo.press(big_board, big.presses).any())

# %%
fig, axes = plt.subplots(1, 3, figsize=(15, 5.3))
lo.draw_board(big_board, ax=axes[0], title=f"a random solvable {size} x {size} board")
lo.draw_matrix(big.matrix, ax=axes[1], augmented=False, title=f"its {size} x {size} chase matrix")
lo.draw_board(
    np.zeros_like(big_board),
    presses=big.presses,
    ax=axes[2],
    title="the presses found by light chasing",
)
plt.show()

# %% [markdown]
# `solve_board(..., method="chase")` wraps the same computation in a `Solution`:

# %%
chased = lo.solve_board(big_board, method="chase")
print("solvable:", chased.solvable, " nullity:", chased.nullity)
print("same presses as light_chase:", np.array_equal(chased.presses, big.presses))

# %% [markdown]
# ## Where polynomials come in
#
# Write $\mathbf{x}_k \in \mathrm{GF}(2)^n$ for the presses in row $k$ and $T$ for the
# $n \times n$ tridiagonal matrix with ones on the three central diagonals (pressing inside one
# row). On the empty board, row $k$ is dark after the chase exactly when
#
# $$T\mathbf{x}_k + \mathbf{x}_{k-1} + \mathbf{x}_{k+1} = \mathbf{0}
# \quad\Longleftrightarrow\quad \mathbf{x}_{k+1} = T\mathbf{x}_k + \mathbf{x}_{k-1}$$
#
# (over GF(2), minus is plus). Starting from $\mathbf{x}_0 = \mathbf{0}$ and
# $\mathbf{x}_1 = \mathbf{f}$ this gives $\mathbf{x}_{k+1} = p_k(T)\,\mathbf{f}$ for the
# polynomials
#
# $$p_0(x) = 1, \qquad p_1(x) = x, \qquad p_{k+1}(x) = x\,p_k(x) + p_{k-1}(x)
# \quad \text{over GF(2)},$$
#
# a GF(2) cousin of the Chebyshev polynomials. The leftover in the last row is the press an
# imaginary row $n+1$ would need, so
#
# $$C = p_n(T).$$
#
# A polynomial over GF(2) is a row of bits, so a Python `int` stores it: bit $i$ is the
# coefficient of $x^i$. Adding is XOR, multiplying by $x$ is a shift.


# %%
def poly_to_str(p):
    """Write the GF(2) polynomial stored in the bits of `p` in the usual notation."""
    terms = [("1" if i == 0 else "x" if i == 1 else f"x^{i}") for i in range(p.bit_length())]
    return " + ".join(t for i, t in reversed(list(enumerate(terms))) if p >> i & 1) or "0"


def chase_polynomials(n):
    """The list p_0, ..., p_n as ints."""
    p = [1, 0b10]
    for k in range(1, n):
        p.append((p[k] << 1) ^ p[k - 1])
    return p[: n + 1]


for k, p in enumerate(chase_polynomials(6)):
    print(f"p_{k}(x) = {poly_to_str(p)}")


# %%
def poly_of_matrix(p, M):
    """Evaluate the GF(2) polynomial p at the square 0/1 matrix M (Horner's rule)."""
    result = np.zeros_like(M)
    identity = np.eye(len(M), dtype=M.dtype)
    for i in reversed(range(p.bit_length())):
        result = (result @ M + (p >> i & 1) * identity) % 2
    return result


T = lo.toggle_matrix(1, 5)  # pressing inside a single row of 5 cells: tridiagonal
p5_of_T = poly_of_matrix(chase_polynomials(5)[5], T)
print(p5_of_T)
print("p_5(T) equals the chase matrix:", np.array_equal(p5_of_T, C))

# %% [markdown]
# ## The nullity as a gcd
#
# > **Theorem (Hunziker, Machiavelo and Park, 2004).** The nullity of the $n \times n$ toggle
# > matrix equals $\deg \gcd\bigl(p_n(x),\, p_n(x+1)\bigr)$ over GF(2).
#
# The chase matrix $C = p_n(T)$ and the study of Lights Out through such polynomials go back
# to Sutner (1989) and Goldwasser, Klostermeyer and Trapp (1997); the gcd formula is proved
# in M. Hunziker, A. Machiavelo and J. Park, *Chebyshev polynomials over finite fields and
# reversibility of σ-automata on square grids*, Theoretical Computer Science 320 (2004). The
# values are OEIS sequence A159257 (see the [bibliography](reference/bibliography.ipynb)).
#
# *Why.* Write $T = P + I$, where $P$ is the adjacency matrix of a path on $n$ vertices. By
# expanding along the last row, the characteristic polynomial of $P$ over GF(2) obeys the
# same recurrence, so it is $p_n(x)$. The matrix $P$ is tridiagonal with ones next to the
# diagonal, so $\mathbf{e}_1, P\mathbf{e}_1, \dots, P^{n-1}\mathbf{e}_1$ are independent (each
# reaches one cell further); hence no polynomial of degree below $n$ kills $P$, and its
# minimal polynomial is its characteristic polynomial $p_n$. Now the fact we take from
# linear algebra: *for a matrix whose minimal polynomial equals its characteristic polynomial
# $\chi$, $\dim\ker g(P) = \deg\gcd(g, \chi)$ for every polynomial $g$* (such a matrix is
# similar to the companion matrix of $\chi$; see Hunziker et al., or any text on the rational
# canonical form). Finally $C = p_n(T) = p_n(P + I) = g(P)$ with $g(x) = p_n(x + 1)$, and
# $\ker A$ and $\ker C$ have the same dimension by the proposition above.
#
# We need division with remainder and Euclid's algorithm for polynomials stored as ints, and
# the substitution $x \mapsto x + 1$.


# %%
def poly_mod(a, b):
    """Remainder of a divided by b (GF(2) polynomials as ints)."""
    while a.bit_length() >= b.bit_length():
        a ^= b << (a.bit_length() - b.bit_length())
    return a


def poly_gcd(a, b):
    while b:
        a, b = b, poly_mod(a, b)
    return a


def poly_shift_by_one(p):
    """p(x + 1): expand with the powers (x + 1)^i."""
    result, power = 0, 1
    for i in range(p.bit_length()):
        if p >> i & 1:
            result ^= power
        power ^= power << 1  # (x + 1)^(i + 1) = (x + 1)^i * x + (x + 1)^i
    return result


def nullity_from_polynomials(n):
    p_n = chase_polynomials(n)[n]
    return poly_gcd(p_n, poly_shift_by_one(p_n)).bit_length() - 1


p5 = chase_polynomials(5)[5]
print("p_5(x)     =", poly_to_str(p5))
print("p_5(x + 1) =", poly_to_str(poly_shift_by_one(p5)))
print("gcd        =", poly_to_str(poly_gcd(p5, poly_shift_by_one(p5))))

# %% [markdown]
# Now the check: for $n = 1, \dots, 30$ compare the polynomial formula with the nullity that
# Gaussian elimination finds for the $n^2 \times n^2$ toggle matrix.

# %%
print(" n  elimination  polynomials")
for n in range(1, 31):
    by_elimination = n * n - lo.rank(lo.toggle_matrix(n, n))
    by_polynomials = nullity_from_polynomials(n)
    assert by_elimination == by_polynomials, n
    if by_elimination:
        print(f"{n:2d}  {by_elimination:11d}  {by_polynomials:11d}")
print("all 30 sizes agree (sizes with nullity 0 not printed)")

# %% [markdown]
# `galois` has its own polynomial type; it agrees on the largest case.

# %%
GF2 = galois.GF(2)
coeffs = [int(b) for b in bin(chase_polynomials(30)[30])[2:]]  # highest degree first
p30 = galois.Poly(coeffs, field=GF2)
shifted = p30(galois.Poly([1, 1], field=GF2))  # composition: p_30(x + 1)
print("gcd with galois:  ", galois.gcd(p30, shifted))
p30_int = chase_polynomials(30)[30]
print("gcd with our ints:", poly_to_str(poly_gcd(p30_int, poly_shift_by_one(p30_int))))

# %% [markdown]
# The package's `lo.grid_nullity(n)` uses the same formula (with faster polynomial
# arithmetic); it must agree with ours:

# %%
print(
    "lo.grid_nullity agrees for n = 1..200:",
    all(lo.grid_nullity(n) == nullity_from_polynomials(n) for n in range(1, 201)),
)
print("nullity of the 1000 x 1000 board:", lo.grid_nullity(1000))

# %% [markdown]
# The polynomials reach sizes far beyond elimination: the nullity of every board up to
# $300 \times 300$ takes well under a second.

# %%
sizes = np.arange(1, 301)
nullities = [nullity_from_polynomials(int(n)) for n in sizes]
fig, ax = plt.subplots(figsize=(10, 3.5))
ax.bar(sizes, nullities, width=1.0, color="#0072b2")
ax.set_xlabel("board size n (an n x n board)")
ax.set_ylabel("nullity of the toggle matrix")
ax.set_title("Most square boards have nullity 0, but a few have huge kernels")
plt.show()
print("largest nullity up to 300:", max(nullities), "at n =", int(sizes[np.argmax(nullities)]))

# %% [markdown]
# ## Summary
#
# - Light chasing clears rows $1, \dots, n-1$ by forced presses; only the first row is free.
# - The leftover is $C\mathbf{f} + \mathbf{r}_0$ with the $n \times n$ chase matrix $C$, so an
#   $n \times n$ board is an $n$-unknown system: a $100 \times 100$ board is solved at once.
# - $C = p_n(T)$ for the GF(2) polynomials $p_{k+1} = x p_k + p_{k-1}$, and the nullity of the
#   board is $\deg\gcd(p_n(x), p_n(x+1))$ — checked against elimination for $n \le 30$.
#
# **Try this**
#
# 1. Chase a $4 \times 4$ board by hand with `chase`. How many first rows clear it? Compare
#    with the nullity 4.
# 2. Set `size = 99` in the big-board cell. What is the nullity? (Predict it first with
#    `nullity_from_polynomials(99)`.) How long does the cell take, and what would
#    eliminating the full $9801 \times 9801$ toggle matrix cost by the $N^3$ count?
# 3. Rectangular boards: chase a $5 \times 7$ board. Which polynomial gives its chase matrix?
#
# **Exercises**: [Exercises 6 — light chasing](exercises/E6_chasing.ipynb): a chase by hand
# (★), why the converse holds (★★), a board with exactly one solution (★★), and your own
# solver by light chasing, tested on boards up to $30 \times 30$ (★★★).
#
# **Next**: [Lecture 7 — Variants](07_variants.ipynb) changes the rule (diagonals, kings, a
# torus, any graph) and proves that the all-on board can always be switched off.
