"""Tests of evalkit.intervals: cross-checks against scipy.stats, independent routes, properties."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from evalkit.intervals import (
    METHODS,
    agresti_coull,
    bayes_uniform,
    binomial_test,
    clopper_pearson,
    coverage,
    expected_width,
    interval,
    jeffreys,
    mid_p,
    normal_rule,
    trials_for_halfwidth,
    wald,
    wilson,
)
from evalkit.results import Interval

FUNCTIONS = {
    "clopper-pearson": clopper_pearson,
    "mid-p": mid_p,
    "wald": wald,
    "normal-rule": normal_rule,
    "wilson": wilson,
    "wilson-cc": lambda n, k, c=0.95: wilson(n, k, c, correction=True),
    "agresti-coull": agresti_coull,
    "jeffreys": jeffreys,
    "bayes-uniform": bayes_uniform,
}
GRID_TRIALS = [1, 2, 3, 5, 8, 13, 30, 50, 137]
CONFIDENCES = [0.5, 0.8, 0.9, 0.95, 0.99, 0.999]


def _grid(min_trials: int = 1, max_trials: int = 137):
    n, k = [], []
    for trials in GRID_TRIALS:
        if min_trials <= trials <= max_trials:
            n.extend(range(trials + 1))
            k.extend([trials] * (trials + 1))
    return np.array(n), np.array(k)


# ------------------------------------------------------------------------------------------------
# against scipy.stats.binomtest(...).proportion_ci


@pytest.mark.parametrize(
    ("method", "scipy_method"),
    [("clopper-pearson", "exact"), ("wilson", "wilson"), ("wilson-cc", "wilsoncc")],
)
@pytest.mark.parametrize("confidence", CONFIDENCES)
def test_matches_scipy_proportion_ci(method, scipy_method, confidence):
    # scipy's exact interval solves each limit with a root finder: a smaller grid keeps it quick
    n, k = _grid(max_trials=50 if method == "clopper-pearson" else 137)
    ours = interval(n, k, method, confidence)
    for i in range(n.size):
        ref = stats.binomtest(int(n[i]), int(k[i])).proportion_ci(confidence, method=scipy_method)
        ref_low, ref_high = np.clip([ref.low, ref.high], 0, 1)
        assert ours.low[i] == pytest.approx(ref_low, abs=1e-9)
        assert ours.high[i] == pytest.approx(ref_high, abs=1e-9)


@pytest.mark.parametrize("trials", [10**4, 10**6])
def test_clopper_pearson_large_trials_matches_scipy(trials):
    for n in [0, 1, 7, trials // 3, trials - 1, trials]:
        ref = stats.binomtest(n, trials).proportion_ci(0.95, method="exact")
        ci = clopper_pearson(n, trials)
        assert ci.low == pytest.approx(ref.low, rel=1e-7, abs=1e-12)
        assert ci.high == pytest.approx(ref.high, rel=1e-7, abs=1e-12)


# ------------------------------------------------------------------------------------------------
# independent routes to each formula


@pytest.mark.parametrize("confidence", [0.8, 0.95, 0.99])
def test_clopper_pearson_solves_wolffs_tail_equations(confidence):
    """Wolff §3.1: P(N ≥ n | x_u) = α/2 and P(N ≤ n | x_o) = α/2."""
    alpha = 1 - confidence
    n, k = _grid()
    ci = clopper_pearson(n, k, confidence)
    inner = n > 0
    tail_low = stats.binom.sf(n[inner] - 1, k[inner], ci.low[inner])
    np.testing.assert_allclose(tail_low, alpha / 2, rtol=1e-8)
    inner = n < k
    tail_high = stats.binom.cdf(n[inner], k[inner], ci.high[inner])
    np.testing.assert_allclose(tail_high, alpha / 2, rtol=1e-8)


def test_clopper_pearson_equals_wolffs_beta_form():
    """Eq. 17–18 as printed, 1 − Q_Beta(…), with scipy.stats.beta.ppf."""
    n, k = _grid()
    inner = (n > 0) & (n < k)
    n, k = n[inner], k[inner]
    ci = clopper_pearson(n, k)
    np.testing.assert_allclose(ci.low, 1 - stats.beta.ppf(0.975, k - n + 1, n), atol=1e-12)
    np.testing.assert_allclose(ci.high, 1 - stats.beta.ppf(0.025, k - n, n + 1), atol=1e-12)


def test_clopper_pearson_closed_forms_at_the_edges():
    # n = 0: x_o = 1 − (α/2)^(1/K); n = K: x_u = (α/2)^(1/K)
    k = np.array([1, 5, 50, 1000])
    np.testing.assert_allclose(clopper_pearson(0, k).high, 1 - 0.025 ** (1 / k), rtol=1e-12)
    np.testing.assert_allclose(clopper_pearson(k, k).low, 0.025 ** (1 / k), rtol=1e-12)
    assert np.all(clopper_pearson(0, k).low == 0) and np.all(clopper_pearson(k, k).high == 1)


def test_wald_and_normal_rule_formulas():
    n, k = _grid(min_trials=2)
    x = n / k
    z = stats.norm.ppf(0.975)
    w = wald(n, k)
    np.testing.assert_allclose(w.low, np.clip(x - z * np.sqrt(x * (1 - x) / k), 0, 1))
    np.testing.assert_allclose(w.high, np.clip(x + z * np.sqrt(x * (1 - x) / k), 0, 1))
    r = normal_rule(n, k)
    c95 = 2 * np.sqrt((x - x**2) / (k - 1))  # Wolff eq. 20
    np.testing.assert_allclose(r.low, np.clip(x - c95, 0, 1), atol=1e-15)
    np.testing.assert_allclose(r.high, np.clip(x + c95, 0, 1), atol=1e-15)
    # eq. 19 is the sample standard deviation of the 0/1 results
    results = np.r_[np.ones(40), np.zeros(10)]
    assert normal_rule(40, 50).high - 0.8 == pytest.approx(2 * results.std(ddof=1) / np.sqrt(50))


def test_normal_rule_level_scaling_and_wolff_example():
    assert normal_rule(40, 50).high - 0.8 == pytest.approx(0.11428, abs=1e-5)
    ratio = (normal_rule(40, 50, 0.9).high - 0.8) / (wald(40, 50, 0.9).high - 0.8)
    assert ratio == pytest.approx(2 / stats.norm.ppf(0.975) * np.sqrt(50 / 49))


@pytest.mark.parametrize("confidence", [0.8, 0.95, 0.99])
def test_wilson_limits_solve_the_score_equation(confidence):
    """Tan eq. 4.12 inverted: |acc − p| = z·√(p(1 − p)/N) at both limits."""
    z = stats.norm.ppf(0.5 + confidence / 2)
    n, k = _grid()
    acc = n / k
    ci = wilson(n, k, confidence)
    for p in (ci.low, ci.high):
        np.testing.assert_allclose((acc - p) ** 2, z**2 * p * (1 - p) / k, rtol=1e-9, atol=1e-15)


def test_agresti_coull_contains_wilson_and_shares_its_centre():
    n, k = _grid()
    ac, wi = agresti_coull(n, k), wilson(n, k)
    assert np.all(ac.low <= wi.low + 1e-12) and np.all(ac.high >= wi.high - 1e-12)
    unclipped = (ac.low > 0) & (ac.high < 1)
    np.testing.assert_allclose(
        (ac.low + ac.high)[unclipped] / 2, (wi.low + wi.high)[unclipped] / 2, atol=1e-12
    )
    # at 95 % "add two successes and two failures" is nearly the same interval
    z = stats.norm.ppf(0.975)
    p4 = (40 + 2) / 54
    assert agresti_coull(40, 50).high == pytest.approx(p4 + z * np.sqrt(p4 * (1 - p4) / 54), 1e-3)


@pytest.mark.parametrize(("function", "prior"), [(jeffreys, 0.5), (bayes_uniform, 1.0)])
def test_beta_posterior_intervals_against_scipy_beta(function, prior):
    n, k = _grid()
    ci = function(n, k, 0.9)
    post = stats.beta(n + prior, k - n + prior)
    np.testing.assert_allclose(ci.low, np.where(n > 0, post.ppf(0.05), 0), atol=1e-12)
    np.testing.assert_allclose(ci.high, np.where(n < k, post.ppf(0.95), 1), atol=1e-12)


def test_bayes_uniform_is_wolffs_eq_28():
    """The density of eq. 28 integrates to the interval's 2.5 % and 97.5 % (mpmath quadrature)."""
    import mpmath

    ci = bayes_uniform(19, 20)
    x_hat, k = 0.95, 20

    def density(x):  # eq. 28, p_Beta(x; x̂K + 1, K(1 − x̂) + 1)
        a, b = x_hat * k + 1, k * (1 - x_hat) + 1
        return x ** (a - 1) * (1 - x) ** (b - 1) / mpmath.beta(a, b)

    assert float(mpmath.quad(density, [0, ci.low])) == pytest.approx(0.025, abs=1e-10)
    assert float(mpmath.quad(density, [ci.high, 1])) == pytest.approx(0.025, abs=1e-10)


# ------------------------------------------------------------------------------------------------
# mid-p: Lancaster's tails, cross-checked by scipy root finding, mpmath and exact fractions


def _mid_p_by_brentq(n: int, k: int, confidence: float) -> tuple[float, float]:
    """Each limit by scipy's brentq on the binomial pmf/sf (an independent route)."""
    from scipy.optimize import brentq

    alpha = 1 - confidence

    def upper_tail(p):  # P(X > n) + ½·P(X = n)
        return stats.binom.sf(n, k, p) + 0.5 * stats.binom.pmf(n, k, p) - alpha / 2

    def lower_tail(p):  # P(X < n) + ½·P(X = n)
        return stats.binom.cdf(n - 1, k, p) + 0.5 * stats.binom.pmf(n, k, p) - alpha / 2

    low = 0.0 if n == 0 else brentq(upper_tail, 1e-300, 1.0, xtol=1e-300, rtol=1e-15)
    high = 1.0 if n == k else brentq(lower_tail, 0.0, 1 - 1e-16, xtol=1e-300, rtol=1e-15)
    return low, high


@pytest.mark.parametrize("confidence", [0.5, 0.9, 0.95, 0.99])
@pytest.mark.parametrize("trials", [1, 2, 5, 13, 50, 137])
def test_mid_p_against_scipy_root_finding(trials, confidence):
    n = np.arange(trials + 1)
    ci = mid_p(n, trials, confidence)
    for i in n:
        low, high = _mid_p_by_brentq(int(i), trials, confidence)
        assert ci.low[i] == pytest.approx(low, rel=1e-10, abs=1e-15)
        assert ci.high[i] == pytest.approx(high, rel=1e-10, abs=1e-15)


def test_mid_p_solves_the_tail_equations_in_exact_arithmetic():
    # the binomial tails at the computed limits, with the limit read as an exact fraction
    from fractions import Fraction
    from math import comb

    for trials, successes in [(7, 3), (10, 0), (10, 1), (20, 17), (50, 40)]:
        ci = mid_p(successes, trials)
        for limit, side in [(ci.low, "low"), (ci.high, "high")]:
            if (side == "low" and successes == 0) or (side == "high" and successes == trials):
                continue
            p = Fraction(limit)
            pmf = [comb(trials, j) * p**j * (1 - p) ** (trials - j) for j in range(trials + 1)]
            if side == "low":
                tail = sum(pmf[successes + 1 :]) + pmf[successes] / 2
            else:
                tail = sum(pmf[:successes]) + pmf[successes] / 2
            assert float(tail) == pytest.approx(0.025, rel=1e-12)


def test_mid_p_published_and_closed_forms():
    # n = 0: ½(1 − p)^K = α/2, so high = 1 − α^(1/K); n = K: low = α^(1/K)
    for k in (1, 5, 40):
        assert mid_p(0, k).high == pytest.approx(1 - 0.05 ** (1 / k), rel=1e-13)
        assert mid_p(k, k).low == pytest.approx(0.05 ** (1 / k), rel=1e-13)
    # huge K and a tiny count: the mid-p limits of X ~ Poisson(λ) scaled by 1/K
    from scipy.optimize import brentq

    k = 10**9
    ci = mid_p(1, k)
    lam_low = brentq(
        lambda m: stats.poisson.sf(1, m) + 0.5 * stats.poisson.pmf(1, m) - 0.025, 1e-9, 10
    )
    assert ci.low * k == pytest.approx(lam_low, rel=1e-6)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 400).flatmap(lambda k: st.tuples(st.integers(0, k), st.just(k))),
    st.sampled_from([0.8, 0.9, 0.95, 0.99]),
)
def test_mid_p_lies_inside_clopper_pearson(data, confidence):
    n, k = data
    mp, cp = mid_p(n, k, confidence), clopper_pearson(n, k, confidence)
    assert cp.low <= mp.low <= n / k <= mp.high <= cp.high


def test_mid_p_tiny_fractional_count_has_finite_limits():
    # regression (hypothesis, tests/test_properties.py): trials_for_halfwidth evaluates the
    # interval at n = rate·K; for rate = 2.2e-16 the lower root lies below the smallest double
    from evalkit.intervals import _limits

    for k in (1.0, 2.0, 5.0, 1000.0):
        low, high = _limits("mid-p", np.array(2.220446049250313e-16 * k), np.array(k), 0.95)
        assert np.isfinite(low) and 0 <= low < 1e-300 and high == pytest.approx(1 - 0.05 ** (1 / k))
    assert trials_for_halfwidth(0.25, 2.220446049250313e-16, 0.95, "mid-p") == 5


def test_mid_p_coverage_near_nominal_on_average_but_not_everywhere():
    p = np.linspace(0.001, 0.999, 999)
    mid = coverage("mid-p", 50, p)
    exact = coverage("clopper-pearson", 50, p)
    assert np.all(exact >= 0.95 - 1e-12)
    assert 0.945 < mid.mean() < 0.965 < exact.mean()
    assert mid.min() < 0.95  # it dips below the nominal level in places
    assert expected_width("mid-p", 50, 0.8) < expected_width("clopper-pearson", 50, 0.8)


# ------------------------------------------------------------------------------------------------
# properties of every method


@pytest.mark.parametrize("method", METHODS)
def test_dispatch_vectorization_and_result_type(method):
    n, k = _grid(min_trials=2)
    ci = interval(n, k, method, 0.9)
    assert isinstance(ci, Interval) and ci.method == method and ci.confidence == 0.9
    direct = FUNCTIONS[method](n, k, 0.9)
    np.testing.assert_array_equal(ci.low, direct.low)
    np.testing.assert_array_equal(ci.high, direct.high)
    for i in [0, 7, n.size - 1]:
        single = interval(int(n[i]), int(k[i]), method, 0.9)
        assert isinstance(single.low, float) and single.low == ci.low[i]
        assert single.high == ci.high[i] and single.estimate == n[i] / k[i]
    broadcast = interval([[3], [5]], [10, 20, 30], method)
    assert broadcast.low.shape == (2, 3)


@pytest.mark.parametrize("method", METHODS)
def test_limits_in_unit_interval_ordered_and_symmetric(method):
    n, k = _grid(min_trials=2)
    ci = interval(n, k, method)
    assert np.all((0 <= ci.low) & (ci.low <= ci.high) & (ci.high <= 1))
    mirror = interval(k - n, k, method)
    np.testing.assert_allclose(ci.low, 1 - mirror.high, atol=1e-12)
    np.testing.assert_allclose(ci.high, 1 - mirror.low, atol=1e-12)


@pytest.mark.parametrize("method", METHODS)
@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    trials=st.integers(2, 10**6),
    confidence=st.floats(0.5, 0.999),
    more=st.floats(0.0005, 0.4),
)
def test_estimate_inside_and_monotone_in_confidence(method, data, trials, confidence, more):
    successes = data.draw(st.integers(0, trials))
    narrow = interval(successes, trials, method, confidence)
    wide = interval(successes, trials, method, min(confidence + more, 0.9999))
    assert narrow.low <= narrow.estimate <= narrow.high
    assert wide.low <= narrow.low + 1e-12 and narrow.high <= wide.high + 1e-12


@pytest.mark.parametrize("method", METHODS)
def test_huge_trials_finite_and_sane(method):
    k = 10**9
    n = np.array([0, 1, 10, 10**6, k // 2, k - 1, k])
    ci = interval(n, k, method)
    assert np.all(np.isfinite(ci.low) & np.isfinite(ci.high))
    assert np.all((0 <= ci.low) & (ci.low <= n / k) & (n / k <= ci.high) & (ci.high <= 1))
    # in the middle every method agrees with Wilson up to a continuity correction of 1/(2K);
    # Wolff's rule is 2/1.96 times as wide by design
    mid = interval(k // 2, k, method)
    reference = wilson(k // 2, k)
    tolerance = 0.021 * reference.width if method == "normal-rule" else 1 / k
    assert abs(mid.low - reference.low) < tolerance
    assert abs(mid.high - reference.high) < tolerance


def test_wolff_example_numbers():
    ci = clopper_pearson(40, 50)
    assert (round(ci.low, 2), round(ci.high, 2)) == (0.66, 0.90)
    assert (round(0.8 - ci.low, 2), round(ci.high - 0.8, 2)) == (0.14, 0.10)


def test_tan_table_numbers():
    n = np.array([20, 50, 100, 500, 1000, 5000])
    ci = wilson(0.8 * n, n)
    np.testing.assert_allclose(ci.low, [0.584, 0.670, 0.711, 0.763, 0.774, 0.789], atol=5e-4)
    np.testing.assert_allclose(ci.high, [0.919, 0.888, 0.867, 0.833, 0.824, 0.811], atol=5e-4)


# ------------------------------------------------------------------------------------------------
# coverage and expected width


def _brute_force(method, trials, p, confidence=0.95):
    """Term-by-term sums with scipy.stats.binom.pmf (no shortcut)."""
    n = np.arange(trials + 1)
    ci = interval(n, trials, method, confidence)
    pmf = stats.binom.pmf(n[None, :], trials, np.asarray(p)[:, None])
    covers = (ci.low[None, :] <= p[:, None]) & (p[:, None] <= ci.high[None, :])
    return (pmf * covers).sum(axis=1), (pmf * (ci.high - ci.low)[None, :]).sum(axis=1)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("trials", [2, 7, 50, 400])
def test_coverage_and_width_against_term_by_term_sum(method, trials):
    p = np.r_[0.0, 1.0, np.linspace(0.001, 0.999, 157), interval(2, trials, method).high]
    cov, width = _brute_force(method, trials, p)
    np.testing.assert_allclose(coverage(method, trials, p), cov, atol=1e-11)
    np.testing.assert_allclose(expected_width(method, trials, p), width, atol=1e-11)


@pytest.mark.parametrize("method", ["wald", "clopper-pearson", "jeffreys"])
def test_coverage_against_simulation(method):
    rng = np.random.default_rng(2)
    trials, draws = 30, 200_000
    for p in [0.05, 0.5, 0.83]:
        n = rng.binomial(trials, p, size=draws)
        ci = interval(np.arange(trials + 1), trials, method)  # the 31 possible intervals
        simulated = ((ci.low[n] <= p) & (p <= ci.high[n])).mean()
        assert coverage(method, trials, p) == pytest.approx(simulated, abs=4e-3)


def test_clopper_pearson_coverage_never_below_nominal():
    p = np.linspace(0, 1, 4001)
    for trials in [1, 2, 3, 5, 10, 17, 30, 50, 100, 150, 200]:
        for confidence in (0.9, 0.95, 0.99):
            assert coverage("clopper-pearson", trials, p, confidence).min() >= confidence - 1e-9


def test_wald_coverage_collapses_near_the_edges():
    assert coverage("wald", 100, 0.005) < 0.5  # P(n = 0) = 0.61 and n = 0 gives [0, 0]
    assert coverage("wald", 100, 0.995) < 0.5
    assert coverage("wilson", 100, 0.005) > 0.9


def test_coverage_scalar_and_shape():
    assert isinstance(coverage("wilson", 20, 0.3), float)
    assert coverage("wilson", 20, np.full((2, 3), 0.3)).shape == (2, 3)
    assert isinstance(expected_width("wilson", 20, 0.3), float)


def test_expected_width_large_trials_window():
    # the Hoeffding window of the sum: compare with the complete sum for K = 3000
    p = np.array([0.0004, 0.2, 0.5, 0.9999])
    _, width = _brute_force("jeffreys", 3000, p)
    np.testing.assert_allclose(expected_width("jeffreys", 3000, p), width, rtol=1e-10)


# ------------------------------------------------------------------------------------------------
# trials_for_halfwidth


def test_trials_for_halfwidth_wald_closed_form():
    z = stats.norm.ppf(0.975)
    for h, r in [(0.05, 0.8), (0.01, 0.5), (0.002, 0.01), (0.1, 0.7)]:  # no clipping at 0 or 1 here
        expected = int(np.ceil(z**2 * r * (1 - r) / h**2 - 1e-9))
        assert trials_for_halfwidth(h, r, method="wald") == expected


@pytest.mark.parametrize("method", METHODS)
def test_trials_for_halfwidth_is_the_smallest(method):
    h = np.array([0.2, 0.05, 0.01, 0.03, 0.004])
    r = np.array([0.5, 0.8, 0.97, 0.0, 0.01])
    k = trials_for_halfwidth(h, r, 0.95, method)
    assert k.dtype == np.int64 and k.shape == h.shape
    from evalkit.intervals import _limits

    def half(trials):
        low, high = _limits(method, r * trials, trials.astype(float), 0.95)
        return (high - low) / 2

    assert np.all(half(k) <= h)
    smallest = 2 if method == "normal-rule" else 1
    below = np.maximum(k - 1, smallest)
    assert np.all((half(below) > h) | (k == smallest))


def test_trials_for_halfwidth_fouladi_rule():
    """N ≈ 100/P gives a 95 % half-width of about 20 % of P (Fouladi)."""
    for p in (0.01, 0.03):
        k = trials_for_halfwidth(0.196 * p, p, method="wald")
        assert k == pytest.approx(100 / p * (1 - p), rel=1e-3)


def test_trials_for_halfwidth_too_small():
    with pytest.raises(ValueError, match="halfwidth is too small"):
        trials_for_halfwidth(1e-10, 0.5)


# ------------------------------------------------------------------------------------------------
# bad input


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize(
    ("successes", "trials", "confidence", "error", "match"),
    [
        (-1, 10, 0.95, ValueError, "successes"),
        (11, 10, 0.95, ValueError, "successes must not exceed trials"),
        (2.5, 10, 0.95, ValueError, "successes"),
        (np.nan, 10, 0.95, ValueError, "successes"),
        (3, 0, 0.95, ValueError, "trials"),
        (3, 10.5, 0.95, ValueError, "trials"),
        ("3", 10, 0.95, TypeError, "successes"),
        (True, 10, 0.95, TypeError, "successes"),
        ([1, 2], [3, 4, 5], 0.95, ValueError, "broadcastable"),
        (3, 10, 95, ValueError, "confidence"),
        (3, 10, 0.0, ValueError, "confidence"),
        (3, 10, float("nan"), ValueError, "confidence"),
        (3, 10, "0.95", TypeError, "confidence"),
    ],
)
def test_bad_input_rejected(method, successes, trials, confidence, error, match):
    with pytest.raises(error, match=match):
        FUNCTIONS[method](successes, trials, confidence)
    with pytest.raises(error, match=match):
        interval(successes, trials, method, confidence)


def test_bad_method_and_options():
    with pytest.raises(ValueError, match=r"method must be one of 'clopper-pearson'.*got 'exact'"):
        interval(3, 10, "exact")
    with pytest.raises(ValueError, match="method"):
        interval(3, 10, "Wilson")
    with pytest.raises(TypeError, match="correction"):
        wilson(3, 10, correction="yes")
    with pytest.raises(ValueError, match="trials must be at least 2"):
        normal_rule(1, 1)


@pytest.mark.parametrize("function", [coverage, expected_width])
def test_bad_input_coverage(function):
    with pytest.raises(ValueError, match="method"):
        function("exact", 10, 0.5)
    with pytest.raises(ValueError, match="trials"):
        function("wilson", 0, 0.5)
    with pytest.raises(ValueError, match="trials must be a single number"):
        function("wilson", [10, 20], 0.5)
    with pytest.raises(ValueError, match="trials"):
        function("normal-rule", 1, 0.5)
    with pytest.raises(ValueError, match="p must be"):
        function("wilson", 10, 1.5)
    with pytest.raises(ValueError, match="p must be"):
        function("wilson", 10, [0.5, np.nan])
    with pytest.raises(ValueError, match="confidence"):
        function("wilson", 10, 0.5, 1.0)


def test_bad_input_trials_for_halfwidth():
    with pytest.raises(ValueError, match="halfwidth"):
        trials_for_halfwidth(0.0, 0.5)
    with pytest.raises(ValueError, match="halfwidth"):
        trials_for_halfwidth(1.0, 0.5)
    with pytest.raises(ValueError, match="rate"):
        trials_for_halfwidth(0.1, -0.1)
    with pytest.raises(ValueError, match="broadcastable"):
        trials_for_halfwidth([0.1, 0.2], [0.5, 0.6, 0.7])
    with pytest.raises(ValueError, match="method"):
        trials_for_halfwidth(0.1, 0.5, method="exact")
    with pytest.raises(ValueError, match="confidence"):
        trials_for_halfwidth(0.1, 0.5, confidence=1.5)


def test_chandrupatla_finds_the_same_roots_as_scipy_find_root():
    # evalkit's root finder for the mid-p limits follows scipy's Chandrupatla step for step; if a
    # future SciPy changes its method, this says so (the roots must still agree to 1e-12)
    from scipy.optimize.elementwise import find_root

    from evalkit.intervals import _chandrupatla, _mid_p_tail

    rng = np.random.default_rng(7)
    k = rng.integers(1, 3000, 400).astype(float)
    n = np.floor(rng.random(400) * k) + 1
    n = np.minimum(n, k)
    left, right = np.full(400, 1e-300), np.ones(400)

    def func(p, n_, k_):
        return _mid_p_tail(p, n_, k_) - 0.025

    ours = _chandrupatla(func, left, right, (n, k))
    eps = 4 * np.finfo(float).eps
    theirs = find_root(
        func, (left, right), args=(n, k), tolerances={"xrtol": eps, "xatol": 0.0, "fatol": 0.0}
    ).x
    np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=0)
    assert np.all(np.abs(func(ours, n, k)) < 1e-9)  # and they are roots


# ------------------------------------------------------------------------------------------------
# binomial_test: a rate against a baseline p0 (exact and mid-p), checked against
# scipy.stats.binomtest and against exact enumeration in rational arithmetic


def _exact_binomial_pvalues(k: int, n: int, p0) -> dict[tuple[str, str], float]:
    """Every p-value of the binomial test by enumeration with fractions (no tolerance needed).

    Two-sided: "as extreme" = "as probable" (the minimum-likelihood ordering); the mid-p value
    counts the outcomes exactly as probable as k with half their probability (Lancaster 1961).
    """
    from fractions import Fraction
    from math import comb

    p0 = Fraction(p0)
    pmf = [comb(n, x) * p0**x * (1 - p0) ** (n - x) for x in range(n + 1)]
    observed = pmf[k]
    more = sum(q for q in pmf if q < observed)
    tied = sum(q for q in pmf if q == observed)
    return {
        ("exact", "two-sided"): float(more + tied),
        ("mid-p", "two-sided"): float(more + tied / 2),
        ("exact", "greater"): float(sum(pmf[k:])),
        ("mid-p", "greater"): float(sum(pmf[k + 1 :]) + observed / 2),
        ("exact", "less"): float(sum(pmf[: k + 1])),
        ("mid-p", "less"): float(sum(pmf[:k]) + observed / 2),
    }


BASELINE_CASES = [
    (n, p0)
    for n in (1, 2, 7, 10, 25, 40)
    for p0 in ("1/2", "9/10", "88/100", "1/3", "1/1000", "999/1000", "3/20")
]


@pytest.mark.parametrize(("trials", "p0"), BASELINE_CASES)
def test_binomial_test_against_exact_enumeration_with_fractions(trials, p0):
    from fractions import Fraction

    rate = float(Fraction(p0))
    for k in range(trials + 1):
        exact = _exact_binomial_pvalues(k, trials, Fraction(p0))
        for (method, alternative), expected in exact.items():
            got = binomial_test(k, trials, rate, alternative=alternative, method=method).pvalue
            assert got == pytest.approx(expected, rel=1e-9, abs=1e-300), (k, method, alternative)


P0_GRID = [1e-6, 0.001, 0.05, 0.1, 0.3, 0.5, 0.7, 0.88, 0.9, 0.95, 0.999, 1 - 1e-6]


@pytest.mark.parametrize("alternative", ["two-sided", "less", "greater"])
@pytest.mark.parametrize("trials", [1, 3, 10, 50, 137, 1000])
def test_binomial_test_exact_matches_scipy_binomtest(trials, alternative):
    # every k, including k = 0 and k = K, at baselines from 1e-6 to 1 − 1e-6 (at K = 1000 the
    # outcomes within 4 standard deviations of the smallest and largest baseline's mean)
    ks = np.arange(trials + 1)
    if trials == 1000:
        ks = np.unique(np.r_[0, 1, 2, 3, 500, 850:951, 997:1001])
    for p0 in P0_GRID:
        ours = binomial_test(ks, trials, p0, alternative=alternative).pvalue
        theirs = [stats.binomtest(int(k), trials, p0, alternative=alternative).pvalue for k in ks]
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=0)


def test_binomial_test_exact_matches_scipy_at_huge_trials():
    for k, n, p0 in [(10**9 // 2 - 10**5, 10**9, 0.5), (900_250, 1_000_000, 0.9), (3, 10**7, 1e-6)]:
        for alternative in ("two-sided", "less", "greater"):
            ours = binomial_test(k, n, p0, alternative=alternative).pvalue
            theirs = stats.binomtest(k, n, p0, alternative=alternative).pvalue
            assert ours == pytest.approx(theirs, rel=1e-12)


def test_binomial_test_mid_p_relations():
    ks, n = np.arange(31), 30
    for p0 in (0.2, 0.5, 0.9):
        for alternative in ("less", "greater"):
            exact = binomial_test(ks, n, p0, alternative=alternative)
            mid = binomial_test(ks, n, p0, alternative=alternative, method="mid-p")
            np.testing.assert_allclose(
                mid.pvalue, exact.pvalue - 0.5 * stats.binom.pmf(ks, n, p0), rtol=1e-12, atol=1e-15
            )
    # at p0 = ½ the distribution is symmetric: two-sided mid-p = twice the smaller one-sided one,
    # except at the centre k = K/2, the only outcome as probable as itself: 1 − ½P(X = 15), not 1
    less = binomial_test(ks, n, 0.5, alternative="less", method="mid-p").pvalue
    greater = binomial_test(ks, n, 0.5, alternative="greater", method="mid-p").pvalue
    two = binomial_test(ks, n, 0.5, method="mid-p").pvalue
    off = ks != 15
    doubled = 2 * np.minimum(less, greater)
    np.testing.assert_allclose(two[off], doubled[off], rtol=1e-12)
    assert two[15] == pytest.approx(1 - 0.5 * stats.binom.pmf(15, 30, 0.5), rel=1e-14)


@pytest.mark.parametrize("confidence", [0.5, 0.9, 0.95, 0.99])
def test_binomial_test_interval_matches_its_method(confidence):
    ks, n = np.arange(41), 40
    exact = binomial_test(ks, n, 0.8, confidence=confidence)
    cp = clopper_pearson(ks, n, confidence)
    np.testing.assert_array_equal(exact.interval.low, cp.low)
    np.testing.assert_array_equal(exact.interval.high, cp.high)
    assert exact.interval.method == "clopper-pearson"
    mid = binomial_test(ks, n, 0.8, method="mid-p", confidence=confidence)
    mp = mid_p(ks, n, confidence)
    np.testing.assert_array_equal(mid.interval.low, mp.low)
    np.testing.assert_array_equal(mid.interval.high, mp.high)
    assert mid.interval.method == "mid-p"
    # one-sided exact bounds: scipy's proportion_ci for the same alternative (scipy solves each
    # bound with a root finder, to about 1e-10: the tolerance of test_matches_scipy_proportion_ci)
    for alternative in ("less", "greater"):
        ours = binomial_test(ks, n, 0.8, alternative=alternative, confidence=confidence).interval
        for k in ks:
            ref = stats.binomtest(int(k), n, 0.8, alternative=alternative).proportion_ci(confidence)
            assert ours.low[k] == pytest.approx(ref.low, abs=1e-9)
            assert ours.high[k] == pytest.approx(ref.high, abs=1e-9)


def _mid_p_bound(k: int, n: int, level: float, side: str) -> float:
    """The one-sided mid-p bound by scipy's brentq on the tail equation (1 − level in the tail)."""
    from scipy.optimize import brentq

    def tail(p: float) -> float:
        beyond = stats.binom.sf(k, n, p) if side == "low" else stats.binom.cdf(k - 1, n, p)
        return beyond + 0.5 * stats.binom.pmf(k, n, p) - (1 - level)

    return brentq(tail, 1e-12, 1 - 1e-12, xtol=1e-15)


@pytest.mark.parametrize("confidence", [0.8, 0.95])
def test_binomial_test_one_sided_mid_p_bound_solves_its_tail_equation(confidence):
    n = 25
    for k in range(n + 1):
        kwargs = dict(method="mid-p", confidence=confidence)
        greater = binomial_test(k, n, 0.5, alternative="greater", **kwargs).interval
        less = binomial_test(k, n, 0.5, alternative="less", **kwargs).interval
        assert greater.high == 1.0 and less.low == 0.0
        # lower bound: P(X > k) + ½P(X = k) = 1 − confidence; upper: P(X < k) + ½P(X = k)
        expected_low = _mid_p_bound(k, n, confidence, "low") if k > 0 else 0.0
        expected_high = _mid_p_bound(k, n, confidence, "high") if k < n else 1.0
        assert greater.low == pytest.approx(expected_low, rel=1e-9)
        assert less.high == pytest.approx(expected_high, rel=1e-9)


def test_binomial_test_result_fields_and_vectorization():
    r = binomial_test(463, 500, 0.9, alternative="greater")
    assert isinstance(r.pvalue, float) and r.statistic == 463 and r.estimate == 0.926
    assert r.estimate_name == "proportion" and r.statistic_name == "successes"
    assert r.method == "exact binomial test" and r.alternative == "greater"
    assert r.details["trials"] == 500 and r.details["p0"] == 0.9
    assert binomial_test(3, 10, 0.5).alternative == "two-sided"  # the default
    assert binomial_test(3, 10, 0.5, method="mid-p").method == "mid-p binomial test"
    ks, p0 = np.array([[0, 5], [9, 10]]), np.array([0.3, 0.9])
    many = binomial_test(ks, 10, p0, method="mid-p")
    assert many.pvalue.shape == (2, 2)
    for i in range(2):
        for j in range(2):
            single = binomial_test(int(ks[i, j]), 10, float(p0[j]), method="mid-p")
            assert many.pvalue[i, j] == single.pvalue
            assert many.interval.low[i, j] == single.interval.low


def test_binomial_test_exact_size_never_above_the_level_mid_p_close_to_it():
    # exact enumeration: P(p ≤ 0.05 | H0) over every outcome k = 0 … K
    worst_exact, worst_mid = 0.0, 0.0
    for n in (10, 20, 50, 100):
        ks = np.arange(n + 1)
        for p0 in (0.5, 0.7, 0.8, 0.9, 0.95):
            weight = stats.binom.pmf(ks, n, p0)
            for alternative in ("two-sided", "greater"):
                exact = binomial_test(ks, n, p0, alternative=alternative).pvalue
                mid = binomial_test(ks, n, p0, alternative=alternative, method="mid-p").pvalue
                worst_exact = max(worst_exact, float(np.sum(weight * (exact <= 0.05))))
                worst_mid = max(worst_mid, float(np.sum(weight * (mid <= 0.05))))
    assert worst_exact <= 0.05
    # the mid-p test trades the guarantee for a size closer to α: above it at some (K, p0)
    # (0.086 at most here)
    assert 0.05 < worst_mid < 0.09


def test_binomial_test_bad_input():
    with pytest.raises(ValueError, match=r"^p0 must be strictly between 0 and 1; got 1\.0"):
        binomial_test(3, 10, 1.0)
    with pytest.raises(ValueError, match=r"^p0 must be strictly between 0 and 1; got 0\.0"):
        binomial_test(3, 10, 0.0)
    with pytest.raises(ValueError, match=r"^successes must not exceed trials"):
        binomial_test(11, 10, 0.5)
    with pytest.raises(
        ValueError, match=r"^alternative must be one of 'two-sided', 'less', 'greater'"
    ):
        binomial_test(3, 10, 0.5, alternative="both")
    with pytest.raises(ValueError, match=r"^method must be one of 'exact', 'mid-p'; got 'midp'"):
        binomial_test(3, 10, 0.5, method="midp")
    with pytest.raises(ValueError, match=r"^confidence must be strictly between 0 and 1"):
        binomial_test(3, 10, 0.5, confidence=95)
    with pytest.raises(ValueError, match=r"^p0, successes and trials|broadcastable"):
        binomial_test([1, 2], 10, [0.1, 0.2, 0.3])


def test_binomial_test_blames_the_argument_a_positional_slip_lands_in():
    # binomial_test(k, n, p0, 0.95): the level lands in alternative (4th), and the message says so
    with pytest.raises(
        ValueError,
        match=r"^alternative must be one of .*; got 0\.95 \(alternative is the 4th argument; "
        r"a confidence level goes in confidence=0\.95\)",
    ):
        binomial_test(47, 50, 0.9, 0.95)
    with pytest.raises(ValueError, match=r"got 'mid-p' .*pass method='mid-p'"):
        binomial_test(47, 50, 0.9, "mid-p")
    with pytest.raises(
        ValueError, match=r"^method must be one of .*got 'less' .*alternative='less'"
    ):
        binomial_test(47, 50, 0.9, "two-sided", "less")


def test_interval_blames_the_argument_a_positional_slip_lands_in():
    with pytest.raises(
        ValueError,
        match=r"^method must be one of .*; got 0\.9 \(method is the 3rd argument; a confidence "
        r"level goes in confidence=0\.9\)$",
    ):
        interval(40, 50, 0.9)
    with pytest.raises(
        TypeError, match=r"^confidence must be .*got 'wilson' .*pass method='wilson'\)$"
    ):
        trials_for_halfwidth(0.05, 0.8, "wilson")
    with pytest.raises(ValueError, match=r"^method must be one of .*got 50 \(method is the 1st"):
        coverage(50, "wilson", 0.8)
