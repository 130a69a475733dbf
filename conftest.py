"""Root pytest configuration: what the one `pytest` run (make test) collects."""

# The notebooks' jupytext twins (scripts/) are the notebooks as scripts: nbval runs the .ipynb,
# so the scripts must not also be imported as doctest modules.  The browser test drives its
# own notebook in JupyterLab; nbval must not run it on its own.
# One Chromium, one build of the site and its slides, one JupyterLab for all browser tests.
pytest_plugins = ["tests.browser_fixtures"]

collect_ignore_glob = [
    "scripts/*",
    "tests/browser/*",
    "benchmarks/*",
    "tools/*",
    "site/*",
    "handouts/*",
]
