"""Benchmark: how long `make test` takes (a row per part), and each widget's latency in the browser.

Runs ``make test`` once (after install: the packages are installed before the clock starts)
and reads what its parts wrote:

* ``build/test-times/*.json`` — the wall time of the whole and of each of its three parts
  (``tools/timed.py``; the parts run at the same time, so each part's time is measured while
  the others share the machine);
* ``build/browser-latency.json`` — for every widget, the time from each move of a control (key
  press, click, choice) to the frame in which its new output is on the page, images decoded, in
  JupyterLab in headless Chromium (``tests/browser/test_widgets.py``: the first move and every
  move to a control's minimum, maximum and middle that changed the output). The row shows the
  median; the target is 400 ms on this 2-core machine.

Targets: the whole of ``make test`` ≤ 300 s; each widget's browser median ≤ 400 ms.

``--quick`` does not run ``make test``: it reports the files of the last run, if any.
Run alone: ``.venv/bin/python benchmarks/bench_test_loop.py [--quick]``.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

from harness import Row, Target, run_script

ROOT = Path(__file__).resolve().parents[1]
TIMES = ROOT / "build" / "test-times"
LATENCY = ROOT / "build" / "browser-latency.json"
WHOLE = "make test (after install): all three parts at once"
PARTS = (
    "make test: unit and property tests",
    "make test: every notebook under nbval",
    "make test: browser tests",
)
WHOLE_TARGET = Target("seconds", 300.0)
BROWSER_TARGET = Target("seconds", 0.4)


def _times() -> dict[str, dict]:
    found = {}
    for path in sorted(TIMES.glob("*.json")):
        record = json.loads(path.read_text())
        found[record["label"]] = record
    return found


def _timing_rows(times: dict[str, dict], ran: str) -> list[Row]:
    rows = []
    for label in (WHOLE, *PARTS):
        record = times.get(label)
        group, what = label.split(": ", 1) if ": " in label else (label, "")
        if label == WHOLE:
            group, what = "make test", "whole, after install (the three parts at once, make -j3)"
        target = WHOLE_TARGET if label == WHOLE else None
        if record is None:
            rows.append(Row(group=group, what=what, target=target, failure="no time recorded"))
            continue
        row = Row(
            group=group,
            what=what,
            evalkit=record["seconds"],
            target=target,
            runs=1,
            unit="s",
            note=f"{ran}; finished {record['finished']}, exit code {record['exit']}",
        )
        if record["exit"] != 0:
            row.failure = f"exit code {record['exit']} (the run failed, its time is not a result)"
        rows.append(row)
    return rows


def _latency_rows(ran: str) -> list[Row]:
    if not LATENCY.exists():
        return [Row(group="Browser", what="widget latencies", failure="no latencies recorded")]
    recorded = json.loads(LATENCY.read_text())
    rows = []
    for stem in sorted(recorded):
        for widget in recorded[stem]:
            times = [t for t in widget["latencies_ms"] if t is not None]
            answers = widget.get("kernel_answer_ms") or []
            what = f"{stem[:2]} widget {widget['widget']} ({widget['controls']})"
            if not times:
                rows.append(Row(group="Browser", what=what, failure="no update was timed"))
                continue
            rows.append(
                Row(
                    group="Browser",
                    what=what,
                    evalkit=statistics.median(times) / 1e3,
                    target=BROWSER_TARGET,
                    runs=len(times),
                    unit="ms",
                    note=(
                        f"{ran}; control moved to {len(times)} settings (first move, each "
                        f"control's minimum, maximum, middle), {min(times):.0f}–{max(times):.0f} "
                        "ms from the input event to the painted output, in JupyterLab in "
                        "headless Chromium"
                        + (
                            "; the kernel's answer (input event to its last message before the "
                            "new frame: comm, callback, figure, PNG sent) took "
                            f"{statistics.median(answers):.0f} ms (median), the rest is the "
                            "page decoding and painting it"
                            if answers
                            else ""
                        )
                    ),
                )
            )
    return rows


def rows(quick: bool = False) -> list[Row]:
    if quick:
        ran = "from the last `make test` (not run by --quick)"
    else:
        ran = "one run of `make test` in this benchmark"
        for path in TIMES.glob("*.json"):
            path.unlink()
        LATENCY.unlink(missing_ok=True)
        done = subprocess.run(["make", "--no-print-directory", "test"], cwd=ROOT)
        if done.returncode != 0:
            print(f"make test failed (exit {done.returncode})", file=sys.stderr)
    return _timing_rows(_times(), ran) + _latency_rows(ran)


def main(argv: list[str] | None = None) -> int:
    return run_script(rows, __doc__, "report the last make test instead of running it", argv)


if __name__ == "__main__":
    sys.exit(main())
