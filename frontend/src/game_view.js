// What the game shows for a state: a mark on each cell (hint, solution, proof), the quiet
// pattern on its own layer, the sentence under the board, and each cell's spoken name.
import { dot, inverse, mod, total } from "./arith.js";
import { fewestPresses, solveBoard } from "./lights.js";
import { plural, t } from "./strings.js";

/** The glyph of each mark, in the sentences as on the cells. */
export const MARK_GLYPH = {
  hint: "\u2605",
  solution: "\u25cf",
  certificate: "\u2715",
  quiet: "\u25c6",
};

/** The certificate, scaled so that the weighted sum of the board is 1 when k is prime. */
export function proof(y, board, data) {
  const k = data.modulus;
  if (!data.field) return y;
  const scale = inverse(dot(y, board, k), k);
  return y.map((w) => mod(w * scale, k));
}

/** Presses of the fewest-press solution of a board (null when unsolvable or unknown). */
export function fewestOf(board, data) {
  const solved = solveBoard(board, data);
  if (!solved.x) return null;
  const best = fewestPresses(solved, data.modulus);
  return best ? total(best) : null;
}

/** The hint: the first cell (row-major) of the fewest-press solution, or -1. */
export function hintCell(board, data) {
  const solved = solveBoard(board, data);
  if (!solved.x) return -1;
  const best = fewestPresses(solved, data.modulus) || solved.x;
  return best.findIndex((v) => v > 0);
}

/** The sentence about the quiet patterns of this board size. */
export function quietText(data) {
  const d = data.quiet.length;
  const k = data.modulus;
  if (!d) return t("game.quietNone");
  const count = data.orders.reduce((p, o) => p * o, 1);
  return t(data.field ? "game.quietField" : "game.quietRing", { d, k, count });
}

function solvedMessage(state, data) {
  const fewest = fewestOf(state.start, data);
  const best = fewest === null ? "" : t("game.fewestWas", { fewest });
  return t("game.solved", { presses: plural("game.presses", state.history.length), best });
}

function certificateView(view, certificate, board, data) {
  const k = data.modulus;
  const y = proof(certificate, board, data);
  y.forEach((w, i) => {
    if (!w) return;
    view.marks[i] = "certificate";
    if (k !== 2) view.digits[i] = String(w);
  });
  const sum = mod(
    y.reduce((s, w, i) => s + w * board[i], 0),
    k,
  );
  view.message = k === 2 ? t("game.noSolution2", { sum }) : t("game.noSolutionK", { sum, k });
}

function solutionView(view, solved, data) {
  const shown = view.fewest || solved.x;
  shown.forEach((count, i) => {
    if (!count) return;
    view.marks[i] = "solution";
    if (count > 1) view.digits[i] = String(count);
  });
  const presses = plural("game.presses", total(shown));
  const which = view.fewest ? t("game.fewestPossible") : t("game.aSolution");
  const cells = shown.filter((v) => v).length;
  view.message =
    data.modulus === 2
      ? t("game.pressMarked2", { cells: plural("game.cells", cells), presses, which })
      : t("game.pressMarkedK", { presses, which });
}

function quietLayer(view, state, data) {
  if (!state.showQuiet || !data.quiet.length) return;
  view.quietIndex = state.quietIndex % data.quiet.length;
  view.quiet = data.quiet[view.quietIndex].slice();
}

function hintView(view, cell, data) {
  view.marks[cell] = "hint";
  view.digits[cell] = "";
  const [r, c] = [Math.floor(cell / data.cols) + 1, (cell % data.cols) + 1];
  view.message = t("game.hint", { r, c });
}

/** What the board looks like now: marks on cells, the quiet layer, and the sentence. */
export function gameView(state, data) {
  const n = state.board.length;
  const solved = solveBoard(state.board, data);
  const view = {
    marks: new Array(n).fill(""),
    digits: new Array(n).fill(""),
    quiet: new Array(n).fill(0),
    quietIndex: -1,
    message: "",
    solved,
    fewest: solved.x ? fewestPresses(solved, data.modulus) : null,
  };
  const lit = state.board.some((v) => v);
  if (!lit) view.message = solvedMessage(state, data);
  else if (solved.certificate) certificateView(view, solved.certificate, state.board, data);
  if (lit && solved.x && state.showSolution) solutionView(view, solved, data);
  quietLayer(view, state, data);
  // the solution, when shown, includes the hint
  if (state.hint >= 0 && lit && !state.showSolution) hintView(view, state.hint, data);
  return view;
}

/** A light in words: "off", "on", or "colour 2". */
export function lightWords(value, k) {
  if (value === 0) return t("game.off");
  return k === 2 ? t("game.on") : t("game.colour", { value });
}

/** The spoken name of cell i: where it is, its light, and what is marked on it. */
export function cellName(i, value, view, data) {
  const [r, c] = [Math.floor(i / data.cols) + 1, (i % data.cols) + 1];
  const parts = [t("game.cellPlace", { r, c }), lightWords(value, data.modulus)];
  const mark = view.marks[i];
  if (mark) parts.push(plural(`game.mark.${mark}`, Number(view.digits[i] || 1)));
  if (view.quiet[i]) parts.push(plural("game.mark.quiet", view.quiet[i]));
  return parts.join(t("game.nameSeparator"));
}
