"""Benchmark: Clopper–Pearson intervals and the exact coverage curve (evalkit.intervals).

1. 95 % Clopper–Pearson interval for 10⁶ random (n, K) pairs (K log-uniform in 1 … 10⁵):
   ``evalkit.intervals.clopper_pearson(n, K)`` on whole arrays (input checks included) against
   a. a Python loop of ``scipy.stats.binomtest(n, K).proportion_ci(method="exact")`` — what a
      user would otherwise write; timed on a random subsample of the pairs and scaled to all of
      them (per-interval cost × pairs) [target: evalkit ≥ 100× faster per interval];
   b. two raw ``scipy.special.betaincinv`` calls on the arrays (the beta quantiles of Wolff
      eq. 17–18 with no input checks and no n = 0 / n = K handling) — the floor for any
      vectorized code [target: ratio ≤ 1.1].
2. The exact coverage curve of the Clopper–Pearson interval for K = 1000 at 2000 values of p,
   ``evalkit.intervals.coverage("clopper-pearson", 1000, p)`` [target: ≤ 0.1 s], against the
   direct sum Σ_n 1[low_n ≤ p ≤ high_n]·Bin(n; K, p) with ``scipy.stats`` (beta.ppf for the
   limits, binom.pmf on the whole (p, n) grid).

Run alone: ``.venv/bin/python benchmarks/bench_intervals.py [--quick]``.
"""

from __future__ import annotations

import sys

import numpy as np
from harness import (
    Row,
    Target,
    absolute_difference,
    compare,
    failure_row,
    format_seconds,
    median_time,
    run_script,
)
from scipy import special, stats

from evalkit.intervals import clopper_pearson, coverage

CONFIDENCE = 0.95
ALPHA = 1 - CONFIDENCE
GROUP_CP = "Clopper–Pearson"
GROUP_COV = "Coverage curve"


def make_pairs(pairs: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Test-set sizes K in 1 … 10⁵ (log-uniform) and successes n uniform in 0 … K."""
    trials = np.maximum(np.exp(rng.uniform(0, np.log(1e5), size=pairs)).astype(np.int64), 1)
    successes = rng.integers(0, trials + 1)
    return successes, trials


def raw_betaincinv(successes: np.ndarray, trials: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The two beta quantiles only (meaningful for 0 < n < K)."""
    low = special.betaincinv(successes, trials - successes + 1, ALPHA / 2)
    high = special.betaincinv(successes + 1, trials - successes, 1 - ALPHA / 2)
    return low, high


def binomtest_loop(successes: np.ndarray, trials: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    low = np.empty(successes.size)
    high = np.empty(successes.size)
    for i, (n, k) in enumerate(zip(successes.tolist(), trials.tolist(), strict=True)):
        ci = stats.binomtest(n, k).proportion_ci(CONFIDENCE, method="exact")
        low[i], high[i] = ci.low, ci.high
    return low, high


def coverage_direct(trials: int, p: np.ndarray) -> np.ndarray:
    """Σ_n 1[low_n ≤ p ≤ high_n]·Bin(n; K, p), term by term with scipy.stats."""
    n = np.arange(trials + 1)
    low = np.where(n > 0, stats.beta.ppf(ALPHA / 2, np.maximum(n, 1), trials - n + 1), 0.0)
    high = np.where(
        n < trials, stats.beta.ppf(1 - ALPHA / 2, n + 1, np.maximum(trials - n, 1)), 1.0
    )
    pmf = stats.binom.pmf(n[None, :], trials, p[:, None])
    covers = (low[None, :] <= p[:, None]) & (p[:, None] <= high[None, :])
    return np.sum(pmf * covers, axis=1)


def cp_evidence(successes: np.ndarray, trials: np.ndarray) -> str:
    """Time the steps of clopper_pearson one by one (the profile cannot: they are ufuncs)."""
    from evalkit._validation import check_successes_trials
    from evalkit.intervals import _clopper_pearson_limits

    n, k = check_successes_trials(successes, trials)
    nf, kf = n.astype(float), k.astype(float)
    steps = {
        "input checks (`check_successes_trials`)": lambda: check_successes_trials(
            successes, trials
        ),
        "conversion to float": lambda: (n.astype(float), k.astype(float)),
        "the limits (`_clopper_pearson_limits`: `betaincinv` where needed)": lambda: (
            _clopper_pearson_limits(nf, kf, CONFIDENCE)
        ),
        "the two raw `betaincinv` calls alone": lambda: raw_betaincinv(successes, trials),
        "estimate n/K and `np.clip` of both limits": lambda: (
            nf / kf,
            np.clip(nf / kf, 0.0, 1.0),
            np.clip(nf / kf, 0.0, 1.0),
        ),
    }
    parts = [f"{label}: {format_seconds(median_time(step))}" for label, step in steps.items()]
    edge = float(np.mean((successes == 0) | (successes == trials)))
    return (
        "Each step of `clopper_pearson` timed alone on the same pairs (median of 5): "
        + "; ".join(parts)
        + f". {100 * edge:.0f} % of the pairs have n = 0 or n = K, where one limit is 0 or 1 "
        "and evalkit does not call `betaincinv` (the raw calls evaluate every pair, but a shape "
        "parameter of 0 returns at once). Everything else is O(n) array bookkeeping; "
        "`betaincinv` itself (SciPy/Boost) is the floor."
    )


def rows(quick: bool = False) -> list[Row]:
    pairs = 20_000 if quick else 1_000_000
    sample = 100 if quick else 500
    runs = 5
    rng = np.random.default_rng(2)
    successes, trials = make_pairs(pairs, rng)
    pick = rng.choice(pairs, size=sample, replace=False)
    n_sub, k_sub = successes[pick], trials[pick]
    inner = (successes > 0) & (successes < trials)
    out: list[Row] = []

    def ours():
        return clopper_pearson(successes, trials, CONFIDENCE)

    def check_loop(result, reference):
        low, high = reference  # the scipy loop's answer on the subsample
        diff = max(
            absolute_difference(result.low[pick], low), absolute_difference(result.high[pick], high)
        )
        return diff <= 1e-10, f"max |Δ limit| = {diff:.1e} on the {sample} subsampled pairs"

    out.append(
        compare(
            GROUP_CP,
            f"{pairs:,} (n, K) pairs, vectorized",
            ours,
            lambda: binomtest_loop(n_sub, k_sub),
            check_loop,
            reference_name="loop of `binomtest(n, K).proportion_ci('exact')`",
            target=Target("faster", 100),
            runs=runs,
            reference_scale=pairs / sample,
            note=(
                f"the scipy loop is timed on {sample} random pairs and scaled ×{pairs / sample:g} "
                "(its cost per interval does not depend on the batch)"
            ),
        )
    )

    def check_raw(result, raw):
        diff = max(
            absolute_difference(result.low[inner], raw[0][inner]),
            absolute_difference(result.high[inner], raw[1][inner]),
        )
        return diff <= 1e-15, f"max |Δ limit| = {diff:.1e} over the pairs with 0 < n < K"

    out.append(
        compare(
            GROUP_CP,
            f"{pairs:,} (n, K) pairs, vectorized",
            ours,
            lambda: raw_betaincinv(successes, trials),
            check_raw,
            reference_name="two raw `scipy.special.betaincinv` calls",
            target=Target("ratio", 1.1),
            runs=runs,
            note="the raw calls skip input checks and the n = 0 / n = K cases",
        )
    )
    if out[-1].met is False:
        out[-1].explanation = cp_evidence(successes, trials)

    k_cov = 1000
    p = np.linspace(0.0, 1.0, 2000)

    def check_cov(ours_c, ref_c):
        diff = absolute_difference(ours_c, ref_c)
        return diff <= 1e-10, f"max |Δ coverage| = {diff:.1e} over the 2000 values of p"

    try:
        out.append(
            compare(
                GROUP_COV,
                f"Clopper–Pearson, K = {k_cov}, 2000 values of p",
                lambda: coverage("clopper-pearson", k_cov, p),
                lambda: coverage_direct(k_cov, p),
                check_cov,
                reference_name="direct sum with `scipy.stats` (beta.ppf + binom.pmf grid)",
                target=Target("seconds", 0.1),
                runs=runs,
            )
        )
    except Exception as exc:
        out.append(failure_row(GROUP_COV, f"K = {k_cov}", exc, Target("seconds", 0.1)))
    return out


def main(argv: list[str] | None = None) -> int:
    return run_script(rows, __doc__, "small sizes (for development)", argv)


if __name__ == "__main__":
    sys.exit(main())
