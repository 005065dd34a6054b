"""Tails and quantiles of the standard normal and Student's t, shared by the z and t tests.

The special functions that ``scipy.stats.norm`` and ``scipy.stats.t`` evaluate (``ndtr``,
``ndtri``, ``stdtr``, ``stdtrit``), called directly: the same numbers to the last bit, also at
±inf and NaN, without the 50–100 µs of argument handling that every call of a ``scipy.stats``
method costs, which a simulation or a widget that runs a test thousands of times pays thousands of
times.
"""

from __future__ import annotations

import numpy as np
from scipy.special import ndtr, ndtri, stdtr, stdtrit


def tail_pvalue(statistic: np.ndarray, alternative: str, df: float | None = None) -> np.ndarray:
    """The p-value of a z (``df`` None) or t statistic (``df`` degrees of freedom).

    "greater": P(Z ≥ z); "less": P(Z ≤ z); "two-sided": 2·P(Z ≥ |z|) (at most 1).

    Examples
    --------
    >>> round(float(tail_pvalue(np.float64(1.96), "two-sided")), 4)
    0.05
    >>> round(float(tail_pvalue(np.float64(2.0), "greater", df=9)), 4)
    0.0383
    """

    def cdf(x: np.ndarray) -> np.ndarray:
        return ndtr(x) if df is None else stdtr(df, x)

    if alternative == "greater":
        return cdf(-statistic)
    if alternative == "less":
        return cdf(statistic)
    return np.minimum(1.0, 2.0 * cdf(-np.abs(statistic)))


def two_sided_quantile(confidence: float, df: float | None = None) -> float:
    """The quantile at (1 + confidence)/2 of the standard normal (``df`` None) or of t(df).

    Examples
    --------
    >>> round(two_sided_quantile(0.95), 4), round(two_sided_quantile(0.95, df=9), 4)
    (1.96, 2.2622)
    """
    q = 0.5 + confidence / 2
    return float(ndtri(q) if df is None else stdtrit(df, q))
