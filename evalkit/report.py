"""Evaluate your own classifiers: one call that picks the right tests and says what they mean.

Hand over the true labels of a test set and the predictions of one or two classifiers (and, if
you have them, their scores); get back every number the course teaches, each computed by the
evalkit module that owns it, with the method named and the caveats written out in sentences:

* :func:`describe_classifier` – one classifier: accuracy with Clopper–Pearson and Wilson intervals
  (:mod:`evalkit.intervals`, notebook 02), confusion matrix, per-class recall, precision and F1,
  expected cost (:mod:`evalkit.metrics`, notebook 06), ROC curve and AUC with DeLong's interval
  (:mod:`evalkit.roc`, notebook 06). With ``groups=`` (the writer, speaker or document of each
  item) the accuracy's interval is the clustered one (:func:`evalkit.clustered.accuracy_interval`,
  notebook 13).
* :func:`compare_test_sets` – two classifiers on two *different* (independent) test sets, from
  the counts alone: Boschloo's exact unconditional test (Fisher's exact test beside it, for
  comparison) and the difference of the accuracies with Newcombe's hybrid score interval
  (:mod:`evalkit.independent`, notebook 03).
* :func:`compare_classifiers` – two classifiers on the *same* test set: both descriptions, the
  paired agreement table, McNemar's mid-p test (the exact, asymptotic and corrected forms on
  request; :mod:`evalkit.paired`, notebook 04), the difference of the accuracies with Newcombe's
  paired interval (:func:`evalkit.paired.difference_interval`), and with scores DeLong's test of
  the two AUCs. With ``groups=`` the clustered McNemar test (:func:`evalkit.clustered.mcnemar`)
  and a cluster-robust interval for the difference replace McNemar's test and Newcombe's
  interval (notebook 13). Günter's paired test is kept in ``to_dict()`` only, under
  ``"guenter_liberal"``: it is liberal (notebook 04: size up to 0.0717 at 50 pairs, two-sided,
  α = 0.05), so it has no place in the summary.

The results (:class:`ClassifierReport`, :class:`Comparison`) have ``summary()`` (plain text in
sentences, to paste into a report), an HTML view for notebooks, ``to_dict()`` (JSON-ready) and
``plot()`` (a one-figure overview, or some of its panels drawn into given axes; imports
matplotlib only when called).

Rules used to choose and to warn (constants of this module, stated in every summary they affect):

* Test items are independent unless ``groups`` says otherwise, and the summary says so in one
  sentence: several items of one writer, speaker or document make every interval too narrow
  and McNemar's test liberal. In notebook 13's model (40 writers × 25 items, each writer's
  discordant items going to A with a Beta(2, 2) share) McNemar's mid-p test rejects a true null
  hypothesis in :data:`INDEPENDENCE_MCNEMAR_SIZE` = 0.21 of the test sets at α = 0.05 (measured:
  0.209, SE 0.003, 20 000 simulated test sets; ``tests/test_report.py`` repeats it).

* McNemar's test is the mid-p form by default (:data:`MCNEMAR_DEFAULT`): Fagerland, Lydersen &
  Laake (2013, BMC Medical Research Methodology 13:91) show by exact enumeration that it keeps
  close to the nominal level at every number of pairs while the exact conditional test and the
  continuity-corrected χ² are conservative (notebook 04 repeats the enumeration). The other forms
  are one argument away (``mcnemar_method``).
* "Few discordant items": b + c < :data:`FEW_DISCORDANT` (= 25): the comparison rests on those
  items alone, whatever the size of the test set.
* "Precision" (a note, not a warning): the test set is smaller than
  :func:`evalkit.intervals.trials_for_halfwidth` says is needed for a Clopper–Pearson half-width
  of ``halfwidth`` (default :data:`DEFAULT_HALFWIDTH`, ±5 points, named as the default in the
  note) at the observed accuracy (notebook 02's sample-size rule).
* The AUC's interval is DeLong's; near the bounds (AUC ≥ :data:`AUC_LOGIT_FROM` = 0.9 or ≤ 0.1)
  it is built on the logit scale (:func:`evalkit.roc.auc_interval`, ``"delong-logit"``), which
  stays inside (0, 1) where the plain form would be clipped at 1.
* "Heavy class imbalance": the largest class holds at least :data:`IMBALANCE_SHARE` (= 80 %) of
  the test items, so always predicting it already scores that accuracy (notebook 06).
* "Ties in scores": more than :data:`TIED_PAIRS_SHARE` (1 %) of the positive–negative pairs
  share a score, which the ROC curve crosses in one diagonal step and the AUC counts as one half;
  the warning says how many items are tied and how far breaking the ties could move the AUC.
"""

from __future__ import annotations

import html
import math
import warnings as pywarnings
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy import stats

from evalkit import atlas, clustered, independent, intervals, metrics, paired, roc
from evalkit._validation import (
    as_count,
    as_labels,
    as_probabilities,
    check_at_most,
    check_choice,
    check_confidence,
)
from evalkit.results import Interval, TestResult, format_pvalue

__all__ = [
    "AUC_LOGIT_FROM",
    "FEW_DISCORDANT",
    "IMBALANCE_SHARE",
    "INDEPENDENCE_MCNEMAR_SIZE",
    "MCNEMAR_DEFAULT",
    "ClassifierReport",
    "Comparison",
    "TestSetComparison",
    "compare_classifiers",
    "compare_test_sets",
    "describe_classifier",
    "paired_accuracy_difference",
]

#: McNemar's test as the report gives it unless asked otherwise (see the module docstring).
MCNEMAR_DEFAULT = "mid-p"

#: Why each form of McNemar's test is the one reported (a clause of the summary).
MCNEMAR_REASONS = {
    "mid-p": (
        "the mid-p form is reported because it keeps close to the nominal level with more power "
        "than the exact conditional test, which is conservative (Fagerland, Lydersen & Laake "
        "2013; notebook 04); mcnemar_method='exact' gives a test that never exceeds the level"
    ),
    "exact": (
        "the exact conditional (binomial) test was asked for: it never exceeds the nominal level "
        "but is conservative (Fagerland, Lydersen & Laake 2013; notebook 04)"
    ),
    "asymptotic": (
        "the χ² test without continuity correction was asked for: close to the nominal level "
        "(Fagerland, Lydersen & Laake 2013) but an approximation when b + c is small"
    ),
    "corrected": (
        "the χ² test with Edwards' continuity correction was asked for: it is even more "
        "conservative than the exact test (Fagerland, Lydersen & Laake 2013; notebook 04)"
    ),
}

#: An AUC at least this far from 1/2 (AUC ≥ 0.9 or ≤ 0.1) gets the logit-scale DeLong interval,
#: which stays inside (0, 1) and keeps its coverage near the bounds where the plain (Wald) form,
#: clipped at 1, does not (notebook 06).
AUC_LOGIT_FROM = 0.9

#: Fewer discordant items than this earn a warning: the comparison rests on those items alone.
FEW_DISCORDANT = 25

#: A test set counts as heavily imbalanced when its largest class holds at least this share.
IMBALANCE_SHARE = 0.8

#: Default precision (half-width of the accuracy's interval) the summary checks the test set for.
DEFAULT_HALFWIDTH = 0.05

#: Ties in the scores are reported when more than this share of the positive–negative pairs is
#: tied (then breaking the ties could move the AUC by more than ±0.005).
TIED_PAIRS_SHARE = 0.01

#: Type-I error of McNemar's mid-p test (α = 0.05) when 40 writers × 25 items are treated as
#: independent, in notebook 13's model (each writer's discordant items, 30 % of them, go to A
#: with a Beta(2, 2) share): measured 0.209 (SE 0.003) over 20 000 simulated test sets
#: (``tests/test_report.py::test_independence_sentence_cites_a_measured_size``).
INDEPENDENCE_MCNEMAR_SIZE = 0.21

#: Why the clustered McNemar test is the one reported when ``groups`` is given.
GROUPED_MCNEMAR_REASON = (
    "the items come in {groups} groups (groups=), so the test takes the variance of b − c from "
    "the groups instead of from b + c as McNemar's test does, which would treat the items as "
    "independent (notebook 13)"
)

#: Why Günter's paired test stays out of the summary (kept in ``to_dict()`` only).
GUENTER_NOTE = (
    "liberal: Günter's two-sided paired test exceeds the nominal level (exact size up to 0.0717 "
    "at 50 pairs, α = 0.05, notebook 04), so the report does not use it"
)

#: Name of the cluster-robust interval for the difference of the accuracies (with ``groups``).
GROUPED_DIFFERENCE_METHOD = "cluster-robust interval (CR1, t with groups − 1 df)"


# --------------------------------------------------------------------------------------------
# kept for earlier callers


def paired_accuracy_difference(table: ArrayLike, confidence: float = 0.95) -> Interval:
    """Newcombe's interval for R1 − R2 on one test set (moved to evalkit.paired).

    Kept so that earlier code keeps working: the same as
    ``paired.difference_interval(table, method="newcombe", confidence=confidence)``.

    Examples
    --------
    >>> ci = paired_accuracy_difference([[59, 6], [16, 80]])
    >>> round(ci.estimate, 4), round(ci.low, 4), round(ci.high, 4)
    (-0.0621, -0.1186, -0.0046)
    """
    return paired.difference_interval(table, method="newcombe", confidence=confidence)


# --------------------------------------------------------------------------------------------
# input checks specific to this module


def _check_predictions(y: np.ndarray, pred: Any, name: str) -> np.ndarray:
    p = as_labels(pred, name)
    if p.size != y.size:
        raise ValueError(
            f"y_true and {name} must have the same length (one entry per test item); got "
            f"{y.size} and {p.size}"
        )
    if (p.dtype.kind in "US") != (y.dtype.kind in "US"):
        raise TypeError(
            f"y_true and {name} must use the same kind of labels (both numbers or both strings); "
            f"got {y.dtype} and {p.dtype}"
        )
    return p


def _all_classes(y: np.ndarray, *predictions: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The classes of the test labels and the predictions (sorted), and test items per class.

    A classifier may predict a class that the test set lacks (a class it was trained on, say):
    that class gets a row of zeros in the confusion matrix and a warning, not an error.
    """
    classes = np.unique(np.concatenate([y, *predictions]))
    counts = np.array([np.count_nonzero(y == c) for c in classes], dtype=np.int64)
    return classes, counts


def _absent_class_warning(name: str, pred: np.ndarray, y_classes: np.ndarray) -> str | None:
    """A warning when ``pred`` uses classes that no test item has."""
    absent = np.setdiff1d(np.unique(pred), y_classes)
    if absent.size == 0:
        return None
    items = int(np.isin(pred, absent).sum())
    listed = ", ".join(repr(c.item()) for c in absent)
    return (
        f"{name} predicts {'a class' if absent.size == 1 else 'classes'} that no test item has "
        f"({listed}; on {items} of {pred.size} items, all of them errors). The confusion matrix "
        f"includes {'it' if absent.size == 1 else 'them'} with no true items; if the "
        "predictions and the labels should use the same coding, check it (test classes: "
        f"{', '.join(repr(c.item()) for c in y_classes)})."
    )


def _check_scores(value: Any, name: str, size: int) -> np.ndarray:
    if isinstance(value, (str, bytes)):
        raise TypeError(f"{name} must be a 1-D array of numbers; got {value!r}")
    arr = np.asarray(value)
    if arr.dtype == object or not (np.issubdtype(arr.dtype, np.number) or arr.dtype == bool):
        raise TypeError(
            f"{name} must be a 1-D array of real numbers; got values of type {arr.dtype}"
        )
    if np.issubdtype(arr.dtype, np.complexfloating):
        raise TypeError(f"{name} must be real; got values of type {arr.dtype}")
    if arr.ndim != 1 or arr.size != size:
        raise ValueError(
            f"{name} must hold one score per test item ({size}); got shape {arr.shape}"
        )
    arr = arr.astype(float)
    if not np.isfinite(arr).all():
        raise ValueError(f"{name} must be finite; got {arr[~np.isfinite(arr)][0].item()!r}")
    return arr


def _check_halfwidth(halfwidth: Any) -> float:
    if halfwidth is None:
        return DEFAULT_HALFWIDTH
    value = as_probabilities(halfwidth, "halfwidth", open_interval=True)
    if value.ndim != 0:
        raise ValueError(f"halfwidth must be a single number; got shape {value.shape}")
    return float(value)


def _positive_class(classes: np.ndarray, positive: Any) -> Any:
    if positive is None:
        return classes[-1]
    if not np.any(classes == positive):
        raise ValueError(
            f"positive must be one of the classes of y_true {[c.item() for c in classes]!r}; "
            f"got {positive!r}"
        )
    return classes[classes == positive][0]


def _plain(value: Any) -> Any:
    """A JSON-ready copy: NumPy → Python, NaN/inf → None, tuples → lists."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return [_plain(v) for v in value.tolist()]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def _interval_dict(ci: Interval | None) -> dict[str, Any] | None:
    if ci is None:
        return None
    out = {
        "low": ci.low,
        "high": ci.high,
        "estimate": ci.estimate,
        "confidence": ci.confidence,
        "method": ci.method,
    }
    if getattr(ci, "std_error", None) is not None:
        out["std_error"] = ci.std_error
    return out


def _test_dict(result: TestResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "method": result.method,
        "statistic_name": result.statistic_name,
        "statistic": result.statistic,
        "pvalue": result.pvalue,
        "alternative": result.alternative,
        "df": result.df,
        "estimate": result.estimate,
        "interval": _interval_dict(result.interval),
        "details": dict(result.details),
    }


def _check_groups(groups: Any, size: int) -> np.ndarray | None:
    """The group of every test item as integer codes (order of first appearance), or None."""
    if groups is None:
        return None
    if isinstance(groups, (str, bytes)) or not hasattr(groups, "__len__"):
        raise TypeError(
            f"groups must be a sequence with the group (writer, speaker, document …) of each "
            f"test item; got {groups!r:.60}"
        )
    values = groups.tolist() if isinstance(groups, np.ndarray) else list(groups)
    if isinstance(groups, np.ndarray) and groups.ndim != 1:
        raise ValueError(f"groups must be one-dimensional; got shape {groups.shape}")
    if len(values) != size:
        raise ValueError(
            f"groups must name one group per test item ({size}); got {len(values)} entries"
        )
    codes: dict[Any, int] = {}
    out = np.empty(size, dtype=np.int64)
    for i, value in enumerate(values):
        if value is None or (isinstance(value, float) and math.isnan(value)):
            raise ValueError(f"groups must not contain missing values; got {value!r} at item {i}")
        try:
            out[i] = codes.setdefault(value, len(codes))
        except TypeError:
            raise TypeError(
                f"groups must hold hashable ids (numbers, strings); got {value!r} at item {i}"
            ) from None
    if len(codes) < 2:
        raise ValueError(
            f"groups must name at least two different groups; got only {values[0]!r} (with one "
            "group there is nothing to estimate the variance between groups from)"
        )
    return out


def _quietly(what: str, function: Any, *args: Any, **kwargs: Any) -> tuple[Any, list[str]]:
    """Call ``function``; its UserWarnings become sentences ("<what>: <message>"), not warnings.

    A report states its caveats in its text; a warning that escaped would be lost in a notebook
    or a pipeline. Other warning categories are passed on unchanged.
    """
    with pywarnings.catch_warnings(record=True) as caught:
        pywarnings.simplefilter("always")
        result = function(*args, **kwargs)
    sentences = []
    for w in caught:
        if issubclass(w.category, UserWarning):
            text = str(w.message).strip()
            sentences.append(f"{what}: {text}{'' if text.endswith('.') else '.'}")
        else:
            pywarnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    return result, sentences


def _grouped_difference(
    right_a: np.ndarray, right_b: np.ndarray, codes: np.ndarray, confidence: float
) -> Interval:
    """Accuracy(A) − accuracy(B) with a cluster-robust interval over the groups.

    With d_i = b_i − c_i (items of group i only A / only B gets right), m_i items in group i,
    N = Σ m_i, k groups and D = Σ d_i / N, the linearization variance of the ratio estimator
    (Cochran 1977, *Sampling Techniques*, §6.8, eq. 6.13; the form of
    :func:`evalkit.clustered.accuracy_interval`'s ``"ratio"`` method) with the small-sample
    factor k/(k − 1) ("CR1"),

        V = k/(k − 1) · Σ_i (d_i − D·m_i)² / N²,

    and D ± t_{k−1}·√V, the t quantile with k − 1 degrees of freedom (Cameron & Miller 2015,
    *A practitioner's guide to cluster-robust inference*, J. Human Resources 50:317, §VI).
    Clipped to [−1, 1]. With one item per group it is the paired Wald interval with the variance
    scaled by N/(N − 1). Measured coverage of the 95 % interval in notebook 13's model (25
    items per writer, 30 % discordant, each writer's share for A Beta(2, 2) or Beta(3, 2);
    20 000 simulated test sets each, SE 0.0016): 0.946–0.948 with 5 writers, 0.944–0.948
    with 10, 0.947–0.948 with 20, 0.949–0.952 with 40 (the normal quantile instead of t gives
    0.871 with 5 writers). Its width is 0 when every d_i − D·m_i is 0 (no discordant items).
    """
    k = int(codes.max()) + 1
    sizes = np.bincount(codes, minlength=k).astype(float)
    d = np.bincount(codes, weights=right_a.astype(float) - right_b, minlength=k)
    n = float(sizes.sum())
    estimate = float(d.sum() / n)
    variance = k / (k - 1) * float(np.sum((d - estimate * sizes) ** 2)) / n**2
    half = float(stats.t.ppf(0.5 + confidence / 2, k - 1)) * math.sqrt(variance)
    return Interval(
        low=max(estimate - half, -1.0),
        high=min(estimate + half, 1.0),
        estimate=estimate,
        confidence=confidence,
        method=GROUPED_DIFFERENCE_METHOD,
    )


def _independence_sentence(compare: bool) -> str:
    """The one sentence that states the independence assumption (no ``groups`` given)."""
    text = (
        "The test items are assumed independent; if several come from one writer, speaker or "
        "document, pass groups= (their ids) for a clustered interval"
    )
    if not compare:
        return text + " (notebook 13)."
    return text + (
        f" and test: with 40 writers × 25 items McNemar's test rejects a true null hypothesis "
        f"in {100 * INDEPENDENCE_MCNEMAR_SIZE:g} % of test sets instead of 5 % (notebook 13)."
    )


# --------------------------------------------------------------------------------------------
# wording


def _pct(x: float) -> str:
    """A rate in percent with one decimal: 0.9649 → '96.5'."""
    return f"{100 * x:.1f}"


def _pvalue(p: float) -> str:
    """'p = 0.017', 'p = 0.75' (two decimals from 0.1 up) or 'p < 0.001'."""
    text = format_pvalue(p, 3 if p < 0.1 else 2)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def _level(confidence: float) -> str:
    return f"{100 * confidence:g} %"


def _label_text(label: Any) -> str:
    return str(label.item() if isinstance(label, np.generic) else label)


def _discordant_warning(discordant: int) -> str | None:
    if discordant == 0:
        return (
            "The two classifiers are right and wrong on exactly the same test items (b + c = 0): "
            "this test set cannot tell them apart at all."
        )
    if discordant < FEW_DISCORDANT:
        return (
            f"Only {discordant} test {'item is' if discordant == 1 else 'items are'} discordant "
            f"(b + c = {discordant} < {FEW_DISCORDANT}): the comparison rests on these items "
            "alone, whatever the size of the test set, so only a large difference can show."
        )
    return None


def _imbalance_warning(classes: np.ndarray, class_counts: np.ndarray) -> str | None:
    n = int(class_counts.sum())
    largest = int(np.argmax(class_counts))
    share = class_counts[largest] / n
    if share < IMBALANCE_SHARE:
        return None
    return (
        f"Heavy class imbalance: {_pct(share)} % of the test items belong to class "
        f"{_label_text(classes[largest])}, so always predicting that class already scores "
        f"{_pct(share)} % accuracy. Accuracy is misleading here; read the per-class recall and "
        "precision (and the cost, if errors differ in price)."
    )


def _ties_warning(name: str, scores: np.ndarray, is_positive: np.ndarray) -> str | None:
    """A warning when ties between a positive and a negative item can move the AUC.

    Ties within one class do not change the AUC; a positive and a negative with the same score
    count as one half. Breaking every such tie in favour of the positives (or of the negatives)
    would move the AUC up (down) by half the share of tied positive–negative pairs; the warning
    fires when that share exceeds :data:`TIED_PAIRS_SHARE`.
    """
    values, inverse, counts = np.unique(scores, return_inverse=True, return_counts=True)
    positives = np.bincount(inverse, weights=is_positive.astype(float), minlength=values.size)
    negatives = counts - positives
    pairs = float(is_positive.sum()) * float((~is_positive).sum())
    share = float(positives @ negatives) / pairs
    if share <= TIED_PAIRS_SHARE:
        return None
    tied = int(counts[counts > 1].sum())
    return (
        f"Ties in the scores of {name}: {tied} of {scores.size} test items share their score with "
        f"another item ({counts.size} distinct scores), and {100 * share:.1f} % of the "
        "positive–negative pairs are tied, which the AUC counts as one half: breaking those ties "
        f"one way or the other would move the AUC by up to ±{share / 2:.3f}. A finer score "
        "would separate them: a probability rather than a vote count, a log-odds or decision "
        "value rather than a probability that saturates at 0 or 1."
    )


def _size_note(
    size: int,
    needed: dict[str, int],
    halfwidths: dict[str, float],
    target: float,
    level: str,
    default: bool,
    grouped: bool = False,
) -> str | None:
    """Information (not a warning): the test set is smaller than a target precision needs."""
    most = max(needed.values())
    if most <= size:
        return None
    widths = ", ".join(f"±{_pct(h)} points ({name})" for name, h in halfwidths.items())
    origin = (
        "the report's default target, halfwidth=0.05; pass halfwidth=… to state your own"
        if default
        else "the halfwidth you asked for"
    )
    kind, rule = "Clopper–Pearson", "intervals.trials_for_halfwidth, the sample-size rule of "
    rule += "notebook 02"
    if grouped:
        kind = "clustered"
        rule += ", times the design effect, at the same number of items per group"
    return (
        f"Precision: with {size} items the {level} {kind} intervals of the accuracy "
        f"are {widths}. A precision of ±{_pct(target)} points ({origin}) would need about "
        f"{most} test items ({rule})."
    )


def _difference_sentence(
    d: Interval, names: tuple[str, str], confidence: float, where: str, cannot: str, method: str
) -> str:
    """'A is more accurate than B by 4.2 points (95 % CI … points, <method>; <verdict>).'"""
    name_a, name_b = names
    if d.estimate == 0:
        head = f"{name_a} and {name_b} are equally accurate {where}"
        low, high = d.low, d.high
    else:
        better, worse = (name_a, name_b) if d.estimate > 0 else (name_b, name_a)
        sign = 1 if d.estimate > 0 else -1
        low, high = sorted((sign * d.low, sign * d.high))
        head = f"{better} is more accurate than {worse} by {_pct(abs(d.estimate))} points"
    verdict = (
        "the interval excludes 0"
        if (low > 0 or high < 0)
        else f"the interval includes 0, so {cannot} tell which is more accurate"
    )
    return (
        f"{head} ({_level(confidence)} CI {_pct(low)} to {_pct(high)} points, {method}; {verdict})."
    )


def _borderline_sentence(difference: Interval, pvalue: float, test: str) -> str | None:
    """A note when the difference's interval and the test point different ways (else None)."""
    alpha = 1 - difference.confidence
    excludes = difference.low > 0 or difference.high < 0
    if excludes == (pvalue < alpha):
        return None
    if excludes:
        first = f"The interval excludes 0 but {test} does not reach p < {alpha:g}"
    else:
        first = f"{test[0].upper()}{test[1:]} gives p < {alpha:g} but the interval includes 0"
    return (
        f"{first}: the evidence is borderline at the {100 * alpha:g} % level (the two methods "
        "approximate differently), so do not claim a difference on this evidence alone."
    )


# --------------------------------------------------------------------------------------------
# one classifier


@dataclass(frozen=True, eq=False)
class ClassifierReport:
    """Everything :func:`describe_classifier` computes for one classifier on one test set.

    Attributes
    ----------
    name : str
    size : int
        Number of test items n.
    correct : int
        Number classified correctly.
    accuracy : float
        correct / n (:func:`evalkit.metrics.accuracy` of the confusion matrix).
    clopper_pearson, wilson : Interval
        Intervals for the accuracy (:mod:`evalkit.intervals`).
    classes : tuple
        The classes (sorted), the order of the rows and columns of ``confusion``.
    class_counts : ndarray
        Test items per true class.
    confusion : ndarray
        Rows = true class, columns = predicted class (:func:`evalkit.metrics.confusion_matrix`).
    recall, precision, f1 : ndarray
        Per class (NaN where a class is never predicted, for precision).
    cost, total_cost : float or None
        Average and total cost under the cost matrix, if one was given.
    positive : label or None
        The class the scores rank (binary problems with scores only).
    roc_curve : RocCurve or None
    auc : AucInterval or None
        AUC with DeLong's interval, on the logit scale when the AUC is at least
        :data:`AUC_LOGIT_FROM` or at most 1 − :data:`AUC_LOGIT_FROM` (near 1 or 0).
    halfwidth : float
        The precision the test-set size was checked for.
    trials_needed : int
        Test items needed for a Clopper–Pearson half-width ``halfwidth`` at this accuracy.
    confidence : float
    warnings : tuple of str
        What may make the numbers mislead (imbalance, ties that move the AUC, …).
    notes : tuple of str
        Information that is not a warning (the precision the test set allows).
    groups : int or None
        Number of groups (writers, speakers …) when ``groups=`` was given, else None.
    clustered : Interval or None
        With groups: the accuracy's interval for grouped items
        (:func:`evalkit.clustered.accuracy_interval`, its default method).
    design_effect, effective_size : float or None
        With groups: the design effect and N / deff (:func:`evalkit.clustered.design_effect`).
        ``trials_needed`` is then the independent items needed times the design effect.
    """

    name: str
    size: int
    correct: int
    accuracy: float
    clopper_pearson: Interval
    wilson: Interval
    classes: tuple
    class_counts: np.ndarray
    confusion: np.ndarray
    recall: np.ndarray
    precision: np.ndarray
    f1: np.ndarray
    cost: float | None
    total_cost: float | None
    positive: Any
    roc_curve: roc.RocCurve | None
    auc: roc.AucInterval | None
    halfwidth: float
    trials_needed: int
    confidence: float
    warnings: tuple[str, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())
    groups: int | None = None
    clustered: Interval | None = None
    design_effect: float | None = None
    effective_size: float | None = None

    # ---- text

    def accuracy_sentence(self) -> str:
        """'A: 96.5 % correct (275 of 285; 95 % CI 93.6 to 98.3, Clopper–Pearson; …)'."""
        cp, w = self.clopper_pearson, self.wilson
        if self.clustered is not None:
            ci = self.clustered
            return (
                f"{self.name}: {_pct(self.accuracy)} % correct ({self.correct} of {self.size} "
                f"items in {self.groups} groups; {_level(self.confidence)} CI {_pct(ci.low)} to "
                f"{_pct(ci.high)}, {ci.method} interval for grouped items; design effect "
                f"{self.design_effect:.2f}, so the items are worth about "
                f"{self.effective_size:.0f} independent ones)."
            )
        return (
            f"{self.name}: {_pct(self.accuracy)} % correct ({self.correct} of {self.size}; "
            f"{_level(self.confidence)} CI {_pct(cp.low)} to {_pct(cp.high)} Clopper–Pearson, "
            f"{_pct(w.low)} to {_pct(w.high)} Wilson)."
        )

    def class_sentence(self) -> str:
        parts = []
        for k, label in enumerate(self.classes):
            vals = (self.recall[k], self.precision[k], self.f1[k])
            txt = " / ".join("–" if not math.isfinite(v) else f"{v:.2f}" for v in vals)
            parts.append(f"class {_label_text(label)}: {txt}")
        return f"{self.name} per class (recall / precision / F1): " + "; ".join(parts) + "."

    def auc_sentence(self) -> str | None:
        if self.auc is None:
            return None
        ci = self.auc
        form = "DeLong"
        if _auc_method(ci.estimate) == "delong-logit":
            form += f", on the logit scale because the AUC is near {round(ci.estimate)}"
        return (
            f"AUC of {self.name} (class {_label_text(self.positive)} positive): "
            f"{ci.estimate:.3f} ({_level(self.confidence)} CI {ci.low:.3f} to {ci.high:.3f}, "
            f"{form})."
        )

    def independence_sentence(self) -> str | None:
        """Without ``groups``: the one sentence saying the items are assumed independent."""
        return None if self.groups is not None else _independence_sentence(compare=False)

    def summary(self) -> str:
        """The report in sentences (plain text)."""
        lines = [
            f"Evaluation of {self.name} on {self.size} test items "
            f"({_level(self.confidence)} confidence).",
            "",
            "Accuracy: " + self.accuracy_sentence(),
            self.independence_sentence(),
            self.class_sentence(),
        ]
        lines = [line for line in lines if line is not None]
        if self.cost is not None:
            lines.append(
                f"Cost under the given cost matrix: {self.total_cost:.6g} in total, "
                f"{self.cost:.3g} per test item."
            )
        if self.auc is not None:
            lines.append(self.auc_sentence())
        lines += _listed("Warnings", self.warnings) + _listed("Notes", self.notes)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        cp = self.clopper_pearson
        return (
            f"<ClassifierReport {self.name!r}: accuracy {self.accuracy:.4f} on {self.size} items, "
            f"{_level(self.confidence)} CI {cp.low:.4f} to {cp.high:.4f}, "
            f"{len(self.warnings)} warning(s)>"
        )

    def to_dict(self) -> dict[str, Any]:
        """All numbers as plain Python values (JSON-ready; NaN becomes None)."""
        out = {
            "name": self.name,
            "size": self.size,
            "correct": self.correct,
            "accuracy": self.accuracy,
            "confidence": self.confidence,
            "clopper_pearson": _interval_dict(self.clopper_pearson),
            "wilson": _interval_dict(self.wilson),
            "classes": list(self.classes),
            "class_counts": self.class_counts,
            "confusion": self.confusion,
            "recall": self.recall,
            "precision": self.precision,
            "f1": self.f1,
            "cost": self.cost,
            "total_cost": self.total_cost,
            "positive": self.positive,
            "auc": _interval_dict(self.auc),
            "roc_curve": None
            if self.roc_curve is None
            else {"fpr": self.roc_curve.fpr, "tpr": self.roc_curve.tpr},
            "halfwidth": self.halfwidth,
            "trials_needed": self.trials_needed,
            "groups": self.groups,
            "clustered_interval": _interval_dict(self.clustered),
            "design_effect": self.design_effect,
            "effective_size": self.effective_size,
            "items_assumed_independent": self.groups is None,
            "warnings": list(self.warnings),
            "notes": list(self.notes),
            "summary": self.summary(),
        }
        return _plain(out)

    def _repr_html_(self) -> str:
        return _html_page(f"{self.name}: evaluation on {self.size} test items", [self], None)

    def plot(self, axes: Any = None, *, legend_loc: str = "best") -> Any:
        """One figure: accuracy interval, confusion matrix and (with scores) the ROC curve.

        Parameters
        ----------
        axes : sequence of 3 matplotlib Axes, or dict, optional
            Draw the three panels ``"accuracy"``, ``"confusion"`` (the confusion matrix) and
            ``"roc"`` (with scores) or ``"recall"`` (recall per class, without) into these
            axes, in this order, instead of a new figure; or only some of them, as a dict
            ``{panel name: Axes}``. What an earlier call drew in these axes is replaced (their
            ticks are kept), so a widget can make its figure once and call ``plot`` again
            with the same axes on every update. By default a new 12 × 3.8 in figure with
            constrained layout.
        legend_loc : str
            Where the legend of the accuracy panel goes (a ``loc`` of
            :meth:`matplotlib.axes.Axes.legend`). The default ``"best"`` searches for the
            emptiest spot, which is slow; a figure redrawn often should name a fixed place
            such as ``"center right"`` (between the rows, where no interval is drawn).

        Returns
        -------
        matplotlib.figure.Figure
            The new figure, or the one that holds ``axes``.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> r = describe_classifier([0, 0, 1, 1, 1], [0, 1, 1, 1, 1])
        >>> fig = Figure(figsize=(9, 3))
        >>> panels = fig.subplots(1, 3)
        >>> r.plot(axes=panels, legend_loc="center right") is fig
        True
        >>> panels[1].get_title()
        'Confusion matrix (counts)'
        """
        return _plot([self], None, axes, legend_loc)


def _test_labels(y_true: Any) -> tuple[np.ndarray, np.ndarray]:
    """The true labels and their classes (at least two)."""
    y = as_labels(y_true, "y_true")
    classes = np.unique(y)
    if classes.size < 2:
        raise ValueError(
            f"y_true must contain at least two classes; got only {classes[0].item()!r}"
        )
    return y, classes


def _describe(
    y: np.ndarray,
    classes: np.ndarray,
    class_counts: np.ndarray,
    pred: np.ndarray,
    scores: np.ndarray | None,
    *,
    name: str,
    confidence: float,
    cost: Any,
    positive: Any,
    halfwidth: float,
    groups: np.ndarray | None = None,
) -> ClassifierReport:
    confusion = metrics.confusion_matrix(y, pred, labels=classes)
    correct = int(np.trace(confusion))
    size = int(y.size)
    cost_avg = total = None
    if cost is not None:
        total = float(metrics.expected_cost(confusion, cost))
        cost_avg = float(metrics.expected_cost(confusion, cost, average=True))
    curve = auc_ci = None
    if scores is not None:
        is_positive = y == positive
        curve = roc.roc_curve(scores, is_positive)
        auc_ci = roc.auc_interval(
            scores,
            is_positive,
            method=_auc_method(roc.auc(scores, is_positive)),
            confidence=confidence,
        )
    accuracy = float(metrics.accuracy(confusion))
    needed = int(intervals.trials_for_halfwidth(halfwidth, accuracy, confidence))
    nan = float("nan")
    grouped: dict[str, Any] = {}
    messages: list[str] = []
    if groups is not None:
        right = pred == y
        ci, said = _quietly(
            f"The clustered interval of {name}",
            clustered.accuracy_interval,
            right,
            groups,
            confidence=confidence,
        )
        design, said_too = _quietly(
            f"The design effect of {name}", clustered.design_effect, right, groups
        )
        messages = said + said_too
        grouped = dict(
            groups=int(groups.max()) + 1,
            clustered=ci,
            design_effect=float(design.design_effect),
            effective_size=float(design.effective_size),
        )
        # Kish's rule: a clustered test set needs deff times the independent items
        needed = math.ceil(needed * design.design_effect - 1e-9)
    return ClassifierReport(
        name=name,
        size=size,
        correct=correct,
        accuracy=accuracy,
        clopper_pearson=intervals.clopper_pearson(correct, size, confidence),
        wilson=intervals.wilson(correct, size, confidence),
        classes=tuple(c.item() for c in classes),
        class_counts=class_counts.astype(np.int64),
        confusion=confusion,
        recall=np.asarray(metrics.recall(confusion, zero_division=nan)),
        precision=np.asarray(metrics.precision(confusion, zero_division=nan)),
        f1=np.asarray(metrics.f_measure(confusion, zero_division=nan)),
        cost=cost_avg,
        total_cost=total,
        positive=None if scores is None else positive.item(),
        roc_curve=curve,
        auc=auc_ci,
        halfwidth=halfwidth,
        trials_needed=needed,
        confidence=confidence,
        warnings=tuple(messages),
        **grouped,
    )


def _half_width(report: ClassifierReport) -> float:
    """Half the width of the accuracy's interval: the clustered one with groups, else CP's."""
    ci = report.clustered if report.clustered is not None else report.clopper_pearson
    return (ci.high - ci.low) / 2


def _auc_method(area: float) -> str:
    """DeLong's interval on the logit scale near 0 or 1 (see :data:`AUC_LOGIT_FROM`), else plain."""
    near_bound = area >= AUC_LOGIT_FROM or area <= 1 - AUC_LOGIT_FROM
    return "delong-logit" if near_bound else "delong"


def _check_name(name: Any, what: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise TypeError(f"{what} must be a non-empty string; got {name!r}")
    return name


def _needs_binary(classes: np.ndarray, which: str) -> None:
    if classes.size != 2:
        raise ValueError(
            f"{which} can only be used with two classes (a ROC curve ranks one class against the "
            f"other); y_true has {classes.size}: {[c.item() for c in classes]!r}"
        )


def describe_classifier(
    y_true: ArrayLike,
    pred: ArrayLike,
    scores: ArrayLike | None = None,
    *,
    name: str = "classifier",
    confidence: float = 0.95,
    cost: ArrayLike | None = None,
    positive: Any = None,
    halfwidth: float | None = None,
    groups: ArrayLike | None = None,
) -> ClassifierReport:
    """Evaluate one classifier on a test set: accuracy with intervals, per-class measures, ROC.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True class of each test item (numbers or strings); at least two classes.
    pred : array_like, shape (n,)
        Predicted class of each item. A class that no test item has is allowed: it gets its
        row and column in the confusion matrix, and a warning.
    scores : array_like, shape (n,), optional
        A score per item, higher = more likely ``positive`` (two classes only).
    name : str
        The classifier's name in the text.
    confidence : float
        Level of every interval.
    cost : array_like, shape (M, M), optional
        ``cost[i, j]`` = cost of predicting class j for an item of true class i, classes in
        sorted order — the classes of ``y_true`` and of the predictions together
        (:func:`evalkit.metrics.expected_cost`).
    positive : label, optional
        The class the scores are for; default: the last class in sorted order (1 of 0/1).
    halfwidth : float, optional
        The precision (half-width of the accuracy's interval) to check the test-set size for;
        default :data:`DEFAULT_HALFWIDTH` (±5 points), named as the default in the note.
    groups : array_like, shape (n,), optional
        The group of each test item — its writer, speaker, document … (numbers or strings), at
        least two groups. With it the accuracy gets the clustered interval
        (:func:`evalkit.clustered.accuracy_interval`) and the design effect
        (:func:`evalkit.clustered.design_effect`), and the summary uses them; what those
        functions warn about (few groups, say) becomes a sentence of ``warnings``. Without it
        the summary says in one sentence that the items are assumed independent. The AUC's
        interval still treats the items as independent (a warning says so).

    Returns
    -------
    ClassifierReport

    Examples
    --------
    >>> r = describe_classifier([0, 0, 1, 1, 1, 0, 1, 0], [0, 1, 1, 1, 0, 0, 1, 0], name="M")
    >>> r.correct, r.size, round(r.clopper_pearson.low, 4)
    (6, 8, 0.3491)
    >>> print(r.accuracy_sentence())
    M: 75.0 % correct (6 of 8; 95 % CI 34.9 to 96.8 Clopper–Pearson, 40.9 to 92.9 Wilson).

    Items from three writers, one of whom the classifier fails on:

    >>> y = [0, 1] * 6
    >>> r = describe_classifier(y, y[:8] + [1, 0, 1, 0], groups=["a"] * 4 + ["b"] * 4 + ["c"] * 4)
    >>> r.groups, round(r.design_effect, 2), r.clustered.method
    (3, 4.0, 'wilson-effective')
    """
    level = check_confidence(confidence)
    target = _check_halfwidth(halfwidth)
    name = _check_name(name, "name")
    y, y_classes = _test_labels(y_true)
    p = _check_predictions(y, pred, "pred")
    codes = _check_groups(groups, y.size)
    classes, counts = _all_classes(y, p)
    s = None
    pos = None
    if scores is not None:
        _needs_binary(y_classes, "scores")
        s = _check_scores(scores, "scores", y.size)
        pos = _positive_class(y_classes, positive)
    report = _describe(
        y,
        classes,
        counts,
        p,
        s,
        name=name,
        confidence=level,
        cost=cost,
        positive=pos,
        halfwidth=target,
        groups=codes,
    )
    warnings = [
        *report.warnings,
        _absent_class_warning(name, p, y_classes),
        _imbalance_warning(classes, counts),
        None if s is None else _ties_warning(name, s, y == pos),
        _grouped_auc_warning(codes is not None and s is not None),
        *_atlas_warnings(report, level),
    ]
    notes = [
        _size_note(
            report.size,
            {name: report.trials_needed},
            {name: _half_width(report)},
            target,
            _level(level),
            halfwidth is None,
            codes is not None,
        )
    ]
    return _with_warnings(report, warnings, notes)


# --------------------------------------------------------------------------------------------
# the coverage atlas: where a chosen interval or test is known to fall short here

#: how far below 95 % (or above 5 %) a method may measure before the report says so
ATLAS_MARGIN = 0.02


def _atlas_warnings(
    report: ClassifierReport, confidence: float, comparison: dict[str, Any] | None = None
) -> list[str]:
    """Sentences for the methods whose measured coverage (or size) at the nearest setting of
    the coverage atlas (:mod:`evalkit.atlas`) misses nominal by more than ``ATLAS_MARGIN``,
    each with the alternative that holds. Only at the 95 % level, which the atlas measures."""
    if not math.isclose(confidence, 0.95) or report.clustered is not None:
        return []
    out = []
    # a perfect (or null) score is read half an item from the edge, as near-perfect (where
    # Wilson's interval dips), rather than as exactly 1, which no setting measures
    rate = report.accuracy
    if report.correct in (0, report.size):
        rate = (report.correct + 0.5) / (report.size + 1)
    wilson = atlas.shortfall_note(
        "intervals.wilson", margin=ATLAS_MARGIN, label="Wilson's interval", K=report.size, p=rate
    )
    if wilson:
        out.append(f"{report.name}: {wilson} Clopper–Pearson's interval, shown beside it, holds.")
    if report.auc is not None:
        n_pos = int(report.class_counts[list(report.classes).index(report.positive)])
        note = atlas.shortfall_note(
            "roc.auc_interval",
            _auc_method(float(report.auc.estimate)),
            margin=ATLAS_MARGIN,
            label=f"the AUC's {report.auc.method} interval",
            n_pos=n_pos,
            n_neg=report.size - n_pos,
            AUC=float(report.auc.estimate),
        )
        if note:
            out.append(f"{report.name}: {note}")
    return out


def _atlas_comparison_warnings(
    table: np.ndarray, mcnemar_method: str, confidence: float
) -> list[str]:
    """The atlas's word on the paired difference interval and McNemar's test at this table."""
    (a, b), (c, d) = np.asarray(table, dtype=float).tolist()
    n = a + b + c + d
    out = []
    if math.isclose(confidence, 0.95):
        note = atlas.shortfall_note(
            "paired.difference_interval",
            "newcombe",
            margin=ATLAS_MARGIN,
            label="Newcombe's interval for the difference",
            N=n,
            p_b=b / n,
            p_c=c / n,
        )
        if note:
            out.append(note + " Tango's interval (paired.difference_interval(method='tango')) "
                       "holds better there.")  # fmt: skip
    note = atlas.shortfall_note(
        "paired.mcnemar",
        mcnemar_method,
        margin=ATLAS_MARGIN,
        label=f"McNemar's {mcnemar_method} test",
        N=n,
        p_only=(b + c) / (2 * n),
    )
    if note:
        out.append(note + " McNemar's exact test (--mcnemar exact) never exceeds the level.")
    return out


def _grouped_auc_warning(applies: bool) -> str | None:
    """With groups and scores: the AUC's interval (and DeLong's test) assume independent items."""
    if not applies:
        return None
    return (
        "The AUC's interval and DeLong's test treat the items as independent; with several "
        "items per group they are too narrow (there is no clustered version here; a cluster "
        "bootstrap of the AUC would be one, evalkit.bootstrap with whole groups resampled)."
    )


def _with_warnings(report: Any, warnings: list[str | None], notes: list[str | None]) -> Any:
    return replace(
        report,
        warnings=tuple(w for w in warnings if w),
        notes=tuple(n for n in notes if n),
    )


def _listed(title: str, items: tuple[str, ...]) -> list[str]:
    """``["", "Title:", "- item", …]``, or nothing when there are no items."""
    return ["", f"{title}:"] + [f"- {item}" for item in items] if items else []


# --------------------------------------------------------------------------------------------
# two classifiers


@dataclass(frozen=True, eq=False)
class Comparison:
    """Two classifiers on the same test set: what :func:`compare_classifiers` returns.

    Attributes
    ----------
    names : tuple of str
    size : int
    confidence : float
    a, b : ClassifierReport
        Each classifier on its own (see :func:`describe_classifier`).
    agreement : ndarray, shape (2, 2)
        ``[[both right, only A right], [only B right, both wrong]]``
        (:func:`evalkit.paired.agreement_table`).
    mcnemar : TestResult
        McNemar's test (:func:`evalkit.paired.mcnemar`), mid-p unless ``mcnemar_method`` said
        otherwise.
    mcnemar_reason : str
        Why that form was used.
    guenter : TestResult
        Günter's paired test, two-sided (:func:`evalkit.paired.paired_test`). It is liberal
        (notebook 04: size up to 0.0717 at 50 pairs, α = 0.05), so the summary and the HTML
        view leave it out; ``to_dict()`` keeps it as ``"guenter_liberal"``.
    difference : Interval
        Accuracy of A minus accuracy of B with Newcombe's paired interval
        (:func:`evalkit.paired.difference_interval`); with groups, the cluster-robust interval
        (:data:`GROUPED_DIFFERENCE_METHOD`).
    delong : TestResult or None
        DeLong's test of AUC(A) = AUC(B) (:func:`evalkit.roc.delong_test`), with scores.
    warnings : tuple of str
        What may make the numbers mislead (few discordant items, imbalance, ties, …).
    notes : tuple of str
        Information that is not a warning (the precision the test set allows).
    groups : int or None
        Number of groups when ``groups=`` was given (then ``mcnemar`` is
        :func:`evalkit.clustered.mcnemar`), else None.
    """

    names: tuple[str, str]
    size: int
    confidence: float
    a: ClassifierReport
    b: ClassifierReport
    agreement: np.ndarray
    mcnemar: TestResult
    mcnemar_reason: str
    guenter: TestResult
    difference: Interval
    delong: TestResult | None
    warnings: tuple[str, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())
    groups: int | None = None

    @property
    def discordant(self) -> int:
        """b + c: the items on which exactly one classifier is right."""
        return int(self.agreement[0, 1] + self.agreement[1, 0])

    def difference_sentence(self) -> str:
        method = "Newcombe's paired score interval"
        if self.groups is not None:
            method = f"{self.difference.method} over the {self.groups} groups"
        return _difference_sentence(
            self.difference,
            self.names,
            self.confidence,
            "on this test set",
            "the test set cannot",
            method,
        )

    def independence_sentence(self) -> str | None:
        """Without ``groups``: the one sentence saying the items are assumed independent."""
        return None if self.groups is not None else _independence_sentence(compare=True)

    def agreement_sentence(self) -> str:
        (both, only_a), (only_b, neither) = self.agreement.tolist()
        name_a, name_b = self.names
        return (
            f"The classifiers agree on {both + neither} items (both right {both}, both wrong "
            f"{neither}) and disagree on {only_a + only_b}: only {name_a} right on {only_a}, only "
            f"{name_b} right on {only_b}."
        )

    def mcnemar_sentence(self) -> str:
        r = self.mcnemar
        if r.statistic_name == "chi2":
            stat = f"χ² = {r.statistic:.2f}, "
        else:
            stat = ""
        return f"{r.method}: {stat}{_pvalue(r.pvalue)} (two-sided); {self.mcnemar_reason}."

    def borderline_sentence(self) -> str | None:
        """A note when the interval and McNemar's test point different ways (else None)."""
        return _borderline_sentence(self.difference, self.mcnemar.pvalue, "McNemar's test")

    def delong_sentence(self) -> str | None:
        if self.delong is None:
            return None
        r = self.delong
        ci = r.interval
        return (
            f"DeLong's test of equal AUCs: difference {self.names[0]} − {self.names[1]} = "
            f"{r.estimate:.3f} ({_level(self.confidence)} CI {ci.low:.3f} to {ci.high:.3f}), "
            f"z = {r.statistic:.2f}, {_pvalue(r.pvalue)}."
        )

    def summary(self) -> str:
        """The comparison in sentences (plain text, ready to paste into a report)."""
        a, b = self.a, self.b
        lines = [
            f"Comparison of {self.names[0]} and {self.names[1]} on the same {self.size} test "
            f"items ({_level(self.confidence)} confidence).",
            "",
            self.difference_sentence(),
            "Accuracy: " + a.accuracy_sentence() + " " + b.accuracy_sentence(),
            self.agreement_sentence(),
            self.mcnemar_sentence(),
            self.borderline_sentence(),
            self.independence_sentence(),
            a.class_sentence(),
            b.class_sentence(),
        ]
        if a.cost is not None:
            lines.append(
                f"Cost per test item under the given cost matrix: {a.name} {a.cost:.3g}, "
                f"{b.name} {b.cost:.3g} (totals {a.total_cost:.6g} and {b.total_cost:.6g})."
            )
        if self.delong is not None:
            lines += [a.auc_sentence(), b.auc_sentence(), self.delong_sentence()]
        lines += _listed("Warnings", self.warnings) + _listed("Notes", self.notes)
        return "\n".join(line for line in lines if line is not None)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        d = self.difference
        return (
            f"<Comparison {self.names[0]!r} vs {self.names[1]!r} on {self.size} items: accuracy "
            f"difference {d.estimate:.4f} ({_level(self.confidence)} CI {d.low:.4f} to "
            f"{d.high:.4f}), McNemar p = {self.mcnemar.pvalue:.4g}, "
            f"{len(self.warnings)} warning(s)>"
        )

    def to_dict(self) -> dict[str, Any]:
        """All numbers as plain Python values (JSON-ready; NaN becomes None)."""
        a_dict = self.a.to_dict()
        b_dict = self.b.to_dict()
        for d in (a_dict, b_dict):
            d.pop("summary")
        out = {
            "names": list(self.names),
            "size": self.size,
            "confidence": self.confidence,
            "a": a_dict,
            "b": b_dict,
            "agreement": self.agreement,
            "discordant": self.discordant,
            "mcnemar": _test_dict(self.mcnemar),
            "mcnemar_reason": self.mcnemar_reason,
            "guenter_liberal": {
                **_test_dict(self.guenter),
                "note": GUENTER_NOTE,
            },
            "difference": _interval_dict(self.difference),
            "groups": self.groups,
            "items_assumed_independent": self.groups is None,
            "delong": _test_dict(self.delong),
            "warnings": list(self.warnings),
            "notes": list(self.notes),
            "summary": self.summary(),
        }
        return _plain(out)

    def _repr_html_(self) -> str:
        title = f"{self.names[0]} vs {self.names[1]} on the same {self.size} test items"
        return _html_page(title, [self.a, self.b], self)

    def plot(self, axes: Any = None, *, legend_loc: str = "best") -> Any:
        """One figure: accuracies and their difference, agreement table, ROC curves.

        Parameters
        ----------
        axes : 2 × 2 grid (or sequence of 4) of matplotlib Axes, or dict, optional
            Draw the four panels ``"accuracy"``, ``"difference"``, ``"agreement"`` (the paired
            table) and ``"roc"`` (with scores) or ``"recall"`` (recall per class, without) into
            these axes, row by row, instead of a new figure; or only some of them, as a dict
            ``{panel name: Axes}``. What an earlier call drew in these axes is replaced (their
            ticks are kept), so a widget can make its figure once and call ``plot`` again
            with the same axes on every update. By default a new 10 × 7.2 in figure with
            constrained layout.
        legend_loc : str
            Where the legend of the accuracy panel goes (a ``loc`` of
            :meth:`matplotlib.axes.Axes.legend`). The default ``"best"`` searches for the
            emptiest spot, which is slow; a figure redrawn often should name a fixed place
            such as ``"center right"`` (between the rows, where no interval is drawn).

        Returns
        -------
        matplotlib.figure.Figure
            The new figure, or the one that holds ``axes``.

        Examples
        --------
        >>> from matplotlib.figure import Figure
        >>> c = compare_classifiers([0, 0, 1, 1, 1, 1], [0, 1, 1, 1, 1, 0], [0, 0, 1, 1, 0, 0])
        >>> fig = Figure(figsize=(10, 7))
        >>> panels = fig.subplots(2, 2)
        >>> c.plot(axes=panels, legend_loc="center right") is fig
        True
        >>> panels[1, 0].get_title()
        'Agreement: 2 discordant items'

        The top row only, into a figure of two axes:

        >>> left, right = Figure(figsize=(10, 3.6)).subplots(1, 2)
        >>> _ = c.plot(axes={"accuracy": left, "difference": right}, legend_loc="center right")
        >>> right.get_title()
        'Difference; McNemar p = 1.00'
        """
        return _plot([self.a, self.b], self, axes, legend_loc)


def compare_classifiers(
    y_true: ArrayLike,
    pred_a: ArrayLike,
    pred_b: ArrayLike,
    *,
    scores_a: ArrayLike | None = None,
    scores_b: ArrayLike | None = None,
    names: tuple[str, str] = ("A", "B"),
    confidence: float = 0.95,
    cost: ArrayLike | None = None,
    positive: Any = None,
    halfwidth: float | None = None,
    mcnemar_method: str = MCNEMAR_DEFAULT,
    groups: ArrayLike | None = None,
) -> Comparison:
    """Compare two classifiers on the same test set, with the right tests and the caveats.

    What is computed, and by which module (each number equals a direct call):

    * accuracy of each with Clopper–Pearson and Wilson intervals (:mod:`evalkit.intervals`);
    * the agreement table (:func:`evalkit.paired.agreement_table`); McNemar's test
      (:func:`evalkit.paired.mcnemar`), mid-p unless ``mcnemar_method`` says otherwise;
      Günter's paired test, two-sided (:func:`evalkit.paired.paired_test`), in ``to_dict()``
      only, as ``"guenter_liberal"`` (its size reaches 0.0717 at 50 pairs, notebook 04);
    * accuracy(A) − accuracy(B) with Newcombe's paired interval
      (:func:`evalkit.paired.difference_interval`);
    * with ``groups`` (the writer, speaker or document of each item): each accuracy's clustered
      interval and design effect (:mod:`evalkit.clustered`), the clustered McNemar test
      (:func:`evalkit.clustered.mcnemar`) instead of McNemar's, and a cluster-robust interval
      for the difference instead of Newcombe's (coverage 0.944–0.952 measured with 5–40
      writers of 25 items; see :data:`GROUPED_DIFFERENCE_METHOD`). Without ``groups`` the
      summary says in one sentence that the items are assumed independent: in notebook 13's
      model with 40 writers × 25 items McNemar's test rejects a true null hypothesis in 21 % of
      test sets (:data:`INDEPENDENCE_MCNEMAR_SIZE`).
    * per-class recall, precision, F1 and (with ``cost``) the cost (:mod:`evalkit.metrics`);
    * with ``scores_a`` and ``scores_b``: ROC curves, AUCs with DeLong intervals and DeLong's
      test (:mod:`evalkit.roc`).

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True classes (numbers or strings), at least two.
    pred_a, pred_b : array_like, shape (n,)
        Predictions of the two classifiers on the same items, in the same order.
    scores_a, scores_b : array_like, shape (n,), optional
        Scores (higher = more likely ``positive``); both or neither; two classes only.
    names : (str, str)
        Names of the classifiers in the text.
    confidence : float
        Level of every interval.
    cost : array_like, shape (M, M), optional
        Cost matrix, rows = true class, columns = predicted class, classes in sorted order (those
        of ``y_true`` and of the predictions together).
    positive : label, optional
        The class the scores are for; default: the last class in sorted order.
    halfwidth : float, optional
        The precision of each accuracy to check the test-set size for; default
        :data:`DEFAULT_HALFWIDTH` (±5 points), named as the default in the note.
    mcnemar_method : {"mid-p", "exact", "asymptotic", "corrected"}
        The form of McNemar's test to report (:func:`evalkit.paired.mcnemar`); the summary says
        why it is the one used. Not used with ``groups``.
    groups : array_like, shape (n,), optional
        The group of each test item (numbers or strings; at least two groups). What the
        clustered functions warn about (few groups, say) becomes a sentence of ``warnings``.

    Returns
    -------
    Comparison

    Examples
    --------
    >>> y = [1, 0] * 20
    >>> a = [1, 0] * 20
    >>> b = [1, 0] * 15 + [0, 1] * 5
    >>> c = compare_classifiers(y, a, b)
    >>> c.agreement.tolist(), round(c.mcnemar.pvalue, 4)
    ([[30, 10], [0, 0]], 0.001)
    >>> round(c.difference.estimate, 3), round(c.difference.low, 3), round(c.difference.high, 3)
    (0.25, 0.111, 0.402)
    >>> print(c.summary().splitlines()[2])  # doctest: +NORMALIZE_WHITESPACE
    A is more accurate than B by 25.0 points (95 % CI 11.1 to 40.2 points, Newcombe's paired
    score interval; the interval excludes 0).

    The same items from four writers, B's errors all from writer 3 and 4:

    >>> g = compare_classifiers(y, a, b, groups=[1, 2, 3, 4] * 10)
    >>> g.groups, g.mcnemar.method.startswith("clustered McNemar")
    (4, True)
    """
    level = check_confidence(confidence)
    target = _check_halfwidth(halfwidth)
    mcnemar_method = check_choice(mcnemar_method, "mcnemar_method", tuple(MCNEMAR_REASONS))
    if not isinstance(names, (tuple, list)) or len(names) != 2:
        raise TypeError(f"names must be a pair of strings like ('A', 'B'); got {names!r}")
    name_a = _check_name(names[0], "names[0]")
    name_b = _check_name(names[1], "names[1]")
    if name_a == name_b:
        raise ValueError(f"names must differ; got {names!r}")
    y, y_classes = _test_labels(y_true)
    pa = _check_predictions(y, pred_a, "pred_a")
    pb = _check_predictions(y, pred_b, "pred_b")
    codes = _check_groups(groups, y.size)
    classes, counts = _all_classes(y, pa, pb)
    if (scores_a is None) != (scores_b is None):
        raise ValueError("scores_a and scores_b must be given together (or neither)")
    sa = sb = pos = None
    if scores_a is not None:
        _needs_binary(y_classes, "scores_a and scores_b")
        sa = _check_scores(scores_a, "scores_a", y.size)
        sb = _check_scores(scores_b, "scores_b", y.size)
        pos = _positive_class(y_classes, positive)
    common = dict(confidence=level, cost=cost, positive=pos, halfwidth=target, groups=codes)
    rep_a = _describe(y, classes, counts, pa, sa, name=name_a, **common)
    rep_b = _describe(y, classes, counts, pb, sb, name=name_b, **common)

    table = paired.agreement_table(pa == y, pb == y)
    size = int(y.size)
    (both, only_a), (only_b, _) = table.tolist()
    discordant = only_a + only_b
    grouped_warnings: list[str] = []
    if codes is None:
        mcnemar = paired.mcnemar(only_a, only_b, mcnemar_method)
        reason = MCNEMAR_REASONS[mcnemar_method]
        difference = paired.difference_interval(table, method="newcombe", confidence=level)
    else:
        mcnemar, grouped_warnings = _quietly(
            "The clustered McNemar test", clustered.mcnemar, pa == y, pb == y, codes
        )
        reason = GROUPED_MCNEMAR_REASON.format(groups=int(codes.max()) + 1)
        difference = _grouped_difference(pa == y, pb == y, codes, level)
    guenter = paired.paired_test(
        (both + only_a) / size, (both + only_b) / size, both / size, size, alternative="two-sided"
    )
    delong = None
    if sa is not None:
        delong = roc.delong_test(sa, sb, y == pos, confidence=level)
    half = {r.name: _half_width(r) for r in (rep_a, rep_b)}
    warnings = [
        *rep_a.warnings,
        *rep_b.warnings,
        *grouped_warnings,
        _absent_class_warning(name_a, pa, y_classes),
        _absent_class_warning(name_b, pb, y_classes),
        _discordant_warning(discordant),
        _imbalance_warning(classes, counts),
    ]
    if sa is not None:
        warnings += [_ties_warning(name_a, sa, y == pos), _ties_warning(name_b, sb, y == pos)]
        warnings.append(_grouped_auc_warning(codes is not None))
    warnings += _atlas_warnings(rep_a, level) + _atlas_warnings(rep_b, level)
    if codes is None:
        warnings += _atlas_comparison_warnings(table, mcnemar_method, level)
    notes = _size_note(
        size,
        {r.name: r.trials_needed for r in (rep_a, rep_b)},
        half,
        target,
        _level(level),
        halfwidth is None,
        codes is not None,
    )
    return Comparison(
        names=(name_a, name_b),
        size=size,
        confidence=level,
        a=rep_a,
        b=rep_b,
        agreement=table,
        mcnemar=mcnemar,
        mcnemar_reason=reason,
        guenter=guenter,
        difference=difference,
        delong=delong,
        warnings=tuple(dict.fromkeys(w for w in warnings if w)),
        notes=(notes,) if notes else (),
        groups=None if codes is None else int(codes.max()) + 1,
    )


# --------------------------------------------------------------------------------------------
# HTML and figure


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return "–" if not math.isfinite(value) else f"{value:.3f}"
    return html.escape(str(value))


def _table(header: list[str], rows: list[list[Any]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td>{_cell(v)}</td>" for v in row) + "</tr>" for row in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _html_page(title: str, reports: list[ClassifierReport], comp: Comparison | None) -> str:
    level = _level(reports[0].confidence)
    parts = [f"<h4>{html.escape(title)}</h4>"]
    if comp is not None:
        parts.append(f"<p><b>{html.escape(comp.difference_sentence())}</b></p>")
    source = comp if comp is not None else reports[0]
    if source.independence_sentence() is not None:
        parts.append(f"<p>{html.escape(source.independence_sentence())}</p>")
    grouped = reports[0].clustered is not None
    rows = []
    for r in reports:
        cp, w = r.clopper_pearson, r.wilson
        row = [r.name, f"{r.correct} / {r.size}", f"{_pct(r.accuracy)} %"]
        if grouped:
            ci = r.clustered
            row += [f"{_pct(ci.low)} – {_pct(ci.high)}", f"{r.design_effect:.2f}"]
        else:
            row += [f"{_pct(cp.low)} – {_pct(cp.high)}", f"{_pct(w.low)} – {_pct(w.high)}"]
        row.append(
            "–" if r.auc is None else f"{r.auc.estimate:.3f} ({r.auc.low:.3f} – {r.auc.high:.3f})"
        )
        if r.cost is not None:
            row.append(f"{r.cost:.3g}")
        rows.append(row)
    header = ["classifier", "correct", "accuracy", f"{level} Clopper–Pearson", f"{level} Wilson"]
    if grouped:
        header[3:] = [
            f"{level} clustered ({reports[0].clustered.method}, {reports[0].groups} groups)",
            "design effect",
        ]
    header.append(f"AUC ({level} DeLong)")
    if reports[0].cost is not None:
        header.append("cost per item")
    parts.append(_table(header, rows))
    if comp is not None:
        (both, only_a), (only_b, neither) = comp.agreement.tolist()
        name_a, name_b = comp.names
        parts.append(
            _table(
                ["", f"{name_b} right", f"{name_b} wrong"],
                [[f"{name_a} right", both, only_a], [f"{name_a} wrong", only_b, neither]],
            )
        )
        tests = [[comp.mcnemar.method, _pvalue(comp.mcnemar.pvalue), comp.mcnemar_reason]]
        if comp.delong is not None:
            tests.append([comp.delong.method, _pvalue(comp.delong.pvalue), "equal AUCs"])
        parts.append(_table(["test", "p (two-sided)", "note"], tests))
    class_rows = []
    for r in reports:
        for k, label in enumerate(r.classes):
            class_rows.append(
                [
                    r.name,
                    _label_text(label),
                    int(r.class_counts[k]),
                    float(r.recall[k]),
                    float(r.precision[k]),
                    float(r.f1[k]),
                ]
            )
    parts.append(_table(["classifier", "class", "items", "recall", "precision", "F1"], class_rows))
    for title, items in (("Warnings", source.warnings), ("Notes", source.notes)):
        if items:
            listed = "".join(f"<li>{html.escape(item)}</li>" for item in items)
            parts.append(f"<p><b>{title}</b></p><ul>{listed}</ul>")
    return "<div>" + "".join(parts) + "</div>"


#: The places the accuracy panel's legend can be asked for (the strings of matplotlib's ``loc``).
LEGEND_LOCATIONS = (
    "best",
    "upper right",
    "upper left",
    "lower left",
    "lower right",
    "right",
    "center left",
    "center right",
    "lower center",
    "upper center",
    "center",
)


def _panel_names(reports: list[ClassifierReport], comp: Comparison | None) -> tuple[str, ...]:
    """The panels of the overview figure, in their order (row by row)."""
    last = "roc" if reports[0].roc_curve is not None else "recall"
    if comp is None:
        return ("accuracy", "confusion", last)
    return ("accuracy", "difference", "agreement", last)


def _check_axes(axes: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """{panel name: matplotlib Axes} from ``axes``: one Axes per panel, or a dict of some panels."""
    from matplotlib.axes import Axes

    listed = ", ".join(repr(name) for name in names)
    shape = "a row of three" if len(names) == 3 else "a 2 × 2 grid"
    if isinstance(axes, dict):
        if not axes:
            raise ValueError(f"axes must name at least one of the panels {listed}; got {{}}")
        for name in axes:
            if name not in names:
                raise ValueError(
                    f"axes must map panel names ({listed}) to Axes; got the key {name!r}"
                )
        panels = dict(axes)
    else:
        if isinstance(axes, (Axes, str, bytes)):
            flat = [axes]
        else:
            try:
                flat = list(np.asarray(axes, dtype=object).ravel())
            except (TypeError, ValueError):  # ragged nesting
                flat = [axes]
        if len(flat) != len(names):
            raise ValueError(
                f"axes must be {len(names)} matplotlib Axes ({shape}, for the panels {listed}) "
                f"or a dict of some of them; got {len(flat)} item(s)"
            )
        panels = dict(zip(names, flat, strict=True))
    for name, ax in panels.items():
        if not isinstance(ax, Axes):
            raise TypeError(
                f"axes must hold matplotlib Axes; got {type(ax).__name__} {ax!r:.60} for the "
                f"panel {name!r}"
            )
    if len({id(ax.figure) for ax in panels.values()}) != 1:
        raise ValueError("axes must all belong to one figure; got Axes of several figures")
    return panels


def _plot(
    reports: list[ClassifierReport],
    comp: Comparison | None,
    axes: Any = None,
    legend_loc: str = "best",
) -> Any:
    from evalkit.plots import COLORS

    check_choice(legend_loc, "legend_loc", LEGEND_LOCATIONS)
    names = _panel_names(reports, comp)
    if axes is None:
        import matplotlib.pyplot as plt

        if comp is None:
            _, axes = plt.subplots(1, 3, figsize=(12.0, 3.8), layout="constrained")
        else:
            _, axes = plt.subplots(2, 2, figsize=(10.0, 7.2), layout="constrained")
    panels = _check_axes(axes, names)
    colors = [COLORS["a"], COLORS["b"]]
    level = _level(reports[0].confidence)
    for name, ax in panels.items():
        _empty(ax)
        if name == "accuracy":
            _panel_accuracy(ax, reports, colors, level, legend_loc)
        elif name == "difference":
            _panel_difference(ax, comp, COLORS["reference"], level)
        elif name == "agreement":
            _panel_agreement(ax, comp)
        elif name == "confusion":
            _panel_confusion(ax, reports[0])
        elif name == "roc":
            _panel_roc(ax, reports, colors, COLORS["reference"])
        else:
            _panel_recall(ax, reports, colors)
    return next(iter(panels.values())).figure


def _empty(ax: Any) -> None:
    """Remove what an earlier :func:`_plot` drew in ``ax``; its ticks and spines stay.

    Quicker than ``ax.clear()``, which rebuilds the ticks: a widget redraws the same panels on
    every update. The data limits are reset, so that autoscaling fits the new data only.
    """
    for container in list(ax.containers):
        container.remove()
    for artist in [*ax.lines, *ax.collections, *ax.images, *ax.texts, *ax.patches]:
        artist.remove()
    if ax.get_legend() is not None:
        ax.get_legend().remove()
    ax.relim()


def _panel_accuracy(
    ax: Any, reports: list[ClassifierReport], colors: list[str], level: str, legend_loc: str
) -> None:
    """Each accuracy with its Clopper–Pearson and Wilson intervals (or, with groups, its clustered
    interval), one row per classifier."""
    for i, r in enumerate(reports):
        drawn = [(r.clopper_pearson, -0.08, "o"), (r.wilson, 0.08, "D")]
        if r.clustered is not None:
            drawn = [(r.clustered, 0.0, "s")]
        for ci, offset, style in drawn:
            label = {"o": "Clopper–Pearson", "D": "Wilson", "s": f"clustered ({ci.method})"}
            ax.errorbar(
                [100 * r.accuracy],
                [i + offset],
                xerr=[[100 * (r.accuracy - ci.low)], [100 * (ci.high - r.accuracy)]],
                fmt=style,
                color=colors[i],
                capsize=4,
                mfc="white" if style == "D" else colors[i],
                label=f"{r.name}: {label[style]}",
            )
    ax.set_yticks(range(len(reports)), [r.name for r in reports])
    ax.set_ylim(-0.6, len(reports) - 0.4)
    ax.set_xlabel("accuracy (%)")
    ax.set_title(f"Accuracy with {level} intervals")
    ax.legend(loc=legend_loc, fontsize=8)


def _panel_difference(ax: Any, comp: Any, color: str, level: str) -> None:
    """The difference of the accuracies with its interval, against 0; McNemar's p in the title."""
    d = comp.difference
    ax.errorbar(
        [100 * d.estimate],
        [0],
        xerr=[[100 * (d.estimate - d.low)], [100 * (d.high - d.estimate)]],
        fmt="s",
        color=color,
        capsize=6,
        label=f"{level} {'Newcombe paired' if comp.groups is None else 'cluster-robust'} interval",
    )
    ax.axvline(0, color="k", lw=1, ls=":", label="no difference")
    ax.set_yticks([0], [f"{comp.names[0]} − {comp.names[1]}"])
    ax.set_ylim(-1, 1)
    ax.set_xlabel("difference of accuracies (percentage points)")
    ax.set_title(f"Difference; McNemar {_pvalue(comp.mcnemar.pvalue)}")
    ax.legend(loc="upper left", fontsize=8)


def _panel_agreement(ax: Any, comp: Any) -> None:
    """The paired agreement table (both right, only one right, both wrong)."""
    table = comp.agreement
    ax.imshow(np.log1p(table), cmap="Blues", vmin=0, vmax=np.log1p(table.max()) * 1.3)
    text = [["both right", f"only {comp.names[0]}"], [f"only {comp.names[1]}", "both wrong"]]
    for i in range(2):
        for j in range(2):
            ax.text(j, i, f"{text[i][j]}\n{table[i, j]}", ha="center", va="center")
    ax.set_xticks([0, 1], ["right", "wrong"])
    ax.set_yticks([0, 1], ["right", "wrong"])
    ax.set_xlabel(comp.names[1])
    ax.set_ylabel(comp.names[0])
    ax.set_title(f"Agreement: {comp.discordant} discordant items")
    ax.grid(False)


def _panel_confusion(ax: Any, r: ClassifierReport) -> None:
    """The confusion matrix of one classifier (counts)."""
    conf = r.confusion
    ax.imshow(np.log1p(conf), cmap="Blues", vmin=0, vmax=np.log1p(conf.max()) * 1.3)
    for i in range(conf.shape[0]):
        for j in range(conf.shape[1]):
            ax.text(j, i, str(conf[i, j]), ha="center", va="center")
    ticks = [_label_text(c) for c in r.classes]
    ax.set_xticks(range(len(ticks)), ticks)
    ax.set_yticks(range(len(ticks)), ticks)
    ax.set_xlabel("predicted class")
    ax.set_ylabel("true class")
    ax.set_title("Confusion matrix (counts)")
    ax.grid(False)


def _panel_roc(ax: Any, reports: list[ClassifierReport], colors: list[str], chance: str) -> None:
    """The ROC curve of each classifier with its AUC, and the chance diagonal."""
    for i, r in enumerate(reports):
        c = r.roc_curve
        ax.plot(c.fpr, c.tpr, color=colors[i], label=f"{r.name}: AUC {r.auc.estimate:.3f}")
    ax.plot([0, 1], [0, 1], color=chance, lw=1, ls="--", label="chance")
    ax.set_xlabel("false-positive rate")
    ax.set_ylabel("true-positive rate")
    ax.set_title(f"ROC curves (positive class {_label_text(reports[0].positive)})")
    ax.legend(loc="lower right", fontsize=8)


def _panel_recall(ax: Any, reports: list[ClassifierReport], colors: list[str]) -> None:
    """Recall per class, one bar per classifier."""
    width = 0.8 / len(reports)
    ticks = [_label_text(c) for c in reports[0].classes]
    x = np.arange(len(ticks))
    for i, r in enumerate(reports):
        ax.bar(
            x + (i - (len(reports) - 1) / 2) * width,
            r.recall,
            width,
            color=colors[i],
            label=r.name,
        )
    ax.set_xticks(x, ticks)
    ax.set_ylim(0, 1.05)
    ax.set_xlabel("true class")
    ax.set_ylabel("recall")
    ax.set_title("Recall per class")
    ax.legend(loc="lower right", fontsize=8)


# --------------------------------------------------------------------------------------------
# two classifiers, two different test sets

#: Boschloo's test enumerates all (K_A + 1)(K_B + 1) outcomes; above this many (about 1000 items
#: per test set) the report uses Fisher's mid-p test, whose size is then near the level (5.2 %
#: at 500 items per set, notebook 03) and whose p-value is near Boschloo's (0.0289 against
#: 0.0310 at 1047 items per set).
BOSCHLOO_MAX_OUTCOMES = independent.MAX_OUTCOMES

_TEST_SET_REASONS = {
    "boschloo": (
        "it is the test reported because it never exceeds the nominal level and is more "
        "powerful than Fisher's exact test, which is conservative (Lydersen, Fagerland & Laake "
        "2009; notebook 03)"
    ),
    "mid-p": (
        "Fisher's mid-p test is reported because the test sets are too large to enumerate "
        "Boschloo's test (more than about 1000 items each); at this size its exact size is close "
        "to the level, slightly above it (5.2 % at 500 items per set and α = 5 %, notebook 03; "
        "Lydersen, Fagerland & Laake 2009)"
    ),
}


@dataclass(frozen=True, eq=False)
class TestSetComparison:
    """Two classifiers on two independent test sets: what :func:`compare_test_sets` returns.

    Attributes
    ----------
    names : tuple of str
    correct, sizes : tuple of int
        Items right and test-set size of each classifier (n_A, n_B and K_A, K_B).
    accuracies : tuple of float
    clopper_pearson : tuple of Interval
        The exact interval of each accuracy (:func:`evalkit.intervals.clopper_pearson`).
    test : TestResult
        Boschloo's exact test (:func:`evalkit.independent.boschloo_exact`), or Fisher's mid-p
        test when the test sets are too large to enumerate (see :data:`BOSCHLOO_MAX_OUTCOMES`).
    test_reason : str
        Why that test was used.
    fisher : TestResult
        Fisher's exact (conditional) test, for comparison with the course's sources.
    difference : Interval
        Accuracy of A minus accuracy of B with Newcombe's hybrid score interval
        (:func:`evalkit.independent.difference_interval`).
    confidence : float
    """

    __test__ = False  # not a pytest test class, despite its name

    names: tuple[str, str]
    correct: tuple[int, int]
    sizes: tuple[int, int]
    accuracies: tuple[float, float]
    clopper_pearson: tuple[Interval, Interval]
    test: TestResult
    test_reason: str
    fisher: TestResult
    difference: Interval
    confidence: float

    def difference_sentence(self) -> str:
        return _difference_sentence(
            self.difference,
            self.names,
            self.confidence,
            "on their test sets",
            "these test sets cannot",
            "Newcombe's hybrid score interval",
        )

    def borderline_sentence(self) -> str | None:
        """A note when the interval and the test point different ways (else None)."""
        return _borderline_sentence(self.difference, self.test.pvalue, "the test")

    def summary(self) -> str:
        """The comparison in sentences (plain text, ready to paste into a report)."""
        level = _level(self.confidence)
        accuracy = " ".join(
            f"{name}: {_pct(acc)} % correct ({k} of {size}; {level} CI {_pct(ci.low)} to "
            f"{_pct(ci.high)} Clopper–Pearson)."
            for name, acc, k, size, ci in zip(
                self.names,
                self.accuracies,
                self.correct,
                self.sizes,
                self.clopper_pearson,
                strict=True,
            )
        )
        lines = [
            f"Comparison of {self.names[0]} and {self.names[1]} on two different test sets "
            f"({level} confidence).",
            "",
            self.difference_sentence(),
            "Accuracy: " + accuracy,
            f"{self.test.method}: {_pvalue(self.test.pvalue)} (two-sided); {self.test_reason}.",
            self.borderline_sentence(),
            f"For comparison, Fisher's exact test gives {_pvalue(self.fisher.pvalue)} "
            "(two-sided; conditional on the total number correct, hence conservative).",
        ]
        return "\n".join(line for line in lines if line is not None)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        d = self.difference
        return (
            f"<TestSetComparison {self.names[0]!r} ({self.correct[0]}/{self.sizes[0]}) vs "
            f"{self.names[1]!r} ({self.correct[1]}/{self.sizes[1]}): difference "
            f"{d.estimate:.4f} ({_level(self.confidence)} CI {d.low:.4f} to {d.high:.4f}), "
            f"p = {self.test.pvalue:.4g}>"
        )

    def to_dict(self) -> dict[str, Any]:
        """All numbers as plain Python values (JSON-ready; NaN becomes None)."""
        out = {
            "names": list(self.names),
            "correct": list(self.correct),
            "sizes": list(self.sizes),
            "accuracies": list(self.accuracies),
            "clopper_pearson": [_interval_dict(ci) for ci in self.clopper_pearson],
            "test": _test_dict(self.test),
            "test_reason": self.test_reason,
            "fisher": _test_dict(self.fisher),
            "difference": _interval_dict(self.difference),
            "confidence": self.confidence,
            "summary": self.summary(),
        }
        return _plain(out)

    def _repr_html_(self) -> str:
        level = _level(self.confidence)
        rows = [
            [name, f"{k} / {size}", f"{_pct(acc)} %", f"{_pct(ci.low)} – {_pct(ci.high)}"]
            for name, acc, k, size, ci in zip(
                self.names,
                self.accuracies,
                self.correct,
                self.sizes,
                self.clopper_pearson,
                strict=True,
            )
        ]
        tests = [
            [self.test.method, _pvalue(self.test.pvalue), self.test_reason],
            [self.fisher.method, _pvalue(self.fisher.pvalue), "for comparison"],
        ]
        return (
            f"<div><h4>{html.escape(self.names[0])} vs {html.escape(self.names[1])} on two "
            "different test sets</h4>"
            f"<p><b>{html.escape(self.difference_sentence())}</b></p>"
            + _table(["classifier", "correct", "accuracy", f"{level} Clopper–Pearson"], rows)
            + _table(["test", "p (two-sided)", "note"], tests)
            + "</div>"
        )


def compare_test_sets(
    correct_a: int,
    size_a: int,
    correct_b: int,
    size_b: int,
    *,
    names: tuple[str, str] = ("A", "B"),
    confidence: float = 0.95,
) -> TestSetComparison:
    """Compare two classifiers tested on two different (independent) test sets.

    Only the counts matter: classifier A got ``correct_a`` of ``size_a`` items right, B got
    ``correct_b`` of ``size_b`` of *other* items right. (On one shared test set use
    :func:`compare_classifiers`: pairing the items uses far more of the evidence.)

    * the test: Boschloo's exact unconditional test (:func:`evalkit.independent.boschloo_exact`),
      which never exceeds the nominal level and is more powerful than Fisher's exact test
      (Lydersen, Fagerland & Laake 2009, *Statistics in Medicine* 28:1159; notebook 03 repeats
      their enumeration); for test sets too large to enumerate it (more than
      :data:`BOSCHLOO_MAX_OUTCOMES` outcomes, about 1000 items each) Fisher's mid-p test;
    * Fisher's exact test beside it, for comparison (Wolff §4);
    * accuracy(A) − accuracy(B) with Newcombe's hybrid score interval (Newcombe 1998, method 10;
      :func:`evalkit.independent.difference_interval`), not Tan eq. 4.15's Wald interval, whose
      coverage falls far below nominal for small or unequal test sets (notebook 03).

    Parameters
    ----------
    correct_a, size_a : int
        Items A got right, and the size of A's test set (0 ≤ correct_a ≤ size_a, size_a ≥ 1).
    correct_b, size_b : int
        The same for B.
    names : (str, str)
        Names of the classifiers in the text.
    confidence : float
        Level of every interval.

    Returns
    -------
    TestSetComparison

    Examples
    --------
    Wolff's example 1: 47 of 50 against 40 of 50.

    >>> c = compare_test_sets(47, 50, 40, 50)
    >>> round(c.test.pvalue, 4), round(c.fisher.pvalue, 4)
    (0.0536, 0.0713)
    >>> print(c.difference_sentence())  # doctest: +NORMALIZE_WHITESPACE
    A is more accurate than B by 14.0 points (95 % CI 0.5 to 27.6 points, Newcombe's hybrid
    score interval; the interval excludes 0).
    >>> print(c.borderline_sentence())  # doctest: +NORMALIZE_WHITESPACE
    The interval excludes 0 but the test does not reach p < 0.05: the evidence is borderline at
    the 5 % level (the two methods approximate differently), so do not claim a difference on
    this evidence alone.
    """
    level = check_confidence(confidence)
    if not isinstance(names, (tuple, list)) or len(names) != 2:
        raise TypeError(f"names must be a pair of strings like ('A', 'B'); got {names!r}")
    name_a, name_b = _check_name(names[0], "names[0]"), _check_name(names[1], "names[1]")
    if name_a == name_b:
        raise ValueError(f"names must differ; got {names!r}")
    counts = {}
    for name, value in (
        ("correct_a", correct_a),
        ("size_a", size_a),
        ("correct_b", correct_b),
        ("size_b", size_b),
    ):
        counts[name] = as_count(value, name)
    for side in ("a", "b"):
        if counts[f"size_{side}"] < 1:
            raise ValueError(f"size_{side} must be at least 1 test item; got 0")
        check_at_most(counts[f"correct_{side}"], counts[f"size_{side}"], f"correct_{side}",
                      f"size_{side}")  # fmt: skip
    ka, na, kb, nb = counts["size_a"], counts["correct_a"], counts["size_b"], counts["correct_b"]
    table = [[na, nb], [ka - na, kb - nb]]
    if (ka + 1) * (kb + 1) <= BOSCHLOO_MAX_OUTCOMES:
        test, reason = independent.boschloo_exact(table), _TEST_SET_REASONS["boschloo"]
    else:
        test, reason = independent.fisher_exact(table, method="mid-p"), _TEST_SET_REASONS["mid-p"]
    return TestSetComparison(
        names=(name_a, name_b),
        correct=(na, nb),
        sizes=(ka, kb),
        accuracies=(na / ka, nb / kb),
        clopper_pearson=(
            intervals.clopper_pearson(na, ka, level),
            intervals.clopper_pearson(nb, kb, level),
        ),
        test=test,
        test_reason=reason,
        fisher=independent.fisher_exact(table),
        difference=independent.difference_interval(na, ka, nb, kb, "newcombe", level),
        confidence=level,
    )
