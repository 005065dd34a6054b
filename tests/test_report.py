"""Tests of evalkit.report: every number equals the owning module's, the rules, the sentences."""

from __future__ import annotations

import inspect
import json
import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from evalkit import independent, intervals, metrics, paired, roc
from evalkit.report import (
    AUC_METHOD,
    BOSCHLOO_MAX_OUTCOMES,
    FEW_DISCORDANT,
    MCNEMAR_REASONS,
    ClassifierReport,
    Comparison,
    compare_classifiers,
    compare_test_sets,
    describe_classifier,
    paired_accuracy_difference,
)


def make_pair(both_right, only_a, only_b, both_wrong, *, positive_share=0.5, seed=0):
    """Labels and two predictions whose agreement table is exactly the given counts."""
    rng = np.random.default_rng(seed)
    n = both_right + only_a + only_b + both_wrong
    y = (rng.random(n) < positive_share).astype(int)
    right_a = np.array([True] * both_right + [True] * only_a + [False] * (only_b + both_wrong))
    right_b = np.array(
        [True] * both_right + [False] * only_a + [True] * only_b + [False] * both_wrong
    )
    order = rng.permutation(n)
    right_a, right_b = right_a[order], right_b[order]
    pred_a = np.where(right_a, y, 1 - y)
    pred_b = np.where(right_b, y, 1 - y)
    return y, pred_a, pred_b


@pytest.fixture(scope="module")
def scored():
    """A binary test set with scores for both classifiers (continuous, no ties)."""
    rng = np.random.default_rng(10)
    n = 300
    y = (rng.random(n) < 0.4).astype(int)
    scores_a = y * 1.5 + rng.normal(size=n)
    scores_b = y * 1.0 + rng.normal(size=n)
    return y, (scores_a > 0.75).astype(int), (scores_b > 0.5).astype(int), scores_a, scores_b


@pytest.fixture(scope="module")
def comparison(scored):
    y, pa, pb, sa, sb = scored
    return compare_classifiers(
        y, pa, pb, y_score_a=sa, y_score_b=sb, names=("first", "second"), cost=[[0, 1], [10, 0]]
    )


# ---------------------------------------------------------------------------------------------
# every number equals a direct call of the module that owns it


def test_accuracy_intervals_equal_the_intervals_module(scored, comparison):
    y, pa, pb, *_ = scored
    for pred, rep in ((pa, comparison.a), (pb, comparison.b)):
        correct = int(np.sum(pred == y))
        assert rep.correct == correct and rep.size == y.size
        assert rep.accuracy == metrics.accuracy(metrics.confusion_matrix(y, pred))
        assert rep.clopper_pearson == intervals.clopper_pearson(correct, y.size, 0.95)
        assert rep.wilson == intervals.wilson(correct, y.size, 0.95)
        assert rep.trials_needed == intervals.trials_for_halfwidth(0.05, rep.accuracy, 0.95)


def test_per_class_measures_and_cost_equal_the_metrics_module(scored, comparison):
    y, pa, pb, *_ = scored
    cost = [[0, 1], [10, 0]]
    for pred, rep in ((pa, comparison.a), (pb, comparison.b)):
        conf = metrics.confusion_matrix(y, pred, labels=[0, 1])
        np.testing.assert_array_equal(rep.confusion, conf)
        np.testing.assert_array_equal(rep.recall, metrics.recall(conf))
        np.testing.assert_array_equal(rep.precision, metrics.precision(conf))
        np.testing.assert_array_equal(rep.f1, metrics.f_measure(conf))
        assert rep.total_cost == metrics.expected_cost(conf, cost)
        assert rep.cost == metrics.expected_cost(conf, cost, average=True)


def test_paired_tests_equal_the_paired_module(scored, comparison):
    y, pa, pb, *_ = scored
    table = paired.agreement_table(pa == y, pb == y)
    np.testing.assert_array_equal(comparison.agreement, table)
    (a, b), (c, _) = table.tolist()
    n = y.size
    assert comparison.mcnemar == paired.mcnemar(b, c, "mid-p")
    guenter = paired.paired_test((a + b) / n, (a + c) / n, a / n, n, alternative="two-sided")
    assert comparison.guenter == guenter
    assert comparison.difference == paired.difference_interval(table, "newcombe", 0.95)
    assert comparison.difference == paired_accuracy_difference(table, 0.95)  # the old name
    assert comparison.difference.estimate == pytest.approx(
        comparison.a.accuracy - comparison.b.accuracy, abs=1e-15
    )


def test_auc_interval_is_on_the_logit_scale_near_one_and_zero():
    assert AUC_METHOD == "delong-logit"
    rng = np.random.default_rng(3)
    y = np.r_[np.ones(50, dtype=int), np.zeros(50, dtype=int)]
    separated = np.r_[rng.normal(3, 1, 50), rng.normal(0, 1, 50)]  # AUC ≈ 0.99
    r = describe_classifier(y, (separated > 1.5).astype(int), y_score=separated)
    assert r.auc.estimate >= 0.9
    assert r.auc == roc.auc_interval(y == 1, separated, method="delong-logit")
    plain = roc.auc_interval(y == 1, separated, method="delong")
    assert plain.high == 1.0 and r.auc.high < 1.0  # the plain form is clipped, the logit is not
    assert "DeLong, on the logit scale)." in r.auc_sentence()
    # the reversed score: AUC ≈ 0.01, near 0
    r = describe_classifier(y, (separated > 1.5).astype(int), y_score=-separated)
    assert r.auc == roc.auc_interval(y == 1, -separated, method="delong-logit")
    assert r.auc.low > 0.0  # the logit interval stays inside (0, 1)
    # a perfect separation: AUC = 1 still has an interval (van Dantzig's bound), not 1 to 1
    r = describe_classifier(y, y, y_score=y + rng.uniform(0, 0.5, 100))
    assert r.auc.estimate == 1.0 and r.auc.low < 1.0


def test_roc_numbers_equal_the_roc_module(scored, comparison):
    y, _, _, sa, sb = scored
    for s, rep in ((sa, comparison.a), (sb, comparison.b)):
        assert rep.auc.estimate < 0.9  # away from the bounds, too, the logit interval (the atlas)
        assert rep.auc == roc.auc_interval(y, s, method="delong-logit", confidence=0.95)
        curve = roc.roc_curve(y, s)
        np.testing.assert_array_equal(rep.roc_curve.fpr, curve.fpr)
        np.testing.assert_array_equal(rep.roc_curve.tpr, curve.tpr)
        assert rep.auc.estimate == pytest.approx(roc.auc(y, s), abs=1e-12)
    assert comparison.delong == roc.delong_test(y, sa, sb, confidence=0.95)


def test_confidence_level_reaches_every_interval(scored):
    y, pa, pb, sa, sb = scored
    c = compare_classifiers(y, pa, pb, y_score_a=sa, y_score_b=sb, confidence=0.9)
    assert c.a.clopper_pearson == intervals.clopper_pearson(c.a.correct, y.size, 0.9)
    assert c.b.wilson == intervals.wilson(c.b.correct, y.size, 0.9)
    assert c.difference.confidence == 0.9
    assert c.a.auc == roc.auc_interval(y, sa, method="delong-logit", confidence=0.9)
    assert c.delong == roc.delong_test(y, sa, sb, confidence=0.9)
    assert "90 % confidence" in c.summary()


def test_describe_classifier_equals_the_modules(scored):
    y, pa, _, sa, _ = scored
    r = describe_classifier(y, pa, sa, name="M")
    assert isinstance(r, ClassifierReport)
    assert r.clopper_pearson == intervals.clopper_pearson(int(np.sum(pa == y)), y.size)
    assert r.auc == roc.auc_interval(y, sa, method="delong-logit")
    np.testing.assert_array_equal(r.recall, metrics.recall(metrics.confusion_matrix(y, pa)))
    assert r.summary().startswith("Evaluation of M on 300 test items")


def test_string_labels_and_positive_class():
    y = np.array(["cat", "dog"] * 30)
    rng = np.random.default_rng(1)
    scores = (y == "cat") + rng.normal(size=60)
    pred = np.where(scores > 0.5, "cat", "dog")
    r = describe_classifier(y, pred, scores, pos_label="cat")
    assert r.positive == "cat"
    assert r.auc == roc.auc_interval(y == "cat", scores, method="delong-logit")
    assert r.classes == ("cat", "dog")
    # default positive: the last class in sorted order
    r2 = describe_classifier(y, pred, -scores)
    assert r2.positive == "dog"
    assert r2.auc.estimate == pytest.approx(r.auc.estimate)


def test_multiclass_without_scores():
    y = np.array([0, 1, 2] * 20)
    pred_a = y.copy()
    pred_a[:6] = (pred_a[:6] + 1) % 3
    pred_b = y.copy()
    pred_b[:15] = (pred_b[:15] + 2) % 3
    c = compare_classifiers(y, pred_a, pred_b)
    assert c.a.confusion.shape == (3, 3)
    np.testing.assert_array_equal(
        c.b.recall, metrics.recall(metrics.confusion_matrix(y, pred_b, labels=[0, 1, 2]))
    )
    assert c.delong is None and c.a.roc_curve is None
    assert "class 2:" in c.summary()


# ---------------------------------------------------------------------------------------------
# Newcombe's paired interval (the one formula of report.py)


def test_newcombe_matches_published_example():
    # Fagerland, Lydersen & Laake (2014, 2017): Cavo et al. (2012), table [[59, 6], [16, 80]];
    # Newcombe square-and-add interval: estimate −0.0621, 95 % CI −0.1186 to −0.0046.
    ci = paired_accuracy_difference([[59, 6], [16, 80]])
    assert round(ci.estimate, 4) == -0.0621
    assert round(ci.low, 4) == -0.1186
    assert round(ci.high, 4) == -0.0046
    assert ci.method == "newcombe-paired"


def _newcombe_direct(a, b, c, d, confidence=0.95):
    """Independent route: Wilson limits from scipy.stats.binomtest, ψ written out again."""
    n = a + b + c + d
    p1, p2 = (a + b) / n, (a + c) / n
    w1 = stats.binomtest(a + b, n).proportion_ci(confidence, method="wilson")
    w2 = stats.binomtest(a + c, n).proportion_ci(confidence, method="wilson")
    denom = (a + b) * (c + d) * (a + c) * (b + d)
    cross = a * d - b * c
    if denom == 0:
        psi = 0.0
    else:
        adj = cross - n / 2 if cross > n / 2 else (cross if cross < 0 else 0.0)
        psi = adj / math.sqrt(denom)
    dl1, du2 = p1 - w1.low, w2.high - p2
    dl2, du1 = p2 - w2.low, w1.high - p1
    low = p1 - p2 - math.sqrt(max(dl1**2 + du2**2 - 2 * psi * dl1 * du2, 0))
    high = p1 - p2 + math.sqrt(max(dl2**2 + du1**2 - 2 * psi * dl2 * du1, 0))
    return max(low, -1), min(high, 1)


@pytest.mark.parametrize(
    "table",
    [
        (59, 6, 16, 80),
        (1, 1, 7, 12),
        (0, 0, 0, 5),
        (5, 0, 0, 0),
        (0, 3, 0, 0),
        (10, 0, 10, 0),
        (265, 11, 3, 6),
        (100, 40, 20, 40),
        (0, 10, 10, 0),
        (1000, 3, 2, 10),
    ],
)
def test_newcombe_agrees_with_direct_computation(table):
    a, b, c, d = table
    ci = paired_accuracy_difference([[a, b], [c, d]], 0.95)
    low, high = _newcombe_direct(a, b, c, d)
    assert ci.low == pytest.approx(low, abs=1e-9)
    assert ci.high == pytest.approx(high, abs=1e-9)
    assert ci.low <= ci.estimate <= ci.high


def test_newcombe_approaches_the_paired_wald_interval_for_large_n():
    # For large counts every sensible interval tends to D ± z·√((b + c) − (b − c)²/n)/n.
    a, b, c, d = 400_000, 60_000, 40_000, 500_000
    n = a + b + c + d
    diff = (b - c) / n
    half = stats.norm.ppf(0.975) * math.sqrt((b + c) - (b - c) ** 2 / n) / n
    ci = paired_accuracy_difference([[a, b], [c, d]])
    assert ci.low == pytest.approx(diff - half, abs=2e-4)
    assert ci.high == pytest.approx(diff + half, abs=2e-4)


@pytest.mark.parametrize("probs", [(0.70, 0.10, 0.05, 0.15), (0.85, 0.05, 0.05, 0.05)])
def test_newcombe_coverage_by_simulation(probs):
    # Newcombe (1998) reports coverage close to the nominal 95 % for method 10.
    rng = np.random.default_rng(10)
    n, reps = 80, 3000
    true_diff = probs[1] - probs[2]
    tables = rng.multinomial(n, probs, size=reps)
    hits = 0
    for a, b, c, d in tables:
        ci = paired_accuracy_difference([[a, b], [c, d]])
        hits += ci.low <= true_diff <= ci.high
    assert 0.925 <= hits / reps <= 0.975


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 60), min_size=4, max_size=4).filter(lambda t: sum(t) > 0))
def test_newcombe_properties(counts):
    a, b, c, d = counts
    ci = paired_accuracy_difference([[a, b], [c, d]])
    assert -1 <= ci.low <= ci.estimate <= ci.high <= 1
    swapped = paired_accuracy_difference([[a, c], [b, d]])  # exchange the two classifiers
    assert swapped.low == pytest.approx(-ci.high, abs=1e-12)
    assert swapped.high == pytest.approx(-ci.low, abs=1e-12)
    wider = paired_accuracy_difference([[a, b], [c, d]], 0.99)
    assert wider.low <= ci.low + 1e-12 and wider.high >= ci.high - 1e-12


def test_newcombe_bad_input():
    with pytest.raises(ValueError, match="table must be the 2×2"):
        paired_accuracy_difference([1, 2, 3, 4])
    with pytest.raises(ValueError, match="table"):
        paired_accuracy_difference([[1, -2], [3, 4]])
    with pytest.raises(ValueError, match="table must count at least one"):
        paired_accuracy_difference([[0, 0], [0, 0]])
    with pytest.raises(ValueError, match="confidence"):
        paired_accuracy_difference([[1, 2], [3, 4]], 95)


# ---------------------------------------------------------------------------------------------
# the McNemar rule and the sentences


def test_mcnemar_is_mid_p_by_default_and_says_why():
    y, pa, pb = make_pair(200, 30, 12, 20)
    c = compare_classifiers(y, pa, pb)
    assert c.mcnemar == paired.mcnemar(30, 12, "mid-p")
    assert c.mcnemar.statistic_name == "b"
    text = c.summary()
    assert "the mid-p form is reported because it keeps close to the nominal level" in text
    assert "(Fagerland, Lydersen & Laake 2013; notebook 04)" in text
    assert c.to_dict()["mcnemar_reason"] == MCNEMAR_REASONS["mid-p"]


@pytest.mark.parametrize("method", ["exact", "asymptotic", "corrected"])
def test_other_mcnemar_forms_on_request(method):
    y, pa, pb = make_pair(200, 30, 12, 20)
    c = compare_classifiers(y, pa, pb, mcnemar_method=method)
    assert c.mcnemar == paired.mcnemar(30, 12, method)
    assert c.mcnemar_reason == MCNEMAR_REASONS[method]
    assert MCNEMAR_REASONS[method] in c.summary()
    if method != "exact":
        assert f"χ² = {c.mcnemar.statistic:.2f}" in c.summary()


@pytest.mark.parametrize("bad", ["mid_p", "chi2", "", True])
def test_mcnemar_method_must_be_one_of_the_four(bad):
    y, pa, pb = make_pair(20, 3, 2, 5)
    with pytest.raises((ValueError, TypeError), match="mcnemar_method"):
        compare_classifiers(y, pa, pb, mcnemar_method=bad)


@pytest.mark.parametrize("discordant", [FEW_DISCORDANT - 1, FEW_DISCORDANT])
def test_few_discordant_items_warning(discordant):
    only_a = discordant // 2 + 3
    y, pa, pb = make_pair(200, only_a, discordant - only_a, 20)
    c = compare_classifiers(y, pa, pb)
    assert c.discordant == discordant
    warned = any(w.startswith(f"Only {discordant} test items are discordant") for w in c.warnings)
    assert warned == (discordant < FEW_DISCORDANT)


def test_summary_sentences_and_rounding():
    y, pa, pb = make_pair(150, 2, 12, 16)
    c = compare_classifiers(y, pa, pb, names=("old", "new"))
    d = c.difference
    text = c.summary()
    assert text.splitlines()[0] == (
        "Comparison of old and new on the same 180 test items (95 % confidence)."
    )
    assert (
        f"new is more accurate than old by {100 * abs(d.estimate):.1f} points "
        f"(95 % CI {-100 * d.high:.1f} to {-100 * d.low:.1f} points, Newcombe's paired score "
        "interval; the interval excludes 0)."
    ) in text
    assert f"p = {c.mcnemar.pvalue:.3f} (two-sided)" in text
    assert (
        "The classifiers agree on 166 items (both right 150, both wrong 16) and disagree on 14: "
        "only old right on 2, only new right on 12."
    ) in text
    assert f"old: {100 * c.a.accuracy:.1f} % correct (152 of 180;" in text
    # Günter's two-sided test is liberal (issue 43, point 10): not in the text nor the HTML
    assert "Günter" not in text and "Günter" not in c._repr_html_()


def test_summary_says_when_the_interval_includes_zero():
    y, pa, pb = make_pair(100, 5, 4, 11)
    text = compare_classifiers(y, pa, pb).summary()
    assert "A is more accurate than B by 0.8 points" in text
    assert "the interval includes 0, so the test set cannot tell which is more accurate" in text
    assert "p = 0.75 (two-sided)" in text  # mid-p: 2·P(B ≤ 4) − P(B = 4), B ~ Bin(9, 1/2)


def test_summary_notes_borderline_evidence():
    # 15 against 6 discordant items: the Newcombe interval excludes 0, McNemar's mid-p = 0.0525
    y, pa, pb = make_pair(20, 15, 6, 3)
    c = compare_classifiers(y, pa, pb)
    assert c.difference.low > 0 and c.mcnemar.pvalue > 0.05
    assert c.borderline_sentence() in c.summary()
    assert c.borderline_sentence().startswith(
        "The interval excludes 0 but McNemar's test does not reach p < 0.05"
    )
    y, pa, pb = make_pair(200, 30, 10, 20)
    assert compare_classifiers(y, pa, pb).borderline_sentence() is None


def test_small_pvalues_are_written_as_a_bound():
    y, pa, pb = make_pair(100, 30, 0, 10)
    text = compare_classifiers(y, pa, pb).summary()
    assert "p < 0.001 (two-sided)" in text


def test_warning_one_discordant_item():
    y, pa, pb = make_pair(50, 1, 0, 10)
    c = compare_classifiers(y, pa, pb)
    assert c.warnings[0].startswith(
        "Only 1 test item is discordant (b + c = 1 < 25): the comparison rests on these items"
    )
    assert c.mcnemar.pvalue == 0.5  # mid-p: 2·(1/2) − 1/2; the exact test would give 1


def test_warning_no_discordant_items():
    y, pa, _ = make_pair(50, 0, 0, 10)
    c = compare_classifiers(y, pa, pa.copy())
    assert c.discordant == 0
    assert c.mcnemar.pvalue == 1.0
    assert any("right and wrong on exactly the same test items" in w for w in c.warnings)


def test_warning_heavy_imbalance():
    y = np.array([0] * 90 + [1] * 10)
    pa = np.zeros(100, dtype=int)  # always the majority class
    pb = y.copy()
    pb[:20] = 1 - pb[:20]
    c = compare_classifiers(y, pa, pb)
    expected = (
        "Heavy class imbalance: 90.0 % of the test items belong to class 0, so always predicting "
        "that class already scores 90.0 % accuracy. Accuracy is misleading here"
    )
    assert any(w.startswith(expected) for w in c.warnings)
    assert expected in c.summary()
    # a class never predicted has an undefined precision, shown as "–" and stored as NaN
    assert math.isnan(c.a.precision[1])
    assert "class 1: 0.00 / – / 0.00" in c.summary()


def test_no_imbalance_warning_below_the_threshold():
    y = np.array([0] * 79 + [1] * 21)
    c = compare_classifiers(y, y.copy(), 1 - y)
    assert not any("imbalance" in w for w in c.warnings)


def test_note_test_set_too_small_names_the_default_target():
    y, pa, pb = make_pair(30, 5, 3, 2)
    c = compare_classifiers(y, pa, pb)
    needed = max(
        intervals.trials_for_halfwidth(0.05, c.a.accuracy),
        intervals.trials_for_halfwidth(0.05, c.b.accuracy),
    )
    half_a = (c.a.clopper_pearson.high - c.a.clopper_pearson.low) / 2
    assert not any("Precision" in w or "too small" in w for w in c.warnings)  # information only
    (sentence,) = c.notes
    assert sentence.startswith("Precision: with 40 items the 95 % Clopper–Pearson intervals")
    assert f"±{100 * half_a:.1f} points (A)" in sentence
    assert "±5.0 points (the report's default target, halfwidth=0.05" in sentence
    assert f"would need about {needed} test items" in sentence
    assert "Notes:\n- Precision: with 40 items" in c.summary()
    assert c.to_dict()["notes"] == [sentence]
    assert "<b>Notes</b>" in c._repr_html_()
    # a target the user states is named as theirs, even when it equals the default
    own = compare_classifiers(y, pa, pb, halfwidth=0.05)
    assert "(the halfwidth you asked for)" in own.notes[0]
    # a looser precision needs no note
    assert compare_classifiers(y, pa, pb, halfwidth=0.2).notes == ()


def test_no_size_note_for_a_large_test_set():
    y, pa, pb = make_pair(900, 40, 30, 30)
    assert compare_classifiers(y, pa, pb).notes == ()


def test_warning_ties_in_scores(scored):
    y, pa, pb, sa, sb = scored
    votes = np.round(sb * 2) / 2  # a coarse score with many ties
    c = compare_classifiers(y, pa, pb, y_score_a=sa, y_score_b=votes)
    _, counts = np.unique(votes, return_counts=True)
    tied = int(counts[counts > 1].sum())
    # the share of positive–negative pairs with equal scores, by brute force over all pairs
    pos, neg = votes[y == 1], votes[y == 0]
    share = float(np.mean(pos[:, None] == neg[None, :]))
    expected = (
        f"Ties in the scores of B: {tied} of 300 test items share their score with another item "
        f"({counts.size} distinct scores), and {100 * share:.1f} % of the positive–negative "
        f"pairs are tied, which the AUC counts as one half: breaking those ties one way or the "
        f"other would move the AUC by up to ±{share / 2:.3f}."
    )
    assert any(w.startswith(expected) for w in c.warnings)
    assert not any("scores of A" in w for w in c.warnings)  # continuous scores: no ties
    assert expected in c.summary()
    # the AUC does move by that much: all ties broken for the positives, then for the negatives
    rng = np.random.default_rng(0)
    jitter = rng.uniform(0, 1e-6, votes.size)
    up = roc.auc(y == 1, votes + np.where(y == 1, 1e-3, 0) + jitter * 1e-3)
    down = roc.auc(y == 1, votes - np.where(y == 1, 1e-3, 0) + jitter * 1e-3)
    base = roc.auc(y == 1, votes)
    assert up - base == pytest.approx(share / 2, abs=1e-12)
    assert base - down == pytest.approx(share / 2, abs=1e-12)


def test_ties_within_one_class_do_not_warn():
    # 37 distinct scores among 40 items, the ties only among negatives: the AUC is unaffected
    y = np.array([0] * 20 + [1] * 20)
    scores = np.r_[np.repeat([0.1, 0.2], 2), np.linspace(0.21, 0.4, 16), np.linspace(0.5, 0.9, 20)]
    scores[4] = scores[5]  # a third tie, still among negatives
    assert np.unique(scores).size == 37
    r = describe_classifier(y, (scores > 0.45).astype(int), y_score=scores)
    assert not any(w.startswith("Ties") for w in r.warnings)
    # one tie between a positive and a negative among 400 pairs (0.25 %) is still no warning
    scores[20] = scores[19]
    r = describe_classifier(y, (scores > 0.45).astype(int), y_score=scores)
    assert not any(w.startswith("Ties") for w in r.warnings)


def test_describe_classifier_warnings():
    y = np.array([0] * 45 + [1] * 5)
    r = describe_classifier(y, np.zeros(50, dtype=int), y_score=np.r_[np.zeros(45), np.ones(5)])
    text = r.summary()
    assert "Heavy class imbalance: 90.0 %" in text
    assert "Precision: with 50 items" in text
    assert not any(w.startswith("Ties") for w in r.warnings)  # ties only within each class
    r = describe_classifier(y, np.zeros(50, dtype=int), y_score=np.zeros(50))
    assert "Ties in the scores of classifier: 50 of 50 test items" in r.summary()


# ---------------------------------------------------------------------------------------------
# the outputs: dict, HTML, figure


def test_to_dict_is_json_serializable(comparison):
    d = comparison.to_dict()
    text = json.dumps(d)
    back = json.loads(text)
    assert back["names"] == ["first", "second"]
    assert back["agreement"] == comparison.agreement.tolist()
    assert back["mcnemar"]["pvalue"] == comparison.mcnemar.pvalue
    assert back["difference"]["low"] == comparison.difference.low
    assert back["a"]["auc"]["std_error"] == comparison.a.auc.std_error
    assert back["delong"]["details"]["auc1"] == comparison.delong.details["auc1"]
    assert back["summary"] == comparison.summary()


def test_to_dict_turns_nan_into_none():
    y = np.array([0] * 90 + [1] * 10)
    c = compare_classifiers(y, np.zeros(100, dtype=int), y.copy())
    d = json.loads(json.dumps(c.to_dict(), allow_nan=False))
    assert d["a"]["precision"][1] is None
    assert d["delong"] is None
    r = describe_classifier(y, y.copy(), name="perfect")
    assert json.loads(json.dumps(r.to_dict(), allow_nan=False))["accuracy"] == 1.0


def test_html_repr(comparison):
    page = comparison._repr_html_()
    assert page.startswith("<div>") and page.endswith("</div>")
    assert "<table>" in page and "Clopper–Pearson" in page
    assert "Warnings" not in page or "<li>" in page
    y, pa, pb = make_pair(20, 3, 1, 2)
    escaped = compare_classifiers(y, pa, pb, names=("<b>x</b>", "y & z"))._repr_html_()
    assert "<b>x</b>" not in escaped and "&lt;b&gt;x&lt;/b&gt;" in escaped
    assert "y &amp; z" in escaped
    single = describe_classifier(y, pa)._repr_html_()
    assert "classifier" in single and "<table>" in single


def test_plot_makes_one_figure(comparison):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig = comparison.plot()
    assert len(fig.axes) == 4
    assert "ROC" in fig.axes[3].get_title()
    plt.close(fig)
    y, pa, pb = make_pair(50, 6, 2, 5)
    fig = compare_classifiers(y, pa, pb).plot()
    assert fig.axes[3].get_title() == "Recall per class"
    plt.close(fig)
    fig = describe_classifier(y, pa).plot()
    assert len(fig.axes) == 3
    plt.close(fig)


def _png(fig):
    import io

    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


def test_plot_into_given_axes(comparison):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure
    from matplotlib.legend import Legend

    fig = Figure(figsize=(10, 7))
    grid = fig.subplots(2, 2)
    assert comparison.plot(axes=grid, legend_loc="center right") is fig
    default = comparison.plot()
    assert [ax.get_title() for ax in grid.flat] == [ax.get_title() for ax in default.axes]
    plt.close(default)
    assert grid[0, 0].get_legend()._loc == Legend.codes["center right"]
    assert grid[1, 1].get_legend()._loc == Legend.codes["lower right"]  # the other legends stay
    # a flat sequence of four works as well as the grid
    flat = Figure(figsize=(10, 7)).subplots(1, 4)
    comparison.plot(axes=list(flat))
    assert flat[1].get_title().startswith("Difference; McNemar p")
    # one classifier: three panels; the last is "recall" without scores
    y, pa, _ = make_pair(50, 6, 2, 5)
    row = Figure(figsize=(12, 4)).subplots(1, 3)
    describe_classifier(y, pa).plot(axes=row)
    assert [ax.get_title() for ax in row] == [
        "Accuracy with 95 % intervals",
        "Confusion matrix (counts)",
        "Recall per class",
    ]


def test_plot_draws_only_the_panels_named(comparison):
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(10, 3.6))
    left, right = fig.subplots(1, 2)
    assert comparison.plot(axes={"accuracy": left, "roc": right}) is fig
    assert left.get_title().startswith("Accuracy with 95 %")
    assert right.get_title().startswith("ROC curves")
    assert len(fig.axes) == 2
    only = Figure().subplots()
    describe_classifier(*make_pair(50, 6, 2, 5)[:2]).plot(axes={"recall": only})
    assert only.get_title() == "Recall per class" and len(only.patches) == 2


def test_plot_again_into_the_same_axes_redraws_in_place(comparison, scored):
    """A widget calls plot() on every update: the result equals a first drawing."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    y, pa, pb, sa, sb = scored
    small = compare_classifiers(y[:60], pa[:60], pb[:60], y_score_a=sa[:60], y_score_b=sb[:60],
                                names=("first", "second"))  # fmt: skip
    fresh = Figure(figsize=(10, 7))
    fresh_axes = fresh.subplots(2, 2)
    comparison.plot(axes=fresh_axes, legend_loc="center right")
    reused = Figure(figsize=(10, 7))
    reused_axes = reused.subplots(2, 2)
    small.plot(axes=reused_axes, legend_loc="center right")  # wider intervals first
    ticks = reused_axes[0, 0].xaxis.get_major_ticks()
    comparison.plot(axes=reused_axes, legend_loc="center right")
    assert reused_axes[0, 0].xaxis.get_major_ticks()[0] is ticks[0]  # kept, not rebuilt
    for new, old in zip(fresh_axes.flat, reused_axes.flat, strict=True):
        assert new.get_xlim() == old.get_xlim() and new.get_ylim() == old.get_ylim()
        assert len(new.lines) == len(old.lines) and len(new.containers) == len(old.containers)
        assert len(new.texts) == len(old.texts) and len(new.images) == len(old.images)
    assert _png(fresh) == _png(reused)
    # the recall bars of a report without scores are replaced too
    y, pa, _ = make_pair(50, 6, 2, 5)
    row = Figure(figsize=(12, 4)).subplots(1, 3)
    for _ in range(2):
        describe_classifier(y, pa).plot(axes=row)
    assert len(row[2].patches) == 2 and len(row[1].texts) == 4


def test_plot_bad_axes_and_legend_loc(comparison):
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    grid = Figure().subplots(2, 2)
    with pytest.raises(ValueError, match=r"^legend_loc must be one of 'best', .*; got 'middle'"):
        comparison.plot(legend_loc="middle")
    with pytest.raises(ValueError, match=r"^legend_loc must be one of"):
        comparison.plot(axes=grid, legend_loc=7)
    with pytest.raises(ValueError, match=r"^axes must be 4 matplotlib Axes .*got 3 item"):
        comparison.plot(axes=grid.flat[:3])
    with pytest.raises(ValueError, match=r"^axes must be 4 matplotlib Axes .*got 1 item"):
        comparison.plot(axes=grid[0, 0])
    with pytest.raises(ValueError, match=r"^axes must be 3 matplotlib Axes"):
        comparison.a.plot(axes=grid)
    with pytest.raises(TypeError, match=r"^axes must hold matplotlib Axes; got str"):
        comparison.plot(axes=["a", "b", "c", "d"])
    with pytest.raises(TypeError, match=r"^axes must hold matplotlib Axes; got int 3 for the pan"):
        comparison.plot(axes={"accuracy": 3})
    with pytest.raises(ValueError, match=r"^axes must map panel names .*got the key 'recall'"):
        comparison.plot(axes={"recall": grid[0, 0]})  # with scores the last panel is "roc"
    with pytest.raises(ValueError, match=r"^axes must name at least one of the panels"):
        comparison.plot(axes={})
    other = Figure().subplots()
    with pytest.raises(ValueError, match=r"^axes must all belong to one figure"):
        comparison.plot(axes={"accuracy": grid[0, 0], "difference": other})


def test_result_types(comparison):
    assert isinstance(comparison, Comparison)
    assert str(comparison) == comparison.summary()
    assert repr(comparison).startswith("<Comparison 'first' vs 'second' on 300 items: accuracy")
    assert f"McNemar p = {comparison.mcnemar.pvalue:.4g}" in repr(comparison)
    assert repr(comparison.a).startswith("<ClassifierReport 'first': accuracy ")
    assert "np.float64" not in repr(comparison) + repr(comparison.a)
    with pytest.raises(AttributeError):
        comparison.size = 3  # frozen


# ---------------------------------------------------------------------------------------------
# bad input


def test_bad_input_messages():
    y, pa, pb = make_pair(20, 3, 1, 2)
    with pytest.raises(ValueError, match=r"^y_true and y_pred_a must have the same length"):
        compare_classifiers(y, pa[:-1], pb)
    with pytest.raises(TypeError, match=r"^y_true and y_pred_a must use the same kind of labels"):
        compare_classifiers(y, pa.astype(str), pb)
    with pytest.raises(ValueError, match="y_true must contain at least two classes"):
        compare_classifiers(np.zeros(5), np.zeros(5), np.zeros(5))
    with pytest.raises(ValueError, match="y_true must not be empty"):
        compare_classifiers([], [], [])
    with pytest.raises(ValueError, match="y_true must be 1-D"):
        compare_classifiers([[0, 1]], [[0, 1]], [[0, 1]])
    with pytest.raises(TypeError, match="y_true must be a sequence of class labels"):
        compare_classifiers("0101", pa, pb)
    with pytest.raises(ValueError, match="y_true must not contain NaN"):
        compare_classifiers([0.0, np.nan], [0.0, 1.0], [0.0, 1.0])
    with pytest.raises(ValueError, match="confidence must be strictly between 0 and 1"):
        compare_classifiers(y, pa, pb, confidence=95)
    with pytest.raises(ValueError, match="halfwidth"):
        compare_classifiers(y, pa, pb, halfwidth=0)
    with pytest.raises(TypeError, match="names must be a pair"):
        compare_classifiers(y, pa, pb, names="AB")
    with pytest.raises(ValueError, match="names must differ"):
        compare_classifiers(y, pa, pb, names=("A", "A"))
    with pytest.raises(TypeError, match="names\\[1\\] must be a non-empty string"):
        compare_classifiers(y, pa, pb, names=("A", ""))
    with pytest.raises(ValueError, match="cost must be a 2 × 2 matrix"):
        compare_classifiers(y, pa, pb, cost=[[0, 1, 2]])
    with pytest.raises(TypeError, match="name must be a non-empty string"):
        describe_classifier(y, pa, name=3)


def test_bad_scores():
    y, pa, pb = make_pair(20, 3, 1, 2)
    s = np.linspace(0, 1, y.size)
    with pytest.raises(ValueError, match=r"^y_score_a and y_score_b must be given together"):
        compare_classifiers(y, pa, pb, y_score_a=s)
    with pytest.raises(ValueError, match=r"^y_score_b must hold one score per test item"):
        compare_classifiers(y, pa, pb, y_score_a=s, y_score_b=s[:-1])
    bad = s.copy()
    bad[2] = np.nan
    with pytest.raises(ValueError, match=r"^y_score_a must be finite"):
        compare_classifiers(y, pa, pb, y_score_a=bad, y_score_b=s)
    with pytest.raises(TypeError, match=r"^y_score_a must be a 1-D array of real numbers"):
        compare_classifiers(y, pa, pb, y_score_a=s.astype(str), y_score_b=s)
    with pytest.raises(ValueError, match="pos_label must be one of the classes"):
        compare_classifiers(y, pa, pb, y_score_a=s, y_score_b=s, pos_label=5)
    y3 = np.array([0, 1, 2] * 5)
    with pytest.raises(ValueError, match=r"^y_score can only be used with two classes"):
        describe_classifier(y3, y3, y_score=np.arange(15.0))
    with pytest.raises(TypeError, match=r"^y_score must be a 1-D array of numbers"):
        describe_classifier(y, pa, y_score="0.5")
    with pytest.raises(ValueError, match=r"^y_score_a and y_score_b .*; got y_score_b without"):
        compare_classifiers(y, pa, pb, y_score_b=s)


def test_argument_names_follow_scikit_learn(scored):
    # issue 44: (y_true, y_pred, y_score) as in scikit-learn; before: pred, scores, pred_a, …
    described = list(inspect.signature(describe_classifier).parameters)
    compared = list(inspect.signature(compare_classifiers).parameters)
    assert described[:3] == ["y_true", "y_pred", "y_score"]
    assert compared[:5] == ["y_true", "y_pred_a", "y_pred_b", "y_score_a", "y_score_b"]
    y, pa, pb, sa, sb = scored
    by_keyword = describe_classifier(y_true=y, y_pred=pa, y_score=sa)
    assert by_keyword.to_dict() == describe_classifier(y, pa, sa).to_dict()
    both = compare_classifiers(y_true=y, y_pred_a=pa, y_pred_b=pb, y_score_a=sa, y_score_b=sb)
    same = compare_classifiers(y, pa, pb, y_score_a=sa, y_score_b=sb)
    assert both.delong is not None and both.to_dict() == same.to_dict()


OLD_KEYWORD_CALLS = {
    "pred": lambda y, pa, pb, sa, sb: describe_classifier(y, pred=pa),
    "scores": lambda y, pa, pb, sa, sb: describe_classifier(y, pa, scores=sa),
    "pred_a": lambda y, pa, pb, sa, sb: compare_classifiers(y, pred_a=pa, y_pred_b=pb),
    "pred_b": lambda y, pa, pb, sa, sb: compare_classifiers(y, pa, pred_b=pb),
    "scores_a": lambda y, pa, pb, sa, sb: compare_classifiers(y, pa, pb, scores_a=sa, scores_b=sb),
    "scores_b": lambda y, pa, pb, sa, sb: compare_classifiers(y, pa, pb, y_score_a=sa, scores_b=sb),
}


@pytest.mark.parametrize("old", sorted(OLD_KEYWORD_CALLS))
def test_the_old_keywords_are_gone(scored, old):
    # evalkit 0.x: renamed without deprecated aliases, so a call with an old keyword fails loudly
    with pytest.raises(TypeError, match=f"unexpected keyword argument '{old}'"):
        OLD_KEYWORD_CALLS[old](*scored)


# ---------------------------------------------------------------------------------------------
# two different test sets


def test_compare_test_sets_equals_the_independent_module():
    c = compare_test_sets(47, 50, 40, 50, names=("M1", "M2"))
    table = [[47, 40], [3, 10]]
    assert c.test == independent.boschloo_exact(table)
    assert c.fisher == independent.fisher_exact(table)
    assert c.difference == independent.difference_interval(47, 50, 40, 50, "newcombe")
    assert c.clopper_pearson == (
        intervals.clopper_pearson(47, 50),
        intervals.clopper_pearson(40, 50),
    )
    assert c.accuracies == (0.94, 0.8) and c.sizes == (50, 50) and c.correct == (47, 40)


def test_compare_test_sets_summary_for_wolffs_first_example():
    # Fisher p = 0.071 (Wolff), Boschloo about 0.054, and Newcombe's interval just excludes 0
    text = compare_test_sets(47, 50, 40, 50, names=("M1", "M2")).summary()
    lines = text.splitlines()
    assert lines[0] == "Comparison of M1 and M2 on two different test sets (95 % confidence)."
    assert lines[2].startswith("M1 is more accurate than M2 by 14.0 points (95 % CI 0.5 to 27.6")
    assert "Boschloo" in text and "p = 0.054 (two-sided)" in text
    assert "it never exceeds the nominal level and is more powerful than Fisher's" in text
    assert "Fisher's exact test gives p = 0.071" in text
    assert "The interval excludes 0 but the test does not reach p < 0.05" in text
    assert compare_test_sets(47, 50, 40, 50)._repr_html_().count("<table") == 2


def test_compare_test_sets_falls_back_to_mid_p_beyond_enumeration():
    c = compare_test_sets(2700, 3000, 2650, 3000)
    assert (3001 * 3001) > BOSCHLOO_MAX_OUTCOMES
    assert c.test == independent.fisher_exact([[2700, 2650], [300, 350]], method="mid-p")
    assert "too large to enumerate Boschloo's test" in c.summary()
    # just inside the bound Boschloo is used, and the two agree closely there
    k = int(BOSCHLOO_MAX_OUTCOMES**0.5) - 1
    near = compare_test_sets(int(0.9 * k), k, int(0.87 * k), k)
    assert "Boschloo" in near.test.method
    mid_p = independent.fisher_exact(
        [[int(0.9 * k), int(0.87 * k)], [k - int(0.9 * k), k - int(0.87 * k)]], method="mid-p"
    )
    # within one step of the discrete null distribution: Boschloo counts the observed table
    # fully, the mid-p (issue 43: every tied table halved) only half of it and of its mirror
    assert near.test.pvalue == pytest.approx(mid_p.pvalue, abs=mid_p.details["p_observed"])


def test_compare_test_sets_perfect_classifiers_and_json():
    c = compare_test_sets(50, 50, 50, 50)
    assert c.test.pvalue == 1.0 and c.fisher.pvalue == 1.0
    assert "got the same share of the items right on their test sets" in c.summary()
    d = json.loads(json.dumps(c.to_dict()))
    assert d["test"]["pvalue"] == 1.0 and d["sizes"] == [50, 50]


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        ((51, 50, 40, 50), {}, ValueError, "correct_a"),
        ((5, 0, 4, 5), {}, ValueError, "size_a must be at least 1"),
        ((5, 10, -1, 5), {}, ValueError, "correct_b"),
        ((5.5, 10, 4, 5), {}, ValueError, "correct_a"),
        ((5, 10, 4, 5), {"confidence": 95}, ValueError, "confidence"),
        ((5, 10, 4, 5), {"names": ("A", "A")}, ValueError, "names must differ"),
        ((5, 10, 4, 5), {"names": "AB"}, TypeError, "names must be a pair"),
    ],
)
def test_compare_test_sets_bad_input(args, kwargs, error, match):
    with pytest.raises(error, match=match):
        compare_test_sets(*args, **kwargs)


# ---------------------------------------------------------------------------------------------
# a prediction of a class the test set lacks


def test_a_predicted_class_that_no_test_item_has_is_accepted_with_a_warning():
    y = np.array([0, 1, 0, 1, 0, 1, 0, 1])
    pa = np.array([0, 1, 0, 1, 0, 1, 0, 1])
    pb = np.array([0, 1, 2, 1, 0, 2, 0, 1])  # B also knows a class 2 that this test set lacks
    c = compare_classifiers(y, pa, pb)
    assert c.a.classes == c.b.classes == (0, 1, 2)
    np.testing.assert_array_equal(c.b.confusion, metrics.confusion_matrix(y, pb, labels=[0, 1, 2]))
    np.testing.assert_array_equal(c.b.class_counts, [4, 4, 0])
    assert c.b.correct == 6 and c.agreement.tolist() == [[6, 2], [0, 0]]
    assert math.isnan(c.b.recall[2]) and c.b.precision[2] == 0.0
    (warning,) = [w for w in c.warnings if "no test item has" in w]
    assert warning.startswith("B predicts a class that no test item has (2; on 2 of 8 items")
    assert "test classes: 0, 1" in warning
    assert not any("A predicts" in w for w in c.warnings)
    r = describe_classifier(y, pb, name="B")
    assert r.warnings[0] == warning and r.classes == (0, 1, 2)
    # a cost matrix then covers the three classes
    cost = [[0, 1, 1], [1, 0, 1], [1, 1, 0]]
    assert compare_classifiers(y, pa, pb, cost=cost).b.total_cost == 2.0


def test_predictions_in_another_coding_are_flagged():
    y = np.array(["0", "1"] * 5)
    words = np.array(["no", "yes"] * 5)
    r = describe_classifier(y, words)
    assert r.correct == 0
    assert r.warnings[0].startswith(
        "classifier predicts classes that no test item has ('no', 'yes'; on 10 of 10 items"
    )


# ---------------------------------------------------------------------------------------------
# Günter's test only in to_dict(), named liberal (issue 43, point 10)


def test_guenter_is_kept_in_to_dict_only_and_named_liberal():
    y, pa, pb = make_pair(150, 2, 12, 16)
    c = compare_classifiers(y, pa, pb)
    data = c.to_dict()
    assert "guenter" not in data
    assert data["guenter_liberal"]["pvalue"] == c.guenter.pvalue
    assert data["guenter_liberal"]["note"].startswith("liberal")
    html_text = c._repr_html_()
    assert c.guenter.method not in html_text and c.guenter.method not in c.summary()
    # the number the note cites: notebook 04's exact size at 50 pairs (p1 = p2 on its grid)
    size = paired.rejection_probability(50, np.linspace(0.0025, 0.25, 100), test="guenter")
    assert f"{size.max():.4f}" == "0.0717" and "0.0717" in data["guenter_liberal"]["note"]


def test_few_discordant_warning_no_longer_mentions_guenter():
    y, pa, pb = make_pair(100, 5, 4, 11)
    (warning,) = [w for w in compare_classifiers(y, pa, pb).warnings if w.startswith("Only")]
    assert "Günter" not in warning


# ---------------------------------------------------------------------------------------------
# groups= (issue 43, point 9)

from evalkit import clustered  # noqa: E402
from evalkit.report import INDEPENDENCE_MCNEMAR_SIZE  # noqa: E402


def writers_test_set(gen, writers=40, items=25, discordant=0.3, share=(2.0, 2.0)):
    """Notebook 13's model: per writer, a Beta share of the discordant items goes to A."""
    a_share = gen.beta(*share, (writers, 1))
    u = gen.random((writers, items))
    only_a, only_b = u < discordant * a_share, (u >= discordant * a_share) & (u < discordant)
    both = gen.random((writers, items)) < 0.8
    right_a = np.where(only_a | only_b, only_a, both).ravel()
    right_b = np.where(only_a | only_b, only_b, both).ravel()
    y = gen.integers(0, 2, right_a.size)
    writer = np.repeat([f"w{i}" for i in range(writers)], items)
    return y, np.where(right_a, y, 1 - y), np.where(right_b, y, 1 - y), writer


def test_independence_sentence_cites_a_measured_size():
    # 20 000 test sets of 40 writers × 25 items in notebook 13's model (vectorized: the
    # discordant counts only); McNemar's mid-p test, the report's default, at α = 0.05
    gen = np.random.default_rng(43)
    only_a, only_b = [], []
    for _ in range(4):
        share = gen.beta(2.0, 2.0, (5000, 40, 1))
        u = gen.random((5000, 40, 25))
        b = (u < 0.3 * share).sum(axis=(1, 2))
        only_a.append(b)
        only_b.append((u < 0.3).sum(axis=(1, 2)) - b)
    p = np.asarray(paired.mcnemar(np.concatenate(only_a), np.concatenate(only_b)).pvalue)
    size = float(np.mean(p <= 0.05))
    se = math.sqrt(size * (1 - size) / p.size)
    assert se < 0.005
    assert abs(size - INDEPENDENCE_MCNEMAR_SIZE) <= 0.005 + 2 * se  # measured 0.209, SE 0.003
    y, pa, pb = make_pair(150, 2, 12, 16)
    text = compare_classifiers(y, pa, pb).summary()
    assert (
        "The test items are assumed independent; if several come from one writer, speaker or "
        "document, pass groups= (their ids) for a clustered interval and test: with 40 writers "
        "× 25 items McNemar's test rejects a true null hypothesis in 21 % of test sets instead "
        "of 5 % (notebook 13)."
    ) in text
    assert "assumed independent" in describe_classifier(y, pa).summary()
    assert compare_classifiers(y, pa, pb).to_dict()["items_assumed_independent"] is True


def test_groups_use_the_clustered_interval_and_test():
    y, pa, pb, writer = writers_test_set(np.random.default_rng(8))
    c = compare_classifiers(y, pa, pb, groups=writer)
    # the test is the difference interval's inversion, by its own route: t = D / SE, with the
    # SE read back from the interval's half-width and the t quantile (k − 1 df)
    k = 40
    half = (c.difference.high - c.difference.low) / 2
    se = half / stats.t.ppf(0.975, k - 1)
    t = c.difference.estimate / se
    direct = c.mcnemar
    assert direct.method.startswith("cluster-robust t test") and direct.df == k - 1
    assert direct.statistic == pytest.approx(t, rel=1e-9)
    assert direct.pvalue == pytest.approx(2 * stats.t.sf(abs(t), k - 1), rel=1e-9)
    assert c.groups == 40 and c.a.groups == 40
    for pred, part in ((pa, c.a), (pb, c.b)):
        assert part.clustered == clustered.accuracy_interval(pred == y, writer)
        deff = clustered.design_effect(pred == y, writer)
        assert part.design_effect == deff.design_effect
        assert part.effective_size == deff.effective_size
    text = c.summary()
    assert direct.method in text and "assumed independent" not in text
    assert f"t = {direct.statistic:.2f} (39 df)" in text
    assert "items in 40 groups" in text and "over the 40 groups" in text
    data = c.to_dict()
    assert data["groups"] == 40 and data["items_assumed_independent"] is False
    assert data["mcnemar"]["method"] == direct.method
    assert data["a"]["clustered_interval"]["method"] == c.a.clustered.method
    assert "clustered" in c._repr_html_() and "design effect" in c._repr_html_()
    # one classifier alone: the same clustered interval
    one = describe_classifier(y, pa, groups=writer)
    assert one.clustered == c.a.clustered and "assumed independent" not in one.summary()


def test_with_groups_the_test_and_the_interval_never_disagree():
    # issue 57: with 5 writers and no true difference the clustered McNemar test and the
    # cluster-robust interval disagreed in 2.8 % of test sets; now the test is the interval's
    # inversion. 4000 simulated test sets of notebook 13's model per setting (5 and 10 writers
    # of 25 items, each writer's share for A Beta(2, 2)): 0 disagreements, size near 5 %
    from evalkit.report.comparison import grouped_difference_test

    gen = np.random.default_rng(57)
    for writers in (5, 10):
        rejected = disagreements = 0
        reps = 4000
        for _ in range(reps):
            y, pa, pb, writer = writers_test_set(gen, writers=writers)
            codes = np.unique(writer, return_inverse=True)[1]
            r = grouped_difference_test(pa == y, pb == y, codes, 0.95)
            excludes = r.interval.low > 0 or r.interval.high < 0
            disagreements += excludes != (r.pvalue < 0.05)
            rejected += r.pvalue < 0.05
        assert disagreements == 0
        size, se = rejected / reps, math.sqrt(0.05 * 0.95 / reps)
        assert abs(size - 0.05) < 4 * se, (writers, size, se)
    # and the report says one thing: no borderline note with groups
    y, pa, pb, writer = writers_test_set(gen, writers=5)
    assert compare_classifiers(y, pa, pb, groups=writer).borderline_sentence() is None


def test_groups_with_one_item_each_give_a_paired_wald_interval():
    # independent route: with m_i = 1, V = N/(N − 1)·((b + c) − (b − c)²/N)/N², t with N − 1 df
    y, pa, pb = make_pair(60, 9, 3, 8)
    n = y.size
    c = compare_classifiers(y, pa, pb, groups=np.arange(n))
    d = (9 - 3) / n
    half = stats.t.ppf(0.975, n - 1) * math.sqrt(n / (n - 1) * ((9 + 3) - 6**2 / n)) / n
    assert c.difference.estimate == pytest.approx(d, abs=1e-15)
    assert c.difference.low == pytest.approx(d - half, rel=1e-12)
    assert c.difference.high == pytest.approx(d + half, rel=1e-12)


def test_grouped_difference_interval_covers_in_notebook_13s_model():
    # 2000 test sets of 10 writers × 25 items, true difference 0.3·(0.6 − 0.4) = 0.06
    # (measured with 20 000: 0.944; the normal quantile instead of t gives 0.911)
    from evalkit.report import _grouped_difference

    gen = np.random.default_rng(13)
    codes = np.repeat(np.arange(10), 25)
    hits = 0
    for _ in range(2000):
        y, pa, pb, _ = writers_test_set(gen, writers=10, share=(3.0, 2.0))
        ci = _grouped_difference(pa == y, pb == y, codes, 0.95)
        hits += ci.low <= 0.06 <= ci.high
    coverage = hits / 2000
    assert abs(coverage - 0.95) <= 3 * math.sqrt(0.95 * 0.05 / 2000) + 0.005


def test_warnings_of_the_clustered_functions_become_sentences(monkeypatch):
    import warnings

    original = clustered.accuracy_interval

    def warning_interval(*args, **kwargs):
        warnings.warn("only 3 clusters: the interval may be too short", UserWarning, stacklevel=2)
        return original(*args, **kwargs)

    monkeypatch.setattr(clustered, "accuracy_interval", warning_interval)
    y, pa, pb, writer = writers_test_set(np.random.default_rng(2), writers=3)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing may escape
        c = compare_classifiers(y, pa, pb, groups=writer, names=("old", "new"))
        r = describe_classifier(y, pa, groups=writer)
    assert (
        "The clustered interval of old: only 3 clusters: the interval may be too short."
        in c.warnings
    )
    assert any(w.startswith("The clustered interval of classifier: only 3") for w in r.warnings)
    assert "only 3 clusters" in c.summary()


@pytest.mark.parametrize(
    ("groups", "error", "message"),
    [
        (["a"] * 3, ValueError, r"^groups must name one group per test item \(4\); got 3"),
        (["a"] * 4, ValueError, r"^groups must name at least two different groups; got only 'a'"),
        ("abcd", TypeError, r"^groups must be a sequence"),
        ([1, 2, None, 1], ValueError, r"^groups must not contain missing values"),
        ([[1], [2], [1], [2]], TypeError, r"^groups must hold hashable ids"),
    ],
)
def test_bad_groups(groups, error, message):
    with pytest.raises(error, match=message):
        compare_classifiers([0, 1, 0, 1], [0, 1, 1, 1], [0, 0, 0, 1], groups=groups)
    with pytest.raises(error, match=message):
        describe_classifier([0, 1, 0, 1], [0, 1, 1, 1], groups=groups)


def test_scores_need_two_items_of_each_class_and_the_message_names_the_report_arguments():
    # before: roc's message, naming roc's argument "labels" that the report's caller never passed
    y, pred, scores = [0, 0, 0, 1], [0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4]
    message = r"^y_score needs at least 2 test items of each class .*; y_true has 1 of the "
    with pytest.raises(ValueError, match=message + r"positive class 1 and 3 of the other$"):
        describe_classifier(y, pred, scores)
    with pytest.raises(ValueError, match=r"^y_score_a and y_score_b need at least 2 test items"):
        compare_classifiers(y, pred, pred, y_score_a=scores, y_score_b=scores)
    with pytest.raises(ValueError, match=r"y_true has 3 of the positive class 0 and 1 of the"):
        describe_classifier(y, pred, scores, pos_label=0)


def test_a_cost_matrix_of_the_wrong_shape_lists_the_classes_in_order():
    # before: metrics' message, "cost must be a 3 × 3 matrix like the confusion matrix …",
    # without the order the rows and columns must follow
    y = ["dog", "cat", "bird"] * 4
    message = r"^cost must be a 3 × 3 matrix, .* in the order bird, cat, dog; got shape \(2, 2\)$"
    with pytest.raises(ValueError, match=message):
        describe_classifier(y, y, cost=[[0, 1], [1, 0]])
    with pytest.raises(ValueError, match=message):
        compare_classifiers(y, y, y, cost=[[0, 1], [1, 0]])
    with pytest.raises(ValueError, match=r"^cost must be finite; got inf"):
        describe_classifier(y, y, cost=[[0, 1, 1], [1, 0, 1], [1, np.inf, 0]])
    # a class only a prediction uses gets its row and column too
    four = r"^cost must be a 4 × 4 matrix, .* in the order bird, cat, dog, fox; got shape \(3, 3\)"
    with pytest.raises(ValueError, match=four):
        describe_classifier(y, [*y[:-1], "fox"], cost=np.ones((3, 3)))


# --- issue 60: the report's calls at evalkit's top level; the package's docstring --------------


@pytest.mark.parametrize(
    "name", ["compare_classifiers", "compare_test_sets", "describe_classifier"]
)
def test_the_report_calls_are_evalkits_own_names(name):
    """``evalkit.report(y, a, b)`` said "'module' object is not callable"; the three calls are
    ``evalkit.compare_classifiers`` … as well, and ``from evalkit import *`` brings them."""
    import evalkit
    import evalkit.report

    assert getattr(evalkit, name) is getattr(evalkit.report, name)
    assert name in evalkit.__all__ and name in dir(evalkit)
    namespace: dict = {}
    exec("from evalkit import *", namespace)
    assert namespace[name] is getattr(evalkit.report, name)


def test_dir_of_evalkit_lists_its_public_names_only():
    import evalkit

    names = dir(evalkit)
    assert not {"Any", "importlib", "pkgutil", "_submodules", "_REPORT_CALLS"} & set(names)
    assert {"intervals", "report", "Interval", "TestResult", "__version__"} <= set(names)
    assert all(not n.startswith("_") or n.startswith("__") for n in names), names


def test_the_top_level_calls_compute_what_the_report_does():
    import evalkit

    y = [1, 0] * 20
    a = [1, 0] * 20
    b = [1, 0] * 15 + [0, 1] * 5
    assert evalkit.compare_classifiers(y, a, b).summary() == compare_classifiers(y, a, b).summary()
    assert evalkit.compare_test_sets(47, 50, 40, 50).test.pvalue == pytest.approx(0.0536, abs=1e-4)
    assert evalkit.describe_classifier(y, b).correct == 30


def test_the_package_docstring_reads_in_sentences():
    """The API reference's report page had "…drawn into given axes; imports The package has one
    module per job…": a paragraph had landed inside a sentence."""
    import evalkit.report

    text = " ".join(evalkit.report.__doc__.split())
    assert "given axes; imports matplotlib only when called)." in text
    assert "imports The package" not in text
    for module in ("base", "checks", "classifier", "comparison", "pages", "panels", "rules",
                   "shapes", "two_sets", "wording"):  # fmt: skip
        assert f":mod:`evalkit.report.{module}`" in evalkit.report.__doc__, module


# --------------------------------------------------------------------------------------------
# non-inferiority with a margin (issue 58), and never "as good as" without one


def test_a_margin_adds_the_paired_noninferiority_test_and_its_sentence():
    y, pa, pb = make_pair(1000, 80, 82, 8)
    c = compare_classifiers(y, pa, pb, margin=0.02)
    direct = paired.noninferiority_test(c.agreement, 0.02, level=0.025)
    assert c.noninferiority.pvalue == direct.pvalue and c.noninferiority.interval == direct.interval
    low = direct.interval.low
    shown = low > -0.02
    sentence = (
        f"A is non-inferior to B within 2.0 points (lower limit {100 * low:.1f} points"
        if shown
        else "Non-inferiority of A to B within 2.0 points is not shown"
    )
    assert sentence in c.summary()
    assert (direct.pvalue < 0.025) == shown  # the test's decision is the interval's
    assert c.to_dict()["noninferiority"]["pvalue"] == direct.pvalue
    assert compare_classifiers(y, pa, pb).noninferiority is None
    assert compare_classifiers(y, pa, pb).to_dict()["noninferiority"] is None


def test_with_groups_the_margin_test_is_the_cluster_robust_intervals():
    y, pa, pb, writer = writers_test_set(np.random.default_rng(15), writers=20)
    for margin in (0.01, 0.03, 0.1):
        c = compare_classifiers(y, pa, pb, groups=writer, margin=margin)
        r = c.noninferiority
        assert r.interval == c.difference and r.margin == margin and r.df == 19
        assert (r.pvalue < 0.025) == (c.difference.low > -margin)


def test_two_test_sets_with_a_margin_give_farrington_mannings_test():
    c = compare_test_sets(83, 88, 69, 76, margin=0.1)
    direct = independent.noninferiority_test(83, 88, 69, 76, 0.1, level=0.025)
    assert c.noninferiority.pvalue == direct.pvalue
    assert "A is non-inferior to B within 10.0 points (lower limit -4.8 points" in c.summary()
    late = compare_test_sets(69, 76, 83, 88, margin=0.02)
    assert "Non-inferiority of A to B within 2.0 points is not shown" in late.summary()


@pytest.mark.parametrize("margin", [0, 1, -0.05, float("nan"), "0.02", [0.01, 0.02]])
def test_a_bad_margin_is_refused(margin):
    y, pa, pb = make_pair(60, 5, 3, 4)
    with pytest.raises((ValueError, TypeError), match=r"^margin must be one number"):
        compare_classifiers(y, pa, pb, margin=margin)
    with pytest.raises((ValueError, TypeError), match=r"^margin must be one number"):
        compare_test_sets(40, 50, 38, 50, margin=margin)


AS_GOOD_AS = re.compile(
    r"as good as|as accurate as|equally (good|accurate)|equivalent|no difference|"
    r"not worse|non-inferior|same accuracy|perform(s)? (the )?same",
    re.IGNORECASE,
)


def test_without_a_margin_no_sentence_says_as_good_as():
    # issue 58: "no significant difference" is not "as good as"; whatever the data, the report's
    # sentences (both kinds of comparison, with and without groups) never claim it
    gen = np.random.default_rng(58)
    texts = []
    for _ in range(40):
        n = int(gen.integers(20, 300))
        y = gen.integers(0, 2, n)
        pa = np.where(gen.random(n) < gen.uniform(0.5, 1), y, 1 - y)
        pb = np.where(gen.random(n) < gen.uniform(0.5, 1), y, 1 - y)
        texts.append(compare_classifiers(y, pa, pb).summary())
        texts.append(compare_classifiers(y, pa, pb, groups=np.arange(n) % 7).summary())
        ka, kb = int(gen.integers(5, 200)), int(gen.integers(5, 200))
        texts.append(compare_test_sets(int(gen.integers(0, ka + 1)), ka,
                                       int(gen.integers(0, kb + 1)), kb).summary())  # fmt: skip
    y, pa, pb = make_pair(100, 5, 5, 10)  # equal accuracies: the case most tempting to misread
    texts.append(compare_classifiers(y, pa, pb).summary())
    texts.append(compare_test_sets(40, 50, 40, 50).summary())
    for text in texts:
        found = AS_GOOD_AS.search(text)
        assert found is None, f"{found.group(0)!r} in:\n{text}"


def test_two_test_sets_say_what_the_atlas_measured_near_their_counts():
    # compare_test_sets consults the coverage atlas as compare_classifiers does (issue 57)
    c = compare_test_sets(6, 10, 3, 10)
    assert any("Newcombe's interval for the difference covers" in w for w in c.warnings)
    assert "Warnings" in c.summary() and c.to_dict()["warnings"] == list(c.warnings)
    assert compare_test_sets(470, 500, 400, 500).warnings == ()
