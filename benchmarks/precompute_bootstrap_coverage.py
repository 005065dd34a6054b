"""Measure the coverage of notebook 09's bootstrap intervals at the course's standard error.

Notebook 09 (section 6, "How good are these intervals?") runs its coverage simulation live with
300 test sets per case, a Monte-Carlo standard error of 0.012–0.025: enough to watch, not enough
for the course's standard of 0.005. This script runs the same simulation, the notebook's model
and intervals, until every coverage has a standard error of at most 0.005:

* case 1, word accuracy of a corpus of 60 utterances (the notebook's recognizer model: utterance
  lengths 1 + Poisson(6), per-utterance error rate Beta(1, 6), errors split 2:1 into substitutions
  and deletions, Poisson(error · length) insertions; true ACC = 5/7): the percentile and BCa
  intervals of the pooled word accuracy over B = 1000 resamples of the utterances, and the
  interval that treats the N words as independent trials (ACC ± 1.96 √(ACC(1 − ACC)/N));
* case 2, a plain accuracy on K = 30 items with true rate 0.9 and 0.95: percentile and BCa
  (B = 1000; a test set with every item correct counts as a miss for both, as in the notebook)
  and Clopper–Pearson.

Replicates: planned per case from a pilot of 400 test sets, which are then discarded, so that
every coverage of the case has a Monte-Carlo standard error of at most 0.005 (about once in a
thousand a little more), at least 2000 (``benchmarks/montecarlo.py``, as for the coverage atlas:
a count planned from the figures it measures would bias them). Writes
``data/bootstrap_coverage.csv``, whose first line records the command. About three minutes on
one core.

Run from the repository root::

    .venv/bin/python benchmarks/precompute_bootstrap_coverage.py
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

import numpy as np
from montecarlo import PILOT, replicates_for

from evalkit.bootstrap import bootstrap_interval, word_accuracy
from evalkit.intervals import clopper_pearson

SEED = 909
ROUNDS = 1000
TRUE_ACC = 5 / 7
OUT = Path(__file__).resolve().parent.parent / "data" / "bootstrap_coverage.csv"
COMMAND = ".venv/bin/python benchmarks/precompute_bootstrap_coverage.py"


def simulate_corpus(n_utterances: int, gen: np.random.Generator) -> np.ndarray:
    """(S, D, I, N) per utterance from notebook 09's recognizer model (its section 5)."""
    length = 1 + gen.poisson(6, n_utterances)
    error = gen.beta(1.0, 6.0, n_utterances)
    s_d_h = np.array(
        [gen.multinomial(n, [2 * e / 3, e / 3, 1 - e]) for n, e in zip(length, error, strict=True)]
    )
    insertions = gen.poisson(error * length)
    return np.column_stack([s_d_h[:, 0], s_d_h[:, 1], insertions, length])


def pooled_word_accuracy(counts: np.ndarray) -> np.ndarray:
    totals = counts.sum(axis=-2)
    return word_accuracy(totals[..., 0], totals[..., 1], totals[..., 2], totals[..., 3])


def mean_of_rows(c: np.ndarray) -> np.ndarray:
    return c.mean(axis=1)


def corpus_hits(gen: np.random.Generator) -> list[bool]:
    """Case 1, one corpus: does each interval (percentile, BCa, words independent) cover?"""
    c = simulate_corpus(60, gen)
    hits = []
    for method in ("percentile", "bca"):
        ci = bootstrap_interval(
            pooled_word_accuracy, c, method=method, rounds=ROUNDS, rng=gen, vectorized=True
        )
        hits.append(ci.low <= TRUE_ACC <= ci.high)
    s, d, i, n = c.sum(axis=0)
    a = word_accuracy(s, d, i, n)
    h = 1.96 * np.sqrt(a * (1 - a) / n)
    hits.append(a - h <= TRUE_ACC <= a + h)
    return hits


def accuracy_hits(n_items: int, p: float, gen: np.random.Generator) -> list[bool]:
    """Case 2, one test set: percentile, BCa (a miss when all are correct), Clopper–Pearson."""
    c = (gen.random(n_items) < p).astype(float)
    hits = []
    for method in ("percentile", "bca"):
        try:
            ci = bootstrap_interval(
                mean_of_rows, c, method=method, rounds=ROUNDS, rng=gen, vectorized=True
            )
            hits.append(ci.low <= p <= ci.high)
        except ValueError:  # all correct: BCa undefined, the bootstrap says [1, 1]
            hits.append(False)
    hits.append(clopper_pearson(int(c.sum()), n_items).contains(p))
    return hits


CASES = [
    # (case, items, true value, methods, one replicate)
    ("word accuracy, 60 utterances", 60, TRUE_ACC, ("percentile", "bca", "words independent"),
     corpus_hits),
    ("accuracy, K = 30, x = 0.9", 30, 0.9, ("percentile", "bca", "clopper-pearson"),
     lambda gen: accuracy_hits(30, 0.9, gen)),
    ("accuracy, K = 30, x = 0.95", 30, 0.95, ("percentile", "bca", "clopper-pearson"),
     lambda gen: accuracy_hits(30, 0.95, gen)),
]  # fmt: skip


def main() -> int:
    started = time.time()
    lines = [
        f"# command: {COMMAND}  (numpy {np.__version__}); seed {SEED}; coverage of notebook 09's"
        f" 95 % intervals, B = {ROUNDS}; se = Monte-Carlo standard error",
        "case,items,true_value,method,covered,replicates,coverage,se",
    ]
    for index, (case, items, truth, methods, one) in enumerate(CASES):
        pilot_rng, main_rng = np.random.default_rng([SEED, index]).spawn(2)
        pilot = np.array([one(pilot_rng) for _ in range(PILOT)], dtype=bool)
        count = max(map(replicates_for, pilot.mean(axis=0)))
        hits = np.array([one(main_rng) for _ in range(count)], dtype=bool)
        reps = len(hits)
        for method, covered in zip(methods, hits.sum(axis=0), strict=True):
            c = covered / reps
            lines.append(
                f'"{case}",{items},{truth:.6f},{method},{covered},{reps},{c:.4f},'
                f"{math.sqrt(c * (1 - c) / reps):.4f}"
            )
        print(f"{case}: {reps} test sets ({time.time() - started:.0f} s)", file=sys.stderr)
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {OUT} in {time.time() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
