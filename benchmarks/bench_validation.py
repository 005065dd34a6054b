"""Benchmark: validation once per public call (issue 45 point 3), old code against new.

Before this round, ``compare_classifiers`` checked ``y_true`` on every floor it passed through
(report → metrics → roc → paired: seven times); now the report checks its arguments once and
calls the private cores of metrics, roc and paired. This script times the same calls on two
copies of evalkit in one run, each in its own interpreter:

* old: a clone of commit db80771 (``git clone -q . /tmp/before && git -C /tmp/before checkout -q
  db80771``), or the folder given with ``--old``;
* new: this working tree.

Workloads (seeded data, the same in both):

1. ``compare_classifiers`` with scores on 1 000 and on 100 000 test items (two classes);
2. the widget of notebook 10: ``compare_classifiers`` on the first 30, 35, …, 285 items of a
   test set with scores, 200 settings (the slider's positions, repeated), as a widget redraws;
3. public functions in a loop over a grid of 200 settings, as the course's widgets call them:
   ``intervals.clopper_pearson(k, n)`` and ``paired.mcnemar(b, c)`` one setting at a time.

Each workload is timed as the best of ``--rounds`` rounds (default 7) of enough calls to last
about 0.2 s; the ratio is old time / new time (above 1: the new code is faster). The machine is
shared, so take the ratios, not the absolute times, and run it at low load.

Run: ``.venv/bin/python benchmarks/bench_validation.py [--old /tmp/before] [--rounds 7]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

#: Runs in the interpreter of one copy of evalkit: times every workload, prints JSON.
WORKER = r"""
import inspect, json, sys, time
import numpy as np
from evalkit import intervals, paired
from evalkit.report import compare_classifiers

rounds = int(sys.argv[1])

def data(n, seed=45):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    s_a = y + rng.normal(0, 0.9, n)
    s_b = y + rng.normal(0, 1.1, n)
    return y, (s_a > 0.5).astype(int), (s_b > 0.5).astype(int), s_a, s_b

def best(call):
    start = time.perf_counter(); call(); once = time.perf_counter() - start
    repeat = max(1, int(0.2 / max(once, 1e-6)))
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(repeat):
            call()
        times.append((time.perf_counter() - start) / repeat)
    return min(times)

# the scores' keywords: y_score_a/y_score_b since issue 44, scores_a/scores_b before
_A, _B = (("y_score_a", "y_score_b")
          if "y_score_a" in inspect.signature(compare_classifiers).parameters
          else ("scores_a", "scores_b"))

out = {}
for n in (1000, 100000):
    y, a, b, s_a, s_b = data(n)
    out[f"compare_classifiers, {n} items"] = best(
        lambda: compare_classifiers(y, a, b, **{_A: s_a, _B: s_b}))
y, a, b, s_a, s_b = data(285, seed=10)
sizes = [30 + 5 * (i % 52) for i in range(200)]
out["widget: compare_classifiers at 200 slider settings (30-285 items)"] = best(
    lambda: [compare_classifiers(y[:m], a[:m], b[:m], **{_A: s_a[:m], _B: s_b[:m]})
             for m in sizes])
grid = [(k, 50 + k) for k in range(200)]
out["loop: intervals.clopper_pearson at 200 settings"] = best(
    lambda: [intervals.clopper_pearson(k, n) for k, n in grid])
pairs = [(1 + i % 20, 1 + i // 20) for i in range(200)]
out["loop: paired.mcnemar at 200 settings"] = best(
    lambda: [paired.mcnemar(b_, c_) for b_, c_ in pairs])
print(json.dumps(out))
"""


def measure(root: Path, rounds: int) -> dict[str, float]:
    """The workloads' best times (seconds) with evalkit imported from ``root``."""
    env = {**os.environ, "PYTHONPATH": str(root), "OMP_NUM_THREADS": "1"}
    done = subprocess.run(
        [sys.executable, "-c", WORKER, str(rounds)],
        capture_output=True,
        text=True,
        check=True,
        cwd="/",  # not the repository: the copy on PYTHONPATH is the one imported
        env=env,
    )
    return json.loads(done.stdout)


def table(old: dict[str, float], new: dict[str, float]) -> str:
    """A Markdown table: workload, old, new (ms) and old / new."""
    lines = ["| workload | old (ms) | new (ms) | old / new |", "|---|---:|---:|---:|"]
    for name, before in old.items():
        after = new[name]
        lines.append(f"| {name} | {1e3 * before:.2f} | {1e3 * after:.2f} | {before / after:.2f} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", default="/tmp/before", help="a checkout of commit db80771")
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args(argv)
    old_root = Path(args.old)
    if not (old_root / "evalkit" / "report.py").is_file():
        print(
            f"no old copy at {old_root}: git clone -q {REPO} {old_root} && "
            f"git -C {old_root} checkout -q db80771",
            file=sys.stderr,
        )
        return 2
    # alternate old and new twice and keep each one's best, so that a change of load during
    # the run does not favour one side
    runs = [measure(root, args.rounds) for root in (old_root, REPO, old_root, REPO)]
    old = {k: min(runs[0][k], runs[2][k]) for k in runs[0]}
    new = {k: min(runs[1][k], runs[3][k]) for k in runs[1]}
    print(table(old, new))
    return 0


if __name__ == "__main__":
    sys.exit(main())
