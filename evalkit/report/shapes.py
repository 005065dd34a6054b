"""The shapes of the report's results, as the writers of its text, pages and figure read them.

:mod:`evalkit.report.wording`, :mod:`evalkit.report.pages` and :mod:`evalkit.report.panels`
turn a result into sentences, HTML and a figure. They need to know what a result holds, not
which class holds it: each shape below lists the fields and methods they read, and the result
classes (:class:`~evalkit.report.ClassifierReport`, :class:`~evalkit.report.Comparison`,
:class:`~evalkit.report.TestSetComparison`, whose modules import the writers) have them. So
the writers import this module, not the result classes, and no import comes back round.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol

import numpy as np

from evalkit.results import Interval, TestResult
from evalkit.roc import AucInterval, RocCurve

__all__ = ["OneClassifier", "TwoClassifiers", "TwoTestSets"]


class OneClassifier(Protocol):
    """One classifier on one test set (:class:`~evalkit.report.ClassifierReport`)."""

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
    roc_curve: RocCurve | None
    auc: AucInterval | None
    confidence: float
    warnings: tuple[str, ...]
    notes: tuple[str, ...]
    groups: int | None
    clustered: Interval | None
    design_effect: float | None
    effective_size: float | None

    def independence_sentence(self) -> str | None: ...


class TwoClassifiers(Protocol):
    """Two classifiers on the same test set (:class:`~evalkit.report.Comparison`)."""

    names: tuple[str, str]
    size: int
    confidence: float
    a: OneClassifier
    b: OneClassifier
    agreement: np.ndarray
    mcnemar: TestResult
    mcnemar_reason: str
    difference: Interval
    delong: TestResult | None
    warnings: tuple[str, ...]
    notes: tuple[str, ...]
    groups: int | None
    noninferiority: TestResult | None

    @property
    def discordant(self) -> int: ...

    def difference_sentence(self) -> str: ...

    def borderline_sentence(self) -> str | None: ...

    def independence_sentence(self) -> str | None: ...


class TwoTestSets(Protocol):
    """Two classifiers on two test sets (:class:`~evalkit.report.TestSetComparison`)."""

    names: tuple[str, str]
    confidence: float
    test: TestResult
    test_reason: str
    fisher: TestResult
    noninferiority: TestResult | None
    warnings: tuple[str, ...]

    def _rows(self) -> Iterator[tuple[str, float, int, int, Interval]]: ...

    def difference_sentence(self) -> str: ...

    def borderline_sentence(self) -> str | None: ...
