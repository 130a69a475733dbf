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
# # 第 9 讲 — 一个棋盘最多需要按几次？
#
# **本讲内容**
#
# - 一种棋盘尺寸的*最坏情形*：该尺寸下任何可解棋盘最多需要按几次；
# - 为什么切换矩阵可逆时它等于格子数，为什么静默模式会让它变小：它是核的*覆盖半径*；
# - 通过逐一计数所有棋盘得到小棋盘的精确答案，以及完全不需要搜索的下界；
# - *格子类型*，以及一个*整数规划*：它能证明大到根本无法逐一计数的棋盘的最坏情形；
# - 一个完全不需要搜索的上界（一个平均值，再用奇偶性加强），以及在*沃尔什变换域*中搜索得到的困难棋盘；
# - 已知的结果、一个不可能正确的已发表数值，以及仍未解决的问题。
#
# **预备知识**：可解性与核（第 4 讲），陪集、重量，以及借助沃尔什-哈达玛变换（Walsh–Hadamard transform）的最少按键搜索（第 5 讲）。整数规划和局部搜索是新内容：我们说明它们做什么，并使用它们；求解器内部如何工作，则是另一门课的内容。

# %%
import json
from math import comb
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## 问题
#
# 第 5 讲发现，全亮的 $5 \times 5$ 棋盘需要按 15 次，而且没有哪个可解的 $5 \times 5$ 棋盘需要更多次。这背后有规律吗？对于有 $N = mn$ 个格子的 $m \times n$ 棋盘，令
#
# $$
# \mathrm{worst}(m, n) = \max_{\mathbf{b}\ \text{solvable}}\ \ \min_{A\mathbf{x} = \mathbf{b}} |\mathbf{x}| ,
# $$
#
# 即一个可解棋盘最多可能需要的按键次数。（W. Boyles 称之为 *most clicks problem*，即“最多点击问题”。）
#
# **当 $A$ 可逆时**，答案是 $N$。每个棋盘都恰好有一个解，所以按下每个格子得到的棋盘 $\mathbf{b} = A\mathbf{1}$ 只能通过按下每个格子来解。在 $3 \times 3$ 棋盘上：

# %%
dark = np.zeros((3, 3), dtype=np.uint8)
everything = np.ones((3, 3), dtype=np.uint8)
hardest_3x3 = lo.press(dark, everything)
only = lo.solve_board(hardest_3x3)
print(lo.format_board(hardest_3x3))
print("解的个数：", only.solution_count, " 所需按键数：", int(only.fewest_presses().sum()))

# %% [markdown]
# ## 静默模式让棋盘变容易
#
# 若核 $K = \ker A$ 的维数为 $d > 0$，则一个可解棋盘有 $2^d$ 个解 $\mathbf{x} + K$（第 5 讲），它需要的按键次数就是其中最轻的解的重量。用 $\operatorname{dist}(\mathbf{u}, \mathbf{v}) = |\mathbf{u} + \mathbf{v}|$ 表示两个按键模式不同的格子个数（即*汉明距离*）。于是
#
# $$
# \min_{\mathbf{q} \in K} |\mathbf{x} + \mathbf{q}| = \min_{\mathbf{q} \in K}
# \operatorname{dist}(\mathbf{x}, \mathbf{q}) = \operatorname{dist}(\mathbf{x}, K) ,
# $$
#
# 也就是 $\mathbf{x}$ 到最近的静默模式（或到 $\mathbf{0}$）的距离。
#
# > **定义（覆盖半径）。** 子空间 $K \subseteq \mathrm{GF}(2)^N$ 的*覆盖半径*是 $\rho(K) = \max_{\mathbf{x}} \operatorname{dist}(\mathbf{x}, K)$：任一向量与 $K$ 之间可能的最远距离。
#
# 每个按键模式 $\mathbf{x}$ 恰好解一个棋盘，即 $A\mathbf{x}$，所以 $\mathrm{worst}(m, n) = \rho(\ker A)$。在编码理论中，$K$ 是一个*码*，它的元素是*码字*，覆盖半径是一个经典而难算的量。对 $K = \{\mathbf{0}\}$，它等于 $N$（由向量 $\mathbf{1}$ 取到），与上文一致。

# %%
lo.QuickQuestion("quiet_pattern_on_top")

# %% [markdown]
# ## 小棋盘：全部数一遍
#
# 在大约 30 个格子以内，`lo.optimal_press_counts` 能统计出**每个**可解棋盘的最少按键次数（第 5 讲）；最坏情形就是最后一项。下表列出不超过 $5 \times 5$ 的棋盘（$3 \times 5$ 除外：它是练习 9.3）：

# %%
print("  行 x 列   格子数   零化度   最坏   需要最坏步数的棋盘数")
for rows in range(1, 6):
    for cols in range(rows, 6):
        if (rows, cols) == (3, 5):
            continue
        counts = lo.optimal_press_counts(rows, cols)
        nullity = rows * cols - lo.rank(lo.toggle_matrix(rows, cols))
        print(
            f"{rows:4d} x {cols:<4d}  {rows * cols:5d}  {nullity:7d}  {len(counts) - 1:5d}"
            f"   {counts[-1]:>7d}"
        )

# %% [markdown]
# 零化度为 0 时，最坏情形等于格子数，上文已经证明。零化度不为 0 时，静默模式会把最坏情形拉低：$4 \times 4$ 有 16 个格子，但没有哪个棋盘需要超过 7 次按键；$5 \times 5$ 有 25 个格子，最坏情形是 15。
#
# **动手练。** 选一个核非零的矩形（试试 $2 \times 5$ 或 $4 \times 4$），画出一个最难的棋盘及其最少按键。先预测：图上会显示多少次按键？

# %%
rows, cols = 4, 4
worst = lo.most_clicks(rows, cols)
best = lo.solve_board(worst.board).fewest_presses()
lo.draw_boards(
    [worst.board, worst.board],
    presses=[None, best],
    titles=[f"一个最难的 {rows}x{cols} 棋盘", f"它的最少按键：{int(best.sum())}"],
)
plt.show()

# %% [markdown]
# ## 不需要任何搜索的下界
#
# 逐一计数 $2^{\operatorname{rank}}$ 个棋盘，大约到 30 个格子就做不下去了。*下界*是一个可以证明某个棋盘至少需要的按键次数，无需尝试各个解就能得到。
#
# 1. **数灯。** 一次按键最多改变 5 盏灯，所以有 $L$ 盏灯亮着的棋盘至少需要 $\lceil L / 5 \rceil$ 次按键。
# 2. **数棋盘。** 最多按 $k$ 次，最多只能得到 $\sum_{i \le k} \binom{N}{i}$ 个棋盘。如果这个数少于 $2^{\operatorname{rank}}$ 个可解棋盘，那么某个棋盘需要超过 $k$ 次：这是**最坏情形**的一个下界（编码理论中的*球覆盖界*）。
#
# 两者都很弱。对全亮的 $5 \times 5$ 棋盘，第一个给出 5（真实值是 15）；第二个只能说明某个 $5 \times 5$ 棋盘至少需要：

# %%
N, r = 25, 23
k = next(k for k in range(N + 1) if sum(comb(N, i) for i in range(k + 1)) >= 2**r)
print(f"{k - 1} 下以内能到达的棋盘：{sum(comb(N, i) for i in range(k)):,} < 2^23 = {2**r:,}")
print(f"所以某个 5x5 棋盘至少要按 {k} 下（实际是 15）")

# %% [markdown]
# ## 格子类型
#
# 静默模式携带的信息要多得多。把 $K$ 的一组基 $\mathbf{q}_1, \dots,
# \mathbf{q}_d$ 写成一个 $d \times N$ 矩阵的各行。第 $j$ 列说明哪些基模式按了格子 $j$；把它读作一个 $d$ 位的二进制数，就是格子 $j$ 的**类型**。
#
# > **事实。** 同一类型的两个格子，在**每个**静默模式中要么一起被按，要么都不被按（因为静默模式是基模式之和）。
#
# 因此，如果一个解 $\mathbf{x}$ 按了类型 $t$ 的 $n_t$ 个格子中的 $a_t$ 个，那么每个解 $\mathbf{x} + \mathbf{q}$ 要么按其中 $a_t$ 个，要么按 $n_t - a_t$ 个。对各类型求和，得到第三个下界 $\sum_t \min(a_t, n_t - a_t)$，而且还不止于此：解 $\mathbf{x} + \sum_i c_i \mathbf{q}_i$ 的按键次数只取决于各个计数 $a_t$，
#
# $$
# W_{\mathbf{a}}(\mathbf{c}) = \sum_{t\,:\ \mathbf{c}\cdot t = 0} a_t
# \;+ \sum_{t\,:\ \mathbf{c}\cdot t = 1} (n_t - a_t) ,
# $$
#
# 其中 $\mathbf{c}\cdot t$ 是 $\mathbf{c}$ 与 $t$ 的各个二进制位的内积。下面是 $4 \times 4$ 棋盘的格子类型：

# %%
basis = lo.null_space(lo.toggle_matrix(4, 4))  # d x N, one quiet pattern per row
d = len(basis)
types = (basis.astype(np.int64) << np.arange(d)[:, None]).sum(axis=0)
print("每个格子的类型（一个 4 位的数）：")
print(types.reshape(4, 4))
kinds, n_t = np.unique(types, return_counts=True)
print(f"{len(kinds)} 种类型；每种类型的格子数：", dict(zip(kinds.tolist(), n_t.tolist(), strict=True)))

# %% [markdown]
# ## 把最坏情形写成整数规划
#
# 现在，最坏情形只是一个关于这些数 $a_t$ 的问题：
#
# $$
# \mathrm{worst} = \max_{0 \le a_t \le n_t}\ \min_{\mathbf{c} \in \mathrm{GF}(2)^d}
# W_{\mathbf{a}}(\mathbf{c}) .
# $$
#
# 给这个最小值起个名字 $z$，问题就变成一个**整数线性规划**：在整数 $a_t$ 和 $z$ 上最大化 $z$，约束条件是对 $2^d$ 个向量 $\mathbf{c}$ 中的每一个，都有一个线性不等式 $z \le
# W_{\mathbf{a}}(\mathbf{c})$。整数规划求解器（scipy 的 `milp`，它调用 HiGHS）能找到最优解，**并证明**它是最优的。对 $4 \times 4$ 棋盘，共有 16 个不等式；写出来如下：

# %%
T = len(kinds)
bits = (kinds[None, :] >> np.arange(d)[:, None]) & 1  # d x T: the bits of each type
rows_c = []
for c in range(2**d):
    c_bits = (c >> np.arange(d)) & 1
    odd = (c_bits @ bits) % 2  # c . t for every type t
    sign = 1 - 2 * odd  # +1 where a_t counts, -1 where n_t - a_t counts
    rows_c.append((np.append(-sign, 1), int((odd * n_t).sum())))  # z - sign . a <= sum n_t
constraints = LinearConstraint(
    np.array([row for row, _ in rows_c]), -np.inf, np.array([limit for _, limit in rows_c])
)
objective = np.append(np.zeros(T), -1)  # milp minimises: maximise z
result = milp(
    objective,
    constraints=constraints,
    integrality=np.ones(T + 1),
    bounds=Bounds(np.zeros(T + 1), np.append(n_t, 16)),
)
print(result.message)
print(
    "4x4 棋盘的最坏情形：",
    round(-result.fun),
    "  此时 a_t =",
    np.round(result.x[:T]).astype(int).tolist(),
)

# %% [markdown]
# ### 叠加一个静默模式不改变任何东西
#
# 上面的规划考察了每一个 $\mathbf{a}$，但其中许多描述的是同一个棋盘：在一个按键模式上再叠加按一个静默模式，不会改变任何灯。用计数来说，按下系数为 $\mathbf{c}$ 的静默模式，会把每个满足 $\mathbf{c}\cdot t = 1$ 的类型的 $a_t$ 换成 $n_t - a_t$，其他类型保持不变。
#
# 选取 $d$ 个线性无关的类型 $t_1, \dots, t_d$。对任意 $\mathbf{a}$，由 $d$ 个方程“$\mathbf{c}\cdot t_i = 1$ 当且仅当 $a_{t_i} > n_{t_i}/2$”构成的方程组恰好有一个解 $\mathbf{c}$，因为这些 $t_i$ 线性无关；按下这个静默模式，就把每个 $a_{t_i}$ 降到不超过 $n_{t_i}/2$。所以规划可以加上约束 $a_{t_i} \le \lfloor n_{t_i}/2 \rfloor$ 而不丢掉任何一个棋盘，需要排除的候选也减少为原来的 $2^d$ 分之一。对于只有一个格子的类型，这个约束直接定出 $a_{t_i} = 0$。

# %%
chosen, echelon = [], []  # d independent types, one-cell types first
for i in np.argsort(n_t, kind="stable"):
    v = int(kinds[i])
    for r in echelon:  # XOR with r when that clears r's leading bit: elimination over GF(2)
        v = min(v, v ^ r)
    if v:
        echelon = sorted([*echelon, v], reverse=True)
        chosen.append(i)
upper = n_t.copy()
upper[chosen] = n_t[chosen] // 2
bounded = milp(
    objective,
    constraints=constraints,
    integrality=np.ones(T + 1),
    bounds=Bounds(np.zeros(T + 1), np.append(upper, 16)),
)
print("线性无关的类型：", kinds[chosen].tolist(), "各有", n_t[chosen].tolist(), "个格子")
print("在这些类型上取 a_t <= n_t // 2 时 4x4 棋盘的最坏情形：", round(-bounded.fun))

# %% [markdown]
# 答案相同，还是 7，但来自一个更小的规划。在这个棋盘上，求解器几乎感觉不到差别；而在 $9 \times 9$ 棋盘上（零化度 8，56 种类型），正是这些约束让它在几秒而不是几分钟内完成。
#
# `lo.most_clicks(rows, cols)` 求解的是同一个规划，并带有这些约束。当 $2^d$ 很大时，它不会写出全部 $2^d$ 个不等式：它先用手头少数几个不等式求解，再询问精确的最少按键搜索（第 5 讲的沃尔什-哈达玛变换）所得的 $\mathbf{a}$ 实际需要多少次按键，然后加入被违反的那个不等式。规划的最优值是一个**上**界，搜索的答案是一个**下**界；两者相遇时，最坏情形就得到了证明。它还会返回一个恰好需要这么多次按键的棋盘，并用最少按键搜索加以验证。

# %%
print(lo.most_clicks(4, 4))
print("\n n  格子数   零化度   最坏  最坏/格子数")
for n in [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15]:  # 9: below
    found = lo.most_clicks(n)
    print(
        f"{n:2d}  {n * n:6d}  {found.nullity:7d}  {found.presses:5d}  {found.presses / n**2:9.2f}"
    )

# %% [markdown]
# Boyles 的表中有这些尺寸的地方（零化度 0 和 2），数值都与他的一致；测试套件还把 `most_clicks` 与逐一计数所有棋盘的结果对照检查，覆盖所有不超过 25 个格子的棋盘和多种规则。其余的值（7、65、123）由整数规划证明，每个值都附带一个恰好需要那么多次按键的棋盘。零化度为 0 时，最坏情形是 $n^2$；否则它会下降，有时降得很多：$11 \times 11$ 棋盘（零化度 6）有 121 个格子，却没有哪个棋盘需要超过 65 次按键。$9 \times 9$ 棋盘没有列出，只是因为证明它要花求解器好几秒（它是 37：见下文的表）。
#
# ## 不用求解器的上界
#
# 换一种方式数按键。如果一个按键模式按了类型 $t$ 的 $n_t$ 个格子中的 $a_t$ 个，令 $y_t = n_t - 2a_t$（于是该类型一个格子都不按时 $y_t = n_t$，全部都按时为 $-n_t$）。由 $\mathbf{c}$ 选出的解，在 $\mathbf{c}\cdot t = 0$ 时按类型 $t$ 的 $a_t$ 个格子，在 $\mathbf{c}\cdot t = 1$ 时按 $n_t - a_t$ 个，两种情形都可以写成 $\tfrac12\big(n_t - (-1)^{\mathbf{c}\cdot t} y_t\big)$。加起来得到
#
# $$
# W(\mathbf{c}) = \frac{N - \hat Y(\mathbf{c})}{2}, \qquad
# \hat Y(\mathbf{c}) = \sum_t y_t\,(-1)^{\mathbf{c}\cdot t} .
# $$
#
# $\hat Y$ 是 $y$ 的**沃尔什-哈达玛变换**，正是第 5 讲的快速搜索所计算的那个和：棋盘需要 $\big(N - \max_{\mathbf{c}} \hat Y(\mathbf{c})\big)/2$ 次按键。
#
# 现在对全部 $2^d$ 个向量 $\mathbf{c}$ 取平均。当 $t \ne 0$ 时，符号 $(-1)^{\mathbf{c}\cdot t}$ 对其中一半为 $+1$，对另一半为 $-1$，所以 $\hat Y$ 的平均值是 $y_0 \ge -n_0$，其中 $n_0$ 是类型 0 的格子个数（没有任何静默模式按这些格子）。最大值不小于平均值，所以**没有哪个棋盘需要超过 $(N + n_0)/2$ 次按键**。对 $4 \times 4$，这个值是 8，比真实值多 1。平均值什么时候能取到？
#
# > **定理（平均界）。** 每个可解棋盘最多需要 $(N + n_0)/2$ 次按键；存在恰好需要这么多次的棋盘，当且仅当每个类型 $t \ne 0$ 的格子数 $n_t$ 都是偶数。否则，没有哪个棋盘需要超过 $\lceil (N + n_0)/2 \rceil - 1$ 次。
#
# *证明。* 等号成立需要 $y_0 = -n_0$，并且 $\hat Y$ 的最大值等于其平均值，因此 $\hat Y$ 是常数：对每个 $\mathbf{c}$ 都有 $\hat Y(\mathbf{c}) = y_0$。这个变换可以反演，$y_t = 2^{-d} \sum_{\mathbf{c}} \hat Y(\mathbf{c})(-1)^{\mathbf{c}\cdot t}$（同样的平均方法），而常数 $\hat Y$ 给出：对每个 $t \ne 0$ 都有 $y_t = 0$，也就是每个类型的格子恰好按了一半，当某个 $n_t$ 为奇数时这不可能。反过来，当每个 $n_t$（$t \ne 0$）都是偶数时，按下类型 0 的全部格子和其他每个类型的一半格子：这时处处有 $\hat Y = -n_0$，并且**每个**解都按 $(N + n_0)/2$ 个格子。当这个界取不到时，最少按键次数是一个整数，且小于 $(N + n_0)/2$，所以至多为 $\lceil (N + n_0)/2 \rceil - 1$。$\blacksquare$
#
# 在 $4 \times 4$ 棋盘上（$n_0 = 0$，有八个只含一个格子的类型），定理给出 7，恰好就是最坏情形。下面在整数规划找到的最难棋盘上验证公式 $W = (N - \hat Y)/2$（它的计数 $a_t$ 就是上面的 `result.x`），并在 $4 \times 4$ 和 $5 \times 5$ 上验证这个定理：

# %%
a_4x4 = np.round(result.x[:T]).astype(int)
y_4x4 = n_t - 2 * a_4x4
signs = np.array([[(-1) ** bin(c & int(t)).count("1") for t in kinds] for c in range(2**d)])
W = (16 - signs @ y_4x4) // 2  # the presses of all 16 solutions at once
print("16 个解的按键数：", W.tolist(), " 最少：", W.min())
for n in (4, 5):
    quiet = lo.null_space(lo.toggle_matrix(n, n))
    kinds_n, sizes = np.unique(
        (quiet.astype(np.int64) << np.arange(len(quiet))[:, None]).sum(axis=0), return_counts=True
    )
    n_0 = int(sizes[kinds_n == 0].sum())
    odd = int(((sizes % 2 == 1) & (kinds_n != 0)).sum())
    print(
        f"{n}x{n}: N = {n * n}, n_0 = {n_0}, (N + n_0)/2 = {(n * n + n_0) / 2:g}, "
        f"{odd} 种类型的格子数为奇数，最坏情形 {lo.most_clicks(n).presses}"
    )

# %% [markdown]
# $5 \times 5$ 棋盘的每个类型都有偶数个格子，所以它的最坏情形就是平均值 $(25 + 5)/2 = 15$，而它的最难棋盘的全部四个解都按 15 个格子。
#
# 同样的平均方法也可以只用在一部分解上。取线性无关的类型 $t_1, \dots, t_k$，每个都有**奇数**个格子，并且没有其他类型落在它们张成的空间 $U$ 中。固定一个解，只对那些在每个 $\mathbf{c}\cdot t_i$ 上都与它一致的解 $\mathbf{c}$ 求 $\hat Y$ 的平均：$U$ 之外的类型的符号像前面一样相互抵消，剩下的是 $y_0 + \sum_i \pm y_{t_i}$。由于这些 $t_i$ 线性无关，符号 $\pm$ 可以任意选取，所以某个这样的平均值等于 $y_0 + \sum_i |y_{t_i}|$；而每个 $y_{t_i}$ 都是奇数，所以绝对值至少为 1。
#
# > **定理（奇子空间）。** 设 $t_1, \dots, t_k$ 如上，则每个可解棋盘最多需要 $(N + n_0 - k)/2$ 次按键。
#
# 当 $k = 1$ 时，这就是上一个定理的最后一句。`lo.most_clicks_bounds` 会寻找许多这样的类型（用贪心法，按随机顺序）。测试套件用每个不超过 25 个格子的棋盘的全部 $2^N$ 个按键模式来检验这两个定理，涵盖三种规则，在平面和环面上都做了；在某些棋盘上（例如 $4 \times 6$ 环面），第二个定理给出的恰好就是最坏情形本身。
#
# ## 沃尔什变换域中的困难棋盘
#
# 上界只是故事的一半；最坏情形的**下**界可以是任何一个棋盘，连同它恰好需要的按键次数。用上面的公式描述困难棋盘很容易：找一个 $y$（满足 $y_t \equiv n_t \pmod 2$ 且 $|y_t| \le n_t$），使它的变换 $\hat Y$ **处处**都很小。一次快速变换就能同时给全部 $2^d$ 个解打分；而对类型 $t$ 多按（或少按）一个格子，会使 $y_t$ 改变 $\mp 2$，使每个 $\hat Y(\mathbf{c})$ 改变 $\mp 2(-1)^{\mathbf{c}\cdot t}$：这是一个代价很低的*局部移动*。
#
# *局部搜索*一次又一次地做最有帮助的移动。普通的*爬山法*在第一个无法通过单步移动改进的棋盘处就停下了，而那里可能离最优很远。**禁忌搜索**（Glover 1989）总是做最好的移动，即使它是一步坏棋，但不去动最近几步中移动过的类型（这段步数称为*禁忌期*），使它不能直接走回头路。在 $9 \times 9$ 棋盘上（256 个解，56 种类型），“最好”指最大的 $\hat Y$ 最小，平局时取达到这个最大值的解最少的移动：

# %%
quiet_9 = lo.null_space(lo.toggle_matrix(9, 9))
d_9 = len(quiet_9)
kinds_9, sizes_9 = np.unique(
    (quiet_9.astype(np.int64) << np.arange(d_9)[:, None]).sum(axis=0), return_counts=True
)
bits_9 = (np.arange(2**d_9)[:, None] & kinds_9[None, :]).astype(np.int64)
signs_9 = np.array([[(-1) ** bin(b).count("1") for b in row] for row in bits_9])  # 256 x 56


def tabu_search(tenure, steps=100, seed=0):
    """The most presses a 9x9 board found this way needs: (81 - best largest Y-hat) / 2."""
    rng = np.random.default_rng(seed)
    y = np.where(kinds_9 == 0, -sizes_9, (sizes_9 % 2) * rng.choice([-1, 1], sizes_9.size))
    best, tabu_until = 81, np.zeros(sizes_9.size, dtype=int)
    for step in range(steps):
        scores = signs_9 @ y  # Y-hat of all 256 solutions
        change = np.r_[np.full(sizes_9.size, 2), np.full(sizes_9.size, -2)]  # +2 or -2 to y_t
        after = np.hstack([scores[:, None] + 2 * signs_9, scores[:, None] - 2 * signs_9])
        top = after.max(axis=0)
        key = 1000 * top + (after == top).sum(axis=0)  # smallest maximum, then fewest at it
        allowed = np.abs(np.r_[y, y] + change) <= np.r_[sizes_9, sizes_9]
        allowed &= np.r_[kinds_9 != 0, kinds_9 != 0] & (np.r_[tabu_until, tabu_until] <= step)
        move = int(np.argmin(np.where(allowed, key, np.iinfo(int).max)))
        t = move % sizes_9.size
        y[t] += change[move]
        tabu_until[t] = step + 1 + tenure
        best = min(best, int((signs_9 @ y).max()))
    return (81 - best) // 2


print("不用禁忌表（任期 0）：", [tabu_search(0, seed=s) for s in range(4)])
print("任期 7：              ", [tabu_search(7, seed=s) for s in range(4)])

# %% [markdown]
# 没有禁忌表时，搜索在 36 处打转；有了禁忌表，每次都得到 37，而 37 正是最坏情形（整数规划证明了这一点，它也是 W. Boyles 对 $9 \times 9$ 棋盘的搜索所找到的最大值）。
#
# `lo.most_clicks_bounds` 在运行整数规划之前，先大规模地运用同样的思路：移动的打分只需对排在最前面的少数几个解做一次矩阵乘法（或再做一次变换），停滞时从它最好的棋盘重新开始，并且它报告的每个棋盘都用精确的最少按键搜索从头验证。课程的基准测试（`make bench`）对不超过 $50 \times 50$ 的每个 $n \times n$ 棋盘，每种尺寸给它两分钟，并保留它未能确定最坏情形的每种尺寸中最难的棋盘。下面是 $19 \times 19$ 的那个棋盘，从 `benchmarks/results.json` 读出并再次验证：

# %%
worst_table = json.loads(Path("../benchmarks/results.json").read_text())["worst_case"]
row_19 = next(row for row in worst_table if row["n"] == 19)
hard_19 = lo.parse_board("/".join(row_19["board"]))
best_19 = lo.solve_board(hard_19).fewest_presses()
print(f"这个 19x19 棋盘要按 {int(best_19.sum())} 下（基准测试给出 {row_19['lower']}）")
lo.draw_boards(
    [hard_19, hard_19],
    presses=[None, best_19],
    titles=["一个难的 19x19 棋盘", f"它的最少按键：{int(best_19.sum())}"],
)
plt.show()

# %% [markdown]
# ## 一个不可能成立的已发表数值
#
# W. Boyles 的最多点击问题数据文件（LightsOut-Math，`min_clicks_answers.txt`）给 $19 \times 19$ 棋盘列出的值是 **197**。上面的定理只需几行算术就能排除它：

# %%
quiet_19 = lo.null_space(lo.toggle_matrix(19, 19))
kinds_19, sizes_19 = np.unique(
    (quiet_19.astype(np.int64) << np.arange(len(quiet_19))[:, None]).sum(axis=0),
    return_counts=True,
)
n_0 = int(sizes_19[kinds_19 == 0].sum())
odd = int(((sizes_19 % 2 == 1) & (kinds_19 != 0)).sum())
print(f"零化度 {len(quiet_19)}，{kinds_19.size} 种类型，n_0 = {n_0}")
print(f"平均界 (361 + {n_0}) / 2 = {(361 + n_0) // 2}")
print(f"{odd} 种类型的格子数为奇数，所以至多 {(361 + n_0) // 2 - 1} 下")
print(
    "而 lo.most_clicks_bounds 找到 12 个不张成其他类型的奇数类型，所以至多",
    lo.most_clicks_bounds(19, time_limit=1)[1],
)

# %% [markdown]
# 所以没有哪个 $19 \times 19$ 棋盘需要 197 次按键：仅凭奇偶性可知至多 180 次，用奇子空间可知至多 175 次，而上面那个棋盘需要的次数超过 160。下面是已证明的界的完整表格，与 Boyles 的结果并列（他的文件给出单个数值时列出该数值，给出界时写成 *下界..上界*），只列出有静默模式的尺寸：

# %%
print(" n   格子   零化度   我们已证明的   Boyles       我们 vs Boyles")
for row in worst_table:
    n, low, high = row["n"], row["lower"], row["upper"]
    if row["nullity"]:
        ours = f"{low}" if row["exact"] else f"{low}..{high}"
        theirs = (
            "{}".format(*row["boyles"])
            if row["boyles"][0] == row["boyles"][1]
            else ("{}..{}".format(*row["boyles"]))
        )
        print(
            f"{n:2d}  {n * n:5d}  {row['nullity']:7d}  {ours:>13}  {theirs:>9}     "
            f"{row['vs_boyles']}"
        )

# %%
fig, ax = plt.subplots(figsize=(8, 4.6), layout="constrained")
proved = [row for row in worst_table if row["exact"]]
bracketed = [row for row in worst_table if not row["exact"]]
ax.axhline(1, linestyle="--", color="#8a8f98", label="每个格子（零化度 0）")
ax.plot(
    [row["n"] for row in proved],
    [row["lower"] / row["n"] ** 2 for row in proved],
    "o",
    color="#d55e00",
    label="最坏情形，已证明",
)
ax.vlines(
    [row["n"] for row in bracketed],
    [row["lower"] / row["n"] ** 2 for row in bracketed],
    [row["upper"] / row["n"] ** 2 for row in bracketed],
    color="#0072b2",
    linewidth=5,
    label="在我们证明的上下界之间",
)
published = [row for row in worst_table if row["vs_boyles"] != "equal"]
ax.plot(
    [row["n"] + 0.35 for row in published],
    [row["boyles"][0] / row["n"] ** 2 for row in published],
    "x",
    color="#000000",
    label="Boyles 的值或下界（与我们不同处）",
)
ax.set_ylim(0, 1.08)
ax.set_xlabel("棋盘大小 n（n x n 棋盘）")
ax.set_ylabel("最坏情形 / 格子数")
ax.set_title("n x n 棋盘最多需要的按键数占格子数的比例，n 至 50")
ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=2, fontsize="small")
plt.show()

# %% [markdown]
# 在这里，有静默模式的棋盘在最坏情形下需要按其格子数的 0.4 到 0.71，而平均界 $(N + n_0)/2$ 说明了为什么它保持在一半附近。图中的高点是那些有许多类型 0 格子（没有任何静默模式按它们）的棋盘：$17 \times 17$ 有 $n_0 = 109$，且其他每个类型都有偶数个格子，所以它的最坏情形就是平均值 $(289 + 109)/2 = 199$（$5 \times 5$ 也是如此：$(25 + 5)/2 = 15$）。
#
# ## 已知的结果与未解决的问题
#
# - 零化度为 0 时，最坏情形是 $N$（见上文）；零化度为 2 时（包括 $5 \times
#   5$），Boyles（2022）给出了它的精确值；平均定理覆盖所有类型都有偶数个格子的尺寸，无论零化度是多少。
# - 一般来说，计算一个码的覆盖半径是困难的：判断它是否至多为 $k$ 是 NP 难的（McLoughlin 1984），就像第 5 讲的最少按键问题一样（Berlekamp–McEliece–van Tilborg 1978）。当*类型*的数目较少时，整数规划在这里行之有效，但它不保证速度：求解器的运行时间很不稳定（$16 \times 16$ 规划的两种等价写法分别要 6 秒和 18 秒），所以 `lo.most_clicks` 同时运行两者，取先得到的答案。
# - 表中的区间仍未闭合。对 $19 \times 19$，差距在已找到的最难棋盘与 175 之间。整数规划无法很快弥合这个差距：它的*松弛*（即允许 $a_t$ 取分数的同一个规划）恰好由平均值解出，所以它从 181 开始，低于它的每一次按键都只能单靠整数性一点点挣出来；奇子空间用到了整数性，但一次只涉及少数几个类型。证明 $19 \times 19$ 的最坏情形，或找到一个需要更多按键的棋盘，在这里仍是未解决的问题。
#
# ## 小结
#
# - 一种棋盘尺寸的最坏情形是核的覆盖半径：从一个按键模式到最近的静默模式的最大距离。
# - 没有静默模式时，它等于格子数；静默模式会把它拉低（$4 \times 4$：16 个格子，但只需 7 次按键；$11 \times 11$：121 个格子，但只需 65 次）。
# - 计数得到的界很弱；格子类型把问题变成一个只涉及少数几个数的整数规划，并由求解器证明其最优性。
# - 在沃尔什变换域中，一个棋盘需要 $(N - \max \hat Y)/2$ 次按键：取平均给出一个无需搜索的上界，它恰好在每个类型都有偶数个格子时取到，奇数大小的类型则会把它降低；禁忌搜索能找到困难棋盘，从而给出下界。
#
# **试一试**
#
# 1. $4 \times 5$ 棋盘的最坏情形是多少？先回答，再计算。
# 2. 取最难的 $11 \times 11$ 棋盘（`lo.most_clicks(11).board`），把它的 `lo.presses_lower_bound` 与真实值 65 比较。三个下界中哪一个胜出？
# 3. 全亮的 $5 \times 5$ 棋盘是最难的 $5 \times 5$ 棋盘之一。全亮的 $4 \times 4$ 棋盘是最难的 $4 \times 4$ 棋盘之一吗？
#
# **练习**：[练习 9 — 需要按几次](exercises/E9_worst_case.zh.ipynb)：没有静默模式的棋盘的最坏情形（★），一个计数界（★），一个最难的 $3 \times 5$ 棋盘（★★），证明一个 $5 \times 5$ 棋盘需要 15 次按键（★★），以及手工求出 $4 \times 4$ 棋盘的最坏情形（★★★）。
#
# 这是最后一讲。[教师指南](instructor/guide.zh.ipynb)中有课程进度安排，[参考文献](reference/bibliography.zh.ipynb)中有每个定理的出处。
