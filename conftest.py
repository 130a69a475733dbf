"""Root pytest configuration: what the one `pytest` run (make test) collects."""

import os

import pytest

# The notebooks' jupytext twins (scripts/) are the notebooks as scripts: nbval runs the .ipynb,
# so the scripts must not also be imported as doctest modules; nor may the notebooks a test
# builds from a script (tests/notebooks_as_scripts/), whose code is meant for a kernel.  The
# browser test drives its own notebook in JupyterLab; nbval must not run it on its own.
# One Chromium, one build of the site and its slides, one JupyterLab for all browser tests.
pytest_plugins = ["tests.browser_fixtures"]

collect_ignore_glob = [
    "scripts/*",
    "tests/browser/*",
    "tests/notebooks_as_scripts/*",
    "benchmarks/*",
    "tools/*",
    "site/*",
    "handouts/*",
]


#: Fixtures that make a test what the marker says, whatever its file: a real browser, or a
#: build of the whole site and its slides (half a minute), of the student edition or the
#: handouts (twenty seconds), or of the question bank (fifteen).
MARKED_BY_FIXTURE = {
    "chromium": "browser",
    "lab_server": "browser",
    "course_site": "slow",
    "student_repo": "slow",
    "handouts": "slow",
    "bank_files": "slow",
}


#: Test files whose tests share a costly session fixture: make test runs each group on one
#: pytest-xdist worker (:func:`pytest_xdist_make_scheduler`), so Chromium and the student
#: edition are still made once per group (the site once per run: its first worker builds it
#: for both groups that use it, tests/browser_fixtures.py); every other file is a group of its
#: own (a notebook's cells share one kernel, a module's tests its module fixtures).
SHARED = {
    "browser": (
        ("chromium", "lab_server", "course_site"),
        ("tests/test_browser.py", "tests/test_pdf.py", "tests/test_site.py"),
    ),
    # the slides' many decks on a worker of their own (five minutes the browser group's
    # worker would add); this group starts with the site, which the browser group then reuses
    "slides": (
        ("chromium", "course_site"),
        ("tests/test_slides.py", "tests/test_inert_submissions.py", "tests/test_formgrader_csp.py"),
    ),
    "student-edition": (
        ("student_repo",),
        ("tests/test_binder.py", "tests/test_course.py", "tests/test_handouts.py"),
    ),
}


#: The groups that take longest, longest first, as measured in a whole make test (seconds of
#: one worker: browser 500, slides 345, semester 215, hostile kernel 181, hub 155, hostile
#: class 141, assignments 79, student edition 45).  They start first, on whichever worker is
#: free: a long group that starts last keeps the run going on one worker while the others
#: idle.  Every other group follows, most tests first (pytest-xdist's own order).
LONGEST_FIRST = (
    "browser",
    "slides",
    "tests/test_semester.py",
    "tests/test_hostile_students.py",
    "tests/test_hub.py",
    "tests/test_hostile_submissions.py",
    "tests/test_assignment.py",
    "student-edition",
)


def worker_group(nodeid: str) -> str:
    """The group a test runs in: the shared fixture's group of its file, else its file."""
    file = nodeid.split("::")[0]
    for group, (_, files) in SHARED.items():
        if file in files:
            return group
    return file


def check_shared_fixtures(item: pytest.Item) -> None:
    """A test that uses a shared fixture must sit in a file of a group that shares it."""
    used = set(getattr(item, "fixturenames", ()))
    here = worker_group(item.nodeid)
    shared = set().union(*(fixtures for fixtures, _ in SHARED.values()))
    for fixture in sorted(used & shared):
        groups = [group for group, (fixtures, _) in SHARED.items() if fixture in fixtures]
        if here not in groups:
            raise pytest.UsageError(
                f"{item.nodeid} uses the session fixture {fixture!r}: list its file in "
                f"SHARED[{groups[0]!r}] in conftest.py, or it is built again on another worker"
            )


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """``--dist loadgroup`` (make test): whole groups to a worker (:func:`worker_group`).

    pytest-xdist's own loadgroup reads ``xdist_group`` marks by appending them to the node
    ids, which pytest 9.2 ignores (pytest-xdist issue 1386); this one needs no mark.
    """
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class SharedFixtureScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return worker_group(nodeid)

        def _assign_work_unit(self, node) -> None:
            """Before the first group goes out: the longest groups first (LONGEST_FIRST)."""
            if not getattr(self, "_ordered", False):
                self._ordered = True
                rank = {group: k for k, group in enumerate(LONGEST_FIRST)}
                order = sorted(
                    self.workqueue.items(),
                    key=lambda item: (rank.get(item[0], len(rank)), -len(item[1])),
                )
                self.workqueue.clear()
                self.workqueue.update(order)
            super()._assign_work_unit(node)

    return SharedFixtureScheduling(config, log)


def pytest_collection_modifyitems(items):
    """nbval's notebook cells carry the ``notebook`` marker, so ``-m "not notebook"`` works;
    a test that needs a browser or the built site is ``browser`` or ``slow`` (make check
    leaves them out); a test that uses a shared session fixture sits in its group's file."""
    for item in items:
        if item.nodeid.endswith(".ipynb") or ".ipynb::" in item.nodeid:
            item.add_marker(pytest.mark.notebook)
        for fixture in getattr(item, "fixturenames", ()):
            if fixture in MARKED_BY_FIXTURE:
                item.add_marker(MARKED_BY_FIXTURE[fixture])
        check_shared_fixtures(item)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    """A Chinese notebook (``*.zh.ipynb``) runs in a kernel that speaks Chinese.

    nbval starts a notebook's kernel while its first cell is set up; the kernel takes
    ``LIGHTSOUT_LANGUAGE`` from the environment then (see ``lightsout_edu._i18n``).
    """
    chinese = ".zh.ipynb" in item.nodeid
    before = os.environ.get("LIGHTSOUT_LANGUAGE")
    if chinese:
        os.environ["LIGHTSOUT_LANGUAGE"] = "zh"
    try:
        yield
    finally:
        if chinese:
            if before is None:
                os.environ.pop("LIGHTSOUT_LANGUAGE", None)
            else:
                os.environ["LIGHTSOUT_LANGUAGE"] = before
