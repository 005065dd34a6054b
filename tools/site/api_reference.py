"""The website's API reference: one page per public evalkit module, from its numpydoc docstrings.

``tools/build_site.py`` calls :func:`write_pages` while it stages the book. Each module named in
:func:`public_modules` gets a page ``api/<module>.rst``: the module's docstring, a summary table
(``autosummary``) and every public function, result type and constant of its ``__all__``,
rendered by ``sphinx.ext.autodoc`` with ``sphinx.ext.napoleon``'s numpy style (the Parameters,
Returns, Examples and References sections; the doctest examples as code; ``:math:`` through the
site's local MathJax). A name that a module re-exports from another evalkit module
(``intervals.Interval`` is ``results.Interval``) is documented once, where it is defined, and
listed as "also importable from here" with a link on the other pages.

:func:`api_index` maps every public import path (``evalkit.multiple.holm``) to the path where
its entry is documented (``evalkit.adjust.holm``): the code links of the notebook pages
(``code_links.py``) use it.
"""

from __future__ import annotations

import importlib
import inspect
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "evalkit"
API_DIR = "api"

INDEX_INTRO = """\
Every public function, result type and constant of evalkit, one page per module, generated from
the docstrings (numpydoc style). Each entry gives the signature, the arguments, what it returns,
the method's reference and a runnable example; the tests run every example
(``pytest --doctest-modules``). The notebooks link the first use of each function to its entry
here. Coming from another library? See :doc:`../coming_from`; how the modules depend on each
other: :doc:`../architecture`.
"""


def public_modules() -> list[str]:
    """The names of evalkit's public modules (``intervals``, ``report``, …), sorted.

    A module is public when its name does not start with an underscore: ``evalkit/<name>.py`` or
    a package ``evalkit/<name>/__init__.py``. ``__main__`` (the command line) has no Python API.
    """
    names = {p.stem for p in PACKAGE.glob("*.py")} | {
        p.parent.name for p in PACKAGE.glob("*/__init__.py")
    }
    return sorted(n for n in names if not n.startswith("_"))


@cache
def _module(name: str) -> ModuleType:
    return importlib.import_module(f"evalkit.{name}")


def _home(obj: object) -> str | None:
    """The public module that defines ``obj`` (``report`` for ``evalkit.report._compare``)."""
    module = getattr(obj, "__module__", None) or ""
    parts = module.split(".")
    if len(parts) < 2 or parts[0] != "evalkit":
        return None
    return parts[1] if not parts[1].startswith("_") else None


@dataclass(frozen=True)
class Entry:
    """One public name of a module: how autodoc documents it, or where it is documented."""

    module: str  # the public module it is imported from
    name: str
    kind: str  # "function", "class", "data"
    home: str  # the module whose page documents it (== module unless re-exported)

    @property
    def path(self) -> str:
        return f"evalkit.{self.module}.{self.name}"

    @property
    def documented_path(self) -> str:
        return f"evalkit.{self.home}.{self.name}"


def entries(module: str) -> list[Entry]:
    """The names of ``module.__all__``, each with its kind and the page that documents it."""
    mod = _module(module)
    result = []
    for name in getattr(mod, "__all__", []):
        obj = getattr(mod, name)
        if inspect.isclass(obj):
            kind = "class"
        elif callable(obj):
            kind = "function"
        else:
            kind = "data"
        home = _home(obj) if kind != "data" else module
        if home is None or home == module or name not in getattr(_module(home), "__all__", []):
            home = module
        result.append(Entry(module, name, kind, home))
    return result


def api_index() -> dict[str, str]:
    """Every public path ``evalkit.<module>.<name>`` → the path of its documented entry."""
    return {e.path: e.documented_path for m in public_modules() for e in entries(m)}


def _summary(module: str) -> str:
    doc = inspect.getdoc(_module(module)) or ""
    return doc.split("\n\n", 1)[0].replace("\n", " ").strip()


LONG_VALUE = 160  # a constant whose value is longer is shown without it (a table of reasons …)

SECTIONS = (
    ("function", "Functions", "autofunction"),
    ("class", "Result types and classes", "autoclass"),
    ("data", "Constants", "autodata"),
)


def module_page(module: str) -> str:
    """The reStructuredText of the module's reference page."""
    own = [e for e in entries(module) if e.home == module]
    lines = [
        f"evalkit.{module}",
        "=" * len(f"evalkit.{module}"),
        "",
        f".. automodule:: evalkit.{module}",
        "   :no-members:",
        "",
    ]
    if own:
        lines += [".. rubric:: Contents", "", ".. autosummary::", "   :nosignatures:", ""]
        lines += [f"   {e.name}" for e in own]
        lines.append("")
    for kind, title, directive in SECTIONS:
        chosen = [e for e in own if e.kind == kind]
        if not chosen:
            continue
        lines += [title, "-" * len(title), ""]
        for e in chosen:
            lines.append(f".. {directive}:: {e.path}")
            if kind == "class":
                lines.append("   :members:")
            if kind == "data" and len(repr(getattr(_module(module), e.name))) > LONG_VALUE:
                lines.append("   :no-value:")
            lines.append("")
    elsewhere = [e for e in entries(module) if e.home != module]
    if elsewhere:
        title = "Also importable from here"
        lines += [title, "-" * len(title), ""]
        lines += [
            f"* ``{e.name}``: :py:{'class' if e.kind == 'class' else 'func'}:`{e.documented_path}`"
            for e in elsewhere
        ]
        lines.append("")
    return "\n".join(lines)


def index_page() -> str:
    """The reStructuredText of the reference's front page: a table of the modules."""
    lines = ["API reference", "=============", "", INDEX_INTRO, ".. list-table::", ""]
    for module in public_modules():
        lines += [f"   * - :doc:`{module}`", f"     - {_summary(module)}"]
    lines += ["", ".. toctree::", "   :hidden:", "   :maxdepth: 1", ""]
    lines += [f"   {module}" for module in public_modules()]
    return "\n".join(lines) + "\n"


def write_pages(src: Path) -> list[str]:
    """Write ``api/index.rst`` and one ``api/<module>.rst`` per public module into ``src``."""
    folder = src / API_DIR
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.rst").write_text(index_page(), encoding="utf-8")
    for module in public_modules():
        (folder / f"{module}.rst").write_text(module_page(module), encoding="utf-8")
    return public_modules()
