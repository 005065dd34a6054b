"""Execute notebooks top to bottom in a fresh kernel and store their outputs in place.

Usage: ``python tools/run_notebooks.py [--timeout SECONDS] notebooks/01_*.ipynb`` (``make
notebooks`` runs all; ``--help`` lists the options, and a name that is no notebook file stops
it before anything runs). Run it with the project's .venv Python, so that the kernel sees the
installed evalkit. Each notebook runs with its own folder as the working directory, as
JupyterLab and nbval run it. Each cell may take at most ``--timeout`` seconds (default:
tools/kernel.py's CELL_TIMEOUT); a cell that goes over it, or fails, is reported with the
notebook, the cell's index and its first line, that notebook is left unchanged, and the others
still run (exit 1).
Cells tagged ``solution`` are stored collapsed (source and output hidden: JupyterLab shows "…"
to open them), so that a student sees the exercise before its solution. A widget's stored output
keeps its widget view, but its plain-text form (``interactive(children=(IntSlider(…``, which
JupyterLab shows until the notebook has run, the widget's state not being stored) becomes
:data:`WIDGET_NOTE`, which says to run the cell. ``--tidy-only`` does both without executing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from kernel import CELL_TIMEOUT, HeadlessError, execute_notebook

KERNEL_METADATA = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
SOLUTION = "solution"
#: JupyterLab's cell metadata for a collapsed input and output (nbformat's "jupyter" key).
COLLAPSED = {"source_hidden": True, "outputs_hidden": True}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: What a widget's output says before its cell has run (its plain-text form).
WIDGET_NOTE = "Run this cell (or Run All) to get the interactive figure and its controls."


def collapse_solutions(nb: nbformat.NotebookNode) -> None:
    """Hide the source and output of every cell tagged ``solution`` (in place)."""
    for cell in nb.cells:
        if SOLUTION in cell.metadata.get("tags", []):
            cell.metadata["jupyter"] = dict(COLLAPSED)


def label_widget_outputs(nb: nbformat.NotebookNode) -> None:
    """Give every widget output :data:`WIDGET_NOTE` as its plain text (in place)."""
    for cell in nb.cells:
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            if WIDGET_VIEW in output.get("data", {}):
                output["data"]["text/plain"] = WIDGET_NOTE


def tidy(nb: nbformat.NotebookNode) -> None:
    """Collapse the solutions and label the widget outputs (in place)."""
    collapse_solutions(nb)
    label_widget_outputs(nb)


def run(path: Path, timeout: float = CELL_TIMEOUT) -> float:
    """Execute ``path`` in place; return the wall time in seconds.

    Raises tools/kernel.py's ``CellTimeout`` or ``CellError`` (naming the notebook and the cell)
    when a cell goes over ``timeout`` seconds or fails; the file is then not written.
    """
    nb = nbformat.read(path, as_version=4)
    nb.metadata["kernelspec"] = dict(KERNEL_METADATA)
    start = time.perf_counter()
    execute_notebook(nb, path.parent, timeout, name=str(path))
    elapsed = time.perf_counter() - start
    nb.metadata.pop("widgets", None)  # widget state differs per run; JupyterLab rebuilds it
    language_info = nb.metadata.get("language_info", {})
    nb.metadata["language_info"] = {
        k: language_info[k] for k in ("name", "pygments_lexer") if k in language_info
    }
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    tidy(nb)
    nbformat.write(nb, path)
    return elapsed


def parser() -> argparse.ArgumentParser:
    """The command line: notebooks to execute, ``--timeout``, ``--tidy-only`` and ``--help``."""
    first_line = __doc__.splitlines()[0]
    cli = argparse.ArgumentParser(
        prog="python tools/run_notebooks.py",
        description=first_line,
        epilog="Run it with the project's .venv Python (make notebooks runs every notebook).",
    )
    cli.add_argument("notebooks", nargs="+", type=Path, metavar="NOTEBOOK", help="a .ipynb file")
    cli.add_argument(
        "--timeout",
        type=float,
        default=CELL_TIMEOUT,
        metavar="SECONDS",
        help=f"the longest a cell may run (default: {CELL_TIMEOUT:g} s, tools/kernel.py's)",
    )
    cli.add_argument(
        "--tidy-only",
        action="store_true",
        help="only collapse the solutions and label the widget outputs, without executing",
    )
    return cli


def main(argv: list[str]) -> int:
    try:
        args = parser().parse_args(argv)
    except SystemExit as exc:  # --help (0) or a usage error (2), already printed
        return int(exc.code or 0)
    missing = [str(path) for path in args.notebooks if not path.is_file()]
    if missing:
        print(f"no such notebook: {', '.join(missing)}", file=sys.stderr)
        return 2
    if args.tidy_only:  # without re-executing
        for path in args.notebooks:
            nb = nbformat.read(path, as_version=4)
            tidy(nb)
            nbformat.write(nb, path)
        return 0
    failed = 0
    for path in args.notebooks:
        try:
            print(f"{path}: {run(path, args.timeout):.1f} s", flush=True)
        except HeadlessError as exc:
            failed += 1
            print(f"FAILED {exc}", file=sys.stderr, flush=True)
    if failed:
        total = len(args.notebooks)
        print(f"{failed} of {total} notebooks failed (left unchanged)", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
