"""``python -m quiz`` (``make quiz``): the Moodle and Canvas question banks, the exam bank
and its key, in English and in Chinese.

Writes, into ``--out`` (default: this folder, ``quiz/``)::

    moodle.xml       every template's variants 0 .. VARIANTS-1, in one category per lecture
    canvas_qti.zip   the same variants for Canvas: a quiz per lecture, a question group
                     per template that picks one variant per student
    exam_bank.pdf    two more variants of every template, for a written exam
    answer_key.pdf   the same questions with their answers, solutions and rubrics

and the same four in Chinese, ``moodle.zh.xml``, ``canvas_qti.zh.zip``, ``exam_bank.zh.pdf``
and ``answer_key.zh.pdf``: the same variants with the same numbers and answers, their prose
translated (:mod:`quiz.translations`). ``--language en`` or ``--language zh`` writes one.

Every variant is checked independently before it is written, and every translated variant
must ask the same question with the same answer. The exam variants come after the Moodle
ones (``--exam-seed``, default VARIANTS), so students who practised on the quiz meet new
numbers in the exam; a later exam passes a later seed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from lightsout_edu._i18n import LANGUAGES
from quiz import bank, canvas, exam, moodle
from quiz.translations import tr_later

HERE = Path(__file__).resolve().parent


def questions(seeds: range) -> list[bank.Question]:
    """Every template's variants for ``seeds`` (in English), each checked independently."""
    out = []
    for template in bank.load_all().values():
        for seed in seeds:
            question = template.variant(seed)
            template.check(question)
            out.append(question)
    return out


def translated(english: Sequence[bank.Question], language: str) -> list[bank.Question]:
    """The same questions in ``language``, each asking what its English one asks."""
    if language == "en":
        return list(english)
    templates = bank.load_all()
    out = []
    for question in english:
        translation = templates[question.template].variant(question.seed, language)
        bank.same_question(question, translation)
        out.append(translation)
    return out


def file_name(stem: str, suffix: str, language: str) -> str:
    """The English file's name, or the translation's beside it: ``moodle.zh.xml``.

    >>> file_name("moodle", ".xml", "en"), file_name("canvas_qti", ".zip", "zh")
    ('moodle.xml', 'canvas_qti.zh.zip')
    """
    return f"{stem}{suffix}" if language == "en" else f"{stem}.{language}{suffix}"


def write(
    out: Path,
    variants: int = 20,
    exam_seed: int | None = None,
    pdf: bool = True,
    browser: object = None,
    languages: Sequence[str] = LANGUAGES,
):
    """Write moodle.xml, canvas_qti.zip (and the two PDFs) in each of ``languages``; return
    the paths written.

    ``browser``: a running Playwright browser to print with (else one is started).
    """
    if variants < 1:
        raise ValueError(
            f"variants must be 1 or more, not {variants}: every template needs a variant"
        )
    unknown = [language for language in languages if language not in LANGUAGES]
    if unknown or not languages:
        raise ValueError(f"languages must be some of {', '.join(LANGUAGES)}, not {list(languages)}")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    english = questions(range(variants))
    for language in languages:
        bank_questions = translated(english, language)
        xml, package = (
            out / file_name("moodle", ".xml", language),
            out / file_name("canvas_qti", ".zip", language),
        )
        xml.write_text(moodle.to_xml(bank_questions), encoding="utf-8")
        package.write_bytes(canvas.to_zip(bank_questions))
        written += [xml, package]
    if pdf:
        start = variants if exam_seed is None else exam_seed
        chosen = questions(range(start, start + 2))
        from tools import build_pdf

        with tempfile.TemporaryDirectory() as folder, build_pdf.printer(browser) as chromium:
            for language in languages:
                printed = translated(chosen, language)
                for stem, key in (("exam_bank", False), ("answer_key", True)):
                    page = Path(folder) / file_name(stem, ".html", language)
                    html = exam.page(printed, key=key, title=tr_later("Exam bank"))
                    page.write_text(html, encoding="utf-8")
                    chromium.print(page.as_uri(), out / file_name(stem, ".pdf", language))
                    written.append(out / file_name(stem, ".pdf", language))
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m quiz",
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--out", type=Path, default=HERE, help="output folder (default: quiz/)")
    parser.add_argument(
        "--variants",
        type=int,
        default=20,
        help="variants per template in Moodle and Canvas (default 20)",
    )
    parser.add_argument("--exam-seed", type=int, help="first seed of the exam's two variants")
    parser.add_argument("--no-pdf", action="store_true", help="only the Moodle and Canvas banks")
    parser.add_argument(
        "--language",
        choices=LANGUAGES,
        action="append",
        help="write this language's files only (repeat for several; default: every language)",
    )
    args = parser.parse_args(argv)
    if args.variants < 1:
        print(f"python -m quiz: --variants must be 1 or more, not {args.variants}", file=sys.stderr)
        return 2
    languages = tuple(dict.fromkeys(args.language or LANGUAGES))
    for path in write(args.out, args.variants, args.exam_seed, not args.no_pdf, None, languages):
        print(f"Wrote {path}")
    count = len(bank.load_all())
    print(
        f"{count} templates x {args.variants} variants in Moodle and in Canvas, "
        f"in {', '.join(languages)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
