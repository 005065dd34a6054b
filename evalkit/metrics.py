"""Confusion matrix, recall, precision, accuracy, F-measure, cost, and error counting.

Orientation used throughout: a confusion matrix ``A`` has one row per **true** class and one
column per **predicted** class, so ``A[i, j]`` counts the test points of true class ``i`` that
were classified as class ``j`` (Fouladi's ``A(i, j)``; Symeonidis' tables with ACTUAL CLASS
down the side and PREDICTED CLASS across the top). A cost matrix uses the same orientation:
``cost[i, j]`` is the cost of predicting class ``j`` for a point of true class ``i``, which
Symeonidis writes C(j | i).

Every function of a confusion matrix also takes a stack of them, shape ``(..., M, M)``, and
returns one result per matrix (per-class results have shape ``(..., M)``). Entries may be counts
or proportions (any non-negative finite numbers).

Sources: Kazem Fouladi-Ghaleh, *Pattern Recognition, lecture 13: Classifier Evaluation*
(error counting; confusion matrix, recall, precision); Andreas L. Symeonidis, *Pattern
Recognition: Evaluating classification models* (accuracy and its limits, cost matrix,
precision/recall/F-measure, weighted accuracy).
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from scipy import special

from evalkit._validation import (
    as_count,
    as_counts,
    as_generator,
    as_labels,
    as_probabilities,
    as_real_array,
    broadcast,
    check_at_most,
    check_choice,
    check_confidence,
    labels_for_counts,
    shown,
    to_output,
)
from evalkit.intervals import _clopper_pearson_limits, _wilson_limits
from evalkit.results import Interval, ReadableResult, TestResult
from evalkit.roc import _quantile_monte_carlo_error

__all__ = [
    "BrierDecomposition",
    "CalibrationCurve",
    "CalibrationError",
    "ClassMetrics",
    "ErrorEstimate",
    "Kappa",
    "accuracy",
    "brier_decomposition",
    "brier_score",
    "calibration_curve",
    "calibration_error",
    "calibration_test",
    "class_metrics",
    "cohen_kappa",
    "confusion_matrix",
    "expected_calibration_error",
    "expected_cost",
    "f_measure",
    "precision",
    "prior_weighted_error",
    "random_ranking_average_precision",
    "recall",
    "trials_for_error_rate",
    "weighted_accuracy",
]


# --------------------------------------------------------------------------------------------
# input checks specific to this module


def _rate_interval(successes: Any, trials: Any, level: float, method: str) -> Interval:
    """Clopper–Pearson or Wilson interval of successes/trials from checked counts.

    The cores of :func:`evalkit.intervals.clopper_pearson` and :func:`evalkit.intervals.wilson`
    (same limits, estimate and method name), without checking the counts again.
    """
    n = np.asarray(successes, dtype=float)
    k = np.asarray(trials, dtype=float)
    limits = _clopper_pearson_limits if method == "clopper-pearson" else _wilson_limits
    low, high = limits(n, k, level)
    return Interval(low=low, high=high, estimate=n / k, confidence=level, method=method)


def _brief(value: Any) -> Any:
    """A scalar Interval as "estimate [low, high]" for a short repr; anything else unchanged."""
    if isinstance(value, Interval) and np.ndim(value.low) == 0:
        return f"{value.estimate:.4g} [{value.low:.4g}, {value.high:.4g}]"
    return value


class _WithIntervals(ReadableResult):
    """A result whose repr and HTML table show its scalar intervals as "estimate [low, high]"."""

    def _summary_items(self) -> list[tuple[str, Any]]:
        return [(name, _brief(value)) for name, value in super()._summary_items()]


def _is_text(arr: np.ndarray) -> bool:
    return arr.dtype.kind in "US"


def _as_confusion(value: Any, name: str = "confusion") -> np.ndarray:
    """A float array of shape (..., M, M), M ≥ 2, with non-negative finite entries."""
    try:
        arr = as_real_array(value, name)
        if arr.ndim < 2 or arr.shape[-1] != arr.shape[-2] or arr.shape[-1] < 2:
            raise ValueError(
                f"{name} must be a square matrix (rows = true class, columns = predicted class) "
                f"of at least 2 × 2, or a stack of them; got shape {arr.shape}"
            )
    except (TypeError, ValueError) as exc:
        labels_for_counts(
            exc,
            "the measures of a confusion matrix take the matrix of counts, e.g. "
            "accuracy(confusion_matrix(y_true, y_pred))",
            "evalkit.describe_classifier(y_true, y_pred), which gives them all with intervals",
            **{name: value},
        )
        raise
    arr = arr.astype(float)
    bad = ~(np.isfinite(arr) & (arr >= 0))
    if bad.any():
        raise ValueError(
            f"{name} must hold non-negative finite counts; got {arr[bad].reshape(-1)[0].item()!r}"
        )
    return arr


def _ratio(numerator: np.ndarray, denominator: np.ndarray, what: str, zero_division: Any) -> Any:
    """numerator / denominator, with 0/0 handled as ``zero_division`` says."""
    if isinstance(zero_division, str):
        if zero_division != "raise":
            raise ValueError(
                "zero_division must be 'raise' or a number (e.g. 0.0 or nan); "
                f"got {shown(zero_division)}"
            )
    elif isinstance(zero_division, (bool, np.bool_)) or not isinstance(
        zero_division, (int, float, np.floating, np.integer)
    ):
        raise TypeError(
            "zero_division must be 'raise' or a number (e.g. 0.0 or nan); "
            f"got {shown(zero_division)}"
        )
    empty = denominator == 0
    if empty.any() and isinstance(zero_division, str):
        raise ValueError(
            f"{what} is 0/0 (an empty margin of the confusion matrix); pass "
            "zero_division=0.0 or zero_division=float('nan') to define it"
        )
    out = np.divide(
        numerator,
        np.where(empty, 1.0, denominator),
    )
    if empty.any():
        out = np.where(empty, float(zero_division), out)
    return to_output(out)


def _label_codes(
    y_true: Any, y_pred: Any, labels: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Check two labelings (and ``labels``) once; return the classes and each item's class code.

    The code of an item is the position of its label in ``classes`` (``labels`` in the order
    given, or the sorted union of both labelings).
    """
    t = as_labels(y_true, "y_true")
    p = as_labels(y_pred, "y_pred")
    if t.shape != p.shape:
        raise ValueError(f"y_true and y_pred must have the same length; got {t.size} and {p.size}")
    if _is_text(t) != _is_text(p):
        raise TypeError(
            f"y_true and y_pred must hold labels of the same kind (both numbers or both strings); "
            f"got {t.dtype} and {p.dtype}"
        )
    if labels is None:
        try:
            classes = np.unique(np.concatenate([t, p]))
        except TypeError as exc:
            raise TypeError(
                f"y_true and y_pred must hold labels of comparable types; got {t.dtype} and "
                f"{p.dtype}"
            ) from exc
        if classes.size < 2:  # one class only: a 1 × 1 table is of no use
            raise ValueError(
                f"y_true and y_pred contain a single class ({classes[0].item()!r}); pass "
                "labels=[...] with at least two classes"
            )
    else:
        classes = as_labels(labels, "labels")
        if _is_text(classes) != _is_text(t):
            raise TypeError(
                f"labels must be of the same kind as y_true and y_pred (numbers or strings); got "
                f"{classes.dtype} for labels and {t.dtype} for y_true"
            )
        if np.unique(classes).size != classes.size:
            raise ValueError(f"labels must not repeat a class; got {classes.tolist()!r}")
        if classes.size < 2:
            raise ValueError(f"labels must name at least two classes; got {classes.tolist()!r}")
    return classes, _class_codes(t, classes, "y_true"), _class_codes(p, classes, "y_pred")


def _class_codes(values: np.ndarray, classes: np.ndarray, name: str) -> np.ndarray:
    """The position of each label of ``values`` in ``classes``; every label must be there."""
    order = np.argsort(classes, kind="stable")
    sorted_classes = classes[order]
    try:
        pos = np.searchsorted(sorted_classes, values)
    except TypeError as exc:
        raise TypeError(
            f"{name} holds labels of a type ({values.dtype}) that cannot be compared with "
            f"labels ({classes.dtype})"
        ) from exc
    pos = np.clip(pos, 0, sorted_classes.size - 1)
    found = sorted_classes[pos] == values
    if not np.all(found):
        missing = values[~found][0].item()
        raise ValueError(
            f"{name} contains the label {missing!r}, which is not among labels {classes.tolist()!r}"
        )
    return order[pos]


# --------------------------------------------------------------------------------------------
# the confusion matrix and the measures read off it


def confusion_matrix(y_true: Any, y_pred: Any, labels: Any = None) -> np.ndarray:
    """Count how the test points of each true class were classified.

    Parameters
    ----------
    y_true, y_pred : array_like, shape (N,)
        True and predicted class labels of the N test points (numbers, booleans or strings).
    labels : array_like, optional
        The classes, in the order of the rows and columns. Default: the sorted union of the
        labels in ``y_true`` and ``y_pred``. Every label of ``y_true`` and ``y_pred`` must be
        among them (unlike scikit-learn, points with other labels are not silently dropped).

    Returns
    -------
    ndarray of int64, shape (M, M)
        ``A[i, j]`` = number of points of true class ``labels[i]`` predicted as ``labels[j]``:
        rows = true class, columns = predicted class (Fouladi's A(i, j)). For labels ``[0, 1]``
        this is ``[[TN, FP], [FN, TP]]``; with ``labels=[1, 0]`` it is Symeonidis' layout
        ``[[a, b], [c, d]] = [[TP, FN], [FP, TN]]``.

    Examples
    --------
    >>> confusion_matrix([1, 1, 0, 0, 0], [1, 0, 0, 0, 1])
    array([[2, 1],
           [1, 1]])
    >>> confusion_matrix([1, 1, 0, 0, 0], [1, 0, 0, 0, 1], labels=[1, 0])
    array([[1, 1],
           [1, 2]])
    """
    classes, true_codes, pred_codes = _label_codes(y_true, y_pred, labels)
    return _confusion_core(true_codes, pred_codes, classes.size)


def _confusion_core(true_codes: np.ndarray, pred_codes: np.ndarray, m: int) -> np.ndarray:
    """The M × M table of class codes (0 … M − 1), rows true, columns predicted."""
    return np.bincount(true_codes * m + pred_codes, minlength=m * m).reshape(m, m).astype(np.int64)


def recall(confusion: Any, *, zero_division: Any = "raise") -> Any:
    """Recall of each class: the share of its true points that were classified correctly.

    Fouladi: :math:`R_i = A(i, i) / \\sum_j A(i, j)` (row ``i``). Symeonidis, for the class
    Yes: :math:`r = a / (a + b)` = TP / (TP + FN) (also called sensitivity or TPR).

    Parameters
    ----------
    confusion : array_like, shape (..., M, M)
        Rows = true class, columns = predicted class.
    zero_division : "raise" or float
        What a class with no true points gets (0/0). Default: raise ValueError.

    Returns
    -------
    ndarray, shape (..., M)
        One recall per class, in the order of the rows.

    Examples
    --------
    >>> recall([[110, 20], [30, 120]]).round(4).tolist()
    [0.8462, 0.8]
    """
    return _diagonal_share(confusion, -1, "recall of a class with no true points", zero_division)


def precision(confusion: Any, *, zero_division: Any = "raise") -> Any:
    """Precision of each class: the share of points predicted as that class that belong to it.

    Fouladi: :math:`P_i = A(i, i) / \\sum_j A(j, i)` (column ``i``). Symeonidis, for the class
    Yes: :math:`p = a / (a + c)` = TP / (TP + FP).

    Parameters
    ----------
    confusion : array_like, shape (..., M, M)
        Rows = true class, columns = predicted class.
    zero_division : "raise" or float
        What a class that is never predicted gets (0/0). Default: raise ValueError.

    Returns
    -------
    ndarray, shape (..., M)

    Examples
    --------
    >>> precision([[110, 20], [30, 120]]).round(4).tolist()
    [0.7857, 0.8571]
    """
    return _diagonal_share(confusion, -2, "precision of a class never predicted", zero_division)


def _diagonal_share(confusion: Any, axis: int, what: str, zero_division: Any) -> Any:
    """Each diagonal cell over its row (``axis=-1``: recall) or column (``axis=-2``: precision)."""
    a = _as_confusion(confusion)
    diag = np.diagonal(a, axis1=-2, axis2=-1)
    return _ratio(diag, a.sum(axis=axis), what, zero_division)


def accuracy(confusion: Any) -> Any:
    """Overall accuracy: the share of all test points classified correctly.

    Fouladi: :math:`Ac = \\frac{1}{N} \\sum_i A(i, i)`; Symeonidis: (a + d) / (a + b + c + d).

    Parameters
    ----------
    confusion : array_like, shape (M, M) or (..., M, M)
        A confusion matrix of counts (rows = true class, columns = predicted class, M ≥ 2;
        :func:`confusion_matrix`), or a stack of them.

    Returns
    -------
    float or ndarray
        The trace over the total, one per matrix of a stack. An all-zero matrix raises.

    Examples
    --------
    >>> round(accuracy([[110, 20], [30, 120]]), 4)
    0.8214
    """
    a = _as_confusion(confusion)
    total = a.sum(axis=(-2, -1))
    return _ratio(np.trace(a, axis1=-2, axis2=-1), total, "accuracy of an empty table", "raise")


def f_measure(confusion: Any, beta: float = 1.0, *, zero_division: Any = "raise") -> Any:
    """F-measure of each class: the weighted harmonic mean of its precision and recall.

    Symeonidis: :math:`F = 2rp/(r + p) = 2a/(2a + b + c)`. In general
    :math:`F_\\beta = (1 + \\beta^2) TP / ((1 + \\beta^2) TP + \\beta^2 FN + FP)`, which stays
    defined when precision alone is 0/0. The count of true negatives never enters.

    Parameters
    ----------
    confusion : array_like, shape (..., M, M)
        Rows = true class, columns = predicted class.
    beta : float, default 1
        Weight of recall relative to precision (β > 1 favours recall).
    zero_division : "raise" or float
        What a class gets that has neither true nor predicted points.

    Returns
    -------
    ndarray, shape (..., M)

    Examples
    --------
    >>> f_measure([[150, 40], [60, 250]]).round(4).tolist()
    [0.75, 0.8333]
    """
    a = _as_confusion(confusion)
    if isinstance(beta, (bool, np.bool_)) or not isinstance(beta, (int, float, np.number)):
        raise TypeError(f"beta must be a positive number; got {shown(beta)}")
    if not (math.isfinite(beta) and beta > 0):
        raise ValueError(f"beta must be a positive finite number; got {shown(beta)}")
    b2 = float(beta) ** 2
    tp = np.diagonal(a, axis1=-2, axis2=-1)
    fn = a.sum(axis=-1) - tp
    fp = a.sum(axis=-2) - tp
    return _ratio(
        (1 + b2) * tp,
        (1 + b2) * tp + b2 * fn + fp,
        "F-measure of a class with no true and no predicted points",
        zero_division,
    )


def _as_matrix_like(value: Any, name: str, shape: tuple[int, ...], *, nonnegative: bool) -> Any:
    arr = as_real_array(value, name)
    arr = arr.astype(float)
    m = shape[-1]
    if arr.ndim < 2 or arr.shape[-2:] != (m, m):
        raise ValueError(
            f"{name} must be a {m} × {m} matrix like the confusion matrix (rows = true class, "
            f"columns = predicted class); got shape {arr.shape}"
        )
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} must be finite; got {arr[~np.isfinite(arr)][0].item()!r}")
    if nonnegative and (arr < 0).any():
        raise ValueError(f"{name} must be non-negative; got {arr[arr < 0][0].item()!r}")
    return arr


def weighted_accuracy(confusion: Any, weights: Any) -> Any:
    """Accuracy with a weight per cell of the confusion matrix.

    Symeonidis: :math:`\\text{Weighted Accuracy} = (w_1 a + w_4 d) / (w_1 a + w_2 b + w_3 c +
    w_4 d)` for ``confusion = [[a, b], [c, d]]`` and ``weights = [[w1, w2], [w3, w4]]``; in
    general :math:`\\sum_i w_{ii} A_{ii} / \\sum_{ij} w_{ij} A_{ij}`. With all weights equal it is
    the accuracy.

    Parameters
    ----------
    confusion : array_like, shape (..., M, M)
    weights : array_like, shape (..., M, M)
        Non-negative weights in the same orientation as the confusion matrix.

    Examples
    --------
    >>> round(weighted_accuracy([[150, 40], [60, 250]], [[1, 1], [1, 1]]), 4)
    0.8
    >>> round(weighted_accuracy([[150, 40], [60, 250]], [[1, 10], [1, 1]]), 4)
    0.4651
    """
    a = _as_confusion(confusion)
    w = _as_matrix_like(weights, "weights", a.shape, nonnegative=True)
    num = np.trace(a * w, axis1=-2, axis2=-1)
    den = (a * w).sum(axis=(-2, -1))
    return _ratio(num, den, "weighted accuracy with zero total weight", "raise")


def expected_cost(confusion: Any, cost: Any, *, average: bool = False) -> Any:
    """Total (or average) misclassification cost of a confusion matrix under a cost matrix.

    Symeonidis: :math:`\\text{Cost} = \\sum_{i,j} C(j \\mid i)\\, A(i, j)`, the sum over cells of
    count times cost. With counts this is the total cost of the test set (the slides' 3910 and
    4255); with ``average=True`` it is divided by N, giving the expected cost per classified
    point (the same as passing a confusion matrix of proportions).

    Parameters
    ----------
    confusion : array_like, shape (..., M, M)
        Rows = true class, columns = predicted class.
    cost : array_like, shape (..., M, M)
        ``cost[i, j]`` = cost of predicting class ``j`` for a point of true class ``i``
        (may be negative: a reward).
    average : bool, default False
        Divide by the number of points.

    Examples
    --------
    >>> expected_cost([[150, 40], [60, 250]], [[-1, 100], [1, 0]])
    3910.0
    >>> expected_cost([[150, 40], [60, 250]], [[-1, 100], [1, 0]], average=True)
    7.82
    """
    if not isinstance(average, (bool, np.bool_)):
        raise TypeError(f"average must be True or False; got {shown(average)}")
    a = _as_confusion(confusion)
    c = _as_matrix_like(cost, "cost", a.shape, nonnegative=False)
    total = (a * c).sum(axis=(-2, -1))
    if average:
        return _ratio(total, a.sum(axis=(-2, -1)), "average cost of an empty table", "raise")
    return to_output(total)


# --------------------------------------------------------------------------------------------
# error counting (Fouladi)


@dataclass(frozen=True)
class ErrorEstimate(_WithIntervals):
    """The prior-weighted error estimate of Fouladi's error-counting technique.

    Attributes
    ----------
    estimate : float or ndarray
        :math:`\\hat P = \\sum_i P(\\omega_i)\\, k_i / N_i`.
    variance : float or ndarray
        Fouladi's :math:`\\hat\\sigma^2 = \\sum_i P^2(\\omega_i)\\, \\hat P_i (1 - \\hat P_i) / N_i`
        with the per-class rates :math:`\\hat P_i = k_i / N_i` plugged in. A class with no
        errors contributes 0 to it (and with no errors at all it is 0), so do not build an
        interval from it; use ``interval``.
    std_error : float or ndarray
        ``sqrt(variance)``.
    class_error_rates : ndarray
        The per-class rates :math:`\\hat P_i = k_i / N_i` (last axis = class).
    class_intervals : Interval
        Clopper–Pearson interval of each class's error rate (arrays, last axis = class); its
        upper limit stays above 0 when a class has no errors.
    interval : Interval
        Interval for the total error P, combined from the per-class intervals by the MOVER
        (method of variance estimates recovery, Zou, Huang & Zhang 2009).
    method : str
    """

    estimate: Any
    variance: Any
    std_error: Any
    class_error_rates: Any
    class_intervals: Interval
    interval: Interval
    method: str = "error counting with class priors (Fouladi)"

    _repr_fields: ClassVar[tuple[str, ...]] = ("estimate", "std_error", "interval", "method")


def _mover_limits(
    weights: np.ndarray, rates: np.ndarray, low: np.ndarray, high: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Limits for :math:`\\sum_i w_i p_i` (all :math:`w_i \\ge 0`) from per-class limits.

    MOVER (Zou, Huang & Zhang 2009, *Computational Statistics & Data Analysis* 53, 1080–1085,
    eq. 3 with non-negative weights): each class contributes the distance from its estimate to
    its own limit, :math:`L = \\hat P - \\sqrt{\\sum_i w_i^2 (\\hat p_i - l_i)^2}` and
    :math:`U = \\hat P + \\sqrt{\\sum_i w_i^2 (u_i - \\hat p_i)^2}`. A class with no errors has
    :math:`l_i = \\hat p_i = 0` but :math:`u_i > 0`, so it still widens the upper side.
    """
    estimate = (weights * rates).sum(axis=-1)
    below = np.sqrt(((weights * (rates - low)) ** 2).sum(axis=-1))
    above = np.sqrt(((weights * (high - rates)) ** 2).sum(axis=-1))
    return np.clip(estimate - below, 0.0, 1.0), np.clip(estimate + above, 0.0, 1.0)


def prior_weighted_error(
    errors: Any, counts: Any, priors: Any, confidence: float = 0.95
) -> ErrorEstimate:
    """Total error probability from per-class error counts and class priors, with an interval.

    Fouladi, 'Error Counting Technique': with :math:`k_i` errors among :math:`N_i` test points
    of class :math:`\\omega_i`, the maximum-likelihood per-class rate is :math:`\\hat P_i = k_i /
    N_i`, and the total error probability

    .. math:: \\hat P = \\sum_i P(\\omega_i) \\frac{k_i}{N_i}, \\qquad
              \\sigma^2_{\\hat P} = \\sum_i P^2(\\omega_i) \\frac{P_i (1 - P_i)}{N_i}.

    The estimate is unbiased; the variance is estimated by plugging in :math:`\\hat P_i`.

    **The plug-in variance collapses at zero errors**: a class with :math:`k_i = 0` (or
    :math:`k_i = N_i`) contributes nothing, as if its error rate were known to be exactly 0, and
    ``estimate ± z·std_error`` would then cover the truth far less often than claimed. So the
    interval is built differently: each class gets a **Clopper–Pearson** interval (Wolff eq.
    17–18; notebook 02), whose upper limit at :math:`k_i = 0` is :math:`1 - (\\alpha/2)^{1/N_i}`,
    never 0, and the class intervals are combined into one for :math:`P` by the MOVER
    (:func:`_mover_limits`; Zou, Huang & Zhang 2009). Clopper–Pearson rather than Wilson,
    because the combined interval should not undercover: in six simulated settings with small
    error rates (notebook 06, 4000 test sets each; ``tests/test_metrics.py``) the MOVER with
    Clopper–Pearson limits covered 94.4–98.2 % (95 % within simulation noise), with Wilson
    limits 91.3–94.4 %, and the plug-in ``estimate ± 1.96·std_error`` 78.7–93.8 %; the
    Clopper–Pearson version is only 3–9 % wider.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage): minimum 0.964 (at N_1=200, N_2=50, prior_1=0.8, error_1=0.01, error_2=0.05),
    median 0.975, maximum 0.985 over 5 settings.

    Parameters
    ----------
    errors : array_like of int, shape (..., M)
        Errors :math:`k_i` per class (last axis = class).
    counts : array_like of int, shape (..., M)
        Test points :math:`N_i` per class (each ≥ 1, ≥ the errors).
    priors : array_like, shape (..., M)
        Class probabilities :math:`P(\\omega_i)` in the field; must sum to 1.
    confidence : float, default 0.95
        Level of the per-class intervals and of the combined interval.

    Returns
    -------
    ErrorEstimate
        ``estimate``, ``variance``, ``std_error`` (Fouladi's plug-in formulas),
        ``class_error_rates``, ``class_intervals`` and ``interval``.

    Examples
    --------
    >>> r = prior_weighted_error([20, 30], [130, 150], [0.5, 0.5])
    >>> round(r.estimate, 4), round(r.std_error, 4)
    (0.1769, 0.0227)
    >>> round(r.interval.low, 4), round(r.interval.high, 4)
    (0.1352, 0.2288)
    >>> r = prior_weighted_error([0, 3], [40, 60], [0.7, 0.3])  # no errors in class 1
    >>> r.std_error < 0.009, round(float(r.class_intervals.high[0]), 4)
    (True, 0.0881)
    >>> round(r.interval.low, 4), round(r.interval.high, 4)
    (0.0031, 0.0822)
    """
    k = as_counts(errors, "errors")
    n = as_counts(counts, "counts", minimum=1)
    pri = as_probabilities(priors, "priors")
    level = check_confidence(confidence)
    if k.ndim == 0 or n.ndim == 0 or pri.ndim == 0:
        raise ValueError("errors, counts and priors must have one entry per class (last axis)")
    k, n, pri = broadcast(errors=k, counts=n, priors=pri)
    check_at_most(k, n, "errors", "counts")
    total = pri.sum(axis=-1)
    if not np.allclose(total, 1.0, rtol=0, atol=1e-9):
        raise ValueError(f"priors must sum to 1; got a sum of {np.ravel(total)[0].item()!r}")
    rates = k / n
    estimate = (pri * rates).sum(axis=-1)
    variance = (pri**2 * rates * (1 - rates) / n).sum(axis=-1)
    per_class = _rate_interval(k, n, level, "clopper-pearson")
    low, high = _mover_limits(pri, rates, np.asarray(per_class.low), np.asarray(per_class.high))
    return ErrorEstimate(
        estimate=to_output(estimate),
        variance=to_output(variance),
        std_error=to_output(np.sqrt(variance)),
        class_error_rates=rates,
        class_intervals=per_class,
        interval=Interval(
            low=low,
            high=high,
            estimate=estimate,
            confidence=level,
            method="MOVER of per-class Clopper-Pearson intervals",
        ),
    )


def trials_for_error_rate(error_rate: Any, expected_errors: float = 100.0) -> Any:
    """Fouladi's rule of thumb for the size of a test set: :math:`N \\approx 100 / P`.

    With N = 100/P test points one expects about 100 errors; the relative standard error of the
    counted rate is then about :math:`\\sqrt{(1-P)/(NP)} \\approx 1/\\sqrt{100} = 10\\,\\%`, so a
    95 % interval reaches about ±20 % of P. ``expected_errors`` generalises the 100.

    Parameters
    ----------
    error_rate : float or array_like
        The error probability P, in (0, 1].
    expected_errors : float, default 100
        How many errors the test set should hold on average.

    Returns
    -------
    float or ndarray
        expected_errors / P (not rounded).

    Examples
    --------
    >>> trials_for_error_rate(0.01)
    10000.0
    >>> round(trials_for_error_rate(0.03))
    3333
    """
    p = as_probabilities(error_rate, "error_rate")
    if (p == 0).any():
        raise ValueError("error_rate must be > 0 (no test set is large enough for P = 0); got 0.0")
    if isinstance(expected_errors, (bool, np.bool_)) or not isinstance(
        expected_errors, (int, float, np.number)
    ):
        raise TypeError(f"expected_errors must be a positive number; got {shown(expected_errors)}")
    if not (math.isfinite(expected_errors) and expected_errors > 0):
        raise ValueError(f"expected_errors must be a positive number; got {shown(expected_errors)}")
    return to_output(float(expected_errors) / p)


# --------------------------------------------------------------------------------------------
# calibration of probability forecasts: Brier score, its decomposition, reliability diagrams

CALIBRATION_STRATEGIES = ("uniform", "quantile")


def _positive_label(classes: np.ndarray, text: bool, pos_label: Any) -> Any:
    """The positive class: ``pos_label``, or the default for a binary ``y_true``.

    Default (``pos_label=None``), as :mod:`evalkit.roc` and scikit-learn: True for booleans; 1
    when the labels are {0, 1} or {−1, 1} (or one of them only); otherwise the larger of the
    two labels (``"yes"`` over ``"no"``). A single string label needs ``pos_label``.
    """
    if pos_label is not None:
        if isinstance(pos_label, (str, np.str_)) != text:
            kind = "a string" if text else "a number or boolean"
            raise TypeError(
                f"pos_label must be {kind} like the labels of y_true {classes.tolist()!r}; "
                f"got {shown(pos_label)}"
            )
        if classes.size == 2 and pos_label not in classes.tolist():
            raise ValueError(
                f"pos_label must be one of the labels of y_true {classes.tolist()!r}; "
                f"got {shown(pos_label)}"
            )
        return pos_label
    if text and classes.size < 2:
        raise ValueError(
            f"y_true holds the single label {classes[0].item()!r}: pass pos_label= to say "
            "whether it is the positive class (the one whose probability is given)"
        )
    values = set(classes.tolist())
    if not text and (values <= {0, 1} or values <= {-1, 1}):
        return 1
    return classes[-1].item()


def _binary_outcomes(y_true: Any, pos_label: Any, n: int) -> np.ndarray:
    """``y_true`` as a bool array, True for the positive class (see :func:`_positive_label`)."""
    y = as_labels(y_true, "y_true")
    if y.size != n:
        raise ValueError(
            f"y_true and probabilities must have the same length; got {y.size} and {n}"
        )
    classes = np.unique(y)
    if classes.size > 2:
        shown = ", ".join(repr(c) for c in classes[:5].tolist())
        raise ValueError(
            f"y_true must hold two classes (probabilities gives one per item: the positive "
            f"class's); got {classes.size} classes ({shown}{', …' if classes.size > 5 else ''}). "
            "For many classes pass an items × classes array of probabilities to brier_score, or "
            "compare one class against the rest (y_true == c)"
        )
    return y == _positive_label(classes, _is_text(y), pos_label)


def _as_forecasts(
    y_true: Any, probabilities: Any, pos_label: Any = None
) -> tuple[np.ndarray, np.ndarray]:
    """Outcomes (bool, True = positive class) and probabilities of the positive class."""
    p = as_probabilities(probabilities, "probabilities")
    if p.ndim != 1:
        raise ValueError(
            "probabilities must be 1-D (one probability of the positive class per test item); "
            f"got shape {p.shape}"
        )
    return _binary_outcomes(y_true, pos_label, p.size), p


class _Deprecated:
    """Default of a deprecated keyword: shows as ``<deprecated>`` in the signature."""

    def __repr__(self) -> str:
        return "<deprecated>"


_DEPRECATED: Any = _Deprecated()


def _n_bins_from(n_bins: Any, bins: Any, default: Any) -> Any:
    """``n_bins``, or the value of the deprecated alias ``bins`` (with a FutureWarning)."""
    if bins is _DEPRECATED:
        return n_bins
    if n_bins != default:
        raise TypeError(
            f"pass n_bins only (bins is its deprecated name); got both {n_bins!r} and {bins!r}"
        )
    warnings.warn(
        "bins= is deprecated and will be removed: use n_bins= (scikit-learn's name)",
        FutureWarning,
        stacklevel=3,
    )
    return bins


def _check_bins(bins: Any) -> int:
    if isinstance(bins, (bool, np.bool_)) or not isinstance(bins, (int, np.integer)):
        raise TypeError(f"n_bins must be a whole number ≥ 1; got {shown(bins)}")
    if bins < 1:
        raise ValueError(f"n_bins must be a whole number ≥ 1; got {shown(bins)}")
    return int(bins)


def _bin_ids(p: np.ndarray, bins: int, strategy: str) -> tuple[np.ndarray, np.ndarray]:
    """Bin edges and the bin of each probability, exactly as scikit-learn's calibration_curve.

    ``"uniform"``: edges 0, 1/bins, …, 1. ``"quantile"``: the 0, 1/bins, …, 1 quantiles of the
    probabilities (``numpy.percentile``, linear interpolation), so each bin holds about N/bins
    items (ties and repeated edges can leave bins empty). A value on an inner edge goes to the
    lower bin (``numpy.searchsorted`` with ``side="left"``).
    """
    if strategy == "quantile":
        edges = np.percentile(p, np.linspace(0.0, 1.0, bins + 1) * 100.0)
    else:
        edges = np.linspace(0.0, 1.0, bins + 1)
    return edges, np.searchsorted(edges[1:-1], p)


def _binned(
    y: np.ndarray, p: np.ndarray, ids: np.ndarray, bins: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per non-empty bin: item count, sum of probabilities, number of positives."""
    counts = np.bincount(ids, minlength=bins)
    sums = np.bincount(ids, weights=p, minlength=bins)
    positives = np.bincount(ids, weights=y.astype(float), minlength=bins)
    keep = counts > 0
    return counts[keep], sums[keep], positives[keep]


def brier_score(
    y_true: Any, probabilities: Any, *, labels: Any = None, pos_label: Any = None
) -> float:
    """The Brier score: the mean squared difference between forecast probabilities and outcomes.

    **Many classes** (``probabilities`` an items × classes array): Brier's (1950, *Verification
    of forecasts expressed in terms of probability*, Monthly Weather Review 78, 1–3) score

    .. math:: BS = \\frac{1}{N} \\sum_{i=1}^{N} \\sum_{k=1}^{M} (p_{ik} - o_{ik})^2,

    the sum over the M classes of the squared difference between the forecast probability
    :math:`p_{ik}` and the outcome :math:`o_{ik}` (1 if item i is of class k, else 0), averaged
    over the N items. It runs from 0 (certain and right) to 2 (certain and wrong); forecasting
    1/M for every class scores 1 − 1/M. This is Brier's scaling and scikit-learn's
    ``brier_score_loss(y_true, probabilities, scale_by_half=False)``; for two classes it is
    **twice** the binary score below, because the error of the negative class,
    :math:`((1 - p_i) - (1 - y_i))^2`, equals that of the positive class and is counted too.

    **Two classes** (``probabilities`` 1-D, the probability of the positive class):
    :math:`BS = \\frac{1}{N} \\sum_i (p_i - y_i)^2`, from 0 to 1 — half of Brier's sum, the
    usual binary form (scikit-learn's default ``brier_score_loss``). Always forecasting the
    positive rate ȳ scores ȳ(1 − ȳ), the *uncertainty* of :func:`brier_decomposition`.

    Parameters
    ----------
    y_true : array_like, shape (N,)
        The true class of each item (numbers, booleans or strings).
    probabilities : array_like, shape (N,) or (N, M)
        Forecast probabilities in [0, 1]: of the positive class (1-D), or of each class (2-D,
        one column per class in the order of ``labels``; each row sums to 1).
    labels : array_like, shape (M,), optional
        Many classes only: the class of each column. Default: the sorted classes of ``y_true``
        (which must then hold all M), as scikit-learn orders them.
    pos_label : optional
        Two classes only: the positive class. Default: 1 (or True) when ``y_true`` is 0/1,
        −1/1 or boolean, otherwise the larger of the two labels (as :mod:`evalkit.roc`).

    Returns
    -------
    float
        1-D: ``sklearn.metrics.brier_score_loss(y_true, probabilities, pos_label=pos_label)``;
        2-D: ``brier_score_loss(y_true, probabilities, labels=labels, scale_by_half=False)``
        (for two columns scikit-learn's default ``scale_by_half="auto"`` halves it; evalkit
        gives a 2-D array Brier's scaling whatever its number of columns).

    Examples
    --------
    >>> round(brier_score([1, 0, 1, 1], [0.9, 0.2, 0.6, 1.0]), 4)
    0.0525
    >>> round(brier_score(["no", "yes"], [0.3, 0.8]), 4)  # "yes" > "no": the positive class
    0.065
    >>> p = [[0.7, 0.2, 0.1], [0.1, 0.5, 0.4], [0.2, 0.2, 0.6]]
    >>> round(brier_score(["cat", "dog", "fox"], p), 4)  # (0.14 + 0.42 + 0.24) / 3
    0.2667
    """
    if np.ndim(probabilities) == 2:
        if pos_label is not None:
            raise TypeError(
                "pos_label is for 1-D probabilities (of the positive class); with one column "
                "per class use labels= to name the classes"
            )
        codes, p = _class_forecasts(y_true, probabilities, labels)
        return _multiclass_brier_core(codes, p)
    if labels is not None:
        raise TypeError(
            "labels is for 2-D probabilities (one column per class); with 1-D probabilities of "
            "the positive class use pos_label="
        )
    y, p = _as_forecasts(y_true, probabilities, pos_label)
    return _binary_brier_core(y, p)


def _binary_brier_core(y: np.ndarray, p: np.ndarray) -> float:
    """Mean squared difference of outcomes (bool) and probabilities of the positive class."""
    return float(np.mean((p - y) ** 2))


def _multiclass_brier_core(codes: np.ndarray, p: np.ndarray) -> float:
    """Brier's (1950) score of an items × classes array, the class codes trusted."""
    outcome = np.zeros_like(p)
    outcome[np.arange(codes.size), codes] = 1.0
    return float(np.mean(np.sum((p - outcome) ** 2, axis=1)))


def _class_forecasts(y_true: Any, probabilities: Any, labels: Any) -> tuple[np.ndarray, np.ndarray]:
    """Class codes of the items (columns of ``probabilities``) and the checked N × M array."""
    p = as_probabilities(probabilities, "probabilities")
    n, m = p.shape
    if m < 2:
        raise ValueError(
            f"probabilities must have one column per class, at least 2; got shape {p.shape}"
        )
    sums = p.sum(axis=1)
    off = np.abs(sums - 1.0) > 1e-6
    if off.any():
        row = int(np.flatnonzero(off)[0])
        raise ValueError(
            f"each row of probabilities must sum to 1 (one probability per class); row {row} "
            f"sums to {float(sums[row]):.6g}"
        )
    y = as_labels(y_true, "y_true")
    if y.size != n:
        raise ValueError(
            f"y_true and probabilities must have the same length; got {y.size} and {n}"
        )
    if labels is None:
        classes = np.unique(y)
        if classes.size != m:
            raise ValueError(
                f"y_true holds {classes.size} classes but probabilities has {m} columns: pass "
                "labels= naming the class of each column"
            )
    else:
        classes = as_labels(labels, "labels")
        if classes.size != m or np.unique(classes).size != m:
            raise ValueError(
                f"labels must name {m} different classes, one per column of probabilities; got "
                f"{classes.tolist()!r}"
            )
        if _is_text(classes) != _is_text(y):
            raise TypeError(
                f"labels must be of the same kind as y_true (numbers or strings); got "
                f"{classes.dtype} and {y.dtype}"
            )
    return _class_codes(y, classes, "y_true"), p


@dataclass(frozen=True)
class BrierDecomposition(ReadableResult):
    """Murphy's (1973) decomposition of the Brier score over bins of the forecasts.

    With :math:`n_k` items in bin k, mean forecast :math:`\\bar p_k`, observed positive rate
    :math:`\\bar o_k` and overall positive rate :math:`\\bar o`:

    * ``reliability`` :math:`= \\frac1N \\sum_k n_k (\\bar p_k - \\bar o_k)^2` (small is good:
      the forecasts mean what they say),
    * ``resolution`` :math:`= \\frac1N \\sum_k n_k (\\bar o_k - \\bar o)^2` (large is good: the
      bins separate positives from negatives),
    * ``uncertainty`` :math:`= \\bar o (1 - \\bar o)` (the data's, not the forecaster's),
    * ``within_bin_variance`` :math:`= \\frac1N \\sum_k \\sum_{i \\in k} (p_i - \\bar p_k)^2`
      and ``within_bin_covariance``
      :math:`= \\frac1N \\sum_k \\sum_{i \\in k} (p_i - \\bar p_k)(y_i - \\bar o_k)`
      (Stephenson, Coelho & Jolliffe 2008, *Two extra components in the Brier score
      decomposition*, Weather and Forecasting 23, 752–757).

    The identity ``brier = reliability − resolution + uncertainty + within_bin_variance −
    2·within_bin_covariance`` holds exactly. Murphy's three-term identity ``brier = reliability
    − resolution + uncertainty`` is exact when all forecasts in a bin are equal (the two extra
    terms are 0), e.g. with ``n_bins=None`` (one bin per distinct forecast value); otherwise it is
    off by the two within-bin terms, small for narrow bins.
    """

    brier: float
    reliability: float
    resolution: float
    uncertainty: float
    within_bin_variance: float
    within_bin_covariance: float
    bins: int
    strategy: str


def brier_decomposition(
    y_true: Any,
    probabilities: Any,
    *,
    n_bins: int | None = 10,
    strategy: str = "uniform",
    pos_label: Any = None,
    bins: Any = _DEPRECATED,
) -> BrierDecomposition:
    """Split the Brier score into reliability, resolution and uncertainty (Murphy 1973).

    Murphy (1973), *A new vector partition of the probability score*, Journal of Applied
    Meteorology 12, 595–600: for forecasts that take K distinct values,
    :math:`BS = REL - RES + UNC` exactly. Binned forecasts add two within-bin terms (see
    :class:`BrierDecomposition`), which are returned so that the identity can be checked.

    Parameters
    ----------
    y_true : array_like, shape (N,)
        Outcomes: two classes, the positive one given by ``pos_label``.
    probabilities : array_like, shape (N,)
        Forecast probabilities of the positive class, in [0, 1].
    n_bins : int or None, default 10
        Number of bins, binned as :func:`calibration_curve` bins them; ``None``: one bin per
        distinct forecast value (Murphy's exact case).
    strategy : {"uniform", "quantile"}
        Equal-width bins on [0, 1] or bins with about equal numbers of items.
    pos_label : optional
        The positive class. Default: 1 (or True) when ``y_true`` is 0/1, −1/1 or boolean,
        otherwise the larger of the two labels (as :mod:`evalkit.roc`).
    bins : deprecated
        The old name of ``n_bins`` (FutureWarning).

    Returns
    -------
    BrierDecomposition

    Examples
    --------
    >>> d = brier_decomposition([0, 0, 1, 1, 1, 0], [0.2, 0.2, 0.8, 0.8, 0.8, 0.8], n_bins=None)
    >>> round(d.reliability, 4), round(d.resolution, 4), round(d.uncertainty, 4)
    (0.015, 0.125, 0.25)
    >>> round(d.brier, 4) == round(d.reliability - d.resolution + d.uncertainty, 4)
    True
    """
    n_bins = _n_bins_from(n_bins, bins, 10)
    y, p = _as_forecasts(y_true, probabilities, pos_label)
    strategy = check_choice(strategy, "strategy", CALIBRATION_STRATEGIES)
    if n_bins is None:
        values, ids = np.unique(p, return_inverse=True)
        n_bins = values.size
        strategy = "distinct"
    else:
        n_bins = _check_bins(n_bins)
        _, ids = _bin_ids(p, n_bins, strategy)
    counts = np.bincount(ids, minlength=n_bins)
    keep = counts > 0
    if strategy == "distinct":  # every forecast in a bin is the same value: no rounding
        mean_p = values
    else:
        mean_p = np.bincount(ids, weights=p, minlength=n_bins)[keep] / counts[keep]
    mean_o = np.bincount(ids, weights=y.astype(float), minlength=n_bins)[keep] / counts[keep]
    n_k = counts[keep]
    n = p.size
    overall = float(y.mean())
    # the bin of each item, renumbered over the non-empty bins
    slot = np.cumsum(keep) - 1
    dp = p - mean_p[slot[ids]]
    do = y - mean_o[slot[ids]]
    return BrierDecomposition(
        brier=_binary_brier_core(y, p),
        reliability=float(np.sum(n_k * (mean_p - mean_o) ** 2) / n),
        resolution=float(np.sum(n_k * (mean_o - overall) ** 2) / n),
        uncertainty=overall * (1.0 - overall),
        within_bin_variance=float(np.mean(dp**2)),
        within_bin_covariance=float(np.mean(dp * do)),
        bins=int(n_bins),
        strategy=strategy,
    )


@dataclass(frozen=True)
class CalibrationCurve(ReadableResult):
    """The points of a reliability diagram, one per non-empty bin.

    Attributes
    ----------
    mean_predicted : ndarray
        Mean forecast probability in each bin (the x axis; scikit-learn's ``prob_pred``).
    fraction_positive : ndarray
        Observed share of positives in each bin (the y axis; scikit-learn's ``prob_true``).
    interval : Interval
        Wilson interval of each bin's share of positives (arrays).
    counts : ndarray of int
        Items in each bin.
    edges : ndarray
        All ``bins + 1`` bin edges (empty bins included).
    strategy : str
    """

    mean_predicted: np.ndarray
    fraction_positive: np.ndarray
    interval: Interval
    counts: np.ndarray
    edges: np.ndarray
    strategy: str

    _repr_fields: ClassVar[tuple[str, ...]] = (
        "fraction_positive",
        "mean_predicted",
        "counts",
        "strategy",
    )

    def __iter__(self):
        """Unpack as ``prob_true, prob_pred = curve`` (scikit-learn's order)."""
        yield self.fraction_positive
        yield self.mean_predicted


def calibration_curve(
    y_true: Any,
    probabilities: Any,
    *,
    n_bins: int = 10,
    strategy: str = "uniform",
    confidence: float = 0.95,
    pos_label: Any = None,
    bins: Any = _DEPRECATED,
) -> CalibrationCurve:
    """Reliability diagram: observed share of positives against mean forecast, per bin.

    Bin the forecasts (equal widths, or equal numbers of items with ``"quantile"``), and in
    each non-empty bin k report :math:`\\bar p_k` (mean forecast), :math:`\\bar o_k` (share of
    positives) and a Wilson interval for :math:`\\bar o_k` from its :math:`n_k` items (Tan,
    Steinbach & Kumar eq. 4.13, :func:`evalkit.intervals.wilson`). A calibrated forecaster has
    :math:`\\bar o_k \\approx \\bar p_k`: the points lie on the diagonal, within their intervals.
    Empty bins are dropped, as scikit-learn drops them.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage, bin 1 of 10): minimum 0.953 (at N=2000, forecaster=calibrated, bins=10), median
    0.956, maximum 0.959 over 2 settings.
    Atlas (coverage, bin 10 of 10): minimum 0.952 (at N=2000, forecaster=calibrated, bins=10),
    median 0.954, maximum 0.956 over 2 settings.
    Atlas (coverage, bin 5 of 10): minimum 0.946 (at N=2000, forecaster=calibrated, bins=10), median
    0.949, maximum 0.951 over 2 settings.

    Parameters
    ----------
    y_true : array_like, shape (N,)
        Outcomes: two classes, the positive one given by ``pos_label``.
    probabilities : array_like, shape (N,)
        Forecast probabilities of the positive class, in [0, 1].
    n_bins : int, default 10
        Number of bins (scikit-learn's name; its default is 5).
    strategy : {"uniform", "quantile"}
    confidence : float, default 0.95
        Level of the per-bin Wilson intervals (pointwise, not simultaneous).
    pos_label : optional
        The positive class. Default: 1 (or True) when ``y_true`` is 0/1, −1/1 or boolean,
        otherwise the larger of the two labels (as :mod:`evalkit.roc`).
    bins : deprecated
        The old name of ``n_bins`` (FutureWarning).

    Returns
    -------
    CalibrationCurve
        ``mean_predicted`` and ``fraction_positive`` agree with
        ``sklearn.calibration.calibration_curve(y_true, probabilities, n_bins=n_bins,
        strategy=strategy, pos_label=pos_label)`` (which returns them in the order
        ``prob_true, prob_pred``).

    Examples
    --------
    >>> c = calibration_curve([0, 0, 0, 0, 1, 1, 1, 1, 1],
    ...                       [0.1, 0.2, 0.3, 0.4, 0.65, 0.7, 0.8, 0.9, 1.0], n_bins=3)
    >>> c.fraction_positive.tolist(), c.mean_predicted.round(3).tolist(), c.counts.tolist()
    ([0.0, 0.5, 1.0], [0.2, 0.525, 0.85], [3, 2, 4])
    >>> c.interval.low.round(3).tolist()
    [0.0, 0.095, 0.51]
    """
    n_bins = _check_bins(_n_bins_from(n_bins, bins, 10))
    y, p = _as_forecasts(y_true, probabilities, pos_label)
    strategy = check_choice(strategy, "strategy", CALIBRATION_STRATEGIES)
    level = check_confidence(confidence)
    edges, ids = _bin_ids(p, n_bins, strategy)
    counts, sums, positives = _binned(y, p, ids, n_bins)
    return CalibrationCurve(
        mean_predicted=sums / counts,
        fraction_positive=positives / counts,
        interval=_rate_interval(np.rint(positives), counts, level, "wilson"),
        counts=counts.astype(np.int64),
        edges=edges,
        strategy=strategy,
    )


CALIBRATION_NORMS = ("l1", "l2", "max")


def _ece(y: np.ndarray, p: np.ndarray, bins: int, strategy: str) -> float:
    _, ids = _bin_ids(p, bins, strategy)
    _, sums, positives = _binned(y, p, ids, bins)
    return float(np.sum(np.abs(positives - sums)) / p.size)


def _plain_calibration_error(
    y: np.ndarray, p: np.ndarray, bins: int, strategy: str, norm: str
) -> tuple[float, float | None]:
    """The plain binned error in ``norm`` and, for ℓ2, its square (torchmetrics' three norms).

    With n_k items in bin k, ō_k their share of positives and p̄_k their mean probability:
    ℓ1 = Σ_k (n_k/N) |ō_k − p̄_k|, ℓ2 = √(Σ_k (n_k/N)(ō_k − p̄_k)²), max = max_k |ō_k − p̄_k|
    over the non-empty bins.
    """
    if norm == "l1":
        return _ece(y, p, bins, strategy), None
    _, ids = _bin_ids(p, bins, strategy)
    counts, sums, positives = _binned(y, p, ids, bins)
    gaps = (positives - sums) / counts
    if norm == "max":
        return float(np.max(np.abs(gaps))), None
    squared = float(np.sum(counts * gaps**2) / p.size)
    return math.sqrt(squared), squared


def _debiased_squared_ce(y: np.ndarray, p: np.ndarray, bins: int, strategy: str) -> float:
    """Kumar, Liang & Ma's (2019) unbiased estimate of the squared ℓ2 binned calibration error."""
    _, ids = _bin_ids(p, bins, strategy)
    counts, sums, positives = _binned(y, p, ids, bins)
    usable = counts >= 2  # a bin of one item has no variance estimate: it contributes 0
    n_k = counts[usable].astype(float)
    o_k = positives[usable] / n_k
    gap = o_k - sums[usable] / n_k
    terms = n_k * (gap**2 - o_k * (1.0 - o_k) / (n_k - 1.0))
    return float(np.sum(terms) / p.size)


@dataclass(frozen=True)
class CalibrationError(ReadableResult):
    """A binned calibration error of probability forecasts (no interval: see below).

    Attributes
    ----------
    estimate : float
        The number to report, in the norm named by ``norm``: the **ℓ1** error (the ECE of Guo
        et al. 2017) :math:`\\sum_k \\frac{n_k}{N}\\lvert\\bar o_k - \\bar p_k\\rvert`, the
        **ℓ2** error :math:`\\sqrt{\\sum_k \\frac{n_k}{N}(\\bar o_k - \\bar p_k)^2}` (with
        ``debiased=True`` Kumar, Liang & Ma's 2019 estimate, ``sqrt(max(squared, 0))``) or the
        **max** error :math:`\\max_k \\lvert\\bar o_k - \\bar p_k\\rvert` over the non-empty
        bins.
    squared : float or None
        For ``norm="l2"``: the squared ℓ2 error; with ``debiased=True`` its unbiased estimate
        (it can be negative when the forecasts are close to calibrated; that is what makes it
        unbiased). ``None`` for ℓ1 and max.
    norm : str
        ``"l1"``, ``"l2"`` or ``"max"`` (torchmetrics' names).
    debiased : bool
    bins : int
    strategy : str
    method : str
        What was computed, in words: the norm, debiased or plain (biased), the bins.
    """

    estimate: float
    squared: float | None
    norm: str
    debiased: bool
    bins: int
    strategy: str
    method: str

    def __str__(self) -> str:
        return f"{self.estimate:.4g} ({self.method})"


_NORM_NAMES = {
    "l1": "l1 calibration error (ECE)",
    "l2": "l2 calibration error (RMS)",
    "max": "max calibration error (MCE)",
}


def _calibration_error_core(
    y: np.ndarray, p: np.ndarray, norm: str, debiased: bool, n_bins: int, strategy: str
) -> CalibrationError:
    """:func:`calibration_error` on checked inputs."""
    where = f"{n_bins} {strategy} bins"
    if debiased:
        squared = _debiased_squared_ce(y, p, n_bins, strategy)
        return CalibrationError(
            estimate=math.sqrt(max(squared, 0.0)),
            squared=squared,
            norm="l2",
            debiased=True,
            bins=n_bins,
            strategy=strategy,
            method=f"debiased l2 calibration error, Kumar, Liang & Ma 2019 ({where})",
        )
    estimate, squared = _plain_calibration_error(y, p, n_bins, strategy, norm)
    return CalibrationError(
        estimate=estimate,
        squared=squared,
        norm=norm,
        debiased=False,
        bins=n_bins,
        strategy=strategy,
        method=f"plain {_NORM_NAMES[norm]}, biased upwards ({where})",
    )


def _check_flag(value: Any, name: str) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False; got {shown(value)}")
    return bool(value)


def calibration_error(
    y_true: Any,
    probabilities: Any,
    *,
    norm: str = "l2",
    debiased: bool = True,
    n_bins: int = 10,
    strategy: str = "uniform",
    pos_label: Any = None,
) -> CalibrationError:
    """Binned calibration error in the ℓ1, ℓ2 or max norm; the debiased ℓ2 is recommended.

    The forecasts are put into the bins :math:`B_k` of :func:`calibration_curve` (n_k items,
    share of positives :math:`\\bar o_k`, mean probability :math:`\\bar p_k`). The three norms
    are torchmetrics' (``norm="l1" | "l2" | "max"``, its ``binary_calibration_error``; Guo et
    al. 2017, *On calibration of modern neural networks*, ICML, eq. 3 and §2 for ECE and MCE):

    * ``"l1"``, the expected calibration error that papers report:
      :math:`ECE = \\sum_k \\frac{n_k}{N}\\lvert\\bar o_k - \\bar p_k\\rvert` (Naeini, Cooper &
      Hauskrecht 2015, eq. 2) — also :func:`expected_calibration_error`;
    * ``"l2"``, the root-mean-square error
      :math:`\\sqrt{\\sum_k \\frac{n_k}{N}(\\bar o_k - \\bar p_k)^2}`;
    * ``"max"``, the maximum calibration error :math:`\\max_k\\lvert\\bar o_k - \\bar p_k\\rvert`
      over the non-empty bins.

    Bins are as in ``sklearn.calibration.calibration_curve`` (a probability on an inner edge
    goes to the lower bin, as in torchmetrics); torchmetrics' default is 15 bins, ours 10.

    **Debiased ℓ2 (the default, recommended).** Every plain estimate is biased upwards: the gap
    of a bin is a noisy difference, and its absolute value or square is positive even for a
    calibrated forecaster. Kumar, Liang & Ma (2019, *Verified uncertainty calibration*,
    NeurIPS, §5) estimate the squared ℓ2 error without bias by

    .. math:: \\widehat{CE_2^2} = \\sum_k \\frac{n_k}{N}\\Bigl[(\\bar o_k - \\bar p_k)^2 -
              \\frac{\\bar o_k (1 - \\bar o_k)}{n_k - 1}\\Bigr],

    subtracting each bin's estimated variance of its share of positives; bins with one item
    contribute 0, as in the authors' code (and torchmetrics' ``debias``). ``estimate`` is
    ``sqrt(max(squared, 0))``. It estimates the calibration error of *these* bins, not the
    unbinned error of the forecaster (Roelofs et al. 2022, *Mitigating bias in calibration
    error estimation*, AISTATS). There is no debiased ℓ1 or max error here: they need
    ``debiased=False`` (and are then biased, as below).

    Measured bias (mean − true value, ± Monte-Carlo SE) at a **perfectly calibrated**
    forecaster (true error 0 in every norm): p ~ U(0, 1), y ~ Bernoulli(p), uniform bins,
    20 000 simulated test sets per row, seed ``numpy.random.default_rng([57, N, bins])``
    (``tests/test_metrics.py::measure_calibration_bias`` reproduces it):

    ====  =====  ==============  ========  ===========  ===================  =========
    bins  N      plain l1 (ECE)  plain l2  debiased l2  debiased l2 squared  plain max
    ====  =====  ==============  ========  ===========  ===================  =========
    10    100    +0.1001         +0.1256   +0.0348      -0.000029            +0.2698
    10    285    +0.0588         +0.0740   +0.0194      -0.000082            +0.1522
    10    1000   +0.0316         +0.0397   +0.0106      -0.000002            +0.0805
    10    2000   +0.0223         +0.0281   +0.0075      -0.000001            +0.0568
    10    10000  +0.0100         +0.0125   +0.0033      -0.000001            +0.0253
    15    100    +0.1208         +0.1551   +0.0405      -0.000065            +0.3856
    15    285    +0.0722         +0.0919   +0.0226      -0.000023            +0.2093
    15    1000   +0.0385         +0.0490   +0.0119      -0.000005            +0.1087
    15    2000   +0.0272         +0.0347   +0.0084      -0.000003            +0.0767
    15    10000  +0.0122         +0.0155   +0.0038      +0.000000            +0.0342
    ====  =====  ==============  ========  ===========  ===================  =========

    Monte-Carlo SEs: at most 0.0002 (plain ℓ1 and ℓ2), 0.0004 (debiased ℓ2), 0.00008
    (squared) and 0.0009 (max).

    The ℓ1 bias is close to :math:`\\sqrt{2/(\\pi N)}\\sum_k\\sqrt{P(B_k)\\,
    E[p(1 - p)\\mid B_k]}` (each bin's gap about normal with mean 0), 1.00/√N for 10 bins
    and 1.22/√N for 15; every plain norm's bias falls as 1/√N and grows with the number of
    bins. Only the debiased squared ℓ2 estimate is (nearly) unbiased: exactly so when the
    probabilities within a bin are equal, and otherwise biased by :math:`-\\sum_k
    \\frac{n_k}{N} \\frac{s_k^2}{n_k - 1}` (:math:`s_k^2` the variance of the probabilities in
    bin k), about −0.0083/N for 10 bins here (−0.00003 at N = 285; the measured
    −0.000082 ± 0.000020 is 2.6 SE from it, the other nine rows within 1.1 SE of theirs). Its
    square root, cut at 0, keeps about a third of the plain ℓ1 bias: no estimate that is never
    negative can be unbiased at a true 0.

    **No interval.** A calibrated forecaster's error is 0, on the boundary, where no two-sided
    interval works (the old percentile bootstrap interval of the ECE covered 0.000 of the
    time; see :func:`expected_calibration_error`). Answer "is it calibrated?" with
    :func:`calibration_test` and "how miscalibrated?" with this estimate and a reliability
    diagram (:func:`calibration_curve`).

    Parameters
    ----------
    y_true, probabilities : array_like, shape (N,)
        Outcomes (two classes) and forecast probabilities of the positive class; N ≥ 2.
    norm : {"l2", "l1", "max"}, default "l2"
    debiased : bool, default True
        Kumar et al.'s debiased estimate; only for ``norm="l2"``. ``False`` gives the plain,
        biased error in any norm.
    n_bins : int, default 10
    strategy : {"uniform", "quantile"}
    pos_label : optional
        The positive class. Default: 1 (or True) when ``y_true`` is 0/1, −1/1 or boolean,
        otherwise the larger of the two labels (as :mod:`evalkit.roc`).

    Returns
    -------
    CalibrationError
        ``estimate`` in the stated ``norm``, ``squared`` (ℓ2), ``debiased``, ``bins``,
        ``strategy`` and ``method`` (what was computed, in words).

    Raises
    ------
    ValueError
        For ``debiased=True`` with ``norm="l1"`` or ``"max"`` (no debiased estimator), and for
        bad inputs.

    Examples
    --------
    >>> y = [0, 0, 1, 1, 1, 0, 1, 0, 1, 1]
    >>> p = [0.1, 0.3, 0.7, 0.9, 0.6, 0.4, 0.8, 0.2, 0.35, 0.45]
    >>> e = calibration_error(y, p, n_bins=2)  # debiased l2: the gaps are within noise
    >>> round(e.squared, 4), e.estimate
    (-0.001, 0.0)
    >>> for norm in ("l1", "l2", "max"):  # the plain, biased errors of torchmetrics' norms
    ...     plain = calibration_error(y, p, norm=norm, debiased=False, n_bins=2)
    ...     print(norm, round(plain.estimate, 4))
    l1 0.12
    l2 0.1602
    max 0.25
    """
    norm = check_choice(norm, "norm", CALIBRATION_NORMS)
    debiased = _check_flag(debiased, "debiased")
    if debiased and norm != "l2":
        raise ValueError(
            f"debiased=True is only available for norm='l2' (Kumar, Liang & Ma 2019); for the "
            f"plain, biased {_NORM_NAMES[norm]} pass norm={norm!r}, debiased=False"
        )
    n_bins = _check_bins(n_bins)
    y, p = _as_forecasts(y_true, probabilities, pos_label)
    strategy = check_choice(strategy, "strategy", CALIBRATION_STRATEGIES)
    _check_two_items(p)
    return _calibration_error_core(y, p, norm, debiased, n_bins, strategy)


def expected_calibration_error(
    y_true: Any,
    probabilities: Any,
    *,
    n_bins: int = 10,
    strategy: str = "uniform",
    pos_label: Any = None,
    debiased: Any = _DEPRECATED,
    bins: Any = _DEPRECATED,
) -> CalibrationError:
    """The expected calibration error, ECE: the plain binned ℓ1 error that papers report.

    :math:`ECE = \\sum_k \\frac{n_k}{N} \\lvert \\bar o_k - \\bar p_k \\rvert` over the bins
    :math:`B_k` of :func:`calibration_curve` (n_k items, share of positives
    :math:`\\bar o_k`, mean probability :math:`\\bar p_k`): Naeini, Cooper & Hauskrecht 2015,
    *Obtaining well calibrated probabilities using Bayesian binning*, AAAI, eq. 2; Guo et al.
    2017, *On calibration of modern neural networks*, ICML, eq. 3; torchmetrics'
    ``binary_calibration_error(norm="l1")``. The same as ``calibration_error(y_true,
    probabilities, norm="l1", debiased=False)``; for the recommended estimate use
    :func:`calibration_error` (debiased ℓ2).

    **It is biased upwards**: the absolute value of a bin's noisy gap is positive even for a
    perfectly calibrated forecaster, whose true ECE is 0. Measured (seeded simulation,
    p ~ U(0, 1), y ~ Bernoulli(p), uniform bins, 20 000 test sets per row, bias ± Monte-Carlo
    SE; see :func:`calibration_error` for the other norms):

    ====  =====  ====================  ====================
    bins  N      bias of the ECE ± SE  normal approximation
    ====  =====  ====================  ====================
    10    100    +0.1001 ± 0.00017     0.0998
    10    285    +0.0588 ± 0.00010     0.0591
    10    1000   +0.0316 ± 0.00006     0.0315
    10    2000   +0.0223 ± 0.00004     0.0223
    10    10000  +0.0100 ± 0.00002     0.0100
    15    100    +0.1208 ± 0.00017     0.1218
    15    285    +0.0722 ± 0.00010     0.0722
    15    1000   +0.0385 ± 0.00006     0.0385
    15    2000   +0.0272 ± 0.00004     0.0272
    15    10000  +0.0122 ± 0.00002     0.0122
    ====  =====  ====================  ====================

    The normal approximation treats each bin's gap as normal with mean 0 and variance
    :math:`E[p(1 - p)\\mid B_k]/n_k`, which gives
    :math:`\\sqrt{2/(\\pi N)}\\sum_k\\sqrt{P(B_k)\\,E[p(1 - p)\\mid B_k]}`:

    about 1.00/√N with 10 bins and 1.22/√N with 15, so an ECE of 0.06 from 285 items says
    nothing about miscalibration. Earlier measurements (``data/calibration_simulation.csv``,
    seed 41, 20 000 sets per row) agree: the plain ECE's bias was +0.059 ± 0.00010 at N = 285
    and +0.022 ± 0.00004 at N = 2000 for the calibrated forecaster, and +0.031 ± 0.00013 at
    N = 285 for a mildly overconfident one, q = 0.5 + 0.8(p − 0.5) (true ECE 0.050), where the
    debiased ℓ2 squared error was unbiased: -0.000005 ± 0.000021, -0.000005 ± 0.000003 and
    +0.000025 ± 0.000030. Compare ECEs only at equal N and bins, and read them with this bias
    in mind.

    **No interval.** Before issue 41 this function returned a percentile bootstrap interval for
    the ECE. It is centred above an estimate that is already too high, and it covered the true
    binned ECE in 0.000 ± 0.000, 0.000 ± 0.000 and 0.109 ± 0.004 of the simulated test sets
    (the three rows of ``data/calibration_simulation.csv``: 1000, 1000 and 6500 sets, 500
    resamples each). Answer "is it calibrated?" with :func:`calibration_test`.

    Parameters
    ----------
    y_true, probabilities : array_like, shape (N,)
        Outcomes (two classes) and forecast probabilities of the positive class; N ≥ 2.
    n_bins : int, default 10
    strategy : {"uniform", "quantile"}
    pos_label : optional
        The positive class. Default: 1 (or True) when ``y_true`` is 0/1, −1/1 or boolean,
        otherwise the larger of the two labels (as :mod:`evalkit.roc`).
    debiased : deprecated
        ``debiased=True`` still returns the debiased ℓ2 error of
        ``calibration_error(norm="l2", debiased=True)`` and ``debiased=False`` the ECE, both
        with a FutureWarning (between issues 41 and 57 the default was the debiased ℓ2).
    bins : deprecated
        The old name of ``n_bins`` (FutureWarning).

    Returns
    -------
    CalibrationError
        ``estimate`` is the ECE (``norm="l1"``, ``debiased=False``); it agrees with the ECE
        computed from ``sklearn.calibration.calibration_curve``'s points.

    Examples
    --------
    >>> y = [0, 0, 1, 1, 1, 0, 1, 0, 1, 1]
    >>> p = [0.1, 0.3, 0.7, 0.9, 0.6, 0.4, 0.8, 0.2, 0.35, 0.45]
    >>> e = expected_calibration_error(y, p, n_bins=2)
    >>> round(e.estimate, 4), e.norm, e.debiased
    (0.12, 'l1', False)
    >>> print(e)
    0.12 (plain l1 calibration error (ECE), biased upwards (2 uniform bins))
    """
    n_bins = _check_bins(_n_bins_from(n_bins, bins, 10))
    if debiased is not _DEPRECATED:
        debiased = _check_flag(debiased, "debiased")
        instead = (
            "calibration_error(y_true, probabilities, norm='l2', debiased=True)"
            if debiased
            else "expected_calibration_error(y_true, probabilities) without it"
        )
        warnings.warn(
            "expected_calibration_error's debiased= is deprecated: the function is the plain l1 "
            f"ECE again (Guo et al. 2017), as papers report it; use {instead}",
            FutureWarning,
            stacklevel=2,
        )
    y, p = _as_forecasts(y_true, probabilities, pos_label)
    strategy = check_choice(strategy, "strategy", CALIBRATION_STRATEGIES)
    _check_two_items(p)
    if debiased is True:
        return _calibration_error_core(y, p, "l2", True, n_bins, strategy)
    return _calibration_error_core(y, p, "l1", False, n_bins, strategy)


CALIBRATION_TESTS = ("resampling", "spiegelhalter")


def _check_two_items(p: np.ndarray) -> None:
    if p.size < 2:
        raise ValueError(f"y_true and probabilities must hold at least 2 items; got {p.size}")


def _resampled_ece(
    p: np.ndarray, ids: np.ndarray, bins: int, resamples: int, gen: np.random.Generator
) -> np.ndarray:
    """The plain ECE of ``resamples`` outcome vectors drawn as y* ~ Bernoulli(p), same bins."""
    n = p.size
    sums = np.bincount(ids, weights=p, minlength=bins)
    out = np.empty(resamples)
    batch = max(1, min(resamples, 2_000_000 // n))
    for start in range(0, resamples, batch):
        size = min(batch, resamples - start)
        drawn = gen.random((size, n)) < p
        flat = (ids + bins * np.arange(size)[:, None])[drawn]
        positives = np.bincount(flat, minlength=size * bins).reshape(size, bins)
        out[start : start + size] = np.abs(positives - sums).sum(axis=1) / n
    return out


def calibration_test(
    y_true: Any,
    probabilities: Any,
    method: str = "resampling",
    *,
    n_bins: int = 10,
    strategy: str = "uniform",
    resamples: int = 1000,
    rng: Any = None,
    pos_label: Any = None,
    bins: Any = _DEPRECATED,
) -> TestResult:
    """Test whether probability forecasts are calibrated: H0 says each y_i ~ Bernoulli(p_i).

    ``"resampling"`` — **consistency resampling** (Bröcker & Smith 2007, *Increasing the
    reliability of reliability diagrams*, Weather and Forecasting 22, 651–661): if the forecasts
    were calibrated, outcomes drawn as :math:`y^*_i \\sim \\text{Bernoulli}(p_i)` would look like
    the observed ones. Draw ``resamples`` such outcome vectors, recompute the plain binned ECE
    of each (same bins), and report :math:`p = (1 + \\#\\{ECE^* \\ge ECE\\})/(1 + R)`, which is
    a valid (exact up to Monte-Carlo error) p-value for any R. Its Monte-Carlo error
    :math:`\\sqrt{p(1-p)/R}` is in ``details["mc_standard_error"]``. The alternative is
    "greater": a larger ECE than calibrated forecasts give.

    ``"spiegelhalter"`` — **Spiegelhalter's z-test** (Spiegelhalter 1986, *Probabilistic
    prediction in patient management and clinical trials*, Statistics in Medicine 5, 421–433):
    under H0 the Brier score has mean :math:`\\sum p_i(1-p_i)/N` and a known variance, which
    gives

    .. math:: z = \\frac{\\sum_i (y_i - p_i)(1 - 2p_i)}
              {\\sqrt{\\sum_i (1 - 2p_i)^2\\, p_i (1 - p_i)}},

    referred to the standard normal, two-sided. No bins and no randomness; it cannot see a
    miscalibration that leaves the Brier score's expectation unchanged.

    Measured size and power (``data/calibration_simulation.csv``; 10 uniform bins, p ~ U(0,
    1); α = 0.05; 20 000 simulated test sets per row for Spiegelhalter's test, 3 500–15 500 for
    the resampling test; ± Monte-Carlo SE):

    * calibrated, q = p, N = 285 (size): Spiegelhalter 0.051 ± 0.002, resampling 0.053 ± 0.004
    * calibrated, q = p, N = 2000 (size): Spiegelhalter 0.050 ± 0.002, resampling 0.054 ± 0.004
    * mild, q = 0.5 + 0.8(p − 0.5), N = 285 (power): Spiegelhalter 0.818 ± 0.003, resampling
      0.417 ± 0.004

    Size 0.050–0.054 over these settings, typical 0.052 (nominal 0.05, within simulation error;
    resampling with 199 resamples per test). Against this mild overconfidence Spiegelhalter's
    test is the stronger (it raises the Brier score); with either, a test that does not reject
    is no proof of calibration.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (size, resampling): minimum 0.052, median 0.052, maximum 0.052 (at N=285,
    forecaster=calibrated, bins=10, resamples=200) over 1 setting.
    Atlas (size, spiegelhalter): minimum 0.048, median 0.050, maximum 0.051 (at N=285,
    forecaster=calibrated, bins=10) over 2 settings.

    Parameters
    ----------
    y_true, probabilities : array_like, shape (N,)
        Outcomes (two classes) and forecast probabilities of the positive class; N ≥ 2.
    method : {"resampling", "spiegelhalter"}
    n_bins : int, default 10
        Bins of the ECE (resampling only).
    strategy : {"uniform", "quantile"}
        (resampling only)
    resamples : int, default 1000
        Outcome vectors drawn (resampling only; ≥ 99).
    rng : None, int or numpy.random.Generator
        Source of randomness for the resampling (SPEC 7: None gives a fresh, unseeded one).
    pos_label : optional
        The positive class. Default: 1 (or True) when ``y_true`` is 0/1, −1/1 or boolean,
        otherwise the larger of the two labels (as :mod:`evalkit.roc`).
    bins : deprecated
        The old name of ``n_bins`` (FutureWarning).

    Returns
    -------
    TestResult
        ``statistic`` is the ECE (resampling; also ``estimate``, named) or z (Spiegelhalter);
        ``details`` hold the resamples and the p-value's Monte-Carlo standard error
        (``mc_standard_error``), or the Brier score and its null mean and variance.

    Examples
    --------
    >>> y = [0, 1, 1, 0, 1, 1, 0, 1, 1, 1]
    >>> p = [0.2, 0.9, 0.6, 0.4, 0.7, 0.8, 0.1, 0.5, 0.9, 0.3]
    >>> r = calibration_test(y, p, method="spiegelhalter")
    >>> round(r.statistic, 4), round(r.pvalue, 4)
    (-0.7845, 0.4328)
    >>> r = calibration_test(y, p, n_bins=5, resamples=999, rng=0)
    >>> r.statistic_name, round(r.statistic, 3), r.pvalue > 0.05
    ('ECE', 0.22, True)
    """
    n_bins = _n_bins_from(n_bins, bins, 10)
    y, p = _as_forecasts(y_true, probabilities, pos_label)
    method = check_choice(method, "method", CALIBRATION_TESTS)
    _check_two_items(p)
    if method == "spiegelhalter":
        return _spiegelhalter(y, p)
    n_bins = _check_bins(n_bins)
    strategy = check_choice(strategy, "strategy", CALIBRATION_STRATEGIES)
    count = as_count(resamples, "resamples", minimum=99)
    gen = as_generator(rng, allow_none=True)
    _, ids = _bin_ids(p, n_bins, strategy)
    observed = _ece(y, p, n_bins, strategy)
    null = _resampled_ece(p, ids, n_bins, count, gen)
    exceed = int(np.sum(null >= observed * (1.0 - 1e-12)))
    pvalue = (1.0 + exceed) / (1.0 + count)
    return TestResult(
        statistic=observed,
        pvalue=pvalue,
        alternative="greater",
        method=(
            f"consistency resampling of the ECE, Bröcker & Smith 2007 ({n_bins} {strategy} bins)"
        ),
        statistic_name="ECE",
        estimate=observed,
        estimate_name="plain binned ECE",
        details={
            "resamples": count,
            "mc_standard_error": math.sqrt(pvalue * (1.0 - pvalue) / count),
            "null_mean": float(null.mean()),
        },
    )


def _spiegelhalter(y: np.ndarray, p: np.ndarray) -> TestResult:
    """Spiegelhalter's (1986) z-test of calibration, two-sided."""
    weight = 1.0 - 2.0 * p
    variance = float(np.sum(weight**2 * p * (1.0 - p)))
    if variance <= 0.0:
        raise ValueError(
            "Spiegelhalter's test is undefined when every probability is 0, 0.5 or 1 (the Brier "
            "score then has no variance under calibration); use method='resampling'"
        )
    z = float(np.sum((y - p) * weight)) / math.sqrt(variance)
    n = p.size
    return TestResult(
        statistic=z,
        pvalue=float(2.0 * special.ndtr(-abs(z))),
        alternative="two-sided",
        method="Spiegelhalter's z-test of calibration (1986)",
        statistic_name="z",
        details={
            "brier": _binary_brier_core(y, p),
            "null_mean_brier": float(np.mean(p * (1.0 - p))),
            "null_variance_brier": variance / n**2,
        },
    )


# --------------------------------------------------------------------------------------------
# many classes: per-class and averaged precision, recall, F1 with intervals; Cohen's kappa


@dataclass(frozen=True)
class ClassMetrics(_WithIntervals):
    """Per-class, macro- and micro-averaged precision, recall and F1, with intervals.

    Attributes
    ----------
    labels : ndarray
        The classes, in the order of the per-class arrays.
    confusion : ndarray of int, shape (M, M)
        Rows = true class, columns = predicted class.
    precision, recall : Interval
        Per class (arrays of length M): Clopper–Pearson, conditional on the class's number of
        predictions (precision) or of true items (recall). NaN where undefined (0/0).
    f1 : Interval
        Per class: bootstrap percentile over the resamples in which the class's F1 is defined.
    macro_precision, macro_recall : Interval
        Unweighted means over the classes where the measure is defined; interval by the MOVER
        of the per-class Clopper–Pearson intervals.
    macro_f1 : Interval
        Mean of the per-class F1 (as in scikit-learn, not the harmonic mean of macro precision
        and recall); bootstrap interval averaging each resample over its defined classes.
    micro_precision, micro_recall, micro_f1 : Interval
        Pooled over the classes: with one label per item all three equal the accuracy, with its
        Clopper–Pearson interval.
    rounds : int
        Bootstrap resamples behind the F1 intervals.
    mc_standard_error : float
        The largest Monte-Carlo standard error of the bootstrap limits (per-class and macro F1):
        how much a limit would move, typically, with another ``rng``. See
        :func:`_column_quantile_mc_errors`.
    """

    labels: np.ndarray
    confusion: np.ndarray
    precision: Interval
    recall: Interval
    f1: Interval
    macro_precision: Interval
    macro_recall: Interval
    macro_f1: Interval
    micro_precision: Interval
    micro_recall: Interval
    micro_f1: Interval
    rounds: int
    mc_standard_error: float = float("nan")

    _repr_fields: ClassVar[tuple[str, ...]] = (
        "labels",
        "macro_precision",
        "macro_recall",
        "macro_f1",
        "micro_f1",
        "rounds",
        "mc_standard_error",
    )


def _resampled_confusions(
    codes: np.ndarray, m: int, rounds: int, gen: np.random.Generator
) -> np.ndarray:
    """Confusion matrices of ``rounds`` bootstrap resamples of the items, shape (rounds, m, m)."""
    n = codes.size
    out = np.empty((rounds, m * m), dtype=np.int64)
    batch = max(1, min(rounds, 4_000_000 // n))
    for start in range(0, rounds, batch):
        size = min(batch, rounds - start)
        drawn = codes[gen.integers(0, n, size=(size, n))]
        flat = drawn + (np.arange(size) * m * m)[:, None]
        out[start : start + size] = np.bincount(flat.ravel(), minlength=size * m * m).reshape(
            size, m * m
        )
    return out.reshape(rounds, m, m)


def _f1_undefined_nan(confusion: np.ndarray) -> np.ndarray:
    """Per-class F1 of one confusion matrix or a stack; NaN for a class with no true item and no
    prediction (0/0), as scikit-learn's ``zero_division=np.nan``."""
    diag = np.diagonal(confusion, axis1=-2, axis2=-1).astype(float)
    total = confusion.sum(axis=-1) + confusion.sum(axis=-2)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(total > 0, 2.0 * diag / np.where(total > 0, total, 1), np.nan)


def _conditional_rates(
    correct: np.ndarray, totals: np.ndarray, level: float
) -> tuple[Interval, Interval]:
    """Per-class Clopper–Pearson intervals of correct/totals and their MOVER macro average.

    A class with ``totals == 0`` (0/0) gets the estimate 0 (scikit-learn's ``zero_division=0``)
    and the interval [0, 1]: nothing is known about it, and the macro interval says so.
    """
    defined = totals > 0
    rate = np.zeros(correct.shape)
    low = np.zeros(correct.shape)
    high = np.ones(correct.shape)
    if defined.any():
        ci = _rate_interval(correct[defined], totals[defined], level, "clopper-pearson")
        rate[defined] = correct[defined] / totals[defined]
        low[defined] = np.asarray(ci.low)
        high[defined] = np.asarray(ci.high)
    per_class = Interval(low, high, rate, level, "clopper-pearson, conditional on the class")
    weights = np.full(rate.size, 1.0 / rate.size)
    m_low, m_high = _mover_limits(weights, rate, low, high)
    macro = Interval(
        float(m_low),
        float(m_high),
        float(np.mean(rate)),
        level,
        "MOVER of per-class clopper-pearson (Zou, Huang & Zhang 2009)",
    )
    return per_class, macro


def _percentile_ignoring_undefined(values: np.ndarray, level: float) -> tuple[Any, Any]:
    """Percentile limits over the resamples where ``values`` is defined (not NaN); [0, 1]
    where it is never defined (a class of ``labels`` with no item and no prediction)."""
    alpha = 1.0 - level
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # all-NaN: a class never seen at all
        low, high = np.nanquantile(values, [alpha / 2.0, 1.0 - alpha / 2.0], axis=0)
    return to_output(np.nan_to_num(low, nan=0.0)), to_output(np.nan_to_num(high, nan=1.0))


def _column_quantile_mc_errors(replicates: np.ndarray, q: float) -> np.ndarray:
    """Monte-Carlo SE of the q-quantile of each column's defined (not NaN) replicates.

    The order-statistic estimate of :func:`evalkit.roc._quantile_monte_carlo_error` (the rank
    of the sample quantile of B draws has binomial spread √(B q (1 − q))); NaN for a column
    with fewer than 2 defined replicates.
    """
    out = np.full(replicates.shape[-1], np.nan)
    for j in range(replicates.shape[-1]):
        values = replicates[:, j][~np.isnan(replicates[:, j])]
        if values.size >= 2:
            out[j] = _quantile_monte_carlo_error(values, q)
    return out


def class_metrics(
    y_true: Any,
    y_pred: Any,
    labels: Any = None,
    *,
    confidence: float = 0.95,
    rounds: int = 2000,
    rng: Any = None,
) -> ClassMetrics:
    """Precision, recall and F1 of every class, and their macro and micro averages, with intervals.

    Per class i of the confusion matrix A (rows true, columns predicted; Fouladi):
    :math:`P_i = A_{ii}/\\sum_j A_{ji}`, :math:`R_i = A_{ii}/\\sum_j A_{ij}`,
    :math:`F_i = 2A_{ii}/(\\sum_j A_{ij} + \\sum_j A_{ji})`. **Macro** averages weigh every class
    equally, :math:`\\frac1M \\sum_i P_i` (and so for R and F); **micro** averages pool the counts
    first, :math:`\\sum_i A_{ii} / N` — with one label per item the pooled precision, recall and
    F1 all equal the accuracy. A measure that is 0/0 — the precision of a class never
    predicted, the recall of a class with no item — is **undefined**: NaN, and left out of the
    macro average (scikit-learn's ``zero_division=np.nan``; its default ``zero_division=0``
    would count it as 0).

    **Intervals.**

    * *Recall* of class i: Clopper–Pearson for :math:`A_{ii}` of the :math:`n_i` items of the
      class, i.e. conditional on the true class (Wolff eq. 17–18; notebook 02). A rare class
      with 3 of 3 correct gets [0.292, 1], not the [0, 1] of an item bootstrap, whose resamples
      often hold no item of the class.
    * *Precision* of class i: Clopper–Pearson conditional on the number of items predicted as i
      (given the predictions, each of them is of class i independently with probability
      :math:`P_i`).
    * *Macro precision and recall*: the MOVER (Zou, Huang & Zhang 2009; as
      :func:`prior_weighted_error`, of which macro recall is 1 minus the equal-prior case)
      combines the per-class Clopper–Pearson limits of the defined classes:
      :math:`L = \\bar R - \\sqrt{\\sum_i (\\hat R_i - l_i)^2}/M`, :math:`U` likewise. (Not the
      delta method of Takahashi, Yamamoto, Kuchiba & Koyama 2022, *Confidence interval for
      micro-averaged F1 and macro-averaged F1 scores*, Applied Intelligence 52, 4961–4972,
      whose plug-in variance is 0 for a class with all items correct.)
    * *Micro* (= accuracy): Clopper–Pearson for the correct items of N.
    * *F1* per class and macro F1 (no binomial form): bootstrap percentile over the items
      (Efron & Tibshirani 1993, ch. 13), ``rounds`` resamples; a resample in which a class's
      F1 is undefined is left out of that class's interval, and each resample's macro F1
      averages only its defined classes — never a 0 for a class that the resample lacks.

    Measured coverage of the 95 % macro-recall interval (``data/macro_recall_coverage.csv``;
    true recalls 0.9, 0.9, 0.9, 0.95; exact enumeration over the per-class binomial counts):
    0.974 with classes of 100, 100, 100 and 3 items (issue 41's rare class) and 0.966 with four
    classes of 76 — minimum 0.966, a little conservative. For comparison (4000 simulated test
    sets, ± Monte-Carlo SE): an item bootstrap averaging only the classes present in each
    resample covered 0.889 ± 0.005 with the rare class (its 3 items always resample to 3 of 3),
    the old bootstrap that scored a missing class 0 covered 0.998 ± 0.001 (too wide, from the
    artefact) and 0.942 ± 0.004 balanced. The rare class's own recall interval (3 items, recall
    0.95) covers 0.993 (exact).

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage, macro F1): minimum 0.932 (at classes=76/76/76/76, recalls=0.9/0.9/0.9/0.9,
    rounds=200), median 0.963, maximum 0.995 over 2 settings.
    Atlas (coverage, macro precision): minimum 0.963 (at classes=76/76/76/76,
    recalls=0.9/0.9/0.9/0.9, rounds=200), median 0.981, maximum 1.000 over 2 settings.
    Atlas (coverage, macro recall): minimum 0.960 (at classes=76/76/76/76, recalls=0.9/0.9/0.9/0.9,
    rounds=200), median 0.966, maximum 0.972 over 2 settings.
    Atlas (coverage, smallest class recall): minimum 0.967 (at classes=76/76/76/76,
    recalls=0.9/0.9/0.9/0.9, rounds=200), median 0.979, maximum 0.992 over 2 settings.

    Parameters
    ----------
    y_true, y_pred : array_like, shape (N,)
        True and predicted labels (any labels :func:`confusion_matrix` takes).
    labels : array_like, optional
        The classes in the order wanted (default: sorted union of both).
    confidence : float, default 0.95
    rounds : int, default 2000
        Bootstrap resamples for the F1 intervals (≥ 100).
    rng : None, int or numpy.random.Generator
        Source of randomness for the F1 bootstrap (SPEC 7: None gives a fresh, unseeded one).

    Returns
    -------
    ClassMetrics
        Estimates agree with ``sklearn.metrics.precision_recall_fscore_support(y_true, y_pred,
        average=None / "macro" / "micro", zero_division=np.nan)``.

    Examples
    --------
    >>> y = [0, 0, 1, 1, 2, 2, 2, 2]
    >>> p = [0, 1, 1, 1, 2, 2, 0, 2]
    >>> res = class_metrics(y, p, rounds=200, rng=0)
    >>> res.recall.estimate.round(3).tolist(), round(res.macro_f1.estimate, 3)
    ([0.5, 1.0, 0.75], 0.719)
    >>> res.recall.low.round(3).tolist()
    [0.013, 0.158, 0.194]
    >>> round(res.micro_f1.estimate, 3)
    0.75
    """
    classes, true_codes, pred_codes = _label_codes(y_true, y_pred, labels)
    level = check_confidence(confidence)
    b = as_count(rounds, "rounds", minimum=100)
    gen = as_generator(rng, allow_none=True)
    m = classes.size
    table = _confusion_core(true_codes, pred_codes, m)
    codes = true_codes * m + pred_codes
    diag = np.diag(table)
    recall_ci, macro_recall = _conditional_rates(diag, table.sum(axis=1), level)
    precision_ci, macro_precision = _conditional_rates(diag, table.sum(axis=0), level)

    f1 = _f1_undefined_nan(table)
    replicates = _f1_undefined_nan(_resampled_confusions(codes, m, b, gen))
    f1_low, f1_high = _percentile_ignoring_undefined(replicates, level)
    # every resample holds at least one item, so at least one class is defined in it
    macro_replicates = np.nanmean(replicates, axis=-1)
    macro_f1_estimate = float(np.nanmean(f1))
    mf_low, mf_high = _percentile_ignoring_undefined(macro_replicates, level)
    tails = ((1.0 - level) / 2.0, (1.0 + level) / 2.0)
    mc_errors = [
        _column_quantile_mc_errors(values, q)
        for values in (replicates, macro_replicates[:, None])
        for q in tails
    ]
    method = "bootstrap percentile over the resamples where F1 is defined"
    correct = int(diag.sum())
    micro = _rate_interval(correct, int(table.sum()), level, "clopper-pearson")
    return ClassMetrics(
        labels=classes,
        confusion=table,
        precision=precision_ci,
        recall=recall_ci,
        f1=Interval(f1_low, f1_high, np.nan_to_num(f1, nan=0.0), level, method),
        macro_precision=macro_precision,
        macro_recall=macro_recall,
        macro_f1=Interval(mf_low, mf_high, macro_f1_estimate, level, method),
        micro_precision=micro,
        micro_recall=micro,
        micro_f1=micro,
        rounds=b,
        mc_standard_error=float(np.nanmax(np.concatenate(mc_errors))),
    )


@dataclass(frozen=True)
class Kappa(_WithIntervals):
    """Cohen's kappa, plain or weighted, with its large-sample standard errors.

    Standard errors of Fleiss, Cohen & Everitt (1969).

    Attributes
    ----------
    estimate : float
        :math:`\\hat\\kappa_w = (p_o - p_e)/(1 - p_e)` with the (weighted) agreements below.
    std_error : float
        Standard error of :math:`\\hat\\kappa_w` for intervals (kappa not assumed 0).
    interval : Interval
        The score interval (default; see :func:`cohen_kappa`) or, with ``method="wald"``,
        :math:`\\hat\\kappa_w \\pm z \\cdot` ``std_error`` clipped to [−1, 1].
    null_std_error : float
        Standard error under κ = 0 (for the test).
    statistic : float
        z = :math:`\\hat\\kappa_w` / ``null_std_error``.
    pvalue : float
        Two-sided p-value of the test of κ = 0 (no agreement beyond chance).
    observed_agreement, expected_agreement : float
        :math:`p_o = \\sum_{ij} w_{ij} p_{ij}` and :math:`p_e = \\sum_{ij} w_{ij} p_{i\\cdot}
        p_{\\cdot j}` (the plain agreements when ``weights`` is None).
    weights : str or None
        None (plain kappa), ``"linear"`` or ``"quadratic"``.
    method : str
    """

    estimate: float
    std_error: float
    interval: Interval
    null_std_error: float
    statistic: float
    pvalue: float
    observed_agreement: float
    expected_agreement: float
    weights: str | None = None
    method: str = "Cohen's kappa, score interval (Fleiss, Cohen & Everitt 1969 variance)"

    _repr_fields: ClassVar[tuple[str, ...]] = (
        "estimate",
        "std_error",
        "interval",
        "pvalue",
        "weights",
        "method",
    )


KAPPA_WEIGHTS = ("linear", "quadratic")


def _agreement_weights(m: int, weights: str | None) -> np.ndarray:
    """Agreement weights :math:`w_{ij}`: 1 on the diagonal, falling with the distance |i − j|.

    None: :math:`w_{ij} = [i = j]` (plain kappa); ``"linear"``: :math:`1 - |i-j|/(M-1)`;
    ``"quadratic"``: :math:`1 - (i-j)^2/(M-1)^2` (Cicchetti & Allison 1971; Fleiss & Cohen
    1973). Kappa is unchanged by the scale of ``1 - w``, so these give the values of
    scikit-learn's disagreement weights |i − j| and (i − j)².
    """
    if weights is None:
        return np.eye(m)
    distance = np.abs(np.subtract.outer(np.arange(m), np.arange(m))) / (m - 1)
    return 1.0 - (distance if weights == "linear" else distance**2)


def _kappa_core(tables: np.ndarray, w: np.ndarray, z: float) -> dict[str, np.ndarray]:
    """Kappa, its standard errors, interval and test for a stack of tables, shape (..., M, M).

    Fleiss, Cohen & Everitt (1969), with agreement weights :math:`w_{ij}` (plain kappa: the
    identity), cell proportions :math:`p_{ij}`, margins :math:`p_{i\\cdot}, p_{\\cdot j}`,
    :math:`\\bar w_{i\\cdot} = \\sum_j p_{\\cdot j} w_{ij}`, :math:`\\bar w_{\\cdot j} =
    \\sum_i p_{i\\cdot} w_{ij}`:

    .. math::

       \\operatorname{Var}(\\hat\\kappa_w) = \\frac{\\sum_{ij} p_{ij}\\bigl[w_{ij} -
       (\\bar w_{i\\cdot} + \\bar w_{\\cdot j})(1 - \\hat\\kappa_w)\\bigr]^2 -
       \\bigl[\\hat\\kappa_w - p_e(1 - \\hat\\kappa_w)\\bigr]^2}{N(1 - p_e)^2},

    and under κ = 0 :math:`\\bigl(\\sum_{ij} p_{i\\cdot}p_{\\cdot j}[w_{ij} - (\\bar
    w_{i\\cdot} + \\bar w_{\\cdot j})]^2 - p_e^2\\bigr) / \\bigl(N(1 - p_e)^2\\bigr)`.
    Tables whose :math:`p_e` is 1 give NaN.
    """
    n = tables.sum(axis=(-2, -1))
    p = tables / n[..., None, None]
    rows = p.sum(axis=-1)
    cols = p.sum(axis=-2)
    chance = rows[..., :, None] * cols[..., None, :]
    po = (w * p).sum(axis=(-2, -1))
    pe = (w * chance).sum(axis=(-2, -1))
    with np.errstate(invalid="ignore", divide="ignore"):
        kappa = (po - pe) / (1.0 - pe)
        w_row = (cols[..., None, :] * w).sum(axis=-1)  # w̄_i. at [..., i]
        w_col = (rows[..., :, None] * w).sum(axis=-2)  # w̄_.j at [..., j]
        margins = w_row[..., :, None] + w_col[..., None, :]
        k = kappa[..., None, None]
        scale = n * (1.0 - pe) ** 2
        variance = (
            (p * (w - margins * (1.0 - k)) ** 2).sum(axis=(-2, -1))
            - (kappa - pe * (1.0 - kappa)) ** 2
        ) / scale
        null_variance = ((chance * (w - margins) ** 2).sum(axis=(-2, -1)) - pe**2) / scale
        se = np.sqrt(np.maximum(variance, 0.0))
        null_se = np.sqrt(np.maximum(null_variance, 0.0))
        statistic = np.where(
            null_se > 0, kappa / np.where(null_se > 0, null_se, 1.0), np.copysign(np.inf, kappa)
        )
    return {
        "estimate": kappa,
        "std_error": se,
        "low": np.maximum(-1.0, kappa - z * se),
        "high": np.minimum(1.0, kappa + z * se),
        "null_std_error": null_se,
        "statistic": statistic,
        "pvalue": 2.0 * special.ndtr(-np.abs(statistic)),
        "observed_agreement": po,
        "expected_agreement": pe,
    }


KAPPA_METHODS = ("score", "wald")
_SCORE_BISECTIONS = 42  # the brackets (width ≤ 2) shrink to ≤ 2**-41 < 1e-12


def _kappa_variance_at(
    p: np.ndarray, chance: np.ndarray, kappa: np.ndarray, kappa0: np.ndarray, w: np.ndarray
) -> np.ndarray:
    """N × the Fleiss–Cohen–Everitt variance of the table with p's margins whose kappa is kappa0.

    The table is :math:`\\pi + (\\kappa_0/\\hat\\kappa)(\\hat p - \\pi)`, π the table of
    the margins' products: mixing with (or moving away from) independence keeps every margin,
    so :math:`p_e` stays and :math:`\\kappa_w` is :math:`\\kappa_0` exactly. Cells that
    would turn negative (only beyond the observed table, :math:`\\kappa_0/\\hat\\kappa > 1`)
    are set to 0.
    """
    s = (kappa0 / kappa)[..., None, None]
    table = np.maximum(chance + s * (p - chance), 0.0)
    table = table / table.sum(axis=(-2, -1))[..., None, None]
    return _kappa_core(table, w, 0.0)["std_error"] ** 2  # a table of n = 1: N × the variance


def _kappa_score_limits(
    tables: np.ndarray, w: np.ndarray, z: float, kappa: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Score limits: the κ0 with :math:`(\\hat\\kappa_w - \\kappa_0)^2 = z^2 V(\\kappa_0)/N`.

    V(κ0)/N is the Fleiss–Cohen–Everitt variance evaluated at the table with the observed
    margins whose kappa is κ0 (:func:`_kappa_variance_at`), not at the observed table: the
    test of κ = κ0 inverted, as Wilson (1927) inverts the binomial test. Each limit by
    bisection on its side of :math:`\\hat\\kappa_w` (the limit is −1 or 1 when the whole side
    passes). Vectorized over a stack of tables (..., M, M); :math:`\\hat\\kappa_w = 0` (no
    direction from independence) falls back to the Wald limits.
    """
    n = tables.sum(axis=(-2, -1))
    p = tables / n[..., None, None]
    chance = p.sum(axis=-1)[..., :, None] * p.sum(axis=-2)[..., None, :]
    zero = kappa == 0
    k = np.where(zero, 1.0, kappa)  # any direction; the result is replaced below
    with np.errstate(invalid="ignore", divide="ignore"):
        # both sides in one stack: [0] lower limit in [-1, kappa], [1] upper in [kappa, 1]
        inner = np.stack([kappa, kappa])
        outer = np.stack([np.full_like(kappa, -1.0), np.full_like(kappa, 1.0)])

        def outside(k0: np.ndarray) -> np.ndarray:
            variance = _kappa_variance_at(p, chance, k, k0, w) / n
            return (kappa - k0) ** 2 > z**2 * variance

        bounds = outer
        whole_side = ~outside(bounds)
        for _ in range(_SCORE_BISECTIONS):
            middle = 0.5 * (inner + outer)
            out = outside(middle)
            outer = np.where(out, middle, outer)
            inner = np.where(out, inner, middle)
        limits = np.where(whole_side, bounds, 0.5 * (inner + outer))
    if np.any(zero):
        wald = _kappa_core(tables, w, z)
        limits = np.where(zero, np.stack([wald["low"], wald["high"]]), limits)
    return limits[0], limits[1]


def cohen_kappa(
    y_true: Any,
    y_pred: Any,
    *,
    weights: str | None = None,
    labels: Any = None,
    confidence: float = 0.95,
    method: str = "score",
) -> Kappa:
    """Cohen's kappa, plain or weighted: agreement beyond chance, with an interval and a test.

    With cell proportions :math:`p_{ij} = A_{ij}/N` of the confusion matrix (rows ``y_true``,
    columns ``y_pred``), margins :math:`p_{i\\cdot}, p_{\\cdot j}` and agreement weights
    :math:`w_{ij}`, :math:`p_o = \\sum_{ij} w_{ij} p_{ij}`, :math:`p_e = \\sum_{ij} w_{ij}
    p_{i\\cdot} p_{\\cdot j}` and :math:`\\hat\\kappa_w = (p_o - p_e)/(1 - p_e)`.

    * ``weights=None``: :math:`w_{ij} = [i = j]`, Cohen's (1960) kappa: only exact agreement
      counts.
    * ``"linear"``: :math:`w_{ij} = 1 - |i - j|/(M - 1)`; ``"quadratic"``: :math:`w_{ij} = 1 -
      (i - j)^2/(M - 1)^2` (Cohen 1968, *Weighted kappa*, Psychological Bulletin 70, 213–220).
      For **ordered** classes (grades, severity): a near miss counts as partial agreement. The
      order is that of ``labels`` (default: sorted), so give ``labels=`` for ordered strings.
      With two classes all three are the same.

    The standard errors are those of Fleiss, Cohen & Everitt (1969, *Large sample standard
    errors of kappa and weighted kappa*, Psychological Bulletin 72, 323–327), the delta method
    for a multinomial table:

    .. math::

       \\operatorname{Var}(\\hat\\kappa_w) = \\frac{\\sum_{ij} p_{ij}\\bigl[w_{ij} -
       (\\bar w_{i\\cdot} + \\bar w_{\\cdot j})(1 - \\hat\\kappa_w)\\bigr]^2 -
       \\bigl[\\hat\\kappa_w - p_e(1 - \\hat\\kappa_w)\\bigr]^2}{N(1 - p_e)^2}

    with :math:`\\bar w_{i\\cdot} = \\sum_j p_{\\cdot j} w_{ij}` and :math:`\\bar
    w_{\\cdot j} = \\sum_i p_{i\\cdot} w_{ij}` (their eq. 13 for plain kappa). Under κ = 0
    the same with :math:`p_{ij}` replaced by :math:`p_{i\\cdot}p_{\\cdot j}` and
    :math:`\\hat\\kappa_w` by 0 gives ``null_std_error`` and the two-sided z-test.

    The interval (``method="score"``, the default) inverts the z-test of κ = κ0, as Wilson's
    (1927, *Probable inference, the law of succession, and statistical inference*, JASA 22,
    209–212) interval inverts the binomial test: it holds the κ0 with :math:`(\\hat\\kappa_w
    - \\kappa_0)^2 \\le z^2 \\operatorname{Var}_{\\kappa_0}`, where the variance above is
    evaluated not at the observed table but at the table with the **observed margins** whose
    kappa is κ0, :math:`\\pi + (\\kappa_0/\\hat\\kappa_w)(\\hat p - \\pi)` with
    :math:`\\pi_{ij} = p_{i\\cdot}p_{\\cdot j}` (cells beyond the observed table that would be
    negative set to 0). This is the profile variance conditional on the margins of Garner
    (1991, *The standard error of Cohen's kappa*, Statistics in Medicine 10, 767–775); with two
    classes the margins and κ0 fix the table, for more classes the table is the observed one
    mixed with independence. The limits are found by bisection. Where the observed table
    has few disagreements its own variance is far too small (a table without any
    disagreement has SE 0 and the Wald interval [1, 1]); the variance at κ0 < κ̂ is not, so
    the score interval keeps an informative lower limit below 1. ``method="wald"`` gives
    :math:`\\hat\\kappa_w \\pm z\\,SE`, clipped to [−1, 1], the interval of statsmodels'
    ``cohens_kappa`` (and this function's before the coverage atlas measured it).

    Measured coverage of the 95 % intervals (``data/kappa_coverage.csv``, made by
    ``benchmarks/precompute_kappa.py``: the atlas's model, three classes of shares 0.5, 0.3,
    0.2 with a prediction right with probability 0.6–0.98 (κ 0.37–0.97), N = 20, 30, 50, 200,
    and three populations of 3–4 ordered classes at N = 30, 100, 300; 10 000 simulated
    tables per row, Monte-Carlo SE ≤ 0.005). Score interval, from N = 30 on: plain kappa
    0.945–0.994 (median 0.953), linear weights 0.946–0.996 (median 0.956), quadratic weights
    0.948–0.996 (median 0.970); at N = 20 at least 0.934. Wald interval, from N = 30 on: plain
    kappa 0.460–0.951 (median 0.934), linear weights 0.447–0.949 (median 0.924), quadratic
    weights 0.453–0.947 (median 0.905). The Wald interval's misses lie almost all above κ (its
    SE collapses with few disagreements; worst 0.329 at a = 0.98, N = 20); the score interval
    over-covers where nearly every table holds 0–2 disagreements (a ≥ 0.95), and its median
    width over the rows from N = 30 is 0.258 against the Wald interval's 0.212.

    Measured in the coverage atlas (:mod:`evalkit.atlas`; ``make atlas``):

    Atlas (coverage): minimum 0.946 (at N=200, classes=3, right=0.6), median 0.952, maximum 0.979
    over 5 settings.
    Atlas (coverage, method=wald): minimum 0.869 (at N=30, classes=3, right=0.9), median 0.937,
    maximum 0.946 over 5 settings. It covers less than 93 % at 1 of the 5 settings.
    Atlas (coverage, weights=linear): minimum 0.949 (at N=200, classes=3, right=0.6), median 0.954,
    maximum 0.982 over 5 settings.
    Atlas (coverage, weights=linear; method=wald): minimum 0.807 (at N=50, classes=3, right=0.95),
    median 0.926, maximum 0.947 over 5 settings. It covers less than 93 % at 2 of the 5 settings.
    Atlas (coverage, weights=quadratic): minimum 0.950 (at N=200, classes=3, right=0.6), median
    0.959, maximum 0.984 over 5 settings.
    Atlas (coverage, weights=quadratic; method=wald): minimum 0.718 (at N=50, classes=3,
    right=0.95), median 0.917, maximum 0.944 over 5 settings. It covers less than 93 % at 3 of the 5
    settings.
    Atlas (size): minimum 0.051, median 0.054, maximum 0.057 (at N=20, classes=3, kappa=0) over 3
    settings.
    Atlas (size, weights=linear): minimum 0.050, median 0.051, maximum 0.052 (at N=20, classes=3,
    kappa=0) over 3 settings.
    Atlas (size, weights=quadratic): minimum 0.049, median 0.050, maximum 0.051 (at N=20, classes=3,
    kappa=0) over 3 settings.

    Parameters
    ----------
    y_true, y_pred : array_like, shape (N,)
        Two labelings of the same items (true and predicted, or two raters).
    weights : {None, "linear", "quadratic"}
        Plain kappa (None) or weighted kappa with linear or quadratic agreement weights.
    labels : array_like, optional
        The classes, in their order (default: sorted union of both). The weights use it.
    confidence : float, default 0.95
    method : {"score", "wald"}, default "score"
        The interval: the score interval (above) or the Wald interval κ̂ ± z SE. The estimate,
        the standard errors and the test do not depend on it.

    Returns
    -------
    Kappa
        ``estimate`` agrees with ``sklearn.metrics.cohen_kappa_score(y_true, y_pred,
        weights=weights, labels=labels)``; ``std_error`` and ``null_std_error`` with the
        square roots of ``var_kappa`` and ``var_kappa0`` of statsmodels'
        ``cohens_kappa(table, wt=weights)``.

    Examples
    --------
    >>> y = [0, 0, 0, 1, 1, 1, 2, 2, 2, 2]
    >>> p = [0, 0, 1, 1, 1, 1, 2, 2, 2, 0]
    >>> k = cohen_kappa(y, p)
    >>> round(k.estimate, 4), round(k.std_error, 4)
    (0.7015, 0.1846)
    >>> k = cohen_kappa(y, p, weights="quadratic")
    >>> round(k.estimate, 4), round(k.std_error, 4), round(k.interval.low, 4)
    (0.6154, 0.2794, 0.0016)
    >>> round(cohen_kappa(y, p, weights="quadratic", method="wald").interval.low, 4)
    0.0677
    >>> k = cohen_kappa([0] * 25 + [1] * 15 + [2] * 10, [0] * 25 + [1] * 15 + [2] * 10)
    >>> k.std_error, round(k.interval.low, 3), k.interval.high  # no disagreement at all
    (0.0, 0.885, 1.0)
    """
    level = check_confidence(confidence)
    if weights is not None and (not isinstance(weights, str) or weights not in KAPPA_WEIGHTS):
        raise ValueError(f"weights must be None, 'linear' or 'quadratic'; got {shown(weights)}")
    if not isinstance(method, str) or method not in KAPPA_METHODS:
        raise ValueError(f"method must be 'score' or 'wald'; got {shown(method)}")
    classes, true_codes, pred_codes = _label_codes(y_true, y_pred, labels)
    table = _confusion_core(true_codes, pred_codes, classes.size).astype(float)
    z = float(special.ndtri(0.5 + level / 2.0))
    w = _agreement_weights(classes.size, weights)
    r = _kappa_core(table, w, z)
    if not np.isfinite(r["estimate"]):
        raise ValueError(
            "cohen_kappa is undefined (0/0) when both labelings put every item in the same single "
            "class; kappa needs at least two classes in use"
        )
    kind = "Cohen's kappa" if weights is None else f"{weights}-weighted kappa"
    values = {name: float(value) for name, value in r.items()}
    low, high = values.pop("low"), values.pop("high")
    if method == "score":
        low, high = (float(x) for x in _kappa_score_limits(table, w, z, r["estimate"]))
        name = "score interval (Fleiss, Cohen & Everitt 1969 variance at κ0, Garner 1991)"
    else:
        name = "Wald interval (Fleiss, Cohen & Everitt 1969)"
    return Kappa(
        interval=Interval(low, high, values["estimate"], level, name),
        weights=weights,
        method=f"{kind}, {name}",
        **values,
    )


# --------------------------------------------------------------------------------------------
# the no-skill baseline of average precision


def random_ranking_average_precision(positives: Any, items: Any) -> Any:
    """Expected average precision of **random** scores: the no-skill baseline of a ranking.

    With n positives among N items ranked in random order, the item at rank k is positive with
    probability n/N, and given that, the other n − 1 positives each lie above it with
    probability (k − 1)/(N − 1). Averaging the precision at each positive (the definition of
    :func:`evalkit.roc.average_precision` when there are no ties) gives

    .. math:: E[AP] = \\frac{1}{N}\\Bigl[H_N + \\frac{n-1}{N-1}\\,(N - H_N)\\Bigr]
              = \\frac{n-1}{N-1} + \\frac{(N-n)\\,H_N}{N(N-1)},

    with :math:`H_N = \\sum_{k=1}^N 1/k`: the closed form of the sum of Bestgen (2015, *Exact
    expected average precision of the random baseline for system evaluation*, Prague Bulletin
    of Mathematical Linguistics 103). It exceeds the positive rate n/N, by far when
    positives are few: 0.0019 against 0.001 for 10 in 10 000, 0.234 against 0.2 for 20 in 100.
    The positive rate is the AP of a **constant** score (one threshold, precision n/N).

    Parameters
    ----------
    positives : int or array_like of int
        n ≥ 1.
    items : int or array_like of int
        N ≥ n.

    Returns
    -------
    float or ndarray

    Examples
    --------
    >>> round(random_ranking_average_precision(20, 100), 4)
    0.2338
    >>> round(random_ranking_average_precision(10, 10_000), 5)
    0.00188
    >>> random_ranking_average_precision(1, 1)
    1.0
    """
    n = as_counts(positives, "positives", minimum=1)
    total = as_counts(items, "items", minimum=1)
    n, total = broadcast(positives=n, items=total)
    check_at_most(n, total, "positives", "items")
    harmonic = special.digamma(total + 1.0) + np.euler_gamma
    n = n.astype(float)
    total = total.astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        value = np.where(
            total > 1,
            (n - 1) / np.where(total > 1, total - 1, 1)
            + (total - n) * harmonic / (total * np.where(total > 1, total - 1, 1)),
            1.0,
        )
    return to_output(value)
