// The player's matrix: an SVG picture (pivots outlined, the rows of the last operation
// highlighted), and the same matrix as a table a screen reader can walk row by row.
import { element, svg } from "./common.js";
import { visibleRowLabels } from "./player_view.js";
import { t } from "./strings.js";

function gridLines(data, nRows, nCols) {
  const grid = svg("g", { class: "lo-gridlines" });
  for (let i = 0; i <= nRows; i++) grid.append(svg("line", { x1: 0, x2: nCols, y1: i, y2: i }));
  for (let j = 0; j <= nCols; j++) {
    const bar = j === data.n_unknowns && data.augmented;
    grid.append(svg("line", { x1: j, x2: j, y1: 0, y2: nRows, class: bar ? "lo-bar" : "" }));
  }
  return grid;
}

function rowLabels(nRows, layout) {
  return Array.from({ length: nRows }, (_, i) => {
    const attrs = { x: -0.25, y: i + 0.5, "text-anchor": "end", "dominant-baseline": "central" };
    const text = svg("text", { ...attrs, "font-size": layout.font, class: "lo-row-label" });
    text.textContent = `R${i + 1}`;
    return text;
  });
}

function columnLabels(data, nCols, layout) {
  const nA = data.n_unknowns;
  const labels = [];
  for (let j = 0; j < nCols; j++) {
    const isB = data.augmented && j === nA;
    const tooCloseToB = data.augmented && !isB && nA - j < layout.everyCol;
    if (!isB && (j % layout.everyCol !== 0 || tooCloseToB)) continue;
    const attrs = { x: j + 0.5, y: -0.35 * layout.font, "text-anchor": "middle" };
    const text = svg("text", { ...attrs, "font-size": layout.font, class: "lo-col-label" });
    text.textContent = isB ? "b" : `x${j + 1}`;
    labels.push(text);
  }
  return labels;
}

/** The SVG picture and its groups. */
function buildPicture(data, nRows, nCols, layout) {
  const { left, top } = layout;
  const picture = svg("svg", {
    class: "lo-player-matrix",
    viewBox: `${-left} ${-top} ${nCols + left + 0.2} ${nRows + top + 0.2}`,
    "aria-hidden": "true",
    focusable: "false",
  });
  const parts = {
    bands: svg("g", { class: "lo-bands" }),
    entries: svg("g", { class: "lo-entries" }),
    outlines: svg("g", { class: "lo-pivots" }),
    labels: svg("g", { class: "lo-labels" }),
  };
  const rows = rowLabels(nRows, layout);
  parts.labels.append(...rows, ...columnLabels(data, nCols, layout));
  picture.append(parts.bands, gridLines(data, nRows, nCols), parts.entries, parts.outlines);
  picture.append(parts.labels);
  const groups = Array.from({ length: nRows }, (_, i) => {
    const group = svg("g", { class: "lo-row" });
    group.dataset.r = String(i);
    return group;
  });
  parts.entries.append(...groups);
  return { picture, ...parts, rows, groups };
}

/** The table a screen reader walks: per row, its non-zero entries and its b. */
function buildTable(data, nRows) {
  const table = element("table", { className: "lo-sr-only lo-matrix-table" });
  const tableCaption = table.createCaption();
  const head = table.createTHead().insertRow();
  const headers = [t("player.tableRow"), t("player.tableEntries")];
  if (data.augmented) headers.push("b");
  for (const text of headers) head.append(element("th", { text, attrs: { scope: "col" } }));
  const body = table.createTBody();
  const cells = Array.from({ length: nRows }, (_, i) => {
    const tr = body.insertRow();
    tr.append(element("th", { text: `R${i + 1}`, attrs: { scope: "row" } }));
    return headers.slice(1).map(() => tr.insertCell());
  });
  return { table, tableCaption, cells };
}

function entryWords(values, data) {
  const n = data.n_unknowns;
  const nonzero = [];
  for (let j = 0; j < n; j++) {
    if (!values[j]) continue;
    nonzero.push(data.modulus === 2 ? `x${j + 1}` : `${values[j]} x${j + 1}`);
  }
  return nonzero.length ? nonzero.join(", ") : t("player.allZero");
}

/** The matrix view: build once, then `show` redraws only the rows whose values changed. */
export function matrixView(data, nRows, nCols, layout) {
  const picture = buildPicture(data, nRows, nCols, layout);
  const table = buildTable(data, nRows);
  const drawn = new Array(nRows).fill(null);
  const drawRow = (i, values) => {
    const key = values.join(",");
    if (drawn[i] === key) return;
    drawn[i] = key;
    const group = picture.groups[i];
    group.dataset.values = key;
    group.replaceChildren(...rowShapes(i, values, data, layout));
    const [entries, b] = table.cells[i];
    entries.textContent = entryWords(values, data);
    if (b) b.textContent = String(values[data.n_unknowns]);
  };
  const show = (k, matrix, touched, pivots) => {
    for (const [i, values] of matrix.entries()) drawRow(i, values);
    const band = (i) =>
      svg("rect", {
        x: -layout.left,
        y: i,
        width: nCols + layout.left,
        height: 1,
        class: "lo-band",
      });
    picture.bands.replaceChildren(...touched.map(band));
    const named = visibleRowLabels(touched, nRows, layout.everyRow);
    picture.rows.forEach((text, i) => {
      text.classList.toggle("lo-hl", touched.includes(i));
      text.setAttribute("visibility", named.has(i) ? "visible" : "hidden");
    });
    const outline = ([r, c]) =>
      svg("rect", { x: c + 0.08, y: r + 0.08, width: 0.84, height: 0.84, class: "lo-pivot" });
    picture.outlines.replaceChildren(...pivots.map(outline));
    picture.picture.dataset.loStep = String(k);
    table.tableCaption.textContent = t("player.matrixLabel", { k, n: data.steps.length });
  };
  const width = `${(nCols + layout.left) * layout.cell}em`;
  return { picture: picture.picture, table: table.table, show, width };
}

/** The shapes of one row: one path per value, and digits when k > 2 and there is room. */
function rowShapes(i, values, data, layout) {
  const byValue = new Map();
  values.forEach((v, j) => {
    if (!v) return;
    if (!byValue.has(v)) byValue.set(v, []);
    byValue.get(v).push(j);
  });
  const shapes = [];
  for (const [v, columns] of byValue) {
    const d = columns.map((j) => `M${j} ${i}h1v1h-1z`).join("");
    shapes.push(svg("path", { d, class: `lo-one lo-v${Math.min(v, 6)}` }));
    if (data.modulus <= 2 || !layout.digits) continue;
    for (const j of columns) {
      const digit = svg("text", {
        x: j + 0.5,
        y: i + 0.72,
        "text-anchor": "middle",
        "font-size": 0.6,
        class: "lo-digit",
      });
      digit.textContent = String(v);
      shapes.push(digit);
    }
  }
  return shapes;
}
