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
# # 第 2 讲——有限域 GF(2) 中的算术
#
# **本讲内容**
#
# - 有限域 GF(2)：只有 0 和 1 的数系，其中 $1 + 1 = 0$；
# - 它的加法就是异或（XOR），乘法就是与（AND），以及为什么从来不需要除法；
# - GF(2) 上的向量：一组按键就是切换矩阵若干列之和；
# - GF(2) 上的内积，以及一个出人意料的事实：非零向量可以与自身正交；
# - `galois` 库如何替你完成这一切。
#
# **预备知识**：第 1 讲（切换矩阵 $A$，以及模 2 意义下的方程 $A\mathbf{x} = \mathbf{b}$）。

# %%
import galois
import matplotlib.pyplot as plt
import numpy as np
import sympy

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## 只有奇偶性才重要
#
# 一盏灯被切换 4 次，看起来和从没碰过一样；被切换 3 次，和只切换一次一样。所以我们只需用**模 2 的余数**来计算，其余的一概可以忘掉。
#
# > **定义（GF(2)）。** GF(2) 是集合 $\{0, 1\}$，其加法和乘法都取模 2。它是最小的*域*：在这种数系中，可以按通常的规则做加、减、乘、除（除数不能为 0）。“GF”是伽罗瓦域（Galois field）的缩写；它也记作 $\mathbb{F}_2$ 或 $\mathbb{Z}_2$。
#
# ## 两张运算表
#
# 先用纯 NumPy 算出这两张表，再与按位运算符 XOR（`^`）和 AND（`&`）比较。

# %%
values = np.array([0, 1])
a, b = np.meshgrid(values, values, indexing="ij")  # all pairs (a, b)
add_table = (a + b) % 2
mul_table = (a * b) % 2

print(" + | 0 1        x | 0 1")
print("---+----      ---+----")
for row in range(2):
    print(
        f" {row} | {add_table[row, 0]} {add_table[row, 1]}        "
        f"{row} | {mul_table[row, 0]} {mul_table[row, 1]}"
    )
print()
print("加法就是异或（XOR）：  ", np.array_equal(add_table, a ^ b))
print("乘法就是与（AND）：    ", np.array_equal(mul_table, a & b))

# %% [markdown]
# 像看电灯开关那样读这两张表：加 1 把值翻转，加 0 保持不变。唯一看起来奇怪的一项是 $1 + 1 = 0$：两次切换互相抵消。
#
# ## 减法和除法：不费吹灰之力
#
# - **负元。** $-1$ 是与 1 相加得 0 的那个数。那就是 1 本身，因为 $1 + 1 = 0$。所以对每个 $a$ 都有 $-a = a$，**减法与加法是一回事**。正因如此，“$\mathbf{b} + A\mathbf{x} = \mathbf{0}$”（所有灯都灭）与“$A\mathbf{x} = \mathbf{b}$”是同一个方程。
# - **逆元。** 唯一的非零元素是 1，并且 $1 \cdot 1 = 1$：**每个非零元素都是它自己的逆元**。除以 1 什么也不改变，所以根本不需要除法。
#
# 对消元（第 3 讲）来说，这意味着主元总是 1，所以从来不需要对行做倍乘；而“把第 $i$ 行加到第 $j$ 行”只是对两个比特串做一次异或。
#
# 由于 GF(2) 非常小，我们可以对**每一种**情形逐一验证算术定律。

# %%
triples = [(x, y, z) for x in (0, 1) for y in (0, 1) for z in (0, 1)]


def add(x, y):
    return (x + y) % 2


def mul(x, y):
    return (x * y) % 2


laws = {
    "x + y = y + x": all(add(x, y) == add(y, x) for x, y, _ in triples),
    "(x + y) + z = x + (y + z)": all(add(add(x, y), z) == add(x, add(y, z)) for x, y, z in triples),
    "x (y + z) = x y + x z": all(
        mul(x, add(y, z)) == add(mul(x, y), mul(x, z)) for x, y, z in triples
    ),
    "x + x = 0（所以 -x = x）": all(add(x, x) == 0 for x in (0, 1)),
    "1 * 1 = 1（1 是自己的逆元）": mul(1, 1) == 1,
}
for law, holds in laws.items():
    print(f"{law:34} {holds}")

# %% [markdown]
# ## GF(2) 上的向量
#
# 有 $N$ 个格子的棋盘是 $\mathrm{GF}(2)^N$ 中的一个向量；这样的向量共有 $2^N$ 个。向量按分量逐个相加（异或），而标量只有 0 和 1。所以一个**线性组合** $c_1\mathbf{v}_1 + \dots + c_k\mathbf{v}_k$ 就是系数为 1 的那些向量之和：一个*子集和*。
#
# 线性代数入门课中的两个概念，在这里变成了关于子集和的命题：
#
# > **定义（张成，线性无关）。** $\mathbf{v}_1, \dots,
# > \mathbf{v}_k$ 的*张成*是它们所有线性组合构成的集合；在 GF(2) 上，它就是这 $2^k$ 个子集和（包括空和 $\mathbf{0}$，其中有些可能相同）。如果这些向量没有任何非空子集的和等于 $\mathbf{0}$，就称它们*线性无关*；等价地说，它们的 $2^k$ 个子集和两两不同。
#
# 例如，$(1, 1, 0)$、$(0, 1, 1)$ 和 $(1, 0, 1)$ 是**线性相关**的：三者相加等于 $\mathbf{0}$，所以它们的张成只有 4 个向量，而不是 $2^3 = 8$ 个。

# %%
lo.QuickQuestion("independent")

# %% [markdown]
# 把这一点用到切换矩阵上。记 $A$ 的第 $j$ 列为 $\mathbf{a}_j$，它就是按格子 $j$ 的效果。于是
#
# $$
# A\mathbf{x} = x_1\mathbf{a}_1 + x_2\mathbf{a}_2 + \dots + x_N\mathbf{a}_N
#             = \sum_{j \,:\, x_j = 1} \mathbf{a}_j ,
# $$
#
# 也就是说，**按下一组格子，就是把这些格子对应的列加起来**。下面在 $3 \times 3$ 棋盘上算一下这个和，按的是格子 1、5 和 9（对角线）。

# %%
A = lo.toggle_matrix(3, 3)
pressed = [0, 4, 8]  # cells 1, 5, 9 in 0-based Python indexing

total = np.zeros(9, dtype=np.uint8)
for j in pressed:
    total ^= A[:, j]  # add column j over GF(2)

x = np.zeros(9, dtype=np.uint8)
x[pressed] = 1
print("第 1、5、9 列之和：    ", total)
print("A x mod 2：            ", A @ x % 2)
print(
    "模拟按键：             ",
    lo.press(np.zeros((3, 3), dtype=np.uint8), x.reshape(3, 3)).reshape(-1),
)

# %% [markdown]
# 把同一个和画成图：每次按键是 $A$ 的一列，画成一个棋盘；结果中每个格子的灯，是三张图中该格子的异或。

# %%
columns = [A[:, j].reshape(3, 3) for j in pressed]
single_presses = [np.eye(1, 9, j, dtype=np.uint8).reshape(3, 3) for j in pressed]
lo.draw_boards(
    [*columns, total.reshape(3, 3)],
    presses=[*single_presses, x.reshape(3, 3)],
    titles=[f"A 的第 {j + 1} 列" for j in pressed] + ["它们的和（XOR）"],
    title="按格子 1、5 和 9 = 在 GF(2) 上把第 1、5 和 9 列相加",
)
plt.show()

# %% [markdown]
# 格子 2 和 4 各被切换两次（由按格子 1 和 5 引起），格子 6 和 8 也各被切换两次（由按 5 和 9 引起）：$1 + 1 = 0$，所以它们最后是**灭**的。每个被按的格子只被切换一次，保持**亮**着。
#
# > **定义（列空间，行空间）。** *列空间* $\operatorname{col}(A)$ 是 $A$ 的各列的张成：它的若干列之和的全体。*行空间* $\operatorname{row}(A)$ 是它的各行的张成，也就是 $A^{\mathsf T}$ 的列空间。
#
# 一个棋盘能被关掉，当且仅当它是这样的若干列之和，也就是说，当且仅当 $\mathbf{b}$ 位于 $A$ 的列空间中。第 4 讲会确切地刻画这个空间。
#
# ## GF(2) 上的内积
#
# > **定义（内积）。** 对 $\mathbf{x}, \mathbf{y} \in \mathrm{GF}(2)^N$，令 $\mathbf{x}\cdot\mathbf{y} = x_1y_1 + x_2y_2 + \dots + x_Ny_N$（模 2）。若 $\mathbf{x}$ 与 $\mathbf{y}$ 在**奇数**个位置上同为 1，它就等于 1；若在偶数个位置上同为 1，它就等于 0。当 $\mathbf{x}\cdot\mathbf{y} = 0$ 时，称 $\mathbf{x}$ 与 $\mathbf{y}$ *正交*。
#
# 对于棋盘 $\mathbf{b}$ 和一个 0/1 “掩码” $\mathbf{y}$，$\mathbf{y}\cdot\mathbf{b}$ 就是掩码内亮着的格子数的奇偶性：这是一次**奇偶校验**。

# %%
y = np.array([1, 1, 0, 1, 1, 0, 0, 0, 0], dtype=np.uint8)  # the top-left 2x2 corner
b = np.array([1, 0, 0, 1, 1, 0, 0, 1, 0], dtype=np.uint8)
print("掩码内亮着的格子：", int((y & b).sum()))
print("GF(2) 上的 y . b：", int(y @ b % 2))

# %% [markdown]
# ### 与自身正交的向量
#
# 在实数上，除非 $\mathbf{x} = \mathbf{0}$，否则 $\mathbf{x}\cdot\mathbf{x} = x_1^2 + \dots + x_N^2 > 0$。在 GF(2) 上，$\mathbf{x}\cdot\mathbf{x}$ 是 $\mathbf{x}$ 中 1 的个数的奇偶性，所以**每个含偶数个 1 的向量都与自身正交**，例如 $(1, 1, 0)$：

# %%
v = np.array([1, 1, 0], dtype=np.uint8)
print("v . v =", int(v @ v % 2))

# all 16 vectors of GF(2)^4, one per row
all4 = (np.arange(16)[:, None] >> np.arange(3, -1, -1)) & 1
self_orthogonal = [row for row in all4 if row @ row % 2 == 0]
print(f"GF(2)^4 的 16 个向量中有 {len(self_orthogonal)} 个与自身正交：")
print(np.array(self_orthogonal))

# %%
lo.QuickQuestion("self_orthogonal")

# %% [markdown]
# 所以在 GF(2) 上既没有长度，也没有角度：“正交”只意味着“内积为 0”。一个子空间甚至可以与它自己的正交补有非零的公共向量。我们在第 4 讲中就会遇到这种情形：$5\times5$ 的静默模式都与自身正交。
#
# ## 用 `galois` 做同样的事
#
# `galois` 库把 GF(2) 实现为一种 NumPy 数组类型：`+`、`*`、`@` 乃至 `np.linalg.inv` 都按域的运算进行，不必再记着写 `% 2`。（第一次使用时要编译一些代码，需要几秒钟。）

# %%
GF2 = galois.GF(2)
zero_one = GF2([0, 1])
print("加法表：", zero_one[:, None] + zero_one[None, :], sep="\n")
print("乘法表：", zero_one[:, None] * zero_one[None, :], sep="\n")
print("1 + 1 =", GF2(1) + GF2(1), "  -1 =", -GF2(1), "  1 / 1 =", GF2(1) / GF2(1))

# %%
A_gf = GF2(A)
x_gf = GF2(x)
print("用 galois 算 A x：", A_gf @ x_gf)
print("与 NumPy 模 2 的结果相同：", np.array_equal(A_gf @ x_gf, A @ x % 2))

# %% [markdown]
# ### 为什么不直接用实数计算，最后再取模 2？
#
# 对于加法和乘法，这样做没问题：最后再取模 2 与每一步都取模 2，得到的答案相同。出问题的是除法。$3\times3$ 的切换矩阵在实数上和在 GF(2) 上都可逆，但两个逆矩阵截然不同。用两种方法分别求解只有中间一盏灯亮着的 $3\times3$ 棋盘：

# %%
middle = np.zeros(9, dtype=np.uint8)
middle[4] = 1

x_real = np.linalg.solve(A.astype(float), middle.astype(float))
print("在实数上，7 x =", np.round(7 * x_real).astype(int))

x_gf2 = np.linalg.inv(A_gf) @ GF2(middle)
print("在 GF(2) 上：  ", x_gf2)
print(
    "按下这些格子后棋盘全灭：",
    not lo.press(middle.reshape(3, 3), np.asarray(x_gf2).reshape(3, 3)).any(),
)

# %% [markdown]
# 实数解要求把格子按 $\tfrac17$、$\tfrac37$ 或 $-\tfrac27$ 次，这在游戏中毫无意义，四舍五入也无济于事。GF(2) 的解则是一组要按的格子，而且确实有效。
#
# ### 行列式为奇数时，分子为什么仍然管用
#
# 再看看实数解：以 7 为分母，它的分子是 $-2, 1, 3$，取模 2 之后，它们*正是* GF(2) 的解。这并非巧合。对每个整数方阵，都有
#
# $$A\,\operatorname{adj}(A) = \det(A)\, I ,$$
#
# 其中*伴随矩阵* $\operatorname{adj}(A)$ 是由带符号的子式（代数余子式）组成的整数矩阵。所以实数解是 $\mathbf{x} = \operatorname{adj}(A)\,\mathbf{b} / \det A$（这就是克拉默法则，$x_i = \det A_i / \det A$），它的分子是整数向量 $\operatorname{adj}(A)\,\mathbf{b}$。上面的恒等式是整数矩阵之间的等式，所以把每个元素都取模 2 之后它仍然成立。如果 $\det A$ 是**奇数**，那么 $\det A \equiv 1$，于是
#
# $$A\,\bigl(\operatorname{adj}(A)\,\mathbf{b}\bigr) \equiv \det(A)\,\mathbf{b}
# \equiv \mathbf{b} \pmod 2 :$$
#
# 即分子取模 2 就是 GF(2) 方程组的解。除以一个奇数，在 GF(2) 中就是除以 1。如果 $\det A$ 是**偶数**，这个恒等式只告诉我们 $A\operatorname{adj}(A) \equiv 0$，而 $A$ 在 GF(2) 上是奇异的（行列式取模 2 *就是* GF(2) 上的行列式）：对 $4\times4$ 的棋盘，$\det A = 0$，根本谈不上唯一解。sympy 用精确的整数计算，所以我们可以亲眼看到这一点。它的分母是 $\det A = -7$，而不是 7，所以它打印出的分子是 $2, -1, -3$：同样的分数（$\tfrac{2}{-7} = -\tfrac27$），只是分子分母的符号都翻转了。模 2 时符号无关紧要，因为 $-1 \equiv 1$，所以两组分子都给出 GF(2) 的解。

# %%
A_int = sympy.Matrix(A)
numerators = A_int.adjugate() * sympy.Matrix(middle)
print("det A =", A_int.det())
print("adj(A) b =", list(numerators), "  模 2：", [int(v) % 2 for v in numerators])
print(
    "等于 GF(2) 上的解：", [int(v) % 2 for v in numerators] == np.asarray(x_gf2).tolist()
)
print("4x4 切换矩阵的行列式：", sympy.Matrix(lo.toggle_matrix(4, 4)).det())

# %% [markdown]
# ## 动手练
#
# 修改下面的按键。运行之前，先数一数每盏灯被切换多少次，逐格预测这些按键会把一个全暗的 $3\times3$ 棋盘变成什么样子。

# %%
my_presses = [1, 3, 5, 7]  # 0-based cells: the four edge cells
x_mine = np.zeros(9, dtype=np.uint8)
x_mine[my_presses] = 1
print((A @ x_mine % 2).reshape(3, 3))

# %% [markdown]
# ## 小结
#
# - GF(2) $= \{0, 1\}$，加法就是异或（XOR），乘法就是与（AND）。
# - $-a = a$，所以减法就是加法；$1^{-1} = 1$，所以不需要除法。
# - GF(2) 上的向量按异或相加；线性组合就是子集和。张成就是子集和的全体；若没有非空子集的和为 $\mathbf{0}$，这些向量就线性无关。
# - 按下一组格子，就是把 $A$ 中对应的列加起来：能被关掉的棋盘恰好构成 $A$ 的列空间。
# - $\mathbf{x}\cdot\mathbf{y}$ 是两者共有的 1 的个数的奇偶性。含偶数个 1 的向量与自身正交。
# - `galois.GF(2)` 数组会替你完成这些运算。
#
# **试一试**
#
# 1. 在“动手练”单元格中，哪一组按键能让 $3\times3$ 棋盘**只有**中间那盏灯亮起来？（提示：答案就在上面 galois 单元格的输出里。）
# 2. 在 $\mathrm{GF}(2)^4$ 中找出两个不同的非零向量，使它们彼此正交，**并且**各自与自身正交。在 $\mathrm{GF}(2)^3$ 中能做到吗？
# 3. `np.linalg.inv(GF2(lo.toggle_matrix(4, 4)))` 有定义吗？galois 怎么说？这对 $4\times4$ 的游戏可能意味着什么？
#
# **练习**：[练习 2——GF(2) 中的算术](exercises/E2_gf2.zh.ipynb)：把两张运算表写成函数（★），手工解一个方程组（★），数一数与自身正交的向量（★★），以及奇数行列式说明了什么（★★）。
#
# **下一讲**：[第 3 讲——一步一步做高斯-若尔当消元](03_gauss_jordan_step_by_step.zh.ipynb)对任意棋盘在 GF(2) 上求解 $A\mathbf{x} = \mathbf{b}$，每次做一个行变换。资料来源与延伸阅读：见[参考文献](reference/bibliography.zh.ipynb)。
