"""Result types shared by all evalkit modules: an interval and a test result.

Both are small frozen dataclasses in the spirit of scipy.stats' result objects: named fields, the
method named in the result, a readable ``str`` for reports. Scalar inputs give plain Python
floats; vectorized calls give NumPy arrays in the same fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np

from evalkit._validation import to_output

__all__ = ["Interval", "TestResult", "format_pvalue"]


def format_pvalue(pvalue: float, digits: int = 3) -> str:
    """A p-value as a course figure or table prints it: never "0.000".

    Below 10^−digits the p-value is written as a bound ("< 0.001"), which is all a reader needs
    and all that its approximations support; otherwise with ``digits`` decimals.

    Parameters
    ----------
    pvalue : float
        A p-value in [0, 1].
    digits : int
        Decimals to show (at least 1).

    Returns
    -------
    str

    Examples
    --------
    >>> format_pvalue(0.0713), format_pvalue(2.3e-9), format_pvalue(1.0)
    ('0.071', '< 0.001', '1.000')
    >>> format_pvalue(0.00049, digits=4)
    '0.0005'
    """
    if isinstance(digits, bool) or not isinstance(digits, (int, np.integer)) or digits < 1:
        raise ValueError(f"digits must be a whole number ≥ 1; got {digits!r}")
    if isinstance(pvalue, bool) or not isinstance(pvalue, (int, float, np.number)):
        raise TypeError(f"pvalue must be a number in [0, 1]; got {pvalue!r}")
    value = float(pvalue)
    if not 0.0 <= value <= 1.0:  # also rejects NaN
        raise ValueError(f"pvalue must be a number in [0, 1]; got {pvalue!r}")
    bound = 10.0 ** (-digits)
    if value < bound:
        return f"< {bound:.{digits}f}"
    return f"{value:.{digits}f}"


def _fmt(value: Any, digits: int = 4) -> str:
    if value is None:
        return "–"
    arr = np.asarray(value)
    if arr.ndim == 0:
        return f"{float(arr):.{digits}g}"
    return np.array2string(arr, precision=digits, threshold=6)


@dataclass(frozen=True)
class Interval:
    """A confidence (or credible) interval for one quantity, with the method that made it.

    Attributes
    ----------
    low, high : float or ndarray
        The limits. Arrays when the call was vectorized.
    estimate : float or ndarray
        The point estimate the interval belongs to (e.g. the empirical rate n/K).
    confidence : float
        The nominal confidence level, e.g. 0.95.
    method : str
        The method's name, e.g. ``"clopper-pearson"``.

    Examples
    --------
    >>> ci = Interval(low=0.66, high=0.90, estimate=0.8, confidence=0.95, method="clopper-pearson")
    >>> print(ci)
    0.8 (95% clopper-pearson interval 0.66 to 0.9)
    >>> low, high = ci
    >>> ci.contains(0.7), round(ci.width, 2)
    (True, 0.24)
    """

    low: Any
    high: Any
    estimate: Any
    confidence: float
    method: str

    def __post_init__(self) -> None:
        for name in ("low", "high", "estimate"):
            object.__setattr__(self, name, to_output(getattr(self, name)))
        object.__setattr__(self, "confidence", float(self.confidence))

    def __iter__(self):
        """Unpack as ``low, high = interval``."""
        yield self.low
        yield self.high

    @property
    def width(self) -> Any:
        """``high - low``."""
        return to_output(np.asarray(self.high) - np.asarray(self.low))

    def contains(self, value: Any) -> Any:
        """Whether ``low <= value <= high`` (elementwise for arrays)."""
        inside = (np.asarray(self.low) <= value) & (np.asarray(value) <= self.high)
        return bool(inside) if np.ndim(inside) == 0 else inside

    def __str__(self) -> str:
        level = f"{100 * self.confidence:g}%"
        return (
            f"{_fmt(self.estimate)} ({level} {self.method} interval "
            f"{_fmt(self.low)} to {_fmt(self.high)})"
        )


@dataclass(frozen=True)
class TestResult:
    """The result of a hypothesis test, with the method and alternative named.

    Attributes
    ----------
    statistic : float or ndarray
        The test statistic (its meaning is given by ``statistic_name``).
    pvalue : float or ndarray
        The p-value for ``alternative``.
    alternative : str
        ``"two-sided"``, ``"less"`` or ``"greater"`` (or a test-specific wording).
    method : str
        The test's name, e.g. ``"Fisher's exact test"``.
    statistic_name : str
        What ``statistic`` is: ``"z"``, ``"t"``, ``"chi2"``, ``"F"``, a count …
    df : float, optional
        Degrees of freedom where the null distribution has them.
    estimate : float or ndarray, optional
        The effect the test is about (a difference of rates, an odds ratio …).
    interval : Interval, optional
        A confidence interval for ``estimate`` where the method gives one.
    details : mapping
        Further named numbers a particular test reports (read-only).

    Examples
    --------
    >>> r = TestResult(statistic=4.0, pvalue=3.17e-05, alternative="greater",
    ...                method="Günter's simple test", statistic_name="z")
    >>> print(r)
    Günter's simple test: z = 4, p = 3.17e-05 (greater)
    """

    __test__ = False  # not a pytest test class, despite the name

    statistic: Any
    pvalue: Any
    alternative: str
    method: str
    statistic_name: str = "statistic"
    df: Any = None
    estimate: Any = None
    interval: Interval | None = None
    details: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for name in ("statistic", "pvalue", "df", "estimate"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, to_output(value))
        converted = {k: _detail(v) for k, v in self.details.items()}
        object.__setattr__(self, "details", MappingProxyType(converted))

    def __repr__(self) -> str:
        parts = [
            f"statistic={self.statistic!r}",
            f"pvalue={self.pvalue!r}",
            f"alternative={self.alternative!r}",
            f"method={self.method!r}",
            f"statistic_name={self.statistic_name!r}",
        ]
        for name in ("df", "estimate", "interval"):
            value = getattr(self, name)
            if value is not None:
                parts.append(f"{name}={value!r}")
        if self.details:
            parts.append(f"details={dict(self.details)!r}")
        return f"TestResult({', '.join(parts)})"

    def __str__(self) -> str:
        df = f", df = {_fmt(self.df)}" if self.df is not None else ""
        return (
            f"{self.method}: {self.statistic_name} = {_fmt(self.statistic)}{df}, "
            f"p = {_fmt(self.pvalue, 3)} ({self.alternative})"
        )


def _detail(value: Any) -> Any:
    """A details entry as a plain Python number: counts stay ``int``, the rest ``float``."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, np.integer)):
        return int(value)
    if isinstance(value, np.ndarray) and value.ndim == 0 and np.issubdtype(value.dtype, np.integer):
        return int(value)
    if isinstance(value, (float, np.floating, np.ndarray)):
        return to_output(value)
    return value
