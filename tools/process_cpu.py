"""Where a command's CPU time goes: its processes' CPU time by kind, sampled from ``/proc``.

    python tools/process_cpu.py -- make test

prints, for the command and every process it starts (directly or not), the CPU time by kind:
notebook kernels, Chromium's page renderers and its other processes, JupyterLab servers,
Playwright's driver, the Sphinx build, pytest by the tests it runs, other Python processes,
and the rest (make, shells). ``benchmarks/bench_test_loop.py`` runs ``make test`` under a
:class:`Sampler` and shows the result in RESULTS.md: the profile of the `make test` target.

How it counts. Every ``interval`` seconds the sampler reads ``/proc/<pid>/stat`` of every
process; a process belongs to the command if its parent does (or did when it was first seen:
a process re-parented after its parent ended stays counted). A process's CPU time (user +
system, its own, not its children's) is the largest value read for it. So it is a *sample*: a
process that lives less than ``interval`` may not be seen at all, and the CPU time a process
spends after its last sample is missed. :attr:`Sampler.unseen_note` says so, and callers
compare the sampled total with an exact one (``tools/timed.py``'s ``getrusage``). Linux only:
elsewhere :func:`available` is False and nothing is sampled.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

PROC = Path("/proc")
DEFAULT_INTERVAL_S = 0.5

# The kinds, in the order they are tried: the first whose test matches a process's command
# line (its words, argv[0] reduced to its file name) names it.
OTHER = "make, shells and other programs"
KINDS: tuple[tuple[str, object], ...] = (
    ("notebook kernels (ipykernel)", lambda w: any("ipykernel" in x for x in w)),
    ("Chromium: page renderers", lambda w: _chromium(w) and "--type=renderer" in w),
    ("Chromium: browser, GPU and helper processes", lambda w: _chromium(w)),
    ("JupyterLab servers", lambda w: _jupyter_lab(w)),
    ("Playwright's driver (Node.js)", lambda w: w[0] == "node" or w[0].startswith("node")),
    ("Sphinx (the website's build)", lambda w: any(x.endswith("build_site.py") for x in w)
     or w[0].startswith("sphinx") or _module(w) == "sphinx"),
    ("pytest: browser tests in JupyterLab", lambda w: _pytest(w) and _mentions(w, "test_widgets")),
    ("pytest: the website's test", lambda w: _pytest(w) and _mentions(w, "test_site")),
    ("pytest: unit and property tests", lambda w: _pytest(w)),
    ("pip (the packaging tests)", lambda w: "pip" in w or w[0] == "pip"),
    ("other Python processes (started by tests)", lambda w: w[0].startswith("python")),
)  # fmt: skip


def _chromium(words: list[str]) -> bool:
    return words[0] in {
        "chromium",
        "chrome",
        "chromium-headless-shell",
        "headless_shell",
        "chrome_crashpad_handler",
    }


def _jupyter_lab(words: list[str]) -> bool:
    names = [os.path.basename(x) for x in words[:3]]
    return "jupyter-lab" in names or ("jupyter" in names and "lab" in words)


def _module(words: list[str]) -> str | None:
    """The module a Python command line runs (``python -m name``), if any."""
    if "-m" in words[:-1]:
        return words[words.index("-m") + 1]
    return None


def _pytest(words: list[str]) -> bool:
    return words[0] in {"pytest", "py.test"} or "pytest" in words


def _mentions(words: list[str], name: str) -> bool:
    return any(name in x for x in words)


def kind_of(command_line: list[str]) -> str:
    """The kind of process that runs ``command_line`` (its argv), for the profile.

    Examples
    --------
    >>> kind_of(["/usr/bin/python3", "-m", "ipykernel_launcher", "-f", "k.json"])
    'notebook kernels (ipykernel)'
    >>> kind_of(["/usr/lib/chromium/chromium", "--type=renderer", "--lang=en-US"])
    'Chromium: page renderers'
    >>> kind_of(["/bin/sh", "-c", "make test"])
    'make, shells and other programs'
    """
    if not isinstance(command_line, (list, tuple)) or not all(
        isinstance(x, str) for x in command_line
    ):
        raise TypeError(
            f"command_line must be a list of strings (a process's argv), not {command_line!r}"
        )
    if len(command_line) == 1:  # a process that rewrote its title (Chromium's helpers do)
        command_line = command_line[0].split()
    if not command_line:
        return OTHER
    words = [os.path.basename(command_line[0]), *command_line[1:]]
    for kind, test in KINDS:
        if test(words):
            return kind
    return OTHER


class ProcessStat(NamedTuple):
    """What ``/proc/<pid>/stat`` says of a process (proc(5))."""

    parent: int  # ppid
    start: int  # start time, in clock ticks after boot: with the pid, names the process
    name: str  # the executable's name (comm), at most 15 characters
    state: str  # "R" running, "S" sleeping, "Z" ended but not yet reaped, …
    cpu_seconds: float  # user + system time of the process itself (not of its children)


def process_table() -> dict[int, ProcessStat]:
    """Every process on the machine now, by pid (empty where there is no ``/proc``).

    Examples
    --------
    >>> import os
    >>> table = process_table()
    >>> not available() or table[os.getpid()].parent == os.getppid()
    True
    """
    if not available():
        return {}
    ticks, table = os.sysconf("SC_CLK_TCK"), {}
    for entry in os.scandir(PROC):
        if not entry.name.isdigit():
            continue
        try:
            with open(entry.path + "/stat", "rb") as f:
                stat = f.read().decode(errors="replace")
        except OSError:
            continue  # ended meanwhile
        fields = stat[stat.rfind(")") + 2 :].split()
        table[int(entry.name)] = ProcessStat(
            parent=int(fields[1]),
            start=int(fields[19]),
            name=stat[stat.find("(") + 1 : stat.rfind(")")],
            state=fields[0],
            cpu_seconds=(int(fields[11]) + int(fields[12])) / ticks,
        )
    return table


def available() -> bool:
    """Whether processes can be sampled here (Linux's ``/proc``)."""
    return sys.platform.startswith("linux") and (PROC / "self" / "stat").exists()


class Sampler(threading.Thread):
    """Samples, in a thread, the CPU time of process ``root`` and of its descendants, by kind.

    Parameters
    ----------
    root : int
        The pid of the command's process (a ``subprocess.Popen``'s ``pid``).
    interval : float
        Seconds between two samples (default 0.5; a sample takes this process about 3-5 ms of
        CPU time on a machine running a few hundred processes).

    Examples
    --------
    >>> import subprocess, sys
    >>> child = subprocess.Popen([sys.executable, "-c", "sum(range(10**7))"])
    >>> sampler = Sampler(child.pid)
    >>> sampler.start()
    >>> _ = child.wait()
    >>> by_kind = sampler.finish()
    >>> set(by_kind) <= {kind for kind, _ in KINDS} | {OTHER}
    True
    """

    def __init__(self, root: int, interval: float = DEFAULT_INTERVAL_S):
        super().__init__(daemon=True)
        if isinstance(root, bool) or not isinstance(root, int):
            raise TypeError(f"root must be a process id (an int), not {root!r}")
        if root <= 0:
            raise ValueError(f"root must be a process id (a positive int), not {root!r}")
        if isinstance(interval, bool) or not isinstance(interval, (int, float)):
            raise TypeError(f"interval must be a number of seconds, not {interval!r}")
        if not 0.01 <= interval <= 60:
            raise ValueError(f"interval must be in [0.01, 60] seconds, not {interval!r}")
        self.root, self.interval = root, float(interval)
        self._done = threading.Event()
        # (pid, start time) -> [name of the executable, kind, CPU seconds, times seen]
        self._seen: dict[tuple[int, int], list] = {}
        self.samples = 0
        self.own_cpu_seconds = 0.0  # the sampling's own cost (this thread's CPU time)

    def run(self) -> None:
        while not self._done.is_set():
            self.sample()
            self._done.wait(self.interval)

    def finish(self) -> dict[str, float]:
        """Take a last sample, stop, and return the CPU seconds by kind (largest first)."""
        self._done.set()
        if self.is_alive():
            self.join()
        self.sample()
        return self.by_kind()

    def by_kind(self) -> dict[str, float]:
        total = Counter()
        for _, kind, cpu, _ in self._seen.values():
            total[kind] += cpu
        return dict(total.most_common())

    def by_name(self, kind: str) -> dict[str, float]:
        """The CPU seconds of ``kind``'s processes by executable name (largest first)."""
        total = Counter()
        for name, k, cpu, _ in self._seen.values():
            if k == kind:
                total[name] += cpu
        return dict(total.most_common())

    @property
    def processes(self) -> int:
        """How many of the command's processes were seen."""
        return len(self._seen)

    def sample(self) -> None:
        started = time.thread_time()
        table = process_table()
        known = {key[0] for key in self._seen if key[0] in table and table[key[0]][1] == key[1]}
        known.add(self.root)
        added = True
        while added:  # a child may be listed before its parent: repeat until nothing is added
            added = False
            for pid, (parent, start, name, _, cpu) in table.items():
                key = (pid, start)
                if key in self._seen:
                    record = self._seen[key]
                    record[2] = max(record[2], cpu)
                    # a process forked a moment before its first sample may have changed its
                    # command line since (ran another program, or named itself, as Chromium's
                    # renderers do): look again at the second sample, whenever its name
                    # changes, and while it is of no known kind (a wrapper script may exec
                    # the program it wraps under the same name)
                    if record[0] != name or record[3] == 1 or record[1] == OTHER:
                        record[0], record[1] = name, self._kind(pid)
                    record[3] += 1
                elif pid in known or parent in known:
                    self._seen[key] = [name, self._kind(pid), cpu, 1]
                    known.add(pid)
                    added = True
        self.samples += 1
        self.own_cpu_seconds += time.thread_time() - started

    @staticmethod
    def _kind(pid: int) -> str:
        try:
            raw = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            return OTHER
        return kind_of([x.decode(errors="replace") for x in raw.split(b"\0") if x])

    unseen_note = (
        "sampled from /proc every {interval:g} s: a process that lived less than that may not "
        "be seen, and the CPU time each spent after its last sample is not counted"
    )


def profile_table(by_kind: dict[str, float]) -> str:
    """A Markdown table of ``by_kind`` (CPU seconds by kind), largest first, with shares."""
    total = sum(by_kind.values())
    lines = ["| processes | CPU time | share |", "|---|---:|---:|"]
    for kind, cpu in sorted(by_kind.items(), key=lambda kv: -kv[1]):
        share = f"{100 * cpu / total:.0f} %" if total else "–"
        lines.append(f"| {kind} | {cpu:.0f} s | {share} |")
    lines.append(f"| all sampled | {total:.0f} s | |")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    if not available():
        print("process_cpu: no /proc here; running the command without sampling", file=sys.stderr)
        return subprocess.call(argv[1:])
    child = subprocess.Popen(argv[1:])
    sampler = Sampler(child.pid)
    sampler.start()
    code = child.wait()
    by_kind = sampler.finish()
    print(profile_table(by_kind))
    print(
        f"\n{sampler.processes} processes, {sampler.samples} samples; "
        + Sampler.unseen_note.format(interval=sampler.interval)
        + f"; sampling took {sampler.own_cpu_seconds:.1f} s of CPU."
    )
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
