// A quick question (one widget model): the options as a radio group, a Check button and the
// verdict in a polite live region. The answer and the feedback for each option are in the
// model, so the browser checks a choice without a kernel (the course site, the slides); the
// checked choice goes back to Python as `chosen`.
import { announce, button, element, mount } from "./common.js";
import { setLanguage, t } from "./strings.js";

let questions = 0; // distinct ids for the radio groups of the questions on one page

/** The small matrix of the question, as a table of digits with row and column headers. */
function matrixTable(rows) {
  const table = element("table", { className: "lo-question-matrix" });
  const head = table.createTHead().insertRow();
  head.append(element("td"));
  for (let j = 0; j < rows[0].length; j++) {
    head.append(element("th", { text: String(j + 1), attrs: { scope: "col" } }));
  }
  const body = table.createTBody();
  rows.forEach((digits, i) => {
    const tr = body.insertRow();
    tr.append(element("th", { text: String(i + 1), attrs: { scope: "row" } }));
    for (const digit of digits) tr.insertCell().textContent = digit;
  });
  return table;
}

/** The question: a fieldset whose legend is the prompt, one labelled radio per option. */
function buildQuestion(model) {
  const id = `lo-question-${++questions}`;
  const root = element("div", { className: "lo-widget lo-question" });
  const form = element("fieldset", { className: "lo-question-options" });
  form.append(element("legend", { text: model.get("prompt") }));
  const rows = model.get("matrix");
  if (rows.length) form.append(matrixTable(rows));
  const radios = model.get("options").map((text, i) => {
    const label = element("label", { className: "lo-option" });
    const radio = element("input", {
      attrs: { type: "radio", name: id, value: String(i) },
    });
    label.append(radio, element("span", { text }));
    form.append(label);
    return radio;
  });
  const controls = element("div", { className: "lo-controls" });
  const check = button("check", t("question.check"), t("question.checkHelp"));
  controls.append(check);
  const verdict = element("p", {
    className: "lo-verdict",
    attrs: { role: "status", "aria-live": "polite", "aria-atomic": "true" },
  });
  root.append(form, controls, verdict);
  return { root, radios, check, verdict };
}

/** The verdict for option `chosen` (-1: none): its words and its kind (right, wrong, none). */
export function verdictOf(model, chosen) {
  if (chosen < 0) return { text: t("question.pick"), kind: "none" };
  const right = chosen === model.get("answer");
  const head = right ? t("question.right") : t("question.notYet");
  const text = t("question.verdict", { head, feedback: model.get("feedback")[chosen] });
  return { text, kind: right ? "right" : "wrong" };
}

function render({ model, el }) {
  setLanguage(model.get("language"));
  const ui = buildQuestion(model);
  const show = (chosen, say) => {
    const { text, kind } = verdictOf(model, chosen);
    if (say) announce(ui.verdict, text);
    else ui.verdict.textContent = chosen < 0 ? "" : text;
    ui.verdict.dataset.kind = kind;
  };
  ui.check.addEventListener("click", () => {
    const chosen = ui.radios.findIndex((radio) => radio.checked);
    show(chosen, true);
    if (chosen >= 0) {
      model.set("chosen", chosen);
      model.save_changes();
    }
  });
  const fromModel = () => {
    const chosen = model.get("chosen");
    ui.radios.forEach((radio, i) => {
      radio.checked = i === chosen;
    });
    show(chosen, false);
  };
  model.on("change:chosen", fromModel);
  fromModel();
  const unmount = mount(ui.root, el, model);
  return () => {
    model.off("change:chosen", fromModel);
    unmount();
  };
}

export default { render };
