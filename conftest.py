"""Root pytest configuration: what the one `pytest` run (make test) collects."""

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


def pytest_collection_modifyitems(items):
    """nbval's notebook cells carry the ``notebook`` marker, so ``-m "not notebook"`` works."""
    import pytest

    for item in items:
        if item.nodeid.endswith(".ipynb") or ".ipynb::" in item.nodeid:
            item.add_marker(pytest.mark.notebook)
