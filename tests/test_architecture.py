"""The package's floors: every import inside evalkit points down a floor, and none closes a circle.

evalkit is built like a house of floors (issue 45). A module may import the modules on the floors
below its own, never one on its own floor or above: then no chain of imports can come back to
where it started. ``FLOORS`` below is the rule, as data; the website's page "Architecture"
(``tools/site/architecture.md``, built by ``tools/build_site.py``) shows the same table,
generated from it by :func:`floors_table`.

The check reads every file of ``evalkit/`` with :mod:`ast` (no import is executed): every
``import evalkit.x``, ``from evalkit import x``, ``from evalkit.x import y`` and relative import
(``from . import y`` inside ``evalkit/report/``), at the top of a file or inside a function.
A failure names the file, the line and the two modules.

Where a new module goes: on the lowest floor above everything it imports (add it to ``FLOORS``;
``test_every_module_has_a_floor`` asks for it).
"""

from __future__ import annotations

import ast
import functools
import itertools
from dataclasses import dataclass
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "evalkit"

# (the floor's name, its modules), from the ground up. A module imports only from lower floors.
FLOORS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ground: checking inputs, ranks, normal and t tails", ("_validation", "_ranks", "_tails")),
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
            "atlas",
            "examples",
            "glossary",
            "exercises",
        ),
    ),
    (
        "two classifiers, metrics, Bayesian comparisons",
        ("independent", "paired", "metrics", "bayesian"),
    ),
    ("many data sets, clustered items, planning", ("multiple", "clustered", "planning")),
    ("the whole comparison in one call", ("report",)),
    ("entry points: the package and the command line", ("__init__", "__main__")),
)


def floor_of() -> dict[str, int]:
    """Each module's floor (0 = ground)."""
    return {module: i for i, (_, modules) in enumerate(FLOORS) for module in modules}


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
    """One import of an evalkit module by another: where it is and what it names."""

    path: Path
    line: int
    importer: str
    imported: str

    def where(self) -> str:
        return f"evalkit/{self.path.relative_to(PACKAGE).as_posix()}:{self.line}"


@functools.cache
def _tree(source: str, filename: str) -> ast.Module:
    """A file's syntax tree, parsed once per test run (several tests read every module)."""
    return ast.parse(source, filename=filename)


def imports_in(source: str, path: Path) -> list[Import]:
    """The evalkit modules that a file's source imports, anywhere in it (functions included)."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    importer = parts[0]
    folder = list(parts[:-1])  # the file's package inside evalkit ([] at the top)
    found = []
    for node in ast.walk(_tree(source, str(path))):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name.split(".")[1] for a in node.names if a.name.startswith("evalkit.")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the file's package, up level - 1 packages
                base = folder[: len(folder) - (node.level - 1)]
                dotted = base + (node.module.split(".") if node.module else [])
            elif node.module and node.module.split(".")[0] == "evalkit":
                dotted = node.module.split(".")[1:]
            else:
                continue
            targets = [dotted[0]] if dotted else [a.name for a in node.names]
        found += [Import(path, node.lineno, importer, t) for t in targets if t != importer]
    return found


def all_imports() -> list[Import]:
    return [
        imp
        for files in modules().values()
        for path in files
        for imp in imports_in(path.read_text(encoding="utf-8"), path)
    ]


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
    doc = ast.get_docstring(_tree(path.read_text(encoding="utf-8"), str(path))) or ""
    first = doc.split("\n\n", 1)[0].replace("\n", " ").strip()
    return first.split(". ", 1)[0].rstrip(".")


def floors_table() -> str:
    """The floors as a Markdown table (the website's architecture page shows it)."""
    found, imports = modules(), all_imports()
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


def test_every_import_points_down_a_floor():
    problems = upward(all_imports(), floor_of())
    assert problems == [], "\n".join(problems)


def test_no_import_closes_a_circle():
    problems = circles(all_imports())
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
    # within report/ itself: not an import of another module
    assert [(i.line, i.imported) for i in found] == [(3, "roc"), (4, "paired")]


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
