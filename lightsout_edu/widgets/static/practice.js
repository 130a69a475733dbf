// Row reduction by hand (one widget model): the student picks rows and an operation, the
// browser applies it, keeps the list of operations (synced to Python as `ops`; `RowReductionPractice.operations` reads them as steps) and
// says what each one did: a pivot destroyed, a pivot in the wrong column, a wasted move,
// reduced row echelon form reached, consistent or not.
import {
  ADD,
  SCALE,
  SWAP,
  applyStep,
  contradictionRows,
  establishedPivots,
  isRref,
  leadingColumn,
  operationHtml,
  parseMatrix,
} from "./common.js";

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
export function nextPivotColumn(M, t, n) {
  for (let j = 0; j < n; j++) for (let i = t; i < M.length; i++) if (M[i][j]) return j;
  return -1;
}

/**
 * Feedback on the last operation: {kind: "good" | "warn" | "done", text}.
 * `reference` is the number of operations of the recorded Gauss-Jordan elimination.
 */
export function feedback(start, operations, p, n, reference) {
  const M = replayOperations(start, operations, p);
  if (!operations.length) {
    return isRref(M, n)
      ? summary(M, 0, n, reference)
      : { kind: "good", text: "Pick two rows (click their labels: first the source, then the target) and an operation." };
  }
  const before = replayOperations(start, operations.slice(0, -1), p);
  const op = operations[operations.length - 1];
  const [kind, a, b, , factor] = op;
  const words = operationHtml(op);
  if (sameMatrix(before, M)) return { kind: "warn", text: `${words} changed nothing: a wasted operation.` };
  if (operations.length >= 2) {
    const earlier = replayOperations(start, operations.slice(0, -2), p);
    if (sameMatrix(earlier, M)) return { kind: "warn", text: `${words} undid the operation before it: two wasted operations.` };
  }
  const kept = establishedPivots(before, n);
  const lost = kept.filter(([r, c]) => M[r][c] !== 1 || M.some((row, i) => i !== r && row[c] !== 0));
  if (lost.length) {
    const [r, c] = lost[0];
    return { kind: "warn", text: `${words} destroyed the pivot in column ${c + 1} (row ${r + 1}): that column was already cleared. Take it back with Undo.` };
  }
  const source = kind === ADD ? a : kind === SWAP ? b : a;
  const t = kept.length;
  const due = nextPivotColumn(before, t, n);
  const used = leadingColumn(before[source], n);
  if (kind === ADD && due >= 0 && used > due && source >= t) {
    return { kind: "warn", text: `${words} works on column ${used + 1}, but the next pivot belongs in column ${due + 1}: the leftmost column with a non-zero entry in rows ${t + 1} to ${M.length}.` };
  }
  if (isRref(M, n)) return summary(M, operations.length, n, reference);
  const pivots = establishedPivots(M, n).length;
  const scaleNote = kind === SCALE ? ` (row ${a + 1} multiplied by ${factor})` : "";
  return { kind: "good", text: `${words}${scaleNote}. Pivots in place: ${pivots}. Next pivot column: ${nextPivotColumn(M, pivots, n) + 1 || "none"}.` };
}

function summary(M, used, n, reference) {
  const rank = establishedPivots(M, n).length;
  const bad = contradictionRows(M, n);
  const verdict = n === M[0].length ? "" : bad.length
    ? ` Row ${bad[0] + 1} reads 0 = ${M[bad[0]][n]}: the system has no solution.`
    : " No row reads 0 = 1: the system is consistent.";
  const count = ` You used ${used} operation${used === 1 ? "" : "s"}; the recorded Gauss-Jordan elimination uses ${reference}.`;
  return { kind: "done", text: `Reduced row echelon form reached, rank ${rank}.${verdict}${count}` };
}

function render({ model, el }) {
  const start = parseMatrix(model.get("start"));
  const p = model.get("modulus");
  const n = model.get("n_unknowns");
  const reference = model.get("reference_operations");
  const [nRows, nCols] = [start.length, start[0].length];
  let source = -1, target = -1;

  const root = document.createElement("div");
  root.className = "lo-widget lo-practice";
  root.style.fontSize = `${model.get("size")}em`;
  const table = document.createElement("table");
  table.className = "lo-practice-matrix";
  const head = table.createTHead().insertRow();
  head.append(document.createElement("th"));
  for (let j = 0; j < nCols; j++) {
    const th = document.createElement("th");
    th.textContent = j === n ? "b" : `x${j + 1}`;
    if (j === n) th.className = "lo-bar";
    head.append(th);
  }
  const body = table.createTBody();
  const labels = [], cells = [];
  for (let i = 0; i < nRows; i++) {
    const tr = body.insertRow();
    const th = document.createElement("th");
    const label = document.createElement("button");
    label.type = "button";
    label.className = "lo-row-button";
    label.dataset.loRow = String(i);
    label.textContent = `R${i + 1}`;
    label.addEventListener("click", () => pick(i));
    th.append(label);
    tr.append(th);
    labels.push(label);
    cells.push(Array.from({ length: nCols }, (_, j) => {
      const td = tr.insertCell();
      if (j === n) td.className = "lo-bar";
      return td;
    }));
  }
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
  const swap = make("swap", "Swap", "Swap the two chosen rows");
  const add = make("add", "Add", "Add (factor times) the first chosen row to the second");
  const scale = make("scale", "Scale", "Multiply the first chosen row by the factor");
  const factorBox = document.createElement("select");
  factorBox.className = "lo-factor";
  factorBox.setAttribute("aria-label", "Factor");
  for (let f = 1; f < Math.min(p, 50); f++) factorBox.append(new Option(`factor ${f}`, String(f)));
  if (p > 2) controls.append(factorBox);
  else scale.hidden = true;
  const undo = make("undo", "Undo", "Take back the last operation");
  const reset = make("reset", "Start again", "Undo every operation");
  const choice = document.createElement("div");
  choice.className = "lo-choice";
  const status = document.createElement("div");
  status.className = "lo-status";
  status.setAttribute("aria-live", "polite");
  const history = document.createElement("ol");
  history.className = "lo-history";
  root.append(table, choice, controls, status, history);
  el.append(root);

  function pick(i) {
    if (source < 0 || (source >= 0 && target >= 0)) { source = i; target = -1; }
    else if (i === source) source = -1;
    else target = i;
    paint();
  }

  function perform(kind) {
    const f = p > 2 ? Number(factorBox.value) : 1;
    if (kind === SCALE && source < 0) return message("warn", "Choose the row to scale: click its label.");
    if (kind !== SCALE && (source < 0 || target < 0)) return message("warn", "Choose two rows first: click the label of the source row, then of the target row.");
    const M = replayOperations(start, model.get("ops"), p);
    const col = leadingColumn(M[source], n);
    const op = kind === SWAP ? [SWAP, source, target, col, 1] : kind === ADD ? [ADD, source, target, col, f] : [SCALE, source, source, col, f];
    model.set("ops", [...model.get("ops"), op]);
    model.save_changes();
    source = target = -1;
  }

  function message(kind, text) {
    status.dataset.kind = kind;
    status.innerHTML = text;
  }

  function paint() {
    const ops = model.get("ops");
    const M = replayOperations(start, ops, p);
    const pivots = establishedPivots(M, n);
    M.forEach((row, i) => row.forEach((v, j) => {
      const td = cells[i][j];
      td.textContent = String(v);
      td.classList.toggle("lo-nz", v !== 0);
      td.classList.toggle("lo-pivot", pivots.some(([r, c]) => r === i && c === j));
    }));
    labels.forEach((label, i) => {
      label.classList.toggle("lo-source", i === source);
      label.classList.toggle("lo-target", i === target);
      const role = i === source ? " (chosen first)" : i === target ? " (chosen second)" : "";
      label.setAttribute("aria-label", `row ${i + 1}${role}`);
      label.setAttribute("aria-pressed", String(i === source || i === target));
    });
    const f = p > 2 ? Number(factorBox.value) : 1;
    const R = (i) => `R<sub>${i + 1}</sub>`;
    choice.innerHTML = source < 0 ? "Choose a row." : target < 0
      ? `Chosen: ${R(source)}. Now the second row (or Scale ${R(source)}).`
      : `Swap: ${R(source)} \u2194 ${R(target)}, or Add: ${R(target)} \u2190 ${R(target)} + ${f === 1 ? "" : `${f}\u2009`}${R(source)}`;
    const rref = isRref(M, n);
    status.dataset.loRref = rref ? "1" : "0";
    const fb = feedback(start, ops, p, n, reference);
    message(fb.kind, fb.text);
    history.replaceChildren(...ops.map((op) => { const li = document.createElement("li"); li.innerHTML = operationHtml(op); return li; }));
    undo.disabled = reset.disabled = ops.length === 0;
    if (model.get("message") !== fb.text) { model.set("message", fb.text); model.save_changes(); }
  }

  swap.addEventListener("click", () => perform(SWAP));
  add.addEventListener("click", () => perform(ADD));
  scale.addEventListener("click", () => perform(SCALE));
  factorBox.addEventListener("change", paint);
  undo.addEventListener("click", () => { model.set("ops", model.get("ops").slice(0, -1)); model.save_changes(); });
  reset.addEventListener("click", () => { model.set("ops", []); model.save_changes(); });
  model.on("change:ops", paint);
  model.on("change:size", () => { root.style.fontSize = `${model.get("size")}em`; });
  paint();
  return () => model.off("change:ops", paint);
}

export default { render };
