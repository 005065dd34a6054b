"""Packaging: one set of dependencies in two files, a light `import evalkit`, the make targets."""

from __future__ import annotations

import importlib
import os
import pkgutil
import re
import subprocess
import sys

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib

import pytest

import evalkit
from tests.conftest import REPO


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
    """The conda dependencies of environment.yml (its pip section installs evalkit itself)."""
    reqs = {}
    in_deps = False
    for line in (REPO / "environment.yml").read_text(encoding="utf-8").splitlines():
        if line.startswith("dependencies:"):
            in_deps = True
            continue
        m = re.fullmatch(r"  - ([^\s#]+)\s*(?:#.*)?", line)
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


def _modules_imported_by(statement: str) -> set[str]:
    code = f"import sys; {statement}; print('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    ).stdout
    return set(out.split())


def test_import_evalkit_loads_neither_matplotlib_nor_ipywidgets():
    loaded = _modules_imported_by("import evalkit")
    assert "numpy" in loaded
    assert not {m for m in loaded if m.split(".")[0] in {"matplotlib", "ipywidgets", "sklearn"}}


MODULES = sorted(
    m.name
    for m in pkgutil.iter_modules(evalkit.__path__)
    if m.name not in {"plots", "widgets", "__main__"}
)


@pytest.mark.parametrize("module", MODULES)
def test_no_computational_module_imports_plotting_or_widgets(module):
    loaded = _modules_imported_by(f"import evalkit.{module}")
    assert not {m for m in loaded if m.split(".")[0] in {"matplotlib", "ipywidgets"}}, module


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
    ):
        assert re.search(rf"^{target}:", makefile, flags=re.M), target
    assert "notebooks/00_start_here.ipynb" in makefile
    assert "--nbval-current-env" in makefile and "nbval_sanitize.cfg" in makefile


def test_ci_script_is_strict_bash_and_runs_make_test():
    script = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    assert script.startswith("#!/usr/bin/env bash")
    assert "set -euo pipefail" in script and "make test" in script
    assert (REPO / ".ci" / "run").stat().st_mode & 0o111


# ---------------------------------------------------------------------------------------------
# an installed evalkit (not the checkout) finds its data and runs the README's snippet


def _readme_practitioner_snippet() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme.split("## evalkit for practitioners", 1)[1]
    return re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)


@pytest.mark.slow
def test_a_wheel_installs_and_runs_in_a_fresh_virtual_environment(tmp_path):
    wheels, venv, work = tmp_path / "wheels", tmp_path / "venv", tmp_path / "work"
    work.mkdir()
    build = [sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-q", "-w", str(wheels)]
    subprocess.run(build, check=True, timeout=600, capture_output=True)
    (wheel,) = wheels.glob("*.whl")
    assert wheel.name.startswith("evalkit_course-")  # the distribution name, not 'evalkit'
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = str(venv / "bin" / "python")
    install = [python, "-m", "pip", "install", "-q", str(wheel)]
    subprocess.run(install, check=True, timeout=900, capture_output=True)

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
