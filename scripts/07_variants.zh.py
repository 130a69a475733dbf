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
# # 第 7 讲 — 变体：其他规则、环面、任意图、更多颜色
#
# **本讲内容**
#
# - 按键规则（十字 “plus”、仅邻居 “neighbors”、斜十字 “x”、国王 “king”）如何改变切换矩阵、它的秩和静默模式——在普通棋盘和环面上都是如此；
# - 如何在**任意图**上玩点灯游戏（Lights Out）；
# - 一个证明只有三行的定理：只要每次按键都切换被按的顶点本身，全亮的棋盘就**总能**被全部关掉——在任何图上都成立；
# - 三种颜色的点灯游戏，这时的运算是模 3 的。
#
# **预备知识**：切换矩阵、秩、核与可解性（第 1–4 讲）。线性代数本身完全不变——变的只是矩阵。有两处解释用到了更多知识：仅邻居规则的零化度用到第 6 讲的极小多项式，以及“与循环矩阵（cyclic matrix，即极小多项式等于特征多项式的矩阵）可交换的矩阵恰好是它的多项式”这一事实（只叙述，不证明）；四种颜色一节用到史密斯标准形（Smith normal form），在那一节中介绍。

# %%
import itertools

import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## 用模板表示的四种规则
#
# > **定义（规则）。** 一条*规则*是一个由 0/1 组成的 $3 \times 3$ 模板（stencil）：如果按一个格子（模板中心）会切换与它相隔 $\delta_r$ 行、$\delta_c$ 列的格子，那么模板在位置 $(1 + \delta_r, 1 + \delta_c)$ 处的元素为 1。
#
# 经典规则是 “plus”（十字）。“neighbors” 不动被按的格子本身（只切换上下左右四个邻居），“x” 切换四个对角邻居和格子本身，“king” 切换全部八个邻居和格子本身。

# %%
RULE_NAMES = ["plus", "neighbors", "x", "king"]
centre = np.zeros((3, 3), dtype=np.uint8)
centre[1, 1] = 1
lo.draw_boards(
    [lo.rule_stencil(rule) for rule in RULE_NAMES],
    presses=[centre] * 4,
    titles=[f"规则 {rule!r}" for rule in RULE_NAMES],
    title="按一下（圆点）切换哪些格子：黄色的格子",
)
plt.show()

# %% [markdown]
# 先手工来做：模板的切换矩阵在第 $i$ 行第 $j$ 列为 1，当且仅当格子 $i$ 相对于格子 $j$ 的位置是模板中的某个偏移量。下面用纯 NumPy 对 $3 \times 3$ 棋盘和仅邻居规则来构造它：


# %%
def toggle_matrix_by_hand(rows, cols, stencil):
    A = np.zeros((rows * cols, rows * cols), dtype=np.uint8)
    offsets = np.argwhere(stencil) - 1
    for r in range(rows):
        for c in range(cols):
            for dr, dc in offsets:
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    A[(r + dr) * cols + (c + dc), r * cols + c] = 1
    return A


by_hand = toggle_matrix_by_hand(3, 3, lo.rule_stencil("neighbors"))
print(by_hand)
print("与辅助函数相同：", np.array_equal(by_hand, lo.toggle_matrix(3, 3, rule="neighbors")))

# %%
fig, axes = plt.subplots(1, 4, figsize=(13, 3.6))
for ax, rule in zip(axes, RULE_NAMES, strict=True):
    lo.draw_matrix(
        lo.toggle_matrix(4, 4, rule=rule),
        ax=ax,
        augmented=False,
        labels=False,
        title=f"4 x 4，规则 {rule!r}",
    )
fig.suptitle("切换矩阵（16 x 16）：对角线就是被按的格子本身")
plt.show()

# %% [markdown]
# ## 环面
#
# > **定义（环面）。** 在*环面*上，棋盘首尾相接：第一列格子的左邻居在最后一列，第一行格子的上方是最后一行。这样每个格子的邻居个数都相同。
#
# 在很小的环面上，同一个邻居可能被遇到不止一次，我们把每一次都计入：被遇到两次的格子被切换两次，等于没有变化。在 $2 \times 2$ 环面上，一个格子的左邻居和右邻居是同一个格子（上邻居和下邻居也是），所以一次按键只切换被按的格子本身。在 $1 \times 1$ 环面上，这个格子四次作为自己的邻居，共被切换 $1 + 4 = 5$ 次，也就是相当于一次。本课程的程序包对每种规则、每种颜色数都采用这一约定：

# %%
print("1x1 环面：", lo.toggle_matrix(1, 1, torus=True).tolist())
print("2x2 环面：", lo.toggle_matrix(2, 2, torus=True).tolist())
print("1x3 环面：", lo.toggle_matrix(1, 3, torus=True).tolist())

# %% [markdown]
# 下面是每种规则下 $n \times n$ 棋盘的零化度 $\dim\ker A = n^2 - \operatorname{rank} A$，分别在普通棋盘和环面上计算。

# %%
sizes = range(1, 13)
print("规则       环面   " + " ".join(f"{n:>3d}" for n in sizes))
for torus in (False, True):
    for rule in RULE_NAMES:
        nullities = [n * n - lo.rank(lo.toggle_matrix(n, n, rule=rule, torus=torus)) for n in sizes]
        print(f"{rule:10s} {torus!s:6s} " + " ".join(f"{d:3d}" for d in nullities))

# %% [markdown]
# 有几个规律一眼就能看出来，其中两个可以马上解释。
#
# - **king**：它的模板是 $(1, 1, 1)$ 与自身的外积，所以切换矩阵是克罗内克积 $A = T \otimes T$，其中 $T$ 是 $n \times n$ 的全 1 三对角矩阵（即 plus 规则下单行棋盘的切换矩阵）。于是 $\operatorname{rank} A =
#   (\operatorname{rank} T)^2$；$T$ 奇异当且仅当 $3$ 整除 $n + 1$，此时零化度为 $n^2 - (n - 1)^2 = 2n - 1$。
# - **neighbors**：$n \times n$ 棋盘的零化度恰好是 $n$。把一个按键模式写成 $n \times n$ 矩阵 $X$；它是静默的当且仅当 $PX + XP = 0$，其中 $P$ 是路径图的邻接矩阵，也就是 $X$ 与 $P$ 可交换（在有限域 GF(2) 上 $-XP = XP$）。线性代数中有这样一个事实：当 $P$ 的极小多项式等于它的特征多项式时（第 6 讲对路径证明了这一点），与 $P$ 可交换的矩阵恰好是 $P$ 的多项式。它们构成一个 $n$ 维空间（$I, P, \dots, P^{n-1}$ 是一组基）。
# - **环面**：首尾相接会彻底改变零化度：$5 \times 5$ 环面的零化度是 8（共 $2^8 - 1 = 255$ 个静默模式），而普通棋盘的零化度是 2。
#
# 用 NumPy 验证关于 king 规则的结论：

# %%
for n in range(1, 9):
    T = lo.toggle_matrix(1, n)
    A_king = lo.toggle_matrix(n, n, rule="king")
    same = np.array_equal(np.kron(T, T), A_king)
    print(f"n = {n}：A = kron(T, T) {same}，  秩 T = {lo.rank(T)}，  秩 A = {lo.rank(A_king)}")

# %% [markdown]
# 静默模式的图片能让这些结论更具体：$5 \times 5$ 棋盘上的 king 规则（零化度 9），以及 $6 \times 6$ 环面上的 plus 规则（零化度 8；$5 \times 5$ 环面留作练习 7.2）。修改 `examples` 后再运行一次这个单元格。
#
# 从这里开始，一个游戏由一个值来表示：棋盘用 `lo.Puzzle.grid(rows, cols, rule=..., torus=...,
# colors=...)`，任意图用（下文介绍的）`lo.Puzzle.graph(...)`。一个 puzzle 会构造自己的切换矩阵、按格子、解棋盘，两种情形的用法完全相同。

# %%
examples = [lo.Puzzle.grid(5, 5, rule="king"), lo.Puzzle.grid(6, 6, torus=True)]
shown = 5
fig, axes = plt.subplots(len(examples), shown, figsize=(2.3 * shown, 2.9 * len(examples)))
for ax_row, puzzle in zip(axes, examples, strict=True):
    dark = np.zeros(puzzle.shape, np.uint8)
    empty = puzzle.solve(dark)
    rule, where = puzzle.rule, " 环面" if puzzle.torus else ""
    for k, (ax, q) in enumerate(zip(ax_row, empty.quiet_patterns, strict=False), start=1):
        quiet = not puzzle.press(dark, q).any()
        lo.draw_board(
            dark, presses=q, ax=ax, title=f"{rule}{where}: q{k}" + ("" if quiet else " 不是静默模式")
        )
    for ax in ax_row[len(empty.quiet_patterns) :]:
        ax.axis("off")
fig.suptitle(f"前 {shown} 个基静默模式（圆点 = 按键；所有灯保持熄灭）")
plt.show()

# %% [markdown]
# **动手练。** 在 $6 \times 6$ 环面上玩一玩：靠近边缘的按键会绕到另一侧。核的维数是 8，所以每个可解的棋盘有 $2^8 = 256$ 个解；**提示**会指向其中一个按键最少的解。

# %% tags=["nbval-ignore-output"]
torus = lo.Puzzle.grid(6, 6, torus=True)
torus_game = lo.LightsOutGame(puzzle=torus, seed=7)
torus_game

# %% [markdown]
# 下面用代码来操作，对象是开局棋盘的一个副本：按下一个按键最少的解，再看交互组件显示的棋盘。

# %%
dealt = torus_game.board
demo = lo.LightsOutGame(puzzle=torus, board=dealt)
plan = torus.solve(dealt).fewest_presses()
for r, c in np.argwhere(plan):
    demo.press(int(r), int(c))
print(lo.format_board(dealt, style="dots"), end="\n\n")
print(lo.format_board(demo.board, style="dots"))
print("按键数：", demo.presses, " 所有灯都灭了：", not demo.board.any())

# %% [markdown]
# ## 任意图上的点灯游戏
#
# 上面的内容完全没有用到网格，只用到了“按一次会切换哪些灯”。
#
# > **定义（图上的点灯游戏）。** 在顶点为 $0, \dots, n-1$ 的图 $G$ 上玩点灯游戏：每个顶点有一盏灯；按一个顶点会切换它自己和它的所有邻居。在有限域 GF(2) 上，切换矩阵为 $A = \mathrm{Adj}(G) + I$。
#
# 我们的例子是彼得森图（Petersen graph）：外圈是一个长为 5 的圈（顶点 0–4），内圈是一个五角星（顶点 5–9），另有五条辐条把 $i$ 与 $i + 5$ 相连。顶点从 0 开始编号，与 Python 和练习中一致。`lo.petersen_graph()` 保存了它的边和绘图布局；`lo.draw_graph` 画灯和按键的方式与画棋盘相同：黄色 = 亮，圆点 = 按键。`lo.Puzzle.graph(...)` 是这个图上的游戏，方法与网格的 puzzle 相同：现在棋盘是一个向量，每个顶点一盏灯。

# %%
petersen = lo.petersen_graph()
print(petersen, petersen.edges, sep="\n")
game = lo.Puzzle.graph(petersen)
all_on = np.ones(10, dtype=np.uint8)
solution = game.solve(all_on)  # which presses is Exercise 7.1
print(game)
print("A 的秩：", solution.rank, "/ 10")
print("全亮棋盘可以全部关掉：", solution.solvable)
print("按键验证：", not game.press(all_on, solution.presses).any())

# %%
one_press = np.eye(10, dtype=np.uint8)[0]  # press vertex 0 on the dark graph
fig, axes = plt.subplots(1, 2, figsize=(9, 4.5))
lo.draw_graph(petersen, all_on, ax=axes[0], title="彼得森图，所有灯亮着")
lo.draw_graph(
    petersen,
    game.press(np.zeros(10, dtype=np.uint8), one_press),
    one_press,
    ax=axes[1],
    title="在顶点 0 按一下（圆点）\n点亮它和它的 3 个邻居",
)
plt.show()

# %% [markdown]
# 彼得森图的切换矩阵秩只有 5：这个图上的 $2^{10} = 1024$ 个棋盘中，只有 $2^5 = 32$ 个能被关掉。全亮棋盘恰好是幸运的 32 个之一。这是运气吗？
#
# ## 全亮棋盘总是可解
#
# > **定理（全亮总是可解）。** 在任何图上，只要每次按键都切换被按的顶点本身，全亮棋盘就能被关掉：$\mathbf{1}$ 属于 $A$ 的列空间。
#
# *证明。* $A$ 是对称矩阵，对角元全为 1。在有限域 GF(2) 上，对每个向量 $\mathbf{y}$，
#
# $$\mathbf{y}^{\mathsf T} A\, \mathbf{y} = \sum_{i,j} A_{ij}\, y_i y_j
# = \sum_i A_{ii}\, y_i^2 + 2\sum_{i<j} A_{ij}\, y_i y_j = \sum_i y_i = \mathbf{y}\cdot\mathbf{1},$$
#
# 这是因为非对角项两两成对且相等，$2 = 0$，并且 $y_i^2 = y_i$。若 $\mathbf{y} \in \ker A$，则左边为 0，所以 $\mathbf{y}\cdot\mathbf{1} = 0$：向量 $\mathbf{1}$ 与 $\ker A = \ker A^{\mathsf T}$ 正交。由第 4 讲的可解性判据，$A\mathbf{x} = \mathbf{1}$ 有解。$\square$
#
# 先在一个图上手工验证——$5 \times 5$ 网格：两个核基向量中 1 的个数都是偶数，并且 $\mathbf{y}^{\mathsf T}A\mathbf{y} = \mathbf{y}\cdot\mathbf{1}$。

# %%
grid_A = lo.toggle_matrix(5, 5)
for y in lo.null_space(grid_A):
    print("y^T A y =", y @ grid_A @ y % 2, "  y . 1 =", y.sum() % 2, "  （y 有", y.sum(), "个 1）")

# %% [markdown]
# 现在做一个定理必须经受住的测试：300 个随机图（固定随机种子），大小和稠密程度都是随机的。其中许多图的切换矩阵是奇异的，所以它们上面的很多棋盘无解——但全亮棋盘总是有解。

# %%
rng = np.random.default_rng(7)
singular = 0
for trial in range(300):
    n = int(rng.integers(1, 41))
    upper = np.triu(rng.random((n, n)) < rng.random(), k=1)
    game = lo.Puzzle.graph(adjacency=(upper | upper.T).astype(np.uint8))
    lights = np.ones(n, dtype=np.uint8)
    solution = game.solve(lights)
    assert solution.solvable and not game.press(lights, solution.presses).any(), trial
    singular += solution.rank < n
print(f"全部 300 个全亮棋盘都已求解（并验证）；其中 {singular} 个矩阵是奇异的")

# %%
lo.QuickQuestion("all_on")

# %% [markdown]
# “每次按键都切换被按的顶点本身”这个假设是关键。在仅邻居规则下，$A$ 的对角线全为 0，证明的关键一步就失效了：此时不论 $\mathbf{y}\cdot\mathbf{1}$ 是多少，对**每个** $\mathbf{y}$ 都有 $\mathbf{y}^{\mathsf T}A\mathbf{y} = \sum_i A_{ii}\,y_i = 0$。那么结论是否也不成立？练习 7.6 请你找一个使结论不成立的图。

# %%
A_neighbours = lo.toggle_matrix(3, 3, rule="neighbors")
print("A 的对角线：", A_neighbours.diagonal())
for y in np.eye(9, dtype=np.uint8)[:2]:
    print("y =", y, "  y^T A y =", y @ A_neighbours @ y % 2, "  y . 1 =", y.sum() % 2)

# %% [markdown]
# ## 三种颜色：Lights Out 2000
#
# 在 *Lights Out 2000* 中，每盏灯在三种状态之间循环：灭（0）、红（1）、绿（2）。按一次会使被按的格子及其邻居的状态加 1（模 3）。若按键 $\mathbf{x}$（每个格子按 0、1 或 2 次）满足下式，棋盘就被关掉：
#
# $$\mathbf{b} + A\mathbf{x} \equiv \mathbf{0} \pmod 3,
# \quad\text{i.e.}\quad A\mathbf{x} = -\mathbf{b} \ \text{over GF(3)}.$$
#
# 矩阵不变，域变了：现在消元还要对行做*倍乘*（在 GF(3) 中乘以 $2 = 2^{-1}$）。玩具上的三种状态是灭、红、绿；在我们的图片中（以及游戏交互组件中），状态 1 是**黄色**，状态 2 是**天蓝色**，这两种颜色对色盲读者也能区分开。第一张图下方的图例说明了哪种颜色对应哪个状态。

# %%
elim3 = lo.eliminate(lo.toggle_matrix(5, 5), modulus=3)
print("GF(3) 上的 5 x 5：秩", elim3.rank, " 零化度", 25 - elim3.rank)
board3 = lo.random_board(5, 5, seed=2000, solvable=True, colors=3)
sol3 = lo.solve_board(board3, colors=3)
after = lo.press(board3, sol3.presses, colors=3)
print(
    "可解：",
    sol3.solvable,
    " 解的个数：",
    sol3.solution_count,
    " 按完后棋盘全灭：",
    not after.any(),
)

# %%
lo.draw_boards(
    [board3, board3, after],
    presses=[None, sol3.presses, None],
    titles=["一个 3 色棋盘", "按键（2 = 按两下）", "按完之后：全灭"],
    colors=3,
    legend=True,
    size=3.0,
)
plt.show()

# %% [markdown]
# ### 哪些 3 色棋盘可解？
#
# 第 4 讲的可解性定理完全没有用到 $1 + 1 = 0$：在任何域上，$A\mathbf{x} = \mathbf{c}$ 可解当且仅当对每个满足 $A^{\mathsf T}\mathbf{y} = \mathbf{0}$ 的 $\mathbf{y}$ 都有 $\mathbf{y}\cdot\mathbf{c} = 0$。这里 $A$ 是对称的，所以这些 $\mathbf{y}$ 仍然是静默模式，只是现在权重取 $0, 1, 2$。在 GF(3) 上，$5\times5$ 游戏的零化度为 3，所以 $3^{25}$ 个棋盘中恰有 $3^{22}$ 个可解：每 27 个棋盘中有 1 个。

# %%
blank = np.zeros((5, 5), np.uint8)
info3 = lo.solve_board(blank, colors=3)
print("GF(3) 上的静默模式：", info3.nullity)
print(
    "可解的棋盘：",
    info3.solvable_board_count,
    "=",
    f"3^{info3.rank}",
    " 比例：",
    info3.solvable_board_count / 3**25,
    "= 1/27",
)
quiet3 = info3.quiet_patterns
checks = [int((q.astype(int) * board3).sum()) % 3 for q in quiet3]
print("上面棋盘的 y . b (mod 3)，每个静默模式一个：", checks)

# %%
dark5 = np.zeros((5, 5), np.uint8)
lo.draw_boards(
    [dark5] * len(quiet3),
    presses=list(quiet3),
    titles=[f"$q_{i + 1}$" for i in range(len(quiet3))],
    colors=3,
    title="GF(3) 上的静默模式：按键次数（圆点 = 1，2 = 按两下）",
    size=3.0,
)
plt.show()

# %% [markdown]
# 来玩一玩：同样的游戏，三种颜色。每次点击使十字形区域加 1（模 3）；“显示解”会在每个格子上标出它需要按几次。

# %% tags=["nbval-ignore-output"]
game3 = lo.LightsOutGame(5, 5, colors=3, seed=7)
game3

# %%
demo3 = lo.LightsOutGame(board=game3.board, colors=3)
demo3.press(2, 2)
print(lo.format_board(demo3.board))
print("目前已按次数：", demo3.presses)

# %% [markdown]
# ### 四种颜色：$\mathbb{Z}/4$ 不是域
#
# 有四个元素的域确实存在：$\mathrm{GF}(4) = \{0, 1, \alpha, \alpha + 1\}$，其中 $\alpha^2 = \alpha + 1$；它是由 GF(2) 上的多项式构造出来的，而不是由数构造的（有 $q$ 个元素的域存在，当且仅当 $q$ 是素数的幂，`galois.GF(4)` 就是这样一个域）。在它里面 $1 + 1 = 0$，所以它不是“模 4 的数”。然而四种颜色的游戏是按模 4 来计数按键的（按四次，灯又回到原样），而 $\mathbb{Z}/4$ **不是**域。
#
# 当 $k = 4$ 时，数 2 没有逆元（$2 \cdot 2 = 0$），所以高斯-若尔当消元无法把主元 2 化为 1。一种“假装它是域”的消元用交叉相乘（$R_i \leftarrow a R_i - e R_p$）来避免除法，它总能进行到底；但把一行乘以 2 会丢失信息，它得出的结论可能是错的。
#
# 精确的方法是**史密斯标准形**（Smith normal form）。在 $\mathbb{Z}/k$ 上，仍然可以把一行（或一列）的倍数加到另一行（列）上，也可以乘以一个*单位*（即有逆元的数，例如模 4 的 1 和 3）。对行和列同时使用这些变换，任何矩阵都能化为对角矩阵：
#
# $$U A V = D = \operatorname{diag}(d_1, d_2, \dots), \qquad U, V \text{ invertible over } \mathbb{Z}/k .$$
#
# 令 $\mathbf{x} = V\mathbf{z}$。于是 $A\mathbf{x} = \mathbf{c}$ 变成 $D\mathbf{z} =
# U\mathbf{c}$：一组彼此分离的方程 $d_i z_i = (U\mathbf{c})_i$，每个只含一个未知数。方程 $d_i z = t$ 模 $k$ 有解，当且仅当 $\gcd(d_i, k)$ 整除 $t$。在域上，每个 $d_i$ 都是 1 或 0，这就是普通的消元；在 $\mathbb{Z}/4$ 上则可能出现 $d_i = 2$，这时右端只能是偶数。
#
# 下面在一个四种颜色的 $2\times3$ 棋盘上，把“假装是域”的消元与史密斯标准形给出的精确答案、以及对全部 $4^6 = 4096$ 个按键模式的暴力搜索进行对比。

# %%
board4 = lo.random_board(2, 3, seed=1, colors=4)
print(lo.format_board(board4))
A23 = lo.toggle_matrix(2, 3)
target = (-board4.reshape(-1).astype(int)) % 4  # A x = -b (mod 4)
naive = lo.naive_field_solve(A23, target, 4, strategy="cross_multiply")
print(naive)
exact = lo.solve_board(board4, colors=4)
print(exact)
brute = sum(
    not lo.press(board4, np.array(x).reshape(2, 3), colors=4).any()
    for x in itertools.product(range(4), repeat=6)
)
print("穷举：让它全灭的按键模式数 =", brute)

# %% [markdown]
# 这个 $A$ 在 $\mathbb{Z}/4$ 上的史密斯标准形有一个 $d_i = 2$ 和一个 $d_i = 0$，所以有两个方程对右端有限制：

# %%
smith = lo.smith_form_mod(A23, 4)
print(smith)
print("U c mod 4：", (smith.U.astype(int) @ target) % 4)

# %% [markdown]
# 第五个方程是 $2 z_5 \equiv 1 \pmod 4$：这不可能，因为对每个 $z$，$2z$ 都是偶数。所以无论“假装是域”的消元怎么说，这个棋盘都关不掉。精确的答案附带一个理由和一个证书（不可解性的证明）$\mathbf{w}$（取 $U$ 的一行，对形如 $2z = t$ 的方程再乘以 2），满足 $\mathbf{w}A \equiv \mathbf{0}$ 且 $\mathbf{w}\cdot\mathbf{b} \not\equiv 0 \pmod 4$：每次按键都使 $\mathbf{w}\cdot\mathbf{b}$ 改变 4 的倍数，而开局时它就不是 4 的倍数。

# %%
print(lo.solve_mod(A23, target, 4).reason)
w4 = exact.certificate
print("证书 w：\n" + lo.format_board(w4))
print(
    "w A mod 4：",
    (w4.reshape(-1).astype(int) @ A23) % 4,
    "  w . b mod 4：",
    int((w4.astype(int) * board4).sum()) % 4,
)

# %%
lo.QuickQuestion("four_colours")

# %% [markdown]
# ## 小结
#
# - 改变规则只改变切换矩阵；秩、核与可解性的用法和以前一样。环面通常有更多静默模式。
# - 点灯游戏在任何图上都有意义，切换矩阵为 $A = \mathrm{Adj} + I$。
# - 因为 $A$ 对称且对角元全为 1，所以 $\mathbf{y}^{\mathsf T}A\mathbf{y} =
#   \mathbf{y}\cdot\mathbf{1}$，从而全亮棋盘总是可解；如果按键不切换自身，证明就不成立了（定理本身也可能不成立：练习 7.6）。
# - 有 $k$ 种颜色时，同一个矩阵在 $\mathbb{Z}/k$ 上使用。当 $k$ 是素数时它是域，一切照旧（5x5 棋盘、3 种颜色：每 27 个棋盘中有 1 个可解）；当 $k = 4$ 或 $6$ 时它不是域，假装它是域的消元可能给出错误答案，而史密斯标准形给出精确答案。（有四个元素的域 GF(4) 是存在的，但它不是 $\mathbb{Z}/4$。）
#
# **试一试**
#
# 1. 对 $n = 1, 2, 3$，手工找出静默模式，证明仅邻居规则的 $n \times n$ 棋盘零化度为 $n$，再与画静默模式的那个单元格比较。
# 2. 自己选一个图（`lo.cube_graph()`、`lo.star_graph(5)`、`lo.path_graph(6)`），求出关掉全亮棋盘所需的按键，并用 `lo.draw_graph` 把它们画出来。
# 3. 全亮定理在 3 种颜色下还成立吗？对 $n = 1, \dots, 6$ 试试 `lo.solve_board(np.ones((n, n), np.uint8),
#    colors=3)`。
#
# **练习**：[练习 7 — 变体](exercises/E7_variants.zh.ipynb)：彼得森图上的全亮棋盘（★），环面的核（★），全亮定理证明中缺失的一步（★★），一个 3 色棋盘（★★），颜色数为多少时 $3 \times 3$ 棋盘会出现不可解的情形（★★），一个使仅邻居游戏失败的图（★★），以及一个只有一个偶数度顶点却仍然失败的图（★★★）。
#
# **下一讲**：[第 8 讲 — 检验我们的结果](08_checking_our_work.zh.ipynb) 把我们的引擎与 galois 和 sympy 进行比较，并测量速度。
# 资料来源与延伸阅读：见[参考文献](reference/bibliography.zh.ipynb)。
