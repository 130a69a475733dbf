// Every sentence, label and name the widgets show or announce comes from one table per
// language, shared with Python (lightsout_edu/strings/<language>/widgets.json: the elimination's
// sentences are said by both), so that an edition in another language swaps the table and
// nothing else. Templates name their values: "Presses: {count}". The widget's `language`
// trait (set in Python from lightsout_edu's language) chooses the table.
import en from "../../lightsout_edu/strings/en/widgets.json" with { type: "json" };
import zh from "../../lightsout_edu/strings/zh/widgets.json" with { type: "json" };

const TABLES = { en, zh };
let table = en;

/** Use the table of `language` (falls back to English for a language without one). */
export function setLanguage(language) {
  table = TABLES[language] ?? en;
}

/** The language in use (for the widget's `lang` attribute). */
export function currentLanguage() {
  return table["plural.locale"] ?? "en";
}

/** The string `key` with its {names} filled in from `values`. */
export function t(key, values = {}) {
  const template = table[key] ?? en[key];
  if (template === undefined) throw new Error(`no widget string "${key}"`);
  return template.replace(/\{(\w+)\}/g, (whole, name) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The form of `key` for `count` ("press" or "presses"): `key.one` or `key.other`. */
export function plural(key, count, values = {}) {
  const form = new Intl.PluralRules(table["plural.locale"] ?? "en").select(count);
  const chosen = `${key}.${form}` in table ? `${key}.${form}` : `${key}.other`;
  return t(chosen, { count, ...values });
}
