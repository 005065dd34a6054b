"""Extreme sizes against mpmath at 30 significant digits: K from 1 to 10^9, n = 0 and n = K.

* Clopper–Pearson (Wolff eq. 17–18): the limits must solve the two binomial tail equations,
  checked with the regularized incomplete beta function evaluated by mpmath quadrature;
  n = 0 and n = K against the closed forms 1 − (α/2)^(1/K) and (α/2)^(1/K).
* Binomial CDF (Wolff eq. 15) against the same mpmath incomplete beta (and exact sums for
  small K); the edges k = 0, k = K and K = 0.
* Hypergeometric probabilities (Wolff eq. 22) and Fisher's p (eq. 23) against exact mpmath
  binomial coefficients, up to K = 10^9 (with supports small enough to enumerate in mpmath).

mpmath's own ``betainc`` does not finish for parameters of 10^6 and more, so the reference
incomplete beta here integrates the beta density in log space around the relevant tail; it is
checked against exact binomial sums first. The whole file runs in a few seconds.
"""

from __future__ import annotations

import functools

import mpmath as mp
import numpy as np
import pytest

from evalkit.distributions import binomial_cdf, binomial_pmf
from evalkit.independent import TIE_TOLERANCE, chi_square_2x2, fisher_exact, hypergeometric_pmf
from evalkit.intervals import clopper_pearson

DPS = 30


@pytest.fixture(autouse=True)
def _precision():
    with mp.workdps(DPS):
        yield


def reg_inc_beta(a, b, x, upper: bool = False):
    """I_x(a, b) (or 1 − I_x(a, b) with ``upper``) for a, b > 1, by mpmath quadrature.

    The density exp((a − 1) ln t + (b − 1) ln(1 − t) − ln B(a, b)) is integrated over the tail
    on the far side of x from the mode, cut where it has fallen below e^-80 of its value at x
    (the slope of the log-density at x gives the decay, plus 40 standard deviations of margin).
    """
    a, b, x = mp.mpf(a), mp.mpf(b), mp.mpf(x)
    log_beta = mp.loggamma(a) + mp.loggamma(b) - mp.loggamma(a + b)

    def density(t):
        return mp.exp((a - 1) * mp.log(t) + (b - 1) * mp.log1p(-t) - log_beta)

    mode = (a - 1) / (a + b - 2)
    sigma = mp.sqrt(x * (1 - x) / (a + b))
    if x <= mode:  # lower tail [x − reach, x]
        slope = (a - 1) / x - (b - 1) / (1 - x)
        reach = min(x, 40 * sigma + (80 / slope if slope > 0 else 0))
        tail = mp.quad(density, mp.linspace(x - reach, x, 9))
        return 1 - tail if upper else tail
    slope = (b - 1) / (1 - x) - (a - 1) / x  # upper tail [x, x + reach]
    reach = min(1 - x, 40 * sigma + 80 / slope)
    tail = mp.quad(density, mp.linspace(x, x + reach, 9))
    return tail if upper else 1 - tail


def exact_binomial_cdf(k: int, trials: int, p) -> mp.mpf:
    p = mp.mpf(p)
    return mp.fsum(mp.binomial(trials, i) * p**i * (1 - p) ** (trials - i) for i in range(k + 1))


def exact_hypergeometric(nu: int, n: int, size_a: int, size_total: int) -> mp.mpf:
    return (
        mp.binomial(size_a, nu)
        * mp.binomial(size_total - size_a, n - nu)
        / mp.binomial(size_total, n)
    )


def rel_error(computed, reference) -> float:
    return float(abs(mp.mpf(float(computed)) - reference) / abs(reference))


# --------------------------------------------------------------------------------------------
# the reference itself


@pytest.mark.parametrize(("k", "trials", "p"), [(35, 50, 0.8), (1590, 2000, 0.8), (10, 400, 0.05)])
def test_reference_incomplete_beta_matches_exact_binomial_sums(k, trials, p):
    # Wolff eq. 15: F_Bino(k; p, K) = I_{1 − p}(K − k, k + 1)
    exact = exact_binomial_cdf(k, trials, p)
    q = 1 - mp.mpf(p)
    assert abs(reg_inc_beta(trials - k, k + 1, q) - exact) < mp.mpf(10) ** -25
    assert abs(1 - reg_inc_beta(trials - k, k + 1, q, upper=True) - exact) < mp.mpf(10) ** -25


# --------------------------------------------------------------------------------------------
# Clopper–Pearson


CP_CASES = [
    (1, 50),
    (25, 50),
    (49, 50),
    (1, 10**4),
    (9_000, 10**4),
    (12, 10**6),
    (500_000, 10**6),
    (999_990, 10**6),
    (100, 10**9),
    (800_000_000, 10**9),
    (10**9 - 37, 10**9),
]


def beta_density(a, b, x):
    a, b, x = mp.mpf(a), mp.mpf(b), mp.mpf(x)
    log_beta = mp.loggamma(a) + mp.loggamma(b) - mp.loggamma(a + b)
    return mp.exp((a - 1) * mp.log(x) + (b - 1) * mp.log1p(-x) - log_beta)


@pytest.mark.parametrize(("n", "trials"), CP_CASES)
def test_clopper_pearson_limits_solve_the_tail_equations(n, trials):
    confidence = 0.95
    half_alpha = (1 - mp.mpf(confidence)) / 2
    ci = clopper_pearson(n, trials, confidence)
    # x_u: P(X ≥ n | x_u) = I_{x_u}(n, K − n + 1) = α/2
    lower_tail = reg_inc_beta(n, trials - n + 1, ci.low)
    # x_o: P(X ≤ n | x_o) = 1 − I_{x_o}(n + 1, K − n) = α/2
    upper_tail = reg_inc_beta(n + 1, trials - n, ci.high, upper=True)
    # Each limit must be the exact root to within 64 units in the last place (it is within 1 for
    # small K; scipy's betaincinv needs up to ~50 at parameters of 10^8–10^9): moving x by one
    # ulp changes the tail by density(x)·ulp(x), relative to α/2 (up to 1e-8 next to n = K).
    for tail, (a, b), x in (
        (lower_tail, (n, trials - n + 1), ci.low),
        (upper_tail, (n + 1, trials - n), ci.high),
    ):
        one_ulp = beta_density(a, b, x) * float(np.spacing(x)) / half_alpha
        assert abs(tail / half_alpha - 1) <= 1e-13 + 64 * one_ulp


@pytest.mark.parametrize("trials", [1, 2, 50, 10**4, 10**6, 10**9])
@pytest.mark.parametrize("confidence", [0.5, 0.95, 0.999])
def test_clopper_pearson_at_n_zero_and_n_equal_trials(trials, confidence):
    half_alpha = (1 - mp.mpf(confidence)) / 2
    closed = -mp.expm1(mp.log(half_alpha) / trials)  # 1 − (α/2)^(1/K)
    none_right = clopper_pearson(0, trials, confidence)
    all_right = clopper_pearson(trials, trials, confidence)
    assert none_right.low == 0.0 and all_right.high == 1.0
    assert rel_error(none_right.high, closed) < 1e-12
    assert rel_error(all_right.low, 1 - closed) < 1e-14


# --------------------------------------------------------------------------------------------
# binomial CDF and PMF at the edges


@pytest.mark.parametrize(
    ("k", "trials", "p"),
    [
        (799_000, 10**6, 0.8),
        (800_500, 10**6, 0.8),
        (799_990_000, 10**9, 0.8),
        (800_000_000, 10**9, 0.8),
        (800_010_000, 10**9, 0.8),
        (49_990, 10**9, 5e-5),
        (10**9 - 100_000, 10**9, 0.9999),
    ],
)
def test_binomial_cdf_huge_trials(k, trials, p):
    reference = reg_inc_beta(trials - k, k + 1, 1 - mp.mpf(p))  # Wolff eq. 15
    computed = binomial_cdf(k, trials, p)
    assert rel_error(computed, reference) < 1e-10
    # the upper tail 1 − F, where it is small, is not lost to rounding either
    upper = reg_inc_beta(trials - k, k + 1, 1 - mp.mpf(p), upper=True)
    assert abs(mp.mpf(1 - computed) - upper) < 1e-15 + 1e-10 * upper


EDGE_TRIALS = [0, 1, 7, 1000, 10**6, 10**9]
EDGE_P = [0.0, 1e-12, 0.3, 1 - 1e-9, 1.0]


def _close(computed, reference, rel: float) -> bool:
    if reference > mp.mpf(10) ** -300:
        return rel_error(computed, reference) < rel
    return computed < 1e-290  # the reference underflows double precision


@pytest.mark.parametrize("trials", EDGE_TRIALS)
@pytest.mark.parametrize("p", EDGE_P)
def test_binomial_pmf_at_k_zero_and_k_equal_trials(trials, p):
    assert _close(binomial_pmf(0, trials, p), (1 - mp.mpf(p)) ** trials, 1e-12)  # (1 − p)^K
    assert _close(binomial_pmf(trials, trials, p), mp.mpf(p) ** trials, 1e-12)  # p^K
    assert binomial_cdf(trials, trials, p) == 1.0


# binomial_cdf used to form 1 − p before calling betainc(K − k, k + 1, 1 − p), which cost
# ~K·1e-16 relative for small p (2e-8 at K = 10^9, p = 1e-12); betaincc(k + 1, K − k, p) does not.
@pytest.mark.parametrize("trials", EDGE_TRIALS)
@pytest.mark.parametrize("p", EDGE_P)
def test_binomial_cdf_at_k_zero(trials, p):
    assert _close(binomial_cdf(0, trials, p), (1 - mp.mpf(p)) ** trials, 1e-12)


@pytest.mark.parametrize("k", [0, 1, 2])
def test_binomial_cdf_small_p_huge_trials_full_precision(k):
    trials, p = 10**9, mp.mpf(1e-9)
    reference = mp.fsum(
        mp.binomial(trials, i) * p**i * (1 - p) ** (trials - i) for i in range(k + 1)
    )
    assert rel_error(binomial_cdf(k, trials, 1e-9), reference) < 1e-12


@pytest.mark.parametrize("k", [1, [1, 1]])  # a single value and an array
def test_binomial_pmf_at_a_subnormal_rate(k):
    # found by hypothesis: K·p = 4.4e-313 makes k/(K·p) overflow inside the deviance term, which
    # then takes the difference of two logarithms (a single value once failed on that path)
    p = 2.2250738585e-313
    expected = mp.binomial(2, 1) * mp.mpf(p) * (1 - mp.mpf(p))
    # a subnormal result carries ~11 significant digits (its spacing is 5e-324)
    assert rel_error(np.ravel(binomial_pmf(k, 2, p))[0], expected) < 1e-9
    assert binomial_cdf(0, 2, p) == 1.0  # (1 − p)² rounds to 1


@pytest.mark.parametrize(("k", "trials", "p"), [(3, 10, 0.3), (600, 1000, 0.61), (17, 1000, 0.01)])
def test_binomial_cdf_small_trials_exact_sum(k, trials, p):
    assert rel_error(binomial_cdf(k, trials, p), exact_binomial_cdf(k, trials, p)) < 1e-12


# --------------------------------------------------------------------------------------------
# hypergeometric probabilities and Fisher's exact test

HYPERGEOMETRIC_CASES = [
    # (ν = correct in A, n = correct in all, K_A, K)
    (47, 87, 50, 100),
    (0, 3, 50, 100),
    (436_000, 870_000, 500_000, 1_000_000),
    (5, 15, 5 * 10**8, 10**9),
    (400_001_000, 8 * 10**8, 5 * 10**8, 10**9),
    (10**9 - 1003, 10**9 - 13, 10**9 - 1000, 10**9),
]


# Wolff's log-gamma formula lost ~K·1e-16 relative precision (1e-4 was all it kept at K = 10^9:
# its nine lnΓ terms of size K·ln K cancel). R's dhyper route, now used, keeps ~1e-14 (measured
# 2e-14 at worst on these cases); 1e-12 leaves a margin for other platforms' libm.
HYPERGEOMETRIC_RTOL = 1e-12


@pytest.mark.parametrize(("nu", "n", "size_a", "size_total"), HYPERGEOMETRIC_CASES)
def test_hypergeometric_pmf_against_exact_binomials(nu, n, size_a, size_total):
    reference = exact_hypergeometric(nu, n, size_a, size_total)
    computed = hypergeometric_pmf(nu, n, size_a, size_total)
    assert rel_error(computed, reference) < HYPERGEOMETRIC_RTOL
    log_computed = hypergeometric_pmf(nu, n, size_a, size_total, log=True)
    assert abs(log_computed - float(mp.log(reference))) < 1e-10


@pytest.mark.parametrize("size_total", [10, 1000, 10**6, 10**9])
def test_hypergeometric_with_nothing_or_everything_correct(size_total):
    # n = 0: ν = 0 for sure; n = K: ν = K_A for sure
    size_a = size_total // 2
    tolerance = HYPERGEOMETRIC_RTOL
    assert hypergeometric_pmf(0, 0, size_a, size_total) == pytest.approx(1.0, rel=tolerance)
    assert hypergeometric_pmf(size_a, size_total, size_a, size_total) == pytest.approx(
        1.0, rel=tolerance
    )
    assert hypergeometric_pmf(1, 0, size_a, size_total) == 0.0
    assert hypergeometric_pmf(size_a - 1, size_total, size_a, size_total) == 0.0


@functools.lru_cache
def _fisher_reference(table: tuple) -> dict[str, mp.mpf]:
    (a, b), (c, d) = table
    n, size_a = a + b, a + c
    size_total = a + b + c + d
    support = range(max(0, size_a + n - size_total), min(n, size_a) + 1)
    probs = {v: exact_hypergeometric(v, n, size_a, size_total) for v in support}
    observed = probs[a] * (1 + mp.mpf(TIE_TOLERANCE))
    return {
        "two-sided": mp.fsum(p for p in probs.values() if p <= observed),
        "less": mp.fsum(p for v, p in probs.items() if v <= a),
        "greater": mp.fsum(p for v, p in probs.items() if v >= a),
    }


FISHER_TABLES = [
    [[47, 40], [3, 10]],  # Wolff's example 1
    [[1, 0], [0, 1]],
    [[5, 10], [5 * 10**8 - 5, 5 * 10**8 - 10]],  # K = 10^9, 15 correct in all
    [[10**9 - 1003, 990], [3, 10]],  # K = 10^9, 13 wrong in all
    [[999_700, 999_850], [300, 150]],  # K = 2·10^6, 450 wrong
]


@pytest.mark.parametrize("table", FISHER_TABLES)
@pytest.mark.parametrize("alternative", ["two-sided", "less", "greater"])
def test_fisher_p_against_exact_enumeration(table, alternative):
    reference = _fisher_reference(tuple(map(tuple, table)))[alternative]
    computed = fisher_exact(table, alternative).pvalue
    assert 0.0 <= computed <= 1.0
    assert rel_error(computed, reference) < HYPERGEOMETRIC_RTOL


def _fisher_reference_by_recurrence(table) -> dict[str, mp.mpf]:
    """Fisher's p-values summed over the whole support, P(ν) by its exact ratio recurrence.

    P(ν + 1)/P(ν) = (n − ν)(K_A − ν) / ((ν + 1)(K_B − n + ν + 1)), started from P at the low end
    of the support by mpmath's log-gamma; mpmath numbers do not underflow, so every term of
    the support is summed (no window, unlike evalkit).
    """
    (a, b), (c, d) = table
    n, size_a = a + b, a + c
    size_total = a + b + c + d
    size_b = size_total - size_a
    lo, hi = max(0, size_a + n - size_total), min(n, size_a)

    def log_factorial(x):
        return mp.loggamma(x + 1)

    p = mp.exp(
        log_factorial(size_a) - log_factorial(lo) - log_factorial(size_a - lo)
        + log_factorial(size_b) - log_factorial(n - lo) - log_factorial(size_b - n + lo)
        - log_factorial(size_total) + log_factorial(n) + log_factorial(size_total - n)
    )  # fmt: skip
    probs = []
    for nu in range(lo, hi + 1):
        probs.append(p)
        p = p * (n - nu) * (size_a - nu) / ((nu + 1) * (size_b - n + nu + 1))
    observed = probs[a - lo] * (1 + mp.mpf(TIE_TOLERANCE))
    return {
        "two-sided": mp.fsum(q for q in probs if q <= observed),
        "less": mp.fsum(probs[: a - lo + 1]),
        "greater": mp.fsum(probs[a - lo :]),
    }


@pytest.mark.parametrize(
    "table",
    [
        [[87_200, 86_800], [12_800, 13_200]],  # p ≈ 0.008; the window keeps 6 300 of 26 000 ν
        [[88_500, 85_500], [11_500, 14_500]],  # p ≈ 1e-88, deep in the tail, still in the window
        [[95_000, 80_000], [5_000, 20_000]],  # p ≈ 1e-1900: n_A lies outside the window
    ],
)
def test_fisher_window_drops_only_what_double_precision_cannot_hold(table):
    # evalkit sums P(ν) only inside a window around the mean outside which every P(ν) < e^−760
    # (Hoeffding); the reference sums the whole support
    reference = _fisher_reference_by_recurrence(table)
    for alternative, expected in reference.items():
        computed = fisher_exact(table, alternative).pvalue
        if expected > mp.mpf(10) ** -300:
            assert rel_error(computed, expected) < HYPERGEOMETRIC_RTOL, alternative
        else:  # underflows double precision: evalkit returns 0 or a subnormal number
            assert 0.0 <= computed < 1e-300, alternative


def test_fisher_exact_at_four_billion_items():
    # the window makes balanced tables with K = 4·10^9 feasible (≈ 1.7 million terms of 4·10^9);
    # with 2·10^9 items per side Yates' χ² agrees with Fisher's test (measured: 2e-10 relative;
    # 2e-8 at K = 4·10^8, so the gap shrinks like 1/K)
    table = [[10**9 + 60_000, 10**9], [10**9 - 60_000, 10**9]]
    fisher = fisher_exact(table).pvalue
    yates = chi_square_2x2(table, correction=True).pvalue
    assert 0.05 < fisher < 0.06
    assert abs(fisher - yates) / fisher < 1e-8
