"""A checked quick question inside a lecture: choose an answer, the browser says why."""

from __future__ import annotations

import traitlets

from .._i18n import t
from ._base import LightsOutWidget, WidgetValueError, check_whole, fixed_trait
from ._frontend import esm
from ._questions import QUESTIONS, Question

__all__ = ["QuickQuestion"]


class QuickQuestion(LightsOutWidget):
    """One multiple-choice question of the lecture, checked at once, with feedback per option.

    The question, its options, the right one and a sentence for each option are in the
    widget's model, in the language it was made in, so the browser checks a choice without a
    kernel: in JupyterLab, on the course site and on the slides.  It is formative only: the
    answer is in the page for anyone who looks.

    Parameters
    ----------
    name : str
        The question, by its name in the lectures' bank (``"rref"``, ``"free_columns"``, ...).
    size : float, default 1
        Scale of the widget.

    Examples
    --------
    >>> question = QuickQuestion("free_columns")
    >>> question
    QuickQuestion('free_columns', 4 options)
    >>> question.choose(1).startswith("Not yet")
    True
    >>> question.choose(0).startswith("Right")
    True
    """

    _esm = esm("question")
    name = traitlets.Unicode().tag(sync=True)
    prompt = traitlets.Unicode().tag(sync=True)
    #: a small 0/1 matrix the question is about, one string of digits per row (may be empty)
    matrix = traitlets.List(traitlets.Unicode()).tag(sync=True)
    options = traitlets.List(traitlets.Unicode()).tag(sync=True)
    answer = traitlets.Int().tag(sync=True)
    feedback = traitlets.List(traitlets.Unicode()).tag(sync=True)
    #: the option chosen and checked last (-1: none yet); the browser sets it too
    chosen = traitlets.Int(-1).tag(sync=True)

    def __init__(self, name: str, *, size: float = 1.0) -> None:
        if name not in QUESTIONS:
            raise WidgetValueError(
                t(
                    "no quick question {name}: choose one of {names}",
                    name=repr(name),
                    names=", ".join(sorted(QUESTIONS)),
                )
            )
        question: Question = QUESTIONS[name]()
        super().__init__(
            name=name,
            prompt=question.prompt,
            matrix=list(question.matrix),
            options=list(question.options),
            answer=question.answer,
            feedback=list(question.feedback),
            size=size,
        )
        self._made = True

    @traitlets.validate("name", "prompt", "matrix", "options", "answer", "feedback")
    def _fixed(self, proposal: traitlets.Bunch) -> object:
        return fixed_trait(
            self,
            proposal,
            lambda name: t("{name} is fixed when the question is made", name=name),
        )

    def choose(self, option: int) -> str:
        """Check ``option`` (counted from 0) as a click in the browser does; return the verdict."""
        self.chosen = check_whole(option, "option", 0, len(self.options) - 1)
        return self.verdict

    @property
    def verdict(self) -> str:
        """What the widget says about the chosen option ("" before a choice)."""
        if self.chosen < 0:
            return ""
        head = t("question.right") if self.chosen == self.answer else t("question.notYet")
        return t("question.verdict", head=head, feedback=self.feedback[self.chosen])

    def __repr__(self) -> str:
        return t(
            "QuickQuestion({name}, {count} options)", name=repr(self.name), count=len(self.options)
        )
