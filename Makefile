# The two commands of the course (see README.md):
#   make lab    create .venv, install the course and open JupyterLab on notebooks/
#   make test   create/refresh .venv, install the test tools (and Chromium, Node.js if missing),
#               then check formatting, types and run every test
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
LAB_ARGS ?=
PYTEST_ARGS ?=

.PHONY: lab test bench lint notebooks clean site handouts slides assignment system-tools frontend

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip

$(VENV)/.course-installed: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -e ".[course]"
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -e ".[course,test]"
	touch $@ $(VENV)/.course-installed

system-tools:
	@bash tools/system_tools.sh

# JupyterLab on notebooks/ (as root too), quiet, and saving a lecture keeps git clean: tools/lab.py
lab: $(VENV)/.course-installed
	$(PY) -m tools.lab $(LAB_ARGS)

test: $(VENV)/.test-installed system-tools
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	$(PY) -m pytest $(PYTEST_ARGS)

lint: $(VENV)/.test-installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

# Speed against M4RI, ldpc, galois, python-flint and sympy; writes benchmarks/results.json.
bench: $(VENV)/.test-installed
	@bash tools/system_tools.sh bench
	$(PY) -m pip install -e ".[bench]"
	$(PY) -m benchmarks --widgets

# The widgets' front end: frontend/src bundled by esbuild into lightsout_edu/widgets/static/
# (committed, so installing the package needs no npm; a test checks the bundles are current).
frontend:
	cd frontend && npm ci --no-audit --no-fund --ignore-scripts && node build.mjs

# Re-execute every notebook in place (stores outputs and widget state) and re-pair it.
notebooks: $(VENV)/.test-installed
	$(PY) -m tests.execute_notebooks

clean:
	rm -rf $(VENV) build *.egg-info test-artifacts site handouts slides assignment

# The course as a static web site that works offline: open site/index.html.
# SITE_ARGS=--no-solutions leaves exercise solutions out instead of folding them away.
SITE_ARGS ?=
site: $(VENV)/.test-installed system-tools
	$(PY) -m tools.build_site --notebooks notebooks --out site $(SITE_ARGS)

# Reveal.js slide decks of the lectures, offline: open slides/index.html.
slides: $(VENV)/.test-installed system-tools
	$(PY) -m tools.build_slides --notebooks notebooks --out slides

# handouts/student: notebooks without the cells tagged "solution"; handouts/teacher: as they are.
handouts: $(VENV)/.course-installed
	$(PY) -m tools.make_handouts --notebooks notebooks --out handouts

# The graded assignment (nbgrader): release the student version into assignment/release.
assignment: $(VENV)/.test-installed
	$(PY) -m tools.assignment release --out assignment
