// Unit tests of the view logic that does not need a page: what the game marks, which presses
// the player calls known, the practice widget's feedback (node --test tests/js).
import assert from "node:assert/strict";
import { test } from "node:test";
import { gameView, hintCell, proof } from "../../frontend/src/game_view.js";
import { knownPresses, labelEvery, matrixLayout } from "../../frontend/src/player_view.js";
import { feedback, nextPivotColumn, replayOperations } from "../../frontend/src/reduction.js";
import { ADD, SCALE, SWAP } from "../../frontend/src/steps.js";

// The 1x3 board, rule plus: A = [[1,1,0],[1,1,1],[0,1,1]] is invertible over GF(2).
const ONE_BY_THREE = {
  rows: 1,
  cols: 3,
  modulus: 2,
  field: true,
  factors: [1, 1, 1],
  U: [
    [0, 1, 1],
    [1, 1, 1],
    [1, 1, 0],
  ].map((r) => r.slice()), // A^-1 (U A V = I with V = I)
  V: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  quiet: [],
  orders: [],
};

test("the game marks the fewest-press solution and the hint", () => {
  const state = {
    board: [1, 0, 1],
    history: [],
    hint: -1,
    showSolution: true,
    showQuiet: false,
    quietIndex: 0,
    start: [1, 0, 1],
  };
  const view = gameView(state, ONE_BY_THREE);
  assert.deepEqual(view.marks, ["solution", "", "solution"]);
  assert.match(view.message, /Press the 2 cells marked/);
  assert.equal(hintCell([1, 0, 1], ONE_BY_THREE), 0);
  const hinted = gameView({ ...state, hint: 0, showSolution: false }, ONE_BY_THREE);
  assert.deepEqual(hinted.marks, ["hint", "", ""]);
  assert.match(hinted.message, /Hint: press the cell marked \u2605 \(row 1, column 1\)/);
  // with the solution shown, the hint is one of its cells and shows as a press like the others
  const both = gameView({ ...state, hint: 0 }, ONE_BY_THREE);
  assert.deepEqual(both.marks, ["solution", "", "solution"]);
});

test("marks disappear when the solution is hidden and when the board is solved", () => {
  const hidden = gameView(
    {
      board: [1, 0, 1],
      history: [],
      hint: -1,
      showSolution: false,
      showQuiet: false,
      quietIndex: 0,
      start: [1, 0, 1],
    },
    ONE_BY_THREE,
  );
  assert.deepEqual(hidden.marks, ["", "", ""]);
  const solved = gameView(
    {
      board: [0, 0, 0],
      history: [0, 2],
      hint: 0,
      showSolution: true,
      showQuiet: false,
      quietIndex: 0,
      start: [1, 0, 1],
    },
    ONE_BY_THREE,
  );
  assert.deepEqual(solved.marks, ["", "", ""]);
  assert.match(solved.message, /Solved!.*2 presses \(the fewest possible was 2\)/);
});

test("one cell is a cell, not 'the 1 cells'", () => {
  const view = gameView(
    {
      board: [1, 1, 0],
      history: [],
      hint: -1,
      showSolution: true,
      showQuiet: false,
      quietIndex: 0,
      start: [1, 1, 0],
    },
    ONE_BY_THREE,
  );
  assert.match(view.message, /Press the cell marked \u25cf: 1 press,/);
});

test("a certificate is scaled so that the board's weighted sum is 1 (prime k)", () => {
  assert.deepEqual(proof([2, 0, 1], [1, 0, 0], { modulus: 3, field: true }), [1, 0, 2]);
});

test("labels are thinned so that they never touch", () => {
  assert.equal(labelEvery(0.8), 1);
  assert.equal(labelEvery(3.1), 5);
});

test("on a slide the matrix fits its box and its labels keep 0.9 em, at any size", () => {
  for (const [rows, cols] of [
    [9, 10],
    [25, 26],
    [100, 101],
    [225, 226],
  ]) {
    const layout = matrixLayout(rows, cols, true);
    const em = (cells) => cells * layout.cell;
    assert.ok(Math.abs(em(layout.font) - 0.9) < 1e-9, `${rows}x${cols}`);
    assert.ok(em(rows + layout.top + 0.2) <= 21.5 + 1e-9, `${rows}x${cols} too tall`);
    assert.ok(em(cols + layout.left + 0.2) <= 26 + 1e-9, `${rows}x${cols} too wide`);
    assert.ok(layout.everyRow * layout.cell >= 1.15 * 0.9, `${rows}x${cols} labels touch`);
  }
  // off a slide the layout is the page's: 0.7 em labels, 1.35 em entries up to 30 columns
  const page = matrixLayout(25, 26);
  assert.equal(page.cell, 1.35);
  assert.ok(Math.abs(page.font * page.cell - 0.7) < 1e-9);
  assert.equal(matrixLayout(6, 7, false).digits, true);
  assert.equal(matrixLayout(6, 70, false).digits, false);
});

test("the player only calls a press known once its pivot row is final", () => {
  const data = {
    n_unknowns: 2,
    steps: [
      [1, 0, 1, 0, 1],
      [1, 1, 0, 1, 1],
    ],
    pivots: [
      [0, 0],
      [1, 1],
    ],
    found_at: [0, 2],
    final_at: [2, 1],
    consistent: true,
  };
  assert.deepEqual(
    knownPresses(
      1,
      [
        [1, 1, 1],
        [0, 1, 0],
      ],
      data,
    ),
    [null, null],
  );
  assert.deepEqual(
    knownPresses(
      2,
      [
        [1, 0, 1],
        [0, 1, 0],
      ],
      data,
    ),
    [1, 0],
  );
});

test("practice feedback: wasted, destroyed pivot, wrong column, done", () => {
  const start = [
    [1, 1, 1],
    [1, 0, 1],
  ];
  const reference = 2;
  assert.match(
    feedback(
      start,
      [
        [ADD, 0, 1, 0, 1],
        [ADD, 0, 1, 0, 1],
      ],
      2,
      2,
      reference,
    ).text,
    /undid the operation before it/,
  );
  assert.match(feedback(start, [[SWAP, 0, 0, 0, 1]], 2, 2, reference).text, /changed nothing/);
  const clean = [
    [ADD, 0, 1, 0, 1],
    [ADD, 1, 0, 1, 1],
  ];
  assert.deepEqual(replayOperations(start, clean, 2), [
    [1, 0, 1],
    [0, 1, 0],
  ]);
  assert.match(
    feedback(start, clean, 2, 2, reference).text,
    /Reduced row echelon form reached, rank 2\. No row reads 0 = 1.*You used 2 operations; the recorded Gauss-Jordan elimination uses 2\./,
  );
  assert.match(
    feedback(
      [
        [1, 0, 0],
        [0, 1, 1],
      ],
      [[ADD, 1, 0, 1, 1]],
      2,
      2,
      reference,
    ).text,
    /destroyed the pivot in column 2/,
  );
  assert.equal(
    nextPivotColumn(
      [
        [0, 1],
        [1, 0],
      ],
      0,
      2,
    ),
    0,
  );
  assert.match(
    feedback(
      [
        [0, 1, 0],
        [1, 1, 0],
        [0, 1, 1],
      ],
      [[ADD, 0, 2, 1, 1]],
      2,
      2,
      reference,
    ).text,
    /next pivot belongs in column 1/,
  );
  assert.match(
    feedback(
      [
        [2, 1, 1],
        [0, 1, 1],
      ],
      [[SCALE, 0, 0, 0, 2]],
      3,
      2,
      4,
    ).text,
    /multiplied by 2/,
  );
});
