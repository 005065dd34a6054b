"""How often do tests that compare two learners reject a TRUE null hypothesis? (notebook 05)

A larger version of the simulation in notebooks/05_cross_validation.ipynb, after Dietterich
(1998), "Approximate statistical tests for comparing supervised classification learning
algorithms". The population is symmetric in its two features: two equally likely classes,
x | y ~ N(y · (s, s), I). Learner A uses only feature 1, learner B only feature 2, with the
same rule (1-nearest neighbour, or nearest class mean), so both have exactly the same true error
for every training-set size: every rejection is a false alarm.

For each run (a fresh data set of n items) the script computes the p-values of
  McNemar (one 2/3–1/3 holdout), resampled paired t (30 random 2/3–1/3 splits), the corrected
  resampled t (Nadeau & Bengio 2003) on the same splits, the 10-fold CV paired t, the 5×2cv t,
  the combined 5×2cv F, and the paired t on 10 × 10-fold CV without and with Nadeau and Bengio's
  correction (the corrected repeated k-fold CV t of Bouckaert & Frank 2004),
with evalkit, and writes the rejection rates at level 0.05 to a CSV whose first line records
the exact command.

Usage (from the repository root; 13 minutes in all on one core, 1 to 6 minutes per setting):
    .venv/bin/python benchmarks/simulate_cv_type1.py --runs 10000 --seed 5 \
        --out data/cv_type1_simulation.csv

10 000 runs per setting keep every rate's Monte-Carlo standard error at most 0.005 (the worst
case, a rate near 0.6, needs 9 600), the course's standard for a claim about size.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from pathlib import Path

import numpy as np

from evalkit.paired import sign_test
from evalkit.resampling import (
    combined_f_5x2cv,
    corrected_resampled_t,
    cv_paired_t,
    holdout,
    kfold,
    paired_t_5x2cv,
    random_subsampling,
)

SHIFT = 1.2
TESTS = [
    "McNemar (holdout)",
    "resampled t (30 × 2/3–1/3)",
    "corrected resampled t",
    "10-fold CV paired t",
    "5x2cv t",
    "combined 5x2cv F",
    "10×10-fold CV paired t",
    "corrected 10×10-fold CV t",
]


def draw(n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    y = rng.integers(0, 2, size=n)
    return rng.normal(size=(n, 2)) + SHIFT * y[:, None], y


def masks(splits, n: int) -> tuple[np.ndarray, np.ndarray]:
    splits = list(splits)
    train = np.zeros((len(splits), n), dtype=bool)
    test = np.zeros((len(splits), n), dtype=bool)
    for j, (tr, te) in enumerate(splits):
        train[j, tr] = True
        test[j, te] = True
    return train, test


def wrong_nearest_neighbour(x: np.ndarray, y: np.ndarray, train: np.ndarray) -> np.ndarray:
    """For every split (row of train) and item: is the 1-NN rule on feature x wrong?"""
    distance = np.abs(x[:, None] - x[None, :])
    masked = np.where(train[:, None, :], distance[None, :, :], np.inf)
    return y[masked.argmin(axis=2)] != y


def wrong_class_mean(x: np.ndarray, y: np.ndarray, train: np.ndarray) -> np.ndarray:
    """For every split and item: is the nearest-class-mean rule on feature x wrong?"""
    ones = train & (y == 1)
    zeros = train & (y == 0)
    mean1 = (ones @ x) / ones.sum(axis=1)
    mean0 = (zeros @ x) / zeros.sum(axis=1)
    threshold = (mean0 + mean1) / 2
    predicted = ((x[None, :] - threshold[:, None]) * np.sign(mean1 - mean0)[:, None] > 0).astype(
        int
    )
    return predicted != y


RULES = {"1-nearest neighbour": wrong_nearest_neighbour, "nearest class mean": wrong_class_mean}


def differences(rule, X, y, splits) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per-split error differences A − B, and the per-item wrong matrices of A and B."""
    train, test = masks(splits, len(y))
    wrong_a = rule(X[:, 0], y, train) & test
    wrong_b = rule(X[:, 1], y, train) & test
    sizes = test.sum(axis=1)
    return (wrong_a.sum(axis=1) - wrong_b.sum(axis=1)) / sizes, wrong_a, wrong_b


def one_run(
    rule, n: int, rng: np.random.Generator, rng_repeated: np.random.Generator
) -> list[float]:
    """The p-values of the eight tests on one fresh data set.

    The 10 × 10-fold splits come from their own generator, so that the first six tests see the
    same random draws as in earlier versions of this script (which had only those six).
    """
    X, y = draw(n, rng)
    holdout_split = list(holdout(n, 1 / 3, rng))
    _, wrong_a, wrong_b = differences(rule, X, y, holdout_split)
    test = np.zeros(n, dtype=bool)
    test[holdout_split[0][1]] = True
    only_a = int(np.sum(test & ~wrong_a[0] & wrong_b[0]))
    only_b = int(np.sum(test & wrong_a[0] & ~wrong_b[0]))
    # McNemar's exact test: the two-sided sign test (binomial, 1/2) on the discordant items
    p_mcnemar = sign_test(only_a, only_a + only_b, alternative="two-sided").pvalue
    n_test = round(n / 3)
    d30, _, _ = differences(rule, X, y, random_subsampling(n, 1 / 3, 30, rng))
    d10, _, _ = differences(rule, X, y, kfold(n, 10, rng))
    d52 = np.array([differences(rule, X, y, kfold(n, 2, rng))[0] for _ in range(5)])
    repeated = [split for _ in range(10) for split in kfold(n, 10, rng_repeated)]
    d100, _, _ = differences(rule, X, y, repeated)
    n_fold = n / 10
    return [
        p_mcnemar,
        cv_paired_t(error_differences=d30).pvalue,
        corrected_resampled_t(error_differences=d30, n_train=n - n_test, n_test=n_test).pvalue,
        cv_paired_t(error_differences=d10).pvalue,
        paired_t_5x2cv(error_differences=d52).pvalue,
        combined_f_5x2cv(error_differences=d52).pvalue,
        cv_paired_t(error_differences=d100).pvalue,
        corrected_resampled_t(
            error_differences=d100, n_train=round(n - n_fold), n_test=round(n_fold)
        ).pvalue,
    ]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 100, 200])
    parser.add_argument("--out", default="data/cv_type1_simulation.csv")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    rng_repeated = np.random.default_rng([args.seed, 1])
    command = ".venv/bin/python benchmarks/simulate_cv_type1.py " + " ".join(
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
            pvalues = np.array([one_run(rule, n, rng, rng_repeated) for _ in range(args.runs)])
            rejections = (pvalues < 0.05).sum(axis=0)
            for test, count in zip(TESTS, rejections, strict=True):
                rate = count / args.runs
                se = np.sqrt(rate * (1 - rate) / args.runs)
                lines.append(f"{learner},{n},{test},{args.runs},{count},{rate:.4f},{se:.4f}")
            print(f"{learner}, n={n}: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
