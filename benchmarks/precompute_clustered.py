"""Precompute the coverage and size tables of notebook 13 (test sets with writers).

Two seeded simulations, too long for the notebook and the unit tests:

1. **Coverage** of the "95 %" intervals for the pooled accuracy of a clustered test set
   (``evalkit.clustered.accuracy_interval``): k writers of 20 items each, writer accuracies drawn
   from a Beta distribution with mean ``accuracy`` and intra-cluster correlation ``icc``
   (ICC = 1/(α + β + 1); the beta-binomial model of issue 41's measurement), over the grid
   k ∈ {5, 10, 20, 30, 40} × accuracy ∈ {0.90, 0.97} × ICC ∈ {0.05, 0.10, 0.20}. Methods: the
   ratio interval and Wilson on the effective size, each with the normal quantile z (evalkit
   before issue 41) and with the t quantile on k − 1 degrees of freedom (Korn & Graubard 1998,
   *Confidence intervals for proportions with small expected number of positive counts
   estimated from survey data*, Survey Methodology 24:193), and Clopper–Pearson on all items
   (the interval that ignores the writers).
2. **Size** of the clustered McNemar tests (``evalkit.clustered.mcnemar``, methods
   ``"durkalski"``, ``"obuchowski"``, ``"yang"``) at α = 0.05: k ∈ {5, 8, 10, 20, 40} writers, two
   classifiers equally good on average, each writer favouring one of them (the share of a
   writer's discordant items that go to A is Beta(2, 2)); writer sizes equal (20 items) or
   unequal (drawn uniformly from 1 … 40 items, per writer and test set).

Every row holds 20 000 simulated test sets (10 000 for the cluster bootstrap, which costs one
call of the public function per test set), so its Monte-Carlo standard error √(c(1 − c)/reps)
is at most 0.005 (it is written next to each number). The coverage file also holds notebook 13's
section 2 curve (30 writers of 1, 2, 5, 10, 20 or 40 items, accuracy 0.9, ICC 0.05) and the
cluster bootstrap at four settings of the grid. The intervals and
statistics are computed by evalkit's own vectorized internals (the same code the public
functions call); the script checks them against the public functions on the first test sets of
every row before it trusts them.

Run from the repository root (about 40 s of CPU, most of it the bootstrap; three minutes on a
busy machine)::

    .venv/bin/python benchmarks/precompute_clustered.py              # both tables
    .venv/bin/python benchmarks/precompute_clustered.py --only size  # the McNemar sizes alone

(``--only coverage`` writes the coverage table alone). Every row has its own seed, so one table
comes out the same whether or not the other is written. The first line of each CSV records this
command and the library versions.
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
import time
import warnings
from pathlib import Path

import numpy as np
import scipy
from scipy import special

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from evalkit import clustered  # noqa: E402
from evalkit.intervals import clopper_pearson  # noqa: E402

COMMAND = ".venv/bin/python benchmarks/precompute_clustered.py"
COVERAGE_CSV = ROOT / "data" / "clustered_coverage.csv"
SIZE_CSV = ROOT / "data" / "clustered_mcnemar_size.csv"
SEED = 41
REPS = 20_000  # SE ≤ √(0.25/20 000) = 0.0035 for any coverage or size
ITEMS = 20
WRITERS = (5, 10, 20, 30, 40)
# notebook 13, section 2: 30 writers, accuracy 0.9, ICC 0.05, more and more items per writer
CURVE_ITEMS = (1, 2, 5, 10, 40)  # and 20, a row of the grid
# the cluster bootstrap (2000 rounds, the default; one call of the public function per test
# set, about 5 ms each) at four settings of the grid, 10 000 test sets each (SE ≤ 0.005)
BOOTSTRAP_SETTINGS = ((10, 0.90, 0.05), (30, 0.90, 0.05), (10, 0.97, 0.10), (30, 0.97, 0.10))
BOOTSTRAP_REPS = 10_000
ACCURACIES = (0.90, 0.97)
ICCS = (0.05, 0.10, 0.20)
INTERVALS = {  # column name: (evalkit internal, quantile)
    "ratio_z": ("ratio", "z"),
    "ratio_t": ("ratio", "t"),
    "wilson_effective_z": ("wilson-effective", "z"),
    "wilson_effective_t": ("wilson-effective", "t"),
}
MCNEMAR_WRITERS = (5, 8, 10, 20, 40)
MCNEMAR_SIZES = ("equal", "unequal")
DISCORDANT = 0.3  # P(an item is discordant)
CHECKED = 30  # test sets per row recomputed with the public functions


def beta_binomial(gen, reps, writers, accuracy, icc, items=ITEMS):
    """Successes (reps, writers) of ``items`` items per writer; writer accuracies ~ Beta (ICC)."""
    scale = (1 - icc) / icc  # α + β, since ICC = 1/(α + β + 1)
    rates = gen.beta(accuracy * scale, (1 - accuracy) * scale, (reps, writers))
    return gen.binomial(items, rates).astype(float)


def bounds(method, quantile, successes, sizes):
    if method == "ratio":
        return clustered._ratio_bounds(successes, sizes, 0.95, quantile)
    return clustered._wilson_effective_bounds(successes, sizes, 0.95, quantile)


def check_against_public(successes, sizes):
    """The public accuracy_interval (its default quantiles) gives the internal limits."""
    expected = {"ratio": "t", "wilson-effective": clustered.WILSON_REFERENCE}
    items = int(sizes[0, 0])
    for row in range(CHECKED):
        correct = np.concatenate([np.arange(items) < y for y in successes[row]])
        writer = np.repeat(np.arange(successes.shape[1]), items)
        for method, quantile in expected.items():
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)  # few writers: the point here
                ci = clustered.accuracy_interval(correct, writer, method)
            low, high = bounds(method, quantile, successes[row : row + 1], sizes[:1])
            assert math.isclose(ci.low, low[0], abs_tol=1e-12), (method, ci, low)
            assert math.isclose(ci.high, high[0], abs_tol=1e-12), (method, ci, high)


def coverage_row(writers, accuracy, icc, items=ITEMS):
    """Coverage of the four analytic intervals and Clopper–Pearson at one setting."""
    seed = [SEED, writers, round(accuracy * 100), round(icc * 100)]
    if items != ITEMS:
        seed.append(items)
    gen = np.random.default_rng(seed)
    successes = beta_binomial(gen, REPS, writers, accuracy, icc, items)
    sizes = np.full((1, writers), float(items))
    check_against_public(successes, sizes)
    hits = {}
    for name, (method, quantile) in INTERVALS.items():
        low, high = bounds(method, quantile, successes, sizes)
        hits[name] = (low <= accuracy) & (accuracy <= high)
    naive = clopper_pearson(successes.sum(axis=1), writers * items)
    hits["clopper_pearson"] = naive.contains(accuracy)
    shown = {n: f"{np.mean(h):.3f}" for n, h in hits.items()}
    print(writers, items, accuracy, icc, shown, file=sys.stderr)
    return [
        row(writers, items, accuracy, icc, name, REPS, float(np.mean(hit)))
        for name, hit in hits.items()
    ]


def row(writers, items, accuracy, icc, method, reps, cover):
    return {
        "writers": writers,
        "items_per_writer": items,
        "accuracy": accuracy,
        "icc": icc,
        "method": method,
        "reps": reps,
        "coverage": f"{cover:.4f}",
        "se": f"{math.sqrt(cover * (1 - cover) / reps):.4f}",
    }


def bootstrap_row(writers, accuracy, icc):
    """Coverage of the public cluster bootstrap (default 2000 rounds), one call per test set."""
    gen = np.random.default_rng([SEED, 2000 + writers, round(accuracy * 100), round(icc * 100)])
    successes = beta_binomial(gen, BOOTSTRAP_REPS, writers, accuracy, icc)
    writer = np.repeat(np.arange(writers), ITEMS)
    hits = 0
    for test_set in successes:
        correct = np.concatenate([np.arange(ITEMS) < y for y in test_set])
        ci = clustered.accuracy_interval(correct, writer, "bootstrap", rng=gen)
        hits += ci.low <= accuracy <= ci.high
    cover = hits / BOOTSTRAP_REPS
    print(writers, accuracy, icc, "bootstrap", f"{cover:.3f}", file=sys.stderr)
    return [row(writers, ITEMS, accuracy, icc, "bootstrap", BOOTSTRAP_REPS, cover)]


def coverage_rows():
    rows = []
    for writers in WRITERS:
        for accuracy in ACCURACIES:
            for icc in ICCS:
                rows += coverage_row(writers, accuracy, icc)
    for items in CURVE_ITEMS:
        rows += coverage_row(30, 0.90, 0.05, items)
    for setting in BOOTSTRAP_SETTINGS:
        rows += bootstrap_row(*setting)
    return rows


def discordant_counts(gen, reps, writers, design):
    """Per-writer counts only-A-right b, only-B-right c and sizes m, under H0 (shape (reps, k))."""
    if design == "equal":
        sizes = np.full((reps, writers), 20)
    else:
        sizes = gen.integers(1, 41, (reps, writers))
    share = gen.beta(2.0, 2.0, (reps, writers))  # P(A right | discordant), per writer
    only_a = gen.binomial(sizes, DISCORDANT * share)
    only_b = gen.binomial(sizes - only_a, DISCORDANT * (1 - share) / (1 - DISCORDANT * share))
    return only_a.astype(float), only_b.astype(float), sizes.astype(float)


def check_mcnemar_against_public(only_a, only_b, sizes):
    for row in range(CHECKED):
        a, b, writer = [], [], []
        for w, (x, y, m) in enumerate(zip(only_a[row], only_b[row], sizes[row], strict=True)):
            x, y, m = int(x), int(y), int(m)
            a += [1] * x + [0] * y + [1] * (m - x - y)
            b += [0] * x + [1] * y + [1] * (m - x - y)
            writer += [w] * m
        for method in clustered.MCNEMAR_METHODS:
            public = clustered.mcnemar(a, b, writer, method=method)
            chi2, _ = clustered._mcnemar_statistic(
                only_a[row : row + 1], only_b[row : row + 1], sizes[row : row + 1], method
            )
            assert math.isclose(public.statistic, chi2[0], rel_tol=1e-12, abs_tol=1e-12)


def size_rows():
    rows = []
    critical = float(scipy.stats.chi2.ppf(0.95, 1))
    for writers in MCNEMAR_WRITERS:
        for design in MCNEMAR_SIZES:
            gen = np.random.default_rng([SEED, 1000 + writers, MCNEMAR_SIZES.index(design)])
            only_a, only_b, sizes = discordant_counts(gen, REPS, writers, design)
            check_mcnemar_against_public(only_a, only_b, sizes)
            shown = {}
            for method in (*clustered.MCNEMAR_METHODS, "mcnemar"):
                if method == "mcnemar":  # McNemar's asymptotic test on all items, for reference
                    b, c = only_a.sum(axis=1), only_b.sum(axis=1)
                    chi2 = np.where(b + c > 0, (b - c) ** 2 / np.maximum(b + c, 1), 0.0)
                else:
                    chi2, _ = clustered._mcnemar_statistic(only_a, only_b, sizes, method)
                size = float(np.mean(chi2 > critical))
                shown[method] = f"{size:.4f}"
                rows.append(
                    {
                        "writers": writers,
                        "writer_sizes": "20 each" if design == "equal" else "1 to 40",
                        "method": method,
                        "reps": REPS,
                        "alpha": 0.05,
                        "size": f"{size:.4f}",
                        "se": f"{math.sqrt(size * (1 - size) / REPS):.4f}",
                    }
                )
            print(writers, design, shown, file=sys.stderr)
    return rows


def write(path, rows, what):
    header = f"# command: {COMMAND}  (numpy {np.__version__}, scipy {scipy.__version__}); {what}\n"
    with path.open("w", newline="") as fh:
        fh.write(header)
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", choices=("coverage", "size"), help="write only this table (default: both)"
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    written = []
    if args.only in (None, "coverage"):
        assert special.ndtri(0.975) > 1.95  # the z quantile the "_z" columns use
        write(
            COVERAGE_CSV,
            coverage_rows(),
            f"coverage of 95% intervals, beta-binomial writers of {ITEMS} items, seed {SEED}",
        )
        written.append(COVERAGE_CSV)
    if args.only in (None, "size"):
        write(
            SIZE_CSV,
            size_rows(),
            "size at alpha 0.05 of the clustered McNemar tests under H0 "
            f"(writer share ~ Beta(2, 2)), seed {SEED}",
        )
        written.append(SIZE_CSV)
    print(
        f"wrote {' and '.join(map(str, written))} in {time.perf_counter() - start:.1f} s",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
