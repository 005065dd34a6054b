"""tests/browser/available.py: which Chromium the browser tests drive; what they say without one."""

from __future__ import annotations

import os
import stat

import pytest

from tests.browser import available


def _fake_browsers(folder, *names):
    """Executables named ``names`` in ``folder`` (the PATH of the test)."""
    for name in names:
        path = folder / name
        path.write_text("#!/bin/sh\nexit 0\n")
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return folder


@pytest.fixture
def path_with(tmp_path, monkeypatch):
    def make(*names):
        monkeypatch.setenv("PATH", str(_fake_browsers(tmp_path, *names)))
        monkeypatch.delenv("EVALKIT_CHROMIUM", raising=False)
        return tmp_path

    return make


@pytest.mark.skipif(os.name != "posix", reason="executables by file mode: POSIX")
def test_the_headless_shell_is_preferred_to_the_full_chromium(path_with):
    folder = path_with("chromium", "chromium-headless-shell")
    assert available.chromium_path() == str(folder / "chromium-headless-shell")


@pytest.mark.skipif(os.name != "posix", reason="executables by file mode: POSIX")
def test_the_full_chromium_serves_when_there_is_no_headless_shell(path_with):
    folder = path_with("chromium")
    assert available.chromium_path() == str(folder / "chromium")
    assert not any("Chromium" in reason for reason in available.missing())


@pytest.mark.skipif(os.name != "posix", reason="executables by file mode: POSIX")
def test_evalkit_chromium_names_the_browser_whatever_is_on_the_path(path_with, monkeypatch):
    path_with("chromium", "chromium-headless-shell")
    monkeypatch.setenv("EVALKIT_CHROMIUM", "/opt/my/chrome")
    assert available.chromium_path() == "/opt/my/chrome"


def test_without_a_browser_the_reason_says_what_to_install(path_with):
    path_with()  # an empty PATH
    assert available.chromium_path() is None
    reasons = available.missing()
    assert any("chromium-headless-shell" in r and "EVALKIT_CHROMIUM" in r for r in reasons)
