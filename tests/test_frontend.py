"""The widgets' JavaScript: run by Node's own test runner against data written by Python,
bundled by esbuild, linted and formatted by Biome (frontend/).

Python writes what the front end receives (the player's recorded steps, the game's solving
data, dealt boards) together with what Python says the answers are (``Elimination.state(k)``
and ``explain(k)`` for every kind of sentence, ``solve_board``'s solvability, solution count
and fewest presses, the board dealt for seeds up to 2^64 - 1); the tests in ``tests/js/``
replay and apply the data in JavaScript and must get the same.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu._playback import Playback
from lightsout_edu.steps import AddRow, Scale, Swap
from lightsout_edu.widgets._deal import deal_board
from lightsout_edu.widgets._frontend import STATIC
from tests.browser_helpers import FRONTEND, frontend_tool, node

REPO = Path(__file__).resolve().parents[1]
#: Seeds at every edge of the numbers that carry them: 32 bits (mulberry32's state), 2^53
#: (where JavaScript's numbers stop being exact), 63 and 64 bits.
SEEDS = [
    0,
    1,
    2024,
    2**31 - 1,
    2**32 - 1,
    2**32,
    2**32 + 7,
    2**53 - 1,
    2**53,
    2**53 + 1,
    2**63 - 1,
    2**63,
    2**64 - 2,
    2**64 - 1,
    *(int(v) for v in np.random.default_rng(64).integers(0, 2**64, 24, dtype=np.uint64)),
]
#: Systems whose eliminations hold every kind of sentence explain() writes (see
#: test_fixtures_cover_every_sentence).
SENTENCE_SYSTEMS = [
    ([[0, 1], [1, 1], [0, 0]], [1, 0, 1], 2),
    ([[1], [0], [0]], [0, 0, 1], 2),
    ([[1], [0], [0]], [0, 1, 2], 3),
    ([[0, 1], [2, 1], [0, 0], [0, 0]], [1, 0, 2, 1], 3),
    ([[0, 0], [0, 0]], [0, 2], 3),
    ([[0, 2], [1, 1], [0, 0]], [1, 2, 0], 3),
]


def player_fixture(e: lo.Elimination) -> dict:
    player = lo.EliminationPlayer(e)
    playback = Playback(e)
    positions = sorted({0, 1, len(e.steps) // 3, len(e.steps) // 2, len(e.steps)} - {-1})
    positions = [k for k in positions if 0 <= k <= len(e.steps)]
    return {
        "data": player.data,
        "states": {str(k): e.state(k).astype(int).tolist() for k in positions},
        "captions": {str(k): playback.caption(k) for k in positions},
        "explanations": [e.explain(k) for k in range(len(e.steps))],
    }


def game_fixture(rows: int, cols: int, colors: int, *, rule="plus", torus=False) -> dict:
    game = lo.LightsOutGame(rows, cols, rule=rule, torus=torus, colors=colors)
    rng = np.random.default_rng(rows * 100 + cols * 10 + colors)
    boards = []
    for draw in range(12):
        solvable = draw % 2 == 0
        board = (
            lo.random_board(
                rows,
                cols,
                seed=int(rng.integers(1 << 30)),
                solvable=True,
                rule=rule,
                torus=torus,
                colors=colors,
            )
            if solvable
            else rng.integers(0, colors, (rows, cols))
        )
        s = lo.solve_board(board, rule=rule, torus=torus, colors=colors)
        boards.append(
            {
                "board": board.reshape(-1).astype(int).tolist(),
                "solvable": s.solvable,
                "count": s.solution_count,
                "fewest": s.fewest_presses().reshape(-1).astype(int).tolist()
                if s.solvable
                else None,
            }
        )
    return {"data": game.solver, "boards": boards}


def fixture_eliminations() -> list[lo.Elimination]:
    return [
        lo.eliminate(lo.toggle_matrix(5, 5), lo.random_board(5, 5, seed=7, solvable=True)),
        lo.eliminate(lo.toggle_matrix(5, 5), lo.random_board(5, 5, seed=1, solvable=False)),
        lo.eliminate(lo.toggle_matrix(3, 3), [2, 0, 1, 1, 2, 0, 0, 1, 2], modulus=3),
        lo.eliminate(lo.toggle_matrix(4, 4)),
        lo.eliminate(lo.toggle_matrix(15, 15), np.ones(225, dtype=np.uint8)),
        lo.eliminate([[1, 1], [1, 0]]),
        *(lo.eliminate(A, b, modulus=p) for A, b, p in SENTENCE_SYSTEMS),
    ]


def sentence_kind(e: lo.Elimination, step) -> tuple:
    """Which template of explain() a step takes: its kind, the column it works on, the mod."""
    factor = getattr(step, "factor", 1)
    return (type(step).__name__, step.pivot_col == e.n_unknowns, e.modulus != 2, factor != 1)


def test_fixtures_cover_every_sentence() -> None:
    """Every branch of explain() and of the caption is compared with Python's words."""
    kinds = set()
    captions = set()
    for e in fixture_eliminations():
        kinds |= {sentence_kind(e, step) for step in e.steps}
        captions.add((e.augmented, e.consistent))
    on_b, modded, scaled = (False, True), (False, True), (False, True)
    every = {("Swap", b, m, False) for b in on_b for m in modded}
    every |= {("AddRow", b, False, False) for b in on_b}
    every |= {("AddRow", b, True, f) for b in on_b for f in scaled}
    every |= {("Scale", b, True, True) for b in on_b}
    assert every <= kinds, sorted(every - kinds)
    assert {(False, True), (True, True), (True, False)} <= captions
    assert {Swap, AddRow, Scale} == {type(s) for e in fixture_eliminations() for s in e.steps}


@pytest.fixture(scope="module")
def fixtures(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("frontend")
    eliminations = fixture_eliminations()
    (folder / "player.json").write_text(json.dumps([player_fixture(e) for e in eliminations]))
    games = [
        game_fixture(5, 5, 2),
        game_fixture(4, 4, 2),
        game_fixture(3, 4, 2, rule="x", torus=True),
        game_fixture(5, 5, 3),
        game_fixture(4, 4, 4),
        game_fixture(2, 3, 6, torus=True),
    ]
    (folder / "game.json").write_text(json.dumps(games))
    deals = []
    for rows, cols, colors, torus, solvable in [
        (5, 5, 2, False, True),
        (4, 6, 3, True, False),
        (2, 2, 3, True, True),
    ]:
        game = {
            "rows": rows,
            "cols": cols,
            "stencil": lo.RULES["plus"].tolist(),
            "torus": torus,
            "colors": colors,
        }
        for seed in SEEDS:
            puzzle = lo.Puzzle.grid(rows, cols, torus=torus, colors=colors)
            board = deal_board(seed, puzzle, solvable=solvable)
            deals.append(
                {
                    "game": game,
                    "seed": str(seed),
                    "next": str(next_seed(seed)),
                    "solvable": solvable,
                    "board": board.reshape(-1).astype(int).tolist(),
                }
            )
    (folder / "deal.json").write_text(json.dumps(deals))
    return folder


def next_seed(seed: int) -> int:
    """The seed "New board" deals from after ``seed``, as the Python game says."""
    game = lo.LightsOutGame(1, 2, seed=seed)
    game.new_board()
    return game.seed


@pytest.mark.slow  # 2.5 s of Node.js
def test_javascript_logic_agrees_with_python(fixtures: Path) -> None:
    env = {**os.environ, "LIGHTSOUT_FIXTURES": str(fixtures)}
    result = subprocess.run(
        [node(), "--test", "--test-reporter=spec", str(REPO / "tests" / "js")],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-3000:]
    assert "# skipped 0" in result.stdout or "skipped 0" in result.stdout, result.stdout[-2000:]


def test_each_widget_module_is_a_single_valid_es_module(tmp_path: Path) -> None:
    """What travels in the saved state parses and exports render (no import left)."""
    from lightsout_edu.widgets._frontend import esm

    for name in ("game", "player", "practice", "question"):
        code = esm(name)
        assert "./common.js" not in code
        module = tmp_path / f"{name}.mjs"
        module.write_text(code)
        script = "import(process.argv[1]).then(m => console.log(typeof m.default.render))"
        out = subprocess.run(
            [node(), "-e", script, module.as_uri()],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        ).stdout
        assert out.strip() == "function", name


def test_saved_state_reads_back_the_same_after_the_browsers_json() -> None:
    """JupyterLab saves a notebook's widget state from the browser (JSON.parse, then
    JSON.stringify): every widget's state, as the kernel sends and nbclient stores it, comes
    back with the same text, so a save leaves an executed notebook as it was."""
    widgets = [
        lo.LightsOutGame(3, 3),
        lo.LightsOutGame(3, 3, size=1.5),
        lo.EliminationPlayer(lo.eliminate(lo.toggle_matrix(3, 3)), size=2),
        lo.RowReductionPractice(),
        lo.QuickQuestion("rref"),
    ]
    stored = json.dumps([widget.get_state() for widget in widgets])
    round_trip = "process.stdout.write(JSON.stringify(JSON.parse(require('fs').readFileSync(0))))"
    written = subprocess.run(
        [node(), "-e", round_trip], input=stored, capture_output=True, text=True, check=True
    ).stdout
    assert json.dumps(json.loads(written)) == stored


def test_committed_bundles_are_built_from_the_sources(tmp_path: Path) -> None:
    """static/ is what esbuild makes of frontend/src now (run `make frontend` after an edit)."""
    frontend_tool("esbuild")
    subprocess.run(
        [node(), str(FRONTEND / "build.mjs"), "--outdir", str(tmp_path)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    built = sorted(p.name for p in tmp_path.iterdir())
    assert (
        built
        == sorted(p.name for p in STATIC.iterdir())
        == [
            "game.js",
            "player.js",
            "practice.js",
            "question.js",
            "widgets.css",
        ]
    )
    for name in built:
        fresh = (tmp_path / name).read_text(encoding="utf-8")
        committed = (STATIC / name).read_text(encoding="utf-8")
        assert fresh == committed, f"static/{name} is stale: run make frontend"


def test_the_bundles_ship_with_the_package() -> None:
    """pip installs the bundles (package data), so no npm is needed to use the widgets."""
    import tomllib

    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    data = config["tool"]["setuptools"]["package-data"]["lightsout_edu"]
    assert {"widgets/static/*.js", "widgets/static/*.css"} <= set(data)


def test_javascript_is_linted_and_formatted() -> None:
    """Biome's lint (recommended rules, functions of at most 60 lines) and format, as CI."""
    biome = frontend_tool("biome")
    result = subprocess.run(
        [biome, "ci", "--colors=off", ".", "../tests/js"],
        cwd=FRONTEND,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]


STRINGS = FRONTEND.parent / "lightsout_edu" / "strings"


def test_every_language_has_every_widget_string_with_the_same_values() -> None:
    """The Chinese table says everything the English one does, with the same {values}."""
    english = json.loads((STRINGS / "en" / "widgets.json").read_text(encoding="utf-8"))
    for folder in STRINGS.iterdir():
        table = json.loads((folder / "widgets.json").read_text(encoding="utf-8"))
        assert set(table) == set(english), (folder.name, set(table) ^ set(english))
        for key, template in english.items():
            fields = set(re.findall(r"\{(\w+)\}", template))
            assert set(re.findall(r"\{(\w+)\}", table[key])) == fields, (folder.name, key)


def test_every_widget_string_is_in_the_table_and_used() -> None:
    """All user-visible words of the widgets live in lightsout_edu/strings/en/widgets.json
    (the Chinese edition swaps that table), and the table holds no string nothing uses."""
    table = json.loads((STRINGS / "en" / "widgets.json").read_text(encoding="utf-8"))
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (FRONTEND / "src").glob("*.js"))
    keys = r"(?:game|player|practice|question|step|caption|op)\.[\w.]+"
    used = set(re.findall(rf'"({keys})"', sources))
    prefixes = set(re.findall(rf"`({keys}\.)\$\{{", sources))
    assert prefixes == {"game.mark.", "game.legend."}, prefixes
    missing = {k for k in used if k not in table and not any(t.startswith(f"{k}.") for t in table)}
    assert not missing, missing
    unused = {
        key
        for key in table
        if key != "plural.locale"
        and key not in used
        and key.rsplit(".", 1)[0] not in used
        and not any(key.startswith(prefix) for prefix in prefixes)
    }
    assert not unused, unused
    # user-visible text is not written into the views (a sentence would be a quoted string
    # of words with spaces outside strings/)
    for path in (FRONTEND / "src").glob("*.js"):
        if path.name == "strings.js":  # the table's own machinery: no widget text
            continue
        code = path.read_text(encoding="utf-8")
        code = re.sub(r"/\*.*?\*/", "", code, flags=re.DOTALL)
        code = re.sub(r"^\s*//.*$", "", code, flags=re.MULTILINE)
        literals = re.findall(r'"([^"\n]*)"|`([^`]*)`', code)
        words = [
            s for pair in literals for s in pair if re.search(r"\b[A-Z]?[a-z]{2,} [a-z]{2,}\b", s)
        ]
        words = [s for s in words if not s.startswith(("lo-", "M", "."))]  # classes, paths
        assert not words, f"{path.name}: {words}"
