"""Measure the coverage of ``roc.multiclass_auc``'s interval by a seeded simulation (notebook 14).

Each setting draws test sets with fixed class sizes: an item of class c has latent scores
z ~ N(separation · e_c + shift_c, I) over the c classes, and the classifier's scores are the
softmax of z (rows summing to one, as class probabilities). For every test set the four averages
(one-vs-rest and Hand & Till's one-vs-one, each macro and prevalence-weighted) are computed with
their DeLong-type standard error (Sen 1960 structural components), and two 95 % intervals are
read from it: the default on the logit scale ("delong-logit") and the Wald form clipped to
[0, 1] ("delong"). The true value of each average is computed from the population's pairwise
AUCs P[k, l] = P(score_k of a class-k item > score_k of a class-l item), estimated once from
400 000 items per class (standard error below 0.0008 each, far below the interval widths), and
combined with the setting's class shares as the estimator combines them.

Replicates: planned per setting from a pilot of 400 test sets, which are then discarded, so that
every coverage of the setting has a Monte-Carlo standard error of at most 0.005 (about once in
a thousand a little more), at least 2000 (``benchmarks/montecarlo.py``, as for the coverage
atlas: a count planned from the figures it measures would bias them).
Runs in a few minutes on two shared cores; the notebook reads
``data/multiclass_auc_coverage.csv``.

Run from the repository root::

    .venv/bin/python benchmarks/precompute_multiclass_auc.py
"""

from __future__ import annotations

import csv
import math
import sys
import time
from itertools import combinations
from pathlib import Path

import numpy as np
from montecarlo import PILOT, replicates_for
from scipy import special

from evalkit import roc

SEED = 14
OUT = Path(__file__).resolve().parent.parent / "data" / "multiclass_auc_coverage.csv"
COMMAND = ".venv/bin/python benchmarks/precompute_multiclass_auc.py"
CONFIDENCE = 0.95
POPULATION = 400_000

#: (name, class sizes, separation, extra shift of the last class's own score)
SETTINGS = [
    ("3 classes, 10 each, hard", (10, 10, 10), 0.7, 0.0),
    ("3 classes, 10 each, easy", (10, 10, 10), 2.0, 0.0),
    ("3 classes, 30 each, hard", (30, 30, 30), 0.7, 0.0),
    ("3 classes, 30 each, easy", (30, 30, 30), 2.0, 0.0),
    ("3 classes, 30 each, very easy", (30, 30, 30), 3.5, 0.0),
    ("3 classes, 100 each, easy", (100, 100, 100), 2.0, 0.0),
    ("3 classes, 10/30/60, one easy class", (10, 30, 60), 1.0, 1.5),
    ("3 classes, 60/30/10, one easy class", (60, 30, 10), 1.0, 1.5),
    ("5 classes, 10 each, hard", (10,) * 5, 0.7, 0.0),
    ("5 classes, 20 each, easy", (20,) * 5, 2.0, 0.0),
    ("5 classes, 5/10/20/40/80", (5, 10, 20, 40, 80), 1.5, 0.0),
    ("5 classes, 50 each, easy", (50,) * 5, 2.0, 0.0),
]
COMBINATIONS = [(m, a) for m in ("ovr", "ovo") for a in ("macro", "weighted")]


def draw(rng: np.random.Generator, counts, separation: float, shift: float):
    """Class codes and softmax scores of one test set."""
    k = len(counts)
    codes = np.repeat(np.arange(k), counts)
    means = separation * np.eye(k)
    means[k - 1, k - 1] += shift
    z = rng.normal(size=(codes.size, k)) + means[codes]
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return codes, e / e.sum(axis=1, keepdims=True)


def pairwise_truth(rng: np.random.Generator, k: int, separation: float, shift: float):
    """P[c, l]: a class-c item's score c above a class-l item's (from POPULATION per class)."""
    codes, score = draw(rng, (POPULATION,) * k, separation, shift)
    p = np.full((k, k), np.nan)
    for c in range(k):
        for other in range(k):
            if c != other:
                mask = (codes == c) | (codes == other)
                p[c, other] = roc._auc_core(codes[mask] == c, score[mask, c])
    return p


def true_value(p: np.ndarray, counts, multi_class: str, average: str) -> float:
    """The estimand: the same average of the population's pairwise AUCs as the estimator."""
    n = np.asarray(counts, dtype=float)
    k = n.size
    if multi_class == "ovr":
        aucs = [
            sum(n[other] * p[c, other] for other in range(k) if other != c) / (n.sum() - n[c])
            for c in range(k)
        ]
        weights = n if average == "weighted" else np.ones(k)
    else:
        pairs = list(combinations(range(k), 2))
        aucs = [(p[i, j] + p[j, i]) / 2 for i, j in pairs]
        weights = np.array([n[i] + n[j] if average == "weighted" else 1.0 for i, j in pairs])
    return float(np.sum(np.asarray(weights) * np.asarray(aucs)) / np.sum(weights))


def one_test_set(rng, counts, separation, shift, truths):
    """Hits of the logit and Wald intervals, and their widths, for the four averages."""
    codes, score = draw(rng, counts, separation, shift)
    classes = tuple(range(len(counts)))
    z = float(special.ndtri(0.5 + CONFIDENCE / 2))
    parts = {m: roc._multiclass_terms(codes, score, m) for m in ("ovr", "ovo")}
    out = []
    for (multi_class, average), truth in zip(COMBINATIONS, truths, strict=True):
        r = roc._multiclass_auc_core(
            codes, score, classes, multi_class, average, "delong-logit", CONFIDENCE,
            parts[multi_class],
        )  # fmt: skip
        low, high, _ = roc._limits(r.estimate, r.std_error, z, "delong", 1.0)
        out.append((r.low <= truth <= r.high, r.high - r.low, low <= truth <= high, high - low))
    return out


def simulate(rng, counts, separation, shift, truths, reps):
    return np.array(
        [one_test_set(rng, counts, separation, shift, truths) for _ in range(reps)], dtype=float
    )  # reps × 4 combinations × (logit hit, logit width, Wald hit, Wald width)


def main() -> None:
    rng = np.random.default_rng(SEED)
    rows = []
    started = time.time()
    for index, (name, counts, separation, shift) in enumerate(SETTINGS):
        p = pairwise_truth(rng, len(counts), separation, shift)
        truths = [true_value(p, counts, m, a) for m, a in COMBINATIONS]
        pilot_rng, main_rng = np.random.default_rng([SEED, index]).spawn(2)
        pilot = simulate(pilot_rng, counts, separation, shift, truths, PILOT)
        shares = pilot[:, :, [0, 2]].mean(axis=0).ravel()
        results = simulate(
            main_rng, counts, separation, shift, truths, max(map(replicates_for, shares))
        )
        coverage = results[:, :, [0, 2]].mean(axis=0)
        reps = results.shape[0]
        for j, (multi_class, average) in enumerate(COMBINATIONS):
            for method, col in (("delong-logit", 0), ("delong", 2)):
                cover = float(results[:, j, col].mean())
                rows.append(
                    {
                        "setting": name,
                        "classes": len(counts),
                        "class_sizes": "/".join(str(c) for c in counts),
                        "separation": separation,
                        "multi_class": multi_class,
                        "average": average,
                        "method": method,
                        "true_auc": f"{truths[j]:.4f}",
                        "coverage": f"{cover:.4f}",
                        "se": f"{math.sqrt(cover * (1 - cover) / reps):.4f}",
                        "mean_width": f"{results[:, j, col + 1].mean():.4f}",
                        "replicates": reps,
                    }
                )
        print(
            f"{name}: truth {truths[0]:.3f}, logit coverage "
            f"{', '.join(f'{c:.3f}' for c in coverage[:, 0])}; Wald "
            f"{', '.join(f'{c:.3f}' for c in coverage[:, 1])} ({reps} sets, "
            f"{time.time() - started:.0f} s)",
            file=sys.stderr,
        )
    with OUT.open("w", newline="") as handle:
        handle.write(
            f"# command: {COMMAND}  (numpy {np.__version__}); seed {SEED}; coverage of the "
            f"{CONFIDENCE:.0%} interval of roc.multiclass_auc, se = Monte-Carlo standard error\n"
        )
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {OUT} ({len(rows)} rows) in {time.time() - started:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
