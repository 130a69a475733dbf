"""The widgets' JavaScript, run by Node's own test runner against data written by Python.

Python writes what the front end receives (the player's recorded steps, the game's solving
data, dealt boards) together with what Python says the answers are (``Elimination.state(k)``
and ``explain(k)``, ``solve_board``'s solvability, solution count and fewest presses); the
tests in ``tests/js/`` replay and apply the data in JavaScript and must get the same.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

import lightsout_edu as lo
from lightsout_edu._playback import Playback
from lightsout_edu.widgets._deal import deal_board

REPO = Path(__file__).resolve().parents[1]


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.fail("Node.js is needed for the JavaScript tests: apt-get install nodejs")
    return found


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


@pytest.fixture(scope="module")
def fixtures(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("frontend")
    eliminations = [
        lo.eliminate(lo.toggle_matrix(5, 5), lo.random_board(5, 5, seed=7, solvable=True)),
        lo.eliminate(lo.toggle_matrix(5, 5), lo.random_board(5, 5, seed=1, solvable=False)),
        lo.eliminate(lo.toggle_matrix(3, 3), [2, 0, 1, 1, 2, 0, 0, 1, 2], modulus=3),
        lo.eliminate(lo.toggle_matrix(4, 4)),
        lo.eliminate(lo.toggle_matrix(15, 15), np.ones(225, dtype=np.uint8)),
    ]
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
        for seed in (0, 1, 2024):
            board = deal_board(
                seed, rows, cols, rule="plus", torus=torus, colors=colors, solvable=solvable
            )
            deals.append(
                {
                    "game": game,
                    "seed": seed,
                    "solvable": solvable,
                    "board": board.reshape(-1).astype(int).tolist(),
                }
            )
    (folder / "deal.json").write_text(json.dumps(deals))
    return folder


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

    for name in ("game", "player", "practice"):
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
