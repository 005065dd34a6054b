"""Benchmark: McNemar's exact test and the sign test (evalkit.paired), batched, against scipy.

Both tests are binomial tests with p = 1/2, vectorized in evalkit over arrays of counts:

1. ``mcnemar(only1, only2, exact=True, correction=True)`` on 10⁵ random pairs of discordant
   counts (b, c) with 1 ≤ b + c ≤ 500, against a loop of ``scipy.stats.binomtest(b, b + c)``
   (two-sided);
2. ``sign_test(wins, trials, alternative=...)`` on 10⁵ random (wins, trials) with
   1 ≤ trials ≤ 100, for each alternative, against a loop of
   ``scipy.stats.binomtest(wins, trials, alternative=...)``.

The scipy loops are timed on a random subsample and scaled to the whole batch. The issue sets no
target for these; the table uses the Fisher batch's (≥ 10× faster).

Run alone: ``.venv/bin/python benchmarks/bench_paired.py [--quick]``.
"""

from __future__ import annotations

import sys

import numpy as np
from harness import Row, Target, compare, relative_difference, run_script
from scipy import stats

from evalkit.paired import mcnemar, sign_test

ALTERNATIVES = ("greater", "less", "two-sided")
TARGET = Target("faster", 10)
NO_TARGET_NOTE = "the issue sets no target here; the Fisher batch's ≥ 10× is used"


def binomtest_loop(successes: np.ndarray, trials: np.ndarray, alternative: str) -> np.ndarray:
    return np.array(
        [
            stats.binomtest(k, n, 0.5, alternative=alternative).pvalue
            for k, n in zip(successes.tolist(), trials.tolist(), strict=True)
        ]
    )


def rows(quick: bool = False) -> list[Row]:
    count = 10_000 if quick else 100_000
    sample = 200 if quick else 2_000
    rng = np.random.default_rng(4)
    pick = rng.choice(count, size=sample, replace=False)
    out: list[Row] = []

    discordant = rng.integers(1, 501, size=count)
    only1 = rng.binomial(discordant, rng.uniform(0.2, 0.8, size=count))
    only2 = discordant - only1

    def check_mcnemar(result, ref):
        diff = relative_difference(np.asarray(result.pvalue)[pick], ref)
        return diff <= 1e-9, f"max relative |Δp| = {diff:.1e} on the {sample} subsampled pairs"

    out.append(
        compare(
            "McNemar exact",
            f"{count:,} (b, c) pairs, b + c ≤ 500",
            lambda: mcnemar(only1, only2, exact=True, correction=True),
            lambda: binomtest_loop(only1[pick], discordant[pick], "two-sided"),
            check_mcnemar,
            reference_name="loop of `scipy.stats.binomtest(b, b + c)`",
            target=TARGET,
            reference_scale=count / sample,
            note=f"the scipy loop is timed on {sample} pairs and scaled ×{count / sample:g}; "
            + NO_TARGET_NOTE,
        )
    )

    trials = rng.integers(1, 101, size=count)
    wins = rng.binomial(trials, rng.uniform(0.3, 0.7, size=count))
    for alternative in ALTERNATIVES:

        def check_sign(result, ref):
            diff = relative_difference(np.asarray(result.pvalue)[pick], ref)
            return diff <= 1e-9, f"max relative |Δp| = {diff:.1e} on the {sample} subsampled runs"

        out.append(
            compare(
                "Sign test",
                f"{count:,} (wins, trials), trials ≤ 100, {alternative}",
                lambda alt=alternative: sign_test(wins, trials, alternative=alt),
                lambda alt=alternative: binomtest_loop(wins[pick], trials[pick], alt),
                check_sign,
                reference_name="loop of `scipy.stats.binomtest(wins, trials)`",
                target=TARGET,
                reference_scale=count / sample,
                note=f"the scipy loop is timed on {sample} entries and scaled ×{count / sample:g}; "
                + NO_TARGET_NOTE,
            )
        )
    return out


def main(argv: list[str] | None = None) -> int:
    return run_script(rows, __doc__, "small sizes (for development)", argv)


if __name__ == "__main__":
    sys.exit(main())
