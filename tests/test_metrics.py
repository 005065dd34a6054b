"""Tests of evalkit.metrics: cross-checks against scikit-learn, exact enumeration, the documents."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from evalkit.metrics import (
    ErrorEstimate,
    accuracy,
    confusion_matrix,
    expected_cost,
    f_measure,
    precision,
    prior_weighted_error,
    recall,
    trials_for_error_rate,
    weighted_accuracy,
)

RNG_SEED = 6


def random_labels(rng, n, m):
    """True labels and noisy predictions over m classes (all classes present)."""
    y = rng.integers(0, m, size=n)
    y[:m] = np.arange(m)
    flip = rng.random(n) < 0.4
    p = np.where(flip, rng.integers(0, m, size=n), y)
    p[:m] = np.arange(m)
    return y, p


# --------------------------------------------------------------------------------------------
# confusion matrix


@pytest.mark.parametrize("m", [2, 3, 5])
@pytest.mark.parametrize("n", [10, 200, 5000])
def test_confusion_matrix_matches_sklearn(m, n):
    rng = np.random.default_rng(RNG_SEED + 10 * m + n)
    y, p = random_labels(rng, n, m)
    ours = confusion_matrix(y, p)
    assert ours.dtype == np.int64
    np.testing.assert_array_equal(ours, skm.confusion_matrix(y, p))
    order = rng.permutation(m)
    np.testing.assert_array_equal(
        confusion_matrix(y, p, labels=order), skm.confusion_matrix(y, p, labels=order)
    )
    assert ours.sum() == n


def test_confusion_matrix_strings_and_orientation():
    y = ["cat", "cat", "dog", "dog", "dog", "bird"]
    p = ["cat", "dog", "dog", "dog", "cat", "bird"]
    np.testing.assert_array_equal(confusion_matrix(y, p), skm.confusion_matrix(y, p))
    # rows = true class, columns = predicted class
    a = confusion_matrix([1, 1, 1, 0], [1, 0, 0, 0], labels=[1, 0])
    np.testing.assert_array_equal(a, [[1, 2], [0, 1]])
    # extra label with no points gives an empty row and column
    b = confusion_matrix([0, 1], [0, 1], labels=[0, 1, 2])
    np.testing.assert_array_equal(b, [[1, 0, 0], [0, 1, 0], [0, 0, 0]])


def test_confusion_matrix_fouladi_example():
    y = [1] * 130 + [2] * 150
    p = [1] * 110 + [2] * 20 + [1] * 30 + [2] * 120
    a = confusion_matrix(y, p)
    np.testing.assert_array_equal(a, [[110, 20], [30, 120]])
    assert recall(a)[0] == pytest.approx(110 / 130, abs=1e-15)
    assert precision(a)[0] == pytest.approx(110 / 140, abs=1e-15)
    assert accuracy(a) == pytest.approx(230 / 280, abs=1e-15)
    assert recall(a)[1] == pytest.approx(120 / 150, abs=1e-15)
    assert precision(a)[1] == pytest.approx(120 / 140, abs=1e-15)


@pytest.mark.parametrize(
    ("y_true", "y_pred", "labels", "exc", "match"),
    [
        ([0, 1, 1], [0, 1], None, ValueError, "same length"),
        ([], [], None, ValueError, "y_true must not be empty"),
        ([0, 1], [], None, ValueError, "y_pred must not be empty"),
        ([[0, 1]], [[0, 1]], None, ValueError, "y_true must be 1-D"),
        ([0.0, np.nan], [0.0, 1.0], None, ValueError, "y_true must not contain NaN"),
        ([0, 1], [0.0, np.inf], None, ValueError, "y_pred must not contain NaN"),
        ([1, 1], [1, 1], None, ValueError, "single class"),
        ([0, 1, 2], [0, 1, 1], [0, 1], ValueError, "y_true contains the label 2"),
        ([0, 1], [0, 3], [0, 1], ValueError, "y_pred contains the label 3"),
        ([0, 1], [0, 1], [0, 0, 1], ValueError, "labels must not repeat"),
        ([0, 1], [0, 1], [1], ValueError, "labels must name at least two"),
        ("ab", "ab", None, TypeError, "y_true must be a sequence"),
        ([0, "a", None], [0, 1, 1], None, TypeError, "y_true must hold labels of one type"),
        (["a", "b"], [0, 1], None, TypeError, "y_true and y_pred must hold labels of the same"),
        ([0, 1], [0, 1], ["a", "b"], TypeError, "labels must be of the same kind"),
    ],
)
def test_confusion_matrix_bad_input(y_true, y_pred, labels, exc, match):
    with pytest.raises(exc, match=match):
        confusion_matrix(y_true, y_pred, labels=labels)


# --------------------------------------------------------------------------------------------
# recall, precision, F, accuracy


@pytest.mark.parametrize("m", [2, 3, 4])
@pytest.mark.parametrize("beta", [0.5, 1.0, 2.0])
def test_per_class_measures_match_sklearn(m, beta):
    rng = np.random.default_rng(RNG_SEED + m)
    for _ in range(20):
        y, p = random_labels(rng, int(rng.integers(m, 300)), m)
        a = confusion_matrix(y, p, labels=np.arange(m))
        pr, rc, fb, support = skm.precision_recall_fscore_support(
            y, p, labels=np.arange(m), beta=beta, average=None, zero_division=0
        )
        np.testing.assert_allclose(precision(a), pr, rtol=1e-13)
        np.testing.assert_allclose(recall(a), rc, rtol=1e-13)
        np.testing.assert_allclose(f_measure(a, beta=beta), fb, rtol=1e-12)
        np.testing.assert_array_equal(a.sum(axis=1), support)
        assert accuracy(a) == pytest.approx(skm.accuracy_score(y, p), rel=1e-14)


def test_zero_division_matches_sklearn():
    # class 2 has no true points and is never predicted; class 1 is never predicted
    y = [0, 0, 1, 1, 0]
    p = [0, 0, 0, 0, 0]
    a = confusion_matrix(y, p, labels=[0, 1, 2])
    pr, rc, fb, _ = skm.precision_recall_fscore_support(
        y, p, labels=[0, 1, 2], average=None, zero_division=0
    )
    np.testing.assert_allclose(precision(a, zero_division=0.0), pr)
    np.testing.assert_allclose(recall(a, zero_division=0.0), rc)
    np.testing.assert_allclose(f_measure(a, zero_division=0.0), fb)
    assert np.isnan(precision(a, zero_division=np.nan)[1])
    with pytest.raises(ValueError, match="precision of a class never predicted is 0/0"):
        precision(a)
    with pytest.raises(ValueError, match="recall of a class with no true points"):
        recall(a)
    with pytest.raises(ValueError, match="zero_division must be 'raise' or a number"):
        recall(a, zero_division="zero")
    with pytest.raises(TypeError, match="zero_division"):
        recall(a, zero_division=None)


def test_stacked_confusion_matrices_broadcast():
    rng = np.random.default_rng(RNG_SEED)
    stack = rng.integers(1, 50, size=(4, 3, 2, 2))
    for fn in (recall, precision, f_measure):
        out = fn(stack)
        assert out.shape == (4, 3, 2)
        for i, j in itertools.product(range(4), range(3)):
            np.testing.assert_allclose(out[i, j], fn(stack[i, j]))
    acc = accuracy(stack)
    assert acc.shape == (4, 3)
    np.testing.assert_allclose(acc[2, 1], accuracy(stack[2, 1]))
    cost = np.array([[-1, 100], [1, 0]])
    np.testing.assert_allclose(expected_cost(stack, cost)[3, 0], expected_cost(stack[3, 0], cost))
    assert isinstance(accuracy(stack[0, 0]), float)


def test_symeonidis_imbalance():
    a = [[9990, 0], [10, 0]]  # rows: true class 0, 1; everything predicted 0
    assert accuracy(a) == pytest.approx(0.999, abs=1e-15)
    assert recall(a)[1] == 0.0
    with pytest.raises(ValueError, match="precision"):
        precision(a)  # class 1 is never predicted: its precision is undefined
    assert f_measure(a)[1] == 0.0


def test_symeonidis_cost_example():
    cost = [[-1, 100], [1, 0]]
    m1 = [[150, 40], [60, 250]]
    m2 = [[250, 45], [5, 200]]
    assert accuracy(m1) == pytest.approx(0.8)
    assert accuracy(m2) == pytest.approx(0.9)
    assert expected_cost(m1, cost) == 3910.0
    assert expected_cost(m2, cost) == 4255.0
    assert expected_cost(m1, cost, average=True) == pytest.approx(3910 / 500)
    # a matrix of proportions gives the average cost directly
    assert expected_cost(np.array(m1) / 500, cost) == pytest.approx(3910 / 500)


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 10**6), min_size=4, max_size=4).filter(lambda v: sum(v) > 0),
    st.floats(-50, 50),
    st.floats(-50, 50),
)
def test_symmetric_cost_identity(cells, p, q):
    a, b, c, d = cells
    n = a + b + c + d
    conf = [[a, b], [c, d]]
    cost = expected_cost(conf, [[p, q], [q, p]])
    identity = n * (q - (q - p) * accuracy(conf))
    assert cost == pytest.approx(identity, rel=1e-9, abs=1e-6 * max(1.0, abs(q) * n))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 10**6), min_size=4, max_size=4).filter(lambda v: v[0] > 0))
def test_f_identity_and_blind_spot(cells):
    a, b, c, d = cells
    conf = np.array([[a, b], [c, d]])
    r = recall(conf, zero_division=np.nan)[0]
    p = precision(conf, zero_division=np.nan)[0]
    f = f_measure(conf, zero_division=np.nan)[0]
    assert f == pytest.approx(2 * r * p / (r + p), rel=1e-12)
    assert f == pytest.approx(2 * a / (2 * a + b + c), rel=1e-12)
    # F of the first class does not see d (true negatives)
    other = conf.copy()
    other[1, 1] = d + 12345
    assert f_measure(other, zero_division=np.nan)[0] == f


def test_weighted_accuracy_symeonidis_formula():
    rng = np.random.default_rng(RNG_SEED)
    for _ in range(50):
        a, b, c, d = rng.integers(0, 100, size=4)
        w1, w2, w3, w4 = rng.uniform(0.1, 5, size=4)
        expected = (w1 * a + w4 * d) / (w1 * a + w2 * b + w3 * c + w4 * d)
        got = weighted_accuracy([[a, b], [c, d]], [[w1, w2], [w3, w4]])
        assert got == pytest.approx(expected, rel=1e-13)
    conf = rng.integers(0, 100, size=(3, 3))
    assert weighted_accuracy(conf, np.ones((3, 3))) == pytest.approx(accuracy(conf))
    # weighting the true-positive cell only: the other cells' weights do not matter if a, d = 0
    assert weighted_accuracy([[0, 5], [7, 0]], [[1, 2], [3, 4]]) == 0.0


@pytest.mark.parametrize(
    ("call", "exc", "match"),
    [
        (lambda: recall([1, 2, 3]), ValueError, "confusion must be a square matrix"),
        (lambda: recall([[1, 2, 3], [1, 2, 3]]), ValueError, "confusion must be a square"),
        (lambda: recall([[5]]), ValueError, "at least 2 × 2"),
        (lambda: precision([[1, -2], [3, 4]]), ValueError, "confusion must hold non-negative"),
        (lambda: accuracy([[1, np.nan], [3, 4]]), ValueError, "confusion must hold non-negative"),
        (lambda: accuracy([[0, 0], [0, 0]]), ValueError, "accuracy of an empty table"),
        (lambda: accuracy("abc"), TypeError, "confusion must be a number or an array"),
        (
            lambda: accuracy([[True, False], [False, True]]),
            TypeError,
            "confusion must be a number, not a boolean",
        ),
        (lambda: accuracy([[1j, 0], [0, 1]]), TypeError, "confusion must be real"),
        (lambda: f_measure([[1, 2], [3, 4]], beta=0), ValueError, "beta must be a positive"),
        (lambda: f_measure([[1, 2], [3, 4]], beta="1"), TypeError, "beta must be a positive"),
        (lambda: weighted_accuracy([[1, 2], [3, 4]], [1, 1]), ValueError, "weights must be a 2"),
        (
            lambda: weighted_accuracy([[1, 2], [3, 4]], [[1, -1], [1, 1]]),
            ValueError,
            "weights must be non-negative",
        ),
        (
            lambda: weighted_accuracy([[1, 2], [3, 4]], [[0, 0], [0, 0]]),
            ValueError,
            "zero total weight",
        ),
        (lambda: expected_cost([[1, 2], [3, 4]], [[1, 2, 3]]), ValueError, "cost must be a 2"),
        (
            lambda: expected_cost([[1, 2], [3, 4]], [[1, np.inf], [0, 0]]),
            ValueError,
            "cost must be finite",
        ),
        (lambda: expected_cost([[1, 2], [3, 4]], "cost"), TypeError, "cost must be a number or an"),
    ],
)
def test_measures_bad_input(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


# --------------------------------------------------------------------------------------------
# error counting (Fouladi)


@pytest.mark.parametrize(
    ("rates", "counts", "priors"),
    [
        ([0.1, 0.3], [10, 10], [0.5, 0.5]),
        ([0.2, 0.125, 0.5], [5, 8, 4], [0.2, 0.7, 0.1]),
        ([0.0, 1.0], [3, 7], [0.9, 0.1]),
    ],
)
def test_prior_weighted_error_by_exact_enumeration(rates, counts, priors):
    """Mean and variance of P̂ = Σ prior_i k_i/N_i over all outcomes (k_1, …, k_M)."""
    rates, counts, priors = map(np.asarray, (rates, counts, priors))
    pmfs = [stats.binom.pmf(np.arange(n + 1), n, r) for n, r in zip(counts, rates, strict=True)]
    mean = second = 0.0
    for ks in itertools.product(*[range(n + 1) for n in counts]):
        prob = np.prod([pmf[k] for pmf, k in zip(pmfs, ks, strict=True)])
        value = float(np.sum(priors * np.array(ks) / counts))
        mean += prob * value
        second += prob * value**2
    exact_var = second - mean**2
    assert mean == pytest.approx(float(np.sum(priors * rates)), abs=1e-12)  # unbiased
    # the formula evaluated at the true rates is the exact variance: feed k_i = N_i P_i
    errors = rates * counts
    assert np.allclose(errors, np.round(errors))
    r = prior_weighted_error(np.round(errors), counts, priors)
    assert isinstance(r, ErrorEstimate)
    assert r.estimate == pytest.approx(mean, abs=1e-12)
    assert r.variance == pytest.approx(exact_var, abs=1e-12)
    assert r.std_error == pytest.approx(np.sqrt(exact_var), abs=1e-12)
    np.testing.assert_allclose(r.class_error_rates, rates)


def test_prior_weighted_error_with_empirical_priors_is_pooled_rate():
    errors, counts = np.array([20, 30]), np.array([130, 150])
    r = prior_weighted_error(errors, counts, counts / counts.sum())
    assert r.estimate == pytest.approx(50 / 280, rel=1e-14)


def test_prior_weighted_error_broadcasts():
    errors = np.array([[20, 30], [5, 1]])
    r = prior_weighted_error(errors, [130, 150], [0.3, 0.7])
    assert r.estimate.shape == (2,)
    assert r.estimate[1] == pytest.approx(
        prior_weighted_error([5, 1], [130, 150], [0.3, 0.7]).estimate
    )


# ---- the interval of the prior-weighted error (issue 20, point 7) ----------------------------


def exact_limits(k, n, confidence=0.95):
    """Clopper–Pearson limits from scipy, independent of evalkit."""
    ci = stats.binomtest(int(k), int(n)).proportion_ci(confidence, method="exact")
    return ci.low, ci.high


def test_a_class_with_no_errors_keeps_a_nonzero_upper_limit():
    errors, counts, priors = [0, 3], [40, 60], [0.7, 0.3]
    r = prior_weighted_error(errors, counts, priors)
    # Fouladi's plug-in variance gives class 1 (0 of 40) no variance at all ...
    assert r.variance == pytest.approx(0.3**2 * 0.05 * 0.95 / 60, rel=1e-12)
    # ... its Clopper–Pearson interval does not collapse: 1 − 0.025^(1/40) at k = 0
    assert r.class_intervals.low[0] == 0.0
    assert r.class_intervals.high[0] == pytest.approx(1 - 0.025 ** (1 / 40), rel=1e-10)
    assert r.class_intervals.method == "clopper-pearson"
    # the combined interval by hand (MOVER of Zou, Huang & Zhang 2009) from scipy's limits
    limits = [exact_limits(k, n) for k, n in zip(errors, counts, strict=True)]
    lows, highs = [lim[0] for lim in limits], [lim[1] for lim in limits]
    rates = np.array(errors) / np.array(counts)
    w = np.array(priors)
    low = r.estimate - np.sqrt(np.sum((w * (rates - np.array(lows))) ** 2))
    high = r.estimate + np.sqrt(np.sum((w * (np.array(highs) - rates)) ** 2))
    assert r.interval.low == pytest.approx(low, rel=1e-9)
    assert r.interval.high == pytest.approx(high, rel=1e-9)
    assert r.interval.estimate == r.estimate and r.interval.confidence == 0.95
    # far above the collapsed Wald limit estimate + 1.96·std_error = 0.031
    assert r.interval.high > 2.5 * (r.estimate + 1.96 * r.std_error)


def test_no_errors_at_all_gives_an_interval_from_zero_to_above_zero():
    r = prior_weighted_error([0, 0], [5, 5], [0.5, 0.5])
    assert r.estimate == 0.0 and r.std_error == 0.0
    upper = 1 - 0.025 ** (1 / 5)
    assert r.interval.low == 0.0
    assert r.interval.high == pytest.approx(np.sqrt(2 * (0.5 * upper) ** 2), rel=1e-10)
    all_wrong = prior_weighted_error([5, 5], [5, 5], [0.5, 0.5])
    assert all_wrong.interval.high == 1.0
    assert all_wrong.interval.low == pytest.approx(1 - r.interval.high, rel=1e-10)


def test_interval_broadcasts_and_follows_the_confidence():
    errors = np.array([[20, 30], [0, 1], [0, 0]])
    r = prior_weighted_error(errors, [130, 150], [0.3, 0.7])
    assert r.interval.low.shape == (3,) and r.class_intervals.high.shape == (3, 2)
    one = prior_weighted_error([0, 1], [130, 150], [0.3, 0.7])
    assert r.interval.high[1] == pytest.approx(one.interval.high, rel=1e-12)
    narrow = prior_weighted_error([0, 1], [130, 150], [0.3, 0.7], confidence=0.8)
    assert narrow.interval.high < one.interval.high
    with pytest.raises(ValueError, match="confidence must be strictly between 0 and 1"):
        prior_weighted_error([0, 1], [130, 150], [0.3, 0.7], confidence=1.5)


SCENARIOS = [
    # priors, per-class error rates, per-class test sizes
    ([0.5, 0.3, 0.2], [0.05, 0.10, 0.20], [200, 100, 50]),
    ([0.5, 0.3, 0.2], [0.01, 0.02, 0.05], [200, 100, 50]),
    ([0.5, 0.3, 0.2], [0.005, 0.01, 0.02], [100, 50, 30]),
    ([0.9, 0.1], [0.01, 0.05], [50, 20]),
    ([0.3, 0.7], [0.2, 0.02], [20, 20]),
    ([0.2] * 5, [0.0, 0.01, 0.02, 0.05, 0.1], [30] * 5),
]


@pytest.mark.parametrize(("priors", "class_error", "sizes"), SCENARIOS)
def test_combined_interval_covers_where_the_plug_in_one_does_not(priors, class_error, sizes):
    """4000 simulated test sets per scenario (binomial SE of a coverage near 0.95: 0.0035)."""
    rng = np.random.default_rng(7)
    priors, class_error, sizes = map(np.asarray, (priors, class_error, sizes))
    truth = float(np.sum(priors * class_error))
    errors = rng.binomial(sizes, class_error, size=(4000, sizes.size))
    r = prior_weighted_error(errors, sizes, priors)
    coverage = np.mean(r.interval.contains(truth))
    wald = np.mean(np.abs(r.estimate - truth) <= 1.96 * r.std_error)
    assert coverage >= 0.94, coverage
    if class_error.max() <= 0.05:  # small error rates: the plug-in interval undercovers
        assert wald < 0.92, wald


@pytest.mark.parametrize(
    ("args", "exc", "match"),
    [
        (([21, 30], [20, 150], [0.5, 0.5]), ValueError, "errors must not exceed counts"),
        (([2, 3], [20, 0], [0.5, 0.5]), ValueError, "counts must be a whole number ≥ 1"),
        (([-1, 3], [20, 30], [0.5, 0.5]), ValueError, "errors must be a whole number ≥ 0"),
        (([1.5, 3], [20, 30], [0.5, 0.5]), ValueError, "errors must be a whole number"),
        (([1, 3], [20, 30], [0.5, 0.6]), ValueError, "priors must sum to 1"),
        (([1, 3], [20, 30], [1.5, -0.5]), ValueError, "priors must be a probability"),
        (([1, 3], [20, 30, 40], [0.5, 0.5]), ValueError, "broadcastable"),
        ((1, 20, 1.0), ValueError, "one entry per class"),
    ],
)
def test_prior_weighted_error_bad_input(args, exc, match):
    with pytest.raises(exc, match=match):
        prior_weighted_error(*args)


def test_trials_for_error_rate_rule():
    assert trials_for_error_rate(0.01) == pytest.approx(10000.0, rel=1e-12)
    assert trials_for_error_rate(0.03) == pytest.approx(100 / 0.03, rel=1e-15)
    np.testing.assert_allclose(trials_for_error_rate([0.01, 0.5]), [10000, 200])
    assert trials_for_error_rate(0.1, expected_errors=400) == pytest.approx(4000)


@pytest.mark.parametrize("p", [0.001, 0.01, 0.03, 0.05])
def test_trials_for_error_rate_gives_about_20_percent(p):
    """At N = 100/P (about 100 errors) the exact 95 % interval spans about ±20 % of P."""
    n = round(trials_for_error_rate(p))
    k = round(p * n)
    ci = stats.binomtest(k, n).proportion_ci(0.95, method="exact")
    rel = (ci.high - ci.low) / 2 / (k / n)
    assert 0.18 < rel < 0.22


@pytest.mark.parametrize(
    ("args", "exc", "match"),
    [
        ((0.0,), ValueError, "error_rate must be > 0"),
        ((1.5,), ValueError, "error_rate must be a probability"),
        ((np.nan,), ValueError, "error_rate must be a probability"),
        (("0.1",), TypeError, "error_rate must be a number"),
        ((0.1, 0), ValueError, "expected_errors must be a positive"),
        ((0.1, "100"), TypeError, "expected_errors must be a positive"),
    ],
)
def test_trials_for_error_rate_bad_input(args, exc, match):
    with pytest.raises(exc, match=match):
        trials_for_error_rate(*args)


# --------------------------------------------------------------------------------------------
# calibration, many classes, kappa (issue 26)

import math  # noqa: E402
from fractions import Fraction  # noqa: E402

from sklearn.calibration import calibration_curve as sk_calibration_curve  # noqa: E402

from evalkit.bootstrap import bootstrap_interval  # noqa: E402
from evalkit.intervals import clopper_pearson  # noqa: E402
from evalkit.metrics import (  # noqa: E402
    BrierDecomposition,
    CalibrationCurve,
    CalibrationError,
    ClassMetrics,
    Kappa,
    brier_decomposition,
    brier_score,
    calibration_curve,
    calibration_error,
    calibration_test,
    class_metrics,
    cohen_kappa,
    expected_calibration_error,
    random_ranking_average_precision,
)
from evalkit.roc import average_precision  # noqa: E402


def forecasts(rng, n, bias=0.0):
    """Outcomes drawn from true probabilities; forecasts are those probabilities, distorted."""
    truth = rng.beta(1.5, 1.5, size=n)
    y = (rng.random(n) < truth).astype(int)
    p = np.clip(truth + bias * (truth - 0.5), 0.0, 1.0)
    return y, p


def test_brier_score_agrees_with_scikit_learn():
    rng = np.random.default_rng(RNG_SEED)
    for n in (1, 7, 500):
        y, p = forecasts(rng, n, bias=0.6)
        assert brier_score(y, p) == pytest.approx(skm.brier_score_loss(y, p), abs=1e-15)
    assert brier_score([True, False], [1.0, 0.0]) == 0.0


def _decomposition_by_hand(y, p, groups):
    """Murphy's terms and the two within-bin terms, summed bin by bin with exact fractions."""
    n = len(y)
    frac_p = [Fraction(v) for v in p]
    overall = Fraction(sum(y), n)
    rel = res = wbv = wbc = Fraction(0)
    for g in set(groups):
        idx = [i for i in range(n) if groups[i] == g]
        mean_p = sum(frac_p[i] for i in idx) / len(idx)
        mean_o = Fraction(sum(y[i] for i in idx), len(idx))
        rel += len(idx) * (mean_p - mean_o) ** 2
        res += len(idx) * (mean_o - overall) ** 2
        wbv += sum((frac_p[i] - mean_p) ** 2 for i in idx)
        wbc += sum((frac_p[i] - mean_p) * (y[i] - mean_o) for i in idx)
    brier = sum((frac_p[i] - y[i]) ** 2 for i in range(n)) / n
    return brier, rel / n, res / n, overall * (1 - overall), wbv / n, wbc / n


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
def test_brier_decomposition_matches_exact_fractions_bin_by_bin(strategy):
    rng = np.random.default_rng(RNG_SEED)
    y, p = forecasts(rng, 60, bias=0.8)
    p = np.round(p, 3)
    d = brier_decomposition(y, p, n_bins=5, strategy=strategy)
    edges = (
        np.linspace(0, 1, 6) if strategy == "uniform" else np.percentile(p, np.linspace(0, 100, 6))
    )
    groups = np.searchsorted(edges[1:-1], p).tolist()
    exact = _decomposition_by_hand(y.tolist(), p.tolist(), groups)
    got = (
        d.brier,
        d.reliability,
        d.resolution,
        d.uncertainty,
        d.within_bin_variance,
        d.within_bin_covariance,
    )
    for value, fraction in zip(got, exact, strict=True):
        assert value == pytest.approx(float(fraction), abs=1e-13)
    assert isinstance(d, BrierDecomposition) and d.strategy == strategy


@settings(deadline=None)
@given(
    st.lists(st.tuples(st.booleans(), st.floats(0, 1)), min_size=1, max_size=60),
    st.integers(1, 20),
    st.sampled_from(["uniform", "quantile"]),
)
def test_brier_identity_with_the_two_within_bin_terms_is_exact(pairs, bins, strategy):
    y = np.array([a for a, _ in pairs])
    p = np.array([b for _, b in pairs])
    d = brier_decomposition(y, p, n_bins=bins, strategy=strategy)
    rebuilt = (
        d.reliability
        - d.resolution
        + d.uncertainty
        + d.within_bin_variance
        - 2 * d.within_bin_covariance
    )
    assert d.brier == pytest.approx(rebuilt, abs=1e-12)
    assert d.brier == pytest.approx(skm.brier_score_loss(y, p), abs=1e-12)
    assert d.reliability >= 0 and d.resolution >= 0 and d.within_bin_variance >= 0
    # Murphy's three-term identity is exact when each distinct forecast is its own bin
    m = brier_decomposition(y, p, n_bins=None)
    assert m.within_bin_variance == 0 and m.within_bin_covariance == 0
    assert m.brier == pytest.approx(m.reliability - m.resolution + m.uncertainty, abs=1e-12)


def test_three_term_identity_is_off_by_the_within_bin_terms_for_wide_bins():
    rng = np.random.default_rng(RNG_SEED)
    y, p = forecasts(rng, 2000, bias=0.5)
    d = brier_decomposition(y, p, n_bins=2)
    gap = d.brier - (d.reliability - d.resolution + d.uncertainty)
    assert abs(gap) > 1e-3  # really off with two wide bins …
    assert gap == pytest.approx(d.within_bin_variance - 2 * d.within_bin_covariance, abs=1e-12)


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
@pytest.mark.parametrize("bins", [1, 3, 10, 37])
def test_calibration_curve_agrees_with_scikit_learn(strategy, bins):
    rng = np.random.default_rng(RNG_SEED + bins)
    for n, bias in ((40, 0.0), (700, 0.9)):
        y, p = forecasts(rng, n, bias)
        p[:3] = [0.0, 1.0, 0.5]  # the ends and an inner edge
        curve = calibration_curve(y, p, n_bins=bins, strategy=strategy)
        prob_true, prob_pred = sk_calibration_curve(y, p, n_bins=bins, strategy=strategy)
        np.testing.assert_allclose(curve.fraction_positive, prob_true, rtol=0, atol=1e-14)
        np.testing.assert_allclose(curve.mean_predicted, prob_pred, rtol=0, atol=1e-14)
        assert curve.counts.sum() == n and (curve.counts > 0).all()
        frac, pred = curve
        assert frac is curve.fraction_positive and pred is curve.mean_predicted
        assert curve.edges.size == bins + 1 and isinstance(curve, CalibrationCurve)


def test_calibration_curve_drops_empty_bins_and_gives_wilson_intervals_per_bin():
    y = [0, 0, 1, 1, 1, 0, 1]
    p = [0.05, 0.08, 0.91, 0.95, 0.97, 0.5, 0.55]
    curve = calibration_curve(y, p, n_bins=10, confidence=0.9)
    assert curve.counts.tolist() == [2, 1, 1, 3]  # six empty bins dropped
    for k, n, low, high in zip(
        np.rint(curve.fraction_positive * curve.counts).astype(int),
        curve.counts,
        curve.interval.low,
        curve.interval.high,
        strict=True,
    ):
        ci = stats.binomtest(int(k), int(n)).proportion_ci(confidence_level=0.9, method="wilson")
        assert (low, high) == pytest.approx((ci.low, ci.high), abs=1e-12)
    assert curve.interval.confidence == 0.9 and curve.interval.method == "wilson"


def _ece_by_hand(y, p, bins, strategy):
    prob_true, prob_pred = sk_calibration_curve(y, p, n_bins=bins, strategy=strategy)
    edges = (
        np.linspace(0, 1, bins + 1)
        if strategy == "uniform"
        else np.percentile(p, np.linspace(0, 100, bins + 1))
    )
    counts = np.bincount(np.searchsorted(edges[1:-1], p), minlength=bins)
    counts = counts[counts > 0]
    return float(np.sum(counts * np.abs(prob_true - prob_pred)) / len(y))


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
def test_plain_expected_calibration_error_is_the_ece_of_scikit_learns_points(strategy):
    rng = np.random.default_rng(RNG_SEED)
    y, p = forecasts(rng, 400, bias=1.0)
    plain = expected_calibration_error(y, p, n_bins=8, strategy=strategy)  # the l1 ECE
    assert isinstance(plain, CalibrationError)
    assert calibration_error(y, p, norm="l1", debiased=False, n_bins=8, strategy=strategy) == plain
    assert plain.estimate == pytest.approx(_ece_by_hand(y, p, 8, strategy), abs=1e-14)
    assert plain.norm == "l1" and plain.squared is None and "biased" in plain.method
    assert strategy in plain.method


def _kumar_by_hand(y, p, bins, strategy):
    """Kumar, Liang & Ma's (2019) debiased squared l2 error, bin by bin in plain Python."""
    edges = (
        np.linspace(0, 1, bins + 1)
        if strategy == "uniform"
        else np.percentile(p, np.linspace(0, 100, bins + 1))
    )
    ids = np.searchsorted(edges[1:-1], p)
    total = 0.0
    for k in range(bins):
        yk, pk = y[ids == k], p[ids == k]
        if len(yk) < 2:
            continue
        o = yk.mean()
        total += len(yk) * ((o - pk.mean()) ** 2 - o * (1 - o) / (len(yk) - 1))
    return total / len(y)


@pytest.mark.parametrize("strategy", ["uniform", "quantile"])
def test_debiased_calibration_error_is_kumar_liang_and_ma_by_hand(strategy):
    rng = np.random.default_rng(RNG_SEED + 1)
    y, p = forecasts(rng, 300, bias=0.5)
    p[:3] = [0.001, 0.002, 0.999]  # may leave bins of one item, which contribute 0
    e = calibration_error(y, p, n_bins=12, strategy=strategy)  # norm="l2", debiased=True
    assert e.debiased and e.norm == "l2" and "Kumar" in e.method
    assert e.squared == pytest.approx(_kumar_by_hand(y, p, 12, strategy), abs=1e-15)
    assert e.estimate == pytest.approx(math.sqrt(max(e.squared, 0.0)), abs=1e-15)
    # the deprecation path of issue 57: expected_calibration_error(debiased=True) still gives it
    with pytest.warns(FutureWarning, match=r"debiased= is deprecated.*norm='l2', debiased=True"):
        old = expected_calibration_error(y, p, n_bins=12, strategy=strategy, debiased=True)
    assert old == e


def test_debiased_calibration_error_is_unbiased_where_the_plain_ece_is_not():
    # issue 41 §1, row 1: a calibrated forecaster, N = 285, 10 uniform bins. The plain ECE
    # averages about 0.059 (the old default, biased); the debiased squared error averages 0.
    gen = np.random.default_rng(41)
    plain, squared = [], []
    for _ in range(300):
        p = gen.random(285)
        y = (gen.random(285) < p).astype(int)
        plain.append(expected_calibration_error(y, p).estimate)  # the l1 ECE
        squared.append(calibration_error(y, p).squared)  # the default is the debiased l2
    se = np.std(squared, ddof=1) / np.sqrt(len(squared))
    assert abs(np.mean(squared)) < 3.5 * se
    assert np.mean(plain) > 0.05


def test_expected_calibration_error_no_longer_gives_an_interval_nor_takes_its_arguments():
    # issue 44: rng=None in the signature of a function that draws no random numbers confused;
    # confidence, rounds and rng (ignored with a FutureWarning since issue 41) are gone
    y, p = [0, 1, 1, 0, 1], [0.2, 0.7, 0.9, 0.4, 0.6]
    params = inspect.signature(expected_calibration_error).parameters
    assert not {"confidence", "rounds", "rng"} & set(params)
    with pytest.raises(TypeError, match="rng"):
        expected_calibration_error(y, p, n_bins=2, rng=1)
    assert not hasattr(expected_calibration_error(y, p, n_bins=2), "low")


def test_expected_calibration_error_of_calibrated_forecasts_is_small_and_of_bad_ones_large():
    rng = np.random.default_rng(RNG_SEED)
    y, p = forecasts(rng, 5000)
    good = expected_calibration_error(y, p)
    y2, p2 = forecasts(rng, 5000, bias=1.0)
    bad = expected_calibration_error(y2, p2)
    assert good.estimate < 0.03 < 0.1 < bad.estimate


def _spiegelhalter_by_enumeration(y, p):
    """z from the exact null mean and variance of the Brier score over all 2^N outcomes."""
    briers, probs = [], []
    for outcome in itertools.product([0, 1], repeat=len(p)):
        o = np.array(outcome)
        briers.append(np.mean((o - p) ** 2))
        probs.append(np.prod(np.where(o == 1, p, 1 - p)))
    briers, probs = np.array(briers), np.array(probs)
    mean = np.sum(probs * briers)
    sd = math.sqrt(np.sum(probs * (briers - mean) ** 2))
    return (np.mean((y - p) ** 2) - mean) / sd


def test_spiegelhalter_z_agrees_with_the_exact_null_moments_of_the_brier_score():
    p = np.array([0.05, 0.2, 0.35, 0.6, 0.7, 0.85, 0.9, 0.97])
    for y in ([0, 0, 1, 1, 1, 1, 1, 1], [1, 1, 0, 0, 1, 0, 0, 1], [0, 0, 0, 1, 0, 1, 1, 1]):
        r = calibration_test(y, p, method="spiegelhalter")
        z = _spiegelhalter_by_enumeration(np.array(y), p)
        # Spiegelhalter's z is (observed Brier - its null mean) / its null SD, since
        # (y - p)^2 - p(1 - p) = (y - p)(1 - 2p) for y in {0, 1}
        assert r.statistic == pytest.approx(z, rel=1e-12)
        assert r.pvalue == pytest.approx(2 * stats.norm.sf(abs(z)), rel=1e-10)
        assert r.statistic_name == "z" and r.alternative == "two-sided"
        assert r.details["null_mean_brier"] == pytest.approx(np.mean(p * (1 - p)))


def test_spiegelhalter_test_holds_its_size_and_sees_overconfidence():
    gen = np.random.default_rng(86)
    calibrated, overconfident = [], []
    for _ in range(2000):
        p = gen.random(285)
        y = (gen.random(285) < p).astype(int)
        calibrated.append(calibration_test(y, p, "spiegelhalter").pvalue <= 0.05)
        y2 = (gen.random(285) < 0.5 + 0.8 * (p - 0.5)).astype(int)
        overconfident.append(calibration_test(y2, p, "spiegelhalter").pvalue <= 0.05)
    assert abs(np.mean(calibrated) - 0.05) < 3 * math.sqrt(0.05 * 0.95 / 2000)
    assert np.mean(overconfident) > 0.4


def test_consistency_resampling_is_a_valid_test_with_its_monte_carlo_error():
    gen = np.random.default_rng(2007)
    rejected = []
    for i in range(300):
        p = gen.random(100)
        y = (gen.random(100) < p).astype(int)
        rejected.append(calibration_test(y, p, n_bins=5, resamples=99, rng=i).pvalue <= 0.05)
    assert np.mean(rejected) < 0.05 + 3 * math.sqrt(0.05 * 0.95 / 300)
    p = gen.random(400)
    y = (gen.random(400) < 0.5 + 0.5 * (p - 0.5)).astype(int)  # strongly overconfident
    r = calibration_test(y, p, resamples=999, rng=3)
    assert r.pvalue == pytest.approx(1 / 1000) and r.alternative == "greater"
    assert r.statistic == pytest.approx(expected_calibration_error(y, p).estimate)
    assert r.details["resamples"] == 999
    assert r.details["mc_standard_error"] == pytest.approx(math.sqrt(0.001 * 0.999 / 999))
    assert calibration_test(y, p, resamples=200, rng=5) == calibration_test(
        y, p, resamples=200, rng=5
    )
    assert 0 < calibration_test(y, p, resamples=99).pvalue <= 1  # rng=None: SPEC 7


def test_calibration_docstrings_state_the_measured_figures_of_the_csv():
    import csv

    from evalkit.datasets import data_file

    with data_file("calibration_simulation.csv").open() as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    ece_doc = " ".join(expected_calibration_error.__doc__.split())  # the l1 ECE's figures
    test_doc = " ".join(calibration_test.__doc__.split())
    for row in rows:
        assert f"{float(row['plain_ece_bias']):+.3f}" in ece_doc
        assert f"{float(row['debiased_l2_squared_bias']):+.6f}" in ece_doc
        assert f"{float(row['old_interval_coverage']):.3f}" in ece_doc
        assert f"{float(row['spiegelhalter_rejects']):.3f}" in test_doc
        assert f"{float(row['resampling_rejects']):.3f}" in test_doc


STRING_TRUE = ["cat", "dog", "dog", "bird", "cat", "bird", "dog", "cat", "cat", "bird", "dog"]
STRING_PRED = ["cat", "dog", "cat", "bird", "cat", "dog", "dog", "bird", "cat", "bird", "cat"]


@pytest.mark.parametrize("seed", range(4))
def test_class_metrics_estimates_agree_with_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    m = 2 + seed * 2
    y, pred = random_labels(rng, 300, m)
    res = class_metrics(y, pred, rounds=100, rng=seed)
    for average in (None, "macro", "micro"):
        p, r, f, _ = skm.precision_recall_fscore_support(y, pred, average=average, zero_division=0)
        prefix = "" if average is None else f"{average}_"
        np.testing.assert_allclose(getattr(res, prefix + "precision").estimate, p, atol=1e-14)
        np.testing.assert_allclose(getattr(res, prefix + "recall").estimate, r, atol=1e-14)
        np.testing.assert_allclose(getattr(res, prefix + "f1").estimate, f, atol=1e-14)
    assert isinstance(res, ClassMetrics)
    np.testing.assert_array_equal(res.confusion, skm.confusion_matrix(y, pred))


def test_class_metrics_with_string_labels_and_a_chosen_order():
    res = class_metrics(STRING_TRUE, STRING_PRED, labels=["dog", "cat", "bird"], rounds=100, rng=0)
    p, r, f, _ = skm.precision_recall_fscore_support(
        STRING_TRUE, STRING_PRED, labels=["dog", "cat", "bird"], zero_division=0
    )
    np.testing.assert_allclose(res.precision.estimate, p)
    np.testing.assert_allclose(res.recall.estimate, r)
    np.testing.assert_allclose(res.f1.estimate, f)
    assert res.labels.tolist() == ["dog", "cat", "bird"]


def _rare_class_test_set():
    """Issue 41 §2: classes of 100, 100, 100 and 3 items, 90 % recall, the rare class 3 of 3."""
    y = np.repeat([0, 1, 2, 3], [100, 100, 100, 3])
    pred = y.copy()
    for c in range(3):
        pred[100 * c : 100 * c + 10] = (c + 1) % 3
    return y, pred


def test_rare_class_recall_interval_is_conditional_on_the_class_not_zero_to_one():
    y, pred = _rare_class_test_set()
    res = class_metrics(y, pred, rounds=500, rng=0)
    assert res.recall.estimate[3] == 1.0
    # the item bootstrap gave [0.000, 1.000]; Clopper-Pearson for 3 of 3 is [0.292, 1]
    rare = clopper_pearson(3, 3)
    assert (res.recall.low[3], res.recall.high[3]) == pytest.approx((rare.low, 1.0), abs=1e-12)
    assert res.recall.low[3] > 0.29
    big = clopper_pearson(90, 100)
    np.testing.assert_allclose(res.recall.low[:3], big.low, atol=1e-12)
    # precision: conditional on the items predicted as each class (Clopper-Pearson)
    column = res.confusion.sum(axis=0)
    ci = clopper_pearson(np.diag(res.confusion), column)
    np.testing.assert_allclose(res.precision.low, ci.low, atol=1e-12)
    np.testing.assert_allclose(res.precision.high, ci.high, atol=1e-12)


def test_macro_recall_interval_has_no_artefact_of_resamples_that_lack_the_rare_class():
    y, pred = _rare_class_test_set()
    res = class_metrics(y, pred, rounds=500, rng=0)
    assert res.macro_recall.estimate == pytest.approx(0.925)
    # the old item bootstrap scored a missing rare class 0: lower limit 0.678. The MOVER of
    # the per-class Clopper-Pearson limits, by hand:
    rates = np.array([0.9, 0.9, 0.9, 1.0])
    lows = np.r_[[clopper_pearson(90, 100).low] * 3, clopper_pearson(3, 3).low]
    highs = np.r_[[clopper_pearson(90, 100).high] * 3, 1.0]
    low = 0.925 - math.sqrt(np.sum((rates - lows) ** 2)) / 4
    high = 0.925 + math.sqrt(np.sum((highs - rates) ** 2)) / 4
    assert (res.macro_recall.low, res.macro_recall.high) == pytest.approx((low, high), abs=1e-12)
    assert res.macro_recall.low > 0.74
    # macro recall is 1 - the prior-weighted error with equal priors (Fouladi)
    errors = prior_weighted_error([10, 10, 10, 0], [100, 100, 100, 3], [0.25] * 4)
    assert res.macro_recall.low == pytest.approx(1 - errors.interval.high, abs=1e-12)
    assert "MOVER" in res.macro_recall.method


def test_macro_f1_bootstrap_leaves_out_classes_a_resample_lacks():
    y, pred = _rare_class_test_set()
    res = class_metrics(y, pred, rounds=100, rng=11)

    def macro_f1(t, q):  # scikit-learn's zero_division=nan leaves undefined classes out
        return skm.f1_score(t, q, labels=[0, 1, 2, 3], average="macro", zero_division=np.nan)

    general = bootstrap_interval(macro_f1, y, pred, rounds=100, rng=11)
    assert (res.macro_f1.low, res.macro_f1.high) == pytest.approx(
        (general.low, general.high), abs=1e-12
    )
    assert res.macro_f1.low > 0.85  # a missing rare class scored 0 pulled it to about 0.68


def test_class_metrics_intervals_are_the_general_bootstrap_on_the_same_resamples():
    rng = np.random.default_rng(RNG_SEED)
    y, pred = random_labels(rng, 120, 4)
    res = class_metrics(y, pred, labels=[0, 1, 2, 3], rounds=100, rng=11)

    def f1_of_2(t, q):
        return skm.f1_score(t, q, labels=[2], average="macro", zero_division=0)

    general = bootstrap_interval(f1_of_2, y, pred, rounds=100, rng=11)
    assert (res.f1.low[2], res.f1.high[2]) == pytest.approx((general.low, general.high))
    accuracy_ci = clopper_pearson(int(np.sum(y == pred)), y.size)
    assert res.micro_f1.estimate == pytest.approx(np.mean(y == pred))
    assert (res.micro_f1.low, res.micro_f1.high) == pytest.approx(
        (accuracy_ci.low, accuracy_ci.high)
    )


def test_a_class_never_predicted_has_precision_interval_zero_to_one():
    y = [0, 0, 1, 1, 2, 2, 2]
    pred = [0, 0, 1, 1, 1, 1, 0]  # class 2 never predicted
    res = class_metrics(y, pred, rounds=200, rng=0)
    assert res.precision.estimate[2] == 0.0  # scikit-learn's zero_division=0
    assert (res.precision.low[2], res.precision.high[2]) == (0.0, 1.0)
    assert res.recall.high[2] < 1.0  # 0 of 3: recall is defined and small


def test_class_metrics_docstring_states_the_measured_coverage_of_the_csv():
    import csv

    from evalkit.datasets import data_file

    with data_file("macro_recall_coverage.csv").open() as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    doc = " ".join(class_metrics.__doc__.split())
    for row in rows:
        assert f"{float(row['mover_clopper_pearson_coverage']):.3f}" in doc


def test_random_ranking_average_precision_agrees_with_enumeration_and_simulation():
    # every placement of 2 positives among 6 ranked items, with roc.average_precision
    values = []
    for top in itertools.combinations(range(6), 2):
        labels = np.zeros(6, int)
        labels[list(top)] = 1
        values.append(average_precision(labels, -np.arange(6.0)))
    assert random_ranking_average_precision(2, 6) == pytest.approx(np.mean(values), abs=1e-14)
    gen = np.random.default_rng(2015)
    labels = np.r_[np.ones(20, int), np.zeros(80, int)]
    sims = [average_precision(labels, gen.random(100)) for _ in range(3000)]
    se = np.std(sims, ddof=1) / np.sqrt(len(sims))
    exact = random_ranking_average_precision(20, 100)
    assert abs(np.mean(sims) - exact) < 4 * se
    assert exact > 0.2 + 0.03  # above the positive rate, the AP of a constant score
    assert average_precision(labels, np.zeros(100)) == pytest.approx(0.2)
    np.testing.assert_allclose(
        random_ranking_average_precision([1, 10], [1, 10_000]), [1.0, 0.0018779696], rtol=1e-7
    )


def _kappa_of_cells(cells):
    m = math.isqrt(cells.size)
    p = cells.reshape(m, m)
    po, pe = np.trace(p), p.sum(axis=1) @ p.sum(axis=0)
    return (po - pe) / (1 - pe)


def _delta_method_variance(p, n):
    """Var of kappa by the multinomial delta method with a numerical gradient."""
    flat = p.reshape(-1)
    h = 1e-6
    grad = np.array(
        [
            (_kappa_of_cells(flat + h * e) - _kappa_of_cells(flat - h * e)) / (2 * h)
            for e in np.eye(flat.size)
        ]
    )
    return (grad @ (np.diag(flat) - np.outer(flat, flat)) @ grad) / n


@pytest.mark.parametrize("seed", range(5))
def test_cohen_kappa_agrees_with_scikit_learn_and_the_delta_method(seed):
    rng = np.random.default_rng(seed)
    m = 2 + seed
    y, pred = random_labels(rng, 200, m)
    k = cohen_kappa(y, pred, confidence=0.9, method="wald")
    assert k.estimate == pytest.approx(skm.cohen_kappa_score(y, pred), abs=1e-13)
    table = skm.confusion_matrix(y, pred).astype(float)
    p = table / table.sum()
    assert k.std_error**2 == pytest.approx(_delta_method_variance(p, 200), rel=1e-6)
    # under kappa = 0 the cells are the products of the margins
    independent = np.outer(p.sum(axis=1), p.sum(axis=0))
    assert k.null_std_error**2 == pytest.approx(_delta_method_variance(independent, 200), rel=1e-6)
    z = stats.norm.ppf(0.95)
    assert (k.interval.low, k.interval.high) == pytest.approx(
        (max(-1, k.estimate - z * k.std_error), min(1, k.estimate + z * k.std_error))
    )
    assert k.pvalue == pytest.approx(2 * stats.norm.sf(abs(k.estimate / k.null_std_error)))
    assert isinstance(k, Kappa)


def test_cohen_kappa_covers_its_true_value_about_95_percent_of_the_time():
    rng = np.random.default_rng(RNG_SEED)
    cells = np.array([[0.35, 0.05, 0.02], [0.06, 0.25, 0.04], [0.03, 0.05, 0.15]])
    true_kappa = _kappa_of_cells(cells.reshape(-1))
    hits = 0
    for _ in range(400):
        draw = rng.choice(9, size=300, p=cells.reshape(-1))
        hits += cohen_kappa(draw // 3, draw % 3, labels=[0, 1, 2]).interval.contains(true_kappa)
    assert 0.91 <= hits / 400 <= 0.98


def test_cohen_kappa_perfect_agreement_and_strings():
    k = cohen_kappa(STRING_TRUE, STRING_TRUE)
    assert k.estimate == 1.0 and k.std_error == pytest.approx(0.0, abs=1e-7) and k.pvalue < 1e-4
    k2 = cohen_kappa(STRING_TRUE, STRING_PRED)
    assert k2.estimate == pytest.approx(skm.cohen_kappa_score(STRING_TRUE, STRING_PRED))


@pytest.mark.parametrize(
    ("function", "kwargs", "error", "message"),
    [
        (
            brier_score,
            dict(y_true=[0, 1], probabilities=[0.2, 1.2]),
            ValueError,
            r"^probabilities must be a probability in \[0, 1\]; got 1\.2",
        ),
        (
            brier_score,
            dict(y_true=[0, 1, 2], probabilities=[0.2, 0.3, 0.4]),
            ValueError,
            r"^y_true must hold two classes \(probabilities gives one per item: the positive "
            r"class's\); got 3 classes \(0, 1, 2\)",
        ),
        (
            brier_score,
            dict(y_true=[0, 1, 1], probabilities=[0.2, 0.3]),
            ValueError,
            r"^y_true and probabilities must have the same length; got 3 and 2",
        ),
        (
            brier_score,
            dict(y_true=["a", "b"], probabilities=[0.2, 0.3], pos_label=1),
            TypeError,
            r"^pos_label must be a string like the labels of y_true \['a', 'b'\]; got 1",
        ),
        (
            calibration_curve,
            dict(y_true=[0, 1], probabilities=[[0.2, 0.3]]),
            ValueError,
            r"^probabilities must be 1-D",
        ),
        (
            brier_score,
            dict(y_true=[0, 1], probabilities=[[0.2, 0.3], [0.5, 0.5]]),
            ValueError,
            r"^each row of probabilities must sum to 1 \(one probability per class\); row 0 "
            r"sums to 0\.5$",
        ),
        (
            brier_decomposition,
            dict(y_true=[0, 1], probabilities=[0.2, 0.3], n_bins=0),
            ValueError,
            r"^n_bins must be a whole number ≥ 1; got 0",
        ),
        (
            brier_decomposition,
            dict(y_true=[0, 1], probabilities=[0.2, float("nan")]),
            ValueError,
            r"^probabilities must be a probability in \[0, 1\]; got nan",
        ),
        (
            calibration_curve,
            dict(y_true=[0, 1], probabilities=[0.2, 0.3], strategy="equal"),
            ValueError,
            r"^strategy must be one of 'uniform', 'quantile'; got 'equal'",
        ),
        (
            calibration_curve,
            dict(y_true=[0, 1], probabilities=[0.2, 0.3], n_bins=2.5),
            TypeError,
            r"^n_bins must be a whole number ≥ 1; got 2\.5",
        ),
        (
            calibration_curve,
            dict(y_true=[0, 1], probabilities=[0.2, 0.3], confidence=95),
            ValueError,
            r"^confidence must be strictly between 0 and 1",
        ),
        (
            expected_calibration_error,
            dict(y_true=[0, 1], probabilities=[0.2, 0.3], debiased="yes"),
            TypeError,
            r"^debiased must be True or False; got 'yes'",
        ),
        (
            calibration_test,
            dict(y_true=[0, 1], probabilities=[0.2, 0.3], method="hosmer"),
            ValueError,
            r"^method must be one of 'resampling', 'spiegelhalter'; got 'hosmer'",
        ),
        (
            calibration_test,
            dict(y_true=[0, 1], probabilities=[0.2, 0.3], resamples=10, rng=0),
            ValueError,
            r"^resamples must be a whole number ≥ 99; got 10",
        ),
        (
            calibration_test,
            dict(y_true=[0, 1], probabilities=[0.5, 1.0], method="spiegelhalter"),
            ValueError,
            r"^Spiegelhalter's test is undefined when every probability is 0, 0\.5 or 1",
        ),
        (
            random_ranking_average_precision,
            dict(positives=5, items=3),
            ValueError,
            r"^positives must not exceed items; got positives=5 with items=3",
        ),
        (
            expected_calibration_error,
            dict(y_true=[1], probabilities=[0.2]),
            ValueError,
            r"^y_true and probabilities must hold at least 2 items; got 1",
        ),
        (
            class_metrics,
            dict(y_true=[0, 1, 1], y_pred=[0, 1]),
            ValueError,
            r"^y_true and y_pred must have the same length; got 3 and 2",
        ),
        (class_metrics, dict(y_true=[0, 1], y_pred=[0, 1], rng=1.5), TypeError, r"^rng must be"),
        (
            class_metrics,
            dict(y_true=[0, 1], y_pred=[0, 1], rounds=5, rng=0),
            ValueError,
            r"^rounds must be a whole number ≥ 100; got 5",
        ),
        (
            class_metrics,
            dict(y_true=[0, 1], y_pred=[0, 3], labels=[0, 1], rng=0),
            ValueError,
            r"^y_pred contains the label 3, which is not among labels \[0, 1\]",
        ),
        (
            cohen_kappa,
            dict(y_true=[0, 0, 0], y_pred=[0, 0, 0], labels=[0, 1]),
            ValueError,
            r"^cohen_kappa is undefined \(0/0\)",
        ),
        (
            cohen_kappa,
            dict(y_true=[0, 1], y_pred=[0, 1], confidence=1.0),
            ValueError,
            r"^confidence must be strictly between 0 and 1",
        ),
        (
            cohen_kappa,
            dict(y_true=[0, 1], y_pred=["a", "b"]),
            TypeError,
            r"^y_true and y_pred must hold labels of the same kind",
        ),
    ],
)
def test_issue26_bad_inputs(function, kwargs, error, message):
    with pytest.raises(error, match=message):
        function(**kwargs)


# --------------------------------------------------------------------------------------------
# issue 44, one convention: scikit-learn's names and order, pos_label, n_bins, rng, repr

import inspect  # noqa: E402
import warnings  # noqa: E402

from evalkit.metrics import _column_quantile_mc_errors  # noqa: E402

BINARY_FORECAST_FUNCTIONS = [
    brier_decomposition,
    calibration_curve,
    expected_calibration_error,
    calibration_test,
]


@pytest.mark.parametrize("function", [brier_score, calibration_error, *BINARY_FORECAST_FUNCTIONS])
def test_forecast_functions_take_y_true_first_and_pos_label(function):
    # before issue 44 the first argument was called labels, and there was no pos_label
    params = inspect.signature(function).parameters
    assert list(params)[:2] == ["y_true", "probabilities"]
    assert params["pos_label"].default is None
    assert params["pos_label"].kind is inspect.Parameter.KEYWORD_ONLY


@pytest.mark.parametrize("function", BINARY_FORECAST_FUNCTIONS)
def test_n_bins_is_scikit_learns_name_and_bins_a_deprecated_alias(function):
    params = inspect.signature(function).parameters
    assert params["n_bins"].kind is inspect.Parameter.KEYWORD_ONLY
    assert params["n_bins"].default == 10
    y, p = [0, 1, 1, 0, 1, 1], [0.1, 0.8, 0.7, 0.3, 0.6, 0.9]
    extra = {"rng": 0, "resamples": 99} if function is calibration_test else {}
    new = function(y, p, n_bins=3, **extra)
    with pytest.warns(FutureWarning, match=r"bins= is deprecated .* use n_bins="):
        old = function(y, p, bins=3, **extra)
    assert repr(old) == repr(new)
    with pytest.raises(TypeError, match=r"^pass n_bins only \(bins is its deprecated name\)"):
        function(y, p, n_bins=4, bins=3, **extra)


def test_pos_label_picks_the_positive_class_as_scikit_learn_does():
    rng = np.random.default_rng(RNG_SEED)
    y, p = forecasts(rng, 300, bias=0.4)
    names = np.where(y == 1, "spam", "ham")
    # strings: "spam" > "ham" is the default positive class, as roc.auc takes it
    assert brier_score(names, p) == pytest.approx(skm.brier_score_loss(names, p, pos_label="spam"))
    assert brier_score(names, 1 - p, pos_label="ham") == pytest.approx(brier_score(y, p))
    assert brier_score(2 * y - 1, p) == pytest.approx(brier_score(y, p))  # {-1, 1}
    assert brier_score(np.where(y == 1, 7, 3), p) == pytest.approx(brier_score(y, p))  # larger
    assert brier_score(y, 1 - p, pos_label=0) == pytest.approx(
        skm.brier_score_loss(y, 1 - p, pos_label=0)
    )
    curve = calibration_curve(names, 1 - p, n_bins=5, pos_label="ham")
    prob_true, prob_pred = sk_calibration_curve(names, 1 - p, n_bins=5, pos_label="ham")
    np.testing.assert_allclose(curve.fraction_positive, prob_true, atol=1e-14)
    np.testing.assert_allclose(curve.mean_predicted, prob_pred, atol=1e-14)
    d = brier_decomposition(names, 1 - p, n_bins=5, pos_label="ham")
    assert d.brier == pytest.approx(brier_score(y, p))
    e = expected_calibration_error(names, 1 - p, n_bins=5, pos_label="ham")
    assert e.estimate == pytest.approx(expected_calibration_error(1 - y, 1 - p, n_bins=5).estimate)
    z = calibration_test(names, p, method="spiegelhalter")
    assert z.statistic == pytest.approx(calibration_test(y, p, method="spiegelhalter").statistic)
    # one class only: 0/1 labels keep 1 as the positive class (all negatives here)
    assert brier_score([0, 0], [0.1, 0.2]) == pytest.approx(0.025)
    with pytest.raises(
        ValueError,
        match=r"^pos_label must be one of the labels of y_true \['ham', 'spam'\]; got 'eggs'",
    ):
        brier_score(names, p, pos_label="eggs")
    with pytest.raises(ValueError, match=r"^y_true holds the single label 'ham': pass pos_label="):
        brier_score(["ham", "ham"], [0.1, 0.2])


def test_calibration_test_names_its_estimate_and_carries_its_monte_carlo_error():
    rng = np.random.default_rng(RNG_SEED)
    y, p = forecasts(rng, 200, bias=0.5)
    r = calibration_test(y, p, resamples=400, rng=1)
    assert r.estimate_name == "plain binned ECE" and r.estimate == r.statistic
    se = r.details["mc_standard_error"]
    assert se == pytest.approx(math.sqrt(r.pvalue * (1 - r.pvalue) / 400))
    assert "mc_standard_error" in repr(r)


def test_quantile_monte_carlo_error_matches_the_spread_over_seeds():
    # normal replicates: the 2.5 % quantile of B = 2000 draws has SE
    # sqrt(q (1 - q) / B) / phi(z_q) = 0.0598 (asymptotic); the estimate should be near it
    gen = np.random.default_rng(44)
    draws = gen.standard_normal((200, 2000))
    estimates = [_column_quantile_mc_errors(d[:, None], 0.025)[0] for d in draws[:40]]
    spread = np.std(np.quantile(draws, 0.025, axis=1), ddof=1)
    theory = math.sqrt(0.025 * 0.975 / 2000) / stats.norm.pdf(stats.norm.ppf(0.025))
    assert theory == pytest.approx(0.0598, abs=1e-4)
    assert np.mean(estimates) == pytest.approx(theory, rel=0.2)
    assert spread == pytest.approx(theory, rel=0.2)
    with_nan = np.r_[draws[0], np.full(50, np.nan)][:, None]
    assert _column_quantile_mc_errors(with_nan, 0.025)[0] == pytest.approx(estimates[0])


def test_class_metrics_carries_the_monte_carlo_error_of_its_bootstrap_limits():
    # before issue 44 ClassMetrics had no Monte-Carlo error
    rng = np.random.default_rng(RNG_SEED)
    y, pred = random_labels(rng, 150, 3)
    runs = [class_metrics(y, pred, rounds=400, rng=seed) for seed in range(30)]
    spread = max(
        np.std([r.macro_f1.low for r in runs], ddof=1),
        np.std([r.macro_f1.high for r in runs], ddof=1),
    )
    reported = np.array([r.mc_standard_error for r in runs])
    assert np.isfinite(reported).all()
    # the field is the largest over all bootstrap limits, so at least the macro limits' spread
    assert np.median(reported) > 0.7 * spread
    assert np.median(reported) < 0.1  # and not absurd at 400 resamples
    assert "mc_standard_error=" in repr(runs[0])


def _results_of_every_class():
    y, p = (
        [0, 0, 1, 1, 1, 0, 1, 0, 1, 1] * 3,
        [0.1, 0.3, 0.7, 0.9, 0.6, 0.4, 0.8, 0.2, 0.35, 0.45] * 3,
    )
    return [
        prior_weighted_error([20, 30], [130, 150], [0.5, 0.5]),
        brier_decomposition(y, p),
        calibration_curve(y, p, n_bins=20),
        expected_calibration_error(y, p),
        calibration_error(y, p),
        class_metrics(STRING_TRUE, STRING_PRED, rounds=100, rng=0),
        cohen_kappa(STRING_TRUE, STRING_PRED, weights="linear"),
    ]


@pytest.mark.parametrize("result", _results_of_every_class(), ids=lambda r: type(r).__name__)
def test_every_result_has_a_short_repr_and_an_html_table(result):
    # before issue 44 these printed as dataclass reprs with every array in full
    text = repr(result)
    assert "\n" not in text and len(text) < 400, text
    assert text.startswith(type(result).__name__ + "(")
    assert "array([" not in text or text.count(",") < 40
    table = result._repr_html_()
    assert table.startswith('<table class="evalkit-result">') and table.count("<tr>") >= 3


def test_class_metrics_and_kappa_show_intervals_as_estimate_and_limits():
    k = cohen_kappa([0, 0, 0, 1, 1, 1, 2, 2, 2, 2], [0, 0, 1, 1, 1, 1, 2, 2, 2, 0])
    assert "interval='0.7015 [0.2469, 1]'" in repr(k)  # the score interval (Wald: 0.3396)
    res = class_metrics(STRING_TRUE, STRING_PRED, rounds=100, rng=0)
    m = res.macro_recall
    assert f"macro_recall='{m.estimate:.4g} [{m.low:.4g}, {m.high:.4g}]'" in repr(res)


def test_validation_runs_once_per_call(monkeypatch):
    # issue 45 §3: class_metrics and cohen_kappa checked y_true and y_pred twice (once in
    # confusion_matrix, once more themselves)
    import evalkit.metrics as metrics_module

    calls = []
    real = metrics_module.as_labels

    def counting(value, name):
        calls.append(name)
        return real(value, name)

    monkeypatch.setattr(metrics_module, "as_labels", counting)
    class_metrics(STRING_TRUE, STRING_PRED, rounds=100, rng=0)
    assert calls == ["y_true", "y_pred"]
    calls.clear()
    cohen_kappa(STRING_TRUE, STRING_PRED, weights="quadratic")
    assert calls == ["y_true", "y_pred"]
    calls.clear()
    brier_score(["a", "b", "c"], np.eye(3))
    assert calls == ["y_true"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        calibration_test([0, 1, 1], [0.2, 0.6, 0.7], resamples=99, rng=0)


def test_checked_counts_go_to_the_interval_cores_unchecked(monkeypatch):
    # issue 45 §3: class_metrics, prior_weighted_error and calibration_curve called the public
    # clopper_pearson / wilson, which checked the counts again
    import evalkit.intervals as intervals_module

    calls = []
    real = intervals_module.check_successes_trials

    def counting(successes, trials):
        calls.append(1)
        return real(successes, trials)

    monkeypatch.setattr(intervals_module, "check_successes_trials", counting)
    class_metrics(STRING_TRUE, STRING_PRED, rounds=100, rng=0)
    prior_weighted_error([20, 30], [130, 150], [0.5, 0.5])
    curve = calibration_curve([0, 0, 1, 1, 1, 0], [0.1, 0.2, 0.9, 0.8, 0.6, 0.3], n_bins=3)
    assert calls == []
    monkeypatch.undo()
    assert curve.counts.tolist() == [3, 1, 2]
    reference = intervals_module.wilson([0, 1, 2], [3, 1, 2])
    assert curve.interval.method == reference.method == "wilson"
    np.testing.assert_array_equal(curve.interval.low, reference.low)
    np.testing.assert_array_equal(curve.interval.high, reference.high)
    res = class_metrics(STRING_TRUE, STRING_PRED, rounds=100, rng=0)
    table = res.confusion
    exact = clopper_pearson(np.diag(table), table.sum(axis=1))
    np.testing.assert_array_equal(res.recall.low, exact.low)
    np.testing.assert_array_equal(res.recall.high, exact.high)
    assert res.micro_f1 == clopper_pearson(int(np.trace(table)), int(table.sum()))


# --------------------------------------------------------------------------------------------
# weighted kappa (issue 44): sklearn's point values, statsmodels' standard errors

# Reference values from statsmodels 0.15.0:
#   r = statsmodels.stats.inter_rater.cohens_kappa(np.array(table), wt=weights)
#   (r.kappa, sqrt(r.var_kappa), sqrt(r.var_kappa0)), weights None / "linear" / "quadratic"
STATSMODELS_KAPPA = {
    "doc": (
        [[2, 1, 0], [0, 3, 0], [1, 0, 3]],
        {
            None: (0.701492537313433, 0.1846466386136007, 0.21981380970687),
            "linear": (0.6590909090909092, 0.22147740017898368, 0.24488570449183597),
            "quadratic": (0.6153846153846153, 0.27942530066550514, 0.31303061460578185),
        },
    ),
    "ordinal4": (
        [[22, 5, 2, 0], [4, 18, 6, 1], [1, 7, 25, 5], [0, 2, 4, 14]],
        {
            None: (0.568165811449844, 0.05901361294639108, 0.054433597763642316),
            "linear": (0.6781520196154343, 0.04961888804440623, 0.065192382466358),
            "quadratic": (0.7789021347380094, 0.04409473785435504, 0.09283331044884643),
        },
    ),
    "two": (
        [[40, 9], [6, 45]],
        {
            None: (0.6995192307692307, 0.07139360269998822, 0.09981925927860312),
            "linear": (0.6995192307692308, 0.07139360269998822, 0.09981925927860312),
            "quadratic": (0.6995192307692308, 0.07139360269998822, 0.09981925927860312),
        },
    ),
}


def _items_of_table(table):
    """y_true, y_pred whose confusion matrix is ``table``."""
    pairs = [
        (i, j) for i, row in enumerate(table) for j, count in enumerate(row) for _ in range(count)
    ]
    y, p = zip(*pairs, strict=True)
    return np.array(y), np.array(p)


@pytest.mark.parametrize("name", list(STATSMODELS_KAPPA))
@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
def test_kappa_standard_errors_equal_statsmodels(name, weights):
    table, reference = STATSMODELS_KAPPA[name]
    y, p = _items_of_table(table)
    k = cohen_kappa(y, p, weights=weights)
    kappa, se, null_se = reference[weights]
    assert k.estimate == pytest.approx(kappa, abs=1e-13)
    assert k.std_error == pytest.approx(se, rel=1e-12)
    assert k.null_std_error == pytest.approx(null_se, rel=1e-12)
    assert k.weights == weights
    assert k.estimate == pytest.approx(skm.cohen_kappa_score(y, p, weights=weights), abs=1e-13)


def _weighted_kappa_of_cells(cells, w):
    m = w.shape[0]
    p = cells.reshape(m, m)
    chance = np.outer(p.sum(axis=1), p.sum(axis=0))
    po, pe = (w * p).sum(), (w * chance).sum()
    return (po - pe) / (1 - pe)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("weights", ["linear", "quadratic"])
def test_weighted_kappa_agrees_with_scikit_learn_and_the_delta_method(seed, weights):
    # before issue 44 cohen_kappa had no weights
    rng = np.random.default_rng(seed)
    m = 3 + seed
    y, pred = random_labels(rng, 250, m)
    order = rng.permutation(m)  # the weights follow the order of labels
    k = cohen_kappa(y, pred, weights=weights, labels=order, confidence=0.9, method="wald")
    sk = skm.cohen_kappa_score(y, pred, weights=weights, labels=order)
    assert k.estimate == pytest.approx(sk, abs=1e-13)
    distance = np.abs(np.subtract.outer(np.arange(m), np.arange(m))) / (m - 1)
    w = 1 - (distance if weights == "linear" else distance**2)
    table = skm.confusion_matrix(y, pred, labels=order).astype(float)
    flat = (table / table.sum()).reshape(-1)
    h = 1e-6
    grad = np.array(
        [
            (_weighted_kappa_of_cells(flat + h * e, w) - _weighted_kappa_of_cells(flat - h * e, w))
            / (2 * h)
            for e in np.eye(flat.size)
        ]
    )
    variance = grad @ (np.diag(flat) - np.outer(flat, flat)) @ grad / 250
    assert k.std_error**2 == pytest.approx(variance, rel=1e-6)
    z = stats.norm.ppf(0.95)
    assert (k.interval.low, k.interval.high) == pytest.approx(
        (max(-1, k.estimate - z * k.std_error), min(1, k.estimate + z * k.std_error))
    )
    assert k.pvalue == pytest.approx(2 * stats.norm.sf(abs(k.estimate / k.null_std_error)))
    assert weights in k.method


def test_weighted_kappa_with_two_classes_is_plain_kappa_and_strings_follow_labels():
    assert cohen_kappa(STRING_TRUE[:6], STRING_PRED[:6], weights="quadratic").estimate == (
        pytest.approx(skm.cohen_kappa_score(STRING_TRUE[:6], STRING_PRED[:6], weights="quadratic"))
    )
    y, p = [0, 1, 1, 0, 1, 0, 0, 1], [0, 1, 0, 0, 1, 1, 0, 1]
    plain, linear = cohen_kappa(y, p), cohen_kappa(y, p, weights="linear")
    for name in ("estimate", "std_error", "null_std_error", "pvalue"):
        assert getattr(linear, name) == pytest.approx(getattr(plain, name), rel=1e-12)
    order = ["bird", "dog", "cat"]
    k = cohen_kappa(STRING_TRUE, STRING_PRED, weights="linear", labels=order)
    assert k.estimate == pytest.approx(
        skm.cohen_kappa_score(STRING_TRUE, STRING_PRED, weights="linear", labels=order)
    )
    with pytest.raises(
        ValueError, match=r"^weights must be None, 'linear' or 'quadratic'; got 'cubic'"
    ):
        cohen_kappa(y, p, weights="cubic")
    with pytest.raises(TypeError):
        cohen_kappa(y, p, [0, 1])  # labels and weights are keyword-only


def test_kappa_docstring_states_the_measured_coverage_of_the_csv():
    import csv

    from evalkit.datasets import data_file

    with data_file("kappa_coverage.csv").open() as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    doc = " ".join(cohen_kappa.__doc__.split())
    assert max(float(r["mc_se"]) for r in rows) <= 0.005
    assert {r["method"] for r in rows} == {"score", "wald"}
    for method, title in (("score", "Score interval"), ("wald", "Wald interval")):
        parts = []
        for weights, words in (
            ("none", "plain kappa"),
            ("linear", "linear weights"),
            ("quadratic", "quadratic weights"),
        ):
            cover = [
                float(r["coverage"])
                for r in rows
                if r["method"] == method and r["weights"] == weights and int(r["n"]) >= 30
            ]
            parts.append(
                f"{words} {min(cover):.3f}–{max(cover):.3f} (median {np.median(cover):.3f})"
            )
        assert f"{title}, from N = 30 on: " + ", ".join(parts) in doc
    small = [float(r["coverage"]) for r in rows if r["method"] == "score" and r["n"] == "20"]
    assert f"at N = 20 at least {min(small):.3f}" in doc
    # the brief's promise: from N = 30 on the default interval covers at least 0.93
    assert (
        min(float(r["coverage"]) for r in rows if r["method"] == "score" and int(r["n"]) >= 30)
        >= 0.93
    )


# --------------------------------------------------------------------------------------------
# the score interval of kappa (the atlas: the Wald interval covers 0.72 with few disagreements)

from evalkit.metrics import (  # noqa: E402
    _agreement_weights,
    _kappa_core,
    _kappa_score_limits,
)


def _score_limits_by_brentq(kappa_hat, table_at, variance_of, n, z):
    """Independent route: the κ0 with (κ̂ − κ0)² = z² Var(table_at(κ0)) / n, by brentq."""
    from scipy.optimize import brentq

    def gap(k0):
        return (kappa_hat - k0) ** 2 - z**2 * variance_of(table_at(k0)) / n

    low = brentq(gap, -0.999, kappa_hat - 1e-12, xtol=1e-13) if gap(-0.999) > 0 else -1.0
    high = (
        brentq(gap, kappa_hat + 1e-12, 1.0, xtol=1e-13) if kappa_hat < 1 and gap(1.0) > 0 else 1.0
    )
    return low, high


def _delta_variance_of(cells, kappa_of_cells):
    """N × Var of kappa by the multinomial delta method with a numerical gradient."""
    flat = cells.reshape(-1)
    h = 1e-7
    grad = np.array(
        [
            (kappa_of_cells(flat + h * e) - kappa_of_cells(flat - h * e)) / (2 * h)
            for e in np.eye(flat.size)
        ]
    )
    return grad @ (np.diag(flat) - np.outer(flat, flat)) @ grad


@pytest.mark.parametrize("table", [[[40, 9], [6, 45]], [[20, 2], [0, 8]], [[30, 0], [0, 12]]])
def test_kappa_score_interval_for_two_classes_matches_the_margins_table(table):
    # with two classes the margins r, c and kappa k0 fix the table (Garner 1991):
    # p11 = r1 c1 + D, p22 = r2 c2 + D, p12 = r1 c2 - D, p21 = r2 c1 - D, D = k0 (1 - pe) / 2
    table = np.array(table, dtype=float)
    n = table.sum()
    p = table / n
    r, c = p.sum(axis=1), p.sum(axis=0)
    pe = r @ c
    kappa_hat = (np.trace(p) - pe) / (1 - pe)

    def table_at(k0):
        d = k0 * (1 - pe) / 2
        cells = np.maximum(np.outer(r, c) + d * np.array([[1.0, -1.0], [-1.0, 1.0]]), 0.0)
        return cells / cells.sum()  # beyond the observed table a cell may hit 0: set to 0

    z = stats.norm.ppf(0.975)
    expected = _score_limits_by_brentq(
        kappa_hat, table_at, lambda t: _delta_variance_of(t, _kappa_of_cells), n, z
    )
    y, pred = _items_of_table(table.astype(int))
    k = cohen_kappa(y, pred)
    assert (k.interval.low, k.interval.high) == pytest.approx(expected, abs=1e-7)
    assert k.interval.low <= k.estimate <= k.interval.high
    assert "score" in k.method and "score" in k.interval.method


@pytest.mark.parametrize("weights", [None, "linear", "quadratic"])
def test_kappa_score_lower_limit_by_brentq_on_the_mixture_with_independence(weights):
    # below kappa-hat the table at k0 is the observed one mixed with independence: no clipping
    table = np.array([[22, 5, 2, 0], [4, 18, 6, 1], [1, 7, 25, 5], [0, 2, 4, 14]], dtype=float)
    n = table.sum()
    p = table / n
    chance = np.outer(p.sum(axis=1), p.sum(axis=0))
    y, pred = _items_of_table(table.astype(int))
    k = cohen_kappa(y, pred, weights=weights, confidence=0.9)
    w = _agreement_weights(4, weights)
    z = stats.norm.ppf(0.95)
    expected, _ = _score_limits_by_brentq(
        k.estimate,
        lambda k0: chance + (k0 / k.estimate) * (p - chance),
        lambda t: _delta_variance_of(t, lambda cells: _weighted_kappa_of_cells(cells, w)),
        n,
        z,
    )
    assert k.interval.low == pytest.approx(expected, abs=1e-7)
    wald = cohen_kappa(y, pred, weights=weights, confidence=0.9, method="wald")
    # the estimate, SEs and test do not depend on the interval's method
    for name in ("estimate", "std_error", "null_std_error", "statistic", "pvalue"):
        assert getattr(k, name) == getattr(wald, name)


def test_kappa_score_interval_without_any_disagreement_has_a_lower_limit_below_1():
    # the Wald interval of a table without disagreement is [1, 1] (SE 0); the atlas's N = 50,
    # a = 0.95 draws one in 13 tables like this
    y = [0] * 25 + [1] * 15 + [2] * 10
    for weights in (None, "linear", "quadratic"):
        wald = cohen_kappa(y, y, weights=weights, method="wald")
        assert (wald.interval.low, wald.interval.high) == (1.0, 1.0)
        k = cohen_kappa(y, y, weights=weights)
        assert k.estimate == 1.0 and k.interval.high == 1.0
        assert 0.8 < k.interval.low < 0.95
    # plain kappa by the independent route
    p = np.diag([25.0, 15.0, 10.0]) / 50
    chance = np.outer(p.sum(axis=1), p.sum(axis=0))
    expected, _ = _score_limits_by_brentq(
        1.0,
        lambda k0: chance + k0 * (p - chance),
        lambda t: _delta_variance_of(t, _kappa_of_cells),
        50,
        stats.norm.ppf(0.975),
    )
    assert cohen_kappa(y, y).interval.low == pytest.approx(expected, abs=1e-7)


def test_kappa_score_limits_fall_with_each_disagreement_and_narrow_with_more_items():
    y = np.repeat([0, 1, 2], [25, 15, 10])
    lows, highs = [], []
    for errors in range(6):  # move items of class 0 to class 1, one at a time
        pred = y.copy()
        pred[:errors] = 1
        k = cohen_kappa(y, pred, weights="quadratic")
        assert k.interval.low <= k.estimate <= k.interval.high
        lows.append(k.interval.low)
        highs.append(k.interval.high)
    assert np.all(np.diff(lows) < 0) and np.all(np.diff(highs) <= 0)
    table = np.array([[22, 5, 2], [4, 18, 6], [1, 7, 25]])
    widths = []
    for times in (1, 4, 100):
        y, pred = _items_of_table(table * times)
        widths.append(cohen_kappa(y, pred).interval.high - cohen_kappa(y, pred).interval.low)
    assert widths[0] > widths[1] > widths[2]
    # with many items the score and Wald intervals agree
    wald = cohen_kappa(y, pred, method="wald").interval
    score = cohen_kappa(y, pred).interval
    assert (score.low, score.high) == pytest.approx((wald.low, wald.high), abs=2e-3)
    # negative kappa, and kappa exactly 0 (Wald's limits: no direction from independence)
    k = cohen_kappa([0, 0, 1, 1, 0, 1], [1, 1, 0, 0, 0, 1])
    assert -1 <= k.interval.low <= k.estimate < 0 < k.interval.high <= 1
    y0, p0 = [0, 0, 1, 1], [0, 1, 0, 1]
    score0, wald0 = cohen_kappa(y0, p0).interval, cohen_kappa(y0, p0, method="wald").interval
    assert (score0.low, score0.high) == (wald0.low, wald0.high)


def test_kappa_score_interval_covers_where_the_wald_interval_did_not():
    # the atlas's worst setting: three classes (0.5, 0.3, 0.2), prediction right 95 %, N = 50,
    # quadratic weights: the Wald interval covers 0.72 (data/kappa_coverage.csv), the score 0.98
    from scipy import special

    shares = np.array([0.5, 0.3, 0.2])
    cells = shares[:, None] * np.where(np.eye(3, dtype=bool), 0.95, 0.025)
    w = _agreement_weights(3, "quadratic")
    z = float(special.ndtri(0.975))
    truth = float(_kappa_core(cells, w, z)["estimate"])
    tables = np.random.default_rng(RNG_SEED).multinomial(50, cells.reshape(-1), size=2000)
    tables = tables.reshape(-1, 3, 3).astype(float)
    r = _kappa_core(tables, w, z)
    low, high = _kappa_score_limits(tables, w, z, r["estimate"])
    assert np.mean((low <= truth) & (truth <= high)) >= 0.95
    assert np.mean((r["low"] <= truth) & (truth <= r["high"])) < 0.8


@pytest.mark.parametrize("method", ["normal", "Wald", None, 1])
def test_kappa_method_must_be_score_or_wald(method):
    with pytest.raises(ValueError, match=r"^method must be 'score' or 'wald'; got "):
        cohen_kappa([0, 1, 1, 0], [0, 1, 0, 0], method=method)


# --------------------------------------------------------------------------------------------
# multiclass Brier score (issue 44)


def test_multiclass_brier_score_by_hand_in_exact_fractions():
    # Brier (1950): per item, the sum over classes of (forecast - outcome)^2; mean over items
    y = ["cat", "dog", "fox", "dog"]
    p = [
        ["7/10", "2/10", "1/10"],
        ["1/10", "5/10", "4/10"],
        ["2/10", "2/10", "6/10"],
        ["1/3", "1/3", "1/3"],
    ]
    exact = Fraction(0)
    for label, row in zip(y, p, strict=True):
        for k, cls in enumerate(["cat", "dog", "fox"]):
            exact += (Fraction(row[k]) - (label == cls)) ** 2
    exact /= len(y)
    assert exact == (Fraction(14 + 42 + 24, 100) + Fraction(2, 3)) / 4  # 0.14, 0.42, 0.24, 2/3
    floats = [[float(Fraction(v)) for v in row] for row in p]
    assert brier_score(y, floats) == pytest.approx(float(exact), abs=1e-15)


@pytest.mark.parametrize("m", [3, 5])
def test_multiclass_brier_score_agrees_with_scikit_learn_unscaled(m):
    # before issue 44 brier_score refused a 2-D array of probabilities
    rng = np.random.default_rng(RNG_SEED + m)
    y = rng.integers(0, m, size=400)
    y[:m] = np.arange(m)
    p = rng.dirichlet(np.ones(m), size=400)
    ours = brier_score(y, p)
    assert ours == pytest.approx(skm.brier_score_loss(y, p, scale_by_half=False), abs=1e-14)
    order = rng.permutation(m)  # columns in another class order, named by labels=
    assert brier_score(y, p[:, order], labels=order) == pytest.approx(ours, abs=1e-14)
    assert brier_score(y, np.full((400, m), 1 / m)) == pytest.approx(1 - 1 / m, abs=1e-14)
    names = np.array(["a", "b", "c", "d", "e"])[:m][y]
    assert brier_score(names, p) == pytest.approx(ours, abs=1e-14)


def test_two_class_brier_score_is_twice_the_binary_one():
    rng = np.random.default_rng(RNG_SEED)
    y, p1 = forecasts(rng, 300, bias=0.3)
    two_columns = np.column_stack([1 - p1, p1])
    binary = brier_score(y, p1)
    assert binary == pytest.approx(skm.brier_score_loss(y, p1), abs=1e-15)
    assert brier_score(y, two_columns) == pytest.approx(2 * binary, abs=1e-15)
    assert brier_score(y, two_columns) == pytest.approx(
        skm.brier_score_loss(y, two_columns, scale_by_half=False), abs=1e-15
    )


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (
            dict(y_true=[0, 1, 1], probabilities=np.eye(3)),
            ValueError,
            r"^y_true holds 2 classes but probabilities has 3 columns: pass labels= naming the "
            r"class of each column",
        ),
        (
            dict(y_true=[0, 1, 5], probabilities=np.eye(3), labels=[0, 1, 2]),
            ValueError,
            r"^y_true contains the label 5, which is not among labels \[0, 1, 2\]",
        ),
        (
            dict(y_true=[0, 1, 2], probabilities=np.eye(3), labels=[0, 1, 1]),
            ValueError,
            r"^labels must name 3 different classes, one per column of probabilities",
        ),
        (
            dict(y_true=[0, 1, 2], probabilities=np.eye(3), pos_label=1),
            TypeError,
            r"^pos_label is for 1-D probabilities",
        ),
        (
            dict(y_true=[0, 1], probabilities=[0.2, 0.7], labels=[0, 1]),
            TypeError,
            r"^labels is for 2-D probabilities",
        ),
        (
            dict(y_true=[0, 1], probabilities=[[1.0], [1.0]]),
            ValueError,
            r"^probabilities must have one column per class, at least 2; got shape \(2, 1\)",
        ),
        (
            dict(y_true=["a", "b"], probabilities=np.eye(2), labels=[0, 1]),
            TypeError,
            r"^labels must be of the same kind as y_true",
        ),
    ],
)
def test_multiclass_brier_score_bad_inputs(kwargs, error, message):
    with pytest.raises(error, match=message):
        brier_score(**kwargs)


# --------------------------------------------------------------------------------------------
# issue 57: calibration_error's norms (torchmetrics' l1, l2, max) and the ECE's measured bias

BIAS_SIZES = (100, 285, 1000, 2000, 10000)
BIAS_BINS = (10, 15)
BIAS_COLUMNS = ("plain l1 (ECE)", "plain l2", "debiased l2", "debiased l2 squared", "plain max")


def measure_calibration_bias(n, bins, replicates=20_000):
    """Mean and Monte-Carlo SE of each estimate at a perfectly calibrated forecaster.

    p ~ U(0, 1), y ~ Bernoulli(p), ``bins`` uniform bins, generator
    ``default_rng([57, n, bins])``: the true error is 0 in every norm, so the mean is the bias.
    The docstrings of calibration_error and expected_calibration_error state the figures of
    ``replicates=20_000`` (``python -c "from tests.test_metrics import print_bias_table;
    print_bias_table()"``).
    """
    gen = np.random.default_rng([57, n, bins])
    values = np.empty((replicates, len(BIAS_COLUMNS)))
    for i in range(replicates):
        p = gen.random(n)
        y = (gen.random(n) < p).astype(int)
        debiased = calibration_error(y, p, n_bins=bins)
        values[i] = (
            calibration_error(y, p, norm="l1", debiased=False, n_bins=bins).estimate,
            calibration_error(y, p, norm="l2", debiased=False, n_bins=bins).estimate,
            debiased.estimate,
            debiased.squared,
            calibration_error(y, p, norm="max", debiased=False, n_bins=bins).estimate,
        )
    return values.mean(axis=0), values.std(axis=0, ddof=1) / math.sqrt(replicates)


def normal_approximation_of_ece_bias(n, bins):
    """√(2/(πN)) Σ_k √(P(B_k) E[p(1 − p) | B_k]) for p ~ U(0, 1): each gap ~ N(0, v_k/n_k)."""
    edges = np.linspace(0, 1, bins + 1)
    lo, hi = edges[:-1], edges[1:]
    # E[p(1 − p)] over [lo, hi] for uniform p: (∫ p − p² dp) / (hi − lo)
    v = ((hi**2 - lo**2) / 2 - (hi**3 - lo**3) / 3) / (hi - lo)
    return math.sqrt(2 / (math.pi * n)) * float(np.sum(np.sqrt((hi - lo) * v)))


def print_bias_table(replicates=20_000):
    for bins in BIAS_BINS:
        for n in BIAS_SIZES:
            mean, se = measure_calibration_bias(n, bins, replicates)
            approx = normal_approximation_of_ece_bias(n, bins)
            cells = "  ".join(f"{m:+.6f} ± {s:.6f}" for m, s in zip(mean, se, strict=True))
            print(f"bins={bins} N={n}: {cells}  (l1 normal approximation {approx:.4f})")


def _torchmetrics_style(y, p, n_bins, norm, debias=False):
    """torchmetrics' _ce_compute for binary forecasts (confidences = p, accuracies = y), in numpy.

    Written from torchmetrics' definitions (``functional/classification/calibration_error.py``):
    ``torch.bucketize(p, linspace(0, 1, n_bins + 1)) - 1`` puts p in (edge_i, edge_i+1];
    ECE = Σ b_i |acc_i − conf_i|, MCE = max_i |acc_i − conf_i|, RMSCE = √(Σ b_i (acc_i − conf_i)²),
    and the debiased l2 adds Σ acc_i (acc_i − 1) b_i / (b_i N − 1).
    """
    boundaries = np.linspace(0, 1, n_bins + 1)
    index = np.searchsorted(boundaries, p, side="left") - 1  # bucketize, right=False
    count = np.bincount(index, minlength=n_bins).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        acc = np.nan_to_num(np.bincount(index, y.astype(float), n_bins) / count)
        conf = np.nan_to_num(np.bincount(index, p, n_bins) / count)
        prop = count / count.sum()
        if norm == "l1":
            return float(np.sum(np.abs(acc - conf) * prop))
        if norm == "max":
            return float(np.max(np.abs(acc - conf)))
        ce = float(np.sum((acc - conf) ** 2 * prop))
        if debias:
            ce += float(np.sum(np.nan_to_num(acc * (acc - 1) * prop / (prop * y.size - 1))))
    return math.sqrt(ce) if ce > 0 else 0.0


def _ece_item_by_item(y, p, n_bins):
    """The l1 ECE in plain Python: each item to its bin (lo, hi], the first bin [0, hi]."""
    members = [[] for _ in range(n_bins)]
    for yi, pi in zip(y.tolist(), p.tolist(), strict=True):
        k = next(k for k in range(n_bins) if pi <= (k + 1) / n_bins or k == n_bins - 1)
        members[k].append((yi, pi))
    total = 0.0
    for items in members:
        if items:
            gap = sum(yi for yi, _ in items) / len(items) - sum(pi for _, pi in items) / len(items)
            total += len(items) / len(y) * abs(gap)
    return total


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("n_bins", [5, 10, 15])
def test_calibration_error_norms_are_torchmetrics_and_a_direct_computation(seed, n_bins):
    gen = np.random.default_rng([57, seed, n_bins])
    n = 400
    p = np.clip(np.round(gen.random(n), 2), 0.01, 1.0)  # many on bin edges (0.1, 0.2 …), none 0
    y = (gen.random(n) < 0.5 + 0.7 * (p - 0.5)).astype(int)  # overconfident forecasts
    for norm in ("l1", "l2", "max"):
        ours = calibration_error(y, p, norm=norm, debiased=False, n_bins=n_bins)
        assert ours.estimate == pytest.approx(_torchmetrics_style(y, p, n_bins, norm), abs=1e-13)
        assert ours.norm == norm and not ours.debiased and "biased upwards" in ours.method
    debiased = calibration_error(y, p, n_bins=n_bins)
    assert debiased.estimate == pytest.approx(
        _torchmetrics_style(y, p, n_bins, "l2", debias=True), abs=1e-13
    )
    ece = expected_calibration_error(y, p, n_bins=n_bins)
    assert ece.estimate == pytest.approx(_ece_item_by_item(y, p, n_bins), abs=1e-13)
    # ℓ1 ≤ ℓ2 ≤ max for the same bins (power means of the gaps under the bin weights)
    l2 = calibration_error(y, p, norm="l2", debiased=False, n_bins=n_bins)
    mx = calibration_error(y, p, norm="max", debiased=False, n_bins=n_bins)
    assert ece.estimate <= l2.estimate + 1e-15 <= mx.estimate + 2e-15
    assert l2.squared == pytest.approx(l2.estimate**2, rel=1e-12)


def test_expected_calibration_error_is_the_l1_ece_and_its_old_flag_warns():
    gen = np.random.default_rng(5)
    p = gen.random(300)
    y = (gen.random(300) < p).astype(int)
    ece = expected_calibration_error(y, p)
    assert (ece.norm, ece.debiased, ece.squared) == ("l1", False, None)
    assert "plain l1 calibration error (ECE), biased upwards" in ece.method
    with pytest.warns(FutureWarning, match="the function is the plain l1 ECE again"):
        assert expected_calibration_error(y, p, debiased=False) == ece
    with pytest.warns(FutureWarning, match=r"use calibration_error\(.*norm='l2', debiased=True\)"):
        assert expected_calibration_error(y, p, debiased=True) == calibration_error(y, p)


@pytest.mark.parametrize(
    ("kwargs", "exc", "match"),
    [
        ({"norm": "l1"}, ValueError, r"^debiased=True is only available for norm='l2'"),
        ({"norm": "max"}, ValueError, r"pass norm='max', debiased=False$"),
        ({"norm": "l3", "debiased": False}, ValueError, r"^norm must be one of 'l1', 'l2', 'max'"),
        ({"debiased": "yes"}, TypeError, r"^debiased must be True or False; got 'yes'"),
        ({"n_bins": 0}, ValueError, r"^n_bins must be a whole number ≥ 1"),
    ],
)
def test_calibration_error_refuses_what_it_cannot_compute(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        calibration_error([0, 1, 1], [0.2, 0.7, 0.9], **kwargs)


def test_the_stated_bias_is_reproduced_and_agrees_with_the_normal_approximation():
    # the docstrings' tables: the normal-approximation column exactly, the simulated bias of the
    # l1 ECE and of the debiased squared l2 within 4 SE with fewer test sets (another seed)
    ece_doc = " ".join(expected_calibration_error.__doc__.split())
    ce_doc = " ".join(calibration_error.__doc__.split())
    for bins in BIAS_BINS:
        for n in BIAS_SIZES:
            approx = normal_approximation_of_ece_bias(n, bins)
            assert f"{bins} {n} +" in ece_doc and f" {approx:.4f}" in ece_doc
    mean, se = measure_calibration_bias(285, 10, replicates=1500)
    stated = {"plain l1 (ECE)": 0.0588, "plain l2": 0.0740, "debiased l2": 0.0194}
    for column, value in stated.items():
        i = BIAS_COLUMNS.index(column)
        assert abs(mean[i] - value) < 4 * se[i], (column, mean[i], value)
        assert f"{value:+.4f}" in ce_doc
    assert abs(mean[3]) < 4 * se[3]  # the debiased squared l2: no bias to speak of
    assert "10 285 +0.0588 ± 0.00010 0.0591" in ece_doc
