"""The website's API reference: one page per public evalkit module, from its numpydoc docstrings.

``tools/build_site.py`` calls :func:`write_pages` while it stages the book. Each module named in
:func:`public_modules` gets a page ``api/<module>.rst``: the module's docstring, a summary table
(``autosummary``) and every public function, result type and constant of its ``__all__``,
rendered by ``sphinx.ext.autodoc`` with ``sphinx.ext.napoleon``'s numpy style (the Parameters,
Returns, Examples and References sections; the doctest examples as code; ``:math:`` through the
site's local MathJax). A name that a module re-exports from another evalkit module
(``intervals.Interval`` is ``results.Interval``) is documented in full once, where it is
defined; on the other pages it has an entry of its own under "Also importable from here" (its
signature, its first sentence and a link to the full entry), so that it is found there and
``evalkit.intervals.Interval`` has an anchor. The package's own names (``evalkit.Interval``,
``evalkit.compare_classifiers``) have such entries on the index page.

A constant's description is its ``#:`` comment. autodoc reads it from the module the page
documents, so a constant that a package defines in one of its files and re-exports
(``evalkit.report.MCNEMAR_DEFAULT``, from ``report/rules.py``) is written out here instead, with
the comment of the file that defines it (:func:`attribute_docs`).

:func:`api_index` maps every public import path (``evalkit.multiple.holm``) to the path where
its entry is documented (``evalkit.adjust.holm``): the code links of the notebook pages
(``code_links.py``) use it.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

from docstrings import escape_bars

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
    """Every public path ``evalkit.<module>.<name>`` (and ``evalkit.<name>`` for the package's
    own names) → the path of its documented entry."""
    index = {e.path: e.documented_path for m in public_modules() for e in entries(m)}
    for e in package_entries():
        index[f"evalkit.{e.name}"] = e.documented_path
    return index


def package_entries() -> list[Entry]:
    """The names of ``evalkit.__all__`` (``Interval``, ``compare_classifiers`` …), each with
    the page that documents it (``module`` is ``""``: the package itself)."""
    package = importlib.import_module("evalkit")
    found = []
    for name in package.__all__:
        obj = getattr(package, name)
        if not (inspect.isclass(obj) or callable(obj)):
            continue  # __version__
        home = _home(obj)
        if home is not None and name in getattr(_module(home), "__all__", []):
            found.append(Entry("", name, "class" if inspect.isclass(obj) else "function", home))
    return found


@cache
def _comments(path: Path) -> dict[str, list[str]]:
    """The ``#:`` comments of a file's top-level assignments, by name, as autodoc reads them:
    the comment lines right above the assignment, without their ``#:``."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found: dict[str, list[str]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        else:
            continue
        comment: list[str] = []
        row = node.lineno - 2
        while row >= 0 and lines[row].lstrip().startswith("#:"):
            comment.insert(0, lines[row].lstrip()[2:].removeprefix(" "))
            row -= 1
        for target in targets:
            if comment and isinstance(target, ast.Name):
                found.setdefault(target.id, comment)
    return found


def attribute_docs(module: str) -> dict[str, list[str]]:
    """The ``#:`` comments of ``evalkit.<module>``'s constants, by name: those of its file and,
    for a package, of its files (``report`` → ``report/rules.py`` …), whose names it re-exports.

    >>> attribute_docs("report")["MCNEMAR_DEFAULT"][0][:40]
    "McNemar's test as the report gives it un"
    """
    mod = _module(module)
    docs = dict(_comments(Path(mod.__file__)))
    for info in pkgutil.iter_modules(getattr(mod, "__path__", [])):
        for name, comment in _comments(Path(mod.__path__[0]) / f"{info.name}.py").items():
            docs.setdefault(name, comment)
    return docs


def _plain_signature(obj: object) -> str:
    """``obj``'s signature without its type hints: ``(pvalues, alpha=0.05, names=None)``."""
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return "()"
    plain = []
    for p in signature.parameters.values():
        unreadable = p.default is not p.empty and repr(p.default).startswith("<")
        plain.append(p.replace(annotation=p.empty, default=_ELIDED if unreadable else p.default))
    return str(signature.replace(parameters=plain, return_annotation=signature.empty))


class _Elided:
    """A default that has no readable value (a dataclass's ``default_factory``): shown as ``…``."""

    def __repr__(self) -> str:
        return "…"


_ELIDED = _Elided()


def _first_sentence(obj: object) -> str:
    doc = inspect.getdoc(obj) or ""
    return doc.split("\n\n", 1)[0].replace("\n", " ").strip()


def reexport_entry(e: Entry) -> list[str]:
    """The reST of a re-exported name's entry on a page that is not its home: its signature,
    its first sentence and a link to the full entry, under the anchor of its path here
    (``#evalkit.multiple.holm``). It is not a second object of Sphinx's index, whose bare
    references (``Interval`` in a Returns section) would then have several targets."""
    obj = getattr(_module(e.home), e.name)
    directive = "py:class" if e.kind == "class" else "py:function"
    role = "class" if e.kind == "class" else "func"
    module = f"evalkit.{e.module}" if e.module else "evalkit"
    return [
        ".. raw:: html",
        "",
        f'   <span id="{module}.{e.name}"></span>',
        "",
        f".. {directive}:: {e.name}{_plain_signature(obj)}",
        f"   :module: {module}",
        "   :no-index:",
        "",
        f"   {_first_sentence(obj)} The same object as :py:{role}:`{e.documented_path}`, "
        "documented there.",
        "",
    ]


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
    elsewhere = [e for e in entries(module) if e.home != module]
    lines = [
        f"evalkit.{module}",
        "=" * len(f"evalkit.{module}"),
        "",
        f".. automodule:: evalkit.{module}",
        "   :no-members:",
        "",
    ]
    if own or elsewhere:
        lines += [".. rubric:: Contents", "", ".. autosummary::", "   :nosignatures:", ""]
        lines += [f"   {e.name}" for e in own]
        lines += [f"   ~{e.documented_path}" for e in elsewhere]  # its row links to its home
        lines.append("")
    for kind, title, directive in SECTIONS:
        chosen = [e for e in own if e.kind == kind]
        if not chosen:
            continue
        lines += [title, "-" * len(title), ""]
        for e in chosen:
            own_file = _comments(Path(_module(module).__file__))
            if kind == "data" and e.name not in own_file and e.name in attribute_docs(module):
                lines += _data_entry(module, e.name)  # a package's, commented in its file
                continue
            lines.append(f".. {directive}:: {e.path}")
            if kind == "class":
                lines.append("   :members:")
            if kind == "data" and len(repr(getattr(_module(module), e.name))) > LONG_VALUE:
                lines.append("   :no-value:")
            lines.append("")
    if elsewhere:
        title = "Also importable from here"
        lines += [title, "-" * len(title), ""]
        for e in elsewhere:
            lines += reexport_entry(e)
    return "\n".join(lines)


def _data_entry(module: str, name: str) -> list[str]:
    """A constant whose ``#:`` comment autodoc would not find (a package's, defined in one of
    its files): its entry written out, with that comment (or none)."""
    value = repr(getattr(_module(module), name))
    lines = [f".. py:data:: {name}", f"   :module: evalkit.{module}"]
    if len(value) <= LONG_VALUE:
        lines.append(f"   :value: {value}")
    lines.append("")
    lines += [
        f"   {line}" if line else "" for line in escape_bars(attribute_docs(module).get(name, []))
    ]
    lines.append("")
    return lines


def index_page() -> str:
    """The reStructuredText of the reference's front page: a table of the modules, and the names
    that ``evalkit`` itself exports (each an entry that links to its full one)."""
    lines = ["API reference", "=============", "", INDEX_INTRO, ".. list-table::", ""]
    for module in public_modules():
        lines += [f"   * - :doc:`{module}`", f"     - {_summary(module)}"]
    lines += ["", ".. toctree::", "   :hidden:", "   :maxdepth: 1", ""]
    lines += [f"   {module}" for module in public_modules()]
    title = "Importable from evalkit itself"
    lines += ["", title, "-" * len(title), "", PACKAGE_INTRO, ""]
    for e in package_entries():
        lines += reexport_entry(e)
    return "\n".join(lines) + "\n"


PACKAGE_INTRO = """\
``import evalkit`` is enough for these names: ``evalkit.compare_classifiers(y_true, y_pred_a,
y_pred_b)`` without importing :doc:`report` first.
"""


def write_pages(src: Path) -> list[str]:
    """Write ``api/index.rst`` and one ``api/<module>.rst`` per public module into ``src``."""
    folder = src / API_DIR
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "index.rst").write_text(index_page(), encoding="utf-8")
    for module in public_modules():
        (folder / f"{module}.rst").write_text(module_page(module), encoding="utf-8")
    return public_modules()
