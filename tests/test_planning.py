"""Tests of evalkit.planning: exact power and sample size, the normal formulas, power of DeLong.

Exact power is checked against a brute-force enumeration written here independently (every
multinomial outcome (b, c) with exact fractions and the McNemar p-values computed from binomial
coefficients) for small N, and against simulation for large N. The normal formulas are checked
against their textbook forms written out here (Connor 1987; Fleiss, Tytun & Ury 1980) and
against the normal test's own power; power_auc against a simulation of DeLong's test.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

from evalkit import intervals, paired, planning
from evalkit.independent import rejection_probability as independent_rejection
from evalkit.paired import rejection_probability as paired_rejection
from evalkit.planning import (
    SampleSize,
    connor_trials,
    detectable_difference,
    fleiss_trials,
    power_auc,
    power_independent,
    power_paired,
    trials_independent,
    trials_paired,
)
from evalkit.roc import delong_test

# --------------------------------------------------------------------------------------------
# brute force, written independently of evalkit


def _mcnemar_pvalue(b: int, c: int, test: str) -> Fraction | float:
    """Two-sided McNemar p-value from binomial coefficients (exact, mid-p) or χ² (asymptotic)."""
    m = b + c
    if m == 0:
        return Fraction(1)
    if test == "asymptotic":
        return float(stats.chi2.sf((b - c) ** 2 / m, 1))
    k = min(b, c)
    below = sum(Fraction(math.comb(m, i), 2**m) for i in range(k))
    at = Fraction(math.comb(m, k), 2**m)
    tail = below + at if test == "exact" else below + at / 2
    return min(Fraction(1), 2 * tail)


def _brute_power(n: int, p1: Fraction, p2: Fraction, test: str, level=Fraction(1, 20)):
    """Sum of multinomial probabilities of every (b, c) whose p-value is ≤ level."""
    total = Fraction(0)
    rest = 1 - p1 - p2
    for b in range(n + 1):
        for c in range(n + 1 - b):
            if _mcnemar_pvalue(b, c, test) <= level:
                coef = math.factorial(n) // (
                    math.factorial(b) * math.factorial(c) * math.factorial(n - b - c)
                )
                total += coef * p1**b * p2**c * rest ** (n - b - c)
    return total


@pytest.mark.parametrize("test", ["exact", "mid-p", "asymptotic"])
@pytest.mark.parametrize("rates", [(Fraction(1, 10), Fraction(1, 20)), (Fraction(3, 10), 0)])
def test_power_paired_equals_brute_force_enumeration(test, rates):
    p1, p2 = (Fraction(r) for r in rates)
    sizes = np.arange(1, 16)
    expected = np.array([float(_brute_power(int(n), p1, p2, test)) for n in sizes])
    curve = power_paired(sizes, float(p1), float(p2), test=test)  # the power curve in N
    single = [power_paired(int(n), float(p1), float(p2), test=test) for n in sizes]
    np.testing.assert_allclose(curve, expected, rtol=1e-10, atol=1e-14)
    np.testing.assert_allclose(single, expected, rtol=1e-10, atol=1e-14)


def test_power_curve_in_n_agrees_with_rejection_probability_at_every_n():
    sizes = np.arange(1, 301)
    for test in ("mid-p", "exact", "corrected"):
        curve = power_paired(sizes, 0.12, 0.05, test=test, alternative="two-sided")
        direct = [paired_rejection(int(n), 0.12, 0.05, test=test) for n in sizes[::7]]
        np.testing.assert_allclose(curve[::7], direct, rtol=1e-10, atol=1e-13)
    one_sided = power_paired(sizes[::25], 0.12, 0.05, alternative="greater")
    direct = [paired_rejection(int(n), 0.12, 0.05, alternative="greater") for n in sizes[::25]]
    np.testing.assert_allclose(one_sided, direct, rtol=1e-10, atol=1e-13)


def test_power_paired_broadcasts_trials_against_rates():
    sizes = np.array([[50], [200]])
    rates = np.array([0.05, 0.1, 0.15])
    out = power_paired(sizes, rates, 0.02)
    assert out.shape == (2, 3)
    for i, n in enumerate((50, 200)):
        for j, r in enumerate(rates):
            assert out[i, j] == pytest.approx(paired_rejection(n, r, 0.02), rel=1e-10)


def test_power_paired_against_simulation_at_large_n():
    rng = np.random.default_rng(11)
    n, p1, p2, reps = 1500, 0.07, 0.045, 40_000
    counts = rng.multinomial(n, [p1, p2, 1 - p1 - p2], size=reps)
    b, c = counts[:, 0], counts[:, 1]
    m, k = b + c, np.minimum(b, c)
    midp = np.minimum(1.0, 2 * (stats.binom.cdf(k - 1, m, 0.5) + 0.5 * stats.binom.pmf(k, m, 0.5)))
    simulated = np.mean(midp <= 0.05)
    exact = power_paired(n, p1, p2)
    se = math.sqrt(exact * (1 - exact) / reps)
    assert abs(simulated - exact) < 4 * se, (simulated, exact, se)


def test_power_curve_at_the_edges_and_for_guenters_test():
    sizes = np.array([1, 5, 30])
    np.testing.assert_array_equal(power_paired(sizes, 0.0, 0.0), 0.0)  # nothing discordant
    for p1, p2, test, alternative in [
        (0.7, 0.3, "mid-p", "two-sided"),  # ψ = 1: every item discordant
        (0.2, 0.0, "exact", "greater"),
        (0.0, 0.2, "mid-p", "less"),
        (0.15, 0.05, "guenter", "greater"),  # Günter's Z depends on N: one N at a time
    ]:
        curve = power_paired(sizes, p1, p2, test=test, alternative=alternative)
        direct = [
            paired_rejection(int(n), p1, p2, test=test, alternative=alternative) for n in sizes
        ]
        np.testing.assert_allclose(curve, direct, rtol=1e-10, atol=1e-14)


def test_power_paired_grows_with_the_difference_at_fixed_discordance():
    psi = 0.2
    delta = np.linspace(0, psi, 81)
    for n in (20, 100, 400):
        power = power_paired(n, (psi + delta) / 2, (psi - delta) / 2)
        assert np.all(np.diff(power) >= -1e-12), n


def test_power_at_no_difference_is_the_size():
    assert power_paired(200, 0.1, 0.1, test="exact") <= 0.05
    assert power_paired(200, 0.1, 0.1) == pytest.approx(paired_rejection(200, 0.1))


# --------------------------------------------------------------------------------------------
# sample size, paired


def test_connor_formula_in_its_textbook_form():
    # Connor (1987), Biometrics 43, 207–211: n = [z_{α/2} √ψ + z_β √(ψ − δ²)]² / δ²
    for p1, p2, power, level in [
        (0.1, 0.05, 0.8, 0.05),
        (0.2, 0.1, 0.9, 0.01),
        (0.3, 0.0, 0.8, 0.1),
    ]:
        psi, delta = p1 + p2, p1 - p2
        za, zb = stats.norm.ppf(1 - level / 2), stats.norm.ppf(power)
        n = (za * math.sqrt(psi) + zb * math.sqrt(psi - delta**2)) ** 2 / delta**2
        assert connor_trials(p1, p2, power, level) == math.ceil(n)
    # one-sided: z_α instead of z_{α/2}
    n = (1.6449 * math.sqrt(0.15) + 0.8416 * math.sqrt(0.15 - 0.0025)) ** 2 / 0.0025
    assert connor_trials(0.1, 0.05, alternative="greater") == math.ceil(n)


def test_connor_n_gives_the_target_power_of_the_asymptotic_test():
    # the normal approximation the formula rests on: at Connor's N the exact power of the
    # uncorrected McNemar test is close to the target when N·ψ is large
    result = trials_paired(0.06, 0.03, test="asymptotic")
    assert abs(result.trials - result.normal) / result.normal < 0.03
    assert power_paired(result.normal, 0.06, 0.03, test="asymptotic") == pytest.approx(
        0.8, abs=0.01
    )


def test_trials_paired_is_the_smallest_n_that_stays_above_the_target():
    for test in ("mid-p", "exact"):
        result = trials_paired(0.15, 0.03, power=0.8, test=test)
        assert isinstance(result, SampleSize)
        curve = power_paired(np.arange(1, result.bound + 1), 0.15, 0.03, test=test)
        assert result.bound >= 2 * result.trials
        assert np.all(curve[result.trials - 1 :] >= 0.8)
        assert curve[result.trials - 2] < 0.8
        assert result.first <= result.trials
        assert curve[result.first - 1] >= 0.8 and np.all(curve[: result.first - 1] < 0.8)
        assert result.power == pytest.approx(curve[result.trials - 1])
    # the exact test is conservative: it needs at least as many pairs as the mid-p test
    assert trials_paired(0.15, 0.03, test="exact").trials >= trials_paired(0.15, 0.03).trials


def test_exact_power_saw_tooths_when_almost_every_item_is_discordant():
    # at discordance 1 (m = N: the sign test) power dips after it first reaches the target …
    for test in ("exact", "mid-p"):
        r = trials_paired(0.7, 0.3, power=0.8, test=test)
        curve = power_paired(np.arange(1, r.bound + 1), 0.7, 0.3, test=test)
        assert np.diff(curve).min() < -0.04
        assert r.first < r.trials
        assert curve[r.first - 1] >= 0.8 and curve[r.trials - 2] < 0.8
    # … while at a discordance of 0.3 the mixture over m = b + c smooths the curve out
    curve = power_paired(np.arange(1, 400), 0.2, 0.1, test="exact")
    assert np.all(np.diff(curve) >= -1e-12)


# --------------------------------------------------------------------------------------------
# independent test sets


def test_power_independent_is_the_enumeration_of_independent():
    assert power_independent(40, 30, 0.9, 0.7, test="fisher") == pytest.approx(
        independent_rejection(40, 30, 0.9, 0.7, test="fisher")
    )


def _mid_p_by_hand(na, nb, ka, kb):
    # two-sided mid-p from scipy's hypergeometric pmf: tables more extreme count fully, tables
    # as probable as the observed one (within 1e-7) count half (Lancaster 1961; issue 43)
    n, k = na + nb, ka + kb
    if n in (0, k):
        return 1.0
    support = np.arange(max(0, ka + n - k), min(n, ka) + 1)
    pmf = stats.hypergeom.pmf(support, k, n, ka)
    observed = stats.hypergeom.pmf(na, k, n, ka)
    tied = np.isclose(pmf, observed, rtol=1e-7, atol=0)
    return pmf[(pmf < observed) & ~tied].sum() + 0.5 * pmf[tied].sum()


@pytest.mark.parametrize("ka, kb, rate_a, rate_b", [(12, 15, 0.9, 0.5), (14, 14, 0.85, 0.45)])
def test_power_independent_mid_p_halves_every_tied_table(ka, kb, rate_a, rate_b):
    expected = sum(
        stats.binom.pmf(na, ka, rate_a) * stats.binom.pmf(nb, kb, rate_b)
        for na in range(ka + 1)
        for nb in range(kb + 1)
        if _mid_p_by_hand(na, nb, ka, kb) <= 0.05 * (1 + 1e-7)
    )
    assert power_independent(ka, kb, rate_a, rate_b, test="mid-p") == pytest.approx(expected)


def test_power_independent_mid_p_equals_boschloo_at_k20():
    # 0.95 vs 0.70, 20 items per set: 0.544 as Boschloo's (halving only the observed table gave
    # Fisher's 0.446)
    mid_p = power_independent(20, 20, 0.95, 0.70, test="mid-p")
    assert round(mid_p, 3) == 0.544
    assert mid_p == pytest.approx(power_independent(20, 20, 0.95, 0.70, test="boschloo"))


def _fleiss_textbook(pa, pb, power, level, r=1.0):
    # Fleiss, Tytun & Ury (1980): m' uncorrected, m = m'/4 (1 + √(1 + 2(r + 1)/(r m' Δ)))²
    za, zb = stats.norm.ppf(1 - level / 2), stats.norm.ppf(power)
    bar = (pa + r * pb) / (1 + r)
    d = abs(pa - pb)
    plain = (
        za * math.sqrt((r + 1) * bar * (1 - bar))
        + zb * math.sqrt(r * pa * (1 - pa) + pb * (1 - pb))
    ) ** 2 / (r * d**2)
    corrected = plain / 4 * (1 + math.sqrt(1 + 2 * (r + 1) / (r * plain * d))) ** 2
    return math.ceil(plain), math.ceil(corrected)


@pytest.mark.parametrize(
    "pa, pb, power, level, r",
    [(0.05, 0.1, 0.8, 0.05, 1), (0.8, 0.6, 0.9, 0.01, 2), (0.5, 0.65, 0.8, 0.05, 0.5)],
)
def test_fleiss_formula_in_its_textbook_form(pa, pb, power, level, r):
    plain, corrected = _fleiss_textbook(pa, pb, power, level, r)
    assert fleiss_trials(pa, pb, power, level, r, correction=False) == plain
    assert fleiss_trials(pa, pb, power, level, r, correction=True) == corrected


def test_fleiss_equal_sizes_reduce_to_the_classic_form():
    # r = 1: n' = [z_{α/2} √(2 p̄ q̄) + z_β √(p1 q1 + p2 q2)]² / Δ²; n = n'/4 (1 + √(1 + 4/(n'Δ)))²
    pa, pb = 0.05, 0.10
    bar = 0.075
    plain = (
        1.959964 * math.sqrt(2 * bar * (1 - bar)) + 0.841621 * math.sqrt(0.05 * 0.95 + 0.1 * 0.9)
    ) ** 2 / 0.05**2
    assert fleiss_trials(pa, pb, correction=False) == math.ceil(plain) == 435
    assert (
        fleiss_trials(pa, pb)
        == math.ceil(plain / 4 * (1 + math.sqrt(1 + 4 / (plain * 0.05))) ** 2)
        == 474
    )


def test_trials_independent_stays_above_target_and_matches_normal_for_chi2():
    r = trials_independent(0.6, 0.8, test="chi2")
    sizes = range(r.trials - 1, r.bound + 1)
    powers = [power_independent(k, k, 0.6, 0.8, test="chi2") for k in sizes]
    assert powers[0] < 0.8 and all(p >= 0.8 for p in powers[1:])
    assert abs(r.trials - r.normal) <= 3  # the uncorrected normal formula is the χ² test's
    assert r.normal_corrected > r.normal


def test_trials_independent_with_ratio():
    r = trials_independent(0.7, 0.9, test="boschloo", ratio=2.0)
    assert r.trials_b == math.ceil(2 * r.trials)
    assert power_independent(r.trials, r.trials_b, 0.7, 0.9) >= 0.8
    assert power_independent(r.trials - 1, math.ceil(2 * (r.trials - 1)), 0.7, 0.9) < 0.8


# --------------------------------------------------------------------------------------------
# detectable difference, precision


def test_detectable_difference_paired_is_where_power_reaches_the_target():
    delta = detectable_difference(100, discordance=0.2)
    psi = 0.2
    assert paired_rejection(100, (psi + delta) / 2, (psi - delta) / 2) >= 0.8
    below = delta - 2e-3
    assert paired_rejection(100, (psi + below) / 2, (psi - below) / 2) < 0.8


def test_detectable_difference_independent_is_where_power_reaches_the_target():
    delta = detectable_difference(50, base_rate=0.8, test="fisher")
    assert power_independent(50, 50, 0.8 + delta, 0.8, test="fisher") >= 0.8
    assert power_independent(50, 50, 0.8 + delta - 2e-3, 0.8, test="fisher") < 0.8
    assert detectable_difference(50, base_rate=0.8, trials_b=200, test="chi2") < delta


def test_detectable_difference_unreachable_names_the_largest_power():
    with pytest.raises(ValueError, match=r"largest power reachable is 0\.\d+"):
        detectable_difference(10, discordance=0.1)
    with pytest.raises(ValueError, match="largest power reachable"):
        detectable_difference(5, base_rate=0.9, test="fisher")


def test_trials_for_halfwidth_is_reachable_from_planning():
    assert planning.trials_for_halfwidth is intervals.trials_for_halfwidth
    assert planning.trials_for_halfwidth(0.05, 0.8, method="wald") == 246


# --------------------------------------------------------------------------------------------
# two correlated AUCs


def test_power_auc_textbook_form():
    def hm(a, n1, n2):  # Hanley & McNeil (1982)
        q1, q2 = a / (2 - a), 2 * a * a / (1 + a)
        return (a * (1 - a) + (n1 - 1) * (q1 - a * a) + (n2 - 1) * (q2 - a * a)) / (n1 * n2)

    a, b, r, n1, n2 = 0.75, 0.85, 0.4, 60, 90
    v0 = 2 * hm(0.8, n1, n2) * (1 - r)
    v1 = hm(a, n1, n2) + hm(b, n1, n2) - 2 * r * math.sqrt(hm(a, n1, n2) * hm(b, n1, n2))
    z = stats.norm.ppf(0.975)
    expected = stats.norm.cdf((0.1 - z * math.sqrt(v0)) / math.sqrt(v1)) + stats.norm.cdf(
        (-0.1 - z * math.sqrt(v0)) / math.sqrt(v1)
    )
    assert power_auc(n1, n2, a, b, r) == pytest.approx(expected, rel=1e-12)
    assert power_auc(n1, n2, b, a, r) == pytest.approx(expected, rel=1e-12)


def test_power_auc_grows_with_n_difference_and_correlation():
    assert power_auc(50, 50, 0.8, 0.85, 0.5) < power_auc(200, 200, 0.8, 0.85, 0.5)
    assert power_auc(100, 100, 0.8, 0.83, 0.5) < power_auc(100, 100, 0.8, 0.88, 0.5)
    assert power_auc(100, 100, 0.8, 0.85, 0.2) < power_auc(100, 100, 0.8, 0.85, 0.7)
    assert power_auc(100, 100, 0.8, 0.8, 0.5) == pytest.approx(0.05, abs=1e-12)


def test_power_auc_against_a_simulation_of_delongs_test():
    # binormal scores, equal variances: AUC = Φ(μ/√2); two classifiers whose scores correlate
    # with ρ within each class. r (the correlation of the two AUC estimates) is measured on the
    # simulated replicates, then power_auc's normal approximation is compared with the
    # rejection rate of DeLong's test.
    rng = np.random.default_rng(23)
    n_pos = n_neg = 60
    auc_a, auc_b, rho, reps = 0.75, 0.85, 0.6, 1500
    mu_a, mu_b = math.sqrt(2) * stats.norm.ppf(auc_a), math.sqrt(2) * stats.norm.ppf(auc_b)
    cov = [[1, rho], [rho, 1]]
    labels = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    rejections, estimates = 0, []
    for _ in range(reps):
        pos = rng.multivariate_normal([mu_a, mu_b], cov, size=n_pos)
        neg = rng.multivariate_normal([0, 0], cov, size=n_neg)
        scores = np.vstack([pos, neg])
        result = delong_test(labels, scores[:, 0], scores[:, 1])
        rejections += result.pvalue <= 0.05
        estimates.append((result.details["auc1"], result.details["auc2"]))
    estimates = np.array(estimates)
    r = float(np.corrcoef(estimates.T)[0, 1])
    simulated = rejections / reps
    predicted = power_auc(n_pos, n_neg, auc_a, auc_b, r)
    assert abs(simulated - predicted) < 0.06, (simulated, predicted, r)


def test_notebook_11_quotes_its_simulation_of_delongs_test():
    # the "Deeper" section of notebook 11 compares power_auc with DeLong's test on 8000
    # simulated test sets (standard error at most 0.005); its text quotes the committed output
    import json
    import re

    from tests.conftest import NOTEBOOKS

    cells = json.loads((NOTEBOOKS / "11_planning_a_test_set.ipynb").read_text(encoding="utf-8"))
    cells = cells["cells"]
    (index,) = [i for i, c in enumerate(cells) if "power_auc predicts" in "".join(c["source"])]
    printed = "".join("".join(o.get("text", "")) for o in cells[index]["outputs"])
    found = re.search(
        r"rejected in (0\.\d{3}) of (\d+) test sets \(Monte-Carlo SE (0\.\d{3})\); "
        r"power_auc predicts (0\.\d{3})",
        printed,
    )
    assert found, printed
    simulated, replicates, se, predicted = found.groups()
    assert int(replicates) >= 8000 and float(se) <= 0.005
    text = " ".join("".join(cells[index - 1]["source"]).split())
    assert (
        f"The approximation predicts {predicted} where DeLong's test rejected in {simulated}"
        in text
    )
    gap = round(100 * (float(simulated) - float(predicted)), 1)
    assert f"({chr(177)} {float(se):.3f}): {gap} points too low" in text


# --------------------------------------------------------------------------------------------
# bad inputs


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: power_paired(0, 0.1, 0.05), "trials must be a whole number ≥ 1"),
        (lambda: power_paired(10.5, 0.1, 0.05), "trials must be a whole number"),
        (lambda: power_paired(10, 0.7, 0.5), "p_only1 \\+ p_only2 must not exceed 1"),
        (lambda: power_paired(10, -0.1, 0.05), "p_only1 must be a probability"),
        (lambda: power_paired(10, 0.1, 0.05, level=1.5), "level must be strictly between"),
        (lambda: power_paired(10, 0.1, 0.05, test="fisher"), "test must be one of"),
        (lambda: trials_paired(0.1, 0.1), "largest power reachable"),
        (lambda: trials_paired(0.05, 0.1, alternative="greater"), "largest power reachable"),
        (lambda: trials_paired(0.1, 0.05, power=1.0), "power must be strictly between"),
        (lambda: trials_paired(0.1, 0.09, max_trials=200), "largest power reachable is 0\\.\\d"),
        (lambda: trials_paired([0.1, 0.2], 0.05), "one pair of rates"),
        (lambda: connor_trials(0.1, 0.1), "must differ"),
        (lambda: fleiss_trials(0.8, 0.8), "must differ"),
        (lambda: fleiss_trials(0.8, 0.7, ratio=0), "ratio must be a finite number > 0"),
        (lambda: fleiss_trials(0.8, 0.7, ratio="2"), "ratio must be a number"),
        (lambda: trials_independent(0.8, 0.81, max_trials=50, test="chi2"), "largest power"),
        (lambda: trials_independent(0.8, 1.2), "rate_b must be a probability"),
        (lambda: trials_independent(0.8, 0.8, test="chi2"), "largest power reachable is 0\\.0"),
        (lambda: detectable_difference(50), "exactly one of discordance"),
        (lambda: detectable_difference(50, discordance=0.1, base_rate=0.8), "exactly one"),
        (lambda: detectable_difference(50, discordance=0.0), "discordance must be one number"),
        (lambda: detectable_difference(50, base_rate=1.0), "base_rate must be one number"),
        (lambda: detectable_difference(50, discordance=0.2, trials_b=40), "trials_b belongs"),
        (lambda: power_auc(50, 50, 0.4, 0.8, 0.5), "auc_a must be in \\[0.5, 1\\)"),
        (lambda: power_auc(50, 50, 0.8, 1.0, 0.5), "auc_b must be in \\[0.5, 1\\)"),
        (lambda: power_auc(50, 50, 0.8, 0.9, 1.0), "correlation must be in \\[0, 1\\)"),
        (lambda: power_auc(0, 50, 0.8, 0.9, 0.5), "n_positive must be a whole number ≥ 1"),
    ],
)
def test_bad_inputs_raise_clear_errors(call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        call()


# --------------------------------------------------------------------------------------------
# issue 44, "Planning": the design as two accuracies and a discordance, or a pilot's table


def test_trials_paired_from_accuracies_and_discordance_is_the_same_design():
    # accuracies 0.90 and 0.85, disagreeing on 12 % of the items: only A right on 8.5 %, only B
    # right on 3.5 % (both right 81.5 %, both wrong 6.5 %)
    by_rates = trials_paired(rate_a=0.90, rate_b=0.85, discordance=0.12)
    by_cells = trials_paired(0.085, 0.035)
    assert by_rates.trials == by_cells.trials and by_rates.normal == by_cells.normal
    assert (by_rates.p_only1, by_rates.p_only2) == pytest.approx((0.085, 0.035), abs=1e-15)
    assert by_rates.power == pytest.approx(by_cells.power, abs=1e-12)
    one_sided = trials_paired(rate_a=0.90, rate_b=0.85, discordance=0.12, alternative="greater")
    assert one_sided.trials == trials_paired(0.085, 0.035, alternative="greater").trials
    # a pilot's agreement table [[both right, only A], [only B, both wrong]]: its shares
    pilot = paired.agreement_table(
        np.r_[np.ones(163, int), np.ones(17, int), np.zeros(7, int), np.zeros(13, int)],
        np.r_[np.ones(163, int), np.zeros(17, int), np.ones(7, int), np.zeros(13, int)],
    )
    by_table = trials_paired(table=pilot)
    assert (by_table.p_only1, by_table.p_only2) == (17 / 200, 7 / 200)
    assert by_table.trials == trials_paired(17 / 200, 7 / 200).trials


def test_trials_paired_keeps_its_numbers_for_the_same_inputs():
    # the values before this change (docstring, notebook 11): 461 (Connor 469), exact 498
    assert (trials_paired(0.10, 0.05).trials, trials_paired(0.10, 0.05).normal) == (461, 469)
    assert trials_paired(0.10, 0.05, test="exact").trials == 498
    assert trials_paired(0.7, 0.3).trials == trials_paired(table=[[0, 70], [30, 0]]).trials


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        # accuracies passed as the discordant probabilities: refused where it can be told
        (
            dict(p_only1=0.45, p_only2=0.42),
            r"look like accuracies.*disagree on 87% of the.*planned for the same way$",
        ),
        (dict(p_only1=0.9, p_only2=0.85), r"must not exceed 1 .*If these are the accuracies, pa"),
        # impossible combinations of accuracies and discordance
        (dict(rate_a=0.9, rate_b=0.85, discordance=0.03), r"differ by 0.05, .*at least"),
        (dict(rate_a=0.9, rate_b=0.85, discordance=0.3), r"at most 0.25 of the items"),
        (dict(rate_a=0.2, rate_b=0.1, discordance=0.35), r"at most 0.3 of the items"),
        (dict(rate_a=0.9, rate_b=0.85), r"needs rate_a, rate_b and discordance.*missing disc"),
        (dict(rate_a=1.2, rate_b=0.85, discordance=0.2), r"rate_a must be a probability"),
        (dict(p_only1=0.1, p_only2=0.05, rate_a=0.9), r"exactly one form.*got p_only1/p_only2 and"),
        ({}, r"exactly one form: .*got none"),
        (dict(p_only1=0.1), r"give both p_only1 and p_only2"),
        (dict(table=[[1, 2, 3], [4, 5, 6]]), r"table must be a pilot's 2×2 agreement table"),
        (dict(table=[[0, 0], [0, 0]]), r"at least one item"),
        (dict(table=[[5, -1], [2, 3]]), r"table must be a whole number ≥ 0"),
    ],
)
def test_trials_paired_refuses_mixups_and_impossible_designs(kwargs, match):
    with pytest.raises(ValueError, match=match):
        trials_paired(**kwargs)


def test_sample_size_has_a_short_repr_and_html():
    r = trials_paired(0.10, 0.05)
    assert repr(r).startswith("SampleSize(trials=461, power=0.8") and "\n" not in repr(r)
    assert str(r).startswith("K = 461 (exact power")  # the course's letter for the test-set size
    assert r._repr_html_().startswith('<table class="evalkit-result">')
    independent_plan = trials_independent(0.6, 0.8, test="chi2")
    assert str(independent_plan).startswith("K_A = 80, K_B = 80")
