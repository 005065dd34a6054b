"""evalkit.clustered: design effect, cluster-aware intervals and the clustered McNemar test.

Cross-checks: the ANOVA ICC against scipy's one-way F statistic; the design effect against the
simulated variance of the pooled accuracy; every function against its independent counterpart
with one item per cluster; the clustered McNemar tests against a transcription of the R package
clust.bin.pair and the published values its tests quote (thyroid and psychiatry data); coverage
and type-I error by simulation, with tolerances from the Monte-Carlo standard error.
"""

from __future__ import annotations

import dataclasses
import math
import warnings
from contextlib import contextmanager

import numpy as np
import pytest
from scipy import stats

from evalkit import bootstrap, clustered, intervals, paired
from evalkit.examples import example

Z95 = stats.norm.ppf(0.975)


@contextmanager
def few_clusters_expected():
    """Silence accuracy_interval's few-clusters / high-accuracy UserWarning where it is expected
    (tests of the formulas on small test sets; the warning itself is tested below)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def t_level(confidence, df):
    """The confidence level whose normal quantile is t_df's: Wilson/Wald with t in place of z."""
    return 2 * stats.norm.cdf(stats.t.ppf(0.5 + confidence / 2, df)) - 1


def beta_binomial_test_set(rng, writers, items, mean, icc):
    """Per-item correctness of ``writers`` × ``items``; writer accuracies ~ Beta with that ICC."""
    scale = (1 - icc) / icc  # a + b, since ICC = 1/(a + b + 1)
    rates = rng.beta(mean * scale, (1 - mean) * scale, writers)
    correct = rng.random((writers, items)) < rates[:, None]
    return correct.ravel(), np.repeat(np.arange(writers), items)


def discordant_pairs(rng, writers, items, discordant=0.3, spread=2.0):
    """Two classifiers equally good on average, but each writer favours one of them (H0 true)."""
    share = rng.beta(spread, spread, writers)[:, None]  # P(only A right | discordant), per writer
    u = rng.random((writers, items))
    only_a = u < discordant * share
    only_b = (u >= discordant * share) & (u < discordant)
    both = rng.random((writers, items)) < 0.8  # concordant items: both right or both wrong
    a = np.where(only_a | only_b, only_a, both)
    b = np.where(only_a | only_b, only_b, both)
    return a.ravel(), b.ravel(), np.repeat(np.arange(writers), items)


def coverage_se(level, reps):
    return math.sqrt(level * (1 - level) / reps)


# --------------------------------------------------------------------------------------------
# design effect


def test_icc_agrees_with_scipys_one_way_anova():
    # ρ̂ = (F − 1)/(F + m̄₀ − 1) with F = MSB/MSW from scipy.stats.f_oneway, unequal sizes
    rng = np.random.default_rng(3)
    sizes = rng.integers(2, 15, 12)
    groups = [rng.random(m) < rng.uniform(0.5, 0.95) for m in sizes]
    correct = np.concatenate(groups)
    labels = np.repeat([f"writer{i}" for i in range(sizes.size)], sizes)
    f = stats.f_oneway(*[g.astype(float) for g in groups]).statistic
    n, k = sizes.sum(), sizes.size
    m0 = (n - np.sum(sizes**2) / n) / (k - 1)
    expected = (f - 1) / (f + m0 - 1)
    result = clustered.design_effect(correct, labels)
    assert result.icc == pytest.approx(expected, rel=1e-12)
    assert result.adjusted_size == pytest.approx(m0)
    weighted = np.sum(sizes**2) / n
    assert result.design_effect == pytest.approx(1 + (weighted - 1) * max(expected, 0.0))
    assert result.effective_size == pytest.approx(n / result.design_effect)


def test_equal_sizes_give_the_textbook_design_effect():
    correct, clusters = beta_binomial_test_set(np.random.default_rng(5), 25, 8, 0.85, 0.2)
    result = clustered.design_effect(correct, clusters)
    assert result.adjusted_size == result.mean_size == result.weighted_size == 8
    assert result.icc > 0
    assert result.design_effect == pytest.approx(1 + 7 * result.icc)


def test_design_effect_predicts_the_variance_of_the_pooled_accuracy():
    # beta-binomial: Var(p̂) = p(1 − p)/N · (1 + (m − 1)ρ); the ICC estimate is nearly unbiased
    rng = np.random.default_rng(11)
    writers, items, mean, icc, reps = 40, 10, 0.8, 0.15, 2000
    rates, iccs = np.empty(reps), np.empty(reps)
    for r in range(reps):
        correct, clusters = beta_binomial_test_set(rng, writers, items, mean, icc)
        rates[r] = correct.mean()
        iccs[r] = clustered.design_effect(correct, clusters).icc
    n = writers * items
    predicted = mean * (1 - mean) / n * (1 + (items - 1) * icc)
    # the sample variance of 2000 draws has relative standard error ≈ √(2/1999) ≈ 3.2 %
    assert rates.var(ddof=1) == pytest.approx(predicted, rel=4 * math.sqrt(2 / (reps - 1)))
    assert iccs.mean() == pytest.approx(icc, abs=4 * iccs.std(ddof=1) / math.sqrt(reps) + 0.01)


def test_a_negative_icc_is_read_as_no_clustering():
    # every writer exactly 2 of 4 right: less spread between writers than chance gives
    correct = [1, 1, 0, 0] * 5
    clusters = np.repeat(np.arange(5), 4)
    result = clustered.design_effect(correct, clusters)
    assert result.icc < 0
    assert result.design_effect == 1.0
    assert result.effective_size == 20


def test_constant_outcomes_give_no_nan_but_an_icc_of_zero():
    result = clustered.design_effect([1] * 12, np.repeat([1, 2, 3], 4))
    assert result.icc == 0.0
    assert result.design_effect == 1.0
    assert result.effective_size == 12
    with pytest.warns(UserWarning, match="only 3 clusters"):
        ci = clustered.accuracy_interval([1] * 12, np.repeat([1, 2, 3], 4))
    # Wilson on the 12 effective items with t_2 in place of z
    assert ci.low == pytest.approx(intervals.wilson(12, 12, t_level(0.95, 2)).low)
    assert ci.high == 1.0


# --------------------------------------------------------------------------------------------
# one item per cluster: the independent counterparts


@pytest.mark.parametrize("seed", range(5))
def test_one_item_per_cluster_reduces_to_the_independent_methods(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(5, 60))
    correct = rng.random(n) < rng.uniform(0.3, 0.95)
    if correct.all() or not correct.any():
        correct[0] = not correct[0]
    labels = [f"item{i}" for i in range(n)]
    hits = int(correct.sum())
    deff = clustered.design_effect(correct, labels)
    assert deff.icc == 0.0 and deff.design_effect == 1.0 and deff.effective_size == n
    for confidence in (0.9, 0.95):
        with few_clusters_expected():
            got = clustered.accuracy_interval(correct, labels, "wilson-effective", confidence)
        # Wilson with t_{N−1} in place of z
        want = intervals.wilson(hits, n, t_level(confidence, n - 1))
        assert (got.low, got.high, got.estimate) == pytest.approx((want.low, want.high, hits / n))
        # ratio estimator → Wald with the unbiased variance p̂(1 − p̂)/(N − 1) and t_{N−1}
        with few_clusters_expected():
            got = clustered.accuracy_interval(correct, labels, "ratio", confidence)
        wald = intervals.wald(hits, n, t_level(confidence, n - 1))
        half = (wald.high - wald.low) / 2 * math.sqrt(n / (n - 1))
        assert got.low == pytest.approx(max(hits / n - half, 0.0))
        assert got.high == pytest.approx(min(hits / n + half, 1.0))
    with few_clusters_expected():
        got = clustered.accuracy_interval(correct, labels, "bootstrap", rounds=500, rng=seed)
    want = bootstrap.bootstrap_interval(np.mean, correct.astype(float), rounds=500, rng=seed)
    assert (got.low, got.high) == pytest.approx((want.low, want.high))


@pytest.mark.parametrize("seed", range(5))
def test_clustered_mcnemar_with_one_item_per_cluster_is_mcnemars_asymptotic_test(seed):
    # Durkalski's form is McNemar's exactly; with m_i = 1 and K = N the other two are closed
    # forms in McNemar's X² (issue 57: Yang's is not McNemar's, it divides by 1 − X²/(2N))
    rng = np.random.default_rng(100 + seed)
    n = int(rng.integers(10, 80))
    a, b = rng.random(n) < 0.8, rng.random(n) < 0.7
    table = paired.agreement_table(a, b)
    want = paired.mcnemar(table[0, 1], table[1, 0], "asymptotic")
    got = clustered.mcnemar(a, b, np.arange(n), method="durkalski")
    assert got.statistic == pytest.approx(want.statistic, rel=1e-12)
    assert got.pvalue == pytest.approx(want.pvalue, rel=1e-12)
    assert got.details["only1"] == table[0, 1] and got.details["only2"] == table[1, 0]
    x2 = want.statistic
    obuchowski = clustered.mcnemar(a, b, np.arange(n), method="obuchowski").statistic
    assert obuchowski == pytest.approx((n - 1) / n * x2, rel=1e-12)
    yang = clustered.mcnemar(a, b, np.arange(n)).statistic
    assert yang == pytest.approx((n - 1) / n * x2 / (1 - x2 / (2 * n)), rel=1e-12)


def test_clustered_mcnemar_by_hand():
    # writers of 3, 2, 3, 3 items with (b_i, c_i) = (2, 0), (0, 1), (1, 0), (2, 0):
    # d_i = 2, −1, 1, 2, N = 11, D̂ = 4/11, d_i − m_i·D̂ = 10/11, −19/11, −1/11, 10/11, so
    # Yang's X² = (3/4)·4² / (½ (562/121 + 10)) = 726/443
    a = [1, 1, 1, 0, 0, 1, 1, 0, 1, 1, 0]
    b = [0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0]
    w = ["a", "a", "a", "b", "b", "c", "c", "c", "d", "d", "d"]
    result = clustered.mcnemar(a, b, w)
    assert result.statistic == pytest.approx(726 / 443, rel=1e-12)
    assert result.pvalue == pytest.approx(stats.chi2.sf(726 / 443, 1), rel=1e-12)
    assert result.details["variance"] == pytest.approx(886 / 121, rel=1e-12)
    assert result.estimate == pytest.approx(4 / 11)
    assert clustered.mcnemar(a, b, w, method="obuchowski").statistic == pytest.approx(3 / 4 * 1.6)
    assert clustered.mcnemar(a, a, w).pvalue == 1.0  # no discordant items


def test_clustered_mcnemar_with_every_d_i_zero_is_no_evidence():
    # discordant items, but each writer's cancel out: X² = 0 and p = 1 for all three forms
    a = [1, 0, 1, 0, 1, 1]
    b = [0, 1, 0, 1, 1, 1]
    w = [1, 1, 2, 2, 3, 3]
    for method in clustered.MCNEMAR_METHODS:
        result = clustered.mcnemar(a, b, w, method=method)
        assert (result.statistic, result.pvalue, result.details["variance"]) == (0.0, 1.0, 0.0)
        assert result.details["discordant"] == 4


def clust_bin_pair(ak, bk, ck, dk, method):
    """A line-by-line transcription of the R package clust.bin.pair 0.1.2 (R/yang.R,
    R/obuchowski.R, R/durkalski.R), from per-cluster counts: ak both right, bk only the first,
    ck only the second, dk both wrong."""
    ak, bk, ck, dk = (np.asarray(x, dtype=float) for x in (ak, bk, ck, dk))
    nk = ak + bk + ck + dk
    K = len(nk)  # the R code's names
    if method == "yang":
        N = nk.sum()
        p1_tilde = (1 / N) * bk.sum()
        p2_tilde = (1 / N) * ck.sum()
        return (
            ((K - 1) / K)
            * np.sum(bk - ck) ** 2
            / ((1 / 2) * np.sum(((bk - ck) - nk * (p1_tilde - p2_tilde)) ** 2 + (bk - ck) ** 2))
        )
    if method == "obuchowski":
        return ((K - 1) / K) * np.sum(bk - ck) ** 2 / np.sum((bk - ck) ** 2)
    return np.sum((bk - ck) / nk) ** 2 / np.sum(((bk - ck) / nk) ** 2)


def items_from_counts(ak, bk, ck, dk):
    """Per-item correctness of the two raters/classifiers and the cluster of each item."""
    first, second, cluster = [], [], []
    for i, counts in enumerate(zip(ak, bk, ck, dk, strict=True)):
        for (x, y), count in zip(((1, 1), (1, 0), (0, 1), (0, 0)), counts, strict=True):
            first += [x] * count
            second += [y] * count
            cluster += [i] * count
    return np.array(first), np.array(second), np.array(cluster)


#: The psychiatry data of clust.bin.pair (data/psychiatry.rda; Donner & Petryshen 1989, analysed
#: by Eliasziw & Donner 1991 and Durkalski et al. 2003): 29 psychiatrists with 1–8 patients each;
#: ah both answered 1, bh only the patient, ch only the psychiatrist, dh both 0.
PSYCHIATRY = {
    "ah": [1, 1, 3, 2, 2, 0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 1, 2, 1, 0, 2, 1, 0, 1, 0, 0, 0, 0, 1, 0],
    "bh": [0, 1, 1, 1, 0, 3, 3, 3, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 3, 1, 1, 2, 0, 0, 0, 0, 0, 0, 0],
    "ch": [4, 2, 3, 2, 1, 3, 0, 2, 2, 4, 2, 4, 3, 2, 1, 3, 1, 2, 0, 0, 0, 2, 1, 2, 2, 0, 0, 1, 1],
    "dh": [2, 2, 0, 1, 1, 0, 2, 3, 1, 3, 0, 0, 3, 2, 2, 0, 3, 2, 1, 0, 3, 0, 2, 0, 1, 2, 2, 1, 0],
}
PSYCHIATRY_NH = [7, 6, 7, 6, 4, 6, 5, 8, 4, 7, 3, 6, 7, 6, 5, 4, 6, 5, 4, 3, 5, 4, 4, 2, 3, 2,
                 2, 3, 1]  # fmt: skip


@pytest.mark.parametrize(
    ("method", "published", "digits"),
    [("yang", 8.43, 2), ("obuchowski", 7.19, 2), ("durkalski", 7.542, 3)],
)
def test_clust_bin_pairs_published_values_on_the_psychiatry_data(method, published, digits):
    # clust.bin.pair's tests: 8.43 "reported by Yang (2010)", 7.19 and 7.542 "reported by
    # Durkalski (2003)"; McNemar's 11.85 on the same data
    counts = [PSYCHIATRY[k] for k in ("ah", "bh", "ch", "dh")]
    assert np.sum(counts, axis=0).tolist() == PSYCHIATRY_NH
    patient, psychiatrist, doctor = items_from_counts(*counts)
    result = clustered.mcnemar(patient, psychiatrist, doctor, method=method)
    assert round(result.statistic, digits) == published
    assert result.statistic == pytest.approx(clust_bin_pair(*counts, method), rel=1e-12)
    assert result.pvalue == pytest.approx(stats.chi2.sf(result.statistic, 1), rel=1e-12)
    table = paired.agreement_table(patient, psychiatrist)
    plain = paired.mcnemar(table[0, 1], table[1, 0], "asymptotic").statistic
    assert round(plain, 2) == 11.85


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("method", clustered.MCNEMAR_METHODS)
def test_clustered_mcnemar_agrees_with_the_r_package_on_random_clusters(seed, method):
    rng = np.random.default_rng(500 + seed)
    k = int(rng.integers(2, 30))
    counts = rng.multinomial(rng.integers(1, 25, k), [0.6, 0.15, 0.1, 0.15])
    counts[:, 0] += counts.sum(axis=1) == 0  # every cluster holds an item
    if np.all(counts[:, 1] == counts[:, 2]):
        counts[0, 1] += 1  # at least one d_i ≠ 0
    ak, bk, ck, dk = counts.T
    first, second, cluster = items_from_counts(ak, bk, ck, dk)
    order = rng.permutation(first.size)  # items in any order, clusters with any labels
    labels = np.array([f"writer {c}" for c in cluster])[order]
    result = clustered.mcnemar(first[order], second[order], labels, method=method)
    assert result.statistic == pytest.approx(clust_bin_pair(ak, bk, ck, dk, method), rel=1e-12)
    swapped = clustered.mcnemar(second[order], first[order], labels, method=method)
    assert swapped.statistic == pytest.approx(result.statistic, rel=1e-12)
    assert swapped.estimate == pytest.approx(-result.estimate, abs=1e-15)


def thyroid_items():
    """Obuchowski's thyroid data (registry example obuchowski-thyroids) as per-gland arrays."""
    inputs = example("obuchowski-thyroids").inputs
    pet, spect, patient = [], [], []
    for i, (m, b, c) in enumerate(
        zip(inputs["glands"], inputs["only_pet"], inputs["only_spect"], strict=True)
    ):
        pet += [1] * b + [0] * c + [1] * (m - b - c)  # concordant glands: both right
        spect += [0] * b + [1] * c + [1] * (m - b - c)
        patient += [i + 1] * m
    return np.array(pet), np.array(spect), np.array(patient)


#: clust.bin.pair's thyroids data (data/thyroids.rda, from Obuchowski 1998): per patient, PET's
#: and SPECT's result on each gland (1 = right). Independent of the registry's per-patient counts.
THYROIDS_PET = [[0, 0, 0], [1, 1, 0], [1, 1, 1], [1], [1, 1, 0], [1, 1, 1, 1], [1, 1, 1], [1, 1],
                [1, 1], [1], [1, 1, 0], [1, 1], [1, 1, 1], [1, 1], [0, 0], [1, 1, 0], [1, 1, 0],
                [1, 1, 0], [1, 1], [1], [1, 1]]  # fmt: skip
THYROIDS_SPECT = [[0, 1, 1], [1, 1, 1], [1, 1, 1], [1], [1, 1, 1], [1, 1, 1, 1], [1, 1, 1],
                  [1, 1], [1, 0], [1], [1, 1, 0], [1, 1], [1, 1, 1], [1, 1], [1, 1], [1, 1, 0],
                  [1, 1, 0], [1, 1, 1], [1, 1], [1], [1, 1]]  # fmt: skip


@pytest.mark.parametrize(
    ("method", "statistic", "pvalue", "published"),
    [
        ("durkalski", 2.315, 0.128, 2.32),
        ("obuchowski", 2.857, 0.091, 2.86),
        ("yang", 3.132, 0.077, 3.13),  # issue 57: was 3.000, (Σd)²/Σd², not Yang's statistic
    ],
)
def test_three_clustered_mcnemar_statistics_on_obuchowskis_thyroid_data(
    method, statistic, pvalue, published
):
    # published: clust.bin.pair's tests (3.13 "reported by Yang (2010)", 2.32 and 2.86
    # "reported by Durkalski (2003)"); McNemar's 4.5 on the glands taken as independent
    pet, spect, patient = thyroid_items()
    result = clustered.mcnemar(pet, spect, patient, method=method)
    assert result.statistic == pytest.approx(statistic, abs=5e-4)
    assert result.pvalue == pytest.approx(pvalue, abs=5e-4)
    assert round(result.statistic, 2) == published
    assert (result.details["only1"], result.details["only2"], result.details["clusters"]) == (
        1,
        7,
        21,
    )
    assert result.estimate == pytest.approx(-6 / 51)
    # the same from the R package's own per-gland data, through its code
    r_pet = np.concatenate(THYROIDS_PET)
    r_spect = np.concatenate(THYROIDS_SPECT)
    r_patient = np.repeat(np.arange(21), [len(g) for g in THYROIDS_PET])
    again = clustered.mcnemar(r_pet, r_spect, r_patient, method=method)
    assert again.statistic == pytest.approx(result.statistic, rel=1e-12)
    counts = [
        np.bincount(r_patient, weights=(r_pet == x) & (r_spect == y), minlength=21).astype(int)
        for x, y in ((1, 1), (1, 0), (0, 1), (0, 0))
    ]
    assert again.statistic == pytest.approx(clust_bin_pair(*counts, method), rel=1e-12)


def test_the_three_statistics_by_hand_with_unequal_cluster_sizes():
    # writers of 2, 4 and 5 items with d_i = b_i − c_i = 2, −1, 3: N = 11, D̂ = 4/11
    b_i, c_i, m_i = np.array([2, 0, 3]), np.array([0, 1, 0]), np.array([2, 4, 5])
    a, b, w = [], [], []
    for i, (x, y, m) in enumerate(zip(b_i, c_i, m_i, strict=True)):
        a += [1] * x + [0] * y + [0] * (m - x - y)
        b += [0] * x + [1] * y + [0] * (m - x - y)
        w += [i] * m
    d = b_i - c_i
    centred = d - m_i * d.sum() / m_i.sum()  # 14/11, −27/11, 13/11
    yang = 2 / 3 * d.sum() ** 2 / ((np.sum(centred**2) + np.sum(d**2)) / 2)
    obuchowski = 2 / 3 * d.sum() ** 2 / np.sum(d**2)  # (2/3)·16/14
    durkalski = np.sum(d / m_i) ** 2 / np.sum((d / m_i) ** 2)
    expected = {"yang": yang, "obuchowski": obuchowski, "durkalski": durkalski}
    assert yang == pytest.approx(2 / 3 * 16 / ((1094 / 121 + 14) / 2))
    for method, value in expected.items():
        assert clustered.mcnemar(a, b, w, method=method).statistic == pytest.approx(value)
    assert clustered.mcnemar(a, b, w).statistic == pytest.approx(yang)  # the default
    assert durkalski != pytest.approx(yang)  # unequal sizes tell them apart


def test_ratio_interval_uses_t_with_k_minus_1_degrees_of_freedom():
    # issue 41: the ratio interval used z; with k = 6 clusters t_5(0.975) = 2.571 instead of 1.960
    successes, sizes = np.array([9, 10, 7, 10, 8, 10]), np.full(6, 10)
    correct = np.concatenate([np.arange(m) < y for y, m in zip(successes, sizes, strict=True)])
    writer = np.repeat(np.arange(6), 10)
    rate = successes.sum() / sizes.sum()  # 54/60
    variance = 6 / 5 * np.sum((successes - rate * sizes) ** 2) / 60**2
    half = stats.t.ppf(0.975, 5) * math.sqrt(variance)
    with pytest.warns(UserWarning, match="only 6 clusters"):
        ci = clustered.accuracy_interval(correct, writer, "ratio")
    assert (ci.low, ci.high) == pytest.approx((rate - half, min(rate + half, 1.0)), rel=1e-12)
    assert rate - ci.low > 1.3 * Z95 * math.sqrt(variance)  # 2.571/1.960: 31 % below z's limit


def test_wilson_effective_is_wilson_with_t_on_the_effective_size():
    # Korn & Graubard (1998): Wilson on Ñ·(z/t_{k−1})² = Wilson with t_{k−1} in place of z
    rng = np.random.default_rng(17)
    correct, clusters = beta_binomial_test_set(rng, 12, 15, 0.85, 0.1)
    effective = clustered.design_effect(correct, clusters).effective_size
    rate = correct.mean()
    for confidence in (0.9, 0.95):
        with few_clusters_expected():
            got = clustered.accuracy_interval(correct, clusters, confidence=confidence)
        z, t = stats.norm.ppf(0.5 + confidence / 2), stats.t.ppf(0.5 + confidence / 2, 11)
        n = effective * (z / t) ** 2
        center = (rate + z**2 / (2 * n)) / (1 + z**2 / n)
        half = z / (1 + z**2 / n) * math.sqrt(rate * (1 - rate) / n + z**2 / (4 * n**2))
        assert (got.low, got.high) == pytest.approx((center - half, center + half), rel=1e-12)


@pytest.mark.parametrize("method", clustered.INTERVAL_METHODS)
def test_few_clusters_or_a_high_accuracy_draw_a_warning(method):
    # measured coverage falls below nominal there (data/clustered_coverage.csv)
    options = {"rounds": 200, "rng": 1}
    rng = np.random.default_rng(23)
    correct, clusters = beta_binomial_test_set(rng, 12, 20, 0.85, 0.05)
    with pytest.warns(UserWarning, match=rf"only 12 clusters \(fewer than 30\): the {method} "):
        clustered.accuracy_interval(correct, clusters, method, **options)
    many = np.repeat(np.arange(40), 20)
    high = np.ones(800, dtype=bool)
    high[::25] = False  # 32 of 800 wrong: p̂ = 0.96
    with pytest.warns(UserWarning, match=r"^accuracy 0\.96 \(above 0\.95\)"):
        clustered.accuracy_interval(high, many, method, **options)
    usual = np.ones(800, dtype=bool)
    usual[::10] = False  # p̂ = 0.9 on 40 writers: no warning
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        clustered.accuracy_interval(usual, many, method, **options)


# --------------------------------------------------------------------------------------------
# labels


def test_cluster_labels_of_any_hashable_type_give_the_same_answer():
    correct, codes = beta_binomial_test_set(np.random.default_rng(2), 6, 5, 0.8, 0.3)
    variants = [
        codes,
        codes.tolist(),
        [f"w{c}" for c in codes],
        np.array([f"w{c}" for c in codes]),
        [(c, "x") for c in codes],
        [float(c) + 0.5 for c in codes],
        [None if c == 0 else c for c in codes],
    ]
    with few_clusters_expected():
        reference = clustered.accuracy_interval(correct, codes, "ratio")
        boot = clustered.accuracy_interval(correct, codes, "bootstrap", rounds=200, rng=1)
    for labels in variants:
        assert clustered.design_effect(correct, labels) == clustered.design_effect(correct, codes)
        with few_clusters_expected():
            assert clustered.accuracy_interval(correct, labels, "ratio") == reference
            again = clustered.accuracy_interval(correct, labels, "bootstrap", rounds=200, rng=1)
        assert again == boot


def test_labels_of_different_types_stay_apart():
    # 1 and "1" are two writers (a plain array conversion would merge them)
    assert clustered.design_effect([1, 0, 1, 1], [1, "1", 1, "1"]).clusters == 2
    assert clustered.design_effect([1, 0, 1, 1], [1, "1", 2, "2"]).clusters == 4


def test_item_order_does_not_matter_for_the_analytic_methods():
    rng = np.random.default_rng(9)
    correct, clusters = beta_binomial_test_set(rng, 10, 7, 0.8, 0.2)
    order = rng.permutation(correct.size)
    for method in ("ratio", "wilson-effective"):
        with few_clusters_expected():
            one = clustered.accuracy_interval(correct, clusters, method)
            two = clustered.accuracy_interval(correct[order], clusters[order], method)
        assert (one.low, one.high) == pytest.approx((two.low, two.high), rel=1e-12)


# --------------------------------------------------------------------------------------------
# simulation: coverage and type-I error


def test_cluster_aware_intervals_restore_the_coverage_clopper_pearson_loses():
    # 30 writers × 20 items, mean accuracy 0.9, ICC 0.1 (deff ≈ 2.9). Measured with 20 000 test
    # sets (data/clustered_coverage.csv): Clopper–Pearson 0.769, ratio 0.933, Wilson-effective
    # 0.946 (first-order methods with 30 clusters fall a little short of 0.95: allowance 0.02 on
    # top of 3 Monte-Carlo SE). A simulated p̂ above 0.95 draws the high-accuracy warning.
    rng = np.random.default_rng(2025)
    reps, mean = 600, 0.9
    hits = {"clopper-pearson": 0, "ratio": 0, "wilson-effective": 0}
    for _ in range(reps):
        correct, clusters = beta_binomial_test_set(rng, 30, 20, mean, 0.1)
        hits["clopper-pearson"] += intervals.clopper_pearson(correct.sum(), correct.size).contains(
            mean
        )
        for method in ("ratio", "wilson-effective"):
            with few_clusters_expected():
                ci = clustered.accuracy_interval(correct, clusters, method)
            hits[method] += ci.contains(mean)
    cover = {name: count / reps for name, count in hits.items()}
    floor = 0.95 - 0.02 - 3 * coverage_se(0.95, reps)
    assert cover["ratio"] >= floor, cover
    assert cover["wilson-effective"] >= floor, cover
    assert cover["clopper-pearson"] <= 0.85, cover  # the failure the module exists for


def test_cluster_bootstrap_covers():
    rng = np.random.default_rng(77)
    reps, mean = 200, 0.9
    hits = 0
    for _ in range(reps):
        correct, clusters = beta_binomial_test_set(rng, 30, 20, mean, 0.1)
        with few_clusters_expected():  # a simulated p̂ above 0.95 draws the warning
            ci = clustered.accuracy_interval(correct, clusters, "bootstrap", rounds=400, rng=rng)
        hits += ci.contains(mean)
    # measured 0.92 here; 0.934 with 2000 rounds at ICC 0.05 (data/clustered_coverage.csv): the
    # percentile bootstrap with 30 clusters is a bit short
    assert hits / reps >= 0.95 - 0.03 - 3 * coverage_se(0.95, reps)


def test_clustered_mcnemar_keeps_its_level_where_mcnemar_does_not():
    rng = np.random.default_rng(31)
    reps = 600
    ordinary = clustered_rejections = 0
    for _ in range(reps):
        a, b, clusters = discordant_pairs(rng, 40, 25)
        table = paired.agreement_table(a, b)
        ordinary += paired.mcnemar(table[0, 1], table[1, 0], "asymptotic").pvalue < 0.05
        clustered_rejections += clustered.mcnemar(a, b, clusters).pvalue < 0.05
    se = coverage_se(0.05, reps)
    assert clustered_rejections / reps <= 0.05 + 0.015 + 3 * se  # 40 clusters: near nominal
    assert ordinary / reps >= 0.15  # the within-writer correlation the ordinary test ignores


# --------------------------------------------------------------------------------------------
# bad inputs


BAD = [
    (clustered.design_effect, dict(correct=[1, 0, 1], clusters=[1, 2]), ValueError,
     r"^clusters must have one label per test item: got 2 labels for 3 items"),
    (clustered.design_effect, dict(correct=[1, 0, 1], clusters=[7, 7, 7]), ValueError,
     r"^clusters must name at least two different clusters; got only 7"),
    (clustered.design_effect, dict(correct=[1, 0, 1], clusters="abc"), TypeError,
     r"^clusters must be a sequence of cluster labels \(one per item\), not a single string"),
    (clustered.design_effect, dict(correct=[1, 0, 1], clusters=[[1], [2], [3]]), TypeError,
     r"^clusters must hold hashable labels"),
    (clustered.design_effect, dict(correct=[1, 0, 1], clusters=[1.0, math.nan, 2.0]), ValueError,
     r"^clusters must not contain NaN labels"),
    (clustered.design_effect, dict(correct=[1, 0, 1], clusters=np.zeros((3, 1))), ValueError,
     r"^clusters must be one-dimensional"),
    (clustered.design_effect, dict(correct=[1, 2, 1], clusters=[1, 2, 3]), ValueError,
     r"^correct must hold only booleans or 0/1; got 2"),
    (clustered.design_effect, dict(correct=["a", "b"], clusters=[1, 2]), TypeError,
     r"^correct must be an array of booleans \(or 0/1\)"),
    (clustered.design_effect, dict(correct=[], clusters=[]), ValueError,
     r"^correct must not be empty"),
    (clustered.design_effect, dict(correct=5, clusters=[1]), ValueError,
     r"^correct must be one-dimensional"),
    (clustered.accuracy_interval, dict(correct=[1, 0], clusters=[1, 2], method="wald"),
     ValueError, r"^method must be one of 'ratio', 'wilson-effective', 'bootstrap'; got 'wald'"),
    (clustered.accuracy_interval, dict(correct=[1, 0], clusters=[1, 2], confidence=95),
     ValueError, r"^confidence must be strictly between 0 and 1"),
    (clustered.accuracy_interval, dict(correct=[1, 0], clusters=[1, 2], method="bootstrap",
     rng=1.5), TypeError, r"^rng must be None, a numpy\.random\.Generator or an integer seed"),
    (clustered.accuracy_interval,
     dict(correct=[1, 0], clusters=[1, 2], method="bootstrap", rng=0, rounds=10), ValueError,
     r"^rounds must be"),
    (clustered.mcnemar, dict(correct_a=[1, 0, 1], correct_b=[1, 0], clusters=[1, 2, 3]),
     ValueError, r"^correct_a and correct_b must have the same length"),
    (clustered.mcnemar, dict(correct_a=[1, 0, 1], correct_b=[1, 0, 3], clusters=[1, 2, 3]),
     ValueError, r"^correct_b must hold only booleans or 0/1; got 3"),
    (clustered.mcnemar, dict(correct_a=[1, 0, 1], correct_b=[1, 0, 1], clusters=[1, 1, 1]),
     ValueError, r"^clusters must name at least two different clusters"),
    (clustered.mcnemar,
     dict(correct_a=[1, 0], correct_b=[0, 1], clusters=[1, 2], method="eliasziw"),
     ValueError, r"^method must be one of 'yang', 'obuchowski', 'durkalski'; got 'eliasziw'"),
    (clustered.mcnemar,
     dict(correct_a=[1, 0], correct_b=[0, 1], clusters=[1, 2], method="Yang"),
     ValueError, r"^method must be one of 'yang', 'obuchowski', 'durkalski'; got 'Yang'"),
    (clustered.mcnemar,
     dict(correct_a=[1, 0], correct_b=[0, 1], clusters=[1, 2], method=None),
     ValueError, r"^method must be one of 'yang', 'obuchowski', 'durkalski'; got None"),
    (clustered.mcnemar, dict(correct_a=[1, 0, 1], correct_b=[0, 1, 1], clusters=[1, 2]),
     ValueError, r"^clusters must have one label per test item: got 2 labels for 3 items"),
    (clustered.mcnemar, dict(correct_a=[], correct_b=[], clusters=[]),
     ValueError, r"^correct_a must not be empty"),
    (clustered.mcnemar, dict(correct_a=[1, 0], correct_b=[0, 1], clusters=[1.0, math.nan]),
     ValueError, r"^clusters must not contain NaN labels"),
    (clustered.mcnemar, dict(correct_a=[[1, 0]], correct_b=[[0, 1]], clusters=[1, 2]),
     ValueError, r"^correct_a must be one-dimensional"),
]  # fmt: skip


@pytest.mark.parametrize(("function", "kwargs", "error", "message"), BAD)
def test_bad_inputs_are_refused_with_a_message_naming_the_argument(
    function, kwargs, error, message
):
    with pytest.raises(error, match=message):
        function(**kwargs)


@pytest.mark.parametrize("outcome", [0, 1])
@pytest.mark.parametrize("sizes", [(1, 1, 1), (4, 4, 4), (1, 5, 2)])
def test_all_right_or_all_wrong_gives_no_nan(outcome, sizes):
    clusters = np.repeat(np.arange(len(sizes)), sizes)
    correct = np.full(clusters.size, outcome)
    deff = clustered.design_effect(correct, clusters)
    assert not any(math.isnan(v) for v in dataclasses.astuple(deff))
    for method in clustered.INTERVAL_METHODS:
        with few_clusters_expected():
            ci = clustered.accuracy_interval(correct, clusters, method, rounds=100, rng=0)
        assert ci.estimate == outcome and ci.low <= outcome <= ci.high
        assert not math.isnan(ci.low) and not math.isnan(ci.high)
    result = clustered.mcnemar(correct, correct, clusters)
    assert result.statistic == 0.0 and result.pvalue == 1.0


def test_bootstrap_interval_takes_rng_none_and_reports_its_monte_carlo_error():
    # regression (issue 44): rng=None raised "rng must be given for method='bootstrap'"
    correct, clusters = beta_binomial_test_set(np.random.default_rng(8), 40, 10, 0.85, 0.1)
    ci = clustered.accuracy_interval(correct, clusters, "bootstrap", rounds=400)
    assert ci.low < ci.estimate < ci.high and 0 < ci.mc_standard_error < 0.01
    assert ci.method == "cluster bootstrap percentile" and "mc_standard_error=" in repr(ci)
    seeded = clustered.accuracy_interval(correct, clusters, "bootstrap", rounds=400, rng=3)
    again = clustered.accuracy_interval(
        correct, clusters, "bootstrap", rounds=400, rng=np.random.default_rng(3)
    )
    assert seeded == again


def test_results_have_a_short_repr_and_an_html_table():
    correct, clusters = beta_binomial_test_set(np.random.default_rng(9), 40, 10, 0.85, 0.1)
    deff = clustered.design_effect(correct, clusters)
    assert repr(deff).startswith("DesignEffect(icc=") and len(repr(deff)) < 300
    assert ">design_effect</th>" in deff._repr_html_()
    a, b, writers = discordant_pairs(np.random.default_rng(10), 30, 10)
    r = clustered.mcnemar(a, b, writers)
    assert r.estimate_name == "difference of accuracies (A − B)"
    assert "difference of accuracies (A − B) = " in str(r)


def test_notebook_13_reads_its_live_size_demonstration_against_the_measured_sizes():
    # section 3 runs 300 simulations per bar (a standard error of 0.013): its text must say so
    # and quote the size from data/clustered_mcnemar_size.csv (20 000 per row) as the measurement
    import csv
    import re

    import nbformat

    from evalkit.datasets import data_file
    from tests.conftest import NOTEBOOKS

    nb = nbformat.read(NOTEBOOKS / "13_dependent_test_items.ipynb", as_version=4)
    live = next(c for c in nb.cells if c.cell_type == "code" and "MC_ITEMS, MC_REPS" in c.source)
    printed = "".join(o.get("text", "") for o in live.outputs)
    reps = int(re.search(r"MC_ITEMS, MC_REPS = \[[^\]]*\], (\d+)", live.source).group(1))
    se = math.sqrt(0.05 * 0.95 / reps)
    assert f"±{se:.3f}" in printed
    clustered_25 = float(re.search(r"× 25 items: .* clustered (\d\.\d+)", printed).group(1))
    index = nb.cells.index(live)
    notice = next(c.source for c in nb.cells[index:] if c.source.startswith("**What to notice"))
    text = " ".join(notice.split())
    assert f"{reps} simulations per bar" in text and f"±{se:.3f}" in text
    above = (clustered_25 - 0.05) / se
    assert f"clustered test's {clustered_25:.3f} is {above:.1f} of them" in text
    with data_file("clustered_mcnemar_size.csv").open() as fh:
        fh.readline()
        rows = list(csv.DictReader(fh))
    assert max(float(r["se"]) for r in rows) <= 0.003 and "standard error of at most 0.003" in text
    yang = [float(r["size"]) for r in rows if r["method"] == "yang" and int(r["writers"]) >= 20]
    plain = [float(r["size"]) for r in rows if r["method"] == "mcnemar" and int(r["writers"]) >= 20]
    assert f"size is {min(yang):.3f}–{max(yang):.3f} with 20 or 40 writers" in text
    assert f"McNemar's {min(plain):.2f}–{max(plain):.2f}" in text
