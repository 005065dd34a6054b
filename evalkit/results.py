"""Result types shared by all evalkit modules: an interval, a test result, and their display.

Both are small frozen dataclasses in the spirit of scipy.stats' result objects: named fields, the
method named in the result, a readable ``str`` for reports. Scalar inputs give plain Python
floats; vectorized calls give NumPy arrays in the same fields.

Every result class of evalkit inherits :class:`ReadableResult`, which gives it a short one-line
``repr`` (numbers at 4 significant digits, arrays summarised as "array of 57 values") and, in
Jupyter, a small HTML table of its fields (``_repr_html_``).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from types import MappingProxyType
from typing import Any, ClassVar

import numpy as np

from evalkit._validation import shown, to_output

__all__ = [
    "Interval",
    "ReadableResult",
    "TestResult",
    "format_pvalue",
    "format_value",
    "html_table",
]


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
        raise ValueError(f"digits must be a whole number ≥ 1; got {shown(digits)}")
    if isinstance(pvalue, bool) or not isinstance(pvalue, (int, float, np.number)):
        raise TypeError(f"pvalue must be a number in [0, 1]; got {shown(pvalue)}")
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


# --------------------------------------------------------------------------------------------
# readable results: a short repr and a small HTML table for every result class

#: Arrays with at most this many elements are shown in full (at 4 significant digits).
_SHOW_ARRAY = 6
#: A value's text longer than this is summarised (a mapping by its keys, a string cut).
_LONGEST = 100


def format_value(value: Any, digits: int = 4) -> str:
    """A field's value as a result's ``repr`` shows it: short, never a wall of numbers.

    Numbers get ``digits`` significant digits; arrays of up to 6 elements are shown in full,
    longer ones as "array of 57 values" (1-D) or "array of shape (3, 4)"; mappings and
    sequences are shown in full when short, otherwise by their size; nested results by their
    own short ``repr``; other objects by their type's name.

    Parameters
    ----------
    value : object
        The value to show.
    digits : int
        Significant digits for numbers.

    Returns
    -------
    str

    Examples
    --------
    >>> format_value(0.123456789), format_value(np.float64(2.0)), format_value(12)
    ('0.1235', '2', '12')
    >>> format_value(np.arange(57.0)), format_value(np.zeros((3, 4)))
    ('array of 57 values', 'array of shape (3, 4)')
    >>> format_value(np.array([0.1, 0.25])), format_value("wald"), format_value({"n": 3})
    ('array([0.1, 0.25])', "'wald'", "{'n': 3}")
    """
    if value is None or isinstance(value, (str, bool, np.bool_)):
        return repr(value if not isinstance(value, np.bool_) else bool(value))
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        return f"{float(value):.{digits}g}"
    if isinstance(value, np.ndarray):
        return _format_array(value, digits)
    if isinstance(value, ReadableResult):
        return value._nested_text()
    if isinstance(value, Mapping):
        return _format_mapping(value, digits)
    if isinstance(value, (tuple, list)):
        return _format_sequence(value, digits)
    if callable(value) and hasattr(value, "__name__"):
        return value.__name__
    return f"<{type(value).__name__}>"


def _format_array(arr: np.ndarray, digits: int) -> str:
    if arr.ndim == 0:
        return format_value(arr.item(), digits)
    if arr.ndim == 1 and arr.size <= _SHOW_ARRAY:
        return f"array([{', '.join(format_value(x, digits) for x in arr.tolist())}])"
    if arr.ndim == 1:
        return f"array of {arr.size} values"
    return f"array of shape {arr.shape}"


def _format_mapping(value: Mapping, digits: int) -> str:
    text = "{" + ", ".join(f"{k!r}: {format_value(v, digits)}" for k, v in value.items()) + "}"
    if len(text) <= _LONGEST:
        return text
    keys = ", ".join(repr(k) for k in list(value)[:4])
    more = ", …" if len(value) > 4 else ""
    return f"{{{len(value)} entries: {keys}{more}}}"


def _format_sequence(value: tuple | list, digits: int) -> str:
    inner = ", ".join(format_value(v, digits) for v in value)
    text = (
        f"({inner}{',' if len(value) == 1 else ''})" if isinstance(value, tuple) else f"[{inner}]"
    )
    if len(value) <= _SHOW_ARRAY and len(text) <= _LONGEST:
        return text
    return f"{type(value).__name__} of {len(value)} values"


def html_table(caption: str, rows: list[tuple[str, Any]], digits: int = 4) -> str:
    """A small two-column HTML table (name → value), every text escaped.

    Values that are not strings are shown with :func:`format_value`; strings as they are.

    Parameters
    ----------
    caption : str
        The table's caption.
    rows : list of (str, object)
        The rows, in order: a name and its value.
    digits : int
        Significant digits of the numbers (:func:`format_value`).

    Returns
    -------
    str
        The HTML of one ``<table class="evalkit-result">``.

    Examples
    --------
    >>> page = html_table("Result <1>", [("p-value", 0.0312345), ("method", "a & b")])
    >>> "<caption>Result &lt;1&gt;</caption>" in page, ">a &amp; b</td>" in page, "0.03123" in page
    (True, True, True)
    """
    cells = []
    for name, value in rows:
        text = value if isinstance(value, str) else format_value(value, digits)
        cells.append(
            f'<tr><th style="text-align:left">{html.escape(str(name))}</th>'
            f'<td style="text-align:left">{html.escape(text)}</td></tr>'
        )
    return (
        f'<table class="evalkit-result"><caption>{html.escape(caption)}</caption>'
        f"{''.join(cells)}</table>"
    )


class ReadableResult:
    """Mixin for result dataclasses: a short ``repr`` and a small HTML table in Jupyter.

    Inherit it and the class is done: ``repr`` lists the dataclass fields declared with
    ``repr=True`` (the default) as ``name=value`` on one line, leaving out fields that are None,
    and ``_repr_html_`` shows them as a two-column table. A class chooses and orders the fields
    it shows with the class attribute ``_repr_fields``, or overrides ``_summary_items()`` to add
    derived values. A class that defines its own ``__repr__`` or ``__str__`` keeps it (the
    dataclass decorator does not replace the mixin's ``repr``: no ``repr=False`` needed).

    Examples
    --------
    >>> @dataclass(frozen=True)
    ... class Fit(ReadableResult):
    ...     alpha: float
    ...     draws: np.ndarray = field(repr=False)
    ...     note: str | None = None
    >>> fit = Fit(alpha=2.123456, draws=np.zeros(500))
    >>> fit
    Fit(alpha=2.123)
    >>> fit._repr_html_().startswith('<table class="evalkit-result"><caption>Fit</caption>')
    True
    """

    #: Field names to show, in order; None shows every dataclass field with ``repr=True``.
    _repr_fields: ClassVar[tuple[str, ...] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        # @dataclass adds a generated __repr__ only when the class body has none: put the
        # inherited (short) one into the class body first, so it is the one that stays.
        if "__repr__" not in cls.__dict__:
            cls.__repr__ = cls.__repr__  # type: ignore[method-assign]

    def _summary_items(self) -> list[tuple[str, Any]]:
        """The (name, value) pairs that ``repr`` and the HTML table show."""
        names = self._repr_fields
        if names is None:
            names = tuple(f.name for f in fields(self) if f.repr) if is_dataclass(self) else ()
        items = [(name, getattr(self, name)) for name in names]
        return [(name, value) for name, value in items if not _is_empty(value)]

    def _repr_caption(self) -> str:
        """The HTML table's caption: the class name, and the method where the result has one."""
        method = getattr(self, "method", None)
        name = type(self).__name__
        return f"{name}: {method}" if isinstance(method, str) and method else name

    def _nested_text(self) -> str:
        """How this result shows inside another result's repr (default: its own repr)."""
        return repr(self)

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={format_value(value)}" for name, value in self._summary_items())
        return f"{type(self).__name__}({inner})"

    def _repr_html_(self) -> str:
        """A small HTML table of the fields (Jupyter shows it instead of ``repr``)."""
        return html_table(self._repr_caption(), self._summary_items())


def _is_empty(value: Any) -> bool:
    return value is None or (isinstance(value, Mapping) and len(value) == 0)


@dataclass(frozen=True)
class Interval(ReadableResult):
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
    >>> ci
    Interval(low=0.66, high=0.9, estimate=0.8, confidence=0.95, method='clopper-pearson')
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

    def _nested_text(self) -> str:
        """Inside a test result's repr: ``[low, high] (95%)``."""
        return f"[{format_value(self.low)}, {format_value(self.high)}] ({100 * self.confidence:g}%)"

    def __str__(self) -> str:
        level = f"{100 * self.confidence:g}%"
        return (
            f"{_fmt(self.estimate)} ({level} {self.method} interval "
            f"{_fmt(self.low)} to {_fmt(self.high)})"
        )


@dataclass(frozen=True)
class TestResult(ReadableResult):
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
    estimate_name : str, optional
        What ``estimate`` is, e.g. ``"odds ratio"`` or ``"difference of rates"``; shown in
        ``str`` and ``repr``. Every evalkit test that reports an estimate names it.
    margin : float, optional
        The margin δ > 0 of a non-inferiority or equivalence test (on the scale of
        ``estimate``): the null hypothesis is "A is worse than B by δ or more" (non-inferiority)
        or "A and B differ by δ or more" (equivalence). None for the other tests.

    ``repr`` shows the statistic and the estimate under their names (``t=2.3``,
    ``odds ratio=2.1``) and a nested interval as ``[low, high] (95%)``. A Monte-Carlo p-value
    keeps its standard error in ``details["mc_standard_error"]``; ``str`` and ``repr`` show it.

    Examples
    --------
    >>> r = TestResult(statistic=4.0, pvalue=3.17e-05, alternative="greater",
    ...                method="Günter's simple test", statistic_name="z")
    >>> print(r)
    Günter's simple test: z = 4, p = 3.17e-05 (greater)
    >>> r = TestResult(statistic=3.0, pvalue=0.0312, alternative="two-sided",
    ...                method="Fisher's exact test", statistic_name="a", estimate=2.1,
    ...                estimate_name="odds ratio")
    >>> print(r)
    Fisher's exact test: a = 3, p = 0.0312 (two-sided); odds ratio = 2.1
    >>> r  # doctest: +NORMALIZE_WHITESPACE
    TestResult(method="Fisher's exact test", a=3, pvalue=0.0312, alternative='two-sided',
               odds ratio=2.1)
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
    estimate_name: str | None = None
    margin: Any = None

    def _summary_items(self) -> list[tuple[str, Any]]:
        """What repr and the HTML table show: the statistic and the estimate by their names."""
        items = [
            ("method", self.method),
            (self.statistic_name, self.statistic),
            ("df", self.df),
            ("pvalue", self.pvalue),
            ("alternative", self.alternative),
            (self.estimate_name or "estimate", self.estimate),
            ("interval", self.interval),
            ("margin", self.margin),
            ("mc_standard_error", self.details.get("mc_standard_error")),
            ("details", self.details),
        ]
        return [(name, value) for name, value in items if not _is_empty(value)]

    def __post_init__(self) -> None:
        if self.estimate_name is not None and not isinstance(self.estimate_name, str):
            raise TypeError(
                f"estimate_name must be a string such as 'odds ratio' or None; "
                f"got {self.estimate_name!r}"
            )
        for name in ("statistic", "pvalue", "df", "estimate", "margin"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, to_output(value))
        converted = {k: _detail(v) for k, v in self.details.items()}
        object.__setattr__(self, "details", MappingProxyType(converted))

    def __str__(self) -> str:
        df = f", df = {_fmt(self.df)}" if self.df is not None else ""
        text = (
            f"{self.method}: {self.statistic_name} = {_fmt(self.statistic)}{df}, "
            f"p = {_fmt(self.pvalue, 3)} ({self.alternative})"
        )
        if "mc_standard_error" in self.details:
            text += f"; Monte-Carlo SE of p = {_fmt(self.details['mc_standard_error'], 2)}"
        if self.estimate_name is not None and self.estimate is not None:
            text += f"; {self.estimate_name} = {_fmt(self.estimate)}"
        if self.margin is not None:
            text += f"; margin = {_fmt(self.margin)}"
        return text


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


# --------------------------------------------------------------------------------------------
# the two arguments every non-inferiority and equivalence test shares (independent, paired, roc)


def _check_margin(margin: Any, name: str = "margin") -> float:
    """A margin δ: one finite number strictly between 0 and 1 (accuracy points, AUC)."""
    allowed = (
        f"{name} must be one number strictly between 0 and 1 (the margin δ on the scale of the "
        "difference, e.g. 0.05 for five accuracy points)"
    )
    if isinstance(margin, (bool, np.bool_)) or not isinstance(margin, (int, float, np.number)):
        if np.ndim(margin) and not isinstance(margin, (str, bytes)):
            raise ValueError(f"{allowed}; got an array of shape {np.shape(margin)}")
        raise TypeError(f"{allowed}; got {margin!r}")
    value = float(margin)
    if not 0.0 < value < 1.0:  # also rejects NaN
        hint = " (a negative margin: pass its size, the sign is in the test)" if value < 0 else ""
        raise ValueError(f"{allowed}; got {margin!r}{hint}")
    return value


def _check_one_sided_level(level: Any, name: str = "level") -> float:
    """A one-sided significance level α strictly between 0 and 0.5 (the interval has 1 − 2α)."""
    allowed = (
        f"{name} must be a number strictly between 0 and 0.5 (the one-sided significance level "
        "α, e.g. 0.025; the interval has confidence 1 − 2α)"
    )
    if isinstance(level, (bool, np.bool_)) or not isinstance(level, (int, float, np.number)):
        raise TypeError(f"{allowed}; got {level!r}")
    value = float(level)
    if not 0.0 < value < 0.5:
        raise ValueError(f"{allowed}; got {level!r}")
    return value
