"""Write the coverage atlas's figures into the docstrings of the functions it measures.

Each measured (function, kind, method) gets one line in its function's docstring, just before
the ``Parameters`` heading::

    Atlas (coverage, wilson): minimum 0.838, median 0.946, maximum 0.960 over 60 settings.

``tests/test_atlas.py`` checks that every line agrees with ``data/atlas.csv``; after
``make atlas`` changed the table, run ``.venv/bin/python tools/atlas_docstrings.py`` and review the
diff. Lines already there are replaced; a block is added where there is none.
"""

from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

from evalkit import atlas

REPO = Path(__file__).resolve().parent.parent
INTRO = "Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):"


def atlas_lines(function: str) -> list[str]:
    lines = []
    for kind in ("coverage", "size"):
        for method in sorted({r.method for r in atlas.rows(function, kind=kind)}):
            s = atlas.summary(function, method, kind)
            label = kind if method == "-" else f"{kind}, {method}"
            lines.append(
                f"Atlas ({label}): minimum {s.minimum:.3f}, median {s.median:.3f}, "
                f"maximum {s.maximum:.3f} over {s.settings} "
                f"{'setting' if s.settings == 1 else 'settings'}."
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
