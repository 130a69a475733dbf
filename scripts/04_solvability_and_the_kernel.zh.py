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
# # 第 4 讲——可解性与核
#
# **本讲内容**
#
# - 切换矩阵的核：*静默模式*，即什么也不改变的按键组合；
# - 秩 + 零化度 = 格子数，它的证明，以及它对 $5\times5$ 游戏意味着什么（秩 23，零化度 2，只要有解就恰好有 4 个解）；
# - 究竟哪些棋盘可解：$\mathbf{b}$ 必须与 $\ker(A^{\mathsf T})$ 正交，而对点灯游戏（Lights Out）来说它就是 $\ker(A)$；以及这个定理背后关于维数的事实；
# - $5\times5$ 棋盘的两个奇偶校验；
# - 两条主元判据：每一行都有主元，意味着每个棋盘都可解；每一列都有主元，意味着至多有一个解；
# - 为什么在所有 $5 \times 5$ 棋盘中恰好有 $1/4$ 可解（在选学部分中还会用精确计数和随机实验来验证，并看看随着 $n$ 增大，$n\times n$ 棋盘的零化度如何忽大忽小地跳动）。
#
# **预备知识**：第 1–3 讲，特别是主元列与自由列、第 3 讲的两个定理（行变换不改变解；行最简形（RREF）是唯一的，且主元列构成列空间的一组基），以及第 2 讲中有限域 GF(2) 上的内积。线性代数入门课程中的子空间、基与维数。秩-零化度定理在本讲中由 RREF 证明；所有证明都没有用到实数的任何性质，因此在 GF(2) 上同样成立。

# %%
import galois
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## 什么也不改变的按键
#
# > **定义（核、零化度）。** $A$ 的*核*（零空间）是
# > $\ker(A) = \{\mathbf{x} : A\mathbf{x} = \mathbf{0}\}$。它是一个子空间；它的维数称为 $A$ 的*零化度*。
#
# > **定义（静默模式）。** *静默模式*是一个非零的按键集合
# > $\mathbf{q} \in \ker(A)$：按下它，每盏灯都被切换偶数次，因此棋盘完全不变。
#
# 每个自由列都给出一个核向量，做法如下。设 $R$ 是 $A$ 的 RREF，主元位于第 $p_1 < p_2 < \dots < p_r$ 列，其余的列是自由列，它们组成集合 $F$。由第 3 讲，$A\mathbf{x} = \mathbf{0}$ 与 $R\mathbf{x} =
# \mathbf{0}$ 的解相同。$R$ 的第 $i \le r$ 行在第 $p_i$ 列是主元 1，在其他主元列上都是 0，在自由列上的元素是 $R_{i,f}$，所以这一行就是方程
#
# $$
# x_{p_i} + \sum_{f \in F} R_{i,f}\,x_f = 0
# \quad\Longleftrightarrow\quad
# x_{p_i} = \sum_{f \in F} R_{i,f}\,x_f
# $$
#
# （在 GF(2) 上，把一项移到等号另一边不会改变任何东西）；零行说的只是 $0 = 0$。因此自由未知数可以任意选取，选定之后主元未知数也就确定了。对 $5\times5$ 棋盘，第 3 讲求得 $p_i = i$（主元在第 1 到 23 列），$F = \{24, 25\}$，所以方程为 $x_i = R_{i,24}\,x_{24} + R_{i,25}\,x_{25}$。先取 $(x_{24}, x_{25}) = (1, 0)$，再取 $(0, 1)$，其余分量直接读出即可。下面的代码不假定主元在哪里，而是使用主元列表。

# %%
A = lo.toggle_matrix(5, 5)
elimination = lo.eliminate(A)
R, pivots = elimination.rref, list(elimination.pivots)
free = [c for c in range(25) if c not in pivots]
print("第 1 到 23 列都有主元：", pivots == list(range(23)))
print("自由列（从 1 数起）：", [c + 1 for c in free])


def kernel_vector(f):
    """The kernel vector with free unknown f equal to 1 and the other free unknowns 0."""
    q = np.zeros(25, dtype=np.uint8)
    q[f] = 1
    for i, p in enumerate(pivots):
        q[p] = R[i, f]  # x_p = sum of R[i, g] x_g over the free g, and only x_f = 1
    return q


kernel_by_hand = np.array([kernel_vector(f) for f in free])
for f, q in zip(free, kernel_by_hand, strict=True):
    print(f"x{f + 1} = 1，另一个自由未知数为 0：  A q = 0 为", not (A @ q % 2).any())

# %% [markdown]
# 本包用 `lo.null_space` 计算核的一组基，`lo.solve_board` 则给出该尺寸棋盘的静默模式。基不是唯一的，所以我们比较的是**空间**：两组基的 RREF 必须相同。

# %%
basis = lo.null_space(A)
print("零化度：", len(basis))
print("与手算的空间相同：", np.array_equal(lo.rref(basis)[0], lo.rref(kernel_by_hand)[0]))

quiet = lo.solve_board(np.zeros((5, 5), dtype=np.uint8)).quiet_patterns
print("solve_board 给出的静默模式：", quiet.shape)

# %%
q1, q2 = quiet
patterns = [q1, q2, q1 ^ q2]
titles = ["静默模式 1", "静默模式 2", "它们的和"]
lo.draw_boards(
    [np.zeros((5, 5), dtype=np.uint8)] * 3,
    presses=patterns,
    titles=[f"{t}：按 {int(q.sum())} 下" for t, q in zip(titles, patterns, strict=True)],
    title="5x5 棋盘的三个非零静默模式（圆点 = 按键）",
    size=3.0,
)
plt.show()

# %% [markdown]
# 在任意棋盘上按下其中任何一个，都什么也不会发生：

# %%
board = lo.random_board(5, 5, seed=11)
print(
    "每个静默模式都不改变棋盘：",
    [bool(np.array_equal(lo.press(board, q), board)) for q in patterns],
)

# %% [markdown]
# ## 秩 + 零化度 = 格子数
#
# > **定理（秩-零化度）。** 对任意有 $N$ 列的矩阵 $A$，无论在 GF(2) 上还是在其他任何域上，都有 $\operatorname{rank}(A) + \operatorname{nullity}(A) = N$。（S. Axler，*Linear Algebra Done Right*（《线性代数应该这样学》），第 3 版，Springer 2015，§3.B：线性映射基本定理。）
#
# *证明。* 秩 $r$ 是主元列的个数，所以自由列有 $N - r$ 个。对每个自由列 $f$，令 $\mathbf{v}_f$ 为上面构造的核向量：在 $f$ 处为 1，在其他自由列处为 0，在主元列 $p_i$ 处为 $R_{i,f}$。这 $N - r$ 个向量构成 $\ker(A)$ 的一组基：
#
# - *线性无关。* 在和 $\sum_{f \in F} c_f\,\mathbf{v}_f$ 中，自由列 $f$ 处的分量是 $c_f$，因为只有 $\mathbf{v}_f$ 在那里非零。所以如果这个和等于 $\mathbf{0}$，那么每个 $c_f = 0$。
# - *张成。* 设 $\mathbf{x} \in \ker(A)$，令 $\mathbf{y} = \mathbf{x} - \sum_{f \in F}
#   x_f\,\mathbf{v}_f$。那么 $\mathbf{y}$ 也在核中（核是子空间），并且在每个自由列处都为 0。于是方程 $y_{p_i} = \sum_f R_{i,f}\,y_f$ 给出 $y_{p_i} = 0$：$\mathbf{y} = \mathbf{0}$，因此 $\mathbf{x} = \sum_f x_f\,\mathbf{v}_f$。
#
# 所以零化度为 $N - r$。（在其他域上，方程写作 $x_{p_i} = -\sum_f
# R_{i,f}\,x_f$，其余都不变。）$\square$
#
# 对 $5 \times 5$ 棋盘，$23 + 2 = 25$：核有 $2^2 = 4$ 个元素，即 $\mathbf{0}$ 和上面的三个模式。下面选学部分中的精确计数证实了这一点：在全部 $2^{25}$ 个按键集合中，恰好有 4 个让全暗的棋盘保持全暗。
#
# > **推论（全部解）。** 若 $A\mathbf{x} = \mathbf{b}$，则 $A\mathbf{x}' = \mathbf{b}$ 的解恰好是所有形如 $\mathbf{x}' = \mathbf{x} +
# > \mathbf{q}$ 的向量，其中 $\mathbf{q} \in \ker(A)$；不同的 $\mathbf{q}$ 给出不同的解。
#
# *证明。* 若 $A\mathbf{q} = \mathbf{0}$，则 $A(\mathbf{x} + \mathbf{q}) = \mathbf{b} +
# \mathbf{0} = \mathbf{b}$。反过来，若 $A\mathbf{x}' = \mathbf{b}$，则
# $\mathbf{q} = \mathbf{x}' - \mathbf{x}$ 满足 $A\mathbf{q} = \mathbf{b} - \mathbf{b} =
# \mathbf{0}$，所以两个解相差一个核向量，且 $\mathbf{x}' = \mathbf{x} +
# \mathbf{q}$。$\square$
#
# 所以一个可解的 $5\times5$ 棋盘**恰好有 4 个解**，不多也不少（第 5 讲会把它们全部列出，并找出最短的那个）。

# %%
lo.QuickQuestion("solution_count")

# %% [markdown]
# ## 两条主元判据
#
# $A\mathbf{x} = \mathbf{b}$ 是否可解、有几种解法，都可以从 $A$ 的 RREF $R$ 中主元的位置读出来。
#
# > **定理（主元判据）。** 设 $A$ 有 $M$ 行、$N$ 列。
# >
# > 1. $A$ 的**每一行**都有主元（秩为 $M$）$\iff$ 对**每个** $\mathbf{b}$，$A\mathbf{x} = \mathbf{b}$ 都可解。
# > 2. $A$ 的**每一列**都有主元（秩为 $N$）$\iff$ 对每个 $\mathbf{b}$，$A\mathbf{x} = \mathbf{b}$ **至多**有一个解。
#
# *证明。* 1. 对 $[A \mid \mathbf{b}]$ 做消元。如果 $R$ 的每一行都有主元，就没有哪一行会是 $0 = 1$，所以有解（第 3 讲）。如果 $R$ 的第 $M$ 行是零行，就取那个被消元变成 $\mathbf{e}_M$ 的右端：把这些行变换按相反的顺序在 $\mathbf{e}_M$ 上撤销。于是第 $M$ 行是 $0 = 1$，这个 $\mathbf{b}$ 无解。2. 每一列都有主元，意味着没有自由列，由秩–零化度定理，零化度为 $N - N = 0$；而由推论，两个解相差一个核中的向量，这个向量只能是 $\mathbf{0}$。如果某一列是自由列，核中就有一个非零的 $\mathbf{q}$，于是 $\mathbf{b} = \mathbf{0}$ 有 $\mathbf{0}$ 和 $\mathbf{q}$ 两个解。$\square$
#
# 对方阵（$M = N$），两条判据说的是同一件事：秩为 $N$。把它们用在第 3 讲的棋盘上。$3 \times 3$ 切换矩阵在 9 行 9 列中有 9 个主元：每个棋盘都可解，而且解唯一。$5 \times 5$ 的切换矩阵在 25 行 25 列中只有 23 个主元：第 24 行和第 25 行没有主元，所以**有些**棋盘不可解（第 3 讲的 $0 = 1$）；第 24 列和第 25 列没有主元，所以一个可解的棋盘有**不止一个**解（由推论，恰好四个）。

# %%
for n in (3, 5):
    e_n = lo.eliminate(lo.toggle_matrix(n, n))
    print(
        f"{n}x{n}：{n * n} 行、{n * n} 列中有 {e_n.rank} 个主元；"
        f"每个棋盘都可解：{e_n.rank == n * n}，至多一个解：{e_n.rank == n * n}"
    )

# %%
lo.QuickQuestion("pivot_criteria")

# %% [markdown]
# ## 哪些棋盘可解？
#
# 如果存在某个 $\mathbf{x}$ 使 $\mathbf{b} = A\mathbf{x}$，也就是说 $\mathbf{b}$ 位于列空间 $\operatorname{col}(A)$ 中，那么棋盘 $\mathbf{b}$ 就是可解的。下面是一个不需要消元的判别法。
#
# > **定理（可解性）。** $A\mathbf{x} = \mathbf{b}$ 有解，当且仅当对每个 $\mathbf{y} \in \ker(A^{\mathsf T})$ 都有 $\mathbf{y}\cdot\mathbf{b} = 0$。
#
# *必要性（“仅当”）。* 若 $\mathbf{b} = A\mathbf{x}$ 且 $A^{\mathsf T}\mathbf{y} = \mathbf{0}$，则 $\mathbf{y}\cdot\mathbf{b} = \mathbf{y}^{\mathsf T}A\mathbf{x}
# = (A^{\mathsf T}\mathbf{y})^{\mathsf T}\mathbf{x} = 0$。
#
# *充分性（“当”）。* 它依赖于关于维数的三个事实。设 $A$ 有 $M$ 行、$N$ 列，秩为 $r$（对棋盘来说 $M = N$）。
#
# 1. **$\dim \operatorname{col}(A) = r$。** $A$ 的主元列构成它的列空间的一组基（第 3 讲，由 RREF 的唯一性得出）。
# 2. **$\operatorname{rank}(A^{\mathsf T}) = r$，因此 $\dim\ker(A^{\mathsf T}) = M - r$。** 行变换把一行换成若干行之和，并且可以撤销，所以 $A$ 与 $R$ 的行空间相同。$R$ 的 $r$ 个非零行线性无关：第 $i$ 行是唯一在第 $p_i$ 列为 1 的行，所以其中若干行之和，在所用每一行的主元列上都是 1。因此 $\dim \operatorname{row}(A) = r$。$A$ 的行空间就是 $A^{\mathsf T}$ 的列空间，所以对 $A^{\mathsf T}$ 应用事实 1，它的秩也是 $r$（“行秩 = 列秩”；Axler，§3.F）；再对 $N \times M$ 矩阵 $A^{\mathsf T}$ 应用秩-零化度定理，就得到 $\dim\ker(A^{\mathsf T}) = M - r$。
# 3. **$\dim W^{\perp} = M - \dim W$**，对 $\mathrm{GF}(2)^M$ 的每个子空间 $W$ 都成立，其中
#    $W^{\perp} = \{\mathbf{b} : \mathbf{w}\cdot\mathbf{b} = 0 \text{ for all }
#    \mathbf{w} \in W\}$。在 GF(2) 上这一点需要小心：$W$ 与 $W^{\perp}$ 可能有公共的非零向量（第 2 讲：一个向量可以与自身正交），所以实数情形下的证明（“$W$ 与 $W^\perp$ 合起来构成整个空间”）在这里行不通。但这个事实在任何域上依然成立：在编码理论中，它说的是维数为 $d$、长度为 $M$ 的码，其对偶码的维数为 $M - d$（F. J. MacWilliams 与 N. J. A. Sloane，*The Theory of Error-Correcting Codes*，North-Holland 1977，第 1 章；任意域上的情形见 Axler §3.F，零化子的维数）。它的证明是[练习 4.8](exercises/E4_kernel.zh.ipynb)。
#
# 下面给出证明。由“仅当”那一半，$\operatorname{col}(A) \subseteq
# \ker(A^{\mathsf T})^{\perp}$。由事实 2 和 3，右边的维数是 $M - (M - r) =
# r$；由事实 1，左边的维数也是如此。一个子空间如果包含在另一个同维数的子空间里，就等于后者（较小者的一组基是 $r$ 维空间中的 $r$ 个线性无关向量，因此也张成这个空间）。所以 $\operatorname{col}(A) = \ker(A^{\mathsf T})^{\perp}$：可解的棋盘恰好是与 $\ker(A^{\mathsf T})$ 正交的那些。$\square$
#
# 在一个既不是方阵也不对称的矩阵上检验这一切：一个秩至多为 4 的 $6 \times 9$ 矩阵（一个 $6 \times 4$ 矩阵与一个 $4 \times 9$ 矩阵的乘积）。右端只有 $2^6$ 种，所以我们可以对每一种都检验这个定理。由主元判据，主元个数少于行数，就必然有某些右端无解；主元个数少于列数，就没有哪个解是唯一的。

# %%
rng = np.random.default_rng(4)
B = rng.integers(0, 2, (6, 4), dtype=np.uint8) @ rng.integers(0, 2, (4, 9), dtype=np.uint8) % 2
r = lo.rank(B)
Y = lo.left_null_space(B)  # a basis of ker(B^T), one vector per row
print(f"秩 B = {r}，  秩 B^T = {lo.rank(B.T)}")
print(f"每一行都有主元：{r == 6}，  每一列都有主元：{r == 9}")
print(f"dim ker B = {len(lo.null_space(B))} = 9 - {r}，而 dim ker B^T = {len(Y)} = 6 - {r}")
rights = [np.array(bits, dtype=np.uint8) for bits in np.ndindex(*(2,) * 6)]
reached = {tuple(B @ np.array(x, dtype=np.uint8) % 2) for x in np.ndindex(*(2,) * 9)}
passing = [c for c in rights if not (Y @ c % 2).any()]
print(f"col B 中的向量：{len(reached)} = 2^{r}")
print(f"与 ker B^T 正交的向量：{len(passing)} = 2^(6 - {len(Y)})")
print(
    "B x = c 可解 <=> c 与 ker B^T 正交，对全部 64 个 c：",
    all((lo.solve(B, c) is not None) == (not (Y @ c % 2).any()) for c in rights),
)

# %% [markdown]
# 对点灯游戏来说，$A$ 是**对称的**（第 1 讲），所以 $A^{\mathsf T} = A$，$\ker(A^{\mathsf T}) = \ker(A)$：**静默模式同时也是可解性的检验。**

# %%
print("A 对称：", np.array_equal(A, A.T))
print(
    "ker(A^T) = ker(A)：",
    np.array_equal(lo.rref(lo.left_null_space(A))[0], lo.rref(lo.null_space(A))[0]),
)

# %% [markdown]
# ## $5 \times 5$ 棋盘的两个奇偶校验
#
# 核的维数是 2，而 $\mathbf{q}_1, \mathbf{q}_2$ 是两个不同的非零核向量。在 GF(2) 上，这就保证了它们线性无关（它们的线性组合只有 $\mathbf{0}$、$\mathbf{q}_1$、$\mathbf{q}_2$ 和 $\mathbf{q}_1 + \mathbf{q}_2$，其中只有第一个是 $\mathbf{0}$），因此它们构成 $\ker(A) = \ker(A^{\mathsf T})$ 的一组基。一个棋盘只要与一组基正交，就与整个核正交，所以 $5\times5$ 棋盘可解，当且仅当
#
# $$
# \mathbf{q}_1 \cdot \mathbf{b} = 0 \quad\text{and}\quad \mathbf{q}_2 \cdot \mathbf{b} = 0,
# $$
#
# 也就是说：**静默模式 1 的圆点下亮着的灯有偶数盏，静默模式 2 的圆点下亮着的灯也有偶数盏。** 用两种方法检查一些随机棋盘（预计大约每四块中有一块可解）：

# %%
def parity_checks(board):
    """The inner products q . b over GF(2), one per quiet pattern."""
    return [int((q & board).sum() % 2) for q in quiet]


for seed in range(8):
    b = lo.random_board(5, 5, seed=seed)
    print(
        f"种子 {seed}：奇偶校验 {parity_checks(b)}，"
        f"消元判定可解：{lo.solve_board(b).solvable}"
    )

# %% [markdown]
# 当棋盘无解时，`solve_board` 会在 `.certificate` 中给出一个不通过的校验，即一个证书：满足 $A^{\mathsf T}\mathbf{y} = \mathbf{0}$ 且 $\mathbf{y}\cdot\mathbf{b} = 1$ 的向量 $\mathbf{y}$，它是“无解”的一个简短证明。

# %%
bad = lo.random_board(5, 5, seed=1)
certificate = lo.solve_board(bad).certificate
lit_under = int((certificate & bad).sum())
lo.draw_board(
    bad, presses=certificate, title=f"圆点下有 {lit_under} 个亮着的格子：奇数，所以不可解"
)
plt.show()

# %%
lo.QuickQuestion("certificate")

# %% [markdown]
# 第 2 讲中的一个有趣现象：每个静默模式的按键数都是偶数，两个模式共有的格子数也是偶数，所以这些模式与自身正交，彼此之间也正交。因此，把一个静默模式当作一块亮灯的棋盘，它能通过两个校验：**它是可解的**。

# %%
v1, v2 = q1.reshape(-1), q2.reshape(-1)  # the patterns as vectors
print("q1.q1, q1.q2, q2.q2 =", int(v1 @ v1 % 2), int(v1 @ v2 % 2), int(v2 @ v2 % 2))
print("把静默模式 1 当作棋盘，它可解：", lo.solve_board(q1).solvable)

# %% [markdown]
# ## 四块棋盘中有一块可解
#
# 按键遍历了全部 $2^{25}$ 个按键集合，却只能到达列空间，而列空间只有 $2^{\operatorname{rank}} = 2^{23}$ 个棋盘。如果每个棋盘出现的可能性相同，那么
#
# $$
# P(\text{solvable}) = \frac{2^{\operatorname{rank}}}{2^{N}} = 2^{\operatorname{rank} - N}
# = 2^{-\operatorname{nullity}} = 2^{-2} = \frac14 .
# $$
#
# ## 选学：四个棋盘中有一个，计数与模拟
#
# 本讲余下的部分用计算机验证今天的定理，并看看更大的棋盘。后面的内容都不依赖于它：课上时间紧时可以跳过，课后再自己回来看。
#
# ### 精确计算：把 $2^{25}$ 个按键集合全部按一遍
#
# 把棋盘存为一个 25 位整数（第 $i$ 位 = 灯 $i$）。从只含一个按键集合 $\{\}$ 的列表开始，每处理一个格子，列表长度就翻一倍：原来的棋盘，再加上原来的棋盘与该格子所在列相加（异或）的结果。处理完 25 个格子后，我们就得到了每个按键集合产生的棋盘，再数一数其中有多少个不同的。（这大约需要一秒钟和几百 MB 内存。）

# %%
column_bits = (A.astype(np.uint32) << np.arange(25, dtype=np.uint32)[:, None]).sum(axis=0)
reachable = np.zeros(1, dtype=np.uint32)
for column in column_bits.astype(np.uint32):
    reachable = np.concatenate([reachable, reachable ^ column])

is_solvable = np.zeros(2**25, dtype=bool)
is_solvable[reachable] = True
print(f"试过的按键组合：{len(reachable):>10,}")
n_reached = int(is_solvable.sum())
print(f"不同的棋盘：    {n_reached:>10,}  = 2^{np.log2(n_reached):.0f}")
print(f"占全部 2^25 个棋盘的比例：{is_solvable.mean()}")
print("让全暗棋盘保持全暗的按键组合（核）：", int((reachable == 0).sum()))
del reachable

# %% [markdown]
# 同样的枚举一次性对**全部** $2^{25}$ 个棋盘证明了奇偶校验判别法：一个棋盘能通过两个校验，当且仅当它被到达过。

# %%
all_boards = np.arange(2**25, dtype=np.uint32)
checks_pass = np.ones(2**25, dtype=bool)
for q in quiet:
    mask = np.uint32((q.reshape(-1).astype(np.uint32) << np.arange(25, dtype=np.uint32)).sum())
    checks_pass &= np.bitwise_count(all_boards & mask) % 2 == 0
print(
    "通过奇偶校验 <=> 可解，对每个 5x5 棋盘：",
    np.array_equal(checks_pass, is_solvable),
)
del all_boards, checks_pass, is_solvable

# %% [markdown]
# ### 实验：随机棋盘
#
# 随机生成棋盘（每盏灯以 1/2 的概率亮，随机种子固定），并逐个用消元求解。可解棋盘的累计比例会稳定在 $1/4$ 附近。
#
# 阴影带是 $\tfrac14 \pm 1.96\sqrt{\tfrac14\cdot\tfrac34/n}$。试过 $n$ 块棋盘后，其中可解棋盘的个数服从二项分布；当 $n$ 很大时，它近似服从均值为 $n/4$、方差为 $n \cdot \tfrac14 \cdot \tfrac34$ 的正态分布。因此在**每个固定的** $n$ 处，比例大约有 95% 的概率落在带内。有两点需要如实说明：这只是正态*近似*（对前几十块棋盘相当粗糙）；而且它是*逐点*成立的，一次只针对一个 $n$。跟踪单次实验在所有 $n$ 上的走势，预计它会时不时跑出带外；这并不矛盾。

# %%
rng = np.random.default_rng(2024)
n_trials = 4000
solvable = np.array(
    [lo.solve(A, rng.integers(0, 2, 25, dtype=np.uint8)) is not None for _ in range(n_trials)]
)
running = np.cumsum(solvable) / np.arange(1, n_trials + 1)
print(f"可解：{solvable.sum()} / {n_trials} = {solvable.mean():.3f}")

fig, ax = plt.subplots(figsize=(7, 3.5))
trials = np.arange(1, n_trials + 1)
band = 1.96 * np.sqrt(0.25 * 0.75 / trials)  # at each number of trials alone: 95% of runs
ax.fill_between(
    trials,
    0.25 - band,
    0.25 + band,
    color="tab:red",
    alpha=0.12,
    label="逐点 95% 区间带（正态近似）",
)
ax.plot(trials, running, label="到目前为止可解的比例")
ax.axhline(0.25, color="tab:red", linestyle="--", label="精确值 1/4")
ax.set_xscale("log")
ax.set_ylim(0, 0.6)
ax.set_xlabel("随机 5x5 棋盘的个数")
ax.set_ylabel("可解的比例")
ax.set_title("5x5 棋盘 P(可解) 的蒙特卡罗估计")
ax.legend()
plt.show()

# %% [markdown]
# ## 选学：$n \times n$ 棋盘的零化度
#
# $5\times5$ 棋盘并不典型。对 $n\times n$ 棋盘，零化度（以及随之而来的、随机棋盘可解的概率 $2^{-\text{nullity}}$）会忽大忽小地跳动。`lo.rank` 使用快速的位压缩消元，所以算出直到 $30\times30$（一个 $900\times900$ 矩阵）的所有棋盘，总共远不到一秒。

# %%
sizes = np.arange(1, 31)
nullities = np.array([n * n - lo.rank(lo.toggle_matrix(n, n)) for n in sizes])


def table_row(n):
    d = nullities[n - 1]
    return f"{n:2d}  {d:7d}  {'1' if d == 0 else f'1/{2**d}':>11}"


print(" n   零化度      P(可解)   |   n   零化度      P(可解)")
for n in range(1, 16):
    print(f"{table_row(n)}   |  {table_row(n + 15)}")

# %%
fig, ax = plt.subplots(figsize=(9, 3.8))
bars = ax.bar(sizes, nullities, color="#1d3557", label="零化度 > 0：存在静默模式")
ax.bar_label(bars, labels=[str(d) if d else "" for d in nullities], padding=2)
zero = nullities == 0
ax.plot(
    sizes[zero],
    nullities[zero],
    "o",
    color="#9aa5b1",
    label="零化度 0：每个棋盘都可解，且解唯一",
)
ax.set_xticks(sizes)
ax.set_ylim(-1, nullities.max() + 3)
ax.set_xlabel("棋盘大小 n（n x n 棋盘）")
ax.set_ylabel("A 的零化度")
ax.set_title("n x n 点灯游戏切换矩阵的零化度")
ax.legend(loc="upper left")
plt.show()

# %% [markdown]
# 大多数尺寸的零化度为 0：每个棋盘都可解，而且解是唯一的。其余尺寸有静默模式，有时还非常多：$19\times19$ 棋盘的零化度为 16，所以在 $2^{16} = 65\,536$ 块棋盘中只有一块能被全部关掉。第 6 讲（追灯法）会解释这些数字从何而来，并且能快得多地把它们算出来。
#
# 最后再检验一次我们的结果：在前十个尺寸上，galois 的结果与我们一致：

# %%
GF2 = galois.GF(2)
print(
    "n = 1..10 时 galois 结果一致：",
    all(
        n * n - np.linalg.matrix_rank(GF2(lo.toggle_matrix(n, n))) == nullities[n - 1]
        for n in range(1, 11)
    ),
)

# %% [markdown]
# ## 动手练
#
# 选一个有静默模式的棋盘尺寸（试试 $2\times3$、像 $5\times7$ 这样的长方形，或者 $9\times9$），看看它的静默模式。（$4 \times 4$ 棋盘留给你在练习 4.5 中自己去找。）

# %%
rows, cols = 9, 9
patterns_here = lo.solve_board(np.zeros((rows, cols), dtype=np.uint8)).quiet_patterns
print(f"{rows}x{cols}：零化度 {len(patterns_here)}")
if len(patterns_here):
    lo.draw_boards(
        [np.zeros((rows, cols), dtype=np.uint8)] * min(len(patterns_here), 12),
        presses=list(patterns_here[:12]),
        titles=[f"静默模式 {k + 1}" for k in range(min(len(patterns_here), 12))],
        title=f"{rows}x{cols} 棋盘静默模式的一组基",
    )
    plt.show()

# %% [markdown]
# ## 小结
#
# - $A$ 的核由**静默模式**组成：什么也不改变的按键组合。RREF 的每个自由列给出一个基向量（它们线性无关，并且张成核）；秩 + 零化度 = $N$。
# - 同一棋盘的两个解相差一个静默模式。$5\times5$ 棋盘：秩 23，零化度 2，三个静默模式，只要有解就恰好有 4 个解。
# - $A\mathbf{x} = \mathbf{b}$ 可解当且仅当 $\mathbf{b} \perp \ker(A^{\mathsf T})$：证明靠比较维数，即 $\dim\operatorname{col}(A) = r$、$\dim\ker(A^{\mathsf T}) =
#   M - r$ 以及 $\dim W^\perp = M - \dim W$。$A$ 是对称的，所以 $\ker(A^{\mathsf T}) =
#   \ker(A)$：静默模式就是奇偶校验。
# - 每一行都有主元 $\iff$ 每个 $\mathbf{b}$ 都可解；每一列都有主元 $\iff$ 至多一个解。$5\times5$ 棋盘两者都不满足。
# - $P(\text{solvable}) = 2^{\operatorname{rank} - N} = 2^{-\text{nullity}}$：对 $5\times5$ 棋盘为 $1/4$，这已（在选学部分中）在全部 $2^{25}$ 个棋盘上得到确认，也得到了实验的印证。
#
# **试一试**
#
# 1. 只有**中心**一盏灯亮的 $5\times5$ 棋盘可解吗？先用两个奇偶校验做出判断，再去问 `lo.solve_board`。
# 2. 把 $1 \le m, n \le 10$ 时 $m\times n$ 棋盘的零化度列成一张表。这张表关于 $m$ 和 $n$ 对称吗？为什么？哪些长方形的零化度最大？
# 3. 只利用每个静默模式中的按键数，证明**所有**灯都亮的 $5\times5$ 棋盘是可解的。
#
# **练习**：[练习 4——可解性与核](exercises/E4_kernel.zh.ipynb)：判定四个棋盘（★）、一个零化度（★）、数可解的棋盘（★）、一个不可解性的证书（★★）、静默模式的一组基（★★）、一个概率（★★）、$3 \times n$ 棋盘中的一个规律（★★）、事实 3 的证明（★★），以及一个有坏按钮、因而 $A$ 不是方阵的棋盘（★★★）。
#
# **下一讲**：[第 5 讲——全部解与最少按键](05_all_solutions_and_fewest_presses.zh.ipynb)将列出一个 $5\times5$ 棋盘的全部四个解，并找出最短的那个。
# 参考资料与延伸阅读：见[参考文献](reference/bibliography.zh.ipynb)。
