"""Widget latency in a real browser, and the size each widget adds to a saved notebook.

``python -m benchmarks.widgets`` (or ``python -m benchmarks --widgets``): builds a one-page
offline site with a 10x10 game and 5x5 and 15x15 elimination players, opens it in Debian's
Chromium (headless, through Playwright), and measures **click to paint**: from a click on a
cell (game) or on Forward (player) to the first animation frame after the widget's DOM
changed. Everything runs in the browser, as on the course site: no kernel round trip.
Target: the median within one frame (16 ms).
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

import nbformat

#: (name, code that displays the widget, what to click, the widget's root selector)
WIDGETS = (
    ("game 10x10", "lo.LightsOutGame(10, 10, seed=1)", "[data-lo-cell='4,5']", ".lo-game"),
    (
        "player 5x5",
        "lo.EliminationPlayer(lo.eliminate(lo.toggle_matrix(5, 5), lo.random_board(5, 5, seed=7)))",
        "[data-lo-action='forward']",
        ".lo-player",
    ),
    (
        "player 15x15",
        "lo.EliminationPlayer(lo.eliminate(lo.toggle_matrix(15, 15), "
        "lo.random_board(15, 15, seed=7)))",
        "[data-lo-action='forward']",
        ".lo-player",
    ),
)
CLICKS = 60

MEASURE = """async ([root, nth, target, clicks]) => {
  const widget = document.querySelectorAll(root)[nth];
  const button = widget.querySelector(target);
  const times = [];
  for (let k = 0; k < clicks; k++) {
    const t0 = performance.now();
    await new Promise((done) => {
      const seen = new MutationObserver(() => {
        seen.disconnect();
        requestAnimationFrame(() => done());
      });
      seen.observe(widget, {subtree: true, childList: true, attributes: true, characterData: true});
      button.click();
    });
    times.push(performance.now() - t0);
  }
  return times;
}"""


def executed_notebook() -> nbformat.NotebookNode:
    """A notebook showing each widget, executed so that it stores their state."""
    from nbclient import NotebookClient

    cells = [nbformat.v4.new_markdown_cell("# Lecture 1 — widget benchmark")]
    cells.append(nbformat.v4.new_code_cell("import lightsout_edu as lo"))
    cells += [nbformat.v4.new_code_cell(code) for _, code, _, _ in WIDGETS]
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    NotebookClient(nb, kernel_name="python3", store_widget_state=True, timeout=300).execute()
    return nb


def saved_sizes(nb: nbformat.NotebookNode) -> dict[str, int]:
    """Bytes each widget adds to the notebook (its models' saved state, JSON)."""
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    sizes = {}
    for (name, *_), cell in zip(WIDGETS, nb.cells[2:], strict=True):
        view = next(o for o in cell.outputs if "application/vnd.jupyter.widget-view+json" in o.data)
        model = view.data["application/vnd.jupyter.widget-view+json"]["model_id"]
        sizes[name] = len(json.dumps(state[model]))
    return sizes


def latencies(page_file: Path) -> dict[str, dict[str, float]]:
    """Median and 90th percentile click-to-paint times (ms) of each widget."""
    from playwright.sync_api import sync_playwright

    from tests.chromium import CHROMIUM, CHROMIUM_ARGS

    results = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(page_file.as_uri())
        for _, _, target, root in WIDGETS:
            page.wait_for_selector(f"{root} {target}", timeout=60_000)
        seen: list[str] = []
        for name, _, target, root in WIDGETS:
            nth = seen.count(root)  # the nth widget of its kind on the page
            seen.append(root)
            times = page.evaluate(MEASURE, [root, nth, target, CLICKS])
            times.sort()
            results[name] = {
                "median_ms": round(statistics.median(times), 2),
                "p90_ms": round(times[int(0.9 * len(times))], 2),
                "clicks": len(times),
            }
        browser.close()
    return results


def run() -> dict:
    """Build the page, measure, and return the results."""
    from tools import build_site

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        notebooks = folder / "notebooks"
        notebooks.mkdir()
        nb = executed_notebook()
        nbformat.write(nb, notebooks / "01_widgets.ipynb")
        build_site.build(notebooks, folder / "site", slides=False)
        times = latencies(folder / "site" / "lectures" / "01_widgets.html")
        shutil.rmtree(folder / "site")
    return {"click_to_paint": times, "saved_bytes": saved_sizes(nb), "target_ms": 16}


def report(results: dict) -> None:
    print("\nWidgets in Chromium: click to paint (ms) and saved state (bytes)")
    for name, t in results["click_to_paint"].items():
        size = results["saved_bytes"][name]
        print(f"  {name:14s} median {t['median_ms']:6.2f}  p90 {t['p90_ms']:6.2f}   {size:>8,d} B")


def main() -> int:
    results = run()
    report(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
