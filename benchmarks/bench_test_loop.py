"""Benchmark: how long `make test` and `make test-browser` take (a row per part), and each widget's
latency in the browser.

Runs ``make test`` and then ``make test-browser`` once each, as CI does (after install: the
packages are installed before the clock starts), then the browser's notebook tests once more on
their own, and reads what they wrote:

* ``build/test-times/*.json`` — the wall time of each command and of each of its parts
  (``tools/timed.py``; make test runs its four parts at once, make test-browser its three, so
  each part's time is measured while the others share the machine), with the CPU time of each
  part's processes and of the whole machine during the run, and ``build/test-profile.json``:
  the runs' CPU time by kind of process (kernels, Chromium, JupyterLab, pytest…;
  ``tools/process_cpu.py`` samples ``/proc`` while they run). Both are the profile shown when a
  target is missed;
* ``build/browser-latency/<notebook>.json``, from the run alone (JupyterLab and the browser
  with nothing else running, as on a student's machine) — for every widget, the time from
  each move of a control (key press, click, choice) to the frame in which its new output is
  on the page, images decoded, in JupyterLab in headless Chromium
  (``tests/browser/test_widgets.py``: the first move and every move to a control's minimum,
  maximum and middle that changed the output). The row shows the median; the target is 400 ms
  on this 2-core machine.

Targets: ``make test`` ≤ 180 s (issue 46), ``make test-browser`` ≤ 300 s (what the whole of
``make test`` had when the browser parts were inside it); each widget's browser median ≤ 400 ms.

``--quick`` runs neither: it reports the files of the last runs, if any.
Run alone: ``.venv/bin/python benchmarks/bench_test_loop.py [--quick]``.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from harness import Row, Target, run_script

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import process_cpu  # noqa: E402  (tools/ is not a package)

TIMES = ROOT / "build" / "test-times"
PROFILE = ROOT / "build" / "test-profile.json"  # make test's CPU time by kind of process
LATENCY = ROOT / "build" / "browser-latency"  # one JSON file per notebook
WHOLE = "make test (after install): unit tests and every notebook, four parts at once"
BROWSER = "make test-browser (after install): JupyterLab and the website, three parts at once"
PARTS = (  # the labels of the Makefile's parts (TEST_PARTS, then BROWSER_PARTS)
    "make test: unit and property tests, first half",
    "make test: unit and property tests, second half",
    "make test: notebooks 00-06 under nbval",
    "make test: notebooks 07-15 under nbval",
    "make test-browser: notebooks 00-06 in JupyterLab",
    "make test-browser: notebooks 07-15 in JupyterLab",
    "make test-browser: the website",
)
WHOLE_TARGET = Target("seconds", 180.0)
BROWSER_WHOLE_TARGET = Target("seconds", 300.0)
BROWSER_TARGET = Target("seconds", 0.4)


def _times() -> dict[str, dict]:
    found = {}
    for path in sorted(TIMES.glob("*.json")):
        record = json.loads(path.read_text())
        found[record["label"]] = record
    return found


def _cpu_profile(times: dict[str, dict]) -> str:
    """Where make test and make test-browser spend the machine's CPU: a missed target's profile."""
    wholes = [times[label] for label in (WHOLE, BROWSER) if label in times]
    machine = sum(w.get("machine_cpu_seconds") or 0 for w in wholes) or None
    seconds = sum(w.get("seconds") or 0 for w in wholes) or None
    cores = os.cpu_count() or 1
    lines = []
    if machine and seconds:
        lines.append(
            f"The machine's CPU was busy {machine:.0f} s during the {seconds:.0f} s of the runs: "
            f"{100 * machine / (cores * seconds):.0f} % of its {cores} cores. A run that needs "
            f"this much CPU cannot take less than {machine / cores:.0f} s on {cores} cores; the "
            "target needs less CPU: parts that use less, or fewer of them at a time (running six "
            "browser and unit parts at once instead of three cost about 10 % more CPU)."
        )
    lines += [
        "",
        "| part | wall time | CPU time of its processes |",
        "|---|---:|---:|",
    ]
    for label in PARTS:
        record = times.get(label, {})
        cpu = record.get("cpu_seconds")
        lines.append(
            f"| {label.split(': ', 1)[-1]} | {record.get('seconds', float('nan')):.0f} s | "
            + (f"{cpu:.0f} s |" if cpu is not None else "– |")
        )
    counted = [times.get(label, {}) for label in PARTS]
    total = sum(r["cpu_seconds"] for r in counted if r.get("cpu_seconds") is not None)
    complete = all(r.get("orphans_counted") for r in counted if r)
    left = sum(r.get("still_running") or 0 for r in counted)
    lines += [
        "",
        f"The parts' CPU time adds up to {total:.0f} s"
        + (f" of the machine's {machine:.0f} s (the rest: the system's own work and anything "
           "else that ran)." if machine else ".")
        + " CPU time of a part: user + system time of every process it started, directly or not"
        + (
            " (tools/timed.py: a helper process whose parent ended first, such as a browser's "
            "renderer, is re-parented to it and counted when it ends)."
            if complete
            else "; helper processes whose parent ended first are not counted on this system, so "
            "the parts add up to less than the machine's total."
        )
        + (f" {left} processes were still running 10 s after their part ended; their CPU time "
           "is not counted." if left else ""),
    ]  # fmt: skip
    lines += _by_kind(total)
    return "\n".join(lines)


def _by_kind(parts_total: float) -> list[str]:
    """The same run's CPU time by kind of process (tools/process_cpu.py), if it was sampled."""
    try:
        profile = json.loads(PROFILE.read_text())
    except (OSError, ValueError):
        return []
    sampled = sum(profile["by_kind"].values())
    return [
        "",
        "Where that CPU time went, by kind of process (the same run; tools/process_cpu.py, "
        + process_cpu.Sampler.unseen_note.format(interval=profile["interval_s"])
        + "):",
        "",
        process_cpu.profile_table(profile["by_kind"]),
        "",
        f"The sample holds {sampled:.0f} s of the parts' {parts_total:.0f} s, in "
        f"{profile['processes']} processes (the sampling itself took "
        f"{profile['own_cpu_seconds']:.1f} s of CPU)."
        + (" The other programs, by name: " + ", ".join(
            f"{name} {cpu:.1f} s" for name, cpu in list(others.items())[:6]) + "."
           if (others := profile.get("other_by_name")) else ""),
    ]  # fmt: skip


def _run_make_test() -> int:
    """Run `make test`, then `make test-browser` (make -k: the second even if the first failed),
    sampling their processes' CPU time by kind into PROFILE; the exit code."""
    PROFILE.unlink(missing_ok=True)
    command = ["make", "-k", "--no-print-directory", "test", "test-browser"]
    child = subprocess.Popen(command, cwd=ROOT)
    if not process_cpu.available():
        return child.wait()
    sampler = process_cpu.Sampler(child.pid)
    sampler.start()
    code = child.wait()
    by_kind = sampler.finish()
    PROFILE.parent.mkdir(parents=True, exist_ok=True)
    PROFILE.write_text(json.dumps({
        "by_kind": {kind: round(cpu, 1) for kind, cpu in by_kind.items()},
        "other_by_name": {
            name: round(cpu, 1) for name, cpu in sampler.by_name(process_cpu.OTHER).items()
        },
        "processes": sampler.processes,
        "samples": sampler.samples,
        "interval_s": sampler.interval,
        "own_cpu_seconds": round(sampler.own_cpu_seconds, 2),
    }, indent=1) + "\n")  # fmt: skip
    return code


def _timing_rows(times: dict[str, dict], ran: str) -> list[Row]:
    rows = []
    for label in (WHOLE, BROWSER, *PARTS):
        record = times.get(label)
        group, what = label.split(": ", 1) if ": " in label else (label, "")
        if label == WHOLE:
            group, what = "make test", "whole, after install (unit and nbval parts at once)"
        elif label == BROWSER:
            group, what = "make test-browser", "whole, after install (three browser parts at once)"
        target = {WHOLE: WHOLE_TARGET, BROWSER: BROWSER_WHOLE_TARGET}.get(label)
        if record is None:
            rows.append(Row(group=group, what=what, target=target, failure="no time recorded"))
            continue
        cpu = record.get("cpu_seconds")
        row = Row(
            group=group,
            what=what,
            evalkit=record["seconds"],
            target=target,
            runs=1,
            unit="s",
            note=f"{ran}; finished {record['finished']}, exit code {record['exit']}"
            + (f"; CPU time of its processes {cpu:.0f} s" if cpu is not None else ""),
        )
        if label == WHOLE:
            row.profile = _cpu_profile(times)
        if record["exit"] != 0:
            row.failure = f"exit code {record['exit']} (the run failed, its time is not a result)"
        rows.append(row)
    return rows


def _latency_rows(ran: str) -> list[Row]:
    recorded = {path.stem: json.loads(path.read_text()) for path in LATENCY.glob("*.json")}
    if not recorded:
        return [Row(group="Browser", what="widget latencies", failure="no latencies recorded")]
    rows = []
    for stem in sorted(recorded):
        phases = recorded[stem].get("phases_s", {})
        spent = (
            f"; the notebook's test took {phases['open_s']:.1f} s to open it and start its "
            f"kernel, {phases['run_all_s']:.1f} s for Run All and {phases['widgets_s']:.1f} s "
            "for all its widgets' moves"
            if {"open_s", "run_all_s", "widgets_s"} <= set(phases)
            else ""
        )
        for widget in recorded[stem]["widgets"]:
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
                        + spent
                    ),
                )
            )
    return rows


def rows(quick: bool = False) -> list[Row]:
    if quick:
        ran = "from the last runs (not run by --quick)"
    else:
        ran = "one run of `make test` and `make test-browser` in this benchmark"
        for path in TIMES.glob("*.json"):
            path.unlink()
        code = _run_make_test()
        if code != 0:
            print(f"make test or make test-browser failed (exit {code})", file=sys.stderr)
    timing = _timing_rows(_times(), ran)
    if not quick:
        # The latencies a student feels: JupyterLab and the browser with nothing else running
        # (during `make test-browser` two other parts share the two cores).
        ran = "one run of the browser's notebook tests alone, after `make test-browser`"
        for path in LATENCY.glob("*.json"):
            path.unlink()
        pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        done = subprocess.run([*pytest, "tests/browser/test_widgets.py"], cwd=ROOT)
        if done.returncode != 0:
            print(f"the browser tests failed (exit {done.returncode})", file=sys.stderr)
    return timing + _latency_rows(ran)


def main(argv: list[str] | None = None) -> int:
    return run_script(rows, __doc__, "report the last make test instead of running it", argv)


if __name__ == "__main__":
    sys.exit(main())
