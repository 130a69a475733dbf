"""Every checker diagnoses the mistake a student really makes, truthfully, in both languages.

The catalogue is ``tests/wrong_answers.py`` (issue 42): each wrong answer gets a "Not yet"
whose English message names *its* mistake, and whose claims about the answer hold for it;
in Chinese the same verdict, in Chinese, quoting every number the English one quotes.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from lightsout_edu import exercises as ex
from lightsout_edu._i18n import set_language
from lightsout_edu.exercises import _sandbox

from .wrong_answers import (
    CATALOGUE,
    DIMENSION_VS_COUNT,
    NO_MOD_2,
    OFF_BY_ONE,
    SLOW_CATALOGUE,
    Wrong,
    numbers,
)

SEVERAL = {"check_gf2_tables"}
IDS = [f"{w.exercise}-{w.mistake}-{i}" for i, w in enumerate(CATALOGUE)]


def verdict(wrong: Wrong) -> ex.Feedback:
    _sandbox.forget_attempts()  # each answer as if first given
    check = getattr(ex, wrong.checker)
    return check(*wrong.answer) if wrong.checker in SEVERAL else check(wrong.answer)


class EnglishVerdicts(dict[int, ex.Feedback]):
    """Each catalogue answer's English verdict, checked when first asked for, then kept.

    A module fixture that checked them all at once ran on every pytest-xdist worker that
    drew one of the tests below, each checking the whole catalogue (a hundred sandboxes)
    again; asked for one by one, each answer is checked once wherever its test runs.
    """

    def __missing__(self, index: int) -> ex.Feedback:
        self[index] = verdict(CATALOGUE[index])
        return self[index]


@pytest.fixture(scope="module")
def english_verdicts() -> EnglishVerdicts:
    return EnglishVerdicts()


def names_the_mistake_truthfully(wrong: Wrong, said: ex.Feedback) -> None:
    assert bool(said) == wrong.correct, said
    assert wrong.says.lower() in said.message.lower(), said.message
    assert "could not be checked" not in said.message
    assert wrong.holds(said), said.message


def says_the_same_in_chinese(wrong: Wrong, english: ex.Feedback) -> None:
    set_language("zh")
    try:
        said = verdict(wrong)
    finally:
        set_language("en")
    assert bool(said) == wrong.correct
    assert re.search(r"[\u4e00-\u9fff]", said.message), said.message
    # every number the English quotes, the Chinese quotes too ("全 1" may add a 1)
    missing = Counter(numbers(english.message)) - Counter(numbers(said.message))
    assert not missing, (wrong, said.message)
    assert said.board == english.board


@pytest.mark.parametrize("index", range(len(CATALOGUE)), ids=IDS)
def test_each_mistake_gets_the_message_naming_it_and_nothing_false(index, english_verdicts):
    names_the_mistake_truthfully(CATALOGUE[index], english_verdicts[index])


@pytest.mark.slow
def test_each_mistake_gets_the_same_verdict_in_chinese(english_verdicts):
    for index, wrong in enumerate(CATALOGUE):
        says_the_same_in_chinese(wrong, english_verdicts[index])


@pytest.mark.slow
@pytest.mark.parametrize("wrong", SLOW_CATALOGUE, ids=lambda w: f"{w.exercise}-{w.mistake}")
def test_a_mistake_checked_in_fresh_sandboxes_in_both_languages(wrong):
    said = verdict(wrong)
    names_the_mistake_truthfully(wrong, said)
    says_the_same_in_chinese(wrong, said)


def test_the_catalogue_covers_every_exercise_set_and_the_usual_kinds_of_mistake():
    sets = {w.exercise.split(".")[0] for w in CATALOGUE + SLOW_CATALOGUE}
    assert sets == {f"E{n}" for n in range(1, 10)}
    for exercises in ("E3", "E4", "E5"):  # the sets issue 42 was about
        kinds = {w.mistake for w in CATALOGUE if w.exercise.startswith(exercises + ".")}
        assert {OFF_BY_ONE, NO_MOD_2} <= kinds, exercises
    assert {w.exercise for w in CATALOGUE if w.mistake == DIMENSION_VS_COUNT} >= {"E4.2", "E4.3"}
    checkers = {name for name in ex.__all__ if name.startswith("check_")}
    for checker in checkers:  # every exercise, each with a mistake, not right answers only
        assert any(not w.correct for w in CATALOGUE + SLOW_CATALOGUE if w.checker == checker)
