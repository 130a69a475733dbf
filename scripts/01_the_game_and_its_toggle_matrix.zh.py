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
# # 第 1 讲——游戏及其切换矩阵
#
# **本讲内容**
#
# - 亲手玩一玩，弄清点灯游戏（Lights Out）的规则；
# - 把游戏变成线性代数问题的两个事实：同一个格子按两次等于没按，按的顺序无关紧要；
# - 如何把整局游戏写成一个矩阵方程 $A\mathbf{x} = \mathbf{b}$，以及如何手工构造*切换矩阵* $A$。
#
# **预备知识**：线性代数入门课中的矩阵、向量和乘积 $A\mathbf{x}$，以及一点 Python 和 NumPy。暂时不需要任何有限域的知识：那是第 2 讲的内容。

# %%
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## 先玩一玩
#
# 点灯游戏的棋盘是由灯组成的 $5 \times 5$ 方阵。按一盏灯，会切换它**以及**它上、下、左、右的邻居（亮变灭，灭变亮）。边上的灯邻居少一些。目标：把所有的灯都关掉。
#
# 运行下一个单元格，然后点击格子。棋盘是用固定的随机种子生成的，所以教室里每个人拿到的都是同一道题。卡住了？**提示**会标出某个按键最少的解中的一次按键，**撤销**会收回一次按键，**新棋盘**会换一道新题。（**显示静默模式**留到第 4 讲再用。）

# %% tags=["nbval-ignore-output"]
board = lo.random_board(5, 5, seed=2024, solvable=True)
game = lo.LightsOutGame(board=board)
game

# %% [markdown]
# 也可以用代码来操作游戏：`demo.press(r, c)` 按下第 `r` 行、第 `c` 列的格子（和 NumPy 一样从 0 开始数），交互组件会把它显示出来。这里我们用棋盘的第二个副本，好让上面那局游戏仍然留给你自己玩。

# %%
demo = lo.LightsOutGame(board=board)
demo.press(0, 0)
demo.press(2, 3)
print(demo.board)
print("目前已按次数：", demo.presses)
print("提示（行，列）：", demo.hint())

# %% tags=["nbval-ignore-output"]
demo

# %% [markdown]
# ## 用纯 NumPy 实现按键
#
# 按键的规则很容易写出来。下面把它写成一个函数，返回一个新的棋盘。

# %%
def press_cell(board, r, c):
    """Return a copy of `board` with cell (r, c) and its orthogonal neighbours toggled."""
    new = board.copy()
    rows, cols = board.shape
    for dr, dc in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]:
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            new[r + dr, c + dc] ^= 1  # ^ is XOR: 0 becomes 1, 1 becomes 0
    return new


dark = np.zeros((5, 5), dtype=np.uint8)
print(press_cell(dark, 2, 2))

# %% [markdown]
# 按角上的格子会切换 3 盏灯，按边上的格子切换 4 盏，按内部的格子切换 5 盏：

# %%
fig, axes = plt.subplots(1, 3, figsize=(9, 3.2))
examples = [("角上", 0, 0), ("边上", 0, 2), ("中间", 2, 2)]
for ax, (where, r, c) in zip(axes, examples, strict=True):
    pressed = dark.copy()
    pressed[r, c] = 1
    lo.draw_board(press_cell(dark, r, c), presses=pressed, ax=ax, title=f"{where}的格子 ({r}, {c})")
fig.suptitle("按一下切换这个格子和它的邻居（朱红色圆点 = 按下的格子）")
plt.show()

# %% [markdown]
# ## 让它成为线性代数的两个事实
#
# **同一个格子按两次等于没按。** 它影响到的每盏灯都被切换了两次。
#
# **按的顺序无关紧要。** 一盏灯最后是亮是灭，只取决于它被切换了多少次，而这个次数与顺序无关。

# %%
twice = press_cell(press_cell(board, 1, 1), 1, 1)
print("按 (1, 1) 两次，棋盘复原：", np.array_equal(twice, board))

one_order = press_cell(press_cell(press_cell(board, 0, 4), 3, 1), 2, 2)
other_order = press_cell(press_cell(press_cell(board, 2, 2), 0, 4), 3, 1)
print("三次按键的顺序无关紧要：", np.array_equal(one_order, other_order))

# %% [markdown]
# 所以，一种玩法完全由**按了哪些格子**（各按一次）决定：也就是一个格子的*集合*。我们把它记成一个与棋盘形状相同的 0/1 数组 `x`，而 `lo.press(board, x)` 会一次性执行所有这些按键。
#
# 对 $5\times 5$ 的棋盘，这样的集合共有 $2^{25} = 33\,554\,432$ 个。计算机可以把它们逐一试遍，手工则毫无希望，而且每多一个格子，这个数就翻一倍。线性代数的办法要好得多。

# %%
x = np.zeros((5, 5), dtype=np.uint8)
x[0, 4] = x[3, 1] = x[2, 2] = 1
print(np.array_equal(lo.press(board, x), one_order))

# %%
lo.QuickQuestion("presses_as_a_set")

# %% [markdown]
# ## 把棋盘和按键看成向量
#
# 把格子**逐行**编号（行优先），从 1 到 $N = $ 行数 $\times$ 列数。对 $3\times3$ 的棋盘：
#
# $$
# \begin{array}{|c|c|c|}\hline 1&2&3\\\hline 4&5&6\\\hline 7&8&9\\\hline\end{array}
# $$
#
# 这样，一个棋盘就是一个向量 $\mathbf{b} = (b_1,\dots,b_N)$，灯 $i$ 亮着时 $b_i = 1$；一组按键就是一个向量 $\mathbf{x}$，格子 $j$ 被按下时 $x_j = 1$。在 NumPy 中，`board.reshape(-1)` 给出的正是这种编号（在 Python 中下标为 $i-1$）。
#
# > **定义（切换矩阵）。** 对于有 $N$ 个格子的棋盘，切换矩阵是这样一个 $N \times N$ 矩阵 $A$：若按格子 $j$ 会切换灯 $i$，则 $A_{ij} = 1$，否则 $A_{ij} = 0$。$A$ 的第 $j$ 列就是按一次格子 $j$ 所切换的那些灯构成的模式。
#
# 按下 $\mathbf{x}$ 中的格子，灯 $i$ 恰好被切换 $(A\mathbf{x})_i$ 次，所以只有 $(A\mathbf{x})_i$ 的**奇偶性**才重要。按完之后的棋盘是 $\mathbf{b} + A\mathbf{x}$（每个分量都取模 2），而我们希望它全为零：
#
# $$
# A\mathbf{x} \equiv \mathbf{b} \pmod 2 .
# $$
#
# （在模 2 的意义下，加上 $\mathbf{b}$ 与减去它是一回事：$1 + 1 \equiv 0$。）
#
# ## 手工构造 $3 \times 3$ 的切换矩阵
#
# 第 $j$ 列在格子 $j$ 本身及其每个邻居对应的位置上为 1。

# %%
rows, cols = 3, 3
N = rows * cols
A = np.zeros((N, N), dtype=np.uint8)
for r in range(rows):
    for c in range(cols):
        j = r * cols + c  # the cell pressed (0-based row-major index)
        for dr, dc in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]:
            if 0 <= r + dr < rows and 0 <= c + dc < cols:
                i = (r + dr) * cols + (c + dc)  # a light it toggles
                A[i, j] = 1
print(A)

# %% [markdown]
# 逐列来读：第 1 列（角上的格子）有三个 1，第 2 列（边上的格子）有四个，第 5 列（中间的格子）有五个。这正是原始文章 *Lights Out and matrices* 中印出的那个 $9\times 9$ 矩阵，下面把它照录进来；程序包中的 `toggle_matrix` 构造出的也是同一个矩阵。

# %%
article_matrix = np.array(
    [
        [1, 1, 0, 1, 0, 0, 0, 0, 0],
        [1, 1, 1, 0, 1, 0, 0, 0, 0],
        [0, 1, 1, 0, 0, 1, 0, 0, 0],
        [1, 0, 0, 1, 1, 0, 1, 0, 0],
        [0, 1, 0, 1, 1, 1, 0, 1, 0],
        [0, 0, 1, 0, 1, 1, 0, 0, 1],
        [0, 0, 0, 1, 0, 0, 1, 1, 0],
        [0, 0, 0, 0, 1, 0, 1, 1, 1],
        [0, 0, 0, 0, 0, 1, 0, 1, 1],
    ],
    dtype=np.uint8,
)
print("手算 == 文章中的：", np.array_equal(A, article_matrix))
print("手算 == lo.toggle_matrix(3, 3)：", np.array_equal(A, lo.toggle_matrix(3, 3)))

# %% [markdown]
# ### 这个矩阵就是游戏本身
#
# 取一个随机的 $3 \times 3$ 棋盘和一组随机按键。模拟这些按键，与计算 $\mathbf{b} + A\mathbf{x} \bmod 2$，一定得到同一个棋盘。

# %%
rng = np.random.default_rng(1)
b3 = rng.integers(0, 2, size=(3, 3), dtype=np.uint8)
x3 = rng.integers(0, 2, size=(3, 3), dtype=np.uint8)
simulated = lo.press(b3, x3)
by_matrix = (b3.reshape(-1) + A @ x3.reshape(-1)) % 2
for name, value in [("棋盘 b", b3), ("按键 x", x3), ("按完之后", simulated)]:
    print(f"{name}:\n{value}")
print("模拟 == b + A x (mod 2)：", np.array_equal(simulated.reshape(-1), by_matrix))

# %% [markdown]
# ## 把 $5 \times 5$ 的切换矩阵画成图
#
# 真正的游戏中，$A$ 是 $25 \times 25$ 的：写成数字太大，没法读；画成图就一目了然（深色方块 = 1）。

# %%
A5 = lo.toggle_matrix(5, 5)
lo.draw_matrix(A5, augmented=False, title="5x5 棋盘的切换矩阵 A（深色 = 1）")
plt.show()

# %% [markdown]
# 有两个特点很显眼。
#
# - **对称**：$A = A^{\mathsf T}$。按 $j$ 会切换 $i$，当且仅当按 $i$ 会切换 $j$，因为“是……的邻居”这一关系是双向的。
# - **带状**：所有的 1 都落在离对角线 5 个位置以内。格子 $j$ 的邻居是 $j \pm 1$（左、右）和 $j \pm 5$（上、下），后者与它相隔棋盘的一行。紧挨主对角线上方和下方的两条对角线每隔 5 个元素就有一个空缺：棋盘每行末尾的格子没有右邻居，而紧接着的格子（下一行的开头）没有左邻居。

# %%
i, j = np.nonzero(A5)
offsets = np.unique(j - i).tolist()
print("对称：", np.array_equal(A5, A5.T))
print("各个 1 到对角线的距离 j - i：", offsets)
print("每列 1 的个数（角上、边上、中间）：", A5.sum(axis=0).reshape(5, 5), sep="\n")

# %% [markdown]
# ## 动手练
#
# 修改下面的尺寸（试试 $4 \times 6$、$1 \times 7$、$8 \times 8$），然后重新运行。先预测一下：现在最外侧的带离对角线有多远？

# %%
rows, cols = 4, 6
lo.draw_matrix(
    lo.toggle_matrix(rows, cols),
    augmented=False,
    title=f"{rows}x{cols} 棋盘的切换矩阵（{rows * cols}x{rows * cols}）",
)
plt.show()

# %% [markdown]
# ## 展望
#
# 解开这道谜题，就是解方程 $A\mathbf{x} = \mathbf{b}$。程序包现在就能做到：图中的圆点就是能把上面发给你的棋盘全部关掉的按键。第 2 讲和第 3 讲会说明这个答案是怎样算出来的。

# %%
solution = lo.solve_board(board)
lo.draw_boards(
    [board, lo.press(board, solution.presses)],
    presses=[solution.presses, None],
    titles=["棋盘和它的解", "按下圆点之后"],
)
plt.show()

# %% [markdown]
# ## 小结
#
# - 按两次会抵消，顺序又无关紧要，所以一个解就是一个格子的**集合**：一个 0/1 向量 $\mathbf{x}$。
# - 把格子逐行编号。切换矩阵 $A$ 满足：按 $j$ 会切换 $i$ 时 $A_{ij} = 1$；第 $j$ 列就是按 $j$ 的效果。
# - 关掉棋盘 $\mathbf{b}$，就是在模 2 下解 $A\mathbf{x} = \mathbf{b}$。
# - 对于矩形网格，$A$ 是对称的带状矩阵。
#
# **试一试**
#
# 1. 手工找出一组按键，把只有中间一盏灯亮着的 $3\times3$ 棋盘关掉。用 `lo.press` 验证。
# 2. `lo.toggle_matrix(5, 5)` 的哪一列 1 最多？哪一列最少？为什么？
# 3. $1 \times N$ 棋盘（只有一行）的切换矩阵是带状的吗？带有多宽？
#
# **练习**：[练习 1——游戏及其切换矩阵](exercises/E1_the_game.zh.ipynb)：手工构造一个切换矩阵（★），数出其中 1 的个数（★★），为任意规则自己实现按键（★★），找出一个“按键顺序无关紧要”的证明中的错误（★★），以及把一串按键变成向量 $\mathbf{x}$（★★）。
#
# **下一讲**：[第 2 讲——有限域 GF(2) 中的算术](02_arithmetic_in_gf2.zh.ipynb)把“模 2”变成一个独立的数系，在其中 $1 + 1 = 0$。资料来源与延伸阅读：见[参考文献](reference/bibliography.zh.ipynb)。
