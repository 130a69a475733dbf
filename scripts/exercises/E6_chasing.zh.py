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
# # 练习 6 — 追灯法
#
# 这些练习配合[第 6 讲](../06_light_chasing.zh.ipynb)使用。★ 是热身，★★ 需要一个想法，★★★ 是一个小项目：在最后一题中，你要用追灯法写一个求解器，检查器会给它一些大到根本无法逐一尝试所有第一行的棋盘。
#
# 在讲师版中，每道练习后面都跟着它的解答，*Run All*（全部运行）也会运行这些解答：想先自己做一道练习，就逐个运行单元格（Shift+Enter）直到它为止。学生版中没有解答。

# %%
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    CHASE_BOARD,
    CHASE_FIRST_ROW,
    check_chase_by_hand,
    check_chase_converse,
    check_light_chase,
    check_unique_solution,
)

lo.use_course_style()

# %% [markdown]
# ## 练习 6.1 ★ — 手工追灯
#
# 在下面的 $4 \times 4$ 棋盘 `CHASE_BOARD` 上按下第一行 `CHASE_FIRST_ROW` = (0, 1, 0, 0)，然后**在纸上**把灯往下追：在第 2 行中，按第 1 行每盏仍亮着的灯正下方的格子；然后在第 3 行按第 2 行亮灯的正下方，在第 4 行按第 3 行亮灯的正下方。你按了哪些格子？

# %%
chase_board = lo.parse_board(CHASE_BOARD)
lo.draw_board(chase_board, title="CHASE_BOARD")
plt.show()

# %% [markdown]
# **答案格式：**你的按键组成的 $4 \times 4$ 棋盘，包括第一行。
#
# <details><summary><b>提示</b></summary>
#
# 按完第 1 行后，只有第 1 行和第 2 行会改变。每处理完一行就把棋盘写下来；并且记住，第 $r + 1$ 行中的一次按键还会切换它在第 $r + 1$ 行和第 $r + 2$ 行中的邻居。
# </details>

# %%
answer = None  # your answer here: a 4x4 board of presses

# %%
check_chase_by_hand(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
presses, leftover = lo.chase_lights(chase_board, CHASE_FIRST_ROW)
print(lo.format_board(presses))
print("最后一行剩下的灯：", leftover)
answer = presses
check_chase_by_hand(answer)

# %% [markdown]
# ## 练习 6.2 ★★ — 逆命题
#
# 第 6 讲证明了：取第一行是从 $\ker A$ 到 $\ker C$ 的一个双射。其中“满射”那一半是说：每个满足 $C\mathbf{f} = \mathbf{0}$ 的 $\mathbf{f}$ 都是某个静默模式的第一行。下面哪个论证证明了这一点？
#
# > **(a)** $C$ 是方阵，所以它的核与 $A$ 的核维数相同。
# >
# > **(b)** 在全暗的棋盘上从第一行 $\mathbf{f}$ 开始追灯。由追灯的构造，第 $1, \dots, n-1$ 行最后都是暗的，而最后一行最后是 $C\mathbf{f} = \mathbf{0}$。所以这些按键不改变任何灯：它们是一个第一行为 $\mathbf{f}$ 的静默模式。
# >
# > **(c)** $A$ 是对称的，所以 $\ker A = \ker A^{\mathsf T}$，而它的元素的第一行构成 $C$ 的核。
# >
# > **(d)** 一个可解的棋盘有 $2^{\text{nullity}}$ 个解，所以 $\ker C$ 与 $\ker A$ 的元素个数相同。
#
# **答案格式：**正确论证的字母。

# %%
answer = None  # your answer here: "a", "b", "c" or "d"

# %%
check_chase_converse(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
answer = "b"
check_chase_converse(answer)

# %% [markdown]
# ## 练习 6.3 ★★ — 恰好一个解
#
# 给出一个棋盘，大小至少为 $4 \times 4$（至多为 $60 \times 60$），至少有一盏灯亮着，并且**恰好只有一种**方法能把它全部熄灭。
#
# **答案格式：**一个由 0 和 1 组成的棋盘。
#
# <details><summary><b>提示</b></summary>
#
# 解什么时候唯一？追灯矩阵的零化度会告诉你，而且对每种大小它都能很快算出来。
# </details>

# %%
answer = None  # your answer here: a board

# %%
check_unique_solution(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 任何切换矩阵可逆的棋盘都行，例如任何一个 $6 \times 6$ 棋盘。选一个追灯矩阵零化度为 0 的大小：

# %% tags=["solution"]
n = next(n for n in range(4, 20) if lo.rank(lo.chase_matrix(n)) == n)
answer = lo.random_board(n, n, seed=1)
print(f"{n} x {n}：追灯矩阵满秩")
check_unique_solution(answer)

# %% [markdown]
# ## 练习 6.4 ★★★ — 用追灯法写求解器
#
# 写一个使用追灯法的求解器：先在第一行不按任何键的情况下把灯往下追，再通过解小方程组 $C\mathbf{f} = \mathbf{r}_0$ 找出能清除剩余亮灯的第一行，然后从这一行开始重新追一遍。返回按键；如果棋盘无法全部熄灭，就返回 `None`。检查器会尝试最大到 $30 \times 30$ 的棋盘，有可解的也有不可解的：逐一尝试全部 $2^{30}$ 个第一行会花太长时间。
#
# 把它写成三个函数：`chase(board, first_row)`，返回按键以及最后一行剩下亮着的灯（即 `lo.chase_lights` 做的事）；`solve_gf2(C, r)`，返回 $C\mathbf{f} = \mathbf{r}$ 在 GF(2) 上的一个解，或者 `None`（一次高斯–若尔当消元，和第 3 讲一样）；以及使用它们的 `solve_by_chasing(board)`。$C$ 要由你自己构造。检查之前，先在笔记本里把你的 `chase` 和 `lo.chase_lights`、你的 `solve_gf2` 和 `lo.solve` 对比一下。
#
# **允许使用：**Python 和 NumPy。**检查器运行你的函数时不在场**（它在自己的沙箱里运行；在你的笔记本中一切照常可用）：软件包 `lightsout_edu`、galois 和 sympy。如果你的函数用到其中某一个，检查器会指出来。
#
# **答案格式：**函数 `solve_by_chasing(board)`，返回一个按键棋盘或 `None`；它调用的函数也定义在笔记本中。
#
# <details><summary><b>提示</b></summary>
#
# 从 $\mathbf{f}$ 开始追灯：在第 1 行按下 $\mathbf{f}$，然后在之后的每一行，按下上一行仍亮着的每盏灯正下方的格子；按一个格子会切换它自己以及它上、下、左、右在棋盘内的邻格。$C$ 的第 $j$ 列，是**全暗**棋盘从只按第 $j$ 格的第一行开始追灯后剩下的最后一行。由线性性，`board` 从 $\mathbf{f}$ 开始追灯剩下的是 $C\mathbf{f} + \mathbf{r}_0$，所以你需要 $C\mathbf{f} = \mathbf{r}_0$（在 GF(2) 上，减就是加）。
# </details>


# %%
def chase(board, first_row):
    """Press `first_row` in row 1, then chase the lights down; the presses and the last row."""
    return None, None  # your code here


def solve_gf2(C, r):
    """One solution f of C f = r over GF(2) (free unknowns 0), or None."""
    return None  # your code here


def solve_by_chasing(board):
    """Presses that switch `board` off, found by light chasing; None if impossible."""
    return None  # your code here


# %%
board = lo.random_board(4, 5, seed=6)
first_row = np.array([1, 0, 0, 1, 0], dtype=np.uint8)
print("你的追灯：        ", chase(board, first_row))
print("lo.chase_lights： ", lo.chase_lights(board, first_row))
C = np.array([[1, 1, 0], [0, 1, 1], [1, 1, 1]], dtype=np.uint8)
r = np.array([1, 0, 1], dtype=np.uint8)
print("你的 solve_gf2：  ", solve_gf2(C, r))
print("lo.solve：        ", lo.solve(C, r))

# %%
check_light_chase(solve_by_chasing)

# %% [markdown] tags=["solution"]
# ### 解答


# %% tags=["solution"]
def chase(board, first_row):
    """Press `first_row` in row 1, then chase the lights down; the presses and the last row."""
    lights = np.array(board, dtype=np.uint8) % 2
    rows, cols = lights.shape
    presses = np.zeros_like(lights)
    for r in range(rows):
        row = np.array(first_row, dtype=np.uint8) % 2 if r == 0 else lights[r - 1].copy()
        presses[r] = row
        lights[r] ^= row  # the pressed cells
        lights[r, 1:] ^= row[:-1]  # their right neighbours
        lights[r, :-1] ^= row[1:]  # their left neighbours
        if r > 0:
            lights[r - 1] ^= row  # above: the row chased dark
        if r + 1 < rows:
            lights[r + 1] ^= row  # below
    return presses, lights[-1].copy()


def solve_gf2(C, r):
    """One solution f of C f = r over GF(2) (free unknowns 0), or None."""
    M = np.column_stack([np.array(C, dtype=np.uint8) % 2, np.array(r, dtype=np.uint8) % 2])
    unknowns = M.shape[1] - 1
    pivots = []
    for col in range(unknowns):
        top = len(pivots)
        below = np.flatnonzero(M[top:, col])
        if below.size == 0:
            continue  # a free column
        M[[top, top + below[0]]] = M[[top + below[0], top]]
        others = np.flatnonzero(M[:, col])
        M[others[others != top]] ^= M[top]
        pivots.append(col)
    if M[len(pivots) :, -1].any():
        return None  # a row 0 = 1
    f = np.zeros(unknowns, dtype=np.uint8)
    f[pivots] = M[: len(pivots), -1]
    return f


def solve_by_chasing(board):
    """Presses that switch `board` off, found by light chasing; None if impossible."""
    rows, cols = board.shape
    dark = np.zeros((rows, cols), dtype=np.uint8)
    leftover = chase(board, np.zeros(cols, dtype=np.uint8))[1]
    units = np.eye(cols, dtype=np.uint8)
    C = np.column_stack([chase(dark, units[j])[1] for j in range(cols)])
    first_row = solve_gf2(C, leftover)
    if first_row is None:
        return None
    return chase(board, first_row)[0]


check_light_chase(solve_by_chasing)

# %% [markdown]
# **下一步**：[第 7 讲 — 变体](../07_variants.zh.ipynb)和[练习 7](E7_variants.zh.ipynb)。
