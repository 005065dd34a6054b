"""ROC curves, the area under them, and its uncertainty (Hanley–McNeil, DeLong).

Conventions (scikit-learn's): labels come first, ``(y_true, y_score)``. The positive class is
``pos_label`` — by default the larger of the two labels (1 of 0/1, True of booleans, 1 of −1/1,
"dog" of "cat"/"dog", as ``sklearn.metrics.roc_auc_score`` takes it) — and a **higher score means
more positive**; a point is classified positive when ``score >= t``. Sweeping the threshold ``t``
down through the distinct scores gives one ROC point per distinct score, plus the point (0, 0)
for ``t = +inf`` (nothing positive). Tied scores cannot be separated by any threshold, so a tie
between positives and negatives is crossed in one diagonal step, and the area under the curve
equals the Mann–Whitney probability P(score of a random positive > score of a random negative)
with ties counted one half.

Each public function checks its arguments once and then calls a private core
(``_roc_curve_core``, ``_auc_core``, ``_auc_interval_core``, ``_delong_test_core``,
``_precision_recall_curve_core``, ``_average_precision_core``, ``_precision_recall_band_core``,
``_multiclass_auc_core``) that trusts them: ``y`` a boolean array (True = positive), ``s`` a 1-D
array of finite floats of the same length. Other evalkit modules that already hold checked arrays
call the cores.

Sources: Andreas L. Symeonidis, *Pattern Recognition: Evaluating classification models*, slides
'Καμπύλη ROC' and 'Κατασκευή ROC καμπύλης' (ROC construction); beyond the documents: Hanley &
McNeil (1982), *Radiology* 143, 29–36; DeLong, DeLong & Clarke-Pearson (1988), *Biometrics* 44,
837–845; Sun & Xu (2014), *IEEE Signal Processing Letters* 21, 1389–1393 (fast DeLong); Qin &
Hotilovac (2008), *Statistical Methods in Medical Research* 17, 207–221 (the logit interval used
near an AUC of 0 or 1); van Dantzig (1951) and Bamber (1975) (the variance bound used at exactly
0 or 1); Hand & Till (2001), *Machine Learning* 45, 171–186 (multiclass AUC); Sen (1960),
*Calcutta Statistical Association Bulletin* 10, 1–18 (structural components of multi-sample
U-statistics, which DeLong's variance and the multiclass interval use).
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

import numpy as np
from scipy import special

from evalkit._validation import (
    as_count,
    as_generator,
    as_labels,
    as_real_array,
    check_choice,
    check_confidence,
    shown,
    to_output,
)
from evalkit.results import (
    Interval,
    ReadableResult,
    TestResult,
    _check_margin,
    _check_one_sided_level,
)

__all__ = [
    "AucInterval",
    "MulticlassAuc",
    "PrecisionRecallBand",
    "PrecisionRecallCurve",
    "RocCurve",
    "auc",
    "auc_interval",
    "average_precision",
    "delong_test",
    "equivalence_test",
    "multiclass_auc",
    "noninferiority_test",
    "precision_recall_band",
    "precision_recall_curve",
    "roc_curve",
]


# --------------------------------------------------------------------------------------------
# input checks (public functions only; the cores trust their inputs)


def _as_scores(value: Any, name: str) -> np.ndarray:
    arr = as_real_array(value, name)
    if arr.ndim != 1:
        hint = "; for an items × classes array use multiclass_auc" if arr.ndim == 2 else ""
        raise ValueError(
            f"{name} must be 1-D (one score per test item); got shape {arr.shape}{hint}"
        )
    arr = arr.astype(float)
    bad = ~np.isfinite(arr)
    if bad.any():
        raise ValueError(
            f"{name} must be finite (no NaN or infinity); got {arr[bad][0].item()!r} at index "
            f"{int(np.flatnonzero(bad)[0])}"
        )
    return arr


def _preview(values: np.ndarray, most: int = 5) -> str:
    shown = ", ".join(repr(v.item() if hasattr(v, "item") else v) for v in values[:most])
    return shown + (", …" if values.size > most else "")


def _at_most_two(values: np.ndarray) -> tuple[Any, ...] | None:
    """The distinct values of a non-empty 1-D array when there are at most two (sorted), else
    None: two passes over the array, no sort (``np.unique`` sorts all n values, and the public
    functions ask this of ``y_true`` and ``y_score`` before the one sort the curve needs)."""
    first = values[0]
    other = values != first
    if not other.any():
        return (first,)
    second = values[int(other.argmax())]
    if not np.array_equal(other, values == second):  # a third value (or NaN)
        return None
    return (first, second) if first < second else (second, first)


def _check_not_swapped(labels: np.ndarray, y_score: Any, pos_label: Any, name: str) -> None:
    """Raise when y_true looks like scores and ``y_score`` like labels (the old argument order).

    A score vector with at most two distinct values passed as ``y_score`` together with a
    ``y_true`` of more than two distinct values (or, without ``pos_label``, of real values that
    are not whole numbers) is what ``auc(scores, labels)`` in the old order looks like. O(n):
    the distinct values are counted only up to three (:func:`_at_most_two`).
    """
    try:
        raw = np.asarray(y_score)
    except Exception:  # the score check names the problem
        return
    if raw.ndim != 1 or raw.size != labels.size or raw.size == 0 or raw.dtype == object:
        return
    scores = _at_most_two(raw)
    if scores is None:
        return
    distinct = len(scores)
    two = _at_most_two(labels)
    fractional = (
        pos_label is None
        and labels.dtype.kind == "f"
        and not np.array_equal(labels, np.round(labels))
    )
    if two is None or fractional:
        classes = np.unique(labels)  # for the message only
        what = "real values that are not whole numbers" if classes.size <= 2 else "distinct values"
        raise ValueError(
            f"the arguments look swapped: y_true has {classes.size} {what} "
            f"({_preview(classes)}) and {name} only {distinct}; the order is (y_true, {name}), "
            "the true labels first, as in scikit-learn (e.g. auc(y_true, y_score))"
        )


def _binary_target(
    y_true: Any, size: int, pos_label: Any, *, minimum_per_class: int = 1, name: str = "y_score"
) -> np.ndarray:
    """``y_true == pos_label`` as booleans, after checking y_true holds two classes."""
    labels = as_labels(y_true, "y_true")
    if labels.size != size:
        raise ValueError(
            f"y_true and {name} must have the same length (one label and one score per item); "
            f"got {labels.size} and {size}"
        )
    two = _at_most_two(labels)  # O(n): no sort of the labels
    if two is None:
        classes = np.unique(labels)  # for the message only
        raise ValueError(
            f"y_true must hold two classes; got {classes.size} distinct labels "
            f"({_preview(classes)}); for more classes use multiclass_auc, or recode "
            "(e.g. y_true == 'cat')"
        )
    classes = np.array(two, dtype=labels.dtype)
    if classes.size < 2:
        raise ValueError(
            "y_true must hold two classes, a positive and a negative one; got only the label "
            f"{classes[0].item()!r} ({labels.size} items)"
        )
    if pos_label is None:
        positive = classes[-1].item()  # the larger label, as roc_auc_score takes it
    else:
        found = [c for c in classes.tolist() if np.ndim(pos_label) == 0 and c == pos_label]
        if not found:
            raise ValueError(
                f"pos_label must be one of y_true's labels ({_preview(classes)}); "
                f"got {shown(pos_label)}"
            )
        positive = found[0]
    y = labels == positive
    n_pos = int(y.sum())
    n_neg = y.size - n_pos
    if min(n_pos, n_neg) < minimum_per_class:
        raise ValueError(
            f"y_true must contain at least {minimum_per_class} positive (label {positive!r}) and "
            f"at least {minimum_per_class} negative test items; got {n_pos} positive and "
            f"{n_neg} negative"
        )
    return y


def _check_binary(
    y_true: Any,
    y_score: Any,
    pos_label: Any,
    *,
    minimum_per_class: int = 1,
    name: str = "y_score",
) -> tuple[np.ndarray, np.ndarray]:
    """The public functions' checks: ``(y, s)``, booleans (True = positive) and finite scores."""
    labels = as_labels(y_true, "y_true")
    _check_not_swapped(labels, y_score, pos_label, name)
    s = _as_scores(y_score, name)
    y = _binary_target(labels, s.size, pos_label, minimum_per_class=minimum_per_class, name=name)
    return y, s


# --------------------------------------------------------------------------------------------
# the curves: counts at each threshold, shared by the ROC and the precision–recall curve


def _sorted_counts(scores: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, ...]:
    """Distinct scores (descending) with cumulative TP and FP counts at ``score >= t``."""
    order = np.argsort(-scores)  # ties are grouped below, so the sort need not be stable
    s = scores[order]
    yy = y[order]
    # the last index of each run of equal scores
    last = np.flatnonzero(np.diff(s) != 0)
    last = np.append(last, s.size - 1)
    tp = np.cumsum(yy, dtype=np.int64)[last]
    fp = (last + 1) - tp
    return s[last], tp, fp


def _area_from_counts(tp: np.ndarray, fp: np.ndarray) -> float:
    """The ROC area from the cumulative counts (without the leading zeros): exact integers."""
    tp = np.concatenate([[0], tp])
    fp = np.concatenate([[0], fp])
    # twice the area in units of one (positive, negative) pair: sum of Δfp · (tp_k + tp_{k+1})
    twice = int(np.sum(np.diff(fp) * (tp[1:] + tp[:-1]), dtype=np.int64))
    return twice / (2 * int(tp[-1]) * int(fp[-1]))


@dataclass(frozen=True)
class _ThresholdCurve(ReadableResult):
    """What the ROC and the precision–recall curve share: the counts at each threshold.

    Attributes
    ----------
    thresholds : ndarray
        Point ``k`` classifies ``score >= thresholds[k]`` as positive; decreasing, starting
        with ``+inf`` (nothing positive).
    tp, fp : ndarray of int
        True and false positives at each threshold.
    n_positive, n_negative : int
        Numbers of positive and negative test points.
    """

    thresholds: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    n_positive: int
    n_negative: int

    #: the three arrays ``a, b, thresholds = curve`` unpacks to (scikit-learn's order)
    _unpacks: ClassVar[tuple[str, str, str]] = ("thresholds", "tp", "fp")

    def __iter__(self):
        """Unpack as scikit-learn's triple (``fpr, tpr, thresholds`` for a ROC curve)."""
        for name in self._unpacks:
            yield getattr(self, name)

    @property
    def tn(self) -> np.ndarray:
        """True negatives at each threshold."""
        return self.n_negative - self.fp

    @property
    def fn(self) -> np.ndarray:
        """False negatives at each threshold."""
        return self.n_positive - self.tp

    @classmethod
    def _counts(cls, y: np.ndarray, s: np.ndarray) -> dict[str, Any]:
        """The shared fields from checked labels and scores (a leading ``+inf`` point)."""
        distinct, tp, fp = _sorted_counts(s, y)
        return {
            "thresholds": np.concatenate([[np.inf], distinct]),
            "tp": np.concatenate([[0], tp]),
            "fp": np.concatenate([[0], fp]),
            "n_positive": int(tp[-1]),
            "n_negative": int(fp[-1]),
        }

    def _summary_items(self) -> list[tuple[str, Any]]:
        return [
            ("points", int(self.thresholds.size)),
            ("n_positive", self.n_positive),
            ("n_negative", self.n_negative),
        ]


@dataclass(frozen=True)
class RocCurve(_ThresholdCurve):
    """A ROC curve: one point per distinct score, from (0, 0) to (1, 1).

    Attributes
    ----------
    fpr, tpr : ndarray
        False- and true-positive rates, FP/(FP + TN) and TP/(TP + FN), non-decreasing.
    thresholds : ndarray
        Point ``k`` classifies ``score >= thresholds[k]`` as positive; decreasing, starting
        with ``+inf`` (the empty-positive point (0, 0)).
    tp, fp : ndarray of int
        True and false positives at each threshold (``tn``, ``fn``: the complements).
    n_positive, n_negative : int
        Numbers of positive and negative test points.

    Examples
    --------
    >>> roc_curve([1, 1, 0, 0], [0.9, 0.8, 0.8, 0.3])
    RocCurve(points=4, n_positive=2, n_negative=2, auc=0.875)
    """

    fpr: np.ndarray = None  # type: ignore[assignment]
    tpr: np.ndarray = None  # type: ignore[assignment]

    _unpacks: ClassVar[tuple[str, str, str]] = ("fpr", "tpr", "thresholds")

    @property
    def auc(self) -> float:
        """The area under this curve (trapezoids), as :func:`auc` computes it."""
        return _area_from_counts(self.tp[1:], self.fp[1:])

    def _summary_items(self) -> list[tuple[str, Any]]:
        return [*super()._summary_items(), ("auc", self.auc)]


def _roc_curve_core(y: np.ndarray, s: np.ndarray) -> RocCurve:
    counts = RocCurve._counts(y, s)
    return RocCurve(
        **counts,
        fpr=counts["fp"] / counts["n_negative"],
        tpr=counts["tp"] / counts["n_positive"],
    )


def roc_curve(y_true: Any, y_score: Any, *, pos_label: Any = None) -> RocCurve:
    """The ROC curve of a scoring classifier: sweep the threshold down through the scores.

    Symeonidis, 'Κατασκευή ROC καμπύλης': sort the scores, apply a threshold ``score >= t`` at
    each distinct score, and count TP, FP, TN, FN to get TPR = TP/(TP + FN) and
    FPR = FP/(FP + TN). Tied scores give a single point (the slides' table gives the three tied
    0.85 scores three columns; no threshold can produce the middle two), so a tie between a
    positive and a negative is one diagonal step. O(n log n).

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True classes: two labels (numbers, booleans or strings), both present.
    y_score : array_like, shape (n,)
        Finite scores; higher = more positive.
    pos_label : label, optional
        The positive class; default the larger of the two labels (1 of 0/1, True of booleans).

    Returns
    -------
    RocCurve
        ``fpr``, ``tpr``, ``thresholds`` (from ``+inf`` down to the smallest score), ``tp``,
        ``fp``, ``n_positive``, ``n_negative``. Agrees with
        ``sklearn.metrics.roc_curve(y_true, y_score, drop_intermediate=False)``.

    Raises
    ------
    ValueError
        If y_true does not hold exactly two classes, or the arguments look swapped (y_true with
        more than two values, y_score with at most two: the old order ``(scores, labels)``).

    Examples
    --------
    >>> c = roc_curve([1, 1, 0, 0], [0.9, 0.8, 0.8, 0.3])
    >>> c.thresholds.tolist(), c.tpr.tolist(), c.fpr.tolist()
    ([inf, 0.9, 0.8, 0.3], [0.0, 0.5, 1.0, 1.0], [0.0, 0.0, 0.5, 1.0])
    >>> roc_curve(["cat", "dog", "dog"], [0.2, 0.9, 0.4], pos_label="dog").tpr.tolist()
    [0.0, 0.5, 1.0, 1.0]
    """
    y, s = _check_binary(y_true, y_score, pos_label)
    return _roc_curve_core(y, s)


def _auc_core(y: np.ndarray, s: np.ndarray) -> float:
    """The area as twice the Mann–Whitney count over 2·P·N, exact in integers: for each
    positive, 2·(negatives below it) + (negatives tied with it), summed. That is the integer
    :func:`_area_from_counts` sums over the curve's trapezoids (each negative at a threshold
    adds the positives above it twice and those tied with it once), divided the same way, so
    the float is the same to the last bit. The positives' and the negatives' scores are sorted
    apart (``np.sort``, quicker than one ``np.argsort`` of them all) and each positive finds
    its place among the negatives by binary search."""
    positives = s[y]
    positives.sort()
    negatives = s[~y]
    negatives.sort()
    below = np.searchsorted(negatives, positives, "left").sum(dtype=np.int64)
    not_above = np.searchsorted(negatives, positives, "right").sum(dtype=np.int64)
    return (int(below) + int(not_above)) / (2 * positives.size * negatives.size)


def auc(y_true: Any, y_score: Any, *, pos_label: Any = None) -> float:
    """Area under the ROC curve (trapezoids; diagonal steps at ties).

    Equals the Mann–Whitney statistic U / (n_pos · n_neg): the probability that a randomly
    chosen positive scores higher than a randomly chosen negative, ties counted one half.
    Computed from integer counts, divided once at the end. scikit-learn's name is
    ``roc_auc_score(y_true, y_score)``.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True classes: two labels, both present.
    y_score : array_like, shape (n,)
        Finite scores; higher = more positive.
    pos_label : label, optional
        The positive class; default the larger of the two labels.

    Examples
    --------
    >>> y_true = [1, 1, 0, 0, 0, 1, 0, 1, 0, 1]
    >>> y_score = [0.95, 0.93, 0.87, 0.85, 0.85, 0.85, 0.76, 0.53, 0.43, 0.25]
    >>> auc(y_true, y_score)
    0.56
    >>> auc(y_true, y_score, pos_label=0)  # the other class positive: 1 − AUC
    0.44
    """
    y, s = _check_binary(y_true, y_score, pos_label)
    return _auc_core(y, s)


# --------------------------------------------------------------------------------------------
# DeLong's structural components, fast (sorting and binary search, O(n log n))


def _delong_components(scores: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, ...]:
    """AUCs and structural components V10 (per positive), V01 (per negative).

    ``scores`` has shape (k, n) for k classifiers. DeLong et al. (1988): V10_i is the share of
    negatives scored below the positive i, a tie counting one half, and V01_j the share of
    positives scored above the negative j. The counts come from binary searches in the sorted
    scores of the other class: with L and R the numbers of other-class scores < and ≤ a score,
    "below" is (L + R)/2 (a half-integer, exact), the number Sun & Xu (2014) get from midranks
    (T_z − T_x), so V10_i = ((L + R)/2)/n_neg and V01_j = 1 − ((L + R)/2)/n_pos to the last bit.
    Two sorts and four searches per classifier: about a third of the time of three midrankings.
    """
    pos = scores[:, y]
    neg = scores[:, ~y]
    m, n = pos.shape[1], neg.shape[1]
    v10, v01 = np.empty(pos.shape), np.empty(neg.shape)
    for row, (p, q) in enumerate(zip(pos, neg, strict=True)):
        p_sorted, q_sorted = np.sort(p), np.sort(q)
        below = np.searchsorted(q_sorted, p, "left") + np.searchsorted(q_sorted, p, "right")
        v10[row] = (below / 2) / n
        under = np.searchsorted(p_sorted, q, "left") + np.searchsorted(p_sorted, q, "right")
        v01[row] = 1.0 - (under / 2) / m
    aucs = v10.mean(axis=1)
    return aucs, v10, v01


def _delong_covariance(v10: np.ndarray, v01: np.ndarray) -> np.ndarray:
    """DeLong et al. (1988): S = S10 / m + S01 / n (sample covariances, ddof = 1)."""
    m, n = v10.shape[1], v01.shape[1]
    s10 = np.atleast_2d(np.cov(v10, ddof=1))
    s01 = np.atleast_2d(np.cov(v01, ddof=1))
    return s10 / m + s01 / n


def _hanley_mcneil_variance(area: float, n_pos: int, n_neg: int) -> float:
    """Hanley & McNeil (1982): the variance of an AUC under an exponential model.

    SE² = [A(1 − A) + (n_pos − 1)(Q1 − A²) + (n_neg − 1)(Q2 − A²)] / (n_pos · n_neg),
    Q1 = A / (2 − A), Q2 = 2A² / (1 + A).
    """
    q1 = area / (2.0 - area)
    q2 = 2.0 * area**2 / (1.0 + area)
    var = (area * (1.0 - area) + (n_pos - 1) * (q1 - area**2) + (n_neg - 1) * (q2 - area**2)) / (
        n_pos * n_neg
    )
    return max(var, 0.0)


@dataclass(frozen=True)
class AucInterval(Interval):
    """A confidence interval for an AUC, with its standard error.

    Attributes
    ----------
    low, high, estimate, confidence, method
        As in :class:`~evalkit.results.Interval` (``estimate`` is the AUC).
    std_error : float
        The standard error the interval is built from.

    Examples
    --------
    >>> AucInterval(0.70, 0.90, 0.82, 0.95, "DeLong (logit)", std_error=0.05)
    ... # doctest: +NORMALIZE_WHITESPACE
    AucInterval(low=0.7, high=0.9, estimate=0.82, confidence=0.95, method='DeLong (logit)',
                std_error=0.05)
    """

    std_error: Any = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.std_error is not None:
            object.__setattr__(self, "std_error", to_output(self.std_error))


def _logit_limits(area: float, se: float, z: float) -> tuple[float, float]:
    """``expit(logit(A) ± z · SE / (A(1 − A)))``: the Wald interval on the logit scale.

    The delta method gives SE(logit Â) = SE(Â) / (Â(1 − Â)); the limits are transformed back
    with the logistic function, so they lie strictly inside (0, 1) for 0 < Â < 1.
    """
    centre = special.logit(area)
    half = z * se / (area * (1.0 - area))
    return float(special.expit(centre - half)), float(special.expit(centre + half))


def _van_dantzig_limits(area: float, trials: float, z: float) -> tuple[float, float]:
    """The interval where DeLong's SE is 0: at Â = 0 or 1 (logit(Â) infinite), or all scores tied.

    Distribution-free bound of van Dantzig (1951): Var(Â) ≤ θ(1 − θ)/N, N = min(n_pos, n_neg),
    for a true AUC θ (``trials`` is N). The θ with |Â − θ| ≤ z·√(θ(1 − θ)/N) form the score
    (Wilson) interval

    ``(Â + z²/(2N) ± z·√(Â(1 − Â)/N + z²/(4N²))) / (1 + z²/N)``,

    which is [N/(N + z²), 1] at Â = 1 and [0, z²/(N + z²)] at Â = 0.
    """
    shrink = 1.0 + z * z / trials
    centre = (area + z * z / (2 * trials)) / shrink
    half = z * math.sqrt(area * (1.0 - area) / trials + z * z / (4.0 * trials**2)) / shrink
    low = 0.0 if area == 0.0 else max(centre - half, 0.0)  # exact ends, free of rounding
    high = 1.0 if area == 1.0 else min(centre + half, 1.0)
    return low, high


def _limits(
    area: float, se: float, z: float, method: str, trials: float
) -> tuple[float, float, str]:
    """Wald limits clipped to [0, 1] (``"delong"``) or on the logit scale (``"delong-logit"``).

    Returns the limits and the suffix the method's name gets ("" or a note on the bound used).
    """
    if method != "delong-logit":
        return max(area - z * se, 0.0), min(area + z * se, 1.0), ""
    if se > 0.0 and 0.0 < area < 1.0:
        low, high = _logit_limits(area, se, z)
        return low, high, " (logit)"
    # AUC = 0 or 1, or every score tied: no spread to estimate a SE from
    low, high = _van_dantzig_limits(area, trials, z)
    return low, high, f" (logit); AUC = {area:g} with SE 0: van Dantzig bound"


AUC_METHODS = ("delong-logit", "delong", "hanley-mcneil")


def _auc_interval_core(y: np.ndarray, s: np.ndarray, method: str, level: float) -> AucInterval:
    n_pos = int(y.sum())
    n_neg = y.size - n_pos
    if method == "hanley-mcneil":
        area = _auc_core(y, s)
        var = _hanley_mcneil_variance(area, n_pos, n_neg)
        name = "Hanley-McNeil"
    else:
        aucs, v10, v01 = _delong_components(s[None, :], y)
        area = float(aucs[0])
        var = float(_delong_covariance(v10, v01)[0, 0])
        name = "DeLong"
    se = float(np.sqrt(max(var, 0.0)))
    z = float(special.ndtri(0.5 + level / 2))
    low, high, note = _limits(area, se, z, method, min(n_pos, n_neg))
    return AucInterval(
        low=low, high=high, estimate=area, confidence=level, method=name + note, std_error=se
    )


def auc_interval(
    y_true: Any,
    y_score: Any,
    *,
    method: str = "delong-logit",
    confidence: float = 0.95,
    pos_label: Any = None,
) -> AucInterval:
    """A normal-approximation confidence interval for the AUC (beyond the documents).

    The standard error comes from

    * ``"delong-logit"`` (the default): DeLong, DeLong & Clarke-Pearson's (1988) nonparametric
      variance S10/n_pos + S01/n_neg from the structural components (counted in O(n log n),
      the numbers of Sun & Xu's 2014 midrank form), with the interval built for
      logit(AUC) = log(AUC/(1 − AUC)) with the delta-method standard error
      SE_logit = SE/(AUC·(1 − AUC)) and transformed back:
      ``expit(logit(AUC) ± z · SE_logit)`` (the logit interval studied by Qin & Hotilovac
      2008, *Statistical Methods in Medical Research* 17, 207–221; Pepe 2003, *The Statistical
      Evaluation of Medical Tests*, §5.2). It is asymmetric and stays inside (0, 1).
      **At AUC exactly 0 or 1** (the classes are perfectly separated) DeLong's SE is 0 and the
      logit is infinite, so no delta-method interval exists (nor when every score is tied, AUC
      0.5 with SE 0); the method then returns the distribution-free interval from van Dantzig's
      (1951) variance bound Var(AUC) ≤ θ(1 − θ)/min(n_pos, n_neg) (Bamber 1975, *J. Math.
      Psychology* 12, 387–415): the Wilson score interval with N = min(n_pos, n_neg), e.g.
      [N/(N + z²), 1] at AUC = 1, and names it in ``method``.
    * ``"delong"``: the same SE, ``AUC ± z · SE`` clipped to [0, 1]. Near 0 or 1 this Wald form
      is clipped and too short (it says "0.994 to 1.000" and covers the truth far less often
      than 95 %: about 80 % at AUC = 0.99 with 50 items per class, against about 94 % for the
      logit form; see ``tests/test_roc.py``).
    * ``"hanley-mcneil"``: Hanley & McNeil (1982), which needs only the AUC and the two class
      sizes (it assumes a particular shape of the score distributions), ``AUC ± z · SE``.

    Which to use: the default. The coverage atlas below measures the logit form at 0.89 or more
    at every setting (0.92–0.97 except 0.89 with 20 positives against 200 negatives at AUC
    0.98), while the Wald form falls to 0.74 at AUC 0.98 with 20 items per class and stays
    below 0.95 even at AUC 0.7; Hanley–McNeil's rests on a model of the score distributions,
    falls to 0.81 at AUC 0.98 with 20 per class and over-covers (0.97–0.98) with unequal class
    sizes. With 20 positives or fewer near AUC 1 even the logit form is short of 95 %.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage, delong): minimum 0.743 (at n_pos=20, n_neg=20, AUC=0.98), median 0.912, maximum
    0.945 over 12 settings. It covers less than 93 % at 6 of the 12 settings.
    Atlas (coverage, delong-logit): minimum 0.890 (at n_pos=20, n_neg=200, AUC=0.98), median 0.950,
    maximum 0.973 over 12 settings. It covers less than 93 % at 2 of the 12 settings.
    Atlas (coverage, hanley-mcneil): minimum 0.812 (at n_pos=20, n_neg=20, AUC=0.98), median 0.945,
    maximum 0.977 over 12 settings. It covers less than 93 % at 2 of the 12 settings.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True classes: two labels, at least two items of each.
    y_score : array_like, shape (n,)
        Finite scores (higher = more positive).
    method : {"delong-logit", "delong", "hanley-mcneil"}
    confidence : float, default 0.95
    pos_label : label, optional
        The positive class; default the larger of the two labels.

    Returns
    -------
    AucInterval
        ``low``, ``high``, ``estimate`` (the AUC), ``std_error`` (of the AUC, not of its logit),
        ``confidence``, ``method``.

    Examples
    --------
    >>> y_true = [1, 1, 0, 1, 0, 1, 0, 0]
    >>> y_score = [0.9, 0.8, 0.7, 0.6, 0.55, 0.4, 0.3, 0.2]
    >>> ci = auc_interval(y_true, y_score)
    >>> round(ci.estimate, 4), round(ci.std_error, 4), round(ci.low, 4), round(ci.high, 4)
    (0.8125, 0.1693, 0.3293, 0.9745)
    >>> ci.method
    'DeLong (logit)'
    >>> ci = auc_interval(y_true, y_score, method="delong")
    >>> round(ci.low, 4), round(ci.high, 4), ci.method
    (0.4808, 1.0, 'DeLong')
    >>> ci = auc_interval([1, 1, 0, 0], [4, 3, 2, 1])  # AUC = 1
    >>> round(ci.low, 4), ci.high, ci.method
    (0.3424, 1.0, 'DeLong (logit); AUC = 1 with SE 0: van Dantzig bound')
    """
    y, s = _check_binary(y_true, y_score, pos_label, minimum_per_class=2)
    method = check_choice(method, "method", AUC_METHODS)
    level = check_confidence(confidence)
    return _auc_interval_core(y, s, method, level)


def _delong_test_core(y: np.ndarray, s1: np.ndarray, s2: np.ndarray, level: float) -> TestResult:
    aucs, v10, v01 = _delong_components(np.vstack([s1, s2]), y)
    cov = _delong_covariance(v10, v01)
    diff = float(aucs[0] - aucs[1])
    var = float(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1])
    # the variance of a difference is ≥ 0; rounding can leave a tiny negative number
    scale = max(float(cov[0, 0] + cov[1, 1]), 1e-300)
    if var <= 1e-12 * scale:
        var = 0.0
    se = float(np.sqrt(var))
    if se > 0:
        z = diff / se
        p = float(2 * special.ndtr(-abs(z)))
    elif diff == 0:
        z, p = 0.0, 1.0
    else:
        z, p = float(np.copysign(np.inf, diff)), 0.0
    q = float(special.ndtri(0.5 + level / 2))
    interval = Interval(
        low=diff - q * se,
        high=diff + q * se,
        estimate=diff,
        confidence=level,
        method="DeLong",
    )
    return TestResult(
        statistic=z,
        pvalue=p,
        alternative="two-sided",
        method="DeLong's test for two correlated ROC curves",
        statistic_name="z",
        estimate=diff,
        estimate_name="AUC difference",
        interval=interval,
        details={
            "auc1": float(aucs[0]),
            "auc2": float(aucs[1]),
            "std_error": se,
            "variance1": float(cov[0, 0]),
            "variance2": float(cov[1, 1]),
            "covariance": float(cov[0, 1]),
        },
    )


def delong_test(
    y_true: Any,
    y_score1: Any,
    y_score2: Any,
    *,
    confidence: float = 0.95,
    pos_label: Any = None,
) -> TestResult:
    """DeLong's test: do two classifiers scored on the same test set have the same AUC?

    DeLong, DeLong & Clarke-Pearson (1988): the AUCs of two classifiers on the same points are
    correlated; their covariance matrix S = S10/n_pos + S01/n_neg comes from the structural
    components (counted by sorting and binary search, O(n log n)). The statistic
    z = (AUC1 − AUC2) / sqrt(S11 + S22 − 2 S12) is compared with the standard normal
    (two-sided). R's ``pROC::roc.test(method = "delong")``. Beyond the documents.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size): minimum 0.012, median 0.043, maximum 0.060 (at n_pos=20, n_neg=200, AUC_1=0.8,
    AUC_2=0.8, rho=0.5) over 6 settings.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True classes: two labels, at least two items of each.
    y_score1, y_score2 : array_like, shape (n,)
        Scores of the two classifiers on the same n test points (higher = more positive).
    confidence : float, default 0.95
        Level of the interval for AUC1 − AUC2.
    pos_label : label, optional
        The positive class; default the larger of the two labels.

    Returns
    -------
    TestResult
        ``statistic`` (z), ``pvalue`` (two-sided), ``estimate`` = AUC1 − AUC2 (its
        ``estimate_name`` is "AUC difference"), ``interval`` (normal interval for the
        difference), ``details``: ``auc1``, ``auc2``, ``std_error``, ``variance1``,
        ``variance2``, ``covariance``. If the difference has zero variance (e.g. identical
        rankings), z is 0 with p = 1 when the AUCs are equal, else ±inf, p = 0.

    Examples
    --------
    >>> y_true = [1, 1, 1, 0, 1, 0, 0, 0]
    >>> r = delong_test(y_true, [8, 7, 6, 5, 4, 3, 2, 1], [8, 4, 6, 5, 7, 3, 2, 1])
    >>> round(r.estimate, 4), round(r.statistic, 4), round(r.pvalue, 4)
    (0.0, 0.0, 1.0)
    >>> r = delong_test(y_true, [8, 7, 6, 5, 4, 3, 2, 1], [1, 2, 6, 5, 4, 3, 7, 8])
    >>> round(r.estimate, 4), round(r.statistic, 4), round(r.pvalue, 4), r.estimate_name
    (0.75, 3.6742, 0.0002, 'AUC difference')
    """
    labels = as_labels(y_true, "y_true")
    _check_not_swapped(labels, y_score1, pos_label, "y_score1")
    s1 = _as_scores(y_score1, "y_score1")
    s2 = _as_scores(y_score2, "y_score2")
    if s1.size != s2.size:
        raise ValueError(
            f"y_score1 and y_score2 must have the same length (the same test points); got "
            f"{s1.size} and {s2.size}"
        )
    y = _binary_target(labels, s1.size, pos_label, minimum_per_class=2, name="y_score1")
    level = check_confidence(confidence)
    return _delong_test_core(y, s1, s2, level)


# --------------------------------------------------------------------------------------------
# precision–recall curves and average precision


@dataclass(frozen=True)
class PrecisionRecallCurve(_ThresholdCurve):
    """A precision–recall curve: one point per distinct score, plus the start (recall 0).

    Attributes
    ----------
    precision, recall : ndarray
        TP/(TP + FP) and TP/(TP + FN) at each threshold; recall non-decreasing. The first point
        (threshold ``+inf``, nothing positive) has recall 0 and precision 1 by convention.
    thresholds : ndarray
        Point ``k`` classifies ``score >= thresholds[k]`` as positive; decreasing, starting
        with ``+inf``.
    tp, fp : ndarray of int
        True and false positives at each threshold.
    n_positive, n_negative : int

    Examples
    --------
    >>> precision_recall_curve([1, 1, 0, 0], [0.9, 0.8, 0.8, 0.3])
    ... # doctest: +NORMALIZE_WHITESPACE
    PrecisionRecallCurve(points=4, n_positive=2, n_negative=2, average_precision=0.8333,
                         baseline=0.5)
    """

    precision: np.ndarray = None  # type: ignore[assignment]
    recall: np.ndarray = None  # type: ignore[assignment]

    _unpacks: ClassVar[tuple[str, str, str]] = ("precision", "recall", "thresholds")

    @property
    def baseline(self) -> float:
        """Precision of a classifier without skill: the positive rate n_pos / (n_pos + n_neg)."""
        return self.n_positive / (self.n_positive + self.n_negative)

    @property
    def average_precision(self) -> float:
        """The step sum Σ (R_k − R_{k−1}) P_k of this curve, as :func:`average_precision`."""
        return _step_sum(self.tp[1:], self.fp[1:])

    def _summary_items(self) -> list[tuple[str, Any]]:
        return [
            *super()._summary_items(),
            ("average_precision", self.average_precision),
            ("baseline", self.baseline),
        ]


def _pr_from_counts(tp: np.ndarray, fp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Precision and recall with the (recall 0, precision 1) start point prepended."""
    precision = np.concatenate([[1.0], tp / (tp + fp)])
    recall = np.concatenate([[0.0], tp / tp[-1]])
    return precision, recall


def _precision_recall_curve_core(y: np.ndarray, s: np.ndarray) -> PrecisionRecallCurve:
    counts = PrecisionRecallCurve._counts(y, s)
    precision, recall = _pr_from_counts(counts["tp"][1:], counts["fp"][1:])
    return PrecisionRecallCurve(**counts, precision=precision, recall=recall)


def precision_recall_curve(
    y_true: Any, y_score: Any, *, pos_label: Any = None
) -> PrecisionRecallCurve:
    """The precision–recall curve of a scoring classifier: sweep the threshold down the scores.

    At each distinct score t, classify ``score >= t`` as positive and record precision
    TP/(TP + FP) and recall TP/(TP + FN) (Symeonidis' p and r). Unlike the ROC curve, the PR
    curve does not use the true negatives, so it shows how a rare positive class is served: a
    classifier without skill has precision equal to the positive rate at every recall (the
    ``baseline``), which under heavy imbalance lies far below ROC's diagonal-looking comfort
    (Saito & Rehmsmeier 2015, *The precision-recall plot is more informative than the ROC plot
    when evaluating binary classifiers on imbalanced datasets*, PLoS ONE 10(3): e0118432).

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True classes: two labels, both present.
    y_score : array_like, shape (n,)
        Finite scores; higher = more positive.
    pos_label : label, optional
        The positive class; default the larger of the two labels.

    Returns
    -------
    PrecisionRecallCurve
        In reverse order (``[::-1]``), ``precision`` and ``recall`` are scikit-learn's
        ``precision_recall_curve(y_true, y_score)`` arrays, and ``thresholds[1:]`` its
        thresholds.

    Examples
    --------
    >>> c = precision_recall_curve([1, 1, 0, 0], [0.9, 0.8, 0.8, 0.3])
    >>> c.precision.round(3).tolist(), c.recall.tolist(), c.baseline
    ([1.0, 1.0, 0.667, 0.5], [0.0, 0.5, 1.0, 1.0], 0.5)
    """
    y, s = _check_binary(y_true, y_score, pos_label)
    return _precision_recall_curve_core(y, s)


def _step_sum(tp: np.ndarray, fp: np.ndarray) -> float:
    precision, recall = _pr_from_counts(tp, fp)
    return float(np.sum(np.diff(recall) * precision[1:]))


def _average_precision_core(y: np.ndarray, s: np.ndarray) -> float:
    _, tp, fp = _sorted_counts(s, y)
    return _step_sum(tp, fp)


def average_precision(y_true: Any, y_score: Any, *, pos_label: Any = None) -> float:
    """Average precision: the step sum Σ (R_k − R_{k−1}) P_k over the thresholds.

    The precision at each threshold weighted by the recall gained there, as scikit-learn's
    ``average_precision_score`` defines it (no interpolation between points: a straight line
    between PR points would be too optimistic, Davis & Goadrich 2006, *The relationship between
    precision-recall and ROC curves*, ICML). It equals the mean, over the positives, of the
    precision at the threshold that first takes in that positive (ties taken in together). A
    constant score has average precision equal to the positive rate (the baseline of
    :class:`PrecisionRecallCurve`), not 0.5; random scores do better on average when there are
    few positives (Bestgen 2015: 0.234 for 20 positives in 100 items against a positive rate of
    0.2; :func:`evalkit.metrics.random_ranking_average_precision`).

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True classes: two labels, both present.
    y_score : array_like, shape (n,)
        Finite scores; higher = more positive.
    pos_label : label, optional
        The positive class; default the larger of the two labels.

    Examples
    --------
    >>> round(average_precision([1, 1, 0, 0], [0.9, 0.8, 0.8, 0.3]), 4)
    0.8333
    """
    y, s = _check_binary(y_true, y_score, pos_label)
    return _average_precision_core(y, s)


@dataclass(frozen=True)
class PrecisionRecallBand(ReadableResult):
    """A pointwise bootstrap band for a precision–recall curve, and an interval for its AP.

    Attributes
    ----------
    recall : ndarray
        The recall grid.
    precision : ndarray
        The test set's precision at each grid recall (the step function whose integral is AP).
    low, high : ndarray
        Pointwise percentile limits of the precision at each grid recall.
    average_precision : Interval
        Average precision with its bootstrap percentile interval.
    baseline : float
        The positive rate (fixed by the stratified resampling).
    confidence : float
    rounds : int
    mc_standard_error : float
        Monte-Carlo standard error of the AP interval's limits (the larger of the two): how much
        they would move with another seed. Shrinks like 1/√rounds.
    """

    recall: np.ndarray
    precision: np.ndarray
    low: np.ndarray
    high: np.ndarray
    average_precision: Interval
    baseline: float
    confidence: float
    rounds: int
    mc_standard_error: float = float("nan")

    _repr_fields: ClassVar[tuple[str, ...]] = (
        "average_precision",
        "mc_standard_error",
        "baseline",
        "confidence",
        "rounds",
        "recall",
    )


def _quantile_monte_carlo_error(values: np.ndarray, q: float) -> float:
    """Monte-Carlo SE of the ``q`` quantile of ``values`` (B draws), from its order statistics.

    The sample quantile's rank has binomial spread √(B q (1 − q)), a spread h = √(q(1 − q)/B)
    in probability; half the distance between the quantiles at q − h and q + h estimates the
    quantile's standard error without a density estimate (the order-statistic route of
    Maritz & Jarrett 1978, *Journal of the American Statistical Association* 73, 194–196, in
    its simplest form).
    """
    h = math.sqrt(q * (1.0 - q) / values.size)
    low, high = np.quantile(values, [max(q - h, 0.0), min(q + h, 1.0)])
    return float(high - low) / 2.0


def _precision_at(tp: np.ndarray, fp: np.ndarray, grid: np.ndarray) -> np.ndarray:
    """Precision of the first threshold whose recall reaches each grid value (0 → first point)."""
    precision, recall = _pr_from_counts(tp, fp)
    k = np.searchsorted(recall, grid, side="left")
    return precision[np.clip(k, 0, precision.size - 1)]


def _draws_per_score(draws: np.ndarray, score_of: np.ndarray, width: int) -> np.ndarray:
    """How often each of ``width`` distinct scores was drawn, one row per resample."""
    offsets = np.arange(draws.shape[0])[:, None] * width
    counts = np.bincount((offsets + score_of[draws]).ravel(), minlength=draws.shape[0] * width)
    return counts.reshape(draws.shape[0], width)


def _resampled_precision(
    scores: np.ndarray,
    y: np.ndarray,
    pos_draws: np.ndarray,
    neg_draws: np.ndarray,
    grid: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Precision at each grid recall and AP of every stratified resample, rounds in blocks.

    Row r of ``pos_draws`` (``neg_draws``) picks positives (negatives) of the test set by their
    index among the positives (negatives). A resample holds only the test set's own scores, so
    its TP and FP counts at the test set's distinct scores (descending) are running sums of how
    often each score was drawn; a score not drawn repeats the point before it. The precision
    read at a grid recall is therefore the one :func:`_precision_at` reads on the resample's
    own curve, and its AP is :func:`_step_sum` on the scores that were drawn: the same numbers
    as sorting each resample (:func:`_sorted_counts`), without a sort per resample. A block
    holds as many rounds as keep its arrays near ``_BAND_BLOCK`` values (in cache).
    """
    rounds, n_pos = pos_draws.shape
    _, group = np.unique(-scores, return_inverse=True)  # rank of each item's score, descending
    group = group.reshape(-1)
    width = int(group.max()) + 1
    pos_group, neg_group = group[y], group[~y]
    # the least TP count whose recall tp/n_pos reaches each grid value (recall computed as in
    # _pr_from_counts)
    least = np.minimum(np.searchsorted(np.arange(n_pos + 1) / n_pos, grid, side="left"), n_pos)
    curves = np.empty((rounds, grid.size))
    aps = np.empty(rounds)
    block = max(1, _BAND_BLOCK // (width + 1))
    for first in range(0, rounds, block):
        rows = slice(first, min(first + block, rounds))
        size = rows.stop - rows.start
        drawn_pos = _draws_per_score(pos_draws[rows], pos_group, width)
        drawn_neg = _draws_per_score(neg_draws[rows], neg_group, width)
        start = np.zeros((size, 1), np.int64)
        tp = np.concatenate([start, np.cumsum(drawn_pos, axis=1)], axis=1)
        fp = np.concatenate([start, np.cumsum(drawn_neg, axis=1)], axis=1)
        # the first point whose TP count reaches the least one is a drawn score or the start
        # point (a score not drawn has the counts of the point before it): one search for all
        # rows, their counts shifted apart so that they increase across rows
        shift = np.arange(size)[:, None] * (n_pos + 1)
        at = np.searchsorted((shift + tp).ravel(), shift + least, side="left")
        counted = tp + fp  # 0 before the first drawn score: the start point, precision 1
        precision = np.divide(tp, counted, out=np.ones(tp.shape), where=counted > 0)
        curves[rows] = precision.ravel()[at]
        # AP: _step_sum's terms (recall gained × precision) at the drawn scores, summed per
        # resample as _step_sum sums them (one array each: the same additions in the same order)
        terms = np.diff(tp / n_pos, axis=1) * precision[:, 1:]
        drawn = (drawn_pos + drawn_neg) > 0
        parts = np.split(terms[drawn], np.cumsum(drawn.sum(axis=1))[:-1])
        aps[rows] = [np.sum(part) for part in parts]
    return curves, aps


_BAND_BLOCK = 2**18  # values per array in one block of precision_recall_band's resamples


def _check_recall_grid(recall_grid: Any) -> np.ndarray:
    if recall_grid is None:
        return np.linspace(0.0, 1.0, 101)
    grid = as_real_array(recall_grid, "recall_grid").astype(float).reshape(-1)
    bad = ~((grid >= 0) & (grid <= 1))
    if grid.size == 0 or bad.any():
        raise ValueError(
            "recall_grid must be a non-empty array of recalls in [0, 1]; got "
            f"{grid[bad][0].item() if bad.any() else 'an empty array'!r}"
        )
    return grid


def _precision_recall_band_core(
    y: np.ndarray,
    s: np.ndarray,
    grid: np.ndarray,
    level: float,
    rounds: int,
    gen: np.random.Generator,
) -> PrecisionRecallBand:
    _, tp, fp = _sorted_counts(s, y)
    estimate = _precision_at(tp, fp, grid)
    ap = _step_sum(tp, fp)
    n_pos, n_neg = int(tp[-1]), int(fp[-1])
    pos_draws = np.empty((rounds, n_pos), dtype=np.int64)
    neg_draws = np.empty((rounds, n_neg), dtype=np.int64)
    for r in range(rounds):  # the positives, then the negatives, of each resample in turn
        pos_draws[r] = gen.integers(0, n_pos, n_pos)
        neg_draws[r] = gen.integers(0, n_neg, n_neg)
    curves, aps = _resampled_precision(s, y, pos_draws, neg_draws, grid)
    alpha = 1.0 - level
    probs = [alpha / 2.0, 1.0 - alpha / 2.0]
    low, high = np.quantile(curves, probs, axis=0)
    ap_low, ap_high = np.quantile(aps, probs)
    error = max(_quantile_monte_carlo_error(aps, q) for q in probs)
    return PrecisionRecallBand(
        recall=grid,
        precision=estimate,
        low=low,
        high=high,
        average_precision=Interval(ap_low, ap_high, ap, level, "stratified bootstrap percentile"),
        baseline=n_pos / s.size,
        confidence=level,
        rounds=int(rounds),
        mc_standard_error=error,
    )


def precision_recall_band(
    y_true: Any,
    y_score: Any,
    recall_grid: Any = None,
    *,
    confidence: float = 0.95,
    rounds: int = 1000,
    rng: Any = None,
    pos_label: Any = None,
) -> PrecisionRecallBand:
    """Bootstrap band for the precision–recall curve and interval for the average precision.

    Resample the positives and the negatives separately (a stratified bootstrap, so every
    resample has the test set's positive rate and the baseline stays fixed), recompute the curve
    and read its precision at each grid recall r — the precision of the first threshold whose
    recall reaches r, the step function that :func:`average_precision` integrates. The band is
    pointwise (percentile limits at each r), not simultaneous. The result carries the
    Monte-Carlo error of the AP interval's limits (``mc_standard_error``): raise ``rounds`` when
    it matters at the digits you report.

    With few positives the AP interval is too narrow: the sample AP is biased upwards (binormal
    scores with separation 1 and 20 % positives: mean 0.482 at 60 positives against a
    population AP of 0.4625), and in 200 simulated test sets the 95 % interval covered the
    population AP 84.5 % of the time with 60 positives and 92.5 % with 600. Read it as a lower
    bound on the uncertainty when positives number in the tens.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage): minimum 0.899 (at n_pos=30, n_neg=70, AUC=0.95, rounds=500), median 0.915,
    maximum 0.931 over 3 settings. It covers less than 93 % at 2 of the 3 settings.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True classes: two labels, both present.
    y_score : array_like, shape (n,)
        Finite scores; higher = more positive.
    recall_grid : array_like, optional
        Recall values in [0, 1] (default: 101 points 0, 0.01, …, 1).
    confidence : float, default 0.95
    rounds : int, default 1000
        Bootstrap resamples (≥ 100).
    rng : None, int or numpy.random.Generator, optional
        Source of randomness (SPEC 7): None for fresh entropy (not reproducible), an integer
        seed, or a Generator.
    pos_label : label, optional
        The positive class; default the larger of the two labels.

    Returns
    -------
    PrecisionRecallBand

    Examples
    --------
    >>> rng = np.random.default_rng(0)
    >>> y = np.r_[np.ones(20), np.zeros(80)].astype(int)
    >>> s = y + rng.normal(0, 1, 100)
    >>> band = precision_recall_band(y, s, rounds=200, rng=1)
    >>> band.baseline, bool(band.average_precision.low < band.average_precision.estimate)
    (0.2, True)
    >>> bool(band.mc_standard_error < 0.05)
    True
    """
    y, s = _check_binary(y_true, y_score, pos_label)
    level = check_confidence(confidence)
    rounds = as_count(rounds, "rounds", minimum=100)
    gen = as_generator(rng, allow_none=True)
    grid = _check_recall_grid(recall_grid)
    return _precision_recall_band_core(y, s, grid, level, rounds, gen)


# --------------------------------------------------------------------------------------------
# more than two classes: one-vs-rest and Hand & Till's one-vs-one AUC, with an interval

MULTI_CLASS = ("ovr", "ovo")
AVERAGES = ("macro", "weighted")
MULTICLASS_METHODS = ("delong-logit", "delong")


@dataclass(frozen=True)
class MulticlassAuc(AucInterval):
    """A multiclass AUC (an average of two-class AUCs) with its confidence interval.

    Attributes
    ----------
    low, high, estimate, confidence, method, std_error
        As in :class:`AucInterval` (``estimate`` is the averaged AUC).
    multi_class : str
        ``"ovr"`` (one-vs-rest) or ``"ovo"`` (Hand & Till's one-vs-one).
    average : str
        ``"macro"`` (equal weights) or ``"weighted"`` (by prevalence).
    classes : tuple
        The class of each column of ``y_score``.
    terms : tuple of str
        What was averaged: ``"cat vs rest"`` (one-vs-rest) or ``"cat vs dog"`` (one-vs-one,
        the mean of the two directions).
    aucs, weights : ndarray
        Each term's AUC and its weight (summing to 1): ``estimate = sum(weights * aucs)``.

    Examples
    --------
    >>> y_true = ["bird", "cat", "dog", "cat", "bird", "dog", "dog", "cat", "bird", "bird"]
    >>> y_score = [[0.7, 0.2, 0.1], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3],
    ...            [0.5, 0.4, 0.1], [0.2, 0.2, 0.6], [0.4, 0.3, 0.3], [0.1, 0.8, 0.1],
    ...            [0.4, 0.3, 0.3], [0.3, 0.5, 0.2]]
    >>> r = multiclass_auc(y_true, y_score, multi_class="ovo")
    >>> {term: round(a, 4) for term, a in r.per_term.items()}
    {'bird vs cat': 0.8958, 'bird vs dog': 0.9167, 'cat vs dog': 0.9444}
    >>> r  # doctest: +NORMALIZE_WHITESPACE
    MulticlassAuc(estimate=0.919, low=0.6593, high=0.9852, confidence=0.95,
                  method='Hand-Till one-vs-one macro AUC, DeLong-type SE (logit)',
                  std_error=0.06717, classes=('bird', 'cat', 'dog'))
    """

    multi_class: str = "ovr"
    average: str = "macro"
    classes: tuple = ()
    terms: tuple = ()
    aucs: np.ndarray | None = None
    weights: np.ndarray | None = None

    _repr_fields: ClassVar[tuple[str, ...]] = (
        "estimate",
        "low",
        "high",
        "confidence",
        "method",
        "std_error",
        "classes",
    )

    @property
    def per_term(self) -> dict[str, float]:
        """Each averaged AUC by its term's name, e.g. ``{"cat vs rest": 0.91, …}``."""
        return {t: float(a) for t, a in zip(self.terms, np.asarray(self.aucs), strict=True)}


def _auc_influence(y: np.ndarray, s: np.ndarray) -> tuple[float, np.ndarray, int]:
    """An AUC, each item's structural component divided by its class size, and min(m, n).

    V10_i / n_pos for a positive i and V01_j / n_neg for a negative j (DeLong et al. 1988):
    the AUC's first-order (Hájek) projection on the items, item by item.
    """
    aucs, v10, v01 = _delong_components(s[None, :], y)
    n_pos, n_neg = v10.shape[1], v01.shape[1]
    share = np.empty(y.size)
    share[y] = v10[0] / n_pos
    share[~y] = v01[0] / n_neg
    return float(aucs[0]), share, min(n_pos, n_neg)


def _multiclass_terms(
    codes: np.ndarray, score: np.ndarray, multi_class: str
) -> tuple[list[str], np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The two-class AUCs an average is made of, before weighting.

    Returns each term's name (class indices), AUC, items' shares (terms × items), the smaller
    class size of its AUC (for van Dantzig's bound) and its prevalence weight (n_k for
    one-vs-rest, n_i + n_j for a pair).
    """
    n_classes = score.shape[1]
    counts = np.bincount(codes, minlength=n_classes)
    terms, aucs, shares, trials, sizes = [], [], [], [], []
    if multi_class == "ovr":
        for k in range(n_classes):
            area, share, small = _auc_influence(codes == k, score[:, k])
            terms.append((k,))
            aucs.append(area)
            shares.append(share)
            trials.append(small)
            sizes.append(counts[k])
    else:
        for i, j in combinations(range(n_classes), 2):
            mask = (codes == i) | (codes == j)
            a_ij, share_ij, small = _auc_influence(codes[mask] == i, score[mask, i])
            a_ji, share_ji, _ = _auc_influence(codes[mask] == j, score[mask, j])
            share = np.zeros(codes.size)
            share[mask] = (share_ij + share_ji) / 2.0
            terms.append((i, j))
            aucs.append((a_ij + a_ji) / 2.0)
            shares.append(share)
            trials.append(small)
            sizes.append(counts[i] + counts[j])
    return (
        terms,
        np.asarray(aucs),
        np.asarray(shares),
        np.asarray(trials, dtype=float),
        np.asarray(sizes, dtype=float),
    )


def _multiclass_combine(
    codes: np.ndarray, parts: tuple, average: str
) -> tuple[float, float, float, np.ndarray]:
    """Weighted average of the terms, its DeLong-type SE and van Dantzig's N; the weights."""
    _, aucs, shares, trials, sizes = parts
    weights = sizes / sizes.sum() if average == "weighted" else np.full(aucs.size, 1 / aucs.size)
    area = float(np.sum(weights * aucs))
    # each item's first-order share of the average; items of one class are exchangeable, so the
    # variance is the sum over classes of n_c times the within-class variance of the shares
    total = weights @ shares
    counts = np.bincount(codes)
    if counts.min() < 2:  # no variance within a class of one item: no SE (see multiclass_auc)
        se = math.nan
    else:
        var = sum(counts[c] * float(np.var(total[codes == c], ddof=1)) for c in range(counts.size))
        se = math.sqrt(max(var, 0.0))
        if se < 1e-12:  # shares equal within every class up to rounding (e.g. perfect separation)
            se = 0.0
    effective = 1.0 / float(np.sum(weights / trials))
    return area, se, effective, weights


def _multiclass_auc_core(
    codes: np.ndarray,
    score: np.ndarray,
    classes: tuple,
    multi_class: str,
    average: str,
    method: str,
    level: float,
    parts: tuple | None = None,
) -> MulticlassAuc:
    """The averaged AUC and its DeLong-type SE (Sen 1960) for checked class codes 0 … c − 1.

    ``parts`` (from :func:`_multiclass_terms`) may be passed to reuse the terms for another
    ``average`` of the same data.
    """
    if parts is None:
        parts = _multiclass_terms(codes, score, multi_class)
    area, se, effective, weights = _multiclass_combine(codes, parts, average)
    names = [str(c) for c in classes]
    if math.isnan(se):
        low = high = math.nan
        note = f"; {_no_interval_reason(codes, names)}"
    else:
        z = float(special.ndtri(0.5 + level / 2))
        low, high, note = _limits(area, se, z, method, effective)
    terms = tuple(
        f"{names[t[0]]} vs rest" if len(t) == 1 else f"{names[t[0]]} vs {names[t[1]]}"
        for t in parts[0]
    )
    kind = "one-vs-rest" if multi_class == "ovr" else "Hand-Till one-vs-one"
    return MulticlassAuc(
        low=low,
        high=high,
        estimate=area,
        confidence=level,
        method=f"{kind} {average} AUC, DeLong-type SE{note}",
        std_error=se,
        multi_class=multi_class,
        average=average,
        classes=tuple(classes),
        terms=terms,
        aucs=parts[1],
        weights=weights,
    )


def _no_interval_reason(codes: np.ndarray, names: list[str]) -> str:
    """Why a multiclass AUC has no interval: the classes with a single item."""
    single = [names[c] for c in np.flatnonzero(np.bincount(codes, minlength=len(names)) == 1)]
    which = ", ".join(repr(n) for n in single)
    return (
        f"no interval: class{'es' if len(single) > 1 else ''} {which} "
        f"{'have' if len(single) > 1 else 'has'} a single item, and the variance of the AUC "
        "needs the spread of the items' contributions within every class (two items at least)"
    )


def _check_multiclass(
    y_true: Any, y_score: Any, labels: Any
) -> tuple[np.ndarray, np.ndarray, tuple]:
    """Class codes 0 … c − 1 (the columns of ``y_score``), the scores, and the classes."""
    if np.ndim(y_true) == 2 and np.ndim(y_score) == 1:
        raise ValueError(
            "the arguments look swapped: y_true is 2-D and y_score 1-D; the order is "
            "(y_true, y_score), the labels first, y_score an items × classes array"
        )
    values = as_labels(y_true, "y_true")
    score = as_real_array(y_score, "y_score")
    if score.ndim != 2 or score.shape[1] < 2:
        raise ValueError(
            "y_score must be an items × classes array (one column of scores per class); got "
            f"shape {score.shape} (a single score column: use auc)"
        )
    score = score.astype(float)
    if not np.isfinite(score).all():
        bad = score[~np.isfinite(score)][0].item()
        raise ValueError(f"y_score must be finite (no NaN or infinity); got {shown(bad)}")
    if score.shape[0] != values.size:
        raise ValueError(
            f"y_true and y_score must have one row per item; got {values.size} labels and "
            f"{score.shape[0]} rows"
        )
    if labels is None:
        classes = np.unique(values)
        if classes.size != score.shape[1]:
            raise ValueError(
                f"y_score has {score.shape[1]} columns but y_true holds {classes.size} classes "
                f"({_preview(classes, 8)}); pass labels= to name the class of each column"
            )
    else:
        classes = as_labels(labels, "labels")
        if np.unique(classes).size != classes.size:
            raise ValueError(f"labels must not repeat a class; got {_preview(classes, 8)}")
        if classes.size != score.shape[1]:
            raise ValueError(
                f"labels must name one class per column of y_score ({score.shape[1]}); got "
                f"{classes.size} labels ({_preview(classes, 8)})"
            )
    order = np.argsort(classes, kind="stable")
    position = np.searchsorted(classes[order], values)
    position = np.clip(position, 0, classes.size - 1)
    unknown = classes[order][position] != values
    if unknown.any():
        raise ValueError(
            f"y_true holds a label that is not in labels: {values[unknown][0].item()!r} "
            f"(labels: {_preview(classes, 8)})"
        )
    codes = order[position]
    counts = np.bincount(codes, minlength=classes.size)
    if counts.min() < 1:
        rare = classes[int(np.argmin(counts))].item()
        raise ValueError(
            "every class of labels must occur in y_true (its AUC against the others needs one "
            f"of its items); class {rare!r} does not occur"
        )
    return codes, score, tuple(c.item() for c in classes)


def multiclass_auc(
    y_true: Any,
    y_score: Any,
    *,
    multi_class: str = "ovr",
    average: str = "macro",
    labels: Any = None,
    method: str = "delong-logit",
    confidence: float = 0.95,
) -> MulticlassAuc:
    """The AUC of a classifier with more than two classes, with a confidence interval.

    ``y_score`` holds one column of scores per class (class probabilities, or any scores where
    higher means "more this class"). Two averages of two-class AUCs, as scikit-learn's
    ``roc_auc_score(y_true, y_score, multi_class=..., average=...)`` computes them:

    * ``multi_class="ovr"`` (one-vs-rest): for each class k the AUC of column k separating
      class k from all other items; ``average="macro"`` takes their mean,
      ``average="weighted"`` weights each by the class's prevalence n_k / N. The one-vs-rest
      AUC of a rare class depends on which other classes happen to be common.
    * ``multi_class="ovo"``: Hand & Till (2001, "A simple generalisation of the area under the
      ROC curve for multiple class classification problems", *Machine Learning* 45, 171–186),
      eq. (7): for each pair of classes i < j, Â(i, j) = [A(i|j) + A(j|i)]/2, where A(i|j) is
      the AUC of column i among the items of classes i and j only (class i positive);
      ``"macro"`` gives their mean M = 2/(c(c − 1)) Σ Â(i, j), Hand & Till's M, which does not
      depend on the class proportions; ``"weighted"`` weights each pair by the share of items in
      its two classes (scikit-learn's weighting).

    The interval (beyond the documents): each averaged AUC is a two-sample U-statistic on the
    items of its classes, so the average is a linear combination of U-statistics over the c
    classes, and its variance follows from the structural components of Sen (1960, "On some
    convergence properties of U-statistics", *Calcutta Statistical Association Bulletin* 10,
    1–18), the same route by which DeLong, DeLong & Clarke-Pearson (1988) get the variance of
    one AUC and the covariance of two: every item gets its share of the average (its DeLong
    components V10/n_pos or V01/n_neg in every AUC it enters, weighted as the average weights
    them, so the covariances between the class-wise AUCs are included), and, with the class
    sizes held fixed, Var = Σ_c n_c · s²_c, where s²_c is the variance of the shares within
    class c. With two classes this is DeLong's variance exactly. The interval is built on the
    logit scale as for :func:`auc_interval` (``method="delong-logit"``, the default; at an
    average of exactly 0 or 1 van Dantzig's bound with N = 1/Σ w_k / min(n_pos,k, n_neg,k)),
    or as ``AUC ± z·SE`` clipped to [0, 1] (``method="delong"``).

    Measured coverage of the 95 % interval (``benchmarks/precompute_multiclass_auc.py``,
    ``data/multiclass_auc_coverage.csv``: 3 or 5 classes, softmax scores of Gaussian class means,
    5 to 100 items per class, balanced and unbalanced, true averages from 0.71 to 0.9996, at
    least 2000 test sets per setting, Monte-Carlo SE ≤ 0.005 for every row): the
    default logit form covers 0.929–0.971 (median 0.950); with balanced classes of 10 to 100
    items 0.942–0.971, and with a class of only 5 or 10 items the macro averages, which give
    that class a full share, fall to 0.929–0.949 (the prevalence-weighted ones 0.935–0.951).
    The Wald form
    (``method="delong"``) covers 0.491–0.949 (median 0.928), 0.491 when the average is near 1.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage, delong-logit; ovo, macro): minimum 0.923 (at classes=5, sizes=5/10/20/40/80,
    separation=1.5), median 0.949, maximum 0.968 over 4 settings.
    Atlas (coverage, delong-logit; ovo, weighted): minimum 0.936 (at classes=5, sizes=5/10/20/40/80,
    separation=1.5), median 0.940, maximum 0.943 over 2 settings.
    Atlas (coverage, delong-logit; ovr, macro): minimum 0.930 (at classes=5, sizes=5/10/20/40/80,
    separation=1.5), median 0.950, maximum 0.968 over 4 settings.
    Atlas (coverage, delong-logit; ovr, weighted): minimum 0.947 (at classes=5, sizes=5/10/20/40/80,
    separation=1.5), median 0.948, maximum 0.948 over 2 settings.
    Atlas (coverage, delong; ovo, macro): minimum 0.493 (at classes=3, sizes=30/30/30,
    separation=3.5), median 0.906, maximum 0.932 over 4 settings. It covers less than 93 % at 3 of
    the 4 settings.
    Atlas (coverage, delong; ovo, weighted): minimum 0.912 (at classes=3, sizes=10/30/60,
    separation=1), median 0.918, maximum 0.924 over 2 settings. It covers less than 93 % at 1 of the
    2 settings.
    Atlas (coverage, delong; ovr, macro): minimum 0.493 (at classes=3, sizes=30/30/30,
    separation=3.5), median 0.911, maximum 0.932 over 4 settings. It covers less than 93 % at 3 of
    the 4 settings.
    Atlas (coverage, delong; ovr, weighted): minimum 0.917 (at classes=3, sizes=10/30/60,
    separation=1), median 0.929, maximum 0.942 over 2 settings. It covers less than 93 % at 1 of the
    2 settings.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True classes; every class at least once. A class with a single item gives the
        estimate (as scikit-learn's ``roc_auc_score``) but no interval: the variance needs
        the spread of the items' structural components within every class, which one item
        cannot show; ``low``, ``high`` and ``std_error`` are then NaN, the ``method`` says why,
        and a ``UserWarning`` too.
    y_score : array_like, shape (n, c)
        Finite scores, column k for the class ``labels[k]``.
    multi_class : {"ovr", "ovo"}
    average : {"macro", "weighted"}
    labels : array_like, optional
        The class of each column of ``y_score``; default the sorted distinct values of y_true
        (then their number must equal the number of columns).
    method : {"delong-logit", "delong"}
    confidence : float, default 0.95

    Returns
    -------
    MulticlassAuc
        ``estimate``, ``low``, ``high``, ``std_error``, ``confidence``, ``method``, the
        ``classes``, and each averaged term's AUC and weight (``terms``, ``aucs``, ``weights``,
        ``per_term``).

    Examples
    --------
    Hand & Till's M and the one-vs-rest macro average (equal to scikit-learn's
    ``roc_auc_score(y_true, y_score, multi_class="ovo")`` and ``"ovr"``):

    >>> y_true = ["bird", "cat", "dog", "cat", "bird", "dog", "dog", "cat", "bird", "bird"]
    >>> y_score = [[0.7, 0.2, 0.1], [0.2, 0.5, 0.3], [0.1, 0.3, 0.6], [0.3, 0.4, 0.3],
    ...            [0.5, 0.4, 0.1], [0.2, 0.2, 0.6], [0.4, 0.3, 0.3], [0.1, 0.8, 0.1],
    ...            [0.4, 0.3, 0.3], [0.3, 0.5, 0.2]]
    >>> r = multiclass_auc(y_true, y_score, multi_class="ovo")
    >>> round(r.estimate, 4), round(r.low, 4), round(r.high, 4), round(r.std_error, 4)
    (0.919, 0.6593, 0.9852, 0.0672)
    >>> r = multiclass_auc(y_true, y_score)  # one-vs-rest, macro
    >>> round(r.estimate, 4), round(r.low, 4), round(r.high, 4)
    (0.9167, 0.6567, 0.9844)
    >>> {term: round(a, 4) for term, a in r.per_term.items()}
    {'bird vs rest': 0.9167, 'cat vs rest': 0.9048, 'dog vs rest': 0.9286}

    One "fish" among them: the estimate, and no interval (with a warning that says why):

    >>> import warnings
    >>> with warnings.catch_warnings(record=True):
    ...     warnings.simplefilter("always")
    ...     r = multiclass_auc([*y_true, "fish"], [[*s, 0.0] for s in y_score] + [[0, 0, 0, 1]])
    >>> round(r.estimate, 4), r.low, r.high
    (0.9457, nan, nan)
    >>> r.method  # doctest: +NORMALIZE_WHITESPACE
    "one-vs-rest macro AUC, DeLong-type SE; no interval: class 'fish' has a single item, and the
    variance of the AUC needs the spread of the items' contributions within every class (two
    items at least)"
    """
    multi_class = check_choice(multi_class, "multi_class", MULTI_CLASS)
    average = check_choice(average, "average", AVERAGES)
    method = check_choice(method, "method", MULTICLASS_METHODS)
    level = check_confidence(confidence)
    codes, score, classes = _check_multiclass(y_true, y_score, labels)
    result = _multiclass_auc_core(codes, score, classes, multi_class, average, method, level)
    if math.isnan(result.std_error):
        warnings.warn(
            f"multiclass_auc: the estimate {result.estimate:.4g} is given, but "
            f"{_no_interval_reason(codes, [str(c) for c in classes])}; low, high and "
            "std_error are NaN. More items of that class give an interval",
            UserWarning,
            stacklevel=2,
        )
    return result


# --------------------------------------------------------------------------------------------
# non-inferiority and equivalence of two AUCs on the same test set (beyond the documents)


def _check_two_scores(
    y_true: Any, y_score_a: Any, y_score_b: Any, pos_label: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(y, s_a, s_b) checked as :func:`delong_test` checks them."""
    labels = as_labels(y_true, "y_true")
    _check_not_swapped(labels, y_score_a, pos_label, "y_score_a")
    s_a = _as_scores(y_score_a, "y_score_a")
    s_b = _as_scores(y_score_b, "y_score_b")
    if s_a.size != s_b.size:
        raise ValueError(
            f"y_score_a and y_score_b must have the same length (the same test points); got "
            f"{s_a.size} and {s_b.size}"
        )
    y = _binary_target(labels, s_a.size, pos_label, minimum_per_class=2, name="y_score_a")
    return y, s_a, s_b


def _one_sided_z(numerator: float, se: float) -> float:
    """numerator/se, or ±∞ (0) where DeLong's standard error is 0."""
    if se > 0:
        return numerator / se
    return float(np.copysign(np.inf, numerator)) if numerator else 0.0


def _auc_margin_core(
    y: np.ndarray,
    s_a: np.ndarray,
    s_b: np.ndarray,
    margin: float,
    level: float,
    equivalence: bool,
) -> TestResult:
    """:func:`noninferiority_test` (or :func:`equivalence_test`) on checked arrays."""
    delong = _delong_test_core(y, s_a, s_b, 1 - 2 * level)  # its interval: d ± z_α·se
    difference, se = float(delong.estimate), float(delong.details["std_error"])
    z_lower = _one_sided_z(difference + margin, se)  # H0: AUC_A − AUC_B ≤ −δ
    p_lower = float(special.ndtr(-z_lower))
    details: dict[str, Any] = {
        "auc_a": delong.details["auc1"],
        "auc_b": delong.details["auc2"],
        "std_error": se,
        "level": level,
    }
    if equivalence:
        z_upper = _one_sided_z(difference - margin, se)  # H0: AUC_A − AUC_B ≥ δ
        p_upper = float(special.ndtr(z_upper))
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
        method=f"DeLong test of two correlated AUCs for {what}",
        statistic_name="z",
        estimate=difference,
        estimate_name="AUC difference A − B",
        interval=delong.interval,
        details=details,
        margin=margin,
    )


def noninferiority_test(
    y_true: Any,
    y_score_a: Any,
    y_score_b: Any,
    margin: float,
    *,
    level: float = 0.025,
    pos_label: Any = None,
) -> TestResult:
    """Is classifier A's AUC (new) at most ``margin`` below B's (reference), same test set?

    Non-inferiority in the area under the ROC curve (Liu, Ma, Wu & Tai 2006, "Tests of
    equivalence and non-inferiority for diagnostic accuracy based on the paired areas under
    ROC curves", *Statistics in Medicine* 25, 1219–1238): H0: AUC_A − AUC_B ≤ −δ against
    H1: AUC_A − AUC_B > −δ, with DeLong, DeLong & Clarke-Pearson's (1988) nonparametric
    variance of the paired difference (the covariance S of the structural components, as in
    :func:`delong_test`):

    (1)  z = (Â_A − Â_B + δ) / √(S_AA + S_BB − 2·S_AB),   p = 1 − Φ(z).

    The margin is on the AUC scale (0.05 = five points of AUC). The interval is DeLong's normal
    interval for the difference at confidence 1 − 2α, Â_A − Â_B ± z_α·SE: the test rejects at
    level α exactly when its lower limit lies above −δ. If the difference has standard error 0
    (identical rankings, say) z is ±∞ by the sign of Â_A − Â_B + δ.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``), simulated (binormal
    scores, correlation 0.5 between the two classifiers, seeded; Monte-Carlo standard error
    ≤ 0.005) at 50, 200 and 1000 items per class, AUC of B 0.8 and 0.9 and margins 0.02, 0.05 and
    0.10: the size at the margin is somewhat above α = 0.025, 0.019 to 0.036 (the normal
    approximation of DeLong's statistic). Power at equal AUCs of 0.9, margin 0.05: 0.35, 0.87 and
    1.00 with 50, 200 and 1000 items per class.

    Atlas (size): minimum 0.019, median 0.028, maximum 0.036 (at n_pos=1000, n_neg=1000,
    margin=0.02, AUC_A=0.78, AUC_B=0.8, rho=0.5) over 18 settings.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True classes: two labels, at least two items of each.
    y_score_a, y_score_b : array_like, shape (n,)
        Scores of the new classifier A and of the reference B on the same n items (higher =
        more positive).
    margin : float
        δ, strictly between 0 and 1, on the AUC scale.
    level : float
        One-sided significance level α, strictly between 0 and 0.5 (default 0.025).
    pos_label : label, optional
        The positive class; default the larger of the two labels.

    Returns
    -------
    TestResult
        ``statistic`` z (eq. 1), ``pvalue`` (one-sided), ``estimate`` Â_A − Â_B, ``interval``
        (DeLong, confidence 1 − 2α), ``margin``, ``details``: ``auc_a``, ``auc_b``,
        ``std_error``, ``level``.

    Examples
    --------
    A cheaper classifier A whose scores are B's plus noise, on 100 positives and 100 negatives:
    its AUC is significantly lower (DeLong's test), yet non-inferior within ten points.

    >>> rng = np.random.default_rng(1)
    >>> y_true = np.repeat([1, 0], 100)
    >>> score_b = 1.5 * y_true + rng.normal(size=200)
    >>> score_a = score_b + rng.normal(scale=0.6, size=200)
    >>> round(delong_test(y_true, score_a, score_b).pvalue, 4)
    0.002
    >>> r = noninferiority_test(y_true, score_a, score_b, margin=0.10)
    >>> round(r.estimate, 4), round(r.statistic, 4), round(r.pvalue, 4), round(r.interval.low, 4)
    (-0.0473, 3.4394, 0.0003, -0.0773)
    """
    level = _check_one_sided_level(level)
    margin = _check_margin(margin)
    y, s_a, s_b = _check_two_scores(y_true, y_score_a, y_score_b, pos_label)
    return _auc_margin_core(y, s_a, s_b, margin, level, equivalence=False)


def equivalence_test(
    y_true: Any,
    y_score_a: Any,
    y_score_b: Any,
    margin: float,
    *,
    level: float = 0.025,
    pos_label: Any = None,
) -> TestResult:
    """Are the AUCs of A and B within ``margin`` of each other on the same test set?

    Two one-sided tests (TOST; Schuirmann 1987) with the statistic of :func:`noninferiority_test`
    (Liu, Ma, Wu & Tai 2006): z_L = (Â_A − Â_B + δ)/SE for H0: AUC_A − AUC_B ≤ −δ and
    z_U = (Â_A − Â_B − δ)/SE for H0: AUC_A − AUC_B ≥ δ, SE DeLong's, each at level α;

    (2)  p = max(1 − Φ(z_L), Φ(z_U)),

    which rejects exactly when DeLong's interval at confidence 1 − 2α lies inside (−δ, δ).

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``), simulated at the
    settings of :func:`noninferiority_test`: the size at the margin reaches 0.034 (200 items per
    class, AUC_B 0.9, margin 0.05). Power at equal AUCs of 0.9, margin 0.05: 0.01, 0.73 and 1.00
    with 50, 200 and 1000 items per class.

    Atlas (size): minimum 0.000, median 0.016, maximum 0.034 (at n_pos=200, n_neg=200, margin=0.05,
    AUC_A=0.85, AUC_B=0.9, rho=0.5) over 18 settings.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True classes: two labels, at least two items of each.
    y_score_a, y_score_b : array_like, shape (n,)
        Scores of classifiers A and B on the same n items.
    margin : float
        δ, strictly between 0 and 1, on the AUC scale.
    level : float
        α of each one-sided test, strictly between 0 and 0.5 (default 0.025).
    pos_label : label, optional
        The positive class; default the larger of the two labels.

    Returns
    -------
    TestResult
        ``statistic`` min(z_L, −z_U), ``pvalue`` eq. 2, ``estimate`` Â_A − Â_B, ``interval``,
        ``margin``, ``details``: ``auc_a``, ``auc_b``, ``std_error``, ``level``, ``z_lower``,
        ``p_lower``, ``z_upper``, ``p_upper``.

    Examples
    --------
    The classifiers of :func:`noninferiority_test`'s example: equivalent within ten points of
    AUC, not within five (A's AUC is 4.7 points lower):

    >>> rng = np.random.default_rng(1)
    >>> y_true = np.repeat([1, 0], 100)
    >>> score_b = 1.5 * y_true + rng.normal(size=200)
    >>> score_a = score_b + rng.normal(scale=0.6, size=200)
    >>> round(equivalence_test(y_true, score_a, score_b, margin=0.10).pvalue, 4)
    0.0003
    >>> round(equivalence_test(y_true, score_a, score_b, margin=0.05).pvalue, 4)
    0.4301
    """
    level = _check_one_sided_level(level)
    margin = _check_margin(margin)
    y, s_a, s_b = _check_two_scores(y_true, y_score_a, y_score_b, pos_label)
    return _auc_margin_core(y, s_a, s_b, margin, level, equivalence=True)
