"""What an exercise checker is made of: the verdict, the decorator, readers of answers.

Every checker of the course (``lectureN.py``) is built from this module, and so is a new
one (the graders of the assignments, teacher-only, use its readers)::

    from lightsout_edu.exercises.feedback import Feedback, as_board, checker, hint, ok

    @checker("a 3x3 board of 0s and 1s (array, nested list or text board)")
    def check_my_board(answer: object) -> Feedback:
        board = as_board(answer, (3, 3))  # a wrong form becomes a hint naming the form
        if not board.any():
            return hint("the dark board is too easy: switch a light on.")
        return ok("a board with lights on.")

- :class:`Feedback`: the verdict, truthy iff correct, shown as "Correct: ..." / "Not yet: ...".
- :func:`checker` (``forbid=`` a policy of ``_forbidden.POLICIES`` for write-it-yourself
  exercises: the package, galois and sympy are then not there while the function runs).
  The decorated body runs in the judge, a clean process, on the answers read back as plain
  data; a student's function is a handle to call with ``run(function, *args, case=...)``
  from ``_student_code``.
- :func:`ok`, :func:`hint`: a verdict, optionally with a board shown below it.
- Readers that turn any sensible form into arrays and numbers, raising :class:`WrongForm`
  (which the decorator turns into a hint naming the expected form): :func:`as_cells`,
  :func:`as_board`, :func:`as_pattern_list`, :func:`as_whole_number`, :func:`as_fraction`,
  :func:`as_int_list`, :func:`as_int_set`; :func:`choice` for a formative multiple-choice key.
- Helpers for messages and truths: :func:`plural`, :func:`brief`, :func:`board_text`,
  :func:`check_basis`, :func:`grid_nullity_of`; :func:`fresh_rng` for hidden cases drawn
  anew at every check.
"""

from __future__ import annotations

import decimal
import functools
import inspect
import numbers
import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from lightsout_edu._i18n import language, t
from lightsout_edu.boards import format_board, parse_board
from lightsout_edu.linalg import rank
from lightsout_edu.rules import toggle_matrix

from . import _sandbox, _sealed
from ._plain import Opaque, Unreadable
from ._student_code import NotAFunction, StudentError, shown_shape

__all__ = [
    "MAX_SIDE",
    "REGISTRY",
    "CheckerSpec",
    "Feedback",
    "WrongForm",
    "as_board",
    "as_cells",
    "as_fraction",
    "as_int_list",
    "as_int_set",
    "as_pattern_list",
    "as_whole_number",
    "board_text",
    "brief",
    "check_basis",
    "checker",
    "choice",
    "fresh_rng",
    "grid_nullity_of",
    "hint",
    "ok",
    "plural",
]

#: The largest side length accepted for a board of free size (keeps checking instant).
MAX_SIDE: int = 60


# ---------------------------------------------------------------------------------------------
# Feedback and the checker decorator
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Feedback:
    r"""The verdict on one answer: truthy iff correct, with an explanation or a hint.

    ``board`` is an optional board (as text) the message refers to, shown below it.

    Examples
    --------
    >>> Feedback(True, "well done.")
    Correct: well done.
    >>> print(repr(Feedback(False, "these lights stay on:", "010\n000")))
    Not yet: these lights stay on:
    010
    000
    >>> bool(Feedback(False, "try again."))
    False
    """

    correct: bool
    message: str
    board: str | None = None

    def __bool__(self) -> bool:
        return self.correct

    def __repr__(self) -> str:
        shown = "" if self.board is None else "\n" + self.board
        return (
            t("Correct: {message}" if self.correct else "Not yet: {message}", message=self.message)
            + shown
        )

    def _repr_markdown_(self) -> str:
        # ✓ and ✗, not the emoji ✅ and ❌: every machine's fonts draw them (DejaVu has both)
        verdict = t("✓ **Correct.**") if self.correct else t("✗ **Not yet.**")
        shown = "" if self.board is None else f"\n\n```\n{self.board}\n```"
        return f"{verdict} {self.message[:1].upper()}{self.message[1:]}{shown}"


class WrongForm(Exception):
    """The answer cannot be read as the expected kind of object."""


#: An answer form: its text, or a function saying it in the language in use, such as
#: ``lambda: t("a whole number, e.g. 3")`` (the text is then a literal key of the tables,
#: and is said when a message needs it, in the language of that moment).
Form = str | Callable[[], str]


def _form_text(form: Form) -> str:
    """The answer form ``form`` in the language in use."""
    return form() if callable(form) else t(form)


@dataclass(frozen=True)
class CheckerSpec:
    """One checker as the judge runs it: the comparison, the answer form, the policy.

    ``policy`` names a write-it-yourself exercise, whose student's function runs without the
    package, galois and sympy (see ``_forbidden.POLICIES``), or is None.  ``form`` is the
    answer form (see :func:`checker`); :attr:`form_text` says it in the language in use.
    """

    key: str
    compare: Callable[..., Feedback]
    form: Form
    names: tuple[str, ...]
    policy: str | None

    @property
    def form_text(self) -> str:
        """The answer form, in the language in use."""
        return _form_text(self.form)

    def evaluate(self, *answers: object) -> Feedback:
        """The verdict on answers already read back as plain values (in the judge)."""
        try:
            return self.compare(*answers)
        except WrongForm as err:
            return Feedback(False, t("{error} Expected: {form}.", error=err, form=self.form_text))
        except NotAFunction as err:
            return Feedback(
                False,
                t("{error} Expected: {form}.", error=_sentence(str(err)), form=self.form_text),
            )
        except StudentError as err:
            return Feedback(False, _sentence(str(err)))
        except Exception as err:  # a checker must answer, never crash
            return Feedback(
                False,
                t(
                    "this answer could not be checked ({kind}: {error}). Expected: {form}. "
                    "If your answer has that form, please report this message to your "
                    "lecturer.",
                    kind=type(err).__name__,
                    error=err,
                    form=self.form_text,
                ),
            )


#: The request the judge is answering (its "tried" letters, for multiple choice).
current_request: dict[str, Any] = {}
#: Every checker by key ("module:name"), for the judge.
REGISTRY: dict[str, CheckerSpec] = {}


def checker(
    form: Form, *, forbid: str | None = None
) -> Callable[[Callable[..., Feedback]], Callable[..., Feedback]]:
    """Make ``fn`` a checker: None -> 'no answer', unreadable answer -> hint naming ``form``.

    ``form`` is the answer form, as text or as a function returning it in the language in
    use (``lambda: t("...")``); the checker's ``expected_form`` is its text at decoration.

    The checker takes the same answers as ``fn`` (one, or several such as two functions).
    Called in a notebook, it sends them to the judge (``_sandbox``), a separate clean
    process where ``fn`` compares them with the truth; a student's function runs in yet
    another process (``_runner``), where a policy ``forbid`` leaves the package out.  A
    student's function that raises, loops or returns nonsense is reported, not raised.
    """

    def wrap(fn: Callable[..., Feedback]) -> Callable[..., Feedback]:
        names = tuple(inspect.signature(fn).parameters)
        spec = CheckerSpec(f"{fn.__module__}:{fn.__qualname__}", fn, form, names, forbid)
        REGISTRY[spec.key] = spec

        @functools.wraps(fn)
        def check(*answers: object) -> Feedback:
            if not answers or any(a is None for a in answers):
                return Feedback(False, t("no answer given. Expected: {form}.", form=spec.form_text))
            if len(answers) != len(names):
                return Feedback(
                    False,
                    t(
                        "this checker takes {count} answer ({names}), not {given}. "
                        "Expected: {form}."
                        if len(names) == 1
                        else "this checker takes {count} answers ({names}), not {given}. "
                        "Expected: {form}.",
                        count=len(names),
                        names=", ".join(names),
                        given=len(answers),
                        form=spec.form_text,
                    ),
                )
            return _verdict(spec, answers)

        check.expected_form = spec.form_text  # type: ignore[attr-defined]
        return check

    return wrap


def _verdict(spec: CheckerSpec, answers: tuple[object, ...]) -> Feedback:
    """Ask the judge (from a notebook), or compare right here (in the judge itself)."""
    where = _sandbox.role()
    if where == "judge":
        return spec.evaluate(*answers)
    if where == "runner":
        return Feedback(False, t("a checker cannot run inside code that a checker is checking."))
    try:
        request = {"checker": spec.key, "answers": _sandbox.encode_answers(answers)}
        request["tried"] = _sandbox.tried(spec.key, answers)
        reply = _sandbox.ask_judge(request)
    except _sandbox.CannotSend as err:
        return Feedback(False, _sentence(str(err)))
    except (OSError, EOFError, TimeoutError) as err:
        return Feedback(
            False,
            t(
                "the checker could not run ({kind}: {error}). Please report this message to "
                "your lecturer.",
                kind=type(err).__name__,
                error=err,
            ),
        )
    if reply.get("printed"):
        print(reply["printed"], end="" if reply["printed"].endswith("\n") else "\n")
    _say_once_if_unsandboxed(reply.get("unsandboxed"))
    _sandbox.remember(spec.key, answers)
    return Feedback(bool(reply.get("correct")), str(reply.get("message")), reply.get("board"))


_SAID_UNSANDBOXED: list[str] = []


def _say_once_if_unsandboxed(reason: object) -> None:
    """Say once per kernel, in one sentence, that checks here are not tamper-proof."""
    if reason and not _SAID_UNSANDBOXED:
        _SAID_UNSANDBOXED.append(str(reason))
        print(
            t(
                "Note: these checks run without an operating-system sandbox here ({reason}), "
                "so they are not tamper-proof; they count for nothing, and graded work is "
                "checked in a sandbox.",
                reason=reason,
            )
        )


def _sentence(text: str) -> str:
    """``text`` ending with a full stop, unless it already ends with punctuation.

    The full stop is the language's own ("." or "。").
    """
    if text.endswith((".", "?", "!", ":", "。", "？", "！", "：")):
        return text
    return text + ("。" if language() == "zh" else ".")


def ok(message: str, board: np.ndarray | None = None) -> Feedback:
    """A correct verdict, with the board it talks about shown below the message."""
    return Feedback(True, message, None if board is None else board_text(board))


def hint(message: str, board: np.ndarray | None = None) -> Feedback:
    """A "not yet" verdict whose message is the hint, with a board shown below it."""
    return Feedback(False, message, None if board is None else board_text(board))


# ---------------------------------------------------------------------------------------------
# Reading answers
# ---------------------------------------------------------------------------------------------


def plural(count: int, one: str, many: str | None = None) -> str:
    """'1 press', '2 presses': a count and the word that goes with it."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def brief(answer: object) -> str:
    """A short description of any answer, for messages (no 100-line array reprs)."""
    if isinstance(answer, np.ndarray):
        return t("an array of shape {shape}", shape=shown_shape(answer.shape))
    text = repr(answer)
    return text if len(text) <= 40 else f"{text[:37]}..."


def as_cells(answer: object, what: str, colors: int = 2) -> np.ndarray:
    """``answer`` (array, nested list or text board) as an integer array of ``0..colors-1``.

    ``what`` names the answer in the messages, in the language in use: ``t("toggle matrix")``
    (a name given in English is looked up in the tables too).
    """
    what = t(what)
    top = colors - 1
    states = t("0s and 1s") if colors == 2 else t("numbers 0 to {top}", top=top)
    allowed = t("0 or 1") if colors == 2 else t("between 0 and {top}", top=top)
    if isinstance(answer, (bool, numbers.Number)):
        raise WrongForm(
            t(
                "the {what} should be an array of {states}, not the number {answer}.",
                what=what,
                states=states,
                answer=brief(answer),
            )
        )
    if isinstance(answer, (dict, set, frozenset)):
        raise WrongForm(
            t(
                "the {what} should be an array of {states}, not a {kind}.",
                what=what,
                states=states,
                kind=type(answer).__name__,
            )
        )
    if isinstance(answer, Unreadable):
        raise WrongForm(
            t("the {what} could not be read: it is {reason}.", what=what, reason=answer.reason)
        )
    if isinstance(answer, np.ma.MaskedArray) and np.ma.getmaskarray(answer).any():
        raise WrongForm(
            t("the {what} has masked entries: fill them in first (.filled(0)).", what=what)
        )
    if isinstance(answer, Opaque) and answer.tolist() is None:
        raise WrongForm(
            t(
                "the {what} should be an array of {states}, not {kind}.",
                what=what,
                states=states,
                kind=answer.type_name,
            )
        )
    if hasattr(answer, "tolist") and not isinstance(answer, np.ndarray):  # sympy, galois
        answer = answer.tolist()
    try:
        arr = parse_board(answer) if isinstance(answer, str) else np.array(answer)
    except ValueError as err:
        if isinstance(answer, str):
            raise WrongForm(
                t("the text of the {what} could not be read: {error}.", what=what, error=err)
            ) from None
        raise WrongForm(t("the {what} has rows of different lengths.", what=what)) from None
    if arr.dtype == bool:
        arr = arr.astype(np.int64)
    if arr.dtype == object:  # sympy Integers and the like
        try:
            arr = arr.astype(np.int64)
        except (TypeError, ValueError, OverflowError):
            raise WrongForm(
                t("the {what} should contain only {states}.", what=what, states=states)
            ) from None
    if arr.size == 0:
        raise WrongForm(t("the {what} is empty.", what=what))
    if arr.dtype.kind not in "iuf":
        raise WrongForm(t("the {what} should contain only {states}.", what=what, states=states))
    if arr.dtype.kind == "f" and not np.all(np.isfinite(arr) & (arr == np.round(arr))):
        raise WrongForm(t("the {what} contains numbers that are not whole.", what=what))
    bad = np.argwhere((arr < 0) | (arr >= colors))
    if len(bad):
        where = tuple(int(i) for i in bad[0])
        value = arr[where].item()
        raise WrongForm(
            t(
                "entry {value} of the {what} at index {where} (counted from 0, as NumPy "
                "does) is not {allowed}.",
                value=f"{value:g}" if abs(value) < 100 else "…",  # no number the code chose
                where=shown_shape(where),
                what=what,
                allowed=allowed,
            )
        )
    return arr.astype(np.int64)


def as_board(
    answer: object, shape: tuple[int, int] | None, what: str | None = None, colors: int = 2
) -> np.ndarray:
    """A board of the given shape (any shape if None); a flat list of cells is reshaped.

    ``what`` names the answer as in :func:`as_cells` (default: "board").
    """
    what = t("board") if what is None else t(what)
    arr = as_cells(answer, what, colors)
    if shape is not None and arr.ndim == 1 and arr.size == shape[0] * shape[1]:
        arr = arr.reshape(shape)
    if arr.ndim != 2:
        raise WrongForm(
            t(
                "the {what} should be 2-dimensional (rows x columns), not {shape}.",
                what=what,
                shape=shown_shape(arr.shape),
            )
        )
    if shape is not None and arr.shape != shape:
        raise WrongForm(
            t(
                "the {what} should be {rows}x{cols}, not {given_rows}x{given_cols}.",
                what=what,
                rows=shape[0],
                cols=shape[1],
                given_rows=arr.shape[0],
                given_cols=arr.shape[1],
            )
        )
    return arr


def as_pattern_list(answer: object, shape: tuple[int, int]) -> np.ndarray:
    """Several boards of ``shape`` as the rows of an integer matrix (one flattened board each)."""
    n_cells = shape[0] * shape[1]
    if isinstance(answer, str):
        raise WrongForm(t("give the patterns as a list, one board per entry, not as one text."))
    if isinstance(answer, (list, tuple)) and all(isinstance(p, str) for p in answer):
        return np.array([as_board(p, shape, t("pattern")).ravel() for p in answer]).reshape(
            len(answer), n_cells
        )
    arr = as_cells(answer, t("list of patterns"))
    if arr.shape == shape:
        raise WrongForm(t("this is a single board; give a list of boards."))
    if arr.ndim == 3 and arr.shape[1:] == shape:
        return arr.reshape(len(arr), n_cells)
    if arr.ndim == 2 and arr.shape[1] == n_cells:
        return arr
    raise WrongForm(
        t(
            "a list of {rows}x{cols} boards was expected, but the answer has shape {shape}.",
            rows=shape[0],
            cols=shape[1],
            shape=shown_shape(arr.shape),
        )
    )


def as_whole_number(answer: object) -> int:
    """A whole number given as int, integral float or a string of digits."""
    if isinstance(answer, bool):
        raise WrongForm(t("{answer} is a truth value, not a number.", answer=answer))
    if isinstance(answer, numbers.Integral):
        return int(answer)
    if (
        isinstance(answer, decimal.Decimal)
        and answer.is_finite()
        and answer == answer.to_integral()
    ):
        return int(answer)
    if (
        isinstance(answer, numbers.Real)
        and np.isfinite(float(answer))
        and float(answer).is_integer()
    ):
        return int(float(answer))
    text = answer.replace(" ", "") if isinstance(answer, str) else ""
    if re.fullmatch(r"-?[0-9]{1,30}", text):  # ASCII digits only, and not too many
        return int(text)
    power = re.fullmatch(r"([0-9]{1,3})(\^|\*\*)([0-9]{1,3})", text)
    if power:
        return int(int(power[1]) ** int(power[3]))
    raise WrongForm(t("{answer} is not a whole number.", answer=brief(answer)))


def as_fraction(answer: object) -> Fraction:
    """An exact fraction from a Fraction, int, float, sympy Rational or a string like '1/4'."""
    if isinstance(answer, bool):
        raise WrongForm(t("{answer} is a truth value, not a probability.", answer=answer))
    if isinstance(answer, numbers.Rational):
        return Fraction(int(answer.numerator), int(answer.denominator))
    if isinstance(answer, decimal.Decimal) and answer.is_finite():
        return Fraction(answer).limit_denominator(10**12)
    if isinstance(answer, numbers.Real) and np.isfinite(float(answer)):
        return Fraction(float(answer)).limit_denominator(10**12)
    if isinstance(answer, str) or hasattr(answer, "free_symbols"):  # text or a sympy number
        text = str(answer).replace(" ", "")
        power = re.fullmatch(r"(1/)?2(\^|\*\*)\(?(-?[0-9]{1,3})\)?", text)
        if power:  # '2^-3', '2**(-3)', '1/2^3', '2^0'
            exponent = int(power[3]) * (-1 if power[1] else 1)
            return Fraction(2) ** exponent
        if re.fullmatch(r"[-+]?[0-9.]{1,40}(e[-+]?[0-9]{1,3})?(/[0-9]{1,40})?", text, re.I):
            try:  # short numbers only: '1e-999999999' would take forever to expand
                return Fraction(text)
            except (ValueError, ZeroDivisionError):
                pass
    raise WrongForm(
        t(
            "{answer} is not a number such as 1/8, '1/8' or Fraction(1, 8).",
            answer=brief(answer),
        )
    )


def as_int_list(answer: object) -> list[int]:
    """A collection of whole numbers, in order, repeats kept (list, tuple, set, array)."""
    if isinstance(answer, Unreadable):
        raise WrongForm(
            t(
                "this could not be read as a list of numbers: it is {reason}.",
                reason=answer.reason,
            )
        )
    if isinstance(answer, dict):
        raise WrongForm(t("give a list of numbers, not a dict (its keys would be read silently)."))
    if isinstance(answer, (str, bytes)) or not hasattr(answer, "__iter__"):
        raise WrongForm(t("{answer} is not a list of numbers.", answer=brief(answer)))
    items = list(answer)  # type: ignore[call-overload, unused-ignore]
    if not items:
        return []
    return [as_whole_number(x) for x in np.ravel(np.array(items, dtype=object))]


def as_int_set(answer: object) -> set[int]:
    """A collection of whole numbers (list, tuple, set, array; empty is fine)."""
    return set(as_int_list(answer))


def choice(answer: object, question: str) -> Feedback:
    """A multiple-choice answer to ``question``: formative feedback that counts for nothing.

    The key ships with the package, not shown in plain text (``_sealed``), so a determined
    student can read it; graded multiple choice is the LMS quiz (``quiz/``), scored there.
    Every letter gets its verdict and the reason for it, a right one always "Correct"
    (after a wait, under Run All, after other letters).  Guessing is discouraged by what
    the feedback shows: a wrong letter says why it fails, and once other letters were
    tried the feedback counts them and asks for the reason each of them fails.  The
    letters tried are kernel state (``_sandbox.remember``), which a restart clears.
    """
    options = _sealed.letters(question)
    if not isinstance(answer, str) or answer.strip().lower() not in options:
        raise WrongForm(
            t(
                "{answer} is not one of the letters {letters}.",
                answer=brief(answer),
                letters=", ".join(options),
            )
        )
    given = answer.strip().lower()
    right, reason = _sealed.open_letter(question, given, language())
    before = [str(letter) for letter in current_request.get("tried", [])]
    others = sorted({letter for letter in before if letter != given and letter in options})
    if not others:
        return Feedback(right, reason)
    count = len(others) + 1
    if right:
        said = t(
            "{reason} You checked {count} letters of {total} ({tried} first): before you go "
            "on, say for each of {tried} which step fails.",
            reason=_sentence(reason),
            count=count,
            total=len(options),
            tried=", ".join(others),
        )
    else:
        said = t(
            "{reason} Letters checked so far: {count} of {total} ({tried} and {given}). Find "
            "the step that fails before you check another letter.",
            reason=_sentence(reason),
            count=count,
            total=len(options),
            tried=", ".join(others),
            given=given,
        )
    return Feedback(right, said)


def fresh_rng() -> np.random.Generator:
    """A random source drawn anew at every check, never seeded.

    Hidden cases drawn from it differ from one check to the next, so a table of the cases
    and answers seen in earlier feedback does not pass a checker.
    """
    return np.random.default_rng()


def grid_nullity_of(rows: int, cols: int, *, torus: bool = False) -> int:
    """The nullity of the toggle matrix of a ``rows x cols`` board (the checkers' truth)."""
    return rows * cols - rank(toggle_matrix(rows, cols, torus=torus))


def board_text(board: np.ndarray) -> str:
    """A board as the text a Feedback shows (one row per line)."""
    return format_board(np.asarray(board, dtype=np.uint8))


def check_basis(patterns: np.ndarray, A: np.ndarray, shape: tuple[int, int]) -> Feedback:
    """Check that the rows of ``patterns`` are in ker A, independent, and dim ker A many."""
    dim = A.shape[1] - rank(A)
    for i, p in enumerate(patterns):
        if not p.any():
            return hint(
                t(
                    "pattern {number} presses nothing. Pressing nothing changes no light, but "
                    "it is not a quiet pattern: a quiet pattern is a non-zero set of presses.",
                    number=i + 1,
                )
            )
        lit = (A @ p) % 2
        if lit.any():
            count = int(lit.sum())
            return hint(
                t(
                    "pattern {number} is not quiet: pressing it on the dark board lights "
                    "{count} cell:"
                    if count == 1
                    else "pattern {number} is not quiet: pressing it on the dark board lights "
                    "{count} cells:",
                    number=i + 1,
                    count=count,
                ),
                lit.reshape(shape),
            )
    independent = rank(patterns.astype(np.uint8)) if len(patterns) else 0
    if independent < len(patterns):
        return hint(
            t(
                "all {count} patterns are quiet, but they are not independent: one of them "
                "is a sum of others (the zero pattern counts as dependent too).",
                count=len(patterns),
            )
        )
    if len(patterns) < dim:
        return hint(
            t(
                "these {count} quiet patterns are independent, but the kernel is bigger: "
                "look for another quiet pattern that is not a sum of yours.",
                count=len(patterns),
            )
        )
    return ok(
        t(
            "these {dim} quiet patterns form a basis of the kernel; the kernel has "
            "2^{dim} = {size} elements.",
            dim=dim,
            size=2**dim,
        )
    )
