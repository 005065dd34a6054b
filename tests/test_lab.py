"""`make lab` serves JupyterLab on the student's working copies (tools/work_copies.py): start it
headless on a free port, ask /api/status, stop it; the copy step copies new notebooks and never
overwrites the student's work."""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import time
import urllib.request
from datetime import date

import pytest

from tests.conftest import REPO
from tools.work_copies import course_notebooks, ensure_copies, fresh_copies, main


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=5) as response:  # loopback only
        return json.load(response)


@pytest.mark.slow
def test_make_lab_serves_jupyterlab_at_the_first_notebook(tmp_path):
    port, token = free_port(), secrets.token_hex(16)
    args = f"--no-browser --ip=127.0.0.1 --port={port} --ServerApp.token={token}"
    if os.geteuid() == 0:
        args += " --allow-root"
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path), JUPYTER_CONFIG_DIR=str(tmp_path))
    work = tmp_path / "work"
    log = open(tmp_path / "lab.log", "w+")
    proc = subprocess.Popen(
        ["make", "lab", f"LAB_ARGS={args}", f"WORK={work}"],
        cwd=REPO,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        status = None
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                status = get_json(f"{base}/api/status?token={token}")
                break
            except OSError:
                time.sleep(0.5)
        log.seek(0)
        assert status is not None, f"JupyterLab did not answer:\n{log.read()[-3000:]}"
        assert "started" in status
        notebook = get_json(f"{base}/api/contents/00_start_here.ipynb?token={token}")
        assert notebook["type"] == "notebook"
        # JupyterLab's root is the working copies' folder, not the course's notebooks/
        root = get_json(f"{base}/api/contents?token={token}")
        served = sorted(item["name"] for item in root["content"])
        # the working copies, and the exercises' checks their check cells run
        notebooks = [nb.name for nb in course_notebooks(REPO / "notebooks")]
        assert served == sorted([*notebooks, "checks"])
        # the student copy (tools/student.py): no solution to run or read
        import nbformat

        from tools.student import student_copy

        course_nb = nbformat.read(REPO / "notebooks" / "00_start_here.ipynb", as_version=4)
        assert (work / "00_start_here.ipynb").read_text(encoding="utf-8") == nbformat.writes(
            student_copy(course_nb, "00_start_here")
        ) + "\n"
        assert sorted(p.suffix for p in (work / "checks").iterdir()) == [".json"] * len(
            list((REPO / "notebooks" / "checks").glob("q*.py"))
        )
        assert "make lab-fresh NB=08" in (tmp_path / "lab.log").read_text()
        with urllib.request.urlopen(f"{base}/lab?token={token}", timeout=10) as page:
            assert page.status == 200 and b"JupyterLab" in page.read()
        # no "receive Jupyter news?" question: the project's settings say never fetch
        notification = get_json(
            f"{base}/lab/api/settings/@jupyterlab/apputils-extension:notification?token={token}"
        )
        defaults = notification["schema"]["properties"]
        assert defaults["fetchNews"]["default"] == "false"
        assert defaults["checkForUpdates"]["default"] is False
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()


def notebook(text: str, solution: str | None = None):
    """A course notebook: one Markdown cell ``text``, and a solution cell if given."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(text)]
    if solution is not None:
        cell = nbformat.v4.new_code_cell(f"# Solution 1 — click to show\n{solution}")
        cell.metadata["tags"] = ["solution"]
        nb.cells.append(cell)
    return nb


def write(path, text: str, solution: str | None = None) -> None:
    import nbformat

    nbformat.write(notebook(text, solution), path)


def text_of(path) -> str:
    import nbformat

    return "\n".join(c.source for c in nbformat.read(path, as_version=4).cells)


def course(tmp_path, names):
    source = tmp_path / "notebooks"
    source.mkdir(exist_ok=True)
    for name in names:
        write(source / name, f"course version of {name}", solution="answer = 42")
    return source


def test_work_copies_copies_new_notebooks_and_keeps_the_students(tmp_path):
    source, work = course(tmp_path, ["00_start_here.ipynb", "01_first.ipynb"]), tmp_path / "work"
    assert ensure_copies(source, work) == (["00_start_here.ipynb", "01_first.ipynb"], [])
    write(work / "01_first.ipynb", "the student's answers")
    # the course gets an update and a new notebook: the new one is copied, the student's kept
    course(tmp_path, ["00_start_here.ipynb", "01_first.ipynb", "02_new.ipynb"])
    write(source / "01_first.ipynb", "course version 2")
    copied, kept = ensure_copies(source, work)
    assert copied == ["02_new.ipynb"]
    assert kept == ["00_start_here.ipynb", "01_first.ipynb"]
    assert text_of(work / "01_first.ipynb") == "the student's answers"
    assert text_of(work / "02_new.ipynb").startswith("course version of 02_new.ipynb")
    assert sorted(p.name for p in work.iterdir()) == [
        "00_start_here.ipynb",
        "01_first.ipynb",
        "02_new.ipynb",
    ]


def test_the_copies_a_student_works_in_hold_no_solution(tmp_path):
    # issue 56: Run All in a working copy must never execute (or show) a solution
    import nbformat

    source, work = course(tmp_path, ["00_start_here.ipynb"]), tmp_path / "work"
    ensure_copies(source, work)
    copy = nbformat.read(work / "00_start_here.ipynb", as_version=4)
    assert "answer = 42" not in text_of(work / "00_start_here.ipynb")
    assert [c.metadata.get("tags") for c in copy.cells if c.cell_type == "code"] == [["exercise"]]
    assert copy.metadata["evalkit"]["notebook"] == "00_start_here"
    fresh_copies(source, work, "0", today=date(2026, 12, 6))
    assert "answer = 42" not in text_of(work / "00_start_here.ipynb")


def test_an_old_full_copy_is_named_with_the_command_that_replaces_it(tmp_path, capsys):
    source, work = course(tmp_path, ["00_start_here.ipynb"]), tmp_path / "work"
    work.mkdir()
    write(work / "00_start_here.ipynb", "an old copy", solution="answer = 42")  # as before
    assert main(["--source", str(source), "--dest", str(work)]) == 0
    out = capsys.readouterr().out
    assert "still hold the solutions" in out and "make lab-fresh NB=08" in out
    assert "00_start_here.ipynb" in out


def test_work_checks_are_sealed_and_old_teachers_files_removed(tmp_path):
    source, work = course(tmp_path, ["00_start_here.ipynb"]), tmp_path / "work"
    (source / "checks").mkdir()
    real = REPO / "notebooks" / "checks" / "q00_1.py"
    (source / "checks" / "q00_1.py").write_bytes(real.read_bytes())
    (work / "checks").mkdir(parents=True)
    (work / "checks" / "q00_1.py").write_text("RIGHT = {'boschloo_size': 52}")  # an old copy
    assert main(["--source", str(source), "--dest", str(work)]) == 0
    assert sorted(p.name for p in (work / "checks").iterdir()) == ["q00_1.json"]
    assert "RIGHT" not in (work / "checks" / "q00_1.json").read_text(encoding="utf-8")


def test_fresh_copy_replaces_one_and_keeps_the_old_one(tmp_path):
    source, work = course(tmp_path, ["00_start_here.ipynb", "01_first.ipynb"]), tmp_path / "work"
    ensure_copies(source, work)
    write(work / "00_start_here.ipynb", "edited 0")
    write(work / "01_first.ipynb", "edited 1")
    write(source / "01_first.ipynb", "course version 2")
    day = date(2026, 11, 27)
    done = fresh_copies(source, work, "1", today=day)
    assert done == [("01_first.ipynb", work / "01_first.old-2026-11-27.ipynb")]
    assert text_of(work / "01_first.ipynb") == "course version 2"
    assert text_of(work / "01_first.old-2026-11-27.ipynb") == "edited 1"
    assert text_of(work / "00_start_here.ipynb") == "edited 0"  # not named: untouched
    # a second fresh copy the same day keeps both old copies
    write(work / "01_first.ipynb", "edited again")
    fresh_copies(source, work, "01_first.ipynb", today=day)
    assert text_of(work / "01_first.old-2026-11-27-2.ipynb") == "edited again"
    assert text_of(work / "01_first.old-2026-11-27.ipynb") == "edited 1"
    # all: every copy replaced, each old one kept
    done = fresh_copies(source, work, "all", today=day)
    assert [name for name, _ in done] == ["00_start_here.ipynb", "01_first.ipynb"]
    assert text_of(work / "00_start_here.old-2026-11-27.ipynb") == "edited 0"
    assert text_of(work / "00_start_here.ipynb").startswith("course version of 00_start_here")
    with pytest.raises(ValueError, match="no course notebook matches '7'"):
        fresh_copies(source, work, "7", today=day)


def test_work_copies_says_where_the_copies_are_and_how_to_refresh(tmp_path, capsys):
    source, work = course(tmp_path, ["00_start_here.ipynb"]), tmp_path / "work"
    assert main(["--source", str(source), "--dest", str(work)]) == 0
    line = capsys.readouterr().out
    assert line.count("\n") == 1 and str(work) in line
    assert "make lab-fresh NB=08" in line and "make lab-fresh-all" in line
    assert main(["--source", str(source), "--dest", str(work), "--fresh", "99"]) == 2
    assert "no course notebook matches '99'" in capsys.readouterr().err


def test_make_lab_opens_the_working_copy_with_the_offline_flags():
    dry_run = subprocess.run(
        ["make", "-n", "lab", "WORK=/tmp/w"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout
    assert "tools/work_copies.py --dest /tmp/w" in dry_run
    (lab,) = [line for line in dry_run.splitlines() if "jupyter lab" in line]
    assert "/tmp/w/00_start_here.ipynb" in lab and "notebooks/" not in lab
    assert "--LabApp.news_url=None" in lab and "NeverCheckForUpdate" in lab
    assert "work/" in (REPO / ".gitignore").read_text().splitlines()
