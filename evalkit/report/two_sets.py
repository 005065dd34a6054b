"""Two classifiers on two different (independent) test sets: :func:`compare_test_sets`.

From the counts alone: Boschloo's exact test (Fisher's mid-p test when the test sets are too
large to enumerate), Fisher's exact test beside it, and Newcombe's interval for the difference
(:mod:`evalkit.independent`, notebook 03).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from evalkit import atlas, independent, intervals
from evalkit._validation import as_count, check_at_most, check_confidence, labels_for_counts
from evalkit.report import checks, wording
from evalkit.report.base import ReportResult, interval_dict, result_dict
from evalkit.report.pages import two_sets_page
from evalkit.report.rules import ATLAS_MARGIN, BOSCHLOO_MAX_OUTCOMES, TEST_SET_REASONS
from evalkit.results import Interval, TestResult, _check_margin

__all__ = ["TestSetComparison", "compare_test_sets"]


@dataclass(frozen=True, eq=False)
class TestSetComparison(ReportResult):
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
    noninferiority: TestResult | None = None
    warnings: tuple[str, ...] = ()

    def difference_sentence(self) -> str:
        """The difference of the accuracies with its interval, and what it says."""
        return wording.difference_sentence(
            self.difference,
            self.names,
            self.confidence,
            "on their test sets",
            "these test sets cannot",
            "Newcombe's hybrid score interval",
        )

    def borderline_sentence(self) -> str | None:
        """A note when the interval and the test point different ways (else None)."""
        return wording.borderline_sentence(self.difference, self.test.pvalue, "the test")

    def summary(self) -> str:
        """The comparison in sentences (plain text, ready to paste into a report)."""
        return wording.two_sets_summary(self)

    def __repr__(self) -> str:
        d = self.difference
        return (
            f"<TestSetComparison {self.names[0]!r} ({self.correct[0]}/{self.sizes[0]}) vs "
            f"{self.names[1]!r} ({self.correct[1]}/{self.sizes[1]}): difference "
            f"{d.estimate:.4f} ({wording.level_text(self.confidence)} CI {d.low:.4f} to "
            f"{d.high:.4f}), p = {self.test.pvalue:.4g}>"
        )

    def _rows(self) -> Iterator[tuple[str, float, int, int, Interval]]:
        """(name, accuracy, correct, size, Clopper–Pearson interval) of A, then of B."""
        return zip(
            self.names,
            self.accuracies,
            self.correct,
            self.sizes,
            self.clopper_pearson,
            strict=True,
        )

    def _numbers(self) -> dict[str, Any]:
        return {
            "names": list(self.names),
            "correct": list(self.correct),
            "sizes": list(self.sizes),
            "accuracies": list(self.accuracies),
            "clopper_pearson": [interval_dict(ci) for ci in self.clopper_pearson],
            "test": result_dict(self.test),
            "test_reason": self.test_reason,
            "fisher": result_dict(self.fisher),
            "difference": interval_dict(self.difference),
            "confidence": self.confidence,
            "noninferiority": None
            if self.noninferiority is None
            else result_dict(self.noninferiority),
            "warnings": list(self.warnings),
        }

    def _repr_html_(self) -> str:
        return two_sets_page(self)


def compare_test_sets(
    correct_a: int,
    size_a: int,
    correct_b: int,
    size_b: int,
    *,
    names: tuple[str, str] = ("A", "B"),
    confidence: float = 0.95,
    margin: float | None = None,
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
    noninferiority : TestResult or None
        With ``margin=``: Farrington & Manning's score test that A is at most ``margin`` less
        accurate than B (:func:`evalkit.independent.noninferiority_test`), one-sided at
        (1 − ``confidence``)/2.
    warnings : tuple of str
        What the coverage atlas says about the test and the interval at these counts.

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
    name_a, name_b = checks.check_names(names)
    if margin is not None:
        margin = _check_margin(margin)
    counts = {}
    given = {"correct_a": correct_a, "size_a": size_a, "correct_b": correct_b, "size_b": size_b}
    for name, value in given.items():
        try:
            counts[name] = as_count(value, name)
        except (TypeError, ValueError) as exc:
            labels_for_counts(
                exc,
                "compare_test_sets takes counts: compare_test_sets(correct_a, size_a, correct_b, "
                "size_b), e.g. compare_test_sets(47, 50, 40, 50) for 47 of 50 against 40 of 50; "
                "from labels, correct_a = np.sum(y_pred_a == y_true_a), size_a = len(y_true_a)",
                "compare_classifiers(y_true, y_pred_a, y_pred_b) when both classifiers labelled "
                "the same items",
                **given,
            )
            raise
    for side in ("a", "b"):
        if counts[f"size_{side}"] < 1:
            raise ValueError(f"size_{side} must be at least 1 test item; got 0")
        check_at_most(counts[f"correct_{side}"], counts[f"size_{side}"], f"correct_{side}",
                      f"size_{side}")  # fmt: skip
    ka, na, kb, nb = counts["size_a"], counts["correct_a"], counts["size_b"], counts["correct_b"]
    table = [[na, nb], [ka - na, kb - nb]]
    if (ka + 1) * (kb + 1) <= BOSCHLOO_MAX_OUTCOMES:
        test, reason = independent.boschloo_exact(table), TEST_SET_REASONS["boschloo"]
    else:
        test, reason = independent.fisher_exact(table, method="mid-p"), TEST_SET_REASONS["mid-p"]
    noninferiority = None
    if margin is not None:
        noninferiority = independent.noninferiority_test(
            na, ka, nb, kb, margin, level=(1 - level) / 2
        )
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
        noninferiority=noninferiority,
        warnings=tuple(atlas_test_set_warnings(na, ka, nb, kb, test, level)),
    )


def atlas_test_set_warnings(
    correct_a: int, size_a: int, correct_b: int, size_b: int, test: TestResult, confidence: float
) -> list[str]:
    """What the coverage atlas measured for the report's test and interval near these counts.

    The same rule as :func:`compare_classifiers`' (:func:`evalkit.atlas.shortfall_note`, margin
    :data:`ATLAS_MARGIN`): a sentence when the nearest measured setting's size exceeds the level,
    or its coverage falls short of nominal, by more than the margin; none otherwise, or when no
    measured setting is near.
    """
    out = []
    pooled = (correct_a + correct_b) / (size_a + size_b)
    method = "-" if test.method.startswith("Boschloo") else "mid-p"
    function = "independent.boschloo_exact" if method == "-" else "independent.fisher_exact"
    note = atlas.shortfall_note(
        function, method, margin=ATLAS_MARGIN, label=test.method, K_A=size_a, K_B=size_b, p=pooled
    )
    if note:
        out.append(note)
    if math.isclose(confidence, 0.95):
        note = atlas.shortfall_note(
            "independent.difference_interval",
            "newcombe",
            margin=ATLAS_MARGIN,
            label="Newcombe's interval for the difference",
            K_A=size_a,
            K_B=size_b,
            p_A=correct_a / size_a,
            p_B=correct_b / size_b,
        )
        if note:
            out.append(note)
    return out
