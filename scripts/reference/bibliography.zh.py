# ---
# jupyter:
#   jupytext:
#     cell_metadata_filter: -slideshow,-jp-MarkdownHeadingCollapsed
#     formats: notebooks///ipynb,scripts///py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 参考文献与出处
#
# 本页列出课程用到的每个定理及其出处，以及供想深入学习的学生阅读的材料。每一讲都链接到这里。条目按主题分组；每个条目后面注明用到它的讲次。
#
# ## 用线性代数研究点灯游戏（Lights Out）
#
# - **M. Anderson and T. Feil**, *Turning Lights Out with Linear Algebra*, Mathematics Magazine 71 (1998), no. 4, 300–303。内容：切换矩阵、GF(2) 上的消元，以及 $5 \times 5$ 棋盘的静默模式。*第 1–5 讲。*
# - 本课程最初依据的两篇（中文）文章：*Lights Out in Java: XOR linear systems and Gaussian elimination*（$5 \times 5$ 方程组、用交换和 XOR 做消元、$0 = 1$ 行、通过枚举自由变量求最少按键），以及 *Lights Out and matrices*（$3 \times 3$ 切换矩阵、核、判别准则 $\mathbf{b} \perp \ker A^{\mathsf T}$，以及概率 $2^{\operatorname{rank} - N}$）。*第 1–5 讲。*
# - **Jaap Scherphuis**, *Lights Out*, Jaap's Puzzle Page, <https://www.jaapsch.net/puzzles/lights.htm>：这款玩具的历史（Tiger Electronics，1995 年）、它的各种变体（有 3 种颜色的 Lights Out 2000、环面版本）、玩家实际使用的追灯法，以及许多已解出的棋盘。*第 1、6、7 讲。*
#
# ## 有限域 GF(2) 及其他域上的线性代数
#
# - 关于秩-零化度定理、子空间和列空间，任何一本入门教材都可以；关于伴随矩阵和克拉默法则，可参见例如 **G. Strang**, *Introduction to Linear Algebra*（《线性代数导论》）(Wellesley–Cambridge Press) 中讲行列式的一章。*第 2、4 讲。*
# - **D. C. Lay**, *Linear Algebra and Its Applications*（《线性代数及其应用》）(Pearson), §1.1：行变换不改变方程组的解集。*第 3 讲。*
# - **T. Yuster**, *The reduced row echelon form of a matrix is unique: a simple proof*, Mathematics Magazine 57 (1984), no. 2, 93–94。*第 3 讲。*
# - **S. Axler**, *Linear Algebra Done Right*（《线性代数应该这样学》）, 3rd ed. (Springer, 2015)：§3.B，线性映射基本定理（秩-零化度定理）；§3.F，行秩 = 列秩，以及零化子的维数。这些结论对任何域都成立，包括 GF(2)。*第 4 讲。*
# - **F. J. MacWilliams and N. J. A. Sloane**, *The Theory of Error-Correcting Codes* (North-Holland, 1977)，第 1 章：维数为 $d$、长度为 $M$ 的二元码，其对偶码的维数为 $M - d$。*第 4 讲，练习 4.8。*
# - 关于有理标准形，以及“与一个循环矩阵（cyclic matrix，即极小多项式等于特征多项式的矩阵）可交换的矩阵都是它的多项式”这一事实：**D. S. Dummit and R. M. Foote**, *Abstract Algebra* (Wiley) 中讲主理想整环上的模的一章。*第 6、7 讲。*
# - $\mathbb{Z}/k$ 上的 Smith 标准形：见 Dummit 和 Foote 的同一章，或 **H. Cohen**, *A Course in Computational Algebraic Number Theory* (Springer), §2.4。*第 7 讲。*
# - 四俄罗斯人方法：**V. L. Arlazarov, E. A. Dinic, M. A. Kronrod and I. A. Faradzev**, *On economical construction of the transitive closure of an oriented graph*, Soviet Mathematics Doklady 11 (1970), 1209–1210，行组合表的出处；以及 **M. Albrecht, G. Bard and C. Pernet**, *Efficient dense Gaussian elimination over the finite field with two elements*, arXiv:1111.6549 (2011)，M4RI 的消元法及其 PLE 分解，本课程的稠密引擎也采用了其中的延迟更新。*第 8 讲。*
#
# ## 定理
#
# - **全亮棋盘总是可解的**（第 7 讲）：**K. Sutner**, *Linear cellular automata and the Garden-of-Eden*, The Mathematical Intelligencer 11 (1989), no. 2, 49–53。利用 $\mathbf{y}^{\mathsf T}A\mathbf{y} = \mathbf{y}\cdot
#   \mathbf{1}$ 的三行证明是标准证明。
# - **追灯多项式，以及用 gcd 表示零化度**（第 6 讲）：公式 $\dim\ker A = \deg\gcd(p_n(x), p_n(x+1))$ 的证明见 **M. Hunziker, A. Machiavelo and J. Park**, *Chebyshev polynomials over finite fields and reversibility of σ-automata on square grids*, Theoretical Computer Science 320 (2004), 465–483。这些多项式和追灯矩阵更早出现在 Sutner (1989) 以及 **J. Goldwasser, W. Klostermeyer and G. Trapp**, *Characterizing switch-setting problems*, Linear and Multilinear Algebra 43 (1997), 121–135 中。
# - **一般情形下，求最少按键是困难的**（第 5 讲）：求一个陪集中重量最小的向量就是最大似然译码，它由 **E. R. Berlekamp, R. J. McEliece and H. C. A. van Tilborg**, *On the inherent intractability of certain coding problems*, IEEE Transactions on Information Theory 24 (1978), no. 3, 384–386 证明是 NP 困难的。
# - **覆盖半径难以计算**（第 9 讲）：**A. McLoughlin**, *The complexity of computing the covering radius of a code*, IEEE Transactions on Information Theory 30 (1984), no. 6, 800–804。
# - **最多按键问题**（第 9 讲）：**W. Boyles**, *The Most Clicks Problem in Lights Out* (2022)。该文提出了这个问题，并解决了零化度为 0 和 2 的棋盘；测试套件对照的就是它的答案表。
#
# ## 整数数列（整数数列线上大全，OEIS）
#
# - **OEIS A159257**：$n \times n$ 点灯游戏切换矩阵的零化度，<https://oeis.org/A159257>。*第 4–6、9 讲；* 测试套件对 $n \le 60$ 做了对照。
# - **OEIS A075464**：熄灭全亮的 $n \times n$ 棋盘所需的最少按键次数，<https://oeis.org/A075464>。*第 5 讲；* 测试套件对 $n \le 30$ 做了对照。
#
# ## 课程使用及用于对照的软件
#
# - **galois**（M. Hostetter）：有限域上的 NumPy 数组，<https://galois.readthedocs.io>。*第 2、3、6、8 讲。*
# - **SymPy**：`GF(p)` 上的 `DomainMatrix`，<https://www.sympy.org>。*第 2、3、8 讲。*
# - **M4RI**（M. Albrecht, G. Bard）：用“四俄罗斯人方法”（Method of the Four Russians）在 GF(2) 上做稠密线性代数，<https://github.com/malb/m4ri>。*第 8 讲及基准测试。*
# - **ldpc**（J. Roffe）：面向纠错码、在稀疏矩阵上做 GF(2) 线性代数，<https://github.com/quantumgizmos/ldpc>；**python-flint**：FLINT 数论库的 Python 绑定，<https://github.com/flintlib/python-flint>。*第 8 讲及基准测试。*
# - **SciPy** `scipy.optimize.milp`（HiGHS）：用于第 9 讲的整数规划。
# - **anywidget**：用于在浏览器中运行的交互组件。
#
# ## 配色
#
# - **M. Okabe and K. Ito**, *Color Universal Design (CUD): how to make figures and presentations that are friendly to colorblind people* (2008)：所有图片和交互组件所用的调色板。
