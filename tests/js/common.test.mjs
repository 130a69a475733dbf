// Unit tests of the widgets' shared front-end logic (node --test tests/js).
// Fixture tests compare with data written by Python (tests/test_frontend.py sets
// LIGHTSOUT_FIXTURES); without it they are skipped.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { inverse, parseMatrix } from "../../frontend/src/arith.js";
import {
  dealBoard,
  fewestPresses,
  hitCells,
  mulberry32,
  nextSeed,
  parseSeed,
  pressAll,
  pressCell,
  solveBoard,
  toSeed,
} from "../../frontend/src/lights.js";
import { contradictionRows, establishedPivots, isRref } from "../../frontend/src/reduction.js";
import {
  ADD,
  applyStep,
  caption,
  explain,
  nextPivot,
  previousPivot,
  Replay,
  SCALE,
  SWAP,
  undoStep,
} from "../../frontend/src/steps.js";

const FIXTURES = process.env.LIGHTSOUT_FIXTURES;
const fixture = (name) => JSON.parse(readFileSync(join(FIXTURES, name), "utf8"));
const withFixtures = { skip: FIXTURES ? false : "run through pytest (tests/test_frontend.py)" };
const PLUS = [
  [0, 1, 0],
  [1, 1, 1],
  [0, 1, 0],
];

test("a press toggles the cell and its neighbours, clipped at the edges", () => {
  const game = { rows: 3, cols: 3, stencil: PLUS, torus: false, colors: 2 };
  assert.deepEqual(hitCells(0, game).sort(), [0, 1, 3]);
  assert.deepEqual(pressCell(new Array(9).fill(0), 4, game), [0, 1, 0, 1, 1, 1, 0, 1, 0]);
  const twice = pressCell(pressCell(new Array(9).fill(0), 4, game), 4, game);
  assert.deepEqual(twice, new Array(9).fill(0));
});

test("on a torus with a side of 2 a neighbour met twice is hit twice", () => {
  const game = { rows: 2, cols: 2, stencil: PLUS, torus: true, colors: 3 };
  assert.deepEqual(pressCell([0, 0, 0, 0], 0, game), [1, 2, 2, 0]);
});

test("pressing and taking back cancel with k colours", () => {
  const game = { rows: 4, cols: 5, stencil: PLUS, torus: false, colors: 5 };
  const board = dealBoard(7, game, false);
  assert.deepEqual(pressCell(pressCell(board, 13, game, 1), 13, game, -1), board);
});

test("mulberry32 gives the published first numbers", () => {
  const draw = mulberry32(1);
  assert.equal(draw(), 0.6270739405881613);
  assert.equal(draw(), 0.002735721180215478);
});

test("modular inverses", () => {
  for (const p of [3, 5, 7, 101])
    for (let a = 1; a < p; a++) assert.equal((a * inverse(a, p)) % p, 1);
});

test("steps apply and undo exactly, and replay seeks anywhere", () => {
  const start = [
    [1, 2, 0],
    [2, 1, 1],
    [0, 1, 2],
  ];
  const steps = [
    [SCALE, 0, 0, 0, 2],
    [ADD, 0, 1, 0, 1],
    [SWAP, 1, 2, 1, 1],
    [ADD, 1, 2, 1, 2],
  ];
  const work = start.map((r) => r.slice());
  for (const s of steps) applyStep(work, s, 3);
  for (const s of steps.slice().reverse()) undoStep(work, s, 3);
  assert.deepEqual(work, start);
  const replay = new Replay(start, steps, 3, 2);
  const direct = [start.map((r) => r.slice())];
  for (const s of steps) {
    const next = direct.at(-1).map((r) => r.slice());
    applyStep(next, s, 3);
    direct.push(next);
  }
  for (const k of [4, 0, 2, 3, 1, 4, 0]) assert.deepEqual(replay.seek(k), direct[k]);
});

test("pivot jumps", () => {
  assert.equal(nextPivot(0, [0, 3, 7], 10), 3);
  assert.equal(nextPivot(7, [0, 3, 7], 10), 10);
  assert.equal(previousPivot(7, [0, 3, 7]), 3);
  assert.equal(previousPivot(0, [0, 3, 7]), 0);
});

test("reduced row echelon form and contradictions are recognised", () => {
  assert.ok(
    isRref(
      [
        [1, 0, 1],
        [0, 1, 0],
      ],
      2,
    ),
  );
  assert.ok(
    !isRref(
      [
        [1, 1, 1],
        [0, 1, 0],
      ],
      2,
    ),
  );
  assert.ok(
    !isRref(
      [
        [0, 1, 1],
        [1, 0, 0],
      ],
      2,
    ),
  );
  assert.deepEqual(
    establishedPivots(
      [
        [1, 0, 1],
        [0, 0, 1],
        [0, 1, 0],
      ],
      2,
    ),
    [[0, 0]],
  );
  assert.deepEqual(
    contradictionRows(
      [
        [1, 0, 0],
        [0, 0, 1],
      ],
      2,
    ),
    [1],
  );
});

test(
  "replaying Python's recorded steps gives Elimination.state(k) and its sentences",
  withFixtures,
  () => {
    for (const { data, states, captions, explanations } of fixture("player.json")) {
      const replay = new Replay(parseMatrix(data.matrix), data.steps, data.modulus, 16);
      for (const [k, expected] of Object.entries(states))
        assert.deepEqual(replay.seek(Number(k)), expected, `state ${k}`);
      for (const [k, expected] of Object.entries(captions))
        assert.equal(caption(Number(k), data), expected);
      for (const [k, step] of data.steps.entries())
        assert.equal(explain(step, data.n_unknowns, data.modulus), explanations[k]);
    }
  },
);

test("the shipped solving data answers every sampled board like solve_board", withFixtures, () => {
  for (const { data, boards } of fixture("game.json")) {
    data.U = parseMatrix(data.U);
    data.V = parseMatrix(data.V);
    const game = {
      rows: data.rows,
      cols: data.cols,
      stencil: data.stencil,
      torus: data.torus,
      colors: data.modulus,
    };
    const k = data.modulus;
    for (const { board, solvable, count, fewest } of boards) {
      const solved = solveBoard(board, data);
      assert.equal(Boolean(solved.x), solvable, `solvable ${board}`);
      if (!solvable) {
        const y = solved.certificate;
        const n = board.length;
        for (let cell = 0; cell < n; cell++) {
          // y . (column of A) = 0: no press moves the sum
          const column = pressCell(new Array(n).fill(0), cell, game);
          assert.equal(column.reduce((s, v, i) => s + v * y[i], 0) % k, 0);
        }
        assert.notEqual(board.reduce((s, v, i) => s + v * y[i], 0) % k, 0);
        continue;
      }
      assert.ok(
        pressAll(board, solved.x, game).every((v) => v === 0),
        "x switches the board off",
      );
      assert.equal(
        solved.orders.reduce((p, o) => p * o, 1),
        count,
      );
      assert.deepEqual(fewestPresses(solved, k), fewest);
    }
  }
});

test("Python deals the same boards from the same seeds", withFixtures, () => {
  for (const { game, seed, solvable, board } of fixture("deal.json"))
    assert.deepEqual(dealBoard(seed, game, solvable), board);
});

test("seeds up to 2^64 - 1 are exact, and New board's next seed is Python's", withFixtures, () => {
  for (const { seed, next } of fixture("deal.json")) {
    assert.equal(toSeed(seed).toString(), seed);
    assert.equal(nextSeed(seed).toString(), next, `after ${seed}`);
    assert.equal(parseSeed(seed), BigInt(seed));
  }
  assert.equal(parseSeed("18446744073709551616"), null);
  assert.equal(parseSeed("-1"), null);
  assert.equal(parseSeed("1e3"), null);
  assert.equal(toSeed(2024).toString(), "2024"); // a seed saved as a number by an older version
});
