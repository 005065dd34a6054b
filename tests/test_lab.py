"""`make lab` serves JupyterLab: start it headless on a free port, ask /api/status, stop it."""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import time
import urllib.request

import pytest

from tests.conftest import REPO


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
    log = open(tmp_path / "lab.log", "w+")
    proc = subprocess.Popen(
        ["make", "lab", f"LAB_ARGS={args}"],
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
