"""The course's question bank: seeded variants of templates for Moodle and Canvas, and an exam.

Teacher-only: the templates compute every answer, and the proofs carry model answers and
rubrics. This package is not part of the ``lightsout_edu`` wheel; never hand it out.

Every lecture has at least eight templates (:mod:`quiz.lecture1` ... :mod:`quiz.lecture9`):
numerical, multiple-choice and short-answer questions, and a proof with a model answer.
``template.variant(seed)`` is one variant; different seeds give different, equally hard
variants (drawn from a fixed list of equally hard parameters), and every variant's answer
is computed by ``lightsout_edu`` and checked by ``template.check`` with code that does not
use the package (brute force where the board is small, see :mod:`quiz.independent`).

``python -m quiz`` (``make quiz``) writes ``quiz/moodle.xml`` (one category per lecture,
one subcategory of variants per template), ``quiz/canvas_qti.zip`` (the same variants for
Canvas: one quiz per lecture, one question group per template, see :mod:`quiz.canvas`),
``quiz/exam_bank.pdf`` and ``quiz/answer_key.pdf``, and the same four in Chinese
(``quiz/moodle.zh.xml``, ...): the same templates, variants and answers, with the prose
translated through :mod:`quiz.translations` (catalogue ``quiz/locale/zh/quiz.po``).
"""
