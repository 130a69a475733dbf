"""A notebook's cells in a runner (``_runner._run_cells``, as grading runs a submission):
plain Python as Python, IPython's magics and shell lines as IPython reads them."""

from __future__ import annotations

from lightsout_edu.exercises import _bubblewrap, _judge


def answers(cells: list[str], names: list[str], start: str = "fork") -> list[object]:
    session = _judge.Session.notebook(cells, names, view=_bubblewrap.View(), start=start)
    try:
        return session.answers()
    finally:
        session.close()


def test_magics_and_shell_lines_do_nothing_and_the_rest_runs() -> None:
    cells = [
        "%matplotlib inline\nx = 1",
        "files = !ls\ny = x + 1",
        "%%time\nz = 0",  # a cell magic: IPython runs its body, here nothing does
        "\n\nw = y * 2  # after blank lines",
        "def broken(:\n    pass",  # reported, and the next cell runs
        "v = w + 1",
    ]
    assert answers(cells, ["x", "y", "w", "v", "z"]) == [1, 2, 4, 5, _judge.MISSING]


def test_a_notebook_of_plain_python_never_imports_ipython() -> None:
    """IPython takes 50-80 ms to import in a fresh sandbox: a new interpreter here."""
    cells = ["import sys\nloaded = 'IPython' in sys.modules"]
    assert answers(cells, ["loaded"], start="spawn") == [False]
    assert answers(["%time x = 1", *cells], ["loaded"], start="spawn") == [True]
