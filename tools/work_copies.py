"""The student's working copies of the notebooks, in ``work/`` (ignored by git).

    python tools/work_copies.py                 # copy every notebook not yet in work/
    python tools/work_copies.py --fresh 08      # replace work/08_*.ipynb by the course's version
    python tools/work_copies.py --fresh all     # replace every copy

``make lab`` opens JupyterLab on these copies, so that JupyterLab's autosave never rewrites the
committed notebooks and ``git pull`` brings a course update without merge conflicts. A copy that
exists is the student's work and is never overwritten; ``--fresh`` (``make lab-fresh NB=08``,
``make lab-fresh-all``) keeps the old copy as ``work/NAME.old-<date>.ipynb`` before replacing it.
The notebooks find their data through :func:`evalkit.datasets.data_file` and link to each other by
file name, so they run and navigate the same from ``work/``. The exercises' checks
(``notebooks/checks``, run by each notebook's check cells) are course files, not the student's:
``work/checks`` is replaced by the course's current checks every time.
"""

from __future__ import annotations

import argparse
import datetime
import shutil
import sys
from pathlib import Path

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
    ...     _ = Path(src, "00_a.ipynb").write_text("{}")
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
            shutil.copy2(notebook, target)
            copied.append(notebook.name)
    return copied, kept


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
        shutil.copy2(notebook, target)
        done.append((notebook.name, backup))
    return done


def refresh_checks(source: Path, dest: Path) -> None:
    """Replace ``dest/checks`` by the course's ``source/checks`` (where there is one)."""
    checks = source / "checks"
    if checks.is_dir():
        shutil.rmtree(dest / "checks", ignore_errors=True)
        shutil.copytree(checks, dest / "checks", ignore=shutil.ignore_patterns("__pycache__"))


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
