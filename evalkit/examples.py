"""The worked-example registry: every number the source documents print, and a checker.

The registry (``data/worked_examples.toml`` in the course repository) holds, for each worked
example of the five source documents, the quantities the document prints, exactly as printed, a
tolerance that matches the printed precision, and, where the document is wrong, the corrected
value with an explanation. A notebook recomputes each quantity with evalkit and calls
:func:`check`, which

* returns a :class:`Check` that shows published, computed and corrected values side by side
  (as a table in a notebook, as text elsewhere), with the status ``"agrees"`` or ``"erratum"``;
* raises ``AssertionError`` naming the id and both numbers when the computed value agrees with
  neither the published value nor the documented correction — so a wrong computation, or a wrong
  registry entry, stops the notebook (and nbval fails).

Every erratum carries a ``severity`` (see :data:`SEVERITIES`), shown beside its status, so that a
student sees at once which slips matter: ``rounding`` (a last digit), ``typo`` (a printed formula
or number the document itself does not use) or ``conclusion`` (the slip changes a result or a
decision).

Examples
--------
>>> from evalkit.examples import check
>>> result = check("tan-binom-coin", {"pmf": 0.041859, "mean": 25, "variance": 12.5})
>>> result.status
'agrees'
>>> result = check("guenter-simple", {"z": 4.0, "p_n": 3.1671e-05})
>>> result.status, result.severity
('erratum', 'rounding')
>>> check("tan-binom-coin", {"pmf": 0.05, "mean": 25, "variance": 12.5})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
AssertionError: tan-binom-coin, pmf: computed 0.05 agrees neither with the published 0.0419 ...
"""

from __future__ import annotations

import html
import os
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from evalkit.datasets import data_folder

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

__all__ = [
    "SEVERITIES",
    "Check",
    "CheckTable",
    "Example",
    "QuantityCheck",
    "check",
    "example",
    "ids",
    "registry",
    "registry_path",
    "table",
]

STATUSES = ("agrees", "erratum")

#: The severity of an erratum, from the least to the most serious, and what each one means.
SEVERITIES: dict[str, str] = {
    "rounding": "a last digit",
    "typo": "a printed formula or number the document itself does not use",
    "conclusion": "the slip changes a result or a decision",
}


def registry_path() -> Path:
    """Where the registry is read from.

    ``$EVALKIT_REGISTRY`` if set, else ``worked_examples.toml`` in the course's data folder
    (:func:`evalkit.datasets.data_folder`: the installed package's data, or the repository's
    ``data/``).
    """
    env = os.environ.get("EVALKIT_REGISTRY")
    if env:
        return Path(env)
    return data_folder() / "worked_examples.toml"


@dataclass(frozen=True)
class Source:
    """A source document: author, title, where it appeared (``venue``), language."""

    key: str
    author: str
    title: str
    venue: str
    language: str

    def citation(self, section: str = "") -> str:
        """``Author, Title, venue, section``."""
        where = f", {section}" if section else ""
        return f"{self.author}, {self.title}, {self.venue}{where}"


@dataclass(frozen=True)
class Example:
    """One registry entry (see ``data/worked_examples.toml`` for the field meanings)."""

    id: str
    notebook: str
    source: Source
    section: str
    quantity: str
    inputs: Mapping[str, Any]
    printed: Mapping[str, str]
    published: Mapping[str, Any]
    tolerance: Mapping[str, Any]
    corrected: Mapping[str, Any] = field(default_factory=dict)
    corrected_tolerance: Mapping[str, Any] = field(default_factory=dict)
    erratum: str = ""
    severity: str = ""
    note: str = ""
    statement: str = ""

    @property
    def citation(self) -> str:
        """The source cited by author, title and section."""
        return self.source.citation(self.section)


def _parse_input(value: Any) -> Any:
    """Turn strings like ``"2/3"`` into floats (also inside lists); leave the rest as it is."""
    if isinstance(value, list):
        return [_parse_input(v) for v in value]
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*/\s*\d+\s*", value):
        return float(Fraction(value.replace(" ", "")))
    return value


def _parse_numbers(key: str, table: Mapping[str, Any], what: str) -> dict[str, Any]:
    """Parse a table of numbers (or fraction strings); reject anything that is not numeric."""
    out = {}
    for name, value in table.items():
        parsed = _parse_input(value)
        try:
            np.asarray(parsed, dtype=float)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"registry entry {key!r}: {what} {name!r} is not numeric") from exc
        out[name] = parsed
    return out


def _parse_severity(key: str, entry: Mapping[str, Any]) -> str:
    """The ``severity`` of an erratum: required with ``erratum``, one of :data:`SEVERITIES`."""
    allowed = ", ".join(map(repr, SEVERITIES))
    if "severity" not in entry:
        if entry.get("erratum"):
            raise ValueError(
                f"registry entry {key!r} has an erratum but no severity; allowed: {allowed}"
            )
        return ""
    severity = entry["severity"]
    if not entry.get("erratum"):
        raise ValueError(f"registry entry {key!r} has a severity but no erratum text")
    if not isinstance(severity, str) or severity not in SEVERITIES:
        raise ValueError(
            f"registry entry {key!r}: severity {severity!r} is not allowed; allowed: {allowed}"
        )
    return severity


def _build_example(key: str, entry: Mapping[str, Any], sources: Mapping[str, Source]) -> Example:
    required = ("notebook", "source", "section", "quantity", "published", "tolerance", "printed")
    missing = [name for name in required if name not in entry]
    if missing:
        raise ValueError(f"registry entry {key!r} lacks {', '.join(missing)}")
    if entry["source"] not in sources:
        raise ValueError(f"registry entry {key!r} names unknown source {entry['source']!r}")
    published = _parse_numbers(key, entry["published"], "published")
    tolerance = _parse_numbers(key, entry["tolerance"], "tolerance")
    printed = dict(entry["printed"])
    corrected = _parse_numbers(key, entry.get("corrected", {}), "corrected")
    for name in published:
        if name not in tolerance:
            raise ValueError(f"registry entry {key!r}: quantity {name!r} has no tolerance")
        if name not in printed:
            raise ValueError(f"registry entry {key!r}: quantity {name!r} has no printed text")
    for name in corrected:
        if name not in published:
            raise ValueError(f"registry entry {key!r}: corrected {name!r} is not a quantity")
    if corrected and not entry.get("erratum"):
        raise ValueError(f"registry entry {key!r} has corrected values but no erratum text")
    severity = _parse_severity(key, entry)
    return Example(
        id=key,
        notebook=entry["notebook"],
        source=sources[entry["source"]],
        section=entry["section"],
        quantity=entry["quantity"],
        inputs={k: _parse_input(v) for k, v in entry.get("inputs", {}).items()},
        printed=printed,
        published=published,
        tolerance=tolerance,
        corrected=corrected,
        corrected_tolerance=_parse_numbers(
            key, entry.get("corrected_tolerance", {}), "corrected_tolerance"
        ),
        erratum=entry.get("erratum", "").strip(),
        severity=severity,
        note=entry.get("note", "").strip(),
        statement=entry.get("statement", "").strip(),
    )


@lru_cache(maxsize=4)
def _load(path: str) -> dict[str, Example]:
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    sources = {
        key: Source(
            key=key,
            author=s["author"],
            title=s["title"],
            venue=s["venue"],
            language=s["language"],
        )
        for key, s in raw.get("sources", {}).items()
    }
    return {key: _build_example(key, e, sources) for key, e in raw.get("examples", {}).items()}


def registry(path: str | os.PathLike[str] | None = None) -> dict[str, Example]:
    """All registry entries, by id (read once, then cached).

    Parameters
    ----------
    path : str or os.PathLike, optional
        A registry file in the format of ``data/worked_examples.toml``; default
        :func:`registry_path` (the course's registry, or ``$EVALKIT_REGISTRY``).

    Returns
    -------
    dict of str to Example
        Every entry, by its id, in the file's order.

    Raises
    ------
    ValueError
        When an entry lacks a field or names an unknown source (the message names the entry).

    Examples
    --------
    >>> len(registry()) >= 33
    True
    """
    return dict(_load(str(Path(path) if path is not None else registry_path())))


def example(example_id: str) -> Example:
    """The registry entry ``example_id``.

    Parameters
    ----------
    example_id : str
        The entry's id, e.g. ``"wolff-cp"`` (:func:`ids` lists them).

    Returns
    -------
    Example

    Raises
    ------
    KeyError
        When the registry has no such id (the message lists similar ones).

    Examples
    --------
    >>> example("wolff-cp").inputs["trials"]
    50
    """
    entries = registry()
    if not isinstance(example_id, str) or example_id not in entries:
        close = [k for k in entries if isinstance(example_id, str) and example_id[:4] in k]
        hint = f"; similar ids: {', '.join(close)}" if close else ""
        raise KeyError(f"no worked example {example_id!r} in the registry{hint}")
    return entries[example_id]


def ids(notebook: str | None = None) -> list[str]:
    """Registry ids in file order, optionally only those of one notebook (name without .ipynb).

    Parameters
    ----------
    notebook : str, optional
        A notebook's name without ``.ipynb``, e.g. ``"02_confidence_intervals"``; default: the
        ids of every notebook.

    Returns
    -------
    list of str

    Examples
    --------
    >>> ids("02_confidence_intervals")[:2]
    ['wolff-cp', 'wolff-normal-rule']
    """
    return [k for k, e in registry().items() if notebook is None or e.notebook == notebook]


# --------------------------------------------------------------------------------------------
# checking


def _fmt(value: Any) -> str:
    if value is None:
        return ""
    arr = np.asarray(value, dtype=float)
    if arr.ndim == 0:
        return f"{float(arr):.6g}"
    return np.array2string(arr, formatter={"float_kind": lambda v: f"{v:.6g}"}, separator=", ")


def _agrees(computed: np.ndarray, target: Any, tol: Any) -> bool:
    target = np.asarray(target, dtype=float)
    if computed.shape != target.shape:
        return False
    diff = np.abs(computed - target)
    return bool(np.all(np.isfinite(computed)) and np.all(diff <= np.asarray(tol, dtype=float)))


@dataclass(frozen=True)
class QuantityCheck:
    """One quantity of a worked example: published, computed, corrected and status."""

    name: str
    printed: str
    published: Any
    computed: Any
    tolerance: Any
    corrected: Any
    status: str


@dataclass(frozen=True)
class Check:
    """The outcome of :func:`check` for one worked example.

    ``status`` is ``"agrees"`` when every quantity agrees with the published value, and
    ``"erratum"`` when at least one agrees only with the documented correction.
    """

    example: Example
    quantities: tuple[QuantityCheck, ...]

    @property
    def example_id(self) -> str:
        return self.example.id

    @property
    def status(self) -> str:
        return "erratum" if any(q.status == "erratum" for q in self.quantities) else "agrees"

    @property
    def severity(self) -> str:
        """The erratum's severity (a key of :data:`SEVERITIES`), or ``""`` when all agree."""
        return self.example.severity if self.status == "erratum" else ""

    def _label(self, status: str) -> str:
        """``status``, with the severity added to an erratum: ``"erratum (typo)"``."""
        return f"{status} ({self.example.severity})" if status == "erratum" else status

    def _rows(self) -> list[tuple[str, str, str, str, str]]:
        return [
            (q.name, q.printed, _fmt(q.computed), _fmt(q.corrected), q.status)
            for q in self.quantities
        ]

    def __repr__(self) -> str:
        lines = [f"{self.example_id} ({self.example.citation}): {self._label(self.status)}"]
        for name, printed, computed, corrected, status in self._rows():
            fix = f", corrected {corrected}" if corrected else ""
            lines.append(
                f"  {name}: published {printed}, computed {computed}{fix} -> {self._label(status)}"
            )
        if self.example.statement:
            lines.append(f"  statement: {self.example.statement}")
        if self.status == "erratum":
            meaning = SEVERITIES[self.severity]
            lines.append(f"  erratum, severity {self.severity} ({meaning}): {self.example.erratum}")
        if self.example.note:
            lines.append(f"  note: {self.example.note}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return _html_table([self], title=True)


@dataclass(frozen=True)
class CheckTable:
    """Several checks shown as one table (see :func:`table`)."""

    checks: tuple[Check, ...]

    @property
    def statuses(self) -> dict[str, str]:
        return {c.example_id: c.status for c in self.checks}

    def __repr__(self) -> str:
        return "\n".join(repr(c) for c in self.checks)

    def _repr_html_(self) -> str:
        return _html_table(list(self.checks), title=False)


_STATUS_STYLE = {
    "agrees": "color:#1a7f37;font-weight:bold",
    "erratum": "color:#b35900;font-weight:bold",
}
_SEVERITY_STYLE = {
    "rounding": "color:#57606a",
    "typo": "color:#b35900",
    "conclusion": "color:#cf222e;font-weight:bold",
}


def _severity_html(severity: str) -> str:
    """The severity as a coloured word whose tooltip says what it means."""
    esc = html.escape
    return (
        f'<span style="{_SEVERITY_STYLE[severity]}" title="{esc(SEVERITIES[severity])}">'
        f"{esc(severity)}</span>"
    )


def _html_table(checks: list[Check], *, title: bool) -> str:
    esc = html.escape
    head = (
        "<tr><th>example</th><th>quantity</th><th>published (as printed)</th>"
        "<th>computed</th><th>corrected</th><th>status</th></tr>"
    )
    rows = []
    notes = []
    for c in checks:
        for i, (name, printed, computed, corrected, status) in enumerate(c._rows()):
            label = f"<code>{esc(c.example_id)}</code>" if i == 0 else ""
            severity = f" ({_severity_html(c.severity)})" if status == "erratum" else ""
            rows.append(
                f"<tr><td>{label}</td><td>{esc(name)}</td><td>{esc(printed)}</td>"
                f"<td>{esc(computed)}</td><td>{esc(corrected)}</td>"
                f'<td style="{_STATUS_STYLE[status]}">{status}{severity}</td></tr>'
            )
        if c.example.statement:
            notes.append(
                f"<p><code>{esc(c.example_id)}</code> — statement: {esc(c.example.statement)}</p>"
            )
        if c.status == "erratum":
            erratum = esc(c.example.erratum)
            severity = f"severity {_severity_html(c.severity)}: {esc(SEVERITIES[c.severity])}"
            notes.append(
                f"<p><code>{esc(c.example_id)}</code> — <b>erratum</b> ({severity}): {erratum}</p>"
            )
        if c.example.note:
            notes.append(f"<p><code>{esc(c.example_id)}</code> — note: {esc(c.example.note)}</p>")
    caption = ""
    if title and checks:
        caption = f"<p><i>{esc(checks[0].example.citation)}</i></p>"
    return f"<div>{caption}<table>{head}{''.join(rows)}</table>{''.join(notes)}</div>"


def _as_mapping(example_: Example, computed: Any) -> dict[str, Any]:
    names = list(example_.published)
    if isinstance(computed, Mapping):
        given = dict(computed)
    elif len(names) == 1:
        given = {names[0]: computed}
    else:
        raise TypeError(
            f"{example_.id} has {len(names)} quantities ({', '.join(names)}); pass computed as a "
            "mapping from quantity name to value"
        )
    unknown = [k for k in given if k not in example_.published]
    if unknown:
        raise ValueError(
            f"{example_.id} has no quantity {', '.join(map(repr, unknown))}; "
            f"its quantities are {', '.join(names)}"
        )
    missing = [k for k in names if k not in given]
    if missing:
        raise ValueError(
            f"{example_.id}: every published number must be checked; missing {', '.join(missing)}"
        )
    return given


def check(example_id: str, computed: Any) -> Check:
    """Compare computed values with the published ones of worked example ``example_id``.

    Parameters
    ----------
    example_id : str
        A registry id, e.g. ``"wolff-cp"``.
    computed : float, array or mapping
        The recomputed value(s): a mapping from quantity name to value (a number or an array of
        the printed shape), or a bare value when the example has exactly one quantity.

    Returns
    -------
    Check
        Shows published, computed and corrected values with the status of each quantity.

    Raises
    ------
    AssertionError
        When a computed value agrees with neither the published value nor the documented
        correction (the message names the id, the quantity and both numbers).

    Examples
    --------
    >>> check("sym-pessimistic", {"training_error": 0.01, "pessimistic_error": 0.025}).status
    'agrees'
    """
    ex = example(example_id)
    given = _as_mapping(ex, computed)
    results = []
    for name, published in ex.published.items():
        value = np.asarray(given[name], dtype=float)
        tol = ex.tolerance[name]
        corrected = ex.corrected.get(name)
        if _agrees(value, published, tol):
            status = "agrees"
        elif corrected is not None and _agrees(
            value, corrected, ex.corrected_tolerance.get(name, tol)
        ):
            status = "erratum"
        else:
            fix = (
                f" nor with the documented correction {_fmt(corrected)}"
                if corrected
                else (" nor with a documented correction")
            )
            raise AssertionError(
                f"{ex.id}, {name}: computed {_fmt(value)} agrees neither with the published "
                f"{_fmt(published)} (tolerance {_fmt(tol)}){fix}"
            )
        results.append(
            QuantityCheck(
                name=name,
                printed=ex.printed[name],
                published=published,
                computed=value.item() if value.ndim == 0 else value,
                tolerance=tol,
                corrected=corrected,
                status=status,
            )
        )
    return Check(example=ex, quantities=tuple(results))


def table(items: Mapping[str, Any] | Iterable[Check]) -> CheckTable:
    """Several checks at once, shown as one table.

    Parameters
    ----------
    items : mapping or iterable of Check
        Either ``{example_id: computed, ...}`` (each is passed to :func:`check`) or checks
        already made.

    Examples
    --------
    >>> t = table({"sym-holdout": {"train_fraction": 2 / 3, "test_fraction": 1 / 3}})
    >>> t.statuses
    {'sym-holdout': 'agrees'}
    """
    if isinstance(items, Mapping):
        checks = tuple(check(k, v) for k, v in items.items())
    else:
        checks = tuple(items)
        for c in checks:
            if not isinstance(c, Check):
                raise TypeError(f"table() takes Check results or a mapping; got {c!r}")
    return CheckTable(checks=checks)
