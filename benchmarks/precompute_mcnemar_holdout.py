"""How often does McNemar's test on one 2/3–1/3 holdout reject a TRUE null? exact vs mid-p.

Notebook 05 recommends McNemar's test on a holdout when two learners are compared on one data
set. Its large simulation (``benchmarks/simulate_cv_type1.py``, data/cv_type1_simulation.csv)
measured the exact test; the course default is the mid-p test (Fagerland, Lydersen & Laake 2013,
"The McNemar test for binary matched-pairs data: mid-p and asymptotic are better than exact
conditional", BMC Medical Research Methodology 13:91; notebook 04). This script measures both
on the same data sets, in the same population and with the same two learner pairs as
``simulate_cv_type1.py`` (its ``draw`` and ``RULES`` are reused): two equally likely classes,
x | y ~ N(y · (1.2, 1.2), I); learner A uses feature 1 only, learner B feature 2 only, with the
same rule, so the null hypothesis "equally good" is true and every rejection is a false alarm.

Each run draws n items, one holdout split (2/3 train, 1/3 test) and computes McNemar's exact and
mid-p tests (``evalkit.paired.mcnemar``) on the discordant test items. The CSV holds the
rejection rate at level 0.05 with its Monte-Carlo standard error sqrt(rate (1 − rate)/runs).

Run from the repository root (about a minute on one core)::

    .venv/bin/python benchmarks/precompute_mcnemar_holdout.py --runs 4000 --seed 43 \
        --out data/mcnemar_holdout_size.csv
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from simulate_cv_type1 import RULES, draw  # the same population and learners

from evalkit.paired import mcnemar
from evalkit.resampling import holdout

METHODS = ("exact", "mid-p")


def one_run(rule, n: int, rng: np.random.Generator) -> list[float]:
    """McNemar's exact and mid-p p-values on one fresh data set's 2/3–1/3 holdout."""
    X, y = draw(n, rng)
    ((train_indices, test_indices),) = holdout(n, 1 / 3, rng)
    train = np.zeros((1, n), dtype=bool)
    train[0, train_indices] = True
    wrong_a = rule(X[:, 0], y, train)[0, test_indices]
    wrong_b = rule(X[:, 1], y, train)[0, test_indices]
    only_a = int(np.sum(~wrong_a & wrong_b))
    only_b = int(np.sum(wrong_a & ~wrong_b))
    return [mcnemar(only_a, only_b, method=method).pvalue for method in METHODS]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 100, 200])
    parser.add_argument("--out", default="data/mcnemar_holdout_size.csv")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    command = ".venv/bin/python benchmarks/precompute_mcnemar_holdout.py " + " ".join(
        shlex.quote(a) for a in argv
    )
    lines = [
        f"# produced by (from the repository root): {command}",
        "# level 0.05; se = sqrt(rate (1 − rate) / runs); see the script's docstring",
        "learner,n,test,runs,rejections,rate,se",
    ]
    for learner, rule in RULES.items():
        for n in args.sizes:
            start = time.perf_counter()
            pvalues = np.array([one_run(rule, n, rng) for _ in range(args.runs)])
            rejections = (pvalues < 0.05).sum(axis=0)
            for method, count in zip(METHODS, rejections, strict=True):
                rate = count / args.runs
                se = np.sqrt(rate * (1 - rate) / args.runs)
                lines.append(f"{learner},{n},{method},{args.runs},{count},{rate:.4f},{se:.4f}")
            print(f"{learner}, n={n}: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
