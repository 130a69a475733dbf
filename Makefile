# The two commands of the course (see README.md):
#   make lab    create .venv, install the course and open JupyterLab on notebooks/
#   make test   create/refresh .venv, install the test extras, run ruff and every test
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
LAB_ARGS ?=
PYTEST_ARGS ?=

.PHONY: lab test bench lint notebooks clean site handouts

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip

$(VENV)/.course-installed: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -e ".[course]"
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -e ".[course,test]"
	touch $@ $(VENV)/.course-installed

lab: $(VENV)/.course-installed
	$(PY) -m jupyter lab --notebook-dir=notebooks $(LAB_ARGS)

test: $(VENV)/.test-installed
	$(PY) -m ruff check .
	$(PY) -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.test-installed
	$(PY) -m pip install -e ".[bench]"
	$(PY) -m benchmarks

lint: $(VENV)/.test-installed
	$(PY) -m ruff check .

# Re-execute every notebook in place (stores outputs and widget state) and re-pair it.
notebooks: $(VENV)/.test-installed
	$(PY) -m tests.execute_notebooks

clean:
	rm -rf $(VENV) build *.egg-info test-artifacts


# The course as a static web site that works offline: open site/index.html.
# (Its MathJax comes from jupyter-server-mathjax, one of the test extras.)
# SITE_ARGS=--no-solutions leaves exercise solutions out instead of folding them away.
SITE_ARGS ?=
site: $(VENV)/.test-installed
	$(PY) -m tools.build_site --notebooks notebooks --out site $(SITE_ARGS)

# handouts/student: notebooks without the cells tagged "solution"; handouts/teacher: as they are.
handouts: $(VENV)/.course-installed
	$(PY) -m tools.make_handouts --notebooks notebooks --out handouts
