// Front-end logic shared by the Lights Out widgets: plain functions on plain data.
//
// Python computes (toggle stencils, recorded elimination steps, the linear algebra that
// solves every board of a size); these functions only apply that data, so the widgets react
// in the browser without a kernel. Everything here is pure and tested with `node --test`.
// Matrices travel as arrays of rows; a row of residues mod k < 37 is a string of base-36
// digits ("0120..."), otherwise an array of numbers.

/** Okabe-Ito colours (colour-blind safe) for light states 0, 1, 2, ... */
export const LIGHT_COLORS = ["#2b303b", "#f0e442", "#56b4e9", "#cc79a7", "#009e73", "#e69f00", "#0072b2"];

/** Rows of a matrix as arrays of numbers. */
export function parseMatrix(rows) {
  return rows.map((row) =>
    typeof row === "string" ? Array.from(row, (ch) => parseInt(ch, 36)) : row.slice(),
  );
}

/** A mod k that is never negative. */
export function mod(a, k) {
  const r = a % k;
  return r < 0 ? r + k : r;
}

// --- the game: pressing cells ------------------------------------------------------------------

/** Offsets [dr, dc] of a 3x3 stencil (centre = the pressed cell), row by row. */
export function stencilOffsets(stencil) {
  const offsets = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) if (stencil[r][c]) offsets.push([r - 1, c - 1]);
  return offsets;
}

/** The cells (flat, row-major) one press of `cell` hits, with repeats on a small torus. */
export function hitCells(cell, game) {
  const { rows, cols, torus } = game;
  const r = Math.floor(cell / cols), c = cell % cols;
  const hits = [];
  for (const [dr, dc] of stencilOffsets(game.stencil)) {
    let tr = r + dr, tc = c + dc;
    if (torus) { tr = mod(tr, rows); tc = mod(tc, cols); }
    else if (tr < 0 || tr >= rows || tc < 0 || tc >= cols) continue;
    hits.push(tr * cols + tc);
  }
  return hits;
}

/** The board after pressing `cell` `times` times (negative: taking presses back). */
export function pressCell(board, cell, game, times = 1) {
  const next = board.slice();
  for (const target of hitCells(cell, game)) next[target] = mod(next[target] + times, game.colors);
  return next;
}

/** The board after pressing every cell x[i] times. */
export function pressAll(board, x, game) {
  let next = board.slice();
  x.forEach((count, cell) => { if (count) next = pressCell(next, cell, game, count); });
  return next;
}

// --- the game: the linear algebra shipped by Python ----------------------------------------------

/**
 * Solve with Smith-form data: U A V = D (mod k), D = diag(factors, 0, ...).
 * Returns {x, generators, orders} or {certificate} when the board has no solution.
 * A field is the case where every factor is 1 (U from the elimination, V = pivots + kernel).
 */
export function solveBoard(board, data) {
  const k = data.modulus, U = data.U, V = data.V, factors = data.factors;
  const m = U.length, n = V.length, r = factors.length;
  const target = board.map((v) => mod(-v, k));
  const c = U.map((row) => mod(row.reduce((s, u, j) => s + u * target[j], 0), k));
  for (let i = 0; i < m; i++) {
    const bad = i < r ? c[i] % factors[i] !== 0 : c[i] !== 0;
    if (bad) {
      const scale = i < r ? k / factors[i] : 1;
      return { certificate: U[i].map((u) => mod(scale * u, k)) };
    }
  }
  const y = new Array(n).fill(0);
  for (let i = 0; i < r; i++) y[i] = c[i] / factors[i];
  const x = V.map((row) => mod(row.reduce((s, v, j) => s + v * y[j], 0), k));
  const generators = [], orders = [];
  for (let j = 0; j < n; j++) {
    const d = j < r ? factors[j] : 0;
    if (d === 1) continue;
    const scale = d ? k / d : 1;
    generators.push(V.map((row) => mod(scale * row[j], k)));
    orders.push(d || k);
  }
  return { x, generators, orders };
}

/** True when a is before b in row-major order (the tie-break of the Python solver). */
function lexLess(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/** Largest number of solutions the browser compares for the fewest presses. */
export const MAX_SEARCH = 1 << 20;

/**
 * The solution with the fewest presses (ties: the first in row-major order), or null when
 * there are more than MAX_SEARCH solutions. Walks every x + sum c_j g_j like an odometer:
 * one added generator per step (a digit that wraps around has added order * g = 0).
 */
export function fewestPresses(solved, k) {
  const total = solved.orders.reduce((p, o) => p * o, 1);
  if (total > MAX_SEARCH) return null;
  let x = solved.x.slice(), best = x.slice();
  let bestWeight = x.reduce((s, v) => s + v, 0);
  const digits = new Array(solved.orders.length).fill(0);
  for (let step = 1; step < total; step++) {
    let j = 0;
    for (;;) {
      const g = solved.generators[j];
      for (let i = 0; i < x.length; i++) if (g[i]) x[i] = (x[i] + g[i]) % k;
      digits[j] += 1;
      if (digits[j] < solved.orders[j]) break;
      digits[j] = 0;
      j += 1;
    }
    const weight = x.reduce((s, v) => s + v, 0);
    if (weight < bestWeight || (weight === bestWeight && lexLess(x, best))) {
      best = x.slice();
      bestWeight = weight;
    }
  }
  return best;
}

/** A reproducible stream of numbers in [0, 1): mulberry32, the same as lightsout_edu._deal. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 1831565813) >>> 0; // mulberry32's increment (written in decimal)
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The board dealt for `seed`: random presses on a dark board (solvable), or random lights. */
export function dealBoard(seed, game, solvableOnly) {
  const random = mulberry32(seed);
  const n = game.rows * game.cols;
  const draws = Array.from({ length: n }, () => Math.floor(random() * game.colors));
  return solvableOnly ? pressAll(new Array(n).fill(0), draws, game) : draws;
}

// --- recorded eliminations: steps as [kind, a, b, pivotCol, factor] ------------------------------

export const SWAP = 0, ADD = 1, SCALE = 2;

/** Modular inverse of a mod a prime p. */
export function inverse(a, p) {
  let [t, newT, r, newR] = [0, 1, p, mod(a, p)];
  while (newR) {
    const q = Math.floor(r / newR);
    [t, newT] = [newT, t - q * newT];
    [r, newR] = [newR, r - q * newR];
  }
  return mod(t, p);
}

/** Apply one step to the matrix M (arrays of rows) mod p, in place. */
export function applyStep(M, step, p) {
  const [kind, a, b, , factor] = step;
  if (kind === SWAP) { const t = M[a]; M[a] = M[b]; M[b] = t; }
  else if (kind === ADD) M[b] = M[b].map((v, j) => mod(v + factor * M[a][j], p));
  else M[a] = M[a].map((v) => mod(v * factor, p));
}

/** Undo one step (swap again, subtract, or multiply by the inverse). */
export function undoStep(M, step, p) {
  const [kind, a, b, col, factor] = step;
  if (kind === SWAP) applyStep(M, step, p);
  else if (kind === ADD) applyStep(M, [ADD, a, b, col, p - factor], p);
  else applyStep(M, [SCALE, a, a, col, inverse(factor, p)], p);
}

/** The rows a step touches (source first). */
export function stepRows(step) {
  return step[0] === SCALE ? [step[1]] : [step[1], step[2]];
}

/**
 * Replays a recorded elimination from checkpoints: seek(k) gives the matrix after k steps,
 * stepping from the nearest stored copy (every `interval` steps) or from the current one.
 */
export class Replay {
  constructor(start, steps, p, interval = 256) {
    this.steps = steps;
    this.p = p;
    this.interval = interval;
    this.checkpoints = [start.map((row) => row.slice())];
    const work = start.map((row) => row.slice());
    steps.forEach((step, i) => {
      applyStep(work, step, p);
      if ((i + 1) % interval === 0) this.checkpoints.push(work.map((row) => row.slice()));
    });
    this.position = 0;
    this.matrix = start.map((row) => row.slice());
  }

  seek(k) {
    const target = Math.max(0, Math.min(this.steps.length, k));
    const nearest = Math.min(Math.round(target / this.interval), this.checkpoints.length - 1);
    if (Math.abs(nearest * this.interval - target) < Math.abs(this.position - target)) {
      this.matrix = this.checkpoints[nearest].map((row) => row.slice());
      this.position = nearest * this.interval;
    }
    while (this.position < target) applyStep(this.matrix, this.steps[this.position++], this.p);
    while (this.position > target) undoStep(this.matrix, this.steps[--this.position], this.p);
    return this.matrix;
  }
}

/** The sentence for step k, word for word as Elimination.explain(k) in Python. */
export function explain(step, nUnknowns, p) {
  const [kind, a, b, col, factor] = step;
  const what = col === nUnknowns ? "the right-hand side column" : `column ${col + 1}`;
  const modText = p !== 2 ? ` (mod ${p})` : "";
  if (kind === SWAP)
    return `Swap rows ${a + 1} and ${b + 1} to bring a non-zero entry of ${what} into pivot position (row ${a + 1}).`;
  if (kind === SCALE) return `Multiply row ${a + 1} by ${factor}${modText} to make the pivot in ${what} equal to 1.`;
  const times = factor === 1 ? "" : `${factor} times `;
  return `Add ${times}row ${a + 1} to row ${b + 1}${modText} to clear ${what}.`;
}

/** The caption of position k, word for word as the Python player's caption. */
export function caption(k, data) {
  const n = data.steps.length;
  if (k === 0) return `Start: the matrix ${data.augmented ? "[A | b]" : "A"}, before any row operation.`;
  let text = `Step ${k} of ${n}: ${explain(data.steps[k - 1], data.n_unknowns, data.modulus)}`;
  if (k === n) {
    text += ` Done: reduced row echelon form, rank ${data.rank}.`;
    if (data.augmented)
      text += data.consistent ? " The system is consistent." : " A row reads 0 = 1, so the system has no solution.";
  }
  return text;
}

/** The row operation of a step in words with subscripts, e.g. "R₃ ← R₃ + R₁". */
export function operationHtml(step) {
  const [kind, a, b, , factor] = step;
  const R = (i) => `R<sub>${i + 1}</sub>`;
  if (kind === SWAP) return `${R(a)} \u2194 ${R(b)}`;
  if (kind === SCALE) return `${R(a)} \u2190 ${factor}\u2009${R(a)}`;
  return `${R(b)} \u2190 ${R(b)} + ${factor === 1 ? "" : `${factor}\u2009`}${R(a)}`;
}

/** Pivot positions after k steps: the first pivots whose work has begun (see found_at). */
export function pivotsAt(k, data) {
  return data.pivots.filter((_, i) => data.found_at[i] <= k);
}

/** Next / previous position where a pivot's work begins. */
export function nextPivot(k, starts, n) {
  const later = starts.find((s) => s > k);
  return later === undefined ? n : later;
}
export function previousPivot(k, starts) {
  let best = 0;
  for (const s of starts) if (s < k) best = s;
  return best;
}

// --- practising row reduction ---------------------------------------------------------------------

/** Index of the first nonzero entry of a row among the first n entries, or -1. */
export function leadingColumn(row, n) {
  for (let j = 0; j < n; j++) if (row[j]) return j;
  return -1;
}

/**
 * Pivots that are already in place, from the top: row t leads with a 1 in column c_t, the
 * columns increase, and column c_t is zero in every other row. Returns [[row, col], ...].
 */
export function establishedPivots(M, n) {
  const found = [];
  let previous = -1;
  for (let t = 0; t < M.length; t++) {
    const c = leadingColumn(M[t], n);
    if (c < 0 || c <= previous || M[t][c] !== 1) break;
    if (M.some((row, i) => i !== t && row[c] !== 0)) break;
    found.push([t, c]);
    previous = c;
  }
  return found;
}

/** Is M in reduced row echelon form (over the first n columns; zero rows at the bottom)? */
export function isRref(M, n) {
  const pivots = establishedPivots(M, n);
  return M.slice(pivots.length).every((row) => leadingColumn(row, n) < 0);
}

/** Rows reading 0 = (nonzero): the A part is zero but the right-hand side is not. */
export function contradictionRows(M, n) {
  return M.map((row, i) => [row, i]).filter(([row]) => leadingColumn(row, n) < 0 && row.slice(n).some((v) => v)).map(([, i]) => i);
}
