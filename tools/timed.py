"""Run a command and record its wall time: how `make test` times its parts.

    python tools/timed.py "make test: unit and property tests" -- python -m pytest tests

The command's exit code is passed on. The time goes to ``build/test-times/<label>.json``
(``{"label", "seconds", "exit", "finished"}``; one file per label, so that parts running at the
same time never write the same file), where ``benchmarks/bench_test_loop.py`` reads it.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import subprocess
import sys
import time
from pathlib import Path

TIMES = Path(__file__).resolve().parents[1] / "build" / "test-times"


def record_path(label: str) -> Path:
    """The file that holds ``label``'s latest time."""
    return TIMES / (re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-").lower() + ".json")


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    label, command = argv[0], argv[2:]
    start = time.monotonic()
    code = subprocess.call(command)
    seconds = time.monotonic() - start
    TIMES.mkdir(parents=True, exist_ok=True)
    record = {
        "label": label,
        "seconds": round(seconds, 2),
        "exit": code,
        "finished": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
    }
    record_path(label).write_text(json.dumps(record, indent=1) + "\n")
    print(f"{label}: {seconds:.0f} s (exit {code})", flush=True)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
