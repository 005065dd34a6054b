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
    McNemar's test on the discordant counts b, c: exact (binomial) or chi-square.
sign_test, sign_test_from_scores
    The sign test over n repeated experiments (Günter §2.2, eq. 7 with the (1/2)^n fixed).
wilcoxon_signed_rank
    The Wilcoxon signed-rank test on per-run differences (wraps scipy.stats.wilcoxon).

Günter's convention is one-sided: M1 is the classifier that did better (R1 > R2), the null
hypothesis is "equally good", and P_n = N(Z) is the upper normal tail. The tests here default to
that convention (``alternative="greater"``) except McNemar's, which is two-sided as in R's
``mcnemar.test``.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats

from evalkit._validation import (
    as_counts,
    as_probabilities,
    broadcast,
    check_at_most,
    check_choice,
    to_output,
)
from evalkit.results import TestResult

__all__ = [
    "agreement_table",
    "mcnemar",
    "paired_test",
    "paired_variance",
    "sign_test",
    "sign_test_from_scores",
    "simple_test",
    "wilcoxon_signed_rank",
]

ALTERNATIVES = ("greater", "less", "two-sided")
_RATE_SLACK = 1e-12  # rounding slack when checking R12 against R1 and R2
#: R's relative tolerance (``relErr <- 1 + 1e-7`` in fisher.test and binom.test): floating
#: values that agree within this factor are treated as equal (ties).
_REL_TOL = 1 + 1e-7


# --------------------------------------------------------------------------------------------
# private helpers


def _check_bool(value: Any, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False; got {value!r}")
    return bool(value)


def _as_correctness(value: Any, name: str) -> np.ndarray:
    """Per-item correctness as a 1-D boolean array (booleans or 0/1 accepted)."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be an array of booleans (or 0/1); got {value!r}")
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
        raise ValueError(f"{name} must hold only booleans or 0/1; got {first.item()!r}")
    return arr == 1


def _as_scores(value: Any, name: str) -> np.ndarray:
    """A 1-D, non-empty array of finite real numbers."""
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be an array of numbers; got {value!r}")
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


def _normal_or_t_pvalue(z: np.ndarray, alternative: str, df: np.ndarray | None) -> np.ndarray:
    dist = stats.norm() if df is None else stats.t(df)
    if alternative == "greater":
        return dist.sf(z)
    if alternative == "less":
        return dist.cdf(z)
    return np.minimum(1.0, 2.0 * dist.sf(np.abs(z)))


def _binomial_half_pvalue(wins: np.ndarray, trials: np.ndarray, alternative: str) -> np.ndarray:
    """Tail of Bin(trials, 1/2) at ``wins`` (exact, via the regularized incomplete beta)."""
    upper = stats.binom.sf(wins - 1, trials, 0.5)  # P(W ≥ wins)
    lower = stats.binom.cdf(wins, trials, 0.5)  # P(W ≤ wins)
    if alternative == "greater":
        return upper
    if alternative == "less":
        return lower
    # Bin(n, 1/2) is symmetric, so "at most as likely as the observed count" is twice the
    # smaller tail (capped at 1); this is what scipy.stats.binomtest and R's binom.test give.
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
    rate1: ArrayLike, rate2: ArrayLike, size: ArrayLike, *, alternative: str = "greater"
) -> TestResult:
    """Günter's simple comparison test of two recognition rates (Günter 2004, eq. 3 and 8).

    .. math:: Z = \\frac{R_1 - R_2}{\\sqrt{\\frac{1}{|T|}\\,(R_1(1-R_1) + R_2(1-R_2))}},
              \\qquad P_n = N(Z),

    where N(x) is the upper tail of the standard normal distribution. The test treats R1 and R2
    as *independent* estimates, which they are not when both classifiers ran on the same T (it
    ignores the pairing, see :func:`paired_test`).

    Parameters
    ----------
    rate1, rate2 : float or array_like in [0, 1]
        Recognition rates R1 = E1/|T| and R2 = E2/|T|.
    size : int or array_like
        The test-set size |T| (≥ 1).
    alternative : {"greater", "less", "two-sided"}
        ``"greater"`` (default) is Günter's one-sided P_n = N(Z): "classifier 1 is better".

    Returns
    -------
    TestResult
        ``statistic`` is Z, ``pvalue`` is P_n, ``estimate`` is R1 − R2 and
        ``details["standard_error"]`` the denominator of Z. When the denominator is 0 (both rates
        are 0 or 1), Z is 0 if R1 = R2 and ±inf otherwise.

    Examples
    --------
    >>> r = simple_test(2 / 3, 1 / 3, 64)    # Günter's example: Z = 4
    >>> round(r.statistic, 4), round(r.pvalue * 100, 5)
    (4.0, 0.00317)
    """
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    r1, r2, n = _check_rates(rate1, rate2, size)
    standard_error = np.sqrt((r1 * (1 - r1) + r2 * (1 - r2)) / n)
    z = _ratio(r1 - r2, standard_error)
    return TestResult(
        statistic=z,
        pvalue=_normal_or_t_pvalue(z, alternative, None),
        alternative=alternative,
        method="Günter's simple test (eq. 3, independent rates)",
        statistic_name="Z",
        estimate=r1 - r2,
        details={"standard_error": to_output(standard_error)},
    )


def paired_variance(rate1: ArrayLike, rate2: ArrayLike, joint_rate: ArrayLike) -> Any:
    """The variance σx of Günter's paired variable X(t) ∈ {−1, 0, 1} (Günter 2004, eq. 6).

    X(t) = 1 when only classifier 1 is right on item t, −1 when only classifier 2 is, 0 when
    both are right or both wrong (eq. 4). With the fractions R1 − R12 (X = 1), R2 − R12 (X = −1)
    and 1 + 2·R12 − R1 − R2 (X = 0), and the mean μx = R1 − R2,

    .. math:: σ_x = (R_1 - R_{12})(1 - R_1 + R_2)^2 + (R_2 - R_{12})(1 + R_1 - R_2)^2
                   + (1 + 2R_{12} - R_1 - R_2)(R_1 - R_2)^2,

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
    mean = r1 - r2
    variance = (
        (r1 - r12) * (1 - r1 + r2) ** 2  # X = +1, distance 1 − μx
        + (r2 - r12) * (1 + r1 - r2) ** 2  # X = −1, distance 1 + μx
        + (1 + 2 * r12 - r1 - r2) * mean**2  # X = 0, distance μx
    )
    return to_output(np.maximum(variance, 0.0))  # rounding can give −1e-17


def paired_test(
    rate1: ArrayLike,
    rate2: ArrayLike,
    joint_rate: ArrayLike,
    size: ArrayLike,
    tail: str = "normal",
    *,
    alternative: str = "greater",
) -> TestResult:
    """Günter's paired ("advanced") comparison test (Günter 2004, eq. 4–6 and 9–10).

    .. math:: Z = \\frac{μ_x}{\\sqrt{σ_x / |T|}}, \\qquad μ_x = R_1 - R_2, \\qquad P_n = N(Z),

    with σx from eq. 6 (:func:`paired_variance`). Because X is computed item by item, the
    correlation between the two classifiers is taken into account: when they agree on most
    items, σx is small and a modest R1 − R2 is significant.

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
    alternative : {"greater", "less", "two-sided"}
        ``"greater"`` (default) is Günter's one-sided test "classifier 1 is better".

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
    >>> r = paired_test(0.6, 0.5, 0.5, 100)    # Günter's example, rates in the right order
    >>> round(r.statistic, 4), round(r.details["sigma_x"], 4), round(100 * r.pvalue, 4)
    (3.3333, 0.09, 0.0429)
    >>> round(100 * paired_test(0.6, 0.5, 0.5, 100, tail="t").pvalue, 4)
    0.0604
    """
    tail = check_choice(tail, "tail", ("normal", "t"))
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    r1, r2, n = _check_rates(rate1, rate2, size)
    r1, r2, r12 = _check_joint(r1, r2, joint_rate)
    r1, r2, r12, n = np.broadcast_arrays(r1, r2, r12, n)
    if tail == "t" and (n < 2).any():
        raise ValueError(f"size must be ≥ 2 for tail='t' (df = size − 1); got {int(n.min())}")
    mean = r1 - r2
    variance = np.asarray(paired_variance(r1, r2, r12))
    z = _ratio(mean, np.sqrt(variance / n))
    df = None if tail == "normal" else n - 1
    method = "Günter's paired test (eq. 4–6, " + (
        "normal tail)" if tail == "normal" else "Student t tail, df = |T| − 1)"
    )
    return TestResult(
        statistic=z,
        pvalue=_normal_or_t_pvalue(z, alternative, df),
        alternative=alternative,
        method=method,
        statistic_name="Z",
        df=df,
        estimate=mean,
        details={"mu_x": to_output(mean), "sigma_x": to_output(variance)},
    )


# --------------------------------------------------------------------------------------------
# McNemar


def mcnemar(
    only1: ArrayLike, only2: ArrayLike, exact: bool = True, correction: bool = True
) -> TestResult:
    """McNemar's test of "equally good" from the discordant counts b and c (two-sided).

    Under the null hypothesis each of the b + c items on which exactly one classifier is right
    is equally likely to go either way, so b ~ Bin(b + c, 1/2); the concordant items (both right
    or both wrong) carry no information and are ignored.

    * exact (default): p = min(1, 2·P(Bin(b + c, 1/2) ≤ min(b, c))), the two-sided binomial test
      on the discordant pairs (as ``scipy.stats.binomtest(b, b + c)``).
    * asymptotic: χ² = (|b − c| − 1)² / (b + c) with ``correction=True`` (Edwards' continuity
      correction), (b − c)² / (b + c) without, against χ² with 1 degree of freedom — exactly
      the formula of R's ``mcnemar.test`` (which also gives 1/(b + c), not 0, when b = c).

    Parameters
    ----------
    only1 : int or array_like
        b, the number of items only classifier 1 gets right (``agreement_table(...)[0, 1]``).
    only2 : int or array_like
        c, the number of items only classifier 2 gets right (``agreement_table(...)[1, 0]``).
    exact : bool
        Binomial test (True, default) or chi-square approximation (False).
    correction : bool
        Continuity correction of the chi-square form (ignored when ``exact=True``).

    Returns
    -------
    TestResult
        Exact: ``statistic`` is b (``statistic_name="b"``). Asymptotic: ``statistic`` is χ²
        with ``df=1``. ``details`` holds ``only1``, ``only2`` and ``discordant`` = b + c. With
        b + c = 0 the p-value is 1 (and χ² is 0).

    Examples
    --------
    >>> round(mcnemar(10, 0).pvalue, 6)           # 2·(1/2)^10
    0.001953
    >>> r = mcnemar(10, 0, exact=False)
    >>> round(r.statistic, 4), round(r.pvalue, 6)
    (8.1, 0.004427)
    """
    b = as_counts(only1, "only1")
    c = as_counts(only2, "only2")
    exact = _check_bool(exact, "exact")
    correction = _check_bool(correction, "correction")
    b, c = broadcast(only1=b, only2=c)
    discordant = b + c
    details = {"only1": to_output(b), "only2": to_output(c), "discordant": to_output(discordant)}
    if exact:
        pvalue = _binomial_half_pvalue(b, discordant, "two-sided")
        return TestResult(
            statistic=b,
            pvalue=pvalue,
            alternative="two-sided",
            method="McNemar's exact test (binomial on the discordant pairs)",
            statistic_name="b",
            details=details,
        )
    shift = 1.0 if correction else 0.0
    numerator = (np.abs(b - c) - shift) ** 2
    chi2 = np.where(discordant > 0, _ratio(numerator, np.maximum(discordant, 1)), 0.0)
    method = "McNemar's chi-square test" + (
        " with continuity correction" if correction else " (no continuity correction)"
    )
    return TestResult(
        statistic=chi2,
        pvalue=stats.chi2.sf(chi2, 1),
        alternative="two-sided",
        method=method,
        statistic_name="chi2",
        df=1,
        details=details,
    )


# --------------------------------------------------------------------------------------------
# repeated experiments: sign test and Wilcoxon


def sign_test(wins: ArrayLike, trials: ArrayLike, alternative: str = "greater") -> TestResult:
    """The sign test over n repeated experiments (Günter 2004, §2.2, eq. 7 corrected).

    Z counts the runs in which classifier 1 did better (R1i > R2i). Under the null hypothesis
    Z ~ Bin(n, 1/2), so Günter's one-sided P_n is

    .. math:: P_n = \\sum_{i=Z}^{n} \\binom{n}{i} \\left(\\frac{1}{2}\\right)^{n}.

    Eq. 7 (and 11) print the factor as (1/2)^i, which is too large for every i < n.

    Parameters
    ----------
    wins : int or array_like
        Z, the runs classifier 1 won (0 ≤ wins ≤ trials).
    trials : int or array_like
        n, the runs that were not ties (≥ 0; with 0 runs the p-value is 1).
    alternative : {"greater", "less", "two-sided"}
        ``"greater"`` (default) is Günter's P_n = P(Bin(n, 1/2) ≥ Z); ``"less"`` is
        P(Bin(n, 1/2) ≤ Z); ``"two-sided"`` is twice the smaller tail, capped at 1 (as
        ``scipy.stats.binomtest``).

    Returns
    -------
    TestResult
        ``statistic`` is Z (wins), ``details`` holds ``wins`` and ``trials``.

    Examples
    --------
    >>> sign_test(4, 4).pvalue          # Günter's example: 4 wins out of 4
    0.0625
    >>> round(sign_test(15, 20).pvalue, 4)
    0.0207
    """
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    k = as_counts(wins, "wins")
    n = as_counts(trials, "trials")
    k, n = broadcast(wins=k, trials=n)
    check_at_most(k, n, "wins", "trials")
    return TestResult(
        statistic=k,
        pvalue=_binomial_half_pvalue(k, n, alternative),
        alternative=alternative,
        method="sign test (binomial, p = 1/2)",
        statistic_name="wins",
        details={"wins": to_output(k), "trials": to_output(n)},
    )


def sign_test_from_scores(
    scores1: ArrayLike, scores2: ArrayLike, alternative: str = "greater"
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

    Parameters
    ----------
    scores1, scores2 : array_like, shape (n_runs,)
        One score per run for each classifier, paired by run.
    alternative : {"greater", "less", "two-sided"}
        As in :func:`sign_test`.

    Returns
    -------
    TestResult
        As :func:`sign_test`, with ``details`` ``wins``, ``losses``, ``ties`` and ``trials``
        (= wins + losses).

    Examples
    --------
    >>> r = sign_test_from_scores([0.9, 0.8, 0.7, 0.7], [0.8, 0.7, 0.6, 0.7])
    >>> r.details["wins"], r.details["ties"], r.pvalue
    (3, 1, 0.125)
    """
    s1 = _as_scores(scores1, "scores1")
    s2 = _as_scores(scores2, "scores2")
    _same_length(s1, s2, "scores1", "scores2")
    tie = np.abs(s1 - s2) <= (_REL_TOL - 1) * np.maximum(np.abs(s1), np.abs(s2))
    wins = int(np.count_nonzero((s1 > s2) & ~tie))
    losses = int(np.count_nonzero((s1 < s2) & ~tie))
    ties = s1.size - wins - losses
    result = sign_test(wins, wins + losses, alternative)
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
    return float(_normal_or_t_pvalue(np.asarray(z), alternative, None))


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
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    method = check_choice(method, "method", ("auto", "exact", "asymptotic"))
    zero_method = check_choice(zero_method, "zero_method", ("wilcox", "pratt", "zsplit"))
    correction = _check_bool(correction, "correction")
    d = _as_scores(differences, "differences")
    is_zero = d == 0
    zeros = int(np.count_nonzero(is_zero))
    ranked = d[~is_zero] if zero_method == "wilcox" else d
    magnitudes, tie_sizes = _tie_groups(np.abs(ranked)) if ranked.size else (ranked, ranked)
    ranks = stats.rankdata(magnitudes)
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
