// Row reduction by hand (one widget model): the student picks rows and an operation, the
// browser applies it, keeps the list of operations (synced to Python as `ops`;
// RowReductionPractice.operations reads them as steps) and says what each one did.
import { parseMatrix } from "./arith.js";
import { announce, button, element, liveRegion, mount, srOnly } from "./common.js";
import {
  establishedPivots,
  feedback,
  isRref,
  leadingColumn,
  replayOperations,
} from "./reduction.js";
import { ADD, operationHtml, operationWords, SCALE, SWAP } from "./steps.js";
import { setLanguage, t } from "./strings.js";

/** The matrix as a table: column headers x1.. and b, a row-choosing button per row. */
function buildTable(nRows, nCols, n) {
  const table = element("table", { className: "lo-practice-matrix" });
  table.createCaption().textContent = t("practice.caption");
  const head = table.createTHead().insertRow();
  head.append(element("td"));
  for (let j = 0; j < nCols; j++) {
    const th = element("th", { text: j === n ? "b" : `x${j + 1}`, attrs: { scope: "col" } });
    if (j === n) th.className = "lo-bar";
    head.append(th);
  }
  const body = table.createTBody();
  const labels = [];
  const cells = [];
  for (let i = 0; i < nRows; i++) {
    const tr = body.insertRow();
    const th = element("th", { attrs: { scope: "row" } });
    const label = element("button", {
      className: "lo-row-button",
      text: `R${i + 1}`,
      attrs: { type: "button" },
    });
    label.dataset.loRow = String(i);
    label.append(srOnly(""));
    th.append(label);
    tr.append(th);
    labels.push(label);
    cells.push(Array.from({ length: nCols }, () => tr.insertCell()));
    cells[i].forEach((td, j) => {
      if (j === n) td.className = "lo-bar";
    });
  }
  return { table, labels, cells };
}

/** The operation buttons, the factor (mod p > 2), undo and start again. */
function buildControls(p) {
  const controls = element("div", { className: "lo-controls" });
  const buttons = {
    swap: button("swap", t("practice.swap"), t("practice.swapHelp")),
    add: button("add", t("practice.add"), t("practice.addHelp")),
    scale: button("scale", t("practice.scale"), t("practice.scaleHelp")),
    undo: button("undo", t("practice.undo"), t("practice.undoHelp"), true),
    reset: button("reset", t("practice.reset"), t("practice.resetHelp")),
  };
  const factorLabel = element("label", {
    className: "lo-factor-label",
    text: `${t("practice.factor")} `,
  });
  const factor = element("select", { className: "lo-factor" });
  for (let f = 1; f < Math.min(p, 50); f++) factor.append(new Option(String(f), String(f)));
  factorLabel.append(factor);
  const { swap, add, scale, undo, reset } = buttons;
  controls.append(swap, add, scale);
  if (p > 2) controls.append(factorLabel);
  else scale.hidden = true;
  controls.append(undo, reset);
  return { controls, buttons, factor };
}

function buildPractice(nRows, nCols, n, p) {
  const root = element("div", { className: "lo-widget lo-practice" });
  const table = buildTable(nRows, nCols, n);
  const controls = buildControls(p);
  const choice = element("div", { className: "lo-choice" });
  const status = element("div", { className: "lo-status" });
  const history = element("ol", {
    className: "lo-history",
    attrs: { "aria-label": t("practice.history") },
  });
  const live = liveRegion();
  root.append(table.table, choice, controls.controls, status, history, live);
  return { root, ...table, ...controls, choice, status, history, live };
}

/** The `index`-th operation of the history, numbered (on a slide only the last few show). */
function historyItem(op, index) {
  const li = element("li");
  li.value = index + 1;
  li.innerHTML = operationHtml(op);
  return li;
}

/** The prompt for what to choose next (Scale only where there is a Scale button: p > 2). */
function choiceHtml(selection, f, p) {
  const R = (i) => `R<sub>${i + 1}</sub>`;
  const { source, target } = selection;
  if (source < 0) return t("practice.chooseRow");
  if (target < 0)
    return t(p > 2 ? "practice.chosenOneOrScale" : "practice.chosenOne", { row: R(source) });
  const factor = f === 1 ? "" : `${f}\u2009`;
  return t("practice.chosenTwo", { source: R(source), target: R(target), factor });
}

function paintMatrix(ui, M, n) {
  const pivots = establishedPivots(M, n);
  M.forEach((row, i) => {
    row.forEach((v, j) => {
      const td = ui.cells[i][j];
      td.textContent = String(v);
      td.classList.toggle("lo-nz", v !== 0);
      td.classList.toggle(
        "lo-pivot",
        pivots.some(([r, c]) => r === i && c === j),
      );
    });
  });
}

function paintSelection(ui, selection) {
  ui.labels.forEach((label, i) => {
    const first = i === selection.source;
    const second = i === selection.target;
    label.classList.toggle("lo-source", first);
    label.classList.toggle("lo-target", second);
    label.lastChild.textContent = first ? t("practice.first") : second ? t("practice.second") : "";
    label.setAttribute("aria-pressed", String(first || second));
  });
}

/** Choosing rows: first the source, then the target; choosing again starts over. */
function pick(selection, i) {
  if (selection.source < 0 || selection.target >= 0)
    Object.assign(selection, { source: i, target: -1 });
  else if (i === selection.source) selection.source = -1;
  else selection.target = i;
}

/** The operation of `kind` on the chosen rows, or a sentence saying what is missing. */
function operationFor(kind, selection, M, n, f) {
  const { source, target } = selection;
  if (kind === SCALE && source < 0) return { warning: t("practice.chooseScale") };
  if (kind !== SCALE && (source < 0 || target < 0)) return { warning: t("practice.chooseTwo") };
  const col = leadingColumn(M[source], n);
  if (kind === SWAP) return { op: [SWAP, source, target, col, 1] };
  if (kind === ADD) return { op: [ADD, source, target, col, f] };
  return { op: [SCALE, source, source, col, f] };
}

/** What the widget knows: the start matrix, the modulus, the unknowns, the reference count. */
function practiceData(model) {
  return {
    start: parseMatrix(model.get("start")),
    p: model.get("modulus"),
    n: model.get("n_unknowns"),
    reference: model.get("reference_operations"),
  };
}

/** Draw the matrix, the selection, the prompt, the feedback and the list of operations. */
function paintPractice(ui, data, ops, selection, factor) {
  const { start, p, n, reference } = data;
  const M = replayOperations(start, ops, p);
  paintMatrix(ui, M, n);
  paintSelection(ui, selection);
  ui.choice.innerHTML = choiceHtml(selection, factor, p);
  ui.status.dataset.loRref = isRref(M, n) ? "1" : "0";
  const fb = feedback(start, ops, p, n, reference);
  ui.status.dataset.kind = fb.kind;
  ui.status.innerHTML = fb.text;
  ui.history.replaceChildren(...ops.map(historyItem));
  ui.buttons.undo.disabled = ui.buttons.reset.disabled = ops.length === 0;
}

/** Say a sentence (HTML tags dropped) in the live region. */
function say(ui, html) {
  announce(ui.live, html.replace(/<[^>]+>/g, ""));
}

/** The student's actions: choosing rows, an operation, undo and start again. */
function practiceActions(model, data, ui, selection, factor, paint) {
  const { start, p, n, reference } = data;
  const setOps = (ops, spoken) => {
    Object.assign(selection, { source: -1, target: -1 });
    const fb = feedback(start, ops, p, n, reference);
    model.set("ops", ops);
    model.set("message", fb.text);
    model.save_changes();
    say(ui, t("practice.said", { said: spoken, feedback: fb.text }));
  };
  return {
    pick(i) {
      pick(selection, i);
      paint();
      say(ui, ui.choice.innerHTML);
    },
    perform(kind) {
      const ops = model.get("ops");
      const M = replayOperations(start, ops, p);
      const { op, warning } = operationFor(kind, selection, M, n, factor());
      if (!warning)
        return setOps([...ops, op], t("practice.performed", { operation: operationWords(op) }));
      ui.status.dataset.kind = "warn";
      ui.status.innerHTML = warning;
      say(ui, warning);
    },
    undo: () => setOps(model.get("ops").slice(0, -1), t("practice.undone")),
    reset: () => setOps([], t("practice.restarted")),
  };
}

function render({ model, el }) {
  setLanguage(model.get("language"));
  const data = practiceData(model);
  const ui = buildPractice(data.start.length, data.start[0].length, data.n, data.p);
  const selection = { source: -1, target: -1 };
  const factor = () => (data.p > 2 ? Number(ui.factor.value) : 1);
  const paint = () => paintPractice(ui, data, model.get("ops"), selection, factor());
  const act = practiceActions(model, data, ui, selection, factor, paint);
  ui.labels.forEach((label, i) => {
    label.addEventListener("click", () => act.pick(i));
  });
  ui.buttons.swap.addEventListener("click", () => act.perform(SWAP));
  ui.buttons.add.addEventListener("click", () => act.perform(ADD));
  ui.buttons.scale.addEventListener("click", () => act.perform(SCALE));
  ui.buttons.undo.addEventListener("click", act.undo);
  ui.buttons.reset.addEventListener("click", act.reset);
  ui.factor.addEventListener("change", paint);
  model.on("change:ops", paint);
  paint();
  const unmount = mount(ui.root, el, model);
  return () => {
    model.off("change:ops", paint);
    unmount();
  };
}

export default { render };
