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
# # Lecture 8 — Checking our work
#
# **What you will learn**
#
# - how to gain confidence in a linear-algebra engine: compare it with **independent**
#   implementations (galois and sympy), and check every answer with a computation that does
#   not trust any engine (multiply it out, press it on the board, or check a certificate);
# - how to read a cross-check report and a table of named test cases;
# - how fast our engine is compared with M4RI (the C library that is the standard for GF(2)),
#   ldpc, python-flint, galois and sympy, read from the course's benchmark results.
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

# %%
lo.QuickQuestion("four_by_four_only")

# %% [markdown]
# ## Speed
#
# Correct first, then fast. The benchmark suite (`python -m benchmarks`, run separately: it
# takes a quarter of an hour) times the rank, a solution and the null space with every engine
# on the same matrices, checks every answer before timing it, and stores medians with their
# minimum and maximum in `benchmarks/results.json`. Here we only *read* that file, so this
# lecture runs in seconds.
#
# Three engines join galois and sympy: **M4RI**, the C library of the *Method of the Four
# Russians* that computer algebra systems use for GF(2), the one to beat; and **ldpc** and
# **python-flint**, compiled libraries from coding theory and number theory. "Solve" is not the
# same work everywhere: ours and M4RI stop at one solution, galois, sympy and flint compute
# the full reduced form of $[A \mid b]$.

# %%
results = json.loads(Path("../benchmarks/results.json").read_text())
toggle, dense = results["toggle"], results["dense"]
engines = list(dict.fromkeys(row["engine"] for row in toggle))
print("engines timed:", *engines, sep="\n  ")
missing = results["peers_missing"]
print("not measured:", ", ".join(f"{name} ({why})" for name, why in missing.items()) or "none")

# %% [markdown]
# Each engine gets its own line; both axes are logarithmic, so a straight line is a power law
# $t \propto N^k$ and a vertical gap of one grid line is a factor of 10. A line stops where
# the suite skipped an engine that would have taken too long. The top row is the toggle
# matrix of the $n \times n$ board ($N = n^2$ unknowns), the middle row a random dense
# $N \times N$ matrix, where half of all entries are 1. Those two rows show *wall* time, what
# you wait for. Our engine may use both cores of the machine, while M4RI uses one, so the
# bottom row shows the dense matrices again in *CPU time*: the time of every core the
# process used, added up.

# %%
TASKS = {"rank": "rank of A", "solve": "solve A x = b", "null_space": "null space of A"}
fig, axes = plt.subplots(3, 3, figsize=(15, 13), sharey="row", layout="constrained")
PANELS = [
    ("toggle", toggle, "unknowns N = n² of the n x n board", "median", "wall"),
    ("dense", dense, "N", "median", "wall"),
    ("dense", dense, "N", "cpu_median", "CPU"),
]
for row, (kind, rows, what, clock, clock_name) in enumerate(PANELS):
    for ax, (task, title) in zip(axes[row], TASKS.items(), strict=True):
        lo.draw_timings(
            [r for r in rows if r["task"] == task and r.get(clock)],
            x="N",
            y=clock,
            series="engine",
            ax=ax,
            emphasise="ours",
            title=f"{title} ({kind}, {clock_name} time)",
            xlabel=f"{what} (log scale)",
            ylabel=f"median {clock_name} time in seconds (log scale)",
        )
axes[0, 0].legend(fontsize=8)
fig.suptitle("Our engine against its peers (from benchmarks/results.json)")
plt.show()

# %% [markdown]
# How to read it (in the run committed with the course, on a 2-core machine, so the factors
# wobble by tens of percent from run to run). **Toggle matrices**, top row: at
# $N = 100$ M4RI is quickest (its calls cost microseconds, ours pay a fixed Python cost); from
# $N \approx 400$ on our line is the lowest in every panel: 2–4 times below M4RI for the
# rank, 5–33 times for a solution and 2.5–32 times for the null space; about 10–13 times below
# ldpc's rank and far more for its other tasks; about a hundred times and more below sympy,
# galois and flint. Two things make it fast: 64 cells share one machine word, so adding
# two rows is a few word XORs, and a toggle matrix is *banded*, so each row operation touches
# only the words near the band; M4RI does not look for a band.
#
# **Dense matrices**, middle and bottom rows: there is no band, and both engines use the
# same idea, the *Method of the Four Russians*: eliminate many columns at once with tables of
# precomputed row combinations (ours finds the pivots of 64 columns at a time and makes all
# $2^8$ sums of 8 pivot rows in each of 8 tables, so every row below is cleared by adding 8
# table rows). For big matrices the memory, not the arithmetic, sets the pace: clearing whole
# rows sends the whole matrix through the memory once every 64 columns. So ours cuts the
# matrix into tiles of 512 columns and waits: the part right of a block of 256 columns is
# cleared once for the whole block, tile by tile, with 32 tables small enough to stay in the
# processor's cache (the idea of M4RI's own PLE decomposition, Albrecht, Bard and Pernet
# 2011). From $N = 500$ to $16\,000$ our line is the lowest in every dense panel: 1.35–3.8
# times below M4RI for the rank (1.35–3.0 in CPU time), 2.3–4.6 times for a solution and
# 1.2–3.7 times for the null space; at $N = 250$ the two are level for the rank. Part of the
# lead is the processor: Debian's M4RI uses 128-bit vector instructions on every machine,
# numba gives ours 512-bit ones where the processor has them.
#
# Two of our lines show what the public API costs: "ours: kernel only" (the compiled kernel
# called directly) lies on top of "ours", so `lo.rank` adds almost nothing; "ours: dense
# input" (a 0/1 array, checked and packed on every call) is up to 4 times higher on big
# toggle matrices: packing costs more than the elimination. Build big matrices packed
# (`lo.toggle_matrix(n, n, packed=True)`).
#
# The slope of a line is the exponent $k$ in $t \propto N^k$: compare the slopes, not just
# the heights, before predicting a bigger board. The same data as factors: how many times
# longer each other engine took than ours for the same task and size (the table changes
# whenever the benchmarks are run again, so the test suite does not compare it).

# %% tags=["nbval-ignore-output"]
for kind, key, clock in [("toggle", "ratio", "wall"), ("dense", "ratio", "wall"),
                         ("dense", "cpu_ratio", "CPU")]:  # fmt: skip
    ratios = results[f"{kind}_ratios"]
    peers = [p for p in dict.fromkeys(r["peer"] for r in ratios) if not p.startswith("ours")]
    for task, title in TASKS.items():
        print(f"{title} ({kind}, {clock} time): other engine's time / our time")
        print(f"{'N':>6s}" + "".join(f"{p[:12]:>13s}" for p in peers))
        for N in sorted({r["N"] for r in ratios}):
            found = {r["peer"]: r[key] for r in ratios if r["N"] == N and r["task"] == task}
            cells = [f"{found[p]:.1f}x" if p in found else "-" for p in peers]
            print(f"{N:6d}" + "".join(f"{cell:>13s}" for cell in cells))
        print()

# %% [markdown]
# ### Light chasing and fewest presses
#
# Light chasing replaces the $n^2$-unknown system by an $n$-unknown one (lecture 6), and the
# exact fewest-presses search costs about $d\,2^d$ steps for a kernel of dimension $d$
# (lecture 5), here for the all-on board of every size up to $54 \times 54$, each answer
# equal to the published one (OEIS A075464). The left panel shows the first on random boards of a quarter of a million to
# 64 million cells, each solved in a fresh process, with the memory it needed; the right
# panel shows the second.

# %%
chase, fewest = results["chase"], results["fewest"]
fig, axes = plt.subplots(1, 2, figsize=(12, 4.3), layout="constrained")
lo.draw_timings(
    [{**r, "how": 'solve_board(method="chase")'} for r in chase],
    x="n",
    y="seconds",
    series="how",
    ax=axes[0],
    emphasise='solve_board(method="chase")',
    title="Light chasing a random n x n board",
    xlabel="board side n (log scale)",
    ylabel="seconds (log scale)",
)
for r in chase:
    axes[0].annotate(
        f"{r['peak_mb']} MB", (r["n"], r["seconds"]), textcoords="offset points", xytext=(-20, 8)
    )
searched = [r for r in fewest if r["kernel_dimension"] > 0]  # d = 0: one solution, no search
axes[1].errorbar(
    [r["kernel_dimension"] for r in searched],
    [r["median"] for r in searched],
    yerr=[
        [r["median"] - r["min"] for r in searched],
        [r["max"] - r["median"] for r in searched],
    ],
    fmt="o",
    color="#0072b2",
)
axes[1].set(
    yscale="log",
    xlabel="kernel dimension d",
    ylabel="median time in seconds (log scale)",
    title="Exact fewest presses, all-on n x n boards with a kernel",
)
plt.show()
print(f"{len(fewest)} all-on boards, n = 1 .. {max(r['n'] for r in fewest)}; the biggest kernels:")
for r in sorted(fewest, key=lambda r: (r["kernel_dimension"], r["n"]))[-6:]:
    print(f"d = {r['kernel_dimension']:2d} ({r['n']:2d} x {r['n']:<2d}): {r['median']:9.4f} s")

# %% [markdown]
# What the right panel shows. For $d \le 16$ every board takes a few milliseconds at most,
# and the time follows the **board size** more than $d$: solving the board and setting up the
# search cost more than the $d\,2^d$ additions themselves. At $d = 20$ the search shows
# (about 35 ms). Above $d = 20$ a compiled transform on both cores takes over from NumPy, so
# the step from $d = 20$ to $d = 30$ (3.6 s) is smaller than the factor $2^{10}$ the formula
# predicts; between $d = 30$ and $d = 32$ (13 s), both compiled, the time grows 3.6 times
# where $d\,2^d$ predicts 4.3. One engine's line, measured over a wide enough range, is what
# tests a growth law.
#
# Light chasing (left) solved a random $8000 \times 8000$ board, 64 million unknowns, in
# 1.3 seconds, using 0.7 GB; its kernel has dimension 80, yet the 80 quiet patterns are
# kept packed, 64 cells to a word.

# %% [markdown]
# ## Summary
#
# - Trust comes from **independent** checks: three engines written by different people must
#   agree, and every answer is verified by a computation that does not trust them — a
#   solution is multiplied out, an impossibility comes with a certificate.
# - The checks must be able to fail: a plausible bug (no row swaps) is caught by most of the
#   named cases, though not all of them.
# - Speed is measured, not guessed: our packed engine against M4RI, ldpc, python-flint,
#   galois and sympy on the same matrices, read from the committed benchmark results.
#
# **Try this**
#
# 1. Add a `"7x7 torus"` and a `"4x6 rule x"` case to `CASES`.
# 2. Make `rank_without_row_swaps` correct (look for a 1 further down and swap), and check
#    that no case catches it any more.
# 3. From the toggle panels, estimate the exponent $k$ in $t \propto N^k$ for our engine, for
#    M4RI and for sympy. Which would you use for a $200 \times 200$ board, and what would you
#    use instead of any of them?
#
# **Exercises**: [Exercises 8 — checking our work](exercises/E8_checking.ipynb): check a
# proposed solution (★), find a matrix that exposes a buggy RREF (★★), and write a test that
# catches five planted bugs (★★★).
#
# **Next**: [Lecture 9 — How many presses can a board need?](09_how_many_presses.ipynb) asks
# for the hardest board of every size, where counting is hopeless and new tools are needed.
# Sources and further reading: the [bibliography](reference/bibliography.ipynb).
