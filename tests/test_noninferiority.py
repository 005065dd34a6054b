"""Non-inferiority and equivalence tests (issue 58): independent, paired and AUC, and planning.

Each test statistic is checked against an independent route (a numerical maximisation of the
restricted likelihood with SciPy, the constrained multinomial likelihood, DeLong's variance from
its definition), the test against its interval (the decision is the same by construction), the
equivalence test against its two one-sided tests, the worked examples against the registry, the
exact power used by the planners against the enumeration of every outcome, and the planners
against the margin (a larger margin never needs more items).
"""

from __future__ import annotations

import math
import sys

import numpy as np
import pytest
from scipy import optimize, special, stats

from evalkit import atlas, examples, independent, paired, planning, roc
from evalkit.results import TestResult
from tests.conftest import REPO

METHODS = independent.NONINFERIORITY_METHODS
SCORE_METHODS = ("farrington-manning", "miettinen-nurminen")

# --------------------------------------------------------------------------------------------
# independent: the restricted maximum likelihood, by SciPy


def _restricted_by_scipy(n_a: int, k_a: int, n_b: int, k_b: int, delta: float) -> float:
    """π̃_A maximising the binomial likelihood under π_A − π_B = δ, by SciPy alone.

    The log-likelihood is concave in π_A on [max(0, δ), min(1, 1 + δ)]: ``minimize_scalar``
    (bounded Brent) finds its maximum; where the maximum is inside the range, ``brentq`` then
    solves the score equation ℓ'(π_A) = 0 within ±10⁻⁴ of it, for full precision (Brent's
    minimiser stops at about √ε in π_A). No cubic, no closed form.
    """
    low, high = max(0.0, delta), min(1.0, 1.0 + delta)

    def loglik(p):
        q = p - delta
        return -(
            special.xlogy(n_a, p)
            + special.xlog1py(k_a - n_a, -p)
            + special.xlogy(n_b, q)
            + special.xlog1py(k_b - n_b, -q)
        )

    def score(p):
        q = p - delta
        terms = [(n_a, p), (-(k_a - n_a), 1 - p), (n_b, q), (-(k_b - n_b), 1 - q)]
        return sum(np.float64(x) / r for x, r in terms if x != 0)

    return _maximum(loglik, score, low, high)


def _maximum(loglik, score, low: float, high: float) -> float:
    """Bounded Brent on −loglik, then the score equation by brentq near its result (or the end
    of the range where the likelihood still rises towards it)."""
    found = optimize.minimize_scalar(
        loglik, bounds=(low, high), method="bounded", options={"xatol": 1e-12}
    ).x
    a, b = max(low, found - 1e-4), min(high, found + 1e-4)
    with np.errstate(divide="ignore", invalid="ignore"):
        at_a, at_b = score(a), score(b)
        if at_a > 0 > at_b:
            return optimize.brentq(score, a, b, xtol=1e-15, rtol=4 * np.finfo(float).eps)
        if b == high and at_b >= 0:
            return high  # the maximum is the upper end of the range
        if a == low and at_a <= 0:
            return low
    raise AssertionError(f"no maximum found near {found}")


RESTRICTED_CASES = [
    (83, 88, 69, 76, -0.10),  # Rodary et al.
    (8, 15, 3, 15, -0.20),  # Fries et al.
    (5, 6, 2, 6, -0.12),  # the EC package's README
    (45, 50, 47, 50, -0.05),
    (190, 200, 198, 200, -0.02),
    (49, 50, 50, 50, -0.01),
    (0, 30, 3, 40, -0.1),
    (30, 30, 28, 30, 0.05),
    (12, 40, 20, 25, 0.3),
    (970, 1000, 985, 1000, -0.01),
]


@pytest.mark.parametrize(("n_a", "k_a", "n_b", "k_b", "delta"), RESTRICTED_CASES)
def test_the_restricted_rates_agree_with_a_numerical_maximisation(n_a, k_a, n_b, k_b, delta):
    arrays = [np.float64(x) for x in (n_a / k_a, k_a, n_b / k_b, k_b)]
    tilde_a, tilde_b = independent._restricted_rates(*arrays, np.float64(delta))
    expected = _restricted_by_scipy(n_a, k_a, n_b, k_b, delta)
    assert float(tilde_a) == pytest.approx(expected, abs=1e-8)
    assert float(tilde_b) == pytest.approx(expected - delta, abs=1e-8)


@pytest.mark.parametrize(("n_a", "k_a", "n_b", "k_b", "delta"), RESTRICTED_CASES)
@pytest.mark.parametrize("method", SCORE_METHODS)
def test_the_score_statistic_agrees_with_the_scipy_route(n_a, k_a, n_b, k_b, delta, method):
    margin = -delta if delta < 0 else delta
    tilde = _restricted_by_scipy(n_a, k_a, n_b, k_b, delta)
    variance = tilde * (1 - tilde) / k_a + (tilde - delta) * (1 - tilde + delta) / k_b
    if method == "miettinen-nurminen":
        variance *= (k_a + k_b) / (k_a + k_b - 1)
    z = (n_a / k_a - n_b / k_b - delta) / math.sqrt(variance)
    if delta < 0:
        r = independent.noninferiority_test(n_a, k_a, n_b, k_b, margin, method=method)
        assert r.statistic == pytest.approx(z, abs=1e-8)
        assert r.pvalue == pytest.approx(stats.norm.sf(z), abs=1e-10)
    else:  # the upper test of the equivalence test: H0 π_A − π_B ≥ δ
        r = independent.equivalence_test(n_a, k_a, n_b, k_b, margin, method=method)
        assert r.details["z_upper"] == pytest.approx(z, abs=1e-8)


def test_blackwelder_is_the_wald_statistic():
    r = independent.noninferiority_test(83, 88, 69, 76, 0.1, method="blackwelder")
    ra, rb = 83 / 88, 69 / 76
    z = (ra - rb + 0.1) / math.sqrt(ra * (1 - ra) / 88 + rb * (1 - rb) / 76)
    assert r.statistic == pytest.approx(z, rel=1e-12)
    # its flaw, documented: no error in either set "proves" non-inferiority at any margin
    flaw = independent.noninferiority_test(10, 10, 10, 10, 0.01, method="blackwelder")
    assert flaw.pvalue == 0.0 and flaw.statistic == math.inf
    score = independent.noninferiority_test(10, 10, 10, 10, 0.01)
    assert 0.3 < score.pvalue < 0.5


def test_the_factor_is_the_only_difference_between_the_score_tests():
    fm = independent.noninferiority_test(45, 50, 47, 50, 0.05)
    mn = independent.noninferiority_test(45, 50, 47, 50, 0.05, method="miettinen-nurminen")
    assert mn.statistic == pytest.approx(fm.statistic * math.sqrt(99 / 100), rel=1e-12)
    mn_interval = independent.difference_interval(45, 50, 47, 50, "miettinen-nurminen", 0.95)
    assert (mn.interval.low, mn.interval.high) == pytest.approx(tuple(mn_interval), abs=1e-12)


# --------------------------------------------------------------------------------------------
# paired: the constrained multinomial likelihood


def _constrained_multinomial(a: int, b: int, c: int, d: int, delta: float) -> np.ndarray:
    """(p11, p12, p21, p22) maximising the multinomial likelihood with p12 − p21 = δ (SLSQP)."""
    counts = np.array([a, b, c, d], dtype=float)

    def negative(p):
        return -np.sum(special.xlogy(counts, np.maximum(p, 1e-300)))

    constraints = [
        {"type": "eq", "fun": lambda p: np.sum(p) - 1.0},
        {"type": "eq", "fun": lambda p: p[1] - p[2] - delta},
    ]
    start = np.array([0.25, 0.25 + delta / 2, 0.25 - delta / 2, 0.25])
    found = optimize.minimize(
        negative,
        start,
        method="SLSQP",
        bounds=[(1e-12, 1.0)] * 4,
        constraints=constraints,
        options={"ftol": 1e-15, "maxiter": 1000},
    )
    assert found.success, found.message
    return found.x


def _profile_q(a: int, b: int, c: int, d: int, delta: float) -> float:
    """The same maximum on the profile ℓ(q) = b ln(q + δ) + c ln q + (a + d) ln(1 − 2q − δ):
    the concordant cells share 1 − 2q − δ in the ratio a : d at the maximum. Bounded Brent,
    then the score equation by brentq."""
    low, high = max(0.0, -delta), (1 - delta) / 2

    def loglik(q):
        return -(
            special.xlogy(b, q + delta)
            + special.xlogy(c, q)
            + special.xlogy(a + d, 1 - 2 * q - delta)
        )

    def score(q):
        terms = [(b, q + delta), (c, q), (-2 * (a + d), 1 - 2 * q - delta)]
        return sum(np.float64(x) / r for x, r in terms if x != 0)

    return _maximum(loglik, score, low, high)


PAIRED_CASES = [
    ((43, 0, 1, 0), -0.10),  # Tango's Table V
    ((4, 9, 3, 16), -0.10),  # Tango's Table VII
    ((59, 6, 16, 80), -0.05),  # Fagerland et al.'s Cavo et al. example
    ((170, 5, 12, 13), -0.02),
    ((800, 30, 45, 125), -0.01),
    ((20, 3, 1, 6), 0.10),
]


def _tango_from_q(b: int, c: int, n: int, delta: float, q: float) -> float:
    return (b - c - n * delta) / math.sqrt(n * (2 * q + delta * (1 - delta)))


@pytest.mark.parametrize(("cells", "delta"), PAIRED_CASES)
def test_the_paired_score_agrees_with_the_constrained_multinomial_maximum(cells, delta):
    a, b, c, d = cells
    n = a + b + c + d
    q = _profile_q(a, b, c, d, delta)
    statistic = float(paired._tango_statistic(delta, b, c, n))
    assert statistic == pytest.approx(_tango_from_q(b, c, n, delta, q), abs=1e-9)
    p = _constrained_multinomial(a, b, c, d, delta)  # the full four-cell maximisation
    assert p[2] == pytest.approx(q, abs=2e-6)
    assert statistic == pytest.approx(_tango_from_q(b, c, n, delta, p[2]), abs=1e-4)
    margin = abs(delta)
    table = [[a, b], [c, d]]
    if delta < 0:
        assert paired.noninferiority_test(table, margin).statistic == statistic
    else:
        assert paired.equivalence_test(table, margin).details["z_upper"] == statistic


def test_at_margin_zero_the_paired_score_is_mcnemars_z():
    b, c, n = 14, 5, 120
    assert float(paired._tango_statistic(0.0, b, c, n)) == pytest.approx(
        (b - c) / math.sqrt(b + c), rel=1e-12
    )


# --------------------------------------------------------------------------------------------
# AUC: DeLong's variance from its definition, and delong_test


def _delong_variance_by_definition(y, s_a, s_b) -> float:
    """Var(Â_A − Â_B) from the structural components, computed pair by pair (O(n²))."""
    y = np.asarray(y, bool)
    components = []
    for s in (s_a, s_b):
        pos, neg = np.asarray(s)[y], np.asarray(s)[~y]
        psi = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
        components.append((psi.mean(axis=1), psi.mean(axis=0)))
    (v10_a, v01_a), (v10_b, v01_b) = components
    s10 = np.cov(np.vstack([v10_a, v10_b]))
    s01 = np.cov(np.vstack([v01_a, v01_b]))
    cov = s10 / y.sum() + s01 / (~y).sum()
    return float(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1])


def _auc_data(seed: int, n: int = 60):
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(n, int), np.zeros(n, int)]
    s_b = 1.2 * y + rng.normal(size=2 * n)
    s_a = np.round(s_b + rng.normal(scale=0.7, size=2 * n), 1)  # with ties
    return y, s_a, s_b


@pytest.mark.parametrize("seed", range(4))
def test_delongs_variance_by_definition_and_by_delong_test(seed):
    y, s_a, s_b = _auc_data(seed)
    r = roc.noninferiority_test(y, s_a, s_b, 0.05)
    assert r.details["std_error"] ** 2 == pytest.approx(
        _delong_variance_by_definition(y, s_a, s_b), rel=1e-10
    )
    reference = roc.delong_test(y, s_a, s_b)
    assert r.estimate == reference.estimate
    se = reference.details["std_error"]
    assert r.statistic == pytest.approx((reference.estimate + 0.05) / se, rel=1e-12)
    assert r.pvalue == pytest.approx(stats.norm.sf((reference.estimate + 0.05) / se), rel=1e-10)
    assert (r.details["auc_a"], r.details["auc_b"]) == pytest.approx(
        (roc.auc(y, s_a), roc.auc(y, s_b)), abs=1e-14
    )


# --------------------------------------------------------------------------------------------
# the test and its interval decide alike, by construction


def _agree(pvalue, inside, level):
    """Every outcome decides alike, except p-values within 1e-9 of the level (a tie)."""
    pvalue, inside = np.asarray(pvalue), np.asarray(inside)
    clear = np.abs(pvalue - level) > 1e-9
    assert np.array_equal((pvalue < level)[clear], inside[clear])
    assert clear.mean() > 0.99


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("margin", [0.03, 0.1, 0.25])
@pytest.mark.parametrize("level", [0.025, 0.05])
def test_independent_test_and_interval_agree_over_every_outcome(method, margin, level):
    n_a, n_b = np.meshgrid(np.arange(26), np.arange(31), indexing="ij")
    r = independent.noninferiority_test(n_a, 25, n_b, 30, margin, method=method, level=level)
    assert r.interval.confidence == pytest.approx(1 - 2 * level)
    _agree(r.pvalue, np.asarray(r.interval.low) > -margin, level)
    e = independent.equivalence_test(n_a, 25, n_b, 30, margin, method=method, level=level)
    low, high = np.asarray(e.interval.low), np.asarray(e.interval.high)
    _agree(e.pvalue, (low > -margin) & (high < margin), level)


@pytest.mark.parametrize("margin", [0.04, 0.1, 0.2])
def test_paired_test_and_interval_agree_over_every_table(margin):
    n, level = 20, 0.025
    pvalues, lows, equivalent, inside = [], [], [], []
    for b in range(n + 1):
        for c in range(n + 1 - b):
            table = [[n - b - c, b], [c, 0]]
            r = paired.noninferiority_test(table, margin, level=level)
            e = paired.equivalence_test(table, margin, level=level)
            pvalues.append(r.pvalue)
            lows.append(r.interval.low > -margin)
            equivalent.append(e.pvalue)
            inside.append(-margin < e.interval.low and e.interval.high < margin)
            ci = paired.difference_interval(table, method="tango", confidence=1 - 2 * level)
            assert (r.interval.low, r.interval.high) == (ci.low, ci.high)
    _agree(pvalues, lows, level)
    _agree(equivalent, inside, level)


def test_auc_test_and_interval_agree():
    for seed in range(40):
        y, s_a, s_b = _auc_data(seed, 25)
        for margin in (0.02, 0.05, 0.1):
            r = roc.noninferiority_test(y, s_a, s_b, margin)
            assert (r.pvalue < 0.025) == (r.interval.low > -margin)
            e = roc.equivalence_test(y, s_a, s_b, margin)
            inside = -margin < e.interval.low and e.interval.high < margin
            assert (e.pvalue < 0.025) == inside


# --------------------------------------------------------------------------------------------
# equivalence = two one-sided tests: p is the larger of the two


@pytest.mark.parametrize("method", METHODS)
def test_independent_tost_is_the_larger_of_two_noninferiority_tests(method):
    for counts in [(83, 88, 69, 76), (45, 50, 47, 50), (8, 15, 3, 15), (190, 200, 170, 200)]:
        n_a, k_a, n_b, k_b = counts
        e = independent.equivalence_test(*counts, 0.1, method=method)
        lower = independent.noninferiority_test(*counts, 0.1, method=method)
        upper = independent.noninferiority_test(n_b, k_b, n_a, k_a, 0.1, method=method)
        assert e.details["p_lower"] == lower.pvalue
        assert e.details["p_upper"] == pytest.approx(upper.pvalue, abs=1e-14)
        assert e.pvalue == pytest.approx(max(lower.pvalue, upper.pvalue), abs=1e-14)
        assert e.pvalue == pytest.approx(stats.norm.sf(e.statistic), abs=1e-14)


def test_paired_tost_is_the_larger_of_two_noninferiority_tests():
    for (a, b), (c, d) in [((43, 0), (1, 0)), ((4, 9), (3, 16)), ((59, 6), (16, 80))]:
        e = paired.equivalence_test([[a, b], [c, d]], 0.1)
        lower = paired.noninferiority_test([[a, b], [c, d]], 0.1)
        upper = paired.noninferiority_test([[a, c], [b, d]], 0.1)  # B as classifier 1
        assert e.pvalue == pytest.approx(max(lower.pvalue, upper.pvalue), abs=1e-14)
        assert e.details["p_upper"] == pytest.approx(upper.pvalue, abs=1e-14)


def test_auc_tost_is_the_larger_of_two_noninferiority_tests():
    y, s_a, s_b = _auc_data(7)
    e = roc.equivalence_test(y, s_a, s_b, 0.06)
    lower = roc.noninferiority_test(y, s_a, s_b, 0.06)
    upper = roc.noninferiority_test(y, s_b, s_a, 0.06)
    assert e.pvalue == pytest.approx(max(lower.pvalue, upper.pvalue), abs=1e-14)


# --------------------------------------------------------------------------------------------
# the worked examples of the registry


def test_the_ec_package_readme_example():
    fm = independent.noninferiority_test(5, 6, 2, 6, 0.12)
    wald = independent.noninferiority_test(5, 6, 2, 6, 0.12, method="blackwelder")
    result = examples.check(
        "ec-noninferiority-readme",
        {
            "fm_p": fm.pvalue,
            "wald_p": wald.pvalue,
            "mee_low": fm.interval.low,
            "mee_high": fm.interval.high,
            "wald_low": wald.interval.low,
            "wald_high": wald.interval.high,
        },
    )
    assert result.status == "agrees"
    assert fm.interval.confidence == pytest.approx(0.95)


@pytest.mark.parametrize(
    ("example_id", "level"), [("tango-table-v", 0.05), ("tango-table-vii", 0.025)]
)
def test_tangos_tables(example_id, level):
    table = examples.example(example_id).inputs["table"]
    ci = paired.noninferiority_test(table, 0.1, level=level).interval
    assert ci.confidence == pytest.approx(examples.example(example_id).inputs["confidence"])
    assert examples.check(example_id, {"low": ci.low, "high": ci.high}).status == "agrees"


def test_tangos_table_v_is_equivalent_within_ten_points_at_five_percent():
    e = paired.equivalence_test([[43, 0], [1, 0]], 0.10, level=0.05)
    assert e.pvalue < 0.05 and -0.1 < e.interval.low < e.interval.high < 0.1


def test_rodary_and_fries_data_sets():
    # no published value at hand (see the registry's notes): the decisions, and the order of
    # the three methods (Wald the most liberal, Miettinen–Nurminen the most conservative)
    for counts, margin in (((83, 88, 69, 76), 0.10), ((8, 15, 3, 15), 0.20)):
        p = [independent.noninferiority_test(*counts, margin, method=m).pvalue for m in METHODS]
        fm, mn, wald = p
        assert wald < fm < mn < 0.005


# --------------------------------------------------------------------------------------------
# the exact power the planners use, against every outcome


@pytest.mark.parametrize("method", SCORE_METHODS)
def test_the_independent_edges_are_the_full_rejection_region(method):
    for k_a, k_b, margin in [(20, 20, 0.1), (37, 50, 0.05), (120, 90, 0.02)]:
        full = independent._noninferiority_rejects(k_a, k_b, margin, 0.025, method)
        edges = independent._noninferiority_edges(
            k_a, k_b, np.arange(k_a + 1), margin, 0.025, method
        )
        assert np.array_equal(full, np.arange(k_b + 1)[None, :] <= edges[:, None])
        for rate_a, rate_b in [(0.9, 0.9), (0.85, 0.95), (0.7, 0.72)]:
            exact = (
                stats.binom.pmf(np.arange(k_a + 1), k_a, rate_a)
                @ full
                @ stats.binom.pmf(np.arange(k_b + 1), k_b, rate_b)
            )
            power = independent._noninferiority_power(
                k_a, k_b, rate_a, rate_b, margin, 0.025, method
            )
            assert power == pytest.approx(exact, abs=1e-12)


def test_the_paired_power_curve_is_the_sum_over_every_table():
    margin, level = 0.05, 0.025
    z = stats.norm.isf(level)
    for p1, p2 in [(0.05, 0.05), (0.02, 0.06), (0.15, 0.1)]:
        sizes = np.array([10, 37, 80, 150])
        curve = planning._paired_margin_curve(sizes, p1, p2, margin, level)
        for n, value in zip(sizes, curve, strict=True):
            b = np.arange(n + 1.0)[:, None]
            c = np.arange(n + 1.0)[None, :]
            rest = n - b - c
            valid = rest >= 0
            reject = paired._tango_statistic(-margin, b, c, n) > z
            weight = np.where(
                valid,
                stats.multinomial.pmf(
                    np.stack(np.broadcast_arrays(b, c, np.maximum(rest, 0)), -1),
                    n,
                    [p1, p2, 1 - p1 - p2],
                ),
                0.0,
            )
            assert value == pytest.approx(np.sum(weight * reject), abs=1e-12)


def test_the_paired_edges_rest_on_two_monotone_properties():
    # the statistic grows with b for fixed c, and falls as c grows for fixed b
    for n in (30, 137, 600):
        for margin in (0.01, 0.05, 0.2):
            b = np.arange(n + 1.0)[:, None]
            c = np.arange(n + 1.0)[None, :]
            z = np.where(b + c <= n, paired._tango_statistic(-margin, b, c, n), np.nan)
            assert not np.any(np.diff(z, axis=0) < -1e-12)
            assert not np.any(np.diff(z, axis=1) > 1e-12)
            k = np.full((1, n + 1), n)
            m = np.arange(n + 1)[None, :]
            fast = planning._paired_margin_edges(k, m, margin, 0.025)
            assert np.array_equal(fast, paired._noninferiority_edges(k, m, margin, 0.025))


# --------------------------------------------------------------------------------------------
# planning: the sizes, and a larger margin never needs more items

PAIRED_MARGINS = [0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.12, 0.15]


@pytest.mark.parametrize(("p1", "p2"), [(0.05, 0.05), (0.1, 0.08), (0.02, 0.03)])
def test_trials_paired_falls_with_the_margin(p1, p2):
    plans = [planning.trials_paired(p1, p2, level=0.025, margin=m) for m in PAIRED_MARGINS]
    sizes = [r.trials for r in plans]
    assert sizes == sorted(sizes, reverse=True), sizes
    for plan in plans:
        assert plan.power >= 0.8 and plan.first <= plan.trials and plan.bound >= 2 * plan.trials
        assert abs(plan.normal - plan.trials) <= 0.1 * plan.trials + 5
        assert plan.margin in PAIRED_MARGINS
        # the answer's power is the curve's, and the size before it falls short
        before = planning._paired_margin_curve(
            np.array([plan.trials - 1]), p1, p2, plan.margin, 0.025
        )
        assert before[0] < 0.8 or plan.trials == 1


INDEPENDENT_MARGINS = [0.03, 0.04, 0.05, 0.06, 0.08, 0.1, 0.15]


@pytest.mark.parametrize(("rate_a", "rate_b"), [(0.9, 0.9), (0.95, 0.96), (0.8, 0.78)])
def test_trials_independent_falls_with_the_margin(rate_a, rate_b):
    plans = [
        planning.trials_independent(rate_a, rate_b, level=0.025, margin=m)
        for m in INDEPENDENT_MARGINS
    ]
    sizes = [r.trials for r in plans]
    assert sizes == sorted(sizes, reverse=True), sizes
    for plan in plans:
        assert plan.power >= 0.8 and plan.trials_b == plan.trials
        assert abs(plan.normal - plan.trials) <= 0.05 * plan.trials + 5
        below = independent._noninferiority_power(
            plan.trials - 1, plan.trials - 1, rate_a, rate_b, plan.margin, 0.025,
            "farrington-manning",
        )  # fmt: skip
        assert below < 0.8 or plan.first < plan.trials


def test_the_planned_size_reaches_the_power_by_simulation():
    plan = planning.trials_independent(0.9, 0.9, level=0.025, margin=0.05)
    rng = np.random.default_rng(58)
    n_a = rng.binomial(plan.trials, 0.9, 4000)
    n_b = rng.binomial(plan.trials_b, 0.9, 4000)
    r = independent.noninferiority_test(n_a, plan.trials, n_b, plan.trials_b, 0.05)
    share = np.mean(np.asarray(r.pvalue) < 0.025)
    assert abs(share - plan.power) < 4 * math.sqrt(plan.power * (1 - plan.power) / 4000)


def test_planning_with_a_margin_refuses_what_cannot_be_planned():
    with pytest.raises(ValueError, match="worse than B by the margin or more"):
        planning.trials_paired(0.02, 0.08, level=0.025, margin=0.05)
    with pytest.raises(ValueError, match="worse than B by the margin or more"):
        planning.trials_independent(0.8, 0.9, level=0.025, margin=0.1)
    with pytest.raises(ValueError, match="alternative does not apply"):
        planning.trials_paired(0.05, 0.05, alternative="greater", margin=0.05)
    with pytest.raises(ValueError, match="blackwelder"):
        planning.trials_independent(0.9, 0.9, test="blackwelder", margin=0.05)
    with pytest.raises(ValueError, match="test must be one of"):
        planning.trials_paired(0.05, 0.05, test="mid-p", margin=0.05)
    with pytest.raises(ValueError, match=r"level must be a number strictly between 0 and 0\.5"):
        planning.trials_independent(0.9, 0.9, level=0.6, margin=0.05)
    with pytest.raises(ValueError, match="margin must be one number strictly between 0 and 1"):
        planning.trials_paired(0.05, 0.05, margin=1.5)


def test_planning_without_a_margin_is_unchanged():
    assert planning.trials_paired(0.10, 0.05).trials == 461
    r = planning.trials_independent(0.6, 0.8, test="chi2")
    assert (r.trials, r.normal, r.margin) == (80, 82, None)


# --------------------------------------------------------------------------------------------
# results, vectorisation, degenerate and bad inputs


def test_the_result_names_margin_interval_and_alternative():
    r = independent.noninferiority_test(83, 88, 69, 76, 0.1)
    assert isinstance(r, TestResult) and r.margin == 0.1
    assert r.alternative == "difference > -0.1" and r.interval.confidence == pytest.approx(0.95)
    assert "margin=0.1" in repr(r) and "margin = 0.1" in str(r)
    e = paired.equivalence_test([[43, 0], [1, 0]], 0.1)
    assert e.alternative == "-0.1 < difference < 0.1"
    plain = TestResult(statistic=1.0, pvalue=0.3, alternative="two-sided", method="m")
    assert plain.margin is None and "margin" not in repr(plain) and "margin" not in str(plain)


def test_independent_tests_broadcast_like_a_loop():
    n_a = np.array([40, 45, 50])
    vector = independent.equivalence_test(n_a, 50, 46, 50, 0.1)
    for i, n in enumerate(n_a):
        single = independent.equivalence_test(int(n), 50, 46, 50, 0.1)
        assert np.asarray(vector.pvalue)[i] == pytest.approx(single.pvalue, abs=1e-14)
        assert np.asarray(vector.interval.low)[i] == pytest.approx(single.interval.low, abs=1e-12)


@pytest.mark.parametrize(
    "counts", [(0, 10, 0, 10), (10, 10, 10, 10), (0, 5, 5, 5), (5, 5, 0, 5), (1, 1, 0, 1)]
)
@pytest.mark.parametrize("method", METHODS)
def test_extreme_outcomes_give_numbers_not_nan(counts, method):
    for test in (independent.noninferiority_test, independent.equivalence_test):
        r = test(*counts, 0.05, method=method)
        assert not np.isnan(r.pvalue) and not np.isnan(r.statistic)
        assert not (np.isnan(r.interval.low) or np.isnan(r.interval.high))
    for table in ([[10, 0], [0, 0]], [[0, 0], [0, 10]], [[0, 5], [0, 0]], [[0, 0], [5, 0]]):
        r = paired.equivalence_test(table, 0.05)
        assert not (np.isnan(r.pvalue) or np.isnan(r.interval.low))


def test_identical_auc_rankings_have_no_variance():
    y = [1, 1, 0, 0, 1, 0]
    s = [0.9, 0.8, 0.3, 0.2, 0.7, 0.4]
    r = roc.noninferiority_test(y, s, s, 0.05)
    assert r.details["std_error"] == 0 and r.pvalue == 0.0 and r.interval.low == 0.0


BAD_MARGINS = [
    (0, ValueError),
    (1, ValueError),
    (-0.05, ValueError),
    (1.5, ValueError),
    (math.nan, ValueError),
    ("0.1", TypeError),
    (True, TypeError),
    (None, TypeError),
    ([0.1, 0.2], ValueError),
]
BAD_LEVELS = [(0, ValueError), (0.5, ValueError), (0.95, ValueError), ("0.025", TypeError)]


def _calls():
    y, s_a, s_b = _auc_data(0, 10)
    return {
        "independent": lambda **kw: independent.noninferiority_test(83, 88, 69, 76, **kw),
        "independent-tost": lambda **kw: independent.equivalence_test(83, 88, 69, 76, **kw),
        "paired": lambda **kw: paired.noninferiority_test([[43, 0], [1, 0]], **kw),
        "paired-tost": lambda **kw: paired.equivalence_test([[43, 0], [1, 0]], **kw),
        "roc": lambda **kw: roc.noninferiority_test(y, s_a, s_b, **kw),
        "roc-tost": lambda **kw: roc.equivalence_test(y, s_a, s_b, **kw),
    }


@pytest.mark.parametrize("which", list(_calls()))
def test_bad_margins_and_levels_are_refused_by_name(which):
    call = _calls()[which]
    for margin, error in BAD_MARGINS:
        with pytest.raises(error, match="margin must be one number strictly between 0 and 1"):
            call(margin=margin)
    for level, error in BAD_LEVELS:
        with pytest.raises(error, match=r"level must be a number strictly between 0 and 0\.5"):
            call(margin=0.1, level=level)


def test_bad_counts_tables_methods_and_scores_are_refused():
    with pytest.raises(ValueError, match="successes_a must not exceed trials_a"):
        independent.noninferiority_test(90, 88, 69, 76, 0.1)
    with pytest.raises(ValueError, match="successes_b"):
        independent.noninferiority_test(83, 88, -1, 76, 0.1)
    with pytest.raises(ValueError, match="method must be one of 'farrington-manning'"):
        independent.noninferiority_test(83, 88, 69, 76, 0.1, method="wald")
    with pytest.raises(ValueError, match="table must be the 2×2 agreement table"):
        paired.noninferiority_test([43, 0, 1, 0], 0.1)
    with pytest.raises(ValueError, match="method must be one of 'tango'"):
        paired.equivalence_test([[43, 0], [1, 0]], 0.1, method="exact")
    with pytest.raises(ValueError, match="y_score_a and y_score_b must have the same length"):
        roc.noninferiority_test([1, 0, 1, 0], [0.9, 0.1, 0.8, 0.2], [0.9, 0.1, 0.8], 0.1)
    with pytest.raises(TypeError):
        independent.noninferiority_test(83, 88, 69, 76, 0.1, "blackwelder")  # keyword-only


# --------------------------------------------------------------------------------------------
# the coverage atlas: the committed rows, measured again for a few settings

sys.path.insert(0, str(REPO / "benchmarks"))


@pytest.mark.parametrize(
    ("family", "wanted"),
    [
        (
            "noninferiority_independent",
            {"K_A=100; K_B=100; margin=0.05; p_A=0.85; p_B=0.9", "K=50; margin=0.1; worst"},
        ),
        (
            "noninferiority_paired",
            {"N=100; margin=0.05; p_only_A=0.05; p_only_B=0.1"},
        ),
    ],
)
def test_the_committed_atlas_rows_are_reproduced(family, wanted):
    import measure_atlas as measure

    committed = {(r.function, r.method, r.setting): r for r in atlas.rows()}
    fresh, _ = measure.measure([family], select=lambda f, m, s: s in wanted)
    assert fresh
    for row in fresh:
        old = committed[(row.function, row.method, row.setting)]
        assert abs(row.value - old.value) <= 1e-6, (row, old)


def test_the_score_tests_keep_their_size_near_the_level_in_the_atlas():
    for function in ("independent.noninferiority_test", "paired.noninferiority_test"):
        for method in SCORE_METHODS if function.startswith("independent") else ("tango",):
            rows = atlas.rows(function, method, "size")
            assert len(rows) >= 100
            assert max(r.value for r in rows) < 0.035, (function, method)
    wald = atlas.rows("independent.noninferiority_test", "blackwelder", "size")
    assert max(r.value for r in wald) > 0.2  # the textbook form's failure near accuracy 1
