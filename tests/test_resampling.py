"""Tests of evalkit.resampling: index generators against scikit-learn's splitters, the error
estimators against scikit-learn's cross-validation, and the comparison tests against scipy.stats
and hand computations from the published formulas."""

from __future__ import annotations

import csv
import json
import math
import re
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from sklearn.model_selection import (
    KFold,
    LeaveOneOut,
    StratifiedKFold,
    cross_val_predict,
    cross_val_score,
)
from sklearn.naive_bayes import GaussianNB
from sklearn.tree import DecisionTreeClassifier

from evalkit.resampling import (
    bootstrap,
    bootstrap_632,
    combined_f_5x2cv,
    corrected_resampled_t,
    cv_paired_t,
    estimate_error,
    holdout,
    kfold,
    leave_one_out,
    no_information_error,
    paired_t_5x2cv,
    random_subsampling,
    resubstitution,
)

# --------------------------------------------------------------------------------------------
# helpers


def assert_partition(train: np.ndarray, test: np.ndarray, n: int) -> None:
    """train and test are disjoint and together cover 0 … n−1 exactly once."""
    both = np.concatenate([train, test])
    assert np.array_equal(np.sort(both), np.arange(n))


def nb_fit_predict(X_train, y_train, X_test):
    return GaussianNB().fit(X_train, y_train).predict(X_test)


def tree_fit_predict(X_train, y_train, X_test):
    return DecisionTreeClassifier(max_depth=3, random_state=0).fit(X_train, y_train).predict(X_test)


def toy_data(n: int = 60, seed: int = 0):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, size=n)
    X = rng.normal(size=(n, 2)) + y[:, None]
    return X, y


# --------------------------------------------------------------------------------------------
# index generators


@pytest.mark.parametrize(
    "n,k", [(n, k) for n in (2, 3, 7, 10, 31, 100) for k in (2, 3, 5, 10) if k <= n]
)
def test_kfold_unshuffled_equals_sklearn_kfold(n, k):
    ours = list(kfold(n, k, rng=None))
    theirs = list(KFold(n_splits=k).split(np.zeros(n)))
    assert len(ours) == k
    for (tr, te), (tr2, te2) in zip(ours, theirs, strict=True):
        assert np.array_equal(tr, tr2)
        assert np.array_equal(te, te2)


@pytest.mark.parametrize(
    "n,k,seed", [(10, 3, 0), (57, 5, 1), (100, 10, 2), (9, 9, 3), (1000, 7, 4)]
)
def test_kfold_shuffled_partitions_like_sklearn(n, k, seed):
    ours = list(kfold(n, k, rng=seed))
    theirs = list(KFold(n_splits=k, shuffle=True, random_state=seed).split(np.zeros(n)))
    tested = np.concatenate([te for _, te in ours])
    assert np.array_equal(np.sort(tested), np.arange(n))  # every item tested exactly once
    for tr, te in ours:
        assert_partition(tr, te, n)
    # the same fold sizes as scikit-learn's KFold, in the same order
    assert [len(te) for _, te in ours] == [len(te) for _, te in theirs]
    # and the shuffle really shuffles (not contiguous blocks) for n large enough
    if n >= 50:
        assert not np.array_equal(ours[0][1], np.arange(len(ours[0][1])))


def test_kfold_same_seed_same_folds_generator_or_int():
    a = [te for _, te in kfold(40, 4, rng=11)]
    b = [te for _, te in kfold(40, 4, rng=np.random.default_rng(11))]
    c = [te for _, te in kfold(40, 4, rng=12)]
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not all(np.array_equal(x, y) for x, y in zip(a, c, strict=True))


@pytest.mark.parametrize(
    "counts,k,seed",
    [((50, 50), 5, 0), ((90, 10), 10, 1), ((33, 20, 7), 4, 2), ((5, 5), 10, 3), ((3, 40), 5, 4)],
)
def test_stratified_kfold_keeps_class_ratios_within_one_item(counts, k, seed):
    labels = np.repeat(np.arange(len(counts)), counts)
    labels = np.random.default_rng(seed).permutation(labels)
    n = labels.size
    ours = list(kfold(n, k, rng=seed, stratify=labels))
    tested = np.concatenate([te for _, te in ours])
    assert np.array_equal(np.sort(tested), np.arange(n))
    for cls, n_c in enumerate(counts):
        per_fold = np.array([np.sum(labels[te] == cls) for _, te in ours])
        assert per_fold.sum() == n_c
        assert np.all(np.abs(per_fold - n_c / k) < 1)  # ⌊n_c/k⌋ or ⌈n_c/k⌉
    sizes = np.array([len(te) for _, te in ours])
    assert sizes.max() - sizes.min() <= 1
    # scikit-learn's StratifiedKFold has the same properties on the same labels
    if min(counts) >= k:
        theirs = list(StratifiedKFold(k, shuffle=True, random_state=seed).split(labels, labels))
        for cls, n_c in enumerate(counts):
            per_fold = np.array([np.sum(labels[te] == cls) for _, te in theirs])
            assert np.all(np.abs(per_fold - n_c / k) < 1)
        assert sorted(sizes.tolist()) == sorted(len(te) for _, te in theirs)


def test_stratified_kfold_accepts_string_labels():
    labels = np.array(["cat", "dog", "dog", "cat", "bird", "dog", "cat", "bird"])
    folds = [labels[te].tolist() for _, te in kfold(8, 2, rng=0, stratify=labels)]
    for fold in folds:
        assert sorted(fold).count("dog") in (1, 2)
        assert fold.count("bird") == 1


def test_leave_one_out_equals_sklearn():
    ours = list(leave_one_out(6))
    theirs = list(LeaveOneOut().split(np.zeros(6)))
    for (tr, te), (tr2, te2) in zip(ours, theirs, strict=True):
        assert np.array_equal(tr, tr2) and np.array_equal(te, te2)
    # leave-one-out is k-fold with k = n
    for (tr, te), (tr2, te2) in zip(ours, kfold(6, 6, rng=None), strict=True):
        assert np.array_equal(tr, tr2) and np.array_equal(te, te2)


def test_resubstitution_tests_on_training_data():
    ((tr, te),) = list(resubstitution(5))
    assert np.array_equal(tr, np.arange(5)) and np.array_equal(te, np.arange(5))


@pytest.mark.parametrize("n,fraction,expected", [(150, 1 / 3, 50), (10, 0.25, 2), (3, 0.5, 2)])
def test_holdout_sizes_and_partition(n, fraction, expected):
    ((tr, te),) = list(holdout(n, fraction, rng=0))
    assert len(te) == expected and len(tr) == n - expected
    assert_partition(tr, te, n)


def test_holdout_symeonidis_two_thirds_one_third():
    ((tr, te),) = list(holdout(300, 1 / 3, rng=5))
    assert len(tr) / 300 == pytest.approx(2 / 3, abs=1e-12)
    assert len(te) / 300 == pytest.approx(1 / 3, abs=1e-12)


def test_holdout_reproducible_from_seed():
    a = next(holdout(20, 0.3, rng=7))[1]
    b = next(holdout(20, 0.3, rng=np.random.default_rng(7)))[1]
    assert np.array_equal(a, b)


def test_random_subsampling_repeats_are_partitions_and_differ():
    splits = list(random_subsampling(30, 1 / 3, repeats=25, rng=1))
    assert len(splits) == 25
    for tr, te in splits:
        assert len(te) == 10
        assert_partition(tr, te, 30)
    distinct = {tuple(te) for _, te in splits}
    assert len(distinct) > 20
    # over many repeats every item is tested about test_fraction of the time
    many = list(random_subsampling(30, 1 / 3, repeats=3000, rng=2))
    tested = np.bincount(np.concatenate([te for _, te in many]), minlength=30) / 3000
    assert np.allclose(tested, 1 / 3, atol=0.04)


def test_bootstrap_out_of_bag_is_complement_of_the_sample():
    for tr, te in bootstrap(25, 50, rng=3):
        assert len(tr) == 25
        assert np.array_equal(te, np.setdiff1d(np.arange(25), tr))


def test_bootstrap_out_of_bag_share_is_about_0368():
    n = 200
    shares = [len(te) / n for _, te in bootstrap(n, 2000, rng=4)]
    expected = (1 - 1 / n) ** n  # ≈ e^-1
    assert np.mean(shares) == pytest.approx(expected, abs=0.003)
    assert expected == pytest.approx(math.exp(-1), abs=0.002)


def test_bootstrap_never_yields_an_empty_test_set():
    assert all(len(te) >= 1 for _, te in bootstrap(2, 300, rng=0))


@settings(max_examples=100, deadline=None)
@given(
    n=st.integers(2, 60),
    k=st.integers(2, 12),
    seed=st.integers(0, 2**32 - 1),
    classes=st.integers(1, 4),
    stratified=st.booleans(),
)
def test_kfold_property_every_item_tested_exactly_once(n, k, seed, classes, stratified):
    k = min(k, n)
    labels = np.random.default_rng(seed).integers(0, classes, size=n)
    folds = list(kfold(n, k, rng=seed, stratify=labels if stratified else None))
    assert len(folds) == k
    for tr, te in folds:
        assert_partition(tr, te, n)
        assert len(te) >= 1
    tested = np.concatenate([te for _, te in folds])
    assert np.array_equal(np.sort(tested), np.arange(n))
    sizes = np.array([len(te) for _, te in folds])
    assert sizes.max() - sizes.min() <= 1
    if stratified:
        for cls in range(classes):
            n_c = np.sum(labels == cls)
            per_fold = np.array([np.sum(labels[te] == cls) for _, te in folds])
            assert np.all(np.abs(per_fold - n_c / k) < 1)


# --------------------------------------------------------------------------------------------
# estimating error


def test_estimate_error_matches_sklearn_cross_val_score():
    X, y = toy_data(60)
    splits = list(kfold(60, 5, rng=3))  # equal folds of 12, so pooled = mean of folds
    ours = estimate_error(tree_fit_predict, X, y, splits)
    model = DecisionTreeClassifier(max_depth=3, random_state=0)
    accuracy = cross_val_score(model, X, y, cv=splits)
    assert np.allclose(ours.split_errors, 1 - accuracy)
    assert ours.error == pytest.approx(1 - accuracy.mean())
    assert ours.fits == 5 and ours.test_sizes.tolist() == [12] * 5
    assert ours.spread == pytest.approx(np.std(1 - accuracy, ddof=1))


def test_estimate_error_leave_one_out_matches_cross_val_predict():
    X, y = toy_data(40, seed=1)
    ours = estimate_error(nb_fit_predict, X, y, leave_one_out(40))
    predicted = cross_val_predict(GaussianNB(), X, y, cv=LeaveOneOut())
    assert ours.error == pytest.approx(np.mean(predicted != y))
    assert ours.fits == 40


def test_estimate_error_pools_unequal_folds():
    X, y = toy_data(23, seed=2)
    est = estimate_error(nb_fit_predict, X, y, kfold(23, 5, rng=0))
    assert est.error == pytest.approx(est.errors.sum() / 23)
    assert est.test_sizes.sum() == 23


def test_resubstitution_underestimates_for_a_memorizing_learner():
    X, y = toy_data(80, seed=3)

    def memorize(X_train, y_train, X_test):
        return DecisionTreeClassifier(random_state=0).fit(X_train, y_train).predict(X_test)

    resub = estimate_error(memorize, X, y, resubstitution(80))
    cv = estimate_error(memorize, X, y, kfold(80, 10, rng=0))
    assert resub.error == 0.0
    assert cv.error > 0.1


def _efron_by_hand(fit_predict, X, y, splits):
    """Err^(1), err, γ̂, .632 and .632+ written out item by item (Efron & Tibshirani 1997).

    An independent implementation for the tests: plain Python loops over rounds and items, γ̂
    as the double sum over all (label, prediction) pairs (eq. 27 in its general form), and the
    .632+ estimate in the form (1 − ŵ)·err + ŵ·Err^(1)' of eq. 29, with R̂ clipped to [0, 1]
    (which is the paper's eq. 32 whenever Err^(1) ≤ γ̂).
    """
    n = len(y)
    errors_of_item = {i: [] for i in range(n)}
    for train, test in splits:
        predicted = fit_predict(X[train], y[train], X[test])
        for item, label in zip(test, predicted, strict=True):
            errors_of_item[int(item)].append(float(label != y[item]))
    per_item = [sum(e) / len(e) for e in errors_of_item.values() if e]
    err1 = sum(per_item) / len(per_item)
    fitted = fit_predict(X, y, X)
    err = sum(float(fitted[i] != y[i]) for i in range(n)) / n
    gamma = sum(float(y[i] != fitted[j]) for i in range(n) for j in range(n)) / n**2
    err1_clipped = min(err1, gamma)
    rate = (err1_clipped - err) / (gamma - err) if (err1 > err and gamma > err) else 0.0
    weight = 0.632 / (1 - 0.368 * rate)
    if err1 <= gamma:
        plus = (1 - weight) * err + weight * err1
    else:  # eq. 32 with R̂' = 1: Err^(.632) + 0.368 (γ̂ − err)
        plus = 0.368 * err + 0.632 * err1 + 0.368 * (gamma - err)
    return {
        "loo_bootstrap_error": err1,
        "resubstitution_error": err,
        "no_information_error": gamma,
        "relative_overfitting": rate,
        "weight": weight,
        "error": 0.368 * err + 0.632 * err1,
        "error_632plus": plus,
        "items_scored": len(per_item),
    }


def one_nn(X_train, y_train, X_test):
    distance = ((X_test[:, None, :] - X_train[None, :, :]) ** 2).sum(axis=2)
    return y_train[distance.argmin(axis=1)]


@pytest.mark.parametrize(
    ("learner", "n", "rounds", "seed"),
    [
        (tree_fit_predict, 50, 20, 6),
        (one_nn, 30, 25, 1),  # memorises: err = 0, .632+ weights Err^(1) more
        (nb_fit_predict, 24, 12, 2),
        (one_nn, 12, 3, 7),  # 3 rounds on 12 items: some items are never out of the bag
    ],
)
def test_bootstrap_632_equals_an_independent_implementation(learner, n, rounds, seed):
    X, y = toy_data(n, seed=seed)
    est = bootstrap_632(learner, X, y, rounds=rounds, rng=seed)
    expected = _efron_by_hand(learner, X, y, bootstrap(n, rounds, rng=seed))
    for name, value in expected.items():
        assert getattr(est, name) == pytest.approx(value, abs=1e-12), name
    rounds_again = [estimate_error(learner, X, y, [s]).error for s in bootstrap(n, rounds, seed)]
    np.testing.assert_allclose(est.round_errors, rounds_again)
    assert est.fits == rounds + 1
    if rounds == 3:
        assert est.items_scored < n  # the average runs over the items that were left out


def test_loo_bootstrap_error_weights_items_not_rounds():
    # Efron's Err^(1) averages each item's out-of-bag errors first; the mean of the per-round
    # error rates (what evalkit computed before) weights a round by its out-of-bag size instead.
    X, y = toy_data(30, seed=2)
    est = bootstrap_632(one_nn, X, y, rounds=25, rng=2)
    assert est.loo_bootstrap_error == pytest.approx(0.4449, abs=1e-4)  # per-round mean: 0.4131
    assert abs(est.loo_bootstrap_error - np.mean(est.round_errors)) > 0.03
    assert est.error == pytest.approx(
        0.368 * est.resubstitution_error + 0.632 * est.loo_bootstrap_error
    )


@settings(max_examples=25, deadline=None)
@given(st.integers(12, 40), st.integers(0, 10_000), st.sampled_from(["1nn", "tree", "nb"]))
def test_632plus_lies_between_632_and_loo_bootstrap(n, seed, name):
    learner = {"1nn": one_nn, "tree": tree_fit_predict, "nb": nb_fit_predict}[name]
    X, y = toy_data(n, seed=seed)
    if len(set(y.tolist())) < 2:
        return
    est = bootstrap_632(learner, X, y, rounds=10, rng=seed)
    assert 0.0 <= est.relative_overfitting <= 1.0
    assert 0.632 - 1e-12 <= est.weight <= 1.0 + 1e-12
    err, err1, gamma = est.resubstitution_error, est.loo_bootstrap_error, est.no_information_error
    if err <= err1 <= gamma:  # where the paper says .632+ is a compromise of the two
        assert est.error - 1e-12 <= est.error_632plus <= err1 + 1e-12
    if err1 <= err or gamma <= err:  # no overfitting measured: R̂' = 0
        assert est.error_632plus == pytest.approx(est.error)


def test_constant_classifier_has_gamma_equal_to_its_error_and_632plus_equal_to_632():
    X, y = toy_data(40, seed=3)

    def always_one(X_train, y_train, X_test):
        return np.ones(len(X_test), dtype=int)

    est = bootstrap_632(always_one, X, y, rounds=20, rng=3)
    assert est.no_information_error == pytest.approx(np.mean(y != 1))
    assert est.no_information_error == pytest.approx(est.resubstitution_error)
    assert est.relative_overfitting == 0.0 and est.weight == pytest.approx(0.632)
    assert est.error_632plus == pytest.approx(est.error)


def test_632plus_branches():
    from evalkit.resampling import _632plus

    # Err^(1) above γ̂: clipped at γ̂, R̂' = 1, estimate .632·Err^(1) + .368·γ̂
    assert _632plus(0.0, 0.6, 0.5) == pytest.approx((0.632 * 0.6 + 0.368 * 0.5, 1.0, 1.0))
    # Err^(1) below err, or γ̂ below err: no overfitting, the .632 estimate
    assert _632plus(0.1, 0.05, 0.5)[0] == pytest.approx(0.368 * 0.1 + 0.632 * 0.05)
    assert _632plus(0.2, 0.3, 0.15)[:2] == pytest.approx((0.368 * 0.2 + 0.632 * 0.3, 0.0))
    # memorising learner on labels it cannot predict (err = 0, Err^(1) = γ̂): .632+ = Err^(1)
    assert _632plus(0.0, 0.5, 0.5) == pytest.approx((0.5, 1.0, 1.0))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(["a", "b", "c"]), min_size=1, max_size=30),
    st.integers(0, 2**31),
)
def test_no_information_error_is_the_double_sum(labels, seed):
    y = np.array(labels)
    pred = np.random.default_rng(seed).choice(["a", "b", "c", "d"], size=y.size)
    double_sum = np.mean(y[:, None] != pred[None, :])
    assert no_information_error(y, pred) == pytest.approx(double_sum)


def test_no_information_error_bad_inputs():
    with pytest.raises(ValueError, match="y_true and y_pred must have the same length"):
        no_information_error([0, 1, 1], [0, 1])
    with pytest.raises(TypeError, match="y_true must be a sequence of class labels"):
        no_information_error("01", [0, 1])
    with pytest.raises(ValueError, match="y_true must not be empty"):
        no_information_error([], [])
    with pytest.raises(ValueError, match="y_pred must not be empty"):
        no_information_error([1], [])
    assert no_information_error(y_true=[0, 0, 0, 1], y_pred=[0, 0, 0, 0]) == 0.25


def test_estimate_error_accepts_lists():
    X = [[0.0], [1.0], [2.0], [3.0]]
    y = [0, 0, 1, 1]

    def threshold(X_train, y_train, X_test):
        return (np.asarray(X_test)[:, 0] > 1.5).astype(int)

    assert estimate_error(threshold, X, y, leave_one_out(4)).error == 0.0


# --------------------------------------------------------------------------------------------
# comparison tests


def quiet_cv_paired_t(**kwargs):
    """cv_paired_t without its size warning (the warning has its own tests below)."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "cv_paired_t treats", UserWarning)
        return cv_paired_t(**kwargs)


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("k", [2, 3, 10, 30])
def test_cv_paired_t_equals_scipy_one_sample_t(seed, k):
    d = np.random.default_rng(seed).normal(0.01 * seed, 0.05, size=k)
    ours = quiet_cv_paired_t(error_differences=d)
    ref = stats.ttest_1samp(d, 0.0)
    assert ours.statistic == pytest.approx(ref.statistic, rel=1e-10)
    assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-300)
    assert ours.df == k - 1
    low, high = stats.t.interval(0.95, k - 1, loc=d.mean(), scale=stats.sem(d))
    assert ours.interval.low == pytest.approx(low) and ours.interval.high == pytest.approx(high)
    # eq. 4.16 by hand
    se = math.sqrt(sum((x - d.mean()) ** 2 for x in d) / (k * (k - 1)))
    assert ours.details["standard_error"] == pytest.approx(se)


def test_cv_paired_t_confidence_levels_match_scipy_interval():
    d = np.array([0.03, 0.01, 0.04, -0.01, 0.02, 0.05])
    for level in (0.8, 0.9, 0.99):
        r = quiet_cv_paired_t(error_differences=d, confidence=level)
        low, high = stats.t.interval(level, 5, loc=d.mean(), scale=stats.sem(d))
        assert (r.interval.low, r.interval.high) == pytest.approx((low, high))
        assert r.interval.confidence == level


def test_cv_paired_t_vectorized_equals_loop():
    d = np.random.default_rng(9).normal(0, 0.03, size=(4, 3, 10))
    r = quiet_cv_paired_t(error_differences=d)
    assert r.statistic.shape == (4, 3)
    for i in range(4):
        for j in range(3):
            single = quiet_cv_paired_t(error_differences=d[i, j])
            assert r.statistic[i, j] == pytest.approx(single.statistic)
            assert r.pvalue[i, j] == pytest.approx(single.pvalue)
            assert r.interval.low[i, j] == pytest.approx(single.interval.low)


def test_cv_paired_t_zero_variance():
    r = quiet_cv_paired_t(error_differences=[0.0, 0.0, 0.0])
    assert r.statistic == 0.0 and r.pvalue == 1.0
    r = quiet_cv_paired_t(error_differences=[0.02, 0.02, 0.02])
    assert r.statistic == math.inf and r.pvalue == 0.0
    r = quiet_cv_paired_t(error_differences=[-0.02, -0.02])
    assert r.statistic == -math.inf and r.pvalue == 0.0


def test_tan_eq_4_17_quantiles():
    # 30 folds, mean 0.05, standard error 0.002: build such differences and read the quantile
    z = np.random.default_rng(0).normal(size=30)
    z = (z - z.mean()) / z.std(ddof=1)
    d = 0.05 + 0.002 * math.sqrt(30) * z
    r = quiet_cv_paired_t(error_differences=d)
    assert r.details["standard_error"] == pytest.approx(0.002)
    assert r.details["t_quantile"] == pytest.approx(2.0452, abs=5e-5)  # two-sided 95 %
    assert stats.t.ppf(0.95, 29) == pytest.approx(1.70, abs=0.005)  # the book's one-sided 1.70
    assert r.interval.low > 0  # the conclusion holds


FIVE_BY_TWO = np.array(
    [[0.05, 0.02], [-0.01, 0.03], [0.04, 0.00], [0.02, 0.06], [0.01, -0.02]], dtype=float
)


def test_paired_t_5x2cv_by_hand():
    # Dietterich (1998): t = p_1^(1) / sqrt((1/5) Σ s_i²), s_i² = Σ_j (p_i^(j) − p̄_i)²
    s2 = []
    for row in FIVE_BY_TWO.tolist():
        mean = (row[0] + row[1]) / 2
        s2.append((row[0] - mean) ** 2 + (row[1] - mean) ** 2)
    t = 0.05 / math.sqrt(sum(s2) / 5)
    r = paired_t_5x2cv(error_differences=FIVE_BY_TWO)
    assert r.statistic == pytest.approx(t, rel=1e-12)
    assert r.df == 5
    assert r.pvalue == pytest.approx(2 * stats.t.sf(abs(t), 5), rel=1e-12)
    assert r.details["variance_sum"] == pytest.approx(sum(s2))
    assert r.estimate == pytest.approx(FIVE_BY_TWO.mean())
    # s_i² of a pair equals (p_i1 − p_i2)² / 2
    assert sum(s2) == pytest.approx(sum((a - b) ** 2 / 2 for a, b in FIVE_BY_TWO.tolist()))


def test_combined_f_5x2cv_by_hand():
    # Alpaydın (1999): f = Σ_i Σ_j (p_i^(j))² / (2 Σ_i s_i²), F(10, 5)
    numerator = sum(x * x for row in FIVE_BY_TWO.tolist() for x in row)
    s2 = sum((a - b) ** 2 / 2 for a, b in FIVE_BY_TWO.tolist())
    f = numerator / (2 * s2)
    r = combined_f_5x2cv(error_differences=FIVE_BY_TWO)
    assert r.statistic == pytest.approx(f, rel=1e-12)
    assert r.pvalue == pytest.approx(stats.f.sf(f, 10, 5), rel=1e-12)
    assert r.details["df_numerator"] == 10 and r.details["df_denominator"] == 5


def test_5x2cv_vectorized_and_f_does_not_depend_on_order():
    d = np.random.default_rng(3).normal(0, 0.02, size=(6, 5, 2))
    t = paired_t_5x2cv(error_differences=d)
    f = combined_f_5x2cv(error_differences=d)
    for i in range(6):
        assert t.statistic[i] == pytest.approx(paired_t_5x2cv(error_differences=d[i]).statistic)
        assert f.statistic[i] == pytest.approx(combined_f_5x2cv(error_differences=d[i]).statistic)
        shuffled = d[i][::-1, ::-1]  # another replication first: t changes, f does not
        assert combined_f_5x2cv(error_differences=shuffled).statistic == pytest.approx(
            f.statistic[i]
        )


def test_5x2cv_under_the_null_is_at_or_below_the_nominal_level():
    # with ten independent normal differences of mean 0 both tests keep their level; they are
    # conservative, because numerator and denominator share the same differences (the
    # derivations treat them as independent)
    d = np.random.default_rng(8).normal(0, 1, size=(20000, 5, 2))
    f_rate = np.mean(combined_f_5x2cv(error_differences=d).pvalue < 0.05)
    t_rate = np.mean(paired_t_5x2cv(error_differences=d).pvalue < 0.05)
    assert 0.005 < f_rate < 0.05
    assert 0.01 < t_rate < 0.05
    # a true difference is detected
    shifted = combined_f_5x2cv(error_differences=d[:2000] * 0.2 + 1.0)
    assert np.mean(shifted.pvalue < 0.05) > 0.9


def test_corrected_resampled_t_by_hand_and_against_cv_paired_t():
    d = np.array([0.04, 0.01, 0.03, 0.05, 0.00, 0.02, 0.03, 0.02])
    J, n1, n2 = d.size, 200, 100
    s2 = np.var(d, ddof=1)
    t = d.mean() / math.sqrt((1 / J + n2 / n1) * s2)
    r = corrected_resampled_t(error_differences=d, n_train=n1, n_test=n2)
    assert r.statistic == pytest.approx(t)
    assert r.pvalue == pytest.approx(2 * stats.t.sf(t, J - 1))
    assert r.df == J - 1
    half = stats.t.ppf(0.975, J - 1) * math.sqrt((1 / J + n2 / n1) * s2)
    assert (r.interval.low, r.interval.high) == pytest.approx((d.mean() - half, d.mean() + half))
    # the uncorrected statistic is larger by sqrt(1 + J·n2/n1)
    plain = quiet_cv_paired_t(error_differences=d).statistic
    assert plain / r.statistic == pytest.approx(math.sqrt(1 + J * n2 / n1))
    # a vanishing test share gives back the plain resampled t
    tiny = corrected_resampled_t(error_differences=d, n_train=10**12, n_test=1)
    assert tiny.statistic == pytest.approx(plain, rel=1e-9)


def test_corrected_resampled_t_vectorized():
    d = np.random.default_rng(2).normal(0, 0.02, size=(5, 15))
    r = corrected_resampled_t(error_differences=d, n_train=90, n_test=45)
    for i in range(5):
        assert r.pvalue[i] == pytest.approx(
            corrected_resampled_t(error_differences=d[i], n_train=90, n_test=45).pvalue
        )


# --------------------------------------------------------------------------------------------
# bad inputs


@pytest.mark.parametrize(
    "call,exc,match",
    [
        (lambda: kfold(10, 1, rng=0), ValueError, "k must be"),
        (lambda: kfold(10, 11, rng=0), ValueError, "k must not exceed n"),
        (lambda: kfold(10, 2.5, rng=0), ValueError, "k must be a whole number"),
        (lambda: kfold(1, 2, rng=0), ValueError, "n must be"),
        (lambda: kfold(10, 2, rng="seed"), TypeError, "rng must be"),
        (lambda: kfold(10, 2, rng=-1), ValueError, "rng must be"),
        (lambda: kfold(10, 2, rng=0, stratify=[0, 1]), ValueError, "stratify must hold"),
        (lambda: kfold([10, 20], 2, rng=0), ValueError, "n must be a single"),
        (lambda: holdout(10, 0.0, rng=0), ValueError, "test_fraction must be strictly"),
        (lambda: holdout(10, 1.0, rng=0), ValueError, "test_fraction must be strictly"),
        (lambda: holdout(10, -0.2, rng=0), ValueError, "test_fraction"),
        (lambda: holdout(10, float("nan"), rng=0), ValueError, "test_fraction"),
        (lambda: holdout(10, "1/3", rng=0), TypeError, "test_fraction"),
        (lambda: holdout(10, 0.01, rng=0), ValueError, "test_fraction=0.01 of n=10"),
        (lambda: holdout(10, 0.99, rng=0), ValueError, "both sets must be non-empty"),
        (lambda: holdout(10, 0.3, rng=1.5), TypeError, "rng must be"),
        (lambda: holdout(10, 0.3, rng=True), TypeError, "rng must be"),
        (lambda: random_subsampling(10, 0.3, 0, rng=0), ValueError, "repeats must be"),
        (lambda: random_subsampling(10, 1.3, 5, rng=0), ValueError, "test_fraction"),
        (lambda: leave_one_out(1), ValueError, "n must be"),
        (lambda: leave_one_out(-3), ValueError, "n must be"),
        (lambda: bootstrap(10, 0, rng=0), ValueError, "rounds must be"),
        (lambda: bootstrap(1, 5, rng=0), ValueError, "n must be"),
        (lambda: resubstitution(0), ValueError, "n must be"),
        (lambda: quiet_cv_paired_t(error_differences=[0.1]), ValueError, "at least 2 folds"),
        (
            lambda: quiet_cv_paired_t(error_differences=0.1),
            ValueError,
            "differences must be an array",
        ),
        (
            lambda: quiet_cv_paired_t(error_differences=[0.1, float("nan")]),
            ValueError,
            "differences must be finite",
        ),
        (lambda: quiet_cv_paired_t(error_differences=["a", "b"]), TypeError, "differences"),
        (lambda: quiet_cv_paired_t(error_differences="0.1 0.2"), TypeError, "differences"),
        (lambda: quiet_cv_paired_t(error_differences=[True, False]), TypeError, "differences"),
        (
            lambda: quiet_cv_paired_t(error_differences=[0.1, 0.2], confidence=95),
            ValueError,
            "confidence",
        ),
        (lambda: paired_t_5x2cv(error_differences=np.zeros((2, 5))), ValueError, r"shape \(5, 2\)"),
        (lambda: paired_t_5x2cv(error_differences=np.zeros(10)), ValueError, r"shape \(5, 2\)"),
        (
            lambda: combined_f_5x2cv(error_differences=np.zeros((5, 3))),
            ValueError,
            r"shape \(5, 2\)",
        ),
        (lambda: combined_f_5x2cv(error_differences=np.full((5, 2), np.inf)), ValueError, "finite"),
        (
            lambda: corrected_resampled_t(error_differences=[0.1, 0.2], n_train=0, n_test=10),
            ValueError,
            "n_train",
        ),
        (
            lambda: corrected_resampled_t(error_differences=[0.1, 0.2], n_train=10, n_test=0),
            ValueError,
            "n_test",
        ),
        (
            lambda: corrected_resampled_t(error_differences=[0.1], n_train=10, n_test=5),
            ValueError,
            "at least 2 splits",
        ),
        (
            lambda: corrected_resampled_t(
                error_differences=[0.1, 0.2], n_train=10, n_test=5, confidence=1.5
            ),
            ValueError,
            "confidence",
        ),
    ],
)
def test_bad_inputs_are_rejected(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_estimate_error_bad_inputs():
    X, y = toy_data(10)
    with pytest.raises(TypeError, match="fit_predict must be callable"):
        estimate_error("tree", X, y, kfold(10, 2, rng=0))
    with pytest.raises(ValueError, match="X and y must have the same number"):
        estimate_error(nb_fit_predict, X[:8], y, kfold(10, 2, rng=0))
    with pytest.raises(ValueError, match="y must be one label per item"):
        estimate_error(nb_fit_predict, X, y.reshape(5, 2), kfold(10, 2, rng=0))
    with pytest.raises(ValueError, match="splits must yield at least one"):
        estimate_error(nb_fit_predict, X, y, [])
    with pytest.raises(ValueError, match="splits: split 0 has an empty"):
        estimate_error(nb_fit_predict, X, y, [(np.arange(10), np.array([], dtype=int))])
    with pytest.raises(ValueError, match="splits must yield"):
        estimate_error(nb_fit_predict, X, y, [np.arange(10)])

    def wrong(X_train, y_train, X_test):
        return np.zeros(3)

    with pytest.raises(ValueError, match="fit_predict must return one label per test item"):
        estimate_error(wrong, X, y, kfold(10, 2, rng=0))
    with pytest.raises(ValueError, match="rounds must be"):
        bootstrap_632(nb_fit_predict, X, y, rounds=0, rng=0)


# --------------------------------------------------------------------------------------------
# notebook 05 and 09: advice and exercise texts agree with what the notebooks compute


REPO = Path(__file__).resolve().parent.parent


def _cells(stem):
    with open(REPO / "notebooks" / f"{stem}.ipynb", encoding="utf-8") as fh:
        return json.load(fh)["cells"]


def _outputs_text(cell):
    parts = []
    for out in cell.get("outputs", []):
        parts.append("".join(out.get("text", "")))
        parts.append("".join(out.get("data", {}).get("text/plain", "")))
    return "".join(parts)


def test_notebook_05_advice_follows_the_course_simulation():
    # Issue 20, point 2: the table of section 6 recommended the combined 5×2cv F for small data
    # although the course's own simulation (data/cv_type1_simulation.csv) shows the corrected
    # resampled t closer to the nominal level. The test the table recommends for small data
    # must be the one with the smallest worst-case rejection rate among the tests that train
    # on resampled data (McNemar on one holdout is the separate-test-set row).
    with open(REPO / "data" / "cv_type1_simulation.csv", encoding="utf-8") as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    worst = {}
    for row in rows:
        worst[row["test"]] = max(worst.get(row["test"], 0.0), float(row["rate"]))
    resampling_tests = {t: r for t, r in worst.items() if not t.startswith("McNemar")}
    best = min(resampling_tests, key=resampling_tests.get)
    assert best == "corrected resampled t"
    assert worst["combined 5x2cv F"] > worst[best] + 0.05
    text = "\n".join("".join(c["source"]) for c in _cells("05_cross_validation"))
    (small_data_row,) = [line for line in text.splitlines() if line.startswith("| small data")]
    assert f"**{best}**" in small_data_row
    assert "5×2cv F" not in small_data_row
    flowing = " ".join(text.split()).lower()
    assert "bengio and grandvalet (2004)" in flowing
    assert "no unbiased estimator of the variance of k-fold cross-validation" in flowing


def test_the_cv_simulation_meets_the_standard_error_and_the_text_states_its_rates():
    # data/cv_type1_simulation.csv: every rejection rate with a Monte-Carlo standard error of at
    # most 0.005 (the course's standard for a claim about size), and every rate that notebooks
    # 05 and 12 and evalkit.bayesian quote is the file's
    from evalkit import bayesian

    with open(REPO / "data" / "cv_type1_simulation.csv", encoding="utf-8") as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    assert len(rows) == 48
    for row in rows:
        runs, rejections = int(row["runs"]), int(row["rejections"])
        rate = rejections / runs
        assert f"{rate:.4f}" == row["rate"] and math.sqrt(rate * (1 - rate) / runs) <= 0.005, row
    rate = {(r["learner"], int(r["n"]), r["test"]): float(r["rate"]) for r in rows}
    nn, ncm = "1-nearest neighbour", "nearest class mean"

    def span(tests, learners, digits=1):
        values = [100 * v for (lr, _, t), v in rate.items() if t in tests and lr in learners]
        return f"{min(values):.{digits}f}–{max(values):.{digits}f} %"

    def most(tests, learners):
        return max(100 * v for (lr, _, t), v in rate.items() if t in tests and lr in learners)

    plain, corrected = "resampled t (30 × 2/3–1/3)", "corrected resampled t"
    repeated, repeated_corrected = "10×10-fold CV paired t", "corrected 10×10-fold CV t"
    others = {t for (_, _, t) in rate} - {plain, repeated}
    both = (nn, ncm)

    def flowing(stem: str) -> str:
        return " ".join(" ".join("".join(c["source"]) for c in _cells(stem)).split())

    notebook_05 = flowing("05_cross_validation")
    for claim in (
        f"rejects a true null in {span({plain}, both, 0)[:-2]} % of the data sets",
        f"10 × 10-fold CV ({span({repeated}, both, 0)})",
        f"(at most {most(others, (ncm,)):.1f} %)",
        f"the 10-fold CV paired t rejects {span({'10-fold CV paired t'}, (nn,), 0)} of the time",
        f"do too ({span({'5x2cv t', 'combined 5x2cv F'}, (nn,), 0)};",
        f"the combined F, {span({'combined 5x2cv F'}, (nn,), 0)},",
        f"rejects {span({corrected}, (nn,))} for 1-NN (from {most({plain}, (nn,)):.0f} %)",
        f"Frank {span({repeated_corrected}, (nn,))} (from {most({repeated}, (nn,)):.0f} %)",
        f"both at most {most({corrected, repeated_corrected}, (ncm,)):.1f} % for the nearest",
        f"holds its level throughout ({span({'McNemar (holdout)'}, both)})",
        f"with {int(rows[0]['runs']):,} data sets per setting".replace(",", " "),
    ):
        assert claim in notebook_05, claim
    notebook_12 = flowing("12_bayesian_comparison")
    docstring = " ".join(bayesian.correlated_t.__doc__.split())
    stated = (
        span({corrected}, (nn,))[:-2], span({repeated_corrected}, (nn,))[:-2],
        f"{most({corrected, repeated_corrected}, (ncm,)):.1f}",
    )  # fmt: skip
    assert f"**{stated[0]} %** of the data sets" in notebook_12
    assert f"**{stated[1]} %** with 10 × 10-fold CV (at most {stated[2]} %" in notebook_12
    assert f"it is {stated[0]} % with 30 random 2/3–1/3 splits and {stated[1]} % with" in docstring
    assert f"for the stable nearest class mean at most {stated[2]} %" in docstring


def test_the_bootstrap_coverage_script_simulates_notebook_09s_corpus_model():
    # benchmarks/precompute_bootstrap_coverage.py repeats the notebook's recognizer model; the
    # two must draw the same corpora from the same generator, or the file measures another model
    from evalkit.bootstrap import word_accuracy

    sys.path.insert(0, str(REPO / "benchmarks"))
    import precompute_bootstrap_coverage as script

    cells = _cells("09_bootstrap_any_metric")
    (source,) = [
        "".join(c["source"]) for c in cells if "def simulate_corpus" in "".join(c["source"])
    ]
    namespace = {"np": np, "word_accuracy": word_accuracy}
    exec(source.split("\nTRUE_ACC")[0], namespace)  # the definitions, not the cell's example
    assert "TRUE_ACC = 5 / 7" in source and script.TRUE_ACC == 5 / 7
    for seed in range(3):
        ours = script.simulate_corpus(60, np.random.default_rng(seed))
        theirs = namespace["simulate_corpus"](60, np.random.default_rng(seed))
        np.testing.assert_array_equal(ours, theirs)
        assert script.pooled_word_accuracy(ours) == namespace["pooled_word_accuracy"](theirs)


def test_notebook_09_quotes_the_bootstrap_coverage_measured_at_the_standard_error():
    # data/bootstrap_coverage.csv (benchmarks/precompute_bootstrap_coverage.py): notebook 09's
    # coverage simulation with every standard error at most 0.005; the notebook's reading of it
    # quotes the file (its live run, 300 test sets a case, cannot tell 95 % from 93 %)
    with open(REPO / "data" / "bootstrap_coverage.csv", encoding="utf-8") as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    coverage = {}
    for row in rows:
        covered, replicates = int(row["covered"]), int(row["replicates"])
        c = covered / replicates
        assert f"{c:.4f}" == row["coverage"] and math.sqrt(c * (1 - c) / replicates) <= 0.005
        coverage[row["case"], row["method"]] = c
    word, x9, x95 = (
        "word accuracy, 60 utterances", "accuracy, K = 30, x = 0.9", "accuracy, K = 30, x = 0.95",
    )  # fmt: skip
    cells = _cells("09_bootstrap_any_metric")
    text = " ".join(" ".join("".join(c["source"]) for c in cells).split())
    replicates = max(int(r["replicates"]) for r in rows if r["case"] == word)
    for quoted in (
        f"the {replicates} corpora of the precomputed run resolve it: percentile "
        f"{coverage[word, 'percentile']:.3f} and BCa {coverage[word, 'bca']:.3f}",
        f"independent trials covers only {coverage[word, 'words independent']:.3f}",
        f"percentile and BCa cover {coverage[x9, 'percentile']:.3f} and {coverage[x9, 'bca']:.3f}",
        f"Coverage drops to {coverage[x95, 'percentile']:.3f} (percentile) and "
        f"{coverage[x95, 'bca']:.3f} (BCa)",
        f"({100 * coverage[word, 'percentile']:.1f} % with 60 utterances here)",
    ):
        assert quoted in text, quoted
    # the bootstrap of 60 utterances covers less than it promises: the advice says so
    assert coverage[word, "percentile"] < 0.95 - 2 * 0.005


ESTIMATES = [".632+", ".632 ", "leave-one-out bootstrap", "bca", "percentile", "clopper-pearson"]


def _normalise(text):
    return text.lower().replace("–", "-").replace("\u2011", "-")


@pytest.mark.parametrize("stem", ["05_cross_validation", "09_bootstrap_any_metric"])
def test_exercise_solutions_quote_what_their_code_computes(stem):
    # Issue 20, point 10: a solution's text must talk about what its code prints. Every
    # estimate a solution names is printed by the exercise's solution code, and every decimal
    # number it quotes appears, rounded to the quoted digits, in that output (0.632 and 0.368
    # are the .632 weights).
    cells = _cells(stem)
    checked = 0
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "markdown" or "solution" not in cell["metadata"].get("tags", []):
            continue
        code = [c for c in cells[max(0, i - 1) : i + 2] if c["cell_type"] == "code"]
        code = [c for c in code if "solution" in c["metadata"].get("tags", [])]
        if not code:
            continue
        printed = _normalise(" ".join(_outputs_text(c) for c in code))
        solution = _normalise("".join(cell["source"]))
        for name in ESTIMATES:
            if name in solution:
                assert name in printed, (
                    f"{stem}: the solution names {name!r}; its code never prints it"
                )
        numbers = [float(x) for x in re.findall(r"\d+\.\d+", printed)]
        for match in re.finditer(r"(?<![\d.])(\d+\.(\d+))(?![\d.])", solution):
            value, digits = float(match.group(1)), len(match.group(2))
            if value in (0.632, 0.368):
                continue
            assert any(round(x, digits) == value for x in numbers), (
                f"{stem}: the solution quotes {match.group(1)}, which its output does not show"
            )
        checked += 1
    assert checked >= 2


def _notebook_namespace(stem, cell_ids):
    """Run the given code cells of a notebook (in its folder, figures off screen); their names."""
    if str(REPO / "tools") not in sys.path:
        sys.path.insert(0, str(REPO / "tools"))
    from cells import notebook_namespace

    return notebook_namespace(REPO / "notebooks" / f"{stem}.ipynb", cell_ids)


def _call_quietly(function, *args):
    """What a widget's function prints, and the pictures it displays (LiveFigure PNGs)."""
    import contextlib
    import io
    from unittest import mock

    import matplotlib.pyplot as plt

    printed, shown = io.StringIO(), []
    try:
        with (
            contextlib.redirect_stdout(printed),
            mock.patch("IPython.display.display", side_effect=shown.append),
        ):
            function(*args)
    finally:
        plt.close("all")
    return printed.getvalue(), shown


def _one_png(shown) -> bool:
    return len(shown) == 1 and getattr(shown[0], "data", b"")[:4] == b"\x89PNG"


@pytest.mark.slow
def test_notebook_05_widget_works_at_both_ends_of_every_control():
    # Issue 21: every setting of the widget of section 7 draws (no traceback, no warning); the
    # cells are those that benchmarks/precompute_cv_spread.py runs to compute the widget's
    # table, then the figure's
    if str(REPO / "benchmarks") not in sys.path:
        sys.path.insert(0, str(REPO / "benchmarks"))
    from precompute_cv_spread import CELLS

    ns = _notebook_namespace(
        "05_cross_validation", [*CELLS, ("db52032c", None), ("f4565a2d", None)]
    )
    settings_ = [
        (k, n, learner) for k in (2, 20) for n in (30, 400) for learner in ns["WIDGET_LEARNERS"]
    ]
    for k, n, learner in [*settings_, (5, 100, "naive Bayes")]:
        printed, shown = _call_quietly(ns["draw_cv_spread"], k, n, learner)
        assert printed == "" and _one_png(shown), (k, n, learner)
    # Issue 27: the widget reads data/cv_spread_widget.csv; it holds every setting of the
    # controls, and the corner settings computed now by the notebook's code are the table's
    table = ns["CV_SPREAD"]
    assert set(table) == {
        (k, n, learner)
        for k in (2, 3, 5, 10, 20)
        for n in (30, 60, 100, 200, 400)
        for learner in ns["WIDGET_LEARNERS"]
    }
    assert all(len(column) == 20 for columns in table.values() for column in columns)
    # every corner of (k, n), each with another learner
    for k, n, learner in settings_[:: len(ns["WIDGET_LEARNERS"]) + 1]:
        now = ns["compute_cv_spread"](k, n, learner)
        for computed, stored in zip(now, table[(k, n, learner)], strict=True):
            np.testing.assert_allclose(computed, stored, rtol=1e-12, atol=0)


@pytest.mark.slow
def test_notebook_09_widget_works_at_both_ends_of_every_control():
    ns = _notebook_namespace(
        "09_bootstrap_any_metric",
        [("ee099415", None), ("ff9893a1", None), ("7419e421", None), ("a4c36220", None)],
    )
    for n_items in (10, 500, 1000):
        for method in ("percentile", "bca"):
            for confidence in (0.9, 0.95, 0.99):
                printed, shown = _call_quietly(
                    ns["draw_accuracy_intervals"], n_items, method, confidence
                )
                assert f"of {n_items} correct" in printed and _one_png(shown)


# --------------------------------------------------------------------------------------------
# issue 44: rng=None everywhere, the Monte-Carlo error of the bootstrap estimates, repr


def test_rng_defaults_to_none_and_draws_fresh_entropy():
    # regression: holdout, random_subsampling, bootstrap and bootstrap_632 required rng
    first = [te.tolist() for _, te in holdout(40, 0.25)]
    again = [te.tolist() for _, te in holdout(40, 0.25)]
    assert first != again  # fresh entropy (equal with probability 1/C(40, 10))
    assert len(list(random_subsampling(10, 0.3, 3))) == 3
    assert len(list(bootstrap(10, 4))) == 4
    assert [te.tolist() for _, te in kfold(6, 3)] == [[0, 1], [2, 3], [4, 5]]  # None: in order
    seeded = [te.tolist() for _, te in holdout(40, 0.25, rng=np.random.default_rng(7))]
    assert seeded == [te.tolist() for _, te in holdout(40, 0.25, rng=7)]


def test_bootstrap_632_monte_carlo_error_matches_the_spread_over_seeds():
    # Measured: the SD of the .632 and .632+ estimates over 120 seeds (B = 40 rounds, the same
    # data) against the mean jackknife-over-rounds SE. The SD of an SD from 120 draws is ≈ 6.5 %;
    # the jackknife SE is itself a little noisy, so we require a ratio in 0.7-1.4.
    rng = np.random.default_rng(50)
    X = rng.normal(size=(30, 2))
    y = (X[:, 0] + 0.8 * rng.normal(size=30) > 0).astype(int)
    results = [bootstrap_632(one_nn, X, y, rounds=40, rng=seed) for seed in range(120)]
    for field, se in (
        ("error", "mc_standard_error"),
        ("error_632plus", "mc_standard_error_632plus"),
    ):
        spread = np.std([getattr(r, field) for r in results], ddof=1)
        estimated = np.mean([getattr(r, se) for r in results])
        assert 0.7 < estimated / spread < 1.4, (field, estimated, spread)


def test_result_classes_have_a_short_repr_and_an_html_table():
    rng = np.random.default_rng(51)
    X = rng.normal(size=(25, 2))
    y = (X[:, 0] > 0).astype(int)
    est = bootstrap_632(one_nn, X, y, rounds=30, rng=0)
    text = repr(est)
    assert text.startswith("Bootstrap632(error=") and "mc_standard_error=" in text
    assert len(text) < 300 and "round_errors" not in text
    assert ">mc_standard_error_632plus</th>" in est._repr_html_()
    cv = estimate_error(one_nn, X, y, kfold(25, 5, rng=0))
    assert repr(cv).startswith("ErrorEstimate(error=") and len(repr(cv)) < 300
    assert "<table" in cv._repr_html_()


def test_cv_tests_name_their_estimate_and_the_sign_that_favours_a():
    errors_a = np.array([0.05, 0.02, 0.04, 0.06, 0.03]) + 0.1
    errors_b = np.full(5, 0.1)
    e52 = np.array([[0.02, 0.04], [0.03, 0.01], [0.05, 0.03], [0.00, 0.02], [0.04, 0.04]])
    by_errors = [
        quiet_cv_paired_t(error_differences=errors_a - errors_b),
        corrected_resampled_t(error_differences=errors_a - errors_b, n_train=80, n_test=20),
        paired_t_5x2cv(error_differences=e52),
        combined_f_5x2cv(error_differences=e52),
    ]
    for r in by_errors:
        assert r.estimate_name == "mean error-rate difference A − B (< 0: A better)"
        assert "mean error-rate difference A − B (< 0: A better) = " in str(r)
    by_accuracy = [
        quiet_cv_paired_t(scores_a=1 - errors_a, scores_b=1 - errors_b),
        corrected_resampled_t(1 - errors_a, 1 - errors_b, n_train=80, n_test=20),
        paired_t_5x2cv(0.9 - e52, np.full((5, 2), 0.9)),
        combined_f_5x2cv(0.9 - e52, np.full((5, 2), 0.9)),
    ]
    for r in by_accuracy:
        assert r.estimate_name == "mean score difference A − B (> 0: A better)"
        assert r.estimate < 0  # B makes fewer errors: the estimate says B is better
    lower = corrected_resampled_t(errors_a, errors_b, n_train=80, n_test=20, higher_is_better=False)
    assert lower.estimate_name == "mean score difference A − B (< 0: A better)"


# --------------------------------------------------------------------------------------------
# issue 57: one convention for the cross-validation tests, (scores_a, scores_b, *, ...)

ERRORS_A = np.array([0.12, 0.10, 0.15, 0.09, 0.11, 0.14, 0.10, 0.13, 0.12, 0.08])
ERRORS_B = np.array([0.10, 0.11, 0.12, 0.08, 0.10, 0.12, 0.11, 0.10, 0.11, 0.08])
E5X2_A = ERRORS_A.reshape(5, 2)
E5X2_B = ERRORS_B.reshape(5, 2)


def _same(r1, r2, sign=1.0):
    """The same test result, up to the sign of d̄ (accuracies instead of error rates)."""
    assert r1.pvalue == pytest.approx(r2.pvalue, rel=1e-12, abs=1e-300)
    assert r1.statistic == pytest.approx(sign * r2.statistic, rel=1e-12)
    assert r1.estimate == pytest.approx(sign * r2.estimate, rel=1e-12, abs=1e-15)
    assert r1.df == r2.df
    if r1.interval is not None:
        ends = (r2.interval.low, r2.interval.high)
        expected = ends if sign > 0 else (-ends[1], -ends[0])
        assert (r1.interval.low, r1.interval.high) == pytest.approx(expected, rel=1e-12)


def _old_form(function, *args, **kwargs):
    with pytest.warns(FutureWarning, match="is the old form, differences of error rates"):
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "cv_paired_t treats", UserWarning)
            return function(*args, **kwargs)


def test_the_old_difference_forms_still_give_identical_results_and_warn():
    d, d52 = ERRORS_A - ERRORS_B, E5X2_A - E5X2_B
    pairs = [
        (_old_form(cv_paired_t, d), quiet_cv_paired_t(error_differences=d)),
        (_old_form(cv_paired_t, d, 0.9), quiet_cv_paired_t(error_differences=d, confidence=0.9)),
        (_old_form(cv_paired_t, differences=d), quiet_cv_paired_t(error_differences=d)),
        (
            _old_form(corrected_resampled_t, d, 90, 10, 0.9),
            corrected_resampled_t(error_differences=d, n_train=90, n_test=10, confidence=0.9),
        ),
        (
            _old_form(corrected_resampled_t, d, n_train=90, n_test=10),
            corrected_resampled_t(error_differences=d, n_train=90, n_test=10),
        ),
        (
            _old_form(corrected_resampled_t, differences=d, n_train=90, n_test=10),
            corrected_resampled_t(error_differences=d, n_train=90, n_test=10),
        ),
        (_old_form(paired_t_5x2cv, d52), paired_t_5x2cv(error_differences=d52)),
        (_old_form(combined_f_5x2cv, differences=d52), combined_f_5x2cv(error_differences=d52)),
    ]
    for old, new in pairs:
        assert old.statistic == new.statistic and old.pvalue == new.pvalue  # bit for bit
        assert old.estimate == new.estimate
        if old.interval is not None:
            assert (old.interval.low, old.interval.high) == (new.interval.low, new.interval.high)
        assert old.interval is None or old.interval.confidence == new.interval.confidence


def test_scores_give_the_results_of_their_differences():
    # error rates as scores (lower is better): exactly the old test on e_A − e_B
    d, d52 = ERRORS_A - ERRORS_B, E5X2_A - E5X2_B
    same_data = [
        (
            quiet_cv_paired_t(scores_a=ERRORS_A, scores_b=ERRORS_B, higher_is_better=False),
            quiet_cv_paired_t(error_differences=d),
        ),
        (
            corrected_resampled_t(
                ERRORS_A, ERRORS_B, n_train=90, n_test=10, higher_is_better=False
            ),
            corrected_resampled_t(error_differences=d, n_train=90, n_test=10),
        ),
        (
            paired_t_5x2cv(E5X2_A, E5X2_B, higher_is_better=False),
            paired_t_5x2cv(error_differences=d52),
        ),
        (
            combined_f_5x2cv(E5X2_A, E5X2_B, higher_is_better=False),
            combined_f_5x2cv(error_differences=d52),
        ),
    ]
    for scores, differences in same_data:
        _same(scores, differences)
    # accuracies 1 − e: the same p-values; t, d̄ and the interval change sign (F does not)
    accuracies = [
        quiet_cv_paired_t(scores_a=1 - ERRORS_A, scores_b=1 - ERRORS_B),
        corrected_resampled_t(1 - ERRORS_A, 1 - ERRORS_B, n_train=90, n_test=10),
        paired_t_5x2cv(1 - E5X2_A, 1 - E5X2_B),
    ]
    for acc, (_, differences) in zip(accuracies, same_data, strict=False):
        _same(acc, differences, sign=-1.0)
    f = combined_f_5x2cv(1 - E5X2_A, 1 - E5X2_B)
    assert f.statistic == pytest.approx(same_data[3][1].statistic, rel=1e-12)


def test_cross_val_score_accuracies_against_scipys_paired_t():
    # what a scikit-learn user has: two arrays of fold accuracies on the same folds
    X, y = toy_data(120)
    cv = StratifiedKFold(n_splits=10, shuffle=True, random_state=0)
    acc_a = cross_val_score(DecisionTreeClassifier(max_depth=2, random_state=0), X, y, cv=cv)
    acc_b = cross_val_score(GaussianNB(), X, y, cv=cv)
    ours = quiet_cv_paired_t(scores_a=acc_a, scores_b=acc_b)
    ref = stats.ttest_rel(acc_a, acc_b)  # the plain paired t on the fold scores
    assert ours.statistic == pytest.approx(ref.statistic, rel=1e-10)
    assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-9)
    assert ours.estimate == pytest.approx(np.mean(acc_a - acc_b))
    # the corrected test with folds=10 is the same statistic divided by sqrt(1 + k/(k − 1))
    corrected = corrected_resampled_t(acc_a, acc_b, runs=1, folds=10)
    assert corrected.statistic == pytest.approx(ref.statistic / math.sqrt(1 + 10 / 9), rel=1e-10)


@pytest.mark.parametrize(
    ("design", "ratio"),
    [
        ({"n_train": 90, "n_test": 10}, 10 / 90),
        ({"test_fraction": 0.1}, 0.1 / 0.9),
        ({"runs": 1, "folds": 10}, 1 / 9),
        ({"runs": 2, "folds": 5}, 1 / 4),
        ({"test_fraction": 1 / 3}, 0.5),
    ],
)
def test_corrected_resampled_t_takes_the_designs_of_correlated_t(design, ratio):
    r = corrected_resampled_t(1 - ERRORS_A, 1 - ERRORS_B, **design)
    s2 = np.var(ERRORS_A - ERRORS_B, ddof=1)
    expected = np.mean(ERRORS_B - ERRORS_A) / math.sqrt((1 / 10 + ratio) * s2)
    assert r.statistic == pytest.approx(expected, rel=1e-12)
    assert r.details["test_to_train"] == pytest.approx(ratio, rel=1e-12)


def test_test_fraction_and_the_sizes_agree_when_they_mean_the_same_split():
    sizes = corrected_resampled_t(1 - ERRORS_A, 1 - ERRORS_B, n_train=60, n_test=30)
    fraction = corrected_resampled_t(1 - ERRORS_A, 1 - ERRORS_B, test_fraction=1 / 3)
    assert fraction.pvalue == pytest.approx(sizes.pvalue, rel=1e-12)


@pytest.mark.parametrize(
    ("call", "exc", "match"),
    [
        (lambda: corrected_resampled_t(ERRORS_A, ERRORS_B), ValueError, "got none of them"),
        (
            lambda: corrected_resampled_t(ERRORS_A, ERRORS_B, n_train=9, n_test=1, folds=10),
            ValueError,
            "got n_train and n_test and runs and folds",
        ),
        (
            lambda: corrected_resampled_t(ERRORS_A, ERRORS_B, runs=2, folds=10),
            ValueError,
            r"runs × folds must equal the number of splits \(10\)",
        ),
        (
            lambda: corrected_resampled_t(ERRORS_A, ERRORS_B, folds=10),
            ValueError,
            "runs is missing",
        ),
        (
            lambda: corrected_resampled_t(ERRORS_A, ERRORS_B, n_train=9),
            ValueError,
            "n_test is missing",
        ),
        (
            lambda: corrected_resampled_t(ERRORS_A, ERRORS_B, test_fraction=1.0),
            ValueError,
            "test_fraction must be strictly between 0 and 1",
        ),
        (
            lambda: corrected_resampled_t(ERRORS_A, ERRORS_B, test_fraction="1/3"),
            TypeError,
            "test_fraction must be a number",
        ),
        (
            lambda: corrected_resampled_t(ERRORS_A, ERRORS_B, 9, 1),
            TypeError,
            "the design as keywords",
        ),
        (
            lambda: corrected_resampled_t(ERRORS_A, ERRORS_B[:5], test_fraction=0.1),
            ValueError,
            r"scores_a and scores_b must have the same shape .* got \(10,\) and \(5,\)",
        ),
        (
            lambda: paired_t_5x2cv(E5X2_A, E5X2_B, error_differences=E5X2_A),
            TypeError,
            "not both",
        ),
        (lambda: paired_t_5x2cv(), TypeError, "needs the per-split scores"),
        (lambda: paired_t_5x2cv(scores_b=E5X2_B), TypeError, "scores_b needs scores_a"),
        (
            lambda: combined_f_5x2cv(E5X2_A, E5X2_B, higher_is_better="yes"),
            TypeError,
            "higher_is_better must be True",
        ),
        (
            lambda: combined_f_5x2cv(error_differences=E5X2_A, higher_is_better=False),
            ValueError,
            "lower-is-better already",
        ),
        (
            lambda: paired_t_5x2cv(ERRORS_A, ERRORS_B),
            ValueError,
            r"scores_a and scores_b must have shape \(5, 2\)",
        ),
        (
            lambda: quiet_cv_paired_t(scores_a=ERRORS_A[:1], scores_b=ERRORS_B[:1]),
            ValueError,
            "scores_a and scores_b must hold at least 2 folds",
        ),
        (
            lambda: quiet_cv_paired_t(scores_a=["a"] * 3, scores_b=ERRORS_B[:3]),
            TypeError,
            "scores_a must be an array of numbers",
        ),
    ],
)
def test_the_cv_tests_refuse_unclear_inputs(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_cv_paired_t_warns_at_every_call_with_its_measured_size():
    from evalkit import atlas
    from evalkit.resampling import CV_PAIRED_T_SIZE

    size = atlas.summary("resampling.cv_paired_t", "-", "size")
    assert CV_PAIRED_T_SIZE == (round(size.minimum, 3), round(size.maximum, 3))
    assert f"{CV_PAIRED_T_SIZE[0]:.3f} ± " in cv_paired_t.__doc__
    assert f"{CV_PAIRED_T_SIZE[1]:.3f} ± " in cv_paired_t.__doc__
    for _ in range(3):  # every call, not once per place
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            cv_paired_t(1 - ERRORS_A, 1 - ERRORS_B)
        (w,) = [w for w in caught if issubclass(w.category, UserWarning)]
        text = str(w.message)
        low, high = (f"{value:.0%}" for value in CV_PAIRED_T_SIZE)
        assert f"rejects a true null in {low} to {high} of data sets" in text
        assert "corrected_resampled_t(scores_a, scores_b" in text
        assert w.filename == __file__  # it names the caller's line, not evalkit's
    # a bad input fails before the warning
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match="at least 2 folds"):
            cv_paired_t(error_differences=[0.1])


def test_the_other_cv_tests_do_not_warn():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        corrected_resampled_t(1 - ERRORS_A, 1 - ERRORS_B, runs=1, folds=10)
        paired_t_5x2cv(1 - E5X2_A, 1 - E5X2_B)
        combined_f_5x2cv(1 - E5X2_A, 1 - E5X2_B)


def test_the_t_tails_and_quantiles_are_scipy_stats_to_the_last_bit():
    # the z and t tests and the clustered intervals call scipy.special's ndtr/stdtr and
    # ndtri/stdtrit directly (evalkit._tails), the functions scipy.stats.norm and t run for
    # cdf/sf and ppf, to skip their per-call argument handling
    from evalkit._tails import tail_pvalue, two_sided_quantile
    from evalkit.clustered import _quantile

    statistics = np.array([0.0, 1e-300, 0.3, -2.0, 50.0, np.inf, -np.inf, np.nan])
    for df in (None, 1, 2, 4, 9, 29, 99, 10**6):
        dist = stats.norm if df is None else stats.t(df)
        np.testing.assert_array_equal(tail_pvalue(statistics, "greater", df), dist.sf(statistics))
        np.testing.assert_array_equal(tail_pvalue(statistics, "less", df), dist.cdf(statistics))
        np.testing.assert_array_equal(
            tail_pvalue(statistics, "two-sided", df), 2.0 * dist.sf(np.abs(statistics))
        )
        for confidence in (0.5, 0.8, 0.9, 0.95, 0.99, 0.999999):
            assert two_sided_quantile(confidence, df) == dist.ppf(0.5 + confidence / 2)
            if df is not None:
                assert _quantile(confidence, df + 1, "t") == dist.ppf(0.5 + confidence / 2)
    differences = np.array([0.02, -0.01, 0.03, 0.05, 0.0, 0.01, 0.04, -0.02, 0.02, 0.03])
    for confidence in (0.9, 0.95, 0.99):
        result = quiet_cv_paired_t(error_differences=differences, confidence=confidence)
        se = result.estimate / result.statistic
        half = stats.t.ppf(0.5 + confidence / 2, 9) * se
        assert result.interval.low == pytest.approx(result.estimate - half, rel=1e-14)
        assert result.interval.high == pytest.approx(result.estimate + half, rel=1e-14)
        assert result.pvalue == 2.0 * stats.t.sf(abs(result.statistic), 9)
