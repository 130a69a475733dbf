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
# # Lecture 3 — Gauss–Jordan elimination, step by step
#
# **What you will learn**
#
# - Gauss–Jordan elimination over GF(2): find a pivot, swap it into place, clear its column;
# - how to read the solution of $A\mathbf{x} = \mathbf{b}$ off the reduced matrix;
# - pivot columns and free columns, and what the $5\times5$ game has of each;
# - how an unsolvable board announces itself: a row that says $0 = 1$;
# - how to check the answer against two independent libraries, galois and sympy.
#
# **What it assumes**: the toggle matrix (lecture 1) and arithmetic in GF(2) (lecture 2).
# Row reduction over the real numbers helps but is not required.

# %%
import galois
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Math, display
from sympy import GF
from sympy.polys.matrices import DomainMatrix

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## The system to solve
#
# We switch off this $3\times3$ board:

# %%
board = lo.parse_board("""
    1 1 0
    1 0 0
    0 0 1
""")
A = lo.toggle_matrix(3, 3)
b = board.reshape(-1)  # row-major, as in lecture 1
lo.draw_board(board, title="the board b to switch off")
plt.show()

# %% [markdown]
# > **Definition (augmented matrix).** The system $A\mathbf{x} = \mathbf{b}$ is stored as the
# > matrix $[A \mid \mathbf{b}]$: $A$ with $\mathbf{b}$ glued on as an extra column. Row $i$
# > is the equation $A_{i1}x_1 + \dots + A_{iN}x_N = b_i$: "the presses that touch light $i$
# > must toggle it an odd number of times exactly when it is on".
#
# Elimination changes the system with two *row operations* only: **swap** two equations, or
# **add** one equation to another (over GF(2) there is nothing to scale: the only nonzero
# number is 1). They do not change what we are solving for:
#
# > **Theorem (row operations keep the solutions).** If $[A' \mid \mathbf{b}']$ is obtained
# > from $[A \mid \mathbf{b}]$ by swapping two rows or by adding one row to another, then
# > $A'\mathbf{x} = \mathbf{b}'$ and $A\mathbf{x} = \mathbf{b}$ have exactly the same
# > solutions. So do any two matrices joined by a chain of such operations.
#
# *Proof.* A swap only lists the same equations in another order. Now add row $i$ to row
# $j$: the new row $j$ is the sum of equations $i$ and $j$, the others are unchanged. If
# $\mathbf{x}$ satisfies equations $i$ and $j$, it satisfies their sum, so every old
# solution is a new one. The operation is undone by doing it again (adding row $i$ twice adds
# $2 = 0$), so by the same argument every new solution is an old one. A chain of operations
# is one step at a time. $\square$
#
# (Over any field the same proof works with "add $c$ times row $i$" and "multiply a row by
# $c \neq 0$", undone by $-c$ and $1/c$; this is the first theorem of every linear algebra
# course, e.g. D. C. Lay, *Linear Algebra and Its Applications*, §1.1.) A small example:
# $x_1 + x_2 = 1,\ x_2 = 1$ becomes $x_1 = 0,\ x_2 = 1$ when row 2 is added to row 1, and
# both systems have the single solution $(0, 1)$.
#
# > **Definition (Gauss–Jordan elimination over GF(2)).** Work through the columns from left
# > to right, keeping a "current row" $r$, starting at the top. For column $c$:
# >
# > 1. **Pivot search**: look for a 1 in column $c$ at or below row $r$. If there is none,
# >    $c$ is a *free column*; move on to the next column.
# > 2. **Swap**: exchange that row with row $r$. The 1 now at $(r, c)$ is the *pivot*.
# > 3. **Clear the column**: add row $r$ to every other row (above **and** below) that has a
# >    1 in column $c$. Then move to row $r + 1$ and the next column.
# >
# > The $\mathbf{b}$ column is treated **like every other column**: it too can receive a
# > pivot, and (see the section on unsolvable boards below) that happens exactly when the
# > system has no solution.
#
# The result is the *reduced row echelon form* (RREF): every pivot is 1 and is the only
# nonzero entry in its column, every row's pivot is right of the pivot above it, and zero
# rows come last.
#
# > **Definition (row echelon form, reduced row echelon form).** A matrix is in *row echelon
# > form* (REF) when its zero rows come last and the first nonzero entry of each other row,
# > its *pivot*, is right of the pivot of the row above. It is in *reduced* row echelon form
# > (RREF) when, moreover, every pivot is 1 and is the only nonzero entry of its column.
#
# Two names from a first course: **Gaussian elimination** clears each column only *below*
# the pivot, stops at a row echelon form and then solves by back substitution, from the
# last pivot up. **Gauss–Jordan elimination**, the one above, clears above the pivot too
# and ends at the RREF, from which the solution is read off directly. A matrix has many row
# echelon forms but only one RREF. For example,
#
# $$
# \begin{bmatrix} 1 & 1 & 0 \\ 0 & 1 & 1 \\ 0 & 0 & 1 \end{bmatrix}
# $$
#
# is in row echelon form but not reduced: columns 2 and 3 have a 1 above their pivot. Adding
# row 3 to row 2, then row 2 to row 1, gives its RREF, the identity matrix.

# %%
lo.QuickQuestion("rref")

# %% [markdown]
# Because the $\mathbf{b}$ column is reduced like the others, the RREF of
# $[A \mid \mathbf{b}]$ is the RREF of that matrix in the usual sense. Any correct program
# produces the same one: the RREF is unique, as we prove at the end of this lecture.
#
# ## By hand, in plain NumPy
#
# Here is the whole algorithm, printing what it does to each column. Row and column numbers
# are counted from 1, as in a textbook.

# %%
def gauss_jordan_gf2(M, narrate=True):
    """Return the RREF of the 0/1 matrix M over GF(2), saying what it does to each column."""
    M = M.copy()
    n_rows, n_cols = M.shape
    r = 0
    for c in range(n_cols):  # b, the last column, is a column like any other
        below = np.nonzero(M[r:, c])[0]
        if len(below) == 0:
            if narrate:
                print(f"column {c + 1}: no 1 at or below row {r + 1}, a free column")
            continue
        p = r + below[0]
        actions = []
        if p != r:
            M[[r, p]] = M[[p, r]]
            actions.append(f"swap rows {r + 1} and {p + 1}")
        targets = [i for i in np.nonzero(M[:, c])[0] if i != r]
        for i in targets:
            M[i] ^= M[r]  # add row r to row i: XOR
        actions.append(f"add row {r + 1} to rows {[int(i) + 1 for i in targets]}")
        if narrate:
            print(f"column {c + 1}: pivot in row {r + 1}; " + "; ".join(actions))
        r += 1
        if r == n_rows:
            break
    return M


M = np.column_stack([A, b])
R = gauss_jordan_gf2(M)
print(R)

# %% [markdown]
# The theorem at work: over GF(2) a system with 9 unknowns has only $2^9 = 512$ candidate
# solutions, so we can try them all, on $[A \mid \mathbf{b}]$ and on its RREF.

# %%
def solutions(M):
    """Every x in GF(2)^n with M[:, :n] x = M[:, n] (n = columns - 1), by trying them all."""
    n = M.shape[1] - 1
    candidates = (np.arange(2**n)[:, None] >> np.arange(n)) & 1  # one candidate per row
    ok = ~((candidates @ M[:, :n].T + M[:, n]) % 2).any(axis=1)
    return ["".join(str(v) for v in x) for x in candidates[ok]]  # x_1 ... x_n as a string


print("solutions before:", solutions(M))
print("solutions after: ", solutions(R))

# %% [markdown]
# (The last column, $\mathbf{b}$, got no pivot: every row already had one.) Every column of
# $A$ got a pivot, so the left part of the result is the identity matrix:
# the reduced system reads $x_1 = R_{1,10}, \dots, x_9 = R_{9,10}$, and the solution is
# simply **the last column**.

# %%
x = R[:, -1]
print("presses x =", x)
print("the board after pressing them:", lo.press(board, x.reshape(3, 3)), sep="\n")

# %% [markdown]
# ## How much work is it?
#
# Count the bit operations for a system with $N$ unknowns, i.e. $[A \mid \mathbf{b}]$ with
# $N$ rows and $N + 1$ columns. Each of the (at most) $N$ pivots is added to at most $N - 1$
# other rows, and each addition XORs $N + 1$ bits. So elimination costs at most about
# $N \cdot N \cdot (N + 1) \approx N^3$ bit operations.
#
# For the $5\times5$ game $N = 25$: about $25^3 \approx 15\,600$, nothing for a computer and
# an afternoon by hand. For an $n \times n$ board $N = n^2$, so the cost grows like $n^6$: a
# board twice as wide takes 64 times as long. Storing 64 bits in one machine word divides
# the count by 64 but does not change the exponent; light chasing (lecture 6) does, by
# replacing the $n^2$ unknowns with $n$, for about $n^3$ operations.
#
# ## The same elimination, recorded
#
# `lo.eliminate(A, b)` runs the same algorithm but **records every row operation**, so we
# can replay it: `.steps` is the list of operations, `.state(k)` the matrix after the first
# `k` of them and `.explain(k)` a sentence for step `k`. Each step is a `lo.Swap(i, j, ...)`
# or a `lo.AddRow(src, dst, ...)` (rows counted from 0); `lo.elimination_to_latex(e, k)`
# writes step `k` as mathematics. (Steps are numbered from 0 as in Python; the sentences
# count rows from 1.)

# %%
e = lo.eliminate(A, b)
print(e)
print("same RREF as by hand:", np.array_equal(e.rref, R))
print("first steps:", *e.steps[:4], sep="\n  ")

# %% [markdown]
# ### Column 1
#
# The top-left entry is already 1, so no search or swap is needed. Column 1 has further 1s
# in rows 2 and 4: add row 1 to each.

# %%
for k in range(e.pivot_starts[1]):
    print(f"step {k}: {e.explain(k)}")
    display(Math(lo.elimination_to_latex(e, k)))

# %% [markdown]
# ### Column 2: a swap
#
# Now row 2 has a **0** in column 2 (row 1 was added to it), so the pivot search looks
# further down and finds a 1 in row 3. The pictures show the matrix before and after: the
# rows touched by the step are shaded, pivots are outlined in vermillion.

# %%
k_swap = e.pivot_starts[1]
print(f"step {k_swap}: {e.explain(k_swap)}")
print("a swap:", isinstance(e.steps[k_swap], lo.Swap), " of rows", e.steps[k_swap].rows)
display(Math(lo.elimination_to_latex(e, k_swap)))

fig, axes = plt.subplots(1, 2, figsize=(10, 4.4))
lo.draw_matrix(e.state(k_swap), axes[0], pivots=[(0, 0)], title="before: column 1 cleared")
lo.draw_matrix(
    e.state(k_swap + 1),
    axes[1],
    pivots=[(0, 0), e.pivot_at(k_swap)],
    highlight_rows=e.steps[k_swap].rows,
    title=f"after step {k_swap}: rows 2, 3 swapped",
)
plt.show()

# %% [markdown]
# ### The whole run, one picture per column
#
# Each panel shows the matrix once another column has been cleared. Watch the identity
# matrix grow from the top-left corner while $\mathbf{b}$ (right of the bar) turns into the
# solution.

# %%
checkpoints = [*e.pivot_starts[1:], len(e.steps)]  # after column 1, 2, ... is done
fig, axes = plt.subplots(2, 5, figsize=(14, 6))
lo.draw_matrix(e.state(0), axes[0, 0], labels=False, title="start [A | b]")
for done, (k, ax) in enumerate(zip(checkpoints, axes.flat[1:], strict=True), start=1):
    pivots = [(i, e.pivots[i]) for i in range(done)]
    lo.draw_matrix(
        e.state(k),
        ax,
        pivots=pivots,
        labels=False,
        title=f"column {done} cleared\n(after {k} steps)",
    )
fig.suptitle("Gauss–Jordan elimination of the 3x3 board, column by column")
plt.show()

# %% [markdown]
# ## A $5 \times 5$ board, played back
#
# The real game has 25 unknowns, and its elimination takes about two hundred row
# operations. The player below steps through them: **Forward**/**Back** move one operation,
# **Next pivot**/**Previous pivot** jump a whole column, **Play** runs them all (at the
# chosen **Speed**), and a line under the caption previews the next operation. Next to the matrix
# are the board $\mathbf{b}$ and the presses read off the pivot rows so far.

# %% tags=["nbval-ignore-output"]
board5 = lo.random_board(5, 5, seed=7, solvable=True)
A5 = lo.toggle_matrix(5, 5)
e5 = lo.eliminate(A5, board5)
player = lo.EliminationPlayer(e5)
player

# %% [markdown]
# The player runs in the browser: the recorded steps are shipped with it, so it keeps
# working on the course web site and on slides, without Python. It can also be driven from
# code, which is handy when projecting a lecture. Here a second player jumps over the first
# three pivots and takes one more step (the one above stays at the start for you).

# %%
print(e5)
demo = lo.EliminationPlayer(e5)
for _ in range(3):
    demo.next_pivot()
demo.forward()
print(f"position {demo.step} of {len(e5.steps)}")
print("last step:", e5.explain(demo.step - 1))
print("its pivot (row, column), counted from 1:", tuple(v + 1 for v in e5.pivot_at(demo.step - 1)))

# %% tags=["nbval-ignore-output"]
demo

# %% [markdown]
# ## Your turn: reduce it yourself
#
# Watching is not doing. Below is the $3 \times 3$ system $[A \mid \mathbf{b}]$ from the start
# of this lecture. **Click a row label** to choose the first row, **another** for the second
# row, then **Swap** them or **Add** the first to the second. The widget applies the
# operation, outlines the pivots already in place, and warns you when an operation undoes
# one. **Undo** takes an operation back. When the matrix is in reduced row echelon form it
# says so, and how many operations the recorded elimination needed.
#
# Work column by column, as in the definition. Exercise 3.2 checks what you did here.

# %% tags=["nbval-ignore-output"]
practice = lo.RowReductionPractice()
practice

# %% [markdown]
# From code, the same operations are `practice.swap(i, j)` and `practice.add(i, j)` (rows
# counted from 0). On a copy, the first two operations of the recorded elimination:

# %%
copy = lo.RowReductionPractice()
copy.add(0, 1)
copy.add(0, 3)
print(copy)
print(copy.matrix)

# %% [markdown]
# ## Pivots and free columns
#
# > **Definition (pivot column, free column, rank).** A column of $A$ that receives a pivot
# > is a *pivot column*; the others are *free columns*. The number of pivots is the *rank*
# > of $A$.
#
# Elimination makes choices (which row to swap up), so is the rank well defined? Yes: the
# RREF does not depend on the choices, as the last section of this lecture proves, and so
# neither do the pivot columns or their number. Until then, read "the rank" as "the number
# of pivots our elimination found".
#
# The $3 \times 3$ board had 9 pivots: every board is solvable, in exactly one way. The
# $5\times5$ board does **not**:

# %%
free = [c for c in range(25) if c not in e5.pivots]
print("rank:", e5.rank)
print("free columns (counted from 1):", [c + 1 for c in free])
print("consistent:", e5.consistent)

# %% [markdown]
# Columns 24 and 25 get no pivot, and the last two rows of the RREF are entirely zero, so
# they read $0 = 0$: no information. The unknowns $x_{24}, x_{25}$ are **free**: choose
# them freely, and the pivot rows then fix $x_1, \dots, x_{23}$. `e5.solution()` chooses
# $x_{24} = x_{25} = 0$. The other three choices give three more solutions (lecture 5).

# %%
lo.draw_matrix(
    e5.rref,
    pivots=list(enumerate(e5.pivots)),
    title="RREF of [A | b] for the 5x5 board: 23 pivots, rows 24-25 read 0 = 0",
)
plt.show()

x5 = e5.solution()
print("solution (free unknowns 0):", x5.reshape(5, 5), sep="\n")
print("switches the board off:", not lo.press(board5, x5.reshape(5, 5)).any())

# %%
lo.QuickQuestion("free_columns")

# %% [markdown]
# ## An unsolvable board: $0 = 1$
#
# When a board cannot be switched off, elimination finds out by itself. Rows whose $A$ part
# is all zero read $0 = b'_i$, where $b'_i$ is what became of the right-hand side. If some
# such $b'_i = 1$, the row says $0 = 1$: a **contradiction**, so there is no solution.

# %%
bad = lo.random_board(5, 5, seed=7, solvable=False)
e_bad = lo.eliminate(A5, bad)
print(e_bad)
zero_rows = [i for i in range(25) if not e_bad.rref[i, :-1].any()]
for i in zero_rows:
    print(f"row {i + 1}: A part all 0, right-hand side {e_bad.rref[i, -1]}")
print("solution:", e_bad.solution())

# %%
contradiction = [i for i in zero_rows if e_bad.rref[i, -1]]
lo.draw_matrix(
    e_bad.rref,
    pivots=list(enumerate(e_bad.pivots)),
    highlight_rows=contradiction,
    title="RREF of an unsolvable 5x5 board: the shaded row reads 0 = 1",
)
plt.show()

# %% [markdown]
# Once the pivot search reached the $\mathbf{b}$ column, it found the 1 in row 24 and used
# it as a pivot like any other, clearing the rest of that column: that is why the
# $\mathbf{b}$ column is otherwise empty, and why row 25 reads $0 = 0$. A pivot in the
# $\mathbf{b}$ column is exactly a $0 = 1$ row. Our hand-written routine does the same:

# %%
R_bad = gauss_jordan_gf2(np.column_stack([A5, bad.reshape(-1)]), narrate=False)
print("hand-written RREF == recorded RREF:", np.array_equal(R_bad, e_bad.rref))

# %%
lo.QuickQuestion("zero_equals_one")

# %% [markdown]
#
# Which boards are solvable, and how to tell **without** eliminating, is the subject of
# lecture 4.
#
# ## The RREF is unique
#
# Elimination makes choices: which row to swap up, in which order to clear a column. Another
# program, or a student by hand, may choose differently. The end result is nevertheless
# always the same.
#
# > **Theorem (uniqueness of the RREF).** Row operations can turn a matrix $M$ into only one
# > matrix in reduced row echelon form. (A short proof: T. Yuster, *The reduced row echelon
# > form of a matrix is unique: a simple proof*, Mathematics Magazine 57 (1984), 93–94.
# > Ours reads the RREF off the columns of $M$.)
#
# *Proof.* A *linear relation* among columns of $M$ is a choice of columns that add up to
# $\mathbf{0}$, that is, a solution $\mathbf{c}$ of $M\mathbf{c} = \mathbf{0}$. By the
# first theorem of this lecture, row operations do not change these solutions: $M$ and any
# RREF $R$ of $M$ have **the same relations among their columns**. In $R$ they are easy to
# see. The $k$-th pivot column is the unit vector $\mathbf{e}_k$, and every column left of
# it is zero from row $k$ down. So:
#
# - a pivot column is **not** a sum of columns left of it (they all have 0 in row $k$);
# - a free column $j$ **is** a sum of pivot columns left of it: if $k$ pivots lie left of
#   it, column $j$ is zero from row $k + 1$ down, so it is $\sum_{i \le k} R_{ij}\,
#   \mathbf{e}_i$, the sum of the pivot columns of the rows $i$ where it has a 1;
# - that sum is the only one, because the pivot columns $\mathbf{e}_1, \mathbf{e}_2, \dots$
#   are independent.
#
# The same relations hold in $M$. Hence column $j$ of $R$ is a pivot column exactly when
# column $j$ of $M$ is not a sum of columns left of it, and a free column of $R$ lists the
# pivot columns of $M$ that add up to column $j$ of $M$. Both are facts about $M$ alone, so
# any two reduced row echelon forms of $M$ are equal. $\square$
#
# The same argument shows that **the pivot columns of $M$ are independent and every column
# of $M$ is a sum of them**: they are a basis of the column space of $M$ (lecture 4 needs
# this). Check it on the $5 \times 5$ system: each free column of $A$ is the sum of the
# pivot columns that the RREF names.

# %%
for j in free:
    named = [e5.pivots[i] for i in np.flatnonzero(e5.rref[:, j])]
    total = A5[:, named].sum(axis=1) % 2
    print(
        f"column {j + 1} of A = sum of its {len(named)} named pivot columns:",
        np.array_equal(total, A5[:, j]),
    )
pivot_columns = A5[:, list(e5.pivots)]
print("the 23 pivot columns of A reduce to 23 pivots:", lo.eliminate(pivot_columns).rank == 23)

# %% [markdown]
# ## Checking our work: galois and sympy
#
# Because the RREF is unique, any correct program must produce exactly the same one. So we
# compare ours with two independent implementations: galois's `row_reduce` and sympy's
# `DomainMatrix` over the field `GF(2)`, and with `lo.rref`, the package's fast
# bit-packed elimination, which returns the RREF and the pivot columns.

# %%
M5 = np.column_stack([A5, board5.reshape(-1)])

R_galois = np.asarray(galois.GF(2)(M5).row_reduce(), dtype=np.uint8)

R_sympy_domain, sympy_pivots = DomainMatrix.from_list(M5.tolist(), GF(2)).rref()
R_sympy = np.array([[int(v) for v in row] for row in R_sympy_domain.to_list()], dtype=np.uint8)

R_fast, fast_pivots = lo.rref(M5)

print("ours == galois:", np.array_equal(e5.rref, R_galois))
print("ours == sympy: ", np.array_equal(e5.rref, R_sympy))
print("ours == lo.rref:", np.array_equal(e5.rref, R_fast), fast_pivots == e5.pivots)
print("sympy's pivot columns (counted from 1):", [c + 1 for c in sympy_pivots])

# %% [markdown]
# `lo.cross_check` runs all three engines and prints their results side by side (it raises
# an error if they ever disagree).

# %%
lo.cross_check(A5, board5)

# %%
lo.cross_check(A5, bad)

# %% [markdown]
# ## Your turn
#
# Type your own board (any size; `1`/`#` = lit, `0`/`.` = dark) and run the cell. Which
# sizes of board have free columns? Predict before you run.

# %%
my_board = lo.parse_board("""
    # # . . #
    # . . # #
""")
mine = lo.eliminate(lo.toggle_matrix(*my_board.shape), my_board)
print(mine)
print(
    "free columns (counted from 1):", [c + 1 for c in range(my_board.size) if c not in mine.pivots]
)
print("solution:", None if mine.solution() is None else mine.solution().reshape(my_board.shape))

# %% [markdown]
# ## Summary
#
# - Gauss–Jordan over GF(2) needs two row operations only: swap two rows, add (XOR) one row
#   to another. For each column: find a pivot, swap it up, clear the rest of the column.
# - Gaussian elimination clears below the pivots only and ends at a row echelon form (REF);
#   Gauss–Jordan clears above them too and ends at the reduced row echelon form (RREF).
# - When every column of $A$ has a pivot, the last column of the RREF is the solution.
# - Columns without a pivot are free: each free unknown doubles the number of solutions.
#   The $5\times5$ game has rank 23 and two free columns, 24 and 25.
# - A row $[0 \cdots 0 \mid 1]$ says $0 = 1$: the board is unsolvable.
# - Row operations keep the solution set, and the RREF is unique: it is read off the linear
#   relations among the columns, which row operations keep. So our result must equal
#   galois's and sympy's, and it does. The pivot columns of a matrix are a basis of its
#   column space.
#
# **Try this**
#
# 1. In the player, find the first **swap** of the $5\times5$ elimination. Which rows, and
#    why was it needed?
# 2. Run `lo.eliminate(lo.toggle_matrix(4, 4), b)` for a few $4 \times 4$ boards `b` of your own.
#    What is the rank of the $4 \times 4$ toggle matrix?
# 3. Change `seed=7` in the unsolvable example and rerun. The contradiction is always in
#    row 24, and row 25 always reads $0 = 0$. Why? (Hint: the elimination treats the
#    $\mathbf{b}$ column like any other column.)
#
# **Exercises**: [Exercises 3 — Gauss–Jordan elimination](exercises/E3_elimination.ipynb):
# pivots by hand (★), the practice widget (★), the free columns of the $4 \times 4$ game (★★),
# and your own `gauss_jordan`, run on hidden cases (★★★).
#
# **Next**: [Lecture 4 — Solvability and the kernel](04_solvability_and_the_kernel.ipynb)
# explains which boards can be solved, and finds the hidden "quiet patterns" behind the two
# free columns.
# Sources and further reading: the [bibliography](reference/bibliography.ipynb).
