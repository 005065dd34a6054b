"""Planning a test set: power and sample size before the test data are collected.

Three planning questions, in one module (notebook 11; beyond the documents, with Wolff 2014 §3
on precision and Günter 2004 §2.1 recomputed as planning questions):

* **precision of one accuracy** — how many items make the confidence interval narrow enough:
  :func:`trials_for_halfwidth` (from :mod:`evalkit.intervals`, reachable from here);
* **two classifiers on the same test set** — the exact power of McNemar's test on K pairs
  (:func:`power_paired`) and the K it needs (:func:`trials_paired`), with Connor's (1987) normal
  approximation beside it;
* **two classifiers on two independent test sets** — the exact power of Fisher's, Boschloo's or
  the χ² test (:func:`power_independent`) and the sizes they need (:func:`trials_independent`),
  with Fleiss' normal approximation (with and without continuity correction) beside it;

plus :func:`detectable_difference` (what a given test set can detect) and :func:`power_auc`
(two correlated AUCs, Hanley & McNeil 1983 / Obuchowski & McClish 1997). With ``margin=``,
:func:`trials_paired` and :func:`trials_independent` plan a **non-inferiority** test instead
(Tango's and Farrington & Manning's score tests; exact power, Nam's and Farrington & Manning's
normal approximations beside it).

Exact power is a sum over every possible outcome of the experiment, weighted by its probability
(:func:`evalkit.paired.rejection_probability`, :func:`evalkit.independent.rejection_probability`).
It saw-tooths in K, because the rejection region of a discrete test changes in steps: power at
K + 1 can be *lower* than at K. "The smallest K" is therefore defined here as the smallest K
whose power reaches the target **and stays there for every larger K up to a stated bound**
(at least twice that K), and the first K that reaches it is reported beside it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike
from scipy import special, stats

from evalkit import independent, paired, roc
from evalkit._validation import (
    as_count,
    as_counts,
    as_probabilities,
    broadcast,
    check_choice,
    check_confidence,
    labels_for_counts,
    shown,
    to_output,
)
from evalkit.intervals import trials_for_halfwidth
from evalkit.results import ReadableResult, _check_margin, _check_one_sided_level

__all__ = [
    "SampleSize",
    "connor_trials",
    "detectable_difference",
    "fleiss_trials",
    "power_auc",
    "power_independent",
    "power_paired",
    "trials_for_halfwidth",
    "trials_independent",
    "trials_paired",
]

PAIRED_TESTS = paired.REJECTION_TESTS  # "mid-p", "exact", "asymptotic", "corrected", "guenter"
INDEPENDENT_TESTS = independent.REJECTION_TESTS  # fisher, chi2, yates, normal, mid-p, boschloo
ALTERNATIVES = ("two-sided", "greater", "less")
MAX_PAIRED_TRIALS = 200_000  # the exact power curve is computed up to here at most
_CHUNK = 2_000_000  # elements per block of the power-curve sum (memory ≈ 16 MB a block)
_GRID = 401  # points per grid when searching a detectable difference


@dataclass(frozen=True)
class SampleSize(ReadableResult):
    """The answer to "how many test items?", exact and by the normal approximation.

    Attributes
    ----------
    trials : int
        The smallest K (paired: pairs; independent: items of set A) whose exact power reaches
        the target and stays there for every larger K up to ``bound``.
    power : float
        Exact power at ``trials``.
    first : int
        The first K whose exact power reaches the target (≤ ``trials``; smaller when the power
        saw-tooths back below the target after it).
    bound : int
        Every K from ``trials`` to ``bound`` was checked (exactly) to reach the target.
    normal : int
        K by the normal-approximation formula (Connor 1987 for paired; Fleiss for independent,
        without continuity correction).
    normal_method : str
        Which formula ``normal`` is.
    method : str
        The test whose exact power was used.
    trials_b : int, optional
        Independent sets only: items of set B (``ratio`` × ``trials``, rounded up).
    normal_corrected : int, optional
        Independent sets only: Fleiss, Tytun & Ury's K with continuity correction.
    p_only1, p_only2 : float, optional
        Paired design only: the probabilities that only classifier 1 (only classifier 2) is
        right on an item that the plan used (derived when the design was given as accuracies
        and a discordance, or as a pilot's table).
    margin : float, optional
        A plan for a non-inferiority test (``margin=``): its margin δ.

    Examples
    --------
    >>> trials_paired(0.10, 0.05)  # doctest: +NORMALIZE_WHITESPACE
    SampleSize(trials=461, power=0.8, first=461, bound=938, normal=469,
               normal_method='Connor 1987', method='McNemar mid-p', p_only1=0.1, p_only2=0.05)
    """

    trials: int
    power: float
    first: int
    bound: int
    normal: int
    normal_method: str
    method: str
    trials_b: int | None = None
    normal_corrected: int | None = None
    p_only1: float | None = None
    p_only2: float | None = None
    margin: float | None = None

    def __str__(self) -> str:
        sizes = (
            f"K = {self.trials}"
            if self.trials_b is None
            else (f"K_A = {self.trials}, K_B = {self.trials_b}")
        )
        corrected = (
            "" if self.normal_corrected is None else f", {self.normal_corrected} with correction"
        )
        margin = "" if self.margin is None else f" (margin {self.margin:g})"
        return (
            f"{sizes} (exact power {self.power:.3f} with {self.method}{margin}, reached first at "
            f"{self.first} and kept up to {self.bound}); normal approximation "
            f"({self.normal_method}): {self.normal}{corrected}"
        )


# --------------------------------------------------------------------------------------------
# checks


def _check_power(power: Any) -> float:
    return check_confidence(power, "power")


def _check_discordant(p_only1: Any, p_only2: Any) -> tuple[np.ndarray, np.ndarray]:
    p1 = as_probabilities(p_only1, "p_only1")
    p2 = as_probabilities(p_only2, "p_only2")
    p1, p2 = broadcast(p_only1=p1, p_only2=p2)
    over = p1 + p2 > 1 + 1e-12
    if np.any(over):
        i = np.flatnonzero(over.reshape(-1))[0]
        raise ValueError(
            "p_only1 + p_only2 must not exceed 1 (they are two of the three outcome "
            f"probabilities); got {float(p1.reshape(-1)[i])!r} + {float(p2.reshape(-1)[i])!r}"
        )
    return p1, p2


def _z(level: float, alternative: str) -> float:
    return float(stats.norm.isf(level / 2 if alternative == "two-sided" else level))


# --------------------------------------------------------------------------------------------
# paired: exact power (one test set, two classifiers)


def power_paired(
    trials: ArrayLike,
    p_only1: ArrayLike,
    p_only2: ArrayLike,
    level: float = 0.05,
    test: str = "mid-p",
    alternative: str = "two-sided",
) -> Any:
    """Exact power of McNemar's test (or Günter's) on K pairs, by enumeration.

    Each of K test items independently falls into "only classifier 1 right" (probability
    p1 = ``p_only1``), "only classifier 2 right" (p2 = ``p_only2``) or "both right or both
    wrong"; power is the sum of the probabilities of the outcomes (b, c) whose p-value is
    ≤ ``level``, grouped by the number of discordant items m = b + c:

    .. math::

       \\text{power}(K) &= \\sum_{m=0}^{K} \\text{Bin}(m; K, p_1 + p_2)\\,g(m), \\\\
       g(m) &= P\\big(b \\in R_m \\mid m\\big),\\ b \\mid m \\sim
       \\text{Bin}\\big(m, p_1/(p_1 + p_2)\\big).

    For one K this is :func:`evalkit.paired.rejection_probability`. For an array of K (a power
    curve in K, the saw-tooth) McNemar's forms condition on m, so the rejection region R_m and
    g(m) are computed once for every m up to the largest K and each K only re-weights them.

    Parameters
    ----------
    trials : int or array_like of int
        K, the number of test items (pairs), ≥ 1; an array gives power at every K in it.
    p_only1, p_only2 : float or array_like
        Probabilities of the two discordant outcomes, p1 + p2 ≤ 1 (broadcast with ``trials``).
        The discordance rate is p1 + p2, the difference of accuracies is p1 − p2.
    level : float
        Significance level α in (0, 1).
    test : {"mid-p", "exact", "asymptotic", "corrected", "guenter"}
        McNemar's forms as in :func:`evalkit.paired.mcnemar`, or Günter's paired test.
    alternative : {"two-sided", "greater", "less"}
        "greater": classifier 1 better, fixed before the test set was scored.

    Returns
    -------
    float or ndarray
        Exact power, shaped like the broadcast of the three inputs.

    Examples
    --------
    Günter's §2.1 example as a planning question: 10 % of the items right only by M1, none only
    by M2. With 30 pairs McNemar's mid-p test would find the difference less than one time in
    five; a power curve in K is one call:

    >>> round(power_paired(30, 0.1, 0.0), 3)
    0.175
    >>> [round(float(p), 3) for p in power_paired([60, 61, 62], 0.10, 0.0)]
    [0.729, 0.742, 0.755]
    """
    test = check_choice(test, "test", PAIRED_TESTS)
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    alpha = check_confidence(level, "level")
    try:
        n = as_counts(trials, "trials", minimum=1)
        p1, p2 = _check_discordant(p_only1, p_only2)
    except (TypeError, ValueError) as exc:
        labels_for_counts(
            exc,
            "power_paired plans a test set: power_paired(trials, p_only1, p_only2) with the "
            "number of test items and the shares of items only classifier 1 and only "
            "classifier 2 gets right, e.g. power_paired(200, 0.10, 0.05)",
            _TEST_SET_AT_HAND,
            trials=trials,
            p_only1=p_only1,
            p_only2=p_only2,
        )
        raise
    return _power_paired_core(n, p1, p2, alpha, test, alternative)


#: For arrays of labels in a planning function's counts (:func:`labels_for_counts`).
_TEST_SET_AT_HAND = (
    "evalkit.compare_classifiers(y_true, y_pred_a, y_pred_b) to compare two classifiers on a "
    "test set at hand"
)


def _power_paired_core(
    n: np.ndarray, p1: np.ndarray, p2: np.ndarray, alpha: float, test: str, alternative: str
) -> Any:
    """:func:`power_paired` for checked inputs (counts ≥ 1, p1 + p2 ≤ 1, a known test)."""
    if n.ndim == 0:
        return paired.rejection_probability(int(n), p1, p2, alpha, test, alternative)
    n, p1, p2 = broadcast(trials=n, p_only1=p1, p_only2=p2)
    out = np.empty(n.shape)
    pairs = np.stack([p1.reshape(-1), p2.reshape(-1)], axis=-1)
    unique, inverse = np.unique(pairs, axis=0, return_inverse=True)
    flat_n, flat_out = n.reshape(-1), out.reshape(-1)
    for j, (x, y) in enumerate(unique):
        where = np.flatnonzero(inverse.reshape(-1) == j)
        flat_out[where] = _power_curve(flat_n[where], x, y, alpha, test, alternative)
    return flat_out.reshape(n.shape)


def _power_curve(
    sizes: np.ndarray, p1: float, p2: float, alpha: float, test: str, alternative: str
) -> np.ndarray:
    """Exact power at each K in ``sizes`` for one rate pair (McNemar: g(m) computed once)."""
    if test == "guenter":  # Günter's Z depends on K itself, not only on (b, c): one K at a time
        return np.array(
            [paired.rejection_probability(int(k), p1, p2, alpha, test, alternative) for k in sizes]
        )
    largest = int(sizes.max())
    total = min(p1 + p2, 1.0)
    share = p1 / total if total > 0 else 0.5
    lo, hi = paired._rejection_bounds(largest, test, alternative, alpha)
    m = np.arange(largest + 1)
    g = np.where(lo >= 0, special.bdtr(np.maximum(lo, 0), m, share), 0.0)
    g = g + np.where(hi <= m, special.bdtrc(np.clip(hi - 1, 0, largest), m, share), 0.0)
    # as in rejection_probability: only the m within t = ⌈5√K⌉ + 1 of K·(p1 + p2) matter
    # (Hoeffding: the rest has probability below 4·10⁻²²)
    t = int(np.ceil(5 * np.sqrt(largest))) + 1
    length = min(largest + 1, 2 * t + 1)
    counts = np.arange(largest + 1)
    log_factorial = special.gammaln(counts + 1.0)
    # m·log ψ and m·log(1 − ψ) for every count m, looked up below (xlogy: 0·log 0 = 0 at ψ = 0
    # or 1): the same numbers as evaluating them for every (K, m) of the window, with less work
    log_rate, log_rest = special.xlogy(counts, total), special.xlog1py(counts, -total)
    out = np.empty(sizes.shape)
    step = max(1, _CHUNK // length)
    for start in range(0, sizes.size, step):
        k = sizes[start : start + step, None].astype(np.int64)
        first = np.clip(np.round(k * total) - t, 0, None).astype(np.int64)
        window = np.minimum(first + np.arange(length), k)  # beyond k: masked below
        # Bin(m; k, ψ) from the tables
        log_pmf = (
            log_factorial[k]
            - log_factorial[window]
            - log_factorial[k - window]
            + log_rate[window]
            + log_rest[k - window]
        )
        weight = np.where(first + np.arange(length) <= k, np.exp(log_pmf), 0.0)
        out[start : start + step] = np.sum(weight * g[window], axis=1)
    return np.clip(out, 0.0, 1.0)


def connor_trials(
    p_only1: ArrayLike,
    p_only2: ArrayLike,
    power: float = 0.8,
    level: float = 0.05,
    alternative: str = "two-sided",
) -> Any:
    """Connor's (1987) normal-approximation number of pairs for McNemar's test.

    With discordance ψ = p1 + p2 and difference δ = p1 − p2 (Connor 1987):

    .. math:: K = \\left\\lceil \\frac{\\big(z_{1-\\alpha/2}\\sqrt{\\psi}
              + z_{1-\\beta}\\sqrt{\\psi - \\delta^2}\\big)^2}{\\delta^2} \\right\\rceil,

    with z_{1−α} instead of z_{1−α/2} for a one-sided test. Connor, R. J. (1987), "Sample size
    for testing differences in proportions for the paired-sample design", *Biometrics* 43,
    207–211.

    Parameters
    ----------
    p_only1, p_only2 : float or array_like
        Probabilities of the discordant outcomes, p1 ≠ p2, p1 + p2 ≤ 1.
    power, level : float
        Target power 1 − β and significance level α, both in (0, 1).
    alternative : {"two-sided", "greater", "less"}

    Returns
    -------
    int or ndarray of int

    Examples
    --------
    >>> connor_trials(0.10, 0.05)
    469
    """
    p1, p2 = _check_discordant(p_only1, p_only2)
    target = _check_power(power)
    alpha = check_confidence(level, "level")
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    if np.any(p1 == p2):
        raise ValueError("p_only1 and p_only2 must differ: with no difference K is infinite")
    return _connor_core(p1, p2, target, alpha, alternative)


def _connor_core(p1: Any, p2: Any, target: float, alpha: float, alternative: str) -> Any:
    """Connor's K for checked, different discordant probabilities."""
    delta, psi = p1 - p2, p1 + p2
    z_a, z_b = _z(alpha, alternative), float(stats.norm.ppf(target))
    n = (z_a * np.sqrt(psi) + z_b * np.sqrt(psi - delta**2)) ** 2 / delta**2
    out = np.ceil(n - 1e-9).astype(np.int64)
    return int(out) if out.ndim == 0 else out


def _unreachable(what: str, best: float, target: float, hint: str) -> ValueError:
    return ValueError(
        f"power {target:g} is not reachable {what}: the largest power reachable is "
        f"{best:.4f}; {hint}"
    )


def _looks_like_accuracies(p1: float, p2: float) -> bool:
    """Two "only one classifier right" probabilities that are more likely two accuracies.

    Each is the share of items that one classifier gets right *and the other wrong*: both above
    one third means the classifiers disagree on more than two thirds of the items, nearly as
    often each way, which real pairs of classifiers practically never do, while two accuracies
    above one third (with a sum above 1 already impossible) are what a mix-up passes.
    """
    return min(p1, p2) > 1.0 / 3.0


def _design_from_rates(rate_a: Any, rate_b: Any, discordance: Any) -> tuple[float, float]:
    """(p_only1, p_only2) from two accuracies and the share of items they disagree on.

    p_only1 − p_only2 = rate_a − rate_b and p_only1 + p_only2 = ψ, so p_only1 = (ψ + δ)/2 and
    p_only2 = (ψ − δ)/2; both right (a + b − ψ)/2 and both wrong (2 − a − b − ψ)/2 must be ≥ 0.
    """
    names = ("rate_a", "rate_b", "discordance")
    given = dict(zip(names, (rate_a, rate_b, discordance), strict=True))
    missing = [name for name, value in given.items() if value is None]
    if missing:
        raise ValueError(
            "the accuracy form needs rate_a, rate_b and discordance (the share of items on which "
            f"the classifiers disagree); missing {', '.join(missing)}"
        )
    for name, value in given.items():
        if np.ndim(value):
            raise ValueError(f"{name} must be one number in [0, 1]; got {shown(value)}")
    a, b, psi = (float(as_probabilities(value, name)) for name, value in given.items())
    delta = a - b
    if psi < abs(delta) - 1e-12:
        raise ValueError(
            f"accuracies {a:g} and {b:g} differ by {abs(delta):g}, so the classifiers disagree "
            f"on at least that share of the items; got discordance={psi:g} (allowed: "
            f"{abs(delta):g} to {min(a + b, 2 - a - b):g})"
        )
    if psi > min(a + b, 2 - a - b) + 1e-12:
        raise ValueError(
            f"with accuracies {a:g} and {b:g} the classifiers can disagree on at most "
            f"{min(a + b, 2 - a - b):g} of the items (an item they disagree on is right for one "
            f"and wrong for the other: at most a + b and 2 − a − b); got discordance={psi:g} "
            f"(allowed: {abs(delta):g} to {min(a + b, 2 - a - b):g})"
        )
    return max((psi + delta) / 2, 0.0), max((psi - delta) / 2, 0.0)


def _design_from_table(table: Any) -> tuple[float, float]:
    """(p_only1, p_only2) = (b/n, c/n) from a pilot's agreement table [[a, b], [c, d]]."""
    try:
        counts = as_counts(table, "table")
        if counts.shape != (2, 2):
            raise ValueError(
                "table must be a pilot's 2×2 agreement table [[both right, only 1 right], "
                f"[only 2 right, both wrong]] (evalkit.paired.agreement_table); got shape "
                f"{counts.shape}"
            )
    except (TypeError, ValueError) as exc:
        labels_for_counts(
            exc,
            "trials_paired takes the pilot's 2×2 agreement table of counts, e.g. "
            "trials_paired(table=[[70, 10], [5, 15]]), from the pilot's labels "
            "trials_paired(table=paired.agreement_table(pilot_a == pilot_y, pilot_b == pilot_y))",
            table=table,
        )
        raise
    total = int(counts.sum())
    if total == 0:
        raise ValueError("table must count at least one item; got an all-zero table")
    return counts[0, 1] / total, counts[1, 0] / total


def _paired_design(
    p_only1: Any, p_only2: Any, rate_a: Any, rate_b: Any, discordance: Any, table: Any
) -> tuple[float, float]:
    """The discordant probabilities of the one form given (and refuse mix-ups)."""
    forms = {
        "p_only1/p_only2": p_only1 is not None or p_only2 is not None,
        "rate_a/rate_b/discordance": any(v is not None for v in (rate_a, rate_b, discordance)),
        "table": table is not None,
    }
    chosen = [name for name, used in forms.items() if used]
    if len(chosen) != 1:
        raise ValueError(
            "give the paired design in exactly one form: p_only1 and p_only2; or rate_a, rate_b "
            "and discordance; or a pilot's table; got "
            + (" and ".join(chosen) if chosen else "none")
        )
    if forms["table"]:
        return _design_from_table(table)
    if forms["rate_a/rate_b/discordance"]:
        return _design_from_rates(rate_a, rate_b, discordance)
    if p_only1 is None or p_only2 is None:
        raise ValueError("give both p_only1 and p_only2 (the probabilities that only one is right)")
    if np.ndim(p_only1) or np.ndim(p_only2):
        raise ValueError("trials_paired takes one pair of rates (p_only1, p_only2), not arrays")
    try:
        p1, p2 = (float(x) for x in _check_discordant(p_only1, p_only2))
    except ValueError as exc:
        if "must not exceed 1" not in str(exc):
            raise
        raise ValueError(
            f"p_only1 + p_only2 must not exceed 1 (the probabilities that only classifier 1, "
            f"only classifier 2 is right); got {float(p_only1)!r} + {float(p_only2)!r}. If these "
            f"are the accuracies, pass trials_paired(rate_a={float(p_only1)!r}, "
            f"rate_b={float(p_only2)!r}, discordance=ψ) with ψ the share of items on which the "
            "classifiers disagree"
        ) from None
    if _looks_like_accuracies(p1, p2):
        raise ValueError(
            f"p_only1 = {p1:g} and p_only2 = {p2:g} look like accuracies: as the probabilities "
            f"that only classifier 1 (only classifier 2) is right they say the classifiers "
            f"disagree on {p1 + p2:.0%} of the items, each way more than a third. Pass "
            f"accuracies as trials_paired(rate_a={p1:g}, rate_b={p2:g}, discordance=ψ), ψ the "
            "share of items on which the classifiers disagree (or table= from a pilot). "
            "Classifiers that really disagree this often are planned for the same way"
        )
    return p1, p2


def trials_paired(
    p_only1: float | None = None,
    p_only2: float | None = None,
    power: float = 0.8,
    level: float = 0.05,
    test: str | None = None,
    alternative: str = "two-sided",
    max_trials: int = MAX_PAIRED_TRIALS,
    *,
    rate_a: float | None = None,
    rate_b: float | None = None,
    discordance: float | None = None,
    table: ArrayLike | None = None,
    margin: float | None = None,
) -> SampleSize:
    """Smallest number of pairs K whose exact power stays at the target, with Connor's K.

    The design can be given in three forms (exactly one):

    * ``p_only1``, ``p_only2``: the probabilities that an item is right only by classifier 1,
      only by classifier 2 (the discordant cells of the agreement table);
    * ``rate_a``, ``rate_b``, ``discordance``: the two expected accuracies and the share ψ of
      items on which the classifiers disagree, the form people think in; then
      p_only1 = (ψ + rate_a − rate_b)/2 and p_only2 = (ψ − rate_a + rate_b)/2, and impossible
      combinations are refused (ψ must lie between |rate_a − rate_b| and
      min(rate_a + rate_b, 2 − rate_a − rate_b));
    * ``table``: a pilot's 2×2 agreement table [[both right, only 1 right], [only 2 right,
      both wrong]] (:func:`evalkit.paired.agreement_table`); its shares b/n and c/n are used
      as the design (a plug-in: a small pilot's shares are themselves uncertain).

    Two accuracies passed as ``p_only1, p_only2`` by mistake are refused where that can be
    told: their sum above 1 (impossible), or both above one third (the classifiers would
    disagree on more than two thirds of the items, nearly as often each way).

    Exact power is computed for every K = 1 … bound (:func:`power_paired` on an array of K).
    The answer is the smallest K from which power ≥ ``power`` for every K up to ``bound``;
    the bound starts at max(2·Connor's K, 100) and grows (to twice the answer, or doubles while
    the target is not reached) until it is at least twice the answer. The first K that reaches
    the target is reported as well: power can saw-tooth in K (markedly so when nearly every item
    is discordant), so that K may be followed by smaller powers.

    **Non-inferiority** (``margin=δ``): the plan is for Tango's (Nam's) score test of
    H0: R_A − R_B ≤ −δ (:func:`evalkit.paired.noninferiority_test`, classifier 1 = A, one-sided
    at ``level``, so pass ``level=0.025`` for the usual choice). Its exact power at K pairs is a
    sum over every table, grouped by the number m of discordant items,
    Σ_m Bin(m; K, ψ)·P(b ≥ e(K, m) | m) with b | m ~ Bin(m, p_only1/ψ) and e(K, m) the smallest
    b that rejects (Tango's statistic grows with b given m; found by bisection); only the m
    within 5√K + 1 of Kψ are summed (the rest has probability below 4·10⁻²²). The rule for the
    answer and its saw-tooth is the one above, starting from Nam's (1997) normal approximation
    K = (z_α·√V₀ + z_β·√V₁)²/(R_A − R_B + δ)², V₁ = ψ − (R_A − R_B)², V₀ the variance (2q̃ − δ
    − δ²) of Tango's statistic at the design (``normal``). The design may have R_A = R_B (the
    usual plan: "A is as good as B") or any R_A − R_B > −δ. A larger margin never needs more
    pairs: the rejection region grows with the margin at every K.

    Parameters
    ----------
    p_only1, p_only2 : float, optional
        Probabilities that only classifier 1 (only classifier 2) is right on an item.
    power : float
        Target power in (0, 1).
    level : float
        Significance level α in (0, 1) (with ``margin``: the one-sided α, below 0.5).
    test : {"mid-p", "exact", "asymptotic", "corrected", "guenter"} or {"tango"}, optional
        Default "mid-p"; with ``margin``, "tango" (the only one).
    alternative : {"two-sided", "greater", "less"}
        "greater": classifier 1 (A) better. Not used with ``margin`` (the test is one-sided).
    max_trials : int
        Give up (with an error naming the power reached) beyond this K.
    rate_a, rate_b : float, optional
        Expected accuracies of classifier 1 (A) and classifier 2 (B), with ``discordance``.
    discordance : float, optional
        ψ, the share of items on which the two classifiers disagree (one right, one wrong).
    table : array_like, optional
        A pilot's 2×2 agreement table of counts.
    margin : float, optional
        δ in (0, 1): plan a non-inferiority test of classifier 1 (A) against classifier 2 (B)
        with this margin instead of a test of "equally good".

    Returns
    -------
    SampleSize
        ``trials`` (the answer), ``first``, ``bound``, exact ``power``, Connor's (with
        ``margin``: Nam's) ``normal``, the design's ``p_only1``, ``p_only2``, and ``margin``.

    Examples
    --------
    >>> r = trials_paired(0.10, 0.05)
    >>> r.trials, r.normal
    (461, 469)
    >>> trials_paired(0.10, 0.05, test="exact").trials
    498
    >>> r = trials_paired(rate_a=0.90, rate_b=0.85, discordance=0.12)
    >>> round(r.p_only1, 3), round(r.p_only2, 3), r.trials, r.normal
    (0.085, 0.035, 364, 375)
    >>> trials_paired(table=[[70, 10], [5, 15]]).trials  # a pilot of 100 items: 10 vs 5
    461

    Non-inferiority within 5 points of two classifiers of equal accuracy that disagree on 10 %
    of the items (5 % each way), at α = 0.025:

    >>> r = trials_paired(0.05, 0.05, level=0.025, margin=0.05)
    >>> r.trials, r.normal, r.method
    (339, 350, "Tango's score test for non-inferiority")
    """
    p1, p2 = _paired_design(p_only1, p_only2, rate_a, rate_b, discordance, table)
    if margin is not None:
        return _trials_paired_margin(p1, p2, margin, power, level, test, alternative, max_trials)
    test = check_choice("mid-p" if test is None else test, "test", PAIRED_TESTS)
    alternative = check_choice(alternative, "alternative", ALTERNATIVES)
    alpha = check_confidence(level, "level")
    target = _check_power(power)
    limit = as_count(max_trials, "max_trials", minimum=1)
    wrong_way = (alternative == "greater" and p1 <= p2) or (alternative == "less" and p1 >= p2)
    if p1 == p2 or wrong_way:
        best = float(
            _power_paired_core(np.asarray(min(limit, 1000)), p1, p2, alpha, test, alternative)
        )
        raise _unreachable(
            f"with p_only1 = {p1!r} and p_only2 = {p2!r} ({alternative})",
            best,
            target,
            "with no difference in the tested direction, power is at most the type-I error rate",
        )
    normal = int(_connor_core(np.asarray(p1), np.asarray(p2), target, alpha, alternative))
    bound = min(max(2 * normal, 100), limit)
    while True:
        sizes = np.arange(1, bound + 1)
        curve = _power_paired_core(sizes, np.asarray(p1), np.asarray(p2), alpha, test, alternative)
        below = np.flatnonzero(curve < target)
        answer = int(below[-1]) + 2 if below.size else 1
        if answer <= bound and (2 * answer <= bound or bound == limit):
            break
        if bound == limit:
            raise _unreachable(
                f"with at most max_trials = {limit} pairs",
                float(curve.max()),
                target,
                "raise max_trials or plan for a larger difference",
            )
        bound = min(2 * answer if answer <= bound else 2 * bound, limit)
    reached = np.flatnonzero(curve >= target)
    return SampleSize(
        trials=answer,
        power=float(curve[answer - 1]),
        first=int(reached[0]) + 1,
        bound=bound,
        normal=normal,
        normal_method="Connor 1987",
        method=f"McNemar {test}" if test != "guenter" else "Günter's paired test",
        p_only1=p1,
        p_only2=p2,
    )


# --------------------------------------------------------------------------------------------
# independent test sets


def power_independent(
    trials_a: int,
    trials_b: int,
    rate_a: ArrayLike,
    rate_b: ArrayLike,
    level: float = 0.05,
    test: str = "boschloo",
) -> Any:
    """Exact power of a test of two rates measured on two independent test sets.

    Every outcome (n_A, n_B) is enumerated with probability Bin(n_A; K_A, r_A)·Bin(n_B; K_B, r_B)
    and counts when the test rejects at ``level``
    (:func:`evalkit.independent.rejection_probability`).

    Parameters
    ----------
    trials_a, trials_b : int
        K_A and K_B, the sizes of the two test sets (≥ 1; about 1000 each at most).
    rate_a, rate_b : float or array_like
        True accuracies of A and B (arrays broadcast: a whole power curve in one call).
    level : float
        Significance level α in (0, 1).
    test : {"boschloo", "fisher", "mid-p", "chi2", "yates", "normal"}
        Boschloo's exact test (default: the most powerful exact test the course teaches),
        Fisher's exact test, its mid-p form, χ² without/with Yates' correction, the normal test.

    Returns
    -------
    float or ndarray

    Examples
    --------
    Wolff's example 1 as a planning question: 50 items each, true rates 0.94 and 0.80:

    >>> round(power_independent(50, 50, 0.94, 0.80, test="fisher"), 3)
    0.429
    """
    test = check_choice(test, "test", INDEPENDENT_TESTS)
    try:
        size_a = as_count(trials_a, "trials_a", minimum=1)  # named as the caller named them
        size_b = as_count(trials_b, "trials_b", minimum=1)
    except (TypeError, ValueError) as exc:
        labels_for_counts(
            exc,
            "power_independent plans two test sets: power_independent(trials_a, trials_b, "
            "rate_a, rate_b) with their sizes and the true accuracies, e.g. "
            "power_independent(50, 50, 0.94, 0.80)",
            _TEST_SET_AT_HAND,
            trials_a=trials_a,
            trials_b=trials_b,
        )
        raise
    return independent.rejection_probability(size_a, size_b, rate_a, rate_b, level, test)


def fleiss_trials(
    rate_a: ArrayLike,
    rate_b: ArrayLike,
    power: float = 0.8,
    level: float = 0.05,
    ratio: float = 1.0,
    correction: bool = True,
) -> Any:
    """Fleiss' normal-approximation size of test set A for comparing two rates (B: ratio × A).

    With r = ``ratio`` = K_B/K_A, p̄ = (p_A + r·p_B)/(1 + r), q = 1 − p, Δ = |p_A − p_B|
    (Fleiss, Levin & Paik, *Statistical Methods for Rates and Proportions*, 3rd ed. 2003,
    ch. 4; Fleiss, Tytun & Ury 1980, *Biometrics* 36, 343–346, for the correction):

    .. math::

       K' &= \\frac{\\big(z_{1-\\alpha/2}\\sqrt{(r + 1)\\,\\bar p \\bar q}
       + z_{1-\\beta}\\sqrt{r\\,p_A q_A + p_B q_B}\\big)^2}{r\\,\\Delta^2}, \\\\
       K_A &= \\frac{K'}{4}\\Big(1 + \\sqrt{1 + \\frac{2(r + 1)}{r K' \\Delta}}\\Big)^2,

    the second with the continuity correction (use it for Fisher's and Yates' tests); K_A = K'
    without (the χ² and normal tests). Both rounded up.

    Parameters
    ----------
    rate_a, rate_b : float or array_like
        Expected accuracies, different.
    power, level : float
        Target power and significance level (two-sided), in (0, 1).
    ratio : float
        K_B / K_A, > 0.
    correction : bool
        Apply the continuity correction.

    Returns
    -------
    int or ndarray of int
        K_A (K_B is ``ceil(ratio · K_A)``).

    Examples
    --------
    Error rates of 5 % and 10 %, α = 0.05, power 0.80:

    >>> fleiss_trials(0.05, 0.10)
    474
    >>> fleiss_trials(0.05, 0.10, correction=False)
    435
    """
    pa = as_probabilities(rate_a, "rate_a")
    pb = as_probabilities(rate_b, "rate_b")
    pa, pb = broadcast(rate_a=pa, rate_b=pb)
    target = _check_power(power)
    alpha = check_confidence(level, "level")
    r = _check_ratio(ratio)
    if not isinstance(correction, (bool, np.bool_)):
        raise TypeError(f"correction must be True or False; got {shown(correction)}")
    if np.any(pa == pb):
        raise ValueError("rate_a and rate_b must differ: with no difference K is infinite")
    return _fleiss_core(pa, pb, target, alpha, r, bool(correction))


def _fleiss_core(pa: Any, pb: Any, target: float, alpha: float, r: float, correction: bool) -> Any:
    """Fleiss' K_A for checked, different rates."""
    delta = np.abs(pa - pb)
    bar = (pa + r * pb) / (1 + r)
    z_a, z_b = _z(alpha, "two-sided"), float(stats.norm.ppf(target))
    root = z_a * np.sqrt((r + 1) * bar * (1 - bar)) + z_b * np.sqrt(
        r * pa * (1 - pa) + pb * (1 - pb)
    )
    k = root**2 / (r * delta**2)
    if correction:
        k = k / 4 * (1 + np.sqrt(1 + 2 * (r + 1) / (r * k * delta))) ** 2
    out = np.ceil(k - 1e-9).astype(np.int64)
    return int(out) if out.ndim == 0 else out


def _check_ratio(ratio: Any) -> float:
    if isinstance(ratio, (bool, np.bool_)) or not isinstance(ratio, (int, float, np.number)):
        raise TypeError(f"ratio must be a number > 0 (K_B / K_A); got {shown(ratio)}")
    if not (np.isfinite(ratio) and ratio > 0):
        raise ValueError(f"ratio must be a finite number > 0 (K_B / K_A); got {shown(ratio)}")
    return float(ratio)


def _size_b(k: int, ratio: float) -> int:
    return max(1, int(np.ceil(ratio * k - 1e-9)))


def trials_independent(
    rate_a: float,
    rate_b: float,
    power: float = 0.8,
    level: float = 0.05,
    test: str | None = None,
    ratio: float = 1.0,
    max_trials: int | None = None,
    *,
    margin: float | None = None,
) -> SampleSize:
    """Smallest test-set sizes K_A, K_B = ⌈ratio·K_A⌉ whose exact power reaches the target.

    The exact power (:func:`power_independent`) is evaluated by bisection on K_A between a size
    below and a size above the target (bracketed around Fleiss' normal K), then every K_A from
    the answer to ``bound`` = answer + max(5, 2 %) is checked to stay at the target (a saw-tooth
    dip moves the answer, and the bound, past it; two independent binomials saw-tooth much less
    than the paired design, whose answer :func:`trials_paired` checks up to twice K). Each K
    costs one rejection region of (K_A + 1)(K_B + 1) outcomes: Boschloo's and the χ² regions
    take well under a second at a few hundred items, Fisher's (computed table by table in
    :mod:`evalkit.independent`) seconds.

    **Non-inferiority** (``margin=δ``): the plan is for Farrington & Manning's score test of
    H0: π_A − π_B ≤ −δ (:func:`evalkit.independent.noninferiority_test`, one-sided at ``level``:
    pass ``level=0.025`` for the usual choice), or its Miettinen–Nurminen form. Its exact power
    is Σ_{n_A} Bin(n_A; K_A, π_A)·F_Bin(e(n_A); K_B, π_B), e(n_A) the largest n_B that rejects
    (the score statistic falls as n_B grows; found by bisection), summed over the n_A within
    5√K_A + 1 of K_A·π_A: milliseconds even at K = 10⁴, so ``max_trials`` defaults to 100 000
    here. The search is the one above, starting from Farrington & Manning's (1990) normal
    approximation K_A = (z_α·σ̃ + z_β·σ)²/(π_A − π_B + δ)², σ̃² = π̃_A(1 − π̃_A) +
    π̃_B(1 − π̃_B)/ratio at the restricted rates of the design, σ² = π_A(1 − π_A) +
    π_B(1 − π_B)/ratio (``normal``). The design may have π_A = π_B (the usual plan) or any
    π_A − π_B > −δ. At every K the rejection region grows with the margin, so a larger margin
    needs no more items (checked over a grid of margins in the tests).

    Parameters
    ----------
    rate_a, rate_b : float
        Expected accuracies of A and B (different; with ``margin``, rate_a − rate_b > −δ).
    power, level : float
        Target power and significance level, in (0, 1) (with ``margin``: the one-sided α,
        below 0.5).
    test : {"boschloo", "fisher", "mid-p", "chi2", "yates", "normal"}, optional
        Default "boschloo"; with ``margin``: {"farrington-manning", "miettinen-nurminen"},
        default "farrington-manning".
    ratio : float
        K_B / K_A (> 0).
    max_trials : int, optional
        Largest K_A tried: default 1000 (the enumeration allows about 1000 items per side);
        100 000 with ``margin``.
    margin : float, optional
        δ in (0, 1): plan a non-inferiority test of A against B with this margin instead of a
        test of "equally good".

    Returns
    -------
    SampleSize
        ``trials`` = K_A, ``trials_b`` = K_B, exact ``power``, Fleiss' ``normal`` (no correction)
        and ``normal_corrected`` (with ``margin``: Farrington & Manning's ``normal``, and
        ``margin``).

    Examples
    --------
    >>> r = trials_independent(0.6, 0.8, test="chi2")
    >>> r.trials, r.normal, r.normal_corrected
    (80, 82, 91)

    Non-inferiority within 5 points at accuracies of 0.9, α = 0.025:

    >>> r = trials_independent(0.9, 0.9, level=0.025, margin=0.05)
    >>> r.trials, r.normal
    (576, 581)
    """
    if margin is not None:
        return _trials_independent_margin(
            rate_a, rate_b, margin, power, level, test, ratio, max_trials
        )
    test = check_choice("boschloo" if test is None else test, "test", INDEPENDENT_TESTS)
    alpha = check_confidence(level, "level")
    target = _check_power(power)
    r = _check_ratio(ratio)
    limit = as_count(1000 if max_trials is None else max_trials, "max_trials", minimum=1)
    if np.ndim(rate_a) or np.ndim(rate_b):
        raise ValueError("trials_independent takes one pair of rates (rate_a, rate_b), not arrays")
    pa = float(as_probabilities(rate_a, "rate_a"))
    pb = float(as_probabilities(rate_b, "rate_b"))

    def power_at(k: int) -> float:
        return float(power_independent(k, _size_b(k, r), pa, pb, alpha, test))

    if pa == pb:
        raise _unreachable(
            f"with rate_a = rate_b = {pa!r}",
            power_at(min(limit, 100)),
            target,
            "with no difference, power is the type-I error rate (shown at K_A = 100)",
        )
    normal = int(_fleiss_core(np.asarray(pa), np.asarray(pb), target, alpha, r, False))
    corrected = int(_fleiss_core(np.asarray(pa), np.asarray(pb), target, alpha, r, True))

    answer, first, bound = _smallest_size(
        power_at,
        normal,
        limit,
        target,
        "raise max_trials (enumeration allows about 1000 per side) or plan for a larger difference",
    )
    return SampleSize(
        trials=answer,
        power=power_at(answer),
        first=first,
        bound=bound,
        normal=normal,
        normal_method="Fleiss",
        method=test,
        trials_b=_size_b(answer, r),
        normal_corrected=corrected,
    )


def _smallest_size(
    power_at: Any, normal: int, limit: int, target: float, hint: str
) -> tuple[int, int, int]:
    """(answer, first, bound) of :func:`trials_independent`'s search for the size of set A.

    Bracket the answer around the normal approximation's K, bisect (power(low) < target ≤
    power(high)), then check every K from the answer to bound = answer + max(5, 2 %): a
    saw-tooth dip below the target moves the answer, and the bound, past it.
    """
    high = min(max(normal, 1), limit)  # bracket the answer around the normal K …
    low = 0
    while power_at(high) < target:
        if high == limit:
            raise _unreachable(
                f"with at most max_trials = {limit} items in set A",
                power_at(limit),
                target,
                hint,
            )
        low, high = high, min(int(np.ceil(1.25 * high)) + 1, limit)
    if low == 0:
        low = int(0.8 * high)
        while low > 0 and power_at(low) >= target:
            high, low = low, int(0.8 * low)
    while high - low > 1:  # … then bisect: power(low) < target ≤ power(high) (low = 0: none)
        mid = (low + high) // 2
        if power_at(mid) >= target:
            high = mid
        else:
            low = mid
    first = answer = high
    bound = min(limit, answer + max(5, int(np.ceil(0.02 * answer))))
    k = answer
    while k < bound:  # a saw-tooth dip below the target moves the answer past it
        k += 1
        if power_at(k) < target:
            answer = k + 1
            bound = min(limit, max(bound, answer + max(5, int(np.ceil(0.02 * answer)))))
    if answer > limit:
        raise _unreachable(
            f"for every K_A up to max_trials = {limit}",
            power_at(limit),
            target,
            "raise max_trials",
        )
    return answer, first, bound


# --------------------------------------------------------------------------------------------
# what a given test set can detect


def detectable_difference(
    trials: int,
    *,
    discordance: float | None = None,
    base_rate: float | None = None,
    trials_b: int | None = None,
    power: float = 0.8,
    level: float = 0.05,
    test: str | None = None,
) -> float:
    """The smallest difference of accuracies a given test set detects with the given power.

    Give exactly one of

    * ``discordance`` ψ (paired design, one test set of K = ``trials`` items): the classifiers
      disagree on a fraction ψ of the items, p1 = (ψ + δ)/2 and p2 = (ψ − δ)/2, 0 < δ ≤ ψ;
      McNemar's test (``test`` default "mid-p", two-sided);
    * ``base_rate`` r_B (two independent test sets of ``trials`` and ``trials_b`` items, the
      latter defaulting to ``trials``): A has accuracy r_B + δ, 0 < δ ≤ 1 − r_B (``test``
      default "boschloo").

    Exact power is computed on a grid of δ in one vectorized call, refined on a second grid
    inside the bracket; the answer is the smallest δ from which power stays ≥ ``power`` on the
    grid (resolution about max δ / 160 000).

    Parameters
    ----------
    trials : int
        Size of the (first) test set.
    discordance, base_rate : float
        The design (see above).
    trials_b : int, optional
        Size of the second test set (independent design only).
    power, level : float
        Target power and significance level, in (0, 1).
    test : str, optional
        A test of :func:`power_paired` or :func:`power_independent`.

    Returns
    -------
    float
        δ, the detectable difference of accuracies.

    Examples
    --------
    >>> round(detectable_difference(100, discordance=0.2), 3)
    0.121
    >>> round(detectable_difference(50, base_rate=0.8, test="fisher"), 3)
    0.182
    """
    try:
        size = as_count(trials, "trials", minimum=1)
    except (TypeError, ValueError) as exc:
        labels_for_counts(
            exc,
            "detectable_difference takes the number of test items: detectable_difference("
            "trials, ...), e.g. detectable_difference(100, discordance=0.2), with trials = "
            "len(y_true)",
            _TEST_SET_AT_HAND,
            trials=trials,
        )
        raise
    target = _check_power(power)
    alpha = check_confidence(level, "level")
    if (discordance is None) == (base_rate is None):
        raise ValueError(
            "give exactly one of discordance (paired design) and base_rate (two independent "
            f"test sets); got discordance={discordance!r}, base_rate={base_rate!r}"
        )
    if discordance is not None:
        if trials_b is not None:
            raise ValueError("trials_b belongs to the independent design (base_rate), not paired")
        if np.ndim(discordance):
            raise ValueError(f"discordance must be one number in (0, 1]; got {shown(discordance)}")
        psi = float(as_probabilities(discordance, "discordance"))
        if psi <= 0:
            raise ValueError(f"discordance must be one number in (0, 1]; got {shown(discordance)}")
        test = "mid-p" if test is None else check_choice(test, "test", PAIRED_TESTS)

        def curve(delta: np.ndarray) -> np.ndarray:
            return np.asarray(
                paired.rejection_probability(
                    size, (psi + delta) / 2, (psi - delta) / 2, alpha, test
                )
            )

        largest, what = psi, f"with K = {size} pairs and discordance {psi:g}"
    else:
        if np.ndim(base_rate):
            raise ValueError(f"base_rate must be one number in [0, 1); got {shown(base_rate)}")
        base = float(as_probabilities(base_rate, "base_rate"))
        if base >= 1:
            raise ValueError(f"base_rate must be one number in [0, 1); got {shown(base_rate)}")
        size_b = size if trials_b is None else as_count(trials_b, "trials_b", minimum=1)
        test = "boschloo" if test is None else check_choice(test, "test", INDEPENDENT_TESTS)

        def curve(delta: np.ndarray) -> np.ndarray:
            rate_a = np.minimum(base + delta, 1.0)
            return np.asarray(power_independent(size, size_b, rate_a, base, alpha, test))

        largest = 1.0 - base
        what = f"with K_A = {size}, K_B = {size_b} and base rate {base:g}"
    return _smallest_detectable(curve, largest, target, what)


def _smallest_detectable(curve, largest: float, target: float, what: str) -> float:
    """Smallest δ in (0, largest] from which ``curve(δ)`` stays ≥ target (two grids)."""
    grid = np.linspace(0.0, largest, _GRID)
    values = curve(grid)
    if values[-1] < target:
        raise _unreachable(
            what, float(values.max()), target, "a larger test set or a lower target is needed"
        )
    below = np.flatnonzero(values < target)
    i = int(below[-1])  # grid[i] fails, grid[i + 1] succeeds
    fine = np.linspace(grid[i], grid[i + 1], _GRID)
    values = curve(fine)
    j = int(np.flatnonzero(values < target)[-1])
    return float(fine[j + 1])


# --------------------------------------------------------------------------------------------
# two correlated AUCs


def _hanley_mcneil(area: np.ndarray, n_pos: int, n_neg: int) -> np.ndarray:
    """Hanley & McNeil (1982) variance of one AUC, elementwise (:mod:`evalkit.roc`'s formula)."""
    one = np.vectorize(roc._hanley_mcneil_variance, otypes=[float])
    return one(area, n_pos, n_neg)


def power_auc(
    n_positive: int,
    n_negative: int,
    auc_a: ArrayLike,
    auc_b: ArrayLike,
    correlation: ArrayLike,
    level: float = 0.05,
) -> Any:
    """Power of DeLong's test for two correlated AUCs (Hanley–McNeil/Obuchowski approximation).

    Each AUC's variance is Hanley & McNeil's (1982) exponential-model approximation
    V(A) = [A(1 − A) + (n₊ − 1)(Q₁ − A²) + (n₋ − 1)(Q₂ − A²)]/(n₊ n₋), Q₁ = A/(2 − A),
    Q₂ = 2A²/(1 + A); the two estimates on the same items are correlated with coefficient r
    (Hanley & McNeil 1983, "A method of comparing the areas under receiver operating
    characteristic curves derived from the same cases", *Radiology* 148, 839–843):

    .. math::

       V_0 &= 2V(\\bar A)(1 - r), \\qquad V_1 = V(A_a) + V(A_b) - 2r\\sqrt{V(A_a)V(A_b)}, \\\\
       \\text{power} &= \\Phi\\Big(\\frac{|\\Delta| - z_{1-\\alpha/2}\\sqrt{V_0}}
       {\\sqrt{V_1}}\\Big) + \\Phi\\Big(\\frac{-|\\Delta| - z_{1-\\alpha/2}\\sqrt{V_0}}
       {\\sqrt{V_1}}\\Big),

    with Ā = (A_a + A_b)/2 under the null hypothesis and the alternative's variance V₁
    (Obuchowski & McClish 1997, "Sample size determination for diagnostic accuracy studies
    involving binormal ROC curve indices", *Statistics in Medicine* 16, 1529–1542).
    ``correlation`` is the correlation of the two *AUC estimates* (Hanley & McNeil tabulate it
    from the correlations of the two classifiers' scores within each class), not of the scores.

    Parameters
    ----------
    n_positive, n_negative : int
        Test items of each class (≥ 1).
    auc_a, auc_b : float or array_like
        Expected AUCs in [0.5, 1).
    correlation : float or array_like
        r in [0, 1).
    level : float
        Significance level α (two-sided).

    Returns
    -------
    float or ndarray

    Examples
    --------
    >>> round(power_auc(100, 100, 0.80, 0.85, 0.5), 3)
    0.395
    """
    try:
        n_pos = as_count(n_positive, "n_positive", minimum=1)
        n_neg = as_count(n_negative, "n_negative", minimum=1)
    except (TypeError, ValueError) as exc:
        labels_for_counts(
            exc,
            "power_auc takes the numbers of positive and negative test items: power_auc("
            "n_positive, n_negative, auc_a, auc_b, correlation), e.g. power_auc(100, 100, 0.80, "
            "0.85, 0.5), from labels n_positive = np.sum(y_true == 1)",
            "roc.delong_test(y_true, y_score1, y_score2) to compare two AUCs on a test set at hand",
            n_positive=n_positive,
            n_negative=n_negative,
        )
        raise
    a = as_probabilities(auc_a, "auc_a")
    b = as_probabilities(auc_b, "auc_b")
    r = as_probabilities(correlation, "correlation")
    alpha = check_confidence(level, "level")
    a, b, r = broadcast(auc_a=a, auc_b=b, correlation=r)
    for name, value in (("auc_a", a), ("auc_b", b)):
        bad = (value < 0.5) | (value >= 1)
        if np.any(bad):
            raise ValueError(
                f"{name} must be in [0.5, 1) (an AUC below 0.5: swap the classes; 1 has no "
                f"variance); got {value.reshape(-1)[np.flatnonzero(bad.reshape(-1))[0]]!r}"
            )
    if np.any(r >= 1):
        raise ValueError("correlation must be in [0, 1): at r = 1 the two AUCs cannot differ")
    va, vb = _hanley_mcneil(a, n_pos, n_neg), _hanley_mcneil(b, n_pos, n_neg)
    v0 = 2 * _hanley_mcneil((a + b) / 2, n_pos, n_neg) * (1 - r)
    v1 = np.maximum(va + vb - 2 * r * np.sqrt(va * vb), 1e-300)
    z = _z(alpha, "two-sided")
    delta = np.abs(a - b)
    out = stats.norm.cdf((delta - z * np.sqrt(v0)) / np.sqrt(v1)) + stats.norm.cdf(
        (-delta - z * np.sqrt(v0)) / np.sqrt(v1)
    )
    return to_output(np.clip(out, 0.0, 1.0))


# --------------------------------------------------------------------------------------------
# non-inferiority: the number of items for a test with a margin (beyond the documents)

#: The non-inferiority tests :func:`trials_independent` plans for (``margin=``): the score
#: tests, whose rejection region in n_B is a run (Blackwelder's Wald test is not planned for:
#: its size exceeds α at the margin).
INDEPENDENT_MARGIN_TESTS = ("farrington-manning", "miettinen-nurminen")


def _trials_paired_margin(
    p1: float,
    p2: float,
    margin: Any,
    power: Any,
    level: Any,
    test: Any,
    alternative: Any,
    max_trials: Any,
) -> SampleSize:
    """:func:`trials_paired` with ``margin``: pairs for Tango's non-inferiority test."""
    delta = _check_margin(margin)
    check_choice("tango" if test is None else test, "test", paired.NONINFERIORITY_METHODS)
    if alternative != "two-sided":
        raise ValueError(
            f"alternative does not apply with margin= (the non-inferiority test is one-sided, "
            f"H1: R_A − R_B > −margin); got alternative={alternative!r}"
        )
    alpha = _check_one_sided_level(level)
    target = _check_power(power)
    limit = as_count(max_trials, "max_trials", minimum=1)
    if p1 - p2 <= -delta + 1e-12:  # (rounding: 0.02 − 0.07 is −0.05000000000000001)
        raise _unreachable(
            f"with p_only1 = {p1!r} and p_only2 = {p2!r} (R_A − R_B = {p1 - p2:g}) and margin "
            f"{delta:g}",
            float(_paired_margin_curve(np.array([min(limit, 1000)]), p1, p2, delta, alpha)[0]),
            target,
            "A is worse than B by the margin or more: the test must not reject (power at most "
            "α); plan for a larger margin or a better classifier A",
        )
    normal = _nam_trials(p1, p2, delta, target, alpha)
    bound = min(max(2 * normal, 100), limit)
    while True:
        sizes = np.arange(1, bound + 1)
        curve = _paired_margin_curve(sizes, p1, p2, delta, alpha)
        below = np.flatnonzero(curve < target)
        answer = int(below[-1]) + 2 if below.size else 1
        if answer <= bound and (2 * answer <= bound or bound == limit):
            break
        if bound == limit:
            raise _unreachable(
                f"with at most max_trials = {limit} pairs",
                float(curve.max()),
                target,
                "raise max_trials or plan for a larger margin",
            )
        bound = min(2 * answer if answer <= bound else 2 * bound, limit)
    reached = np.flatnonzero(curve >= target)
    return SampleSize(
        trials=answer,
        power=float(curve[answer - 1]),
        first=int(reached[0]) + 1,
        bound=bound,
        normal=normal,
        normal_method="Nam 1997",
        method="Tango's score test for non-inferiority",
        p_only1=p1,
        p_only2=p2,
        margin=delta,
    )


def _nam_trials(p1: float, p2: float, delta: float, target: float, alpha: float) -> int:
    """Nam's (1997) normal-approximation number of pairs for the non-inferiority score test.

    K = (z_α·√V₀ + z_β·√V₁)²/(θ + δ)², θ = p1 − p2, V₁ = p1 + p2 − θ² (the variance of one
    pair's b − c), V₀ = 2q̃ − δ − δ² that of Tango's statistic at the design, read off the
    statistic itself: at n = 1, b = p1, c = p2 it is (θ + δ)/√V₀.
    """
    theta = p1 - p2
    statistic = float(paired._tango_statistic(-delta, p1, p2, 1.0))
    null_variance = ((theta + delta) / statistic) ** 2
    variance = max(p1 + p2 - theta**2, 0.0)
    z_a, z_b = float(stats.norm.isf(alpha)), float(stats.norm.ppf(target))
    k = (z_a * np.sqrt(null_variance) + z_b * np.sqrt(variance)) ** 2 / (theta + delta) ** 2
    return max(1, int(np.ceil(k - 1e-9)))


def _paired_margin_curve(
    sizes: np.ndarray, p1: float, p2: float, delta: float, alpha: float
) -> np.ndarray:
    """Exact power of Tango's non-inferiority test at each K in ``sizes`` (see trials_paired).

    Σ_m Bin(m; K, ψ)·P(b ≥ e(K, m) | m), b | m ~ Bin(m, p1/ψ), over the m within t of K·ψ,
    t = min(5√K, Bernstein's bound) + 1, so that the rest has probability below 4·10⁻²², in
    blocks of K (the edges e by :func:`_paired_margin_edges`).
    """
    total = min(p1 + p2, 1.0)
    share = p1 / total if total > 0 else 0.5
    out = np.empty(sizes.shape)
    order = np.argsort(sizes, kind="stable")
    step = max(1, _CHUNK // (4 * (2 * _window(int(sizes.max()), total) + 1)))
    for start in range(0, sizes.size, step):
        where = order[start : start + step]
        k = sizes[where, None].astype(np.int64)
        t = _window(int(k.max()), total)
        length = min(int(k.max()) + 1, 2 * t + 1)
        first = np.clip(np.round(k * total) - t, 0, None).astype(np.int64)
        m = first + np.arange(length)
        inside = m <= k
        m = np.minimum(m, k)
        edge = _paired_margin_edges(k, m, delta, alpha)  # smallest b that rejects
        above = np.where(
            edge >= 1, special.bdtrc(np.maximum(edge - 1, 0), m, share), 1.0
        )  # P(b ≥ edge | m)
        conditional = np.where(edge <= m, above, 0.0)
        weight = np.where(inside, stats.binom.pmf(m, k, total), 0.0)
        out[where] = np.sum(weight * conditional, axis=1)
    return np.clip(out, 0.0, 1.0)


def _window(size: int, rate: float) -> int:
    """t with P(|Bin(size, rate) − size·rate| ≥ t) < 4·10⁻²²: the smaller of Hoeffding's
    5√n and Bernstein's bound (t² = 2c(v + t/3), v = n·rate(1 − rate), c = 50), plus one."""
    c = 50.0
    variance = size * rate * (1 - rate)
    bernstein = (2 * c / 3 + np.sqrt((2 * c / 3) ** 2 + 8 * c * variance)) / 2
    return int(np.ceil(min(5 * np.sqrt(size), bernstein))) + 1


_EDGE_STRIDE = 16  # every 16th m of a row is bisected in full, the others within a bracket


def _paired_margin_edges(k: np.ndarray, m: np.ndarray, delta: float, alpha: float) -> np.ndarray:
    """:func:`evalkit.paired._noninferiority_edges` for rows of non-decreasing m (one K a row).

    Every 16th column is bisected over all b; the columns between two of them are bisected
    within the bracket the two give (the edge does not decrease with m and z falls as c grows,
    both checked over every table in the tests), and every edge is then verified (b = edge
    rejects, b = edge − 1 does not); an edge that fails is bisected again in full. About three
    times faster than bisecting every column in full, and as exact.
    """
    k = np.broadcast_to(k, m.shape)
    columns = np.unique(np.r_[np.arange(0, m.shape[1], _EDGE_STRIDE), m.shape[1] - 1])
    anchors = paired._noninferiority_edges(k[:, columns], m[:, columns], delta, alpha)
    before = np.searchsorted(columns, np.arange(m.shape[1]), side="right") - 1
    after = np.minimum(before + 1, columns.size - 1)
    # b < edge(m_before) does not reject at m_before, so not at m ≥ m_before (c is larger) …
    low = anchors[:, before] - 1
    # … and edge(m_after) rejects at m_after, so at m ≤ m_after too (c is smaller)
    high = np.minimum(anchors[:, after], m + 1)
    low = np.minimum(low, high - 1)
    edge = paired._noninferiority_edges(k, m, delta, alpha, low=low, high=high)
    z_alpha = float(stats.norm.isf(alpha))
    rejects = paired._tango_statistic(-delta, edge, m - edge, k) > z_alpha
    below = paired._tango_statistic(-delta, edge - 1, m - edge + 1, k) > z_alpha
    wrong = ((edge <= m) & ~rejects) | ((edge >= 1) & below)
    if np.any(wrong):
        edge = edge.copy()
        edge[wrong] = paired._noninferiority_edges(k[wrong], m[wrong], delta, alpha)
    return edge


def _farrington_manning_trials(
    rate_a: float, rate_b: float, delta: float, target: float, alpha: float, ratio: float
) -> int:
    """Farrington & Manning's (1990) normal-approximation size of set A (B: ratio × A).

    K_A = (z_α·σ̃ + z_β·σ)²/(π_A − π_B + δ)², σ̃² = π̃_A(1 − π̃_A) + π̃_B(1 − π̃_B)/ratio with the
    rates restricted to π_A − π_B = −δ that the design's rates give (the solver of
    :func:`evalkit.independent.difference_interval`), σ² = π_A(1 − π_A) + π_B(1 − π_B)/ratio.
    """
    tilde_a, tilde_b = independent._restricted_rates(
        np.asarray(rate_a), np.asarray(1.0), np.asarray(rate_b), np.asarray(ratio),
        np.asarray(-delta),
    )  # fmt: skip
    null_sd = np.sqrt(tilde_a * (1 - tilde_a) + tilde_b * (1 - tilde_b) / ratio)
    sd = np.sqrt(rate_a * (1 - rate_a) + rate_b * (1 - rate_b) / ratio)
    z_a, z_b = float(stats.norm.isf(alpha)), float(stats.norm.ppf(target))
    k = (z_a * null_sd + z_b * sd) ** 2 / (rate_a - rate_b + delta) ** 2
    return max(1, int(np.ceil(float(k) - 1e-9)))


def _trials_independent_margin(
    rate_a: Any,
    rate_b: Any,
    margin: Any,
    power: Any,
    level: Any,
    test: Any,
    ratio: Any,
    max_trials: Any,
) -> SampleSize:
    """:func:`trials_independent` with ``margin``: sizes for the non-inferiority score test."""
    delta = _check_margin(margin)
    if test == "blackwelder":
        raise ValueError(
            "test='blackwelder' is not planned for: Blackwelder's Wald test exceeds α at the "
            "margin (see the coverage atlas); plan with test='farrington-manning' (default) or "
            "'miettinen-nurminen'"
        )
    method = check_choice(
        "farrington-manning" if test is None else test, "test", INDEPENDENT_MARGIN_TESTS
    )
    alpha = _check_one_sided_level(level)
    target = _check_power(power)
    r = _check_ratio(ratio)
    limit = as_count(100_000 if max_trials is None else max_trials, "max_trials", minimum=1)
    if np.ndim(rate_a) or np.ndim(rate_b):
        raise ValueError("trials_independent takes one pair of rates (rate_a, rate_b), not arrays")
    pa = float(as_probabilities(rate_a, "rate_a"))
    pb = float(as_probabilities(rate_b, "rate_b"))

    def power_at(k: int) -> float:
        return independent._noninferiority_power(k, _size_b(k, r), pa, pb, delta, alpha, method)

    if pa - pb <= -delta + 1e-12:  # (rounding: 0.8 − 0.9 is −0.09999999999999998)
        raise _unreachable(
            f"with rate_a = {pa!r}, rate_b = {pb!r} and margin {delta:g}",
            power_at(min(limit, 1000)),
            target,
            "A is worse than B by the margin or more: the test must not reject (power at most "
            "α, shown at K_A = 1000); plan for a larger margin or a better classifier A",
        )
    normal = _farrington_manning_trials(pa, pb, delta, target, alpha, r)
    answer, first, bound = _smallest_size(
        power_at, normal, limit, target, "raise max_trials or plan for a larger margin"
    )
    return SampleSize(
        trials=answer,
        power=power_at(answer),
        first=first,
        bound=bound,
        normal=normal,
        normal_method="Farrington & Manning 1990",
        method=f"{independent._NONINFERIORITY_NAMES[method]} for non-inferiority",
        trials_b=_size_b(answer, r),
        margin=delta,
    )
