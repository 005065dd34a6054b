"""Tests of evalkit.multiple: Friedman, Iman–Davenport, Nemenyi, Holm, Bonferroni, CD diagram.

Cross-checks: scipy.stats.friedmanchisquare and rankdata; the Iman–Davenport F against the
two-way ANOVA F on the ranks (an independent route, Iman & Davenport 1980); the Nemenyi q_α
against Demšar's printed Table 5 and against a direct numerical integral of the studentized
range distribution; Holm and Bonferroni against a literal implementation of the step-down
procedure; the diagram's groups against brute force.
"""

from __future__ import annotations

import functools
import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate, stats

from evalkit import multiple
from evalkit.multiple import (
    average_ranks,
    bonferroni,
    critical_difference_diagram,
    critical_value,
    draw_critical_difference,
    friedman,
    holm,
    nemenyi,
    pairwise_wilcoxon,
)

# Demšar (2006), Table 5(a): critical values of the two-tailed Nemenyi test, k = 2 … 10.
DEMSAR_NEMENYI_005 = [1.960, 2.343, 2.569, 2.728, 2.850, 2.949, 3.031, 3.102, 3.164]
DEMSAR_NEMENYI_010 = [1.645, 2.052, 2.291, 2.459, 2.589, 2.693, 2.780, 2.855, 2.920]
# Demšar (2006), Table 5(b): critical values of the two-tailed Bonferroni–Dunn test.
DEMSAR_BD_005 = [1.960, 2.241, 2.394, 2.498, 2.576, 2.638, 2.690, 2.724, 2.773]
DEMSAR_BD_010 = [1.645, 1.960, 2.128, 2.241, 2.326, 2.394, 2.450, 2.498, 2.539]

# Ranks (1 = best) of four classifiers on 14 data sets whose column sums 44, 28, 40.5, 27.5
# give the average ranks of Demšar's (2006) §3.2.4 example: 3.143, 2.000, 2.893, 1.964.
DEMSAR_EXAMPLE_RANKS = np.array(
    [
        [4, 1, 3, 2],
        [4, 2, 3, 1],
        [1, 4, 2, 3],
        [3, 1.5, 4, 1.5],
        [4, 1, 3, 2],
        [3, 4, 2, 1],
        [3, 1, 4, 2],
        [3.5, 2, 3.5, 1],
        [3.5, 1, 3.5, 2],
        [2, 4, 1, 3],
        [4, 1, 3, 2],
        [1.5, 1.5, 3, 4],
        [3.5, 1, 3.5, 2],
        [4, 3, 2, 1],
    ]
)


def score_tables(min_n=2, max_n=12, min_k=2, max_k=7, ties=True):
    """Hypothesis strategy: score tables, with many ties when ``ties`` (few distinct values)."""
    values = st.integers(0, 4) if ties else st.floats(0, 1, allow_nan=False)
    return st.integers(min_n, max_n).flatmap(
        lambda n: st.integers(min_k, max_k).flatmap(
            lambda k: st.lists(
                st.lists(values, min_size=k, max_size=k), min_size=n, max_size=n
            ).map(lambda rows: np.array(rows, dtype=float))
        )
    )


# --------------------------------------------------------------------------------------------
# ranks and Friedman


@settings(max_examples=80, deadline=None)
@given(score_tables())
def test_average_ranks_match_scipy_rankdata(table):
    ranks, mean = average_ranks(table)
    expected = np.vstack([stats.rankdata(-row) for row in table])
    np.testing.assert_allclose(ranks, expected)
    np.testing.assert_allclose(mean, expected.mean(axis=0))
    k = table.shape[1]
    assert mean.sum() == pytest.approx(k * (k + 1) / 2)


def test_best_classifier_gets_rank_one():
    _, mean = average_ranks([[0.9, 0.5], [0.8, 0.1], [0.7, 0.6]])
    assert mean.tolist() == [1.0, 2.0]


def test_friedman_equals_scipy_without_ties():
    rng = np.random.default_rng(0)
    for n, k in [(2, 3), (5, 3), (14, 4), (30, 6), (10, 10)]:
        table = rng.random((n, k))
        ours = friedman(table)
        ref = stats.friedmanchisquare(*table.T)
        assert ours.chi2 == pytest.approx(ref.statistic, rel=1e-12)
        assert ours.chi2_pvalue == pytest.approx(ref.pvalue, rel=1e-10)


@settings(max_examples=80, deadline=None)
@given(score_tables(min_k=3))
def test_friedman_tie_corrected_equals_scipy(table):
    ranks, _ = average_ranks(table)
    if np.all(ranks == ranks[0, 0]):  # all classifiers tied everywhere: scipy divides by 0
        return
    ours = friedman(table, tie_correction=True)
    ref = stats.friedmanchisquare(*table.T)
    assert ours.chi2 == pytest.approx(ref.statistic, rel=1e-9, abs=1e-12)
    assert ours.chi2_pvalue == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-12)


def test_tie_correction_only_raises_the_statistic():
    table = np.array([[1, 1, 0], [1, 0, 0], [2, 2, 1], [3, 1, 1]], dtype=float)
    assert friedman(table, tie_correction=True).chi2 > friedman(table).chi2


def _anova_f_on_ranks(ranks: np.ndarray) -> float:
    """Two-way ANOVA without replication on the ranks: F of the classifier (column) effect."""
    n, k = ranks.shape
    grand = ranks.mean()
    ss_cols = n * np.sum((ranks.mean(axis=0) - grand) ** 2)
    ss_rows = k * np.sum((ranks.mean(axis=1) - grand) ** 2)
    ss_total = np.sum((ranks - grand) ** 2)
    ss_error = ss_total - ss_cols - ss_rows
    return (ss_cols / (k - 1)) / (ss_error / ((k - 1) * (n - 1)))


@settings(max_examples=60, deadline=None)
@given(score_tables(min_n=3, min_k=3, ties=False))
def test_iman_davenport_equals_anova_f_on_ranks(table):
    ranks, _ = average_ranks(table)
    if np.any([np.unique(r).size < r.size for r in ranks]):
        return  # equal floats drawn by hypothesis: the identity needs tie-free rows
    if np.unique(ranks, axis=0).shape[0] == 1:  # every data set ranks alike: F = ∞
        assert math.isinf(friedman(table).f)
        return
    result = friedman(table)
    assert result.f == pytest.approx(_anova_f_on_ranks(ranks), rel=1e-9)
    n, k = table.shape
    assert result.df_f == (k - 1, (k - 1) * (n - 1))
    assert result.f_pvalue == pytest.approx(stats.f.sf(result.f, k - 1, (k - 1) * (n - 1)))


def test_demsar_example_chi2_f_and_cd():
    # Demšar (2006), §3.2.4: chi2_F = 9.28, F_F = 3.69, F(3, 39) critical value 2.85,
    # Nemenyi CD at α = 0.05 is 1.25 (q = 2.569).
    table = -DEMSAR_EXAMPLE_RANKS  # higher score = better = smaller rank
    r = friedman(table)
    np.testing.assert_allclose(r.average_ranks, [3.143, 2.000, 2.893, 1.964], atol=5e-4)
    assert r.chi2 == pytest.approx(9.28, abs=0.005)
    assert r.f == pytest.approx(3.69, abs=0.005)
    assert stats.f.isf(0.05, *r.df_f) == pytest.approx(2.85, abs=0.005)
    assert r.f_pvalue < 0.05
    assert nemenyi(table).critical_difference == pytest.approx(1.25, abs=0.005)


def test_friedman_all_datasets_agree_gives_infinite_f():
    table = np.tile([0.9, 0.8, 0.7], (5, 1))
    r = friedman(table)
    assert r.chi2 == pytest.approx(5 * 2) and math.isinf(r.f) and r.f_pvalue == 0.0


def test_friedman_null_distribution_by_simulation():
    # Under H0 (random ranks) the Iman-Davenport p-value is roughly uniform: P(p < 0.05) ≈ 0.05.
    rng = np.random.default_rng(1)
    pvalues = np.array([friedman(rng.random((10, 4))).f_pvalue for _ in range(1000)])
    assert 0.03 < np.mean(pvalues < 0.05) < 0.075


# --------------------------------------------------------------------------------------------
# critical values


@pytest.mark.parametrize("k", range(2, 11))
def test_nemenyi_q_matches_demsar_table(k):
    # Demšar's table agrees to within one unit of the third decimal (k = 3 prints 2.343 for
    # 2.3437 and k = 7 prints 2.949 for 2.9483; other entries are correctly rounded).
    assert critical_value(k, 0.05) == pytest.approx(DEMSAR_NEMENYI_005[k - 2], abs=1e-3)
    assert critical_value(k, 0.10) == pytest.approx(DEMSAR_NEMENYI_010[k - 2], abs=1e-3)


@pytest.mark.parametrize("k", range(2, 11))
def test_bonferroni_dunn_q_matches_demsar_table(k):
    computed = critical_value(k, 0.05, "bonferroni-dunn")
    if k == 9:
        # Misprint in Demšar's Table 5(b): z at 0.05/(2·8) is 2.734, printed as 2.724.
        assert computed == pytest.approx(2.734, abs=5e-4)
        assert abs(computed - DEMSAR_BD_005[k - 2]) > 0.009
    else:
        assert computed == pytest.approx(DEMSAR_BD_005[k - 2], abs=5e-4)
    assert critical_value(k, 0.10, "bonferroni-dunn") == pytest.approx(
        DEMSAR_BD_010[k - 2], abs=5e-4
    )


def _range_cdf_infinite_df(q: float, k: int) -> float:
    """P(range of k standard normals ≤ q) = k ∫ φ(z)(Φ(z + q) − Φ(z))^(k−1) dz."""
    value, _ = integrate.quad(
        lambda z: k * stats.norm.pdf(z) * (stats.norm.cdf(z + q) - stats.norm.cdf(z)) ** (k - 1),
        -np.inf,
        np.inf,
        epsabs=1e-12,
    )
    return value


@pytest.mark.parametrize("k", [2, 3, 5, 8, 12, 20])
@pytest.mark.parametrize("alpha", [0.01, 0.05, 0.10])
def test_nemenyi_q_against_direct_integral(k, alpha):
    q = critical_value(k, alpha) * math.sqrt(2)
    assert _range_cdf_infinite_df(q, k) == pytest.approx(1 - alpha, abs=1e-6)


def test_critical_value_is_computed_once_per_k_alpha_and_method():
    from evalkit import multiple

    multiple._critical_value.cache_clear()
    first = critical_value(7, 0.05)
    again = critical_value(np.int64(7), 0.05)  # the same question, asked another way
    other = critical_value(7, 0.05, "bonferroni-dunn")
    info = multiple._critical_value.cache_info()
    assert (info.hits, info.misses) == (1, 2)
    assert first == again == stats.studentized_range.ppf(0.95, 7, np.inf) / math.sqrt(2)
    assert other == stats.norm.isf(0.05 / 12)


def test_k_two_reduces_to_the_normal_quantile():
    assert critical_value(2, 0.05) == pytest.approx(stats.norm.isf(0.025), abs=1e-6)
    assert critical_value(2, 0.05, "bonferroni-dunn") == pytest.approx(stats.norm.isf(0.025))


# --------------------------------------------------------------------------------------------
# Nemenyi


def test_nemenyi_cd_formula_and_pvalue_at_cd_is_alpha():
    rng = np.random.default_rng(2)
    table = rng.random((12, 5))
    r = nemenyi(table, alpha=0.10)
    assert r.critical_difference == pytest.approx(critical_value(5, 0.10) * math.sqrt(30 / 72))
    scale = math.sqrt(5 * 6 / (6 * 12))
    p_at_cd = stats.studentized_range.sf(r.critical_difference * math.sqrt(2) / scale, 5, np.inf)
    assert p_at_cd == pytest.approx(0.10, abs=1e-6)
    # significance and p-values tell the same story
    off = ~np.eye(5, dtype=bool)
    np.testing.assert_array_equal(r.significant[off], (r.pvalues <= 0.10 + 1e-9)[off])
    np.testing.assert_array_equal(r.significant, r.significant.T)
    assert not r.significant.diagonal().any()
    np.testing.assert_allclose(r.rank_differences, -r.rank_differences.T)


def test_nemenyi_family_wise_error_by_simulation(monkeypatch):
    # Under H0 the chance of any false "significant" pair stays near or below α.
    # Every replicate needs the same q_α (k = 4, α = 0.05), a studentized-range quantile that
    # takes most of nemenyi's time: critical_value computes it once here, and nemenyi reuses it.
    monkeypatch.setattr(multiple, "critical_value", functools.cache(multiple.critical_value))
    rng = np.random.default_rng(3)
    hits = [nemenyi(rng.random((20, 4)), 0.05).significant.any() for _ in range(1500)]
    assert np.mean(hits) < 0.065


# --------------------------------------------------------------------------------------------
# Holm and Bonferroni


def _holm_reference(p: list[float], alpha: float) -> tuple[list[float], list[bool]]:
    """Holm (1979) as a literal loop: the step-down test and the adjusted p-values."""
    m = len(p)
    order = sorted(range(m), key=lambda i: (p[i], i))
    reject = [False] * m
    for step, i in enumerate(order):
        if p[i] <= alpha / (m - step):
            reject[i] = True
        else:
            break
    adjusted = [0.0] * m
    running = 0.0
    for step, i in enumerate(order):
        running = max(running, min(1.0, (m - step) * p[i]))
        adjusted[i] = running
    return adjusted, reject


pvalue_lists = st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=20)


@settings(max_examples=150, deadline=None)
@given(pvalue_lists, st.sampled_from([0.01, 0.05, 0.1]))
def test_holm_against_literal_procedure(p, alpha):
    adjusted, reject = _holm_reference(p, alpha)
    r = holm(p, alpha)
    np.testing.assert_allclose(r.adjusted, adjusted, rtol=1e-12, atol=1e-15)
    np.testing.assert_array_equal(r.reject, reject)


@settings(max_examples=150, deadline=None)
@given(pvalue_lists, st.sampled_from([0.01, 0.05, 0.1]))
def test_bonferroni_against_definition_and_holm_dominates(p, alpha):
    b = bonferroni(p, alpha)
    expected = [min(1.0, len(p) * x) for x in p]
    np.testing.assert_allclose(b.adjusted, expected)
    np.testing.assert_array_equal(b.reject, [len(p) * x <= alpha for x in p])
    h = holm(p, alpha)
    assert np.all(h.adjusted <= b.adjusted + 1e-15)
    assert np.all(h.reject | ~b.reject)  # Holm rejects everything Bonferroni rejects
    assert np.all(h.adjusted >= np.asarray(p) - 1e-15)


def test_family_wise_error_rate_by_simulation():
    # 10 true null hypotheses, independent uniform p-values: uncorrected FWER ≈ 1 − 0.95^10.
    rng = np.random.default_rng(4)
    p = rng.random((4000, 10))
    raw = np.mean((p <= 0.05).any(axis=1))
    bonf = np.mean([bonferroni(row).reject.any() for row in p])
    holm_rate = np.mean([holm(row).reject.any() for row in p])
    assert raw == pytest.approx(1 - 0.95**10, abs=0.03)
    assert bonf <= 0.06 and holm_rate <= 0.06


# --------------------------------------------------------------------------------------------
# critical-difference diagram


def _groups_brute_force(ranks: np.ndarray, cd: float) -> list[tuple[int, int]]:
    """All maximal runs i..j (i < j) of sorted ranks whose span is below cd."""
    k = ranks.size
    runs = [(i, j) for i in range(k) for j in range(i + 1, k) if ranks[j] - ranks[i] < cd]
    return sorted(
        (i, j) for i, j in runs if not any(a <= i and j <= b and (a, b) != (i, j) for a, b in runs)
    )


@settings(max_examples=80, deadline=None)
@given(score_tables(min_n=2, max_n=10, min_k=2, max_k=8), st.sampled_from([0.05, 0.1]))
def test_diagram_groups_are_the_maximal_nonsignificant_runs(table, alpha):
    d = critical_difference_diagram(table, alpha=alpha)
    assert np.all(np.diff(d.average_ranks) >= 0)
    assert d.groups == _groups_brute_force(d.average_ranks, d.critical_difference)
    result = nemenyi(table, alpha)
    for i, j in itertools.combinations(range(d.n_classifiers), 2):
        together = any(a <= i and j <= b for a, b in d.groups)
        differ = d.average_ranks[j] - d.average_ranks[i] >= d.critical_difference
        assert together != differ
    assert d.critical_difference == pytest.approx(result.critical_difference)


def test_diagram_names_follow_the_ranks():
    d = critical_difference_diagram([[0.7, 0.9, 0.8], [0.6, 0.8, 0.7]], names=["a", "b", "c"])
    assert d.names == ["b", "c", "a"]
    assert d.average_ranks.tolist() == [1.0, 2.0, 3.0]


def test_draw_critical_difference_draws_every_classifier():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    d = critical_difference_diagram(-DEMSAR_EXAMPLE_RANKS, names=["A", "B", "C", "D"])
    fig, ax = plt.subplots()
    assert draw_critical_difference(ax, d) is ax
    texts = " ".join(t.get_text() for t in ax.texts)
    for name in "ABCD":
        assert f"{name} (" in texts
    assert "CD = 1.25" in texts
    plt.close(fig)


# --------------------------------------------------------------------------------------------
# pool dependence of mean-rank post-hoc tests, and pairwise Wilcoxon with Holm (issue 20, point 3)


def course_table():
    """The notebook 08 table: 14 data sets × 6 classifiers (data/many_datasets_accuracies.csv)."""
    import csv

    from evalkit.datasets import data_file

    with data_file("many_datasets_accuracies.csv").open() as fh:
        fh.readline()  # the command line that made the file
        rows = list(csv.DictReader(fh))
    names = list(rows[0])[4:]
    return names, np.array([[float(r[n]) for n in names] for r in rows])


def nemenyi_verdict(scores, names, pool, first, second, alpha=0.05):
    cols = [names.index(n) for n in pool]
    result = nemenyi(scores[:, cols], alpha)
    i, j = pool.index(first), pool.index(second)
    return bool(result.significant[i, j]), abs(result.rank_differences[i, j]), result


def test_nemenyi_verdict_on_a_pair_depends_on_which_other_classifier_is_dropped():
    """Benavoli, Corani & Mangili (2016) with the course's data: the same k, the same CD."""
    names, scores = course_table()
    without_svm = ["logistic", "knn5", "naive_bayes", "tree", "forest"]
    without_tree = ["logistic", "knn5", "naive_bayes", "forest", "svm_rbf"]
    sig_a, gap_a, res_a = nemenyi_verdict(scores, names, without_svm, "forest", "naive_bayes")
    sig_b, gap_b, res_b = nemenyi_verdict(scores, names, without_tree, "forest", "naive_bayes")
    assert res_a.critical_difference == res_b.critical_difference  # k = 5, N = 14 in both
    assert gap_a == pytest.approx(23 / 14) and gap_b == pytest.approx(21 / 14)
    assert sig_a and not sig_b
    # all six: not significant either (gap 1.964 < CD 2.015)
    sig_all, gap_all, _ = nemenyi_verdict(scores, names, names, "forest", "naive_bayes")
    assert not sig_all and gap_all == pytest.approx(27.5 / 14)
    # the Wilcoxon test of the pair uses only its two columns: the same p in every pool
    ps = {
        tuple(pool): pairwise_wilcoxon(scores[:, [names.index(n) for n in pool]], pool)
        for pool in (without_svm, without_tree, names)
    }
    raw = {
        pool: r.pvalues[
            r.pairs.index(tuple(sorted((pool.index("naive_bayes"), pool.index("forest")))))
        ]
        for pool, r in ps.items()
    }
    assert len(set(raw.values())) == 1


def test_adding_a_classifier_moves_the_mean_rank_statistic_of_a_fixed_pair():
    """Constructed: A beats B on every data set; a third classifier C placed between them on
    half of the data sets widens the rank gap of A and B from 1 to 1.5 without touching A or B."""
    a = np.array([0.90, 0.80, 0.85, 0.70, 0.95, 0.88])
    b = a - 0.02
    c_between = np.where(np.arange(6) % 2 == 0, a - 0.01, b - 0.05)
    two = nemenyi(np.c_[a, b])
    three = nemenyi(np.c_[a, b, c_between])
    assert two.rank_differences[0, 1] == pytest.approx(-1.0)
    assert three.rank_differences[0, 1] == pytest.approx(-1.5)
    w2 = pairwise_wilcoxon(np.c_[a, b])
    w3 = pairwise_wilcoxon(np.c_[a, b, c_between])
    assert w2.pvalues[0] == w3.pvalues[0] and w2.statistics[0] == w3.statistics[0]


@pytest.mark.parametrize("zero_method", ["zsplit", "pratt", "wilcox"])
def test_pairwise_wilcoxon_matches_scipy_and_holm(zero_method):
    names, scores = course_table()
    r = pairwise_wilcoxon(scores, names, alpha=0.05, zero_method=zero_method)
    assert r.pairs == list(itertools.combinations(range(6), 2))
    assert r.names == names and r.zero_method == zero_method
    asymptotic = pairwise_wilcoxon(scores, names, zero_method=zero_method, method="asymptotic")
    for k, (i, j) in enumerate(r.pairs):
        # rounded: evalkit counts |d| equal within a factor 1 + 1e-7 as ties, scipy only exact
        # equality; rounding to 10 decimals makes the accuracies' float noise exact ties
        d = np.round(scores[:, i] - scores[:, j], 10)
        ref = stats.wilcoxon(d, zero_method=zero_method, method="asymptotic").pvalue
        assert asymptotic.pvalues[k] == pytest.approx(ref, rel=1e-9), (i, j)
        if zero_method != "wilcox":  # with "wilcox" evalkit's auto rule counts nonzero only
            ref = stats.wilcoxon(d, zero_method=zero_method).pvalue
            assert r.pvalues[k] == pytest.approx(ref, rel=1e-9, abs=1e-12), (i, j)
    adjusted, reject = _holm_reference(r.pvalues.tolist(), 0.05)
    np.testing.assert_allclose(r.adjusted, adjusted, rtol=1e-12)
    np.testing.assert_array_equal(r.reject, reject)
    m = r.adjusted_matrix()
    assert m.shape == (6, 6) and np.allclose(m, m.T) and np.all(np.diag(m) == 1.0)
    assert m[0, 4] == r.adjusted[r.pairs.index((0, 4))]
    text = str(r)
    assert "forest vs svm_rbf" in text and "Holm" in text


def test_pairwise_wilcoxon_on_the_course_table_rejects_nothing_after_holm():
    names, scores = course_table()
    r = pairwise_wilcoxon(scores, names)
    assert not r.reject.any()
    assert r.pvalues.min() < 0.01  # several pairs look significant one at a time


def test_pairwise_wilcoxon_bad_input():
    table = [[0.9, 0.8], [0.7, 0.6], [0.8, 0.75]]
    with pytest.raises(ValueError, match="zero_method must be one of 'zsplit', 'pratt', 'wilcox'"):
        pairwise_wilcoxon(table, zero_method="drop")
    with pytest.raises(ValueError, match="method must be one of 'auto', 'exact', 'asymptotic'"):
        pairwise_wilcoxon(table, method="permutation")
    with pytest.raises(ValueError, match=r"names must have one entry per classifier \(2\)"):
        pairwise_wilcoxon(table, names=["a"])
    with pytest.raises(ValueError, match="alpha must be"):
        pairwise_wilcoxon(table, alpha=1.5)
    with pytest.raises(ValueError, match="scores must be 2-D"):
        pairwise_wilcoxon([0.9, 0.8])


# --------------------------------------------------------------------------------------------
# bad inputs


@pytest.mark.parametrize("func", [average_ranks, friedman, nemenyi, critical_difference_diagram])
@pytest.mark.parametrize(
    ("bad", "error", "match"),
    [
        ([0.9, 0.8, 0.7], ValueError, "scores must be 2-D"),
        ([[0.9, 0.8]], ValueError, "scores needs at least 2 data sets"),
        ([[0.9], [0.8]], ValueError, "scores needs at least 2 data sets"),
        ([[0.9, np.nan], [0.8, 0.7]], ValueError, "scores must be finite"),
        ([["a", "b"], ["c", "d"]], TypeError, "scores must be a 2-D array of numbers"),
        ("scores", TypeError, "scores must be a 2-D array"),
        ([[True, False], [False, True]], TypeError, "scores must be a 2-D array of numbers"),
        ([[0.9, 0.8], [0.7]], ValueError, "scores must be a rectangular"),
    ],
)
def test_bad_scores(func, bad, error, match):
    with pytest.raises(error, match=match):
        func(bad)


@pytest.mark.parametrize(
    ("alpha", "error"), [(0, ValueError), (1, ValueError), (5, ValueError), ("0.05", TypeError)]
)
def test_bad_alpha(alpha, error):
    table = [[0.9, 0.8], [0.7, 0.6]]
    for call in (
        lambda: nemenyi(table, alpha),
        lambda: critical_value(3, alpha),
        lambda: holm([0.1], alpha),
        lambda: bonferroni([0.1], alpha),
        lambda: critical_difference_diagram(table, alpha=alpha),
    ):
        with pytest.raises(error, match="alpha must be"):
            call()


@pytest.mark.parametrize("func", [holm, bonferroni])
@pytest.mark.parametrize(
    ("bad", "error", "match"),
    [
        ([], ValueError, "pvalues must not be empty"),
        ([0.1, 1.2], ValueError, r"pvalues must be probabilities in \[0, 1\]"),
        ([0.1, np.nan], ValueError, "pvalues must be probabilities"),
        ([[0.1, 0.2]], ValueError, "pvalues must be a 1-D array"),
        ("0.1", TypeError, "pvalues must be an array"),
        ([True, False], TypeError, "pvalues must be an array"),
    ],
)
def test_bad_pvalues(func, bad, error, match):
    with pytest.raises(error, match=match):
        func(bad)


def test_bad_critical_value_arguments():
    with pytest.raises(ValueError, match="n_classifiers must be a whole number ≥ 2"):
        critical_value(1)
    # a whole float is a count, as everywhere in evalkit; a fraction or text is not
    assert critical_value(3.0) == critical_value(3)
    with pytest.raises(ValueError, match=r"n_classifiers must be a whole number \(a count\) ≥ 2"):
        critical_value(3.5)
    with pytest.raises(TypeError, match="n_classifiers must be a number"):
        critical_value("3")
    with pytest.raises(ValueError, match="method must be one of 'nemenyi', 'bonferroni-dunn'"):
        critical_value(3, 0.05, "tukey")


def test_bad_names_and_tie_correction():
    table = [[0.9, 0.8], [0.7, 0.6]]
    with pytest.raises(ValueError, match=r"names must have one entry per classifier \(2\)"):
        critical_difference_diagram(table, names=["a"])
    with pytest.raises(TypeError, match="names must be a sequence"):
        critical_difference_diagram(table, names="ab")
    with pytest.raises(TypeError, match="tie_correction must be True or False"):
        friedman(table, tie_correction="yes")


# --------------------------------------------------------------------------------------------
# positional slips (issue 44): the message names the argument that is wrong and what to pass

SCORES3 = [[0.9, 0.8, 0.7], [0.8, 0.7, 0.75], [0.95, 0.9, 0.85], [0.7, 0.6, 0.65]]


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        # used to fail inside the name check with "'float' object is not iterable"
        (
            lambda: pairwise_wilcoxon(SCORES3, 0.05),
            TypeError,
            r"^names must be a sequence of 3 strings; got 0\.05 .*alpha=",
        ),
        (
            lambda: critical_difference_diagram(SCORES3, 0.1),
            TypeError,
            r"^names must be a sequence of 3 strings; got 0\.1 .*alpha=",
        ),
        (
            lambda: nemenyi(SCORES3, ["A", "B", "C"]),
            TypeError,
            r"^alpha must be a number .*names=",
        ),
    ],
)
def test_positional_slips_blame_the_argument_that_is_wrong(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_no_import_circle_between_paired_multiple_and_adjust():
    """Issue 45: adjust sits below paired, paired below multiple; no evalkit import hides in a
    function body."""
    import ast
    import pathlib

    from evalkit import adjust, paired

    def evalkit_imports(module):
        tree = ast.parse(pathlib.Path(module.__file__).read_text(encoding="utf-8"))
        top, hidden = set(), set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("evalkit"):
                (top if node in tree.body else hidden).add(node.module)
        return top, hidden

    for module, forbidden in (
        (adjust, {"evalkit.paired", "evalkit.multiple"}),
        (paired, {"evalkit.multiple"}),
        (multiple, set()),
    ):
        top, hidden = evalkit_imports(module)
        assert not hidden, f"{module.__name__} imports {hidden} inside a function"
        assert not top & forbidden, f"{module.__name__} imports {top & forbidden} (points up)"
    assert multiple.holm is adjust.holm and multiple.bonferroni is adjust.bonferroni
    assert multiple.AdjustedPvalues is adjust.AdjustedPvalues


def test_result_classes_have_a_short_repr_and_an_html_table():
    """Issue 44: one short line each, and a small HTML table in Jupyter; str unchanged."""
    rng = np.random.default_rng(8)
    scores = rng.random((30, 7))
    names = [f"clf{j}" for j in range(7)]
    results = [
        friedman(scores),
        nemenyi(scores),
        holm(rng.random(21)),
        bonferroni([0.01, 0.2]),
        pairwise_wilcoxon(scores, names=names),
        critical_difference_diagram(scores, names=names),
    ]
    for r in results:
        text = repr(r)
        assert text.startswith(type(r).__name__ + "(") and "\n" not in text, text
        assert len(text) < 400, text
        assert "[[" not in text  # no matrix printed (ranks, rank differences …)
        page = r._repr_html_()
        assert page.startswith('<table class="evalkit-result"><caption>')
    wilcoxon_page = results[4]._repr_html_()
    assert "clf0 vs clf1</th>" in wilcoxon_page and "Holm" in wilcoxon_page
    assert str(results[0]).startswith("Friedman test with the Iman-Davenport F: chi2_F = ")
    assert str(results[4]).splitlines()[0].endswith("(zero_method='zsplit', α = 0.05):")
