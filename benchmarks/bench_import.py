"""Benchmark: how long ``import evalkit`` (and each evalkit module) takes in a fresh interpreter.

Each figure is the median over several fresh subprocesses of the time the ``import`` statement
itself takes (measured inside the subprocess with ``time.perf_counter``, so interpreter start-up
is not counted). The reference is ``import numpy`` — evalkit's floor, since evalkit needs it.
Target: ``import evalkit`` ≤ 0.2 s. The per-module rows have no target (they show what each
notebook's imports cost) and are compared with ``import scipy.stats``, which most of them
need. On a miss, ``python -X importtime`` gives the evidence.

Run alone: ``.venv/bin/python benchmarks/bench_import.py [--quick]``.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from pathlib import Path

from harness import Row, Target, run_script

ROOT = Path(__file__).resolve().parents[1]
MODULES = (
    "distributions",
    "intervals",
    "independent",
    "paired",
    "resampling",
    "metrics",
    "roc",
    "datasets",
    "multiple",
    "bootstrap",
    "examples",
    "plots",
)
PROBE = "import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"


def import_time(module: str, runs: int) -> float:
    times = []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", PROBE.format(module=module)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        times.append(float(done.stdout.strip()))
    return statistics.median(times)


def importtime_profile(module: str, top: int = 12) -> str:
    """The slowest entries (cumulative µs) of ``python -X importtime -c 'import module'``."""
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", f"import {module}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    entries = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, own, cumulative, name = (part.strip() for part in line.split("|"))
        entries.append((int(cumulative), int(own.split(":")[1]), name.strip()))
    entries.sort(reverse=True)
    lines = [
        f"`python -X importtime -c 'import {module}'`, slowest entries:",
        "",
        "| cumulative | own | module |",
        "|---:|---:|---|",
    ]
    for cumulative, own, name in entries[:top]:
        lines.append(f"| {cumulative / 1e3:.1f} ms | {own / 1e3:.1f} ms | `{name}` |")
    return "\n".join(lines)


def rows(quick: bool = False) -> list[Row]:
    runs = 5 if quick else 7
    out: list[Row] = []
    import_time("evalkit", 1)  # warm-up: the file system cache and the .pyc files
    ours_runs: list[float] = []
    numpy_runs: list[float] = []
    for i in range(runs):  # alternately, as the harness does
        pair = [("evalkit", ours_runs), ("numpy", numpy_runs)]
        for module, times in pair if i % 2 == 0 else reversed(pair):
            times.append(import_time(module, 1))
    t_ours, t_numpy = statistics.median(ours_runs), statistics.median(numpy_runs)
    row = Row(
        group="Import",
        what="`import evalkit` (fresh interpreter)",
        evalkit=t_ours,
        reference=t_numpy,
        reference_name="`import numpy`",
        target=Target("seconds", 0.2),
        runs=runs,
        note=(
            "each run a new subprocess, alternating with `import numpy`; the time of the import "
            "statement only"
        ),
    )
    if row.met is False:
        row.profile = importtime_profile("evalkit")
        row.explanation = (
            "`import evalkit` loads only evalkit.results and evalkit._validation, which import "
            "NumPy; the profile shows where the time goes."
        )
    out.append(row)
    t_scipy = None if quick else import_time("scipy.stats", 5)
    for module in () if quick else MODULES:
        name = f"evalkit.{module}"
        try:
            t = import_time(name, 5)
        except subprocess.CalledProcessError as exc:
            out.append(Row(group="Import", what=f"`import {name}`", failure=exc.stderr[-300:]))
            continue
        out.append(
            Row(
                group="Import",
                what=f"`import {name}` (fresh interpreter)",
                evalkit=t,
                reference=t_scipy,
                reference_name="`import scipy.stats`",
                runs=5,
                note="no target; for information (most modules import scipy.stats)",
            )
        )
    return out


def main(argv: list[str] | None = None) -> int:
    return run_script(rows, __doc__, "only `import evalkit`, 5 runs", argv)


if __name__ == "__main__":
    sys.exit(main())
