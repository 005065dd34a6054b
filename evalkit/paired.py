"""Two classifiers on the same test set: Günter's simple and paired tests, McNemar, sign tests.

When two classifiers M1 and M2 are run on the *same* test set T, each item gives a pair of
outcomes (right/wrong, right/wrong). The pairs are summarised by the 2×2 agreement table

=================  =====================  =====================
                   M2 right               M2 wrong
=================  =====================  =====================
M1 right           a = both right         b = only M1 right
M1 wrong           c = only M2 right      d = both wrong
=================  =====================  =====================

from which Günter's rates follow: R1 = (a + b)/|T|, R2 = (a + c)/|T|, R12 = a/|T| (Günter 2004,
eq. 1–2). Only the discordant counts b and c carry information about which classifier is better.

Functions
---------
agreement_table
    Per-item correctness of two classifiers → the 2×2 table [[a, b], [c, d]].
simple_test
    Günter's simple comparison test (eq. 3), which treats R1 and R2 as independent.
paired_variance, paired_test
    Günter's "advanced" paired test (eq. 4–6) on X(t) ∈ {−1, 0, 1}.
mcnemar
    McNemar's test on the discordant counts b, c (or the 2×2 table): mid-p (default), exact,
    asymptotic, corrected.
difference_interval
    Confidence interval for R1 − R2 from the agreement table (Newcombe, Wald, Tango).
rejection_probability
    Exact type-I error and power of McNemar's forms and Günter's test by enumeration.
sign_test, sign_test_from_scores
    The sign test over n repeated experiments (Günter §2.2, eq. 7 with the (1/2)^n fixed).
wilcoxon_signed_rank
    The Wilcoxon signed-rank test on per-run differences (as scipy.stats.wilcoxon).
cochran_q, pairwise_mcnemar
    k classifiers on one test set: Cochran's Q, then McNemar for every pair with Holm's
    correction (:mod:`evalkit.adjust`).
noninferiority_test, equivalence_test
    Is the new classifier at most a margin worse than the reference (or within ± the margin)?
    Tango's (Nam's) score test, the inversion of Tango's interval.

Every test here is two-sided by default (``alternative="two-sided"``), as in SciPy,
statsmodels and R. Günter's convention is one-sided: M1 is the classifier that did better
(R1 > R2), the null hypothesis is "equally good", and P_n = N(Z) is the upper normal tail; his
P_n is ``alternative="greater"``, passed explicitly. Choosing M1 *after* seeing which classifier
did better and then testing one-sided at α doubles the type-I error (to about 2α): test
one-sided only when the direction was fixed before the test set was scored (see
:func:`rejection_probability`).
"""

from __future__ import annotations

import itertools
import math
import warnings
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats
from scipy.special import bdtr, bdtrc

from evalkit._ranks import midranks
from evalkit._tails import tail_pvalue
from evalkit._validation import (
    as_count,
    as_counts,
    as_generator,
    as_probabilities,
    broadcast,
    check_at_most,
    check_choice,
    check_confidence,
    labels_for_counts,
    shown,
    to_output,
)
from evalkit.adjust import _adjust_core, _as_names, _check_alpha, _PairwiseFamily
from evalkit.intervals import _wilson_limits as _wilson_formula
from evalkit.results import (
    Interval,
    TestResult,
    _check_margin,
    _check_one_sided_level,
    format_pvalue,
)

__all__ = [
    "NONINFERIORITY_METHODS",
    "PairwiseMcNemar",
    "agreement_table",
    "cochran_q",
    "difference_interval",
    "equivalence_test",
    "mcnemar",
    "noninferiority_test",
    "paired_test",
    "paired_variance",
    "pairwise_mcnemar",
    "rejection_probability",
    "sign_test",
    "sign_test_from_scores",
    "simple_test",
    "wilcoxon_signed_rank",
]

ALTERNATIVES = ("greater", "less", "two-sided")  # the order of the error messages
_ALTERNATIVES_TEXT = ", ".join(map(repr, ALTERNATIVES))
#: What ``estimate`` is in the results of Günter's tests.
ESTIMATE_NAME = "difference of accuracies R1 − R2"
_RATE_SLACK = 1e-12  # rounding slack when checking R12 against R1 and R2
#: R's relative tolerance (``relErr <- 1 + 1e-7`` in fisher.test and binom.test): floating
#: values that agree within this factor are treated as equal (ties).
_REL_TOL = 1 + 1e-7


# --------------------------------------------------------------------------------------------
# private helpers


def _check_bool(value: Any, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False; got {shown(value)}")
    return bool(value)


def _as_correctness(value: Any, name: str) -> np.ndarray:
    """Per-item correctness as a 1-D boolean array (booleans or 0/1 accepted)."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be an array of booleans (or 0/1); got {shown(value)}")
    arr = np.asarray(value)
    if arr.ndim != 1:
        raise ValueError(
            f"{name} must be one-dimensional (one entry per test item); got shape {arr.shape}"
        )
    if arr.size == 0:
        raise ValueError(f"{name} must not be empty")
    if arr.dtype == bool:
        return arr
    if not np.issubdtype(arr.dtype, np.number) or np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must be an array of booleans (or 0/1); got dtype {arr.dtype}")
    bad = ~((arr == 0) | (arr == 1))
    if bad.any():
        first = arr[bad][0]
        raise ValueError(
            f"{name} must hold only booleans or 0/1; got {first.item()!r} (whether each item "
            "was classified correctly: for predicted labels pass y_pred == y_true)"
        )
    return arr == 1


def _as_scores(value: Any, name: str) -> np.ndarray:
    """A 1-D, non-empty array of finite real numbers."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be an array of numbers; got {shown(value)}")
    arr = np.asarray(value)
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.number):
        raise TypeError(f"{name} must be an array of numbers; got dtype {arr.dtype}")
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must be real; got dtype {arr.dtype}")
    if arr.ndim != 1:
        raise ValueError(
            f"{name} must be one-dimensional (one entry per run); got shape {arr.shape}"
        )
    if arr.size == 0:
        raise ValueError(f"{name} must not be empty")
    arr = arr.astype(float)
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} must be finite; got {arr[~np.isfinite(arr)][0]!r}")
    return arr


def _same_length(a: np.ndarray, b: np.ndarray, name_a: str, name_b: str) -> None:
    if a.shape != b.shape:
        raise ValueError(
            f"{name_a} and {name_b} must have the same length (one entry per item); got "
            f"{a.shape[0]} and {b.shape[0]}"
        )


def _ratio(numerator: np.ndarray, denominator: np.ndarray) -> np.ndarray:
    """numerator / denominator, with 0/0 → 0 and x/0 → ±inf (no warnings)."""
    numerator, denominator = np.broadcast_arrays(
        np.asarray(numerator, dtype=float), np.asarray(denominator, dtype=float)
    )
    out = np.where(numerator == 0, 0.0, np.copysign(np.inf, numerator))
    positive = denominator > 0
    np.divide(numerator, denominator, out=out, where=positive)
    return out


def _binomial_half_pvalue(
    wins: np.ndarray, trials: np.ndarray, alternative: str, mid: bool = False
) -> np.ndarray:
    """Tail of Bin(trials, 1/2) at ``wins`` (exact, via the regularized incomplete beta).

    With ``mid`` the observed count enters each tail with half its probability (Lancaster's
    mid-p): P(W > k) + ½P(W = k) instead of P(W ≥ k).
    """
    at_least = stats.binom.sf(wins - 1, trials, 0.5)  # P(W ≥ k)
    at_most = stats.binom.cdf(wins, trials, 0.5)  # P(W ≤ k)
    if mid:  # P(W > k) + ½P(W = k) = ½(P(W > k) + P(W ≥ k)), and the same below
        upper = 0.5 * (stats.binom.sf(wins, trials, 0.5) + at_least)
        lower = 0.5 * (stats.binom.cdf(wins - 1, trials, 0.5) + at_most)
    else:
        upper, lower = at_least, at_most
    if alternative == "greater":
        return upper
    if alternative == "less":
        return lower
    # Bin(n, 1/2) is symmetric, so "at most as likely as the observed count" is twice the
    # smaller tail (capped at 1); this is what scipy.stats.binomtest and R's binom.test give.
    # The two mid-p tails add up to 1, so twice the smaller one never exceeds 1.
    return np.minimum(1.0, 2.0 * np.minimum(upper, lower))


def _check_rates(rate1: Any, rate2: Any, size: Any) -> tuple[np.ndarray, ...]:
    r1 = as_probabilities(rate1, "rate1")
    r2 = as_probabilities(rate2, "rate2")
    n = as_counts(size, "size", minimum=1)
    return tuple(broadcast(rate1=r1, rate2=r2, size=n))


def _check_joint(r1: np.ndarray, r2: np.ndarray, joint_rate: Any) -> tuple[np.ndarray, ...]:
    r12 = as_probabilities(joint_rate, "joint_rate")
    try:
        r1, r2, r12 = np.broadcast_arrays(r1, r2, r12)
    except ValueError as exc:
        raise ValueError(
            f"joint_rate must broadcast with rate1 and rate2; got shape {r12.shape}"
        ) from exc
    high = r12 > np.minimum(r1, r2) + _RATE_SLACK
    low = r12 < r1 + r2 - 1 - _RATE_SLACK
    bad = high | low
    if bad.any():
        i = np.flatnonzero(bad.reshape(-1))[0]
        a, b, j = (float(x.reshape(-1)[i]) for x in (r1, r2, r12))
        raise ValueError(
            "joint_rate must lie between max(0, rate1 + rate2 − 1) and min(rate1, rate2) (the "
            f"items both get right); got joint_rate={j!r} with rate1={a!r}, rate2={b!r}"
        )
    return r1, r2, r12


# --------------------------------------------------------------------------------------------
# the agreement table


def agreement_table(correct1: ArrayLike, correct2: ArrayLike) -> np.ndarray:
    """Count how two classifiers agree item by item on the same test set.

    Parameters
    ----------
    correct1, correct2 : array_like of bool (or 0/1), shape (|T|,)
        Whether classifier 1 (resp. 2) labelled test item t correctly, e.g.
        ``y_pred1 == y_true``. Same length, one entry per item.

    Returns
    -------
    ndarray of int, shape (2, 2)
        ``[[a, b], [c, d]]`` with rows = classifier 1 right/wrong and columns = classifier 2
        right/wrong: a = both right, b = only classifier 1 right, c = only classifier 2 right,
        d = both wrong. So ``table[0, 1]`` is b and ``table[1, 0]`` is c; McNemar's test uses
        exactly these two cells. (Other libraries order the cells differently — check the
        orientation before passing a table on.) Günter's counts are E1 = a + b, E2 = a + c and
        E12 = a (Günter 2004, eq. 1–2).

    Examples
    --------
    >>> agreement_table([1, 1, 1, 0, 0], [1, 0, 0, 1, 0]).tolist()
    [[1, 2], [1, 1]]
    """
    c1 = _as_correctness(correct1, "correct1")
    c2 = _as_correctness(correct2, "correct2")
    _same_length(c1, c2, "correct1", "correct2")
    return np.array(
        [
            [np.count_nonzero(c1 & c2), np.count_nonzero(c1 & ~c2)],
            [np.count_nonzero(~c1 & c2), np.count_nonzero(~c1 & ~c2)],
        ],
        dtype=np.int64,
    )


# --------------------------------------------------------------------------------------------
# Günter's simple and paired tests


def simple_test(
    rate1: ArrayLike, rate2: ArrayLike, size: ArrayLike, *, alternative: str = "two-sided"
) -> TestResult:
    """Günter's simple comparison test of two recognition rates (Günter 2004, eq. 3 and 8).

    .. math:: Z = \\frac{R_1 - R_2}{\\sqrt{\\frac{1}{|T|}\\,(R_1(1-R_1) + R_2(1-R_2))}},
              \\qquad P_n = N(Z),

    where N(x) is the upper tail of the standard normal distribution. The test treats R1 and R2
    as *independent* estimates, which they are not when both classifiers ran on the same T (it
    ignores the pairing, see :func:`paired_test`).

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size): minimum 0.004, median 0.019, maximum 0.022 (at N=20, p_a=0.7, p_b=0.1, p_c=0.1,
    p_d=0.1) over 6 settings.

    Parameters
    ----------
    rate1, rate2 : float or array_like in [0, 1]
        Recognition rates R1 = E1/|T| and R2 = E2/|T|.
    size : int or array_like
        The test-set size |T| (≥ 1).
    alternative : {"two-sided", "greater", "less"}
        ``"two-sided"`` (default): 2·N(|Z|). ``"greater"`` is Günter's one-sided P_n = N(Z),
        "classifier 1 is better"; ``"less"`` the other tail.

    Returns
    -------
    TestResult
        ``statistic`` is Z, ``pvalue`` is P_n, ``estimate`` is R1 − R2 and
        ``details["standard_error"]`` the denominator of Z. When the denominator is 0 (both rates
        are 0 or 1), Z is 0 if R1 = R2 and ±inf otherwise.

    Examples
    --------
    >>> r = simple_test(2 / 3, 1 / 3, 64, alternative="greater")  # Günter's example: Z = 4
    >>> round(r.statistic, 4), round(r.pvalue * 100, 5)
    (4.0, 0.00317)
    >>> round(simple_test(2 / 3, 1 / 3, 64).pvalue * 100, 5)  # two-sided (the default)
    0.00633
    """
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    r1, r2, n = _check_rates(rate1, rate2, size)
    standard_error = np.sqrt((r1 * (1 - r1) + r2 * (1 - r2)) / n)
    z = _ratio(r1 - r2, standard_error)
    return TestResult(
        statistic=z,
        pvalue=tail_pvalue(z, alternative, None),
        alternative=alternative,
        method="Günter's simple test (eq. 3, independent rates)",
        statistic_name="Z",
        estimate=r1 - r2,
        estimate_name=ESTIMATE_NAME,
        details={"standard_error": to_output(standard_error)},
    )


def paired_variance(rate1: ArrayLike, rate2: ArrayLike, joint_rate: ArrayLike) -> Any:
    """The variance σx of Günter's paired variable X(t) ∈ {−1, 0, 1} (Günter 2004, eq. 6).

    X(t) = 1 when only classifier 1 is right on item t, −1 when only classifier 2 is, 0 when
    both are right or both wrong (eq. 4). With the fractions R1 − R12 (X = 1), R2 − R12 (X = −1)
    and 1 + 2·R12 − R1 − R2 (X = 0), and the mean μx = R1 − R2,

    .. math::

       σ_x &= (R_1 - R_{12})(1 - R_1 + R_2)^2 + (R_2 - R_{12})(1 + R_1 - R_2)^2 \\\\
           &\\quad + (1 + 2R_{12} - R_1 - R_2)(R_1 - R_2)^2,

    the population variance of X over T (each squared distance from μx weighted by its
    fraction). It equals ``np.var(X)`` (ddof = 0) and simplifies to
    (R1 + R2 − 2·R12) − (R1 − R2)². Günter writes σx, but it is a variance, not a standard
    deviation.

    Parameters
    ----------
    rate1, rate2, joint_rate : float or array_like in [0, 1]
        R1, R2 and R12 = E12/|T| (the fraction both classifiers get right), with
        max(0, R1 + R2 − 1) ≤ R12 ≤ min(R1, R2).

    Returns
    -------
    float or ndarray

    Examples
    --------
    >>> round(paired_variance(0.6, 0.5, 0.5), 4)    # Günter's example: 0.09
    0.09
    """
    r1 = as_probabilities(rate1, "rate1")
    r2 = as_probabilities(rate2, "rate2")
    r1, r2, r12 = _check_joint(r1, r2, joint_rate)
    return to_output(_paired_variance_core(r1, r2, r12))


def _paired_variance_core(r1: np.ndarray, r2: np.ndarray, r12: np.ndarray) -> np.ndarray:
    """Eq. 6 on checked, consistent rates (arrays that broadcast)."""
    mean = r1 - r2
    variance = (
        (r1 - r12) * (1 - r1 + r2) ** 2  # X = +1, distance 1 − μx
        + (r2 - r12) * (1 + r1 - r2) ** 2  # X = −1, distance 1 + μx
        + (1 + 2 * r12 - r1 - r2) * mean**2  # X = 0, distance μx
    )
    return np.maximum(variance, 0.0)  # rounding can give −1e-17


def paired_test(
    rate1: ArrayLike,
    rate2: ArrayLike,
    joint_rate: ArrayLike,
    size: ArrayLike,
    tail: str = "normal",
    *,
    alternative: str = "two-sided",
) -> TestResult:
    """Günter's paired ("advanced") comparison test (Günter 2004, eq. 4–6 and 9–10).

    .. math:: Z = \\frac{μ_x}{\\sqrt{σ_x / |T|}}, \\qquad μ_x = R_1 - R_2, \\qquad P_n = N(Z),

    with σx from eq. 6 (:func:`paired_variance`). Because X is computed item by item, the
    correlation between the two classifiers is taken into account: when they agree on most
    items, σx is small and a modest R1 − R2 is significant.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size): minimum 0.000, median 0.050, maximum 0.073 (at N=20, p_only=0.2) over 20 settings.
    It rejects a true null hypothesis more than 7 % of the time at 1 of the 20 settings.

    Parameters
    ----------
    rate1, rate2 : float or array_like in [0, 1]
        Recognition rates R1 and R2 on the same test set.
    joint_rate : float or array_like in [0, 1]
        R12, the fraction of items both classifiers get right.
    size : int or array_like
        |T| (≥ 1; ≥ 2 for ``tail="t"``).
    tail : {"normal", "t"}
        ``"normal"`` (default) is Günter's P_n = N(Z). ``"t"`` reads the same Z against Student's
        t with |T| − 1 degrees of freedom (a paired t-test with Günter's variance; it gives the
        0.06 % printed in Günter's example). scipy.stats.ttest_rel would divide by |T| − 1
        inside σx instead, giving t = Z·√((|T| − 1)/|T|).
    alternative : {"two-sided", "greater", "less"}
        ``"two-sided"`` (default) or one-sided: ``"greater"`` is Günter's P_n = N(Z),
        "classifier 1 is better".

    Returns
    -------
    TestResult
        ``statistic`` is Z, ``pvalue`` is P_n, ``estimate`` is μx = R1 − R2, ``df`` is |T| − 1
        for the t tail; ``details`` holds ``mu_x`` and ``sigma_x`` (Günter's names; σx is the
        variance of X). If σx = 0, Z is 0 when μx = 0 and ±inf otherwise.

    Notes
    -----
    σx is estimated from the observed data, not under the null hypothesis (where μx = 0 and the
    variance would be R1 + R2 − 2·R12). So Z² = (b − c)² / (b + c − (b − c)²/|T|) is never
    smaller than McNemar's uncorrected chi-square (b − c)²/(b + c): the two agree when the
    discordant counts b, c are balanced or |T| is large, and Günter's Z is the more optimistic
    when one classifier wins almost all discordant items.

    Examples
    --------
    Günter's example (rates in the right order), one-sided as Günter computes P_n:

    >>> r = paired_test(0.6, 0.5, 0.5, 100, alternative="greater")
    >>> round(r.statistic, 4), round(r.details["sigma_x"], 4), round(100 * r.pvalue, 4)
    (3.3333, 0.09, 0.0429)
    >>> round(100 * paired_test(0.6, 0.5, 0.5, 100, tail="t", alternative="greater").pvalue, 4)
    0.0604
    >>> round(100 * paired_test(0.6, 0.5, 0.5, 100).pvalue, 4)  # two-sided (the default)
    0.0858
    """
    if tail in ALTERNATIVES:
        raise ValueError(
            f"tail must be one of 'normal', 't'; got {shown(tail)}, an alternative: pass it by "
            f"keyword, paired_test(rate1, rate2, joint_rate, size, alternative={tail!r})"
        )
    tail = check_choice(tail, "tail", ("normal", "t"))
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    r1, r2, n = _check_rates(rate1, rate2, size)
    r1, r2, r12 = _check_joint(r1, r2, joint_rate)
    r1, r2, r12, n = np.broadcast_arrays(r1, r2, r12, n)
    if tail == "t" and (n < 2).any():
        raise ValueError(f"size must be ≥ 2 for tail='t' (df = size − 1); got {int(n.min())}")
    return _paired_test_core(r1, r2, r12, n, tail, alternative)


def _paired_test_core(
    r1: np.ndarray, r2: np.ndarray, r12: np.ndarray, n: np.ndarray, tail: str, alternative: str
) -> TestResult:
    """:func:`paired_test` on checked, consistent, broadcast rates and sizes."""
    mean = r1 - r2
    variance = _paired_variance_core(r1, r2, r12)
    z = _ratio(mean, np.sqrt(variance / n))
    df = None if tail == "normal" else n - 1
    method = "Günter's paired test (eq. 4–6, " + (
        "normal tail)" if tail == "normal" else "Student t tail, df = |T| − 1)"
    )
    return TestResult(
        statistic=z,
        pvalue=tail_pvalue(z, alternative, df),
        alternative=alternative,
        method=method,
        statistic_name="Z",
        df=df,
        estimate=mean,
        estimate_name=ESTIMATE_NAME,
        details={"mu_x": to_output(mean), "sigma_x": to_output(variance)},
    )


# --------------------------------------------------------------------------------------------
# McNemar


MCNEMAR_METHODS = ("mid-p", "exact", "asymptotic", "corrected")


def _legacy_mcnemar_method(exact: Any, correction: Any) -> str:
    """The method the removed ``exact=``/``correction=`` flags selected (with a warning)."""
    exact = True if exact is None else _check_bool(exact, "exact")
    correction = True if correction is None else _check_bool(correction, "correction")
    method = "exact" if exact else ("corrected" if correction else "asymptotic")
    warnings.warn(
        f"mcnemar's exact= and correction= flags are deprecated; pass method={method!r} "
        "(the default is now method='mid-p')",
        DeprecationWarning,
        stacklevel=3,
    )
    return method


def mcnemar(
    only1: ArrayLike,
    only2: ArrayLike | None = None,
    method: str = "mid-p",
    *,
    exact: bool | None = None,
    correction: bool | None = None,
) -> TestResult:
    """McNemar's test of "equally good" from the discordant counts b, c or the 2×2 table.

    Call it as ``mcnemar(b, c)`` with the two discordant counts, or as ``mcnemar(table)`` with
    the whole 2×2 agreement table ``[[a, b], [c, d]]`` (:func:`agreement_table`), as
    ``statsmodels.stats.contingency_tables.mcnemar(table)`` and R's ``mcnemar.test(matrix)``
    take it: b = ``table[0, 1]`` and c = ``table[1, 0]``, the same cells those libraries read.

    Under the null hypothesis each of the n = b + c items on which exactly one classifier is
    right is equally likely to go either way, so b ~ Bin(n, 1/2); the concordant items (both
    right or both wrong) carry no information and are ignored. Four forms (Fagerland, Lydersen &
    Laake 2013, *The McNemar test for binary matched-pairs data: mid-p and asymptotic are better
    than exact conditional*, BMC Medical Research Methodology 13:91):

    * ``"mid-p"`` (default): the exact p-value minus the probability of the observed count,
      p = 2·P(B ≤ m) − P(B = m) with m = min(b, c) and B ~ Bin(n, 1/2) (Fagerland et al. 2013,
      eq. 3; it is 1 when b = c). By exact enumeration its type-I error stays at or below the
      nominal level in almost every setting and its power is close to the asymptotic test's;
      Fagerland et al. recommend it.
    * ``"exact"``: the conditional binomial test, p = min(1, 2·P(B ≤ m)) (as
      ``scipy.stats.binomtest(b, b + c)``). It never exceeds the nominal level but is
      conservative: at 50 pairs its actual type-I error is at most about 0.03 at α = 0.05.
    * ``"asymptotic"``: χ² = (b − c)²/(b + c) against χ² with 1 degree of freedom (no
      continuity correction; the square of the z statistic (b − c)/√(b + c)).
    * ``"corrected"``: χ² = (|b − c| − 1)²/(b + c) (Edwards' continuity correction), the
      formula of R's ``mcnemar.test`` (which also gives 1/(b + c), not 0, when b = c). It is even
      more conservative than the exact test.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size, asymptotic): minimum 0.000, median 0.044, maximum 0.053 (at N=500, p_only=0.025)
    over 20 settings.
    Atlas (size, corrected): minimum 0.000, median 0.020, maximum 0.042 (at N=500, p_only=0.2) over
    20 settings.
    Atlas (size, exact): minimum 0.000, median 0.021, maximum 0.042 (at N=500, p_only=0.2) over 20
    settings.
    Atlas (size, mid-p): minimum 0.000, median 0.040, maximum 0.050 (at N=500, p_only=0.2) over 20
    settings.

    Parameters
    ----------
    only1 : int or array_like, or array_like of shape (2, 2)
        b, the number of items only classifier 1 gets right (``agreement_table(...)[0, 1]``);
        or, with ``only2`` left out, the whole 2×2 agreement table ``[[a, b], [c, d]]``.
    only2 : int or array_like, optional
        c, the number of items only classifier 2 gets right (``agreement_table(...)[1, 0]``).
        Leave it out when ``only1`` is the table.
    method : {"mid-p", "exact", "asymptotic", "corrected"}
        Which form, see above.
    exact, correction : bool, optional
        Deprecated (the flags of earlier versions, whose default was the exact test): ``exact=True``
        is ``method="exact"``; ``exact=False`` is ``"corrected"``, or ``"asymptotic"`` with
        ``correction=False``. They still work, with a ``DeprecationWarning``, and cannot be
        combined with ``method``.

    Returns
    -------
    TestResult
        Exact and mid-p: ``statistic`` is b (``statistic_name="b"``). Asymptotic and corrected:
        ``statistic`` is χ² with ``df=1``. ``details`` holds ``only1``, ``only2`` and
        ``discordant`` = b + c. With b + c = 0 the p-value is 1 (and χ² is 0).

    Examples
    --------
    >>> round(mcnemar(10, 0).pvalue, 6)           # mid-p: 2·(1/2)^10 − (1/2)^10
    0.000977
    >>> round(mcnemar(10, 0, "exact").pvalue, 6)  # 2·(1/2)^10
    0.001953
    >>> r = mcnemar(10, 0, "corrected")
    >>> round(r.statistic, 4), round(r.pvalue, 6)
    (8.1, 0.004427)
    >>> round(mcnemar(6, 16).pvalue, 6)           # Fagerland et al.'s example (Cavo et al.)
    0.03469
    >>> round(mcnemar([[59, 6], [16, 80]]).pvalue, 6)  # the same from the whole table
    0.03469
    """
    if exact is not None or correction is not None:
        if method != "mid-p":
            raise TypeError("pass either method or the deprecated exact=/correction= flags")
        method = _legacy_mcnemar_method(exact, correction)
    if isinstance(method, (bool, np.bool_)):
        raise TypeError(
            f"method must be one of {', '.join(map(repr, MCNEMAR_METHODS))}; got {method!r} (the "
            "old third argument exact=True/False is now method='exact' or 'corrected')"
        )
    try:
        b, c = _mcnemar_counts(only1, only2)
        method = check_choice(method, "method", MCNEMAR_METHODS)
    except (TypeError, ValueError) as exc:  # mcnemar(y_true, y_pred_a, y_pred_b)?
        labels_for_counts(
            exc, _MCNEMAR_COUNTS, _SAME_ITEMS, only1=only1, only2=only2, method=method
        )
        raise
    return _mcnemar_core(b, c, method)


#: How to call mcnemar with counts, and what takes the labels (:func:`labels_for_counts`).
_MCNEMAR_COUNTS = (
    "mcnemar takes counts: mcnemar(b, c) with the numbers of items only classifier 1 and only "
    "classifier 2 gets right, e.g. mcnemar(6, 16), or the whole 2×2 agreement table, from "
    "labels mcnemar(agreement_table(y_pred_a == y_true, y_pred_b == y_true))"
)
_SAME_ITEMS = (
    "evalkit.compare_classifiers(y_true, y_pred_a, y_pred_b), the whole comparison on one test set"
)


def _mcnemar_counts(only1: Any, only2: Any) -> tuple[np.ndarray, np.ndarray]:
    """The checked discordant counts (b, c): from the two counts, or from a 2×2 table alone."""
    if only2 is None:
        if np.ndim(only1) == 0 or isinstance(only1, (str, bytes)):
            raise TypeError(
                f"only2 is missing: pass the two discordant counts, mcnemar(b, c), or the whole "
                f"2×2 agreement table alone, mcnemar([[a, b], [c, d]]); got only1={shown(only1)}"
            )
        table = as_counts(only1, "table")
        if table.shape != (2, 2):
            raise ValueError(
                "only1 given alone must be the 2×2 agreement table [[both right, only 1 right], "
                f"[only 2 right, both wrong]]; got shape {table.shape}. For arrays of discordant "
                "counts pass both: mcnemar(b, c)"
            )
        return table[0, 1], table[1, 0]
    if isinstance(only2, str):
        raise TypeError(
            f"only2 must be the count c (items only classifier 2 gets right); got {shown(only2)}. "
            f"With the 2×2 table, pass the method by keyword: mcnemar(table, method={only2!r})"
        )
    for name, value in (("only1", only1), ("only2", only2)):
        if np.ndim(value) > 0 and np.asarray(value).dtype == bool:
            raise TypeError(
                f"{name} must be a count (or an array of counts), not booleans: for per-item "
                "correctness pass the agreement table, mcnemar(agreement_table(correct1, "
                "correct2))"
            )
    b = as_counts(only1, "only1")
    c = as_counts(only2, "only2")
    b, c = broadcast(only1=b, only2=c)
    return b, c


def _mcnemar_core(b: np.ndarray, c: np.ndarray, method: str) -> TestResult:
    """:func:`mcnemar` on checked counts b, c (same shape) and a checked ``method``."""
    discordant = b + c
    details = {"only1": to_output(b), "only2": to_output(c), "discordant": to_output(discordant)}
    if method in ("exact", "mid-p"):
        mid = method == "mid-p"
        return TestResult(
            statistic=b,
            pvalue=_binomial_half_pvalue(b, discordant, "two-sided", mid=mid),
            alternative="two-sided",
            method="McNemar's mid-p test (binomial on the discordant pairs, mid-p)"
            if mid
            else "McNemar's exact test (binomial on the discordant pairs)",
            statistic_name="b",
            details=details,
        )
    shift = 1.0 if method == "corrected" else 0.0
    numerator = (np.abs(b - c) - shift) ** 2
    chi2 = np.where(discordant > 0, _ratio(numerator, np.maximum(discordant, 1)), 0.0)
    name = "McNemar's chi-square test" + (
        " with continuity correction" if shift else " (no continuity correction)"
    )
    return TestResult(
        statistic=chi2,
        pvalue=stats.chi2.sf(chi2, 1),
        alternative="two-sided",
        method=name,
        statistic_name="chi2",
        df=1,
        details=details,
    )


# --------------------------------------------------------------------------------------------
# interval for R1 − R2 on the same test set


DIFFERENCE_METHODS = ("newcombe", "wald", "tango")


_TABLE_WANTED = (
    "table must be the 2×2 agreement table [[a, b], [c, d]] (a = both right, b = only 1 right, "
    "c = only 2 right, d = both wrong), e.g. agreement_table(correct1, correct2)"
)


def _as_agreement_table(table: Any, method: Any = None) -> tuple[int, int, int, int]:
    """The four counts of a checked 2×2 agreement table.

    A single number where the table belongs, followed by a number in ``method``'s place, is the
    trap ``difference_interval(b, c)``: the message says that the whole table is needed.
    """
    if np.ndim(table) == 0 and not isinstance(table, (str, bytes)):
        if isinstance(method, (int, float, np.number)) and not isinstance(method, bool):
            raise ValueError(
                f"{_TABLE_WANTED}; got {table!r} (and {method!r} in method's place). {table!r}, "
                f"{method!r} look like the two discordant counts b and c, but the interval also "
                "needs the concordant items a and d (they set n and the rates): pass the whole "
                "table, difference_interval([[a, b], [c, d]])"
            )
        raise ValueError(f"{_TABLE_WANTED}; got {shown(table)}")
    counts = as_counts(table, "table")
    if counts.shape != (2, 2):
        hint = " (reshape four counts with np.reshape(table, (2, 2)))" if counts.size == 4 else ""
        raise ValueError(f"{_TABLE_WANTED}; got shape {counts.shape}{hint}")
    (a, b), (c, d) = (int(x) for x in counts[0]), (int(x) for x in counts[1])
    if a + b + c + d == 0:
        raise ValueError("table must count at least one test item; got only zeros")
    return a, b, c, d


def _wilson_limits(successes: int, trials: int, confidence: float) -> tuple[float, float]:
    """Wilson's interval (Tan eq. 4.13) of checked counts: :func:`evalkit.intervals.wilson`."""
    low, high = _wilson_formula(np.float64(successes), np.float64(trials), confidence)
    return float(np.clip(low, 0.0, 1.0)), float(np.clip(high, 0.0, 1.0))


def _newcombe_limits(a: int, b: int, c: int, d: int, confidence: float) -> tuple[float, float]:
    """Newcombe (1998) method 10, the square-and-add interval with Wilson limits (see below)."""
    n = a + b + c + d
    rate1, rate2 = (a + b) / n, (a + c) / n
    low1, high1 = _wilson_limits(a + b, n, confidence)
    low2, high2 = _wilson_limits(a + c, n, confidence)
    product = float(a + b) * float(c + d) * float(a + c) * float(b + d)
    cross = float(a) * d - float(b) * c
    if product == 0 or 0 <= cross <= n / 2:
        psi = 0.0
    elif cross > n / 2:
        psi = (cross - n / 2) / math.sqrt(product)
    else:
        psi = cross / math.sqrt(product)
    difference = rate1 - rate2
    down1, up2 = rate1 - low1, high2 - rate2
    down2, up1 = rate2 - low2, high1 - rate1
    low = difference - math.sqrt(max(down1**2 + up2**2 - 2 * psi * down1 * up2, 0.0))
    high = difference + math.sqrt(max(down2**2 + up1**2 - 2 * psi * down2 * up1, 0.0))
    return low, high


def _wald_difference_limits(b: int, c: int, n: int, confidence: float) -> tuple[float, float]:
    z = float(stats.norm.isf((1 - confidence) / 2))
    difference = (b - c) / n
    half = z * math.sqrt(max((b + c) - (b - c) ** 2 / n, 0.0)) / n
    return difference - half, difference + half


def _tango_score(delta: float, b: int, c: int, n: int) -> float:
    """Tango's score statistic for H0: R1 − R2 = delta (Tango 1998, eq. 3 and 5).

    T = (b − c − n·δ) / √(n·(2·q + δ(1 − δ))), with q the maximum-likelihood estimate of the
    probability of "only classifier 2 right" under the restriction δ:
    q = (√(B² − 4AC) − B)/(2A), A = 2n, B = −b − c + (2n − b + c)·δ, C = −c·δ(1 − δ).
    The formula is :func:`_tango_statistic` (which takes arrays); this is its scalar form.
    """
    return float(_tango_statistic(np.float64(delta), b, c, n))


def _tango_statistic(delta: Any, b: Any, c: Any, n: Any) -> np.ndarray:
    """:func:`_tango_score` on arrays (broadcast together): ±∞ where the variance is 0 and the
    numerator is not, 0 where both are."""
    delta, b, c, n = (np.asarray(x, dtype=float) for x in (delta, b, c, n))
    big_b = -b - c + (2 * n - b + c) * delta
    big_c = -c * delta * (1 - delta)
    q = (np.sqrt(np.maximum(big_b**2 - 8 * n * big_c, 0.0)) - big_b) / (4 * n)
    variance = n * (2 * q + delta * (1 - delta))
    numerator = b - c - n * delta
    with np.errstate(divide="ignore", invalid="ignore"):
        score = np.where(variance > 0, numerator / np.sqrt(variance), np.sign(numerator) * np.inf)
    return np.where((variance > 0) | (numerator != 0), score, 0.0)


def _tango_limits(b: int, c: int, n: int, confidence: float) -> tuple[float, float]:
    """The δ where Tango's score statistic crosses ±z, found by Brent's method.

    T(δ) decreases from +∞ (or 0) at δ = −1 to −∞ (or 0) at δ = 1 and is 0 at δ̂ = (b − c)/n,
    so the lower limit lies in [−1, δ̂] and the upper in [δ̂, 1]. When T never reaches ±z on
    one side (δ̂ = ±1), that limit is −1 or 1.
    """
    from scipy.optimize import brentq  # loaded on first use: import evalkit stays light

    z = float(stats.norm.isf((1 - confidence) / 2))
    estimate = (b - c) / n

    def crossing(edge: float, target: float) -> float:
        if estimate == edge or (_tango_score(edge, b, c, n) - target) * (0 - target) > 0:
            return edge
        lo, hi = sorted((edge, estimate))
        return brentq(lambda x: _tango_score(x, b, c, n) - target, lo, hi, xtol=1e-14)

    return crossing(-1.0, z), crossing(1.0, -z)


def _check_method_not_confidence(method: Any, allowed: tuple[str, ...]) -> None:
    """A level such as 0.9 in ``method``'s place: say that it belongs to ``confidence``."""
    if isinstance(method, (float, np.floating)) and 0.0 < method < 1.0:
        listed = ", ".join(map(repr, allowed))
        raise ValueError(
            f"method must be one of {listed}; got {shown(method)}, a confidence level: pass it by "
            f"keyword, confidence={method!r}"
        )


def difference_interval(
    table: ArrayLike, method: str = "newcombe", confidence: float = 0.95
) -> Interval:
    """Confidence interval for R1 − R2, two accuracies on the same test set.

    From the agreement table ``[[a, b], [c, d]]`` of :func:`agreement_table` (a = both right,
    b = only 1 right, c = only 2 right, d = both wrong, n = a + b + c + d): R1 = (a + b)/n,
    R2 = (a + c)/n and D = R1 − R2 = (b − c)/n. Three methods (Fagerland, Lydersen & Laake 2014,
    *Recommended tests and confidence intervals for paired binomial proportions*, Statistics in
    Medicine 33, 2850–2875, recommend Newcombe's and Tango's):

    * ``"newcombe"`` (default): Newcombe (1998), *Improved confidence intervals for the
      difference between binomial proportions based on paired data*, Statistics in Medicine 17,
      2635–2650, method 10, the square-and-add hybrid score interval. With (l1, u1) and
      (l2, u2) the Wilson intervals of R1 and R2 (Tan eq. 4.13) and ψ the correlation of the two
      rates with a continuity adjustment (A = a·d − b·c, P = (a + b)(c + d)(a + c)(b + d);
      ψ = (A − n/2)/√P if A > n/2, 0 if 0 ≤ A ≤ n/2, A/√P if A < 0, and 0 when P = 0):
      L = D − √((R1 − l1)² + (u2 − R2)² − 2ψ(R1 − l1)(u2 − R2)),
      U = D + √((R2 − l2)² + (u1 − R1)² − 2ψ(R2 − l2)(u1 − R1)).
    * ``"wald"``: D ± z·√((b + c) − (b − c)²/n)/n, which collapses to a point when b = c = 0
      and is too narrow with few discordant items.
    * ``"tango"``: Tango (1998), *Equivalence test and confidence interval for the difference
      in proportions for the paired-sample design*, Statistics in Medicine 17, 891–908: the
      δ for which the score statistic T(δ) = (b − c − nδ)/√(n(2q̃ + δ(1 − δ))) stays within ±z,
      q̃ being the restricted maximum-likelihood estimate of the rate of "only 2 right" (eq. 5).
      Each limit is found by root finding.

    Every interval is clipped to [−1, 1] (only Wald's and Newcombe's formulas can leave it).

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage, newcombe): minimum 0.959 (at N=50, p_a=0.7, p_b=0.1, p_c=0.1, p_d=0.1), median
    0.997, maximum 1.000 over 10 settings.
    Atlas (coverage, tango): minimum 0.944 (at N=50, p_a=0.85, p_b=0.07, p_c=0.03, p_d=0.05), median
    0.986, maximum 1.000 over 10 settings.
    Atlas (coverage, wald): minimum 0.555 (at N=20, p_a=0.95, p_b=0.03, p_c=0.01, p_d=0.01), median
    0.937, maximum 0.999 over 10 settings. It covers less than 93 % at 3 of the 10 settings.

    Parameters
    ----------
    table : array_like, shape (2, 2)
        The agreement table ``[[a, b], [c, d]]`` (counts, n ≥ 1).
    method : {"newcombe", "wald", "tango"}
        The interval, see above.
    confidence : float
        Confidence level in (0, 1).

    Returns
    -------
    Interval
        ``estimate`` = R1 − R2, method ``"newcombe-paired"``, ``"wald-paired"`` or
        ``"tango-paired"``.

    Examples
    --------
    Fagerland et al.'s example (Cavo et al. 2012): a = 59, b = 6, c = 16, d = 80.

    >>> ci = difference_interval([[59, 6], [16, 80]])
    >>> round(ci.estimate, 4), round(ci.low, 4), round(ci.high, 4)
    (-0.0621, -0.1186, -0.0046)
    >>> ci = difference_interval([[59, 6], [16, 80]], method="tango")
    >>> round(ci.low, 4), round(ci.high, 4)
    (-0.124, -0.0054)
    """
    try:
        a, b, c, d = _as_agreement_table(table, method)
    except (TypeError, ValueError) as exc:
        labels_for_counts(
            exc,
            "difference_interval takes the 2×2 agreement table of counts [[a, b], [c, d]], e.g. "
            "difference_interval([[59, 6], [16, 80]]), from labels difference_interval("
            "agreement_table(y_pred_a == y_true, y_pred_b == y_true))",
            _SAME_ITEMS,
            table=table,
            method=method,
        )
        raise
    _check_method_not_confidence(method, DIFFERENCE_METHODS)
    method = check_choice(method, "method", DIFFERENCE_METHODS)
    level = check_confidence(confidence)
    n = a + b + c + d
    if method == "newcombe":
        low, high = _newcombe_limits(a, b, c, d, level)
    elif method == "wald":
        low, high = _wald_difference_limits(b, c, n, level)
    else:
        low, high = _tango_limits(b, c, n, level)
    return Interval(
        low=max(low, -1.0),
        high=min(high, 1.0),
        estimate=(b - c) / n,
        confidence=level,
        method=f"{method}-paired",
    )


# --------------------------------------------------------------------------------------------
# exact size and power of the paired tests


REJECTION_TESTS = ("mid-p", "exact", "asymptotic", "corrected", "guenter")


def _paired_pvalues(
    b: np.ndarray, c: np.ndarray, size: int, test: str, alternative: str
) -> np.ndarray:
    """p-values of ``test`` for discordant counts b, c out of ``size`` pairs (arrays)."""
    if test in ("exact", "mid-p"):  # the binomial of b given b + c (one- or two-sided)
        return np.asarray(_binomial_half_pvalue(b, b + c, alternative, mid=test == "mid-p"))
    if test == "guenter":  # Günter's Z depends on b, c and |T| only: μx = (b − c)/|T|
        r1, r2, r12, n = np.broadcast_arrays(b / size, c / size, 0.0, size)
        return np.asarray(_paired_test_core(r1, r2, r12, n, "normal", alternative).pvalue)
    shift = 1.0 if test == "corrected" else 0.0
    m = b + c
    if alternative == "two-sided":
        return np.asarray(_mcnemar_core(*np.broadcast_arrays(b, c), test).pvalue)
    sign = 1.0 if alternative == "greater" else -1.0
    z = _ratio(sign * (b - c) - shift, np.sqrt(m))  # one-sided z of McNemar's χ² form
    return np.where(m > 0, stats.norm.sf(z), 1.0)


# McNemar's forms decide from (b, c) alone, so the edge for each m does not depend on N: the
# longest edge array computed for a (test, alternative, level) serves every N up to its length.
# A planner or a widget asks for the same few levels again and again.
_EDGES: dict[tuple[str, str, float], np.ndarray] = {}
_EDGES_KEPT = 16


def _last_rejecting_b(size: int, test: str, alternative: str, alpha: float) -> np.ndarray:
    """For each m = 0 … N, the largest b that rejects in the lower tail (−1 if none).

    ``alternative`` is "less" (the search runs over b = 0 … m) or "two-sided" (b = 0 … ⌊m/2⌋);
    on that range every test's p-value, given m = b + c, does not decrease with b, so a
    vectorized bisection over b (about log2(N) steps for all m at once) finds the edge.
    McNemar's forms reuse an edge computed before (read-only); Günter's depends on N.
    """
    if test == "guenter":
        return _bisect_last_rejecting_b(size, test, alternative, alpha)
    key = (test, alternative, float(alpha))
    edge = _EDGES.get(key)
    if edge is None or edge.size < size + 1:
        # a curve over N asks for N = 10, 11, 12, …: a request up to twice the edge kept
        # computes twice its length, so such a curve computes about log2(N) edges, not N
        kept = 0 if edge is None else edge.size - 1
        edge = _bisect_last_rejecting_b(
            2 * kept if size <= 2 * kept else size, test, alternative, alpha
        )
        edge.setflags(write=False)
        _EDGES.pop(key, None)
        while len(_EDGES) >= _EDGES_KEPT:
            _EDGES.pop(next(iter(_EDGES)))  # the oldest
        _EDGES[key] = edge
    return edge[: size + 1]


def _rejection_bounds(
    size: int, test: str, alternative: str, alpha: float
) -> tuple[np.ndarray, np.ndarray]:
    """For m = b + c = 0 … N: the test rejects exactly when b ≤ lo[m] or b ≥ hi[m].

    ``lo[m] = −1`` where no b rejects in the lower tail, ``hi[m] = m + 1`` where none does in
    the upper one. Arguments as checked by :func:`rejection_probability` (which sums the
    binomial tails beyond these bounds) and by the planner (:mod:`evalkit.planning`), which
    computes them once for a whole curve over N.
    """
    m = np.arange(size + 1)
    if alternative == "two-sided":  # every test here is symmetric in b ↔ c
        lo = _last_rejecting_b(size, test, alternative, alpha)
        return lo, np.maximum(m - lo, lo + 1)
    if alternative == "less":
        return _last_rejecting_b(size, test, "less", alpha), m + 1
    # "greater" for b is "less" for c = m − b
    return np.full(m.shape, -1), m - _last_rejecting_b(size, test, "less", alpha)


def _bisect_last_rejecting_b(size: int, test: str, alternative: str, alpha: float) -> np.ndarray:
    """:func:`_last_rejecting_b` computed afresh."""
    m = np.arange(size + 1)
    top = m if alternative == "less" else m // 2
    left = np.full(m.shape, -1)  # invariant: b ≤ left rejects (left = −1: nothing known) …
    right = top + 1  # … and b ≥ right does not (right = top + 1: beyond the range)
    while np.any(right - left > 1):
        active = right - left > 1
        mid = np.where(active, (left + right) // 2, np.maximum(left, 0))
        rejects = _paired_pvalues(mid, m - mid, size, test, alternative) <= alpha
        left = np.where(active & rejects, mid, left)
        right = np.where(active & ~rejects, mid, right)
    return left


def rejection_probability(
    trials: int,
    p_only1: ArrayLike,
    p_only2: ArrayLike | None = None,
    level: float = 0.05,
    test: str = "mid-p",
    alternative: str = "two-sided",
) -> Any:
    """Exact probability that a paired test rejects "equally good" at ``level``.

    Each of N = ``trials`` test items independently falls into "only classifier 1 right"
    (probability p1 = ``p_only1``), "only classifier 2 right" (p2 = ``p_only2``) or "both
    right or both wrong" (1 − p1 − p2). All tests here depend on the table only through the
    discordant counts b, c and N (McNemar's forms use b and c; Günter's paired test has
    μx = (b − c)/N and E[X²] = (b + c)/N), so the probability of rejecting is a sum over the
    multinomial outcomes (b, c). It is computed as

    .. math::

       P(\\text{reject}) &= \\sum_{m=0}^{N} \\text{Bin}(m; N, p_1 + p_2)\\,
       P(b \\in R_m \\mid m), \\\\
       b \\mid m &\\sim \\text{Bin}(m, p_1/(p_1 + p_2)),

    where m = b + c and R_m, the values of b that reject given m, is a lower and an upper tail
    (given m, each test's p-value grows as b approaches m/2; the edges of the tails are found
    by bisection for all m at once), so each conditional term is two binomial tails: the sum
    over all (N + 1)(N + 2)/2 outcomes, grouped by m. N = 1000 over 100 rate pairs takes
    milliseconds. With p1 = p2 (the default ``p_only2=None``) it is the exact type-I error;
    otherwise the power (Fagerland, Lydersen & Laake 2013 compute their figures this way).

    Parameters
    ----------
    trials : int
        N, the number of test items (pairs), ≥ 1.
    p_only1, p_only2 : float or array_like
        True probabilities of the two discordant outcomes, p1 + p2 ≤ 1; arrays broadcast (a whole
        curve at once). ``p_only2`` defaults to ``p_only1`` (the null hypothesis).
    level : float
        Significance level α in (0, 1); a test rejects when its p-value is ≤ α.
    test : {"mid-p", "exact", "asymptotic", "corrected", "guenter"}
        McNemar's four forms (:func:`mcnemar`) or Günter's paired test (:func:`paired_test`,
        normal tail).
    alternative : {"two-sided", "greater", "less"}
        Two-sided (default) or one-sided ("greater": classifier 1 better); the one-sided
        McNemar forms are the sign test (exact, mid-p) and z = (±(b − c) − shift)/√(b + c).

    Returns
    -------
    float or ndarray
        P(reject), shaped like the broadcast of ``p_only1`` and ``p_only2``.

    Examples
    --------
    At N = 50 pairs and 10 % discordant items of each kind (H0 true):

    >>> round(rejection_probability(50, 0.1, test="exact"), 4)
    0.0221
    >>> round(rejection_probability(50, 0.1, test="mid-p"), 4)
    0.0413
    """
    for name, value in (("p_only2", p_only2), ("level", level)):
        if isinstance(value, str) and value in REJECTION_TESTS:
            raise TypeError(
                f"{name} must be a number; got {shown(value)}, a test: pass it by keyword, "
                f"rejection_probability(trials, p_only1, ..., test={value!r})"
            )
    size = as_count(trials, "trials", minimum=1)
    p1 = as_probabilities(p_only1, "p_only1")
    p2 = p1 if p_only2 is None else as_probabilities(p_only2, "p_only2")
    alpha = check_confidence(level, "level")
    test = check_choice(test, "test", REJECTION_TESTS)
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    p1, p2 = broadcast(p_only1=p1, p_only2=p2)
    total = p1 + p2
    if np.any(total > 1 + _RATE_SLACK):
        i = np.flatnonzero(total.reshape(-1) > 1 + _RATE_SLACK)[0]
        raise ValueError(
            "p_only1 + p_only2 must not exceed 1 (they are two of the three outcome "
            f"probabilities); got {float(p1.reshape(-1)[i])!r} + {float(p2.reshape(-1)[i])!r}"
        )
    lo, hi = _rejection_bounds(size, test, alternative, alpha)
    total = np.minimum(total, 1.0)[..., None]
    share = np.divide(p1[..., None], total, out=np.full(total.shape, 0.5), where=total > 0)
    # only the m within t = ⌈5√N⌉ + 1 of N·(p1 + p2) matter: by Hoeffding's inequality the rest
    # has probability below 2·exp(−2t²/N) < 4·10⁻²²
    t = int(np.ceil(5 * np.sqrt(size))) + 1
    length = min(size + 1, 2 * t + 1)
    start = np.clip(np.round(size * total) - t, 0, size + 1 - length).astype(np.int64)
    m = start + np.arange(length)  # (..., length)
    discordant = stats.binom.pmf(m, size, total)
    low_edge, high_edge = lo[m], hi[m]
    lower = np.where(low_edge >= 0, bdtr(np.maximum(low_edge, 0), m, share), 0.0)
    upper = np.where(high_edge <= m, bdtrc(np.clip(high_edge - 1, 0, size), m, share), 0.0)
    return to_output(np.clip(np.sum(discordant * (lower + upper), axis=-1), 0.0, 1.0))


# --------------------------------------------------------------------------------------------
# repeated experiments: sign test and Wilcoxon


SIGN_METHODS = ("exact", "mid-p")


def sign_test(
    wins: ArrayLike,
    trials: ArrayLike,
    alternative: str = "two-sided",
    method: str = "exact",
) -> TestResult:
    """The sign test over n repeated experiments (Günter 2004, §2.2, eq. 7 corrected).

    Z counts the runs in which classifier 1 did better (R1i > R2i). Under the null hypothesis
    Z ~ Bin(n, 1/2), so Günter's one-sided P_n is

    .. math:: P_n = \\sum_{i=Z}^{n} \\binom{n}{i} \\left(\\frac{1}{2}\\right)^{n}.

    Eq. 7 (and 11) print the factor as (1/2)^i, which is too large for every i < n.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size, exact; greater): minimum 0.011, median 0.030, maximum 0.049 (at n=30) over 6
    settings.
    Atlas (size, exact; two-sided): minimum 0.000, median 0.027, maximum 0.043 (at n=30) over 6
    settings.
    Atlas (size, mid-p; greater): minimum 0.029, median 0.052, maximum 0.059 (at n=50) over 6
    settings.
    Atlas (size, mid-p; two-sided): minimum 0.021, median 0.050, maximum 0.065 (at n=50) over 6
    settings.

    Parameters
    ----------
    wins : int or array_like
        Z, the runs classifier 1 won (0 ≤ wins ≤ trials).
    trials : int or array_like
        n, the runs that were not ties (≥ 0; with 0 runs the p-value is 1).
    alternative : {"two-sided", "greater", "less"}
        ``"two-sided"`` (default) is twice the smaller tail, capped at 1 (as
        ``scipy.stats.binomtest(wins, trials)``); ``"greater"`` is Günter's
        P_n = P(Bin(n, 1/2) ≥ Z); ``"less"`` is P(Bin(n, 1/2) ≤ Z).
    method : {"exact", "mid-p"}
        ``"exact"`` (default) as above; ``"mid-p"`` counts the observed Z with half its
        probability, P(W > Z) + ½P(W = Z) (Lancaster 1961), which is never larger than the
        exact p-value and much less conservative for small n. The two-sided mid-p of b out of
        b + c is McNemar's mid-p test (:func:`mcnemar`).

    Returns
    -------
    TestResult
        ``statistic`` is Z (wins), ``details`` holds ``wins`` and ``trials``.

    Examples
    --------
    >>> sign_test(4, 4, alternative="greater").pvalue   # Günter's P_n: 4 wins out of 4
    0.0625
    >>> sign_test(4, 4).pvalue                          # two-sided (the default)
    0.125
    >>> sign_test(4, 4, "greater", method="mid-p").pvalue
    0.03125
    >>> round(sign_test(15, 20, "greater").pvalue, 4)
    0.0207
    """
    if isinstance(alternative, str) and alternative in SIGN_METHODS:
        raise ValueError(
            f"alternative must be one of {_ALTERNATIVES_TEXT}; got {shown(alternative)}, a method: "
            f"pass it by keyword, sign_test(wins, trials, method={alternative!r})"
        )
    try:
        alternative = check_choice(alternative, "alternative", ALTERNATIVES)
        method = check_choice(method, "method", SIGN_METHODS)
        k = as_counts(wins, "wins")
        n = as_counts(trials, "trials")
        k, n = broadcast(wins=k, trials=n)
        check_at_most(k, n, "wins", "trials")
    except (TypeError, ValueError) as exc:
        labels_for_counts(
            exc,
            "sign_test takes counts: sign_test(wins, trials) with the number of runs classifier "
            "1 won and the number of runs without a tie, e.g. sign_test(15, 20)",
            "sign_test_from_scores(scores1, scores2) for one score per run, or "
            "evalkit.compare_classifiers(y_true, y_pred_a, y_pred_b) for labels of one test set",
            wins=wins,
            trials=trials,
            alternative=alternative,
        )
        raise
    return _sign_test_core(k, n, alternative, method)


def _sign_test_core(k: np.ndarray, n: np.ndarray, alternative: str, method: str) -> TestResult:
    """:func:`sign_test` on checked counts (0 ≤ k ≤ n, same shape)."""
    mid = method == "mid-p"
    return TestResult(
        statistic=k,
        pvalue=_binomial_half_pvalue(k, n, alternative, mid=mid),
        alternative=alternative,
        method="sign test (binomial, p = 1/2" + (", mid-p)" if mid else ")"),
        statistic_name="wins",
        details={"wins": to_output(k), "trials": to_output(n)},
    )


def sign_test_from_scores(
    scores1: ArrayLike, scores2: ArrayLike, alternative: str = "two-sided"
) -> TestResult:
    """The sign test from per-run scores of two classifiers (ties dropped and reported).

    Run i is a win for classifier 1 when ``scores1[i] > scores2[i]`` (e.g. recognition rates
    R1i > R2i, Günter 2004, §2.2), a loss when it is smaller, and a tie otherwise. Ties are
    dropped (n = wins + losses) and the result is :func:`sign_test` on (wins, n). Higher
    scores must mean better (pass accuracies, not error rates). Two scores that agree within
    R's relative tolerance, |s1 − s2| ≤ 1e-7·max(|s1|, |s2|), are a tie: rates that are equal
    on paper but were computed by different routes (0.1 + 0.2 and 0.3) differ in the last bit.

    The runs must be independent: runs on overlapping test sets (Günter's T∖{a} and T∖{b}) are
    nearly copies of each other and make the p-value far too small.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size, two-sided): minimum 0.000, median 0.025, maximum 0.043 (at runs=30, p_tie=0) over
    12 settings.

    Parameters
    ----------
    scores1, scores2 : array_like, shape (n_runs,)
        One score per run for each classifier, paired by run.
    alternative : {"two-sided", "greater", "less"}
        As in :func:`sign_test` (two-sided by default; ``"greater"``: classifier 1 better).

    Returns
    -------
    TestResult
        As :func:`sign_test`, with ``details`` ``wins``, ``losses``, ``ties`` and ``trials``
        (= wins + losses).

    Examples
    --------
    >>> r = sign_test_from_scores([0.9, 0.8, 0.7, 0.7], [0.8, 0.7, 0.6, 0.7])
    >>> r.details["wins"], r.details["ties"], r.pvalue
    (3, 1, 0.25)
    """
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    s1 = _as_scores(scores1, "scores1")
    s2 = _as_scores(scores2, "scores2")
    _same_length(s1, s2, "scores1", "scores2")
    tie = np.abs(s1 - s2) <= (_REL_TOL - 1) * np.maximum(np.abs(s1), np.abs(s2))
    wins = int(np.count_nonzero((s1 > s2) & ~tie))
    losses = int(np.count_nonzero((s1 < s2) & ~tie))
    ties = s1.size - wins - losses
    result = _sign_test_core(np.asarray(wins), np.asarray(wins + losses), alternative, "exact")
    return replace(
        result,
        method=f"sign test (binomial, p = 1/2; {ties} tie{'s' if ties != 1 else ''} dropped)",
        details={"wins": wins, "losses": losses, "ties": ties, "trials": wins + losses},
    )


def _signed_rank_exact_pvalue(ranks: np.ndarray, w_plus: float, alternative: str) -> float:
    """Exact p-value of W+ over all 2^n equally likely sign patterns of ``ranks`` (ties allowed).

    Average ranks are multiples of ½, so the doubled ranks are whole numbers and the null
    distribution of 2·W+ follows from n convolutions, each step "rank i is positive or not,
    probability ½ each": O(n · Σ ranks) operations instead of 2^n sign patterns.
    """
    doubled = np.rint(2 * ranks).astype(np.int64)
    observed = round(2 * w_plus)
    dist = np.zeros(int(doubled.sum()) + 1)
    dist[0] = 1.0
    for r in doubled:
        shifted = np.zeros_like(dist)
        shifted[r:] = dist[: dist.size - r]
        dist = 0.5 * (dist + shifted)
    upper = float(dist[observed:].sum())  # P(W+ ≥ observed)
    lower = float(dist[: observed + 1].sum())  # P(W+ ≤ observed)
    if alternative == "greater":
        return min(1.0, upper)
    if alternative == "less":
        return min(1.0, lower)
    return min(1.0, 2.0 * min(upper, lower))  # the null distribution is symmetric


def _tie_groups(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Values equal within R's relative tolerance as one value; and the size of each group.

    Sorted, a value starts a new group when it exceeds its predecessor by more than the factor
    ``1 + 1e-7`` (R's ``relErr``); every member is replaced by its group's smallest value, so
    that 18/19 − 17/19 and 19/19 − 18/19 (equal on paper, different in the last bit) tie.
    """
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    starts = np.ones(ordered.size, dtype=bool)
    starts[1:] = ordered[1:] > ordered[:-1] * _REL_TOL
    group = np.cumsum(starts) - 1
    out = np.empty_like(values)
    out[order] = ordered[starts][group]
    return out, np.bincount(group)


def _signed_rank_normal_pvalue(
    w_plus: float,
    n: int,
    zeros: int,
    tie_sizes: np.ndarray,
    alternative: str,
    correction: bool,
) -> float:
    """Normal approximation of W+ with the tie (and Pratt's zero) adjustment, as scipy does it.

    Mean n(n + 1)/4 and variance (n(n + 1)(2n + 1) − Σ(t³ − t)/2)/24 over the ``n`` ranked
    values (Lehmann 1975, §3.2); for Pratt's method the ``zeros`` smallest ranks are removed
    from both (Cureton 1967). With ``correction`` the statistic moves ½ towards the mean.
    """
    t = tie_sizes.astype(float)
    mean = n * (n + 1) / 4 - zeros * (zeros + 1) / 4
    var = n * (n + 1) * (2 * n + 1) - zeros * (zeros + 1) * (2 * zeros + 1)
    se = math.sqrt((var - np.sum(t**3 - t) / 2) / 24)
    z = (w_plus - mean) / se
    if correction:
        direction = {"greater": 1.0, "less": -1.0}.get(alternative, float(np.sign(z)))
        z -= direction * 0.5 / se
    return float(tail_pvalue(np.asarray(z), alternative, None))


WILCOXON_METHODS = ("auto", "exact", "asymptotic")
ZERO_METHODS = ("wilcox", "pratt", "zsplit")


def wilcoxon_signed_rank(
    differences: ArrayLike,
    alternative: str = "two-sided",
    *,
    method: str = "auto",
    zero_method: str = "wilcox",
    correction: bool = False,
) -> TestResult:
    """The Wilcoxon signed-rank test on paired differences (as ``scipy.stats.wilcoxon``).

    Where the sign test only counts which classifier won each run, the signed-rank test also
    uses how large the differences are: rank the |d_i| (average ranks for ties) and add the
    ranks of the positive differences, W+ = Σ_{d_i > 0} rank(|d_i|). Under the null hypothesis
    (differences symmetric about 0) each sign is + or − with probability 1/2 (Wilcoxon 1945).

    Zero differences are handled by ``zero_method``, with scipy's names and meanings:

    * ``"wilcox"`` (default, and this function's behaviour before the option existed): drop
      the zeros, then rank the rest (Wilcoxon 1945).
    * ``"pratt"``: rank all |d_i| including the zeros, then drop the zeros' ranks (Pratt 1959);
      the nonzero differences keep their higher ranks.
    * ``"zsplit"``: rank all |d_i| including the zeros and give half of each zero's rank to W+
      and half to W−. Its exact p-value equals Pratt's (the split ranks are a constant).

    |d_i| that agree within R's relative tolerance (a factor 1 + 1e-7) count as ties, so that
    differences of rates that are equal on paper but differ in the last bit of their floating
    point value (18/19 − 17/19 and 19/19 − 18/19) share one rank. A difference is zero only
    when it is exactly 0.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size, asymptotic): minimum 0.048, median 0.049, maximum 0.062 (at n=6) over 4 settings.
    Atlas (size, auto): minimum 0.031, median 0.048, maximum 0.049 (at n=10) over 4 settings.
    Atlas (size, exact): minimum 0.031, median 0.048, maximum 0.049 (at n=10) over 4 settings.

    Parameters
    ----------
    differences : array_like, shape (n_runs,)
        Per-run differences, e.g. ``scores1 − scores2``.
    alternative : {"two-sided", "greater", "less"}
        ``"greater"``: differences tend to be positive (classifier 1 better).
    method : {"auto", "exact", "asymptotic"}
        "exact": the exact null distribution of W+ over all 2^n sign patterns of the nonzero
        differences, ties included (computed by convolution, so n = 1000 takes milliseconds).
        "asymptotic": the normal approximation, mean n(n + 1)/4 and variance
        n(n + 1)(2n + 1)/24 minus the tie term Σ(t³ − t)/48 (and, for Pratt, minus the terms
        of the zeros' ranks), as ``scipy.stats.wilcoxon``. "auto" follows scipy's rule, so
        that both give the same p-value: exact for up to 50 ranked values without ties (and,
        for "pratt"/"zsplit", without zeros), or up to 13 with them; asymptotic otherwise.
        For "wilcox" the count is of the nonzero differences (scipy counts the zeros too).
        The method used is named in the result.
    zero_method : {"wilcox", "pratt", "zsplit"}
        How zero differences enter, see above.
    correction : bool
        Continuity correction of the asymptotic form: move W+ by ½ towards its mean before
        dividing by the standard deviation (scipy's ``correction=True``). Default False (no
        correction, as before this option existed); ignored by the exact method.

    Returns
    -------
    TestResult
        ``statistic`` is W+ (for every alternative; scipy reports min(W+, W−) for the two-sided
        test; with "zsplit" W+ includes half of the zeros' ranks), ``details`` holds
        ``n_nonzero``, ``zeros``, ``w_minus`` and ``zero_method``. If every difference is 0, the
        p-value is 1.

    Examples
    --------
    >>> r = wilcoxon_signed_rank([0.03, 0.01, 0.04, -0.02, 0.05, 0.06], alternative="greater")
    >>> r.statistic, round(r.pvalue, 4)
    (19.0, 0.0469)
    >>> d = [0.0, 0.03, 0.01, 0.04, -0.02, 0.05, 0.06]
    >>> round(wilcoxon_signed_rank(d, "greater", zero_method="pratt").pvalue, 4)
    0.0469
    >>> r = wilcoxon_signed_rank(d, "greater", method="asymptotic", zero_method="zsplit")
    >>> r.statistic, round(r.pvalue, 4)
    (24.5, 0.038)
    """
    if not isinstance(alternative, str) and np.ndim(alternative) > 0:
        raise TypeError(
            f"alternative must be one of {_ALTERNATIVES_TEXT}; got an array. "
            "wilcoxon_signed_rank takes the paired differences, not two samples as "
            "scipy.stats.wilcoxon(x, y) does: pass wilcoxon_signed_rank(x - y)"
        )
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    method = check_choice(method, "method", WILCOXON_METHODS)
    zero_method = check_choice(zero_method, "zero_method", ZERO_METHODS)
    correction = _check_bool(correction, "correction")
    d = _as_scores(differences, "differences")
    return _wilcoxon_core(d, alternative, method, zero_method, correction)


def _wilcoxon_core(
    d: np.ndarray, alternative: str, method: str, zero_method: str, correction: bool
) -> TestResult:
    """:func:`wilcoxon_signed_rank` on checked differences ``d`` (1-D, finite floats)."""
    is_zero = d == 0
    zeros = int(np.count_nonzero(is_zero))
    ranked = d[~is_zero] if zero_method == "wilcox" else d
    magnitudes, tie_sizes = _tie_groups(np.abs(ranked)) if ranked.size else (ranked, ranked)
    ranks = midranks(magnitudes)
    nonzero = ranked != 0
    w_plus = float(ranks[ranked > 0].sum())
    w_minus = float(ranks[ranked < 0].sum())
    if zero_method == "zsplit":
        half_zero = float(ranks[~nonzero].sum()) / 2
        w_plus, w_minus = w_plus + half_zero, w_minus + half_zero
    if not nonzero.any():
        pvalue, used = 1.0, "no nonzero differences"
    else:
        ties = bool((tie_sizes[1:] if zero_method == "pratt" and zeros else tie_sizes).max() > 1)
        special = ties or (zero_method != "wilcox" and zeros > 0)
        used = method
        if method == "auto":  # scipy's rule (scipy ≥ 1.15): see scipy.stats.wilcoxon, Notes
            used = "exact" if ranked.size <= (13 if special else 50) else "asymptotic"
        if used == "exact":
            nonzero_ranks = ranks[nonzero]
            nonzero_plus = float(ranks[ranked > 0].sum())
            pvalue = _signed_rank_exact_pvalue(nonzero_ranks, nonzero_plus, alternative)
            used = "exact permutation" if special else "exact"
        else:
            pratt_zeros = zeros if zero_method == "pratt" else 0
            ranked_ties = tie_sizes[1:] if pratt_zeros else tie_sizes
            pvalue = _signed_rank_normal_pvalue(
                w_plus, ranked.size, pratt_zeros, ranked_ties, alternative, correction
            )
            if correction:
                used += ", continuity correction"
    zero_text = {
        "wilcox": "dropped",
        "pratt": "ranked, then dropped (Pratt)",
        "zsplit": "ranked, split between W+ and W−",
    }[zero_method]
    return TestResult(
        statistic=w_plus,
        pvalue=pvalue,
        alternative=alternative,
        method=f"Wilcoxon signed-rank test ({used}; {zeros} zero difference"
        f"{'s' if zeros != 1 else ''} {zero_text})",
        statistic_name="W+",
        details={
            "n_nonzero": int(np.count_nonzero(nonzero)),
            "zeros": zeros,
            "w_minus": w_minus,
            "zero_method": zero_method,
        },
    )


# --------------------------------------------------------------------------------------------
# three or more classifiers on one test set: Cochran's Q, then pairwise McNemar with Holm


def _as_correctness_matrix(value: Any, name: str = "correct") -> np.ndarray:
    """An items × classifiers boolean matrix with at least 2 columns (booleans or 0/1)."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be an array of booleans (or 0/1); got {shown(value)}")
    try:
        arr = np.asarray(value)
    except Exception as exc:  # ragged lists
        raise TypeError(
            f"{name} must be an items × classifiers array of booleans (or 0/1); got {shown(value)}"
        ) from exc
    if arr.ndim != 2 or arr.shape[1] < 2:
        raise ValueError(
            f"{name} must be a 2-D array with one row per test item and one column per "
            f"classifier (at least 2 columns); got shape {arr.shape}"
        )
    if arr.shape[0] == 0:
        raise ValueError(f"{name} must have at least one row (test item); got shape {arr.shape}")
    return _as_correctness(arr.reshape(-1), name).reshape(arr.shape)


COCHRAN_METHODS = ("chi2", "exact", "permutation")

#: The exact enumeration of Cochran's Q gives up (and names method="permutation") when one step
#: would combine more than this many (state, row pattern) pairs: about a second of work.
COCHRAN_EXACT_MAX_WORK = 4_000_000

#: Monte-Carlo permutation draws are made in blocks of at most this many 0/1 cells (memory bound).
_COCHRAN_BLOCK_CELLS = 2_000_000


def _row_patterns(k: int, ones: int) -> np.ndarray:
    """All C(k, ones) 0/1 rows of length k with ``ones`` ones, one per line."""
    out = np.zeros((math.comb(k, ones), k), dtype=np.int64)
    for i, chosen in enumerate(itertools.combinations(range(k), ones)):
        out[i, list(chosen)] = 1
    return out


def _cochran_exact_distribution(row_totals: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """The exact null distribution of Σ_j C_j² under within-item permutation.

    Under the null hypothesis every classifier is equally likely to hold each item's ones, so
    item i's R_i ones fall on a uniformly chosen subset of size R_i of the k columns,
    independently across items (Cochran 1950, §2). The column totals are then exchangeable, so
    the distribution of the *sorted* column-total vector is carried from item to item (a
    convolution over the items, the states keyed by the sorted vector). Q is an increasing
    function of Σ_j C_j² once the row totals are fixed. Returns the distinct values of Σ_j C_j²
    (one per state; values may repeat) and their probabilities; raises OverflowError when one
    step would exceed :data:`COCHRAN_EXACT_MAX_WORK`.
    """
    base = int(row_totals.size) + 1
    if base**k >= 2**62:
        raise OverflowError
    powers = base ** np.arange(k, dtype=np.int64)
    states = np.zeros((1, k), dtype=np.int64)
    probs = np.ones(1)
    for ones in row_totals:
        patterns = _row_patterns(k, int(ones))
        if states.shape[0] * patterns.shape[0] > COCHRAN_EXACT_MAX_WORK:
            raise OverflowError
        grown = (states[:, None, :] + patterns[None, :, :]).reshape(-1, k)
        grown.sort(axis=1)
        keys, first, inverse = np.unique(grown @ powers, return_index=True, return_inverse=True)
        weights = np.repeat(probs / patterns.shape[0], patterns.shape[0])
        probs = np.bincount(inverse.reshape(-1), weights=weights, minlength=keys.size)
        states = grown[first]
    return np.sum(states**2, axis=1), probs


def _cochran_exact_tail(row_totals: np.ndarray, k: int, observed: int) -> float:
    """P(Σ_j C_j² ≥ observed) under within-item permutation, by exact enumeration."""
    squares, probs = _cochran_exact_distribution(row_totals, k)
    return min(float(probs[squares >= observed].sum()), 1.0)


def _cochran_permutation_tail(
    x: np.ndarray, observed: int, rounds: int, gen: np.random.Generator
) -> int:
    """How many of ``rounds`` within-item permutations give Σ_j C_j² ≥ observed."""
    n, k = x.shape
    row_totals = x.sum(axis=1)
    block = max(1, _COCHRAN_BLOCK_CELLS // (n * k))
    hits = 0
    done = 0
    while done < rounds:
        size = min(block, rounds - done)
        # a random order of the k columns for every item and round: item i's ones go to the
        # first R_i columns of its order (a uniformly chosen subset of size R_i)
        rank = np.argsort(gen.random((size, n, k)), axis=2).argsort(axis=2)
        columns = (rank < row_totals[None, :, None]).sum(axis=1)
        hits += int(np.count_nonzero(np.sum(columns**2, axis=1) >= observed))
        done += size
    return hits


def cochran_q(
    correct: ArrayLike,
    method: str = "chi2",
    *,
    rounds: int = 20_000,
    rng: Any = None,
) -> TestResult:
    """Cochran's Q test: are k classifiers equally accurate on the same test items?

    With the items × classifiers 0/1 matrix X (1 = item i classified correctly by classifier j),
    column totals :math:`C_j`, row totals :math:`R_i` and grand total :math:`T`, Cochran (1950,
    *The comparison of percentages in matched samples*, Biometrika 37, 256–266) gives

    .. math::

       Q = (k - 1)\\,\\frac{k \\sum_j C_j^2 - T^2}{k\\,T - \\sum_i R_i^2}.

    Only items on which the classifiers disagree ("informative" items, 0 < R_i < k) enter: a row
    of all 1s or all 0s adds the same to both sums of the denominator. With k = 2, Q is
    McNemar's uncorrected χ² (b − c)²/(b + c). Q answers only "do they all agree?"; which pairs
    differ is the follow-up's question (:func:`pairwise_mcnemar`).

    Three p-values:

    * ``"chi2"`` (default): Q referred to χ² with k − 1 degrees of freedom (Cochran 1950).
    * ``"exact"``: the exact permutation p-value, conditional on every item's row total
      (Cochran 1950, §2; Patil 1975, *Cochran's Q test: exact distribution*, JASA 70:186).
      Under "all k equally accurate" each informative item's R_i ones are equally likely to fall
      on any R_i of the k classifiers, independently across items; the p-value is the
      probability of a Q at least as large as the observed one, enumerated exactly (a
      convolution over the items of the sorted column totals). With k = 2 it is the exact
      (binomial) McNemar p-value (:func:`mcnemar` with ``method="exact"``). The enumeration is
      fast for the cases where it matters (k = 3 with 200 informative items, k = 5 with 60,
      k = 10 with 15 each take under a second); beyond :data:`COCHRAN_EXACT_MAX_WORK` it raises
      ``ValueError`` and names ``"permutation"``.
    * ``"permutation"``: the same permutation distribution sampled by Monte Carlo, ``rounds``
      random within-item permutations from ``rng`` (None, an integer seed or a Generator);
      p = (1 + hits)/(1 + rounds) (Phipson & Smyth 2010, *Permutation p-values should never be
      zero*, Stat. Appl. Genet. Mol. Biol. 9:39), with its Monte-Carlo standard error
      √(p(1 − p)/rounds) in ``details["mc_standard_error"]``.

    **Where the χ² approximation fails.** Measured exactly (no Monte-Carlo error) by
    ``benchmarks/precompute_cochran_q.py`` → ``data/cochran_q_chi2_size.csv``: the size at
    α = 0.05, conditional on the row totals, for k = 3–6 classifiers and three patterns of row
    totals (every informative item right for one classifier only; R_i = 1, 2, …, k − 1 in turn;
    R_i at random):

    ======================  ===========================  ===========================
    informative items       χ² size: min – max (median)  ``"exact"``: min – max
    ======================  ===========================  ===========================
    2–10                    0.000 – 0.111 (0.038)        0.000 – 0.049
    11–20                   0.030 – 0.072 (0.046)        0.018 – 0.050
    21–60                   0.041 – 0.054 (0.049)        0.041 – 0.050
    ======================  ===========================  ===========================

    The χ² test is liberal with few informative items, worst for k = 3 (0.111 with 3 items each
    right for one classifier, 0.074 with 4, still 0.072 with 12) and k = 4 (0.063), and with 2–4
    items it often cannot reject at all. So with fewer than about 20 informative items use
    ``method="exact"``, which never exceeds α (discrete, so it is below α at some sizes); from
    about 20 on the χ² p-value stays within 0.01 of nominal and the default keeps it.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size, chi2): minimum 0.022, median 0.040, maximum 0.047 (at classifiers=3, N=100,
    p_informative=0.1) over 8 settings.
    Atlas (size, exact): minimum 0.015, median 0.029, maximum 0.042 (at classifiers=5, N=50,
    p_informative=0.3) over 8 settings.
    Atlas (size, permutation): minimum 0.014, median 0.026, maximum 0.039 (at classifiers=5, N=50,
    p_informative=0.3, rounds=1000) over 2 settings.

    Parameters
    ----------
    correct : array_like of bool (or 0/1), shape (n_items, k)
        One row per test item, one column per classifier, k ≥ 2 (usually 3 or more).
    method : {"chi2", "exact", "permutation"}
        How the p-value is computed (see above).
    rounds : int, default 20000
        Monte-Carlo permutations (``"permutation"`` only; at least 100).
    rng : None, int or numpy.random.Generator
        Source of randomness for ``"permutation"`` (SPEC 7): None draws fresh entropy (a
        different p-value on every call, within its Monte-Carlo error), an integer seed or a
        Generator makes it reproducible. Ignored by ``"chi2"`` and ``"exact"``.

    Returns
    -------
    TestResult
        ``statistic`` = Q, ``df`` = k − 1, two-sided p-value. ``details``: ``items``,
        ``classifiers``, ``informative_items`` (rows that are not all equal) and ``accuracies``
        (per classifier); ``"permutation"`` adds ``rounds`` and ``mc_standard_error``. If no item
        is informative, Q = 0 and p = 1.

    Examples
    --------
    >>> x = [[1, 1, 0], [1, 0, 0], [1, 1, 1], [0, 0, 0], [1, 0, 1], [1, 1, 0], [1, 0, 0]]
    >>> r = cochran_q(x)
    >>> round(r.statistic, 4), r.df, round(r.pvalue, 4)
    (5.2, 2.0, 0.0743)
    >>> round(cochran_q(x, "exact").pvalue, 4)  # 30 of the 243 arrangements
    0.1235
    """
    method = check_choice(method, "method", COCHRAN_METHODS)
    x = _as_correctness_matrix(correct).astype(np.int64)
    n, k = x.shape
    columns = x.sum(axis=0)
    rows = x.sum(axis=1)
    total = int(columns.sum())
    squares = int(np.sum(columns**2))
    numerator = (k - 1) * (k * squares - total**2)
    denominator = k * total - int(np.sum(rows**2))
    q = numerator / denominator if denominator > 0 else 0.0
    informative = (rows > 0) & (rows < k)
    details: dict[str, Any] = {
        "items": n,
        "classifiers": k,
        "informative_items": int(np.count_nonzero(informative)),
        "accuracies": columns / n,
    }
    name = "Cochran's Q test"
    if method == "permutation":
        rounds = as_count(rounds, "rounds", minimum=100)
        gen = as_generator(rng, allow_none=True)
    if denominator <= 0:
        pvalue = 1.0
    elif method == "chi2":
        pvalue = float(stats.chi2.sf(q, k - 1))
    else:
        # only informative rows vary; Σ C_j² over them orders the outcomes as Q does
        part = x[informative]
        observed = int(np.sum(part.sum(axis=0) ** 2))
        if method == "exact":
            try:
                pvalue = _cochran_exact_tail(part.sum(axis=1), k, observed)
            except OverflowError:
                raise ValueError(
                    f"method='exact' would enumerate too many outcomes for {part.shape[0]} "
                    f"informative items and {k} classifiers; use method='permutation' (Monte "
                    "Carlo, rng=seed for a reproducible p-value) or method='chi2', which is close "
                    "to nominal with this "
                    "many informative items"
                ) from None
            name = "Cochran's Q test, exact permutation p-value"
        else:
            hits = _cochran_permutation_tail(part, observed, rounds, gen)
            pvalue = (1 + hits) / (1 + rounds)
            details["rounds"] = rounds
            details["mc_standard_error"] = math.sqrt(pvalue * (1 - pvalue) / rounds)
            name = "Cochran's Q test, Monte-Carlo permutation p-value"
    if method == "permutation" and denominator <= 0:  # nothing to permute: p = 1 exactly
        details.update(rounds=rounds, mc_standard_error=0.0)
    return TestResult(
        statistic=q,
        pvalue=pvalue,
        alternative="two-sided",
        method=name,
        statistic_name="Q",
        df=k - 1,
        details=details,
    )


@dataclass(frozen=True)
class PairwiseMcNemar(_PairwiseFamily):
    """All pairwise McNemar tests of k classifiers on one test set, Holm-adjusted.

    Attributes
    ----------
    names : list of str
        The k classifier names, in column order.
    pairs : list of tuple of int
        The k(k − 1)/2 pairs (i, j), i < j, in the order of the arrays below.
    only_first, only_second : ndarray of int, shape (m,)
        b (items only classifier i got right) and c (only j) of each pair.
    pvalues : ndarray, shape (m,)
        Raw two-sided McNemar p-values.
    adjusted : ndarray, shape (m,)
        Holm-adjusted p-values over the m pairs.
    reject : ndarray of bool
        ``adjusted <= alpha``.
    alpha : float
    method : str
    """

    names: list[str]
    pairs: list[tuple[int, int]]
    only_first: np.ndarray
    only_second: np.ndarray
    pvalues: np.ndarray
    adjusted: np.ndarray
    reject: np.ndarray
    alpha: float
    method: str

    def _format_p(self, pvalue: float) -> str:
        return format_pvalue(pvalue)

    def _pair_prefix(self, index: int) -> str:
        return f"b = {self.only_first[index]}, c = {self.only_second[index]}, "


def pairwise_mcnemar(
    correct: ArrayLike,
    names: Any = None,
    method: str = "mid-p",
    alpha: float = 0.05,
) -> PairwiseMcNemar:
    """McNemar's test for every pair of k classifiers, with Holm's correction.

    The usual follow-up to :func:`cochran_q`: for each pair (i, j), McNemar's test on the
    discordant counts b (only i right) and c (only j right) (:func:`mcnemar`, mid-p by default,
    the course's choice after Fagerland, Lydersen & Laake 2013), then Holm's step-down
    adjustment of the k(k − 1)/2 p-values (:func:`evalkit.adjust.holm`, also importable as
    ``evalkit.multiple.holm``), which keeps the family-wise error rate at α.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size, mid-p): minimum 0.000, median 0.033, maximum 0.042 (at classifiers=3, N=200,
    p_informative=0.3) over 8 settings.

    Parameters
    ----------
    correct : array_like of bool (or 0/1), shape (n_items, k)
        One row per test item, one column per classifier.
    names : sequence of str, optional
        Classifier names, one per column (default "C1", "C2", …).
    method : {"mid-p", "exact", "asymptotic", "corrected"}
        McNemar form, as :func:`mcnemar`.
    alpha : float, default 0.05
        Family-wise level for ``reject``.

    Returns
    -------
    PairwiseMcNemar

    Examples
    --------
    >>> x = [[1, 1, 0], [1, 0, 0], [1, 1, 1], [0, 0, 0], [1, 0, 1], [1, 1, 0], [1, 0, 0]]
    >>> res = pairwise_mcnemar(x, names=["A", "B", "C"])
    >>> res.only_first.tolist(), res.only_second.tolist()
    ([3, 4, 2], [0, 0, 1])
    >>> res.adjusted.round(4).tolist()
    [0.25, 0.1875, 0.625]
    """
    x = _as_correctness_matrix(correct)
    k = x.shape[1]
    labels = _as_names(names, k)
    method = check_choice(method, "method", MCNEMAR_METHODS)
    level = _check_alpha(alpha)
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    b = np.array([np.count_nonzero(x[:, i] & ~x[:, j]) for i, j in pairs], dtype=np.int64)
    c = np.array([np.count_nonzero(~x[:, i] & x[:, j]) for i, j in pairs], dtype=np.int64)
    raw = np.asarray(_mcnemar_core(b, c, method).pvalue, dtype=float).reshape(-1)
    adjusted = _adjust_core(raw, level, "Holm")
    return PairwiseMcNemar(
        names=labels,
        pairs=pairs,
        only_first=b,
        only_second=c,
        pvalues=raw,
        adjusted=adjusted.adjusted,
        reject=adjusted.reject,
        alpha=adjusted.alpha,
        method=f"pairwise McNemar tests ({method}), Holm-adjusted",
    )


# --------------------------------------------------------------------------------------------
# non-inferiority and equivalence on one test set (beyond the documents)

#: The tests :func:`noninferiority_test` and :func:`equivalence_test` know.
NONINFERIORITY_METHODS = ("tango",)
_PAIRED_DIFFERENCE_NAME = "difference of accuracies A − B"


def _margin_test_core(
    b: int, c: int, n: int, margin: float, level: float, equivalence: bool
) -> TestResult:
    """:func:`noninferiority_test` (or :func:`equivalence_test`) on checked counts."""
    z_lower = float(_tango_statistic(-margin, b, c, n))  # H0: R_A − R_B ≤ −δ
    p_lower = float(stats.norm.sf(z_lower))
    low, high = _tango_limits(b, c, n, 1 - 2 * level)
    interval = Interval(
        low=max(low, -1.0),
        high=min(high, 1.0),
        estimate=(b - c) / n,
        confidence=1 - 2 * level,
        method="tango-paired",
    )
    details: dict[str, Any] = {"level": level}
    if equivalence:
        z_upper = float(_tango_statistic(margin, b, c, n))  # H0: R_A − R_B ≥ δ
        p_upper = float(stats.norm.cdf(z_upper))
        statistic, pvalue = min(z_lower, -z_upper), max(p_lower, p_upper)
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
        method=f"Tango's paired score test for {what}",
        statistic_name="z",
        estimate=(b - c) / n,
        estimate_name=_PAIRED_DIFFERENCE_NAME,
        interval=interval,
        details=details,
        margin=margin,
    )


def _margin_test_arguments(
    table: Any, margin: Any, method: Any, level: Any
) -> tuple[int, int, int, float, float]:
    a, b, c, d = _as_agreement_table(table)
    delta = _check_margin(margin)
    check_choice(method, "method", NONINFERIORITY_METHODS)
    return b, c, a + b + c + d, delta, _check_one_sided_level(level)


def noninferiority_test(
    table: ArrayLike, margin: float, *, method: str = "tango", level: float = 0.025
) -> TestResult:
    """Is classifier A (new) at most ``margin`` worse than B (reference) on the same test set?

    From the agreement table ``[[a, b], [c, d]]`` of :func:`agreement_table` with A as
    classifier 1 (a = both right, b = only A right, c = only B right, d = both wrong, n items),
    the difference of accuracies is R_A − R_B = (b − c)/n. Non-inferiority means
    H1: R_A − R_B > −δ against H0: R_A − R_B ≤ −δ; the margin δ is in accuracy points
    (0.02 = two points) and is fixed before the test set is scored. The statistic is the score
    statistic of Nam (1997, *Biometrics* 53, 1422–1430) and Tango (1998, *Statistics in
    Medicine* 17, 891–908, eq. 3 and 5), derived independently by both, at δ₀ = −δ:

    (1)  z = (b − c − n·δ₀) / √(n·(2q̃ + δ₀(1 − δ₀))),   p = 1 − Φ(z),

    (2)  q̃ = (√(B² − 8n·C) − B)/(4n),  B = −b − c + (2n − b + c)·δ₀,  C = −c·δ₀(1 − δ₀),

    q̃ being the maximum-likelihood estimate of P(only B right) under the constraint
    P(only A right) − P(only B right) = δ₀ (the root of the quadratic of the constrained
    multinomial likelihood). At δ₀ = 0 it is McNemar's z. Only the discordant items b and c and
    n matter: items both classifiers get right (or wrong) add to n and so shrink the variance.
    Unlike the McNemar-type Wald test (Lu & Bean 1995), it works with b = 0 or c = 0.

    The returned interval is Tango's score interval (``difference_interval(method="tango")``) at
    confidence 1 − 2α, the inversion of the same statistic: the test rejects at level α exactly
    when its lower limit lies above −δ (a p-value exactly at α is neither). The exact
    unconditional form (Hsueh, Liu & Chen 2001; Liu et al. 2002; Berger & Sidik 2003) is not
    implemented.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``), by exact enumeration
    of every table, over n = 50 … 2000, margins 0.01 … 0.10 and shares of items right only by A
    of 0 and of half of B's errors at accuracies 0.8 … 0.99 (with the worst over 0 … 0.2): the
    size at the margin (R_A − R_B = −δ exactly) is near α = 0.025 but reaches 0.027 (n = 50,
    margin 0.05, 20 % of the items right only by A) and exceeds 0.026 at 4 of the 144 settings.
    Power at R_A = R_B with 5 % of the items right only by A and 5 % only by B: 0.56, 1.00 and
    1.00 with n = 200, 1000 and 2000 at a margin of 0.05; 0.13, 0.51 and 0.80 at 0.02.

    Atlas (size, tango): minimum 0.000, median 0.024, maximum 0.027 (at N=50, margin=0.05,
    p_only_A=0.2, p_only_B=0.25) over 144 settings.

    Parameters
    ----------
    table : array_like, shape (2, 2)
        The agreement table ``[[a, b], [c, d]]`` with A (the new classifier) as classifier 1.
    margin : float
        δ, strictly between 0 and 1, in accuracy points (0.02 = two points).
    method : {"tango"}
        The score test (1). Kept as an argument for the exact forms of a later version.
    level : float
        One-sided significance level α, strictly between 0 and 0.5 (default 0.025).

    Returns
    -------
    TestResult
        ``statistic`` z (eq. 1), ``pvalue`` (one-sided), ``estimate`` (b − c)/n, ``interval``
        (Tango's, confidence 1 − 2α), ``margin``, ``details``: ``level``.

    See Also
    --------
    equivalence_test : both directions (two one-sided tests).
    evalkit.planning.trials_paired : the number of items, with ``margin=``.

    Examples
    --------
    Tango's (1998) Table V: 44 items, 43 right by both, one right only by B; at most 10 points
    worse (α = 0.05, with the paper's 90 % interval)? Tango calls this one-sided test his
    "equivalence" test.

    >>> r = noninferiority_test([[43, 0], [1, 0]], margin=0.10, level=0.05)
    >>> round(r.statistic, 4), round(r.pvalue, 4)
    (1.7086, 0.0438)
    >>> round(r.interval.low, 3), round(r.interval.high, 3)
    (-0.096, 0.037)
    """
    b, c, n, delta, alpha = _margin_test_arguments(table, margin, method, level)
    return _margin_test_core(b, c, n, delta, alpha, equivalence=False)


def equivalence_test(
    table: ArrayLike, margin: float, *, method: str = "tango", level: float = 0.025
) -> TestResult:
    """Are classifiers A and B within ``margin`` of each other on the same test set?

    Two one-sided tests (TOST; Schuirmann 1987): the lower test of :func:`noninferiority_test`
    (H0: R_A − R_B ≤ −δ, z_L = z(−δ) of its eq. 1) and the upper test (H0: R_A − R_B ≥ δ,
    z_U = z(+δ)), each at level α; equivalence (−δ < R_A − R_B < δ) is concluded when both
    reject, so

    (3)  p = max(p_L, p_U) = max(1 − Φ(z_L), Φ(z_U)),

    and the test rejects exactly when Tango's interval at confidence 1 − 2α lies inside
    (−δ, δ). (Tango 1998 calls his one-sided test, :func:`noninferiority_test`, an
    "equivalence" test: "not more than 100δ per cent inferior"; this is the two-sided form.)

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``), by exact enumeration
    over the settings of :func:`noninferiority_test`: the size at the margin (R_A − R_B = −δ; by
    symmetry the same at +δ with A and B swapped) is at most 0.0251. Power at R_A = R_B with 5 %
    of the items right only by each: 0.14, 1.00 and 1.00 with n = 200, 1000 and 2000 at a margin
    of 0.05; 0, 0.04 and 0.60 at 0.02.

    Atlas (size, tango): minimum 0.000, median 0.008, maximum 0.025 (at N=2000, margin=0.1,
    p_only_A=0.18, p_only_B=0.28) over 144 settings.

    Parameters
    ----------
    table : array_like, shape (2, 2)
        The agreement table ``[[a, b], [c, d]]`` with A as classifier 1.
    margin : float
        δ, strictly between 0 and 1.
    method : {"tango"}
    level : float
        α of each one-sided test, strictly between 0 and 0.5 (default 0.025).

    Returns
    -------
    TestResult
        ``statistic`` min(z_L, −z_U), ``pvalue`` eq. 3, ``estimate`` (b − c)/n, ``interval``
        (confidence 1 − 2α), ``margin``, ``details``: ``level``, ``z_lower``, ``p_lower``,
        ``z_upper``, ``p_upper``.

    Examples
    --------
    Tango's Table V again: equivalent within 10 points at α = 0.05, since his 90 % interval
    −0.096 to 0.037 lies inside ±0.10:

    >>> r = equivalence_test([[43, 0], [1, 0]], margin=0.10, level=0.05)
    >>> round(r.details["p_lower"], 4), round(r.details["p_upper"], 4), round(r.pvalue, 4)
    (0.0438, 0.0072, 0.0438)
    """
    b, c, n, delta, alpha = _margin_test_arguments(table, margin, method, level)
    return _margin_test_core(b, c, n, delta, alpha, equivalence=True)


def _noninferiority_edges(
    size: Any,
    m: Any,
    margin: float,
    level: float,
    low: Any = None,
    high: Any = None,
) -> np.ndarray:
    """For n = ``size`` items of which m = b + c are discordant: the smallest b at which the
    non-inferiority test rejects (m + 1 if none); arrays broadcast.

    Given m, Tango's z(−δ) grows with b (checked against every table in the tests), so the
    rejecting b form a run edge … m, found by bisection for all (n, m) at once. ``low`` and
    ``high`` narrow the search when the caller knows that b ≤ low does not reject and b ≥ high
    does (defaults −1 and m + 1).
    """
    z_alpha = float(stats.norm.isf(level))
    size, m = np.broadcast_arrays(np.asarray(size, dtype=np.int64), np.asarray(m, dtype=np.int64))
    # invariant: b ≤ low does not reject, b ≥ high does (high = m + 1: none known)
    low = np.full(size.shape, -1) if low is None else np.broadcast_to(low, size.shape)
    high = m + 1 if high is None else np.broadcast_to(high, size.shape)
    while np.any(high - low > 1):
        mid = (low + high) // 2
        active = high - low > 1
        rejects = _tango_statistic(-margin, mid, m - mid, size) > z_alpha
        high = np.where(active & rejects, mid, high)
        low = np.where(active & ~rejects, mid, low)
    return high
