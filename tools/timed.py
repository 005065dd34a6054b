"""Run a command and record its wall time: how `make test` times its parts.

    python tools/timed.py "make test: unit and property tests" -- python -m pytest tests

The command's exit code is passed on. The time goes to ``build/test-times/<label>.json``
(``{"label", "seconds", "exit", "finished", "cpu_seconds", "machine_cpu_seconds",
"orphans_counted", "still_running"}``; one file per label, so that parts running at the same
time never write the same file), where ``benchmarks/bench_test_loop.py`` reads it:

* ``cpu_seconds`` — user + system CPU time of the command and of every process it started,
  directly or not (``getrusage(RUSAGE_CHILDREN)``). On Linux this process is a *subreaper*: a
  descendant whose parent ends first (a browser's helper process, say) is re-parented to it
  instead of to init, and reaped here, so that its time is counted too. Elsewhere such orphans
  escape the count, which is then a lower bound (``"orphans_counted": false``);
* ``still_running`` — descendants still running 10 s after the command ended (left behind:
  their time is not counted); ``null`` where orphans are not counted;
* ``machine_cpu_seconds`` — CPU time the whole machine spent meanwhile (``/proc/stat``, every
  process: with parts running at the same time it is not this command's alone); ``null``
  where ``/proc/stat`` does not exist.
"""

from __future__ import annotations

import ctypes
import datetime as dt
import json
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

from process_cpu import process_table  # tools/, beside this file

TIMES = Path(__file__).resolve().parents[1] / "build" / "test-times"
PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h
LEFT_BEHIND_WAIT_S = 10.0


def record_path(label: str) -> Path:
    """The file that holds ``label``'s latest time."""
    return TIMES / (re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-").lower() + ".json")


def machine_busy_seconds() -> float | None:
    """CPU seconds the machine has spent on anything but idling since boot (all cores)."""
    try:
        fields = Path("/proc/stat").read_text().splitlines()[0].split()
    except OSError:
        return None
    ticks = [int(x) for x in fields[1:]]
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)  # idle and iowait
    return (sum(ticks[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def become_subreaper() -> bool:
    """Linux: make orphaned descendants this process's children; True if that worked."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def reap_descendants(wait_s: float) -> int:
    """Reap the ended descendants re-parented here, waiting up to ``wait_s`` for the others.

    Returns how many are still running then (their CPU time is not counted).
    """
    deadline = time.monotonic() + wait_s
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return 0  # no child left
        if pid:
            continue
        if time.monotonic() >= deadline:
            return len(_children())
        time.sleep(0.05)


def _children() -> list[int]:
    """The pids of this process's children (from /proc)."""
    me = os.getpid()
    return [pid for pid, process in process_table().items() if process.parent == me]


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    label, command = argv[0], argv[2:]
    orphans_counted = become_subreaper()
    start, cpu, machine = time.monotonic(), children_cpu_seconds(), machine_busy_seconds()
    code = subprocess.call(command)
    seconds = time.monotonic() - start
    still_running = reap_descendants(LEFT_BEHIND_WAIT_S) if orphans_counted else None
    cpu = children_cpu_seconds() - cpu
    machine_after = machine_busy_seconds()
    machine = None if machine is None or machine_after is None else machine_after - machine
    TIMES.mkdir(parents=True, exist_ok=True)
    record = {
        "label": label,
        "seconds": round(seconds, 2),
        "exit": code,
        "finished": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "cpu_seconds": round(cpu, 1),
        "machine_cpu_seconds": None if machine is None else round(machine, 1),
        "orphans_counted": orphans_counted,
        "still_running": still_running,
    }
    record_path(label).write_text(json.dumps(record, indent=1) + "\n")
    print(f"{label}: {seconds:.0f} s (exit {code})", flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
