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

/** Labels keep this size (relative to the widget's font) at any matrix size; on a slide, the
 * size of the widget's smallest text (read from the back row). */
const LABEL_EM = 0.7;
const SLIDE_LABEL_EM = 0.9;
/** The smallest digit drawn in an entry (k > 2), in em; smaller entries show colour only. */
const DIGIT_EM = 0.54;
/** On a slide the matrix fits this box, in em: the slide less the controls above it and the
 * board views beside it (widgets.css lays them out). */
const SLIDE_MATRIX_EM = { height: 21.5, width: 26 };

/** Em per entry: by the number of columns, and on a slide small enough for the matrix, its
 * labels and all, to fit the slide's box. */
function cellSize(nRows, nCols, onSlide) {
  const cell = nCols > 60 ? 0.5 : nCols > 30 ? 0.9 : 1.35;
  if (!onSlide) return cell;
  const labels = (1 + String(nRows).length) * 0.62 * SLIDE_LABEL_EM;
  const high = (SLIDE_MATRIX_EM.height - 1.35 * SLIDE_LABEL_EM) / (nRows + 0.2);
  const wide = (SLIDE_MATRIX_EM.width - labels) / (nCols + 0.6);
  return Math.min(cell, high, wide);
}

/** The geometry of the matrix picture, in matrix cells, for an nRows x nCols matrix (on a
 * slide: `onSlide`). */
export function matrixLayout(nRows, nCols, onSlide = false) {
  const cell = cellSize(nRows, nCols, onSlide); // em per entry
  const labelEm = onSlide ? SLIDE_LABEL_EM : LABEL_EM;
  const font = labelEm / cell; // label size in matrix cells
  const charWidth = 0.62 * font;
  return {
    cell,
    font,
    digits: 0.6 * cell >= (onSlide ? SLIDE_LABEL_EM : DIGIT_EM),
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
