"""tools/timed.py: how `make test` records each part's wall time and CPU time."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from tests.conftest import REPO

# A process that starts a child burning CPU_S of CPU time and ends at once, without waiting for
# it: the child is an orphan (as a browser's helper process is when the browser ends first).
CPU_S = 0.6
ORPHAN = textwrap.dedent(
    f"""
    import subprocess, sys
    burn = "import time\\nt = time.process_time()\\nwhile time.process_time() - t < {CPU_S}: pass"
    quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.Popen([sys.executable, "-c", burn], **quiet)
    """
)
LINGERING = textwrap.dedent(
    """
    import subprocess, sys
    sleep = [sys.executable, "-c", "import time; time.sleep(30)"]
    quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    print("orphan", subprocess.Popen(sleep, **quiet).pid)
    """
)


def _timed(tmp_path, code: str, wait_s: float = 10.0, exit_code: int = 0) -> tuple[dict, str]:
    """Run ``python -c code`` under tools/timed.py (its record in tmp_path): record, stdout."""
    runner = textwrap.dedent(
        f"""
        import sys
        from pathlib import Path
        sys.path.insert(0, {str(REPO / "tools")!r})
        import timed
        timed.TIMES = Path({str(tmp_path)!r})
        timed.LEFT_BEHIND_WAIT_S = {wait_s}
        sys.exit(timed.main(["probe", "--", sys.executable, "-c", {code!r}]))
        """
    )
    result = subprocess.run([sys.executable, "-c", runner], capture_output=True, text=True)
    assert result.returncode == exit_code, result.stderr
    assert "probe: " in result.stdout and f"(exit {exit_code})" in result.stdout
    return json.loads((tmp_path / "probe.json").read_text()), result.stdout


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="subreaper: Linux only")
def test_cpu_time_of_an_orphaned_descendant_is_counted(tmp_path):
    record, _ = _timed(tmp_path, ORPHAN)
    assert record["orphans_counted"] is True
    assert record["still_running"] == 0
    # without the subreaper the orphan's CPU time escapes: only the parent's ~0.05 s is left
    assert record["cpu_seconds"] >= CPU_S - 0.05
    assert record["exit"] == 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="subreaper: Linux only")
def test_a_descendant_left_running_is_reported_not_waited_for(tmp_path):
    record, printed = _timed(tmp_path, LINGERING, wait_s=0.3)
    os.kill(int(printed.split("orphan ")[1].split()[0]), signal.SIGKILL)
    assert record["still_running"] == 1
    assert record["seconds"] < 10  # the command's own time, not the orphan's 30 s


def test_exit_code_is_passed_on_and_recorded(tmp_path):
    record, _ = _timed(tmp_path, "raise SystemExit(3)", exit_code=3)
    assert record["exit"] == 3
    assert record["label"] == "probe" and record["cpu_seconds"] >= 0
