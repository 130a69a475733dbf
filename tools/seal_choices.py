"""Store the multiple-choice keys for the checkers (``python -m tools.seal_choices``).

Reads the teacher-only ``keys/multiple_choice.toml`` and writes
``lightsout_edu/exercises/choices.json``, where each option's verdict and reason, the
English reason and the Chinese one (``reason_zh``, which every option must have), are not
shown in plain text (see ``lightsout_edu/exercises/_sealed.py``).  That keeps a glance at
the file from spoiling an answer, nothing more: the package can open every key, so a
determined student can too.  These checks are formative and count for nothing; graded
multiple choice is the LMS quiz (``quiz/``).  The salt already in ``choices.json`` is kept,
so re-writing unchanged keys changes nothing.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
import tomllib
from pathlib import Path

from lightsout_edu.exercises import _sealed
from lightsout_edu.exercises._sealed import seal

REPO = Path(__file__).resolve().parents[1]
KEYS = REPO / "keys" / "multiple_choice.toml"
SEALED = REPO / "lightsout_edu" / "exercises" / "choices.json"


def sealed_table(keys: dict, salt: str) -> dict:
    """The stored table of ``keys`` (question -> letter -> {right, reason, reason_zh}): the
    English reasons under ``questions``, the Chinese ones under ``questions_zh``."""

    def sealed(reason: str, language: str) -> dict:
        return {
            question: {
                letter: seal(
                    _sealed.sealed_question(question, language),
                    letter,
                    bool(option["right"]),
                    option[reason],
                    salt=salt,
                )
                for letter, option in sorted(options.items())
            }
            for question, options in keys.items()
        }

    return {
        "salt": salt,
        "questions": sealed("reason", "en"),
        "questions_zh": sealed("reason_zh", "zh"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.seal_choices", description=__doc__)
    parser.add_argument("--keys", type=Path, default=KEYS)
    parser.add_argument("--out", type=Path, default=SEALED)
    args = parser.parse_args(argv)
    keys = tomllib.loads(args.keys.read_text(encoding="utf-8"))
    for question, options in keys.items():
        rights = [letter for letter, option in options.items() if option["right"]]
        if len(rights) != 1:
            raise SystemExit(f"{question}: exactly one option must be right, not {rights}")
        untranslated = [letter for letter, option in options.items() if "reason_zh" not in option]
        if untranslated:
            raise SystemExit(f"{question}: options {untranslated} have no reason_zh")
    salt = secrets.token_hex(16)
    if args.out.exists():
        salt = json.loads(args.out.read_text(encoding="utf-8"))["salt"]
    table = sealed_table(keys, salt)
    args.out.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"stored {len(keys)} questions (not in plain text) in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
