"""The shared timing harness of the evalkit benchmarks (not a test; nothing here asserts speed).

Every comparison is one call of :func:`compare`:

1. both callables run once (the warm-up: imports, caches, page faults);
2. their results are checked for agreement — a disagreement gives a *failure* row and nothing is
   timed (a fast wrong answer is not a result);
3. evalkit and the reference are then timed **alternately** in the same process on the same
   inputs (evalkit, reference, evalkit, reference, …; the order flips every round so that neither
   side always runs on a warm cache), and each side's figure is the median of the runs;
4. when the target is missed, the evalkit callable is run once under cProfile and the profile's
   top entries are kept as evidence (with the share of time spent in evalkit's own code versus
   the NumPy/SciPy/scikit-learn calls it makes).

A row is a :class:`Row`; :func:`format_table` prints rows as a Markdown table. The benchmark
scripts (``bench_*.py``) each expose ``rows(quick=False) -> list[Row]`` and run on their own.
"""

from __future__ import annotations

import cProfile
import io
import math
import pstats
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

MIN_RUNS = 5
EVALKIT_DIR = str(Path(__file__).resolve().parents[1] / "evalkit")


@dataclass(frozen=True)
class Target:
    """A speed target.

    kind:
      ``"faster"``    evalkit at least ``value`` times faster than the reference
                      (reference time / evalkit time ≥ value);
      ``"ratio"``     evalkit time / reference time ≤ value;
      ``"seconds"``   evalkit's median time ≤ value seconds (no reference needed);
      ``"floor"``     as ``"ratio"``, against a floor measured in the same run (a widget against
                      the simplest figure of the course style), written "≤ 1.5× floor".
    """

    kind: str
    value: float
    accuracy: str = ""  # an accuracy requirement that belongs to the target (text only)

    def text(self) -> str:
        extra = f", {self.accuracy}" if self.accuracy else ""
        return self._text() + extra

    def _text(self) -> str:
        if self.kind == "faster":
            return f"≥ {self.value:g}× faster"
        if self.kind == "ratio":
            return f"ratio ≤ {self.value:g}"
        if self.kind == "seconds":
            return f"≤ {format_seconds(self.value)}"
        if self.kind == "floor":
            return f"≤ {self.value:g}× floor"
        raise ValueError(f"unknown target kind {self.kind!r}")

    def met(self, ours: float, reference: float | None) -> bool:
        if self.kind == "seconds":
            return ours <= self.value
        if reference is None:
            raise ValueError("a relative target needs a reference time")
        if self.kind == "faster":
            return reference / ours >= self.value
        return ours / reference <= self.value


@dataclass
class Row:
    """One line of RESULTS.md."""

    group: str  # e.g. "Clopper–Pearson"
    what: str  # what was timed, with sizes
    evalkit: float | None = None  # median seconds
    reference: float | None = None  # median seconds (scaled to the same work, see note)
    reference_name: str = ""
    target: Target | None = None
    runs: int = 0
    agreement: str = ""  # how the results were compared, and the largest difference
    note: str = ""
    failure: str = ""  # non-empty: this row is a failure (disagreement or error), not a timing
    profile: str = ""  # profile evidence when the target is missed
    accuracy: str = ""  # accuracy requirement of the target, and what was found
    accuracy_met: bool | None = None
    explanation: str = ""  # shown in RESULTS.md when the target is missed
    extra: dict[str, Any] = field(default_factory=dict)
    unit: str = ""  # "s" or "ms": evalkit's time as a whole number of that unit ("287 s")

    @property
    def ratio(self) -> float | None:
        if self.evalkit is None or self.reference is None or self.reference == 0:
            return None
        return self.evalkit / self.reference

    @property
    def met(self) -> bool | None:
        if self.failure:
            return False
        if self.target is None or self.evalkit is None:
            return None
        if self.target.kind != "seconds" and self.reference is None:
            return None
        return self.target.met(self.evalkit, self.reference) and self.accuracy_met is not False


# ------------------------------------------------------------------------------------------
# timing


def format_seconds(seconds: float | None) -> str:
    if seconds is None or (isinstance(seconds, float) and math.isnan(seconds)):
        return "–"
    if seconds >= 100:
        return f"{seconds:.0f} s"
    if seconds >= 10:
        return f"{seconds:.1f} s"
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.3g} µs"
    return f"{seconds * 1e9:.3g} ns"


def format_ratio(ratio: float | None) -> str:
    if ratio is None:
        return "–"
    if ratio < 1:
        speedup = 1 / ratio
        if speedup < 1.05:
            return f"{ratio:.3g}"
        times = f"{speedup:,.0f}" if speedup >= 100 else f"{speedup:.3g}"
        return f"{ratio:.3g} ({times}× faster)"
    return f"{ratio:.3g}"


def time_once(function: Callable[[], Any]) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def median_time(function: Callable[[], Any], runs: int = MIN_RUNS, warmup: bool = True) -> float:
    """Median wall time of ``runs`` calls (after one untimed warm-up call)."""
    if warmup:
        function()
    return statistics.median(time_once(function) for _ in range(max(runs, MIN_RUNS)))


def alternate(
    ours: Callable[[], Any], reference: Callable[[], Any], runs: int = MIN_RUNS
) -> tuple[float, float]:
    """Median times of ``ours`` and ``reference``, measured alternately (no warm-up here)."""
    runs = max(runs, MIN_RUNS)
    t_ours: list[float] = []
    t_ref: list[float] = []
    for i in range(runs):
        if i % 2 == 0:
            t_ours.append(time_once(ours))
            t_ref.append(time_once(reference))
        else:
            t_ref.append(time_once(reference))
            t_ours.append(time_once(ours))
    return statistics.median(t_ours), statistics.median(t_ref)


# ------------------------------------------------------------------------------------------
# profiling


def _is_evalkit(filename: str) -> bool:
    return filename.startswith(EVALKIT_DIR)


def _short(filename: str) -> str:
    for marker in ("site-packages/", "/lib/python3", "/evalkit/"):
        if marker in filename:
            tail = filename.split(marker, 1)[1]
            return ("evalkit/" + tail) if marker == "/evalkit/" else tail
    return filename


def profile_call(function: Callable[[], Any], top: int = 8) -> str:
    """Profile one call; return the top entries by own time and the evalkit/library split."""
    profiler = cProfile.Profile()
    profiler.enable()
    function()
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt or 1e-12
    own = sum(v[2] for k, v in stats.stats.items() if _is_evalkit(k[0]))
    entries = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:top]
    lines = [
        f"cProfile of one evalkit call: {format_seconds(total)} in total; "
        f"{100 * own / total:.0f} % is the own time of evalkit functions (this includes the "
        "NumPy/SciPy ufuncs they call, e.g. `gammaln` or `betaincinv`, which cProfile does not "
        f"list separately), {100 * (total - own) / total:.0f} % is in library functions that "
        "cProfile does list (scipy.stats / sklearn Python code, NumPy methods).",
        "",
        "| own time | share | calls | function |",
        "|---:|---:|---:|---|",
    ]
    for (filename, line, name), (_, ncalls, tottime, _cum, _) in entries:
        where = f"{_short(filename)}:{line}" if filename != "~" else "built-in"
        lines.append(
            f"| {format_seconds(tottime)} | {100 * tottime / total:.0f} % | {ncalls} | "
            f"`{name}` ({where}) |"
        )
    return "\n".join(lines)


def profile_text_cumulative(function: Callable[[], Any], limit: int = 12) -> str:
    """pstats' own cumulative listing of one call (for the explanation of a missed target)."""
    profiler = cProfile.Profile()
    profiler.enable()
    function()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats(limit)
    return out.getvalue()


# ------------------------------------------------------------------------------------------
# one comparison


Check = Callable[[Any, Any], tuple[bool, str]]


def compare(
    group: str,
    what: str,
    ours: Callable[[], Any],
    reference: Callable[[], Any] | None,
    check: Check | None,
    *,
    reference_name: str = "",
    target: Target | None = None,
    runs: int = MIN_RUNS,
    reference_scale: float = 1.0,
    note: str = "",
    profile: bool = True,
    accuracy: Callable[[Any], tuple[bool, str]] | None = None,
    explanation: str = "",
) -> Row:
    """Warm up, check agreement, time alternately, profile a miss; return the row.

    ``reference_scale`` multiplies the reference's median time, for references too slow to run
    on the whole input (a Python loop timed on a subsample): the note must say so.
    ``accuracy(result)`` → (ok, text) is an accuracy requirement that is part of the target
    (checked after the agreement check; a miss is a missed target, not a failure).
    ``explanation`` is printed in RESULTS.md if the target is missed.
    """
    row = Row(
        group=group,
        what=what,
        reference_name=reference_name,
        target=target,
        runs=max(runs, MIN_RUNS),
        note=note,
        explanation=explanation,
    )
    try:
        result_ours = ours()  # warm-up and the result to compare
        result_ref = reference() if reference is not None else None
    except Exception as exc:
        row.failure = f"error before timing: {type(exc).__name__}: {exc}"
        return row
    if check is not None:
        try:
            ok, text = check(result_ours, result_ref)
        except Exception as exc:
            ok, text = False, f"check raised {type(exc).__name__}: {exc}"
        row.agreement = text
        if not ok:
            row.failure = f"DISAGREEMENT, not timed: {text}"
            return row
    if accuracy is not None:
        row.accuracy_met, row.accuracy = accuracy(result_ours)
    if reference is not None:
        t_ours, t_ref = alternate(ours, reference, runs)
        row.evalkit, row.reference = t_ours, t_ref * reference_scale
    else:
        row.evalkit = median_time(ours, runs, warmup=False)
    if profile and row.met is False and row.target is not None:
        if row.target.met(row.evalkit, row.reference):  # only the accuracy was missed
            return row
        row.profile = profile_call(ours)
    return row


def failure_row(group: str, what: str, exc: BaseException, target: Target | None = None) -> Row:
    return Row(group=group, what=what, target=target, failure=f"{type(exc).__name__}: {exc}")


# ------------------------------------------------------------------------------------------
# output


def met_text(row: Row) -> str:
    if row.failure:
        return "**FAILED**"
    met = row.met
    if met is None:
        return "–"
    return "yes" if met else "**no**"


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell (one line, pipes escaped unless already)."""
    text = " ".join(str(text).split())
    return text.replace("\\|", "|").replace("|", "\\|")


def format_table(rows: list[Row]) -> str:
    """The rows as a Markdown table."""
    lines = [
        "| what | evalkit (median) | reference | reference (median) | ratio evalkit/ref "
        "| target | met? |",
        "|---|---:|---|---:|---:|---|---|",
    ]
    for row in rows:
        if row.failure:
            lines.append(
                f"| {row.group}: {row.what} | – | {row.reference_name or '–'} | – | – | "
                f"{row.target.text() if row.target else '–'} | **FAILED**: {_cell(row.failure)} |"
            )
            continue
        ours = format_seconds(row.evalkit)
        if row.unit and row.evalkit is not None:
            ours = f"{row.evalkit * (1e3 if row.unit == 'ms' else 1):.0f} {row.unit}"
        lines.append(
            f"| {row.group}: {row.what} | {ours} | "
            f"{row.reference_name or '–'} | {format_seconds(row.reference)} | "
            f"{format_ratio(row.ratio)} | {row.target.text() if row.target else '–'} | "
            f"{met_text(row)} |"
        )
    return "\n".join(lines)


def format_details(rows: list[Row]) -> str:
    """Agreement checks and notes, one bullet per row that has any."""
    lines = []
    for row in rows:
        bits = []
        if row.agreement:
            bits.append(f"agreement: {row.agreement}")
        if row.accuracy:
            bits.append(f"accuracy ({'met' if row.accuracy_met else 'MISSED'}): {row.accuracy}")
        if row.runs == 1:
            bits.append("one run")
        elif row.runs:
            bits.append(f"median of {row.runs} runs")
        if row.note:
            bits.append(row.note)
        if bits:
            lines.append(f"- **{row.group}: {row.what}** — " + "; ".join(bits) + ".")
    return "\n".join(lines)


def print_rows(rows: list[Row]) -> None:
    print(format_table(rows))
    details = format_details(rows)
    if details:
        print()
        print(details)
    for row in rows:
        if row.profile:
            print(f"\nprofile, {row.group}: {row.what}\n{row.profile}")


def exit_code(rows: list[Row]) -> int:
    """1 when any row is a failure (disagreement or error), else 0 (a missed target is not)."""
    return 1 if any(row.failure for row in rows) else 0


def relative_difference(a: Any, b: Any) -> float:
    """Largest |a − b| / |b| over arrays (0 where both are 0)."""
    import numpy as np

    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    scale = np.abs(b)
    diff = np.abs(a - b)
    with np.errstate(divide="ignore", invalid="ignore"):
        rel = np.where(scale > 0, diff / scale, np.where(diff > 0, np.inf, 0.0))
    return float(np.max(rel)) if rel.size else 0.0


def absolute_difference(a: Any, b: Any) -> float:
    import numpy as np

    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    return float(np.max(np.abs(a - b))) if a.size else 0.0


def run_script(
    rows: Callable[..., list[Row]], doc: str, quick_help: str, argv: list[str] | None = None
) -> int:
    """Command line of a bench_*.py script: ``--quick``, print the rows, exit 1 on a miss."""
    import argparse

    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help=quick_help)
    result = rows(quick=parser.parse_args(argv).quick)
    print_rows(result)
    return exit_code(result)
