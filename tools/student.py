"""Make student copies of the notebooks: every solution replaced by an empty answer cell.

    python tools/student.py [OUT_DIR]      # default: build/student (make student)

The copies go with the exercises' **sealed** checks beside them (``OUT_DIR/checks/qNN_k.json``,
made from the teacher's ``notebooks/checks/qNN_k.py`` by
:func:`evalkit.exercises.write_sealed_checks`):
a check cell says right or wrong, with the hint, but the files hold no answer in readable form
and no code. Each copy records which course notebook it is (``metadata.evalkit.notebook``), so
that ``make grade`` knows which checks to run on a submitted copy whatever its file is called.

Cells tagged ``solution`` (code and Markdown) are removed: each run of consecutive solution cells
becomes one empty code cell tagged ``exercise`` that says where to write the answer (one per
exercise where the solutions are numbered). No solution is left to run under Run All or to read;
the solutions stay in the course's notebooks, folded on the website. All other cells, and their
outputs, are kept, so the copy still reads like the original up to the exercises. That includes
the exercises' check cells (tagged ``check``: ``grader().check("q02_1")``), with their output
cleared: the committed one says "passed", on the notebook's own solution; an untouched copy
passes no check.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parent.parent
SOLUTION, PLACEHOLDER_TAG, CHECK_TAG = "solution", "exercise", "check"
PLACEHOLDER = "# Your solution here: write and run your code in this cell.\n"
SHOW = " — click to show"  # ends the first line of every solution cell
CHECKS = REPO / "notebooks" / "checks"  # the exercises' checks (otter-grader test files)


def is_solution(cell: nbformat.NotebookNode) -> bool:
    return SOLUTION in cell.get("metadata", {}).get("tags", [])


def is_check(cell: nbformat.NotebookNode) -> bool:
    """Whether the cell runs an exercise's check (``grader().check("q02_1")``)."""
    return CHECK_TAG in cell.get("metadata", {}).get("tags", [])


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


def exercise_number(cell: nbformat.NotebookNode) -> int | None:
    """The exercise a solution cell answers, if its first line numbers it ("Solution 2 — ...").

    >>> from nbformat.v4 import new_code_cell
    >>> exercise_number(new_code_cell("# Solution 2 — click to show\\nprint(1)"))
    2
    >>> exercise_number(new_code_cell("# Solution — click to show\\nprint(1)")) is None
    True
    """
    words = (solution_label(cell) or "").split()
    return int(words[1]) if len(words) > 1 and words[1].isdigit() else None


def _placeholder(number: int | None, solution: nbformat.NotebookNode) -> nbformat.NotebookNode:
    # "# Exercise 2: your solution here: ..." where the exercise is known; its id follows from
    # the solution it stands for, so that every copy of the notebook is the same, byte for byte
    text = PLACEHOLDER.replace("Your", f"Exercise {number}: your") if number else PLACEHOLDER
    cell = nbformat.v4.new_code_cell(text)
    cell.metadata["tags"] = [PLACEHOLDER_TAG]
    if solution.get("id"):
        cell.id = f"answer-{solution.id}"[:64]
    return cell


def kernel_language_info() -> dict:
    """The ``language_info`` this environment's python3 kernel reports when it starts.

    JupyterLab writes the running kernel's ``language_info`` into a notebook's metadata when the
    kernel starts; a copy that already holds the same one opens without "unsaved changes".
    """
    try:
        from ipykernel.ipkernel import IPythonKernel
    except ImportError:  # no kernel here: keep what the notebook had
        return {"name": "python", "pygments_lexer": "ipython3"}
    return dict(IPythonKernel.language_info)


def student_copy(nb: nbformat.NotebookNode, name: str | None = None) -> nbformat.NotebookNode:
    """Return a copy of ``nb`` with the solutions replaced by placeholders.

    A run of consecutive solution cells becomes one placeholder, or one per exercise where the
    solutions are numbered ("Solution 1", "Solution 2", ...: several exercises under one heading,
    their solutions one after another); an unnumbered solution cell joins the exercise before it.
    Check cells lose their output. ``name`` (the course notebook's stem) goes into the copy's
    metadata as ``evalkit.notebook``.
    """
    copy = nbformat.from_dict(nb)
    if name is not None:
        copy.metadata["evalkit"] = {"notebook": name}
    copy.metadata["language_info"] = kernel_language_info()
    cells: list[nbformat.NotebookNode] = []
    current: int | None = None  # the exercise of the last placeholder, in the current run
    for cell in copy.cells:
        if is_check(cell):
            cell.outputs, cell.execution_count = [], None
        if not is_solution(cell):
            cells.append(cell)
            continue
        number = exercise_number(cell)
        in_run = bool(cells) and PLACEHOLDER_TAG in cells[-1].metadata.get("tags", [])
        if not in_run or (number is not None and number != current):
            cells.append(_placeholder(number, cell))
            current = number
    copy.cells = cells
    return copy


def sealed_checks(dest: Path, source: Path = CHECKS) -> Path:
    """Write the exercises' sealed checks into ``dest/checks`` (the teacher's files stay here).

    Sealed files of unchanged checks are kept; the teacher's ``.py`` files and anything else
    from an earlier version of the folder are removed.
    """
    from evalkit.exercises import write_sealed_checks

    target = Path(dest) / CHECKS.name
    written = write_sealed_checks(source, target)
    for other in target.iterdir():
        if other not in written:
            shutil.rmtree(other) if other.is_dir() else other.unlink()
    return target


def write_student_copies(out: Path, stems: list[str] | None = None) -> list[Path]:
    """Write the student copies of the notebooks (or of ``stems``) and the sealed checks to
    ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted((REPO / "notebooks").glob("*.ipynb")):
        if stems is None or path.stem in stems:
            nb = nbformat.read(path, as_version=4)
            nbformat.write(student_copy(nb, path.stem), out / path.name)
            written.append(out / path.name)
    sealed_checks(out)
    return written


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else REPO / "build" / "student"
    for path in write_student_copies(out):
        print(path)
    print(out / CHECKS.name)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
