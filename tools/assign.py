"""Build what a teacher hands out and grades with (make assign).

    python tools/assign.py [OUT]      # default: build/assign

* ``OUT/student/``: the student copies of every notebook (tools/student.py: each solution
  replaced by an empty answer cell, each check cell kept with its output cleared) and the
  exercises' checks beside them (``OUT/student/checks/``). Hand out the folder as it is.
* ``OUT/autograder/NN_name.zip``: otter-grader's autograder configuration for each notebook,
  made by otter's own ``otter generate`` from that notebook's checks
  (``notebooks/checks/qNN_*.py``); ``make grade`` (tools/grade.py) grades with them.

Why not ``otter assign``: it builds both from a *master notebook* in otter's format (raw cells
``# BEGIN QUESTION``, ``# BEGIN SOLUTION``, ``# BEGIN TESTS`` around every exercise), which would
put the grading markup into the notebooks every student reads, in JupyterLab and on the website,
and it would execute each notebook again to check its tests. The course notebooks stay the one
source: their solutions are cells tagged ``solution`` (removed here in a few lines), their checks
are otter test files run by every execution of the notebook (each must pass on the notebook's
own solution, tests/test_exercise_checks.py), and otter does the rest (checking, generating,
grading).
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path

from student import CHECKS, REPO, write_student_copies

OUT = REPO / "build" / "assign"


def checks_of(stem: str) -> list[Path]:
    """The check files of course notebook ``stem`` (``02_confidence_intervals`` -> q02_*.py)."""
    return sorted(CHECKS.glob(f"q{stem[:2]}_*.py"))


def autograder_zip(stem: str, dest: Path) -> Path | None:
    """otter's autograder zip for notebook ``stem`` at ``dest/stem.zip`` (None: no checks)."""
    from otter.generate import main as generate

    checks = checks_of(stem)
    if not checks:
        return None
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        tests = Path(tmp, "tests")
        tests.mkdir()
        for path in checks:
            (tests / path.name).write_bytes(path.read_bytes())
        target = dest / f"{stem}.zip"
        with contextlib.redirect_stdout(io.StringIO()):
            generate(
                tests_dir=str(tests),
                output_path=str(target),
                no_config=True,
                no_requirements=True,
                no_environment=True,
            )
    return target


def assign(out: Path = OUT) -> tuple[list[Path], list[Path]]:
    """Write the student copies and the autograder zips; return both lists of paths."""
    copies = write_student_copies(out / "student")
    zips = [z for path in copies if (z := autograder_zip(path.stem, out / "autograder"))]
    return copies, zips


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else OUT
    copies, zips = assign(out)
    print(f"{out / 'student'}/: {len(copies)} student copies and the checks (checks/) to hand out")
    print(f"{out / 'autograder'}/: {len(zips)} autograder configurations for make grade")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
