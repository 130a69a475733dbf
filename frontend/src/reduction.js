// Row reduction by hand, judged in the browser: where the pivots stand, whether the matrix is
// in reduced row echelon form, and what the student's last operation did.

import { ADD, applyStep, operationHtml, SCALE } from "./steps.js";
import { plural, t } from "./strings.js";

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
  for (let r = 0; r < M.length; r++) {
    const c = leadingColumn(M[r], n);
    if (c < 0 || c <= previous || M[r][c] !== 1) break;
    if (M.some((row, i) => i !== r && row[c] !== 0)) break;
    found.push([r, c]);
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
  const rows = [];
  M.forEach((row, i) => {
    if (leadingColumn(row, n) < 0 && row.slice(n).some((v) => v)) rows.push(i);
  });
  return rows;
}

/** The matrix after the operations (each [kind, a, b, col, factor]). */
export function replayOperations(start, operations, p) {
  const M = start.map((row) => row.slice());
  for (const op of operations) applyStep(M, op, p);
  return M;
}

function sameMatrix(A, B) {
  return A.every((row, i) => row.every((v, j) => v === B[i][j]));
}

/** The leftmost column with a nonzero entry in rows t.. (where the next pivot belongs), or -1. */
export function nextPivotColumn(M, t0, n) {
  for (let j = 0; j < n; j++) for (let i = t0; i < M.length; i++) if (M[i][j]) return j;
  return -1;
}

/** The verdict once the matrix is in RREF: rank, consistency, operations used. */
function summary(M, used, n, reference) {
  const rank = establishedPivots(M, n).length;
  const bad = contradictionRows(M, n);
  let verdict = "";
  if (n !== M[0].length)
    verdict = bad.length
      ? t("practice.inconsistent", { row: bad[0] + 1, value: M[bad[0]][n] })
      : t("practice.consistent");
  const count = plural("practice.used", used, { reference });
  return { kind: "done", text: t("practice.done", { rank, verdict, count }) };
}

/** A pivot in place before the last operation that the operation broke, or undefined. */
function lostPivot(before, M, n) {
  const broken = ([r, c]) => M[r][c] !== 1 || M.some((row, i) => i !== r && row[c] !== 0);
  return establishedPivots(before, n).find(broken);
}

/** Feedback on a wasted operation (or one that undid the one before), or null. */
function wasted(start, operations, p, M, words) {
  const before = replayOperations(start, operations.slice(0, -1), p);
  if (sameMatrix(before, M)) return { kind: "warn", text: t("practice.wasted", { op: words }) };
  if (operations.length < 2) return null;
  const earlier = replayOperations(start, operations.slice(0, -2), p);
  return sameMatrix(earlier, M) ? { kind: "warn", text: t("practice.undid", { op: words }) } : null;
}

/** Feedback on an Add that works on a column to the right of where the next pivot belongs. */
function wrongColumn(before, op, n, words) {
  const [kind, a] = op;
  const done = establishedPivots(before, n).length;
  const due = nextPivotColumn(before, done, n);
  const used = leadingColumn(before[a], n);
  if (kind !== ADD || due < 0 || used <= due || a < done) return null;
  const values = { op: words, used: used + 1, due: due + 1, from: done + 1, to: before.length };
  return { kind: "warn", text: t("practice.wrongColumn", values) };
}

/**
 * Feedback on the last operation: {kind: "good" | "warn" | "done", text}.
 * `reference` is the number of operations of the recorded Gauss-Jordan elimination.
 */
export function feedback(start, operations, p, n, reference) {
  const M = replayOperations(start, operations, p);
  if (!operations.length)
    return isRref(M, n) ? summary(M, 0, n, reference) : { kind: "good", text: t("practice.begin") };
  const op = operations[operations.length - 1];
  const words = operationHtml(op);
  const waste = wasted(start, operations, p, M, words);
  if (waste) return waste;
  const before = replayOperations(start, operations.slice(0, -1), p);
  const lost = lostPivot(before, M, n);
  if (lost) {
    const text = t("practice.destroyed", { op: words, col: lost[1] + 1, row: lost[0] + 1 });
    return { kind: "warn", text };
  }
  const wrong = wrongColumn(before, op, n, words);
  if (wrong) return wrong;
  if (isRref(M, n)) return summary(M, operations.length, n, reference);
  const pivots = establishedPivots(M, n).length;
  const [kind, a, , , factor] = op;
  const scaled = kind === SCALE ? t("practice.scaled", { row: a + 1, factor }) : "";
  const next = nextPivotColumn(M, pivots, n) + 1 || t("practice.none");
  return { kind: "good", text: t("practice.progress", { op: words, scaled, pivots, next }) };
}
