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


#: Session fixtures that make a test what the marker says, whatever its file: a real
#: browser, or a build of the whole site and its slides (half a minute).
MARKED_BY_FIXTURE = {"chromium": "browser", "lab_server": "browser", "course_site": "slow"}


def pytest_collection_modifyitems(items):
    """nbval's notebook cells carry the ``notebook`` marker, so ``-m "not notebook"`` works;
    a test that needs a browser or the built site is ``browser`` or ``slow`` (make check
    leaves them out)."""
    for item in items:
        if item.nodeid.endswith(".ipynb") or ".ipynb::" in item.nodeid:
            item.add_marker(pytest.mark.notebook)
        for fixture in getattr(item, "fixturenames", ()):
            if fixture in MARKED_BY_FIXTURE:
                item.add_marker(MARKED_BY_FIXTURE[fixture])


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
