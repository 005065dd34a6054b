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
* :func:`boschloo_exact` – Boschloo's exact unconditional test (beyond the documents), which
  Lydersen, Fagerland and Laake (2009) recommend over Fisher's conservative test, and the mid-p
  version of Fisher's test (``fisher_exact(..., method="mid-p")``).
* :func:`difference_interval` and :func:`difference_coverage` – Newcombe's, Agresti–Caffo's,
  Miettinen–Nurminen's score and Tan's Wald interval for the difference of two rates, and their
  exact coverage.
* :func:`rejection_probability` – the exact probability that a test rejects, by enumerating
  every outcome of the two experiments (its type-I error under H0, its power otherwise).
* :func:`noninferiority_test` and :func:`equivalence_test` – is the new classifier A at most a
  margin δ worse than the reference B (non-inferiority), or within ±δ of it (equivalence, two
  one-sided tests)? Farrington & Manning's score test and its Miettinen–Nurminen form, each the
  inversion of an interval of :func:`difference_interval`'s family, and Blackwelder's Wald test.

Every "at most" comparison of floating probabilities or p-values (Fisher's "as or less probable",
Boschloo's ordering of the tables, a p-value against the level) allows the relative tolerance
:data:`TIE_TOLERANCE` (1e-7, as R), so that quantities equal in exact arithmetic compare equal.

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

import functools
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
from numpy.typing import ArrayLike
from scipy import special, stats

from evalkit._validation import (
    as_count,
    as_counts,
    as_probabilities,
    broadcast,
    check_at_most,
    check_confidence,
    labels_for_counts,
    shown,
    to_output,
)
from evalkit.distributions import _log_binomial_pmf
from evalkit.intervals import _chandrupatla, _check_level, _check_option, _wilson_limits, _z
from evalkit.results import (
    Interval,
    ReadableResult,
    TestResult,
    _check_margin,
    _check_one_sided_level,
)

__all__ = [
    "DIFFERENCE_METHODS",
    "MAX_OUTCOMES",
    "NONINFERIORITY_METHODS",
    "REJECTION_TESTS",
    "TIE_TOLERANCE",
    "NullDistribution",
    "RateDifference",
    "boschloo_exact",
    "chi_square_2x2",
    "difference_coverage",
    "difference_interval",
    "equivalence_test",
    "fisher_exact",
    "fisher_null_distribution",
    "hypergeometric_pmf",
    "noninferiority_test",
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
_FISHER_METHODS = ("exact", "mid-p")
_CHUNK_ELEMENTS = 2**21  # support points per vectorized block (≈ 16 MB per float array)
_MAX_SUPPORT = 50_000_000  # largest null distribution fisher_exact enumerates (≈ 0.4 GB)
_WINDOW_LOG_BOUND = 762.0  # 2t²/m ≥ 760 + ln 2 (see _summed_range)


# --------------------------------------------------------------------------------------------
# difference of two rates (Tan eq. 4.14–4.15)


@dataclass(frozen=True)
class RateDifference(ReadableResult):
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

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage): minimum 0.509 (at K_A=10, K_B=10, p_A=0.98, p_B=0.95), median 0.943, maximum
    1.000 over 40 settings. It covers less than 93 % at 12 of the 40 settings.
    Atlas (size): minimum 0.000, median 0.055, maximum 0.095 (at K_A=10, K_B=10, p=0.7) over 24
    settings. It rejects a true null hypothesis more than 7 % of the time at 5 of the 24 settings.

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
    try:
        r1 = as_probabilities(rate1, "rate1")
        r2 = as_probabilities(rate2, "rate2")
        n1 = as_counts(size1, "size1", minimum=1)
        n2 = as_counts(size2, "size2", minimum=1)
    except (TypeError, ValueError) as exc:
        labels_for_counts(
            exc,
            "rate_difference takes two rates and the sizes of their test sets: "
            "rate_difference(rate1, size1, rate2, size2), e.g. rate_difference(0.15, 30, 0.25, "
            "5000)",
            _TABLE_LABELS,
            size1=size1,
            size2=size2,
        )
        raise
    level = check_confidence(confidence)
    r1, n1, r2, n2 = broadcast(rate1=r1, size1=n1, rate2=r2, size2=n2)
    return _rate_difference_core(r1, n1, r2, n2, level)


def _rate_difference_core(
    r1: np.ndarray, n1: np.ndarray, r2: np.ndarray, n2: np.ndarray, level: float
) -> RateDifference:
    """:func:`rate_difference` on checked, broadcast arrays."""
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


def _as_tables(
    table: ArrayLike, name: str = "table", *, empty_rows: bool = False, call: str | None = None
) -> np.ndarray:
    """Validate a 2×2 table or a stack of them (shape (..., 2, 2)) of counts.

    Every column (a test set) must be non-empty. ``empty_rows=True`` admits a row of zeros: all
    results correct (or all wrong) in both experiments, e.g. two perfect classifiers. For the
    exact tests this is legitimate data (only one table has these margins, so p = 1); the χ²
    statistic is 0/0 there and keeps refusing it. ``call``, the public function, is named when
    the table looks like arrays of labels (:func:`evalkit._validation.labels_for_counts`).
    """
    try:
        counts = as_counts(table, name)
        if counts.ndim < 2 or counts.shape[-2:] != (2, 2):
            raise ValueError(
                f"{name} must be a 2×2 table [[correct_A, correct_B], [wrong_A, wrong_B]] or a "
                f"stack of them with shape (..., 2, 2); got shape {counts.shape}"
            )
    except (TypeError, ValueError) as exc:
        if call is not None:
            instead = f"{call} " + _TABLE_COUNTS.format(call=call)
            labels_for_counts(exc, instead, _TABLE_LABELS, **{name: table})
        raise
    checks = [
        (
            counts.sum(axis=-2),  # K_A, K_B (column sums)
            ("test-set size of A (column 0)", "test-set size of B (column 1)"),
            "every column (a test set) must have a positive sum",
        )
    ]
    if not empty_rows:
        checks.append(
            (
                counts.sum(axis=-1),  # n, K − n (row sums)
                ("number correct (row 0)", "number wrong (row 1)"),
                "every row and column of a 2×2 table must have a positive sum for the χ² "
                "statistic, which is 0/0 otherwise (fisher_exact and boschloo_exact accept an "
                "empty row and give p = 1)",
            )
        )
    for margins, what, rule in checks:
        empty = margins == 0
        if empty.any():
            index = np.argwhere(empty)[0]
            bad_table = counts[tuple(index[:-1])]
            raise ValueError(
                f"{name} has an empty margin: the {what[index[-1]]} is 0 in "
                f"{bad_table.tolist()}; {rule}"
            )
    return counts


#: What the table functions take, for arrays of labels in the table's place.
_TABLE_COUNTS = (
    "takes the 2×2 table of counts [[correct_a, correct_b], [wrong_a, wrong_b]] of two test "
    "sets, e.g. {call}([[47, 40], [3, 10]]) for 47 of 50 against 40 of 50"
)
_TABLE_LABELS = (
    "evalkit.compare_test_sets(correct_a, size_a, correct_b, size_b), or "
    "evalkit.compare_classifiers(y_true, y_pred_a, y_pred_b) when both classifiers labelled the "
    "same items"
)


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
        raise TypeError(f"log must be True or False; got {shown(log)}")
    try:
        nu = as_counts(correct_a, "correct_a")
        n = as_counts(correct_total, "correct_total")
        ka = as_counts(size_a, "size_a")
        k = as_counts(size_total, "size_total", minimum=1)
        nu, n, ka, k = broadcast(correct_a=nu, correct_total=n, size_a=ka, size_total=k)
        check_at_most(n, k, "correct_total", "size_total")
        check_at_most(ka, k, "size_a", "size_total")
    except (TypeError, ValueError) as exc:
        labels_for_counts(
            exc,
            "hypergeometric_pmf takes counts: hypergeometric_pmf(correct_a, correct_total, "
            "size_a, size_total), e.g. hypergeometric_pmf(47, 87, 50, 100)",
            correct_a=correct_a,
            correct_total=correct_total,
            size_a=size_a,
            size_total=size_total,
        )
        raise
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


def _distinct_rows(*columns: np.ndarray) -> tuple[tuple[np.ndarray, ...], np.ndarray]:
    """The distinct rows of equally long columns of counts, and each row's index among them.

    ``tuple(c[inverse] for c in distinct)`` gives the columns back. Small counts are packed into
    one integer key per row (a fast sort); otherwise the rows are compared as rows.
    """
    if columns[0].size < 2:
        return columns, np.arange(columns[0].size)
    radix = max(int(c.max()) for c in columns) + 1
    if radix ** len(columns) < 2**62:
        key = columns[0].astype(np.int64)
        for column in columns[1:]:
            key = key * radix + column
        _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    else:
        rows = np.stack(columns, axis=1)
        _, first, inverse = np.unique(rows, axis=0, return_index=True, return_inverse=True)
    return tuple(c[first] for c in columns), inverse.ravel()


def _fisher_flat(
    a: np.ndarray, n: np.ndarray, ka: np.ndarray, k: np.ndarray, alternative: str
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """ln p-value, ln P(observed table) and ln P(tied tables) for flat arrays of tables.

    The tied tables are those *exactly as extreme* as the observed one, which the mid-p value
    counts with half their probability: for a one-sided p-value only the observed ν; for the
    two-sided one every ν whose probability equals P(n_A) within the relative tolerance
    :data:`TIE_TOLERANCE` (the observed table and, e.g., its mirror image when K_A = K_B).

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
    log_ties = observed.copy()  # one-sided: only ν = n_A is as extreme as itself
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
            tied = valid & (varying >= observed[idx, None] - log_tie)
            log_ties[idx] = special.logsumexp(np.where(tied, varying, -np.inf), axis=1)
        log_sum[idx] = special.logsumexp(np.where(valid, varying, -np.inf), axis=1)
    # n_A itself always counts; add it where the window left it out (its P is below e^−760)
    outside = (a < lo) | (a > hi)
    log_sum[outside] = np.logaddexp(log_sum[outside], observed[outside])
    log_ties[outside] = observed[outside]
    log_ties = np.minimum(log_ties, log_sum)  # rounding must not tie more than the p-value holds
    return np.minimum(log_sum + constant, 0.0), observed + constant, log_ties + constant


def fisher_exact(
    table: ArrayLike, alternative: str = "two-sided", method: str = "exact"
) -> TestResult:
    """Fisher's exact test (or its mid-p version) for two rates on independent test sets.

    Wolff (2014), §4.1, eq. 21–23. Given the margins of the table (K_A, K_B and the total number
    correct n), the number ν of correct results in A follows the hypergeometric distribution
    (eq. 22, :func:`hypergeometric_pmf`) under H0 "A and B have the same true rate". The
    two-sided p-value sums the probabilities of every ν that is *at most as probable* as the
    observed n_A (eq. 23); "at most" allows a relative tolerance of :data:`TIE_TOLERANCE`
    (1e-7, as R's ``fisher.test``) so that tables that are exactly as probable in exact
    arithmetic are not lost to rounding. The one-sided p-values are P(ν ≥ n_A) ("greater")
    and P(ν ≤ n_A) ("less"). All sums are done in log space.

    The **mid-p** version (``method="mid-p"``) counts the tables *more extreme* than the observed
    one fully and those *exactly as extreme* with half their probability,
    p_mid = P(T more extreme) + ½·P(T as extreme) (Lancaster 1961, "The exact partition of
    chi-square and its application to the problem of the pooling of small expectations",
    *Biometrika* 48; Hirji 2006, *Exact Analysis of Discrete Data*; recommended by Lydersen,
    Fagerland and Laake, "Recommended tests for association in 2×2 tables", *Statistics in
    Medicine* 28:1159, 2009). One-sided, only the observed table is as extreme, so
    p_mid = p − P(n_A)/2. Two-sided, "as extreme" means "as probable": every ν whose P(ν) equals
    P(n_A) within :data:`TIE_TOLERANCE` is halved. With K_A = K_B the hypergeometric is
    symmetric, so the mirror image of the observed table is one of them; halving only the
    observed table (as evalkit did until issue 43) left the test almost as conservative as
    Fisher's. The mid-p test no longer guarantees the level. Its exact size (the largest
    rejection probability over the common true rate, by enumeration with
    :func:`rejection_probability`, two-sided, α = 0.05) at K_A = K_B = 10, 20, 50 is 4.22 %,
    4.64 % and **5.69 %**, slightly above α at K = 50 (Fisher's: 1.28 %, 2.53 %, 3.52 %;
    halving only the observed table: 2.28 %, 3.85 %, 3.68 %; notebook 03). Its power for 0.95
    against 0.70 at K = 20 is 0.544, Boschloo's, against Fisher's 0.446.

    A table with an empty row (every result correct, or every result wrong, in both
    experiments — two perfect classifiers, say) is legitimate: only one table has these
    margins, it carries no evidence of a difference, and every p-value (mid-p included) is 1.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size, exact): minimum 0.000, median 0.015, maximum 0.040 (at K_A=100, K_B=100, p=0.5)
    over 24 settings.
    Atlas (size, mid-p): minimum 0.000, median 0.038, maximum 0.057 (at K_A=50, K_B=50, p=0.5) over
    24 settings.

    Parameters
    ----------
    table : array_like, shape (2, 2) or (..., 2, 2)
        ``[[correct_A, correct_B], [wrong_A, wrong_B]]`` (Wolff eq. 21: columns are the
        experiments, rows correct/wrong), or a stack of such tables (vectorized). Counts must be
        whole numbers ≥ 0 and every row and column must have a positive sum.
    alternative : {"two-sided", "less", "greater"}
        H1. ``"greater"``: the odds ratio is > 1 (A's true rate of correct results is higher
        than B's); ``"less"``: it is < 1. Same meaning as in R and ``scipy.stats.fisher_exact``.
    method : {"exact", "mid-p"}
        Fisher's p-value, or the mid-p value (the exact p-value minus half the probability of
        the tables exactly as extreme as the observed one, the observed table included).

    Returns
    -------
    TestResult
        ``statistic`` is n_A (the test statistic of Wolff's §4.1), ``pvalue`` the p-value,
        ``estimate`` the sample odds ratio (n_A·(K_B − n_B))/(n_B·(K_A − n_A)) (inf when a
        denominator count is 0), ``details["p_observed"]`` the probability of the observed
        table, P(n_A) = T(n_A | H0), and ``details["difference"]`` the difference of the
        rates n_A/K_A − n_B/K_B. Arrays of shape (...) for a stack of tables. The odds ratio
        is NaN for a table with an empty row (0/0), as in SciPy.

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
    >>> round(fisher_exact([[47, 40], [3, 10]], method="mid-p").pvalue, 4)  # ν = 40 ties ν = 47
    0.043
    >>> fisher_exact([[50, 50], [0, 0]]).pvalue  # two perfect classifiers: no evidence
    1.0
    """
    counts = _as_tables(table, empty_rows=True, call="fisher_exact")
    alternative = _check_option(
        alternative, "alternative", _ALTERNATIVES, position=2, method=_FISHER_METHODS
    )
    method = _check_option(method, "method", _FISHER_METHODS, position=3, alternative=_ALTERNATIVES)
    return _fisher_core(counts, alternative, method)


def _fisher_core(counts: np.ndarray, alternative: str, method: str) -> TestResult:
    """:func:`fisher_exact` on a checked stack of tables (shape (..., 2, 2))."""
    flat = counts.reshape(-1, 2, 2)
    a, b = flat[:, 0, 0], flat[:, 0, 1]
    c, d = flat[:, 1, 0], flat[:, 1, 1]
    n, ka = a + b, a + c
    k = ka + b + d
    # a simulated batch repeats the same tables many times: each distinct table is computed once
    distinct, inverse = _distinct_rows(a, n, ka, k)
    log_p, log_obs, log_ties = (x[inverse] for x in _fisher_flat(*distinct, alternative))
    pvalue = np.exp(log_p)
    if method == "mid-p":  # P(more extreme) + ½·P(as extreme) = p − ½·P(tied tables)
        single = (n == 0) | (n == k)  # only one table possible: no evidence, p = 1
        pvalue = np.where(single, 1.0, pvalue - 0.5 * np.exp(log_ties))
    shape = counts.shape[:-2]
    with np.errstate(divide="ignore", invalid="ignore"):
        odds_ratio = np.where(b * c > 0, (a * d) / np.where(b * c > 0, b * c, 1), np.inf)
    odds_ratio = np.where((a * d == 0) & (b * c == 0), np.nan, odds_ratio)
    difference = a / ka - b / (b + d)
    return TestResult(
        statistic=a.reshape(shape).astype(float),
        pvalue=pvalue.reshape(shape),
        alternative=alternative,
        method="Fisher's exact test" if method == "exact" else "Fisher's mid-p test",
        statistic_name="n_A (correct in A)",
        estimate=odds_ratio.reshape(shape),
        estimate_name="sample odds ratio",
        details={
            "p_observed": np.exp(log_obs).reshape(shape),
            "difference": difference.reshape(shape),
        },
    )


@dataclass(frozen=True)
class NullDistribution(ReadableResult):
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

    _repr_fields: ClassVar[tuple[str, ...]] = (
        "observed",
        "pvalue",
        "alternative",
        "values",
        "pmf",
        "counted",
    )


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
    counts = _as_tables(table, empty_rows=True, call="fisher_null_distribution")
    if counts.shape != (2, 2):
        raise ValueError(f"table must be a single 2×2 table; got shape {counts.shape}")
    alternative = _check_option(alternative, "alternative", _ALTERNATIVES, position=2)
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
    pvalue = float(_fisher_core(counts, alternative, "exact").pvalue)
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

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size, correction=False): minimum 0.000, median 0.043, maximum 0.057 (at K_A=50, K_B=50,
    p=0.5) over 24 settings.
    Atlas (size, correction=True): minimum 0.000, median 0.015, maximum 0.040 (at K_A=100, K_B=100,
    p=0.5) over 24 settings.

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
    counts = _as_tables(table, call="chi_square_2x2")
    if not isinstance(correction, (bool, np.bool_)):
        raise TypeError(f"correction must be True or False; got {shown(correction)}")
    return _chi_square_core(counts, bool(correction))


def _chi_square_core(counts: np.ndarray, correction: bool) -> TestResult:
    """:func:`chi_square_2x2` on a checked stack of tables with no empty margin."""
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
        estimate_name="difference of rates",
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
# Boschloo's exact unconditional test (beyond the documents; Boschloo 1970)


@functools.lru_cache(maxsize=64)
def _log_combinations(k: int) -> np.ndarray:
    """ln C(k, i) for i = 0 … k (read-only; lnΓ is exact enough for the k of a 2×2 enumeration)."""
    log_factorials = special.gammaln(np.arange(1.0, k + 2))  # ln i! for i = 0 … k
    out = log_factorials[k] - log_factorials - log_factorials[::-1]
    out.setflags(write=False)
    return out


def _binomial_rows(k: int, rates: ArrayLike) -> np.ndarray:
    """Bin(n; k, rate) for n = 0 … k along a new last axis of ``rates`` (0·ln 0 = 0 at the ends)."""
    rates = np.asarray(rates, dtype=float)[..., None]
    index = np.arange(k + 1)
    # ln 0 = −inf is replaced by a huge finite number, so that 0·ln 0 gives 0 and n·ln 0 gives
    # −inf (the logarithm is only taken where it is finite: no warning to silence)
    log_rate = np.log(rates, out=np.full(rates.shape, _LOG_ZERO), where=rates > 0)
    log_rest = np.log1p(-rates, out=np.full(rates.shape, _LOG_ZERO), where=rates < 1)
    return np.exp(_log_combinations(k) + index * log_rate + (k - index) * log_rest)


_LOG_ZERO = -1e300


@dataclass(frozen=True)
class _Outcomes:
    """Every outcome (n_A, n_B) of two experiments of K_A and K_B items, with Fisher's statistics.

    Arrays have shape (K_A + 1, K_B + 1), indexed by (n_A, n_B). ``conditional`` is Fisher's
    null probability of n_A given the total n = n_A + n_B (Wolff eq. 22). :meth:`side` gives
    Fisher's one-sided p-values, P(ν ≤ n_A | n) for "less" and P(ν ≥ n_A | n) for "greater",
    with their complements P(ν > n_A | n) and P(ν < n_A | n) summed directly (not as 1 − p) so
    that p-values close to 1 can be told apart (see :func:`_as_extreme`).

    ``running_less`` and ``running_greater`` hold those sums laid out by total n (rows) and
    ν + 1 (columns, with a zero column at each end): ``running_less[n, j]`` = P(ν ≤ j − 1 | n),
    ``running_greater[n, j]`` = P(ν ≥ j − 1 | n). A side is read from them the first time it is
    asked for (a one-sided test needs only one).
    """

    size_a: int
    size_b: int
    total: np.ndarray
    conditional: np.ndarray
    running_less: np.ndarray
    running_greater: np.ndarray
    # the sides asked for so far (a cache: the dataclass is frozen, its arrays read-only)
    _sides: dict[str, tuple[np.ndarray, np.ndarray]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def side(self, name: str) -> tuple[np.ndarray, np.ndarray]:
        """The statistic of one side ("less" or "greater") and its complement."""
        if name not in self._sides:
            n_a = np.arange(self.size_a + 1)[:, None]
            if name == "less":  # P(ν ≤ n_A | n) and P(ν ≥ n_A + 1 | n)
                pair = (
                    self.running_less[self.total, n_a + 1],
                    self.running_greater[self.total, n_a + 2],
                )
            else:  # P(ν ≥ n_A | n) and P(ν ≤ n_A − 1 | n)
                pair = (
                    self.running_greater[self.total, n_a + 1],
                    self.running_less[self.total, n_a],
                )
            for array in pair:
                np.minimum(array, 1.0, out=array)
                array.setflags(write=False)
            self._sides[name] = pair
        return self._sides[name]


def _outcomes(size_a: int, size_b: int) -> _Outcomes:
    """All (K_A + 1)(K_B + 1) outcomes of two experiments of K_A and K_B items at once."""
    n_a = np.arange(size_a + 1)[:, None]
    n_b = np.arange(size_b + 1)[None, :]
    total = n_a + n_b
    log_ka, log_kb, log_k = (_log_combinations(m) for m in (size_a, size_b, size_a + size_b))
    conditional = np.exp(log_ka[n_a] + log_kb[n_b] - log_k[total])  # eq. 22
    # lay the outcomes out by total n (rows) and ν = n_A (columns 1 … K_A + 1, a zero column at
    # each end): the one-sided p-values are then running sums along each row, from the left
    # (less) or from the right (greater)
    by_total = np.zeros((size_a + size_b + 1, size_a + 3))
    by_total[total, n_a + 1] = conditional
    running_less = np.cumsum(by_total, axis=1)
    running_greater = np.cumsum(by_total[:, ::-1], axis=1)[:, ::-1]
    for array in (total, conditional, running_less, running_greater):
        array.setflags(write=False)
    return _Outcomes(size_a, size_b, total, conditional, running_less, running_greater)


def _conditional_rejection(outcomes: _Outcomes, region: np.ndarray) -> np.ndarray:
    """c_n = P(region | n correct in all, H0) for n = 0 … K (Fisher's conditional probability).

    Under H0 with common rate π, P(n_A, n_B) = c(n_A | n)·Bin(n; K, π), so the unconditional
    probability of the region is the mixture Σ_n c_n·Bin(n; K, π) — a polynomial in π in
    Bernstein form whose coefficients c_n ∈ [0, 1] are computed once per region.
    """
    return np.bincount(
        outcomes.total.ravel(),
        weights=np.where(region, outcomes.conditional, 0.0).ravel(),
        minlength=outcomes.size_a + outcomes.size_b + 1,
    )


def _mixture(coefficients: np.ndarray, rates: np.ndarray) -> np.ndarray:
    """Σ_n c_n·Bin(n; K, π) for every π in ``rates`` (any shape), K = len(c) − 1."""
    return _binomial_rows(coefficients.size - 1, rates) @ coefficients


_ZOOM = np.linspace(0.0, 1.0, 17)  # points per bracket in the refinement (bracket shrinks 8×)
_ZOOM_ROUNDS = 2  # then a parabola through the best three points (see _supremum)
_PEAK_MARGIN = 0.02  # grid maxima this close to the best are refined (see _supremum)
_MAX_PEAKS = 8
_NEIGHBOURS = np.array([-1, 0, 1])


@functools.lru_cache(maxsize=64)
def _theta_grid(k: int) -> tuple[np.ndarray, np.ndarray]:
    """The search grid in θ = arcsin √π (step σ/4, σ = 1/(2√K)) and Bin(n; K, sin²θ) on it.

    The upper half of the grid reuses the lower half's rows (mirrored), so a row there is the
    pmf at π/2 − θ of the mirrored point, which may differ from θ in its last bit: the grid only
    picks the peaks that :func:`_supremum` refines at their own points.
    """
    step = 0.125 / np.sqrt(max(k, 1))
    theta = np.linspace(0.0, np.pi / 2, int(np.ceil(np.pi / 2 / step)) + 1)
    # The grid is symmetric about θ = π/4 (π = 1/2) and Bin(n; K, 1 − π) = Bin(K − n; K, π):
    # the rows of its upper half are those of the lower half, reversed (half the exp calls)
    half = (theta.size + 1) // 2
    lower = _binomial_rows(k, np.sin(theta[:half]) ** 2)
    pmf = np.concatenate([lower, lower[theta.size - half - 1 :: -1, ::-1]])
    theta.setflags(write=False)
    pmf.setflags(write=False)
    return theta, pmf


def _supremum(coefficients: np.ndarray) -> tuple[float, float]:
    """max over π ∈ [0, 1] of Σ_n c_n·Bin(n; K, π), and the π where it is reached.

    The search runs in θ = arcsin √π, where every binomial Bin(n; K, sin²θ) has about the same
    width σ = 1/(2√K) (the variance-stabilising transformation). A grid with step σ/4 samples
    every bump of the mixture at least eight times; near a maximum a mixture of positive, nearly
    Gaussian bumps curves no faster than −p/σ², so the grid's best point is within a factor
    1 − (σ/8)²/(2σ²) ≈ 0.992 of the true supremum, and any local maximum that could beat it has
    a grid value above 1 − ``_PEAK_MARGIN`` (2 %) of the grid's best. Each such candidate (the
    eight highest at most) is refined: two rounds of 17 points across its bracket, keeping the
    best point and its neighbours (the bracket shrinks 64-fold, to σ/128), then the vertex of
    the parabola through the best three points (spaced σ/1024), which leaves a relative error
    of the maximum below 10^-12. The tests compare the result with ``scipy.stats.boschloo_exact``
    and with a brute-force grid of 200 001 points.
    """
    theta, pmf = _theta_grid(coefficients.size - 1)
    values = pmf @ coefficients
    best = values.max()
    if best >= 1 - 1e-13:  # a p-value cannot exceed 1
        return 1.0, float(np.sin(theta[values.argmax()]) ** 2)
    padded = np.concatenate([[-np.inf], values, [-np.inf]])  # neighbours left and right
    peaks = np.flatnonzero(
        (values >= padded[:-2]) & (values >= padded[2:]) & (values >= best * (1 - _PEAK_MARGIN))
    )
    peaks = peaks[np.argsort(values[peaks])[::-1][:_MAX_PEAKS]]
    width = theta[1] - theta[0]
    low = np.maximum(theta[peaks] - width, 0.0)
    high = np.minimum(theta[peaks] + width, np.pi / 2)
    rows = np.arange(peaks.size)
    for _ in range(_ZOOM_ROUNDS):
        points = low[:, None] + (high - low)[:, None] * _ZOOM
        zoom_values = _mixture(coefficients, np.sin(points) ** 2)
        centre = points[rows, zoom_values.argmax(axis=1)]
        half = (high - low) / (_ZOOM.size - 1)
        low, high = np.maximum(centre - half, 0.0), np.minimum(centre + half, np.pi / 2)
    # the vertex of the parabola through the best point of the last round and its neighbours
    j = np.clip(zoom_values.argmax(axis=1), 1, _ZOOM.size - 2)
    before, middle, after = zoom_values[rows[:, None], j[:, None] + _NEIGHBOURS].T
    spacing = points[:, 1] - points[:, 0]
    curvature = before - 2 * middle + after
    with np.errstate(divide="ignore", invalid="ignore"):
        offset = np.where(curvature < 0, 0.5 * spacing * (before - after) / curvature, 0.0)
    vertex = np.clip(points[rows, j] + np.clip(offset, -spacing, spacing), 0.0, np.pi / 2)
    candidates = np.concatenate([points, vertex[:, None]], axis=1)
    candidate_values = np.concatenate(
        [zoom_values, _mixture(coefficients, np.sin(vertex) ** 2)[:, None]], axis=1
    )
    top = candidate_values.max()
    if top < best:  # cannot happen: the brackets contain the grid points
        candidates, candidate_values, top = theta, values, best
    # Equal maxima (a symmetric table has two, at π and 1 − π) differ only in their last bits,
    # which vary between machines: the reported π is the smallest of those within 1e-13 of the
    # supremum, so that it is the same everywhere.
    tied = candidate_values >= top * (1 - 1e-13)
    rate = float(np.min(np.sin(candidates[tied]) ** 2))
    return min(float(top), 1.0), rate


def _at_most(values: Any, bound: Any) -> Any:
    """values ≤ bound·(1 + TIE_TOLERANCE): "at most", with R's relative tolerance for ties."""
    return values <= bound * (1 + TIE_TOLERANCE)


def _as_extreme(
    statistic: np.ndarray, complement: np.ndarray, bound: float, bound_complement: float
) -> np.ndarray:
    """Outcomes whose one-sided Fisher p-value is at most ``bound``, ties included.

    The relative tolerance :data:`TIE_TOLERANCE` is applied to the smaller of the two tails:
    to the p-value itself when it is at most 1/2, else to its complement (P(ν > n_A | n) for
    "less"), because 0.99999994 and 1 differ by 6·10⁻⁸ — a genuine difference that a relative
    tolerance of 10⁻⁷ on the p-value would take for a tie.
    """
    if bound <= 0.5:
        return _at_most(statistic, bound)
    return complement >= bound_complement * (1 - TIE_TOLERANCE)


#: Boschloo's test and the exact size/power enumerate all (K_A + 1)(K_B + 1) outcomes; at most this
#: many (about 1000 items per side). Beyond it Fisher's mid-p test or χ² agree closely with it.
MAX_OUTCOMES = 1_100_000
_MAX_OUTCOMES = MAX_OUTCOMES


def _check_enumerable(size_a: int, size_b: int, what: str) -> None:
    if (size_a + 1) * (size_b + 1) > _MAX_OUTCOMES:
        raise ValueError(
            f"{what} enumerates all (K_A + 1)(K_B + 1) outcomes; with K_A = {size_a} and "
            f"K_B = {size_b} that is {(size_a + 1) * (size_b + 1):,}, more than the "
            f"{_MAX_OUTCOMES:,} allowed (about 1000 items per side); with test sets this large "
            "fisher_exact(..., method='mid-p') or chi_square_2x2 agree closely with it"
        )


def boschloo_exact(table: ArrayLike, alternative: str = "two-sided") -> TestResult:
    """Boschloo's exact unconditional test for two rates on independent test sets.

    Fisher's test conditions on the total number correct n (Wolff, footnote 5); Boschloo (1970)
    keeps only K_A and K_B fixed, as the experiment does. It uses Fisher's one-sided p-value as
    the test statistic and takes the p-value unconditionally, as the largest probability over
    the unknown common rate π (the nuisance parameter) of a table at most as extreme:

        p = sup_π Σ_{(ν_A, ν_B): T(ν_A, ν_B) ≤ T(n_A, n_B)} Bin(ν_A; K_A, π)·Bin(ν_B; K_B, π),

    T the Fisher p-value P(ν ≥ n_A | n) for ``"greater"`` (P(ν ≤ n_A | n) for ``"less"``),
    "≤" with the relative tolerance :data:`TIE_TOLERANCE` for ties. Because Fisher's test is
    valid for every n, p is never larger than Fisher's one-sided p-value, and the test never
    exceeds its level. Two-sided, as in ``scipy.stats.boschloo_exact``, p is twice the smaller
    one-sided p-value (at most 1); it is therefore never above twice Fisher's smaller one-sided
    p-value, but with test sets of different sizes it can exceed Fisher's two-sided p-value of
    eq. 23, which sums the tables at most as probable (``[[11, 15], [3, 0]]``: 0.139 against
    0.0996). Lydersen, Fagerland and Laake (2009, *Statistics in Medicine*
    28:1159) recommend it over Fisher's test for 2×2 tables of two independent samples.

    The sum is written as Σ_n c_n·Bin(n; K, π), with c_n Fisher's conditional probability of
    the region given n, so a value of π costs K + 1 terms; the supremum is found on a grid in
    arcsin √π with local refinement (:func:`_supremum`), instead of a general optimiser.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size): minimum 0.000, median 0.031, maximum 0.045 (at K_A=100, K_B=100, p=0.7) over 20
    settings.

    Parameters
    ----------
    table : array_like, shape (2, 2)
        ``[[correct_A, correct_B], [wrong_A, wrong_B]]`` as in :func:`fisher_exact`; both
        columns non-empty, at most about 1000 items per column.
    alternative : {"two-sided", "less", "greater"}
        As in :func:`fisher_exact` (``"greater"``: A's true rate of correct results is higher).

    Returns
    -------
    TestResult
        ``statistic`` Fisher's one-sided p-value (of the side that gives the smaller p-value
        when two-sided, as SciPy), ``pvalue``, ``estimate`` the difference of rates
        n_A/K_A − n_B/K_B, ``details["nuisance_rate"]`` the π where the supremum is reached,
        ``details["pvalue_less"]`` and ``details["pvalue_greater"]`` the one-sided p-values.

    Examples
    --------
    Wolff's example 1 (47/50 vs 40/50): Fisher's two-sided p is 0.071, Boschloo's 0.054.

    >>> r = boschloo_exact([[47, 40], [3, 10]])
    >>> round(r.pvalue, 4), round(r.statistic, 4)
    (0.0536, 0.0357)
    >>> round(boschloo_exact([[47, 40], [3, 10]], alternative="greater").pvalue, 4)
    0.0268
    >>> boschloo_exact([[50, 50], [0, 0]]).pvalue  # two perfect classifiers
    1.0
    """
    counts = _as_tables(table, empty_rows=True, call="boschloo_exact")
    if counts.shape != (2, 2):
        raise ValueError(f"table must be a single 2×2 table; got shape {counts.shape}")
    alternative = _check_option(alternative, "alternative", _ALTERNATIVES, position=2)
    n_a, n_b = int(counts[0, 0]), int(counts[0, 1])
    size_a, size_b = n_a + int(counts[1, 0]), n_b + int(counts[1, 1])
    _check_enumerable(size_a, size_b, "boschloo_exact")
    outcomes = _outcomes(size_a, size_b)
    sides = {}
    for side in ("less", "greater") if alternative == "two-sided" else (alternative,):
        statistic, complement = outcomes.side(side)
        region = _as_extreme(statistic, complement, statistic[n_a, n_b], complement[n_a, n_b])
        pvalue, rate = _supremum(_conditional_rejection(outcomes, region))
        sides[side] = (pvalue, rate, float(statistic[n_a, n_b]))
    side = min(sides, key=lambda name: sides[name][0])
    pvalue, rate, statistic = sides[side]
    if alternative == "two-sided":
        pvalue = min(1.0, 2 * pvalue)
    return TestResult(
        statistic=statistic,
        pvalue=pvalue,
        alternative=alternative,
        method="Boschloo's exact unconditional test",
        statistic_name=f"Fisher's p ({side})",
        estimate=n_a / size_a - n_b / size_b,
        estimate_name="difference of rates",
        details={
            "nuisance_rate": rate,
            **{f"pvalue_{name}": value[0] for name, value in sides.items()},
        },
    )


def _largest_region(outcomes: _Outcomes, side: str, bound: float) -> np.ndarray:
    """The largest region {T ≤ t} of one side whose supremum over π is at most ``bound``."""
    statistic, complement = outcomes.side(side)
    thresholds, first = np.unique(statistic, return_index=True)
    complements = complement.ravel()[first]
    lo, hi = -1, thresholds.size  # thresholds[lo] is valid (−1: none), thresholds[hi] is not
    while hi - lo > 1:
        mid = (lo + hi) // 2
        candidate = _as_extreme(statistic, complement, thresholds[mid], complements[mid])
        size, _ = _supremum(_conditional_rejection(outcomes, candidate))
        lo, hi = (mid, hi) if _at_most(size, bound) else (lo, mid)
    if lo < 0:
        return np.zeros(statistic.shape, dtype=bool)
    return _as_extreme(statistic, complement, thresholds[lo], complements[lo])


@functools.lru_cache(maxsize=64)
def _boschloo_region(size_a: int, size_b: int, level: float) -> np.ndarray:
    """The outcomes where Boschloo's two-sided test rejects at ``level`` (computed once).

    Two-sided rejection means a one-sided p-value ≤ level/2. On each side the candidate regions
    {T ≤ t} grow with the threshold t and so does their supremum; a binary search over the
    distinct values of T finds the largest region whose supremum is at most level/2.
    """
    outcomes = _outcomes(size_a, size_b)
    region = _largest_region(outcomes, "less", level / 2) | _largest_region(
        outcomes, "greater", level / 2
    )
    region.setflags(write=False)
    return region


# --------------------------------------------------------------------------------------------
# interval for the difference of two rates, and its exact coverage (beyond the documents)

#: The methods :func:`difference_interval` and :func:`difference_coverage` accept.
DIFFERENCE_METHODS = ("newcombe", "agresti-caffo", "wald", "miettinen-nurminen")
_DIFFERENCE_NAMES = {
    "newcombe": "Newcombe hybrid score",
    "agresti-caffo": "Agresti-Caffo",
    "wald": "Wald (Tan eq. 4.15)",
    "miettinen-nurminen": "Miettinen-Nurminen score",
}


def _restricted_rates(
    rate_a: np.ndarray, k_a: np.ndarray, rate_b: np.ndarray, k_b: np.ndarray, delta: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """The maximum-likelihood rates (π̃_A, π̃_B) under the constraint π_A − π_B = δ.

    The closed-form root of the likelihood equation's cubic (Miettinen & Nurminen 1985,
    appendix; in this trigonometric form Farrington & Manning 1990, *Statistics in Medicine*
    9:1447), with θ = K_B/K_A:

        a = 1 + θ,  b = −(1 + θ + r_A + θ·r_B + δ(θ + 2)),
        c = δ² + δ(2r_A + θ + 1) + r_A + θ·r_B,  d = −r_A·δ(1 + δ),
        v = b³/(3a)³ − bc/(6a²) + d/(2a),  u = sign(v)·√(b²/(3a)² − c/(3a)),
        w = (π + arccos(v/u³))/3,  π̃_A = 2u·cos w − b/(3a),  π̃_B = π̃_A − δ.

    π̃_A is clipped to [max(0, δ), min(1, 1 + δ)], the rates the constraint allows, against
    rounding.
    """
    theta = k_b / k_a
    a = 1 + theta
    b = -(1 + theta + rate_a + theta * rate_b + delta * (theta + 2))
    c = delta**2 + delta * (2 * rate_a + theta + 1) + rate_a + theta * rate_b
    d = -rate_a * delta * (1 + delta)
    v = b**3 / (27 * a**3) - b * c / (6 * a**2) + d / (2 * a)
    u = np.copysign(np.sqrt(np.maximum(b**2 / (9 * a**2) - c / (3 * a), 0.0)), v)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(u != 0, v / u**3, 0.0)
    w = (np.pi + np.arccos(np.clip(ratio, -1.0, 1.0))) / 3
    low, high = np.maximum(0, delta), np.minimum(1, 1 + delta)
    tilde_a = np.clip(2 * u * np.cos(w) - b / (3 * a), low, high)
    # the cubic's root has an absolute error of about 1e-12: polish where a rate is near 0 or 1
    edge = np.minimum(
        np.minimum(tilde_a, 1 - tilde_a), np.minimum(tilde_a - delta, 1 - tilde_a + delta)
    )
    near = edge < _POLISH_BELOW
    if near.any():
        args = np.broadcast_arrays(tilde_a, rate_a, k_a, rate_b, k_b, delta, low, high)
        part, *rest = (np.asarray(x, dtype=float)[near] for x in args)
        for _ in range(_POLISH_STEPS):
            part = _newton_step(part, *rest)
        tilde_a = np.array(np.broadcast_to(tilde_a, near.shape), dtype=float)
        tilde_a[near] = part
    return tilde_a, tilde_a - delta


_POLISH_STEPS = 3  # Newton steps after the cubic (see _newton_step) …
_POLISH_BELOW = 1e-3  # … where a restricted rate is within this of 0 or 1


def _likelihood_slope(
    tilde_a: np.ndarray, counts: tuple[np.ndarray, ...], delta: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """h(π_A) and h′(π_A) of the restricted likelihood equation (see :func:`_newton_step`)."""
    tilde_b = tilde_a - delta
    rates = (tilde_a, 1 - tilde_a, tilde_b, 1 - tilde_b)
    signs = (1.0, -1.0, 1.0, -1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = [np.where(x > 0, x / r, 0.0) for x, r in zip(counts, rates, strict=True)]
        h = sum(sign * t for sign, t in zip(signs, terms, strict=True))
        slope = -sum(
            np.where(x > 0, t / r, 0.0) for x, t, r in zip(counts, terms, rates, strict=True)
        )
    return h, slope


def _newton_step(
    tilde_a: np.ndarray,
    rate_a: np.ndarray,
    k_a: np.ndarray,
    rate_b: np.ndarray,
    k_b: np.ndarray,
    delta: np.ndarray,
    low: np.ndarray,
    high: np.ndarray,
) -> np.ndarray:
    """One Newton step on the restricted likelihood equation (polishing the cubic's root).

    The trigonometric root is a difference of terms of size about 1/3, so a restricted rate near
    0 or 1 keeps only a few digits: at 5 of 10⁶ against 0 of 10⁶ the score statistic at the
    lower limit came out 1.959958 instead of z = 1.959964. With π_B = π_A − δ the equation is
    h(π_A) = x_A/π_A − (K_A − x_A)/(1 − π_A) + x_B/π_B − (K_B − x_B)/(1 − π_B) = 0 (a term
    whose count is 0 drops out); the log-likelihood is concave (h′ < 0) and Newton's step
    π_A − h/h′ converges quadratically from the cubic's root. The step is projected onto
    [max(0, δ), min(1, 1 + δ)]: where the maximum lies on that boundary (a rate of 0 with no
    success observed, say) the projection lands on it exactly; a step to a boundary where h is
    infinite is refused.
    """
    counts = (rate_a * k_a, (1 - rate_a) * k_a, rate_b * k_b, (1 - rate_b) * k_b)
    h, slope = _likelihood_slope(tilde_a, counts, delta)
    with np.errstate(divide="ignore", invalid="ignore"):
        step = np.clip(tilde_a - h / slope, low, high)
    h_step, _ = _likelihood_slope(step, counts, delta)
    keep = np.isfinite(step) & np.isfinite(h_step)
    return np.where(keep, step, tilde_a)


def _miettinen_nurminen_upper(
    n_a: np.ndarray,
    k_a: np.ndarray,
    n_b: np.ndarray,
    k_b: np.ndarray,
    z: float,
    correction: bool = True,
) -> np.ndarray:
    """Upper limits δ > d̂ where the score statistic reaches −z, by bracketed root finding.

    With ``correction=False`` the variance lacks Miettinen & Nurminen's factor N/(N − 1): the
    limits of Mee's (1984) interval, the inversion of Farrington & Manning's (1990) score test.

    The score statistic (d̂ − δ)/√V(δ) falls as δ grows, so its crossing of −z is the root of
    g(δ) = (d̂ − δ) + z·√V(δ) in [d̂, 1]: g(d̂) ≥ 0 (taken as +z where V(d̂) = 0, i.e. both rates
    0 or both 1: the limit is not d̂ there) and g(1) = d̂ − 1 < 0 (V(1) = 0). The limit is 1 where
    d̂ = 1. Chandrupatla's method (:func:`evalkit.intervals._chandrupatla`) solves all at once.
    """
    rate_a, rate_b = n_a / k_a, n_b / k_b
    observed = rate_a - rate_b
    # Miettinen & Nurminen's N/(N − 1); 1 for Mee's interval (Farrington & Manning's test)
    factor = (k_a + k_b) / (k_a + k_b - 1) if correction else np.ones(np.shape(k_a))
    upper = np.ones(observed.shape)
    solve = observed < 1
    if not solve.any():
        return upper

    def g(delta, ra, ka, rb, kb, d_hat, f):
        ta, tb = _restricted_rates(ra, ka, rb, kb, delta)
        variance = f * (ta * (1 - ta) / ka + tb * (1 - tb) / kb)
        return np.where(delta <= d_hat, z, (d_hat - delta) + z * np.sqrt(variance))

    args = (rate_a, k_a, rate_b, k_b, observed, np.broadcast_to(factor, observed.shape))
    args = tuple(np.asarray(x, dtype=float)[solve] for x in args)
    upper[solve] = _chandrupatla(g, args[4], np.ones(args[4].shape), args)
    return upper


def _miettinen_nurminen_limits(
    n_a: np.ndarray,
    k_a: np.ndarray,
    n_b: np.ndarray,
    k_b: np.ndarray,
    confidence: float,
    correction: bool = True,
) -> tuple[np.ndarray, np.ndarray]:
    """Both limits in one root-finding call: the lower limit for (A, B) is minus the upper
    limit for (B, A) (the score statistic changes sign when the experiments swap)."""
    n_a, k_a, n_b, k_b = np.broadcast_arrays(n_a, k_a, n_b, k_b)
    both = _miettinen_nurminen_upper(
        np.stack([n_a, n_b]), np.stack([k_a, k_b]), np.stack([n_b, n_a]), np.stack([k_b, k_a]),
        _z(confidence), correction,
    )  # fmt: skip
    return -both[1, ...], both[0, ...]


def _difference_limits(
    method: str, n_a: Any, k_a: Any, n_b: Any, k_b: Any, confidence: float
) -> tuple[np.ndarray, np.ndarray]:
    """Limits for rate_a − rate_b on validated float arrays, clipped to [−1, 1]."""
    if method == "miettinen-nurminen":
        low, high = _miettinen_nurminen_limits(n_a, k_a, n_b, k_b, confidence)
        return np.clip(low, -1.0, 1.0), np.clip(high, -1.0, 1.0)
    rate_a, rate_b = n_a / k_a, n_b / k_b
    difference = rate_a - rate_b
    z = _z(confidence)
    if method == "newcombe":  # Newcombe (1998), method 10, from the Wilson intervals (eq. 4.13)
        low_a, high_a = _wilson_limits(n_a, k_a, confidence)
        low_b, high_b = _wilson_limits(n_b, k_b, confidence)
        low = difference - np.sqrt((rate_a - low_a) ** 2 + (high_b - rate_b) ** 2)
        high = difference + np.sqrt((high_a - rate_a) ** 2 + (rate_b - low_b) ** 2)
    else:
        if method == "agresti-caffo":  # one success and one failure added to each sample
            n_a, k_a, n_b, k_b = n_a + 1, k_a + 2, n_b + 1, k_b + 2
            rate_a, rate_b = n_a / k_a, n_b / k_b
        centre = rate_a - rate_b
        half = z * np.sqrt(rate_a * (1 - rate_a) / k_a + rate_b * (1 - rate_b) / k_b)  # eq. 4.14
        low, high = centre - half, centre + half  # eq. 4.15
    return np.clip(low, -1.0, 1.0), np.clip(high, -1.0, 1.0)


def difference_interval(
    successes_a: ArrayLike,
    trials_a: ArrayLike,
    successes_b: ArrayLike,
    trials_b: ArrayLike,
    method: str = "newcombe",
    confidence: float = 0.95,
) -> Interval:
    """Confidence interval for rate_a − rate_b from two independent test sets.

    With rates r = n/K (correct results, or errors: the interval is for the difference of
    whatever the counts count) and z = z_{α/2}:

    * ``"wald"`` — Tan, Steinbach and Kumar eq. 4.14–4.15 (:func:`rate_difference`):
      (r_A − r_B) ± z·√(r_A(1 − r_A)/K_A + r_B(1 − r_B)/K_B). Its coverage collapses when a
      test set is small and its rate near 0 or 1 (a test set with no error has variance 0).
    * ``"newcombe"`` — Newcombe (1998, *Statistics in Medicine* 17:873), method 10, the hybrid
      score interval: with the Wilson intervals [l_A, u_A] and [l_B, u_B] of each rate
      (Tan eq. 4.13), d − √((r_A − l_A)² + (u_B − r_B)²) to d + √((u_A − r_A)² + (r_B − l_B)²).
    * ``"agresti-caffo"`` — Agresti and Caffo (2000, *The American Statistician* 54:280): the
      Wald interval after adding one success and one failure to each sample.
    * ``"miettinen-nurminen"`` — Miettinen and Nurminen (1985, "Comparative analysis of two
      rates", *Statistics in Medicine* 4:213), the score interval: every difference δ that the
      score test does not reject,
      |r_A − r_B − δ| ≤ z·√(N/(N − 1)·(π̃_A(1 − π̃_A)/K_A + π̃_B(1 − π̃_B)/K_B)), N = K_A + K_B,
      with (π̃_A, π̃_B) the maximum-likelihood rates under π_A − π_B = δ (closed form, a cubic,
      polished by Newton steps where a rate is within 10⁻³ of 0 or 1, so that K = 10⁹ works).
      The limits are found by bracketed root finding. Without the factor N/(N − 1) it is Mee's
      (1984) interval. Fagerland, Lydersen and Laake (2015, "Recommended confidence intervals
      for two independent binomial proportions", *Statistical Methods in Medical Research*
      24:224) recommend it. SciPy has no such interval; statsmodels'
      ``confint_proportions_2indep(..., method="score", correction=True)`` is meant to be it, but
      its restricted rates are wrong in statsmodels 0.15.0 (issue #10269: a count where the
      sample size belongs); with that one term corrected it agrees with this function to 1e-12.
      Its exact coverage (:func:`difference_coverage`) at K_A = K_B = 10, 20, 50, 100 and the
      coverage atlas's ten pairs of rates plus the worst point of a 60 × 60 grid of rates in
      [0.5, 0.999] per K: minimum 0.929 (K = 10), median 0.954; Newcombe's over the same 44
      settings: 0.928 and 0.963, so it is about as safe and closer to 95 % on average.

    Limits are clipped to [−1, 1] (only Wald and Agresti–Caffo can leave it). Agresti–Caffo's
    interval is centred on the shrunken rates (n + 1)/(K + 2), so at low confidence it need not
    contain the observed difference (0/1 against 1/1 at 87.5 %: −0.92 to 0.26 around −1).
    :func:`difference_coverage` gives the exact coverage of each.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage, agresti-caffo): minimum 0.907 (at K_A=10, K_B=10, p_A=0.999, p_B=0.652237),
    median 0.964, maximum 1.000 over 44 settings. It covers less than 93 % at 2 of the 44 settings.
    Atlas (coverage, miettinen-nurminen): minimum 0.929 (at K_A=10, K_B=10, p_A=0.550746, p_B=0.5),
    median 0.954, maximum 1.000 over 44 settings. It covers less than 93 % at 1 of the 44 settings.
    Atlas (coverage, newcombe): minimum 0.928 (at K_A=10, K_B=10, p_A=0.533831, p_B=0.5), median
    0.963, maximum 1.000 over 44 settings. It covers less than 93 % at 1 of the 44 settings.
    Atlas (coverage, wald): minimum 0.100 (at K_A=10, K_B=10, p_A=0.990542, p_B=0.999), median
    0.942, maximum 1.000 over 44 settings. It covers less than 93 % at 16 of the 44 settings.

    Parameters
    ----------
    successes_a, trials_a, successes_b, trials_b : int or array_like
        Counts n_A ≤ K_A and n_B ≤ K_B, K ≥ 1 (broadcast together).
    method : {"newcombe", "agresti-caffo", "wald", "miettinen-nurminen"}
        The interval.
    confidence : float
        Nominal confidence level, strictly between 0 and 1.

    Returns
    -------
    Interval
        ``low``, ``high``, ``estimate`` the observed difference n_A/K_A − n_B/K_B.

    Examples
    --------
    Tan's example 4.5 with whole counts: 4 errors in 30 records against 1250 in 5000.

    >>> print(difference_interval(4, 30, 1250, 5000, method="wald"))
    -0.1167 (95% Wald (Tan eq. 4.15) interval -0.2389 to 0.005566)
    >>> print(difference_interval(4, 30, 1250, 5000))
    -0.1167 (95% Newcombe hybrid score interval -0.1978 to 0.04724)
    >>> ci = difference_interval(4, 30, 1250, 5000, method="miettinen-nurminen")
    >>> print(f"{ci.low:.4f} to {ci.high:.4f}")
    -0.1982 to 0.0472
    """
    method = _check_option(method, "method", DIFFERENCE_METHODS, position=5, confidence=True)
    level = _check_level(confidence, method=DIFFERENCE_METHODS)
    try:
        n_a, k_a, n_b, k_b = _difference_counts(successes_a, trials_a, successes_b, trials_b)
    except (TypeError, ValueError) as exc:
        labels_for_counts(
            exc,
            "difference_interval takes counts: difference_interval(successes_a, trials_a, "
            "successes_b, trials_b), e.g. difference_interval(47, 50, 40, 50) for 47 of 50 "
            "against 40 of 50; from labels, successes_a = np.sum(y_pred_a == y_true_a) and "
            "trials_a = len(y_true_a)",
            _TABLE_LABELS,
            successes_a=successes_a,
            trials_a=trials_a,
            successes_b=successes_b,
            trials_b=trials_b,
        )
        raise
    low, high = _difference_limits(method, n_a, k_a, n_b, k_b, level)
    return Interval(
        low=low,
        high=high,
        estimate=n_a / k_a - n_b / k_b,
        confidence=level,
        method=_DIFFERENCE_NAMES[method],
    )


def _difference_counts(
    successes_a: Any, trials_a: Any, successes_b: Any, trials_b: Any
) -> list[np.ndarray]:
    """Validated, broadcast float arrays n_A, K_A, n_B, K_B."""
    n_a = as_counts(successes_a, "successes_a")
    k_a = as_counts(trials_a, "trials_a", minimum=1)
    n_b = as_counts(successes_b, "successes_b")
    k_b = as_counts(trials_b, "trials_b", minimum=1)
    n_a, k_a, n_b, k_b = broadcast(successes_a=n_a, trials_a=k_a, successes_b=n_b, trials_b=k_b)
    check_at_most(n_a, k_a, "successes_a", "trials_a")
    check_at_most(n_b, k_b, "successes_b", "trials_b")
    return [x.astype(float) for x in (n_a, k_a, n_b, k_b)]


_COVERAGE_TOLERANCE = 1e-12  # a true difference this close to a limit counts as covered


@functools.lru_cache(maxsize=32)
def _all_difference_limits(
    method: str, k_a: int, k_b: int, level: float
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The (K_A + 1) × (K_B + 1) intervals of ``method`` and, per n_A, whether both limits
    decrease with n_B; computed once per (method, K_A, K_B, level) and kept (read-only), since
    a coverage map or the atlas asks for the same sizes at many rates and Miettinen–Nurminen's
    limits cost a root finding each."""
    grid_a, grid_b = np.meshgrid(np.arange(k_a + 1.0), np.arange(k_b + 1.0), indexing="ij")
    low, high = _difference_limits(method, grid_a, float(k_a), grid_b, float(k_b), level)
    monotone = np.all(np.diff(low, axis=1) <= 0, axis=1) & np.all(
        np.diff(high, axis=1) <= 0, axis=1
    )
    for array in (low, high, monotone):
        array.setflags(write=False)
    return low, high, monotone


def _covered_term_by_term(
    low: np.ndarray, high: np.ndarray, k_b: int, rates_b: np.ndarray, delta: np.ndarray
) -> np.ndarray:
    """Σ_{n_B} Bin(n_B; K_B, π_B)·1[low ≤ δ ≤ high] for one n_A, in blocks of rates.

    The binomial probabilities are computed once per distinct π_B (a grid of rates repeats each
    π_B along one axis: a 21 × 21 map needs 21 rows of K_B + 1 probabilities, not 441).
    """
    distinct, which = np.unique(rates_b, return_inverse=True)
    which = which.ravel()
    out = np.empty(rates_b.shape)
    block = max(1, 2**21 // (k_b + 1))
    for first in range(0, distinct.size, block):
        rows = _binomial_rows(k_b, distinct[first : first + block])
        points = np.flatnonzero((which >= first) & (which < first + block))
        for start in range(0, points.size, block):
            part = points[start : start + block]
            d = delta[part, None]
            covered = (low <= d + _COVERAGE_TOLERANCE) & (d - _COVERAGE_TOLERANCE <= high)
            out[part] = np.sum(rows[which[part] - first] * covered, axis=1)
    return out


def difference_coverage(
    method: str,
    trials_a: int,
    trials_b: int,
    rate_a: ArrayLike,
    rate_b: ArrayLike,
    confidence: float = 0.95,
) -> Any:
    """Exact coverage of a :func:`difference_interval` method at true rates (rate_a, rate_b).

    C(π_A, π_B) = Σ_{n_A, n_B} Bin(n_A; K_A, π_A)·Bin(n_B; K_B, π_B)·1[low ≤ π_A − π_B ≤ high]:
    the probability that the interval computed from the two experiments contains the true
    difference. The (K_A + 1)(K_B + 1) intervals are computed once per sizes and level and kept (for
    Miettinen–Nurminen by root finding: 0.13 s of CPU at K_A = K_B = 100, 2.3 s for Tan's 30 against
    5000 items; later calls with those sizes take milliseconds). For each n_A whose limits decrease
    with n_B (every n_A for Newcombe, Agresti–Caffo and Miettinen–Nurminen, all but the extreme ones
    for Wald) the covering n_B form a run j₁ … j₂, found by binary search, and their probability is
    F_Bin(j₂; K_B, π_B) − F_Bin(j₁ − 1; K_B, π_B); for the other n_A the terms are summed one by
    one. A true difference within 10⁻¹² of a limit counts as covered (the limits are rounded
    floating-point numbers). Vectorized: pass grids of rates to get a whole coverage map in one
    call.

    Parameters
    ----------
    method : {"newcombe", "agresti-caffo", "wald", "miettinen-nurminen"}
        The interval (see :func:`difference_interval`).
    trials_a, trials_b : int
        K_A and K_B (single numbers ≥ 1).
    rate_a, rate_b : float or array_like
        True rates in [0, 1] (broadcast together).
    confidence : float
        Nominal confidence level, strictly between 0 and 1.

    Returns
    -------
    float or ndarray
        Coverage probabilities, shaped like the broadcast rates.

    Examples
    --------
    Tan's setting, 30 against 5000 items, at true accuracies 0.98 and 0.90: Wald's interval
    misses whenever A makes no error (0.98³⁰ = 55 % of the time).

    >>> round(difference_coverage("wald", 30, 5000, 0.98, 0.90), 3)
    0.455
    >>> round(difference_coverage("newcombe", 30, 5000, 0.98, 0.90), 3)
    0.949
    >>> round(difference_coverage("miettinen-nurminen", 10, 10, 0.551, 0.5), 3)
    0.929
    """
    method = _check_option(method, "method", DIFFERENCE_METHODS, position=1)
    k_a = as_count(trials_a, "trials_a", minimum=1)
    k_b = as_count(trials_b, "trials_b", minimum=1)
    level = check_confidence(confidence)
    x_a, x_b = broadcast(
        rate_a=as_probabilities(rate_a, "rate_a"), rate_b=as_probabilities(rate_b, "rate_b")
    )
    low, high, monotone = _all_difference_limits(method, k_a, k_b, level)
    flat_a, flat_b = x_a.ravel(), x_b.ravel()
    delta = flat_a - flat_b
    lowest, highest = delta - _COVERAGE_TOLERANCE, delta + _COVERAGE_TOLERANCE
    covered_b = np.empty((flat_a.size, k_a + 1))  # P(covered | n_A) for every pair of rates
    for n_a in range(k_a + 1):
        if monotone[n_a]:
            last = np.searchsorted(-high[n_a], -lowest, side="right") - 1  # high ≥ δ up to here
            first = np.searchsorted(-low[n_a], -highest, side="left")  # low ≤ δ from here
            below = np.where(first > 0, special.bdtr(np.maximum(first - 1, 0), k_b, flat_b), 0.0)
            upto = special.bdtr(np.maximum(last, 0), k_b, flat_b)
            covered_b[:, n_a] = np.where(last >= first, upto - below, 0.0)
        else:
            covered_b[:, n_a] = _covered_term_by_term(low[n_a], high[n_a], k_b, flat_b, delta)
    weight_a = _binomial_rows(k_a, flat_a)
    out = np.sum(weight_a * covered_b, axis=1)
    return to_output(np.minimum(out, 1.0).reshape(x_a.shape))


# --------------------------------------------------------------------------------------------
# exact rejection probability by enumeration (beyond the documents)


_TESTS = ("fisher", "chi2", "yates", "normal", "mid-p", "boschloo")
#: The tests :func:`rejection_probability` knows.
REJECTION_TESTS = _TESTS


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
    the test's p-value is ≤ ``level`` (with the relative tolerance :data:`TIE_TOLERANCE`, so that
    a p-value equal to the level in exact arithmetic rejects). With ``rate_b = rate_a`` (the
    default) this is the exact type-I error of the test; otherwise its power. The rejection
    region is computed once per call (for Boschloo's test once per (K_A, K_B, level) and kept),
    so a whole curve of rates costs one matrix product. Tables with an empty row (all correct or
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
    test : {"fisher", "chi2", "yates", "normal", "mid-p", "boschloo"}
        Fisher's exact test (two-sided), χ² without or with Yates' correction, the two-sided
        normal test of :func:`rate_difference` on the two observed rates, Fisher's mid-p test
        (:func:`fisher_exact` with ``method="mid-p"``) or Boschloo's test
        (:func:`boschloo_exact`), all two-sided.

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
    >>> round(rejection_probability(20, 20, 0.7, test="boschloo"), 4)
    0.045
    """
    ka = as_count(size_a, "size_a", minimum=1)
    kb = as_count(size_b, "size_b", minimum=1)
    if isinstance(rate_b, str) and rate_b in _TESTS:  # rejection_probability(20, 20, 0.7, "chi2")
        raise TypeError(
            f"rate_b must be a rate in [0, 1] or None; got {shown(rate_b)} (rate_b is the 4th "
            f"argument; {rate_b!r} is a choice of test: pass test={rate_b!r})"
        )
    xa = as_probabilities(rate_a, "rate_a")
    xb = xa if rate_b is None else as_probabilities(rate_b, "rate_b")
    alpha = _check_level(level, "level", test=_TESTS)
    test = _check_option(test, "test", _TESTS, position=6)
    xa, xb = broadcast(rate_a=xa, rate_b=xb)
    _check_enumerable(ka, kb, "rejection_probability")
    reject = _rejection_region(ka, kb, alpha, test)
    weight_a = _binomial_rows(ka, xa)  # (..., K_A + 1)
    weight_b = _binomial_rows(kb, xb)  # (..., K_B + 1)
    prob = np.einsum("...i,ij,...j->...", weight_a, reject.astype(float), weight_b)
    return to_output(np.minimum(prob, 1.0))


def _rejection_region(ka: int, kb: int, alpha: float, test: str) -> np.ndarray:
    """Boolean (K_A + 1, K_B + 1): the outcomes (n_A, n_B) where ``test`` rejects at ``alpha``."""
    if test == "boschloo":
        return _boschloo_region(ka, kb, alpha)
    na, nb = np.meshgrid(np.arange(ka + 1), np.arange(kb + 1), indexing="ij")
    tables = np.stack([np.stack([na, nb], -1), np.stack([ka - na, kb - nb], -1)], -2)
    if test == "normal":
        rates_a, rates_b = np.broadcast_arrays(na / ka, nb / kb)
        with np.errstate(invalid="ignore"):
            result = _rate_difference_core(rates_a, ka, rates_b, kb, 0.95)
        return _at_most(np.asarray(result.pvalue), alpha)
    if test in ("fisher", "mid-p"):
        method = "exact" if test == "fisher" else "mid-p"
        return _at_most(np.asarray(_fisher_core(tables, "two-sided", method).pvalue), alpha)
    usable = (na + nb > 0) & (na + nb < ka + kb)  # χ² is 0/0 for an empty row
    reject = np.zeros(na.shape, dtype=bool)
    p = _chi_square_core(tables[usable], correction=(test == "yates")).pvalue
    reject[usable] = _at_most(np.asarray(p), alpha)
    return reject


# --------------------------------------------------------------------------------------------
# non-inferiority and equivalence of two rates (beyond the documents)

#: The tests :func:`noninferiority_test` and :func:`equivalence_test` know.
NONINFERIORITY_METHODS = ("farrington-manning", "miettinen-nurminen", "blackwelder")
_NONINFERIORITY_NAMES = {
    "farrington-manning": "Farrington-Manning score test",
    "miettinen-nurminen": "Miettinen-Nurminen score test",
    "blackwelder": "Blackwelder's Wald test (textbook form)",
}
#: the interval each test inverts (the same statistic, so that test and interval agree)
_NONINFERIORITY_INTERVALS = {
    "farrington-manning": "Mee score (inverts Farrington-Manning)",
    "miettinen-nurminen": "Miettinen-Nurminen score",
    "blackwelder": "Wald",
}
_RATE_DIFFERENCE_NAME = "difference of rates A − B"


def _noninferiority_z(
    n_a: np.ndarray, k_a: np.ndarray, n_b: np.ndarray, k_b: np.ndarray, delta: float, method: str
) -> np.ndarray:
    """z(δ₀) = (r_A − r_B − δ₀)/σ̂(δ₀), the statistic of H0: π_A − π_B = δ₀ (eq. 1–3 of
    :func:`noninferiority_test`), on checked float arrays.

    Where σ̂ = 0 (Blackwelder's only: every item right, or every one wrong, in both test sets) z
    is ±∞ by the sign of the numerator (0 where that is 0 too).
    """
    rate_a, rate_b = n_a / k_a, n_b / k_b
    numerator = rate_a - rate_b - delta
    if method == "blackwelder":  # eq. 3: the observed rates
        variance = rate_a * (1 - rate_a) / k_a + rate_b * (1 - rate_b) / k_b
    else:  # eq. 2: the restricted maximum-likelihood rates under π_A − π_B = δ₀
        shape = np.broadcast_shapes(np.shape(rate_a), np.shape(rate_b))
        tilde_a, tilde_b = _restricted_rates(rate_a, k_a, rate_b, k_b, np.full(shape, delta))
        variance = tilde_a * (1 - tilde_a) / k_a + tilde_b * (1 - tilde_b) / k_b
        if method == "miettinen-nurminen":
            variance = variance * (k_a + k_b) / (k_a + k_b - 1)
    with np.errstate(divide="ignore", invalid="ignore"):
        z = np.where(variance > 0, numerator / np.sqrt(variance), np.sign(numerator) * np.inf)
    return np.where((variance > 0) | (numerator != 0), z, 0.0)


def _noninferiority_limits(
    method: str, n_a: Any, k_a: Any, n_b: Any, k_b: Any, confidence: float
) -> tuple[np.ndarray, np.ndarray]:
    """The interval the test inverts, at ``confidence`` (1 − 2α), clipped to [−1, 1]."""
    if method == "blackwelder":
        return _difference_limits("wald", n_a, k_a, n_b, k_b, confidence)
    low, high = _miettinen_nurminen_limits(
        n_a, k_a, n_b, k_b, confidence, correction=method == "miettinen-nurminen"
    )
    return np.clip(low, -1.0, 1.0), np.clip(high, -1.0, 1.0)


def _margin_test_core(
    n_a: np.ndarray,
    k_a: np.ndarray,
    n_b: np.ndarray,
    k_b: np.ndarray,
    margin: float,
    level: float,
    method: str,
    equivalence: bool,
) -> TestResult:
    """:func:`noninferiority_test` (or :func:`equivalence_test`) on checked float arrays."""
    z_lower = _noninferiority_z(n_a, k_a, n_b, k_b, -margin, method)  # H0: θ ≤ −δ
    p_lower = special.ndtr(-z_lower)
    low, high = _noninferiority_limits(method, n_a, k_a, n_b, k_b, 1 - 2 * level)
    interval = Interval(
        low=low,
        high=high,
        estimate=n_a / k_a - n_b / k_b,
        confidence=1 - 2 * level,
        method=_NONINFERIORITY_INTERVALS[method],
    )
    details: dict[str, Any] = {"level": level}
    if equivalence:
        z_upper = _noninferiority_z(n_a, k_a, n_b, k_b, margin, method)  # H0: θ ≥ δ
        p_upper = special.ndtr(z_upper)
        statistic = np.minimum(z_lower, -z_upper)  # the z of the larger one-sided p-value
        pvalue = np.maximum(p_lower, p_upper)
        details.update(z_lower=z_lower, p_lower=p_lower, z_upper=z_upper, p_upper=p_upper)
        alternative = f"{-margin:g} < difference < {margin:g}"
        what = "equivalence (two one-sided tests)"
    else:
        statistic, pvalue, alternative = z_lower, p_lower, f"difference > {-margin:g}"
        what = "non-inferiority"
    return TestResult(
        statistic=statistic,
        pvalue=pvalue,
        alternative=alternative,
        method=f"{_NONINFERIORITY_NAMES[method]} for {what}",
        statistic_name="z",
        estimate=n_a / k_a - n_b / k_b,
        estimate_name=_RATE_DIFFERENCE_NAME,
        interval=interval,
        details=details,
        margin=margin,
    )


def _margin_test_arguments(
    successes_a: Any,
    trials_a: Any,
    successes_b: Any,
    trials_b: Any,
    margin: Any,
    method: Any,
    level: Any,
) -> tuple[list[np.ndarray], float, str, float]:
    counts = _difference_counts(successes_a, trials_a, successes_b, trials_b)
    return (
        counts,
        _check_margin(margin),
        _check_option(method, "method", NONINFERIORITY_METHODS),
        _check_one_sided_level(level),
    )


def noninferiority_test(
    successes_a: ArrayLike,
    trials_a: ArrayLike,
    successes_b: ArrayLike,
    trials_b: ArrayLike,
    margin: float,
    *,
    method: str = "farrington-manning",
    level: float = 0.025,
) -> TestResult:
    """Is classifier A (new) at most ``margin`` worse than B (reference)? Two independent test sets.

    A non-inferiority test turns the usual question around: its null hypothesis is "A is worse
    than B by the margin δ or more", H0: π_A − π_B ≤ −δ, against H1: π_A − π_B > −δ, so that
    rejecting it is evidence that A is *not much worse* (Blackwelder 1982). The margin is on the
    scale of the rates (0.05 = five accuracy points) and must be fixed before the test sets are
    scored. With rates r = n/K and δ₀ = −δ the statistic is

    (1)  z = (r_A − r_B − δ₀) / σ̂(δ₀),   p = 1 − Φ(z),

    large when A is not much worse. The methods differ in σ̂:

    * ``"farrington-manning"`` (default; Farrington & Manning 1990, *Statistics in Medicine* 9,
      1447–1454, the score statistic with their "method 3" estimates):

      (2)  σ̂²(δ₀) = π̃_A(1 − π̃_A)/K_A + π̃_B(1 − π̃_B)/K_B,

      with (π̃_A, π̃_B) the maximum-likelihood rates under the constraint π_A − π_B = δ₀
      (Miettinen & Nurminen 1985, *Statistics in Medicine* 4, 213–226, appendix: the root of a
      cubic; the solver of :func:`difference_interval`). The test rejects at level α exactly when
      the lower limit of Mee's (1984) score interval at confidence 1 − 2α lies above −δ.
    * ``"miettinen-nurminen"``: (2) times N/(N − 1), N = K_A + K_B; it inverts
      ``difference_interval(..., method="miettinen-nurminen")``, and is slightly more
      conservative.
    * ``"blackwelder"``: Blackwelder's (1982, *Controlled Clinical Trials* 3, 345–353) Wald
      test, the textbook form,

      (3)  σ̂² = r_A(1 − r_A)/K_A + r_B(1 − r_B)/K_B,

      which inverts the Wald interval (Tan eq. 4.15). It is shown for comparison: with rates
      near 1 its variance collapses (10 of 10 against 10 of 10 "proves" non-inferiority at any
      margin) and its size exceeds α at the margin.

    The returned interval is two-sided at confidence 1 − 2α and is the inversion of the same
    statistic, so the decision "p < α" and the decision "interval lies above −δ" are the same
    (a p-value exactly at α, where the limit is exactly −δ, is neither). SciPy has no such test;
    statsmodels' score method for two proportions (``test_proportions_2indep(...,
    method="score", value=-δ)``) is not used as a reference: its restricted rates are wrong when
    the null difference is not 0 (statsmodels 0.15.0, issue #10269; see
    :func:`difference_interval`). The tests here are checked against a direct numerical
    maximisation of the restricted likelihood instead.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``), by exact enumeration
    of every outcome, over K_A = K_B = 50 … 2000, accuracies of B 0.8 … 0.99 (and the worst of a
    grid of 40) and margins 0.01 … 0.10: the size at the margin (π_A − π_B = −δ exactly, the
    largest probability of a false "non-inferior") stays near α = 0.025 for the score tests but
    not below it everywhere: Farrington–Manning's reaches 0.028 (K = 100, margin 0.01,
    π_B = 0.965) and exceeds 0.026 at 6 of the 120 settings, Miettinen–Nurminen's reaches 0.026
    (K = 50). Blackwelder's exceeds α at most settings and reaches 0.37 (K = 50, margin 0.01,
    π_B = 0.995). Power at π_A = π_B = 0.9 (Farrington–Manning): 0.37, 0.96 and 1.00 with
    K = 200, 1000 and 2000 per set at a margin of 0.05; 0.10, 0.32 and 0.56 at 0.02.

    Atlas (size, blackwelder): minimum 0.025, median 0.028, maximum 0.367 (at K_A=50, K_B=50,
    margin=0.01, p_A=0.985, p_B=0.995) over 120 settings. It rejects a true null hypothesis more
    than 4.5 % of the time at 20 of the 120 settings.
    Atlas (size, farrington-manning): minimum 0.001, median 0.025, maximum 0.028 (at K_A=100,
    K_B=100, margin=0.01, p_A=0.955, p_B=0.965) over 120 settings.
    Atlas (size, miettinen-nurminen): minimum 0.001, median 0.025, maximum 0.026 (at K_A=50, K_B=50,
    margin=0.01, p_A=0.84, p_B=0.85) over 120 settings.

    Parameters
    ----------
    successes_a, trials_a : int or array_like
        n_A ≤ K_A: items the new classifier A got right, of K_A ≥ 1.
    successes_b, trials_b : int or array_like
        n_B ≤ K_B for the reference classifier B, on another, independent test set.
    margin : float
        δ, strictly between 0 and 1, on the scale of the rates (0.05 = five accuracy points).
    method : {"farrington-manning", "miettinen-nurminen", "blackwelder"}
        The test (see above).
    level : float
        One-sided significance level α, strictly between 0 and 0.5 (default 0.025, the usual
        choice, matching a two-sided 95 % interval).

    Returns
    -------
    TestResult
        ``statistic`` z (eq. 1), ``pvalue`` (one-sided), ``estimate`` r_A − r_B, ``interval``
        (two-sided, confidence 1 − 2α, the inverted interval), ``margin`` δ, ``alternative``
        "difference > −δ", ``details``: ``level``.

    See Also
    --------
    equivalence_test : both directions at once (two one-sided tests).
    evalkit.planning.trials_independent : the test-set size, with ``margin=``.

    Examples
    --------
    Rodary et al. (1989), the example of Farrington & Manning: 83 of 88 against 69 of 76, a
    margin of ten points:

    >>> r = noninferiority_test(83, 88, 69, 76, margin=0.10)
    >>> round(r.statistic, 4), round(r.pvalue, 5), round(r.interval.low, 4)
    (2.9572, 0.00155, -0.0481)
    >>> print(r)  # doctest: +NORMALIZE_WHITESPACE
    Farrington-Manning score test for non-inferiority: z = 2.957, p = 0.00155 (difference > -0.1);
    difference of rates A − B = 0.03529; margin = 0.1
    >>> r.pvalue < 0.025, r.interval.low > -0.10  # the same decision, by construction
    (True, True)
    """
    counts, delta, method, alpha = _margin_test_arguments(
        successes_a, trials_a, successes_b, trials_b, margin, method, level
    )
    return _margin_test_core(*counts, delta, alpha, method, equivalence=False)


def equivalence_test(
    successes_a: ArrayLike,
    trials_a: ArrayLike,
    successes_b: ArrayLike,
    trials_b: ArrayLike,
    margin: float,
    *,
    method: str = "farrington-manning",
    level: float = 0.025,
) -> TestResult:
    """Are classifiers A and B within ``margin`` of each other? Two independent test sets.

    Equivalence means H1: −δ < π_A − π_B < δ against H0: |π_A − π_B| ≥ δ, tested by two
    one-sided tests at level α each (TOST; Schuirmann 1987, *Journal of Pharmacokinetics and
    Biopharmaceutics* 15, 657–680): the lower test of :func:`noninferiority_test` (H0:
    π_A − π_B ≤ −δ, z_L = z(−δ) of its eq. 1) and the upper test (H0: π_A − π_B ≥ δ,
    z_U = z(+δ)). Equivalence is concluded when both reject, so

    (4)  p = max(p_L, p_U) = max(1 − Φ(z_L), Φ(z_U)),

    and the test is of level α (not 2α): it rejects exactly when the two-sided interval at
    confidence 1 − 2α lies inside (−δ, δ). The methods are those of :func:`noninferiority_test`.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``), by exact enumeration,
    over the settings of :func:`noninferiority_test`: the size at the margin (π_A − π_B = −δ; by
    the symmetry of the test under swapping A and B the same figures hold at +δ with the roles
    swapped) is at most 0.0251 for the score tests (0.025 to four decimals), Blackwelder's
    reaches 0.37. Power at π_A = π_B = 0.9 (Farrington–Manning), margin 0.05: 0, 0.92 and 1.00
    with K = 200, 1000 and 2000 per set; at margin 0.10: 0.81 with K = 200. Equivalence within a
    small margin needs large test sets: at 0.02, 0.11 with K = 2000.

    Atlas (size, blackwelder): minimum 0.000, median 0.025, maximum 0.366 (at K_A=50, K_B=50,
    margin=0.01, p_A=0.985, p_B=0.995) over 120 settings. It rejects a true null hypothesis more
    than 4.5 % of the time at 14 of the 120 settings.
    Atlas (size, farrington-manning): minimum 0.000, median 0.001, maximum 0.025 (at K_A=500,
    K_B=500, margin=0.1, p_A=0.705, p_B=0.805) over 120 settings.
    Atlas (size, miettinen-nurminen): minimum 0.000, median 0.001, maximum 0.025 (at K_A=500,
    K_B=500, margin=0.1, p_A=0.705, p_B=0.805) over 120 settings.

    Parameters
    ----------
    successes_a, trials_a, successes_b, trials_b : int or array_like
        n_A ≤ K_A and n_B ≤ K_B, K ≥ 1, from two independent test sets (broadcast together).
    margin : float
        δ, strictly between 0 and 1, on the scale of the rates.
    method : {"farrington-manning", "miettinen-nurminen", "blackwelder"}
        The one-sided tests (see :func:`noninferiority_test`).
    level : float
        α of each one-sided test, strictly between 0 and 0.5 (default 0.025).

    Returns
    -------
    TestResult
        ``statistic`` min(z_L, −z_U) (the z of the larger p-value), ``pvalue`` eq. 4,
        ``estimate`` r_A − r_B, ``interval`` (confidence 1 − 2α), ``margin``, ``details``:
        ``level``, ``z_lower``, ``p_lower``, ``z_upper``, ``p_upper``.

    Examples
    --------
    The same data as Rodary et al.'s trial: non-inferior by ten points, but not shown to be
    within ten points both ways at α = 0.025 (A may be more than ten points better):

    >>> r = equivalence_test(83, 88, 69, 76, margin=0.10)
    >>> round(r.details["p_lower"], 5), round(r.details["p_upper"], 5), round(r.pvalue, 5)
    (0.00155, 0.07736, 0.07736)
    >>> round(r.interval.low, 4), round(r.interval.high, 4)
    (-0.0481, 0.1286)
    """
    counts, delta, method, alpha = _margin_test_arguments(
        successes_a, trials_a, successes_b, trials_b, margin, method, level
    )
    return _margin_test_core(*counts, delta, alpha, method, equivalence=True)


def _noninferiority_rejects(
    k_a: int, k_b: int, margin: float, level: float, method: str, equivalence: bool = False
) -> np.ndarray:
    """Boolean (K_A + 1, K_B + 1): the outcomes (n_A, n_B) where the test rejects at ``level``
    (z_L > z_α, and z_U < −z_α for equivalence), every outcome computed: exact enumeration."""
    z_alpha = _z(1 - 2 * level)
    grid_a = np.arange(k_a + 1.0)[:, None]
    grid_b = np.arange(k_b + 1.0)[None, :]
    size_a, size_b = np.float64(k_a), np.float64(k_b)
    reject = _noninferiority_z(grid_a, size_a, grid_b, size_b, -margin, method) > z_alpha
    if equivalence:
        upper = _noninferiority_z(grid_a, size_a, grid_b, size_b, margin, method) < -z_alpha
        reject &= upper
    return reject


def _noninferiority_edges(
    k_a: int, k_b: int, n_a: np.ndarray, margin: float, level: float, method: str
) -> np.ndarray:
    """For each n_A, the largest n_B at which the non-inferiority test rejects (−1 if none).

    z_L falls as n_B grows (B doing better makes A look worse; checked against the full
    enumeration in the tests), so the rejecting n_B form a run 0 … edge, found by bisection for
    all n_A at once: ⌈log₂(K_B + 2)⌉ evaluations per n_A instead of K_B + 1.
    """
    z_alpha = _z(1 - 2 * level)
    n_a = np.asarray(n_a, dtype=float)
    size_a, size_b = np.float64(k_a), np.float64(k_b)
    left = np.full(n_a.shape, -1)  # invariant: n_B ≤ left rejects …
    right = np.full(n_a.shape, k_b + 1)  # … and n_B ≥ right does not
    while np.any(right - left > 1):
        mid = (left + right) // 2
        rejects = _noninferiority_z(n_a, size_a, mid.astype(float), size_b, -margin, method)
        active = right - left > 1
        left = np.where(active & (rejects > z_alpha), mid, left)
        right = np.where(active & ~(rejects > z_alpha), mid, right)
    return left


def _noninferiority_power(
    k_a: int,
    k_b: int,
    rate_a: float,
    rate_b: float,
    margin: float,
    level: float,
    method: str,
) -> float:
    """Exact P(the non-inferiority test rejects) at true rates (rate_a, rate_b).

    P = Σ_{n_A} Bin(n_A; K_A, π_A)·F_Bin(edge(n_A); K_B, π_B), the edges of
    :func:`_noninferiority_edges`; only the n_A within t = ⌈5√K_A⌉ + 1 of K_A·π_A are summed
    (Hoeffding: the rest has probability below 4·10⁻²²), so K = 10⁵ takes milliseconds.
    """
    t = int(np.ceil(5 * np.sqrt(k_a))) + 1
    first = max(0, int(np.floor(k_a * rate_a)) - t)
    n_a = np.arange(first, min(k_a, int(np.ceil(k_a * rate_a)) + t) + 1)
    edges = _noninferiority_edges(k_a, k_b, n_a, margin, level, method)
    weight = stats.binom.pmf(n_a, k_a, rate_a)
    below = np.where(edges >= 0, special.bdtr(np.maximum(edges, 0), k_b, rate_b), 0.0)
    return float(min(np.sum(weight * below), 1.0))
