"""Fixtures for the browser tests: the system's Chromium driven by Playwright, and JupyterLab.

The tests run when a Chromium executable is found (``$EVALKIT_CHROMIUM``, else Debian's
``chromium-headless-shell`` or ``chromium`` on the PATH: tests/browser/available.py) and the
playwright package is installed; otherwise they are skipped with a message that says what is
missing. Playwright never downloads a browser here.
"""

from __future__ import annotations

import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.browser.available import chromium_path, missing
from tests.conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
from student import write_student_copies

SCREENSHOTS = REPO / "build" / "screenshots"
OFFLINE_IPYTHON = REPO / "tests" / "offline" / "ipython"
LAB_SETTINGS = REPO / "tools" / "lab-settings"
MATHJAX = "@jupyterlab/mathjax-extension"  # JupyterLab's typesetter, off in these tests (lab)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # no host name resolves but loopback's: a page that asks the network for anything gets an
    # error at once (test_site also reports every such request)
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
]


def _notebook_range() -> tuple[int, int] | None:
    """``$EVALKIT_BROWSER_NOTEBOOKS`` ("00-07"): the notebooks whose widgets this run tests.

    `make test` runs the notebooks' browser tests in two processes at once, each on its own
    range, so that the slowest part of the test loop is split over both cores.
    """
    spec = os.environ.get("EVALKIT_BROWSER_NOTEBOOKS")
    if not spec:
        return None
    first, _, last = spec.partition("-")
    try:
        return int(first), int(last or first)
    except ValueError:
        raise pytest.UsageError(
            "EVALKIT_BROWSER_NOTEBOOKS must be a range of notebook numbers like 00-07; "
            f"got {spec!r}"
        ) from None


def pytest_collection_modifyitems(config, items):
    chosen = _notebook_range()
    if chosen is not None:
        keep, drop = [], []
        for item in items:
            stem = getattr(item, "callspec", None) and item.callspec.params.get("stem")
            # a test of no notebook (the error-detector probe) runs with the first range only
            number = int(stem[:2]) if stem else 0
            inside = chosen[0] <= number <= chosen[1]
            (keep if inside else drop).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep
    lacking = missing()
    if not lacking:
        return
    skip = pytest.mark.skip(reason="browser tests skipped: " + "; ".join(lacking))
    for item in items:
        if "tests/browser" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lab:
    """A JupyterLab server on loopback, serving a temporary copy of the notebooks."""

    def __init__(self, root: Path, port: int, token: str, proc: subprocess.Popen):
        self.root, self.port, self.token, self.proc = root, port, token, proc
        self.base = f"http://127.0.0.1:{port}"

    def api(self, path: str, method: str = "GET"):
        req = urllib.request.Request(
            f"{self.base}{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(req, timeout=10) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        for session in self.api("/api/sessions"):
            self.api(f"/api/sessions/{session['id']}", method="DELETE")


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    root = tmp_path_factory.mktemp("lab")
    # The notebooks a student works in: `make student` copies (every solution replaced by an
    # empty exercise cell) in a folder with no data/ beside it. Running them all in JupyterLab
    # shows that a student copy runs top to bottom without a solution and finds its data
    # wherever it was copied to (tests/test_student.py checks what the copies contain).
    # The exercises' checks go beside them, as `make student` puts them.
    write_student_copies(root / "notebooks")
    # Only the cells in view stay attached to the page ("full" windowing): the tests read Run
    # All's results from the notebook's model and scroll to each widget. Opening a notebook
    # costs the browser about a second and a half less CPU than with every cell attached
    # ("none"); JupyterLab still renders each cell once, in idle time, to measure its height.
    settings = root / "settings" / "@jupyterlab" / "notebook-extension"
    settings.mkdir(parents=True)
    (settings / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "full"}))
    # JupyterLab without its MathJax extension: the Markdown cells still render, their formulas
    # stay TeX. Typesetting them cost the browser about 7 s of CPU per range of notebooks (two
    # runs of 00-06 each: 168 s of the test's CPU with MathJax, 154 s without) and nothing in
    # these tests looks at formulas: no widget or output shows one. The formulas are checked
    # where they are typeset for a reader, by MathJax 3 as in JupyterLab 4: the website's test
    # (tests/browser/test_site.py) fails on any TeX error, on TeX left untypeset and on a
    # formula wider than the text column. The server reads this page_config.json from its own
    # config folder (JUPYTER_CONFIG_DIR below), so a user's ~/.jupyter does not reach it.
    labconfig = root / "config" / "labconfig"
    labconfig.mkdir(parents=True)
    (labconfig / "page_config.json").write_text(json.dumps({"disabledExtensions": {MATHJAX: True}}))
    port, token = _free_port(), secrets.token_hex(16)
    cmd = [
        sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1",
        f"--port={port}", f"--ServerApp.token={token}",
        f"--ServerApp.root_dir={root / 'notebooks'}",
        f"--LabApp.user_settings_dir={root / 'settings'}",
        f"--LabApp.workspaces_dir={root / 'workspaces'}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        # kernels talk to the server over Unix sockets in the runtime folder, not TCP ports:
        # `make test` starts kernels in several processes at once, and a TCP port picked as
        # free by one can be taken by another before its kernel binds it (the kernel dies)
        "--KernelManager.transport=ipc",
        # window.jupyterapp: the tests count the kernel's idle messages to know that an update
        # of a widget has been processed (no guessing with timeouts)
        "--LabApp.expose_app_in_browser=True",
        f"--LabApp.app_settings_dir={LAB_SETTINGS}",  # the project's: no news question
    ]  # fmt: skip
    if os.geteuid() == 0:
        cmd.append("--allow-root")
    # The kernels run offline and strict, as nbval's do (conftest.py, tests/offline): no network
    # but loopback, no writes into the repository, warnings from evalkit are errors. This run
    # is the one that checks the notebooks' outputs (tests/notebook_outputs.py).
    env = dict(
        os.environ,
        JUPYTER_RUNTIME_DIR=str(root / "runtime"),
        JUPYTER_CONFIG_DIR=str(root / "config"),
        IPYTHONDIR=str(OFFLINE_IPYTHON),
    )
    log = open(root / "lab.log", "w+")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env,
                            start_new_session=True)  # fmt: skip
    server = Lab(root, port, token, proc)
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                server.api("/api/status")
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    log.seek(0)
                    pytest.fail(f"JupyterLab did not start:\n{log.read()[-3000:]}")
                time.sleep(0.5)
        yield server
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()
