"""Stress headless execution: every notebook and every student copy, N times, two at a time.

    python tools/stress_headless.py [-n N] [--jobs 2] [--timeout SECONDS] [--notebooks 03 05]
                                    [--minutes M] [--report FILE] [--log FILE] [--dump-dir DIR]

``make stress-headless N=50`` runs it (not part of ``make test``). Each execution is the
project's own path, tools/kernel.py's ``execute_notebook`` (the one ``make notebooks`` and the
student-copy test use): a fresh kernel, channels polled in slices, a per-cell limit of
``--timeout`` seconds (default: kernel.CELL_TIMEOUT). Originals run in ``notebooks/`` (never
written), student copies (tools/student.py, made when their execution starts) in a temporary
folder without ``data/``. Each of the ``--jobs`` workers is a process of its own that executes
one notebook after the other (as ``make notebooks`` does); an execution stuck beyond its cell
limits is killed with its worker (an outer limit) and counted as a hang.

Counted per execution: ``ok``; ``hang`` (a cell or the kernel's start went over its limit, or
the process went over the outer limit); ``failure`` (a cell raised, the kernel died, or anything
else went wrong: e.g. a notebook that someone is editing). Every hang and failure is printed
with the notebook, the cell's index and its first line as it happens. No execution is retried.
With ``--minutes M``, no execution starts after M minutes: the report says how many of each ran.
The report (stdout, and ``--report`` as Markdown) gives the counts per notebook, the slowest
execution and the slowest cell.

When a cell has run for half its limit and ``py-spy`` is installed, a stack dump of this process
and of the kernel, and the last client-side messages, are written next to the log (for finding
the cause of a hang).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import queue
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import nbformat

TOOLS = Path(__file__).resolve().parent
REPO = TOOLS.parent
sys.path.insert(0, str(TOOLS))
from kernel import (  # noqa: E402
    CELL_TIMEOUT,
    CellTimeout,
    HeadlessError,
    first_line,
    make_client,
    run_cell,
    started,
)
from student import sealed_checks, student_copy  # noqa: E402

ORIGINAL, STUDENT = "notebook", "student copy"
#: Kernel start plus this much per code cell on top of the cell limits: the outer limit
#: of one execution's process (reached only if something outside the cells hangs).
OUTER_MARGIN = 180


@dataclass
class Outcome:
    """The result of one headless execution (one line of JSON from a worker process)."""

    name: str
    kind: str
    status: str  # "ok", "hang" or "failure"
    seconds: float
    message: str = ""
    cells: list[tuple[int, float, str]] = field(default_factory=list)


def _dump_stacks(client, folder: Path, label: str, records: deque) -> None:
    """py-spy dumps of this process and the kernel, and the recent client messages."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    pids = [os.getpid()]
    process = getattr(getattr(client.km, "provisioner", None), "process", None)
    if process is not None:
        pids.append(process.pid)
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"{label}.txt", "w") as out:
        for pid in pids:
            out.write(f"==== py-spy dump --pid {pid}\n")
            if Path(spy).exists():
                done = subprocess.run(
                    [spy, "dump", "--pid", str(pid)], capture_output=True, text=True, timeout=60
                )
                out.write(done.stdout + done.stderr)
            else:
                out.write("(py-spy is not installed)\n")
        out.write("==== last client-side log records (nbclient, debug)\n")
        out.writelines(f"{line}\n" for line in list(records))


def execute_one(
    path: Path,
    folder: Path,
    kind: str,
    timeout: float,
    dump_dir: Path | None,
    slices: bool = True,
) -> Outcome:
    """Execute one notebook (in memory; its student copy for ``kind`` "student copy") with
    tools/kernel.py's path in ``folder``; never raises."""
    name = path.name
    start = time.perf_counter()
    records: deque = deque(maxlen=300)
    handler = logging.Handler()
    handler.emit = lambda record: records.append(f"{record.created:.3f} {record.getMessage()}")
    try:
        nb = nbformat.read(path, as_version=4)
        if kind == STUDENT:
            nb = student_copy(nb)
        client = make_client(nb, folder, timeout)
        client.log.addHandler(handler)
        client.log.setLevel(logging.DEBUG)
        cells = []
        with started(client, f"{name} ({kind})", slices):
            for index, cell in enumerate(nb.cells):
                if cell.cell_type != "code" or not cell.source.strip():
                    continue
                timer = None
                if dump_dir is not None:
                    label = f"{path.stem}-{kind.replace(' ', '_')}-cell{index}-{os.getpid()}"
                    timer = threading.Timer(
                        timeout / 2, _dump_stacks, (client, dump_dir, label, records)
                    )
                    timer.daemon = True
                    timer.start()
                try:
                    seconds = run_cell(client, cell, index, f"{name} ({kind})")
                finally:
                    if timer is not None:
                        timer.cancel()
                cells.append((index, seconds, first_line(cell)))
        return Outcome(name, kind, "ok", time.perf_counter() - start, cells=cells)
    except CellTimeout as exc:
        return Outcome(name, kind, "hang", time.perf_counter() - start, str(exc))
    except HeadlessError as exc:
        return Outcome(name, kind, "failure", time.perf_counter() - start, str(exc))
    except Exception as exc:  # anything else is a failure of this execution, with its name
        text = f"{name} ({kind}): {type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
        return Outcome(name, kind, "failure", time.perf_counter() - start, text)


def serve(timeout: float, dump_dir: Path | None, slices: bool = True) -> int:
    """The worker process: for each task line on stdin, print its outcome as one JSON line.

    A task line is ``path<TAB>folder<TAB>kind``. One worker runs many executions one after the
    other, as ``make notebooks`` does (each in a fresh kernel), so that importing nbformat and
    nbclient (about 2.5 s of CPU here) is paid once per worker.
    """
    for line in sys.stdin:
        path, folder, kind = line.rstrip("\n").split("\t")
        outcome = execute_one(Path(path), Path(folder), kind, timeout, dump_dir, slices)
        print("STRESS_JSON:" + json.dumps(outcome.__dict__), flush=True)
    return 0


class Worker:
    """A :func:`serve` process; an execution that goes over its outer limit kills it."""

    def __init__(
        self,
        timeout: float,
        dump_dir: Path | None,
        stderr: Path | None = None,
        slices: bool = True,
    ) -> None:
        self.stderr = stderr  # the worker's and its kernels' stderr go here (default: inherited)
        self.command = [sys.executable, str(Path(__file__).resolve()), "--serve"]
        if not slices:
            self.command.append("--without-slices")
        self.command += ["--timeout", str(timeout)]
        if dump_dir is not None:
            self.command += ["--dump-dir", str(dump_dir)]
        self.process: subprocess.Popen | None = None
        self.lines: queue.Queue = queue.Queue()

    def _start(self) -> subprocess.Popen:
        stderr = None if self.stderr is None else open(self.stderr, "a")
        process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            bufsize=1,
        )
        if stderr is not None:
            stderr.close()  # the worker has its own copy
        lines: queue.Queue = queue.Queue()
        self.lines = lines

        def read() -> None:
            for line in process.stdout:
                lines.put(line)
            lines.put(None)  # the worker ended

        threading.Thread(target=read, daemon=True).start()
        return process

    def run(self, path: Path, folder: Path, kind: str, outer: float) -> Outcome:
        """Execute one task in the worker; a hang beyond ``outer`` seconds kills the worker."""
        if self.process is None or self.process.poll() is not None:
            self.process = self._start()
        start = time.perf_counter()
        self.process.stdin.write(f"{path}\t{folder}\t{kind}\n")
        self.process.stdin.flush()
        while True:
            left = outer - (time.perf_counter() - start)
            try:
                line = self.lines.get(timeout=max(left, 0.01))
            except queue.Empty:
                self.stop()  # its kernel goes with it (a daemon thread ends it at exit)
                message = f"{path.name} ({kind}): the execution went over {outer:.0f} s: killed"
                return Outcome(path.name, kind, "hang", time.perf_counter() - start, message)
            if line is None:
                code = self.process.wait()
                message = f"{path.name} ({kind}): the worker exited with code {code}, no result"
                return Outcome(path.name, kind, "failure", time.perf_counter() - start, message)
            if line.startswith("STRESS_JSON:"):
                fields = json.loads(line.removeprefix("STRESS_JSON:"))
                fields["cells"] = [tuple(c) for c in fields["cells"]]
                return Outcome(**fields)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.process = None


def tasks(prefixes: list[str] | None, student_dir: Path) -> list[tuple[Path, Path, str]]:
    """(notebook file, working folder, kind) for every notebook and its student copy."""
    paths = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    if prefixes:
        paths = [p for p in paths if p.name.startswith(tuple(prefixes))]
    # a student copy is made from the notebook as it is when its execution starts
    return [task for path in paths for task in ((path, path.parent, ORIGINAL),
                                                (path, student_dir, STUDENT))]  # fmt: skip


def summarize(outcomes: list[Outcome], rounds: int, jobs: int, timeout: float, wall: float) -> str:
    """The report in Markdown: counts per notebook, every hang and failure, the slowest cell."""
    hangs = [o for o in outcomes if o.status == "hang"]
    failures = [o for o in outcomes if o.status == "failure"]
    counts = {}
    for o in outcomes:
        counts[o.name, o.kind] = counts.get((o.name, o.kind), 0) + 1
    low, high = min(counts.values(), default=0), max(counts.values(), default=0)
    each = f"{low}" if low == high else f"{low}-{high}"
    budget = f" of the {rounds} asked: stopped by the time budget" if low < rounds else ""
    lines = [
        f"{len(outcomes)} executions ({each} of each notebook and each student copy{budget}, "
        f"{jobs} at "
        f"a time, per-cell limit {timeout:g} s) in {wall / 60:.1f} min: "
        f"**{len(hangs)} hangs**, {len(failures)} failures, "
        f"{len(outcomes) - len(hangs) - len(failures)} ok.",
        "",
        "| notebook | kind | executions | hangs | failures | median s | slowest s |"
        " slowest cell (s, index, first line) |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    keys = sorted({(o.name, o.kind) for o in outcomes})
    for name, kind in keys:
        mine = [o for o in outcomes if (o.name, o.kind) == (name, kind)]
        ok = sorted(o.seconds for o in mine if o.status == "ok")
        cells = [c for o in mine for c in o.cells]
        slow = max(cells, key=lambda c: c[1], default=None)
        cell_text = f"{slow[1]:.2f} s, cell {slow[0]}, `{slow[2]}`" if slow else "–"
        cell_text = cell_text.replace("|", "\\|")
        median = f"{ok[len(ok) // 2]:.1f}" if ok else "–"
        slowest = f"{ok[-1]:.1f}" if ok else "–"
        lines.append(
            f"| {name} | {kind} | {len(mine)} | {sum(o.status == 'hang' for o in mine)} | "
            f"{sum(o.status == 'failure' for o in mine)} | {median} | {slowest} | "
            f"{cell_text} |"
        )
    every = [(c[1], o.name, o.kind, c[0], c[2]) for o in outcomes for c in o.cells]
    if every:
        seconds, name, kind, index, line = max(every)
        lines += ["", f"Slowest cell: {seconds:.2f} s, {name} ({kind}) cell {index}, `{line}`."]
    if hangs or failures:
        lines += ["", "Hangs and failures:", ""]
        lines += [f"- {o.status}: {o.message}" for o in hangs + failures]
    return "\n".join(lines)


def stress(
    rounds: int,
    jobs: int,
    timeout: float,
    prefixes: list[str] | None,
    log: Path | None,
    dump_dir: Path | None,
    minutes: float | None = None,
    slices: bool = True,
) -> tuple[list[Outcome], float]:
    """Execute every task ``rounds`` times, ``jobs`` at a time; print each outcome as it ends."""
    student_dir = Path(tempfile.mkdtemp(prefix="evalkit-stress-student-"))
    sealed_checks(student_dir)  # a student copy's check cells need them beside it
    lock = threading.Lock()
    outcomes: list[Outcome] = []
    start = time.perf_counter()
    try:
        one_round = tasks(prefixes, student_dir)
        todo = one_round * rounds  # round by round: every notebook once before any twice
        cells = {
            path: sum(c.cell_type == "code" for c in nbformat.read(path, 4).cells)
            for path, _, _ in one_round
        }

        pending: queue.Queue = queue.Queue()
        for task in todo:
            pending.put(task)

        def one_worker() -> None:
            stderr = None if log is None else log.with_name(log.stem + "-stderr.txt")
            worker = Worker(timeout, dump_dir, stderr, slices)
            try:
                while True:
                    try:
                        path, folder, kind = pending.get_nowait()
                    except queue.Empty:
                        return
                    if minutes is not None and time.perf_counter() - start > 60 * minutes:
                        return  # over the time budget: not started (the report counts what ran)
                    outer = OUTER_MARGIN + timeout * max(1, cells[path])
                    outcome = worker.run(path, folder, kind, outer)
                    report(outcome)
            finally:
                worker.stop()

        def report(outcome: Outcome) -> None:
            with lock:
                outcomes.append(outcome)
                slowest = max(outcome.cells, key=lambda c: c[1], default=None)
                text = (
                    f"[{len(outcomes)}/{len(todo)} {(time.perf_counter() - start) / 60:.1f} min] "
                    f"{outcome.status} {outcome.name} ({outcome.kind}) {outcome.seconds:.1f} s"
                    + (f", slowest cell {slowest[0]} {slowest[1]:.2f} s" if slowest else "")
                    + (f": {outcome.message}" if outcome.message else "")
                )
                print(text, flush=True)
                if log is not None:
                    with open(log, "a") as out:
                        out.write(text + "\n")

        threads = [threading.Thread(target=one_worker) for _ in range(jobs)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        shutil.rmtree(student_dir, ignore_errors=True)
    return outcomes, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=5, help="executions of each (default 5)")
    parser.add_argument("--jobs", type=int, default=2, help="executions at a time (default 2)")
    parser.add_argument("--timeout", type=float, default=CELL_TIMEOUT, help="seconds per cell")
    parser.add_argument("--notebooks", nargs="*", help="notebook number prefixes, e.g. 03 05")
    parser.add_argument("--minutes", type=float, help="start no execution after this long")
    parser.add_argument("--report", type=Path, help="also write the report (Markdown) here")
    parser.add_argument(
        "--log", type=Path, help="write every outcome to this file (and stderr next to it)"
    )
    parser.add_argument("--dump-dir", type=Path, help="stack dumps of slow cells (py-spy)")
    parser.add_argument(
        "--without-slices",
        action="store_true",
        help="nbclient's own polling, without tools/kernel.py's workaround (for comparison)",
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        return serve(args.timeout, args.dump_dir, not args.without_slices)
    if args.n < 1 or args.jobs < 1 or not args.timeout > 0:
        parser.error(f"need -n >= 1, --jobs >= 1 and --timeout > 0, got {args}")
    if args.log is not None:  # a fresh log per run
        args.log.parent.mkdir(parents=True, exist_ok=True)
        args.log.write_text(f"make stress-headless: {' '.join(sys.argv[1:])}\n")
    outcomes, wall = stress(
        args.n,
        args.jobs,
        args.timeout,
        args.notebooks,
        args.log,
        args.dump_dir,
        minutes=args.minutes,
        slices=not args.without_slices,
    )
    report = summarize(outcomes, args.n, args.jobs, args.timeout, wall)
    if args.without_slices:
        report = "WITHOUT tools/kernel.py's polling in slices (nbclient's own).\n\n" + report
    print(report)
    if args.report is not None:
        args.report.parent.mkdir(parents=True, exist_ok=True)
        args.report.write_text(report + "\n")
    return 1 if any(o.status != "ok" for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
