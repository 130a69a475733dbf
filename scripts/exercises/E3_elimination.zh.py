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
# # 练习 3 — 高斯-若尔当消元
#
# 这些练习配合[第 3 讲](../03_gauss_jordan_step_by_step.zh.ipynb)使用。★ 是热身，★★ 需要一个想法，★★★ 是一个小项目。在最后一题中，你要自己写出消元算法，检查器会在隐藏的矩阵上运行它。
#
# 在讲师版中，每道练习后面都跟着它的解答，*Run All*（全部运行）也会运行这些解答：想先自己做一道练习，就逐个运行单元格（Shift+Enter）直到它为止。学生版中没有解答。

# %%
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    HAND_MATRIX,
    check_free_columns_4x4,
    check_gauss_jordan,
    check_pivots_by_hand,
    check_rref_by_hand,
)

M = np.array(HAND_MATRIX)
print(M)

# %% [markdown]
# ## 练习 3.1 ★ — 在纸上找主元
#
# **在纸上**用第 3 讲的算法，在 GF(2) 上化简上面打印出的 $4 \times 5$ 矩阵（`HAND_MATRIX`）：逐列进行，在当前行或它下方找一个 1，把它交换上来，再消去该列的其余元素。哪些列有主元？
#
# **答案格式：**主元列的列号，像在纸上一样从 1 开始数，例如 `[2, 3]`。
#
# <details><summary><b>提示</b></summary>
#
# 第 1 列的第一个 1 在第 3 行，所以第一步是交换第 1 行和第 3 行。记住当前行是哪一行：只有找到主元时，它才下移一行。
# </details>

# %%
answer = None  # your answer here: a list of column numbers

# %%
check_pivots_by_hand(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 第 1 列：它的第一个 1 在第 3 行，所以交换第 1 行和第 3 行；第 4 行在这一列也有一个 1，所以把第 1 行加到第 4 行。第 2 列：主元已经在第 2 行；第 3 行和第 4 行在第 2 列有 1，所以把第 2 行加到第 3 行和第 4 行。第 3 列：第 3 行和第 4 行在这一列现在都是 0，这是一个自由列。第 4 列：主元在第 3 行；把第 3 行加到第 1 行和第 2 行。第 5 列：第 4 行全为零，这是一个自由列。共有三列有主元，即第 1、2、4 列；第 3 列和第 5 列是自由列。记录下来的消元过程 `lo.eliminate(M)` 恰好执行了这六步操作：

# %% tags=["solution"]
e = lo.eliminate(M)
for k in range(len(e.steps)):
    print(f"第 {k} 步：{e.explain(k)}")
answer = [c + 1 for c in e.pivots]
check_pivots_by_hand(answer)

# %% [markdown]
# ## 练习 3.2 ★ — 自己动手化简
#
# 在下面的交互组件中，把第 3 讲中 $3 \times 3$ 棋盘的方程组 $[A \mid \mathbf{b}]$ 化为行最简形（RREF）：先点一个行标签，再点另一个，然后点**交换**或**相加**。之后运行检查单元格：它会读取你点过的操作。
#
# **答案格式：**完成操作后的交互组件本身，即 `practice`。
#
# <details><summary><b>提示</b></summary>
#
# 第 1 列的主元已经在第 1 行；把第 1 行加到第 1 列中有 1 的其他每一行上。在第 2 列中，位于第 2 行或其下方的第一个 1 可能在更靠下的位置：先把它交换上来。
# </details>

# %% tags=["nbval-ignore-output"]
practice = lo.RowReductionPractice()
practice

# %%
check_rref_by_hand(practice)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 用代码在一个新的交互组件上执行记录下来的消元操作（上面那个是你的）：

# %% tags=["solution"]
done = lo.RowReductionPractice()
recorded = lo.eliminate(lo.toggle_matrix(3, 3), [1, 1, 0, 1, 0, 0, 0, 0, 1])
for step in recorded.steps:
    if isinstance(step, lo.Swap):
        done.swap(step.i, step.j)
    else:
        done.add(step.src, step.dst)
print(done)
check_rref_by_hand(done)

# %% [markdown]
# ## 练习 3.3 ★★ — $4 \times 4$ 游戏的自由列
#
# 对 $4 \times 4$ 棋盘的 $16 \times 16$ 切换矩阵做消元。它的哪些列是**自由列**（没有主元）？
#
# **答案格式：**自由列的列号，从 1 开始数，例如 `[3, 9]`。
#
# <details><summary><b>提示</b></summary>
#
# `lo.eliminate(lo.toggle_matrix(4, 4))` 会记录消元过程；它的 `.pivots` 就是主元列，从 0 开始数。
# </details>

# %%
answer = None  # your answer here: a list of column numbers

# %%
check_free_columns_4x4(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
pivots = lo.eliminate(lo.toggle_matrix(4, 4)).pivots
answer = [c + 1 for c in range(16) if c not in pivots]
print("自由列：", answer)
check_free_columns_4x4(answer)

# %% [markdown] tags=["solution"]
# 四个自由列恰好是整个最后一行：一旦选定了最后一行的按键，前三行的按键就随之确定。第 6 讲会解释其中的原因，不过它是反过来追的：从第一行往下追。

# %% [markdown]
# ## 练习 3.4 ★★★ — 自己写高斯-若尔当消元
#
# 自己写出消元算法：写一个函数，接受一个 0/1 矩阵（任意形状的 NumPy 数组，例如 $[A \mid \mathbf{b}]$），返回它在 GF(2) 上的行最简形以及主元列。对每一列一视同仁，最后一列也不例外。不要使用本软件包里的消元函数：这道题的意义就在于自己写。
#
# **允许使用：**Python 和 NumPy（数组、索引、`np.flatnonzero`、表示异或的 `^` 等）。**检查器运行你的函数时不在场**（它在自己的沙箱中运行；你的笔记本中一切照常可用）：软件包 `lightsout_edu`（它的消元 `lo.rref`、`lo.eliminate`，以及它的棋盘和矩阵，例如 `lo.toggle_matrix`，也都不在）、galois 和 sympy。如果你的函数用到了其中之一，检查器会指出来。
#
# 检查器会在大约 20 个隐藏的矩阵上运行你的函数：零矩阵、全 1 矩阵、$1 \times 1$ 矩阵、需要交换行的矩阵、高矩阵和宽矩阵、$3 \times 3$ 切换矩阵、一个不可解的 $[A \mid \mathbf{b}]$，以及一些随机矩阵。它会指出你的函数第一个算错的矩阵，以及结果错在哪里。
#
# **答案格式：**函数 `gauss_jordan(M)`，返回一个二元组 `(R, pivots)`：`R` 是与 `M` 形状相同的数组，`pivots` 是主元列组成的列表，从 0 开始数。
#
# <details><summary><b>提示</b></summary>
#
# 维护一个当前行 `r = 0`。对每一列 `c`：在 `R[r:, c]` 中找一个 1（用 `np.flatnonzero`）；如果没有，就继续看下一列。否则把那一行与第 `r` 行交换，把第 `r` 行异或到第 `c` 列中有 1 的**所有**其他行上（上方和下方都要），记下 `c`，并把 `r` 下移一行。当 `r` 越过最后一行时停止。在副本上操作：`R = M.copy() % 2`。
# </details>

# %%
def gauss_jordan(M):
    """The reduced row echelon form of M over GF(2) and its pivot columns."""
    R = M.copy() % 2
    pivots = []
    # your code here
    return R, pivots


# %%
check_gauss_jordan(gauss_jordan)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
def gauss_jordan(M):
    """The reduced row echelon form of M over GF(2) and its pivot columns."""
    R = M.copy() % 2
    pivots = []
    r = 0
    for c in range(R.shape[1]):
        if r == R.shape[0]:
            break
        below = np.flatnonzero(R[r:, c])
        if below.size == 0:
            continue  # a free column
        p = r + below[0]
        R[[r, p]] = R[[p, r]]  # swap the pivot row up
        for i in np.flatnonzero(R[:, c]):
            if i != r:
                R[i] ^= R[r]  # clear column c above and below
        pivots.append(c)
        r += 1
    return R, pivots


check_gauss_jordan(gauss_jordan)

# %% [markdown]
# **下一步**：[第 4 讲 — 可解性与核](../04_solvability_and_the_kernel.zh.ipynb)和[练习 4](E4_kernel.zh.ipynb)。
