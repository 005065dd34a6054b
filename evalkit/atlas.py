"""The coverage atlas: the measured coverage of evalkit's intervals and the size of its tests.

Every public function of evalkit that returns an interval or a test result has rows in the atlas
table ``atlas.csv`` of the course's data folder (``make atlas`` writes it with
``benchmarks/measure_atlas.py``). A row is one method at one setting:

``function``
    the public function, e.g. ``"intervals.wilson"`` or ``"paired.mcnemar"``;
``method``
    the value of its ``method`` (or similar) argument, ``"-"`` where it has none;
``kind``
    ``"coverage"`` (an interval: the probability that it contains the true value), ``"size"``
    (a test: the probability that it rejects a true null hypothesis at level 0.05) or
    ``"power"`` (a test at an alternative the course discusses);
``setting``
    the parameters, ``"K=50; p=0.9"`` (see each family in ``benchmarks/measure_atlas.py``);
``value``, ``se``
    the probability and its Monte-Carlo standard error (0 where it was computed exactly);
``width``
    the mean width of an interval (empty for tests);
``nominal``
    what the method promises: 0.95 for a coverage row, 0.05 for a size row;
``worst``
    ``1`` on the row of the worst setting found (the lowest coverage, the largest size), else
    ``0``: on a fine grid where the outcomes are enumerated (one rate, two rates: a row of its
    own per test-set size), else on the method's grid of measured settings (a simulated worst
    is itself an estimate, with its standard error);
``how``
    ``"exact enumeration"`` or ``"simulation, R replicates"``;
``model``
    the data-generating model behind the row: ``"Binomial(K, p): K test items, each right with
    probability p"``, the class shares of kappa's three classes, the writers' beta-binomial
    accuracies (``MODELS`` in ``benchmarks/measure_atlas.py``).

Reading the table needs only the standard library and NumPy. :func:`compare` answers a user's
question for their own counts ("which interval should I use for 47 of 50?"): every method's
interval and its exact coverage near the estimate, and the course's recommendation with its
reason; it imports :mod:`evalkit.intervals`, :mod:`evalkit.independent` and
:mod:`evalkit.paired` when it is called.

Examples
--------
>>> s = summary("intervals.wilson", "-")
>>> s.minimum < 0.95 < s.median + 0.01
True
>>> row = nearest("intervals.clopper_pearson", "-", K=50, p=0.8)
>>> row.setting
'K=50; p=0.8'
>>> compare(successes=47, trials=50).recommended
('clopper-pearson',)
"""

from __future__ import annotations

import csv
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

__all__ = [
    "AtlasRow",
    "Choice",
    "Lookup",
    "Summary",
    "compare",
    "nearest",
    "rows",
    "shortfall_note",
    "summary",
]

#: The name of the atlas table in the course's data folder.
TABLE = "atlas.csv"
#: The columns of the table, in order.
COLUMNS = (
    "function",
    "method",
    "kind",
    "setting",
    "value",
    "se",
    "width",
    "nominal",
    "worst",
    "how",
    "model",
)


@dataclass(frozen=True)
class AtlasRow:
    """One measured setting of one method (see the module's docstring for the fields)."""

    function: str
    method: str
    kind: str
    setting: str
    value: float
    se: float
    width: float | None
    nominal: float
    worst: bool
    how: str
    model: str = ""

    @property
    def parameters(self) -> dict[str, float | str]:
        """The setting as a dict: ``"K=50; p=0.9"`` → ``{"K": 50.0, "p": 0.9}``."""
        return parse_setting(self.setting)


@dataclass(frozen=True)
class Summary:
    """Minimum, median and maximum of one method's rows of one kind, and the share below nominal.

    ``below`` is the share of settings whose coverage is below nominal by more than two standard
    errors (for size rows: above nominal by more than two standard errors).
    """

    function: str
    method: str
    kind: str
    minimum: float
    median: float
    maximum: float
    below: float
    settings: int

    def __str__(self) -> str:
        what = "coverage" if self.kind == "coverage" else self.kind
        return (
            f"{self.function} ({self.method}): {what} over {self.settings} settings of the "
            f"atlas, minimum {self.minimum:.3f}, median {self.median:.3f}, "
            f"maximum {self.maximum:.3f}"
        )


def parse_setting(setting: str) -> dict[str, float | str]:
    """``"K=50; p=0.9"`` → ``{"K": 50.0, "p": 0.9}`` (values that are not numbers stay text)."""
    out: dict[str, float | str] = {}
    for part in setting.split(";"):
        if not part.strip():
            continue
        key, _, value = part.partition("=")
        try:
            out[key.strip()] = float(value)
        except ValueError:
            out[key.strip()] = value.strip()
    return out


def format_setting(**parameters: float | str) -> str:
    """``format_setting(K=50, p=0.9)`` → ``"K=50; p=0.9"`` (numbers in their shortest form)."""
    parts = []
    for key, value in parameters.items():
        text = f"{value:.6g}" if isinstance(value, float) else str(value)
        parts.append(f"{key}={text}")
    return "; ".join(parts)


def _data_file() -> Path:
    from evalkit.datasets import data_folder

    return data_folder() / TABLE


@lru_cache(maxsize=4)
def _read(path: str) -> tuple[AtlasRow, ...]:
    out = []
    with open(path, newline="", encoding="utf-8") as f:
        for record in csv.DictReader(line for line in f if not line.startswith("#")):
            width = record["width"]
            out.append(
                AtlasRow(
                    function=record["function"],
                    method=record["method"],
                    kind=record["kind"],
                    setting=record["setting"],
                    value=float(record["value"]),
                    se=float(record["se"]),
                    width=float(width) if width else None,
                    nominal=float(record["nominal"]),
                    worst=record["worst"] == "1",
                    how=record["how"],
                    model=record.get("model") or "",
                )
            )
    return tuple(out)


def rows(
    function: str | None = None, method: str | None = None, kind: str | None = None
) -> list[AtlasRow]:
    """The atlas rows, optionally only those of one function, method and kind.

    Parameters
    ----------
    function : str, optional
        The public function, as the atlas names it: ``"intervals.wilson"``,
        ``"paired.mcnemar"``; default: every function.
    method : str, optional
        The value of its ``method`` argument (``"-"`` for a function without one); default:
        every method.
    kind : {"coverage", "size", "power"}, optional
        Default: every kind.

    Returns
    -------
    list of AtlasRow
        In the table's order; empty when nothing matches.

    Examples
    --------
    >>> len(rows("intervals.wilson", kind="coverage")) > 10
    True
    """
    if function is None:
        return [
            r
            for r in _read(str(_data_file()))
            if (method is None or r.method == method) and (kind is None or r.kind == kind)
        ]
    return [
        r
        for r in _by_function(str(_data_file())).get(function, ())
        if (method is None or r.method == method) and (kind is None or r.kind == kind)
    ]


@lru_cache(maxsize=4)
def _by_function(path: str) -> dict[str, tuple[AtlasRow, ...]]:
    """The rows grouped by function, so that a report's look-ups do not rescan the table."""
    grouped: dict[str, list[AtlasRow]] = {}
    for r in _read(path):
        grouped.setdefault(r.function, []).append(r)
    return {name: tuple(found) for name, found in grouped.items()}


def _shortfall(row: AtlasRow) -> bool:
    if row.kind == "coverage":
        return row.value < row.nominal - 2 * row.se - 1e-12
    if row.kind == "size":
        return row.value > row.nominal + 2 * row.se + 1e-12
    return False


def summary(function: str, method: str = "-", kind: str | None = None) -> Summary:
    """Minimum, median, maximum and share below nominal of one method's atlas rows.

    Parameters
    ----------
    function : str
        The public function, as the atlas names it: ``"intervals.wilson"``, ``"paired.mcnemar"``.
    method : str
        The value of its ``method`` argument; ``"-"`` (the default) for a function without one.
    kind : {"coverage", "size", "power"}, optional
        Default: ``"coverage"`` for an interval, ``"size"`` for a test.

    Returns
    -------
    Summary
        Over the method's rows of that kind.

    Raises
    ------
    ValueError
        When the atlas has no such rows.

    Examples
    --------
    >>> s = summary("intervals.clopper_pearson")
    >>> s.minimum >= 0.95, s.below
    (True, 0.0)
    """
    if kind is None:
        kinds = {r.kind for r in rows(function, method)}
        kind = "coverage" if "coverage" in kinds else "size"
    found = rows(function, method, kind)
    if not found:
        known = sorted({(r.function, r.method) for r in rows()})
        raise ValueError(
            f"the atlas has no {kind} rows for function={function!r}, method={method!r}; "
            f"it has {len(known)} (function, method) pairs, e.g. {known[:3]}"
        )
    values = np.array([r.value for r in found])
    return Summary(
        function=function,
        method=method,
        kind=kind,
        minimum=float(values.min()),
        median=float(np.median(values)),
        maximum=float(values.max()),
        below=float(np.mean([_shortfall(r) for r in found])),
        settings=len(found),
    )


def _distance(a: float | str, b: float | str) -> float:
    """How far two values of one parameter are: rates on the logit scale, counts on the log."""
    if isinstance(a, str) or isinstance(b, str):
        return 0.0 if a == b else math.inf
    if (0 < a < 1 and 0 <= b <= 1) or (0 <= a <= 1 and 0 < b < 1):
        # rates on the logit scale; a rate of exactly 0 or 1 is far from every measured one
        a, b = (min(max(x, 1e-9), 1 - 1e-9) for x in (a, b))
        return abs(math.log(a / (1 - a)) - math.log(b / (1 - b)))
    if a > 0 and b > 0:
        return abs(math.log(a) - math.log(b))
    return abs(a - b)


def nearest(
    function: str, method: str = "-", kind: str | None = None, **setting: float
) -> AtlasRow:
    """The atlas row of a method whose setting is nearest to ``setting``.

    Distances are summed over the parameters that ``setting`` names: rates in (0, 1) on the
    logit scale (0.99 is far from 0.9), counts on the log scale.

    Parameters
    ----------
    function : str
        The public function, as the atlas names it: ``"intervals.wilson"``, ``"paired.mcnemar"``.
    method : str
        The value of its ``method`` argument; ``"-"`` (the default) for a function without one.
    kind : {"coverage", "size", "power"}, optional
        Default: ``"coverage"`` for an interval, ``"size"`` for a test.
    **setting : float
        The parameters to be near, by their names in the atlas's settings: ``K=48, p=0.97``
        (see each family in ``benchmarks/measure_atlas.py``).

    Returns
    -------
    AtlasRow
        The nearest row; of two at the same distance, a grid row before a worst-case row.

    Examples
    --------
    >>> nearest("intervals.wald", "-", K=48, p=0.97).setting
    'K=50; p=0.97'
    """
    if kind is None:
        kinds = {r.kind for r in rows(function, method)}
        kind = "coverage" if "coverage" in kinds else "size"
    found = rows(function, method, kind)
    if not found:
        raise ValueError(
            f"the atlas has no {kind} rows for function={function!r}, method={method!r}"
        )

    def score(row: AtlasRow) -> tuple[float, int]:
        params = row.parameters
        total = sum(_distance(params.get(k, math.inf), float(v)) for k, v in setting.items())
        return total, row.worst  # prefer a grid row over a worst-case row at the same distance

    return min(found, key=score)


#: how far (on the scale of :func:`nearest`) each parameter of the nearest measured setting may
#: be from the asked one for :func:`shortfall_note` to speak: a factor 2.5 in a count, or in the
#: odds of a rate
WITHIN = math.log(2.5)


def shortfall_note(
    function: str,
    method: str = "-",
    *,
    margin: float = 0.02,
    label: str | None = None,
    **setting: float,
) -> str | None:
    """One sentence when the method's coverage at the nearest atlas setting falls short.

    ``None`` when the nearest row's coverage is within ``margin`` of nominal (or its size within
    ``margin`` of the level), or when no measured setting is near enough: every parameter
    within a factor 2.5 (of a count, or of the odds of a rate; :data:`WITHIN`).

    Parameters
    ----------
    function : str
        The public function, as the atlas names it: ``"intervals.wilson"``, ``"paired.mcnemar"``.
    method : str
        The value of its ``method`` argument; ``"-"`` (the default) for a function without one.
    margin : float
        How far below nominal a coverage (above the level a size) may be before it is told.
    label : str, optional
        The method's name in the sentence; default: the function and its method.
    **setting : float
        The setting to look up, as for :func:`nearest`: ``K=20, p=0.97``.

    Returns
    -------
    str or None
        The sentence, or None.

    Examples
    --------
    >>> print(shortfall_note("intervals.wald", "-", K=20, p=0.97))  # doctest: +ELLIPSIS
    Evalkit.intervals.wald covers ... setting (K=20; p=0.97) ...
    >>> print(shortfall_note("intervals.wald", K=20, p=0.97, label="Wald's interval"))
    ... # doctest: +ELLIPSIS
    Wald's interval covers 45.6 % instead of 95 % at the nearest measured setting (K=20; p=0.97) ...
    >>> shortfall_note("intervals.clopper_pearson", "-", K=20, p=0.97) is None
    True
    """
    row = nearest(function, method, **setting)
    params = row.parameters
    if any(_distance(params.get(k, math.inf), float(v)) > WITHIN for k, v in setting.items()):
        return None
    if label is None:
        label = f"evalkit.{function}" + (f" (method {method!r})" if method != "-" else "")
    if row.kind == "coverage":
        if row.value >= row.nominal - margin:
            return None
        return (
            f"{label[0].upper()}{label[1:]} covers {100 * row.value:.1f} % instead of "
            f"{100 * row.nominal:.0f} % at the nearest measured setting ({row.setting}) of the "
            f"coverage atlas ({row.how})."
        )
    if row.value <= row.nominal + margin:
        return None
    return (
        f"{label[0].upper()}{label[1:]} rejects a true null hypothesis "
        f"{100 * row.value:.1f} % of the time instead of at most {100 * row.nominal:.0f} % at "
        f"the nearest measured setting ({row.setting}) of the coverage atlas ({row.how})."
    )


# --------------------------------------------------------------------------------------------
# the lookup: which interval for *my* counts? (issue 57 §7)

#: evalkit.intervals' method names → the public function (and its option) the atlas names
ONE_RATE_METHODS = {
    "clopper-pearson": "intervals.clopper_pearson",
    "mid-p": "intervals.mid_p",
    "wilson": "intervals.wilson",
    "wilson-cc": "intervals.wilson (correction=True)",
    "agresti-coull": "intervals.agresti_coull",
    "jeffreys": "intervals.jeffreys",
    "bayes-uniform": "intervals.bayes_uniform",
    "wald": "intervals.wald",
    "normal-rule": "intervals.normal_rule",
}
#: rates evenly spaced over the range near an estimate (one rate), and per axis (two rates)
NEAR_POINTS = 2001
NEAR_GRID = 21
#: the paired intervals are enumerated over every agreement table up to this many items
PAIRED_EXACT_ITEMS = 60
#: simulated test sets per true setting beyond it (seeded: the lookup gives the same table)
PAIRED_SIMULATED = 2000
#: the paired lookup's grid of true discordant rates, per axis
PAIRED_GRID = 5


@dataclass(frozen=True)
class Choice:
    """One method in a :class:`Lookup`: the interval (or test) at the data, and how it behaves
    for true values near the estimate.

    Attributes
    ----------
    method : str
        The method's name as its function takes it (``"wilson"``, ``"newcombe"``, ``"mid-p"``).
    function : str
        The public function that computes it, as the atlas names it.
    kind : {"coverage", "size"}
        Coverage of an interval (nominal: the confidence), size of a test (nominal: 0.05).
    low, high, width : float or None
        The interval computed from the data (None for a test, or for an AUC given without its
        scores).
    at_estimate : float
        Coverage (size) when the true value is the estimate itself.
    worst : float
        The lowest coverage (largest size) over the true values near the estimate.
    worst_at : str
        Where that is, as a setting: ``"p=0.9965"``.
    how : str
        ``"exact enumeration"``, ``"simulation, … test sets"`` or the atlas's row it comes from.
    """

    method: str
    function: str
    kind: str
    low: float | None
    high: float | None
    width: float | None
    at_estimate: float
    worst: float
    worst_at: str
    how: str


@dataclass(frozen=True)
class Lookup:
    """What :func:`compare` found: every method's coverage (or size) near the data, and the
    course's recommendation with its reason.

    ``str()`` prints it as a table; in a notebook it shows as an HTML table.

    Attributes
    ----------
    question : str
        ``"one accuracy"``, ``"two independent test sets"``, ``"one test set, two
        classifiers"`` or ``"AUC"``, with the data.
    estimate : float
        The estimate (an accuracy, a difference, an AUC).
    near : str
        The true values searched, in words.
    choices : tuple of Choice
        Every method, intervals first, in the order of the table.
    recommended : tuple of str
        The methods the course recommends here (an interval, and a test where there is one).
    reason : str
        Why, with the numbers of the table.
    confidence : float
    """

    question: str
    estimate: float
    near: str
    choices: tuple[Choice, ...]
    recommended: tuple[str, ...]
    reason: str
    confidence: float

    def choice(self, method: str) -> Choice:
        """The row of one method (``"wilson"``); ``KeyError`` naming the methods there are."""
        for c in self.choices:
            if c.method == method:
                return c
        raise KeyError(f"no method {method!r} here; there are {[c.method for c in self.choices]}")

    def _lines(self) -> list[tuple[str, ...]]:
        head = ("method", "interval", "width", "at estimate", "worst near", "where", "how")
        out = [head]
        for c in self.choices:
            mark = " *" if c.method in self.recommended else ""
            shown = "–" if c.low is None else f"{c.low:.4f} to {c.high:.4f}"
            width = "–" if c.width is None else f"{c.width:.4f}"
            what = "size " if c.kind == "size" else ""
            out.append(
                (
                    c.method + mark,
                    shown,
                    width,
                    f"{what}{c.at_estimate:.3f}",
                    f"{what}{c.worst:.3f}",
                    c.worst_at,
                    c.how,
                )
            )
        return out

    def __str__(self) -> str:
        lines = self._lines()
        widths = [max(len(row[i]) for row in lines) for i in range(len(lines[0]))]
        table = "\n".join(
            "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
            for row in lines
        )
        return (
            f"{self.question}: estimate {self.estimate:.4f}; near = {self.near}\n{table}\n"
            f"* recommended: {self.reason}"
        )

    def __repr__(self) -> str:
        return (
            f"Lookup(question={self.question!r}, estimate={self.estimate:.4g}, "
            f"recommended={self.recommended!r}, methods={len(self.choices)})"
        )

    def _repr_html_(self) -> str:
        import html

        lines = self._lines()
        head = "".join(f"<th>{html.escape(cell)}</th>" for cell in lines[0])
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>"
            for row in lines[1:]
        )
        return (
            f"<p>{html.escape(self.question)}: estimate {self.estimate:.4f}; near = "
            f"{html.escape(self.near)}</p><table class='evalkit-atlas'><tr>{head}</tr>{body}"
            f"</table><p>* recommended: {html.escape(self.reason)}</p>"
        )


def _count(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer, float, np.floating)):
        raise TypeError(f"{name} must be a whole number; got {value!r}")
    if not math.isfinite(value) or value != int(value) or value < 0:
        raise ValueError(f"{name} must be a whole number ≥ 0; got {value!r}")
    return int(value)


def _near(successes: int, trials: int) -> tuple[float, float, float]:
    """The estimate and the range of true rates near it: x̂ ± 2 SE cut to [0, 1]."""
    estimate = successes / trials
    centre = estimate if 0 < successes < trials else (successes + 0.5) / (trials + 1)
    se = math.sqrt(centre * (1 - centre) / trials)
    return estimate, max(0.0, estimate - 2 * se), min(1.0, estimate + 2 * se)


def _rates(low: float, high: float, trials: int, estimate: float, points: int) -> np.ndarray:
    """Rates from low to high, evenly spaced, denser near 0 and 1 (where intervals dip)."""
    grid = [np.linspace(low, high, points), [estimate]]
    for edge in (0.0, 1.0):
        gap = np.geomspace(0.5, 0.02 / trials, points)
        grid.append(edge + gap if edge == 0.0 else edge - gap)
    rates = np.unique(np.concatenate(grid))
    return rates[(rates >= low - 1e-12) & (rates <= high + 1e-12)]


def _one_rate(successes: int, trials: int, confidence: float) -> Lookup:
    from evalkit import intervals

    estimate, low, high = _near(successes, trials)
    rates = _rates(low, high, trials, estimate, NEAR_POINTS)
    choices = []
    for method, function in ONE_RATE_METHODS.items():
        ci = intervals.interval(successes, trials, method, confidence)
        curve = np.asarray(intervals.coverage(method, trials, rates, confidence))
        i = int(np.argmin(curve))
        choices.append(
            Choice(
                method, function, "coverage", float(ci.low), float(ci.high),
                float(ci.high - ci.low),
                float(intervals.coverage(method, trials, estimate, confidence)),
                float(curve[i]), f"p={rates[i]:.4g}", "exact enumeration",
            )
        )  # fmt: skip
    cp, wilson = choices[0], choices[2]
    nominal = 100 * confidence
    shorter = 100 * (1 - wilson.width / cp.width)
    if wilson.worst < confidence - 0.005:
        dips = (
            f"its coverage dips to {100 * wilson.worst:.1f} % at {wilson.worst_at} near this "
            f"rate and K={trials}"
        )
    else:
        dips = f"its coverage stays at {100 * wilson.worst:.1f} % or more near this rate and K"
    reason = (
        f"Clopper–Pearson's interval, whose coverage is never below {nominal:.0f} % (here at "
        f"least {100 * cp.worst:.1f} %). Wilson's interval is the shorter option "
        f"({shorter:.0f} % shorter for these counts), but {dips}."
    )
    return Lookup(
        f"one accuracy: {successes} of {trials}",
        estimate,
        f"true accuracies {low:.4g} to {high:.4g} (the estimate ± 2 standard errors, "
        f"{len(rates)} rates)",
        tuple(choices),
        ("clopper-pearson",),
        reason,
        confidence,
    )


def _two_rates(successes: tuple[int, int], trials: tuple[int, int], confidence: float) -> Lookup:
    from evalkit import independent

    (na, nb), (ka, kb) = successes, trials
    xa, lo_a, hi_a = _near(na, ka)
    xb, lo_b, hi_b = _near(nb, kb)
    ga = np.unique(np.r_[np.linspace(lo_a, hi_a, NEAR_GRID), xa])
    gb = np.unique(np.r_[np.linspace(lo_b, hi_b, NEAR_GRID), xb])
    grid_a, grid_b = np.meshgrid(ga, gb, indexing="ij")
    choices = []
    for method in independent.DIFFERENCE_METHODS:
        ci = independent.difference_interval(na, ka, nb, kb, method, confidence)
        cover = np.asarray(
            independent.difference_coverage(method, ka, kb, grid_a, grid_b, confidence)
        )
        i = np.unravel_index(int(np.argmin(cover)), cover.shape)
        choices.append(
            Choice(
                method, "independent.difference_interval", "coverage", float(ci.low),
                float(ci.high), float(ci.high - ci.low),
                float(independent.difference_coverage(method, ka, kb, xa, xb, confidence)),
                float(cover[i]), f"p_A={grid_a[i]:.4g}; p_B={grid_b[i]:.4g}",
                "exact enumeration",
            )
        )  # fmt: skip
    newcombe = choices[0]
    reason = (
        f"Newcombe's interval, as evalkit.report.compare_test_sets reports it (with "
        f"Boschloo's exact test, or Fisher's mid-p test beyond {independent.MAX_OUTCOMES:,} "
        f"outcomes): its coverage near these rates is at least {100 * newcombe.worst:.1f} % "
        f"(at {newcombe.worst_at}), its width {newcombe.width:.3f}."
    )
    return Lookup(
        f"two independent test sets: {na} of {ka} against {nb} of {kb}",
        xa - xb,
        f"true accuracies p_A {lo_a:.4g} to {hi_a:.4g} and p_B {lo_b:.4g} to {hi_b:.4g} (each "
        f"estimate ± 2 standard errors, {ga.size} × {gb.size} pairs)",
        tuple(choices),
        ("newcombe",),
        reason,
        confidence,
    )


@lru_cache(maxsize=8)
def _paired_limits(n: int, method: str, confidence: float) -> tuple[np.ndarray, np.ndarray]:
    """Every agreement table (a, b, c, d) of n items, and the method's limits for each."""
    tables = np.array(
        [(a, b, c, n - a - b - c) for a in range(n + 1) for b in range(n + 1 - a)
         for c in range(n + 1 - a - b)]
    )  # fmt: skip
    return tables, _limits_of(tables, n, method, confidence)


def _limits_of(tables: np.ndarray, n: int, method: str, confidence: float) -> np.ndarray:
    """paired.difference_interval's limits of each table (rows a, b, c, d), one call per
    distinct table: Wald's and Tango's limits depend on b, c and n alone (their formulas), so
    for them one call per (b, c); Newcombe's on every cell."""
    from evalkit import paired

    cells = tables[:, 1:3] if method in ("wald", "tango") else tables
    found, inverse = np.unique(cells, axis=0, return_inverse=True)
    limits = np.array(
        [
            tuple(paired.difference_interval(_table_of(t, n).reshape(2, 2), method, confidence))
            for t in found
        ]
    )
    return limits[inverse.ravel()]


def _table_of(cells: np.ndarray, n: int) -> np.ndarray:
    """A full table (a, b, c, d) from (a, b, c, d) or from (b, c) (then a = n − b − c, d = 0)."""
    if cells.size == 4:
        return cells
    b, c = (int(v) for v in cells)
    return np.array([n - b - c, b, c, 0])


def _log_multinomial(tables: np.ndarray, probs: np.ndarray) -> np.ndarray:
    from scipy.special import gammaln, xlogy

    n = tables[0].sum()
    return gammaln(n + 1) + np.sum(xlogy(tables, probs) - gammaln(tables + 1), axis=-1)


def _paired(table: np.ndarray, confidence: float) -> Lookup:
    from evalkit import paired

    a, b, c, d = (int(v) for v in table.ravel())
    n = a + b + c + d
    estimate = (b - c) / n
    _, lo_b, hi_b = _near(b, n)
    _, lo_c, hi_c = _near(c, n)
    share_a = (a + 0.5) / (a + d + 1)  # how the concordant items split (both right : both wrong)
    pb = np.unique(np.r_[np.linspace(lo_b, hi_b, PAIRED_GRID), b / n])
    pc = np.unique(np.r_[np.linspace(lo_c, hi_c, PAIRED_GRID), c / n])
    settings = [(x, y) for x in pb for y in pc if x + y <= 1]
    exact = n <= PAIRED_EXACT_ITEMS
    cells = [
        np.array([share_a * (1 - x - y), x, y, (1 - share_a) * (1 - x - y)]) for x, y in settings
    ]
    if not exact:  # the same simulated test sets for every method (common random numbers)
        rng = np.random.default_rng(57)
        draws = np.concatenate(
            [rng.multinomial(n, probs, size=PAIRED_SIMULATED) for probs in cells]
        )
    choices = []
    for method in paired.DIFFERENCE_METHODS:
        ci = paired.difference_interval(table, method, confidence)
        values, at = [], None
        if exact:
            tables, limits = _paired_limits(n, method, confidence)
        else:
            every = _limits_of(draws, n, method, confidence)
        for j, ((x, y), probs) in enumerate(zip(settings, cells, strict=True)):
            truth = x - y
            if exact:
                weight = np.exp(_log_multinomial(tables, probs))
                low, high = limits[:, 0], limits[:, 1]
            else:
                part = every[j * PAIRED_SIMULATED : (j + 1) * PAIRED_SIMULATED]
                low, high = part[:, 0], part[:, 1]
                weight = np.full(PAIRED_SIMULATED, 1.0 / PAIRED_SIMULATED)
            covered = (low <= truth + 1e-12) & (truth - 1e-12 <= high)
            value = float(np.sum(weight * covered))
            values.append(value)
            if x == b / n and y == c / n:
                at = value
        i = int(np.argmin(values))
        how = "exact enumeration" if exact else f"simulation, {PAIRED_SIMULATED} test sets"
        choices.append(
            Choice(
                method, "paired.difference_interval", "coverage", float(ci.low), float(ci.high),
                float(ci.high - ci.low), float(at if at is not None else values[0]),
                float(values[i]),
                f"p_only1={settings[i][0]:.4g}; p_only2={settings[i][1]:.4g}", how,
            )
        )  # fmt: skip
    # McNemar's forms: size at the null "p_only1 = p_only2 = q" for q near the observed share
    q_hat = (b + c) / (2 * n)
    _, lo_q, hi_q = _near(b + c, 2 * n)
    shares = np.unique(np.r_[np.linspace(max(lo_q, 1e-6), min(hi_q, 0.5), 201), q_hat])
    shares = shares[(shares > 0) & (shares <= 0.5)]
    for test in ("mid-p", "exact", "asymptotic", "corrected"):
        size = np.asarray(paired.rejection_probability(n, shares, test=test))
        i = int(np.argmax(size))
        at = float(paired.rejection_probability(n, q_hat, test=test)) if q_hat > 0 else 0.0
        choices.append(
            Choice(
                test, "paired.mcnemar", "size", None, None, None, at, float(size[i]),
                f"p_only={shares[i]:.4g}", "exact enumeration",
            )
        )  # fmt: skip
    newcombe = choices[0]
    midp = next(c for c in choices if c.kind == "size" and c.method == "mid-p")
    reason = (
        f"McNemar's mid-p test and Newcombe's paired interval (the course's choice, after "
        f"Fagerland, Lydersen & Laake): near this table the mid-p test rejects a true null at "
        f"most {100 * midp.worst:.1f} % of the time (at {midp.worst_at}), and Newcombe's "
        f"interval covers at least {100 * newcombe.worst:.1f} % (at {newcombe.worst_at})."
    )
    return Lookup(
        f"one test set, two classifiers: table [[{a}, {b}], [{c}, {d}]]",
        estimate,
        f"true rates of 'only 1 right' {lo_b:.4g} to {hi_b:.4g} and of 'only 2 right' "
        f"{lo_c:.4g} to {hi_c:.4g} (each estimate ± 2 standard errors, {len(settings)} pairs; "
        f"the concordant items split as observed); the tests at p_only1 = p_only2 near "
        f"(b + c)/(2N) = {q_hat:.4g}",
        tuple(choices),
        ("newcombe", "mid-p"),
        reason,
        confidence,
    )


def _auc(area: float, positives: int, negatives: int, confidence: float) -> Lookup:
    if abs(confidence - 0.95) > 1e-12:
        raise ValueError(
            f"confidence must be 0.95 for an AUC: the atlas measured the AUC intervals at 95 % "
            f"only; got {confidence!r}"
        )
    choices = []
    for method in ("delong-logit", "delong", "hanley-mcneil"):
        row = nearest("roc.auc_interval", method, n_pos=positives, n_neg=negatives, AUC=area)
        close = [
            r
            for r in rows("roc.auc_interval", method, "coverage")
            if all(
                _distance(r.parameters.get(k, math.inf), float(v)) <= WITHIN
                for k, v in {"n_pos": positives, "n_neg": negatives, "AUC": area}.items()
            )
        ] or [row]
        worst = min(close, key=lambda r: r.value)
        choices.append(
            Choice(
                method, "roc.auc_interval", "coverage", None, None, row.width, row.value,
                worst.value, worst.setting,
                f"atlas ({row.how}, SE {row.se:.3f}) at {row.setting}",
            )
        )  # fmt: skip
    logit = choices[0]
    reason = (
        f"DeLong's interval on the logit scale (roc.auc_interval's default, method "
        f"'delong-logit'): at the nearest measured setting ({logit.how.split(' at ')[-1]}) it "
        f"covers {100 * logit.at_estimate:.1f} %, at least {100 * logit.worst:.1f} % at the "
        f"measured settings near it; the Wald form ('delong') is clipped and short near 1."
    )
    return Lookup(
        f"AUC: {area:g} with {positives} positives and {negatives} negatives",
        area,
        "the atlas's simulated settings (binormal scores) within a factor 2.5 of each class "
        "size and of the odds of the AUC; the width is the atlas's mean width there",
        tuple(choices),
        ("delong-logit",),
        reason,
        confidence,
    )


def compare(
    successes: int | tuple[int, int] | None = None,
    trials: int | tuple[int, int] | None = None,
    *,
    table: Sequence[Sequence[int]] | np.ndarray | None = None,
    auc: float | None = None,
    positives: int | None = None,
    negatives: int | None = None,
    confidence: float = 0.95,
) -> Lookup:
    """Which interval should I use for *these* counts? Every method's coverage near the data.

    The atlas's summaries range over many settings; a user has one. ``compare`` computes, for
    the user's counts, every method's interval and its exact coverage for the true values
    **near** the estimate — those within two standard errors of it — and names the course's
    recommendation with the reason, in the numbers of the table.

    * one accuracy, ``compare(successes=47, trials=50)``: every interval of
      :mod:`evalkit.intervals`, exactly (:func:`evalkit.intervals.coverage`) at 2001 true rates
      from x̂ − 2 SE to x̂ + 2 SE, SE = sqrt(x̂(1 − x̂)/K), cut to [0, 1], denser towards 0
      and 1 (at x̂ = 0 or 1, SE at (n + ½)/(K + 1));
    * two independent test sets, ``compare(successes=(47, 40), trials=(50, 50))``: the
      intervals of :func:`evalkit.independent.difference_interval`, exactly
      (:func:`evalkit.independent.difference_coverage`) on a 21 × 21 grid of true rates, each
      its estimate ± 2 SE;
    * one test set and two classifiers, ``compare(table=[[a, b], [c, d]])`` (the agreement
      table of :func:`evalkit.paired.agreement_table`): the intervals of
      :func:`evalkit.paired.difference_interval` at a 5 × 5 grid of true rates of "only 1 right"
      and "only 2 right" (each ± 2 SE; the concordant items split as observed), exactly over
      every table up to :data:`PAIRED_EXACT_ITEMS` items, else by a seeded simulation of 2000
      test sets per pair (standard error about 0.005 each: the least of 25 such figures leans
      low); and the size of McNemar's four forms
      (:func:`evalkit.paired.rejection_probability`, exact) at the null rates of discordance
      near (b + c)/(2N);
    * an AUC, ``compare(auc=0.9, positives=50, negatives=50)``: no exact route; the atlas's
      simulated rows of :func:`evalkit.roc.auc_interval` at the nearest setting, and the least
      coverage among its settings within a factor 2.5 of the class sizes and of the AUC's odds.

    Parameters
    ----------
    successes : int or (int, int)
        Correct results n of K (a pair: test sets A and B).
    trials : int or (int, int)
        Test-set size K (a pair with a pair of ``successes``).
    table : array_like, shape (2, 2), keyword-only
        The agreement table [[both right, only 1 right], [only 2 right, both wrong]].
    auc : float, keyword-only
        An AUC in (0, 1), with ``positives`` and ``negatives``, the class sizes.
    positives, negatives : int, keyword-only
    confidence : float, keyword-only
        The intervals' level (default 0.95; an AUC only at 0.95, as measured).

    Returns
    -------
    Lookup
        Its ``choices`` hold every method's interval at the data, its coverage at the estimate
        and its worst coverage near (and where); ``recommended`` and ``reason`` the course's
        choice: one accuracy → Clopper–Pearson (never below nominal), Wilson as the shorter
        option whose coverage dips (where, it says); two test sets → Newcombe's interval
        (what :func:`evalkit.report.compare_test_sets` reports); one test set → McNemar's mid-p
        test and Newcombe's paired interval; AUC → DeLong's interval on the logit scale.

    Raises
    ------
    ValueError
        No question, or more than one; a count that is negative or not whole, more successes
        than trials, a table that is not 2 × 2, an AUC outside (0, 1), a confidence outside
        (0, 1).

    Examples
    --------
    >>> look = compare(successes=47, trials=50)
    >>> look.recommended
    ('clopper-pearson',)
    >>> cp, wilson = look.choice("clopper-pearson"), look.choice("wilson")
    >>> round(cp.low, 4), round(cp.high, 4), cp.worst >= 0.95
    (0.8345, 0.9875, True)
    >>> round(wilson.worst, 3), wilson.worst_at, wilson.width < cp.width
    (0.838, 'p=0.9965', True)
    """
    questions = [
        name
        for name, given in (
            ("successes/trials", successes is not None or trials is not None),
            ("table", table is not None),
            ("auc", auc is not None or positives is not None or negatives is not None),
        )
        if given
    ]
    if len(questions) != 1:
        raise ValueError(
            "give exactly one of successes= with trials= (one accuracy, or a pair of each for "
            "two test sets), table= (one test set, two classifiers), or auc= with positives= "
            f"and negatives=; got {questions or 'none'}"
        )
    if isinstance(confidence, bool) or not isinstance(confidence, (int, float, np.floating)):
        raise TypeError(f"confidence must be a number in (0, 1); got {confidence!r}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1); got {confidence!r}")
    confidence = float(confidence)
    if questions == ["table"]:
        cells = np.asarray(table)
        if cells.shape != (2, 2):
            raise ValueError(
                "table must be the 2 × 2 agreement table [[both right, only 1 right], [only 2 "
                f"right, both wrong]]; got shape {cells.shape}"
            )
        counts = [_count(v, "table's cells") for v in cells.ravel().tolist()]
        if sum(counts) == 0:
            raise ValueError("table must hold at least one item; got all zeros")
        return _paired(np.array(counts).reshape(2, 2), confidence)
    if questions == ["auc"]:
        if auc is None or positives is None or negatives is None:
            raise ValueError(
                f"an AUC needs auc=, positives= and negatives=; got auc={auc!r}, "
                f"positives={positives!r}, negatives={negatives!r}"
            )
        if isinstance(auc, bool) or not isinstance(auc, (int, float, np.floating)):
            raise TypeError(f"auc must be a number in (0, 1); got {auc!r}")
        if not 0 < auc < 1:
            raise ValueError(f"auc must be in (0, 1); got {auc!r}")
        pos, neg = _count(positives, "positives"), _count(negatives, "negatives")
        if pos < 1 or neg < 1:
            raise ValueError(
                f"positives and negatives must be ≥ 1; got positives={pos}, negatives={neg}"
            )
        return _auc(float(auc), pos, neg, confidence)
    if successes is None or trials is None:
        raise ValueError(
            f"give successes= and trials= together; got successes={successes!r}, trials={trials!r}"
        )
    pair_s = isinstance(successes, (tuple, list, np.ndarray))
    pair_t = isinstance(trials, (tuple, list, np.ndarray))
    if pair_s != pair_t or (pair_s and (len(successes) != 2 or len(trials) != 2)):
        raise ValueError(
            "successes and trials must both be whole numbers (one accuracy) or both pairs (two "
            f"test sets); got successes={successes!r}, trials={trials!r}"
        )
    if pair_s:
        s = tuple(_count(v, "successes") for v in successes)
        k = tuple(_count(v, "trials") for v in trials)
    else:
        s, k = (_count(successes, "successes"),), (_count(trials, "trials"),)
    for si, ki in zip(s, k, strict=True):
        if ki < 1:
            raise ValueError(f"trials must be ≥ 1; got trials={ki}")
        if si > ki:
            raise ValueError(f"successes must be at most trials; got successes={si} > {ki}")
    if pair_s:
        return _two_rates(s, k, confidence)
    return _one_rate(s[0], k[0], confidence)
