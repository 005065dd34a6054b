"""Tests of evalkit.bootstrap: percentile and BCa intervals, paired differences, word accuracy.

Cross-checks: scipy.stats.bootstrap with the same method on the same data (agreement within
Monte-Carlo error, measured in units of the bootstrap standard error); the jackknife
acceleration of the mean against its closed form (the sample skewness); the paired-difference
interval against the same resamples drawn by hand; Clopper–Pearson for a proportion at large n;
a small coverage simulation; word accuracy against its definition (Wolff 2014, §5.2).
"""

from __future__ import annotations

import math
import re
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import special, stats

from evalkit import atlas
from evalkit.bootstrap import (
    acceleration,
    bias_correction,
    bootstrap_interval,
    jackknife,
    paired_difference_interval,
    word_accuracy,
)
from evalkit.intervals import clopper_pearson


def accuracy(y, p):
    return np.mean(np.asarray(y) == np.asarray(p), axis=-1)


def _scipy_interval(statistic, samples, method, rounds, seed):
    res = stats.bootstrap(
        samples,
        statistic,
        method=method,
        n_resamples=rounds,
        paired=len(samples) > 1,
        vectorized=False,
        rng=np.random.default_rng(seed),
    )
    return res.confidence_interval, res.standard_error


# --------------------------------------------------------------------------------------------
# agreement with scipy.stats.bootstrap


CASES = {
    "mean of a skewed sample": (
        lambda x: np.mean(x),
        (np.random.default_rng(10).exponential(size=40),),
    ),
    "median": (lambda x: np.median(x), (np.random.default_rng(11).normal(size=60),)),
    "accuracy": (
        accuracy,
        (
            np.random.default_rng(12).integers(0, 2, 80),
            np.random.default_rng(13).integers(0, 2, 80),
        ),
    ),
    "correlation (two paired samples)": (
        lambda a, b: np.corrcoef(a, b)[0, 1],
        (
            np.arange(30.0),
            np.arange(30.0) + np.random.default_rng(14).normal(scale=8, size=30),
        ),
    ),
}


@pytest.mark.parametrize("method", ["percentile", "bca"])
@pytest.mark.parametrize("case", list(CASES))
def test_agrees_with_scipy_bootstrap(case, method):
    statistic, samples = CASES[case]
    rounds = 6000
    ours = bootstrap_interval(statistic, *samples, method=method, rounds=rounds, rng=1)
    (low, high), se = _scipy_interval(statistic, samples, method, rounds, seed=2)
    # Monte-Carlo error of a 2.5 % quantile with B = 6000 is ≈ 0.03–0.05 standard errors;
    # 0.25 SE is about five times the error of the difference of two independent runs.
    assert ours.std_error == pytest.approx(se, rel=0.05)
    assert abs(ours.low - low) < 0.25 * se
    assert abs(ours.high - high) < 0.25 * se
    assert ours.estimate == pytest.approx(statistic(*samples))
    assert ours.method == ("bootstrap BCa" if method == "bca" else "bootstrap percentile")


def test_percentile_limits_are_quantiles_of_the_replicates():
    x = np.random.default_rng(5).normal(size=25)
    ci = bootstrap_interval(np.mean, x, rounds=500, confidence=0.9, rng=3)
    assert ci.low == pytest.approx(np.quantile(ci.replicates, 0.05))
    assert ci.high == pytest.approx(np.quantile(ci.replicates, 0.95))
    assert ci.replicates.shape == (500,) and ci.rounds == 500
    assert ci.bias == pytest.approx(ci.replicates.mean() - x.mean())
    assert ci.std_error == pytest.approx(ci.replicates.std(ddof=1))


# --------------------------------------------------------------------------------------------
# jackknife and BCa


def test_jackknife_of_the_mean():
    x = np.array([2.0, 3.0, 7.0, 11.0])
    expected = [(x.sum() - v) / 3 for v in x]
    np.testing.assert_allclose(jackknife(np.mean, x), expected)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(-100, 100, allow_nan=False), min_size=3, max_size=40))
def test_jackknife_acceleration_of_the_mean_is_the_skewness_formula(values):
    # For the mean, θ̂_(i) = (n x̄ − x_i)/(n − 1), so the jackknife acceleration equals
    # Σ(x − x̄)³ / (6 (Σ(x − x̄)²)^{3/2}) (Efron & Tibshirani 1993, eq. 14.15 and after).
    x = np.array(values)
    d = x - x.mean()
    if np.sum(d**2) < 1e-6:
        return
    jack = jackknife(np.mean, x)
    dev = jack.mean() - jack
    a_jack = np.sum(dev**3) / (6 * np.sum(dev**2) ** 1.5)
    a_closed = np.sum(d**3) / (6 * np.sum(d**2) ** 1.5)
    assert a_jack == pytest.approx(a_closed, rel=1e-6, abs=1e-9)


def test_jackknife_vectorized_equals_loop():
    x = np.random.default_rng(6).normal(size=(15, 2))
    loop = jackknife(lambda a: a[:, 0].mean() - a[:, 1].std(), x)
    vec = jackknife(lambda a: a[..., 0].mean(axis=1) - a[..., 1].std(axis=1), x, vectorized=True)
    np.testing.assert_allclose(vec, loop)


def test_bca_limits_follow_from_replicates_and_jackknife():
    x = np.random.default_rng(7).exponential(size=30)
    ci = bootstrap_interval(np.mean, x, method="bca", rounds=2000, rng=4)
    # a continuous statistic: no ties, so the mid-rank share is the share strictly below
    z0 = stats.norm.ppf(np.mean(ci.replicates < x.mean()))
    d = x - x.mean()
    a = np.sum(d**3) / (6 * np.sum(d**2) ** 1.5)
    z = stats.norm.ppf([0.025, 0.975])
    probs = stats.norm.cdf(z0 + (z0 + z) / (1 - a * (z0 + z)))
    np.testing.assert_allclose([ci.low, ci.high], np.quantile(ci.replicates, probs), rtol=1e-10)
    # for a right-skewed sample BCa moves both limits up relative to the percentile interval
    pct = bootstrap_interval(np.mean, x, rounds=2000, rng=4)
    assert ci.low > pct.low and ci.high > pct.high


# --------------------------------------------------------------------------------------------
# BCa for a discrete statistic: replicates equal to the estimate count as half (issue 20, point 1)


def _scipy_bca_from(replicates, samples, confidence=0.95):
    """scipy's BCa interval computed from *our* replicates (``bootstrap_result``, no new draws)."""

    class Previous:  # scipy reads only ``bootstrap_distribution`` from a previous result
        bootstrap_distribution = replicates

    res = stats.bootstrap(
        samples,
        lambda *a, axis=-1: accuracy(*a) if len(a) == 2 else np.mean(a[0], axis=axis),
        method="BCa",
        n_resamples=0,
        bootstrap_result=Previous,
        paired=len(samples) > 1,
        confidence_level=confidence,
    )
    return res.confidence_interval


def _ideal_bca_for_a_proportion(k, n, confidence=0.95):
    """BCa limits from the exact bootstrap distribution of k of n correct, Bin(n, k/n)/n.

    An independent route: ẑ0 from the binomial cdf with the tie P(K* = k) counted as half, â in
    closed form (for the mean of 0/1 values the jackknife gives the skewness formula), and the
    limits as binomial quantiles — no resampling at all.
    """
    dist = stats.binom(n, k / n)
    z0 = special.ndtri(dist.cdf(k - 1) + dist.pmf(k) / 2)
    d = np.r_[np.ones(k), np.zeros(n - k)] - k / n
    a = np.sum(d**3) / (6 * np.sum(d**2) ** 1.5)
    z = special.ndtri([(1 - confidence) / 2, (1 + confidence) / 2])
    return dist.ppf(special.ndtr(z0 + (z0 + z) / (1 - a * (z0 + z)))) / n


@pytest.mark.parametrize(("correct", "items"), [(40, 50), (18, 20), (27, 30)])
def test_bca_of_an_accuracy_equals_scipy_given_the_same_replicates(correct, items):
    # Many replicates of an accuracy equal the estimate; scipy counts them as half in ẑ0.
    # Counting only those strictly below gave [0.64, 0.88] for 40 of 50 (scipy: [0.68, 0.90])
    # and [0.60, 0.95] for 18 of 20.
    c = np.r_[np.ones(correct), np.zeros(items - correct)]
    ours = bootstrap_interval(
        lambda a: a.mean(axis=1), c, method="bca", rounds=4000, rng=3, vectorized=True
    )
    low, high = _scipy_bca_from(ours.replicates, (c,))
    assert (ours.low, ours.high) == pytest.approx((low, high), abs=1e-12)


def test_bca_acceleration_of_two_paired_samples_equals_scipy():
    # labels and predictions are resampled (and left out) row by row: scipy's paired=True
    y = np.random.default_rng(30).integers(0, 2, 40)
    p = np.where(np.random.default_rng(31).random(40) < 0.75, y, 1 - y)
    ours = bootstrap_interval(accuracy, y, p, method="bca", rounds=3000, rng=4, vectorized=True)
    low, high = _scipy_bca_from(ours.replicates, (y, p))
    assert (ours.low, ours.high) == pytest.approx((low, high), abs=1e-12)


@pytest.mark.parametrize(
    ("correct", "items", "expected"), [(18, 20, (0.70, 1.00)), (40, 50, (0.68, 0.90))]
)
def test_bca_of_an_accuracy_matches_the_exact_bootstrap_distribution(correct, items, expected):
    # The bootstrap distribution of k of n correct is Bin(n, k/n)/n, so BCa's limits can be
    # computed without resampling; with B = 20 000 replicates the limits agree up to one
    # step 1/n where a BCa level falls within Monte-Carlo error of a jump of the binomial cdf
    # (40 of 50: the lower level 0.0146 against cdf(33) = 0.0144).
    ideal = _ideal_bca_for_a_proportion(correct, items)
    np.testing.assert_allclose(ideal, expected, atol=1e-12)
    c = np.r_[np.ones(correct), np.zeros(items - correct)]
    ours = bootstrap_interval(
        lambda a: a.mean(axis=1), c, method="bca", rounds=20_000, rng=5, vectorized=True
    )
    assert abs(ours.high - ideal[1]) <= 1e-12  # upper levels are far from a jump
    assert abs(ours.low - ideal[0]) <= 1 / items + 1e-12
    if correct == 18:  # no longer the odd [0.60, 0.95] beside Clopper–Pearson [0.683, 0.988]
        assert (ours.low, ours.high) == pytest.approx((0.70, 1.00))


def test_bca_coverage_for_an_accuracy_n50_p085_is_near_nominal():
    # Coverage of the 95 % BCa interval for an accuracy of n = 50 items with true p = 0.85,
    # summed exactly over the 51 possible test-set outcomes k (binomial weights), so the only
    # Monte-Carlo error is that of the bootstrap itself (B = 2000 per k). The ideal bootstrap
    # (B = ∞, `_ideal_bca_for_a_proportion`) covers 0.9558; counting ties as "not below"
    # gave 0.937. The all-correct test set (BCa undefined) counts as a miss.
    n, p = 50, 0.85
    gen = np.random.default_rng(6)
    covered, ideal = 0.0, 0.0
    for k in range(1, n):
        c = np.r_[np.ones(k), np.zeros(n - k)]
        ci = bootstrap_interval(
            lambda a: a.mean(axis=1), c, method="bca", rounds=2000, rng=gen, vectorized=True
        )
        weight = stats.binom.pmf(k, n, p)
        covered += weight * (ci.low <= p <= ci.high)
        low, high = _ideal_bca_for_a_proportion(k, n)
        ideal += weight * (low <= p <= high)
    assert ideal == pytest.approx(0.9558, abs=5e-5)
    # a limit that lands one step off at some k moves the coverage by that k's weight
    # (≤ 0.16); here the limits that decide coverage sit far from a jump of the cdf
    assert covered == pytest.approx(ideal, abs=0.02)
    assert 0.94 <= covered <= 0.97


def test_bias_correction_counts_ties_as_half_and_acceleration_matches_closed_form():
    assert bias_correction([0.7, 0.8, 0.8, 0.9], 0.8) == 0.0
    assert bias_correction([1.0, 2.0, 3.0, 4.0], 2.5) == 0.0  # no ties: the plain share
    assert bias_correction([1.0, 2.0, 2.0, 3.0], 2.0) == pytest.approx(0.0)
    assert bias_correction([1, 2, 2, 2, 3, 3], 2) == pytest.approx(special.ndtri(2.5 / 6))
    with pytest.raises(ValueError, match="z0 is infinite"):
        bias_correction([1.0, 1.5], 0.5)
    x = np.array([1.0, 2.0, 6.0, 7.5, 0.2])
    d = x - x.mean()
    assert acceleration(jackknife(np.mean, x)) == pytest.approx(
        np.sum(d**3) / (6 * np.sum(d**2) ** 1.5)
    )
    with pytest.raises(ValueError, match="acceleration is 0/0"):
        acceleration([0.5, 0.5, 0.5])


@pytest.mark.parametrize(
    ("function", "args", "error", "match"),
    [
        (bias_correction, ([], 0.5), ValueError, "replicates must be a 1-D array of at least 1"),
        (bias_correction, ([[0.1, 0.2]], 0.5), ValueError, "replicates must be a 1-D array"),
        (bias_correction, ([0.1, np.nan], 0.5), ValueError, "replicates must be finite"),
        (bias_correction, ("0.1", 0.5), TypeError, "replicates must be a number or an array"),
        (bias_correction, ([0.1, 0.9], "0.5"), TypeError, "estimate must be a finite number"),
        (bias_correction, ([0.1, 0.9], True), TypeError, "estimate must be a finite number"),
        (bias_correction, ([0.1, 0.9], np.inf), ValueError, "estimate must be finite"),
        (acceleration, ([1.0],), ValueError, "jackknife_values must be a 1-D array of at least 2"),
        (acceleration, ([1.0, np.inf],), ValueError, "jackknife_values must be finite"),
        (acceleration, ([True, False],), TypeError, "jackknife_values must be a number, not a"),
    ],
)
def test_bca_helpers_bad_inputs(function, args, error, match):
    with pytest.raises(error, match=match):
        function(*args)


def test_bca_degenerate_distribution_raises_and_percentile_collapses():
    all_correct = np.ones(50)
    with pytest.warns(UserWarning, match="bootstrap resamples gave the same value 1"):
        pct = bootstrap_interval(np.mean, all_correct, rounds=200, rng=0)
    assert (pct.low, pct.high) == (1.0, 1.0)
    with pytest.raises(ValueError, match=r"BCa is undefined here.*clopper_pearson"):
        bootstrap_interval(np.mean, all_correct, method="bca", rounds=200, rng=0)


# --------------------------------------------------------------------------------------------
# issue 57: a bootstrap whose resamples are all equal warns instead of a silent [θ, θ]


def _collapse_warnings(caught):
    return [w for w in caught if "bootstrap resamples gave the same value" in str(w.message)]


def test_bootstrap_interval_warns_when_every_resample_is_equal_and_names_the_exact_interval():
    with pytest.warns(UserWarning) as caught:
        ci = bootstrap_interval(np.mean, np.ones(30), rounds=500, rng=1)
    (w,) = _collapse_warnings(caught)
    text = str(w.message)
    assert "all 500" not in text and "every one of the 500 bootstrap resamples" in text
    assert "[1, 1], of width 0: not a confidence interval" in text
    assert "evalkit.intervals.clopper_pearson(successes, trials)" in text
    assert w.category is UserWarning and w.filename == __file__  # the caller's line
    assert ci.width == 0.0 and ci.std_error == 0.0
    # the exact interval it points to does what the bootstrap cannot
    assert clopper_pearson(30, 30).low == pytest.approx(0.8843, abs=1e-4)
    # a vectorized statistic and a constant sample of another value: the same warning
    with pytest.warns(UserWarning, match=r"same value 0\.25, so the interval is \[0\.25, 0\.25\]"):
        bootstrap_interval(lambda x: x.mean(axis=-1), np.full(12, 0.25), rng=2, vectorized=True)


def test_paired_difference_interval_warns_when_the_classifiers_agree_on_every_item():
    y = np.array([0, 1] * 20)
    both_right = y.copy()
    wrong = both_right.copy()
    wrong[:3] = 1 - wrong[:3]  # both classifiers wrong on the same three items: no discordance
    for method in ("percentile",):
        with pytest.warns(UserWarning) as caught:
            ci = paired_difference_interval(accuracy, y, wrong, wrong.copy(), method=method, rng=3)
        (w,) = _collapse_warnings(caught)
        assert "agree on every item" in str(w.message)
        assert "evalkit.paired.difference_interval" in str(w.message)
        assert (ci.low, ci.high, ci.estimate) == (0.0, 0.0, 0.0)
    with pytest.raises(ValueError, match=r"BCa is undefined here.*paired\.difference_interval"):
        paired_difference_interval(accuracy, y, wrong, wrong.copy(), method="bca", rng=3)


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_no_warning_when_the_resamples_vary(method):
    # one wrong item of 500: a resample leaves it out with probability 0.368, so the replicates
    # vary (all 100 equal with probability 0.368^100); no warning, however close to 100 %
    correct = np.ones(500)
    correct[7] = 0
    y = np.array([0, 1] * 250)
    a, b = y.copy(), y.copy()
    b[11] = 1 - b[11]  # one discordant item
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ci = bootstrap_interval(np.mean, correct, method=method, rounds=100, rng=4)
        diff = paired_difference_interval(accuracy, y, a, b, method=method, rounds=100, rng=4)
    assert ci.low < ci.high and diff.low < diff.high


def test_the_cluster_bootstrap_keeps_its_own_warning():
    # clustered.accuracy_interval(method="bootstrap") shares the core; it warns about accuracy
    # above 0.95 itself, so the core stays silent there
    from evalkit.clustered import accuracy_interval

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        accuracy_interval(np.ones(40), np.arange(40) // 4, "bootstrap", rounds=200, rng=0)
    assert not _collapse_warnings(caught)
    assert any("accuracy 1" in str(w.message) for w in caught)


# --------------------------------------------------------------------------------------------
# vectorized, reproducible, behaviour


def test_vectorized_gives_the_same_interval_as_the_loop():
    y = np.random.default_rng(8).integers(0, 2, 60)
    p = np.where(np.random.default_rng(9).random(60) < 0.8, y, 1 - y)
    for method in ("percentile", "bca"):
        loop = bootstrap_interval(accuracy, y, p, method=method, rounds=300, rng=5)
        vec = bootstrap_interval(accuracy, y, p, method=method, rounds=300, rng=5, vectorized=True)
        np.testing.assert_allclose(vec.replicates, loop.replicates)
        assert (vec.low, vec.high) == pytest.approx((loop.low, loop.high))


def test_same_seed_same_interval_and_generator_accepted():
    x = np.arange(20.0)
    a = bootstrap_interval(np.mean, x, rounds=200, rng=11)
    b = bootstrap_interval(np.mean, x, rounds=200, rng=np.random.default_rng(11))
    assert (a.low, a.high) == (b.low, b.high)


def test_proportion_close_to_clopper_pearson_for_large_n():
    correct = np.r_[np.ones(850), np.zeros(150)]
    boot = bootstrap_interval(
        lambda c: c.mean(axis=1), correct, rounds=4000, rng=12, vectorized=True
    )
    cp = clopper_pearson(850, 1000)
    assert abs(boot.low - cp.low) < 0.006 and abs(boot.high - cp.high) < 0.006


def test_coverage_for_the_mean_of_a_normal_sample():
    # A small simulation: the 90 % percentile interval for the mean of n = 40 normal values
    # covers the true mean in roughly 90 % of samples (slightly less: the bootstrap is narrow).
    rng = np.random.default_rng(13)
    hits = 0
    trials = 300
    for _ in range(trials):
        x = rng.normal(size=40)
        ci = bootstrap_interval(
            lambda a: a.mean(axis=1), x, confidence=0.9, rounds=400, rng=rng, vectorized=True
        )
        hits += ci.low <= 0.0 <= ci.high
    assert 0.82 <= hits / trials <= 0.95


def test_two_dimensional_samples_resample_rows():
    # rows are items: resampling keeps each row's columns together
    counts = np.column_stack([np.arange(1, 21), 2 * np.arange(1, 21)])
    with pytest.warns(UserWarning, match="same value 2"):  # the ratio is 2 in every resample
        ci = bootstrap_interval(lambda c: c[:, 1].sum() / c[:, 0].sum(), counts, rounds=200, rng=0)
    assert ci.low == ci.high == pytest.approx(2.0)


# --------------------------------------------------------------------------------------------
# paired difference


def test_paired_difference_equals_hand_drawn_resamples():
    rng = np.random.default_rng(14)
    y = rng.integers(0, 2, 100)
    a = np.where(rng.random(100) < 0.85, y, 1 - y)
    b = np.where(rng.random(100) < 0.75, y, 1 - y)
    ci = paired_difference_interval(accuracy, y, a, b, rounds=500, rng=21)
    idx = np.random.default_rng(21).integers(0, 100, size=(500, 100))
    by_hand = np.array([accuracy(y[i], a[i]) - accuracy(y[i], b[i]) for i in idx])
    np.testing.assert_allclose(ci.replicates, by_hand)
    assert (ci.low, ci.high) == pytest.approx(tuple(np.quantile(by_hand, [0.025, 0.975])))
    assert ci.estimate == pytest.approx(accuracy(y, a) - accuracy(y, b))
    assert ci.method == "paired bootstrap percentile"


def test_pairing_narrows_the_interval_for_correlated_classifiers():
    rng = np.random.default_rng(15)
    y = rng.integers(0, 2, 300)
    a = np.where(rng.random(300) < 0.85, y, 1 - y)
    b = a.copy()
    flip = rng.choice(300, 15, replace=False)
    b[flip] = 1 - b[flip]  # b differs from a on only 15 items
    paired = paired_difference_interval(accuracy, y, a, b, rounds=2000, rng=1)
    ia = bootstrap_interval(accuracy, y, a, rounds=2000, rng=2)
    ib = bootstrap_interval(accuracy, y, b, rounds=2000, rng=3)
    unpaired_se = np.hypot(ia.std_error, ib.std_error)
    assert paired.std_error < 0.5 * unpaired_se


def test_paired_difference_rejects_a_non_callable_metric():
    with pytest.raises(TypeError, match="metric must be a callable"):
        paired_difference_interval("accuracy", [0, 1], [0, 1], [1, 0], rng=0)


# --------------------------------------------------------------------------------------------
# word accuracy (Wolff 2014, §5.2)


counts = st.integers(0, 10**6)


@settings(max_examples=150, deadline=None)
@given(counts, counts, counts, st.integers(1, 10**6))
def test_word_accuracy_definition_and_range(s, d, i, n):
    if s + d > n:
        with pytest.raises(ValueError, match="substitutions \\+ deletions must not exceed"):
            word_accuracy(s, d, i, n)
        return
    acc = word_accuracy(s, d, i, n)
    assert acc == pytest.approx((n - s - d - i) / n)
    assert acc <= 1.0
    assert isinstance(acc, float)


def test_word_accuracy_examples_and_broadcasting():
    assert word_accuracy(0, 0, 0, 10) == 1.0
    assert word_accuracy(0, 0, 25, 10) == -1.5  # insertions push ACC below 0
    out = word_accuracy([1, 2], [0, 1], [0, 3], 10)
    np.testing.assert_allclose(out, [0.9, 0.4])


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        ((-1, 0, 0, 10), ValueError, "substitutions must be a whole number ≥ 0"),
        ((0, -1, 0, 10), ValueError, "deletions must be a whole number ≥ 0"),
        ((0, 0, -2, 10), ValueError, "insertions must be a whole number ≥ 0"),
        ((0, 0, 0, 0), ValueError, "reference_length must be a whole number ≥ 1"),
        ((1.5, 0, 0, 10), ValueError, "substitutions must be a whole number"),
        ((0, 0, np.nan, 10), ValueError, "insertions must be a finite whole number"),
        ((6, 5, 0, 10), ValueError, "substitutions \\+ deletions must not exceed reference_length"),
        (([1, 2], [1, 2, 3], 0, 10), ValueError, "must have broadcastable shapes"),
        (("1", 0, 0, 10), TypeError, "substitutions must be a number"),
        ((True, 0, 0, 10), TypeError, "substitutions must be a number, not a boolean"),
    ],
)
def test_word_accuracy_bad_inputs(args, error, match):
    with pytest.raises(error, match=match):
        word_accuracy(*args)


# --------------------------------------------------------------------------------------------
# bad inputs of bootstrap_interval


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"method": "basic"}, ValueError, "method must be one of 'percentile', 'bca'"),
        ({"confidence": 95}, ValueError, "confidence must be strictly between 0 and 1"),
        ({"confidence": "0.95"}, TypeError, "confidence must be a number"),
        ({"rounds": 10}, ValueError, "rounds must be a whole number ≥ 100"),
        ({"rounds": 1000.0}, TypeError, "rounds must be a whole number"),
        ({"rng": -1}, ValueError, r"rng must be None, a numpy\.random\.Generator or an integer"),
        ({"rng": "seed"}, TypeError, r"rng must be None, a numpy\.random\.Generator"),
        ({"vectorized": "no"}, TypeError, "vectorized must be True or False"),
    ],
)
def test_bad_arguments(kwargs, error, match):
    args = {"rng": 0, **kwargs}
    with pytest.raises(error, match=match):
        bootstrap_interval(np.mean, np.arange(10.0), **args)


def test_bad_samples_and_statistics():
    with pytest.raises(TypeError, match="statistic must be a callable"):
        bootstrap_interval("mean", np.arange(10.0), rng=0)
    with pytest.raises(ValueError, match="samples: give at least one array"):
        bootstrap_interval(np.mean, rng=0)
    with pytest.raises(ValueError, match="samples must all have the same length along axis 0"):
        bootstrap_interval(accuracy, [0, 1, 1], [0, 1], rng=0)
    with pytest.raises(ValueError, match="samples must have at least 2 rows"):
        bootstrap_interval(np.mean, [1.0], rng=0)
    with pytest.raises(ValueError, match=r"samples\[0\] must have at least one axis"):
        bootstrap_interval(np.mean, 3.0, rng=0)
    with pytest.raises(TypeError, match=r"samples\[0\] must be an array"):
        bootstrap_interval(np.mean, "abc", rng=0)
    with pytest.raises(ValueError, match="statistic must return one number"):
        bootstrap_interval(lambda x: x, np.arange(5.0), rng=0)
    with pytest.raises(ValueError, match="a vectorized statistic must reduce axis 1"):
        bootstrap_interval(lambda x: x, np.arange(5.0), rng=0, vectorized=True, rounds=100)
    with pytest.raises(ValueError, match="statistic returned NaN or inf"):
        # precision of the positive class is 0/0 on resamples without predicted positives
        bootstrap_interval(
            lambda p: np.sum(p) / np.sum(p > 0) if np.sum(p > 0) else np.nan,
            np.r_[1.0, np.zeros(9)],
            rng=0,
            rounds=200,
        )


# --------------------------------------------------------------------------------------------
# issue 44: rng=None, the Monte-Carlo error of the limits, a short repr


def test_rng_none_draws_fresh_entropy_instead_of_raising():
    # regression: rng=None raised "rng must be given"
    x = np.random.default_rng(40).normal(size=30)
    first = bootstrap_interval(np.mean, x, rounds=500)
    second = bootstrap_interval(np.mean, x, rounds=500)
    assert first.low != second.low  # fresh entropy each call
    assert abs(first.low - second.low) < 8 * max(first.mc_standard_error, 1e-12)
    same = bootstrap_interval(np.mean, x, rounds=500, rng=np.random.default_rng(9))
    assert same.low == bootstrap_interval(np.mean, x, rounds=500, rng=9).low


@pytest.mark.parametrize("method", ["percentile", "bca"])
def test_mc_standard_error_estimates_the_spread_of_the_limits(method):
    # Measured: the standard deviation of the limits over 200 bootstraps of one sample
    # (B = 400 each, seeded) against the mean of the estimated mc_standard_error. The SD of an
    # SD from 200 draws is ≈ 5 %, so the ratio should lie within about ±15 % plus the
    # estimator's own bias; we require 0.75-1.33.
    x = np.random.default_rng(41).exponential(size=40)
    gen = np.random.default_rng(42)
    results = [
        bootstrap_interval(
            lambda a: a.mean(axis=1), x, method=method, rounds=400, rng=gen, vectorized=True
        )
        for _ in range(200)
    ]
    spread = max(np.std([r.low for r in results]), np.std([r.high for r in results]))
    estimated = np.mean([r.mc_standard_error for r in results])
    assert 0.75 < estimated / spread < 1.33


def test_bootstrap_interval_repr_is_short():
    x = np.random.default_rng(43).normal(size=100)
    ci = bootstrap_interval(np.mean, x, rounds=2000, rng=0)
    text = repr(ci)
    assert text.startswith("BootstrapInterval(low=") and "mc_standard_error=" in text
    assert len(text) < 300 and "\n" not in text and "replicates" not in text
    assert ">mc_standard_error</th>" in ci._repr_html_()


def test_paired_difference_interval_takes_sklearn_names():
    y = np.array([1, 0] * 30)
    a = y.copy()
    a[:6] = 1 - a[:6]
    ci = paired_difference_interval(accuracy, y_true=y, y_pred_a=a, y_pred_b=y, rounds=200, rng=0)
    assert ci.estimate == pytest.approx(-0.1) and ci.method == "paired bootstrap percentile"


def test_inputs_are_checked_once_per_call(monkeypatch):
    # issue 45, point 3: paired_difference_interval checked its samples, then called the public
    # bootstrap_interval, which checked them again (and BCa's jackknife a third time)
    import evalkit.bootstrap as module

    calls = []
    original = module._as_samples

    def counting(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, "_as_samples", counting)
    y = np.array([1, 0] * 20)
    a = y.copy()
    a[:4] = 1 - a[:4]
    paired_difference_interval(accuracy, y, a, y, method="bca", rounds=200, rng=0)
    assert len(calls) == 1
    calls.clear()
    bootstrap_interval(np.mean, np.arange(30.0), method="bca", rounds=200, rng=0)
    assert len(calls) == 1


# --------------------------------------------------------------------------------------------
# issue 57: the docstrings state the atlas's figures near 100 %


def _no_interval_share(row):
    """Failures/replicates of an atlas row ("R replicates (F without an answer, …)") and its SE."""
    found = re.search(r"(\d+) replicates(?: \((\d+) without an answer)?", row.how)
    replicates, failures = int(found[1]), int(found[2] or 0)
    share = failures / replicates
    return share, math.sqrt(share * (1 - share) / replicates)


def _docstring_table(function):
    """The rows of the "Near 100 %" table of a docstring: lists of the cells' numbers."""
    doc = function.__doc__
    block = doc[doc.index("no BCa interval\n") :].split("\n\n")[0]
    return [
        [float(x) for x in re.findall(r"\d+(?:\.\d+)?", line)]
        for line in block.splitlines()
        if re.match(r"\s+\d", line)
    ]


def test_bootstrap_interval_states_the_atlas_near_100_percent():
    rows = {(r.method, r.setting): r for r in atlas.rows("bootstrap.bootstrap_interval")}
    table = _docstring_table(bootstrap_interval)
    assert len(table) == 20
    for k, p, all_right, pct, pct_se, bca, bca_se, none, none_se in table:
        setting = f"K={k:g}; p={p:g}; rounds=1000; statistic=accuracy"
        percentile, bca_row = rows["percentile", setting], rows["bca", setting]
        assert (round(percentile.value, 3), round(percentile.se, 3)) == (pct, pct_se)
        assert (round(bca_row.value, 3), round(bca_row.se, 3)) == (bca, bca_se)
        share, se = _no_interval_share(bca_row)
        assert (round(share, 3), round(se, 3)) == (none, none_se)
        assert round(p**k, 3) == all_right
    # every measured BCa row: no interval in about the share p^K of test sets (all items right)
    for row in atlas.rows("bootstrap.bootstrap_interval", "bca"):
        k, p = row.parameters["K"], row.parameters["p"]
        share, se = _no_interval_share(row)
        assert abs(share - p**k) <= 4 * max(se, 1e-3), (row.setting, share, p**k)
        assert row.se <= 0.005 and se <= 0.005  # the course's Monte-Carlo standard


def test_paired_difference_interval_states_the_atlas_near_100_percent():
    rows = {(r.method, r.setting): r for r in atlas.rows("bootstrap.paired_difference_interval")}
    table = _docstring_table(paired_difference_interval)
    assert len(table) == 15
    for k, p_b, agree, pct, pct_se, bca, bca_se, none, none_se in table:
        e_a, e_b = (1 - p_b) / 2, 1 - p_b
        cells = ((1 - e_a) * (1 - e_b), (1 - e_a) * e_b, e_a * (1 - e_b), e_a * e_b)
        setting = (
            f"N={k:g}; "
            + "; ".join(f"p_{c}={v:.6g}" for c, v in zip("abcd", cells, strict=True))
            + "; rounds=1000"
        )
        percentile, bca_row = rows["percentile", setting], rows["bca", setting]
        assert (round(percentile.value, 3), round(percentile.se, 3)) == (pct, pct_se)
        assert (round(bca_row.value, 3), round(bca_row.se, 3)) == (bca, bca_se)
        share, se = _no_interval_share(bca_row)
        assert (round(share, 3), round(se, 3)) == (none, none_se)
        no_discordant = (1 - cells[1] - cells[2]) ** k
        assert round(no_discordant, 3) == agree
        assert abs(share - no_discordant) <= 4 * max(se, 1e-3), (setting, share, no_discordant)


def test_a_row_near_100_percent_is_measured_again_to_the_same_figures():
    # the rows are seeded per function and setting: measuring one again gives the committed
    # value and the same count of test sets without a BCa interval (K = 50, p = 0.95: 2.5
    # expected errors, all right in 7.7 % of test sets)
    import sys

    from tests.conftest import REPO

    sys.path.insert(0, str(REPO / "benchmarks"))
    import measure_atlas

    setting = "K=50; p=0.95; rounds=1000; statistic=accuracy"
    wanted = ("bootstrap.bootstrap_interval", "bca", setting)
    (fresh,) = measure_atlas.measure(["bootstrap"], select=lambda *key: key == wanted)[0]
    committed = {(r.function, r.method, r.setting): r for r in atlas.rows()}[wanted]
    assert fresh.value == pytest.approx(committed.value, abs=1e-6)
    assert fresh.how == committed.how
