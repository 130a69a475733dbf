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
# # Syllabus — Lights Out: linear algebra over GF(2)
#
# A two-week module on linear algebra over the field with two elements, GF(2), told through
# the puzzle Lights Out: pressing a light toggles it and its neighbours, and the question "can
# this board be switched off, and how?" is a system of linear equations in which 1 + 1 = 0.
# Along the way you build the toggle matrix, run Gauss–Jordan elimination by hand and in your
# own code, meet the kernel and the rank–nullity theorem, decide which boards are solvable,
# find the fewest presses, solve huge boards by light chasing, and play on tori, graphs and
# with more colours. Every lecture is a Jupyter notebook you run, with widgets to play and
# exercises whose checkers tell you what went wrong.
#
# This page is for students: what the module covers, when, what you should know before it, and
# how it is graded.

# %% [markdown]
# ## The lectures
#
# 1. [The game and its toggle matrix](../01_the_game_and_its_toggle_matrix.ipynb) (with
#    [exercises](../exercises/E1_the_game.ipynb))
# 2. [Arithmetic in GF(2)](../02_arithmetic_in_gf2.ipynb) (with
#    [exercises](../exercises/E2_gf2.ipynb))
# 3. [Gauss–Jordan elimination, step by step](../03_gauss_jordan_step_by_step.ipynb) (with
#    [exercises](../exercises/E3_elimination.ipynb))
# 4. [Solvability and the kernel](../04_solvability_and_the_kernel.ipynb) (with
#    [exercises](../exercises/E4_kernel.ipynb))
# 5. [All solutions and the fewest presses](../05_all_solutions_and_fewest_presses.ipynb)
#    (with [exercises](../exercises/E5_fewest.ipynb))
# 6. [Light chasing](../06_light_chasing.ipynb) (with
#    [exercises](../exercises/E6_chasing.ipynb))
# 7. [Variants: other rules, the torus, any graph, more colours](../07_variants.ipynb) (with
#    [exercises](../exercises/E7_variants.ipynb))
# 8. [Checking our work](../08_checking_our_work.ipynb) (with
#    [exercises](../exercises/E8_checking.ipynb))
# 9. [How many presses can a board need?](../09_how_many_presses.ipynb) (with
#    [exercises](../exercises/E9_worst_case.ipynb))

# %% [markdown]
# ## What you need before the module
#
# - a first course in linear algebra: matrices and vectors, the product $A\mathbf{x}$,
#   subspaces, basis and dimension (the rank–nullity theorem is recalled where it is used)
# - some Python and NumPy: lists, loops, functions and arrays
# - nothing about finite fields: lecture 2 starts from scratch

# %% [markdown]
# ## What you will be able to do
#
# After the module you can
#
# 1. model a press game as $A\mathbf{x} = \mathbf{b}$ over GF(2) and build $A$ by hand
#    (lecture 1)
# 2. compute in GF(2), and explain why order and repeats of presses do not matter (lectures 1
#    and 2)
# 3. explain when integer methods (determinant, Cramer) transfer to GF(2) (lecture 2)
# 4. carry out and program Gauss–Jordan elimination over GF(2), and read off pivots, free
#    columns and $0 = 1$ rows (lecture 3)
# 5. describe the kernel, use rank–nullity, decide solvability by parity checks, and give a
#    certificate (lecture 4)
# 6. list all solutions as a coset and find a fewest-presses solution exactly (lecture 5)
# 7. solve big boards by light chasing and prove the chase bijection (lecture 6)
# 8. transfer the method to other rules, graphs and $k$ colours, and know where it breaks
#    ($\mathbb{Z}/4$) (lecture 7)
# 9. check a computation independently and write a test that can fail (lecture 8)
# 10. bound and compute the worst case of a board size (lecture 9)

# %% [markdown]
# ## Schedule
#
# Two weeks of lectures and exercise classes, 90 minutes each, then a week to finish the last
# assignment and the exam. The minutes are what each part takes: exercises at the pace of a
# student working alone (★ 5–10 minutes, ★★ 10–20, ★★★ 30–45).
#
# | When | Slot | What | Minutes |
# |---|---|---|---|
# | week 1, Monday | Session 1 (90 min) | Lecture 1: The game and its toggle matrix<br>Lecture 2: Arithmetic in GF(2) | 40 + 45 |
# | week 1, Tuesday | Session 2 (90 min) | Lecture 3: Gauss–Jordan elimination, step by step | 90 |
# | week 1, Wednesday | Exercise class A (90 min) | Exercises 1<br>Exercises 2 | 40 + 30 |
# | week 1, Thursday | Session 3 (90 min) | Lecture 4: Solvability and the kernel | 90 |
# | week 1, Friday | Exercise class B (90 min) | Exercises 3<br>Exercises 4, 4.1–4.3 | 60 + 20 |
# | week 1, outside class | Self-study, week 1 (360 min) | Exercises 4, 4.4–4.9<br>Assignment 1: the game and arithmetic in GF(2)<br>Quiz 1: lectures 1–4<br>Assignment 2: the kernel and solvability | 80 + 120 + 20 + 120 |
# | week 2, Monday | Session 4 (90 min) | Lecture 5: All solutions and the fewest presses<br>Lecture 6: Light chasing (chasing by hand and the chase matrix) | 60 + 30 |
# | week 2, Tuesday | Session 5 (90 min) | Lecture 6: Light chasing (the helper, a 100 x 100 board, polynomials and the gcd)<br>Lecture 7: Variants: other rules, the torus, any graph, more colours | 40 + 50 |
# | week 2, Wednesday | Exercise class C (90 min) | Exercises 5<br>Exercises 6, 6.1–6.3 | 50 + 20 |
# | week 2, Thursday | Session 6 (90 min) | Lecture 8: Checking our work<br>Lecture 9: How many presses can a board need? | 40 + 50 |
# | week 2, Friday | Exercise class D (90 min) | Exercises 7<br>Exercises 8, 8.1–8.2 | 70 + 15 |
# | week 2, outside class | Self-study, week 2 (300 min) | Exercises 6, 6.4<br>Exercises 8, 8.3<br>Assignment 3: all solutions, the fewest presses and light chasing | 30 + 30 + 120 |
# | week 3, outside class | Self-study, week 3 (240 min) | Exercises 9<br>Quiz 2: lectures 5–9<br>Assignment 4: variants, checking our work and the worst case | 70 + 20 + 120 |
# | week 3, Friday | Exam (90 min) | Written exam | 90 |

# %% [markdown]
# ## Assessment
#
# | What | Kind | Lectures | Weight | Due | How it is graded |
# |---|---|---|---|---|---|
# | Assignment 1: the game and arithmetic in GF(2) | notebook (nbgrader) | 1, 2 | 10% | week 1, Sunday | 10 points autograded (hidden tests, your own boards), 3 points for a written explanation |
# | Assignment 2: the kernel and solvability | notebook (nbgrader) | 3, 4 | 10% | week 2, Wednesday | 10 points autograded (hidden tests, your own boards), 3 points for a written proof |
# | Assignment 3: all solutions, the fewest presses and light chasing | notebook (nbgrader) | 5, 6 | 10% | week 2, Sunday | 10 points autograded (hidden tests, your own boards and code), 3 points for a written proof |
# | Assignment 4: variants, checking our work and the worst case | notebook (nbgrader) | 7, 8, 9 | 10% | week 3, Thursday | 10 points autograded (hidden tests, your own boards), 3 points for a written proof |
# | Quiz 1: lectures 1–4 | Moodle quiz | 1, 2, 3, 4 | 5% | week 1, Sunday | automatically; every student gets their own variant of each question |
# | Quiz 2: lectures 5–9 | Moodle quiz | 5, 6, 7, 8, 9 | 5% | week 3, Wednesday | automatically; every student gets their own variant of each question |
# | Written exam | on paper | 1, 2, 3, 4, 5, 6, 7, 8, 9 | 50% | week 3, Friday | 90 minutes, closed book, graded by hand |
# | **Total** | | | **100%** | | |
#
# Deadlines are given as days of the module; your lecturer announces the dates. Each graded
# assignment is a notebook you download, fill in and submit; the boards in it are made from
# your student id. Its automatic part has hidden tests: the visible checks only test the form
# of your answers, and the feedback you get after grading says what went wrong. The written
# part (a short proof or explanation) is graded by hand with a rubric. The quizzes draw every
# question from a bank of variants, so neighbours get different numbers. The exam asks the
# same kinds of question as the quizzes and the assignments: numbers, multiple choice, short
# answers and a proof.

# %% [markdown]
# ## How to work
#
# - Run the lecture notebooks cell by cell, and play with the widgets: they are part of the
#   lecture. The course web site shows them too, without installing anything, and every
#   lecture is also a slide deck and a printable PDF.
# - Do the exercises after each lecture: each answer cell is followed by a checker that says
#   whether your answer is right and, if not, what went wrong. Exercise classes are for the
#   exercises marked in the schedule; finish the rest at home.
# - The graded assignments and quizzes give every student their own boards and variants, made
#   from your student id. Discuss ideas with others, but write your own answers: a copied
#   notebook fails every test, and written answers are read by a person.
