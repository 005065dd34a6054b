"""Comparing classifiers over many data sets (beyond the documents; Demšar 2006).

Günter (2004, §2.2) compares two methods over n repeated runs with the sign test. Demšar (2006,
*Statistical comparisons of classifiers over multiple data sets*, JMLR 7:1–30) extends this to
k classifiers on N data sets:

* :func:`friedman` — rank the classifiers on every data set, average the ranks, and test
  whether all average ranks are equal (Friedman 1937, 1940), with the Iman–Davenport (1980)
  F correction that Demšar recommends;
* :func:`nemenyi` and :func:`critical_value` — the post-hoc test of all pairs (Nemenyi 1963):
  two classifiers differ when their average ranks differ by at least the critical difference
  CD = q_α·sqrt(k(k+1)/(6N));
* :func:`holm` and :func:`bonferroni` — adjust a family of p-values so that the family-wise
  error rate stays at α (Holm 1979); they live in :mod:`evalkit.adjust`, below this module and
  :mod:`evalkit.paired` (which uses them too), and are importable from here as before;
* :func:`pairwise_wilcoxon` — every pair by the Wilcoxon signed-rank test, Holm-adjusted: the
  alternative to the mean-rank post-hoc tests, whose verdict on a pair depends on the other
  classifiers in the pool (Benavoli, Corani & Mangili 2016);
* :func:`critical_difference_diagram` — the data of Demšar's CD diagram (pure), and
  :func:`draw_critical_difference`, which draws it on a matplotlib Axes (imports nothing
  from matplotlib itself).

Scores are arrays of shape (n_datasets, n_classifiers), higher = better (accuracies, AUCs).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats

from evalkit._ranks import midranks
from evalkit._validation import as_count, check_choice, shown
from evalkit.adjust import (
    AdjustedPvalues,
    _adjust_core,
    _as_names,
    _check_alpha,
    _PairwiseFamily,
    bonferroni,
    holm,
)
from evalkit.paired import _wilcoxon_core
from evalkit.results import ReadableResult

__all__ = [
    "AdjustedPvalues",
    "CriticalDifferenceDiagram",
    "FriedmanResult",
    "NemenyiResult",
    "PairwiseWilcoxon",
    "average_ranks",
    "bonferroni",
    "critical_difference_diagram",
    "critical_value",
    "draw_critical_difference",
    "friedman",
    "holm",
    "nemenyi",
    "pairwise_wilcoxon",
]

# --------------------------------------------------------------------------------------------
# input checks this module needs beyond evalkit._validation


def _as_score_table(scores: Any, name: str = "scores") -> np.ndarray:
    """A finite float array of shape (n_datasets ≥ 2, n_classifiers ≥ 2)."""
    if isinstance(scores, (str, bytes)):
        raise TypeError(f"{name} must be a 2-D array of numbers; got {shown(scores)}")
    try:
        arr = np.asarray(scores)
    except Exception as exc:  # ragged nested lists
        raise ValueError(
            f"{name} must be a rectangular 2-D array (data sets × classifiers); got {shown(scores)}"
        ) from exc
    if arr.dtype == bool or arr.dtype == object or not np.issubdtype(arr.dtype, np.number):
        raise TypeError(f"{name} must be a 2-D array of numbers; got dtype {arr.dtype}")
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must be real; got dtype {arr.dtype}")
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be 2-D with shape (n_datasets, n_classifiers); got shape {arr.shape}"
        )
    if arr.shape[0] < 2 or arr.shape[1] < 2:
        raise ValueError(
            f"{name} needs at least 2 data sets (rows) and 2 classifiers (columns); "
            f"got shape {arr.shape}"
        )
    arr = arr.astype(float)
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} must be finite (no NaN or inf); got {arr[~np.isfinite(arr)][0]}")
    return arr


# --------------------------------------------------------------------------------------------
# ranks and the Friedman test


def average_ranks(scores: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """Rank the classifiers on every data set (1 = best) and average the ranks.

    Demšar (2006), §3.2.2: r_i^j is the rank of classifier j on data set i, the best
    (highest score) getting rank 1; tied classifiers share the average of their ranks.
    The average rank is R_j = (1/N) Σ_i r_i^j.

    Parameters
    ----------
    scores : array_like, shape (n_datasets, n_classifiers)
        Higher = better.

    Returns
    -------
    ranks : ndarray, shape (n_datasets, n_classifiers)
    mean_ranks : ndarray, shape (n_classifiers,)

    Examples
    --------
    >>> ranks, mean = average_ranks([[0.9, 0.8, 0.8], [0.7, 0.9, 0.6]])
    >>> ranks.tolist(), mean.tolist()
    ([[1.0, 2.5, 2.5], [2.0, 1.0, 3.0]], [1.5, 1.75, 2.75])
    """
    return _average_ranks_core(_as_score_table(scores))


def _average_ranks_core(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Ranks (1 = best, midranks for ties) and their column means of a checked score table."""
    ranks = midranks(-table)
    return ranks, ranks.mean(axis=0)


@dataclass(frozen=True)
class FriedmanResult(ReadableResult):
    """The Friedman test with the Iman–Davenport correction (Demšar 2006, §3.2.2).

    Attributes
    ----------
    average_ranks : ndarray, shape (k,)
        R_j, 1 = best.
    chi2, chi2_pvalue : float
        Friedman's statistic χ²_F and its p-value from χ² with k − 1 degrees of freedom.
    f, f_pvalue : float
        Iman–Davenport's F_F and its p-value from F with (k − 1, (k − 1)(N − 1)) degrees of
        freedom — the one Demšar recommends (χ²_F is too conservative).
    df_chi2 : int
    df_f : tuple of int
    n_datasets, n_classifiers : int
        N and k.
    tie_correction : bool
        Whether χ²_F was divided by the tie correction (as scipy does).
    ranks : ndarray, shape (N, k)
        The ranks on each data set.
    method : str
    """

    average_ranks: np.ndarray
    chi2: float
    chi2_pvalue: float
    f: float
    f_pvalue: float
    df_chi2: int
    df_f: tuple[int, int]
    n_datasets: int
    n_classifiers: int
    tie_correction: bool
    ranks: np.ndarray = field(repr=False)
    method: str = "Friedman test with the Iman-Davenport F"

    _repr_fields: ClassVar[tuple[str, ...]] = (
        "method",
        "average_ranks",
        "chi2",
        "chi2_pvalue",
        "f",
        "f_pvalue",
        "df_f",
        "n_datasets",
        "n_classifiers",
    )

    def __str__(self) -> str:
        return (
            f"{self.method}: chi2_F = {self.chi2:.4g} (df {self.df_chi2}, p = "
            f"{self.chi2_pvalue:.3g}), F_F = {self.f:.4g} (df {self.df_f[0]}, {self.df_f[1]}, "
            f"p = {self.f_pvalue:.3g}); N = {self.n_datasets}, k = {self.n_classifiers}"
        )


def friedman(scores: ArrayLike, *, tie_correction: bool = False) -> FriedmanResult:
    """The Friedman test of k classifiers on N data sets, with the Iman–Davenport F.

    Demšar (2006), §3.2.2, after Friedman (1937, 1940) and Iman & Davenport (1980):

    .. math::

        \\chi^2_F = \\frac{12N}{k(k+1)}\\left[\\sum_j R_j^2 - \\frac{k(k+1)^2}{4}\\right],
        \\qquad
        F_F = \\frac{(N-1)\\,\\chi^2_F}{N(k-1) - \\chi^2_F}

    χ²_F is referred to χ² with k − 1 degrees of freedom, F_F to the F distribution with
    k − 1 and (k − 1)(N − 1) degrees of freedom. The null hypothesis is that all classifiers
    are equivalent (equal expected ranks).

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size, chi2): minimum 0.030, median 0.043, maximum 0.052 (at classifiers=3, datasets=20,
    scores=continuous) over 16 settings.
    Atlas (size, iman-davenport): minimum 0.042, median 0.049, maximum 0.063 (at classifiers=5,
    datasets=5, scores=continuous) over 16 settings.

    Parameters
    ----------
    scores : array_like, shape (n_datasets, n_classifiers)
        Higher = better; N ≥ 2 data sets and k ≥ 2 classifiers.
    tie_correction : bool, default False
        Demšar's formula (above) ignores ties. With True, χ²_F is divided by
        1 − Σ(t³ − t)/(N k (k² − 1)) over the groups of t tied classifiers, as
        ``scipy.stats.friedmanchisquare`` does; F_F is then computed from the corrected χ²_F.

    Returns
    -------
    FriedmanResult

    Examples
    --------
    >>> r = friedman([[0.9, 0.8, 0.7], [0.8, 0.7, 0.75], [0.95, 0.9, 0.85], [0.7, 0.6, 0.65]])
    >>> r.average_ranks.tolist(), round(r.chi2, 4), round(r.f, 4)
    ([1.0, 2.5, 2.5], 6.0, 9.0)
    """
    if not isinstance(tie_correction, (bool, np.bool_)):
        raise TypeError(f"tie_correction must be True or False; got {shown(tie_correction)}")
    ranks, mean_ranks = _average_ranks_core(_as_score_table(scores))
    n, k = ranks.shape
    chi2 = 12.0 * n / (k * (k + 1)) * (np.sum(mean_ranks**2) - k * (k + 1) ** 2 / 4.0)
    if tie_correction:
        ties = 0.0
        for row in ranks:
            _, counts = np.unique(row, return_counts=True)
            ties += float(np.sum(counts**3 - counts))
        denominator = 1.0 - ties / (n * k * (k**2 - 1))
        chi2 = chi2 / denominator if denominator > 0 else 0.0
    chi2 = max(float(chi2), 0.0)
    df1, df2 = k - 1, (k - 1) * (n - 1)
    limit = n * (k - 1)  # χ²_F reaches N(k − 1) when every data set ranks the same way
    if chi2 >= limit:
        f_stat, f_p = math.inf, 0.0
    else:
        f_stat = (n - 1) * chi2 / (limit - chi2)
        f_p = float(stats.f.sf(f_stat, df1, df2))
    return FriedmanResult(
        average_ranks=mean_ranks,
        chi2=chi2,
        chi2_pvalue=float(stats.chi2.sf(chi2, df1)),
        f=float(f_stat),
        f_pvalue=f_p,
        df_chi2=df1,
        df_f=(df1, df2),
        n_datasets=n,
        n_classifiers=k,
        tie_correction=bool(tie_correction),
        ranks=ranks,
        method="Friedman test with the Iman-Davenport F"
        + (" (tie-corrected)" if tie_correction else ""),
    )


# --------------------------------------------------------------------------------------------
# post-hoc: Nemenyi (all pairs) and Bonferroni–Dunn (against a control)


def critical_value(n_classifiers: int, alpha: float = 0.05, method: str = "nemenyi") -> float:
    """The critical value q_α of Demšar (2006), Table 5, computed rather than looked up.

    * ``"nemenyi"`` (all pairs, Nemenyi 1963): the studentized range statistic for k groups
      and infinite degrees of freedom, divided by √2:
      q_α = Q_{1−α}(k, ∞)/√2 (``scipy.stats.studentized_range``).
    * ``"bonferroni-dunn"`` (k − 1 comparisons with one control): the two-sided normal
      quantile at α/(k − 1): q_α = z_{1 − α/(2(k−1))}.

    Parameters
    ----------
    n_classifiers : int
        k ≥ 2.
    alpha : float, default 0.05
    method : {"nemenyi", "bonferroni-dunn"}

    Examples
    --------
    >>> round(critical_value(4, 0.05), 3), round(critical_value(4, 0.10), 3)
    (2.569, 2.291)
    >>> round(critical_value(4, 0.05, "bonferroni-dunn"), 3)
    2.394
    """
    k = as_count(n_classifiers, "n_classifiers", minimum=2)
    level = _check_alpha(alpha)
    method = check_choice(method, "method", ("nemenyi", "bonferroni-dunn"))
    return _critical_value(k, level, method)


@functools.lru_cache(maxsize=256)
def _critical_value(k: int, level: float, method: str) -> float:
    # cached: scipy's studentized-range quantile integrates numerically, 3–300 ms a call, and a
    # widget or a table asks for the same (k, α) again and again
    if method == "nemenyi":
        return float(stats.studentized_range.ppf(1.0 - level, k, np.inf) / math.sqrt(2.0))
    return float(stats.norm.isf(level / (2.0 * (k - 1))))


@dataclass(frozen=True)
class NemenyiResult(ReadableResult):
    """The Nemenyi post-hoc test of all pairs of k classifiers (Demšar 2006, §3.2.2).

    Attributes
    ----------
    average_ranks : ndarray, shape (k,)
    critical_difference : float
        CD = q_α·sqrt(k(k+1)/(6N)).
    q_alpha : float
    alpha : float
    rank_differences : ndarray, shape (k, k)
        R_i − R_j.
    significant : ndarray of bool, shape (k, k)
        |R_i − R_j| ≥ CD.
    pvalues : ndarray, shape (k, k)
        The pairwise p-values of the same test: P(Q > |R_i − R_j|·√2 / sqrt(k(k+1)/(6N)))
        with Q the studentized range for k groups and ∞ degrees of freedom.
    n_datasets, n_classifiers : int
    method : str
    """

    average_ranks: np.ndarray
    critical_difference: float
    q_alpha: float
    alpha: float
    rank_differences: np.ndarray = field(repr=False)
    significant: np.ndarray = field(repr=False)
    pvalues: np.ndarray = field(repr=False)
    n_datasets: int = 0
    n_classifiers: int = 0
    method: str = "Nemenyi post-hoc test"

    _repr_fields: ClassVar[tuple[str, ...]] = (
        "method",
        "average_ranks",
        "critical_difference",
        "q_alpha",
        "alpha",
        "n_datasets",
        "n_classifiers",
    )


def nemenyi(scores: ArrayLike, alpha: float = 0.05) -> NemenyiResult:
    """The Nemenyi test: which pairs of classifiers differ in average rank?

    Demšar (2006), §3.2.2 (after Nemenyi 1963): classifiers i and j perform significantly
    differently when their average ranks differ by at least the critical difference

    .. math:: CD = q_\\alpha \\sqrt{\\frac{k(k+1)}{6N}},

    with q_α from :func:`critical_value` (studentized range / √2). Use it after the Friedman
    test has rejected the null hypothesis.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size): minimum 0.028, median 0.040, maximum 0.058 (at classifiers=3, datasets=40,
    scores=continuous) over 16 settings.

    Parameters
    ----------
    scores : array_like, shape (n_datasets, n_classifiers)
        Higher = better.
    alpha : float, default 0.05

    Returns
    -------
    NemenyiResult

    Examples
    --------
    >>> r = nemenyi([[0.9, 0.8, 0.7], [0.8, 0.7, 0.75], [0.95, 0.9, 0.85], [0.7, 0.6, 0.65]])
    >>> round(r.critical_difference, 4), bool(r.significant[0, 1])
    (1.6572, False)
    """
    return _nemenyi_core(_as_score_table(scores), _check_alpha(alpha))


def _nemenyi_core(table: np.ndarray, level: float) -> NemenyiResult:
    """:func:`nemenyi` on a checked score table and level."""
    ranks, mean_ranks = _average_ranks_core(table)
    n, k = ranks.shape
    q = _critical_value(k, level, "nemenyi")
    scale = math.sqrt(k * (k + 1) / (6.0 * n))
    diff = mean_ranks[:, None] - mean_ranks[None, :]
    pvalues = stats.studentized_range.sf(np.abs(diff) * math.sqrt(2.0) / scale, k, np.inf)
    pvalues = np.where(diff == 0, 1.0, np.clip(pvalues, 0.0, 1.0))
    return NemenyiResult(
        average_ranks=mean_ranks,
        critical_difference=q * scale,
        q_alpha=q,
        alpha=level,
        rank_differences=diff,
        significant=np.abs(diff) >= q * scale,
        pvalues=pvalues,
        n_datasets=n,
        n_classifiers=k,
    )


# --------------------------------------------------------------------------------------------
# pairwise Wilcoxon tests with Holm's correction (the alternative to mean-rank post-hoc tests)


@dataclass(frozen=True)
class PairwiseWilcoxon(_PairwiseFamily):
    """All pairwise Wilcoxon signed-rank tests of k classifiers, Holm-adjusted.

    Attributes
    ----------
    names : list of str
        The k classifier names, in column order.
    pairs : list of tuple of int
        The k(k − 1)/2 pairs (i, j), i < j, in the order of the arrays below.
    statistics : ndarray, shape (m,)
        W+ of ``scores[:, i] − scores[:, j]`` (large when classifier i is better).
    pvalues : ndarray, shape (m,)
        Raw two-sided p-values; each depends only on the two columns it compares.
    adjusted : ndarray, shape (m,)
        Holm-adjusted p-values over the m pairs.
    reject : ndarray of bool, shape (m,)
        ``adjusted <= alpha``.
    alpha : float
    zero_method : str
    methods : list of str
        The null distribution each test used (exact or asymptotic), as named by
        :func:`evalkit.paired.wilcoxon_signed_rank`.
    method : str
    """

    names: list[str]
    pairs: list[tuple[int, int]]
    statistics: np.ndarray
    pvalues: np.ndarray
    adjusted: np.ndarray
    reject: np.ndarray
    alpha: float
    zero_method: str
    methods: list[str] = field(repr=False)
    method: str = "pairwise Wilcoxon signed-rank tests, Holm-adjusted"

    def adjusted_matrix(self) -> np.ndarray:
        """The Holm-adjusted p-values as a symmetric k × k matrix (1 on the diagonal)."""
        k = len(self.names)
        out = np.ones((k, k))
        for (i, j), p in zip(self.pairs, self.adjusted, strict=True):
            out[i, j] = out[j, i] = p
        return out

    def _header(self) -> str:
        return f"{self.method} (zero_method={self.zero_method!r}, α = {self.alpha:g})"


def pairwise_wilcoxon(
    scores: ArrayLike,
    names: Sequence[str] | None = None,
    alpha: float = 0.05,
    zero_method: str = "zsplit",
    method: str = "auto",
) -> PairwiseWilcoxon:
    """Compare every pair of k classifiers with a Wilcoxon signed-rank test; adjust with Holm.

    Benavoli, Corani & Mangili (2016, *Should we really use post-hoc tests based on
    mean-ranks?*, JMLR 17(5):1–10) show that the mean-rank post-hoc tests (Nemenyi,
    Bonferroni–Dunn; :func:`nemenyi`) decide about classifiers A and B with a statistic that
    depends on the *other* classifiers in the comparison: adding or removing a third
    classifier moves the average ranks of A and B and can flip their verdict. They recommend
    pairwise tests whose statistic uses only A's and B's scores — the Wilcoxon signed-rank test
    over the data sets (Demšar 2006, §3.1.3; :func:`evalkit.paired.wilcoxon_signed_rank`) — with
    a correction for the m = k(k − 1)/2 comparisons, here Holm's step-down (:func:`holm`).

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size, auto): minimum 0.000, median 0.036, maximum 0.047 (at classifiers=5, datasets=20,
    scores=continuous) over 16 settings.

    Parameters
    ----------
    scores : array_like, shape (n_datasets, n_classifiers)
        Higher = better.
    names : sequence of str, optional
        One name per column (default C1, C2, …).
    alpha : float, default 0.05
        Family-wise level of the Holm correction.
    zero_method : {"zsplit", "pratt", "wilcox"}, default "zsplit"
        How a data set on which two classifiers tie enters: ``"zsplit"`` splits its rank
        evenly between the two sums, as Demšar (2006, §3.1.3) proposes for the signed-rank test
        across data sets; ``"pratt"`` ranks the zeros and then drops them (Pratt 1959);
        ``"wilcox"`` drops ties before ranking. For the sign test, dropping ties is the exact
        conditional test (Coakley & Heise 1996) and splitting them makes it conservative
        (notebook 08 computes both exactly).
    method : {"auto", "exact", "asymptotic"}
        Passed on to :func:`evalkit.paired.wilcoxon_signed_rank`.

    Returns
    -------
    PairwiseWilcoxon
        Raw and Holm-adjusted p-values per pair, and the rejections at ``alpha``.

    Examples
    --------
    >>> scores = [[0.90, 0.85, 0.80], [0.82, 0.80, 0.70], [0.95, 0.90, 0.91],
    ...           [0.70, 0.72, 0.60], [0.88, 0.84, 0.83], [0.91, 0.86, 0.80]]
    >>> r = pairwise_wilcoxon(scores, names=["A", "B", "C"])
    >>> r.pairs, r.pvalues.round(4).tolist(), r.adjusted.round(4).tolist()
    ([(0, 1), (0, 2), (1, 2)], [0.0938, 0.0312, 0.0938], [0.1875, 0.0938, 0.1875])
    """
    table = _as_score_table(scores)
    k = table.shape[1]
    labels = _as_names(names, k)
    level = _check_alpha(alpha)
    zero_method = check_choice(zero_method, "zero_method", ("zsplit", "pratt", "wilcox"))
    method = check_choice(method, "method", ("auto", "exact", "asymptotic"))
    pairs = [(i, j) for i in range(k) for j in range(i + 1, k)]
    tests = [
        _wilcoxon_core(table[:, i] - table[:, j], "two-sided", method, zero_method, False)
        for i, j in pairs
    ]
    raw = np.array([t.pvalue for t in tests])
    adjusted = _adjust_core(raw, level, "Holm")
    return PairwiseWilcoxon(
        names=labels,
        pairs=pairs,
        statistics=np.array([t.statistic for t in tests]),
        pvalues=raw,
        adjusted=adjusted.adjusted,
        reject=adjusted.reject,
        alpha=level,
        zero_method=zero_method,
        methods=[t.method for t in tests],
    )


# --------------------------------------------------------------------------------------------
# the critical-difference diagram


@dataclass(frozen=True)
class CriticalDifferenceDiagram(ReadableResult):
    """What Demšar's critical-difference diagram shows (Demšar 2006, fig. 1), as numbers.

    Attributes
    ----------
    names : list of str
        Classifier names, best average rank first.
    average_ranks : ndarray
        Their average ranks, ascending (1 = best).
    critical_difference : float
    groups : list of tuple of int
        Maximal runs (first, last) of positions in ``names`` whose average ranks differ by
        less than CD: classifiers joined by one bar are not significantly different.
    n_datasets, n_classifiers : int
    alpha : float
    method : str
    """

    names: list[str]
    average_ranks: np.ndarray
    critical_difference: float
    groups: list[tuple[int, int]]
    n_datasets: int
    n_classifiers: int
    alpha: float
    method: str = "Nemenyi"


def critical_difference_diagram(
    scores: ArrayLike, names: Sequence[str] | None = None, alpha: float = 0.05
) -> CriticalDifferenceDiagram:
    """The data of a critical-difference diagram (Nemenyi test, Demšar 2006, §3.2.2, fig. 1).

    The classifiers are placed on a rank axis by their average ranks; a bar joins every
    maximal group whose ranks span less than the critical difference (so no pair inside the
    group differs significantly).

    Parameters
    ----------
    scores : array_like, shape (n_datasets, n_classifiers)
        Higher = better.
    names : sequence of str, optional
        One name per column (default C1, C2, …).
    alpha : float, default 0.05

    Returns
    -------
    CriticalDifferenceDiagram
        Draw it with :func:`draw_critical_difference`.

    Examples
    --------
    >>> d = critical_difference_diagram(
    ...     [[0.9, 0.8, 0.7], [0.8, 0.7, 0.75], [0.95, 0.9, 0.85], [0.7, 0.6, 0.65]],
    ...     names=["A", "B", "C"])
    >>> d.names, d.average_ranks.tolist(), d.groups
    (['A', 'B', 'C'], [1.0, 2.5, 2.5], [(0, 2)])
    """
    table = _as_score_table(scores)
    labels = _as_names(names, table.shape[1])
    result = _nemenyi_core(table, _check_alpha(alpha))
    order = np.argsort(result.average_ranks, kind="stable")
    ranks = result.average_ranks[order]
    cd = result.critical_difference
    groups: list[tuple[int, int]] = []
    last_end = -1
    for i in range(ranks.size):
        j = i
        while j + 1 < ranks.size and ranks[j + 1] - ranks[i] < cd:
            j += 1
        if j > i and j > last_end:  # a new maximal group (ends further right than the last)
            groups.append((i, j))
            last_end = j
    return CriticalDifferenceDiagram(
        names=[labels[j] for j in order],
        average_ranks=ranks,
        critical_difference=cd,
        groups=groups,
        n_datasets=result.n_datasets,
        n_classifiers=result.n_classifiers,
        alpha=result.alpha,
    )


def draw_critical_difference(ax: Any, diagram: CriticalDifferenceDiagram, *, color: str = "k"):
    """Draw a :class:`CriticalDifferenceDiagram` on a matplotlib Axes (Demšar 2006, fig. 1).

    The rank axis runs from 1 (best, left) to k; each classifier hangs from its average rank,
    the better half labelled on the left and the rest on the right; thick bars join groups
    that are not significantly different; the CD is drawn as a scale bar above the axis.
    Uses only methods of ``ax`` (this module does not import matplotlib).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw; its axis lines and ticks are turned off.
    diagram : CriticalDifferenceDiagram
        What :func:`critical_difference_diagram` returns: the average ranks, the critical
        difference and the groups.
    color : str
        The colour of every line and label (a matplotlib colour).

    Returns
    -------
    matplotlib.axes.Axes
        ``ax``, drawn on.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> d = critical_difference_diagram([[0.9, 0.8, 0.7], [0.8, 0.7, 0.75]], names=["A", "B", "C"])
    >>> fig, ax = plt.subplots()
    >>> _ = draw_critical_difference(ax, d)
    >>> sorted(t.get_text().strip() for t in ax.texts if "(" in t.get_text())
    ['A (1.00)', 'B (2.50)', 'C (2.50)']
    >>> plt.close(fig)
    """
    if not isinstance(diagram, CriticalDifferenceDiagram):
        raise TypeError(
            f"diagram must be a CriticalDifferenceDiagram (from critical_difference_diagram); "
            f"got {shown(diagram)}"
        )
    k = diagram.n_classifiers
    ranks = diagram.average_ranks
    cd = diagram.critical_difference
    n_left = (k + 1) // 2
    rows = max(n_left, k - n_left)
    top = 1.0
    ax.set_xlim(0.5 - 0.9, k + 0.5 + 0.9)
    ax.set_ylim(-(rows * 0.9 + 0.6), top + 1.6)
    ax.axis("off")
    # the rank axis with ticks
    ax.plot([1, k], [top, top], color=color, lw=1.2)
    for r in range(1, k + 1):
        ax.plot([r, r], [top, top + 0.15], color=color, lw=1.0)
        ax.text(r, top + 0.25, str(r), ha="center", va="bottom", fontsize=9)
    for r in np.arange(1.5, k, 1.0):
        ax.plot([r, r], [top, top + 0.08], color=color, lw=0.8)
    # CD scale bar
    ax.plot([1, 1 + cd], [top + 0.9, top + 0.9], color=color, lw=1.5)
    for x in (1, 1 + cd):
        ax.plot([x, x], [top + 0.8, top + 1.0], color=color, lw=1.0)
    ax.text(1 + cd / 2, top + 1.0, f"CD = {cd:.2f}", ha="center", va="bottom", fontsize=9)
    # classifiers: better half to the left, the rest to the right
    for pos, (name, r) in enumerate(zip(diagram.names, ranks, strict=True)):
        if pos < n_left:
            y = -(pos + 1) * 0.9
            x_end, ha = 0.5 - 0.1, "right"
        else:
            y = -(k - pos) * 0.9
            x_end, ha = k + 0.5 + 0.1, "left"
        ax.plot([r, r, x_end], [top, y, y], color=color, lw=0.9)
        ax.text(
            x_end,
            y,
            f" {name} ({r:.2f}) " if ha == "left" else f"{name} ({r:.2f}) ",
            ha=ha,
            va="center",
            fontsize=9,
        )
    # bars for groups that are not significantly different
    for g, (i, j) in enumerate(diagram.groups):
        y = top - 0.25 - 0.22 * g
        ax.plot(
            [ranks[i] - 0.05, ranks[j] + 0.05],
            [y, y],
            color=color,
            lw=4,
            alpha=0.8,
            solid_capstyle="round",
        )
    return ax
