"""Multiple-choice keys of the formative checkers, not shown in plain text.

Each option's verdict and reason are stored XORed with a key stream derived from the question
and that option's letter (SHA-256 of salt, question and letter).  This only keeps a curious
glance at ``choices.json`` from spoiling the answer: the salt, the questions and the letters
all ship with the package (the student edition too), so anyone who runs :func:`open_letter`
on every letter, or reads this module, can read every key.  It is not a secret and not a
seal.  That is acceptable because multiple choice in the notebooks is formative and counts
for nothing; graded multiple choice lives in the LMS quiz (``quiz/``, Moodle) and is scored
there, teacher-side.

The plain texts live with the teacher's material (``keys/multiple_choice.toml``);
``python -m tools.seal_choices`` writes the table ``choices.json`` beside this module, and a
test checks that the two agree.  The Chinese reasons are stored the same way, under the
question's Chinese name (:func:`sealed_question`).  ("Seal" in the names of this module and
its functions is historical: it means "not shown in plain text", nothing stronger.)

Examples
--------
>>> sealed = seal("demo", "a", True, "yes.", salt="s")
>>> open_sealed("demo", "a", sealed, salt="s")
(True, 'yes.')
"""

from __future__ import annotations

import functools
import hashlib
import json
from importlib import resources
from typing import Any

__all__ = ["letters", "open_letter", "open_sealed", "seal", "sealed_question"]


def sealed_question(question: str, language: str) -> str:
    """The name ``question`` is stored under in ``language`` ("en" or "zh").

    >>> sealed_question("order_proof", "en"), sealed_question("order_proof", "zh")
    ('order_proof', 'order_proof|zh')
    """
    return question if language == "en" else f"{question}|{language}"


def _stream(question: str, letter: str, salt: str, length: int) -> bytes:
    key = hashlib.sha256(f"{salt}|{question}|{letter}".encode()).digest()
    blocks = (hashlib.sha256(key + i.to_bytes(4, "big")).digest() for i in range(length // 32 + 1))
    return b"".join(blocks)[:length]


def seal(question: str, letter: str, right: bool, reason: str, *, salt: str) -> str:
    """The stored text (hex) of one option: not plain text, but anyone can open it."""
    plain = json.dumps([right, reason]).encode()
    mask = _stream(question, letter, salt, len(plain))
    return bytes(a ^ b for a, b in zip(plain, mask, strict=True)).hex()


def open_sealed(question: str, letter: str, sealed: str, *, salt: str) -> tuple[bool, str]:
    """The verdict and reason of one option, from its stored text."""
    data = bytes.fromhex(sealed)
    mask = _stream(question, letter, salt, len(data))
    right, reason = json.loads(bytes(a ^ b for a, b in zip(data, mask, strict=True)))
    return bool(right), str(reason)


@functools.cache
def _table() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("choices.json").read_text(encoding="utf-8")
    return dict(json.loads(text))


def letters(question: str) -> list[str]:
    """The option letters of ``question``, in order."""
    return sorted(_table()["questions"][question])


def open_letter(question: str, letter: str, language: str = "en") -> tuple[bool, str]:
    """Whether ``letter`` is right for ``question``, and the reason shown to the student.

    The reason is in ``language``, or in English where the table has no such language.
    """
    table = _table()
    questions = table.get(f"questions_{language}", {}) if language != "en" else {}
    if question not in questions:
        questions, language = table["questions"], "en"
    sealed = questions[question][letter]
    return open_sealed(sealed_question(question, language), letter, sealed, salt=table["salt"])
