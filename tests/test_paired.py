"""Tests of evalkit.paired: Günter's simple and paired tests, McNemar, sign and Wilcoxon tests.

Each formula is checked against the library that does the same job (scipy.stats.binomtest,
scipy.stats.ttest_rel / ttest_ind, scipy.stats.wilcoxon, scikit-learn's confusion_matrix) or
against an independent route (exact enumeration, mpmath, direct computation from per-item
arrays), and against Günter's worked examples.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from sklearn.metrics import confusion_matrix

from evalkit.paired import (
    MCNEMAR_METHODS,
    agreement_table,
    difference_interval,
    mcnemar,
    paired_test,
    paired_variance,
    rejection_probability,
    sign_test,
    sign_test_from_scores,
    simple_test,
    wilcoxon_signed_rank,
)
from evalkit.results import TestResult

ALTERNATIVES = ("greater", "less", "two-sided")


def _make_pair(seed: int, size: int, rate1: float, rate2: float, agreement: float):
    """Per-item correctness of two classifiers with the given rates and some correlation."""
    rng = np.random.default_rng(seed)
    c1 = rng.random(size) < rate1
    independent = rng.random(size) < rate2
    c2 = np.where(rng.random(size) < agreement, c1, independent)
    return c1.tolist(), c2.tolist()


correctness = st.builds(
    _make_pair,
    st.integers(0, 2**32 - 1),
    st.integers(2, 400),
    st.sampled_from([0.0, 0.3, 0.7, 0.9, 1.0]),
    st.sampled_from([0.0, 0.5, 0.8, 1.0]),
    st.sampled_from([0.0, 0.5, 0.9, 1.0]),
)


def rates_from_items(c1, c2):
    c1, c2 = np.asarray(c1, bool), np.asarray(c2, bool)
    return c1.mean(), c2.mean(), (c1 & c2).mean(), c1.size


# ------------------------------------------------------------------------------------------
# agreement_table


def test_agreement_table_orientation():
    table = agreement_table(
        [True, True, True, False, False, False], [True, False, False, True, False, False]
    )
    # [[both right, only 1 right], [only 2 right, both wrong]]
    assert table.tolist() == [[1, 2], [1, 2]]
    assert table.dtype == np.int64


@settings(max_examples=100, deadline=None)
@given(correctness)
def test_agreement_table_matches_sklearn_confusion_matrix(pair):
    c1, c2 = pair
    table = agreement_table(c1, c2)
    expected = confusion_matrix(c1, c2, labels=[True, False])
    np.testing.assert_array_equal(table, expected)
    assert table.sum() == len(c1)
    assert table[0].sum() == sum(c1) and table[:, 0].sum() == sum(c2)


def test_agreement_table_accepts_zero_one():
    np.testing.assert_array_equal(
        agreement_table([1, 0, 1.0], [1, 1, 0]),
        agreement_table([True, False, True], [True, True, False]),
    )


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        (([1, 0], [1, 0, 1]), ValueError, "same length"),
        (([], []), ValueError, "correct1 must not be empty"),
        (([1, 2], [1, 0]), ValueError, "correct1 must hold only booleans or 0/1; got 2"),
        (([1, 0], [0.5, 1]), ValueError, "correct2 must hold only booleans or 0/1"),
        (([[1, 0]], [[1, 0]]), ValueError, "correct1 must be one-dimensional"),
        (("10", [1, 0]), TypeError, "correct1 must be an array of booleans"),
        (([1, 0], ["a", "b"]), TypeError, "correct2 must be an array of booleans"),
        (([1, np.nan], [1, 0]), ValueError, "correct1 must hold only booleans"),
    ],
)
def test_agreement_table_rejects_bad_input(args, error, match):
    with pytest.raises(error, match=match):
        agreement_table(*args)


# ------------------------------------------------------------------------------------------
# Günter's simple test (eq. 3)


def test_simple_test_guenter_example():
    r = simple_test(2 / 3, 1 / 3, 64, alternative="greater")  # Günter's one-sided P_n
    assert isinstance(r, TestResult)
    assert r.statistic == pytest.approx(4.0, abs=1e-12)
    assert r.pvalue == pytest.approx(float(mpmath.ncdf(-4)), rel=1e-10)  # 3.167e-5, not 3.3e-5
    assert r.alternative == "greater"
    assert r.estimate == pytest.approx(1 / 3)


def test_simple_test_on_paired_example():
    r = simple_test(0.6, 0.5, 100, alternative="greater")
    assert r.statistic == pytest.approx(0.1 / 0.07, rel=1e-12)
    assert r.pvalue == pytest.approx(0.07656, abs=5e-6)


@settings(max_examples=100, deadline=None)
@given(correctness)
def test_simple_test_against_welch_ttest_on_items(pair):
    """Eq. 3 is Welch's t on the 0/1 items with ddof = 0: t = Z·√((n − 1)/n)."""
    c1, c2 = (np.asarray(c, float) for c in pair)
    r1, r2, _, n = rates_from_items(*pair)
    r = simple_test(r1, r2, n, alternative="greater")
    if c1.var() + c2.var() > 0:
        z_direct = (c1.mean() - c2.mean()) / np.sqrt((c1.var() + c2.var()) / n)
        assert r.statistic == pytest.approx(z_direct, rel=1e-9, abs=1e-12)
        assert r.pvalue == pytest.approx(stats.norm.sf(z_direct), rel=1e-9, abs=1e-300)
    else:  # both classifiers constant: Z = 0 for equal rates, ±inf otherwise
        assert r.statistic == (0.0 if r1 == r2 else np.copysign(np.inf, r1 - r2))
    if c1.var() > 0 and c2.var() > 0:
        welch = stats.ttest_ind(c1, c2, equal_var=False)
        assert r.statistic * np.sqrt((n - 1) / n) == pytest.approx(
            welch.statistic, rel=1e-9, abs=1e-12
        )


def test_simple_test_alternatives_and_degenerate_cases():
    g = simple_test(0.7, 0.6, 200, alternative="greater")
    less = simple_test(0.7, 0.6, 200, alternative="less")
    two = simple_test(0.7, 0.6, 200)  # two-sided by default
    assert g.pvalue + less.pvalue == pytest.approx(1.0)
    assert two.pvalue == pytest.approx(2 * g.pvalue)
    # zero standard error: equal rates → Z = 0; different rates → Z = ±inf
    assert simple_test(1.0, 1.0, 10).statistic == 0.0
    assert simple_test(1.0, 1.0, 10, alternative="greater").pvalue == 0.5
    assert simple_test(1.0, 1.0, 10).pvalue == 1.0
    assert simple_test(1.0, 0.0, 10).statistic == np.inf
    assert simple_test(1.0, 0.0, 10).pvalue == 0.0


def test_simple_test_vectorized():
    rates2 = np.array([0.5, 0.55, 0.6])
    r = simple_test(0.6, rates2, [100, 200, 300])
    for i, r2 in enumerate(rates2):
        single = simple_test(0.6, r2, [100, 200, 300][i])
        assert r.statistic[i] == pytest.approx(single.statistic)
        assert r.pvalue[i] == pytest.approx(single.pvalue)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"rate1": 1.2, "rate2": 0.5, "size": 10}, ValueError, "rate1 must be a probability"),
        ({"rate1": 0.5, "rate2": -0.1, "size": 10}, ValueError, "rate2 must be a probability"),
        ({"rate1": 0.5, "rate2": np.nan, "size": 10}, ValueError, "rate2"),
        ({"rate1": 0.5, "rate2": 0.4, "size": 0}, ValueError, "size must be a whole number ≥ 1"),
        ({"rate1": 0.5, "rate2": 0.4, "size": 10.5}, ValueError, "size must be a whole number"),
        ({"rate1": "0.5", "rate2": 0.4, "size": 10}, TypeError, "rate1"),
        ({"rate1": [0.5, 0.6], "rate2": [0.4, 0.3, 0.2], "size": 10}, ValueError, "broadcast"),
        (
            {"rate1": 0.5, "rate2": 0.4, "size": 10, "alternative": "bigger"},
            ValueError,
            "alternative must be one of",
        ),
    ],
)
def test_simple_test_rejects_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        simple_test(**kwargs)


# ------------------------------------------------------------------------------------------
# Günter's paired test (eq. 4–6)


def test_paired_test_guenter_example():
    r = paired_test(0.6, 0.5, 0.5, 100, alternative="greater")  # Günter's one-sided P_n
    assert r.details["mu_x"] == pytest.approx(0.1)
    assert r.details["sigma_x"] == pytest.approx(0.09)
    assert r.statistic == pytest.approx(10 / 3)
    assert r.pvalue == pytest.approx(float(mpmath.ncdf(-10 / 3)), rel=1e-10)  # 0.0429 %
    t = paired_test(0.6, 0.5, 0.5, 100, tail="t", alternative="greater")
    assert t.df == 99
    assert t.statistic == pytest.approx(10 / 3)
    assert t.pvalue == pytest.approx(6.04e-4, abs=5e-7)  # the printed 0.06 %
    # the rates as printed (R1 = 0.5, R2 = 0.6) give μx < 0: Z changes sign, P_n becomes 1 − P_n
    swapped = paired_test(0.5, 0.6, 0.5, 100, alternative="greater")
    assert swapped.statistic == pytest.approx(-10 / 3)
    assert swapped.pvalue == pytest.approx(1 - r.pvalue)


@settings(max_examples=100, deadline=None)
@given(correctness)
def test_paired_variance_is_the_variance_of_x(pair):
    c1, c2 = (np.asarray(c, bool) for c in pair)
    x = c1.astype(int) - c2.astype(int)  # eq. 4
    r1, r2, r12, _ = rates_from_items(c1, c2)
    var = paired_variance(r1, r2, r12)
    assert var == pytest.approx(x.var(), abs=1e-12)
    assert var == pytest.approx((r1 + r2 - 2 * r12) - (r1 - r2) ** 2, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(correctness)
def test_paired_test_against_ttest_rel_and_items(pair):
    """Günter's Z from the rates equals the Z computed from the items; ttest_rel uses ddof = 1."""
    c1, c2 = (np.asarray(c, bool) for c in pair)
    x = c1.astype(float) - c2.astype(float)
    r1, r2, r12, n = rates_from_items(c1, c2)
    r = paired_test(r1, r2, r12, n, alternative="greater")
    rt = paired_test(r1, r2, r12, n, tail="t", alternative="greater")
    if x.var() > 0:
        z = x.mean() / np.sqrt(x.var() / n)
        assert r.statistic == pytest.approx(z, rel=1e-9, abs=1e-12)
        assert r.pvalue == pytest.approx(stats.norm.sf(z), rel=1e-9, abs=1e-300)
        tt = stats.ttest_rel(c1.astype(float), c2.astype(float), alternative="greater")
        assert r.statistic * np.sqrt((n - 1) / n) == pytest.approx(
            tt.statistic, rel=1e-9, abs=1e-12
        )
        assert rt.pvalue == pytest.approx(stats.t.sf(z, n - 1), rel=1e-9, abs=1e-300)
        # in terms of the discordant counts b, c, and never below McNemar's chi-square
        table = agreement_table(c1, c2)
        b, c = int(table[0, 1]), int(table[1, 0])
        assert r.statistic**2 == pytest.approx(
            (b - c) ** 2 / (b + c - (b - c) ** 2 / n), rel=1e-9, abs=1e-12
        )
        chi2 = mcnemar(b, c, "asymptotic").statistic
        assert r.statistic**2 >= chi2 - 1e-9


def test_paired_test_degenerate_and_vectorized():
    # no discordant items: σx = 0 and μx = 0 → Z = 0
    r = paired_test(0.8, 0.8, 0.8, 50)
    assert r.statistic == 0.0 and r.pvalue == 1.0  # two-sided; one-sided it is 0.5
    assert paired_test(0.8, 0.8, 0.8, 50, alternative="greater").pvalue == 0.5
    # classifier 1 right everywhere, 2 wrong everywhere: σx = 0, μx = 1 → Z = inf
    r = paired_test(1.0, 0.0, 0.0, 50)
    assert r.statistic == np.inf and r.pvalue == 0.0
    # vectorized over the joint rate
    joint = np.array([0.4, 0.45, 0.5])
    rv = paired_test(0.6, 0.5, joint, 100)
    for i, j in enumerate(joint):
        assert rv.statistic[i] == pytest.approx(paired_test(0.6, 0.5, j, 100).statistic)
    # more agreement (higher R12) → smaller σx → larger Z
    assert np.all(np.diff(rv.statistic) > 0)


def test_paired_test_beats_simple_test_when_correlated():
    assert paired_test(0.6, 0.5, 0.5, 100).pvalue < 0.001 < 0.05 < simple_test(0.6, 0.5, 100).pvalue


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"joint_rate": 0.7}, ValueError, "joint_rate must lie between"),
        ({"joint_rate": 0.05}, ValueError, "joint_rate must lie between"),
        ({"joint_rate": -0.1}, ValueError, "joint_rate must be a probability"),
        ({"joint_rate": "x"}, TypeError, "joint_rate"),
        ({"rate1": 2.0}, ValueError, "rate1 must be a probability"),
        ({"size": -3}, ValueError, "size must be a whole number ≥ 1"),
        ({"size": 1, "tail": "t"}, ValueError, "size must be ≥ 2 for tail='t'"),
        ({"tail": "student"}, ValueError, "tail must be one of 'normal', 't'"),
        ({"alternative": "two_sided"}, ValueError, "alternative must be one of"),
    ],
)
def test_paired_test_rejects_bad_input(kwargs, error, match):
    args = {"rate1": 0.6, "rate2": 0.5, "joint_rate": 0.45, "size": 100} | kwargs
    with pytest.raises(error, match=match):
        paired_test(**args)


def test_paired_variance_rejects_inconsistent_joint_rate():
    with pytest.raises(ValueError, match="joint_rate must lie between"):
        paired_variance(0.3, 0.4, 0.35)


# ------------------------------------------------------------------------------------------
# McNemar


def exact_two_sided_by_enumeration(b: int, c: int) -> float:
    """Σ P(k) over k with P(k) ≤ P(b), k ~ Bin(b + c, 1/2), in exact rational arithmetic."""
    n = b + c
    pmf = [Fraction(math.comb(n, k), 2**n) for k in range(n + 1)]
    return float(min(Fraction(1), sum(p for p in pmf if p <= pmf[b])))


@pytest.mark.parametrize("b", range(0, 26, 3))
@pytest.mark.parametrize("c", range(0, 26, 4))
def test_mcnemar_exact_against_binomtest_and_enumeration(b, c):
    r = mcnemar(b, c, "exact")
    assert r.alternative == "two-sided" and r.statistic == b
    assert r.details["discordant"] == b + c
    expected = 1.0 if b + c == 0 else stats.binomtest(b, b + c, 0.5).pvalue
    assert r.pvalue == pytest.approx(expected, rel=1e-10, abs=1e-300)
    assert r.pvalue == pytest.approx(exact_two_sided_by_enumeration(b, c), rel=1e-10)


@pytest.mark.parametrize(("b", "c"), [(1_000_000, 1_003_000), (10**9, 10**9 + 10**5), (5, 10**7)])
def test_mcnemar_exact_huge_counts(b, c):
    r = mcnemar(b, c, "exact")
    expected = stats.binomtest(b, b + c, 0.5).pvalue
    assert r.pvalue == pytest.approx(expected, rel=1e-6, abs=1e-300)
    assert 0.0 <= r.pvalue <= 1.0


@pytest.mark.parametrize("correction", [True, False])
@pytest.mark.parametrize(
    ("b", "c"),
    [(0, 1), (1, 1), (10, 0), (12, 5), (26, 12), (150, 86), (400, 471), (10**8, 10**8 + 30000)],
)
def test_mcnemar_asymptotic_against_chi_square(b, c, correction):
    r = mcnemar(b, c, "corrected" if correction else "asymptotic")
    expected_stat = (abs(b - c) - (1 if correction else 0)) ** 2 / (b + c)  # R's mcnemar.test
    assert r.statistic == pytest.approx(expected_stat, rel=1e-12)
    assert r.df == 1
    # χ²(1) tail through an independent route: P(χ²₁ > x) = erfc(√(x/2)) in mpmath
    assert r.pvalue == pytest.approx(
        float(mpmath.erfc(mpmath.sqrt(mpmath.mpf(expected_stat) / 2))), rel=1e-9
    )
    assert r.pvalue == pytest.approx(stats.chi2.sf(expected_stat, 1), rel=1e-12)
    if not correction:  # the square of the z statistic (b − c)/√(b + c)
        assert r.pvalue == pytest.approx(2 * stats.norm.sf(abs(b - c) / math.sqrt(b + c)), rel=1e-9)


@pytest.mark.parametrize("method", MCNEMAR_METHODS)
def test_mcnemar_no_discordant_pairs_and_vectorized(method):
    r = mcnemar(0, 0, method)
    assert r.pvalue == 1.0
    if method in ("asymptotic", "corrected"):
        assert r.statistic == 0.0
    b = np.array([3, 10, 26])
    c = np.array([5, 0, 12])
    rv = mcnemar(b, c, method)
    for i in range(3):
        assert rv.pvalue[i] == pytest.approx(mcnemar(int(b[i]), int(c[i]), method).pvalue)


def test_mcnemar_guenter_example_and_relation_to_paired_test():
    # Günter's §2.1 data: b = 10, c = 0 out of |T| = 100
    assert mcnemar(10, 0, "exact").pvalue == pytest.approx(2 * 0.5**10)
    assert mcnemar(10, 0).pvalue == pytest.approx(0.5**10)  # mid-p: 2·(1/2)^10 − (1/2)^10
    # for balanced-ish large discordant counts Günter's Z² and McNemar's chi-square agree
    n = 10**6
    b, c = 5000, 4800
    r1, r2, r12 = (n - 10**5 + b) / n, (n - 10**5 + c) / n, (n - 10**5) / n
    z = paired_test(r1, r2, r12, n, alternative="two-sided")
    chi = mcnemar(b, c, "asymptotic")
    assert z.statistic**2 == pytest.approx(chi.statistic, rel=1e-3)
    assert z.pvalue == pytest.approx(chi.pvalue, rel=0.02)


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        ((-1, 3), ValueError, "only1 must be a whole number ≥ 0"),
        ((2, 3.5), ValueError, "only2 must be a whole number"),
        ((2, np.nan), ValueError, "only2 must be a finite whole number"),
        (("2", 3), TypeError, "only1"),
        ((True, 3), TypeError, "only1 must be a number, not a boolean"),
        (([1, 2], [1, 2, 3]), ValueError, "broadcastable"),
        ((2, 3, "yes"), ValueError, "method must be one of 'mid-p', 'exact', 'asymptotic'"),
        ((2, 3, True), TypeError, "the old third argument exact=True/False is now method="),
    ],
)
def test_mcnemar_rejects_bad_input(args, error, match):
    with pytest.raises(error, match=match):
        mcnemar(*args)


# statsmodels 0.15.0, statsmodels.stats.contingency_tables.mcnemar(table, exact=..., correction=...)
# (statistic, pvalue) for exact=True; exact=False, correction=True; exact=False, correction=False.
# statsmodels is not a dependency: the numbers were computed once and are written here.
# The second table is the example of R's mcnemar.test help page (Agresti 1990, p. 350).
STATSMODELS_MCNEMAR = {
    ((59, 6), (16, 80)): (
        (6.0, 0.052478790283203125),
        (3.6818181818181817, 0.055008833629265896),
        (4.545454545454546, 0.0330062576612325),
    ),
    ((794, 86), (150, 570)): (
        (86.0, 3.7159361395713866e-05),
        (16.81779661016949, 4.114562281345944e-05),
        (17.35593220338983, 3.099293441045215e-05),
    ),
    ((10, 3), (0, 7)): (
        (0.0, 0.25),
        (1.3333333333333333, 0.24821307898992026),
        (3.0, 0.08326451666355042),
    ),
}


@pytest.mark.parametrize("table", list(STATSMODELS_MCNEMAR))
def test_mcnemar_accepts_the_agreement_table_as_statsmodels_and_r_do(table):
    """Issue 44: mcnemar(table) as statsmodels' mcnemar(table) and R's mcnemar.test(matrix)."""
    exact, corrected, plain = STATSMODELS_MCNEMAR[table]
    r = mcnemar(table, method="exact")
    assert r.pvalue == pytest.approx(exact[1], rel=1e-12)
    assert min(r.details["only1"], r.details["only2"]) == exact[0]  # statsmodels: min(b, c)
    for method, (statistic, pvalue) in (("corrected", corrected), ("asymptotic", plain)):
        r = mcnemar(np.array(table), method=method)
        assert r.statistic == pytest.approx(statistic, rel=1e-12)
        assert r.pvalue == pytest.approx(pvalue, rel=1e-12)
    # the table is read as agreement_table orients it: b = table[0][1], c = table[1][0]
    b, c = table[0][1], table[1][0]
    for method in MCNEMAR_METHODS:
        assert mcnemar(table, method=method) == mcnemar(b, c, method)
    assert mcnemar(table).details["only1"] == b


def test_mcnemar_table_from_agreement_table():
    c1 = np.array([1, 1, 1, 0, 0, 1, 1, 0, 1, 1], dtype=bool)
    c2 = np.array([1, 0, 0, 1, 0, 0, 1, 0, 0, 1], dtype=bool)
    table = agreement_table(c1, c2)
    assert mcnemar(table) == mcnemar(int(table[0, 1]), int(table[1, 0]))


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        ((5,), {}, TypeError, r"^only2 is missing: pass the two discordant counts"),
        (([[1, 2, 3], [4, 5, 6]],), {}, ValueError, r"^only1 given alone must be the 2×2"),
        (([1, 2, 3, 4],), {}, ValueError, r"^only1 given alone must be the 2×2"),
        (([[1, -2], [3, 4]],), {}, ValueError, r"^table must be a whole number ≥ 0"),
        (([[59, 6], [16, 80]], "exact"), {}, TypeError, r"mcnemar\(table, method='exact'\)"),
        (
            ([True, False, True], [False, False, True]),
            {},
            TypeError,
            r"^only1 must be a count .*not booleans.*agreement_table",
        ),
    ],
)
def test_mcnemar_table_form_rejects_bad_input(args, kwargs, error, match):
    with pytest.raises(error, match=match):
        mcnemar(*args, **kwargs)


# ------------------------------------------------------------------------------------------
# positional traps: the message blames the argument that is wrong and says what to pass


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        # issue 44: used to say "method must be one of …; got 4"
        (
            lambda: difference_interval(12, 4),
            ValueError,
            r"^table must be the 2×2 agreement table .*12, 4 look like the two discordant counts",
        ),
        (lambda: difference_interval(12), ValueError, r"^table must be the 2×2 agreement table"),
        (lambda: difference_interval(CAVO, 0.9), ValueError, r"confidence=0\.9"),
        (lambda: difference_interval([59, 6, 16, 80]), ValueError, r"np\.reshape\(table"),
        (lambda: sign_test(3, 5, "mid-p"), ValueError, r"sign_test\(wins, trials, method='mid-p'"),
        (
            lambda: wilcoxon_signed_rank([0.1, 0.2, 0.3], [0.0, 0.1, 0.1]),
            TypeError,
            r"wilcoxon_signed_rank\(x - y\)",
        ),
        (
            lambda: paired_test(0.6, 0.5, 0.5, 100, "two-sided"),
            ValueError,
            r"^tail must be one of .*alternative='two-sided'",
        ),
        (
            lambda: rejection_probability(50, 0.1, "exact"),
            TypeError,
            r"^p_only2 must be a number; got 'exact'.*test='exact'",
        ),
        (
            lambda: rejection_probability(50, 0.1, 0.1, "exact"),
            TypeError,
            r"^level must be a number; got 'exact'.*test='exact'",
        ),
        (
            lambda: agreement_table([0, 2, 1], [1, 1, 0]),
            ValueError,
            r"^correct1 must hold only booleans or 0/1; got 2 .*y_pred == y_true",
        ),
        (
            lambda: pairwise_mcnemar(SMALL, "exact"),
            TypeError,
            r"^names must be a sequence of 3 strings; got 'exact' .*method=",
        ),
        (
            lambda: pairwise_mcnemar(SMALL, 0.05),
            TypeError,
            r"^names must be a sequence of 3 strings; got 0\.05 .*alpha=",
        ),
    ],
)
def test_positional_slips_blame_the_argument_that_is_wrong(call, error, match):
    with pytest.raises(error, match=match):
        call()


def mid_p_two_sided_by_enumeration(b: int, c: int) -> Fraction:
    """2·P(B ≤ m) − P(B = m), m = min(b, c), B ~ Bin(b + c, 1/2), in exact rational arithmetic."""
    n, m = b + c, min(b, c)
    pmf = [Fraction(math.comb(n, k), 2**n) for k in range(n + 1)]
    return 2 * sum(pmf[: m + 1]) - pmf[m]


@pytest.mark.parametrize("b", range(0, 26, 5))
@pytest.mark.parametrize("c", range(0, 26, 3))
def test_mcnemar_mid_p_against_exact_fractions(b, c):
    r = mcnemar(b, c)
    assert r.method.startswith("McNemar's mid-p test") and r.statistic == b
    expected = mid_p_two_sided_by_enumeration(b, c)
    assert r.pvalue == pytest.approx(float(expected), rel=1e-12, abs=1e-300)
    # Fagerland et al.'s definition: the exact p-value minus the probability of the observed b
    # (the exact p-value before it is capped at 1)
    if b != c:
        point = math.comb(b + c, b) / 2 ** (b + c)
        assert r.pvalue == pytest.approx(mcnemar(b, c, "exact").pvalue - point, rel=1e-10)
    assert r.pvalue == pytest.approx(sign_test(b, b + c, "two-sided", method="mid-p").pvalue)


def test_mcnemar_published_example():
    # Fagerland, Lydersen & Laake (2013, 2017): Cavo et al. (2012), b = 6, c = 16; the mid-p
    # value 0.034690 is printed by the authors' R package contingencytables (chapter 8)
    assert mcnemar(6, 16).pvalue == pytest.approx(0.034690, abs=5e-7)
    assert mcnemar(6, 16, "exact").pvalue == pytest.approx(stats.binomtest(6, 22).pvalue, rel=1e-12)
    assert mcnemar(6, 16, "asymptotic").pvalue == pytest.approx(
        stats.chi2.sf(100 / 22, 1), rel=1e-12
    )


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 400), st.integers(0, 400))
def test_mcnemar_forms_order(b, c):
    p = {method: mcnemar(b, c, method).pvalue for method in MCNEMAR_METHODS}
    assert 0 <= p["mid-p"] <= p["exact"] <= 1
    assert p["asymptotic"] <= p["corrected"] or b == c
    assert mcnemar(c, b).pvalue == pytest.approx(p["mid-p"], rel=1e-12, abs=1e-300)


@pytest.mark.parametrize(
    ("flags", "method"),
    [
        (dict(exact=True), "exact"),
        (dict(exact=True, correction=False), "exact"),
        (dict(exact=False), "corrected"),
        (dict(exact=False, correction=True), "corrected"),
        (dict(exact=False, correction=False), "asymptotic"),
        (dict(correction=False), "exact"),  # the old default exact=True ignored correction
    ],
)
def test_mcnemar_old_flags_still_work_with_a_deprecation_warning(flags, method):
    with pytest.warns(DeprecationWarning, match=f"pass method='{method}'"):
        old = mcnemar([7, 3], [2, 9], **flags)
    new = mcnemar([7, 3], [2, 9], method)
    np.testing.assert_array_equal(old.pvalue, new.pvalue)
    assert old.method == new.method


def test_mcnemar_rejects_method_and_flags_together():
    with pytest.raises(TypeError, match="either method or the deprecated"):
        mcnemar(3, 4, "exact", exact=True)
    with pytest.raises(TypeError, match="exact must be True or False"):
        mcnemar(3, 4, exact="yes")


# ------------------------------------------------------------------------------------------
# difference_interval: Newcombe, Wald, Tango


CAVO = [[59, 6], [16, 80]]  # Fagerland, Lydersen & Laake's example (Cavo et al. 2012)


@pytest.mark.parametrize(
    ("method", "low", "high"),
    [("newcombe", -0.1186, -0.0046), ("wald", -0.1184, -0.0058), ("tango", -0.1240, -0.0054)],
)
def test_difference_interval_published_example(method, low, high):
    # the four-digit limits printed by the authors' R package contingencytables (chapter 8;
    # Fagerland, Lydersen & Laake, Statistical Analysis of Contingency Tables, 2017)
    ci = difference_interval(CAVO, method)
    assert ci.estimate == pytest.approx(-10 / 161)
    assert ci.low == pytest.approx(low, abs=5e-5)
    assert ci.high == pytest.approx(high, abs=5e-5)
    assert ci.method == f"{method}-paired" and ci.confidence == 0.95


def tango_by_likelihood(b: int, c: int, n: int, confidence: float) -> tuple[float, float]:
    """Tango's limits from a numerically maximized restricted likelihood and plain bisection.

    For each δ the restricted MLE of q = P(only 2 right) maximizes
    b·log(q + δ) + c·log(q) + (n − b − c)·log(1 − 2q − δ) (no closed form used); the limits are
    where the score statistic crosses ±z, found by bisection on a fine bracket.
    """
    from scipy.optimize import minimize_scalar

    z = stats.norm.isf((1 - confidence) / 2)

    def score(delta):
        lo, hi = max(0.0, -delta), (1 - delta) / 2
        if hi - lo < 1e-15:
            q = lo
        else:

            def nll(q):
                terms = [(b, q + delta), (c, q), (n - b - c, 1 - 2 * q - delta)]
                return -sum(k * math.log(max(x, 1e-300)) for k, x in terms if k)

            q = minimize_scalar(nll, bounds=(lo, hi), method="bounded", options={"xatol": 1e-13}).x
        var = n * (2 * q + delta * (1 - delta))
        return (
            (b - c - n * delta) / math.sqrt(var)
            if var > 0
            else math.copysign(math.inf, b - c - n * delta)
        )

    def bisect(target, left, right):  # score(left) > target > score(right)
        for _ in range(60):
            mid = (left + right) / 2
            if score(mid) > target:
                left = mid
            else:
                right = mid
        return (left + right) / 2

    estimate = (b - c) / n
    low = -1.0 if score(-1 + 1e-12) <= z else bisect(z, -1 + 1e-12, estimate)
    high = 1.0 if score(1 - 1e-12) >= -z else bisect(-z, estimate, 1 - 1e-12)
    return low, high


@pytest.mark.parametrize(
    "table",
    [
        CAVO,
        [[1, 1], [7, 12]],
        [[10, 0], [0, 5]],
        [[0, 20], [0, 0]],
        [[3, 0], [9, 1]],
        [[40, 12], [3, 45]],
        [[0, 1], [1, 0]],
    ],
)
@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
def test_tango_against_likelihood_and_bisection(table, confidence):
    (a, b), (c, d) = table
    ci = difference_interval(table, "tango", confidence)
    low, high = tango_by_likelihood(b, c, a + b + c + d, confidence)
    assert ci.low == pytest.approx(low, abs=2e-6)
    assert ci.high == pytest.approx(high, abs=2e-6)


def test_tango_closed_form_when_one_classifier_wins_every_item():
    # b = n, c = 0: T(δ) = √(n(1 − δ)/(1 + δ)), so the lower limit is (n − z²)/(n + z²)
    z = stats.norm.isf(0.025)
    for n in (1, 5, 30):
        ci = difference_interval([[0, n], [0, 0]], "tango")
        assert ci.low == pytest.approx((n - z**2) / (n + z**2), abs=1e-9)
        assert ci.high == 1.0


def test_the_reports_old_name_gives_the_same_interval():
    # report.paired_accuracy_difference is kept as an alias; the independent route (Newcombe's
    # formula written out term by term) is tests/test_report.py::_newcombe_direct
    from evalkit.report import paired_accuracy_difference

    rng = np.random.default_rng(5)
    for _ in range(30):
        table = rng.integers(0, 40, size=(2, 2))
        if table.sum() == 0:
            continue
        assert paired_accuracy_difference(table, 0.9) == difference_interval(table, "newcombe", 0.9)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.integers(0, 60), min_size=4, max_size=4).filter(lambda x: sum(x) > 0),
    st.sampled_from(["newcombe", "wald", "tango"]),
    st.sampled_from([0.5, 0.9, 0.95, 0.999]),
)
def test_difference_intervals_stay_inside_minus_one_one(counts, method, confidence):
    table = np.reshape(counts, (2, 2))
    ci = difference_interval(table, method, confidence)
    assert -1.0 <= ci.low <= ci.estimate + 1e-12 and ci.estimate - 1e-12 <= ci.high <= 1.0
    if method != "wald":  # score-type intervals never collapse to a point
        assert ci.high - ci.low > 0


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        (dict(table=[[1, 2, 3], [4, 5, 6]]), ValueError, "table must be the 2×2 agreement table"),
        (dict(table=[[0, 0], [0, 0]]), ValueError, "table must count at least one test item"),
        (dict(table=[[1, -2], [3, 4]]), ValueError, "table must be a whole number ≥ 0"),
        (dict(table=[[1, 2.5], [3, 4]]), ValueError, "table must be a whole number"),
        (dict(table=CAVO, method="score"), ValueError, "method must be one of 'newcombe'"),
        (dict(table=CAVO, confidence=95), ValueError, "confidence must be strictly between"),
    ],
)
def test_difference_interval_rejects_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        difference_interval(**kwargs)


# ------------------------------------------------------------------------------------------
# rejection_probability: exact size and power of the paired tests

REJECTION_TESTS = ("mid-p", "exact", "asymptotic", "corrected", "guenter")


def _pvalue(test: str, b: int, c: int, size: int, alternative: str) -> float:
    if test in ("exact", "mid-p"):
        return sign_test(b, b + c, alternative, method=test).pvalue
    if test == "guenter":
        a = size - b - c  # any split of the concordant items gives the same Z
        return paired_test(
            (a + b) / size, (a + c) / size, a / size, size, alternative=alternative
        ).pvalue
    assert alternative == "two-sided"
    return mcnemar(b, c, test).pvalue


def rejection_by_fractions(size, p1, p2, level, test, alternative="two-sided") -> Fraction:
    """Σ over all (b, c, concordant) of the exact multinomial probability of the rejecting ones."""
    p1, p2 = Fraction(p1), Fraction(p2)
    rest = 1 - p1 - p2
    total = Fraction(0)
    for b in range(size + 1):
        for c in range(size + 1 - b):
            if _pvalue(test, b, c, size, alternative) <= level:
                coef = math.factorial(size) // (
                    math.factorial(b) * math.factorial(c) * math.factorial(size - b - c)
                )
                total += coef * p1**b * p2**c * rest ** (size - b - c)
    return total


@pytest.mark.parametrize("test", REJECTION_TESTS)
@pytest.mark.parametrize(
    ("p1", "p2"), [(0.1, 0.1), (0.25, 0.05), (0.05, 0.4), (0.5, 0.5), (0.3, 0.0)]
)
def test_rejection_probability_against_exact_fractions(test, p1, p2):
    size = 14
    exact = rejection_by_fractions(size, p1, p2, 0.05, test)
    assert rejection_probability(size, p1, p2, test=test) == pytest.approx(
        float(exact), rel=1e-10, abs=1e-15
    )


@pytest.mark.parametrize("test", ["mid-p", "exact", "guenter"])
@pytest.mark.parametrize("alternative", ["greater", "less"])
def test_rejection_probability_one_sided_against_exact_fractions(test, alternative):
    size = 12
    exact = rejection_by_fractions(size, 0.3, 0.1, 0.05, test, alternative)
    got = rejection_probability(size, 0.3, 0.1, test=test, alternative=alternative)
    assert got == pytest.approx(float(exact), rel=1e-10, abs=1e-15)


@pytest.mark.parametrize("test", REJECTION_TESTS)
def test_rejection_probability_against_seeded_simulation(test):
    rng = np.random.default_rng(18)
    size, p1, p2, runs = 200, 0.12, 0.07, 20_000
    counts = rng.multinomial(size, [p1, p2, 1 - p1 - p2], size=runs)
    b, c = counts[:, 0], counts[:, 1]
    if test in ("exact", "mid-p"):
        p = mcnemar(b, c, test).pvalue
    elif test == "guenter":
        p = paired_test(b / size, c / size, 0.0, size, alternative="two-sided").pvalue
    else:
        p = mcnemar(b, c, test).pvalue
    simulated = np.mean(p <= 0.05)
    exact = rejection_probability(size, p1, p2, test=test)
    assert abs(simulated - exact) < 4 * math.sqrt(exact * (1 - exact) / runs)


def test_rejection_probability_exact_test_keeps_its_level_and_mid_p_is_between():
    p = np.linspace(0.005, 0.5, 100)
    for size in (10, 30, 50, 100):
        exact = rejection_probability(size, p, test="exact")
        mid = rejection_probability(size, p, test="mid-p")
        assert np.all(exact <= 0.05 + 1e-12)  # valid given b + c, hence unconditionally
        assert np.all(mid >= exact - 1e-15)  # mid-p ≤ exact p: rejects at least as often
    corrected = rejection_probability(50, p, test="corrected")
    assert np.all(corrected <= 0.05)


def test_mid_p_mcnemar_keeps_the_level_when_at_most_half_the_pairs_are_discordant():
    # the claim notebook 04 makes (after Fagerland, Lydersen & Laake 2013): N = 10 … 200 pairs,
    # discordance up to 50 %; and the exact test's largest size at N = 50 is about 0.03
    rates = np.linspace(0.0025, 0.25, 100)
    worst = max(rejection_probability(n, rates).max() for n in range(10, 201, 3))
    assert worst <= 0.05
    assert rejection_probability(50, rates, test="exact").max() == pytest.approx(0.03, abs=0.002)
    assert rejection_probability(50, 0.5, test="mid-p") > 0.05  # every pair discordant: above


def test_rejection_probability_vectorized_and_fast():
    import time

    rates = np.linspace(0.01, 0.45, 100)
    start = time.perf_counter()
    curve = rejection_probability(1000, rates, 0.8 * rates)
    elapsed = time.perf_counter() - start
    assert curve.shape == (100,)
    for i in (0, 37, 99):
        assert curve[i] == pytest.approx(rejection_probability(1000, rates[i], 0.8 * rates[i]))
    grid = rejection_probability(40, rates[:, None], rates[None, :5])
    assert grid.shape == (100, 5)
    assert elapsed < 1.0
    assert rejection_probability(20, 0.0) == 0.0  # no discordant items: nothing to reject


def test_guenter_one_sided_after_looking_has_twice_the_level():
    # choosing the direction after seeing which classifier did better, then testing one-sided
    # at α, rejects exactly when the two-sided test at 2α does: its type-I error is about 2α
    size, alpha = 200, 0.05
    after_looking = float(
        sum(
            rejection_by_fractions(
                size=12, p1=0.2, p2=0.2, level=alpha, test="guenter", alternative=alt
            )
            for alt in ("greater", "less")
        )
    )
    assert rejection_probability(12, 0.2, level=2 * alpha, test="guenter") == pytest.approx(
        after_looking, rel=1e-10
    )
    one_sided = rejection_probability(size, 0.1, level=alpha, test="guenter", alternative="greater")
    both = rejection_probability(size, 0.1, level=2 * alpha, test="guenter")
    assert one_sided == pytest.approx(alpha, abs=0.01)
    assert both == pytest.approx(2 * alpha, abs=0.02)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        (dict(trials=0, p_only1=0.1), ValueError, "trials must be a whole number ≥ 1"),
        (dict(trials=10, p_only1=1.2), ValueError, "p_only1 must be a probability"),
        (
            dict(trials=10, p_only1=0.6, p_only2=0.5),
            ValueError,
            "p_only1 \\+ p_only2 must not exceed 1",
        ),
        (
            dict(trials=10, p_only1=0.1, level=0),
            ValueError,
            "level must be strictly between 0 and 1",
        ),
        (dict(trials=10, p_only1=0.1, test="fisher"), ValueError, "test must be one of 'mid-p'"),
        (dict(trials=10, p_only1=0.1, alternative="up"), ValueError, "alternative must be one of"),
        (dict(trials=[10, 20], p_only1=0.1), ValueError, "trials must be a single whole number"),
        (dict(trials=10, p_only1=[0.1, 0.2], p_only2=[0.1, 0.2, 0.3]), ValueError, "broadcastable"),
        (dict(trials=10, p_only1="0.1"), TypeError, "p_only1"),
    ],
)
def test_rejection_probability_rejects_bad_input(kwargs, error, match):
    with pytest.raises(error, match=match):
        rejection_probability(**kwargs)


# ------------------------------------------------------------------------------------------
# sign test (§2.2)


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_sign_test_against_binomtest(alternative):
    for n in range(1, 31):
        for k in range(n + 1):
            r = sign_test(k, n, alternative)
            expected = stats.binomtest(k, n, 0.5, alternative=alternative).pvalue
            assert r.pvalue == pytest.approx(expected, rel=1e-10, abs=1e-300), (k, n)


def sign_mid_p_by_fractions(k: int, n: int, alternative: str) -> Fraction:
    pmf = [Fraction(math.comb(n, i), 2**n) for i in range(n + 1)]
    upper = sum(pmf[k + 1 :]) + pmf[k] / 2
    lower = sum(pmf[:k]) + pmf[k] / 2
    return {"greater": upper, "less": lower, "two-sided": min(Fraction(1), 2 * min(upper, lower))}[
        alternative
    ]


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_sign_test_mid_p_against_exact_fractions(alternative):
    for n in range(0, 26):
        for k in range(n + 1):
            r = sign_test(k, n, alternative, method="mid-p")
            expected = float(sign_mid_p_by_fractions(k, n, alternative))
            assert r.pvalue == pytest.approx(expected, rel=1e-12, abs=1e-300), (k, n)
    assert "mid-p" in sign_test(3, 5, method="mid-p").method


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 2000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))),
    st.sampled_from(ALTERNATIVES),
)
def test_sign_test_mid_p_never_above_exact(data, alternative):
    k, n = data
    mid = sign_test(k, n, alternative, method="mid-p").pvalue
    exact = sign_test(k, n, alternative).pvalue
    assert 0 <= mid <= exact <= 1
    if alternative != "two-sided":  # the mid-p tails of the two directions add up to 1
        other = "less" if alternative == "greater" else "greater"
        assert mid + sign_test(k, n, other, method="mid-p").pvalue == pytest.approx(1.0)


def test_sign_test_rejects_bad_method():
    with pytest.raises(ValueError, match="method must be one of 'exact', 'mid-p'; got 'midp'"):
        sign_test(3, 5, method="midp")


@pytest.mark.parametrize(
    "function", [simple_test, paired_test, sign_test, sign_test_from_scores, wilcoxon_signed_rank]
)
def test_every_test_defaults_to_two_sided(function):
    """Issue 44: a port of scipy.stats.binomtest(k, n) must not silently become one-sided."""
    import inspect

    assert inspect.signature(function).parameters["alternative"].default == "two-sided"


@pytest.mark.parametrize(("wins", "trials"), [(4, 4), (15, 20), (3, 11), (0, 0), (7, 14)])
def test_sign_test_default_is_scipys_binomtest_default(wins, trials):
    expected = 1.0 if trials == 0 else stats.binomtest(wins, trials).pvalue  # two-sided
    r = sign_test(wins, trials)
    assert r.alternative == "two-sided"
    assert r.pvalue == pytest.approx(expected, rel=1e-12)
    scores1 = [1.0] * wins + [0.0] * (trials - wins) + [0.5]  # one tie, dropped
    scores2 = [0.0] * wins + [1.0] * (trials - wins) + [0.5]
    assert sign_test_from_scores(scores1, scores2).pvalue == pytest.approx(expected, rel=1e-12)


def test_guenter_tests_default_to_two_sided():
    one = simple_test(0.7, 0.6, 200, alternative="greater").pvalue
    assert simple_test(0.7, 0.6, 200).pvalue == pytest.approx(2 * one, rel=1e-12)
    one = paired_test(0.6, 0.5, 0.5, 100, alternative="greater").pvalue
    assert paired_test(0.6, 0.5, 0.5, 100).pvalue == pytest.approx(2 * one, rel=1e-12)
    assert paired_test(0.6, 0.5, 0.5, 100).alternative == "two-sided"


def test_sign_test_guenter_example_and_the_eq7_slip():
    assert sign_test(4, 4, "greater").pvalue == pytest.approx(0.0625)  # Günter's one-sided P_n
    correct = sign_test(15, 20, "greater").pvalue
    assert correct == pytest.approx(sum(math.comb(20, i) for i in range(15, 21)) / 2**20)
    printed = sum(math.comb(20, i) * 0.5**i for i in range(15, 21))  # eq. 7 as printed
    assert correct == pytest.approx(0.0207, abs=5e-5)
    assert printed == pytest.approx(0.557, abs=5e-4)
    # the printed formula equals the right one only when Z = n
    for n in range(1, 15):
        assert sum(math.comb(n, i) * 0.5**i for i in range(n, n + 1)) == (
            sign_test(n, n, "greater").pvalue
        )


def test_sign_test_huge_counts_and_no_runs():
    n = 10**9
    k = n // 2 + 50_000
    upper = sign_test(k, n, "greater").pvalue
    # independent route: the normal approximation with continuity correction, whose relative
    # error for Bin(n, 1/2) is O(1/n), i.e. negligible at n = 10^9
    expected = stats.norm.sf((k - 0.5 - n / 2) / math.sqrt(n / 4))
    assert upper == pytest.approx(expected, rel=1e-6)
    assert sign_test(0, 0).pvalue == 1.0
    for alternative in ALTERNATIVES:
        assert sign_test(0, 0, alternative).pvalue == 1.0


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 5), min_size=1, max_size=40).flatmap(
        lambda a: st.tuples(
            st.just(a), st.lists(st.integers(0, 5), min_size=len(a), max_size=len(a))
        )
    ),
    st.sampled_from(ALTERNATIVES),
)
def test_sign_test_from_scores_drops_and_reports_ties(pair, alternative):
    s1, s2 = (np.asarray(s, float) / 5 for s in pair)
    r = sign_test_from_scores(s1, s2, alternative)
    wins, losses = int((s1 > s2).sum()), int((s1 < s2).sum())
    assert r.details["wins"] == wins and r.details["losses"] == losses
    assert r.details["ties"] == len(s1) - wins - losses
    assert r.details["trials"] == wins + losses
    assert r.pvalue == pytest.approx(sign_test(wins, wins + losses, alternative).pvalue)
    assert f"{len(s1) - wins - losses} tie" in r.method


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: sign_test(5, 4), ValueError, "wins must not exceed trials; got wins=5"),
        (lambda: sign_test(-1, 4), ValueError, "wins must be a whole number ≥ 0"),
        (lambda: sign_test(2, 4.5), ValueError, "trials must be a whole number"),
        (lambda: sign_test(2, 4, "bigger"), ValueError, "alternative must be one of"),
        (lambda: sign_test("2", 4), TypeError, "wins"),
        (lambda: sign_test([1, 2], [3, 4, 5]), ValueError, "broadcastable"),
        (lambda: sign_test_from_scores([0.9, 0.8], [0.7]), ValueError, "same length"),
        (lambda: sign_test_from_scores([], []), ValueError, "scores1 must not be empty"),
        (
            lambda: sign_test_from_scores([0.9, np.nan], [0.7, 0.6]),
            ValueError,
            "scores1 must be finite",
        ),
        (lambda: sign_test_from_scores(["a"], [0.7]), TypeError, "scores1 must be an array"),
        (
            lambda: sign_test_from_scores([0.9], [[0.7]]),
            ValueError,
            "scores2 must be one-dimensional",
        ),
        (lambda: sign_test_from_scores([0.9], [0.7], "up"), ValueError, "alternative"),
    ],
)
def test_sign_tests_reject_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()


# ------------------------------------------------------------------------------------------
# Wilcoxon signed-rank


def wilcoxon_by_enumeration(d: np.ndarray, alternative: str) -> tuple[float, float]:
    """W+ and its p-value over all 2^n sign patterns of the ranks (exact, ties allowed)."""
    d = d[d != 0]
    ranks = stats.rankdata(np.abs(d))
    w_plus = ranks[d > 0].sum()
    total = ranks.sum()
    sums = np.array(
        [
            sum(r for r, s in zip(ranks, signs, strict=True) if s)
            for signs in itertools.product([0, 1], repeat=len(d))
        ]
    )
    eps = 1e-9
    upper = np.mean(sums >= w_plus - eps)
    lower = np.mean(sums <= w_plus + eps)
    if alternative == "greater":
        return w_plus, upper
    if alternative == "less":
        return w_plus, lower
    dev = abs(w_plus - total / 2)
    return w_plus, np.mean(np.abs(sums - total / 2) >= dev - eps)


@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("seed", range(6))
def test_wilcoxon_against_enumeration_no_ties(alternative, seed):
    rng = np.random.default_rng(seed)
    d = rng.normal(0.3, 1.0, size=int(rng.integers(4, 12)))
    r = wilcoxon_signed_rank(d, alternative)
    w_plus, p = wilcoxon_by_enumeration(d, alternative)
    assert r.statistic == pytest.approx(w_plus)
    assert r.pvalue == pytest.approx(p, rel=1e-9)
    assert r.pvalue == pytest.approx(stats.wilcoxon(d, alternative=alternative).pvalue)
    assert "exact" in r.method


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_wilcoxon_with_zeros_and_ties(alternative):
    d = np.array([0.02, 0.0, -0.01, 0.02, 0.03, 0.0, 0.01, 0.04, 0.02])
    r = wilcoxon_signed_rank(d, alternative)
    assert r.details["zeros"] == 2 and r.details["n_nonzero"] == 7
    assert r.statistic + r.details["w_minus"] == pytest.approx(7 * 8 / 2)
    w_plus, p = wilcoxon_by_enumeration(d, alternative)  # scipy enumerates for n ≤ 13 with ties
    assert r.statistic == pytest.approx(w_plus)
    assert r.pvalue == pytest.approx(p, rel=1e-9)
    assert "2 zero differences dropped" in r.method


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_wilcoxon_exact_with_ties_beyond_scipys_enumeration_limit(alternative):
    # 18 nonzero differences with many ties: scipy's "auto" switches to the normal
    # approximation above 13; method="exact" gives the exact distribution, checked here against
    # all 2^18 sign patterns enumerated at once as a bit matrix
    d = np.array([1, -1, 2, 2, -2, 3, 3, 3, -1, 1, 4, 4, -4, 2, 1, 1, 5, -3], dtype=float)
    r = wilcoxon_signed_rank(d, alternative, method="exact")
    ranks = stats.rankdata(np.abs(d))
    signs = (np.arange(2**d.size)[:, None] >> np.arange(d.size)) & 1
    sums = signs @ ranks
    w_plus = ranks[d > 0].sum()
    upper, lower = np.mean(sums >= w_plus - 1e-9), np.mean(sums <= w_plus + 1e-9)
    expected = {"greater": upper, "less": lower, "two-sided": min(1.0, 2 * min(upper, lower))}
    assert r.statistic == pytest.approx(w_plus)
    assert r.pvalue == pytest.approx(expected[alternative], rel=1e-12)
    assert "exact permutation" in r.method
    assert "asymptotic" in wilcoxon_signed_rank(d, alternative).method  # scipy's rule for auto


def test_wilcoxon_large_sample_and_all_zero():
    rng = np.random.default_rng(1)
    d = rng.normal(0.1, 1.0, size=200)
    r = wilcoxon_signed_rank(d, "greater")
    assert r.pvalue == pytest.approx(stats.wilcoxon(d, alternative="greater").pvalue)
    assert "asymptotic" in r.method
    r0 = wilcoxon_signed_rank([0.0, 0.0, 0.0])
    assert r0.pvalue == 1.0 and r0.details["zeros"] == 3


def test_wilcoxon_uses_sizes_where_sign_test_cannot():
    # 7 wins out of 10 runs, but the 3 losses are tiny and the wins large
    d = np.array([0.05, 0.04, 0.06, 0.03, 0.055, 0.07, 0.045, -0.001, -0.002, -0.003])
    assert sign_test(7, 10).pvalue > 0.1
    # W− = 1 + 2 + 3 = 6: P(W− ≤ 6) = 14/1024 (14 subsets of {1..10} sum to at most 6)
    assert wilcoxon_signed_rank(d, "greater").pvalue == pytest.approx(14 / 1024)


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        (([],), ValueError, "differences must not be empty"),
        (([0.1, np.inf],), ValueError, "differences must be finite"),
        ((["a", "b"],), TypeError, "differences must be an array of numbers"),
        (([[0.1, 0.2]],), ValueError, "differences must be one-dimensional"),
        (([0.1, 0.2], "up"), ValueError, "alternative must be one of"),
    ],
)
def test_wilcoxon_rejects_bad_input(args, error, match):
    with pytest.raises(error, match=match):
        wilcoxon_signed_rank(*args)


def test_wilcoxon_rejects_bad_method():
    with pytest.raises(ValueError, match="method must be one of"):
        wilcoxon_signed_rank([0.1, 0.2], method="permutation")


ZERO_METHODS = ("wilcox", "pratt", "zsplit")
# differences with zeros and ties (small: scipy enumerates them), and a longer sample
WILCOXON_SAMPLES = [
    np.array([0.02, 0.0, -0.01, 0.02, 0.03, 0.0, 0.01, 0.04, 0.02]),
    np.array([0.0, 0.03, 0.01, 0.04, -0.02, 0.05, 0.06]),
    np.array([3, 0, -1, 2, 2, 0, 0, 5, -2, 4, 1, 3, 3, 6, -4, 2, 0, 7, 1, -1, 2], dtype=float),
]


@pytest.mark.parametrize("correction", [False, True])
@pytest.mark.parametrize("zero_method", ZERO_METHODS)
@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("sample", range(len(WILCOXON_SAMPLES)))
def test_wilcoxon_asymptotic_zero_methods_and_correction_against_scipy(
    sample, alternative, zero_method, correction
):
    d = WILCOXON_SAMPLES[sample]
    r = wilcoxon_signed_rank(
        d, alternative, method="asymptotic", zero_method=zero_method, correction=correction
    )
    ref = stats.wilcoxon(
        d,
        alternative=alternative,
        method="asymptotic",
        zero_method=zero_method,
        correction=correction,
    )
    assert r.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    w_total = r.statistic + r.details["w_minus"]
    expected_w = (
        min(r.statistic, r.details["w_minus"]) if alternative == "two-sided" else r.statistic
    )
    assert expected_w == pytest.approx(ref.statistic, rel=1e-12)
    n_ranked = d.size - (r.details["zeros"] if zero_method == "wilcox" else 0)
    ranks_of_zeros = r.details["zeros"] * (r.details["zeros"] + 1) / 2
    assert w_total == pytest.approx(
        n_ranked * (n_ranked + 1) / 2 - (ranks_of_zeros if zero_method == "pratt" else 0)
    )
    assert ("continuity correction" in r.method) is correction


@pytest.mark.parametrize("zero_method", ZERO_METHODS)
@pytest.mark.parametrize("alternative", ALTERNATIVES)
@pytest.mark.parametrize("sample", range(2))
def test_wilcoxon_exact_zero_methods_against_scipy_enumeration(sample, alternative, zero_method):
    # n ≤ 13 with zeros or ties: scipy's "auto" enumerates all 2^n sign patterns
    d = WILCOXON_SAMPLES[sample]
    r = wilcoxon_signed_rank(d, alternative, zero_method=zero_method)
    ref = stats.wilcoxon(d, alternative=alternative, zero_method=zero_method)
    assert r.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    assert "exact" in r.method
    assert r.details["zero_method"] == zero_method


@pytest.mark.parametrize("zero_method", ZERO_METHODS)
@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_wilcoxon_exact_without_zeros_or_ties_against_scipy_exact(alternative, zero_method):
    d = np.random.default_rng(3).normal(0.4, 1.0, size=30)
    r = wilcoxon_signed_rank(d, alternative, zero_method=zero_method)
    ref = stats.wilcoxon(d, alternative=alternative, zero_method=zero_method, method="exact")
    assert r.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    assert r.method.startswith("Wilcoxon signed-rank test (exact;")


def test_wilcoxon_pratt_and_zsplit_rank_the_zeros():
    # zeros ranked first push the nonzero ranks up: W+ differs from Wilcoxon's, the exact
    # p-values of Pratt and zsplit agree (their W+ differ by the constant half-rank of zeros)
    d = np.array([0.0, 0.0, 0.1, 0.2, -0.3, 0.4, 0.5])
    wilcox = wilcoxon_signed_rank(d, "greater", method="exact")
    pratt = wilcoxon_signed_rank(d, "greater", method="exact", zero_method="pratt")
    zsplit = wilcoxon_signed_rank(d, "greater", method="exact", zero_method="zsplit")
    assert wilcox.statistic == 1 + 2 + 4 + 5
    assert pratt.statistic == 3 + 4 + 6 + 7
    assert zsplit.statistic == pratt.statistic + (1 + 2) / 2
    assert zsplit.pvalue == pratt.pvalue
    assert pratt.pvalue == pytest.approx(
        stats.wilcoxon(d, alternative="greater", zero_method="pratt").pvalue, rel=1e-12
    )


def test_wilcoxon_default_is_wilcox_without_correction():
    d = WILCOXON_SAMPLES[2]
    r = wilcoxon_signed_rank(d, method="asymptotic")
    plain = stats.wilcoxon(d, method="asymptotic", zero_method="wilcox", correction=False)
    assert r.pvalue == pytest.approx(plain.pvalue, rel=1e-12)
    assert "zero differences dropped" in r.method


@pytest.mark.parametrize("zero_method", ZERO_METHODS)
@pytest.mark.parametrize("method", ["auto", "exact", "asymptotic"])
def test_wilcoxon_float_rates_tie_like_their_counts(method, zero_method):
    # regression (issue 20, point 8): 18/19 − 17/19 and 19/19 − 18/19 differ in the last bit;
    # they must tie, as the integer counts 18 − 17 and 19 − 18 do
    right1 = np.array([18, 19, 17, 19, 16, 18, 15, 19, 18, 17, 16, 19])
    right2 = np.array([17, 18, 17, 16, 15, 19, 15, 17, 14, 16, 17, 18])
    rates = right1 / 19 - right2 / 19
    assert rates[0] != rates[1]  # the floating-point slip the tolerance absorbs
    for alternative in ALTERNATIVES:
        on_rates = wilcoxon_signed_rank(rates, alternative, method=method, zero_method=zero_method)
        on_counts = wilcoxon_signed_rank(
            (right1 - right2).astype(float), alternative, method=method, zero_method=zero_method
        )
        assert on_rates.pvalue == pytest.approx(on_counts.pvalue, rel=1e-12)
        assert on_rates.statistic == on_counts.statistic


def test_sign_test_from_scores_float_ties():
    # regression (issue 20, point 8): 0.1 + 0.2 is 0.30000000000000004, a tie with 0.3 within R's
    # relative tolerance 1e-7; a real difference of 1e-6 still counts
    r = sign_test_from_scores([0.1 + 0.2, 18 / 19, 0.5 + 1e-6, 0.7], [0.3, 1 - 1 / 19, 0.5, 0.6])
    assert (r.details["wins"], r.details["losses"], r.details["ties"]) == (2, 0, 2)
    assert r.pvalue == sign_test(2, 2).pvalue


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        (dict(zero_method="split"), ValueError, "zero_method must be one of 'wilcox', 'pratt'"),
        (dict(correction=1), TypeError, "correction must be True or False; got 1"),
    ],
)
def test_wilcoxon_rejects_bad_zero_method_and_correction(kwargs, error, match):
    with pytest.raises(error, match=match):
        wilcoxon_signed_rank([0.1, 0.2, 0.0], **kwargs)


# ------------------------------------------------------------------------------------------
# contracts


def test_mcnemar_signature_is_stable():
    """method (default mid-p); the old exact=/correction= flags stay reachable as keywords."""
    import inspect

    params = inspect.signature(mcnemar).parameters
    assert list(params) == ["only1", "only2", "method", "exact", "correction"]
    assert params["method"].default == "mid-p"
    assert params["exact"].kind is inspect.Parameter.KEYWORD_ONLY


# --------------------------------------------------------------------------------------------
# Cochran's Q and pairwise McNemar tests with Holm (issue 26)

from evalkit.multiple import holm  # noqa: E402
from evalkit.paired import PairwiseMcNemar, cochran_q, pairwise_mcnemar  # noqa: E402

#: 7 items × 3 classifiers; by hand: C = (6, 3, 2), T = 11, R = (2, 1, 3, 0, 2, 2, 1),
#: Q = 2·(3·49 − 121)/(3·11 − 23) = 52/10 = 5.2; with 2 df, p = exp(−Q/2) = exp(−2.6).
SMALL = [[1, 1, 0], [1, 0, 0], [1, 1, 1], [0, 0, 0], [1, 0, 1], [1, 1, 0], [1, 0, 0]]


def _textbook_q(x):
    """Cochran (1950): Q = k(k − 1) Σ_j (C_j − C̄)² / (k Σ_i R_i − Σ_i R_i²), with Fractions."""
    x = [[int(v) for v in row] for row in x]
    k = len(x[0])
    cols = [sum(row[j] for row in x) for j in range(k)]
    rows = [sum(row) for row in x]
    mean = Fraction(sum(cols), k)
    num = k * (k - 1) * sum((c - mean) ** 2 for c in cols)
    den = k * sum(rows) - sum(r * r for r in rows)
    return num / den


def test_cochran_q_small_example_by_hand():
    r = cochran_q(SMALL)
    assert _textbook_q(SMALL) == Fraction(26, 5)
    assert r.statistic == pytest.approx(5.2, abs=1e-14)
    assert r.df == 2
    assert r.pvalue == pytest.approx(math.exp(-2.6), rel=1e-13)
    assert r.statistic_name == "Q" and r.method == "Cochran's Q test"
    assert r.details["informative_items"] == 5 and r.details["classifiers"] == 3
    np.testing.assert_allclose(r.details["accuracies"], [6 / 7, 3 / 7, 2 / 7])


@settings(deadline=None)
@given(
    st.integers(3, 6).flatmap(
        lambda k: st.lists(st.lists(st.booleans(), min_size=k, max_size=k), min_size=1, max_size=40)
    )
)
def test_cochran_q_agrees_with_the_textbook_form_and_chi_square(rows):
    x = np.array(rows)
    k = x.shape[1]
    r = cochran_q(x)
    informative = (x.sum(axis=1) > 0) & (x.sum(axis=1) < k)
    if not informative.any():
        assert r.statistic == 0.0 and r.pvalue == 1.0
        return
    q = _textbook_q(x)
    assert r.statistic == pytest.approx(float(q), rel=1e-12, abs=1e-12)
    assert r.pvalue == pytest.approx(stats.chi2.sf(float(q), k - 1), rel=1e-9, abs=1e-15)
    # concordant rows carry no information, and the order of the classifiers does not matter
    padded = np.vstack([x, np.ones((3, k), bool), np.zeros((2, k), bool)])
    assert cochran_q(padded).statistic == pytest.approx(r.statistic, rel=1e-12, abs=1e-12)
    assert cochran_q(x[:, ::-1]).statistic == pytest.approx(r.statistic, rel=1e-12, abs=1e-12)


@settings(deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=50))
def test_cochran_q_with_two_classifiers_is_mcnemar_without_correction(pairs):
    x = np.array(pairs)
    table = agreement_table(x[:, 0], x[:, 1])
    expected = mcnemar(table[0, 1], table[1, 0], "asymptotic")
    r = cochran_q(x)
    assert r.statistic == pytest.approx(expected.statistic, abs=1e-12)
    assert r.pvalue == pytest.approx(expected.pvalue, abs=1e-12)


def test_cochran_q_null_simulation_holds_its_level():
    rng = np.random.default_rng(26)
    pvalues = []
    for _ in range(2000):
        difficulty = rng.random(150)
        x = rng.random((150, 4)) < difficulty[:, None]  # same accuracy, correlated items
        pvalues.append(cochran_q(x).pvalue)
    rate = np.mean(np.array(pvalues) <= 0.05)
    assert 0.035 <= rate <= 0.065


@pytest.mark.parametrize("method", MCNEMAR_METHODS)
def test_pairwise_mcnemar_is_mcnemar_on_each_pair_then_holm(method):
    rng = np.random.default_rng(4)
    x = rng.random((80, 4)) < np.array([0.9, 0.8, 0.7, 0.75])
    res = pairwise_mcnemar(x, names=["a", "b", "c", "d"], method=method, alpha=0.1)
    assert res.pairs == [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
    raw = []
    for (i, j), b, c, p in zip(
        res.pairs, res.only_first, res.only_second, res.pvalues, strict=True
    ):
        table = agreement_table(x[:, i], x[:, j])
        assert (b, c) == (table[0, 1], table[1, 0])
        raw.append(mcnemar(int(b), int(c), method).pvalue)
        assert p == pytest.approx(raw[-1], abs=1e-15)
    adjusted = holm(raw, 0.1)
    np.testing.assert_allclose(res.adjusted, adjusted.adjusted)
    np.testing.assert_array_equal(res.reject, adjusted.reject)
    assert isinstance(res, PairwiseMcNemar) and res.alpha == 0.1 and method in res.method
    assert "a vs b" in str(res)


def test_pairwise_mcnemar_small_example_by_hand():
    res = pairwise_mcnemar(SMALL, names=["A", "B", "C"])
    # mid-p: b = 3, c = 0 → (1/2)^3; b = 4, c = 0 → (1/2)^4; b = 2, c = 1 → 2·(4/8) − 3/8
    np.testing.assert_allclose(res.pvalues, [1 / 8, 1 / 16, 5 / 8], rtol=1e-13)
    np.testing.assert_allclose(res.adjusted, [2 / 8, 3 / 16, 5 / 8], rtol=1e-13)
    assert res.names == ["A", "B", "C"] and not res.reject.any()


@pytest.mark.parametrize(
    ("function", "kwargs", "error", "message"),
    [
        (
            cochran_q,
            dict(correct=[1, 0, 1]),
            ValueError,
            r"^correct must be a 2-D array with one row per test item and one column per "
            r"classifier \(at least 2 columns\); got shape \(3,\)",
        ),
        (cochran_q, dict(correct=[[1], [0]]), ValueError, r"^correct must be a 2-D array"),
        (
            cochran_q,
            dict(correct=np.zeros((0, 3))),
            ValueError,
            r"^correct must have at least one row",
        ),
        (
            cochran_q,
            dict(correct=[[1, 2, 0]]),
            ValueError,
            r"^correct must hold only booleans or 0/1; got 2",
        ),
        (
            cochran_q,
            dict(correct=[["a", "b", "c"]]),
            TypeError,
            r"^correct must be an array of booleans \(or 0/1\); got dtype",
        ),
        (
            pairwise_mcnemar,
            dict(correct=[[1, 0, 1]], names=["a", "b"]),
            ValueError,
            r"^names must have one entry per classifier \(3\); got 2",
        ),
        (
            pairwise_mcnemar,
            dict(correct=[[1, 0, 1]], method="exactly"),
            ValueError,
            r"^method must be one of 'mid-p', 'exact', 'asymptotic', 'corrected'; got 'exactly'",
        ),
        (pairwise_mcnemar, dict(correct=[[1, 0, 1]], alpha=2), ValueError, r"^alpha must be"),
    ],
)
def test_cochran_and_pairwise_bad_inputs(function, kwargs, error, message):
    with pytest.raises(error, match=message):
        function(**kwargs)


def test_rejection_edges_reused_for_a_smaller_n_equal_a_fresh_computation():
    # the edge of McNemar's forms for each m does not depend on N: a cached longer edge,
    # sliced, must equal the bisection done afresh for the smaller N
    from evalkit import paired

    for test in ("mid-p", "exact", "asymptotic", "corrected"):
        for alternative in ("two-sided", "less"):
            paired._EDGES.clear()
            long = paired._last_rejecting_b(400, test, alternative, 0.05)
            short = paired._last_rejecting_b(57, test, alternative, 0.05)
            fresh = paired._bisect_last_rejecting_b(57, test, alternative, 0.05)
            assert np.array_equal(short, fresh) and np.array_equal(long[:58], fresh)
            assert not short.flags.writeable


def test_rejection_edges_grown_for_a_larger_n_equal_a_fresh_computation():
    # a request up to twice the kept length computes twice it (a curve over N needs about
    # log2(N) edges): every edge handed out must still equal the bisection for its own N
    from evalkit import paired

    for test in ("mid-p", "exact", "asymptotic", "corrected"):
        for alternative in ("two-sided", "less"):
            paired._EDGES.clear()
            fresh = paired._bisect_last_rejecting_b(90, test, alternative, 0.05)
            computed = 0
            for size in (10, 11, 15, 20, 21, 39, 41, 90):
                kept = paired._EDGES.get((test, alternative, 0.05))
                edge = paired._last_rejecting_b(size, test, alternative, 0.05)
                np.testing.assert_array_equal(edge, fresh[: size + 1])
                computed += paired._EDGES[(test, alternative, 0.05)] is not kept
            # 10, then 11 → 20 (serves 15, 20), 21 → 40 (serves 39), 41 → 80, 90 → 160
            assert computed == 5
            assert paired._EDGES[(test, alternative, 0.05)].size == 161


@pytest.mark.parametrize("test", REJECTION_TESTS)
@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_rejection_bounds_are_exactly_the_rejecting_outcomes(test, alternative):
    # rejection_probability and the planner sum the binomial tails beyond (lo[m], hi[m]): every
    # (b, c) with b + c ≤ N must reject by the public p-value exactly when b ≤ lo or b ≥ hi
    from evalkit import paired

    def pvalue(b: int, c: int) -> float:
        if alternative == "two-sided" or test not in ("asymptotic", "corrected"):
            return _pvalue(test, b, c, size, alternative)
        # McNemar's one-sided z (rejection_probability's docstring): (±(b − c) − shift)/√(b + c)
        if b + c == 0:
            return 1.0
        sign = 1 if alternative == "greater" else -1
        shift = 1.0 if test == "corrected" else 0.0
        return float(stats.norm.sf((sign * (b - c) - shift) / math.sqrt(b + c)))

    size, level = 30, 0.05
    lo, hi = paired._rejection_bounds(size, test, alternative, level)
    assert lo.shape == hi.shape == (size + 1,)
    for b in range(size + 1):
        for c in range(size + 1 - b):
            m = b + c
            inside = b <= lo[m] or b >= hi[m]
            assert inside == (pvalue(b, c) <= level), (test, alternative, b, c)
    assert np.all(lo >= -1) and np.all(hi <= np.arange(size + 1) + 1) and np.all(lo < hi)


# --------------------------------------------------------------------------------------------
# Cochran's Q: exact and Monte-Carlo permutation p-values (issue 43, point 12)

import csv  # noqa: E402

from evalkit.paired import COCHRAN_METHODS, _cochran_exact_distribution  # noqa: E402
from tests.conftest import REPO  # noqa: E402


def _brute_force_cochran_pvalue(x):
    """P(Σ C_j² ≥ observed) over every within-item arrangement, all equally likely."""
    x = np.asarray(x, dtype=int)
    observed = int(np.sum(x.sum(axis=0) ** 2))
    arrangements = [sorted(set(itertools.permutations(row))) for row in x.tolist()]
    hits = total = 0
    for combo in itertools.product(*arrangements):
        total += 1
        hits += int(np.sum(np.sum(combo, axis=0) ** 2)) >= observed
    return Fraction(hits, total)


def test_cochran_exact_small_example_by_brute_force():
    # SMALL's informative rows have totals 2, 1, 2, 2, 1: 3^5 = 243 arrangements, 30 as extreme
    r = cochran_q(SMALL, "exact")
    assert _brute_force_cochran_pvalue(SMALL) == Fraction(30, 243)
    assert r.pvalue == pytest.approx(30 / 243, rel=1e-12)
    assert r.statistic == pytest.approx(5.2, abs=1e-14) and r.df == 2
    assert r.method == "Cochran's Q test, exact permutation p-value"
    assert COCHRAN_METHODS == ("chi2", "exact", "permutation")


@settings(deadline=None, max_examples=60)
@given(
    st.integers(3, 4).flatmap(
        lambda k: st.lists(st.lists(st.booleans(), min_size=k, max_size=k), min_size=1, max_size=5)
    )
)
def test_cochran_exact_equals_brute_force_enumeration(rows):
    x = np.array(rows)
    expected = float(_brute_force_cochran_pvalue(x))
    assert cochran_q(x, "exact").pvalue == pytest.approx(expected, rel=1e-10, abs=1e-14)
    # the χ² form keeps its statistic; only the p-value's route differs
    assert cochran_q(x, "exact").statistic == cochran_q(x).statistic


@settings(deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=80))
def test_cochran_exact_with_two_classifiers_is_the_exact_mcnemar_test(pairs):
    x = np.array(pairs)
    table = agreement_table(x[:, 0], x[:, 1])
    exact = mcnemar(table[0, 1], table[1, 0], "exact")
    assert cochran_q(x, "exact").pvalue == pytest.approx(exact.pvalue, rel=1e-10, abs=1e-15)


def test_cochran_permutation_agrees_with_exact_within_its_monte_carlo_error():
    rng = np.random.default_rng(43)
    x = rng.random((25, 4)) < np.array([0.8, 0.6, 0.6, 0.5])
    exact = cochran_q(x, "exact")
    mc = cochran_q(x, "permutation", rounds=20_000, rng=1)
    se = mc.details["mc_standard_error"]
    assert se == pytest.approx(math.sqrt(mc.pvalue * (1 - mc.pvalue) / 20_000))
    assert abs(mc.pvalue - exact.pvalue) <= 4 * se + 1 / 20_001
    assert mc.details["rounds"] == 20_000 and "Monte-Carlo" in mc.method
    # seeded: the same seed gives the same p-value
    assert (
        cochran_q(x, "permutation", rounds=500, rng=7).pvalue
        == cochran_q(x, "permutation", rounds=500, rng=7).pvalue
    )


def test_cochran_chi2_size_fails_with_few_informative_items_and_exact_holds():
    # three classifiers, three informative items each right for one classifier only: the
    # 27 arrangements give (C) = a permutation of (3,0,0) [3 ways, Q = 6, χ² p = 0.0498],
    # (2,1,0) [18 ways, Q = 2] or (1,1,1) [6 ways, Q = 0]. χ² rejects at 5 % with probability
    # 3/27 = 0.111; the exact p-value of (3,0,0) is 3/27 = 0.111 > 0.05, so it never rejects.
    squares, probs = _cochran_exact_distribution(np.ones(3, dtype=np.int64), 3)
    q = 2 * (3 * squares - 9) / (3 * 3 - 3)
    assert float(probs[stats.chi2.sf(q, 2) <= 0.05].sum()) == pytest.approx(3 / 27, rel=1e-12)
    x = [[1, 0, 0], [1, 0, 0], [1, 0, 0]]
    assert cochran_q(x).pvalue < 0.05 < cochran_q(x, "exact").pvalue == pytest.approx(1 / 9)
    # the precomputed table behind the docstring holds this row, and the exact size ≤ α everywhere
    table = REPO / "data" / "cochran_q_chi2_size.csv"
    rows = list(csv.DictReader(line for line in table.open() if not line.startswith("#")))
    row = next(
        r
        for r in rows
        if (r["classifiers"], r["pattern"], r["informative_items"]) == ("3", "one_right", "3")
    )
    assert float(row["chi2_size"]) == pytest.approx(3 / 27, abs=5e-5)
    assert max(float(r["exact_size"]) for r in rows) <= 0.05
    assert max(float(r["chi2_size"]) for r in rows if int(r["informative_items"]) > 20) < 0.06


def test_cochran_exact_without_informative_items_and_too_large_tables():
    assert cochran_q(np.ones((5, 3)), "exact").pvalue == 1.0
    r = cochran_q(np.zeros((4, 3)), "permutation", rng=0)
    assert r.pvalue == 1.0 and r.details["mc_standard_error"] == 0.0
    big = np.random.default_rng(0).random((400, 8)) < 0.5
    with pytest.raises(ValueError, match=r"^method='exact' would enumerate too many outcomes"):
        cochran_q(big, "exact")


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (
            dict(method="fisher"),
            ValueError,
            r"^method must be one of 'chi2', 'exact', 'permutation'",
        ),
        (dict(method="permutation", rng=1, rounds=10), ValueError, r"^rounds must be"),
        (
            dict(method="permutation", rng=1.5),
            TypeError,
            r"^rng must be None, a numpy.random.Generator or an integer seed",
        ),
    ],
)
def test_cochran_q_method_bad_inputs(kwargs, error, message):
    with pytest.raises(error, match=message):
        cochran_q(SMALL, **kwargs)


def test_cochran_q_permutation_takes_rng_none_as_spec_7():
    """Issue 44: rng=None (the default) draws fresh entropy instead of raising 'rng must be
    given'; the p-value carries its Monte-Carlo standard error."""
    x = np.random.default_rng(5).random((30, 3)) < np.array([0.8, 0.6, 0.5])
    exact = cochran_q(x, "exact").pvalue
    results = [cochran_q(x, "permutation", rounds=2000) for _ in range(2)]
    for r in results:
        se = r.details["mc_standard_error"]
        assert se == pytest.approx(math.sqrt(r.pvalue * (1 - r.pvalue) / 2000))
        assert abs(r.pvalue - exact) <= 4.5 * se + 1 / 2001
    generator = np.random.default_rng(3)
    same = cochran_q(x, "permutation", rounds=500, rng=np.random.default_rng(3)).pvalue
    assert cochran_q(x, "permutation", rounds=500, rng=generator).pvalue == same


def test_guenter_tests_name_their_estimate():
    for r in (simple_test(0.6, 0.5, 100), paired_test(0.6, 0.5, 0.5, 100)):
        assert r.estimate == pytest.approx(0.1)
        assert r.estimate_name == "difference of accuracies R1 − R2"
        assert "difference of accuracies R1 − R2 = 0.1" in str(r)


def test_result_classes_have_a_short_repr_and_an_html_table():
    res = pairwise_mcnemar(SMALL, names=["A", "B", "C"])
    text = repr(res)
    assert text.startswith("PairwiseMcNemar(method=") and "\n" not in text and len(text) < 400
    page = res._repr_html_()
    assert page.startswith('<table class="evalkit-result">')
    assert "A vs B</th>" in page and "b = 3, c = 0, p = 0.125, Holm 0.250" in page
    # the text form is unchanged (notebook 14 prints it)
    assert str(res).splitlines()[1] == (
        "  A vs B: b = 3, c = 0, p = 0.125, Holm 0.250 -> no significant difference"
    )
    many = pairwise_mcnemar(np.random.default_rng(0).random((40, 6)) < 0.7)
    assert "array of 15 values" in repr(many) and len(repr(many)) < 400
