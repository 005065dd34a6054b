"""tools/process_cpu.py: the profile of `make test`'s CPU time by kind of process."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
import textwrap
import time

import pytest

from tests.conftest import REPO

sys.path.insert(0, str(REPO / "tools"))
import process_cpu
from process_cpu import OTHER, Sampler, kind_of, profile_table

pytestmark = pytest.mark.skipif(not process_cpu.available(), reason="needs Linux's /proc")

PY = "/work/.venv/bin/python3.11"  # any path: only the file name counts

# Command lines as `make test` starts them, with the kind each must be counted as.
COMMAND_LINES = [
    ([PY, "-m", "ipykernel_launcher", "-f", "/tmp/r/kernel-1.json"], "notebook kernels"),
    (["/usr/lib/chromium/chromium", "--type=renderer", "--lang=en-US"], "Chromium: page"),
    # Chromium's helper processes rewrite their title: one string, no NUL between the words
    (["/usr/lib/chromium/chromium --type=renderer --crashpad-handler-pid=0"], "Chromium: page"),
    (["/usr/lib/chromium/chromium --type=zygote --no-sandbox --headless"], "Chromium: browser"),
    (["/usr/lib/chromium/chrome_crashpad_handler", "--monitor-self"], "Chromium: browser"),
    (["/usr/lib/chromium/chromium", "--type=gpu-process", "--no-sandbox"], "Chromium: browser"),
    (["/usr/lib/chromium/chromium", "--type=zygote", "--no-sandbox"], "Chromium: browser"),
    (["/usr/lib/chromium/chromium", "--headless", "--no-sandbox"], "Chromium: browser"),
    ([PY, "-m", "jupyter", "lab", "--no-browser", "--port=8888"], "JupyterLab"),
    (["/repo/.venv/bin/jupyter", "lab", "notebooks/00_start_here.ipynb"], "JupyterLab"),
    ([PY, "/repo/.venv/bin/jupyter-lab", "--no-browser", "--ip=127.0.0.1"], "JupyterLab"),
    (["/repo/.venv/lib/python3.11/site-packages/playwright/driver/node", "cli.js", "run-driver"],
     "Playwright"),
    ([PY, "/repo/tools/build_site.py", "/tmp/site"], "Sphinx"),
    ([PY, "-m", "sphinx", "-b", "html", "-c", "/repo/tools/site", "/tmp/src"], "Sphinx"),
    ([PY, "-m", "pytest", "tests/browser/test_widgets.py", "-rs"], "pytest: browser"),
    ([PY, "-m", "pytest", "tests/browser/test_site.py", "-rs"], "pytest: the website"),
    ([PY, "-m", "pytest", "tests", "evalkit", "--ignore=tests/browser"], "pytest: unit"),
    ([PY, "-m", "pip", "install", "--quiet", "dist/evalkit.whl"], "pip"),
    ([PY, "-c", "import evalkit"], "other Python"),
    (["make", "--no-print-directory", "-j6", "-O", "test-unit-a"], OTHER),
    (["/bin/sh", "-c", "make test"], OTHER),
    ([], OTHER),
]  # fmt: skip

# A process that burns BURN_S seconds of CPU, then idles a moment (so that a sample sees its
# final CPU time) and ends.
BURN_S = 0.8
BURN = (
    f"import time\nt = time.process_time()\nwhile time.process_time() - t < {BURN_S}: pass\n"
    "time.sleep(0.4)"
)


@pytest.mark.parametrize(("command_line", "kind"), COMMAND_LINES)
def test_each_process_of_make_test_is_counted_as_its_kind(command_line, kind):
    assert kind_of(command_line).startswith(kind)


def test_every_kind_is_reachable_and_named_once():
    kinds = [kind for kind, _ in process_cpu.KINDS] + [OTHER]
    assert len(set(kinds)) == len(kinds)
    found = {kind_of(line) for line, _ in COMMAND_LINES}
    assert found == set(kinds)


def test_bad_inputs_are_refused_with_the_argument_named():
    with pytest.raises(TypeError, match="command_line"):
        kind_of("python -m pytest")
    with pytest.raises(TypeError, match="command_line"):
        kind_of([b"python"])
    with pytest.raises(TypeError, match="root"):
        Sampler("123")
    with pytest.raises(TypeError, match="root"):
        Sampler(True)
    with pytest.raises(ValueError, match=r"root .* -5"):
        Sampler(-5)
    with pytest.raises(ValueError, match=r"interval .* 0\.001"):
        Sampler(1, interval=0.001)
    with pytest.raises(TypeError, match="interval"):
        Sampler(1, interval="fast")


def _sampled(code: str, interval: float = 0.05) -> tuple[dict[str, float], Sampler]:
    """Run ``python -c code`` under a Sampler; its CPU seconds by kind."""
    child = subprocess.Popen([sys.executable, "-c", code])
    sampler = Sampler(child.pid, interval=interval)
    sampler.start()
    assert child.wait(timeout=60) == 0
    return sampler.finish(), sampler


def test_a_grandchild_is_counted_and_a_process_outside_the_command_is_not():
    # an unrelated process burns CPU at the same time: it must not be counted
    outside = subprocess.Popen([sys.executable, "-c", BURN])
    parent = f"import subprocess, sys\nsubprocess.run([sys.executable, '-c', {BURN!r}])"
    by_kind, sampler = _sampled(parent)
    outside.wait(timeout=60)
    python = by_kind["other Python processes (started by tests)"]
    # the grandchild's BURN_S and the parent's start-up, not the outside process's BURN_S
    assert BURN_S <= python < BURN_S + 0.6, by_kind
    assert sampler.processes == 2
    names = sampler.by_name("other Python processes (started by tests)")
    assert sum(names.values()) == pytest.approx(python)
    assert sampler.by_name(OTHER) == {}
    assert sampler.own_cpu_seconds > 0


def test_a_process_whose_parent_ended_first_is_still_counted():
    # the parent starts the burner and ends without waiting for it: the orphan is re-parented
    # (to init or a subreaper) but stays the command's
    parent = textwrap.dedent(
        f"""
        import subprocess, sys, time
        p = subprocess.Popen([sys.executable, "-c", {BURN!r}])
        print(p.pid, flush=True)
        time.sleep(0.3)
        """
    )
    child = subprocess.Popen([sys.executable, "-c", parent], stdout=subprocess.PIPE, text=True)
    sampler = Sampler(child.pid, interval=0.05)
    sampler.start()
    orphan = int(child.stdout.readline())
    assert child.wait(timeout=60) == 0
    deadline = time.monotonic() + 30
    while _state(orphan) != "Z" and time.monotonic() < deadline:  # until it has ended
        time.sleep(0.05)
    by_kind = sampler.finish()
    assert by_kind["other Python processes (started by tests)"] >= BURN_S, by_kind


def _state(pid: int) -> str:
    """A process's state letter ("R", "S", …), "Z" once it has ended (zombie or gone)."""
    process = process_cpu.process_table().get(pid)
    return "Z" if process is None else process.state


def test_profile_table_lists_the_kinds_largest_first_with_their_shares():
    table = profile_table({"b": 30.0, "a": 70.0})
    lines = table.splitlines()
    assert lines[2] == "| a | 70 s | 70 % |"
    assert lines[3] == "| b | 30 s | 30 % |"
    assert lines[-1] == "| all sampled | 100 s | |"


def test_the_docstring_examples_run():
    failed, tried = doctest.testmod(process_cpu)
    assert tried >= 4 and failed == 0


def test_process_table_reads_this_process_as_the_system_knows_it():
    me = process_cpu.process_table()[os.getpid()]
    assert me.parent == os.getppid()
    assert me.state in "RS"
    assert 0 < me.cpu_seconds <= time.process_time() + 0.05  # whole-process time, in seconds


def test_the_command_line_prints_the_profile_and_passes_the_exit_code_on(capsys):
    code = process_cpu.main(["--", sys.executable, "-c", BURN + "\nraise SystemExit(4)"])
    assert code == 4
    printed = capsys.readouterr().out
    assert "| other Python processes (started by tests) |" in printed
    assert "sampled from /proc every 0.5 s" in printed
    assert process_cpu.main(["make", "test"]) == 2  # no "--": the usage, and exit code 2
