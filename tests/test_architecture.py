"""The package's floors: every import inside evalkit points down a floor, and none closes a circle.

evalkit is built like a house of floors (issue 45). A module may import the modules on the floors
below its own, never one on its own floor or above: then no chain of imports can come back to
where it started. ``FLOORS`` below is the rule, as data; the website's page "Architecture"
(``tools/site/architecture.md``, built by ``tools/build_site.py``) shows the same table,
generated from it by :func:`floors_table`.

The check reads every file of ``evalkit/`` with :mod:`ast` (no import is executed): every
``import evalkit.x``, ``from evalkit import x``, ``from evalkit.x import y`` and relative import
(``from . import y`` inside ``evalkit/report/``), at the top of a file, inside a function or
under ``if TYPE_CHECKING:`` (an import for the type checker alone still ties the two files
together: the report's circle of seven files of issue 60 closed through such imports). A failure
names the file, the line and the two modules.

A package (``report/``) is one module on ``FLOORS``, and has floors of its own inside:
``PACKAGE_FLOORS`` orders its files (``report.wording``, ``report.base`` …) the same way, and
the circle check runs over the files as well as over the modules, so that an import circle among
the files of a package fails as one among modules does.

Where a new module goes: on the lowest floor above everything it imports (add it to ``FLOORS``,
or a new file of a package to ``PACKAGE_FLOORS``; ``test_every_module_has_a_floor`` asks for
it).
"""

from __future__ import annotations

import ast
import functools
import itertools
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "evalkit"

# (the floor's name, its modules), from the ground up. A module imports only from lower floors.
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "ground: checking inputs, ranks, normal and t tails, sealed answers",
        ("_validation", "_ranks", "_tails", "sealing"),
    ),
    ("result types and their display", ("results",)),
    ("distributions, figures, data", ("distributions", "plots", "datasets")),
    (
        "one rate, ROC, the bootstrap, resampling, p-value adjustment; the course's registries",
        (
            "intervals",
            "roc",
            "bootstrap",
            "resampling",
            "adjust",
            "examples",
            "glossary",
            "exercises",
        ),
    ),
    (
        "two classifiers, metrics, Bayesian comparisons",
        ("independent", "paired", "metrics", "bayesian"),
    ),
    (
        "many data sets, clustered items, planning; the coverage atlas and its lookup",
        ("multiple", "clustered", "planning", "atlas"),
    ),
    ("the whole comparison in one call", ("report",)),
    ("entry points: the package and the command line", ("__init__", "__main__")),
)

# The floors inside each package, from the ground up, as FLOORS (``__init__``: the package's own
# file, which users import from). A file imports only from lower floors of its package.
PACKAGE_FLOORS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "report": (
        ("the rules and the shapes of the results", ("rules", "shapes")),
        ("the input checks and the sentences", ("checks", "wording")),
        ("the HTML pages and the figure", ("pages", "panels")),
        ("the results' common part", ("base",)),
        ("one classifier; two test sets", ("classifier", "two_sets")),
        ("two classifiers on one test set", ("comparison",)),
        ("the package's names", ("__init__",)),
    ),
}


def floor_of(package: str | None = None) -> dict[str, int]:
    """Each module's floor (0 = ground); with ``package``, each of its files' floor inside it,
    by its dotted name (``report.wording``; ``report`` for its ``__init__``)."""
    if package is None:
        return {module: i for i, (_, modules) in enumerate(FLOORS) for module in modules}
    return {
        package if name == "__init__" else f"{package}.{name}": i
        for i, (_, names) in enumerate(PACKAGE_FLOORS[package])
        for name in names
    }


def modules() -> dict[str, list[Path]]:
    """evalkit's modules: name → its files (a package, ``report/``, has several)."""
    found: dict[str, list[Path]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if "__pycache__" in parts or "data" in parts[:1]:
            continue
        found.setdefault(parts[0], []).append(path)
    return found


@dataclass(frozen=True)
class Import:
    """One import of an evalkit module by another: where it is and what it names.

    ``importer`` and ``imported`` are modules inside evalkit, dotted: ``intervals``, a file of a
    package ``report.wording``, a package's ``__init__`` ``report``. :meth:`between_modules`
    gives the same import between the top-level modules (``report`` for every file of it).
    """

    path: Path
    line: int
    importer: str
    imported: str

    def where(self) -> str:
        return f"evalkit/{self.path.relative_to(PACKAGE).as_posix()}:{self.line}"

    def between_modules(self) -> Import:
        return Import(self.path, self.line, _top(self.importer), _top(self.imported))


def _top(name: str) -> str:
    return name.split(".")[0]


def _module_name(parts: list[str]) -> str:
    """The dotted module that ``parts`` (a path inside evalkit) names: the longest prefix that
    is a file or a package of evalkit (``["report", "checks"]`` → ``report.checks``;
    ``["report", "compare_classifiers"]``, a name in the package's ``__init__``, → ``report``)."""
    for end in range(len(parts), 0, -1):
        folder = PACKAGE.joinpath(*parts[:end])
        if folder.with_suffix(".py").is_file() or (folder / "__init__.py").is_file():
            return ".".join(parts[:end])
    return ".".join(parts[:1])  # not a module of evalkit: a name, as it is written


@functools.cache
def _tree(source: str, filename: str) -> ast.Module:
    """A file's syntax tree, parsed once per test run (several tests read every module)."""
    return ast.parse(source, filename=filename)


def imports_in(source: str, path: Path) -> list[Import]:
    """The evalkit modules that a file's source imports, anywhere in it (functions and
    ``if TYPE_CHECKING:`` included), each as precisely as the import names it; a file does not
    import itself."""
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts == ["__init__"]:  # evalkit's own file: the module "__init__" of FLOORS
        folder: list[str] = []
    elif parts[-1] == "__init__":  # a package's own file: the package (``report``)
        parts.pop()
        folder = parts
    else:
        folder = parts[:-1]  # the file's package inside evalkit ([] at the top)
    importer = ".".join(parts)
    found = []
    for node in ast.walk(_tree(source, str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [
                _module_name(a.name.split(".")[1:])
                for a in node.names
                if a.name.startswith("evalkit.")
            ]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the file's package, up level - 1 packages
                base = folder[: len(folder) - (node.level - 1)]
                dotted = base + (node.module.split(".") if node.module else [])
            elif node.module and node.module.split(".")[0] == "evalkit":
                dotted = node.module.split(".")[1:]
            else:
                continue
            # each name may be a module itself (``from evalkit.report import checks``)
            targets = [_module_name([*dotted, a.name]) for a in node.names]
        found += [Import(path, node.lineno, importer, t) for t in targets if t != importer]
    return found


def all_imports() -> list[Import]:
    """Every import among evalkit's files (a package's files named one by one)."""
    return [
        imp
        for files in modules().values()
        for path in files
        for imp in imports_in(path.read_text(encoding="utf-8"), path)
    ]


def between_modules(imports: list[Import]) -> list[Import]:
    """The imports between top-level modules (those inside one package left out)."""
    return [i.between_modules() for i in imports if _top(i.importer) != _top(i.imported)]


def inside(package: str, imports: list[Import]) -> list[Import]:
    """The imports among the files of ``package``."""
    return [i for i in imports if _top(i.importer) == package == _top(i.imported)]


def upward(imports: list[Import], floors: dict[str, int]) -> list[str]:
    """The imports that do not point down a floor, each as a sentence naming file and line."""
    return [
        f"{i.where()}: {i.importer} (floor {floors[i.importer]}) imports {i.imported} "
        f"(floor {floors[i.imported]}): an import must point to a lower floor"
        for i in imports
        if i.importer in floors and i.imported in floors
        and floors[i.imported] >= floors[i.importer]
    ]  # fmt: skip


def circles(imports: list[Import]) -> list[str]:
    """Every import circle among the modules, each with the file and line of every step."""
    edges: dict[str, dict[str, Import]] = {}
    for i in imports:
        edges.setdefault(i.importer, {}).setdefault(i.imported, i)
    found, seen = [], set()

    def walk(module: str, path: list[str]) -> None:
        for nxt in sorted(edges.get(module, {})):
            if nxt in path:
                cycle = [*path[path.index(nxt) :], nxt]
                key = frozenset(cycle)
                if key not in seen:
                    seen.add(key)
                    steps = [edges[a][b] for a, b in itertools.pairwise(cycle)]
                    found.append(
                        " → ".join(cycle)
                        + ": "
                        + "; ".join(
                            f"{s.where()} ({s.importer} imports {s.imported})" for s in steps
                        )
                    )
            elif len(path) < len(edges) + 1:
                walk(nxt, [*path, nxt])

    for start in sorted(edges):
        walk(start, [start])
    return found


def _first_sentence(path: Path) -> str:
    """The first sentence of a file's docstring, its reST roles (``:func:`x```) as Markdown code
    (the architecture page is Markdown)."""
    doc = ast.get_docstring(_tree(path.read_text(encoding="utf-8"), str(path))) or ""
    first = doc.split("\n\n", 1)[0].replace("\n", " ").strip()
    first = re.sub(r":[a-z]+:`~?([^`]+)`", r"`\1`", first).replace("``", "`")
    return first.split(". ", 1)[0].rstrip(".")


def floors_table() -> str:
    """The floors as a Markdown table (the website's architecture page shows it)."""
    found, imports = modules(), between_modules(all_imports())
    rows = ["| floor | module | what it holds | imports today |", "|---|---|---|---|"]
    for i in reversed(range(len(FLOORS))):
        name, members = FLOORS[i]
        for j, module in enumerate(members):
            files = found.get(module, [])
            main = next((f for f in files if f.name in ("__init__.py", f"{module}.py")), None)
            what = _first_sentence(main) if main else ""
            what = what.replace("|", "\\|")
            uses = sorted({x.imported for x in imports if x.importer == module})
            label = f"{i}: {name}" if j == 0 else ""
            shown = f"`{module}/`" if len(files) > 1 else f"`{module}`"
            rows.append(f"| {label} | {shown} | {what} | {', '.join(uses) or '–'} |")
    return "\n".join(rows) + "\n"


def package_floors_table(package: str) -> str:
    """The floors inside ``package`` as a Markdown table (the architecture page shows it too):
    each file, the first sentence of its docstring, and the files of the package it imports."""
    imports = inside(package, all_imports())
    rows = ["| floor | file | what it holds | imports today |", "|---|---|---|---|"]
    floors = PACKAGE_FLOORS[package]
    for i in reversed(range(len(floors))):
        name, members = floors[i]
        for j, member in enumerate(members):
            dotted = package if member == "__init__" else f"{package}.{member}"
            what = _first_sentence(PACKAGE / package / f"{member}.py").replace("|", "\\|")
            uses = sorted({x.imported.split(".")[-1] for x in imports if x.importer == dotted})
            label = f"{i}: {name}" if j == 0 else ""
            rows.append(
                f"| {label} | `{package}/{member}.py` | {what} | {', '.join(uses) or '–'} |"
            )
    return "\n".join(rows) + "\n"


# --- the tests -----------------------------------------------------------------------------------


def test_every_module_has_a_floor():
    floors = floor_of()
    missing = sorted(set(modules()) - set(floors))
    assert missing == [], (
        f"evalkit modules on no floor: {missing}; add each to FLOORS in tests/test_architecture.py "
        "on the lowest floor above every module it imports"
    )
    gone = sorted(set(floors) - set(modules()))
    assert gone == [], f"FLOORS names modules that do not exist: {gone}"
    assert len(floors) == sum(len(m) for _, m in FLOORS), "a module is on two floors"


@pytest.mark.parametrize("package", sorted(PACKAGE_FLOORS))
def test_every_file_of_a_package_has_a_floor_inside_it(package):
    files = {p.stem for p in modules()[package]}
    floors = {name for _, names in PACKAGE_FLOORS[package] for name in names}
    assert sorted(files - floors) == [], (
        f"files of evalkit/{package}/ on no floor: {sorted(files - floors)}; add each to "
        f"PACKAGE_FLOORS[{package!r}] in tests/test_architecture.py on the lowest floor above "
        "every file of the package it imports"
    )
    assert sorted(floors - files) == [], "PACKAGE_FLOORS names files that do not exist"
    assert len(floors) == sum(len(m) for _, m in PACKAGE_FLOORS[package]), "a file on two floors"


def test_every_package_is_on_the_floors():
    """A package has several files (``modules()``) and its own floors; a new one needs both."""
    packages = sorted(module for module, files in modules().items() if len(files) > 1)
    assert packages == sorted(PACKAGE_FLOORS), (
        f"packages inside evalkit: {packages}; give each its floors in PACKAGE_FLOORS"
    )


def test_every_import_points_down_a_floor():
    problems = upward(between_modules(all_imports()), floor_of())
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("package", sorted(PACKAGE_FLOORS))
def test_every_import_inside_a_package_points_down_a_floor(package):
    problems = upward(inside(package, all_imports()), floor_of(package))
    assert problems == [], "\n".join(problems)


def test_no_import_closes_a_circle():
    """Neither among the modules nor among the files (a package's files one by one)."""
    imports = all_imports()
    problems = circles(between_modules(imports)) + circles(imports)
    assert problems == [], "import circles:\n" + "\n".join(problems)


# --- the checker itself: it sees every form of import, and fails where it should -----------------

SAMPLE = '''\
"""A module."""
import numpy as np
import evalkit.intervals as iv
from evalkit import results, plots
from evalkit._validation import as_count


def f():
    from evalkit.roc import auc  # inside a function
    return auc
'''


def test_the_checker_sees_imports_at_the_top_and_inside_functions():
    found = imports_in(SAMPLE, PACKAGE / "paired.py")
    assert [(i.line, i.imported) for i in found] == [
        (3, "intervals"), (4, "results"), (4, "plots"), (5, "_validation"), (9, "roc"),
    ]  # fmt: skip
    assert {i.importer for i in found} == {"paired"}


def test_the_checker_reads_relative_imports_inside_a_package():
    source = (
        "from . import wording\nfrom .base import X\nfrom .. import roc\nfrom ..paired import m\n"
    )
    found = imports_in(source, PACKAGE / "report" / "pages.py")
    assert [(i.line, i.importer, i.imported) for i in found] == [
        (1, "report.pages", "report.wording"), (2, "report.pages", "report.base"),
        (3, "report.pages", "roc"), (4, "report.pages", "paired"),
    ]  # fmt: skip
    # between modules, the files of report/ are report, and an import inside it is none
    assert [(i.line, i.imported) for i in between_modules(found)] == [(3, "roc"), (4, "paired")]
    assert [i.imported for i in inside("report", found)] == ["report.wording", "report.base"]


def test_the_checker_names_each_file_of_a_package_as_the_import_does():
    source = (
        "from evalkit.report import checks, wording, compare_classifiers\n"
        "from evalkit.report.rules import AUC_METHOD\n"
        "import evalkit.report.base\n"
        "from evalkit import report\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from evalkit.report.classifier import ClassifierReport\n"
    )
    found = imports_in(source, PACKAGE / "report" / "two_sets.py")
    assert [(i.line, i.imported) for i in found] == [
        (1, "report.checks"), (1, "report.wording"), (1, "report"), (2, "report.rules"),
        (3, "report.base"), (4, "report"), (7, "report.classifier"),
    ]  # fmt: skip
    # the package's own file imports its files; evalkit's own file is the module __init__
    init = imports_in("from evalkit.report.panels import X\n", PACKAGE / "report" / "__init__.py")
    assert [(i.importer, i.imported) for i in init] == [("report", "report.panels")]
    top = imports_in("from evalkit.results import X\nfrom . import roc\n", PACKAGE / "__init__.py")
    assert [(i.importer, i.imported) for i in top] == [("__init__", "results"), ("__init__", "roc")]


def test_an_upward_import_inside_a_package_fails():
    found = imports_in("from evalkit.report.comparison import Comparison\n",
                       PACKAGE / "report" / "wording.py")  # fmt: skip
    assert upward(inside("report", found), floor_of("report")) == [
        "evalkit/report/wording.py:1: report.wording (floor 1) imports report.comparison "
        "(floor 5): an import must point to a lower floor"
    ]


def test_a_circle_among_the_files_of_a_package_is_found():
    # issue 60's circle, as it was: base imported pages, pages (for its type hints only)
    # classifier, and classifier base
    old = imports_in("from evalkit.report.pages import overview_page\n",
                     PACKAGE / "report" / "base.py")  # fmt: skip
    old += imports_in(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from evalkit.report.classifier import ClassifierReport\n",
        PACKAGE / "report" / "pages.py",
    )
    old += imports_in("from evalkit.report.base import OverviewResult\n",
                      PACKAGE / "report" / "classifier.py")  # fmt: skip
    (problem,) = circles(old)
    assert problem.startswith("report.base → report.pages → report.classifier → report.base: ")
    assert "evalkit/report/pages.py:3 (report.pages imports report.classifier)" in problem
    # between the top-level modules the three files are one module: no circle there
    assert circles(between_modules(old)) == []


def test_the_circle_check_fails_on_a_circle_planted_in_the_tree():
    """The tree's own graph with one import added (report.rules importing report.comparison,
    as if a rule were read from the result class): the check fails, and each circle it names
    runs through the planted import, with its file and line."""
    planted = Import(PACKAGE / "report" / "rules.py", 1, "report.rules", "report.comparison")
    imports = [*all_imports(), planted]
    assert circles(all_imports()) == []
    problems = circles(imports)
    assert problems, "the planted circle was not found"
    step = "evalkit/report/rules.py:1 (report.rules imports report.comparison)"
    assert all(step in problem for problem in problems), problems
    assert upward(inside("report", imports), floor_of("report")) == [
        "evalkit/report/rules.py:1: report.rules (floor 0) imports report.comparison (floor 5): "
        "an import must point to a lower floor"
    ]


def test_an_upward_import_fails_naming_the_file_line_and_modules():
    # intervals (floor 3) importing paired (floor 4), inside a function
    found = imports_in("def g():\n    from evalkit.paired import mcnemar\n",
                       PACKAGE / "intervals.py")  # fmt: skip
    problems = upward(found, floor_of())
    assert problems == [
        "evalkit/intervals.py:2: intervals (floor 3) imports paired (floor 4): an import must "
        "point to a lower floor"
    ]
    same_floor = imports_in("from evalkit import roc\n", PACKAGE / "intervals.py")
    assert len(upward(same_floor, floor_of())) == 1  # a floor's modules do not import each other


def test_a_circle_is_found_with_every_step():
    # the circle that issue 45 found: paired took holm from multiple, multiple took
    # wilcoxon_signed_rank from paired
    old = imports_in("def h():\n    from evalkit.multiple import holm\n", PACKAGE / "paired.py")
    old += imports_in("from evalkit.paired import wilcoxon_signed_rank\n", PACKAGE / "multiple.py")
    (problem,) = circles(old)
    assert problem.startswith("multiple → paired → multiple: ")
    assert "evalkit/paired.py:2 (paired imports multiple)" in problem
    assert "evalkit/multiple.py:1 (multiple imports paired)" in problem


@pytest.mark.parametrize("module", ["intervals", "report"])
def test_the_floors_table_names_each_module_with_what_it_holds(module):
    table = floors_table()
    line = next(row for row in table.splitlines() if f"`{module}" in row)
    assert line.count("|") == 5 and len(line.split("|")[3].strip()) > 10, line


def test_the_package_floors_table_names_each_file_with_what_it_holds():
    table = package_floors_table("report")
    lines = [row for row in table.splitlines() if "`report/" in row]
    assert len(lines) == len(modules()["report"])
    for line in lines:
        assert line.count("|") == 5 and len(line.split("|")[3].strip()) > 10, line
