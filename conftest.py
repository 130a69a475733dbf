"""Root pytest configuration: what the one `pytest` run (make test) collects."""

# The notebooks' jupytext twins (notebooks/**/*.py) are the notebooks as scripts: nbval runs
# the .ipynb, so the scripts must not also be imported as doctest modules.  The browser test
# drives its own notebook in JupyterLab; nbval must not run it on its own.
collect_ignore_glob = [
    "notebooks/*.py",
    "notebooks/**/*.py",
    "tests/browser/*",
    "benchmarks/*",
    "tools/*",
    "site/*",
    "handouts/*",
]
