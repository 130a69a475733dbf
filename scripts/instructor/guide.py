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
# # Instructor guide
#
# For the lecturer who runs this course as a two-week module. It has a schedule, the
# learning outcomes and where each is taught and practised, the misconceptions students
# bring, suggestions for the board, answers to every **Try this** prompt, and operational
# notes. Students do not need it; the exercise solutions are in the exercise notebooks
# (folded away, and absent from the student handouts).
#
# ## Versions for students and for you
#
# - `make handouts` writes `handouts/student/` (every solution cell removed, outputs after the
#   first solution cleared) and `handouts/teacher/` (everything). The README's Binder link
#   opens the student version.
# - `make site` builds the offline web site (with solutions folded under "Show solution"),
#   `make slides` a reveal.js deck per lecture, `make pdf` A4 PDFs of every lecture, exercise
#   set (student and teacher version), this guide, the syllabus and the slides, and
#   `make syllabus` the students' syllabus (`reference/syllabus.ipynb`) from `course.toml`.
# - **Teacher-only** (never hand these out): `grading/` (the nbgrader source assignments with
#   solutions and rubrics, and the graders with their hidden cases in `grading/graders/`),
#   the course folder `make assignment` writes (`assignment/`: sources, gradebook,
#   `rubrics/`), and `quiz/` (the question bank's templates, `moodle.xml`, `canvas_qti.zip`,
#   `exam_bank.pdf` and `answer_key.pdf`, written by `make quiz`).
#
# ## Schedule
#
# Two weeks: six 90-minute sessions for the lectures and four 90-minute exercise classes,
# with self-study in between, then a week to finish the last assignment before the exam. The
# plan below is read from `notebooks/course.toml`, the same file the course index, the
# syllabus and the README use; a test checks that no slot holds more minutes than it has
# and that every lecture, exercise set and assessment is scheduled in full, in order. Set
# `start` in `course.toml` to the Monday of week 1 and run `make syllabus` to give students
# dates.

# %%
import tomllib
from pathlib import Path

plan = tomllib.loads(Path("../course.toml").read_text(encoding="utf-8"))
assessments = {entry["id"]: entry["name"] for entry in plan["assessment"]}


def what(item):
    part = f" ({item['which']})" if "which" in item else ""
    if "lecture" in item:
        return f"L{item['lecture']}{part}"
    if "exercises" in item:
        return f"E{item['exercises']}{part}"
    return assessments[item["assessment"]].split(":")[0]


for slot in plan["slot"]:
    used = sum(item["minutes"] for item in slot["holds"])
    when = f"week {slot['week']}, {slot.get('day', 'at home')}"
    print(f"{when:<18s} {slot['name']:<19s} {used:3d} of {slot['minutes']:3d} min")
    for item in slot["holds"]:
        print(f"{'':38s}{item['minutes']:4d}  {what(item)}")

# %% [markdown]
# The lecture minutes are for presenting and discussing, with the widgets; they assume
# students run cells along. Lecture 6 is split after the chase matrix: light chasing by hand
# ends session 4, the helper, the $100 \times 100$ board and the polynomials start session 5.
# Exercise minutes are for a student working alone: a ★ takes 5–10 minutes, a ★★ 10–20, a
# ★★★ 30–45. The exercise classes hold the exercises students most need help with (3.4,
# their own Gauss–Jordan, is the centrepiece of class B); the ★★ of E4, the ★★★ of E6 and
# E8, and E9 are homework.
#
# Lecture 4's 90 minutes are 75 for the core (the kernel, rank–nullity, the pivot criteria,
# the solvability theorem and the parity checks: proofs to take slowly) and 15 for the
# part headed "Optional" (the exact count over all $2^{25}$ boards, the random experiment and
# the nullity table). When the proofs take longer, leave that part for self-study: nothing
# later depends on it.
#
# ## Assessment
#
# Weights, deadlines (as days of the module until `start` is set) and what is graded, from
# `course.toml`; the syllabus shows students the same table.

# %%
for entry in plan["assessment"]:
    covers = ",".join(str(n) for n in entry["lectures"])
    print(f"{entry['weight']:3d}%  {entry['due']:<18s} L{covers:<18s} {entry['name']}")
print(f"{sum(entry['weight'] for entry in plan['assessment']):3d}%  in all")

# %% [markdown]
# - **Graded assignments** (`make assignment`, nbgrader): one per block of lectures, 10
#   points graded automatically and 3 points for a written proof or explanation, graded by
#   hand with the rubric in the source notebook (`grading/source/<name>/`, also written to
#   `assignment/rubrics/<name>.md`). The automatic points are decided by the teacher-only
#   graders (`grading/graders/`) on cases the students never see, from what each
#   submission's code returns in a sandbox of its own; a student's kernel decides nothing.
#   Each student's boards come from their id, and a notebook handed in under another
#   student's id scores 0. After `python -m grading autograde --feedback`,
#   `assignment/feedback/` holds for each student the graded notebook, where every failed
#   question says what went wrong. The whole semester, from the LMS's archive of
#   submissions to its gradebook, late rules included, is in the README ("Running a graded
#   course"). Moodle's archive and grading worksheet are read as a Moodle in English or
#   简体中文 writes them; an assignment with anonymous submissions (blind marking) needs a
#   worksheet that names the participants, or the identities revealed, as each student's
#   boards come from their id.
# - **Quizzes** (`make quiz` → `quiz/moodle.xml`): import the file into the Moodle question
#   bank (Question bank → Import → Moodle XML). Each lecture is a category and each question
#   template a subcategory holding its variants; add "a random question" from each
#   subcategory to a quiz, so that every student gets their own, equally hard variant. For
#   Canvas, import `quiz/canvas_qti.zip` (Settings → Import course content → QTI .zip file):
#   a quiz per lecture, whose question groups each give every student one variant.
# - **Exam** (`quiz/exam_bank.pdf`, with `quiz/answer_key.pdf`): the same templates, two
#   variants each, printed; choose questions, and give the answer key to the markers.
#
# ## Learning outcomes
#
# After the module a student can (the list is in `course.toml`, which the syllabus reads;
# a test keeps this table in step with it)
#
# | # | outcome | taught in | practised in |
# |---|---------|-----------|--------------|
# | 1 | model a press game as $A\mathbf{x} = \mathbf{b}$ over GF(2) and build $A$ by hand | L1 | E1.1, E1.2, E1.3 |
# | 2 | compute in GF(2), and explain why order and repeats of presses do not matter | L1, L2 | E1.4, E1.5, E2.1, E2.2 |
# | 3 | explain when integer methods (determinant, Cramer) transfer to GF(2) | L2 | E2.3, E2.4, E7.5 |
# | 4 | carry out and program Gauss–Jordan elimination over GF(2), and read off pivots, free columns and $0 = 1$ rows | L3 | E3.1–E3.4 |
# | 5 | describe the kernel, use rank–nullity, decide solvability by parity checks, and give a certificate | L4 | E4.1–E4.9 |
# | 6 | list all solutions as a coset and find a fewest-presses solution exactly | L5 | E5.1–E5.4 |
# | 7 | solve big boards by light chasing and prove the chase bijection | L6 | E6.1–E6.4 |
# | 8 | transfer the method to other rules, graphs and $k$ colours, and know where it breaks ($\mathbb{Z}/4$) | L7 | E7.1–E7.7 |
# | 9 | check a computation independently and write a test that can fail | L8 | E8.1–E8.3 |
# | 10 | bound and compute the worst case of a board size | L9 | E9.1–E9.5 |
#
# ## Misconceptions to expect
#
# - **"Orthogonal" means "at right angles".** Over GF(2) a nonzero vector can be orthogonal to
#   itself (L2), and the quiet patterns of $5 \times 5$ are orthogonal to themselves and to
#   each other (L4). Ask: what is the length of $(1, 1)$ over GF(2)?
# - **Pivot columns vs free columns.** Students read the free *unknowns* off the pivot rows,
#   or count pivots in rows instead of columns. Have them say, for each column of a small
#   RREF, "pivot" or "free" aloud; E3.1 and E3.3 check exactly this.
# - **"The matrix is symmetric, so every board is solvable"** (or "so $A$ is invertible").
#   Symmetry gives $\ker A^{\mathsf T} = \ker A$, nothing more; the $5 \times 5$ matrix is
#   symmetric and singular. E7.3 offers this as a wrong option.
# - **Forgetting that the b column can hold a pivot**, so a $0 = 1$ row seems to appear "below"
#   the elimination. L3 defines the elimination on all columns; E3.4 tests the b column.
# - **Counting presses with multiplicity.** A cell pressed twice is not pressed (E1.4 is a proof
#   with exactly this mistake).
# - **"The kernel is empty" vs "the kernel is $\{\mathbf{0}\}$".** A kernel always contains
#   $\mathbf{0}$; a quiet pattern is a *nonzero* kernel vector (E4.5 rejects the zero pattern).
# - **Trusting one engine.** L8: three engines agreeing is evidence, a certificate or a
#   substitution is proof.
#
# ## Board work
#
# - L1: draw the $3 \times 3$ board with the cells numbered and build two columns of $A$ with
#   the class; let students fill in the rest (E1.1 is the $2 \times 3$ version).
# - L2: the two tables, and $(1, 1) \cdot (1, 1) = 0$.
# - L3: run the $3 \times 4$ system of E2.2 by hand in the augmented form, then project the
#   RowReductionPractice widget and let a student drive it; stop at the first swap of the
#   $5 \times 5$ elimination in the player and ask why.
# - L4: the two quiet patterns of $5 \times 5$ as pictures, and the parity check on one board
#   chosen by the class.
# - L6: chase a $4 \times 4$ board on the board, row by row, with the class calling out the
#   presses (E6.1 is this).
# - L7: the three-line proof of the all-on theorem, then ask what breaks without self-toggling.
# - L9: the integer program for $4 \times 4$ written out with its 16 inequalities; then ask
#   why pressing a quiet pattern on top lets it assume $a_t \le n_t/2$ on four independent
#   types (the answer is the same, from $2^4$ times fewer candidates).
#
# ## Answers to the Try this prompts
#
# ### Lecture 1
#
# 1. Press the plus shape around the centre: cells 2, 4, 5, 6, 8 (1-based, row by row). The
#    centre is toggled five times (odd: it goes off), every other cell exactly twice.
#    It is the only solution, since the $3 \times 3$ toggle matrix is invertible.
# 2. The interior columns have the most 1s (5), the corners the fewest (3), edge cells 4: a
#    column counts the cell and its neighbours.
# 3. Yes: $A$ is tridiagonal, with the 1s on the main diagonal and the two next to it (band
#    width 1 on each side), because a cell of a single row has only a left and a right
#    neighbour.
#
# ### Lecture 2
#
# 1. The same plus shape as in Lecture 1's first prompt: over GF(2) "turn on only the middle"
#    and "switch off the board with only the middle on" are the same equation
#    $A\mathbf{x} = \mathbf{e}_5$.
# 2. In $\mathrm{GF}(2)^4$: $(1, 1, 0, 0)$ and $(0, 0, 1, 1)$. In $\mathrm{GF}(2)^3$ it is
#    impossible: the only nonzero self-orthogonal vectors are $(1,1,0), (1,0,1), (0,1,1)$, and
#    any two of them have inner product 1. (A subspace orthogonal to itself in
#    $\mathrm{GF}(2)^N$ has dimension at most $N/2$.)
# 3. No: galois raises `LinAlgError`, the matrix is singular (rank 12 of 16). So some
#    $4 \times 4$ boards cannot be switched off, and those that can have several solutions.
#
# ### Lecture 3
#
# 1. Step 2 swaps rows 2 and 3: after row 1 was added to row 2, row 2 has a 0 in column 2,
#    so the pivot search goes down to row 3.
# 2. Rank 12 (four free columns, the whole bottom row); a solvable $4 \times 4$ board has
#    $2^4 = 16$ solutions.
# 3. The $A$ part has rank 23, so after eliminating the 25 columns of $A$ rows 24 and 25 of
#    the $A$ part are zero. The $\mathbf{b}$ column is treated like any other: if either of
#    those rows has a 1 there, the first such row becomes the pivot row (row 24, the current
#    row) and the pivot is cleared from every other row, row 25 included. So there is at most
#    one $0 = 1$ row, always row 24, and row 25 reads $0 = 0$.
#
# ### Lecture 4
#
# 1. Solvable: neither quiet pattern presses the centre cell, so each covers the one lit cell
#    0 times, an even number, and both parity checks are 0.
# 2. Symmetric: the $n \times m$ board is the $m \times n$ board turned by 90°, which only
#    renumbers the cells ($A$ changes to $PAP^{\mathsf T}$ for a permutation $P$, with the same
#    rank). The largest nullity for $m, n \le 10$ is 8, at $9 \times 9$.
# 3. The quiet patterns press 12, 12 and 16 cells: all even. The all-on board has
#    $\mathbf{q}\cdot\mathbf{1} = |\mathbf{q}| \bmod 2 = 0$ for each, so it passes both checks
#    (a special case of Lecture 7's theorem).
#
# ### Lecture 5
#
# 1. $2^{12} = 4096$ solvable boards; the largest number of presses needed is 7 (32 boards
#    need it).
# 2. For example `lo.random_board(5, 5, seed=2, solvable=True)`: `all_fewest_presses()`
#    returns two solutions with the same, smallest number of presses.
# 3. About 0.03 s for $d = 16$ in pure Python (it depends on the machine); each extra
#    dimension doubles the time, so $d = 32$ takes $2^{16} = 65\,536$ times as long: about
#    half an hour to an hour.
#
# ### Lecture 6
#
# 1. The $4 \times 4$ chase matrix has nullity 4, so it is the zero matrix: every first row
#    leaves the same last row. A solvable board is therefore cleared by all $2^4 = 16$ first
#    rows (its 16 solutions), an unsolvable one by none.
# 2. Nullity 16. The cell takes well under a second; elimination of the
#    $9801 \times 9801$ matrix would cost about $9801^3 \approx 10^{12}$ bit operations.
# 3. Chasing down the 5 rows of length 7: $C = p_5(T_7)$, with $T_7$ the $7 \times 7$
#    tridiagonal matrix (`lo.chase_matrix(5, 7)` equals `poly_of_matrix(chase_polynomials(5)[5],
#    lo.toggle_matrix(1, 7))`).
#
# ### Lecture 7
#
# 1. $n = 1$: the single press toggles nothing, so it is quiet (nullity 1). $n = 2$: the two
#    diagonals (pressing two opposite corners toggles each other corner twice), nullity 2.
#    $n = 3$: the two diagonals and the "diamond" of the four edge cells, nullity 3.
# 2. For the cube (`lo.cube_graph()`): press one face, e.g. vertices 0, 1, 2, 3: each
#    vertex of that face is toggled by itself and two face neighbours (3 times), each vertex
#    of the opposite face once.
# 3. No: with three colours the all-on $2 \times 2$ board cannot be switched off (the other
#    sizes from 1 to 6 can). The proof used $2 = 0$, true only mod 2.
#
# ### Lecture 8
#
# 1. `CASES["7x7 torus"] = grid_case(7, 7, lo.random_board(7, 7, seed=77), torus=True)` and
#    `CASES["4x6 rule x"] = grid_case(4, 6, np.ones((4, 6)), rule="x")`; all engines agree.
# 2. Replace the test `M[rank, col] == 0` by a search: find a row `p >= rank` with
#    `M[p, col] == 1`, swap it with row `rank`, then clear. No case catches it any more.
# 3. The slope between two points of a line is $k = \Delta\log t / \Delta\log N$. In the run
#    committed with the course, between the two largest sizes: about 2.0–2.2 for our engine
#    (the band: each row operation touches only the words near it), 2.3–2.9 for M4RI (it
#    treats the matrix as dense), about 1.9 for sympy's sparse `DomainMatrix` rank and solve,
#    but a hundred times higher up. A $200 \times 200$ board has $N = 40\,000$, 1.8 times the
#    largest size plotted: extrapolating, about 0.2 s for ours, 0.6 s (rank) to 7 s (solve)
#    for M4RI, half a minute for sympy.
#    Better than any of them: light chasing (lecture 6), a $200$-unknown system, solved in a
#    few milliseconds.
#
# ### Lecture 9
#
# 1. 20: the $4 \times 5$ board has nullity 0, so every board has one solution and pressing
#    all 20 cells makes a board that needs all 20.
# 2. `lo.presses_lower_bound` gives 56 (the parity checks of the quiet patterns, 23 types of
#    cells) against the truth 65: the type bound wins, the counting bound is far below.
# 3. No: the all-on $4 \times 4$ board needs only 4 presses (one in each row and each column,
#    e.g. cells 3, 5, 12, 14), while the hardest $4 \times 4$ boards need 7.
#
# ## Operational notes
#
# - **Memory.** Lecture 4 builds arrays over all $2^{25}$ boards: about 0.4 GB at its peak for
#   a few seconds. On a shared JupyterHub with a 1 GB limit per user, ask students to run that
#   section one at a time or skip it (the result is printed in the stored notebook).
#   Everything else stays below 200 MB.
# - **Slow cells.** The whole course runs in under two minutes on a 2-core laptop. The
#   slowest cells: Lecture 4's enumeration of all $2^{25}$ boards (a few seconds), Lecture 5's
#   distribution of fewest presses (a second), Lecture 9's table of worst cases (a few
#   seconds). Numba compiles the fast kernels on first use and caches them
#   (`~/.cache/numba`); without numba the package falls back to pure Python, slower but
#   with the same answers.
# - **Widgets** run in the browser: they keep working when the kernel is busy, on the static
#   site, and on a projector with no network. A widget cell shows nothing if JavaScript
#   widgets are disabled in the front end (e.g. some VS Code setups): the `print` cells
#   after it still show the same information.
# - **Checkers** run student code with a 5-second limit per call (longer for the chase), and
#   report errors without crashing, so a student can run them as often as they like.
# - **Grading.** `make assignment` builds the four nbgrader assignments (sources, student
#   versions and rubrics) into `assignment/`; `python -m grading autograde` grades
#   every submission copied to `assignment/submitted/<student id>/<name>/` (see Assessment
#   above). Autograding one submission takes a few seconds; 200 students, about ten minutes
#   an assignment.
