"""Bootstrap confidence intervals for any statistic of a test set (beyond the documents).

The documents give exact intervals for a recognition rate because the number of correct
answers is binomial (Wolff 2014, §3). F1, the AUC, a difference of two classifiers' scores on
the same test set, or the word accuracy of a sequence recognizer (Wolff 2014, §5.2) have no such
simple distribution. The nonparametric bootstrap (Efron & Tibshirani 1993) estimates the
sampling distribution of the statistic by recomputing it on test sets drawn with replacement
from the one we have:

* :func:`bootstrap_interval` — percentile or BCa interval (DiCiccio & Efron 1996) for
  ``statistic(*samples)``, resampling the rows of all samples together;
* :func:`paired_difference_interval` — interval for metric(A) − metric(B) on one test set,
  resampling test points, so that the pairing of the two classifiers is kept;
* :func:`jackknife` — the leave-one-out values that give BCa's acceleration;
* :func:`word_accuracy` — ACC = (N − S − D − I)/N of a sequence recognizer (Wolff 2014, §5.2).

The bootstrap is approximate: its coverage is close to nominal for smooth statistics and
large test sets, and can fall well short for small ones (notebook 09 measures it). Near 100 %
accuracy it collapses: a test set with every item right gives every resample the same value,
an interval of width 0 (the functions then warn; their docstrings give the measured coverage).
"""

from __future__ import annotations

import numbers
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy import special

from evalkit._validation import (
    as_counts,
    as_generator,
    as_real_array,
    broadcast,
    check_choice,
    check_confidence,
    to_output,
)
from evalkit.results import Interval

__all__ = [
    "BootstrapInterval",
    "acceleration",
    "bias_correction",
    "bootstrap_interval",
    "jackknife",
    "paired_difference_interval",
    "word_accuracy",
]

METHODS = ("percentile", "bca")

#: Why every resample can give the same value, and the exact interval to use instead (the end
#: of the warning of :func:`bootstrap_interval` and :func:`paired_difference_interval`).
PROPORTION_ADVICE = (
    "This happens when the sample holds no variation, e.g. an accuracy with every item right, "
    "which K items of true accuracy x show with probability x^K (36 % at K = 50, x = 0.98). "
    "For a proportion (an accuracy, a recall) use an exact interval instead: "
    "evalkit.intervals.clopper_pearson(successes, trials)."
)
PAIRED_ADVICE = (
    "This happens when the two classifiers agree on every item (both right or both wrong), "
    "which K items with a share q of discordant items show with probability (1 − q)^K. "
    "For a difference of two accuracies on the same items use "
    "evalkit.paired.difference_interval(evalkit.paired.agreement_table(y_pred_a == y_true, "
    "y_pred_b == y_true)) instead."
)

# --------------------------------------------------------------------------------------------
# input checks this module needs beyond evalkit._validation


def _as_rounds(rounds: Any) -> int:
    if isinstance(rounds, (bool, np.bool_)) or not isinstance(rounds, numbers.Integral):
        raise TypeError(f"rounds must be a whole number ≥ 100; got {rounds!r}")
    if rounds < 100:
        raise ValueError(f"rounds must be a whole number ≥ 100; got {rounds!r}")
    return int(rounds)


def _as_samples(samples: tuple[Any, ...], names: tuple[str, ...] | None = None) -> list[np.ndarray]:
    """The samples as arrays of one length n ≥ 2 along axis 0; ``names`` word the messages."""
    if not samples:
        raise ValueError("samples: give at least one array to resample")
    if names is None:
        names = tuple(f"samples[{i}]" for i in range(len(samples)))
        together = "samples"
    else:
        together = " and ".join((", ".join(names[:-1]), names[-1])) if len(names) > 1 else names[0]
    arrays = []
    for name, s in zip(names, samples, strict=True):
        if isinstance(s, (str, bytes)):
            raise TypeError(f"{name} must be an array; got {s!r}")
        arr = np.asarray(s)
        if arr.ndim == 0:
            raise ValueError(f"{name} must have at least one axis (one row per item)")
        arrays.append(arr)
    n = arrays[0].shape[0]
    for name, arr in zip(names, arrays, strict=True):
        if arr.shape[0] != n:
            raise ValueError(
                f"{together} must all have the same length along axis 0 (they are resampled "
                f"together, row by row); got {names[0]} with {n} and {name} with "
                f"{arr.shape[0]}"
            )
    if n < 2:
        raise ValueError(f"{together} must have at least 2 rows to resample; got {n}")
    return arrays


def _statistic_values(value: Any) -> np.ndarray:
    """What a statistic returned, as floats; text or other objects name the statistic."""
    try:
        return np.asarray(value, dtype=float)
    except (TypeError, ValueError) as exc:
        raise TypeError(
            f"statistic must return one number (with vectorized=True, one per resample); "
            f"got {value!r:.80}"
        ) from exc


def _batch_values(statistic: Callable[..., Any], batches: list[np.ndarray]) -> np.ndarray:
    """A vectorized statistic on inputs shaped (batch, n, ...): one float per batch row."""
    size = batches[0].shape[0]
    values = _statistic_values(statistic(*batches))
    if values.shape != (size,):
        raise ValueError(
            "a vectorized statistic must reduce axis 1 of its (batch, n, ...) inputs and "
            f"return shape (batch,) = ({size},); got shape {values.shape}"
        )
    return values


def _scalar_statistic(value: Any) -> float:
    arr = _statistic_values(value)
    if arr.ndim != 0:
        raise ValueError(
            f"statistic must return one number for the samples; got an array of shape {arr.shape}"
        )
    return float(arr)


# --------------------------------------------------------------------------------------------
# result type


@dataclass(frozen=True)
class BootstrapInterval(Interval):
    """A bootstrap confidence interval, with the bootstrap distribution behind it.

    Attributes
    ----------
    low, high, estimate, confidence, method
        As in :class:`~evalkit.results.Interval` (``estimate`` is the statistic on the
        original samples).
    std_error : float
        Standard deviation of the bootstrap replicates.
    bias : float
        Mean of the replicates minus the estimate.
    rounds : int
        Number of bootstrap resamples B.
    replicates : ndarray, shape (rounds,)
        The statistic on each resample (for histograms).
    mc_standard_error : float
        Monte-Carlo standard error of the limits (the larger of the two): how much ``low`` and
        ``high`` would move with another ``rng``. It shrinks as 1/√rounds; see
        :func:`bootstrap_interval`.
    """

    std_error: Any = None
    bias: Any = None
    rounds: int = 0
    replicates: np.ndarray = field(default=None, repr=False, compare=False)
    mc_standard_error: Any = None

    def __post_init__(self) -> None:
        super().__post_init__()
        for name in ("std_error", "bias", "mc_standard_error"):
            if getattr(self, name) is not None:
                object.__setattr__(self, name, to_output(getattr(self, name)))


# --------------------------------------------------------------------------------------------
# core


def _replicates(
    statistic: Callable[..., Any],
    arrays: list[np.ndarray],
    rounds: int,
    gen: np.random.Generator,
    vectorized: bool,
    batch: int,
) -> np.ndarray:
    n = arrays[0].shape[0]
    out = np.empty(rounds)
    for start in range(0, rounds, batch):
        size = min(batch, rounds - start)
        idx = gen.integers(0, n, size=(size, n))
        if vectorized:
            out[start : start + size] = _batch_values(statistic, [a[idx] for a in arrays])
        else:
            for r in range(size):
                out[start + r] = _scalar_statistic(statistic(*[a[idx[r]] for a in arrays]))
    return out


def jackknife(
    statistic: Callable[..., Any], *samples: ArrayLike, vectorized: bool = False
) -> np.ndarray:
    """The leave-one-out (jackknife) values θ̂_(i) of a statistic, i = 1 … n.

    θ̂_(i) is the statistic on the samples with row i removed from each (rows are removed
    together, as in :func:`bootstrap_interval`).

    Parameters
    ----------
    statistic : callable
        ``statistic(*samples)`` → one number (or, with ``vectorized``, a batch of numbers,
        reducing axis 1 of inputs shaped (batch, n − 1, ...)).
    *samples : array_like
        Arrays with the same length n along axis 0.
    vectorized : bool, default False

    Returns
    -------
    ndarray, shape (n,)

    Examples
    --------
    >>> jackknife(np.mean, [1.0, 2.0, 6.0]).tolist()
    [4.0, 3.5, 1.5]
    """
    _check_statistic(statistic, "statistic")
    vectorized = _check_flag(vectorized, "vectorized")
    return _jackknife_core(statistic, _as_samples(samples), vectorized)


def _jackknife_core(
    statistic: Callable[..., Any], arrays: list[np.ndarray], vectorized: bool
) -> np.ndarray:
    n = arrays[0].shape[0]
    keep = ~np.eye(n, dtype=bool)
    if vectorized:
        idx = np.nonzero(keep)[1].reshape(n, n - 1)
        values = np.empty(n)
        step = max(1, 2_000_000 // max(n, 1))
        for start in range(0, n, step):
            part = idx[start : start + step]
            values[start : start + part.shape[0]] = _batch_values(
                statistic, [a[part] for a in arrays]
            )
        return values
    return np.array([_scalar_statistic(statistic(*[a[keep[i]] for a in arrays])) for i in range(n)])


def _check_statistic(statistic: Any, name: str) -> None:
    if not callable(statistic):
        raise TypeError(f"{name} must be a callable; got {statistic!r}")


def _check_flag(value: Any, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False; got {value!r}")
    return bool(value)


def bias_correction(replicates: ArrayLike, estimate: float) -> float:
    """BCa's bias correction ẑ0 = Φ⁻¹(share of replicates below the estimate, ties as half).

    Efron & Tibshirani (1993), eq. 14.14, count the replicates θ̂*_b < θ̂. For a discrete
    statistic (an accuracy on a few dozen items) a large share of the replicates *equal*
    θ̂; counting them as half — (#{θ̂*_b < θ̂} + #{θ̂*_b ≤ θ̂}) / 2B, the mid-rank, as
    ``scipy.stats.bootstrap`` does — keeps ẑ0 = 0 for a symmetric bootstrap distribution,
    where counting only the strict inequalities pushes ẑ0 below 0 and the interval down.
    For a continuous statistic ties have probability 0 and both counts agree.

    Parameters
    ----------
    replicates : array_like, shape (B,)
        The bootstrap replicates θ̂*_1 … θ̂*_B.
    estimate : float
        The statistic on the original sample, θ̂.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        When every replicate lies strictly on one side of the estimate (ẑ0 = ±∞).

    Examples
    --------
    >>> round(bias_correction([0.7, 0.8, 0.8, 0.9], 0.8), 12)       # symmetric: no bias
    0.0
    >>> round(bias_correction([0.6, 0.7, 0.8, 0.9], 0.8), 4)        # 2.5 of 4 below
    0.3186
    """
    reps = _finite_values(replicates, "replicates", 1)
    if isinstance(estimate, (bool, np.bool_)) or not isinstance(estimate, numbers.Real):
        raise TypeError(f"estimate must be a finite number; got {estimate!r}")
    if not np.isfinite(estimate):
        raise ValueError(f"estimate must be finite; got {estimate!r}")
    return _bias_correction_core(reps, float(estimate))


def _bias_correction_core(reps: np.ndarray, estimate: float) -> float:
    share = (np.count_nonzero(reps < estimate) + np.count_nonzero(reps <= estimate)) / (
        2.0 * reps.size
    )
    if share in (0.0, 1.0):
        raise ValueError(
            "BCa is undefined here: every bootstrap replicate lies on one side of the "
            f"estimate {estimate:.6g} (the bias correction z0 is infinite); use "
            "method='percentile', or for a proportion an exact interval "
            "(evalkit.intervals.clopper_pearson)"
        )
    return float(special.ndtri(share))


def _finite_values(value: Any, name: str, minimum: int) -> np.ndarray:
    """A 1-D float array of at least ``minimum`` finite numbers."""
    arr = as_real_array(value, name).astype(float)
    if arr.ndim != 1 or arr.size < minimum:
        raise ValueError(
            f"{name} must be a 1-D array of at least {minimum} numbers; got shape {arr.shape}"
        )
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} must be finite; got {arr[~np.isfinite(arr)][0]!r}")
    return arr


def acceleration(jackknife_values: ArrayLike) -> float:
    """BCa's acceleration â from the jackknife values θ̂_(i) (Efron & Tibshirani 1993, eq. 14.15).

    .. math:: \\hat a = \\frac{\\sum_i (\\bar\\theta - \\hat\\theta_{(i)})^3}
                          {6\\,[\\sum_i (\\bar\\theta - \\hat\\theta_{(i)})^2]^{3/2}}

    with θ̄ the mean of the θ̂_(i). (scipy's form with U_i = (n − 1)(θ̄ − θ̂_(i)) is the same
    number: the factors (n − 1)³ cancel.)

    Parameters
    ----------
    jackknife_values : array_like, shape (n,)
        θ̂_(1) … θ̂_(n), e.g. from :func:`jackknife`.

    Returns
    -------
    float

    Raises
    ------
    ValueError
        When all jackknife values are equal (â = 0/0): the statistic does not move when an
        item is left out, e.g. an accuracy of 1 on every item.

    Examples
    --------
    >>> round(acceleration(jackknife(np.mean, [1.0, 2.0, 6.0])), 4)   # = 18 / (6 · 14^1.5)
    0.0573
    """
    return _acceleration_core(_finite_values(jackknife_values, "jackknife_values", 2))


def _acceleration_core(jack: np.ndarray) -> float:
    dev = jack.mean() - jack
    squares = np.sum(dev**2)
    if not squares > 0:
        raise ValueError(
            "BCa is undefined here: the statistic takes the same value on every "
            "leave-one-out sample, so the acceleration is 0/0 (for an accuracy: every "
            "item is right, or every item wrong; for two classifiers: they agree on every "
            "item). The percentile interval is then [estimate, estimate], of width 0; use an "
            "exact interval: evalkit.intervals.clopper_pearson for a proportion, "
            "evalkit.paired.difference_interval for a paired difference of accuracies"
        )
    return float(np.sum(dev**3) / (6.0 * squares**1.5))


def bootstrap_interval(
    statistic: Callable[..., Any],
    *samples: ArrayLike,
    method: str = "percentile",
    rounds: int = 2000,
    confidence: float = 0.95,
    rng: Any = None,
    vectorized: bool = False,
) -> BootstrapInterval:
    """A nonparametric bootstrap confidence interval for ``statistic(*samples)``.

    Draw B test sets of n rows with replacement (the rows of all samples together, so that
    labels, predictions and scores of one test item stay together), recompute the statistic on
    each, θ̂*_1 … θ̂*_B, and read the interval off their distribution (Efron & Tibshirani 1993):

    * ``"percentile"`` (ch. 13): the α/2 and 1 − α/2 quantiles of θ̂*.
    * ``"bca"`` (bias-corrected and accelerated; Efron & Tibshirani 1993, ch. 14; DiCiccio &
      Efron 1996, eq. 2.3–2.5): the quantiles at

      .. math::

         \\alpha_{1,2} = \\Phi\\!\\left(\\hat z_0 +
             \\frac{\\hat z_0 + z_{\\alpha/2,\\,1-\\alpha/2}}
                   {1 - \\hat a(\\hat z_0 + z_{\\alpha/2,\\,1-\\alpha/2})}\\right),

      with bias correction :math:`\\hat z_0 = \\Phi^{-1}\\bigl((\\#\\{\\hat\\theta^*_b <
      \\hat\\theta\\} + \\#\\{\\hat\\theta^*_b \\le \\hat\\theta\\})/2B\\bigr)` —
      replicates equal to the estimate count as half (see :func:`bias_correction`; it
      matters for discrete statistics such as an accuracy) — and acceleration from the
      jackknife values θ̂_(i) (see
      :func:`jackknife` and :func:`acceleration`), :math:`\\hat a = \\sum(\\bar\\theta -
      \\hat\\theta_{(i)})^3 / \\bigl(6 [\\sum(\\bar\\theta - \\hat\\theta_{(i)})^2]^{3/2}\\bigr)`.

    Quantiles are linear interpolations (``numpy.quantile``), as in ``scipy.stats.bootstrap``:
    given the same replicates, both methods give scipy's interval to rounding error (scipy's
    ``paired=True`` for several samples, which are resampled row by row here).

    **Near 100 % the interval collapses.** When every one of the K items is right — probability
    p^K at a true accuracy p — every resample is right too: the percentile interval is [1, 1], of
    width 0, which misses p, and BCa gives no interval at all (its acceleration is 0/0, a
    ``ValueError``). The function then warns (``UserWarning``) and names the exact interval.
    Measured in the coverage atlas (seeded simulation of K items, each right with probability p,
    the statistic their accuracy; B = 1000, 95 %; ± Monte-Carlo SE; "no BCa interval" is the
    share of test sets where BCa raised, counted as misses in its coverage; the atlas also
    holds p = 0.97 and 0.995):

    ===  =====  =====  =============  =============  ===============
    K    p      p^K    percentile     BCa            no BCa interval
    ===  =====  =====  =============  =============  ===============
    50   0.9    0.005  0.962 ± 0.003  0.977 ± 0.003  0.005 ± 0.001
    50   0.95   0.077  0.906 ± 0.004  0.897 ± 0.004  0.083 ± 0.004
    50   0.98   0.364  0.638 ± 0.005  0.635 ± 0.005  0.362 ± 0.005
    50   0.99   0.605  0.396 ± 0.005  0.384 ± 0.005  0.603 ± 0.005
    50   0.999  0.951  0.044 ± 0.003  0.044 ± 0.003  0.956 ± 0.003
    100  0.9    0.000  0.959 ± 0.003  0.970 ± 0.003  0.000 ± 0.000
    100  0.95   0.006  0.959 ± 0.003  0.982 ± 0.003  0.005 ± 0.001
    100  0.98   0.133  0.864 ± 0.004  0.860 ± 0.004  0.132 ± 0.004
    100  0.99   0.366  0.629 ± 0.005  0.626 ± 0.005  0.370 ± 0.005
    100  0.999  0.905  0.095 ± 0.004  0.095 ± 0.004  0.905 ± 0.004
    200  0.9    0.000  0.950 ± 0.004  0.957 ± 0.004  0.000 ± 0.000
    200  0.95   0.000  0.959 ± 0.004  0.969 ± 0.003  0.000 ± 0.000
    200  0.98   0.018  0.912 ± 0.004  0.967 ± 0.003  0.019 ± 0.003
    200  0.99   0.134  0.864 ± 0.004  0.858 ± 0.004  0.134 ± 0.004
    200  0.999  0.819  0.183 ± 0.004  0.182 ± 0.004  0.817 ± 0.004
    500  0.9    0.000  0.949 ± 0.003  0.951 ± 0.003  0.000 ± 0.000
    500  0.95   0.000  0.952 ± 0.004  0.960 ± 0.003  0.000 ± 0.000
    500  0.98   0.000  0.958 ± 0.004  0.968 ± 0.003  0.000 ± 0.000
    500  0.99   0.007  0.957 ± 0.004  0.980 ± 0.003  0.005 ± 0.002
    500  0.999  0.606  0.391 ± 0.005  0.378 ± 0.005  0.607 ± 0.005
    ===  =====  =====  =============  =============  ===============

    With five or more expected errors K(1 − p) the percentile interval covers 0.936–0.962; with
    two to four, 0.864–0.953; with one, about 0.63; with 0.5 or fewer, 0.04–0.40. Once p^K is
    not small the coverage is about 1 − p^K, and BCa fails in about the share p^K of test sets
    (0.362 ± 0.005 at K = 50, p = 0.98, where p^K = 0.364). **For a proportion use the exact
    interval**, :func:`evalkit.intervals.clopper_pearson`, whose coverage is at least 0.95 at
    every K and p (:func:`evalkit.intervals.coverage` computes it exactly); keep the bootstrap
    for statistics that have no exact interval, and not near 100 %.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage, bca): minimum 0.044 (at K=50, p=0.999, rounds=1000, statistic=accuracy), median
    0.921, maximum 0.982 over 30 settings. It covers less than 93 % at 15 of the 30 settings.
    Atlas (coverage, percentile): minimum 0.044 (at K=50, p=0.999, rounds=1000, statistic=accuracy),
    median 0.912, maximum 0.962 over 30 settings. It covers less than 93 % at 16 of the 30 settings.

    Parameters
    ----------
    statistic : callable
        ``statistic(*samples)`` → one number, e.g. ``lambda y, p: np.mean(y == p)``. With
        ``vectorized=True`` it receives arrays with a leading batch axis, shape
        (batch, n, ...), and must return shape (batch,) (reduce axis 1).
    *samples : array_like
        One or more arrays with the same length n ≥ 2 along axis 0 (one row per test item).
    method : {"percentile", "bca"}
    rounds : int, default 2000
        B ≥ 100 resamples.
    confidence : float, default 0.95
    rng : numpy.random.Generator, int or None
        Source of randomness: a seed or a Generator makes the interval reproducible; None
        (the default) draws fresh entropy, so the limits move by about ``mc_standard_error``
        from call to call.
    vectorized : bool, default False
        Whether ``statistic`` handles a batch of resamples at once (much faster).

    Returns
    -------
    BootstrapInterval
        ``low``, ``high``, ``estimate``, ``std_error``, ``bias``, ``rounds``, ``replicates``
        and ``mc_standard_error``, the Monte-Carlo standard error of the limits: the
        distance between the order statistics √(B p (1 − p)) ranks either side of each limit,
        halved (the order-statistic method of McKean & Schrader 1984), the larger of the two.
        In tests/test_bootstrap.py it is within 25 % of the limits' standard deviation over
        200 repeated bootstraps of one sample.

    Raises
    ------
    ValueError
        For bad inputs, and for BCa when the bootstrap distribution lies entirely on one side
        of the estimate (the bias correction is infinite) or the statistic does not change when
        an item is left out (the acceleration is 0/0), e.g. accuracy 1 on every item.

    Examples
    --------
    >>> correct = np.array([1] * 40 + [0] * 10)
    >>> ci = bootstrap_interval(np.mean, correct, rounds=1000, rng=0)
    >>> round(ci.estimate, 2), round(ci.low, 2), round(ci.high, 2)
    (0.8, 0.68, 0.9)
    >>> ci.mc_standard_error < 0.01   # the limits are accurate to about ±0.005
    True
    """
    _check_statistic(statistic, "statistic")
    method = check_choice(method, "method", METHODS)
    level = check_confidence(confidence)
    b = _as_rounds(rounds)
    gen = as_generator(rng, allow_none=True)
    vectorized = _check_flag(vectorized, "vectorized")
    arrays = _as_samples(samples)
    return _bootstrap_interval_core(
        statistic, arrays, method, b, level, gen, vectorized, advice=PROPORTION_ADVICE
    )


def _bootstrap_interval_core(
    statistic: Callable[..., Any],
    arrays: list[np.ndarray],
    method: str,
    b: int,
    level: float,
    gen: np.random.Generator,
    vectorized: bool,
    advice: str | None = None,
) -> BootstrapInterval:
    """:func:`bootstrap_interval` on checked inputs.

    With ``advice`` (a sentence naming the exact alternative), a ``UserWarning`` says when every
    resample gave the same value (:func:`_warn_if_collapsed`); None stays silent (the cluster
    bootstrap of :mod:`evalkit.clustered` warns for itself).
    """
    n = arrays[0].shape[0]
    if vectorized:
        theta = float(_batch_values(statistic, [a[None] for a in arrays])[0])
    else:
        theta = _scalar_statistic(statistic(*arrays))
    batch = max(1, min(b, 4_000_000 // max(n, 1)))
    reps = _replicates(statistic, arrays, b, gen, vectorized, batch)
    if not np.isfinite(reps).all():
        raise ValueError(
            "statistic returned NaN or inf on some bootstrap resamples (e.g. a metric undefined "
            "when a resample lacks a class); make the statistic defined on every resample"
        )
    alpha = 1.0 - level
    probs = np.array([alpha / 2.0, 1.0 - alpha / 2.0])
    if method == "bca":
        z0 = _bias_correction_core(reps, theta)
        accel = _acceleration_core(_jackknife_core(statistic, arrays, vectorized))
        z = special.ndtri(probs)
        probs = special.ndtr(z0 + (z0 + z) / (1.0 - accel * (z0 + z)))
        name = "bootstrap BCa"
    else:
        name = "bootstrap percentile"
    low, high = np.quantile(reps, probs)
    if advice is not None and reps.min() == reps.max():
        _warn_if_collapsed(float(reps[0]), b, advice)
    return BootstrapInterval(
        low=low,
        high=high,
        estimate=theta,
        confidence=level,
        method=name,
        std_error=float(np.std(reps, ddof=1)),
        bias=float(np.mean(reps) - theta),
        rounds=b,
        replicates=reps,
        mc_standard_error=_quantile_mc_error(reps, probs),
    )


def _warn_if_collapsed(value: float, rounds: int, advice: str) -> None:
    """UserWarning: every resample gave ``value``, so the interval has width 0.

    ``stacklevel`` 4 names the line that called the public function (public → core → here).
    """
    warnings.warn(
        f"every one of the {rounds} bootstrap resamples gave the same value {value:.6g}, so the "
        f"interval is [{value:.6g}, {value:.6g}], of width 0: not a confidence interval (the "
        f"bootstrap cannot show variation that the sample does not hold). {advice}",
        UserWarning,
        stacklevel=4,
    )


def _quantile_mc_error(reps: np.ndarray, probs: np.ndarray) -> float:
    """Monte-Carlo standard error of the quantiles ``probs`` of the replicates (the larger).

    The number of replicates below the true p-quantile is Binomial(B, p), with standard
    deviation c = √(B p (1 − p)); so the order statistics c ranks either side of the sample
    quantile bracket the true quantile with probability ≈ 68 %, and half their distance
    estimates the quantile's standard error without a density estimate (the order-statistic
    method of McKean & Schrader 1984, "A comparison of methods for studentizing the sample
    median", Communications in Statistics B 13(6), at one standard error).
    """
    b = reps.size
    errors = []
    for p in np.asarray(probs, dtype=float):
        reach = np.sqrt(b * p * (1.0 - p)) / max(b - 1, 1)
        low, high = np.quantile(reps, [max(p - reach, 0.0), min(p + reach, 1.0)])
        errors.append((high - low) / 2.0)
    return float(max(errors))


def paired_difference_interval(
    metric: Callable[..., Any],
    y_true: ArrayLike,
    y_pred_a: ArrayLike,
    y_pred_b: ArrayLike,
    *,
    method: str = "percentile",
    rounds: int = 2000,
    confidence: float = 0.95,
    rng: Any = None,
    vectorized: bool = False,
) -> BootstrapInterval:
    """Bootstrap interval for metric(classifier A) − metric(classifier B) on one test set.

    Both classifiers were run on the same n test items, so their results are paired (Günter
    2004, §2.1): resample the test items, and on each resample compute
    ``metric(y_true*, y_pred_a*) − metric(y_true*, y_pred_b*)`` from the same drawn
    items. Resampling the two classifiers separately would ignore their correlation and give
    a much wider interval. An interval that excludes 0 means a significant difference at
    level 1 − confidence (approximately).

    **Near 100 % the interval collapses.** When the two classifiers agree on every item (both
    right or both wrong; probability (1 − q)^K with a share q of discordant items), every resample
    gives the difference 0: the percentile interval is [0, 0] and BCa gives none; the function
    warns (``UserWarning``) and names the exact interval. Measured in the coverage atlas (seeded
    simulation: B right with probability p_B, A wrong half as often, the two wrong independently
    of each other, so the true difference is (1 − p_B)/2; B = 1000, 95 %; ± Monte-Carlo SE;
    "no BCa interval" as in :func:`bootstrap_interval`):

    ===  =====  ================  =============  =============  ===============
    K    p_B    P(no discordant)  percentile     BCa            no BCa interval
    ===  =====  ================  =============  =============  ===============
    50   0.9    0.001             0.931 ± 0.004  0.915 ± 0.004  0.001 ± 0.000
    50   0.95   0.023             0.901 ± 0.004  0.866 ± 0.004  0.023 ± 0.002
    50   0.98   0.223             0.620 ± 0.005  0.585 ± 0.005  0.221 ± 0.004
    50   0.99   0.472             0.392 ± 0.005  0.383 ± 0.005  0.473 ± 0.005
    50   0.999  0.928             0.049 ± 0.003  0.049 ± 0.003  0.929 ± 0.004
    100  0.9    0.000             0.937 ± 0.004  0.930 ± 0.004  0.000 ± 0.000
    100  0.95   0.001             0.922 ± 0.004  0.897 ± 0.004  0.000 ± 0.000
    100  0.98   0.050             0.858 ± 0.004  0.832 ± 0.004  0.043 ± 0.002
    100  0.99   0.223             0.629 ± 0.005  0.596 ± 0.005  0.218 ± 0.004
    100  0.999  0.861             0.093 ± 0.004  0.091 ± 0.004  0.861 ± 0.004
    500  0.9    0.000             0.945 ± 0.004  0.943 ± 0.004  0.000 ± 0.000
    500  0.95   0.000             0.949 ± 0.004  0.946 ± 0.004  0.000 ± 0.000
    500  0.98   0.000             0.938 ± 0.004  0.928 ± 0.004  0.000 ± 0.000
    500  0.99   0.001             0.934 ± 0.004  0.912 ± 0.004  0.001 ± 0.000
    500  0.999  0.472             0.395 ± 0.005  0.384 ± 0.005  0.466 ± 0.005
    ===  =====  ================  =============  =============  ===============

    With 500 items both cover 0.91–0.95 up to p_B = 0.99. With 50–100 items BCa is below 0.93
    already at p_B = 0.9 (0.915–0.930), and both fall from p_B = 0.95 on (percentile 0.90–0.92,
    BCa 0.87–0.90) to 0.59–0.63 at p_B = 0.98 (50 items) or 0.99 (100 items). **For two
    accuracies on the same items use** :func:`evalkit.paired.difference_interval` on their
    agreement table (Newcombe's interval, its default, covers 0.959–1.000 at the atlas's 10
    settings, computed exactly, 20–50 items, accuracies 0.80–0.98).

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage, bca): minimum 0.049 (at N=50, p_a=0.998501, p_b=0.0009995, p_c=0.0004995,
    p_d=5e-07, rounds=1000), median 0.897, maximum 0.946 over 17 settings. It covers less than 93 %
    at 12 of the 17 settings.
    Atlas (coverage, percentile): minimum 0.049 (at N=50, p_a=0.998501, p_b=0.0009995,
    p_c=0.0004995, p_d=5e-07, rounds=1000), median 0.922, maximum 0.958 over 17 settings. It covers
    less than 93 % at 8 of the 17 settings.

    Parameters
    ----------
    metric : callable
        ``metric(y_true, y_pred)`` → a number (accuracy, F1, AUC with scores as
        predictions …), in scikit-learn's argument order. With ``vectorized=True``, inputs have
        a leading batch axis.
    y_true, y_pred_a, y_pred_b : array_like, shape (n, ...)
        The true labels and the two classifiers' predictions (or scores) for the same items.
    method, rounds, confidence, rng, vectorized
        As in :func:`bootstrap_interval`.

    Returns
    -------
    BootstrapInterval
        ``estimate`` is the observed difference.

    Examples
    --------
    >>> y = np.array([1, 0] * 50)
    >>> a = y.copy(); a[:10] = 1 - a[:10]          # 10 errors
    >>> b = y.copy(); b[:20] = 1 - b[:20]          # 20 errors, including a's 10
    >>> acc = lambda t, p: np.mean(t == p)
    >>> ci = paired_difference_interval(acc, y, a, b, rounds=1000, rng=1)
    >>> round(ci.estimate, 2), ci.low > 0
    (0.1, True)
    """
    _check_statistic(metric, "metric")
    method = check_choice(method, "method", METHODS)
    level = check_confidence(confidence)
    b = _as_rounds(rounds)
    gen = as_generator(rng, allow_none=True)
    vectorized = _check_flag(vectorized, "vectorized")
    arrays = _as_samples((y_true, y_pred_a, y_pred_b), ("y_true", "y_pred_a", "y_pred_b"))

    def difference(y: Any, p1: Any, p2: Any) -> Any:
        return np.asarray(metric(y, p1), dtype=float) - np.asarray(metric(y, p2), dtype=float)

    result = _bootstrap_interval_core(
        difference, arrays, method, b, level, gen, vectorized, advice=PAIRED_ADVICE
    )
    return replace(result, method=f"paired {result.method}")


# --------------------------------------------------------------------------------------------
# Wolff §5.2: accuracy of sequence recognizers


def word_accuracy(
    substitutions: ArrayLike,
    deletions: ArrayLike,
    insertions: ArrayLike,
    reference_length: ArrayLike,
) -> Any:
    """Accuracy of a sequence recognizer, ACC = (N − S − D − I)/N (Wolff 2014, §5.2).

    N is the number of symbols (words, phones) in the reference, and S, D, I count the
    substitutions, deletions and insertions of the best alignment of the recognized sequence
    with the reference. The hits are H = N − S − D, so ACC = (H − I)/N. Because insertions are
    not bounded by N, ACC lies in (−∞, 1] — it is not a proportion of N independent trials,
    which is why Wolff leaves its confidence interval as an open question.

    To pool a test corpus, sum the counts over utterances first and then call this function.

    Parameters
    ----------
    substitutions, deletions, insertions : int or array_like
        Counts ≥ 0; S + D ≤ N.
    reference_length : int or array_like
        N ≥ 1.

    Returns
    -------
    float or ndarray

    Examples
    --------
    >>> word_accuracy(2, 1, 1, 20)
    0.8
    >>> word_accuracy(0, 0, 30, 10)                   # 30 inserted words: far below 0
    -2.0
    """
    s = as_counts(substitutions, "substitutions")
    d = as_counts(deletions, "deletions")
    i = as_counts(insertions, "insertions")
    n = as_counts(reference_length, "reference_length", minimum=1)
    s, d, i, n = broadcast(substitutions=s, deletions=d, insertions=i, reference_length=n)
    over = s + d > n
    if over.any():
        j = np.flatnonzero(over.reshape(-1))[0]
        raise ValueError(
            "substitutions + deletions must not exceed reference_length (both are reference "
            f"symbols); got substitutions={s.reshape(-1)[j]}, deletions={d.reshape(-1)[j]} "
            f"with reference_length={n.reshape(-1)[j]}"
        )
    return to_output((n - s - d - i) / n)
