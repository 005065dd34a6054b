"""Two classifiers on two independent test sets: difference of rates, Fisher's exact and χ² tests.

Classifier A is tested on K_A items and gets n_A right; classifier B is tested on *another*,
independent set of K_B items and gets n_B right. This module answers "is the difference real?"
in the ways the course's sources do:

* :func:`rate_difference` – the normal approximation for the difference of two error rates and
  its interval (Tan, Steinbach and Kumar, eq. 4.14–4.15; Symeonidis, "comparing the performance
  of 2 models").
* :func:`fisher_exact` – Fisher's exact test on the 2×2 table (Wolff 2014, §4.1, eq. 21–23), with
  :func:`hypergeometric_pmf` (eq. 22) computed in log space as a ratio of binomial probabilities
  (R's ``dhyper`` route; Wolff's log-gamma formula loses digits at huge K), so that K = 10^9
  works as well as K = 50; vectorized over stacks of tables for simulations.
* :func:`chi_square_2x2` – the χ² approximation (Wolff 2014, §4.2, eq. 24–25), with or without
  Yates' continuity correction.
* :func:`sellke_bound` and :func:`posterior_null_probability` – what a p-value is *not*
  (Wolff 2014, §4.1, footnote 6, after Sellke, Bayarri and Berger 2001).
* :func:`rejection_probability` – the exact probability that a test rejects, by enumerating
  every outcome of the two experiments (its type-I error under H0, its power otherwise).

The 2×2 table
-------------
Every table here is oriented as Wolff's eq. 21: **columns are the experiments A and B, rows are
correct and wrong**::

    [[correct_A, correct_B],
     [wrong_A,   wrong_B  ]]      i.e. [[n_A, n_B], [K_A − n_A, K_B − n_B]]

This is the orientation ``scipy.stats.fisher_exact`` uses as well (its count ``table[0, 0]`` is
n_A), so ``alternative="greater"`` means "the odds ratio (n_A·(K_B − n_B)) / (n_B·(K_A − n_A))
is greater than 1", i.e. A's true rate of *correct* answers is higher than B's; ``"less"`` the
opposite, exactly as in R and SciPy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy import special, stats

from evalkit._validation import (
    as_count,
    as_counts,
    as_probabilities,
    broadcast,
    check_at_most,
    check_choice,
    check_confidence,
    to_output,
)
from evalkit.distributions import _log_binomial_pmf
from evalkit.results import Interval, TestResult

__all__ = [
    "TIE_TOLERANCE",
    "NullDistribution",
    "RateDifference",
    "chi_square_2x2",
    "fisher_exact",
    "fisher_null_distribution",
    "hypergeometric_pmf",
    "posterior_null_probability",
    "rate_difference",
    "rejection_probability",
    "sellke_bound",
]

#: Relative tolerance for ties in the two-sided Fisher p-value: a table counts as "at most as
#: probable as the observed one" when its probability is ≤ P(observed)·(1 + TIE_TOLERANCE).
#: Tables that are equally probable in exact arithmetic (e.g. mirror images when K_A = K_B)
#: come out of floating-point arithmetic a few units in the last place apart; without the
#: tolerance a mirror table could be left out at random. R's ``fisher.test`` uses 1e-7.
TIE_TOLERANCE = 1e-7

_ALTERNATIVES = ("two-sided", "less", "greater")
_CHUNK_ELEMENTS = 2**21  # support points per vectorized block (≈ 16 MB per float array)
_MAX_SUPPORT = 50_000_000  # largest null distribution fisher_exact enumerates (≈ 0.4 GB)
_WINDOW_LOG_BOUND = 762.0  # 2t²/m ≥ 760 + ln 2 (see _summed_range)


# --------------------------------------------------------------------------------------------
# difference of two rates (Tan eq. 4.14–4.15)


@dataclass(frozen=True)
class RateDifference:
    """The difference of two rates measured on independent test sets, with its normal test.

    Attributes
    ----------
    difference : float or ndarray
        d = rate1 − rate2.
    standard_error : float or ndarray
        σ̂_d = √(rate1·(1 − rate1)/size1 + rate2·(1 − rate2)/size2) (Tan eq. 4.14).
    interval : Interval
        d ± z_{α/2}·σ̂_d (Tan eq. 4.15).
    z : float or ndarray
        d / σ̂_d.
    pvalue : float or ndarray
        Two-sided p-value, P(|Z| ≥ |z|) under H0: equal true rates.
    pvalue_greater, pvalue_less : float or ndarray
        One-sided p-values for H1: true rate1 > rate2, and H1: true rate1 < rate2.
    method : str
        ``"normal approximation (Wald) for a difference of two independent rates"``.
    """

    difference: Any
    standard_error: Any
    interval: Interval
    z: Any
    pvalue: Any
    pvalue_greater: Any
    pvalue_less: Any
    method: str = "normal approximation (Wald) for a difference of two independent rates"

    @property
    def pvalue_one_sided(self) -> Any:
        """The one-sided p-value in the direction the data point to (half the two-sided one)."""
        return to_output(np.minimum(self.pvalue_greater, self.pvalue_less))

    def __str__(self) -> str:
        return (
            f"difference {self.difference:.4g} ± {self.standard_error:.4g} (s.e.), "
            f"z = {self.z:.4g}, p = {self.pvalue:.3g} (two-sided)"
            if np.ndim(self.difference) == 0
            else repr(self)
        )


def rate_difference(
    rate1: ArrayLike,
    size1: ArrayLike,
    rate2: ArrayLike,
    size2: ArrayLike,
    confidence: float = 0.95,
) -> RateDifference:
    """Normal-approximation test and interval for the difference of two independent rates.

    Tan, Steinbach and Kumar, eq. 4.14–4.15 (and Symeonidis, "comparing the performance of 2
    models"): with error rates e1 on n1 items and e2 on n2 *other* items, d = e1 − e2 is
    approximately normal with variance

        σ̂_d² = e1·(1 − e1)/n1 + e2·(1 − e2)/n2                      (eq. 4.14)

    and the (1 − α) interval for the true difference is d ± z_{α/2}·σ̂_d (eq. 4.15). The rates
    may be error rates or accuracies: the variance is the same, only the sign of d changes.

    Parameters
    ----------
    rate1, rate2 : float or array_like
        Observed rates in [0, 1].
    size1, size2 : int or array_like
        Sizes of the two (independent) test sets, ≥ 1.
    confidence : float
        Confidence level of the interval, strictly between 0 and 1.

    Returns
    -------
    RateDifference
        difference, standard_error, interval, z, two-sided and one-sided p-values. When both
        rates are 0 or 1 the standard error is 0 and z is ±inf (or 0, with p = 1, if d = 0 too).

    Examples
    --------
    Tan's example 4.5: 15 % errors on 30 records against 25 % on 5000.

    >>> r = rate_difference(0.15, 30, 0.25, 5000)
    >>> round(r.standard_error**2, 4), round(r.standard_error, 4), round(r.z, 3)
    (0.0043, 0.0655, -1.527)
    >>> round(r.interval.low, 3), round(r.interval.high, 3)
    (-0.228, 0.028)
    >>> round(1 - r.pvalue, 4), round(1 - r.pvalue_one_sided, 4)
    (0.8733, 0.9366)
    """
    r1 = as_probabilities(rate1, "rate1")
    r2 = as_probabilities(rate2, "rate2")
    n1 = as_counts(size1, "size1", minimum=1)
    n2 = as_counts(size2, "size2", minimum=1)
    level = check_confidence(confidence)
    r1, n1, r2, n2 = broadcast(rate1=r1, size1=n1, rate2=r2, size2=n2)

    difference = r1 - r2
    variance = r1 * (1 - r1) / n1 + r2 * (1 - r2) / n2  # eq. 4.14
    se = np.sqrt(variance)
    z_crit = stats.norm.ppf(0.5 + level / 2)  # z_{α/2}
    low, high = difference - z_crit * se, difference + z_crit * se  # eq. 4.15
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(se > 0, difference / np.where(se > 0, se, 1.0), np.sign(difference) * np.inf)
        z = np.where((se == 0) & (difference == 0), 0.0, z)  # no variance, no difference
    p_greater = stats.norm.sf(z)
    p_less = stats.norm.cdf(z)
    p_two = np.minimum(1.0, 2 * stats.norm.sf(np.abs(z)))
    interval = Interval(
        low=low, high=high, estimate=difference, confidence=level, method="normal (Wald)"
    )
    return RateDifference(
        difference=to_output(difference),
        standard_error=to_output(se),
        interval=interval,
        z=to_output(z),
        pvalue=to_output(p_two),
        pvalue_greater=to_output(p_greater),
        pvalue_less=to_output(p_less),
    )


# --------------------------------------------------------------------------------------------
# the 2×2 table and the hypergeometric distribution (Wolff eq. 21–22)


def _as_tables(table: ArrayLike, name: str = "table") -> np.ndarray:
    """Validate a 2×2 table or a stack of them (shape (..., 2, 2)) of counts."""
    counts = as_counts(table, name)
    if counts.ndim < 2 or counts.shape[-2:] != (2, 2):
        raise ValueError(
            f"{name} must be a 2×2 table [[correct_A, correct_B], [wrong_A, wrong_B]] or a stack "
            f"of them with shape (..., 2, 2); got shape {counts.shape}"
        )
    sizes = counts.sum(axis=-2)  # K_A, K_B (column sums)
    outcomes = counts.sum(axis=-1)  # n, K − n (row sums)
    for margins, what in (
        (sizes, ("test-set size of A (column 0)", "test-set size of B (column 1)")),
        (outcomes, ("number correct (row 0)", "number wrong (row 1)")),
    ):
        empty = margins == 0
        if empty.any():
            index = np.argwhere(empty)[0]
            bad_table = counts[tuple(index[:-1])]
            raise ValueError(
                f"{name} has an empty margin: the {what[index[-1]]} is 0 in "
                f"{bad_table.tolist()}; every row and column of a 2×2 table must have a "
                "positive sum (otherwise the table carries no information about a difference)"
            )
    return counts


def hypergeometric_pmf(
    correct_a: ArrayLike,
    correct_total: ArrayLike,
    size_a: ArrayLike,
    size_total: ArrayLike,
    *,
    log: bool = False,
) -> Any:
    """Fisher's null distribution: P(ν = correct_a | n correct of K in all, K_A of them in A).

    Wolff (2014), eq. 22. Wolff's recipe for large K (§4.1, "numerical computation") is his
    log-gamma formula

        ln P_hgeo(n_A; n, K_A, K) = lnΓ(n+1) + lnΓ(K−n+1) + lnΓ(K_A+1) + lnΓ(K−K_A+1)
                                    − lnΓ(n_A+1) − lnΓ(n−n_A+1) − lnΓ(K_A−n_A+1)
                                    − lnΓ(K+n_A−K_A−n+1) − lnΓ(K+1),

    which never overflows, but its nine terms of size K ln K cancel, so it keeps only about
    −log10(K·1e-16) digits (6 at K = 10^9). evalkit evaluates the same probability as a ratio
    of binomial probabilities, as R's ``dhyper`` does (Loader 2000):

        P_hgeo(n_A) = b(n_A; K_A, p) · b(n − n_A; K − K_A, p) / b(n; K, p),   p = n/K,

    each b computed with Loader's saddle-point form (:func:`evalkit.distributions.binomial_pmf`);
    the identity holds for any p, and p = n/K keeps every factor near its mode. The relative
    error stays near 1e-11 up to K = 10^9 (checked against exact integers in the tests).

    Parameters
    ----------
    correct_a : int or array_like
        ν, the number of correct results in A (the value whose probability is wanted).
    correct_total : int or array_like
        n = n_A + n_B, the number of correct results in both experiments.
    size_a : int or array_like
        K_A, the size of A's test set.
    size_total : int or array_like
        K = K_A + K_B.
    log : bool
        Return ln P instead of P (−inf outside the support).

    Returns
    -------
    float or ndarray
        The probability (0 outside the support max(0, K_A + n − K) ≤ ν ≤ min(n, K_A)).

    Examples
    --------
    Wolff's example 1, P(47) with n = 87 correct of K = 100, K_A = 50:

    >>> round(hypergeometric_pmf(47, 87, 50, 100), 4)
    0.0283
    >>> round(hypergeometric_pmf(436_000, 870_000, 500_000, 1_000_000, log=True), 2)
    -23.73
    """
    if not isinstance(log, (bool, np.bool_)):
        raise TypeError(f"log must be True or False; got {log!r}")
    nu = as_counts(correct_a, "correct_a")
    n = as_counts(correct_total, "correct_total")
    ka = as_counts(size_a, "size_a")
    k = as_counts(size_total, "size_total", minimum=1)
    nu, n, ka, k = broadcast(correct_a=nu, correct_total=n, size_a=ka, size_total=k)
    check_at_most(n, k, "correct_total", "size_total")
    check_at_most(ka, k, "size_a", "size_total")
    inside = (nu >= np.maximum(0, ka + n - k)) & (nu <= np.minimum(n, ka))
    nu_safe = np.where(inside, nu, np.minimum(n, ka))  # any point of the support
    logp = _log_hypergeom_constant(n, ka, k) + _log_hypergeom_varying(nu_safe, n, ka, k)
    logp = np.where(inside, logp, -np.inf)
    return to_output(logp if log else np.exp(logp))


def _log_hypergeom_constant(n: Any, ka: Any, k: Any) -> Any:
    """The part of ln P(ν) that does not depend on ν: −ln b(n; K, p), p = n/K."""
    n, k = np.asarray(n, dtype=float), np.asarray(k, dtype=float)
    return -_log_binomial_pmf(n, k, n / k, (k - n) / k)


def _log_hypergeom_varying(nu: Any, n: Any, ka: Any, k: Any) -> Any:
    """The part of ln P(ν) that depends on ν: ln b(ν; K_A, p) + ln b(n − ν; K − K_A, p).

    ν must lie inside the support. Any p would do (it cancels against the constant part);
    p = n/K puts every binomial near its mode, where Loader's form is most precise.
    """
    nu, n, ka, k = (np.asarray(x, dtype=float) for x in (nu, n, ka, k))
    p, q = n / k, (k - n) / k
    return _log_binomial_pmf(nu, ka, p, q) + _log_binomial_pmf(n - nu, k - ka, p, q)


# --------------------------------------------------------------------------------------------
# Fisher's exact test (Wolff eq. 23)


def _summed_range(
    a: np.ndarray, n: np.ndarray, ka: np.ndarray, k: np.ndarray, alternative: str
) -> tuple[np.ndarray, np.ndarray]:
    """First and last ν whose P(ν) may count towards the p-value (last < first: none).

    The support max(0, K_A + n − K) … min(n, K_A) is cut to a window around the mean
    μ = n·K_A/K outside which every probability is below e^−760 (≈ 1e-330), too small to change
    any p-value that double precision can hold: by Hoeffding's inequality for sampling without
    replacement, P(|ν − μ| ≥ t) ≤ 2·exp(−2t²/m) with m = min(n, K − n, K_A, K − K_A), so
    t = √(381·m) suffices. For K = 10⁶ with balanced margins this keeps ≈ 14 000 of 130 000
    support points; a one-sided p-value needs only the window's part on its side of n_A.
    """
    support_lo = np.maximum(0, ka + n - k)
    support_hi = np.minimum(n, ka)
    m = np.minimum(np.minimum(n, k - n), np.minimum(ka, k - ka)).astype(float)
    half_width = np.ceil(np.sqrt(_WINDOW_LOG_BOUND / 2.0 * m)) + 1
    mean = n * (ka / k)
    lo = np.maximum(support_lo, np.floor(mean - half_width).astype(np.int64))
    hi = np.minimum(support_hi, np.ceil(mean + half_width).astype(np.int64))
    if alternative == "less":  # P(ν ≤ n_A)
        hi = np.minimum(hi, a)
    elif alternative == "greater":  # P(ν ≥ n_A)
        lo = np.maximum(lo, a)
    return lo, hi


def _fisher_flat(
    a: np.ndarray, n: np.ndarray, ka: np.ndarray, k: np.ndarray, alternative: str
) -> tuple[np.ndarray, np.ndarray]:
    """ln p-value and ln P(observed table) for flat arrays of tables (vectorized in blocks).

    The summed range of each table (:func:`_summed_range`) is laid out as one row of a block;
    rows are sorted by length and a block holds rows at most twice as long as its shortest, so
    that a batch of small tables and one table with a long range are both handled without
    wasting memory or time on padding.
    """
    lo, hi = _summed_range(a, n, ka, k, alternative)
    length = np.maximum(hi - lo + 1, 0)
    if length.max() > _MAX_SUPPORT:
        raise ValueError(
            f"table is too large for the exact test: its null distribution has "
            f"{int(length.max()):,} relevant values (at most {_MAX_SUPPORT:,} are enumerated); "
            "with counts this large chi_square_2x2 agrees with Fisher's test"
        )
    observed = _log_hypergeom_varying(a, n, ka, k)  # ν-dependent part of eq. 22 at ν = n_A
    constant = _log_hypergeom_constant(n, ka, k)
    log_sum = np.full(a.shape, -np.inf)
    log_tie = np.log1p(TIE_TOLERANCE)
    order = np.argsort(length, kind="stable")
    sorted_length = length[order]
    start, total = 0, order.size
    while start < total:
        # rows [start, end): lengths within a factor 2, (end − start)·width ≤ budget (≥ 1 row)
        longest = np.searchsorted(sorted_length, 2 * max(int(sorted_length[start]), 8), "right")
        rows = np.arange(1, longest - start + 1)
        cost = rows * sorted_length[start:longest]
        end = start + max(1, int(np.searchsorted(cost, _CHUNK_ELEMENTS, side="right")))
        idx = order[start:end]
        width = int(sorted_length[end - 1])
        start = end
        if width == 0:
            continue
        n_, ka_, k_, lo_, hi_ = (x[idx, None] for x in (n, ka, k, lo, hi))
        nu = lo_ + np.arange(width)[None, :]
        valid = nu <= hi_
        nu = np.minimum(nu, np.maximum(hi_, lo_))  # stand-ins inside the support where padded
        varying = _log_hypergeom_varying(nu, n_, ka_, k_)
        if alternative == "two-sided":  # eq. 23: every ν with P(ν) ≤ P(n_A), ties included
            valid &= varying <= observed[idx, None] + log_tie
        log_sum[idx] = special.logsumexp(np.where(valid, varying, -np.inf), axis=1)
    # n_A itself always counts; add it where the window left it out (its P is below e^−760)
    outside = (a < lo) | (a > hi)
    log_sum[outside] = np.logaddexp(log_sum[outside], observed[outside])
    return np.minimum(log_sum + constant, 0.0), observed + constant


def fisher_exact(table: ArrayLike, alternative: str = "two-sided") -> TestResult:
    """Fisher's exact test for two rates measured on independent test sets.

    Wolff (2014), §4.1, eq. 21–23. Given the margins of the table (K_A, K_B and the total number
    correct n), the number ν of correct results in A follows the hypergeometric distribution
    (eq. 22, :func:`hypergeometric_pmf`) under H0 "A and B have the same true rate". The
    two-sided p-value sums the probabilities of every ν that is *at most as probable* as the
    observed n_A (eq. 23); "at most" allows a relative tolerance of :data:`TIE_TOLERANCE`
    (1e-7, as R's ``fisher.test``) so that tables that are exactly as probable in exact
    arithmetic are not lost to rounding. The one-sided p-values are P(ν ≥ n_A) ("greater")
    and P(ν ≤ n_A) ("less"). All sums are done in log space.

    Parameters
    ----------
    table : array_like, shape (2, 2) or (..., 2, 2)
        ``[[correct_A, correct_B], [wrong_A, wrong_B]]`` (Wolff eq. 21: columns are the
        experiments, rows correct/wrong), or a stack of such tables (vectorized). Counts must be
        whole numbers ≥ 0 and every row and column must have a positive sum.
    alternative : {"two-sided", "less", "greater"}
        H1. ``"greater"``: the odds ratio is > 1 (A's true rate of correct results is higher
        than B's); ``"less"``: it is < 1. Same meaning as in R and ``scipy.stats.fisher_exact``.

    Returns
    -------
    TestResult
        ``statistic`` is n_A (the test statistic of Wolff's §4.1), ``pvalue`` the p-value,
        ``estimate`` the sample odds ratio (n_A·(K_B − n_B))/(n_B·(K_A − n_A)) (inf when a
        denominator count is 0), ``details["p_observed"]`` the probability of the observed
        table, P(n_A) = T(n_A | H0), and ``details["difference"]`` the difference of the
        rates n_A/K_A − n_B/K_B. Arrays of shape (...) for a stack of tables.

    Examples
    --------
    Wolff's example 1: 47 of 50 correct after the change (A), 40 of 50 before (B).

    >>> r = fisher_exact([[47, 40], [3, 10]])
    >>> round(r.details["p_observed"], 3), round(r.pvalue, 3)
    (0.028, 0.071)
    >>> round(fisher_exact([[47, 40], [3, 10]], alternative="greater").pvalue, 4)
    0.0357
    >>> fisher_exact([[[47, 40], [3, 10]], [[94, 80], [6, 20]]]).pvalue.round(3)
    array([0.071, 0.005])
    """
    counts = _as_tables(table)
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    flat = counts.reshape(-1, 2, 2)
    a, b = flat[:, 0, 0], flat[:, 0, 1]
    c, d = flat[:, 1, 0], flat[:, 1, 1]
    n, ka = a + b, a + c
    k = ka + b + d
    log_p, log_obs = _fisher_flat(a, n, ka, k, alternative)
    shape = counts.shape[:-2]
    with np.errstate(divide="ignore", invalid="ignore"):
        odds_ratio = np.where(b * c > 0, (a * d) / np.where(b * c > 0, b * c, 1), np.inf)
    difference = a / ka - b / (b + d)
    return TestResult(
        statistic=a.reshape(shape).astype(float),
        pvalue=np.exp(log_p).reshape(shape),
        alternative=alternative,
        method="Fisher's exact test",
        statistic_name="n_A (correct in A)",
        estimate=odds_ratio.reshape(shape),
        details={
            "p_observed": np.exp(log_obs).reshape(shape),
            "difference": difference.reshape(shape),
        },
    )


@dataclass(frozen=True)
class NullDistribution:
    """Fisher's null distribution of one table, ready to draw (Wolff fig. 6).

    Attributes
    ----------
    values : ndarray
        The support of ν (number correct in A), max(0, K_A + n − K) … min(n, K_A).
    pmf : ndarray
        P(ν) under H0 (eq. 22).
    counted : ndarray of bool
        Which ν enter the p-value for ``alternative`` (the shaded bars of fig. 6).
    observed : int
        n_A.
    pvalue : float
        The sum of ``pmf[counted]``.
    alternative : str
        The alternative the p-value belongs to.
    """

    values: np.ndarray
    pmf: np.ndarray
    counted: np.ndarray
    observed: int
    pvalue: float
    alternative: str


def fisher_null_distribution(table: ArrayLike, alternative: str = "two-sided") -> NullDistribution:
    """The whole hypergeometric null distribution of one 2×2 table, and which part is summed.

    Parameters
    ----------
    table : array_like, shape (2, 2)
        ``[[correct_A, correct_B], [wrong_A, wrong_B]]`` as in :func:`fisher_exact`.
    alternative : {"two-sided", "less", "greater"}
        Which values of ν count towards the p-value.

    Returns
    -------
    NullDistribution

    Examples
    --------
    >>> dist = fisher_null_distribution([[47, 40], [3, 10]])
    >>> int(dist.values[0]), int(dist.values[-1]), round(dist.pvalue, 3)
    (37, 50, 0.071)
    >>> dist.values[dist.counted].tolist()
    [37, 38, 39, 40, 47, 48, 49, 50]
    """
    counts = _as_tables(table)
    if counts.shape != (2, 2):
        raise ValueError(f"table must be a single 2×2 table; got shape {counts.shape}")
    alternative = check_choice(alternative, "alternative", _ALTERNATIVES)
    a, b = int(counts[0, 0]), int(counts[0, 1])
    n, ka, k = a + b, a + int(counts[1, 0]), int(counts.sum())
    values = np.arange(max(0, ka + n - k), min(n, ka) + 1)
    varying = _log_hypergeom_varying(values, n, ka, k)
    pmf = np.exp(varying + _log_hypergeom_constant(n, ka, k))
    if alternative == "two-sided":
        counted = varying <= _log_hypergeom_varying(a, n, ka, k) + np.log1p(TIE_TOLERANCE)
    elif alternative == "less":
        counted = values <= a
    else:
        counted = values >= a
    pvalue = float(fisher_exact(counts, alternative).pvalue)
    return NullDistribution(values, pmf, counted, a, pvalue, alternative)


# --------------------------------------------------------------------------------------------
# the chi-square approximation (Wolff eq. 24–25)


def chi_square_2x2(table: ArrayLike, correction: bool = False) -> TestResult:
    """Pearson's χ² test of a 2×2 table, optionally with Yates' continuity correction.

    Wolff (2014), §4.2, eq. 24–25: with the table ``[[n_A, n_B], [K_A − n_A, K_B − n_B]]``,

        χ² = K·(n_A·(K_B − n_B) − n_B·(K_A − n_A))² / (K_A·K_B·n·(K − n))     (eq. 24)

    is approximately χ²-distributed with one degree of freedom under H0, and the p-value is
    P = 1 − erf(√(χ²/2)) = erfc(√(χ²/2)) (eq. 25; erfc avoids the cancellation of 1 − erf).
    Yates' correction (``correction=True``) shrinks |ad − bc| by K/2 (never below 0), as
    ``scipy.stats.chi2_contingency`` does: χ² = K·max(|ad − bc| − K/2, 0)² / (K_A·K_B·n·(K − n)).
    The approximation is considered acceptable when all four counts are larger than 5 (Wolff);
    the textbook rule asks for all *expected* counts ≥ 5. Both are reported in ``details``.

    Parameters
    ----------
    table : array_like, shape (2, 2) or (..., 2, 2)
        ``[[correct_A, correct_B], [wrong_A, wrong_B]]``, as in :func:`fisher_exact`.
    correction : bool
        Apply Yates' continuity correction.

    Returns
    -------
    TestResult
        ``statistic`` χ², ``df`` 1, ``pvalue`` (two-sided by nature), ``estimate`` the
        difference of rates n_A/K_A − n_B/K_B, ``details["min_count"]`` and
        ``details["min_expected"]`` (the smallest observed and expected cell counts).

    Examples
    --------
    Wolff's example: χ² ≈ 4.33 and P ≈ 0.037 for 47/50 against 40/50; Yates gives P ≈ 0.074.

    >>> r = chi_square_2x2([[47, 40], [3, 10]])
    >>> round(r.statistic, 2), round(r.pvalue, 3)
    (4.33, 0.037)
    >>> round(chi_square_2x2([[47, 40], [3, 10]], correction=True).pvalue, 3)
    0.074
    """
    counts = _as_tables(table)
    if not isinstance(correction, (bool, np.bool_)):
        raise TypeError(f"correction must be True or False; got {correction!r}")
    cells = counts.astype(float)
    a, b = cells[..., 0, 0], cells[..., 0, 1]
    c, d = cells[..., 1, 0], cells[..., 1, 1]
    ka, kb = a + c, b + d
    n, wrong = a + b, c + d
    k = ka + kb
    cross = np.abs(a * d - b * c)
    if correction:
        cross = np.maximum(cross - k / 2, 0.0)
    # eq. 24, written as K·((ad − bc)/K_A)·((ad − bc)/K_B)/(n·(K − n)) so that huge counts
    # (K ~ 10^9: (ad − bc)² ~ 10^36) stay well inside floating-point range and precision
    chi2 = k * (cross / ka) * (cross / kb) / (n * wrong)
    pvalue = special.erfc(np.sqrt(chi2 / 2))  # eq. 25
    expected = np.stack([n * ka, n * kb, wrong * ka, wrong * kb], axis=-1) / k[..., None]
    method = "chi-square test" + (" with Yates' continuity correction" if correction else "")
    return TestResult(
        statistic=chi2,
        pvalue=pvalue,
        alternative="two-sided",
        method=method,
        statistic_name="chi2",
        df=1.0,
        estimate=a / ka - b / kb,
        details={
            "min_count": counts.reshape(*counts.shape[:-2], 4).min(axis=-1).astype(float),
            "min_expected": expected.min(axis=-1),
        },
    )


# --------------------------------------------------------------------------------------------
# what a p-value is not (Wolff footnote 6; Sellke, Bayarri and Berger 2001)


def sellke_bound(pvalue: ArrayLike) -> Any:
    """Lower bound on the Bayes factor of H0 against H1 for a given p-value.

    Sellke, Bayarri and Berger (2001), cited in Wolff (2014), §4.1, footnote 6: for p < 1/e,
    over a wide class of alternatives, the Bayes factor B(p) = P(data | H0)/P(data | H1)
    satisfies B(p) ≥ −e·p·ln p (the bound is 1 for p ≥ 1/e).

    Parameters
    ----------
    pvalue : float or array_like
        p-values in [0, 1].

    Returns
    -------
    float or ndarray
        The lower bound on the Bayes factor (0 at p = 0).

    Examples
    --------
    >>> round(sellke_bound(0.05), 4), sellke_bound(0.5)
    (0.4072, 1.0)
    """
    p = as_probabilities(pvalue, "pvalue")
    with np.errstate(divide="ignore", invalid="ignore"):
        bound = np.where(p < np.exp(-1), -np.e * p * np.log(np.where(p > 0, p, 1.0)), 1.0)
    return to_output(np.where(p == 0, 0.0, bound))


def posterior_null_probability(pvalue: ArrayLike, prior_null: ArrayLike = 0.5) -> Any:
    """The smallest posterior probability of H0 that a p-value allows (Sellke et al. bound).

    With prior P(H0) = π and the Bayes-factor bound B ≥ −e·p·ln p (:func:`sellke_bound`),

        P(H0 | data) ≥ (1 + (1 − π)/(π·B))⁻¹.

    Wolff (2014), footnote 6: with π = 0.5 and p = 0.05 this is 0.289, so the probability that
    H0 is *false* is at most about 71 %, not 95 %.

    Parameters
    ----------
    pvalue : float or array_like
        p-values in [0, 1].
    prior_null : float or array_like
        Prior probability π of H0, strictly between 0 and 1.

    Returns
    -------
    float or ndarray
        The lower bound on P(H0 | data).

    Examples
    --------
    >>> round(posterior_null_probability(0.05), 3), round(posterior_null_probability(0.001), 4)
    (0.289, 0.0184)
    """
    bound = np.asarray(sellke_bound(pvalue))
    prior = as_probabilities(prior_null, "prior_null", open_interval=True)
    with np.errstate(divide="ignore"):
        prior_odds_null = prior / (1 - prior)
        return to_output(bound * prior_odds_null / (1 + bound * prior_odds_null))


# --------------------------------------------------------------------------------------------
# exact rejection probability by enumeration (beyond the documents)


def rejection_probability(
    size_a: int,
    size_b: int,
    rate_a: ArrayLike,
    rate_b: ArrayLike | None = None,
    level: float = 0.05,
    test: str = "fisher",
) -> Any:
    """Exact probability that a test of two independent rates rejects H0 at ``level``.

    Every outcome (n_A, n_B) of the two experiments, 0 ≤ n_A ≤ K_A and 0 ≤ n_B ≤ K_B, is
    enumerated; its probability is Bin(n_A; K_A, rate_a)·Bin(n_B; K_B, rate_b) and it counts when
    the test's p-value is ≤ ``level``. With ``rate_b = rate_a`` (the default) this is the exact
    type-I error of the test; otherwise its power. Tables with an empty margin (all correct or
    all wrong in both experiments) carry no evidence and never reject.

    Parameters
    ----------
    size_a, size_b : int
        K_A and K_B (≥ 1). The work grows as (K_A + 1)·(K_B + 1), so keep them below a few
        hundred.
    rate_a : float or array_like
        True rate of correct results of A (an array gives a whole curve at once).
    rate_b : float or array_like, optional
        True rate of B; defaults to ``rate_a`` (H0 true).
    level : float
        Significance level α, strictly between 0 and 1.
    test : {"fisher", "chi2", "yates", "normal"}
        Fisher's exact test (two-sided), χ² without or with Yates' correction, or the two-sided
        normal test of :func:`rate_difference` on the two observed rates.

    Returns
    -------
    float or ndarray
        P(reject), shaped like the broadcast of ``rate_a`` and ``rate_b``.

    Examples
    --------
    Fisher's test keeps its promise of at most 5 % false alarms, χ² does not (K_A = K_B = 20):

    >>> round(rejection_probability(20, 20, 0.7, test="fisher"), 4)
    0.0248
    >>> round(rejection_probability(20, 20, 0.7, test="chi2"), 4)
    0.0533
    """
    ka = as_count(size_a, "size_a", minimum=1)
    kb = as_count(size_b, "size_b", minimum=1)
    xa = as_probabilities(rate_a, "rate_a")
    xb = xa if rate_b is None else as_probabilities(rate_b, "rate_b")
    alpha = check_confidence(level, "level")
    test = check_choice(test, "test", ("fisher", "chi2", "yates", "normal"))
    xa, xb = broadcast(rate_a=xa, rate_b=xb)
    na, nb = np.meshgrid(np.arange(ka + 1), np.arange(kb + 1), indexing="ij")
    tables = np.stack([np.stack([na, nb], -1), np.stack([ka - na, kb - nb], -1)], -2)
    usable = (na + nb > 0) & (na + nb < ka + kb)
    reject = np.zeros(na.shape, dtype=bool)
    if test == "normal":
        r = rate_difference(na / ka, ka, nb / kb, kb)
        with np.errstate(invalid="ignore"):
            reject = np.asarray(r.pvalue) <= alpha
    else:
        kept = tables[usable]
        if test == "fisher":
            p = fisher_exact(kept).pvalue
        else:
            p = chi_square_2x2(kept, correction=(test == "yates")).pvalue
        reject[usable] = np.asarray(p) <= alpha
    weight_a = stats.binom.pmf(np.arange(ka + 1), ka, xa[..., None])  # (..., K_A + 1)
    weight_b = stats.binom.pmf(np.arange(kb + 1), kb, xb[..., None])  # (..., K_B + 1)
    prob = np.einsum("...i,ij,...j->...", weight_a, reject.astype(float), weight_b)
    return to_output(prob)
