"""Multiplicity corrections: adjust a family of p-values (Bonferroni, Holm).

This module sits below both :mod:`evalkit.paired` (pairwise McNemar tests of k classifiers on
one test set) and :mod:`evalkit.multiple` (pairwise Wilcoxon tests over many data sets), which
both adjust a family of pairwise p-values and name the classifiers they compare. It imports
only :mod:`evalkit._validation` and NumPy, so every import in the package points down. Users
keep importing :func:`holm`, :func:`bonferroni` and :class:`AdjustedPvalues` from
:mod:`evalkit.multiple` as before; they are the same objects.

* :func:`bonferroni` — multiply each of m p-values by m (capped at 1);
* :func:`holm` — Holm's (1979) step-down adjustment, never fewer rejections than Bonferroni.

Both keep the family-wise error rate (the chance of at least one false rejection) at α,
whatever the dependence between the tests (Holm 1979, *A simple sequentially rejective multiple
test procedure*, Scandinavian Journal of Statistics 6, 65–70; Demšar 2006, §3.2.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from numpy.typing import ArrayLike

from evalkit._validation import as_real_array
from evalkit.results import ReadableResult, html_table

__all__ = ["AdjustedPvalues", "bonferroni", "holm"]

ADJUST_METHODS = ("Bonferroni", "Holm")


# --------------------------------------------------------------------------------------------
# input checks shared by the modules that compare k classifiers


def _check_alpha(alpha: Any) -> float:
    """A family-wise level α strictly between 0 and 1."""
    if isinstance(alpha, (bool, np.bool_)) or not isinstance(alpha, (int, float, np.number)):
        hint = ""
        if isinstance(alpha, (list, tuple)) and all(isinstance(a, str) for a in alpha):
            hint = " (classifier names go to names=..., in the functions that take them)"
        raise TypeError(f"alpha must be a number strictly between 0 and 1; got {alpha!r}{hint}")
    value = float(alpha)
    if not 0.0 < value < 1.0:
        raise ValueError(f"alpha must be strictly between 0 and 1 (e.g. 0.05); got {alpha!r}")
    return value


def _as_pvalues(pvalues: Any) -> np.ndarray:
    """A non-empty 1-D float array of p-values in [0, 1]."""
    try:
        arr = as_real_array(pvalues, "pvalues").astype(float)
    except TypeError:
        raise TypeError(f"pvalues must be an array of numbers in [0, 1]; got {pvalues!r}") from None
    if arr.ndim != 1:
        raise ValueError(f"pvalues must be a 1-D array (one family); got shape {arr.shape}")
    if arr.size == 0:
        raise ValueError("pvalues must not be empty")
    bad = ~((arr >= 0) & (arr <= 1))
    if bad.any():
        raise ValueError(f"pvalues must be probabilities in [0, 1]; got {arr[bad][0]!r}")
    return arr


def _as_names(names: Any, k: int) -> list[str]:
    """One name per classifier (default C1, C2, …), as a list of strings.

    A number or a string where the names belong is usually a positional slip (an ``alpha`` or a
    ``method`` passed in the ``names`` slot); the message says so.
    """
    if names is None:
        return [f"C{j + 1}" for j in range(k)]
    if isinstance(names, (str, bytes)) or np.ndim(names) == 0:
        hint = ""
        if isinstance(names, (int, float, np.number)) and not isinstance(names, bool):
            hint = " (a number here is usually alpha: pass it by keyword, alpha=...)"
        elif isinstance(names, str):
            hint = " (a string here is usually a method: pass it by keyword, method=...)"
        raise TypeError(f"names must be a sequence of {k} strings; got {names!r}{hint}")
    out = [str(n) for n in names]
    if len(out) != k:
        raise ValueError(f"names must have one entry per classifier ({k}); got {len(out)}")
    return out


# --------------------------------------------------------------------------------------------
# the corrections


@dataclass(frozen=True)
class AdjustedPvalues(ReadableResult):
    """A family of p-values adjusted for multiple comparisons.

    Attributes
    ----------
    pvalues : ndarray
        The raw p-values, in the order given.
    adjusted : ndarray
        The adjusted p-values (same order): reject hypothesis i at family-wise level α when
        ``adjusted[i] <= alpha``.
    reject : ndarray of bool
        ``adjusted <= alpha``.
    alpha : float
    method : str

    Examples
    --------
    >>> holm([0.01, 0.02, 0.04])  # doctest: +NORMALIZE_WHITESPACE
    AdjustedPvalues(method='Holm', alpha=0.05, pvalues=array([0.01, 0.02, 0.04]),
        adjusted=array([0.03, 0.04, 0.04]), reject=array([True, True, True]))
    """

    pvalues: np.ndarray
    adjusted: np.ndarray
    reject: np.ndarray
    alpha: float
    method: str

    _repr_fields: ClassVar[tuple[str, ...]] = ("method", "alpha", "pvalues", "adjusted", "reject")


def _adjust_core(p: np.ndarray, level: float, method: str) -> AdjustedPvalues:
    """Bonferroni's or Holm's adjusted p-values of checked ``p`` at checked ``level``."""
    m = p.size
    if method == "Bonferroni":
        adjusted = np.minimum(p * m, 1.0)
    else:
        order = np.argsort(p, kind="stable")
        multipliers = m - np.arange(m)  # m, m − 1, …, 1
        stepped = np.maximum.accumulate(np.minimum(p[order] * multipliers, 1.0))
        adjusted = np.empty(m)
        adjusted[order] = stepped
    return AdjustedPvalues(p, adjusted, adjusted <= level, level, method)


class _PairwiseFamily(ReadableResult):
    """What the Holm-adjusted pairwise results (McNemar, Wilcoxon) share: a line per pair.

    A subclass is a dataclass with ``names``, ``pairs``, ``pvalues``, ``adjusted``, ``reject``,
    ``alpha`` and ``method``; it says how its p-values print (:meth:`_format_p`), what opens its
    text (:meth:`_header`) and what precedes the p-value of each pair (:meth:`_pair_prefix`).
    """

    def _format_p(self, pvalue: float) -> str:
        return "< 0.001" if pvalue < 0.001 else f"{pvalue:.4f}"

    def _header(self) -> str:
        return f"{getattr(self, 'method', '')} (α = {getattr(self, 'alpha', 0.0):g})"

    def _pair_prefix(self, index: int) -> str:
        return ""

    def _summary_items(self) -> list[tuple[str, Any]]:
        """The one-line repr: method, names, level, Holm's p-values and how many pairs differ
        (every pair's counts and raw p-value are in ``str`` and the HTML table)."""
        family: Any = self
        rejected = f"{int(np.count_nonzero(family.reject))} of {len(family.pairs)} pairs"
        return [
            ("method", family.method),
            ("names", family.names),
            ("alpha", family.alpha),
            ("adjusted", family.adjusted),
            ("rejected", rejected),
        ]

    def _pair_rows(self) -> list[tuple[str, str]]:
        """("A vs B", "p = …, Holm … -> verdict") for every pair, in the order of ``pairs``."""
        family: Any = self
        rows = []
        for index, ((i, j), p, q, r) in enumerate(
            zip(family.pairs, family.pvalues, family.adjusted, family.reject, strict=True)
        ):
            verdict = "differ" if r else "no significant difference"
            text = f"p = {self._format_p(p)}, Holm {self._format_p(q)} -> {verdict}"
            rows.append(
                (f"{family.names[i]} vs {family.names[j]}", self._pair_prefix(index) + text)
            )
        return rows

    def __str__(self) -> str:
        lines = [f"{self._header()}:"]
        lines += [f"  {pair}: {text}" for pair, text in self._pair_rows()]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """A table with the family-wise level and one row per pair."""
        alpha = getattr(self, "alpha", None)
        return html_table(self._repr_caption(), [("alpha", alpha), *self._pair_rows()])


def bonferroni(pvalues: ArrayLike, alpha: float = 0.05) -> AdjustedPvalues:
    """Bonferroni's adjustment: multiply each of m p-values by m (capped at 1).

    Rejecting when m·p_i ≤ α keeps the family-wise error rate (the chance of at least one
    false rejection) at most α, whatever the dependence between the tests.

    Parameters
    ----------
    pvalues : array_like, shape (m,)
    alpha : float, default 0.05

    Examples
    --------
    >>> r = bonferroni([0.01, 0.02, 0.04])
    >>> r.adjusted.round(4).tolist(), r.reject.tolist()
    ([0.03, 0.06, 0.12], [True, False, False])
    """
    return _adjust_core(_as_pvalues(pvalues), _check_alpha(alpha), "Bonferroni")


def holm(pvalues: ArrayLike, alpha: float = 0.05) -> AdjustedPvalues:
    """Holm's step-down adjustment (Holm 1979; Demšar 2006, §3.2.2).

    Sort the p-values, p_(1) ≤ … ≤ p_(m). Compare p_(1) with α/m, p_(2) with α/(m − 1), …,
    and stop at the first that is not small enough; all hypotheses before it are rejected.
    As adjusted p-values: p̃_(i) = max_{j ≤ i} min(1, (m − j + 1)·p_(j)). Holm controls the
    family-wise error rate like Bonferroni and never rejects fewer hypotheses.

    Parameters
    ----------
    pvalues : array_like, shape (m,)
    alpha : float, default 0.05

    Examples
    --------
    >>> r = holm([0.01, 0.02, 0.04])
    >>> r.adjusted.round(4).tolist(), r.reject.tolist()
    ([0.03, 0.04, 0.04], [True, True, True])
    """
    return _adjust_core(_as_pvalues(pvalues), _check_alpha(alpha), "Holm")
