"""Grade a folder of completed notebooks with otter-grader, locally and without Docker (make grade).

    python tools/grade.py SUBMISSIONS [--out FILE.csv] [--timeout SECONDS]
    make grade SUBMISSIONS=dir

``SUBMISSIONS`` holds the students' notebooks (student copies from ``make assign``, answered):
either a folder per student (``SUBMISSIONS/alice/02_confidence_intervals.ipynb``, any number of
notebooks each) or a file per student (``SUBMISSIONS/alice.ipynb``). A notebook is recognised by
the name ``make assign`` wrote into its metadata, else by its file name.

Each notebook is executed top to bottom in a fresh kernel by otter-grader (``otter run``: its
non-containerized grading, with the autograder configuration that ``otter generate`` makes from
the notebook's checks, ``notebooks/checks/qNN_*.py``), and every check of the notebook is run,
whether or not the student ran it. One CSV (default ``build/grades.csv``) gets a row per student
and a column per exercise (the points scored; the row "(points possible)" says of how many), then
the total, the points possible and notes: a notebook that could not be graded, a cell that
raised, and a cell that ran longer than ``--timeout`` seconds, which is interrupted (so a
student's endless loop costs that cell, not the grading: the rest of the notebook still runs and
is graded). Exercises marked "Discuss" have no check and no column: grade them by reading.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from assign import autograder_zip
from kernel import CELL_TIMEOUT
from student import REPO

COURSE = sorted(p.stem for p in (REPO / "notebooks").glob("*.ipynb"))
POSSIBLE = "(points possible)"
# the grading kernel's first line (IPython's exec_lines): see cells_limited
OTTER_FIRST = "--IPKernelApp.exec_lines=import evalkit.exercises as e; e._otter_notebook(); del e"


@dataclass
class Graded:
    """One student's results: points per exercise, and notes."""

    student: str
    scores: dict[str, float] = field(default_factory=dict)
    possible: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def course_notebook(path: Path) -> str | None:
    """Which course notebook ``path`` is: its metadata (make assign), else its file name."""
    try:
        nb = nbformat.read(path, as_version=4)
    except Exception:
        return None
    stem = nb.metadata.get("evalkit", {}).get("notebook")
    if stem in COURSE:
        return stem
    return path.stem if path.stem in COURSE else None


def submissions(folder: Path) -> dict[str, list[Path]]:
    """Student -> their notebooks: a sub-folder per student, or a notebook file per student."""
    found: dict[str, list[Path]] = {}
    for entry in sorted(folder.iterdir()):
        if entry.is_dir() and not entry.name.startswith("."):
            notebooks = sorted(entry.glob("*.ipynb"))
            if notebooks:
                found[entry.name] = notebooks
        elif entry.suffix == ".ipynb":
            found[entry.stem] = [entry]
    return found


@contextlib.contextmanager
def cells_limited(timeout: float):
    """Within the block, every cell otter executes gets ``timeout`` seconds, then is interrupted.

    otter builds nbconvert's ``ExecutePreprocessor`` with a configuration of its own, whose
    cell timeout is nbclient's default, none: a student's endless loop would hang the grading
    (issue 47). otter imports the class when it grades, so a subclass with a limit put in its
    place in ``nbconvert.preprocessors`` is what it uses; nbclient then interrupts the kernel
    (``interrupt_on_timeout``), the cell records a KeyboardInterrupt, and the notebook goes on.
    (Changing the trait's default on the class would not do: traitlets keeps a copy of it.)

    Each kernel also imports otter when it starts, as a notebook's first check does
    (``evalkit.exercises``: without jsonschema's IRI parsers, which otter never uses), before
    otter's own first cell imports it again, at no cost: 2 s of CPU less per notebook graded.
    """
    import nbconvert.preprocessors as preprocessors
    from traitlets import Bool, Integer, List, Unicode

    original, limit = preprocessors.ExecutePreprocessor, int(timeout)

    class LimitedExecutePreprocessor(original):
        timeout = Integer(limit, allow_none=True).tag(config=True)
        interrupt_on_timeout = Bool(True).tag(config=True)
        extra_arguments = List(Unicode(), [OTTER_FIRST]).tag(config=True)

    preprocessors.ExecutePreprocessor = LimitedExecutePreprocessor
    try:
        yield
    finally:
        preprocessors.ExecutePreprocessor = original


def _cell_notes(executed: nbformat.NotebookNode | None, timeout: float) -> list[str]:
    notes = []
    for index, cell in enumerate(getattr(executed, "cells", []) or []):
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            if output.get("output_type") != "error":
                continue
            if output.get("ename") == "KeyboardInterrupt":
                notes.append(f"cell {index} ran over {timeout:g} s and was interrupted")
            else:
                notes.append(f"cell {index} raised {output.get('ename')}: {output.get('evalue')}")
    return notes


def grade_notebook(path: Path, stem: str, zip_path: Path, timeout: float):
    """otter's results for one notebook (``otter run``), its output captured."""
    from otter.run import main as otter_run

    with (
        cells_limited(timeout),
        tempfile.TemporaryDirectory() as out,
        contextlib.redirect_stdout(io.StringIO()),
    ):
        return otter_run(str(path), autograder=str(zip_path), output_dir=out, no_logo=True)


def grade(folder: Path, timeout: float = CELL_TIMEOUT) -> tuple[list[Graded], list[str]]:
    """Grade every submission in ``folder``; return the students' results and the exercises."""
    exercises: dict[str, float] = {}
    graded = []
    with tempfile.TemporaryDirectory() as tmp:
        zips: dict[str, Path | None] = {}
        for student, paths in submissions(folder).items():
            result = Graded(student)
            for path in paths:
                stem = course_notebook(path)
                if stem is None:
                    result.notes.append(f"{path.name}: not a notebook of the course")
                    continue
                if stem not in zips:
                    zips[stem] = autograder_zip(stem, Path(tmp))
                if zips[stem] is None:
                    result.notes.append(f"{path.name}: notebook {stem} has no checks")
                    continue
                try:
                    results = grade_notebook(path, stem, zips[stem], timeout)
                except Exception as error:
                    result.notes.append(
                        f"{path.name}: not graded ({type(error).__name__}: {error})"
                    )
                    continue
                for name, test_file in sorted(results.results.items()):
                    result.scores[name] = test_file.score
                    exercises[name] = test_file.possible
                for note in _cell_notes(results.notebook, timeout):
                    result.notes.append(f"{path.name}: {note}")
            graded.append(result)
    names = sorted(exercises)
    for result in graded:
        result.possible = {name: exercises[name] for name in names}
    return graded, names


def write_csv(graded: list[Graded], names: list[str], out: Path) -> None:
    """One row per student, a column per exercise (points), the total, the possible, notes."""
    out.parent.mkdir(parents=True, exist_ok=True)
    possible = graded[0].possible if graded else {}
    with open(out, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", *names, "total", "possible", "notes"])
        writer.writerow([POSSIBLE, *(f"{possible[n]:g}" for n in names), "", "", ""])
        for result in graded:
            # an exercise of a notebook the student did not hand in: 0 of its points
            scores = [result.scores.get(n, 0.0) for n in names]
            handed_in = sum(possible[n] for n in names if n in result.scores)
            writer.writerow([
                result.student, *(f"{s:g}" for s in scores), f"{sum(scores):g}",
                f"{handed_in:g}", "; ".join(result.notes),
            ])  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("submissions", type=Path, help="a folder of completed notebooks")
    parser.add_argument("--out", type=Path, default=REPO / "build" / "grades.csv")
    parser.add_argument(
        "--timeout", type=float, default=CELL_TIMEOUT, help="seconds per cell (default %(default)s)"
    )
    args = parser.parse_args(argv)
    if not args.submissions.is_dir():
        print(f"grade.py: SUBMISSIONS={args.submissions}: no such folder", file=sys.stderr)
        return 2
    graded, names = grade(args.submissions, args.timeout)
    if not graded:
        print(f"grade.py: no notebooks in {args.submissions}", file=sys.stderr)
        return 2
    write_csv(graded, names, args.out)
    for result in graded:
        total = sum(result.scores.values())
        notes = f" ({'; '.join(result.notes)})" if result.notes else ""
        print(f"{result.student}: {total:g} of {sum(result.possible.values()):g} points{notes}")
    print(f"{args.out}: a row per student, a column per exercise")
    return 0


if __name__ == "__main__":
    sys.exit(main())
