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
# # 练习 1 — 游戏与切换矩阵
#
# 这些练习配合[第 1 讲](../01_the_game_and_its_toggle_matrix.zh.ipynb)使用。每道题都标有难度：★（热身）、★★（需要一个想法）或 ★★★（一个小项目），并且包括：
#
# - 一段**题目**，以及答案应采用的**格式**；
# - 一条**提示**，默认折叠：只在卡住时再打开；
# - 一个**答案单元格**：把 `None`（或函数体）换成你的答案，然后运行；
# - 一个**检查单元格**：`check_...(answer)` 会显示 *正确*，或者告诉你哪里错了。它从不崩溃，也从不泄露答案，所以尽管多试几次。如果你写的是函数，检查器会在隐藏的测试用例上运行它，并指出第一个没通过的用例。
#
# 棋盘和矩阵可以用 NumPy 数组或嵌套列表给出；棋盘也可以写成文本，例如 `"011/100/001"`（各行之间用 `/` 或换行分隔）。格子按行编号：在纸上从 1 开始，在 Python 中从 0 开始。
#
# 在讲师版中，每道练习后面都跟着它的解答，*Run All*（全部运行）也会运行这些解答：想先自己做一道练习，就逐个运行单元格（Shift+Enter）直到它为止。学生版中没有解答。

# %%
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    check_ones_in_toggle_matrix,
    check_order_does_not_matter,
    check_order_proof,
    check_press_function,
    check_toggle_matrix_2x3,
)

# %% [markdown]
# ## 练习 1.1 ★ — 手写切换矩阵
#
# 把 $2 \times 3$ 棋盘的格子按行编号：
#
# $$
# \begin{array}{|c|c|c|}\hline 1&2&3\\\hline 4&5&6\\\hline\end{array}
# $$
#
# 写出它的切换矩阵 $A$：这是一个 $6 \times 6$ 矩阵，当按格子 $j$ 会切换灯 $i$ 时，$A_{ij} = 1$。先在纸上做，再输入进来。
#
# **答案格式：**由 0 和 1 组成的 $6 \times 6$ 嵌套列表（或数组）。
#
# <details><summary><b>提示</b></summary>
#
# 第 $j$ 列就是按一次格子 $j$ 所切换的模式：格子 $j$ 本身，以及它上、下、左、右的邻居。格子 1（一个角）的邻居是 2 和 4，所以第 1 列是 $(1, 1, 0, 1, 0, 0)$。
# </details>

# %%
answer = None  # your answer here: a 6x6 list of lists

# %%
check_toggle_matrix_2x3(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 逐列来写：角上的格子切换它自己和两个邻居，一行中间的格子切换它自己和三个邻居。

# %% tags=["solution"]
answer = [
    [1, 1, 0, 1, 0, 0],
    [1, 1, 1, 0, 1, 0],
    [0, 1, 1, 0, 0, 1],
    [1, 0, 0, 1, 1, 0],
    [0, 1, 0, 1, 1, 1],
    [0, 0, 1, 0, 1, 1],
]
print("与 lo.toggle_matrix(2, 3) 相同：", np.array_equal(answer, lo.toggle_matrix(2, 3)))
check_toggle_matrix_2x3(answer)

# %% [markdown]
# ## 练习 1.2 ★★ — 有多少个 1？
#
# $n \times n$ 棋盘的 $n^2 \times n^2$ 切换矩阵中，有多少个元素等于 1？找出一个公式，并把它写成函数。
#
# **答案格式：**函数 `ones(n)`，返回一个整数。检查器会尝试从 1 到 100 的若干个 $n$。
#
# **允许使用：**Python 和 NumPy。**检查器运行你的函数时不在场**（它在自己的沙箱中运行；你的笔记本中一切照常可用）：软件包 `lightsout_edu`（`lo.toggle_matrix`、`lo.press` 等）、galois 和 sympy。要靠计数，不要构造矩阵。如果你的函数用到了其中之一，检查器会指出来。
#
# <details><summary><b>提示</b></summary>
#
# 逐列来数：按一个角上的格子、一个边上的格子、一个内部的格子，各切换多少盏灯？棋盘上每种格子各有多少个（注意 $n = 1$ 的情形）？
# </details>

# %%
def ones(n):
    """The number of 1s in the toggle matrix of the n x n board."""
    return None  # your formula here


# %%
check_ones_in_toggle_matrix(ones)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 当 $n \ge 2$ 时：4 个角各切换 3 盏灯，$4(n-2)$ 个边上的格子各切换 4 盏，$(n-2)^2$ 个内部格子各切换 5 盏。总数是 $12 + 16(n-2) + 5(n-2)^2 = 5n^2 - 4n$；而 $n = 1$ 时公式给出 1，也是对的。

# %% tags=["solution"]
def ones(n):
    """The number of 1s in the toggle matrix of the n x n board."""
    return 5 * n * n - 4 * n


check_ones_in_toggle_matrix(ones)

# %% [markdown]
# ## 练习 1.3 ★★ — 任意规则下的按键
#
# 第 1 讲为经典的“十字”规则写了 `press_cell`。这个游戏的其他版本使用别的规则，由一个**模板**（stencil）给出：一个由 0 和 1 组成的 $3 \times 3$ 数组；如果按一下会切换与被按格子相隔 `dr` 行、`dc` 列的格子，就有 `stencil[1 + dr, 1 + dc] == 1`。十字规则是
#
# ```
# [[0, 1, 0],
#  [1, 1, 1],
#  [0, 1, 0]]
# ```
#
# 而 `[[1, 0, 1], [0, 1, 0], [1, 0, 1]]` 切换格子本身和它的四个对角邻居。写一个函数 `press_cell(board, r, c, stencil)`，返回一个**新的**棋盘（不要修改传进来的棋盘）。超出棋盘边缘的格子就当作不存在。
#
# **答案格式：**函数 `press_cell(board, r, c, stencil)`，返回一个形状相同的棋盘。
#
# **允许使用：**Python 和 NumPy。**检查器运行你的函数时不在场**（它在自己的沙箱中运行；你的笔记本中一切照常可用）：软件包 `lightsout_edu`（`lo.press`、`lo.toggle_matrix` 等）、galois 和 sympy。如果你的函数用到了其中之一，检查器会指出来。
#
# <details><summary><b>提示</b></summary>
#
# 让 `dr` 和 `dc` 遍历 `(-1, 0, 1)`；跳过模板为 0 的偏移，以及不满足 `0 <= r + dr < rows`、`0 <= c + dc < cols` 的格子。注意：在 Python 中 `board[-1]` 是*最后*一行，而不会报错，所以要自己检查边界。
# </details>

# %%
def press_cell(board, r, c, stencil):
    """A copy of `board` after pressing cell (r, c) with the given 3x3 stencil."""
    return None  # your code here


# %%
check_press_function(press_cell)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
def press_cell(board, r, c, stencil):
    """A copy of `board` after pressing cell (r, c) with the given 3x3 stencil."""
    new = board.copy()
    rows, cols = board.shape
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            inside = 0 <= r + dr < rows and 0 <= c + dc < cols
            if stencil[1 + dr][1 + dc] and inside:
                new[r + dr, c + dc] ^= 1
    return new


check_press_function(press_cell)

# %% [markdown]
# ## 练习 1.4 ★★ — 一个有错误的证明
#
# 下面这个证明试图说明按键的顺序无关紧要。其中恰好有一步是错的。是哪一步？
#
# > 设 $\mathbf{b}$ 是一个棋盘，按顺序按下格子 $j_1, j_2, \dots, j_m$（同一个格子可以出现多次）。
# >
# > **(a)** 按一次格子 $j$，就是把 $A$ 的列 $\mathbf{a}_j$ 模 2 加到棋盘上：按完之后的棋盘是 $\mathbf{b} + \mathbf{a}_{j_1} + \dots + \mathbf{a}_{j_m}$。
# >
# > **(b)** 模 2 加法满足交换律和结合律，所以这个和与各个 $j_k$ 的顺序无关。
# >
# > **(c)** 一个格子按了两次，贡献 $2\mathbf{a}_j$，所以我们在 $\mathbf{x}$ 中为它记 2：$x_j$ 记录格子 $j$ 被按的次数。
# >
# > **(d)** 因此按完之后的棋盘是 $\mathbf{b} + A\mathbf{x}$，它只依赖于 $\mathbf{x}$，与顺序无关。
#
# **答案格式：**错误那一步的字母，例如 `"b"`。

# %%
answer = None  # your answer here: "a", "b", "c" or "d"

# %%
check_order_proof(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 第 (c) 步：在有限域 GF(2) 上 $2\mathbf{a}_j = \mathbf{0}$，所以一个格子按两次等于没按。正确的 $\mathbf{x}$ 记录的是每个格子被按次数的**奇偶性**，这也正是一个解就是一组格子的原因。

# %% tags=["solution"]
answer = "c"
check_order_proof(answer)

# %% [markdown]
# ## 练习 1.5 ★★ — 从按键序列到 $\mathbf{x}$
#
# 把改正后的证明写成代码：给定按顺序排列的按键序列（用从 0 开始的格子编号表示），返回 0/1 向量 $\mathbf{x}$，使得 $\text{board after the presses} = \mathbf{b} + A\mathbf{x} \pmod 2$（左边是按完这些键之后的棋盘）。检查器会在真实的棋盘上逐次按下每个隐藏序列，然后进行比较。
#
# **答案格式：**函数 `parity_vector(sequence, n_cells)`，返回由 `n_cells` 个 0 和 1 组成的列表或数组。
#
# <details><summary><b>提示</b></summary>
#
# 数一数每个格子在序列中出现了多少次（用带 `minlength` 参数的 `np.bincount`，或者用循环），然后只保留奇偶性。
# </details>

# %%
def parity_vector(sequence, n_cells):
    """x with: pressing `sequence` in order turns b into b + A x (mod 2)."""
    return None  # your code here


# %%
check_order_does_not_matter(parity_vector)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
def parity_vector(sequence, n_cells):
    """x with: pressing `sequence` in order turns b into b + A x (mod 2)."""
    return np.bincount(np.asarray(sequence, dtype=int), minlength=n_cells) % 2


check_order_does_not_matter(parity_vector)

# %% [markdown]
# **下一步**：[第 2 讲 — 有限域 GF(2) 中的运算](../02_arithmetic_in_gf2.zh.ipynb)和[练习 2](E2_gf2.zh.ipynb)。
