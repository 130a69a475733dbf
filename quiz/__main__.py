"""``python -m quiz`` (``make quiz``): the Moodle and Canvas question banks, the exam bank
and its key.

Writes, into ``--out`` (default: this folder, ``quiz/``)::

    moodle.xml       every template's variants 0 .. VARIANTS-1, in one category per lecture
    canvas_qti.zip   the same variants for Canvas: a quiz per lecture, a question group
                     per template that picks one variant per student
    exam_bank.pdf    two more variants of every template, for a written exam
    answer_key.pdf   the same questions with their answers, solutions and rubrics

Every variant is checked independently before it is written. The exam variants come after
the Moodle ones (``--exam-seed``, default VARIANTS), so students who practised on the
quiz meet new numbers in the exam; a later exam passes a later seed.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from quiz import bank, canvas, exam, moodle

HERE = Path(__file__).resolve().parent


def questions(seeds: range) -> list[bank.Question]:
    """Every template's variants for ``seeds``, each checked independently."""
    out = []
    for template in bank.load_all().values():
        for seed in seeds:
            question = template.variant(seed)
            template.check(question)
            out.append(question)
    return out


def write(
    out: Path,
    variants: int = 20,
    exam_seed: int | None = None,
    pdf: bool = True,
    browser: object = None,
):
    """Write moodle.xml, canvas_qti.zip (and the two PDFs); return the paths written.

    ``browser``: a running Playwright browser to print with (else one is started).
    """
    if variants < 1:
        raise ValueError(
            f"variants must be 1 or more, not {variants}: every template needs a variant"
        )
    out.mkdir(parents=True, exist_ok=True)
    written = [out / "moodle.xml", out / "canvas_qti.zip"]
    bank_questions = questions(range(variants))
    written[0].write_text(moodle.to_xml(bank_questions), encoding="utf-8")
    written[1].write_bytes(canvas.to_zip(bank_questions))
    if pdf:
        start = variants if exam_seed is None else exam_seed
        chosen = questions(range(start, start + 2))
        from tools import build_pdf

        with tempfile.TemporaryDirectory() as folder, build_pdf.printer(browser) as chromium:
            for name, key in (("exam_bank", False), ("answer_key", True)):
                page = Path(folder) / f"{name}.html"
                page.write_text(exam.page(chosen, key=key, title="Exam bank"), encoding="utf-8")
                chromium.print(page.as_uri(), out / f"{name}.pdf")
                written.append(out / f"{name}.pdf")
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
    parser.add_argument("--no-pdf", action="store_true", help="only moodle.xml and canvas_qti.zip")
    args = parser.parse_args(argv)
    if args.variants < 1:
        print(f"python -m quiz: --variants must be 1 or more, not {args.variants}", file=sys.stderr)
        return 2
    for path in write(args.out, args.variants, args.exam_seed, pdf=not args.no_pdf):
        print(f"Wrote {path}")
    count = len(bank.load_all())
    print(f"{count} templates x {args.variants} variants in Moodle and in Canvas")
    return 0


if __name__ == "__main__":
    sys.exit(main())
