"""Confidence intervals for a recognition rate (accuracy): exact, normal-approximation and Bayesian.

A classifier gets ``n`` of ``K`` test items right. What range of true rates ``x`` is compatible
with that? This module gives the interval methods the course compares, each as a function
``method(successes, trials, confidence=0.95) -> Interval``, vectorized over arrays of counts:

* :func:`clopper_pearson` – the exact interval from the two binomial tails (Wolff 2014, §3.1,
  eq. 17–18);
* :func:`mid_p` – Lancaster's mid-p interval: the same tails with only half the probability of the
  observed count (less conservative than Clopper–Pearson, coverage near nominal on average);
* :func:`wald` – the textbook normal approximation ``x̂ ± z·√(x̂(1 − x̂)/K)``;
* :func:`normal_rule` – Wolff's rule of thumb ``x̂ ± 2·s/√K`` with ``s`` from eq. 19 (eq. 20);
* :func:`wilson` – the score interval, Tan, Steinbach & Kumar eq. 4.13 (optionally with
  Newcombe's continuity correction);
* :func:`agresti_coull` – "add z²/2 successes and z²/2 failures, then Wald";
* :func:`jeffreys` – equal-tailed interval of the Beta(n + ½, K − n + ½) posterior;
* :func:`bayes_uniform` – equal-tailed interval of Wolff's eq. 28, the Beta(n + 1, K − n + 1)
  posterior under a uniform prior.

:func:`binomial_test` tests the rate against a baseline ``p₀`` (exact or mid-p, as
``scipy.stats.binomtest``) and returns the matching interval with the p-value.

:func:`interval` dispatches by name (see :data:`METHODS`), :func:`coverage` and
:func:`expected_width` give the exact frequentist behaviour of a method for a true rate ``p``
(Brown, Cai & DasGupta 2001), and :func:`trials_for_halfwidth` answers "how many test items do I
need for a given half-width?".

Every interval's ``estimate`` is the empirical rate ``x̂ = n/K`` (Wolff eq. 16). All limits are
clipped to [0, 1]; for the normal approximations (Wald, normal rule, Agresti–Coull) this is a
choice made here (their formulas can leave [0, 1]); the others stay inside by construction.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy.special import bdtr, betainc, betaincinv, gammaln, ndtri

from evalkit._validation import (
    as_counts,
    as_probabilities,
    broadcast,
    check_choice,
    check_confidence,
    check_successes_trials,
    shown,
    to_output,
)
from evalkit.distributions import _log_binomial_pmf
from evalkit.results import Interval, TestResult

__all__ = [
    "ALTERNATIVES",
    "METHODS",
    "TEST_METHODS",
    "Interval",  # re-exported from evalkit.results
    "agresti_coull",
    "bayes_uniform",
    "binomial_test",
    "clopper_pearson",
    "coverage",
    "expected_width",
    "interval",
    "jeffreys",
    "mid_p",
    "normal_rule",
    "trials_for_halfwidth",
    "wald",
    "wilson",
]

#: The method names :func:`interval`, :func:`coverage`, :func:`expected_width` and
#: :func:`trials_for_halfwidth` accept.
METHODS = (
    "clopper-pearson",
    "mid-p",
    "wald",
    "normal-rule",
    "wilson",
    "wilson-cc",
    "agresti-coull",
    "jeffreys",
    "bayes-uniform",
)

_Z95 = float(ndtri(0.975))  # 1.959963984540054


def _z(confidence: float) -> float:
    """Two-sided standard normal quantile z_{α/2} = Φ⁻¹(1 − α/2) for 1 − α = ``confidence``."""
    return float(ndtri(0.5 + 0.5 * confidence))


# ----------------------------------------------------------------------------------------------
# argument checks that say which argument a positional slip hit


def _ordinal(position: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(position, f"{position}th")


def _check_option(
    value: Any,
    name: str,
    allowed: tuple[str, ...],
    *,
    position: int | None = None,
    confidence: bool = False,
    **others: tuple[str, ...],
) -> str:
    """``check_choice``, and when the value belongs to another argument, say which.

    A positional call that slips one place (``binomial_test(47, 50, 0.9, 0.95)``) lands a value
    in the wrong parameter; the message names the parameter that got it (and its position) and
    the argument the value looks like: ``confidence`` for a number in (0, 1) when the function
    has one, or another option's parameter (``others``) when the value is one of its choices. A
    misspelt choice (a string that is no one's) gets the plain message.
    """
    try:
        return check_choice(value, name, allowed)
    except ValueError as exc:
        hints = []
        is_number = isinstance(value, (int, float, np.number)) and not isinstance(value, bool)
        if confidence and is_number and 0 < float(value) < 1:
            hints.append(f"a confidence level goes in confidence={value!r}")
        for other, choices in others.items():
            if isinstance(value, str) and value in choices:
                hints.append(f"{value!r} is a choice of {other}: pass {other}={value!r}")
        if position is not None and (hints or not isinstance(value, str)):
            hints.insert(0, f"{name} is the {_ordinal(position)} argument")
        if not hints:  # a misspelt choice: the list of choices says it all
            raise
        raise ValueError(f"{exc} ({'; '.join(hints)})") from None


def _check_level(value: Any, name: str = "confidence", **others: tuple[str, ...]) -> float:
    """``check_confidence``, and when a string for another argument landed here, say which."""
    if isinstance(value, str):
        for other, choices in others.items():
            if value in choices:
                raise TypeError(
                    f"{name} must be a number strictly between 0 and 1; got {shown(value)} "
                    f"({value!r} is a choice of {other}: pass {other}={value!r})"
                )
    return check_confidence(value, name)


# ----------------------------------------------------------------------------------------------
# The formulas, on float arrays of successes n and trials K (already validated). They also accept
# a fractional n, which trials_for_halfwidth uses to ask "what if the rate were exactly r?".


def _clopper_pearson_limits(n: np.ndarray, k: np.ndarray, confidence: float):
    # Wolff eq. 17: x_u = 1 − Q_Beta(1 − α/2; K − n + 1, n)
    # Wolff eq. 18: x_o = 1 − Q_Beta(α/2; K − n, n + 1)
    # If X ~ Beta(a, b) then 1 − X ~ Beta(b, a), so equivalently
    #     x_u = Q_Beta(α/2; n, K − n + 1),   x_o = Q_Beta(1 − α/2; n + 1, K − n),
    # the form used here: it keeps full precision when x_u is tiny or x_o is close to 1.
    # The quantiles are evaluated only where they are needed (0 < n for x_u, n < K for x_o):
    # x_u = 0 at n = 0 and x_o = 1 at n = K, and a test set that is all right or all wrong is
    # common in a batch (14 % of the benchmark's million pairs).
    alpha = 1.0 - confidence
    n, k = np.broadcast_arrays(np.asarray(n, dtype=float), np.asarray(k, dtype=float))
    low, high = np.zeros(n.shape), np.ones(n.shape)
    some, short = n > 0, n < k
    low[some] = betaincinv(n[some], k[some] - n[some] + 1, alpha / 2)
    high[short] = betaincinv(n[short] + 1, k[short] - n[short], 1 - alpha / 2)
    return low, high


def _mid_p_tail(p: np.ndarray, n: np.ndarray, k: np.ndarray) -> np.ndarray:
    """P(X > n) + ½·P(X = n) for X ~ Bin(K, p), i.e. ½·(P(X ≥ n) + P(X ≥ n + 1)).

    Both tails are regularized incomplete beta functions (Wolff eq. 15): P(X ≥ n) = I_p(n,
    K − n + 1), so the expression is smooth and increasing in p, and defined for a fractional n
    too (as :func:`trials_for_halfwidth` needs); P(X ≥ K + 1) = 0.
    """
    at_least_n = betainc(n, k - n + 1, p)
    above = k - n > 0
    more = betainc(n + 1, np.where(above, k - n, 1.0), p)
    return 0.5 * (at_least_n + np.where(above, more, 0.0))


def _chandrupatla(
    func: Callable[..., np.ndarray],
    left: np.ndarray,
    right: np.ndarray,
    args: tuple[np.ndarray, ...],
    xrtol: float = 4 * np.finfo(float).eps,
) -> np.ndarray:
    """Roots of ``func(x, *args)`` in the brackets ``[left, right]`` (1-D), elementwise.

    Chandrupatla's (1997) hybrid of inverse quadratic interpolation and bisection, step for step
    as :func:`scipy.optimize.elementwise.find_root` does it with the tolerances ``xrtol``,
    ``xatol = fatol = 0`` (so the roots are the same to the last bit), without that function's
    fixed cost of about a millisecond per iteration: a root far below its bracket's right end
    (a tiny fractional n in :func:`trials_for_halfwidth`) can take hundreds of iterations. An
    element stops when ``func`` is 0, when ``|x₂ − x₁| < xrtol·|x|``, or (NaN) when its bracket
    has no sign change or is not finite.
    """
    x1, x2 = np.array(left, dtype=float), np.array(right, dtype=float)
    f1, f2 = np.asarray(func(x1, *args), dtype=float), np.asarray(func(x2, *args), dtype=float)
    x3 = f3 = None
    t: Any = 0.5
    roots = np.full(x1.shape, np.nan)
    active = np.arange(x1.size)
    info = np.finfo(float)
    max_iterations = math.log2(info.max) - math.log2(info.smallest_normal)
    iterations = 0
    with np.errstate(all="ignore"):
        while True:
            # termination: the bracket end with the smaller |f| is the root
            smaller = np.abs(f1) < np.abs(f2)
            xmin = np.where(smaller, x1, x2)
            fmin = np.where(smaller, f1, f2)
            stop = np.abs(fmin) <= 0.0
            failed = ((np.sign(f1) == np.sign(f2)) | ~(np.isfinite(x1) & np.isfinite(x2))) & ~stop
            failed |= np.isnan(f1) & np.isnan(f2) & ~stop
            xmin[failed] = np.nan
            stop |= failed
            dx = np.abs(x2 - x1)
            tol = np.abs(xmin) * xrtol
            stop |= dx < tol
            if stop.any():
                roots[active[stop]] = xmin[stop]
                go = ~stop
                active, args = active[go], tuple(a[go] for a in args)
                x1, x2, f1, f2, dx, tol = x1[go], x2[go], f1[go], f2[go], dx[go], tol[go]
                xmin = xmin[go]
                if x3 is not None:
                    x3, f3 = x3[go], f3[go]
                if np.ndim(t):
                    t = t[go]
            if active.size == 0:
                break
            if iterations > 0:
                # the next point: inverse quadratic interpolation where it is safe, else bisection
                xi1 = (x1 - x2) / (x3 - x2)
                phi1 = (f1 - f2) / (f3 - f2)
                alpha = (x3 - x1) / (x2 - x1)
                j = ((1 - np.sqrt(1 - xi1)) < phi1) & (phi1 < np.sqrt(xi1))
                f1j, f2j, f3j, alphaj = f1[j], f2[j], f3[j], alpha[j]
                t = np.full_like(alpha, 0.5)
                first = f1j / (f1j - f2j) * f3j / (f3j - f2j)
                t[j] = first - alphaj * f1j / (f3j - f1j) * f2j / (f2j - f3j)
                tl = 0.5 * tol / dx
                t = np.clip(t, tl, 1 - tl)
            if iterations >= max_iterations:
                roots[active] = xmin
                break
            x = x1 + t * (x2 - x1)
            f = np.asarray(func(x, *args), dtype=float)
            x3, f3 = x2.copy(), f2.copy()
            same = np.sign(f) == np.sign(f1)
            x3[same], f3[same] = x1[same], f1[same]
            x2[~same], f2[~same] = x1[~same], f1[~same]
            x1, f1 = x, f
            iterations += 1
    return roots


def _mid_p_lower(n: np.ndarray, k: np.ndarray, alpha: float) -> np.ndarray:
    """The p solving P(X > n) + ½P(X = n) = α/2 (0 where n = 0), by bracketed root finding.

    The root lies between the Clopper–Pearson lower limits for n and n + 1 (where P(X ≥ n) and
    P(X ≥ n + 1) reach α/2), so that bracket is always valid; Chandrupatla's method
    (:func:`_chandrupatla`) solves all limits at once.
    """
    n, k = np.broadcast_arrays(n, k)
    low = np.zeros(n.shape)
    solve = n > 0
    if solve.any():
        ns, ks = n[solve], k[solve]
        left = betaincinv(ns, ks - ns + 1, alpha / 2)
        below = ks - ns > 0
        right = np.where(below, betaincinv(ns + 1, np.where(below, ks - ns, 1.0), alpha / 2), 1.0)
        # For a tiny fractional n (trials_for_halfwidth) the root can lie below the smallest
        # double, where betaincinv stops: then the bracket's left end is already the answer.
        inside = _mid_p_tail(left, ns, ks) < alpha / 2
        limit = left.copy()
        if inside.any():
            limit[inside] = _chandrupatla(
                lambda p, n_, k_: _mid_p_tail(p, n_, k_) - alpha / 2,
                left[inside],
                right[inside],
                (ns[inside], ks[inside]),
            )
        low[solve] = limit
    return low


def _mid_p_limits(n: np.ndarray, k: np.ndarray, confidence: float):
    # Lancaster (1961) mid-p; Berry & Armitage (1995): lower limit solves
    #   P(X > n) + ½·P(X = n) = α/2, the upper limit P(X < n) + ½·P(X = n) = α/2,
    # and by the symmetry X ↔ K − X, p ↔ 1 − p the upper limit is 1 − lower(K − n).
    # Both limits are solved in one call of the root finder (its iterations have a fixed cost;
    # each element's iterations are independent of the others').
    alpha = 1.0 - confidence
    n, k = np.broadcast_arrays(n, k)
    both = _mid_p_lower(np.stack([n, k - n]), np.stack([k, k]), alpha)
    return both[0, ...], 1.0 - both[1, ...]


def _wald_limits(n: np.ndarray, k: np.ndarray, confidence: float):
    rate = n / k
    half = _z(confidence) * np.sqrt(rate * (1 - rate) / k)
    return rate - half, rate + half


def _normal_rule_multiplier(confidence: float) -> float:
    # Wolff's "2" is z_{0.975} = 1.96 rounded up; other levels keep the same ratio 2/1.96.
    return 2.0 * _z(confidence) / _Z95


def _normal_rule_limits(n: np.ndarray, k: np.ndarray, confidence: float):
    rate = n / k
    # Wolff eq. 19: s = √(K/(K − 1) · (x̂ − x̂²)), the sample standard deviation of the 0/1 results
    s = np.sqrt(k / (k - 1) * (rate - rate**2))
    # Wolff eq. 20: c95 ≈ 2·s/√K = 2·√((x̂ − x̂²)/(K − 1))
    half = _normal_rule_multiplier(confidence) * s / np.sqrt(k)
    return rate - half, rate + half


def _wilson_limits(n: np.ndarray, k: np.ndarray, confidence: float):
    # Tan, Steinbach & Kumar eq. 4.13 with acc = n/K:
    #   (2·K·acc + z² ± z·√(z² + 4·K·acc − 4·K·acc²)) / (2·(K + z²))
    z = _z(confidence)
    acc = n / k
    denom = 2 * (k + z**2)
    center = (2 * k * acc + z**2) / denom
    half = z * np.sqrt(z**2 + 4 * k * acc - 4 * k * acc**2) / denom
    # at n = 0 and n = N the formula gives 0 and 1 up to rounding; make them exact
    return np.where(n > 0, center - half, 0.0), np.where(n < k, center + half, 1.0)


def _wilson_cc_limits(n: np.ndarray, k: np.ndarray, confidence: float):
    # Newcombe (1998), method 4 (the same formulas as scipy's proportion_ci("wilsoncc")):
    #   L = (2Kx̂ + z² − 1 − z·√(z² − 2 − 1/K + 4x̂(K(1 − x̂) + 1))) / (2(K + z²)), L = 0 if n = 0
    #   U = (2Kx̂ + z² + 1 + z·√(z² + 2 − 1/K + 4x̂(K(1 − x̂) − 1))) / (2(K + z²)), U = 1 if n = K
    # The square roots' arguments can turn negative at low confidence levels; they are clipped
    # at 0 there.
    z = _z(confidence)
    rate = n / k
    denom = 2 * (k + z**2)
    center = (2 * k * rate + z**2) / denom
    arg_low = np.maximum(z**2 - 2 - 1 / k + 4 * rate * (k * (1 - rate) + 1), 0.0)
    arg_high = np.maximum(z**2 + 2 - 1 / k + 4 * rate * (k * (1 - rate) - 1), 0.0)
    low = center - (1 + z * np.sqrt(arg_low)) / denom
    high = center + (1 + z * np.sqrt(arg_high)) / denom
    return np.where(n > 0, low, 0.0), np.where(n < k, high, 1.0)


def _agresti_coull_limits(n: np.ndarray, k: np.ndarray, confidence: float):
    # Agresti & Coull (1998): K̃ = K + z², p̃ = (n + z²/2)/K̃, interval p̃ ± z·√(p̃(1 − p̃)/K̃)
    z = _z(confidence)
    k_tilde = k + z**2
    p_tilde = (n + z**2 / 2) / k_tilde
    half = z * np.sqrt(p_tilde * (1 - p_tilde) / k_tilde)
    return p_tilde - half, p_tilde + half


def _beta_posterior_limits(n: np.ndarray, k: np.ndarray, confidence: float, prior: float):
    # Equal-tailed interval of the posterior Beta(n + prior, K − n + prior); by the convention
    # of Brown, Cai & DasGupta (2001) the lower limit is 0 when n = 0 and the upper 1 when n = K.
    alpha = 1.0 - confidence
    low = betaincinv(n + prior, k - n + prior, alpha / 2)
    high = betaincinv(n + prior, k - n + prior, 1 - alpha / 2)
    return np.where(n > 0, low, 0.0), np.where(n < k, high, 1.0)


def _jeffreys_limits(n, k, confidence):
    return _beta_posterior_limits(n, k, confidence, 0.5)


def _bayes_uniform_limits(n, k, confidence):
    return _beta_posterior_limits(n, k, confidence, 1.0)


_LIMITS: dict[str, Callable[[np.ndarray, np.ndarray, float], tuple[Any, Any]]] = {
    "clopper-pearson": _clopper_pearson_limits,
    "mid-p": _mid_p_limits,
    "wald": _wald_limits,
    "normal-rule": _normal_rule_limits,
    "wilson": _wilson_limits,
    "wilson-cc": _wilson_cc_limits,
    "agresti-coull": _agresti_coull_limits,
    "jeffreys": _jeffreys_limits,
    "bayes-uniform": _bayes_uniform_limits,
}


def _limits(method: str, n: np.ndarray, k: np.ndarray, confidence: float):
    """Limits of ``method`` as float arrays, clipped to [0, 1]."""
    n = np.asarray(n, dtype=float)
    k = np.asarray(k, dtype=float)
    low, high = _LIMITS[method](n, k, confidence)
    return np.clip(low, 0.0, 1.0), np.clip(high, 0.0, 1.0)


def _make(method: str, successes: ArrayLike, trials: ArrayLike, confidence: float) -> Interval:
    # the public function of the method, named if labels came in the counts' places
    n, k = check_successes_trials(successes, trials, method.removesuffix("-cc").replace("-", "_"))
    confidence = check_confidence(confidence)
    if method == "normal-rule" and (k < 2).any():
        raise ValueError(
            "trials must be at least 2 for the normal rule (its sample standard deviation, Wolff "
            f"eq. 19, divides by K − 1); got {int(k.min())}"
        )
    low, high = _limits(method, n, k, confidence)
    return Interval(low=low, high=high, estimate=n / k, confidence=confidence, method=method)


# ----------------------------------------------------------------------------------------------
# public interval functions


def clopper_pearson(successes: ArrayLike, trials: ArrayLike, confidence: float = 0.95) -> Interval:
    """Exact (Clopper–Pearson) confidence interval for a rate, Wolff (2014), §3.1, eq. 17–18.

    The lower limit ``x_u`` is the smallest true rate for which ``n`` or more successes still have
    probability ``α/2``; the upper limit ``x_o`` the largest for which ``n`` or fewer have
    probability ``α/2`` (``1 − α = confidence``). Through the link between binomial and beta
    distribution (Wolff eq. 15) they are beta quantiles:

    ``x_u = 1 − Q_Beta(1 − α/2; K − n + 1, n)`` (eq. 17),
    ``x_o = 1 − Q_Beta(α/2; K − n, n + 1)`` (eq. 18),

    computed as the equivalent ``Q_Beta(α/2; n, K − n + 1)`` and ``Q_Beta(1 − α/2; n + 1, K − n)``
    with :func:`scipy.special.betaincinv`. ``x_u = 0`` for ``n = 0`` and ``x_o = 1`` for
    ``n = K``. Its coverage is never below ``confidence``.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage): minimum 0.950 (at K=500, p=0.874718), median 0.980, maximum 0.999 over 60
    settings.

    Parameters
    ----------
    successes : int or array_like
        Number of correct results ``n`` (0 ≤ n ≤ K).
    trials : int or array_like
        Number of test items ``K`` (≥ 1); broadcast against ``successes``.
    confidence : float
        Confidence level ``1 − α`` in (0, 1).

    Returns
    -------
    Interval
        ``low``, ``high``, ``estimate = n/K``, method ``"clopper-pearson"``.

    Examples
    --------
    >>> ci = clopper_pearson(40, 50)
    >>> round(ci.low, 4), round(ci.high, 4)
    (0.6628, 0.8997)
    >>> clopper_pearson([0, 50], 50).high.round(4)
    array([0.0711, 1.    ])
    """
    return _make("clopper-pearson", successes, trials, confidence)


def mid_p(successes: ArrayLike, trials: ArrayLike, confidence: float = 0.95) -> Interval:
    """Lancaster's mid-p confidence interval for a rate (the exact tails, half the observed term).

    Clopper–Pearson (:func:`clopper_pearson`) puts the whole probability of the observed count
    ``n`` into each tail, which makes it conservative: its coverage is never below the nominal
    level and usually well above it. The mid-p interval counts only half of P(X = n)
    (Lancaster 1961; Berry & Armitage 1995, *Mid-P confidence intervals: a brief review*, The
    Statistician 44, 417–423). With X ~ Bin(K, p) and 1 − α = ``confidence``, its limits solve

    ``P(X > n) + ½·P(X = n) = α/2`` (lower limit ``x_u``),
    ``P(X < n) + ½·P(X = n) = α/2`` (upper limit ``x_o``),

    with ``x_u = 0`` at ``n = 0`` and ``x_o = 1`` at ``n = K``. Each tail is a regularized
    incomplete beta function (Wolff eq. 15), and each limit is found by bracketed root finding
    between the Clopper–Pearson limits for ``n`` and ``n ± 1``. The interval lies inside
    Clopper–Pearson's; its coverage is close to the nominal level on average over ``p`` but dips
    below it at some ``p`` (Agresti & Gottard 2007, *Nonconservative exact small-sample inference
    for discrete data*, and Fagerland, Lydersen & Laake 2017, *Statistical Analysis of Contingency
    Tables*, ch. 2, recommend it over Clopper–Pearson).

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage): minimum 0.917 (at K=500, p=0.993861), median 0.958, maximum 0.996 over 60
    settings. It covers less than 93 % at 7 of the 60 settings.

    Parameters
    ----------
    successes : int or array_like
        Number of correct results ``n`` (0 ≤ n ≤ K).
    trials : int or array_like
        Number of test items ``K`` (≥ 1); broadcast against ``successes``.
    confidence : float
        Confidence level ``1 − α`` in (0, 1).

    Returns
    -------
    Interval
        ``low``, ``high``, ``estimate = n/K``, method ``"mid-p"``.

    Examples
    --------
    >>> ci = mid_p(40, 50)
    >>> round(ci.low, 4), round(ci.high, 4)
    (0.6724, 0.8937)
    >>> mid_p([0, 50], 50).high.round(4)
    array([0.0582, 1.    ])
    """
    return _make("mid-p", successes, trials, confidence)


def wald(successes: ArrayLike, trials: ArrayLike, confidence: float = 0.95) -> Interval:
    """Wald interval ``x̂ ± z·√(x̂(1 − x̂)/K)``, clipped to [0, 1].

    The normal approximation with the plug-in standard error; ``z = Φ⁻¹(1 − α/2)``. It has zero
    width at ``n = 0`` and ``n = K`` and its coverage collapses near rates 0 and 1 (Brown, Cai &
    DasGupta 2001). The clipping to [0, 1] is this module's choice, not part of the formula.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage): minimum 0.010 (at K=10, p=0.999), median 0.869, maximum 0.959 over 60
    settings. It covers less than 93 % at 43 of the 60 settings.

    Parameters
    ----------
    successes, trials : int or array_like
        ``n`` and ``K`` as in :func:`clopper_pearson`.
    confidence : float
        Confidence level in (0, 1).

    Returns
    -------
    Interval
        Method ``"wald"``.

    Examples
    --------
    >>> ci = wald(40, 50)
    >>> round(ci.low, 4), round(ci.high, 4)
    (0.6891, 0.9109)
    >>> wald(0, 50).width
    0.0
    """
    return _make("wald", successes, trials, confidence)


def normal_rule(successes: ArrayLike, trials: ArrayLike, confidence: float = 0.95) -> Interval:
    """Wolff's rule of thumb ``x̂ ± c95``, ``c95 = 2·s/√K``, Wolff (2014), §3.2, eq. 19–20.

    ``s = √(K/(K − 1)·(x̂ − x̂²))`` is the sample standard deviation of the 0/1 results (eq. 19),
    so ``c95 = 2·√((x̂ − x̂²)/(K − 1))`` (eq. 20). The factor 2 is ``z = 1.96`` rounded up; for a
    level other than 95 % this function uses ``2·z_{α/2}/1.96`` (the same 2 % widening), so the
    rule is continuous in ``confidence``. Clipped to [0, 1] (the rule itself can leave it). Needs
    ``K ≥ 2``.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage): minimum 0.010 (at K=10, p=0.999), median 0.874, maximum 0.959 over 60
    settings. It covers less than 93 % at 41 of the 60 settings.

    Parameters
    ----------
    successes, trials : int or array_like
        ``n`` and ``K`` (K ≥ 2).
    confidence : float
        Confidence level in (0, 1).

    Returns
    -------
    Interval
        Method ``"normal-rule"``; ``(high − low)/2`` is ``c95`` unless clipped.

    Examples
    --------
    >>> ci = normal_rule(40, 50)
    >>> round((ci.high - ci.low) / 2, 4), round(ci.low, 4), round(ci.high, 4)
    (0.1143, 0.6857, 0.9143)
    """
    return _make("normal-rule", successes, trials, confidence)


def wilson(
    successes: ArrayLike,
    trials: ArrayLike,
    confidence: float = 0.95,
    correction: bool = False,
) -> Interval:
    """Wilson score interval, Tan, Steinbach & Kumar eq. 4.13 (with ``correction``: Newcombe).

    Inverting the normal approximation ``|acc − p| ≤ z·√(p(1 − p)/N)`` (Tan eq. 4.12) for ``p``
    gives the two roots

    ``(2·N·acc + z² ± z·√(z² + 4·N·acc − 4·N·acc²)) / (2·(N + z²))`` (eq. 4.13),

    with ``acc = n/N`` and ``z = Φ⁻¹(1 − α/2)``. With ``correction=True`` the continuity-corrected
    version of Newcombe (1998, method 4) is returned (method ``"wilson-cc"``). Both stay in
    [0, 1]; the limit is exactly 0 at ``n = 0`` and 1 at ``n = N``.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage): minimum 0.835 (at K=10, p=0.982136), median 0.950, maximum 0.990 over 60
    settings. It covers less than 93 % at 17 of the 60 settings; at every K its coverage is lowest
    near p ≈ 1 − 0.18/K (0.18 expected errors).
    Atlas (coverage, correction=True): minimum 0.949 (at K=10, p=0.994762), median 0.971, maximum
    0.996 over 60 settings.

    Parameters
    ----------
    successes, trials : int or array_like
        ``n`` and ``N``.
    confidence : float
        Confidence level in (0, 1).
    correction : bool
        Apply the continuity correction.

    Returns
    -------
    Interval
        Method ``"wilson"`` or ``"wilson-cc"``.

    Examples
    --------
    >>> ci = wilson(80, 100)
    >>> round(ci.low, 4), round(ci.high, 4)
    (0.7112, 0.8666)
    >>> ci = wilson(80, 100, correction=True)
    >>> round(ci.low, 4), round(ci.high, 4)
    (0.7057, 0.8708)
    """
    if not isinstance(correction, (bool, np.bool_)):
        raise TypeError(f"correction must be True or False; got {shown(correction)}")
    return _make("wilson-cc" if correction else "wilson", successes, trials, confidence)


def agresti_coull(successes: ArrayLike, trials: ArrayLike, confidence: float = 0.95) -> Interval:
    """Agresti–Coull interval: add ``z²/2`` successes and ``z²/2`` failures, then use Wald.

    ``K̃ = K + z²``, ``p̃ = (n + z²/2)/K̃``, interval ``p̃ ± z·√(p̃(1 − p̃)/K̃)`` (Agresti & Coull
    1998); at 95 % this is "add two successes and two failures". It is centred where the Wilson
    interval is and always contains it. Clipped to [0, 1] (the formula can leave it).

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage): minimum 0.924 (at K=10, p=0.896666), median 0.966, maximum 1.000 over 60
    settings. It covers less than 93 % at 3 of the 60 settings.

    Parameters
    ----------
    successes, trials : int or array_like
        ``n`` and ``K``.
    confidence : float
        Confidence level in (0, 1).

    Returns
    -------
    Interval
        Method ``"agresti-coull"``; ``estimate`` is still ``n/K``.

    Examples
    --------
    >>> ci = agresti_coull(40, 50)
    >>> round(ci.low, 4), round(ci.high, 4)
    (0.6677, 0.8895)
    """
    return _make("agresti-coull", successes, trials, confidence)


def jeffreys(successes: ArrayLike, trials: ArrayLike, confidence: float = 0.95) -> Interval:
    """Jeffreys interval: equal tails of the Beta(n + ½, K − n + ½) posterior.

    The posterior of the rate under Jeffreys' prior Beta(½, ½); limits ``Q_Beta(α/2; n + ½,
    K − n + ½)`` and ``Q_Beta(1 − α/2; n + ½, K − n + ½)``, except that the lower limit is 0 when
    ``n = 0`` and the upper limit 1 when ``n = K`` (Brown, Cai & DasGupta 2001), which keeps the
    coverage from collapsing near rates 0 and 1.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage): minimum 0.868 (at K=10, p=0.782754), median 0.951, maximum 0.990 over 60
    settings. It covers less than 93 % at 12 of the 60 settings; at every K its coverage is lowest
    near p ≈ 1 − 2.4/K (2.4 expected errors).

    Parameters
    ----------
    successes, trials : int or array_like
        ``n`` and ``K``.
    confidence : float
        Confidence (credibility) level in (0, 1).

    Returns
    -------
    Interval
        Method ``"jeffreys"``.

    Examples
    --------
    >>> ci = jeffreys(40, 50)
    >>> round(ci.low, 4), round(ci.high, 4)
    (0.6742, 0.8923)
    """
    return _make("jeffreys", successes, trials, confidence)


def bayes_uniform(successes: ArrayLike, trials: ArrayLike, confidence: float = 0.95) -> Interval:
    """Equal-tailed interval of Wolff's eq. 28: the Beta(n + 1, K − n + 1) posterior.

    Wolff (2014), §5.1, eq. 28 reads the binomial likelihood as a density of the true rate ``x``,
    ``p_Beta(x; x̂K + 1, K(1 − x̂) + 1)``: the posterior under a uniform prior. Its limits are
    ``Q_Beta(α/2; n + 1, K − n + 1)`` and ``Q_Beta(1 − α/2; n + 1, K − n + 1)``, except that, as
    for :func:`jeffreys`, the lower limit is 0 when ``n = 0`` and the upper 1 when ``n = K``
    (without that convention the interval excludes the observed rate 0 or 1).

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage): minimum 0.785 (at K=500, p=0.999516), median 0.949, maximum 0.990 over 60
    settings. It covers less than 93 % at 20 of the 60 settings; at every K its coverage is lowest
    near p ≈ 1 − 0.24/K (0.24 expected errors).

    Parameters
    ----------
    successes, trials : int or array_like
        ``n`` and ``K``.
    confidence : float
        Credibility level in (0, 1).

    Returns
    -------
    Interval
        Method ``"bayes-uniform"``; ``estimate`` is ``n/K``, the posterior's mode.

    Examples
    --------
    >>> ci = bayes_uniform(40, 50)
    >>> round(ci.low, 4), round(ci.high, 4)
    (0.6688, 0.8871)
    """
    return _make("bayes-uniform", successes, trials, confidence)


def interval(
    successes: ArrayLike,
    trials: ArrayLike,
    method: str = "clopper-pearson",
    confidence: float = 0.95,
) -> Interval:
    """Confidence interval for a rate by the method's name (one of :data:`METHODS`).

    Parameters
    ----------
    successes, trials : int or array_like
        ``n`` and ``K``.
    method : str
        ``"clopper-pearson"``, ``"mid-p"``, ``"wald"``, ``"normal-rule"``, ``"wilson"``,
        ``"wilson-cc"``, ``"agresti-coull"``, ``"jeffreys"`` or ``"bayes-uniform"``.
    confidence : float
        Confidence level in (0, 1).

    Returns
    -------
    Interval

    Examples
    --------
    >>> print(interval(40, 50, "wilson"))
    0.8 (95% wilson interval 0.6696 to 0.8876)
    >>> interval(40, 50, "exact")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: method must be one of 'clopper-pearson', 'mid-p', ..., 'bayes-uniform'; got 'exact'
    """
    method = _check_option(method, "method", METHODS, position=3, confidence=True)
    return _make(method, successes, trials, _check_level(confidence, method=METHODS))


# ----------------------------------------------------------------------------------------------
# exact frequentist properties


def _check_trials_scalar(trials: Any, method: str) -> int:
    k = as_counts(trials, "trials", minimum=2 if method == "normal-rule" else 1)
    if k.ndim != 0:
        raise ValueError(f"trials must be a single number here; got an array of shape {k.shape}")
    return int(k)


def _all_limits(method: str, k: int, confidence: float) -> tuple[np.ndarray, np.ndarray]:
    """The K + 1 intervals of ``method`` for n = 0, 1, …, K (computed once per call)."""
    n = np.arange(k + 1, dtype=float)
    return _limits(method, n, np.full_like(n, k), confidence)


def _all_intervals(
    method: str, trials: Any, p: Any, confidence: Any
) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """Checked K and rates, and the K + 1 intervals of ``method`` (for coverage and width)."""
    _check_option(method, "method", METHODS, position=1)
    k = _check_trials_scalar(trials, method)
    rate = as_probabilities(p, "p")
    low, high = _all_limits(method, k, check_confidence(confidence))
    return k, rate, low, high


def _binomial_weighted_sum(
    k: int, p: np.ndarray, values: Callable[[np.ndarray, np.ndarray], np.ndarray]
) -> np.ndarray:
    """Σ_n P_Bino(n; p, K)·values(n, p) for every p.

    ``values(idx, p_block)`` gets an (m, L) array of integer n and the (m, 1) block of rates. The
    binomial probabilities are computed in log space (Wolff eq. 13 with lgamma). Only the n with
    |n − K·p| ≤ t, t = ⌈5·√K⌉ + 1, are summed: by Hoeffding's inequality the rest has probability
    below 2·exp(−2t²/K) < 4·10⁻²², far below the double precision of the sum.
    """
    t = int(np.ceil(5 * np.sqrt(k))) + 1
    length = min(k + 1, 2 * t + 1)
    offsets = np.arange(length)
    n_all = np.arange(k + 1, dtype=float)
    log_binom = gammaln(k + 1.0) - gammaln(n_all + 1) - gammaln(k - n_all + 1)
    flat = p.reshape(-1)
    out = np.empty(flat.shape)
    step = max(1, 1_000_000 // length)  # bounds the memory of one block to ~8 MB per array
    for first in range(0, flat.size, step):
        block = flat[first : first + step, None]
        start = np.clip(np.round(k * block) - t, 0, k + 1 - length).astype(np.int64)
        idx = start + offsets
        n = n_all[idx]
        with np.errstate(divide="ignore", invalid="ignore"):
            log_terms = n * np.log(block) + (k - n) * np.log1p(-block)
        log_terms[np.isnan(log_terms)] = 0.0  # 0·log 0 = 0 at p = 0 (n = 0) and p = 1 (n = K)
        pmf = np.exp(log_binom[idx] + log_terms)
        out[first : first + step] = np.sum(pmf * values(idx, block), axis=1)
    return out.reshape(p.shape)


def coverage(method: str, trials: int, p: ArrayLike, confidence: float = 0.95) -> Any:
    """Exact coverage probability of a method's interval when the true rate is ``p``.

    ``C(p) = Σ_{n: low(n) ≤ p ≤ high(n)} P_Bino(n; p, K)``: the probability that the interval
    computed from ``n ~ Bin(K, p)`` contains ``p`` (Brown, Cai & DasGupta 2001). The ``K + 1``
    possible intervals are computed once. When their limits increase with ``n`` (true for every
    method here) the covering ``n`` form a run ``a(p) … b(p)``, found by binary search, and the sum
    is ``F_Bino(b; p, K) − F_Bino(a − 1; p, K)``; otherwise the probabilities are summed term by
    term. A 2000-point curve for ``K = 1000`` takes a few milliseconds.

    Parameters
    ----------
    method : str
        One of :data:`METHODS`.
    trials : int
        Test-set size ``K`` (a single number).
    p : float or array_like
        True rate(s) in [0, 1].
    confidence : float
        Nominal confidence level in (0, 1).

    Returns
    -------
    float or ndarray
        Coverage probabilities, the shape of ``p``.

    Examples
    --------
    >>> round(coverage("wald", 50, 0.8), 4)
    0.9375
    >>> bool(coverage("clopper-pearson", 50, 0.8) >= 0.95)
    True
    """
    k, rate, low, high = _all_intervals(method, trials, p, confidence)
    if np.all(np.diff(low) >= 0) and np.all(np.diff(high) >= 0):
        first = np.searchsorted(high, rate, side="left")  # smallest n with high_n ≥ p
        last = np.searchsorted(low, rate, side="right") - 1  # largest n with low_n ≤ p
        below = np.where(first > 0, bdtr(np.maximum(first - 1, 0), k, rate), 0.0)
        upto = np.where(last >= 0, bdtr(np.maximum(last, 0), k, rate), 0.0)
        result = np.where(last >= first, upto - below, 0.0)
    else:  # pragma: no cover - no method here has non-monotone limits
        result = _binomial_weighted_sum(
            k, rate, lambda idx, block: (low[idx] <= block) & (block <= high[idx])
        )
    return _to_output(np.clip(result, 0.0, 1.0))


def expected_width(method: str, trials: int, p: ArrayLike, confidence: float = 0.95) -> Any:
    """Expected width ``Σ_n P_Bino(n; p, K)·(high(n) − low(n))`` of a method's interval.

    The ``K + 1`` intervals are computed once, then weighted by the binomial probabilities of
    ``n`` (in log space; terms further than ``5·√K`` from ``K·p`` are below 10⁻²¹ and skipped).

    Parameters
    ----------
    method : str
        One of :data:`METHODS`.
    trials : int
        Test-set size ``K`` (a single number).
    p : float or array_like
        True rate(s) in [0, 1].
    confidence : float
        Nominal confidence level in (0, 1).

    Returns
    -------
    float or ndarray
        Expected widths, the shape of ``p``.

    Examples
    --------
    >>> round(expected_width("clopper-pearson", 50, 0.8), 4)
    0.2335
    """
    k, rate, low, high = _all_intervals(method, trials, p, confidence)
    width = high - low
    return _to_output(_binomial_weighted_sum(k, rate, lambda idx, _block: width[idx]))


def _to_output(arr: np.ndarray) -> Any:
    return float(arr) if np.ndim(arr) == 0 else arr


_MAX_TRIALS = 2**52  # beyond this, K is no longer exactly representable as a float


def trials_for_halfwidth(
    halfwidth: ArrayLike,
    rate: ArrayLike,
    confidence: float = 0.95,
    method: str = "clopper-pearson",
) -> Any:
    """Smallest test-set size ``K`` whose interval has half-width ≤ ``halfwidth`` at rate ``rate``.

    The interval is computed as if exactly the fraction ``rate`` of the ``K`` items were right
    (``n = rate·K``, not rounded, so that the answer does not jump with the rounding of ``n``);
    ``K`` is found by doubling and bisection on the integers. For ``"wald"`` the answer is
    ``⌈z²·r(1 − r)/h²⌉`` (as long as the interval is not clipped at 0 or 1, which makes it
    narrower). Fouladi's rule ``N ≈ 100/P`` is the answer for a 95 % half-width of
    about 20 % of the error rate ``P`` (about 100 expected errors).

    Parameters
    ----------
    halfwidth : float or array_like
        Wanted half-width ``(high − low)/2``, in (0, 1).
    rate : float or array_like
        Expected rate (accuracy or error rate) in [0, 1]; broadcast against ``halfwidth``.
    confidence : float
        Confidence level in (0, 1).
    method : str
        One of :data:`METHODS`.

    Returns
    -------
    int or ndarray of int

    Examples
    --------
    >>> trials_for_halfwidth(0.05, 0.8, method="wald")
    246
    >>> trials_for_halfwidth(0.002, 0.01)
    10029
    """
    _check_option(method, "method", METHODS, position=4)
    h = as_probabilities(halfwidth, "halfwidth", open_interval=True)
    r = as_probabilities(rate, "rate")
    confidence = _check_level(confidence, method=METHODS)
    h, r = broadcast(halfwidth=h, rate=r)

    def too_wide(k: np.ndarray) -> np.ndarray:
        low, high = _limits(method, r * k, k, confidence)
        return (high - low) / 2 > h

    smallest = 2.0 if method == "normal-rule" else 1.0
    lo = np.full(h.shape, smallest - 1)  # invariant: lo fails (or is below the smallest K) …
    hi = np.full(h.shape, smallest)  # … and hi succeeds, once the doubling is done
    failing = too_wide(hi)
    while failing.any():
        lo = np.where(failing, hi, lo)
        hi = np.where(failing, 2 * hi, hi)
        if hi.max() > _MAX_TRIALS:
            raise ValueError(
                f"halfwidth is too small: more than {_MAX_TRIALS} trials would be needed"
            )
        failing = too_wide(hi)
    hi = _first_true(lambda k: ~too_wide(k), lo, hi)
    out = hi.astype(np.int64)
    return int(out) if out.ndim == 0 else out


# ----------------------------------------------------------------------------------------------
# a rate against a baseline: the exact and the mid-p binomial test

#: The alternatives :func:`binomial_test` accepts.
ALTERNATIVES = ("two-sided", "less", "greater")
#: The methods :func:`binomial_test` accepts.
TEST_METHODS = ("exact", "mid-p")
#: Relative tolerance for "at most as probable as the observed count" (scipy and R use 1e-7).
_RELATIVE_ERROR = 1e-7
_TEST_INTERVALS = {"exact": "clopper-pearson", "mid-p": "mid-p"}


def _first_true(
    predicate: Callable[[np.ndarray], np.ndarray], lo: np.ndarray, hi: np.ndarray
) -> np.ndarray:
    """Smallest integer j in (lo, hi] with ``predicate(j)``, elementwise, by bisection.

    ``predicate`` must be monotone in j (False, then True), True at ``hi`` and False at ``lo``
    (or ``lo`` below the range asked about); about log2(hi − lo) rounds, each one call of
    ``predicate`` on the whole array. Used by :func:`trials_for_halfwidth` and
    :func:`binomial_test`.
    """
    lo, hi = np.asarray(lo, dtype=float), np.asarray(hi, dtype=float)
    while (hi - lo > 1).any():
        active = hi - lo > 1
        mid = np.where(active, np.floor((lo + hi) / 2), hi)
        true = predicate(mid)
        hi = np.where(active & true, mid, hi)
        lo = np.where(active & ~true, mid, lo)
    return hi


def _at_most(x: np.ndarray, n: np.ndarray, p: np.ndarray) -> np.ndarray:
    """P(X ≤ x) for X ~ Bin(n, p) and any whole x (0 below 0, 1 from n on).

    SciPy's binomial distribution (Boost's incomplete beta) rather than ``scipy.special.bdtr``:
    at K = 10⁹ bdtr is off in the sixth digit. ``scipy.stats`` is imported here, on first use,
    so that ``import evalkit.intervals`` stays fast.
    """
    from scipy import stats

    return stats.binom.cdf(x, n, p)


def _at_least(x: np.ndarray, n: np.ndarray, p: np.ndarray) -> np.ndarray:
    """P(X ≥ x) for X ~ Bin(n, p) and any whole x (1 up to 0, 0 above n), as a tail sum."""
    from scipy import stats

    return stats.binom.sf(x - 1, n, p)


def _binomial_test_core(
    k: np.ndarray, n: np.ndarray, p0: np.ndarray, alternative: str, method: str
) -> np.ndarray:
    """p-values of the binomial test on checked, broadcast float arrays (0 < p0 < 1).

    One-sided: P(X ≥ k) ("greater") or P(X ≤ k) ("less"), X ~ Bin(n, p0); mid-p: the observed
    count counts half. Two-sided, scipy's and R's minimum-likelihood method: the sum of P(X = x)
    over every x with P(X = x) ≤ P(X = k)·(1 + 10⁻⁷). The pmf falls monotonically on each side of
    its mode, which lies between ⌊n·p0⌋ and ⌈n·p0⌉, so the x on the far side of n·p0 form a
    tail, found by bisection; its probability comes from the binomial distribution function
    (:func:`_at_most`, :func:`_at_least`: accurate in the far tails). The mid-p value subtracts
    half the probability of the outcomes exactly as probable as k (k itself and, on the far
    side, those within the same relative tolerance).
    """
    log_pmf_k = _log_binomial_pmf(k, n, p0)
    pmf_k = np.exp(log_pmf_k)
    half = 0.5 if method == "mid-p" else 0.0
    if alternative == "greater":  # P(X ≥ k) − ½·P(X = k)
        return np.clip(_at_least(k, n, p0) - half * pmf_k, 0.0, 1.0)
    if alternative == "less":  # P(X ≤ k) − ½·P(X = k)
        return np.clip(_at_most(k, n, p0) - half * pmf_k, 0.0, 1.0)
    mean = n * p0
    below = k < mean  # the far side is above the mean: x = start + j, else x = start − j
    start = np.where(below, np.ceil(mean), np.floor(mean))
    step = np.where(below, 1.0, -1.0)
    last = np.where(below, n - start + 1, start + 1)  # the first j where x leaves 0 … n

    def far_log_pmf(j: np.ndarray) -> np.ndarray:
        x = start + step * j
        inside = (x >= 0) & (x <= n)
        return np.where(inside, _log_binomial_pmf(np.clip(x, 0, n), n, p0), -np.inf)

    def far_tail(j: np.ndarray) -> np.ndarray:  # P(X on the far side, from start + step·j out)
        x = start + step * j
        return np.where(below, _at_least(x, n, p0), _at_most(x, n, p0))

    tolerance = np.log1p(_RELATIVE_ERROR)
    before = np.full(last.shape, -1.0)  # j = −1: below the far side's first outcome
    j_tail = _first_true(lambda j: far_log_pmf(j) <= log_pmf_k + tolerance, before, last)
    near = np.where(below, _at_most(k, n, p0), _at_least(k, n, p0))
    pvalue = near + far_tail(j_tail)
    if method == "mid-p":
        j_more = _first_true(lambda j: far_log_pmf(j) < log_pmf_k - tolerance, before, last)
        ties = far_tail(j_tail) - far_tail(j_more)  # far-side outcomes as probable as k
        pvalue = pvalue - 0.5 * (pmf_k + ties)
    at_mean = k == mean  # k is the mode: every outcome is at most as probable (scipy: p = 1)
    pvalue = np.where(at_mean, 1.0 - half * pmf_k, pvalue)
    return np.clip(pvalue, 0.0, 1.0)


def _one_sided_limits(
    interval_method: str, k: np.ndarray, n: np.ndarray, confidence: float, alternative: str
) -> tuple[np.ndarray, np.ndarray]:
    """The interval that matches the test: two-sided, or a one-sided bound at ``confidence``.

    A one-sided bound at level 1 − α is the two-sided limit at level 1 − 2α (each tail of the
    two-sided interval holds α/2).
    """
    if alternative == "two-sided":
        return _limits(interval_method, k, n, confidence)
    low, high = _limits(interval_method, k, n, 2 * confidence - 1)
    if alternative == "greater":
        return low, np.ones_like(high)
    return np.zeros_like(low), high


def binomial_test(
    successes: ArrayLike,
    trials: ArrayLike,
    p0: ArrayLike,
    alternative: str = "two-sided",
    method: str = "exact",
    confidence: float = 0.95,
) -> TestResult:
    """Test a rate against a baseline ``p0``: the exact or the mid-p binomial test.

    Under H0 the number of successes is X ~ Bin(K, p0) (Wolff eq. 13). With ``k`` observed:

    * ``alternative="greater"`` (the true rate is above p0): p = P(X ≥ k);
      ``"less"``: p = P(X ≤ k);
    * ``"two-sided"``: the minimum-likelihood p-value, the sum of P(X = x) over every x at most
      as probable as k (with the relative tolerance 10⁻⁷), exactly as ``scipy.stats.binomtest``
      and R's ``binom.test`` compute it. For p0 = ½ it is twice the smaller tail.

    ``method="mid-p"`` counts the outcomes *exactly as extreme* as k with half their probability:
    p_mid = P(more extreme) + ½·P(as extreme) (Lancaster 1961, "The exact partition of chi-square
    and its application to the problem of the pooling of small expectations", *Biometrika* 48;
    Agresti & Gottard 2007, "Nonconservative exact small-sample inference for discrete data",
    *Computational Statistics & Data Analysis* 51). One-sided that is P(X > k) + ½·P(X = k);
    two-sided "as extreme" means "as probable", so k itself and any outcome on the other side as
    probable as k (for p0 = ½ its mirror image K − k) count half, as in
    :func:`evalkit.independent.fisher_exact`'s mid-p. The exact test never rejects more often
    than its level promises and is usually well below it (the outcomes are discrete); the mid-p
    test is close to the level on average, and can exceed it at some (K, p0).

    The returned interval is the one that belongs to the method: Clopper–Pearson
    (:func:`clopper_pearson`) for ``"exact"``, Lancaster's mid-p interval (:func:`mid_p`) for
    ``"mid-p"``; for a one-sided alternative it is the one-sided bound at ``confidence``
    (``[low, 1]`` for "greater", ``[0, high]`` for "less", the limit of the two-sided interval at
    level 2·confidence − 1), as ``scipy.stats.binomtest(...).proportion_ci`` gives it. The
    two-sided intervals are equal-tailed while the two-sided p-value is not, so near the
    boundary p0 can lie just outside the interval with p slightly above 1 − confidence (as in
    SciPy and R).

    The atlas's sizes below are exact (every outcome enumerated) at α = 0.05 over K = 10, 20,
    50, 100, 200 and p0 = 0.5, 0.7, 0.8, 0.9, 0.95, 0.99: the exact test never exceeds α; the
    mid-p test does at 15 of the 30 two-sided settings, worst at K = 10, p0 = 0.99, where 9 of 10
    gives mid-p 0.0499 (exact p 0.096) and the test rejects with probability 0.096.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size, exact; greater): minimum 0.000, median 0.025, maximum 0.048 (at K=50, p0=0.8) over
    30 settings.
    Atlas (size, exact; two-sided): minimum 0.004, median 0.035, maximum 0.050 (at K=100, p0=0.7)
    over 30 settings.
    Atlas (size, mid-p; greater): minimum 0.000, median 0.042, maximum 0.077 (at K=50, p0=0.95) over
    30 settings. It rejects a true null hypothesis more than 7 % of the time at 1 of the 30
    settings.
    Atlas (size, mid-p; two-sided): minimum 0.014, median 0.050, maximum 0.096 (at K=10, p0=0.99)
    over 30 settings. It rejects a true null hypothesis more than 7 % of the time at 5 of the 30
    settings.

    Parameters
    ----------
    successes : int or array_like
        Number of correct results ``k`` (0 ≤ k ≤ K).
    trials : int or array_like
        Number of test items ``K`` (≥ 1).
    p0 : float or array_like
        The baseline rate under H0, strictly between 0 and 1 (a rate of exactly 0 or 1 is
        refuted by a single counterexample and needs no test). Broadcast with the counts.
    alternative : {"two-sided", "less", "greater"}
        H1: the true rate differs from, is below, or is above ``p0``.
    method : {"exact", "mid-p"}
        The exact p-value, or Lancaster's mid-p value.
    confidence : float
        Level of the interval, strictly between 0 and 1.

    Returns
    -------
    TestResult
        ``statistic`` k (``statistic_name`` "successes"), ``pvalue``, ``estimate`` k/K
        (``estimate_name`` "proportion"), ``interval`` as above, ``details["trials"]`` K and
        ``details["p0"]``. Arrays for vectorized calls.

    Examples
    --------
    Is my classifier better than 90 %? It gets 463 of 500 test items right (92.6 %). The
    one-sided exact test, and the 95 % lower bound that goes with it:

    >>> r = binomial_test(463, 500, 0.9, alternative="greater")
    >>> print(f"p = {r.pvalue:.4f}, rate above {r.interval.low:.4f}")
    p = 0.0274, rate above 0.9038

    Is it better than always predicting the majority class, which makes up 88 % of the test set?

    >>> r = binomial_test(463, 500, 0.88, alternative="greater")
    >>> print(f"p = {r.pvalue:.1e}")
    p = 5.2e-04

    Two-sided (the default), exact and mid-p, with Clopper–Pearson's and the mid-p interval:

    >>> r = binomial_test(463, 500, 0.9)
    >>> print(f"p = {r.pvalue:.4f}, 95 % CI {r.interval.low:.4f} to {r.interval.high:.4f}")
    p = 0.0525, 95 % CI 0.8994 to 0.9474
    >>> r = binomial_test(463, 500, 0.9, method="mid-p")
    >>> print(f"p = {r.pvalue:.4f}, 95 % CI {r.interval.low:.4f} to {r.interval.high:.4f}")
    p = 0.0481, 95 % CI 0.9005 to 0.9466
    """
    k, n = check_successes_trials(successes, trials, "binomial_test", ", p0")
    rate = as_probabilities(p0, "p0", open_interval=True)
    alternative = _check_option(
        alternative, "alternative", ALTERNATIVES, position=4, confidence=True, method=TEST_METHODS
    )
    method = _check_option(
        method, "method", TEST_METHODS, position=5, confidence=True, alternative=ALTERNATIVES
    )
    level = _check_level(confidence, alternative=ALTERNATIVES, method=TEST_METHODS)
    k, n, rate = (x.astype(float) for x in broadcast(successes=k, trials=n, p0=rate))
    pvalue = _binomial_test_core(k, n, rate, alternative, method)
    interval_method = _TEST_INTERVALS[method]
    low, high = _one_sided_limits(interval_method, k, n, level, alternative)
    return TestResult(
        statistic=k,
        pvalue=pvalue,
        alternative=alternative,
        method="exact binomial test" if method == "exact" else "mid-p binomial test",
        statistic_name="successes",
        estimate=k / n,
        estimate_name="proportion",
        interval=Interval(low, high, k / n, level, interval_method),
        details={"trials": to_output(n), "p0": to_output(rate)},
    )
