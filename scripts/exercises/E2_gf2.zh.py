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
# # 练习 2 — 有限域 GF(2) 中的运算
#
# 这些练习配合[第 2 讲](../02_arithmetic_in_gf2.zh.ipynb)使用。和前面一样：★ 是热身，★★ 需要一个想法，★★★ 是一个小项目；把 `None` 换成你的答案，运行检查器，只在卡住时才打开提示。检查器从不泄露答案。
#
# 在讲师版中，每道练习后面都跟着它的解答，*Run All*（全部运行）也会运行这些解答：想先自己做一道练习，就逐个运行单元格（Shift+Enter）直到它为止。学生版中没有解答。

# %%
import galois
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    SYSTEM_MOD2,
    check_determinant_3x4,
    check_gf2_tables,
    check_self_orthogonal_count,
    check_system_mod2,
)

# %% [markdown]
# ## 练习 2.1 ★ — 两张运算表
#
# 把有限域 GF(2) 的加法和乘法写成两个函数，每个函数接受两个元素。用纯 Python 写就行：不需要任何库提供的 `% 2`，不过你也可以用它。
#
# **答案格式：**两个函数 `add(a, b)` 和 `mul(a, b)`，各返回 0 或 1；用 `check_gf2_tables(add, mul)` 检查它们。
#
# <details><summary><b>提示</b></summary>
#
# 一共只有四对 $(a, b)$。加法表中哪一项出人意料？为什么它恰好适合点灯游戏（Lights Out）？
# </details>

# %%
def add(a, b):
    """a + b in GF(2)."""
    return None  # your code here


def mul(a, b):
    """a * b in GF(2)."""
    return None  # your code here


# %%
check_gf2_tables(add, mul)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 加法就是异或（XOR），因为切换两次会互相抵消（$1 + 1 = 0$）；乘法就是与（AND）。

# %% tags=["solution"]
def add(a, b):
    """a + b in GF(2)."""
    return a ^ b


def mul(a, b):
    """a * b in GF(2)."""
    return a & b


check_gf2_tables(add, mul)

# %% [markdown]
# ## 练习 2.2 ★ — 手解一个方程组
#
# **在纸上**通过把方程相加，在 GF(2) 上解这个方程组：
#
# $$
# \begin{aligned}
# x_1 + x_2 \phantom{{}+x_3} &= 1\\
# x_2 + x_3 &= 0\\
# x_1 + x_2 + x_3 &= 1
# \end{aligned}
# $$
#
# （它存储为 `SYSTEM_MOD2 = (A, b)`。）
#
# **答案格式：**解 $(x_1, x_2, x_3)$，写成由三个 0 或 1 组成的列表。
#
# <details><summary><b>提示</b></summary>
#
# 把第一个方程和第三个方程相加：在 GF(2) 上，$x_1 + x_1 = 0$，$x_2 + x_2 = 0$。
# </details>

# %%
answer = None  # your answer here: [x1, x2, x3]

# %%
check_system_mod2(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 方程 1 + 3 得到 $x_3 = 0$。再由方程 2 得到 $x_2 = 0$，由方程 1 得到 $x_1 = 1$。乘出来验证一下：

# %% tags=["solution"]
A, b = (np.array(m) for m in SYSTEM_MOD2)
answer = [1, 0, 0]
print("A x mod 2 =", A @ answer % 2, " b =", b)
check_system_mod2(answer)

# %% [markdown]
# ## 练习 2.3 ★★ — 与自身正交
#
# 在 GF(2) 上，一个非零向量可以与自身正交：$\mathbf{x}\cdot\mathbf{x} = 0$。有多少个向量 $\mathbf{x} \in \mathrm{GF}(2)^N$（包括零向量）满足 $\mathbf{x}\cdot\mathbf{x} = 0$？找出一个关于 $N$ 的公式。
#
# **答案格式：**函数 `count(N)`，返回一个整数。检查器会尝试若干个 $N$；它不会替你枚举任何东西。
#
# <details><summary><b>提示</b></summary>
#
# 在 GF(2) 上 $x_i^2 = x_i$，所以 $\mathbf{x}\cdot\mathbf{x} = x_1 + \dots + x_N$。这个和什么时候等于 0？通过翻转第一个分量，把向量两两配对。
# </details>

# %%
def count(N):
    """How many x in GF(2)^N have x . x = 0."""
    return None  # your formula here


# %%
check_self_orthogonal_count(count)

# %% [markdown] tags=["solution"]
# ### 解答
#
# $\mathbf{x}\cdot\mathbf{x} = \sum_i x_i^2 = \sum_i x_i$，即 1 的个数的奇偶性。翻转 $x_1$，就把每个含偶数个 1 的向量与一个含奇数个 1 的向量配成一对，所以 $2^N$ 个向量中恰好有一半满足条件：共 $2^{N-1}$ 个。对较小的 $N$ 做一次穷举验证：

# %% tags=["solution"]
def count(N):
    """How many x in GF(2)^N have x . x = 0."""
    return 2 ** (N - 1)


for N in range(1, 7):
    vectors = (np.arange(2**N)[:, None] >> np.arange(N)) & 1
    print(N, int((vectors.sum(axis=1) % 2 == 0).sum()), count(N))
check_self_orthogonal_count(count)

# %% [markdown]
# ## 练习 2.4 ★★ — 奇数行列式说明了什么
#
# 计算 $3 \times 4$ 棋盘的 $12 \times 12$ 切换矩阵**在整数上**的行列式。然后用第 2 讲中关于伴随矩阵的论证：这个切换矩阵在 GF(2) 上可逆吗？一个 $3 \times 4$ 棋盘有多少个解？
#
# **答案格式：**行列式，一个整数（检查器的回复会告诉你，你由此得出的结论应当是什么，可以对照一下）。
#
# <details><summary><b>提示</b></summary>
#
# `np.linalg.det(lo.toggle_matrix(3, 4))` 返回一个接近该整数的浮点数，把它四舍五入即可。`sympy.Matrix(lo.toggle_matrix(3, 4)).det()` 则能精确地算出它。
# </details>

# %%
answer = None  # your answer here: a whole number

# %%
check_determinant_3x4(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 行列式是 $-9$，是奇数。所以 $\det A \equiv 1 \pmod 2$，$A$ 在 GF(2) 上可逆，并且每个 $3 \times 4$ 棋盘都恰好有一个解，即 $\operatorname{adj}(A)\,\mathbf{b}
# \bmod 2$。

# %% tags=["solution"]
A34 = lo.toggle_matrix(3, 4)
answer = round(np.linalg.det(A34))
inverse = np.linalg.inv(galois.GF(2)(A34))  # exists: galois would raise for a singular matrix
print("det A =", answer, "  GF(2) 上存在逆矩阵：", inverse.shape)
check_determinant_3x4(answer)

# %% [markdown]
# **下一步**：[第 3 讲 — 高斯-若尔当消元](../03_gauss_jordan_step_by_step.zh.ipynb)和[练习 3](E3_elimination.zh.ipynb)。
