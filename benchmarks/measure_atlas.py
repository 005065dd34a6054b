"""Measure the coverage atlas: every interval evalkit returns and every test, at the settings the
course uses; writes ``data/atlas.csv`` (``make atlas``; read by :mod:`evalkit.atlas`).

How each family is measured:

* **exact enumeration** wherever the outcomes are finite: one rate (every method of
  :mod:`evalkit.intervals`, with :func:`evalkit.intervals.coverage` and ``expected_width``), two
  independent rates (:func:`evalkit.independent.difference_coverage`; Fisher, mid-p, χ²,
  Boschloo by :func:`evalkit.independent.rejection_probability`), the paired multinomial
  (McNemar's four forms and Günter's paired test by :func:`evalkit.paired.rejection_probability`;
  the paired difference intervals and Günter's simple test by enumerating every agreement
  table), the sign test (binomial, and trinomial with ties) and the Wilcoxon signed-rank test (all
  2ⁿ sign patterns, through the distribution of W+), the Bayesian sign test (every count) and
  signed-rank test at ``rope=0`` (every sign pattern). The rows say ``se = 0``.
* **seeded simulation** otherwise (the AUC intervals and DeLong's test, the bootstrap intervals,
  Cochran's Q and the pairwise McNemar tests, Friedman, Nemenyi and the pairwise Wilcoxon tests,
  the cross-validation t tests, kappa, the prior-weighted error): at least 2000
  replicates, more until the Monte-Carlo standard error sqrt(v (1 − v)/R) is ≤ 0.005. Each row has
  its own seed, derived from its function, method and setting, so a single row can be measured
  again alone (the quick check in ``tests/test_atlas.py`` does that).

Usage (from the repository root)::

    .venv/bin/python benchmarks/measure_atlas.py            # every family, writes data/atlas.csv
    .venv/bin/python benchmarks/measure_atlas.py --only one_rate two_rates  # printed only
    .venv/bin/python benchmarks/measure_atlas.py --only multiple --update  # replace its methods
    .venv/bin/python benchmarks/measure_atlas.py --only cochran --add  # only settings not held
    .venv/bin/python benchmarks/measure_atlas.py --models  # the model column, nothing measured

Every row says what it measured: its ``model`` (the data-generating model, :data:`MODELS`) and
``setting``; the worst setting of every method is marked (:func:`mark_worst`).
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import itertools
import sys
import time
import warnings
import zlib
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from montecarlo import PILOT, replicates_for
from scipy import special, stats

from evalkit import (
    bayesian,
    bootstrap,
    independent,
    intervals,
    metrics,
    multiple,
    paired,
    resampling,
    roc,
)
from evalkit.atlas import COLUMNS, format_setting

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "data" / "atlas.csv"
COMMAND = ".venv/bin/python benchmarks/measure_atlas.py"
SEED = 20261127
LEVEL = 0.05
CONFIDENCE = 0.95

EXACT = "exact enumeration"


@dataclass(frozen=True)
class Row:
    function: str
    method: str
    kind: str
    setting: str
    value: float
    se: float = 0.0
    width: float | None = None
    nominal: float = CONFIDENCE
    worst: bool = False
    how: str = EXACT
    #: the data-generating model (filled from :data:`MODELS` by :func:`write`)
    model: str = ""

    def record(self) -> dict[str, str]:
        return {
            "function": self.function,
            "method": self.method,
            "kind": self.kind,
            "setting": self.setting,
            "value": f"{self.value:.6f}",
            "se": f"{self.se:.6f}",
            "width": "" if self.width is None else f"{self.width:.6f}",
            "nominal": f"{self.nominal:g}",
            "worst": "1" if self.worst else "0",
            "how": self.how,
            "model": self.model,
        }


def row_rng(function: str, method: str, setting: str) -> np.random.Generator:
    """The generator of one simulated row: seeded by SEED, the function and the setting.

    Not by the method: the methods of one function at one setting see the same simulated test
    sets (common random numbers), so that their difference is the methods' and not the draws'
    (two statistics that coincide at a setting get the same row; the three clustered McNemar
    tests are compared on the same simulated writers).
    """
    key = zlib.crc32(f"{function}|{setting}".encode())
    return np.random.default_rng([SEED, key])


def simulate(
    hit: Callable[[np.random.Generator], tuple[bool, float]],
    rng: np.random.Generator,
    plan_failures: bool = False,
) -> tuple[float, float, float, int, int]:
    """Replicate ``hit(rng) -> (event, width)`` as often as a pilot run says (:func:`_replicates`).

    A replicate where the method gives no answer (it raises ``ValueError``, as BCa does on a
    test set with every item right) counts as a miss: the user got no interval. With
    ``plan_failures`` the pilot plans enough replicates for the share of failures too, so that
    failures / replicates also has a Monte-Carlo standard error ≤ 0.005 (the bootstrap family
    states that share).

    Returns (share of events, its standard error, mean width, replicates, failures).
    """

    def run(count: int, generator: np.random.Generator) -> tuple[list[bool], list[float], int]:
        events, widths, failures = [], [], 0
        for _ in range(count):
            try:
                event, width = hit(generator)
            except ValueError:
                event, width = False, np.nan
                failures += 1
            events.append(bool(event))
            widths.append(width)
        return events, widths, failures

    pilot_rng, main_rng = rng.spawn(2)
    pilot_events, _, pilot_failures = run(PILOT, pilot_rng)
    count = replicates_for(float(np.mean(pilot_events)), PILOT)
    if plan_failures:
        count = max(count, replicates_for(pilot_failures / PILOT, PILOT))
    events, widths, failures = run(count, main_rng)
    share = float(np.mean(events))
    se = float(np.sqrt(share * (1 - share) / count))
    mean_width = float(np.nanmean(widths)) if not np.all(np.isnan(widths)) else float("nan")
    return share, se, mean_width, count, failures


def simulated_row(function, method, kind, setting, hit, nominal, plan_failures=False) -> Row:
    value, se, width, replicates, failures = simulate(
        hit, row_rng(function, method, setting), plan_failures
    )
    how = f"simulation, {replicates} replicates"
    if failures:
        how += f" ({failures} without an answer, counted as misses)"
    return Row(
        function,
        method,
        kind,
        setting,
        value,
        se,
        width if kind == "coverage" else None,
        nominal,
        False,
        how,
    )


# ------------------------------------------------------------------------------------------
# one rate: every method of evalkit.intervals, exactly

ONE_RATE_K = (10, 20, 50, 100, 500)
#: classifiers live near 1: the grid is dense there
RATES = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.97, 0.98, 0.99, 0.995, 0.999)
FINE = np.linspace(0.5, 0.999, 4000)


def fine_rates(k: int) -> np.ndarray:
    """Rates from 0.5 to 1 − 0.02/K, dense in the expected number of errors K(1 − p).

    Near-perfect classifiers are where intervals for one rate break: Wilson's dips sit at about
    0.18 expected errors (p = 0.99646 at K = 50, 0.99964 at K = 500), which a grid up to 0.999
    with an even step misses for large K.
    """
    return np.unique(np.r_[FINE, 1 - np.geomspace(0.5, 0.02 / k, 6000)])


#: the public function of each method name of evalkit.intervals.METHODS
ONE_RATE_FUNCTIONS = {
    "clopper-pearson": ("intervals.clopper_pearson", "-"),
    "mid-p": ("intervals.mid_p", "-"),
    "wald": ("intervals.wald", "-"),
    "normal-rule": ("intervals.normal_rule", "-"),
    "wilson": ("intervals.wilson", "-"),
    "wilson-cc": ("intervals.wilson", "correction=True"),
    "agresti-coull": ("intervals.agresti_coull", "-"),
    "jeffreys": ("intervals.jeffreys", "-"),
    "bayes-uniform": ("intervals.bayes_uniform", "-"),
}


def one_rate(select: Callable[[str, str, str], bool]) -> Iterator[Row]:
    for name, (function, method) in ONE_RATE_FUNCTIONS.items():
        for k in ONE_RATE_K:
            for p in RATES:
                setting = format_setting(K=k, p=p)
                if select(function, method, setting):
                    cover = float(intervals.coverage(name, k, p))
                    width = float(intervals.expected_width(name, k, p))
                    yield Row(function, method, "coverage", setting, cover, width=width)
            if select(function, method, f"K={k}; worst"):
                rates = fine_rates(k)
                curve = intervals.coverage(name, k, rates)
                p = float(rates[int(np.argmin(curve))])
                width = float(intervals.expected_width(name, k, p))
                setting = format_setting(K=k, p=round(p, 6))
                yield Row(
                    function, method, "coverage", setting, float(curve.min()), 0, width, worst=True
                )


# ------------------------------------------------------------------------------------------
# two independent rates: the difference intervals and the tests of evalkit.independent

TWO_RATE_K = (10, 20, 50, 100)
PAIRS = ((0.5, 0.5), (0.7, 0.7), (0.9, 0.9), (0.95, 0.95), (0.99, 0.99), (0.9, 0.8), (0.95, 0.85),
         (0.99, 0.9), (0.7, 0.5), (0.98, 0.95))  # fmt: skip
FINE_TWO = np.linspace(0.5, 0.999, 60)


def _difference_width(method: str, k: int, pa: float, pb: float) -> float:
    grid = np.arange(k + 1.0)
    ci = independent.difference_interval(grid[:, None], k, grid[None, :], k, method=method)
    weight = stats.binom.pmf(grid, k, pa)[:, None] * stats.binom.pmf(grid, k, pb)[None, :]
    return float(np.sum(weight * (np.asarray(ci.high) - np.asarray(ci.low))))


def two_rates(select) -> Iterator[Row]:
    function = "independent.difference_interval"
    for method in independent.DIFFERENCE_METHODS:
        for k in TWO_RATE_K:
            for pa, pb in PAIRS:
                setting = format_setting(K_A=k, K_B=k, p_A=pa, p_B=pb)
                if select(function, method, setting):
                    cover = float(independent.difference_coverage(method, k, k, pa, pb))
                    width = _difference_width(method, k, pa, pb)
                    yield Row(function, method, "coverage", setting, cover, width=width)
            if select(function, method, f"K={k}; worst"):
                ga, gb = np.meshgrid(FINE_TWO, FINE_TWO, indexing="ij")
                cover = independent.difference_coverage(method, k, k, ga, gb)
                i = np.unravel_index(int(np.argmin(cover)), cover.shape)
                pa, pb = float(ga[i]), float(gb[i])
                setting = format_setting(K_A=k, K_B=k, p_A=round(pa, 6), p_B=round(pb, 6))
                width = _difference_width(method, k, pa, pb)
                yield Row(
                    function, method, "coverage", setting, float(cover[i]), 0, width, worst=True
                )


def rate_difference(select) -> Iterator[Row]:
    """Tan's normal interval for the difference of two rates (eq. 4.15), over every outcome."""
    function, method = "independent.rate_difference", "-"
    for k in TWO_RATE_K:
        grid = np.arange(k + 1.0)
        todo = [
            (pa, pb)
            for pa, pb in PAIRS
            if select(function, method, format_setting(K_A=k, K_B=k, p_A=pa, p_B=pb))
        ]
        if not todo:
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # the outcomes with a rate of 0 or 1
            ci = independent.rate_difference(grid[:, None] / k, k, grid[None, :] / k, k).interval
        low, high = np.asarray(ci.low), np.asarray(ci.high)
        for pa, pb in todo:
            weight = stats.binom.pmf(grid, k, pa)[:, None] * stats.binom.pmf(grid, k, pb)[None, :]
            truth = pa - pb
            covered = (low <= truth + 1e-12) & (truth - 1e-12 <= high)
            setting = format_setting(K_A=k, K_B=k, p_A=pa, p_B=pb)
            yield Row(
                function, method, "coverage", setting, float(np.sum(weight * covered)),
                width=float(np.sum(weight * (high - low))),
            )  # fmt: skip


#: rejection_probability's tests → (public function, its method)
INDEPENDENT_TESTS = {
    "normal": ("independent.rate_difference", "-"),
    "fisher": ("independent.fisher_exact", "exact"),
    "mid-p": ("independent.fisher_exact", "mid-p"),
    "chi2": ("independent.chi_square_2x2", "correction=False"),
    "yates": ("independent.chi_square_2x2", "correction=True"),
    "boschloo": ("independent.boschloo_exact", "-"),
}
TEST_K = (10, 20, 50, 100)
NULL_RATES = (0.5, 0.7, 0.9, 0.95, 0.99)
#: alternatives the course discusses (notebooks 03 and 11)
INDEPENDENT_POWER = ((20, 0.95, 0.70), (50, 0.95, 0.85), (100, 0.95, 0.90))


def independent_tests(select) -> Iterator[Row]:
    for test, (function, method) in INDEPENDENT_TESTS.items():
        for k in TEST_K:
            for p in NULL_RATES:
                setting = format_setting(K_A=k, K_B=k, p=p)
                if select(function, method, setting):
                    size = float(independent.rejection_probability(k, k, p, test=test))
                    yield Row(function, method, "size", setting, size, nominal=LEVEL)
            if test != "boschloo" and select(function, method, f"K={k}; worst"):
                curve = independent.rejection_probability(k, k, FINE, test=test)
                i = int(np.argmax(curve))
                setting = format_setting(K_A=k, K_B=k, p=round(float(FINE[i]), 6))
                yield Row(
                    function, method, "size", setting, float(curve[i]), nominal=LEVEL, worst=True
                )
        for k, pa, pb in INDEPENDENT_POWER:
            setting = format_setting(K_A=k, K_B=k, p_A=pa, p_B=pb)
            if select(function, method, setting):
                power = float(independent.rejection_probability(k, k, pa, pb, test=test))
                yield Row(function, method, "power", setting, power, nominal=LEVEL)


# ------------------------------------------------------------------------------------------
# one test set, two classifiers: McNemar, Günter's tests, the paired difference intervals

PAIRED_N = (20, 50, 100, 500)
DISCORDANT = (0.01, 0.025, 0.05, 0.1, 0.2)  # P(only 1 right) = P(only 2 right) under H0
PAIRED_POWER = ((100, 0.06, 0.02), (200, 0.04, 0.02), (500, 0.03, 0.02))
PAIRED_TESTS = {
    "mid-p": ("paired.mcnemar", "mid-p"),
    "exact": ("paired.mcnemar", "exact"),
    "asymptotic": ("paired.mcnemar", "asymptotic"),
    "corrected": ("paired.mcnemar", "corrected"),
    "guenter": ("paired.paired_test", "-"),
}


def paired_tests(select) -> Iterator[Row]:
    for test, (function, method) in PAIRED_TESTS.items():
        alternative = "two-sided"
        for n in PAIRED_N:
            for q in DISCORDANT:
                setting = format_setting(N=n, p_only=q)
                if select(function, method, setting):
                    size = float(
                        paired.rejection_probability(n, q, test=test, alternative=alternative)
                    )
                    yield Row(function, method, "size", setting, size, nominal=LEVEL)
        for n, p1, p2 in PAIRED_POWER:
            setting = format_setting(N=n, p_only1=p1, p_only2=p2)
            if select(function, method, setting):
                power = float(paired.rejection_probability(n, p1, p2, test=test))
                yield Row(function, method, "power", setting, power, nominal=LEVEL)


def _tables(n: int) -> np.ndarray:
    """Every agreement table [[a, b], [c, d]] with a + b + c + d = n, as rows (a, b, c, d)."""
    out = [
        (a, b, c, n - a - b - c)
        for a in range(n + 1)
        for b in range(n + 1 - a)
        for c in range(n + 1 - a - b)
    ]
    return np.array(out, dtype=np.int64)


def _multinomial(tables: np.ndarray, probs: Iterable[float]) -> np.ndarray:
    return stats.multinomial.pmf(tables, tables[0].sum(), list(probs))


#: (both right, only 1, only 2, both wrong): a null and an alternative per accuracy level
CELLS = {
    "null, accuracy 0.90, 10 % discordant": (0.85, 0.05, 0.05, 0.05),
    "null, accuracy 0.97, 4 % discordant": (0.95, 0.02, 0.02, 0.01),
    "null, accuracy 0.80, 20 % discordant": (0.70, 0.10, 0.10, 0.10),
    "R1 0.92 vs R2 0.88": (0.85, 0.07, 0.03, 0.05),
    "R1 0.98 vs R2 0.96": (0.95, 0.03, 0.01, 0.01),
}
DIFFERENCE_N = (20, 50)


def _cells_setting(n: int, cells: tuple[float, ...]) -> str:
    a, b, c, d = cells
    return format_setting(N=n, p_a=a, p_b=b, p_c=c, p_d=d)


def paired_enumerated(select) -> Iterator[Row]:
    """The paired difference intervals and Günter's simple test, over every agreement table."""
    for n in DIFFERENCE_N:
        tables = None
        for method in paired.DIFFERENCE_METHODS:
            function = "paired.difference_interval"
            todo = [c for c in CELLS.values() if select(function, method, _cells_setting(n, c))]
            if not todo:
                continue
            tables = _tables(n) if tables is None else tables
            limits = np.array(
                [tuple(paired.difference_interval(t.reshape(2, 2), method=method)) for t in tables]
            )
            for cells in todo:
                weight = _multinomial(tables, cells)
                truth = cells[1] - cells[2]
                covered = (limits[:, 0] <= truth + 1e-12) & (truth - 1e-12 <= limits[:, 1])
                width = float(np.sum(weight * (limits[:, 1] - limits[:, 0])))
                yield Row(
                    function, method, "coverage", _cells_setting(n, cells),
                    float(np.sum(weight * covered)), width=width,
                )  # fmt: skip
        function, method = "paired.simple_test", "-"
        todo = [c for c in CELLS.values() if select(function, method, _cells_setting(n, c))]
        if todo:
            tables = _tables(n) if tables is None else tables
            r1 = (tables[:, 0] + tables[:, 1]) / n
            r2 = (tables[:, 0] + tables[:, 2]) / n
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                p = np.asarray(paired.simple_test(r1, r2, n, alternative="greater").pvalue)
            reject = np.nan_to_num(p, nan=1.0) <= LEVEL
            for cells in todo:
                kind = "size" if cells[1] == cells[2] else "power"
                value = float(np.sum(_multinomial(tables, cells) * reject))
                yield Row(function, method, kind, _cells_setting(n, cells), value, nominal=LEVEL)


SIGN_N = (5, 10, 14, 20, 30, 50)
TIE_SHARES = (0.0, 0.3)


def sign_tests(select) -> Iterator[Row]:
    """The sign test exactly: Bin(n, 1/2); from scores, the trinomial of wins, losses and ties."""
    for method in ("exact", "mid-p"):
        function = "paired.sign_test"
        for alternative in ("two-sided", "greater"):
            label = f"{method}; {alternative}"
            for n in SIGN_N:
                setting = format_setting(n=n)
                if not select(function, label, setting):
                    continue
                wins = np.arange(n + 1)
                p = np.asarray(
                    paired.sign_test(wins, n, alternative=alternative, method=method).pvalue
                )
                size = float(np.sum(stats.binom.pmf(wins, n, 0.5) * (p <= LEVEL)))
                yield Row(function, label, "size", setting, size, nominal=LEVEL)
    function, method = "paired.sign_test_from_scores", "two-sided"
    for n in SIGN_N:
        for tie in TIE_SHARES:
            setting = format_setting(runs=n, p_tie=tie)
            if not select(function, method, setting):
                continue
            size = 0.0
            for wins in range(n + 1):
                for losses in range(n + 1 - wins):
                    ties = n - wins - losses
                    prob = stats.multinomial.pmf(
                        [wins, losses, ties], n, [(1 - tie) / 2, (1 - tie) / 2, tie]
                    )
                    if prob == 0:
                        continue
                    s1 = np.r_[np.ones(wins), np.zeros(losses), np.zeros(ties)]
                    s2 = np.r_[np.zeros(wins), np.ones(losses), np.zeros(ties)]
                    result = paired.sign_test_from_scores(s1, s2, alternative="two-sided")
                    size += prob * (result.pvalue <= LEVEL)
            yield Row(function, method, "size", setting, float(size), nominal=LEVEL)


BINOMIAL_K = (10, 20, 50, 100, 200)
BASELINES = (0.5, 0.7, 0.8, 0.9, 0.95, 0.99)
#: alternatives worth knowing: a classifier at 95 % against a 90 % baseline, etc.
BINOMIAL_POWER = ((100, 0.9, 0.95), (200, 0.9, 0.95), (100, 0.8, 0.9), (200, 0.95, 0.98))


def binomial_tests(select) -> Iterator[Row]:
    """The test of one rate against a baseline p₀ exactly: Bin(K, p₀) at the null, Bin(K, p) else.

    Every outcome k = 0 … K is tested once; the size is the null probability of the outcomes
    with p-value ≤ 0.05, the power the same sum under the alternative.
    """
    function = "intervals.binomial_test"
    for method in ("exact", "mid-p"):
        for alternative in ("two-sided", "greater"):
            label = f"{method}; {alternative}"
            for k in BINOMIAL_K:
                hits = np.arange(k + 1)
                wanted = [
                    p0 for p0 in BASELINES if select(function, label, format_setting(K=k, p0=p0))
                ]
                wanted += [
                    (p0, p) for kk, p0, p in BINOMIAL_POWER
                    if kk == k and select(function, label, format_setting(K=k, p0=p0, p=p))
                ]  # fmt: skip
                if not wanted:
                    continue
                for item in wanted:
                    p0, p = item if isinstance(item, tuple) else (item, item)
                    pvalues = np.array([
                        intervals.binomial_test(int(h), k, p0, alternative=alternative,
                                                method=method).pvalue
                        for h in hits
                    ])  # fmt: skip
                    share = float(np.sum(stats.binom.pmf(hits, k, p) * (pvalues <= LEVEL)))
                    if p == p0:
                        setting = format_setting(K=k, p0=p0)
                        yield Row(function, label, "size", setting, share, nominal=LEVEL)
                    else:
                        setting = format_setting(K=k, p0=p0, p=p)
                        yield Row(function, label, "power", setting, share, nominal=LEVEL)


WILCOXON_N = (6, 10, 15, 20)


def wilcoxon(select) -> Iterator[Row]:
    """Wilcoxon's signed-rank test at continuous symmetric null data: all 2ⁿ sign patterns.

    Without ties the p-value depends only on W+ = the sum of the ranks with a positive sign, and
    every pattern is equally likely, so the size is Σ_w P(W+ = w)·1[p(w) ≤ α], with P(W+ = w)
    counted by the usual recursion and p(w) from the public function on a sample with W+ = w.
    """
    function = "paired.wilcoxon_signed_rank"
    for method in ("auto", "exact", "asymptotic"):
        for n in WILCOXON_N:
            setting = format_setting(n=n)
            if not select(function, method, setting):
                continue
            total = n * (n + 1) // 2
            counts = np.zeros(total + 1)
            counts[0] = 1
            for r in range(1, n + 1):
                counts[r:] = counts[r:] + counts[:-r].copy()
            pmf = counts / 2.0**n
            size = 0.0
            for w in range(total + 1):
                signs = _ranks_with_sum(n, w)
                d = np.where(signs, 1.0, -1.0) * np.arange(1, n + 1)
                p = paired.wilcoxon_signed_rank(d, method=method).pvalue
                size += pmf[w] * (p <= LEVEL)
            yield Row(function, method, "size", setting, float(size), nominal=LEVEL)


def _ranks_with_sum(n: int, w: int) -> np.ndarray:
    """A set of ranks 1..n with sum w (greedy from the largest), as a boolean mask."""
    mask = np.zeros(n, dtype=bool)
    rest = w
    for r in range(n, 0, -1):
        if r <= rest:
            mask[r - 1] = True
            rest -= r
    assert rest == 0
    return mask


# ------------------------------------------------------------------------------------------
# simulated families


def _binormal(rng, n_pos: int, n_neg: int, area: float, rho: float = 0.0, two: bool = False):
    """Scores of the binormal model with AUC ``area``: negatives N(0, 1), positives N(μ, 1)."""
    mu = np.sqrt(2) * special.ndtri(area)  # stats.norm.ppf without its per-call overhead
    if not two:
        return np.r_[rng.normal(mu, 1, n_pos), rng.normal(0, 1, n_neg)]
    z = rng.normal(size=(n_pos + n_neg, 2))
    z[:, 1] = rho * z[:, 0] + np.sqrt(1 - rho**2) * z[:, 1]  # corr(z0, z1) = rho
    z[:n_pos] += mu
    return z


AUC_SIZES = ((20, 20), (50, 50), (20, 200), (100, 100))
AUC_AREAS = (0.7, 0.9, 0.98)


def auc(select) -> Iterator[Row]:
    function = "roc.auc_interval"
    for method in ("delong", "delong-logit", "hanley-mcneil"):
        for n_pos, n_neg in AUC_SIZES:
            labels = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
            for area in AUC_AREAS:
                setting = format_setting(n_pos=n_pos, n_neg=n_neg, AUC=area)
                if not select(function, method, setting):
                    continue

                def hit(rng, labels=labels, area=area, n_pos=n_pos, n_neg=n_neg, method=method):
                    scores = _binormal(rng, n_pos, n_neg, area)
                    ci = roc.auc_interval(labels, scores, method=method)
                    return ci.low <= area <= ci.high, ci.high - ci.low

                yield simulated_row(function, method, "coverage", setting, hit, CONFIDENCE)
    function, method = "roc.delong_test", "-"
    for n_pos, n_neg in AUC_SIZES[:3]:
        labels = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
        for area, other in ((0.8, 0.8), (0.95, 0.95), (0.85, 0.75)):
            setting = format_setting(n_pos=n_pos, n_neg=n_neg, AUC_1=area, AUC_2=other, rho=0.5)
            if not select(function, method, setting):
                continue

            def hit(rng, labels=labels, area=area, other=other, n_pos=n_pos, n_neg=n_neg):
                s1 = _binormal(rng, n_pos, n_neg, area, 0.5, two=True)
                s2 = (
                    s1[:, 1]
                    + (np.sqrt(2) * (stats.norm.ppf(other) - stats.norm.ppf(area))) * labels
                )
                return roc.delong_test(labels, s1[:, 0], s2).pvalue <= LEVEL, 0.0

            kind = "size" if area == other else "power"
            yield simulated_row(function, method, kind, setting, hit, LEVEL)


#: (K, true accuracy): the first three as before issue 57; then the accuracies the course uses
#: near 100 %, where a test set with every item right (probability p^K) makes every resample
#: equal (the percentile interval [1, 1], no BCa interval)
BOOT_SETTINGS = (
    (30, 0.8),
    (100, 0.8),
    (100, 0.95),
    *(
        (k, p)
        for k in (50, 100, 200, 500)
        for p in (0.9, 0.95, 0.97, 0.98, 0.99, 0.995, 0.999)
        if (k, p) != (100, 0.95)
    ),
)
#: paired_difference_interval near 100 %: B has accuracy p, A half of B's errors, the two err
#: independently of each other (cells both right, only A right, only B right, both wrong)
BOOT_PAIRED_ACCURACIES = (0.9, 0.95, 0.98, 0.99, 0.999)
BOOT_PAIRED_SIZES = (50, 100, 500)
BOOT_ROUNDS = 1000
#: the warning of a bootstrap whose resamples all gave one value (its interval has width 0)
COLLAPSED = "every one of the"


def _halved_errors(p_b: float) -> tuple[float, float, float, float]:
    """Cells (both right, only A right, only B right, both wrong): A errs at (1 − p_b)/2."""
    e_a, e_b = (1 - p_b) / 2, 1 - p_b
    return ((1 - e_a) * (1 - e_b), (1 - e_a) * e_b, e_a * (1 - e_b), e_a * e_b)


#: (class sizes, separation, shift of the last class, multi_class, average): balanced and hard,
#: balanced and very easy (average AUC near 0.97), one easy small class (macro and weighted),
#: five unequal classes (Hand & Till's pairs)
MULTICLASS_SETTINGS = (
    ((10, 10, 10), 0.7, 0.0, "ovr", "macro"),
    ((30, 30, 30), 3.5, 0.0, "ovr", "macro"),
    ((10, 30, 60), 1.0, 1.5, "ovr", "macro"),
    ((10, 30, 60), 1.0, 1.5, "ovr", "weighted"),
    ((5, 10, 20, 40, 80), 1.5, 0.0, "ovo", "macro"),
    # issue 57 §5: every average on the same small grid, so that each has a worst setting
    ((10, 10, 10), 0.7, 0.0, "ovo", "macro"),
    ((30, 30, 30), 3.5, 0.0, "ovo", "macro"),
    ((10, 30, 60), 1.0, 1.5, "ovo", "macro"),
    ((10, 30, 60), 1.0, 1.5, "ovo", "weighted"),
    ((5, 10, 20, 40, 80), 1.5, 0.0, "ovr", "macro"),
    ((5, 10, 20, 40, 80), 1.5, 0.0, "ovr", "weighted"),
    ((5, 10, 20, 40, 80), 1.5, 0.0, "ovo", "weighted"),
)


def multiclass_auc_family(select) -> Iterator[Row]:
    """roc.multiclass_auc's interval: softmax scores of normal class means (the model of
    benchmarks/precompute_multiclass_auc.py, whose population pairwise AUCs give the truth)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import precompute_multiclass_auc as model

    function = "roc.multiclass_auc"
    for counts, separation, shift, multi_class, average in MULTICLASS_SETTINGS:
        for method in ("delong-logit", "delong"):
            label = f"{method}; {multi_class}, {average}"
            sizes = "/".join(str(c) for c in counts)
            setting = format_setting(classes=len(counts), sizes=sizes, separation=separation)
            if not select(function, label, setting):
                continue
            truth_rng = row_rng(function, "truth", setting)
            pairwise = model.pairwise_truth(truth_rng, len(counts), separation, shift)
            truth = model.true_value(pairwise, counts, multi_class, average)

            def hit(rng, counts=counts, separation=separation, shift=shift, truth=truth,
                    multi_class=multi_class, average=average, method=method):  # fmt: skip
                codes, score = model.draw(rng, counts, separation, shift)
                r = roc.multiclass_auc(
                    codes, score, multi_class=multi_class, average=average, method=method
                )
                return r.low <= truth <= r.high, r.high - r.low

            yield simulated_row(function, label, "coverage", setting, hit, CONFIDENCE)


def bootstrap_family(select) -> Iterator[Row]:
    def mean(x, axis=-1):
        return np.mean(x, axis=axis)

    function = "bootstrap.bootstrap_interval"
    for method in bootstrap.METHODS:
        for k, p in BOOT_SETTINGS:
            setting = format_setting(K=k, p=p, rounds=BOOT_ROUNDS, statistic="accuracy")
            if not select(function, method, setting):
                continue

            def hit(rng, k=k, p=p, method=method):
                correct = (rng.random(k) < p).astype(float)
                with warnings.catch_warnings():  # a width-0 interval is measured, not an error
                    warnings.filterwarnings("ignore", COLLAPSED, UserWarning)
                    ci = bootstrap.bootstrap_interval(
                        mean, correct, method=method, rounds=BOOT_ROUNDS, rng=rng, vectorized=True
                    )
                return ci.low <= p <= ci.high, ci.high - ci.low

            yield simulated_row(
                function, method, "coverage", setting, hit, CONFIDENCE, plan_failures=True
            )
    function = "bootstrap.paired_difference_interval"

    def accuracy(y, pred, axis=-1):
        return np.mean(y == pred, axis=axis)

    paired_settings = [
        (100, CELLS["R1 0.92 vs R2 0.88"]),
        (100, CELLS["null, accuracy 0.90, 10 % discordant"]),
    ] + [(k, _halved_errors(p)) for k in BOOT_PAIRED_SIZES for p in BOOT_PAIRED_ACCURACIES]
    for method in bootstrap.METHODS:
        for k, cells in paired_settings:
            setting = _cells_setting(k, cells) + f"; rounds={BOOT_ROUNDS}"
            if not select(function, method, setting):
                continue

            def hit(rng, k=k, cells=cells, method=method):
                kind = rng.choice(4, size=k, p=cells)
                y = np.ones(k, int)
                p1 = np.where((kind == 0) | (kind == 1), 1, 0)
                p2 = np.where((kind == 0) | (kind == 2), 1, 0)
                with warnings.catch_warnings():
                    warnings.filterwarnings("ignore", COLLAPSED, UserWarning)
                    ci = bootstrap.paired_difference_interval(
                        accuracy, y, p1, p2, method=method, rounds=BOOT_ROUNDS, rng=rng,
                        vectorized=True,
                    )  # fmt: skip
                truth = cells[1] - cells[2]
                return ci.low <= truth <= ci.high, ci.high - ci.low

            yield simulated_row(
                function, method, "coverage", setting, hit, CONFIDENCE, plan_failures=True
            )


#: (classifiers, items, share of informative items): k classifiers on one test set
COCHRAN_SETTINGS = tuple(
    (k, n, informative)
    for k in (3, 5)
    for n, informative in ((20, 0.2), (50, 0.1), (100, 0.1), (50, 0.3))
)
#: the Monte-Carlo permutation p-value: its rounds (fewer than the function's 20 000: its size
#: is the exact test's within the p-value's own Monte-Carlo error, and any number of rounds
#: keeps it valid, Phipson & Smyth 2010), and the settings where it is measured
COCHRAN_ROUNDS = 1000
COCHRAN_PERMUTATION = ((3, 20, 0.2), (5, 50, 0.3))
#: pairwise_mcnemar's family-wise error: (classifiers, items, share of informative items)
PAIRWISE_MCNEMAR_SETTINGS = tuple(
    (k, n, informative) for k in (3, 5) for n in (50, 200) for informative in (0.1, 0.3)
)


def _k_classifiers(rng, n: int, k: int, informative: float) -> np.ndarray:
    """Items × classifiers 0/1 under "all equally accurate": an informative item has 1 … k − 1
    of the k right (uniformly), at random places; the others are right for all."""
    rows = np.ones((n, k), int)
    which = rng.random(n) < informative
    ones = rng.integers(1, k, size=n)
    for i in np.flatnonzero(which):
        rows[i] = 0
        rows[i, rng.choice(k, size=ones[i], replace=False)] = 1
    return rows


def cochran(select) -> Iterator[Row]:
    """Cochran's Q under H0 (its three p-values) and the pairwise McNemar tests' family-wise
    error: k classifiers, every item's outcomes exchangeable (:func:`_k_classifiers`)."""
    function = "paired.cochran_q"
    for method in paired.COCHRAN_METHODS:
        for k, n, informative in COCHRAN_SETTINGS:
            if method == "permutation" and (k, n, informative) not in COCHRAN_PERMUTATION:
                continue
            setting = format_setting(classifiers=k, N=n, p_informative=informative)
            if method == "permutation":
                setting += f"; rounds={COCHRAN_ROUNDS}"
            if not select(function, method, setting):
                continue

            def hit(rng, n=n, k=k, informative=informative, method=method):
                rows = _k_classifiers(rng, n, k, informative)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    p = paired.cochran_q(rows, method, rounds=COCHRAN_ROUNDS, rng=rng).pvalue
                return (not np.isnan(p)) and p <= LEVEL, 0.0

            yield simulated_row(function, method, "size", setting, hit, LEVEL)
    function, method = "paired.pairwise_mcnemar", "mid-p"
    for k, n, informative in PAIRWISE_MCNEMAR_SETTINGS:
        setting = format_setting(classifiers=k, N=n, p_informative=informative)
        if not select(function, method, setting):
            continue

        def hit(rng, n=n, k=k, informative=informative):
            rows = _k_classifiers(rng, n, k, informative)
            return bool(np.any(paired.pairwise_mcnemar(rows, method="mid-p").reject)), 0.0

        # the family-wise error: some pair declared different when none is
        yield simulated_row(function, method, "size", setting, hit, LEVEL)


#: k classifiers on N data sets (issue 57 §3): Friedman (χ² and Iman–Davenport), Nemenyi and
#: the Holm-adjusted pairwise Wilcoxon tests at the complete null; "accuracy" scores tie
DATASET_SETTINGS = tuple((k, n, "continuous") for k in (3, 5, 8) for n in (5, 10, 20, 40)) + tuple(
    (k, n, "accuracy") for k in (3, 5) for n in (10, 20)
)


def _dataset_scores(rng, n: int, k: int, scores: str) -> np.ndarray:
    """N data sets × k equally good classifiers (:data:`DATASET_SETTINGS`)."""
    if scores == "continuous":
        return rng.normal(size=(n, k))
    rates = rng.uniform(0.7, 0.95, size=(n, 1))
    return rng.binomial(100, rates, size=(n, k)) / 100


def many_datasets(select) -> Iterator[Row]:
    """The tests of evalkit.multiple at the complete null (every classifier equally good):
    Friedman's size (χ²_F and Iman–Davenport's F_F p-values), and the family-wise error of
    Nemenyi's test and of the pairwise Wilcoxon tests with Holm's adjustment (the share of
    test sets in which some pair is declared different)."""
    for k, n, scores in DATASET_SETTINGS:
        setting = format_setting(classifiers=k, datasets=n, scores=scores)
        if scores == "accuracy":
            setting += " of 100 items"
        for function, method in (
            ("multiple.friedman", "chi2"),
            ("multiple.friedman", "iman-davenport"),
            ("multiple.nemenyi", "-"),
            ("multiple.pairwise_wilcoxon", "auto"),
        ):
            if not select(function, method, setting):
                continue

            def hit(rng, n=n, k=k, scores=scores, function=function, method=method):
                table = _dataset_scores(rng, n, k, scores)
                if function == "multiple.friedman":
                    r = multiple.friedman(table)
                    p = r.chi2_pvalue if method == "chi2" else r.f_pvalue
                    return p <= LEVEL, 0.0
                if function == "multiple.nemenyi":
                    return bool(np.any(multiple.nemenyi(table).significant)), 0.0
                return bool(np.any(multiple.pairwise_wilcoxon(table).reject)), 0.0

            yield simulated_row(function, method, "size", setting, hit, LEVEL)


#: the Bayesian sign and signed-rank tests over N data sets: the claim "A is better"
#: (P(A better) ≥ 0.95) when A and B are equally good
BAYES_SIGN_N = (10, 20, 50)
BAYES_SIGNED_RANK_EXACT_N = (6, 8, 10)
BAYES_SIGNED_RANK_SIMULATED = ((20, 0.0), (10, 0.01), (20, 0.01))
BAYES_ROPE = 0.01
BAYES_SPREAD = 0.02  # the differences' standard deviation with a ROPE
BAYES_SAMPLES = 10_000  # the simulated signed-rank rows' posterior samples (default 50 000)


def bayesian_datasets(select) -> Iterator[Row]:
    """bayesian.sign and bayesian.signed_rank: how often they claim "A is better" (P(A better)
    ≥ 0.95) when A and B are equally good (differences continuous and symmetric about 0).

    * the sign test depends on the counts (left of, inside, right of the ROPE) alone: every
      count is enumerated with its binomial (``rope=0``) or trinomial probability (``rope=0.01``
      and differences N(0, 0.02²): P(inside) = 2Φ(0.5) − 1), each decided by one call with the
      default 50 000 posterior samples and a fixed seed;
    * the signed-rank test with ``rope=0`` depends on the signs of the ranked differences alone:
      all 2ⁿ sign patterns, equally likely, are enumerated (magnitudes 1 … n);
    * otherwise simulated, with 10 000 posterior samples a call (stated in the setting).
    """
    function, method = "bayesian.sign", "claim at 0.95"
    inside = float(2 * special.ndtr(BAYES_ROPE / BAYES_SPREAD) - 1)
    for n in BAYES_SIGN_N:
        for rope in (0.0, BAYES_ROPE):
            setting = format_setting(n=n, rope=rope)
            if not select(function, method, setting):
                continue
            value = 0.0
            for left in range(n + 1):
                for middle in range(n + 1 - left) if rope else (0,):
                    right = n - left - middle
                    z = np.r_[np.full(left, -0.05), np.zeros(middle), np.full(right, 0.05)]
                    if rope:
                        probs = [(1 - inside) / 2, inside, (1 - inside) / 2]
                        weight = stats.multinomial.pmf([left, middle, right], n, probs)
                    else:
                        weight = stats.binom.pmf(right, n, 0.5)
                    claim = bayesian.sign(z, np.zeros(n), rope=rope, rng=SEED).p_a_better
                    value += weight * (claim >= 0.95)
            yield Row(function, method, "size", setting, float(value), nominal=LEVEL)
    function = "bayesian.signed_rank"
    for n in BAYES_SIGNED_RANK_EXACT_N:
        setting = format_setting(n=n, rope=0)
        if not select(function, method, setting):
            continue
        claims = 0
        for signs in itertools.product((-1.0, 1.0), repeat=n):
            z = np.asarray(signs) * np.arange(1, n + 1) / 100
            claims += bayesian.signed_rank(z, np.zeros(n), rng=SEED).p_a_better >= 0.95
        yield Row(function, method, "size", setting, claims / 2.0**n, nominal=LEVEL)
    for n, rope in BAYES_SIGNED_RANK_SIMULATED:
        setting = format_setting(n=n, rope=rope, samples=BAYES_SAMPLES)
        if not select(function, method, setting):
            continue

        def hit(rng, n=n, rope=rope):
            z = rng.normal(0.0, BAYES_SPREAD, n)
            r = bayesian.signed_rank(z, np.zeros(n), rope=rope, samples=BAYES_SAMPLES, rng=rng)
            return r.p_a_better >= 0.95, 0.0

        yield simulated_row(function, method, "size", setting, hit, LEVEL)


def cv_tests(select) -> Iterator[Row]:
    """The cross-validation t tests at the null, in the model they are built for.

    Nadeau & Bengio's (2003) model of resampled differences: d_j = ε_j with equicorrelated normal
    errors, corr(d_i, d_j) = ρ = n_test/n_total (their eq. for the overlap of random splits),
    true mean difference 0. The plain t tests assume ρ = 0; the corrected t uses ρ's factor.
    """
    for function, method, runs, test_fraction in (
        ("resampling.cv_paired_t", "-", 10, 0.1),
        ("resampling.corrected_resampled_t", "-", 30, 1 / 3),
        ("resampling.cv_paired_t", "-", 30, 1 / 3),
        # issue 57 §5: 10 × 10-fold CV, and the corrected test at 10-fold CV's ρ
        ("resampling.cv_paired_t", "-", 100, 0.1),
        ("resampling.corrected_resampled_t", "-", 100, 0.1),
        ("resampling.corrected_resampled_t", "-", 10, 0.1),
    ):
        rho = test_fraction
        setting = format_setting(differences=runs, rho=round(rho, 4))
        if not select(function, method, setting):
            continue

        def hit(rng, runs=runs, rho=rho, function=function, test_fraction=test_fraction):
            shared = rng.normal() * np.sqrt(rho)
            d = 0.01 * (shared + rng.normal(size=runs) * np.sqrt(1 - rho))
            if function == "resampling.cv_paired_t":
                with warnings.catch_warnings():  # its size warning: the size is measured here
                    warnings.filterwarnings("ignore", "cv_paired_t treats", UserWarning)
                    r = resampling.cv_paired_t(error_differences=d)
            else:
                # 300 items, split test_fraction / (1 − test_fraction): ρ's factor n_test/n_train
                n_test = round(300 * test_fraction)
                r = resampling.corrected_resampled_t(
                    error_differences=d, n_train=300 - n_test, n_test=n_test
                )
            return r.pvalue <= LEVEL, 0.0

        yield simulated_row(function, method, "size", setting, hit, LEVEL)
    for function, rho in itertools.product(
        ("resampling.paired_t_5x2cv", "resampling.combined_f_5x2cv"), (0, 0.5)
    ):
        # 5 × 2-fold: rho = 0, the ten differences independent normal (Dietterich's 1998
        # assumption); rho = 0.5, equicorrelated as in Nadeau & Bengio's model, whose ρ is
        # n_test/n_total = 1/2 for 2-fold CV (the replications share their data)
        setting = format_setting(differences="5x2", rho=rho)
        if not select(function, "-", setting):
            continue

        def hit(rng, function=function, rho=rho):
            if rho:
                shared = rng.normal() * np.sqrt(rho)
                d = 0.01 * (shared + rng.normal(size=(5, 2)) * np.sqrt(1 - rho))
            else:
                d = 0.01 * rng.normal(size=(5, 2))  # as before: the same draws
            test = (
                resampling.paired_t_5x2cv
                if function.endswith("t_5x2cv")
                else resampling.combined_f_5x2cv
            )
            return test(error_differences=d).pvalue <= LEVEL, 0.0

        yield simulated_row(function, "-", "size", setting, hit, LEVEL)


CLUSTER_WRITERS = (5, 10, 20, 40)
CLUSTER_SETTINGS = ((0.9, 0.05), (0.9, 0.2), (0.97, 0.1))  # (accuracy, ICC)
ITEMS_PER_WRITER = 20
#: the clustered McNemar tests: (writers, their numbers of items, mean share of a writer's
#: discordant items that goes to A). Size at share 0.5 (H0) with 5 to 40 writers of 20 items
#: each or of 1–40 (drawn per writer); power at share 0.65 (A right on 65 % of the discordant
#: items on average, a difference of accuracies of 0.3 × 0.3 = 0.09).
MCNEMAR_SETTINGS = tuple(
    (writers, sizes, share)
    for share, counts in ((0.5, (5, 8, 10, 20, 40)), (0.65, (5, 10, 20)))
    for writers in counts
    for sizes in ("equal", "unequal")
)


def _writers(rng, writers: int, accuracy: float, icc: float, items: int = ITEMS_PER_WRITER):
    """0/1 results of ``items`` items per writer; writer accuracies ~ Beta with the given ICC.

    The beta-binomial model of notebook 13 and issue 41: ICC = 1/(α + β + 1).
    """
    scale = (1 - icc) / icc
    rates = rng.beta(accuracy * scale, (1 - accuracy) * scale, writers)
    correct = (rng.random((writers, items)) < rates[:, None]).ravel()
    return correct, np.repeat(np.arange(writers), items)


def clustered_family(select) -> Iterator[Row]:
    """The clustered intervals (writers × items) and the clustered McNemar tests, simulated."""
    from evalkit import clustered

    function = "clustered.accuracy_interval"
    for method in ("ratio", "wilson-effective", "bootstrap"):
        for writers in CLUSTER_WRITERS:
            for accuracy, icc in CLUSTER_SETTINGS:
                if method == "bootstrap" and (writers, icc) not in ((10, 0.05), (40, 0.05)):
                    continue  # 2000 rounds per test set: two settings only
                setting = format_setting(
                    writers=writers, items=ITEMS_PER_WRITER, accuracy=accuracy, ICC=icc
                )
                if not select(function, method, setting):
                    continue

                def hit(rng, writers=writers, accuracy=accuracy, icc=icc, method=method):
                    correct, groups = _writers(rng, writers, accuracy, icc)
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore", UserWarning)  # few writers: it says so
                        ci = clustered.accuracy_interval(
                            correct, groups, method=method, rounds=1000, rng=rng
                        )
                    return ci.low <= accuracy <= ci.high, ci.high - ci.low

                yield simulated_row(function, method, "coverage", setting, hit, CONFIDENCE)
    function = "clustered.mcnemar"
    for method in clustered.MCNEMAR_METHODS:
        for writers, sizes, share_a in MCNEMAR_SETTINGS:
            setting = format_setting(writers=writers, sizes=sizes, p_discordant=0.3)
            if share_a != 0.5:
                setting += f"; share_A={share_a:g}"
            if not select(function, method, setting):
                continue

            def hit(rng, writers=writers, sizes=sizes, method=method, share_a=share_a):
                # each writer favours A or B: a share ~ Beta(4·share_A, 4·(1 − share_A)) of the
                # writer's discordant items goes to A (Beta(2, 2) under H0)
                m = np.full(writers, 20) if sizes == "equal" else rng.integers(1, 41, writers)
                share = rng.beta(4.0 * share_a, 4.0 * (1.0 - share_a), writers)
                groups = np.repeat(np.arange(writers), m)
                u = rng.random(groups.size)
                discordant = u < 0.3
                a_only = discordant & (rng.random(groups.size) < share[groups])
                correct_a = np.where(discordant, a_only, u < 0.9)
                correct_b = np.where(discordant, ~a_only, correct_a)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", UserWarning)
                    p = clustered.mcnemar(correct_a, correct_b, groups, method=method).pvalue
                return p <= LEVEL, 0.0

            kind = "size" if share_a == 0.5 else "power"
            yield simulated_row(function, method, kind, setting, hit, LEVEL)


PRIOR_SETTINGS = (
    ((20, 20), (0.5, 0.5), (0.1, 0.1)),
    ((50, 50), (0.5, 0.5), (0.05, 0.2)),
    ((100, 20), (0.9, 0.1), (0.02, 0.3)),
    ((200, 50), (0.8, 0.2), (0.01, 0.05)),
    ((30, 30), (0.5, 0.5), (0.0, 0.05)),
)


def prior_weighted(select) -> Iterator[Row]:
    """Fouladi's prior-weighted error with its MOVER interval, over every pair of error counts."""
    function, method = "metrics.prior_weighted_error", "-"
    for counts, priors, rates in PRIOR_SETTINGS:
        setting = format_setting(
            N_1=counts[0], N_2=counts[1], prior_1=priors[0], error_1=rates[0], error_2=rates[1]
        )
        if not select(function, method, setting):
            continue
        e1, e2 = np.meshgrid(np.arange(counts[0] + 1), np.arange(counts[1] + 1), indexing="ij")
        ci = metrics.prior_weighted_error(np.stack([e1, e2], -1), counts, priors).interval
        low, high = np.asarray(ci.low), np.asarray(ci.high)
        weight = (
            stats.binom.pmf(np.arange(counts[0] + 1), counts[0], rates[0])[:, None]
            * stats.binom.pmf(np.arange(counts[1] + 1), counts[1], rates[1])[None, :]
        )
        truth = priors[0] * rates[0] + priors[1] * rates[1]
        covered = (low <= truth + 1e-12) & (truth - 1e-12 <= high)
        yield Row(
            function, method, "coverage", setting, float(np.sum(weight * covered)),
            width=float(np.sum(weight * (high - low))),
        )  # fmt: skip


KAPPA_SETTINGS = ((50, 0.8), (200, 0.8), (50, 0.95), (200, 0.6), (30, 0.9))  # (N, P(right))


def kappa(select) -> Iterator[Row]:
    """Cohen's kappa, plain and weighted: its interval's coverage and its test's size.

    Three unequal classes, taken as ordered for the weighted forms: the true classes have shares
    π = (0.5, 0.3, 0.2); a prediction is right with probability a, else one of the other two
    classes at random, so the joint distribution is P_ij = π_i a (i = j), π_i (1 − a)/2 (i ≠ j).
    The population kappa is (p_o − p_e)/(1 − p_e) with p_o = Σ w_ij P_ij and p_e = Σ w_ij π_i q_j,
    q the predictions' shares and w the agreement weights (identity, linear or quadratic);
    predictions independent of the truth give kappa 0, the test's null hypothesis.
    """
    function = "metrics.cohen_kappa"
    shares = np.array([0.5, 0.3, 0.2])
    distance = np.abs(np.subtract.outer(np.arange(3), np.arange(3))) / 2
    agreement = {
        "-": np.eye(3),
        "weights=linear": 1 - distance,
        "weights=quadratic": 1 - distance**2,
    }

    def draw(rng, n, a, independent=False):
        y = rng.choice(3, size=n, p=shares)
        if independent:
            return y, rng.choice(3, size=n, p=shares)
        other = (y + rng.integers(1, 3, size=n)) % 3
        return y, np.where(rng.random(n) < a, y, other)

    for (name, w), interval in itertools.product(agreement.items(), ("score", "wald")):
        weights = None if name == "-" else name.split("=")[1]
        method = name if interval == "score" else f"{name}; method=wald".removeprefix("-; ")
        for n, a in KAPPA_SETTINGS:
            setting = format_setting(N=n, classes=3, right=a)
            if select(function, method, setting):
                joint = shares[:, None] * np.where(np.eye(3, dtype=bool), a, (1 - a) / 2)
                po = float(np.sum(w * joint))
                pe = float(np.sum(w * np.outer(shares, joint.sum(axis=0))))
                truth = (po - pe) / (1 - pe)

                def hit(rng, n=n, a=a, truth=truth, weights=weights, interval=interval):
                    k = metrics.cohen_kappa(*draw(rng, n, a), weights=weights, method=interval)
                    ci = k.interval
                    return ci.low <= truth <= ci.high, ci.high - ci.low

                yield simulated_row(function, method, "coverage", setting, hit, CONFIDENCE)
        for n in (20, 50, 200) if interval == "score" else ():  # the test is the same for both
            setting = format_setting(N=n, classes=3, kappa=0)
            if select(function, method, setting):

                def hit(rng, n=n, weights=weights):
                    # the test's p-value does not depend on the interval's method; the Wald
                    # form skips the score interval's bisection (about 10 ms a call)
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        return metrics.cohen_kappa(
                            *draw(rng, n, 0, independent=True), weights=weights, method="wald"
                        ).pvalue <= LEVEL, 0.0

                yield simulated_row(function, method, "size", setting, hit, LEVEL)


def population_average_precision(n_pos: int, n_neg: int, area: float) -> float:
    """The binormal model's average precision, ∫ precision d recall, by quadrature."""
    mu = np.sqrt(2) * stats.norm.ppf(area)
    t = np.linspace(-12, mu + 12, 400_001)
    recall, fpr = stats.norm.sf(t - mu), stats.norm.sf(t)
    share = n_pos / (n_pos + n_neg)
    precision = share * recall / (share * recall + (1 - share) * fpr)
    return float(np.sum(0.5 * (precision[1:] + precision[:-1]) * -np.diff(recall)))


def precision_recall(select) -> Iterator[Row]:
    """The average precision's bootstrap interval from precision_recall_band (500 rounds)."""
    function, method = "roc.precision_recall_band", "-"
    for n_pos, n_neg, area in ((30, 70, 0.85), (30, 70, 0.95), (100, 100, 0.85)):
        setting = format_setting(n_pos=n_pos, n_neg=n_neg, AUC=area, rounds=500)
        if not select(function, method, setting):
            continue
        truth = population_average_precision(n_pos, n_neg, area)
        labels = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]

        def hit(rng, n_pos=n_pos, n_neg=n_neg, area=area, truth=truth, labels=labels):
            scores = _binormal(rng, n_pos, n_neg, area)
            ap = roc.precision_recall_band(labels, scores, rounds=500, rng=rng).average_precision
            return ap.low <= truth <= ap.high, ap.high - ap.low

        yield simulated_row(function, method, "coverage", setting, hit, CONFIDENCE)


def _mild(p: np.ndarray) -> np.ndarray:
    """Issue 41's mild miscalibration: the true probability is 0.5 + 0.8 (p − 0.5)."""
    return 0.5 + 0.8 * (p - 0.5)


def calibration(select) -> Iterator[Row]:
    """Calibration tests (size at a calibrated forecaster, power at a mild miscalibration) and the
    calibration curve's per-bin intervals; forecasts p ~ U(0, 1), y ~ Bernoulli(q(p))."""
    function = "metrics.calibration_test"
    for method, sizes in (("spiegelhalter", (285, 2000)), ("resampling", (285,))):
        for n in sizes:
            for forecaster, truth in (("calibrated", None), ("mild", _mild)):
                setting = format_setting(N=n, forecaster=forecaster, bins=10)
                if method == "resampling":
                    setting += "; resamples=200"
                if not select(function, method, setting):
                    continue

                def hit(rng, n=n, truth=truth, method=method):
                    p = rng.random(n)
                    q = p if truth is None else truth(p)
                    y = (rng.random(n) < q).astype(int)
                    result = metrics.calibration_test(y, p, method=method, resamples=200, rng=rng)
                    return result.pvalue <= LEVEL, 0.0

                kind = "size" if truth is None else "power"
                yield simulated_row(function, method, kind, setting, hit, LEVEL)
    function = "metrics.calibration_curve"
    for n in (285, 2000):
        for which in (0, 4, 9):  # bins [0, 0.1), [0.4, 0.5), [0.9, 1]
            method = f"bin {which + 1} of 10"
            setting = format_setting(N=n, forecaster="calibrated", bins=10)
            if not select(function, method, setting):
                continue

            def hit(rng, n=n, which=which):
                p = rng.random(n)
                y = (rng.random(n) < p).astype(int)
                ci = metrics.calibration_curve(y, p).interval
                low, high = np.asarray(ci.low)[which], np.asarray(ci.high)[which]
                truth = (which + 0.5) / 10  # E[p | p in the bin] for uniform forecasts
                return low <= truth <= high, high - low

            yield simulated_row(function, method, "coverage", setting, hit, CONFIDENCE)


#: (class sizes, true recalls): issue 41's rare class, and a balanced test set
CLASS_SETTINGS = (((100, 100, 100, 3), (0.9, 0.9, 0.9, 0.95)), ((76, 76, 76, 76), (0.9,) * 4))


def _class_truths(sizes, recalls) -> dict[str, float]:
    """The population values: errors go to the other classes uniformly, class sizes fixed."""
    n, r = np.asarray(sizes, float), np.asarray(recalls)
    m = n.size
    predicted = n * r + (np.sum(n * (1 - r)) - n * (1 - r)) / (m - 1)
    precision = n * r / predicted
    f1 = 2 * precision * r / (precision + r)
    return {
        "macro recall": float(r.mean()),
        "macro precision": float(precision.mean()),
        "macro F1": float(f1.mean()),
        "smallest class recall": float(r[np.argmin(n)]),
    }


def class_metrics_family(select) -> Iterator[Row]:
    function = "metrics.class_metrics"
    for sizes, recalls in CLASS_SETTINGS:
        truths = _class_truths(sizes, recalls)
        y = np.repeat(np.arange(len(sizes)), sizes)
        for method, truth in truths.items():
            setting = format_setting(
                classes="/".join(map(str, sizes)), recalls="/".join(map(str, recalls)), rounds=200
            )
            if not select(function, method, setting):
                continue

            def hit(rng, y=y, recalls=recalls, method=method, truth=truth, sizes=sizes):
                right = rng.random(y.size) < np.asarray(recalls)[y]
                other = (y + rng.integers(1, len(sizes), size=y.size)) % len(sizes)
                result = metrics.class_metrics(y, np.where(right, y, other), rounds=200, rng=rng)
                ci = {
                    "macro recall": result.macro_recall,
                    "macro precision": result.macro_precision,
                    "macro F1": result.macro_f1,
                }.get(method)
                if ci is None:  # the smallest class's recall
                    i = int(np.argmin(sizes))
                    low, high = np.asarray(result.recall.low)[i], np.asarray(result.recall.high)[i]
                else:
                    low, high = ci.low, ci.high
                return low <= truth <= high, high - low

            yield simulated_row(function, method, "coverage", setting, hit, CONFIDENCE)


def bayesian_family(select) -> Iterator[Row]:
    """How often the Bayesian comparisons claim "A is better" (posterior ≥ 0.95) when A and B
    are equally good: the frequentist calibration of the claim, nominal 5 %.

    ``paired_accuracy`` exactly, over every agreement table; ``correlated_t`` by simulation in
    Nadeau & Bengio's (2003) model of 30 random 2/3–1/3 splits (ρ = 1/3) with true difference 0.
    """
    function, method = "bayesian.paired_accuracy", "claim at 0.95"
    for n in DIFFERENCE_N:
        todo = [
            c for c in CELLS.values()
            if c[1] == c[2] and select(function, method, _cells_setting(n, c))
        ]  # fmt: skip
        if not todo:
            continue
        tables = _tables(n)
        claims = np.array(
            [bayesian.paired_accuracy(t.reshape(2, 2)).p_a_better >= 0.95 for t in tables]
        )
        for cells in todo:
            value = float(np.sum(_multinomial(tables, cells) * claims))
            yield Row(function, method, "size", _cells_setting(n, cells), value, nominal=LEVEL)
    function = "bayesian.correlated_t"
    # 30 random 2/3–1/3 splits; issue 57 §5: 10-fold CV once and ten times, 10 such splits
    for splits, fraction in ((30, 1 / 3), (10, 0.1), (100, 0.1), (10, 1 / 3)):
        setting = format_setting(splits=splits, test_fraction=round(fraction, 4), difference=0)
        if not select(function, method, setting):
            continue

        def hit(rng, splits=splits, rho=fraction):
            shared = rng.normal() * np.sqrt(rho)
            d = 0.01 * (shared + rng.normal(size=splits) * np.sqrt(1 - rho))
            result = bayesian.correlated_t(0.8 + d, np.full(splits, 0.8), test_fraction=rho)
            return result.p_a_better >= 0.95, 0.0

        yield simulated_row(function, method, "size", setting, hit, LEVEL)


# ------------------------------------------------------------------------------------------
# non-inferiority and equivalence (issue 58): size at the margin, power at equal accuracies

#: the course's regime: test sets of 50 to 2000 items, accuracies 0.8 to 0.99, margins of 1 to 10
#: points; one-sided level 0.025 (the tests' default), the size's nominal value
MARGIN_K = (50, 100, 200, 500, 1000, 2000)
MARGIN_POWER_K = (50, 200, 1000, 2000)
MARGINS = (0.01, 0.02, 0.05, 0.1)
MARGIN_ACCURACIES = (0.8, 0.9, 0.95, 0.99)
MARGIN_LEVEL = 0.025
#: B's accuracy (two test sets) for the worst size at the margin
FINE_MARGIN_ACCURACY = np.linspace(0.8, 0.995, 40)
#: P(only A right) (one test set) for the worst size at the margin: up to all of B's errors at 0.8
FINE_ONLY_A = np.linspace(0.0, 0.2, 41)
MARGIN_FUNCTIONS = {"noninferiority_test": False, "equivalence_test": True}  # name → TOST


def noninferiority_independent(select) -> Iterator[Row]:
    """Two test sets of K items each, every outcome (n_A, n_B) enumerated: the size at the margin
    (π_A = π_B − δ for B's accuracy π_B) and the power at π_A = π_B, for the three methods."""
    for k, margin in itertools.product(MARGIN_K, MARGINS):
        for (name, tost), method in itertools.product(
            MARGIN_FUNCTIONS.items(), independent.NONINFERIORITY_METHODS
        ):
            function = f"independent.{name}"
            sizes = [
                (p, format_setting(K_A=k, K_B=k, margin=margin, p_A=round(p - margin, 6), p_B=p))
                for p in MARGIN_ACCURACIES
            ]
            powers = [
                (p, format_setting(K_A=k, K_B=k, margin=margin, p_A=p, p_B=p))
                for p in (MARGIN_ACCURACIES if k in MARGIN_POWER_K else ())
            ]
            worst = select(function, method, f"K={k}; margin={margin}; worst")
            sizes = [(p, s) for p, s in sizes if select(function, method, s)]
            powers = [(p, s) for p, s in powers if select(function, method, s)]
            if not (sizes or powers or worst):
                continue
            reject = independent._noninferiority_rejects(
                k, k, margin, MARGIN_LEVEL, method, equivalence=tost
            ).astype(float)

            def probability(rate_a, rate_b, k=k, reject=reject):
                weight_a = independent._binomial_rows(k, rate_a)
                weight_b = independent._binomial_rows(k, rate_b)
                return np.einsum("...i,ij,...j->...", weight_a, reject, weight_b)

            for p, setting in sizes:
                value = float(probability(p - margin, p))
                yield Row(function, method, "size", setting, value, nominal=MARGIN_LEVEL)
            if worst:
                curve = probability(FINE_MARGIN_ACCURACY - margin, FINE_MARGIN_ACCURACY)
                i = int(np.argmax(curve))
                p = round(float(FINE_MARGIN_ACCURACY[i]), 6)
                setting = format_setting(
                    K_A=k, K_B=k, margin=margin, p_A=round(p - margin, 6), p_B=p
                )
                yield Row(
                    function, method, "size", setting, float(curve[i]),
                    nominal=MARGIN_LEVEL, worst=True,
                )  # fmt: skip
            for p, setting in powers:
                value = float(probability(p, p))
                yield Row(function, method, "power", setting, value, nominal=MARGIN_LEVEL)


def _trinomial(n: int, p_only_a: float, p_only_b: float) -> np.ndarray:
    """P(b, c) on the (n + 1) × (n + 1) grid of discordant counts (0 where b + c > n)."""
    b = np.arange(n + 1.0)[:, None]
    c = np.arange(n + 1.0)[None, :]
    rest = n - b - c
    valid = rest >= 0
    rest = np.maximum(rest, 0)
    log_p = (
        special.gammaln(n + 1.0) - special.gammaln(b + 1) - special.gammaln(c + 1)
        - special.gammaln(rest + 1) + special.xlogy(b, p_only_a) + special.xlogy(c, p_only_b)
        + special.xlog1py(rest, -(p_only_a + p_only_b))
    )  # fmt: skip
    return np.where(valid, np.exp(log_p), 0.0)


def noninferiority_paired(select) -> Iterator[Row]:
    """One test set of N items, every table (b, c) enumerated (only b, c and N matter): the size
    at the margin (P(only B right) = P(only A right) + δ) for P(only A right) 0 and half of B's
    errors at accuracies 0.8 … 0.99, the worst over P(only A right) in [0, 0.2], and the power at
    equal accuracies with half of each one's errors discordant."""
    method = "tango"
    z_alpha = float(stats.norm.isf(MARGIN_LEVEL))
    for n, margin in itertools.product(MARGIN_K, MARGINS):
        for name, tost in MARGIN_FUNCTIONS.items():
            function = f"paired.{name}"
            # the tables' law depends on P(only A right) and P(only B right) alone: none, or
            # half of B's errors at B's accuracies 0.8, 0.9, 0.95, 0.99, right only by A
            shares = sorted({0.0, *(round((1 - p) / 2, 6) for p in MARGIN_ACCURACIES)})
            sizes = [
                (q, format_setting(N=n, margin=margin, p_only_A=q, p_only_B=round(q + margin, 6)))
                for q in shares
            ]
            powers = [
                (q, format_setting(N=n, margin=margin, p_only_A=q, p_only_B=q))
                for q in (shares[1:] if n in MARGIN_POWER_K else ())
            ]
            worst = select(function, method, f"N={n}; margin={margin}; worst")
            sizes = [(q, s) for q, s in sizes if select(function, method, s)]
            powers = [(q, s) for q, s in powers if select(function, method, s)]
            if not (sizes or powers or worst):
                continue
            b = np.arange(n + 1.0)[:, None]
            c = np.arange(n + 1.0)[None, :]
            reject = paired._tango_statistic(-margin, b, c, n) > z_alpha
            if tost:
                reject &= paired._tango_statistic(margin, b, c, n) < -z_alpha
            for only_a, setting in sizes:
                value = float(np.sum(_trinomial(n, only_a, only_a + margin) * reject))
                yield Row(function, method, "size", setting, value, nominal=MARGIN_LEVEL)
            if worst:
                curve = [np.sum(_trinomial(n, q, q + margin) * reject) for q in FINE_ONLY_A]
                i = int(np.argmax(curve))
                q = round(float(FINE_ONLY_A[i]), 6)
                setting = format_setting(
                    N=n, margin=margin, p_only_A=q, p_only_B=round(q + margin, 6)
                )
                yield Row(
                    function, method, "size", setting, float(curve[i]),
                    nominal=MARGIN_LEVEL, worst=True,
                )  # fmt: skip
            for only, setting in powers:
                value = float(np.sum(_trinomial(n, only, only) * reject))
                yield Row(function, method, "power", setting, value, nominal=MARGIN_LEVEL)


MARGIN_AUC_N = (50, 200, 1000)  # items per class
MARGIN_AUCS = (0.8, 0.9)
MARGIN_AUC_MARGINS = (0.02, 0.05, 0.1)


def noninferiority_auc(select) -> Iterator[Row]:
    """DeLong's non-inferiority and equivalence tests of two AUCs, simulated: binormal scores
    (correlation 0.5 between the classifiers), B at AUC_B, A at AUC_B − δ (size) or AUC_B
    (power)."""
    method = "-"
    for name, n, area, margin in itertools.product(
        MARGIN_FUNCTIONS, MARGIN_AUC_N, MARGIN_AUCS, MARGIN_AUC_MARGINS
    ):
        function = f"roc.{name}"
        test = getattr(roc, name)
        labels = np.r_[np.ones(n, int), np.zeros(n, int)]
        for kind, other in (("size", area - margin), ("power", area)):
            setting = format_setting(
                n_pos=n, n_neg=n, margin=margin, AUC_A=round(other, 6), AUC_B=area, rho=0.5
            )
            if not select(function, method, setting):
                continue
            shift = np.sqrt(2) * (special.ndtri(other) - special.ndtri(area))

            def hit(rng, n=n, area=area, shift=shift, labels=labels, margin=margin, test=test):
                scores = _binormal(rng, n, n, area, 0.5, two=True)
                score_a = scores[:, 1] + shift * labels
                result = test(labels, score_a, scores[:, 0], margin, level=MARGIN_LEVEL)
                return result.pvalue < MARGIN_LEVEL, 0.0

            yield simulated_row(function, method, kind, setting, hit, MARGIN_LEVEL)


#: the families that take longest, slowest first
SLOW = [
    "auc", "multiclass_auc", "bootstrap", "precision_recall", "clustered", "kappa",
    "paired_enumerated", "independent_tests", "class_metrics", "calibration", "cochran", "cv_tests",
    "noninferiority_auc", "noninferiority_paired", "noninferiority_independent",
    "many_datasets", "bayesian_datasets",
]  # fmt: skip

FAMILIES: dict[str, Callable[..., Iterator[Row]]] = {
    "one_rate": one_rate,
    "two_rates": two_rates,
    "rate_difference": rate_difference,
    "independent_tests": independent_tests,
    "paired_tests": paired_tests,
    "paired_enumerated": paired_enumerated,
    "sign_tests": sign_tests,
    "binomial_tests": binomial_tests,
    "wilcoxon": wilcoxon,
    "auc": auc,
    "multiclass_auc": multiclass_auc_family,
    "bootstrap": bootstrap_family,
    "cochran": cochran,
    "cv_tests": cv_tests,
    "clustered": clustered_family,
    "prior_weighted": prior_weighted,
    "kappa": kappa,
    "precision_recall": precision_recall,
    "calibration": calibration,
    "class_metrics": class_metrics_family,
    "bayesian": bayesian_family,
    "bayesian_datasets": bayesian_datasets,
    "many_datasets": many_datasets,
    "noninferiority_independent": noninferiority_independent,
    "noninferiority_paired": noninferiority_paired,
    "noninferiority_auc": noninferiority_auc,
}


def _everything(function: str, method: str, setting: str) -> bool:
    return True


def _family(name: str, select=_everything) -> tuple[str, list[Row], float, float]:
    start, cpu = time.perf_counter(), time.process_time()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning from evalkit during a measurement is a bug
        rows = list(FAMILIES[name](select))
    return name, rows, time.perf_counter() - start, time.process_time() - cpu


def measure(
    families: Iterable[str], select=_everything, processes: int = 1
) -> tuple[list[Row], dict[str, float]]:
    """Measure the families (in ``processes`` worker processes); rows in the families' order.

    Every row has its own seed, so the result does not depend on ``processes``.
    """
    families = list(families)
    if processes > 1:
        with ProcessPoolExecutor(processes) as pool:
            done = list(pool.map(_family, families))
    else:
        done = [_family(name, select) for name in families]
    rows, seconds = [], {}
    for name, found, elapsed, cpu in done:
        rows.extend(found)
        seconds[name] = elapsed
        print(f"{name}: {elapsed:.1f} s ({cpu:.1f} s of CPU)", file=sys.stderr, flush=True)
    return rows, seconds


# ------------------------------------------------------------------------------------------
# what each row measured: the data-generating model of every function's rows (the table's
# ``model`` column, issue 57 §5), and the worst setting of every method

_ONE_RATE = "Binomial(K, p): K test items, each right with probability p"
_TWO_RATES = "two independent test sets: Binomial(K_A, p_A) and Binomial(K_B, p_B)"
_TWO_RATES_NULL = _TWO_RATES + "; p_A = p_B = p at the null"
_MARGIN_TWO = _TWO_RATES + "; size at p_A = p_B − margin, power at p_A = p_B"
_DISCORDANT = (
    "one test set of N items, each independently only-1-right or only-2-right with "
    "probability p_only (null) or p_only1, p_only2 (power), else concordant"
)
_CELLS = (
    "one test set of N items, multinomial agreement table: both right, only 1 right, only 2 "
    "right, both wrong with probabilities p_a, p_b, p_c, p_d"
)
_MARGIN_PAIRED = (
    "one test set of N items: only A right with probability p_only_A, only B right with "
    "p_only_B (size at p_only_B = p_only_A + margin, power at equality)"
)
_BINORMAL = "binormal scores: negatives N(0, 1), positives N(√2·Φ⁻¹(AUC), 1)"
_BINORMAL_TWO = "two binormal classifiers on one test set, correlation ρ = 0.5 within each class"
_K_CLASSIFIERS = (
    "k equally accurate classifiers on one test set of N items: an item is right for all "
    "with probability 1 − p_informative, else 1 … k − 1 of the k (uniformly) are right, at "
    "random places"
)
_NADEAU_BENGIO = "Nadeau & Bengio's model: equicorrelated normal differences, correlation ρ, mean 0"
_CALIBRATION = (
    "forecasts p ~ U(0, 1); outcomes Bernoulli(p) (calibrated) or Bernoulli(0.5 + 0.8(p − "
    "0.5)) (mild miscalibration)"
)
_DATASETS = (
    "k equally good classifiers on N data sets: scores iid N(0, 1) (continuous: a rank test's "
    "size depends only on k and N), or accuracies Binomial(100, p_d)/100 with p_d ~ U(0.7, "
    "0.95) per data set (ties)"
)
_BAYES_DATASETS = (
    "one score difference per data set, continuous and symmetric about 0 (A and B equally "
    "good): rope=0 every sign pattern equally likely; rope=0.01 differences N(0, 0.02²)"
)

#: the data-generating model behind each function's rows (every function of the table)
MODELS: dict[str, str] = {
    **{function: _ONE_RATE for function, _ in ONE_RATE_FUNCTIONS.values()},
    "intervals.binomial_test": "Binomial(K, p0) at the null, Binomial(K, p) for power",
    "independent.difference_interval": _TWO_RATES,
    "independent.rate_difference": _TWO_RATES + "; tests: p_A = p_B = p at the null",
    "independent.fisher_exact": _TWO_RATES_NULL,
    "independent.chi_square_2x2": _TWO_RATES_NULL,
    "independent.boschloo_exact": _TWO_RATES_NULL,
    "independent.noninferiority_test": _MARGIN_TWO,
    "independent.equivalence_test": _MARGIN_TWO,
    "paired.mcnemar": _DISCORDANT,
    "paired.paired_test": _DISCORDANT,
    "paired.difference_interval": _CELLS,
    "paired.simple_test": _CELLS,
    "paired.sign_test": "n runs, wins Binomial(n, 1/2) (the null)",
    "paired.sign_test_from_scores": (
        "n runs: a tie with probability p_tie, else a win or a loss with probability 1/2 each"
    ),
    "paired.wilcoxon_signed_rank": (
        "n continuous differences symmetric about 0: every sign pattern of the ranks equally likely"
    ),
    "paired.noninferiority_test": _MARGIN_PAIRED,
    "paired.equivalence_test": _MARGIN_PAIRED,
    "paired.cochran_q": _K_CLASSIFIERS,
    "paired.pairwise_mcnemar": _K_CLASSIFIERS,
    "roc.auc_interval": _BINORMAL,
    "roc.delong_test": _BINORMAL_TWO,
    "roc.noninferiority_test": _BINORMAL_TWO + "; A at AUC_B − margin (size) or AUC_B (power)",
    "roc.equivalence_test": _BINORMAL_TWO + "; A at AUC_B − margin (size) or AUC_B (power)",
    "roc.multiclass_auc": (
        "softmax scores of latent normals: a class-c item has z ~ N(separation·e_c, I) (the "
        "last class shifted further in one setting); truth from 400 000 items per class"
    ),
    "roc.precision_recall_band": (
        _BINORMAL + "; truth: the population average precision, by quadrature"
    ),
    "bootstrap.bootstrap_interval": "K item results, each right with probability p "
    "(statistic: the accuracy)",
    "bootstrap.paired_difference_interval": _CELLS.replace("N items", "K items"),
    "resampling.cv_paired_t": _NADEAU_BENGIO + " (ρ = n_test/n_total)",
    "resampling.corrected_resampled_t": _NADEAU_BENGIO + " (ρ = n_test/n_total)",
    "resampling.paired_t_5x2cv": _NADEAU_BENGIO + " over the 5 × 2 folds (ρ = 0: Dietterich's "
    "independence; ρ = 0.5 = n_test/n_total of 2-fold CV)",
    "resampling.combined_f_5x2cv": _NADEAU_BENGIO + " over the 5 × 2 folds (ρ = 0: "
    "Dietterich's independence; ρ = 0.5 = n_test/n_total of 2-fold CV)",
    "clustered.accuracy_interval": (
        "beta-binomial writers: each writer's accuracy ~ Beta with mean 'accuracy' and "
        "ICC = 1/(α + β + 1), 20 items per writer"
    ),
    "clustered.mcnemar": (
        "writers of 20 items (equal) or 1–40 (unequal); an item discordant with probability "
        "0.3; a writer's share of discordant items going to A ~ Beta(4·share_A, 4·(1 − "
        "share_A)), Beta(2, 2) under H0; concordant items right with probability 0.9"
    ),
    "metrics.prior_weighted_error": "two independent Binomial(N_i, error_i) error counts",
    "metrics.cohen_kappa": (
        "3 classes with shares 0.5/0.3/0.2; a prediction right with probability 'right', else "
        "one of the other two classes at random (kappa 0: predictions independent of the truth, "
        "same shares)"
    ),
    "metrics.calibration_test": _CALIBRATION,
    "metrics.calibration_curve": _CALIBRATION.split(";")[0] + "; outcomes Bernoulli(p)",
    "metrics.class_metrics": (
        "fixed class sizes; an item right with its class's recall, else one of the other "
        "classes uniformly"
    ),
    "bayesian.paired_accuracy": _CELLS + ", p_b = p_c (equally good)",
    "bayesian.correlated_t": _NADEAU_BENGIO + " (ρ = test_fraction), scores 0.8 + 0.01·d",
    "bayesian.sign": _BAYES_DATASETS,
    "bayesian.signed_rank": _BAYES_DATASETS,
    "multiple.friedman": _DATASETS,
    "multiple.nemenyi": _DATASETS,
    "multiple.pairwise_wilcoxon": _DATASETS,
}


def with_models(rows: list[Row]) -> list[Row]:
    """The rows with their ``model`` from :data:`MODELS` (a function not there keeps its own)."""
    return [dataclasses.replace(r, model=MODELS.get(r.function, r.model)) for r in rows]


def mark_worst(rows: list[Row]) -> list[Row]:
    """Mark the worst measured setting of every method that has no worst-case row.

    The exactly enumerated families of one and two rates search a fine grid per test-set size
    (or size and margin) and add its worst point as a row of its own: a method with two or more
    such rows keeps them. For every other method (the simulated families, and the exact ones
    measured on a grid only) the worst of its grid is marked again each time the table is
    written, so that a grown grid moves the mark: the lowest coverage, the largest size. A
    simulated worst is itself an estimate, with the row's standard error (and the least of
    several noisy figures leans low).
    """
    groups: dict[tuple[str, str, str], list[int]] = {}
    for i, r in enumerate(rows):
        if r.kind in ("coverage", "size"):
            groups.setdefault((r.function, r.method, r.kind), []).append(i)
    rows = list(rows)
    for (_, _, kind), members in groups.items():
        if sum(rows[i].worst for i in members) >= 2:
            continue  # a fine search per size: its own rows
        pick = (min if kind == "coverage" else max)(members, key=lambda i: rows[i].value)
        for i in members:
            if rows[i].worst != (i == pick):
                rows[i] = dataclasses.replace(rows[i], worst=i == pick)
    return rows


def read(path: Path = OUT) -> list[Row]:
    """The rows of a table :func:`write` wrote."""
    out = []
    with path.open(newline="", encoding="utf-8") as f:
        for r in csv.DictReader(line for line in f if not line.startswith("#")):
            out.append(
                Row(
                    r["function"], r["method"], r["kind"], r["setting"], float(r["value"]),
                    float(r["se"]), float(r["width"]) if r["width"] else None,
                    float(r["nominal"]), r["worst"] == "1", r["how"], r.get("model") or "",
                )
            )  # fmt: skip
    return out


def write(rows: list[Row], path: Path = OUT) -> None:
    """Write the rows grouped by (function, method), each group in the order measured, with
    their models (:data:`MODELS`) and their worst settings marked (:func:`mark_worst`)."""
    rows = mark_worst(with_models(sorted(rows, key=lambda r: (r.function, r.method))))
    with path.open("w", newline="", encoding="utf-8") as f:
        f.write(f"# produced by (from the repository root): {COMMAND}\n")
        f.write("# one row per method and setting; see evalkit/atlas.py for the columns\n")
        writer = csv.DictWriter(f, fieldnames=COLUMNS, lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow(row.record())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", choices=sorted(FAMILIES), help="measure only these")
    parser.add_argument("--processes", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--update",
        action="store_true",
        help="with --only: replace those families' methods in data/atlas.csv, keep the rest",
    )
    parser.add_argument(
        "--add",
        action="store_true",
        help="with --only: measure only the settings data/atlas.csv does not hold yet and add "
        "them (a family's grid grew, a method is new); keep every row there",
    )
    parser.add_argument(
        "--models",
        action="store_true",
        help="measure nothing: rewrite data/atlas.csv with the model column of MODELS and the "
        "worst settings marked, every row's figures kept",
    )
    args = parser.parse_args(argv)
    if args.models:
        kept = read()
        write(kept)
        print(f"rewrote {len(kept)} rows of {OUT.relative_to(REPO)} with their models")
        return 0
    families = args.only or list(FAMILIES)
    # the slowest families first, so that two workers end at about the same time
    families.sort(key=lambda name: SLOW.index(name) if name in SLOW else len(SLOW))
    start = time.perf_counter()
    if args.only and args.add:
        held = {(r.function, r.method, r.setting) for r in read()}
        # one process: a worker process would not see the selection
        rows, _ = measure(families, select=lambda f, m, s: (f, m, s) not in held)
        kept = read()  # the table as it is now: another run may have written it meanwhile
        held = {(r.function, r.method, r.setting) for r in kept}
        rows = [r for r in rows if (r.function, r.method, r.setting) not in held]
        write(kept + rows)
        print(f"added {len(rows)} rows to {OUT.relative_to(REPO)}")
        return 0
    rows, _ = measure(families, processes=args.processes)
    total = time.perf_counter() - start
    if args.only and args.update:
        measured = {(r.function, r.method) for r in rows}
        kept = [r for r in read() if (r.function, r.method) not in measured]
        write(kept + rows)
        print(f"replaced {len(rows)} rows of {len(measured)} methods in {OUT.relative_to(REPO)}")
    elif args.only:
        for row in rows:
            print(row.record())
    else:
        write(rows)
        print(f"wrote {len(rows)} rows to {OUT.relative_to(REPO)} in {total:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
