// Recorded eliminations in the browser: steps as [kind, a, b, pivotCol, factor], applied,
// undone and replayed from checkpoints, and said in words (the same words as Python's).
import { inverse, mod } from "./arith.js";
import { t } from "./strings.js";

export const SWAP = 0;
export const ADD = 1;
export const SCALE = 2;

/** Apply one step to the matrix M (arrays of rows) mod p, in place. */
export function applyStep(M, step, p) {
  const [kind, a, b, , factor] = step;
  if (kind === SWAP) [M[a], M[b]] = [M[b], M[a]];
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

function copy(M) {
  return M.map((row) => row.slice());
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
    this.checkpoints = [copy(start)];
    const work = copy(start);
    steps.forEach((step, i) => {
      applyStep(work, step, p);
      if ((i + 1) % interval === 0) this.checkpoints.push(copy(work));
    });
    this.position = 0;
    this.matrix = copy(start);
  }

  seek(k) {
    const target = Math.max(0, Math.min(this.steps.length, k));
    const nearest = Math.min(Math.round(target / this.interval), this.checkpoints.length - 1);
    if (Math.abs(nearest * this.interval - target) < Math.abs(this.position - target)) {
      this.matrix = copy(this.checkpoints[nearest]);
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
  const what = col === nUnknowns ? t("step.rhsColumn") : t("step.column", { col: col + 1 });
  const modText = p !== 2 ? t("step.mod", { p }) : "";
  if (kind === SWAP) return t("step.swap", { a: a + 1, b: b + 1, what });
  if (kind === SCALE) return t("step.scale", { a: a + 1, factor, mod: modText, what });
  const times = factor === 1 ? "" : t("step.times", { factor });
  return t("step.add", { times, a: a + 1, b: b + 1, mod: modText, what });
}

/** The caption of position k, word for word as the Python player's caption. */
export function caption(k, data) {
  const n = data.steps.length;
  if (k === 0) return t("caption.start", { what: data.augmented ? "[A | b]" : "A" });
  let text = t("caption.step", {
    k,
    n,
    explain: explain(data.steps[k - 1], data.n_unknowns, data.modulus),
  });
  if (k === n) {
    text += t("caption.done", { rank: data.rank });
    if (data.augmented)
      text += data.consistent ? t("caption.consistent") : t("caption.inconsistent");
  }
  return text;
}

/** The row operation of a step with subscripts, e.g. "R₃ ← R₃ + R₁" (HTML). */
export function operationHtml(step) {
  const [kind, a, b, , factor] = step;
  const R = (i) => `R<sub>${i + 1}</sub>`;
  if (kind === SWAP) return `${R(a)} \u2194 ${R(b)}`;
  if (kind === SCALE) return `${R(a)} \u2190 ${factor}\u2009${R(a)}`;
  return `${R(b)} \u2190 ${R(b)} + ${factor === 1 ? "" : `${factor}\u2009`}${R(a)}`;
}

/** The row operation in words a screen reader reads well, e.g. "row 3 plus row 1". */
export function operationWords(step) {
  const [kind, a, b, , factor] = step;
  if (kind === SWAP) return t("op.swapWords", { a: a + 1, b: b + 1 });
  if (kind === SCALE) return t("op.scaleWords", { a: a + 1, factor });
  const times = factor === 1 ? "" : t("step.times", { factor });
  return t("op.addWords", { a: a + 1, b: b + 1, times });
}

/** Pivot positions after k steps: the first pivots whose work has begun (see found_at). */
export function pivotsAt(k, data) {
  return data.pivots.filter((_, i) => data.found_at[i] <= k);
}

/** Next position where a pivot's work begins (or the end). */
export function nextPivot(k, starts, n) {
  const later = starts.find((s) => s > k);
  return later === undefined ? n : later;
}

/** Previous position where a pivot's work began (or the start). */
export function previousPivot(k, starts) {
  let best = 0;
  for (const s of starts) if (s < k) best = s;
  return best;
}
