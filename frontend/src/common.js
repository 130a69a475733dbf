// What every widget view shares: elements, buttons with icons, the live region that says
// what happened, the keys a widget keeps for itself (on a reveal.js slide too), the roving
// focus of a grid of cells, and fitting a widget to its slide.
import { currentLanguage } from "./strings.js";

/** An element with a class, text and attributes. */
export function element(tag, { className, text, attrs } = {}) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  for (const [key, value] of Object.entries(attrs ?? {})) node.setAttribute(key, value);
  return node;
}

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes. */
export function svg(tag, attributes = {}) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}

/** Icons as paths on a 16x16 grid: drawn by the page, whatever fonts the machine has. */
const ICON_PATHS = {
  play: "M4 2.5v11l9-5.5z",
  pause: "M3.5 2.5h3v11h-3zM9.5 2.5h3v11h-3z",
  back: "M12 2.5v11L3 8z",
  forward: "M4 2.5v11L13 8z",
  "previous-pivot": "M2.5 2.5h2v11h-2zM14 2.5v11L5 8z",
  "next-pivot": "M11.5 2.5h2v11h-2zM2 2.5v11L11 8z",
  undo: "M6 3 2 7l4 4V8h4a3 3 0 0 1 0 6H7v2h3a5 5 0 0 0 0-10H6z",
  new: "M3 2h10v12H3zM5 4v2h2V4zm4 3v2h2V7zm-4 3v2h2v-2z",
};

/** An icon (hidden from screen readers: the button's text says what it does). */
export function icon(name) {
  const picture = svg("svg", {
    class: "lo-icon",
    viewBox: "0 0 16 16",
    "aria-hidden": "true",
    focusable: "false",
  });
  picture.append(svg("path", { d: ICON_PATHS[name] }));
  return picture;
}

/** A button whose visible text is its name; `description` is the tooltip and what a screen
 * reader says after the name. */
export function button(action, label, description, withIcon = false) {
  const b = element("button", { className: `lo-button lo-${action}`, attrs: { type: "button" } });
  b.dataset.loAction = action;
  if (withIcon) b.append(icon(action));
  b.append(element("span", { className: "lo-label", text: label }));
  if (description) b.title = description;
  return b;
}

/** Change the visible text (and so the name) of a button made by `button`. */
export function setButtonLabel(b, label, iconName) {
  b.querySelector(".lo-label").textContent = label;
  const old = b.querySelector(".lo-icon");
  if (old && iconName) old.replaceWith(icon(iconName));
}

/** Text only a screen reader reads. */
export function srOnly(text) {
  return element("span", { className: "lo-sr-only", text });
}

/** A polite live region: what it is told is read out once the reader is idle. */
export function liveRegion() {
  return element("div", {
    className: "lo-sr-only lo-live",
    attrs: { role: "status", "aria-live": "polite", "aria-atomic": "true" },
  });
}

/** Say `text` in the live region (the same sentence twice is said twice). */
export function announce(region, text) {
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
}

/** Keys a focused widget handles itself: they must not also move a slide deck or a notebook. */
const WIDGET_KEYS = new Set([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
  "PageUp",
  "PageDown",
  " ",
  "Enter",
]);

/** Keep the widget's keys inside `root` (reveal.js listens on the document, JupyterLab's
 * shortcuts skip elements marked data-lm-suppress-shortcuts). */
export function keepKeys(root) {
  root.dataset.lmSuppressShortcuts = "true";
  root.dataset.pSuppressShortcuts = "true";
  root.addEventListener("keydown", (event) => {
    if (WIDGET_KEYS.has(event.key) && !event.altKey && !event.metaKey) event.stopPropagation();
  });
}

/** The next focus position in a grid for a key, stopping at the edges; null for other keys. */
export function gridMove(index, key, rows, cols, ctrl = false) {
  const [r, c] = [Math.floor(index / cols), index % cols];
  const moves = {
    ArrowLeft: [r, Math.max(0, c - 1)],
    ArrowRight: [r, Math.min(cols - 1, c + 1)],
    ArrowUp: [Math.max(0, r - 1), c],
    ArrowDown: [Math.min(rows - 1, r + 1), c],
    Home: ctrl ? [0, 0] : [r, 0],
    End: ctrl ? [rows - 1, cols - 1] : [r, cols - 1],
  };
  if (!(key in moves)) return null;
  const [nr, nc] = moves[key];
  return nr * cols + nc;
}

/** One Tab stop for a grid of cells: the current cell has tabindex 0, the others -1, and the
 * arrow keys, Home and End move between them. Returns a function that moves the stop. */
export function rovingFocus(grid, cells, rows, cols) {
  let current = 0;
  const moveTo = (index, focus) => {
    cells[current].tabIndex = -1;
    current = index;
    cells[current].tabIndex = 0;
    if (focus) cells[current].focus();
  };
  cells.forEach((cell, i) => {
    cell.tabIndex = i === 0 ? 0 : -1;
    cell.addEventListener("focus", () => moveTo(i, false));
  });
  grid.addEventListener("keydown", (event) => {
    const next = gridMove(current, event.key, rows, cols, event.ctrlKey);
    if (next === null) return;
    event.preventDefault();
    moveTo(next, true);
  });
  return moveTo;
}

/** Scale the widget with the `size` option (1 = the surrounding font size). */
export function followSize(root, model) {
  const apply = () => {
    root.style.setProperty("--lo-size", String(model.get("size")));
  };
  apply();
  model.on("change:size", apply);
  return () => model.off("change:size", apply);
}

/** The reveal.js slide a widget is shown on, or null in a notebook or on a page. */
export function slideOf(root) {
  return root.closest(".reveal .slides section");
}

/** Whether the page is a reveal.js slide deck, where every widget is shown on a slide (known
 * before the widget is in the page, so that a view can be built for the slide). */
export function onSlideDeck() {
  return document.querySelector(".reveal .slides") !== null;
}

/** On a slide, shrink the widget (its sizes are in em) until its box fits the slide: it is
 * never taller or wider than the slide, so nothing inside it scrolls, at any projector size
 * (reveal.js scales the whole slide; a slide taller than the screen scrolls as a whole). */
export function fitToSlide(root) {
  const slide = slideOf(root);
  if (!slide) return () => {};
  root.classList.add("lo-on-slide");
  const slides = root.closest(".reveal .slides");
  const fit = () => {
    if (!root.isConnected || !slide.classList.contains("present")) return;
    root.style.setProperty("--lo-fit", "1");
    const tall = (0.9 * slides.offsetHeight) / root.offsetHeight;
    const wide = slides.offsetWidth / Math.max(root.scrollWidth, root.offsetWidth);
    const scale = Math.min(1, tall, wide);
    if (scale < 1) root.style.setProperty("--lo-fit", String(Math.max(0.3, 0.98 * scale)));
  };
  const observer = new ResizeObserver(fit);
  observer.observe(slide);
  const reveal = globalThis.Reveal;
  reveal?.on?.("slidechanged", fit);
  reveal?.on?.("resize", fit);
  fit();
  return () => {
    observer.disconnect();
    reveal?.off?.("slidechanged", fit);
    reveal?.off?.("resize", fit);
  };
}

/** Everything a view needs once it is in the page: size, keys, fitting to a slide. */
export function mount(root, el, model) {
  root.lang = currentLanguage(); // a screen reader speaks the widget in its own language
  el.append(root);
  keepKeys(root);
  const stops = [followSize(root, model)];
  requestAnimationFrame(() => stops.push(fitToSlide(root)));
  return () => {
    for (const stop of stops) stop();
  };
}
