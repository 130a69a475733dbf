"""The widgets where people use them: JupyterLab in a real (headless) Chromium.

Starts JupyterLab from this Python environment on 127.0.0.1 with a random token, opens
``tests/browser/widgets_in_lab.ipynb``, runs every cell, then uses the widgets as a person
would (buttons, keys, clicks on cells) and reads what they show through their DOM contract
(see ``tests/browser_helpers.py``), in the light and the dark theme.  Screenshots go to
``test-artifacts/browser/``.
Without /usr/bin/chromium the test fails with instructions, unless LIGHTSOUT_SKIP_BROWSER=1.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import numpy as np
import pytest

import lightsout_edu as lo
from tests.browser_fixtures import BROWSER_NOTEBOOK, LAB_TEST_FOLDER, LabServer
from tests.browser_helpers import (
    ARTIFACTS as ALL_ARTIFACTS,
)
from tests.browser_helpers import (
    CONTRAST_JS,
    action,
    cell,
    lights,
    local_only,
    marks,
    run_axe,
    save_axe_results,
    shown_matrix,
    stencil_hits,
    violations_text,
)
from tests.chromium import require_chromium
from tools.build_site import english

try:
    from playwright.sync_api import expect
except ImportError:  # the tests that need it fail with Playwright's own message
    expect = None

ARTIFACTS = ALL_ARTIFACTS / "browser"
TIMEOUT_MS = 30_000
NOTEBOOK = f"{LAB_TEST_FOLDER}/{BROWSER_NOTEBOOK.name}"
#: Waits until the browser has laid out and painted (two animation frames).
PAINTED = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def wait_idle_kernel(page) -> None:
    page.wait_for_function("() => window.jupyterapp !== undefined")
    expect(page.locator(".jp-StatusBar-Widget", has_text="| Idle")).to_have_count(
        1, timeout=TIMEOUT_MS
    )


def run_all(page, lab: LabServer) -> None:
    """Open the notebook, run every cell, wait until each one has run."""
    page.goto(lab.open_url(NOTEBOOK))
    page.wait_for_selector(".jp-Notebook .jp-Cell")
    wait_idle_kernel(page)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]"
        ".every(p => /\\[\\d+\\]/.test(p.textContent))",
        timeout=TIMEOUT_MS * 2,
    )


def check_player(page) -> None:
    """Forward/back/pivot buttons and keys move data-lo-step and change the matrix shown."""
    player = page.locator(".lo-player").first
    expect(player).to_have_attribute("data-lo-step", "0")
    e = lo.eliminate(lo.toggle_matrix(3, 3), lo.random_board(3, 3, seed=7))
    np.testing.assert_array_equal(shown_matrix(player), e.state(0))
    action(player, "forward").click()
    expect(player).to_have_attribute("data-lo-step", "1")
    np.testing.assert_array_equal(shown_matrix(player), e.state(1))
    expect(player.locator(".lo-caption")).to_have_text(f"Step 1 of {len(e.steps)}: {e.explain(0)}")
    action(player, "back").click()
    expect(player).to_have_attribute("data-lo-step", "0")
    action(player, "next-pivot").click()
    expect(player).to_have_attribute("data-lo-step", str(e.pivot_starts[1]))
    np.testing.assert_array_equal(shown_matrix(player), e.state(e.pivot_starts[1]))
    action(player, "previous-pivot").click()
    expect(player).to_have_attribute("data-lo-step", "0")
    player.focus()
    for key, step in [
        ("ArrowRight", 1),
        ("End", len(e.steps)),
        ("Home", 0),
        ("PageDown", e.pivot_starts[1]),
        ("PageUp", 0),
    ]:
        page.keyboard.press(key)
        expect(player).to_have_attribute("data-lo-step", str(step))
    np.testing.assert_array_equal(shown_matrix(player), e.state(0))
    page.keyboard.press("End")
    np.testing.assert_array_equal(shown_matrix(player), e.rref)
    action(player, "play").click()  # from the end, play starts over and keeps going
    page.wait_for_function(
        "el => +el.dataset.loStep > 2", arg=player.element_handle(), timeout=TIMEOUT_MS
    )
    action(player, "play").click()  # pause keeps the position
    paused = player.get_attribute("data-lo-step")
    expect(action(player, "play")).to_have_text("Play")
    # long enough for three more steps at the player's speed (2 per second), had it not paused
    page.wait_for_function(
        "(t0) => performance.now() - t0 > 1600", arg=page.evaluate("performance.now()")
    )
    assert player.get_attribute("data-lo-step") == paused


def check_game(page) -> None:
    """Clicks toggle the stencil; marks appear and disappear; the hint is a fewest press."""
    game = page.locator(".lo-game").first
    before = lights(game)
    cell(game, 2, 2).click()
    expect(game.locator("[data-lo-presses]")).to_have_attribute("data-lo-presses", "1")
    after = lights(game)
    changed = {tuple(int(v) for v in rc) for rc in np.argwhere(after != before)}
    assert changed == stencil_hits(5, 5, 2, 2, "plus", False)
    action(game, "undo").click()
    expect(game.locator("[data-lo-presses]")).to_have_attribute("data-lo-presses", "0")
    np.testing.assert_array_equal(lights(game), before)

    action(game, "solution").click()
    fewest = lo.solve_board(lights(game)).fewest_presses()
    page.wait_for_function(
        "el => el.querySelector('[data-lo-mark=solution]')", arg=game.element_handle()
    )
    np.testing.assert_array_equal(marks(game) == "solution", fewest == 1)
    r, c = (int(v) for v in np.argwhere(fewest)[0])
    cell(game, r, c).click()  # the marks follow the board
    expect(game.locator("[data-lo-presses]")).to_have_attribute("data-lo-presses", "1")
    np.testing.assert_array_equal(
        marks(game) == "solution", lo.solve_board(lights(game)).fewest_presses() == 1
    )
    action(game, "solution").click()
    expect(action(game, "solution")).to_have_text("Show solution")
    assert not (marks(game) != "").any(), "marks stay after hiding the solution"

    action(game, "hint").click()
    page.wait_for_function(
        "el => el.querySelector('[data-lo-mark=hint]')", arg=game.element_handle()
    )
    hinted = np.argwhere(marks(game) == "hint")
    assert len(hinted) == 1
    r, c = (int(v) for v in hinted[0])
    assert lo.solve_board(lights(game)).all_fewest_presses()[:, r, c].any()
    cell(game, r, c).click()
    expect(game.locator("[data-lo-presses]")).to_have_attribute("data-lo-presses", "2")
    assert not (marks(game) == "hint").any()

    action(game, "solution").click()
    old = lights(game)
    action(game, "new").click()
    page.wait_for_function(
        "el => el.querySelector('[data-lo-presses]').dataset.loPresses === '0'",
        arg=game.element_handle(),
    )
    assert not np.array_equal(lights(game), old)
    assert not (marks(game) != "").any(), "a new board shows no old marks"
    assert lo.solve_board(lights(game)).solvable

    torus = page.locator(".lo-game").nth(1)
    before = lights(torus)
    cell(torus, 0, 0).click()
    changed = {tuple(int(v) for v in rc) for rc in np.argwhere(lights(torus) != before)}
    assert changed == stencil_hits(4, 4, 0, 0, "x", True)


def check_practice(page) -> None:
    """A scripted elimination reaches RREF; a wasted pair of moves gets feedback."""
    practice = page.locator(".lo-practice").first
    status = practice.locator("[data-lo-rref]")
    expect(status).to_have_attribute("data-lo-rref", "0")
    e = lo.eliminate(lo.toggle_matrix(3, 3), [1, 1, 0, 1, 0, 0, 0, 0, 1])
    for step in e.steps:
        first, second = (step.src, step.dst) if isinstance(step, lo.AddRow) else (step.i, step.j)
        practice.locator(f'[data-lo-row="{first}"]').click()
        practice.locator(f'[data-lo-row="{second}"]').click()
        action(practice, "add" if isinstance(step, lo.AddRow) else "swap").click()
    expect(status).to_have_attribute("data-lo-rref", "1")
    expect(status).to_contain_text("Reduced row echelon form reached, rank 9")
    expect(status).to_contain_text(f"the recorded Gauss-Jordan elimination uses {len(e.steps)}")
    action(practice, "reset").click()
    expect(status).to_have_attribute("data-lo-rref", "0")
    for _ in range(2):
        practice.locator('[data-lo-row="0"]').click()
        practice.locator('[data-lo-row="1"]').click()
        action(practice, "add").click()
    expect(status).to_contain_text("undid the operation before it")


def check_contrast(page) -> None:
    """Labels, captions and buttons can be read: contrast 4.5:1 at least (WCAG AA)."""
    player = page.locator(".lo-player").first
    action(player, "forward").click()  # so that two row labels are highlighted
    for selector in [
        ".lo-player .lo-row-label",
        ".lo-player .lo-row-label.lo-hl",
        ".lo-player .lo-col-label",
        ".lo-player .lo-caption",
        ".lo-player .lo-next",
        ".lo-game .lo-message",
        ".lo-button",
        ".lo-practice .lo-row-button",
    ]:
        element = page.locator(selector).first
        element.scroll_into_view_if_needed()
        ratio = element.evaluate(CONTRAST_JS)
        assert ratio >= 4.5, f"{selector}: contrast {ratio:.2f} < 4.5"


def screenshots(page, theme: str) -> None:
    for width, height in [(1280, 800), (1920, 1080)]:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(PAINTED)
        for name, selector in [
            ("player", ".lo-player"),
            ("game", ".lo-game"),
            ("practice", ".lo-practice"),
        ]:
            widget = page.locator(selector).first
            widget.scroll_into_view_if_needed()
            widget.screenshot(path=ARTIFACTS / f"{name}-{theme}-{width}x{height}.png")
    page.locator(".lo-player").nth(1).screenshot(path=ARTIFACTS / f"player-15x15-{theme}.png")


def check_keyboard(page) -> None:
    """In a notebook too, the board keeps its keys: ArrowDown moves within the board (not to
    the next notebook cell), Space presses, the live region says so."""
    game = page.locator(".lo-game").first
    notebook = "window.jupyterapp.shell.currentWidget.content.activeCellIndex"
    game.locator('[data-lo-cell][tabindex="0"]').focus()
    active = page.evaluate(notebook)  # the cell that shows the game
    start = page.evaluate("document.activeElement.dataset.loCell")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")
    row, col = (int(v) for v in start.split(","))
    expected = f"{min(row + 1, 4)},0"
    assert page.evaluate("document.activeElement.dataset.loCell") == expected
    assert page.evaluate(notebook) == active
    before = int(game.locator("[data-lo-presses]").get_attribute("data-lo-presses"))
    page.keyboard.press("Space")
    expect(game.locator("[data-lo-presses]")).to_have_attribute("data-lo-presses", str(before + 1))
    expect(game.locator(".lo-live")).to_contain_text(f"Pressed row {min(row + 1, 4) + 1}, column 1")


def axe_on_widgets(page, scheme: str) -> list[tuple[str, str, list[dict]]]:
    """axe-core on each widget of the notebook (JupyterLab's own interface is not ours)."""
    rows = []
    for kind in ("lo-game", "lo-player", "lo-practice"):
        rows.append((f"JupyterLab {kind}", scheme, run_axe(page, f".{kind}")))
    return rows


@pytest.mark.browser
def test_widgets_work_in_jupyterlab(lab_server: LabServer, chromium):
    expect.set_options(timeout=15_000)  # kernel round trips on a busy 2-core machine
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page = chromium.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    requests: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("request", lambda r: requests.append(r.url))
    try:
        run_all(page, lab_server)
        check_player(page)
        check_game(page)
        check_practice(page)
        # With a kernel the Python side sees the same game: run the last cell again.
        game = page.locator(".lo-game").first
        cell(game, 0, 0).click()
        shown = lights(game)
        page.evaluate(
            "() => { const nb = window.jupyterapp.shell.currentWidget.content;"
            " nb.activeCellIndex = nb.widgets.length - 1;"
            " window.jupyterapp.commands.execute('notebook:run-cell'); }"
        )
        expect(page.locator(".jp-OutputArea-output", has_text="python sees")).to_have_text(
            f"python sees 1 presses and {int(shown.sum())} lights on\n"
        )
        check_keyboard(page)
        check_contrast(page)
        results = axe_on_widgets(page, "light")
        screenshots(page, "light")
        page.evaluate(
            "() => window.jupyterapp.commands.execute('apputils:change-theme',"
            " {theme: 'JupyterLab Dark'})"
        )
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
        page.wait_for_function(  # the dark theme's stylesheet has been applied
            "() => getComputedStyle(document.body).getPropertyValue('--jp-layout-color0')"
            ".trim() === '#111'"
        )
        check_contrast(page)
        results += axe_on_widgets(page, "dark")
        screenshots(page, "dark")
        save_axe_results("jupyterlab-widgets", results)
        assert not any(v for _, _, v in results), violations_text(results)
        stderr = page.locator("[data-mime-type='application/vnd.jupyter.stderr']")
        assert stderr.count() == 0, stderr.all_inner_texts()
        assert "Error displaying widget" not in page.locator(".jp-Notebook").inner_text()
        assert errors == [], errors
        assert local_only(requests) == [], local_only(requests)
    finally:
        page.screenshot(path=ARTIFACTS / "last.png")
        page.close()


def test_missing_chromium_fails_with_instructions(monkeypatch):
    monkeypatch.delenv("LIGHTSOUT_SKIP_BROWSER", raising=False)
    with pytest.raises(pytest.fail.Exception, match="apt-get install chromium"):
        require_chromium("/nonexistent/chromium")
    monkeypatch.setenv("LIGHTSOUT_SKIP_BROWSER", "1")
    with pytest.raises(pytest.skip.Exception):
        require_chromium("/nonexistent/chromium")


SAVE_WITHIN_A_MINUTE = """() => Promise.race([
    window.jupyterapp.commands.execute('docmanager:save').then(() => 'saved'),
    new Promise(done => {
        const started = Date.now();
        const look = () => {
            const dialogs = [...document.querySelectorAll('.jp-Dialog')].map(d => d.innerText);
            if (dialogs.length || Date.now() - started > 60000) {
                done('not saved within 60 s; dialogs on screen: ' + dialogs.join(' | '));
            } else {
                setTimeout(look, 200);
            }
        };
        setTimeout(look, 200);
    }),
])"""
WRITABLE = "() => window.jupyterapp.shell.currentWidget?.context?.contentsModel?.writable === true"


def save_the_open_notebook(page) -> str:
    """Save the notebook on screen; 'saved', or what held the save.

    JupyterLab says "Document is read-only" to a save that comes while the file's model is
    being (re)loaded, even after it was writable once (seen with both cores busy): then the
    dialog is closed and the save tried again, twice at most.
    """
    for _ in range(3):
        saved = page.evaluate(SAVE_WITHIN_A_MINUTE)
        if "read-only" not in saved:
            return saved
        page.locator(".jp-Dialog button").last.click()
        page.wait_for_function(WRITABLE, timeout=TIMEOUT_MS)
    return saved


#: The lectures opened and saved: the first (two games and a quick question) and the second
#: (quick questions), so the saved state of both kinds of widget goes through the browser.
SAVED_LECTURES = 2


def saved_widget_sizes(notebook: Path) -> list[object]:
    """The ``size`` of every widget in the notebook's saved state."""
    widgets = json.loads(notebook.read_text())["metadata"].get("widgets", {})
    state = widgets.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    return [model["state"]["size"] for model in state.values() if "size" in model["state"]]


@pytest.mark.browser
def test_make_lab_lists_each_notebook_once_and_saving_keeps_git_clean(
    lab_server: LabServer, chromium
):
    """JupyterLab as ``make lab`` starts it (tools/lab.py), on a git clone of the course:
    opening and saving a lecture with widgets changes nothing git knows (the browser writes
    the widgets' saved state back as it read it)."""
    lectures = english((lab_server.clone / "notebooks").glob("0*.ipynb"))[:SAVED_LECTURES]
    for lecture in lectures:
        assert saved_widget_sizes(lecture), f"{lecture.name} has no widget to save"
        save_in_lab(lab_server, chromium, lecture.name)
    status = subprocess.run(
        [*lab_server.git, "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    diff = subprocess.run(
        [*lab_server.git, "diff", "--unified=0"], capture_output=True, text=True, check=True
    ).stdout
    names = ", ".join(lecture.name for lecture in lectures)
    assert status == "", f"opening and saving {names} changed: {status}\n{diff[:3000]}"


def save_in_lab(lab_server: LabServer, chromium, lecture: str) -> None:
    """Open ``lecture`` in JupyterLab, check the file browser, save it."""
    page = chromium.new_page()
    try:
        page.goto(lab_server.open_url(lecture))
        wait_idle_kernel(page)
        # the file has loaded: before that, saving says "read-only"
        page.wait_for_function(WRITABLE, timeout=TIMEOUT_MS)
        listed = page.locator(".jp-DirListing-itemName").all_inner_texts()
        assert listed and all(n.endswith((".ipynb", ".toml")) or "." not in n for n in listed), (
            listed
        )
        assert len(listed) == len(set(listed))
        # the save command's promise resolves once the file is written; a dialog (the file
        # changed on disk, say) would hold it for good, so it gets a minute and is shown
        saved = save_the_open_notebook(page)
        assert saved == "saved", saved
        toasts = page.locator(".jp-Notification-Toast").all_inner_texts()
        assert not any("news" in t.lower() for t in toasts), toasts
    finally:
        page.close()
