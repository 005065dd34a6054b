"""What the report's results share: plain-Python dictionaries and the common methods.

:class:`ReportResult` is the base of :class:`~evalkit.report.ClassifierReport`,
:class:`~evalkit.report.Comparison` and :class:`~evalkit.report.TestSetComparison`: ``str`` is
the summary, ``to_dict()`` the numbers as plain Python values with the summary last.
:class:`OverviewResult` adds the HTML page and the figure of the first two, which show the same
panels and tables for one classifier or for two: it hands the result to
:mod:`evalkit.report.pages` and :mod:`evalkit.report.panels`, which read it by its shape
(:mod:`evalkit.report.shapes`) and import none of the result classes.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from evalkit.report.pages import overview_page
from evalkit.report.panels import draw
from evalkit.results import Interval, TestResult


def plain(value: Any) -> Any:
    """A JSON-ready copy: NumPy → Python, NaN/inf → None, tuples → lists."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, np.ndarray):
        return [plain(v) for v in value.tolist()]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def interval_dict(ci: Interval | None) -> dict[str, Any] | None:
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


def result_dict(result: TestResult | None) -> dict[str, Any] | None:
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
        "interval": interval_dict(result.interval),
        "details": dict(result.details),
    }


class ReportResult:
    """The common part of the report's results: ``str``, ``to_dict`` and the summary.

    A subclass defines ``summary()`` (the text) and ``_numbers()`` (its fields for
    ``to_dict``, in order, without the summary).
    """

    __slots__ = ()

    def summary(self) -> str:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def _numbers(self) -> dict[str, Any]:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def __str__(self) -> str:
        return self.summary()

    def to_dict(self) -> dict[str, Any]:
        """All numbers as plain Python values (JSON-ready; NaN becomes None)."""
        return plain({**self._numbers(), "summary": self.summary()})


class OverviewResult(ReportResult):
    """A result with the overview page and figure: one classifier's report, or two compared.

    A subclass defines ``_parts()``: the classifiers' reports and the comparison (or None), and
    ``_title()``, the heading of its HTML page.
    """

    __slots__ = ()

    def _parts(self) -> tuple[list[Any], Any]:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def _title(self) -> str:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def _repr_html_(self) -> str:
        return overview_page(self._title(), *self._parts())

    def _draw(self, axes: Any, legend_loc: str) -> Any:
        """The figure of ``plot()`` (matplotlib is imported only here)."""
        return draw(*self._parts(), axes, legend_loc)
