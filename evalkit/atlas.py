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
    ``1`` on the row of the worst setting found on a fine grid (the lowest coverage, the largest
    size), else ``0``;
``how``
    ``"exact enumeration"`` or ``"simulation, R replicates"``.

This module only reads the table; it imports nothing beyond the standard library and NumPy.

Examples
--------
>>> s = summary("intervals.wilson", "-")
>>> s.minimum < 0.95 < s.median + 0.01
True
>>> row = nearest("intervals.clopper_pearson", "-", K=50, p=0.8)
>>> row.setting
'K=50; p=0.8'
"""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

__all__ = ["AtlasRow", "Summary", "nearest", "rows", "shortfall_note", "summary"]

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
