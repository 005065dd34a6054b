# The evalkit course. Two commands do all the set-up on a fresh machine:
#   make lab    create .venv, install, open JupyterLab at the first notebook
#   make test   create .venv, install, run the unit tests and every notebook (its outputs checked)
# Only python3 (3.10 or newer) and make are needed; everything else is installed into .venv.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
SITE_STAMP := $(VENV)/.installed-site
LAB_ARGS ?=
PYTEST_ARGS ?=
# pytest without nbval's plugin, where nbval is not used: the plugin imports nbformat and so
# jsonschema with its IRI parsers (2 s of CPU), which tests/conftest.py otherwise leaves out
NO_NBVAL := -p no:nbval
TIMED  := $(BIN)/python tools/timed.py
# Every headless execution has a per-cell limit, so that a hang fails (naming the notebook and the
# cell) instead of stalling: tools/kernel.py's CELL_TIMEOUT for make notebooks, the student copies,
# make stress-headless and the benchmarks; the same 120 s for nbval here (its default is 2000 s).
CELL_TIMEOUT := 120
NBVAL  := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg \
          --nbval-cell-timeout=$(CELL_TIMEOUT)
# Notebook kernels run offline and strict: no network but loopback, no writes into the
# repository, warnings from evalkit are errors (tests/offline); a run that changed the
# repository fails (conftest.py).
NOTEBOOK_ENV := IPYTHONDIR=$(CURDIR)/tests/offline/ipython EVALKIT_STRICT_REPOSITORY=1

# JupyterLab must not reach out to the internet for news or update checks, nor ask whether to:
# tools/lab-settings/overrides.json sets the notification plugin's fetchNews to "false".
LAB_OFFLINE := --LabApp.news_url=None \
               --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate \
               --LabApp.app_settings_dir=$(CURDIR)/tools/lab-settings

.PHONY: install lab lab-fresh lab-fresh-all test test-unit test-unit-a test-unit-b test-notebooks \
        test-notebook-outputs test-rounds test-browser test-browser-site \
        test-browser-notebooks-a test-browser-notebooks-b test-thorough lint notebooks html \
        student assign grade bench atlas stress-headless clean

install: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Re-installed whenever pyproject.toml changes; quick when nothing did.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[notebooks,test]"
	touch $(STAMP)

# The website's packages (the `site` extra: Sphinx, MyST-NB, the book theme, a local MathJax),
# installed on first use by `make html` and the browser tests; `make install` stays lighter.
$(SITE_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[site]"
	touch $(SITE_STAMP)

# JupyterLab opens the student's working copies in work/ (ignored by git), made on first use and
# never overwritten (tools/work_copies.py), so that autosave leaves the committed notebooks alone
# and `git pull` brings course updates without merge conflicts. `make lab-fresh NB=08` replaces
# one copy by the course's current version, `make lab-fresh-all` every copy; each old copy is
# kept as work/NAME.old-<date>.ipynb.
WORK ?= work
lab: install
	@$(BIN)/python tools/work_copies.py --dest $(WORK)
	$(BIN)/jupyter lab $(WORK)/00_start_here.ipynb $(LAB_OFFLINE) $(LAB_ARGS)

NB ?=
lab-fresh: install
	@test -n "$(NB)" || { echo "make lab-fresh NB=08: say which notebook (or make lab-fresh-all)"; exit 2; }
	@$(BIN)/python tools/work_copies.py --dest $(WORK) --fresh "$(NB)"

lab-fresh-all: install
	@$(BIN)/python tools/work_copies.py --dest $(WORK) --fresh all

# The parts run in two rounds: first the three browser parts at the same time (the website, and
# the notebooks in two ranges, each with its own JupyterLab), then the unit tests in two halves
# and test-notebook-outputs. Each part mostly waits on a kernel or the browser at some moment,
# so three at a time keep both cores busy; all six at once spent 5-10 % more CPU on the same
# work (time-slicing more processes, and the browser tests' waits poll longer when everything is
# slower): on a slow host 566 s of CPU and 294 s of wall time against 511 s and 271 s, on a host
# twice as fast 257-265 s against 238-255 s of CPU, the wall time the same within its noise
# (132-137 s against 132-148 s). A queue of three (the second round's parts starting as soon as
# the first round's parts end, make -k -j3) took 144-147 s and 256-261 s. The second round runs
# even when the first failed, and `make test` fails if either did. -O prints each part's output
# in one piece when it ends. Each part's wall time goes to build/test-times/ (tools/timed.py;
# benchmarks/RESULTS.md shows them). Every notebook is executed once: in JupyterLab where the
# browser tests run, else under nbval (test-notebook-outputs, in the second round beside the
# unit tests).
TEST_ROUND_1 := test-browser-site test-browser-notebooks-a test-browser-notebooks-b
TEST_ROUND_2 := test-unit-a test-unit-b test-notebook-outputs
TEST_PARTS := $(TEST_ROUND_1) $(TEST_ROUND_2)
test: install $(SITE_STAMP)
	@rm -rf build/test-times
	@$(TIMED) "make test (after install): every part, in two rounds" -- \
		$(MAKE) --no-print-directory test-rounds

test-rounds:
	@status=0; \
	$(MAKE) --no-print-directory -j3 -O $(TEST_ROUND_1) || status=1; \
	$(MAKE) --no-print-directory -j3 -O $(TEST_ROUND_2) || status=1; \
	exit $$status

test-unit: install
	@$(TIMED) "make test: unit and property tests" -- \
		$(BIN)/python -m pytest $(NO_NBVAL) tests evalkit --ignore=tests/browser $(PYTEST_ARGS)

# The unit tests in two halves of about the same CPU time: these files, and all the others
# (a new test file goes to the second half). Measured one after the other on an idle 2-core
# machine (pytest --durations=0, summed by file): these 106 s, the others 100 s, of which
# test_grade.py waits 10 s on a stuck cell.
UNIT_A := tests/test_independent.py tests/test_intervals.py tests/test_properties.py \
          tests/test_packaging.py tests/test_extremes.py tests/test_lab.py tests/test_cli.py \
          tests/test_atlas.py tests/test_paired.py tests/test_headless.py
test-unit-a: install
	@$(TIMED) "make test: unit and property tests, first half" -- \
		$(BIN)/python -m pytest $(NO_NBVAL) $(UNIT_A) $(PYTEST_ARGS)

test-unit-b: install
	@$(TIMED) "make test: unit and property tests, second half" -- \
		$(BIN)/python -m pytest $(NO_NBVAL) tests evalkit --ignore=tests/browser \
		$(addprefix --ignore=,$(UNIT_A)) $(PYTEST_ARGS)

# Every notebook once under nbval. The committed outputs come from another fresh kernel
# (make notebooks), so passing means two independent runs agree: the determinism check.
test-notebooks: install
	@$(TIMED) "make test: every notebook under nbval" -- \
		env $(NOTEBOOK_ENV) $(BIN)/python -m pytest $(NBVAL) notebooks $(PYTEST_ARGS)

# The same check inside `make test`, made once. Where the browser tests run, they make it: they
# execute every notebook in JupyterLab anyway (the student copy by Run All, then the solutions
# in the same kernel) and compare every output with the committed one by nbval's rules
# (tests/notebook_outputs.py), so nbval would execute each notebook a second time for the same
# check. Without Chromium or Playwright (python -m tests.browser.available says which), nbval.
test-notebook-outputs: install
	@if $(BIN)/python -m tests.browser.available 2>/dev/null; then \
		echo "make test: every notebook's outputs are compared with the committed ones in the" \
		     "browser parts (notebooks 00-06 and 07-14 in JupyterLab); make test-notebooks runs nbval"; \
	else \
		$(MAKE) --no-print-directory test-notebooks; \
	fi

# More of everything (several minutes): the property tests with 2000 examples each instead of
# 60, the student copies executed here as well as in the browser, and every notebook under nbval
# as well (a third independent run, after the committed one and the browser's).
test-thorough: install
	HYPOTHESIS_PROFILE=thorough EVALKIT_RUN_STUDENT_COPIES=1 EVALKIT_THOROUGH=1 \
		$(BIN)/python -m pytest tests \
		evalkit --ignore=tests/browser $(PYTEST_ARGS)
	$(NOTEBOOK_ENV) $(BIN)/python -m pytest $(NBVAL) notebooks -q $(PYTEST_ARGS)

# JupyterLab (every student copy run and then its solutions, every output compared with the
# committed one, every widget control moved) and the static site in headless Chromium (skipped,
# with the reason, without Chromium)
test-browser: test-browser-site test-browser-notebooks-a test-browser-notebooks-b

test-browser-site: $(SITE_STAMP)
	@$(TIMED) "make test: browser, the website" -- \
		$(BIN)/python -m pytest $(NO_NBVAL) tests/browser/test_site.py -rs $(PYTEST_ARGS)

test-browser-notebooks-a: $(SITE_STAMP)
	@$(TIMED) "make test: browser, notebooks 00-06 in JupyterLab" -- \
		env EVALKIT_BROWSER_NOTEBOOKS=00-06 \
		$(BIN)/python -m pytest $(NO_NBVAL) tests/browser/test_widgets.py -rs $(PYTEST_ARGS)

test-browser-notebooks-b: $(SITE_STAMP)
	@$(TIMED) "make test: browser, notebooks 07-14 in JupyterLab" -- \
		env EVALKIT_BROWSER_NOTEBOOKS=07-14 \
		$(BIN)/python -m pytest $(NO_NBVAL) tests/browser/test_widgets.py -rs $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check evalkit tests notebooks tools benchmarks conftest.py
	$(BIN)/ruff format --check evalkit tests tools benchmarks conftest.py

# Re-execute every notebook top to bottom in a fresh kernel and store the outputs
# (run this after changing a notebook or evalkit, then review the diff and commit).
notebooks: install
	IPYTHONDIR=$(CURDIR)/tests/offline/ipython $(BIN)/python tools/run_notebooks.py notebooks/*.ipynb

# The course website as a book (Sphinx, MyST-NB, sphinx-book-theme), from the committed outputs
# (`make notebooks` refreshes them); builds offline, MathJax included. Open build/html/index.html.
html: $(SITE_STAMP)
	$(BIN)/python tools/build_site.py build/html

# Time evalkit against SciPy/scikit-learn, `import evalkit`, every notebook and widget
# and, once, the whole of `make test` with its browser latencies (about 12 minutes); writes
# benchmarks/RESULTS.md. `benchmarks/run_all.py --quick` is a quick check.
bench: install
	$(BIN)/python benchmarks/run_all.py

# Headless execution under stress (not part of make test): every notebook and every student copy
# executed N times, two at a time, each as make notebooks executes it (tools/kernel.py: a fresh
# kernel, a per-cell limit); prints every hang and failure with the notebook and the cell, then
# the counts and the slowest cell (also in build/stress-headless/). One round (30 executions) took
# 1.8 min on an idle 2-core machine, 8-9 min under nice -n 19 at a load average of 10-12.
N ?= 5
STRESS_ARGS ?=
stress-headless: install
	env $(NOTEBOOK_ENV) $(BIN)/python tools/stress_headless.py -n $(N) --jobs 2 \
		--log build/stress-headless/log.txt --report build/stress-headless/report.md $(STRESS_ARGS)

# The coverage atlas (evalkit.atlas): the measured coverage of every interval and the size of
# every test, exactly where the outcomes can be enumerated and by seeded simulation elsewhere
# (standard error ≤ 0.005), two worker processes; writes data/atlas.csv, then the figures into
# the docstrings (review the diff). `make test` measures a quick subset again (tests/test_atlas.py).
atlas: install
	$(BIN)/python benchmarks/measure_atlas.py
	$(BIN)/python tools/atlas_docstrings.py

# Student copies: every cell tagged 'solution' replaced by a placeholder, the exercises' checks
# (notebooks/checks) beside them.
student: install
	$(BIN)/python tools/student.py build/student

# A class with otter-grader (README: "Teaching with the course"): make assign writes the student
# copies with their checks (build/assign/student/, to hand out) and an autograder configuration
# per notebook (build/assign/autograder/); make grade SUBMISSIONS=dir executes every handed-in
# notebook (a folder per student, or a file per student) in a fresh kernel, runs all its checks
# and writes build/grades.csv: a row per student, a column per exercise. Locally, without Docker
# (otter run); a cell that runs over CELL_TIMEOUT seconds is interrupted and noted.
assign: install
	$(BIN)/python tools/assign.py build/assign

SUBMISSIONS ?=
GRADES ?= build/grades.csv
grade: install
	@test -n "$(SUBMISSIONS)" || { echo "make grade SUBMISSIONS=dir: say where the notebooks are"; exit 2; }
	$(BIN)/python tools/grade.py "$(SUBMISSIONS)" --out "$(GRADES)" --timeout $(CELL_TIMEOUT)

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis .ruff_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name '*.egg-info' -type d -prune -exec rm -rf {} +
