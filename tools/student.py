"""Make student copies of the notebooks: every solution replaced by a placeholder.

    python tools/student.py [OUT_DIR]      # default: build/student

Cells tagged ``solution`` (code and markdown) are stored collapsed, and the first line of each
says only that it is a solution (``# Solution 2 — click to show`` in code, ``Solution 2 — click to
show`` in Markdown): JupyterLab's placeholder of a collapsed cell shows that line. In a student
copy they are removed; each run of consecutive solution cells becomes one empty code cell tagged
``exercise`` that says where to write the answer. All other cells, and their outputs, are kept,
so the copy still reads like the original up to the exercises.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parent.parent
SOLUTION, PLACEHOLDER_TAG = "solution", "exercise"
PLACEHOLDER = "# Your solution here: write and run your code in this cell.\n"
SHOW = " — click to show"  # ends the first line of every solution cell


def is_solution(cell: nbformat.NotebookNode) -> bool:
    return SOLUTION in cell.get("metadata", {}).get("tags", [])


def solution_label(cell: nbformat.NotebookNode) -> str | None:
    """The name a solution cell's first line gives it, or None if the line is not of that form.

    >>> from nbformat.v4 import new_code_cell, new_markdown_cell
    >>> solution_label(new_code_cell("# Solution 2 — click to show\\nprint(1)"))
    'Solution 2'
    >>> solution_label(new_markdown_cell("Solution — click to show\\n\\nBecause."))
    'Solution'
    >>> solution_label(new_code_cell("def chi2_power(k_a):")) is None
    True
    """
    first = cell.source.split("\n", 1)[0]
    if cell.cell_type == "code":
        first = first[2:] if first.startswith("# ") else ""
    label = first.removesuffix(SHOW)
    return label if first.endswith(SHOW) and label.startswith("Solution") else None


def solution_body(cell: nbformat.NotebookNode) -> str:
    """A solution cell's source without its first line (and the blank lines after it)."""
    return cell.source.split("\n", 1)[1].lstrip("\n") if "\n" in cell.source else ""


def student_copy(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """Return a copy of ``nb`` with the solutions replaced by placeholders."""
    copy = nbformat.from_dict(nb)
    cells = []
    for cell in copy.cells:
        if not is_solution(cell):
            cells.append(cell)
        elif not (cells and PLACEHOLDER_TAG in cells[-1].metadata.get("tags", [])):
            placeholder = nbformat.v4.new_code_cell(PLACEHOLDER)
            placeholder.metadata["tags"] = [PLACEHOLDER_TAG]
            cells.append(placeholder)
    copy.cells = cells
    return copy


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else REPO / "build" / "student"
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted((REPO / "notebooks").glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        nbformat.write(student_copy(nb), out / path.name)
        print(f"{out / path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
