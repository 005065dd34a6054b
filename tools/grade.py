"""Grade handed-in notebooks: each run in a sandbox, its answers checked outside it (make grade).

    python tools/grade.py SUBMISSIONS [--out FILE.csv] [--checks DIR] [--timeout S] [--trusted]
    make grade SUBMISSIONS=dir [TRUSTED=1]

``SUBMISSIONS`` holds what the students handed in: a folder per student
(``SUBMISSIONS/alice/02_confidence_intervals.ipynb``, any number of files each) or a file per
student (``SUBMISSIONS/alice.ipynb``). A notebook is recognised by the name ``make assign`` wrote
into its metadata, else by its file name.

A submission is untrusted code. For each notebook:

1. **Run it isolated** (tools/sandbox.py: bubblewrap). A copy of the notebook is executed top to
   bottom in a fresh kernel, in a sandbox that sees only that copy's scratch folder (writable),
   the Python environment and evalkit (read-only), and no network: it cannot read the solutions
   or the teacher's checks, and cannot write to the repository, to evalkit, to the checks, to
   other submissions or to the grades. A cell gets ``--timeout`` seconds and is then
   interrupted; a cell that ignores the interrupt has its kernel killed, and the notebook is run
   again without it (tools/grade_execute.py). The whole sandbox is killed when it runs past the
   sum of its limits, so grading always ends.
2. **Take out only the answers.** The variables the exercises' checks read come out of the
   sandbox as JSON (numbers, strings, lists), never as objects or pickles.
3. **Check them outside.** The teacher's checks (otter-grader test files, from ``make
   assign``'s autograder bundles or from ``notebooks/checks``; never the sealed copies the
   students have) run here, in this process, on that plain data. Nothing the notebook did
   (patched functions, fake modules, a rewritten test runner) exists here.

Where bubblewrap is not available this refuses, unless ``--trusted`` (``TRUSTED=1``) says the
submissions are trusted: then they run without isolation (still with the time limits, and still
checked outside).

Output: ``--out`` (default ``build/grades.csv``) gets a row per student and a column per
exercise (the points scored; the row "(points possible)" says of how many), then the total, the
points of the notebooks handed in, and notes (a cell that raised, one over the limit, a kernel
killed). ``FILE_files.csv`` beside it gets a row for every file handed in, graded or not, with
the reason (not a notebook, not a notebook of the course, unreadable, a link, ...). Progress
goes to the terminal: which submission, how many are left, the time. Exercises marked "Discuss"
have no check and no column: grade them by reading.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # tools/, also when imported as tools.x
import sandbox
from grade_execute import MAX_RESTARTS, STARTUP_TIMEOUT
from kernel import CELL_TIMEOUT

REPO = Path(__file__).resolve().parent.parent
COURSE = sorted(p.stem for p in (REPO / "notebooks").glob("*.ipynb"))
CHECKS = REPO / "notebooks" / "checks"
EXECUTE = Path(__file__).resolve().parent / "grade_execute.py"
POSSIBLE = "(points possible)"
#: Seconds a cell may go on after its interrupt before its kernel is killed.
GRACE = 10.0
#: The largest file read as a notebook, and the largest result read from a sandbox.
MAX_NOTEBOOK_BYTES = 50 * 2**20
MAX_RESULT_BYTES = 16 * 2**20


@dataclass
class Graded:
    """One student's results: points per exercise, and notes."""

    student: str
    scores: dict[str, float] = field(default_factory=dict)
    possible: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


@dataclass
class FileRow:
    """One file handed in: whose, which course notebook (if any), graded or why not."""

    student: str
    file: str
    notebook: str
    status: str
    reason: str = ""


# ---------------------------------------------------------------------------------------------
# the teacher's checks


@dataclass
class TeacherChecks:
    """The teacher's check files of one notebook, loaded by otter-grader, and what they read."""

    files: list[Any]
    names: list[str]


def _test_file_class() -> type:
    sys.path.insert(0, str(REPO))
    from evalkit.exercises import _otter_test_file_class

    return _otter_test_file_class()


def load_checks(source: Path) -> dict[str, TeacherChecks]:
    """Course notebook → its teacher's checks, from ``source``.

    ``source`` is a folder of check files (``notebooks/checks``: ``qNN_k.py``) or of otter's
    autograder bundles (``make assign``'s ``autograder/NN_name.zip``, whose ``tests/`` hold the
    same files).
    """
    test_file = _test_file_class()
    found: dict[str, list[Path]] = {}
    unpacked = Path(tempfile.mkdtemp(prefix="evalkit-checks-"))
    try:
        files = sorted(source.glob("q*.py"))
        for bundle in sorted(source.glob("*.zip")):
            with zipfile.ZipFile(bundle) as archive:
                for member in archive.namelist():
                    name = Path(member).name
                    if (
                        member.startswith("tests/")
                        and name.startswith("q")
                        and name.endswith(".py")
                    ):
                        target = unpacked / name
                        target.write_bytes(archive.read(member))
                        files.append(target)
        for path in files:
            stem = next((s for s in COURSE if s[:2] == path.stem[1:3]), None)
            if stem is not None:
                found.setdefault(stem, []).append(path)
        checks = {}
        for stem, paths in found.items():
            loaded = [test_file.from_file(str(p)) for p in sorted(paths)]
            names = sorted({
                name for tf in loaded for case in tf.test_cases
                for name in case.body._get_func_params()
            })  # fmt: skip
            checks[stem] = TeacherChecks(loaded, names)
        return checks
    finally:
        shutil.rmtree(unpacked, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# what was handed in


def course_notebook(path: Path) -> tuple[str | None, str]:
    """Which course notebook ``path`` is, or None with the reason it is not one."""
    if path.suffix != ".ipynb":
        return None, f"not a notebook ({path.suffix or 'no extension'})"
    if path.stat().st_size > MAX_NOTEBOOK_BYTES:
        return None, f"larger than {MAX_NOTEBOOK_BYTES // 2**20} MB"
    try:
        import nbformat

        nb = nbformat.reads(path.read_text(encoding="utf-8"), as_version=4)
    except Exception as error:
        return None, f"unreadable as a notebook ({type(error).__name__})"
    meta = nb.metadata.get("evalkit", {})
    stem = meta.get("notebook") if isinstance(meta, dict) else None
    if stem in COURSE:
        return stem, ""
    if path.stem in COURSE:
        return path.stem, ""
    return None, "not a notebook of the course (its metadata and its name say neither)"


def handed_in(folder: Path) -> list[tuple[str, Path]]:
    """Every (student, path) in ``folder``: a sub-folder per student, or a file per student."""
    found = []
    for entry in sorted(folder.iterdir()):
        if entry.is_dir() and not entry.is_symlink():
            inside = sorted(entry.iterdir())
            found += [(entry.name, item) for item in inside] or [(entry.name, entry)]
        else:
            found.append((entry.stem if entry.suffix else entry.name, entry))
    return found


# ---------------------------------------------------------------------------------------------
# running one notebook, isolated


def _environment(home: str, trusted: bool) -> dict[str, str]:
    env = {
        "HOME": home,
        "PATH": f"{sys.prefix}/bin:/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "MPLBACKEND": "Agg",
        "MPLCONFIGDIR": f"{home}/matplotlib",
        "IPYTHONDIR": f"{home}/ipython",
        "JUPYTER_RUNTIME_DIR": f"{home}/jupyter-runtime",
        "JUPYTER_CONFIG_DIR": f"{home}/jupyter-config",
        "JUPYTER_PLATFORM_DIRS": "1",
        "EVALKIT_GRADING": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    if trusted:  # the same Python, evalkit and data as the grader
        env["PYTHONPATH"] = str(REPO)
    return env


def _read_result(path: Path) -> dict[str, Any] | None:
    """The sandbox's result file, if it is a plain file of a sane size (never a link)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return None
        data = handle.read(MAX_RESULT_BYTES + 1)
    if len(data) > MAX_RESULT_BYTES:
        return None
    try:
        result = json.loads(data)
    except ValueError:
        return None
    return result if isinstance(result, dict) else None


def budget(cells: int, timeout: float, grace: float) -> float:
    """The most seconds one notebook's run may take: every limit of every run, and the starts."""
    per_run = STARTUP_TIMEOUT + (cells + 1) * (timeout + grace)
    return per_run * (MAX_RESTARTS + 1)


def execute_isolated(
    path: Path, names: list[str], timeout: float, grace: float = GRACE, trusted: bool = False
) -> tuple[dict[str, Any], list[str]]:
    """Execute ``path`` (in the sandbox unless ``trusted``); return its answers and notes."""
    import nbformat

    cells = sum(c.cell_type == "code" for c in nbformat.read(path, as_version=4).cells)
    scratch = Path(tempfile.mkdtemp(prefix="evalkit-grade-"))
    try:
        submission, result = scratch / "submission", scratch / "result"
        submission.mkdir()
        result.mkdir()
        shutil.copyfile(path, submission / "notebook.ipynb")
        args = ["--names", ",".join(names), "--timeout", f"{timeout:g}", "--grace", f"{grace:g}"]
        if trusted:
            home = scratch / "home"
            home.mkdir()
            argv = [sys.executable, str(EXECUTE), str(submission / "notebook.ipynb"),
                    str(result / "result.json"), *args]  # fmt: skip
            env, cwd = _environment(str(home), trusted=True), submission
        else:
            inside = [sys.executable, f"{sandbox.INSIDE_GRADER}/{EXECUTE.name}",
                      f"{sandbox.INSIDE_SUBMISSION}/notebook.ipynb",
                      f"{sandbox.INSIDE_RESULT}/result.json", *args]  # fmt: skip
            env = _environment("/tmp/home", trusted=False)
            argv, cwd = sandbox.command(inside, submission, result, EXECUTE, env), scratch
            env = {"PATH": "/usr/bin:/bin"}
        notes: list[str] = []
        limit = budget(cells, timeout, grace)
        process = subprocess.Popen(
            argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, start_new_session=True, preexec_fn=sandbox.limits(),
        )  # fmt: skip
        try:
            process.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            notes.append(f"stopped after {limit:.0f} s, the sum of its limits")
        found = _read_result(result / "result.json")
        if found is None:
            return {}, [*notes, "no answers came out of its run"]
        answers = found.get("answers")
        notes += [str(n)[:300] for n in (found.get("notes") or [])[:50] if isinstance(n, str)]
        return (answers if isinstance(answers, dict) else {}), notes
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


# ---------------------------------------------------------------------------------------------
# checking the answers, outside


class Unreadable:
    """Stands for a value the sandbox could only describe (an object that is no plain data)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def plain(value: Any, depth: int = 0) -> Any:
    """A JSON answer as the checks see it: numbers, strings, lists; an object's description.

    Only these types come out: ``None``, ``bool``, ``int``, ``float``, ``str``, lists of them
    (as lists), and :class:`Unreadable` stand-ins named after the student's type.
    """
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, str):
        return value[:10_000]
    if isinstance(value, list) and depth < 5:
        return [plain(item, depth + 1) for item in value[:100_000]]
    if isinstance(value, dict) and isinstance(value.get("__object__"), str):
        kind = "".join(ch for ch in value["__object__"] if ch.isalnum() or ch == "_")[:40]
        stand_in = type(kind or "object", (Unreadable,), {})
        return stand_in(str(value.get("repr", ""))[:200])
    return Unreadable("(unreadable)")


def check_answers(checks: TeacherChecks, answers: dict[str, Any]) -> dict[str, tuple[float, float]]:
    """Each check's (score, possible) on the answers, with the teacher's checks."""
    env = {name: plain(answers.get(name)) for name in checks.names}
    scored = {}
    for test_file in checks.files:
        test_file.run(dict(env))
        scored[test_file.name] = (float(test_file.score), float(test_file.possible))
    return scored


# ---------------------------------------------------------------------------------------------
# the whole folder


def _progress(total: int):
    try:
        from tqdm import tqdm
    except ImportError:  # pragma: no cover - tqdm is installed with the course
        return None
    return tqdm(total=total, unit="notebook", file=sys.stderr, dynamic_ncols=True)


def grade(
    folder: Path,
    timeout: float = CELL_TIMEOUT,
    *,
    checks: Path | None = None,
    trusted: bool = False,
    grace: float = GRACE,
    progress: bool = False,
) -> tuple[list[Graded], list[str], list[FileRow]]:
    """Grade every file in ``folder``; return the students' results, the exercises, the files."""
    teacher = load_checks(checks or CHECKS)
    graded: dict[str, Graded] = {}
    rows: list[FileRow] = []
    todo: list[tuple[str, Path, str]] = []
    for student, path in handed_in(folder):
        graded.setdefault(student, Graded(student))
        name = path.relative_to(folder).as_posix()
        if path.is_symlink():
            rows.append(FileRow(student, name, "", "not graded", "a symbolic link"))
        elif path.is_dir():
            reason = "an empty folder" if path.parent == folder else "a folder inside a folder"
            rows.append(FileRow(student, name, "", "not graded", reason))
        else:
            stem, reason = course_notebook(path)
            if stem is None:
                rows.append(FileRow(student, name, "", "not graded", reason))
            elif stem not in teacher:
                rows.append(
                    FileRow(student, name, stem, "not graded", "its notebook has no checks")
                )
            else:
                todo.append((student, path, stem))
    for row in rows:
        graded[row.student].notes.append(f"{row.file}: {row.reason}")
    bar = _progress(len(todo)) if progress else None
    exercises: dict[str, float] = {}
    for number, (student, path, stem) in enumerate(todo, start=1):
        name = path.relative_to(folder).as_posix()
        if bar is not None:
            bar.set_description(f"{name} ({number} of {len(todo)})")
        started = time.monotonic()
        answers, notes = execute_isolated(path, teacher[stem].names, timeout, grace, trusted)
        scored = check_answers(teacher[stem], answers)
        result = graded[student]
        for exercise, (score, possible) in scored.items():
            exercises[exercise] = possible
            result.scores[exercise] = max(score, result.scores.get(exercise, 0.0))
        result.notes += [f"{name}: {note}" for note in notes]
        points = sum(s for s, _ in scored.values())
        rows.append(FileRow(student, name, stem, "graded",
                            f"{points:g} of {sum(p for _, p in scored.values()):g} points in "
                            f"{time.monotonic() - started:.0f} s"))  # fmt: skip
        if bar is not None:
            bar.update(1)
    if bar is not None:
        bar.close()
    names = sorted(exercises)
    for result in graded.values():
        result.possible = {name: exercises[name] for name in names}
    return list(graded.values()), names, rows


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
            handed = sum(possible[n] for n in names if n in result.scores)
            writer.writerow([
                result.student, *(f"{s:g}" for s in scores), f"{sum(scores):g}",
                f"{handed:g}", "; ".join(result.notes),
            ])  # fmt: skip


def files_csv(out: Path) -> Path:
    """Where the table of files goes, beside ``out``: ``grades.csv`` → ``grades_files.csv``."""
    return out.with_name(f"{out.stem}_files.csv")


def write_files_csv(rows: list[FileRow], out: Path) -> None:
    """A row for every file handed in: student, file, course notebook, status, reason."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student", "file", "notebook", "status", "reason"])
        for row in sorted(rows, key=lambda r: (r.student, r.file)):
            writer.writerow([row.student, row.file, row.notebook, row.status, row.reason])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("submissions", type=Path, help="a folder of handed-in files")
    parser.add_argument("--out", type=Path, default=REPO / "build" / "grades.csv")
    parser.add_argument(
        "--checks", type=Path, default=None,
        help="the teacher's checks: a folder of qNN_k.py files or of make assign's autograder "
        "zips (default: build/assign/autograder if it exists, else notebooks/checks)",
    )  # fmt: skip
    parser.add_argument(
        "--timeout", type=float, default=CELL_TIMEOUT, help="seconds per cell (default %(default)s)"
    )
    parser.add_argument(
        "--trusted", action="store_true",
        help="run the submissions without isolation (only for trusted submissions)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if not args.submissions.is_dir():
        print(f"grade.py: SUBMISSIONS={args.submissions}: no such folder", file=sys.stderr)
        return 2
    if not args.trusted and (problem := sandbox.isolation_problem()):
        print(
            f"grade.py: refusing to grade: a submission is untrusted code, and it cannot be "
            f"isolated here: {problem}. Install bubblewrap, or, only if you trust every "
            "submission, run `make grade SUBMISSIONS=... TRUSTED=1` (--trusted).",
            file=sys.stderr,
        )
        return 2
    bundles = REPO / "build" / "assign" / "autograder"
    checks = args.checks or (bundles if any(bundles.glob("*.zip")) else CHECKS)
    how = "without isolation (--trusted)" if args.trusted else "each in a bubblewrap sandbox"
    print(f"Grading {args.submissions} {how}, with the checks in {checks}", file=sys.stderr)
    graded, names, rows = grade(
        args.submissions, args.timeout, checks=checks, trusted=args.trusted, progress=True
    )
    if not graded:
        print(f"grade.py: nothing handed in in {args.submissions}", file=sys.stderr)
        return 2
    write_csv(graded, names, args.out)
    write_files_csv(rows, files_csv(args.out))
    for result in graded:
        total = sum(result.scores.values())
        notes = f" ({'; '.join(result.notes)})" if result.notes else ""
        print(f"{result.student}: {total:g} of {sum(result.possible.values()):g} points{notes}")
    print(f"{args.out}: a row per student, a column per exercise")
    print(f"{files_csv(args.out)}: a row per file handed in, graded or not, with the reason")
    return 0


if __name__ == "__main__":
    sys.exit(main())
