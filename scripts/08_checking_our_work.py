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
# # Lecture 8 — Checking our work
#
# **What you will learn**
#
# - how to gain confidence in a linear-algebra engine: compare it with **independent**
#   implementations (galois and sympy), and check every answer with a computation that does
#   not trust any engine (multiply it out, press it on the board, or check a certificate);
# - how to read a cross-check report and a table of named test cases;
# - how fast our engine is compared with galois, sympy and flint, read from the course's
#   benchmark results.
#
# **What it assumes**: rank, solvability and the toggle matrices of lectures 1–7.

# %%
import json
from pathlib import Path

import galois
import matplotlib.pyplot as plt
import numpy as np
from sympy import GF
from sympy.polys.matrices import DomainMatrix

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## Three engines, one question
#
# A bug in an elimination routine rarely crashes: it returns a wrong rank or a wrong
# solution. So we ask the same question to three programs written by different people in
# different ways:
#
# - **ours**: `lightsout_edu` (recorded Gauss–Jordan, plus a packed-bit engine for speed);
# - **galois**: NumPy arrays over finite fields, `galois.GF(2)`;
# - **sympy**: exact `DomainMatrix` arithmetic over the domain `GF(2)`.
#
# By hand first, on the $3 \times 3$ board with all lights on.

# %%
A3 = lo.toggle_matrix(3, 3)
b3 = np.ones(9, dtype=np.uint8)

ours = lo.solve(A3, b3)

GF2 = galois.GF(2)
with_galois = np.linalg.solve(GF2(A3), GF2(b3))  # A3 is invertible

sympy_A = DomainMatrix.from_list(A3.tolist(), GF(2))
sympy_b = DomainMatrix.from_list([[int(v)] for v in b3], GF(2))
with_sympy = [int(v) % 2 for v in (sympy_A.inv() * sympy_b).to_Matrix()]

print("ours  ", ours)
print("galois", np.asarray(with_galois))
print("sympy ", np.array(with_sympy))
after = lo.press(np.ones((3, 3), np.uint8), ours.reshape(3, 3))
print("pressing switches the board off:", not after.any())

# %% [markdown]
# ## `cross_check`
#
# `lo.cross_check(A, b)` does this for any matrix: every engine computes the rank, the pivot
# columns, the reduced row echelon form of $[A \mid \mathbf{b}]$ (unique, so it must be
# identical), a kernel basis (each vector is checked: $A\mathbf{k} = \mathbf{0}$) and
# solvability. If any two engines disagree it raises `CrossCheckError`; otherwise its report
# puts the answers side by side.

# %%
report = lo.cross_check(lo.toggle_matrix(5, 5), np.ones(25, dtype=np.uint8))
report

# %% [markdown]
# ## A table of named cases
#
# The test suite runs a list of named cases through every engine; here is a version you can
# read. Each case is a toggle matrix $A$ and a board $\mathbf{b}$. Every engine reports the
# rank of $A$ and whether $\mathbf{b}$ is in the column space (rank of $[A \mid \mathbf{b}]$
# equals rank of $A$). Then the answer is **verified**, whichever it is:
#
# - solvable: multiply out, $A\mathbf{x} = \mathbf{b}$;
# - not solvable: a *certificate* $\mathbf{y}$ with $\mathbf{y}^{\mathsf T}A = \mathbf{0}$ and
#   $\mathbf{y}\cdot\mathbf{b} = 1$ (lecture 4) — every press changes the lights under
#   $\mathbf{y}$ by an even number, but the board has an odd number lit there.

# %%
def grid_case(rows, cols, board, **rule):
    return lo.toggle_matrix(rows, cols, **rule), np.asarray(board, dtype=np.uint8).ravel()


CASES = {
    "1x1 all on": grid_case(1, 1, [[1]]),
    "2x2 all on": grid_case(2, 2, np.ones((2, 2))),
    "3x3 all on": grid_case(3, 3, np.ones((3, 3))),
    "4x4 all on": grid_case(4, 4, np.ones((4, 4))),
    "4x4 one light": grid_case(4, 4, np.eye(1, 16).reshape(4, 4)),
    "5x5 all on": grid_case(5, 5, np.ones((5, 5))),
    "5x5 random (seed 8)": grid_case(5, 5, lo.random_board(5, 5, seed=8)),
    "6x6 all on": grid_case(6, 6, np.ones((6, 6))),
    "3x7 rectangle": grid_case(3, 7, lo.random_board(3, 7, seed=37)),
    "5x5 torus": grid_case(5, 5, lo.random_board(5, 5, seed=55), torus=True),
    "5x5 king": grid_case(5, 5, np.ones((5, 5)), rule="king"),
    "5x5 neighbors": grid_case(5, 5, np.ones((5, 5)), rule="neighbors"),
    "Petersen graph": (lo.petersen_graph().toggle_matrix(), np.ones(10, np.uint8)),
}

# %% [markdown]
# galois and sympy each give the rank of $A$ and of $[A \mid \mathbf{b}]$; `verify` checks
# our answer without trusting any engine.


# %%
def ranks_galois(A, b):
    augmented = np.column_stack([A, b])
    return int(np.linalg.matrix_rank(GF2(A))), int(np.linalg.matrix_rank(GF2(augmented)))


def ranks_sympy(A, b):
    augmented = np.column_stack([A, b])
    M = DomainMatrix.from_list(A.tolist(), GF(2))
    return M.rank(), DomainMatrix.from_list(augmented.tolist(), GF(2)).rank()


def verify(A, b, x):
    """Check the answer independently: the solution, or a certificate of unsolvability."""
    if x is not None:
        return "A x = b" if not ((A @ x + b) % 2).any() else "WRONG x"
    certificates = [y for y in lo.left_null_space(A) if y @ b % 2]
    y = certificates[0]
    return "y certifies" if not (y @ A % 2).any() else "WRONG y"


yes_no = {True: "yes", False: "no"}
print(f"{'':22s} {'':>3s}  {'rank of A':^20s}  {'solvable':^20s}")
print(
    f"{'case':22s} {'N':>3s}  {'ours':>6s}{'galois':>7s}{'sympy':>7s}  "
    f"{'ours':>6s}{'galois':>7s}{'sympy':>7s}  verified"
)
for name, (A, b) in CASES.items():
    x = lo.solve(A, b)
    rank_ours = lo.rank(A)
    rank_galois, rank_galois_b = ranks_galois(A, b)
    rank_sympy, rank_sympy_b = ranks_sympy(A, b)
    solvable = (x is not None, rank_galois == rank_galois_b, rank_sympy == rank_sympy_b)
    assert rank_ours == rank_galois == rank_sympy and len(set(solvable)) == 1, name
    print(
        f"{name:22s} {len(b):3d}  {rank_ours:6d}{rank_galois:7d}{rank_sympy:7d}  "
        + "".join(f"{yes_no[s]:>{w}s}" for s, w in zip(solvable, (6, 7, 7), strict=True))
        + f"  {verify(A, b, x)}"
    )

# %% [markdown]
# Every row agrees, and every answer — "here are the presses" or "impossible, and here is
# why" — is checked by a computation that does not trust the engine. The known facts hold
# too: the $5 \times 5$ board has rank 23, so a solvable board has $2^{25-23} = 4$ solutions,
# and $4 \times 4$ has rank 12.
#
# **Your turn.** Add a case to `CASES` (a $7 \times 7$ torus? a $4 \times 6$ "x" board?) and
# run the cell again.
#
# ## Can this catch a bug?
#
# A check that never fails proves nothing. Here is a classic bug: an elimination that takes
# the pivot from the diagonal position and, if that entry is 0, gives up on the column
# instead of looking for a 1 further down (it forgets the row swap).

# %%
def rank_without_row_swaps(A):
    """A buggy GF(2) rank: never swaps rows."""
    M = A.copy()
    rank = 0
    for col in range(M.shape[1]):
        if rank == M.shape[0] or M[rank, col] == 0:
            continue  # the bug: a 1 further down this column is never looked for
        for r in range(M.shape[0]):
            if r != rank and M[r, col]:
                M[r] ^= M[rank]
        rank += 1
    return rank


for name, (A, b) in CASES.items():
    buggy, correct = rank_without_row_swaps(A), ranks_galois(A, b)[0]
    if buggy != correct:
        print(f"{name:22s} buggy rank {buggy:3d}   galois {correct:3d}   <- caught")

# %% [markdown]
# The buggy engine gets the $1 \times 1$ board, both $4 \times 4$ cases, the neighbours-only
# board and the Petersen graph right, and is caught by the other eight cases. A test suite
# that only looked at $4 \times 4$ boards would have passed it: that is why the table mixes
# sizes, rules, shapes and graphs. The test suite goes further: `hypothesis` generates hundreds
# of random matrices and compares all three engines on each. A seeded miniature of that:

# %%
rng = np.random.default_rng(8)
for _ in range(200):
    rows, cols = (int(v) for v in rng.integers(1, 13, size=2))
    M = (rng.random((rows, cols)) < rng.random()).astype(np.uint8)
    ours, theirs = lo.rank(M), int(np.linalg.matrix_rank(GF2(M)))
    assert ours == theirs == DomainMatrix.from_list(M.tolist(), GF(2)).rank(), M
print("200 random matrices: ours, galois and sympy agree on every rank")

# %% [markdown]
# ## Speed
#
# Correct first, then fast. The benchmark suite (`python -m benchmarks`, run separately: it
# takes minutes) times the rank, a solution and the null space of the $n \times n$ toggle
# system with every engine, and stores the medians in `benchmarks/results.json`. Here we only
# *read* that file, so this lecture runs in seconds.

# %%
results = json.loads(Path("../benchmarks/results.json").read_text())
general = results["general"]
engines = list(dict.fromkeys(row["engine"] for row in general))
print("engines timed:", *engines, sep="\n  ")
print("peers not installed when the benchmarks ran:", results["peers_missing"] or "none")

# %% [markdown]
# Each engine gets its own line; both axes are logarithmic, so a straight line is a power law
# $t \propto N^k$ and a vertical gap of one grid line is a factor of 10. A line stops where
# the suite skipped an engine that would have taken too long.

# %%
TASKS = {"rank": "rank of A", "solve": "solve A x = b", "null_space": "null space of A"}
fig, axes = plt.subplots(1, 3, figsize=(15, 4.8), sharey=True, layout="constrained")
for ax, (task, title) in zip(axes, TASKS.items(), strict=True):
    lo.draw_timings(
        [r for r in general if r["task"] == task],
        x="cells",
        y="seconds",
        series="engine",
        ax=ax,
        emphasise=engines[0],
        title=title,
        xlabel="unknowns N = n² of the n x n board (log scale)",
    )
axes[0].legend(fontsize=8)
fig.suptitle("Our engine against its peers (from benchmarks/results.json)")
plt.show()

# %% [markdown]
# How to read it (in the run committed with the course): at the smallest sizes every engine
# takes microseconds and compiled flint can even be quickest; from about a hundred unknowns on,
# the packed engine is the lowest line in every panel, by factors of tens to thousands. Two
# things make it fast: 64 cells share one machine word, so adding two rows is a few word XORs,
# and a toggle matrix is banded, so each row operation touches only the words near the band.
# The slope of a line is the exponent $k$ in $t \propto N^k$: compare the slopes, not just the
# heights, before predicting a bigger board.
#
# The same data as speed-up factors: how many times longer each other engine took than ours
# for the same task and size. The numbers come from whichever benchmark run was committed
# last, so the test suite does not compare this table's output.

# %% tags=["nbval-ignore-output"]
ratios = results["ratios"]
peers = list(dict.fromkeys(r["peer"] for r in ratios))
short = {p: p.removeprefix("ours: ").split()[0] for p in peers}  # "sympy DomainMatrix" -> sympy
for task, title in TASKS.items():
    print(f"{title}: other engine's time / our time")
    print(f"{'n':>5s}" + "".join(f"{short[p]:>13s}" for p in peers))
    for n in sorted({r["n"] for r in ratios}):
        found = {r["peer"]: r["ratio"] for r in ratios if r["n"] == n and r["task"] == task}
        cells = [f"{found[p]:.1f}x" if p in found else "-" for p in peers]
        print(f"{n:5d}" + "".join(f"{cell:>13s}" for cell in cells))
    print()

# %% [markdown]
# ### Light chasing and fewest presses
#
# Light chasing replaces the $n^2$-unknown system by an $n$-unknown one (lecture 6), and the
# exact fewest-presses search costs about $d\,2^d$ steps for a kernel of dimension $d$
# (lecture 5). The left panel shows the first: boards of $10^4$ to $10^6$ cells and more are
# solved in milliseconds, and the line is much flatter than the $n^6$ of full elimination.
# The right panel shows the second only partly, and that is worth saying.

# %%
chase, fewest = results["chase"], results["fewest"]
chase_rows = [
    {"n": r["n"], "seconds": r["light_chase_seconds"], "how": "light_chase"} for r in chase
]
chase_rows += [
    {"n": r["n"], "seconds": r["solve_board_seconds"], "how": 'solve_board(method="chase")'}
    for r in chase
    if "solve_board_seconds" in r
]
fig, axes = plt.subplots(1, 2, figsize=(12, 4.3), layout="constrained")
lo.draw_timings(
    chase_rows,
    x="n",
    y="seconds",
    series="how",
    ax=axes[0],
    title="Light chasing a random board",
    xlabel="board side n (log scale)",
)
axes[0].legend()
axes[1].scatter(
    [r["kernel_dimension"] for r in fewest], [r["seconds"] for r in fewest], color="#0072b2"
)
axes[1].set(
    yscale="log",
    xlabel="kernel dimension d",
    ylabel="median time in seconds (log scale)",
    title="Exact fewest presses, all-on n x n board",
)
plt.show()
for r in sorted(fewest, key=lambda r: r["kernel_dimension"]):
    print(
        f"d = {r['kernel_dimension']:2d} ({r['n']:2d} x {r['n']:<2d}): {1000 * r['seconds']:7.2f} ms"
    )

# %% [markdown]
# What the right panel does and does not show. For $d \le 16$ every board takes about a
# millisecond or less, and the time follows the **board size** more than $d$: at these sizes
# solving the board and setting up the search cost more than the $d\,2^d$ additions
# themselves. Only at $d = 20$ does the search become visible, about ten times slower than at
# $d = 16$. So these measurements are consistent with $d\,2^d$ but do not demonstrate it;
# for that one needs larger $d$, such as the $39 \times 39$ board ($d = 32$) of lecture 9,
# which takes seconds.

# %% [markdown]
# ## Summary
#
# - Trust comes from **independent** checks: three engines written by different people must
#   agree, and every answer is verified by a computation that does not trust them — a
#   solution is multiplied out, an impossibility comes with a certificate.
# - The checks must be able to fail: a plausible bug (no row swaps) is caught by most of the
#   named cases, though not all of them.
# - Speed is measured, not guessed: our packed engine against galois, sympy and flint, read
#   from the committed benchmark results.
#
# **Try this**
#
# 1. Add a `"7x7 torus"` and a `"4x6 rule x"` case to `CASES`.
# 2. Make `rank_without_row_swaps` correct (look for a 1 further down and swap), and check
#    that no case catches it any more.
# 3. From the plot, estimate the exponent $k$ in $t \propto N^k$ for our engine and for sympy.
#    Which one would you use for a $200 \times 200$ board?
#
# **Exercises**: [Exercises 8 — checking our work](exercises/E8_checking.ipynb): check a
# proposed solution (★), find a matrix that exposes a buggy RREF (★★), and write a test that
# catches five planted bugs (★★★).
#
# **Next**: [Lecture 9 — How many presses can a board need?](09_how_many_presses.ipynb) asks
# for the hardest board of every size, where counting is hopeless and new tools are needed.
# Sources and further reading: the [bibliography](reference/bibliography.ipynb).
