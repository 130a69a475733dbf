// What the elimination player shows besides the matrix: which presses are already known,
// and how labels are thinned so that they never touch.

/** Every how many cells a label goes so that labels `width` cells long never touch. */
export function labelEvery(width) {
  for (const every of [1, 2, 5, 10, 20, 50, 100, 200, 500]) if (every >= width) return every;
  return 1000;
}

/** Presses x_c that are final at position k: pivot rows that no later step changes. */
export function knownPresses(k, matrix, data) {
  const n = data.n_unknowns;
  const x = new Array(n).fill(null);
  data.pivots.forEach(([row, col], i) => {
    if (col < n && data.found_at[i] <= k && data.final_at[row] <= k) x[col] = matrix[row][n];
  });
  if (k === data.steps.length && data.consistent) return x.map((v) => (v === null ? 0 : v));
  return x;
}

/** Labels keep this size (relative to the widget's font) at any matrix size. */
const LABEL_EM = 0.7;

/** The geometry of the matrix picture, in matrix cells, for an nRows x nCols matrix. */
export function matrixLayout(nRows, nCols) {
  const cell = nCols > 60 ? 0.5 : nCols > 30 ? 0.9 : 1.35; // em per entry
  const font = LABEL_EM / cell; // label size in matrix cells
  const charWidth = 0.62 * font;
  return {
    cell,
    font,
    everyCol: labelEvery((1 + String(nCols).length) * charWidth + 0.3),
    everyRow: labelEvery(1.15 * font),
    left: (1 + String(nRows).length) * charWidth + 0.4,
    top: 1.35 * font,
  };
}

/** Row labels shown: every everyRow-th, and the rows of the current step in place of their
 * neighbours (only the changed row when the two are too close to both show). */
export function visibleRowLabels(touched, nRows, everyRow) {
  let marked = touched;
  if (touched.length === 2 && Math.abs(touched[0] - touched[1]) < everyRow) marked = [touched[1]];
  const named = new Set(marked);
  for (let i = 0; i < nRows; i += everyRow)
    if (marked.every((h) => Math.abs(h - i) >= everyRow)) named.add(i);
  return named;
}
