"""Issue 40 item 1: the lecturer's formgrader server lets no script a student wrote run.

A course is released and graded by the real commands; then s0002's stored notebook is replaced
by the raw attack, as if the cleaning (grading/inert.py) had let everything through, and the
course's nbgrader_config.py renders it without cleaning too; a script file the student handed
in lies beside it. ``python -m grading formgrader`` serves the course and headless Chromium
opens nbgrader's pages as the lecturer, logged in: on the formgrade page no script of the
student's runs (each is refused by the browser, which reports it), no grade changes and no
file is written, while nbgrader's page works: the lecturer grades and comments through it,
its maths typeset by the server's MathJax. Every other page of nbgrader's, and JupyterLab,
works with no script refused, and a link the student wrote to a page of nbgrader's that
writes the URL into the page runs nothing. The control opens the same pages with the policy
header taken out of the responses: the attack then runs, sets every grade to full marks and
writes its files.
"""

from __future__ import annotations

import contextlib
import hashlib
import html
import json
import os
import re
import secrets
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest

from grading import assignment
from grading.formgrader import content_security_policy, submission_files_policy
from lightsout_edu.exercises import _bubblewrap
from tests.browser_fixtures import USER_SETTINGS, free_port
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
#: The written answer graded by hand in KERNEL (3 points).
WRITTEN = "q5_answer"


def payload(vector: str) -> str:
    """What a student's script does with the lecturer's session: mark the page, write a file
    in the course folder (Jupyter's contents API) and give every grade of the submission full
    marks (nbgrader's API). No double quote and no ``%``: it goes into attributes and URLs."""
    return (
        f"/*{MARK}:{vector}*/(function () {{ var w = window.top, v = '{vector}';"
        " w.pwned = (w.pwned || []).concat([v]);"
        " var x = document.cookie.split('_xsrf=')[1].split(';')[0];"
        " var h = {'X-XSRFToken': x, 'Content-Type': 'application/json'};"
        f" fetch('/api/contents/{MARK}-' + v + '.txt', {{method: 'PUT', headers: h,"
        " body: JSON.stringify({type: 'file', format: 'text', content: v + Date.now()})});"
        " fetch('/formgrader/api/grades?submission_id=' + w.submission_id)"
        " .then(function (r) { return r.json(); }).then(function (grades) {"
        " grades.forEach(function (g) { g.manual_score = g.max_score;"
        " fetch('/formgrader/api/grade/' + g.id, {method: 'PUT', headers: h,"
        " body: JSON.stringify(g)}); }); }); })()"
    )


def _script(vector: str) -> str:
    return f"<script>{payload(vector)}</script>"


#: Each way the stored notebook carries script: where the formgrade page shows it.
VECTORS = {
    "inline": _script("inline"),
    "data": f'<script src="data:text/javascript,{urllib.parse.quote(payload("data"))}"></script>',
    "file": '<script src="evil.js"></script>',  # served by nbgrader from the submission folder
    "onerror": f'<img src="x" onerror="{payload("onerror")}">',
    "srcdoc": f'<iframe srcdoc="{html.escape(_script("srcdoc"))}"></iframe>',
    "link": f'<a id="student-link" href="javascript:{payload("link")}">my other proof</a>',
    # MathJax 2 runs these with eval: it would, under a policy that allowed eval
    "mathjax": f'<script type="text/x-mathjax-config">{payload("mathjax")}</script>',
}


#: A page handed in beside the notebook, which nbgrader serves on the lecturer's origin: a
#: script, and a refresh that would take the lecturer's tab to a page of the student's choice
#: (here the server's status, which is there to be reached).
HANDED_IN_PAGE = (
    '<html><head><meta http-equiv="refresh" content="0; url=/api/status"></head>'
    f"<body><p>Open me</p>{_script('page')}</body></html>"
)


def attack_notebook(released: Path) -> nbformat.NotebookNode:
    """s0002's notebook: test_assignment.py's answers with mistakes, the written answer every
    vector, an output script (nbconvert wraps it in a ``<script>`` of its own template)."""
    nb = filled(KERNEL, released, "s0002", WRONG[KERNEL])
    for cell in nb.cells:
        if cell.metadata.get("nbgrader", {}).get("grade_id") == WRITTEN:
            cell.source = "\n\n".join(["My proof.", *VECTORS.values()])  # a block each
    output = nbformat.v4.new_output(
        "display_data",
        data={"application/javascript": payload("output"), "text/plain": "1"},
    )
    nb.cells.append(nbformat.v4.new_code_cell("1", outputs=[output]))
    return nb


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The course graded, s0002's stored notebook the raw attack and rendered uncleaned."""
    root = tmp_path_factory.mktemp("formgrader") / "course"
    released = assignment.release(root, [KERNEL])[KERNEL]
    attack = attack_notebook(released)
    for student, nb in (
        ("s0001", filled(KERNEL, released, "s0001", WRONG[KERNEL])),
        ("s0002", attack),
    ):
        target = root / "submitted" / student / KERNEL
        target.mkdir(parents=True)
        nbformat.write(nb, target / f"{KERNEL}.ipynb")
    assignment.autograde(root, [KERNEL])
    stored = root / "autograded" / "s0002" / KERNEL
    nbformat.write(attack, stored / f"{KERNEL}.ipynb")
    (stored / "evil.js").write_text(payload("file"), encoding="utf-8")
    (stored / "page.html").write_text(HANDED_IN_PAGE, encoding="utf-8")
    with open(root / "nbgrader_config.py", "a", encoding="utf-8") as config:
        config.write("\nc.HTMLExporter.preprocessors = []  # the test: no cleaning at all\n")
    return root


@dataclass(frozen=True)
class Server:
    """``python -m grading formgrader`` running on the course."""

    url: str
    token: str
    course: Path

    def get(self, path: str) -> tuple[str, str]:
        """The page at ``path`` (logged in with the token): its policy header and its text."""
        separator = "&" if "?" in path else "?"
        with urllib.request.urlopen(f"{self.url}{path}{separator}token={self.token}") as got:
            return got.headers["Content-Security-Policy"], got.read().decode()

    def api(self, path: str) -> list[dict]:
        return json.loads(self.get(path)[1])

    def submission_id(self, student: str) -> str:
        (found,) = [
            s["id"]
            for s in self.api(f"/formgrader/api/submitted_notebooks/{KERNEL}/{KERNEL}")
            if s["student"] == student
        ]
        return str(found)

    def submission(self, student: str) -> str:
        """The formgrade page of ``student``'s notebook."""
        return f"/formgrader/submissions/{self.submission_id(student)}/"

    def grades(self, student: str) -> dict[str, dict]:
        """nbgrader's grades of ``student``'s notebook, by name."""
        grades = self.api(f"/formgrader/api/grades?submission_id={self.submission_id(student)}")
        return {grade["name"]: grade for grade in grades}


@pytest.fixture(scope="module")
def server(course: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The lecturer's server, started as the README says, on a free port."""
    tmp = tmp_path_factory.mktemp("formgrader-server")
    token, port = secrets.token_hex(16), free_port()
    settings = tmp / "settings" / "@jupyterlab"
    for name, values in USER_SETTINGS.items():
        (settings / name).parent.mkdir(parents=True, exist_ok=True)
        (settings / name).write_text(json.dumps(values))
    env = {k: v for k, v in os.environ.items() if k != "JUPYTER_PATH"}
    env.update(
        JUPYTER_CONFIG_DIR=str(tmp / "config"),
        JUPYTER_RUNTIME_DIR=str(tmp / "runtime"),
        JUPYTER_DATA_DIR=str(tmp / "data"),
        IPYTHONDIR=str(tmp / "ipython"),
        JUPYTER_PLATFORM_DIRS="1",
    )
    lab = [
        f"--port={port}", "--ServerApp.ip=127.0.0.1", f"--IdentityProvider.token={token}",
        "--no-browser", "--allow-root",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
        f"--LabApp.user_settings_dir={tmp / 'settings'}",
    ]  # fmt: skip
    log = open(tmp / "server.log", "wb")  # noqa: SIM115 (closed below)
    started = subprocess.Popen(
        [sys.executable, "-m", "grading", "formgrader", "--course", str(course), "--", *lab],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2):
                    break
            except (urllib.error.URLError, ConnectionError):
                if started.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(
                        "the formgrader did not start:\n" + (tmp / "server.log").read_text()
                    )
                time.sleep(0.5)  # polling the status API
        yield Server(url, token, course)
    finally:
        os.killpg(started.pid, signal.SIGTERM)
        started.wait(30)
        log.close()


def course_files(root: Path) -> dict[str, str]:
    """Each file of the course and its hash; of the gradebook's write-ahead log
    (grading/gradebook_journal.py), what a write leaves: the log once it holds anything, not
    the index SQLite rewrites on every read (``-shm``) nor the empty log a reader opens."""
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
        and ".jupyter" not in p.parts
        and not p.name.endswith(".db-shm")
        and not (p.name.endswith(".db-wal") and p.stat().st_size == 0)
    }


@contextlib.contextmanager
def lecturer_page(chromium, server: Server, *, policy: bool = True):
    """A page logged in as the lecturer that records the policy violations the browser
    reports (``window.violations``); without ``policy``, the server's policy header is taken
    out of every response (the control)."""
    context = chromium.new_context()
    page = context.new_page()
    if not policy:

        def without_policy(route):
            response = route.fetch()
            headers = {k: v for k, v in response.headers.items() if k != "content-security-policy"}
            route.fulfill(response=response, headers=headers)

        page.route(f"{server.url}/formgrader/**", without_policy)
    page.add_init_script(  # in every frame: a frame's refusals are counted in the page's
        "if (window === window.top) window.violations = [];"
        "document.addEventListener('securitypolicyviolation', e => window.top.violations.push("
        "{directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample}));"
    )
    page.goto(f"{server.url}/api/status?token={server.token}")  # logs in (a cookie)
    try:
        yield page
    finally:
        page.unroute_all(behavior="ignoreErrors")  # requests the page still had on their way
        context.close()


def refused(violation: dict) -> str | None:
    """The vector of the student's a refusal is about, if it is one of theirs."""
    if (marked := re.search(f"{MARK}:(\\w+)", violation["sample"])) is not None:
        return marked[1]
    if violation["sample"].lstrip().startswith("var element = $("):
        return "output"  # nbconvert's script around an output's JavaScript (classic/base)
    if violation["blocked"] == "eval":
        return "mathjax"  # MathJax tries eval, once, for the block: nothing else on the page does
    if violation["blocked"] == "data":
        return "data"
    return "file" if violation["blocked"].endswith("/evil.js") else None


def open_formgrade_page(page, server: Server) -> None:
    page.goto(server.url + server.submission("s0002"))
    page.wait_for_selector(f"input.score#{WRITTEN}")
    page.wait_for_load_state("networkidle")
    page.click("#student-link")
    page.wait_for_load_state("networkidle")


def test_no_script_of_the_student_s_runs_in_the_formgrader(chromium, server: Server) -> None:
    files, grades = course_files(server.course), server.grades("s0002")
    with lecturer_page(chromium, server) as page:
        open_formgrade_page(page, server)
        ran = page.evaluate("window.pwned")
        violations = page.evaluate("window.violations")
        text = page.inner_text("body")
        works = page.evaluate("formgrader.loaded && formgrader.grades.loaded")  # nbgrader's
    assert ran is None
    assert works
    assert {refused(v) for v in violations} - {None} == {*VECTORS, "output"}, violations
    assert all(refused(v) for v in violations), violations
    assert "My proof." in text  # the answer is shown, its scripts are not run
    assert server.grades("s0002") == grades
    assert course_files(server.course) == files


def test_the_attack_runs_without_the_policy(chromium, server: Server) -> None:
    # the control: the same page, the policy header taken out of the server's responses
    files = course_files(server.course)
    written = {f"{MARK}-{vector}.txt" for vector in [*VECTORS, "output"]}

    def done() -> bool:
        now = course_files(server.course)
        full = all(g["manual_score"] == g["max_score"] for g in server.grades("s0002").values())
        return full and all(now.get(name, files.get(name)) != files.get(name) for name in written)

    with lecturer_page(chromium, server, policy=False) as page:
        open_formgrade_page(page, server)
        page.wait_for_function(f"() => (window.pwned || []).length == {len(written)}")
        ran = sorted(page.evaluate("window.pwned"))
        deadline = time.monotonic() + 20
        while not done() and time.monotonic() < deadline:
            time.sleep(0.2)  # polling the server: the page's requests are on their way
    assert ran == sorted([*VECTORS, "output"])
    assert done()  # every grade full marks, a file written by each script


def test_the_lecturer_grades_and_comments_through_the_page(chromium, server: Server) -> None:
    comment = "Clear, but the rank is not justified."
    with lecturer_page(chromium, server) as page:
        page.goto(server.url + server.submission("s0001"))
        # nbgrader's page has loaded (a function: an expression would be run with eval,
        # which the policy refuses)
        page.wait_for_function("() => formgrader.loaded && formgrader.grades.loaded")
        page.wait_for_selector(".MathJax")  # maths typeset, by the server's MathJax
        page.fill(f"input.score#{WRITTEN}", "2")
        page.fill(f"textarea#{WRITTEN}-comment", comment)
        page.keyboard.press("Tab")
        page.wait_for_load_state("networkidle")
        page.click("span.name-hidden.glyphicon")  # an inline handler of nbgrader's (its hash)
        shown = page.is_visible("a.name-shown")
        violations = page.evaluate("window.violations")
    assert violations == []
    assert shown  # the student's name, shown by toggle_name(true)
    assert server.grades("s0001")[WRITTEN]["manual_score"] == 2.0
    comments = server.api(f"/formgrader/api/comments?submission_id={server.submission_id('s0001')}")
    assert comment in [c["manual_comment"] for c in comments]


#: nbgrader's other pages, what each lists once its scripts ran, and a link of each that
#: runs an inline handler of nbgrader's (allowed by its hash) and what it shows.
PAGES = {
    "/formgrader/manage_assignments": (KERNEL, ("link", "Add new assignment..."), ".modal-title"),
    f"/formgrader/manage_submissions/{KERNEL}": ("s0002", None, None),
    "/formgrader/gradebook": (KERNEL, None, None),
    f"/formgrader/gradebook/{KERNEL}": (KERNEL, None, None),
    f"/formgrader/gradebook/{KERNEL}/{KERNEL}": (
        "Submission #2",
        ("button", "Show All Names"),
        "a.name-shown",
    ),
    "/formgrader/manage_students": ("s0002", ("link", "Add new student..."), ".modal-title"),
    "/formgrader/manage_students/s0002": (KERNEL, None, None),
    f"/formgrader/manage_students/s0002/{KERNEL}": (KERNEL, None, None),
}


@pytest.mark.parametrize("path", PAGES)
def test_every_page_of_nbgrader_s_works_under_the_policy(chromium, server: Server, path) -> None:
    listed, link, shown = PAGES[path]
    with lecturer_page(chromium, server) as page:
        page.goto(server.url + path)
        page.wait_for_function(
            "text => document.querySelector('#main-table').innerText.includes(text)", arg=listed
        )
        if link is not None:
            role, name = link
            page.get_by_role(role, name=name).click()
            page.wait_for_selector(shown)
        assert page.evaluate("window.violations") == []


@pytest.mark.parametrize("path", ["/lab", "/tree"])
def test_jupyterlab_works_under_the_policy(chromium, server: Server, path) -> None:
    with lecturer_page(chromium, server) as page:
        page.goto(server.url + path)
        page.wait_for_selector(".jp-DirListing-item[title*='autograded']", timeout=60_000)
        assert page.evaluate("window.violations") == []


def test_each_response_has_a_nonce_of_its_own_before_the_student_s_part(server: Server) -> None:
    """A student's tag left open cannot take in a nonced tag: nbgrader's are all before it."""
    pages = [server.get(server.submission("s0002")) for _ in range(2)]
    nonces = [re.search(r"script-src 'nonce-([^']+)'", policy)[1] for policy, _ in pages]
    assert nonces[0] != nonces[1]
    for (_, text), nonce in zip(pages, nonces, strict=True):
        assert text.count(f'nonce="{nonce}"') >= 10  # nbgrader's scripts, in head and nav
        assert text.rindex(f'nonce="{nonce}"') < text.index("My proof.")
    policy, _ = server.get("/lab")
    assert policy == content_security_policy()


def test_a_link_the_student_wrote_cannot_write_into_nbgrader_s_scripts(
    chromium, server: Server
) -> None:
    """nbgrader writes the URL's assignment id into an inline script of its own, and into the
    page, unescaped: a link to it could end the string there, or add an element."""
    injected = 'x";top.pwned="string";"<img src=x onerror=top.pwned=404>'  # no "/" in a path
    path = "/formgrader/gradebook/" + urllib.parse.quote(injected, safe="")
    for policy in (True, False):
        with lecturer_page(chromium, server, policy=policy) as page:
            page.goto(server.url + path)
            page.wait_for_load_state("networkidle")
            ran = page.evaluate("window.pwned")
            assigned = page.evaluate("assignment_id")
        assert assigned == injected  # the value reaches nbgrader's script as a string
        assert ran == (None if policy else 404)  # the element: refused by the policy


@pytest.mark.parametrize("policy", [True, False])
def test_a_page_handed_in_beside_the_notebook_is_sandboxed(chromium, server: Server, policy):
    """nbgrader serves any file of the submission (``SubmissionFilesHandler``) on the
    lecturer's origin: opened, a page of the student's runs nothing and goes nowhere. Without
    the policy (the control) its refresh takes the lecturer's tab away."""
    address = server.submission("s0002") + "page.html"
    header, _ = server.get(address)
    assert header == submission_files_policy()
    files = course_files(server.course)
    with lecturer_page(chromium, server, policy=policy) as page:
        page.goto(server.url + address)
        page.wait_for_timeout(1500)  # the refresh, where it may, and the script's requests
        stayed = page.url.split("?")[0].endswith("/page.html")
        shown = page.inner_text("body") if stayed else ""
    assert stayed == policy, page.url
    if policy:
        assert "Open me" in shown  # the page is shown, as a page of its own
        assert course_files(server.course) == files  # its script wrote nothing
