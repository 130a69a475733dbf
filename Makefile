# The two commands of the course (see README.md):
#   make lab    create .venv, install the course and open JupyterLab on notebooks/
#   make test   create/refresh .venv, install the test tools (and Chromium, Node.js if missing),
#               then check formatting, types and run every test
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
LAB_ARGS ?=
PYTEST_ARGS ?=

.PHONY: lab test check bench lint notebooks clean site handouts FORCE student-repo slides assignment quiz pdf syllabus system-tools frontend hub

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --upgrade pip

$(VENV)/.course-installed: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -e ".[course]"
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -e ".[course,test]"
	touch $@ $(VENV)/.course-installed $(VENV)/.grading-installed $(VENV)/.quiz-installed $(VENV)/.hub-installed

system-tools:
	@bash tools/system_tools.sh

# JupyterHub's proxy (npm configurable-http-proxy, pinned in hub/proxy/package-lock.json)
HUB_PROXY := hub/proxy/node_modules/.bin/configurable-http-proxy
$(HUB_PROXY): hub/proxy/package-lock.json | system-tools
	npm ci --prefix hub/proxy --no-audit --no-fund
	touch $@

# JupyterLab on notebooks/ (as root too), quiet, and saving a lecture keeps git clean: tools/lab.py
lab: $(VENV)/.course-installed
	$(PY) -m tools.lab $(LAB_ARGS)

# Every test on every core (TEST_WORKERS=0 for one process): the tests that share a costly
# session fixture (Chromium and the built site, the student edition) and the cells of one notebook
# run on one worker (conftest.py), so each is built or executed once per group. The slowest
# 25 tests are listed at the end, to keep the whole run within its 12 minutes.
TEST_WORKERS ?= auto
test: $(VENV)/.test-installed system-tools $(HUB_PROXY)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy
	$(PY) -m pytest -n $(TEST_WORKERS) --dist loadgroup --durations=25 $(PYTEST_ARGS)

# The inner loop (under a minute): unit and property tests and doctests, no notebook, no
# browser, nothing marked slow, on every core (pytest-xdist; CHECK_WORKERS=0 for one
# process); --lf works (make check PYTEST_ARGS=--lf).
CHECK_WORKERS ?= auto
check: $(VENV)/.test-installed
	$(PY) -m pytest -q -n $(CHECK_WORKERS) -m "not browser and not notebook and not slow" --ignore-glob="*.ipynb" $(PYTEST_ARGS)

lint: $(VENV)/.test-installed
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

# Speed against M4RI, ldpc, galois, python-flint and sympy; writes benchmarks/results.json.
bench: $(VENV)/.test-installed $(HUB_PROXY)
	@bash tools/system_tools.sh bench
	$(PY) -m pip install -e ".[bench]"
	$(PY) -m benchmarks --widgets

# The widgets' front end: frontend/src bundled by esbuild into lightsout_edu/widgets/static/
# (committed, so installing the package needs no npm; a test checks the bundles are current).
frontend:
	cd frontend && npm ci --no-audit --no-fund --ignore-scripts && node build.mjs

# Re-execute every notebook in place (stores outputs and widget state) and re-pair it.
notebooks: $(VENV)/.test-installed
	$(PY) -m tools.execute_notebooks

clean:
	rm -rf $(VENV) build *.egg-info test-artifacts site handouts student-repo slides assignment pdf \
		quiz/moodle.xml quiz/canvas_qti.zip quiz/exam_bank.pdf quiz/answer_key.pdf \
		quiz/moodle.zh.xml quiz/canvas_qti.zh.zip quiz/exam_bank.zh.pdf quiz/answer_key.zh.pdf

# The course as a static web site that works offline: open site/index.html.
# SITE_ARGS=--no-solutions leaves exercise solutions out instead of folding them away.
# make site always builds; make pdf only when site/.built (written last, once the site is
# whole) is missing or older than a source or than site/.args (the SITE_ARGS it was built with).
SITE_ARGS ?=
SITE_SOURCES := $(shell find notebooks locale tools/site_assets lightsout_edu/strings \
	lightsout_edu/widgets -type f -not -name '*.pyc' -not -path '*/.ipynb_checkpoints/*') \
	tools/build_site.py tools/build_slides.py tools/offline_assets.py tools/page_links.py \
	tools/site_js/package-lock.json lightsout_edu/_i18n.py
define build_site
	rm -f site/.built
	$(PY) -m tools.build_site --notebooks notebooks --out site $(SITE_ARGS)
	echo '$(SITE_ARGS)' > site/.args
	touch site/.built
endef
site: $(VENV)/.test-installed system-tools
	$(build_site)
site/.built: $(SITE_SOURCES) site/.args | $(VENV)/.test-installed system-tools
	$(build_site)
site/.args: FORCE
	@mkdir -p site
	@echo '$(SITE_ARGS)' | cmp -s - $@ || echo '$(SITE_ARGS)' > $@
FORCE:

# Reveal.js slide decks of the lectures, offline: open slides/index.html.
slides: $(VENV)/.test-installed system-tools
	$(PY) -m tools.build_slides --notebooks notebooks --out slides

# handouts/student: notebooks without the cells tagged "solution"; handouts/teacher: as they are.
handouts: $(VENV)/.course-installed
	$(PY) -m tools.make_handouts --notebooks notebooks --out handouts

# student-repo: the student edition as a git repository (no solutions, guide or keys) to publish.
student-repo: $(VENV)/.course-installed
	$(PY) -m tools.student_repo --out student-repo

# The graded assignments (nbgrader), one per block of lectures: the student versions go to
# assignment/release/<name>/, the rubrics to assignment/rubrics/ (teacher-only: all of assignment/).
# Each stamp marks installed the extras its pip command installed, and no more (the test
# extra holds every other one): tests/test_make_install.py runs the targets in two orders.
$(VENV)/.grading-installed: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -e ".[course,grading]"
	touch $@ $(VENV)/.course-installed
$(VENV)/.quiz-installed: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -e ".[course,grading,pdf]"
	touch $@ $(VENV)/.course-installed $(VENV)/.grading-installed

assignment: $(VENV)/.grading-installed
	$(PY) -m grading release --out assignment

# The question bank (teacher-only): quiz/moodle.xml, quiz/canvas_qti.zip (QTI for Canvas),
# quiz/exam_bank.pdf, quiz/answer_key.pdf, and the same in Chinese (quiz/moodle.zh.xml, ...).
quiz: $(VENV)/.quiz-installed system-tools
	$(PY) -m quiz --out quiz

# A4 PDFs of the course printed from the site: pdf/student/ and pdf/teacher/ (tools/build_pdf.py);
# the site is built first only if it is missing or older than its sources.
pdf: $(VENV)/.test-installed system-tools site/.built
	$(PY) -m tools.build_pdf --site site --out pdf

# The students' syllabus (notebooks/reference/syllabus.ipynb) from notebooks/course.toml.
syllabus: $(VENV)/.test-installed
	$(PY) -m tools.syllabus

# A JupyterHub for a class on 127.0.0.1 (hub/), run as root: each student (any name, or the
# class list's: HUB_ARGS="--class-list class.csv") logs in with the printed password as a
# system user of their own and pulls the student edition (nbgitpuller); nbgrader's exchange
# between them and the instructor. Ctrl-C or SIGTERM stops it all. HUB_ARGS="--port 8001".
HUB_ARGS ?=
$(VENV)/.hub-installed: pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -e ".[course,grading,hub]"
	touch $@ $(VENV)/.course-installed $(VENV)/.grading-installed
hub: $(VENV)/.hub-installed $(HUB_PROXY) student-repo
	$(PY) -m hub --course student-repo $(HUB_ARGS)
