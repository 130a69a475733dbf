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
# # Bibliography and sources
#
# Every theorem the course uses, with where it comes from, and the reading for students who
# want more. Each lecture links here. Entries are grouped by topic; the lectures that use an
# entry are named after it.
#
# ## The game as linear algebra
#
# - **M. Anderson and T. Feil**, *Turning Lights Out with Linear Algebra*, Mathematics
#   Magazine 71 (1998), no. 4, 300–303. The toggle matrix, elimination over GF(2), and the
#   quiet patterns of the $5 \times 5$ board. *Lectures 1–5.*
# - The two (Chinese) articles the course started from: *Lights Out in Java: XOR linear
#   systems and Gaussian elimination* (the $5 \times 5$ system, elimination with swaps and
#   XOR, the $0 = 1$ row, fewest presses by enumerating free variables), and *Lights Out and
#   matrices* (the $3 \times 3$ toggle matrix, the kernel, the criterion
#   $\mathbf{b} \perp \ker A^{\mathsf T}$, and the probability $2^{\operatorname{rank} - N}$).
#   *Lectures 1–5.*
# - **Jaap Scherphuis**, *Lights Out*, Jaap's Puzzle Page,
#   <https://www.jaapsch.net/puzzles/lights.htm>: the history of the toy (Tiger Electronics,
#   1995), its variants (Lights Out 2000 with three colours, the torus versions), light
#   chasing as players do it, and many solved boards. *Lectures 1, 6, 7.*
#
# ## Linear algebra over GF(2) and other fields
#
# - Any first course text for rank–nullity, subspaces and the column space; for the
#   adjugate and Cramer's rule, e.g. **G. Strang**, *Introduction to Linear Algebra*
#   (Wellesley–Cambridge Press), the chapter on determinants. *Lectures 2, 4.*
# - **D. C. Lay**, *Linear Algebra and Its Applications* (Pearson), §1.1: row operations
#   keep the solution set of a system. *Lecture 3.*
# - **T. Yuster**, *The reduced row echelon form of a matrix is unique: a simple proof*,
#   Mathematics Magazine 57 (1984), no. 2, 93–94. *Lecture 3.*
# - **S. Axler**, *Linear Algebra Done Right*, 3rd ed. (Springer, 2015): §3.B, the
#   fundamental theorem of linear maps (rank–nullity); §3.F, row rank = column rank and the
#   dimension of the annihilator. Over every field, GF(2) included. *Lecture 4.*
# - **F. J. MacWilliams and N. J. A. Sloane**, *The Theory of Error-Correcting Codes*
#   (North-Holland, 1977), chapter 1: the dual of a binary code of dimension $d$ and length
#   $M$ has dimension $M - d$. *Lecture 4, Exercise 4.8.*
# - For the rational canonical form and the fact that the matrices commuting with a cyclic
#   matrix are its polynomials: **D. S. Dummit and R. M. Foote**, *Abstract Algebra*
#   (Wiley), the chapter on modules over a principal ideal domain. *Lectures 6, 7.*
# - The Smith normal form over $\mathbb{Z}/k$: the same chapter of Dummit and Foote, or
#   **H. Cohen**, *A Course in Computational Algebraic Number Theory* (Springer), §2.4.
#   *Lecture 7.*
# - The Method of the Four Russians: **V. L. Arlazarov, E. A. Dinic, M. A. Kronrod and
#   I. A. Faradzev**, *On economical construction of the transitive closure of an oriented
#   graph*, Soviet Mathematics Doklady 11 (1970), 1209–1210, the tables of row sums; and
#   **M. Albrecht, G. Bard and C. Pernet**, *Efficient dense Gaussian elimination over the
#   finite field with two elements*, arXiv:1111.6549 (2011), M4RI's elimination and its PLE
#   decomposition, whose delayed updates the course's dense engine uses too. *Lecture 8.*
#
# ## The theorems
#
# - **The all-on board is always solvable** (Lecture 7): **K. Sutner**, *Linear cellular
#   automata and the Garden-of-Eden*, The Mathematical Intelligencer 11 (1989), no. 2,
#   49–53. The three-line proof with $\mathbf{y}^{\mathsf T}A\mathbf{y} = \mathbf{y}\cdot
#   \mathbf{1}$ is the standard one.
# - **Chase polynomials and the nullity as a gcd** (Lecture 6): the formula
#   $\dim\ker A = \deg\gcd(p_n(x), p_n(x+1))$ is proved in **M. Hunziker, A. Machiavelo and
#   J. Park**, *Chebyshev polynomials over finite fields and reversibility of σ-automata on
#   square grids*, Theoretical Computer Science 320 (2004), 465–483. The polynomials and the
#   chase matrix appear earlier in Sutner (1989) and in **J. Goldwasser, W. Klostermeyer and
#   G. Trapp**, *Characterizing switch-setting problems*, Linear and Multilinear Algebra 43
#   (1997), 121–135.
# - **Fewest presses is hard in general** (Lecture 5): finding a minimum-weight vector of a
#   coset is maximum-likelihood decoding, NP-hard by **E. R. Berlekamp, R. J. McEliece and
#   H. C. A. van Tilborg**, *On the inherent intractability of certain coding problems*, IEEE
#   Transactions on Information Theory 24 (1978), no. 3, 384–386.
# - **The covering radius is hard to compute** (Lecture 9): **A. McLoughlin**, *The
#   complexity of computing the covering radius of a code*, IEEE Transactions on
#   Information Theory 30 (1984), no. 6, 800–804.
# - **The most clicks problem** (Lecture 9): **W. Boyles**, *The Most Clicks Problem in Lights
#   Out* (2022), which poses the problem and settles the boards of nullity 0 and 2; its
#   table of answers is the one the test suite compares with.
#
# ## Number sequences (the On-Line Encyclopedia of Integer Sequences)
#
# - **OEIS A159257**: the nullity of the $n \times n$ Lights Out toggle matrix,
#   <https://oeis.org/A159257>. *Lectures 4–6, 9;* compared in the test suite for
#   $n \le 60$.
# - **OEIS A075464**: the fewest presses that switch off the all-on $n \times n$ board,
#   <https://oeis.org/A075464>. *Lecture 5;* compared in the test suite for $n \le 30$.
#
# ## Software the course uses and compares with
#
# - **galois** (M. Hostetter), NumPy arrays over finite fields: <https://galois.readthedocs.io>.
#   *Lectures 2, 3, 6, 8.*
# - **SymPy**, `DomainMatrix` over `GF(p)`: <https://www.sympy.org>. *Lectures 2, 3, 8.*
# - **M4RI** (M. Albrecht, G. Bard), dense linear algebra over GF(2) with the Method of the
#   Four Russians: <https://github.com/malb/m4ri>. *Lecture 8 and the benchmarks.*
# - **ldpc** (J. Roffe), GF(2) linear algebra on sparse matrices for error-correcting codes:
#   <https://github.com/quantumgizmos/ldpc>; **python-flint**, Python bindings of the FLINT
#   number theory library: <https://github.com/flintlib/python-flint>. *Lecture 8 and the
#   benchmarks.*
# - **SciPy** `scipy.optimize.milp` (HiGHS) for the integer programs of Lecture 9.
# - **anywidget** for the widgets that run in the browser.
#
# ## Colours
#
# - **M. Okabe and K. Ito**, *Color Universal Design (CUD): how to make figures and
#   presentations that are friendly to colorblind people* (2008): the palette of every
#   picture and widget.
