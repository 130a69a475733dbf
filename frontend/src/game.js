// The playable Lights Out board (one widget model). Presses, undo, hints, the solution, the
// quiet patterns and the proof of unsolvability all happen here, in the browser; with a
// kernel every change is also synced to Python (LightsOutGame.board, .presses, ...).
import { parseMatrix } from "./arith.js";
import {
  announce,
  button,
  element,
  liveRegion,
  mount,
  rovingFocus,
  setButtonLabel,
} from "./common.js";
import { cellName, gameView, hintCell, lightWords, MARK_GLYPH, quietText } from "./game_view.js";
import { dealBoard, nextSeed, parseSeed, pressCell, toSeed } from "./lights.js";
import { plural, setLanguage, t } from "./strings.js";

/** The solving data as the views use it (matrices parsed once). */
function gameData(solver) {
  const data = { ...solver };
  for (const key of ["U", "V", "quiet"]) data[key] = parseMatrix(solver[key]);
  data.game = {
    rows: data.rows,
    cols: data.cols,
    stencil: data.stencil,
    torus: data.torus,
    colors: data.modulus,
  };
  return data;
}

/** The board: an ARIA grid of rows of cells, each cell a button inside a gridcell. */
function buildBoard(data) {
  const grid = element("div", {
    className: "lo-grid",
    attrs: { role: "grid", "aria-label": t("game.board", { rows: data.rows, cols: data.cols }) },
  });
  const cells = [];
  for (let r = 0; r < data.rows; r++) {
    const row = element("div", { className: "lo-grid-row", attrs: { role: "row" } });
    for (let c = 0; c < data.cols; c++) {
      const gridcell = element("div", { className: "lo-gridcell", attrs: { role: "gridcell" } });
      const cell = element("button", { className: "lo-cell", attrs: { type: "button" } });
      cell.dataset.loCell = `${r},${c}`;
      cell.append(element("span", { className: "lo-cell-mark", attrs: { "aria-hidden": "true" } }));
      cell.append(
        element("span", { className: "lo-cell-quiet", attrs: { "aria-hidden": "true" } }),
      );
      gridcell.append(cell);
      row.append(gridcell);
      cells.push(cell);
    }
    grid.append(row);
  }
  const scroller = element("div", { className: "lo-grid-scroll" });
  scroller.append(grid);
  return { scroller, grid, cells };
}

/** The buttons under the board. */
function buildActions() {
  const actions = element("div", { className: "lo-controls" });
  const buttons = {
    undo: button("undo", t("game.undo"), t("game.undoHelp"), true),
    hint: button("hint", t("game.hintButton"), t("game.hintHelp")),
    solution: button("solution", t("game.showSolution"), t("game.solutionHelp")),
    quiet: button("quiet", t("game.showQuiet"), t("game.quietHelp")),
    nextQuiet: button("next-quiet", t("game.nextQuiet"), t("game.nextQuietHelp")),
  };
  actions.append(...Object.values(buttons));
  return { actions, buttons };
}

/** Dealing: New board, the seed box, "solvable only". */
function buildDeal() {
  const deal = element("div", { className: "lo-controls lo-deal" });
  const newBoard = button("new", t("game.newBoard"), t("game.newBoardHelp"), true);
  const seedLabel = element("label", { className: "lo-seed", text: `${t("game.seed")} ` });
  const seedBox = element("input", {
    attrs: {
      type: "text",
      inputmode: "numeric",
      autocomplete: "off",
      spellcheck: "false",
      placeholder: t("game.seedPlaceholder"),
    },
  });
  seedLabel.append(seedBox);
  const solvableLabel = element("label", { className: "lo-solvable" });
  const solvableBox = element("input", { attrs: { type: "checkbox" } });
  solvableLabel.append(solvableBox, ` ${t("game.solvableOnly")}`);
  deal.append(newBoard, seedLabel, solvableLabel);
  return { deal, newBoard, seedBox, solvableBox };
}

/** The key to the marks and colours. */
function buildLegend(data) {
  const legend = element("div", { className: "lo-legend", attrs: { "aria-hidden": "true" } });
  for (let v = 0; v < data.modulus; v++) {
    const item = element("span");
    item.append(
      element("i", { className: `lo-swatch lo-light-${v}` }),
      lightWords(v, data.modulus),
    );
    legend.append(item);
  }
  for (const mark of ["hint", "solution", "certificate", "quiet"])
    legend.append(element("span", { text: `${MARK_GLYPH[mark]} ${t(`game.legend.${mark}`)}` }));
  return legend;
}

/** Every part of the game's view, built once. */
function buildGame(data) {
  const root = element("div", { className: "lo-widget lo-game" });
  root.style.setProperty("--lo-cols", data.cols);
  root.style.setProperty("--lo-rows", data.rows);
  if (data.modulus > 2) root.classList.add("lo-many");
  const board = buildBoard(data);
  const { actions, buttons } = buildActions();
  const deal = buildDeal();
  const counter = element("div", { className: "lo-counter" });
  const message = element("div", { className: "lo-message" });
  const quietInfo = element("div", { className: "lo-quiet-info" });
  const live = liveRegion();
  root.append(board.scroller, actions, counter, message, quietInfo, deal.deal);
  root.append(buildLegend(data), live);
  return { root, ...board, buttons, ...deal, counter, message, quietInfo, live };
}

/** Draw one cell: its light, its mark and the quiet layer, and its spoken name. */
function paintCell(cell, i, value, view, data) {
  const mark = view.marks[i];
  const quiet = view.quiet[i];
  cell.dataset.loLit = String(value);
  cell.dataset.loMark = mark || (quiet ? "quiet" : "");
  cell.dataset.loQuiet = String(quiet);
  cell.className = `lo-cell lo-light-${value}`;
  const [markSpan, quietSpan] = cell.children;
  markSpan.textContent = view.digits[i] || MARK_GLYPH[mark] || "";
  markSpan.dataset.kind = mark;
  quietSpan.textContent = quiet
    ? quiet > 1
      ? `${MARK_GLYPH.quiet}${quiet}`
      : MARK_GLYPH.quiet
    : "";
  cell.setAttribute("aria-label", cellName(i, value, view, data));
}

/** The lines under the board and the state of the buttons. */
function paintStatus(ui, state, view, data) {
  const presses = state.history.length;
  ui.counter.dataset.loPresses = String(presses);
  ui.counter.textContent = t("game.counter", { count: presses });
  ui.message.innerHTML = view.message;
  ui.buttons.undo.disabled = presses === 0;
  setButtonLabel(
    ui.buttons.solution,
    t(state.showSolution ? "game.hideSolution" : "game.showSolution"),
  );
  setButtonLabel(ui.buttons.quiet, t(state.showQuiet ? "game.hideQuiet" : "game.showQuiet"));
  ui.buttons.nextQuiet.hidden = !(state.showQuiet && data.quiet.length > 1);
  const which =
    view.quietIndex >= 0
      ? t("game.quietWhich", { index: view.quietIndex + 1, count: data.quiet.length })
      : "";
  ui.quietInfo.textContent = state.showQuiet ? `${which}${quietText(data)}` : "";
  // a board given by the notebook (not dealt) has no seed to show
  if (document.activeElement !== ui.seedBox)
    ui.seedBox.value = state.dealt ? String(state.seed) : "";
  ui.solvableBox.checked = state.solvableOnly;
}

/** What the model holds now. */
function readState(model, local) {
  return {
    board: model.get("lights"),
    start: model.get("start"),
    history: model.get("history"),
    hint: model.get("hint_cell"),
    showSolution: model.get("show_solution"),
    showQuiet: model.get("show_quiet"),
    seed: toSeed(model.get("seed")),
    solvableOnly: model.get("solvable_only"),
    dealt: model.get("dealt") ?? true,
    quietIndex: local.quietIndex,
  };
}

function save(model, changes) {
  for (const [key, value] of Object.entries(changes)) model.set(key, value);
  model.save_changes();
}

/** The sentence said after a press (or a press taken back). */
function pressSentence(cell, board, data, undo) {
  const [r, c] = [Math.floor(cell / data.cols) + 1, (cell % data.cols) + 1];
  const lit = board.filter((v) => v).length;
  if (!lit) return t(undo ? "game.saidUndoSolved" : "game.saidSolved", { r, c });
  const lights = plural("game.lightsOn", lit);
  return t(undo ? "game.saidUndo" : "game.saidPress", { r, c, lights });
}

/** The actions of the game: each changes the model (and so the picture) and says what it did. */
function actionsOf(model, data, ui) {
  const game = data.game;
  const say = (text) => announce(ui.live, text);
  return {
    press(i) {
      const lights = pressCell(model.get("lights"), i, game);
      save(model, { lights, history: [...model.get("history"), i], hint_cell: -1 });
      say(pressSentence(i, lights, data, false));
    },
    undo() {
      const history = model.get("history");
      if (!history.length) return;
      const last = history[history.length - 1];
      const lights = pressCell(model.get("lights"), last, game, -1);
      save(model, { lights, history: history.slice(0, -1), hint_cell: -1 });
      say(pressSentence(last, lights, data, true));
    },
    deal(seed) {
      const board = dealBoard(seed, game, model.get("solvable_only"));
      const changes = { lights: board, start: board, history: [], hint_cell: -1 };
      save(model, { ...changes, seed: seed.toString(), show_solution: false, dealt: true });
      const lights = plural("game.lightsOn", board.filter((v) => v).length);
      say(t("game.saidDeal", { seed: seed.toString(), lights }));
    },
  };
}

/** Wire the buttons, the cells, the seed box and the checkbox to the actions. */
function wire(model, data, ui, act, local, repaint) {
  ui.cells.forEach((cell, i) => {
    cell.addEventListener("click", () => act.press(i));
  });
  ui.buttons.undo.addEventListener("click", () => act.undo());
  ui.buttons.hint.addEventListener("click", () => {
    save(model, { hint_cell: hintCell(model.get("lights"), data) });
    announce(ui.live, ui.message.textContent);
  });
  ui.buttons.solution.addEventListener("click", () => {
    save(model, { show_solution: !model.get("show_solution") });
    announce(ui.live, ui.message.textContent);
  });
  ui.buttons.quiet.addEventListener("click", () => {
    save(model, { show_quiet: !model.get("show_quiet") });
    announce(ui.live, ui.quietInfo.textContent);
  });
  ui.buttons.nextQuiet.addEventListener("click", () => {
    local.quietIndex += 1;
    repaint();
    announce(ui.live, ui.quietInfo.textContent);
  });
  ui.newBoard.addEventListener("click", () => act.deal(nextSeed(model.get("seed"))));
  ui.seedBox.addEventListener("change", () => {
    const seed = parseSeed(ui.seedBox.value);
    if (seed !== null) act.deal(seed);
    else {
      ui.seedBox.value = String(toSeed(model.get("seed")));
      announce(ui.live, t("game.badSeed"));
    }
  });
  ui.solvableBox.addEventListener("change", () =>
    save(model, { solvable_only: ui.solvableBox.checked }),
  );
}

const SYNCED = [
  "lights",
  "history",
  "hint_cell",
  "show_solution",
  "show_quiet",
  "seed",
  "solvable_only",
  "start",
  "dealt",
];

function render({ model, el }) {
  setLanguage(model.get("language"));
  const data = gameData(model.get("solver"));
  const ui = buildGame(data);
  const local = { quietIndex: 0 };
  const paint = () => {
    const state = readState(model, local);
    const view = gameView(state, data);
    state.board.forEach((value, i) => {
      paintCell(ui.cells[i], i, value, view, data);
    });
    paintStatus(ui, state, view, data);
  };
  rovingFocus(ui.grid, ui.cells, data.rows, data.cols);
  wire(model, data, ui, actionsOf(model, data, ui), local, paint);
  for (const name of SYNCED) model.on(`change:${name}`, paint);
  paint();
  const unmount = mount(ui.root, el, model);
  return () => {
    for (const name of SYNCED) model.off(`change:${name}`, paint);
    unmount();
  };
}

export default { render };
