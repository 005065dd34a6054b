"""The report's sentences: numbers in words, warnings and notes, and the summaries.

Every function here turns numbers that :mod:`evalkit.report.classifier`,
:mod:`evalkit.report.comparison` and :mod:`evalkit.report.two_sets` computed into text; none
computes a statistic of its own, except where a warning needs a count (tied scores, classes no
test item has) or looks a setting up in the coverage atlas (:mod:`evalkit.atlas`).
"""

from __future__ import annotations

import math
import re
from typing import Any

import numpy as np

from evalkit import atlas
from evalkit.report.rules import (
    ATLAS_MARGIN,
    AUC_METHOD,
    FEW_DISCORDANT,
    IMBALANCE_SHARE,
    INDEPENDENCE_MCNEMAR_SIZE,
    TIED_PAIRS_SHARE,
)
from evalkit.report.shapes import OneClassifier, TwoClassifiers, TwoTestSets
from evalkit.results import Interval, TestResult, format_pvalue

# --------------------------------------------------------------------------------------------
# numbers in words


def pct(x: float) -> str:
    """A rate in percent with one decimal: 0.9649 → '96.5'."""
    return f"{100 * x:.1f}"


def pvalue_text(p: float) -> str:
    """'p = 0.017', 'p = 0.75' (two decimals from 0.1 up) or 'p < 0.001'."""
    text = format_pvalue(p, 3 if p < 0.1 else 2)
    return f"p {text}" if text.startswith("<") else f"p = {text}"


def level_text(confidence: float) -> str:
    return f"{100 * confidence:g} %"


def label_text(label: Any) -> str:
    return str(label.item() if isinstance(label, np.generic) else label)


def listed(title: str, items: tuple[str, ...]) -> list[str]:
    """``["", "Title:", "- item", …]``, or nothing when there are no items."""
    return ["", f"{title}:"] + [f"- {item}" for item in items] if items else []


#: The Python spellings of options that the sentences use, and their command-line spellings
#: (``python -m evalkit compare``): :func:`command_line_terms` turns one into the other.
COMMAND_LINE_TERMS = (
    (re.compile(r"mcnemar_method='([a-z-]+)'"), r"--mcnemar \1"),
    (re.compile(r"\bhalfwidth=(?=[0-9…])"), "--halfwidth "),
    (re.compile(r"\bgroups=(?=[ )])"), "--groups"),
)


def command_line_terms(text: str) -> str:
    """``text`` with the command line's option names instead of Python's argument names.

    Examples
    --------
    >>> command_line_terms("pass halfwidth=… to state your own; mcnemar_method='exact' gives")
    'pass --halfwidth … to state your own; --mcnemar exact gives'
    >>> command_line_terms("pass groups= (their ids)")
    'pass --groups (their ids)'
    """
    for pattern, replacement in COMMAND_LINE_TERMS:
        text = pattern.sub(replacement, text)
    return text


# --------------------------------------------------------------------------------------------
# caveats: warnings and notes


def independence_sentence(compare: bool) -> str:
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


def absent_class_warning(name: str, pred: np.ndarray, y_classes: np.ndarray) -> str | None:
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


def discordant_warning(discordant: int) -> str | None:
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


def imbalance_warning(classes: np.ndarray, class_counts: np.ndarray) -> str | None:
    n = int(class_counts.sum())
    largest = int(np.argmax(class_counts))
    share = class_counts[largest] / n
    if share < IMBALANCE_SHARE:
        return None
    return (
        f"Heavy class imbalance: {pct(share)} % of the test items belong to class "
        f"{label_text(classes[largest])}, so always predicting that class already scores "
        f"{pct(share)} % accuracy. Accuracy is misleading here; read the per-class recall and "
        "precision (and the cost, if errors differ in price)."
    )


def ties_warning(name: str, scores: np.ndarray, is_positive: np.ndarray) -> str | None:
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


def size_note(
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
    widths = ", ".join(f"±{pct(h)} points ({name})" for name, h in halfwidths.items())
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
        f"are {widths}. A precision of ±{pct(target)} points ({origin}) would need about "
        f"{most} test items ({rule})."
    )


def grouped_auc_warning(applies: bool) -> str | None:
    """With groups and scores: the AUC's interval (and DeLong's test) assume independent items."""
    if not applies:
        return None
    return (
        "The AUC's interval and DeLong's test treat the items as independent; with several "
        "items per group they are too narrow (there is no clustered version here; a cluster "
        "bootstrap of the AUC would be one, evalkit.bootstrap with whole groups resampled)."
    )


def atlas_warnings(
    report: OneClassifier, confidence: float, comparison: dict[str, Any] | None = None
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
            AUC_METHOD,
            margin=ATLAS_MARGIN,
            label=f"the AUC's {report.auc.method} interval",
            n_pos=n_pos,
            n_neg=report.size - n_pos,
            AUC=float(report.auc.estimate),
        )
        if note:
            out.append(f"{report.name}: {note}")
    return out


def atlas_comparison_warnings(
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
        out.append(note + " McNemar's exact test (mcnemar_method='exact') never exceeds the level.")
    return out


# --------------------------------------------------------------------------------------------
# the sentences of a result


def difference_sentence(
    d: Interval, names: tuple[str, str], confidence: float, where: str, cannot: str, method: str
) -> str:
    """'A is more accurate than B by 4.2 points (95 % CI … points, <method>; <verdict>).'"""
    name_a, name_b = names
    if d.estimate == 0:  # what the items show, not a claim that the two are as good
        head = f"{name_a} and {name_b} got the same share of the items right {where}"
        low, high = d.low, d.high
    else:
        better, worse = (name_a, name_b) if d.estimate > 0 else (name_b, name_a)
        sign = 1 if d.estimate > 0 else -1
        low, high = sorted((sign * d.low, sign * d.high))
        head = f"{better} is more accurate than {worse} by {pct(abs(d.estimate))} points"
    verdict = (
        "the interval excludes 0"
        if (low > 0 or high < 0)
        else f"the interval includes 0, so {cannot} tell which is more accurate"
    )
    return (
        f"{head} ({level_text(confidence)} CI {pct(low)} to {pct(high)} points, {method}; "
        f"{verdict})."
    )


def borderline_sentence(difference: Interval, pvalue: float, test: str) -> str | None:
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


def accuracy_sentence(r: OneClassifier) -> str:
    """'A: 96.5 % correct (275 of 285; 95 % CI 93.6 to 98.3, Clopper–Pearson; …)'."""
    cp, w = r.clopper_pearson, r.wilson
    if r.clustered is not None:
        ci = r.clustered
        return (
            f"{r.name}: {pct(r.accuracy)} % correct ({r.correct} of {r.size} "
            f"items in {r.groups} groups; {level_text(r.confidence)} CI {pct(ci.low)} to "
            f"{pct(ci.high)}, {ci.method} interval for grouped items; design effect "
            f"{r.design_effect:.2f}, so the items are worth about "
            f"{r.effective_size:.0f} independent ones)."
        )
    return (
        f"{r.name}: {pct(r.accuracy)} % correct ({r.correct} of {r.size}; "
        f"{level_text(r.confidence)} CI {pct(cp.low)} to {pct(cp.high)} Clopper–Pearson, "
        f"{pct(w.low)} to {pct(w.high)} Wilson)."
    )


def class_sentence(r: OneClassifier) -> str:
    """'A per class (recall / precision / F1): class 0: 0.95 / 0.97 / 0.96; …'."""
    parts = []
    for k, label in enumerate(r.classes):
        vals = (r.recall[k], r.precision[k], r.f1[k])
        txt = " / ".join("–" if not math.isfinite(v) else f"{v:.2f}" for v in vals)
        parts.append(f"class {label_text(label)}: {txt}")
    return f"{r.name} per class (recall / precision / F1): " + "; ".join(parts) + "."


def auc_sentence(r: OneClassifier) -> str | None:
    """'AUC of A (class 1 positive): 0.953 (95 % CI … , DeLong).', or None without scores."""
    if r.auc is None:
        return None
    ci = r.auc
    form = "DeLong, on the logit scale"
    return (
        f"AUC of {r.name} (class {label_text(r.positive)} positive): "
        f"{ci.estimate:.3f} ({level_text(r.confidence)} CI {ci.low:.3f} to {ci.high:.3f}, "
        f"{form})."
    )


def classifier_summary(r: OneClassifier) -> str:
    """The report of one classifier in sentences (plain text)."""
    lines = [
        f"Evaluation of {r.name} on {r.size} test items ({level_text(r.confidence)} confidence).",
        "",
        "Accuracy: " + accuracy_sentence(r),
        r.independence_sentence(),
        class_sentence(r),
    ]
    lines = [line for line in lines if line is not None]
    if r.cost is not None:
        lines.append(
            f"Cost under the given cost matrix: {r.total_cost:.6g} in total, "
            f"{r.cost:.3g} per test item."
        )
    if r.auc is not None:
        lines.append(auc_sentence(r))
    lines += listed("Warnings", r.warnings) + listed("Notes", r.notes)
    return "\n".join(lines)


def agreement_sentence(c: TwoClassifiers) -> str:
    """'The classifiers agree on 270 items (…) and disagree on 15: only A right on 10, …'."""
    (both, only_a), (only_b, neither) = c.agreement.tolist()
    name_a, name_b = c.names
    return (
        f"The classifiers agree on {both + neither} items (both right {both}, both wrong "
        f"{neither}) and disagree on {only_a + only_b}: only {name_a} right on {only_a}, only "
        f"{name_b} right on {only_b}."
    )


def noninferiority_sentence(r: TestResult | None, names: tuple[str, str]) -> str | None:
    """'A is non-inferior to B within 2 points (lower limit −0.8 points, p = 0.003 …).' or
    'Non-inferiority … is not shown …' (None without a margin).

    The decision is the test's, which is the interval's: the lower limit of the interval at
    1 − 2α lies above −margin exactly when the one-sided p-value is below α.
    """
    if r is None:
        return None
    name_a, name_b = names
    margin, low = float(r.margin), float(r.interval.low)
    alpha = (1 - r.interval.confidence) / 2
    one_sided = f"one-sided at {format_level(alpha)}"
    numbers = f"lower limit {pct(low)} points, {pvalue_text(r.pvalue)}, {one_sided}; {r.method}"
    if low > -margin:
        return f"{name_a} is non-inferior to {name_b} within {pct(margin)} points ({numbers})."
    return (
        f"Non-inferiority of {name_a} to {name_b} within {pct(margin)} points is not shown "
        f"({numbers}): {name_a} may be worse by more than the margin."
    )


def format_level(alpha: float) -> str:
    """A one-sided level as a percentage: 0.025 → '2.5 %'."""
    return f"{100 * alpha:.3g} %"


def mcnemar_sentence(c: TwoClassifiers) -> str:
    """McNemar's test (or the clustered one): statistic, p-value and why this form."""
    r = c.mcnemar
    stat = f"χ² = {r.statistic:.2f}, " if r.statistic_name == "chi2" else ""
    if r.statistic_name == "t":
        stat = f"t = {r.statistic:.2f} ({int(r.df)} df), "
    return f"{r.method}: {stat}{pvalue_text(r.pvalue)} (two-sided); {c.mcnemar_reason}."


def delong_sentence(c: TwoClassifiers) -> str | None:
    """DeLong's test of equal AUCs, or None without scores."""
    if c.delong is None:
        return None
    r = c.delong
    ci = r.interval
    return (
        f"DeLong's test of equal AUCs: difference {c.names[0]} − {c.names[1]} = "
        f"{r.estimate:.3f} ({level_text(c.confidence)} CI {ci.low:.3f} to {ci.high:.3f}), "
        f"z = {r.statistic:.2f}, {pvalue_text(r.pvalue)}."
    )


def comparison_summary(c: TwoClassifiers) -> str:
    """Two classifiers on one test set in sentences (plain text)."""
    a, b = c.a, c.b
    lines = [
        f"Comparison of {c.names[0]} and {c.names[1]} on the same {c.size} test "
        f"items ({level_text(c.confidence)} confidence).",
        "",
        c.difference_sentence(),
        noninferiority_sentence(c.noninferiority, c.names),
        "Accuracy: " + accuracy_sentence(a) + " " + accuracy_sentence(b),
        agreement_sentence(c),
        mcnemar_sentence(c),
        c.borderline_sentence(),
        c.independence_sentence(),
        class_sentence(a),
        class_sentence(b),
    ]
    if a.cost is not None:
        lines.append(
            f"Cost per test item under the given cost matrix: {a.name} {a.cost:.3g}, "
            f"{b.name} {b.cost:.3g} (totals {a.total_cost:.6g} and {b.total_cost:.6g})."
        )
    if c.delong is not None:
        lines += [auc_sentence(a), auc_sentence(b), delong_sentence(c)]
    lines += listed("Warnings", c.warnings) + listed("Notes", c.notes)
    return "\n".join(line for line in lines if line is not None)


def two_sets_summary(t: TwoTestSets) -> str:
    """Two classifiers on two test sets in sentences (plain text)."""
    level = level_text(t.confidence)
    accuracy = " ".join(
        f"{name}: {pct(acc)} % correct ({k} of {size}; {level} CI {pct(ci.low)} to "
        f"{pct(ci.high)} Clopper–Pearson)."
        for name, acc, k, size, ci in t._rows()
    )
    lines = [
        f"Comparison of {t.names[0]} and {t.names[1]} on two different test sets "
        f"({level} confidence).",
        "",
        t.difference_sentence(),
        noninferiority_sentence(t.noninferiority, t.names),
        "Accuracy: " + accuracy,
        f"{t.test.method}: {pvalue_text(t.test.pvalue)} (two-sided); {t.test_reason}.",
        t.borderline_sentence(),
        f"For comparison, Fisher's exact test gives {pvalue_text(t.fisher.pvalue)} "
        "(two-sided; conditional on the total number correct, hence conservative).",
    ]
    lines += listed("Warnings", t.warnings)
    return "\n".join(line for line in lines if line is not None)
