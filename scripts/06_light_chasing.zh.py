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
# # 第 6 讲——追灯法
#
# **本讲内容**
#
# - 点灯游戏（Lights Out）玩家手工使用的*追灯法*，以及它为什么总能清空除最后一行以外的所有行；
# - 最后一行**线性地**依赖于第一行的按键，所以一个 $n \times n$ 棋盘只需要解一个有 $n$ 个未知数的方程组，而不是有 $n^2$ 个未知数的方程组；
# - 如何在不到一秒的时间内解出一个 $100 \times 100$ 棋盘；
# - 为什么 $n \times n$ 棋盘的零化度等于 GF(2) 上两个多项式的最大公因式（gcd）的次数。
#
# **预备知识**：切换矩阵 $A$ 和有限域 GF(2) 上的方程组 $A\mathbf{x} = \mathbf{b}$（第 1–3 讲），以及 $A$ 的核，即静默模式（第 4 讲）。最后一部分（用 gcd 表示零化度）还用到域上的多项式、矩阵的特征多项式与*极小*多项式，以及关于“极小多项式等于特征多项式的矩阵”的一个事实；这个事实只陈述、不证明，并给出参考文献。在此之前的内容只需要第 1–4 讲。

# %%
import galois
import matplotlib.pyplot as plt
import numpy as np

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## 把灯往下追
#
# 看最上面一行里一个亮着的格子。按下它正**下方**的格子就能把它关掉，而且不会碰到最上面一行的其他格子。所以我们可以在第 2 行中、第 1 行每盏亮灯的正下方各按一下，把第 1 行清空。然后在第 3 行按，清空第 2 行，依此类推。
#
# 依次处理完第 $1, \dots, n-1$ 行之后，除了最后一行可能还有灯亮着以外，其余各行都是暗的：最后一行下面已经没有可按的格子了。下面是用纯 NumPy 写的追灯过程。

# %%
PLUS = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]


def press_cell(board, r, c):
    """Press cell (r, c) of `board` in place: toggle it and its orthogonal neighbours."""
    rows, cols = board.shape
    for dr, dc in PLUS:
        if 0 <= r + dr < rows and 0 <= c + dc < cols:
            board[r + dr, c + dc] ^= 1


def chase(board, first_row):
    """Press `first_row` in row 1, then chase the lights down.

    Returns the presses made and the board after each row was cleared.
    """
    board = board.copy()
    presses = np.zeros_like(board)
    for c in np.flatnonzero(first_row):
        press_cell(board, 0, c)
        presses[0, c] = 1
    snapshots = [board.copy()]
    for r in range(board.shape[0] - 1):
        for c in np.flatnonzero(board[r]):
            press_cell(board, r + 1, c)
            presses[r + 1, c] = 1
        snapshots.append(board.copy())
    return presses, snapshots


board = lo.random_board(5, 5, seed=6, solvable=True)
no_first_row = np.zeros(5, dtype=np.uint8)
presses, snapshots = chase(board, no_first_row)
print(lo.format_board(board))

# %%
titles = ["开始"] + [f"第 {r} 行已清空" for r in range(1, 5)]
lo.draw_boards(
    snapshots, titles=titles, title="在 5 x 5 棋盘上逐行向下追灯（第 1 行不按）"
)
plt.show()

# %%
lo.QuickQuestion("chase_next_press")

# %% [markdown]
# 追灯之后，最后一行会剩下一个图案。把它记作 $\mathbf{r}_0$，称为棋盘的*残留*。只有第 1 行的按键是自由的：之后的每一次按键都是被迫的。于是整个游戏变成了：**第 1 行按哪些格子，才能让残留消失？**

# %%
leftover_0 = snapshots[-1][-1]
print("第 1 行不按时剩下的灯：", leftover_0)

# %% [markdown]
# ## 残留是第一行的线性函数
#
# 按键就是 GF(2) 上的加法，而每一次被迫的按键都是“照抄上面那盏灯”，这也是线性的。所以如果我们在第 1 行按下 $\mathbf{f} \in \mathrm{GF}(2)^n$，残留就是
#
# $$\mathbf{r}(\mathbf{f}) = C\,\mathbf{f} + \mathbf{r}_0 ,$$
#
# 其中 $C$ 的第 $j$ 列是**空**棋盘上只按第 1 行第 $j$ 个格子时的残留。
#
# > **定义（追灯矩阵）。** $n \times n$ 棋盘的*追灯矩阵* $C$ 是 GF(2) 上的 $n \times n$ 矩阵，它的第 $j$ 列是：在全灭的棋盘上按下最上面一行的第 $j$ 个格子，再把灯往下追之后，最后一行剩下的图案。
#
# 棋盘可解，当且仅当 $C\mathbf{f} = \mathbf{r}_0$ 有解：只有 $n$ 个未知数，而不是 $n^2$ 个。

# %%
n = 5
C = np.zeros((n, n), dtype=np.uint8)
for j in range(n):
    unit = np.zeros(n, dtype=np.uint8)
    unit[j] = 1
    C[:, j] = chase(np.zeros((n, n), dtype=np.uint8), unit)[1][-1][-1]
print(C)
print("秩", lo.rank(C), " 零化度", n - lo.rank(C))

# %%
lo.QuickQuestion("chase_unknowns")

# %% [markdown]
# 第一行只有 $2^5 = 32$ 种可能，我们可以直接手工逐一试过。

# %%
first_rows = [np.array(bits, dtype=np.uint8) for bits in np.ndindex(*(2,) * n)]
good = [f for f in first_rows if np.array_equal(C @ f % 2, leftover_0)]
print(f"32 种第一行中有 {len(good)} 种能清空棋盘：")
for f in good:
    presses, snapshots = chase(board, f)
    print(f, "-> 追灯后棋盘全暗：", not snapshots[-1].any())

# %% [markdown]
# 有四种第一行可行——正是第 5 讲中所说的、可解的 $5 \times 5$ 棋盘所具有的四个解。确实，$C$ 的秩为 3、零化度为 2，与 $25 \times 25$ 切换矩阵的零化度相同。这并非巧合：
#
# > **命题。** 取按键模式的第一行，给出了从 $\ker A$ 到 $\ker C$ 的一个双射。因此 $\ker A$ 与 $\ker C$ 的维数相同。
#
# *证明。* 两个方向都需要证明。
#
# - *映入 $\ker C$，且是单射。* 设 $\mathbf{q}$ 是一个静默模式，第一行为 $\mathbf{f}$。在全暗的棋盘上按下 $\mathbf{f}$ 之后，第 1 行必须只靠第 2 行的按键重新变暗（其他行都碰不到它），所以 $\mathbf{q}$ 的第 2 行是被迫的：它恰好就是追灯时的按键。这样一行一行下去，整个 $\mathbf{q}$ 就是对 $\mathbf{f}$ 追灯的结果。由于 $\mathbf{q}$ 不改变任何灯，追灯之后最后一行是暗的：$C\mathbf{f} = \mathbf{0}$。并且第一行相同的两个静默模式必定相等。
# - *映满 $\ker C$。* 每个满足 $C\mathbf{f} = \mathbf{0}$ 的 $\mathbf{f}$ 都是某个静默模式的第一行。论证很短，留给你自己去找：这就是[练习 6.2](exercises/E6_chasing.zh.ipynb)。$\square$

# %%
presses, snapshots = chase(board, good[0])
lo.draw_boards(
    [board, *snapshots],
    presses=[presses] + [None] * len(snapshots),
    titles=["棋盘 + 全部按键", "第 1 行已按", *titles[1:]],
    title=f"再追一次灯，第一行为 {good[0]}：棋盘全暗",
)
plt.show()

# %% [markdown]
# ## 辅助函数
#
# `lightsout_edu` 用同样的方法追灯，只是把每一行存在一个整数的各个比特里。`lo.chase_matrix(n)` 必须与我们手工构造的矩阵一致，`solve_board(..., method="chase")` 给出的按键也必须真的能把棋盘关掉。

# %%
print("追灯矩阵相同：", np.array_equal(lo.chase_matrix(5), C))
helper_presses, helper_leftover = lo.chase_lights(board, good[0])
print("追灯结果相同：", np.array_equal(helper_presses, chase(board, good[0])[0]), helper_leftover)
solution = lo.solve_board(board, method="chase")
print("可解：", solution.solvable, " 按键数：", int(solution.presses.sum()))
print("按完后棋盘全暗：", not lo.press(board, solution.presses).any())

# %% [markdown]
# **动手练。** 自己在这个棋盘上追灯：在第 2 行按，清空第 1 行，如此一路往下。最后一行剩下了什么？然后按**撤销**回到开局，再试试上面列表中的某个第一行。

# %% tags=["nbval-ignore-output"]
game = lo.LightsOutGame(board=board)
game

# %% [markdown]
# 同样的追灯，这次用代码在棋盘的第二个副本上驱动：按键逐行遵循“在每盏亮灯的正下方按”这条规则，然后我们读出交互组件显示的棋盘。

# %%
demo = lo.LightsOutGame(board=board)
for r in range(4):
    for c in np.flatnonzero(demo.board[r]):
        demo.press(r + 1, int(c))
print(lo.format_board(demo.board, style="dots"))
print("已按次数：", demo.presses, " 最后一行剩下的灯：", demo.board[-1])

# %% [markdown]
# ## 一个 $100 \times 100$ 棋盘
#
# $100 \times 100$ 棋盘的完整切换矩阵有 $10\,000^2 = 10^8$ 个元素，对它消元大约需要 $N^3 = 10^{12}$ 次比特运算（第 3 讲）：对 $n \times n$ 棋盘来说就是 $n^6$。追灯矩阵只有 $100^2 = 10^4$ 个元素。构造它需要 $n$ 次追灯，每次处理 $n^2$ 个格子；对它消元大约需要 $n^3$ 次运算：总共是 $n^3$ 而不是 $n^6$，在这里相差一百万倍。修改 `size` 再运行一次这个单元格（试试 64、99、200）。

# %%
size = 100
big_board = lo.random_board(size, size, seed=2026, solvable=True)
big = lo.light_chase(big_board)
print(f"{size} x {size} 棋盘：追灯矩阵 {big.matrix.shape}，零化度 {size * size - big.rank}")
print("可解：", big.presses is not None, " 用到的按键数：", int(big.presses.sum()))
print("按完后棋盘全暗（模拟）：", not lo.press(big_board, big.presses).any())

# %%
fig, axes = plt.subplots(1, 3, figsize=(15, 5.3))
lo.draw_board(big_board, ax=axes[0], title=f"一个随机的可解 {size} x {size} 棋盘")
lo.draw_matrix(big.matrix, ax=axes[1], augmented=False, title=f"它的 {size} x {size} 追灯矩阵")
lo.draw_board(
    np.zeros_like(big_board),
    presses=big.presses,
    ax=axes[2],
    title="追灯法找到的按键",
)
plt.show()

# %% [markdown]
# `solve_board(..., method="chase")` 把同样的计算包装成一个 `Solution`：

# %%
chased = lo.solve_board(big_board, method="chase")
print("可解：", chased.solvable, " 零化度：", chased.nullity)
print("与 light_chase 的按键相同：", np.array_equal(chased.presses, big.presses))

# %% [markdown]
# ## 多项式从何而来
#
# 用 $\mathbf{x}_k \in \mathrm{GF}(2)^n$ 表示第 $k$ 行的按键，用 $T$ 表示三条中央对角线上都是 1 的 $n \times n$ 三对角矩阵（即在同一行内按键的效果）。在空棋盘上，追灯之后第 $k$ 行是暗的，当且仅当
#
# $$T\mathbf{x}_k + \mathbf{x}_{k-1} + \mathbf{x}_{k+1} = \mathbf{0}
# \quad\Longleftrightarrow\quad \mathbf{x}_{k+1} = T\mathbf{x}_k + \mathbf{x}_{k-1}$$
#
# （在 GF(2) 上，减就是加）。从 $\mathbf{x}_0 = \mathbf{0}$ 和 $\mathbf{x}_1 = \mathbf{f}$ 出发，就得到 $\mathbf{x}_{k+1} = p_k(T)\,\mathbf{f}$，其中的多项式是
#
# $$p_0(x) = 1, \qquad p_1(x) = x, \qquad p_{k+1}(x) = x\,p_k(x) + p_{k-1}(x)
# \quad \text{over GF(2)},$$
#
# 它们是切比雪夫多项式在 GF(2) 上的近亲。最后一行的残留，就是一个假想的第 $n+1$ 行所需要的按键，所以
#
# $$C = p_n(T).$$
#
# GF(2) 上的多项式就是一行比特，所以可以用一个 Python `int` 来存储：第 $i$ 位是 $x^i$ 的系数。加法是异或，乘以 $x$ 是移位。


# %%
def poly_to_str(p):
    """Write the GF(2) polynomial stored in the bits of `p` in the usual notation."""
    terms = [("1" if i == 0 else "x" if i == 1 else f"x^{i}") for i in range(p.bit_length())]
    return " + ".join(t for i, t in reversed(list(enumerate(terms))) if p >> i & 1) or "0"


def chase_polynomials(n):
    """The list p_0, ..., p_n as ints."""
    p = [1, 0b10]
    for k in range(1, n):
        p.append((p[k] << 1) ^ p[k - 1])
    return p[: n + 1]


for k, p in enumerate(chase_polynomials(6)):
    print(f"p_{k}(x) = {poly_to_str(p)}")


# %%
def poly_of_matrix(p, M):
    """Evaluate the GF(2) polynomial p at the square 0/1 matrix M (Horner's rule)."""
    result = np.zeros_like(M)
    identity = np.eye(len(M), dtype=M.dtype)
    for i in reversed(range(p.bit_length())):
        result = (result @ M + (p >> i & 1) * identity) % 2
    return result


T = lo.toggle_matrix(1, 5)  # pressing inside a single row of 5 cells: tridiagonal
p5_of_T = poly_of_matrix(chase_polynomials(5)[5], T)
print(p5_of_T)
print("p_5(T) 等于追灯矩阵：", np.array_equal(p5_of_T, C))

# %% [markdown]
# ## 用 gcd 表示零化度
#
# > **定理（Hunziker、Machiavelo 与 Park，2004）。** 在 GF(2) 上，$n \times n$ 切换矩阵的零化度等于 $\deg \gcd\bigl(p_n(x),\, p_n(x+1)\bigr)$。
#
# 追灯矩阵 $C = p_n(T)$，以及借助这类多项式研究点灯游戏的做法，可以追溯到 Sutner（1989）以及 Goldwasser、Klostermeyer 与 Trapp（1997）；gcd 公式的证明见 M. Hunziker、A. Machiavelo 与 J. Park，*Chebyshev polynomials over finite fields and reversibility of σ-automata on square grids*，Theoretical Computer Science 320（2004）。这些数值是 OEIS 序列 A159257（见[参考文献](reference/bibliography.zh.ipynb)）。
#
# *理由。* 记 $T = P + I$，其中 $P$ 是 $n$ 个顶点的路的邻接矩阵。沿最后一行展开可知，$P$ 在 GF(2) 上的特征多项式满足同样的递推，所以它就是 $p_n(x)$。矩阵 $P$ 是三对角的，紧挨对角线的位置上是 1，所以 $\mathbf{e}_1, P\mathbf{e}_1, \dots, P^{n-1}\mathbf{e}_1$ 线性无关（每一个都比前一个多伸出一格）；因此没有次数低于 $n$ 的多项式能零化 $P$，它的极小多项式就是它的特征多项式 $p_n$。现在用到我们从线性代数中借来的事实：*若一个矩阵的极小多项式等于它的特征多项式 $\chi$，则 $\dim\ker g(P) = \deg\gcd(g, \chi)$ 对每个多项式 $g$ 都成立*（这样的矩阵相似于 $\chi$ 的友矩阵；见 Hunziker 等人的论文，或任何一本讲有理标准形的教材）。最后，$C = p_n(T) = p_n(P + I) = g(P)$，其中 $g(x) = p_n(x + 1)$；而由上面的命题，$\ker A$ 与 $\ker C$ 的维数相同。
#
# 我们需要对以整数存储的多项式做带余除法和辗转相除法（欧几里得算法），还需要代换 $x \mapsto x + 1$。


# %%
def poly_mod(a, b):
    """Remainder of a divided by b (GF(2) polynomials as ints)."""
    while a.bit_length() >= b.bit_length():
        a ^= b << (a.bit_length() - b.bit_length())
    return a


def poly_gcd(a, b):
    while b:
        a, b = b, poly_mod(a, b)
    return a


def poly_shift_by_one(p):
    """p(x + 1): expand with the powers (x + 1)^i."""
    result, power = 0, 1
    for i in range(p.bit_length()):
        if p >> i & 1:
            result ^= power
        power ^= power << 1  # (x + 1)^(i + 1) = (x + 1)^i * x + (x + 1)^i
    return result


def nullity_from_polynomials(n):
    p_n = chase_polynomials(n)[n]
    return poly_gcd(p_n, poly_shift_by_one(p_n)).bit_length() - 1


p5 = chase_polynomials(5)[5]
print("p_5(x)     =", poly_to_str(p5))
print("p_5(x + 1) =", poly_to_str(poly_shift_by_one(p5)))
print("最大公因式 =", poly_to_str(poly_gcd(p5, poly_shift_by_one(p5))))

# %% [markdown]
# 现在来检验：对 $n = 1, \dots, 30$，把多项式公式与高斯消元对 $n^2 \times n^2$ 切换矩阵求出的零化度相比较。

# %%
print(" n         消元       多项式")
for n in range(1, 31):
    by_elimination = n * n - lo.rank(lo.toggle_matrix(n, n))
    by_polynomials = nullity_from_polynomials(n)
    assert by_elimination == by_polynomials, n
    if by_elimination:
        print(f"{n:2d}  {by_elimination:11d}  {by_polynomials:11d}")
print("全部 30 种大小结果一致（零化度为 0 的未列出）")

# %% [markdown]
# `galois` 有自己的多项式类型；在最大的情形上，它也与我们的结果一致。

# %%
GF2 = galois.GF(2)
coeffs = [int(b) for b in bin(chase_polynomials(30)[30])[2:]]  # highest degree first
p30 = galois.Poly(coeffs, field=GF2)
shifted = p30(galois.Poly([1, 1], field=GF2))  # composition: p_30(x + 1)
print("用 galois 求最大公因式：  ", galois.gcd(p30, shifted))
p30_int = chase_polynomials(30)[30]
print("用我们的整数求最大公因式：", poly_to_str(poly_gcd(p30_int, poly_shift_by_one(p30_int))))

# %% [markdown]
# 本包的 `lo.grid_nullity(n)` 使用同一个公式（多项式运算更快）；它必须与我们的结果一致：

# %%
print(
    "n = 1..200 时 lo.grid_nullity 结果一致：",
    all(lo.grid_nullity(n) == nullity_from_polynomials(n) for n in range(1, 201)),
)
print("1000 x 1000 棋盘的零化度：", lo.grid_nullity(1000))

# %% [markdown]
# 多项式能处理的尺寸远远超出消元：算出直到 $300 \times 300$ 的每个棋盘的零化度，总共远不到一秒。

# %%
sizes = np.arange(1, 301)
nullities = [nullity_from_polynomials(int(n)) for n in sizes]
fig, ax = plt.subplots(figsize=(10, 3.5))
ax.bar(sizes, nullities, width=1.0, color="#0072b2")
ax.set_xlabel("棋盘大小 n（n x n 棋盘）")
ax.set_ylabel("切换矩阵的零化度")
ax.set_title("大多数方形棋盘的零化度为 0，但少数有巨大的核")
plt.show()
print("300 以内最大的零化度：", max(nullities), "，出现在 n =", int(sizes[np.argmax(nullities)]))

# %% [markdown]
# ## 小结
#
# - 追灯法通过被迫的按键清空第 $1, \dots, n-1$ 行；只有第一行是自由的。
# - 残留是 $C\mathbf{f} + \mathbf{r}_0$，其中 $C$ 是 $n \times n$ 追灯矩阵，所以 $n \times n$ 棋盘就是一个有 $n$ 个未知数的方程组：$100 \times 100$ 棋盘转眼就能解出。
# - 对 GF(2) 上的多项式 $p_{k+1} = x p_k + p_{k-1}$，有 $C = p_n(T)$；棋盘的零化度等于 $\deg\gcd(p_n(x), p_n(x+1))$——已在 $n \le 30$ 时与消元的结果核对过。
#
# **试一试**
#
# 1. 用 `chase` 手工追一个 $4 \times 4$ 棋盘。有多少种第一行能把它清空？与零化度 4 比较一下。
# 2. 在大棋盘那个单元格中设 `size = 99`。零化度是多少？（先用 `nullity_from_polynomials(99)` 预测。）这个单元格要运行多久？按 $N^3$ 的估算，对完整的 $9801 \times 9801$ 切换矩阵消元要花多少代价？
# 3. 长方形棋盘：追一个 $5 \times 7$ 棋盘。哪个多项式给出它的追灯矩阵？
#
# **练习**：[练习 6——追灯法](exercises/E6_chasing.zh.ipynb)：手工追灯（★）、反方向为什么成立（★★）、一个恰好有一个解的棋盘（★★），以及自己写一个追灯法求解器，并在不超过 $30 \times 30$ 的棋盘上测试（★★★）。
#
# **下一讲**：[第 7 讲——变体](07_variants.zh.ipynb)改变规则（对角线、国王走法、环面、任意图），并证明全亮的棋盘总能被全部关掉。
