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
# # 第 3 讲——一步一步做高斯-若尔当消元
#
# **本讲内容**
#
# - GF(2) 上的高斯-若尔当消元：找主元，把它交换到位，消去它所在列的其他元素；
# - 如何从化简后的矩阵读出 $A\mathbf{x} = \mathbf{b}$ 的解；
# - 主元列和自由列，以及 $5\times5$ 的游戏各有多少个；
# - 不可解的棋盘如何暴露自己：出现一行 $0 = 1$；
# - 如何用两个相互独立的库 galois 和 sympy 核对答案。
#
# **预备知识**：切换矩阵（第 1 讲）和 GF(2) 中的算术（第 2 讲）。熟悉实数上的行化简会有帮助，但不是必需的。

# %%
import galois
import matplotlib.pyplot as plt
import numpy as np
from IPython.display import Math, display
from sympy import GF
from sympy.polys.matrices import DomainMatrix

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## 要解的方程组
#
# 我们要关掉这个 $3\times3$ 棋盘：

# %%
board = lo.parse_board("""
    1 1 0
    1 0 0
    0 0 1
""")
A = lo.toggle_matrix(3, 3)
b = board.reshape(-1)  # row-major, as in lecture 1
lo.draw_board(board, title="要关灯的棋盘 b")
plt.show()

# %% [markdown]
# > **定义（增广矩阵）。** 方程组 $A\mathbf{x} = \mathbf{b}$ 存储为矩阵 $[A \mid \mathbf{b}]$：在 $A$ 的右边添上 $\mathbf{b}$，作为额外的一列。第 $i$ 行就是方程 $A_{i1}x_1 + \dots + A_{iN}x_N = b_i$：“影响灯 $i$ 的那些按键把它切换奇数次，当且仅当它亮着”。
#
# 消元只用两种*行变换*来改变方程组：**交换**两个方程，或把一个方程**加**到另一个方程上（在 GF(2) 上无须倍乘：唯一的非零数就是 1）。它们不会改变我们要求的解：
#
# > **定理（行变换保持解不变）。** 如果 $[A' \mid \mathbf{b}']$ 是由 $[A \mid \mathbf{b}]$ 交换两行或把一行加到另一行得到的，那么 $A'\mathbf{x} = \mathbf{b}'$ 与 $A\mathbf{x} = \mathbf{b}$ 的解完全相同。由一串这样的变换联系起来的任意两个矩阵也是如此。
#
# *证明。* 交换只是把同样的方程换个顺序列出。再看把第 $i$ 行加到第 $j$ 行：新的第 $j$ 行是方程 $i$ 与方程 $j$ 之和，其余各行不变。如果 $\mathbf{x}$ 满足方程 $i$ 和 $j$，它就满足两者之和，所以每个旧解都是新解。把这个变换再做一次就能撤销它（把第 $i$ 行加两次，相当于加了 $2 = 0$），所以同理，每个新解也都是旧解。一串变换则逐步处理即可。$\square$
#
# （在任意域上，同样的证明对“把第 $i$ 行的 $c$ 倍加到另一行”和“把一行乘以 $c \neq 0$”也成立，它们分别由 $-c$ 和 $1/c$ 撤销；这是每门线性代数课程的第一个定理，例如 D. C. Lay, *Linear Algebra and Its Applications*（《线性代数及其应用》），§1.1。）举个小例子：把第 2 行加到第 1 行，$x_1 + x_2 = 1,\ x_2 = 1$ 就变成 $x_1 = 0,\ x_2 = 1$，两个方程组都只有唯一解 $(0, 1)$。
#
# > **定义（GF(2) 上的高斯-若尔当消元）。** 从左到右依次处理各列，同时记住一个“当前行” $r$，它从最上面一行开始。对第 $c$ 列：
# >
# > 1. **搜索主元**：在第 $c$ 列中第 $r$ 行及其下方寻找一个 1。如果没有，$c$ 就是一个*自由列*；转到下一列。
# > 2. **交换**：把找到的那一行与第 $r$ 行交换。现在位于 $(r, c)$ 的 1 就是*主元*。
# > 3. **消去该列**：把第 $r$ 行加到第 $c$ 列上为 1 的其他每一行（上方**和**下方都要）。然后转到第 $r + 1$ 行和下一列。
# >
# > 对 $\mathbf{b}$ 列的处理**与其他各列完全一样**：它也可能得到主元，而这恰好发生在方程组无解的时候（见下文关于不可解棋盘的一节）。
#
# 结果就是*行最简形*（RREF）：每个主元都是 1，并且是它所在列中唯一的非零元素；每一行的主元都在上一行主元的右边；零行排在最后。
#
# > **定义（行阶梯形，行最简形）。** 如果一个矩阵的零行都排在最后，而其他每一行的第一个非零元素（它的*主元*）都在上一行主元的右边，就称它是*行阶梯形*（REF）。如果此外每个主元都是 1，并且是它所在列中唯一的非零元素，就称它是*行最简形*（RREF）。
#
# 入门课中的两个名字：**高斯消元**只消去每个主元*下方*的元素，停在一个行阶梯形，然后从最后一个主元往上回代求解。**高斯-若尔当消元**，也就是上面这种，还要消去主元上方的元素，最终得到 RREF，可以直接从中读出解。一个矩阵有许多行阶梯形，但只有一个 RREF。例如，
#
# $$
# \begin{bmatrix} 1 & 1 & 0 \\ 0 & 1 & 1 \\ 0 & 0 & 1 \end{bmatrix}
# $$
#
# 是行阶梯形，但不是行最简形：第 2 列和第 3 列在主元上方还有 1。把第 3 行加到第 2 行，再把第 2 行加到第 1 行，就得到它的 RREF，即单位矩阵。

# %%
lo.QuickQuestion("rref")

# %% [markdown]
# 由于 $\mathbf{b}$ 列和其他列一样被化简，$[A \mid \mathbf{b}]$ 的 RREF 就是这个矩阵通常意义下的 RREF。任何正确的程序都会得到同一个结果：RREF 是唯一的，我们将在本讲最后证明这一点。
#
# ## 用纯 NumPy 手工实现
#
# 下面是完整的算法，它会打印出对每一列做了什么。行号和列号都像教科书里那样从 1 开始数。

# %%
def gauss_jordan_gf2(M, narrate=True):
    """Return the RREF of the 0/1 matrix M over GF(2), saying what it does to each column."""
    M = M.copy()
    n_rows, n_cols = M.shape
    r = 0
    for c in range(n_cols):  # b, the last column, is a column like any other
        below = np.nonzero(M[r:, c])[0]
        if len(below) == 0:
            if narrate:
                print(f"第 {c + 1} 列：第 {r + 1} 行及以下没有 1，是自由列")
            continue
        p = r + below[0]
        actions = []
        if p != r:
            M[[r, p]] = M[[p, r]]
            actions.append(f"swap rows {r + 1} and {p + 1}")
        targets = [i for i in np.nonzero(M[:, c])[0] if i != r]
        for i in targets:
            M[i] ^= M[r]  # add row r to row i: XOR
        actions.append(f"add row {r + 1} to rows {[int(i) + 1 for i in targets]}")
        if narrate:
            print(f"第 {c + 1} 列：主元在第 {r + 1} 行；" + "; ".join(actions))
        r += 1
        if r == n_rows:
            break
    return M


M = np.column_stack([A, b])
R = gauss_jordan_gf2(M)
print(R)

# %% [markdown]
# 来看定理的实际效果：在 GF(2) 上，有 9 个未知数的方程组只有 $2^9 = 512$ 个候选解，所以我们可以把它们全部试一遍，在 $[A \mid \mathbf{b}]$ 和它的 RREF 上各试一次。

# %%
def solutions(M):
    """Every x in GF(2)^n with M[:, :n] x = M[:, n] (n = columns - 1), by trying them all."""
    n = M.shape[1] - 1
    candidates = (np.arange(2**n)[:, None] >> np.arange(n)) & 1  # one candidate per row
    ok = ~((candidates @ M[:, :n].T + M[:, n]) % 2).any(axis=1)
    return ["".join(str(v) for v in x) for x in candidates[ok]]  # x_1 ... x_n as a string


print("变换前的解：", solutions(M))
print("变换后的解：", solutions(R))

# %% [markdown]
# （最后一列 $\mathbf{b}$ 没有得到主元：每一行都已经有主元了。）$A$ 的每一列都得到了主元，所以结果的左边部分是单位矩阵：化简后的方程组就是 $x_1 = R_{1,10}, \dots, x_9 = R_{9,10}$，解就是**最后一列**。

# %%
x = R[:, -1]
print("按键 x =", x)
print("按下它们之后的棋盘：", lo.press(board, x.reshape(3, 3)), sep="\n")

# %% [markdown]
# ## 工作量有多大？
#
# 我们来数一数有 $N$ 个未知数的方程组所需的比特运算次数，这时 $[A \mid \mathbf{b}]$ 有 $N$ 行、$N + 1$ 列。（至多）$N$ 个主元中的每一个至多加到 $N - 1$ 个其他行上，每次相加要对 $N + 1$ 个比特做异或。所以消元的代价至多约为 $N \cdot N \cdot (N + 1) \approx N^3$ 次比特运算。
#
# 对 $5\times5$ 的游戏，$N = 25$：大约 $25^3 \approx 15\,600$ 次运算，对计算机来说不值一提，手工算则要花一个下午。对 $n \times n$ 的棋盘，$N = n^2$，所以代价按 $n^6$ 增长：棋盘宽一倍，耗时就变成 64 倍。把 64 个比特存进一个机器字，可以把运算次数除以 64，但不改变指数；追灯法（第 6 讲）则能改变指数：它把 $n^2$ 个未知数换成 $n$ 个，只需大约 $n^3$ 次运算。
#
# ## 同样的消元，记录在案
#
# `lo.eliminate(A, b)` 运行同样的算法，但会**记录下每一次行变换**，以便回放：`.steps` 是变换的列表，`.state(k)` 是做完前 `k` 次变换之后的矩阵，`.explain(k)` 是对第 `k` 步的一句说明。每一步要么是 `lo.Swap(i, j, ...)`，要么是 `lo.AddRow(src, dst, ...)`（行从 0 开始数）；`lo.elimination_to_latex(e, k)` 把第 `k` 步写成数学式。（步骤像 Python 中一样从 0 开始编号；说明文字中的行号则从 1 开始数。）

# %%
e = lo.eliminate(A, b)
print(e)
print("与手算的 RREF 相同：", np.array_equal(e.rref, R))
print("前几步：", *e.steps[:4], sep="\n  ")

# %% [markdown]
# ### 第 1 列
#
# 左上角的元素已经是 1，所以不需要搜索，也不需要交换。第 1 列在第 2 行和第 4 行还有 1：把第 1 行分别加到这两行上。

# %%
for k in range(e.pivot_starts[1]):
    print(f"第 {k} 步：{e.explain(k)}")
    display(Math(lo.elimination_to_latex(e, k)))

# %% [markdown]
# ### 第 2 列：一次交换
#
# 现在第 2 行在第 2 列上是 **0**（第 1 行已经加到了它上面），所以主元搜索继续往下找，在第 3 行找到一个 1。下面的图显示了这一步之前和之后的矩阵：这一步涉及的行加了阴影，主元用朱红色框出。

# %%
k_swap = e.pivot_starts[1]
print(f"第 {k_swap} 步：{e.explain(k_swap)}")
print("一次交换：", isinstance(e.steps[k_swap], lo.Swap), "（行）", e.steps[k_swap].rows)
display(Math(lo.elimination_to_latex(e, k_swap)))

fig, axes = plt.subplots(1, 2, figsize=(10, 4.4))
lo.draw_matrix(e.state(k_swap), axes[0], pivots=[(0, 0)], title="之前：第 1 列已消元")
lo.draw_matrix(
    e.state(k_swap + 1),
    axes[1],
    pivots=[(0, 0), e.pivot_at(k_swap)],
    highlight_rows=e.steps[k_swap].rows,
    title=f"第 {k_swap} 步之后：交换了第 2、3 行",
)
plt.show()

# %% [markdown]
# ### 完整过程，每列一张图
#
# 每个面板显示的是又消完一列之后的矩阵。观察单位矩阵如何从左上角逐渐扩大，同时 $\mathbf{b}$（竖线右边）逐渐变成解。

# %%
checkpoints = [*e.pivot_starts[1:], len(e.steps)]  # after column 1, 2, ... is done
fig, axes = plt.subplots(2, 5, figsize=(14, 6))
lo.draw_matrix(e.state(0), axes[0, 0], labels=False, title="开始 [A | b]")
for done, (k, ax) in enumerate(zip(checkpoints, axes.flat[1:], strict=True), start=1):
    pivots = [(i, e.pivots[i]) for i in range(done)]
    lo.draw_matrix(
        e.state(k),
        ax,
        pivots=pivots,
        labels=False,
        title=f"第 {done} 列已消元\n（{k} 步之后）",
    )
fig.suptitle("3x3 棋盘的高斯-若尔当消元，逐列进行")
plt.show()

# %% [markdown]
# ## 回放一个 $5 \times 5$ 棋盘的消元
#
# 真正的游戏有 25 个未知数，它的消元大约要做两百次行变换。下面的演示器可以逐步浏览这些变换：**前进**/**后退**移动一次变换，**下一个主元**/**上一个主元**跳过一整列，**播放**依次运行全部变换（按所选的**速度**），标题下方的一行文字会预告下一次变换。矩阵旁边是棋盘 $\mathbf{b}$，以及到目前为止从主元行读出的按键。

# %% tags=["nbval-ignore-output"]
board5 = lo.random_board(5, 5, seed=7, solvable=True)
A5 = lo.toggle_matrix(5, 5)
e5 = lo.eliminate(A5, board5)
player = lo.EliminationPlayer(e5)
player

# %% [markdown]
# 演示器在浏览器中运行：记录下来的步骤随它一起打包，所以不需要 Python，在课程网站和幻灯片上也能照常使用。它也可以用代码来驱动，这在课堂上投影讲解时很方便。这里的第二个演示器跳过了前三个主元，再前进一步（上面那个仍停在开头，留给你自己操作）。

# %%
print(e5)
demo = lo.EliminationPlayer(e5)
for _ in range(3):
    demo.next_pivot()
demo.forward()
print(f"位置 {demo.step} / {len(e5.steps)}")
print("最后一步：", e5.explain(demo.step - 1))
print("它的主元（行，列），从 1 数起：", tuple(v + 1 for v in e5.pivot_at(demo.step - 1)))

# %% tags=["nbval-ignore-output"]
demo

# %% [markdown]
# ## 动手练：自己来化简
#
# 光看不练是学不会的。下面是本讲开头那个 $3 \times 3$ 方程组 $[A \mid \mathbf{b}]$。**点击一个行标签**选定第一行，**再点另一个**选定第二行，然后点**交换**把它们对调，或者点**相加**把第一行加到第二行。交互组件会执行这次变换，框出已经就位的主元，并在某次变换破坏了已就位的主元时发出警告。**撤销**会收回一次变换。当矩阵化为行最简形时，它会告诉你，并说明记录下来的消元用了多少次变换。
#
# 像定义中那样逐列进行。练习 3.2 会检查你在这里做的操作。

# %% tags=["nbval-ignore-output"]
practice = lo.RowReductionPractice()
practice

# %% [markdown]
# 在代码中，同样的变换是 `practice.swap(i, j)` 和 `practice.add(i, j)`（行从 0 开始数）。下面在一个副本上做记录下来的消元的前两次变换：

# %%
copy = lo.RowReductionPractice()
copy.add(0, 1)
copy.add(0, 3)
print(copy)
print(copy.matrix)

# %% [markdown]
# ## 主元与自由列
#
# > **定义（主元列、自由列、秩）。** $A$ 中得到主元的列称为*主元列*，其余的列称为*自由列*。主元的个数称为 $A$ 的*秩*。
#
# 消元过程中要做选择（把哪一行交换上来），那么秩是良定义的吗？是的：RREF 不依赖于这些选择，本讲最后一节会证明这一点，因此主元列及其个数也不依赖于这些选择。在此之前，请把“秩”理解为“我们的消元找到的主元个数”。
#
# $3 \times 3$ 棋盘有 9 个主元：每个棋盘都可解，而且解是唯一的。$5\times5$ 棋盘则**不然**：

# %%
free = [c for c in range(25) if c not in e5.pivots]
print("秩：", e5.rank)
print("自由列（从 1 数起）：", [c + 1 for c in free])
print("相容：", e5.consistent)

# %% [markdown]
# 第 24 列和第 25 列没有得到主元，RREF 的最后两行全为零，因此它们是 $0 = 0$：不提供任何信息。未知数 $x_{24}, x_{25}$ 是**自由**的：可以任意选取，然后主元行就确定了 $x_1, \dots, x_{23}$。`e5.solution()` 取 $x_{24} = x_{25} = 0$。其余三种取法给出另外三个解（第 5 讲）。

# %%
lo.draw_matrix(
    e5.rref,
    pivots=list(enumerate(e5.pivots)),
    title="5x5 棋盘 [A | b] 的 RREF：23 个主元，第 24-25 行为 0 = 0",
)
plt.show()

x5 = e5.solution()
print("解（自由未知数取 0）：", x5.reshape(5, 5), sep="\n")
print("让棋盘全灭：", not lo.press(board5, x5.reshape(5, 5)).any())

# %%
lo.QuickQuestion("free_columns")

# %% [markdown]
# ## 不可解的棋盘：$0 = 1$
#
# 当一个棋盘无法关掉时，消元自己就能发现。$A$ 部分全为零的行是 $0 = b'_i$，其中 $b'_i$ 是右端变换后的结果。如果某个这样的 $b'_i = 1$，这一行就是 $0 = 1$：这是一个**矛盾**，所以无解。

# %%
bad = lo.random_board(5, 5, seed=7, solvable=False)
e_bad = lo.eliminate(A5, bad)
print(e_bad)
zero_rows = [i for i in range(25) if not e_bad.rref[i, :-1].any()]
for i in zero_rows:
    print(f"第 {i + 1} 行：A 部分全为 0，右端为 {e_bad.rref[i, -1]}")
print("解：", e_bad.solution())

# %%
contradiction = [i for i in zero_rows if e_bad.rref[i, -1]]
lo.draw_matrix(
    e_bad.rref,
    pivots=list(enumerate(e_bad.pivots)),
    highlight_rows=contradiction,
    title="一个不可解的 5x5 棋盘的 RREF：阴影行为 0 = 1",
)
plt.show()

# %% [markdown]
# 主元搜索一旦到达 $\mathbf{b}$ 列，就会找到第 24 行的那个 1，并像对待其他列一样把它用作主元，消去该列的其余元素：这就是为什么 $\mathbf{b}$ 列中其余位置都是空的，也是为什么第 25 行是 $0 = 0$。$\mathbf{b}$ 列中有主元，恰好就意味着有一行 $0 = 1$。我们手写的程序也是这样做的：

# %%
R_bad = gauss_jordan_gf2(np.column_stack([A5, bad.reshape(-1)]), narrate=False)
print("手写的 RREF == 记录的 RREF：", np.array_equal(R_bad, e_bad.rref))

# %%
lo.QuickQuestion("zero_equals_one")

# %% [markdown]
# 哪些棋盘可解，以及如何**不做**消元就判断出来，是第 4 讲的主题。
#
# ## RREF 是唯一的
#
# 消元过程中要做选择：把哪一行交换上来，按什么顺序消去一列中的元素。另一个程序，或者手工计算的学生，可能会做出不同的选择。但最终结果总是一样的。
#
# > **定理（RREF 的唯一性）。** 通过行变换，矩阵 $M$ 只能化成唯一一个行最简形矩阵。（一个简短的证明见：T. Yuster, *The reduced row echelon form of a matrix is unique: a simple proof*, Mathematics Magazine 57 (1984), 93–94。我们的证明则直接从 $M$ 的各列读出 RREF。）
#
# *证明。* $M$ 各列之间的一个*线性关系*，是指选出若干列，使它们之和为 $\mathbf{0}$，也就是 $M\mathbf{c} = \mathbf{0}$ 的一个解 $\mathbf{c}$。根据本讲的第一个定理，行变换不改变这些解：$M$ 与 $M$ 的任何一个 RREF $R$ 具有**相同的列间关系**。在 $R$ 中，这些关系一眼就能看出。第 $k$ 个主元列是单位向量 $\mathbf{e}_k$，而它左边的每一列从第 $k$ 行往下都是零。所以：
#
# - 主元列**不是**它左边若干列之和（那些列在第 $k$ 行都是 0）；
# - 自由列 $j$ **是**它左边若干主元列之和：如果它左边有 $k$ 个主元，那么第 $j$ 列从第 $k + 1$ 行往下都是零，所以它等于 $\sum_{i \le k} R_{ij}\,
#   \mathbf{e}_i$，即它在哪些行 $i$ 上为 1，就是这些行的主元列之和；
# - 这样的和只有一种，因为主元列 $\mathbf{e}_1, \mathbf{e}_2, \dots$ 线性无关。
#
# 同样的关系在 $M$ 中也成立。因此，$R$ 的第 $j$ 列是主元列，当且仅当 $M$ 的第 $j$ 列不是它左边若干列之和；而 $R$ 的一个自由列列出了 $M$ 中哪些主元列相加得到 $M$ 的第 $j$ 列。这两点都只与 $M$ 本身有关，所以 $M$ 的任意两个行最简形都相等。$\square$
#
# 同样的论证还表明，**矩阵 $M$ 的主元列线性无关，并且 $M$ 的每一列都是其中若干主元列之和**：它们构成 $M$ 的列空间的一组基（第 4 讲要用到这一点）。在 $5 \times 5$ 的方程组上验证一下：$A$ 的每个自由列都等于 RREF 所指明的那些主元列之和。

# %%
for j in free:
    named = [e5.pivots[i] for i in np.flatnonzero(e5.rref[:, j])]
    total = A5[:, named].sum(axis=1) % 2
    print(
        f"A 的第 {j + 1} 列 = 它所列出的 {len(named)} 个主元列之和：",
        np.array_equal(total, A5[:, j]),
    )
pivot_columns = A5[:, list(e5.pivots)]
print("A 的 23 个主元列化为 23 个主元：", lo.eliminate(pivot_columns).rank == 23)

# %% [markdown]
# ## 核对我们的结果：galois 与 sympy
#
# 由于 RREF 是唯一的，任何正确的程序都必须得到完全相同的结果。所以我们把自己的结果与两个相互独立的实现进行比较：galois 的 `row_reduce`，以及 sympy 在域 `GF(2)` 上的 `DomainMatrix`；还与 `lo.rref` 比较，它是本程序包中基于比特打包的快速消元，返回 RREF 和主元列。

# %%
M5 = np.column_stack([A5, board5.reshape(-1)])

R_galois = np.asarray(galois.GF(2)(M5).row_reduce(), dtype=np.uint8)

R_sympy_domain, sympy_pivots = DomainMatrix.from_list(M5.tolist(), GF(2)).rref()
R_sympy = np.array([[int(v) for v in row] for row in R_sympy_domain.to_list()], dtype=np.uint8)

R_fast, fast_pivots = lo.rref(M5)

print("我们的 == galois：", np.array_equal(e5.rref, R_galois))
print("我们的 == sympy： ", np.array_equal(e5.rref, R_sympy))
print("我们的 == lo.rref：", np.array_equal(e5.rref, R_fast), fast_pivots == e5.pivots)
print("sympy 给出的主元列（从 1 数起）：", [c + 1 for c in sympy_pivots])

# %% [markdown]
# `lo.cross_check` 运行全部三种引擎，并把结果并排打印出来（如果它们有任何不一致，就会报错）。

# %%
lo.cross_check(A5, board5)

# %%
lo.cross_check(A5, bad)

# %% [markdown]
# ## 动手练
#
# 输入你自己的棋盘（任意尺寸；`1`/`#` = 亮，`0`/`.` = 暗），然后运行这个单元格。哪些尺寸的棋盘有自由列？运行之前先预测一下。

# %%
my_board = lo.parse_board("""
    # # . . #
    # . . # #
""")
mine = lo.eliminate(lo.toggle_matrix(*my_board.shape), my_board)
print(mine)
print(
    "自由列（从 1 数起）：", [c + 1 for c in range(my_board.size) if c not in mine.pivots]
)
print("解：", None if mine.solution() is None else mine.solution().reshape(my_board.shape))

# %% [markdown]
# ## 小结
#
# - GF(2) 上的高斯-若尔当消元只需要两种行变换：交换两行，把一行加（异或）到另一行。对每一列：找主元，把它交换上去，消去该列的其余元素。
# - 高斯消元只消去主元下方的元素，得到一个行阶梯形（REF）；高斯-若尔当消元还消去主元上方的元素，得到行最简形（RREF）。
# - 当 $A$ 的每一列都有主元时，RREF 的最后一列就是解。
# - 没有主元的列是自由列：每个自由变量都使解的个数翻倍。$5\times5$ 游戏的秩是 23，有两个自由列：第 24 列和第 25 列。
# - 一行 $[0 \cdots 0 \mid 1]$ 表示 $0 = 1$：棋盘不可解。
# - 行变换保持解集不变，而且 RREF 是唯一的：它可以从各列之间的线性关系读出，而行变换保持这些关系。所以我们的结果必然与 galois 和 sympy 的一致，事实也确实如此。矩阵的主元列构成它的列空间的一组基。
#
# **试一试**
#
# 1. 在演示器中找出 $5\times5$ 消元的第一次**交换**。交换的是哪两行？为什么需要它？
# 2. 对你自己设计的几个 $4 \times 4$ 棋盘 `b` 运行 `lo.eliminate(lo.toggle_matrix(4, 4), b)`。$4 \times 4$ 切换矩阵的秩是多少？
# 3. 把不可解例子中的 `seed=7` 改掉，重新运行。矛盾总是出现在第 24 行，而第 25 行总是 $0 = 0$。为什么？（提示：消元对 $\mathbf{b}$ 列的处理与其他列完全一样。）
#
# **练习**：[练习 3——高斯-若尔当消元](exercises/E3_elimination.zh.ipynb)：手工找主元（★），使用练习交互组件（★），$4 \times 4$ 游戏的自由列（★★），以及编写你自己的 `gauss_jordan` 并在隐藏的测试用例上运行（★★★）。
#
# **下一讲**：[第 4 讲——可解性与核](04_solvability_and_the_kernel.zh.ipynb)说明哪些棋盘可以解开，并找出隐藏在两个自由列背后的“静默模式”。资料来源与延伸阅读：见[参考文献](reference/bibliography.zh.ipynb)。
