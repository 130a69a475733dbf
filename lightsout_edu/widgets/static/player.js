// The elimination player (one widget model): the browser replays the recorded row
// operations itself (from checkpoints), draws the matrix as SVG and plays at the chosen
// speed. The position is the synced trait `step` (EliminationPlayer.step in Python).
import {
  LIGHT_COLORS,
  Replay,
  caption,
  explain,
  nextPivot,
  operationHtml,
  parseMatrix,
  pivotsAt,
  previousPivot,
  stepRows,
} from "./common.js";

const SVG = "http://www.w3.org/2000/svg";
const SPEEDS = [1, 2, 4, 8, 16, 32, 64];

function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  return node;
}

const LABEL_EM = 0.7; // labels keep this size (relative to the widget's font) at any matrix size

/** Every how many cells a label goes so that labels `width` cells long never touch. */
export function labelEvery(width) {
  for (const every of [1, 2, 5, 10, 20, 50, 100, 200, 500]) if (every >= width) return every;
  return 1000;
}

/** Presses x_c that are final at position k: pivot rows that no later step changes. */
export function knownPresses(k, matrix, data) {
  const n = data.n_unknowns;
  const x = new Array(n).fill(null);
  const end = k === data.steps.length;
  data.pivots.forEach(([row, col], i) => {
    if (col < n && data.found_at[i] <= k && data.final_at[row] <= k) x[col] = matrix[row][n];
  });
  if (end && data.consistent) x.forEach((v, j) => { if (v === null) x[j] = 0; });
  return x;
}

/** A small board view: a caption and one cell per board cell, built once; `fill` (below)
 * updates it in place, so a step re-lays out only the cells whose value changed. */
function boardTable(shape, className) {
  const [rows, cols] = shape;
  const wrap = document.createElement("figure");
  wrap.className = `lo-mini ${className}`;
  const caption = document.createElement("figcaption");
  const grid = document.createElement("div");
  grid.className = "lo-mini-grid";
  grid.style.gridTemplateColumns = `repeat(${cols}, 1fr)`;
  for (let i = 0; i < rows * cols; i++) {
    const cell = document.createElement("span");
    cell.className = "lo-mini-cell";
    grid.append(cell);
  }
  wrap.append(caption, grid);
  return wrap;
}

/** Show `values` (null: not known yet, shown as `unknownText`) in a board view. */
function fill(wrap, values, title, unknownText = "?") {
  const caption = wrap.firstChild;
  if (caption.textContent !== title) caption.textContent = title;
  const cols = Number(wrap.lastChild.style.gridTemplateColumns.match(/\d+/)[0]);
  const isBoard = wrap.classList.contains("lo-board-b");
  values.forEach((v, i) => {
    const cell = wrap.lastChild.children[i];
    const known = v !== null;
    const value = known ? String(v) : "";
    const text = isBoard || !known ? (known ? "" : unknownText) : v ? (v === 1 ? "\u25cf" : String(v)) : "";
    if (cell.dataset.loValue === value && cell.textContent === text && cell.dataset.loShown) return;
    cell.dataset.loShown = "1";
    cell.dataset.loValue = value;
    if (isBoard) cell.style.background = LIGHT_COLORS[v % LIGHT_COLORS.length];
    cell.textContent = text;
    cell.classList.toggle("lo-unknown", !known);
    cell.setAttribute("aria-label", `cell ${Math.floor(i / cols) + 1},${(i % cols) + 1}: ${known ? v : "not known yet"}`);
  });
}

function render({ model, el }) {
  const data = model.get("data");
  const start = parseMatrix(data.matrix);
  const replay = new Replay(start, data.steps, data.modulus);
  const nSteps = data.steps.length;
  const [nRows, nCols] = [start.length, start[0].length];
  const nA = data.n_unknowns;
  const cell = nCols > 60 ? 0.5 : nCols > 30 ? 0.9 : 1.35; // em per entry
  const font = LABEL_EM / cell; // label size in matrix cells
  const charWidth = 0.62 * font;
  const everyCol = labelEvery((1 + String(nCols).length) * charWidth + 0.3);
  const everyRow = labelEvery(1.15 * font);
  const left = (1 + String(nRows).length) * charWidth + 0.4, topPad = 1.35 * font;

  const root = document.createElement("div");
  root.className = "lo-widget lo-player";
  root.tabIndex = 0;
  root.setAttribute("role", "group");
  root.setAttribute("aria-label", "Gauss-Jordan elimination player: arrow keys step, Home and End jump, Page Up and Page Down go from pivot to pivot, space plays");
  root.style.fontSize = `${model.get("size")}em`;

  const controls = document.createElement("div");
  controls.className = "lo-controls";
  const make = (action, label, title) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = `lo-button lo-${action}`;
    b.dataset.loAction = action;
    b.textContent = label;
    b.title = title;
    b.setAttribute("aria-label", title);
    controls.append(b);
    return b;
  };
  const play = make("play", "\u25b6 Play", "Play or pause");
  const previous = make("previous-pivot", "\u23ee Pivot", "Jump to the previous pivot (Page Up)");
  const back = make("back", "\u25c0 Back", "One step back (left arrow)");
  const forward = make("forward", "Forward \u25b6", "One step forward (right arrow)");
  const next = make("next-pivot", "Pivot \u23ed", "Jump to the next pivot (Page Down)");
  const slider = document.createElement("input");
  slider.type = "range";
  slider.min = "0";
  slider.max = String(nSteps);
  slider.className = "lo-slider";
  slider.setAttribute("aria-label", "Position in the elimination");
  const speed = document.createElement("select");
  speed.className = "lo-speed";
  speed.setAttribute("aria-label", "Speed in steps per second");
  for (const s of SPEEDS) speed.append(new Option(`${s}/s`, String(s)));
  controls.append(slider, speed);

  const captionEl = document.createElement("div");
  captionEl.className = "lo-caption";
  captionEl.setAttribute("aria-live", "polite");
  const operation = document.createElement("div");
  operation.className = "lo-operation";
  const upcoming = document.createElement("div");
  upcoming.className = "lo-next";

  const picture = svg("svg", {
    class: "lo-player-matrix",
    viewBox: `${-left} ${-topPad} ${nCols + left + 0.2} ${nRows + topPad + 0.2}`,
    width: `${(nCols + left) * cell}em`,
    role: "img",
  });
  const bands = svg("g", { class: "lo-bands" });
  const grid = svg("g", { class: "lo-gridlines" });
  const entries = svg("g", { class: "lo-entries" });
  const outlines = svg("g", { class: "lo-pivots" });
  const labels = svg("g", { class: "lo-labels" });
  picture.append(bands, grid, entries, outlines, labels);
  for (let i = 0; i <= nRows; i++) grid.append(svg("line", { x1: 0, x2: nCols, y1: i, y2: i }));
  for (let j = 0; j <= nCols; j++) grid.append(svg("line", { x1: j, x2: j, y1: 0, y2: nRows, class: j === nA && data.augmented ? "lo-bar" : "" }));
  const rowLabels = [];
  for (let i = 0; i < nRows; i++) {
    const text = svg("text", { x: -0.25, y: i + 0.5, "text-anchor": "end", "dominant-baseline": "central", "font-size": font });
    text.textContent = `R${i + 1}`;
    text.classList.add("lo-row-label");
    labels.append(text);
    rowLabels.push(text);
  }
  for (let j = 0; j < nCols; j++) {
    const isB = data.augmented && j === nA;
    const tooCloseToB = data.augmented && !isB && nA - j < everyCol;
    if (!isB && (j % everyCol !== 0 || tooCloseToB)) continue;
    const text = svg("text", { x: j + 0.5, y: -0.35 * font, "text-anchor": "middle", "font-size": font, class: "lo-col-label" });
    text.textContent = data.augmented && j === nA ? "b" : `x${j + 1}`;
    labels.append(text);
  }
  const rowPaths = [];
  for (let i = 0; i < nRows; i++) {
    const group = svg("g", { class: "lo-row" });
    group.dataset.r = String(i);
    entries.append(group);
    rowPaths.push(group);
  }
  const boards = document.createElement("div");
  boards.className = "lo-boards";
  const body = document.createElement("div");
  body.className = "lo-player-body";
  const scroller = document.createElement("div");
  scroller.className = "lo-matrix-scroll";
  scroller.append(picture);
  body.append(scroller, boards);
  root.append(controls, captionEl, operation, upcoming, body);
  el.append(root);

  /** Row labels shown: every everyRow-th, and the rows of the current step in place of
   * their neighbours (only the changed row when the two are too close to both show). */
  function visibleRowLabels(touched) {
    let marked = touched;
    if (touched.length === 2 && Math.abs(touched[0] - touched[1]) < everyRow) marked = [touched[1]];
    const named = new Set(marked);
    for (let i = 0; i < nRows; i += everyRow) if (marked.every((h) => Math.abs(h - i) >= everyRow)) named.add(i);
    return named;
  }

  function drawRow(i, values) {
    const group = rowPaths[i];
    group.replaceChildren();
    group.dataset.values = values.join(",");
    const byValue = new Map();
    values.forEach((v, j) => { if (v) { if (!byValue.has(v)) byValue.set(v, []); byValue.get(v).push(j); } });
    for (const [v, columns] of byValue) {
      const path = svg("path", { d: columns.map((j) => `M${j} ${i}h1v1h-1z`).join(""), class: `lo-one lo-v${Math.min(v, 6)}` });
      group.append(path);
      if (data.modulus > 2 && cell >= 0.9)
        for (const j of columns) {
          const t = svg("text", { x: j + 0.5, y: i + 0.72, "text-anchor": "middle", "font-size": 0.6, class: "lo-digit" });
          t.textContent = String(v);
          group.append(t);
        }
    }
  }

  let shown = -1, timer = null;
  function show(k) {
    const matrix = replay.seek(k);
    const changed = shown < 0 || Math.abs(k - shown) !== 1 ? [...Array(nRows).keys()] : stepRows(data.steps[Math.min(k, shown)]);
    for (const i of changed) drawRow(i, matrix[i]);
    shown = k;
    root.dataset.loStep = String(k);
    picture.dataset.loStep = String(k);
    bands.replaceChildren();
    const touched = k > 0 ? stepRows(data.steps[k - 1]) : [];
    for (const i of touched) bands.append(svg("rect", { x: -left, y: i, width: nCols + left, height: 1, class: "lo-band" }));
    const named = visibleRowLabels(touched);
    rowLabels.forEach((t, i) => {
      t.classList.toggle("lo-hl", touched.includes(i));
      t.setAttribute("visibility", named.has(i) ? "visible" : "hidden");
    });
    outlines.replaceChildren(...pivotsAt(k, data).map(([r, c]) =>
      svg("rect", { x: c + 0.08, y: r + 0.08, width: 0.84, height: 0.84, class: "lo-pivot" })));
    captionEl.textContent = caption(k, data);
    operation.innerHTML = k > 0 ? operationHtml(data.steps[k - 1]) : "&nbsp;";
    upcoming.textContent = k < nSteps ? `Next: ${explain(data.steps[k], nA, data.modulus)}` : "(end of the elimination)";
    slider.value = String(k);
    back.disabled = previous.disabled = k === 0;
    forward.disabled = next.disabled = k === nSteps;
    picture.setAttribute("aria-label", `the matrix after ${k} of ${nSteps} row operations`);
    if (data.board_shape) drawBoards(k, matrix);
  }

  function drawBoards(k, matrix) {
    const shape = data.board_shape;
    const b = start.map((row) => row[nA]);
    const now = matrix.map((row) => row[nA]);
    const x = knownPresses(k, matrix, data);
    const end = k === nSteps;
    const title = end ? (data.consistent ? "A solution (free cells 0): press the dots" : "No solution: a row reads 0 = 1")
      : "Presses known so far (pivot rows that will not change again)";
    if (!boards.firstChild)
      boards.append(boardTable(shape, "lo-board-b"), boardTable(shape, "lo-board-rhs"), boardTable(shape, "lo-board-x"));
    const [bView, rhsView, xView] = boards.children;
    fill(bView, b, "The board b");
    fill(rhsView, now, "Right-hand side as it stands (entry of row i on cell i)");
    fill(xView, end && !data.consistent ? x.map(() => null) : x, title, end ? "" : "?");
  }

  function go(k) {
    const target = Math.max(0, Math.min(nSteps, k));
    if (target !== model.get("step")) { model.set("step", target); model.save_changes(); }
    else show(target);
  }
  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = "\u25b6 Play";
    play.setAttribute("aria-pressed", "false");
  }
  function startPlaying() {
    if (model.get("step") >= nSteps) go(0);
    play.textContent = "\u23f8 Pause";
    play.setAttribute("aria-pressed", "true");
    timer = setInterval(() => {
      const k = model.get("step");
      if (k >= nSteps) stop();
      else go(k + 1);
    }, 1000 / model.get("speed"));
  }
  play.addEventListener("click", () => (timer === null ? startPlaying() : stop()));
  forward.addEventListener("click", () => go(model.get("step") + 1));
  back.addEventListener("click", () => go(model.get("step") - 1));
  next.addEventListener("click", () => go(nextPivot(model.get("step"), data.pivot_starts, nSteps)));
  previous.addEventListener("click", () => go(previousPivot(model.get("step"), data.pivot_starts)));
  slider.addEventListener("input", () => go(Number(slider.value)));
  speed.value = String(model.get("speed"));
  speed.addEventListener("change", () => {
    model.set("speed", Number(speed.value));
    model.save_changes();
    if (timer !== null) { stop(); startPlaying(); }
  });
  root.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const k = model.get("step");
    const keys = {
      ArrowRight: () => go(k + 1), ArrowLeft: () => go(k - 1), Home: () => go(0), End: () => go(nSteps),
      PageDown: () => go(nextPivot(k, data.pivot_starts, nSteps)), PageUp: () => go(previousPivot(k, data.pivot_starts)),
      " ": () => play.click(),
    };
    if (event.key in keys) { keys[event.key](); event.preventDefault(); }
  });
  const onStep = () => show(model.get("step"));
  const onSize = () => { root.style.fontSize = `${model.get("size")}em`; };
  const onSpeed = () => { speed.value = String(model.get("speed")); };
  model.on("change:step", onStep);
  model.on("change:size", onSize);
  model.on("change:speed", onSpeed);
  show(model.get("step"));
  return () => { stop(); model.off("change:step", onStep); model.off("change:size", onSize); model.off("change:speed", onSpeed); };
}

export default { render };
