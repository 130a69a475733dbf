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
# # 练习 5 — 全部解与最少按键
#
# 这些练习配合[第 5 讲](../05_all_solutions_and_fewest_presses.zh.ipynb)使用。★ 是热身，★★ 需要一个想法，★★★ 是一个小项目：在最后一题中，你要自己写出求最少按键的精确搜索。
#
# 在讲师版中，每道练习后面都跟着它的解答，*Run All*（全部运行）也会运行这些解答：想先自己做一道练习，就逐个运行单元格（Shift+Enter）直到它为止。学生版中没有解答。

# %%
import itertools

import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    EXACT_PRESSES,
    SECOND_SOLUTION_BOARD,
    SECOND_SOLUTION_PRESSES,
    check_fewest_presses,
    check_needs_exactly_k_presses,
    check_second_solution_5x5,
    check_solution_count_4x4,
)

lo.use_course_style()

# %% [markdown]
# ## 练习 5.1 ★ — 有多少个解？
#
# 一个 $4 \times 4$ 棋盘能全部熄灭。有多少种不同的方法（即不同的按键集合）？
#
# **答案格式：**一个整数。
#
# <details><summary><b>提示</b></summary>
#
# 全部解构成一个陪集 $\mathbf{x}_p + \ker A$。$4 \times 4$ 切换矩阵的核有多少个元素？
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_solution_count_4x4(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
nullity = 16 - lo.rank(lo.toggle_matrix(4, 4))
answer = 2**nullity
print(f"零化度 {nullity}：每个可解棋盘有 {answer} 个解")
check_solution_count_4x4(answer)

# %% [markdown]
# ## 练习 5.2 ★★ — 另一种熄灯方法
#
# 按键 `SECOND_SOLUTION_PRESSES`（左图中的圆点）能把棋盘 `SECOND_SOLUTION_BOARD` 全部熄灭。找出另一组**不同的**按键，它也能做到。

# %%
board = lo.parse_board(SECOND_SOLUTION_BOARD)
known = lo.parse_board(SECOND_SOLUTION_PRESSES)
lo.draw_boards(
    [board, lo.press(board, known)],
    presses=[known, None],
    titles=["棋盘和已知的按键", "按下它们之后"],
)
plt.show()

# %% [markdown]
# **答案格式：**一个 $5 \times 5$ 的按键棋盘（数组、嵌套列表或文本）。
#
# <details><summary><b>提示</b></summary>
#
# 把一个静默模式加到已知的按键上（在 GF(2) 上相加）。可以在棋盘的副本上手工做，也可以用 `lo.solve_board` 的 `quiet_patterns`。
# </details>

# %%
answer = None  # your answer here: a 5x5 board of presses

# %%
check_second_solution_5x5(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
q1 = lo.solve_board(board).quiet_patterns[0]
answer = (known + q1) % 2
print(lo.format_board(answer))
check_second_solution_5x5(answer)

# %% [markdown]
# ## 练习 5.3 ★★ — 恰好需要按六次的棋盘
#
# 找一个 $4 \times 4$ 棋盘，它的最少按键解**恰好有 6 次**按键（`EXACT_PRESSES = (4, 4, 6)`）：按 6 次能全部熄灭，但更少则不行。
#
# **答案格式：**一个 $4 \times 4$ 棋盘。
#
# <details><summary><b>提示</b></summary>
#
# 在全暗的棋盘上按 6 个格子，得到的棋盘用 6 次按键就能熄灭。但 $4 \times 4$ 游戏有很多静默模式：同一个陪集中的另一个解可能更短。多试几种选法，并用 `lo.solve_board(b).fewest_presses()` 查一查。
# </details>

# %%
answer = None  # your answer here: a 4x4 board

# %%
check_needs_exactly_k_presses(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 按六个格子；如果不存在更短的解，就保留得到的棋盘。按阅读顺序尝试，排在最前面的选法就已经可行：

# %% tags=["solution"]
rows, cols, k = EXACT_PRESSES
dark = np.zeros((rows, cols), dtype=np.uint8)
for cells in itertools.combinations(range(rows * cols), k):
    presses = np.zeros(rows * cols, dtype=np.uint8)
    presses[list(cells)] = 1
    candidate = lo.press(dark, presses.reshape(rows, cols))
    if lo.solve_board(candidate).fewest_presses().sum() == k:
        break
answer = candidate
print("按过的格子：", cells)
print(lo.format_board(answer))
check_needs_exactly_k_presses(answer)

# %% [markdown]
# ## 练习 5.4 ★★★ — 自己写精确搜索
#
# 写出第 5 讲中求最少按键的穷举搜索。你会得到一个解 $\mathbf{x}_p$（一个 0/1 向量）和核的一组基（一个 $d \times N$ 的 0/1 数组的各行）；返回陪集 $\mathbf{x}_p + \ker A$ 中**重量最小**（1 的个数最少）的一个向量。检查器会给你的函数大约 18 个隐藏的棋盘，其中包括 $9 \times 9$ 的棋盘（此时 $d = 8$）。
#
# **答案格式：**函数 `fewest(particular, kernel)`，返回一个长度为 $N$ 的 0/1 向量。
#
# **允许使用：**Python、NumPy 和 `itertools`。**检查器运行你的函数时不在场**（它在自己的沙箱里运行；在你的笔记本中一切照常可用）：软件包 `lightsout_edu`（`lo.solve_board` 及其 `fewest_presses()`、`lo.optimal_press_counts`、它的线性代数和棋盘函数）、galois 和 sympy。如果你的函数用到其中某一个，检查器会指出来。
#
# <details><summary><b>提示</b></summary>
#
# 用 `itertools.product((0, 1),
# repeat=d)` 遍历全部 $2^d$ 个系数向量 $\mathbf{c}$；
# 对应的候选是 `(particular + c @ kernel) % 2`。保留最轻的那个。（更快的做法：按格雷码顺序遍历，每一步只做一次异或。）
# </details>


# %%
def fewest(particular, kernel):
    """A vector of least weight in particular + span(rows of kernel), over GF(2)."""
    return None  # your code here


# %%
check_fewest_presses(fewest)

# %% [markdown] tags=["solution"]
# ### 解答


# %% tags=["solution"]
def fewest(particular, kernel):
    """A vector of least weight in particular + span(rows of kernel), over GF(2)."""
    best = particular
    for c in itertools.product((0, 1), repeat=len(kernel)):
        candidate = (particular + np.array(c, dtype=np.int64) @ kernel) % 2
        if candidate.sum() < best.sum():
            best = candidate
    return best


check_fewest_presses(fewest)

# %% [markdown]
# **下一步**：[第 6 讲 — 追灯法](../06_light_chasing.zh.ipynb)和[练习 6](E6_chasing.zh.ipynb)。
