"""Benchmark: ROC curve and AUC (evalkit.roc) against scikit-learn on 10⁶ scores with many ties.

Scores are rounded to 3 decimals (about 1000 distinct values among 10⁶: heavy ties); 30 %
positives. What a user wants is the curve and its area:

1. ``evalkit.roc.roc_curve(labels, scores)`` + ``evalkit.roc.auc(labels, scores)`` against
   ``sklearn.metrics.roc_curve(labels, scores, drop_intermediate=False)`` +
   ``sklearn.metrics.auc(fpr, tpr)`` — the same points (checked) [target: ratio ≤ 1.0];
2. the same against scikit-learn's default ``roc_curve`` (``drop_intermediate=True``, fewer
   points; the area is checked) [target: ratio ≤ 1.0];
3. the area alone, ``evalkit.roc.auc(labels, scores)``, against the area a scikit-learn user
   gets from the curve, ``sklearn.metrics.auc(*sklearn.metrics.roc_curve(labels, scores)[:2])``
   [target: ratio ≤ 0.5]. ``auc`` sorts the positives' and the negatives' scores apart
   (``np.sort``, then a binary search of each positive among the negatives), and its input
   checks are O(n) (issue 60: two ``np.unique`` calls in them, two more sorts of the 10⁶
   values, had taken it from 0.35× to 1.01× of scikit-learn's time);
4. for locating the time, each half alone: ``roc_curve`` against ``roc_curve``, and ``auc``
   against ``sklearn.metrics.roc_auc_score`` (no target).

Run alone: ``.venv/bin/python benchmarks/bench_roc.py [--quick]``.
"""

from __future__ import annotations

import sys

import numpy as np
import sklearn.metrics as skm
from harness import Row, Target, absolute_difference, compare, run_script

from evalkit.roc import auc, roc_curve

GROUP = "ROC"


def make_data(n: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Binary labels and scores rounded to 3 decimals (about 1000 distinct values: many ties)."""
    labels = (rng.random(n) < 0.3).astype(int)
    scores = np.round(1 / (1 + np.exp(-(rng.normal(size=n) + 1.2 * labels))), 3)
    return scores, labels


def rows(quick: bool = False) -> list[Row]:
    n = 100_000 if quick else 1_000_000
    runs = 5 if quick else 7
    scores, labels = make_data(n, np.random.default_rng(6))
    size = f"{n:,} scores, {np.unique(scores).size} distinct"

    def ours():
        curve = roc_curve(labels, scores)
        return curve.fpr, curve.tpr, auc(labels, scores)

    def sklearn_full():
        fpr, tpr, _ = skm.roc_curve(labels, scores, drop_intermediate=False)
        return fpr, tpr, skm.auc(fpr, tpr)

    def sklearn_default():
        fpr, tpr, _ = skm.roc_curve(labels, scores)
        return fpr, tpr, skm.auc(fpr, tpr)

    def sklearn_area():
        fpr, tpr, _ = skm.roc_curve(labels, scores)
        return skm.auc(fpr, tpr)

    def same_points(a, b):
        if a[0].shape != b[0].shape:
            return False, f"different numbers of points: {a[0].size} and {b[0].size}"
        diff = max(absolute_difference(a[0], b[0]), absolute_difference(a[1], b[1]))
        area = abs(a[2] - b[2])
        return diff <= 1e-12 and area <= 1e-10, (
            f"same {a[0].size} points (max |Δ| = {diff:.1e}), |Δ AUC| = {area:.1e}"
        )

    def same_area(a, b):
        area = abs(a[2] - b[2])
        return area <= 1e-10, f"|Δ AUC| = {area:.1e} (scikit-learn keeps {b[0].size} points)"

    explanation = (
        "A user of evalkit gets the curve from `roc_curve` and the area from `auc`, and each "
        "sorts the 10⁶ scores (`np.argsort` in `_sorted_counts`), while scikit-learn sorts once "
        "and integrates the curve it already has; the rows for each half alone and the profile "
        "show where the time goes. Fix (in evalkit.roc, not done here): compute the area from "
        "a curve that is already there — e.g. `auc` accepting a `RocCurve`, or an `auc` field of "
        "`RocCurve` computed from its integer `tp`/`fp` counts (Σ Δfp·(tp_k + tp_k+1) / 2PN, no "
        "second sort)."
    )
    out = [
        compare(
            GROUP,
            f"curve + AUC, {size}",
            ours,
            sklearn_full,
            same_points,
            reference_name="`sklearn.metrics.roc_curve(drop_intermediate=False)` + `auc`",
            target=Target("ratio", 1.0),
            runs=runs,
            explanation=explanation,
        ),
        compare(
            GROUP,
            f"curve + AUC, {size}",
            ours,
            sklearn_default,
            same_area,
            reference_name="`sklearn.metrics.roc_curve` (default) + `auc`",
            target=Target("ratio", 1.0),
            runs=runs,
            explanation=explanation,
        ),
        compare(
            GROUP,
            f"AUC, {size}",
            lambda: auc(labels, scores),
            sklearn_area,
            lambda a, b: (abs(a - b) <= 1e-10, f"|Δ AUC| = {abs(a - b):.1e}"),
            reference_name="`sklearn.metrics.roc_curve` + `auc` (the area from the curve)",
            target=Target("ratio", 0.5),
            runs=runs,
            explanation=(
                "`auc` checks its input (`_check_binary`: the labels' two classes and the "
                "swapped-arguments guard, both O(n) since issue 60) and sorts the scores once, "
                "the positives and the negatives apart (`np.sort` in `_auc_core`); the profile "
                "shows which of the two grew. "
                "Two sorts in the checks (`np.unique` of the labels and of the scores) had made "
                "it 1.01× of scikit-learn's time."
            ),
        ),
        compare(
            GROUP,
            f"curve only, {size}",
            lambda: roc_curve(labels, scores),
            lambda: skm.roc_curve(labels, scores, drop_intermediate=False),
            lambda a, b: same_points((a.fpr, a.tpr, 0.0), (b[0], b[1], 0.0)),
            reference_name="`sklearn.metrics.roc_curve(drop_intermediate=False)`",
            runs=runs,
            note="no target; locates the time of row 1",
        ),
        compare(
            GROUP,
            f"AUC only, {size}",
            lambda: auc(labels, scores),
            lambda: skm.roc_auc_score(labels, scores),
            lambda a, b: (abs(a - b) <= 1e-10, f"|Δ AUC| = {abs(a - b):.1e}"),
            reference_name="`sklearn.metrics.roc_auc_score`",
            runs=runs,
            note="no target; locates the time of row 1",
        ),
    ]
    return out


def main(argv: list[str] | None = None) -> int:
    return run_script(rows, __doc__, "10⁵ scores instead of 10⁶", argv)


if __name__ == "__main__":
    sys.exit(main())
