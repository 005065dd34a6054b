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
        assert (work / "00_start_here.ipynb").read_bytes() == (
            REPO / "notebooks" / "00_start_here.ipynb"
        ).read_bytes()
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


def course(tmp_path, names):
    source = tmp_path / "notebooks"
    source.mkdir(exist_ok=True)
    for name in names:
        (source / name).write_text(f"course version of {name}")
    return source


def test_work_copies_copies_new_notebooks_and_keeps_the_students(tmp_path):
    source, work = course(tmp_path, ["00_start_here.ipynb", "01_first.ipynb"]), tmp_path / "work"
    assert ensure_copies(source, work) == (["00_start_here.ipynb", "01_first.ipynb"], [])
    (work / "01_first.ipynb").write_text("the student's answers")
    # the course gets an update and a new notebook: the new one is copied, the student's kept
    course(tmp_path, ["00_start_here.ipynb", "01_first.ipynb", "02_new.ipynb"])
    (source / "01_first.ipynb").write_text("course version 2")
    copied, kept = ensure_copies(source, work)
    assert copied == ["02_new.ipynb"]
    assert kept == ["00_start_here.ipynb", "01_first.ipynb"]
    assert (work / "01_first.ipynb").read_text() == "the student's answers"
    assert (work / "02_new.ipynb").read_text() == "course version of 02_new.ipynb"
    assert sorted(p.name for p in work.iterdir()) == [
        "00_start_here.ipynb",
        "01_first.ipynb",
        "02_new.ipynb",
    ]


def test_fresh_copy_replaces_one_and_keeps_the_old_one(tmp_path):
    source, work = course(tmp_path, ["00_start_here.ipynb", "01_first.ipynb"]), tmp_path / "work"
    ensure_copies(source, work)
    (work / "00_start_here.ipynb").write_text("edited 0")
    (work / "01_first.ipynb").write_text("edited 1")
    (source / "01_first.ipynb").write_text("course version 2")
    day = date(2026, 11, 27)
    done = fresh_copies(source, work, "1", today=day)
    assert done == [("01_first.ipynb", work / "01_first.old-2026-11-27.ipynb")]
    assert (work / "01_first.ipynb").read_text() == "course version 2"
    assert (work / "01_first.old-2026-11-27.ipynb").read_text() == "edited 1"
    assert (work / "00_start_here.ipynb").read_text() == "edited 0"  # not named: untouched
    # a second fresh copy the same day keeps both old copies
    (work / "01_first.ipynb").write_text("edited again")
    fresh_copies(source, work, "01_first.ipynb", today=day)
    assert (work / "01_first.old-2026-11-27-2.ipynb").read_text() == "edited again"
    assert (work / "01_first.old-2026-11-27.ipynb").read_text() == "edited 1"
    # all: every copy replaced, each old one kept
    done = fresh_copies(source, work, "all", today=day)
    assert [name for name, _ in done] == ["00_start_here.ipynb", "01_first.ipynb"]
    assert (work / "00_start_here.old-2026-11-27.ipynb").read_text() == "edited 0"
    assert (work / "00_start_here.ipynb").read_text() == "course version of 00_start_here.ipynb"
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
