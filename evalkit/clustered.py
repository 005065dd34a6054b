"""Test items that are not independent: writers, speakers, documents (clustered test sets).

Every other interval and test of the course assumes independent test items. A handwriting test
set usually holds many characters of each *writer*, a speech test set many words of each
*speaker* or utterance: items of one cluster share their difficulty, so their errors are
correlated and the test set carries less information than its item count suggests. Let cluster
i = 1 … k hold m_i items, y_i of them correct, N = Σ m_i items in all, and p̂ = Σ y_i / N the
pooled accuracy. Under a common intra-cluster correlation ρ (Donner & Klar 2000, *Design and
Analysis of Cluster Randomization Trials*, §2; Killip, Mahfoud & Pearce 2004, *What is an
intracluster correlation coefficient?*, Annals of Family Medicine 2:204)

.. math::

   \\operatorname{Var}(\\hat p) = \\frac{p(1-p)}{N}\\,\\bigl(1 + (m_w - 1)\\rho\\bigr),
   \\qquad m_w = \\frac{\\sum m_i^2}{N},

so the test set is worth only N / deff independent items, deff = 1 + (m_w − 1)ρ the *design
effect* (for equal cluster sizes m_w = m̄ and deff = 1 + (m̄ − 1)ρ).

Functions
---------
design_effect
    ρ by the one-way ANOVA estimator, the design effect and the effective number of items.
accuracy_interval
    Interval for the pooled accuracy: ratio estimator with the cluster-robust (linearization)
    variance, Wilson on the effective size (Rao & Scott 1992), or the cluster bootstrap.
mcnemar
    The clustered McNemar tests of Yang, Sun & Hardin (2010, the default), Obuchowski (1998)
    and Durkalski et al. (2003).

With one item per cluster every function reduces to its independent counterpart: deff = 1, the
Wilson interval of :func:`evalkit.intervals.wilson`, the item bootstrap of
:func:`evalkit.bootstrap.bootstrap_interval`, and McNemar's asymptotic test
:func:`evalkit.paired.mcnemar` (``method="asymptotic"``): Durkalski's clustered form exactly,
Yang's and Obuchowski's nearly (their formulas with one item per cluster are in
:func:`mcnemar`).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Hashable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats

from evalkit._tails import two_sided_quantile
from evalkit._validation import as_generator, check_choice, check_confidence
from evalkit.bootstrap import _as_rounds, _bootstrap_interval_core
from evalkit.intervals import _limits
from evalkit.paired import _as_correctness, _same_length
from evalkit.results import Interval, ReadableResult, TestResult

__all__ = ["DesignEffect", "accuracy_interval", "design_effect", "mcnemar"]

INTERVAL_METHODS = ("ratio", "wilson-effective", "bootstrap")
#: The quantile of the Wilson-effective interval: "t" (t with k − 1 degrees of freedom, Korn &
#: Graubard 1998) or "z"; chosen by the coverage measured in benchmarks/precompute_clustered.py.
WILSON_REFERENCE = "t"
#: accuracy_interval warns below this many clusters, or above this pooled accuracy: there the
#: measured coverage of its intervals falls below nominal.
FEW_CLUSTERS = 30
HIGH_ACCURACY = 0.95


# --------------------------------------------------------------------------------------------
# input checks


def _as_clusters(clusters: Any, size: int) -> tuple[np.ndarray, int]:
    """Cluster labels → integer codes 0 … k − 1 in order of first appearance, and k.

    Labels may be any hashable values (ints, strings, tuples); NaN is refused, as is a single
    string (which would be read as one label per character).
    """
    if isinstance(clusters, (str, bytes)):
        raise TypeError(
            f"clusters must be a sequence of cluster labels (one per item), not a single string; "
            f"got {clusters!r}"
        )
    if isinstance(clusters, np.ndarray) and clusters.ndim != 1:
        raise ValueError(
            f"clusters must be one-dimensional (one label per item); got shape {clusters.shape}"
        )
    try:
        labels = clusters if isinstance(clusters, np.ndarray) else list(clusters)
    except TypeError as exc:
        raise TypeError(
            f"clusters must be a sequence of cluster labels (one per item); got {clusters!r}"
        ) from exc
    if len(labels) != size:
        raise ValueError(
            f"clusters must have one label per test item: got {len(labels)} labels for {size} items"
        )
    codes = _codes_of_array(labels)
    if codes is None:
        codes = _codes_of_hashables(labels)
    k = int(codes.max()) + 1
    if k < 2:
        only = labels[0].item() if isinstance(labels[0], np.generic) else labels[0]
        raise ValueError(f"clusters must name at least two different clusters; got only {only!r}")
    return codes, k


def _codes_of_array(labels: Any) -> np.ndarray | None:
    """Fast route for labels of one plain type (ints, strings, floats): codes via np.unique."""
    if not isinstance(labels, np.ndarray):
        if len({type(label) for label in labels}) != 1 or isinstance(labels[0], tuple):
            return None  # mixed types (1 and "1" must stay apart) or tuples: the dict route
        labels = np.asarray(labels)
    if labels.ndim != 1 or labels.dtype.kind not in "biufUS":
        return None
    if labels.dtype.kind == "f" and np.isnan(labels).any():
        raise ValueError("clusters must not contain NaN labels; got nan")
    _, first, inverse = np.unique(labels, return_index=True, return_inverse=True)
    rank = np.empty(first.size, dtype=np.int64)
    rank[np.argsort(first)] = np.arange(first.size)  # number clusters by first appearance
    return rank[inverse.reshape(-1)]


def _codes_of_hashables(labels: Any) -> np.ndarray:
    """Codes for labels of any hashable type, in order of first appearance."""
    codes: dict[Hashable, int] = {}
    out = np.empty(len(labels), dtype=np.int64)
    for i, label in enumerate(labels):
        if not isinstance(label, Hashable):
            raise TypeError(
                f"clusters must hold hashable labels (numbers, strings, tuples); got {label!r}"
            )
        if isinstance(label, float) and math.isnan(label):
            raise ValueError("clusters must not contain NaN labels; got nan")
        out[i] = codes.setdefault(label, len(codes))
    return out


def _totals(correct: Any, clusters: Any, name: str = "correct") -> tuple[np.ndarray, np.ndarray]:
    """Per-cluster (successes y_i, sizes m_i) from per-item correctness and cluster labels."""
    ok = _as_correctness(correct, name)
    codes, k = _as_clusters(clusters, ok.size)
    return np.bincount(codes, weights=ok, minlength=k), np.bincount(codes, minlength=k)


# --------------------------------------------------------------------------------------------
# design effect


@dataclass(frozen=True)
class DesignEffect(ReadableResult):
    """The intra-cluster correlation of a test set and what it costs.

    Attributes
    ----------
    icc : float
        ρ̂, the one-way ANOVA estimate of the intra-cluster correlation (may be negative). It
        is reported as 0 when the data hold no information about it: every cluster holds one
        item (no two items share a cluster), or every item has the same outcome (nothing varies
        between or within clusters). In the second case the design effect 1 is a convention,
        not a measurement: an all-correct test set of few writers is still a small test set.
    design_effect : float
        deff = 1 + (m_w − 1)·max(ρ̂, 0) ≥ 1: by how much clustering inflates the variance of the
        pooled accuracy.
    effective_size : float
        N / deff, the number of independent items the test set is worth.
    items, clusters : int
        N and k.
    mean_size : float
        m̄ = N / k.
    weighted_size : float
        m_w = Σ m_i² / N (= m̄ for equal sizes), the cluster size in the design effect.
    adjusted_size : float
        m̄₀ = (N − Σ m_i²/N)/(k − 1), the cluster size in the ANOVA estimator of ρ.
    """

    icc: float
    design_effect: float
    effective_size: float
    items: int
    clusters: int
    mean_size: float
    weighted_size: float
    adjusted_size: float

    def __str__(self) -> str:
        return (
            f"ICC {self.icc:.4g}, design effect {self.design_effect:.4g}: {self.items} items in "
            f"{self.clusters} clusters are worth {self.effective_size:.4g} independent items"
        )


def _icc_and_design_effect(successes: np.ndarray, sizes: np.ndarray):
    """ρ̂ (ANOVA), deff and the sizes behind them, over the last axis (clusters) of the arrays.

    Vectorized so that a simulation can evaluate many test sets of k clusters at once (shape
    (…, k)); :func:`_design_effect` is the one-test-set case.
    """
    sizes = np.asarray(sizes, dtype=float)
    k = sizes.shape[-1]
    n = sizes.sum(axis=-1)
    rate = successes.sum(axis=-1) / n
    cluster_rates = successes / sizes
    squares = np.sum(sizes**2, axis=-1)
    adjusted = (n - squares / n) / (k - 1)
    weighted = squares / n
    between = np.sum(sizes * (cluster_rates - rate[..., None]) ** 2, axis=-1) / (k - 1)  # MSB
    # MSW; ρ is not estimable (no within-cluster pairs, or no variation at all): read as 0
    pairs = n > k
    within = np.sum(sizes * cluster_rates * (1 - cluster_rates), axis=-1) / np.where(
        pairs, n - k, 1.0
    )
    denominator = between + (adjusted - 1) * within
    estimable = pairs & (denominator > 0)
    icc = np.where(estimable, (between - within) / np.where(estimable, denominator, 1.0), 0.0)
    deff = 1.0 + (weighted - 1.0) * np.maximum(icc, 0.0)
    return icc, deff, n, weighted, adjusted


def _design_effect(successes: np.ndarray, sizes: np.ndarray) -> DesignEffect:
    icc, deff, n, weighted, adjusted = _icc_and_design_effect(successes, sizes)
    return DesignEffect(
        icc=float(icc),
        design_effect=float(deff),
        effective_size=float(n / deff),
        items=int(n),
        clusters=int(sizes.size),
        mean_size=float(n / sizes.size),
        weighted_size=float(weighted),
        adjusted_size=float(adjusted),
    )


def design_effect(correct: ArrayLike, clusters: ArrayLike) -> DesignEffect:
    """Intra-cluster correlation, design effect and effective size of a clustered test set.

    The intra-cluster correlation ρ is estimated by the one-way analysis of variance on the 0/1
    outcomes (Donner & Klar 2000, §5.2; Killip, Mahfoud & Pearce 2004, eq. for ρ̂ with unequal
    cluster sizes):

    .. math::

       \\hat\\rho = \\frac{\\mathrm{MSB} - \\mathrm{MSW}}{\\mathrm{MSB} + (\\bar m_0 - 1)\\,
       \\mathrm{MSW}},

    .. math::

       \\mathrm{MSB} = \\frac{\\sum m_i(\\hat p_i - \\hat p)^2}{k - 1},

    .. math::

       \\mathrm{MSW} = \\frac{\\sum m_i \\hat p_i(1 - \\hat p_i)}{N - k},

    .. math::

       \\bar m_0 = \\frac{N - \\sum m_i^2/N}{k - 1},

    with p̂_i = y_i/m_i the accuracy on cluster i (for equal sizes m̄₀ = m). The design effect is
    the variance inflation of the pooled accuracy under a common ρ,
    deff = 1 + (m_w − 1)·ρ̂ with m_w = Σ m_i²/N (Kish 1965, *Survey Sampling*, §8.2; equal to
    1 + (m̄ − 1)ρ̂ for equal sizes), and the effective size is N / deff. A negative ρ̂ (clusters
    *more* alike than chance would make them) is read as 0, so deff ≥ 1 and the effective size
    never exceeds N (the conservative choice).

    Parameters
    ----------
    correct : array_like of bool or 0/1
        Per-item correctness (True/1 = the classifier was right on the item).
    clusters : sequence of hashable
        The cluster (writer, speaker, document …) of each item: ints, strings, tuples …; at
        least two different clusters.

    Returns
    -------
    DesignEffect
        ``icc``, ``design_effect``, ``effective_size``, and the sizes behind them.

    Examples
    --------
    Two writers with 4 items each, one perfect, one at 50 %:

    >>> d = design_effect([1, 1, 1, 1, 1, 0, 1, 0], ["ann"] * 4 + ["bo"] * 4)
    >>> round(d.icc, 4), round(d.design_effect, 4), round(d.effective_size, 3)
    (0.3333, 2.0, 4.0)
    """
    return _design_effect(*_totals(correct, clusters))


# --------------------------------------------------------------------------------------------
# interval for the pooled accuracy


def _quantile(confidence: float, clusters: int, reference: str) -> float:
    """The two-sided quantile of the interval: t with k − 1 degrees of freedom, or the normal z."""
    return two_sided_quantile(confidence, clusters - 1 if reference == "t" else None)


def _ratio_bounds(successes: np.ndarray, sizes: np.ndarray, confidence: float, reference: str):
    """Ratio-estimator limits over the last axis (clusters), clipped to [0, 1]."""
    k = sizes.shape[-1]
    n = sizes.sum(axis=-1)
    rate = successes.sum(axis=-1) / n
    # Linearization (Taylor) variance of the ratio estimator Σy_i / Σm_i with the k/(k − 1)
    # small-sample factor (Cochran 1977, Sampling Techniques, eq. 6.13 with 2.46; the CR1 form)
    variance = k / (k - 1) * np.sum((successes - rate[..., None] * sizes) ** 2, axis=-1) / n**2
    half = _quantile(confidence, k, reference) * np.sqrt(variance)
    return np.clip(rate - half, 0.0, 1.0), np.clip(rate + half, 0.0, 1.0)


def _wilson_effective_bounds(
    successes: np.ndarray, sizes: np.ndarray, confidence: float, reference: str
):
    """Wilson limits on the effective size over the last axis (clusters).

    With ``reference="t"`` the effective size is multiplied by (z/t_{k−1})² (Korn & Graubard
    1998's degrees-of-freedom adjustment), which is the same as Wilson's formula with t_{k−1}
    in place of z.
    """
    k = sizes.shape[-1]
    _, deff, n, _, _ = _icc_and_design_effect(successes, sizes)
    effective = n / deff
    if reference == "t":
        effective = effective * (_quantile(confidence, k, "z") / _quantile(confidence, k, "t")) ** 2
    rate = successes.sum(axis=-1) / n
    return _limits("wilson", rate * effective, effective, confidence)


def _warn_if_optimistic(clusters: int, rate: float, method: str) -> None:
    """UserWarning where the measured coverage of the analytic intervals is below nominal."""
    reasons = []
    if clusters < FEW_CLUSTERS:
        reasons.append(f"only {clusters} clusters (fewer than {FEW_CLUSTERS})")
    if rate > HIGH_ACCURACY:
        reasons.append(f"accuracy {rate:.4g} (above {HIGH_ACCURACY})")
    if reasons:
        warnings.warn(
            f"{' and '.join(reasons)}: the {method} interval is likely too short (measured "
            "coverage of the 95 % intervals down to 0.87 for wilson-effective, 0.82 for the "
            "bootstrap and 0.68 for ratio with 5 to 20 clusters or an accuracy of 0.97; see "
            "accuracy_interval's docstring). "
            "More clusters help, not more items per cluster.",
            UserWarning,
            stacklevel=3,
        )


def _ratio_statistic(successes: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    return successes.sum(axis=-1) / sizes.sum(axis=-1)


def accuracy_interval(
    correct: ArrayLike,
    clusters: ArrayLike,
    method: str = "wilson-effective",
    confidence: float = 0.95,
    *,
    rounds: int = 2000,
    rng: Any = None,
) -> Interval:
    """Confidence interval for the pooled accuracy p̂ = Σ y_i / N of a clustered test set.

    * ``"wilson-effective"`` (default): Wilson's score interval (Tan, Steinbach & Kumar eq. 4.13)
      on the effective size Ñ = N / deff of :func:`design_effect`, with p̂·Ñ effective
      successes — the design-effect adjustment of Rao & Scott (1992, *A simple method for the
      analysis of clustered binary data*, Biometrics 48:577) — and the quantile t_{k−1} of
      Student's t with k − 1 degrees of freedom in place of z. That is Wilson's formula on the
      degrees-of-freedom-adjusted effective size Ñ·(z/t_{k−1})² of Korn & Graubard (1998,
      *Confidence intervals for proportions with small expected number of positive counts
      estimated from survey data*, Survey Methodology 24:193). Never leaves [0, 1] and keeps a
      width at p̂ = 0 or 1.
    * ``"ratio"``: p̂ ± t_{k−1}·√V with the cluster-robust linearization variance of the ratio
      estimator,

      .. math::

         V = \\frac{k}{k-1}\\,\\frac{\\sum_i (y_i - \\hat p\\, m_i)^2}{N^2}

      (Cochran 1977, *Sampling Techniques*, §6.8, eq. 6.13; the factor k/(k − 1) is the usual
      small-sample correction of the between-cluster variance, "CR1"), and the t quantile because
      V is estimated from k cluster totals. It assumes nothing about ρ but needs many clusters:
      with few, or with p̂ near 0 or 1, it is too short (its width is 0 when every item is
      right). Clipped to [0, 1].
    * ``"bootstrap"``: draw k clusters with replacement ``rounds`` times, whole clusters at a
      time, and take the percentile interval of the pooled accuracy (Field & Welsh 2007,
      *Bootstrapping clustered data*, JRSS B 69:369). Uses
      :func:`evalkit.bootstrap.bootstrap_interval` on the per-cluster totals and returns its
      :class:`~evalkit.bootstrap.BootstrapInterval`, with the Monte-Carlo standard error of the
      limits (``mc_standard_error``).

    **Measured coverage** of the 95 % intervals (``benchmarks/precompute_clustered.py``,
    ``data/clustered_coverage.csv``: k = 5, 10, 20, 30, 40 writers of 20 items, accuracy 0.90
    and 0.97, ICC 0.05, 0.10 and 0.20, beta-binomial writers; 20 000 test sets per setting,
    Monte-Carlo SE ≤ 0.004):

    ============================  =================  =================  ==================
    setting                       wilson-effective   ratio              (before: z, not t)
    ============================  =================  =================  ==================
    k ≥ 30, accuracy 0.90         0.937–0.952        0.921–0.944        0.928 / 0.911 min
    k < 30, accuracy 0.90         0.922–0.984        0.833–0.935        0.820 / 0.764 min
    accuracy 0.97, any k          0.874–0.986        0.684–0.924        0.758 / 0.514 min
    all 30 settings (median)      0.943              0.902              0.922 / 0.880
    ============================  =================  =================  ==================

    Both fall below 95 % with fewer than about 30 clusters (the ratio interval far below) and at
    accuracies near 1 (0.97 with ICC 0.2: Wilson-effective 0.87–0.91 with 10–40 clusters, ratio
    0.68–0.87 with 5–40), so these two methods issue a ``UserWarning`` when k < 30
    (:data:`FEW_CLUSTERS`) or p̂ > 0.95 (:data:`HIGH_ACCURACY`). With 5 clusters the
    Wilson-effective interval mostly over-covers (0.97–0.99; 0.935 at accuracy 0.9, ICC 0.2).

    The cluster bootstrap (2000 rounds, 10 000 test sets per setting, SE ≤ 0.004) is shorter
    still: 0.903 with 10 and 0.934 with 30 clusters at accuracy 0.90, ICC 0.05 (Wilson-effective
    0.958 and 0.949); 0.823 and 0.900 at accuracy 0.97, ICC 0.10 (Wilson-effective 0.942 and
    0.927). It draws the same warning.

    With one item per cluster the Wilson-effective interval is Wilson's interval
    (:func:`evalkit.intervals.wilson`) with t_{N−1} in place of z, the ratio interval is Wald's
    with the variance p̂(1 − p̂)/(N − 1) and t_{N−1}, and the bootstrap is the item bootstrap.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage, bootstrap): minimum 0.901 (at writers=10, items=20, accuracy=0.9, ICC=0.05),
    median 0.919, maximum 0.937 over 2 settings. It covers less than 93 % at 1 of the 2 settings.
    Atlas (coverage, ratio): minimum 0.805 (at writers=5, items=20, accuracy=0.97, ICC=0.1), median
    0.909, maximum 0.944 over 12 settings. It covers less than 93 % at 8 of the 12 settings.
    Atlas (coverage, wilson-effective): minimum 0.915 (at writers=10, items=20, accuracy=0.9,
    ICC=0.2), median 0.941, maximum 0.985 over 12 settings. It covers less than 93 % at 1 of the 12
    settings.

    Parameters
    ----------
    correct : array_like of bool or 0/1
        Per-item correctness.
    clusters : sequence of hashable
        The cluster of each item (at least two clusters).
    method : {"wilson-effective", "ratio", "bootstrap"}
    confidence : float, default 0.95
    rounds : int, default 2000
        Bootstrap resamples (``"bootstrap"`` only; at least 100).
    rng : numpy.random.Generator, int or None
        Source of randomness for ``"bootstrap"``; None (the default) draws fresh entropy.

    Returns
    -------
    Interval
        ``estimate`` is the pooled accuracy p̂. For ``"bootstrap"`` a
        :class:`~evalkit.bootstrap.BootstrapInterval` (with ``mc_standard_error``).

    Warns
    -----
    UserWarning
        With fewer than 30 clusters or p̂ > 0.95 (every method): the interval is likely shorter
        than its confidence says (measured above).

    Examples
    --------
    >>> import warnings
    >>> correct = [1, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 0]
    >>> writer = ["a"] * 4 + ["b"] * 4 + ["c"] * 4
    >>> print(design_effect(correct, writer))
    ICC 0.06667, design effect 1.2: 12 items in 3 clusters are worth 10 independent items
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     ci = accuracy_interval(correct, writer, "ratio")  # 0.75 ± t_2·0.1443
    ...     print(accuracy_interval(correct, writer))
    0.75 (95% wilson-effective interval 0.2029 to 0.9725)
    >>> round(ci.estimate, 4), round(ci.low, 4), round(ci.high, 4)
    (0.75, 0.129, 1.0)
    >>> print(caught[0].message)  # doctest: +ELLIPSIS
    only 3 clusters (fewer than 30): the ratio interval is likely too short...
    """
    method = check_choice(method, "method", INTERVAL_METHODS)
    level = check_confidence(confidence)
    successes, sizes = _totals(correct, clusters)
    rate = float(successes.sum() / sizes.sum())
    if method == "bootstrap":
        b, gen = _as_rounds(rounds), as_generator(rng, allow_none=True)
        boot = _bootstrap_interval_core(
            _ratio_statistic, [successes, sizes.astype(float)], "percentile", b, level, gen, True
        )
        _warn_if_optimistic(sizes.size, rate, method)
        return replace(boot, method="cluster bootstrap percentile")
    if method == "ratio":
        low, high = map(float, _ratio_bounds(successes, sizes, level, "t"))
        name = "ratio (cluster-robust)"
    else:
        low, high = map(float, _wilson_effective_bounds(successes, sizes, level, WILSON_REFERENCE))
        name = "wilson-effective"
    _warn_if_optimistic(sizes.size, rate, method)  # after the checks: bad input fails first
    return Interval(low=low, high=high, estimate=rate, confidence=level, method=name)


# --------------------------------------------------------------------------------------------
# clustered McNemar


MCNEMAR_METHODS = ("yang", "obuchowski", "durkalski")
_MCNEMAR_NAMES = {
    "durkalski": "clustered McNemar test (Durkalski et al. 2003)",
    "obuchowski": "clustered McNemar test (Obuchowski 1998)",
    "yang": "clustered McNemar test (Yang, Sun & Hardin 2010)",
}


def _mcnemar_statistic(only_a: np.ndarray, only_b: np.ndarray, sizes: np.ndarray, method: str):
    """X² and its denominator over the last axis (clusters); 0 where the denominator is 0.

    ``only_a`` = b_i, ``only_b`` = c_i and ``sizes`` = m_i have shape (…, K); vectorized so that a
    simulation can evaluate many test sets at once (the formulas are in :func:`mcnemar`).
    """
    k = only_a.shape[-1]
    d = only_a - only_b  # d_i = b_i − c_i
    if method == "durkalski":
        share = d / sizes  # d_i / m_i: every cluster counts alike
        numerator = np.sum(share, axis=-1) ** 2
        denominator = np.sum(share**2, axis=-1)
        factor = 1.0
    else:
        numerator = np.sum(d, axis=-1) ** 2  # (Σ d_i)²
        under_h0 = np.sum(d**2, axis=-1)  # Σ d_i²: Obuchowski's variance, evaluated at D = 0
        if method == "obuchowski":
            denominator = under_h0
        else:  # "yang": the mean of the variance at D = 0 and the one about D̂ = Σ d_i / N
            estimate = np.sum(d, axis=-1) / np.sum(sizes, axis=-1)
            about_estimate = np.sum((d - sizes * estimate[..., None]) ** 2, axis=-1)
            denominator = (under_h0 + about_estimate) / 2
        factor = (k - 1) / k
    positive = denominator > 0  # 0 only when every d_i = 0: no evidence either way
    chi2 = factor * numerator / np.where(positive, denominator, 1.0)
    return np.where(positive, chi2, 0.0), denominator


def mcnemar(
    correct_a: ArrayLike,
    correct_b: ArrayLike,
    clusters: ArrayLike,
    *,
    method: str = "yang",
) -> TestResult:
    """Clustered McNemar test: "A and B are equally good" on a test set of clusters.

    Two classifiers are scored on the same clustered test set. Let b_i be the number of items of
    cluster i (of m_i items) that only A gets right, c_i the number only B gets right,
    d_i = b_i − c_i, K the number of clusters, N = Σ m_i and D̂ = Σ d_i / N = (b − c)/N the
    difference of the pooled accuracies. McNemar's test estimates the variance of b − c by b + c,
    as if the discordant items were independent; the clustered tests estimate it from the
    clusters. Three versions, all referred to χ²₁ (the R package clust.bin.pair, version 0.1.2,
    implements the same three under the same names):

    * ``"yang"`` (default) — the modified Obuchowski statistic X²_MO of Yang, Sun & Hardin
      (2010, *A note on the tests for clustered matched-pair binary data*, Biometrical Journal
      52:638–652):

      .. math::

         X^2_Y = \\frac{K-1}{K}\\,
         \\frac{\\bigl(\\sum_i d_i\\bigr)^2}
         {\\tfrac12 \\sum_i \\bigl[(d_i - m_i \\hat D)^2 + d_i^2\\bigr]} .

      K/(K − 1)·Σ(d_i − m_i D̂)²/N² is the cluster-robust variance of D̂ (the ratio estimator's,
      as in :func:`accuracy_interval`) and K/(K − 1)·Σ d_i²/N² the same variance evaluated
      under H0 (D = 0); X²_Y is D̂² divided by the mean of the two. Its null hypothesis,
      E Σ d_i = 0, is the equality of the two *pooled* accuracies, the quantity ``estimate``
      reports. On the thyroid data below it gives 3.13, the value Yang et al. (2010) report (as
      cited in clust.bin.pair's tests), and 8.43 on the psychiatry data of Eliasziw & Donner
      (1991).
    * ``"obuchowski"`` — Obuchowski (1998, *On the comparison of correlated proportions for
      clustered data*, Statistics in Medicine 17:1495): D̂² over the variance under H0 alone,
      which Yang et al. (2010) simplify to

      .. math::

         X^2_O = \\frac{K-1}{K}\\,\\frac{\\bigl(\\sum_i d_i\\bigr)^2}{\\sum_i d_i^2} .

      Since (Σ d_i)² ≤ K Σ d_i², X²_O ≤ K − 1: with 5 clusters it can hardly exceed
      χ²₁'s 3.84 and the test almost never rejects.
    * ``"durkalski"`` — Durkalski, Palesch, Lipsitz & Rust (2003, *Analysis of clustered
      matched-pair data*, Statistics in Medicine 22:2417): each cluster's difference weighted by
      1/m_i,

      .. math::

         X^2_D = \\frac{\\bigl(\\sum_i d_i/m_i\\bigr)^2}{\\sum_i (d_i/m_i)^2} ,

      which equals K/(K − 1)·X²_O when all clusters have the same size. Its null hypothesis is
      that the *average of the per-cluster* accuracy differences is 0: every cluster counts
      alike, whatever its size.

    With one item per cluster (d_i² is 1 on a discordant item and 0 otherwise) X²_D is
    McNemar's uncorrected statistic (b − c)²/(b + c) (:func:`evalkit.paired.mcnemar` with
    ``method="asymptotic"``), and X²_O = (N − 1)/N · X²_D. Yang's is then
    X²_Y = (N − 1)/N · X²_D / (1 − X²_D/(2N)), close to McNemar's while X²_D is small
    compared with N (in the region where the tests decide, X²_D ≈ 4).

    On Obuchowski's thyroid data (21 patients with 1–4 glands) the three give 2.315 (p 0.128,
    Durkalski), 2.857 (p 0.091, Obuchowski) and 3.132 (p 0.077, Yang); the registry's example
    ``obuchowski-thyroids`` checks them against the published 2.32, 2.86 (Durkalski et al. 2003)
    and 3.13 (Yang et al. 2010).

    **Measured size** at α = 0.05 (``benchmarks/precompute_clustered.py``,
    ``data/clustered_mcnemar_size.csv``; K = 5, 8, 10, 20, 40 writers of 20 items each or of
    1–40 items, A and B equally good with each writer favouring one of them by a Beta(2, 2)
    share; 20 000 test sets per row, Monte-Carlo SE ≤ 0.0018 for the clustered tests, ≤ 0.003
    for McNemar's):

    ==============  ==============  ==============  ==============  ==================
    writers K       Yang            Durkalski       Obuchowski      McNemar (ignoring)
    ==============  ==============  ==============  ==============  ==================
    5 and 8         0.053–0.066     0.017–0.039     0.0003–0.024    0.18–0.23
    10              0.056–0.061     0.035–0.043     0.024–0.030     0.18–0.22
    20 and 40       0.050–0.060     0.045–0.050     0.040–0.047     0.18–0.22
    ==============  ==============  ==============  ==============  ==================

    Yang's test runs a little above 5 % (0.050–0.056 with equal writer sizes, up to 0.066 with
    unequal ones); Durkalski's and Obuchowski's never exceed 5 % but lose their power with few
    writers. With 5 writers Obuchowski's almost never rejects (size 0.0003–0.0007) and
    Durkalski's rarely (0.017–0.024); at a true difference of 9 points (each writer's share of
    discordant items going to A ~ Beta(2.6, 1.4)) the coverage atlas measures a power of
    0.15–0.18 for Yang's, 0.06–0.09 for Durkalski's and at most 0.004 for Obuchowski's (0.30–0.33,
    0.23–0.29 and 0.17–0.23 with 10 writers). Yang's is the default: it tests the pooled
    accuracies (``estimate``), it is the most powerful of the three, and its excess over 5 % is
    at most 1.6 points here. Yang et al. (2010) recommend it for equal cluster sizes; for
    unequal ones with fewer than about 50 clusters they recommend Durkalski's
    (``method="durkalski"``), which keeps the level but tests the average of the per-cluster
    differences instead of the pooled accuracies.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size, durkalski): minimum 0.011, median 0.043, maximum 0.051 (at writers=20,
    sizes=unequal, p_discordant=0.3) over 10 settings.
    Atlas (size, obuchowski): minimum 0.000, median 0.027, maximum 0.049 (at writers=40,
    sizes=unequal, p_discordant=0.3) over 10 settings.
    Atlas (size, yang): minimum 0.048, median 0.056, maximum 0.063 (at writers=10, sizes=unequal,
    p_discordant=0.3) over 10 settings.

    Parameters
    ----------
    correct_a, correct_b : array_like of bool or 0/1
        Per-item correctness of classifiers A and B on the same items.
    clusters : sequence of hashable
        The cluster of each item (at least two clusters).
    method : {"yang", "obuchowski", "durkalski"}, default "yang"
        Keyword only.

    Returns
    -------
    TestResult
        ``statistic`` is X² (``df=1``), two-sided; ``estimate`` is the difference of accuracies
        (b − c)/N; ``details`` holds ``only1`` = b, ``only2`` = c, ``discordant`` = b + c,
        ``clusters`` = K and ``variance``, the denominator of X²: ½ Σ [(d_i − m_i D̂)² + d_i²]
        (Yang), Σ d_i² (Obuchowski) or Σ (d_i/m_i)² (Durkalski). With no discordant items, or
        with d_i = 0 in every cluster, X² = 0 and p = 1.

    Raises
    ------
    ValueError
        When ``correct_a`` and ``correct_b`` differ in length or hold values other than 0/1,
        when ``clusters`` does not give one label per item or names fewer than two clusters,
        or when ``method`` is unknown.

    Examples
    --------
    >>> a = [1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 1]
    >>> b = [1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 0, 1]
    >>> writer = [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4]
    >>> r = mcnemar(a, b, writer)  # d_i = 2, 0, 1, 0; m_i = 3; D̂ = 3/12
    >>> round(r.statistic, 4), round(r.pvalue, 4)  # 3/4 · 3² / (½ (2.75 + 5))
    (1.7419, 0.1869)
    >>> round(mcnemar(a, b, writer, method="obuchowski").statistic, 4)  # 3/4 · 3² / 5
    1.35
    >>> round(mcnemar(a, b, writer, method="durkalski").statistic, 4)  # equal sizes: 3² / 5
    1.8
    """
    method = check_choice(method, "method", MCNEMAR_METHODS)
    a = _as_correctness(correct_a, "correct_a")
    b = _as_correctness(correct_b, "correct_b")
    _same_length(a, b, "correct_a", "correct_b")
    codes, k = _as_clusters(clusters, a.size)
    only_a = np.bincount(codes, weights=a & ~b, minlength=k)
    only_b = np.bincount(codes, weights=~a & b, minlength=k)
    sizes = np.bincount(codes, minlength=k).astype(float)
    chi2, variance = _mcnemar_statistic(only_a, only_b, sizes, method)
    chi2 = float(chi2)
    return TestResult(
        statistic=chi2,
        pvalue=float(stats.chi2.sf(chi2, 1)),
        alternative="two-sided",
        method=_MCNEMAR_NAMES[method],
        statistic_name="chi2",
        df=1,
        estimate=float((only_a.sum() - only_b.sum()) / a.size),
        estimate_name="difference of accuracies (A − B)",
        details={
            "only1": int(only_a.sum()),
            "only2": int(only_b.sum()),
            "discordant": int(only_a.sum() + only_b.sum()),
            "clusters": k,
            "variance": float(variance),
        },
    )
