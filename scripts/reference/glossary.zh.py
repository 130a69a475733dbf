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
# # 术语表 — Glossary
#
# 本页列出课程中的术语，给出英文与中文（简体中文）对照，按英文的字母顺序排列，并注明每个术语在哪里引入：L3 指第 3 讲，E1 指第 1 套练习。
#
# | 英文 | 中文 | 首次出现 |
# |---|---|---|
# | all-on board | 全亮棋盘 | L5 |
# | Answer form | 答案格式 | E1 |
# | augmented matrix | 增广矩阵 | L3 |
# | basis | 基 | L3 |
# | board | 棋盘 | L1 |
# | cell | 格子 | L1 |
# | certificate | 证书（不可解性的证明） | L4 |
# | chase matrix | 追灯矩阵 | L6 |
# | chase polynomial | 追灯多项式 | L6 |
# | checker | 检查器 | E1 |
# | colour (k colours) | 颜色（k 种颜色） | L7 |
# | column space | 列空间 | L2 |
# | coset | 陪集 | L5 |
# | covering radius | 覆盖半径 | L9 |
# | dimension | 维数 | L4 |
# | exercise | 练习 | L1 |
# | fewest presses | 最少按键 | L5 |
# | field | 域 | L2 |
# | free variable / free column | 自由变量 / 自由列 | L3 |
# | Gauss–Jordan elimination | 高斯-若尔当消元 | L3 |
# | GF(2) | 有限域 GF(2) | L2 |
# | graph | 图 | L7 |
# | hint | 提示 | L1 |
# | inner product | 内积 | L2 |
# | kernel / null space | 核 / 零空间 | L4 |
# | lecture (Lecture N) | 讲（第 N 讲） | L1 |
# | left null space | 左零空间 | L4 |
# | lemma | 引理 | E7 |
# | light | 灯 | L1 |
# | light chasing | 追灯法 | L6 |
# | Lights Out | 点灯游戏 | L1 |
# | linearly independent | 线性无关 | L3 |
# | modulus | 模 | L7 |
# | neighbour | 邻居 | L1 |
# | Next | 下一讲 / 下一步 | L1 |
# | nullity | 零化度 | L4 |
# | orthogonal | 正交 | L2 |
# | parity | 奇偶性 | L1 |
# | parity check | 奇偶校验 | L2 |
# | pivot | 主元 | L3 |
# | pivot column | 主元列 | L3 |
# | press | 按 / 按键 | L1 |
# | proof | 证明 | L3 |
# | quiet pattern | 静默模式 | L4 |
# | rank | 秩 | L3 |
# | rank–nullity theorem | 秩-零化度定理 | L4 |
# | reduced row echelon form (RREF) | 行最简形（RREF） | L3 |
# | ring | 环 | L7 |
# | row echelon form | 行阶梯形 | L3 |
# | row operation | 行变换 | L3 |
# | solution | 解 | L1 |
# | solution (of an exercise) | 解答 | E1 |
# | solvable | 可解 / 有解 | L3 |
# | span | 张成 | L4 |
# | swap | 交换 | L3 |
# | theorem | 定理 | L3 |
# | toggle | 切换 | L1 |
# | toggle matrix | 切换矩阵 | L1 |
# | toggle pattern / press pattern | 按键模式 | L6 |
# | torus | 环面 | L7 |
# | Try this | 试一试 | L1 |
# | vertex / node | 顶点 | L7 |
# | weight | 重量（汉明重量） | L5 |
# | What it assumes | 预备知识 | L1 |
# | What you will learn | 本讲内容 | L1 |
# | widget | 交互组件 | L1 |
# | worst case | 最坏情形 | L9 |
# | Your turn | 动手练 | L1 |
#
# **返回**：[第 1 讲](../01_the_game_and_its_toggle_matrix.zh.ipynb) ·
# [参考文献](bibliography.zh.ipynb)
