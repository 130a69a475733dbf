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
# # 练习 9 — 一个棋盘最多需要按多少次？
#
# 这些练习配合[第 9 讲](../09_how_many_presses.zh.ipynb)使用。★ 是热身，★★ 需要一个想法，★★★ 要你自己完成一个证明。
#
# 在讲师版中，每道练习后面都跟着它的解答，*Run All*（全部运行）也会运行这些解答：想先自己做一道练习，就逐个运行单元格（Shift+Enter）直到它为止。学生版中没有解答。

# %%
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    BOUND_BOARD,
    WORST_5X5,
    check_counting_bound,
    check_fifteen_proof,
    check_hardest_3x5,
    check_most_presses_6x7,
    check_worst_4x4_proof,
)

lo.use_course_style()

# %% [markdown]
# ## 练习 9.1 ★ — $6 \times 7$ 棋盘的最坏情形
#
# 一个可解的 $6 \times 7$ 棋盘最多可能需要按多少次？先想好证明再作答，然后检查。
#
# **答案格式：**一个整数。
#
# <details><summary><b>提示</b></summary>
#
# 先求 $6 \times 7$ 棋盘的零化度（用 `lo.rank`）。当它为 0 时，第 9 讲是怎么说的？
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_most_presses_6x7(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
print("零化度：", 42 - lo.rank(lo.toggle_matrix(6, 7)))
answer = 42
check_most_presses_6x7(answer)

# %% [markdown]
# ## 练习 9.2 ★ — 计数下界
#
# 不做任何求解：按计数论证（按一次最多改变 5 盏灯），`BOUND_BOARD` **至少**需要按多少次？

# %%
bound_board = lo.parse_board(BOUND_BOARD)
lo.draw_board(bound_board, title="BOUND_BOARD")
plt.show()

# %% [markdown]
# **答案格式：**一个整数。
#
# <details><summary><b>提示</b></summary>
#
# 数一数亮着的格子。$k$ 次按键能改变多于 $5k$ 盏灯吗？
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_counting_bound(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
lit = int(bound_board.sum())
answer = -(-lit // 5)  # the ceiling of lit / 5
print(f"亮着 {lit} 盏灯，每按一下至多 5 盏：至少要按 {answer} 下")
check_counting_bound(answer)

# %% [markdown]
# ## 练习 9.3 ★★ — 一个最难的 $3 \times 5$ 棋盘
#
# 没有哪个可解的 $3 \times 5$ 棋盘需要超过 8 次按键。找一个恰好需要 8 次的。
#
# **答案格式：**一个 $3 \times 5$ 棋盘。
#
# <details><summary><b>提示</b></summary>
#
# 当一个棋盘的按键模式离每个静默模式都很远时，它就需要很多次按键。`lo.most_clicks` 可以替你完成，但请先自己试试：搜索由按若干格子得到的棋盘，保留一个 `fewest_presses()` 有 8 次按键的。
# </details>

# %%
answer = None  # your answer here: a 3x5 board

# %%
check_hardest_3x5(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 搜索全部 $2^{15}$ 个按键模式（不到一秒），保留第一个需要 8 次的：

# %% tags=["solution"]
dark = np.zeros((3, 5), dtype=np.uint8)
for code in range(2**15):
    presses = ((code >> np.arange(15)) & 1).astype(np.uint8).reshape(3, 5)
    if presses.sum() < 8:
        continue
    board = lo.press(dark, presses)
    if lo.solve_board(board).fewest_presses().sum() == 8:
        break
answer = board
print(lo.format_board(answer))
check_hardest_3x5(answer)

# %% [markdown]
# ## 练习 9.4 ★★ — 为什么需要 15 次按键
#
# 棋盘 `WORST_5X5` 需要 15 次按键。证明很短：列出它的**全部**解，数一数每个解的按键次数。这些次数分别是多少？

# %%
worst = lo.parse_board(WORST_5X5)
lo.draw_board(worst, title="WORST_5X5")
plt.show()

# %% [markdown]
# **答案格式：**各个解的按键次数组成的列表，例如 `[15, 16, 17, 18]`。
#
# <details><summary><b>提示</b></summary>
#
# 一个可解的 $5 \times 5$ 棋盘有 $2^2 = 4$ 个解：`lo.solve_board(worst).all_solutions()`。
# </details>

# %%
answer = None  # your answer here: a list of four numbers

# %%
check_fifteen_proof(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
answer = [int(x.sum()) for x in lo.solve_board(worst).all_solutions()]
print(answer)
check_fifteen_proof(answer)

# %% [markdown] tags=["solution"]
# 每个解都有 15 次按键，而任何一种把棋盘熄灭的方法（抵消掉按了两次的格子之后）都是这四个解之一：所以少于 15 次是不行的。

# %% [markdown]
# ## 练习 9.5 ★★★ — 手工证明 $4 \times 4$ 棋盘的最坏情形
#
# 第 9 讲用整数规划求出了 $4 \times 4$ 棋盘的最坏情形：7 次按键。请分三步手工证明其中需要论证的那一半：**没有哪个可解的 $4 \times 4$ 棋盘需要 8 次按键**。
#
# 一个可解的 $4 \times 4$ 棋盘有 16 个解 $\mathbf{x} + \mathbf{q}$，每个静默模式 $\mathbf{q}$ 对应一个（第 5 讲）。
#
# 1. 选一个不被任何其他格子*遮蔽*的格子 $j$：对每个其他格子 $i$，都有某个静默模式恰好按了 $i, j$ 中的一个。（用第 9 讲的说法：一个只含一个格子的类型。）那么 16 个解中有 8 个按了 $j$，另外 8 个没有按它。
# 2. 再取另一个格子 $i$。在没有按 $j$ 的那 8 个解中，有多少个按了 $i$？答案必须既不依赖于棋盘，也不依赖于你取的是哪个 $i$。
# 3. 那么这 8 个解**总共**按了多少次？对每个可解的棋盘，这个数都相同，而这 8 个解中有一个的按键次数至多是它的八分之一。
#
# **答案格式：**一个字典 `{"cell": (row, column), "each": ..., "total": ...}`，其中给出第 1 步中的格子（行号和列号都从 1 开始数），以及第 2 步和第 3 步得到的数。
#
# <details><summary><b>提示</b></summary>
#
# 把静默模式写成 $c_1\mathbf{q}_1 + \dots + c_4\mathbf{q}_4$。当 $x_k + \mathbf{c}\cdot t_k = 1$ 时，解就按了格子 $k$，其中 $t_k \in \mathrm{GF}(2)^4$ 是格子 $k$ 的类型。不按 $j$ 就确定了 $\mathbf{c}\cdot t_j$ 的值；当 $t_i \ne t_j$ 且两者都不为零时，在这 8 个向量 $\mathbf{c}$ 中，$\mathbf{c}\cdot t_i = 0$ 出现多少次？用 `lo.solve_board(b).all_solutions()` 在一两个棋盘上检验你的数。
# </details>

# %%
answer = None  # your answer here: {"cell": (row, column), "each": ..., "total": ...}

# %%
check_worst_4x4_proof(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# *第 1 步。* 不在角上的边格，例如 $(1, 2)$，各自有独有的类型（见第 9 讲的类型表）；每个角格和中心格都与另一个格子共用一个类型。没有哪个格子的类型是 0，所以每个格子都被 16 个静默模式中的一半按到，也被 16 个解中的 8 个按到。
#
# *第 2 步。* 不按 $j$ 的那 8 个解，就是满足 $\mathbf{c}\cdot t_j =
# x_j$ 的那些。
# 对另一个格子 $i$，$t_i$ 与 $t_j$ 不同且都不为零，所以它们在 GF(2) 上线性无关，于是数对 $(\mathbf{c}\cdot t_j, \mathbf{c}\cdot t_i)$ 的四种可能取值，各自恰好由 16 个向量 $\mathbf{c}$ 中的 4 个取到。所以在这 8 个解中，恰好有 4 个按了 $i$，与棋盘无关。
#
# *第 3 步。* 其余 15 个格子各被按 4 次，而 $j$ 一次也没被按：总共 $15 \cdot 4 = 60$ 次按键，平均每个解 7.5 次。总有某个解的按键次数不超过平均值，而按键次数是整数，所以它至多是 7：某个解至多按了 7 个格子，**没有哪个 $4 \times 4$ 棋盘需要超过 7 次按键**。第 9 讲找到了需要 7 次的棋盘，所以最坏情形恰好是 7 次。在几个棋盘上检验一下：

# %% tags=["solution"]
for seed in range(3):
    board = lo.random_board(4, 4, seed=seed, solvable=True)
    unpressed = [x for x in lo.solve_board(board).all_solutions() if not x[0, 1]]
    each = np.sum(unpressed, axis=0).ravel()  # how many of them press each cell
    others = sorted({int(v) for k, v in enumerate(each) if k != 1})
    print(f"棋盘 {seed}：有 {len(unpressed)} 个解不按 (1, 2)；", end=" ")
    print(f"其他每个格子在其中 {others} 个解里被按，总共按 {int(each.sum())} 下")
answer = {"cell": (1, 2), "each": 4, "total": 60}
check_worst_4x4_proof(answer)

# %% [markdown]
# 这是最后一组练习。用到的每个定理的出处都列在[参考文献](../reference/bibliography.zh.ipynb)中。
