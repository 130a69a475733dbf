// The playable Lights Out board (one widget model). Presses, undo, hints, the solution, the
// quiet patterns and the proof of unsolvability all happen here, in the browser; with a
// kernel every change is also synced to Python (LightsOutGame.board, .presses, ...).
import {
  LIGHT_COLORS,
  dealBoard,
  fewestPresses,
  inverse,
  mod,
  parseMatrix,
  pressCell,
  solveBoard,
} from "./common.js";

const MARK_TEXT = { hint: "\u2605", solution: "\u25cf", certificate: "\u2715", quiet: "\u25c6" };

function plural(count, one, many) {
  return count === 1 ? one : many;
}

/** What the board looks like now: marks on cells, and the sentence under it. */
export function gameView(state, data) {
  const { board, history, hint, showSolution, showQuiet, quietIndex, start } = state;
  const k = data.modulus, n = board.length;
  const marks = new Array(n).fill("");
  const digits = new Array(n).fill("");
  const solved = solveBoard(board, data);
  let message = "";
  const lit = board.some((v) => v);
  const startFewest = fewestOf(start, data);
  if (!lit) {
    const best = startFewest === null ? "" : ` (the fewest possible was ${startFewest})`;
    message = `<b>Solved!</b> All lights are off after ${history.length} ${plural(history.length, "press", "presses")}${best}.`;
  } else if (solved.certificate) {
    const y = proof(solved.certificate, board, data);
    y.forEach((w, i) => { if (w) { marks[i] = "certificate"; if (k !== 2) digits[i] = String(w); } });
    const total = y.reduce((s, w, i) => s + w * board[i], 0) % k;
    message = k === 2
      ? `<b>This board has no solution.</b> Look at the cells marked \u2715: every press toggles an even number of them, so the number of lit \u2715 cells only ever changes by an even number. It is odd now (${total}), so it can never become 0.`
      : `<b>This board has no solution.</b> Multiply each light by the number marked on its cell and add up: every press changes this weighted sum by a multiple of ${k}, but it is ${total} (mod ${k}) now, so it can never become 0.`;
  }
  const fewest = solved.x ? fewestPresses(solved, k) : null;
  if (lit && solved.x && showSolution) {
    const shown = fewest || solved.x;
    shown.forEach((count, i) => { if (count) { marks[i] = "solution"; if (count > 1) digits[i] = String(count); } });
    const total = shown.reduce((s, v) => s + v, 0);
    const cells = shown.filter((v) => v).length;
    const which = fewest ? "the fewest possible" : "a solution (too many solutions to search for the fewest here)";
    message = k === 2
      ? `Press the ${cells === 1 ? "cell" : `${cells} cells`} marked \u25cf: ${total} ${plural(total, "press", "presses")}, ${which}.`
      : `Press each cell marked \u25cf once and each cell marked with a digit that many times: ${total} ${plural(total, "press", "presses")}, ${which}.`;
  }
  if (showQuiet && data.quiet.length) {
    const pattern = data.quiet[quietIndex % data.quiet.length];
    pattern.forEach((count, i) => {
      if (count && !marks[i]) { marks[i] = "quiet"; if (count > 1) digits[i] = String(count); }
    });
  }
  if (hint >= 0 && lit && !showSolution) { // the solution, when shown, includes the hint
    marks[hint] = "hint";
    digits[hint] = "";
    const r = Math.floor(hint / data.cols), c = hint % data.cols;
    message = `Hint: press the cell marked \u2605 (row ${r + 1}, column ${c + 1}).`;
  }
  return { marks, digits, message, solved, fewest };
}

/** The certificate, scaled so that the weighted sum of the board is 1 when k is prime. */
export function proof(y, board, data) {
  const k = data.modulus;
  if (!data.field) return y;
  const dot = mod(y.reduce((s, w, i) => s + w * board[i], 0), k);
  const scale = inverse(dot, k);
  return y.map((w) => mod(w * scale, k));
}

/** Presses of the fewest-press solution of a board (null when unsolvable or unknown). */
export function fewestOf(board, data) {
  const solved = solveBoard(board, data);
  if (!solved.x) return null;
  const best = fewestPresses(solved, data.modulus);
  return best ? best.reduce((s, v) => s + v, 0) : null;
}

/** The hint: the first cell (row-major) of the fewest-press solution, or -1. */
export function hintCell(board, data) {
  const solved = solveBoard(board, data);
  if (!solved.x) return -1;
  const best = fewestPresses(solved, data.modulus) || solved.x;
  return best.findIndex((v) => v > 0);
}

function button(action, label, title) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `lo-button lo-${action}`;
  b.dataset.loAction = action;
  b.textContent = label;
  b.title = title;
  b.setAttribute("aria-label", title);
  return b;
}

function quietText(data) {
  const d = data.quiet.length, k = data.modulus;
  if (!d) return "No quiet patterns: the toggle matrix is invertible, so every board has exactly one solution.";
  const count = data.orders.reduce((p, o) => p * o, 1);
  return data.field
    ? `Pressing every \u25c6 cell of a quiet pattern changes no light (a cell marked 2 is pressed twice). There are ${d} independent ones, so every solvable board has ${k}^${d} = ${count} solutions.`
    : `Pressing the \u25c6 cells (a digit: that many times) changes no light. With ${k} colours these ${d} patterns generate all ${count} quiet patterns: every solvable board has ${count} solutions.`;
}

function render({ model, el }) {
  const data = model.get("solver");
  const game = { rows: data.rows, cols: data.cols, stencil: data.stencil, torus: data.torus, colors: data.modulus };
  data.U = parseMatrix(data.U);
  data.V = parseMatrix(data.V);
  data.quiet = parseMatrix(data.quiet);
  const n = data.rows * data.cols;
  let quietIndex = 0;

  const root = document.createElement("div");
  root.className = "lo-widget lo-game";
  root.style.setProperty("--lo-cols", data.cols);
  root.style.fontSize = `${model.get("size")}em`;
  const top = document.createElement("div");
  top.className = "lo-controls";
  const newBoard = button("new", "New board", "Deal a new random board");
  const seedLabel = document.createElement("label");
  seedLabel.className = "lo-seed";
  seedLabel.textContent = "Seed ";
  const seedBox = document.createElement("input");
  seedBox.type = "number";
  seedBox.min = "0";
  seedBox.setAttribute("aria-label", "Seed of the board");
  seedLabel.append(seedBox);
  const solvableLabel = document.createElement("label");
  const solvableBox = document.createElement("input");
  solvableBox.type = "checkbox";
  solvableLabel.append(solvableBox, " solvable only");
  top.append(newBoard, seedLabel, solvableLabel);

  const grid = document.createElement("div");
  grid.className = "lo-grid";
  grid.setAttribute("role", "grid");
  grid.setAttribute("aria-label", `Lights Out board, ${data.rows} by ${data.cols}`);
  const cells = [];
  for (let i = 0; i < n; i++) {
    const cell = document.createElement("button");
    cell.type = "button";
    cell.className = "lo-cell";
    const r = Math.floor(i / data.cols), c = i % data.cols;
    cell.dataset.loCell = `${r},${c}`;
    cell.addEventListener("click", () => press(i));
    cells.push(cell);
    grid.append(cell);
  }

  const actions = document.createElement("div");
  actions.className = "lo-controls";
  const undo = button("undo", "Undo", "Take back the last press");
  const hint = button("hint", "Hint", "Mark one press of a fewest-presses solution");
  const solution = button("solution", "Show solution", "Mark the cells of a fewest-presses solution");
  const quiet = button("quiet", "Quiet patterns", "Show the press patterns that change no light");
  const nextQuiet = button("next-quiet", "Next pattern", "Show the next quiet pattern");
  actions.append(undo, hint, solution, quiet, nextQuiet);
  const counter = document.createElement("div");
  counter.className = "lo-counter";
  const message = document.createElement("div");
  message.className = "lo-message";
  message.setAttribute("aria-live", "polite");
  const quietInfo = document.createElement("div");
  quietInfo.className = "lo-quiet-info";
  const legend = document.createElement("div");
  legend.className = "lo-legend";
  const swatches = LIGHT_COLORS.slice(0, data.modulus).map((color, v) =>
    `<span><i class="lo-swatch" style="background:${color}"></i>${v === 0 ? "off" : data.modulus === 2 ? "on" : `colour ${v}`}</span>`).join("");
  legend.innerHTML = `${swatches}<span>\u2605 hint</span><span>\u25cf press</span><span>\u2715 proof</span><span>\u25c6 quiet</span>`;
  root.append(top, grid, actions, counter, message, quietInfo, legend);
  el.append(root);

  function state() {
    return {
      board: model.get("lights"), history: model.get("history"), hint: model.get("hint_cell"),
      showSolution: model.get("show_solution"), showQuiet: model.get("show_quiet"),
      quietIndex, start: model.get("start"),
    };
  }

  function save(changes) {
    for (const [key, value] of Object.entries(changes)) model.set(key, value);
    model.save_changes();
  }

  function press(i) {
    save({ lights: pressCell(model.get("lights"), i, game), history: [...model.get("history"), i], hint_cell: -1 });
  }

  function paint() {
    const s = state();
    const view = gameView(s, data);
    s.board.forEach((v, i) => {
      const cell = cells[i];
      cell.dataset.loLit = String(v);
      cell.dataset.loMark = view.marks[i];
      cell.style.background = LIGHT_COLORS[v % LIGHT_COLORS.length];
      cell.textContent = view.digits[i] || MARK_TEXT[view.marks[i]] || "";
      const r = Math.floor(i / data.cols) + 1, c = (i % data.cols) + 1;
      const light = v === 0 ? "off" : data.modulus === 2 ? "on" : `colour ${v}`;
      const mark = view.marks[i] ? `, marked ${view.marks[i]}${view.digits[i] ? ` ${view.digits[i]}` : ""}` : "";
      cell.setAttribute("aria-label", `row ${r}, column ${c}: ${light}${mark}`);
    });
    const presses = s.history.length;
    counter.dataset.loPresses = String(presses);
    counter.textContent = `Presses: ${presses}`;
    message.innerHTML = view.message;
    undo.disabled = presses === 0;
    solution.setAttribute("aria-pressed", String(s.showSolution));
    solution.textContent = s.showSolution ? "Hide solution" : "Show solution";
    quiet.setAttribute("aria-pressed", String(s.showQuiet));
    nextQuiet.hidden = !(s.showQuiet && data.quiet.length > 1);
    quietInfo.textContent = s.showQuiet
      ? `${data.quiet.length ? `Quiet pattern ${(quietIndex % data.quiet.length) + 1} of ${data.quiet.length}. ` : ""}${quietText(data)}`
      : "";
    seedBox.value = String(model.get("seed"));
    solvableBox.checked = model.get("solvable_only");
  }

  undo.addEventListener("click", () => {
    const history = model.get("history");
    if (!history.length) return;
    const last = history[history.length - 1];
    save({ lights: pressCell(model.get("lights"), last, game, -1), history: history.slice(0, -1), hint_cell: -1 });
  });
  hint.addEventListener("click", () => save({ hint_cell: hintCell(model.get("lights"), data) }));
  solution.addEventListener("click", () => save({ show_solution: !model.get("show_solution") }));
  quiet.addEventListener("click", () => save({ show_quiet: !model.get("show_quiet") }));
  nextQuiet.addEventListener("click", () => { quietIndex += 1; paint(); });
  function deal(seed) {
    const board = dealBoard(seed, game, model.get("solvable_only"));
    save({ seed, lights: board, start: board, history: [], hint_cell: -1, show_solution: false });
  }
  newBoard.addEventListener("click", () => deal(model.get("seed") + 1));
  seedBox.addEventListener("change", () => {
    const seed = Number.parseInt(seedBox.value, 10);
    if (Number.isInteger(seed) && seed >= 0) deal(seed);
    else seedBox.value = String(model.get("seed"));
  });
  solvableBox.addEventListener("change", () => save({ solvable_only: solvableBox.checked }));
  grid.addEventListener("keydown", (event) => {
    const index = cells.indexOf(document.activeElement);
    if (index < 0) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -data.cols, ArrowDown: data.cols };
    if (event.key in moves) {
      const next = index + moves[event.key];
      if (next >= 0 && next < n) cells[next].focus();
      event.preventDefault();
    }
  });
  const names = ["lights", "history", "hint_cell", "show_solution", "show_quiet", "seed", "solvable_only", "start"];
  for (const name of names) model.on(`change:${name}`, paint);
  model.on("change:size", () => { root.style.fontSize = `${model.get("size")}em`; });
  paint();
  return () => { for (const name of names) model.off(`change:${name}`, paint); };
}

export default { render };
