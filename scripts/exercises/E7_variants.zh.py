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
# # 练习 7 — 变体：环面、图、更多颜色
#
# 这些练习配合[第 7 讲](../07_variants.zh.ipynb)使用。★ 是热身，★★ 需要一个想法，★★★ 是一个小项目。和讲义中一样，图的顶点从 0 开始编号。
#
# 在讲师版中，每道练习后面都跟着它的解答，*Run All*（全部运行）也会运行这些解答：想先自己做一道练习，就逐个运行单元格（Shift+Enter）直到它为止。学生版中没有解答。

# %%
import itertools

import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo
from lightsout_edu.exercises import (
    COLOR_RANGE,
    THREE_COLOR_BOARD,
    check_all_on_petersen,
    check_colors_with_unsolvable_3x3,
    check_neighbors_only_graph,
    check_odd_degree_proof,
    check_one_even_degree_graph,
    check_three_color_presses,
    check_torus_kernel_5x5,
)

lo.use_course_style()

# %% [markdown]
# ## 练习 7.1 ★ — 彼得森图上灯全亮
#
# 彼得森图（Petersen graph，`lo.petersen_graph()`，编号与第 7 讲相同）的每个顶点都亮着，按一个顶点会切换它自己和它的三个邻居。要按哪些顶点才能把所有灯熄灭？
#
# **答案格式：**要按的顶点的编号，例如 `[0, 3, 7]`（或者一个长度为 10 的 0/1 列表）。
#
# <details><summary><b>提示</b></summary>
#
# 用 `A = lo.petersen_graph().toggle_matrix()` 和 `lo.solve` 解 $A\mathbf{x} = \mathbf{1}$。或者想一想：把每个顶点都按一次，对一个有三个邻居的顶点有什么影响？
# </details>

# %%
answer = None  # your answer here: a list of vertex numbers

# %%
check_all_on_petersen(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 把每个顶点都按一次，每个顶点都被切换 $1 + 3 = 4$ 次：什么都没变。线性代数能找到一组可行的顶点：

# %% tags=["solution"]
petersen = lo.petersen_graph()
x = lo.Puzzle.graph(petersen).solve(np.ones(10, dtype=np.uint8)).presses
answer = [int(v) for v in np.flatnonzero(x)]
lo.draw_graph(petersen, np.ones(10, dtype=np.uint8), x, title=f"按 {answer}")
plt.show()
check_all_on_petersen(answer)

# %% [markdown]
# ## 练习 7.2 ★ — $5 \times 5$ 环面的核
#
# 在 $5 \times 5$ 环面上，棋盘首尾相接（`lo.toggle_matrix(5, 5, torus=True)`）。求它的静默模式的一组基。任何一组基都算对。
#
# **答案格式：**由 $5 \times 5$ 棋盘组成的列表，或者形状为 $(d, 5, 5)$ 的数组。
#
# <details><summary><b>提示</b></summary>
#
# 对环面的切换矩阵用 `lo.null_space`，再把每一行重新排成 $5 \times 5$。在环面上每个格子的地位都相同：把一个静默模式平移，就得到另一个静默模式。
# </details>

# %%
answer = None  # your answer here: a list of 5x5 boards

# %%
check_torus_kernel_5x5(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
basis = lo.null_space(lo.toggle_matrix(5, 5, torus=True))
answer = basis.reshape(len(basis), 5, 5)
print("维数", len(answer))
check_torus_kernel_5x5(answer)

# %% [markdown]
# ## 练习 7.3 ★★ — 奇数度棋盘
#
# 在一个图上，每次按键切换被按的顶点及其邻居；让恰好那些**度为奇数**的顶点亮着。第 7 讲的定理讲的是全亮的棋盘；哪个论证说明这个棋盘也总能全部熄灭？
#
# > **(a)** 每个 $\mathbf{y}$ 在 GF(2) 上都满足 $\mathbf{y}\cdot\mathbf{y} = 0$，所以每个棋盘都能通过所有奇偶校验。
# >
# > **(b)** 这个棋盘是 $\mathrm{Adj}\,\mathbf{1} = (A + I)\mathbf{1} = A\mathbf{1} +
# > \mathbf{1}$。
# > $A\mathbf{1}$ 和 $\mathbf{1}$ 都是可解的棋盘，所以它们的和也是。
# >
# > **(c)** $A$ 是对称的，所以每个棋盘都可解。
# >
# > **(d)** 度为奇数的顶点有偶数个，所以恰好按这些顶点就能把棋盘全部熄灭。
#
# **答案格式：**正确论证的字母。

# %%
answer = None  # your answer here: "a", "b", "c" or "d"

# %%
check_odd_degree_proof(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# (b)。按照第 7 讲的做法，在随机图上检验一下：

# %% tags=["solution"]
rng = np.random.default_rng(73)
for _ in range(200):
    n = int(rng.integers(1, 30))
    upper = np.triu(rng.random((n, n)) < rng.random(), k=1)
    adjacency = (upper | upper.T).astype(np.uint8)
    odd_degree = adjacency.sum(axis=0) % 2
    assert lo.Puzzle.graph(adjacency=adjacency).solve(odd_degree).solvable
print("在全部 200 个随机图上，奇数度棋盘都可解")
answer = "b"
check_odd_degree_proof(answer)

# %% [markdown]
# ## 练习 7.4 ★★ — 三种颜色
#
# 在这个有三种颜色的 $4 \times 4$ 棋盘（`THREE_COLOR_BOARD`；0 表示灭）上，按一次会给被按的格子及其邻居各加 1（模 3）。每个格子必须按多少次（0、1 或 2 次），才能让所有灯都回到 0？

# %%
board3 = lo.parse_board(THREE_COLOR_BOARD)
lo.draw_board(board3, colors=3, title="THREE_COLOR_BOARD", legend=True)
plt.show()

# %% [markdown]
# **答案格式：**一个 $4 \times 4$ 棋盘，每格是按键次数 0、1 或 2。
#
# <details><summary><b>提示</b></summary>
#
# 在 GF(3) 上解 $A\mathbf{x} = -\mathbf{b}$，其中 $-1 = 2$，$-2 = 1$：`lo.solve_board(board, colors=3)` 可以做到，也可以用 `lo.eliminate(A, (-b) % 3, modulus=3)`。
# </details>

# %%
answer = None  # your answer here: a 4x4 board of press counts

# %%
check_three_color_presses(answer)

# %% [markdown] tags=["solution"]
# ### 解答

# %% tags=["solution"]
answer = lo.solve_board(board3, colors=3).presses
print(answer)
check_three_color_presses(answer)

# %% [markdown]
# ## 练习 7.5 ★★ — 哪些颜色数会失败？
#
# 有 $k$ 种颜色时，按一次加 1（模 $k$）。对于从 2 到 12 的哪些 $k$（`COLOR_RANGE`），存在一个有 $k$ 种颜色、**无法**全部熄灭的 $3 \times 3$ 棋盘？
#
# **答案格式：**这些 $k$ 组成的列表，例如 `[4, 9]`。
#
# <details><summary><b>提示</b></summary>
#
# 每个棋盘都可解，当且仅当 $A$ 模 $k$ 可逆；而第 2 讲中用伴随矩阵的论证对任何模 $k$ 都成立：当 $\det A$ 模 $k$ 有逆元时，$A$ 模 $k$ 可逆。在整数上，$3 \times 3$ 棋盘的 $\det A$ 是多少？
# </details>

# %%
answer = None  # your answer here: a list of numbers of colours

# %%
check_colors_with_unsolvable_3x3(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# $\det A = -7$，它模 $k$ 可逆当且仅当 $k$ 与 7 没有公因子。在这个范围内，只有 $k = 7$ 与 7 有公因子。用求解器检验一下：恰好在这种情况下，全零棋盘的核不为零（它有不止一个解）。

# %% tags=["solution"]
print("det A =", round(np.linalg.det(lo.toggle_matrix(3, 3))))
answer = [
    k
    for k in COLOR_RANGE
    if lo.solve_board(np.zeros((3, 3), np.uint8), colors=k).solution_count > 1
]
print(answer)
check_colors_with_unsolvable_3x3(answer)

# %% [markdown]
# ## 练习 7.6 ★★ — 全亮定理失效的时候
#
# 在**只切换邻居**的游戏中，按一个顶点会切换它的邻居，但不切换它自己，这时全亮定理可能失效。找一个**没有孤立顶点**的图，使得在只切换邻居的游戏中，全亮的棋盘无法全部熄灭。
#
# **答案格式：**一个以 0, 1, 2, ... 为顶点的图：像 `[(0, 1), (1, 2)]` 这样的边列表，或者一个对称的 0/1 邻接矩阵。
#
# <details><summary><b>提示</b></summary>
#
# 这个游戏是 `lo.Puzzle.graph(edges, self_toggle=False)`。由可解性定理，你需要一个证书：一个含**奇数**个顶点的集合 $Y$，使得每个顶点在 $Y$ 中都有偶数个邻居（$\mathrm{Adj}\,\mathbf{y} =
# \mathbf{0}$，
# $\mathbf{y}\cdot\mathbf{1} = 1$）。试试令 $Y$ 为全部顶点：这时各顶点的度和顶点个数必须满足什么条件？或者让计算机去试那些小图。
# </details>

# %%
answer = None  # your answer here: a list of edges

# %%
check_neighbors_only_graph(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# 搜索小图：顶点数不超过 4 的所有图，从最小的开始。

# %% tags=["solution"]
def all_on_fails(edges, n):
    game = lo.Puzzle.graph(list(edges), self_toggle=False, n_nodes=n)
    return not game.solve(np.ones(n, dtype=np.uint8)).solvable


found = None
for n in range(2, 5):
    pairs = list(itertools.combinations(range(n), 2))
    for count in range(1, len(pairs) + 1):
        for edges in itertools.combinations(pairs, count):
            covered = {v for e in edges for v in e}
            if len(covered) == n and all_on_fails(edges, n):
                found = list(edges)
                break
        if found:
            break
    if found:
        break
answer = found
print("一个全亮不可解的图：", answer)
check_neighbors_only_graph(answer)

# %% [markdown] tags=["solution"]
# 三角形：$\mathbf{y} = \mathbf{1}$ 满足 $\mathrm{Adj}\,\mathbf{y} = (2, 2, 2) =
# \mathbf{0}$，
# 并且含有三个 1，所以 $\mathbf{y}\cdot\mathbf{1} = 1$，这就证明了全亮局面不可解。

# %% [markdown]
# ## 练习 7.7 ★★★ — 偶数度最少能有几个？
#
# 仍然考虑只切换邻居的游戏。如果每个顶点的度都是**奇数**，那么全亮的棋盘总能全部熄灭（请证明这一点：这是本题的前一半）。所以，使全亮局面失效的图至少有一个度为偶数的顶点。一个就够吗？找一个没有孤立顶点的图，使得在只切换邻居的游戏中全亮的棋盘无法全部熄灭，并且**恰好有一个**顶点的度为偶数。
#
# **答案格式：**一个以 0, 1, 2, ... 为顶点的图：像 `[(0, 1), (1, 2)]` 这样的边列表，或者一个对称的 0/1 邻接矩阵。
#
# <details><summary><b>提示</b></summary>
#
# 证明部分：对一个满足 $\mathrm{Adj}\,\mathbf{y} = \mathbf{0}$ 的 $\mathbf{y}$，用两种方法计算 $\mathbf{y}\cdot(\mathrm{Adj}\,\mathbf{1})$：在 GF(2) 上 $\mathrm{Adj}\,
# \mathbf{1}$ 是什么？
# 构造图的部分：从一个全亮局面失效的图出发，保留它的证书 $Y$，再添加一些顶点和边，改变各顶点的度，但不让任何顶点在 $Y$ 中有奇数个邻居。（这样的图可以有多少个顶点：偶数个还是奇数个？）
# </details>

# %%
answer = None  # your answer here: a list of edges

# %%
check_one_even_degree_graph(answer)

# %% [markdown] tags=["solution"]
# ### 解答
#
# *至少一个。* $\mathrm{Adj}$ 是对称的，而 $\mathrm{Adj}\,\mathbf{1}$ 就是各顶点的度模 2 构成的向量。如果 $\mathrm{Adj}\,\mathbf{y} = \mathbf{0}$，那么
# $0 = (\mathrm{Adj}\,\mathbf{y})\cdot\mathbf{1} = \mathbf{y}\cdot(\mathrm{Adj}\,\mathbf{1})
# = \sum_{v \in Y} \deg v \pmod 2$：
# $Y$ 中含有偶数个度为奇数的顶点。全亮局面失效，当且仅当某个这样的 $\mathbf{y}$ 含有奇数个 1；这时 $Y$ 中必定含有一个度为偶数的顶点。（所以当所有的度都是奇数时，全亮局面永远不会失效。）
#
# *一个就够。* 从三角形 $0, 1, 2$ 出发，取 $Y = \{0, 1, 2\}$：每个顶点的度都是 2。新加一个顶点 3，把它与 0 和 1 相连：它在 $Y$ 中有两个邻居，并使 0 和 1 的度变为 3；这时顶点 3 的度为 2，所以再把它连到一个新的叶子顶点 4 上，4 在 $Y$ 中没有邻居。各顶点的度为 $3, 3, 2, 3, 1$：只有顶点 2 的度是偶数，而 $Y$ 仍然证明全亮局面无法熄灭。（由握手引理，度为奇数的顶点有偶数个，所以这样的图有奇数个顶点。）

# %% tags=["solution"]
answer = [(0, 1), (1, 2), (2, 0), (3, 0), (3, 1), (3, 4)]
adjacency = lo.Puzzle.graph(answer, self_toggle=False).toggle_matrix()
y = np.array([1, 1, 1, 0, 0], dtype=np.uint8)
print("度数：", adjacency.sum(axis=0))
print("Adj y =", adjacency @ y % 2, "  y . 1 =", y.sum() % 2)
check_one_even_degree_graph(answer)

# %% [markdown]
# **下一步**：[第 8 讲 — 检验我们的工作](../08_checking_our_work.zh.ipynb)和[练习 8](E8_checking.zh.ipynb)。
