"""Tests of evalkit.bayesian against independent routes.

* correlated_t: the Student t posterior written out here from Corani & Benavoli (2015), and its
  rope-0 probability equal to the corrected resampled t's one-sided p-value.
* signed_rank, sign: an independent Monte-Carlo implementation (numpy's own Dirichlet sampler,
  the double sum over all pairs written as a matrix, the sign test from its closed Dirichlet
  form), with a tolerance of five Monte-Carlo standard errors of the difference.
* paired_accuracy: Monte Carlo from numpy's Dirichlet over the four cells, and the exact Beta
  identity P(θ_b > θ_c) = I_½(c + prior, b + prior) at rope 0.
* properties (hypothesis): probabilities in [0, 1] summing to 1, swapping A and B swaps the
  outer two, a wider ROPE never lowers p_equivalent; bad inputs name the argument.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import special, stats

from evalkit.bayesian import (
    BayesianComparison,
    correlated_t,
    paired_accuracy,
    plot_posterior,
    plot_simplex,
    sign,
    signed_rank,
)
from evalkit.resampling import corrected_resampled_t

RNG = np.random.default_rng(2024)
FOLDS_A = 0.90 + 0.03 * RNG.standard_normal(20)
FOLDS_B = FOLDS_A - 0.01 + 0.02 * RNG.standard_normal(20)
MANY_A = np.array([0.96, 0.98, 0.975, 0.97, 0.85, 0.90, 0.915, 0.80, 0.88, 0.93, 0.71, 0.66])
MANY_B = np.array([0.955, 0.96, 0.97, 0.985, 0.83, 0.86, 0.91, 0.795, 0.84, 0.935, 0.73, 0.61])


def mc_tolerance(p: float, samples_1: int, samples_2: int) -> float:
    """Five standard errors of the difference of two independent Monte-Carlo shares."""
    p = min(max(p, 1e-3), 1 - 1e-3)
    return 5 * math.sqrt(p * (1 - p) * (1 / samples_1 + 1 / samples_2))


# --------------------------------------------------------------------------------------------
# correlated t


@pytest.mark.parametrize(("rope", "runs"), [(0.0, 1), (0.01, 1), (0.02, 2), (0.005, 4)])
def test_correlated_t_matches_its_closed_form(rope, runs):
    x = FOLDS_A - FOLDS_B
    n = len(x)
    rho = runs / n  # 1/k with k = n/runs folds
    # Corani & Benavoli (2015): St(n − 1, x̄, (1/n + ρ/(1 − ρ)) σ̂²)
    scale = np.sqrt((1 / n + rho / (1 - rho)) * np.sum((x - x.mean()) ** 2) / (n - 1))
    left = stats.t.cdf((-rope - x.mean()) / scale, n - 1)
    right = stats.t.sf((rope - x.mean()) / scale, n - 1)
    r = correlated_t(FOLDS_A, FOLDS_B, rope=rope, runs=runs)
    assert r.p_b_better == pytest.approx(left, rel=1e-12, abs=1e-15)
    assert r.p_a_better == pytest.approx(right, rel=1e-12, abs=1e-15)
    assert r.p_equivalent == pytest.approx(1 - left - right, abs=1e-12)
    assert r.details["rho"] == pytest.approx(rho)
    if rope == 0:
        assert r.p_equivalent == 0.0


def test_correlated_t_rope0_is_the_corrected_resampled_t_one_sided_p():
    k = len(FOLDS_A)
    n_items = 200 * k  # k folds of 200 test items: n_test/n_train = 1/(k − 1) = ρ/(1 − ρ)
    freq = corrected_resampled_t(FOLDS_A - FOLDS_B, n_train=n_items - 200, n_test=200)
    one_sided = stats.t.sf(freq.statistic, freq.df)  # p-value for "A better"
    r = correlated_t(FOLDS_A, FOLDS_B)
    assert r.p_b_better == pytest.approx(one_sided, rel=1e-10)


def test_correlated_t_equal_differences_is_a_point_mass():
    r = correlated_t([0.5, 0.75, 0.25], [0.25, 0.5, 0.0], rope=0.01)  # exact binary fractions
    assert (r.p_a_better, r.p_equivalent, r.p_b_better) == (1.0, 0.0, 0.0)
    r = correlated_t([0.9, 0.8], [0.9, 0.8])
    assert (r.p_a_better, r.p_equivalent, r.p_b_better) == (0.5, 0.0, 0.5)
    r = correlated_t([0.9, 0.8], [0.9, 0.8], rope=0.01)
    assert r.p_equivalent == 1.0


# --------------------------------------------------------------------------------------------
# signed-rank and sign tests against an independent Monte Carlo


def independent_signed_rank(z, rope, prior, samples, seed):
    points = np.concatenate([[0.0], z])
    weights = np.random.default_rng(seed).dirichlet(np.r_[prior, np.ones(len(z))], samples)
    sums = points[:, None] + points[None, :]
    if rope > 0:
        masks = [sums < -2 * rope, np.abs(sums) <= 2 * rope, sums > 2 * rope]
    else:
        half = (sums == 0) * 0.5
        masks = [(sums < 0) + half, np.zeros_like(sums), (sums > 0) + half]
    theta = np.stack([np.einsum("si,ij,sj->s", weights, m * 1.0, weights) for m in masks], 1)
    return np.bincount(theta.argmax(axis=1), minlength=3) / samples


def independent_sign(z, rope, prior, samples, seed):
    rng = np.random.default_rng(seed)
    n_left, n_rope, n_right = 0, 0, 0
    for value in z:
        if value < -rope:
            n_left += 1
        elif value > rope:
            n_right += 1
        else:
            n_rope += 1
    if rope > 0:  # Benavoli et al. (2017): Dirichlet(n_left, n_rope + s, n_right)
        theta = rng.dirichlet([n_left, n_rope + prior, n_right], samples)
    else:  # empty ROPE: the pseudo-observation and the zeros split half and half
        draw = rng.dirichlet([n_left, n_rope + prior, n_right], samples)
        theta = draw + draw[:, 1:2] * np.array([0.5, -1.0, 0.5])
    return np.bincount(theta.argmax(axis=1), minlength=3) / samples


@pytest.mark.parametrize(("rope", "prior"), [(0.0, 0.5), (0.01, 0.5), (0.02, 1.0), (0.005, 3.0)])
def test_signed_rank_matches_an_independent_monte_carlo(rope, prior):
    samples = 40000
    r = signed_rank(MANY_A, MANY_B, rope=rope, prior=prior, samples=samples, rng=1)
    expected = independent_signed_rank(MANY_A - MANY_B, rope, prior, samples, seed=99)
    got = r.probabilities
    for p, q in zip(got, expected, strict=True):
        assert abs(p - q) <= mc_tolerance(q, samples, samples)
    assert r.details["standard_error"] <= 0.5 / math.sqrt(samples)


@pytest.mark.parametrize(("rope", "prior"), [(0.0, 1.0), (0.01, 1.0), (0.03, 0.5), (0.005, 4.0)])
def test_sign_matches_its_closed_dirichlet_form(rope, prior):
    samples = 40000
    r = sign(MANY_A, MANY_B, rope=rope, prior=prior, samples=samples, rng=1)
    expected = independent_sign(MANY_A - MANY_B, rope, prior, samples, seed=99)
    for p, q in zip(r.probabilities, expected, strict=True):
        assert abs(p - q) <= mc_tolerance(q, samples, samples)
    z = MANY_A - MANY_B
    assert r.details["n_left"] == np.sum(z < -rope)
    assert r.details["n_right"] == np.sum(z > rope)


def test_sign_posterior_means_are_the_dirichlet_means():
    # E[θ] of Dirichlet(n_left, n_rope + s, n_right) is the parameter over the total
    z = MANY_A - MANY_B
    rope, prior = 0.01, 1.0
    counts = np.array([np.sum(z < -rope), np.sum(np.abs(z) <= rope) + prior, np.sum(z > rope)])
    r = sign(MANY_A, MANY_B, rope=rope, prior=prior, samples=40000, rng=3)
    sd = np.sqrt(0.25 / 40000)
    np.testing.assert_allclose(r.posterior.mean(axis=0), counts / counts.sum(), atol=5 * sd)


def test_signed_rank_all_positive_differences_favour_a():
    a = np.linspace(0.8, 0.9, 15)
    r = signed_rank(a, a - 0.05, rope=0.01, samples=5000, rng=0)
    assert r.p_a_better > 0.99


# --------------------------------------------------------------------------------------------
# one test set


@pytest.mark.parametrize(
    ("table", "rope", "prior"),
    [
        ([[265, 10], [2, 8]], 0.01, 1.0),
        ([[40, 6], [9, 5]], 0.05, 1.0),
        ([[3, 1], [0, 1]], 0.2, 0.5),
    ],
)
def test_paired_accuracy_matches_monte_carlo(table, rope, prior):
    samples = 200000
    (a, b), (c, d) = table
    theta = np.random.default_rng(7).dirichlet(np.array([a, b, c, d]) + prior, samples)
    diff = theta[:, 1] - theta[:, 2]
    expected = [np.mean(diff < -rope), np.mean(np.abs(diff) <= rope), np.mean(diff > rope)]
    r = paired_accuracy(table, rope=rope, prior=prior)
    for p, q in zip(r.probabilities, expected, strict=True):
        assert abs(p - q) <= mc_tolerance(q, samples, 10**12)
    assert r.posterior.integration_error < 1e-8
    assert r.posterior.std() == pytest.approx(diff.std(), rel=0.02)


@pytest.mark.parametrize("prior", [0.5, 1.0, 2.0])
def test_paired_accuracy_rope0_is_the_exact_beta_identity(prior):
    r = paired_accuracy([[50, 7], [3, 4]], prior=prior)
    assert r.p_a_better == pytest.approx(special.betainc(3 + prior, 7 + prior, 0.5), rel=1e-12)
    assert r.p_equivalent == 0.0
    # and the integral at a tiny ROPE tends to it
    tiny = paired_accuracy([[50, 7], [3, 4]], rope=1e-9, prior=prior)
    assert tiny.p_a_better == pytest.approx(r.p_a_better, abs=1e-6)


def test_paired_accuracy_density_integrates_to_the_probabilities():
    r = paired_accuracy([[265, 10], [2, 8]], rope=0.01)
    x = np.linspace(-0.2, 0.3, 5001)
    density = r.posterior.pdf(x)
    assert np.trapezoid(density, x) == pytest.approx(1.0, abs=1e-3)
    inside = np.abs(x) <= 0.01
    assert np.trapezoid(density[inside], x[inside]) == pytest.approx(r.p_equivalent, abs=2e-3)


# --------------------------------------------------------------------------------------------
# properties

scores = st.lists(st.floats(0.0, 1.0, allow_nan=False), min_size=2, max_size=12)
ropes = st.floats(0.0, 0.2, allow_nan=False)


def _check_probabilities(r: BayesianComparison) -> None:
    values = (r.p_a_better, r.p_equivalent, r.p_b_better)
    assert all(0.0 <= v <= 1.0 for v in values)
    assert sum(values) == pytest.approx(1.0, abs=1e-9)
    if r.rope == 0:
        assert r.p_equivalent == 0.0


@given(data=st.data(), rope=ropes, wider=st.floats(0.0, 0.2), prior=st.floats(0.05, 5.0))
def test_properties_of_the_monte_carlo_tests(data, rope, wider, prior):
    a = np.array(data.draw(scores))
    b = np.array(data.draw(st.lists(st.floats(0.0, 1.0), min_size=len(a), max_size=len(a))))
    for test in (signed_rank, sign):
        r = test(a, b, rope=rope, prior=prior, samples=500, rng=5)
        _check_probabilities(r)
        swapped = test(b, a, rope=rope, prior=prior, samples=500, rng=5)
        # same draws: the swap mirrors every sample (to the last bit for the sign test; the
        # signed-rank test sums in another order, so a sample whose θ_left and θ_right agree
        # to rounding may flip: one sample at most in these small cases)
        slack = 0.0 if test is sign else 1.5 / 500
        assert swapped.p_a_better == pytest.approx(r.p_b_better, abs=slack + 1e-12)
        assert swapped.p_b_better == pytest.approx(r.p_a_better, abs=slack + 1e-12)
        assert swapped.p_equivalent == pytest.approx(r.p_equivalent, abs=slack + 1e-12)
        broader = test(a, b, rope=rope + wider, prior=prior, samples=500, rng=5)
        assert broader.p_equivalent >= r.p_equivalent


@given(data=st.data(), rope=ropes, wider=st.floats(0.0, 0.2), runs=st.sampled_from([1, 2]))
def test_properties_of_correlated_t(data, rope, wider, runs):
    a = np.array(data.draw(st.lists(st.floats(0.0, 1.0), min_size=4, max_size=4)) * runs)
    b = np.array(data.draw(st.lists(st.floats(0.0, 1.0), min_size=len(a), max_size=len(a))))
    r = correlated_t(a, b, rope=rope, runs=runs)
    _check_probabilities(r)
    swapped = correlated_t(b, a, rope=rope, runs=runs)
    assert swapped.p_a_better == pytest.approx(r.p_b_better, abs=1e-12)
    assert swapped.p_b_better == pytest.approx(r.p_a_better, abs=1e-12)
    assert correlated_t(a, b, rope=rope + wider, runs=runs).p_equivalent >= r.p_equivalent - 1e-12


counts = st.integers(0, 60)


@given(
    cells=st.tuples(counts, counts, counts, counts),
    rope=ropes,
    wider=st.floats(0.0, 0.2),
    prior=st.floats(0.1, 3.0),
)
def test_properties_of_paired_accuracy(cells, rope, wider, prior):
    a, b, c, d = cells
    if a + b + c + d == 0:
        a = 1
    r = paired_accuracy([[a, b], [c, d]], rope=rope, prior=prior)
    _check_probabilities(r)
    swapped = paired_accuracy([[a, c], [b, d]], rope=rope, prior=prior)
    assert swapped.p_a_better == pytest.approx(r.p_b_better, abs=1e-8)
    assert swapped.p_b_better == pytest.approx(r.p_a_better, abs=1e-8)
    broader = paired_accuracy([[a, b], [c, d]], rope=rope + wider, prior=prior)
    assert broader.p_equivalent >= r.p_equivalent - 1e-8  # quad's tolerance


# --------------------------------------------------------------------------------------------
# result, plots and bad inputs


def test_result_is_frozen_and_readable():
    r = correlated_t(FOLDS_A, FOLDS_B, rope=0.01)
    with pytest.raises(AttributeError):
        r.rope = 0.02
    text = repr(r)
    assert "Bayesian correlated t-test" in text and "p_a_better=" in text and "rope=0.01" in text
    assert str(r).startswith("Bayesian correlated t-test (Corani & Benavoli 2015): P(A better)")
    assert isinstance(r.p_a_better, float)


def test_plots_draw_without_error():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ax = plot_posterior(correlated_t(FOLDS_A, FOLDS_B, rope=0.01))
    assert ax.get_xlabel() and ax.get_ylabel() and ax.get_title() and ax.get_legend()
    plot_posterior(paired_accuracy([[265, 10], [2, 8]], rope=0.01))
    result = signed_rank(MANY_A, MANY_B, rope=0.01, samples=2000, rng=0)
    ax = plot_simplex(result, points=500, names=("forest", "tree"))
    legend = [text.get_text() for text in ax.get_legend().get_texts()]
    assert legend == [
        f"tree better: {result.p_b_better:.3f}",
        f"equivalent: {result.p_equivalent:.3f}",
        f"forest better: {result.p_a_better:.3f}",
    ]
    with pytest.raises(ValueError, match="plot_simplex"):
        plot_posterior(sign(MANY_A, MANY_B, samples=10, rng=0))
    with pytest.raises(ValueError, match="signed_rank or sign"):
        plot_simplex(correlated_t(FOLDS_A, FOLDS_B))
    plt.close("all")


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: correlated_t([0.9, 0.8], [0.9]), ValueError, "same length"),
        (lambda: correlated_t([0.9, np.nan], [0.9, 0.8]), ValueError, "scores_a must hold finite"),
        (lambda: correlated_t([0.9, 0.8], [0.9, np.inf]), ValueError, "scores_b must hold finite"),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], rope=-0.01), ValueError, "rope must be"),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], rope=np.nan), ValueError, "rope"),
        (lambda: correlated_t([0.9, 0.8, 0.7], [0.7, 0.8, 0.6], runs=2), ValueError, "runs must"),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], runs=2), ValueError, "at least 2 folds"),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], runs=0), ValueError, "runs"),
        (lambda: correlated_t([], []), ValueError, "scores_a must not be empty"),
        (lambda: correlated_t([[0.9]], [[0.8]]), ValueError, "one-dimensional"),
        (lambda: correlated_t("abc", [0.8]), TypeError, "scores_a"),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], rope="0.1"), TypeError, "rope"),
        (lambda: signed_rank([0.9, 0.8], [0.7, 0.8], prior=0), ValueError, "prior must be"),
        (lambda: signed_rank([0.9, 0.8], [0.7, 0.8], prior=-1), ValueError, "prior"),
        (lambda: signed_rank([0.9, 0.8], [0.7, 0.8], samples=0), ValueError, "samples"),
        (lambda: signed_rank([0.9, 0.8], [0.7, 0.8], samples=2.5), ValueError, "samples"),
        (lambda: signed_rank([0.9, 0.8], [0.7, 0.8], rng=1.5), TypeError, "rng"),
        (lambda: signed_rank([0.9, 0.8], [0.7], rng=1), ValueError, "same length"),
        (lambda: sign([0.9, 0.8], [0.7, 0.8], prior=0.0), ValueError, "prior must be"),
        (lambda: sign([0.9, 0.8], [0.7, 0.8], samples=0), ValueError, "samples"),
        (lambda: sign([0.9, 0.8], [0.7, 0.8], rope=-1), ValueError, "rope"),
        (lambda: sign([0.9, np.nan], [0.7, 0.8]), ValueError, "scores_a"),
        (lambda: paired_accuracy([[1, 2, 3]]), ValueError, "table must be the 2×2"),
        (lambda: paired_accuracy([[1, -2], [3, 4]]), ValueError, "table"),
        (lambda: paired_accuracy([[1, 2.5], [3, 4]]), ValueError, "table"),
        (lambda: paired_accuracy([[0, 0], [0, 0]]), ValueError, "at least one"),
        (lambda: paired_accuracy([[1, 2], [3, 4]], prior=0), ValueError, "prior"),
        (lambda: paired_accuracy([[1, 2], [3, 4]], rope=-0.1), ValueError, "rope"),
    ],
)
def test_bad_inputs_name_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()
