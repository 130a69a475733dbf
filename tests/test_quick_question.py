"""The lectures' quick questions (lo.QuickQuestion): every question of the bank is whole, in
both languages, and the widget checks a choice the way its front end does (question.js); the
click in a real browser is in tests/test_site.py."""

from __future__ import annotations

import re

import pytest

import lightsout_edu as lo
from lightsout_edu.widgets._base import WidgetTypeError, WidgetValueError
from lightsout_edu.widgets._questions import QUESTIONS

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("name", sorted(QUESTIONS))
def test_every_question_has_one_right_option_and_feedback_for_each(name):
    question = QUESTIONS[name]()
    assert len(question.options) >= 2
    assert len(set(question.options)) == len(question.options)
    assert len(question.feedback) == len(question.options)
    assert 0 <= question.answer < len(question.options)
    assert all(len(row) == len(question.matrix[0]) for row in question.matrix)


@pytest.mark.parametrize("name", sorted(QUESTIONS))
def test_every_question_speaks_chinese_in_a_chinese_notebook(name):
    lo.set_language("zh")
    try:
        widget = lo.QuickQuestion(name)
    finally:
        lo.set_language(None)
    words = [widget.prompt, *widget.feedback]
    assert widget.language == "zh"
    assert all(CJK.search(text) for text in words), words


def test_a_choice_gets_the_feedback_of_that_option():
    question = lo.QuickQuestion("free_columns")
    assert question.chosen == -1 and question.verdict == ""
    assert question.choose(1) == (
        "Not yet. Columns 3 and 4 hold the pivots of rows 2 and 3. A free column has no pivot."
    )
    assert question.choose(0).startswith("Right. Column 2 has no pivot")
    assert question.chosen == 0


def test_the_rref_question_is_right_about_its_matrix():
    """The matrix of "Is this matrix in RREF?" is in row echelon form and not reduced, as the
    right option says: its RREF differs from it."""
    import numpy as np

    question = lo.QuickQuestion("rref")
    matrix = np.array([[int(d) for d in row] for row in question.matrix])
    reduced = lo.rref(matrix)[0]
    assert not np.array_equal(reduced, matrix)
    assert "row echelon form, but column 2" in question.options[question.answer]


def test_the_free_columns_question_is_right_about_its_matrix():
    import numpy as np

    question = lo.QuickQuestion("free_columns")
    matrix = np.array([[int(d) for d in row] for row in question.matrix])
    pivots = lo.eliminate(matrix).pivots
    free = [c + 1 for c in range(matrix.shape[1]) if c not in pivots]
    assert free == [2] and question.options[question.answer] == "Column 2"


def test_bad_use_is_refused_with_a_sentence_that_says_what_to_do():
    with pytest.raises(WidgetValueError, match="no quick question 'rrf': choose one of"):
        lo.QuickQuestion("rrf")
    question = lo.QuickQuestion("rref")
    with pytest.raises(WidgetValueError, match="answer is fixed when the question is made"):
        question.answer = 0
    with pytest.raises(WidgetValueError, match="option = 3 is out of range: use 0 to 2"):
        question.choose(3)
    with pytest.raises(WidgetTypeError, match="option must be a whole number"):
        question.choose("b")
    assert repr(question) == "QuickQuestion('rref', 3 options)"
