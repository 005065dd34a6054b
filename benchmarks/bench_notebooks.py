"""Benchmark: each notebook's execution time and every widget's update latency (no browser).

Each notebook in ``notebooks/`` is read into memory (the file is never written) and executed
top to bottom in a fresh kernel with nbclient, as ``tools/run_notebooks.py`` and nbval do, with
two additions to the in-memory copy:

* a first cell that replaces ``ipywidgets.interact`` (also reached as ``widgets.interact``,
  ``ipywidgets.widgets.interact``) and ``ipywidgets.interactive`` by a recording subclass of
  ipywidgets' own ``interactive``: the widget is built, displayed and its function called once
  exactly as before, and (function, controls) is remembered;
* a last cell that, for every recorded widget, calls the function the way ipywidgets does on a
  slider move — ``f(**values)`` followed by ipywidgets' ``show_inline_matplotlib_plots()``, so
  the figure is rendered to PNG by the inline backend (display output captured, not sent) — at
  the current values and at each control moved one and two steps either way (one control at a
  time; a dropdown or selection moves to the neighbouring option, a multiple selection drops
  one item). After one untimed call at the current values, each setting is timed once (so a
  cache in the notebook does not hide the first-time cost); the figure is the median (at least
  5 settings), with the slowest. One more call — at a setting not timed before when there is
  one, so that a cache in the notebook does not hide the computation — runs under cProfile to
  split the time into compute and figure drawing (``print_figure`` or ``print_png``). The
  reference column is a floor measured the same way in the same kernel: the simplest figure of
  the course style (one axes, one line, a legend) through the inline backend.

No browser is involved: sending the PNG to JupyterLab over the widget comm and showing it are
not part of the figure.

Execution time = kernel start + all of the notebook's cells (the two injected cells excluded).
Targets: each notebook ≤ 20 s, all of them ≤ 2 min; widget median ≤ 1.5× the floor figure
measured in the same kernel (what a student can feel beyond the cheapest possible picture). Notebook
execution is one run per notebook (five runs of every notebook would not fit the 10-minute
budget of ``make bench``).

Run alone: ``.venv/bin/python benchmarks/bench_notebooks.py [--quick] [--notebooks 00 04]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import nbformat
from harness import Row, Target, exit_code, format_seconds, print_rows

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
from kernel import (  # noqa: E402
    CELL_TIMEOUT,
    CellTimeout,
    HeadlessError,
    make_client,
    run_cell,
    started,
)

NOTEBOOKS = ROOT / "notebooks"
KERNEL_METADATA = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
NOTEBOOK_TARGET = Target("seconds", 20.0)
ALL_TARGET = Target("seconds", 120.0)
WIDGET_TARGET = Target("floor", 1.5)
MARKER = "EVALKIT_BENCH_JSON:"
FLOOR_NAME = "floor: course-style 7×4 in figure, one line, legend (same kernel)"

RECORDER = """\
# injected by benchmarks/bench_notebooks.py (in memory only): record every interact call
import ipywidgets as _bench_ipw
import ipywidgets.widgets as _bench_ipw_widgets
import ipywidgets.widgets.interaction as _bench_interaction

_BENCH_RECORDED = []


class _BenchInteractive(_bench_interaction.interactive):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        _BENCH_RECORDED.append((self.f, list(self.kwargs_widgets)))


_bench_interact = _BenchInteractive.factory()
for _bench_module in (_bench_ipw, _bench_ipw_widgets, _bench_interaction):
    _bench_module.interact = _bench_interact
    _bench_module.interactive = _BenchInteractive
    _bench_module.interact_manual = _bench_interact.options(
        manual=True, manual_name="Run Interact"
    )
"""

TIMER = '''\
# injected by benchmarks/bench_notebooks.py (in memory only): time every recorded widget
def _bench_time_widgets(max_settings, minimum_settings=5):
    import cProfile
    import json
    import pstats
    import statistics
    import time

    from IPython.utils.capture import capture_output
    from ipywidgets.widgets.interaction import show_inline_matplotlib_plots

    def neighbours(widget, value):
        """Values one and two steps either way (in that order)."""
        name = type(widget).__name__
        options = getattr(widget, "_options_values", None)
        if name == "SelectMultiple":
            chosen = tuple(value)
            out = []
            if len(chosen) > 2:
                out += [chosen[:-1], chosen[1:]]
            rest = [o for o in options if o not in chosen]
            out += [chosen + (o,) for o in rest[:2]]
            return out
        if options is not None and len(options) > 0:
            options = list(options)
            if value not in options:
                return []
            i = options.index(value)
            return [options[j] for j in (i + 1, i - 1, i + 2, i - 2) if 0 <= j < len(options)]
        if isinstance(value, bool):
            return [not value]
        step = getattr(widget, "step", None)
        low, high = getattr(widget, "min", None), getattr(widget, "max", None)
        if step is None or low is None or high is None or not isinstance(value, (int, float)):
            return []
        out = []
        for k in (1, -1, 2, -2):
            if "Log" in name:
                new = value * widget.base ** (k * step)
            else:
                new = value + k * step
                new = int(round(new)) if isinstance(value, int) else round(new, 12)
            if low <= new <= high and new != value:
                out.append(new)
        return out

    def call(function, values):
        with capture_output():
            function(**values)
            show_inline_matplotlib_plots()

    def floor_figure():
        import matplotlib.pyplot as plt

        fig, ax = plt.subplots()
        ax.plot([0, 1], [0, 1], label="a line")
        ax.set_xlabel("x (unit)")
        ax.set_ylabel("y (unit)")
        ax.set_title("the simplest figure of the course style")
        ax.legend(loc="upper left")
        plt.show()

    results = []
    for function, controls in _BENCH_RECORDED:
        base = {w._kwarg: w.get_interact_value() for w in controls}
        settings = [("current values", base)]
        moves = {w._kwarg: neighbours(w, base[w._kwarg]) for w in controls}
        for rank in range(4):
            for w in controls:
                if rank < len(moves[w._kwarg]):
                    value = moves[w._kwarg][rank]
                    settings.append((f"{w._kwarg}={value!r}", {**base, w._kwarg: value}))
        # a setting not timed (so not cached by the notebook) for the profile, if there is one
        spare = settings[max_settings] if len(settings) > max_settings else settings[0]
        settings = settings[:max_settings]
        while len(settings) < minimum_settings:  # too few distinct settings: repeat them
            settings.append(settings[len(settings) % max(1, len(settings))])
        entry = {
            "function": getattr(function, "__name__", repr(function)),
            "controls": {w._kwarg: type(w).__name__ for w in controls},
            "current": {k: repr(v) for k, v in base.items()},
            "times": [],
            "settings": [],
            "errors": [],
        }
        try:
            call(function, base)  # warm-up
        except Exception as exc:
            entry["errors"].append(f"current values: {type(exc).__name__}: {exc}")
        for label, values in settings:
            start = time.perf_counter()
            try:
                call(function, values)
            except Exception as exc:
                entry["errors"].append(f"{label}: {type(exc).__name__}: {exc}")
                continue
            entry["times"].append(time.perf_counter() - start)
            entry["settings"].append(label)
        if entry["times"]:
            entry["median"] = statistics.median(entry["times"])
            entry["max"] = max(entry["times"])
        profiler = cProfile.Profile()
        try:
            profiler.enable()
            call(function, spare[1])
        except Exception:
            pass
        finally:
            profiler.disable()
        stats = pstats.Stats(profiler)
        total = stats.total_tt or 1e-12
        # the PNG: the inline backend's print_figure, or evalkit.plots.LiveFigure's direct
        # Agg print_png (inside print_figure when both appear, so the larger is the total)
        draw = max(
            sum(
                v[3] for k, v in stats.stats.items()
                if k[2] == name and k[0].endswith(suffix)
            )
            for name, suffix in (("print_figure", "backend_bases.py"),
                                 ("print_png", "backend_agg.py"))
        )
        entry["profile_setting"] = spare[0]
        entry["profile_total"] = total
        entry["profile_draw"] = draw
        # matplotlib's usual cost centres inside the drawing (cumulative seconds)
        named = {
            "_find_best_position": "legend placement loc='best'",
            "do_constrained_layout": "constrained layout",
            "get_tightbbox": "tight bounding box (bbox_inches='tight' of the inline backend)",
        }
        entry["profile_parts"] = {
            label: sum(
                v[3] for k, v in stats.stats.items()
                if k[2] == name and (name != "get_tightbbox" or k[0].endswith("figure.py"))
            )
            for name, label in named.items()
        }
        top = sorted(stats.stats.items(), key=lambda kv: kv[1][3], reverse=True)
        entry["profile_top"] = [
            [f"{k[2]} ({k[0].split('site-packages/')[-1]}:{k[1]})", v[3], v[2], v[1]]
            for k, v in top[:60]
        ]
        results.append(entry)
    # after the widgets, so that fonts and caches are as warm for it as for them
    call(floor_figure, {})
    floor = []
    for _ in range(7):
        start = time.perf_counter()
        call(floor_figure, {})
        floor.append(time.perf_counter() - start)

    print("MARKER" + json.dumps({"floor": statistics.median(floor), "widgets": results}))


_bench_time_widgets(MAX_SETTINGS)
'''


def _cell_seconds(cell) -> float | None:
    """Wall time of one executed cell from nbclient's timing metadata."""
    from datetime import datetime

    meta = cell.get("metadata", {}).get("execution", {})
    try:
        start = datetime.fromisoformat(meta["iopub.status.busy"].replace("Z", "+00:00"))
        end = datetime.fromisoformat(meta["shell.execute_reply"].replace("Z", "+00:00"))
    except (KeyError, ValueError):
        return None
    return (end - start).total_seconds()


def run_notebook(path: Path, max_settings: int, timeout: float = CELL_TIMEOUT) -> dict:
    """Execute an in-memory copy of ``path`` with the recorder and the widget timer.

    tools/kernel.py's client: channels polled in slices, at most ``timeout`` seconds per cell.
    A cell that fails or goes over it (a hang) gives ``result["error"]`` (the timing cell:
    ``result["widget_error"]``), naming the notebook and the cell (its index in the notebook,
    without the injected recorder, and its first line).
    """
    nb = nbformat.read(path, as_version=4)
    original = len(nb.cells)
    nb.cells.insert(0, nbformat.v4.new_code_cell(RECORDER))
    timer = TIMER.replace("MARKER", MARKER).replace("MAX_SETTINGS", str(max_settings))
    nb.cells.append(nbformat.v4.new_code_cell(timer))
    nb.metadata["kernelspec"] = dict(KERNEL_METADATA)
    client = make_client(nb, path.parent, timeout, record_timing=True)
    result: dict = {"name": path.stem, "cells": original}
    start = time.perf_counter()
    with started(client, path.name):
        kernel_ready = time.perf_counter()
        result["kernel_start"] = kernel_ready - start
        cell_times = []
        try:
            for index, cell in enumerate(nb.cells[:-1]):
                cell_times.append(run_cell(client, cell, index, path.name))
        except HeadlessError as exc:
            result["error"] = _headless_text(exc)
            return result
        result["execution"] = time.perf_counter() - start - cell_times[0]  # minus the recorder
        # the notebook's own cells are nb.cells[1:-1] (cell_times[1:]): index i there is
        # cell i of the notebook
        first = next((i for i, c in enumerate(nb.cells[1:-1]) if c.cell_type == "code"), None)
        result["first_cell"] = 0.0 if first is None else cell_times[first + 1]  # the imports
        result["slowest_cells"] = sorted(
            (
                (t, i, _first_line(nb.cells[i + 1]))
                for i, t in enumerate(cell_times[1:])
                if i != first  # counted with the first cells
            ),
            reverse=True,
        )[:5]
        try:
            run_cell(client, nb.cells[-1], len(nb.cells) - 1, path.name)
        except HeadlessError as exc:
            result["widget_error"] = _headless_text(exc, timing_cell=True)
            return result
    for output in nb.cells[-1].get("outputs", []):
        text = output.get("text", "")
        if MARKER in text:
            found = json.loads(text.split(MARKER, 1)[1])
            result["widgets"] = found["widgets"]
            result["floor"] = found["floor"]
    return result


def _headless_text(exc: HeadlessError, timing_cell: bool = False) -> str:
    """tools/kernel.py's error for a cell, with the cell's index in the notebook itself."""
    if exc.index < 0:
        where = "kernel start"
    elif timing_cell:
        where = "the injected widget-timing cell"
    elif exc.index == 0:
        where = "the injected recorder cell"
    else:  # nb.cells[0] is the injected recorder
        where = f"cell {exc.index - 1} (0-based) `{exc.first_line}`"
    kind = "hang (over the per-cell limit)" if isinstance(exc, CellTimeout) else "failed"
    text = " ".join(f"{exc.notebook}: {where} {kind}: {exc.reason}".split())
    return (text[:400] + " …" if len(text) > 400 else text).replace("|", "\\|")


def _first_line(cell) -> str:
    lines = [
        line for line in cell.source.splitlines() if line.strip() and not line.startswith("# NBVAL")
    ]
    return (lines[0][:70] if lines else "").replace("|", "\\|")


def _widget_profile_text(widget: dict) -> str:
    total = widget.get("profile_total", 0.0)
    draw = widget.get("profile_draw", 0.0)
    setting = widget.get("profile_setting", "current values")
    fresh = "not timed before" if setting != "current values" else "already run"
    lines = [
        f"cProfile of one call ({setting}, a setting {fresh}): {format_seconds(total)} "
        f"(profiler overhead included), of which {format_seconds(draw)} "
        f"({100 * draw / max(total, 1e-12):.0f} %) is figure drawing "
        "(`print_figure` or `print_png`: rendering the PNG) and the rest is the callback's "
        "own computation and figure building. "
        + "".join(
            f"Inside the drawing, {label}: {format_seconds(seconds)}. "
            for label, seconds in widget.get("profile_parts", {}).items()
            if seconds > 0.005 * max(total, 1e-12)
        )
        + "Largest cumulative entries:",
        "",
        "| cumulative | own | calls | function |",
        "|---:|---:|---:|---|",
    ]
    shown = 0
    for name, cumulative, own, calls in widget.get("profile_top", []):
        if name.startswith(("<built-in method builtins.exec", "<module>", "call (")):
            continue
        lines.append(
            f"| {format_seconds(cumulative)} | {format_seconds(own)} | {calls} | `{name}` |"
        )
        shown += 1
        if shown == 14:
            break
    return "\n".join(lines)


def widget_explanation(number: str, widget: dict, floor: float | None) -> str:
    """A paragraph on a slow widget, from its timings and its profile."""
    total = max(widget.get("profile_total", 0.0), 1e-12)
    draw = widget.get("profile_draw", 0.0)
    share = draw / total
    text = (
        f"The callback `{widget['function']}` of notebook {number} takes "
        f"{format_seconds(widget['median'])} per update (median; slowest "
        f"{format_seconds(widget['max'])}). In the profiled call "
        f"{100 * share:.0f} % of the time is matplotlib rendering the figure to PNG (the "
        "inline backend's `print_figure`, or LiveFigure's `print_png`), and "
        f"{100 * (1 - share):.0f} % the callback's computation and building the figure. "
    )
    parts = widget.get("profile_parts", {})
    if share >= 0.5:
        text += (
            "The limit is the figure drawing itself (matplotlib's Agg renderer), not evalkit. "
            "What would make it cheaper, in the notebook: drawing into one "
            "`evalkit.plots.LiveFigure` made once (artists updated in place, one draw per "
            "update, the layout kept), fewer artists (one `LineCollection` or "
            "`bar` call instead of many `plot`/`axhline`/`annotate` calls, fewer points per "
            "line), fewer subplots per figure, "
        )
        if parts.get("legend placement loc='best'", 0) > 0.05 * total:
            text += (
                "a fixed legend position instead of `loc='best'` (it is visible in the profile), "
            )
        text += "or a smaller figure."
        layout = parts.get("constrained layout", 0.0)
        if layout > 0.1 * total:
            text += (
                f" Constrained layout, which the course style turns on for every figure "
                f"(`figure.constrained_layout.use`), is {format_seconds(layout)} of the profiled "
                f"call ({100 * layout / total:.0f} %); a `LiveFigure` runs it once, at its first "
                "draw, and keeps that layout for every update."
            )
        if floor:
            text += (
                f" For scale: the simplest figure of the course style (7×4 in, one axes, one "
                f"line, a legend) takes {format_seconds(floor)} to render in the same kernel"
                + f"; the target is 1.5× that, {format_seconds(1.5 * floor)}."
            )
    else:
        text += (
            "The computation dominates: the profile below shows which calls; caching the "
            "expensive part (e.g. with `functools.lru_cache` on the pure `compute_…` function) "
            "or computing it on a coarser grid would bring it under the target."
        )
    return text


def _all_notebooks_profile(
    count: int, total: float, kernel_starts: float, first_cells: float, slowest: list
) -> tuple[str, str]:
    """Where the time of all notebooks goes: what every notebook pays, and the slowest cells."""
    rest = total - kernel_starts - first_cells
    explanation = (
        f"Of the {format_seconds(total)}, {format_seconds(kernel_starts)} is starting {count} "
        f"kernels and {format_seconds(first_cells)} their first cells: the imports (NumPy, "
        "SciPy, matplotlib, ipywidgets, scikit-learn where used, evalkit) and the course style, "
        f"about {format_seconds((kernel_starts + first_cells) / count)} that every notebook pays "
        "before its first line of content (`import scipy.stats` alone: see the Import rows; "
        "SciPy 1.17 rewrites some 600 docstrings while it imports). The notebooks' other cells "
        f"take {format_seconds(rest)}; the slowest of them (each notebook's five slowest "
        "cells, first cells left out), from the same run:"
    )
    lines = ["| cell time | notebook | cell | first line |", "|---:|---|---:|---|"]
    for seconds, number, index, line in sorted(slowest, reverse=True)[:12]:
        lines.append(f"| {format_seconds(seconds)} | {number} | {index} | `{line}` |")
    return explanation, "\n".join(lines)


def rows(quick: bool = False, notebooks: list[str] | None = None) -> list[Row]:
    paths = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if notebooks:
        paths = [p for p in paths if any(p.name.startswith(prefix) for prefix in notebooks)]
    elif quick:
        paths = paths[:1]
    max_settings = 5 if quick else 9
    out: list[Row] = []
    widget_rows: list[Row] = []
    total = 0.0
    complete = True
    kernel_starts, first_cells, slowest = 0.0, 0.0, []
    for path in paths:
        number = path.name[:2]
        try:
            result = run_notebook(path, max_settings)
        except Exception as exc:  # a crash is a failure row
            complete = False
            out.append(
                Row(
                    group="Notebook",
                    what=path.name,
                    target=NOTEBOOK_TARGET,
                    failure=f"{type(exc).__name__}: {exc}",
                )
            )
            continue
        if "error" in result:
            complete = False
            out.append(
                Row(
                    group="Notebook",
                    what=path.name,
                    target=NOTEBOOK_TARGET,
                    failure=result["error"],
                )
            )
            continue
        total += result["execution"]
        kernel_starts += result["kernel_start"]
        first_cells += result["first_cell"]
        slowest += [(t, number, i, line) for t, i, line in result["slowest_cells"]]
        row = Row(
            group="Notebook",
            what=f"{path.name} (fresh kernel, {result['cells']} cells)",
            evalkit=result["execution"],
            target=NOTEBOOK_TARGET,
            runs=1,
            note=f"kernel start {format_seconds(result['kernel_start'])} included",
        )
        slow = "; ".join(
            f"cell {i} {format_seconds(t)} (`{line}`)" for t, i, line in result["slowest_cells"][:3]
        )
        row.extra["slowest_cells"] = slow
        if row.met is False:
            row.profile = "Slowest cells: " + slow
            row.explanation = (
                f"{path.name} takes {format_seconds(result['execution'])}; its slowest cells "
                "(wall time per cell, from the same run) are listed below."
            )
        out.append(row)
        if "widget_error" in result:
            widget_rows.append(
                Row(
                    group="Widget",
                    what=f"{number}: timing cell",
                    target=WIDGET_TARGET,
                    failure=result["widget_error"],
                )
            )
        for widget in result.get("widgets", []):
            controls = ", ".join(widget["controls"])
            what = f"{number} `{widget['function']}({controls})`"
            if widget["errors"] and not widget["times"]:
                widget_rows.append(
                    Row(
                        group="Widget", what=what, target=WIDGET_TARGET, failure=widget["errors"][0]
                    )
                )
                continue
            draw_share = widget["profile_draw"] / max(widget["profile_total"], 1e-12)
            w_row = Row(
                group="Widget",
                what=what,
                evalkit=widget["median"],
                reference=result.get("floor"),
                reference_name=FLOOR_NAME,
                target=WIDGET_TARGET,
                runs=len(widget["times"]),
                note=(
                    f"median over {len(widget['times'])} settings (current values and each "
                    f"control moved ±1, ±2 steps), slowest {format_seconds(widget['max'])}; "
                    f"figure drawing ≈ {100 * draw_share:.0f} % of one call"
                    + (f"; errors: {'; '.join(widget['errors'])}" if widget["errors"] else "")
                ),
            )
            if w_row.met is False:
                w_row.profile = _widget_profile_text(widget)
                w_row.explanation = widget_explanation(number, widget, result.get("floor"))
            widget_rows.append(w_row)
    if paths:
        all_row = Row(
            group="Notebook",
            what=f"all {len(paths)} notebooks, one after another",
            evalkit=total,
            target=ALL_TARGET,
            runs=1,
            note="sum of the rows above" + ("" if complete else " (INCOMPLETE: failures above)"),
        )
        if not complete:
            all_row.failure = "some notebooks failed; the total is incomplete"
        elif all_row.met is False:
            all_row.explanation, all_row.profile = _all_notebooks_profile(
                len(paths), total, kernel_starts, first_cells, slowest
            )
        out.append(all_row)
    return out + widget_rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the first notebook")
    parser.add_argument("--notebooks", nargs="*", help="notebook number prefixes, e.g. 00 04")
    args = parser.parse_args(argv)
    result = rows(quick=args.quick, notebooks=args.notebooks)
    print_rows(result)
    for row in result:
        if "slowest_cells" in row.extra:
            print(f"{row.what}: slowest cells: {row.extra['slowest_cells']}")
    return exit_code(result)


if __name__ == "__main__":
    sys.exit(main())
