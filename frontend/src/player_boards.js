// The player's three small board views for a Lights Out system [A | b]: the board b, the
// right-hand side as it stands, and the presses already known. Built once, updated in place.
import { element } from "./common.js";
import { knownPresses } from "./player_view.js";
import { t } from "./strings.js";

/** A small board view: a caption and one cell per board cell. */
function boardFigure(shape, kind) {
  const [rows, cols] = shape;
  const figure = element("figure", { className: `lo-mini lo-board-${kind}` });
  figure.style.setProperty("--lo-mini-cols", String(cols));
  const grid = element("div", { className: "lo-mini-grid", attrs: { role: "img" } });
  for (let i = 0; i < rows * cols; i++) grid.append(element("span", { className: "lo-mini-cell" }));
  figure.append(element("figcaption"), grid);
  return { figure, caption: figure.firstChild, grid, cols };
}

function cellText(kind, value) {
  if (value === null) return null;
  if (kind === "b") return "";
  return value ? (value === 1 ? "\u25cf" : String(value)) : "";
}

/** Show `values` (null: not known yet, shown as `unknown`) in a board view. */
function fill(view, kind, values, title, unknown) {
  if (view.caption.textContent !== title) view.caption.textContent = title;
  const words = [];
  values.forEach((v, i) => {
    const cell = view.grid.children[i];
    const known = v !== null;
    const value = known ? String(v) : "";
    const text = known ? cellText(kind, v) : unknown;
    words.push(known ? value : t("player.unknown"));
    if (cell.dataset.loValue === value && cell.textContent === text && cell.dataset.loShown) return;
    cell.dataset.loShown = "1";
    cell.dataset.loValue = value;
    cell.textContent = text;
    cell.className = known ? `lo-mini-cell lo-light-${v}` : "lo-mini-cell lo-unknown";
  });
  const rows = [];
  for (let i = 0; i < values.length; i += view.cols)
    rows.push(words.slice(i, i + view.cols).join(" "));
  view.grid.setAttribute("aria-label", t("player.boardValues", { title, rows: rows.join("; ") }));
}

/** The three views, and `show(k, matrix)` that brings them to position k. */
export function boardViews(data, start) {
  const shape = data.board_shape;
  const nA = data.n_unknowns;
  const container = element("div", { className: "lo-boards" });
  const views = {
    b: boardFigure(shape, "b"),
    rhs: boardFigure(shape, "rhs"),
    x: boardFigure(shape, "x"),
  };
  container.append(views.b.figure, views.rhs.figure, views.x.figure);
  const b = start.map((row) => row[nA]);
  const show = (k, matrix) => {
    const end = k === data.steps.length;
    const x = knownPresses(k, matrix, data);
    let title = t("player.knownSoFar");
    if (end) title = data.consistent ? t("player.aSolution") : t("player.noSolution");
    fill(views.b, "b", b, t("player.theBoard"), "?");
    fill(
      views.rhs,
      "rhs",
      matrix.map((row) => row[nA]),
      t("player.rhsNow"),
      "?",
    );
    fill(views.x, "x", end && !data.consistent ? x.map(() => null) : x, title, end ? "" : "?");
  };
  return { container, show };
}
