"""Run every evalkit benchmark and write benchmarks/RESULTS.md.

    .venv/bin/python benchmarks/run_all.py            # full sizes, writes benchmarks/RESULTS.md
    .venv/bin/python benchmarks/run_all.py --quick    # small sizes, writes a file in /tmp

The scripts run in this order, each in this process (the notebook benchmark starts its own
kernels): import time, Clopper–Pearson and coverage, Fisher, McNemar/sign, planning (exact
paired power), ROC, notebooks and widgets. A script that crashes gives a failure row; the others
still run. The exit status is 1 when any row is a failure (a disagreement with the reference, or
an error), 0 otherwise — a missed speed target is reported in RESULTS.md, not turned into an
error.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import subprocess
import sys
import tempfile
import time
import traceback
from importlib import metadata
from pathlib import Path

import bench_import
import bench_independent
import bench_intervals
import bench_notebooks
import bench_paired
import bench_planning
import bench_roc
import bench_test_loop
from harness import Row, exit_code, format_details, format_seconds, format_table, met_text

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SCRIPTS = (
    ("bench_import.py", bench_import.rows),
    ("bench_intervals.py", bench_intervals.rows),
    ("bench_independent.py", bench_independent.rows),
    ("bench_paired.py", bench_paired.rows),
    ("bench_planning.py", bench_planning.rows),
    ("bench_roc.py", bench_roc.rows),
    ("bench_notebooks.py", bench_notebooks.rows),
    ("bench_test_loop.py", bench_test_loop.rows),
)
PACKAGES = (
    "evalkit-course",
    "numpy",
    "scipy",
    "scikit-learn",
    "matplotlib",
    "ipywidgets",
    "ipykernel",
    "nbclient",
    "jupyter_client",
    "mpmath",
    "threadpoolctl",
)
THREAD_VARIABLES = (
    "OPENBLAS_CORETYPE",
    "OPENBLAS_NUM_THREADS",
    "OMP_NUM_THREADS",
    "MKL_NUM_THREADS",
    "MPLBACKEND",
)


# ------------------------------------------------------------------------------------------
# the machine


def _read(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def machine() -> dict[str, str]:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in _read("/proc/cpuinfo").splitlines()
            if line.startswith("model name")
        ),
        platform.processor() or "unknown",
    )
    memory = next(
        (
            f"{int(line.split()[1]) / 2**20:.1f} GiB"
            for line in _read("/proc/meminfo").splitlines()
            if line.startswith("MemTotal")
        ),
        "unknown",
    )
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    return {
        "CPU": cpu,
        "cores": f"{os.cpu_count()} logical, {usable} usable by this process",
        "memory": memory,
        "system": platform.platform(),
        "Python": f"{platform.python_version()} ({platform.python_implementation()})",
        "browser": browser(),
    }


def browser() -> str:
    """The Chromium the browser tests drive (tests/browser/available.py), with its version."""
    sys.path.insert(0, str(ROOT))
    from tests.browser.available import chromium_path

    path = chromium_path()
    if path is None:
        return "none found (the browser tests are skipped)"
    try:
        done = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30)
        version = done.stdout.strip() or "version unknown"
    except (OSError, subprocess.SubprocessError):
        version = "version unknown"
    return f"{version}, `{path}`"


def load_average() -> str:
    try:
        return " / ".join(f"{x:.2f}" for x in os.getloadavg()) + " (1 / 5 / 15 min)"
    except OSError:
        return "unknown"


def versions() -> dict[str, str]:
    out = {}
    for name in PACKAGES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "not installed"
    return out


def git_commit() -> str:
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout.strip() + " (plus the working tree's uncommitted changes, if any)"
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def blas_info() -> str:
    """threadpoolctl's view of the BLAS/OpenMP libraries NumPy, SciPy and scikit-learn loaded."""
    import numpy  # noqa: F401 - load the libraries threadpoolctl should see
    import scipy.linalg  # noqa: F401
    import sklearn.utils  # noqa: F401
    from threadpoolctl import threadpool_info

    lines = [
        "| library | API | version | threads | architecture | file |",
        "|---|---|---|---:|---|---|",
    ]
    for info in threadpool_info():
        lines.append(
            f"| {info.get('internal_api', '')} | {info.get('user_api', '')} | "
            f"{info.get('version', '')} | {info.get('num_threads', '')} | "
            f"{info.get('architecture', '–') or '–'} | `{Path(info.get('filepath', '')).name}` |"
        )
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------
# RESULTS.md


def missed_section(rows: list[Row]) -> str:
    parts = []
    for row in rows:
        if row.met is not False or row.failure:
            continue
        ours = format_seconds(row.evalkit)
        target = row.target.text() if row.target else ""
        head = f"### {row.group}: {row.what}\n\nMeasured {ours}"
        if row.reference is not None:
            head += f" against {format_seconds(row.reference)} for {row.reference_name}"
        head += f"; target {target}."
        if row.accuracy:
            head += f" Accuracy: {row.accuracy}."
        text = [head]
        if row.explanation:
            text.append(row.explanation)
        if row.profile:
            text.append(row.profile)
        parts.append("\n\n".join(text))
    return "\n\n".join(parts) if parts else "Every target was met."


def failures_section(rows: list[Row]) -> str:
    failed = [row for row in rows if row.failure]
    if not failed:
        return "None: every result agreed with its reference before it was timed."
    return "\n".join(f"- **{row.group}: {row.what}** — {row.failure}" for row in failed)


def render(
    rows: list[Row],
    *,
    quick: bool,
    started: dt.datetime,
    duration: float,
    load_start: str,
    load_end: str,
    env: dict[str, str],
    blas: str,
    errors: list[str],
) -> str:
    targets = [row for row in rows if row.target is not None]
    met = sum(1 for row in targets if row.met is True)
    failed = sum(1 for row in rows if row.failure)
    machine_lines = "\n".join(f"- **{key}**: {value}" for key, value in env.items())
    version_lines = ", ".join(f"{name} {version}" for name, version in versions().items())
    thread_vars = ", ".join(
        f"`{name}={os.environ[name]}`" for name in THREAD_VARIABLES if name in os.environ
    )
    quick_banner = (
        "\n> **QUICK RUN** (`--quick`): reduced sizes for development; these numbers are not "
        "the benchmark. Run `make bench` for the real thing.\n"
        if quick
        else ""
    )
    script_errors = (
        "\n\nScripts that crashed:\n\n" + "\n".join(f"```\n{e}\n```" for e in errors)
        if errors
        else ""
    )
    return f"""# evalkit benchmarks
{quick_banner}
Written by `benchmarks/run_all.py` (`make bench`) on {started:%Y-%m-%d %H:%M} UTC; the whole
run took **{format_seconds(duration)}**. {met} of {len(targets)} targets met; {failed} failure
row(s).

How every figure is made (`benchmarks/harness.py`): evalkit and the reference run once as a
warm-up and their results are compared — a disagreement is a failure row and is not timed — then
they are timed alternately in the same process on the same inputs, and each figure is the median
of at least 5 runs. The ratio is evalkit's time divided by the reference's (below 1: evalkit is
faster). Where a scipy loop is too slow to run on the whole batch it is timed on a random
subsample and scaled (said in the notes). Notebook execution times are a single run each (kernel
start included). Widget rows are medians over several slider settings of the callback plus its
PNG rendering, measured in the kernel against the floor (the simplest course-style figure, in
the same kernel); "Browser" rows are what a student feels: the time from moving a control to the
painted new output in JupyterLab in headless Chromium (the browser named under Machine), from a
run of the browser's notebook tests alone, right after the runs of `make test` and `make
test-browser` that give the "make test" and "make test-browser" rows (their wall time, after
install, as a whole and per part). Speed is only measured here, never asserted in the test
suite.

## Results

{format_table(rows)}

## Notes and agreement checks

{format_details(rows)}

## Missed targets

{missed_section(rows)}

## Failures

{failures_section(rows)}{script_errors}

## Machine

{machine_lines}
- **load average** at the start: {load_start}; at the end: {load_end}
- **date**: {started:%Y-%m-%d %H:%M:%S} UTC
- **commit**: {git_commit()}
- **libraries**: {version_lines}
- **environment**: {thread_vars or "no thread or BLAS variables set"}

BLAS and OpenMP libraries loaded by NumPy, SciPy and scikit-learn (threadpoolctl):

{blas}
"""


#: Sections of RESULTS.md that other commands write (make atlas, make stress-headless): a new
#: `make bench` keeps them as they are.
KEPT_PREFIX = "## Measured by "


def kept_sections(previous: str) -> str:
    """The sections of an earlier RESULTS.md whose heading starts with :data:`KEPT_PREFIX`.

    >>> kept_sections("# x\n## Results\na\n## Measured by make atlas\nb\n## Machine\nc\n")
    '\n## Measured by make atlas\nb\n'
    """
    out, keep = [], False
    for line in previous.splitlines():
        if line.startswith("## "):
            keep = line.startswith(KEPT_PREFIX)
        if keep:
            out.append(line)
    return "\n" + "\n".join(out) + "\n" if out else ""


def summary_line(row: Row) -> str:
    return f"{met_text(row):>10}  {row.group}: {row.what}  ({format_seconds(row.evalkit)})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes (for development)")
    parser.add_argument("--output", type=Path, help="where to write the Markdown report")
    parser.add_argument(
        "--only", nargs="*", help="run only these scripts (e.g. bench_roc bench_paired)"
    )
    args = parser.parse_args(argv)
    output = args.output
    if output is None:
        output = (
            Path(tempfile.gettempdir()) / "evalkit_RESULTS_quick.md"
            if args.quick
            else HERE / "RESULTS.md"
        )
    started = dt.datetime.now(dt.timezone.utc)
    load_start = load_average()
    env = machine()
    blas = blas_info()
    start = time.perf_counter()
    rows: list[Row] = []
    errors: list[str] = []
    for name, function in SCRIPTS:
        if args.only and Path(name).stem not in args.only:
            continue
        print(f"--- {name}", flush=True)
        t0 = time.perf_counter()
        try:
            result = function(quick=args.quick)
        except Exception:  # a crashed script is reported, the others still run
            errors.append(f"{name}:\n{traceback.format_exc()}")
            result = [Row(group=name, what="script crashed", failure=traceback.format_exc(1))]
        for row in result:
            print(summary_line(row), flush=True)
        print(f"    ({format_seconds(time.perf_counter() - t0)})", flush=True)
        rows.extend(result)
    duration = time.perf_counter() - start
    text = render(
        rows,
        quick=args.quick,
        started=started,
        duration=duration,
        load_start=load_start,
        load_end=load_average(),
        env=env,
        blas=blas,
        errors=errors,
    )
    if output.exists():
        text = text.rstrip("\n") + "\n" + kept_sections(output.read_text())
    output.write_text(text)
    print(f"wrote {output} (the run took {format_seconds(duration)})")
    return exit_code(rows)


if __name__ == "__main__":
    sys.exit(main())
