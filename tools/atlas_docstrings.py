"""Write the coverage atlas's figures into the docstrings of the functions it measures.

Each measured (function, kind, method) gets one line in its function's docstring, just before
the ``Parameters`` heading: its minimum (coverage; the maximum of a size) with the setting where
it lies, the median and the maximum::

    Atlas (coverage): minimum 0.835 (at K=10, p=0.982136), median 0.950, maximum 0.990 over
    60 settings. It covers less than 93 % at 17 of the 60 settings; at every K its coverage is
    lowest near p ≈ 1 − 0.18/K (0.18 expected errors).

(a size states where its maximum lies). The second sentence is there only where the method
falls more than 2 points (and two standard errors) below its nominal coverage, or above its
nominal size, somewhere in the atlas.

``tests/test_atlas.py`` checks that every line agrees with ``data/atlas.csv``; after
``make atlas`` changed the table, run ``.venv/bin/python tools/atlas_docstrings.py`` and review the
diff. Lines already there are replaced; a block is added where there is none.
"""

from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

import numpy as np

from evalkit import atlas

REPO = Path(__file__).resolve().parent.parent
INTRO = "Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):"


#: how far beyond nominal (2 points) a row must be for the plain sentence
MARGIN = 0.02


def _where(row: atlas.AtlasRow) -> str:
    """A row's setting in a sentence: ``K=10; p=0.98`` → ``K=10, p=0.98``."""
    return row.setting.replace("; ", ", ")


def _per_size_pattern(rows: list[atlas.AtlasRow]) -> str:
    """For one rate: the fine search's worst point at every K, when it sits at about the same
    expected number of errors K(1 − p) for every K (within 25 %)."""
    worst = [r for r in rows if r.worst and {"K", "p"} <= set(r.parameters)]
    if len(worst) < 3:
        return ""
    errors = np.array([r.parameters["K"] * (1 - r.parameters["p"]) for r in worst])
    middle = float(np.median(errors))
    if middle <= 0 or np.any(np.abs(errors / middle - 1) > 0.25):
        return ""
    return (
        f"; at every K its coverage is lowest near p ≈ 1 − {middle:.2g}/K ({middle:.2g} "
        "expected errors)"
    )


def shortfall_sentence(function: str, method: str, kind: str) -> str:
    """The plain sentence for a method more than 2 points (and 2 SE) beyond nominal, or ""."""
    rows = atlas.rows(function, method, kind)
    if kind == "coverage":
        bad = [r for r in rows if r.value < r.nominal - MARGIN - 2 * r.se - 1e-12]
    else:
        bad = [r for r in rows if r.value > r.nominal + MARGIN + 2 * r.se + 1e-12]
    if not bad:
        return ""
    nominal = rows[0].nominal
    many = f"{len(bad)} of the {len(rows)} settings" if len(rows) > 1 else "its one setting"
    if kind == "coverage":
        return (
            f"It covers less than {100 * (nominal - MARGIN):g} % at {many}"
            f"{_per_size_pattern(rows)}."
        )
    return (
        f"It rejects a true null hypothesis more than {100 * (nominal + MARGIN):g} % of the "
        f"time at {many}."
    )


def atlas_lines(function: str) -> list[str]:
    lines = []
    for kind in ("coverage", "size"):
        for method in sorted({r.method for r in atlas.rows(function, kind=kind)}):
            s = atlas.summary(function, method, kind)
            found = atlas.rows(function, method, kind)
            # the minimum of a coverage, the maximum of a size: where the promise is weakest
            extreme = min(found, key=lambda r: r.value) if kind == "coverage" else None
            label = kind if method == "-" else f"{kind}, {method}"
            minimum = f"minimum {s.minimum:.3f}"
            maximum = f"maximum {s.maximum:.3f}"
            if extreme is not None:
                minimum += f" (at {_where(extreme)})"
            else:
                top = max(found, key=lambda r: r.value)
                maximum += f" (at {_where(top)})"
            sentence = shortfall_sentence(function, method, kind)
            lines.append(
                f"Atlas ({label}): {minimum}, median {s.median:.3f}, {maximum} over "
                f"{s.settings} {'setting' if s.settings == 1 else 'settings'}."
                + (f" {sentence}" if sentence else "")
            )
    return lines


def _docstring_span(source: str, name: str) -> tuple[int, int]:
    """First and last line (0-based) of function ``name``'s docstring in ``source``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef) and node.name == name:
            doc = node.body[0]
            if isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant):
                return doc.lineno - 1, doc.end_lineno - 1
    raise LookupError(f"no docstring for {name}")


def update(function: str) -> bool:
    module, name = function.split(".")
    path = REPO / "evalkit" / f"{module}.py"
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    first, last = _docstring_span(text, name)
    body = lines[first : last + 1]
    indent = " " * (len(body[-1]) - len(body[-1].lstrip()))
    wanted = [
        wrapped
        for line in atlas_lines(function)
        for wrapped in textwrap.wrap(
            line, width=100, initial_indent=indent, subsequent_indent=indent
        )
    ]
    old = [i for i, line in enumerate(body) if line.strip().startswith("Atlas (")]
    if old:
        end = old[-1] + 1
        # a wrapped line: up to the blank line after the block (one paragraph, no indent, so that
        # Sphinx reads it as text, not as a block quote)
        while end < len(body) and body[end].strip() and not body[end].strip().startswith("Atlas ("):
            end += 1
        new_body = body[: old[0]] + wanted + body[end:]
    else:
        at = next((i for i, line in enumerate(body) if line.strip() == "Parameters"), len(body) - 1)
        block = [indent + INTRO, "", *wanted, ""]
        new_body = body[:at] + block + body[at:]
    if new_body == body:
        return False
    lines[first : last + 1] = new_body
    path.write_text("\n".join(lines), encoding="utf-8")
    return True


def main() -> int:
    changed = [f for f in sorted({r.function for r in atlas.rows()}) if update(f)]
    for f in changed:
        print(f"updated {f}")
    print(f"{len(changed)} docstrings changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
