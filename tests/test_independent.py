"""Tests of evalkit.independent: rate difference, Fisher's exact test, χ², Sellke bound."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from evalkit.independent import (
    TIE_TOLERANCE,
    chi_square_2x2,
    fisher_exact,
    fisher_null_distribution,
    hypergeometric_pmf,
    posterior_null_probability,
    rate_difference,
    rejection_probability,
    sellke_bound,
)
from evalkit.results import Interval, TestResult

ALTERNATIVES = ("two-sided", "less", "greater")


def random_tables(rng: np.random.Generator, count: int, high: int) -> np.ndarray:
    """Random 2×2 tables with positive margins, many with zero cells."""
    tables = rng.integers(0, high, size=(count, 2, 2))
    zero = rng.random((count, 2, 2)) < 0.15
    tables = np.where(zero, 0, tables)
    ok = (tables.sum(axis=-1) > 0).all(axis=-1) & (tables.sum(axis=-2) > 0).all(axis=-1)
    return tables[ok]


# --------------------------------------------------------------------------------------------
# rate_difference (Tan eq. 4.14–4.15)


def test_rate_difference_tan_example():
    r = rate_difference(0.15, 30, 0.25, 5000)
    assert r.standard_error**2 == pytest.approx(0.15 * 0.85 / 30 + 0.25 * 0.75 / 5000)
    assert round(r.standard_error**2, 4) == 0.0043
    assert round(r.standard_error, 4) == 0.0655
    assert 1.96 * r.standard_error == pytest.approx(0.128, abs=5e-4)
    assert r.z == pytest.approx(-1.5272, abs=1e-4)
    assert 1 - r.pvalue == pytest.approx(0.8733, abs=1e-4)
    assert 1 - r.pvalue_one_sided == pytest.approx(0.9366, abs=1e-4)
    assert isinstance(r.interval, Interval) and r.interval.contains(0.0)
    assert isinstance(r.difference, float)


def test_rate_difference_against_direct_formula_on_grid():
    rates = np.linspace(0, 1, 11)
    sizes = np.array([1, 7, 30, 5000, 10**9])
    r1, n1, r2, n2 = np.meshgrid(rates, sizes, rates[::-1], sizes[::-1], indexing="ij")
    r = rate_difference(r1, n1, r2, n2, confidence=0.9)
    se = np.sqrt(r1 * (1 - r1) / n1 + r2 * (1 - r2) / n2)
    np.testing.assert_allclose(r.standard_error, se, rtol=1e-12)
    z90 = stats.norm.ppf(0.95)
    np.testing.assert_allclose(r.interval.low, r1 - r2 - z90 * se, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(r.interval.high, r1 - r2 + z90 * se, rtol=1e-12, atol=1e-15)
    positive = se > 0
    z = (r1 - r2)[positive] / se[positive]
    np.testing.assert_allclose(r.z[positive], z, rtol=1e-12)
    np.testing.assert_allclose(r.pvalue[positive], 2 * stats.norm.sf(np.abs(z)), rtol=1e-10)
    np.testing.assert_allclose(r.pvalue_greater[positive], stats.norm.sf(z), rtol=1e-10)
    # no variance at all: z is ±inf (p = 0), or 0 (p = 1) when the rates are equal too
    assert np.all(r.pvalue[~positive & (r1 != r2)] == 0)
    assert np.all(r.z[~positive & (r1 == r2)] == 0)
    assert np.all(r.pvalue[~positive & (r1 == r2)] == 1)


@settings(max_examples=100, deadline=None)
@given(
    st.floats(0.01, 0.99),
    st.integers(1, 10**6),
    st.floats(0.01, 0.99),
    st.integers(1, 10**6),
    st.floats(0.5, 0.999),
)
def test_interval_excludes_zero_exactly_when_two_sided_p_below_alpha(r1, n1, r2, n2, conf):
    r = rate_difference(r1, n1, r2, n2, confidence=conf)
    excludes = not r.interval.contains(0.0)
    margin = abs(r.pvalue - (1 - conf))
    if margin > 1e-9:
        assert excludes == (r.pvalue < 1 - conf)
    assert r.pvalue_greater + r.pvalue_less == pytest.approx(1.0)
    assert r.pvalue == pytest.approx(2 * r.pvalue_one_sided)


def test_rate_difference_interval_coverage_by_simulation():
    rng = np.random.default_rng(3)
    n1, n2, x1, x2 = 400, 600, 0.8, 0.7
    e1 = rng.binomial(n1, x1, size=20000) / n1
    e2 = rng.binomial(n2, x2, size=20000) / n2
    covered = rate_difference(e1, n1, e2, n2).interval.contains(x1 - x2)
    assert abs(covered.mean() - 0.95) < 0.01


# --------------------------------------------------------------------------------------------
# hypergeometric_pmf (Wolff eq. 22 in log space)


def test_hypergeometric_pmf_against_scipy_on_grid():
    for n, ka, k in [(87, 50, 100), (5, 3, 9), (0, 4, 7), (7, 7, 7), (20, 1, 40)]:
        nu = np.arange(0, ka + 3)
        ours = hypergeometric_pmf(nu, n, ka, k)
        np.testing.assert_allclose(ours, stats.hypergeom.pmf(nu, k, n, ka), rtol=1e-10, atol=0)
        assert ours.sum() == pytest.approx(1.0, rel=1e-12)


@pytest.mark.parametrize("k", [10**6, 10**8])
def test_hypergeometric_pmf_large_counts_against_mpmath(k):
    n, ka = int(0.87 * k), k // 2
    mpmath.mp.dps = 50
    for nu in (int(n * ka / k), int(n * ka / k) + k // 1000):
        exact = (
            mpmath.log(mpmath.binomial(n, nu))
            + mpmath.log(mpmath.binomial(k - n, ka - nu))
            - mpmath.log(mpmath.binomial(k, ka))
        )
        ours = hypergeometric_pmf(nu, n, ka, k, log=True)
        assert ours == pytest.approx(float(exact), rel=0, abs=1e-13 * k)


def test_hypergeometric_pmf_outside_support_is_zero():
    assert hypergeometric_pmf(6, 10, 5, 20, log=True) == -np.inf  # support 0..5
    assert hypergeometric_pmf(6, 10, 5, 20) == 0.0
    assert hypergeometric_pmf(0, 18, 5, 20) == 0.0  # at least 3 correct must fall in A


# --------------------------------------------------------------------------------------------
# fisher_exact against scipy.stats.fisher_exact and exact rational arithmetic


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_fisher_exact_matches_scipy_on_random_tables(alternative):
    rng = np.random.default_rng(3)
    tables = np.concatenate([random_tables(rng, 300, 12), random_tables(rng, 200, 300)])
    ours = fisher_exact(tables, alternative=alternative)
    expected = np.array([stats.fisher_exact(t, alternative=alternative).pvalue for t in tables])
    np.testing.assert_allclose(ours.pvalue, expected, rtol=1e-9, atol=1e-300)
    odds = np.array([stats.fisher_exact(t).statistic for t in tables])
    np.testing.assert_allclose(ours.estimate, odds, rtol=1e-12)
    assert ours.pvalue.shape == (len(tables),)


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_fisher_exact_huge_counts_match_scipy(alternative):
    tables = [
        [[470_000, 400_000], [30_000, 100_000]],
        [[436_000, 434_000], [64_000, 66_000]],
        [[10**6, 999_990], [3, 13]],
        [[5, 1_000_000], [0, 2_000_000]],
    ]
    for t in tables:
        ours = fisher_exact(t, alternative=alternative).pvalue
        ref = stats.fisher_exact(t, alternative=alternative).pvalue
        assert ours == pytest.approx(ref, rel=1e-6, abs=1e-300)


def exact_fisher(table):
    """Two-sided Fisher p-value in rational arithmetic (no tolerance needed)."""
    (a, b), (c, d) = table
    n, ka, k = a + b, a + c, a + b + c + d
    total = comb(k, ka)
    probs = {
        nu: Fraction(comb(n, nu) * comb(k - n, ka - nu), total)
        for nu in range(max(0, ka + n - k), min(n, ka) + 1)
    }
    observed = probs[a]
    return sum(p for p in probs.values() if p <= observed)


def test_fisher_two_sided_equals_exact_rational_enumeration_of_all_small_tables():
    tables = [
        [[a, b], [c, d]]
        for a in range(7)
        for b in range(7)
        for c in range(7)
        for d in range(7)
        if a + c > 0 and b + d > 0 and a + b > 0 and c + d > 0
    ]
    ours = fisher_exact(tables).pvalue
    exact = np.array([float(exact_fisher(t)) for t in tables])
    np.testing.assert_allclose(ours, exact, rtol=1e-10)


def test_fisher_ties_are_counted_mirror_image_included():
    # K_A = K_B: the mirror image ν ↔ n − ν is exactly as probable as the observed table
    dist = fisher_null_distribution([[47, 40], [3, 10]])
    assert dist.values[dist.counted].tolist() == [37, 38, 39, 40, 47, 48, 49, 50]
    pmf = dict(zip(dist.values.tolist(), dist.pmf, strict=True))
    assert pmf[40] == pytest.approx(pmf[47], rel=TIE_TOLERANCE)
    assert dist.pvalue == pytest.approx(dist.pmf[dist.counted].sum(), rel=1e-12)
    # a large symmetric table: mirror images must still be counted despite rounding
    big = fisher_null_distribution([[4_400, 4_300], [600, 700]])
    mirrored = big.values[big.counted]
    assert set((8_700 - mirrored).tolist()) == set(mirrored.tolist())


def test_fisher_worked_examples_and_fields():
    r = fisher_exact([[47, 40], [3, 10]])
    assert isinstance(r, TestResult)
    assert round(r.details["p_observed"], 3) == 0.028
    assert round(r.pvalue, 3) == 0.071
    assert round(fisher_exact([[94, 80], [6, 20]]).pvalue, 3) == 0.005
    assert r.statistic == 47.0 and r.method == "Fisher's exact test"
    assert r.details["difference"] == pytest.approx(0.14)
    assert r.estimate == pytest.approx(47 * 10 / (40 * 3))


def test_fisher_vectorized_equals_one_by_one_and_keeps_shape():
    rng = np.random.default_rng(3)
    tables = random_tables(rng, 40, 30)[:24].reshape(2, 3, 4, 2, 2)
    for alternative in ALTERNATIVES:
        stack = fisher_exact(tables, alternative=alternative)
        assert stack.pvalue.shape == (2, 3, 4)
        singles = [
            fisher_exact(t, alternative=alternative).pvalue for t in tables.reshape(-1, 2, 2)
        ]
        np.testing.assert_allclose(stack.pvalue.reshape(-1), singles, rtol=1e-13)


def test_fisher_mixed_batch_small_and_huge_table():
    tables = np.array([[[3, 1], [1, 3]], [[470_000, 400_000], [30_000, 100_000]], [[2, 5], [9, 0]]])
    mixed = fisher_exact(tables).pvalue
    singles = [fisher_exact(t).pvalue for t in tables]
    np.testing.assert_allclose(mixed, singles, rtol=1e-13)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 60), min_size=4, max_size=4))
def test_fisher_symmetries(cells):
    table = np.array(cells).reshape(2, 2)
    if (table.sum(0) == 0).any() or (table.sum(1) == 0).any():
        return
    two = fisher_exact(table).pvalue
    less = fisher_exact(table, "less").pvalue
    greater = fisher_exact(table, "greater").pvalue
    assert 0 < two <= 1 and 0 < less <= 1 and 0 < greater <= 1
    assert two >= min(less, greater) * (1 - 1e-12)  # the observed tail is always included
    swapped = table[:, ::-1]  # A ↔ B
    assert fisher_exact(swapped).pvalue == pytest.approx(two, rel=1e-9)
    assert fisher_exact(swapped, "less").pvalue == pytest.approx(greater, rel=1e-9)
    flipped = table[::-1, :]  # correct ↔ wrong
    assert fisher_exact(flipped, "greater").pvalue == pytest.approx(less, rel=1e-9)


# --------------------------------------------------------------------------------------------
# chi_square_2x2 against scipy.stats.chi2_contingency


@pytest.mark.parametrize("correction", [False, True])
def test_chi_square_matches_scipy(correction):
    rng = np.random.default_rng(3)
    tables = np.concatenate(
        [
            random_tables(rng, 200, 12),
            random_tables(rng, 200, 10**4),
            np.array([[[10**9, 10**9 - 5 * 10**4], [10**5, 2 * 10**5]]]),
        ]
    )
    ours = chi_square_2x2(tables, correction=correction)
    ref = [stats.chi2_contingency(t, correction=correction) for t in tables]
    np.testing.assert_allclose(ours.statistic, [r.statistic for r in ref], rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(ours.pvalue, [r.pvalue for r in ref], rtol=1e-8, atol=1e-300)
    np.testing.assert_allclose(
        ours.details["min_expected"], [r.expected_freq.min() for r in ref], rtol=1e-12
    )
    assert ours.df == 1.0


def test_chi_square_wolff_example_and_equation_24():
    r = chi_square_2x2([[47, 40], [3, 10]])
    assert r.statistic == pytest.approx(100 * (47 * 10 - 40 * 3) ** 2 / (50 * 50 * 87 * 13))
    assert round(r.statistic, 2) == 4.33 and round(r.pvalue, 3) == 0.037
    yates = chi_square_2x2([[47, 40], [3, 10]], correction=True)
    assert round(yates.statistic, 2) == 3.18 and round(yates.pvalue, 3) == 0.074
    assert r.details["min_count"] == 3.0
    assert "Yates" in yates.method and "Yates" not in r.method


def test_chi_square_yates_never_negative():
    # |ad − bc| < K/2: the corrected statistic is 0, not a squared negative number
    r = chi_square_2x2([[5, 5], [5, 6]], correction=True)
    assert r.statistic == 0.0 and r.pvalue == 1.0


# --------------------------------------------------------------------------------------------
# Sellke–Bayarri–Berger bound (Wolff footnote 6)


def test_sellke_bound_values():
    assert sellke_bound(0.05) == pytest.approx(-np.e * 0.05 * np.log(0.05))
    assert posterior_null_probability(0.05) == pytest.approx(0.2893, abs=1e-4)
    assert 1 - posterior_null_probability(0.05, prior_null=0.5) == pytest.approx(0.711, abs=5e-4)
    assert sellke_bound(0.0) == 0.0 and sellke_bound(1 / np.e) == 1.0 and sellke_bound(1.0) == 1.0
    p = np.linspace(0.001, 0.36, 50)
    assert np.all(np.diff(sellke_bound(p)) > 0)
    # P(H0 | data) = B·π/(1 − π) / (1 + B·π/(1 − π)); with π = 0.5 simply B/(1 + B)
    b = sellke_bound(p)
    np.testing.assert_allclose(posterior_null_probability(p), b / (1 + b), rtol=1e-12)
    assert posterior_null_probability(0.05, 0.9) > posterior_null_probability(0.05, 0.5)


# --------------------------------------------------------------------------------------------
# rejection_probability: exact enumeration against simulation and a scipy loop


def test_rejection_probability_against_scipy_loop():
    ka, kb, x = 6, 8, 0.6
    expected = 0.0
    for na in range(ka + 1):
        for nb in range(kb + 1):
            t = [[na, nb], [ka - na, kb - nb]]
            if 0 < na + nb < ka + kb and stats.fisher_exact(t).pvalue <= 0.05:
                expected += stats.binom.pmf(na, ka, x) * stats.binom.pmf(nb, kb, x)
    assert rejection_probability(ka, kb, x) == pytest.approx(expected, rel=1e-12)


@pytest.mark.parametrize("test", ["fisher", "chi2", "yates", "normal"])
def test_rejection_probability_against_seeded_simulation(test):
    rng = np.random.default_rng(3)
    ka, kb, xa, xb, reps = 25, 30, 0.8, 0.6, 40000
    na = rng.binomial(ka, xa, reps)
    nb = rng.binomial(kb, xb, reps)
    tables = np.stack([np.stack([na, nb], -1), np.stack([ka - na, kb - nb], -1)], -2)
    usable = (na + nb > 0) & (na + nb < ka + kb)
    tables = tables[usable]
    if test == "fisher":
        p = fisher_exact(tables).pvalue
    elif test == "normal":
        p = rate_difference(na[usable] / ka, ka, nb[usable] / kb, kb).pvalue
    else:
        p = chi_square_2x2(tables, correction=test == "yates").pvalue
    simulated = np.sum(p <= 0.05) / reps
    exact = rejection_probability(ka, kb, xa, xb, test=test)
    assert abs(simulated - exact) < 4 * np.sqrt(exact * (1 - exact) / reps)


def test_rejection_probability_fisher_never_exceeds_level_under_h0():
    rates = np.linspace(0.02, 0.98, 25)
    size = rejection_probability(15, 15, rates)
    assert size.shape == (25,) and np.all(size <= 0.05)
    assert rejection_probability(20, 20, 0.7, test="chi2") > 0.05  # χ² overshoots here


# --------------------------------------------------------------------------------------------
# bad input


@pytest.mark.parametrize(
    ("table", "error", "match"),
    [
        ([[1, -2], [3, 4]], ValueError, r"table must be a whole number ≥ 0; got -2"),
        ([[1, 2.5], [3, 4]], ValueError, r"table must be a whole number.*2\.5"),
        ([[1, np.nan], [3, 4]], ValueError, r"table must be a finite whole number"),
        ([[1, 2, 3], [3, 4, 5]], ValueError, r"table must be a 2×2 table.*shape \(2, 3\)"),
        ([1, 2, 3, 4], ValueError, r"table must be a 2×2 table.*shape \(4,\)"),
        ([[0, 2], [0, 4]], ValueError, r"table has an empty margin: the test-set size of A"),
        ([[0, 0], [3, 4]], ValueError, r"table has an empty margin: the number correct"),
        ([[1, 2], [0, 0]], ValueError, r"table has an empty margin: the number wrong"),
        ("table", TypeError, r"table must be a number"),
        ([[True, False], [True, True]], TypeError, r"table must be a number, not a boolean"),
    ],
)
@pytest.mark.parametrize("func", [fisher_exact, chi_square_2x2, fisher_null_distribution])
def test_bad_tables_rejected(func, table, error, match):
    with pytest.raises(error, match=match):
        func(table)


def test_bad_options_rejected():
    with pytest.raises(ValueError, match=r"alternative must be one of .*got 'both'"):
        fisher_exact([[1, 2], [3, 4]], alternative="both")
    with pytest.raises(ValueError, match=r"alternative must be one of"):
        fisher_null_distribution([[1, 2], [3, 4]], alternative="bigger")
    with pytest.raises(TypeError, match=r"correction must be True or False; got 'yes'"):
        chi_square_2x2([[1, 2], [3, 4]], correction="yes")
    with pytest.raises(ValueError, match=r"table must be a single 2×2 table"):
        fisher_null_distribution([[[1, 2], [3, 4]], [[1, 2], [3, 4]]])
    with pytest.raises(ValueError, match=r"empty margin.*\[\[0, 2\], \[0, 4\]\]"):
        fisher_exact([[[1, 2], [3, 4]], [[0, 2], [0, 4]]])


def test_table_too_large_for_enumeration_rejected():
    with pytest.raises(ValueError, match=r"table is too large for the exact test.*chi_square_2x2"):
        # the null distribution's relevant window has 1.7·10^9 values at K = 4·10^15
        fisher_exact([[10**15, 10**15], [10**15, 10**15]])


def test_bad_rate_difference_inputs():
    with pytest.raises(ValueError, match=r"rate1 must be a probability in \[0, 1\]; got 1\.5"):
        rate_difference(1.5, 30, 0.2, 40)
    with pytest.raises(ValueError, match=r"rate2 must be a probability"):
        rate_difference(0.5, 30, np.nan, 40)
    with pytest.raises(ValueError, match=r"size1 must be a whole number ≥ 1; got 0"):
        rate_difference(0.5, 0, 0.2, 40)
    with pytest.raises(ValueError, match=r"size2 must be a whole number.*40\.5"):
        rate_difference(0.5, 3, 0.2, 40.5)
    with pytest.raises(ValueError, match=r"confidence must be strictly between 0 and 1"):
        rate_difference(0.5, 30, 0.2, 40, confidence=95)
    with pytest.raises(ValueError, match=r"broadcastable shapes"):
        rate_difference([0.5, 0.4], 30, [0.2, 0.1, 0.3], 40)
    with pytest.raises(TypeError, match=r"rate1 must be a number"):
        rate_difference("0.5", 30, 0.2, 40)


def test_bad_hypergeometric_inputs():
    with pytest.raises(ValueError, match=r"correct_a must be a whole number ≥ 0; got -1"):
        hypergeometric_pmf(-1, 5, 5, 10)
    with pytest.raises(ValueError, match=r"correct_total must not exceed size_total"):
        hypergeometric_pmf(1, 11, 5, 10)
    with pytest.raises(ValueError, match=r"size_a must not exceed size_total"):
        hypergeometric_pmf(1, 5, 12, 10)
    with pytest.raises(ValueError, match=r"size_total must be a whole number ≥ 1; got 0"):
        hypergeometric_pmf(0, 0, 0, 0)
    with pytest.raises(ValueError, match=r"size_a must be a whole number.*2\.5"):
        hypergeometric_pmf(1, 5, 2.5, 10)


def test_bad_sellke_and_rejection_inputs():
    with pytest.raises(ValueError, match=r"pvalue must be a probability in \[0, 1\]; got 1\.2"):
        sellke_bound(1.2)
    with pytest.raises(ValueError, match=r"prior_null must be strictly between 0 and 1; got 1\.0"):
        posterior_null_probability(0.05, prior_null=1.0)
    with pytest.raises(ValueError, match=r"pvalue must be a probability"):
        posterior_null_probability(-0.1)
    with pytest.raises(ValueError, match=r"test must be one of 'fisher'.*got 'g'"):
        rejection_probability(5, 5, 0.5, test="g")
    with pytest.raises(ValueError, match=r"level must be strictly between 0 and 1"):
        rejection_probability(5, 5, 0.5, level=5)
    with pytest.raises(ValueError, match=r"size_b must be a whole number ≥ 1; got 0"):
        rejection_probability(5, 0, 0.5)
    with pytest.raises(ValueError, match=r"rate_b must be a probability"):
        rejection_probability(5, 5, 0.5, rate_b=2.0)
