"""Tests of evalkit.distributions: cross-checks with scipy.stats and mpmath, identities, errors."""

from __future__ import annotations

import subprocess
import sys

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate, stats

from evalkit.distributions import (
    BetaFit,
    BetaMoments,
    beta_cdf,
    beta_moments,
    beta_pdf,
    beta_quantile,
    binomial_cdf,
    binomial_pmf,
    fit_beta_moments,
)

PROBS = [0.0, 1e-9, 0.01, 0.3, 0.5, 0.8, 0.999, 1.0]
TRIALS = [0, 1, 2, 5, 50, 1000, 10_000]
SHAPES = [1e-3, 0.5, 1.0, 2.0, 7.5, 50.0, 1e6]
XS = np.array([0.0, 1e-12, 1e-6, 0.01, 0.2, 0.5, 0.8, 0.99, 1 - 1e-9, 1.0])


# --------------------------------------------------------------------------------------------
# binomial


@pytest.mark.parametrize("trials", TRIALS)
@pytest.mark.parametrize("p", PROBS)
def test_binomial_pmf_matches_scipy_on_a_grid(trials, p):
    k = np.arange(trials + 1)
    ours = binomial_pmf(k, trials, p)
    ref = stats.binom.pmf(k, trials, p)
    np.testing.assert_allclose(ours, ref, rtol=1e-11, atol=1e-300)


@pytest.mark.parametrize("trials", TRIALS)
@pytest.mark.parametrize("p", PROBS)
def test_binomial_cdf_matches_scipy_on_a_grid(trials, p):
    k = np.arange(trials + 1)
    ours = binomial_cdf(k, trials, p)
    ref = stats.binom.cdf(k, trials, p)
    np.testing.assert_allclose(ours, ref, rtol=1e-10, atol=1e-300)
    assert ours[-1] == 1.0  # the n = K edge of eq. 15


@pytest.mark.parametrize("trials", [10**6, 10**9])
def test_binomial_at_huge_trials_matches_mpmath(trials):
    p = 0.8
    mean, sd = trials * p, np.sqrt(trials * p * (1 - p))
    ks = np.array([mean - 3 * sd, mean - sd, mean, mean + 2 * sd], dtype=np.int64)
    ours = binomial_pmf(ks, trials, p)
    mpmath.mp.dps = 40
    exact = [
        float(
            mpmath.binomial(trials, int(k))
            * mpmath.mpf(p) ** int(k)
            * mpmath.mpf(1 - p) ** (trials - int(k))
        )
        for k in ks
    ]
    np.testing.assert_allclose(ours, exact, rtol=1e-10)
    np.testing.assert_allclose(
        binomial_cdf(ks, trials, p), stats.binom.cdf(ks, trials, p), rtol=1e-9
    )
    assert np.all(np.isfinite(ours)) and np.all(ours > 0)


@settings(max_examples=100, deadline=None)
@given(
    trials=st.integers(min_value=1, max_value=10**9),
    frac=st.floats(min_value=0, max_value=1),
    p=st.floats(min_value=1e-6, max_value=1 - 1e-6),
)
def test_binomial_pmf_matches_scipy_at_any_size(trials, frac, p):
    k = round(frac * trials)
    ref = stats.binom.pmf(k, trials, p)
    if ref > 1e-280:
        # scipy's own relative precision at K = 10**9 is about 1e-11; ours is comparable
        assert binomial_pmf(k, trials, p) == pytest.approx(ref, rel=1e-9)


@pytest.mark.parametrize("trials", [1, 7, 60, 2000])
def test_binomial_pmf_sums_to_one(trials):
    total = binomial_pmf(np.arange(trials + 1), trials, 0.37).sum()
    assert total == pytest.approx(1.0, abs=1e-13)


def test_binomial_mean_and_variance_by_enumeration():
    k = np.arange(51)
    pmf = binomial_pmf(k, 50, 0.5)
    mean = (k * pmf).sum()
    assert mean == pytest.approx(25.0, abs=1e-12)
    assert ((k - mean) ** 2 * pmf).sum() == pytest.approx(12.5, abs=1e-10)


def test_binomial_broadcasts_and_returns_floats_for_scalars():
    assert isinstance(binomial_pmf(3, 10, 0.5), float)
    assert isinstance(binomial_cdf(3, 10, 0.5), float)
    out = binomial_pmf(np.arange(4)[:, None], 3, np.array([0.2, 0.5, 0.9]))
    assert out.shape == (4, 3)
    np.testing.assert_allclose(out.sum(axis=0), 1.0)


@settings(max_examples=150, deadline=None)
@given(
    trials=st.integers(min_value=1, max_value=300),
    frac=st.floats(min_value=0, max_value=1),
    x=st.floats(min_value=0, max_value=1),
)
def test_cdf_identity_eq15(trials, frac, x):
    """Wolff eq. 15: Σ_{i ≤ n} P_Bino(i) = F_Beta(1 − x; K − n, n + 1), edges n = 0 and n = K."""
    n = round(frac * trials)
    direct_sum = binomial_pmf(np.arange(n + 1), trials, x).sum()
    assert binomial_cdf(n, trials, x) == pytest.approx(direct_sum, abs=1e-12)
    if n < trials:
        assert beta_cdf(1 - x, trials - n, n + 1) == pytest.approx(direct_sum, abs=1e-12)
    else:
        assert direct_sum == pytest.approx(1.0, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(
    trials=st.integers(min_value=0, max_value=500),
    frac=st.floats(min_value=0, max_value=1),
    x=st.floats(min_value=0, max_value=1),
)
def test_pmf_is_sampled_beta_density_eq14(trials, frac, x):
    """Wolff eq. 14: P_Bino(n; x, K) = p_Beta(x; n + 1, K − n + 1) / (K + 1)."""
    n = round(frac * trials)
    lhs = binomial_pmf(n, trials, x)
    rhs = beta_pdf(x, n + 1, trials - n + 1) / (trials + 1)
    assert lhs == pytest.approx(rhs, rel=1e-10, abs=1e-300)


# --------------------------------------------------------------------------------------------
# beta


@pytest.mark.parametrize("a", SHAPES)
@pytest.mark.parametrize("b", SHAPES)
def test_beta_pdf_cdf_match_scipy_on_a_grid(a, b):
    with np.errstate(divide="ignore"):
        ref_pdf = stats.beta.pdf(XS, a, b)
    ours = beta_pdf(XS, a, b)
    inner = slice(1, -1)  # scipy's conventions at the exact ends differ for a or b ≤ 1
    np.testing.assert_allclose(ours[inner], ref_pdf[inner], rtol=1e-8, atol=1e-300)
    np.testing.assert_allclose(
        beta_cdf(XS, a, b), stats.beta.cdf(XS, a, b), rtol=1e-10, atol=1e-300
    )


@pytest.mark.parametrize(
    ("a", "b", "at_zero", "at_one"),
    [
        (0.5, 2.0, np.inf, 0.0),
        (2.0, 0.5, 0.0, np.inf),
        (1.0, 3.0, 3.0, 0.0),
        (3.0, 1.0, 0.0, 3.0),
        (1.0, 1.0, 1.0, 1.0),
        (2.0, 2.0, 0.0, 0.0),
    ],
)
def test_beta_pdf_at_the_ends(a, b, at_zero, at_one):
    assert beta_pdf(0.0, a, b) == pytest.approx(at_zero)
    assert beta_pdf(1.0, a, b) == pytest.approx(at_one)


@pytest.mark.parametrize(("a", "b"), [(0.5, 0.5), (1, 1), (5, 2), (40, 11), (300, 700)])
def test_beta_pdf_integrates_to_one_eq7(a, b):
    total, _ = integrate.quad(lambda t: beta_pdf(t, a, b), 0, 1, limit=200, points=[a / (a + b)])
    assert total == pytest.approx(1.0, abs=1e-7)


def test_beta_pdf_huge_parameters_stay_finite():
    """Wolff §1.1: the naive Γ ratio overflows; the log form does not."""
    a, b = 8e8 + 1, 2e8 + 1
    value = beta_pdf(0.8, a, b)
    assert np.isfinite(value) and value > 0
    assert value == pytest.approx(stats.beta.pdf(0.8, a, b), rel=1e-5)  # betaln: ~K·1e-15


@pytest.mark.parametrize("a", SHAPES[1:-1])
@pytest.mark.parametrize("b", SHAPES[1:-1])
def test_beta_quantile_matches_scipy_and_inverts_cdf(a, b):
    qs = np.array([0.0, 1e-6, 0.025, 0.3, 0.5, 0.975, 1 - 1e-6, 1.0])
    ours = beta_quantile(qs, a, b)
    np.testing.assert_allclose(ours, stats.beta.ppf(qs, a, b), rtol=1e-9, atol=1e-14)
    inner = slice(1, -1)
    np.testing.assert_allclose(beta_cdf(ours[inner], a, b), qs[inner], rtol=1e-8)


def test_beta_quantile_wolff_clopper_pearson_example():
    """Wolff §3.1: K = 50, n = 40 → 1 − Q(0.975; 11, 40) ≈ 0.66 and 1 − Q(0.025; 10, 41) ≈ 0.90."""
    assert 1 - beta_quantile(0.975, 11, 40) == pytest.approx(0.6628, abs=5e-5)
    assert 1 - beta_quantile(0.025, 10, 41) == pytest.approx(0.8997, abs=5e-5)


@settings(max_examples=100, deadline=None)
@given(
    q=st.floats(min_value=1e-6, max_value=1 - 1e-6),
    a=st.floats(min_value=0.05, max_value=1e4),
    b=st.floats(min_value=0.05, max_value=1e4),
)
def test_quantile_cdf_roundtrip(q, a, b):
    x = beta_quantile(q, a, b)
    assert 0.0 <= x <= 1.0
    assert x == pytest.approx(stats.beta.ppf(q, a, b), rel=1e-9, abs=1e-300)
    if 1e-12 < x < 1 - 1e-12:  # nearer the ends, x itself is not representable finely enough
        assert beta_cdf(x, a, b) == pytest.approx(q, rel=1e-6, abs=1e-9)


@pytest.mark.parametrize("a", SHAPES)
@pytest.mark.parametrize("b", SHAPES)
def test_beta_moments_match_scipy(a, b):
    m = beta_moments(a, b)
    mean, var = stats.beta.stats(a, b, moments="mv")
    assert m.mean == pytest.approx(float(mean), rel=1e-12)
    assert m.variance == pytest.approx(float(var), rel=1e-10)
    assert m.standard_deviation == pytest.approx(float(np.sqrt(var)), rel=1e-10)
    assert isinstance(m, BetaMoments) and "Wolff" in m.method


@pytest.mark.parametrize(("a", "b"), [(2, 2), (5, 2), (1.5, 30), (40, 11), (1.01, 1.01)])
def test_beta_mode_is_where_the_density_peaks(a, b):
    grid = np.linspace(0, 1, 200_001)
    peak = grid[np.argmax(beta_pdf(grid, a, b))]
    assert beta_moments(a, b).mode == pytest.approx(peak, abs=1e-4)


@pytest.mark.parametrize(
    ("a", "b", "mode"),
    [
        (0.5, 3, 0.0),
        (1, 3, 0.0),
        (0.5, 1, 0.0),
        (3, 0.5, 1.0),
        (3, 1, 1.0),
        (1, 0.5, 1.0),
        (1, 1, None),
        (0.5, 0.5, None),
        (0.2, 0.9, None),
    ],
)
def test_beta_mode_at_the_boundary_or_none(a, b, mode):
    assert beta_moments(a, b).mode == mode


def test_beta_moments_vectorized_mode_is_masked_not_nan():
    m = beta_moments(np.array([0.5, 1, 2, 1, 3]), np.array([0.5, 1, 2, 3, 1]))
    assert isinstance(m.mode, np.ma.MaskedArray)
    assert m.mode.mask.tolist() == [True, True, False, False, False]
    assert m.mode.compressed().tolist() == [0.5, 0.0, 1.0]
    assert not np.isnan(m.mode.data).any()
    assert m.mean.shape == (5,)


# --------------------------------------------------------------------------------------------
# method-of-moments fit


def test_fit_recovers_known_parameters_from_a_large_sample():
    rng = np.random.default_rng(1)
    sample = rng.beta(8.0, 2.0, size=200_000)
    fit = fit_beta_moments(sample)
    assert fit.alpha == pytest.approx(8.0, rel=0.03)
    assert fit.beta == pytest.approx(2.0, rel=0.03)
    assert isinstance(fit, BetaFit) and fit.size == 200_000
    alpha, beta = fit
    assert (alpha, beta) == (fit.alpha, fit.beta)
    assert "method of moments" in str(fit)


def test_fit_small_sample_by_hand():
    # m = 0.75, s = 0.0125, m(1 − m)/s − 1 = 14
    fit = fit_beta_moments([0.6, 0.7, 0.8, 0.9, 0.75])
    assert fit.alpha == pytest.approx(10.5)
    assert fit.beta == pytest.approx(3.5)
    assert fit.sample_mean == pytest.approx(0.75)
    assert fit.sample_variance == pytest.approx(0.0125)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(min_value=0, max_value=1), min_size=2, max_size=50))
def test_fit_reproduces_the_sample_moments_or_refuses(values):
    arr = np.array(values)
    m, s = arr.mean(), arr.var(ddof=1)
    if s == 0 or s >= m * (1 - m):
        with pytest.raises(ValueError, match="sample"):
            fit_beta_moments(arr)
        return
    if s > 0.999 * m * (1 - m) or s < 1e-12:  # α̂ + β̂ near 0 or huge: rounding dominates
        return
    fit = fit_beta_moments(arr)
    moments = beta_moments(fit.alpha, fit.beta)
    assert moments.mean == pytest.approx(m, abs=1e-12)
    assert moments.variance == pytest.approx(s, rel=1e-9, abs=1e-15)


# --------------------------------------------------------------------------------------------
# bad input


@pytest.mark.parametrize("func", [binomial_pmf, binomial_cdf])
@pytest.mark.parametrize(
    ("args", "exc", "pattern"),
    [
        ((3, 10, 1.5), ValueError, r"^p must be a probability in \[0, 1\]; got 1.5"),
        ((3, 10, -0.1), ValueError, r"^p must be"),
        ((3, 10, float("nan")), ValueError, r"^p must be"),
        ((11, 10, 0.5), ValueError, r"^k must not exceed trials.*k=11 with trials=10"),
        ((-1, 10, 0.5), ValueError, r"^k must be a whole number ≥ 0; got -1"),
        ((2.5, 10, 0.5), ValueError, r"^k must be a whole number"),
        ((2, -3, 0.5), ValueError, r"^trials must be a whole number ≥ 0"),
        ((2, 10.5, 0.5), ValueError, r"^trials must be a whole number"),
        ((2, float("inf"), 0.5), ValueError, r"^trials must be a finite"),
        (("2", 10, 0.5), TypeError, r"^k must be a number"),
        ((2, 10, "0.5"), TypeError, r"^p must be a number"),
        ((True, 10, 0.5), TypeError, r"^k must be a number, not a boolean"),
        (([1, 2], [3, 4, 5], 0.5), ValueError, r"broadcastable shapes"),
    ],
)
def test_binomial_bad_input(func, args, exc, pattern):
    with pytest.raises(exc, match=pattern):
        func(*args)


@pytest.mark.parametrize("func", [beta_pdf, beta_cdf, beta_quantile])
@pytest.mark.parametrize(
    ("args", "exc", "pattern"),
    [
        ((0.5, 0, 2), ValueError, r"^a must be a finite number > 0.*got 0"),
        ((0.5, -1, 2), ValueError, r"^a must be a finite number > 0"),
        ((0.5, 2, 0), ValueError, r"^b must be a finite number > 0.*got 0"),
        ((0.5, 2, float("nan")), ValueError, r"^b must be a finite number > 0"),
        ((0.5, float("inf"), 2), ValueError, r"^a must be a finite number > 0"),
        ((0.5, "2", 2), TypeError, r"^a must be a number"),
        ((0.5, [1, 2], [1, 2, 3]), ValueError, r"broadcastable shapes"),
        ((0.5, [], 2), ValueError, r"^a must not be empty"),
    ],
)
def test_beta_bad_shape_parameters(func, args, exc, pattern):
    with pytest.raises(exc, match=pattern):
        func(*args)


@pytest.mark.parametrize(("func", "name"), [(beta_pdf, "x"), (beta_cdf, "x"), (beta_quantile, "q")])
@pytest.mark.parametrize("bad", [-0.1, 1.1, float("nan")])
def test_beta_bad_first_argument(func, name, bad):
    with pytest.raises(ValueError, match=rf"^{name} must be a probability in \[0, 1\]"):
        func(bad, 2, 3)


@pytest.mark.parametrize(
    ("a", "b", "pattern"),
    [
        (0, 1, r"^a must be a finite number > 0"),
        (1, -2, r"^b must be a finite number > 0"),
        (None, 1, r"^a must be a number"),
    ],
)
def test_beta_moments_bad_input(a, b, pattern):
    with pytest.raises((ValueError, TypeError), match=pattern):
        beta_moments(a, b)


@pytest.mark.parametrize(
    ("sample", "exc", "pattern"),
    [
        ([], ValueError, r"^sample must not be empty"),
        ([0.5], ValueError, r"^sample must hold at least 2 values"),
        (0.5, ValueError, r"^sample must hold at least 2 values"),
        ([[0.2, 0.3], [0.4, 0.5]], ValueError, r"^sample must be 1-D"),
        ([0.2, 1.3], ValueError, r"^sample must be a probability in \[0, 1\]; got 1.3"),
        ([0.2, float("nan")], ValueError, r"^sample must be a probability"),
        ([0.7, 0.7, 0.7], ValueError, r"^sample has variance 0"),
        ([0.0, 0.0, 1.0, 1.0], ValueError, r"needs s < m\(1 − m\).*m = 0.5, s = 0.333333"),
        ("0.5", TypeError, r"^sample must be a 1-D array"),
        (["a", "b"], TypeError, r"^sample must be a number"),
    ],
)
def test_fit_bad_input(sample, exc, pattern):
    with pytest.raises(exc, match=pattern):
        fit_beta_moments(sample)


def test_import_does_not_load_matplotlib_or_widgets():
    code = (
        "import sys, evalkit.distributions; "
        "print('matplotlib' in sys.modules, 'ipywidgets' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False False"


def test_result_classes_have_a_short_repr_and_an_html_table():
    # issue 44: every result prints a short repr and shows as a small HTML table
    from evalkit.distributions import beta_moments, fit_beta_moments

    m = beta_moments(5, 2)
    assert repr(m) == (
        "BetaMoments(mean=0.7143, variance=0.02551, mode=0.8, "
        "method='beta distribution moments (Wolff 2014, eq. 8-9)')"
    )
    assert "mode" not in repr(beta_moments(1, 1))  # no mode: left out, not "None"
    many = beta_moments(np.linspace(0.5, 5, 40), 2)
    assert "array of 40 values" in repr(many) and len(repr(many)) < 300
    fit = fit_beta_moments([0.81, 0.84, 0.79, 0.9, 0.86, 0.83])
    assert repr(fit).startswith("BetaFit(alpha=") and ">sample_variance</th>" in fit._repr_html_()
