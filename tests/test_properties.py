"""Property tests (hypothesis) across evalkit's estimators and tests.

The number of examples comes from the hypothesis profile (tests/conftest.py): "quick" (60, the
default, ``make test``) or "thorough" (2000, ``HYPOTHESIS_PROFILE=thorough``).

Already covered by the modules' own test files, and not repeated here:

* intervals lie around their estimate and grow with the confidence level, for every method of
  evalkit.intervals (tests/test_intervals.py::test_estimate_inside_and_monotone_in_confidence);
* swapping the two groups keeps Fisher's two-sided p and swaps the one-sided ones
  (tests/test_independent.py::test_fisher_symmetries, counts up to 60);
* AUC of the negated scores is 1 − AUC (tests/test_roc.py::test_auc_is_pair_count).

Added here: the successes ↔ failures mirror of every interval method (with K up to 10^9, the
own tests use a fixed grid), intervals inside [0, 1]; Fisher's symmetries at counts up to 10^6;
McNemar ignoring the concordant items; p-values in [0, 1] for every test; nesting in the
confidence level for the intervals of rate_difference, cv_paired_t and corrected_resampled_t;
monotonicity of the binomial CDF; sign and swap symmetries of the paired and resampling tests;
and for the modules finished later: confusion-matrix measures in [0, 1] (F between precision
and recall), AUC intervals containing the AUC inside [0, 1] and nesting, DeLong's p symmetric in
the two classifiers, Bonferroni/Holm adjusted p-values, Friedman's p-values and rank sums, the
percentile bootstrap nesting in the confidence level, and the paired accuracy difference
(evalkit.report) containing its estimate and mirroring when the classifiers swap.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from evalkit import bootstrap as boot
from evalkit import distributions as dist
from evalkit import independent as ind
from evalkit import intervals as ivl
from evalkit import metrics as met
from evalkit import multiple as mult
from evalkit import paired as prd
from evalkit import report as rep
from evalkit import resampling as rs
from evalkit import roc

ALTERNATIVES = ("two-sided", "less", "greater")
confidences = st.floats(0.5, 0.999)
rates = st.floats(0.0, 1.0)
finite_differences = st.floats(-1.0, 1.0, allow_nan=False, allow_subnormal=False)


@st.composite
def counts(draw, max_trials: int = 10**9):
    """(successes, trials) with trials drawn log-uniformly-ish and edges 0 and K often."""
    trials = draw(st.one_of(st.integers(1, 60), st.integers(1, max_trials)))
    successes = draw(st.one_of(st.sampled_from([0, trials]), st.integers(0, trials)))
    return successes, trials


def in_unit(p) -> bool:
    p = np.asarray(p, dtype=float)
    return bool(np.all((p >= 0.0) & (p <= 1.0)))


# --------------------------------------------------------------------------------------------
# intervals for a rate


@pytest.mark.parametrize("method", ivl.METHODS)
@given(pair=counts(), confidence=confidences)
def test_interval_mirrors_when_successes_and_failures_swap(method, pair, confidence):
    successes, trials = pair
    assume(method != "normal-rule" or trials >= 2)
    ci = ivl.interval(successes, trials, method, confidence)
    mirror = ivl.interval(trials - successes, trials, method, confidence)
    assert 0.0 <= ci.low <= ci.estimate <= ci.high <= 1.0
    assert ci.low == pytest.approx(1 - mirror.high, abs=1e-9)
    assert ci.high == pytest.approx(1 - mirror.low, abs=1e-9)
    assert ci.estimate == pytest.approx(1 - mirror.estimate, abs=1e-15)


@given(pair=counts(max_trials=2000), confidence=confidences)
def test_clopper_pearson_contains_every_other_exact_tail_interval(pair, confidence):
    # Clopper–Pearson is the widest of the equal-tailed beta-quantile intervals (Jeffreys and
    # the uniform-prior posterior use the same tails with more pseudo-counts): both lie inside
    successes, trials = pair
    cp = ivl.clopper_pearson(successes, trials, confidence)
    for other in (ivl.jeffreys, ivl.bayes_uniform):
        ci = other(successes, trials, confidence)
        assert cp.low <= ci.low + 1e-12 and ci.high <= cp.high + 1e-12


@pytest.mark.parametrize("method", ["clopper-pearson", "wilson", "jeffreys"])
@given(trials=st.integers(2, 300), p=rates, confidence=confidences)
def test_coverage_and_expected_width_are_probabilities(method, trials, p, confidence):
    cover = ivl.coverage(method, trials, p, confidence)
    width = ivl.expected_width(method, trials, p, confidence)
    assert in_unit(cover) and in_unit(width)
    if method == "clopper-pearson":
        assert cover >= confidence - 1e-9  # the exact interval never undercovers


@pytest.mark.parametrize("method", ivl.METHODS)
@given(h1=st.floats(0.002, 0.45), h2=st.floats(0.002, 0.45), rate=rates, c=confidences)
def test_trials_for_halfwidth_is_monotone_and_reaches_the_halfwidth(method, h1, h2, rate, c):
    small, large = sorted((h1, h2))
    k_small = ivl.trials_for_halfwidth(small, rate, c, method)
    k_large = ivl.trials_for_halfwidth(large, rate, c, method)
    assert k_small >= k_large >= 1  # a narrower interval never needs fewer items
    n = rate * k_large  # the function's convention: exactly the fraction `rate` right
    low, high = ivl._limits(method, np.array(n), np.array(float(k_large)), c)
    assert (high - low) / 2 <= large


# --------------------------------------------------------------------------------------------
# distributions


@given(
    trials=st.integers(0, 10**9),
    p=rates,
    q=rates,
    data=st.data(),
)
def test_binomial_cdf_is_a_monotone_probability(trials, p, q, data):
    k1 = data.draw(st.integers(0, trials))
    k2 = data.draw(st.integers(k1, trials))
    low, high = sorted((p, q))
    f_k1, f_k2 = dist.binomial_cdf([k1, k2], trials, low)
    assert in_unit([f_k1, f_k2]) and f_k1 <= f_k2 * (1 + 1e-12) + 1e-300
    # more successes are likelier when the rate is higher: F(k; p) falls as p grows
    assert dist.binomial_cdf(k1, trials, high) <= f_k1 * (1 + 1e-9) + 1e-300
    assert dist.binomial_pmf(k1, trials, low) <= f_k1 * (1 + 1e-9) + 1e-300


# --------------------------------------------------------------------------------------------
# two independent test sets


tables = st.lists(st.integers(0, 10**6), min_size=4, max_size=4).map(
    lambda cells: np.array(cells, dtype=np.int64).reshape(2, 2)
)


def has_margins(table: np.ndarray) -> bool:
    return bool((table.sum(axis=0) > 0).all() and (table.sum(axis=1) > 0).all())


@given(table=tables)
def test_fisher_symmetries_at_large_counts(table):
    assume(has_margins(table))
    lo = max(0, table[:, 0].sum() + table[0].sum() - table.sum())
    assume(min(table[0].sum(), table[:, 0].sum()) - lo < 200_000)  # keep the support quick
    result = {alt: ind.fisher_exact(table, alt).pvalue for alt in ALTERNATIVES}
    assert all(0.0 <= p <= 1.0 for p in result.values())
    swapped = table[:, ::-1]  # A ↔ B: the same two-sided p, one-sided ones swap
    assert ind.fisher_exact(swapped).pvalue == pytest.approx(result["two-sided"], rel=1e-6)
    assert ind.fisher_exact(swapped, "less").pvalue == pytest.approx(result["greater"], rel=1e-6)
    transposed = table.T  # the roles of rows and columns are interchangeable for the test
    assert ind.fisher_exact(transposed).pvalue == pytest.approx(result["two-sided"], rel=1e-6)


@given(table=tables, correction=st.booleans())
def test_chi_square_p_in_unit_interval_and_invariant_under_swaps(table, correction):
    assume(has_margins(table))
    r = ind.chi_square_2x2(table, correction)
    assert r.statistic >= 0 and 0.0 <= r.pvalue <= 1.0
    for moved in (table[:, ::-1], table[::-1, :], table.T):
        assert ind.chi_square_2x2(moved, correction).pvalue == pytest.approx(
            r.pvalue, rel=1e-9, abs=1e-300
        )


@given(r1=rates, n1=st.integers(1, 10**6), r2=rates, n2=st.integers(1, 10**6), c=confidences)
def test_rate_difference_p_values_symmetry_and_interval(r1, n1, r2, n2, c):
    r = ind.rate_difference(r1, n1, r2, n2, confidence=c)
    # 0/0 (equal rates with no variance, e.g. both 0, or both subnormal): z and p are NaN, a
    # known gap listed in test_bad_inputs.DEGENERATE
    assume(not (r.standard_error == 0 and r.difference == 0))
    assert in_unit([r.pvalue, r.pvalue_greater, r.pvalue_less])
    assert r.interval.low <= r.difference <= r.interval.high
    swapped = ind.rate_difference(r2, n2, r1, n1, confidence=c)
    assert swapped.difference == -r.difference
    assert swapped.pvalue == pytest.approx(r.pvalue, rel=1e-12, abs=1e-300)
    assert swapped.pvalue_less == pytest.approx(r.pvalue_greater, rel=1e-12, abs=1e-300)
    wider = ind.rate_difference(r1, n1, r2, n2, confidence=min(c + 0.0005, 0.9995))
    assert wider.interval.low <= r.interval.low and r.interval.high <= wider.interval.high


@given(p=rates, prior=st.floats(0.001, 0.999))
def test_sellke_and_posterior_null_are_probabilities(p, prior):
    bound = ind.sellke_bound(p)
    posterior = ind.posterior_null_probability(p, prior)
    assert 0.0 <= bound <= 1.0 and in_unit(posterior)
    # a smaller p-value never allows a larger lower bound on P(H0 | data)
    assert ind.posterior_null_probability(p / 2, prior) <= posterior + 1e-15


# --------------------------------------------------------------------------------------------
# the same test set: McNemar, Günter's tests, sign tests


@given(
    only1=st.integers(0, 200),
    only2=st.integers(0, 200),
    both_right=st.integers(0, 10**4),
    both_wrong=st.integers(0, 10**4),
    seed=st.integers(0, 2**32 - 1),
)
def test_mcnemar_ignores_the_concordant_items(only1, only2, both_right, both_wrong, seed):
    # items: b only-1-right, c only-2-right, plus any number of concordant ones, shuffled
    c1 = np.r_[np.ones(only1), np.zeros(only2), np.ones(both_right), np.zeros(both_wrong)]
    c2 = np.r_[np.zeros(only1), np.ones(only2), np.ones(both_right), np.zeros(both_wrong)]
    assume(c1.size > 0)
    order = np.random.default_rng(seed).permutation(c1.size)
    table = prd.agreement_table(c1[order], c2[order])
    assert table.tolist() == [[both_right, only1], [only2, both_wrong]]
    for method in prd.MCNEMAR_METHODS:
        with_concordant = prd.mcnemar(table[0, 1], table[1, 0], method)
        bare = prd.mcnemar(only1, only2, method)
        assert with_concordant.pvalue == bare.pvalue
        assert with_concordant.statistic == bare.statistic
        assert 0.0 <= bare.pvalue <= 1.0
        swapped = prd.mcnemar(only2, only1, method)  # two-sided: b ↔ c
        assert swapped.pvalue == pytest.approx(bare.pvalue, rel=1e-12)


@given(wins=st.integers(0, 10**6), extra=st.integers(0, 10**6))
def test_sign_test_p_values_and_mirror(wins, extra):
    trials = wins + extra
    p = {alt: prd.sign_test(wins, trials, alt).pvalue for alt in ALTERNATIVES}
    assert in_unit(list(p.values()))
    mirror = prd.sign_test(trials - wins, trials, "less").pvalue  # wins ↔ losses
    assert mirror == pytest.approx(p["greater"], rel=1e-9, abs=1e-300)
    assert p["two-sided"] == pytest.approx(
        min(1.0, 2 * min(p["greater"], p["less"])), rel=1e-12, abs=1e-300
    )


@st.composite
def guenter_rates(draw):
    size = draw(st.integers(2, 10**5))
    a, b, c = (draw(st.integers(0, size)) for _ in range(3))
    assume(a + b + c <= size)
    return (a + b) / size, (a + c) / size, a / size, size


@given(rates_=guenter_rates(), alternative=st.sampled_from(prd.ALTERNATIVES))
def test_guenter_tests_p_values_and_swap(rates_, alternative):
    r1, r2, r12, size = rates_
    flipped = {"greater": "less", "less": "greater", "two-sided": "two-sided"}[alternative]
    simple = prd.simple_test(r1, r2, size, alternative=alternative)
    assert 0.0 <= simple.pvalue <= 1.0
    swapped = prd.simple_test(r2, r1, size, alternative=flipped)
    assert swapped.pvalue == pytest.approx(simple.pvalue, rel=1e-9, abs=1e-300)
    for tail in ("normal", "t"):
        paired = prd.paired_test(r1, r2, r12, size, tail, alternative=alternative)
        assert 0.0 <= paired.pvalue <= 1.0
        other = prd.paired_test(r2, r1, r12, size, tail, alternative=flipped)
        assert other.statistic == pytest.approx(-paired.statistic, rel=1e-9)
        assert other.pvalue == pytest.approx(paired.pvalue, rel=1e-9, abs=1e-300)
    assert prd.paired_variance(r1, r2, r12) >= 0.0


@given(
    d=st.lists(st.floats(-1, 1, allow_subnormal=False), min_size=1, max_size=8),
    alternative=st.sampled_from(ALTERNATIVES),
)
def test_wilcoxon_p_in_unit_interval_and_sign_flip(d, alternative):
    # a coarse grid, so that ties and zeros occur (with ties, scipy enumerates 2^n sign patterns:
    # lists are kept short)
    d = np.round(np.array(d), 1)
    r = prd.wilcoxon_signed_rank(d, alternative)
    assert 0.0 <= r.pvalue <= 1.0
    flipped = {"greater": "less", "less": "greater", "two-sided": "two-sided"}[alternative]
    assert prd.wilcoxon_signed_rank(-d, flipped).pvalue == pytest.approx(r.pvalue, rel=1e-9)


# --------------------------------------------------------------------------------------------
# comparing learners by resampling


@given(
    d=st.lists(finite_differences, min_size=2, max_size=30),
    c=confidences,
    n_test=st.integers(1, 1000),
    n_train=st.integers(1, 10_000),
)
def test_resampled_t_tests_p_values_nesting_and_sign_flip(d, c, n_test, n_train):
    d = np.array(d)
    for result, negated, wider in (
        (rs.cv_paired_t(d, c), rs.cv_paired_t(-d, c), rs.cv_paired_t(d, min(c + 0.0005, 0.9995))),
        (
            rs.corrected_resampled_t(d, n_train, n_test, c),
            rs.corrected_resampled_t(-d, n_train, n_test, c),
            rs.corrected_resampled_t(d, n_train, n_test, min(c + 0.0005, 0.9995)),
        ),
    ):
        assert 0.0 <= result.pvalue <= 1.0
        assert result.interval.low <= result.estimate <= result.interval.high
        assert wider.interval.low <= result.interval.low
        assert result.interval.high <= wider.interval.high
        assert negated.statistic == -result.statistic
        assert negated.pvalue == pytest.approx(result.pvalue, rel=1e-9, abs=1e-300)
    # the correction only ever widens the interval and weakens the evidence
    plain, corrected = rs.cv_paired_t(d, c), rs.corrected_resampled_t(d, n_train, n_test, c)
    assert corrected.pvalue >= plain.pvalue * (1 - 1e-12)


@given(d=st.lists(finite_differences, min_size=10, max_size=10))
def test_five_by_two_tests_p_values(d):
    d = np.array(d).reshape(5, 2)
    t = rs.paired_t_5x2cv(d)
    f = rs.combined_f_5x2cv(d)
    assert 0.0 <= t.pvalue <= 1.0 and 0.0 <= f.pvalue <= 1.0 and f.statistic >= 0
    # F uses every difference squared: negating all of them changes nothing
    assert rs.combined_f_5x2cv(-d).pvalue == pytest.approx(f.pvalue, rel=1e-12)
    assert rs.paired_t_5x2cv(-d).pvalue == pytest.approx(t.pvalue, rel=1e-12)
    assert math.isfinite(f.pvalue) and math.isfinite(t.pvalue)


# --------------------------------------------------------------------------------------------
# modules finished later: metrics, roc, multiple, bootstrap, report


@st.composite
def confusions(draw):
    """A square confusion matrix (2 to 4 classes) with every row and column sum positive."""
    m = draw(st.integers(2, 4))
    cells = draw(st.lists(st.integers(0, 10**6), min_size=m * m, max_size=m * m))
    matrix = np.array(cells, dtype=float).reshape(m, m)
    assume((matrix.sum(axis=0) > 0).all() and (matrix.sum(axis=1) > 0).all())
    return matrix


@given(matrix=confusions(), beta=st.floats(0.1, 10))
def test_confusion_measures_are_rates_and_f_lies_between_precision_and_recall(matrix, beta):
    r, p, a = met.recall(matrix), met.precision(matrix), met.accuracy(matrix)
    f = met.f_measure(matrix, beta)
    assert in_unit(r) and in_unit(p) and in_unit(a) and in_unit(f)
    lo, hi = np.minimum(p, r), np.maximum(p, r)
    assert np.all((lo - 1e-12 <= f) & (f <= hi + 1e-12))  # a weighted harmonic mean of P and R
    # the transpose swaps the roles of true and predicted classes: recall ↔ precision
    np.testing.assert_allclose(met.recall(matrix.T), p, rtol=1e-12)
    assert met.accuracy(matrix.T) == pytest.approx(a, rel=1e-12)


@st.composite
def scored_labels(draw, min_per_class: int = 2):
    n_pos = draw(st.integers(min_per_class, 25))
    n_neg = draw(st.integers(min_per_class, 25))
    levels = draw(st.sampled_from([3, 10, 10**6]))  # few levels: many ties
    scores = draw(st.lists(st.integers(0, levels), min_size=n_pos + n_neg, max_size=n_pos + n_neg))
    labels = np.r_[np.ones(n_pos, dtype=int), np.zeros(n_neg, dtype=int)]
    return np.array(scores, dtype=float) / levels, labels


@pytest.mark.parametrize("method", ["delong", "delong-logit", "hanley-mcneil"])
@given(data=scored_labels(), c=confidences)
def test_auc_interval_contains_auc_lies_in_unit_interval_and_nests(method, data, c):
    scores, labels = data
    ci = roc.auc_interval(labels, scores, method=method, confidence=c)
    assert 0.0 <= ci.low <= ci.estimate <= ci.high <= 1.0
    assert ci.estimate == pytest.approx(roc.auc(labels, scores), abs=1e-15)
    wider = roc.auc_interval(labels, scores, method=method, confidence=min(c + 0.0005, 0.9995))
    assert wider.low <= ci.low + 1e-15 and ci.high <= wider.high + 1e-15


@given(data=scored_labels(), noise=st.lists(st.integers(-3, 3), min_size=50, max_size=50))
def test_delong_p_in_unit_interval_and_symmetric_in_the_two_classifiers(data, noise):
    scores1, labels = data
    scores2 = scores1 + np.array(noise[: scores1.size]) / 7
    r = roc.delong_test(labels, scores1, scores2)
    assert 0.0 <= r.pvalue <= 1.0
    swapped = roc.delong_test(labels, scores2, scores1)
    assert swapped.pvalue == pytest.approx(r.pvalue, rel=1e-9, abs=1e-300)
    assert swapped.statistic == pytest.approx(-r.statistic, rel=1e-9, abs=1e-12)


@given(
    substitutions=st.integers(0, 10**6),
    deletions=st.integers(0, 10**6),
    insertions=st.integers(0, 10**6),
    extra=st.integers(0, 10**6),
)
def test_word_accuracy_is_at_most_one_and_falls_with_every_error(
    substitutions, deletions, insertions, extra
):
    length = substitutions + deletions + extra
    assume(length >= 1)
    value = boot.word_accuracy(substitutions, deletions, insertions, length)
    assert value <= 1.0
    assert boot.word_accuracy(substitutions, deletions, insertions + 1, length) < value


@given(
    p=st.lists(rates, min_size=1, max_size=30),
    alpha=st.floats(0.001, 0.5),
)
def test_bonferroni_and_holm_adjusted_p_values(p, alpha):
    bonf, holm = mult.bonferroni(p, alpha), mult.holm(p, alpha)
    for result in (bonf, holm):
        assert in_unit(result.adjusted)
        assert np.all(result.adjusted >= np.asarray(p) - 1e-15)  # adjusting never helps
    assert np.all(holm.adjusted <= bonf.adjusted + 1e-15)  # Holm is uniformly more powerful
    assert np.all(holm.reject >= bonf.reject)  # so it rejects at least what Bonferroni rejects


@given(
    n=st.integers(2, 12),
    k=st.integers(2, 6),
    seed=st.integers(0, 2**32 - 1),
    ties=st.booleans(),
    tie_correction=st.booleans(),
)
def test_friedman_p_values_and_rank_sums(n, k, seed, ties, tie_correction):
    scores = np.random.default_rng(seed).random((n, k))
    if ties:
        scores = np.round(scores, 1)
    result = mult.friedman(scores, tie_correction=tie_correction)
    assert 0.0 <= result.chi2_pvalue <= 1.0 and 0.0 <= result.f_pvalue <= 1.0
    assert result.average_ranks.sum() == pytest.approx(k * (k + 1) / 2, rel=1e-12)
    assert np.all((1 <= result.average_ranks) & (result.average_ranks <= k))


@given(
    sample=st.lists(st.floats(-100, 100, allow_subnormal=False), min_size=2, max_size=40),
    c=st.floats(0.5, 0.99),
    seed=st.integers(0, 2**32 - 1),
)
def test_percentile_bootstrap_of_the_mean_nests_and_stays_within_the_data(sample, c, seed):
    sample = np.array(sample)
    ci = boot.bootstrap_interval(np.mean, sample, rounds=200, confidence=c, rng=seed)
    wider = boot.bootstrap_interval(
        np.mean, sample, rounds=200, confidence=min(c + 0.005, 0.995), rng=seed
    )
    assert sample.min() - 1e-9 <= ci.low <= ci.high <= sample.max() + 1e-9
    assert wider.low <= ci.low and ci.high <= wider.high  # same replicates, wider quantiles


@given(cells=st.lists(st.integers(0, 10**5), min_size=4, max_size=4), c=confidences)
def test_paired_accuracy_difference_contains_estimate_and_mirrors(cells, c):
    a, b, c_, d = cells
    assume(a + b + c_ + d > 0)
    ci = rep.paired_accuracy_difference([[a, b], [c_, d]], confidence=c)
    assert -1.0 <= ci.low <= ci.estimate <= ci.high <= 1.0
    mirror = rep.paired_accuracy_difference([[a, c_], [b, d]], confidence=c)  # 1 ↔ 2
    assert mirror.low == pytest.approx(-ci.high, abs=1e-12)
    assert mirror.high == pytest.approx(-ci.low, abs=1e-12)
