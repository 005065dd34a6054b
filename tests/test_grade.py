"""make assign and make grade (tools/assign.py, tools/grade.py): a class can trust its grades.

A submission is untrusted code. Here made-up submissions of notebook 00 attack the grader, each
as a student could: patch the comparisons, patch otter's test runner, put a fake module in place,
read the checks or the solutions, rewrite the course's checks, evalkit or another student's
file, reach the network, hang in a loop that swallows the interrupt, kill its kernel, hand in a
link to the solutions. Every cheat scores 0 on what it attacks, the course's files are
byte-identical afterwards, nothing is written outside the scratch folders, an honest submission
gets full marks and an empty one 0, and every file handed in gets a row.
"""

from __future__ import annotations

import csv
import hashlib
import json
import re
import secrets
import socket
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import nbformat
import pytest

from tests.conftest import NOTEBOOKS, REPO

pytest.importorskip("otter")
sys.path.insert(0, str(REPO / "tools"))
import assign
import grade
import sandbox
from student import PLACEHOLDER_TAG, is_check, is_solution, student_copy

STEM = "00_start_here"
NAMES = ["boschloo_needed", "boschloo_size", "fisher_needed", "fisher_size"]
SLEEP = "import time\n\ntime.sleep(600)  # a student's cell that never ends\n"
needs_isolation = pytest.mark.skipif(
    sandbox.isolation_problem() is not None,
    reason=f"no isolation here: {sandbox.isolation_problem()}",
)


def exercise_of(cell) -> int:
    return int(cell.source.strip().rsplit('"', 2)[-2].split("_")[1])


def answered(stem: str, right: set[int], stuck: set[int] = frozenset()) -> nbformat.NotebookNode:
    """The student copy of ``stem`` with the exercises ``right`` answered by their solutions.

    The solution cells of an exercise are those before its check cell; an exercise in ``stuck``
    gets an answer cell that never ends.
    """
    nb = nbformat.read(NOTEBOOKS / f"{stem}.ipynb", as_version=4)
    pending = []
    for cell in nb.cells:
        if is_solution(cell):
            pending.append(cell)
        elif is_check(cell):
            if exercise_of(cell) in right:  # keep them as ordinary cells: the student's answer
                for solution in pending:
                    solution.metadata["tags"].remove("solution")
            pending = []
    copy = student_copy(nb, stem)
    for i, cell in enumerate(copy.cells):
        later = [c for c in copy.cells[i:] if is_check(c)]
        if PLACEHOLDER_TAG in cell.metadata.get("tags", []) and later:
            if exercise_of(later[0]) in stuck:
                cell.source = SLEEP
    return copy


def right_answers() -> dict:
    env: dict = {}
    for name in ("q00_1", "q00_2"):
        path = NOTEBOOKS / "checks" / f"{name}.py"
        exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), env)
        env.setdefault("ALL", {}).update(env["RIGHT"])
    return env["ALL"]


def made_up(*sources: str, stem: str = STEM) -> nbformat.NotebookNode:
    """A submission of notebook ``stem`` whose code cells are ``sources``."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["evalkit"] = {"notebook": stem}
    nb.cells = [nbformat.v4.new_code_cell(source) for source in sources]
    return nb


WRONG = "boschloo_size = fisher_size = boschloo_needed = fisher_needed = 1"
CHEATS = {
    # 1. replace the comparisons in evalkit.exercises
    "b_patch_comparisons": f"""
import evalkit.exercises as e
for name in dir(e):
    if name.startswith("expect_"):
        setattr(e, name, lambda *args, **kwargs: None)
{WRONG}
""",
    # 2. patch otter's test runner
    "c_patch_otter": f"""
from otter.test_files import exception_test as t
t.ExceptionTestFile.run = lambda self, env: None
t.ExceptionTestFile.score = property(lambda self: 99.0)
t.ExceptionTestFile.passed_all = property(lambda self: True)
{WRONG}
""",
    # 3. run the check files found beside the notebook, or in the course, and copy RIGHT
    "d_read_the_checks": f"""
import glob, json
{WRONG}
found = glob.glob("checks/q00_*") + glob.glob("../checks/q00_*") + glob.glob("**/q00_*.py",
    recursive=True) + glob.glob("{REPO}/notebooks/checks/q00_*.py")
for path in found:
    env = {{}}
    exec(open(path).read(), env)
    globals().update(env.get("RIGHT", {{}}))
print(found)
""",
    # 4. a fake module in place of evalkit.exercises
    "e_fake_module": f"""
import sys, types
fake = types.ModuleType("evalkit.exercises")
fake.__getattr__ = lambda name: (lambda *args, **kwargs: None)
sys.modules["evalkit.exercises"] = fake
{WRONG}
""",
    # 5. execute the solutions of the course's own notebook
    "f_run_the_solutions": f"""
import json
{WRONG}
nb = json.load(open("{NOTEBOOKS / (STEM + ".ipynb")}"))
for cell in nb["cells"]:
    if cell["cell_type"] == "code" and "solution" in cell["metadata"].get("tags", []):
        exec("".join(cell["source"]))
""",
}


def tampering(marker: str, submissions: Path, grades: Path) -> str:
    """A cell that tries to write everywhere a grade could be changed from."""
    targets = [
        REPO / f"{marker}.txt",  # the repository's root
        Path("/tmp") / f"{marker}.txt",  # the machine's /tmp
        NOTEBOOKS / "checks" / "q00_1.py",  # the teacher's checks
        NOTEBOOKS / "checks" / "q13_1.py",
        REPO / "evalkit" / "exercises.py",  # evalkit (an editable install)
        submissions / "z_empty_1.ipynb",  # another student's submission
        grades,  # the grades
        grades.parent / f"{marker}.csv",
        Path.home() / f"{marker}.txt",
    ]
    return f"""
{WRONG}
refused = []
for path in {[str(t) for t in targets]!r}:
    try:
        with open(path, "a") as handle:
            handle.write("\\n{marker} = 'points = 10'\\n")
    except OSError as error:
        refused.append((path, type(error).__name__))
print(refused)
"""


def network(port: int) -> str:
    return f"""
import socket
{WRONG}
try:
    socket.create_connection(("127.0.0.1", {port}), timeout=2).sendall(b"answers please")
except OSError as error:
    print("no network:", error)
"""


def loop_swallowing_the_interrupt(right: dict) -> list[str]:
    first = f"boschloo_size, fisher_size = {right['boschloo_size']}, {right['fisher_size']}"
    last = f"boschloo_needed, fisher_needed = {right['boschloo_needed']}, {right['fisher_needed']}"
    loop = "import time\nwhile True:\n    try:\n        time.sleep(0.5)\n    except:\n        pass"
    return [first, loop, last]


def tracked_files() -> dict[str, str]:
    """sha256 of every file git tracks and of every file of evalkit's installation."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=True
    ).stdout.split(b"\0")
    paths = [REPO / name.decode() for name in listed if name]
    from importlib import metadata

    try:
        dist = metadata.distribution("evalkit-course")
        paths += [Path(dist.locate_file(f)) for f in dist.files or []]
    except metadata.PackageNotFoundError:
        pass
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in paths if p.is_file()}


def untracked() -> set[str]:
    listed = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=REPO, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    return {line[3:] for line in listed.splitlines() if line.startswith("??")}


class Listener:
    """A TCP server on this machine's loopback that records every connection made to it."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.2)
        self.port = self.server.getsockname()[1]
        self.connections, self.stop = 0, threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while not self.stop.is_set():
            try:
                conn, _ = self.server.accept()
            except OSError:
                continue
            self.connections += 1
            conn.close()

    def close(self) -> None:
        self.stop.set()
        self.thread.join()
        self.server.close()


@pytest.fixture(scope="module")
def attacked(tmp_path_factory):
    """One grading of made-up submissions (a cell limit of 3 s); the files before and after."""
    if sandbox.isolation_problem() is not None:
        pytest.skip(f"no isolation here: {sandbox.isolation_problem()}")
    root = tmp_path_factory.mktemp("attacked")
    folder, out = root / "submissions", root / "out" / "grades.csv"
    folder.mkdir()
    marker = f"evalkit-pwned-{secrets.token_hex(6)}"
    listener = Listener()
    right = right_answers()
    nbformat.write(made_up(tampering(marker, folder, out)), folder / "a_tamper.ipynb")
    for name, source in CHEATS.items():
        nbformat.write(made_up(source), folder / f"{name}.ipynb")
    nbformat.write(made_up(network(listener.port)), folder / "g_network.ipynb")
    (folder / "h_loop").mkdir()
    nbformat.write(made_up(*loop_swallowing_the_interrupt(right)), folder / "h_loop" / "nb.ipynb")
    first, _, last = loop_swallowing_the_interrupt(right)
    nbformat.write(made_up(first, "import os\nos._exit(3)", last), folder / "i_kill.ipynb")
    (folder / "j_link.ipynb").symlink_to(NOTEBOOKS / f"{STEM}.ipynb")  # the solutions
    (folder / "k_word").mkdir()
    (folder / "k_word" / "answers.docx").write_bytes(b"PK\x03\x04 not a notebook")
    (folder / "paula.pdf").write_bytes(b"%PDF-1.4 not a notebook")
    nbformat.write(nbformat.v4.new_notebook(), folder / "l_stranger.ipynb")
    (folder / "m_broken.ipynb").write_text("{ this is not json", encoding="utf-8")
    (folder / "n_nothing").mkdir()
    for name in ("z_empty_1", "z_empty_2"):
        nbformat.write(made_up("# Exercise 1: your solution here"), folder / f"{name}.ipynb")
    submitted = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file() and not p.is_symlink()}
    before, new_before = tracked_files(), untracked()
    try:
        assert grade.main([str(folder), "--out", str(out), "--timeout", "3"]) == 0
    finally:
        listener.close()
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    files = list(csv.DictReader(grade.files_csv(out).open(encoding="utf-8")))
    return {
        "students": {row["student"]: row for row in rows[1:]},
        "possible": rows[0],
        "files": {row["file"]: row for row in files},
        "before": before,
        "after": tracked_files(),
        "new": untracked() - new_before,
        "marker": marker,
        "listener": listener,
        "submitted": submitted,
        "home": Path.home(),
    }


def total(row) -> float:
    return float(row["total"])


@needs_isolation
@pytest.mark.slow
@pytest.mark.parametrize("cheat", ["a_tamper", *CHEATS, "g_network"])
def test_every_cheat_scores_zero(attacked, cheat):
    row = attacked["students"][cheat]
    assert total(row) == 0, f"{cheat}: {row}"
    assert attacked["files"][f"{cheat}.ipynb"]["status"] == "graded"


@needs_isolation
@pytest.mark.slow
def test_the_course_is_byte_identical_after_grading(attacked):
    before, after = attacked["before"], attacked["after"]
    changed = sorted(p for p in before if before[p] != after.get(p))
    assert not changed, f"changed by grading: {changed}"
    assert not attacked["new"], f"new files in the repository: {attacked['new']}"


@needs_isolation
@pytest.mark.slow
def test_nothing_is_written_outside_the_scratch_folders(attacked):
    marker = attacked["marker"]
    for folder in (Path("/tmp"), REPO, attacked["home"]):
        assert not list(folder.glob(f"{marker}*")), f"{folder} got the submission's file"
    for path, data in attacked["submitted"].items():
        assert path.read_bytes() == data, f"{path} was changed"
    out_folder = next(iter(attacked["submitted"])).parents[1] / "out"
    assert not list(out_folder.glob(f"{marker}*"))
    assert attacked["listener"].connections == 0, "a submission reached this machine's network"


@needs_isolation
@pytest.mark.slow
def test_a_submission_cannot_raise_the_grades_of_those_after_it(attacked):
    for name in ("z_empty_1", "z_empty_2"):
        assert total(attacked["students"][name]) == 0


@needs_isolation
@pytest.mark.slow
def test_a_loop_that_swallows_the_interrupt_costs_its_cell_only(attacked):
    full = sum(float(attacked["possible"][n]) for n in ("q00_1", "q00_2"))
    row = attacked["students"]["h_loop"]
    assert total(row) == full, row
    assert (
        "cell 2 ran over 3 s and the interrupt was ignored: its kernel was killed" in row["notes"]
    )
    killed = attacked["students"]["i_kill"]
    assert total(killed) == full, killed
    assert "cell 2: the kernel died" in killed["notes"]


@needs_isolation
@pytest.mark.slow
def test_every_file_handed_in_gets_a_row_with_the_reason(attacked):
    files = attacked["files"]
    expected = {
        "j_link.ipynb": "a symbolic link",
        "k_word/answers.docx": "not a notebook (.docx)",
        "paula.pdf": "not a notebook (.pdf)",
        "l_stranger.ipynb": "not a notebook of the course",
        "m_broken.ipynb": "unreadable as a notebook",
        "n_nothing": "an empty folder",
    }
    for name, reason in expected.items():
        assert files[name]["status"] == "not graded", files[name]
        assert files[name]["reason"].startswith(reason), files[name]
    students = attacked["students"]
    for student in ("j_link", "k_word", "paula", "l_stranger", "m_broken", "n_nothing"):
        assert total(students[student]) == 0 and students[student]["notes"], students[student]


def test_the_sandbox_is_what_make_grade_uses_and_it_refuses_without_one(
    tmp_path, monkeypatch, capsys
):
    (tmp_path / "s").mkdir()
    nbformat.write(made_up(WRONG), tmp_path / "s" / "alice.ipynb")
    monkeypatch.setattr(sandbox, "isolation_problem", lambda: "bubblewrap is not installed")
    assert grade.main([str(tmp_path / "s"), "--out", str(tmp_path / "g.csv")]) == 2
    err = capsys.readouterr().err
    assert "refusing to grade" in err and "bubblewrap is not installed" in err
    assert "TRUSTED=1" in err and not (tmp_path / "g.csv").exists()
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    assert "--trusted" in makefile and "TRUSTED" in makefile


@pytest.mark.slow
def test_honest_gets_full_marks_and_the_untouched_copy_zero(tmp_path):
    # --trusted where there is no sandbox: the same grading, without isolation
    trusted = sandbox.isolation_problem() is not None
    folder = tmp_path / "submissions"
    folder.mkdir()
    nbformat.write(answered(STEM, {1, 2}), folder / "honest.ipynb")
    nbformat.write(answered(STEM, set()), folder / "untouched.ipynb")
    graded, names, _ = grade.grade(folder, trusted=trusted)
    assert names == ["q00_1", "q00_2"]
    by = {g.student: g for g in graded}
    assert sum(by["honest"].scores.values()) == sum(by["honest"].possible.values()) == 4
    assert sum(by["untouched"].scores.values()) == 0
    assert not by["honest"].notes and not by["untouched"].notes, (by["honest"], by["untouched"])


def test_answers_come_out_as_plain_data_only():
    # what the sandbox hands back is rebuilt from JSON: no object of the student's survives
    value = grade.plain({"__object__": "TestResult; import os", "repr": "TestResult(p=0.01)"})
    assert type(value).__name__ == "TestResultimportos" and repr(value) == "TestResult(p=0.01)"
    assert grade.plain([1, 2.5, "a", None, True]) == [1, 2.5, "a", None, True]
    assert isinstance(grade.plain({"__class__": "os.system"}), grade.Unreadable)
    nested = [[[[[[[1]]]]]]]
    assert isinstance(grade.plain(nested)[0][0][0][0][0], grade.Unreadable)
    checks = grade.load_checks(grade.CHECKS)[STEM]
    assert checks.names == NAMES
    scored = grade.check_answers(checks, {"boschloo_size": grade.plain({"__object__": "int"})})
    assert scored == {"q00_1": (0.0, 2.0), "q00_2": (0.0, 2.0)}
    assert grade.check_answers(checks, right_answers()) == {
        "q00_1": (2.0, 2.0),
        "q00_2": (2.0, 2.0),
    }


def test_a_result_file_that_is_a_link_or_too_large_is_not_read(tmp_path):
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps({"answers": {"boschloo_size": 52}}))
    (tmp_path / "link.json").symlink_to(secret)
    assert grade._read_result(tmp_path / "link.json") is None
    assert grade._read_result(secret) == {"answers": {"boschloo_size": 52}}
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (grade.MAX_RESULT_BYTES + 1))
    assert grade._read_result(big) is None


def test_the_time_budget_bounds_every_submission():
    # every limit of every run of a notebook (restarts included): never forever
    assert grade.budget(10, 3, 2) == (grade.STARTUP_TIMEOUT + 11 * 5) * (grade.MAX_RESTARTS + 1)


def test_make_assign_hands_out_sealed_checks_and_keeps_the_answers_in_the_bundle(tmp_path):
    copies, zips = assign.assign(tmp_path)
    assert [p.stem for p in copies] == sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
    handed = tmp_path / "student" / "checks"
    teachers = sorted((NOTEBOOKS / "checks").glob("q*.py"))
    assert sorted(p.name for p in handed.iterdir()) == sorted(f"{p.stem}.json" for p in teachers)
    for path in handed.iterdir():
        text = path.read_text(encoding="utf-8")
        assert "RIGHT" not in text and "import" not in text, path.name
        text = re.sub(r"[0-9a-f]{32}", "", text)  # the salts and hashes: digits by chance
        env: dict = {}
        source = NOTEBOOKS / "checks" / f"{path.stem}.py"
        exec(compile(source.read_text(encoding="utf-8"), str(source), "exec"), env)
        for name, value in env["RIGHT"].items():
            for shown in _renderings(value):
                assert shown not in text, f"{path.name}: {name}'s answer {shown} is readable"
    zip_00 = tmp_path / "autograder" / f"{STEM}.zip"
    assert zip_00 in zips
    with zipfile.ZipFile(zip_00) as archive:
        names = archive.namelist()
    assert sorted(n for n in names if n.startswith("tests/")) == [
        f"tests/{p.name}" for p in assign.checks_of(STEM)
    ]
    copy = nbformat.read(tmp_path / "student" / f"{STEM}.ipynb", as_version=4)
    assert all(c.outputs == [] for c in copy.cells if is_check(c)), "a check says passed"
    assert not any(is_solution(c) for c in copy.cells)
    # the grader reads the bundles, not the student's copies of the checks
    assert sorted(grade.load_checks(tmp_path / "autograder")) == sorted(
        grade.load_checks(grade.CHECKS)
    )


def _renderings(value) -> set[str]:
    import numbers

    import numpy as np

    from evalkit.results import Interval

    if isinstance(value, Interval):
        return _renderings((value.low, value.high))
    if isinstance(value, (tuple, list)):
        return set().union(*(_renderings(v) for v in value)) if len(value) else set()
    if isinstance(value, (bool, np.bool_, str)):  # a choice: its options are no secret
        return set()
    if isinstance(value, numbers.Integral):
        return {str(int(value))} if abs(int(value)) >= 100 else set()
    if isinstance(value, numbers.Real):
        v = float(value)
        return set() if v in (0.0, 1.0) else {f"{v:.4f}", f"{v:.4g}"}
    return set().union(*(_renderings(float(v)) for v in np.ravel(value)))


def test_a_note_names_the_cell_as_jupyterlab_counts_it(tmp_path):
    # cells counted from 1, Markdown included: the third cell here is the one that raises
    trusted = sandbox.isolation_problem() is not None
    nb = made_up("x = 1", "1 / 0")
    nb.cells.insert(0, nbformat.v4.new_markdown_cell("# my answers"))
    nbformat.write(nb, tmp_path / "n.ipynb")
    _, notes = grade.execute_isolated(tmp_path / "n.ipynb", ["x"], 30, trusted=trusted)
    assert notes == ["cell 3 raised ZeroDivisionError: division by zero"]


def test_grade_refuses_a_missing_folder(tmp_path, capsys):
    assert grade.main([str(tmp_path / "nowhere")]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_progress_names_the_submission_and_how_many_are_left(tmp_path, capsys):
    trusted = sandbox.isolation_problem() is not None
    folder = tmp_path / "s"
    folder.mkdir()
    nbformat.write(made_up("boschloo_size = 52"), folder / "ada.ipynb")
    grade.grade(folder, 30, trusted=trusted, progress=True)
    err = capsys.readouterr().err
    assert "ada.ipynb (1 of 1)" in err and "1/1" in err
