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
# evalkit's and tools/' bytecode, written once before the tests. Python keeps a module's bytecode
# in __pycache__ for the next import, except where PYTHONDONTWRITEBYTECODE is set (as in some
# containers): then each of make test's processes (the kernels, pytest, the subprocesses of the
# CLI's and the packaging tests) compiles evalkit again, 0.5 s of CPU each, about 30-40 s of CPU
# in all (a fresh clone's make test took 399-422 s of CPU without it, 353-356 s with it).
# compileall writes the files whatever that variable says, as pip does for installed packages;
# when they are up to date it only compares times.
COMPILE := $(BIN)/python -m compileall -q evalkit tools
# Every headless execution has a per-cell limit, so that a hang fails (naming the notebook and the
# cell) instead of stalling: tools/kernel.py's CELL_TIMEOUT for make notebooks, the student copies,
# make stress-headless and the benchmarks; the same 120 s for nbval here (its default is 2000 s).
CELL_TIMEOUT := 120
# -p tests.plain_nbformat: nbval's plugin imports nbformat without jsonschema's IRI parsers (2 s of
# CPU less per run; the module says why); -p no:hypothesispytest: no property test runs there, and
# hypothesis's plugin costs each run 1 s of CPU (its import and the rewriting of its asserts).
NBVAL  := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg \
          --nbval-cell-timeout=$(CELL_TIMEOUT) -p tests.plain_nbformat -p no:hypothesispytest
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
        test-notebooks-a test-notebooks-b test-browser test-browser-site test-student-copies \
        test-browser-notebooks-a test-browser-notebooks-b test-core-paths test-thorough lint notebooks html \
        student assign grade bench atlas stress-headless wheel clean

install: $(STAMP)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Re-installed whenever pyproject.toml changes; quick when nothing did. The build backend
# (setuptools, which the test extra needs anyway) is installed first and the editable install
# built with it (--no-build-isolation): an isolated build would download setuptools into a
# throw-away environment on every install.
BUILD_BACKEND := "setuptools>=70.1"
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip $(BUILD_BACKEND)
	$(BIN)/python -m pip install --quiet --no-build-isolation -e ".[notebooks,test]"
	touch $(STAMP)

# The website's packages (the `site` extra: Sphinx, MyST-NB, the book theme, a local MathJax),
# installed on first use by `make html` and the browser tests; `make install` stays lighter.
$(SITE_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet --no-build-isolation -e ".[site]"
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

# make test: the unit tests (in two halves) and every notebook under nbval (in two halves), the
# four parts at once (make -j4: each mostly waits on a kernel or a subprocess at some moment, so
# four keep both cores busy; -O prints each part's output in one piece when it ends). This is the
# everyday check, about three minutes on a 2-core machine; it needs no browser and not the
# site extra. The browser parts (JupyterLab and the website in headless Chromium, make
# test-browser) are checks of their own, run by CI (.ci/run) after make test: they cost as much
# CPU again, and on a 2-core machine make test with them inside took 308-394 s (580-750 s of CPU,
# bound by CPU; benchmarks/RESULTS.md). Each part's wall time goes to build/test-times/
# (tools/timed.py; benchmarks/RESULTS.md shows them).
TEST_PARTS := test-unit-a test-unit-b test-notebooks-a test-notebooks-b
test: install
	@rm -rf build/test-times
	@$(TIMED) "make test (after install): unit tests and every notebook, four parts at once" -- \
		sh -c '$(COMPILE) >/dev/null && $(MAKE) --no-print-directory -j4 -O $(TEST_PARTS)'

test-unit: install
	@$(TIMED) "make test: unit and property tests" -- \
		$(BIN)/python -m pytest $(NO_NBVAL) tests evalkit --ignore=tests/browser $(PYTEST_ARGS)

# The unit tests in two halves that end at about the same time: these files, and all the others
# (a new test file goes to the second half). The first half starts with the files that mostly
# wait (on a stuck cell or a cell over its limit, on a subprocess): test_grade (33 s of wall
# time, 12 s of CPU), test_headless (10 s, 2 s) and test_lab, so that their waits fall while the
# nbval parts still run and keep the other core busy (pytest keeps the order of files named one
# by one); for those waits it holds less CPU: measured one after the other on an idle 2-core
# machine (CPU time of each test and its subprocesses, summed by file), these 71 s, the others
# 87 s. In a fresh clone's make test the halves took 105 s and 99 s of CPU and ended 23 s apart
# with test_properties in the first half, 103 s and 105 s and 8 s apart with it in the second.
UNIT_A := tests/test_grade.py tests/test_headless.py tests/test_lab.py tests/test_independent.py \
          tests/test_intervals.py tests/test_packaging.py tests/test_extremes.py tests/test_cli.py \
          tests/test_atlas.py
test-unit-a: install
	@$(TIMED) "make test: unit and property tests, first half" -- \
		$(BIN)/python -m pytest $(NO_NBVAL) $(UNIT_A) $(PYTEST_ARGS)

test-unit-b: install
	@$(TIMED) "make test: unit and property tests, second half" -- \
		$(BIN)/python -m pytest $(NO_NBVAL) tests evalkit --ignore=tests/browser \
		$(addprefix --ignore=,$(UNIT_A)) $(PYTEST_ARGS)

# Every notebook once under nbval, in two halves for make test (00-06 and 07-15, about the same
# CPU). The committed outputs come from another fresh kernel (make notebooks), so passing means
# two independent runs agree: the determinism check.
NOTEBOOKS_A := $(sort $(wildcard notebooks/0[0-6]_*.ipynb))
NOTEBOOKS_B := $(filter-out $(NOTEBOOKS_A),$(sort $(wildcard notebooks/[0-9][0-9]_*.ipynb)))
test-notebooks: install
	@$(TIMED) "make test: every notebook under nbval" -- \
		env $(NOTEBOOK_ENV) $(BIN)/python -m pytest $(NBVAL) notebooks $(PYTEST_ARGS)

test-notebooks-a: install
	@$(TIMED) "make test: notebooks 00-06 under nbval" -- \
		env $(NOTEBOOK_ENV) $(BIN)/python -m pytest $(NBVAL) $(NOTEBOOKS_A) $(PYTEST_ARGS)

test-notebooks-b: install
	@$(TIMED) "make test: notebooks 07-15 under nbval" -- \
		env $(NOTEBOOK_ENV) $(BIN)/python -m pytest $(NBVAL) $(NOTEBOOKS_B) $(PYTEST_ARGS)

# More of everything (several minutes): the property tests with 2000 examples each instead of
# 60, the student copies executed here as well as in the browser, and every notebook under nbval
# as well (as make test does).
test-thorough: install
	HYPOTHESIS_PROFILE=thorough EVALKIT_RUN_STUDENT_COPIES=1 EVALKIT_RUN_CORE_PATHS=1 \
		EVALKIT_THOROUGH=1 \
		$(BIN)/python -m pytest tests \
		evalkit --ignore=tests/browser $(PYTEST_ARGS)
	$(NOTEBOOK_ENV) $(BIN)/python -m pytest $(NBVAL) notebooks -q $(PYTEST_ARGS)

# The browser parts, three at once (make -j3 -O): JupyterLab for notebooks 00-06 and for 07-15
# (each with its own server and page: every student copy run and then its solutions, every
# output compared with the committed one by nbval's rules, every widget control moved, answers
# typed and checked) and the static site, in headless Chromium; skipped, with the reason,
# without Chromium. CI runs them after make test (.ci/run). Three at a time keep both cores
# busy; the second range and the site mostly wait on the browser or a kernel at some moment.
# Without a browser (python -m tests.browser.available says why) those parts skip with the reason
# and the student copies are executed headless instead (test-student-copies), so that each is
# still run top to bottom in a folder without data/.
BROWSER_PARTS := test-browser-site test-browser-notebooks-a test-browser-notebooks-b test-core-paths
test-browser: $(SITE_STAMP)
	@parts="$(BROWSER_PARTS)"; \
	$(BIN)/python -m tests.browser.available || parts="$$parts test-student-copies"; \
	$(TIMED) "make test-browser (after install): JupyterLab and the website, three parts at once" -- \
		sh -c "$(COMPILE) >/dev/null && $(MAKE) --no-print-directory -j3 -O $$parts"

test-student-copies: install
	@$(TIMED) "make test-browser: every student copy, headless (no browser here)" -- \
		env EVALKIT_RUN_STUDENT_COPIES=1 $(BIN)/python -m pytest $(NO_NBVAL) tests/test_student.py \
		-k top_to_bottom $(PYTEST_ARGS)

# Every notebook's core path alone (tests/test_core_path.py): each notebook executed headless
# without its folded Deeper sections, source notes and exercises; it must run and pass its checks.
test-core-paths: install
	@$(TIMED) "make test-browser: every notebook's core path, without its folded sections" -- \
		env EVALKIT_RUN_CORE_PATHS=1 $(NOTEBOOK_ENV) $(BIN)/python -m pytest $(NO_NBVAL) \
		tests/test_core_path.py -k core_runs $(PYTEST_ARGS)

test-browser-site: $(SITE_STAMP)
	@$(TIMED) "make test-browser: the website" -- \
		$(BIN)/python -m pytest $(NO_NBVAL) tests/browser/test_site.py -rs $(PYTEST_ARGS)

test-browser-notebooks-a: $(SITE_STAMP)
	@$(TIMED) "make test-browser: notebooks 00-06 in JupyterLab" -- \
		env EVALKIT_BROWSER_NOTEBOOKS=00-06 \
		$(BIN)/python -m pytest $(NO_NBVAL) tests/browser/test_widgets.py -rs $(PYTEST_ARGS)

test-browser-notebooks-b: $(SITE_STAMP)
	@$(TIMED) "make test-browser: notebooks 07-15 in JupyterLab" -- \
		env EVALKIT_BROWSER_NOTEBOOKS=07-15 \
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

# Student copies: every cell tagged 'solution' replaced by an empty answer cell, the exercises'
# sealed checks beside them (right or wrong with a hint; no answer in readable form).
student: install
	$(BIN)/python tools/student.py build/student

# A class (README: "Teaching with the course"): make assign writes the student copies with their
# sealed checks (build/assign/student/, to hand out: no solution, no answer in readable form) and
# otter-grader's autograder bundle per notebook (build/assign/autograder/, the teacher's checks:
# keep it). make grade SUBMISSIONS=dir executes every handed-in notebook (a folder per student, or
# a file per student) in a bubblewrap sandbox (no network, nothing writable but its own scratch
# folder; tools/sandbox.py), takes out only its answers as plain data and checks them with the
# teacher's checks in the grading process, which never ran the student's code. It writes
# build/grades.csv (a row per student, a column per exercise) and build/grades_files.csv (a row
# per file handed in). A cell over CELL_TIMEOUT seconds is interrupted; one that ignores that is
# killed. Without bubblewrap it refuses; TRUSTED=1 grades trusted submissions without isolation.
assign: install
	$(BIN)/python tools/assign.py build/assign

SUBMISSIONS ?=
GRADES ?= build/grades.csv
TRUSTED ?=
grade: install
	@test -n "$(SUBMISSIONS)" || { echo "make grade SUBMISSIONS=dir: say where the notebooks are"; exit 2; }
	$(BIN)/python tools/grade.py "$(SUBMISSIONS)" --out "$(GRADES)" --timeout $(CELL_TIMEOUT) \
		$(if $(TRUSTED),--trusted)

# evalkit's wheel in dist/ (the distribution evalkit-course: numpy and scipy only, the course's
# data inside), built from a fresh build folder each time, offline, with the installed setuptools
# (tools/build_wheel.py says why: setuptools' build/lib keeps deleted modules).
wheel: install
	$(BIN)/python tools/build_wheel.py dist

clean:
	rm -rf $(VENV) build dist .pytest_cache .hypothesis .ruff_cache
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name '*.egg-info' -type d -prune -exec rm -rf {} +
