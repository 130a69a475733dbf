// The game's mathematics in the browser: presses, the linear algebra shipped by Python
// (a Smith form U A V = D), the fewest presses, and the seeded deal. Pure functions.
import { dot, mod, total } from "./arith.js";

/** Offsets [dr, dc] of a 3x3 stencil (centre = the pressed cell), row by row. */
export function stencilOffsets(stencil) {
  const offsets = [];
  stencil.forEach((row, r) => {
    row.forEach((on, c) => {
      if (on) offsets.push([r - 1, c - 1]);
    });
  });
  return offsets;
}

/** The cells (flat, row-major) one press of `cell` hits, with repeats on a small torus. */
export function hitCells(cell, game) {
  const { rows, cols, torus } = game;
  const r = Math.floor(cell / cols);
  const c = cell % cols;
  const hits = [];
  for (const [dr, dc] of stencilOffsets(game.stencil)) {
    let [tr, tc] = [r + dr, c + dc];
    if (torus) [tr, tc] = [mod(tr, rows), mod(tc, cols)];
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
  return x.reduce(
    (next, count, cell) => (count ? pressCell(next, cell, game, count) : next),
    board,
  );
}

/** The first row i of U whose right-hand side c[i] breaks the system, or -1. */
function brokenRow(c, factors) {
  return c.findIndex((ci, i) => (i < factors.length ? ci % factors[i] !== 0 : ci !== 0));
}

/** Quiet-pattern generators (columns of V scaled to their order) and their orders. */
function kernelOf(V, factors, k) {
  const generators = [];
  const orders = [];
  for (let j = 0; j < V.length; j++) {
    const d = j < factors.length ? factors[j] : 0;
    if (d === 1) continue;
    const scale = d ? k / d : 1;
    generators.push(V.map((row) => mod(scale * row[j], k)));
    orders.push(d || k);
  }
  return { generators, orders };
}

/**
 * Solve with Smith-form data: U A V = D (mod k), D = diag(factors, 0, ...).
 * Returns {x, generators, orders} or {certificate} when the board has no solution.
 * A field is the case where every factor is 1 (U from the elimination, V = pivots + kernel).
 */
export function solveBoard(board, data) {
  const { modulus: k, U, V, factors } = data;
  const target = board.map((v) => mod(-v, k));
  const c = U.map((row) => dot(row, target, k));
  const bad = brokenRow(c, factors);
  if (bad >= 0) {
    const scale = bad < factors.length ? k / factors[bad] : 1;
    return { certificate: U[bad].map((u) => mod(scale * u, k)) };
  }
  const y = new Array(V.length).fill(0);
  factors.forEach((f, i) => {
    y[i] = c[i] / f;
  });
  const x = V.map((row) => dot(row, y, k));
  return { x, ...kernelOf(V, factors, k) };
}

/** True when a is before b in row-major order (the tie-break of the Python solver). */
function lexLess(a, b) {
  const i = a.findIndex((v, j) => v !== b[j]);
  return i >= 0 && a[i] < b[i];
}

/** Largest number of solutions the browser compares for the fewest presses. */
export const MAX_SEARCH = 1 << 20;

/** Add generator g to x in place (mod k). */
function addInPlace(x, g, k) {
  for (let i = 0; i < x.length; i++) if (g[i]) x[i] = (x[i] + g[i]) % k;
}

/** One odometer tick: add the next generator, carrying digits that wrap (order * g = 0). */
function tick(x, digits, solved, k) {
  for (let j = 0; ; j++) {
    addInPlace(x, solved.generators[j], k);
    digits[j] += 1;
    if (digits[j] < solved.orders[j]) return;
    digits[j] = 0;
  }
}

/**
 * The solution with the fewest presses (ties: the first in row-major order), or null when
 * there are more than MAX_SEARCH solutions. Walks every x + sum c_j g_j like an odometer.
 */
export function fewestPresses(solved, k) {
  const count = solved.orders.reduce((p, o) => p * o, 1);
  if (count > MAX_SEARCH) return null;
  const x = solved.x.slice();
  const digits = new Array(solved.orders.length).fill(0);
  let best = x.slice();
  let bestWeight = total(x);
  for (let step = 1; step < count; step++) {
    tick(x, digits, solved, k);
    const weight = total(x);
    if (weight < bestWeight || (weight === bestWeight && lexLess(x, best))) {
      best = x.slice();
      bestWeight = weight;
    }
  }
  return best;
}

// --- seeds and the deal -------------------------------------------------------------------

/** Seeds are whole numbers 0 .. 2^64 - 1, exact as BigInt (they travel as decimal text). */
export const SEED_LIMIT = 1n << 64n;

/** A seed from the model (decimal text, or a number from an older saved state) as a BigInt. */
export function toSeed(value) {
  return BigInt(typeof value === "number" ? Math.trunc(value) : String(value));
}

/** The seed "New board" deals from after `seed`: the next one, wrapping to 0 after 2^64 - 1. */
export function nextSeed(seed) {
  return (toSeed(seed) + 1n) % SEED_LIMIT;
}

/** The seed typed in a box, or null when it is not a whole number from 0 to 2^64 - 1. */
export function parseSeed(text) {
  const trimmed = String(text).trim();
  if (!/^\d{1,20}$/.test(trimmed)) return null;
  const seed = BigInt(trimmed);
  return seed < SEED_LIMIT ? seed : null;
}

/** A reproducible stream of numbers in [0, 1): mulberry32 on the seed's low 32 bits, the same
 * as lightsout_edu.widgets._deal in Python. */
export function mulberry32(seed) {
  let a = Number(BigInt.asUintN(32, toSeed(seed)));
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
