"""The student's working copies of the notebooks, in ``work/`` (ignored by git).

    python tools/work_copies.py                 # copy every notebook not yet in work/
    python tools/work_copies.py --fresh 08      # replace work/08_*.ipynb by the course's version
    python tools/work_copies.py --fresh all     # replace every copy

``make lab`` opens JupyterLab on these copies, so that JupyterLab's autosave never rewrites the
committed notebooks and ``git pull`` brings a course update without merge conflicts. Each copy
is a **student copy** (tools/student.py): the solutions are not in it, so Run All runs none and
shows none; each exercise has an empty answer cell, and its check cell runs the sealed check in
``work/checks`` (right or wrong with a hint, no answer inside). The solutions are on the course's
website, folded under each exercise, and in ``notebooks/`` of the repository.

A copy that exists is the student's work and is never overwritten; ``--fresh`` (``make
lab-fresh NB=08``, ``make lab-fresh-all``) keeps the old copy as
``work/NAME.old-<date>.ipynb`` before replacing it. A copy made by an earlier version of the
course, which held the solutions, is named when ``make lab`` starts, with the command that
replaces it. The notebooks find their data through :func:`evalkit.datasets.data_file` and link
to each other by file name, so they run and navigate the same from ``work/``. ``work/checks`` is
the course's, not the student's: it is sealed again from the course's checks every time.
"""

from __future__ import annotations

import argparse
import datetime
import sys
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/, also when imported as tools.x
from student import is_solution, sealed_checks, student_copy

REPO = Path(__file__).resolve().parent.parent
SOURCE, DEST = REPO / "notebooks", REPO / "work"


def course_notebooks(source: Path) -> list[Path]:
    """The course's notebooks in ``source``, in order (``NN_name.ipynb``)."""
    return sorted(source.glob("*.ipynb"))


def ensure_copies(source: Path, dest: Path) -> tuple[list[str], list[str]]:
    """Copy each notebook of ``source`` that ``dest`` does not have yet; never overwrite one.

    Returns the names copied and the names kept (the student's existing copies).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     src, dst = Path(tmp, "nb"), Path(tmp, "work")
    ...     src.mkdir()
    ...     nbformat.write(nbformat.v4.new_notebook(), Path(src, "00_a.ipynb"))
    ...     ensure_copies(src, dst), ensure_copies(src, dst)
    ((['00_a.ipynb'], []), ([], ['00_a.ipynb']))
    """
    dest.mkdir(parents=True, exist_ok=True)
    copied, kept = [], []
    for notebook in course_notebooks(source):
        target = dest / notebook.name
        if target.exists():
            kept.append(notebook.name)
        else:
            write_copy(notebook, target)
            copied.append(notebook.name)
    return copied, kept


def write_copy(notebook: Path, target: Path) -> None:
    """Write the student copy of course notebook ``notebook`` to ``target``."""
    nb = nbformat.read(notebook, as_version=4)
    nbformat.write(student_copy(nb, notebook.stem), target)


def holds_solutions(path: Path) -> bool:
    """Whether a working copy still has solution cells (a full copy from an earlier course)."""
    try:
        nb = nbformat.read(path, as_version=4)
    except Exception:
        return False
    return any(is_solution(cell) for cell in nb.cells)


def backup_name(dest: Path, name: str, today: datetime.date) -> Path:
    """``dest/NAME.old-<date>.ipynb``, with ``-2``, ``-3``… if that exists already."""
    stem = Path(name).stem
    candidate = dest / f"{stem}.old-{today.isoformat()}.ipynb"
    n = 2
    while candidate.exists():
        candidate = dest / f"{stem}.old-{today.isoformat()}-{n}.ipynb"
        n += 1
    return candidate


def select(source: Path, which: str) -> list[Path]:
    """The notebooks ``which`` names: ``all``, a number such as ``8`` or ``08``, or a file name."""
    notebooks = course_notebooks(source)
    if which == "all":
        return notebooks
    if which.isdigit():
        chosen = [nb for nb in notebooks if nb.name.startswith(f"{int(which):02d}_")]
    else:
        chosen = [nb for nb in notebooks if nb.name in (which, f"{which}.ipynb")]
    if not chosen:
        names = ", ".join(nb.name for nb in notebooks)
        raise ValueError(
            f"no course notebook matches {which!r}; use all, a number or one of {names}"
        )
    return chosen


def fresh_copies(
    source: Path, dest: Path, which: str, today: datetime.date | None = None
) -> list[tuple[str, Path | None]]:
    """Replace the copies ``which`` names by the course's version, keeping each old one.

    Returns ``(name, backup)`` pairs; ``backup`` is None where there was no copy yet.
    """
    today = today or datetime.date.today()
    dest.mkdir(parents=True, exist_ok=True)
    done = []
    for notebook in select(source, which):
        target, backup = dest / notebook.name, None
        if target.exists():
            backup = backup_name(dest, notebook.name, today)
            target.rename(backup)
        write_copy(notebook, target)
        done.append((notebook.name, backup))
    return done


def refresh_checks(source: Path, dest: Path) -> None:
    """Seal the course's checks into ``dest/checks`` (the teacher's files never go there)."""
    if (source / "checks").is_dir():
        sealed_checks(dest, source / "checks")


def show(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=SOURCE)
    parser.add_argument("--dest", type=Path, default=DEST)
    parser.add_argument("--fresh", metavar="NB", help="all, a notebook number (08) or file name")
    args = parser.parse_args(argv)
    args.dest.mkdir(parents=True, exist_ok=True)
    refresh_checks(args.source, args.dest)
    if args.fresh is not None:
        try:
            done = fresh_copies(args.source, args.dest, args.fresh)
        except ValueError as error:
            print(f"work_copies.py: {error}", file=sys.stderr)
            return 2
        for name, backup in done:
            kept = f" (your old copy: {show(backup)})" if backup else ""
            print(f"{show(args.dest / name)}: the course's current version{kept}")
        return 0
    copied, kept = ensure_copies(args.source, args.dest)
    old = [name for name in kept if holds_solutions(args.dest / name)]
    if old:
        print(
            f"{len(old)} of your copies ({', '.join(old[:3])}{', ...' if len(old) > 3 else ''})"
            " come from an earlier version of the course and still hold the solutions, which"
            " Run All executes: make lab-fresh NB=08 replaces one by a student copy (your old one"
            " is kept as NAME.old-<date>.ipynb)."
        )
    count = f"{len(copied) + len(kept)} notebooks"
    news = f", {len(copied)} new" if copied and kept else ""
    print(
        f"Your copies of the notebooks are in {show(args.dest)}/ ({count}{news};"
        " yours to edit, git ignores them); a fresh copy of one: make lab-fresh NB=08"
        " (the old one is kept as NAME.old-<date>.ipynb), of all: make lab-fresh-all"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
