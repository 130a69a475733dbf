// The elimination player (one widget model): the browser replays the recorded row
// operations itself (from checkpoints), draws the matrix as SVG and plays at the chosen
// speed. The position is the synced trait `step` (EliminationPlayer.step in Python).
import { parseMatrix } from "./arith.js";
import {
  announce,
  button,
  element,
  liveRegion,
  mount,
  onSlideDeck,
  setButtonLabel,
} from "./common.js";
import { boardViews } from "./player_boards.js";
import { matrixView } from "./player_matrix.js";
import { matrixLayout } from "./player_view.js";
import {
  caption,
  explain,
  nextPivot,
  operationHtml,
  pivotsAt,
  previousPivot,
  Replay,
  stepRows,
} from "./steps.js";
import { setLanguage, t } from "./strings.js";

const SPEEDS = [1, 2, 4, 8, 16, 32, 64];

/** Play, the steps and pivot jumps, the position slider and the speed. */
function buildControls(nSteps) {
  const controls = element("div", { className: "lo-controls" });
  const buttons = {
    play: button("play", t("player.play"), t("player.playHelp"), true),
    previous: button(
      "previous-pivot",
      t("player.previousPivot"),
      t("player.previousPivotHelp"),
      true,
    ),
    back: button("back", t("player.back"), t("player.backHelp"), true),
    forward: button("forward", t("player.forward"), t("player.forwardHelp"), true),
    next: button("next-pivot", t("player.nextPivot"), t("player.nextPivotHelp"), true),
  };
  const slider = element("input", {
    className: "lo-slider",
    attrs: { type: "range", min: "0", max: String(nSteps), "aria-label": t("player.position") },
  });
  const speedLabel = element("label", {
    className: "lo-speed-label",
    text: `${t("player.speed")} `,
  });
  const speed = element("select", { className: "lo-speed" });
  for (const s of SPEEDS) speed.append(new Option(t("player.perSecond", { s }), String(s)));
  speedLabel.append(speed);
  controls.append(...Object.values(buttons), slider, speedLabel);
  return { controls, buttons, slider, speed };
}

/** Every part of the player, built once. */
function buildPlayer(data, start) {
  const [nRows, nCols] = [start.length, start[0].length];
  const root = element("div", {
    className: "lo-widget lo-player",
    attrs: { role: "group", tabindex: "0", "aria-label": t("player.name") },
  });
  const help = element("p", { className: "lo-sr-only", text: t("player.keys") });
  help.id = `lo-player-keys-${Math.random().toString(36).slice(2)}`;
  root.setAttribute("aria-describedby", help.id);
  const controls = buildControls(data.steps.length);
  const captionEl = element("div", { className: "lo-caption" });
  const operation = element("div", { className: "lo-operation", attrs: { "aria-hidden": "true" } });
  const upcoming = element("div", { className: "lo-next" });
  const matrix = matrixView(data, nRows, nCols, matrixLayout(nRows, nCols, onSlideDeck()));
  const body = element("div", { className: "lo-player-body" });
  const frame = element("div", { className: "lo-matrix-frame" });
  frame.style.setProperty("--lo-matrix-width", matrix.width);
  frame.append(matrix.picture, matrix.table);
  body.append(frame);
  const boards = data.board_shape ? boardViews(data, start) : null;
  if (boards) body.append(boards.container);
  const live = liveRegion();
  root.append(help, controls.controls, captionEl, operation, upcoming, body, live);
  return { root, ...controls, captionEl, operation, upcoming, matrix, boards, live };
}

/** Bring the view to position k. */
function showPosition(ui, data, replay, k) {
  const nSteps = data.steps.length;
  const matrix = replay.seek(k);
  const touched = k > 0 ? stepRows(data.steps[k - 1]) : [];
  ui.matrix.show(k, matrix, touched, pivotsAt(k, data));
  ui.root.dataset.loStep = String(k);
  ui.captionEl.textContent = caption(k, data);
  ui.operation.innerHTML = k > 0 ? operationHtml(data.steps[k - 1]) : "&nbsp;";
  ui.upcoming.textContent =
    k < nSteps
      ? t("player.next", { explain: explain(data.steps[k], data.n_unknowns, data.modulus) })
      : t("player.end");
  ui.slider.value = String(k);
  ui.slider.setAttribute("aria-valuetext", t("player.positionValue", { k, n: nSteps }));
  ui.buttons.back.disabled = ui.buttons.previous.disabled = k === 0;
  ui.buttons.forward.disabled = ui.buttons.next.disabled = k === nSteps;
  if (ui.boards) ui.boards.show(k, matrix);
}

/** Play and pause: a timer that steps at the model's speed. */
function playback(model, ui, go, nSteps) {
  let timer = null;
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    setButtonLabel(ui.buttons.play, t("player.play"), "play");
  };
  const start = () => {
    if (model.get("step") >= nSteps) go(0);
    setButtonLabel(ui.buttons.play, t("player.pause"), "pause");
    timer = setInterval(() => {
      const k = model.get("step");
      if (k >= nSteps) stop();
      else go(k + 1);
    }, 1000 / model.get("speed"));
  };
  const toggle = () => (timer === null ? start() : stop());
  const restart = () => {
    if (timer !== null) {
      stop();
      start();
    }
  };
  return { stop, toggle, restart, playing: () => timer !== null };
}

/** The keys of the player (on the player itself and its buttons). */
function keyActions(model, data, go, play) {
  const nSteps = data.steps.length;
  const k = model.get("step");
  return {
    ArrowRight: () => go(k + 1),
    ArrowLeft: () => go(k - 1),
    Home: () => go(0),
    End: () => go(nSteps),
    PageDown: () => go(nextPivot(k, data.pivot_starts, nSteps)),
    PageUp: () => go(previousPivot(k, data.pivot_starts)),
    " ": () => play.toggle(),
  };
}

function wire(model, data, ui, go, play) {
  const nSteps = data.steps.length;
  const { buttons } = ui;
  buttons.play.addEventListener("click", () => play.toggle());
  buttons.forward.addEventListener("click", () => go(model.get("step") + 1));
  buttons.back.addEventListener("click", () => go(model.get("step") - 1));
  buttons.next.addEventListener("click", () =>
    go(nextPivot(model.get("step"), data.pivot_starts, nSteps)),
  );
  buttons.previous.addEventListener("click", () =>
    go(previousPivot(model.get("step"), data.pivot_starts)),
  );
  ui.slider.addEventListener("input", () => go(Number(ui.slider.value)));
  ui.speed.addEventListener("change", () => {
    model.set("speed", Number(ui.speed.value));
    model.save_changes();
    play.restart();
  });
  ui.root.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
    if (target instanceof HTMLButtonElement && (event.key === " " || event.key === "Enter")) return;
    const action = keyActions(model, data, go, play)[event.key];
    if (!action) return;
    action();
    event.preventDefault();
  });
}

function render({ model, el }) {
  setLanguage(model.get("language"));
  const data = model.get("data");
  const start = parseMatrix(data.matrix);
  const replay = new Replay(start, data.steps, data.modulus);
  const nSteps = data.steps.length;
  const ui = buildPlayer(data, start);
  const show = () => showPosition(ui, data, replay, model.get("step"));
  const go = (k) => {
    const target = Math.max(0, Math.min(nSteps, k));
    if (target !== model.get("step")) {
      model.set("step", target);
      model.save_changes();
    } else show();
    if (!play.playing()) announce(ui.live, ui.captionEl.textContent);
  };
  const play = playback(model, ui, go, nSteps);
  wire(model, data, ui, go, play);
  const onSpeed = () => {
    ui.speed.value = String(model.get("speed"));
  };
  model.on("change:step", show);
  model.on("change:speed", onSpeed);
  onSpeed();
  show();
  const unmount = mount(ui.root, el, model);
  return () => {
    play.stop();
    model.off("change:step", show);
    model.off("change:speed", onSpeed);
    unmount();
  };
}

export default { render };
