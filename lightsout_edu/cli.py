"""The ``lightsout`` command: solve a board, or describe a board size, from a terminal.

``lightsout solve BOARD`` and ``lightsout info ROWSxCOLS`` (also ``python -m lightsout_edu``);
``lightsout --help`` explains both.  Exit codes: 0 done (board solved), 1 the board has no
solution, 2 bad input (one line on standard error), 141 the output was cut short (a reader
such as ``head`` stopped reading: a quiet exit, as for any program a closed pipe stops).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import re
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NoReturn

import numpy as np
from numpy.typing import NDArray

from ._grid import RULES
from ._i18n import LANGUAGES, language, speaking, t, t_in
from ._validation import check_memory, count_text, from_work, is_prime, matmul_mod, to_work
from .boards import format_board, parse_board
from .elimination import Elimination, check_recorded_size, eliminate
from .puzzle import Puzzle
from .solver import Solution

__all__ = ["main"]

EXIT_UNSOLVABLE = 1
EXIT_BAD_INPUT = 2
EXIT_CLOSED_OUTPUT = 128 + 13  # as a program stopped by SIGPIPE reports it


def _rule(value: str) -> str | NDArray[np.uint8]:
    """A rule name, or a custom 3x3 stencil written like a board (e.g. 010/111/010)."""
    if value in RULES:
        return value
    try:
        return parse_board(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            t(
                "unknown rule {value}; choose one of {rules} or give a 3x3 stencil "
                "such as 010/111/010",
                value=repr(value),
                rules=", ".join(RULES),
            )
        ) from None


def _colors(value: str) -> int:
    if not re.fullmatch(r"\d+", value) or int(value) < 2:
        raise argparse.ArgumentTypeError(
            t(
                "--colors must be a whole number of light states, at least 2, not {value}",
                value=repr(value),
            )
        )
    return int(value)


def _size(value: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*(\d+)\s*(?:[xX×*]\s*(\d+))?\s*", value)
    if not match or int(match.group(1)) < 1 or int(match.group(2) or 1) < 1:
        raise argparse.ArgumentTypeError(
            t(
                "board size {value} should look like 5x5 (rows x columns, each at least 1)",
                value=repr(value),
            )
        )
    rows = int(match.group(1))
    return rows, int(match.group(2) or rows)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on standard error (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        message = " ".join(message.split())
        said = t("{prog}: error: {message} (see {prog} --help)", prog=self.prog, message=message)
        self.exit(EXIT_BAD_INPUT, said + "\n")


#: The language argparse speaks in this thread, while a command of this thread parses (None:
#: argparse's own gettext, for everyone else).
_ARGPARSE_WORDS = threading.local()
_ARGPARSE_HOOK = threading.Lock()
_HOOKED: list[Any] = []  # the gettext that hooks argparse, once it does


def _hook_argparse_words() -> None:
    """Make argparse's gettext speak the language of the thread's command (once a process).

    argparse says its words through ``argparse._`` and ``argparse.ngettext``, globals that
    every thread reads.  They are replaced once, by two functions that look the words up in
    the tables for a thread inside :func:`argparse_in_language` and call the functions they
    replaced for any other thread: nothing another thread reads changes while a command runs.
    """
    with _ARGPARSE_HOOK:
        if any(argparse._ is hook for hook in _HOOKED):  # type: ignore[attr-defined]
            return
        gettext_before = argparse._  # type: ignore[attr-defined]
        ngettext_before = argparse.ngettext  # type: ignore[attr-defined]

        @functools.wraps(gettext_before)
        def gettext(message: Any) -> Any:
            said = getattr(_ARGPARSE_WORDS, "language", None)
            if said is None or not isinstance(message, str):
                return gettext_before(message)
            return t_in(said, message)

        @functools.wraps(ngettext_before)
        def ngettext(singular: str, plural: str, n: int) -> str:
            said = getattr(_ARGPARSE_WORDS, "language", None)
            if said is None:
                return str(ngettext_before(singular, plural, n))
            return t_in(said, singular if n == 1 else plural)

        argparse._, argparse.ngettext = gettext, ngettext  # type: ignore[attr-defined]
        _HOOKED.append(gettext)


@contextlib.contextmanager
def argparse_in_language() -> Iterator[None]:
    """Say argparse's own words (``usage:``, ``options``, its errors) in the language in use.

    Only in the calling thread, and only while the block runs (their Chinese is in
    ``strings/zh/argparse.json``): argparse speaks as before to other threads meanwhile and
    to everyone after.  In English nothing is hooked.
    """
    chosen = language()
    words = None if chosen == LANGUAGES[0] else chosen  # None: argparse's own
    if words is not None:
        _hook_argparse_words()
    before = getattr(_ARGPARSE_WORDS, "language", None)
    _ARGPARSE_WORDS.language = words
    try:
        yield
    finally:
        _ARGPARSE_WORDS.language = before


class _Headings(argparse.HelpFormatter):
    """Section headings (``options:``) punctuated in the language in use (``选项：``)."""

    def start_section(self, heading: str | None) -> None:
        self._headings = [*getattr(self, "_headings", []), heading]
        super().start_section(heading)

    def format_help(self) -> str:
        text = super().format_help()
        for heading in dict.fromkeys(getattr(self, "_headings", [])):
            if heading:
                said = t("{heading}:", heading=heading)

                def punctuated(match: re.Match[str], said: str = said) -> str:
                    return match[1] + said

                text = re.sub(rf"(?m)^(\s*){re.escape(heading)}:$", punctuated, text)
        return text


class _Formatter(_Headings):
    """The subcommands' help: argparse's own layout, the headings in the language in use."""


class _RawFormatter(_Headings, argparse.RawDescriptionHelpFormatter):
    """The command's help: description and epilog as written, the headings translated."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``lightsout`` command."""
    parser = _Parser(
        prog="lightsout",
        description=t(
            """\
Solve Lights Out boards and look inside them with linear algebra over GF(2).

A board is written one row per line, or with rows separated by '/':
  1 # or ■  a lit cell          0 . or □  an unlit cell
(for k-colour games the digits 0..k-1 are the light states)."""
        ),
        epilog=t(
            """\
examples:
  lightsout solve 110/100/000            solve a 3x3 board given on the command line
  lightsout solve board.txt --fewest     read the board from a file, fewest presses
  echo "#.#/.#./#.#" | lightsout solve - --steps    read stdin, show the elimination
  lightsout solve 11111/11111/11111/11111/11111 --torus --rule x
  lightsout info 5x5                     rank 23, nullity 2 and the 2 quiet patterns
  lightsout info 4x4 --colors 3

exit status: 0 solved (or info printed), 1 the board has no solution, 2 bad input,
141 the output was closed early (e.g. by head)."""
        ),
        formatter_class=_RawFormatter,
    )
    game = _Parser(add_help=False)
    rules = game.add_argument_group(t("rules of the game"))
    rules.add_argument(
        "--rule",
        type=_rule,
        default="plus",
        metavar="RULE",
        help=t(
            "what a press toggles: plus (the cell and its 4 neighbours, default), neighbors "
            "(the 4 neighbours only), x (the cell and its 4 diagonal neighbours), king (all 9), "
            "or a 3x3 stencil such as 010/111/010"
        ),
    )
    rules.add_argument("--torus", action="store_true", help=t("wrap around the edges"))
    rules.add_argument(
        "--colors",
        type=_colors,
        default=2,
        metavar="K",
        help=t("number of light states; a press advances each toggled light by one (default 2)"),
    )
    game.add_argument(
        "--style",
        choices=["01", "dots", "squares"],
        default="01",
        help=t("how boards are printed: 0/1, ./# or □/■ (default 01)"),
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    solve = commands.add_parser(
        "solve",
        parents=[game],
        formatter_class=_Formatter,
        help=t("which cells to press to switch every light off"),
        description=t(
            "Print which cells to press, how many presses that is, and whether no "
            "solution uses fewer.  Exit status 1 when the board has no solution (a proof is "
            "printed)."
        ),
    )
    solve.add_argument(
        "board",
        metavar="BOARD",
        help=t("the board as text (rows separated by '/'), a file, or -"),
    )
    solve.add_argument(
        "--fewest", action="store_true", help=t("print a solution with the fewest presses")
    )
    solve.add_argument(
        "--steps", action="store_true", help=t("print the recorded Gauss-Jordan elimination")
    )
    info = commands.add_parser(
        "info",
        parents=[game],
        formatter_class=_Formatter,
        help=t("rank, nullity and quiet patterns of a board size"),
        description=t(
            "Describe the toggle matrix of a board size: rank, nullity, how many "
            "boards are solvable, and the quiet patterns (presses that change no light)."
        ),
    )
    info.add_argument("size", type=_size, metavar="ROWSxCOLS", help=t("board size, e.g. 5x5"))
    return parser


def _is_path(path: Path, kind: Callable[[Path], bool]) -> bool:
    """``kind(path)``, or False where the text cannot name a file at all.

    A board longer than a file name may be is such a text: ``Path.is_file`` raises for it.
    """
    try:
        return kind(path)
    except (OSError, ValueError):
        return False


def read_board(argument: str) -> NDArray[np.uint8]:
    """The board named by BOARD: ``-`` for standard input, a file, or the text itself.

    Text from a file or standard input is UTF-8, with or without a byte order mark (as some
    Windows editors save it).
    """
    if argument == "-":
        return parse_board(sys.stdin.read())
    path = Path(argument)
    if _is_path(path, Path.is_dir):
        raise ValueError(
            t(
                "BOARD {argument} is a folder; give a board file, board text or -",
                argument=repr(argument),
            )
        )
    if _is_path(path, Path.is_file):
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as error:
            raise ValueError(
                t("cannot read the board file {argument}: {error}", argument=argument, error=error)
            ) from None
        return parse_board(text)
    try:
        return parse_board(argument)
    except ValueError as error:
        raise ValueError(
            t(
                "BOARD {argument} is not a file, nor board text: {error}",
                argument=repr(argument),
                error=error,
            )
        ) from None


def puzzle_of(args: argparse.Namespace, shape: tuple[int, int]) -> Puzzle:
    """The puzzle the options describe, for a board of ``shape``."""
    return Puzzle.grid(*shape, rule=args.rule, torus=args.torus, colors=args.colors)


def _game(puzzle: Puzzle) -> str:
    rule = puzzle.rule if isinstance(puzzle.rule, str) else t("custom stencil")
    where = t(" on the torus") if puzzle.torus else ""
    colours = t(", {k} colours", k=puzzle.colors) if puzzle.colors != 2 else ""
    return t(
        "{rows}x{cols} board, rule {rule}{where}{colours}",
        rows=puzzle.rows,
        cols=puzzle.cols,
        rule=rule,
        where=where,
        colours=colours,
    )


def run_solve(args: argparse.Namespace) -> int:
    board = read_board(args.board)
    if args.steps:  # [A | b] has a row per cell and a column more: refused before solving
        check_recorded_size(board.size, board.size + 1)
    k, top = args.colors, int(board.max())
    if top >= k:
        raise ValueError(
            t(
                "the board has a light in state {top}, but with {k} colours the states "
                "are 0 to {last}: add --colors {more} (or more) for that game",
                top=top,
                k=k,
                last=k - 1,
                more=top + 1,
            )
        )
    puzzle = puzzle_of(args, board.shape)
    solution = puzzle.solve(board)
    record = record_elimination(solution) if args.steps else None
    print(t("Board ({game}):", game=_game(puzzle)))
    print(f"{format_board(board, style=args.style)}\n")
    if record is not None:
        print_steps(record)
    if not solution.solvable:
        proof = solution.certificate
        assert proof is not None  # every unsolvable board has one
        total = int(matmul_mod(proof.reshape(-1), board.reshape(-1), k))
        print(t("Not solvable: no presses switch every light off."))
        print(
            t(
                "Proof: weigh each cell by the pattern below. No press changes the weighted "
                "sum of the lights (mod {k}), and this board's sum is {total}, not 0.",
                k=k,
                total=total,
            )
        )
        print(format_board(proof, style=args.style))
        return EXIT_UNSOLVABLE
    try:
        fewest, unknown = solution.fewest_presses(), ""
        tied = solution.count_fewest_presses()
    except ValueError as error:  # too many solutions to search
        fewest, tied, unknown = None, 0, str(error)
    if args.fewest and fewest is None:
        raise ValueError(t("--fewest cannot be answered exactly: {reason}", reason=unknown))
    presses = fewest if fewest is not None and args.fewest else solution.presses
    assert presses is not None  # the board is solvable
    count = _presses(presses)
    print(t("Press the cells marked 1:") if k == 2 else t("Press each cell this many times:"))
    print(format_board(presses, style=args.style))
    print(t("Presses: {count}", count=count))
    if fewest is None:
        print(t("Fewest: not known ({reason}).", reason=unknown))
    elif count == _presses(fewest):
        ties = t("{tied} solutions tie", tied=tied) if tied > 1 else t("no other solution ties")
        print(t("Fewest: yes, no solution uses fewer presses ({ties}).", ties=ties))
    else:
        best = _presses(fewest)
        print(
            t("Fewest: no, the fewest is {best} presses (run with --fewest to see it).", best=best)
        )
    print(t("Solutions in all: {count}", count=count_text(solution.solution_count, k)))
    return 0


def _presses(presses: NDArray) -> int:
    """The total number of presses, exactly (k - 1 presses a cell add up past 2^64)."""
    return sum(int(v) for v in presses.flat)


def record_elimination(solution: Solution) -> Elimination:
    """The recorded Gauss-Jordan elimination of ``[A | b]`` for the board of ``solution``."""
    k = solution.colors
    if not is_prime(k):
        raise ValueError(
            t(
                "--steps records Gauss-Jordan elimination over a field, which needs a prime "
                "number of colours (2, 3, 5, ...), not {k}: mod {k} not every non-zero entry "
                "has an inverse",
                k=k,
            )
        )
    b = from_work((-to_work(solution.board.reshape(-1), k)) % k, k)  # board + A x = 0 (mod k)
    return eliminate(solution.toggle_matrix, b, modulus=k)


def print_steps(record: Elimination) -> None:
    """The elimination as numbered sentences between the start and the reduced matrix."""
    k = record.modulus
    if k != 2:
        print(t("The presses solve A x = -b (mod {k}), so the right-hand side is -b.", k=k))
    print(
        t(
            "Gauss-Jordan elimination of [A | b] over GF({k}): {count} steps",
            k=k,
            count=len(record.steps),
        )
        + "\n"
    )
    print(t("Start:") + "\n" + _matrix(record.matrix) + "\n")
    for number in range(len(record.steps)):
        print(f"{number + 1:4d}. {record.explain(number)}")
    print("\n" + t("Reduced row echelon form:") + "\n" + _matrix(record.rref))
    verdict = t("consistent") if record.consistent else t("inconsistent: a row reads 0 = 1")
    print(t("Rank {rank}, {verdict}.", rank=record.rank, verdict=verdict) + "\n")


def _matrix(M: NDArray) -> str:
    """Rows of an augmented matrix, ``|`` before the right-hand side.

    Digits only while every entry is one digit; else the entries separated by commas.
    """
    between = "," if int(M.max()) >= 10 else ""
    return "\n".join(between.join(map(str, row[:-1])) + " | " + str(row[-1]) for row in M)


def run_info(args: argparse.Namespace) -> int:
    rows, cols = args.size
    check_memory(
        rows * cols,
        t("a {rows}x{cols} board", rows=rows, cols=cols),
        t("ask about a smaller board"),
    )
    puzzle = puzzle_of(args, (rows, cols))
    solution = puzzle.solve(np.zeros((rows, cols), dtype=np.uint8))
    k, n = puzzle.colors, puzzle.size
    print(t("{game}: toggle matrix {n} x {n}", game=_game(puzzle), n=n))
    try:
        rank, nullity = solution.rank, solution.nullity
    except ValueError:  # composite k: Z/k is not a field, so no rank or basis
        print(t("Over Z/{k} there is no rank or basis of quiet patterns ({k} is not prime).", k=k))
        quiet = solution.solution_count
        print(
            t("Quiet patterns (presses that change no light): {count}", count=count_text(quiet, k))
        )
        print(_solvable_boards(count_text(k**n // quiet, k), k, n, ratio=count_text(quiet, k)))
        return 0
    print(t("Rank: {rank}", rank=rank))
    print(t("Nullity: {nullity}", nullity=nullity))
    print(_solvable_boards(f"{k}^{rank}", k, n, ratio=count_text(k**nullity, k)))
    if nullity == 0:
        print(t("Quiet patterns: none, so every board has exactly one solution."))
        return 0
    print(
        t(
            "Quiet patterns (a basis of the kernel, {nullity}): pressing one changes no light.",
            nullity=nullity,
        )
    )
    for number, pattern in enumerate(solution.quiet_patterns, start=1):
        print("\n" + t("quiet pattern {number}:", number=number))
        print(format_board(pattern, style=args.style))
    return 0


def _solvable_boards(count: str, k: int, n: int, *, ratio: str) -> str:
    """The solvable boards (a subgroup: 1 in ``ratio`` of all ``k^n``, ratio = the kernel)."""
    share = t("all of them") if ratio == "1" else t("1 in {ratio}", ratio=ratio)
    return t("Solvable boards: {count} of {k}^{n} ({share})", count=count, k=k, n=n, share=share)


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Parameters
    ----------
    argv : list of str, optional
        The arguments after the program name, e.g. ``["info", "5x5"]``.

    Returns
    -------
    int
        0 when done, 1 when the board has no solution, 2 on bad input (after printing a
        message to standard error).

    Examples
    --------
    >>> main(["solve", "110/100/000"])
    Board (3x3 board, rule plus):
    110
    100
    000
    <BLANKLINE>
    Press the cells marked 1:
    100
    000
    000
    Presses: 1
    Fewest: yes, no solution uses fewer presses (no other solution ties).
    Solutions in all: 1
    0
    """
    with speaking(language()):  # one language for the whole command, whatever others choose
        return _run(argv)


def _run(argv: list[str] | None) -> int:
    """:func:`main` in the language of the calling thread."""
    with argparse_in_language():  # argparse's words too, and for this command only
        parser = build_parser()
        args = parser.parse_args(argv)
    try:
        status = run_solve(args) if args.command == "solve" else run_info(args)
        sys.stdout.flush()  # a closed pipe shows now, not after main has returned
        return status
    except BrokenPipeError:  # the reader stopped reading (| head): nothing left to say
        _silence_stdout()
        return EXIT_CLOSED_OUTPUT
    except (ValueError, TypeError) as error:
        message = " ".join(str(error).split())  # one line, whatever the message
        print(
            t("lightsout {command}: error: {message}", command=args.command, message=message),
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT
    except MemoryError:  # a guard missed an allocation: still bad input, not a traceback
        message = t("not enough memory for this board; try a smaller one")
        print(
            t("lightsout {command}: error: {message}", command=args.command, message=message),
            file=sys.stderr,
        )
        return EXIT_BAD_INPUT


def _silence_stdout() -> None:
    """Point standard output at /dev/null, so that flushing it at exit finds no closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # stdout is not a file (a test's StringIO): nothing to flush
        pass
