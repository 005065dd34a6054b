"""The distribution of a recognition rate: Bernoulli, binomial and beta.

One test item is a Bernoulli trial (right or wrong); the number ``n`` of right answers among
``K`` independent items is binomial; and, read as a function of the true rate ``x``, the same
formula is a beta density (Wolff 2014, §1–2). This module gives these distributions in the form
the rest of the course uses them:

* :func:`binomial_pmf`, :func:`binomial_cdf` — the count of right answers (Wolff eq. 13, 15);
* :func:`beta_pdf`, :func:`beta_cdf`, :func:`beta_quantile` — the beta distribution
  (Wolff eq. 1, 5, 6);
* :func:`beta_moments` — its mean, variance and mode (Wolff eq. 8–9);
* :func:`fit_beta_moments` — the method-of-moments fit of a sample of rates (Wolff §1.2).

Everything is computed in log space (``gammaln``, ``betaln``) and with SciPy's regularized
incomplete beta function (``betainc``, ``betaincinv``), so that ``K = 10**9`` works as well as
``K = 50``, and every function broadcasts over NumPy arrays.

Sources: Matthias Wolff, *Zur statistischen Auswertung von Erkennungsergebnissen*, BTU Cottbus
2014, §1–2 and §5.1; Tan, Steinbach and Kumar, *Introduction to Data Mining* (the binomial
experiment).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from scipy.special import betainc, betaincc, betaincinv, betaln, gammaln, xlog1py, xlogy

from evalkit._validation import (
    as_counts,
    as_probabilities,
    as_real_array,
    broadcast,
    check_at_most,
    to_output,
)
from evalkit.results import ReadableResult

__all__ = [
    "BetaFit",
    "BetaMoments",
    "beta_cdf",
    "beta_moments",
    "beta_pdf",
    "beta_quantile",
    "binomial_cdf",
    "binomial_pmf",
    "fit_beta_moments",
]


# --------------------------------------------------------------------------------------------
# input checks this module needs beyond evalkit._validation


def _as_shape_parameter(value: Any, name: str) -> np.ndarray:
    """Return a beta shape parameter as a float array of finite numbers > 0."""
    arr = as_real_array(value, name).astype(float)
    if arr.size == 0:
        raise ValueError(f"{name} must not be empty")
    bad = ~(np.isfinite(arr) & (arr > 0))  # also catches NaN
    if bad.any():
        first = arr.reshape(-1)[bad.reshape(-1)][0].item()
        raise ValueError(
            f"{name} must be a finite number > 0 (a beta shape parameter); got {first!r}"
        )
    return arr


def _count_and_trials(k: Any, trials: Any) -> tuple[np.ndarray, np.ndarray]:
    """Validate ``0 ≤ k ≤ trials`` (whole numbers) and broadcast them together."""
    k_arr = as_counts(k, "k")
    k_trials = as_counts(trials, "trials")
    k_arr, k_trials = broadcast(k=k_arr, trials=k_trials)
    check_at_most(k_arr, k_trials, "k", "trials", " (a count of successes out of trials)")
    return k_arr, k_trials


# --------------------------------------------------------------------------------------------
# binomial


# Loader's saddle-point form of the binomial pmf (C. Loader, "Fast and accurate computation of
# binomial probabilities", 2000; also used by R's dbinom and by Boost, hence scipy.stats.binom).
# It is the same expression as eq. 13 in log space, rearranged so that no two large logarithms
# are subtracted: ln K! − ln n! − ln (K − n)! + n ln x + (K − n) ln(1 − x) loses about K·1e-15
# of relative precision at large K; this form keeps about 1e-11 or better up to K = 10**9.

_HALF_LOG_TWO_PI = 0.5 * np.log(2.0 * np.pi)


def _stirling_error_formula(n: np.ndarray) -> np.ndarray:
    """``ln n! − [(n + ½) ln n − n + ½ ln 2π]`` for n ≥ 1: lnΓ for n ≤ 15, the series beyond."""
    n = np.asarray(n, dtype=float)
    small = n <= 15
    ns = np.where(small, n, 1.0)
    direct = gammaln(ns + 1.0) - (ns + 0.5) * np.log(ns) + ns - _HALF_LOG_TWO_PI
    nl = np.where(small, 16.0, n)
    nn = nl * nl
    s0, s1, s2, s3, s4 = 1 / 12, 1 / 360, 1 / 1260, 1 / 1680, 1 / 1188
    series = (s0 - (s1 - (s2 - (s3 - s4 / nn) / nn) / nn) / nn) / nl
    return np.where(small, direct, series)


_STIRLING_TABLE_SIZE = 4096
with np.errstate(divide="ignore", invalid="ignore"):  # entry 0 is never used
    _STIRLING_TABLE = _stirling_error_formula(np.arange(_STIRLING_TABLE_SIZE, dtype=float))


def _stirling_error(n: np.ndarray) -> np.ndarray:
    """The error of Stirling's formula for whole numbers n ≥ 1 (a table below 4096)."""
    n = np.asarray(n, dtype=float)
    if n.size and n.max() < _STIRLING_TABLE_SIZE:
        return _STIRLING_TABLE[n.astype(np.intp)]
    return _stirling_error_formula(n)


def _deviance_term(x: np.ndarray, mean: np.ndarray) -> np.ndarray:
    """``x ln(x / mean) + mean − x`` for x > 0, mean > 0, without cancellation when x ≈ mean."""
    x, mean = np.broadcast_arrays(np.asarray(x, dtype=float), np.asarray(mean, dtype=float))
    with np.errstate(over="ignore", under="ignore", divide="ignore"):
        log_ratio = np.array(np.log(x / mean))  # one log of the ratio beats two logs …
    overflow = ~np.isfinite(log_ratio)
    if overflow.any():  # … unless x/mean over- or underflows (subnormal p)
        log_ratio[overflow] = np.log(x[overflow]) - np.log(mean[overflow])
    out = np.array(x * log_ratio + mean - x, dtype=float)
    v = (x - mean) / (x + mean)
    near = np.abs(v) < 0.1
    if near.any():  # there the difference cancels; sum the series in v instead (R's bd0):
        # x ln(x/mean) + mean − x = (x − mean)·v + 2x·(v³/3 + v⁵/5 + …)
        xn, vn = x[near], v[near]
        v2 = vn * vn
        largest = float(v2.max())  # terms shrink by v² ≤ 0.01: (v²)^steps < e^−37 ≈ 1e-16
        steps = 1 if largest == 0.0 else min(12, int(np.ceil(-37.0 / np.log(largest))) + 1)
        series = np.full(vn.shape, 1.0 / (2 * steps + 1))
        for j in range(steps - 1, 0, -1):  # Horner: 1/3 + v²(1/5 + v²(1/7 + …))
            series = series * v2 + 1.0 / (2 * j + 1)
        out[near] = (xn - mean[near]) * vn + 2.0 * xn * vn * v2 * series
    return out


def _log_binomial_pmf(
    k: np.ndarray, trials: np.ndarray, p: np.ndarray, q: np.ndarray | None = None
) -> np.ndarray:
    """ln P_Bino(k; p, trials) (Wolff eq. 13) for validated, broadcastable arrays.

    ``q`` is 1 − p; give it when it is known more precisely than ``1.0 - p`` (say (K − n)/K).
    """
    q = 1.0 - np.asarray(p, dtype=float) if q is None else q
    k, trials, p, q = np.broadcast_arrays(*(np.asarray(x, dtype=float) for x in (k, trials, p, q)))
    inner = (k > 0) & (k < trials) & (p > 0) & (p < 1)
    out = np.empty(k.shape)
    if inner.all():  # the usual case: no copies
        ki, ti, pi, qi = k, trials, p, q
    else:
        ki, ti, pi, qi = k[inner], trials[inner], p[inner], q[inner]
    rest = ti - ki
    log_inner = (
        _stirling_error(ti)
        - _stirling_error(ki)
        - _stirling_error(rest)
        - _deviance_term(ki, ti * pi)
        - _deviance_term(rest, ti * qi)
        + 0.5 * np.log(ti / (ki * rest))
        - _HALF_LOG_TWO_PI
    )
    if inner.all():
        return log_inner
    out[inner] = log_inner
    # k = 0: (1 − p)^K; k = K: p^K; 0 < k < K with p = 0 or 1: impossible (−inf), where
    # ln(1 − p) and ln p come from whichever of p and q carries them without cancellation
    edge = ~inner
    ke, te, pe, qe = k[edge], trials[edge], p[edge], q[edge]
    with np.errstate(divide="ignore", invalid="ignore"):  # 0 · (−inf) where trials = 0
        log_q = np.where(pe < 0.5, np.log1p(-pe), np.log(qe))
        log_p = np.where(pe > 0.5, np.log1p(-qe), np.log(pe))
        out[edge] = np.where(
            te == 0,
            0.0,
            np.where(ke == 0, te * log_q, np.where(ke == te, te * log_p, -np.inf)),
        )
    return out


def binomial_pmf(k: Any, trials: Any, p: Any) -> Any:
    """Probability of exactly ``k`` successes in ``trials`` independent Bernoulli trials.

    Wolff (2014), eq. 13 (and Tan, Steinbach and Kumar, the binomial experiment)::

        P_Bino(n; x, K) = K! / (n! (K − n)!) · x^n · (1 − x)^(K − n)

    with ``n = k``, ``K = trials`` and ``x = p``. The factorials overflow from ``171!`` on, so,
    following Wolff §1.1, the formula is evaluated in log space. The textbook log form
    ``exp(gammaln(K + 1) − gammaln(n + 1) − gammaln(K − n + 1) + n ln x + (K − n) ln(1 − x))``
    subtracts logarithms of size ``K ln K`` and loses about ``K · 2e-15`` relative precision
    (1e-6 at ``K = 10**9``); we use Loader's (2000) rearrangement of the same expression
    (Stirling's formula plus its error term, and a deviance term computed by a series when
    ``n ≈ Kx``), which keeps a relative precision of about 1e-11 or better up to
    ``K = 10**9`` (checked against mpmath in the tests).

    Parameters
    ----------
    k : int or array_like
        Number of successes (right answers), ``0 ≤ k ≤ trials``.
    trials : int or array_like
        Number of independent trials (test items), ``≥ 0``.
    p : float or array_like
        Success probability (the true rate) in [0, 1].

    Returns
    -------
    float or ndarray
        ``P(X = k)`` for ``X ~ Bin(trials, p)``, broadcast over the inputs.

    Examples
    --------
    >>> round(binomial_pmf(20, 50, 0.5), 4)  # Tan: 20 heads in 50 tosses of a fair coin
    0.0419
    >>> binomial_pmf([0, 1, 2], 2, 0.5)
    array([0.25, 0.5 , 0.25])
    >>> f"{binomial_pmf(800_000_000, 10**9, 0.8):.6e}"  # a billion test items
    '3.153916e-05'
    """
    k_arr, k_trials = _count_and_trials(k, trials)
    prob = as_probabilities(p, "p")
    k_arr, k_trials, prob = broadcast(k=k_arr, trials=k_trials, p=prob)
    return to_output(np.exp(_log_binomial_pmf(k_arr, k_trials, prob)))


def binomial_cdf(k: Any, trials: Any, p: Any) -> Any:
    """Probability of at most ``k`` successes in ``trials`` trials, via the beta CDF.

    Wolff (2014), eq. 15::

        F_Bino(n; x, K) = Σ_{i=0..n} P_Bino(i; x, K) = F_Beta(1 − x; K − n, n + 1)

    for ``0 ≤ n < K``; at ``n = K`` the sum is 1 (the beta parameter ``K − n`` would be 0).
    The right-hand side is SciPy's regularized incomplete beta function, accurate for any
    ``K``, with no sum over ``K`` terms. It is evaluated as the complement
    ``1 − F_Beta(x; n + 1, K − n)`` (``scipy.special.betaincc``), which never forms ``1 − x``:
    for ``x = 1e-12`` and ``K = 10**9`` the rounding of ``1 − x`` alone would cost a relative
    error of 2e-8.

    Parameters
    ----------
    k : int or array_like
        Largest number of successes counted, ``0 ≤ k ≤ trials``.
    trials : int or array_like
        Number of trials, ``≥ 0``.
    p : float or array_like
        Success probability in [0, 1].

    Returns
    -------
    float or ndarray
        ``P(X ≤ k)`` for ``X ~ Bin(trials, p)``.

    Examples
    --------
    >>> round(binomial_cdf(20, 50, 0.5), 4)
    0.1013
    >>> binomial_cdf([0, 1, 2], 2, 0.5)
    array([0.25, 0.75, 1.  ])
    """
    k_arr, k_trials = _count_and_trials(k, trials)
    prob = as_probabilities(p, "p")
    k_arr, k_trials, prob = broadcast(k=k_arr, trials=k_trials, p=prob)
    below = k_arr < k_trials
    a = k_arr + 1.0
    b = np.where(below, k_trials - k_arr, 1).astype(float)  # placeholder 1 where k = trials
    # F_Beta(1 − x; K − n, n + 1) = 1 − F_Beta(x; n + 1, K − n): betaincc evaluates the right
    # side directly, without forming 1 − x (whose rounding costs ~K·1e-16 when x is tiny)
    cdf = np.where(below, betaincc(a, b, prob), 1.0)
    return to_output(cdf)


# --------------------------------------------------------------------------------------------
# beta


def beta_pdf(x: Any, a: Any, b: Any) -> Any:
    """Density of the beta distribution with shape parameters ``a`` (α) and ``b`` (β).

    Wolff (2014), eq. 1 in the log form of §1.1::

        p_Beta(x; α, β) = Γ(α + β) / (Γ(α) Γ(β)) · x^(α − 1) · (1 − x)^(β − 1)
                        = exp(−ln B(α, β) + (α − 1) ln x + (β − 1) ln(1 − x))

    with ``ln B = betaln`` (eq. 3). At the ends ``x = 0`` and ``x = 1`` the density is 0,
    finite or ``inf`` depending on whether the exponent is positive, zero or negative. The sum
    of large logarithms costs relative precision of about ``(α + β) · 1e-15`` (1e-12 for
    α + β = 1000, 1e-6 for α + β = 10**9) — enough for plotting and teaching; for binomial
    probabilities use :func:`binomial_pmf`, which avoids the cancellation.

    Parameters
    ----------
    x : float or array_like
        Point(s) in [0, 1] (a rate).
    a, b : float or array_like
        Shape parameters α > 0 and β > 0.

    Returns
    -------
    float or ndarray
        The density at ``x``, broadcast over the inputs.

    Examples
    --------
    >>> round(beta_pdf(0.8, 5, 2), 4)
    2.4576
    >>> beta_pdf([0.0, 0.5, 1.0], 1, 1)  # the uniform density
    array([1., 1., 1.])
    """
    xs = as_probabilities(x, "x")
    alpha = _as_shape_parameter(a, "a")
    beta = _as_shape_parameter(b, "b")
    xs, alpha, beta = broadcast(x=xs, a=alpha, b=beta)
    log_pdf = -betaln(alpha, beta) + xlogy(alpha - 1.0, xs) + xlog1py(beta - 1.0, -xs)
    return to_output(np.exp(log_pdf))


def beta_cdf(x: Any, a: Any, b: Any) -> Any:
    """Distribution function of the beta distribution, ``P(X ≤ x)``.

    Wolff (2014), eq. 5: the regularized incomplete beta function
    ``F_Beta(x; α, β) = ∫_0^x p_Beta(ξ; α, β) dξ``, here ``scipy.special.betainc(α, β, x)``
    (Wolff §1.1 suggests numerical integration; the library function is exact to rounding).

    Parameters
    ----------
    x : float or array_like
        Point(s) in [0, 1].
    a, b : float or array_like
        Shape parameters α > 0 and β > 0.

    Returns
    -------
    float or ndarray
        ``F_Beta(x; a, b)``.

    Examples
    --------
    >>> round(beta_cdf(0.5, 5, 2), 4)
    0.1094
    >>> beta_cdf([0.0, 1.0], 3, 4)
    array([0., 1.])
    """
    xs = as_probabilities(x, "x")
    alpha = _as_shape_parameter(a, "a")
    beta = _as_shape_parameter(b, "b")
    xs, alpha, beta = broadcast(x=xs, a=alpha, b=beta)
    return to_output(betainc(alpha, beta, xs))


def beta_quantile(q: Any, a: Any, b: Any) -> Any:
    """The ``q``-quantile of the beta distribution, the inverse of :func:`beta_cdf`.

    Wolff (2014), eq. 6: ``x_P = Q_Beta(P; α, β) = F_Beta⁻¹(P; α, β)``, here
    ``scipy.special.betaincinv(α, β, q)`` (Excel's ``BETA.INV``, dLabPro's ``betaquant``).

    Parameters
    ----------
    q : float or array_like
        Probability level(s) in [0, 1].
    a, b : float or array_like
        Shape parameters α > 0 and β > 0.

    Returns
    -------
    float or ndarray
        The ``x`` with ``F_Beta(x; a, b) = q``.

    Examples
    --------
    >>> x = beta_quantile(0.975, 11, 40)  # Wolff §3.1: x_u = 1 − Q_Beta(0.975; 11, 40)
    >>> round(1 - x, 4)
    0.6628
    >>> round(beta_cdf(beta_quantile(0.3, 5, 2), 5, 2), 12)
    0.3
    """
    level = as_probabilities(q, "q")
    alpha = _as_shape_parameter(a, "a")
    beta = _as_shape_parameter(b, "b")
    level, alpha, beta = broadcast(q=level, a=alpha, b=beta)
    return to_output(betaincinv(alpha, beta, level))


@dataclass(frozen=True)
class BetaMoments(ReadableResult):
    """Mean, variance and mode of a beta distribution (see :func:`beta_moments`).

    Attributes
    ----------
    mean : float or ndarray
        ``α / (α + β)`` (Wolff eq. 8).
    variance : float or ndarray
        ``α β / ((α + β)² (α + β + 1))`` (Wolff eq. 9).
    mode : float, None or ndarray
        Where the density is highest. ``(α − 1)/(α + β − 2)`` for α, β > 1 (Wolff eq. 9);
        the end 0 when α ≤ 1 ≤ β, the end 1 when β ≤ 1 ≤ α (the density is highest, possibly
        infinite, at that end); and **no value** when the highest point is not unique: the
        uniform density (α = β = 1) and the U-shaped densities (α < 1 and β < 1), which are
        unbounded at both ends. A scalar call then gives ``None``; a vectorized call gives a
        ``numpy.ma.MaskedArray`` whose masked entries are those cases. Never NaN.
    method : str
        ``"beta distribution moments (Wolff 2014, eq. 8-9)"``.
    """

    mean: Any
    variance: Any
    mode: Any
    method: str = "beta distribution moments (Wolff 2014, eq. 8-9)"

    @property
    def standard_deviation(self) -> Any:
        """``sqrt(variance)``."""
        return to_output(np.sqrt(self.variance))


def beta_moments(a: Any, b: Any) -> BetaMoments:
    """Mean, variance and mode of the beta distribution Beta(a, b).

    Wolff (2014), eq. 8–9::

        E(X) = α / (α + β)
        Var(X) = α β / ((α + β)² (α + β + 1))
        x_D = (α − 1) / (α + β − 2)      for α, β > 1

    Outside α, β > 1 the mode is the end 0 or 1 where the density is highest, or none at all
    (uniform and U-shaped densities); see :class:`BetaMoments` for the exact rule.

    Parameters
    ----------
    a, b : float or array_like
        Shape parameters α > 0 and β > 0.

    Returns
    -------
    BetaMoments
        ``mean``, ``variance`` and ``mode`` (floats for scalar input, arrays otherwise).

    Examples
    --------
    >>> m = beta_moments(5, 2)
    >>> round(m.mean, 4), round(m.variance, 4), round(m.mode, 4)
    (0.7143, 0.0255, 0.8)
    >>> beta_moments(0.5, 3).mode, beta_moments(1, 1).mode
    (0.0, None)
    """
    alpha = _as_shape_parameter(a, "a")
    beta = _as_shape_parameter(b, "b")
    alpha, beta = broadcast(a=alpha, b=beta)
    total = alpha + beta
    mean = alpha / total
    variance = alpha * beta / (total**2 * (total + 1.0))

    interior = (alpha > 1) & (beta > 1)
    at_zero = (alpha <= 1) & (beta >= 1) & ~((alpha == 1) & (beta == 1))
    at_one = (beta <= 1) & (alpha >= 1) & ~((alpha == 1) & (beta == 1))
    no_mode = ~(interior | at_zero | at_one)  # uniform, or U-shaped (α < 1 and β < 1)
    safe_denominator = np.where(interior, total - 2.0, 1.0)
    mode = np.where(interior, (alpha - 1.0) / safe_denominator, np.where(at_one, 1.0, 0.0))
    if mode.ndim == 0:
        mode_out: Any = None if bool(no_mode) else float(mode)
    else:
        mode_out = np.ma.masked_array(mode, mask=no_mode)
    return BetaMoments(mean=to_output(mean), variance=to_output(variance), mode=mode_out)


# --------------------------------------------------------------------------------------------
# method-of-moments fit


@dataclass(frozen=True)
class BetaFit(ReadableResult):
    """Beta parameters fitted to a sample of rates (see :func:`fit_beta_moments`).

    Unpacks as ``alpha, beta = fit``.

    Attributes
    ----------
    alpha, beta : float
        The estimates α̂ and β̂.
    sample_mean : float
        ``m``, the sample mean.
    sample_variance : float
        ``s``, the sample variance with divisor ``K − 1``.
    size : int
        ``K``, the number of values in the sample.
    method : str
        ``"method of moments (Wolff 2014, §1.2)"``.
    """

    alpha: float
    beta: float
    sample_mean: float
    sample_variance: float
    size: int
    method: str = "method of moments (Wolff 2014, §1.2)"

    def __iter__(self):
        """Unpack as ``alpha, beta = fit``."""
        yield self.alpha
        yield self.beta

    def __str__(self) -> str:
        return (
            f"Beta(α̂ = {self.alpha:.4g}, β̂ = {self.beta:.4g}) from K = {self.size} values "
            f"(m = {self.sample_mean:.4g}, s = {self.sample_variance:.4g}; {self.method})"
        )


def fit_beta_moments(sample: Any) -> BetaFit:
    """Fit a beta distribution to a sample of rates by the method of moments.

    Wolff (2014), §1.2: from the sample mean ``m = (1/K) Σ x_k`` and the sample variance
    ``s = (1/(K − 1)) Σ (x_k − m)²``, solving eq. 10–11 for the parameters gives::

        α̂ = m · (m (1 − m) / s − 1)
        β̂ = (1 − m) · (m (1 − m) / s − 1)

    which is valid only if ``s < m (1 − m)``: otherwise ``α̂ + β̂ = m(1 − m)/s − 1 ≤ 0`` and no
    beta distribution has these moments (every beta distribution has variance below
    ``m (1 − m)``). Such a sample raises ``ValueError``.

    Parameters
    ----------
    sample : array_like, 1-D
        At least two values in [0, 1] (e.g. rates measured on several test sets), not all equal.

    Returns
    -------
    BetaFit
        ``alpha``, ``beta`` and the sample moments they reproduce.

    Raises
    ------
    ValueError
        For an empty or 1-value sample, values outside [0, 1] or NaN, a sample whose values
        are all equal (``s = 0``), or ``s ≥ m (1 − m)``.

    Examples
    --------
    >>> fit = fit_beta_moments([0.6, 0.7, 0.8, 0.9, 0.75])
    >>> alpha, beta = fit
    >>> round(alpha, 4), round(beta, 4)
    (10.5, 3.5)
    """
    if isinstance(sample, (str, bytes)):
        raise TypeError(f"sample must be a 1-D array of rates in [0, 1]; got {sample!r}")
    arr = np.asarray(sample) if not np.isscalar(sample) else np.asarray([sample])
    if arr.ndim != 1:
        raise ValueError(f"sample must be 1-D (one rate per value); got shape {arr.shape}")
    if arr.size == 0:
        raise ValueError("sample must not be empty; got 0 values")
    values = as_probabilities(arr, "sample")
    if values.size < 2:
        raise ValueError(
            f"sample must hold at least 2 values (the variance divides by K − 1); got {values.size}"
        )
    size = int(values.size)
    m = float(values.mean())
    s = float(values.var(ddof=1))
    if np.all(values == values[0]) or s == 0.0:
        raise ValueError(
            f"sample has variance 0 (to floating-point precision; its {size} values span "
            f"{values.min().item()!r} to {values.max().item()!r}); no beta distribution fits"
        )
    bound = m * (1.0 - m)
    if not s < bound:
        raise ValueError(
            "the method of moments needs s < m(1 − m) (Wolff 2014, §1.2); the sample has "
            f"m = {m:.6g}, s = {s:.6g} ≥ m(1 − m) = {bound:.6g}: its values pile up at 0 and 1 "
            "more than any beta distribution allows"
        )
    common = bound / s - 1.0
    return BetaFit(
        alpha=m * common, beta=(1.0 - m) * common, sample_mean=m, sample_variance=s, size=size
    )
