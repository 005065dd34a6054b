"""Precompute the simulations behind notebook 14 (issue 41 §1–2, issue 43 §6).

Three tables, each written to ``data/`` with a Monte-Carlo standard error next to every
simulated number (all ≤ 0.005):

1. ``calibration_simulation.csv`` — 10 uniform bins, forecasts p ~ U(0, 1), outcomes
   y ~ Bernoulli(q(p)); the issue's rows: a calibrated forecaster (q = p) at N = 285 and 2000
   and a mildly overconfident one (q = 0.5 + 0.8(p − 0.5)) at N = 285. Per row: the true binned
   ℓ1 ECE and ℓ2 calibration error (exact: with uniform p and a linear q, each bin's mean
   forecast is its centre c_k and its positive rate q(c_k)), the mean of the plain ECE and of
   the debiased estimate (Kumar, Liang & Ma 2019) with their bias, the coverage of the old
   "95 %" bootstrap percentile interval of the plain ECE, and the rejection rate at α = 0.05
   of Spiegelhalter's z-test and of consistency resampling (Bröcker & Smith 2007).
2. ``macro_recall_coverage.csv`` — coverage of the 95 % macro-recall interval of
   ``metrics.class_metrics`` (MOVER of per-class Clopper–Pearson), by exact enumeration over the
   per-class binomial counts, in the issue's rare-class setting (100, 100, 100, 3 items, true
   recalls 0.9, 0.9, 0.9, 0.95) and a balanced one (4 × 76 items, same recalls); for comparison,
   simulated coverage of the item bootstrap that scores a missing class 0 (the old code) and of
   the one that averages only the classes present in each resample.
3. ``ap_baseline.csv`` — mean average precision of random scores (``roc.average_precision``)
   against Bestgen's (2015) exact expectation and the positive rate.

Run from the repository root (a few minutes on two shared cores)::

    .venv/bin/python benchmarks/precompute_beyond_accuracy.py [calibration] [classes] [ap]

With no argument all three tables are made. The first line of each CSV records the command and
the library versions.
"""

from __future__ import annotations

import csv
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
from scipy import stats

from evalkit.bootstrap import bootstrap_interval
from evalkit.intervals import clopper_pearson
from evalkit.metrics import (
    _mover_limits,
    calibration_error,
    calibration_test,
    class_metrics,
    expected_calibration_error,
    random_ranking_average_precision,
)
from evalkit.roc import average_precision

SEED = 41
ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data"
COMMAND = ".venv/bin/python benchmarks/precompute_beyond_accuracy.py"
BINS = 10
ALPHA = 0.05


def write(name: str, rows: list[dict], note: str) -> None:
    path = DATA / name
    header = f"# command: {COMMAND}  (numpy {np.__version__}); {note}\n"
    with path.open("w", newline="") as fh:
        fh.write(header)
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    print(f"wrote {path}", file=sys.stderr)


def fmt(value: float, digits: int = 5) -> str:
    return f"{value:.{digits}f}"


def mean_se(values: np.ndarray) -> tuple[float, float]:
    values = np.asarray(values, dtype=float)
    return float(values.mean()), float(values.std(ddof=1) / np.sqrt(values.size))


# --------------------------------------------------------------------------------------------
# 1. calibration


FORECASTERS = {
    "calibrated": (lambda p: p, "q = p"),
    "mild": (lambda p: 0.5 + 0.8 * (p - 0.5), "q = 0.5 + 0.8(p - 0.5)"),
}
CALIBRATION_ROWS = [("calibrated", 285), ("calibrated", 2000), ("mild", 285)]


def true_binned_errors(q) -> tuple[float, float]:
    """Exact ℓ1 and ℓ2 binned calibration errors for p ~ U(0, 1) and a linear q."""
    centres = (np.arange(BINS) + 0.5) / BINS
    gaps = q(centres) - centres  # E[Y | bin] - E[p | bin]: q linear, so E[q(p) | bin] = q(c)
    return float(np.mean(np.abs(gaps))), float(np.sqrt(np.mean(gaps**2)))


def check_true_errors_by_a_huge_sample(q, l1: float, l2: float) -> None:
    gen = np.random.default_rng(SEED)
    p = gen.random(20_000_000)
    ids = np.minimum((p * BINS).astype(int), BINS - 1)
    counts = np.bincount(ids, minlength=BINS)
    gaps = (np.bincount(ids, q(p), BINS) - np.bincount(ids, p, BINS)) / counts
    share = counts / p.size
    big_l1, big_l2 = np.sum(share * np.abs(gaps)), np.sqrt(np.sum(share * gaps**2))
    print(
        f"  true ECE {l1:.5f} (huge sample {big_l1:.5f}), l2 {l2:.5f} ({big_l2:.5f})",
        file=sys.stderr,
    )
    assert abs(big_l1 - l1) < 5e-4 and abs(big_l2 - l2) < 5e-4


def old_bootstrap_covers(
    y: np.ndarray, p: np.ndarray, truth: float, rounds: int, seed: int
) -> bool:
    """The interval expected_calibration_error returned before issue 41 (percentile bootstrap
    of the plain ECE, items resampled, every resample re-binned), vectorized."""

    def ece(yy, pp):
        inner = np.linspace(0.0, 1.0, BINS + 1)[1:-1]  # the bins of metrics.calibration_curve
        ids = np.searchsorted(inner, pp.ravel()).reshape(pp.shape)
        offset = ids + BINS * np.arange(pp.shape[0])[:, None]
        size = pp.shape[0] * BINS
        gap = np.bincount(offset.ravel(), (yy - pp).ravel(), size).reshape(-1, BINS)
        return np.abs(gap).sum(axis=1) / pp.shape[1]

    ci = bootstrap_interval(ece, y.astype(float), p, rounds=rounds, rng=seed, vectorized=True)
    return ci.low <= truth <= ci.high


def enough(values: list, minimum: int, target_se: float = 0.004) -> bool:
    """Stop a costly rate once it has ``minimum`` replicates and a Monte-Carlo SE ≤ target."""
    if len(values) < minimum or len(values) % 500:
        return False
    rate = float(np.mean(values))
    return np.sqrt(max(rate * (1.0 - rate), 1e-12) / len(values)) <= target_se


def calibration_table() -> list[dict]:
    """One row per setting, each in its own process (the rows have their own seeds)."""
    with ProcessPoolExecutor(max_workers=len(CALIBRATION_ROWS)) as pool:
        return list(pool.map(calibration_row, CALIBRATION_ROWS))


def calibration_row(setting: tuple[str, int]) -> dict:
    reps, resamples, rounds = 20_000, 199, 500
    name, n = setting
    start = time.perf_counter()
    q, formula = FORECASTERS[name]
    l1, l2 = true_binned_errors(q)
    if n == 285:
        check_true_errors_by_a_huge_sample(q, l1, l2)
    gen = np.random.default_rng([SEED, n, len(name)])
    plain, squared, root, z_reject, r_reject, covered = [], [], [], [], [], []
    tests_done = interval_done = False
    for i in range(reps):
        p = gen.random(n)
        y = (gen.random(n) < q(p)).astype(int)
        plain.append(expected_calibration_error(y, p, n_bins=BINS).estimate)
        e = calibration_error(y, p, n_bins=BINS)
        squared.append(e.squared)
        root.append(e.estimate)
        z_reject.append(calibration_test(y, p, "spiegelhalter").pvalue <= ALPHA)
        tests_done = tests_done or enough(r_reject, 2000)
        if not tests_done:
            r = calibration_test(y, p, n_bins=BINS, resamples=resamples, rng=gen)
            r_reject.append(r.pvalue <= ALPHA)
        interval_done = interval_done or enough(covered, 1000)
        if not interval_done:
            covered.append(old_bootstrap_covers(y, p, l1, rounds, i))
    row = {
        "forecaster": name,
        "q": formula,
        "n": n,
        "true_ece": fmt(l1),
        "true_l2": fmt(l2),
        "true_l2_squared": fmt(l2**2, 6),
    }
    for key, values, truth in (
        ("plain_ece", plain, l1),
        ("debiased_l2", root, l2),
        ("debiased_l2_squared", squared, l2**2),
    ):
        mean, se = mean_se(values)
        digits = 6 if key.endswith("squared") else 5
        row.update(
            {
                f"{key}_mean": fmt(mean, digits),
                f"{key}_bias": fmt(mean - truth, digits),
                f"{key}_se": fmt(se, digits),
            }
        )
    for key, values in (
        ("old_interval_coverage", covered),
        ("spiegelhalter_rejects", z_reject),
        ("resampling_rejects", r_reject),
    ):
        mean, se = mean_se(values)
        row.update({key: fmt(mean, 4), f"{key}_se": fmt(se, 4)})
    row.update(
        {
            "replicates": reps,
            "test_replicates": len(r_reject),
            "interval_replicates": len(covered),
            "resamples": resamples,
            "bootstrap_rounds": rounds,
        }
    )
    print(
        name,
        n,
        {k: row[k] for k in row if k.endswith(("bias", "rejects", "coverage"))},
        f"{time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )
    return row


# --------------------------------------------------------------------------------------------
# 2. macro recall


CLASS_SETTINGS = {
    "rare class (issue 41)": ((100, 100, 100, 3), (0.9, 0.9, 0.9, 0.95)),
    "balanced": ((76, 76, 76, 76), (0.9, 0.9, 0.9, 0.95)),
}


def exact_mover_coverage(sizes, recalls, level=0.95) -> float:
    """P(the MOVER–Clopper–Pearson macro-recall interval covers the true macro recall), summed
    over every combination of per-class correct counts with probability > 1e-13."""
    truth = float(np.mean(recalls))
    supports, pmfs = [], []
    for n, r in zip(sizes, recalls, strict=True):
        k = np.arange(n + 1)
        pmf = stats.binom.pmf(k, n, r)
        keep = pmf > 1e-13
        supports.append(k[keep])
        pmfs.append(pmf[keep])
    grids = np.meshgrid(*supports, indexing="ij")
    counts = np.stack([g.ravel() for g in grids], axis=-1)
    prob = np.prod(np.stack(np.meshgrid(*pmfs, indexing="ij"), -1).reshape(-1, len(sizes)), -1)
    n = np.broadcast_to(np.asarray(sizes), counts.shape)
    ci = clopper_pearson(counts, n, level)
    weights = np.full(len(sizes), 1.0 / len(sizes))
    low, high = _mover_limits(weights, counts / n, np.asarray(ci.low), np.asarray(ci.high))
    covered = (low <= truth) & (truth <= high)
    print(
        f"  enumerated {counts.shape[0]} count vectors, total probability {prob.sum():.12f}",
        file=sys.stderr,
    )
    return float(np.sum(prob * covered) / prob.sum())


def simulated_item(gen, sizes, recalls):
    """One test set: each item correct with its class's recall, else called the next class."""
    m = len(sizes)
    truth = np.repeat(np.arange(m), sizes)
    correct = gen.random(truth.size) < np.repeat(recalls, sizes)
    return truth, np.where(correct, truth, (truth + 1) % m)


def bootstrap_macro_recall(truth, pred, m, rounds, gen, level=0.95):
    """Percentile limits of the macro recall over item resamples: (missing class scored 0,
    missing class left out of the average)."""
    idx = gen.integers(0, truth.size, size=(rounds, truth.size))
    t, ok = truth[idx], (truth == pred)[idx]
    rows = t + m * np.arange(rounds)[:, None]
    items = np.bincount(rows.ravel(), minlength=rounds * m).reshape(rounds, m)
    hits = np.bincount(rows.ravel(), ok.ravel().astype(float), rounds * m).reshape(rounds, m)
    with np.errstate(invalid="ignore"):
        per = hits / items
    as_zero = np.where(items > 0, per, 0.0).mean(axis=1)
    defined = np.nanmean(per, axis=1)
    probs = [(1 - level) / 2, (1 + level) / 2]
    return np.quantile(as_zero, probs), np.quantile(defined, probs)


def class_table() -> list[dict]:
    reps, rounds = 4_000, 1_000
    rows = []
    for name, (sizes, recalls) in CLASS_SETTINGS.items():
        start = time.perf_counter()
        truth_value = float(np.mean(recalls))
        exact = exact_mover_coverage(sizes, recalls)
        gen = np.random.default_rng([SEED, sum(sizes)])
        old, defined, mover_sim = [], [], []
        for i in range(reps):
            t, pr = simulated_item(gen, sizes, recalls)
            zero_ci, defined_ci = bootstrap_macro_recall(t, pr, len(sizes), rounds, gen)
            old.append(zero_ci[0] <= truth_value <= zero_ci[1])
            defined.append(defined_ci[0] <= truth_value <= defined_ci[1])
            if i < 200:  # the public function agrees with the enumeration's formula
                res = class_metrics(t, pr, rounds=100, rng=i).macro_recall
                mover_sim.append(res.low <= truth_value <= res.high)
        row = {
            "setting": name,
            "class_sizes": " ".join(map(str, sizes)),
            "true_recalls": " ".join(map(str, recalls)),
            "true_macro_recall": fmt(truth_value, 4),
            "mover_clopper_pearson_coverage": fmt(exact, 4),
            "mover_clopper_pearson_se": "0 (exact)",
        }
        for key, values in (
            ("bootstrap_missing_as_zero", old),
            ("bootstrap_defined_classes", defined),
        ):
            mean, se = mean_se(values)
            row.update({f"{key}_coverage": fmt(mean, 4), f"{key}_se": fmt(se, 4)})
        row.update({"replicates": reps, "bootstrap_rounds": rounds})
        rows.append(row)
        print(
            name,
            row,
            f"(class_metrics on 200 sets: {np.mean(mover_sim):.3f})",
            f"{time.perf_counter() - start:.0f} s",
            file=sys.stderr,
        )
    # per-class: the rare class alone, 3 items at recall 0.95, exact
    k = np.arange(4)
    ci = clopper_pearson(k, 3)
    cover = np.sum(stats.binom.pmf(k, 3, 0.95) * ((ci.low <= 0.95) & (0.95 <= ci.high)))
    print(
        f"rare class recall, Clopper-Pearson coverage at n = 3, r = 0.95: {cover:.4f}",
        file=sys.stderr,
    )
    return rows


# --------------------------------------------------------------------------------------------
# 3. average precision of random scores


AP_SETTINGS = [(10, 10_000), (50, 50_000), (20, 100), (5, 100), (500, 1_000)]


def ap_table() -> list[dict]:
    rows = []
    gen = np.random.default_rng([SEED, 43])
    for positives, items in AP_SETTINGS:
        reps = 20_000 if items <= 1000 else 4_000
        labels = np.r_[np.ones(positives, int), np.zeros(items - positives, int)]
        values = [average_precision(labels, gen.random(items)) for _ in range(reps)]
        mean, se = mean_se(values)
        exact = random_ranking_average_precision(positives, items)
        rows.append(
            {
                "positives": positives,
                "items": items,
                "positive_rate": fmt(positives / items, 5),
                "constant_score_ap": fmt(average_precision(labels, np.zeros(items)), 5),
                "random_scores_mean_ap": fmt(mean, 5),
                "random_scores_se": fmt(se, 5),
                "bestgen_exact": fmt(exact, 5),
                "replicates": reps,
            }
        )
        print(rows[-1], file=sys.stderr)
    return rows


def main(parts: list[str]) -> None:
    parts = parts or ["calibration", "classes", "ap"]
    start = time.perf_counter()
    if "calibration" in parts:
        write(
            "calibration_simulation.csv",
            calibration_table(),
            f"10 uniform bins, p ~ U(0,1), y ~ Bernoulli(q(p)), seed {SEED}; bias = mean - "
            "true; *_se = Monte-Carlo standard errors; tests at alpha 0.05",
        )
    if "classes" in parts:
        write(
            "macro_recall_coverage.csv",
            class_table(),
            f"95 % macro-recall intervals; seed {SEED}; MOVER coverage exact (enumeration)",
        )
    if "ap" in parts:
        write(
            "ap_baseline.csv",
            ap_table(),
            f"average precision of uniform random scores, seed {SEED}; exact = Bestgen 2015",
        )
    print(f"done in {time.perf_counter() - start:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
