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
# # 第 8 讲 — 检验我们的结果
#
# **本讲内容**
#
# - 如何对一个线性代数引擎建立信心：把它与**独立的**实现（galois 和 sympy）比较，并用一个不信任任何引擎的计算来检验每个答案（乘出来验证、在棋盘上按一遍，或检查证书）；
# - 如何阅读交叉检验（cross-check）报告和一张具名测试用例表；
# - 与 M4RI（GF(2) 运算的标准 C 库）、ldpc、python-flint、galois 和 sympy 相比，我们的引擎有多快——数据取自课程的基准测试结果。
#
# **预备知识**：第 1–7 讲中的秩、可解性和切换矩阵。

# %%
import json
from pathlib import Path

import galois
import matplotlib.pyplot as plt
import numpy as np
from sympy import GF
from sympy.polys.matrices import DomainMatrix

import lightsout_edu as lo

lo.use_course_style()

# %% [markdown]
# ## 三个引擎，一个问题
#
# 消元程序里的 bug 很少导致崩溃：它只会返回错误的秩或错误的解。所以我们把同一个问题交给三个程序，它们由不同的人用不同的方式编写：
#
# - **ours**（我们的）：`lightsout_edu`（带记录的高斯-若尔当消元，外加一个为速度而设计的位压缩引擎）；
# - **galois**：有限域上的 NumPy 数组，`galois.GF(2)`；
# - **sympy**：在域 `GF(2)` 上做精确运算的 `DomainMatrix`。
#
# 先手工来做，在所有灯都亮着的 $3 \times 3$ 棋盘上。

# %%
A3 = lo.toggle_matrix(3, 3)
b3 = np.ones(9, dtype=np.uint8)

ours = lo.solve(A3, b3)

GF2 = galois.GF(2)
with_galois = np.linalg.solve(GF2(A3), GF2(b3))  # A3 is invertible

sympy_A = DomainMatrix.from_list(A3.tolist(), GF(2))
sympy_b = DomainMatrix.from_list([[int(v)] for v in b3], GF(2))
with_sympy = [int(v) % 2 for v in (sympy_A.inv() * sympy_b).to_Matrix()]

print("我们的", ours)
print("galois", np.asarray(with_galois))
print("sympy ", np.array(with_sympy))
after = lo.press(np.ones((3, 3), np.uint8), ours.reshape(3, 3))
print("按完后棋盘全灭：", not after.any())

# %% [markdown]
# ## `cross_check`：交叉检验
#
# `lo.cross_check(A, b)` 对任意矩阵做这件事：每个引擎都计算秩、主元列、$[A \mid \mathbf{b}]$ 的行最简形（RREF；它是唯一的，所以必须完全相同）、核的一组基（每个向量都要检查：$A\mathbf{k} = \mathbf{0}$）以及可解性。只要有两个引擎不一致，它就抛出 `CrossCheckError`；否则它的报告会把各个答案并排列出。

# %%
report = lo.cross_check(lo.toggle_matrix(5, 5), np.ones(25, dtype=np.uint8))
report

# %% [markdown]
# ## 一张具名用例表
#
# 测试套件让一组具名用例逐一经过每个引擎；这里是一个便于阅读的版本。每个用例由一个切换矩阵 $A$ 和一个棋盘 $\mathbf{b}$ 组成。每个引擎报告 $A$ 的秩，以及 $\mathbf{b}$ 是否在列空间中（即 $[A \mid \mathbf{b}]$ 的秩是否等于 $A$ 的秩）。然后，无论答案是什么，都要**验证**它：
#
# - 可解：乘出来验证，$A\mathbf{x} = \mathbf{b}$；
# - 不可解：给出一个*证书*（不可解性的证明）$\mathbf{y}$，满足 $\mathbf{y}^{\mathsf T}A = \mathbf{0}$ 且 $\mathbf{y}\cdot\mathbf{b} = 1$（第 4 讲）——每次按键都使 $\mathbf{y}$ 所覆盖的格子中亮灯的个数改变一个偶数，但棋盘在那里亮着的灯是奇数个。


# %%
def grid_case(rows, cols, board, **rule):
    return lo.toggle_matrix(rows, cols, **rule), np.asarray(board, dtype=np.uint8).ravel()


CASES = {
    "1x1 全亮": grid_case(1, 1, [[1]]),
    "2x2 全亮": grid_case(2, 2, np.ones((2, 2))),
    "3x3 全亮": grid_case(3, 3, np.ones((3, 3))),
    "4x4 全亮": grid_case(4, 4, np.ones((4, 4))),
    "4x4 一盏灯": grid_case(4, 4, np.eye(1, 16).reshape(4, 4)),
    "5x5 全亮": grid_case(5, 5, np.ones((5, 5))),
    "5x5 随机（种子 8）": grid_case(5, 5, lo.random_board(5, 5, seed=8)),
    "6x6 全亮": grid_case(6, 6, np.ones((6, 6))),
    "3x7 长方形": grid_case(3, 7, lo.random_board(3, 7, seed=37)),
    "5x5 环面": grid_case(5, 5, lo.random_board(5, 5, seed=55), torus=True),
    "5x5 king 规则": grid_case(5, 5, np.ones((5, 5)), rule="king"),
    "5x5 neighbors 规则": grid_case(5, 5, np.ones((5, 5)), rule="neighbors"),
    "彼得森图": (lo.petersen_graph().toggle_matrix(), np.ones(10, np.uint8)),
}

# %% [markdown]
# galois 和 sympy 各自给出 $A$ 的秩和 $[A \mid \mathbf{b}]$ 的秩；`verify` 在不信任任何引擎的前提下检验我们的答案。


# %%
def ranks_galois(A, b):
    augmented = np.column_stack([A, b])
    return int(np.linalg.matrix_rank(GF2(A))), int(np.linalg.matrix_rank(GF2(augmented)))


def ranks_sympy(A, b):
    augmented = np.column_stack([A, b])
    M = DomainMatrix.from_list(A.tolist(), GF(2))
    return M.rank(), DomainMatrix.from_list(augmented.tolist(), GF(2)).rank()


def verify(A, b, x):
    """Check the answer independently: the solution, or a certificate of unsolvability."""
    if x is not None:
        return "A x = b" if not ((A @ x + b) % 2).any() else "x 错误"
    certificates = [y for y in lo.left_null_space(A) if y @ b % 2]
    y = certificates[0]
    return "y 是证书" if not (y @ A % 2).any() else "y 错误"


yes_no = {True: "是", False: "否"}
print(f"{'':22s} {'':>3s}  {'A 的秩':^20s}  {'可解':^20s}")
print(
    f"{'情形':22s} {'N':>3s}  {'ours':>6s}{'galois':>7s}{'sympy':>7s}  "
    f"{'ours':>6s}{'galois':>7s}{'sympy':>7s}  验证"
)
for name, (A, b) in CASES.items():
    x = lo.solve(A, b)
    rank_ours = lo.rank(A)
    rank_galois, rank_galois_b = ranks_galois(A, b)
    rank_sympy, rank_sympy_b = ranks_sympy(A, b)
    solvable = (x is not None, rank_galois == rank_galois_b, rank_sympy == rank_sympy_b)
    assert rank_ours == rank_galois == rank_sympy and len(set(solvable)) == 1, name
    print(
        f"{name:22s} {len(b):3d}  {rank_ours:6d}{rank_galois:7d}{rank_sympy:7d}  "
        + "".join(f"{yes_no[s]:>{w}s}" for s, w in zip(solvable, (6, 7, 7), strict=True))
        + f"  {verify(A, b, x)}"
    )

# %% [markdown]
# 每一行都一致，而且每个答案——“要按的是这些格子”或“不可能，原因如下”——都由一个不信任引擎的计算来检验。已知的事实也成立：$5 \times 5$ 棋盘的秩为 23，所以可解的棋盘有 $2^{25-23} = 4$ 个解；$4 \times 4$ 棋盘的秩为 12。
#
# **动手练。** 在 `CASES` 中加一个用例（$7 \times 7$ 环面？$4 \times 6$ 的 “x” 规则棋盘？），然后重新运行这个单元格。
#
# ## 这能抓到 bug 吗？
#
# 从不失败的检查什么也证明不了。下面是一个经典的 bug：消元时总是取对角线位置的元素作主元，如果它是 0，就放弃这一列，而不是往下找一个 1（它忘了交换行）。


# %%
def rank_without_row_swaps(A):
    """A buggy GF(2) rank: never swaps rows."""
    M = A.copy()
    rank = 0
    for col in range(M.shape[1]):
        if rank == M.shape[0] or M[rank, col] == 0:
            continue  # the bug: a 1 further down this column is never looked for
        for r in range(M.shape[0]):
            if r != rank and M[r, col]:
                M[r] ^= M[rank]
        rank += 1
    return rank


for name, (A, b) in CASES.items():
    buggy, correct = rank_without_row_swaps(A), ranks_galois(A, b)[0]
    if buggy != correct:
        print(f"{name:22s} 有错的秩 {buggy:3d}   galois {correct:3d}   <- 抓到了")

# %% [markdown]
# 这个有 bug 的引擎在 $1 \times 1$ 棋盘、两个 $4 \times 4$ 用例、仅邻居规则的棋盘和彼得森图上都算对了，被其余八个用例抓住。只看 $4 \times 4$ 棋盘的测试套件会让它蒙混过关：这就是表中混合了各种大小、规则、形状和图的原因。测试套件做得更多：`hypothesis` 生成数百个随机矩阵，在每个矩阵上比较全部三个引擎。下面是一个固定随机种子的缩小版：

# %%
rng = np.random.default_rng(8)
for _ in range(200):
    rows, cols = (int(v) for v in rng.integers(1, 13, size=2))
    M = (rng.random((rows, cols)) < rng.random()).astype(np.uint8)
    ours, theirs = lo.rank(M), int(np.linalg.matrix_rank(GF2(M)))
    assert ours == theirs == DomainMatrix.from_list(M.tolist(), GF(2)).rank(), M
print("200 个随机矩阵：我们的、galois 和 sympy 算出的秩全都一致")

# %%
lo.QuickQuestion("four_by_four_only")

# %% [markdown]
# ## 速度
#
# 先求正确，再求快。基准测试套件（`python -m benchmarks`，需要单独运行：它要花一刻钟）在相同的矩阵上为每个引擎计时，测量求秩、求一个解和求零空间，计时前先检查每个答案，并把中位数连同最小值和最大值存入 `benchmarks/results.json`。这里我们只*读取*这个文件，所以本讲几秒钟就能运行完。
#
# 除了 galois 和 sympy，还有三个引擎加入比较：**M4RI**，实现*四俄罗斯人方法*（Method of the Four Russians）的 C 库，计算机代数系统用它做 GF(2) 上的运算，是我们要超越的对象；以及 **ldpc** 和 **python-flint**，分别来自编码理论和数论的编译型库。“求解”在各个引擎中的工作量并不相同：我们的引擎和 M4RI 求出一个解就停止，而 galois、sympy 和 flint 会算出 $[A \mid b]$ 的完整行最简形。

# %%
results = json.loads(Path("../benchmarks/results.json").read_text())
toggle, dense = results["toggle"], results["dense"]
engines = list(dict.fromkeys(row["engine"] for row in toggle))
print("计时的引擎：", *engines, sep="\n  ")
missing = results["peers_missing"]
print("未测量：", ", ".join(f"{name} ({why})" for name, why in missing.items()) or "无")

# %% [markdown]
# 每个引擎各有一条线；两条坐标轴都是对数刻度，所以直线代表幂律 $t \propto N^k$，竖直方向相差一条网格线就是相差 10 倍。线在某处中断，表示测试套件在那里跳过了会耗时过长的引擎。上面一行是 $n \times n$ 棋盘的切换矩阵（$N = n^2$ 个未知数），中间一行是随机稠密的 $N \times N$ 矩阵，其中一半元素为 1。这两行显示的是*墙钟*时间，也就是你实际等待的时间。我们的引擎可能用到机器的两个核，而 M4RI 只用一个，所以最下面一行再次显示稠密矩阵，但改用 *CPU 时间*：进程所用每个核的时间之和。

# %%
TASKS = {"rank": "A 的秩", "solve": "解 A x = b", "null_space": "A 的零空间"}
fig, axes = plt.subplots(3, 3, figsize=(15, 13), sharey="row", layout="constrained")
PANELS = [
    ("toggle", toggle, "n x n 棋盘的未知数个数 N = n²", "median", "墙钟"),
    ("dense", dense, "N", "median", "墙钟"),
    ("dense", dense, "N", "cpu_median", "CPU"),
]
for row, (kind, rows, what, clock, clock_name) in enumerate(PANELS):
    for ax, (task, title) in zip(axes[row], TASKS.items(), strict=True):
        lo.draw_timings(
            [r for r in rows if r["task"] == task and r.get(clock)],
            x="N",
            y=clock,
            series="engine",
            ax=ax,
            emphasise="ours",
            title=f"{title}（{kind}，{clock_name}时间）",
            xlabel=f"{what}（对数刻度）",
            ylabel=f"{clock_name}时间的中位数，单位秒（对数刻度）",
        )
axes[0, 0].legend(fontsize=8)
fig.suptitle("我们的引擎与同类引擎的比较（来自 benchmarks/results.json）")
plt.show()

# %% [markdown]
# 怎样读这张图（数据来自随课程提交的那次运行，机器是一台 2 核机器，所以倍数在各次运行之间会有几十个百分点的波动）。**切换矩阵**，上面一行：在 $N = 100$ 时 M4RI 最快（它的调用只需几微秒，而我们的调用要付出固定的 Python 开销）；从 $N \approx 400$ 起，我们的线在每个面板中都是最低的：求秩比 M4RI 快 2–4 倍，求解快 5–33 倍，求零空间快 2.5–32 倍；求秩比 ldpc 快约 10–13 倍，在 ldpc 的其他任务上快得更多；比 sympy、galois 和 flint 快约一百倍乃至更多。快的原因有两个：64 个格子共用一个机器字，所以两行相加只需几次按字异或（XOR）；而切换矩阵是*带状*的，所以每次行变换只触及带附近的字；M4RI 不会去寻找带状结构。
#
# **稠密矩阵**，中间和最下面两行：这里没有带状结构，两个引擎用的是同一个思路，即*四俄罗斯人方法*：借助预先算好的行组合表一次消去许多列（我们的引擎每次找出 64 列的主元，并做 8 张表，每张存有 8 个主元行的全部 $2^8$ 种和，于是下方每一行只需加上 8 个表行就能消去）。对大矩阵来说，决定速度的是内存而不是算术：整行整行地消去，意味着每处理 64 列就要把整个矩阵在内存里搬运一遍。所以我们的引擎把矩阵切成每块 512 列的瓦片，并且先等一等：一组 256 列右边的部分，等整组处理完才一次性消去，一块瓦片接一块瓦片地做，用的 32 张表小到可以一直留在处理器的缓存里（这正是 M4RI 自己的 PLE 分解的思路，Albrecht、Bard 和 Pernet 2011）。从 $N = 500$ 到 $16\,000$，我们的线在每个稠密面板中都是最低的：求秩比 M4RI 快 1.35–3.8 倍（按 CPU 时间计为 1.35–3.0 倍），求解快 2.3–4.6 倍，求零空间快 1.2–3.7 倍；在 $N = 250$ 时两者求秩不相上下。领先的一部分来自处理器：Debian 的 M4RI 在任何机器上都只用 128 位向量指令，而 numba 在处理器支持时给我们的引擎用上 512 位的向量指令。
#
# 我们的两条线显示了公共 API 的开销：“ours: kernel only”（直接调用编译好的计算内核）与 “ours” 几乎重合，所以 `lo.rank` 几乎没有额外开销；“ours: dense input”（0/1 数组，每次调用都要检查并打包）在大的切换矩阵上最多高出 4 倍：打包比消元本身还费时。大矩阵请直接以打包形式构造（`lo.toggle_matrix(n, n, packed=True)`）。
#
# 线的斜率就是 $t \propto N^k$ 中的指数 $k$：在预测更大的棋盘之前，要比较斜率，而不只是比较高度。同样的数据也可以写成倍数：对同一任务和同一规模，其他每个引擎所用的时间是我们的多少倍（每次重新运行基准测试，这张表都会变，所以测试套件不比较它）。

# %% tags=["nbval-ignore-output"]
for kind, key, clock in [("toggle", "ratio", "墙钟"), ("dense", "ratio", "墙钟"),
                         ("dense", "cpu_ratio", "CPU")]:  # fmt: skip
    ratios = results[f"{kind}_ratios"]
    peers = [p for p in dict.fromkeys(r["peer"] for r in ratios) if not p.startswith("ours")]
    for task, title in TASKS.items():
        print(f"{title}（{kind}，{clock}时间）：其他引擎的时间 / 我们的时间")
        print(f"{'N':>6s}" + "".join(f"{p[:12]:>13s}" for p in peers))
        for N in sorted({r["N"] for r in ratios}):
            found = {r["peer"]: r[key] for r in ratios if r["N"] == N and r["task"] == task}
            cells = [f"{found[p]:.1f}x" if p in found else "-" for p in peers]
            print(f"{N:6d}" + "".join(f"{cell:>13s}" for cell in cells))
        print()

# %% [markdown]
# ### 追灯法与最少按键
#
# 追灯法把有 $n^2$ 个未知数的方程组换成只有 $n$ 个未知数的方程组（第 6 讲）；对维数为 $d$ 的核，精确的最少按键搜索大约需要 $d\,2^d$ 步（第 5 讲）——这里对每个不超过 $54 \times 54$ 的尺寸的全亮棋盘都做了计算，每个答案都与已发表的结果（OEIS A075464）一致。左图显示前者在 250 000 到 64 000 000 个格子的随机棋盘上的表现，每个棋盘都在一个新进程中求解，并标出所需的内存；右图显示后者。

# %%
chase, fewest = results["chase"], results["fewest"]
fig, axes = plt.subplots(1, 2, figsize=(12, 4.3), layout="constrained")
lo.draw_timings(
    [{**r, "how": 'solve_board(method="chase")'} for r in chase],
    x="n",
    y="seconds",
    series="how",
    ax=axes[0],
    emphasise='solve_board(method="chase")',
    title="对随机 n x n 棋盘追灯",
    xlabel="棋盘边长 n（对数刻度）",
    ylabel="秒（对数刻度）",
)
for r in chase:
    axes[0].annotate(
        f"{r['peak_mb']} MB", (r["n"], r["seconds"]), textcoords="offset points", xytext=(-20, 8)
    )
searched = [r for r in fewest if r["kernel_dimension"] > 0]  # d = 0: one solution, no search
axes[1].errorbar(
    [r["kernel_dimension"] for r in searched],
    [r["median"] for r in searched],
    yerr=[
        [r["median"] - r["min"] for r in searched],
        [r["max"] - r["median"] for r in searched],
    ],
    fmt="o",
    color="#0072b2",
)
axes[1].set(
    yscale="log",
    xlabel="核的维数 d",
    ylabel="时间的中位数，单位秒（对数刻度）",
    title="精确的最少按键：有非零核的全亮 n x n 棋盘",
)
plt.show()
print(f"{len(fewest)} 个全亮棋盘，n = 1 .. {max(r['n'] for r in fewest)}；核最大的几个：")
for r in sorted(fewest, key=lambda r: (r["kernel_dimension"], r["n"]))[-6:]:
    print(f"d = {r['kernel_dimension']:2d} ({r['n']:2d} x {r['n']:<2d}): {r['median']:9.4f} s")

# %% [markdown]
# 右图显示了什么？当 $d \le 16$ 时，每个棋盘最多只需几毫秒，而且时间更多地取决于**棋盘大小**而不是 $d$：求解棋盘和准备搜索的开销超过了 $d\,2^d$ 次加法本身。到 $d = 20$ 时，搜索的开销开始显现（约 35 毫秒）。在 $d = 20$ 以上，一个在两个核上运行的编译型变换取代了 NumPy，所以从 $d = 20$ 到 $d = 30$（3.6 秒）的增长小于公式预测的 $2^{10}$ 倍；在 $d = 30$ 与 $d = 32$（13 秒）之间，两者都是编译实现，时间增长了 3.6 倍，而 $d\,2^d$ 预测的是 4.3 倍。只有在足够宽的范围内测量同一个引擎的曲线，才能检验增长规律。
#
# 追灯法（左图）在 1.3 秒内解出了一个随机的 $8000 \times 8000$ 棋盘，共 64 000 000 个未知数，用了 0.7 GB 内存；它的核维数为 80，但这 80 个静默模式仍以打包形式存储，每个字存 64 个格子。

# %% [markdown]
# ## 小结
#
# - 信任来自**独立的**检验：由不同的人编写的三个引擎必须一致，而且每个答案都由一个不信任它们的计算来验证——解要乘出来检验，不可能的结论要附带证书。
# - 检验必须有可能失败：一个看似合理的 bug（不交换行）被大多数具名用例抓住，但并非全部。
# - 速度要测量，而不是猜测：在相同的矩阵上把我们的打包引擎与 M4RI、ldpc、python-flint、galois 和 sympy 对比，数据取自已提交的基准测试结果。
#
# **试一试**
#
# 1. 在 `CASES` 中加入 `"7x7 torus"` 和 `"4x6 rule x"` 两个用例。
# 2. 修正 `rank_without_row_swaps`（往下找一个 1 并交换行），然后检查现在没有任何用例能抓住它。
# 3. 根据切换矩阵的那几个面板，分别估计我们的引擎、M4RI 和 sympy 在 $t \propto N^k$ 中的指数 $k$。对于 $200 \times 200$ 的棋盘，你会用哪一个？你又会改用什么方法，而不用其中任何一个？
#
# **练习**：[练习 8 — 检验我们的结果](exercises/E8_checking.zh.ipynb)：检查一个给出的解（★），找一个能暴露有 bug 的 RREF 的矩阵（★★），以及写一个能抓住五个预埋 bug 的测试（★★★）。
#
# **下一讲**：[第 9 讲 — 一个棋盘最多需要按几次？](09_how_many_presses.zh.ipynb) 要找出每种尺寸下最难的棋盘——在那里逐一计数已经无望，需要新的工具。
# 资料来源与延伸阅读：见[参考文献](reference/bibliography.zh.ipynb)。
