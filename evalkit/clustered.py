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
    The clustered McNemar test of Durkalski et al. (2003).

With one item per cluster every function reduces to its independent counterpart: deff = 1, the
Wilson interval of :func:`evalkit.intervals.wilson`, the item bootstrap of
:func:`evalkit.bootstrap.bootstrap_interval`, and McNemar's asymptotic test
:func:`evalkit.paired.mcnemar` (``method="asymptotic"``).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy import special, stats

from evalkit._validation import check_choice, check_confidence
from evalkit.bootstrap import bootstrap_interval
from evalkit.intervals import _limits
from evalkit.paired import _as_correctness, _same_length
from evalkit.results import Interval, TestResult

__all__ = ["DesignEffect", "accuracy_interval", "design_effect", "mcnemar"]

INTERVAL_METHODS = ("ratio", "wilson-effective", "bootstrap")


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
class DesignEffect:
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


def _design_effect(successes: np.ndarray, sizes: np.ndarray) -> DesignEffect:
    k = sizes.size
    n = float(sizes.sum())
    rate = successes.sum() / n
    cluster_rates = successes / sizes
    adjusted = (n - np.sum(sizes.astype(float) ** 2) / n) / (k - 1)
    weighted = float(np.sum(sizes.astype(float) ** 2) / n)
    between = np.sum(sizes * (cluster_rates - rate) ** 2) / (k - 1)  # MSB
    icc = 0.0  # not estimable (no within-cluster pairs, or no variation at all): read as 0
    if n > k:
        within = np.sum(sizes * cluster_rates * (1 - cluster_rates)) / (n - k)  # MSW
        denominator = between + (adjusted - 1) * within
        if denominator > 0:
            icc = float((between - within) / denominator)
    deff = 1.0 + (weighted - 1.0) * max(icc, 0.0)
    return DesignEffect(
        icc=icc,
        design_effect=float(deff),
        effective_size=n / deff,
        items=int(n),
        clusters=int(k),
        mean_size=n / k,
        weighted_size=weighted,
        adjusted_size=float(adjusted),
    )


def design_effect(correct: ArrayLike, clusters: ArrayLike) -> DesignEffect:
    """Intra-cluster correlation, design effect and effective size of a clustered test set.

    The intra-cluster correlation ρ is estimated by the one-way analysis of variance on the 0/1
    outcomes (Donner & Klar 2000, §5.2; Killip, Mahfoud & Pearce 2004, eq. for ρ̂ with unequal
    cluster sizes):

    .. math::

       \\hat\\rho = \\frac{\\mathrm{MSB} - \\mathrm{MSW}}{\\mathrm{MSB} + (\\bar m_0 - 1)\\,
       \\mathrm{MSW}},\\quad
       \\mathrm{MSB} = \\frac{\\sum m_i(\\hat p_i - \\hat p)^2}{k - 1},\\quad
       \\mathrm{MSW} = \\frac{\\sum m_i \\hat p_i(1 - \\hat p_i)}{N - k},\\quad
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


def _ratio_limits(successes: np.ndarray, sizes: np.ndarray, confidence: float):
    k = sizes.size
    n = sizes.sum()
    rate = successes.sum() / n
    # Linearization (Taylor) variance of the ratio estimator Σy_i / Σm_i with the k/(k − 1)
    # small-sample factor (Cochran 1977, Sampling Techniques, eq. 6.13 with 2.46; the CR1 form)
    variance = k / (k - 1) * np.sum((successes - rate * sizes) ** 2) / n**2
    half = special.ndtri(0.5 + confidence / 2) * math.sqrt(variance)
    return float(max(rate - half, 0.0)), float(min(rate + half, 1.0))


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
      analysis of clustered binary data*, Biometrics 48:577). Never leaves [0, 1] and keeps a
      width at p̂ = 0 or 1.
    * ``"ratio"``: p̂ ± z·√V with the cluster-robust linearization variance of the ratio
      estimator,

      .. math::

         V = \\frac{k}{k-1}\\,\\frac{\\sum_i (y_i - \\hat p\\, m_i)^2}{N^2}

      (Cochran 1977, *Sampling Techniques*, §6.8, eq. 6.13; the factor k/(k − 1) is the usual
      small-sample correction of the between-cluster variance, "CR1"). It assumes nothing about
      ρ but needs many clusters: with few, or with p̂ near 0 or 1, it is too short (its width is
      0 when every item is right). Clipped to [0, 1].
    * ``"bootstrap"``: draw k clusters with replacement ``rounds`` times, whole clusters at a
      time, and take the percentile interval of the pooled accuracy (Field & Welsh 2007,
      *Bootstrapping clustered data*, JRSS B 69:369). Uses
      :func:`evalkit.bootstrap.bootstrap_interval` on the per-cluster totals; needs ``rng``.

    With one item per cluster the Wilson-effective interval is :func:`evalkit.intervals.wilson`,
    the ratio interval is Wald's with the variance p̂(1 − p̂)/(N − 1), and the bootstrap is the
    item bootstrap.

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
    rng : numpy.random.Generator or int
        Source of randomness, required for ``"bootstrap"``.

    Returns
    -------
    Interval
        ``estimate`` is the pooled accuracy p̂.

    Examples
    --------
    >>> correct = [1, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 0]
    >>> writer = ["a"] * 4 + ["b"] * 4 + ["c"] * 4
    >>> ci = accuracy_interval(correct, writer, "ratio")
    >>> round(ci.estimate, 4), round(ci.low, 4), round(ci.high, 4)
    (0.75, 0.4671, 1.0)
    >>> print(design_effect(correct, writer))
    ICC 0.06667, design effect 1.2: 12 items in 3 clusters are worth 10 independent items
    >>> print(accuracy_interval(correct, writer))
    0.75 (95% wilson-effective interval 0.4422 to 0.9191)
    """
    method = check_choice(method, "method", INTERVAL_METHODS)
    level = check_confidence(confidence)
    successes, sizes = _totals(correct, clusters)
    rate = float(successes.sum() / sizes.sum())
    if method == "bootstrap":
        if rng is None:
            raise TypeError(
                "rng must be given for method='bootstrap': a numpy.random.Generator or an "
                "integer seed ≥ 0"
            )
        boot = bootstrap_interval(
            _ratio_statistic,
            successes,
            sizes.astype(float),
            rounds=rounds,
            confidence=level,
            rng=rng,
            vectorized=True,
        )
        low, high = boot.low, boot.high
        name = "cluster bootstrap percentile"
    elif method == "ratio":
        low, high = _ratio_limits(successes, sizes, level)
        name = "ratio (cluster-robust)"
    else:
        effective = _design_effect(successes, sizes).effective_size
        low, high = _limits("wilson", rate * effective, effective, level)
        name = "wilson-effective"
    return Interval(low=low, high=high, estimate=rate, confidence=level, method=name)


# --------------------------------------------------------------------------------------------
# clustered McNemar


def mcnemar(correct_a: ArrayLike, correct_b: ArrayLike, clusters: ArrayLike) -> TestResult:
    """The clustered McNemar test of Durkalski et al. (2003): "A and B are equally good".

    Two classifiers are scored on the same clustered test set. Let b_i be the number of items of
    cluster i that only A gets right and c_i the number only B gets right, b = Σ b_i, c = Σ c_i.
    Durkalski, Palesch, Lipsitz & Rust (2003, *Analysis of clustered matched-pair data*,
    Statistics in Medicine 22:2417, §2) replace McNemar's variance estimate b + c by the
    between-cluster sum of squares:

    .. math::

       X^2 = \\frac{(b - c)^2}{\\sum_i (b_i - c_i)^2} \\sim \\chi^2_1 \\text{ under } H_0.

    With one item per cluster (b_i − c_i)² is 1 on a discordant item and 0 otherwise, so the
    denominator is b + c and X² is McNemar's uncorrected statistic
    (:func:`evalkit.paired.mcnemar` with ``method="asymptotic"``). It is an asymptotic test in
    the number of clusters: Durkalski et al. found its size close to nominal from about 20
    clusters on. (Obuchowski 1998, Statistics in Medicine 17:1495, centres the cluster terms and
    adds a k/(k − 1) factor; that is a different test, not this one.)

    Parameters
    ----------
    correct_a, correct_b : array_like of bool or 0/1
        Per-item correctness of classifiers A and B on the same items.
    clusters : sequence of hashable
        The cluster of each item (at least two clusters).

    Returns
    -------
    TestResult
        ``statistic`` is X² (``df=1``), two-sided; ``estimate`` is the difference of accuracies
        (b − c)/N; ``details`` holds ``only1`` = b, ``only2`` = c, ``discordant`` = b + c,
        ``clusters`` = k and ``variance`` = Σ(b_i − c_i)². With no discordant items X² = 0 and
        p = 1.

    Examples
    --------
    >>> a = [1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 1, 1]
    >>> b = [1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 0, 1]
    >>> r = mcnemar(a, b, [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4])
    >>> round(r.statistic, 4), round(r.pvalue, 4)
    (1.8, 0.1797)
    """
    a = _as_correctness(correct_a, "correct_a")
    b = _as_correctness(correct_b, "correct_b")
    _same_length(a, b, "correct_a", "correct_b")
    codes, k = _as_clusters(clusters, a.size)
    only_a = np.bincount(codes, weights=a & ~b, minlength=k)
    only_b = np.bincount(codes, weights=~a & b, minlength=k)
    diff = only_a.sum() - only_b.sum()
    variance = float(np.sum((only_a - only_b) ** 2))
    chi2 = diff**2 / variance if variance > 0 else 0.0
    return TestResult(
        statistic=chi2,
        pvalue=stats.chi2.sf(chi2, 1),
        alternative="two-sided",
        method="clustered McNemar test (Durkalski et al. 2003)",
        statistic_name="chi2",
        df=1,
        estimate=diff / a.size,
        details={
            "only1": int(only_a.sum()),
            "only2": int(only_b.sum()),
            "discordant": int(only_a.sum() + only_b.sum()),
            "clusters": k,
            "variance": variance,
        },
    )
