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
# # 练习 8 — 检验我们的工作
#
# 这些练习配合[第 8 讲](../08_checking_our_work.zh.ipynb)使用。★ 是热身，★★ 需要一个想法，★★★ 是一个小项目：在最后一题中，你要写一个测试，检查器会用它去测一个正确的 RREF 函数和五个故意埋了错误的函数。
#
# 在讲师版中，每道练习后面都跟着它的解答，*Run All*（全部运行）也会运行这些解答：想先自己做一道练习，就逐个运行单元格（Shift+Enter）直到它为止。学生版中没有解答。

# %%
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    buggy_rref,
    check_counterexample,
    check_is_solution,
    check_my_test,
)

# %% [markdown]
# ## 练习 8.1 ★ — 这是一个解吗？
#
# 写一个不信任任何求解引擎的检验：给定一个棋盘和一组提议的按键，判断按下它们能否把棋盘全部熄灭。
#
# **答案格式：**函数 `is_solution(board, presses)`，返回 `True` 或 `False`。
#
# <details><summary><b>提示</b></summary>
#
# 模拟一遍：`lo.press(board, presses)` 就是按完这些键之后的棋盘。
# </details>

# %%
def is_solution(board, presses):
    """True when pressing `presses` switches `board` off."""
    return None  # your code here


# %%
check_is_solution(is_solution)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
def is_solution(board, presses):
    """True when pressing `presses` switches `board` off."""
    return not lo.press(board, presses).any()


check_is_solution(is_solution)

# %% [markdown]
# ## 练习 8.2 ★★ — 抓住一个错误
#
# `buggy_rref(M)` 本应像 `lo.rref(M)` 一样，返回 GF(2) 上的行最简形（RREF）和主元列，但它有一个错误。它对单位矩阵的结果是对的：

# %%
R, pivots = buggy_rref(np.eye(3, dtype=np.uint8))
print(R, pivots)

# %% [markdown]
# 找一个让它出错的矩阵。
#
# **答案格式：**一个 0/1 矩阵（嵌套列表或数组）。
#
# <details><summary><b>提示</b></summary>
#
# 在几个小矩阵上比较 `buggy_rref(M)` 和 `lo.rref(M)`，其中要包括一些主元在所在列中并非唯一非零元的矩阵。
# </details>

# %%
answer = None  # your answer here: a matrix

# %%
check_counterexample(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 用随机的小矩阵很快就能找到；罪魁祸首是留在主元**上方**的一个 1。

# %% tags=["solution"]
rng = np.random.default_rng(82)
while True:
    M = rng.integers(0, 2, size=(3, 3))
    if not np.array_equal(buggy_rref(M)[0], lo.rref(M)[0]):
        break
print(M, buggy_rref(M)[0], lo.rref(M)[0], sep="\n\n")
answer = M
check_counterexample(answer)

# %% [markdown]
# ## 练习 8.3 ★★★ — 能抓住埋藏错误的测试
#
# 为 RREF 函数写一个**测试**：它接受一个本应返回 `(R, pivots)` 的函数 `rref(M)`，如果该函数通过测试就返回 `True`，否则返回 `False`。检查器会用你的测试去测一个正确的函数，以及五个各埋了一个错误的函数（它不会事先告诉你是哪些错误）。好的测试会让正确的函数通过，让那五个全都不通过。
#
# **答案格式：**函数 `my_test(rref)`，返回 `True` 或 `False`。
#
# <details><summary><b>提示</b></summary>
#
# 在许多矩阵上与 `lo.rref` 比较：各种形状和密度的随机矩阵，再加上一些边界情形（零矩阵、第一列顶部为零的矩阵）。矩阵和主元都要比较。
# </details>

# %%
def my_test(rref):
    """True if `rref` passes the test."""
    return None  # your code here


# %%
check_my_test(my_test)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
def my_test(rref):
    """True if `rref` passes the test: agrees with lo.rref on many random matrices."""
    rng = np.random.default_rng(8)
    for _ in range(200):
        rows, cols = (int(v) for v in rng.integers(1, 7, size=2))
        M = (rng.random((rows, cols)) < rng.random()).astype(np.uint8)
        R, pivots = rref(M.copy())
        expected_R, expected_pivots = lo.rref(M)
        if not np.array_equal(np.asarray(R), expected_R):
            return False
        if list(pivots) != list(expected_pivots):
            return False
    return True


check_my_test(my_test)

# %% [markdown]
# **下一步**：[第 9 讲 — 一个棋盘最多需要按多少次？](../09_how_many_presses.zh.ipynb)和[练习 9](E9_worst_case.zh.ipynb)。
