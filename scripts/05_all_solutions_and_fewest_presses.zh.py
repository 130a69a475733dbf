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
# # 第 5 讲——全部解与最少按键
#
# **本讲内容**
#
# - 可解棋盘的解构成一个*陪集* $\mathbf{x}_p + \ker A$，以及如何把它们全部列出；
# - 如何通过遍历核找到**按键最少**的解，并看到全亮的 $5 \times 5$ 棋盘需要按 15 次；
# - 在全部 $2^{23}$ 个可解的 $5 \times 5$ 棋盘上，最优按键次数是怎样分布的；
# - 为什么“自由变量超过 20 个就放弃”还不够好，什么方法能走得更远（格雷码枚举），以及极限在哪里。
#
# **预备知识**：切换矩阵 $A$（第 1 讲）、有限域 GF(2) 上的运算（第 2 讲）、高斯-若尔当消元（第 3 讲）、可解性、秩以及由静默模式组成的核（第 4 讲）。陪集、格雷码和沃尔什-阿达马（Walsh–Hadamard）变换是本讲新引入的；每个概念都在用到的地方给出定义，除此之外不需要关于它们的任何知识。

# %%
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## 所有解，而不只是一个
#
# 消元给出 $A\mathbf{x} = \mathbf{b}$ 的一个*特解* $\mathbf{x}_p$（自由变量取 0）。如果 $\mathbf{q}$ 是静默模式，即 $A\mathbf{q} = \mathbf{0}$，那么 $A(\mathbf{x}_p + \mathbf{q}) = \mathbf{b}$ 也成立。反过来，如果 $\mathbf{x}$ 是任意一个解，那么 $A(\mathbf{x} - \mathbf{x}_p) = \mathbf{b} - \mathbf{b} = \mathbf{0}$：两个解总是相差一个静默模式。
#
# > **定义（陪集）。** 对向量 $\mathbf{x}_p$ 和子空间 $K$，*陪集*
# > $\mathbf{x}_p + K = \{\mathbf{x}_p + \mathbf{q} : \mathbf{q} \in K\}$ 就是把 $K$ 平移 $\mathbf{x}_p$ 得到的集合。
#
# 所以可解棋盘的解集恰好是陪集 $\mathbf{x}_p + \ker A$。在 $5 \times 5$ 棋盘上，$\ker A$ 的维数是 2，因此有 $2^2 = 4$ 个元素，每个可解棋盘都恰好有 4 个解。
#
# 在入门课中，这就是*参数形式*的通解：每个自由列对应一个参数。取 $\ker A$ 的一组基 $\mathbf{q}_1, \mathbf{q}_2$，一个可解的 $5 \times 5$ 棋盘的每个解都是
#
# $$
# \mathbf{x} = \mathbf{x}_p + s\,\mathbf{q}_1 + t\,\mathbf{q}_2, \qquad s, t \in \mathrm{GF}(2),
# $$
#
# 而且不同的 $(s, t)$ 给出不同的解。在实数上，$s$ 和 $t$ 会取遍一整个平面的解；在 GF(2) 上，它们各自只能是 0 或 1，所以一共有四个解。

# %%
board = lo.random_board(5, 5, seed=5, solvable=True)
solution = lo.solve_board(board)
print(lo.format_board(board))
print("秩", solution.rank, "零化度", solution.nullity)

# %% [markdown]
# 先手算：把特解和两个静默模式都写成展平的向量，按所有可能的组合相加，模 2：$(s, t) = (0, 0), (1, 0), (0, 1), (1, 1)$。

# %%
A = lo.toggle_matrix(5, 5)
b = board.ravel()
x_p = solution.presses.ravel()
q1, q2 = (q.ravel() for q in solution.quiet_patterns)
candidates = {
    "x_p": x_p,
    "x_p + q1": (x_p + q1) % 2,
    "x_p + q2": (x_p + q2) % 2,
    "x_p + q1 + q2": (x_p + q1 + q2) % 2,
}
for name, x in candidates.items():
    print(f"{name:14s} 是 A x = b 的解：{np.array_equal(A @ x % 2, b)}   按键数：{x.sum()}")

# %%
labels = [r"$x_p$", r"$x_p + q_1$", r"$x_p + q_2$", r"$x_p + q_1 + q_2$"]
lo.draw_boards(
    [board] * 4,
    presses=[x.reshape(5, 5) for x in candidates.values()],
    titles=[
        f"{label}\n按 {x.sum()} 下" for label, x in zip(labels, candidates.values(), strict=True)
    ],
    title="陪集 $x_p + \\ker A$：让同一个棋盘全灭的四种方法（圆点 = 按键）",
    size=2.8,
)
plt.show()

# %% [markdown]
# 辅助方法 `Solution.all_solutions()` 遍历的是同一个陪集。

# %%
from_helper = {tuple(x.ravel()) for x in solution.all_solutions()}
print("同样的四个解：", from_helper == {tuple(x) for x in candidates.values()})

# %%
lo.QuickQuestion("coset")

# %% [markdown]
# ## 最少按键
#
# > **定义（重量、最少按键解）。** GF(2) 上向量的*重量* $|\mathbf{x}|$ 是它含有的 1 的个数，在这里就是按键次数。*最少按键解*是陪集 $\mathbf{x}_p + \ker A$ 中重量最小的元素。
#
# 同一个格子按两次等于没按，所以任何解都不需要重复按：重量就是真正的按键次数。如果核的维数是 $d$，陪集就有 $2^d$ 个元素，我们可以把它们逐一试一遍。

# %%
best = min(candidates.values(), key=lambda x: x.sum())
print("手算的最少按键：", best.sum())
print("辅助函数给出的最少按键：", solution.fewest_presses().sum())

# %% [markdown]
# ### 全亮的棋盘需要按 15 次
#
# 经典的开局是 25 盏灯全亮。

# %%
all_on = np.ones((5, 5), dtype=np.uint8)
all_on_solution = lo.solve_board(all_on)
weights = sorted(int(x.sum()) for x in all_on_solution.all_solutions())
print("四个解的按键数：", weights)

# %%
four = list(all_on_solution.all_solutions())
lo.draw_boards(
    [all_on] * 4,
    presses=four,
    titles=[f"解 {k}：按 {x.sum()} 下" for k, x in enumerate(four, start=1)],
    title="全亮 5 x 5 棋盘的四个解",
    size=2.8,
)
plt.show()

# %% [markdown]
# 出人意料的是：四个解都恰好需要按 15 次，所以对全亮的棋盘来说，没有什么可优化的。而且 15 是一个证明，而不只是我们找到的最好结果：任何把这个棋盘关掉的方法，在抵消掉重复的按键之后，都是这四个解之一。（这四张图互为镜像：棋盘是对称的，所以它的解集也是对称的。）15 是不是*任何* $5 \times 5$ 棋盘所需的最多次数？下面的计数给出了肯定的回答；[第 9 讲](09_how_many_presses.zh.ipynb)会对每种棋盘尺寸提出同样的问题，那时逐一计数已经毫无希望，证明需要新的工具。
#
# **动手练。** 自己把棋盘关掉。你能只按 15 次就做到吗？**提示**会标出最少按键解中的一个格子；**显示静默模式**会显示哪些按键可以加到一个解上而不改变任何东西。

# %% tags=["nbval-ignore-output"]
game = lo.LightsOutGame(board=all_on)
game

# %% [markdown]
# 用代码驱动游戏：在第二个副本上（上面的游戏仍然留给你玩），逐个按下最少按键解中的格子。

# %%
demo = lo.LightsOutGame(board=all_on)
for r, c in np.argwhere(all_on_solution.fewest_presses()):
    demo.press(int(r), int(c))
print(lo.format_board(demo.board, style="dots"))
print("按键数：", demo.presses, " 所有灯都灭了：", not demo.board.any())

# %% [markdown]
# **动手练。** 编辑下面的棋盘（`1` = 亮，`.` 或 `0` = 灭）并运行这个单元格：它有多少个解？最好的解需要按几次？

# %%
my_board = lo.parse_board(
    """
    1 1 . . .
    1 . . . .
    . . . . .
    . . . . 1
    . . . 1 1
    """
)
mine = lo.solve_board(my_board)
if mine.solvable:
    print("解的个数：", 2**mine.nullity, " 最少按键：", mine.fewest_presses().sum())
else:
    print("不可解：没有办法让这个棋盘全灭")

# %% [markdown]
# ## 随机的 $5 \times 5$ 棋盘有多难？
#
# 可解的 $5 \times 5$ 棋盘共有 $2^{23}$ 个（即 $A$ 的列空间）。对每个棋盘，我们想求出它四个解的最小重量。逐个棋盘地计算会很慢；更好的办法是改为遍历**按键向量**。
#
# 选两个格子 $i, j$，使两个静默模式在这两个格子上线性无关（这里取最上面一行的第 1、2 个格子）。每个陪集中恰好有一个按键向量在这两个格子上都不按，因此满足 $x_i = x_j = 0$ 的 $2^{23}$ 个向量把每个可解棋盘恰好代表一次。把每个向量存为一个整数的各个比特：这样加上一个静默模式就是一次异或（XOR），重量就是 popcount（数 1 的个数）。

# %%
def as_int(vector):
    """Bit k of the result is entry k of the 0/1 vector (any length: Python ints are unbounded)."""
    return int.from_bytes(np.packbits(vector, bitorder="little").tobytes(), "little")


quiet = [as_int(q.ravel()) for q in solution.quiet_patterns]
print("静默模式限制在格子 1、2 上：", [(q & 1, q >> 1 & 1) for q in quiet])

reps = np.arange(2**23, dtype=np.uint32) << 2  # cells 1 and 2 unpressed
coset = [reps, reps ^ quiet[0], reps ^ quiet[1], reps ^ quiet[0] ^ quiet[1]]
fewest = np.minimum.reduce([np.bitwise_count(x) for x in coset])
by_hand = np.bincount(fewest)
print(by_hand)

# %% [markdown]
# 辅助函数 `lo.optimal_press_counts` 对任意不超过 30 个格子的棋盘、任意规则做同样的事；第 $k$ 项是最优解需要按 $k$ 次的可解棋盘个数。

# %%
counts = lo.optimal_press_counts(5, 5)
print("辅助函数与手算结果一致：", np.array_equal(counts, by_hand))
print("统计的棋盘数：", counts.sum(), "= 2^23:", counts.sum() == 2**23)

# %%
presses_needed = np.arange(len(counts))
fig, axes = plt.subplots(1, 2, figsize=(12, 4))
for ax, scale in zip(axes, ["linear", "log"], strict=True):
    ax.bar(presses_needed, counts, color="tab:orange")
    ax.set_yscale(scale)
    ax.set_xticks(presses_needed)
    ax.set_xlabel("所需的最少按键数")
    ax.set_ylabel(f"棋盘个数（{scale} 刻度）")
fig.suptitle("全部 $2^{23}$ 个可解 5 x 5 棋盘的最优按键数")
plt.show()
mean = (np.arange(len(counts)) * counts).sum() / counts.sum()
print(f"平均按 {mean:.2f} 下；有 {counts[-1]} 个棋盘需要最多的 {len(counts) - 1} 下")

# %% [markdown]
# 没有哪个可解的 $5 \times 5$ 棋盘需要超过 15 次按键，而全亮的棋盘是 7350 个最难的棋盘之一。典型的棋盘大约需要 10 次。用 $k$ 次按键能解的棋盘本来就至多只有 $\binom{25}{k}$ 个，这就是为什么图表左端恰好是 $1, 25, 300, 2300, \dots$：不超过 5 次按键时，没有两个按键集合会产生同一个棋盘（为什么？一个静默模式至少有 12 次按键）。
#
# ## 超过 20 个自由变量
#
# 点灯游戏（Lights Out）程序中常见的一种偷懒做法是：核的维数超过 20 就放弃。核的维数能有多大？下面是 $n \times n$ 棋盘的零化度。

# %%
sizes = np.arange(1, 41)
nullity = np.array([n * n - lo.rank(lo.toggle_matrix(n, n)) for n in sizes])
fig, ax = plt.subplots(figsize=(10, 3.5))
ax.bar(sizes, nullity, color=np.where(nullity > 20, "tab:red", "tab:blue"))
ax.axhline(20, color="grey", linestyle="--", label="20 个自由变量")
ax.set_xlabel("棋盘大小 n（n x n 棋盘）")
ax.set_ylabel("零化度 d = dim ker A")
ax.set_title("n x n 棋盘的核的维数：陪集有 $2^d$ 个解")
ax.legend()
plt.show()
big_kernels = [(int(n), int(d)) for n, d in zip(sizes, nullity, strict=True) if d > 20]
print("零化度大于 20 的大小 (n, 零化度)：", big_kernels)

# %% [markdown]
# $30 \times 30$ 就已经到了 20，而 $39 \times 39$ 的核维数是 32：有 $2^{32} \approx 4.3 \cdot 10^9$ 个候选。有三个想法可以让穷举搜索走得远得多。
#
# 1. **格雷码顺序。** 把核的 $2^d$ 个元素排成一列，使相邻两个只相差一个基向量：第 $k$ 步加上编号为 $\operatorname{tz}(k)$ 的基向量，这个编号是 $k$ 的二进制表示末尾 0 的个数。这样每一步只需要一次 $N$ 比特的异或和一次 popcount，而不必把多达 $d$ 个向量加起来。
# 2. **比特压缩。** 每个机器字存 64 个格子，于是那次异或和 popcount 只需要 $N/64$ 条指令。
# 3. **一次算出所有重量。** 格子 $j$ 在 $\mathbf{x}_p + \sum_i c_i \mathbf{q}_i$ 中被按下，当且仅当 $x_{p,j} + \mathbf{c}\cdot\mathbf{v}_j = 1$，其中 $\mathbf{v}_j \in \mathrm{GF}(2)^d$ 由 $d$ 个基向量的第 $j$ 个分量组成。记符号 $s_j = (-1)^{x_{p,j}}$，则按键次数为 $\tfrac12\bigl(N - \sum_j s_j (-1)^{\mathbf{c}\cdot\mathbf{v}_j}\bigr)$。按 $\mathbf{v}_j$ 把格子分组：令 $f(\mathbf{v}) = \sum_{j : \mathbf{v}_j = \mathbf{v}} s_j$，那么其中的和就是 $F(\mathbf{c}) = \sum_{\mathbf{v}} f(\mathbf{v})\,(-1)^{\mathbf{c}\cdot\mathbf{v}}$，即 $f$ 的**沃尔什-阿达马变换**。和快速傅里叶变换一样，它分 $d$ 趟算出：第 $i$ 趟把每一对下标只在第 $i$ 位上不同的元素 $(a, b)$ 替换为 $(a + b, a - b)$。这样一共只需 $d\,2^d$ 次加法，就同时得到全部 $2^d$ 个向量 $\mathbf{c}$ 的结果，与棋盘有多少个格子无关。`fewest_presses()` 用的就是这个方法。
#
# 下面用 Python 整数实现格雷码枚举，作用于全亮的 $30 \times 30$ 棋盘（$2^{20} \approx 10^6$ 个候选，用时一秒或更短）。

# %%
def fewest_by_gray_code(particular, kernel):
    """Minimum weight of particular + span(kernel): vectors are ints, Gray code order."""
    x = particular
    best = x.bit_count()
    for k in range(1, 2 ** len(kernel)):
        x ^= kernel[(k & -k).bit_length() - 1]  # flip the basis vector of the lowest set bit
        best = min(best, x.bit_count())
    return best


big = lo.solve_board(np.ones((30, 30), dtype=np.uint8))
kernel = [as_int(q.ravel()) for q in big.quiet_patterns]
print("核的维数：", len(kernel))
print("最少按键，格雷码：  ", fewest_by_gray_code(as_int(big.presses.ravel()), kernel))
print("最少按键，辅助函数：", big.fewest_presses().sum())

# %% [markdown]
# ### 极限
#
# 这些想法每一个都让单步变得便宜，但步数仍然是 $2^d$。按每秒大约 $10^8$ 步计算，$d = 32$ 不到一分钟，$d = 40$ 要几个小时，而 $d = 64$ 的 $79 \times 79$ 棋盘则要几千年。因此辅助函数会在一个明确给出的上限处停下，而不是没完没了地运行下去：

# %%
huge = lo.solve_board(np.ones((61, 61), dtype=np.uint8))
try:
    huge.fewest_presses()
except ValueError as error:
    print(f"61 x 61（零化度 {huge.nullity}）：", error)

# %% [markdown]
# 这并不是因为缺乏想象力。在陪集 $\mathbf{x}_p + K$ 中找重量最小的元素，就是编码理论中的*陪集重量*（最大似然译码）问题，它在一般情形下是 NP 困难的（Berlekamp、McEliece 与 van Tilborg，1978）。超出穷举的范围之后，人们使用整数规划或 SAT 求解器，它们往往能成功，但不保证运行时间。

# %% [markdown]
# ## 小结
#
# - 可解棋盘的解构成陪集 $\mathbf{x}_p + \ker A$：共 $2^{d}$ 个。
# - 最少按键解是这个陪集中重量最小的元素；对全亮的 $5 \times 5$ 棋盘，它需要按 15 次，这也是所有可解的 $5 \times 5$ 棋盘所需的最多次数。
# - 在全部 $2^{23}$ 个可解的 $5 \times 5$ 棋盘中，典型的棋盘大约需要按 10 次。
# - 格雷码顺序、比特压缩和沃尔什-阿达马变换让 $2^d$ 步中的每一步都很便宜；当 $d \approx 40$ 以上时，任何穷举方法都不再可行，而一般问题是 NP 困难的。
#
# **试一试**
#
# 1. 调用 `lo.optimal_press_counts(4, 4)`。有多少个 $4 \times 4$ 棋盘可解？最多需要按几次？
# 2. 找一个有两个不同最少按键解的 $5 \times 5$ 棋盘（`Solution.all_fewest_presses()` 会列出所有并列最优的解）。
# 3. 在全亮的 $19 \times 19$ 棋盘（$d = 16$）上给 `fewest_by_gray_code` 计时，并预测 $d = 32$ 时所需的时间。
#
# **练习**：[练习 5——全部解与最少按键](exercises/E5_fewest.zh.ipynb)：解的个数（★）、第二个解（★★）、一个恰好需要按六次的棋盘（★★），以及自己实现精确的最少按键搜索（★★★）。
#
# **下一讲**：[第 6 讲——追灯法](06_light_chasing.zh.ipynb)逐行求解棋盘，所需的未知数要少得多。
# 参考资料与延伸阅读：见[参考文献](reference/bibliography.zh.ipynb)。
