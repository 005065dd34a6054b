"""One classifier on one test set: the numbers of :func:`describe_classifier`.

Each number comes from the evalkit module that owns it (:mod:`evalkit.intervals`,
:mod:`evalkit.metrics`, :mod:`evalkit.roc`, :mod:`evalkit.clustered`); the sentences are written
by :mod:`evalkit.report.wording`, the HTML page by :mod:`evalkit.report.pages` and the figure by
:mod:`evalkit.report.panels`.
"""

from __future__ import annotations

import math
import warnings as pywarnings
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from evalkit import clustered, intervals, metrics, roc
from evalkit._validation import check_confidence
from evalkit.report import checks, wording
from evalkit.report.base import OverviewResult, interval_dict
from evalkit.report.rules import AUC_METHOD
from evalkit.results import Interval

__all__ = ["ClassifierReport", "describe_classifier"]


@dataclass(frozen=True, eq=False)
class ClassifierReport(OverviewResult):
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
        AUC with DeLong's interval on the logit scale (:data:`AUC_METHOD`).
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

    # ---- text (written by evalkit.report.wording)

    def accuracy_sentence(self) -> str:
        """'A: 96.5 % correct (275 of 285; 95 % CI 93.6 to 98.3, Clopper–Pearson; …)'."""
        return wording.accuracy_sentence(self)

    def class_sentence(self) -> str:
        """Recall, precision and F1 of every class in one sentence."""
        return wording.class_sentence(self)

    def auc_sentence(self) -> str | None:
        """The AUC with its interval (None without scores)."""
        return wording.auc_sentence(self)

    def independence_sentence(self) -> str | None:
        """Without ``groups``: the one sentence saying the items are assumed independent."""
        return None if self.groups is not None else wording.independence_sentence(compare=False)

    def summary(self) -> str:
        """The report in sentences (plain text)."""
        return wording.classifier_summary(self)

    def __repr__(self) -> str:
        cp = self.clopper_pearson
        return (
            f"<ClassifierReport {self.name!r}: accuracy {self.accuracy:.4f} on {self.size} items, "
            f"{wording.level_text(self.confidence)} CI {cp.low:.4f} to {cp.high:.4f}, "
            f"{len(self.warnings)} warning(s)>"
        )

    # ---- numbers, page and figure (the plumbing is OverviewResult's)

    def _numbers(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "size": self.size,
            "correct": self.correct,
            "accuracy": self.accuracy,
            "confidence": self.confidence,
            "clopper_pearson": interval_dict(self.clopper_pearson),
            "wilson": interval_dict(self.wilson),
            "classes": list(self.classes),
            "class_counts": self.class_counts,
            "confusion": self.confusion,
            "recall": self.recall,
            "precision": self.precision,
            "f1": self.f1,
            "cost": self.cost,
            "total_cost": self.total_cost,
            "positive": self.positive,
            "auc": interval_dict(self.auc),
            "roc_curve": None
            if self.roc_curve is None
            else {"fpr": self.roc_curve.fpr, "tpr": self.roc_curve.tpr},
            "halfwidth": self.halfwidth,
            "trials_needed": self.trials_needed,
            "groups": self.groups,
            "clustered_interval": interval_dict(self.clustered),
            "design_effect": self.design_effect,
            "effective_size": self.effective_size,
            "items_assumed_independent": self.groups is None,
            "warnings": list(self.warnings),
            "notes": list(self.notes),
        }

    def _parts(self) -> tuple[list[ClassifierReport], None]:
        return [self], None

    def _title(self) -> str:
        return f"{self.name}: evaluation on {self.size} test items"

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
        return self._draw(axes, legend_loc)


# --------------------------------------------------------------------------------------------
# the numbers


def quietly(what: str, function: Any, *args: Any, **kwargs: Any) -> tuple[Any, list[str]]:
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


def describe(
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
    # checked labels, classes sorted and complete: metrics' core counts the table
    codes = np.searchsorted(classes, y), np.searchsorted(classes, pred)
    confusion = metrics._confusion_core(*codes, classes.size)
    correct = int(np.trace(confusion))
    size = int(y.size)
    cost_avg = total = None
    if cost is not None:
        total = float(metrics.expected_cost(confusion, cost))
        cost_avg = float(metrics.expected_cost(confusion, cost, average=True))
    curve = auc_ci = None
    if scores is not None:
        # checked arrays: roc's cores (labels first, a boolean y) skip roc's checks
        is_positive = y == positive
        curve = roc._roc_curve_core(is_positive, scores)
        auc_ci = roc._auc_interval_core(is_positive, scores, AUC_METHOD, confidence)
    accuracy = float(metrics.accuracy(confusion))
    needed = int(intervals.trials_for_halfwidth(halfwidth, accuracy, confidence))
    nan = float("nan")
    grouped: dict[str, Any] = {}
    messages: list[str] = []
    if groups is not None:
        right = pred == y
        ci, said = quietly(
            f"The clustered interval of {name}",
            clustered.accuracy_interval,
            right,
            groups,
            confidence=confidence,
        )
        design, said_too = quietly(
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


def half_width(report: ClassifierReport) -> float:
    """Half the width of the accuracy's interval: the clustered one with groups, else CP's."""
    ci = report.clustered if report.clustered is not None else report.clopper_pearson
    return (ci.high - ci.low) / 2


def with_warnings(report: Any, warnings: list[str | None], notes: list[str | None]) -> Any:
    return replace(
        report,
        warnings=tuple(w for w in warnings if w),
        notes=tuple(n for n in notes if n),
    )


def describe_classifier(
    y_true: ArrayLike,
    y_pred: ArrayLike,
    y_score: ArrayLike | None = None,
    *,
    name: str = "classifier",
    confidence: float = 0.95,
    cost: ArrayLike | None = None,
    pos_label: Any = None,
    halfwidth: float | None = None,
    groups: ArrayLike | None = None,
) -> ClassifierReport:
    """Evaluate one classifier on a test set: accuracy with intervals, per-class measures, ROC.

    Parameters
    ----------
    y_true : array_like, shape (n,)
        True class of each test item (numbers or strings); at least two classes.
    y_pred : array_like, shape (n,)
        Predicted class of each item. A class that no test item has is allowed: it gets its
        row and column in the confusion matrix, and a warning.
    y_score : array_like, shape (n,), optional
        A score per item, higher = more likely ``pos_label`` (two classes only); at least two
        test items of each class.
    name : str
        The classifier's name in the text.
    confidence : float
        Level of every interval.
    cost : array_like, shape (M, M), optional
        ``cost[i, j]`` = cost of predicting class j for an item of true class i, classes in
        sorted order — the classes of ``y_true`` and of the predictions together
        (:func:`evalkit.metrics.expected_cost`).
    pos_label : label, optional
        The class ``y_score`` is for (scikit-learn's name); default: the last class in sorted
        order (1 of 0/1).
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
    target = checks.check_halfwidth(halfwidth)
    name = checks.check_name(name, "name")
    y, y_classes = checks.true_labels(y_true)
    p = checks.check_predictions(y, y_pred, "y_pred")
    codes = checks.check_groups(groups, y.size)
    classes, counts = checks.all_classes(y, p)
    cost = checks.check_cost(cost, classes)
    s = None
    pos = None
    if y_score is not None:
        checks.needs_binary(y_classes, "y_score")
        s = checks.check_scores(y_score, "y_score", y.size)
        pos = checks.positive_class(y_classes, pos_label)
        checks.check_score_classes(y == pos, pos, "y_score")
    report = describe(
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
        wording.absent_class_warning(name, p, y_classes),
        wording.imbalance_warning(classes, counts),
        None if s is None else wording.ties_warning(name, s, y == pos),
        wording.grouped_auc_warning(codes is not None and s is not None),
        *wording.atlas_warnings(report, level),
    ]
    notes = [
        wording.size_note(
            report.size,
            {name: report.trials_needed},
            {name: half_width(report)},
            target,
            wording.level_text(level),
            halfwidth is None,
            codes is not None,
        )
    ]
    return with_warnings(report, warnings, notes)
