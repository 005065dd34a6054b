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
import warnings

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


DESIGNS = [  # (keyword arguments, the ρ they mean)
    ({"runs": 1, "folds": 20}, 1 / 20),
    ({"runs": 2, "folds": 10}, 1 / 10),
    ({"runs": 4, "folds": 5}, 1 / 5),
    ({"test_fraction": 1 / 3}, 1 / 3),
    ({"rho": 0.0}, 0.0),
    ({"rho": 0.25}, 0.25),
]


@pytest.mark.parametrize("rope", [0.0, 0.01, 0.02])
@pytest.mark.parametrize(("design", "rho"), DESIGNS)
def test_correlated_t_matches_its_closed_form(rope, design, rho):
    x = FOLDS_A - FOLDS_B
    n = len(x)
    # Corani & Benavoli (2015): St(n − 1, x̄, (1/n + ρ/(1 − ρ)) σ̂²)
    scale = np.sqrt((1 / n + rho / (1 - rho)) * np.sum((x - x.mean()) ** 2) / (n - 1))
    left = stats.t.cdf((-rope - x.mean()) / scale, n - 1)
    right = stats.t.sf((rope - x.mean()) / scale, n - 1)
    r = correlated_t(FOLDS_A, FOLDS_B, rope=rope, **design)
    assert r.p_b_better == pytest.approx(left, rel=1e-12, abs=1e-15)
    assert r.p_a_better == pytest.approx(right, rel=1e-12, abs=1e-15)
    assert r.p_equivalent == pytest.approx(1 - left - right, abs=1e-12)
    assert r.details["rho"] == pytest.approx(rho)
    assert r.details["scale"] == pytest.approx(scale, rel=1e-12)
    if rope == 0:
        assert r.p_equivalent == 0.0


@pytest.mark.parametrize(
    ("design", "n_train", "n_test"),
    [
        ({"runs": 1, "folds": 20}, 19 * 200, 200),  # 20 folds of 200 items: n_test/n_train = 1/19
        ({"runs": 2, "folds": 10}, 9 * 57, 57),
        ({"test_fraction": 190 / 569}, 379, 190),  # 2/3–1/3 splits of 569 items
    ],
)
def test_correlated_t_rope0_is_the_corrected_resampled_t_one_sided_p(design, n_train, n_test):
    freq = corrected_resampled_t(FOLDS_A, FOLDS_B, n_train=n_train, n_test=n_test)
    one_sided = stats.t.sf(freq.statistic, freq.df)  # p-value for "A better"
    r = correlated_t(FOLDS_A, FOLDS_B, **design)
    assert r.p_b_better == pytest.approx(one_sided, rel=1e-10)


@pytest.mark.parametrize(("design", "rho"), [d for d in DESIGNS if "rho" not in d[0]])
def test_correlated_t_and_the_corrected_t_take_the_same_inputs_in_the_same_order(design, rho):
    # issue 57: one convention, (scores_a, scores_b, *, design) for both; rope 0 → P(B better)
    # is the corrected t's one-sided p-value for "A better"
    freq = corrected_resampled_t(FOLDS_A, FOLDS_B, **design)
    r = correlated_t(FOLDS_A, FOLDS_B, **design)
    assert r.p_b_better == pytest.approx(stats.t.sf(freq.statistic, freq.df), rel=1e-10)
    assert freq.details["test_to_train"] == pytest.approx(rho / (1 - rho), rel=1e-12)


@pytest.mark.parametrize("rope", [0.0, 0.01])
def test_correlated_t_with_error_rates_and_higher_is_better_false(rope):
    # the same classifiers as error rates: A better is now a lower score
    acc = correlated_t(FOLDS_A, FOLDS_B, rope=rope, runs=2, folds=10)
    err = correlated_t(
        1 - FOLDS_A, 1 - FOLDS_B, rope=rope, runs=2, folds=10, higher_is_better=False
    )
    assert err.p_a_better == pytest.approx(acc.p_a_better, rel=1e-9, abs=1e-15)
    assert err.p_b_better == pytest.approx(acc.p_b_better, rel=1e-9, abs=1e-15)
    assert err.p_equivalent == pytest.approx(acc.p_equivalent, abs=1e-12)
    assert err.details["mean"] == pytest.approx(-acc.details["mean"])
    assert err.details["higher_is_better"] is False and acc.details["higher_is_better"] is True
    # without the flag, error rates read as accuracies give the mirror image (the old trap)
    wrong = correlated_t(1 - FOLDS_A, 1 - FOLDS_B, rope=rope, runs=2, folds=10)
    assert wrong.p_a_better == pytest.approx(acc.p_b_better, rel=1e-9, abs=1e-15)
    # a point mass (all differences equal) follows the flag too
    same = correlated_t([0.1, 0.2], [0.15, 0.25], rope=rope, rho=0.1, higher_is_better=False)
    assert (same.p_a_better, same.p_b_better) == (1.0, 0.0)
    with pytest.raises(TypeError, match="higher_is_better must be True"):
        correlated_t(FOLDS_A, FOLDS_B, runs=2, folds=10, higher_is_better="no")


def differences_with(mean: float, sd: float, n: int, seed: int) -> np.ndarray:
    """n differences with exactly this mean and sample standard deviation (ddof 1)."""
    z = np.random.default_rng(seed).standard_normal(n)
    return mean + sd * (z - z.mean()) / z.std(ddof=1)


def test_correlated_t_refuses_a_call_that_does_not_name_the_design():
    # regression (issue 43, point 3): the old code silently took ρ = 1/n ("one k-fold run")
    with pytest.raises(ValueError, match=r"give rho=, test_fraction=.*ρ is the correlation"):
        correlated_t(FOLDS_A, FOLDS_B)
    with pytest.raises(ValueError, match=r"runs and folds go together.*folds is missing"):
        correlated_t(FOLDS_A, FOLDS_B, runs=2)
    with pytest.raises(ValueError, match=r"got test_fraction and runs and folds"):
        correlated_t(FOLDS_A, FOLDS_B, test_fraction=0.1, runs=2, folds=10)
    with pytest.raises(TypeError):
        correlated_t(FOLDS_A, FOLDS_B, 0.01, 2)  # the old positional runs


def test_correlated_t_random_splits_use_the_test_fraction():
    # issue 43's example: 30 random 2/3–1/3 splits, mean difference −0.0118 and sample SD 0.0346
    # (the summary statistics that its numbers imply). ρ = 1/3 gives a posterior scale of
    # 0.0253 and P(B better) = the corrected t's one-sided p 0.32; the old ρ = 1/30 gave 0.0090
    # and 0.10.
    a = 0.93 + differences_with(0.0118, 0.0346, 30, seed=3)
    b = np.full(30, 0.93)
    r = correlated_t(a, b, test_fraction=1 / 3)
    assert r.details["scale"] == pytest.approx(0.0253, abs=5e-5)
    assert r.p_b_better == pytest.approx(0.32, abs=0.005)
    freq = corrected_resampled_t(a, b, test_fraction=1 / 3)  # the same call as correlated_t's
    assert r.p_b_better == pytest.approx(stats.t.sf(freq.statistic, freq.df), rel=1e-10)
    old = correlated_t(a, b, rho=1 / 30)  # what the old default computed
    assert old.details["scale"] == pytest.approx(0.0090, abs=5e-5)
    assert old.p_b_better == pytest.approx(0.10, abs=0.005)


def test_correlated_t_repeated_kfold_needs_runs_and_folds():
    # issue 43's example: 10 × 10-fold CV scores whose corrected t is 0.501 (99 df) give
    # P(A better) = 0.691 with runs=10, folds=10; the old default (runs=1: ρ = 1/100) gave 0.889
    n = 100
    sd = 0.03
    scale = sd * np.sqrt(1 / n + 1 / 9)
    a = 0.9 + differences_with(0.501 * scale, sd, n, seed=4)
    b = np.full(n, 0.9)
    r = correlated_t(a, b, runs=10, folds=10)
    assert r.p_a_better == pytest.approx(0.691, abs=5e-4)
    assert r.details["runs"] == 10 and r.details["folds"] == 10
    assert correlated_t(a, b, runs=1, folds=100).p_a_better == pytest.approx(0.889, abs=5e-4)


def test_correlated_t_warns_about_a_rope_wider_than_the_scores():
    with pytest.warns(UserWarning, match=r"rope=1 is wider than the spread of the scores"):
        correlated_t(FOLDS_A, FOLDS_B, rope=1, runs=1, folds=20)
    spread = max(FOLDS_A.max(), FOLDS_B.max()) - min(FOLDS_A.min(), FOLDS_B.min())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        correlated_t(FOLDS_A, FOLDS_B, rope=spread, runs=1, folds=20)  # no warning at the edge


def test_correlated_t_equal_differences_is_a_point_mass():
    r = correlated_t([0.5, 0.75, 0.25], [0.25, 0.5, 0.0], rope=0.01, runs=1, folds=3)
    assert (r.p_a_better, r.p_equivalent, r.p_b_better) == (1.0, 0.0, 0.0)
    r = correlated_t([0.9, 0.8], [0.9, 0.8], runs=1, folds=2)
    assert (r.p_a_better, r.p_equivalent, r.p_b_better) == (0.5, 0.0, 0.5)
    r = correlated_t([0.9, 0.8], [0.9, 0.8], rope=0.01, test_fraction=0.5)
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
    got = r.probabilities  # A first; the independent routes give (B better, rope, A better)
    for p, q in zip(got, expected[::-1], strict=True):
        assert abs(p - q) <= mc_tolerance(q, samples, samples)
    assert r.details["standard_error"] <= 0.5 / math.sqrt(samples)


@pytest.mark.parametrize(("rope", "prior"), [(0.0, 1.0), (0.01, 1.0), (0.03, 0.5), (0.005, 4.0)])
def test_sign_matches_its_closed_dirichlet_form(rope, prior):
    samples = 40000
    r = sign(MANY_A, MANY_B, rope=rope, prior=prior, samples=samples, rng=1)
    expected = independent_sign(MANY_A - MANY_B, rope, prior, samples, seed=99)
    for p, q in zip(r.probabilities, expected[::-1], strict=True):
        assert abs(p - q) <= mc_tolerance(q, samples, samples)
    z = MANY_A - MANY_B
    assert r.details["n_b_better"] == np.sum(z < -rope)
    assert r.details["n_a_better"] == np.sum(z > rope)
    assert r.details["n_equivalent"] == np.sum(np.abs(z) <= rope)


def test_sign_posterior_means_are_the_dirichlet_means():
    # E[θ] of Dirichlet(n_left, n_rope + s, n_right) is the parameter over the total
    z = MANY_A - MANY_B
    rope, prior = 0.01, 1.0
    # columns (θ_A better, θ_rope, θ_B better), as baycomp's samples
    counts = np.array([np.sum(z > rope), np.sum(np.abs(z) <= rope) + prior, np.sum(z < -rope)])
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
    expected = [np.mean(diff > rope), np.mean(np.abs(diff) <= rope), np.mean(diff < -rope)]
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


@pytest.mark.parametrize(("strength", "expected"), [(1.0, 0.894), (0.5, 0.934), (0.1, 0.975)])
def test_paired_accuracy_prior_sensitivity_of_issue_43(strength, expected):
    # the uniform prior (s = 1) expects half of the items to be discordant; with 3 : 0
    # discordant items of 50 the verdict at 0.95 depends on s
    r = paired_accuracy([[45, 3], [0, 2]], rope=0.01, prior=strength)
    assert r.p_a_better == pytest.approx(expected, abs=5e-4)
    assert r.details["prior_discordance"] == 0.5
    (a, b), (c, d) = (45, 3), (0, 2)
    theta = np.random.default_rng(11).dirichlet(np.array([a, b, c, d]) + strength, 200000)
    simulated = np.mean(theta[:, 1] - theta[:, 2] > 0.01)
    assert abs(r.p_a_better - simulated) <= mc_tolerance(simulated, 200000, 10**12)


def test_paired_accuracy_no_disagreement_is_not_equivalence_under_the_uniform_prior():
    assert paired_accuracy([[100, 0], [0, 0]], 0.01).p_equivalent == pytest.approx(0.645, abs=5e-4)
    assert paired_accuracy([[100, 0], [0, 0]], 0.01, 0.1).p_equivalent == pytest.approx(
        0.956, abs=5e-4
    )


def test_paired_accuracy_cell_prior_is_the_dirichlet_with_those_pseudo_counts():
    prior = np.array([[1.8, 0.1], [0.1, 2.0]])  # 4 pseudo-items, 5 % of them discordant
    table = np.array([[45, 3], [0, 2]])
    r = paired_accuracy(table, rope=0.01, prior=prior)
    assert r.details["prior_discordance"] == pytest.approx(0.05)
    assert r.details["prior"] == (1.8, 0.1, 0.1, 2.0)
    theta = np.random.default_rng(12).dirichlet((table + prior).ravel(), 200000)
    diff = theta[:, 1] - theta[:, 2]
    expected = [np.mean(diff > 0.01), np.mean(np.abs(diff) <= 0.01), np.mean(diff < -0.01)]
    for p, q in zip(r.probabilities, expected, strict=True):
        assert abs(p - q) <= mc_tolerance(q, 200000, 10**12)
    same = paired_accuracy(table, rope=0.01, prior=np.full((2, 2), 0.5))
    assert same.p_a_better == paired_accuracy(table, rope=0.01, prior=0.5).p_a_better
    assert same.details["prior"] == 0.5


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
    design = {"runs": runs, "folds": 4}
    spread = max(a.max(), b.max()) - min(a.min(), b.min())
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        r = correlated_t(a, b, rope=rope, **design)
        swapped = correlated_t(b, a, rope=rope, **design)
        broader = correlated_t(a, b, rope=rope + wider, **design)
    # a warning exactly for the calls whose ROPE is wider than the range of the scores
    expected = 2 * (rope > spread) + (rope + wider > spread)
    assert sum(issubclass(w.category, UserWarning) for w in caught) == expected
    _check_probabilities(r)
    assert swapped.p_a_better == pytest.approx(r.p_b_better, abs=1e-12)
    assert swapped.p_b_better == pytest.approx(r.p_a_better, abs=1e-12)
    assert broader.p_equivalent >= r.p_equivalent - 1e-12


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
    r = correlated_t(FOLDS_A, FOLDS_B, rope=0.01, runs=1, folds=20)
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

    ax = plot_posterior(correlated_t(FOLDS_A, FOLDS_B, rope=0.01, runs=1, folds=20))
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
        plot_simplex(correlated_t(FOLDS_A, FOLDS_B, rho=0.05))
    plt.close("all")


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: correlated_t([0.9, 0.8], [0.9], rho=0.1), ValueError, "same length"),
        (
            lambda: correlated_t([0.9, np.nan], [0.9, 0.8], rho=0.1),
            ValueError,
            "scores_a must hold",
        ),
        (
            lambda: correlated_t([0.9, 0.8], [0.9, np.inf], rho=0.1),
            ValueError,
            "scores_b must hold",
        ),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], -0.01, rho=0.1), ValueError, "rope must be"),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], np.nan, rho=0.1), ValueError, "rope"),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8]), ValueError, "give rho=, test_fraction="),
        (
            lambda: correlated_t([0.9, 0.8], [0.7, 0.8], rho=1.0),
            ValueError,
            r"rho must be .*\[0, 1\)",
        ),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], rho=-0.1), ValueError, "rho must be"),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], rho="0.1"), TypeError, "rho must be a real"),
        (
            lambda: correlated_t([0.9, 0.8], [0.7, 0.8], test_fraction=0),
            ValueError,
            "test_fraction",
        ),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], test_fraction=1), ValueError, r"\(0, 1\)"),
        (
            lambda: correlated_t([0.9, 0.8], [0.7, 0.8], rho=0.1, test_fraction=0.1),
            ValueError,
            "got rho and test_fraction",
        ),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], folds=2), ValueError, "runs is missing"),
        (
            lambda: correlated_t([0.9, 0.8, 0.7], [0.7, 0.8, 0.6], runs=2, folds=2),
            ValueError,
            r"runs × folds must equal the number of scores \(3\)",
        ),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], runs=2, folds=1), ValueError, "folds"),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], runs=0, folds=2), ValueError, "runs"),
        (lambda: correlated_t([0.9], [0.7], rho=0.1), ValueError, "at least 2 splits"),
        (lambda: correlated_t([], [], rho=0.1), ValueError, "scores_a must not be empty"),
        (lambda: correlated_t([[0.9]], [[0.8]], rho=0.1), ValueError, "one-dimensional"),
        (lambda: correlated_t("abc", [0.8], rho=0.1), TypeError, "scores_a"),
        (lambda: correlated_t([0.9, 0.8], [0.7, 0.8], "0.1", rho=0.1), TypeError, "rope"),
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
        (lambda: paired_accuracy([[1, 2], [3, 4]], prior=[1, 1]), ValueError, "prior must be one"),
        (lambda: paired_accuracy([[1, 2], [3, 4]], prior=[[1, 0], [1, 1]]), ValueError, "prior's"),
        (lambda: paired_accuracy([[1, 2], [3, 4]], prior="1"), TypeError, "prior"),
    ],
)
def test_bad_inputs_name_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()


# --------------------------------------------------------------------------------------------
# issue 44: the probabilities tuple in baycomp's order, Monte-Carlo error, rng, repr


def test_probabilities_tuple_is_ordered_as_baycomp():
    # baycomp (Benavoli, Corani, Demšar & Zaffalon 2017; janezd/baycomp, tests/test_single.py):
    # CorrelatedTTest.compute_statistics(x=[4, 2, 6], y=[5, 7, 3], runs=1) = (mean 1,
    # var (4² + 4²)/2 · (1/3 + 1/2), df 2) of y − x, and probs() = (p_left, p_rope, p_right)
    # with left = "x, the first classifier, better". Regression: the old tuple was B first.
    x, y = np.array([4.0, 2.0, 6.0]), np.array([5.0, 7.0, 3.0])
    mean, var, df = 1.0, (4**2 + 4**2) / 2 * (1 / 3 + 1 / 2), 2
    rope = 0.5
    p_left = stats.t.cdf(-rope, df, mean, math.sqrt(var))
    p_right = 1 - stats.t.cdf(rope, df, mean, math.sqrt(var))
    r = correlated_t(x, y, rope=rope, runs=1, folds=3)
    np.testing.assert_allclose(r.probabilities, [p_left, 1 - p_left - p_right, p_right], rtol=1e-12)
    assert r.probabilities == (r.p_a_better, r.p_equivalent, r.p_b_better)
    # baycomp's Posterior(mean, var=0, df=1, rope=2).probs() for a point mass at y − x = mean
    for diff, expected in [(42, (0, 0, 1)), (2, (0, 1, 0)), (-2, (0, 1, 0)), (-42, (1, 0, 0))]:
        a = np.array([0.0, 50.0])
        point = correlated_t(a, a + diff, rope=2, runs=1, folds=2)
        assert point.probabilities == expected


def test_monte_carlo_results_carry_their_standard_error():
    for test in (signed_rank, sign):
        r = test(MANY_A, MANY_B, rope=0.01, samples=4000, rng=2)
        worst = max(math.sqrt(p * (1 - p) / 4000) for p in r.probabilities)
        assert r.mc_standard_error == pytest.approx(worst)
        assert r.details["standard_error"] == r.mc_standard_error
        assert "mc_standard_error=" in repr(r) and "Monte-Carlo SE" in str(r)
    exact = correlated_t(FOLDS_A, FOLDS_B, rope=0.01, runs=1, folds=20)
    assert exact.mc_standard_error is None and "mc_standard_error" not in repr(exact)
    assert paired_accuracy([[265, 10], [2, 8]], rope=0.01).mc_standard_error is None


@pytest.mark.parametrize("test", [signed_rank, sign])
def test_rng_takes_none_an_int_or_a_generator(test):
    seeded = test(MANY_A, MANY_B, rope=0.01, samples=2000, rng=5)
    again = test(MANY_A, MANY_B, rope=0.01, samples=2000, rng=np.random.default_rng(5))
    assert seeded.probabilities == again.probabilities
    fresh = test(MANY_A, MANY_B, rope=0.01, samples=2000)  # rng=None: fresh entropy
    for p, q in zip(fresh.probabilities, seeded.probabilities, strict=True):
        assert abs(p - q) <= 10 * max(seeded.mc_standard_error, 1e-3)
    with pytest.raises(TypeError, match=r"rng must be None, a numpy\.random\.Generator"):
        test(MANY_A, MANY_B, rng=1.5)


def test_result_repr_is_short_and_has_an_html_table():
    r = signed_rank(MANY_A, MANY_B, rope=0.01, samples=20000, rng=1)
    text = repr(r)
    assert len(text) < 300 and "\n" not in text and "array" not in text  # no posterior samples
    page = r._repr_html_()
    assert page.startswith('<table class="evalkit-result">') and ">p_a_better</th>" in page
    assert "Benavoli" in page and "&amp;" not in text


def test_sign_counts_are_named_by_region():
    r = sign(MANY_A, MANY_B, rope=0.01, samples=1000, rng=0)
    z = MANY_A - MANY_B
    assert (r.details["n_a_better"], r.details["n_equivalent"], r.details["n_b_better"]) == (
        int(np.sum(z > 0.01)),
        int(np.sum(np.abs(z) <= 0.01)),
        int(np.sum(z < -0.01)),
    )
    assert r.posterior[:, 0].mean() > r.posterior[:, 2].mean()  # A better: column 0
