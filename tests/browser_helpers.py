"""What the browser tests read off a page: the widgets' DOM contract, contrast, requests.

The widgets promise stable attributes (see ``lightsout_edu/widgets/__init__.py``):
``.lo-game`` with ``[data-lo-cell="r,c"]`` cells carrying ``data-lo-lit`` and ``data-lo-mark``,
``[data-lo-action]`` buttons and ``[data-lo-presses]``; ``.lo-player[data-lo-step]`` with a
``.lo-player-matrix`` whose rows are ``.lo-row[data-values]``; ``.lo-practice`` with
``[data-lo-row]`` labels and ``[data-lo-rref]``.  These helpers read them the way a person
sees them, never Python traits.
"""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import lightsout_edu as lo

REPO = Path(__file__).resolve().parents[1]
#: The widgets' JavaScript toolchain: sources, esbuild, Biome, axe-core (frontend/package.json).
FRONTEND = REPO / "frontend"


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.fail("Node.js is needed for the JavaScript tests: apt-get install nodejs")
    return found


def frontend_modules() -> Path:
    """frontend/node_modules, installed from the lock file (npm ci) when missing."""
    modules = FRONTEND / "node_modules"
    if not (modules / ".package-lock.json").is_file():
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("npm is needed for the front-end tests: apt-get install npm")
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts"],
            cwd=FRONTEND,
            check=True,
            capture_output=True,
            timeout=600,
        )
    return modules


def frontend_tool(name: str) -> str:
    """The command-line program ``name`` of the front-end toolchain (esbuild, biome)."""
    return str(frontend_modules() / ".bin" / name)


def axe_script() -> Path:
    """axe-core, to inject into a page (npm axe-core, pinned in frontend/package-lock.json)."""
    return frontend_modules() / "axe-core" / "axe.min.js"


#: WCAG contrast ratio of a colour against the colour behind it, computed in the page.
CONTRAST_JS = """
(el) => {
  const parse = (s) => (s.match(/[\\d.]+/g) || ["255", "255", "255"]).map(Number);
  const channel = (c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const behind = (node) => {
    for (let n = node; n; n = n.parentElement) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c.length < 4 || c[3] > 0) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const style = getComputedStyle(el);
  const text = parse(el instanceof SVGElement ? style.fill : style.color).slice(0, 3);
  let back = behind(el.ownerSVGElement || el);
  const band = el.classList.contains("lo-hl") && el.ownerSVGElement?.querySelector(".lo-band");
  if (band) {
    const b = getComputedStyle(band), a = Number(b.opacity);
    back = parse(b.fill).slice(0, 3).map((c, i) => a * c + (1 - a) * back[i]);
  }
  const [hi, lo] = [luminance(text), luminance(back)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
"""


def lights(game: Any) -> np.ndarray:
    """The board a game shows, from ``data-lo-lit`` (rows x cols)."""
    cells = game.locator("[data-lo-cell]").evaluate_all(
        "els => els.map(e => [e.dataset.loCell, +e.dataset.loLit])"
    )
    rows = 1 + max(int(key.split(",")[0]) for key, _ in cells)
    return np.array([lit for _, lit in cells], dtype=np.uint8).reshape(rows, -1)


def marks(game: Any) -> np.ndarray:
    """The mark shown on every cell ("", "hint", "solution", "certificate", "quiet")."""
    shape = lights(game).shape
    found = game.locator("[data-lo-cell]").evaluate_all("els => els.map(e => e.dataset.loMark)")
    return np.array(found, dtype=object).reshape(shape)


def cell(game: Any, r: int, c: int) -> Any:
    return game.locator(f'[data-lo-cell="{r},{c}"]')


def action(widget: Any, name: str) -> Any:
    return widget.locator(f'[data-lo-action="{name}"]')


def matrix_rows(player: Any) -> list[str]:
    """Every row of the matrix a player shows (``data-values`` of its rows)."""
    return player.locator(".lo-player-matrix .lo-row").evaluate_all(
        "els => els.map(e => e.dataset.values)"
    )


def shown_matrix(player: Any) -> np.ndarray:
    return np.array([[int(v) for v in row.split(",")] for row in matrix_rows(player)])


def stencil_hits(rows: int, cols: int, r: int, c: int, rule: str, torus: bool) -> set:
    """The cells one press of (r, c) toggles, by the package's simulation."""
    taps = np.zeros((rows, cols), dtype=np.uint8)
    taps[r, c] = 1
    after = lo.press(np.zeros((rows, cols), dtype=np.uint8), taps, rule=rule, torus=torus)
    return {tuple(int(v) for v in rc) for rc in np.argwhere(after)}


def local_only(urls: list[str]) -> list[str]:
    """Requests that would leave this machine (anything but 127.0.0.1, data: and blob:)."""
    allowed = ("http://127.0.0.1", "data:", "blob:", "file://", "about:")
    return [u for u in urls if not u.startswith(allowed)]


#: The WCAG 2.2 AA rules of axe-core (by tag), as the tests run them.
AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]


def run_axe(page: Any, include: str | None = None) -> list[dict]:
    """axe-core's WCAG 2.2 AA violations on ``page`` (only inside ``include``, a CSS selector,
    when given): ``[{"id", "impact", "help", "nodes": [target, ...]}]``."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe_script()))
    return page.evaluate(
        """async ([tags, include]) => {
            const context = include ? { include: [include] } : document;
            const result = await axe.run(context, {
                runOnly: { type: "tag", values: tags }, resultTypes: ["violations"], preload: false,
            });
            return result.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => [n.target.join(" "), n.failureSummary]),
            }));
        }""",
        [AXE_TAGS, include],
    )


ARTIFACTS = REPO / "test-artifacts"


def save_axe_results(name: str, rows: list[tuple[str, str, list[dict]]]) -> Path:
    """Write axe-core's results (``[(page, scheme, violations), ...]``) to
    test-artifacts/axe/<name>.json and a Markdown table beside it; return the table's path."""
    folder = ARTIFACTS / "axe"
    folder.mkdir(parents=True, exist_ok=True)
    data = [{"page": p, "scheme": s, "violations": v} for p, s, v in rows]
    (folder / f"{name}.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    lines = [
        f"# axe-core {' '.join(AXE_TAGS)}: {name}",
        "",
        "| page | scheme | violations | rules |",
        "| --- | --- | --- | --- |",
    ]
    for page, scheme, violations in rows:
        nodes = sum(len(v["nodes"]) for v in violations)
        rules = ", ".join(f"{v['id']} ({len(v['nodes'])})" for v in violations) or "-"
        lines.append(f"| {page} | {scheme} | {nodes} | {rules} |")
    table = folder / f"{name}.md"
    table.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return table


def violations_text(rows: list[tuple[str, str, list[dict]]]) -> str:
    """The violations of ``rows`` in a few readable lines (for an assertion message)."""
    out = []
    for page, scheme, violations in rows:
        for v in violations:
            target, summary = v["nodes"][0]
            out.append(f"{page} [{scheme}] {v['id']} x{len(v['nodes'])}: {target} {summary}")
    return "\n".join(out)[:6000]


# ------------------------------------------------------------------ what a reader sees


@functools.cache
def installed_coverage() -> frozenset[int]:
    """Every code point some installed font has a glyph for (fontconfig's ``fc-list``), which
    is what Chromium can draw; anything else is drawn as an empty box."""
    listed = subprocess.run(
        ["fc-list", "--format", "%{charset}\n"], capture_output=True, text=True, check=True
    ).stdout
    covered: set[int] = set()
    for part in listed.split():
        first, _, last = part.partition("-")
        covered.update(range(int(first, 16), int(last or first, 16) + 1))
    assert len(covered) > 1000, "fc-list lists no font"
    return frozenset(covered)


#: Every character a page draws with the system's fonts: its visible text (outside MathJax,
#: which draws formulas with its own web fonts) and the text of ::before and ::after.
DRAWN_TEXT = """() => {
    const own = '.MathJax, .MathJax_Display, .MathJax_SVG, .MathJax_SVG_Display, '
        + '.MJX_Assistive_MathML, script, style, noscript';
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let text = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent && !parent.closest(own) && parent.checkVisibility()) text += node.data;
    }
    for (const el of document.body.querySelectorAll('*')) {
        for (const pseudo of ['::before', '::after']) {
            const content = getComputedStyle(el, pseudo).content;
            if (content.startsWith('"')) text += content;
        }
    }
    return text;
}"""


def undrawable(page: Any) -> dict[str, int]:
    """The characters ``page`` draws that no installed font covers, with how often."""
    found: dict[str, int] = {}
    covered = installed_coverage()
    for character in page.evaluate(DRAWN_TEXT):
        if ord(character) not in covered and not character.isspace():
            found[character] = found.get(character, 0) + 1
    return found


#: The code, outputs and matrices of a page whose text is drawn in a font that is not
#: monospaced (eight i's and eight M's differ in width), as [tag, class, font-family].
PROPORTIONAL_CODE = """() => {
    const context = document.createElement('canvas').getContext('2d');
    const code = 'pre, code, kbd, samp, .lo-practice-matrix td, .lo-labels text';
    const drawsText = (el) => [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && n.data.trim());
    return [...document.querySelectorAll(code)].filter(drawsText).filter((el) => {
        const style = getComputedStyle(el);
        const { fontStyle, fontWeight, fontSize, fontFamily } = style;
        context.font = `${fontStyle} ${fontWeight} ${fontSize} ${fontFamily}`;
        const narrow = context.measureText('iiiiiiii').width;
        return Math.abs(narrow - context.measureText('MMMMMMMM').width) > 0.5;
    }).map((el) => [el.tagName, el.className.baseVal ?? el.className,
                    getComputedStyle(el).fontFamily]);
}"""


def tabs_to_first_widget(page: Any) -> int:
    """Tab presses from the top of ``page`` until the focus is inside a widget, following a
    skip link (Enter) when the focus lands on one; 99 if none gets there in 30."""
    page.evaluate("() => { document.activeElement?.blur(); window.scrollTo(0, 0); }")
    for presses in range(1, 31):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.matches('.lo-skip-link')"):
            page.keyboard.press("Enter")
        elif page.evaluate("() => !!document.activeElement.closest('.jupyter-widgets')"):
            return presses
    return 99


#: Tab stops that are neither controls nor named regions: formulas, cell and output boxes.
IDLE_TAB_STOPS = """() => [...document.querySelectorAll(
    '.MathJax[tabindex], .MathJax_SVG[tabindex], .MathJax_Display [tabindex], '
    + '.jp-Cell-inputWrapper[tabindex], .jp-OutputArea-output[tabindex]')]
    .filter((el) => el.tabIndex >= 0 && !(el.getAttribute('role') === 'region'
        && el.getAttribute('aria-label')))
    .map((el) => el.className).slice(0, 5)"""
