"""nbval runs of the notebooks: offline, strict, and writing nothing into the repository.

When pytest runs with ``--nbval`` (or ``--nbval-lax``):

* every notebook kernel starts with ``IPYTHONDIR=tests/offline/ipython`` (an absolute path: the
  kernels run in notebooks/), whose startup file installs ``tests/offline/guard.py``: no network
  except loopback, no Python-level writes into the repository outside build/ and caches, and
  warnings from evalkit code raised as errors;
* the repository's ``git status`` (with modification times) is taken before and after the run,
  and every file created, deleted or modified meanwhile is listed at the end (build/ and caches
  ignored) — this also catches writes the kernel guard cannot see (shell escapes, C libraries).
  With ``EVALKIT_STRICT_REPOSITORY=1`` (``make test-notebooks`` sets it) such a change fails the
  session; without it the list is only reported, because in interactive runs someone else may
  be editing the repository at the same time.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent
IPYTHON_DIR = REPO / "tests" / "offline" / "ipython"
IGNORED_DIRS = ("build/",)
IGNORED_PARTS = frozenset({"__pycache__", ".pytest_cache", ".hypothesis", ".ruff_cache"})

_snapshot_key = pytest.StashKey[dict]()


def _nbval(config: pytest.Config) -> bool:
    return bool(config.getoption("nbval", False) or config.getoption("nbval_lax", False))


def _ignored(path: str) -> bool:
    return path.startswith(IGNORED_DIRS) or bool(IGNORED_PARTS.intersection(path.split("/")))


def _repository_state() -> dict[str, tuple[str, int, int]] | None:
    """``{path: (git status code, mtime_ns, size)}`` of every changed or untracked file."""
    try:
        done = subprocess.run(
            ["git", "status", "--porcelain=v1", "-z", "--untracked-files=all"],
            cwd=REPO,
            capture_output=True,
            check=True,
            timeout=60,
        )
    except (OSError, subprocess.SubprocessError):
        return None  # not a git checkout (e.g. an unpacked release): nothing to compare
    state = {}
    entries = iter(done.stdout.decode("utf-8", "surrogateescape").split("\0"))
    for entry in entries:
        if len(entry) < 4:
            continue
        code, path = entry[:2], entry[3:]
        if code[0] in "RC":  # a rename/copy is followed by its source path
            next(entries, None)
        if _ignored(path):
            continue
        try:
            info = (REPO / path).stat()
            state[path] = (code, info.st_mtime_ns, info.st_size)
        except FileNotFoundError:
            state[path] = (code, -1, -1)
    return state


def changes(
    before: dict[str, tuple[str, int, int]], after: dict[str, tuple[str, int, int]]
) -> tuple[list[str], list[str]]:
    """(created or deleted, modified) paths between two :func:`_repository_state` snapshots."""
    created = {p for p, (code, *_) in after.items() if code == "??" and p not in before}
    deleted = {p for p, (code, *_) in before.items() if code == "??" and p not in after}
    deleted |= {
        p
        for p, (_, mtime, _) in after.items()
        if mtime == -1 and before.get(p, ("", 0, 0))[1] != -1
    }
    created_or_deleted = sorted(created | deleted)
    modified = sorted(
        path
        for path in set(before) | set(after)
        if before.get(path) != after.get(path) and path not in created_or_deleted
    )
    return created_or_deleted, modified


def pytest_configure(config: pytest.Config) -> None:
    if _nbval(config):
        os.environ["IPYTHONDIR"] = str(IPYTHON_DIR)


def pytest_report_header(config: pytest.Config) -> list[str]:
    if not _nbval(config):
        return []
    return [f"evalkit: notebook kernels run offline and strict (IPYTHONDIR={IPYTHON_DIR})"]


def pytest_sessionstart(session: pytest.Session) -> None:
    if _nbval(session.config):
        session.config.stash[_snapshot_key] = _repository_state()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if not _nbval(session.config):
        return
    before = session.config.stash.get(_snapshot_key, None)
    after = _repository_state()
    if before is None or after is None:
        return
    created_or_deleted, modified = changes(before, after)
    strict = os.environ.get("EVALKIT_STRICT_REPOSITORY") == "1"
    lines = []
    if created_or_deleted:
        lines.append("files created or deleted in the repository during the notebook run:")
        lines += [f"    {path}" for path in created_or_deleted]
    if modified:
        lines.append("files modified in the repository during the notebook run:")
        lines += [f"    {path}" for path in modified]
    if not lines:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write_sep("=", "evalkit: the notebook run changed the repository", yellow=True)
        for line in lines:
            reporter.write_line(line)
        reporter.write_line(
            "Notebooks must write only into a temporary directory (tempfile.mkdtemp()). "
            + (
                "If another process edited these files meanwhile, run again."
                if strict
                else "(Only reported: set EVALKIT_STRICT_REPOSITORY=1 to make this an error.)"
            )
        )
    if strict:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
