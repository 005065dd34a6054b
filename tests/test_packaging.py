"""Packaging: one set of dependencies in two files, a light `import evalkit`, the make targets."""

from __future__ import annotations

import functools
import importlib
import importlib.metadata
import json
import os
import pkgutil
import re
import subprocess
import sys
import zipfile
from pathlib import Path

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib

import pytest

import evalkit
from tests.conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
from build_wheel import build_wheel


def _requirement(spec: str) -> tuple[str, str]:
    """('numpy', '>=1.24') from 'numpy>=1.24' (markers and extras dropped)."""
    spec = spec.split(";")[0].strip()
    m = re.fullmatch(r"([A-Za-z0-9_.\-]+)(?:\[[^\]]*\])?\s*(.*)", spec)
    assert m, spec
    return m.group(1).lower().replace("_", "-"), m.group(2).replace(" ", "")


def pyproject_requirements() -> dict[str, str]:
    meta = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    specs = list(meta["dependencies"])
    for extra in meta["optional-dependencies"].values():
        specs += [s for s in extra if not s.startswith("evalkit")]
    reqs = dict(_requirement(s) for s in specs)
    reqs.pop("tomli", None)  # a backport for Python 3.10 only; conda installs Python ≥ 3.10
    return reqs


def environment_requirements() -> dict[str, str]:
    """The dependencies of environment.yml: conda's, and those its pip section takes from PyPI
    (the pip section also installs evalkit itself, ``-e .``)."""
    reqs = {}
    in_deps = False
    for line in (REPO / "environment.yml").read_text(encoding="utf-8").splitlines():
        if line.startswith("dependencies:"):
            in_deps = True
            continue
        m = re.fullmatch(r"  - ([^\s#]+)\s*(?:#.*)?", line) or re.fullmatch(
            r"      - ([A-Za-z][^\s#]*)\s*(?:#.*)?", line
        )
        if in_deps and m and m.group(1) not in ("pip", "pip:"):
            name, bound = _requirement(m.group(1))
            reqs[name] = bound
    reqs.pop("python", None)
    return reqs


def test_environment_yml_and_pyproject_name_the_same_dependencies():
    assert environment_requirements() == pyproject_requirements()


def test_evalkit_itself_needs_only_numpy_and_scipy():
    meta = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = {_requirement(s)[0] for s in meta["dependencies"]}
    assert names == {"numpy", "scipy", "tomli"}
    assert all(">=" in s and "==" not in s for s in meta["dependencies"])


def test_python_requirement_matches_the_readme():
    meta = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert meta["requires-python"] == ">=3.10"
    assert "3.10" in (REPO / "README.md").read_text(encoding="utf-8")


MODULES = sorted(
    m.name
    for m in pkgutil.iter_modules(evalkit.__path__)
    if m.name not in {"plots", "widgets", "__main__"}
)

#: Top-level packages that neither ``import evalkit`` nor any computational module may load
#: (evalkit.plots is the one module that imports matplotlib).
FORBIDDEN = ("matplotlib", "ipywidgets", "sklearn")

# Run by one interpreter: imports the modules named in argv[2:] in turn and prints, for each, the
# forbidden packages (argv[1]) in sys.modules right after its import, the top-level packages then
# loaded, and the error if the import failed. It stops after the first module that loaded a
# forbidden package or failed: what the later ones load is then tried in a fresh interpreter.
_IMPORT_PROBE = """
import json, sys, traceback
forbidden = set(sys.argv[1].split(","))
report = []
for name in sys.argv[2:]:
    try:
        __import__(name)
    except BaseException:
        report.append([name, [], [], traceback.format_exc()])
        break
    bad = sorted(m for m in sys.modules if m.split(".")[0] in forbidden)
    report.append([name, bad, sorted({m.split(".")[0] for m in sys.modules}), None])
    if bad:
        break
print(json.dumps(report))
"""


@functools.cache
def _imports() -> dict[str, tuple[list[str], set[str], str | None]]:
    """``{module: (forbidden modules loaded, top-level packages loaded, import error)}``.

    For ``evalkit`` and every computational module, as if it were imported by a fresh
    interpreter: each is imported right after modules that loaded nothing forbidden, so a
    forbidden package that appears with its import was loaded by it (or by what it imports).
    One interpreter does it all unless a module is at fault.
    """
    names = ["evalkit", *(f"evalkit.{module}" for module in MODULES)]
    found = {}
    while names:
        done = subprocess.run(
            [sys.executable, "-c", _IMPORT_PROBE, ",".join(FORBIDDEN), *names],
            capture_output=True,
            text=True,
            check=True,
            cwd=REPO,
        )
        report = json.loads(done.stdout)
        for name, bad, packages, error in report:
            found[name] = (bad, set(packages), error)
        names = names[len(report) :]
    return found


def test_import_evalkit_loads_neither_matplotlib_nor_ipywidgets():
    bad, packages, error = _imports()["evalkit"]
    assert error is None, error
    assert "numpy" in packages
    assert not bad, f"import evalkit loads {bad}"


@pytest.mark.parametrize("module", MODULES)
def test_no_computational_module_imports_plotting_or_widgets(module):
    # also what tests/test_{paired,report,multiple,metrics,bootstrap}.py once checked each in an
    # interpreter of their own
    bad, _, error = _imports()[f"evalkit.{module}"]
    assert error is None, error
    assert not bad, f"import evalkit.{module} loads {', '.join(bad)}"


def test_plots_changes_no_global_state_at_import():
    code = (
        "import matplotlib as mpl; before = dict(mpl.rcParams); import evalkit.plots; "
        "assert dict(mpl.rcParams) == before; evalkit.plots.use_course_style(); "
        "assert mpl.rcParams['axes.grid'] is True"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)


@pytest.mark.parametrize("module", MODULES)
def test_every_module_imports_and_declares_its_public_names(module):
    mod = importlib.import_module(f"evalkit.{module}")
    if module.startswith("_"):
        return
    assert mod.__doc__ and len(mod.__doc__) > 40, f"evalkit.{module} needs a module docstring"
    for name in getattr(mod, "__all__", []):
        obj = getattr(mod, name)
        if callable(obj):
            assert obj.__doc__, f"evalkit.{module}.{name} has no docstring"


def test_makefile_has_the_documented_targets():
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    for target in (
        "install",
        "lab",
        "test",
        "lint",
        "clean",
        "notebooks",
        "html",
        "student",
        "bench",
        "test-thorough",
        "wheel",
    ):
        assert re.search(rf"^{target}:", makefile, flags=re.M), target
    # make lab opens the student's working copy of the first notebook (tools/work_copies.py)
    assert "$(WORK)/00_start_here.ipynb" in makefile
    assert re.search(r"^WORK \?= work$", makefile, flags=re.M)
    assert "--nbval-current-env" in makefile and "nbval_sanitize.cfg" in makefile
    # make wheel builds as the wheel test does (tools/build_wheel.py: a fresh build folder)
    assert "tools/build_wheel.py dist" in _dry_run("wheel")


def test_make_install_builds_evalkit_with_the_installed_setuptools():
    # the editable installs are built with the setuptools installed just before them, not in an
    # isolated environment (which would download setuptools on every install), and that
    # setuptools is the test extra's, which the wheel test builds with
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    backend = re.search(r'^BUILD_BACKEND := "(.*)"$', makefile, flags=re.M).group(1)
    extra = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    extra = extra["project"]["optional-dependencies"]["test"]
    assert backend in extra
    installs = [line for line in makefile.splitlines() if "pip install" in line]
    assert "$(BUILD_BACKEND)" in installs[0] and "-e" not in installs[0].split()
    editable = [line for line in installs if " -e " in line]
    assert len(editable) == 2  # make install, and the site extra
    assert all("--no-build-isolation" in line for line in editable)


def _dry_run(*targets: str) -> str:
    """What make would run for ``targets`` (make -n: nothing is executed)."""
    return subprocess.run(
        ["make", "-n", "--no-print-directory", *targets],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip


def test_make_test_runs_the_unit_tests_and_every_notebook_once_under_nbval():
    # make test: the unit tests in two halves and nbval in two halves, four parts at once. A
    # notebook in neither nbval half would go unchecked, one in both would run twice; the
    # browser parts are make test-browser's (run by CI after make test), each a range of
    # notebook numbers, and they too must cover every notebook once.
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    parts = re.search(r"^TEST_PARTS := (.*)$", makefile, flags=re.M).group(1).split()
    assert parts == ["test-unit-a", "test-unit-b", "test-notebooks-a", "test-notebooks-b"]
    assert "-j4 -O $(TEST_PARTS)" in makefile
    numbers = sorted(int(p.name[:2]) for p in (REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    halves = []
    for half in ("test-notebooks-a", "test-notebooks-b"):
        command = [line for line in _dry_run(half).splitlines() if "--nbval" in line]
        assert len(command) == 1, f"{half}: {command}"
        found = re.findall(r"notebooks/(\d\d)_\w+\.ipynb", command[0])
        halves.append(sorted(int(n) for n in found))
    assert halves[0] and halves[1]
    assert sorted(halves[0] + halves[1]) == numbers
    assert not any(target in makefile.split("TEST_PARTS :=")[1].split("\n")[0]
                   for target in ("browser", "stress"))  # fmt: skip
    browser = re.search(r"^BROWSER_PARTS := (.*)$", makefile, flags=re.M).group(1).split()
    assert set(browser) == {
        "test-browser-site",
        "test-browser-notebooks-a",
        "test-browser-notebooks-b",
        "test-core-paths",
    }
    assert 'parts="$(BROWSER_PARTS)"' in makefile and "-j3 -O $$parts" in makefile
    ranges = re.findall(r"EVALKIT_BROWSER_NOTEBOOKS=(\d+)-(\d+)", makefile)
    covered = sorted(n for first, last in ranges for n in range(int(first), int(last) + 1))
    assert covered == numbers


def test_ci_script_is_strict_bash_and_runs_make_test():
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert script.startswith("#!/usr/bin/env bash")
    assert "set -euo pipefail" in script
    # CI runs the everyday check, then the browser's, then the linters, each of them failing it
    commands = re.findall(r"^(make [\w-]+) \|\| status=1$", script, flags=re.M)
    assert commands == ["make test", "make test-browser", "make lint"]
    assert script.rstrip().endswith('exit "$status"')
    assert (REPO / ".ci" / "run").stat().st_mode & 0o111


# ---------------------------------------------------------------------------------------------
# an installed evalkit (not the checkout) finds its data and runs the README's snippet


def _readme_practitioner_snippet() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## For practitioners", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)


def _runtime_distributions() -> list[importlib.metadata.Distribution]:
    """This environment's installations of evalkit's dependencies and of theirs, recursively."""
    from packaging.requirements import Requirement

    meta = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    found: dict[str, importlib.metadata.Distribution] = {}
    todo = list(meta["dependencies"])
    while todo:
        requirement = Requirement(todo.pop())
        if requirement.marker and not requirement.marker.evaluate({"extra": ""}):
            continue  # e.g. tomli on Python ≥ 3.11, or another package's optional extra
        name = requirement.name.lower().replace("_", "-")
        if name not in found:
            found[name] = importlib.metadata.distribution(name)
            todo += found[name].requires or []
    return list(found.values())


def _link_runtime_dependencies(python: str) -> None:
    """Make numpy and scipy (and what they need) importable in the venv of ``python``, no copies.

    Their top-level folders and files (package, bundled libraries, .dist-info) are symlinked
    into the venv's site-packages, as if pip had installed them: only they, not this
    environment's other packages (matplotlib, scikit-learn, the checkout's editable evalkit),
    become importable there.
    """
    purelib = "import sysconfig; print(sysconfig.get_path('purelib'))"
    site = subprocess.run(
        [python, "-c", purelib], check=True, capture_output=True, text=True, timeout=60
    ).stdout.strip()
    for dist in _runtime_distributions():
        tops = {Path(str(f)).parts[0] for f in dist.files or ()} - {".."}  # not bin/ scripts
        for top in sorted(tops):
            (Path(site) / top).symlink_to(Path(dist.locate_file(top)))


def _package_files() -> set[str]:
    """The files the wheel must hold, as pyproject.toml's [tool.setuptools] names them, read from
    the working tree: each package's modules (from its folder, ``package-dir`` or the package's
    own path) and its ``package-data`` files (data/'s TOML and CSV files as evalkit/data)."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    config = config["tool"]["setuptools"]
    files = set()
    for package in config["packages"]:
        inside = package.replace(".", "/")
        folder = REPO / config.get("package-dir", {}).get(package, inside)
        patterns = ["*.py", *config.get("package-data", {}).get(package, [])]
        files |= {f"{inside}/{p.name}" for pattern in patterns for p in folder.glob(pattern)}
    return files


@pytest.mark.slow
def test_a_wheel_installs_and_runs_in_a_fresh_virtual_environment(tmp_path):
    """The wheel holds exactly the package's files; installed into a new venv, it runs the
    README's snippet and finds its data.

    The wheel is built as ``make wheel`` builds it (``tools/build_wheel.py``: a fresh build
    folder, so that no module left in ``build/lib`` by an earlier build is shipped). By default
    (cheap, and offline: nothing is downloaded or unpacked) it is built with this environment's
    setuptools (the test extra installs it) without build isolation and without the package
    index, the venv is made without pip, the wheel is installed into it with this environment's
    pip and ``--no-deps``, and the installed numpy and scipy of this environment are linked into
    it (:func:`_link_runtime_dependencies`). With ``EVALKIT_THOROUGH=1`` (``make
    test-thorough``) the wheel is built in isolation (pip fetches the build backend), the venv
    gets its own pip and the wheel is installed with its dependencies from the package index, as
    a user would.
    """
    thorough = os.environ.get("EVALKIT_THOROUGH") == "1"
    wheels, venv, work = tmp_path / "wheels", tmp_path / "venv", tmp_path / "work"
    work.mkdir()
    wheel = build_wheel(wheels, isolated=thorough)
    assert wheel.name.startswith("evalkit_course-")  # the distribution name, not 'evalkit'
    with zipfile.ZipFile(wheel) as archive:
        shipped = {n for n in archive.namelist() if not n.startswith("evalkit_course-")}
    assert shipped == _package_files(), "the wheel holds other files than evalkit/ and data/"
    make_venv = [sys.executable, "-m", "venv", str(venv)]
    if not thorough:
        make_venv.append("--without-pip")
    subprocess.run(make_venv, check=True, timeout=300)
    python = str(venv / "bin" / "python")
    if thorough:
        install = [python, "-m", "pip", "install", "-q", str(wheel)]
    else:
        pip = [sys.executable, "-m", "pip", "--python", python]
        install = [*pip, "install", "-q", "--no-deps", "--no-index", str(wheel)]
    subprocess.run(install, check=True, timeout=900, capture_output=True)
    if not thorough:
        _link_runtime_dependencies(python)

    def run(*args: str) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "EVALKIT_DATA")}
        return subprocess.run(
            [python, *args], cwd=work, env=env, capture_output=True, text=True, timeout=300
        )

    snippet = run("-c", _readme_practitioner_snippet())
    assert snippet.returncode == 0, snippet.stderr
    assert "Boschloo" in snippet.stdout and "McNemar's mid-p test" in snippet.stdout
    helped = run("-m", "evalkit", "compare", "--help")
    assert helped.returncode == 0 and "--mcnemar" in helped.stdout
    data = run(
        "-c",
        "import evalkit, evalkit.examples as e, evalkit.glossary as g, evalkit.datasets as d\n"
        "print(evalkit.__file__)\n"
        "print(d.data_folder())\n"
        "print(len(e.registry()), len(g.glossary()), d.data_file('cv_type1_simulation.csv').name)\n"
        "print(e.check('wolff-fisher-1', {'p_observed': 0.028, 'p_value': 0.0713}).status)",
    )
    version = run("-c", "from importlib.metadata import version; print(version('evalkit-course'))")
    assert version.stdout.strip() == evalkit.__version__
    assert data.returncode == 0, data.stderr
    module, folder, counts, status = data.stdout.splitlines()
    assert module.startswith(str(venv)) and folder.startswith(str(venv))  # not the checkout
    assert folder.endswith("evalkit/data")
    assert int(counts.split()[0]) > 30 and int(counts.split()[1]) > 50
    assert status == "agrees"


def test_the_distribution_name_is_not_the_taken_one():
    # 'evalkit' on the Python package index is an unrelated project (evolutionary algorithms):
    # `pip install evalkit` must not be what the README tells anyone to type
    meta = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert meta["name"] == "evalkit-course"
    extras = [spec for extra in meta["optional-dependencies"].values() for spec in extra]
    assert not any(spec.startswith("evalkit[") for spec in extras)
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "pip install evalkit-course" in readme
    assert not re.search(r"pip install evalkit(?![-\w])", readme)
