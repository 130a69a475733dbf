"""The `lightsout` command line (lightsout_edu/cli.py): answers checked by simulation."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu.cli import main

ALL_ON_5 = "11111/11111/11111/11111/11111"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def board_after(out: str, heading: str) -> np.ndarray:
    """The board printed on the lines after the line starting with ``heading``."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(heading)) + 1
    rows = []
    for line in lines[start:]:
        if not re.fullmatch(r"[0-9.#□■]+", line):
            break
        rows.append(line)
    return lo.parse_board("\n".join(rows))


def press_count(out: str) -> int:
    return int(re.search(r"^Presses: (\d+)$", out, re.MULTILINE).group(1))


def assert_solves(board: str, out: str, **rules) -> np.ndarray:
    presses = board_after(out, "Press")
    after = lo.press(lo.parse_board(board), presses, **rules)
    assert not after.any(), f"pressing\n{presses}\ndoes not clear the board:\n{after}"
    assert press_count(out) == int(presses.sum())
    return presses


def test_solve_board_text(capsys) -> None:
    code, out, err = run(capsys, "solve", "110/100/000")
    assert (code, err) == (0, "")
    assert assert_solves("110/100/000", out).tolist() == [[1, 0, 0], [0, 0, 0], [0, 0, 0]]
    assert "Fewest: yes" in out
    assert "Solutions in all: 1" in out


def test_a_board_too_long_for_a_file_name_is_read_as_board_text(capsys) -> None:
    board = "/".join(["1" + "0" * 299] * 3)  # rows of 300: longer than any file name
    code, out, err = run(capsys, "solve", board)
    assert (code, err) == (0, "")
    assert_solves(board, out)


def test_solve_all_on_5x5_fewest(capsys) -> None:
    code, out, _ = run(capsys, "solve", ALL_ON_5, "--fewest")
    assert code == 0
    assert_solves(ALL_ON_5, out)
    assert press_count(out) == 15
    assert "Fewest: yes, no solution uses fewer presses (4 solutions tie)." in out
    assert "Solutions in all: 4" in out


def test_says_when_the_solution_shown_is_not_the_fewest(capsys) -> None:
    for seed in range(200):
        board = lo.random_board(5, 5, seed=seed, solvable=True)
        solution = lo.solve_board(board)
        if solution.presses.sum() > solution.fewest_presses().sum():
            break
    else:
        pytest.fail("no 5x5 board whose first solution is not the fewest")
    text = lo.format_board(board).replace("\n", "/")
    best = int(solution.fewest_presses().sum())
    code, out, _ = run(capsys, "solve", text)
    assert code == 0
    assert_solves(text, out)
    assert f"Fewest: no, the fewest is {best} presses" in out
    code, out, _ = run(capsys, "solve", text, "--fewest")
    assert code == 0
    assert_solves(text, out)
    assert press_count(out) == best
    assert "Fewest: yes" in out


def test_unsolvable_board_prints_a_proof(capsys) -> None:
    board = "10000/00000/00000/00000/00000"
    code, out, err = run(capsys, "solve", board)
    assert (code, err) == (1, "")
    assert "Not solvable" in out
    y = board_after(out, "Proof").reshape(-1)
    A = lo.toggle_matrix(5, 5)
    assert not (A.T.astype(int) @ y % 2).any()
    assert int(y @ lo.parse_board(board).reshape(-1)) % 2 == 1


def test_board_from_a_file_and_from_stdin(capsys, tmp_path, monkeypatch) -> None:
    path = tmp_path / "board.txt"
    path.write_text("#.#\n.#.\n#.#\n", encoding="utf-8")
    code, out, _ = run(capsys, "solve", str(path), "--style", "dots")
    assert code == 0
    assert "#.#\n.#.\n#.#" in out
    assert_solves("#.#/.#./#.#", out)
    monkeypatch.setattr(sys, "stdin", io.StringIO("■□■\n□■□\n■□■\n"))
    code, out_stdin, _ = run(capsys, "solve", "-", "--style", "dots")
    assert (code, out_stdin) == (0, out)


@pytest.mark.parametrize(
    ("rule", "torus"), [("x", False), ("king", True), ("neighbors", False), ("plus", True)]
)
def test_rules_and_torus(capsys, rule: str, torus: bool) -> None:
    board = lo.random_board(4, 4, seed=7, solvable=True, rule=rule, torus=torus)
    text = lo.format_board(board).replace("\n", "/")
    code, out, _ = run(capsys, "solve", text, "--rule", rule, *(["--torus"] if torus else []))
    assert code == 0
    assert_solves(text, out, rule=rule, torus=torus)
    assert f"rule {rule}" in out and (("on the torus" in out) == torus)


def test_custom_stencil_rule(capsys) -> None:
    code, out, _ = run(capsys, "solve", "111/010/000", "--rule", "010/111/010")
    assert code == 0
    assert_solves("111/010/000", out)


@pytest.mark.parametrize("colors", [3, 4, 5])
def test_colors(capsys, colors: int) -> None:
    board = lo.random_board(3, 3, seed=1, solvable=True, colors=colors)
    text = lo.format_board(board).replace("\n", "/")
    code, out, _ = run(capsys, "solve", text, "--colors", str(colors))
    assert code == 0
    assert_solves(text, out, colors=colors)
    assert f"{colors} colours" in out


def test_steps_print_the_recorded_elimination(capsys) -> None:
    code, out, _ = run(capsys, "solve", "#.#/.#./#.#", "--steps")
    assert code == 0
    record = lo.eliminate(lo.toggle_matrix(3, 3), lo.parse_board("#.#/.#./#.#").reshape(-1))
    assert f"over GF(2): {len(record.steps)} steps" in out
    for k in range(len(record.steps)):
        assert f"{k + 1:4d}. {record.explain(k)}" in out
    rref = "\n".join("".join(map(str, r[:-1])) + " | " + str(r[-1]) for r in record.rref)
    assert "Reduced row echelon form:\n" + rref in out
    assert out.index("steps") < out.index("Press the cells")


def test_steps_over_gf3_use_minus_b(capsys) -> None:
    code, out, _ = run(capsys, "solve", "12/21", "--colors", "3", "--steps")
    assert code == 0
    assert "over GF(3)" in out and "-b" in out
    assert_solves("12/21", out, colors=3)


def test_info_5x5(capsys) -> None:
    code, out, _ = run(capsys, "info", "5x5")
    assert code == 0
    assert "Rank: 23\nNullity: 2\n" in out
    assert "Solvable boards: 2^23 of 2^25 (1 in 4)" in out
    patterns = [board_after(out, f"quiet pattern {i}") for i in (1, 2)]
    for pattern in patterns:
        assert pattern.shape == (5, 5) and pattern.any()
        assert not lo.press(np.zeros((5, 5), np.uint8), pattern).any()
    assert not np.array_equal(*patterns)


def test_info_variants(capsys) -> None:
    code, out, _ = run(capsys, "info", "4", "--colors", "3")  # "4" means 4x4
    assert code == 0 and "4x4 board" in out and "Rank: 14" in out
    code, out, _ = run(capsys, "info", "3x3", "--colors", "4")
    assert code == 0 and "not prime" in out and "(all of them)" in out
    code, out, _ = run(capsys, "info", "2X3", "--rule", "neighbors", "--torus")
    assert code == 0 and "2x3 board, rule neighbors on the torus" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["solve", "1x1/000"], "character 'x'"),
        (["solve", "110/10"], "row 2 has 2 cells but row 1 has 3"),
        (["solve", "no_such_board.txt"], "not a file"),
        (["solve", "120/000"], "add --colors 3"),
        (["solve", "13/00", "--colors", "3"], "states are 0 to 2"),
        (["solve", "12/21", "--colors", "4", "--steps"], "prime number of colours"),
        (["solve", "11/11", "--rule", "diagonal"], "unknown rule 'diagonal'"),
        (["solve", "11/11", "--rule", "11/11"], "3x3"),
        (["solve", "11/11", "--colors", "1"], "at least 2"),
        (["solve", "11/11", "--colors", "three"], "--colors must be a whole number"),
        (["info", "5by5"], "should look like 5x5"),
        (["info", "0x3"], "at least 1"),
        (["frobnicate"], "invalid choice"),
        ([], "required"),
    ],
)
def test_bad_input_exits_2_with_a_clear_message(capsys, argv: list[str], message: str) -> None:
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse reports usage errors itself
        code = exit_.code
    out, err = capsys.readouterr()
    assert code == 2
    assert message in err
    assert "Traceback" not in err and err.count("\n") <= 4


@pytest.mark.parametrize(
    ("language", "board", "message"),
    [
        ("en", "12/3", "board row 2 has 1 cell but row 1 has 2 cells"),
        ("zh", "12/3", "棋盘第 2 行有 1 个格子，但第 1 行有 2 个格子"),
        ("en", "1/23/45", "board row 2 has 2 cells but row 1 has 1 cell\n"),
        ("zh", "1/23/45", "棋盘第 2 行有 2 个格子，但第 1 行有 1 个格子\n"),
        ("en", "10//01", "board row 2 is empty"),
        ("zh", "10//01", "棋盘第 2 行是空的"),
        ("en", "10/1x", "row 2 of the board text has the character 'x'"),
        ("zh", "1,/1", "棋盘第 1 行用了逗号，但第 2 行没有用"),
    ],
)
def test_a_bad_board_is_told_by_rows_counted_from_1(capsys, language, board, message) -> None:
    lo.set_language(language)
    try:
        code, out, err = run(capsys, "solve", board)
    finally:
        lo.set_language(None)
    assert (code, out) == (2, "")
    assert message in err


def test_empty_stdin(capsys, monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n"))
    code, _, err = run(capsys, "solve", "-")
    assert code == 2 and "empty" in err


def test_help_reads_well(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    out = capsys.readouterr().out
    assert exit_.value.code == 0
    for text in ("solve", "info", "examples:", "exit status", "lit cell"):
        assert text in out
    with pytest.raises(SystemExit):
        main(["solve", "--help"])
    out = capsys.readouterr().out
    for option in ("--fewest", "--steps", "--rule", "--torus", "--colors", "BOARD"):
        assert option in out


@pytest.mark.slow  # 1.3 s of commands
def test_module_and_console_script() -> None:
    script = Path(sys.executable).with_name("lightsout")
    assert script.exists(), (
        f"console script {script} missing: reinstall the package (pip install -e .)"
    )
    for command in ([sys.executable, "-m", "lightsout_edu"], [str(script)]):
        result = subprocess.run(
            [*command, "solve", ALL_ON_5], capture_output=True, text=True, timeout=120
        )
        assert result.returncode == 0, result.stderr
        assert "Presses: 15" in result.stdout
        result = subprocess.run(
            [*command, "info", "nonsense"], capture_output=True, text=True, timeout=120
        )
        assert result.returncode == 2 and "should look like 5x5" in result.stderr


def test_unreadable_board_file(capsys, tmp_path) -> None:
    path = tmp_path / "board.bin"
    path.write_bytes(b"\x99\xff\x00")
    code, _, err = run(capsys, "solve", str(path))
    assert code == 2 and "cannot read the board file" in err


@pytest.mark.parametrize(
    "argv",
    [["frobnicate"], [], ["solve"], ["info"], ["solve", "1", "--colors", "x"],
     ["solve", "1", "2"], ["info", "5x5", "--style", "emoji"], ["solve", "1", "--torus=yes"]],
)  # fmt: skip
def test_usage_errors_are_one_line(capsys, argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    _, err = capsys.readouterr()
    assert exit_.value.code == 2
    assert err.count("\n") == 1 and err.startswith("lightsout") and "--help" in err


def test_a_closed_pipe_is_a_quiet_exit() -> None:
    """`lightsout info 61x61 | head -c 20`: no traceback, and not the 'unsolvable' status."""
    reader = subprocess.Popen(
        [sys.executable, "-m", "lightsout_edu", "info", "61x61"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert reader.stdout is not None and reader.stderr is not None
    assert reader.stdout.read(20) == b"61x61 board, rule pl"
    reader.stdout.close()
    assert reader.wait(timeout=120) == 141
    assert reader.stderr.read() == b""


def test_board_files_and_stdin_with_a_byte_order_mark(capsys, tmp_path, monkeypatch) -> None:
    path = tmp_path / "board.txt"
    path.write_text("#.#\n.#.\n#.#\n", encoding="utf-8-sig")  # as Windows Notepad saves it
    code, out, err = run(capsys, "solve", str(path))
    assert (code, err) == (0, "")
    assert_solves("#.#/.#./#.#", out)
    monkeypatch.setattr(sys, "stdin", io.StringIO("\ufeff#.#\n.#.\n#.#\n"))
    code, out_stdin, _ = run(capsys, "solve", "-")
    assert (code, out_stdin) == (0, out)


def test_steps_keep_every_colour(capsys) -> None:
    """The right-hand side -b was cast to uint8: with 257 colours -1 is 256, not 0."""
    code, out, _ = run(capsys, "solve", "1", "--colors", "257", "--steps")
    assert code == 0
    assert "Start:\n1 | 256\n" in out
    code, out, _ = run(capsys, "solve", "11", "--colors", "13", "--steps")  # -1 = 12
    assert code == 0
    assert "Start:\n1,1 | 12\n1,1 | 12\n" in out
    presses = lo.parse_board(out.split("many times:\n")[1].splitlines()[0])
    assert not lo.press([[1, 1]], presses, colors=13).any()


def test_counts_of_any_size(capsys) -> None:
    code, out, err = run(capsys, "info", "100x100", "--colors", "4")
    assert (code, err) == (0, "")
    assert "Solvable boards: 4^10000 (6021 digits) of 4^10000 (all of them)" in out
    huge = str(2**64)
    code, out, err = run(capsys, "info", "1x300", "--rule", "010/000/010", "--colors", huge)
    assert (code, err) == (0, "")
    assert f"Quiet patterns (presses that change no light): {huge}^300 (5780 digits)" in out


def test_presses_of_many_colours_add_up_exactly(capsys) -> None:
    """The presses of 100 with 2^64 colours are 0, 2^64 - 1 and 1: 2^64 in all (not 0)."""
    code, out, _ = run(capsys, "solve", "100", "--colors", str(2**64))
    assert code == 0
    presses = lo.parse_board(out.split("many times:\n")[1].splitlines()[0])
    assert presses.tolist() == [[0, 2**64 - 1, 1]]
    assert not lo.press([[1, 0, 0]], presses, colors=2**64).any()
    assert f"Presses: {2**64}\n" in out


class _PerThread(io.TextIOBase):
    """A stream that keeps what each thread writes apart (sys.stderr is one for them all)."""

    def __init__(self) -> None:
        self.said: dict[int, list[str]] = {}

    def write(self, text: str) -> int:
        self.said.setdefault(threading.get_ident(), []).append(text)
        return len(text)


def test_two_threads_running_the_command_in_two_languages_each_get_their_own_words(
    monkeypatch,
) -> None:
    """The package speaks Chinese (a Chinese notebook), one thread runs the command so, one in
    English meanwhile, and a third uses argparse for a program of its own: each its words."""
    import argparse

    from lightsout_edu._i18n import speaking

    stderr = _PerThread()
    monkeypatch.setattr(sys, "stderr", stderr)
    rounds = 40
    start = threading.Barrier(3)
    said: dict[str, str] = {}

    def lightsout(argv: list[str]) -> None:
        try:
            main(argv)
        except SystemExit:  # argparse reports usage errors itself
            pass

    def command(language: str) -> None:
        with speaking(language) if language == "en" else contextlib.nullcontext():
            start.wait()
            for _ in range(rounds):
                for argv in (["solve"], ["info", "5x5", "--colors"], ["solve", "12/3"]):
                    lightsout(argv)
        said[language] = "".join(stderr.said[threading.get_ident()])

    def another_program() -> None:
        parser = argparse.ArgumentParser(prog="other")
        parser.add_argument("name")
        start.wait()
        while not all(language in said for language in ("zh", "en")):
            try:
                parser.parse_args([])
            except SystemExit:
                pass
        said["other"] = "".join(stderr.said[threading.get_ident()])

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # the threads take turns often
    lo.set_language("zh")
    try:
        threads = [
            threading.Thread(target=command, args=("zh",)),
            threading.Thread(target=command, args=("en",)),
            threading.Thread(target=another_program),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]
    finally:
        lo.set_language(None)
        sys.setswitchinterval(interval)
    chinese, english, other = said["zh"], said["en"], said["other"]
    assert chinese.count("缺少以下必需的参数：BOARD") == rounds
    assert chinese.count("参数 --colors：需要一个值") == rounds
    assert chinese.count("棋盘第 2 行有 1 个格子，但第 1 行有 2 个格子") == rounds
    assert english.count("the following arguments are required: BOARD") == rounds
    assert english.count("argument --colors: expected one argument") == rounds
    assert english.count("board row 2 has 1 cell but row 1 has 2 cells") == rounds
    assert other.count("usage: other") == other.count("the following arguments are required")
    assert other.count("usage: other") > 0
    for text in (english, other):
        assert not re.search(r"[\u4e00-\u9fff]", text)
    assert not re.search(r"required|argument|board", chinese)
