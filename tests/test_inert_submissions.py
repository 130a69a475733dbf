"""Issue 40: what a student wrote never runs in the browser of whoever opens it.

A written answer ``My proof. <img src=x onerror="...">`` ran in the lecturer's browser when
nbgrader's formgrader showed the submission (with the lecturer's session: it set its own
grades to the maximum) and again in the feedback page.  Here the attack notebook, with a
classmate's honest one, is graded by the real ``grading autograde --feedback``; then the page
the formgrader serves for it (rendered as ``SubmissionHandler.get`` renders it, in
nbgrader/server_extensions/formgrader/handlers.py, with the exporter
``FormgradeExtension.init_tornado_settings`` builds from the course's nbgrader_config.py) and
its feedback page are opened in headless Chromium: no script of the student's runs, the
grades are those its honest content deserves, and the course folder is unchanged.
The wall behind the cleaning, the formgrader's Content-Security-Policy, is tested on the real
server with a notebook nothing was cleaned from in tests/test_formgrader_csp.py.
"""

from __future__ import annotations

import hashlib
import re
import uuid
from pathlib import Path

import nbformat
import pytest

from grading import assignment
from grading.inert import inert_markdown
from lightsout_edu.exercises import _bubblewrap
from tests.test_assignment import WRONG, filled

pytest.importorskip("nbgrader", reason="nbgrader is in the test extras (pip install -e '.[test]')")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.browser,
    pytest.mark.skipif(
        _bubblewrap.unavailable() is not None,
        reason=f"bubblewrap cannot sandbox here: {_bubblewrap.unavailable()}",
    ),
]

KERNEL = "kernel_and_solvability"
MARK = f"pwned{uuid.uuid4().hex[:8]}"
#: What a script of the student's would do if it ran: mark the page, and call home.
PAYLOAD = f"window.pwned = (window.pwned || 0) + 1; fetch('/{MARK}')"
#: The written answer of the issue, and other ways a notebook carries script.
ATTACK = f'My proof. <img src=x onerror="{PAYLOAD}"> So $y_i<y_j$ and $a>b$.'
MORE = [
    nbformat.v4.new_markdown_cell(f'<svg onload="{PAYLOAD}"></svg> <script>{PAYLOAD}</script>'),
    nbformat.v4.new_markdown_cell(f"[a link](javascript:{PAYLOAD})"),
    nbformat.v4.new_raw_cell(f"<script>{PAYLOAD}</script>", metadata={"raw_mimetype": "text/html"}),
    nbformat.v4.new_code_cell(
        "1",
        outputs=[
            nbformat.v4.new_output(
                "display_data",
                data={
                    "text/html": f'<img src=x onerror="{PAYLOAD}">',
                    "application/javascript": PAYLOAD,
                    "image/svg+xml": f'<svg onload="{PAYLOAD}"></svg>',
                    "text/plain": "1",
                },
            )
        ],
    ),
]


def attack_notebook(released: Path) -> nbformat.NotebookNode:
    """s0002's notebook: test_assignment.py's answers with mistakes, every written answer the
    attack, and more cells that carry script."""
    nb = filled(KERNEL, released, "s0002", WRONG[KERNEL])
    for cell in nb.cells:
        if cell.cell_type == "markdown" and cell.metadata.get("nbgrader", {}).get("solution"):
            cell.source = ATTACK
    nb.cells.extend(MORE)
    return nb


def course_files(root: Path) -> dict[str, str]:
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> dict:
    root = tmp_path_factory.mktemp("inert") / "course"
    released = assignment.release(root, [KERNEL])[KERNEL]
    for student, nb in (
        ("s0001", filled(KERNEL, released, "s0001", WRONG[KERNEL])),
        ("s0002", attack_notebook(released)),
    ):
        target = root / "submitted" / student / KERNEL
        target.mkdir(parents=True)
        nbformat.write(nb, target / f"{KERNEL}.ipynb")
    scores = assignment.autograde(root, [KERNEL], feedback=True)
    return {"root": root, "scores": scores[KERNEL]}


@pytest.fixture(scope="module")
def browser(chromium):
    """The shared headless Chromium (one sync Playwright per worker: a second one refuses to
    start beside it)."""
    return chromium


def formgrader_page(root: Path, notebook: Path, *, inert: bool = True) -> str:
    """The HTML the formgrader serves for ``notebook`` (nbgrader's formgrade template, the
    course's configuration); without ``inert``, as nbgrader would alone (the control)."""
    from nbconvert.exporters import HTMLExporter
    from nbgrader.server_extensions.formgrader import handlers
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader("nbgrader_config.py", path=str(root)).load_config()
    if not inert:
        config.HTMLExporter.preprocessors = []
    # FormgradeExtension.build_extra_config
    config.HTMLExporter.template_name = "formgrade"
    config.HTMLExporter.extra_template_basedirs = [handlers.template_path]
    resources = {  # SubmissionHandler.get
        "assignment_id": KERNEL,
        "notebook_id": KERNEL,
        "submission_id": "0",
        "index": 0,
        "total": 2,
        "base_url": "",
        "student": "s0002",
        "last_name": None,
        "first_name": None,
        "notebook_path": f"/{notebook.relative_to(root)}",
    }
    html, _ = HTMLExporter(config=config).from_filename(str(notebook), resources=resources)
    return html


def scripts_ran(browser, page_file: Path) -> dict:
    """Open ``page_file`` in Chromium; what the student's script did, if it ran."""
    page = browser.new_page()
    called: list[str] = []
    page.on("request", lambda request: called.append(request.url))
    try:
        page.goto(page_file.as_uri(), wait_until="load")
        page.wait_for_function("document.readyState === 'complete'")
        marked = page.evaluate("window.pwned || 0")
    finally:
        page.close()
    return {"marked": marked, "called": [url for url in called if MARK in url]}


def test_the_stored_submission_is_inert(course) -> None:
    stored = course["root"] / "autograded" / "s0002" / KERNEL / f"{KERNEL}.ipynb"
    text = stored.read_text(encoding="utf-8")
    for active in ("onerror", "onload", "<script", "javascript:", "application/javascript"):
        assert active not in text, active
    assert "My proof." in text and "y_i\\\\lt y_j" in text  # the answer and its maths kept


def test_the_grades_are_what_the_honest_content_deserves(course) -> None:
    # the attack carries test_assignment.py's answers with mistakes: 3 of 10, as s0001
    assert course["scores"] == {"s0001": 3.0, "s0002": 3.0}


def test_no_script_runs_in_the_formgrader_or_the_feedback(course, browser, tmp_path) -> None:
    root = course["root"]
    before = course_files(root)
    autograded = root / "autograded" / "s0002" / KERNEL / f"{KERNEL}.ipynb"
    submitted = root / "submitted" / "s0002" / KERNEL / f"{KERNEL}.ipynb"
    pages = {
        "formgrader": formgrader_page(root, autograded),
        # a notebook nbgrader stored before it was made inert: rendering cleans it too
        "formgrader, unclean notebook": formgrader_page(root, submitted),
        "feedback": (root / "feedback" / "s0002" / KERNEL / f"{KERNEL}.html").read_text(),
    }
    for name, html in pages.items():
        assert "My proof." in html, name
        page_file = tmp_path / f"{name}.html"
        page_file.write_text(html, encoding="utf-8")
        assert scripts_ran(browser, page_file) == {"marked": 0, "called": []}, name
    assert course_files(root) == before


def test_the_attack_runs_where_nothing_is_made_inert(course, browser, tmp_path) -> None:
    # the control: nbgrader's formgrader on the raw submission runs the student's script
    root = course["root"]
    submitted = root / "submitted" / "s0002" / KERNEL / f"{KERNEL}.ipynb"
    page_file = tmp_path / "raw.html"
    page_file.write_text(formgrader_page(root, submitted, inert=False), encoding="utf-8")
    ran = scripts_ran(browser, page_file)
    assert ran["marked"] >= 1 and ran["called"], ran


def test_written_maths_and_formatting_are_kept() -> None:
    answer = "**Proof.** For $i<j$, $$\\sum_{k>0} y_k = 0$$; *so* `0 <= r` & done:\n> quoted"
    assert inert_markdown(answer) == answer.replace("i<j", "i\\lt j").replace("k>0", "k\\gt 0")


#: A script a link can carry (a destination with no space, so markdown makes it a link).
LINKED = f"fetch('/{MARK}')"


@pytest.mark.parametrize(
    "link",
    [
        f"[a link](javascript:{LINKED})",
        f"[a link](javascript\\:{LINKED})",  # markdown's escaped colon: a colon in the href
        f"[a link](java\\script\\:{LINKED})",
        f"[a link]\n\n[a link]: javascript\\:{LINKED}",
        f"![a picture](javascript\\:{LINKED})",
    ],
    # named without the mark, which is drawn anew in each process: pytest-xdist's workers
    # must collect the same test names
    ids=["plain", "escaped colon", "escaped letter", "reference", "picture"],
)
def test_no_link_the_markdown_renderer_makes_leads_to_script(link: str) -> None:
    # nbconvert renders markdown with mistune's allow_harmful_protocols=True
    # (nbconvert/filters/markdown_mistune.py, IPythonRenderer): only the cleaning keeps a
    # javascript: link out of a feedback page, which no Content-Security-Policy guards
    from nbconvert.filters.markdown_mistune import markdown2html_mistune

    page = markdown2html_mistune(inert_markdown(link))
    assert not re.search(r"(href|src)=\"\s*javascript", page, re.I), page
