"""Run a command and record its wall time: how `make test` times its parts.

    python tools/timed.py "make test: unit and property tests" -- python -m pytest tests

The command's exit code is passed on. The time goes to ``build/test-times/<label>.json``
(``{"label", "seconds", "exit", "finished", "cpu_seconds", "machine_cpu_seconds"}``; one file per
label, so that parts running at the same time never write the same file), where
``benchmarks/bench_test_loop.py`` reads it:

* ``cpu_seconds`` — user + system CPU time of the command and the processes it started that
  were waited for (``getrusage(RUSAGE_CHILDREN)``); a browser's helper processes that outlive
  their parent escape it, so it is a lower bound;
* ``machine_cpu_seconds`` — CPU time the whole machine spent meanwhile (``/proc/stat``, every
  process: with parts running at the same time it is not this command's alone); ``null``
  where ``/proc/stat`` does not exist.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import re
import resource
import subprocess
import sys
import time
from pathlib import Path

TIMES = Path(__file__).resolve().parents[1] / "build" / "test-times"


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


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    label, command = argv[0], argv[2:]
    start, cpu, machine = time.monotonic(), children_cpu_seconds(), machine_busy_seconds()
    code = subprocess.call(command)
    seconds = time.monotonic() - start
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
    }
    record_path(label).write_text(json.dumps(record, indent=1) + "\n")
    print(f"{label}: {seconds:.0f} s (exit {code})", flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
