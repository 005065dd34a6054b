"""Tests of evalkit.roc: scikit-learn, Mann–Whitney, a direct DeLong, the Symeonidis table."""

from __future__ import annotations

import math
import warnings
from itertools import combinations

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from evalkit.datasets import data_file
from evalkit.intervals import wilson
from evalkit.results import Interval, TestResult
from evalkit.roc import (
    AucInterval,
    MulticlassAuc,
    PrecisionRecallBand,
    PrecisionRecallCurve,
    RocCurve,
    auc,
    auc_interval,
    average_precision,
    delong_test,
    multiclass_auc,
    precision_recall_band,
    precision_recall_curve,
    roc_curve,
)

RNG_SEED = 6

SYM_SCORES = [0.95, 0.93, 0.87, 0.85, 0.85, 0.85, 0.76, 0.53, 0.43, 0.25]
SYM_LABELS = [1, 1, 0, 0, 0, 1, 0, 1, 0, 1]


def tied_data(rng, n, levels=8, shift=0.8):
    """Binary labels and scores rounded to a few levels, so that ties are common."""
    y = rng.random(n) < 0.4
    y[0], y[1], y[2], y[3] = True, True, False, False
    raw = rng.normal(size=n) + shift * y
    scores = np.round(raw * levels / 4) / (levels / 4)
    return scores, y.astype(int)


# --------------------------------------------------------------------------------------------
# direct (slow) implementations written here, independent of evalkit


def direct_psi(pos, neg):
    """ψ(X_i, Y_j) = 1 if X_i > Y_j, 1/2 if equal, 0 otherwise (an n_pos × n_neg matrix)."""
    pos = np.asarray(pos, dtype=float)[:, None]
    neg = np.asarray(neg, dtype=float)[None, :]
    return (pos > neg) + 0.5 * (pos == neg)


def direct_delong(score_sets, y):
    """DeLong et al. (1988) straight from the definition, O(n_pos · n_neg) per classifier."""
    y = np.asarray(y, dtype=bool)
    v10, v01, aucs = [], [], []
    for s in score_sets:
        s = np.asarray(s, dtype=float)
        psi = direct_psi(s[y], s[~y])
        v10.append(psi.mean(axis=1))
        v01.append(psi.mean(axis=0))
        aucs.append(psi.mean())
    v10, v01 = np.array(v10), np.array(v01)
    m, n = v10.shape[1], v01.shape[1]
    k = len(score_sets)
    s10 = np.empty((k, k))
    s01 = np.empty((k, k))
    for a in range(k):
        for b in range(k):
            s10[a, b] = np.sum((v10[a] - v10[a].mean()) * (v10[b] - v10[b].mean())) / (m - 1)
            s01[a, b] = np.sum((v01[a] - v01[a].mean()) * (v01[b] - v01[b].mean())) / (n - 1)
    return np.array(aucs), s10 / m + s01 / n


# --------------------------------------------------------------------------------------------
# the curve


@pytest.mark.parametrize("n", [4, 30, 500, 5000])
@pytest.mark.parametrize("levels", [2, 8, 1000])
def test_roc_curve_matches_sklearn(n, levels):
    rng = np.random.default_rng(RNG_SEED + n + levels)
    scores, y = tied_data(rng, n, levels)
    ours = roc_curve(y, scores)
    fpr, tpr, thr = skm.roc_curve(y, scores, drop_intermediate=False)
    np.testing.assert_allclose(ours.fpr, fpr, rtol=0, atol=1e-15)
    np.testing.assert_allclose(ours.tpr, tpr, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(ours.thresholds, thr)
    assert ours.thresholds[0] == np.inf
    assert len(ours.thresholds) == len(np.unique(scores)) + 1
    # counts add up at every threshold
    np.testing.assert_array_equal(ours.tp + ours.fn, np.full(ours.tp.shape, ours.n_positive))
    np.testing.assert_array_equal(ours.fp + ours.tn, np.full(ours.fp.shape, ours.n_negative))
    # unpacks like scikit-learn's triple
    a, b, c = ours
    assert a is ours.fpr and b is ours.tpr and c is ours.thresholds


def test_roc_curve_counts_by_brute_force():
    rng = np.random.default_rng(RNG_SEED)
    scores, y = tied_data(rng, 300, 6)
    c = roc_curve(y, scores)
    for t, tp, fp in zip(c.thresholds, c.tp, c.fp, strict=True):
        predicted = scores >= t
        assert tp == np.sum(predicted & (y == 1))
        assert fp == np.sum(predicted & (y == 0))


def test_symeonidis_table_corrected():
    c = roc_curve(SYM_LABELS, SYM_SCORES)
    assert isinstance(c, RocCurve)
    # the slide's column order is ascending thresholds, the last one 1.00 (nothing positive)
    np.testing.assert_allclose(
        c.thresholds[1:][::-1], [0.25, 0.43, 0.53, 0.76, 0.85, 0.87, 0.93, 0.95]
    )
    np.testing.assert_array_equal(c.tp[::-1], [5, 4, 4, 3, 3, 2, 2, 1, 0])
    np.testing.assert_array_equal(c.fp[::-1], [5, 5, 4, 4, 3, 1, 0, 0, 0])
    np.testing.assert_array_equal(c.tn[::-1], [0, 0, 1, 1, 2, 4, 5, 5, 5])
    np.testing.assert_array_equal(c.fn[::-1], [0, 1, 1, 2, 2, 3, 3, 4, 5])
    np.testing.assert_allclose(c.tpr[::-1], [1, 0.8, 0.8, 0.6, 0.6, 0.4, 0.4, 0.2, 0])
    np.testing.assert_allclose(c.fpr[::-1], [1, 1, 0.8, 0.8, 0.6, 0.2, 0, 0, 0])
    assert auc(SYM_LABELS, SYM_SCORES) == 0.56  # 14 of 25 pairs, exact
    # the slide's order (the tied + first) would give a staircase of area 0.60
    staircase_fpr = np.array([0, 0, 0, 0.2, 0.2, 0.4, 0.6, 0.8, 0.8, 1, 1])
    staircase_tpr = np.array([0, 0.2, 0.4, 0.4, 0.6, 0.6, 0.6, 0.6, 0.8, 0.8, 1])
    assert np.trapezoid(staircase_tpr, staircase_fpr) == pytest.approx(0.60)


def test_roc_curve_accepts_booleans_and_integers():
    c1 = roc_curve([True, False, True, False], [3, 1, 2, 2])
    c2 = roc_curve([1, 0, 1, 0], [3.0, 1.0, 2.0, 2.0])
    np.testing.assert_array_equal(c1.tpr, c2.tpr)
    np.testing.assert_array_equal(c1.fpr, c2.fpr)
    np.testing.assert_array_equal(c1.tpr, [0, 0.5, 1, 1])
    np.testing.assert_array_equal(c1.fpr, [0, 0, 0.5, 1])  # the tie at 2 is one diagonal step


# --------------------------------------------------------------------------------------------
# AUC


@pytest.mark.parametrize("n", [4, 25, 400, 20000])
@pytest.mark.parametrize("levels", [2, 8, 10**6])
def test_auc_matches_sklearn_and_mann_whitney(n, levels):
    rng = np.random.default_rng(RNG_SEED + 3 * n + levels)
    scores, y = tied_data(rng, n, levels)
    a = auc(y, scores)
    assert isinstance(a, float)
    assert a == pytest.approx(skm.roc_auc_score(y, scores), rel=1e-12)
    c = roc_curve(y, scores)
    assert a == pytest.approx(skm.auc(c.fpr, c.tpr), rel=1e-12)
    pos, neg = scores[y == 1], scores[y == 0]
    u = stats.mannwhitneyu(pos, neg, alternative="two-sided", method="asymptotic").statistic
    assert a == pytest.approx(u / (pos.size * neg.size), rel=1e-12)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 6), st.booleans()), min_size=2, max_size=40).filter(
        lambda v: len({lab for _, lab in v}) == 2
    )
)
def test_auc_is_pair_count(pairs):
    scores = np.array([s for s, _ in pairs], dtype=float)
    y = np.array([lab for _, lab in pairs])
    expected = direct_psi(scores[y], scores[~y]).mean()
    assert auc(y, scores) == pytest.approx(expected, abs=1e-12)
    c = roc_curve(y, scores)
    assert np.all(np.diff(c.fpr) >= 0) and np.all(np.diff(c.tpr) >= 0)
    assert (c.fpr[0], c.tpr[0], c.fpr[-1], c.tpr[-1]) == (0.0, 0.0, 1.0, 1.0)
    # reversing the scores mirrors the curve: AUC → 1 − AUC
    assert auc(y, -scores) == pytest.approx(1 - expected, abs=1e-12)


@pytest.mark.parametrize(
    "transform",
    [np.exp, lambda x: x**3 + 2 * x, lambda x: 100 * x - 7, lambda x: stats.rankdata(x)],
)
def test_roc_invariant_under_increasing_transforms(transform):
    rng = np.random.default_rng(RNG_SEED)
    scores, y = tied_data(rng, 1000, 8)
    base = roc_curve(y, scores)
    moved = roc_curve(y, transform(scores))
    np.testing.assert_array_equal(base.fpr, moved.fpr)
    np.testing.assert_array_equal(base.tpr, moved.tpr)
    assert auc(y, transform(scores)) == auc(y, scores)


# --------------------------------------------------------------------------------------------
# DeLong and Hanley–McNeil


@pytest.mark.parametrize("n", [8, 40, 300])
@pytest.mark.parametrize("levels", [2, 8, 10**6])
def test_delong_variance_matches_direct_structural_components(n, levels):
    rng = np.random.default_rng(RNG_SEED + n + levels)
    s1, y = tied_data(rng, n, levels)
    s2 = np.round(s1 + rng.normal(scale=0.7, size=n), 1)
    aucs, cov = direct_delong([s1, s2], y)
    ci = auc_interval(y, s1, method="delong")
    assert ci.estimate == pytest.approx(aucs[0], abs=1e-12)
    assert ci.std_error == pytest.approx(np.sqrt(cov[0, 0]), rel=1e-10, abs=1e-14)
    r = delong_test(y, s1, s2)
    assert r.details["auc1"] == pytest.approx(aucs[0], abs=1e-12)
    assert r.details["auc2"] == pytest.approx(aucs[1], abs=1e-12)
    assert r.details["variance1"] == pytest.approx(cov[0, 0], rel=1e-10, abs=1e-15)
    assert r.details["variance2"] == pytest.approx(cov[1, 1], rel=1e-10, abs=1e-15)
    assert r.details["covariance"] == pytest.approx(cov[0, 1], rel=1e-10, abs=1e-15)
    var = cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]
    assert var > 0
    z = (aucs[0] - aucs[1]) / np.sqrt(var)
    assert r.statistic == pytest.approx(z, rel=1e-9)
    assert r.pvalue == pytest.approx(2 * stats.norm.sf(abs(z)), rel=1e-9)
    assert r.estimate == pytest.approx(aucs[0] - aucs[1], abs=1e-12)
    assert isinstance(r.interval, Interval)
    half = stats.norm.ppf(0.975) * np.sqrt(var)
    assert r.interval.low == pytest.approx(r.estimate - half, abs=1e-12)
    assert r.interval.high == pytest.approx(r.estimate + half, abs=1e-12)


def test_delong_interval_limits_and_levels():
    rng = np.random.default_rng(RNG_SEED)
    s, y = tied_data(rng, 200, 1000, shift=1.0)
    ci90 = auc_interval(y, s, method="delong", confidence=0.90)
    ci95 = auc_interval(y, s, method="delong")
    assert isinstance(ci95, AucInterval) and isinstance(ci95, Interval)
    assert ci95.method == "DeLong" and ci95.confidence == 0.95
    assert ci95.low < ci90.low < ci95.estimate < ci90.high < ci95.high
    z = stats.norm.ppf(0.975)
    assert ci95.low == pytest.approx(ci95.estimate - z * ci95.std_error, rel=1e-12)
    # a perfect classifier: the interval is clipped to [0, 1]
    ci = auc_interval([1, 1, 0, 0], [0.9, 0.8, 0.2, 0.1], method="hanley-mcneil")
    assert ci.high == 1.0 and ci.estimate == 1.0


def test_hanley_mcneil_formula():
    rng = np.random.default_rng(RNG_SEED)
    s, y = tied_data(rng, 150, 1000, shift=1.2)
    ci = auc_interval(y, s, method="hanley-mcneil")
    a = auc(y, s)
    m, n = int(np.sum(y == 1)), int(np.sum(y == 0))
    q1, q2 = a / (2 - a), 2 * a * a / (1 + a)
    se = np.sqrt((a * (1 - a) + (m - 1) * (q1 - a * a) + (n - 1) * (q2 - a * a)) / (m * n))
    assert ci.method == "Hanley-McNeil"
    assert ci.std_error == pytest.approx(se, rel=1e-12)


def test_delong_standard_error_matches_simulation():
    """Binormal model: DeLong's (and Hanley–McNeil's) SE ≈ the spread of the AUC over test sets."""
    rng = np.random.default_rng(RNG_SEED)
    m = n = 60
    y = np.r_[np.ones(m, int), np.zeros(n, int)]
    aucs, ses, hm = [], [], []
    for _ in range(400):
        s = np.r_[rng.normal(1.0, 1.0, m), rng.normal(0.0, 1.0, n)]
        ci = auc_interval(y, s, method="delong")
        aucs.append(ci.estimate)
        ses.append(ci.std_error)
        hm.append(auc_interval(y, s, method="hanley-mcneil").std_error)
    sd = np.std(aucs, ddof=1)
    assert np.mean(ses) == pytest.approx(sd, rel=0.12)
    assert np.mean(hm) == pytest.approx(sd, rel=0.15)
    assert np.mean(aucs) == pytest.approx(stats.norm.cdf(1 / np.sqrt(2)), abs=0.01)


# --------------------------------------------------------------------------------------------
# the logit-transformed DeLong interval (issue 20, point 5)


def direct_logit_interval(area, se, confidence):
    """expit(logit(A) ± z·SE/(A(1 − A))) with the math module only."""
    z = stats.norm.ppf(0.5 + confidence / 2)
    centre = math.log(area / (1 - area))
    half = z * se / (area * (1 - area))
    return 1 / (1 + math.exp(-(centre - half))), 1 / (1 + math.exp(-(centre + half)))


@pytest.mark.parametrize(("n", "shift"), [(12, 0.5), (12, 1.5), (20, 3.5), (60, 3.5), (400, 2.0)])
@pytest.mark.parametrize("confidence", [0.9, 0.95])
def test_delong_logit_matches_a_direct_computation(n, shift, confidence):
    rng = np.random.default_rng(RNG_SEED + n)
    s, y = tied_data(rng, n, 10**6, shift=shift)
    aucs, cov = direct_delong([s], y)
    area, se = float(aucs[0]), float(np.sqrt(cov[0, 0]))
    assert 0 < area < 1
    ci = auc_interval(y, s, method="delong-logit", confidence=confidence)
    low, high = direct_logit_interval(area, se, confidence)
    assert ci.method == "DeLong (logit)" and ci.confidence == confidence
    assert ci.estimate == pytest.approx(area, abs=1e-12)
    assert ci.std_error == pytest.approx(se, rel=1e-10)
    assert ci.low == pytest.approx(low, rel=1e-10) and ci.high == pytest.approx(high, rel=1e-10)
    assert 0 < ci.low < ci.estimate < ci.high < 1
    # symmetric on the logit scale, not on the AUC scale
    logit = lambda v: math.log(v / (1 - v))  # noqa: E731
    assert logit(ci.high) - logit(area) == pytest.approx(logit(area) - logit(ci.low), rel=1e-9)


def test_delong_logit_is_not_clipped_near_one_where_wald_is():
    """The report's case: near 1 the Wald interval reads '… to 1.000'; the logit one ends below."""
    rng = np.random.default_rng(RNG_SEED)
    y = np.r_[np.ones(60, int), np.zeros(60, int)]
    s = np.r_[rng.normal(3.6, 1.0, 60), rng.normal(0.0, 1.0, 60)]
    wald = auc_interval(y, s, method="delong")
    logit = auc_interval(y, s, method="delong-logit")
    assert 0.99 < wald.estimate < 1
    assert wald.high == 1.0  # clipped
    assert logit.high < 1.0 and logit.low < wald.low  # asymmetric: longer on the open side
    assert logit.std_error == wald.std_error and logit.estimate == wald.estimate


@pytest.mark.parametrize(("n_pos", "n_neg"), [(2, 2), (5, 30), (50, 50)])
def test_delong_logit_at_auc_exactly_one_or_zero_uses_van_dantzigs_bound(n_pos, n_neg):
    """At AUC = 1 (or 0) DeLong's SE is 0 and logit(AUC) infinite: a distribution-free interval."""
    y = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    s = np.r_[np.arange(n_pos) + n_neg + 1.0, np.arange(n_neg, dtype=float)]
    z2 = stats.norm.ppf(0.975) ** 2
    small = min(n_pos, n_neg)
    perfect = auc_interval(y, s, method="delong-logit")
    assert perfect.estimate == 1.0 and perfect.std_error == 0.0
    assert perfect.high == 1.0 and perfect.low == pytest.approx(small / (small + z2), rel=1e-12)
    assert perfect.method == "DeLong (logit); AUC = 1 with SE 0: van Dantzig bound"
    # the bound's interval is the Wilson score interval of N = min(n_pos, n_neg) trials
    wilson_ci = wilson(small, small)
    assert (perfect.low, perfect.high) == pytest.approx((wilson_ci.low, wilson_ci.high), rel=1e-12)
    reversed_ = auc_interval(y, -s, method="delong-logit")
    assert reversed_.estimate == 0.0 and reversed_.low == 0.0
    assert reversed_.high == pytest.approx(z2 / (small + z2), rel=1e-12)
    assert not np.isnan([perfect.low, perfect.high, reversed_.low, reversed_.high]).any()


def test_delong_logit_with_every_score_tied_is_not_a_point():
    """All scores tied: AUC 0.5 with DeLong SE 0; the Wald form is the point 0.5, the logit
    method gives van Dantzig's interval around 0.5 (the Wilson interval of 3 in 6 trials)."""
    y = [1] * 6 + [0] * 9
    s = [0.7] * 15
    wald = auc_interval(y, s, method="delong")
    assert (wald.low, wald.high, wald.std_error) == (0.5, 0.5, 0.0)
    tied = auc_interval(y, s, method="delong-logit")
    reference = wilson(3, 6)
    assert tied.estimate == 0.5 and tied.method.endswith("with SE 0: van Dantzig bound")
    assert (tied.low, tied.high) == pytest.approx((reference.low, reference.high), rel=1e-12)


def coverage(true_auc, size, method, reps, rng):
    """How often the interval covers the true AUC of a binormal model (equal variances)."""
    shift = math.sqrt(2) * stats.norm.ppf(true_auc)  # AUC = Φ(shift/√2)
    y = np.r_[np.ones(size, int), np.zeros(size, int)]
    hits = 0
    for _ in range(reps):
        s = np.r_[rng.normal(shift, 1.0, size), rng.normal(0.0, 1.0, size)]
        hits += auc_interval(y, s, method=method).contains(true_auc)
    return hits / reps


def test_delong_logit_covers_near_auc_099_where_wald_does_not():
    """Simulated coverage at AUC = 0.99, 50 items per class, 1000 test sets each (same sets)."""
    reps = 1000
    wald = coverage(0.99, 50, "delong", reps, np.random.default_rng(20))
    logit = coverage(0.99, 50, "delong-logit", reps, np.random.default_rng(20))
    # binomial SE of a coverage near 0.95 over 1000 sets: 0.007
    assert wald < 0.86  # about 0.80: clipped at 1 and too short
    assert 0.925 < logit < 0.97  # about 0.94


def test_delong_logit_with_perfect_separation_still_covers():
    """At AUC = 0.99 with 15 items per class many test sets separate perfectly (AUC = 1)."""
    reps = 600
    logit = coverage(0.99, 15, "delong-logit", reps, np.random.default_rng(21))
    wald = coverage(0.99, 15, "delong", reps, np.random.default_rng(21))
    assert logit > 0.93 and wald < 0.7


def test_delong_test_properties():
    rng = np.random.default_rng(RNG_SEED)
    s1, y = tied_data(rng, 300, 1000, shift=1.0)
    s2 = s1 + rng.normal(scale=1.0, size=300)
    r12 = delong_test(y, s1, s2)
    r21 = delong_test(y, s2, s1)
    assert isinstance(r12, TestResult)
    assert r12.statistic == pytest.approx(-r21.statistic, rel=1e-12)
    assert r12.pvalue == pytest.approx(r21.pvalue, rel=1e-12)
    assert r12.alternative == "two-sided" and r12.statistic_name == "z"
    assert 0 <= r12.pvalue <= 1
    # the same ranking: z = 0, p = 1; a monotone transform of one of them too
    same = delong_test(y, s1, np.exp(s1))
    assert (same.statistic, same.pvalue, same.estimate) == (0.0, 1.0, 0.0)
    # zero variance of the difference with different AUCs: perfect vs all tied
    y4 = [1, 1, 0, 0]
    r = delong_test(y4, [4, 3, 2, 1], [1, 1, 1, 1])
    assert r.estimate == 0.5 and r.statistic == np.inf and r.pvalue == 0.0
    # wider interval for the difference at a higher level
    r99 = delong_test(y, s1, s2, confidence=0.99)
    assert r99.interval.width > r12.interval.width


def test_delong_test_rejects_independent_noise_rarely():
    """Under H0 (two exchangeable noisy copies of one score), p < 0.05 about 5 % of the time."""
    rng = np.random.default_rng(RNG_SEED)
    y = np.r_[np.ones(40, int), np.zeros(60, int)]
    rejections = 0
    reps = 400
    for _ in range(reps):
        base = rng.normal(size=100) + 1.0 * y
        s1 = base + rng.normal(size=100)
        s2 = base + rng.normal(size=100)
        rejections += delong_test(y, s1, s2).pvalue < 0.05
    assert 0.02 < rejections / reps < 0.09


# --------------------------------------------------------------------------------------------
# bad input


FOUR = [0.1, 0.2, 0.3, 0.4]


@pytest.mark.parametrize("fn", [roc_curve, auc, auc_interval, average_precision])
@pytest.mark.parametrize(
    ("labels", "scores", "exc", "match"),
    [
        ([1, 1, 1, 1], FOUR, ValueError, r"y_true must hold two classes, .*only the label 1"),
        ([1, 0, 1, 0], [0.1, np.nan, 0.3, 0.4], ValueError, "y_score must be finite"),
        ([1, 0, 1, 0], [0.1, np.inf, 0.3, 0.4], ValueError, "y_score must be finite"),
        ([1, 0, 1, 0], [0.1, 0.2, 0.3], ValueError, "y_true and y_score must have the same len"),
        ([1, 2, 3, 1], FOUR, ValueError, r"y_true must hold two classes; got 3 distinct labels"),
        ([1, 0.5, 1, 0], FOUR, ValueError, "y_true must hold two classes; got 3"),
        ([1, 0, 1, 0], [[0.1, 0.2], [0.3, 0.4]], ValueError, "y_score must be 1-D.*multiclass"),
        ([[1, 0], [1, 0]], FOUR, ValueError, "y_true must be 1-D"),
        ([1, 0, 1, 0], ["a", "b", "c", "d"], TypeError, "y_score must be a number or an array"),
        ([1, 0, 1, 0], "abcd", TypeError, "y_score must be a number or an array"),
        ([1, 0, 1, 0], [True, False, True, False], TypeError, "y_score must be a number, not"),
        ([1, 0, np.nan, 0], FOUR, ValueError, "y_true must not contain NaN"),
        ("1010", FOUR, TypeError, "y_true must be a sequence of class labels"),
    ],
)
def test_bad_input(fn, labels, scores, exc, match):
    with pytest.raises(exc, match=match):
        fn(labels, scores)


def test_bad_input_intervals_and_test():
    s, y = [0.1, 0.2, 0.3, 0.4], [1, 0, 0, 0]
    with pytest.raises(ValueError, match=r"at least 2 positive \(label 1\) and at least 2 neg"):
        auc_interval(y, s)
    with pytest.raises(ValueError, match="method must be one of 'delong-logit', 'delong', 'han"):
        auc_interval([1, 1, 0, 0], s, method="bootstrap")
    with pytest.raises(ValueError, match="confidence must be strictly between"):
        auc_interval([1, 1, 0, 0], s, confidence=95)
    with pytest.raises(ValueError, match="y_score1 and y_score2 must have the same length"):
        delong_test([1, 1, 0, 0], s, s[:3])
    with pytest.raises(ValueError, match="y_score2 must be finite"):
        delong_test([1, 1, 0, 0], s, [0.1, np.nan, 0.3, 0.4])
    with pytest.raises(ValueError, match="y_true must hold two classes; got 3"):
        delong_test([1, 2, 0, 0], s, s)
    with pytest.raises(ValueError, match="at least 2 positive"):
        delong_test(y, s, s)
    with pytest.raises(ValueError, match="confidence"):
        delong_test([1, 1, 0, 0], s, s, confidence=0.0)
    with pytest.raises(ValueError, match="pos_label must be one of y_true's labels"):
        auc([1, 1, 0, 0], s, pos_label=2)
    with pytest.raises(ValueError, match=r"pos_label must be one of y_true's labels \('a', 'b'\)"):
        auc(["a", "b", "a", "b"], s, pos_label=1)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 3),
    st.integers(1, 40),
    st.integers(1, 12),
    st.sampled_from([1.0, 0.1, -1e-300, 1e300]),
    st.integers(0, 2**32 - 1),
)
def test_midranks_are_scipys_average_ranks_exactly(rows, n, levels, scale, seed):
    # Wilcoxon's signed ranks and the Friedman mean ranks use a fast midrank (the next test
    # checks DeLong's components against it); with ties of every size, at tiny and huge
    # magnitudes, in 1-D, 2-D and 3-D, the ranks are scipy.stats.rankdata's to the last bit
    from evalkit._ranks import midranks

    x = np.random.default_rng(seed).integers(0, levels, size=(rows, n)) * scale
    for shaped in (x, x[0], x.reshape(rows, 1, n), -x):
        ranks = midranks(shaped)
        expected = stats.rankdata(shaped, method="average", axis=-1)
        assert ranks.dtype == expected.dtype and ranks.shape == expected.shape
        np.testing.assert_array_equal(ranks, expected)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 3),
    st.integers(1, 30),
    st.integers(1, 30),
    st.integers(1, 12),
    st.sampled_from([1.0, 0.1, -1e-300, 1e300]),
    st.integers(0, 2**32 - 1),
)
def test_delong_components_are_sun_and_xus_midrank_form_exactly(rows, m, n, levels, scale, seed):
    # the components by sorting and binary search are the numbers of Sun & Xu's (2014) midrank
    # form, V10 = (T_z − T_x)/n_neg and V01 = 1 − (T_z − T_y)/n_pos, to the last bit
    from evalkit._ranks import midranks
    from evalkit.roc import _delong_components

    rng = np.random.default_rng(seed)
    y = rng.permutation(np.r_[np.ones(m, bool), np.zeros(n, bool)])
    scores = rng.integers(0, levels, size=(rows, m + n)) * scale
    aucs, v10, v01 = _delong_components(scores, y)
    pos, neg = scores[:, y], scores[:, ~y]
    tz = midranks(np.concatenate([pos, neg], axis=1))
    np.testing.assert_array_equal(v10, (tz[:, :m] - midranks(pos)) / n)
    np.testing.assert_array_equal(v01, 1.0 - (tz[:, m:] - midranks(neg)) / m)
    np.testing.assert_array_equal(aucs, v10.mean(axis=1))


def test_midranks_of_nothing_is_nothing():
    from evalkit._ranks import midranks

    assert midranks(np.array([])).shape == (0,)
    assert midranks(np.empty((3, 0))).shape == (3, 0)


# --------------------------------------------------------------------------------------------
# precision–recall curve, average precision and its bootstrap band (issue 26)


@pytest.mark.parametrize("seed", range(6))
def test_precision_recall_curve_agrees_with_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    scores, y = tied_data(rng, 40 + 60 * seed, levels=2 + 3 * seed)
    curve = precision_recall_curve(y, scores)
    sk_p, sk_r, sk_t = skm.precision_recall_curve(y, scores)
    np.testing.assert_allclose(curve.precision[::-1], sk_p, rtol=0, atol=1e-15)
    np.testing.assert_allclose(curve.recall[::-1], sk_r, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(curve.thresholds[1:][::-1], sk_t)
    assert curve.baseline == pytest.approx(np.mean(y))
    p, r, t = curve
    assert p is curve.precision and r is curve.recall and t is curve.thresholds
    assert isinstance(curve, PrecisionRecallCurve)


@pytest.mark.parametrize("seed", range(6))
def test_average_precision_agrees_with_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    scores, y = tied_data(rng, 30 + 100 * seed, levels=1 + 4 * seed)
    assert average_precision(y, scores) == pytest.approx(
        skm.average_precision_score(y, scores), abs=1e-14
    )


@settings(deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 6)), min_size=2, max_size=40))
def test_average_precision_is_the_mean_precision_where_each_positive_is_taken_in(pairs):
    y = np.array([a for a, _ in pairs])
    s = np.array([b for _, b in pairs], dtype=float)
    if y.all() or not y.any():
        return
    # independent route: for each positive, the precision among items scoring at least as high
    by_positive = [np.sum(y[s >= v]) / np.sum(s >= v) for v in s[y]]
    assert average_precision(y, s) == pytest.approx(np.mean(by_positive), abs=1e-12)
    assert 0 < average_precision(y, s) <= 1


def test_average_precision_no_skill_equals_the_baseline_and_perfect_is_one():
    y = np.array([1, 0, 0, 0, 1, 0, 0, 0, 0, 0])
    assert average_precision(y, np.zeros(10)) == pytest.approx(0.2)
    assert precision_recall_curve(y, np.zeros(10)).baseline == 0.2
    assert average_precision(y, y + 0.5) == 1.0


def test_average_precision_of_random_scores_sits_near_the_positive_rate_not_one_half():
    rng = np.random.default_rng(RNG_SEED)
    y = (rng.random(20_000) < 0.02).astype(int)
    ap = average_precision(y, rng.random(20_000))
    assert abs(ap - y.mean()) < 0.01
    assert abs(auc(y, rng.random(20_000)) - 0.5) < 0.05


def test_precision_recall_band_is_reproducible_and_holds_the_estimate():
    rng = np.random.default_rng(RNG_SEED)
    y = (rng.random(400) < 0.1).astype(int)
    y[:2] = [0, 1]
    s = y * 1.5 + rng.normal(size=400)
    band = precision_recall_band(y, s, rounds=300, rng=5)
    again = precision_recall_band(y, s, rounds=300, rng=5)
    np.testing.assert_array_equal(band.low, again.low)
    assert isinstance(band, PrecisionRecallBand) and band.rounds == 300
    assert band.baseline == pytest.approx(y.mean())
    assert (band.low <= band.high).all()
    inside = (band.low <= band.precision) & (band.precision <= band.high)
    assert inside.mean() > 0.95
    ap = band.average_precision
    assert ap.estimate == pytest.approx(average_precision(y, s))
    assert ap.low < ap.estimate < ap.high
    # the step function the band is read from integrates to the AP
    fine = precision_recall_band(y, s, recall_grid=np.linspace(0, 1, 20_001)[1:], rounds=100, rng=1)
    assert np.mean(fine.precision) == pytest.approx(ap.estimate, abs=1e-3)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 120),
    st.floats(0.05, 0.8),
    st.sampled_from([None, 0, 1]),  # scores as drawn, rounded to 1 decimal (ties), to integers
    st.booleans(),
    st.integers(0, 2**32 - 1),
    st.sampled_from([None, 1, 300]),  # values per block: one round per block, a few, all
)
def test_precision_recall_band_equals_sorting_every_resample(
    n, rate, decimals, own_grid, seed, block
):
    # the band counts draws per distinct score instead of sorting each resample: it must give
    # the numbers of the direct route (draw the positives, then the negatives; sort; read the
    # curve and its AP) bit for bit, ties included
    from evalkit import roc
    from evalkit.roc import _precision_at, _sorted_counts, _step_sum

    rng = np.random.default_rng(seed)
    y = (rng.random(n) < rate).astype(int)
    y[:2] = [0, 1]
    s = y * 1.5 + rng.normal(size=n)
    if decimals is not None:
        s = np.round(s, decimals)
    grid = np.sort(rng.random(9)) if own_grid else np.linspace(0.0, 1.0, 101)
    kept = roc._BAND_BLOCK
    roc._BAND_BLOCK = kept if block is None else block
    try:
        band = precision_recall_band(
            y, s, recall_grid=grid if own_grid else None, rounds=100, rng=seed
        )
    finally:
        roc._BAND_BLOCK = kept
    gen = np.random.default_rng(seed)
    pos, neg = s[y == 1], s[y == 0]
    truth = np.r_[np.ones(pos.size, bool), np.zeros(neg.size, bool)]
    curves, aps = [], []
    for _ in range(100):
        drawn = np.r_[
            pos[gen.integers(0, pos.size, pos.size)], neg[gen.integers(0, neg.size, neg.size)]
        ]
        _, tp, fp = _sorted_counts(drawn, truth)
        curves.append(_precision_at(tp, fp, grid))
        aps.append(_step_sum(tp, fp))
    alpha = 1 - 0.95  # the band's percentiles, computed as it does
    probs = [alpha / 2, 1 - alpha / 2]
    low, high = np.quantile(curves, probs, axis=0)
    np.testing.assert_array_equal(band.low, low)
    np.testing.assert_array_equal(band.high, high)
    ap_low, ap_high = np.quantile(aps, probs)
    assert (band.average_precision.low, band.average_precision.high) == (ap_low, ap_high)


def test_precision_recall_band_covers_the_population_average_precision():
    # a large population's AP is the target; intervals from small samples should cover it
    rng = np.random.default_rng(RNG_SEED)

    def sample(n):
        y = (rng.random(n) < 0.2).astype(int)
        y[:2] = [0, 1]
        return y, y + rng.normal(size=n)

    target = average_precision(*sample(400_000))
    hits = sum(
        precision_recall_band(*sample(300), rounds=200, rng=i).average_precision.contains(target)
        for i in range(60)
    )
    # The percentile bootstrap of AP under-covers with few positives (here about 60): 200
    # simulations gave 84.5 % (92.5 % with 600 positives), because the sample AP is biased
    # upwards. The docstring says so; this checks that coverage stays in that region.
    assert hits >= 42  # at least 70 % of 60


@pytest.mark.parametrize(
    ("function", "kwargs", "error", "message"),
    [
        (
            precision_recall_curve,
            dict(y_true=[1, 1], y_score=[0.1, 0.2]),
            ValueError,
            r"^y_true must hold two classes, a positive and a negative one; got only the label 1",
        ),
        (
            precision_recall_curve,
            dict(y_true=[1, 0], y_score=[0.1, float("nan")]),
            ValueError,
            r"^y_score must be finite",
        ),
        (
            average_precision,
            dict(y_true=[1, 2, 3], y_score=[0.1, 0.2, 0.3]),
            ValueError,
            r"^y_true must hold two classes; got 3 distinct labels \(1, 2, 3\)",
        ),
        (
            average_precision,
            dict(y_true=[1, 0], y_score=[0.1, 0.2, 0.3]),
            ValueError,
            r"^y_true and y_score must have the same length \(one label and one score per item\); "
            r"got 2 and 3",
        ),
        (
            precision_recall_band,
            dict(y_true=[1, 0], y_score=[0.1, 0.2], rounds=10, rng=0),
            ValueError,
            r"^rounds must be a whole number ≥ 100; got 10",
        ),
        (
            precision_recall_band,
            dict(y_true=[1, 0], y_score=[0.1, 0.2], recall_grid=[0.5, 1.5], rng=0),
            ValueError,
            r"^recall_grid must be a non-empty array of recalls in \[0, 1\]; got 1\.5",
        ),
        (
            precision_recall_band,
            dict(y_true=[1, 0], y_score=[0.1, 0.2], confidence=0, rng=0),
            ValueError,
            r"^confidence must be strictly between 0 and 1",
        ),
        (
            precision_recall_band,
            dict(y_true=[1, 0], y_score=[0.1, 0.2], rng=1.5),
            TypeError,
            r"^rng must be None, a numpy.random.Generator or an integer seed ≥ 0; got 1.5",
        ),
    ],
)
def test_precision_recall_bad_inputs(function, kwargs, error, message):
    with pytest.raises(error, match=message):
        function(**kwargs)


# --------------------------------------------------------------------------------------------
# issue 44: scikit-learn's argument order, pos_label, and the guard against swapped arguments


@pytest.mark.parametrize("seed", range(4))
def test_labels_first_like_scikit_learn_with_any_two_labels(seed):
    rng = np.random.default_rng(seed)
    scores, y = tied_data(rng, 60 + 40 * seed, levels=3 + 5 * seed)
    for labels, pos_label in (
        (y, None),
        (y.astype(bool), None),
        (np.where(y == 1, 1, -1), None),
        (np.where(y == 1, "spam", "ham"), "spam"),
        (np.where(y == 1, 7, 3), 7),
    ):
        kwargs = {} if pos_label is None else {"pos_label": pos_label}
        sk_fpr, sk_tpr, sk_thr = skm.roc_curve(labels, scores, drop_intermediate=False, **kwargs)
        c = roc_curve(labels, scores, pos_label=pos_label)
        np.testing.assert_array_equal(c.fpr, sk_fpr)
        np.testing.assert_array_equal(c.tpr, sk_tpr)
        np.testing.assert_array_equal(c.thresholds, sk_thr)
        assert auc(labels, scores, pos_label=pos_label) == pytest.approx(
            skm.roc_auc_score(labels == (1 if pos_label is None else pos_label), scores),
            abs=1e-14,
        )
        ap = skm.average_precision_score(labels, scores, pos_label=pos_label or 1)
        assert average_precision(labels, scores, pos_label=pos_label) == pytest.approx(
            ap, abs=1e-14
        )
        sk_p, sk_r, _ = skm.precision_recall_curve(labels, scores, **kwargs)
        pr = precision_recall_curve(labels, scores, pos_label=pos_label)
        np.testing.assert_allclose(pr.precision[::-1], sk_p, rtol=0, atol=1e-15)
        np.testing.assert_allclose(pr.recall[::-1], sk_r, rtol=0, atol=1e-15)


def test_default_positive_class_is_the_larger_label_as_roc_auc_score_takes_it():
    rng = np.random.default_rng(RNG_SEED)
    scores, y = tied_data(rng, 80, 1000)
    words = np.where(y == 1, "dog", "cat")  # "dog" > "cat": the positive class
    assert auc(words, scores) == pytest.approx(skm.roc_auc_score(words, scores), abs=1e-14)
    assert auc(words, scores) == auc(y, scores)
    assert auc(words, scores, pos_label="cat") == pytest.approx(1 - auc(y, scores), abs=1e-14)
    # the other class positive mirrors the interval and the test
    ci = auc_interval(y, scores)
    flipped = auc_interval(y, -scores, pos_label=0)
    assert (flipped.estimate, flipped.low, flipped.high) == pytest.approx(
        (ci.estimate, ci.low, ci.high), abs=1e-12
    )


def test_swapped_arguments_are_refused_not_computed():
    """The old order (scores, labels) with 0/1 predictions as scores ran silently (issue 44)."""
    rng = np.random.default_rng(RNG_SEED)
    y = np.r_[np.ones(30, int), np.zeros(30, int)]
    scores = y + rng.normal(size=60)
    predictions = (scores > 0.5).astype(int)
    for fn in (roc_curve, auc, auc_interval, average_precision, precision_recall_curve):
        with pytest.raises(ValueError, match=r"the arguments look swapped: y_true has 60 dist"):
            fn(scores, y)
        with pytest.raises(ValueError, match=r"look swapped.*\(y_true, y_score\)"):
            fn(scores, predictions)
    with pytest.raises(ValueError, match=r"look swapped.*y_true has 60 distinct values"):
        precision_recall_band(scores, y, rng=0)
    with pytest.raises(ValueError, match=r"look swapped.*y_score1"):
        delong_test(scores, y, y)
    # two-valued real "labels" that are not whole numbers, with 0/1 scores
    with pytest.raises(ValueError, match="look swapped: y_true has 2 real values that are not"):
        auc([0.2, 0.7, 0.7, 0.2], [0, 1, 1, 0])
    # the right order with 0/1 predictions as scores is fine (the one-threshold ROC)
    assert auc(y, predictions) == pytest.approx(skm.roc_auc_score(y, predictions))


def test_auc_interval_defaults_to_the_logit_form_the_atlas_supports():
    rng = np.random.default_rng(RNG_SEED)
    s, y = tied_data(rng, 120, 1000, shift=2.5)
    default = auc_interval(y, s)
    logit = auc_interval(y, s, method="delong-logit")
    assert default == logit and default.method == "DeLong (logit)"
    assert default != auc_interval(y, s, method="delong")


def test_delong_test_names_its_estimate():
    rng = np.random.default_rng(RNG_SEED)
    s1, y = tied_data(rng, 100, 1000, shift=1.0)
    r = delong_test(y, s1, s1 + rng.normal(size=100))
    assert r.estimate_name == "AUC difference"
    assert r.alternative == "two-sided"
    assert "AUC difference = " in str(r)


def test_precision_recall_band_draws_fresh_entropy_without_rng_and_reports_its_mc_error():
    rng = np.random.default_rng(RNG_SEED)
    y = (rng.random(300) < 0.2).astype(int)
    y[:2] = [0, 1]
    s = y + rng.normal(size=300)
    fresh = precision_recall_band(y, s, rounds=200)  # was: TypeError "rng must be given"
    assert fresh.rounds == 200 and 0 < fresh.mc_standard_error < 0.05
    seeded = precision_recall_band(y, s, rounds=200, rng=np.random.default_rng(3))
    assert seeded.rounds == 200 and seeded.average_precision.low < seeded.average_precision.high
    # the Monte-Carlo error is the spread of the AP limits over seeds (200 seeds gave SDs
    # 0.0070 and 0.0077 against a mean reported error of 0.0083)
    bands = [precision_recall_band(y, s, rounds=400, rng=i) for i in range(40)]
    spread = max(
        np.std([b.average_precision.low for b in bands], ddof=1),
        np.std([b.average_precision.high for b in bands], ddof=1),
    )
    assert np.mean([b.mc_standard_error for b in bands]) == pytest.approx(spread, rel=0.35)


def test_results_have_a_short_repr_and_an_html_table():
    rng = np.random.default_rng(RNG_SEED)
    s, y = tied_data(rng, 500, 1000)
    results = [
        roc_curve(y, s),
        precision_recall_curve(y, s),
        precision_recall_band(y, s, rounds=100, rng=0),
        auc_interval(y, s),
        multiclass_auc(y, np.c_[-s, s]),
    ]
    for result in results:
        text = repr(result)
        assert (
            "\n" not in text and len(text) < 400 and "array([" not in text.replace("array([0", "")
        )
        assert text.startswith(type(result).__name__ + "(")
        assert result._repr_html_().startswith('<table class="evalkit-result">')
    assert repr(results[0]) == f"RocCurve(points={results[0].thresholds.size}, n_positive=" + (
        f"{results[0].n_positive}, n_negative={results[0].n_negative}, auc={auc(y, s):.4g})"
    )


# --------------------------------------------------------------------------------------------
# multiclass AUC: one-vs-rest and Hand & Till's one-vs-one (issue 44)


def multiclass_data(rng, counts, separation=1.0):
    """Class labels and softmax scores of Gaussian class means (one column per class)."""
    codes = np.repeat(np.arange(len(counts)), counts)
    z = rng.normal(size=(codes.size, len(counts))) + separation * np.eye(len(counts))[codes]
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return codes, e / e.sum(axis=1, keepdims=True)


@pytest.mark.parametrize("counts", [(5, 7, 9), (30, 30, 30, 30), (4, 40, 12, 25, 9), (50, 3)])
@pytest.mark.parametrize("multi_class", ["ovr", "ovo"])
@pytest.mark.parametrize("average", ["macro", "weighted"])
def test_multiclass_auc_equals_scikit_learn(counts, multi_class, average):
    rng = np.random.default_rng(sum(counts))
    codes, score = multiclass_data(rng, counts)
    score = np.round(score, 2)  # ties between items
    score /= score.sum(axis=1, keepdims=True)  # scikit-learn wants rows summing to 1
    names = np.array(["ant", "bee", "cat", "dog", "eel"])[: len(counts)]
    y_true = names[codes]
    r = multiclass_auc(y_true, score, multi_class=multi_class, average=average)
    if len(counts) == 2:  # scikit-learn treats two classes as binary: column 1 vs the rest
        expected = skm.roc_auc_score(y_true, score[:, 1])
    else:
        expected = skm.roc_auc_score(y_true, score, multi_class=multi_class, average=average)
    assert isinstance(r, MulticlassAuc)
    assert r.estimate == pytest.approx(expected, abs=1e-13)
    assert r.classes == tuple(names) and r.multi_class == multi_class and r.average == average
    assert np.sum(r.weights) == pytest.approx(1.0) and r.estimate == pytest.approx(
        float(np.sum(r.weights * r.aucs)), abs=1e-14
    )
    assert 0 <= r.low <= r.estimate <= r.high <= 1
    if multi_class == "ovr" and len(counts) > 2:
        per_class = skm.roc_auc_score(y_true, score, multi_class="ovr", average=None)
        np.testing.assert_allclose(r.aucs, per_class, rtol=0, atol=1e-13)
        assert list(r.per_term) == [f"{n} vs rest" for n in names]


def test_multiclass_auc_labels_name_the_columns():
    rng = np.random.default_rng(RNG_SEED)
    codes, score = multiclass_data(rng, (20, 25, 30), 1.2)
    y_true = np.array(["c", "a", "b"])[codes]  # column 0 scores class "c"
    r = multiclass_auc(y_true, score, labels=["c", "a", "b"], multi_class="ovo")
    reordered = multiclass_auc(y_true, score[:, [1, 2, 0]], multi_class="ovo")  # a, b, c
    assert r.estimate == pytest.approx(reordered.estimate, abs=1e-14)
    assert r.std_error == pytest.approx(reordered.std_error, rel=1e-12)
    assert r.estimate == pytest.approx(
        skm.roc_auc_score(y_true, score[:, [1, 2, 0]], multi_class="ovo"), abs=1e-14
    )


def test_multiclass_auc_with_two_classes_is_auc_interval():
    """With two classes every average is the one AUC, and the SE is DeLong's exactly."""
    rng = np.random.default_rng(RNG_SEED)
    s, y = tied_data(rng, 80, 8)
    binary = auc_interval(y, s)
    for multi_class in ("ovr", "ovo"):
        for average in ("macro", "weighted"):
            r = multiclass_auc(y, np.c_[-s, s], multi_class=multi_class, average=average)
            assert r.estimate == pytest.approx(binary.estimate, abs=1e-14)
            assert r.std_error == pytest.approx(binary.std_error, rel=1e-10)
            assert (r.low, r.high) == pytest.approx((binary.low, binary.high), rel=1e-10)


def direct_multiclass_se(codes, score, multi_class, average):
    """The structural-component SE from ψ matrices (O(n²)), independent of the midranks."""
    c = score.shape[1]
    counts = np.bincount(codes, minlength=c)
    terms = []  # (weight, [(positive mask, negative mask, column), ...])
    if multi_class == "ovr":
        for k in range(c):
            w = counts[k] if average == "weighted" else 1.0
            terms.append((w, [(codes == k, codes != k, k)]))
    else:
        for i, j in combinations(range(c), 2):
            w = counts[i] + counts[j] if average == "weighted" else 1.0
            terms.append((w, [(codes == i, codes == j, i), (codes == j, codes == i, j)]))
    total_w = sum(w for w, _ in terms)
    share = np.zeros(codes.size)
    for w, parts in terms:
        for pos, neg, col in parts:
            psi = direct_psi(score[pos, col], score[neg, col])
            share[pos] += w / total_w / len(parts) * psi.mean(axis=1) / pos.sum()
            share[neg] += w / total_w / len(parts) * psi.mean(axis=0) / neg.sum()
    var = sum(counts[k] * np.var(share[codes == k], ddof=1) for k in range(c))
    return np.sqrt(var)


@pytest.mark.parametrize("counts", [(6, 9, 12), (15, 4, 8, 20)])
@pytest.mark.parametrize("multi_class", ["ovr", "ovo"])
@pytest.mark.parametrize("average", ["macro", "weighted"])
def test_multiclass_standard_error_matches_direct_structural_components(
    counts, multi_class, average
):
    rng = np.random.default_rng(len(counts) + counts[0])
    codes, score = multiclass_data(rng, counts, 0.8)
    score = np.round(score, 1)  # many ties
    r = multiclass_auc(codes, score, multi_class=multi_class, average=average)
    assert r.std_error == pytest.approx(
        direct_multiclass_se(codes, score, multi_class, average), rel=1e-10
    )


def test_multiclass_standard_error_matches_the_spread_over_test_sets():
    """Over 400 simulated test sets the mean SE is the SD of the estimate (within 15 %)."""
    rng = np.random.default_rng(RNG_SEED)
    for multi_class in ("ovr", "ovo"):
        estimates, ses = [], []
        for _ in range(400):
            codes, score = multiclass_data(rng, (15, 30, 45), 1.0)
            r = multiclass_auc(codes, score, multi_class=multi_class, average="macro")
            estimates.append(r.estimate)
            ses.append(r.std_error)
        assert np.mean(ses) == pytest.approx(np.std(estimates, ddof=1), rel=0.15)


def test_multiclass_auc_perfect_separation_uses_van_dantzigs_bound():
    codes = np.repeat(np.arange(3), [4, 6, 8])
    score = np.eye(3)[codes] + 0.01 * np.arange(codes.size)[:, None] / codes.size
    r = multiclass_auc(codes, score, multi_class="ovo")
    assert r.estimate == 1.0 and r.std_error == 0.0 and r.high == 1.0
    # N = 1 / Σ w / min(n_i, n_j) = 1 / ((1/4 + 1/4 + 1/6) / 3) = 4.5
    z2 = stats.norm.ppf(0.975) ** 2
    assert r.low == pytest.approx(4.5 / (4.5 + z2), rel=1e-12)
    assert r.method.endswith("van Dantzig bound")


@pytest.mark.parametrize("counts", [(12, 9, 1), (1, 20, 15, 1), (1, 2)])
@pytest.mark.parametrize("multi_class", ["ovr", "ovo"])
@pytest.mark.parametrize("average", ["macro", "weighted"])
def test_multiclass_auc_with_a_single_item_class_gives_the_estimate_without_interval(
    counts, multi_class, average
):
    # issue 57: scikit-learn gives the point estimate for a class with one item; so do we, and
    # no interval (a within-class variance needs two items), saying why
    rng = np.random.default_rng(sum(counts) + len(counts))
    codes, score = multiclass_data(rng, counts)
    names = np.array(["ant", "bee", "cat", "dog"])[: len(counts)]
    with pytest.warns(UserWarning, match=r"the estimate .* is given, but no interval: class") as w:
        r = multiclass_auc(names[codes], score, multi_class=multi_class, average=average)
    assert w[0].filename == __file__  # the warning names the caller's line
    if len(counts) == 2:  # scikit-learn treats two classes as binary: column 1 vs the rest
        expected = skm.roc_auc_score(names[codes], score[:, 1])
    else:
        expected = skm.roc_auc_score(
            names[codes], score, multi_class=multi_class, average=average, labels=names
        )
    assert r.estimate == pytest.approx(expected, abs=1e-13)
    assert np.isnan(r.low) and np.isnan(r.high) and np.isnan(r.std_error)
    single = [repr(str(n)) for n, c in zip(names, counts, strict=True) if c == 1]
    assert "no interval: class" in r.method and all(n in r.method for n in single)
    assert "single item" in r.method
    # with two items in that class the interval is back, and no warning
    codes2 = np.concatenate([codes, np.flatnonzero(np.asarray(counts) == 1)])
    score2 = np.vstack(
        [score, score[[np.flatnonzero(codes == c)[0] for c in codes2[len(codes) :]]]]
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r2 = multiclass_auc(names[codes2], score2, multi_class=multi_class, average=average)
    assert 0 <= r2.low <= r2.estimate <= r2.high <= 1 and r2.std_error >= 0  # defined


@pytest.mark.parametrize(
    ("y_true", "y_score", "kwargs", "message"),
    [
        ([[0.2, 0.8], [0.6, 0.4]], [0, 1], {}, "the arguments look swapped: y_true is 2-D"),
        ([0, 1, 2, 0, 1, 2], np.ones((6, 4)), {}, "y_score has 4 columns but y_true holds 3"),
        ([0, 1, 1, 0], [0.1, 0.2, 0.3, 0.4], {}, "y_score must be an items × classes array"),
        ([0, 1, 2, 0, 1, 2], np.ones((5, 3)), {}, "one row per item; got 6 labels and 5 rows"),
        ([0, 1, 2, 0, 1, 2], np.ones((6, 3)), {"labels": [0, 1, 1]}, "must not repeat"),
        ([0, 1, 3, 0, 1, 3], np.ones((6, 3)), {"labels": [0, 1, 2]}, "not in labels: 3"),
        ([0, 1, 0, 1, 0, 1], np.ones((6, 3)), {"labels": [0, 1, 2]}, "class 2 does not occur"),
        ([0, 1, 2, 0, 1, 2], np.full((6, 3), np.nan), {}, "y_score must be finite"),
        ([0, 1, 2, 0, 1, 2], np.ones((6, 3)), {"multi_class": "raise"}, "multi_class must be"),
        ([0, 1, 2, 0, 1, 2], np.ones((6, 3)), {"average": "micro"}, "average must be one of"),
    ],
)
def test_multiclass_auc_bad_input(y_true, y_score, kwargs, message):
    with pytest.raises(ValueError, match=message):
        multiclass_auc(y_true, y_score, **kwargs)


def test_multiclass_auc_docstring_states_the_measured_coverage_of_the_csv():
    # every row of the simulation has a Monte-Carlo standard error of at most 0.005 (the
    # course's standard), and the docstring's ranges are the file's
    import csv
    import statistics

    with data_file("multiclass_auc_coverage.csv").open() as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    assert len(rows) == 96
    for row in rows:
        n = int(row["replicates"])
        p = round(float(row["coverage"]) * n) / n  # the count of covering test sets, over n
        assert n >= 2000 and np.sqrt(p * (1 - p) / n) <= 0.005, row
    doc = " ".join(multiclass_auc.__doc__.split())
    assert "Monte-Carlo SE ≤ 0.005 for every row" in doc
    for method, words in (("delong-logit", "the default logit form covers"), ("delong", "covers")):
        cover = [float(r["coverage"]) for r in rows if r["method"] == method]
        stated = f"{min(cover):.3f}–{max(cover):.3f} (median {statistics.median(cover):.3f})"
        assert f"{words} {stated}" in doc, (method, stated)

    def span(keep) -> str:
        cover = [float(r["coverage"]) for r in rows if r["method"] == "delong-logit" and keep(r)]
        return f"{min(cover):.3f}–{max(cover):.3f}"

    def sizes(r) -> list[int]:
        return [int(s) for s in r["class_sizes"].split("/")]

    def small_class(r) -> bool:  # unbalanced, with a class of 5 or 10 items
        return min(sizes(r)) <= 10 and len(set(sizes(r))) > 1

    balanced = span(lambda r: len(set(sizes(r))) == 1 and min(sizes(r)) >= 10)
    assert f"with balanced classes of 10 to 100 items {balanced}" in doc
    macro = span(lambda r: small_class(r) and r["average"] == "macro")
    weighted = span(lambda r: small_class(r) and r["average"] == "weighted")
    assert f"fall to {macro} (the prevalence-weighted ones {weighted})" in doc


# issue 60: the public checks count the classes in O(n), and sort nothing before the one sort
# that the curve or the area needs


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ([1, 0, 1, 1], (0, 1)),
        ([3, 3, 3], (3,)),
        ([1, 2, 3, 1], None),
        (["dog", "cat", "dog"], ("cat", "dog")),
        ([True, False], (False, True)),
        ([0.5, 0.5, float("nan")], None),
        ([float("nan"), 0.5], None),
        ([-1, 1, -1], (-1, 1)),
    ],
)
def test_at_most_two_finds_two_values_without_sorting(values, expected):
    from evalkit.roc import _at_most_two

    found = _at_most_two(np.asarray(values))
    assert found == expected if expected is None else tuple(v.item() for v in found) == expected


@pytest.mark.parametrize(
    ("y_true", "y_score", "pos_label"),
    [
        ((np.arange(10_000) % 3 == 0).astype(int), np.round(np.linspace(0, 1, 10_000), 2), None),
        (np.where(np.arange(500) % 2, "dog", "cat"), np.arange(500) % 7, "cat"),
        (np.arange(400) % 2, np.arange(400) % 2, None),  # binary scores: the swapped check runs
        (np.arange(400) % 2 == 1, np.linspace(-1, 1, 400), True),
    ],
)
def test_the_checks_sort_nothing_on_valid_input(monkeypatch, y_true, y_score, pos_label):
    """On 10⁶ tied scores auc spent half its time in two np.unique calls (two sorts before the
    one the area needs); the checks now count classes in O(n). The same answers as before."""
    from evalkit import roc as roc_module

    expected = skm.roc_auc_score(y_true == (pos_label if pos_label is not None else 1), y_score)
    sorts = []
    real = np.unique
    monkeypatch.setattr(np, "unique", lambda *a, **k: sorts.append(a) or real(*a, **k))
    y, _ = roc_module._check_binary(y_true, y_score, pos_label)
    assert sorts == [] and y.sum() > 0
    assert auc(y_true, y_score, pos_label=pos_label) == pytest.approx(expected, abs=1e-12)
    assert sorts == []


@pytest.mark.parametrize("seed", range(25))
def test_the_area_from_the_sorted_classes_is_the_curves_area_to_the_last_bit(seed):
    """auc sorts the positives and the negatives apart (quicker than one argsort of all the
    scores); the integer it divides is the curve's trapezoid sum, so the float is the same."""
    from evalkit.roc import _area_from_counts, _auc_core, _sorted_counts

    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 4000))
    y = rng.random(n) < rng.uniform(0.02, 0.98)
    y[:2] = [True, False]  # both classes
    s = [
        np.zeros(n),  # every score tied
        rng.integers(0, 3, n).astype(float),  # three values
        np.round(rng.normal(size=n) + y, 1),  # heavy ties
        rng.normal(size=n) + y,  # no ties
    ][seed % 4]
    _, tp, fp = _sorted_counts(s, y)
    assert _auc_core(y, s) == _area_from_counts(tp, fp)
    assert _auc_core(y, s) == pytest.approx(skm.roc_auc_score(y, s), abs=1e-12)
