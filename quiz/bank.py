"""Questions, templates and the registry of the question bank.

A :class:`Template` has a list of equally hard parameters (``space``), builds a
:class:`Question` from one of them with ``lightsout_edu`` (``build``) and checks a question
independently (``check``: it raises AssertionError when the stored answer is wrong).
``variant(seed)`` picks the parameters with a fixed permutation of the list, so the seeds
``0 .. len(space) - 1`` give distinct variants.

>>> from quiz import lecture1
>>> template = TEMPLATES["L1.2"]
>>> question = template.variant(3)
>>> question.kind, question.lecture
('numerical', 1)
>>> template.check(question)
"""

from __future__ import annotations

import hashlib
import html
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lightsout_edu._i18n import speaking
from quiz.translations import tr, tr_in, tr_later

KINDS = ("numerical", "multichoice", "shortanswer", "essay")
LECTURE_TITLES = {
    1: tr_later("The game and its toggle matrix"),
    2: tr_later("Arithmetic in GF(2)"),
    3: tr_later("Gauss–Jordan elimination"),
    4: tr_later("Solvability and the kernel"),
    5: tr_later("All solutions and the fewest presses"),
    6: tr_later("Light chasing"),
    7: tr_later("Variants"),
    8: tr_later("Checking our work"),
    9: tr_later("How many presses"),
}


@dataclass(frozen=True)
class Question:
    """One variant of a template, ready for Moodle and for print.

    ``text``, feedback and solutions are HTML with mathematics as ``\\( ... \\)``.
    ``answer`` is a whole number (numerical), a string (shortanswer) or the index of the
    right choice (multichoice); essays have none, but a ``model_answer`` with its rubric.
    ``mistakes`` are typical wrong answers with the feedback they get; ``hint`` is the
    feedback for any other wrong answer.
    """

    template: str
    lecture: int
    title: str
    kind: str
    seed: int
    params: Any
    text: str
    answer: int | str | None
    solution: str
    right: str = "Right."
    hint: str = ""
    mistakes: tuple[tuple[int | str, str], ...] = ()
    choices: tuple[tuple[str, str], ...] = ()  # (option, feedback) for multichoice
    model_answer: str = ""
    points: int = 1
    data: Any = None  # what the question shows besides the parameters (for the check)
    language: str = "en"  # of its prose; the numbers and answers are the same in every one

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.template}: unknown kind {self.kind!r}")
        wrong = [value for value, _ in self.mistakes]
        if self.answer in wrong or len(set(map(str, wrong))) < len(wrong):
            raise ValueError(f"{self.template} seed {self.seed}: a mistake equals the answer")
        if self.kind == "multichoice":
            options = [option for option, _ in self.choices]
            if len(set(options)) < len(options) or not 0 <= int(self.answer or 0) < len(options):
                raise ValueError(f"{self.template} seed {self.seed}: choices repeat")
        if self.kind == "essay" and not self.model_answer:
            raise ValueError(f"{self.template}: a proof needs a model answer")

    @property
    def key(self) -> tuple:
        """What a student sees: two variants with the same key are the same question."""
        return self.text, tuple(option for option, _ in self.choices)

    @property
    def name(self) -> str:
        """The question's name in Moodle, e.g. 'L4.1 v07: A nullity'."""
        return tr_in(self.language, "{0} v{1:02d}: {2}", self.template, self.seed, self.title)

    @property
    def category(self) -> str:
        """The lecture's category, e.g. 'Lecture 4: Solvability and the kernel'."""
        title = tr_in(self.language, LECTURE_TITLES[self.lecture])
        return tr_in(self.language, "Lecture {0}: {1}", self.lecture, title)

    @property
    def shown_answer(self) -> str:
        """The right answer as text, for the answer key."""
        if self.kind == "multichoice":
            return f"({'abcdefgh'[int(self.answer or 0)]}) {self.choices[int(self.answer or 0)][0]}"
        if self.kind == "essay":
            return self.model_answer
        return html.escape(str(self.answer))


@dataclass(frozen=True)
class Template:
    """A question with equally hard variants: parameters, how to build it, how to check it."""

    id: str
    title: str
    kind: str
    space: Callable[[], Sequence[Any]]
    build: Callable[[Any], dict]
    check_answer: Callable[[Any, Question], None]
    points: int = 1
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def lecture(self) -> int:
        return int(self.id[1:].split(".")[0])

    def parameters(self) -> Sequence[Any]:
        """The equally hard parameters, computed once."""
        if "space" not in self._cache:
            space = list(self.space())
            if len(space) < 50:
                raise ValueError(f"{self.id}: only {len(space)} variants (50 or more needed)")
            digest = hashlib.sha256(self.id.encode()).digest()
            order = np.random.default_rng(int.from_bytes(digest[:8], "big")).permutation(len(space))
            self._cache["space"] = [space[int(k)] for k in order]
        return self._cache["space"]

    def variant(self, seed: int, language: str = "en") -> Question:
        """Variant ``seed`` (seeds that differ by less than the number of variants differ),
        its prose in ``language`` ("en" or "zh"; the numbers are the same in both).
        """
        space = self.parameters()
        params = space[seed % len(space)]
        with speaking(language):
            fields = {"right": tr("Right."), "title": tr(self.title), **self.build(params)}
        if self.kind == "multichoice":  # the right option is not always (a) on paper
            digest = hashlib.sha256(f"{self.id}:{seed}".encode()).digest()
            order = np.random.default_rng(int.from_bytes(digest[:8], "big")).permutation(
                len(fields["choices"])
            )
            fields["choices"] = tuple(fields["choices"][int(k)] for k in order)
            fields["answer"] = int(np.flatnonzero(order == fields["answer"])[0])
        return Question(
            template=self.id,
            lecture=self.lecture,
            kind=self.kind,
            seed=seed,
            params=params,
            points=self.points,
            language=language,
            **fields,
        )

    def check(self, question: Question) -> None:
        """Recompute the answer of ``question`` without ``lightsout_edu``; AssertionError if
        it is wrong, or if a multiple-choice question has not exactly one right option.
        """
        self.check_answer(question.params, question)


TEMPLATES: dict[str, Template] = {}


def template(
    id: str, title: str, kind: str, *, space: Callable[[], Sequence[Any]], points: int = 1
) -> Callable[[Callable[[Any], dict]], Callable[[Callable[[Any, Question], None]], Template]]:
    """Register a template: decorate its ``build``, then its ``check`` with the result.

    ::

        @template("L1.1", "Ones in a column", "numerical", space=...)
        def ones_in_column(params): ...  # returns Question fields

        @ones_in_column
        def _(params, question): ...  # raises AssertionError if the answer is wrong
    """

    def with_build(build: Callable[[Any], dict]) -> Callable[[Callable], Template]:
        def with_check(check: Callable[[Any, Question], None]) -> Template:
            if id in TEMPLATES:
                raise ValueError(f"two templates are called {id}")
            TEMPLATES[id] = Template(id, title, kind, space, build, check, points)
            return TEMPLATES[id]

        return with_check

    return with_build


def load_all() -> dict[str, Template]:
    """Every template of the bank, in lecture order."""
    for k in LECTURE_TITLES:
        importlib.import_module(f"quiz.lecture{k}")
    return dict(sorted(TEMPLATES.items(), key=lambda kv: _order(kv[0])))


def _order(template_id: str) -> tuple[int, int]:
    lecture, number = template_id[1:].split(".")
    return int(lecture), int(number)


# ---------------------------------------------------------------------------------------------
# HTML for questions: boards, vectors and matrices
# ---------------------------------------------------------------------------------------------


def bits(values: Any) -> str:
    """A 0/1 vector as a string of digits, e.g. '01101'."""
    return "".join(str(int(v)) for v in np.ravel(values))


def rows(board: Any) -> str:
    """A board as rows of digits separated by '/', the form of short answers: '010/111'."""
    return "/".join(bits(row) for row in np.atleast_2d(board))


def board_html(board: Any, caption: str = "") -> str:
    """A board (or matrix) as a block of digits, one row per line."""
    lines = "\n".join(" ".join(str(int(v)) for v in row) for row in np.atleast_2d(board))
    label = f'<span class="caption">{caption}</span>\n' if caption else ""
    return f'<pre class="board">{label}{lines}</pre>'


def cells(indices: Sequence[int]) -> str:
    """Cell numbers, 1-based, as the course writes them."""
    return ", ".join(str(int(i) + 1) for i in indices)


def choice_of(right: str, wrong: Sequence[tuple[str, str]], right_feedback: str) -> dict:
    """Multiple-choice fields: the right option first (``variant`` shuffles them)."""
    return {"answer": 0, "choices": ((right, right_feedback), *wrong)}


def mistakes(answer: int | str, *pairs: tuple[int | str, str]) -> tuple[tuple[int | str, str], ...]:
    """Typical wrong answers with their feedback, without the right one or repeats."""
    kept: dict[str, tuple[int | str, str]] = {}
    for value, feedback in pairs:
        if str(value) != str(answer):
            kept.setdefault(str(value), (value, feedback))
    return tuple(kept.values())


def require(condition: object, message: str) -> None:
    """The independent check failed."""
    if not condition:
        raise AssertionError(message)


def same_question(english: Question, translated: Question) -> None:
    """``translated`` asks ``english``'s question: same variant, answer, choices and mistakes.

    >>> template = TEMPLATES["L1.2"]
    >>> same_question(template.variant(3), template.variant(3, "zh"))
    >>> same_question(template.variant(3), template.variant(4, "zh"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: L1.2 ... is not the variant L1.2 v03: Ones in the whole matrix
    """
    require(
        (english.template, english.seed, english.kind, english.points)
        == (translated.template, translated.seed, translated.kind, translated.points)
        and english.answer == translated.answer
        and len(english.choices) == len(translated.choices)
        and [value for value, _ in english.mistakes] == [v for v, _ in translated.mistakes],
        f"{translated.name} is not the variant {english.name}",
    )


def one_right_choice(question: Question, is_right: Callable[[int], bool]) -> None:
    """Exactly the marked option passes ``is_right`` (an independent test of option k)."""
    right = [k for k in range(len(question.choices)) if is_right(k)]
    require(right == [question.answer], f"{question.name}: right options {right}")
