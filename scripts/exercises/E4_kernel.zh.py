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
# # 练习 4 — 可解性与核
#
# 这些练习配合[第 4 讲](../04_solvability_and_the_kernel.zh.ipynb)使用。★ 是热身，★★ 需要一个想法，★★★ 是一个小项目。棋盘可以用数组、嵌套列表或文本给出，例如 `"01110/00000/00000/00000/00000"`。
#
# 在讲师版中，每道练习后面都跟着它的解答，*Run All*（全部运行）也会运行这些解答：想先自己做一道练习，就逐个运行单元格（Shift+Enter）直到它为止。学生版中没有解答。

# %%
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    BROKEN_SHAPE,
    COUNT_SHAPE,
    NULLITY_SHAPE,
    PROBABILITY_SHAPE,
    UNSOLVABLE_BOARD,
    VERDICT_BOARDS,
    WORKING_ROWS,
    check_broken_buttons,
    check_certificate,
    check_dual_dimension_proof,
    check_nullity_9x14,
    check_probability_solvable_5x11,
    check_quiet_patterns_4x4,
    check_singular_3xn,
    check_solvable_count_3x8,
    check_solvable_verdicts,
)

lo.use_course_style()

# %% [markdown]
# ## 练习 4.1 ★ — 四个判定
#
# 下面这四个 $5 \times 5$ 棋盘中，哪些能全部熄灭？用第 4 讲的两个奇偶校验来判断（每个静默模式覆盖下亮着的灯都是偶数盏），不要去求解。

# %%
boards = [lo.parse_board(text) for text in VERDICT_BOARDS.values()]
lo.draw_boards(boards, titles=[f"棋盘 {name}" for name in VERDICT_BOARDS])
plt.show()

# %% [markdown]
# **答案格式：**一个字典，例如 `{"A": True, "B": False, "C": ..., "D": ...}`（True 表示可解），或者按 A、B、C、D 顺序排列的四个判定组成的列表。
#
# <details><summary><b>提示</b></summary>
#
# $5 \times 5$ 游戏的静默模式是 `lo.solve_board(np.zeros((5, 5),
# np.uint8)).quiet_patterns`。对每个棋盘，数一数每个模式覆盖下亮着的格子有多少个。
# </details>

# %%
answer = None  # your answer here: {"A": ..., "B": ..., "C": ..., "D": ...}

# %%
check_solvable_verdicts(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
quiet = lo.solve_board(np.zeros((5, 5), np.uint8)).quiet_patterns
answer = {}
for name, board in zip(VERDICT_BOARDS, boards, strict=True):
    checks = [int((q & board).sum() % 2) for q in quiet]
    answer[name] = checks == [0, 0]
    print(f"棋盘 {name}：奇偶校验 {checks} -> 可解 {answer[name]}")
check_solvable_verdicts(answer)

# %% [markdown]
# ## 练习 4.2 ★ — 一个零化度
#
# $9 \times 14$ 棋盘（`NULLITY_SHAPE`）的切换矩阵的零化度（即核的维数）是多少？
#
# **答案格式：**一个整数。
#
# <details><summary><b>提示</b></summary>
#
# 秩 + 零化度 = 格子数，而 `lo.rank` 可以计算 GF(2) 上的秩。
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_nullity_9x14(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
rows, cols = NULLITY_SHAPE
answer = rows * cols - lo.rank(lo.toggle_matrix(rows, cols))
check_nullity_9x14(answer)

# %% [markdown]
# ## 练习 4.3 ★ — 有多少个棋盘能全部熄灭？
#
# 在大小为 $3 \times 8$（`COUNT_SHAPE`）的全部 $2^{24}$ 个棋盘中，有多少个能全部熄灭（包括全暗的棋盘）？
#
# **答案格式：**一个整数，或者像 `"2^10"` 这样的文本。
#
# <details><summary><b>提示</b></summary>
#
# 可解的棋盘恰好就是所有的向量 $A\mathbf{x}$，即 $A$ 的列空间。GF(2) 上一个维数为 $r$ 的子空间有多少个向量？
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_solvable_count_3x8(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
r = lo.rank(lo.toggle_matrix(*COUNT_SHAPE))
answer = 2**r
print(f"秩 {r}：2^{r} = {answer} 个可解棋盘")
check_solvable_count_3x8(answer)

# %% [markdown]
# ## 练习 4.4 ★★ — 不可能性的证书
#
# 下面的棋盘 `UNSOLVABLE_BOARD` 无法全部熄灭。请证明这一点：给出一个**证书**，即一个满足 $A^{\mathsf T}\mathbf{y} = \mathbf{0}$ 的按键模式 $\mathbf{y}$，它覆盖**奇数**个亮着的格子。这样一来，任何按键序列都无法把棋盘全部熄灭，因为每按一次，$\mathbf{y}$ 中的格子都恰有偶数个改变状态。

# %%
unsolvable = lo.parse_board(UNSOLVABLE_BOARD)
lo.draw_board(unsolvable, title="UNSOLVABLE_BOARD")
plt.show()

# %% [markdown]
# **答案格式：**一个由 0 和 1 组成的 $5 \times 5$ 棋盘（即 $\mathbf{y}$ 的格子）。
#
# <details><summary><b>提示</b></summary>
#
# $A$ 是对称的，所以候选者就是各个静默模式以及它们的和。哪一个覆盖这三个亮着的格子中的奇数个？
# </details>

# %%
answer = None  # your answer here: a 5x5 board

# %%
check_certificate(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
q1, q2 = quiet
for name, y in {"q1": q1, "q2": q2, "q1 + q2": q1 ^ q2}.items():
    print(f"{name}：覆盖 {int((y & unsolvable).sum())} 个亮着的格子")
answer = next(y for y in (q1, q2, q1 ^ q2) if (y & unsolvable).sum() % 2)
check_certificate(answer)

# %% [markdown]
# ## 练习 4.5 ★★ — $4 \times 4$ 游戏的静默模式
#
# 求 $4 \times 4$ 切换矩阵的核的一组**基**：一些线性无关的静默模式，它们的和能给出所有静默模式。任何一组基都算对。
#
# **答案格式：**由 $4 \times 4$ 棋盘组成的列表，或者形状为 $(d, 4, 4)$ 的数组。
#
# <details><summary><b>提示</b></summary>
#
# 第 4 讲用行最简形（RREF）的自由列构造核：令一个自由未知数为 1、其余自由未知数为 0，再从主元行读出各个主元未知数。`lo.null_space` 做的是同样的事；把每一行重新排成 $4 \times 4$ 的形状即可。
# </details>

# %%
answer = None  # your answer here: a list of 4x4 boards

# %%
check_quiet_patterns_4x4(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
basis = lo.null_space(lo.toggle_matrix(4, 4))
answer = basis.reshape(len(basis), 4, 4)
lo.draw_boards(
    [np.zeros((4, 4), np.uint8)] * len(answer),
    presses=list(answer),
    titles=[f"$q_{k + 1}$" for k in range(len(answer))],
)
plt.show()
check_quiet_patterns_4x4(answer)

# %% [markdown]
# ## 练习 4.6 ★★ — 一个概率
#
# 均匀随机地选取一个 $5 \times 11$ 棋盘（`PROBABILITY_SHAPE`）：每盏灯独立地以 1/2 的概率亮着。它能全部熄灭的概率是多少？
#
# **答案格式：**一个精确的分数，例如 `Fraction(1, 8)`、`"1/8"` 或 `"2^-3"`。
#
# <details><summary><b>提示</b></summary>
#
# 像练习 4.3 那样数出可解的棋盘，再除以棋盘的总数。
# </details>

# %%
answer = None  # your answer here: a fraction

# %%
check_probability_solvable_5x11(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
rows, cols = PROBABILITY_SHAPE
nullity = rows * cols - lo.rank(lo.toggle_matrix(rows, cols))
answer = f"1/{2**nullity}"
print(f"零化度 {nullity}：P = 2^(rank - N) = 2^-{nullity} = {answer}")
check_probability_solvable_5x11(answer)

# %% [markdown]
# ## 练习 4.7 ★★ — $3 \times n$ 棋盘中的规律
#
# 对于满足 $1 \le n \le 20$ 的哪些宽度 $n$，$3 \times n$ 棋盘有非零的静默模式？先计算，再找规律。
#
# **答案格式：**这些宽度组成的列表，例如 `[2, 7]`。
#
# <details><summary><b>提示</b></summary>
#
# 对 `n` 写一个循环，用 `lo.rank(lo.toggle_matrix(3, n))`。规律与 $n + 1$ 有关。
# </details>

# %%
answer = None  # your answer here: a list of widths

# %%
check_singular_3xn(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
answer = [n for n in range(1, 21) if 3 * n - lo.rank(lo.toggle_matrix(3, n)) > 0]
print(answer)
check_singular_3xn(answer)

# %% [markdown]
# ## 练习 4.8 ★★ — $W^{\perp}$ 的维数
#
# 可解性定理中“充分性”（if）那一半用到了第 4 讲的事实 3：对于 $\mathrm{GF}(2)^M$ 中维数为 $d$ 的子空间 $W$，
#
# $$
# W^{\perp} = \{\mathbf{b} : \mathbf{w}\cdot\mathbf{b} = 0 \text{ for every }
# \mathbf{w} \in W\} \quad\text{has dimension } M - d .
# $$
#
# 设 $\mathbf{w}_1, \dots, \mathbf{w}_d$ 是 $W$ 的一组基，$B$ 是以它们为行的 $d \times M$ 矩阵。下面哪个论证在 GF(2) 上证明了这个事实？
#
# > **(a)** $W \cap W^{\perp} = \{\mathbf{0}\}$，并且每个向量都是 $W$ 中一个向量与 $W^{\perp}$ 中一个向量之和；所以两个维数相加等于 $M$。
# >
# > **(b)** $W^{\perp}$ 是 $B$ 的核，而每个有 $d$ 行的矩阵的秩都是 $d$；所以由秩-零化度定理，$\dim W^{\perp} = M - d$。
# >
# > **(c)** 在 GF(2) 上每个向量都与自身正交，所以 $W \subseteq W^{\perp}$，且 $\dim W^{\perp} \ge d$；又因为两者都是子空间，所以等号成立。
# >
# > **(d)** $\mathbf{b} \in W^{\perp}$ 当且仅当 $B\mathbf{b} = \mathbf{0}$，所以 $W^{\perp} = \ker B$。$B$ 的各行线性无关，所以 $\operatorname{rank} B = d$（事实 2），再由秩-零化度定理得 $\dim\ker B = M - d$。
#
# **答案格式：**正确论证的字母。

# %%
answer = None  # your answer here: "a", "b", "c" or "d"

# %%
check_dual_dimension_proof(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# (d)。其他三个各错在一处：(a) 是实数上的证明，但在 GF(2) 上 $W$ 与 $W^\perp$ 可能有重叠；(b) 声称每个有 $d$ 行的矩阵的秩都是 $d$（零矩阵就不是）；(c) 从一个错误的论断出发（$\mathbf{e}_1 \cdot \mathbf{e}_1 = 1$）。在 $\mathrm{GF}(2)^8$ 的一个随机子空间上检验一下，数一数与它正交的向量：

# %% tags=["solution"]
rng = np.random.default_rng(48)
W = rng.integers(0, 2, (3, 8), dtype=np.uint8)  # three random vectors of GF(2)^8
d = lo.rank(W)
everything = (np.arange(2**8)[:, None] >> np.arange(8)) & 1  # all 256 vectors, as rows
orthogonal = int((~(everything @ W.T % 2).any(axis=1)).sum())
print(f"dim W = {d}：与 W 正交的向量有 {orthogonal} 个 = 2^{8 - d}")
answer = "d"
check_dual_dimension_proof(answer)

# %% [markdown]
# ## 练习 4.9 ★★★ — 按钮坏了的棋盘
#
# 在一个 $5 \times 5$ 棋盘（`BROKEN_SHAPE`）上，最下面两行的按钮坏了：只有最上面三行的 15 个按钮（`WORKING_ROWS = 3`）能按，但每盏灯仍照常切换。哪些棋盘仍然能全部熄灭？
#
# 能用的按钮就是切换矩阵的前 15 列：一个 $25 \times 15$ 矩阵 $B$，既不是方阵，也不对称。由第 4 讲的可解性定理，棋盘 $\mathbf{b}$ 能全部熄灭，当且仅当对每个 $\mathbf{y} \in \ker(B^{\mathsf T})$ 都有 $\mathbf{y}\cdot\mathbf{b} = 0$；这里每个 $\mathbf{y}$ 都是一个*奇偶校验*：一组灯，每个能用的按钮都恰好切换其中偶数盏。求这些奇偶校验的一组**基**，并弄清楚为什么你找到的就是全部：一组基必须包含多少个校验？
#
# `lo.left_null_space(B)` 用一行就能回答这一个棋盘的问题：在笔记本里用它来检验你的想法。这道练习要的是它背后的想法，对这一类的每个棋盘都适用：写一个函数 `parity_checks(rows, cols, working_rows)`，用于一个 `rows x cols` 棋盘，其最上面 `working_rows` 行的按钮能用（至少有一行坏了）。
#
# **允许使用：**Python 和 NumPy。**检查器运行你的函数时不在场**（它在自己的沙箱中运行；你的笔记本中一切照常可用）：软件包 `lightsout_edu`、galois 和 sympy。如果你的函数用到了其中之一，检查器会指出来。它会在 $5 \times 5$ 棋盘和其他形状的棋盘上运行你的函数。
#
# **答案格式：**一个函数 `parity_checks(rows, cols, working_rows)`，返回由 `rows x cols` 棋盘组成的列表（每个棋盘给出一个校验所含的灯），或者形状为 `(k, rows, cols)` 的数组。任何一组基都算对。
#
# <details><summary><b>提示</b></summary>
#
# 在笔记本中，`B = lo.toggle_matrix(5, 5)[:, :15]`。一组基有多少个校验，可以由第 4 讲的事实 2 得出：$\dim\ker(B^{\mathsf T}) = 25 - \operatorname{rank} B$。至于校验本身，先从任何能用的按钮都碰不到的灯入手。然后选定 $\mathbf{y}$ 的第一行，一次一行地问：第 1、2、3 行能用的按钮分别迫使第 2、3、4 行是什么样子。
# </details>

# %%
def parity_checks(rows, cols, working_rows):
    """A basis of the parity checks of a board whose top working_rows rows of buttons work."""
    return []  # your code here


# %%
check_broken_buttons(parity_checks)

# %% [markdown] tags=["solution"]
# ### 解答
#
# *有多少个。* 一组不改变任何灯的能用按钮组合，其实什么也没按：第 4 行的灯 $(4, c)$ 只有一个能用的按钮碰得到，就是它正上方的 $(3, c)$，所以第 3 行的按钮一个也没按；于是第 3 行的每盏灯只剩下一个按钮碰得到，就是第 2 行中它正上方的那个，依此类推，一直往上。所以 $B$ 的 15 列线性无关，$\operatorname{rank} B = 15$，由事实 2 得 $\dim\ker(B^{\mathsf T}) = 25 - 15 = 10$。
#
# *是哪些。* 没有任何能用的按钮碰得到第 5 行，所以第 5 行的五盏灯各自单独就构成一个校验。另外五个：令 $\mathbf{y}$ 的第一行为 $\mathbf{e}_c$，第 5 行为空。位于 $(r, c)$ 的按钮切换 $(r - 1, c), (r, c - 1), (r, c), (r, c + 1), (r + 1, c)$，所以这几个格子中被选中的个数必须是偶数，这就迫使 $y_{r+1, c} = y_{r-1, c} + y_{r, c-1} + y_{r, c} + y_{r, c+1}$（棋盘外的格子按 0 计）：对 $r = 1, 2, 3$，第 $r - 1$ 行和第 $r$ 行确定了第 $r + 1$ 行；而第 4 行和第 5 行的按钮坏了，不提任何要求。这十个校验线性无关：如果其中若干个之和为零，那么这个和的第 1 行说明后五个一个也不在其中，再看它的第 5 行，前五个也一个都不在其中。维数为 10 的空间中的十个线性无关的校验：这就是一组基。同样的论证用在最上面 `working_rows` 行按钮能用的 `rows x cols` 棋盘上，得到 $(\text{rows} - \text{working\_rows}) \cdot \text{cols}$ 个校验。

# %% tags=["solution"]
def parity_checks(rows, cols, working_rows):
    """A basis of the parity checks of a board whose top working_rows rows of buttons work."""
    unit = np.eye(rows * cols, dtype=np.uint8)
    alone = [unit[i].reshape(rows, cols) for i in range((working_rows + 1) * cols, rows * cols)]
    chased_up = []
    for c in range(cols):
        y = np.zeros((rows + 2, cols + 2), dtype=np.uint8)  # a frame of zeros around the board
        y[1, 1 + c] = 1
        for r in range(1, working_rows + 1):  # the buttons of row r force row r + 1
            y[r + 1, 1:-1] = (y[r - 1, 1:-1] + y[r, :-2] + y[r, 1:-1] + y[r, 2:]) % 2
        chased_up.append(y[1:-1, 1:-1])
    return alone + chased_up


rows, cols = BROKEN_SHAPE
B = lo.toggle_matrix(rows, cols)[:, : WORKING_ROWS * cols]
checks = parity_checks(rows, cols, WORKING_ROWS)
print("秩 B =", lo.rank(B), " 找到的校验：", len(checks))
both = np.vstack([np.reshape(checks, (len(checks), 25)), lo.left_null_space(B)])
print("与 lo.left_null_space(B) 是同一个空间：", lo.rank(both) == len(checks))
check_broken_buttons(parity_checks)

# %% [markdown]
# **下一步**：[第 5 讲 — 全部解与最少按键](../05_all_solutions_and_fewest_presses.zh.ipynb)和[练习 5](E5_fewest.zh.ipynb)。
