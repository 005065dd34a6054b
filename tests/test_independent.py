"""Tests of evalkit.independent: rate difference, Fisher's exact test, χ², Sellke bound."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import optimize, stats

from evalkit.independent import (
    DIFFERENCE_METHODS,
    TIE_TOLERANCE,
    boschloo_exact,
    chi_square_2x2,
    difference_coverage,
    difference_interval,
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


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 4),
    st.lists(st.integers(0, 3), min_size=1, max_size=30),
    st.sampled_from([1, 7, 50_000, 2**40]),
)
def test_distinct_rows_gives_every_row_back_and_no_row_twice(width, codes, top):
    # rows built from few values (0, 1, top − 1, top) so that rows repeat and the largest value
    # sits at the packing radix's edge; 50 000 and 2⁴⁰ need the row-by-row comparison
    from evalkit.independent import _distinct_rows

    values = np.array([0, 1, top - 1, top], dtype=np.int64)
    rng = np.random.default_rng(len(codes))
    columns = tuple(values[np.roll(codes, shift)] for shift in rng.integers(0, 5, width))
    distinct, inverse = _distinct_rows(*columns)
    for column, unique in zip(columns, distinct, strict=True):
        np.testing.assert_array_equal(unique[inverse], column)
    rows = set(zip(*(c.tolist() for c in distinct), strict=True))
    assert (
        len(rows) == distinct[0].size == len(set(zip(*(c.tolist() for c in columns), strict=True)))
    )


@pytest.mark.parametrize("scale", [1, 3000])  # 3000: counts too large for one packed key
@pytest.mark.parametrize("method", ["exact", "mid-p"])
def test_fisher_batch_with_repeated_tables_equals_one_by_one(scale, method):
    # a simulation repeats tables: each distinct table is computed once and its p-value, P(n_A)
    # and statistics must land on every copy, in the caller's order and shape
    rng = np.random.default_rng(11)
    distinct = random_tables(rng, 12, 25) * scale
    which = rng.integers(0, len(distinct), size=(5, 40))
    tables = distinct[which]
    for alternative in ALTERNATIVES:
        stack = fisher_exact(tables, alternative=alternative, method=method)
        assert stack.pvalue.shape == (5, 40)
        singles = [fisher_exact(t, alternative, method) for t in distinct]
        for field, one in (
            ("pvalue", [r.pvalue for r in singles]),
            ("p_observed", [r.details["p_observed"] for r in singles]),
        ):
            got = stack.pvalue if field == "pvalue" else stack.details[field]
            np.testing.assert_allclose(got, np.array(one)[which], rtol=1e-13, err_msg=field)
        np.testing.assert_array_equal(stack.statistic, tables[..., 0, 0])


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
        ([[3, 0], [4, 0]], ValueError, r"table has an empty margin: the test-set size of B"),
        ("table", TypeError, r"table must be a number"),
        ([[True, False], [True, True]], TypeError, r"table must be a number, not a boolean"),
    ],
)
@pytest.mark.parametrize(
    "func", [fisher_exact, chi_square_2x2, fisher_null_distribution, boschloo_exact]
)
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
    with pytest.raises(
        ValueError, match=r"test must be one of 'fisher'.*'mid-p', 'boschloo'.*got 'g'"
    ):
        rejection_probability(5, 5, 0.5, test="g")
    with pytest.raises(ValueError, match=r"level must be strictly between 0 and 1"):
        rejection_probability(5, 5, 0.5, level=5)
    with pytest.raises(ValueError, match=r"size_b must be a whole number ≥ 1; got 0"):
        rejection_probability(5, 0, 0.5)
    with pytest.raises(ValueError, match=r"rate_b must be a probability"):
        rejection_probability(5, 5, 0.5, rate_b=2.0)


# --------------------------------------------------------------------------------------------
# an empty row (all correct, or all wrong, in both experiments) is legitimate data


@pytest.mark.parametrize("table", [[[50, 50], [0, 0]], [[0, 0], [3, 4]], [[1, 2], [0, 0]]])
def test_all_correct_or_all_wrong_gives_p_one(table):
    for alternative in ALTERNATIVES:
        assert fisher_exact(table, alternative).pvalue == 1.0
        assert fisher_exact(table, alternative, method="mid-p").pvalue == 1.0
        assert boschloo_exact(table, alternative).pvalue == pytest.approx(1.0, abs=1e-12)
        assert stats.fisher_exact(table, alternative=alternative).pvalue == 1.0  # scipy agrees
    assert np.isnan(fisher_exact(table).estimate)  # odds ratio 0/0, as scipy
    dist = fisher_null_distribution(table)
    assert dist.values.size == 1 and dist.pmf[0] == pytest.approx(1.0) and dist.pvalue == 1.0
    with pytest.raises(ValueError, match=r"empty margin.*χ² statistic, which is 0/0.*p = 1"):
        chi_square_2x2(table)


# --------------------------------------------------------------------------------------------
# Fisher's mid-p test


def exact_fisher_mid_p(table, alternative="two-sided"):
    """Mid-p value in rational arithmetic: P(more extreme) + ½·P(exactly as extreme).

    Two-sided, "as extreme" is "exactly as probable" (Lancaster 1961; Hirji 2006); one-sided,
    only the observed ν is as extreme as itself.
    """
    (a, b), (c, d) = table
    n, ka, k = a + b, a + c, a + b + c + d
    probs = {
        nu: Fraction(comb(n, nu) * comb(k - n, ka - nu), comb(k, ka))
        for nu in range(max(0, ka + n - k), min(n, ka) + 1)
    }
    if alternative == "two-sided":
        more = sum(v for v in probs.values() if v < probs[a])
        tied = sum(v for v in probs.values() if v == probs[a])
    else:
        side = (lambda nu: nu < a) if alternative == "less" else (lambda nu: nu > a)
        more = sum(v for nu, v in probs.items() if side(nu))
        tied = probs[a]
    return more + tied / 2


def mid_p_by_scipy_hypergeom(table):
    """Independent route: the two-sided mid-p from scipy.stats.hypergeom's pmf, summed by hand."""
    (a, b), (c, d) = table
    n, ka, k = a + b, a + c, a + b + c + d
    support = np.arange(max(0, ka + n - k), min(n, ka) + 1)
    pmf = stats.hypergeom.pmf(support, k, n, ka)
    observed = stats.hypergeom.pmf(a, k, n, ka)
    tied = np.isclose(pmf, observed, rtol=1e-7, atol=0)
    return pmf[(pmf < observed) & ~tied].sum() + 0.5 * pmf[tied].sum()


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_mid_p_equals_exact_rational_value_on_all_small_tables(alternative):
    tables = [
        [[a, b], [c, d]]
        for a in range(6)
        for b in range(6)
        for c in range(6)
        for d in range(6)
        if min(a + c, b + d, a + b, c + d) > 0
    ]
    ours = fisher_exact(tables, alternative, method="mid-p")
    exact = [float(exact_fisher_mid_p(t, alternative)) for t in tables]
    np.testing.assert_allclose(ours.pvalue, exact, rtol=1e-10)
    assert ours.method == "Fisher's mid-p test"


def test_mid_p_halves_the_tied_mirror_table():
    # 1 of 4 against 2 of 4: ν = 1 and ν = 2 are exactly equally probable (3/7 each), ν = 0
    # and ν = 3 have 1/14 each. Both tied tables count half: 1/14 + 1/14 + ½·6/7 = 4/7 (halving
    # only the observed table, as before issue 43, gave 1 − 3/14 = 11/14).
    tiny = [[1, 2], [3, 2]]
    assert exact_fisher_mid_p(tiny) == Fraction(4, 7)
    assert fisher_exact(tiny, method="mid-p").pvalue == pytest.approx(4 / 7, rel=1e-12)


def test_mid_p_wolff_example():
    # 47 of 50 against 40 of 50: ν = 40 is the mirror of ν = 47 and exactly as probable, so the
    # mid-p is Fisher's 0.0713 minus the whole P(observed) = 0.0283, not minus half of it (0.0572)
    table = [[47, 40], [3, 10]]
    r = fisher_exact(table, method="mid-p")
    assert round(r.pvalue, 4) == 0.0430
    assert r.pvalue == pytest.approx(0.0713082 - 0.0283152, abs=1e-6)
    assert r.pvalue == pytest.approx(float(exact_fisher_mid_p(table)), rel=1e-12)
    assert r.pvalue == pytest.approx(mid_p_by_scipy_hypergeom(table), rel=1e-12)


def test_mid_p_against_scipy_hypergeom_on_random_tables():
    # unequal and equal sizes, K up to 160: the tied tables are found the same way by both routes
    rng = np.random.default_rng(43)
    tables = random_tables(rng, 300, 41)
    na, nb = rng.integers(1, 80, size=(2, 100))  # K_A = K_B = 80: mirror tables are tied
    square = np.stack([np.stack([na, nb], -1), np.stack([80 - na, 80 - nb], -1)], -2)
    tables = np.concatenate([tables, square])
    ours = fisher_exact(tables, method="mid-p").pvalue
    theirs = [mid_p_by_scipy_hypergeom(t.tolist()) for t in tables]
    np.testing.assert_allclose(ours, theirs, rtol=1e-9, atol=1e-300)


@pytest.mark.parametrize(("size", "expected"), [(10, 0.0422), (20, 0.0464), (50, 0.0569)])
def test_mid_p_exact_size_at_equal_sizes(size, expected):
    # the largest rejection probability over the common true rate; halving only the observed
    # table gave 0.0228, 0.0385 and 0.0368. At K = 50 the mid-p test exceeds α slightly.
    rates = np.linspace(0.0005, 0.9995, 1999)
    size_ = rejection_probability(size, size, rates, test="mid-p")
    assert round(float(size_.max()), 4) == expected
    assert (size_.max() > 0.05) == (size == 50)


def test_mid_p_power_equals_boschloo_at_k20():
    # 0.95 against 0.70 at K_A = K_B = 20: 0.544 (Boschloo's), not Fisher's 0.446
    power = rejection_probability(20, 20, 0.95, 0.70, test="mid-p")
    assert round(power, 3) == 0.544
    assert power == pytest.approx(rejection_probability(20, 20, 0.95, 0.70, test="boschloo"))
    assert round(rejection_probability(20, 20, 0.95, 0.70, test="fisher"), 3) == 0.446


# --------------------------------------------------------------------------------------------
# Boschloo's exact unconditional test


def boschloo_by_fractions(table, alternative):
    """Independent route: the rejection region in exact arithmetic, the supremum by brute force.

    Fisher's one-sided p-value of every outcome is a Fraction (no tolerance needed); the
    probability of the region is the polynomial Σ C(K_A, x)·C(K_B, y)·π^(x+y)·(1 − π)^(K−x−y),
    evaluated on 200 001 points and then maximised locally with scipy's bounded optimiser.
    """
    (a, b), (c, d) = table
    ka, kb = a + c, b + d
    k = ka + kb

    def statistic(x, y):
        s = x + y
        support = range(max(0, s - kb), min(s, ka) + 1)
        chosen = [nu for nu in support if (nu <= x if alternative == "less" else nu >= x)]
        return sum(Fraction(comb(ka, nu) * comb(kb, s - nu), comb(k, s)) for nu in chosen)

    observed = statistic(a, b)
    coefficient = np.zeros(k + 1)
    for x in range(ka + 1):
        for y in range(kb + 1):
            if statistic(x, y) <= observed:
                coefficient[x + y] += comb(ka, x) * comb(kb, y)
    powers = np.arange(k + 1)

    def prob(pi):
        pi = np.asarray(pi, dtype=float)[..., None]
        return (coefficient * pi**powers * (1 - pi) ** (k - powers)).sum(axis=-1)

    grid = np.linspace(0, 1, 200_001)
    values = prob(grid)
    i = int(values.argmax())
    lo, hi = grid[max(i - 1, 0)], grid[min(i + 1, grid.size - 1)]
    local = optimize.minimize_scalar(
        lambda x: -prob(x), bounds=(lo, hi), method="bounded", options={"xatol": 1e-13}
    )
    return max(values[i], -local.fun)


@pytest.mark.parametrize(
    "table",
    [[[3, 0], [1, 4]], [[7, 2], [1, 6]], [[5, 5], [5, 6]], [[10, 3], [2, 9]], [[0, 4], [6, 3]]],
)
@pytest.mark.parametrize("alternative", ["less", "greater"])
def test_boschloo_against_exact_region_and_brute_force_supremum(table, alternative):
    ours = boschloo_exact(table, alternative).pvalue
    assert ours == pytest.approx(boschloo_by_fractions(table, alternative), rel=1e-9)


def test_boschloo_matches_scipy_on_random_tables():
    rng = np.random.default_rng(19)
    worst = 0.0
    for _ in range(25):
        ka, kb = rng.integers(1, 41, size=2)
        a, b = rng.integers(0, ka + 1), rng.integers(0, kb + 1)
        table = [[a, b], [ka - a, kb - b]]
        for alternative in ALTERNATIVES:
            ours = boschloo_exact(table, alternative)
            ref = stats.boschloo_exact(table, alternative=alternative)
            worst = max(worst, abs(ours.pvalue - ref.pvalue))
            assert ours.pvalue == pytest.approx(ref.pvalue, abs=1e-6)
            assert ours.statistic == pytest.approx(ref.statistic, rel=1e-9, abs=1e-12)
    assert worst < 1e-6


@pytest.mark.parametrize(
    ("table", "alternative"),
    [
        ([[47, 40], [3, 10]], "two-sided"),  # Wolff's example 1
        ([[94, 80], [6, 20]], "two-sided"),  # Wolff's example 2
        ([[74, 31], [43, 32]], "greater"),  # scipy's documentation example
        ([[190, 170], [10, 30]], "two-sided"),  # 200 per side
        ([[150, 60], [50, 140]], "less"),  # far in the tail
    ],
)
def test_boschloo_matches_scipy_on_large_tables(table, alternative):
    ours = boschloo_exact(table, alternative).pvalue
    assert ours == pytest.approx(
        stats.boschloo_exact(table, alternative=alternative).pvalue, rel=1e-6
    )


def test_boschloo_wolff_example_and_fields():
    r = boschloo_exact([[47, 40], [3, 10]])
    assert isinstance(r, TestResult) and r.method == "Boschloo's exact unconditional test"
    assert round(r.pvalue, 4) == 0.0536
    assert r.pvalue == pytest.approx(2 * r.details["pvalue_greater"])
    assert r.statistic == pytest.approx(fisher_exact([[47, 40], [3, 10]], "greater").pvalue)
    assert r.estimate == pytest.approx(0.14)
    assert 0 < r.details["nuisance_rate"] < 1


def test_boschloo_statistics_equal_fisher_exact():
    # the one-sided Fisher p-values of every outcome (Boschloo's statistic) agree with fisher_exact
    from evalkit.independent import _outcomes

    outcomes = _outcomes(7, 9)
    na, nb = np.meshgrid(np.arange(8), np.arange(10), indexing="ij")
    tables = np.stack([np.stack([na, nb], -1), np.stack([7 - na, 9 - nb], -1)], -2)
    for side in ("less", "greater"):
        statistic, complement = outcomes.side(side)
        np.testing.assert_allclose(statistic, fisher_exact(tables, side).pvalue, rtol=1e-12)
        np.testing.assert_allclose(statistic + complement, 1.0, rtol=1e-12)


@pytest.mark.parametrize("k", [0, 1, 2, 7, 50, 101, 400])
def test_boschloo_search_grid_is_the_binomial_pmf_at_every_grid_point(k):
    # the upper half of the grid's rows is the lower half mirrored: each row must still be
    # Bin(n; K, sin²θ) at its own θ (a wrong mirror index would shift the rows by one point)
    from evalkit.independent import _theta_grid

    _theta_grid.cache_clear()
    theta, pmf = _theta_grid(k)
    assert pmf.shape == (theta.size, k + 1)
    expected = stats.binom.pmf(np.arange(k + 1), k, np.sin(theta)[:, None] ** 2)
    # lnΓ(K + 1) ≈ 2000 at K = 400 leaves a relative error of about 10⁻¹² after exp; the values
    # that matter are the large ones (the grid's values are mixtures Σ c_n·pmf, 0 ≤ c_n ≤ 1), and
    # a one-point shift would change those by a fraction of order 1/(4√K), far beyond either
    np.testing.assert_allclose(pmf, expected, rtol=1e-10, atol=1e-14)
    assert pmf[0, 0] == pmf[-1, -1] == 1.0  # π = 0 and π = 1


def test_boschloo_supremum_is_not_missed_on_a_dense_grid():
    # the refined supremum is at least the best of 100 001 evaluations of the same polynomial
    from evalkit.independent import (
        _as_extreme,
        _conditional_rejection,
        _mixture,
        _outcomes,
        _supremum,
    )

    rng = np.random.default_rng(7)
    dense = np.linspace(0, 1, 100_001)
    for _ in range(20):
        ka, kb = rng.integers(2, 60, size=2)
        a, b = rng.integers(0, ka + 1), rng.integers(0, kb + 1)
        outcomes = _outcomes(int(ka), int(kb))
        statistic, complement = outcomes.side("greater")
        region = _as_extreme(statistic, complement, statistic[a, b], complement[a, b])
        weights = _conditional_rejection(outcomes, region)
        value, rate = _supremum(weights)
        assert value >= _mixture(weights, dense).max() * (1 - 1e-12)
        assert value == pytest.approx(_mixture(weights, np.array(rate)), rel=1e-12)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 25), st.integers(1, 25), st.data())
def test_boschloo_and_mid_p_never_above_fisher(ka, kb, data):
    a = data.draw(st.integers(0, ka))
    b = data.draw(st.integers(0, kb))
    table = [[a, b], [ka - a, kb - b]]
    fisher = {alt: fisher_exact(table, alt).pvalue for alt in ALTERNATIVES}
    for alternative in ALTERNATIVES:
        assert fisher_exact(table, alternative, method="mid-p").pvalue <= fisher[alternative]
    for alternative in ("less", "greater"):
        assert boschloo_exact(table, alternative).pvalue <= fisher[alternative] * (1 + 1e-9)
    # two-sided, Boschloo (like scipy) doubles the smaller one-sided p-value: compare it with
    # Fisher's doubled one-sided p-value, which it never exceeds
    doubled = min(1.0, 2 * min(fisher["less"], fisher["greater"]))
    assert boschloo_exact(table).pvalue <= doubled * (1 + 1e-9)


def test_two_sided_boschloo_can_exceed_fisher_probability_ordered_p():
    # the doubling convention is not Fisher's "at most as probable" two-sided sum (eq. 23):
    # with unequal test sets the two can disagree in either direction (scipy gives the same)
    table = [[11, 15], [3, 0]]
    assert boschloo_exact(table).pvalue == pytest.approx(0.1391, abs=1e-4)
    assert fisher_exact(table).pvalue == pytest.approx(0.0996, abs=1e-4)
    assert stats.boschloo_exact(table).pvalue == pytest.approx(0.1391, abs=1e-4)


def test_boschloo_ordering_uses_the_tie_tolerance():
    # With K_A = K_B = 12 the outcomes (x, y) and (12 − y, 12 − x) have equal one-sided Fisher
    # p-values in exact arithmetic; their floating values differ in the last bits for 60 groups
    # of outcomes. The region "T ≤ T(observed)" must match exact arithmetic for every observed
    # outcome; a strict comparison (no tolerance) drops tied outcomes.
    from evalkit.independent import _as_extreme, _outcomes

    m = 12
    outcomes = _outcomes(m, m)
    statistic, complement = outcomes.side("less")

    def exact_less(x, y):
        s = x + y
        return sum(
            Fraction(comb(m, nu) * comb(m, s - nu), comb(2 * m, s))
            for nu in range(max(0, s - m), x + 1)
        )

    exact = np.array([[exact_less(x, y) for y in range(m + 1)] for x in range(m + 1)], dtype=object)
    strict_differs = False
    for x in range(m + 1):
        for y in range(m + 1):
            truth = np.vectorize(lambda v, t=exact[x, y]: v <= t)(exact).astype(bool)
            ours = _as_extreme(statistic, complement, statistic[x, y], complement[x, y])
            np.testing.assert_array_equal(ours, truth)
            strict_differs |= not np.array_equal(statistic <= statistic[x, y], truth)
    assert strict_differs  # the tolerance is needed here


# --------------------------------------------------------------------------------------------
# difference_interval: Newcombe (1998), Agresti-Caffo (2000), Wald (Tan eq. 4.15)

# Newcombe (1998), Statistics in Medicine 17:873, Table II, method 10 (published, 4 decimals)
NEWCOMBE_TABLE_II = [
    ((56, 70, 48, 80), (0.0524, 0.3339)),
    ((9, 10, 3, 10), (0.1705, 0.8090)),
    ((6, 7, 2, 7), (0.0582, 0.8062)),
    ((5, 56, 0, 29), (-0.0381, 0.1926)),
    ((0, 10, 0, 20), (-0.1611, 0.2775)),
    ((0, 10, 0, 10), (-0.2775, 0.2775)),
    ((10, 10, 0, 20), (0.6791, 1.0)),
    ((10, 10, 0, 10), (0.6075, 1.0)),
]


@pytest.mark.parametrize(("counts", "published"), NEWCOMBE_TABLE_II)
def test_newcombe_interval_matches_newcombe_1998_table_ii(counts, published):
    ci = difference_interval(*counts, method="newcombe")
    assert (round(ci.low, 4), round(ci.high, 4)) == published


def test_difference_intervals_against_independent_formulas():
    rng = np.random.default_rng(5)
    ka, kb = rng.integers(1, 300, 200), rng.integers(1, 300, 200)
    na, nb = rng.integers(0, ka + 1), rng.integers(0, kb + 1)
    z = stats.norm.ppf(0.95)
    pa, pb = na / ka, nb / kb
    # Wald: exactly rate_difference's interval (Tan eq. 4.15), clipped to [−1, 1]
    wald = difference_interval(na, ka, nb, kb, method="wald", confidence=0.9)
    ref = rate_difference(pa, ka, pb, kb, confidence=0.9).interval
    np.testing.assert_allclose(wald.low, np.maximum(ref.low, -1), rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(wald.high, np.minimum(ref.high, 1), rtol=1e-12, atol=1e-15)
    # Agresti–Caffo: add one success and one failure to each sample
    ta, tb = (na + 1) / (ka + 2), (nb + 1) / (kb + 2)
    half = z * np.sqrt(ta * (1 - ta) / (ka + 2) + tb * (1 - tb) / (kb + 2))
    ac = difference_interval(na, ka, nb, kb, method="agresti-caffo", confidence=0.9)
    np.testing.assert_allclose(ac.low, np.maximum(ta - tb - half, -1), rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(ac.high, np.minimum(ta - tb + half, 1), rtol=1e-12, atol=1e-15)
    # Newcombe: from scipy's Wilson intervals of each rate (binomtest.proportion_ci)
    for i in range(20):
        wa = stats.binomtest(int(na[i]), int(ka[i])).proportion_ci(0.9, method="wilson")
        wb = stats.binomtest(int(nb[i]), int(kb[i])).proportion_ci(0.9, method="wilson")
        d = pa[i] - pb[i]
        low = d - np.hypot(pa[i] - wa.low, wb.high - pb[i])
        high = d + np.hypot(wa.high - pa[i], pb[i] - wb.low)
        ci = difference_interval(na[i], ka[i], nb[i], kb[i], confidence=0.9)
        assert (ci.low, ci.high) == pytest.approx((low, high), abs=1e-12)
    assert ac.method == "Agresti-Caffo" and isinstance(ac, Interval)
    np.testing.assert_allclose(ac.estimate, pa - pb)


@settings(max_examples=200, deadline=None)
@given(
    st.integers(1, 500),
    st.integers(1, 500),
    st.data(),
    st.sampled_from(DIFFERENCE_METHODS),
    st.floats(0.8, 0.999),
)
def test_difference_intervals_stay_in_range_and_contain_observed_difference(
    ka, kb, data, method, confidence
):
    na = data.draw(st.integers(0, ka))
    nb = data.draw(st.integers(0, kb))
    ci = difference_interval(na, ka, nb, kb, method=method, confidence=confidence)
    assert -1 <= ci.low <= ci.high <= 1
    if method != "agresti-caffo" or confidence >= 0.95:  # see the next test
        assert ci.low - 1e-12 <= na / ka - nb / kb <= ci.high + 1e-12


def test_agresti_caffo_need_not_contain_the_observed_difference():
    # it is centred on the shrunken (n + 1)/(K + 2) rates: 0/1 against 1/1 observes −1, the
    # 87.5 % interval is centred on −1/3 and stops short of −1 (found by hypothesis)
    ci = difference_interval(0, 1, 1, 1, method="agresti-caffo", confidence=0.875)
    assert ci.estimate == -1.0 and ci.low > -1.0
    assert difference_interval(0, 1, 1, 1, method="agresti-caffo").low == -1.0  # at 95 % it does


# --------------------------------------------------------------------------------------------
# difference_interval(method="miettinen-nurminen"): Miettinen & Nurminen (1985), the score
# interval with the variance factor N/(N − 1)

# Reference limits from statsmodels 0.15.0:
#     confint_proportions_2indep(n_a, k_a, n_b, k_b, method="score", correction=True)
# (correction=True is Miettinen–Nurminen's N/(N − 1); correction=False is Mee's interval).
# statsmodels 0.15.0's restricted rates for compare="diff" are wrong (statsmodels issue #10269:
# in score_test_proportions_2indep, `tmp1 = (count0 * diff - ...` should read `nobs0 * diff`;
# fix proposed in PR #10270), except when count2 == nobs2. So:
# * STATSMODELS_AS_RELEASED: tables with n_B = K_B, where the bug has no effect, from the
#   released statsmodels 0.15.0 as it stands;
# * STATSMODELS_FIXED: the same call with that one term corrected in memory; where statsmodels'
#   own bracketing fails ("f(a) and f(b) must have different signs", the NaN at δ = 0 for 0/K
#   against 0/K) its corrected score test, test_proportions_2indep(..., value=δ,
#   method="score", correction=True).pvalue = 0.05, was solved with scipy.optimize.brentq
#   (xtol = rtol = 1e-14; marked "inverted").
# Without the correction statsmodels 0.15.0 gives (−0.28521, −0.00830) for 40/50 against 47/50,
# whose restricted rates do not maximize the restricted likelihood
# (test_restricted_rates_maximize_the_restricted_likelihood).
STATSMODELS_AS_RELEASED = [
    ((40, 50, 50, 50), (-0.3311010022583571, -0.1121088263322526)),
    ((45, 60, 30, 30), (-0.37305518418493105, -0.12669048442438957)),
    ((3, 10, 10, 10), (-0.8949649210051036, -0.3341069800113179)),  # inverted
    ((12, 15, 8, 8), (-0.45779365337224165, 0.1606211752267838)),  # inverted
]
STATSMODELS_FIXED = [
    ((40, 50, 47, 50), (-0.2807501085436535, -0.008311196367733104)),
    ((47, 50, 40, 50), (0.008311196368162946, 0.2807501085436534)),
    ((56, 70, 48, 80), (0.05282971324584428, 0.3381729400158685)),
    ((470, 500, 400, 500), (0.09976730880210792, 0.18179293846816072)),
    ((7, 34, 1, 34), (0.02704162658347524, 0.34529121696622733)),
    ((950, 1000, 900, 1000), (0.02721829307214542, 0.07357093690124882)),
    ((9, 10, 3, 10), (0.1700250164243989, 0.8406495439433279)),  # inverted
    ((6, 7, 2, 7), (0.03417554508436448, 0.8534052598974203)),  # inverted
    ((5, 56, 0, 29), (-0.03259656174351391, 0.19333097669088067)),  # inverted
    ((4, 30, 1250, 5000), (-0.1981681934148996, 0.04718876020311266)),  # inverted
    ((10, 10, 0, 20), (0.7156186604656226, 1.0)),  # inverted (upper limit 1: d = 1)
]


@pytest.mark.parametrize(("counts", "reference"), STATSMODELS_AS_RELEASED + STATSMODELS_FIXED)
def test_miettinen_nurminen_matches_statsmodels(counts, reference):
    ci = difference_interval(*counts, method="miettinen-nurminen")
    # statsmodels' brentq stops at xtol = 2e-12 (its own bracketing) or 1e-14 (inverted)
    assert (ci.low, ci.high) == pytest.approx(reference, abs=1e-9)
    assert ci.method == "Miettinen-Nurminen score" and ci.estimate == pytest.approx(
        counts[0] / counts[1] - counts[2] / counts[3], abs=1e-15
    )


def _restricted_by_brute_force(n_a, k_a, n_b, k_b, delta):
    """π̃_B maximizing the likelihood under π_A − π_B = δ, by scipy's bounded scalar search."""

    def minus_log_likelihood(pb):
        pa = pb + delta
        terms = [(n_a, pa), (k_a - n_a, 1 - pa), (n_b, pb), (k_b - n_b, 1 - pb)]
        return -sum(count * np.log(rate) for count, rate in terms if count > 0)

    low, high = max(0.0, -delta), min(1.0, 1.0 - delta)
    found = optimize.minimize_scalar(
        minus_log_likelihood, bounds=(low, high), method="bounded", options={"xatol": 1e-13}
    )
    return found.x + delta, found.x, minus_log_likelihood


MN_TABLES = [
    (0, 10, 0, 10), (0, 10, 0, 20), (10, 10, 0, 20), (10, 10, 10, 10), (0, 1, 1, 1), (3, 3, 0, 1),
    (2, 2, 2, 2), (40, 50, 47, 50), (5, 56, 0, 29), (1, 7, 6, 12), (26, 51, 10, 38),
]  # fmt: skip


@pytest.mark.parametrize("counts", MN_TABLES)
def test_restricted_rates_maximize_the_restricted_likelihood(counts):
    from evalkit.independent import _restricted_rates

    n_a, k_a, n_b, k_b = counts
    for delta in np.linspace(-0.999, 0.999, 37):
        pa, pb = _restricted_rates(
            np.float64(n_a / k_a), np.float64(k_a), np.float64(n_b / k_b), np.float64(k_b), delta
        )
        assert pa - pb == pytest.approx(delta, abs=1e-15)
        _, brute_b, minus_log_likelihood = _restricted_by_brute_force(*counts, delta)
        # at least as likely as the brute-force maximum (up to its tolerance)
        assert minus_log_likelihood(pb) <= minus_log_likelihood(brute_b) + 1e-6


@pytest.mark.parametrize("counts", MN_TABLES)
@pytest.mark.parametrize("confidence", [0.9, 0.95])
def test_miettinen_nurminen_limits_are_where_the_score_statistic_reaches_z(counts, confidence):
    # an independent route: restricted rates by brute force, the score statistic with MN's
    # N/(N − 1), and z_{α/2} from scipy; a limit at ±1 is the observed difference ±1
    n_a, k_a, n_b, k_b = counts
    ci = difference_interval(*counts, method="miettinen-nurminen", confidence=confidence)
    observed = n_a / k_a - n_b / k_b
    z = stats.norm.ppf(0.5 + confidence / 2)
    for limit, sign in [(ci.low, 1.0), (ci.high, -1.0)]:
        if abs(limit) == 1.0:
            assert limit == np.sign(observed) and abs(observed) == 1.0
            continue
        pa, pb, _ = _restricted_by_brute_force(*counts, limit)
        variance = (pa * (1 - pa) / k_a + pb * (1 - pb) / k_b) * (k_a + k_b) / (k_a + k_b - 1)
        assert (observed - limit) / np.sqrt(variance) == pytest.approx(sign * z, abs=1e-5)


@pytest.mark.parametrize(
    "counts",
    [
        (5, 10**6, 0, 10**6),
        (10**6, 10**6, 999_990, 10**6),
        (900_000_000, 10**9, 899_000_000, 10**9),
    ],
)
def test_miettinen_nurminen_keeps_its_precision_at_huge_test_sets(counts):
    # the restricted rate by scipy's brentq on the likelihood equation (not the cubic), then the
    # score statistic at each limit: ±z to 1e-8 (the cubic alone gave 1.959958 at 5 of 10⁶)
    n_a, k_a, n_b, k_b = (float(x) for x in counts)
    ci = difference_interval(*counts, method="miettinen-nurminen")
    observed = n_a / k_a - n_b / k_b
    z = stats.norm.ppf(0.975)
    for limit, sign in [(ci.low, 1.0), (ci.high, -1.0)]:

        def equation(pb, delta=limit):
            pa = pb + delta
            terms = [n_a / pa, -(k_a - n_a) / (1 - pa), -(k_b - n_b) / (1 - pb)]
            return sum(terms) + (n_b / pb if n_b > 0 else 0.0)

        lowest, highest = max(0.0, -limit), min(1.0, 1.0 - limit)
        left, right = lowest + 1e-300, highest * (1 - 1e-15)
        if equation(left) <= 0:  # the likelihood falls from the lower end: the maximum is there
            pb = lowest
        elif equation(right) >= 0:  # it rises to the upper end
            pb = highest
        else:
            pb = optimize.brentq(equation, left, right, xtol=1e-300, rtol=1e-15)
        pa = pb + limit
        variance = (pa * (1 - pa) / k_a + pb * (1 - pb) / k_b) * (k_a + k_b) / (k_a + k_b - 1)
        assert (observed - limit) / np.sqrt(variance) == pytest.approx(sign * z, abs=1e-8)


def test_miettinen_nurminen_edge_cases():
    # 0/K against 0/K: symmetric around 0 and not degenerate; all right against all wrong: 1
    ci = difference_interval(0, 10, 0, 10, method="miettinen-nurminen")
    assert ci.low == pytest.approx(-ci.high, abs=1e-14) and 0.2 < ci.high < 0.35
    ci = difference_interval(10, 10, 10, 10, method="miettinen-nurminen")
    assert ci.low == pytest.approx(-ci.high, abs=1e-14) and 0.2 < ci.high < 0.35
    ci = difference_interval(10, 10, 0, 20, method="miettinen-nurminen")
    assert ci.high == 1.0 and 0.5 < ci.low < 1.0
    ci = difference_interval(0, 20, 10, 10, method="miettinen-nurminen")
    assert ci.low == -1.0 and -1.0 < ci.high < -0.5
    # swapping the experiments negates the interval
    for counts in MN_TABLES:
        ci = difference_interval(*counts, method="miettinen-nurminen")
        swapped = difference_interval(*counts[2:], *counts[:2], method="miettinen-nurminen")
        assert (ci.low, ci.high) == pytest.approx((-swapped.high, -swapped.low), abs=1e-13)
    # vectorized: a whole grid of outcomes at once, the same as one call each
    n_a, n_b = np.meshgrid(np.arange(6), np.arange(9), indexing="ij")
    many = difference_interval(n_a, 5, n_b, 8, method="miettinen-nurminen", confidence=0.9)
    for i, j in [(0, 0), (5, 8), (2, 3), (5, 0)]:
        one = difference_interval(i, 5, j, 8, method="miettinen-nurminen", confidence=0.9)
        assert (many.low[i, j], many.high[i, j]) == (one.low, one.high)


def test_miettinen_nurminen_coverage_over_the_atlas_settings():
    # exact coverage at K_A = K_B = 10 … 100 and the atlas's pairs of rates: never far below
    # 95 % (minimum 0.929 at K = 10, the worst point of a fine grid), and nearer 95 % on average
    # than Newcombe's (median 0.954 against 0.963 over the docstring's 44 settings)
    pairs = np.array([(0.5, 0.5), (0.7, 0.7), (0.9, 0.9), (0.95, 0.95), (0.99, 0.99),
                      (0.9, 0.8), (0.95, 0.85), (0.99, 0.9), (0.7, 0.5), (0.98, 0.95)])  # fmt: skip
    mn, nc = [], []
    for k in (10, 20, 50, 100):
        mn.extend(difference_coverage("miettinen-nurminen", k, k, pairs[:, 0], pairs[:, 1]))
        nc.extend(difference_coverage("newcombe", k, k, pairs[:, 0], pairs[:, 1]))
    assert min(mn) > 0.93 and abs(np.median(mn) - 0.95) < abs(np.median(nc) - 0.95)
    assert difference_coverage("miettinen-nurminen", 10, 10, 0.551, 0.5) == pytest.approx(
        0.929, abs=5e-4
    )


# --------------------------------------------------------------------------------------------
# difference_coverage: exact enumeration


def coverage_by_loop(method, ka, kb, xa, xb, confidence=0.95):
    """Every outcome, no window: Σ Bin·Bin·1[covered]."""
    total = 0.0
    for na in range(ka + 1):
        ci = difference_interval(
            na, ka, np.arange(kb + 1), kb, method=method, confidence=confidence
        )
        covered = (ci.low <= xa - xb + 1e-12) & (xa - xb - 1e-12 <= ci.high)
        total += stats.binom.pmf(na, ka, xa) * np.sum(
            stats.binom.pmf(np.arange(kb + 1), kb, xb) * covered
        )
    return total


@pytest.mark.parametrize("method", DIFFERENCE_METHODS)
def test_difference_coverage_against_full_enumeration(method):
    rates = [(0.5, 0.5), (0.9, 0.7), (0.98, 0.9), (0.05, 0.3), (1.0, 0.9), (0.0, 0.0)]
    for ka, kb in [(7, 12), (30, 400)]:
        ours = difference_coverage(method, ka, kb, [r[0] for r in rates], [r[1] for r in rates])
        ref = [coverage_by_loop(method, ka, kb, xa, xb) for xa, xb in rates]
        np.testing.assert_allclose(ours, ref, rtol=0, atol=1e-12)


def test_difference_coverage_against_simulation():
    rng = np.random.default_rng(11)
    ka, kb, xa, xb, reps = 30, 5000, 0.98, 0.90, 40_000
    na, nb = rng.binomial(ka, xa, reps), rng.binomial(kb, xb, reps)
    for method in DIFFERENCE_METHODS:
        simulated = difference_interval(na, ka, nb, kb, method=method).contains(xa - xb).mean()
        exact = difference_coverage(method, ka, kb, xa, xb)
        assert abs(simulated - exact) < 4 * np.sqrt(exact * (1 - exact) / reps)


def test_wald_coverage_collapses_for_tans_unequal_test_sets():
    # 30 against 5000 items at true accuracies 0.98 / 0.90: whenever A makes no error (0.98³⁰ =
    # 54.5 %) Wald's interval has width ≈ 2·1.96·0.0042 around 0.1 and misses 0.08
    wald = difference_coverage("wald", 30, 5000, 0.98, 0.90)
    assert wald == pytest.approx(0.455, abs=0.001)
    assert wald < 1 - 0.98**30 + 0.005  # nearly all its coverage comes from outcomes where A errs
    assert difference_coverage("newcombe", 30, 5000, 0.98, 0.90) > 0.93
    assert difference_coverage("agresti-caffo", 30, 5000, 0.98, 0.90) > 0.93


@pytest.mark.parametrize("method", DIFFERENCE_METHODS)
def test_difference_coverage_map_shape_and_vectorization(method):
    # a grid repeats each rate of B along one axis (Wald's extreme n_A, summed term by term,
    # compute the binomial probabilities once per distinct rate): the same as one call per point
    grid_a, grid_b = np.meshgrid(np.linspace(0, 1, 7), np.linspace(0, 1, 5), indexing="ij")
    cover = difference_coverage(method, 12, 15, grid_a, grid_b)
    assert cover.shape == (7, 5) and np.all((cover >= 0) & (cover <= 1))
    singles = [
        difference_coverage(method, 12, 15, a, b)
        for a, b in zip(grid_a.ravel(), grid_b.ravel(), strict=True)
    ]
    np.testing.assert_allclose(cover.ravel(), singles, rtol=1e-13)
    assert isinstance(difference_coverage("wald", 5, 5, 0.5, 0.5), float)


# --------------------------------------------------------------------------------------------
# rejection_probability: mid-p and Boschloo


@pytest.mark.parametrize("test", ["mid-p", "boschloo"])
def test_rejection_probability_new_tests_against_a_loop_over_outcomes(test):
    ka, kb, xa, xb = 6, 8, 0.6, 0.3
    expected = 0.0
    for na in range(ka + 1):
        for nb in range(kb + 1):
            t = [[na, nb], [ka - na, kb - nb]]
            p = (
                fisher_exact(t, method="mid-p").pvalue
                if test == "mid-p"
                else stats.boschloo_exact(t).pvalue
            )
            if p <= 0.05:
                expected += stats.binom.pmf(na, ka, xa) * stats.binom.pmf(nb, kb, xb)
    assert rejection_probability(ka, kb, xa, xb, test=test) == pytest.approx(expected, rel=1e-12)


def test_boschloo_keeps_the_level_and_beats_fisher():
    rates = np.linspace(0.01, 0.99, 99)
    for ka, kb in [(20, 20), (15, 40)]:
        size = rejection_probability(ka, kb, rates, test="boschloo")
        assert np.all(size <= 0.05 * (1 + 1e-9))
        fisher = rejection_probability(ka, kb, rates, test="fisher")
        assert np.all(size >= fisher - 1e-12) and size.max() > fisher.max()
    power_f = rejection_probability(20, 20, 0.9, 0.6, test="fisher")
    power_b = rejection_probability(20, 20, 0.9, 0.6, test="boschloo")
    assert power_b > power_f


def test_rejection_region_uses_the_tie_tolerance():
    # [[0, 3], [3, 0]]: Fisher's two-sided p is exactly 1/10 (the two extreme tables, 1/20 each);
    # in floating point it comes out as 0.10000000000000002. At level 0.1 it must reject.
    assert exact_fisher([[0, 3], [3, 0]]) == Fraction(1, 10)
    assert fisher_exact([[0, 3], [3, 0]]).pvalue > 0.1  # the rounding the tolerance absorbs
    x = 0.4
    expected = 2 * stats.binom.pmf(0, 3, x) * stats.binom.pmf(3, 3, x)  # (0, 3) and (3, 0)
    assert rejection_probability(3, 3, x, level=0.1) == pytest.approx(expected, rel=1e-12)


# --------------------------------------------------------------------------------------------
# bad inputs of the new functions


def test_bad_new_inputs():
    with pytest.raises(ValueError, match=r"method must be one of 'exact', 'mid-p'; got 'midp'"):
        fisher_exact([[1, 2], [3, 4]], method="midp")
    with pytest.raises(ValueError, match=r"alternative must be one of .*got 'both'"):
        boschloo_exact([[1, 2], [3, 4]], alternative="both")
    with pytest.raises(ValueError, match=r"table must be a single 2×2 table"):
        boschloo_exact([[[1, 2], [3, 4]], [[1, 2], [3, 4]]])
    with pytest.raises(ValueError, match=r"boschloo_exact enumerates all .*K_A = 1500"):
        boschloo_exact([[1000, 1000], [500, 500]])
    with pytest.raises(ValueError, match=r"successes_a must not exceed trials_a"):
        difference_interval(31, 30, 5, 10)
    with pytest.raises(ValueError, match=r"trials_b must be a whole number ≥ 1; got 0"):
        difference_interval(3, 30, 0, 0)
    with pytest.raises(
        ValueError,
        match=r"method must be one of 'newcombe', 'agresti-caffo', 'wald', 'miettinen-nurminen'",
    ):
        difference_interval(3, 30, 5, 10, method="score")
    with pytest.raises(ValueError, match=r"confidence must be strictly between 0 and 1"):
        difference_interval(3, 30, 5, 10, confidence=1.0)
    with pytest.raises(ValueError, match=r"successes_b must be a whole number.*2\.5"):
        difference_interval(3, 30, 2.5, 10)
    with pytest.raises(ValueError, match=r"broadcastable shapes"):
        difference_interval([1, 2], 30, [1, 2, 3], 10)
    with pytest.raises(ValueError, match=r"method must be one of"):
        difference_coverage("exact", 10, 10, 0.5, 0.5)
    with pytest.raises(ValueError, match=r"rate_b must be a probability"):
        difference_coverage("wald", 10, 10, 0.5, 1.5)
    with pytest.raises(ValueError, match=r"trials_a must be a whole number ≥ 1; got 0"):
        difference_coverage("wald", 0, 10, 0.5, 0.5)
    with pytest.raises((ValueError, TypeError), match=r"trials_a"):
        difference_coverage("wald", [10, 20], 10, 0.5, 0.5)
    with pytest.raises(ValueError, match=r"rejection_probability enumerates all"):
        rejection_probability(2000, 2000, 0.5, test="boschloo")


@pytest.mark.parametrize(
    ("table", "alternative"),
    [
        ([[7, 12], [8, 3]], "two-sided"),
        ([[47, 40], [3, 10]], "greater"),
        ([[20, 31], [10, 4]], "less"),
        ([[3, 60], [9, 20]], "two-sided"),
        ([[94, 80], [6, 20]], "two-sided"),
    ],
)
def test_supremum_machinery_reproduces_scipy_barnard_exact(table, alternative):
    # Barnard's test orders the outcomes by the pooled z statistic instead of Fisher's p-value;
    # the region is built here as scipy builds it, the supremum over π by evalkit's machinery
    from evalkit.independent import _conditional_rejection, _outcomes, _supremum

    (a, b), (c, d) = table
    ka, kb = a + c, b + d
    x1, x2 = np.arange(ka + 1)[:, None], np.arange(kb + 1)[None, :]
    pooled = (x1 + x2) / (ka + kb)
    with np.errstate(divide="ignore", invalid="ignore"):
        z = (x1 / ka - x2 / kb) / np.sqrt(pooled * (1 - pooled) * (1 / ka + 1 / kb))
    z[x1 / ka == x2 / kb] = 0.0
    region = {
        "two-sided": np.abs(z) >= abs(z[a, b]),
        "less": z <= z[a, b],
        "greater": z >= z[a, b],
    }[alternative]
    ours, _ = _supremum(_conditional_rejection(_outcomes(ka, kb), region))
    ref = stats.barnard_exact(table, alternative=alternative).pvalue
    assert ours == pytest.approx(ref, rel=1e-6)


# --------------------------------------------------------------------------------------------
# conventions (issue 44): named estimates, readable results, errors that blame the right argument,
# validation once per public call (issue 45)


def test_every_test_names_its_estimate():
    table = [[47, 40], [3, 10]]
    fisher = fisher_exact(table)
    assert fisher.estimate_name == "sample odds ratio"
    # the sample odds ratio (n_A·(K_B − n_B))/(n_B·(K_A − n_A)), scipy's statistic, not R's
    # conditional maximum-likelihood estimate
    assert fisher.estimate == pytest.approx(47 * 10 / (40 * 3), rel=1e-15)
    assert fisher.estimate == pytest.approx(stats.fisher_exact(table).statistic, rel=1e-15)
    conditional = stats.contingency.odds_ratio(table, kind="conditional").statistic
    assert abs(fisher.estimate - conditional) > 0.01
    assert str(fisher).endswith("; sample odds ratio = 3.917")
    for result in (boschloo_exact(table), chi_square_2x2(table)):
        assert result.estimate_name == "difference of rates"
        assert result.estimate == pytest.approx(47 / 50 - 40 / 50, abs=1e-15)
    assert fisher_exact(table, method="mid-p").estimate_name == "sample odds ratio"


def test_result_classes_have_a_short_repr_and_an_html_table():
    r = rate_difference(0.15, 30, 0.25, 5000)
    text = repr(r)
    assert text.startswith("RateDifference(difference=-0.1, standard_error=0.06548, ")
    assert "\n" not in text and len(text) < 300
    assert r._repr_html_().startswith('<table class="evalkit-result"><caption>RateDifference: ')
    dist = fisher_null_distribution([[47, 40], [3, 10]])
    assert repr(dist) == (
        "NullDistribution(observed=47, pvalue=0.07131, alternative='two-sided', "
        "values=array of 14 values, pmf=array of 14 values, counted=array of 14 values)"
    )
    assert "<caption>NullDistribution</caption>" in dist._repr_html_()


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: difference_interval(4, 30, 1250, 5000, 0.9),
            ValueError,
            r"^method must be one of .*; got 0\.9 \(method is the 5th argument; a confidence "
            r"level goes in confidence=0\.9\)$",
        ),
        (
            lambda: fisher_exact([[47, 40], [3, 10]], "mid-p"),
            ValueError,
            r"^alternative must be one of .*; got 'mid-p' \(alternative is the 2nd argument; "
            r"'mid-p' is a choice of method: pass method='mid-p'\)$",
        ),
        (
            lambda: fisher_exact([[47, 40], [3, 10]], "two-sided", "less"),
            ValueError,
            r"^method must be one of 'exact', 'mid-p'; got 'less' .*pass alternative='less'\)$",
        ),
        (
            lambda: rejection_probability(20, 20, 0.7, "chi2"),
            TypeError,
            r"^rate_b must be a rate in \[0, 1\] or None; got 'chi2' \(rate_b is the 4th "
            r"argument; 'chi2' is a choice of test: pass test='chi2'\)$",
        ),
        (
            lambda: rejection_probability(20, 20, 0.7, 0.7, "chi2"),
            TypeError,
            r"^level must be a number strictly between 0 and 1; got 'chi2' .*test='chi2'\)$",
        ),
        (
            lambda: difference_coverage(10, "wald", 10, 0.5, 0.5),
            ValueError,
            r"^method must be one of .*; got 10 \(method is the 1st argument\)$",
        ),
    ],
)
def test_a_positional_slip_is_blamed_on_the_argument_it_lands_in(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_internal_calls_do_not_validate_again(monkeypatch):
    # rejection_probability checks its arguments once, then builds its rejection region from the
    # private cores: the 2×2 validation (_as_tables) of fisher_exact / chi_square_2x2 and the
    # rate checks of rate_difference must not run once per region
    import evalkit.independent as ind

    calls = {"tables": 0, "probabilities": 0}
    as_tables, as_probabilities = ind._as_tables, ind.as_probabilities

    def counting_tables(*args, **kwargs):
        calls["tables"] += 1
        return as_tables(*args, **kwargs)

    def counting_probabilities(*args, **kwargs):
        calls["probabilities"] += 1
        return as_probabilities(*args, **kwargs)

    monkeypatch.setattr(ind, "_as_tables", counting_tables)
    monkeypatch.setattr(ind, "as_probabilities", counting_probabilities)
    for test in ("fisher", "mid-p", "chi2", "yates", "normal"):
        rejection_probability(7, 9, 0.6, 0.4, test=test)
    assert calls == {"tables": 0, "probabilities": 10}  # rate_a and rate_b, once per call
    fisher_null_distribution([[47, 40], [3, 10]])
    assert calls["tables"] == 1  # the table once, not again for its p-value
